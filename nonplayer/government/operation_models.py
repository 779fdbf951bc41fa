"""The search Government's CP-SAT models of the four Operations.

For each Operation type (Train 3.2.1, Patrol 3.2.2, Sweep 3.2.3, Assault 3.2.4), alone or
with each Special Activity it may take (Air Lift 4.2.1, Air Strike 4.2.2, Eradicate
4.2.3), a small integer model chooses the spaces, how many cubes go where (Train
placements, Sweep moves along adjacency and through Guerrilla-free LoCs, Patrol moves along
LoC/City chains, Air Lift), which Guerrillas are Activated and which pieces are removed
(Assault, Patrol's free Assault, Air Strike, Eradicate), Base or Civic Action after a
Train, under the Government's Resources, the Available cubes, FARC Zones (1.4.2, 6.4.4)
and the lasting Events that change costs and limits. Its objective is a *linear* estimate
of what the plan is worth (:class:`nonplayer.government.cpsat.Values`). A Limited
Operation is a model with one space and no Special Activity (2.3.5). The models are built
from :mod:`nonplayer.government.cpsat`; :mod:`nonplayer.government.search` solves them and
checks every plan with the engine.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from ortools.sat.python import cp_model

from core.cards import HIGH_MOUNTAIN_BATTALIONS
from core.commands import Command, SpecialActivity
from core.events import (
    FIRST_DIVISION,
    NDSC,
    OSPINA_MORA,
    PLAN_COLOMBIA,
    SHADED,
    TAPIAS,
    UNSHADED,
)
from core.map import FOREST, MAP, MOUNTAIN
from core.pieces import ACTIVE_OF, BASE_OF, INSURGENTS, Faction, Piece
from core.rules import coin_ops
from core.rules.coin_ops import Assault, Patrol, Sweep, Train
from core.rules.common import CIVIC_ACTION_COST, is_final_event_card, is_nonplayer
from core.state import GameState
from nonplayer.government.cpsat import (
    NO_SA,
    SA_NAMES,
    OperationModel,
    Values,
    activation_vars,
    add_air_lift,
    add_air_strike,
    add_eradicate,
    decode_air_lift,
    decode_eradicate,
    decode_special,
    immune_faction,
    operation_action,
    sa_uses,
)
from nonplayer.government.evaluation import propaganda_next

GOVT = Faction.GOVT
FARC, AUC, CARTELS = Faction.FARC, Faction.AUC, Faction.CARTELS
NSPACES = len(MAP)


# ---- Train (3.2.1) ---------------------------------------------------------------------
def _train_model(state: GameState, v: Values, sa: str, limited: bool) -> OperationModel | None:
    """Train: which Cities/Departments to select (3 Resources each), how many Troops and
    Police to place in each (up to 6, in Cities and Departments with a Government Base,
    within the Available cubes), then a Base from 3 cubes or Civic Action in 1 of them
    (3 Resources per step: Terror first, then shifts; Control, Troops and Police needed,
    1st Division shaded: 2 of each). Air Lift lands before the Train (so the Troops count
    for Civic Action); Eradicate is independent."""
    if state.resources[GOVT] < coin_ops.TRAIN_COST or sa == "strike":
        return None
    model = OperationModel(f"Train{'+' + SA_NAMES[sa] if sa != NO_SA else ''}", state, v)
    m = model.m
    uses = sa_uses(model, sa, ("lift", "eradicate"))
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
    lift = add_air_lift(model, civic_targets, uses["lift"]) if sa == "lift" else {}
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
    erad = add_eradicate(model, uses["eradicate"]) if sa == "eradicate" else {}
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
        special: SpecialActivity | None = decode_air_lift(solver, lift) or decode_eradicate(
            solver, erad
        )
        return operation_action(op, special)

    model.decode = decode
    model.finish()
    return model



# ---- Sweep (3.2.3) ---------------------------------------------------------------------
def _sweep_model(state: GameState, v: Values, sa: str, limited: bool) -> OperationModel | None:
    """Sweep: which Cities/Departments to select, how many Troops move in from adjacent
    spaces or through an adjacent Guerrilla-free LoC (each Troops cube once), and which
    Underground Guerrillas the cubes there Activate (1 per cube, Forest 1 per 2; NDSC
    shaded: Troops or Police, not both; none in Panamá). Air Lift lands before the Sweep
    in a selected space, Air Strike hits after it (the newly Active count)."""
    cost = coin_ops.sweep_cost(state)
    if state.resources[GOVT] < cost:
        return None
    if state.phase == "card" and is_final_event_card(state) and not \
            is_nonplayer(state, GOVT):
        return None  # 2.3.9
    model = OperationModel(f"Sweep{'+' + SA_NAMES[sa] if sa != NO_SA else ''}", state, v)
    m = model.m
    uses = sa_uses(model, sa, ("lift", "strike", "eradicate"))
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
    immune = immune_faction(state)
    hidden = [d for d in spaces
              if any(state.underground(d, f) for f in INSURGENTS if f is not immune)]
    lift = add_air_lift(model, hidden, uses["lift"]) if sa == "lift" else {}
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
        acts[d] = activation_vars(model, d, cap, sel[d], "sw")
    if limited:
        m.add(sum(sel.values()) <= 1)
    m.add(sum(sel.values()) <= room)
    m.add(sum(sel.values()) >= 1)

    def active_after(space: int, f: Faction) -> Any:
        extra = acts.get(space, {}).get(f)
        return state.active(space, f) + (extra if extra is not None else 0)

    def gone(space: int, f: Faction) -> int:
        return 1 if state.guerrillas(space, f) == 0 else 0  # Sweep removes nobody

    strike = add_air_strike(model, uses["strike"], active_after, gone) if sa == "strike" \
        else {}
    erad = add_eradicate(model, uses["eradicate"]) if sa == "eradicate" else {}
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
        return operation_action(op, decode_special(solver, lift, strike, erad))

    model.decode = decode
    model.finish()
    return model


# ---- Assault (3.2.4) -------------------------------------------------------------------
def _active_in(state: GameState, space: int, f: Faction) -> int:
    return state.active(space, f)


def _guerrillas_in(state: GameState, space: int, f: Faction) -> int:
    return state.guerrillas(space, f)


def _assault_removal_vars(
    model: OperationModel, space: int, capacity: Any, gate: Any,
    active_avail: Callable[[Faction], Any],
    active_max: Callable[[Faction], int], tag: str,
) -> tuple[dict[Faction, Any], dict[Faction, Any], dict[Faction, Any]]:
    """Removal in ``space`` by Assault: Active Guerrillas, then a Faction's Bases once it
    has no Guerrilla left ("Bases last", 3.2.4 NOTE), at most ``capacity`` pieces; never
    the Senado & Cámara Faction. Returns (Active removed, Bases removed, all-gone flags)."""
    state, m = model.state, model.m
    immune = immune_faction(state)
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


def _assault_capacity_var(model: OperationModel, space: int, troops: Any, police: Any) -> Any:
    """The number of pieces the cubes remove (3.2.4; High Mountain Battalions, card 9),
    as a variable bounded by the cubes after any Air Lift."""
    state, m = model.state, model.m
    s = MAP[space]
    hmb = state.capability(HIGH_MOUNTAIN_BATTALIONS)
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


def _assault_model(state: GameState, v: Values, sa: str, limited: bool) -> OperationModel | None:
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
    immune = immune_faction(state)
    spaces = [
        s for s in range(NSPACES)
        if coin_ops.assault_space_problem(state, s) is None
        and any(coin_ops.assault_targets(state, s, f) for f in INSURGENTS if f is not immune)
    ]
    if not spaces:
        return None
    model = OperationModel(f"Assault{'+' + SA_NAMES[sa] if sa != NO_SA else ''}", state, v)
    m = model.m
    uses = sa_uses(model, sa, ("lift", "strike", "eradicate"))
    lift = add_air_lift(model, spaces, uses["lift"]) if sa == "lift" else {}
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
            active_avail=partial(_active_in, state, s),
            active_max=partial(_active_in, state, s),
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

    strike = add_air_strike(model, uses["strike"], active_after, gone, bases_after) \
        if sa == "strike" else {}
    erad = add_eradicate(model, uses["eradicate"]) if sa == "eradicate" else {}
    for s, (b, _) in erad.items():
        if s in sel:  # the Assault could take the Cartels pieces Eradicate needs (4.2.3)
            m.add(b + sel[s] <= 1)
    model.keys += [b for _, b in lift.values()]

    def decode(solver: cp_model.CpSolver) -> Command | None:
        selected = tuple(s for s in spaces if solver.boolean_value(sel[s]))
        orders = tuple((s, _removal_order(removals[s][0], removals[s][1], solver))
                       for s in selected)
        op = Assault(selected=selected, removals=orders)
        return operation_action(op, decode_special(solver, lift, strike, erad))

    model.decode = decode
    model.finish()
    return model


# ---- Patrol (3.2.2) --------------------------------------------------------------------
def _patrol_model(state: GameState, v: Values, sa: str, limited: bool) -> OperationModel | None:
    """Patrol: 3 Resources in all. Which cubes move where along chains of LoCs and Cities
    (stopping on entering a space with Guerrillas), the Activation on every LoC (1 per
    cube; none under Plan Colombia), and the free Assault in 1 LoC (Plan Meteoro: every /
    none). Before a Propaganda card, cubes that keep a LoC from Sabotage (6.2) count.
    A Limited Patrol ends every move, and its Assault, in one space (2.3.5)."""
    if state.resources[GOVT] < coin_ops.PATROL_COST:
        return None
    model = OperationModel(f"Patrol{'+' + SA_NAMES[sa] if sa != NO_SA else ''}", state, v)
    m = model.m
    uses = sa_uses(model, sa, ("lift", "strike", "eradicate"))
    model.pay(coin_ops.PATROL_COST, 1)
    w = v.w
    soon = propaganda_next(state)
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
    lift = add_air_lift(model, guerrilla_locs, uses["lift"]) if sa == "lift" else {}
    acts: dict[int, dict[Faction, Any]] = {}
    if not state.momentum_in_effect(PLAN_COLOMBIA):
        for loc in guerrilla_locs:
            cubes = model.troops_after(loc) + model.police_after(loc)
            acts[loc] = activation_vars(model, loc, cubes, 1, "pa")
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
                active_max=partial(_guerrillas_in, state, loc), tag="pa",
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

    strike = add_air_strike(model, uses["strike"], active_after, gone) if sa == "strike" \
        else {}
    erad = add_eradicate(model, uses["eradicate"]) if sa == "eradicate" else {}
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
        return operation_action(op, decode_special(solver, lift, strike, erad))

    model.decode = decode
    model.finish()
    return model



#: The Operation models, in the order they are built and solved.
OPERATION_MODELS: tuple[tuple[str, Callable[..., OperationModel | None]], ...] = (
    ("Train", _train_model),
    ("Patrol", _patrol_model),
    ("Sweep", _sweep_model),
    ("Assault", _assault_model),
)
#: Special Activity variants tried for each Operation (Air Strike only with Patrol,
#: Sweep and Assault, 4.1.1: the Train model refuses it).
SA_VARIANTS = (NO_SA, "lift", "strike", "eradicate")
