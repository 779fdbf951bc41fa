"""The campaign Government (``--govt search``): candidate commands judged by playing the
campaign forward, against the exact Non-player model, on determinized clones.

The Insurgents of a 1-player game are section-8 Non-players: given the position, the
cards and the dice, what they do is a *known function* (``flowcharts/*.toml`` run by
:mod:`nonplayer.turn`). What the Government cannot know is the rest: the order of the
unseen cards and the dice. So this bot, every time it decides on an Event card:

1. **Candidates.** The CP-SAT plans of :mod:`nonplayer.government.search` (each
   Operation with each Special Activity), both Event halves (choices answered by
   look-ahead) and Pass, each checked by the real engine and pre-scored one card ahead
   (the Insurgents still to act on this card reply on a clone) with the shared
   evaluation of the position reached, or with the learned value
   (:mod:`nonplayer.government.value`, issue 28) when :data:`LEARNED_VALUE_ENV` turns
   it on (off by default: it measured worse, docs/strength.md). The best ``shortlist``
   go on to step 3, plus always Pass and the best Event, so that "wait" and "the card"
   are judged on the same footing.
   Unless :data:`PLANS_ENV` turns them off (issue 35 item 2; on by default since they
   beat the plan-less search on 200 held-out seeds, docs/strength.md), one more
   candidate per **campaign plan** (:mod:`nonplayer.government.plan`: pacify a
   Department, ready spaces for Civic Action, garrison the spaces FARC could Agitate,
   remove exposed FARC Bases, keep Resources for the Support Phase): the command the
   heuristic following the plan chooses now, and in its rollouts the Government keeps
   following that plan to the Round, Redeploy included (:func:`plan_candidates`).
   The ledger's three plans (issue 40 item 4: *hold*, garrison and Civic Action in
   the same spaces; *foothold*, a Base and Police in a Population-2 Department;
   *no-eradicate*, a restriction) are judged only when :data:`PLANS_ENV` names them.
2. **Determinizations.** ``determinizations`` possible futures are sampled, each a clone
   of the position with (a) the unseen part of the draw deck replaced by a sample
   consistent with what is public (:func:`sample_deck`: the deck's size, the cards
   played, the current and the next card (2.3.8), the Deck Preparation of 2.1 and seed
   003: 4 piles with 1 Propaganda card each, or 2 in Quick-Play; a pile whose Propaganda
   card has not shown still holds one somewhere in its unseen part; the Event cards not
   yet seen, 12 of which were set aside unseen) and (b) fresh dice (the clone's dice
   stream is reseeded). Both come from the bot's own generator, seeded from public
   information only (:func:`public_seed`): the bot never reads the real deck order
   beyond the next card nor the game's dice stream, and permuting them leaves its
   decision unchanged (``tests/test_govt_campaign.py``).
3. **Rollouts.** Every short-listed candidate is played on *the same* determinizations
   (common random numbers: luck cancels out of the comparison): the command, then the
   Non-players by their flowcharts and the Government by a fast policy (the heuristic
   Government, :mod:`nonplayer.government.heuristic`, Propaganda decisions included),
   to the end of the next Propaganda Round (victory check 6.1, Support Phase 6.4) or
   the game's end, or ``max_cards`` cards, whichever comes first; but a rollout at the
   card cap whose next Propaganda card is at most ``check_reach`` cards away plays on
   to it, so that a victory check just past the cap is played, not guessed. On each
   determinization every candidate is rolled out at once (:func:`rollouts_on`, issue 40
   item 5): the candidates with the same first command (a plan choosing what a one-card
   candidate chose) play on from one board, the Non-players' turns played once, for as
   long as their policies decide alike, each such decision made on the one board with
   one look-ahead memo; the outcomes are those of separate rollouts, bit for bit. The
   determinizations run in ``workers`` forked processes when asked (``--workers``, or
   one per core in ``andean demo``); each rollout depends only on its determinization
   and candidate, so the decision is the serial run's (a test checks it).
   A person's Insurgent seat (``andean play --as FARC``) is played in the rollouts by
   its section-8 flowchart, as a Non-player on the clone
   (:func:`nonplayer.turn.flowchart_stand_in`, issue 35), so the futures reach the
   Propaganda Round there too and the levels mean what they say.
4. **Score, on one scale** (:func:`nonplayer.government.base.final_score`, issue 35). A
   game an Insurgent wins at a victory check (6.1, 7.1; COIN Failure, 8.8) scores
   ``CHECK_LOSS`` (-1000) graded down by 10 per point the Government is behind, below
   any position that goes on (every evaluation is clamped at ``GOING_ON_FLOOR``, -500):
   before issue 35 a check lost by 2 scored -20 while going on scored about -50, so the
   mean over futures preferred a loss (seed 4242, card #48). A game run to its end
   scores its 8.8 solo score times 10 plus a bonus for every 8.8 level above COIN
   Failure; the one-card pre-score and the heuristic's evaluation use the same
   function. Otherwise the shared evaluation of the
   position the rollout reached or, when turned on, the final solo score the learned
   value expects from it
   (:mod:`nonplayer.government.value`: a linear model of
   features a COIN player would name, the margins, the cards to the next victory check
   and whether its Round is the last among them, fitted on self-play games by
   ``benchmarks/fit_value.py``). The candidate with the best mean wins; the trace says what it
   aims at and what the bot expects the Non-players to do (the replies on this card, the
   Support and margins expected at the next Propaganda Round, how often an Insurgent
   wins there).

**Successive halving with an incumbent** (issue 40 items 3 and 4; off by default, on with
``ANDEAN_SEARCH_HALVING=1`` (:data:`HALVING_ENV`) until a held-out pairing says it plays
better): the futures are drawn once per decision and shared by every candidate; all the
candidates play the first few, the better half by mean the next as many, and so on
(each level's :attr:`Budget.halving`: at 2s 4, 8, 16, 32 futures), so that the last two
are compared on 32 futures instead of every candidate on 5. The bot remembers the plan
it chose until the next Support Phase (:attr:`CampaignGovernment.plan_memory`); that
*plan in force* is the incumbent: it always goes on to the last round, and the best of
the last round replaces it only if it leads it by :attr:`Budget.margin` (2) paired
standard errors, so noise does not make the bot switch plans card after card; the trace
says "adopting plan X", "continuing plan X" or why it switched (:func:`halving_search`).
Without a plan in force there is no incumbent (the plan-less heuristic's own choice is
no candidate: on the decision bench keeping it undid the halving's gain). The first
decision on an Event card after each Propaganda Round, where the Round's plan is chosen,
gets a larger share (:attr:`Budget.opening`: at 2s 8, 16, 32 futures). The decision
bench (``benchmarks/decision_bench.py``, docs/strength.md) judges such rules against a
64-future reference before games do.

**The yardstick as the objective** (issue 40 item 2; off by default, on with
``ANDEAN_SEARCH_LEAF=yardstick`` (:data:`LEAF_ENV`) until a held-out pairing says it
plays better): a rollout's leaf is the chance of avoiding COIN Failure (8.8) in points
of % (:mod:`nonplayer.government.yardstick`): 0 for a victory check an Insurgent wins,
0 or 100 for a finished game by its 8.8 level, else a model fitted on the search
Government's own training games at Round ends. Its rollouts have no card cap: each
plays on to the end of the next Propaganda Round or of the game (:func:`leaf_budget`),
so that every leaf that goes on is a Round's end, where the model was fitted. Only the
leaves change: the one-card pre-scores and the fast policy keep the shared evaluation.
It combines with successive halving (both variables set).

Time levels (:data:`THINK_LEVELS`): the work is fixed in advance by the budget (CP-SAT
effort, shortlist, determinizations, cards per rollout), never read off the clock, so a
position and seed always give the same decision; the wall clock is only a safety net
(far above the plan) that skips the remaining rollouts and says so in the trace. On a
loaded machine (a measurement run at low priority) the net can cut in and the games then
depend on the load: ``ANDEAN_SEARCH_FIXED_WORK=1`` (:data:`FIXED_WORK_ENV`) moves it out
of reach, so that every decision plays its planned work. A
faster engine buys more rollouts at the same level by raising the level's counts.

The weights of the evaluation and the policy knobs can come from a tuning run
(:mod:`benchmarks.tune_campaign`, numbers in ``nonplayer/government/tuned.json``).
Propaganda Round decisions are the heuristic Government's, as in the one-card search.
"""

from __future__ import annotations

import json
import math
import os
import random
import sys
import threading
import time
import zlib
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from core.cards import CARDS, EVENT_CARDS, PROPAGANDA_CARDS
from core.dice import SeededDice
from core.errors import IllegalAction
from core.game import Game, execute, sequence
from core.game.sequence import OperationAction, PlayEvent
from core.pieces import INSURGENTS, Faction
from core.pool import worker_signals
from core.setup import SEEDED_BOTTOM
from core.state import GameState
from nonplayer.government.base import (
    GOING_ON_FLOOR,
    EvaluatingChooser,
    GovtDecision,
    LookaheadDice,
    final_score,
)
from nonplayer.government.cpsat import NO_SA, ModelRun, Values
from nonplayer.government.evaluation import Weights, evaluate
from nonplayer.government.heuristic import HeuristicGovernment, discord_choice, shared_lookahead
from nonplayer.government.operation_models import SA_VARIANTS
from nonplayer.government.plan import PLANS, Plan, plan_named
from nonplayer.government.search import (
    Candidate,
    Clock,
    Effort,
    command_label,
    distinct,
    event_candidates,
    operation_candidates,
    reply_text,
    rule_of,
    score_candidate,
)
from nonplayer.government.value import ValueModel, cards_to_propaganda, load_model, pile_sizes
from nonplayer.government.yardstick import yardstick_value
from nonplayer.trace import Trace
from nonplayer.turn import flowchart_stand_in, take_turn

GOVT = Faction.GOVT


# ======================================================================================
# budgets
# ======================================================================================
@dataclass(frozen=True)
class Budget:
    """The work one decision plans, fixed in advance (never read off the clock).

    ``effort``/``model_seconds``: the CP-SAT candidates (:class:`search.Effort` and the
    planned solver time); ``shortlist``: candidates rolled out (besides Pass and the
    best Event); ``determinizations``: sampled futures, the same for every candidate;
    ``max_cards``: cards a rollout may reveal before it stops short of the Propaganda
    Round; ``safety``: wall-clock seconds after which remaining rollouts are skipped;
    ``check_reach``: at the card cap, a rollout whose next Propaganda card is at most
    this many cards away plays on to its Round, so that the victory check (6.1) it was
    about to miss is played, not guessed (issue 28).
    """

    name: str
    effort: Effort
    model_seconds: float
    shortlist: int
    determinizations: int
    max_cards: int
    safety: float
    check_reach: int = 2
    #: successive halving (issue 40 item 3, with :data:`HALVING_ENV`): the futures the
    #: survivors have seen after each round, e.g. (2, 4, 8, 16)
    halving: tuple[int, ...] = ()
    #: with successive halving, the schedule of the Government's first decision on an
    #: Event card after each Propaganda Round (and of a bot's first decision): a larger
    #: share of the budget where the plan for the Round is chosen (issue 40 item 4)
    opening: tuple[int, ...] = ()
    #: a challenger replaces the incumbent only if it beats it by this many paired SE
    margin: float = 2.0
    #: the decision bench only (issue 40 item 2): with the yardstick leaf's uncapped
    #: rollouts (``max_cards`` lifted by the bench), also score the default leaf where a
    #: rollout with this card cap would stop (:attr:`Outcome.capped`) and keep the board
    #: each rollout ends on (:attr:`Outcome.board`): one rollout gives both leaves; 0: not
    dual_cap: int = 0

    @property
    def rollouts(self) -> int:
        return (self.shortlist + 2) * self.determinizations


#: The thinking budgets of ``--think`` (nominal seconds per decision on this machine).
THINK_LEVELS: dict[str, Budget] = {
    "0.5s": Budget("0.5s", Effort((NO_SA, "strike"), 1, 8), 0.2, 1, 2, 3, 5.0,
                   halving=(1, 2, 4), opening=(2, 4)),
    "2s": Budget("2s", Effort(SA_VARIANTS, 1, 16), 0.5, 3, 5, 8, 20.0,
                 halving=(4, 8, 16, 32), opening=(8, 16, 32)),
    "10s": Budget("10s", Effort(SA_VARIANTS, 2, 24), 1.5, 5, 16, 16, 100.0,
                  halving=(4, 8, 16, 32, 64), opening=(8, 16, 32, 64)),
}
DEFAULT_THINK = "2s"


def budget_for(think: str | float | Budget) -> Budget:
    """The budget for ``--think`` (a level name, or seconds: the nearest level below)."""
    if isinstance(think, Budget):
        return think
    if isinstance(think, str):
        if think in THINK_LEVELS:
            return THINK_LEVELS[think]
        try:
            think = float(think.rstrip("s"))
        except ValueError:
            raise ValueError(f"--think takes {', '.join(THINK_LEVELS)} or seconds, "
                             f"not {think!r}") from None
    levels = sorted(THINK_LEVELS.values(), key=lambda b: float(b.name.rstrip("s")))
    chosen = levels[0]
    for level in levels:
        if float(level.name.rstrip("s")) <= think + 1e-9:
            chosen = level
    return chosen


# ======================================================================================
# tuned numbers
# ======================================================================================
TUNED_FILE = Path(__file__).with_name("tuned.json")


def tuned_weights(path: Path = TUNED_FILE) -> Weights:
    """The evaluation weights from the tuning file (defaults where it says nothing)."""
    if not path.exists():
        return Weights()
    data = json.loads(path.read_text(encoding="utf-8"))
    names = {f.name for f in fields(Weights)}
    values = {k: float(v) for k, v in data.get("weights", {}).items() if k in names}
    return replace(Weights(), **values)


def tuned_policy(path: Path = TUNED_FILE) -> dict[str, int]:
    """The fast policy's knobs from the tuning file (empty: the heuristic's defaults):
    ``civic_reserve``, and ``greedy`` (1: the heuristic's greedy Operation choice,
    :func:`nonplayer.government.heuristic.choose_operation`)."""
    if not path.exists():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    return {k: int(v) for k, v in data.get("policy", {}).items()}


#: Simulations per Event choice of the fast policy in rollouts (the heuristic plays 24).
POLICY_EVENT_BUDGET = 6


# ======================================================================================
# what the Government cannot see: the deck and the dice
# ======================================================================================
def public_seed(state: GameState, seed: int = 0) -> int:
    """The bot's private generator seed, from public information only: the cards played
    (current one included), the next card (2.3.8), Propaganda Rounds, who acted on this
    card, and the bot's own seed. Never the game's dice stream nor the deck beyond the
    next card."""
    acted = [(int(a[0]), str(a[1])) for a in state.step.get("acted", [])] \
        if isinstance(state.step, dict) else []
    key = repr((seed, list(state.played), state.deck[:1], state.propaganda_cards, acted,
                state.phase))
    return zlib.crc32(key.encode("ascii"))


def sample_deck(state: GameState, rng: random.Random) -> list[int]:
    """A draw deck the Government cannot tell from the real one: same size, the next
    card kept, the rest drawn from the cards not yet seen, each pile's unseen
    Propaganda card placed among that pile's unseen positions (seeded Propaganda: among
    its bottom 5 + 1)."""
    deck = state.deck
    if len(deck) <= 1:
        return list(deck)
    seen = list(state.played) + deck[:1]
    unknown = len(deck) - 1
    first = len(seen)  # position, from the top of the prepared deck, of deck[1]
    piles = pile_sizes(state)
    propaganda_slots: list[int] = []  # positions (index into the unknown part)
    if sum(n for n, _ in piles) == first + unknown:
        seeded = bool(state.options.get("seeded_propaganda"))
        start = 0
        for n, has in piles:
            end = start + n
            if has:
                shown = any(CARDS[c].propaganda for c in seen[start:min(end, first)])
                lo = max(start, first, end - (SEEDED_BOTTOM + 1) if seeded else start)
                if not shown and lo < end:
                    propaganda_slots.append(rng.randrange(lo, end) - first)
            start = end
    else:  # a deck not laid out as prepared (an edited game): any unseen position
        left = [c for c in PROPAGANDA_CARDS if c not in seen]
        propaganda_slots = rng.sample(range(unknown), min(len(left), unknown))
    remaining = [c for c in PROPAGANDA_CARDS if c not in seen]
    rng.shuffle(remaining)
    events = [c for c in EVENT_CARDS if c not in seen]
    rng.shuffle(events)
    out: list[int] = []
    slots = set(propaganda_slots)
    for i in range(unknown):
        if i in slots and remaining:
            out.append(remaining.pop())
        else:
            out.append(events.pop() if events else remaining.pop())
    return deck[:1] + out


#: The environment variable of the clairvoyant diagnostic (``ANDEAN_CLAIRVOYANT=1``,
#: issue 35 item 4): every "sampled" world is the true one, the real deck order and the
#: real dice stream, so the rollouts see the future the game will deal. It cheats; it
#: exists only to measure the ceiling of the search's design (docs/strength.md), and no
#: command or test turns it on for play.
CLAIRVOYANT_ENV = "ANDEAN_CLAIRVOYANT"


def clairvoyant() -> bool:
    """Is the clairvoyant diagnostic on (:data:`CLAIRVOYANT_ENV`)?"""
    return os.environ.get(CLAIRVOYANT_ENV, "") in ("1", "yes", "true")


def determinize(state: GameState, rng: random.Random) -> GameState:
    """A clone of ``state`` with a sampled unseen deck and fresh dice (the true deck and
    dice when the clairvoyant diagnostic is on)."""
    clone = state.clone()
    if clairvoyant():
        return clone
    clone.deck = sample_deck(state, rng)
    clone.rng_seed = rng.getrandbits(48)
    clone.rng_counter = 0
    return clone


# ======================================================================================
# rollouts
# ======================================================================================
@dataclass
class Outcome:
    """Where one rollout ended: its score, margins, whether a Propaganda Round was
    reached, and who (if anyone) won."""

    score: float
    margins: dict[Faction, int]
    reached_round: bool
    over: bool
    winner: str | None
    cards: int
    #: the decision bench's second leaf (:attr:`Budget.dual_cap`): where the default
    #: rollout would have stopped at its card cap, scored by the default leaf (None: the
    #: rollout ended before the cap, as the default one does)
    capped: Outcome | None = None
    #: the decision bench only (:attr:`Budget.dual_cap`): the board the rollout ended on
    board: GameState | None = None


#: The environment variable that turns the learned value on (``ANDEAN_LEARNED_VALUE=1``).
#: Off by default: on the first 76 held-out seeds (100000-100075) the campaign Government
#: scoring with the learned value played worse than with the hand-weighted evaluation,
#: paired -2.80 (95% CI -4.40 to -1.20; docs/strength.md, issue 28), so it is an option to
#: measure, not the default.
LEARNED_VALUE_ENV = "ANDEAN_LEARNED_VALUE"


def value_model() -> ValueModel | None:
    """The learned model when it is turned on (:data:`LEARNED_VALUE_ENV`) and shipped;
    else None, and the shared evaluation scores positions."""
    if os.environ.get(LEARNED_VALUE_ENV, "") not in ("1", "yes", "true"):
        return None
    return load_model()


def learned_value(state: GameState) -> float:
    """The final 8.8 solo score the learned model (:mod:`nonplayer.government.value`)
    expects from ``state`` if the fast policy played on: in points of margin, the units
    of the shared evaluation it replaces. A finished game is scored by
    :func:`base.final_score` (:func:`leaf_score`): a rollout an Insurgent wins at a
    victory check scores below any that goes on."""
    model = value_model()
    assert model is not None
    return model.predict(state)


#: The environment variable that chooses the rollouts' leaf (issue 40 item 2):
#: ``ANDEAN_SEARCH_LEAF=yardstick`` scores a leaf as the chance of avoiding COIN Failure
#: (8.8), in points of % (:mod:`nonplayer.government.yardstick`), and plays every
#: rollout to the end of the next Propaganda Round or the game (:func:`leaf_budget`), so
#: that every leaf that goes on is a Round's end, where the model was fitted. Unset (the
#: default): the one scale of :func:`base.final_score`. Off by default until a held-out
#: pairing says it plays better (docs/strength.md).
LEAF_ENV = "ANDEAN_SEARCH_LEAF"
#: The leaves :data:`LEAF_ENV` may name.
LEAVES = ("", "yardstick")


def yardstick_leaf() -> bool:
    """Do the rollouts' leaves estimate the chance of avoiding COIN Failure
    (:data:`LEAF_ENV` is ``yardstick``)? Any other non-empty value is refused."""
    leaf = os.environ.get(LEAF_ENV, "").strip().lower()
    if leaf not in LEAVES:
        raise ValueError(f"{LEAF_ENV} takes {' or '.join(repr(x) for x in LEAVES if x)} "
                         f"(or nothing), not {leaf!r}")
    return leaf == "yardstick"


#: A rollout's card cap with the yardstick leaf: beyond any Round (a pile is 16 cards).
ROUND_END_CAP = 99


def leaf_budget(budget: Budget) -> Budget:
    """``budget`` as the leaf needs it: with the yardstick leaf no card cap (every
    rollout plays to the end of the next Propaganda Round or of the game); otherwise
    unchanged."""
    if yardstick_leaf():
        return replace(budget, max_cards=ROUND_END_CAP)
    return budget


def leaf_score(state: GameState, weights: Weights) -> float:
    """The leaf of a rollout: the chance of avoiding COIN Failure in points of %
    (:func:`nonplayer.government.yardstick.yardstick_value`) with the yardstick leaf
    (:data:`LEAF_ENV`), else :func:`default_leaf`."""
    if yardstick_leaf():
        return yardstick_value(state)
    return default_leaf(state, weights)


def default_leaf(state: GameState, weights: Weights) -> float:
    """A finished game: :func:`base.final_score`, the one scale of every Government
    evaluation (a victory check lost scores :data:`base.CHECK_LOSS` graded by how much
    it loses, below any position that goes on; a game run to its end 10 x the 8.8 solo
    score plus a bonus per level above COIN Failure). Otherwise the learned value of the
    position (the solo score it expects, :func:`learned_value`) when turned on, or the
    shared evaluation (margins first); neither scores below :data:`base.GOING_ON_FLOOR`."""
    if state.phase == "over":
        return final_score(state)
    if value_model() is not None:
        return max(learned_value(state), GOING_ON_FLOOR)
    return evaluate(state, weights)


#: Steps (Government decisions and Non-player turns) a rollout plays at most.
ROLLOUT_STEPS = 400


def rollout(state: GameState, cand: Candidate, budget: Budget, weights: Weights,
            policy: HeuristicGovernment) -> tuple[Outcome | None, list[str]]:
    """Play ``cand`` on the determinized clone ``state``, then the campaign on to the end
    of the next Propaganda Round (or the game, or ``budget.max_cards``): the Non-players
    by their flowcharts, the Government by ``policy`` (following the candidate's plan,
    if any). None if the engine refuses the command."""
    return rollouts_on(state, [cand], budget, weights, policy)[0]


@dataclass
class _Run:
    """What the rollouts of one first command share: the limits and where they began."""

    budget: Budget
    weights: Weights
    start_cards: int
    start_rounds: int
    discord: Any
    dual_cap: int = 0


@dataclass
class _Node:
    """A Government decision a rollout reached: the board (never changed: the policies
    decide on it, and each decision plays on from a clone of it), the loop step, the
    replies on the first card so far, the look-ahead memo the policies deciding here
    share (:func:`nonplayer.government.heuristic.shared_lookahead`), and where each
    decision taken here led (a further node, or the rollout's end)."""

    state: GameState
    step: int
    replies: list[str]
    run: _Run
    memo: dict[Any, Any] = field(default_factory=dict)
    after: dict[Any, Any] = field(default_factory=dict)
    capped: Outcome | None = None  # the bench's second leaf, once passed (Budget.dual_cap)


#: A rollout's end: its outcome and the replies on the first card.
_End = tuple["Outcome", list[str]]


def rollouts_on(future: GameState, cands: list[Candidate], budget: Budget,
                weights: Weights, policy: HeuristicGovernment
                ) -> list[tuple[Outcome | None, list[str]]]:
    """Every candidate rolled out on the determinization ``future`` (not changed), as
    :func:`rollout` of each on its own clone, with the work they share done once.

    A rollout is a function of its board, its command and its policy: the Non-players'
    turns and the dice are the board's, and the policies of the candidates (the fast
    policy, or the same following a plan) differ only in the Government's decisions. So
    the candidates with the same first command (a plan whose policy chose as a
    one-card candidate, two plans choosing alike: about 4 of 10 at the default level)
    play on from one board, and each later Government decision is made by every policy
    that reached it on that one board, with one look-ahead memo; where their decisions
    agree they go on together, the Non-players' turns played once, and only where they
    differ does a rollout branch off. The outcomes and replies are those of the
    separate rollouts, bit for bit (``tests/test_govt_campaign.py``)."""
    dice = SeededDice()  # the clone's own, reseeded stream
    starts: dict[Any, _Node | _End | None] = {}
    out: list[tuple[Outcome | None, list[str]]] = []
    for cand in cands:
        key = (repr(cand.command), cand.chooser_factory)
        if key not in starts:
            starts[key] = _first_leg(future.clone(), cand, dice, budget, weights, policy)
        where = starts[key]
        if where is None:  # the engine refused the command
            out.append((None, []))
            continue
        follower = policy.following(cand.plan) if cand.plan is not None else policy
        while isinstance(where, _Node):
            where = _decide_at(where, follower, dice)
        outcome, replies = where
        out.append((replace(outcome, margins=dict(outcome.margins)), list(replies)))
    return out


def _first_leg(state: GameState, cand: Candidate, dice: SeededDice, budget: Budget,
               weights: Weights, policy: HeuristicGovernment) -> _Node | _End | None:
    """Execute ``cand``'s command on ``state`` (None if the engine refuses it), then play
    the Non-players' turns to the Government's next decision or the rollout's end."""
    chooser = cand.chooser_factory() if cand.chooser_factory is not None else None
    try:
        execute(state, cand.command, dice, chooser)
    except IllegalAction:
        return None
    # a person's Insurgent seat is played by its section-8 flowchart (issue 35), so that
    # the rollouts reach the next Propaganda Round in a game where a person plays FARC
    flowchart_stand_in(state)
    run = _Run(budget, weights, len(state.played), state.propaganda_cards, policy.discord,
               budget.dual_cap)
    return _leg(Game(state, dice, [], state), dice, run, 0, [])


def _leg(game: Game, dice: SeededDice, run: _Run, step: int,
         replies: list[str], capped: Outcome | None = None) -> _Node | _End:
    """Play on from loop step ``step`` until the Government is to decide (a node on the
    board reached) or the rollout ends: the end of the next Propaganda Round (its
    victory check and Support Phase played) or the game, or the card cap."""
    budget = run.budget
    while step < ROLLOUT_STEPS:
        s = game.state
        if s.phase == "over":
            break
        if s.propaganda_cards > run.start_rounds and s.phase == "card":
            break  # the Round is over and the next card is out
        cards = len(s.played) - run.start_cards
        if run.dual_cap and capped is None and cards >= run.dual_cap and s.phase == "card" \
                and (cards >= run.dual_cap + budget.check_reach
                     or cards_to_propaganda(s)[0] > budget.check_reach):
            capped = _end(s, run, default_leaf(s, run.weights))  # the default's stop
        if cards >= budget.max_cards and s.phase == "card" and (
                cards >= budget.max_cards + budget.check_reach
                or cards_to_propaganda(s)[0] > budget.check_reach):
            break  # the card cap, unless the victory check is within reach
        f = sequence.to_move(s)
        if f is None:
            break
        if f is GOVT:
            return _Node(s, step, replies, run, capped=capped)
        on_card = len(s.played) == run.start_cards
        try:
            result = take_turn(game, dice, discord=run.discord)
        except (IllegalAction, ValueError, RuntimeError):  # pragma: no cover - safety
            break
        step += 1
        if on_card:
            replies.append(f"{f.label}: {reply_text(result.decision, result.command)}")
    return _end(game.state, run, capped=capped), replies


def _decide_at(node: _Node, policy: HeuristicGovernment, dice: SeededDice) -> _Node | _End:
    """``policy``'s decision at ``node`` and where it leads: played from a clone of the
    board the first time a policy takes it there, shared by every later one."""
    game = Game(node.state, dice, [], node.state)
    try:
        with shared_lookahead(node.memo):
            decision = policy.decide(game, dice)
    except (IllegalAction, ValueError, RuntimeError):  # pragma: no cover - safety
        return _end(node.state, node.run, capped=node.capped), list(node.replies)
    key = (repr(decision.command), _chooser_key(decision.chooser))
    known = node.after.get(key)
    if known is None:
        state = node.state.clone()
        game = Game(state, dice, [], state)
        try:
            game.apply(decision.command, chooser=decision.chooser, dice=dice)
        except (IllegalAction, ValueError, RuntimeError):  # pragma: no cover - safety
            known = (_end(game.state, node.run, capped=node.capped), list(node.replies))
        else:
            known = _leg(game, dice, node.run, node.step + 1, list(node.replies),
                         node.capped)
        node.after[key] = known
    return known


def _chooser_key(chooser: Any) -> Any:
    """What decides an Event's answers besides the board: nothing without a chooser;
    the side, budget and evaluator of the look-ahead chooser (its answers are a function
    of those and the board); any other chooser is never shared."""
    if chooser is None:
        return None
    if isinstance(chooser, EvaluatingChooser) and not chooser.answers:
        return ("look-ahead", chooser.side, chooser.budget, chooser.evaluator)
    return object()


def _end(s: GameState, run: _Run, score: float | None = None,
         capped: Outcome | None = None) -> Outcome:
    """The outcome of a rollout that ended on ``s`` (``score``: its leaf, when not
    :func:`leaf_score`'s)."""
    winner = None
    if s.phase == "over":
        ranking = s.step.get("ranking") or []
        winner = Faction(ranking[0]).label if ranking else None
    if run.dual_cap and capped is None and score is None:  # ended before the cap
        capped = _end(s, run, default_leaf(s, run.weights))
    return Outcome(leaf_score(s, run.weights) if score is None else score,
                   s.victory_margins(), s.propaganda_cards > run.start_rounds,
                   s.phase == "over", winner, len(s.played) - run.start_cards, capped,
                   s if run.dual_cap else None)


# ======================================================================================
# the decision
# ======================================================================================
@dataclass
class Judged:
    """A short-listed candidate and its rollouts."""

    cand: Candidate
    outcomes: list[Outcome] = field(default_factory=list)
    replies: list[str] = field(default_factory=list)

    @property
    def mean(self) -> float:
        return sum(o.score for o in self.outcomes) / len(self.outcomes) if self.outcomes \
            else -math.inf


@dataclass
class CampaignResult:
    best: Judged
    judged: list[Judged]
    candidates: list[Candidate]
    runs: list[ModelRun]
    budget: Budget
    rollouts: int
    seconds: float
    rollout_seconds: float
    cut_short: bool
    options: list[str]
    #: with successive halving: the incumbent (the plan in force), whether it was kept,
    #: the rounds as the trace tells them, the plan in force asked for (even when it
    #: offered no command) and whether the opening schedule was used
    incumbent: Judged | None = None
    kept: bool = False
    rounds: list[str] = field(default_factory=list)
    plan_in_force: str | None = None
    opening: bool = False


#: The environment variable that turns successive halving with an incumbent on
#: (``ANDEAN_SEARCH_HALVING=1``, issue 40 items 3 and 4): off by default until a held-out
#: pairing says it is better (docs/strength.md).
HALVING_ENV = "ANDEAN_SEARCH_HALVING"


def halving_on() -> bool:
    """Is successive halving with an incumbent on (:data:`HALVING_ENV`)?"""
    return os.environ.get(HALVING_ENV, "").strip().lower() in ("1", "yes", "true")


#: The environment variable that makes a search's work independent of the machine's load
#: (``ANDEAN_SEARCH_FIXED_WORK=1``, issue 40 item 7): the wall-clock safety net
#: (:attr:`Budget.safety`, which skips the remaining rollouts and caps the CP-SAT solves)
#: is moved out of reach, so every decision plays its level's planned work however slow
#: the machine. For measurement runs at low priority on a shared machine, where the net
#: would otherwise cut rollouts and a game would depend on the load; play and the hint
#: keep the net.
FIXED_WORK_ENV = "ANDEAN_SEARCH_FIXED_WORK"

#: The safety net under :data:`FIXED_WORK_ENV`: about 30 years.
FIXED_WORK_SAFETY = 1e9


def fixed_work_on() -> bool:
    """Is the wall-clock safety net out of reach (:data:`FIXED_WORK_ENV`)?"""
    return os.environ.get(FIXED_WORK_ENV, "").strip().lower() in ("1", "yes", "true")


#: The model name of the heuristic's own choice among the candidates (the decision bench's
#: extra candidate; the game's search no longer adds it, issue 40).
HEURISTIC_MODEL = "heuristic"


#: The environment variable that chooses the campaign plans (issue 35 item 2; issue 40
#: item 4): unset, ``1`` or ``default``: the five of :data:`nonplayer.government.plan.PLANS`,
#: on by default since the held-out pairing of docs/strength.md (200 seeds, same commit:
#: +2.25 solo score, 95% CI +0.82 to +3.68; 37 against 24 games out of COIN Failure);
#: ``0`` gives the plan-less search measured before them; a comma-separated list of
#: plan names (``default`` standing for the five) judges exactly those, e.g.
#: ``default,hold`` adds the ledger's opt-in plan *hold*
#: (:data:`nonplayer.government.plan.LEDGER_PLANS`: hold, foothold, no-eradicate).
PLANS_ENV = "ANDEAN_CAMPAIGN_PLANS"


def active_plans() -> tuple[Plan, ...]:
    """The campaign plans the search judges, as :data:`PLANS_ENV` says (ValueError, in
    one line, for a name that is no plan)."""
    said = os.environ.get(PLANS_ENV, "1").strip().lower()
    if said in ("0", "no", "false", "none"):
        return ()
    if said in ("", "1", "yes", "true", "default"):
        return PLANS
    out: list[Plan] = []
    for name in (n.strip() for n in said.split(",")):
        if not name:
            continue
        try:
            chosen = PLANS if name == "default" else (plan_named(name),)
        except ValueError as err:
            raise ValueError(f"{PLANS_ENV}: {err} (or default)") from None
        out += [p for p in chosen if p not in out]
    return tuple(out)


def plans_on() -> bool:
    """Are campaign plans (:mod:`nonplayer.government.plan`) judged too? Yes unless
    :data:`PLANS_ENV` says ``0``, ``no`` or ``false`` (:func:`active_plans`)."""
    return bool(active_plans())


def plan_candidates(seen: GameState, policy: HeuristicGovernment,
                    candidates: list[Candidate], seed: int,
                    plans: tuple[Plan, ...] | None = None) -> list[Candidate]:
    """One candidate per campaign plan (``plans``, by default :func:`active_plans`): the
    command the policy following the plan chooses now, rolled out with the same policy
    on every card after it. An Event takes the choices of the Event candidate of the
    same half (answered by look-ahead); a plan whose Event half is not among them is
    left out."""
    out: list[Candidate] = []
    board = seen.clone()  # every plan decides on this one board, its look-ahead shared
    memo: dict[Any, Any] = {}
    for plan in active_plans() if plans is None else plans:
        game = Game(board, LookaheadDice(seed), [], seen)
        with shared_lookahead(memo):
            decision = policy.following(plan).decide(game, game.dice)
        cmd = decision.command
        factory = None
        if isinstance(cmd, PlayEvent):
            same = [c for c in candidates if c.kind == "event" and c.command == cmd]
            if not same:
                continue
            factory = same[0].chooser_factory
        where = plan.targets(seen)
        label = f"Plan {plan.name}{' (' + ', '.join(where) + ')' if where else ''}: " \
            f"{command_label(cmd)}"
        out.append(Candidate(label, decision.kind, cmd, model="plan",
                             chooser_factory=factory, plan=plan))
    return out


def shortlist(candidates: list[Candidate], n: int) -> list[Candidate]:
    """The best ``n`` operations by their one-card score, plus Pass and the best Event."""
    scored = sorted((c for c in candidates if c.score is not None),
                    key=lambda c: -(c.score or 0.0))
    ops = [c for c in scored if c.kind in ("operation", "limited_operation")][:n]
    extra = [c for c in scored if c.kind == "pass"][:1] + \
        [c for c in scored if c.kind == "event"][:1]
    chosen = ops + extra
    if len(chosen) < n + 2:  # fill with whatever else scored
        chosen += [c for c in scored if c not in chosen][: n + 2 - len(chosen)]
    return chosen


#: What the worker processes of one decision roll out (set before they are forked).
_JOB: tuple[Any, ...] | None = None
#: Worker pools started so far in this process (the tests check the parallel path ran).
POOLS_STARTED = 0


def _one_future(d: int) -> list[tuple[Outcome | None, list[str]]]:
    """Every short-listed candidate rolled out on determinization ``d`` (of :data:`_JOB`)."""
    assert _JOB is not None
    futures, cands, budget, weights, policy = _JOB
    return rollouts_on(futures[d], cands, budget, weights, policy)


def auto_workers() -> int:
    """Worker processes for the determinizations when not told: the machine's cores,
    or 1 inside a worker process (a batch already plays one game per core)."""
    import multiprocessing as mp

    if mp.current_process().daemon:
        return 1
    return max(1, os.cpu_count() or 1)


def _rollouts(futures: list[GameState], cands: list[Candidate], budget: Budget,
              weights: Weights, policy: HeuristicGovernment,
              workers: int) -> Iterator[list[tuple[Outcome | None, list[str]]]]:
    """Each determinization's rollouts, in order. With ``workers`` > 1 they run in forked
    worker processes; every rollout is a function of its (cloned) determinization and
    candidate only (its dice are the clone's own reseeded stream), so the results are
    those of the serial run (``tests/test_govt_campaign.py``)."""
    global _JOB
    import multiprocessing as mp

    workers = min(workers, len(futures))
    if workers <= 1 or mp.current_process().daemon or sys.platform != "linux" \
            or threading.active_count() > 1:  # forking a threaded process is unsafe
        for future in futures:
            yield rollouts_on(future, cands, budget, weights, policy)
        return
    global POOLS_STARTED
    _JOB = (futures, cands, budget, weights, policy)
    pool = mp.get_context("fork").Pool(workers, initializer=worker_signals)
    POOLS_STARTED += 1
    try:
        yield from pool.imap(_one_future, range(len(futures)), chunksize=1)
        pool.close()
    finally:
        _JOB = None
        pool.terminate()
        pool.join()


@dataclass
class Prepared:
    """A decision's work before the rollouts: the position as the Government sees it
    (``seen``), the bot's private generator (``rng``: the futures come next from it),
    every candidate and the short-listed ones, the solver runs and the fast policy."""

    seen: GameState
    rng: random.Random
    candidates: list[Candidate]
    short: list[Candidate]
    runs: list[ModelRun]
    policy: HeuristicGovernment
    options: list[str]
    #: the seed of the one-card look-ahead and of the plans' first decisions
    pre_seed: int = 0


def prepare(state: GameState, budget: Budget, seed: int, weights: Weights,
            civic_reserve: int | None = None, heuristic: bool = False,
            plans: tuple[Plan, ...] | None = None) -> Prepared:
    """Steps 1 of the module docstring: the candidates of the Government's decision on
    the Event card of ``state``, pre-scored one card ahead, and the short list the
    rollouts judge (the campaign plans ``plans``, by default :func:`active_plans`; with
    ``heuristic``, last, the plan-less heuristic's own choice, for the decision bench's
    incumbent rules). Reads nothing the Government cannot see: the deck beyond the next
    card and the dice are resampled first. The plans draw nothing from the bot's
    generator (``rng``), so the futures drawn after it are the same whatever the plans."""
    rng = random.Random(public_seed(state, seed))
    pre_seed = rng.getrandbits(31)
    # the position as the Government sees it: unseen deck and dice already resampled, so
    # that nothing below (one-card pre-scores, Event choices) can read the real ones
    seen = determinize(state, rng)
    clock = Clock(budget.safety, budget.model_seconds)
    opts = sequence.options(seen)
    runs: list[ModelRun] = []
    candidates: list[Candidate] = [Candidate("Pass", "pass", sequence.Pass())]
    candidates += event_candidates(seen, pre_seed, weights, budget.effort.event_budget)
    limited = sequence.OPERATION not in opts
    if sequence.OPERATION in opts or sequence.LIMITED in opts:
        candidates += operation_candidates(seen, Values(seen, weights), limited, seed,
                                            budget.effort, clock, runs)
    value = learned_value if value_model() is not None else None
    for cand in distinct(candidates):
        score_candidate(seen, cand, pre_seed, weights, budget.effort, value)
    short = shortlist(candidates, budget.shortlist)
    knobs = tuned_policy()
    if civic_reserve is None:
        civic_reserve = knobs.get("civic_reserve")
    policy = HeuristicGovernment(event_budget=POLICY_EVENT_BUDGET, civic_reserve=civic_reserve,
                                 greedy=bool(knobs.get("greedy", 0)))
    plans = active_plans() if plans is None else plans
    if plans:
        short += plan_candidates(seen, policy, candidates, pre_seed, plans)
    if heuristic:
        own = policy.decide(Game(seen.clone(), LookaheadDice(pre_seed), [], seen), None)
        same = [c for c in candidates if c.command == own.command]
        factory = same[0].chooser_factory if same else None
        if not isinstance(own.command, PlayEvent) or same:
            short.append(Candidate(f"Heuristic: {command_label(own.command)}", own.kind,
                                   own.command, model=HEURISTIC_MODEL,
                                   chooser_factory=factory))
    return Prepared(seen, rng, candidates, short, runs, policy, opts, pre_seed)


def campaign_search(game: Game, think: str | float | Budget = DEFAULT_THINK, seed: int = 0,
                    weights: Weights | None = None,
                    civic_reserve: int | None = None, workers: int = 1,
                    plan_in_force: str | None = None, opening: bool = False) -> CampaignResult:
    """Judge the Government's candidates by determinized rollouts (module docstring).

    ``weights``: the evaluation's (default: the tuned ones); ``civic_reserve``: the fast
    policy's Resources kept back from Civic Action (default: the tuned one); ``workers``:
    processes for the determinizations (the decision is the same for any number);
    ``plan_in_force``: the plan the bot follows (with successive halving, the incumbent:
    :func:`halving_search`); ``opening``: the first decision of a Round (with successive
    halving, :attr:`Budget.opening`'s larger schedule)."""
    state = game.state
    if state.phase != "card" or sequence.to_move(state) is not GOVT:
        raise ValueError("the campaign search plays the Government's decisions on Event cards")
    budget = budget_for(think)
    if fixed_work_on():
        budget = replace(budget, safety=FIXED_WORK_SAFETY)
    budget = leaf_budget(budget)
    weights = weights or tuned_weights()
    start = time.perf_counter()
    halving = halving_on() and bool(budget.halving)
    prep = prepare(state, budget, seed, weights, civic_reserve)
    if halving:
        return halving_search(prep, budget, weights, workers, plan_in_force, start,
                              opening and bool(budget.opening))
    seen, rng, candidates, short = prep.seen, prep.rng, prep.candidates, prep.short
    runs, policy, opts = prep.runs, prep.policy, prep.options
    futures = [determinize(seen, rng) for _ in range(budget.determinizations)]
    judged = [Judged(c) for c in short]
    t0 = time.perf_counter()
    cut = False
    done = 0
    for d, results in enumerate(_rollouts(futures, short, budget, weights, policy, workers)):
        if time.perf_counter() - start > budget.safety and d > 0:
            cut = True
            break
        for j, (outcome, replies) in zip(judged, results, strict=True):
            done += 1
            if outcome is not None:
                j.outcomes.append(outcome)
                if d == 0:
                    j.replies = replies
    if cut:  # only complete sets of determinizations count: the comparison stays paired
        n = min(len(j.outcomes) for j in judged if j.outcomes) if any(
            j.outcomes for j in judged) else 0
        for j in judged:
            j.outcomes = j.outcomes[:n]
    ok = [j for j in judged if j.outcomes]
    if not ok:  # nothing could be rolled out: the best one-card score
        best_cand = short[0]
        best = Judged(best_cand)
    else:
        best = max(ok, key=lambda j: j.mean)  # ties: the first short-listed
    if best.cand.chooser_factory is not None:
        best.cand.chooser = best.cand.chooser_factory()
    return CampaignResult(best, judged, candidates, runs, budget, done,
                          time.perf_counter() - start, time.perf_counter() - t0, cut, opts)


def paired_gap(a: Judged, b: Judged) -> tuple[float, float]:
    """Mean and standard error of ``a``'s lead over ``b`` on the futures both played
    (the same futures, in order: common random numbers)."""
    n = min(len(a.outcomes), len(b.outcomes))
    d = [x.score - y.score for x, y in zip(a.outcomes[:n], b.outcomes[:n], strict=True)]
    if n < 2:
        return (d[0] if d else 0.0), math.inf
    m = sum(d) / n
    var = sum((x - m) ** 2 for x in d) / (n - 1)
    return m, math.sqrt(var / n)


def halving_search(prep: Prepared, budget: Budget, weights: Weights, workers: int,
                   plan_in_force: str | None, start: float,
                   opening: bool = False) -> CampaignResult:
    """Successive halving with an incumbent (issue 40 items 3 and 4).

    The futures are drawn once for the decision (the schedule's last count of them:
    ``budget.halving``, or ``budget.opening`` for the first decision of a Round) and
    shared by every candidate. Round by round every surviving candidate plays the
    futures new to it (the first 4, then the next 4, the next 8, ...: each round's
    survivors have played the same futures), then the better half by mean goes on; the
    incumbent, the plan in force, always goes on. The best of the last round replaces
    the incumbent only if it leads it by ``budget.margin`` paired standard errors: noise
    does not make the bot switch plans. Without a plan in force there is no incumbent
    (the plan-less heuristic's own choice is no candidate: on the decision bench keeping
    it undid the halving's gain, docs/strength.md). The work is fixed in advance and
    every rollout is a function of its future and candidate, so the decision is the same
    on any number of workers."""
    seen, rng, short = prep.seen, prep.rng, prep.short
    schedule = budget.opening if opening else budget.halving
    futures = [determinize(seen, rng) for _ in range(schedule[-1])]
    judged = [Judged(c) for c in short]
    inc = next((j for j in judged if plan_in_force and j.cand.plan is not None
                and j.cand.plan.name == plan_in_force), None)
    alive = list(judged)
    t0 = time.perf_counter()
    played = done = 0
    cut = False
    rounds: list[str] = []
    for r, k in enumerate(schedule):
        new = futures[played:k]
        if r and time.perf_counter() - start > budget.safety:
            cut = True
            break
        for d, results in enumerate(_rollouts(new, [j.cand for j in alive], budget,
                                              weights, prep.policy, workers)):
            for j, (outcome, replies) in zip(alive, results, strict=True):
                done += 1
                if outcome is None:  # the engine refused it: out of the comparison
                    j.outcomes = []
                    continue
                if j.outcomes or (played == 0 and d == 0):
                    j.outcomes.append(outcome)
                if played == 0 and d == 0:
                    j.replies = replies
        alive = [j for j in alive if j.outcomes]
        played = k
        rounds.append(f"{len(alive)} on {k}")
        if r == len(schedule) - 1 or len(alive) <= 2:
            continue  # the last two go on to the last round's futures
        ranked_alive = sorted(alive, key=lambda j: -j.mean)  # stable: ties keep order
        keep = ranked_alive[: max(2, (len(alive) + 1) // 2)]
        if inc is not None and inc in alive and inc not in keep:
            keep.append(inc)
        alive = [j for j in alive if j in keep]  # short-list order
    if not alive:
        best = Judged(short[0])
    else:
        n = min(len(j.outcomes) for j in alive)
        best = max(alive, key=lambda j: sum(o.score for o in j.outcomes[:n]) / n)
    kept = False
    if inc is not None and inc in alive and best is not inc:
        lead, se = paired_gap(best, inc)
        if lead < budget.margin * se:
            best, kept = inc, True
    elif best is inc:
        kept = True
    if best.cand.chooser_factory is not None:
        best.cand.chooser = best.cand.chooser_factory()
    return CampaignResult(best, judged, prep.candidates, prep.runs, budget, done,
                          time.perf_counter() - start, time.perf_counter() - t0, cut,
                          prep.options, inc, kept, rounds, plan_in_force, opening)


# ======================================================================================
# explaining the choice in player language
# ======================================================================================
def aim_of(cand: Candidate) -> str:
    """What a command aims at, as a Government player would say it (a plan: its
    intention to the next Support Phase and the spaces it is about)."""
    cmd = cand.command
    if cand.plan is not None:
        return f"plan to the next Support Phase: {cand.plan.intention}"
    if isinstance(cmd, PlayEvent):
        return "take the Event: its effect is worth more than an Operation now"
    if cand.kind == "pass":
        return "stay Eligible for the next card and keep Resources for Civic Action"
    if isinstance(cmd, OperationAction):
        op, special = cmd.op.name, cmd.special.name if cmd.special else ""
        aims = {
            "Train": "build Control and Support where the Population is (Train, then "
                     "Civic Action)",
            "Patrol": "keep the LoCs open and Econ flowing, clearing Guerrillas off them",
            "Sweep": "find Underground Guerrillas so they can be Assaulted",
            "Assault": "remove Insurgent pieces, Bases first, before they pay off",
        }
        text = aims.get(op, op)
        if special == "Air Strike":
            text += "; Air Strike hits an exposed Guerrilla or Base"
        elif special == "Eradicate":
            text += "; Eradicate takes Cartels Bases and earns Aid"
        elif special == "Air Lift":
            text += "; Air Lift brings Troops where they count"
        return text
    return cand.label


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def campaign_trace(result: CampaignResult) -> Trace:
    trace = Trace(GOVT.label)
    b = result.budget
    schedule = b.opening if result.opening else b.halving
    futures = f"up to {schedule[-1]} shared" if result.rounds else str(b.determinizations)
    trace.add("campaign.card", "2.3",
              f"may {', '.join(result.options)}; thinking {b.name}: "
              f"{sum(1 for c in result.candidates if c.score is not None)} candidates, "
              f"{len(result.judged)} played forward on {futures} sampled futures "
              f"(unseen cards and dice) to the next Propaganda Round; {result.rollouts} "
              f"rollouts in {result.rollout_seconds:.2f} s, {result.seconds:.2f} s in all")
    for j in sorted(result.judged, key=lambda j: -j.mean):
        if not j.outcomes:
            continue
        wins = Counter(o.winner for o in j.outcomes if o.over and o.winner)
        lost = sum(n for w, n in wins.items() if w != GOVT.label)
        trace.add("campaign.candidate", _rule(j.cand),
                  f"{j.mean:+.1f}: {j.cand.label} (an Insurgent wins in {lost} of "
                  f"{len(j.outcomes)} futures)")
    best = result.best
    trace.add("campaign.aim", _rule(best.cand), f"Choose {best.cand.label}: aim: "
              f"{aim_of(best.cand)}")
    if best.replies:
        trace.add("campaign.expect", "8.1", "expect on this card: " + "; ".join(best.replies))
    if best.outcomes:
        gm = _mean([o.margins[GOVT] for o in best.outcomes])
        lead = _mean([max(o.margins[f] for f in INSURGENTS) for o in best.outcomes])
        top = Counter(max(INSURGENTS, key=lambda f: o.margins[f]).label
                      for o in best.outcomes).most_common(1)[0][0]
        reached = sum(o.reached_round for o in best.outcomes)
        trace.add("campaign.expect", "7.2",
                  f"expect at the next Propaganda Round (reached in {reached} of "
                  f"{len(best.outcomes)} futures): Total Support {60 + gm:.0f} of 60 "
                  f"needed, Government margin {gm:+.1f}, best Insurgent margin "
                  f"{lead:+.1f} (most often {top})")
    if result.rounds:
        first = " (the Round's first decision: a larger share)" if result.opening else ""
        trace.add("campaign.halving", "", f"successive halving on shared futures{first}: "
                  + ", ".join(result.rounds) + " futures")
    inc = result.incumbent
    chosen = best.cand.plan.name if best.cand.plan is not None else None
    if result.rounds and inc is None:
        if result.plan_in_force is not None:
            trace.add("campaign.incumbent", _rule(best.cand),
                      f"dropping plan {result.plan_in_force}: it offers no command on this "
                      "card")
        elif chosen is not None:
            trace.add("campaign.incumbent", _rule(best.cand),
                      f"adopting plan {chosen}: the best of the last round, kept to the "
                      "next Support Phase unless a challenger beats it beyond the noise")
    if inc is not None:
        name = f"plan {inc.cand.plan.name}" if inc.cand.plan is not None \
            else "the heuristic's own choice"
        if result.kept:
            runner = max((j for j in result.judged if j is not inc and j.outcomes
                          and len(j.outcomes) == len(inc.outcomes)),
                         key=lambda j: j.mean, default=None)
            why = "it is the best"
            if runner is not None and runner.mean > inc.mean:
                lead, se = paired_gap(runner, inc)
                why = (f"{runner.cand.label} leads it by {lead:.1f}, less than "
                       f"{b.margin:g} paired standard errors ({b.margin * se:.1f})")
            trace.add("campaign.incumbent", _rule(inc.cand), f"continuing {name}: {why}")
        else:
            lead, se = paired_gap(best, inc)
            trace.add("campaign.incumbent", _rule(best.cand),
                      f"switching from {name}: {best.cand.label} leads it by {lead:.1f}, "
                      f"more than {b.margin:g} paired standard errors ({b.margin * se:.1f})")
    if yardstick_leaf():
        trace.add("campaign.leaf", "8.8", "scores: the chance of avoiding COIN Failure, in %, "
                  "at the end of the next Propaganda Round (0 where an Insurgent wins the "
                  "check; a model of the position there where the game goes on)")
    if result.cut_short:
        trace.add("campaign.time", "", f"safety net {b.safety:.0f} s reached: fewer "
                  "sampled futures than planned")
    return trace


def _rule(cand: Candidate) -> str:
    return rule_of(cand)


class CampaignGovernment:
    """The campaign Government as a :class:`nonplayer.government.base.GovernmentBot`."""

    name = "search"

    def __init__(self, seed: int = 0, think: str | float | Budget = DEFAULT_THINK,
                 weights: Weights | None = None, civic_reserve: int | None = None,
                 workers: int | None = 1, **options: Any) -> None:
        self.seed = seed
        self.budget = budget_for(think)
        #: determinization worker processes (None or 0: :func:`auto_workers`)
        self.workers = workers or auto_workers()
        self.weights = weights or tuned_weights()
        self.civic_reserve = tuned_policy().get("civic_reserve") if civic_reserve is None \
            else civic_reserve
        self.note = ""
        #: the plan in force (issue 40 item 4, with successive halving): its name, the
        #: Propaganda Rounds and cards played when it was chosen; it lasts to the next
        #: Support Phase
        self.plan_memory: tuple[str, int, int] | None = None
        #: the Propaganda Rounds played at this bot's last decision on an Event card (the
        #: next one after a Round is the Round's first: with successive halving it gets
        #: :attr:`Budget.opening`, issue 40 item 4)
        self.round_seen: int | None = None

    def decide(self, game: Game, dice: Any = None) -> GovtDecision:
        state = game.state
        if sequence.to_move(state) is not GOVT:
            raise ValueError("the Government is not the Faction to move")
        if state.phase != "card":
            policy = HeuristicGovernment(civic_reserve=self.civic_reserve)
            decision: GovtDecision = policy.decide(game, None)
            decision.trace.add("campaign.propaganda", "6.0", "Propaganda Round decision: "
                               "the heuristic Government's rule")
            return decision
        memory = self.plan_memory
        in_force = memory[0] if memory is not None and memory[1] == state.propaganda_cards \
            and memory[2] <= len(state.played) else None
        opening = self.round_seen != state.propaganda_cards
        self.round_seen = state.propaganda_cards
        result = campaign_search(game, self.budget, self.seed, self.weights,
                                 self.civic_reserve, self.workers, plan_in_force=in_force,
                                 opening=opening)
        best = result.best
        if result.rounds:  # successive halving: remember the plan chosen, or none
            plan = best.cand.plan
            self.plan_memory = None if plan is None else (
                plan.name, state.propaganda_cards, len(state.played))
        notes = {
            "score": best.mean,
            "seconds": result.seconds,
            "rollouts": result.rollouts,
            "rollout_seconds": result.rollout_seconds,
            "cut_short": result.cut_short,
            "think": result.budget.name,
            "plan": best.cand.plan.name if best.cand.plan is not None else "",
        }
        return GovtDecision(best.cand.command, campaign_trace(result), best.cand.chooser,
                            best.cand.kind, notes)

    def discord(self, state: GameState, faction: Faction) -> str:
        return discord_choice(state, faction)[0]
