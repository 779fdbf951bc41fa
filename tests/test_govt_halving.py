"""Successive halving with an incumbent (issue 40 items 3 and 4), behind
``ANDEAN_SEARCH_HALVING=1``: futures drawn once and shared, the budget spent where it
separates the candidates, the plan in force kept unless beaten beyond the noise, the
same decision on any number of workers; and the decision bench's replayed choice rules
(benchmarks/decision_bench.py)."""

from __future__ import annotations

import math
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from benchmarks import decision_bench
from core.game.sequence import Pass
from nonplayer.government import campaign
from nonplayer.government.campaign import (
    HALVING_ENV,
    HEURISTIC_MODEL,
    Budget,
    CampaignGovernment,
    Judged,
    Outcome,
    campaign_search,
    campaign_trace,
    paired_gap,
)
from nonplayer.government.cpsat import NO_SA
from nonplayer.government.plan import PLANS
from nonplayer.government.search import Candidate, Effort
from tests.test_govt_campaign import at_government_decision, inputs

#: A small halving budget: 1 CP-SAT plan a model, futures 1, 2, 4 (a Round's first decision
#: 2, 4); the wall clock far away.
HALF = Budget("test-halving", Effort((NO_SA,), 1, 4), 0.1, 1, 4, 3, 60.0, halving=(1, 2, 4),
              opening=(2, 4))


def outcome(score: float) -> Outcome:
    return Outcome(score, {}, True, False, None, 1)


def judged(scores: list[float]) -> Judged:
    return Judged(Candidate("x", "pass", Pass()), [outcome(s) for s in scores])


def test_paired_gap_is_the_mean_and_standard_error_of_the_differences():
    a, b = judged([3.0, 5.0, 4.0]), judged([1.0, 2.0, 3.0])
    lead, se = paired_gap(a, b)
    assert lead == pytest.approx(2.0)  # differences 2, 3, 1
    assert se == pytest.approx(math.sqrt(1.0 / 3))
    assert paired_gap(judged([1.0]), judged([0.0]))[1] == math.inf  # one future: no SE


def test_halving_spends_the_futures_on_the_survivors(monkeypatch):
    # issue 40 item 3: every candidate on the first future, the better half on the next,
    # ...; without a plan in force there is no incumbent, and the plan-less heuristic's
    # own choice is no candidate (the bench: keeping it undid the gain)
    monkeypatch.setenv(HALVING_ENV, "1")
    game = at_government_decision(7, cards=4)
    result = campaign_search(game, HALF, seed=5)
    counts = sorted((len(j.outcomes) for j in result.judged), reverse=True)
    assert counts[0] == 4 and counts[-1] == 1 and counts.count(4) <= 2
    assert result.incumbent is None and not result.kept
    assert all(j.cand.model != HEURISTIC_MODEL for j in result.judged)
    last = [j for j in result.judged if len(j.outcomes) == 4]
    assert result.best.mean == max(j.mean for j in last)  # the best of the last round
    assert result.rounds[0].endswith("on 1") and result.rounds[-1].endswith("on 4")
    text = "\n".join(campaign_trace(result).lines())
    assert "successive halving" in text and "on up to 4 shared sampled futures" in text
    assert ("adopting plan" in text) == (result.best.cand.plan is not None)
    # the same position and seed: the same decision and the same rollouts
    again = campaign_search(game, HALF, seed=5)
    assert inputs(again) == inputs(result)


def test_a_rounds_first_decision_gets_the_larger_schedule(monkeypatch):
    # issue 40 item 4: the first decision after a Propaganda Round (and a bot's first)
    # plays the opening schedule (2, 4 here), the next ones the plain one (1, 2, 4)
    monkeypatch.setenv(HALVING_ENV, "1")
    game = at_government_decision(7, cards=4)
    opening = campaign_search(game, HALF, seed=5, opening=True)
    assert opening.opening and opening.rounds[0].endswith("on 2")
    assert min(len(j.outcomes) for j in opening.judged) == 2
    assert "the Round's first decision" in "\n".join(campaign_trace(opening).lines())
    bot = CampaignGovernment(seed=5, think=HALF)
    first = bot.decide(game)
    assert "the Round's first decision" in "\n".join(first.lines())
    assert bot.round_seen == game.state.propaganda_cards
    again = bot.decide(game)  # the same Round: the plain schedule
    assert "the Round's first decision" not in "\n".join(again.lines())
    bot.round_seen = game.state.propaganda_cards - 1  # as if a Round had been played
    assert "the Round's first decision" in "\n".join(bot.decide(game).lines())


def test_a_challenger_must_beat_the_incumbent_beyond_the_noise(monkeypatch):
    monkeypatch.setenv(HALVING_ENV, "1")
    game = at_government_decision(7, cards=4)
    plan = PLANS[0].name
    sure = Budget("keep", HALF.effort, 0.1, 1, 4, 3, 60.0, halving=(1, 2, 4), margin=1e9)
    kept = campaign_search(game, sure, seed=5, plan_in_force=plan)
    assert kept.kept and kept.best is kept.incumbent
    free = Budget("free", HALF.effort, 0.1, 1, 4, 3, 60.0, halving=(1, 2, 4), margin=0.0)
    best = campaign_search(game, free, seed=5, plan_in_force=plan)
    last = [j for j in best.judged if len(j.outcomes) == 4]
    assert best.best.mean == max(j.mean for j in last)  # no protection: the best mean


def test_the_plan_in_force_is_the_incumbent_and_the_trace_says_so(monkeypatch):
    # issue 40 item 4: the bot keeps its plan from card to card
    monkeypatch.setenv(HALVING_ENV, "1")
    game = at_government_decision(7, cards=4)
    sure = Budget("keep", HALF.effort, 0.1, 1, 4, 3, 60.0, halving=(1, 2, 4), margin=1e9)
    plan = PLANS[0].name
    result = campaign_search(game, sure, seed=5, plan_in_force=plan)
    assert result.incumbent is not None and result.incumbent.cand.plan is not None
    assert result.incumbent.cand.plan.name == plan and result.best is result.incumbent
    assert f"continuing plan {plan}" in "\n".join(campaign_trace(result).lines())
    bot = CampaignGovernment(seed=5, think=sure)
    decision = bot.decide(game)
    assert bot.plan_memory is not None or decision.notes["plan"] == ""
    if bot.plan_memory is not None:  # remembered to the next Support Phase
        assert bot.plan_memory[0] == decision.notes["plan"]


def test_halving_is_off_by_default(monkeypatch):
    monkeypatch.delenv(HALVING_ENV, raising=False)
    game = at_government_decision(7, cards=4)
    result = campaign_search(game, HALF, seed=5)
    assert result.incumbent is None and not result.rounds
    assert all(j.cand.model != HEURISTIC_MODEL for j in result.judged)


def test_halving_gives_the_serial_decision_on_worker_processes():
    # issue 40 item 3: every core used with identical results. With other threads in
    # this process (an earlier test on the same pytest worker may leave some) the bot
    # stays serial rather than fork them, so the check runs in a fresh interpreter; it
    # was skipped there, and so never ran in the whole suite
    if threading.active_count() == 1:
        halving_parallel_equals_serial()
        return
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run(
        [sys.executable, "-c", "from tests.test_govt_halving import "
         "halving_parallel_equals_serial; halving_parallel_equals_serial()"],
        cwd=root, env=dict(os.environ, PYTHONPATH=str(root)), capture_output=True,
        text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]


def halving_parallel_equals_serial() -> None:
    """Halving on 1 and 2 worker processes gives the same decision inputs, and the pool
    ran."""
    os.environ[HALVING_ENV] = "1"
    try:
        game = at_government_decision(7, cards=4)
        serial = inputs(campaign_search(game, HALF, seed=5, workers=1))
        pools = campaign.POOLS_STARTED
        assert inputs(campaign_search(game, HALF, seed=5, workers=2)) == serial
        assert pools < campaign.POOLS_STARTED
    finally:
        del os.environ[HALVING_ENV]


def rows() -> list[dict]:
    """Two synthetic bench positions: candidate 1 is best in the reference."""
    def cand(ref: float, sample: list[float], truth: float) -> dict:
        return {"label": "c", "kind": "operation", "plan": "", "pre_score": 0.0,
                "reference": [ref + (i % 3) for i in range(6)], "reference_lost": "000000",
                "sample": sample, "sample_lost": "0" * len(sample),
                "truth": [truth, truth], "truth_lost": "00"}
    row = {"game": "1.json", "seed": 1, "index": 0, "cards_to_propaganda": 1, "rounds": 0,
           "think": "2s", "rollouts": 0, "seconds": 0.0,
           "candidates": [cand(0.0, [5, 0, 0, 0], 0.0), cand(10.0, [0, 9, 9, 9], 1.0),
                          cand(9.0, [1, 1, 1, 1], 2.0)]}
    return [row, row]


def test_bench_rules_replay_the_choices_from_the_rollouts():
    data = rows()
    cands = data[0]["candidates"]
    assert decision_bench.mean_choice(1)(cands) == (0, 3)  # one future: noise decides
    assert decision_bench.mean_choice(4)(cands) == (1, 12)
    # halving 1-2-4: all 3 on 1 future (3 rollouts), the better 2 (candidates 0 and 2:
    # candidate 1 was unlucky on the first) on 1 more (2), then on 2 more (4)
    assert decision_bench.halving(1, 3)(cands) == (0, 3 + 2 + 4)
    assert decision_bench.halving(2, 2)(cands) == (1, 3 * 2 + 2 * 2)
    assert decision_bench.truth_choice(0)(cands) == (2, 3)
    ref = decision_bench.reference_of(data[0])
    assert ref.best == 1 and ref.means[1] == pytest.approx(11.0)
    summary = decision_bench.report(data)
    one = summary["rules"]["5 futures (today's default)"]
    assert one["agree"] == 2 and one["value_regret"][0] == pytest.approx(0.0)
    clair = summary["rules"]["clairvoyant (true deck and dice)"]
    assert clair["agree"] == 0 and clair["value_regret"][0] == pytest.approx(1.0)


def test_bench_resampled_figures_credit_a_dominant_candidate_every_time():
    # the expected figures split each position's futures at random: a candidate better in
    # every future is the reference choice and every rule's choice in every split
    def cand(value: float) -> dict:
        return {"label": "c", "kind": "operation", "model": None, "plan": "", "pre_score": 0.0,
                "reference": [value] * 6, "reference_lost": "000000",
                "sample": [value] * 4, "sample_lost": "0000",
                "truth": [value, value], "truth_lost": "00"}
    row = {"game": "1.json", "seed": 1, "index": 0, "cards_to_propaganda": 1, "rounds": 0,
           "think": "2s", "rollouts": 0, "seconds": 0.0,
           "candidates": [cand(0.0), cand(10.0), cand(-5.0)]}
    figures = decision_bench.resampled([row, row], trials=5)
    assert figures and all(f["agree"][0] == 1.0 and f["value_regret"][0] == 0.0
                           for f in figures.values())


def test_the_plans_report_keeps_every_plan_rolled_out_at_a_position():
    # issue 40 item 4: a run's ledger plans and --extra rows at the same position are
    # judged together; the row read last no longer hides the other's plans
    ledger = {"game": "g", "index": 3, "check": "same",
              "candidates": [{"plan": "hold@0.25", "added": True}]}
    extended = {"game": "g", "index": 3, "check": "same",
                "candidates": [{"plan": "foothold@0.5", "added": True}]}
    other = {"game": "g", "index": 4, "check": "lost", "candidates": []}
    merged = decision_bench._merge_extra([ledger, extended, other])
    assert [c["plan"] for c in merged[("g", 3)]["candidates"]] == ["hold@0.25", "foothold@0.5"]
    assert merged[("g", 3)]["check"] == "same" and merged[("g", 4)] is other
    assert decision_bench._merge_extra([ledger, other | {"index": 3}])[("g", 3)]["check"] \
        != "same"
