"""The kit the search Government's CP-SAT models are built from (OR-tools).

:class:`Values` turns the evaluation's weights (:mod:`nonplayer.government.evaluation`)
into linear estimates of what one unit of each change is worth in the current position;
:class:`OperationModel` is a model under construction with the bookkeeping every Operation
shares (cubes in and out of each space, pieces removed, Control indicators 1.8, Resources
spent, the objective, the no-good cut that asks for a different plan); the Special
Activities shared by the models (Air Lift 4.2.1, Air Strike 4.2.2, Eradicate 4.2.3) are
added and decoded here; :func:`solve_model` solves a model single-threaded with a fixed
seed (deterministic) and :func:`solve_keeping_signals` keeps Ctrl-C working through a
solve. The Operation models themselves are in :mod:`nonplayer.government.operation_models`.
"""

from __future__ import annotations

import builtins
import signal
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from ortools.sat.python import cp_model

from core.commands import Command, SpecialActivity
from core.events import (
    MISIL_ANTIAEREO,
    PLAN_COLOMBIA,
)
from core.game.sequence import OperationAction
from core.map import MAP
from core.pieces import ACTIVE_OF, BASE_OF, INSURGENTS, UNDERGROUND_OF, Faction, Piece
from core.rules import coin_ops, govt_special
from core.rules.govt_special import AirLift, AirStrike, Eradicate
from core.state import SAMPER, GameState
from nonplayer.government.evaluation import Weights, propaganda_next, soft_max

GOVT = Faction.GOVT
FARC, AUC, CARTELS = Faction.FARC, Faction.AUC, Faction.CARTELS
NSPACES = len(MAP)

#: Objective coefficients are floats; CP-SAT wants integers: scale and round.
SCALE = 100


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
            before = soft_max((margins[f] for f in INSURGENTS), w.lead_temperature)
            after = soft_max(
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
        soon = propaganda_next(state)
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

class OperationModel:
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

    def int(self, name: str, hi: builtins.int) -> Any:
        return self.m.new_int_var(0, max(0, hi), name)

    def gain(self, value: float, var: Any) -> None:
        if value:
            self.terms.append((value, var))

    def pay(self, per_unit: builtins.int, var: Any) -> None:
        self.spend.append((per_unit, var))

    def govt_after(self, space: builtins.int) -> Any:
        """Government pieces in ``space`` after the plan (a linear expression)."""
        expr = _flow(
            self.state.faction_pieces(space, GOVT),
            self.troops_in.get(space, []) + self.police_in.get(space, []),
            self.troops_out.get(space, []) + self.police_out.get(space, []),
        )
        if space in self.base_swaps:
            expr = expr - 2 * self.base_swaps[space]
        return expr

    def others_after(self, space: builtins.int) -> Any:
        expr = self.state.total_pieces(space) - self.state.faction_pieces(space, GOVT)
        for var in self.removed.get(space, []):
            expr = expr - var
        return expr

    def troops_after(self, space: builtins.int) -> Any:
        return _flow(self.state.troops(space), self.troops_in.get(space, []),
                     self.troops_out.get(space, []))

    def police_after(self, space: builtins.int) -> Any:
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

    def forbid(self, solver: cp_model.CpSolver) -> builtins.bool:
        """Add a no-good cut excluding the solution's selection; False if there are no
        keys (nothing else to find)."""
        if not self.keys:
            return False
        lits = [k.Not() if solver.boolean_value(k) else k for k in self.keys]
        self.m.add_bool_or(lits)
        return True



# ---- Special Activities shared by the models ---------------------------------------------
def add_air_lift(model: OperationModel, destinations: Iterable[int], use: Any) -> dict:
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


def decode_air_lift(solver: cp_model.CpSolver, pairs: dict) -> AirLift | None:
    for (src, dst), (n, b) in pairs.items():
        if solver.boolean_value(b):
            return AirLift(src=src, dst=dst, troops=int(solver.value(n)))
    return None


def operation_action(op: Any, special: SpecialActivity | None) -> OperationAction:
    """The Operation with its Special Activity, in the order the models assume (4.1):
    Air Lift immediately before (its Troops count for the Operation), Eradicate
    immediately before (its shift was chosen on the board as it stands), Air Strike
    immediately after (it hits what the Operation exposed or left)."""
    first = isinstance(special, AirLift | Eradicate)
    return OperationAction(op, special, special_first=first)


def add_eradicate(model: OperationModel, use: Any) -> dict[int, tuple[Any, int | None]]:
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


def decode_eradicate(solver: cp_model.CpSolver, chosen: dict) -> Eradicate | None:
    for space, (b, shift) in chosen.items():
        if solver.boolean_value(b):
            return Eradicate(space=space, shift=shift)
    return None



def decode_special(solver: cp_model.CpSolver, lift: dict, strike: dict,
                   erad: dict) -> SpecialActivity | None:
    """The one Special Activity the solver chose beside an Operation, if any (the model
    allows at most one: 4.1)."""
    return (decode_air_lift(solver, lift) or _decode_air_strike(solver, strike)
            or decode_eradicate(solver, erad))


def _strike_ok(state: GameState, space: int) -> bool:
    """Air Strike may hit ``space`` at all (4.2.2: Department or LoC; Plan Colombia and
    Misil Antiaéreo, 5.4)."""
    s = MAP[space]
    if not state.in_play(space) or not (s.is_department or s.is_loc):
        return False
    if state.momentum_in_effect(PLAN_COLOMBIA):
        return False
    return not (state.momentum_in_effect(MISIL_ANTIAEREO) and state.all_guerrillas(space))


def immune_faction(state: GameState) -> Faction | None:
    return coin_ops.senado_immune(state)


def sa_uses(model: OperationModel, sa: str, allowed: tuple[str, ...]) -> dict[str, Any]:
    """One 0/1 use variable per Special Activity, fixed by the variant ``sa``."""
    uses = {}
    for name in ("lift", "strike", "eradicate"):
        b = model.bool(f"use_{name}")
        model.m.add(b == (1 if name == sa and name in allowed else 0))
        uses[name] = b
    return uses



def activation_vars(
    model: OperationModel, space: int, capacity: Any, gate: Any, tag: str
) -> dict[Faction, Any]:
    """Activation in ``space``: per Faction at most its Underground Guerrillas (none of
    the Senado & Cámara Faction), in all at most ``capacity``, and only if ``gate``."""
    state = model.state
    immune = immune_faction(state)
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


def add_air_strike(
    model: OperationModel, use: Any, active_after: Callable[[int, Faction], Any],
    guerrillas_gone: Callable[[int, Faction], Any],
    bases_after: Callable[[int, Faction], Any] | None = None,
) -> dict[tuple[int, int], Any]:
    """Air Strike (4.2.2) after the Operation: 1 Active Guerrilla, or a Base of a Faction
    with no Guerrilla left there, in 1 Department or LoC. ``active_after(space, f)`` and
    ``bases_after(space, f)`` are the (linear) numbers of Active Guerrillas and Bases the
    Operation leaves, ``guerrillas_gone`` a Boolean (or 0/1) that f has no Guerrilla
    there after it."""
    state = model.state
    immune = immune_faction(state)
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


@dataclass
class ModelRun:
    """One CP-SAT solve: model name, status, objective, wall and deterministic time."""

    model: str
    status: str
    objective: float | None
    seconds: float
    deterministic: float



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


def solve_model(
    model: OperationModel, seed: int, det_limit: float, wall_limit: float, k: int,
    runs: list[ModelRun],
) -> list[tuple[Command, float, str]]:
    """Up to ``k`` solutions of ``model``, each excluded from the next by a no-good cut:
    (command, objective, status). Single-threaded with a fixed seed: deterministic."""
    out: list[tuple[Command, float, str]] = []
    for _ in range(k):
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        # CP-SAT's seed is a 32-bit int: a game's seed goes up to 2**63 - 1 (a seed
        # nobody chose, core.setup.secret_seed), which it refused with a TypeError
        solver.parameters.random_seed = seed % 2**31
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
