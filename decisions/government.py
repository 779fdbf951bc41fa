"""Step-by-step forms for every Government choice (3.2, 4.2, 6.3-6.5).

Each form is a generator of :class:`~decisions.base.Question` (see that module) that
offers only what the rules allow *now*, using the query helpers of the rules modules
(``train_spaces``, ``sweep_sources``, ``air_lift_destinations``, ``redeploy_mandatory``...),
and returns the finished command. The engine still validates the command completely
when it is previewed and applied; a form only saves the person from asking for the
impossible.

Where the rules let the Government choose whom to target (Activation by Patrol and
Sweep, removal by Assault, 1.4.1), the form asks only when the choice matters: more than
one Faction could be hit.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import partial

from core.commands import Command, Context, SpecialActivity
from core.errors import IllegalAction
from core.events import NDSC, UNSHADED
from core.game import sequence
from core.map import MAP, space_name
from core.pieces import INSURGENTS, Faction, Piece
from core.rules import coin_ops as coin
from core.rules import govt_special as gsa
from core.rules import propaganda as prop
from core.rules.common import (
    CIVIC_ACTION_COST,
    civic_action_step,
    is_final_event_card,
    is_nonplayer,
)
from core.state import SUPPORT_LABELS, GameState
from core.words import counted, listed
from decisions.base import Form, InputError, Option, Question

GOVT = Faction.GOVT
TROOPS, POLICE = Piece.TROOPS, Piece.POLICE
DONE = "__done__"

OPERATIONS = ("Train", "Patrol", "Sweep", "Assault")
SPECIALS = ("Air Lift", "Air Strike", "Eradicate")


# ======================================================================================
# small helpers
# ======================================================================================
#: Each space's label (its full name) and aliases (its short name where different), by id.
_SPACE_NAMES = {s.id: (s.full_name, (s.name,) if s.name != s.full_name else ())
                for s in MAP.spaces}


def space_option(space: int, detail: str | Callable[[], str] = "",
                 value: object = None) -> Option:
    if not detail and value is None and type(space) is int:
        return _PLAIN_SPACE_OPTIONS[space]  # Options are frozen: one each, shared
    label, aliases = _SPACE_NAMES[space]
    return Option(space if value is None else value, label, detail, aliases)


#: Each space's option with no detail, by id (the forms offer about 18 an Event card).
_PLAIN_SPACE_OPTIONS = {s: Option(s, label, "", aliases)
                        for s, (label, aliases) in _SPACE_NAMES.items()}


def space_options(spaces: Sequence[int], detail: Callable[[int], str] | None = None,
                  later: bool = False) -> list[Option]:
    """An option for each of ``spaces``, with the text ``detail(space)`` beside it.

    ``later``: each text is made only if it is read (an :class:`Option` given a
    function): for a ``detail`` that reads only the board the form was given and values
    the form does not change once it has asked (a snapshot passed as a default argument
    where it would). The screens, the line mode and the protocol show every detail;
    the research environment's agents seldom read one."""
    if not detail:
        return [space_option(s) for s in spaces]
    if later:
        return [space_option(s, partial(detail, s)) for s in spaces]
    return [space_option(s, detail(s)) for s in spaces]


def done_option(label: str = "done") -> Option:
    return Option(DONE, label, aliases=("done", "finish", "none", "no"))


def _cubes_detail(state: GameState, space: int) -> str:
    return _cubes_text(state.troops(space), state.police(space))


def _cubes_text(troops: int, police: int) -> str:
    """'2 Troops, 1 Police': a space's cubes as an option's detail."""
    return f"{counted(troops, 'Troops')}, {counted(police, 'Police')}"


def _execute(state: GameState, cmd: Command, *, free: bool = False, limited: bool = False,
             final_card: bool = False) -> GameState:
    """``cmd`` executed on a copy of ``state`` for the Government; InputError if illegal."""
    after = state.clone()
    try:
        cmd.execute(after, Context(faction=GOVT, free=free, limited=limited,
                                   final_card=final_card))
    except IllegalAction as err:
        raise InputError(str(err)) from None
    return after


def _budget(state: GameState, cost: int, free: bool) -> int:
    return coin.NO_SPACE_LIMIT if free else state.resources[GOVT] // cost


def _most_spaces(
    state: GameState, candidates: list[int], cost: int, limited: bool, free: bool,
    left: int = coin.NO_SPACE_LIMIT, none: str = "",
) -> int:
    """How many of ``candidates`` an Operation may select: what the Resources pay for at
    ``cost`` a space (3.1.1, free: any), 1 when Limited (2.3.5), ``left`` on this card
    (5.3); ``none`` is the InputError when that is 0."""
    most = min(len(candidates), _budget(state, cost, free), 1 if limited else coin.NO_SPACE_LIMIT)
    most = min(most, left)
    if most < 1:
        raise InputError(none)
    return most


def final_card(state: GameState) -> bool:
    """2.3.9: a player Government may not Sweep on the final Event card."""
    return (
        state.phase == "card"
        and is_final_event_card(state)
        and not is_nonplayer(state, GOVT)
    )


# ======================================================================================
# which Operations and Special Activities are open
# ======================================================================================
def operation_problem(state: GameState, name: str, limited: bool = False) -> str | None:
    """Why the Government cannot execute Operation ``name`` now (None if it can)."""
    r = state.resources[GOVT]
    if name == "Train":
        if r < coin.TRAIN_COST:
            return "Train costs 3 Resources per space"
        return None if coin.train_spaces(state) else "no City or Department to Train in"
    if name == "Patrol":
        if r < coin.PATROL_COST:
            return "Patrol costs 3 Resources"
        movable = any(state.cubes(s.id) and coin.patrol_reach(state, s.id) for s in MAP.spaces)
        on_locs = any(state.cubes(s.id) for s in MAP.locs)
        return None if movable or on_locs else "no cube can Patrol"
    if name == "Sweep":
        if final_card(state):
            return "no Sweep on the final Event card (2.3.9)"
        if r < coin.sweep_cost(state):
            return f"Sweep costs {coin.sweep_cost(state)} Resources per space"
        if coin.sweep_spaces_left(state) < 1:
            return "Ospina & Mora (shaded): only 1 Sweep space per card"
        return None if coin.sweep_spaces(state) else "no space to Sweep"
    if name == "Assault":
        if r < coin.assault_cost(state):
            return f"Assault costs {coin.assault_cost(state)} Resources per space"
        if coin.assault_spaces_left(state) < 1:
            return "Tapias (shaded): only 1 Assault space per card"
        return None if coin.assault_spaces(state) else "no space where Assault removes a piece"
    return f"unknown Operation {name}"


def _not_now(problems: Sequence[tuple[str, str | None]]) -> list[str]:
    """'Not possible now: Assault (no space where Assault removes a piece)' for the
    choices a question leaves out, so none vanishes without a reason."""
    out = [f"{name} ({why})" for name, why in problems if why is not None]
    return [f"Not possible now: {'; '.join(out)}"] if out else []


def special_problem(state: GameState, name: str, op: str) -> str | None:
    """Why Special Activity ``name`` cannot accompany ``op`` now (None if it can)."""
    if name == "Air Lift":
        if not gsa.air_lift_origins(state):
            return "no Troops that can be Air Lifted"
        return None
    if name == "Air Strike":
        if op not in gsa.AirStrike.accompanies:
            return "Air Strike accompanies only Patrol, Sweep or Assault (4.1.1)"
        if state.momentum_in_effect(12):
            return "Plan Colombia (shaded): no Air Strike"
        return None
    if name == "Eradicate":
        return None if gsa.eradicate_spaces(state) else "no Department with Cartels pieces"
    return f"unknown Special Activity {name}"


# ======================================================================================
# Operation + Special Activity
# ======================================================================================
def operation_form(state: GameState, limited: bool,
                   problem: Callable[[str], str | None] | None = None) -> Form:
    """Choose an Operation, optionally a Special Activity and when it happens, then fill
    in both (a Limited Operation: 1 space, no Special Activity, 2.3.5). ``problem``:
    :func:`operation_problem` of this state by name, as the decision's menu already
    checked it."""
    if problem is None:
        def problem(name: str) -> str | None:
            return operation_problem(state, name, limited)
    options = [Option(name, name, _op_detail(state, name)) for name in OPERATIONS
               if problem(name) is None]
    if not options:
        raise InputError("no Operation is possible now")
    what = "Limited Operation (1 space)" if limited else "Operation"
    # an Operation left out says why (issue 43: Assault vanished without a word)
    op_name = yield Question.one(f"Which {what}?", options, info=_not_now(
        [(name, problem(name)) for name in OPERATIONS]))
    sa_name = None
    if not limited:
        specials = [Option(None, "no Special Activity", aliases=("none",))]
        for name in SPECIALS:
            if special_problem(state, name, op_name) is None:
                specials.append(Option(name, name, _sa_detail(name)))
        if len(specials) > 1:
            sa_name = yield Question.one("Special Activity (4.1)?", specials, info=_not_now(
                [(name, special_problem(state, name, op_name)) for name in SPECIALS]))
    first = False
    # a Special Activity first may leave the Operation nothing to do (an Eradicate
    # removing the only Cartels Base an Assault could reach, 3.2.4, 4.2.3): "before" and
    # then each choice of its form are offered only if they leave the Operation possible
    keep = _leaves(state, op_name, limited)
    if sa_name is not None and _may_go_first(state, sa_name, keep):
        first = yield Question.one(
            f"{sa_name} before or after the {op_name}?",
            [Option(False, f"after the {op_name}"), Option(True, f"before the {op_name}")],
        )
    final = final_card(state)
    if sa_name is not None and first:
        sa = yield from special_form(state, sa_name, keep)
        board = _execute(state, sa)
        op = yield from op_form(board, op_name, limited)
    else:
        op = yield from op_form(state, op_name, limited)
        sa = None
        if sa_name is not None:
            board = _execute(state, op, limited=limited, final_card=final)
            if _special_targets(board, sa_name):
                sa = yield from special_form(board, sa_name)
            else:
                yield from without_special_form(op_name, sa_name)
    return sequence.OperationAction(op, sa, special_first=bool(first))


def without_special_form(op_name: str, sa_name: str) -> Form:
    """The Operation just asked leaves the chosen Special Activity nothing to do: go on
    without it (the one answer; to change the Operation, go back). A question with one
    option, so that every option offered is one the form takes (the research
    environment's mask, the protocol's options)."""
    yield Question.one(
        f"After this {op_name} there is nothing for {sa_name} to do: go on without a "
        f"Special Activity? (to change the {op_name}, go back)",
        [Option(True, "go on without a Special Activity", aliases=("yes", "ok"))],
        default=True)


#: A test of a Special Activity carried out before the Operation: does the Operation
#: remain possible after it (:func:`_leaves`)?
Keep = Callable[[SpecialActivity], bool]


def _leaves(state: GameState, op_name: str, limited: bool) -> Keep:
    """A test of a Special Activity carried out first: does Operation ``op_name`` remain
    possible after it (4.1: the Special Activity may come before the Operation, which
    must still be carried out)? Each Special Activity is tried once: the answers are
    kept."""
    tried: dict[SpecialActivity, bool] = {}

    def keep(sa: SpecialActivity) -> bool:
        if sa not in tried:
            try:
                board = _execute(state, sa)
            except InputError:
                tried[sa] = False
            else:
                tried[sa] = operation_problem(board, op_name, limited) is None
        return tried[sa]

    return keep


def _may_go_first(state: GameState, name: str, keep: Keep) -> bool:
    """Whether Special Activity ``name`` can be carried out before the Operation and
    leave it possible (``keep``): some choice of its form does (the trials stop at the
    first that does)."""
    return any(keep(sa) for sa in _specials(state, name))


def _specials(state: GameState, name: str) -> Iterator[SpecialActivity]:
    """Every Special Activity ``name`` the forms below may return on ``state``, one at a
    time (the spaces as :func:`special_form` offers them)."""
    if name == "Air Lift":
        for src in gsa.air_lift_origins(state):
            for dst in _air_lift_destinations(state, src):
                for n in range(1, _air_lift_most(state, src, dst) + 1):
                    yield gsa.AirLift(src=src, dst=dst, troops=n)
    elif name == "Air Strike":
        for space in gsa.air_strike_spaces(state):
            for target in gsa.air_strike_targets(state, space):
                yield gsa.AirStrike(space=space, target=int(target))
    elif name == "Eradicate":
        for space in gsa.eradicate_spaces(state):
            yield from _eradicates(state, space)


def _special_targets(state: GameState, name: str) -> bool:
    """Whether Special Activity ``name`` has anything to act on in ``state``."""
    if name == "Air Lift":
        return bool(gsa.air_lift_origins(state))
    if name == "Air Strike":
        return bool(gsa.air_strike_spaces(state))
    return bool(gsa.eradicate_spaces(state))


def _op_detail(state: GameState, name: str) -> str:
    return {
        "Train": "3 Resources per space: place cubes, then a Base or Civic Action (3.2.1)",
        "Patrol": "3 Resources: move cubes along LoCs and Cities, Activate, Assault 1 LoC "
                  "(3.2.2)",
        "Sweep": f"{coin.sweep_cost(state)} per space: move Troops in, Activate Guerrillas "
                 "(3.2.3)",
        "Assault": f"{coin.assault_cost(state)} per space: remove Active Guerrillas, then "
                   "Bases (3.2.4)",
    }[name]


def _sa_detail(name: str) -> str:
    return {
        "Air Lift": "move up to 3 Troops from 1 space to another (4.2.1)",
        "Air Strike": "remove 1 Active Guerrilla or exposed Base in a Department or LoC "
                      "(4.2.2)",
        "Eradicate": "Aid +4, remove Cartels Bases, shift toward Opposition (4.2.3)",
    }[name]


def op_form(state: GameState, name: str, limited: bool) -> Form:
    if name == "Train":
        return (yield from train_form(state, limited))
    if name == "Patrol":
        return (yield from patrol_form(state, limited))
    if name == "Sweep":
        return (yield from sweep_form(state, limited))
    if name == "Assault":
        return (yield from assault_form(state, limited))
    raise InputError(f"unknown Operation {name}")


def special_form(state: GameState, name: str, keep: Keep | None = None) -> Form:
    """The form of Special Activity ``name``; ``keep`` (it comes before the Operation:
    :func:`_leaves`) filters out the choices after which the Operation is impossible."""
    if name == "Air Lift":
        return (yield from air_lift_form(state, keep))
    if name == "Air Strike":
        return (yield from air_strike_form(state, keep))
    if name == "Eradicate":
        return (yield from eradicate_form(state, keep))
    raise InputError(f"unknown Special Activity {name}")


# ======================================================================================
# Train (3.2.1)
# ======================================================================================
def train_form(state: GameState, limited: bool = False, free: bool = False) -> Form:
    """Select spaces, place cubes in each, then a Base or Civic Action in 1 of them."""
    candidates = coin.train_spaces(state)
    most = _most_spaces(state, candidates, coin.TRAIN_COST, limited, free,
                        none="Train costs 3 Resources per space")

    def detail(s: int) -> str:
        cap = coin.train_cube_capacity(state, s)
        bits = [f"place up to {counted(cap, 'cube')}" if cap else "no cubes (no Government Base)"]
        bits.append(_cubes_detail(state, s))
        if coin.civic_action_capacity(state, s):
            bits.append("Civic Action possible")
        return "; ".join(bits)

    selected = yield Question.many(
        f"Train: select Cities or Departments (3 Resources each, Resources "
        f"{state.resources[GOVT]})", space_options(candidates, detail, later=True), 1, most,
    )
    avail = {TROOPS: state.available(TROOPS), POLICE: state.available(POLICE)}
    place = []
    for space in selected:
        cap = min(coin.train_cube_capacity(state, space), avail[TROOPS] + avail[POLICE])
        if cap <= 0:
            continue
        name = space_name(space)
        troops = 0
        if avail[TROOPS]:
            troops = yield Question.number(
                f"{name}: how many Troops to place? ({avail[TROOPS]} Available)",
                0, min(cap, avail[TROOPS]), default=0,
            )
        police = 0
        room = min(cap - troops, avail[POLICE])
        if room > 0:
            police = yield Question.number(
                f"{name}: how many Police to place? ({avail[POLICE]} Available)", 0, room,
                default=0,
            )
        avail[TROOPS] -= troops
        avail[POLICE] -= police
        if troops or police:
            place.append((space, troops, police))
    cmd = coin.Train(selected=tuple(selected), place=tuple(place))
    after = _execute(state, cmd, free=free)
    left = after.resources[GOVT]
    then = [Option(None, "nothing more", aliases=("none", "no"))]
    for s in selected:
        if coin.train_base_problem(after, s) is None:
            then.append(Option(("base", s), f"Base in {space_name(s)}",
                               "replace 3 cubes with a Government Base"))
    for s in selected:
        cap = coin.civic_action_capacity(after, s)
        if cap and left >= CIVIC_ACTION_COST:
            then.append(Option(("civic", s), f"Civic Action in {space_name(s)}",
                               f"3 Resources a step, up to {counted(cap, 'step')} (6.4.1)"))
    if len(then) == 1:
        return cmd
    choice = yield Question.one("Then, in 1 selected space (3.2.1)?", then)
    if choice is None:
        return cmd
    what, space = choice
    if what == "base":
        mixes = [t for t in range(4) if coin.train_base_problem(after, space, t) is None]
        troops = mixes[0]
        if len(mixes) > 1:
            troops = yield Question.one(
                "Which 3 cubes become the Base?",
                [Option(t, listed((t, "Troops"), (3 - t, "Police"))) for t in mixes],
            )
        return coin.Train(selected=cmd.selected, place=cmd.place, base=space, base_troops=troops)
    most_steps = min(coin.civic_action_capacity(after, space), left // CIVIC_ACTION_COST)
    steps = 1
    if most_steps > 1:
        steps = yield Question.number(
            f"Civic Action in {space_name(space)}: how many steps (3 Resources each)?",
            1, most_steps, default=most_steps,
        )
    return coin.Train(selected=cmd.selected, place=cmd.place, civic=space, civic_steps=steps)


# ======================================================================================
# targeting: Activation (Patrol, Sweep) and Assault removal
# ======================================================================================
def activation_form(
    state: GameState, space: int, capacity: int, immune: Faction | None = None
) -> Form:
    """Which Factions' Underground Guerrillas the cubes in ``space`` Activate (1.4.1).
    Asked only when more than one Faction could be hit; returns Activation entries."""
    present = [f for f in INSURGENTS if state.underground(space, f) and f is not immune]
    if capacity <= 0 or len(present) < 2:
        return ()
    options = [Option(f, f.label, f"{state.underground(space, f)} Underground")
               for f in present]
    chosen = yield Question.many(
        f"{space_name(space)}: the cubes Activate up to {capacity}. Target which Factions, "
        "in order (1.4.1: each targeted Faction as far as the cubes can)?",
        options, 1, len(present),
    )
    left = capacity
    out = []
    for f in chosen:
        n = min(left, state.underground(space, f))
        out.append((space, int(f), n))
        left -= n
    return tuple(out)


def _assault_detail(state: GameState, space: int, faction: Faction) -> str:
    """What an Assault in ``space`` can remove of ``faction``: its Active Guerrillas, and
    its Bases only while none of its Guerrillas there is Underground (3.2.4 NOTE)."""
    parts = []
    if state.active(space, faction):
        parts.append(counted(state.active(space, faction), "Active Guerrilla"))
    bases, hidden = state.bases(space, faction), state.underground(space, faction)
    if bases and hidden:
        parts.append(f"{counted(bases, 'Base')} protected by "
                     f"{counted(hidden, 'Underground Guerrilla')} (3.2.4)")
    elif bases:
        parts.append(counted(bases, "Base"))
    return ", ".join(parts)


def removal_form(state: GameState, space: int) -> Form:
    """Which Factions an Assault in ``space`` targets, in order (1.4.1); returns a
    removal entry or None (all Factions: FARC, AUC, Cartels)."""
    present = [f for f in INSURGENTS if coin.assault_targets(state, space, f)]
    capacity = coin.assault_capacity(state, space)
    if capacity <= 0 or len(present) < 2:
        return None
    options = [Option(f, f.label, _assault_detail(state, space, f)) for f in present]
    chosen = yield Question.many(
        f"{space_name(space)}: Assault removes up to {coin.assault_removals(state, space)}. "
        "Target which Factions, in order (Active Guerrillas first, Bases last)?",
        options, 1, len(present),
    )
    order = coin.default_removal_order(state, space, capacity, factions=chosen)
    return (space, order)


# ======================================================================================
# Patrol (3.2.2)
# ======================================================================================
def patrol_form(state: GameState, limited: bool = False, free: bool = False) -> Form:
    """Move cubes (each hop into a LoC or City, stopping where Guerrillas are), Activate
    on LoCs, then a free Assault in 1 LoC."""
    if not free and state.resources[GOVT] < coin.PATROL_COST:
        raise InputError("Patrol costs 3 Resources")
    left = {(s.id, k): state.count(s.id, k) for s in MAP.spaces for k in (TROOPS, POLICE)}
    reach = {s.id: coin.patrol_reach(state, s.id) for s in MAP.spaces if state.cubes(s.id)}
    moves: list[tuple[int, int, tuple[int, ...]]] = []
    target: int | None = None
    while True:
        origins = [s for s, r in reach.items() if r and left[(s, TROOPS)] + left[(s, POLICE)]]
        if target is not None:
            origins = [s for s in origins if target in reach[s]]
        if not origins:
            break
        # stopping with no cube moved is a Patrol only on a LoC with cubes (3.2.2)
        stop = bool(moves) or any(state.cubes(s.id) for s in MAP.locs)
        opts = [done_option("done moving")] * stop + [
            space_option(s, _cubes_text(left[(s, TROOPS)], left[(s, POLICE)]))
            for s in origins
        ]
        src = yield Question.one("Patrol: move cubes from which space?", opts)
        if src == DONE:
            break
        kinds = [k for k in (TROOPS, POLICE) if left[(src, k)]]
        kind = kinds[0]
        if len(kinds) > 1:
            kind = yield Question.one("Move which cubes?", [Option(k, k.label) for k in kinds])
        n = left[(src, kind)]
        if n > 1:
            n = yield Question.number(f"How many {kind.label} from {space_name(src)}?", 1, n,
                                      default=n)
        if target is not None:
            dst = target
        else:
            paths = reach[src]
            dst = yield Question.one(
                "Move them to?",
                [space_option(d, partial(_via, paths[d])) for d in sorted(paths)],
            )
        if limited:
            target = dst
        left[(src, kind)] -= n
        moves.append((int(kind), n, reach[src][dst]))
    moved = state.clone()
    for kind_value, n, path in moves:
        moved.move(path[0], path[-1], Piece(kind_value), n)
    activate: list[tuple[int, int, int]] = []
    if not moves:
        locs = [s.id for s in MAP.locs if state.cubes(s.id)]
        if not locs:
            raise InputError("a Patrol must move cubes or act on a LoC with cubes (3.1)")
        loc = yield Question.one("No cube moves: Patrol on which LoC with cubes?",
                                 space_options(locs, lambda s: _cubes_detail(state, s)))
        plan = coin.activation_plan(state, loc, coin.patrol_activations(state, loc))
        activate += [(loc, int(f), n) for f, n in plan.items()] or [(loc, int(Faction.FARC), 0)]
        target = loc
    if not state.momentum_in_effect(12):
        listed = {a[0] for a in activate}
        for loc in MAP.locs:
            if loc.id not in listed:
                activate += list((yield from activation_form(moved, loc.id, moved.cubes(loc.id))))
    so_far = coin.Patrol(moves=tuple(moves), activate=tuple(activate))
    after = _execute(state, so_far, free=True, limited=limited)
    limit = coin.patrol_assault_limit(state)
    assault: tuple[int, ...] = ()
    removals = []
    if limit != 0:
        locs = [s.id for s in MAP.locs if coin.assault_removals(after, s.id) > 0]
        if limited and target is not None:
            locs = [s for s in locs if s == target]
        if locs:
            most = len(locs) if limit is None else min(limit, len(locs))
            assault = tuple((yield Question.many(
                "Free Assault in which LoC (3.2.2)? ('none' to skip)",
                space_options(locs, lambda s: f"removes up to {coin.assault_removals(after, s)}"),
                0, most,
            )))
            for loc_id in assault:
                entry = yield from removal_form(after, loc_id)
                if entry is not None:
                    removals.append(entry)
    return coin.Patrol(moves=tuple(moves), activate=tuple(activate), assault=assault,
                       removals=tuple(removals))


def _via(path: tuple[int, ...]) -> str:
    """How cubes reach the end of ``path`` (the options' detail: made when read, from the
    path and the counts passed in, which stay as they are)."""
    if len(path) <= 2:
        return "adjacent"
    return "via " + ", ".join(space_name(s) for s in path[1:-1])


def _troops_via(n: int, path: tuple[int, ...]) -> str:
    return f"{counted(n, 'Troops')}, {_via(path)}"


# ======================================================================================
# Sweep (3.2.3)
# ======================================================================================
def sweep_form(state: GameState, limited: bool = False, free: bool = False) -> Form:
    """Select spaces, move Troops in from adjacent spaces (or through a Guerrilla-free
    LoC), choose whom to Activate."""
    cost = coin.sweep_cost(state)
    candidates = coin.sweep_spaces(state)
    most = _most_spaces(state, candidates, cost, limited, free, coin.sweep_spaces_left(state),
                        "no Sweep is possible")

    def detail(s: int) -> str:
        under = sum(state.underground(s, f) for f in INSURGENTS)
        return f"{_cubes_detail(state, s)}; {counted(under, 'Underground Guerrilla')}"

    selected = yield Question.many(
        f"Sweep: select Cities or Departments ({cost} Resources each, Resources "
        f"{state.resources[GOVT]})", space_options(candidates, detail, later=True), 1, most,
    )
    left = {s.id: state.troops(s.id) for s in MAP.spaces}
    police_left = {s.id: state.police(s.id) for s in MAP.spaces}
    moves: list[tuple[int, int, tuple[int, ...]]] = []
    for dst in selected:
        room = state.room(dst, GOVT)
        while room > 0:
            sources = {s: p for s, p in coin.sweep_sources(state, dst).items() if left[s] > 0}
            if not sources:
                break
            opts = [done_option(f"no more Troops into {space_name(dst)}")] + [
                space_option(s, partial(_troops_via, left[s], p))
                for s, p in sources.items()
            ]
            src = yield Question.one(f"Sweep into {space_name(dst)}: Troops from where?", opts)
            if src == DONE:
                break
            n = min(left[src], room)
            if n > 1:
                n = yield Question.number(
                    f"How many Troops from {space_name(src)}?", 1, n, default=n
                )
            left[src] -= n
            room -= n
            moves.append((int(TROOPS), n, sources[src]))
        if state.capability(NDSC) == UNSHADED and room > 0:
            police = {s: p for s, p in coin.sweep_sources(state, dst, POLICE).items()
                      if police_left[s] > 0}
            if police:
                opts = [done_option("no Police")] + [
                    space_option(s, partial(_via, p)) for s, p in police.items()
                ]
                src = yield Question.one(
                    f"NDSC: 1 Police into {space_name(dst)} from where?", opts
                )
                if src != DONE:
                    police_left[src] -= 1
                    moves.append((int(POLICE), 1, police[src]))
    moved = state.clone()
    for kind, n, path in moves:
        try:
            moved.move(path[0], path[-1], Piece(kind), n)
        except IllegalAction as err:
            raise InputError(str(err)) from None
    activate: list[tuple[int, int, int]] = []
    immune = coin.senado_immune(state)
    for dst in selected:
        cap = coin.sweep_activation_capacity(moved, dst)
        activate += list((yield from activation_form(moved, dst, cap, immune)))
    return coin.Sweep(selected=tuple(selected), moves=tuple(moves), activate=tuple(activate))


# ======================================================================================
# Assault (3.2.4)
# ======================================================================================
def assault_form(state: GameState, limited: bool = False, free: bool = False) -> Form:
    cost = coin.assault_cost(state)
    candidates = coin.assault_spaces(state)
    most = _most_spaces(state, candidates, cost, limited, free, coin.assault_spaces_left(state),
                        "no Assault is possible")
    selected = yield Question.many(
        f"Assault: select spaces ({cost} Resources each, Resources {state.resources[GOVT]})",
        space_options(candidates, lambda s: f"{_cubes_detail(state, s)}; removes up to "
                      f"{coin.assault_removals(state, s)}", later=True), 1, most,
    )
    removals = []
    for space in selected:
        entry = yield from removal_form(state, space)
        if entry is not None:
            removals.append(entry)
    return coin.Assault(selected=tuple(selected), removals=tuple(removals))


# ======================================================================================
# Special Activities (4.2)
# ======================================================================================
def _air_lift_destinations(state: GameState, src: int) -> list[int]:
    return [d for d in gsa.air_lift_destinations(state) if d != src and state.room(d, GOVT) > 0]


def _air_lift_most(state: GameState, src: int, dst: int) -> int:
    most = min(state.troops(src), state.room(dst, GOVT))
    limit = gsa.air_lift_limit(state)
    return most if limit is None else min(most, limit)


def _kept(spaces: list[int], keep: Keep | None, sas: Callable[[int], Iterable[SpecialActivity]]
          ) -> list[int]:
    """The ``spaces`` for which some Special Activity of ``sas(space)`` passes ``keep``
    (all of them without one)."""
    if keep is None:
        return spaces
    return [s for s in spaces if any(keep(sa) for sa in sas(s))]


def air_lift_form(state: GameState, keep: Keep | None = None) -> Form:
    def lifts(src: int, dst: int) -> list[gsa.AirLift]:
        return [gsa.AirLift(src=src, dst=dst, troops=n)
                for n in range(1, _air_lift_most(state, src, dst) + 1)]

    origins = _kept(gsa.air_lift_origins(state), keep, lambda s: (
        lift for d in _air_lift_destinations(state, s) for lift in lifts(s, d)))
    if not origins:
        raise InputError("no Troops can be Air Lifted")
    src = yield Question.one("Air Lift Troops from where?",
                             space_options(origins, lambda s: counted(state.troops(s), "Troops")))
    dsts = _kept(_air_lift_destinations(state, src), keep, lambda d: lifts(src, d))
    if not dsts:
        raise InputError("no space the Troops can land in")
    dst = yield Question.one("Air Lift them to?", space_options(dsts))
    numbers = [lift.troops for lift in lifts(src, dst) if keep is None or keep(lift)]
    n = numbers[-1]
    if len(numbers) > 1:
        if numbers == list(range(numbers[0], n + 1)):
            n = yield Question.number("How many Troops?", numbers[0], n, default=n)
        else:  # (moving all but not some Troops cannot matter to an Operation: not seen)
            n = yield Question.one("How many Troops?", [Option(k, str(k)) for k in numbers])
    return gsa.AirLift(src=src, dst=dst, troops=n)


def air_strike_form(state: GameState, keep: Keep | None = None) -> Form:
    def strikes(space: int) -> list[gsa.AirStrike]:
        return [gsa.AirStrike(space=space, target=int(k))
                for k in gsa.air_strike_targets(state, space)]

    spaces = _kept(gsa.air_strike_spaces(state), keep, strikes)
    if not spaces:
        raise InputError("no Department or LoC where Air Strike removes a piece")
    space = yield Question.one(
        "Air Strike where?",
        space_options(spaces, lambda s: ", ".join(k.label for k in gsa.air_strike_targets(
            state, s))),
    )
    targets = [k for k in gsa.air_strike_targets(state, space)
               if keep is None or keep(gsa.AirStrike(space=space, target=int(k)))]
    target = targets[0]
    if len(targets) > 1:
        target = yield Question.one("Remove which piece?", [Option(k, k.label) for k in targets])
    return gsa.AirStrike(space=space, target=int(target))


def _eradicates(state: GameState, space: int) -> list[gsa.Eradicate]:
    """Each Eradicate in ``space``: one per Department it may shift (4.2.3), or the one
    that places a FARC Guerrilla when none can shift."""
    shifts: list[int | None] = list(gsa.eradicate_shift_options(state, space)) or [None]
    return [gsa.Eradicate(space=space, shift=shift) for shift in shifts]


def eradicate_form(state: GameState, keep: Keep | None = None) -> Form:
    def eradicates(space: int) -> list[gsa.Eradicate]:
        return _eradicates(state, space)

    spaces = _kept(gsa.eradicate_spaces(state), keep, eradicates)
    if not spaces:
        raise InputError("no Department with Cartels pieces to Eradicate in")
    space = yield Question.one(
        "Eradicate in which Department?",
        space_options(spaces, lambda s: f"{state.bases(s, Faction.CARTELS)} Cartels Bases"),
    )
    shifts = [e.shift for e in eradicates(space) if keep is None or keep(e)]
    shift = shifts[0]
    if len(shifts) > 1:
        shift = yield Question.one(
            "Shift which Department 1 level toward Active Opposition?",
            space_options([s for s in shifts if s is not None],
                          lambda s: SUPPORT_LABELS[state.support[s]]),
        )
    return gsa.Eradicate(space=space, shift=shift)


# ======================================================================================
# Propaganda decisions (6.2 7th Special Forces, 6.4.1, 6.4.4, 6.5)
# ======================================================================================
def steps_form(
    sim: GameState, space: int, most: int, step: Callable[[GameState, int], object]
) -> Form:
    """How many Civic Action or Agitation steps in ``space`` (1 to ``most``, all of them
    without asking when only 1 is possible), each carried out on ``sim`` with ``step``
    (6.4.1, 6.4.2); returns the number."""
    steps = most
    if most > 1:
        steps = yield Question.number(f"How many steps in {space_name(space)}?", 1, most,
                                      default=most)
    for _ in range(steps):
        step(sim, space)
    return steps


def civic_action_form(state: GameState) -> Form:
    """Spend Resources, 3 a step, space by space (6.4.1); 1st Division unshaded adds one
    space needing only Control and any cube."""
    sim = state.clone()
    actions: list[tuple[int, int]] = []
    joint: int | None = None
    while True:
        budget = sim.resources[GOVT] // CIVIC_ACTION_COST
        used = {a[0] for a in actions}
        spaces = [s for s in prop.civic_action_spaces(sim) if s not in used]
        extra = []
        if prop.jointness_in_effect(sim) and joint is None:
            extra = [s for s in prop.civic_action_spaces(sim, jointness=True)
                     if s not in used and s not in spaces]
        if budget < 1 or not (spaces or extra):
            break

        def detail(s: int, sim: GameState = sim) -> str:
            return (f"{SUPPORT_LABELS[sim.support[s]]}, Terror {sim.terror[s]}, up to "
                    f"{prop.civic_action_max_steps(sim, s)} steps")

        opts = [done_option("done (spend no more)")] + space_options(spaces, detail)
        opts += [space_option(s, "1st Division: " + detail(s), value=("joint", s))
                 for s in extra]
        pick = yield Question.one(
            f"Civic Action: which space? (3 Resources a step; Resources "
            f"{sim.resources[GOVT]})", opts,
        )
        if pick == DONE:
            break
        if isinstance(pick, tuple):
            joint = pick[1]
            pick = joint
        most = min(budget, prop.civic_action_max_steps(sim, pick))
        steps = yield from steps_form(sim, pick, most, civic_action_step)
        actions.append((pick, steps))
    if joint is not None:
        actions.sort(key=lambda a: a[0] != joint)
    return prop.CivicAction(tuple(actions), joint)


def _split_form(
    state: GameState, kind: Piece, src: int, n: int, destinations: list[int], why: str,
    sent: dict[int, int] | None = None, last_sure: bool = False,
) -> Form:
    """Send ``n`` cubes of ``kind`` from ``src`` to destinations, asking until all are
    placed; returns ``(destination, count)`` pairs. ``sent`` counts the cubes already
    sent to each destination (Ecuador holds only 2 Government pieces, card 33).
    ``last_sure``: the caller, once all are placed, asks its next question or returns
    without a check (:attr:`Question.sure`)."""
    sent = sent if sent is not None else {}
    out: list[tuple[int, int]] = []
    left = n

    def room(d: int) -> int:
        return state.room(d, GOVT) - sent.get(d, 0)

    while left > 0:
        dests = _split_dests(state, src, destinations, sent)
        if not dests:
            raise InputError(f"no legal destination for the {kind.label} in {space_name(src)}")
        # a destination is taken if how many is asked next, or (``last_sure``) if it
        # takes all that are left
        sure = partial(_sure_splits, state, dests, dict(sent), left, last_sure)
        dst = dests[0] if len(dests) == 1 else (yield Question.one(
            f"{why}: {counted(left, kind.label)} from {space_name(src)} go to?",
            space_options(dests),
            sure=sure))
        k = min(left, room(dst))
        if k > 1 and len(dests) > 1:
            k = yield Question.number(f"How many of them to {space_name(dst)}?", 1, k,
                                      default=k)
        out.append((dst, k))
        sent[dst] = sent.get(dst, 0) + k
        left -= k
    return out


def _split_dests(state: GameState, src: int, destinations: list[int],
                 sent: dict[int, int]) -> list[int]:
    """The destinations :func:`_split_form` offers cubes from ``src`` now: not ``src``,
    with room left after the cubes ``sent``."""
    return [d for d in destinations
            if d != src and state.room(d, GOVT) - sent.get(d, 0) > 0]


def _sure_splits(state: GameState, dests: list[int], sent: dict[int, int], left: int,
                 last_sure: bool) -> frozenset[int]:
    """The destinations of :func:`_split_form`'s question sure to be taken."""
    rooms = [state.room(d, GOVT) - sent.get(d, 0) for d in dests]
    return frozenset(i for i, room in enumerate(rooms)
                     if min(left, room) > 1 or (last_sure and room >= left))


def _sure_cubes(state: GameState, origins: list[tuple[int, Piece, int]],
                troop_dst: list[int], police_dst: list[int],
                sent: dict[int, int]) -> frozenset[int]:
    """The cubes of the optional Redeploy's question (options from 1) sure to be
    taken."""
    return frozenset(i for i, (s, k, left) in enumerate(origins, 1) if left > 1 or
                     _split_dests(state, s, troop_dst if k is TROOPS else police_dst, sent))


def redeploy_form(state: GameState) -> Form:
    """6.5: Troops off LoCs and out of Departments without Government Bases must move;
    other Troops and Police may."""
    troop_dst = prop.troop_destinations(state)
    police_dst = prop.police_destinations(state)
    moves: list[tuple[int, int, int, int]] = []
    sent: dict[int, int] = {}
    mandatory = prop.redeploy_mandatory(state)
    for src, n in mandatory.items():
        for dst, k in (yield from _split_form(state, TROOPS, src, n, troop_dst,
                                              "Redeploy (must move)", sent)):
            moves.append((int(TROOPS), src, dst, k))
    moved: dict[tuple[int, int], int] = {}
    for kind_value, src, _, k in moves:
        moved[(src, kind_value)] = moved.get((src, kind_value), 0) + k
    # the cubes on the board, by space then Troops before Police (the form never changes
    # the board: read once, not again after every pick)
    cubes = [(s.id, kind, int(kind), here, dests) for s in MAP.spaces
             for kind, dests in ((TROOPS, troop_dst), (POLICE, police_dst))
             if (here := state.count(s.id, kind))]
    while True:
        origins = []
        for s, kind, kind_value, here, dests in cubes:
            left = here - moved.get((s, kind_value), 0)
            if left > 0 and any(d != s for d in dests):
                origins.append((s, kind, left))
        if not origins:
            break
        opts = [done_option("done redeploying")] + [
            Option((s, k), f"{k.label} in {space_name(s)}", f"{left} may move")
            for s, k, left in origins
        ]
        # cubes of which more than one may move are taken (how many is asked at once,
        # below), and a single cube with a destination (_split_form asks it, or sends it
        # to its only one, and this loop asks again or returns)
        sure = partial(_sure_cubes, state, origins, troop_dst, police_dst, dict(sent))
        pick = yield Question.one("Redeploy more cubes (optional)?", opts, sure=sure)
        if pick == DONE:
            break
        src, kind = pick
        left = state.count(src, kind) - moved.get((src, int(kind)), 0)
        n = left
        if left > 1:
            n = yield Question.number(f"How many {kind.label}?", 1, left, default=left)
        dests = troop_dst if kind is TROOPS else police_dst
        for dst, k in (yield from _split_form(state, kind, src, n, dests, "Redeploy", sent,
                                              last_sure=True)):
            moves.append((int(kind), src, dst, k))
        moved[(src, int(kind))] = moved.get((src, int(kind)), 0) + n
    return prop.Redeploy(tuple(moves))


def farc_zone_form(state: GameState) -> Form:
    """6.4.4: a Department with the most FARC pieces becomes a FARC Zone; its cubes
    Redeploy (6.5 destinations)."""
    candidates = prop.farc_zone_candidates(state)
    if not candidates:
        raise InputError("no Department can receive the FARC Zone")
    space = candidates[0]
    if len(candidates) > 1:
        space = yield Question.one(
            "Place the FARC Zone in which Department (6.4.4)?",
            space_options(candidates, lambda s: _cubes_detail(state, s)),
        )
    moves: list[tuple[int, int, int]] = []
    sent: dict[int, int] = {}
    for kind, dests in ((TROOPS, prop.troop_destinations(state, exclude=space)),
                        (POLICE, prop.police_destinations(state, exclude=space))):
        n = state.count(space, kind)
        if n:
            for dst, k in (yield from _split_form(state, kind, space, n, dests,
                                                  "FARC Zone: Redeploy", sent)):
                moves.append((int(kind), dst, k))
    return prop.PlaceFarcZone(space, tuple(moves))


def seventh_sf_form(state: GameState) -> Form:
    """7th Special Forces unshaded (card 7): remove up to 3 Terror or Sabotage markers.
    One option per marker (value ``(space, n)``, the space's ``n``-th marker), so every
    combination of the options offered is one the rules take (a space named more often
    than it has markers cannot be chosen), as Process offers each Cartels Base (4.5.2)."""
    markers = [(s, n, state.sabotage[s] + state.terror[s]) for s in prop.marker_spaces(state)
               for n in range(1, state.sabotage[s] + state.terror[s] + 1)]

    def option(s: int, n: int, count: int) -> Option:
        kind = "Sabotage" if state.sabotage[s] else "Terror"
        if count == 1:
            return space_option(s, kind, value=(s, n))
        label, aliases = _SPACE_NAMES[s]
        return Option((s, n), f"{label} ({kind} marker {n} of {count})", "",
                      tuple(f"{a} {n}" for a in (label, *aliases)))

    picked = yield Question.many(
        "7th Special Forces: remove up to 3 Terror/Sabotage markers",
        [option(*m) for m in markers], 0, prop.SEVENTH_SF_MAX,
    )
    cmd = prop.SeventhSpecialForces(tuple(s for s, _ in picked))
    _execute(state, cmd)  # (every combination offered is legal, 6.2: checked all the same)
    return cmd


GOVT_PROPAGANDA_FORMS = {
    prop.CIVIC_ACTION: civic_action_form,
    prop.REDEPLOY: redeploy_form,
    prop.FARC_ZONE: farc_zone_form,
    prop.SEVENTH_SF: seventh_sf_form,
}
