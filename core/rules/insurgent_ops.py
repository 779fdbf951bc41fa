"""Insurgent Operations (3.3): Rally, March, Attack and Terror, and the Ambush Special
Activity (4.3.2, 4.4.1), which is resolved inside an Attack.

FARC, AUC and the Cartels share these four Operations; "Guerrillas" and "Bases" below are
always those of the executing Faction unless said otherwise (3.3).

Each Operation is a frozen command carrying the whole plan, resolved space by space in the
order given, paying as it goes (3.1 NOTE)::

    >>> from core.map import MAP
    >>> huila = MAP.id_of("Huila")
    >>> rally_in(huila).spaces() == (huila,)
    True

* :class:`Rally` (3.3.1): per space one of ``place`` (1 Guerrilla, or with a Base there up
  to Bases + Pop Guerrillas), ``base`` (replace 2 Guerrillas with a Base) or ``regroup``
  (with a Base there: move Guerrillas in from anywhere, then flip all there Underground).
  :func:`rally_in` builds the common 1-space Rally (Elite Backing 6.4.5, Events).
* :class:`March` (3.3.2): groups moving from a space to an adjacent one, possibly carrying
  Shipments (4.5.3); groups become Active when exposed (:func:`march_would_activate`).
* :class:`Attack` (3.3.3): per space the enemy pieces to remove if the die allows.
* :class:`Terror` (3.3.4): Terror markers and shifts, Sabotage on LoCs, AUC Aid Cut.
* :class:`Ambush` (4.3.2): accompanies an Attack; the Attack resolves it.

The ``resolve_*`` functions run one space's procedure without the selection checks, so
Events that grant a variant ("free Terror with any Guerrilla", "Ambushes without
Activating") can reuse them. ``random_*`` build random legal commands for the baseline
bot and the property tests.
"""

from __future__ import annotations

import random
from itertools import product

from core import draw
from core.commands import (
    Context,
    Operation,
    SpecialActivity,
    check_faction,
    check_limited,
    check_selection,
    command,
)
from core.errors import IllegalAction
from core.map import space_name
from core.pieces import (
    ACTIVE_OF,
    AUC,
    BASE_OF,
    FACTION_KINDS,
    FARC,
    INSURGENTS,
    PIECES,
    UNDERGROUND_OF,
    Faction,
    Piece,
    pieces_text,
)
from core.rules.common import (
    full_extent_error,
    is_final_event_card,
    is_nonplayer,
    recall_own_pieces,
)
from core.space import SPACES, adjacent
from core.state import SUPPORT_LABELS, GameState
from core.words import counted

# ======================================================================================
# plan types (plain tuples, so commands stay frozen and JSON-friendly)
# ======================================================================================
RALLY_PLACE = "place"
RALLY_BASE = "base"
RALLY_REGROUP = "regroup"
RALLY_ACTIONS = (RALLY_PLACE, RALLY_BASE, RALLY_REGROUP)

#: A Rally regroup move: (from space, Underground Guerrillas, Active Guerrillas,
#: Shipments carried along).
RallyMove = tuple[int, int, int, int]
#: One selected Rally space: (space, action, n, moves); see :class:`Rally`.
RallyStep = tuple[int, str, int, tuple[RallyMove, ...]]
#: Own pieces removed to Available before the Rally (1.4.1): (space, piece kind, count).
Recall = tuple[int, int, int]
#: A March group: (from space, to space, Underground Guerrillas, Active Guerrillas,
#: Shipments carried along).
MarchGroup = tuple[int, int, int, int, int]
#: One selected Attack space: (space, enemy piece kinds to remove, in order).
AttackTarget = tuple[int, tuple[int, ...]]

_AMBUSH_NOTE = "insurgent_ops.ambush_space"
_ATTACK_DONE_NOTE = "insurgent_ops.attack_done"
TERROR_SPACES_NOTE = "insurgent_ops.terror_spaces"

AID_CUT_ONE_SPACE = 3  # 3.3.4 Aid Cut
AID_CUT_MORE_SPACES = 5


# ======================================================================================
# small shared helpers
# ======================================================================================
def _name(space: int) -> str:
    return space_name(space)


def _g(faction: Faction, n: int) -> str:
    """'1 FARC Guerrilla', '3 AUC Guerrillas'."""
    return counted(n, f"{faction.label} Guerrilla")


def _check_space_id(space: int, rule: str) -> None:
    if not isinstance(space, int) or not 0 <= space < len(SPACES):
        raise IllegalAction(rule, f"there is no space {space!r}")


def _is_city_or_department(state: GameState, space: int) -> bool:
    """A City or Department in play (foreign countries count once in play, 1.3.5)."""
    s = SPACES[space]
    return (s.is_city or s.is_department) and state.in_play(space)


def _check_count(n: int, what: str, rule: str) -> None:
    if not isinstance(n, int) or n < 0:
        raise IllegalAction(rule, f"{what} must be a whole number 0 or more, not {n!r}")


def _quiet(faction: Faction) -> Context:
    """A free context for simulating plans in the random generators (trace unused)."""
    return Context(faction=faction, free=True)


# ======================================================================================
# 1.4.1: a player Faction may remove its own pieces to Available
# ======================================================================================
# ======================================================================================
# Rally (3.3.1)
# ======================================================================================
def rally_problem(state: GameState, faction: Faction, space: int) -> str | None:
    """Why ``faction`` may not select ``space`` for Rally (None if it may): a City or
    Department; FARC not with Support, AUC not with Opposition (3.3.1)."""
    if not _is_city_or_department(state, space):
        return f"{space_name(space)} is not a City or Department"
    if faction is FARC and state.support[space] > 0:
        return f"FARC may not Rally in {space_name(space)}, which has Support"
    if faction is AUC and state.support[space] < 0:
        return f"AUC may not Rally in {space_name(space)}, which has Opposition"
    return None


def rally_spaces(state: GameState, faction: Faction) -> list[int]:
    """Spaces ``faction`` may select for Rally (3.3.1)."""
    # (LoCs are skipped unasked: rally_problem refuses them first.)
    return [s.id for s in SPACES
            if not s.is_loc and rally_problem(state, faction, s.id) is None]


def rally_rule_limit(state: GameState, faction: Faction, space: int) -> int:
    """Guerrillas the rules let a Rally place here: 1, or with 1+ own Base there, the
    number of those Bases plus the space's Population (3.3.1)."""
    bases = state.bases(space, faction)
    return bases + SPACES[space].pop if bases else 1


def rally_place_limit(state: GameState, faction: Faction, space: int) -> int:
    """Guerrillas a Rally ``place`` can actually put here now: the rule limit
    (:func:`rally_rule_limit`) capped by the Available Guerrillas (1.4.1). Recalling own
    Guerrillas (1.4.1 bullet 2) first can raise it."""
    if rally_problem(state, faction, space) is not None:
        return 0
    return min(
        rally_rule_limit(state, faction, space),
        state.available_guerrillas(faction),
        state.room(space, faction),
    )


def _rally_base_error(state: GameState, faction: Faction, space: int) -> IllegalAction | None:
    if state.guerrillas(space, faction) < 2:
        return IllegalAction(
            "3.3.1", f"fewer than 2 {faction.label} Guerrillas in {space_name(space)}"
        )
    if state.available_bases(faction) < 1:
        return IllegalAction("1.4.1", f"no {faction.label} Base Available")
    if state.all_bases(space) >= 2:
        return IllegalAction("1.4.2", f"{space_name(space)} already has 2 Bases")
    return None


def rally_base_problem(state: GameState, faction: Faction, space: int) -> str | None:
    """Why a Rally cannot replace 2 Guerrillas with a Base here (None if it can): it
    needs 2 own Guerrillas there, an Available Base (1.4.1) and room for it (1.4.2)."""
    error = _rally_base_error(state, faction, space)
    return None if error is None else error.message


def rally_actions(state: GameState, faction: Faction, space: int) -> list[str]:
    """The Rally actions open to ``faction`` in ``space`` now (3.3.1)."""
    if rally_problem(state, faction, space) is not None:
        return []
    # No placing where stacking leaves no room (Ecuador, card 33: 2 per Faction)
    actions = [RALLY_PLACE] if state.room(space, faction) > 0 else []
    if rally_base_problem(state, faction, space) is None:
        actions.append(RALLY_BASE)
    if state.bases(space, faction):
        actions.append(RALLY_REGROUP)
    return actions


def rally_step(
    space: int, action: str = RALLY_PLACE, n: int = 1, moves: tuple[RallyMove, ...] = ()
) -> RallyStep:
    """One Rally space for :class:`Rally` ``steps`` (see there for ``n``)."""
    return (space, action, n, tuple(moves))


def rally_in(
    space: int,
    action: str = RALLY_PLACE,
    n: int = 1,
    moves: tuple[RallyMove, ...] = (),
    recall: tuple[Recall, ...] = (),
) -> Rally:
    """A Rally in 1 space, e.g. ``rally_in(huila)`` places 1 Guerrilla there and
    ``rally_in(huila, "regroup", moves=((meta_west, 2, 0, 0),))`` gathers Guerrillas."""
    return Rally(steps=(rally_step(space, action, n, moves),), recall=tuple(recall))


def resolve_rally(
    state: GameState,
    ctx: Context,
    space: int,
    action: str,
    n: int,
    moves: tuple[RallyMove, ...] = (),
) -> None:
    """Carry out one Rally space's procedure (3.3.1) for ``ctx.faction``, unpaid."""
    if action != RALLY_REGROUP and moves:
        raise IllegalAction("3.3.1", "only a regroup Rally moves Guerrillas in")
    if action == RALLY_PLACE:
        _rally_place(state, ctx, space, n)
    elif action == RALLY_BASE:
        _rally_base(state, ctx, space, n)
    elif action == RALLY_REGROUP:
        _rally_regroup(state, ctx, space, moves)
    else:
        raise IllegalAction("3.3.1", f"unknown Rally action {action!r}: one of {RALLY_ACTIONS}")


def _rally_place(state: GameState, ctx: Context, space: int, n: int) -> None:
    f = ctx.faction
    _check_count(n, "Guerrillas placed", "3.3.1")
    limit = rally_rule_limit(state, f, space)
    if n > limit:
        raise IllegalAction(
            "3.3.1", f"Rally may place at most {limit} Guerrillas in {space_name(space)}"
        )
    available = state.available_guerrillas(f)
    if n > available:
        raise IllegalAction("1.4.1", f"only {available} {f.label} Guerrillas Available")
    if n == 0 and available and not state.bases(space, f):
        raise IllegalAction("3.3.1", "Rally without a Base there places 1 Available Guerrilla")
    state.place(space, UNDERGROUND_OF[f], n)
    ctx.say(f"Rally in {_name(space)}: place {_g(f, n)}" if n
            else f"Rally in {_name(space)}: no {f.label} Guerrilla Available to place")


def _rally_base(state: GameState, ctx: Context, space: int, active: int) -> None:
    f = ctx.faction
    if not isinstance(active, int) or not 0 <= active <= 2:
        raise IllegalAction("3.3.1", "a Base replaces 2 Guerrillas: 0-2 of them Active")
    error = _rally_base_error(state, f, space)
    if error is not None:
        raise error
    if state.active(space, f) < active or state.underground(space, f) < 2 - active:
        raise IllegalAction(
            "3.3.1", f"not {active} Active and {2 - active} Underground Guerrillas there"
        )
    state.remove(space, ACTIVE_OF[f], active)
    state.remove(space, UNDERGROUND_OF[f], 2 - active)
    state.place(space, BASE_OF[f])
    article = "an" if f.label[0] in "AEIOU" else "a"
    ctx.say(f"Rally in {_name(space)}: replace 2 {f.label} Guerrillas "
            f"with {article} {f.label} Base")


def _rally_regroup(
    state: GameState, ctx: Context, space: int, moves: tuple[RallyMove, ...]
) -> None:
    f = ctx.faction
    if not state.bases(space, f):
        raise IllegalAction("3.3.1", f"no {f.label} Base in {space_name(space)} to Rally to")
    for move in moves:
        src, underground, active, shipments = move
        _check_space_id(src, "3.3.1")
        for value, what in ((underground, "Underground"), (active, "Active"), (shipments, "Ship")):
            _check_count(value, what, "3.3.1")
        if src == space or underground + active == 0:
            raise IllegalAction("3.3.1", "each Rally move brings 1+ Guerrillas from elsewhere")
        _move_group(state, f, src, space, underground, active, shipments)
        ctx.say(
            f"Rally in {_name(space)}: move {_g(f, underground + active)} in from {_name(src)}"
            + (f" with {counted(shipments, 'Shipment')}" if shipments else "")
        )
    flipped = state.flip(space, f, state.active(space, f), to_active=False)
    ctx.say(f"Rally in {_name(space)}: flip {_g(f, flipped)} Underground" if flipped
            else f"Rally in {_name(space)}: no Active {f.label} Guerrilla to flip Underground")


def _move_group(
    state: GameState, f: Faction, src: int, dst: int, underground: int, active: int, ships: int
) -> None:
    """Move Guerrillas with ``ships`` of ``f``'s Shipments held in ``src`` (4.5.3)."""
    if ships and len(state.shipments_at(src, f)) < ships:
        raise IllegalAction("4.5.3", f"{f.label} hold fewer than {ships} Shipments there")
    state.move(src, dst, UNDERGROUND_OF[f], underground, shipments=ships if underground else 0)
    state.move(src, dst, ACTIVE_OF[f], active, shipments=0 if underground else ships)


@command
class Rally(Operation):
    """Rally (3.3.1): augment or recover friendly forces; 1 Resource per space.

    Fields:

    * ``steps``: the selected spaces in order, each ``(space, action, n, moves)``:

      - ``("place", n)``: place ``n`` Available Guerrillas Underground: 1, or with 1+ own
        Base there up to Bases + Pop (0 only when none is Available, or "up to" with a
        Base).
      - ``("base", n)``: replace 2 own Guerrillas there, ``n`` of them Active, with 1 own
        Base (needs an Available Base and room under 2 Bases, 1.4.2).
      - ``("regroup", moves)``: with 1+ own Base there, move Guerrillas in from any
        spaces, each move ``(from space, Underground, Active, Shipments)``, then flip all
        own Guerrillas there Underground. ``n`` is unused (0).
    * ``recall``: own pieces removed to Available before the Rally (1.4.1 bullet 2),
      each ``(space, piece kind, count)``; for player Factions only.

    FARC may not select spaces with Support, AUC spaces with Opposition.
    """

    steps: "tuple[RallyStep, ...]"
    recall: "tuple[Recall, ...]" = ()
    name = "Rally"
    factions = frozenset(INSURGENTS)

    def spaces(self) -> tuple[int, ...]:
        return tuple(step[0] for step in self.steps)

    def execute(self, state: GameState, ctx: Context) -> None:
        check_selection(self, ctx)
        recall_own_pieces(state, ctx, self.recall)
        for space, action, n, moves in self.steps:
            _check_space_id(space, "3.3.1")
            problem = rally_problem(state, ctx.faction, space)
            if problem is not None:
                raise IllegalAction("3.3.1", problem)
            ctx.pay(state, 1, "3.3.1")
            resolve_rally(state, ctx, space, action, n, moves)


# ======================================================================================
# March (3.3.2)
# ======================================================================================
def march_destinations(state: GameState, faction: Faction, src: int) -> list[int]:
    """Spaces adjacent to ``src`` and in play, where its Guerrillas may March (3.3.2),
    with room for them (Ecuador, card 33: 2 pieces per Faction)."""
    in_play, room = state.in_play, state.room
    return [a for a in SPACES[src].adjacent if in_play(a) and room(a, faction) > 0]


def march_would_activate(state: GameState, faction: Faction, dst: int, group: int) -> bool:
    """Whether a March group of ``group`` Guerrillas entering ``dst`` now turns Active
    (3.3.2): ``dst`` is a LoC or has Support (AUC: Support or Opposition), AND the group
    plus the cubes in ``dst`` exceed 3 (AUC: FARC Guerrillas count as cubes)."""
    if SPACES[dst].is_loc:
        exposed = True
    elif faction is AUC:
        exposed = state.support[dst] != 0
    else:
        exposed = state.support[dst] > 0
    if not exposed:
        return False
    watchers = state.cubes(dst)
    if faction is AUC:
        watchers += state.guerrillas(dst, FARC)
    return group + watchers > 3


def march_cost(state: GameState, destinations: list[int] | tuple[int, ...]) -> int:
    """Resources a March costs: 1 per City or Department moved into, 0 for LoCs (3.3.2)."""
    return sum(1 for d in set(destinations) if not SPACES[d].is_loc)


def march_group(
    src: int, dst: int, underground: int = 0, active: int = 0, shipments: int = 0
) -> MarchGroup:
    """One :class:`March` group."""
    return (src, dst, underground, active, shipments)


@command
class March(Operation):
    """March (3.3.2): move Guerrillas into adjacent spaces.

    Fields:

    * ``groups``: the moving groups, resolved in order, each
      ``(from space, to space, Underground, Active, Shipments)``: how many of the
      Faction's Underground and Active Guerrillas move, and how many of the Shipments
      the Faction holds in the origin move with them (4.5.3). One group per pair of
      spaces; no Guerrilla moves more than once.

    Pays 1 Resource per City or Department moved into (0 for LoCs). A group turns Active
    when :func:`march_would_activate`. Origins are the selected spaces (``spaces()``);
    ``destinations()`` count for a Limited Operation (2.3.5). No March on the final Event
    card (2.3.9).
    """

    groups: "tuple[MarchGroup, ...]"
    name = "March"
    factions = frozenset(INSURGENTS)

    def spaces(self) -> tuple[int, ...]:
        return tuple(dict.fromkeys(g[0] for g in self.groups))

    def destinations(self) -> tuple[int, ...]:
        return tuple(dict.fromkeys(g[1] for g in self.groups))

    def execute(self, state: GameState, ctx: Context) -> None:
        check_faction(self, ctx)
        if ctx.final_card:
            raise IllegalAction("2.3.9", "no March on the final Event card")
        check_limited(self, ctx)
        pairs = [(g[0], g[1]) for g in self.groups]
        if len(set(pairs)) != len(pairs):
            raise IllegalAction("3.3.2", "Guerrillas moving between 2 spaces move as 1 group")
        f = ctx.faction
        unmoved = {
            (src, kind): state.count(src, kind)
            for src, *_ in self.groups
            if 0 <= src < len(SPACES)
            for kind in (UNDERGROUND_OF[f], ACTIVE_OF[f])
        }
        entered: set[int] = set()
        for group in self.groups:
            _march_group(state, ctx, group, unmoved, entered)


def _march_group(
    state: GameState,
    ctx: Context,
    group: MarchGroup,
    unmoved: dict[tuple[int, Piece], int],
    entered: set[int],
) -> None:
    f = ctx.faction
    src, dst, underground, active, shipments = group
    _check_space_id(src, "3.3.2")
    _check_space_id(dst, "3.3.2")
    for value, what in ((underground, "Underground"), (active, "Active"), (shipments, "Ship")):
        _check_count(value, what, "3.3.2")
    if underground + active == 0:
        raise IllegalAction("3.3.2", "a March group has 1+ Guerrillas")
    if not adjacent(src, dst) or not state.in_play(dst):
        raise IllegalAction("3.3.2", f"{space_name(dst)} is not adjacent to {space_name(src)}")
    for kind, n in ((UNDERGROUND_OF[f], underground), (ACTIVE_OF[f], active)):
        if unmoved[(src, kind)] < n:
            raise IllegalAction(
                "3.3.2", f"not {n} {kind.label} in {space_name(src)} that have not moved yet"
            )
        unmoved[(src, kind)] -= n
    if not SPACES[dst].is_loc and dst not in entered:
        ctx.pay(state, 1, "3.3.2")
    entered.add(dst)
    exposed = march_would_activate(state, f, dst, underground + active)
    _move_group(state, f, src, dst, underground, active, shipments)
    if exposed:
        state.activate(dst, f, underground)
    ctx.say(
        f"March: {_g(f, underground + active)} from {_name(src)} to {_name(dst)}"
        + (f" with {counted(shipments, 'Shipment')}" if shipments else "")
        + (" (Activated)" if exposed else "")
    )


# ======================================================================================
# Attack (3.3.3) and Ambush (4.3.2, 4.4.1)
# ======================================================================================
def _enemy_kinds(faction: Faction) -> tuple[Piece, ...]:
    return _ENEMY_KINDS[faction]


_ENEMY_KINDS = tuple(tuple(k for k in Piece if k.faction is not f) for f in Faction)
_PIECE_VALUES = frozenset(Piece)


def attack_problem(state: GameState, faction: Faction, space: int) -> str | None:
    """Why ``faction`` may not select ``space`` for Attack: it needs 1+ own Guerrilla
    and 1+ enemy piece there (3.3.3)."""
    if not state.in_play(space):
        return f"{space_name(space)} is not in play"
    if state.guerrillas(space, faction) == 0:
        return f"no {faction.label} Guerrilla in {space_name(space)}"
    if state.total_pieces(space) == state.faction_pieces(space, faction):
        return f"no enemy piece in {space_name(space)}"
    return None


def attack_spaces(state: GameState, faction: Faction) -> list[int]:
    """Spaces ``faction`` may select for Attack (3.3.3)."""
    # (Spaces without own Guerrillas are skipped unasked: attack_problem refuses them.)
    return [s.id for s in SPACES
            if state.guerrillas(s.id, faction) and attack_problem(state, faction, s.id) is None]


def _non_base_count(row: list[int], faction: Faction) -> int:
    return sum(row[k] for k in FACTION_KINDS[faction] if not k.is_base)


def _removal_error(
    state: GameState, faction: Faction, space: int, kinds: tuple[int, ...], most: int
) -> IllegalAction | None:
    row = state.row(space)
    if not kinds:
        return IllegalAction("3.3.3", "an Attack that succeeds removes 1+ enemy pieces")
    if len(kinds) > most:
        return IllegalAction("3.3.3", f"an Attack removes at most {most} enemy pieces")
    for kind in kinds:
        if kind not in _PIECE_VALUES:
            return IllegalAction("3.3.3", f"{kind!r} is not a piece kind")
        piece = PIECES[kind]
        if piece.faction is faction:
            return IllegalAction("3.3.3", "an Attack removes only enemy pieces")
        if row[piece] == 0:
            return IllegalAction("3.3.3", f"no {piece.label} to remove in {space_name(space)}")
        if piece.is_base and _non_base_count(row, piece.faction):
            return IllegalAction(
                "3.3.3", f"{piece.faction.label} Bases go last, after its cubes or Guerrillas"
            )
        row[piece] -= 1
    targeted = dict.fromkeys(PIECES[k].faction for k in kinds)
    return full_extent_error(
        len(kinds), most, {t: sum(row[k] for k in FACTION_KINDS[t]) for t in targeted}
    )


def removal_problem(
    state: GameState, faction: Faction, space: int, kinds: tuple[int, ...], most: int = 2
) -> str | None:
    """Why removing enemy pieces ``kinds`` (in order) from ``space`` is not a legal choice
    for ``faction``'s Attack (None if legal).

    Up to ``most`` (2) enemy pieces, Underground Guerrillas included; a Faction's Bases
    only once its cubes or Guerrillas there are gone (3.3.3, "Bases last"); at least 1
    target, and every targeted Faction loses pieces to the maximum extent (1.4.1).
    """
    error = _removal_error(state, faction, space, kinds, most)
    return None if error is None else error.message


def attack_target_options(
    state: GameState, faction: Faction, space: int
) -> list[tuple[Piece, ...]]:
    """Every legal choice of enemy pieces to remove by a successful Attack here (3.3.3)."""
    enemies = [k for k in _enemy_kinds(faction) if state.count(space, k)]
    options: set[tuple[Piece, ...]] = set()
    for n in (1, 2):
        for kinds in product(enemies, repeat=n):
            if removal_problem(state, faction, space, kinds) is None:
                options.add(tuple(kinds))
    return sorted(options)


def ambush_problem(state: GameState, faction: Faction, space: int) -> str | None:
    """Why ``faction`` may not Ambush in ``space`` (before its Attack is resolved): the
    Attack must be possible there and 1+ own Underground Guerrilla present (4.3.2)."""
    if faction not in (FARC, AUC):
        return f"{faction.label} cannot Ambush"
    problem = attack_problem(state, faction, space)
    if problem is not None:
        return problem
    if state.underground(space, faction) == 0:
        return f"no Underground {faction.label} Guerrilla in {space_name(space)}"
    return None


def ambush_spaces(state: GameState, faction: Faction) -> list[int]:
    """Spaces where an Attack of ``faction`` could be an Ambush (4.3.2, 4.4.1)."""
    return [s.id for s in SPACES if ambush_problem(state, faction, s.id) is None]


def attack_in(space: int, *kinds: int) -> AttackTarget:
    """One :class:`Attack` space: ``attack_in(huila, TROOPS, POLICE)``."""
    return (space, tuple(int(k) for k in kinds))


def resolve_attack(
    state: GameState,
    ctx: Context,
    space: int,
    kinds: tuple[int, ...],
    *,
    ambush: bool = False,
    activate: bool = True,
) -> bool:
    """Carry out one space's Attack (3.3.3) for ``ctx.faction``, unpaid; with
    ``ambush``, the Ambush procedure instead (4.3.2). Returns whether it succeeded.

    ``activate=False`` serves Events that Ambush "with any Guerrillas without
    Activating" (5.1.1): no Underground Guerrilla is then needed or flipped.
    """
    f = ctx.faction
    error = _removal_error(state, f, space, kinds, 2)
    if error is not None:
        raise error
    if ambush:
        if activate and state.underground(space, f) == 0:
            raise IllegalAction("4.3.2", f"Ambush needs an Underground {f.label} Guerrilla")
        flipped = state.activate(space, f, 1) if activate else 0
        ctx.say(f"Ambush in {_name(space)}: "
                + (f"Activate {_g(f, flipped)}; " if flipped else "") + "the Attack succeeds")
        success, captured = True, True
    else:
        flipped = state.activate(space, f, state.underground(space, f))
        roll = ctx.roll(state, f"Attack in {SPACES[space].name}")  # a saved key: short name
        success, captured = roll <= state.guerrillas(space, f), roll == 1
        ctx.say(
            f"Attack in {_name(space)}: "
            + (f"Activate {_g(f, flipped)}, " if flipped else "") + f"roll {roll} against "
            f"{state.guerrillas(space, f)}: {'success' if success else 'failure'}"
        )
    if success:
        for kind in kinds:
            state.remove(space, PIECES[kind], 1, capturer=f)
        ctx.say(f"Attack in {_name(space)}: remove {pieces_text(kinds)}")
    if captured:
        placed = state.place_up_to(space, UNDERGROUND_OF[f], 1)
        ctx.say(f"Captured Goods in {_name(space)}: place {_g(f, placed)}" if placed
                else f"Captured Goods in {_name(space)}: no {f.label} Guerrilla Available")
    return success


@command
class Attack(Operation):
    """Attack (3.3.3): try to eliminate enemy pieces; 1 Resource per space.

    Fields:

    * ``targets``: the selected spaces in order, each ``(space, kinds)``: the enemy
      piece kinds (:class:`~core.pieces.Piece` values, at most 2, in removal order)
      removed if the Attack succeeds. They may include Underground Guerrillas; a
      Faction's Bases go only after its cubes or Guerrillas there (3.3.3); a targeted
      Faction loses as many as possible (1.4.1). Build entries with :func:`attack_in`.

    In each space all own Guerrillas turn Active, then a die is rolled: success if it is
    no more than the own Guerrillas there. A 1 also places an Available Guerrilla
    (Captured Goods); removed Shipments pass to the Attacker (3.3.3). An accompanying
    :class:`Ambush` (``ctx.special``) replaces the procedure in its space (4.3.2).
    """

    targets: "tuple[AttackTarget, ...]"
    name = "Attack"
    factions = frozenset(INSURGENTS)

    def spaces(self) -> tuple[int, ...]:
        return tuple(t[0] for t in self.targets)

    def execute(self, state: GameState, ctx: Context) -> None:
        check_selection(self, ctx)
        ambush = ctx.special if isinstance(ctx.special, Ambush) else None
        if ambush is not None:
            check_faction(ambush, ctx)
            if ambush.space not in self.spaces():
                raise IllegalAction("4.3.2", "Ambush must be in a space selected for Attack")
        for space, kinds in self.targets:
            _check_space_id(space, "3.3.3")
            problem = attack_problem(state, ctx.faction, space)
            if problem is not None:
                raise IllegalAction("3.3.3", problem)
            ctx.pay(state, 1, "3.3.3")
            here = ambush is not None and ambush.space == space
            resolve_attack(state, ctx, space, tuple(kinds), ambush=here)
            if here:
                ctx.notes[_AMBUSH_NOTE] = space
        ctx.notes[_ATTACK_DONE_NOTE] = True


@command
class Ambush(SpecialActivity):
    """Ambush (4.3.2; AUC 4.4.1): ensure an Attack's success in 1 space.

    Fields:

    * ``space``: a space selected for the accompanying Attack, with 1+ own Underground
      Guerrilla before that Attack is resolved there.

    The Attack resolves it (see :func:`resolve_attack`): it Activates just 1 Underground
    Guerrilla, does not roll, succeeds and places 1 Available Guerrilla as if a 1 had been
    rolled. Executing the Ambush only checks it, so it may be declared before or after the
    Operation.
    """

    space: "int"
    name = "Ambush"
    factions = frozenset({FARC, AUC})
    accompanies = frozenset({"Attack"})

    def spaces(self) -> tuple[int, ...]:
        return (self.space,)

    def execute(self, state: GameState, ctx: Context) -> None:
        check_faction(self, ctx)
        op = ctx.op
        if op is None or op.name != "Attack":
            raise IllegalAction("4.1.1", "Ambush accompanies only an Attack")
        if self.space not in op.spaces():
            raise IllegalAction("4.3.2", "Ambush must be in a space selected for Attack")
        if ctx.notes.get(_ATTACK_DONE_NOTE):
            if ctx.notes.get(_AMBUSH_NOTE) != self.space:
                raise IllegalAction("4.3.2", "the Attack there was resolved without the Ambush")
            return
        _check_space_id(self.space, "4.3.2")
        problem = ambush_problem(state, ctx.faction, self.space)
        if problem is not None:
            raise IllegalAction("4.3.2", problem)
        ctx.say(f"{ctx.faction.label} will Ambush in {_name(self.space)}")


# ======================================================================================
# Terror (3.3.4)
# ======================================================================================
def terror_problem(state: GameState, faction: Faction, space: int) -> str | None:
    """Why ``faction`` may not select ``space`` for Terror: 1+ own Underground Guerrilla
    needed (3.3.4)."""
    if not state.in_play(space):
        return f"{space_name(space)} is not in play"
    if state.underground(space, faction) == 0:
        return f"no Underground {faction.label} Guerrilla in {space_name(space)}"
    return None


def terror_spaces(state: GameState, faction: Faction) -> list[int]:
    """Spaces ``faction`` may select for Terror (3.3.4)."""
    # (Spaces without own Underground Guerrillas are skipped unasked: terror_problem
    # refuses them.)
    return [s.id for s in SPACES
            if state.underground(s.id, faction) and terror_problem(state, faction, s.id) is None]


def terror_cost(spaces: list[int] | tuple[int, ...]) -> int:
    """1 Resource per City or Department, 0 per LoC (3.3.4)."""
    return sum(0 if SPACES[s].is_loc else 1 for s in spaces)


def resolve_terror(
    state: GameState, ctx: Context, space: int, *, activate: bool = True, markers: int = 1
) -> None:
    """One space's Terror procedure (3.3.4) for ``ctx.faction``, unpaid: Activate 1
    Underground Guerrilla; City/Department: Terror marker(s) and a shift toward Neutral
    (FARC: toward Active Opposition); LoC: Sabotage unless there already. Markers only
    while any of the 40 remain. ``activate=False`` / ``markers`` serve Events (5.1.1)."""
    f = ctx.faction
    if activate:
        state.activate(space, f, 1)
    done = [f"Activate 1 {f.label} Guerrilla"] if activate else []
    if SPACES[space].is_loc:
        if state.add_sabotage(space):
            done.append("place Sabotage")
    else:
        placed = state.add_terror(space, markers)
        if placed:
            done.append(f"place {placed} Terror")
        shifted = state.shift(space, -1) if f is FARC else state.shift_toward_neutral(space)
        if shifted:
            done.append(f"shift to {SUPPORT_LABELS[state.support[space]]}")
    ctx.say(f"Terror in {_name(space)}: " + (", ".join(done) or "no effect"))


def aid_cut(state: GameState, ctx: Context, spaces: int) -> int:
    """AUC Aid Cut (3.3.4): Aid -3 after Terror in 1 space, -5 in 2+; returns the change."""
    if spaces <= 0:
        return 0
    change = state.add_aid(-(AID_CUT_ONE_SPACE if spaces == 1 else AID_CUT_MORE_SPACES))
    ctx.say(f"Aid Cut: Aid {change:+d} (now {state.aid})")
    return change


def terror_in(*spaces: int) -> Terror:
    """A Terror in the given spaces: ``terror_in(huila, loc)``."""
    return Terror(where=tuple(spaces))


@command
class Terror(Operation):
    """Terror (3.3.4): Terror and Sabotage markers, shifts toward Neutral (FARC: toward
    Active Opposition); 1 Resource per City or Department, 0 per LoC.

    Fields:

    * ``where``: the selected spaces in order, each with 1+ own Underground Guerrilla.

    AUC Terror also cuts Aid by 3 (1 space) or 5 (2+ spaces), to no less than 0.
    """

    where: "tuple[int, ...]"
    name = "Terror"
    factions = frozenset(INSURGENTS)

    def spaces(self) -> tuple[int, ...]:
        return tuple(self.where)

    def execute(self, state: GameState, ctx: Context) -> None:
        check_selection(self, ctx)
        for space in self.where:
            _check_space_id(space, "3.3.4")
            problem = terror_problem(state, ctx.faction, space)
            if problem is not None:
                raise IllegalAction("3.3.4", problem)
            ctx.pay(state, 0 if SPACES[space].is_loc else 1, "3.3.4")
            resolve_terror(state, ctx, space)
        ctx.notes[TERROR_SPACES_NOTE] = list(self.where)
        if ctx.faction is AUC:
            aid_cut(state, ctx, len(self.where))


# ======================================================================================
# random legal commands (baseline bot, property tests)
# ======================================================================================
def _budget(state: GameState, faction: Faction) -> int:
    return state.resources[faction]


def _random_space_count(
    state: GameState, faction: Faction, candidates: list[int], most: int,
    rng: random.Random, limited: bool,
) -> int:
    """How many of ``candidates`` a random Operation selects at 1 Resource a space: 1
    when Limited (2.3.5), else 1 to ``most`` within the Resources; 0 when none."""
    budget = _budget(state, faction)
    if not candidates or budget < 1:
        return 0
    return 1 if limited else draw.randint(rng, 1, min(len(candidates), budget, most))


def _final_card_for(state: GameState, faction: Faction) -> bool:
    return state.phase == "card" and is_final_event_card(state) and not is_nonplayer(state, faction)


def random_rally(
    state: GameState, faction: Faction, rng: random.Random, limited: bool = False
) -> Rally | None:
    """A random legal Rally for ``faction`` paid from its Resources, or None."""
    candidates = rally_spaces(state, faction)
    k = _random_space_count(state, faction, candidates, 5, rng, limited)
    if not k:
        return None
    ctx = _quiet(faction)
    recall = _random_recall(state, faction, rng)
    sim = state  # never changed in place: each step runs on a clone of it
    if recall:
        sim = state.clone()
        recall_own_pieces(sim, ctx, recall)
    steps: list[RallyStep] = []
    for space in draw.sample(rng, candidates, k):
        if not rally_actions(sim, faction, space):  # e.g. Ecuador full (card 33)
            continue
        step = _random_rally_step(sim, faction, space, rng)
        trial = sim.clone()
        try:
            resolve_rally(trial, ctx, *step)
        except IllegalAction:  # e.g. a regroup beyond Ecuador's 2-piece limit (card 33)
            continue
        sim = trial
        steps.append(step)
    return Rally(steps=tuple(steps), recall=recall) if steps else None


def _random_recall(state: GameState, faction: Faction, rng: random.Random) -> tuple[Recall, ...]:
    """Sometimes (more often when none is Available) recall a Guerrilla or two (1.4.1)."""
    chance = 0.5 if state.available_guerrillas(faction) == 0 else 0.05
    if rng.random() >= chance:
        return ()
    kinds = (UNDERGROUND_OF[faction], ACTIVE_OF[faction])
    held = [(s.id, k) for s in SPACES for k in kinds if state.count(s.id, k)]
    if not held:
        return ()
    space, kind = draw.choice(rng, held)
    return ((space, int(kind), draw.randint(rng, 1, min(2, state.count(space, kind)))),)


def _random_rally_step(
    state: GameState, faction: Faction, space: int, rng: random.Random
) -> RallyStep:
    actions = rally_actions(state, faction, space)
    action = draw.choice(rng, actions)
    if action == RALLY_BASE:
        active = state.active(space, faction)
        low = max(0, 2 - state.underground(space, faction))
        return rally_step(space, RALLY_BASE, draw.randint(rng, low, min(2, active)))
    if action == RALLY_REGROUP:
        moves = _random_regroup_moves(state, faction, space, rng)
        return rally_step(space, RALLY_REGROUP, 0, moves)
    limit = rally_place_limit(state, faction, space)
    return rally_step(space, RALLY_PLACE, draw.randint(rng, min(1, limit), limit))


def _random_regroup_moves(
    state: GameState, faction: Faction, space: int, rng: random.Random
) -> tuple[RallyMove, ...]:
    sources = [s.id for s in SPACES if s.id != space and state.guerrillas(s.id, faction)]
    moves: list[RallyMove] = []
    for src in draw.sample(rng, sources, min(len(sources), draw.randint(rng, 0, 3))):
        left = [state.underground(src, faction), state.active(src, faction)]
        u, a = _random_split(left, rng)
        ships = draw.randint(rng, 0, len(state.shipments_at(src, faction)))
        moves.append((src, u, a, ships))
    return tuple(moves)


def random_march(
    state: GameState, faction: Faction, rng: random.Random, limited: bool = False
) -> March | None:
    """A random legal March for ``faction`` paid from its Resources, or None (also on
    the final Event card, where player Factions may not March, 2.3.9)."""
    if _final_card_for(state, faction):
        return None
    origins = [
        s.id
        for s in SPACES
        if state.guerrillas(s.id, faction) and march_destinations(state, faction, s.id)
    ]
    if not origins:
        return None
    budget = _budget(state, faction)
    pool = {src: [state.underground(src, faction), state.active(src, faction)] for src in origins}
    ships = {src: len(state.shipments_at(src, faction)) for src in origins}
    entered: set[int] = set()
    groups: list[MarchGroup] = []
    trial = _MarchTrial(state, faction)
    only = None
    if limited:
        reachable = {d for o in origins for d in march_destinations(state, faction, o)}
        affordable = sorted(d for d in reachable if SPACES[d].is_loc or budget >= 1)
        if not affordable:
            return None
        only = draw.choice(rng, affordable)
        origins = [o for o in origins if adjacent(o, only)]
    for src in draw.sample(rng, origins, draw.randint(rng, 1, len(origins))):
        dests = [only] if only is not None else march_destinations(state, faction, src)
        for dst in draw.sample(rng, dests, min(len(dests), draw.randint(rng, 1, 2))):
            fresh = not SPACES[dst].is_loc and dst not in entered
            if fresh and len([d for d in entered if not SPACES[d].is_loc]) >= budget:
                continue
            group = _random_group(pool[src], ships, src, dst, rng)
            if group is not None and trial.add(group):
                groups.append(group)
                entered.add(dst)
    return March(groups=tuple(groups)) if groups else None


class _MarchTrial:
    """A March executed group by group on a clone, for the random March: :meth:`add`
    says whether the groups so far plus one more make a legal March (e.g. within
    Ecuador's limit, card 33), running only the new group (groups resolve in order, so
    the earlier ones are already known legal) instead of the whole March again."""

    def __init__(self, state: GameState, faction: Faction) -> None:
        self.origin = state
        self.board = state  # never changed in place: add() works on a clone of it
        self.ctx = _quiet(faction)
        self.may_march = faction in March.factions  # else March.execute raises (3.0)
        self.unmoved: dict[tuple[int, Piece], int] = {}
        self.entered: set[int] = set()
        self.pairs: set[tuple[int, int]] = set()

    def add(self, group: MarchGroup) -> bool:
        src, dst = group[0], group[1]
        if not self.may_march or (src, dst) in self.pairs:  # one group per pair of spaces
            return False
        f = self.ctx.faction
        unmoved = dict(self.unmoved)
        if 0 <= src < len(SPACES):  # counted before any group moves, as March.execute does
            for kind in (UNDERGROUND_OF[f], ACTIVE_OF[f]):
                unmoved.setdefault((src, kind), self.origin.count(src, kind))
        board, entered = self.board.clone(), set(self.entered)
        try:
            _march_group(board, self.ctx, group, unmoved, entered)
        except IllegalAction:
            return False
        self.board, self.unmoved, self.entered = board, unmoved, entered
        self.pairs.add((src, dst))
        return True


def _random_split(left: list[int], rng: random.Random) -> tuple[int, int]:
    """Take 1+ of ``left`` = [Underground, Active] Guerrillas (which must not be empty)."""
    u = draw.randint(rng, 0, left[0])
    a = draw.randint(rng, 0, left[1])
    if u + a == 0:
        u, a = (1, 0) if left[0] else (0, 1)
    left[0] -= u
    left[1] -= a
    return u, a


def _random_group(
    left: list[int], ships: dict[int, int], src: int, dst: int, rng: random.Random
) -> MarchGroup | None:
    if left[0] + left[1] == 0:
        return None
    u, a = _random_split(left, rng)
    carried = draw.randint(rng, 0, ships[src])
    ships[src] -= carried
    return (src, dst, u, a, carried)


def random_attack(
    state: GameState, faction: Faction, rng: random.Random, limited: bool = False
) -> Attack | None:
    """A random legal Attack for ``faction`` paid from its Resources, or None."""
    candidates = attack_spaces(state, faction)
    k = _random_space_count(state, faction, candidates, 4, rng, limited)
    if not k:
        return None
    targets = []
    for space in draw.sample(rng, candidates, k):
        options = attack_target_options(state, faction, space)
        targets.append(attack_in(space, *draw.choice(rng, options)))
    return Attack(targets=tuple(targets))


def random_ambush(
    state: GameState, faction: Faction, attack: Attack, rng: random.Random
) -> Ambush | None:
    """A random legal Ambush to accompany ``attack`` (4.3.2), or None."""
    spaces = [s for s in attack.spaces() if ambush_problem(state, faction, s) is None]
    return Ambush(space=draw.choice(rng, spaces)) if spaces else None


def random_terror(
    state: GameState, faction: Faction, rng: random.Random, limited: bool = False
) -> Terror | None:
    """A random legal Terror for ``faction`` paid from its Resources, or None."""
    candidates = terror_spaces(state, faction)
    draw.shuffle(rng, candidates)
    budget = _budget(state, faction)
    wanted = 1 if limited else draw.randint(rng, 1, max(1, len(candidates)))
    chosen: list[int] = []
    for space in candidates:
        cost = 0 if SPACES[space].is_loc else 1
        if len(chosen) < wanted and cost <= budget:
            chosen.append(space)
            budget -= cost
    return Terror(where=tuple(chosen)) if chosen else None
