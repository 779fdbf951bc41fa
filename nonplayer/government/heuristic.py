"""The heuristic Government: a priority policy in the spirit of the section-8 flowcharts.

The first edition has no Government flowchart. This bot plays the Government by a short
list of readable rules, tried in order like the diamonds of a flowchart; the first rule
whose question is answered "yes" builds the command. Every plan is built with the rules
modules' query helpers and executed on a clone by the real engine before it is chosen,
so the bot never offers an illegal command. The trace names each rule asked, its answer
and why, in the same form as the Insurgent bots' traces.

Event card (2.3)
----------------
1. **Broke** (2.3.3): no Operation affordable: Pass (+3 Resources), unless the Event
   helps.
2. **Operation rules**, first "yes" wins (a Limited Operation, 2.3.5, when that is all
   that is open: 1 space, no Special Activity):

   a. *Assault exposed Bases* (3.2.4): some Insurgent Base can be removed by Assault
      (its Faction has no Underground Guerrilla there and the cubes reach it), possibly
      after an Air Lift of Troops into the space (4.2.1).
   b. *Train for Support* (3.2.1, 6.4.1): Train with Civic Action can shift Support by
      2+ Population levels: place the cubes Civic Action needs (Troops, Police,
      Control) in the space where the most Support is gained; spare Resources add up to
      2 spaces made ready for Civic Action (as in f).
   c. *Patrol the LoCs* (3.2.2): Guerrillas sit on LoCs with Econ (the Sabotage Phase,
      6.2, hits LoCs where Guerrillas outnumber cubes): move spare cubes onto them,
      enough to Activate them all, and Assault one for free.
   d. *Sweep shielded Bases* (3.2.3): Underground Guerrillas shield Insurgent Bases where
      Troops can Sweep in: move spare Troops in and Activate, ready for Assault.
   e. *Assault Guerrillas* (3.2.4): Assault removes 2+ Insurgent pieces.
   f. *Train to build* (3.2.1): cubes where Civic Action lacks Troops or Police or
      Government Control is thin, else a Base from 3 cubes in a Department.

   "Spare" cubes are those a space can lose without losing Government Control or the
   Troops and Police pair Civic Action needs there. A rule answers "yes" only if its
   plan, executed on a clone, scores at least the rule's threshold better than a Pass
   (:func:`nonplayer.government.base.evaluate`; a Pass counts :data:`PASS_BONUS` for staying
   Eligible). The constants were tuned on seeds 1000-1079 and 2000-2119, apart from the
   seeds of ``docs/strength.md``.
3. **Special Activity** (4.0): on the board after the Operation, the best of Air Strike
   (an exposed Base first, 4.2.2), Eradicate (Cartels Bases, 4.2.3) and Air Lift (Troops
   to a space where Civic Action lacks them, 4.2.1), if it improves the evaluation.
   *Deny the Event*: if the 2nd Eligible is a Non-player that would take a harmful
   Event after an Operation with Special Activity (2.3.4), the Special Activity is
   dropped so that only an Operation stays open to it.
4. **Event** (5.0): either half is simulated on a clone (choices answered by look-ahead,
   :class:`~nonplayer.government.base.EvaluatingChooser`); the Event is taken when it scores
   better than the Operation chosen (and a Pass).

Following a campaign plan (issue 35)
------------------------------------
``HeuristicGovernment(plan=...)`` (or :meth:`HeuristicGovernment.following`) adds the
plan's value of a position (:mod:`nonplayer.government.plan`) to its evaluation in every
choice above, and its Redeploy sends the Troops that must move where one more Troop
raises that value most: the campaign Government's rollouts follow the plan they
evaluate. Without a plan the bot is unchanged. Only the evaluations depend on the plan:
the simulations, the rules' plans, the Event look-ahead and the Special Activities tried
read the board alone, so policies following different plans can decide one after the
other on one board with one look-ahead memo (:func:`shared_lookahead`, the campaign's
rollouts), each deciding as it would alone. A plan may also forbid Special Activities
(:attr:`nonplayer.government.plan.Plan.forbids`: the no-eradicate plan of issue 40 item
4, no Eradicate while the Cartels are far from their goal): those are left out of the
ones weighed for an Operation, after the board's shared list is read, so the memo stays
a function of the board.

Propaganda Round (6.0)
----------------------
* 7th Special Forces (card 7): remove Sabotage from the highest-Econ LoCs, then Terror
  from the most populous spaces.
* Civic Action (6.4.1): in the most populous spaces first, every step that shifts
  Support, keeping a reserve of Resources for the next campaign (none in the final Round).
* FARC Zone (6.4.4): among the tied Departments, the one whose loss costs the Government
  least (simulated), its cubes redeployed to the best destinations.
* Redeploy (6.5): Troops that must move go first where Civic Action lacks Troops, then to
  Cities where Control is thin, then to the most populous; spare Police go where Civic
  Action lacks Police.
* Insurgent Discord (8.1, 2-player): the Government chooses for the Non-player whichever
  of its Event or Operation scores better for the Government.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any

from core.cards import OSPINA_MORA, TAPIAS
from core.commands import Command, Context, Operation, SpecialActivity
from core.dice import DiceSource
from core.errors import IllegalAction
from core.events import FIRST_DIVISION, SHADED
from core.game import Game, sequence
from core.game.sequence import OperationAction, Pass, PlayEvent
from core.map import FOREST, MAP, space_name
from core.pieces import ACTIVE_OF, BASE_OF, INSURGENTS, NUM_KINDS, UNDERGROUND_OF, Faction, Piece
from core.rules import coin_ops, govt_special, propaganda
from core.rules.coin_ops import Assault, Patrol, Sweep, Train
from core.rules.common import is_final_event_card, is_nonplayer
from core.rules.govt_special import AirLift, AirStrike, Eradicate
from core.state import GameState
from core.words import counted
from nonplayer.government.base import (
    WEIGHTS,
    EvaluatingChooser,
    GovtDecision,
    LookaheadDice,
    card_label,
    evaluate,
    event_outcomes,
    lookahead_seed,
    simulate,
)
from nonplayer.trace import Trace

GOVT = Faction.GOVT
CUBES = (Piece.TROOPS, Piece.POLICE)

#: A Pass is worth this much beyond its +3 Resources: the Government stays Eligible.
PASS_BONUS = 1.5
#: The Event must beat the Operation (and a Pass) by this much.
EVENT_MARGIN = 0.0
#: Resources kept after Civic Action in a Propaganda Round that is not the last.
CIVIC_RESERVE = 6
#: Per Guerrilla Activated where it shields an Insurgent Base: the Assault it prepares.
SWEEP_SETUP_VALUE = 0.0
#: Simulations per Event choice when answering by look-ahead.
EVENT_BUDGET = 24


def _name(space: int) -> str:
    return space_name(space)


def _names(spaces: Any) -> str:
    return ", ".join(_name(s) for s in spaces)


# ======================================================================================
# look-ahead remembered within one decision
# ======================================================================================
#: While a decision is made (:func:`_lookahead_scope`): (id(board), command) ->
#: (board, board after the command or None), (id(board), name) -> (board, a fact about
#: it) and (id(board), "evaluation", plan) -> (board, evaluation). The boards are
#: held, so their identities cannot be reused; none is changed meanwhile. Every entry
#: but the evaluations is the same whatever plan the deciding Government follows, and
#: the evaluations are keyed by the plan, so that policies following different plans
#: may decide on one board with one memo (:func:`shared_lookahead`).
_memo: dict[Any, tuple[Any, Any]] | None = None
#: The campaign plan the deciding Government follows (issue 35,
#: :mod:`nonplayer.government.plan`), or None: set by :meth:`HeuristicGovernment.decide`
#: for the decision only; :func:`_evaluate` adds its value.
_plan: Any = None


@contextmanager
def _lookahead_scope() -> Iterator[None]:
    """Remember simulations and evaluations until the decision is made: the rules ask
    several times about the same command on the same board (an Operation scored alone,
    then again when its Special Activity is weighed or dropped to deny the Event), and a
    simulation with look-ahead dice is a function of the board and the command."""
    global _memo
    outermost = _memo is None
    if outermost:
        _memo = {}
    try:
        yield
    finally:
        if outermost:
            _memo = None


@contextmanager
def shared_lookahead(memo: dict[Any, tuple[Any, Any]]) -> Iterator[None]:
    """The decisions made inside remember their look-ahead in ``memo`` (kept by the
    caller) instead of a memo of their own: several policies deciding on the *same*
    board object (the campaign's rollouts, where the plans' policies meet the same
    position, :func:`nonplayer.government.campaign.rollouts_on`) simulate each command,
    plan each Operation rule and weigh each Event half once. What is remembered is a
    function of the board (the plan's part of an evaluation is keyed by the plan), so
    every decision is the one it makes alone. The caller must not change the boards
    decided on while ``memo`` lives."""
    global _memo
    before = _memo
    _memo = memo
    try:
        yield
    finally:
        _memo = before


def _simulate(state: GameState, cmd: Command) -> GameState | None:
    """:func:`nonplayer.government.simulate` (no chooser, look-ahead dice), remembered
    inside :func:`_lookahead_scope`. The board returned must not be changed."""
    if _memo is None:
        return simulate(state, cmd)
    key = (id(state), cmd)
    known = _memo.get(key)
    if known is None or known[0] is not state:
        known = _memo[key] = (state, simulate(state, cmd))
    return known[1]


def _remembered(state: GameState, name: Any, compute: Callable[[], Any]) -> Any:
    """``compute()``, a fact named ``name`` about ``state``, remembered inside
    :func:`_lookahead_scope` (the caller must not change what it returns)."""
    if _memo is None:
        return compute()
    key = (id(state), name)
    known = _memo.get(key)
    if known is None or known[0] is not state:
        known = _memo[key] = (state, compute())
    return known[1]


def _evaluate(state: GameState) -> float:
    """:func:`nonplayer.government.evaluate`, plus the value of the plan followed (if
    any, :data:`_plan`), remembered inside :func:`_lookahead_scope`."""
    if _memo is None:
        return _planned(state)
    key = (id(state), "evaluation", _plan)
    known = _memo.get(key)
    if known is None or known[0] is not state:
        known = _memo[key] = (state, _planned(state))
    return known[1]


def _planned(state: GameState) -> float:
    value = _remembered(state, "evaluation", lambda: evaluate(state))
    if _plan is not None and state.phase != "over":  # a finished game is only its result
        value += _plan.value(state)
    return value


@contextmanager
def _following(plan: Any) -> Iterator[None]:
    """:data:`_plan` is ``plan`` for the decision made inside."""
    global _plan
    before = _plan
    _plan = plan
    try:
        yield
    finally:
        _plan = before


# ======================================================================================
# small board facts
# ======================================================================================
def govt_lead(state: GameState, space: int) -> int:
    """Government pieces minus all other pieces in ``space`` (Control when > 0, 1.8)."""
    govt = state.faction_pieces(space, GOVT)
    return 2 * govt - state.total_pieces(space)


def civic_need(state: GameState) -> int:
    """Troops and Police each needed for Civic Action: 1, or 2 under 1st Division
    shaded (card 1)."""
    return 2 if state.capability(FIRST_DIVISION) == SHADED else 1


def support_room(state: GameState, space: int) -> int:
    """Levels ``space`` can still shift toward Active Support (0 for LoCs, Pop 0)."""
    return 2 - state.support[space] if MAP[space].is_populated else 0


def spare(state: GameState, space: int, kind: Piece) -> int:
    """Cubes of ``kind`` that can leave ``space`` without costing Government Control of a
    populated space, or the Troops and Police pair that Civic Action there needs."""
    n = state.count(space, kind)
    if n == 0:
        return 0
    s = MAP[space]
    if not s.is_populated or state.farc_zone[space]:
        return n
    lead = govt_lead(state, space)
    if lead <= 0:
        return n  # no Control to keep
    keep = civic_need(state) if support_room(state, space) > 0 else 0
    free = lead - 1  # each cube leaving lowers the lead by 1
    return max(0, min(n - keep, free))


def piece_values(state: GameState) -> dict[int, float]:
    """What removing one Insurgent piece is worth, by piece kind (for ranking targets).

    A Base counts against its Faction's margin (and a FARC Base for the AUC's, 7.2),
    weighted by how close that Faction is to the best Insurgent margin, plus its future
    value (income, Rally); an Active Guerrilla a little.
    """
    margins = state.victory_margins()
    top = max(margins[f] for f in INSURGENTS)
    t = WEIGHTS["threat_temperature"]
    weights = {f: math.exp((margins[f] - top) / t) for f in INSURGENTS}
    total = sum(weights.values())
    p = {f: w / total for f, w in weights.items()}
    cartels_binding = (state.bases_on_map(Faction.CARTELS) - 10
                       <= state.resources[Faction.CARTELS] - 40)
    values: dict[int, float] = {}
    values[BASE_OF[Faction.FARC]] = 1.2 + p[Faction.FARC] - p[Faction.AUC]
    values[BASE_OF[Faction.AUC]] = 1.2 + p[Faction.AUC]
    values[BASE_OF[Faction.CARTELS]] = 1.2 + (p[Faction.CARTELS] if cartels_binding else 0)
    for f in INSURGENTS:
        values[ACTIVE_OF[f]] = 0.35 + 0.3 * p[f]
    return values


# ======================================================================================
# plans
# ======================================================================================
@dataclass
class Candidate:
    """A rule's plan: the Operation (and Special Activity), and why."""

    rule: str
    ref: str
    op: Operation
    why: str
    special: SpecialActivity | None = None
    special_first: bool = False
    #: Value the evaluation does not see (e.g. a Sweep setting up an Assault).
    bonus: float = 0.0
    gain: float = 0.0
    notes: dict[str, Any] = field(default_factory=dict)

    def command(self) -> OperationAction:
        return OperationAction(self.op, self.special, self.special_first)


@dataclass
class Board:
    """What the rules read: the board, the Resources, and the Operation's limits."""

    state: GameState
    limited: bool

    @property
    def resources(self) -> int:
        return self.state.resources[GOVT]

    @property
    def max_spaces(self) -> int:
        return 1 if self.limited else 99


# --- a. / e. Assault -----------------------------------------------------------------
def best_removal(
    state: GameState, space: int, capacity: int, values: dict[int, float]
) -> tuple[float, tuple[int, ...]]:
    """The most valuable legal Assault removal order in ``space`` with ``capacity``
    removals: the targeted Factions' Active Guerrillas, then their Bases once none of
    their Guerrillas is left ("Bases last", 3.2.4; once targeted, as many as possible,
    1.4.1). Returns (value, order)."""
    immune = coin_ops.senado_immune(state)
    present = [f for f in INSURGENTS
               if f is not immune and coin_ops.assault_targets(state, space, f) > 0]
    best: tuple[float, tuple[int, ...]] = (0.0, ())
    if capacity <= 0 or not present:
        return best
    for perm in _orders(present):
        order: list[int] = []
        for f in perm:
            order += [int(ACTIVE_OF[f])] * state.active(space, f)
            if state.underground(space, f) == 0:
                order += [int(BASE_OF[f])] * state.bases(space, f)
        order = order[:capacity]
        value = sum(values[k] for k in order)
        if value > best[0] + 1e-9:
            best = (value, tuple(order))
    return best


def _orders(factions: list[Faction]) -> list[tuple[Faction, ...]]:
    """Every ordered subset of ``factions`` (at most 15 for 3 Factions)."""
    from itertools import permutations

    out: list[tuple[Faction, ...]] = []
    for n in range(1, len(factions) + 1):
        out += list(permutations(factions, n))
    return out


def _removes_base(order: tuple[int, ...]) -> bool:
    return any(Piece(k).is_base for k in order)


def plan_assault(board: Board, bases_only: bool, allow_air_lift: bool) -> Candidate | None:
    """Assault (3.2.4) where it removes the most valuable pieces; with ``bases_only``
    only if some Base goes. With ``allow_air_lift``, Troops may first fly in (4.2.1)."""
    state = board.state
    cost = coin_ops.assault_cost(state)
    if board.resources < cost:
        return None
    values = _remembered(state, "piece values", lambda: piece_values(state))
    most = min(board.resources // cost, board.max_spaces)
    if state.capability(TAPIAS) == SHADED:
        most = min(most, 1 - state.step.get("assault_spaces", 0))
    if most < 1:
        return None
    scored = list(_remembered(state, "assault removals", lambda: _assault_removals(state, values)))
    lift = _assault_air_lift(state, values) if allow_air_lift else None
    if lift is not None:
        value, target, order, air_lift = lift
        scored = [x for x in scored if x[1] != target] + [(value, target, order)]
    scored.sort(key=lambda x: (-x[0], x[1]))
    chosen = [x for x in scored if x[0] >= 0.6][:most]
    if bases_only and not any(_removes_base(order) for _, _, order in chosen):
        return None
    if not bases_only and sum(len(order) for _, _, order in chosen) < 2:
        return None
    if not chosen:
        return None
    selected = tuple(s for _, s, _ in chosen)
    removals = tuple((s, order) for _, s, order in chosen)
    what = "; ".join(f"{_name(s)}: {_pieces(order)}" for _, s, order in chosen)
    cand = Candidate("assault_bases" if bases_only else "assault", "3.2.4",
                     Assault(selected=selected, removals=removals), f"remove {what}")
    if lift is not None and lift[1] in selected:
        cand.special, cand.special_first = lift[3], True
        cand.why += (f" (Air Lift {counted(lift[3].troops, 'Troops')} from "
                     f"{_name(lift[3].src)} first)")
    return cand


def _assault_removals(
    state: GameState, values: dict[int, float]
) -> list[tuple[float, int, tuple[int, ...]]]:
    """(value, space, removal order) of the best Assault in each space where Assault
    removes something (:func:`best_removal`), in map order."""
    scored = []
    for s in coin_ops.assault_spaces(state):
        value, order = best_removal(state, s, coin_ops.assault_capacity(state, s), values)
        if order:
            scored.append((value, s, order))
    return scored


def _pieces(order: tuple[int, ...]) -> str:
    counts: dict[int, int] = {}
    for k in order:
        counts[k] = counts.get(k, 0) + 1
    return ", ".join(counted(n, Piece(k).label) for k, n in counts.items())


def _assault_air_lift(
    state: GameState, values: dict[int, float]
) -> tuple[float, int, tuple[int, ...], AirLift] | None:
    """The best Air Lift of spare Troops into a space with exposed Insurgent pieces, to
    Assault there next: (value, space, removal order, AirLift), or None."""
    immune = coin_ops.senado_immune(state)
    # only a space with a Base that Assault may reach ("Bases last", 3.2.4: none of its
    # Faction's Guerrillas Underground there) can qualify; read off the piece columns
    reachable: set[int] = set()
    for f in INSURGENTS:
        if f is not immune:
            bases = state.pieces[BASE_OF[f]::NUM_KINDS]
            underground = state.pieces[UNDERGROUND_OF[f]::NUM_KINDS]
            reachable.update(t for t, (b, u) in enumerate(zip(bases, underground, strict=True))
                             if b and not u)
    if not reachable:
        return None
    targets = sorted(reachable)  # space ids run in map order
    limit = govt_special.air_lift_limit(state)
    sources = sorted(
        ((spare(state, s.id, Piece.TROOPS), s.id) for s in MAP.spaces
         if state.troops(s.id)), reverse=True)
    sources = [(n, s) for n, s in sources if n > 0][:3]
    if not sources:
        return None
    best = None
    for t in targets:
        if coin_ops.assault_space_problem(state, t) is not None:
            continue
        if not any(coin_ops.assault_targets(state, t, f) for f in INSURGENTS):
            continue
        here = coin_ops.assault_capacity(state, t)
        now, _ = best_removal(state, t, here, values)
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
            break  # the source with most spare Troops is enough
    return best


# --- b. Train for Support ---------------------------------------------------------------
def _civic_placement(state: GameState, space: int) -> tuple[int, int] | None:
    """Cubes (Troops, Police) Train must place in ``space`` so that Civic Action is
    possible there (Control, Troops and Police, 6.4.1), or None if it cannot."""
    need = civic_need(state)
    troops = max(0, need - state.troops(space))
    police = max(0, need - state.police(space))
    lead = govt_lead(state, space)
    control = max(0, 1 - lead)
    extra = max(0, control - troops - police)
    police += extra
    total = troops + police
    if total == 0:
        return (0, 0)
    if total > coin_ops.train_cube_capacity(state, space):
        return None
    if state.available(Piece.TROOPS) < troops:
        return None
    if state.available(Piece.POLICE) < police:
        shift = police - state.available(Piece.POLICE)
        if extra < shift or state.available(Piece.TROOPS) < troops + shift:
            return None
        police, troops = police - shift, troops + shift
    return (troops, police)


def _best_civic(board: Board) -> tuple[int, int, tuple[int, int], int] | None:
    """The space where Train with Civic Action shifts the most Support:
    (Support gained, space, (Troops, Police) to place, Civic Action steps), or None."""
    state = board.state
    steps_affordable = (board.resources - coin_ops.TRAIN_COST) // 3
    if steps_affordable < 1:
        return None
    best = None
    for s in coin_ops.train_spaces(state):
        room = support_room(state, s)
        if room == 0:
            continue
        place = _civic_placement(state, s)
        if place is None:
            continue
        terror = state.terror[s]
        steps = min(steps_affordable, terror + room)
        shifts = steps - terror
        if shifts < 1:
            continue
        key = (MAP[s].pop * shifts, -steps, -sum(place), -s)
        if best is None or key > best[0]:
            best = (key, s, place, steps)
    if best is None:
        return None
    return best[0][0], best[1], best[2], best[3]


def _build_spots(board: Board, skip: set[int], budget: int) -> list[tuple[int, int, int]]:
    """Train placements (space, Troops, Police) that make populated spaces ready for
    Civic Action (Troops and Police, 6.4.1) or thicken thin Government Control, most
    valuable first, at most ``budget`` spaces."""
    state = board.state
    need = civic_need(state)
    avail = {k: state.available(k) for k in CUBES}
    spots = []
    for s in coin_ops.train_spaces(state):
        if s in skip or not MAP[s].is_populated:
            continue
        cap = coin_ops.train_cube_capacity(state, s)
        if cap == 0:
            continue
        lead = govt_lead(state, s)
        troops = max(0, need - state.troops(s))
        police = max(0, need - state.police(s))
        extra = max(0, 2 - lead - troops - police)  # a lead of 2 survives one loss
        if troops + police + extra == 0:
            continue
        ready_value = MAP[s].pop * (support_room(state, s) + 1) if troops + police else 0
        spots.append((ready_value + MAP[s].pop * (lead <= 1), s, troops, police, extra, cap))
    spots.sort(key=lambda x: (-x[0], x[1]))
    out: list[tuple[int, int, int]] = []
    for _, s, troops, police, extra, cap in spots:
        if len(out) >= budget:
            break
        police += extra
        total = min(cap, troops + police)
        troops = min(troops, avail[Piece.TROOPS], total)
        police = min(total - troops, avail[Piece.POLICE])
        troops = min(avail[Piece.TROOPS], total - police)
        if troops + police == 0:
            continue
        avail[Piece.TROOPS] -= troops
        avail[Piece.POLICE] -= police
        out.append((s, troops, police))
    return out


def plan_train(board: Board, civic_first: bool) -> Candidate | None:
    """Train (3.2.1). With ``civic_first``: Civic Action (6.4.1) where it shifts the most
    Support (2+ Population levels), with the cubes it needs; otherwise cubes where Civic
    Action lacks Troops or Police or Control is thin, else a Base from 3 cubes in a
    Department without one. Spare Resources add up to 2 more placement spaces."""
    state = board.state
    afford = board.resources // coin_ops.TRAIN_COST
    if afford < 1:
        return None
    civic = _best_civic(board)
    if civic_first and (civic is None or civic[0] < 2):
        return None
    selected: list[int] = []
    place: list[tuple[int, int, int]] = []
    steps = 0
    civic_space = None
    left = board.resources
    if civic is not None and civic[0] >= 2:
        gained, civic_space, (troops, police), steps = civic
        selected.append(civic_space)
        if troops + police:
            place.append((civic_space, troops, police))
        left -= coin_ops.TRAIN_COST + 3 * steps
    extra_spaces = min(2, max(0, (left - 6) // coin_ops.TRAIN_COST))
    if not civic_first:
        extra_spaces = max(extra_spaces, 1 if left >= coin_ops.TRAIN_COST else 0)
    if board.limited:
        extra_spaces = 0 if selected else 1
    spots = _build_spots(board, set(selected), extra_spaces)
    for s, troops, police in spots:
        selected.append(s)
        place.append((s, troops, police))
    base = None
    if civic_space is None and not board.limited or (board.limited and not selected):
        for s in coin_ops.train_spaces(state):
            if (MAP[s].is_department and not state.bases(s, GOVT) and s not in selected
                    and coin_ops.train_base_problem(state, s) is None
                    and len(selected) < afford):
                base = s
                selected.append(s)
                break
    if not selected:
        return None
    base_troops = 0
    if base is not None:
        base_troops = max(3 - state.police(base), min(3, state.troops(base) - 1), 0)
    op = Train(selected=tuple(selected), place=tuple(place), base=base,
               base_troops=base_troops, civic=civic_space, civic_steps=steps)
    parts = [f"{_name(s)} +{t}T/{p}P" for s, t, p in place]
    if civic_space is not None:
        assert civic is not None  # the space comes with its plan
        parts.append(f"Civic Action x{steps} in {_name(civic_space)} (+{civic[0]} Support)")
    if base is not None:
        parts.append(f"Base in {_name(base)}")
    return Candidate("train_civic" if civic_first else "train_build", "3.2.1", op,
                     "Train: " + ", ".join(parts))


# --- c. Patrol ------------------------------------------------------------------------
def plan_patrol(board: Board, values: dict[int, float]) -> Candidate | None:
    """Patrol (3.2.2): spare cubes onto LoCs with Guerrillas, most Econ first, enough to
    Activate them all; then the free Assault in the LoC where it removes most."""
    state = board.state
    if board.resources < coin_ops.PATROL_COST:
        return None
    targets = [s.id for s in MAP.locs
               if state.in_play(s.id) and state.all_guerrillas(s.id) and s.econ > 0]
    targets.sort(key=lambda t: (-MAP[t].econ, -state.all_guerrillas(t), t))
    if not targets:
        return None
    left = {(s.id, k): spare(state, s.id, k) for s in MAP.spaces for k in CUBES
            if state.count(s.id, k)}
    reach_cache: dict[int, dict[int, tuple[int, ...]]] = {}
    moves: list[tuple[int, int, tuple[int, ...]]] = []
    covered: list[int] = []
    for loc in targets[: board.max_spaces if board.limited else 4]:
        need = state.all_guerrillas(loc) - state.cubes(loc)
        for (src, kind) in sorted(left, key=lambda x: (x[1] != Piece.POLICE, x[0])):
            if need <= 0:
                break
            if left[(src, kind)] <= 0 or src == loc:
                continue
            if src not in reach_cache:
                reach_cache[src] = coin_ops.patrol_reach(state, src)
            path = reach_cache[src].get(loc)
            if path is None:
                continue
            n = min(need, left[(src, kind)])
            left[(src, kind)] -= n
            need -= n
            moves.append((int(kind), n, path))
        if state.cubes(loc) + sum(n for _, n, p in moves if p[-1] == loc):
            covered.append(loc)
    if not covered:
        return None
    moved = Patrol(moves=tuple(moves))
    if not moves:
        moved = Patrol(activate=((covered[0], int(Faction.FARC), 0),))
    after = _after_op(state, moved, board.limited)
    if after is None:
        return None
    assault: tuple[int, ...] = ()
    removals: tuple[tuple[int, tuple[int, ...]], ...] = ()
    if coin_ops.patrol_assault_limit(state) != 0:
        scored = []
        for loc in covered:
            value, order = best_removal(after, loc, coin_ops.assault_capacity(after, loc), values)
            if order:
                scored.append((value, loc, order))
        scored.sort(key=lambda x: (-x[0], x[1]))
        limit = coin_ops.patrol_assault_limit(state)
        picked = scored if limit is None else scored[:limit]
        assault = tuple(loc for _, loc, _ in picked)
        removals = tuple((loc, order) for _, loc, order in picked)
    if not moves:
        op = Patrol(activate=moved.activate, assault=assault, removals=removals)
    else:
        op = Patrol(moves=tuple(moves), assault=assault, removals=removals)
    why = f"cubes onto {_names(covered)}"
    if assault:
        why += f", free Assault in {_names(assault)}"
    return Candidate("patrol", "3.2.2", op, why)


def _after_op(state: GameState, op: Operation, limited: bool) -> GameState | None:
    """The board right after ``op`` executes (before play moves on), or None if illegal."""
    trial = state.clone()
    try:
        op.execute(trial, Context(faction=GOVT, limited=limited))
    except IllegalAction:
        return None
    return trial


# --- d. Sweep -------------------------------------------------------------------------
def plan_sweep(board: Board) -> Candidate | None:
    """Sweep (3.2.3) into spaces where Underground Guerrillas shield Insurgent Bases,
    moving in spare Troops from adjacent spaces (or through a Guerrilla-free LoC)."""
    state = board.state
    cost = coin_ops.sweep_cost(state)
    if board.resources < cost or is_final_event_card(state):
        return None
    most = min(board.resources // cost, board.max_spaces, 3)
    if state.capability(OSPINA_MORA) == SHADED:
        most = min(most, 1 - state.step.get("sweep_spaces", 0))
    if most < 1:
        return None
    immune = coin_ops.senado_immune(state)
    left = {s.id: spare(state, s.id, Piece.TROOPS) for s in MAP.spaces if state.troops(s.id)}
    plans = []
    for t in coin_ops.sweep_spaces(state):
        shielded = [f for f in INSURGENTS
                    if f is not immune and state.bases(t, f) and state.underground(t, f)]
        if not shielded:
            continue
        under = sum(state.underground(t, f) for f in INSURGENTS if f is not immune)
        plans.append((sum(state.bases(t, f) for f in shielded), under, t))
    plans.sort(key=lambda x: (-x[0], -x[1], x[2]))
    selected: list[int] = []
    moves: list[tuple[int, int, tuple[int, ...]]] = []
    activated = 0
    for _, under, t in plans:
        if len(selected) >= most:
            break
        per = 2 if MAP[t].terrain == FOREST else 1
        have = coin_ops.sweep_activation_capacity(state, t)
        need = max(0, under * per - state.troops(t) - state.police(t))
        here: list[tuple[int, int, tuple[int, ...]]] = []
        for src, path in sorted(coin_ops.sweep_sources(state, t).items()):
            if need <= 0:
                break
            n = min(need, left.get(src, 0), state.room(t, GOVT))
            if n <= 0:
                continue
            left[src] -= n
            need -= n
            here.append((int(Piece.TROOPS), n, path))
        cubes = state.cubes(t) + sum(n for _, n, _ in here)
        gets = min(under, cubes // per if per > 1 else cubes)
        if gets < 1 or (gets <= have and not here and have == 0):
            continue
        selected.append(t)
        moves += here
        activated += gets
    if not selected or activated < 1:
        return None
    op = Sweep(selected=tuple(selected), moves=tuple(moves))
    return Candidate("sweep", "3.2.3", op,
                     f"Sweep {_names(selected)}: Activate "
                     f"{counted(activated, 'Guerrilla')} shielding Bases",
                     bonus=SWEEP_SETUP_VALUE * activated)


# ======================================================================================
# Special Activities
# ======================================================================================
def special_options(
    after: GameState, op: Operation, values: dict[int, float]
) -> list[tuple[str, SpecialActivity]]:
    """A few good Special Activities on the board after ``op`` (4.1: they execute right
    after it), named for the trace: Air Strike on the most valuable target, Eradicate
    where Cartels Bases stand, Air Lift of spare Troops to where Civic Action lacks them."""
    out: list[tuple[str, SpecialActivity]] = []
    if op.name in AirStrike.accompanies:
        strikes = []
        for space in MAP.spaces:  # govt_special.air_strike_spaces, targets asked once
            s = space.id
            for kind in govt_special.air_strike_targets(after, s):
                strikes.append((values[int(kind)] + 0.1 * space.econ, s, int(kind)))
        strikes.sort(key=lambda x: (-x[0], x[1], x[2]))
        for _value, s, target in strikes[:2]:
            out.append((f"Air Strike: {Piece(target).label} in {_name(s)}",
                        AirStrike(space=s, target=target)))
    erad = sorted(((after.bases(s, Faction.CARTELS), s)
                   for s in govt_special.eradicate_spaces(after)), reverse=True)
    for bases, s in erad[:2]:
        if bases == 0 and erad[0][0] > 0:
            continue
        options = govt_special.eradicate_shift_options(after, s)
        shift = _least_harmful_shift(after, options)
        held = counted(bases, "Cartels Base") if bases else "no Cartels Base"
        out.append((f"Eradicate in {_name(s)} ({held})",
                    Eradicate(space=s, shift=shift)))
    lift = _civic_air_lift(after)
    if lift is not None:
        out.append((f"Air Lift {counted(lift.troops, 'Troops')} {_name(lift.src)} -> "
                    f"{_name(lift.dst)}", lift))
    return out


def _least_harmful_shift(state: GameState, options: list[int]) -> int | None:
    """The Department whose shift toward Opposition (Eradicate, 4.2.3) costs least: from
    Support it costs the Government margin, from Neutral or Opposition the FARC's gain."""
    if not options:
        return None

    def harm(d: int) -> tuple[int, int, int]:
        pop = MAP[d].pop
        return (pop * (2 if state.support[d] > 0 else 1), pop, d)

    return min(options, key=harm)


def _civic_air_lift(state: GameState) -> AirLift | None:
    """Spare Troops to a Government-Controlled space that lacks only Troops for Civic
    Action (6.4.1) and can still gain Support."""
    limit = govt_special.air_lift_limit(state)
    need = civic_need(state)
    targets = [s.id for s in MAP.spaces
               if support_room(state, s.id) and state.controller(s.id) is GOVT
               and state.police(s.id) >= need and state.troops(s.id) < need]
    if not targets:
        return None
    targets.sort(key=lambda t: (-MAP[t].pop, t))
    sources = sorted(((spare(state, s.id, Piece.TROOPS), s.id) for s in MAP.spaces
                      if state.troops(s.id)), reverse=True)
    for t in targets:
        for n, src in sources:
            k = min(n, need - state.troops(t), state.room(t, GOVT))
            if limit is not None:
                k = min(k, limit)
            if src != t and k >= 1 and govt_special.air_lift_ok(state, src, t, k):
                return AirLift(src=src, dst=t, troops=k)
    return None


# ======================================================================================
# the Event card decision
# ======================================================================================
Rule = tuple[str, str, str, float, Callable[[Board, dict[int, float]], Candidate | None]]

#: The Operation rules in priority order: (name, rule, question, threshold, planner).
OPERATION_RULES: tuple[Rule, ...] = (
    ("assault_bases", "3.2.4", "Can Assault remove an exposed Insurgent Base?", 0.2,
     lambda b, v: plan_assault(b, bases_only=True, allow_air_lift=not b.limited)),
    ("train_civic", "3.2.1", "Can Train with Civic Action shift Support by 2+?", 0.5,
     lambda b, v: plan_train(b, civic_first=True)),
    ("patrol", "3.2.2", "Do Guerrillas sit on LoCs with Econ that spare cubes can reach?", 0.3,
     plan_patrol),
    ("sweep", "3.2.3", "Can Sweep Activate Guerrillas shielding Insurgent Bases?", 0.3,
     lambda b, v: plan_sweep(b)),
    ("assault", "3.2.4", "Can Assault remove 2+ Insurgent pieces?", 0.2,
     lambda b, v: plan_assault(b, bases_only=False, allow_air_lift=False)),
    ("train_build", "3.2.1", "Can Train strengthen Control or build a Base?", 0.0,
     lambda b, v: plan_train(b, civic_first=False)),
)


class HeuristicGovernment:
    """The heuristic Government bot (see the module docstring for its rules)."""

    name = "heuristic"

    def __init__(self, event_budget: int | None = None, civic_reserve: int | None = None,
                 greedy: bool = False, plan: Any = None, **_: Any) -> None:
        self.event_budget = EVENT_BUDGET if event_budget is None else event_budget
        self.civic_reserve = CIVIC_RESERVE if civic_reserve is None else civic_reserve
        #: the Operation worth most among the rules that fire, not the first (choose_operation)
        self.greedy = greedy
        #: the campaign plan followed (:class:`nonplayer.government.plan.Plan`) or None:
        #: its value joins the evaluation of every choice, and Redeploy serves it
        self.plan = plan
        self.note = ""

    def following(self, plan: Any) -> HeuristicGovernment:
        """The same policy following ``plan`` (the campaign's rollouts, issue 35)."""
        return HeuristicGovernment(self.event_budget, self.civic_reserve, self.greedy, plan)

    # --- the interface ------------------------------------------------------------
    def decide(self, game: Game, dice: DiceSource | None = None) -> GovtDecision:
        with _following(self.plan), _lookahead_scope():
            return self._decide(game, dice)

    def _decide(self, game: Game, dice: DiceSource | None) -> GovtDecision:
        state = game.state
        if sequence.to_move(state) is not GOVT:
            raise ValueError("the Government is not the Faction to move")
        dice = dice or game.dice
        trace = Trace(GOVT.label)
        if state.phase == "propaganda":
            cmd = propaganda_decision(state, trace, self.civic_reserve)
            return GovtDecision(cmd, trace, None, "propaganda")
        return self._card_decision(game, dice, trace)

    def discord(self, state: GameState, faction: Faction) -> str:
        return discord_choice(state, faction)[0]

    # --- Event card ---------------------------------------------------------------
    def _card_decision(self, game: Game, dice: DiceSource, trace: Trace) -> GovtDecision:
        state = game.state
        opts = sequence.options(state)
        position = sequence.position(state)
        trace.add("govt.card", "2.3", f"{card_label(state)}: {['1st', '2nd'][position - 1]} "
                  f"Eligible, may {', '.join(opts)}")
        base = _evaluate(state)
        pass_val = pass_value(state)
        limited = sequence.LIMITED in opts and sequence.OPERATION not in opts
        candidate: Candidate | None = None
        op_value = -math.inf
        if sequence.OPERATION in opts or limited:
            candidate, op_value = choose_operation(state, limited, pass_val, trace,
                                                   self.greedy)
        event_side, event_value = None, -math.inf
        if sequence.EVENT in opts:
            # the scores are shared with the chooser that executes it; both are functions
            # of the board, the same for every plan followed (shared_lookahead)
            outcomes, scores = _remembered(state, ("event outcomes", self.event_budget),
                                           lambda: _weigh_events(game, self.event_budget))
            for side, (value, _) in sorted(outcomes.items()):
                if value > event_value:
                    event_side, event_value = side, value
            detail = ", ".join(f"{s} {v - base:+.1f}" for s, (v, _) in sorted(outcomes.items()))
            best_other = max(op_value, pass_val)
            take = event_side is not None and event_value > best_other + EVENT_MARGIN
            trace.add("govt.event", "5.2", "Does an Event half beat the alternatives?",
                      answer=take, detail=f"{detail or 'no effective half'}; best other "
                      f"{best_other - base:+.1f}")
            if take:
                assert event_side is not None
                chooser = EvaluatingChooser(state, event_side, dice, budget=self.event_budget,
                                            scores=scores)
                return GovtDecision(PlayEvent(event_side), trace, chooser, "event",
                                    {"gain": event_value - base})
        if candidate is None and (sequence.OPERATION in opts or limited):
            candidate = margin_operation(state, limited, trace)
            op_value = pass_val if candidate is not None else op_value
        if candidate is not None and op_value >= pass_val:
            kind = "limited_operation" if limited else "operation"
            cmd = candidate.command()
            trace.add("govt.op", candidate.ref, f"{_command_title(cmd)}: {candidate.why}")
            return GovtDecision(cmd, trace, None, kind,
                                {"rule": candidate.rule, "gain": op_value - base})
        broke = any(s.node == "govt.broke" for s in trace.steps)
        why = "no Operation affordable" if broke else "no rule found an Operation worth more"
        trace.add("govt.pass", "2.3.3", f"Pass (+3 Resources): {why}")
        return GovtDecision(Pass(), trace, None, "pass", {"gain": pass_val - base})

def _weigh_events(game: Game, budget: int) -> tuple[dict[str, tuple[float, GameState]],
                                                   dict[Any, float]]:
    """:func:`nonplayer.government.base.event_outcomes` of the board, and the scores its
    choosers kept (for the chooser that then executes the Event)."""
    scores: dict[Any, float] = {}
    return event_outcomes(game, budget=budget, scores=scores), scores


def _rule_plan(board: Board, name: str, planner: Callable[[Board, dict[int, float]],
               Candidate | None], values: dict[int, float]) -> Candidate | None:
    """The plan of the Operation rule ``name`` on the board, a fresh copy each time (the
    scoring completes it): a planner reads the board only, never the plan followed, so
    it runs once per board inside :func:`_lookahead_scope` (:func:`shared_lookahead`)."""
    cand = _remembered(board.state, ("rule plan", name, board.limited),
                       lambda: planner(board, values))
    return None if cand is None else replace(cand, notes=dict(cand.notes))


def pass_value(state: GameState) -> float:
    """The evaluation of a Pass (2.3.3) now, with :data:`PASS_BONUS` for staying Eligible."""
    passed = _simulate(state, Pass())
    return (_evaluate(passed) if passed is not None else _evaluate(state)) + PASS_BONUS


def solo_margin(state: GameState) -> int:
    """The Government's victory margin minus the best Insurgent's (7.3, the 8.8 score)."""
    m = state.victory_margins()
    return m[GOVT] - max(m[f] for f in INSURGENTS)


def margin_operation(state: GameState, limited: bool, trace: Trace) -> Candidate | None:
    """When no rule fired: the rules' plan that raises the Government's margin over the
    best Insurgent's (7.3) most, against a Pass, if any does (issue 28: the heuristic
    passed card after card while FARC crossed its threshold). None if none raises it."""
    cheapest = min(coin_ops.assault_cost(state), coin_ops.sweep_cost(state),
                   coin_ops.TRAIN_COST, coin_ops.PATROL_COST)
    board = Board(state, limited)
    if board.resources < cheapest:
        return None
    passed = _simulate(state, Pass())
    floor = solo_margin(passed if passed is not None else state)
    values = _remembered(state, "piece values", lambda: piece_values(state))
    best: tuple[int, Candidate] | None = None
    for name, _ref, _question, _threshold, planner in OPERATION_RULES:
        cand = _rule_plan(board, name, planner, values)
        if cand is None or _score(state, cand, limited, values) is None:
            continue
        after = _simulate(state, cand.command())
        if after is None:
            continue
        gain = solo_margin(after) - floor
        if gain > 0 and (best is None or gain > best[0]):
            best = (gain, cand)
        board = Board(state, limited)  # a planner may have used the board up
    if best is None:
        return None
    gain, cand = best
    cand.why += f"; raises the margin over the leading Insurgent by {gain} against a Pass"
    trace.add("govt.margin", "7.3", "Does any planned Operation raise the Government's "
              "margin over the leading Insurgent?", answer=True, detail=cand.why)
    return cand


def choose_operation(
    state: GameState, limited: bool = False, against: float | None = None,
    trace: Trace | None = None, greedy: bool = False,
) -> tuple[Candidate | None, float]:
    """Ask the Operation rules in order (:data:`OPERATION_RULES`); the first that fires
    gives the plan, completed with its best Special Activity. Returns (candidate or
    None, its value). A rule fires when its plan scores at least its threshold above
    ``against`` (default: a Pass). Each question and answer goes into ``trace``.

    ``greedy``: every rule is asked and, of those that fire, the plan worth most wins
    (the rules' order only breaks ties): a fast policy for the campaign's rollouts
    (issue 28 item 3), about as many plans built as there are rules."""
    trace = trace if trace is not None else Trace(GOVT.label)
    against = pass_value(state) if against is None else against
    board = Board(state, limited)
    cheapest = min(coin_ops.assault_cost(state), coin_ops.sweep_cost(state),
                   coin_ops.TRAIN_COST, coin_ops.PATROL_COST)
    if board.resources < cheapest:
        trace.add("govt.broke", "2.3.3", "Can the Government pay for an Operation?",
                  answer=False, detail=f"{board.resources} Resources")
        return None, -math.inf
    values = _remembered(state, "piece values", lambda: piece_values(state))
    best: tuple[Candidate | None, float] = (None, -math.inf)
    for name, ref, question, threshold, planner in OPERATION_RULES:
        cand = _rule_plan(board, name, planner, values)
        if cand is None:
            trace.add(f"govt.{name}", ref, question, answer=False)
            continue
        value = _score(state, cand, limited, values)
        if value is None or value + cand.bonus < against + threshold:
            gain = "illegal" if value is None else f"{value + cand.bonus - against:+.1f}"
            trace.add(f"govt.{name}", ref, question, answer=False,
                      detail=f"{cand.why}, but worth {gain} against a Pass")
            continue
        trace.add(f"govt.{name}", ref, question, answer=True, detail=cand.why)
        if not greedy:
            return cand, value + cand.bonus
        if value + cand.bonus > best[1]:
            best = (cand, value + cand.bonus)
    return best


def _score(
    state: GameState, cand: Candidate, limited: bool, values: dict[int, float]
) -> float | None:
    """Evaluate the candidate's command (adding the best Special Activity when a full
    Operation allows one); None if the engine refuses it."""
    after = _simulate(state, cand.command())
    if after is None:
        if cand.special is None:
            return None
        cand.special, cand.special_first = None, False  # try without the Air Lift
        after = _simulate(state, cand.command())
        if after is None:
            return None
    best = _evaluate(after)
    if limited or cand.special is not None:
        return best
    # the board after the Operation alone and its Special Activities read the board
    # only (never the plan followed): once per board (shared_lookahead)
    board_after = _remembered(state, ("after op", cand.op, limited),
                              lambda: _after_op(state, cand.op, limited))
    if board_after is None:
        return best
    options = _remembered(board_after, ("special options", cand.op.name),
                          lambda: special_options(board_after, cand.op, values))
    for label, sa in options:
        if _plan is not None and not _plan.allows(state, sa):
            continue  # a plan's restriction (the no-eradicate plan, issue 40 item 4)
        trial = _simulate(state, OperationAction(cand.op, sa))
        if trial is None:
            continue
        value = _evaluate(trial)
        if value > best + 0.05:
            best = value
            cand.special = sa
            cand.notes["special"] = label
    if cand.special is not None:
        cand.why += f"; {cand.notes['special']}"
        denied = _deny_event(state, cand)
        if denied is not None:
            cand.special = None
            cand.why += f" - dropped: {denied}"
            after = _simulate(state, cand.command())
            best = _evaluate(after) if after is not None else best
    return best


def _command_title(cmd: Command) -> str:
    op = getattr(cmd, "op", None)
    if op is None:
        return str(cmd.name)
    sa = getattr(cmd, "special", None)
    return str(op.name) + (f" + {sa.name}" if sa is not None else "")


def _deny_event(state: GameState, cand: Candidate) -> str | None:
    """Deny the Event (2.3.4): if the Government is 1st Eligible and the 2nd Eligible is
    a Non-player that would take a harmful Event after an Operation with Special Activity,
    a reason to drop the Special Activity (the 2nd then may only Operate); else None."""
    if sequence.position(state) != 1:
        return None
    cmd = cand.command()
    boards = _remembered(state, ("event denied", cmd), lambda: _denial(state, cmd))
    if boards is None:
        return None
    with_sa, plain, after_event, second, side = boards
    harm = _evaluate(with_sa) - _evaluate(after_event)
    gain = _evaluate(with_sa) - _evaluate(plain)
    if harm > gain + 0.5:
        return (f"{second.label} would then take the {side} Event (worth {-harm:+.1f}); "
                "without a Special Activity only an Operation stays open")
    return None


def _denial(state: GameState, cmd: OperationAction
            ) -> tuple[GameState, GameState, GameState, Faction, str] | None:
    """What :func:`_deny_event` weighs, none of it depending on the plan followed: the
    boards after the Operation with and without its Special Activity, and after the
    Event the 2nd Eligible Non-player would then take (with it and its side); None when
    it would take none."""
    from nonplayer import events as np_events

    with_sa = _simulate(state, cmd)
    plain = _simulate(state, OperationAction(cmd.op))
    if with_sa is None or plain is None or with_sa.phase != "card":
        return None
    second = sequence.to_move(with_sa)
    if second is None or second is GOVT or not is_nonplayer(with_sa, second):
        return None
    card = with_sa.current_card
    if card is None or sequence.EVENT not in sequence.options(with_sa):
        return None
    take, _ = np_events.wants_event(with_sa, second, 2)
    if not take:
        return None
    side = np_events.side_for(card)
    chooser = np_events.NonPlayerChooser(LookaheadDice(lookahead_seed(state, 5)))
    after_event = simulate(with_sa, PlayEvent(side), chooser)
    if after_event is None:
        return None
    return with_sa, plain, after_event, second, side


# ======================================================================================
# Propaganda Round decisions
# ======================================================================================
def propaganda_decision(state: GameState, trace: Trace, reserve: int = CIVIC_RESERVE) -> Command:
    """The Government's command for the Propaganda decision awaited (6.0)."""
    phase = state.step.get("phase")
    if phase == propaganda.SEVENTH_SF:
        return seventh_special_forces(state, trace)
    if phase == propaganda.CIVIC_ACTION:
        return civic_action(state, trace, reserve)
    if phase == propaganda.FARC_ZONE:
        return farc_zone(state, trace)
    if phase == propaganda.REDEPLOY:
        return redeploy(state, trace)
    raise ValueError(f"no Government rule for the Propaganda decision {phase!r}")


def seventh_special_forces(state: GameState, trace: Trace) -> propaganda.SeventhSpecialForces:
    """7th Special Forces unshaded (card 7): up to 3 markers, Sabotage on the highest-Econ
    LoCs first (the Resources Phase follows, 6.3), then Terror where Population is
    highest."""
    sabotage = sorted((s for s in propaganda.marker_spaces(state) if state.sabotage[s]),
                      key=lambda s: (-MAP[s].econ, s))
    terror = sorted((s for s in propaganda.marker_spaces(state)
                     if state.terror[s] and not state.sabotage[s]),
                    key=lambda s: (-MAP[s].pop, s))
    picks: list[int] = list(sabotage[: propaganda.SEVENTH_SF_MAX])
    for s in terror:
        for _ in range(state.terror[s]):
            if len(picks) < propaganda.SEVENTH_SF_MAX:
                picks.append(s)
    trace.add("govt.7sf", "5.3", f"7th Special Forces: remove markers in {_names(picks)}"
              if picks else "7th Special Forces: nothing worth removing")
    return propaganda.SeventhSpecialForces(tuple(picks))


def civic_action(state: GameState, trace: Trace, reserve: int = CIVIC_RESERVE
                 ) -> propaganda.CivicAction:
    """Civic Action (6.4.1): most populous spaces first, only steps that lead to a shift,
    keeping ``reserve`` Resources unless this is the final Round."""
    final = propaganda.is_final_round(state)
    keep = 0 if final else reserve
    budget = max(0, state.resources[GOVT] - keep) // 3
    joint = None
    candidates = list(propaganda.civic_action_spaces(state))
    if propaganda.jointness_in_effect(state):
        extra = [s for s in propaganda.civic_action_spaces(state, jointness=True)
                 if s not in candidates]
        if extra:
            joint = max(extra, key=lambda s: (MAP[s].pop, -s))
            candidates.append(joint)
    candidates.sort(key=lambda s: (-MAP[s].pop, state.terror[s], s))
    actions: list[tuple[int, int]] = []
    for s in candidates:
        if budget <= 0:
            break
        terror, room = state.terror[s], support_room(state, s)
        if room == 0:
            continue
        steps = min(budget, terror + room)
        if steps <= terror:  # only Terror removal, no shift: not now
            continue
        actions.append((s, steps))
        budget -= steps
    if joint is not None and joint not in [a[0] for a in actions]:
        joint = None
    gained = sum(MAP[s].pop * (n - state.terror[s]) for s, n in actions)
    trace.add("govt.civic", "6.4.1",
              "Civic Action: " + (", ".join(f"{_name(s)} x{n}" for s, n in actions) +
                                  f" (+{gained} Support)" if actions else "none")
              + ("" if final else f"; keep {keep} Resources"))
    return propaganda.CivicAction(tuple(actions), joint)


def _troop_priorities(state: GameState, allowed: list[int]) -> list[int]:
    """Troops destinations in order: spaces where Civic Action lacks Troops, Cities whose
    Control is thin, then by Population. With a plan followed (:data:`_plan`), the
    spaces where one more Troop raises the plan's value most come first."""
    need = civic_need(state)
    gain = _plan_gains(state, allowed, Piece.TROOPS)

    def key(s: int) -> tuple[float, int, int, int, int]:
        civic = support_room(state, s) > 0 and state.police(s) >= need and state.troops(s) < need
        thin = govt_lead(state, s) <= 2
        return (-gain.get(s, 0.0), 0 if civic else 1, 0 if thin else 1, -MAP[s].pop, s)

    return sorted(allowed, key=key)


def _plan_gains(state: GameState, spaces: list[int], kind: Piece) -> dict[int, float]:
    """How much one more ``kind`` cube in each of ``spaces`` raises the value of the
    plan followed (empty without a plan): Redeploy serves the plan (issue 35)."""
    if _plan is None:
        return {}
    now = _plan.value(state)
    gains: dict[int, float] = {}
    trial = state.clone()  # one copy: each cube put in, valued, and taken out again
    for s in spaces:
        trial.pieces[s * NUM_KINDS + kind] += 1  # moved in, not placed from Available
        gains[s] = round(_plan.value(trial) - now, 6)
        trial.pieces[s * NUM_KINDS + kind] -= 1
    return gains


def redeploy(state: GameState, trace: Trace) -> propaganda.Redeploy:
    """Redeploy (6.5): move the Troops that must go (LoCs, Departments without Government
    Base) by :func:`_troop_priorities`, one destination at a time; spare Police to spaces
    where Civic Action lacks Police."""
    mandatory = propaganda.redeploy_mandatory(state)
    allowed = [s for s in propaganda.troop_destinations(state) if state.room(s, GOVT) > 2]
    allowed = allowed or propaganda.troop_destinations(state)
    order = _troop_priorities(state, allowed)
    need = civic_need(state)
    moves: dict[tuple[int, int, int], int] = {}
    troops_total = sum(mandatory.values())
    plan: list[int] = []
    for s in order:  # first pass: what each priority space needs
        if support_room(state, s) and state.police(s) >= need and state.troops(s) < need:
            plan += [s] * (need - state.troops(s))
        elif govt_lead(state, s) <= 2:
            plan += [s] * (3 - max(0, govt_lead(state, s)))
    while len(plan) < troops_total:
        plan += order[: max(1, min(3, len(order)))]
    cursor = 0
    for src, n in sorted(mandatory.items()):
        for _ in range(n):
            dst = plan[cursor]
            cursor += 1
            if dst == src:
                dst = next((d for d in order if d != src), dst)
            key = (int(Piece.TROOPS), src, dst)
            moves[key] = moves.get(key, 0) + 1
    police = _police_moves(state)
    for (src, dst), n in police.items():
        moves[(int(Piece.POLICE), src, dst)] = n
    cmd = propaganda.Redeploy(tuple((k, s, d, n) for (k, s, d), n in moves.items()))
    if simulate(state, cmd) is None:  # e.g. card 33 limits: fall back to Troops only
        cmd = propaganda.Redeploy(tuple((k, s, d, n) for (k, s, d), n in moves.items()
                                        if k == int(Piece.TROOPS)))
        if simulate(state, cmd) is None:
            dst = propaganda.troop_destinations(state)[0]
            cmd = propaganda.Redeploy(tuple((int(Piece.TROOPS), s, dst, n)
                                            for s, n in mandatory.items() if s != dst))
    text = ", ".join(f"{counted(n, Piece(k).label)} {_name(s)}->{_name(d)}"
                     for k, s, d, n in cmd.moves) or "no cube moves"
    trace.add("govt.redeploy", "6.5", f"Redeploy: {text}")
    return cmd


def _police_moves(state: GameState) -> dict[tuple[int, int], int]:
    """Spare Police (where Control keeps a margin) to Government-Controlled spaces that
    have Troops but lack Police for Civic Action."""
    need = civic_need(state)
    allowed = set(propaganda.police_destinations(state))
    wants = [s for s in allowed if support_room(state, s) and state.troops(s) >= need
             and state.police(s) < need and state.controller(s) is GOVT]
    wants.sort(key=lambda s: (-MAP[s].pop, s))
    sources = [s.id for s in MAP.spaces if state.police(s.id)]
    left = {s: spare(state, s, Piece.POLICE) for s in sources}
    out: dict[tuple[int, int], int] = {}
    for dst in wants[:3]:
        for src in sorted(left, key=lambda s: (-left[s], s)):
            if left[src] > 0 and src != dst:
                k = min(left[src], need - state.police(dst))
                left[src] -= k
                out[(src, dst)] = k
                break
    return out


def farc_zone(state: GameState, trace: Trace) -> propaganda.PlaceFarcZone:
    """FARC Zone (6.4.4): among the tied candidates, the one whose loss costs least
    (simulated), its cubes to the best destinations."""
    best = None
    for space in propaganda.farc_zone_candidates(state):
        troops_to = propaganda.troop_destinations(state, exclude=space)
        police_to = propaganda.police_destinations(state, exclude=space)
        moves = []
        if state.troops(space):
            dst = _troop_priorities(state, troops_to)[0]
            moves.append((int(Piece.TROOPS), dst, state.troops(space)))
        if state.police(space):
            dst = max(police_to, key=lambda d: (state.controller(d) is GOVT, MAP[d].pop, -d))
            moves.append((int(Piece.POLICE), dst, state.police(space)))
        cmd = propaganda.PlaceFarcZone(space, tuple(moves))
        after = simulate(state, cmd)
        if after is None:
            continue
        value = evaluate(after)
        if best is None or value > best[0]:
            best = (value, cmd)
    if best is None:  # fall back on any legal placement
        cmd = propaganda.random_farc_zone(state, GOVT, __import__("random").Random(0))
    else:
        cmd = best[1]
    trace.add("govt.farc_zone", "6.4.4", f"FARC Zone in {_name(cmd.space)}: the tied "
              "Department whose loss costs the Government least")
    return cmd


# ======================================================================================
# Insurgent Discord (8.1)
# ======================================================================================
def discord_choice(state: GameState, faction: Faction) -> tuple[str, str]:
    """Insurgent Discord (8.1, 2-player games): the Government picks, for the 2nd Eligible
    Non-player ``faction``, its Event or its Operation, whichever leaves the better
    position for the Government (both simulated). Returns (choice, why)."""
    from nonplayer import events as np_events
    from nonplayer.bot import Bot
    from nonplayer.interpreter import plan_operation

    card = state.current_card
    dice = LookaheadDice(lookahead_seed(state, 11))
    event_value = -math.inf
    if card is not None:
        side = np_events.side_for(card)
        # the Event as the Non-player executes it (8.4): its own choices, its card's rows
        chooser = np_events.NonPlayerChooser(dice, faction=faction, card=card)
        after = simulate(state, PlayEvent(side), chooser, dice)
        if after is not None:
            event_value = evaluate(after)
    planning = state.clone()
    action = plan_operation(Bot(planning, faction, dice, Trace(faction.label)))
    op_cmd: Command = action if action is not None else Pass()
    after_op = simulate(state, op_cmd, None, dice)
    op_value = evaluate(after_op) if after_op is not None else -math.inf
    choice = "event" if event_value > op_value else "operation"
    return choice, f"Event {event_value:+.1f} vs Operation {op_value:+.1f}"


__all__ = [
    "OPERATION_RULES",
    "Candidate",
    "choose_operation",
    "pass_value",
    "HeuristicGovernment",
    "civic_action",
    "discord_choice",
    "farc_zone",
    "plan_assault",
    "plan_patrol",
    "plan_sweep",
    "plan_train",
    "propaganda_decision",
    "redeploy",
    "seventh_special_forces",
]
