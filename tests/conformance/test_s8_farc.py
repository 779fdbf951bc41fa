"""Conformance: the Non-player FARC flowchart (8.7) node by node, on hand-made positions.
Each test quotes the French rule (seeds/002, the text of record for section 8) and its
translation, names the node in its marker and checks the outcome: which Operation, which
spaces and pieces, which Special Activity or fallback."""

from __future__ import annotations

import pytest

from core.pieces import Faction
from core.rules import insurgent_ops as ops
from core.rules import insurgent_special as sa
from tests.conformance.s8 import after, op_spaces, visited
from tests.helpers import blank_state, place, position, put, sid
from tests.test_np_farc import AU, FU, POLICE, few, run

F, G = Faction.FARC, Faction.GOVT


# ---- 8.7.1 Rally diamond, Rally box, Extort box -----------------------------------------
@pytest.mark.s8(node="FARC:rally_q", rule="8.7.1")
@pytest.mark.s8(node="FARC:rally", rule="8.7.1 bullets 1-4")
@pytest.mark.s8(node="FARC:extort", rule="8.7.1 Extort bullet 1")
def test_rally_all_four_bullets_then_extort() -> None:
    # 8.7.1 « Si les FARC ont au moins 9 Guérillas disponibles ... ralliez dans tous les
    # Départements et Métropoles suivants »: 9+ Available -> Rally everywhere listed.
    # bullet 1 « remplacez 2 Guérillas par une Base » (Huila: 2 Guerrillas, no Base);
    # bullet 3 « dans les autres contenant une Base FARC, placez des Guérillas (Population
    # plus Bases) » (Meta East: Pop 1 + 1 Base = 2); bullet 4 « dans 1 autre ... (tiré au
    # hasard), placez si possible une Guérilla » (chart 1,1,1 = Cali).
    # EXTORSION « Dans chaque espace contenant au moins 2 Guérillas FARC Dormantes »:
    # Meta East (3 Underground after the Rally); Cali's 1 does not qualify.
    state = position({"Huila": "2FU", "Meta East": "1FU 1FB"})
    action, bot = run(state, [1, 1, 1])
    assert visited(bot) == ["rally_q", "rally", "extort"]
    assert action is not None and isinstance(action.op, ops.Rally)
    assert action.op.steps == ((sid("Huila"), "base", 0, ()), (sid("Meta East"), "place", 2, ()),
                               (sid("Cali"), "place", 1, ()))
    assert action.special == sa.Extort(where=(sid("Meta East"),))
    board = after(state, F, action)
    assert board.bases(sid("Huila"), F) == 1 and board.guerrillas(sid("Huila"), F) == 0


@pytest.mark.s8(node="FARC:rally_q", rule="8.7.1 (no)")
@pytest.mark.s8(node="FARC:march_q", rule="8.7.2 (yes)")
@pytest.mark.s8(node="FARC:march", rule="8.7.2 bullets 2-3, FROM")
def test_march_from_zero_population_origin_into_neutral_population_space() -> None:
    # 8.7.1 no: 5 Available and no Base possible (Vichada holds 2 Cartels Bases).
    # 8.7.2 « si aucun espace avec du Soutien ni LdC n'a de Guérilla FARC Dormante ou un
    # total d'au moins 3 pièces FARC, réalisez une Marche »; « seulement depuis des espaces
    # adjacents ayant une Opposition Active, 0 Population (Départements) ou Sabotée »:
    # Vichada (Pop 0) is an origin; bullet 2 « dans au maximum 3 espaces, chacun devant
    # avoir au moins 1 Population avec du Soutien ou Neutre ... » -> Meta East (Neutral,
    # Pop 1, the one such space next to Vichada once Guaviare and Arauca are at Active
    # Opposition). No LoC touches Vichada (bullet 1 has nothing to do).
    state = few(blank_state())
    place(state, {"Vichada": "3FU 2CB"})
    for name in ("Guaviare", "Arauca"):
        state.support[sid(name)] = -2
    action, bot = run(state)
    assert visited(bot)[:3] == ["rally_q", "march_q", "march"]
    assert action is not None and isinstance(action.op, ops.March)
    # 2 go, 1 stays: Vichada holds (Cartels) Bases, docs/readings.md#r-march-base
    assert action.op.groups == ((sid("Vichada"), sid("Meta East"), 2, 0, 0),)
    # EXTORSION « Puis extorquez suivant 8.7.1 »: Meta East now has 2 Underground
    assert action.special == sa.Extort(where=(sid("Meta East"),))
    assert after(state, F, action).guerrillas(sid("Meta East"), F) == 2


@pytest.mark.s8(node="FARC:march", rule="8.7.2 bullet 1")
def test_march_bullet_1_one_guerrilla_onto_each_adjacent_loc() -> None:
    # 8.7.2 bullet 1 « sur toutes les LdC non sabotées ..., jusqu'à avoir 1 Guérilla sur
    # chaque LdC adjacente (le coût est de 0 Ressource) »; « Laissez sur place 1 Guérilla
    # FARC dans chaque espace d'origine si une ou des Bases ... sont présentes »: Arauca
    # (Active Opposition, FARC Base) sends 1 onto each of its 2 LoCs and keeps 1.
    state = few(blank_state())
    state.support[sid("Arauca")] = -2
    place(state, {"Arauca": "3FU 1FB 1AB"})
    action, bot = run(state)
    assert action is not None and isinstance(action.op, ops.March)
    assert action.op.groups == ((sid("Arauca"), sid("Arauca-Cúcuta LoC"), 1, 0, 0),
                                (sid("Arauca"), sid("Bogotá-Yopal LoC"), 1, 0, 0))
    assert after(state, F, action).guerrillas(sid("Arauca"), F) == 1


@pytest.mark.s8(node="FARC:march", rule="8.7.2 FROM (any Faction's Base: designer's example)")
def test_march_leaves_one_guerrilla_where_another_factions_base_stands() -> None:
    # 8.7.2 AIDE « Laissez sur place 1 Guérilla FARC dans chaque espace d'origine si une
    # ou des Bases de cette Faction sont présentes »; the designer's worked FARC March
    # example (playbook: "the FARC must leave 1 Guerrilla in each space where any Faction
    # has a Base") keeps 1 back in an origin holding only Cartels Bases, and the engine
    # follows the example for the FARC (docs/readings.md#r-march-base; the AUC and
    # Cartels follow their own French words). Vichada holds 2 Cartels Bases and no FARC
    # Base: 1 of its 2 Guerrillas stays.
    state = few(blank_state())
    place(state, {"Vichada": "2FU 2CB"})
    for name in ("Guaviare", "Arauca"):
        state.support[sid(name)] = -2
    action, _ = run(state)
    assert action is not None and isinstance(action.op, ops.March)
    assert after(state, F, action).guerrillas(sid("Vichada"), F) == 1


@pytest.mark.s8(node="FARC:march", rule="8.1.2 bullet 6: Activation unavoidable")
@pytest.mark.s8(bullet="8.1.2 bullet 6")
def test_march_activation_unavoidable_moves_active_first_and_all() -> None:
    # 8.1.2 « Lorsqu'une Activation ne peut pas être évitée, déplacez d'abord les pièces
    # Actives »; 8.1.1 « Effectuez le maximum d'actions possibles »: into Arauca (Support,
    # 3 Police: 1 + 3 > 3 whatever moves) all that may go go, the Active one first.
    state = few(blank_state())
    place(state, {"Vichada": "2FU 1FA 2CB", "Arauca": "3P"}, support={"Arauca": 1})
    for name in ("Guaviare", "Meta East"):
        state.support[sid(name)] = -2
    action, _ = run(state)
    assert action is not None and isinstance(action.op, ops.March)
    # all but the 1 Guerrilla kept back where a Base stands (the Cartels Bases of Vichada,
    # docs/readings.md#r-march-base) go, the Active one counted first
    assert action.op.groups == ((sid("Vichada"), sid("Arauca"), 1, 1, 0),)
    assert after(state, F, action).active(sid("Arauca"), F) == 2


# ---- 8.7.3 Attack and Ambush ---------------------------------------------------------------
def _no_rally_no_march():  # type: ignore[no-untyped-def]
    """5 FARC Guerrillas Available, no Base possible; Santander at Support holds 3
    Underground FARC Guerrillas (March condition fails: 8.7.2)."""
    state = few(blank_state())
    state.support[sid("Santander")] = 1
    put(state, "Santander", FU, 3)
    return state


@pytest.mark.s8(node="FARC:march_q", rule="8.7.2 (no)")
@pytest.mark.s8(node="FARC:attack_q", rule="8.7.3 (yes)")
@pytest.mark.s8(node="FARC:attack", rule="8.7.3 bullet 1")
@pytest.mark.s8(node="FARC:ambush", rule="8.7.3 Ambush")
def test_attack_where_three_guerrillas_targets_auc_then_ambush() -> None:
    # 8.7.3 « que les FARC ont plus de Ressources que le Gouvernement, réalisez une
    # Attaque ... en ciblant d'abord une Cargaison ..., puis les AUC, puis le Gouvernement »;
    # bullet 1 « partout où il y a au moins 3 Guérillas FARC et un ennemi »; EMBUSCADE
    # « dans l'espace Attaqué ayant le moins de Guérillas FARC » (the one Attack space).
    state = _no_rally_no_march()
    state.resources[F], state.resources[G] = 10, 5
    place(state, {"Santander": "1P 1AU"})
    action, bot = run(state)
    assert visited(bot)[:4] == ["rally_q", "march_q", "attack_q", "attack"]
    assert action is not None and isinstance(action.op, ops.Attack)
    assert action.op.targets == ((sid("Santander"), (int(AU), int(POLICE))),)
    assert action.special == ops.Ambush(space=sid("Santander"))


@pytest.mark.s8(node="FARC:attack", rule="8.7.3 bullet 2")
@pytest.mark.s8(node="FARC:ambush", rule="8.7.3 Ambush: fewest FARC Guerrillas")
def test_attack_bullet_2_one_city_with_underground_guerrilla_and_ambush_there() -> None:
    # bullet 2 « Puis, dans 1 Métropole ou Département — ou si aucun, sur une LdC — avec
    # une Guérilla FARC Dormante et une cible »: Cali (1 Underground, 1 Troops), not the LoC;
    # EMBUSCADE in the Attacked space with the fewest FARC Guerrillas: Cali (1 < 3).
    state = _no_rally_no_march()
    state.resources[F], state.resources[G] = 10, 5
    place(state, {"Santander": "1P", "Cali": "1T 1FU", "Cali-Pasto LoC": "1P 1FU"})
    action, _ = run(state)
    assert action is not None and isinstance(action.op, ops.Attack)
    assert op_spaces(action) == [sid("Santander"), sid("Cali")]
    assert action.special == ops.Ambush(space=sid("Cali"))


@pytest.mark.s8(node="FARC:attack", rule="8.1.1 OP IMPOSSIBLE")
@pytest.mark.s8(bullet="8.1.1 op not possible")
def test_attack_impossible_marches_instead() -> None:
    # 8.1.1 « Si aucune des Opérations ... ne peut être réalisée, exécutez l'Opération ...
    # précédente (celles situées en haut dans le diagramme, même si les conditions ne
    # correspondent pas) »: no enemy to Attack -> the March box above, though its
    # condition failed (Underground Guerrilla on a LoC).
    state = few(blank_state())
    state.resources[F], state.resources[G] = 10, 5
    place(state, {"Cali-Pasto LoC": "1FU", "Vichada": "1FU"})
    for name in ("Guaviare", "Arauca"):
        state.support[sid(name)] = -2
    action, bot = run(state)
    assert "attack" in visited(bot)
    assert action is not None and isinstance(action.op, ops.March)
    assert action.op.groups == ((sid("Vichada"), sid("Meta East"), 1, 0, 0),)


# ---- 8.7.4 Terror and Kidnap ---------------------------------------------------------------
@pytest.mark.s8(node="FARC:attack_q", rule="8.7.3/8.7.4 (no)")
@pytest.mark.s8(node="FARC:terror", rule="8.7.4 bullets 1-3")
@pytest.mark.s8(node="FARC:kidnap", rule="8.7.4 Kidnap")
def test_terror_loc_then_kidnap_space_then_population_and_kidnap() -> None:
    # 8.7.4 « autant ou moins de Ressources que le Gouvernement, réalisez une action de
    # Terreur »: bullet 1 « sur toutes les LdC non Sabotées » (Cali-Pasto); bullet 2 « dans
    # d'autres espaces où une action de Kidnapping permet de prendre des Ressources »
    # (Cali: 2 FARC Guerrillas > 1 Police); bullet 3 « dans tous les autres espaces ayant
    # au moins 1 Population et qui ne sont pas en Opposition Active » (Huila, not Nariño).
    # KIDNAPING « Premièrement, sur les LdC, puis dans les Métropoles (ciblez le
    # Gouvernement) »: the LoC and Cali, targeting the Government.
    state = few(blank_state())
    state.resources[F], state.resources[G] = 5, 10
    place(state, {
        "Cali-Pasto LoC": "1FU",
        "Cali": "1P 2FU",
        "Huila": "1FU",
        "Nariño": "1FU",
    }, support={"Cali": 1, "Nariño": -2})
    action, bot = run(state)
    assert "terror" in visited(bot) and "kidnap" in visited(bot)
    assert action is not None and isinstance(action.op, ops.Terror)
    assert action.op.where == (sid("Cali-Pasto LoC"), sid("Cali"), sid("Huila"))
    kidnap = action.special
    assert kidnap is not None and kidnap.where == (sid("Cali-Pasto LoC"), sid("Cali"))
    assert kidnap.targets == (G, G)


@pytest.mark.s8(node="FARC:terror", rule="8.7.4 bullet 2: limit of 3 (LoCs included)")
def test_terror_bullet_2_counts_the_kidnap_locs_of_bullet_1_toward_3() -> None:
    # 8.7.4 bullet 2 « Puis dans d'autres espaces où une action de Kidnapping permet de
    # prendre des Ressources ou des Cargaisons (4.3.3), jusqu'à une limite de 3 espaces
    # (incluant les LdC) » (docs/readings.md#r-farc-terror-kidnap-three): the 3 are spaces
    # where a Kidnap can take, the LoCs of bullet 1 among them. Bullet 1 takes both LoCs;
    # Cali-Pasto (1 FARC, no Police) can be Kidnapped, Bogotá-Neiva (1 Police) cannot:
    # bullet 2 takes 2 of Cali, Medellín, Bogotá (chart 1,1,1 twice: Cali, Medellín), not
    # 1 (every Terror space counted) nor 3 (bullet 2 alone counted). Bogotá, at Active
    # Opposition, is not a bullet-3 space.
    state = few(blank_state())
    state.resources[F], state.resources[G] = 5, 10
    place(state, {"Cali-Pasto LoC": "1FU", "Bogotá-Neiva LoC": "1FU 1P", "Cali": "1FU",
                  "Medellín": "1FU", "Bogotá": "1FU"}, support={"Bogotá": -2})
    action, bot = run(state, [1, 1, 1] * 2)
    assert action is not None and isinstance(action.op, ops.Terror)
    assert action.op.where == (sid("Cali-Pasto LoC"), sid("Bogotá-Neiva LoC"), sid("Cali"),
                               sid("Medellín"))
    assert action.special is not None and len(action.special.where) == 3


@pytest.mark.s8(node="FARC:kidnap", rule="8.7.4 Kidnap: no eligible target")
def test_kidnap_none_when_targets_have_no_resources() -> None:
    # KIDNAPING « Ne considérez pas les espaces où la cible a 0 Ressource et aucune
    # Cargaison. S'il n'y a pas de cible éligible, les FARC n'exécutent pas d'Activité
    # Spéciale »: Terror on Cali-Pasto (1 Police: FARC do not outnumber it, no Kidnap) and
    # in Huila, whose Cartels Base names the Cartels, at 0 Resources with no Shipment ->
    # Terror alone. The FARC hold 1 Resource: at 0, 8.1 « Lorsqu'une Faction Non-Joueur
    # doit réaliser une Opération mais a 0 Ressource, elle passe » (no plan at all); the
    # Government's 5 keep Terror (8.7.4: FARC Resources not above the Government's).
    state = few(blank_state())
    state.resources[F], state.resources[G], state.resources[Faction.CARTELS] = 1, 5, 0
    place(state, {"Cali-Pasto LoC": "1FU 1P", "Huila": "1FU 1CB"})
    action, bot = run(state)
    assert action is not None and isinstance(action.op, ops.Terror)
    assert action.op.where == (sid("Cali-Pasto LoC"), sid("Huila"))
    assert action.special is None
    assert "no Kidnap possible" in "\n".join(bot.trace.lines())


# ---- fallbacks -------------------------------------------------------------------------------
@pytest.mark.s8(node="FARC:pass", rule="8.1.1 Rally impossible: Pass")
@pytest.mark.s8(bullet="8.1.1 rally not possible")
def test_nothing_possible_passes() -> None:
    # 8.1.1 « Si un Ralliement ne peut pas être joué, Passez »: no FARC piece on the map
    # and none Available -> March impossible -> Rally impossible -> Pass.
    state = few(blank_state(), 0)
    action, bot = run(state)
    assert action is None
    assert visited(bot)[-1] in ("pass", "rally")
    assert "Rally not possible: Pass" in "\n".join(bot.trace.lines())


@pytest.mark.s8(node="FARC:rally", rule="8.1 0 Resources mid-Operation")
@pytest.mark.s8(bullet="8.1 bullet 4 mid-operation")
def test_rally_stops_at_zero_resources_extort_still_follows() -> None:
    # 8.1 « Si une Faction Non-Joueur atteint 0 Ressource lors de l'exécution d'une
    # Opération, elle n'en effectue plus ... (elle peut quand même exécuter une Activité
    # Spéciale) »: 1 Resource pays for 1 of the 2 bullet-1 spaces; 8.2 picks it (chart
    # 1,1,1 = Cali, walked down the column: Meta East comes before Huila), then Extort in
    # Huila (2 Underground FARC Guerrillas left there).
    state = position({"Meta East": "2FU 1FB", "Huila": "2FU 1FB"}, resources=1)
    action, bot = run(state, [1, 1, 1])
    assert action is not None and isinstance(action.op, ops.Rally)
    assert action.op.steps == ((sid("Meta East"), "base", 0, ()),)
    assert action.special == sa.Extort(where=(sid("Huila"),))
