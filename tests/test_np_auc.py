"""Non-player AUC (rule 8.6): every bullet of flowcharts/auc.toml on hand-built positions,
both ways of each diamond, the 8.1.1 OP NOT POSSIBLE fall-backs, 8.1 0 Resources, the
published chart rolls that concern the AUC, a worked first turn from the Standard set up
and a property test over positions of random games."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.dice import ScriptedDice
from core.game import Game
from core.game.sequence import OperationAction
from core.map import MAP
from core.pieces import Faction, Piece
from core.rules.insurgent_ops import Ambush, Attack, March, Rally, Terror
from core.rules.insurgent_special import Assassinate, Extort
from core.setup import new_state
from core.state import GameState
from nonplayer import auc
from nonplayer.bot import Bot
from nonplayer.flowchart import load
from nonplayer.interpreter import plan_operation
from tests.helpers import after_plan, blank_state, place, planned, position, put, sid
from tests.strategies import SEEDS, random_play

AUC = Faction.AUC
AUC_U, AUC_A, AUC_B = Piece.AUC_UNDERGROUND, Piece.AUC_ACTIVE, Piece.AUC_BASE
FARC_U, FARC_A, FARC_B = Piece.FARC_UNDERGROUND, Piece.FARC_ACTIVE, Piece.FARC_BASE
CART_U, CART_A, CART_B = Piece.CARTELS_UNDERGROUND, Piece.CARTELS_ACTIVE, Piece.CARTELS_BASE


# ======================================================================================
# helpers
# ======================================================================================
def run(
    state: GameState, dice: tuple[int, ...] | list[int] = (), few: bool = False
) -> tuple[Any, Bot]:
    """Plan the AUC turn (``few``: with at most 5 AUC Guerrillas Available, see
    :func:`few_available`); also check the plan executes legally on a copy."""
    if few:
        few_available(state)
    return planned(state, AUC, dice)


def execute(state: GameState, action: OperationAction) -> GameState:
    """Execute the planned Operation and Special Activity (shared notes) on a copy."""
    return after_plan(state, AUC, action)


def few_available(state: GameState) -> None:
    """Take AUC Guerrillas out of play (as card 49 would) so that at most 5 are
    Available: no Rally by 8.6.1's first condition. Call once the position is built."""
    on_map = state.on_map(AUC_U) + state.on_map(AUC_A)
    state.removed_from_game[AUC] = max(0, 13 - on_map)


def oppose(state: GameState, *names: str) -> None:
    """Passive Opposition: no AUC Rally there (3.3.1), so 2 AUC Guerrillas there do not
    make 'Rally would place a Base' true."""
    for name in names:
        state.support[sid(name)] = -1


def lines(bot: Bot) -> str:
    return "\n".join(bot.trace.lines())


def ask(name: str, state: GameState) -> bool:
    from nonplayer.registry import PREDICATES

    return bool(PREDICATES[name](Bot(state, AUC, ScriptedDice([]))))


def test_flowchart_loads_and_every_name_is_registered() -> None:
    chart = load(AUC)
    assert chart.start == "rally_q"
    assert {n.kind for n in chart.nodes.values()} == {"decision", "operation", "special", "pass"}


# ======================================================================================
# 8.6.1 Rally: the decision
# ======================================================================================
def test_rally_condition_6_guerrillas_available_8_6_1() -> None:
    state = blank_state()
    state.removed_from_game[AUC] = 12  # 6 Available
    verdict = auc.rally_condition(Bot(state, AUC, ScriptedDice([])))
    assert verdict.value and "6 AUC Guerrillas Available" in verdict.detail
    state.removed_from_game[AUC] = 13  # 5 Available, no Base possible
    assert not ask("auc.rally_condition", state)


def test_rally_condition_no_with_5_available_and_no_base_8_6_1() -> None:
    state = position({"Huila": "1AU"})  # 1 Guerrilla cannot become a Base
    few_available(state)
    verdict = auc.rally_condition(Bot(state, AUC, ScriptedDice([])))
    assert not verdict.value
    assert verdict.detail == "5 AUC Guerrillas Available; Rally could place no Base"


def test_rally_condition_yes_when_rally_would_place_a_base_8_6_1() -> None:
    state = position({"Huila": "2AU"})
    few_available(state)
    verdict = auc.rally_condition(Bot(state, AUC, ScriptedDice([])))
    assert verdict.value and "Rally could place a Base in Huila" in verdict.detail


def test_rally_condition_base_needs_guerrillas_without_shipment_8_6_1() -> None:
    state = position({"Huila": "2AU"})
    state.place_shipment(sid("Huila"), AUC)  # 1 of the 2 holds a Shipment
    few_available(state)
    assert not ask("auc.rally_condition", state)
    put(state, "Huila", AUC_A)  # now 2 without a Shipment
    few_available(state)
    assert ask("auc.rally_condition", state)


def test_rally_condition_base_not_in_opposition_nor_with_2_bases_8_6_1() -> None:
    state = position({"Huila": "2AU"})
    few_available(state)
    oppose(state, "Huila")
    assert not ask("auc.rally_condition", state)
    state.support[sid("Huila")] = 0
    put(state, "Huila", FARC_B, 2)
    assert not ask("auc.rally_condition", state)


def test_rally_condition_base_only_in_cities_and_departments_3_3_1() -> None:
    state = position({"Bogotá-Neiva": "2AU"})  # a LoC: no Rally there
    few_available(state)
    assert not ask("auc.rally_condition", state)


def test_rally_condition_base_needs_an_available_base_1_4_1() -> None:
    state = position({
        "Huila": "2AU",
        "Cesar": "2AB",
        "Atlántico": "2AB",
        "Santander": "2AB",  # all 6 AUC Bases on the map
    })
    few_available(state)
    assert not ask("auc.rally_condition", state)


# ======================================================================================
# 8.6.1 Rally: the bullets
# ======================================================================================
def test_rally_bullet_1_replaces_two_guerrillas_with_base_active_first_8_6_1() -> None:
    state = position({"Huila": "2AU 1AA"})
    # bullet 1 Huila; bullet 3 (AUC Bases) Huila is taken; finally 1 random: Cali
    action, bot = run(state, [1, 1, 1])
    assert isinstance(action.op, Rally)
    assert action.op.steps[0] == (sid("Huila"), "base", 1, ())  # the Active one goes (8.1.2)
    assert action.op.steps[1] == (sid("Cali"), "place", 1, ())
    assert len(action.op.steps) == 2
    assert "replace 2 AUC Guerrillas (1 Active) with an AUC Base" in lines(bot)
    after = execute(state, action)
    assert after.bases(sid("Huila"), AUC) == 1 and after.guerrillas(sid("Huila"), AUC) == 1
    # then Extort where AUC Controls with an Underground Guerrilla: Cali, Huila
    assert action.special == Extort(where=(sid("Cali"), sid("Huila")))


def test_rally_bullet_1_at_most_3_spaces_chosen_by_the_chart_8_6_1_8_2() -> None:
    state = blank_state()
    for name in ("Cesar-La Guajira", "Atlántico-Magdalena", "Santander-Boyacá", "Huila-Tolima"):
        put(state, name, AUC_U, 2)
    # 4 candidates for 3 spaces: 1,4,5 Santander; 3,1,1 Atlántico; 3,1,3 Cesar
    action, bot = run(state, [1, 4, 5, 3, 1, 1, 3, 1, 3])
    assert [s[0] for s in action.op.steps] == [sid("Santander"), sid("Atlántico"), sid("Cesar")]
    assert all(s[1] == "base" for s in action.op.steps)
    assert "[Santander-Boyacá (red 1, yellow 4, green 5)]" in lines(bot)


def test_rally_bullet_1_keeps_the_guerrilla_holding_a_shipment_8_6_1() -> None:
    state = position({"Huila": "3AU"})
    state.place_shipment(sid("Huila"), AUC)
    action, _ = run(state, [1, 1, 1])
    assert action.op.steps[0] == (sid("Huila"), "base", 0, ())
    after = execute(state, action)
    assert after.shipments_at(sid("Huila"), AUC)  # still held by the third Guerrilla


def test_rally_bullet_2_flips_active_guerrillas_with_base_and_cube_8_6_1() -> None:
    state = position({
        "Huila": "1P 1AA 1AB",
        "Cesar": "1T 2AA 2AB",  # stacking full: no Base in bullet 1
    })
    action, bot = run(state, [1, 1, 1])
    assert action.op.steps[:2] == (
        (sid("Cesar"), "regroup", 0, ()),
        (sid("Huila"), "regroup", 0, ()),
    )
    assert "flip 2 Active AUC Guerrillas Underground" in lines(bot)
    after = execute(state, action)
    # both flipped Underground by Rally, then Extort Activates 1 (AUC Controls Cesar)
    assert after.underground(sid("Cesar"), AUC) == 1 and after.active(sid("Cesar"), AUC) == 1
    assert sid("Cesar") in action.special.where


def test_rally_bullet_2_needs_a_cube_else_bullet_3_places_8_6_1() -> None:
    state = position({"Huila": "1AA 1AB"})
    action, _ = run(state, [1, 1, 1])
    # no cube: not bullet 2; Huila has an AUC Base: place Bases + Pop = 1 + 2
    assert action.op.steps[0] == (sid("Huila"), "place", 3, ())


def test_rally_bullet_3_farc_bases_then_auc_bases_then_1_random_8_6_1() -> None:
    state = position(
        {"Meta West": "1FB", "Antioquia": "1AB", "Chocó": "1FB"},
        support={"Chocó": -2},  # Opposition: no AUC Rally (3.3.1)
    )
    action, bot = run(state, [5, 1, 1])  # 5,1,1: Amazonas
    assert action.op.steps == (
        (sid("Meta West"), "place", 1, ()),
        (sid("Antioquia"), "place", 3, ()),  # 1 Base + Population 2
        (sid("Amazonas"), "place", 1, ()),
    )
    assert isinstance(action.special, Extort)  # Antioquia: 3 Underground + a Base, Control


def test_rally_bullet_3_places_only_what_is_available_1_4_1() -> None:
    state = blank_state()
    state.removed_from_game[AUC] = 16  # 2 in play
    place(state, {
        "Antioquia": "2AU 1AB",  # 0 Available, but Rally would place a Base
        "Huila": "1FB",
    })
    action, _ = run(state, [1, 1, 1])
    # bullet 1: the Base (2 Guerrillas back to Available); bullet 3: 1 in Huila (FARC
    # Base); Antioquia (AUC Base) already Rallied; finally the last Available Guerrilla
    # in 1 other space (1,1,1: Cali)
    assert action.op.steps == (
        (sid("Antioquia"), "base", 0, ()),
        (sid("Huila"), "place", 1, ()),
        (sid("Cali"), "place", 1, ()),
    )


def test_rally_with_nothing_to_place_passes_8_1_1() -> None:
    state = blank_state()
    state.removed_from_game[AUC] = 17
    put(state, "Huila", AUC_U, 1)  # 0 Available, no Base possible
    action, bot = run(state, [])
    # 8.6.1 no; no FARC Base: no March; no Terror; Attack impossible -> March
    # impossible -> Rally impossible (nothing to place) -> Pass
    assert action is None
    text = lines(bot)
    assert "Attack not possible: March instead" in text
    assert "Rally not possible: Pass" in text


def test_rally_spaces_are_cities_and_departments_without_opposition_3_3_1() -> None:
    state = blank_state()
    for space in range(27):
        if MAP[space].pop and space != sid("Cesar"):
            state.support[space] = -1
    # Population 0 Departments are Neutral by nature: only they and Cesar are candidates
    action, _ = run(state, [3, 1, 1])  # Atlántico (Opposition) -> Cesar
    assert action.op.steps == ((sid("Cesar"), "place", 1, ()),)


def test_rally_extort_everywhere_possible_including_locs_8_6_1() -> None:
    state = position({
        "Cesar": "1AU",  # AUC Control, Underground: Extort
        "Ayacucho-Cúcuta": "1AU",  # a LoC: Extort too (4.3.1)
        "Santander": "1P 1AU",  # no Control: no Extort
    })
    action, bot = run(state, [1, 1, 1])  # Rally bullet 3: 1 random space, Cali
    assert action.op.steps == ((sid("Cali"), "place", 1, ()),)
    assert isinstance(action.special, Extort)
    # every such space (the interpreter takes LoCs first), Cali just Rallied included
    assert action.special.where == (sid("Ayacucho-Cúcuta"), sid("Cali"), sid("Cesar"))
    after = execute(state, action)
    assert after.resources[AUC] == state.resources[AUC] - 1 + 3


def test_rally_without_extort_possible_has_no_special_activity_8_6_1() -> None:
    state = position({"Santander": "2P"})
    action, bot = run(state, [1, 4, 5])  # Santander: 1 AUC vs 2 Police, no Control
    assert action.op.steps == ((sid("Santander"), "place", 1, ()),)
    assert action.special is None
    assert "no Extort possible" in lines(bot)


def test_rally_impossible_passes_8_1_1() -> None:
    state = blank_state(resources=0)
    action, bot = run(state, [])
    assert action is None
    assert "Rally not possible: Pass" in lines(bot)


def test_zero_resources_stop_further_rally_spaces_8_1() -> None:
    state = position({"Meta West": "1FB", "Guaviare": "1FB", "Huila": "1FB"}, resources=2)
    # 3 FARC Base spaces and room for 3, but only 2 Resources: the 8.2 chart picks which
    # 2 get paid for (red 5 yellow 3 green 1 -> Meta West; red 6 yellow 4 green 5 ->
    # Huila), and no further space once Resources reach 0 (8.1).
    action, _ = run(state, [5, 3, 1, 6, 4, 5])
    assert [s[0] for s in action.op.steps] == [sid("Meta West"), sid("Huila")]


# ======================================================================================
# 8.6.2 March
# ======================================================================================
def test_march_condition_fewer_than_half_of_farc_base_spaces_8_6_2() -> None:
    state = blank_state()
    for name in ("Meta West", "Guaviare", "Huila-Tolima"):
        put(state, name, FARC_B)
    put(state, "Huila-Tolima", AUC_A)
    verdict = auc.march_condition(Bot(state, AUC, ScriptedDice([])))
    assert verdict.value
    assert verdict.detail == "1 of 3 spaces with FARC Bases have AUC Guerrillas (Huila-Tolima)"
    put(state, "Guaviare", AUC_A)  # 2 of 3: not fewer than half
    assert not ask("auc.march_condition", state)


def test_march_condition_half_exactly_is_not_fewer_8_6_2() -> None:
    state = blank_state()
    for name in ("Meta West", "Huila"):
        put(state, name, FARC_B)
    put(state, "Huila", AUC_A)
    assert not ask("auc.march_condition", state)


def test_march_condition_no_farc_base_no_march_8_6_2() -> None:
    state = blank_state()
    assert not ask("auc.march_condition", state)


def _march_position() -> GameState:
    state = position({"Antioquia": "2AU"})
    oppose(state, "Antioquia")  # no Rally (a Base) there
    return state


def test_march_into_a_farc_base_if_possible_8_6_2() -> None:
    state = _march_position()
    place(state, {
        "Huila": "1FB",
        "Cesar": "1FU",  # FARC pieces but no Base
    })
    action, bot = run(state, [], few=True)
    assert isinstance(action.op, March)
    assert action.op.groups == ((sid("Antioquia"), sid("Huila"), 2, 0, 0),)
    # Extort per 8.6.1 after March: 2 AUC against 1 FARC Base in Huila
    assert isinstance(action.special, Extort) and action.special.where == (sid("Huila"),)
    assert "March 2 AUC Guerrillas from Antioquia" in lines(bot)


def test_march_into_farc_pieces_without_base_when_no_base_reachable_8_6_2() -> None:
    state = _march_position()
    place(state, {
        "Guaviare": "1FB",  # not adjacent to Antioquia
        "Cesar": "1FU",
    })
    action, _ = run(state, [], few=True)
    assert action.op.groups == ((sid("Antioquia"), sid("Cesar"), 2, 0, 0),)


def test_march_not_into_spaces_with_auc_guerrillas_8_6_2() -> None:
    state = _march_position()
    place(state, {
        "Huila": "1FB 1AA",
        "Cesar": "1FU",
        "Meta West": "1FB",
        "Guaviare": "1FB",  # 1 of 3 FARC Base spaces with AUC: March
    })
    action, _ = run(state, [], few=True)
    assert action.op.destinations() == (sid("Cesar"),)


def test_march_first_where_the_guerrillas_stay_underground_8_6_2() -> None:
    state = position({"Bogotá": "2AU"})
    oppose(state, "Bogotá")
    for name in ("Huila", "Meta West"):
        put(state, name, FARC_B)
    # Support and 3 Police: even 1 AUC Guerrilla is Activated (1 + 3 > 3); with 2 Police
    # 8.1.2 would March 1 there, who stays Underground (issue 33)
    state.support[sid("Huila")] = 1
    put(state, "Huila", Piece.POLICE, 3)
    action, _ = run(state, [], few=True)
    assert action.op.groups == ((sid("Bogotá"), sid("Meta West"), 2, 0, 0),)


def test_march_ranks_by_the_group_that_really_moves_issue_33_8_6_2() -> None:
    """# 8.6.2 « choisissez d'abord celle qui permet aux Guérillas des AUC se déplaçant
    de rester Dormantes »: Meta West (3 Police) would Activate all 4; into Guaviare 8.1.2
    moves 3, who stay Underground. Guaviare comes first, without a die (today's main
    ranked both as Activating and let the dice 5,3,1 pick Meta West)."""
    state = position({
        "Meta East": "4AU",
        "Meta West": "1FB 3P",
        "Guaviare": "1FB",
    }, support={"Meta West": 1, "Guaviare": 1})
    oppose(state, "Meta East")  # no Rally (a Base) there
    action, bot = run(state, [5, 3, 1], few=True)
    assert isinstance(action.op, March)
    assert action.op.groups == ((sid("Meta East"), sid("Guaviare"), 3, 0, 0),)
    assert "dice" not in lines(bot)
    assert auc.stays_underground(state, sid("Guaviare"))
    assert not auc.stays_underground(state, sid("Meta West"))


def test_march_farc_guerrillas_count_as_cubes_for_staying_underground_3_3_2() -> None:
    state = position({"Bogotá": "2AU"})
    oppose(state, "Bogotá")
    place(state, {"Huila": "3FU 1FB"})
    # Opposition and 3 FARC Guerrillas: even 1 AUC Guerrilla is Activated (1 + 3 > 3)
    oppose(state, "Huila")
    put(state, "Meta West", FARC_B)
    state.support[sid("Meta West")] = 1  # Support, no cube: 2 stay Underground
    action, _ = run(state, [], few=True)
    assert action.op.destinations() == (sid("Meta West"),)


def test_march_equal_destinations_chosen_by_the_chart_8_2() -> None:
    state = position({"Bogotá": "2AU"})
    oppose(state, "Bogotá")
    for name in ("Huila", "Meta West"):
        put(state, name, FARC_B)
    action, bot = run(state, [5, 3, 5], few=True)  # Huila
    assert action.op.destinations() == (sid("Huila"),)
    action, _ = run(state, [5, 3, 1], few=True)  # Meta West
    assert action.op.destinations() == (sid("Meta West"),)


def test_march_leaves_1_where_auc_base_or_farc_piece_8_6_2() -> None:
    state = _march_position()
    place(state, {
        "Antioquia": "1AA 1AB",  # 2 Underground + 1 Active, keep 1 (the Active)
        "Santander": "1FU 1AU",  # its only AUC Guerrilla stays
        "Huila": "1FB",
    })
    action, _ = run(state, [], few=True)
    assert action.op.groups == ((sid("Antioquia"), sid("Huila"), 2, 0, 0),)


def test_march_from_adjacent_locs_too_and_with_shipments_8_1_2() -> None:
    state = _march_position()
    place(state, {
        "Huila": "1FB",
        "Bogotá-Neiva": "1AA",  # LoC adjacent to Huila
    })
    state.place_shipment(sid("Antioquia"), AUC)
    action, _ = run(state, [], few=True)
    assert action.op.groups == (
        (sid("Antioquia"), sid("Huila"), 2, 0, 1),  # Shipments move first (8.1.2)
        (sid("Bogotá-Neiva"), sid("Huila"), 0, 1, 0),
    )
    after = execute(state, action)
    assert after.shipments_at(sid("Huila"), AUC)


def test_march_keeps_underground_within_8_1_2_march_example() -> None:
    state = position({"Antioquia": "2AU 3AA"})
    oppose(state, "Antioquia")
    put(state, "Huila", FARC_B)
    state.support[sid("Huila")] = 1  # Support: a group over 3 would be Activated
    action, bot = run(state, [], few=True)
    # only 3 of the 5 may go, the Underground ones first
    assert action.op.groups == ((sid("Antioquia"), sid("Huila"), 2, 1, 0),)
    after = execute(state, action)
    assert "Activated" not in lines(bot)
    # 2 arrived Underground; then Extort (3 AUC vs 1 FARC Base) Activates 1
    assert after.underground(sid("Huila"), AUC) == 1 and after.active(sid("Huila"), AUC) == 2


def test_march_when_activation_cannot_be_avoided_moves_all_8_1_2() -> None:
    # 8.1.2 "Lorsque l'Activation ne peut être évitée, déplacez d'abord les pièces
    # Actives" (when Activation cannot be avoided, move Active pieces first): an order,
    # not a filter. 8.6.2 "Marchez avec toutes les Guérillas AUC adjacentes" (March with
    # all adjacent AUC Guerrillas); 8.1.1 do as much as possible: the AUC Marches, it does
    # not fall back to Rally.
    state = position({"Bogotá": "2AU"})
    oppose(state, "Bogotá")
    place(state, {
        "Huila": "3P 1FB",  # Support and 3 cubes: even 1 mover Activates
    }, support={"Huila": 1})
    action, bot = run(state, [], few=True)
    assert isinstance(action.op, March)
    assert action.op.groups == ((sid("Bogotá"), sid("Huila"), 2, 0, 0),)
    assert "Rally instead" not in lines(bot)


def test_march_active_pieces_first_when_activation_unavoidable_8_1_2() -> None:
    # 8.1.2: Active first, then Underground (leaving 1 with the FARC piece there, 8.6.2:
    # the one left behind is Underground).
    state = position({"Bogotá": "1FU 2AU 1AA"})
    oppose(state, "Bogotá")
    place(state, {"Huila": "3P 1FB"}, support={"Huila": 1})
    action, _ = run(state, [], few=True)
    assert action.op.groups == ((sid("Bogotá"), sid("Huila"), 1, 1, 0),)


def test_march_leaves_1_only_where_an_auc_base_or_farc_piece_r_march_base() -> None:
    # 8.6.2 « laissez en 1 par zone ayant une Base AUC ou n'importe quel type de pièce
    # FARC » (docs/readings.md#r-march-base): another Faction's Base keeps none back.
    state = _march_position()
    place(state, {
        "Antioquia": "1CB",  # a Cartels Base only: both go
        "Huila": "1FB",
    })
    action, _ = run(state, [], few=True)
    assert action.op.groups == ((sid("Antioquia"), sid("Huila"), 2, 0, 0),)


def test_march_impossible_rallies_instead_8_1_1() -> None:
    state = position({
        "Guaviare": "1FB",
        "Cesar": "1AU",  # nowhere near FARC pieces
    })
    action, bot = run(state, [1, 1, 1], few=True)
    assert "Fewer than half" in lines(bot)
    assert "March not possible: Rally instead" in lines(bot)
    assert isinstance(action.op, Rally)
    assert action.op.steps[0] == (sid("Guaviare"), "place", 1, ())  # a FARC Base space


def test_march_with_0_resources_and_no_rally_passes_8_1() -> None:
    state = _march_position()
    state.resources[AUC] = 0
    put(state, "Huila", FARC_B)
    action, bot = run(state, [], few=True)
    assert action is None
    assert "March not possible: Rally instead" in lines(bot)
    assert "Rally not possible: Pass" in lines(bot)


# ======================================================================================
# 8.6.3 Attack and Ambush
# ======================================================================================
def _attack_position() -> GameState:
    """No Rally (few Available, spaces with 2+ AUC Guerrillas in Opposition), no March
    (the only FARC Base space has AUC), no Terror (no Underground AUC Guerrilla with a
    FARC Base): Attack."""
    state = position({"Meta West": "1FB 1AA"})
    oppose(state, "Huila", "Cesar", "Atlántico", "Santander")
    return state


def test_terror_condition_both_ways_8_6_3_8_6_4() -> None:
    state = _attack_position()
    assert not ask("auc.terror_condition", state)
    put(state, "Meta West", AUC_U)
    verdict = auc.terror_condition(Bot(state, AUC, ScriptedDice([])))
    assert verdict.value and "Meta West" in verdict.detail


def test_attack_where_underground_or_3_guerrillas_most_first_8_6_3() -> None:
    state = _attack_position()
    place(state, {
        "Huila": "1T 4AA",
        "Cesar": "1FU 1AU",
        "Santander": "1P 2AA",  # only 2 Active: not an Attack space
    })
    action, bot = run(state, [], few=True)
    assert "Attack" in lines(bot)
    assert isinstance(action.op, Attack)
    assert action.op.targets == (
        (sid("Huila"), (int(Piece.TROOPS),)),
        (sid("Cesar"), (int(FARC_U),)),
    )
    assert action.special == Ambush(space=sid("Cesar"))


def test_attack_at_most_3_spaces_ties_by_chart_8_6_3() -> None:
    state = _attack_position()
    for name, n in (("Huila", 5), ("Cesar", 4), ("Atlántico", 3), ("Santander", 3)):
        put(state, name, AUC_A, n)
        put(state, name, Piece.POLICE)
    action, _ = run(state, [1, 4, 5], few=True)  # Atlántico or Santander: 1,4,5 Santander
    assert action.op.spaces() == (sid("Huila"), sid("Cesar"), sid("Santander"))


def test_attack_on_locs_too_3_3_3() -> None:
    state = _attack_position()
    place(state, {"Bogotá-Neiva": "1T 1AU"})
    action, _ = run(state, [], few=True)
    assert action.op.spaces() == (sid("Bogotá-Neiva"),)
    assert action.special == Ambush(space=sid("Bogotá-Neiva"))


def test_attack_targets_shipments_then_farc_then_government_8_6_3() -> None:
    state = _attack_position()
    place(state, {"Huila-Tolima": "1P 1FU 3AA 1CU 1CB"})
    state.place_shipment(sid("Huila-Tolima"), Faction.CARTELS)
    kinds, first = auc.attack_targets(state, sid("Huila-Tolima"))
    assert kinds == (CART_U, FARC_U) and first == "shipment"
    action, bot = run(state, [], few=True)
    assert action.op.targets[0] == (sid("Huila-Tolima"), (int(CART_U), int(FARC_U)))
    assert ("targeting 1 Underground Cartels Guerrilla and 1 Underground FARC Guerrilla"
            in lines(bot))  # counted pieces


def test_attack_shipment_held_by_3_guerrillas_cannot_be_taken_8_6_3() -> None:
    state = position({"Huila": "1P 3FU 3AA"})
    state.place_shipment(sid("Huila"), Faction.FARC)
    assert auc.attack_targets(state, sid("Huila")) == ((FARC_U, FARC_U), "FARC")


def test_attack_farc_base_last_then_government_bases_last_3_3_3() -> None:
    state = position({"Huila": "1T 1GB 1FA 1FB"})
    assert auc.attack_targets(state, sid("Huila")) == ((FARC_A, FARC_B), "FARC")
    state2 = position({"Huila": "1T 1P 1GB"})
    assert auc.attack_targets(state2, sid("Huila")) == (
        (Piece.POLICE, Piece.TROOPS),
        "Government",
    )


def test_attack_not_on_cartels_alone_8_6_3() -> None:
    state = position({"Huila": "2CU 1CB"})
    assert auc.attack_targets(state, sid("Huila")) == ((), None)
    state.place_shipment(sid("Huila"), Faction.CARTELS)
    # 2 Cartels Guerrillas: removing both takes the Shipment
    assert auc.attack_targets(state, sid("Huila")) == ((CART_U, CART_U), "shipment")


def test_attack_taking_a_shipment_then_the_cartels_to_the_full_extent_1_4_1() -> None:
    state = position({"Huila": "1CU 1CB"})
    state.place_shipment(sid("Huila"), Faction.CARTELS)
    assert auc.attack_targets(state, sid("Huila")) == ((CART_U, CART_B), "shipment")


def test_ambush_in_attack_space_with_fewest_auc_guerrillas_8_6_3() -> None:
    state = _attack_position()
    place(state, {"Huila": "1T 4AU", "Cesar": "1P 1AU 1AA"})
    action, bot = run(state, [], few=True)
    assert isinstance(action.special, Ambush)
    assert action.special.space == sid("Cesar")
    after = execute(state, action)
    # Ambush: Police removed for sure, 1 AUC Guerrilla placed (as if a 1)
    assert after.police(sid("Cesar")) == 0 and after.guerrillas(sid("Cesar"), AUC) == 3


def test_ambush_tie_shipment_then_farc_then_government_8_6_3() -> None:
    state = _attack_position()
    place(state, {"Huila": "1P 2AU", "Cesar": "1FU 2AU", "Atlántico": "2AU 1CU"})
    state.place_shipment(sid("Atlántico"), Faction.CARTELS)
    action, _ = run(state, [], few=True)  # 3 spaces, room for 3: map order
    assert action.op.spaces() == (sid("Atlántico"), sid("Cesar"), sid("Huila"))
    assert action.special.space == sid("Atlántico")  # a Shipment targeted
    state.shipments = [None] * len(state.shipments)
    action, _ = run(state, [], few=True)
    assert action.op.spaces() == (sid("Cesar"), sid("Huila"))  # Cartels alone: no target
    assert action.special.space == sid("Cesar")  # FARC before the Government


def test_ambush_none_without_underground_guerrilla_8_6_3() -> None:
    state = _attack_position()
    place(state, {"Huila": "1T 3AA"})
    action, bot = run(state, [], few=True)
    assert isinstance(action.op, Attack) and action.special is None
    assert "no Ambush possible" in lines(bot)


def test_attack_impossible_marches_instead_8_1_1() -> None:
    state = _attack_position()
    place(state, {
        "Huila": "1AU",
        "Antioquia": "1FU",  # no Attack anywhere; FARC pieces next to Huila
    })
    action, bot = run(state, [], few=True)
    assert "Attack not possible: March instead" in lines(bot)
    assert isinstance(action.op, March)
    assert action.op.groups == ((sid("Huila"), sid("Antioquia"), 1, 0, 0),)


def test_attack_and_march_impossible_rallies_8_1_1() -> None:
    state = _attack_position()
    action, bot = run(state, [1, 1, 1], few=True)
    text = lines(bot)
    assert "Attack not possible: March instead" in text
    assert "March not possible: Rally instead" in text
    assert isinstance(action.op, Rally)
    assert action.op.steps[0] == (sid("Meta West"), "place", 1, ())


def test_zero_resources_stop_further_attack_spaces_8_1() -> None:
    state = _attack_position()
    state.resources[AUC] = 1
    place(state, {"Huila": "1T 4AA", "Cesar": "1FU 1AU"})
    action, _ = run(state, [], few=True)
    assert action.op.spaces() == (sid("Huila"),)
    assert action.special is None  # Huila has no Underground AUC Guerrilla


# ======================================================================================
# 8.6.4 Terror and Assassinate
# ======================================================================================
def test_terror_first_farc_base_then_1_with_farc_then_any_8_6_4() -> None:
    state = position({
        "Huila": "1FB 1AU",
        "Meta West": "1FB 1AU",
        "Cesar": "1AU",
        "Ayacucho-Cúcuta": "1AU",  # LoC: not a Terror choice
    })
    # bullet 1: Huila or Meta West by the chart (5,3,1 Meta West); bullet 2: Huila
    # (FARC pieces); bullet 3: Cesar
    action, bot = run(state, [5, 3, 1], few=True)
    assert isinstance(action.op, Terror)
    assert action.op.where == (sid("Meta West"), sid("Huila"), sid("Cesar"))
    after = execute(state, action)
    assert after.aid == state.aid - 5  # Aid Cut (3.3.4)
    assert "Terror: Activate 1 AUC Guerrilla, place a Terror marker" in lines(bot)
    # Assassinate: the FARC Bases of Meta West and Huila (no Police); Cesar has no enemy
    assert action.special == Assassinate(
        where=(sid("Meta West"), sid("Huila")), targets=(int(FARC_B), int(FARC_B))
    )


def test_terror_shifts_toward_neutral_3_3_4() -> None:
    state = position({"Huila": "1FB 1AU"}, support={"Huila": 2})
    action, bot = run(state, [], few=True)
    assert "shift 1 level toward Neutral" in lines(bot)
    assert execute(state, action).support[sid("Huila")] == 1


def test_terror_bullet_2_takes_only_1_space_with_farc_pieces_8_6_4() -> None:
    state = position({
        "Huila": "1FB 1AU",
        "Cesar": "1FU 1AU",
        "Atlántico": "1FU 1AU",
        "Santander": "1AU",
    })
    # bullet 2: 1 of Cesar/Atlántico (3,1,3: Cesar); bullet 3: Atlántico or Santander
    # (1,4,5: Santander)
    action, _ = run(state, [3, 1, 3, 1, 4, 5], few=True)
    assert action.op.where == (sid("Huila"), sid("Cesar"), sid("Santander"))


def test_published_roll_12_terror_farc_base_santander_8_2() -> None:
    # 1,3,2 -> Medellín -> Bucaramanga -> Santander (Underground AUC Guerrilla and FARC Base)
    state = blank_state()
    for name in ("Santander-Boyacá", "Huila-Tolima"):
        place(state, {name: "1FB 1AU"})
    put(state, "Medellín", AUC_U)  # no FARC Base: not a bullet-1 candidate
    action, bot = run(state, [1, 3, 2], few=True)
    assert action.op.where == (sid("Santander-Boyacá"), sid("Huila-Tolima"), sid("Medellín"))
    assert (
        "Santander-Boyacá (red 1, yellow 3, green 2: Medellín -> Bucaramanga -> "
        "Santander-Boyacá)"
        in lines(bot)
    )


def test_published_roll_14_terror_putumayo_8_2() -> None:
    # 3,6,2 -> Vichada -> ... -> Putumayo (Underground AUC Guerrilla)
    state = position({"Santander": "1FB 1AU"})
    for name in ("Putumayo", "Huila"):
        place(state, {name: "1FU 1AU"})
    put(state, "Vichada", FARC_U)  # FARC pieces but no AUC Guerrilla
    action, bot = run(state, [3, 6, 2], few=True)
    assert action.op.where == (sid("Santander"), sid("Putumayo"), sid("Huila"))
    assert "Vichada -> Guainía -> Vaupés -> Amazonas -> Putumayo" in lines(bot)


def test_assassinate_where_auc_outnumber_police_farc_base_first_8_6_4() -> None:
    state = position({
        "Huila": "1P 1FU 1FB 2AU",
        "Cesar": "1P 1FU 1AU",  # 1 AUC vs 1 Police: no Assassination
    })
    oppose(state, "Huila")
    action, bot = run(state, [], few=True)
    assert action.op.where == (sid("Huila"), sid("Cesar"))
    assert isinstance(action.special, Assassinate)
    assert action.special.where == (sid("Huila"),)
    assert action.special.targets == (int(FARC_B),)  # even with a Guerrilla there (4.4.2)
    after = execute(state, action)
    assert after.bases(sid("Huila"), Faction.FARC) == 0


def test_assassinate_takes_shipments_then_farc_then_government_then_cartels_8_6_4() -> None:
    state = position({"Huila": "1FB 2AU 1CU"})
    state.place_shipment(sid("Huila"), Faction.CARTELS)
    assert auc.assassinate_target(state, sid("Huila")) == CART_U  # Commandeer
    put(state, "Huila", CART_A)  # 2 Cartels Guerrillas: no Shipment forced off
    assert auc.assassinate_target(state, sid("Huila")) == FARC_B
    s2 = position({"Cesar": "1T 1P 1CB"})
    assert auc.assassinate_target(s2, sid("Cesar")) == Piece.POLICE  # Police, then Troops
    s3 = position({"Cesar": "1CU 1CB"})
    assert auc.assassinate_target(s3, sid("Cesar")) == CART_B  # Bases first (8.1.2)
    s4 = position({"Cesar": "1FU 1FA"})
    assert auc.assassinate_target(s4, sid("Cesar")) == FARC_U  # Underground before Active


def test_assassinate_commandeer_in_a_full_turn_4_4_2() -> None:
    state = position({"Huila": "1FB 2AU 1CU"})
    state.place_shipment(sid("Huila"), Faction.CARTELS)
    oppose(state, "Huila")
    action, bot = run(state, [], few=True)
    assert action.special.targets == (int(CART_U),)
    assert "Commandeer: 1 Shipment to AUC" in lines(bot)
    after = execute(state, action)
    assert after.shipments_at(sid("Huila"), AUC)


def test_assassinate_none_if_all_terror_spaces_have_too_many_police_8_6_4() -> None:
    state = position({"Huila": "1P 1FB 1AU"})
    action, bot = run(state, [], few=True)
    assert isinstance(action.op, Terror) and action.special is None
    assert "no Assassinate possible" in lines(bot)


def test_zero_resources_stop_terror_but_assassinate_follows_8_1() -> None:
    state = position({"Huila": "1FB 2AU", "Cesar": "1FU 2AU"}, resources=1)
    oppose(state, "Huila", "Cesar")
    action, _ = run(state, [], few=True)
    assert action.op.where == (sid("Huila"),)
    assert action.special.where == (sid("Huila"),)


def test_terror_impossible_marches_instead_8_1_1() -> None:
    state = position({"Huila": "1FB 1AU"}, resources=0)
    action, bot = run(state, [], few=True)
    assert action is None
    text = lines(bot)
    assert "Terror not possible: March instead" in text
    assert "Rally not possible: Pass" in text


def test_rally_random_space_takes_ecuador_first_when_in_play_8_2() -> None:
    state = blank_state()
    state.foreign_in_play = [MAP.ECUADOR]
    action, bot = run(state, [])  # no die: Ecuador is taken before any other space
    assert action.op.steps == ((MAP.ECUADOR, "place", 1, ()),)
    assert "taken before any other space" in lines(bot)


# ======================================================================================
# golden test: the AUC's first turn from the Standard set up
# ======================================================================================
def test_golden_first_turn_standard_setup() -> None:
    state = new_state("standard", seed=3)
    # 8.6.1: AUC has 6 Guerrillas on the map, 18 - 6 = 12 Available >= 6: Rally.
    # Bullet 1: no space has 2 AUC Guerrillas. Bullet 2: no Active AUC Guerrilla.
    # Bullet 3: FARC Bases in Chocó, Arauca, Meta East, Meta West, Guaviare (all Active
    #   Opposition: no AUC Rally) and Huila (Neutral): place 1 in Huila (no AUC Base).
    #   Then the AUC Base in Antioquia (Neutral): 1 Base + Population 2 = 3 Guerrillas.
    #   Finally 1 other City or Department: roll 6,4,5 -> Huila (already Rallied) ->
    #   Pasto (a City with Active Support: AUC may Rally there).
    action, bot = run(state, [6, 4, 5])
    assert action.op.steps == (
        (sid("Huila-Tolima"), "place", 1, ()),
        (sid("Antioquia-Bolívar"), "place", 3, ()),
        (sid("Pasto"), "place", 1, ()),
    )
    # Extort: Atlántico (1 Underground AUC alone) and Antioquia (4 + Base); not Pasto
    # (1 AUC vs 1 Police), Huila (1 vs FARC Guerrilla + Base), Santander, Arauca,
    # Guaviare, Putumayo (outnumbered).
    assert action.special == Extort(where=(sid("Atlántico-Magdalena"), sid("Antioquia-Bolívar")))
    after = execute(state, action)
    assert after.resources[AUC] == 10 - 3 + 2
    assert "Pasto (red 6, yellow 4, green 5: Huila-Tolima -> Pasto)" in lines(bot)


# ======================================================================================
# property: whatever the position, the plan is legal
# ======================================================================================
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, steps=st.integers(0, 150), starve=st.booleans())
def test_any_random_position_plans_a_legal_turn(seed: int, steps: int, starve: bool) -> None:
    rng = random.Random(seed)
    game = Game.new("standard", seed=seed % 1000)
    random_play(game, rng, steps)
    state = game.state.clone()
    if starve:  # no Guerrilla Available and some Resources: the March/Terror/Attack side
        state.removed_from_game[AUC] += state.available_guerrillas(AUC)
        state.resources[AUC] = rng.randint(1, 15)
    dice = ScriptedDice([rng.randint(1, 6) for _ in range(200)])
    action = plan_operation(Bot(state.clone(), AUC, dice))
    if action is None:
        return
    assert isinstance(action, OperationAction)
    assert action.op.spaces()
    execute(state, action)


def _random_board(rng: random.Random) -> GameState:
    """A random but legal board: pieces within inventory (1.4.1) and stacking (1.4.2),
    random Support/Opposition, Shipments under Guerrillas (4.5.3), 0-12 Resources."""
    state = blank_state(resources=rng.randint(0, 12))
    spaces = [s.id for s in MAP.spaces if state.in_play(s.id)]
    for space in rng.sample(spaces, 14):
        for kind in Piece:
            if kind.is_base and (MAP[space].is_loc or state.all_bases(space) >= 2):
                continue
            n = min(rng.choice([0, 0, 0, 1, 1, 2, 3]), state.available(kind))
            if kind.is_base:
                n = min(n, 2 - state.all_bases(space))
            if n > 0:
                put(state, space, kind, n)
        if MAP[space].is_populated:
            state.support[space] = rng.randint(-2, 2)
    insurgents = (Faction.FARC, AUC, Faction.CARTELS)
    holders = [(s, f) for s in spaces for f in insurgents if state.guerrillas(s, f)]
    for _ in range(rng.randint(0, 4)):
        if holders:
            state.place_shipment(*rng.choice(holders))
    assert state.check_invariants() == []
    return state


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS)
def test_any_random_board_plans_a_legal_turn(seed: int) -> None:
    # random boards reach the Attack/Ambush and Terror/Assassinate branches that random
    # games rarely do
    rng = random.Random(seed)
    state = _random_board(rng)
    dice = ScriptedDice([rng.randint(1, 6) for _ in range(300)])
    bot = Bot(state.clone(), AUC, dice)
    action = plan_operation(bot)
    if action is None:
        assert bot.trace.lines()[-1].endswith("Pass (8.1.1)")
        return
    assert action.op.spaces()
    assert len(set(action.op.spaces())) <= 3 or isinstance(action.op, March)
    execute(state, action)
