"""Issue 35 item 1, "one scale": a victory check the Government loses scores below any
position that goes on, graded by how much it loses, on every path that scores a position
(the campaign's rollout leaves, the one-card pre-score, the heuristic's evaluation); and
the campaign Government takes the Event that holds the check where the mixed scale passed.

The position ``tests/positions/seed4242-card48.json`` is the standard game of seed 4242
played by the default campaign Government (``--think 2s``, bot seed 4242) up to card #48
Unión Sindical Obrera: FARC at 26 of 25 (Opposition + Bases), the Government with 1
Resource, a Propaganda card next. The issue's diagnosis found the bot passing there and
FARC winning the check by 1.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from core.game import serialize
from core.game.sequence import PlayEvent
from core.pieces import Faction, Piece
from core.rules import victory
from nonplayer.government import base, campaign, evaluation
from nonplayer.government.campaign import campaign_search

GOVT, FARC = Faction.GOVT, Faction.FARC
POSITION = Path(__file__).resolve().parent / "positions" / "seed4242-card48.json"


@pytest.fixture(scope="module")
def card48():
    return serialize.load(POSITION)


def lost_at_check(state, more_farc_bases: int = 0):
    """``state`` (cloned) ended at a victory check FARC passed (6.1, 7.1), FARC
    ``more_farc_bases`` further past its goal (7.2: Opposition + Bases)."""
    over = state.clone()
    over.pieces[Piece.FARC_BASE] += more_farc_bases  # in the first space: only the count
    victory.finish(over, "victory check", [FARC])
    return over


SCORERS = {
    "heuristic (base.evaluate)": base.evaluate,
    "one-card pre-score (evaluation.evaluate)": evaluation.evaluate,
    "rollout leaf (campaign.leaf_score)": lambda s: campaign.leaf_score(
        s, campaign.tuned_weights()),
}


@pytest.mark.parametrize("name", list(SCORERS))
def test_a_lost_check_scores_below_going_on_and_by_how_much(card48, name):
    # 6.1, 7.1, 8.8: an Insurgent's win at a victory check ends the game, a loss for
    # the Government whatever the margins; it must never score above playing on
    score = SCORERS[name]
    state = card48.state
    by_one = lost_at_check(state)
    by_three = lost_at_check(state, more_farc_bases=2)
    going_on = score(state)
    assert score(by_one) < base.GOING_ON_FLOOR <= going_on
    assert score(by_three) < score(by_one)  # graded: losing by more is worse
    assert score(by_one) == base.final_score(by_one)  # the one function on every path


def test_a_worst_case_position_that_goes_on_stays_above_a_check_loss(card48):
    # every evaluation is clamped to GOING_ON_FLOOR, far above CHECK_LOSS
    state = card48.state.clone()
    for s in range(len(state.support)):  # Active Opposition and 2 more FARC Bases everywhere
        state.support[s] = -2
        state.pieces[s * len(Piece) + Piece.FARC_BASE] += 2
    for scorer in SCORERS.values():
        assert scorer(state) >= base.GOING_ON_FLOOR > base.CHECK_LOSS


def test_a_game_run_to_its_end_keeps_the_8_8_levels():
    # 8.8: 0 or less COIN Failure, 1-3 Stalemate, 4-8 COIN Progress, 9+ Triumph; no
    # Insurgent ended the game, so it is scored on margins with a bonus per level
    state = serialize.load(POSITION).state
    over = state.clone()
    victory.finish(over, "final Round")
    m = over.victory_margins()
    solo = m[GOVT] - max(m[f] for f in (Faction.FARC, Faction.AUC, Faction.CARTELS))
    assert base.final_score(over) == base.FINAL_SCALE * solo  # COIN Failure: no bonus
    assert base.final_score(over) > base.CHECK_LOSS


def test_seed_4242_card_48_takes_the_event_that_holds_the_check(card48):
    # 6.1: FARC at 26 of 25 with a Propaganda card next; the unshaded Event holds FARC
    # in every sampled future, Pass loses in most of them (issue 35's diagnosis)
    result = campaign_search(card48, "2s", seed=4242)
    best = result.best
    assert best.cand.command == PlayEvent("unshaded")
    assert not any(o.over for o in best.outcomes)
    passed = next(j for j in result.judged if j.cand.kind == "pass")
    assert sum(o.over for o in passed.outcomes) >= 3
    assert passed.mean < base.GOING_ON_FLOOR < best.mean


def test_with_money_for_an_operation_the_check_still_comes_first(card48):
    # the same card with 6 Government Resources: Train, Patrol and Sweep are open and
    # each loses the check in every sampled future; on the old mixed scale (a check
    # lost by 2 = -20 against about -45 for going on) the bot chose Patrol
    game = card48.clone()
    game.state.resources[GOVT] = 6
    result = campaign_search(game, "2s", seed=4242)
    ops = [j for j in result.judged if j.cand.kind in ("operation", "limited_operation")]
    assert ops and all(all(o.over for o in j.outcomes) for j in ops)
    assert result.best.cand.command == PlayEvent("unshaded")
    assert not any(o.over for o in result.best.outcomes)
