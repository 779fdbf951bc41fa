"""Conformance: the Non-player AUC flowchart (8.6) node by node, on hand-made positions.
Each test quotes the French rule (seeds/002) with its translation, names the node in its
marker and checks the outcome."""

from __future__ import annotations

import pytest

from core.map import MAP
from core.pieces import Faction, Piece
from core.rules.insurgent_ops import Ambush, Attack, March, Rally, Terror
from core.rules.insurgent_special import Assassinate, Extort
from tests.conformance.s8 import after, visited
from tests.helpers import blank_state, place, position, put, sid
from tests.test_np_auc import FARC_B, FARC_U, oppose, run

A = Faction.AUC


@pytest.mark.s8(node="AUC:rally_q", rule="8.6.1 (yes)")
@pytest.mark.s8(node="AUC:rally", rule="8.6.1 bullets 1, 3")
@pytest.mark.s8(node="AUC:extort", rule="8.6.1 Extort")
def test_rally_base_then_farc_base_space_then_random_and_extort() -> None:
    # 8.6.1 « Si les AUC possèdent au moins 6 Guérillas disponibles ..., ralliez dans au
    # maximum 3 des Départements ou Métropoles suivants (sans Opposition) »: bullet 1
    # « remplacez 2 Guérillas par une Base » (Santander); bullet 3 « placez des Guérillas
    # dans n'importe quels autres possédant des Bases FARC ..., et enfin dans un autre
    # ... (au hasard) » (Huila, then chart 1,1,1 = Cali). EXTORSION « partout où cela est
    # possible (où les forces des AUC ... sont en nombre supérieur par rapport aux
    # ennemis) »: Cali only (Huila: 1 AUC against 1 FARC Base; Santander: no Guerrilla).
    state = position({"Santander": "2AU", "Huila": "1FB"})
    action, bot = run(state, [1, 1, 1])
    assert visited(bot) == ["rally_q", "rally", "extort"]
    assert isinstance(action.op, Rally)
    assert action.op.steps == ((sid("Santander"), "base", 0, ()), (sid("Huila"), "place", 1, ()),
                               (sid("Cali"), "place", 1, ()))
    assert action.special == Extort(where=(sid("Cali"),))


@pytest.mark.s8(node="AUC:rally_q", rule="8.6.1 (no)")
@pytest.mark.s8(node="AUC:march_q", rule="8.6.2 (yes)")
@pytest.mark.s8(node="AUC:march", rule="8.6.2")
@pytest.mark.s8(node="AUC:extort", rule="8.6.2 EXTORT per 8.6.1")
def test_march_into_the_farc_base_then_extort() -> None:
    # 8.6.2 « s'il y a moins de la moitié des zones contenant des Bases FARC qui possèdent
    # des Guérillas des AUC, réalisez à la place une Marche dans une Métropole ou un
    # Département ... possédant des pièces des FARC — une Base FARC si possible — et
    # aucune Guérilla des AUC »; « Marchez avec toutes les Guérillas AUC adjacentes »:
    # both from Antioquia into Huila (0 of 1 FARC-Base spaces has AUC). Then Extort:
    # 2 AUC against 1 FARC Base in Huila.
    state = position({"Antioquia": "2AU"})
    oppose(state, "Antioquia")  # no Rally there: the Rally condition fails
    put(state, "Huila", FARC_B)
    action, bot = run(state, [], few=True)
    assert visited(bot) == ["rally_q", "march_q", "march", "extort"]
    assert isinstance(action.op, March)
    assert action.op.groups == ((sid("Antioquia"), sid("Huila"), 2, 0, 0),)
    assert action.special == Extort(where=(sid("Huila"),))


@pytest.mark.s8(node="AUC:march", rule="8.6.2 with 8.1.2 bullet 6: Activation unavoidable")
def test_march_activation_unavoidable_still_marches() -> None:
    # 8.6.2 « Marchez avec toutes les Guérillas AUC adjacentes (dans les limites décrites
    # en 8.1.2) »; 8.1.2 « Lorsqu'une Activation ne peut pas être évitée, déplacez d'abord
    # les pièces Actives » (an order, not a filter); 8.1.1 « Effectuez le maximum ».
    # Huila (Support, 3 Police) is the only destination: both Underground AUC Guerrillas
    # March there and are Activated; the March does not turn into a Rally.
    state = position({"Antioquia": "2AU"})
    oppose(state, "Antioquia")
    place(state, {"Huila": "3P 1FB"}, support={"Huila": 1})
    action, bot = run(state, [1, 1, 1], few=True)
    assert isinstance(action.op, March), "\n".join(bot.trace.lines())
    assert action.op.groups == ((sid("Antioquia"), sid("Huila"), 2, 0, 0),)


@pytest.mark.s8(node="AUC:march", rule="8.6.2 leave 1 (AUC Base or FARC piece)")
def test_march_leaves_one_only_where_an_auc_base_or_a_farc_piece_stands() -> None:
    # 8.6.2 « Marchez avec toutes les Guérillas AUC adjacentes ..., mais laissez en 1 par
    # zone ayant une Base AUC ou n'importe quel type de pièce FARC » (docs/readings.md
    # #r-march-base): Antioquia holds only a Cartels Base, so both its Guerrillas go;
    # Santander (an AUC Base) and Meta West (a FARC Guerrilla) keep 1 each.
    state = position({"Antioquia": "2AU 1CB"})
    oppose(state, "Antioquia")
    put(state, "Huila", FARC_B)
    action, _ = run(state, [], few=True)
    assert isinstance(action.op, March)
    assert action.op.groups == ((sid("Antioquia"), sid("Huila"), 2, 0, 0),)
    state = position({"Antioquia": "2AU 1CB", "Santander": "2AU 1AB", "Meta West": "2AU 1FA"})
    oppose(state, "Antioquia", "Santander", "Meta West")
    put(state, "Huila", FARC_B)
    action, _ = run(state, [], few=True)
    assert isinstance(action.op, March)
    moved = {g[0]: g[2] + g[3] for g in action.op.groups}
    assert moved == {sid("Antioquia"): 2, sid("Santander"): 1, sid("Meta West"): 1}


@pytest.mark.s8(node="AUC:march", rule="8.6.2 all adjacent Guerrillas, none Underground")
def test_march_moves_every_active_guerrilla_when_none_is_underground() -> None:
    # 8.6.2 « Marchez avec toutes les Guérillas AUC adjacentes (dans les limites décrites
    # en 8.1.2) »; 8.1.2 « déplacez autant de Guérillas Dormantes que possible sans les
    # retourner » limits a group only to keep its Underground Guerrillas Underground.
    # Meta West (Active Opposition, 2 FARC Guerrillas: a group of 2+ AUC is Activated,
    # 3.3.2) next to Huila's 7 Active AUC Guerrillas: none is Underground, all 7 go
    # (formerly only 1, the group capped as if it had Underground Guerrillas to keep).
    state = position({"Huila": "7AA", "Meta West": "2FU"}, support={"Meta West": -2})
    oppose(state, "Huila")
    action, bot = run(state, [], few=True)
    assert isinstance(action.op, March), "\n".join(bot.trace.lines())
    assert action.op.groups == ((sid("Huila"), sid("Meta West"), 0, 7, 0),)
    assert after(state, A, action).active(sid("Meta West"), A) == 7


@pytest.mark.s8(node="AUC:march_q", rule="8.6.2 (no)")
@pytest.mark.s8(node="AUC:terror_q", rule="8.6.4 (yes)")
@pytest.mark.s8(node="AUC:terror", rule="8.6.4 bullets 1-2")
@pytest.mark.s8(node="AUC:assassinate", rule="8.6.4 Assassinate")
def test_terror_farc_base_then_farc_pieces_then_assassinate() -> None:
    # 8.6.4 « si une zone ne possède pas de Base FARC et une Guérilla Dormante AUC »,
    # read as "has" (docs/readings.md#r-auc-terror-condition: the complement of 8.6.3
    # « si aucune zone ne contient de Base FARC avec une Guérilla AUC Dormante ... une
    # Attaque »): Huila has both -> Terror:
    # « Tout d'abord, dans une zone contenant une Base FARC » (Huila); « Puis, dans une
    # autre ... contenant des pièces FARC » (Cesar). ASSASSINAT « où le nombre de Guérillas
    # AUC est supérieur au nombre d'unités de Police ... éliminez les FARC » in 8.1.2
    # order: the FARC Base in Huila, the FARC Guerrilla in Cesar.
    state = position({"Huila": "1FB 1AU", "Cesar": "1FU 1AU"})
    action, bot = run(state, [], few=True)
    assert visited(bot) == ["rally_q", "march_q", "terror_q", "terror", "assassinate"]
    assert isinstance(action.op, Terror)
    assert action.op.where == (sid("Huila"), sid("Cesar"))
    assert isinstance(action.special, Assassinate)
    board = after(state, A, action)
    assert board.bases(sid("Huila"), Faction.FARC) == 0
    assert board.guerrillas(sid("Cesar"), Faction.FARC) == 0


@pytest.mark.s8(node="AUC:attack", rule="8.6.3 with 8.2 bullet 3: Ecuador before LoCs")
def test_attack_takes_ecuador_before_locs_of_equal_priority() -> None:
    # 8.6.3 « Attaque dans au maximum 3 zones ... en sélectionnant d'abord les zones avec
    # le plus de Guérillas AUC »; 8.2 « Si le Panamá ou l'Équateur ... est l'un des espaces
    # possibles (1.3.5), sélectionnez le avant tout autre espace » (docs/readings.md
    # #r-mixed-pool). Ecuador (in play) and 3 LoCs, each with 1 Underground AUC and 1 FARC
    # Guerrilla: Ecuador is taken first, then 2 of the LoCs by 8.3. Formerly the 3 LoCs
    # were taken and never Ecuador.
    state = position({"Ecuador": "1AU 1FU", "Cali-Pasto LoC": "1AU 1FU",
                      "Pasto-Tumaco LoC": "1AU 1FU", "Neiva-Pasto LoC": "1AU 1FU"})
    state.foreign_in_play.append(MAP.ECUADOR)
    action, bot = run(state, [1, 1, 1] * 4 + [1] * 6, few=True)
    assert isinstance(action.op, Attack), "\n".join(bot.trace.lines())
    where = [space for space, _ in action.op.targets]
    assert len(where) == 3 and where[0] == MAP.ECUADOR


@pytest.mark.s8(node="AUC:terror", rule="8.1 0 Resources mid-Operation")
@pytest.mark.s8(bullet="8.1 bullet 4 mid-operation")
@pytest.mark.s8(node="AUC:assassinate", rule="8.1: the Special Activity still follows")
def test_terror_stops_at_zero_resources_assassinate_follows() -> None:
    # 8.1 « Si une Faction Non-Joueur atteint 0 Ressource lors de l'exécution d'une
    # Opération, elle n'en effectue plus ... (elle peut quand même exécuter une Activité
    # Spéciale) »: 1 Resource: Terror in Huila only (bullet 1), then Assassinate there.
    state = blank_state()
    state.resources[A] = 1
    place(state, {"Huila": "1FB 1AU", "Cesar": "1FU 1AU"})
    action, _ = run(state, [], few=True)
    assert isinstance(action.op, Terror) and action.op.where == (sid("Huila"),)
    assert action.special == Assassinate(where=(sid("Huila"),), targets=(int(FARC_B),))


@pytest.mark.s8(node="AUC:terror_q", rule="8.6.4 (no)")
@pytest.mark.s8(node="AUC:attack", rule="8.6.3")
@pytest.mark.s8(node="AUC:ambush", rule="8.6.3 Ambush")
def test_attack_most_auc_first_then_ambush_where_fewest() -> None:
    # 8.6.3 « Attaquez là où de telles cibles sont accessibles ... et où il y a une Guérilla
    # AUC Dormante ou au moins 3 Guérillas AUC au total, en sélectionnant d'abord les zones
    # avec le plus de Guérillas AUC »; « Ciblez ... les FARC, puis le Gouvernement »: Cesar
    # (3 Active AUC, Police) first, then Huila (1 Underground AUC, FARC Guerrilla).
    # EMBUSCADE « dans l'une des zones ... ayant le moins de Guérillas AUC »: Huila.
    state = position({
        "Meta West": "1FB 1AA",  # 1 of 1 FARC-Base spaces has AUC: no March; Active: no Terror
        "Huila": "1FU 1AU",
        "Cesar": "1P 3AA",
    })
    oppose(state, "Huila", "Cesar")
    action, bot = run(state, [], few=True)
    assert visited(bot) == ["rally_q", "march_q", "terror_q", "attack", "ambush"]
    assert isinstance(action.op, Attack)
    assert action.op.targets == ((sid("Cesar"), (int(Piece.POLICE),)),
                                 (sid("Huila"), (int(FARC_U),)))
    assert action.special == Ambush(space=sid("Huila"))


@pytest.mark.s8(node="AUC:march", rule="8.1.1 OP IMPOSSIBLE")
@pytest.mark.s8(bullet="8.1.1 op not possible")
@pytest.mark.s8(node="AUC:rally", rule="8.1.1 OP IMPOSSIBLE: the Rally above")
def test_march_impossible_rallies_even_without_its_condition() -> None:
    # 8.1.1 « exécutez l'Opération et l'Activité Spéciale précédentes ... même si les
    # conditions ne correspondent pas »: no AUC Guerrilla next to the FARC Base in
    # Guaviare -> Rally (only 5 Available, no Base possible): Guaviare first (8.6.1 bullet
    # 3, FARC Base), then 1 random space.
    state = position({"Guaviare": "1FB", "Cesar": "1AU"})
    action, bot = run(state, [1, 1, 1], few=True)
    assert "march" in visited(bot)
    assert isinstance(action.op, Rally)
    assert action.op.steps[0] == (sid("Guaviare"), "place", 1, ())


@pytest.mark.s8(node="AUC:pass", rule="8.1.1 Rally impossible: Pass")
@pytest.mark.s8(bullet="8.1.1 rally not possible")
def test_nothing_possible_passes() -> None:
    # 8.1.1 « Si un Ralliement ne peut pas être joué, Passez »: no AUC piece on the map, no
    # AUC Guerrilla Available.
    state = blank_state()
    state.removed_from_game[A] = 18
    action, bot = run(state, [])
    assert action is None
    assert "Rally not possible: Pass" in "\n".join(bot.trace.lines())
