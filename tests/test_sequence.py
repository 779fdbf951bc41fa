"""Sequence of Play (2.3, 2.4, 6.0) with stand-in Operations."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from core.cards import CARDS
from core.commands import Operation, SpecialActivity, check_faction, command
from core.errors import IllegalAction
from core.game import Game, apply_command, sequence
from core.game.sequence import OperationAction, Pass, PlayEvent
from core.pieces import Faction
from core.state import GameState
from tests.helpers import blank_state, sid

ALL = frozenset(Faction)


@pytest.fixture
def no_events(monkeypatch):
    """A registry with no Event implemented (the Event option must then not be offered)."""
    from core.events import registry

    monkeypatch.setattr(registry, "_EVENTS", {})


@command
class StandInOp(Operation):
    """Pays 1 Resource per listed space; 'dests' are its destinations."""

    where: "tuple[int, ...]" = ()
    name = "StandInOp"
    factions = ALL

    def spaces(self) -> tuple[int, ...]:
        return self.where

    def execute(self, state, ctx) -> None:
        check_faction(self, ctx)
        for _ in self.where:
            ctx.pay(state, 1)


@dataclass(frozen=True)
class StandInSweep(StandInOp):
    """Named like the real Sweep (2.3.9 checks the name) but not registered for JSON."""

    name = "Sweep"


@command
class StandInSA(SpecialActivity):
    name = "StandInSA"
    factions = ALL

    def spaces(self) -> tuple[int, ...]:
        return ()

    def execute(self, state, ctx) -> None:
        check_faction(self, ctx)


def _game(card: int = 19, deck: list[int] | None = None) -> Game:
    s = blank_state(card=card)
    if deck is not None:
        s.deck = deck
    return Game(s)


def op(*names: str) -> OperationAction:
    return OperationAction(StandInOp(tuple(sid(n) for n in names)))


def test_first_eligible_is_leftmost_symbol_2_3_2():
    g = _game(card=19)  # General Offensive: FGAC
    assert CARDS[19].faction_order[0] is Faction.FARC
    assert g.to_move() is Faction.FARC


def test_ineligible_factions_are_skipped_2_3_2():
    g = _game(card=19)
    g.state.eligible[Faction.FARC] = False
    assert g.to_move() is Faction.GOVT


def test_pass_gives_resources_and_next_faction_replaces_2_3_3():
    g = _game(card=19)
    g.apply(Pass())
    assert g.state.resources[Faction.FARC] == 11
    assert g.to_move() is Faction.GOVT
    g.apply(Pass())
    assert g.state.resources[Faction.GOVT] == 13  # Government +3
    assert g.to_move() is Faction.AUC
    assert sequence.position(g.state) == 1  # still looking for the 1st Eligible


def test_all_pass_then_next_card_all_eligible_2_3_3():
    g = _game(card=19, deck=[20, 21, 22])
    for _ in range(4):
        g.apply(Pass())
    assert g.state.current_card == 20
    assert all(g.state.eligible)


def test_second_eligible_options_2_3_4(no_events):
    g = _game(card=19)
    assert set(g.legal_action_types()) == {"pass", "operation"}  # no Events implemented
    g.apply(op("Huila"))  # FARC Op only
    assert g.legal_action_types() == ["pass", "limited_operation"]
    with pytest.raises(IllegalAction) as err:
        g.apply(OperationAction(StandInOp((sid("Cali"),)), StandInSA()))
    assert err.value.rule == "2.3.5"


def test_op_with_special_activity_lets_2nd_limop_2_3_4():
    g = _game(card=19)
    g.apply(OperationAction(StandInOp((sid("Huila"),)), StandInSA()))
    assert "limited_operation" in g.legal_action_types()


def test_limited_operation_is_one_space_2_3_5():
    g = _game(card=19)
    g.apply(op("Huila"))
    with pytest.raises(IllegalAction) as err:
        g.apply(op("Cali", "Huila"))
    assert err.value.rule == "2.3.5"
    g.apply(op("Cali"))


def test_eligibility_adjusts_after_two_executions_2_3_7():
    g = _game(card=19, deck=[20, 21])
    g.apply(Pass())  # FARC passes
    g.apply(op("Huila"))  # Govt
    g.apply(op("Cali"))  # AUC
    assert g.state.current_card == 20
    assert g.state.eligible == [False, True, False, True]


def test_event_option_needs_an_implementation_5_0(no_events):
    g = _game(card=19)
    with pytest.raises(IllegalAction):
        g.apply(PlayEvent("unshaded"))


def test_illegal_command_leaves_state_untouched_3_1():
    g = _game(card=19)
    before = g.state.clone()
    g.state.resources[Faction.FARC] = 1
    before = g.state.clone()
    with pytest.raises(IllegalAction):
        g.apply(op("Huila", "Cali"))  # needs 2 Resources
    assert g.state == before
    assert g.log == []


def test_wrong_faction_cannot_act_2_3_2():
    s = blank_state(card=19)
    with pytest.raises(IllegalAction):
        Pass().execute(s, __import__("core.commands").commands.Context(faction=Faction.AUC))


def test_final_event_card_limits_ops_no_sweep_2_3_9(no_events):
    g = _game(card=19, deck=[76, 20])
    g.state.propaganda_cards = 3
    assert sequence.is_final_event_card(g.state)
    assert g.legal_action_types() == ["pass", "limited_operation"]
    with pytest.raises(IllegalAction) as err:
        g.apply(OperationAction(StandInSweep((sid("Huila"),))))
    assert err.value.rule == "2.3.9"


def test_nonplayers_never_limop_and_ignore_final_card_8_1(no_events):
    g = _game(card=19, deck=[76, 20])
    g.state.propaganda_cards = 3
    g.state.seats = [1, None, None, None]
    g.state.eligible[Faction.GOVT] = False
    assert g.legal_action_types() == ["pass", "operation"]
    g.apply(OperationAction(StandInSweep((sid("Huila"), sid("Cali")))))
    assert g.to_move() is Faction.AUC  # Non-player 2nd Eligible: full Op, not LimOp
    assert g.legal_action_types() == ["pass", "operation"]


def test_ship_gives_free_limited_op_once_per_card_2_3_6():
    g = _game(card=19)
    s = g.state
    from core.pieces import Piece
    from tests.helpers import put

    put(s, "Huila", Piece.FARC_UNDERGROUND, 1)
    s.place_shipment(sid("Huila"), Faction.FARC)
    before = s.resources[Faction.FARC]
    g.apply(
        OperationAction(StandInOp((sid("Cali"),)), ship=0, ship_op=StandInOp((sid("Huila"),)))
    )
    assert g.state.resources[Faction.FARC] == before - 1  # the shipped LimOp was free
    assert g.state.shipments[0] is None
    assert g.state.step["shipped"] == [int(Faction.FARC)]


def test_ship_needs_a_paid_op_without_special_2_3_6():
    g = _game(card=19)
    from core.pieces import Piece
    from tests.helpers import put

    put(g.state, "Huila", Piece.FARC_UNDERGROUND, 1)
    g.state.place_shipment(sid("Huila"), Faction.FARC)
    with pytest.raises(IllegalAction) as err:
        g.apply(
            OperationAction(
                StandInOp((sid("Cali"),)),
                StandInSA(),
                ship=0,
                ship_op=StandInOp((sid("Huila"),)),
            )
        )
    assert err.value.rule == "2.3.6"


def test_no_two_propaganda_rounds_in_a_row_6_0():
    s = blank_state(card=19)
    s.deck = [75, 76, 20]
    s.last_was_propaganda_round = True  # pretend a Round just happened
    s.propaganda_cards = 1
    sequence.next_card(s, None)  # type: ignore[arg-type]
    # 75 and 76 are played without Rounds, then the Event card comes up
    assert s.current_card == 20 and s.phase == "card"
    assert s.propaganda_cards == 3


def test_additional_final_propaganda_card_ends_game_6_0():
    s = blank_state(card=19)
    s.deck = [76, 20]
    s.last_was_propaganda_round = True
    s.propaganda_cards = 3
    sequence.next_card(s, None)  # type: ignore[arg-type]
    assert s.phase == "over"


def test_commands_round_trip_through_json():
    from core.commands import from_json

    cmd = OperationAction(StandInOp((1, 2)), StandInSA(), special_first=True)
    assert from_json(cmd.to_json()) == cmd
    assert from_json(PlayEvent("shaded").to_json()) == PlayEvent("shaded")


def test_apply_command_refuses_after_game_over_7_0():
    s = GameState()
    s.phase = "over"
    with pytest.raises(IllegalAction):
        apply_command(s, Pass())
