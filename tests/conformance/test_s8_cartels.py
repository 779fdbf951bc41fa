"""Conformance: the Non-player Cartels flowchart (8.5) node by node, on hand-made
positions. Each test quotes the French rule (seeds/002) with its translation, names the
node in its marker and checks the outcome."""

from __future__ import annotations

import pytest

from core.pieces import Faction
from core.rules.insurgent_ops import March, Rally, Terror
from core.rules.insurgent_special import Bribe, Cultivate, Process
from core.state import GameState
from tests.conformance.s8 import after, plan, visited
from tests.helpers import blank_state, place, position, put, sid
from tests.test_np_cartels import FILLER, P, all_shipments_out, scarce

C = Faction.CARTELS


@pytest.mark.s8(node="Cartels:rally_q", rule="8.5.1 (yes)")
@pytest.mark.s8(node="Cartels:rally", rule="8.5.1 bullets 1, 4")
@pytest.mark.s8(node="Cartels:cultivate", rule="8.5.1 Cultivate bullet 1")
def test_rally_base_then_random_department_then_cultivate_a_base_there() -> None:
    # 8.5.1 « Si les Cartels possèdent au moins 10 pièces ... disponibles ..., ralliez dans
    # au maximum 3 des zones suivantes »: bullet 1 « remplacez 2 Guérillas par une Base »
    # (Huila); bullet 4 « réalisez un Ralliement ... dans 1 autre Département (choisi au
    # hasard) où une action de Culture est ensuite faite pour placer une nouvelle Base »
    # (chart 1,1,1 = Cali, a City; down the column: Antioquia, the first Department).
    # CULTURE « placer si possible une Base dans un département sélectionné pour
    # l'Opération de Ralliement »: Antioquia.
    state = position({"Huila": "2CU"})
    action, bot = plan(state, C, [1, 1, 1])
    assert visited(bot) == ["rally_q", "rally", "cultivate"]
    assert isinstance(action.op, Rally)
    assert action.op.steps == ((sid("Huila"), "base", 0, ()), (sid("Antioquia"), "place", 1, ()))
    assert action.special == Cultivate(space=sid("Antioquia"), source=None)
    board = after(state, C, action)
    assert board.bases(sid("Antioquia"), C) == 1 and board.bases(sid("Huila"), C) == 1


def _putumayo_origin() -> GameState:
    """Putumayo: 2 Cartels Bases (no room for a Rally Base) and 3 Underground Cartels
    Guerrillas; 2 Guerrillas and 2 Bases Available (Rally condition fails); the spare
    Cartels Bases sit alone in the FILLER spaces (Vaupés, Amazonas... among them)."""
    state = position({"Putumayo": "3CU 2CB"})
    scarce(state, 2, 2)
    return state


@pytest.mark.s8(node="Cartels:rally_q", rule="8.5.1 (no)")
@pytest.mark.s8(node="Cartels:march_q", rule="8.5.2 (yes)")
@pytest.mark.s8(node="Cartels:march", rule="8.5.2")
@pytest.mark.s8(node="Cartels:process", rule="8.5.2 Process bullet 1")
def test_march_all_but_one_then_process_two_shipments() -> None:
    # 8.5.2 « mais qu'une Cargaison est disponible, exécutez à la place une Marche vers un
    # Département ou une Métropole possédant moins de 2 Bases ... adjacent à une zone
    # possédant 2 Guérillas des Cartels ou plus »; « Faites Marcher ... toutes les Guérillas
    # des Cartels adjacentes en veillant à laisser une Guérilla dans chaque zone possédant
    # une Base des Cartels »: 2 of Putumayo's 3 go (chart 1,1,1 walks to Vaupés, 1 Base).
    # PRODUCTION « Placez 2 Cargaisons, chacune dans une zone (déterminée au hasard)
    # possédant une Guérilla des Cartels et une Base »: each by the chart, Vaupés again.
    state = _putumayo_origin()
    action, bot = plan(state, C, [1, 1, 1] * 3)
    assert visited(bot) == ["rally_q", "march_q", "march", "process"]
    assert isinstance(action.op, March)
    assert action.op.groups == ((sid("Putumayo"), sid("Vaupés"), 2, 0, 0),)
    assert isinstance(action.special, Process)
    assert action.special.shipments == ((sid("Vaupés"), C), (sid("Vaupés"), C))
    board = after(state, C, action)
    assert board.guerrillas(sid("Putumayo"), C) == 1
    assert len(board.shipments_at(sid("Vaupés"), C)) == 2


@pytest.mark.s8(node="Cartels:march", rule="8.5.2 with 8.1.2 bullet 6: Activation unavoidable")
def test_march_activation_unavoidable_still_marches() -> None:
    # 8.5.2 « (et tel que limité par 8.1.2) »; 8.1.2 « Lorsqu'une Activation ne peut pas
    # être évitée, déplacez d'abord les pièces Actives » (an order, not a filter). Every
    # destination next to Putumayo either holds 2 Bases or has Support and 3 Police: the
    # 2 Guerrillas March anyway (Activated), the March does not turn into a Rally.
    state = _putumayo_origin()
    for name in ("Neiva", "Pasto", "Meta West", "Guaviare", "Huila"):
        state.support[sid(name)] = 1
        put(state, name, P.POLICE, 3)
    for name in ("Vaupés", "Amazonas"):  # 0 Population: no Support; fill to 2 Bases
        put(state, name, P.FARC_BASE, 2 - state.all_bases(sid(name)))
    action, bot = plan(state, C, [1, 1, 1] * 3)
    assert isinstance(action.op, March), "\n".join(bot.trace.lines())
    assert sum(g[2] + g[3] for g in action.op.groups) == 2


@pytest.mark.s8(node="Cartels:march", rule="8.5.2 leave 1 (Cartels Base)")
def test_march_leaves_one_only_where_a_cartels_base_stands() -> None:
    # 8.5.2 « Faites Marcher vers la destination toutes les Guérillas des Cartels
    # adjacentes en veillant à laisser une Guérilla dans chaque zone possédant une Base des
    # Cartels » (docs/readings.md#r-march-base). Putumayo holds a FARC and an AUC Base (no
    # room for a Cartels Base: no Rally) and 3 Cartels Guerrillas: no Cartels Base, all 3
    # go. With a Cartels Base in place of the AUC one, 1 stays.
    for pieces, stays in (("1FB 1AB 3CU", 0), ("1FB 1CB 3CU", 1)):
        state = position({"Putumayo": pieces})
        scarce(state, 2, 2)
        action, bot = plan(state, C, [1, 1, 1] * 3)
        assert isinstance(action.op, March), "\n".join(bot.trace.lines())
        assert after(state, C, action).guerrillas(sid("Putumayo"), C) == stays, pieces


@pytest.mark.s8(node="Cartels:march_q", rule="8.5.2 (no)")
@pytest.mark.s8(node="Cartels:terror", rule="8.5.3")
@pytest.mark.s8(node="Cartels:bribe", rule="8.5.3 Bribe")
def test_terror_support_then_opposition_then_bribe_government_then_farc() -> None:
    # 8.5.3 « Si les conditions ne sont pas remplies pour réaliser soit un Ralliement soit
    # une Marche » (no Shipment Available) « exécutez ... une Opération de Terreur ...:
    # Sélectionnez les zones avec du Soutien, puis de l'Opposition, puis Neutres »: Cali
    # (Support) then Huila (Opposition); Vaupés (Pop 0) never. CORRUPTION « dans 3 zones
    # contenant des pièces des Cartels et ennemies : Gouvernement, puis FARC, puis AUC.
    # Éliminez les pièces selon 8.1.2 »: the Police in Cali, the FARC Guerrilla in Huila.
    state = position({"Cali": "1P 1CU", "Huila": "1FU 1CU"}, support={"Cali": 1, "Huila": -1})
    scarce(state, 2, 2)
    all_shipments_out(state)
    action, bot = plan(state, C, [])
    assert visited(bot) == ["rally_q", "march_q", "terror", "bribe"]
    assert isinstance(action.op, Terror) and action.op.where == (sid("Cali"), sid("Huila"))
    assert isinstance(action.special, Bribe)
    board = after(state, C, action)
    assert board.police(sid("Cali")) == 0 and board.guerrillas(sid("Huila"), Faction.FARC) == 0
    assert board.resources[C] == state.resources[C] - 2 - 6


@pytest.mark.s8(node="Cartels:bribe", rule="8.5.3 Bribe: fewer than 3 Resources")
@pytest.mark.s8(node="Cartels:terror", rule="8.1 0 Resources mid-Operation")
@pytest.mark.s8(bullet="8.1 bullet 4 mid-operation")
def test_terror_stops_at_zero_resources_and_no_bribe_without_three() -> None:
    # 8.1 « Si une Faction Non-Joueur atteint 0 Ressource lors de l'exécution d'une
    # Opération, elle n'en effectue plus »: 1 Resource, Terror in Cali (Support first)
    # only; CORRUPTION « (ou que les Cartels possèdent moins de 3 Ressources), n'exécutez
    # pas d'Activité Spéciale ».
    state = position({
        "Cali": "1P 1CU",
        "Huila": "1FU 1CU",
    }, support={"Cali": 1, "Huila": -1}, resources=1)
    scarce(state, 2, 2)
    all_shipments_out(state)
    action, bot = plan(state, C, [])
    assert isinstance(action.op, Terror) and action.op.where == (sid("Cali"),)
    assert action.special is None


@pytest.mark.s8(node="Cartels:march", rule="8.1.1 OP IMPOSSIBLE (published example)")
@pytest.mark.s8(bullet="8.1.1 op not possible")
@pytest.mark.s8(node="Cartels:rally", rule="8.1.1 OP IMPOSSIBLE: Rally and Cultivate")
def test_march_impossible_guerrillas_one_per_base_rally_instead() -> None:
    # 8.1.1 EXEMPLE « Les Cartels doivent effectuer une Marche mais toutes leurs unités de
    # Guérillas sur la carte sont réparties 1 par zone avec Base; ils Rallient et Cultivent
    # à la place, même si il leur reste moins de 10 pièces disponibles »: no space has 2
    # Cartels Guerrillas -> no March -> Rally (bullet 3 where a Base has no Guerrilla).
    state = blank_state()
    for name in ("Huila", "Meta West"):
        place(state, {name: "1CU 1CB"})
    scarce(state, 2, 2)
    action, bot = plan(state, C, [1, 1, 1] * 3)
    assert "march" in visited(bot) and "rally" in visited(bot)
    assert isinstance(action.op, Rally)
    placed = {s for s, kind, *_ in action.op.steps}
    assert placed and placed <= {sid(n) for n in FILLER}  # the lone Bases get Guerrillas


@pytest.mark.s8(node="Cartels:process", rule="8.5.2 Process bullet 2")
def test_process_cashes_a_base_where_two_when_no_shipment_can_be_placed() -> None:
    # PRODUCTION « Si de telles zones n'existent pas, éliminez à la place 1 Base des
    # Cartels (pour un gain de +3 Ressources) dans une zone ... possédant 2 Bases des
    # Cartels »: the Guerrillas of Guaviare (2 FARC Bases: no Rally Base) March out
    # (chart 1,1,1 walks to Meta East, no Cartels Base); no space then holds a Cartels
    # Guerrilla and a Cartels Base, so Putumayo (2 Cartels Bases) cashes one in.
    state = position({"Putumayo": "2CB", "Guaviare": "2FB 2CU"})
    scarce(state, 2, 2)
    action, bot = plan(state, C, [1, 1, 1])
    assert isinstance(action.op, March)
    # both go: Guaviare holds no Cartels Base (8.5.2, docs/readings.md#r-march-base)
    assert action.op.groups == ((sid("Guaviare"), sid("Meta East"), 2, 0, 0),)
    assert action.special == Process(bases=(sid("Putumayo"),), shipments=())
    board = after(state, C, action)
    assert board.bases(sid("Putumayo"), C) == 1
    assert board.resources[C] == state.resources[C] - 1 + 3


@pytest.mark.s8(node="Cartels:cultivate", rule="8.5.1 Cultivate bullet 2")
def test_cultivate_relocates_a_base_from_a_space_with_two() -> None:
    # CULTURE « Sinon, réalisez si possible une action de Culture afin de relocaliser une
    # Base des Cartels depuis une zone avec 2 Bases des Cartels vers une Métropole ou un
    # Département n'en possédant pas »: the 3 Rally spaces are the Cities with a lone
    # Cartels Base (bullet 3), no Department is selected, so a Base of Meta West moves to
    # Cesar (Pop 1, 1 Cartels Guerrilla, no Police, no Cartels Base).
    state = blank_state()
    for city in ("Cúcuta", "Neiva", "Pasto"):
        put(state, city, P.CARTELS_BASE)
    place(state, {
        "Meta West": "1CU 2CB",  # not a bullet-3 space (has a Guerrilla)
        "Cesar": "1CU",
    })
    action, bot = plan(state, C, [])
    assert isinstance(action.op, Rally)
    assert set(action.op.spaces()) == {sid("Cúcuta"), sid("Neiva"), sid("Pasto")}
    assert action.special == Cultivate(space=sid("Cesar"), source=sid("Meta West"))
    board = after(state, C, action)
    assert board.bases(sid("Cesar"), C) == 1 and board.bases(sid("Meta West"), C) == 1


@pytest.mark.s8(node="Cartels:pass", rule="8.1.1 Rally impossible: Pass")
@pytest.mark.s8(bullet="8.1.1 rally not possible")
def test_nothing_possible_passes() -> None:
    # 8.1.1 « Si un Ralliement ne peut pas être joué, Passez »: no Cartels Guerrilla on
    # the map or Available (the Bases sit alone in the FILLER spaces): the March the
    # Shipments call for is impossible, so is the Rally above it -> Pass.
    state = blank_state()
    scarce(state, 0, 0)
    action, bot = plan(state, C, [])
    assert action is None
    assert "Rally not possible: Pass" in "\n".join(bot.trace.lines())
