"""Non-player procedures (8.1.2), written once for all three Insurgents.

Unless a box says otherwise, once spaces are selected Non-players:

* place their Bases before Guerrillas (:func:`bases_first`);
* place Shipments with Underground Guerrillas before Active ones, and with Guerrillas that
  already hold Shipments (Shipments are tracked per space and Faction, so any own
  Guerrilla there holds it: see docs/architecture.md);
* remove enemy Bases, then Police, then Troops, then Underground Guerrillas, and lastly
  Active Guerrillas (:func:`enemy_removal`), within the rules' "Bases last" where the
  action has it;
* remove their own Active Guerrillas before Underground ones (:func:`own_removal`);
* use Shipments to place Bases first, then for +6 Resources (:func:`drug_profit_bases`);
* March as many Underground Guerrillas as possible without flipping them, and when
  Activation cannot be avoided move Active ones first (:func:`march_group`).
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from functools import cache
from importlib import resources

from core.pieces import (
    ACTIVE_OF,
    AUC,
    BASE_OF,
    FARC,
    GOVT,
    GOVT_BASE,
    POLICE,
    TROOPS,
    UNDERGROUND_OF,
    Faction,
    Piece,
)
from core.rules.insurgent_ops import march_would_activate
from core.space import SPACES
from core.state import GameState

#: 8.1.2 enemy removal order by piece type.
_ENEMY_TYPE_ORDER = ("base", "police", "troops", "underground", "active")


def _kind(faction: Faction, kind: str) -> Piece | None:
    if faction is GOVT:
        return {"base": GOVT_BASE, "police": POLICE, "troops": TROOPS}.get(kind)
    return {"base": BASE_OF[faction], "underground": UNDERGROUND_OF[faction],
            "active": ACTIVE_OF[faction]}.get(kind)


def enemy_removal(
    state: GameState,
    space: int,
    targets: Iterable[Faction],
    n: int,
    *,
    bases_last: bool = True,
    underground_ok: bool = True,
) -> list[Piece]:
    """Up to ``n`` enemy pieces to remove in ``space``, in 8.1.2 order.

    ``targets`` lists the targeted Factions in the box's priority (e.g. FARC, then the
    Government); within a Faction the 8.1.2 order applies (Bases, Police, Troops,
    Underground, Active). With ``bases_last`` a Faction's Base is taken only once its
    cubes/Guerrillas there are gone (3.2.4 NOTE, 3.3.3); ``underground_ok=False`` skips
    Underground Guerrillas (e.g. Assault, Air Strike).
    """
    left = list(state.row(space))
    out: list[Piece] = []
    for faction in targets:
        while len(out) < n:
            choice = None
            for kind_name in _ENEMY_TYPE_ORDER:
                kind = _kind(faction, kind_name)
                if kind is None or left[kind] == 0:
                    continue
                if kind_name == "underground" and not underground_ok:
                    continue
                if kind_name == "base" and bases_last and _others(left, faction):
                    continue
                choice = kind
                break
            if choice is None:
                break
            left[choice] -= 1
            out.append(choice)
    return out


def _others(left: list[int], faction: Faction) -> bool:
    if faction is GOVT:
        return bool(left[TROOPS] + left[POLICE])
    return bool(left[UNDERGROUND_OF[faction]] + left[ACTIVE_OF[faction]])


def own_removal(state: GameState, space: int, faction: Faction, n: int) -> list[Piece]:
    """Own Guerrillas to remove (e.g. when replacing 2 with a Base): Active first (8.1.2)."""
    active = min(n, state.active(space, faction))
    under = min(n - active, state.underground(space, faction))
    return [ACTIVE_OF[faction]] * active + [UNDERGROUND_OF[faction]] * under


def bases_first(base_room: int, bases_available: int, guerrillas: int) -> tuple[int, int]:
    """(Bases, Guerrillas) to place: Bases before Guerrillas (8.1.2)."""
    bases = max(0, min(base_room, bases_available))
    return bases, guerrillas


def drug_profit_bases(state: GameState, faction: Faction) -> list[int]:
    """Indices of ``faction``'s Shipments to turn into Bases: as many as availability and
    stacking allow, in Shipment order; the rest give +6 Resources (8.1.2, 6.3.3)."""
    out = []
    available = state.available_bases(faction)
    room: dict[int, int] = {}
    for i, s in enumerate(state.shipments):
        if s is None or s[1] != faction or available <= 0:
            continue
        space = s[0]
        # the shared stacking query (1.4.2 and Ecuador's 2 per Faction, card 33)
        free = room.setdefault(space, state.capacity(space, BASE_OF[faction]))
        if free > 0:
            out.append(i)
            room[space] = free - 1
            available -= 1
    return out


def activation_threshold(
    state: GameState, faction: Faction, dst: int, arriving: int = 0
) -> int | None:
    """How many Guerrillas may March into ``dst`` together and stay Underground (3.3.2),
    or None if any number can (the destination does not Activate)."""
    space = SPACES[dst]
    level = state.support[dst]
    activating = space.is_loc or level > 0 or (faction is AUC and level < 0)
    if not activating:
        return None
    cubes = state.cubes(dst)
    if faction is AUC:
        cubes += state.guerrillas(dst, FARC)
    return 3 - cubes - arriving


def march_group(
    state: GameState,
    faction: Faction,
    src: int,
    dst: int,
    keep: int = 0,
    want: int | None = None,
    arriving: int = 0,
    present: tuple[int, int] | None = None,
) -> tuple[int, int]:
    """(Underground, Active) Guerrillas of ``faction`` to March from ``src`` to ``dst``
    under 8.1.2, leaving ``keep`` behind and moving at most ``want`` (None: all).
    ``present``: the (Underground, Active) Guerrillas in ``src`` to move from, when not
    those on the board (some already moved in this March).

    No more move than stacking lets into ``dst`` (:meth:`GameState.capacity`: Ecuador's 2
    pieces per Faction, card 33); a caller sending several groups into one space passes
    the room the earlier ones left as ``want``.
    If the destination would Activate a large group (3.3.2), the group is kept small
    enough to stay Underground, Underground ones first (MARCH EXAMPLE: only 3 may go);
    a group with no Underground Guerrilla has nothing to keep Underground and is not kept
    small (8.6.2 "Marchez avec toutes les Guérillas AUC adjacentes").
    If even 1 would be Activated, the whole group still moves (8.1.1 do as much as
    possible), Active Guerrillas first, then Underground ones (up to ``want``).
    """
    if present is None:
        under, active = state.underground(src, faction), state.active(src, faction)
    else:
        under, active = present
    movable = max(0, under + active - keep)
    movable = min(movable, state.capacity(dst, UNDERGROUND_OF[faction]))
    if want is not None:
        movable = min(movable, want)
    # keep the Underground ones behind last: those left behind are Active first
    limit = activation_threshold(state, faction, dst, arriving)
    if limit is None or min(under, movable) == 0:
        # nothing to keep Underground (no Underground mover): the group is not kept small,
        # every Guerrilla that may go goes (8.6.2/8.5.2 all adjacent Guerrillas; 8.1.1)
        u = min(under, movable)
        return u, min(active, movable - u)
    if limit >= 1:
        u = min(under, movable, limit)
        a = min(active, movable - u, limit - u)
        return u, a
    # Activation cannot be avoided: an order, not a filter (8.1.2 "move Active pieces
    # first"; 8.1.1 do as much as possible): Active ones first, then Underground ones.
    a = min(active, movable)
    u = min(under, movable - a)
    return u, a


def stays_underground(
    state: GameState, faction: Faction, dst: int, groups: Iterable[tuple[int, int]]
) -> bool:
    """Whether the March groups ``(Underground, Active)`` that really move into ``dst``
    (:func:`march_group`) let the moving Guerrillas stay Underground: no group with an
    Underground Guerrilla turns Active (3.3.2). A group of Active Guerrillas only has
    nothing to keep Underground: it spoils nothing (8.6.2 « permet aux Guérillas des AUC
    se déplaçant de rester Dormantes », 8.7.2 « peuvent demeurer Dormantes »)."""
    return not any(u and march_would_activate(state, faction, dst, u + a) for u, a in groups)


#: What makes a March origin keep 1 Guerrilla back (8.5.2, 8.6.2, 8.7.2), as named in the
#: ``keep_one_where`` list of each flowchart's March box (``flowcharts/<faction>.toml``,
#: docs/flowcharts.md; reading docs/readings.md#r-march-base).
KEEP_CONDITIONS: dict[str, str] = {
    "own_base": "a Base of the Marching Faction",
    "any_base": "a Base of any Faction",
    "farc_piece": "any FARC piece",
}


def keep_rule(raw: object, where: str) -> tuple[str, ...]:
    """Check a ``keep_one_where`` list of a flowchart file (:data:`KEEP_CONDITIONS`)."""
    if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
        raise ValueError(f"{where}: keep_one_where must be a list of names")
    unknown = [x for x in raw if x not in KEEP_CONDITIONS]
    if unknown:
        raise ValueError(f"{where}: keep_one_where: unknown {', '.join(map(repr, unknown))}"
                         f" (known: {', '.join(KEEP_CONDITIONS)})")
    return tuple(raw)


@cache
def march_keep_rule(faction: Faction) -> tuple[str, ...]:
    """The ``keep_one_where`` list of ``faction``'s March box (read once from its
    flowchart file; the flowchart loader checks the same list)."""
    name = f"{faction.label.lower()}.toml"
    data = tomllib.loads(resources.files("flowcharts").joinpath(name).read_text("utf-8"))
    for node in data.get("node", []):
        if node.get("operation") == "March":
            return keep_rule(node.get("keep_one_where"), f"flowcharts/{name}: {node.get('id')}")
    raise ValueError(f"flowcharts/{name}: no March box")


def march_keep(state: GameState, faction: Faction, origin: int) -> int:
    """Guerrillas a Non-player March leaves behind in ``origin``: 1 where one of the
    conditions of the Faction's ``keep_one_where`` holds (:func:`march_keep_rule`): the
    FARC where any Faction's Base stands (the designer's FARC March example), the Cartels
    where a Cartels Base stands (8.5.2), the AUC where an AUC Base or any FARC piece
    stands (8.6.2); docs/readings.md#r-march-base."""
    for cond in march_keep_rule(faction):
        if cond == "own_base":
            hit = state.bases(origin, faction) > 0
        elif cond == "any_base":
            hit = state.all_bases(origin) > 0
        else:  # "farc_piece"
            hit = state.faction_pieces(origin, FARC) > 0
        if hit:
            return 1
    return 0
