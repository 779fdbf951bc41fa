"""The heuristic Government's look-ahead made cheaper without changing a decision
(issue 18, docs/performance.md "Third round"): the chooser that executes an Event reuses
the scores the Event look-ahead computed on the same position, and the evaluation reads
the board in one pass. ``tests/test_golden.py`` pins whole games; these pin the parts."""

from __future__ import annotations

import pytest

from core.game import apply_command
from core.pieces import Faction
from core.rules.sequence import PlayEvent
from core.serialize import state_to_json
from nonplayer.games import step
from nonplayer.government import base, make_government
from nonplayer.government.base import (
    EvaluatingChooser,
    LookaheadDice,
    event_outcomes,
)
from nonplayer.solitaire import new_solitaire

GOVT = Faction.GOVT


def event_position(steps: int, card: int):  # type: ignore[no-untyped-def]
    """Quick-Play seed 0 after ``steps`` steps of a heuristic game, the Government to move
    on ``card``: after 7 steps card 29, both halves asking the Government choices; after
    12 card 27, whose unshaded half (choices too) the Government takes."""
    game = new_solitaire("quick", 0)
    bot = make_government("heuristic", 0)
    for _ in range(steps):
        step(game, bot)
    assert game.to_move() == GOVT and game.state.current_card == card
    return game


@pytest.mark.parametrize("side", ["unshaded", "shaded"])
def test_the_executing_chooser_reuses_the_look_ahead_scores_5_1(side, monkeypatch) -> None:
    # 5.1: the Government answers its Event's choices; answering them from the scores
    # that event_outcomes already computed gives the same answers and the same board
    game = event_position(7, 29)
    scores: dict = {}
    event_outcomes(game, scores=scores)
    assert any(key[0] == side for key in scores)
    simulations = []
    real_simulate = base.simulate

    def counting(*args, **kwargs):  # type: ignore[no-untyped-def]
        simulations.append(1)
        return real_simulate(*args, **kwargs)

    monkeypatch.setattr(base, "simulate", counting)

    def execute(shared: dict | None):  # type: ignore[no-untyped-def]
        simulations.clear()
        board = game.state.clone()
        chooser = EvaluatingChooser(game.state, side, LookaheadDice(5), budget=24,
                                    scores=shared)
        apply_command(board, PlayEvent(side), LookaheadDice(9), chooser)
        return state_to_json(board), chooser.answers, len(simulations)

    fresh_board, fresh_answers, fresh_sims = execute(None)
    board, answers, sims = execute(dict(scores))
    assert (board, answers) == (fresh_board, fresh_answers)
    assert fresh_sims > 0 and sims < fresh_sims


def test_a_decision_to_take_the_event_hands_its_scores_to_the_chooser_5_1() -> None:
    game = event_position(12, 27)
    decision = make_government("heuristic", 0).decide(game)
    assert decision.command == PlayEvent("unshaded")
    assert decision.chooser.scores  # filled by the look-ahead before the Event is applied
