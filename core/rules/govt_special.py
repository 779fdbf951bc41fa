"""Government Special Activities (4.2): Air Lift, Air Strike and Eradicate.

A Special Activity accompanies an Operation (4.1); the Sequence of Play checks which
Operations it may accompany (4.1.1) before running it. Government Special Activities cost
no Resources.

* :class:`AirLift` (4.2.1) moves up to 3 Troops from 1 space to another.
* :class:`AirStrike` (4.2.2), with a Patrol, Sweep or Assault only, removes 1 Active
  Guerrilla (or, if the targeted Faction has no Guerrilla there, 1 of its Bases) in 1
  Department or LoC.
* :class:`Eradicate` (4.2.3) raises Aid +4 and removes all Cartels Bases in 1 Department
  with Cartels pieces, then shifts that or an adjacent Department toward Active
  Opposition, or if none can shift places a FARC Guerrilla.

FARC Zones do not stop Air Strike or Eradicate (6.4.4 PLAY NOTE), but Air Lift may not
land Troops in one (4.2.1, 1.4.2).

Lasting Events read here: Blackhawks (card 10, Capability 5.3), Plan Colombia (12) and
Misil Antiaéreo (27) Momentum (5.4).

>>> from tests.helpers import blank_state, put, sid
>>> from core.commands import Context
>>> state = blank_state()
>>> put(state, "Bogota", TROOPS, 5)
>>> AirLift(src=sid("Bogota"), dst=sid("Cali"), troops=3).execute(
...     state, Context(faction=GOVT))
>>> state.troops(sid("Cali"))
3
"""

from __future__ import annotations

import random
from typing import Any

from core import draw
from core.cards import BLACKHAWKS, MISIL_ANTIAEREO, PLAN_COLOMBIA, SHADED, UNSHADED
from core.commands import (
    Context,
    MaybeInt,
    Operation,
    SpecialActivity,
    check_faction,
    command,
)
from core.errors import IllegalAction
from core.map import space_name
from core.pieces import (
    ACTIVE_OF,
    BASE_OF,
    CARTELS,
    CARTELS_BASE,
    FARC_UNDERGROUND,
    GOVT,
    INSURGENTS,
    TROOPS,
    UNDERGROUND_OF,
    Faction,
    Piece,
)
from core.space import SPACES
from core.state import GameState
from core.words import counted

GOVT_ONLY = frozenset({GOVT})

AIR_LIFT_TROOPS = 3  # 4.2.1: up to 3 Troops
ERADICATE_AID = 4  # 4.2.3: Aid +4


def _name(space: int) -> str:
    return space_name(space)


def _check_space(state: GameState, space: Any, rule: str) -> None:
    if not isinstance(space, int) or not 0 <= space < len(SPACES):
        raise IllegalAction(rule, f"{space!r} is not a space")
    if not state.in_play(space):
        raise IllegalAction("1.3.5", f"{_name(space)} is not a space in play")


def _check_misil(state: GameState, space: int, sa: str) -> None:
    """Misil Antiaéreo (card 27, shaded Momentum): no Government Special Activity where
    there are Guerrillas (5.4)."""
    if state.momentum_in_effect(MISIL_ANTIAEREO) and state.all_guerrillas(space):
        raise IllegalAction(
            "5.4", f"Misil Antiaéreo (shaded): no {sa} in {_name(space)}, which has Guerrillas"
        )


def _misil_blocks(state: GameState, space: int) -> bool:
    return state.momentum_in_effect(MISIL_ANTIAEREO) and state.all_guerrillas(space) > 0


def _check_accompanies(sa: SpecialActivity, ctx: Context) -> None:
    """4.1.1: the Sequence of Play checks this too; repeated for Events that pass ctx.op."""
    op = ctx.op
    if sa.accompanies and op is not None and op.name not in sa.accompanies:
        raise IllegalAction("4.1.1", f"{sa.name} may not accompany {op.name}")


# ======================================================================================
# Air Lift (4.2.1)
# ======================================================================================
def air_lift_limit(state: GameState) -> int | None:
    """Most Troops one Air Lift moves: 3 (4.2.1); Blackhawks (card 10) unshaded: any
    number (None); shaded: only 1."""
    side = state.capability(BLACKHAWKS)
    if side == UNSHADED:
        return None
    return 1 if side == SHADED else AIR_LIFT_TROOPS


def _check_air_lift(state: GameState, src: int, dst: int, troops: int) -> None:
    _check_space(state, src, "4.2.1")
    _check_space(state, dst, "4.2.1")
    if src == dst:
        raise IllegalAction("4.2.1", "Air Lift moves Troops from 1 space to another")
    limit = air_lift_limit(state)
    if troops < 1:
        raise IllegalAction("4.2.1", "Air Lift moves at least 1 Troops cube")
    if limit is not None and troops > limit:
        rule = "5.3" if limit == 1 else "4.2.1"
        raise IllegalAction(rule, f"Air Lift moves up to {limit} Troops, not {troops}")
    if state.troops(src) < troops:
        raise IllegalAction("4.2.1", f"only {state.troops(src)} Troops in {_name(src)}")
    if state.farc_zone[dst]:
        raise IllegalAction("4.2.1", f"Air Lift may not land Troops in the FARC Zone {_name(dst)}")
    _check_misil(state, src, "Air Lift")
    _check_misil(state, dst, "Air Lift")


def air_lift_ok(state: GameState, src: int, dst: int, troops: int = 1) -> bool:
    """Whether Air Lift may move ``troops`` Troops from ``src`` to ``dst`` now (4.2.1)."""
    try:
        _check_air_lift(state, src, dst, troops)
    except IllegalAction:
        return False
    return True


def air_lift_destinations(state: GameState) -> list[int]:
    """Spaces Air Lift may land Troops in: in play, not FARC Zones, with room (Ecuador,
    card 33) (and, under Misil Antiaéreo, free of Guerrillas)."""
    return [
        s.id
        for s in SPACES
        if state.in_play(s.id)
        and not state.farc_zone[s.id]
        and not _misil_blocks(state, s.id)
        and state.room(s.id, GOVT) > 0
    ]


def air_lift_origins(state: GameState) -> list[int]:
    """Spaces with Troops that Air Lift may pick up."""
    return [s.id for s in SPACES if state.troops(s.id) and not _misil_blocks(state, s.id)]


@command
class AirLift(SpecialActivity):
    """Air Lift (4.2.1): move up to 3 Troops from 1 space to another (not a FARC Zone).

    May accompany any Operation. Blackhawks (card 10): unshaded any number of Troops,
    shaded only 1. Misil Antiaéreo (card 27, Momentum): neither space may hold Guerrillas.

    Fields:

    * ``src``: the space the Troops leave.
    * ``dst``: the space they land in.
    * ``troops``: how many Troops move.
    """

    src: "int"
    dst: "int"
    troops: "int"
    name = "Air Lift"
    factions = GOVT_ONLY

    def spaces(self) -> tuple[int, ...]:
        return (self.src, self.dst)

    def execute(self, state: GameState, ctx: Context) -> None:
        check_faction(self, ctx)
        _check_air_lift(state, self.src, self.dst, self.troops)
        state.move(self.src, self.dst, TROOPS, self.troops)
        ctx.say(f"Air Lift: {counted(self.troops, 'Troops')} fly from {_name(self.src)} "
                f"to {_name(self.dst)}")


def random_air_lift(
    state: GameState,
    faction: Faction,
    rng: random.Random,
    limited: bool = False,
    op: Operation | None = None,
) -> AirLift | None:
    """A random legal Air Lift, or None (also None for a Limited Operation, 2.3.5).
    ``op`` (the accompanying Operation) is accepted for a uniform signature."""
    if faction != GOVT or limited:
        return None
    origins = air_lift_origins(state)
    if not origins:
        return None
    src = draw.choice(rng, origins)
    dsts = [d for d in air_lift_destinations(state) if d != src]
    if not dsts:
        return None
    dst = draw.choice(rng, dsts)
    limit = air_lift_limit(state)
    most = state.troops(src) if limit is None else min(limit, state.troops(src))
    most = min(most, state.room(dst, GOVT))  # card 33: 2 per Faction in Ecuador
    return AirLift(src=src, dst=dst, troops=draw.randint(rng, 1, most))


# ======================================================================================
# Air Strike (4.2.2)
# ======================================================================================
def air_strike_targets(state: GameState, space: int) -> list[Piece]:
    """Piece kinds an Air Strike may remove in ``space`` (4.2.2): an Active Guerrilla, or
    a Base of a Faction with no Guerrilla there. Empty where Air Strike is barred (not a
    Department or LoC, Plan Colombia, Misil Antiaéreo)."""
    if state.momentum_in_effect(PLAN_COLOMBIA) or _misil_blocks(state, space):
        return []
    return air_strike_pieces(state, space)


def air_strike_pieces(state: GameState, space: int) -> list[Piece]:
    """The pieces of :func:`air_strike_targets` before Momentum and Capabilities bar it
    (4.2.2 alone): an Active Guerrilla, or a Base of a Faction with no Guerrilla there, in
    a Department or LoC in play."""
    s = SPACES[space]
    if not state.in_play(space) or not (s.is_department or s.is_loc):
        return []
    out = []
    for f in INSURGENTS:
        if state.active(space, f):
            out.append(ACTIVE_OF[f])
        elif state.guerrillas(space, f) == 0 and state.bases(space, f):
            out.append(BASE_OF[f])
    return out


def air_strike_spaces(state: GameState) -> list[int]:
    """Departments and LoCs where an Air Strike would remove a piece (4.2.2)."""
    return [s.id for s in SPACES if air_strike_targets(state, s.id)]


@command
class AirStrike(SpecialActivity):
    """Air Strike (4.2.2): in 1 Department or LoC (not a City), remove 1 Active Guerrilla
    or, if the targeted Faction has no Guerrillas there, 1 of its Bases.

    Accompanies only Patrol, Sweep or Assault (4.1.1). Plan Colombia (card 12, Momentum):
    no Air Strike. Misil Antiaéreo (card 27, Momentum): not where there are Guerrillas.
    A Shipment whose last holder is struck leaves the map without Drug Bust (3.2.5 is
    Assault's).

    Fields:

    * ``space``: the Department or LoC struck.
    * ``target``: the piece kind removed: an Active Guerrilla kind or an Insurgent Base
      kind (:class:`core.pieces.Piece` value).
    """

    space: "int"
    target: "int"
    name = "Air Strike"
    factions = GOVT_ONLY
    accompanies = frozenset({"Patrol", "Sweep", "Assault"})

    def spaces(self) -> tuple[int, ...]:
        return (self.space,)

    def execute(self, state: GameState, ctx: Context) -> None:
        check_faction(self, ctx)
        _check_accompanies(self, ctx)
        if state.momentum_in_effect(PLAN_COLOMBIA):
            raise IllegalAction("5.4", "Plan Colombia (shaded): no Air Strike")
        _check_space(state, self.space, "4.2.2")
        s = SPACES[self.space]
        if not (s.is_department or s.is_loc):
            raise IllegalAction(
                "4.2.2", f"Air Strike hits a Department or LoC, not {space_name(s)}")
        _check_misil(state, self.space, "Air Strike")
        kind = self._kind()
        f = kind.faction
        if state.count(self.space, kind) == 0:
            raise IllegalAction("4.2.2", f"no {kind.label} in {space_name(s)}")
        if kind.is_base and state.guerrillas(self.space, f):
            raise IllegalAction(
                "4.2.2", f"Air Strike hits a {f.label} Base only if no {f.label} Guerrilla is there"
            )
        state.remove(self.space, kind, 1)
        ctx.say(f"Air Strike in {space_name(s)}: remove {counted(1, kind.label)}")

    def _kind(self) -> Piece:
        try:
            kind = Piece(int(self.target))
        except ValueError:
            raise IllegalAction("4.2.2", f"{self.target!r} is not a piece kind") from None
        f = kind.faction
        if f is GOVT or kind is UNDERGROUND_OF[f]:
            raise IllegalAction(
                "4.2.2", f"Air Strike removes an Active Guerrilla or a Base, not {kind.label}"
            )
        return kind


def random_air_strike(
    state: GameState,
    faction: Faction,
    rng: random.Random,
    limited: bool = False,
    op: Operation | None = None,
) -> AirStrike | None:
    """A random legal Air Strike, or None (also None for a Limited Operation, 2.3.5, or
    when ``op``, the accompanying Operation if known, is not a Patrol, Sweep or Assault)."""
    if faction != GOVT or limited:
        return None
    if op is not None and op.name not in AirStrike.accompanies:
        return None
    spaces = air_strike_spaces(state)
    if not spaces:
        return None
    space = draw.choice(rng, spaces)
    return AirStrike(space=space, target=int(draw.choice(rng, air_strike_targets(state, space))))


# ======================================================================================
# Eradicate (4.2.3)
# ======================================================================================
def _can_shift_toward_opposition(state: GameState, space: int) -> bool:
    s = SPACES[space]
    return (
        s.is_department and state.in_play(space) and s.is_populated and state.support[space] > -2
    )


def eradicate_shift_options(state: GameState, space: int) -> list[int]:
    """Departments an Eradicate in ``space`` may shift 1 level toward Active Opposition:
    ``space`` itself or an adjacent Department, if not already at Active Opposition and
    with Population (4.2.3). Empty: place a FARC Guerrilla instead."""
    candidates = (space, *SPACES[space].adjacent)
    return [d for d in candidates if _can_shift_toward_opposition(state, d)]


def eradicate_spaces(state: GameState) -> list[int]:
    """Departments where Eradicate may take place: any with Cartels pieces (4.2.3), even
    a FARC Zone (6.4.4 PLAY NOTE); under Misil Antiaéreo only those free of Guerrillas."""
    return [
        s.id
        for s in SPACES
        if s.is_department
        and state.in_play(s.id)
        and state.faction_pieces(s.id, CARTELS)
        and not _misil_blocks(state, s.id)
    ]


@command
class Eradicate(SpecialActivity):
    """Eradicate (4.2.3) in 1 Department with Cartels pieces (even only Guerrillas).

    Aid +4 (to at most 29); remove all Cartels Bases there (whatever Guerrillas remain);
    then shift that or an adjacent Department 1 level toward Active Opposition if any can
    shift, else place 1 Available FARC Guerrilla in the Eradicate Department. May
    accompany any Operation. Misil Antiaéreo (card 27, Momentum): not where there are
    Guerrillas.

    Fields:

    * ``space``: the Department eradicated.
    * ``shift``: the Department shifted toward Active Opposition (``space`` or an
      adjacent one); None only when no such Department can shift.
    """

    space: "int"
    shift: "MaybeInt" = None
    name = "Eradicate"
    factions = GOVT_ONLY

    def spaces(self) -> tuple[int, ...]:
        return (self.space,)

    def execute(self, state: GameState, ctx: Context) -> None:
        check_faction(self, ctx)
        _check_space(state, self.space, "4.2.3")
        s = SPACES[self.space]
        if not s.is_department:
            raise IllegalAction(
                "4.2.3", f"Eradicate takes place in a Department, not {space_name(s)}")
        if state.faction_pieces(self.space, CARTELS) == 0:
            raise IllegalAction("4.2.3", f"Eradicate needs Cartels pieces in {space_name(s)}")
        _check_misil(state, self.space, "Eradicate")
        gained = state.add_aid(ERADICATE_AID)
        ctx.say(f"Eradicate in {space_name(s)}: Aid +{gained}")
        bases = state.bases(self.space, CARTELS)
        if bases:
            state.remove(self.space, CARTELS_BASE, bases)
            ctx.say(f"Eradicate in {space_name(s)}: remove {counted(bases, 'Cartels Base')}")
        self._shift_or_place(state, ctx)

    def _shift_or_place(self, state: GameState, ctx: Context) -> None:
        options = eradicate_shift_options(state, self.space)
        if options:
            if self.shift not in options:
                names = ", ".join(_name(d) for d in options)
                raise IllegalAction(
                    "4.2.3", f"Eradicate must shift one of {names} toward Active Opposition"
                )
            state.shift(self.shift, -1)
            ctx.say(f"Eradicate: shift {_name(self.shift)} toward Active Opposition")
            return
        if self.shift is not None:
            raise IllegalAction("4.2.3", f"{_name(self.shift)} cannot shift toward Opposition")
        if state.place_up_to(self.space, FARC_UNDERGROUND, 1):
            ctx.say(f"Eradicate: no Department can shift; place 1 FARC Guerrilla in "
                    f"{_name(self.space)}")
        else:
            ctx.say("Eradicate: no Department can shift and no FARC Guerrilla is Available")


def random_eradicate(
    state: GameState,
    faction: Faction,
    rng: random.Random,
    limited: bool = False,
    op: Operation | None = None,
) -> Eradicate | None:
    """A random legal Eradicate, or None (also None for a Limited Operation, 2.3.5).
    ``op`` (the accompanying Operation) is accepted for a uniform signature."""
    if faction != GOVT or limited:
        return None
    spaces = eradicate_spaces(state)
    if not spaces:
        return None
    space = draw.choice(rng, spaces)
    options = eradicate_shift_options(state, space)
    return Eradicate(space=space, shift=draw.choice(rng, options) if options else None)


__all__ = [
    "AirLift",
    "AirStrike",
    "Eradicate",
    "air_lift_destinations",
    "air_lift_limit",
    "air_lift_ok",
    "air_lift_origins",
    "air_strike_spaces",
    "air_strike_targets",
    "eradicate_shift_options",
    "eradicate_spaces",
    "random_air_lift",
    "random_air_strike",
    "random_eradicate",
]
