"""The yardstick leaf (issue 40 item 2, ``ANDEAN_SEARCH_LEAF=yardstick``): a rollout's
leaf scored as the chance of avoiding COIN Failure (8.8), rollouts played to a Round's
end, the model fitted by benchmarks/fit_yardstick.py."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np
import pytest

from benchmarks import fit_yardstick
from core.cards import CARDS
from core.pieces import Faction
from core.state import GameState
from nonplayer.government import campaign, yardstick
from nonplayer.government.campaign import (
    LEAF_ENV,
    Budget,
    campaign_search,
    leaf_budget,
    sample_deck,
)
from nonplayer.government.cpsat import NO_SA
from nonplayer.government.search import Effort
from nonplayer.government.value import cards_to_propaganda
from nonplayer.government.yardstick import (
    SCALE,
    expected_cards_to_propaganda,
    features,
    load_yardstick,
    yardstick_value,
)
from runners.solitaire import new_solitaire
from tests.test_govt_campaign import at_government_decision

GOVT, FARC = Faction.GOVT, Faction.FARC

#: A small budget: one CP-SAT plan a model, 2 futures, a card cap of 3 (which the
#: yardstick leaf lifts).
SMALL = Budget("test-yardstick", Effort((NO_SA,), 1, 4), 0.1, 1, 2, 3, 60.0)


@contextmanager
def margins(state: GameState, values: dict[Faction, int]) -> Iterator[None]:
    """``state`` reporting the victory margins ``values`` (7.3)."""
    cls = type(state)
    old = cls.victory_margins
    cls.victory_margins = lambda self: dict(values)  # type: ignore[method-assign]
    try:
        yield
    finally:
        cls.victory_margins = old  # type: ignore[method-assign]


def finished(players_lose: bool) -> GameState:
    state = new_solitaire("standard", 3).state.clone()
    state.phase = "over"
    state.step = {"players_lose": players_lose, "winners": ["FARC"] if players_lose else []}
    return state


def test_a_check_an_insurgent_wins_is_zero_whatever_the_margins():
    # 8.8: COIN Failure when a Non-player passed a victory check, even with the
    # Government ahead on margins (docs/readings.md#r-solo-level)
    state = finished(players_lose=True)
    with margins(state, {GOVT: 5, FARC: 1, Faction.AUC: -3, Faction.CARTELS: -4}):
        assert yardstick_value(state) == 0.0


@pytest.mark.parametrize("govt, best, value", [(2, 1, SCALE), (1, 1, 0.0), (0, 3, 0.0),
                                               (10, -2, SCALE)])
def test_a_finished_game_scores_its_8_8_level(govt: int, best: int, value: float):
    # 8.8: 1 or more above the highest Non-player margin is Stalemate or better
    # (avoided COIN Failure), 0 or less COIN Failure
    state = finished(players_lose=False)
    with margins(state, {GOVT: govt, FARC: best, Faction.AUC: best - 5,
                         Faction.CARTELS: best - 7}):
        assert yardstick_value(state) == value


def test_a_position_that_goes_on_gets_the_models_chance():
    state = at_government_decision(11, cards=3).state
    model = load_yardstick()
    value = yardstick_value(state)
    assert 0.0 < value < SCALE
    assert value == pytest.approx(SCALE * model.chance(state))
    # the shipped model reads exactly the features the leaf computes
    assert list(model.names) == list(features(state))


def test_the_expected_cards_to_propaganda_read_no_hidden_card():
    # 2.1 and 2.3.8: the Government sees the cards played and the next card only; the
    # next pile's Propaganda card is equally likely in any unseen place of its pile
    game = at_government_decision(5, cards=2)
    state = game.state
    value = expected_cards_to_propaganda(state)
    rng = random.Random(1)
    draws = []
    for _ in range(3):
        other = state.clone()
        other.deck = sample_deck(state, rng)
        assert expected_cards_to_propaganda(other) == value  # any order of the unseen
    for _ in range(3000):
        other = state.clone()
        other.deck = sample_deck(state, rng)
        draws.append(cards_to_propaganda(other)[0])
    # cards_to_propaganda caps at 15, so compare below the cap
    assert value < 15 and abs(sum(draws) / len(draws) - value) < 0.5


def test_the_next_card_a_propaganda_card_is_one_card_away():
    # 2.3.8: the next card is shown
    state = at_government_decision(5, cards=2).state.clone()
    propaganda = next(i for i, c in enumerate(state.deck) if CARDS[c].propaganda)
    state.deck[0], state.deck[propaganda] = state.deck[propaganda], state.deck[0]
    assert expected_cards_to_propaganda(state) == 1.0


def test_the_yardstick_leaf_plays_every_rollout_to_a_rounds_end(monkeypatch):
    # 6.0: every rollout that goes on ends after the next Propaganda Round (the card cap
    # lifted), where the model was fitted; its leaves are chances in points of %
    game = at_government_decision(7, cards=4)
    monkeypatch.setenv(LEAF_ENV, "yardstick")
    assert leaf_budget(SMALL).max_cards == campaign.ROUND_END_CAP
    result = campaign_search(game, SMALL, seed=3)
    outcomes = [o for j in result.judged for o in j.outcomes]
    assert outcomes and all(o.reached_round or o.over for o in outcomes)
    assert all(0.0 <= o.score <= SCALE for o in outcomes)
    monkeypatch.delenv(LEAF_ENV)
    assert leaf_budget(SMALL) == SMALL  # the default leaf keeps the cap
    capped = campaign_search(game, SMALL, seed=3)
    assert any(not o.reached_round and not o.over for j in capped.judged
               for o in j.outcomes)  # ... at which this position's rollouts stop short


def test_an_unknown_leaf_is_refused_in_one_line(monkeypatch):
    monkeypatch.setenv(LEAF_ENV, "median")
    with pytest.raises(ValueError, match="ANDEAN_SEARCH_LEAF takes 'yardstick'"):
        campaign.yardstick_leaf()


def test_the_fit_recovers_a_known_logistic_model():
    # the fitting (scipy's L-BFGS-B on the penalised log-loss) on rows drawn from a known
    # model: the coefficients come back, and the heuristic games' offset is kept apart
    rng = np.random.default_rng(0)
    n = 4000
    x = rng.normal(size=(n, 3)) * np.array([1.0, 2.0, 5.0]) + np.array([0.0, 1.0, -2.0])
    heur = (rng.random(n) < 0.5).astype(float)
    z = -1.0 + 1.5 * (x[:, 0] - 0.0) / 1.0 - 0.8 * (x[:, 1] - 1.0) / 2.0 - 1.0 * heur
    y = (rng.random(n) < 1 / (1 + np.exp(-z))).astype(float)
    rows = fit_yardstick.Rows(x, y, np.arange(n), heur, np.zeros(n, dtype=int), np.zeros(n))
    mean, scale, w = fit_yardstick.fit(rows, ridge=1.0)
    assert w[:3] == pytest.approx([1.5, -0.8, 0.0], abs=0.15)  # per standard deviation
    assert w[3] == pytest.approx(-1.0, abs=0.2)
    # the search bot's prediction never carries the heuristic offset
    p = fit_yardstick.predict((mean, scale, w), rows)
    assert np.allclose(p[heur == 1], fit_yardstick.predict(
        (mean, scale, w), fit_yardstick.Rows(x, y, np.arange(n), np.zeros(n),
                                            np.zeros(n, dtype=int), np.zeros(n)))[heur == 1])


def test_the_shipped_model_says_what_made_it():
    import json

    data = json.loads(yardstick.YARDSTICK_FILE.read_text(encoding="utf-8"))
    assert all(s < fit_yardstick.HELD_OUT for s in data["training_seeds"])
    assert data["games"]["search"] > 0 and "log_loss" in data["check"]


def test_one_uncapped_rollout_gives_the_default_leaf_bit_for_bit():
    # the decision bench's dual run (Budget.dual_cap): each rollout, played on to the
    # Round's end (6.0), also scores the default leaf where the card cap stops the
    # default rollout; those scores are the default run's exactly
    from dataclasses import replace

    from nonplayer.government.campaign import (
        ROUND_END_CAP,
        determinize,
        prepare,
        rollouts_on,
        tuned_weights,
    )

    game = at_government_decision(7, cards=4)
    weights = tuned_weights()
    prep = prepare(game.state, SMALL, 0, weights)
    futures = [determinize(prep.seen, prep.rng) for _ in range(3)]
    dual = replace(SMALL, max_cards=ROUND_END_CAP, dual_cap=SMALL.max_cards)
    stopped_short = 0
    for future in futures:
        plain = rollouts_on(future, prep.short, SMALL, weights, prep.policy)
        both = rollouts_on(future, prep.short, dual, weights, prep.policy)
        for (a, _), (b, _) in zip(plain, both, strict=True):
            assert (a is None) == (b is None)
            if a is None or b is None:
                continue
            assert b.capped is not None and b.board is not None
            assert (b.capped.score, b.capped.cards, b.capped.over, b.capped.winner,
                    b.capped.margins) == (a.score, a.cards, a.over, a.winner, a.margins)
            assert b.reached_round or b.over  # and the rollout itself went on to the end
            stopped_short += not (a.reached_round or a.over)
    assert stopped_short  # the cap stopped some default rollouts here


def test_the_bench_compares_the_leaves_each_rule_choosing_on_its_own():
    # decision_bench.leaf_report: a rule of the default leaf chooses on the default
    # scores, a yardstick rule on the yardstick leaf (0 for a lost check, 8.8), and both
    # are judged by both references
    from benchmarks import decision_bench

    def cand(default: float, leaf: float) -> dict:
        futures = {"reference": 64, "sample": 32, "truth": 2}
        out: dict = {"label": "x", "model": None}
        for name, n in futures.items():
            out[name] = [default] * n
            out[name + "_lost"] = "0" * n
            out[name + "_leaf"] = [leaf] * n
            out[name + "_leaf_lost"] = ("1" if leaf == 0.0 else "0") * n
            out[name + "_cards"] = [10] * n
            out[name + "_cap_cards"] = [8] * n
        return out

    row = {"game": "8000.json", "index": 1, "cards_to_propaganda": 2, "leaf": "yardstick",
           "candidates": [cand(-40.0, 0.0), cand(-60.0, 100.0)], "rollouts": 196,
           "seconds": 12.0, "cpu_seconds": 10.0}
    rules = decision_bench.leaf_report([row], trials=3, model=load_yardstick())["rules"]
    today = rules["default leaf, 5 futures (today's default)"]
    yard = rules["yardstick leaf, 5 futures (ANDEAN_SEARCH_LEAF=yardstick)"]
    assert today["agree_default"][0] == 1.0 and today["yardstick_regret"][0] == 100.0
    assert today["lost_regret"][0] == 1.0  # it loses the check in every future
    assert yard["agree_yardstick"][0] == 1.0 and yard["default_regret"][0] == 20.0
    assert yard["lost_regret"][0] == 0.0
    assert yard["cpu_seconds"] > today["cpu_seconds"]  # uncapped rollouts play more cards


def test_both_variants_together_halve_on_yardstick_leaves(monkeypatch):
    # ANDEAN_SEARCH_HALVING=1 with the yardstick leaf: successive halving compares the
    # chances of avoiding COIN Failure (8.8), every rollout to a Round's end, and the
    # trace says what the scores are
    from nonplayer.government.campaign import HALVING_ENV, campaign_trace

    monkeypatch.setenv(LEAF_ENV, "yardstick")
    monkeypatch.setenv(HALVING_ENV, "1")
    game = at_government_decision(7, cards=4)
    budget = Budget("test-both", Effort((NO_SA,), 1, 4), 0.1, 1, 2, 3, 60.0,
                    halving=(1, 2), opening=(1, 2))
    result = campaign_search(game, budget, seed=3)
    assert result.rounds and all((o.reached_round or o.over) and 0 <= o.score <= SCALE
                                 for j in result.judged for o in j.outcomes)
    text = "\n".join(campaign_trace(result).lines())
    assert "the chance of avoiding COIN Failure, in %" in text
    monkeypatch.delenv(LEAF_ENV)
    assert "COIN Failure, in %" not in "\n".join(campaign_trace(result).lines())
