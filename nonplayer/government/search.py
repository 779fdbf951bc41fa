"""The search Government: CP-SAT plans, checked and scored by the real engine.

The first edition has no Government flowchart. This bot *searches* instead, in three steps,
every time the Government decides on an Event card:

1. **Plan with CP-SAT (OR-tools)** (:mod:`nonplayer.government.operation_models`, built
   from :mod:`nonplayer.government.cpsat`). For each Operation type (Train 3.2.1, Patrol
   3.2.2, Sweep 3.2.3, Assault 3.2.4), alone or with each Special Activity it may take
   (Air Lift 4.2.1, Air Strike 4.2.2, Eradicate 4.2.3), a small integer model chooses the spaces,
   how many cubes go where (Train placements, Sweep moves along adjacency and through
   Guerrilla-free LoCs, Patrol moves along LoC/City chains, Air Lift), which Guerrillas
   are Activated and which pieces are removed (Assault, Patrol's free Assault, Air Strike,
   Eradicate), Base or Civic Action after a Train, under the Government's Resources, the
   Available cubes, FARC Zones (1.4.2, 6.4.4) and the lasting Events that change costs and
   limits (Ospina & Mora, Tapias, High Mountain Battalions, Blackhawks, NDSC, Plan
   Meteoro, 1st Division, Plan Colombia, Madrid Donors, Misil Antiaéreo, Senado & Cámara).
   Its objective is a *linear* estimate of what the plan is worth: Support gained, enemy
   pieces removed or Activated, Control won, Resources spent. The best few plans of each
   model are decoded into real commands (a no-good cut after each solution asks the solver
   for a different selection).
2. **Check with the engine.** Each command runs on a clone of the game through the real
   rules (:func:`core.game.execute`); an illegal one is dropped, so the bot never returns
   an illegal command even where a model is only an approximation. The Event (each side,
   its open choices answered by a small greedy search) and Pass are candidates too, and a
   Limited Operation is a model with one space and no Special Activity (2.3.5).
3. **Score the outcome.** After the Government's command, the Non-player Insurgents still
   to act on this card play their section-8 turns on the clone (:func:`_rollout`; with
   ``HORIZON = 1`` play goes on through the next card, the Government's own turns there
   played by the heuristic Government), then the position is scored by
   :func:`nonplayer.government.evaluation.evaluate`: victory margins first (7.3: the
   Government's margin and, as in the 8.8 solitaire score, the leading Insurgent's
   margin), then the things that turn into
   margin later (Control, Resources, Guerrillas and Bases on the map, Terror, Sabotage,
   lasting Events, Eligibility for the next card). The known next card (2.3.8) is looked
   at: when it is a Propaganda card, Control, Resources for Civic Action and unprotected
   LoCs weigh more. The best score wins; the trace lists what was considered and why.

Dice: look-ahead clones never roll from the game's seeded stream (which would show the
bot the real future rolls): :class:`nonplayer.government.base.LookaheadDice` is a separate
seeded generator, the same sequence for every candidate (common random numbers) so that
they are compared on equal luck.

Time and determinism: the work is planned from the time limit in advance
(:func:`effort_for`: which Special Activity variants, how many plans per model, the
solver's *deterministic* time per solve), the solver runs single-threaded with a fixed
seed, and every loop runs in a fixed order, so a given position and seed always give the
same decision. The wall clock is only a safety net: on a machine far slower than planned
the remaining plans are skipped, and the trace says so. At the default 1.5 s a decision
takes about 0.4 s here (``benchmarks/bench_search.py``).

Propaganda Round decisions (Civic Action, Redeploy, FARC Zone, 7th Special Forces) are
delegated to the heuristic Government (:mod:`nonplayer.government.heuristic`).
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from core import events
from core.cards import CARDS
from core.commands import Command
from core.errors import IllegalAction
from core.game import Game, execute, sequence
from core.game.sequence import OperationAction, Pass, PlayEvent
from core.map import space_name
from core.pieces import Faction
from core.state import GameState
from core.words import counted
from nonplayer.government.base import (
    EvaluatingChooser,
    GovtDecision,
    LookaheadDice,
    lookahead_seed,
)
from nonplayer.government.cpsat import NO_SA, ModelRun, OperationModel, Values, solve_model
from nonplayer.government.evaluation import DEFAULT_WEIGHTS, Weights, evaluate, evaluation_terms
from nonplayer.government.heuristic import HeuristicGovernment
from nonplayer.government.operation_models import OPERATION_MODELS, SA_VARIANTS
from nonplayer.trace import Trace, operation_text
from nonplayer.turn import take_turn

GOVT = Faction.GOVT

#: Look-ahead beyond the current card (see _rollout): 0 or 1 more card.
HORIZON = 0
#: Dice sequences each candidate is scored with (their mean is its score).
SAMPLES = 1
#: Plans asked of each model at the default time limit.
SOLUTIONS = 2
#: Share of the time limit planned for the solver...
MODEL_SHARE = 0.6
#: ...as deterministic time: CP-SAT's deterministic units per wall-clock second on the
#: reference machine (2 cores; measured with benchmarks/bench_search.py, median 0.36).
DET_PER_SECOND = 0.4


# ======================================================================================
# candidates and results
# ======================================================================================
@dataclass
class Candidate:
    """One option considered: its command and how it fared.

    ``model`` names the CP-SAT model that produced it (None for Event and Pass),
    ``status`` the solver's status, ``model_value`` the model's linear estimate;
    ``score`` is the evaluation after the engine executed it and the Insurgents replied
    (None if it was illegal: ``error`` says why).
    """

    label: str
    kind: str  # "operation", "limited_operation", "event", "pass"
    command: Command
    chooser: Any = None
    model: str | None = None
    status: str | None = None
    model_value: float | None = None
    score: float | None = None
    error: str | None = None
    effects: list[str] = field(default_factory=list)  # the engine's trace of the command
    replies: list[str] = field(default_factory=list)  # what the Insurgents then did
    terms: dict[str, float] = field(default_factory=dict)
    #: Makes a fresh chooser for the real game (an Event's choices are re-asked there).
    chooser_factory: Callable[[], Any] | None = None
    #: The campaign plan the rollouts' Government follows after this command
    #: (:mod:`nonplayer.government.plan`, issue 35), or None: the plan-less heuristic.
    plan: Any = None



@dataclass
class SearchResult:
    """Everything :func:`search` found: the best candidate, all candidates in the order
    considered, the solver runs, the baseline evaluation and timings."""

    best: Candidate
    candidates: list[Candidate]
    runs: list[ModelRun]
    baseline: float
    baseline_terms: dict[str, float]
    seconds: float
    time_limit: float
    cut_short: bool
    options: list[str]  # what the Government could do (2.3.3-2.3.5)

    @property
    def solver_seconds(self) -> float:
        return sum(r.seconds for r in self.runs)


def distinct(candidates: list[Candidate]) -> Iterator[Candidate]:
    """The candidates in order, each command once: a later copy of an earlier command
    is marked with an error and skipped, so it is neither scored nor chosen."""
    keys: set[str] = set()
    for cand in candidates:
        key = repr(cand.command)
        if key in keys:
            cand.error = "same command as an earlier candidate"
            continue
        keys.add(key)
        yield cand



# ======================================================================================
# the search
# ======================================================================================
RULE_OF = {"Train": "3.2.1", "Patrol": "3.2.2", "Sweep": "3.2.3", "Assault": "3.2.4",
           "Event": "5.1", "Pass": "2.3.3"}


class Clock:
    """Wall-clock budget of one search: ``limit`` is the safety net, ``budget`` the
    planned thinking time the solver's deterministic budgets are cut from."""

    def __init__(self, limit: float, budget: float | None = None) -> None:
        self.start = time.perf_counter()
        self.limit = limit
        self.budget = limit if budget is None else budget
        self.cut_short = False

    @property
    def elapsed(self) -> float:
        return time.perf_counter() - self.start

    def left(self) -> float:
        return self.limit - self.elapsed

    def out(self, share: float = 1.0) -> bool:
        """Past ``share`` of the limit (and remember that work was cut short)."""
        if self.elapsed > share * self.limit:
            self.cut_short = True
            return True
        return False


def _rollout(
    state: GameState, dice: Any, horizon: int, govt: Any = None
) -> tuple[GameState, list[str]]:
    """Play on from ``state`` with look-ahead dice: the Non-player Insurgents take their
    section-8 turns (:func:`nonplayer.turn.take_turn`).

    ``horizon`` 0: stop at the end of the current card, or when the Government or a
    player is to decide. ``horizon`` 1: go on through the next card too (a Propaganda
    card's Round included), the Government's own decisions there made by ``govt`` (the
    heuristic Government); stop when the card after it is revealed. Always stop when
    the game ends or a player (not a Non-player) Insurgent is to decide.
    """
    game = Game(state, dice, [], state)
    start = len(state.played)
    lines: list[str] = []
    for _ in range(60):
        s = game.state
        if s.phase == "over" or len(s.played) > start + horizon:
            break
        f = sequence.to_move(s)
        if f is None:
            break
        try:
            if f is GOVT:
                if horizon == 0 or govt is None:
                    break
                decision = govt.decide(game, dice)
                game.apply(decision.command, chooser=decision.chooser, dice=dice)
                continue
            if s.seats[f] is not None:
                break
            result = take_turn(game, dice)
        except (IllegalAction, ValueError, RuntimeError) as err:  # pragma: no cover
            lines.append(f"{f.label}: look-ahead stopped ({err})")
            break
        if len(s.played) == start:  # replies on this card, for the trace
            lines.append(f"{f.label}: {reply_text(result.decision, result.command)}")
    return game.state, lines


def score_candidate(state: GameState, cand: Candidate, seed: int, w: Weights, effort: Effort,
           value: Callable[[GameState], float] | None = None) -> None:
    """Execute the candidate on a clone (look-ahead dice), play on to the horizon, and
    fill in its score (the mean over ``effort.samples`` dice sequences, the same ones for
    every candidate), or its error if the engine refuses it. The score is the shared
    evaluation's, or ``value`` of the position reached when one is given (the campaign
    Government's learned value, issue 28); ``terms`` are the evaluation's either way."""
    govt = None
    if effort.horizon:
        govt = HeuristicGovernment()
    totals: dict[str, float] = {}
    learned = 0.0
    for k in range(max(1, effort.samples)):
        trial = state.clone()
        dice = LookaheadDice(seed + 7919 * k)
        chooser = cand.chooser if k == 0 or cand.chooser_factory is None \
            else cand.chooser_factory()
        try:
            ctx = execute(trial, cand.command, dice, chooser)
        except IllegalAction as err:
            cand.error = f"{err.rule}: {err.message}"
            return
        after, replies = _rollout(trial, dice, effort.horizon, govt)
        if k == 0:
            cand.effects = list(ctx.trace)
            cand.replies = replies
        for name, term in evaluation_terms(after, w).items():
            totals[name] = totals.get(name, 0.0) + term
        if value is not None:
            learned += value(after)
    n = max(1, effort.samples)
    cand.terms = {name: term / n for name, term in totals.items()}
    cand.score = learned / n if value is not None else sum(cand.terms.values())


def reply_text(decision: str, cmd: Command) -> str:
    """A Non-player's reply in the look-ahead, as the narration says it: 'Rally in
    Cesar-La Guajira; Extort in Antioquia-Bolívar', 'the shaded Event', 'Pass'."""
    if getattr(cmd, "op", None) is not None:
        return operation_text(cmd, decision == sequence.LIMITED)
    if isinstance(cmd, PlayEvent):
        return f"the {cmd.side} Event"
    return str(cmd.name)


def command_label(cmd: Command) -> str:
    """A candidate command named for the trace: "Train (Cali) + Air Lift (...)", the
    Event half, Pass."""
    if isinstance(cmd, OperationAction):
        names = ", ".join(space_name(s) for s in dict.fromkeys(cmd.op.spaces()))
        text = f"{cmd.op.name} ({names})" if names else cmd.op.name
        if cmd.special is not None:
            where = ", ".join(space_name(s) for s in cmd.special.spaces())
            text += f" + {cmd.special.name} ({where})"
        return text
    if isinstance(cmd, PlayEvent):
        return f"Event ({cmd.side})"
    return cmd.name


def event_candidates(state: GameState, seed: int, w: Weights, budget: int) -> list[Candidate]:
    card = state.current_card
    if card is None or sequence.EVENT not in sequence.options(state):
        return []
    out = []
    # every chooser made here answers on the same board with the same evaluator, and a
    # score is a function of those, the side and the answers (EvaluatingChooser): they
    # share their scores, so the Event played again in every rollout (campaign) asks the
    # look-ahead only what no earlier chooser asked
    def evaluator(s: GameState) -> float:
        return evaluate(s, w)

    scores: dict[Any, float] = {}
    for side in events.sides_of(card):
        def make(side: str = side) -> Any:
            return EvaluatingChooser(state, side, LookaheadDice(seed + 7), budget=budget,
                                     evaluator=evaluator, scores=scores)

        word = CARDS[card].side_word(side)
        out.append(Candidate(f"Event ({word}): {CARDS[card].title}" if word
                             else f"Event: {CARDS[card].title}", "event",
                             PlayEvent(side), chooser=make(), chooser_factory=make))
    return out


@dataclass(frozen=True)
class Effort:
    """How much work a search plans, fixed in advance from its time limit (never from
    the clock, so that the same position and seed always give the same decision).

    ``variants``: the Special Activity variants modelled for each Operation;
    ``solutions``: plans asked of each model; ``event_budget``: simulations per Event
    choice. The solver's deterministic time per solve is the model share of the time
    limit divided among the planned solves.
    """

    variants: tuple[str, ...]
    solutions: int
    event_budget: int
    horizon: int = 0
    samples: int = 1


def effort_for(time_limit: float) -> Effort:
    """The planned work for ``time_limit`` seconds (measured with
    ``benchmarks/bench_search.py``: about a third of the limit at 1.5 s)."""
    if time_limit >= 1.0:
        return Effort(SA_VARIANTS, SOLUTIONS, 24, HORIZON, SAMPLES)
    if time_limit >= 0.5:
        return Effort(SA_VARIANTS, 1, 16)
    return Effort((NO_SA, "strike"), 1, 8)


def search(
    game: Game,
    time_limit: float = 1.5,
    seed: int = 0,
    weights: Weights | None = None,
    effort: Effort | None = None,
    wall_limit: float | None = None,
) -> SearchResult:
    """Search the Government's best command on the current Event card (see the module
    docstring). Raises ValueError unless the Government is to decide on an Event card.

    ``time_limit`` (seconds) sets the planned work (:func:`effort_for`, unless ``effort``
    is given) and the solver's deterministic time budget; the wall clock is only a
    safety net: should the limit be reached (a machine far slower than planned), the
    remaining plans are skipped and the result says so (``cut_short``). ``wall_limit``
    moves that safety net (default: ``time_limit``): a larger one makes the result
    independent of the machine's load, as the tests need. ``seed`` seeds the solver and
    the look-ahead dice.
    """
    state = game.state
    if state.phase != "card" or sequence.to_move(state) is not GOVT:
        raise ValueError("the search plays the Government's decisions on Event cards")
    clock = Clock(time_limit if wall_limit is None else wall_limit, time_limit)
    weights = weights or DEFAULT_WEIGHTS
    effort = effort or effort_for(time_limit)
    opts = sequence.options(state)
    v = Values(state, weights)
    runs: list[ModelRun] = []
    candidates: list[Candidate] = [Candidate("Pass", "pass", Pass())]
    candidates += event_candidates(state, seed, weights, effort.event_budget)
    limited = sequence.OPERATION not in opts
    if sequence.OPERATION in opts or sequence.LIMITED in opts:
        candidates += operation_candidates(state, v, limited, seed, effort, clock, runs)
    # score every candidate on the real engine, each with the same look-ahead dice
    look_seed = _lookahead_seed(state, seed)
    baseline_terms = evaluation_terms(state, weights)
    for cand in distinct(candidates):
        if cand.kind != "pass" and clock.out():
            cand.error = "not scored: time limit"
            continue
        score_candidate(state, cand, look_seed, weights, effort)
    scored = [c for c in candidates if c.score is not None]
    # Pass is always legal on an Event card (2.3.3), so something was scored
    best = max(scored, key=lambda c: c.score if c.score is not None else -math.inf)
    if best.chooser_factory is not None:
        best.chooser = best.chooser_factory()  # fresh: the real game asks the choices again
    return SearchResult(best, candidates, runs, sum(baseline_terms.values()), baseline_terms,
                        clock.elapsed, time_limit, clock.cut_short, opts)


def operation_candidates(
    state: GameState, v: Values, limited: bool, seed: int, effort: Effort, clock: Clock,
    runs: list[ModelRun],
) -> list[Candidate]:
    """Build every Operation model (each Special Activity variant; a Limited Operation
    has none, 2.3.5) and decode up to ``effort.solutions`` plans of each."""
    variants = (NO_SA,) if limited else effort.variants
    kind = "limited_operation" if limited else "operation"
    models: list[OperationModel] = []
    for _, build in OPERATION_MODELS:
        for sa in variants:
            if clock.out():
                break
            model = build(state, v, sa, limited)
            if model is not None:
                models.append(model)
    per_solve = clock.budget * MODEL_SHARE * DET_PER_SECOND / max(
        1, len(models) * effort.solutions)
    out: list[Candidate] = []
    for model in models:
        if clock.out():
            break
        # the wall-clock cap is far above the deterministic one: only a safety net (the
        # search's own net when one was given apart from the budget)
        cap = 0.05 + 10 * per_solve if clock.limit == clock.budget else clock.limit
        for cmd, value, status in solve_model(model, seed, per_solve, cap,
                                               effort.solutions, runs):
            out.append(Candidate(command_label(cmd), kind, cmd, model=model.name, status=status,
                                 model_value=value))
    return out


def _lookahead_seed(state: GameState, seed: int) -> int:
    """The look-ahead dice seed: from the position and the bot's seed, never from the
    game's dice stream (which would show the real future rolls)."""
    return lookahead_seed(state, 1009 * seed + 11)


# ======================================================================================
# explaining the choice
# ======================================================================================
def changes(terms: dict[str, float], base: dict[str, float], n: int = 3) -> list[tuple[str, float]]:
    """The ``n`` evaluation terms that changed most from ``base`` to ``terms``."""
    keys = sorted(set(terms) | set(base))
    deltas = [(k, terms.get(k, 0.0) - base.get(k, 0.0)) for k in keys]
    deltas = [d for d in deltas if abs(d[1]) >= 0.05]
    deltas.sort(key=lambda d: (-abs(d[1]), d[0]))
    return deltas[:n]


def ranked(result: SearchResult) -> list[Candidate]:
    """The scored candidates, best first (ties: the order considered)."""
    scored = [c for c in result.candidates if c.score is not None]
    return sorted(scored, key=lambda c: -(c.score or 0.0))


def rule_of(cand: Candidate) -> str:
    op = getattr(cand.command, "op", None)
    if op is not None:
        return RULE_OF.get(op.name, "3.0")
    return RULE_OF["Event"] if cand.kind == "event" else RULE_OF["Pass"]


def result_trace(result: SearchResult, top: int = 6) -> Trace:
    """The decision's trace: what was considered, the scores, and why the choice."""
    state_card = result.options
    trace = Trace(GOVT.label)
    best = result.best
    statuses = ", ".join(sorted({r.status for r in result.runs})) or "no model"
    scored = ranked(result)
    trace.add("search.card", "2.3", f"may {', '.join(state_card)}; position now "
              f"{result.baseline:+.1f}; {len(result.runs)} CP-SAT solves "
              f"({result.solver_seconds:.2f} s, {statuses}); {len(scored)} candidates "
              f"scored in {result.seconds:.2f} s")
    for cand in scored[:top]:
        assert cand.score is not None  # ranked() keeps the scored ones only
        est = "" if cand.model_value is None else f" (model estimate {cand.model_value:+.1f})"
        trace.add("search.candidate", rule_of(cand),
                  f"{cand.score - result.baseline:+.1f}: {cand.label}{est}")
    refused = [c for c in result.candidates if c.error and c.error[0].isdigit()]
    if refused:
        trace.add("search.refused", "", f"{counted(len(refused), 'plan')} refused by the engine, "
                  f"e.g. {refused[0].label}: {refused[0].error}")
    if result.cut_short:
        trace.add("search.time", "", f"time limit {result.time_limit:.2f} s reached: "
                  "some plans were not scored")
    runner = next((c for c in scored if c is not best), None)
    why = ", ".join(f"{k} {d:+.1f}" for k, d in changes(best.terms, result.baseline_terms))
    versus = ""
    if runner is not None and runner.score is not None and best.score is not None:
        lead = best.score - runner.score
        versus = (f", {lead:.1f} better than {runner.label}" if lead >= 0.05
                  else f" (as good as {runner.label}; the first found wins ties)")
    trace.add("search.choice", rule_of(best), f"Choose {best.label}{versus}; it changes "
              f"{why or 'nothing much'}")
    for line in best.replies:
        trace.add("search.lookahead", "8.1", f"look-ahead: {line}")
    return trace


def search_decide(game: Game, time_limit: float = 1.5, seed: int = 0, **options: Any) -> Any:
    """The Government's decision by search, as a :class:`nonplayer.government.base.GovtDecision`
    (command, trace, chooser for an Event's choices, kind, notes with the scores and
    the solver's statuses and times).

    On an Event card: :func:`search`. In a Propaganda Round the decision is the heuristic
    Government's (:mod:`nonplayer.government.heuristic`), with a trace line saying so.
    """
    state = game.state
    if sequence.to_move(state) is not GOVT:
        raise ValueError("the Government is not the Faction to move")
    if state.phase == "propaganda":
        decision: GovtDecision = HeuristicGovernment().decide(game, None)
        decision.trace.add("search.propaganda", "6.0", "Propaganda Round decision: the "
                           "heuristic Government's rule")
        decision.notes["search"] = "delegated to the heuristic Government"
        return decision
    result = search(game, time_limit=time_limit, seed=seed, **options)
    best = result.best
    notes = {
        "score": best.score,
        "gain": None if best.score is None else best.score - result.baseline,
        "seconds": result.seconds,
        "solver_seconds": result.solver_seconds,
        "solver_status": sorted({r.status for r in result.runs}),
        "solver_runs": dict(Counter(r.status for r in result.runs)),
        "candidates": len(ranked(result)),
        "cut_short": result.cut_short,
    }
    return GovtDecision(best.command, result_trace(result), best.chooser, best.kind, notes)

