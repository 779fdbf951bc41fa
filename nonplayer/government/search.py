"""The search Government: CP-SAT plans, checked and scored by the real engine.

The first edition has no Government flowchart. This bot *searches* instead, in three steps,
every time the Government decides on an Event card:

1. **Plan with CP-SAT (OR-tools).** For each Operation type (Train 3.2.1, Patrol 3.2.2,
   Sweep 3.2.3, Assault 3.2.4), alone or with each Special Activity it may take (Air Lift
   4.2.1, Air Strike 4.2.2, Eradicate 4.2.3), a small integer model chooses the spaces,
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
   :func:`evaluate`: victory margins first (7.3: the Government's margin and, as in the
   8.8 solitaire score, the leading Insurgent's margin), then the things that turn into
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
import signal
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ortools.sat.python import cp_model

from core import events
from core.cards import CARDS
from core.commands import Command
from core.errors import IllegalAction
from core.events import (
    FIRST_DIVISION,
    MISIL_ANTIAEREO,
    NDSC,
    OSPINA_MORA,
    PLAN_COLOMBIA,
    SHADED,
    TAPIAS,
    UNSHADED,
)
from core.game import Game, execute, sequence
from core.game.sequence import OperationAction, Pass, PlayEvent
from core.map import FOREST, MAP, MOUNTAIN, space_name
from core.pieces import ACTIVE_OF, BASE_OF, INSURGENTS, UNDERGROUND_OF, Faction, Piece
from core.rules import coin_ops, govt_special
from core.rules.coin_ops import Assault, Patrol, Sweep, Train
from core.rules.common import CIVIC_ACTION_COST, civic_action_problem
from core.rules.govt_special import AirLift, AirStrike, Eradicate
from core.state import SAMPER, GameState
from core.words import counted
from nonplayer.government.base import (
    GOING_ON_FLOOR,
    EvaluatingChooser,
    GovtDecision,
    LookaheadDice,
    control_tally,
    final_score,
    lookahead_seed,
)
from nonplayer.government.heuristic import HeuristicGovernment
from nonplayer.trace import Trace, operation_text
from nonplayer.turn import take_turn

GOVT = Faction.GOVT
FARC, AUC, CARTELS = Faction.FARC, Faction.AUC, Faction.CARTELS
NSPACES = len(MAP)

#: Objective coefficients are floats; CP-SAT wants integers: scale and round.
SCALE = 100
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
# evaluation of a position, from the Government's side
# ======================================================================================
@dataclass(frozen=True)
class Weights:
    """Weights of :func:`evaluate`. Units: 1.0 = one point of Government victory margin
    (one Population level of Support, 7.3)."""

    govt_margin: float = 1.0  # Total Support - 60 (7.2)
    lead_margin: float = 0.6  # the highest Insurgent margin (8.8 subtracts it)...
    lead_temperature: float = 2.0  # ...as a soft maximum: a close second counts a little
    farc_threat: float = 0.5  # Opposition + FARC Bases (7.2)
    auc_base: float = 1.8  # each AUC Base (their margin, and AUC income 6.3.2)
    farc_base: float = 2.0  # each FARC Base beyond the threat term (income, Rally)
    cartels_base: float = 1.8  # each Cartels Base (their margin, 3x income)
    cartels_resource: float = 0.04  # Cartels Resources (their margin needs > 40)
    insurgent_resource: float = 0.03  # FARC and AUC Resources (future Operations)
    underground: float = 0.5  # each Underground Guerrilla on the map
    active: float = 0.4  # each Active Guerrilla on the map (exposed until Reset)
    govt_control: float = 0.35  # per Population under Government Control (1.8)
    farc_control: float = 0.35  # per Population under FARC Control (Agitation 6.4.2)
    resource: float = 0.2  # per Government Resource up to 30
    resource_high: float = 0.05  # per Government Resource beyond 30
    aid: float = 0.08  # per Aid (earned each Propaganda Round unless Samper, 6.3.1)
    terror: float = 0.3  # per Terror marker in a populated space (blocks Civic Action)
    sabotage: float = 0.3  # per Econ of a Sabotaged LoC (6.3.1 earnings lost)
    shipment: float = 0.4  # per Shipment on the map (Drug Profits 6.3.3)
    cube: float = 0.05  # per cube on the map (presence)
    govt_base: float = 0.8  # per Government Base (Train places cubes there, 3.2.1)
    eligible: float = 1.5  # Government Eligible for the next card (2.3.7)
    capability: float = 2.0  # per Capability in effect: + unshaded, - shaded (5.3)
    momentum: float = 1.5  # per Insurgent Momentum card in effect (5.4)
    propaganda_boost: float = 1.5  # Control counts this much more just before Propaganda
    # when the next card is a Propaganda card (the Support Phase is near, 6.4):
    civic_potential: float = 0.8  # per Support level Civic Action could buy then
    unprotected_loc: float = 0.5  # per Econ of a LoC that Sabotage would hit (6.2)


DEFAULT_WEIGHTS = Weights()


def _propaganda_next(state: GameState) -> bool:
    """Is the next card (known, 2.3.8) a Propaganda card, or are we in a Round?"""
    if state.phase == "propaganda":
        return True
    return bool(state.deck) and CARDS[state.deck[0]].propaganda


def eligible_next(state: GameState) -> bool:
    """Will the Government be Eligible for the next Event card it plays (2.3.7)?

    In the middle of a card: Ineligible once it executed an Operation or Event on it
    (unless an Event said otherwise), Eligible if it Passed or has not acted. At the start
    of a card: its Eligibility now. In a Propaganda Round: yes (the Reset, 6.6)."""
    if state.phase == "propaganda":
        return True
    if state.phase != "card":
        return False
    step = state.step
    if any(int(a[0]) == GOVT for a in step.get("acted", [])):
        overrides = {int(f): bool(v) for f, v in step.get("eligible_next", {}).items()}
        return overrides.get(int(GOVT), False)
    return bool(state.eligible[GOVT])


def civic_potential(state: GameState) -> int:
    """Support levels (Population-weighted) the Government's Resources could buy by Civic
    Action now (6.4.1), best spaces first: what a coming Support Phase can turn into
    victory margin."""
    budget = state.resources[GOVT] // CIVIC_ACTION_COST
    steps: list[int] = []  # value of each affordable step, Terror removal worth 0
    for s in MAP.spaces:
        if not s.is_populated or civic_action_problem(state, s.id) is not None:
            continue
        terror = state.terror[s.id]
        levels = 2 - state.support[s.id]
        if levels <= 0:
            continue
        # Terror must go first: the space's steps are worth pop per level, paid after it
        per_step = s.pop * levels / (terror + levels)
        steps += [per_step] * (terror + levels)
    steps.sort(reverse=True)
    return int(sum(steps[:budget]))


def _soft_max(values: Iterable[float], temperature: float) -> float:
    """A smooth maximum: the largest value, plus a little for others close behind."""
    values = list(values)
    top = max(values)
    return top + temperature * math.log(sum(math.exp((v - top) / temperature) for v in values))


def evaluation_terms(state: GameState, w: Weights = DEFAULT_WEIGHTS) -> dict[str, float]:
    """The terms of :func:`evaluate`, by name (their sum is the evaluation)."""
    margins = state.victory_margins()
    terms: dict[str, float] = {}
    if state.phase == "over":
        # The game is decided: its result on the one scale (a check lost below any
        # position that goes on, base.final_score).
        terms["final result"] = final_score(state)
        return terms
    terms["Government margin"] = w.govt_margin * margins[GOVT]
    terms["leading Insurgent margin"] = -w.lead_margin * _soft_max(
        (margins[f] for f in INSURGENTS), w.lead_temperature
    )
    terms["FARC Opposition + Bases"] = -w.farc_threat * state.opposition_plus_bases()
    terms["Insurgent Bases"] = -(
        w.farc_base * state.bases_on_map(FARC)
        + w.auc_base * state.bases_on_map(AUC)
        + w.cartels_base * state.bases_on_map(CARTELS)
    )
    under = sum(state.on_map(UNDERGROUND_OF[f]) for f in INSURGENTS)
    active = sum(state.on_map(ACTIVE_OF[f]) for f in INSURGENTS)
    terms["Guerrillas"] = -(w.underground * under + w.active * active)
    terms["Insurgent Resources"] = -(
        w.cartels_resource * state.resources[CARTELS]
        + w.insurgent_resource * (state.resources[FARC] + state.resources[AUC])
    )
    govt_pop, farc_pop, terror, _ = control_tally(state)
    soon = _propaganda_next(state)
    boost = w.propaganda_boost if soon else 1.0
    terms["Control"] = boost * (w.govt_control * govt_pop - w.farc_control * farc_pop)
    res = state.resources[GOVT]
    terms["Government Resources"] = w.resource * min(res, 30) + w.resource_high * max(0, res - 30)
    terms["Aid"] = w.aid * state.aid * (0.5 if state.president == SAMPER else 1.0)
    terms["Terror"] = -w.terror * terror
    terms["Sabotage"] = -w.sabotage * sum(s.econ for s in MAP.locs if state.sabotage[s.id])
    terms["Shipments"] = -w.shipment * sum(1 for s in state.shipments if s is not None)
    cubes = state.on_map(Piece.TROOPS) + state.on_map(Piece.POLICE)
    terms["Government forces"] = w.cube * cubes + w.govt_base * state.bases_on_map(GOVT)
    lasting = sum(1 if side == UNSHADED else -1 for side in state.capabilities.values())
    terms["Capabilities and Momentum"] = w.capability * lasting - w.momentum * len(state.momentum)
    if eligible_next(state):
        terms["Eligible"] = w.eligible
    if soon:
        terms["Civic Action potential"] = w.civic_potential * civic_potential(state)
        exposed = sum(
            s.econ
            for s in MAP.locs
            if not state.sabotage[s.id] and state.all_guerrillas(s.id) > state.cubes(s.id)
        )
        terms["LoCs open to Sabotage"] = -w.unprotected_loc * exposed
    return terms


def evaluate(state: GameState, w: Weights = DEFAULT_WEIGHTS) -> float:
    """How good ``state`` is for the Government (higher is better).

    Victory margins (7.3) dominate: the Government's own margin, minus part of the
    leading Insurgent's margin (the 8.8 score subtracts it) and of FARC's Opposition +
    Bases. Smaller terms value what becomes margin later. A finished game counts only its
    result, :func:`base.final_score`, on the same scale as the shared and the heuristic's
    evaluation: a victory check lost scores below any position that goes on (those never
    score below :data:`base.GOING_ON_FLOOR`). See :class:`Weights` for every term.
    """
    value = sum(evaluation_terms(state, w).values())
    return value if state.phase == "over" else max(value, GOING_ON_FLOOR)


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
class ModelRun:
    """One CP-SAT solve: model name, status, objective, wall and deterministic time."""

    model: str
    status: str
    objective: float | None
    seconds: float
    deterministic: float


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


# ======================================================================================
# linear values for the models (derived from the evaluation's weights)
# ======================================================================================
class Values:
    """Linear estimates, for the CP-SAT objectives, of what one unit of each change is
    worth under :func:`evaluate` in the current position: one enemy piece removed, one
    Guerrilla Activated, one level of Support, Control of a space, one Resource spent."""

    def __init__(self, state: GameState, w: Weights) -> None:
        self.state = state
        self.w = w
        margins = state.victory_margins()
        self.margins = margins

        def lead_change(d_farc: int = 0, d_auc: int = 0, d_cartels: int = 0) -> float:
            """Change of the soft-max Insurgent margin term (a gain when it drops)."""
            before = _soft_max((margins[f] for f in INSURGENTS), w.lead_temperature)
            after = _soft_max(
                (margins[FARC] + d_farc, margins[AUC] + d_auc, margins[CARTELS] + d_cartels),
                w.lead_temperature,
            )
            return w.lead_margin * (before - after)

        cartels_bases_bind = (
            state.bases_on_map(CARTELS) - 10 <= state.resources[CARTELS] - 40
        )
        #: Value of removing one piece of each Insurgent kind.
        self.remove: dict[Piece, float] = {}
        for f in INSURGENTS:
            self.remove[UNDERGROUND_OF[f]] = w.underground
            self.remove[ACTIVE_OF[f]] = w.active
        self.remove[BASE_OF[FARC]] = w.farc_threat + w.farc_base + lead_change(d_farc=-1, d_auc=1)
        self.remove[BASE_OF[AUC]] = w.auc_base + lead_change(d_auc=-1)
        self.remove[BASE_OF[CARTELS]] = w.cartels_base + (
            lead_change(d_cartels=-1) if cartels_bases_bind else 0.0
        )
        #: Value of Activating one Underground Guerrilla (exposed to Assault and Air
        #: Strike until the Reset; the evaluation counts Active ones as less dangerous).
        self.activate = {f: max(0.05, w.underground - w.active) for f in INSURGENTS}
        self.activate[FARC] += 0.05
        self.lead_opposition = lead_change(d_farc=-1)
        soon = _propaganda_next(state)
        boost = w.propaganda_boost if soon else 1.0
        #: Value of Government Control of each space (populated Cities and Departments).
        self.control = [
            boost * w.govt_control * s.pop if s.is_populated else 0.0 for s in MAP.spaces
        ]
        res = state.resources[GOVT]
        #: Resource spending: the first ``cheap`` Resources cost ``cheap_rate`` each, the
        #: rest ``rate`` (the evaluation values Resources beyond 30 less).
        self.cheap = max(0, res - 30)
        self.cheap_rate = w.resource_high
        self.rate = w.resource
        self.aid = w.aid * (0.5 if state.president == SAMPER else 1.0)
        self.cube = w.cube
        self.govt_base = w.govt_base
        self.terror = w.terror

    def support_step(self, space: int, level: int) -> float:
        """Value of shifting ``space`` from ``level`` one level toward Active Support."""
        pop = MAP[space].pop
        if level >= 0:
            return self.w.govt_margin * pop
        return pop * (self.w.farc_threat + self.lead_opposition)

    def opposition_step(self, space: int) -> float:
        """Cost of shifting ``space`` one level toward Active Opposition (Eradicate)."""
        level = self.state.support[space]
        if level > 0:
            return self.w.govt_margin * MAP[space].pop
        return MAP[space].pop * (self.w.farc_threat + self.lead_opposition)

    def eradicate(self, space: int) -> tuple[float, int | None]:
        """Value of Eradicate in ``space`` (4.2.3) and the best Department to shift."""
        state = self.state
        gain = self.aid * min(govt_special.ERADICATE_AID, 29 - state.aid)
        gain += self.remove[Piece.CARTELS_BASE] * state.bases(space, CARTELS)
        options = govt_special.eradicate_shift_options(state, space)
        if not options:
            return gain - self.w.underground, None
        best = min(options, key=lambda d: (self.opposition_step(d), d))
        return gain - self.opposition_step(best), best


# ======================================================================================
# the CP-SAT models
# ======================================================================================
NO_SA = "none"
SA_NAMES = {NO_SA: "", "lift": "Air Lift", "strike": "Air Strike", "eradicate": "Eradicate"}



def _flow(start: Any, ins: list[Any], outs: list[Any]) -> Any:
    """A count after moves: ``start`` plus the arrivals minus the departures."""
    expr = start
    for var in ins:
        expr = expr + var
    for var in outs:
        expr = expr - var
    return expr

class _Model:
    """A CP-SAT model under construction, with the bookkeeping every Operation shares.

    Government pieces entering or leaving a space, and enemy pieces removed from it, are
    collected per space; :meth:`finish` turns them into Control indicators (1.8) and the
    cube limits of each origin, and sets the objective. ``keys`` are the Booleans that
    identify a plan's *selection*: after each solution a no-good cut on them makes the
    next solve find a different one.
    """

    def __init__(self, name: str, state: GameState, values: Values) -> None:
        self.name = name
        self.state = state
        self.v = values
        self.m = cp_model.CpModel()
        self.terms: list[tuple[float, Any]] = []
        self.keys: list[Any] = []
        self.troops_in: dict[int, list[Any]] = {}
        self.troops_out: dict[int, list[Any]] = {}
        self.police_in: dict[int, list[Any]] = {}
        self.police_out: dict[int, list[Any]] = {}
        self.removed: dict[int, list[Any]] = {}
        self.base_swaps: dict[int, Any] = {}  # Train: 3 cubes -> 1 Base
        self.spend: list[tuple[int, Any]] = []  # (Resources per unit, variable)
        self.need_control: dict[int, Any] = {}  # space -> Boolean that requires Control
        self.offset = 0.0  # constant part of the objective
        self.decode: Callable[[cp_model.CpSolver], Command | None] = lambda solver: None

    # --- small helpers ------------------------------------------------------------------
    def bool(self, name: str) -> Any:
        return self.m.new_bool_var(name)

    def int(self, name: str, hi: int) -> Any:
        return self.m.new_int_var(0, max(0, hi), name)

    def gain(self, value: float, var: Any) -> None:
        if value:
            self.terms.append((value, var))

    def pay(self, per_unit: int, var: Any) -> None:
        self.spend.append((per_unit, var))

    def govt_after(self, space: int) -> Any:
        """Government pieces in ``space`` after the plan (a linear expression)."""
        expr = _flow(
            self.state.faction_pieces(space, GOVT),
            self.troops_in.get(space, []) + self.police_in.get(space, []),
            self.troops_out.get(space, []) + self.police_out.get(space, []),
        )
        if space in self.base_swaps:
            expr = expr - 2 * self.base_swaps[space]
        return expr

    def others_after(self, space: int) -> Any:
        expr = self.state.total_pieces(space) - self.state.faction_pieces(space, GOVT)
        for var in self.removed.get(space, []):
            expr = expr - var
        return expr

    def troops_after(self, space: int) -> Any:
        return _flow(self.state.troops(space), self.troops_in.get(space, []),
                     self.troops_out.get(space, []))

    def police_after(self, space: int) -> Any:
        return _flow(self.state.police(space), self.police_in.get(space, []),
                     self.police_out.get(space, []))

    # --- finishing ------------------------------------------------------------------------
    def finish(self) -> None:
        state, m, v = self.state, self.m, self.v
        for space, outs in self.troops_out.items():
            m.add(sum(outs) <= state.troops(space))
        for space, outs in self.police_out.items():
            m.add(sum(outs) <= state.police(space))
        for space in sorted(set(self.troops_in) | set(self.police_in)):
            room = state.room(space, GOVT)
            if room < 99:  # card 33: at most 2 pieces per Faction in Ecuador (1.4.2)
                m.add(sum(self.troops_in.get(space, []) + self.police_in.get(space, []))
                      <= room)
        touched = (
            set(self.troops_in) | set(self.troops_out) | set(self.police_in)
            | set(self.police_out) | set(self.removed) | set(self.base_swaps)
            | set(self.need_control)
        )
        for space in sorted(touched):
            margin = self.govt_after(space) - self.others_after(space)
            if space in self.need_control:
                m.add(margin >= 1).only_enforce_if(self.need_control[space])
            if v.control[space] > 0:
                ctrl = self.bool(f"ctrl_{space}")
                m.add(margin >= 1).only_enforce_if(ctrl)
                self.gain(v.control[space], ctrl)
                if state.controller(space) is GOVT:  # the objective counts changes
                    self.offset -= v.control[space]
        if self.spend:
            total = sum(per * var for per, var in self.spend)
            res = state.resources[GOVT]
            m.add(total <= res)
            cheap = self.int("spend_cheap", v.cheap)
            dear = self.int("spend_dear", res)
            m.add(cheap + dear == total)
            self.gain(-v.cheap_rate, cheap)
            self.gain(-v.rate, dear)
        m.maximize(sum(int(round(c * SCALE)) * var for c, var in self.terms)
                   + int(round(self.offset * SCALE)))

    def forbid(self, solver: cp_model.CpSolver) -> bool:
        """Add a no-good cut excluding the solution's selection; False if there are no
        keys (nothing else to find)."""
        if not self.keys:
            return False
        lits = [k.Not() if solver.boolean_value(k) else k for k in self.keys]
        self.m.add_bool_or(lits)
        return True


# ---- Special Activities shared by the models ---------------------------------------------
def _add_air_lift(model: _Model, destinations: Iterable[int], use: Any) -> dict:
    """Air Lift (4.2.1) before the Operation: up to 3 Troops (Blackhawks: any / 1) from
    one space to one of ``destinations``. Returns {(src, dst): (count var, Boolean)}."""
    state = model.state
    limit = govt_special.air_lift_limit(state)
    origins = govt_special.air_lift_origins(state)
    landing = set(govt_special.air_lift_destinations(state))
    pairs: dict[tuple[int, int], tuple[Any, Any]] = {}
    for dst in sorted(set(destinations)):
        if dst not in landing or state.room(dst, GOVT) <= 0:
            continue
        for src in origins:
            if src == dst:
                continue
            most = state.troops(src) if limit is None else min(limit, state.troops(src))
            n = model.int(f"lift_{src}_{dst}", most)
            b = model.bool(f"liftuse_{src}_{dst}")
            model.m.add(n <= most * b)
            model.m.add(n >= b)
            model.troops_out.setdefault(src, []).append(n)
            model.troops_in.setdefault(dst, []).append(n)
            pairs[(src, dst)] = (n, b)
    model.m.add(sum(b for _, b in pairs.values()) == use) if pairs else model.m.add(use == 0)
    return pairs


def _decode_air_lift(solver: cp_model.CpSolver, pairs: dict) -> AirLift | None:
    for (src, dst), (n, b) in pairs.items():
        if solver.boolean_value(b):
            return AirLift(src=src, dst=dst, troops=int(solver.value(n)))
    return None


def _action(op: Any, special: Command | None) -> OperationAction:
    """The Operation with its Special Activity, in the order the models assume (4.1):
    Air Lift immediately before (its Troops count for the Operation), Eradicate
    immediately before (its shift was chosen on the board as it stands), Air Strike
    immediately after (it hits what the Operation exposed or left)."""
    first = isinstance(special, AirLift | Eradicate)
    return OperationAction(op, special, special_first=first)


def _add_eradicate(model: _Model, use: Any) -> dict[int, tuple[Any, int | None]]:
    """Eradicate (4.2.3) in 1 Department with Cartels pieces, valued by
    :meth:`Values.eradicate` (Aid, Cartels Bases, the least harmful shift)."""
    out: dict[int, tuple[Any, int | None]] = {}
    for space in govt_special.eradicate_spaces(model.state):
        value, shift = model.v.eradicate(space)
        b = model.bool(f"erad_{space}")
        model.gain(value, b)
        out[space] = (b, shift)
        model.keys.append(b)
    model.m.add(sum(b for b, _ in out.values()) == use) if out else model.m.add(use == 0)
    return out


def _decode_eradicate(solver: cp_model.CpSolver, chosen: dict) -> Eradicate | None:
    for space, (b, shift) in chosen.items():
        if solver.boolean_value(b):
            return Eradicate(space=space, shift=shift)
    return None


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


def _decode_special(solver: cp_model.CpSolver, lift: dict, strike: dict,
                    erad: dict) -> Command | None:
    """The one Special Activity the solver chose beside an Operation, if any (the model
    allows at most one: 4.1)."""
    return (_decode_air_lift(solver, lift) or _decode_air_strike(solver, strike)
            or _decode_eradicate(solver, erad))


def _strike_ok(state: GameState, space: int) -> bool:
    """Air Strike may hit ``space`` at all (4.2.2: Department or LoC; Plan Colombia and
    Misil Antiaéreo, 5.4)."""
    s = MAP[space]
    if not state.in_play(space) or not (s.is_department or s.is_loc):
        return False
    if state.momentum_in_effect(PLAN_COLOMBIA):
        return False
    return not (state.momentum_in_effect(MISIL_ANTIAEREO) and state.all_guerrillas(space))


def _immune(state: GameState) -> Faction | None:
    return coin_ops.senado_immune(state)


def _sa_uses(model: _Model, sa: str, allowed: tuple[str, ...]) -> dict[str, Any]:
    """One 0/1 use variable per Special Activity, fixed by the variant ``sa``."""
    uses = {}
    for name in ("lift", "strike", "eradicate"):
        b = model.bool(f"use_{name}")
        model.m.add(b == (1 if name == sa and name in allowed else 0))
        uses[name] = b
    return uses


# ---- Train (3.2.1) ---------------------------------------------------------------------
def _train_model(state: GameState, v: Values, sa: str, limited: bool) -> _Model | None:
    """Train: which Cities/Departments to select (3 Resources each), how many Troops and
    Police to place in each (up to 6, in Cities and Departments with a Government Base,
    within the Available cubes), then a Base from 3 cubes or Civic Action in 1 of them
    (3 Resources per step: Terror first, then shifts; Control, Troops and Police needed,
    1st Division shaded: 2 of each). Air Lift lands before the Train (so the Troops count
    for Civic Action); Eradicate is independent."""
    if state.resources[GOVT] < coin_ops.TRAIN_COST or sa == "strike":
        return None
    model = _Model(f"Train{'+' + SA_NAMES[sa] if sa != NO_SA else ''}", state, v)
    m = model.m
    uses = _sa_uses(model, sa, ("lift", "eradicate"))
    avail_t = state.available(Piece.TROOPS)
    avail_p = state.available(Piece.POLICE)
    need = 2 if state.capability(FIRST_DIVISION) == SHADED else 1
    base_ok = state.available(Piece.GOVT_BASE) > 0
    spaces = coin_ops.train_spaces(state)
    if not spaces:
        return None
    # Air Lift lands first, so its Troops count below (Civic Action needs Troops)
    civic_targets = [
        s for s in spaces
        if MAP[s].is_populated and state.support[s] < 2 or state.terror[s]
    ]
    lift = _add_air_lift(model, civic_targets, uses["lift"]) if sa == "lift" else {}
    sel: dict[int, Any] = {}
    place: dict[int, tuple[Any, Any]] = {}
    civic: dict[int, tuple[Any, Any, list[Any]]] = {}
    bases: dict[int, Any] = {}
    for s in spaces:
        b = model.bool(f"sel_{s}")
        sel[s] = b
        model.keys.append(b)
        model.pay(coin_ops.TRAIN_COST, b)
        does: list[Any] = []
        if coin_ops.train_cube_capacity(state, s) > 0:
            t = model.int(f"t_{s}", min(coin_ops.TRAIN_MAX_CUBES, avail_t))
            p = model.int(f"p_{s}", min(coin_ops.TRAIN_MAX_CUBES, avail_p))
            m.add(t + p <= coin_ops.train_cube_capacity(state, s) * b)
            model.troops_in.setdefault(s, []).append(t)
            model.police_in.setdefault(s, []).append(p)
            model.gain(v.cube, t)
            model.gain(v.cube, p)
            place[s] = (t, p)
            does += [t, p]
        levels = 2 - state.support[s] if MAP[s].is_populated else 0
        terror = state.terror[s]
        if levels > 0 or terror:
            c = model.bool(f"civic_{s}")
            tr = model.int(f"civ_terror_{s}", terror)
            shifts = [model.bool(f"civ_shift_{s}_{j}") for j in range(max(0, levels))]
            steps = tr + sum(shifts)
            m.add(steps >= c)
            m.add(steps <= (terror + levels) * c)
            for a, b2 in zip(shifts, shifts[1:]):
                m.add(a >= b2)
            if shifts:  # Terror is removed before any shift (6.4.1)
                m.add(tr >= terror).only_enforce_if(shifts[0])
            m.add(c <= b)
            m.add(model.troops_after(s) >= need).only_enforce_if(c)
            m.add(model.police_after(s) >= need).only_enforce_if(c)
            model.need_control[s] = c
            model.gain(v.terror, tr)
            for j, var in enumerate(shifts):
                model.gain(v.support_step(s, state.support[s] + j), var)
            model.pay(CIVIC_ACTION_COST, tr)
            for var in shifts:
                model.pay(CIVIC_ACTION_COST, var)
            civic[s] = (c, tr, shifts)
            does.append(c)
        if base_ok and state.all_bases(s) < 2:
            bb = model.bool(f"base_{s}")
            m.add(bb <= b)
            m.add(model.troops_after(s) + model.police_after(s) >= 3).only_enforce_if(bb)
            model.base_swaps[s] = bb
            # a Department Base opens it to Train placements (3.2.1)
            extra = 0.5 if MAP[s].is_department and not state.bases(s, GOVT) else 0.0
            model.gain(v.govt_base + extra - 3 * v.cube, bb)
            bases[s] = bb
            does.append(bb)
        if does:
            m.add(b <= sum(does))  # select only spaces where something happens
        else:
            m.add(b == 0)
    m.add(sum(c for c, _, _ in civic.values()) + sum(bases.values()) <= 1)
    m.add(sum(t for t, _ in place.values()) <= avail_t)
    m.add(sum(p for _, p in place.values()) <= avail_p)
    if limited:
        m.add(sum(sel.values()) <= 1)
    m.add(sum(sel.values()) >= 1)
    erad = _add_eradicate(model, uses["eradicate"]) if sa == "eradicate" else {}
    model.keys += [b for _, b in lift.values()]

    def decode(solver: cp_model.CpSolver) -> Command | None:
        selected = tuple(s for s in spaces if solver.boolean_value(sel[s]))
        placements = []
        for s in selected:
            if s in place:
                t, p = (int(solver.value(x)) for x in place[s])
                if t or p:
                    placements.append((s, t, p))
        base = civic_space = None
        base_troops = steps = 0
        for s in selected:
            if s in bases and solver.boolean_value(bases[s]):
                base = s
                placed = next(((t, p) for x, t, p in placements if x == s), (0, 0))
                police = state.police(s) + placed[1]
                base_troops = max(0, 3 - police)  # Police first: Troops stay mobile
            if s in civic and solver.boolean_value(civic[s][0]):
                civic_space = s
                _, tr, shifts = civic[s]
                steps = int(solver.value(tr)) + sum(int(solver.value(x)) for x in shifts)
        op = Train(
            selected=selected,
            place=tuple(placements),
            base=base,
            base_troops=base_troops,
            civic=civic_space,
            civic_steps=steps,
        )
        special: Command | None = _decode_air_lift(solver, lift) or _decode_eradicate(
            solver, erad
        )
        return _action(op, special)

    model.decode = decode
    model.finish()
    return model


# ---- Sweep (3.2.3) ---------------------------------------------------------------------
def _activation_vars(
    model: _Model, space: int, capacity: Any, gate: Any, tag: str
) -> dict[Faction, Any]:
    """Activation in ``space``: per Faction at most its Underground Guerrillas (none of
    the Senado & Cámara Faction), in all at most ``capacity``, and only if ``gate``."""
    state = model.state
    immune = _immune(state)
    acts: dict[Faction, Any] = {}
    for f in INSURGENTS:
        under = 0 if f is immune else state.underground(space, f)
        if under <= 0:
            continue
        a = model.int(f"{tag}_act_{space}_{int(f)}", under)
        model.m.add(a <= under * gate)
        model.gain(model.v.activate[f], a)
        acts[f] = a
    if acts:
        model.m.add(sum(acts.values()) <= capacity)
    return acts


def _add_air_strike(
    model: _Model, use: Any, active_after: Callable[[int, Faction], Any],
    guerrillas_gone: Callable[[int, Faction], Any],
    bases_after: Callable[[int, Faction], Any] | None = None,
) -> dict[tuple[int, int], Any]:
    """Air Strike (4.2.2) after the Operation: 1 Active Guerrilla, or a Base of a Faction
    with no Guerrilla left there, in 1 Department or LoC. ``active_after(space, f)`` and
    ``bases_after(space, f)`` are the (linear) numbers of Active Guerrillas and Bases the
    Operation leaves, ``guerrillas_gone`` a Boolean (or 0/1) that f has no Guerrilla
    there after it."""
    state = model.state
    immune = _immune(state)
    out: dict[tuple[int, int], Any] = {}
    for space in range(NSPACES):
        if not _strike_ok(state, space):
            continue
        for f in INSURGENTS:
            if f is immune:
                continue
            can_active = state.guerrillas(space, f) > 0
            if can_active:
                b = model.bool(f"strike_{space}_{int(f)}")
                model.m.add(active_after(space, f) >= 1).only_enforce_if(b)
                model.gain(model.v.remove[ACTIVE_OF[f]], b)
                out[(space, int(ACTIVE_OF[f]))] = b
                model.removed.setdefault(space, []).append(b)
            if state.bases(space, f):
                gone = guerrillas_gone(space, f)
                if isinstance(gone, int) and not gone:
                    continue
                b = model.bool(f"strikebase_{space}_{int(f)}")
                if not isinstance(gone, int):
                    model.m.add(b <= gone)
                if bases_after is not None:
                    model.m.add(b <= bases_after(space, f))
                model.gain(model.v.remove[BASE_OF[f]], b)
                out[(space, int(BASE_OF[f]))] = b
                model.removed.setdefault(space, []).append(b)
    model.keys += list(out.values())
    model.m.add(sum(out.values()) == use) if out else model.m.add(use == 0)
    return out


def _decode_air_strike(solver: cp_model.CpSolver, chosen: dict) -> AirStrike | None:
    for (space, kind), b in chosen.items():
        if solver.boolean_value(b):
            return AirStrike(space=space, target=kind)
    return None


def _sweep_model(state: GameState, v: Values, sa: str, limited: bool) -> _Model | None:
    """Sweep: which Cities/Departments to select, how many Troops move in from adjacent
    spaces or through an adjacent Guerrilla-free LoC (each Troops cube once), and which
    Underground Guerrillas the cubes there Activate (1 per cube, Forest 1 per 2; NDSC
    shaded: Troops or Police, not both; none in Panamá). Air Lift lands before the Sweep
    in a selected space, Air Strike hits after it (the newly Active count)."""
    cost = coin_ops.sweep_cost(state)
    if state.resources[GOVT] < cost:
        return None
    if state.phase == "card" and sequence.is_final_event_card(state) and not \
            sequence.is_nonplayer(state, GOVT):
        return None  # 2.3.9
    model = _Model(f"Sweep{'+' + SA_NAMES[sa] if sa != NO_SA else ''}", state, v)
    m = model.m
    uses = _sa_uses(model, sa, ("lift", "strike", "eradicate"))
    spaces = coin_ops.sweep_spaces(state)
    if not spaces:
        return None
    if state.capability(OSPINA_MORA) == SHADED:
        room = 1 - state.step.get("sweep_spaces", 0)
        if room <= 0:
            return None
    else:
        room = len(spaces)
    sel: dict[int, Any] = {}
    moves: dict[tuple[int, int], tuple[Any, tuple[int, ...]]] = {}
    acts: dict[int, dict[Faction, Any]] = {}
    for d in spaces:
        b = model.bool(f"sel_{d}")
        sel[d] = b
        model.keys.append(b)
        model.pay(cost, b)
        for src, path in sorted(coin_ops.sweep_sources(state, d, Piece.TROOPS).items()):
            most = state.troops(src)
            x = model.int(f"mv_{src}_{d}", most)
            m.add(x <= most * b)
            model.troops_out.setdefault(src, []).append(x)
            model.troops_in.setdefault(d, []).append(x)
            moves[(src, d)] = (x, path)
    # Air Lift first (its Troops count for the Activation), then the Activation
    immune = _immune(state)
    hidden = [d for d in spaces
              if any(state.underground(d, f) for f in INSURGENTS if f is not immune)]
    lift = _add_air_lift(model, hidden, uses["lift"]) if sa == "lift" else {}
    ndsc_shaded = state.capability(NDSC) == SHADED
    for d in spaces:
        if d == MAP.PANAMA or not any(state.underground(d, f) for f in INSURGENTS):
            continue
        cubes = model.troops_after(d) + model.police_after(d)
        cap = model.int(f"cap_{d}", 60)
        if ndsc_shaded:  # card 11 shaded: via Troops or via Police, not both
            use_t = model.bool(f"ndsc_use_t_{d}")
            m.add(cap <= model.troops_after(d)).only_enforce_if(use_t)
            m.add(cap <= model.police_after(d)).only_enforce_if(use_t.Not())
        else:
            m.add(cap <= cubes)
        if MAP[d].terrain == FOREST:
            half = model.int(f"half_{d}", 30)
            m.add(2 * half <= cap)
            cap = half
        acts[d] = _activation_vars(model, d, cap, sel[d], "sw")
    if limited:
        m.add(sum(sel.values()) <= 1)
    m.add(sum(sel.values()) <= room)
    m.add(sum(sel.values()) >= 1)

    def active_after(space: int, f: Faction) -> Any:
        extra = acts.get(space, {}).get(f)
        return state.active(space, f) + (extra if extra is not None else 0)

    def gone(space: int, f: Faction) -> int:
        return 1 if state.guerrillas(space, f) == 0 else 0  # Sweep removes nobody

    strike = _add_air_strike(model, uses["strike"], active_after, gone) if sa == "strike" \
        else {}
    erad = _add_eradicate(model, uses["eradicate"]) if sa == "eradicate" else {}
    model.keys += [b for _, b in lift.values()]

    def decode(solver: cp_model.CpSolver) -> Command | None:
        selected = tuple(d for d in spaces if solver.boolean_value(sel[d]))
        move_list = []
        for (x, path) in moves.values():
            n = int(solver.value(x))
            if n:
                move_list.append((int(Piece.TROOPS), n, path))
        activate = []
        for d in selected:
            for f, a in acts.get(d, {}).items():
                activate.append((d, int(f), int(solver.value(a))))
        op = Sweep(selected=selected, moves=tuple(move_list), activate=tuple(activate))
        return _action(op, _decode_special(solver, lift, strike, erad))

    model.decode = decode
    model.finish()
    return model


# ---- Assault (3.2.4) -------------------------------------------------------------------
def _assault_removal_vars(
    model: _Model, space: int, capacity: Any, gate: Any, active_avail: Callable[[Faction], Any],
    active_max: Callable[[Faction], int], tag: str,
) -> tuple[dict[Faction, Any], dict[Faction, Any], dict[Faction, Any]]:
    """Removal in ``space`` by Assault: Active Guerrillas, then a Faction's Bases once it
    has no Guerrilla left ("Bases last", 3.2.4 NOTE), at most ``capacity`` pieces; never
    the Senado & Cámara Faction. Returns (Active removed, Bases removed, all-gone flags)."""
    state, m = model.state, model.m
    immune = _immune(state)
    rem_a: dict[Faction, Any] = {}
    rem_b: dict[Faction, Any] = {}
    gone: dict[Faction, Any] = {}
    for f in INSURGENTS:
        if f is immune:
            continue
        most = active_max(f)
        if most > 0:
            a = model.int(f"{tag}_rema_{space}_{int(f)}", most)
            m.add(a <= active_avail(f))
            m.add(a <= most * gate)
            model.gain(model.v.remove[ACTIVE_OF[f]], a)
            rem_a[f] = a
        if state.bases(space, f) and state.underground(space, f) == 0:
            g = model.bool(f"{tag}_gone_{space}_{int(f)}")
            if f in rem_a:
                m.add(rem_a[f] >= active_avail(f)).only_enforce_if(g)
            elif most > 0:
                m.add(g == 0)
            bb = model.int(f"{tag}_remb_{space}_{int(f)}", state.bases(space, f))
            m.add(bb <= state.bases(space, f) * g)
            m.add(bb <= 2 * gate)
            model.gain(model.v.remove[BASE_OF[f]], bb)
            rem_b[f] = bb
            gone[f] = g
    pieces = list(rem_a.values()) + list(rem_b.values())
    if pieces:
        m.add(sum(pieces) <= capacity)
        model.removed.setdefault(space, []).extend(pieces)
    return rem_a, rem_b, gone


def _assault_capacity_var(model: _Model, space: int, troops: Any, police: Any) -> Any:
    """The number of pieces the cubes remove (3.2.4; High Mountain Battalions, card 9),
    as a variable bounded by the cubes after any Air Lift."""
    state, m = model.state, model.m
    s = MAP[space]
    hmb = state.capability(coin_ops.HIGH_MOUNTAIN_BATTALIONS)
    mountain = s.is_department and s.terrain == MOUNTAIN
    as_city = s.is_city or s.is_loc or (mountain and hmb == UNSHADED)
    cap = model.int(f"acap_{space}", 60)
    if as_city:
        m.add(cap <= troops + police)
    elif mountain:
        m.add((4 if hmb == SHADED else 2) * cap <= troops)
    else:
        m.add(cap <= troops)
    return cap


def _removal_order(rem_a: dict, rem_b: dict, solver: cp_model.CpSolver) -> tuple[int, ...]:
    order: list[int] = []
    for f in INSURGENTS:
        if f in rem_a:
            order += [int(ACTIVE_OF[f])] * int(solver.value(rem_a[f]))
    for f in INSURGENTS:
        if f in rem_b:
            order += [int(BASE_OF[f])] * int(solver.value(rem_b[f]))
    return tuple(order)


def _assault_model(state: GameState, v: Values, sa: str, limited: bool) -> _Model | None:
    """Assault: which spaces (3 Resources each; Tapias unshaded 1) and which pieces the
    cubes there remove, Active Guerrillas before Bases. Air Lift lands first (its Troops
    add to the capacity), Air Strike hits after (what the Assault left)."""
    cost = coin_ops.assault_cost(state)
    if state.resources[GOVT] < cost:
        return None
    room = 99
    if state.capability(TAPIAS) == SHADED:
        room = 1 - state.step.get("assault_spaces", 0)
        if room <= 0:
            return None
    immune = _immune(state)
    spaces = [
        s for s in range(NSPACES)
        if coin_ops.assault_space_problem(state, s) is None
        and any(coin_ops.assault_targets(state, s, f) for f in INSURGENTS if f is not immune)
    ]
    if not spaces:
        return None
    model = _Model(f"Assault{'+' + SA_NAMES[sa] if sa != NO_SA else ''}", state, v)
    m = model.m
    uses = _sa_uses(model, sa, ("lift", "strike", "eradicate"))
    lift = _add_air_lift(model, spaces, uses["lift"]) if sa == "lift" else {}
    sel: dict[int, Any] = {}
    removals: dict[int, tuple[dict, dict, dict]] = {}
    for s in spaces:
        b = model.bool(f"sel_{s}")
        sel[s] = b
        model.keys.append(b)
        model.pay(cost, b)
        cap = _assault_capacity_var(model, s, model.troops_after(s), model.police_after(s))
        removals[s] = _assault_removal_vars(
            model, s, cap, b,
            active_avail=lambda f, s=s: state.active(s, f),
            active_max=lambda f, s=s: state.active(s, f),
            tag="as",
        )
        m.add(b <= sum(list(removals[s][0].values()) + list(removals[s][1].values())))
    if limited:
        m.add(sum(sel.values()) <= 1)
    m.add(sum(sel.values()) <= room)
    m.add(sum(sel.values()) >= 1)

    def active_after(space: int, f: Faction) -> Any:
        rem = removals.get(space, ({}, {}, {}))[0].get(f)
        return state.active(space, f) - (rem if rem is not None else 0)

    def gone(space: int, f: Faction) -> Any:
        if state.underground(space, f):
            return 0
        if state.active(space, f) == 0:
            return 1
        flag = removals.get(space, ({}, {}, {}))[2].get(f)
        return flag if flag is not None else 0

    def bases_after(space: int, f: Faction) -> Any:
        rem = removals.get(space, ({}, {}, {}))[1].get(f)
        return state.bases(space, f) - (rem if rem is not None else 0)

    strike = _add_air_strike(model, uses["strike"], active_after, gone, bases_after) \
        if sa == "strike" else {}
    erad = _add_eradicate(model, uses["eradicate"]) if sa == "eradicate" else {}
    for s, (b, _) in erad.items():
        if s in sel:  # the Assault could take the Cartels pieces Eradicate needs (4.2.3)
            m.add(b + sel[s] <= 1)
    model.keys += [b for _, b in lift.values()]

    def decode(solver: cp_model.CpSolver) -> Command | None:
        selected = tuple(s for s in spaces if solver.boolean_value(sel[s]))
        orders = tuple((s, _removal_order(removals[s][0], removals[s][1], solver))
                       for s in selected)
        op = Assault(selected=selected, removals=orders)
        return _action(op, _decode_special(solver, lift, strike, erad))

    model.decode = decode
    model.finish()
    return model


# ---- Patrol (3.2.2) --------------------------------------------------------------------
def _patrol_model(state: GameState, v: Values, sa: str, limited: bool) -> _Model | None:
    """Patrol: 3 Resources in all. Which cubes move where along chains of LoCs and Cities
    (stopping on entering a space with Guerrillas), the Activation on every LoC (1 per
    cube; none under Plan Colombia), and the free Assault in 1 LoC (Plan Meteoro: every /
    none). Before a Propaganda card, cubes that keep a LoC from Sabotage (6.2) count.
    A Limited Patrol ends every move, and its Assault, in one space (2.3.5)."""
    if state.resources[GOVT] < coin_ops.PATROL_COST:
        return None
    model = _Model(f"Patrol{'+' + SA_NAMES[sa] if sa != NO_SA else ''}", state, v)
    m = model.m
    uses = _sa_uses(model, sa, ("lift", "strike", "eradicate"))
    model.pay(coin_ops.PATROL_COST, 1)
    w = v.w
    soon = _propaganda_next(state)
    guerrilla_locs = [s.id for s in MAP.locs if state.in_play(s.id) and state.all_guerrillas(s.id)]
    dests: dict[int, Any] = {}

    def dest(d: int) -> Any:
        if d not in dests:
            b = model.bool(f"dest_{d}")
            dests[d] = b
            model.keys.append(b)
        return dests[d]

    moves: dict[tuple[int, int, int], tuple[Any, tuple[int, ...]]] = {}
    for o in range(NSPACES):
        if not state.cubes(o):
            continue
        reach = coin_ops.patrol_reach(state, o)
        for d, path in sorted(reach.items()):
            s = MAP[d]
            interesting = (s.is_loc and (state.all_guerrillas(d) or not state.sabotage[d])) or (
                s.is_city and state.controller(d) is not GOVT
            )
            if not interesting:
                continue
            for kind in (Piece.TROOPS, Piece.POLICE):
                most = state.count(o, kind)
                if not most:
                    continue
                x = model.int(f"pmv_{o}_{d}_{int(kind)}", most)
                m.add(x <= most * dest(d))
                (model.troops_out if kind is Piece.TROOPS else model.police_out).setdefault(
                    o, []).append(x)
                (model.troops_in if kind is Piece.TROOPS else model.police_in).setdefault(
                    d, []).append(x)
                moves[(o, d, int(kind))] = (x, path)
    for d, b in dests.items():
        m.add(b <= sum(x for (o, dd, k), (x, _) in moves.items() if dd == d))
    lift = _add_air_lift(model, guerrilla_locs, uses["lift"]) if sa == "lift" else {}
    acts: dict[int, dict[Faction, Any]] = {}
    if not state.momentum_in_effect(PLAN_COLOMBIA):
        for loc in guerrilla_locs:
            cubes = model.troops_after(loc) + model.police_after(loc)
            acts[loc] = _activation_vars(model, loc, cubes, 1, "pa")
    limit = coin_ops.patrol_assault_limit(state)
    assault: dict[int, Any] = {}
    removals: dict[int, tuple[dict, dict, dict]] = {}
    if limit != 0:
        for loc in guerrilla_locs:
            if coin_ops.assault_space_problem(state, loc) is not None:
                continue
            b = model.bool(f"pasl_{loc}")
            assault[loc] = b
            model.keys.append(b)
            cap = model.troops_after(loc) + model.police_after(loc)

            def avail(f: Faction, loc: int = loc) -> Any:
                extra = acts.get(loc, {}).get(f)
                return state.active(loc, f) + (extra if extra is not None else 0)

            removals[loc] = _assault_removal_vars(
                model, loc, cap, b, active_avail=avail,
                active_max=lambda f, loc=loc: state.guerrillas(loc, f), tag="pa",
            )
            m.add(b <= sum(removals[loc][0].values()) if removals[loc][0] else b == 0)
            if limited:
                m.add(b <= dest(loc))
        if limit is not None:
            m.add(sum(assault.values()) <= limit)
    if soon:
        for loc in guerrilla_locs:
            if state.sabotage[loc]:
                continue
            prot = model.bool(f"prot_{loc}")
            left = state.all_guerrillas(loc) - sum(
                removals.get(loc, ({}, {}, {}))[0].values() or [0])
            m.add(model.troops_after(loc) + model.police_after(loc) >= left).only_enforce_if(prot)
            model.gain(w.unprotected_loc * MAP[loc].econ, prot)
    if limited:
        m.add(sum(dests.values()) <= 1)
    m.add(sum(dests.values()) + sum(assault.values()) + sum(
        a for per in acts.values() for a in per.values()) >= 1)

    def active_after(space: int, f: Faction) -> Any:
        extra = acts.get(space, {}).get(f)
        rem = removals.get(space, ({}, {}, {}))[0].get(f)
        expr = state.active(space, f) + (extra if extra is not None else 0)
        return expr - rem if rem is not None else expr

    def gone(space: int, f: Faction) -> int:
        return 1 if state.guerrillas(space, f) == 0 else 0

    strike = _add_air_strike(model, uses["strike"], active_after, gone) if sa == "strike" \
        else {}
    erad = _add_eradicate(model, uses["eradicate"]) if sa == "eradicate" else {}
    model.keys += [b for _, b in lift.values()]

    def decode(solver: cp_model.CpSolver) -> Command | None:
        move_list = []
        for (_, _, kind), (x, path) in moves.items():
            n = int(solver.value(x))
            if n:
                move_list.append((kind, n, path))
        activate = []
        for loc, per in acts.items():
            for f, a in per.items():
                n = int(solver.value(a))
                if n:
                    activate.append((loc, int(f), n))
        chosen = tuple(loc for loc, b in assault.items() if solver.boolean_value(b))
        orders = tuple((loc, _removal_order(removals[loc][0], removals[loc][1], solver))
                       for loc in chosen)
        if not move_list and not chosen and not activate:
            return None
        op = Patrol(moves=tuple(move_list), activate=tuple(activate), assault=chosen,
                    removals=orders)
        return _action(op, _decode_special(solver, lift, strike, erad))

    model.decode = decode
    model.finish()
    return model


# ======================================================================================
# the search
# ======================================================================================
#: The Operation models, in the order they are built and solved.
OPERATION_MODELS: tuple[tuple[str, Callable[..., _Model | None]], ...] = (
    ("Train", _train_model),
    ("Patrol", _patrol_model),
    ("Sweep", _sweep_model),
    ("Assault", _assault_model),
)
#: Special Activity variants tried for each Operation (Air Strike only with Patrol,
#: Sweep and Assault, 4.1.1: the Train model refuses it).
SA_VARIANTS = (NO_SA, "lift", "strike", "eradicate")
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


def solve_keeping_signals(solver: cp_model.CpSolver, model: cp_model.CpModel) -> Any:
    """``solver.solve(model)`` without losing Ctrl-C (issue 25 item 3): every CP-SAT
    solve goes through here. By default CP-SAT installs its own SIGINT handler for the
    solve and leaves SIGINT with the default action afterwards, so the next Ctrl-C killed
    the process without a word or a save. The solve is told not to catch SIGINT
    (``catch_sigint_signal``: a Ctrl-C during it waits for the solve's time limit, at most
    the --think budget), and Python's handlers are installed again after it whatever
    happened (main thread only: signal handlers belong to it)."""
    solver.parameters.catch_sigint_signal = False
    if threading.current_thread() is not threading.main_thread():
        return solver.solve(model)
    handlers = {s: signal.getsignal(s) for s in _STOP_SIGNALS}
    try:
        return solver.solve(model)
    finally:
        for number, handler in handlers.items():
            if handler is not None:
                signal.signal(number, handler)


_STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP")
                      if hasattr(signal, name))


def _solve_model(
    model: _Model, seed: int, det_limit: float, wall_limit: float, k: int, runs: list[ModelRun]
) -> list[tuple[Command, float, str]]:
    """Up to ``k`` solutions of ``model``, each excluded from the next by a no-good cut:
    (command, objective, status). Single-threaded with a fixed seed: deterministic."""
    out: list[tuple[Command, float, str]] = []
    for _ in range(k):
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        solver.parameters.random_seed = seed
        solver.parameters.max_deterministic_time = max(det_limit, 0.005)
        solver.parameters.max_time_in_seconds = max(wall_limit, 0.01)
        t = time.perf_counter()
        status = solve_keeping_signals(solver, model.m)
        name = solver.status_name(status)
        feasible = status in (cp_model.OPTIMAL, cp_model.FEASIBLE)
        runs.append(ModelRun(model.name, name, solver.objective_value / SCALE if feasible
                             else None, time.perf_counter() - t, solver.deterministic_time))
        if not feasible:
            break
        cmd = model.decode(solver)
        if cmd is not None:
            out.append((cmd, solver.objective_value / SCALE, name))
        if not model.forbid(solver):
            break
    return out


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
    for side in events.sides_of(card):
        def make(side: str = side) -> Any:
            return EvaluatingChooser(state, side, LookaheadDice(seed + 7), budget=budget,
                                     evaluator=lambda s: evaluate(s, w))

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
    models: list[_Model] = []
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
        for cmd, value, status in _solve_model(model, seed, per_solve, cap,
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
