"""Non-player FARC (rule 8.7 with 8.1-8.3): every bullet on hand-built positions, the
diamonds both ways, 8.1.1 fallbacks, 8.1 Resources, the published chart rolls of FARC
choices, a golden first turn from the Standard set up, and a property test over
positions reached by random play."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from unittest.mock import patch

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.commands import Context
from core.dice import SEEDED, AskDice, ScriptedDice
from core.game import Game
from core.game.sequence import OperationAction
from core.map import MAP, space_name
from core.pieces import Faction, Piece
from core.rules import insurgent_ops as ops
from core.setup import new_state
from core.state import GameState
from nonplayer import farc, registry
from nonplayer.bot import Bot
from nonplayer.flowchart import load
from nonplayer.interpreter import plan_operation
from nonplayer.registry import Verdict
from tests.helpers import after_plan, blank_state, place, planned, position, put, sid
from tests.strategies import random_play

F = Faction.FARC
FU, FA, FB = Piece.FARC_UNDERGROUND, Piece.FARC_ACTIVE, Piece.FARC_BASE
AU, AB = Piece.AUC_UNDERGROUND, Piece.AUC_BASE
CU, CB = Piece.CARTELS_UNDERGROUND, Piece.CARTELS_BASE
TROOPS, POLICE = Piece.TROOPS, Piece.POLICE


# ======================================================================================
# helpers
# ======================================================================================
_AVAILABLE = "test.farc_available"


def few(state: GameState, available: int = 5) -> GameState:
    """Leave only ``available`` FARC Guerrillas Available (the others out of the game,
    as by card 49), so the 9-Guerrilla Rally condition fails (8.7.1). Pieces may still be
    put on the map afterwards: :func:`bot` and :func:`run` settle the count."""
    state.options[_AVAILABLE] = available
    return state


def _settle(state: GameState) -> None:
    if _AVAILABLE in state.options:
        available = state.options[_AVAILABLE]
        state.removed_from_game[F] = 0
        state.removed_from_game[F] = state.available_guerrillas(F) - available
        assert state.available_guerrillas(F) == available


def bot(state: GameState, dice: list[int] | None = None) -> Bot:
    _settle(state)
    return Bot(state, F, ScriptedDice(dice or []))


def run(state: GameState, dice: list[int] | None = None) -> tuple[OperationAction | None, Bot]:
    _settle(state)
    return planned(state, F, dice or [])


def execute(state: GameState, action: OperationAction) -> GameState:
    """Execute the planned command on a clone the way the game does; check invariants."""
    return after_plan(state, F, action)


def op_only(state: GameState, action: OperationAction) -> GameState:
    """The board after the Operation alone (before its Special Activity)."""
    trial = state.clone()
    action.op.execute(trial, Context(faction=F, nonplayer=True))
    return trial


def text(bot: Bot) -> str:
    return "\n".join(bot.trace.lines())


@contextmanager
def answers(**values: bool) -> Iterator[None]:
    """Force flowchart diamonds (by predicate short name) to an answer."""
    forced = {f"farc.{k}": (lambda bot, v=v: Verdict(v, "forced")) for k, v in values.items()}
    with patch.dict(registry.PREDICATES, forced):
        yield


def crowd(state: GameState, space: str) -> None:
    """2 Cartels Bases: no room for a FARC Base (1.4.2), so no Rally Base there."""
    put(state, space, CB, 2)


def shipment(state: GameState, space: str, holder: Faction) -> None:
    i = state.shipments.index(None)
    state.shipments[i] = [sid(space), int(holder)]


def test_every_flowchart_name_is_registered() -> None:
    chart = load(F)
    for node in chart.nodes.values():
        if node.predicate:
            assert node.predicate in registry.PREDICATES
        for bullet in node.bullets:
            assert bullet.select in registry.SELECTORS
            assert bullet.do in registry.ACTIONS


# ======================================================================================
# 8.7.1 Rally condition (diamond both ways)
# ======================================================================================
def test_rally_condition_nine_guerrillas_available_8_7_1() -> None:
    state = few(blank_state(), 9)
    verdict = farc.rally_condition(bot(state))
    assert verdict and "9 FARC Guerrillas Available" in verdict.detail


def test_rally_condition_fails_with_eight_and_no_base_possible_8_7_1() -> None:
    state = few(blank_state(), 8)
    put(state, "Huila", FU)  # a single Guerrilla: no Base by Rally
    assert not farc.rally_condition(bot(state))


def test_rally_condition_base_possible_with_few_available_8_7_1() -> None:
    state = few(blank_state(), 2)
    put(state, "Huila", FU, 2)
    verdict = farc.rally_condition(bot(state))
    assert verdict and "Huila" in verdict.detail


def test_rally_condition_no_base_where_support_two_bases_or_no_base_left_8_7_1() -> None:
    state = few(blank_state(), 2)
    place(
        state,
        {
            "Santander": "3FU",
            "Putumayo": "3FU 2CB",  # stacking (1.4.2)
        },
        support={"Santander": 1},  # FARC may not Rally with Support (3.3.1)
    )
    assert not farc.rally_condition(bot(state))
    state = few(blank_state(), 2)
    put(state, "Huila", FU, 2)
    for name in ("Vichada", "Guainía", "Vaupés", "Amazonas"):
        put(state, name, FB, 2)
    put(state, "Meta West", FB, 1)  # all 9 FARC Bases on the map (1.4.1)
    assert not farc.rally_condition(bot(state))


def test_rally_condition_guerrilla_with_shipment_not_free_8_7_1() -> None:
    """"2 Guerrillas without a Shipment": the FARC Shipment stays with one of them."""
    state = few(blank_state(), 2)
    put(state, "Huila", FU, 2)
    shipment(state, "Huila", F)
    assert not farc.rally_condition(bot(state))
    put(state, "Huila", FA, 1)
    assert farc.rally_condition(bot(state))


# ======================================================================================
# 8.7.1 Rally bullets
# ======================================================================================
def test_rally_bullet_1_replaces_two_guerrillas_with_base_active_first_8_7_1() -> None:
    state = position({"Huila-Tolima": "2FU 1FA"})
    action, bot = run(state, [1, 1, 1])  # bullet 4: chart slot Cali
    assert action is not None
    huila, cali = sid("Huila-Tolima"), sid("Cali")
    assert action.op.steps == ((huila, "base", 1, ()), (cali, "place", 1, ()))
    after = execute(state, action)
    assert after.bases(huila, F) == 1 and after.underground(huila, F) == 1
    assert after.active(huila, F) == 0  # the Active one went first (8.1.2)
    assert action.special is None  # no space with 2 Underground, no LoC (8.7.1 Extort)
    assert "Rally in Huila-Tolima: replace 2 FARC Guerrillas" in text(bot)


def test_rally_bullet_1_adds_second_base_but_not_third_8_7_1() -> None:
    state = position({"Huila": "2FU 1FB", "Meta East": "2FU 1FB 1CB"})
    action, _ = run(state, [1, 1, 1])
    assert action is not None
    steps = {s[0]: s for s in action.op.steps}
    assert steps[sid("Huila")][1] == "base"
    # Meta East has 2 Bases: not bullet 1 but bullet 3 (Population 1 + 1 Base)
    assert steps[sid("Meta East")] == (sid("Meta East"), "place", 2, ())


def test_rally_bullet_1_skips_shipment_holder_8_7_1() -> None:
    state = position({"Nariño": "2FU"})
    shipment(state, "Nariño", F)
    action, _ = run(state, [1, 1, 1])
    assert action is not None
    assert all(step[1] != "base" for step in action.op.steps)


def test_rally_bullet_2_flips_active_guerrillas_with_base_and_cube_8_7_1() -> None:
    state = blank_state()
    arauca = sid("Arauca")
    state.support[arauca] = -2
    place(state, {
        "Arauca": "1P 2FA 2FB",  # 2 Bases: no Base by bullet 1
        "Vichada": "1FA 1FB",  # no cube: not bullet 2, bullet 3 instead
    })
    action, bot = run(state, [1, 1, 1])
    assert action is not None
    assert action.op.steps[0] == (arauca, "regroup", 0, ())
    assert action.op.steps[1] == (sid("Vichada"), "place", 1, ())
    # Both flipped Underground, then the Extort there (2 Underground, FARC Control)
    # Activated 1 again.
    assert action.special is not None and action.special.where == (arauca,)
    after = execute(state, action)
    assert after.underground(arauca, F) == 1 and after.active(arauca, F) == 1
    assert "flip 2 FARC Guerrillas Underground" in text(bot)


def test_rally_bullet_3_places_population_plus_bases_up_to_available_8_7_1() -> None:
    state = few(blank_state(), 9)
    bogota = sid("Bogotá")
    put(state, "Bogotá", FB, 2)  # Population 8 + 2 Bases = 10, but only 9 Available
    action, _ = run(state)
    assert action is not None
    assert action.op.steps == ((bogota, "place", 9, ()),)  # none left for bullet 4


def test_rally_bullet_4_published_roll_9_atlantico_has_support_then_cesar_8_2() -> None:
    """Published roll 9: red 4, yellow 1, green 2 -> Atlántico-Magdalena, which has Support: no
    FARC Rally there (3.3.1) -> Cesar-La Guajira."""
    state = position(support={"Atlántico-Magdalena": 1})
    action, bot = run(state, [4, 1, 2])
    assert action is not None
    assert action.op.steps == ((sid("Cesar-La Guajira"), "place", 1, ()),)
    assert "Atlántico-Magdalena -> Cesar-La Guajira" in text(bot)


def test_rally_resources_run_out_random_choice_then_stop_8_1() -> None:
    """Bullet 3 has 3 spaces but 2 Resources: the chart chooses (8.2); at 0 Resources no
    further Operation space (8.1), while the Extort still follows."""
    state = blank_state()
    state.resources[F] = 2
    for name in ("Huila-Tolima", "Meta West", "Guaviare"):
        put(state, name, FB)
    # 6,1,3 -> Putumayo (no FARC Base) -> Guaviare; then 5,3,1 -> Meta West
    action, bot = run(state, [6, 1, 3, 5, 3, 1])
    assert action is not None
    guaviare, meta_west = sid("Guaviare"), sid("Meta West")
    assert action.op.steps == ((guaviare, "place", 2, ()), (meta_west, "place", 2, ()))
    assert action.special is not None and action.special.where == (meta_west, guaviare)
    assert "Putumayo-Caquetá -> Guaviare" in text(bot)  # 6,1,3 names Putumayo, no Base there
    assert "Meta West (red 5, yellow 3, green 1)" in text(bot)
    assert execute(state, action).resources[F] == 2  # 2 paid, 2 Extorted


def test_rally_impossible_pass_after_march_impossible_8_1_1() -> None:
    """No Guerrilla anywhere: March condition met but no March; Rally instead (8.1.1),
    even with its conditions unmet; Rally impossible: Pass."""
    state = few(blank_state(), 0)
    action, bot = run(state)
    assert action is None
    lines = text(bot)
    assert "March not possible: Rally instead" in lines
    assert "Rally not possible: Pass" in lines


# ======================================================================================
# 8.7.1 Extort
# ======================================================================================
def test_extort_two_underground_with_control_and_one_lowest_econ_loc_8_7_1() -> None:
    state = position({
        "Huila": "1FU 1FB",  # Rally: +3 -> 4 Underground, FARC Control
        "Meta East": "4P 1FU 1FB",  # Rally: +2 -> 3 Underground + Base = 4 vs 4
        "Bogotá-Neiva LoC": "2FU",  # Econ 2, 2 Underground: bullet 1
        "Arauca-Cúcuta LoC": "1FU",  # Econ 3
        "Cali-Pasto LoC": "1FU",  # Econ 1: the 1 LoC of bullet 2
    })
    action, _ = run(state, [1, 1, 1])
    assert action is not None and action.special is not None
    assert action.special.where == (sid("Bogotá-Neiva LoC"), sid("Huila"), sid("Cali-Pasto LoC"))


def test_extort_none_possible_no_special_activity_8_7_1() -> None:
    state = position(
        {"Huila": "3T 2FU"},
        support={"Huila": 1},  # no Rally here
    )
    action, bot = run(state, [1, 1, 1])
    assert action is not None and action.special is None
    assert "no Extort possible" in text(bot)


# ======================================================================================
# 8.7.2 March condition (diamond both ways)
# ======================================================================================
@pytest.mark.parametrize(
    "where, pieces, support, expected",
    [
        ("Cali-Pasto LoC", [(FU, 1)], 0, False),  # Underground on a LoC
        ("Cali-Pasto LoC", [(FA, 2)], 0, True),  # 2 Active on a LoC
        ("Cali-Pasto LoC", [(FA, 3)], 0, False),  # 3 FARC pieces on a LoC
        ("Huila", [(FU, 1)], 1, False),  # Underground with Support
        ("Huila", [(FA, 2), (FB, 1)], 1, False),  # 3 pieces with Support
        ("Huila", [(FA, 2)], 1, True),
        ("Huila", [(FU, 5)], 0, True),  # Neutral: does not count
    ],
)
def test_march_condition_8_7_2(
    where: str, pieces: list[tuple[Piece, int]], support: int, expected: bool
) -> None:
    state = few(blank_state())
    for kind, n in pieces:
        put(state, where, kind, n)
    state.support[sid(where)] = support
    assert bool(farc.march_condition(bot(state))) is expected


# ======================================================================================
# 8.7.2 March bullets
# ======================================================================================
def _arauca_origin(state: GameState, guerrillas: int) -> None:
    """Arauca at Active Opposition with Underground FARC Guerrillas, a FARC Base and an
    AUC Base (2 Bases: no Rally Base, so the Rally condition fails)."""
    state.support[sid("Arauca")] = -2
    put(state, "Arauca", FU, guerrillas)
    place(state, {"Arauca": "1FB 1AB"})


def test_march_bullet_1_one_guerrilla_onto_each_adjacent_loc_keeping_one_8_7_2() -> None:
    state = few(blank_state())
    _arauca_origin(state, 3)
    arauca, ac, by = sid("Arauca-Casanare"), sid("Arauca-Cúcuta LoC"), sid("Bogotá-Yopal LoC")
    action, bot = run(state)
    assert action is not None
    assert action.op.groups == ((arauca, ac, 1, 0, 0), (arauca, by, 1, 0, 0))
    after = execute(state, action)
    assert after.guerrillas(arauca, F) == 1  # 1 left with the FARC Base
    assert after.resources[F] == state.resources[F] + 1  # LoCs free; Extort +1
    # Extort: no space with 2 Underground; 1 LoC, lowest Econ first (2 before 3)
    assert action.special is not None and action.special.where == (by,)
    assert "March 1 Underground FARC Guerrilla from Arauca-Casanare onto" in text(bot)


def test_march_bullet_1_highest_econ_first_when_short_8_7_2_8_3() -> None:
    state = few(blank_state())
    _arauca_origin(state, 2)  # only 1 may move
    action, _ = run(state)
    assert action is not None
    assert action.op.groups == ((sid("Arauca"), sid("Arauca-Cúcuta LoC"), 1, 0, 0),)


def test_march_sabotaged_loc_is_origin_not_target_8_7_2() -> None:
    state = few(blank_state())
    ac, by, arauca = sid("Arauca-Cúcuta LoC"), sid("Bogotá-Yopal LoC"), sid("Arauca")
    state.sabotage[ac] = 1
    put(state, "Arauca-Cúcuta LoC", FA, 2)  # Sabotaged LoC: an origin (FROM)
    state.support[arauca] = 1  # no Agitation possible; Support, 0 cubes
    state.support[sid("Cúcuta")] = state.support[sid("Santander")] = -2  # not destinations
    action, _ = run(state)
    assert action is not None
    # Bullet 1: Bogotá-Yopal is not adjacent to the Sabotaged LoC; nothing onto LoCs.
    # Bullet 2: Arauca (Support, 1 Population, FARC cannot Agitate): both move.
    assert action.op.groups == ((ac, arauca, 0, 2, 0),)
    assert by not in action.op.destinations()


def test_march_bullet_1_origin_keeps_other_locs_coverable_8_7_2_8_1_1() -> None:
    """Two 3-Econ LoCs first, then the 2-Econ one (8.3). Arauca-Cúcuta could take
    Cúcuta's Guerrilla, but then Ayacucho-Cúcuta (reachable from Cúcuta only) would get
    none: Arauca supplies it (do as much as possible, 8.1.1); Bogotá-Yopal gets none."""
    state = few(blank_state())
    arauca, cucuta = sid("Arauca"), sid("Cúcuta")
    for space in (arauca, cucuta):
        state.support[space] = -2
        put(state, space, FU)
    action, _ = run(state, [1])  # Extort: 1 of the 2 LoCs, both next to Cúcuta (8.3)
    assert action is not None
    assert action.op.groups == (
        (arauca, sid("Arauca-Cúcuta LoC"), 1, 0, 0),
        (cucuta, sid("Ayacucho-Cúcuta LoC"), 1, 0, 0),
    )
    assert action.special is not None
    assert action.special.where == (sid("Arauca-Cúcuta LoC"),)


def test_march_bullet_2_shared_guerrillas_random_destination_8_7_2_note() -> None:
    """Meta East and Guaviare both want Vichada's Guerrillas: the first would take them
    all, so the chart picks (8.7.2 NOTE, 8.2): red 6, yellow 1, green 3 -> Guaviare."""
    state = few(blank_state())
    vichada = sid("Vichada")
    put(state, "Vichada", FU, 2)
    crowd(state, "Vichada")
    state.support[sid("Arauca")] = -2
    action, bot = run(state, [6, 1, 3])
    assert action is not None
    # 1 stays with the Cartels Bases (r-march-base)
    assert action.op.groups == ((vichada, sid("Guaviare"), 1, 0, 0),)
    assert "Guaviare (red 6, yellow 1, green 3" in text(bot)


def test_march_bullet_2_walks_down_the_chart_past_an_invalid_space_8_2() -> None:
    """# 8.2 « parcourez la colonne vers le bas jusqu'à trouver un choix valide »: the
    chart names Guaviare (red 6, yellow 1, green 3), where the March turns out impossible
    (the action refuses it here); the walk goes on down the chart (Meta West, Neiva, ...,
    Cali, ... Cúcuta) to Arauca, before Meta East. A table rolling physical dice (typed
    in, AskDice) is asked for red, yellow and green once; today's main rolled again."""
    state = few(blank_state())
    put(state, "Vichada", FU, 2)  # 1 may go (Cartels Bases: 1 stays), wanted by 3 spaces
    crowd(state, "Vichada")
    _settle(state)
    guaviare = sid("Guaviare")
    real = registry.ACTIONS["farc.march_into_space"]

    def refuse_guaviare(bot: Bot, plan, space: int) -> str | None:  # type: ignore[no-untyped-def]
        return None if space == guaviare else real(bot, plan, space)

    typed = [6, 1, 3]
    asked: list[str] = []

    def table(purpose: str) -> int:
        asked.append(purpose)
        return typed.pop(0) if typed else 1

    with patch.dict(registry.ACTIONS, {"farc.march_into_space": refuse_guaviare}):
        trip = Bot(state, F, AskDice(table))
        action = plan_operation(trip)
    assert action is not None
    assert action.op.groups == ((sid("Vichada"), sid("Arauca"), 1, 0, 0),)
    assert [p.split(",")[0] for p in asked] == ["red die", "yellow die", "green die"]
    assert "Guaviare -> Meta West -> " in text(trip)


def test_march_no_loc_bullet_before_final_propaganda_card_8_7_2() -> None:
    state = few(blank_state())
    _arauca_origin(state, 3)
    state.support[sid("Meta East")] = -2  # not a bullet 2 destination
    state.deck = [74] + state.deck
    state.propaganda_cards = 3  # the next card is the final Propaganda card (2.4.1)
    action, _ = run(state)
    assert action is not None
    assert action.op.groups == ((sid("Arauca"), sid("Santander"), 2, 0, 0),)


def test_march_example_only_three_stay_underground_8_1_2() -> None:
    """MARCH EXAMPLE (8.1.2): into an empty space with Support only 3 go, Underground
    first; bullet 3 then takes the rest next door (random among 2: Meta East)."""
    state = few(blank_state())
    vichada, arauca, meta_east = sid("Vichada"), sid("Arauca"), sid("Meta East")
    place(state, {"Vichada": "5FU 1FA"})  # Population 0 Department: an origin
    crowd(state, "Vichada")
    state.support[arauca] = 1
    state.support[meta_east] = -2
    state.support[sid("Guaviare")] = -2
    action, bot = run(state, [3, 3, 5])  # chart slot Meta East
    assert action is not None
    # the last one stays with the Cartels Bases (r-march-base): the Active one
    assert action.op.groups == ((vichada, arauca, 3, 0, 0), (vichada, meta_east, 2, 0, 0))
    after = op_only(state, action)
    assert after.underground(arauca, F) == 3 and after.underground(meta_east, F) == 2
    assert after.active(vichada, F) == 1
    assert after.resources[F] == state.resources[F] - 2
    assert "March 2 FARC Guerrillas into Meta East" in text(bot)


def test_march_bullet_2_first_where_underground_and_not_where_farc_agitates_8_7_2() -> None:
    state = few(blank_state())
    vichada, arauca, meta_east = sid("Vichada"), sid("Arauca"), sid("Meta East")
    put(state, "Vichada", FU, 4)
    crowd(state, "Vichada")
    state.support[arauca] = 1
    place(state, {
        "Arauca": "3P",  # Support with 3 cubes: Activation unavoidable
        "Guaviare": "1FU 1FB",  # FARC Control: FARC could Agitate there now (6.4.2)
    })
    action, _ = run(state)
    assert action is not None
    # Meta East (Neutral) before Arauca; all 4 go (Neutral never Activates them), so
    # Arauca gets none; Guaviare is not a destination at all. 1 stays with the Cartels
    # Bases (r-march-base).
    assert action.op.groups == ((vichada, meta_east, 3, 0, 0),)


def _active_vichada() -> GameState:
    """Issue 33's position: Vichada with Active FARC Guerrillas only, FARC Resources 1,
    Guaviare at Passive Support, Arauca Neutral (Meta East at Passive Opposition: no
    bullet 2 destination). 2 Cartels Bases keep Vichada from a Rally Base (and 1
    Guerrilla back, r-march-base), so 5 make the 4 that March: more than 3 with Support."""
    state = few(blank_state())
    place(state, {"Vichada": "5FA"}, support={"Guaviare": 1, "Meta East": -1})
    crowd(state, "Vichada")
    state.resources[F] = 1
    return state


@pytest.mark.parametrize("dice, chosen", [([6, 1, 5], "Guaviare"), ([4, 4, 1], "Arauca")])
def test_march_bullet_2_active_group_keeps_nothing_underground_8_7_2_8_2(
    dice: list[int], chosen: str
) -> None:
    """# 8.7.2 bullet 2 « où les Guérillas FARC qui se déplacent peuvent demeurer
    Dormantes »: a group with no Underground Guerrilla has none to keep Underground, so
    Guaviare (Support) and Arauca (Neutral) rank alike and 8.2 decides between them
    (today's main took Arauca always, without a die)."""
    action, bot = run(_active_vichada(), dice)
    assert action is not None
    assert action.op.destinations() == (sid(chosen),)
    assert f"random choice {space_name(sid(chosen))} (red {dice[0]}" in text(bot)


def test_march_activation_unavoidable_moves_active_first_and_all_8_1_2() -> None:
    state = few(blank_state())
    vichada, arauca = sid("Vichada"), sid("Arauca")
    place(state, {"Vichada": "2FU 1FA"})
    crowd(state, "Vichada")
    state.support[arauca] = 1
    put(state, "Arauca", POLICE, 3)
    state.support[sid("Meta East")] = -2
    state.support[sid("Guaviare")] = -2
    action, bot = run(state)
    assert action is not None
    # Active first, then Underground; 1 (Underground) stays with the Cartels Bases
    # (r-march-base)
    assert action.op.groups == ((vichada, arauca, 1, 1, 0),)
    assert execute(state, action).active(arauca, F) == 2
    assert "(Activated)" in text(bot)


def test_march_bullet_3_next_to_space_with_most_guerrillas_8_7_2() -> None:
    state = few(blank_state())
    for name in ("Guaviare", "Arauca", "Meta East"):
        state.support[sid(name)] = -2  # no bullet 2 destination
    put(state, "Vichada", FU, 3)  # the most Guerrillas that could move (1 stays with
    crowd(state, "Vichada")  # the Cartels Bases, r-march-base)
    put(state, "Guainía", FU, 1)
    action, bot = run(state, [4, 4, 1])  # among Guaviare, Arauca, Meta East: Arauca
    assert action is not None
    assert action.op.groups == ((sid("Vichada"), sid("Arauca"), 2, 0, 0),)
    assert "Arauca" in text(bot)


def test_march_passive_opposition_is_no_origin_then_rally_8_7_2_8_1_1() -> None:
    state = few(blank_state())
    putumayo = sid("Putumayo")
    state.support[putumayo] = -1  # Passive Opposition: not an origin
    place(state, {"Putumayo": "3FU 2CB"})  # no Rally Base
    action, bot = run(state, [1, 1, 1])
    assert action is not None and action.op.name == "Rally"
    assert action.op.steps == ((sid("Cali"), "place", 1, ()),)
    assert "March not possible: Rally instead" in text(bot)


def test_march_shipment_moves_with_the_group_8_1_2() -> None:
    state = few(blank_state())
    _arauca_origin(state, 2)
    shipment(state, "Arauca", F)
    action, _ = run(state)
    assert action is not None
    assert action.op.groups == ((sid("Arauca"), sid("Arauca-Cúcuta LoC"), 1, 0, 1),)


# ======================================================================================
# 8.7.3 Attack (diamond both ways) and Ambush
# ======================================================================================
def _attack_state() -> GameState:
    state = few(blank_state())
    state.resources[F], state.resources[Faction.GOVT] = 10, 5
    return state


def test_resources_diamond_8_7_3_8_7_4() -> None:
    state = _attack_state()
    assert farc.more_resources_than_govt(bot(state))
    state.resources[Faction.GOVT] = 10
    verdict = farc.more_resources_than_govt(bot(state))
    assert not verdict and verdict.detail == "FARC 10 Resources, Government 10"


def test_attack_bullet_1_massed_targets_auc_before_government_and_ambush_8_7_3() -> None:
    state = _attack_state()
    santander = sid("Santander")
    state.support[santander] = 1  # Underground FARC with Support: no March
    place(state, {"Santander": "1P 3FU 1AU"})
    action, bot = run(state)
    assert action is not None
    assert action.op.targets == ((santander, (int(AU), int(POLICE))),)
    assert action.special == ops.Ambush(space=santander)
    assert "targeting AUC" in text(bot)


def test_attack_targets_auc_base_only_after_its_guerrillas_8_7_3_8_1_2() -> None:
    state = _attack_state()
    huila = sid("Huila")
    state.support[huila] = 1
    place(state, {"Huila": "1P 3FU 1AU 1AB"})
    action, _ = run(state)
    assert action is not None
    assert action.op.targets == ((huila, (int(AU), int(AB))),)


def test_attack_targets_government_before_cartels_police_first_8_7_3_8_1_2() -> None:
    state = _attack_state()
    huila = sid("Huila")
    state.support[huila] = 1
    place(state, {"Huila": "1T 1P 3FU 1CU"})
    action, _ = run(state)
    assert action is not None
    assert action.op.targets == ((huila, (int(POLICE), int(TROOPS))),)


def test_attack_targets_shipment_first_8_7_3() -> None:
    state = _attack_state()
    huila = sid("Huila")
    state.support[huila] = 1  # no Rally there
    place(state, {"Huila": "3FU 2AU 1CU"})
    shipment(state, "Huila", Faction.CARTELS)
    action, _ = run(state)
    assert action is not None
    assert action.op.targets == ((huila, (int(CU), int(AU))),)
    after = execute(state, action)  # the Ambush makes it succeed
    assert after.shipments_at(huila, F)  # Captured Goods: the Shipment is FARC's


def test_attack_bullet_2_city_before_loc_ambush_fewest_guerrillas_8_7_3() -> None:
    state = _attack_state()
    santander, cali, loc = sid("Santander"), sid("Cali"), sid("Cali-Pasto LoC")
    state.support[santander] = 1
    place(state, {"Santander": "1P 3FU", "Cali": "1T 1FU", "Cali-Pasto LoC": "1P 1FU"})
    action, bot = run(state)
    assert action is not None
    assert action.op.targets == ((santander, (int(POLICE),)), (cali, (int(TROOPS),)))
    assert loc not in action.op.spaces()  # bullet 2 is 1 space, a LoC only if no other
    assert action.special == ops.Ambush(space=cali)
    assert "Attack in Cali targeting Government" in text(bot)


def test_attack_bullet_2_loc_when_no_city_or_department_8_7_3() -> None:
    state = _attack_state()
    loc = sid("Cali-Pasto LoC")
    place(state, {"Cali-Pasto LoC": "1P 1FU"})
    action, _ = run(state)
    assert action is not None
    assert action.op.targets == ((loc, (int(POLICE),)),)
    assert action.special == ops.Ambush(space=loc)


def test_ambush_tie_prefers_auc_target_over_government_8_7_3() -> None:
    state = _attack_state()
    huila, narino = sid("Huila"), sid("Nariño")
    state.support[huila] = state.support[narino] = 1
    place(state, {"Huila": "1P 3FU", "Nariño": "3FU 1AU"})
    action, _ = run(state)
    assert action is not None
    assert set(action.op.spaces()) == {huila, narino}
    assert action.special == ops.Ambush(space=narino)


def test_attack_without_underground_guerrilla_no_ambush_8_7_3() -> None:
    state = _attack_state()
    santander = sid("Santander")
    state.support[santander] = 1
    place(state, {"Santander": "1P 3FA"})
    action, bot = run(state)
    assert action is not None and action.special is None
    assert action.op.targets == ((santander, (int(POLICE),)),)
    assert "no Ambush possible" in text(bot)


def test_attack_impossible_march_instead_8_1_1() -> None:
    state = _attack_state()
    place(state, {
        "Cali-Pasto LoC": "1FU",  # no March condition, no enemy
        "Vichada": "1FU",
    })
    for name in ("Guaviare", "Arauca"):
        state.support[sid(name)] = -2
    action, bot = run(state)
    assert action is not None and action.op.name == "March"
    assert action.op.groups == ((sid("Vichada"), sid("Meta East"), 1, 0, 0),)
    assert "Attack not possible: March instead" in text(bot)


# ======================================================================================
# 8.7.4 Terror and Kidnap
# ======================================================================================
def _terror_state() -> GameState:
    state = few(blank_state())
    state.resources[F], state.resources[Faction.GOVT] = 5, 10
    return state


def test_terror_bullets_locs_kidnap_spaces_then_population_and_kidnap_8_7_4() -> None:
    state = _terror_state()
    cali_pasto, neiva_pasto = sid("Cali-Pasto LoC"), sid("Neiva-Pasto LoC")
    cali, huila, narino = sid("Cali"), sid("Huila"), sid("Nariño")
    place(
        state,
        {
            "Cali-Pasto LoC": "1FU",  # bullet 1 (and Kidnap space 1)
            "Neiva-Pasto LoC": "1FU",
            "Cali": "1P 2FU",  # 2 > 1 Police: Kidnap space: bullet 2
            "Huila": "1FU",  # bullet 3
            "Nariño": "1FU",
        },
        sabotage=[neiva_pasto],  # not bullet 1; a Kidnap space: bullet 2
        support={cali: 1, narino: -2},  # Active Opposition: not bullet 3
    )
    action, bot = run(state)
    assert action is not None and action.op.name == "Terror"
    assert action.op.where == (cali_pasto, neiva_pasto, cali, huila)
    kidnap = action.special
    assert kidnap is not None and kidnap.name == "Kidnap"
    assert kidnap.where == (cali_pasto, neiva_pasto, cali)
    assert kidnap.targets == (Faction.GOVT,) * 3
    assert kidnap.auc_bases == ()  # a player AUC: a Guerrilla on a "6"
    state.seats[Faction.AUC] = None  # a Non-player AUC places Bases first (8.1.2)
    action, _ = run(state)
    assert action is not None and action.special is not None
    assert action.special.auc_bases == (cali,)
    assert execute(state, action).resources[F] >= state.resources[F] - 2
    assert "8.7.4 bullet 2" in text(bot)


@pytest.mark.parametrize("locs, expected", [(3, False), (2, True)])
def test_terror_kidnap_limit_counts_locs_8_7_4(locs: int, expected: bool) -> None:
    """"up to a limit of 3 spaces (LoCs included)": Kidnap spaces already selected on
    LoCs count toward the 3."""
    state = _terror_state()
    meta_east = sid("Meta East")
    for name in ("Cali-Pasto LoC", "Bogotá-Neiva LoC", "Arauca-Cúcuta LoC")[:locs]:
        put(state, name, FU)
    state.support[meta_east] = -2  # not bullet 3
    place(state, {"Meta East": "1FU 1CB"})  # Kidnap the Cartels (10 Resources)
    action, _ = run(state)
    assert action is not None
    assert (meta_east in action.op.where) is expected


def test_kidnap_drug_ransom_and_no_target_without_resources_8_7_4() -> None:
    state = _terror_state()
    state.resources[Faction.CARTELS] = 0
    state.resources[Faction.GOVT] = 6
    state.resources[F] = 3
    huila, narino, loc = sid("Huila"), sid("Nariño"), sid("Cali-Pasto LoC")
    for name in ("Huila", "Nariño"):
        place(state, {name: "1FU 1CU 1CB"})
    shipment(state, "Huila", Faction.CARTELS)  # Drug Ransom possible in Huila only
    place(state, {"Cali-Pasto LoC": "1P 1FU"})  # FARC do not outnumber Police: no Kidnap
    action, bot = run(state)
    assert action is not None
    assert action.op.where == (loc, huila, narino)  # bullet 1, bullet 2, bullet 3
    assert action.special is not None
    assert action.special.where == (huila,)
    assert action.special.targets == (Faction.CARTELS,)
    assert execute(state, action).shipments_at(huila, F)
    assert "Drug Ransom" in text(bot)


def test_kidnap_locs_first_at_most_three_8_7_4() -> None:
    state = _terror_state()
    locs = ("Cali-Pasto LoC", "Bogotá-Neiva LoC", "Arauca-Cúcuta LoC", "Bogotá-Yopal LoC")
    for name in locs:
        put(state, name, FU)
    put(state, "Cali", FU)
    action, _ = run(state, [6, 6, 6, 6, 6, 6])
    assert action is not None and action.special is not None
    assert len(action.special.where) == 3
    assert all(MAP[s].is_loc for s in action.special.where)
    assert sid("Arauca-Cúcuta LoC") in action.special.where  # Econ 3 first (8.3)
    assert sid("Cali-Pasto LoC") not in action.special.where  # the only 1-Econ one
    assert sid("Cali") not in action.special.where  # LoCs first, 3 at most


def test_terror_impossible_march_instead_8_1_1() -> None:
    state = _terror_state()
    put(state, "Cali-Pasto LoC", FA, 3)  # 3 FARC pieces on a LoC: no March; no Terror
    action, bot = run(state, [1, 1, 1])
    assert action is not None and action.op.name == "Rally"
    assert "Terror not possible: March instead" in text(bot)
    assert "March not possible: Rally instead" in text(bot)


def test_terror_resources_for_one_space_chart_picks_then_stop_8_1_8_2() -> None:
    """1 Resource: the free LoC, then 1 of the 2 Departments by the chart; at 0
    Resources no further space (8.1)."""
    state = _terror_state()
    state.resources[F] = 1
    place(state, {"Cali-Pasto LoC": "1FU", "Huila-Tolima": "1FU", "Nariño-Cauca": "1FU"})
    action, bot = run(state, [5, 3, 5])  # chart slot Huila
    assert action is not None
    assert action.op.where == (sid("Cali-Pasto LoC"), sid("Huila-Tolima"))
    assert "Huila-Tolima (red 5, yellow 3, green 5)" in text(bot)
    assert action.special is not None  # Kidnap on the LoC still follows


# ======================================================================================
# golden: the FARC's first turn from the Standard set up (published roll 11)
# ======================================================================================
def test_golden_first_turn_standard_setup_published_roll_11() -> None:
    """Standard set up, FARC to act with 10 Resources.

    8.7.1: 30 - 12 on the map = 18 Guerrillas Available (9+): Rally.
    Bullet 1: spaces with 2 FARC Guerrillas (Meta West, Guaviare, Putumayo-Caquetá) all hold 2
    Bases already. Bullet 2: no Active FARC Guerrilla. Bullet 3: every space with a FARC
    Base, none with Support: Chocó-Córdoba 1+1, Meta West 1+1, Guaviare 1+1, Huila-Tolima 2+1,
    Arauca-Casanare 1+1, Meta East 1+1 = 13 Guerrillas, 6 Resources (10 is enough, so no dice).
    Bullet 4: 5 Guerrillas left; dice red 4, yellow 4, green 1 name Arauca-Casanare (already
    Rallied) -> Bogotá & Villavicencio (Active Support) -> Meta East (Rallied) -> Vichada (published
    roll 11). Extort: the 6 Rally spaces with Bases now hold 3-4 Underground Guerrillas
    and FARC Control; Putumayo-Caquetá (2 Underground) is not FARC-Controlled; no LoC has a
    FARC Guerrilla. Resources 10 - 7 + 6 = 9.
    """
    state = new_state("standard", seed=11)
    action, bot = run(state, [4, 4, 1])
    assert action is not None
    names = [(MAP[s].full_name, what, n) for s, what, n, _ in action.op.steps]
    assert names == [
        ("Chocó-Córdoba", "place", 2), ("Meta West", "place", 2), ("Guaviare", "place", 2),
        ("Huila-Tolima", "place", 3), ("Arauca-Casanare", "place", 2), ("Meta East", "place", 2),
        ("Vichada", "place", 1),
    ]
    assert action.special is not None
    assert [MAP[s].full_name for s in action.special.where] == [
        "Chocó-Córdoba", "Meta West", "Guaviare", "Huila-Tolima", "Arauca-Casanare", "Meta East"]
    after = execute(state, action)
    assert after.resources[F] == 9
    assert after.available_guerrillas(F) == 4
    assert "Arauca-Casanare -> Bogotá & Villavicencio -> Meta East -> Vichada" in text(bot)


# ======================================================================================
# property: any position reached by random play
# ======================================================================================
PATHS = {
    "flowchart": {},
    "march": {"rally_condition": False, "march_condition": True},
    "attack": {"rally_condition": False, "march_condition": False,
               "more_resources_than_govt": True},
    "terror": {"rally_condition": False, "march_condition": False,
               "more_resources_than_govt": False},
}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), moves=st.integers(0, 120),
       path=st.sampled_from(sorted(PATHS)), resources=st.integers(0, 12))
def test_plan_is_always_legal_from_random_play(
    seed: int, moves: int, path: str, resources: int
) -> None:
    game = Game.new("standard", seed=seed)
    rng = random.Random(seed)
    random_play(game, rng, moves)
    state = game.state.clone()
    state.resources[F] = resources
    with answers(**PATHS[path]):
        action = plan_operation(Bot(state.clone(), F, SEEDED))
    if action is None:
        return
    assert action.op.name in ("Rally", "March", "Attack", "Terror")
    execute(state, action)
