"""The heuristic Government's look-ahead made cheaper without changing a decision
(issue 18, docs/performance.md "Third round"): the chooser that executes an Event reuses
the scores the Event look-ahead computed on the same position, and the evaluation reads
the board in one pass. ``tests/test_golden.py`` pins whole games; these pin the parts."""

from __future__ import annotations

import random

import pytest

from core.events import FIRST_DIVISION, SHADED
from core.events.choice import RandomChooser
from core.game import apply_command
from core.game.random_play import random_command
from core.game.sequence import PlayEvent
from core.game.serialize import state_to_json
from core.map import MAP
from core.pieces import ACTIVE_OF, INSURGENTS, UNDERGROUND_OF, Faction
from core.state import SAMPER
from nonplayer.government import base, make_government
from nonplayer.government.base import (
    RESERVE,
    RESOURCES_CAP,
    WEIGHTS,
    EvaluatingChooser,
    LookaheadDice,
    evaluate,
    evaluation_terms,
    event_outcomes,
    threat,
)
from runners.games import step
from runners.solitaire import new_solitaire

GOVT = Faction.GOVT


def event_position(steps: int, card: int):  # type: ignore[no-untyped-def]
    """Quick-Play seed 0 after ``steps`` steps of a heuristic game, the Government to move
    on ``card``: after 7 steps card 29, both halves asking the Government choices; after
    33 card 56, whose unshaded half (choices too) the Government takes (the heuristic
    of issue 28 and the section-8 changes of issue 27 moved this game: it was step 12,
    card 27)."""
    game = new_solitaire("quick", 0)
    bot = make_government("heuristic", 0)
    for _ in range(steps):
        step(game, bot)
    assert game.to_move() == GOVT and game.state.current_card == card
    return game


def counted_simulations(monkeypatch) -> list[int]:  # type: ignore[no-untyped-def]
    """A list that grows by one at each look-ahead simulation (``base.simulate``) from
    now on, so a test counts what a change saves."""
    simulations: list[int] = []
    real_simulate = base.simulate

    def counting(*args, **kwargs):  # type: ignore[no-untyped-def]
        simulations.append(1)
        return real_simulate(*args, **kwargs)

    monkeypatch.setattr(base, "simulate", counting)
    return simulations


@pytest.mark.parametrize("side", ["unshaded", "shaded"])
def test_the_executing_chooser_reuses_the_look_ahead_scores_5_1(side, monkeypatch) -> None:
    # 5.1: the Government answers its Event's choices; answering them from the scores
    # that event_outcomes already computed gives the same answers and the same board
    game = event_position(7, 29)
    scores: dict = {}
    event_outcomes(game, scores=scores)
    assert any(key[0] == side for key in scores)
    simulations = counted_simulations(monkeypatch)

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
    game = event_position(33, 56)
    decision = make_government("heuristic", 0).decide(game)
    assert decision.command == PlayEvent("unshaded")
    assert decision.chooser.scores  # filled by the look-ahead before the Event is applied


def reference_terms(state) -> list[float]:  # type: ignore[no-untyped-def]
    """The evaluation terms as first written: the rules' own queries, space by space."""
    w = WEIGHTS
    margins = state.victory_margins()
    control = farc = ready = 0
    need = 2 if state.capability(FIRST_DIVISION) == SHADED else 1
    for s in MAP.spaces:
        if s.pop and not s.is_loc:
            who = state.controller(s.id)
            if who is GOVT:
                control += s.pop
                if state.troops(s.id) >= need and state.police(s.id) >= need:
                    ready += s.pop * (3 - state.support[s.id])
            elif who is Faction.FARC:
                farc += s.pop
    sabotage = sum(s.econ for s in MAP.locs if state.sabotage[s.id])
    exposed = sum(s.econ for s in MAP.locs if not state.sabotage[s.id]
                  and state.all_guerrillas(s.id) > state.cubes(s.id))
    terror = sum(state.terror[s.id] for s in MAP.spaces if s.pop)
    bases = sum(state.bases_on_map(f) for f in INSURGENTS)
    guerrillas = sum(state.on_map(k) for f in INSURGENTS
                     for k in (UNDERGROUND_OF[f], ACTIVE_OF[f]))
    capabilities = sum(1 if side == "unshaded" else -1 for side in state.capabilities.values())
    aid_weight = w["aid"] * (1 if state.president == SAMPER else 2)
    return [
        float(margins[GOVT]), -threat(state, margins),
        w["resources"] * min(state.resources[GOVT], RESOURCES_CAP)
        + w["reserve"] * min(state.resources[GOVT], RESERVE),
        aid_weight * state.aid, w["control"] * control, w["civic_ready"] * ready,
        -w["farc_control"] * farc, -w["sabotage"] * sabotage, -w["exposed_loc"] * exposed,
        -w["terror"] * terror, -w["insurgent_base"] * bases, -w["guerrilla"] * guerrillas,
        w["capability"] * capabilities, -w["momentum"] * len(state.momentum),
    ]


@pytest.mark.parametrize("seed", range(6))
def test_the_one_pass_evaluation_equals_the_rules_queries_1_8_7_3(seed) -> None:
    # 1.8 Control, 7.3 margins, 6.4.1 Civic Action's Troops and Police (two under card 1
    # shaded): the one-pass terms equal the space-by-space queries bit for bit
    game = new_solitaire("standard", seed)
    rng = random.Random(seed)
    positions = 0
    for n in range(160):
        if game.is_terminal():
            break
        state = game.state
        if n % 40 == 39:
            state.capabilities[FIRST_DIVISION] = SHADED if seed % 2 else "unshaded"
        terms = evaluation_terms(state)
        assert list(terms.values()) == reference_terms(state)
        if state.phase != "over":
            assert evaluate(state) == sum(reference_terms(state))
        positions += 1
        game.apply(random_command(state, rng), chooser=RandomChooser(rng))
    assert positions > 50


def reference_air_lift(state, values):  # type: ignore[no-untyped-def]
    """The Assault's Air Lift as first written: every space of the map examined."""
    from core.pieces import Piece
    from core.rules import coin_ops, govt_special
    from core.rules.govt_special import AirLift
    from nonplayer.government.heuristic import _removes_base, best_removal, spare

    limit = govt_special.air_lift_limit(state)
    sources = sorted(((spare(state, s.id, Piece.TROOPS), s.id) for s in MAP.spaces
                      if state.troops(s.id)), reverse=True)
    sources = [(n, s) for n, s in sources if n > 0][:3]
    if not sources:
        return None
    best = None
    for s in MAP.spaces:
        t = s.id
        if coin_ops.assault_space_problem(state, t) is not None:
            continue
        if not any(coin_ops.assault_targets(state, t, f) for f in INSURGENTS):
            continue
        now, _ = best_removal(state, t, coin_ops.assault_capacity(state, t), values)
        for n, src in sources:
            if src == t:
                continue
            k = n if limit is None else min(limit, n)
            k = min(k, state.room(t, GOVT))
            if k < 1 or not govt_special.air_lift_ok(state, src, t, k):
                continue
            cap = coin_ops.assault_capacity(state, t, troops=state.troops(t) + k)
            value, order = best_removal(state, t, cap, values)
            if not _removes_base(order):
                continue
            gain = value - now
            if gain > 0.5 and (best is None or gain > best[0]):
                best = (value, t, order, AirLift(src=src, dst=t, troops=k))
            break
    return best


@pytest.mark.parametrize("seed", range(3))
def test_the_assault_air_lift_looks_only_where_a_base_can_go_3_2_4_4_2_1(seed) -> None:
    # 3.2.4 "Bases last": Assault removes a Faction's Bases only once none of its
    # Guerrillas is Underground there, so only such spaces can be the Air Lift's target
    from nonplayer.government.heuristic import _assault_air_lift, piece_values

    game = new_solitaire("standard", seed)
    rng = random.Random(seed)
    found = 0
    for _ in range(150):
        if game.is_terminal():
            break
        state = game.state
        values = piece_values(state)
        answer = _assault_air_lift(state, values)
        assert answer == reference_air_lift(state, values)
        found += answer is not None
        game.apply(random_command(state, rng), chooser=RandomChooser(rng))
    assert found > 10


def test_lookahead_dice_roll_the_seeded_stream_seeded_at_the_first_roll() -> None:
    # the look-ahead's private dice: the same rolls as random.Random(seed), whether or
    # not the generator was made before the first roll
    state = new_solitaire("standard", 0).state.clone()
    dice = LookaheadDice(1234)
    rolls = [dice.roll(state, "test") for _ in range(20)]
    rng = random.Random(1234)
    assert rolls == [rng.randint(1, 6) for _ in range(20)]
    assert state.roll_log[-20:] == [("test", r) for r in rolls]


# ======================================================================================
# issue 40 item 5: the campaign's rollouts share the work their policies share
# ======================================================================================
def heuristic_boards(seed: int, every: int = 3) -> list:  # type: ignore[type-arg]
    """Boards where the Government decides (Event cards and Propaganda Rounds) in a
    heuristic game of standard seed ``seed``: every ``every``-th one."""
    game = new_solitaire("standard", seed)
    bot = make_government("heuristic", seed)
    boards = []
    while not game.is_terminal():
        if game.to_move() == GOVT:
            boards.append(game.state.clone())
        step(game, bot)
    return boards[::every]


def applied(board, decision) -> str:  # type: ignore[no-untyped-def]
    """The board after a decision, with its chooser (an Event's answers), as JSON."""
    from core.dice import SeededDice
    from core.game import Game

    game = Game(board.clone(), SeededDice(), [], board)
    game.apply(decision.command, chooser=decision.chooser, dice=SeededDice())
    return str(state_to_json(game.state))


@pytest.mark.parametrize("seed", [1, 2])
def test_policies_deciding_on_one_board_with_one_memo_decide_as_alone_6_4_2_3(seed) -> None:
    # 2.3 (Event card) and 6.4-6.5 (Propaganda) decisions of the policy following each
    # campaign plan, made one after another on one board with one look-ahead memo, are
    # the decisions each makes alone on its own copy (the plan's value joins only the
    # evaluations, which the memo keys by plan), and the board is left as it was
    from core.dice import SeededDice
    from core.game import Game
    from nonplayer.government.heuristic import HeuristicGovernment, shared_lookahead
    from nonplayer.government.plan import PLANS

    policies = [HeuristicGovernment(event_budget=6)]
    policies += [policies[0].following(plan) for plan in PLANS]
    differ = 0
    for board in heuristic_boards(seed):
        before = state_to_json(board)
        memo: dict = {}
        alone = []
        for policy in policies:
            game = Game(board.clone(), SeededDice(), [], board)
            alone.append(policy.decide(game, SeededDice()))
        for policy, own in zip(policies, alone, strict=True):
            with shared_lookahead(memo):
                shared = policy.decide(Game(board, SeededDice(), [], board), SeededDice())
            assert repr(shared.command) == repr(own.command)
            assert applied(board, shared) == applied(board, own)
        assert state_to_json(board) == before
        differ += len({repr(d.command) for d in alone}) > 1
    assert differ > 3  # the plans do change decisions: the memo must keep them apart


def reference_rollout(state, cand, budget, weights, policy):  # type: ignore[no-untyped-def]
    """The campaign's rollout as first written (before issue 40 item 5): one candidate,
    one board, every step played."""
    from core.dice import SeededDice
    from core.errors import IllegalAction
    from core.game import Game, execute, sequence
    from nonplayer.government.campaign import Outcome, leaf_score
    from nonplayer.government.search import reply_text
    from nonplayer.government.value import cards_to_propaganda
    from nonplayer.turn import flowchart_stand_in, take_turn

    dice = SeededDice()
    chooser = cand.chooser_factory() if cand.chooser_factory is not None else None
    if cand.plan is not None:
        policy = policy.following(cand.plan)
    try:
        execute(state, cand.command, dice, chooser)
    except IllegalAction:
        return None, []
    flowchart_stand_in(state)
    game = Game(state, dice, [], state)
    start_cards, start_rounds = len(state.played), state.propaganda_cards
    replies: list[str] = []
    for _ in range(400):
        s = game.state
        if s.phase == "over":
            break
        if s.propaganda_cards > start_rounds and s.phase == "card":
            break
        cards = len(s.played) - start_cards
        if cards >= budget.max_cards and s.phase == "card" and (
                cards >= budget.max_cards + budget.check_reach
                or cards_to_propaganda(s)[0] > budget.check_reach):
            break
        f = sequence.to_move(s)
        if f is None:
            break
        try:
            if f is GOVT:
                decision = policy.decide(game, dice)
                game.apply(decision.command, chooser=decision.chooser, dice=dice)
                continue
            on_card = len(s.played) == start_cards
            result = take_turn(game, dice, discord=policy.discord)
        except (IllegalAction, ValueError, RuntimeError):
            break
        if on_card:
            replies.append(f"{f.label}: {reply_text(result.decision, result.command)}")
    s = game.state
    winner = None
    if s.phase == "over":
        ranking = s.step.get("ranking") or []
        winner = Faction(ranking[0]).label if ranking else None
    return Outcome(leaf_score(s, weights), s.victory_margins(),
                   s.propaganda_cards > start_rounds, s.phase == "over", winner,
                   len(s.played) - start_cards), replies


@pytest.mark.parametrize("seed", [3])
def test_rollouts_sharing_their_work_equal_the_separate_rollouts_8_1_6_0(seed) -> None:
    # 8.1 (the Non-players' turns) and 6.0 (the Round the rollouts play to): the
    # candidates rolled out together on a future, sharing their first command's board
    # and every decision their policies agree on, end exactly as each rolled out alone
    from nonplayer.government import campaign

    budget = campaign.THINK_LEVELS["2s"]
    weights = campaign.tuned_weights()
    shared_first = 0
    for board in heuristic_boards(seed, 7)[1:4]:
        if board.phase != "card":
            continue
        prep = campaign.prepare(board, budget, 0, weights)
        short = prep.short
        shared_first += len(short) - len({repr(c.command) for c in short})
        for _ in range(2):
            future = campaign.determinize(prep.seen, prep.rng)
            together = campaign.rollouts_on(future, short, budget, weights, prep.policy)
            alone = [reference_rollout(future.clone(), c, budget, weights, prep.policy)
                     for c in short]
            assert together == alone
    assert shared_first >= 2  # some candidates did share their first command


@pytest.mark.parametrize("side", ["unshaded", "shaded"])
def test_the_event_candidates_choosers_share_their_scores_5_1(side, monkeypatch) -> None:
    # 5.1: the campaign plays its Event candidate again in every rollout, each time with
    # a fresh chooser of the candidate; those choosers answer on one board with one
    # evaluator, so they share their scores: the same answers and board as a chooser
    # with none, the later one asking the look-ahead fewer simulations
    from nonplayer.government.evaluation import DEFAULT_WEIGHTS
    from nonplayer.government.search import event_candidates

    game = event_position(7, 29)
    cand = next(c for c in event_candidates(game.state, 3, DEFAULT_WEIGHTS, 16)
                if c.command == PlayEvent(side))
    simulations = counted_simulations(monkeypatch)

    def execute(chooser):  # type: ignore[no-untyped-def]
        simulations.clear()
        board = game.state.clone()
        apply_command(board, PlayEvent(side), LookaheadDice(9), chooser)
        return state_to_json(board), chooser.answers, len(simulations)

    alone = cand.chooser_factory()
    alone.scores = {}  # a chooser of its own
    fresh = execute(alone)
    first = execute(cand.chooser_factory())
    again = execute(cand.chooser_factory())
    assert fresh[:2] == first[:2] == again[:2]
    assert fresh[2] > 1 and again[2] < first[2]
