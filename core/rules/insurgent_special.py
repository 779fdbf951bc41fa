"""Insurgent Special Activities (4.3-4.5), except Ambush.

A Special Activity (SA) is the extra action a Faction may add to a full Operation (4.1):
immediately before, during or after it, never with a Limited Operation (2.3.5). The
Sequence of Play (:class:`core.game.sequence.OperationAction`) runs the SA with
``ctx.op`` set to the Operation it accompanies; SAs that may only take place where their
Operation does (Kidnap, Assassinate) read the Operation's spaces from ``ctx.op.spaces()``.

==============  ==========  =====================  =========================================
SA              Faction     accompanies            where
==============  ==========  =====================  =========================================
Extort          FARC, AUC   any Operation          own Underground Guerrilla + own Control
Kidnap          FARC        Terror                 up to 3 Terror spaces: City, LoC or
                                                   Cartels Base; FARC Guerrillas > Police
Assassinate     AUC         Terror                 up to 3 Terror spaces; AUC Guerrillas >
                                                   Police
Cultivate       Cartels     Rally or March         1 City/Department, Pop > 0, Cartels
                                                   Guerrillas > Police
Process         Cartels     Rally or March         spaces with a Cartels Base
Bribe           Cartels     any Operation          up to 3 spaces, 3 Resources each
==============  ==========  =====================  =========================================

Each command carries every choice its Faction makes (spaces, targets, pieces); ``execute``
checks the choices against the rules as it applies them and raises
:class:`~core.errors.IllegalAction` naming the rule at the first one broken.

Besides the commands, this module offers *query helpers* for user interfaces and bots
(``extort_spaces``, ``kidnap_spaces``, ...: which spaces or pieces are legal right now)
and one *random legal command generator* per SA (``random_extort`` ...), our baseline
random bot. Every generator takes ``(state, faction, rng, limited=False, op=None)`` and
returns a command legal in ``state`` when accompanying ``op``, or ``None`` when the SA is
impossible (always ``None`` for a Limited Operation, which has no SA, 2.3.5).

Readings of the rules' open points are documented on each command and summarised here:

* Every SA must actually do something: at least 1 space (or, for Process, 1 Base or
  1 Shipment) is required; an empty SA would still let the 2nd Eligible take the Event.
* Kidnap's "AUC places 1 Available piece" is AUC's choice of Guerrilla or Base; the
  command records where AUC would take a Base. If the chosen kind cannot be placed
  (availability, stacking) AUC places the other kind if it can (1.4.1: ignore what
  cannot be placed).
* Drug Ransom takes *one* Shipment ("place the Shipment"), as 4.3.3's opening sentence
  says: "... or a Shipment from the Cartels".
* Process places Shipments "under any Guerrillas": of any Faction, since the aid sheet's
  "friendly unless otherwise specified" (3.3) is here otherwise specified.
* Bribe removes only *other* Factions' cubes, Guerrillas and Bases ("neutralize other
  Factions' units") but may flip any Guerrillas, Cartels' own included ("expose or hide
  Guerrillas"). "Remove or flip up to 2 Guerrillas" allows a mix (1 removed, 1 flipped).
  Flipping its own Guerrillas needs no other Faction's pieces there. "Up to" yields to
  1.4.1: once a Faction's pieces are removed or Activated it is targeted, and its pieces
  are taken up to the limit of 2 while any remain (at least 1 piece in all;
  readings.md#r-bribe-extent).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from core import draw
from core.commands import (
    Context,
    MaybeInt,
    SpecialActivity,
    check_distinct,
    check_faction,
    command,
)
from core.dice import tell
from core.errors import IllegalAction
from core.map import space_name
from core.pieces import (
    ACTIVE_OF,
    AUC,
    AUC_BASE,
    AUC_UNDERGROUND,
    CARTELS,
    CARTELS_BASE,
    FARC,
    GOVT,
    INSURGENTS,
    PIECES,
    POLICE,
    TROOPS,
    UNDERGROUND_OF,
    Faction,
    Piece,
    as_piece,
)
from core.rules.common import full_extent_error
from core.space import SPACES
from core.state import GameState
from core.words import counted

MAX_KIDNAP_SPACES = 3  # 4.3.3
MAX_ASSASSINATE_SPACES = 3  # 4.4.2
MAX_BRIBE_SPACES = 3  # 4.5.4
BRIBE_COST = 3  # 4.5.4
PROCESS_GAIN = 3  # 4.5.2: +3 Cartels Resources per Base removed
MAX_PROCESS_SHIPMENTS = 2  # 4.5.2
KIDNAP_AUC_ROLL = 6  # 4.3.3: on a "6" AUC places 1 Available piece

_CUBES = (TROOPS, POLICE)
_GUERRILLA_KINDS = tuple(k for f in INSURGENTS for k in (UNDERGROUND_OF[f], ACTIVE_OF[f]))


# ======================================================================================
# shared helpers
# ======================================================================================
def _name(space: int) -> str:
    return space_name(space)


def _check_space_ids(spaces: tuple[int, ...], rule: str) -> None:
    for s in spaces:
        if not isinstance(s, int) or not 0 <= s < len(SPACES):
            raise IllegalAction(rule, f"{s!r} is not a space")


def _check_selection(spaces: tuple[int, ...], limit: int | None, rule: str, what: str) -> None:
    """At least 1 space, at most ``limit``, each once (3.1, 4.1)."""
    _check_space_ids(spaces, rule)
    if not spaces:
        raise IllegalAction(rule, f"{what} must select at least 1 space")
    if limit is not None and len(spaces) > limit:
        raise IllegalAction(rule, f"{what} may take place in up to {counted(limit, 'space')}")
    check_distinct(spaces, what)


def _accompanying(sa: SpecialActivity, ctx: Context, *, required: bool) -> Any:
    """The Operation ``sa`` accompanies, checked against 4.1.1 (None if none and allowed).

    SAs whose spaces are those of their Operation (Kidnap, Assassinate) need it; the
    others accept none (a free SA granted by an Event, 3.1.2).
    """
    op = ctx.op
    if op is None:
        if required:
            raise IllegalAction("4.1.1", f"{sa.name} must accompany a {_names(sa)} Operation")
        return None
    if sa.accompanies and op.name not in sa.accompanies:
        raise IllegalAction("4.1.1", f"{sa.name} may not accompany {op.name}")
    return op


def _names(sa: SpecialActivity) -> str:
    return " or ".join(sorted(sa.accompanies))


def _op_fits(op: Any, names: frozenset[str]) -> bool:
    """Whether a random generator may pair its SA with ``op`` (None = no Operation)."""
    return op is None or op.name in names


def _as_faction(value: Any) -> Faction:
    """Accept Faction, int or name (commands rebuilt from JSON carry names)."""
    if isinstance(value, Faction):
        return value
    if isinstance(value, int):
        return Faction(value)
    return Faction.parse(value)


def _piece(value: int) -> Piece:
    try:
        return as_piece(value)
    except ValueError:
        raise IllegalAction("1.4", f"{value!r} is not a kind of piece") from None


def _sample_nonempty(rng: random.Random, items: list[Any], limit: int) -> list[Any]:
    """1 to ``limit`` distinct items of ``items`` in random order."""
    k = draw.randint(rng, 1, min(limit, len(items)))
    return draw.sample(rng, items, k)


def _pieces_list(state: GameState, space: int, kinds: tuple[Piece, ...]) -> list[Piece]:
    """One entry per piece of ``kinds`` in ``space`` (to pick distinct pieces at random)."""
    return [k for k in kinds for _ in range(state.count(space, k))]


# ======================================================================================
# Extort (4.3.1 FARC, 4.4.1 AUC)
# ======================================================================================
def _extort_rule(faction: Faction) -> str:
    return "4.4.1" if faction is AUC else "4.3.1"


def extort_problem(state: GameState, faction: Faction, space: int) -> str | None:
    """Why ``faction`` cannot Extort in ``space`` (None if it can).

    4.3.1: any space, LoCs included, where the Faction has at least 1 Underground
    Guerrilla and Controls the space (its pieces outnumber all others combined, 1.8).
    """
    if not state.in_play(space):
        return f"{_name(space)} is not a space in play"
    if state.underground(space, faction) == 0:
        return f"no Underground {faction.label} Guerrilla in {_name(space)}"
    if not state.faction_controls(space, faction):
        return f"{faction.label} does not Control {_name(space)}"
    return None


def extort_spaces(state: GameState, faction: Faction) -> list[int]:
    """Spaces where ``faction`` (FARC or AUC) may Extort now (4.3.1, 4.4.1)."""
    if faction not in (FARC, AUC):
        return []
    return [s.id for s in SPACES if extort_problem(state, faction, s.id) is None]


@command
class Extort(SpecialActivity):
    """Extort (4.3.1 FARC; 4.4.1 AUC "the same as FARC but using AUC forces").

    In each selected space, which must hold at least 1 Underground Guerrilla of the
    executing Faction and be Controlled by it (its pieces outnumber all enemies, 1.8;
    LoCs included), Activate 1 Underground Guerrilla and add +1 Resource. Accompanies any
    Operation and costs nothing.

    Fields:
        where: the spaces where the Faction Extorts (at least 1, each once).
    """

    where: "tuple[int, ...]" = ()
    name = "Extort"
    factions = frozenset({FARC, AUC})

    def spaces(self) -> tuple[int, ...]:
        return self.where

    def execute(self, state: GameState, ctx: Context) -> None:
        check_faction(self, ctx)
        faction = ctx.faction
        rule = _extort_rule(faction)
        _accompanying(self, ctx, required=False)
        _check_selection(self.where, None, rule, "Extort")
        # "Simultaneously" (4.3.1): every space must qualify before any is Activated.
        for space in self.where:
            problem = extort_problem(state, faction, space)
            if problem:
                raise IllegalAction(rule, f"Extort: {problem}")
        for space in self.where:
            state.activate(space, faction, 1)
            got = state.add_resources(faction, 1)
            ctx.say(
                f"Extort in {_name(space)}: activate 1 {faction.label} Guerrilla, "
                f"{faction.label} Resources +{got}"
            )


def random_extort(
    state: GameState,
    faction: Faction,
    rng: random.Random,
    limited: bool = False,
    op: Any = None,
) -> Extort | None:
    """A random legal Extort in 1+ of the qualifying spaces, or None."""
    if limited:
        return None
    candidates = extort_spaces(state, faction)
    if not candidates:
        return None
    return Extort(where=tuple(_sample_nonempty(rng, candidates, len(candidates))))


# ======================================================================================
# Kidnap (4.3.3)
# ======================================================================================
def kidnap_problem(state: GameState, space: int) -> str | None:
    """Why FARC cannot Kidnap in ``space`` (None if it can, once Terror selects it).

    4.3.3: a City, a LoC or a space with a Cartels Base, with more FARC Guerrillas than
    Police.
    """
    s = SPACES[space]
    if not state.in_play(space):
        return f"{space_name(s)} is not a space in play"
    if not (s.is_city or s.is_loc or state.bases(space, CARTELS)):
        return f"{space_name(s)} is not a City or LoC and has no Cartels Base"
    if state.guerrillas(space, FARC) <= state.police(space):
        return f"{space_name(s)} does not have more FARC Guerrillas than Police"
    return None


def kidnap_targets(state: GameState, space: int) -> list[Faction]:
    """Factions FARC may target by Kidnap in ``space`` (4.3.3): the Government in a City
    or LoC, the Cartels where they have 1 or 2 Bases."""
    out = []
    if SPACES[space].is_city or SPACES[space].is_loc:
        out.append(GOVT)
    if state.bases(space, CARTELS):
        out.append(CARTELS)
    return out


def kidnap_spaces(state: GameState, terror_spaces: tuple[int, ...] | list[int]) -> list[int]:
    """Of the spaces selected for the FARC Terror, those where FARC may Kidnap (4.3.3)."""
    return [s for s in dict.fromkeys(terror_spaces) if kidnap_problem(state, s) is None]


@command
class Kidnap(SpecialActivity):
    """Kidnap (4.3.3): FARC takes Resources from the Government or the Cartels, or a
    Shipment from the Cartels, at a small risk of AUC growth.

    Only with a Terror Operation, in up to 3 spaces that were or will be selected for that
    Terror (``ctx.op.spaces()``), that are a City, a LoC or have a Cartels Base, and that
    have more FARC Guerrillas than Police. In each, target the Government (City or LoC)
    or the Cartels (Cartels Base there); roll a die and transfer that many Resources from
    the target to FARC (no more than the target has). On a "6", AUC places 1 Available
    piece there within stacking: a Guerrilla, or a Base where ``auc_bases`` says so
    (AUC's choice); if that kind cannot be placed, the other is, if possible.

    DRUG RANSOM: targeting the Cartels where they hold a Shipment, do not roll: 1 such
    Shipment passes to a FARC Guerrilla there.

    Fields:
        where: the Kidnap spaces, in order of resolution (1 to 3, each once).
        targets: the Faction targeted in each space, aligned with ``where``; empty means
            the Government where the space is a City or LoC, else the Cartels.
        auc_bases: spaces of ``where`` where AUC would place a Base rather than a
            Guerrilla on a "6" (never a LoC, 1.4.2).
    """

    where: "tuple[int, ...]" = ()
    targets: "tuple[Faction, ...]" = ()
    auc_bases: "tuple[int, ...]" = ()
    name = "Kidnap"
    factions = frozenset({FARC})
    accompanies = frozenset({"Terror"})

    def __post_init__(self) -> None:
        object.__setattr__(self, "targets", tuple(_as_faction(t) for t in self.targets))

    def spaces(self) -> tuple[int, ...]:
        return self.where

    def target(self, index: int) -> Faction:
        """The Faction targeted in ``where[index]`` (default: Government if possible)."""
        if self.targets:
            return self.targets[index]
        space = self.where[index]
        s = SPACES[space]
        return GOVT if (s.is_city or s.is_loc) else CARTELS

    def execute(self, state: GameState, ctx: Context) -> None:
        check_faction(self, ctx)
        op = _accompanying(self, ctx, required=True)
        _check_selection(self.where, MAX_KIDNAP_SPACES, "4.3.3", "Kidnap")
        self._check_choices()
        terror = set(op.spaces())
        for i, space in enumerate(self.where):
            if space not in terror:
                raise IllegalAction("4.3.3", f"Kidnap: {_name(space)} is not a Terror space")
            problem = kidnap_problem(state, space)
            if problem:
                raise IllegalAction("4.3.3", f"Kidnap: {problem}")
            self._kidnap(state, ctx, space, self.target(i))

    def _check_choices(self) -> None:
        if self.targets and len(self.targets) != len(self.where):
            raise IllegalAction("4.3.3", "Kidnap: name one target per space")
        for space in self.auc_bases:
            if space not in self.where:
                raise IllegalAction("4.3.3", f"Kidnap: {space!r} is not a Kidnap space")
            if SPACES[space].is_loc:
                raise IllegalAction("1.4.2", "Bases may not occupy LoCs")

    def _kidnap(self, state: GameState, ctx: Context, space: int, target: Faction) -> None:
        if target not in kidnap_targets(state, space):
            raise IllegalAction(
                "4.3.3",
                f"Kidnap may target the Government only in a City or LoC and the Cartels "
                f"only where they have a Base, not {target.label} in {_name(space)}",
            )
        held = state.shipments_at(space, CARTELS)
        if target is CARTELS and held:
            state.transfer_shipment(held[0], FARC)
            ctx.say(f"Kidnap in {_name(space)}: Drug Ransom, a Cartels Shipment passes to FARC")
            return
        roll = ctx.roll(state, f"Kidnap in {SPACES[space].name}")  # a saved key: short name
        got = state.transfer_resources(target, FARC, roll)
        ctx.say(
            f"Kidnap in {_name(space)}: roll {roll}, {got} Resources "
            f"from {target.label} to FARC"
        )
        # a typed die says at once what it chose, as a random space's dice do (issue 43)
        tell(ctx.dice, f"-> {counted(got, 'Resource')} from {target.label} to FARC")
        if roll == KIDNAP_AUC_ROLL:
            self._auc_reaction(state, ctx, space)

    def _auc_reaction(self, state: GameState, ctx: Context, space: int) -> None:
        guerrilla, base = AUC_UNDERGROUND, AUC_BASE
        order = (base, guerrilla) if space in self.auc_bases else (guerrilla, base)
        for kind in order:
            if state.can_place(space, kind):
                state.place(space, kind)
                ctx.say(f"Kidnap rolled a 6: AUC places {counted(1, kind.label)} in {_name(space)}")
                tell(ctx.dice, f"-> a 6: AUC places {counted(1, kind.label)} in "
                     f"{_name(space)}")
                return
        ctx.say(f"Kidnap rolled a 6: AUC has no piece it can place in {_name(space)}")
        tell(ctx.dice, f"-> a 6: AUC has no piece it can place in {_name(space)}")


def random_kidnap(
    state: GameState,
    faction: Faction,
    rng: random.Random,
    limited: bool = False,
    op: Any = None,
) -> Kidnap | None:
    """A random legal Kidnap accompanying the FARC Terror ``op``, or None."""
    if limited or faction is not FARC or op is None or op.name != "Terror":
        return None
    candidates = kidnap_spaces(state, op.spaces())
    if not candidates:
        return None
    chosen = _sample_nonempty(rng, candidates, MAX_KIDNAP_SPACES)
    targets = tuple(draw.choice(rng, kidnap_targets(state, s)) for s in chosen)
    auc_bases = tuple(s for s in chosen if not SPACES[s].is_loc and rng.random() < 0.5)
    return Kidnap(where=tuple(chosen), targets=targets, auc_bases=auc_bases)


# ======================================================================================
# Assassinate (4.4.2)
# ======================================================================================
def assassinate_problem(state: GameState, space: int) -> str | None:
    """Why AUC cannot Assassinate in ``space`` (None if it can, once Terror selects it).

    4.4.2: AUC Guerrillas outnumber Police, and there is an enemy piece to remove.
    """
    if not state.in_play(space):
        return f"{_name(space)} is not a space in play"
    if state.guerrillas(space, AUC) <= state.police(space):
        return f"AUC Guerrillas do not outnumber Police in {_name(space)}"
    if not assassinate_targets(state, space):
        return f"no enemy piece in {_name(space)}"
    return None


def assassinate_targets(state: GameState, space: int) -> list[Piece]:
    """Kinds of enemy pieces AUC may Assassinate in ``space``: any (4.4.2), Bases and
    Underground Guerrillas included."""
    return [k for k in PIECES if k.faction is not AUC and state.count(space, k)]


def assassinate_spaces(
    state: GameState, terror_spaces: tuple[int, ...] | list[int]
) -> list[int]:
    """Of the spaces selected for the AUC Terror, those where AUC may Assassinate."""
    return [s for s in dict.fromkeys(terror_spaces) if assassinate_problem(state, s) is None]


@command
class Assassinate(SpecialActivity):
    """Assassinate (4.4.2): AUC removes any 1 enemy piece in each of up to 3 spaces
    selected for its Terror (``ctx.op.spaces()``) where AUC Guerrillas outnumber Police,
    even a Base with Guerrillas present or an Underground Guerrilla.

    COMMANDEER: a Shipment forced off by the removal (its holder Faction has no Guerrilla
    left there) passes to an AUC Guerrilla in the space.

    Fields:
        where: the Assassination spaces (1 to 3, each once).
        targets: the kind of enemy piece (:class:`~core.pieces.Piece` value) removed in
            each space, aligned with ``where``.
    """

    where: "tuple[int, ...]" = ()
    targets: "tuple[int, ...]" = ()
    name = "Assassinate"
    factions = frozenset({AUC})
    accompanies = frozenset({"Terror"})

    def spaces(self) -> tuple[int, ...]:
        return self.where

    def execute(self, state: GameState, ctx: Context) -> None:
        check_faction(self, ctx)
        op = _accompanying(self, ctx, required=True)
        _check_selection(self.where, MAX_ASSASSINATE_SPACES, "4.4.2", "Assassinate")
        if len(self.targets) != len(self.where):
            raise IllegalAction("4.4.2", "Assassinate: name 1 enemy piece per space")
        terror = set(op.spaces())
        for space, value in zip(self.where, self.targets):
            if space not in terror:
                raise IllegalAction("4.4.2", f"Assassinate: {_name(space)} is not a Terror space")
            problem = assassinate_problem(state, space)
            if problem:
                raise IllegalAction("4.4.2", f"Assassinate: {problem}")
            kind = _piece(value)
            if kind.faction is AUC:
                raise IllegalAction("4.4.2", "Assassinate removes an enemy piece, not AUC's own")
            if not state.count(space, kind):
                raise IllegalAction("4.4.2", f"no {kind.label} in {_name(space)} to Assassinate")
            before = state.shipments_at(space, AUC)
            state.remove(space, kind, 1, capturer=AUC)
            ctx.say(f"Assassinate in {_name(space)}: remove {counted(1, kind.label)}")
            gained = len(state.shipments_at(space, AUC)) - len(before)
            if gained:
                ctx.say(f"Commandeer: {counted(gained, 'Shipment')} pass to AUC in {_name(space)}")


def random_assassinate(
    state: GameState,
    faction: Faction,
    rng: random.Random,
    limited: bool = False,
    op: Any = None,
) -> Assassinate | None:
    """A random legal Assassinate accompanying the AUC Terror ``op``, or None."""
    if limited or faction is not AUC or op is None or op.name != "Terror":
        return None
    candidates = assassinate_spaces(state, op.spaces())
    if not candidates:
        return None
    chosen = _sample_nonempty(rng, candidates, MAX_ASSASSINATE_SPACES)
    targets = tuple(int(draw.choice(rng, assassinate_targets(state, s))) for s in chosen)
    return Assassinate(where=tuple(chosen), targets=targets)


# ======================================================================================
# Cultivate (4.5.1)
# ======================================================================================
_RALLY_OR_MARCH = frozenset({"Rally", "March"})


def cultivate_problem(state: GameState, space: int) -> str | None:
    """Why ``space`` cannot be the Cultivate destination (None if it can).

    4.5.1: a Department or City with Population greater than 0, more Cartels Guerrillas
    than Police, and room for 1 more Base (stacking, 1.4.2).
    """
    s = SPACES[space]
    if not state.in_play(space):
        return f"{space_name(s)} is not a space in play"
    if s.is_loc:
        return f"{space_name(s)} is a LoC, not a Department or City"
    if s.pop <= 0:
        return f"{space_name(s)} has Population 0"
    if state.guerrillas(space, CARTELS) <= state.police(space):
        return f"{space_name(s)} does not have more Cartels Guerrillas than Police"
    if state.all_bases(space) >= 2:
        return f"{space_name(s)} already has 2 Bases (1.4.2)"
    return None


def cultivate_sources(state: GameState, destination: int) -> list[int]:
    """Spaces from which Cultivate may relocate a Cartels Base to ``destination``."""
    return [
        s.id
        for s in SPACES
        if s.id != destination and state.bases(s.id, CARTELS)
    ]


def cultivate_can_place(state: GameState, destination: int, op: Any) -> bool:
    """Whether Cultivate may instead place an Available Cartels Base in ``destination``:
    a Department selected for the Rally it accompanies (4.5.1)."""
    return (
        op is not None
        and op.name == "Rally"
        and destination in op.spaces()
        and SPACES[destination].is_department
        and state.can_place(destination, CARTELS_BASE)
    )


def cultivate_destinations(state: GameState, op: Any = None) -> list[int]:
    """Spaces where Cultivate can bring a Base now: a relocation source or (with a Rally
    in that Department) an Available Base exists."""
    return [
        s.id
        for s in SPACES
        if cultivate_problem(state, s.id) is None
        and (cultivate_sources(state, s.id) or cultivate_can_place(state, s.id, op))
    ]


@command
class Cultivate(SpecialActivity):
    """Cultivate (4.5.1): relocate or propagate a Cartels growing area.

    Only with a Rally or March. The destination is 1 Department or City with Population
    greater than 0 and more Cartels Guerrillas than Police. Relocate 1 Cartels Base from
    any other space to it (within stacking, 1.4.2); or, if the destination is a
    Department selected for the accompanying Rally (whether or not it just received a
    Guerrilla), place 1 Available Cartels Base there instead.

    Fields:
        space: the destination space.
        source: the space the relocated Base comes from, or None to place an Available
            Base (Rally Departments only).
    """

    space: "int" = 0
    source: "MaybeInt" = None
    name = "Cultivate"
    factions = frozenset({CARTELS})
    accompanies = _RALLY_OR_MARCH

    def spaces(self) -> tuple[int, ...]:
        return (self.space,)

    def execute(self, state: GameState, ctx: Context) -> None:
        check_faction(self, ctx)
        op = _accompanying(self, ctx, required=False)
        _check_space_ids((self.space,), "4.5.1")
        problem = cultivate_problem(state, self.space)
        if problem:
            raise IllegalAction("1.4.2" if "2 Bases" in problem else "4.5.1", problem)
        dest = _name(self.space)
        if self.source is None:
            if not (op is not None and op.name == "Rally" and self.space in op.spaces()):
                raise IllegalAction(
                    "4.5.1", "Cultivate places a Base only in a Department selected for Rally"
                )
            if not SPACES[self.space].is_department:
                raise IllegalAction("4.5.1", "Cultivate places a Base only in a Department")
            state.place(self.space, CARTELS_BASE)
            ctx.say(f"Cultivate in {dest}: place 1 Cartels Base")
            return
        _check_space_ids((self.source,), "4.5.1")
        if self.source == self.space:
            raise IllegalAction("4.5.1", "Cultivate relocates a Base from another space")
        if not state.bases(self.source, CARTELS):
            raise IllegalAction("4.5.1", f"no Cartels Base in {_name(self.source)} to relocate")
        state.move(self.source, self.space, CARTELS_BASE)
        ctx.say(f"Cultivate: relocate 1 Cartels Base from {_name(self.source)} to {dest}")


def random_cultivate(
    state: GameState,
    faction: Faction,
    rng: random.Random,
    limited: bool = False,
    op: Any = None,
) -> Cultivate | None:
    """A random legal Cultivate accompanying ``op`` (a Rally or March, or None)."""
    if limited or faction is not CARTELS or not _op_fits(op, _RALLY_OR_MARCH):
        return None
    destinations = cultivate_destinations(state, op)
    if not destinations:
        return None
    dest = draw.choice(rng, destinations)
    sources: list[int | None] = list(cultivate_sources(state, dest))
    if cultivate_can_place(state, dest, op):
        sources.append(None)
    return Cultivate(space=dest, source=draw.choice(rng, sources))


# ======================================================================================
# Process (4.5.2)
# ======================================================================================
def process_spaces(state: GameState) -> list[int]:
    """Spaces where Cartels may Process: at least 1 Cartels Base (4.5.2)."""
    return [s.id for s in SPACES if state.bases(s.id, CARTELS)]


def process_holders(state: GameState) -> list[tuple[int, Faction]]:
    """(space, Faction) pairs where Process may place a Shipment: a space with a Cartels
    Base and a Guerrilla of that Faction (any Faction, "under any Guerrillas", 4.5.2)."""
    return [
        (space, f)
        for space in process_spaces(state)
        for f in INSURGENTS
        if state.guerrillas(space, f)
    ]


@command
class Process(SpecialActivity):
    """Process (4.5.2): exchange Cartels Bases for Resources, or prepare Shipments.

    Only with a Rally or March, in any spaces with at least 1 Cartels Base. Either
    remove any Cartels Bases desired, +3 Cartels Resources each; or place a total of 1
    or 2 Available Shipments (4.5.3) under any Guerrillas in spaces with Cartels Bases.

    "Under any Guerrillas" is read as Guerrillas of any Faction: the aid sheet's
    convention that "Guerrillas" means the executing Faction's holds "unless otherwise
    specified" (3.3), and "any" specifies otherwise. The Faction of the chosen
    Guerrilla then owns the Shipment (4.5.3).

    Fields:
        bases: spaces from which to remove 1 Cartels Base each (name a space twice to
            remove both of its Bases). Exclusive with ``shipments``.
        shipments: 1 or 2 (space, Faction) pairs: a Shipment goes under a Guerrilla of
            that Faction in that space (the same pair may appear twice).
    """

    bases: "tuple[int, ...]" = ()
    shipments: "tuple[tuple[int, Faction], ...]" = ()
    name = "Process"
    factions = frozenset({CARTELS})
    accompanies = _RALLY_OR_MARCH

    def __post_init__(self) -> None:
        fixed = tuple((space, _as_faction(f)) for space, f in self.shipments)
        object.__setattr__(self, "shipments", fixed)

    def spaces(self) -> tuple[int, ...]:
        return tuple(dict.fromkeys(self.bases + tuple(s for s, _ in self.shipments)))

    def execute(self, state: GameState, ctx: Context) -> None:
        check_faction(self, ctx)
        _accompanying(self, ctx, required=False)
        if bool(self.bases) == bool(self.shipments):
            raise IllegalAction(
                "4.5.2", "Process either removes Cartels Bases or places Shipments (not both)"
            )
        if self.bases:
            self._remove_bases(state, ctx)
        else:
            self._place_shipments(state, ctx)

    def _remove_bases(self, state: GameState, ctx: Context) -> None:
        _check_space_ids(self.bases, "4.5.2")
        for space in self.bases:
            if not state.bases(space, CARTELS):
                raise IllegalAction("4.5.2", f"no Cartels Base left in {_name(space)}")
            state.remove(space, CARTELS_BASE)
            got = state.add_resources(CARTELS, PROCESS_GAIN)
            ctx.say(f"Process in {_name(space)}: remove 1 Cartels Base, Cartels Resources +{got}")

    def _place_shipments(self, state: GameState, ctx: Context) -> None:
        if len(self.shipments) > MAX_PROCESS_SHIPMENTS:
            raise IllegalAction("4.5.2", "Process places a total of 1 or 2 Shipments")
        _check_space_ids(tuple(s for s, _ in self.shipments), "4.5.2")
        for space, holder in self.shipments:
            if not state.bases(space, CARTELS):
                raise IllegalAction("4.5.2", f"no Cartels Base in {_name(space)}")
            if not holder.is_insurgent:
                raise IllegalAction("4.5.3", "Shipments go under Guerrillas")
            if not state.shipments_available():
                raise IllegalAction("4.5.3", "no Shipment is available")
            state.place_shipment(space, holder)
            ctx.say(f"Process in {_name(space)}: place a Shipment with a {holder.label} Guerrilla")


def random_process(
    state: GameState,
    faction: Faction,
    rng: random.Random,
    limited: bool = False,
    op: Any = None,
) -> Process | None:
    """A random legal Process accompanying ``op`` (a Rally or March, or None)."""
    if limited or faction is not CARTELS or not _op_fits(op, _RALLY_OR_MARCH):
        return None
    holders = process_holders(state) if state.shipments_available() else []
    spaces = process_spaces(state)
    if not spaces:
        return None
    if holders and rng.random() < 0.6:
        n = draw.randint(rng, 1, min(MAX_PROCESS_SHIPMENTS, state.shipments_available()))
        return Process(shipments=tuple(draw.choice(rng, holders) for _ in range(n)))
    pool = [s for s in spaces for _ in range(state.bases(s, CARTELS))]
    return Process(bases=tuple(sorted(_sample_nonempty(rng, pool, len(pool)))))


# ======================================================================================
# Bribe (4.5.4)
# ======================================================================================
CUBES, GUERRILLAS, BASE = "cubes", "guerrillas", "base"


def bribe_choices(state: GameState, space: int) -> list[str]:
    """What Bribe may do in ``space`` (4.5.4): remove cubes (``cubes``), remove or flip
    Guerrillas (``guerrillas``: other Factions' to remove, any to flip) or remove a Base
    of another Faction (``base``)."""
    if not state.in_play(space):
        return []
    out = []
    if state.cubes(space):
        out.append(CUBES)
    if state.all_guerrillas(space):
        out.append(GUERRILLAS)
    if state.all_bases(space) - state.bases(space, CARTELS):
        out.append(BASE)
    return out


def bribe_spaces(state: GameState) -> list[int]:
    """Spaces where Bribe has something to remove or flip."""
    return [s.id for s in SPACES if bribe_choices(state, s.id)]


@command
class Bribe(SpecialActivity):
    """Bribe (4.5.4): in up to 3 spaces, pay 3 Cartels Resources each (refused if short)
    and either remove up to 2 cubes, remove or flip up to 2 Guerrillas, or remove 1 Base.
    Accompanies any Cartels Operation; the only SA with a Resource cost.

    Removal is of *other* Factions' pieces ("neutralize other Factions' units"); flipping
    ("expose or hide Guerrillas") may be of any Guerrillas, the Cartels' own included,
    Underground to Active or Active to Underground; a space's 2 Guerrillas may be 1
    removed and 1 flipped. At least 1 piece is affected in each Bribe space, and a
    Faction targeted (pieces removed or Activated) loses up to 2 while it has any (1.4.1).

    CONTRABAND: a Shipment forced off by Bribe (its holder Faction has no Guerrilla left
    in the space) may be transferred to any Guerrilla in the space: ``contraband`` names
    the receiving Faction; otherwise the ordinary 4.5.3 transfer applies.

    Fields:
        where: the Bribe spaces, in order (1 to 3, each once).
        remove: per space (aligned with ``where``, may be shorter), the kinds
            (:class:`~core.pieces.Piece` values) of the pieces removed, one entry per
            piece: up to 2 cubes, or up to 2 Guerrillas, or 1 Base.
        flip: per space, the kinds of the Guerrillas flipped, one entry per Guerrilla,
            named by their side before flipping (e.g. ``FARC_ACTIVE`` flips an Active
            FARC Guerrilla Underground).
        contraband: (space, Faction) pairs: Shipments forced off in that space go to
            a Guerrilla of that Faction there.
    """

    where: "tuple[int, ...]" = ()
    remove: "tuple[tuple[int, ...], ...]" = ()
    flip: "tuple[tuple[int, ...], ...]" = ()
    contraband: "tuple[tuple[int, Faction], ...]" = ()
    name = "Bribe"
    factions = frozenset({CARTELS})

    def __post_init__(self) -> None:
        fixed = tuple((space, _as_faction(f)) for space, f in self.contraband)
        object.__setattr__(self, "contraband", fixed)

    def spaces(self) -> tuple[int, ...]:
        return self.where

    def plan(self, index: int) -> tuple[list[Piece], list[Piece]]:
        """The (removed, flipped) pieces planned for ``where[index]``."""
        removed = self.remove[index] if index < len(self.remove) else ()
        flipped = self.flip[index] if index < len(self.flip) else ()
        return [_piece(k) for k in removed], [_piece(k) for k in flipped]

    def execute(self, state: GameState, ctx: Context) -> None:
        check_faction(self, ctx)
        _accompanying(self, ctx, required=False)
        _check_selection(self.where, MAX_BRIBE_SPACES, "4.5.4", "Bribe")
        if len(self.remove) > len(self.where) or len(self.flip) > len(self.where):
            raise IllegalAction("4.5.4", "Bribe: more piece lists than spaces")
        receivers = dict(self.contraband)
        if len(receivers) != len(self.contraband) or not set(receivers) <= set(self.where):
            raise IllegalAction("4.5.4", "Contraband: name 1 receiver per Bribe space")
        for i, space in enumerate(self.where):
            removed, flipped = self.plan(i)
            _check_bribe_plan(state, space, removed, flipped)
            ctx.pay(state, BRIBE_COST, "4.5.4")
            self._bribe(state, ctx, space, removed, flipped, receivers.get(space))

    def _bribe(
        self,
        state: GameState,
        ctx: Context,
        space: int,
        removed: list[Piece],
        flipped: list[Piece],
        receiver: Faction | None,
    ) -> None:
        where = _name(space)
        for kind in removed:
            if not state.count(space, kind):
                raise IllegalAction("4.5.4", f"no {kind.label} left in {where} to Bribe")
            _remove_with_contraband(state, ctx, space, kind, receiver)
            ctx.say(f"Bribe in {where}: remove {counted(1, kind.label)}")
        for kind in flipped:
            to_active = kind in UNDERGROUND_OF.values()
            if not state.flip(space, kind.faction, 1, to_active=to_active):
                raise IllegalAction("4.5.4", f"no {kind.label} left in {where} to flip")
            side = "Active" if to_active else "Underground"
            ctx.say(f"Bribe in {where}: flip 1 {kind.faction.label} Guerrilla {side}")


def _check_bribe_plan(
    state: GameState, space: int, removed: list[Piece], flipped: list[Piece]
) -> None:
    """One Bribe space: up to 2 cubes, or up to 2 Guerrillas, or 1 Base (4.5.4), the
    pieces there, and a targeted Faction affected to the maximum extent (1.4.1)."""
    error = _bribe_plan_error(state, space, removed, flipped)
    if error is not None:
        raise error


def _bribe_plan_error(
    state: GameState, space: int, removed: list[Piece], flipped: list[Piece]
) -> IllegalAction | None:
    where = _name(space)
    pieces = removed + flipped
    if not pieces:
        return IllegalAction("4.5.4", f"Bribe in {where} must affect at least 1 piece")
    if any(k.faction is CARTELS for k in removed):
        return IllegalAction("4.5.4", "Bribe removes other Factions' pieces, not the Cartels'")
    if any(not k.is_guerrilla for k in flipped):
        return IllegalAction("4.5.4", "Bribe flips only Guerrillas")
    if len(pieces) == 1 and pieces[0].is_base:
        return None
    if not (all(k.is_cube for k in pieces) or all(k.is_guerrilla for k in pieces)):
        return IllegalAction(
            "4.5.4", f"Bribe in {where}: up to 2 cubes, or up to 2 Guerrillas, or 1 Base"
        )
    if len(pieces) > 2:
        return IllegalAction("4.5.4", f"Bribe in {where} affects up to 2 cubes or Guerrillas")
    row = state.row(space)
    for kind in pieces:
        row[kind] -= 1
        if row[kind] < 0:
            return IllegalAction("4.5.4", f"not that many {kind.label} in {where} to Bribe")
    # 1.4.1: a Faction whose pieces are removed or Activated is targeted; the pieces of
    # it that this Bribe could still remove are then taken, up to 2 in all. Hiding a
    # Guerrilla (Active to Underground) and the Cartels' own pieces target nobody.
    targeted = dict.fromkeys(
        k.faction
        for k in removed + [k for k in flipped if k in UNDERGROUND_OF.values()]
        if k.faction is not CARTELS
    )
    kinds = _CUBES if pieces[0].is_cube else _GUERRILLA_KINDS
    still_open: dict[Faction, int] = {
        t: sum(row[k] for k in kinds if k.faction is t) for t in targeted
    }
    return full_extent_error(len(pieces), 2, still_open, "remove or Activate")


def bribe_plans(state: GameState, space: int) -> list[tuple[tuple[Piece, ...], tuple[Piece, ...]]]:
    """Every legal Bribe in ``space`` as (removed, flipped) kinds (4.5.4, 1.4.1)."""
    return sorted(set(iter_bribe_plans(state, space)))


def iter_bribe_plans(state: GameState, space: int
                     ) -> Iterator[tuple[tuple[Piece, ...], tuple[Piece, ...]]]:
    """The legal Bribes of :func:`bribe_plans` as they are found (unsorted, a plan
    possibly more than once): for a caller asking whether there is one that fits, which
    stops at the first."""
    here = [k for k in PIECES if state.count(space, k)]
    actions = [(True, k) for k in here if k.faction is not CARTELS]
    actions += [(False, k) for k in here if k.is_guerrilla]
    for i, first in enumerate(actions):
        for chosen in [[first]] + [[first, second] for second in actions[i:]]:
            removed = sorted(k for r, k in chosen if r)
            flipped = sorted(k for r, k in chosen if not r)
            if _bribe_plan_error(state, space, removed, flipped) is None:
                yield tuple(removed), tuple(flipped)


def _remove_with_contraband(
    state: GameState, ctx: Context, space: int, kind: Piece, receiver: Faction | None
) -> None:
    """Remove 1 piece; Shipments it forces off go to ``receiver`` (Contraband, 4.5.4)."""
    before = {i: state.shipments[i][1] for i in state.shipments_at(space)}  # type: ignore[index]
    state.remove(space, kind, 1, capturer=receiver)
    forced = [
        i
        for i, holder in before.items()
        if state.shipments[i] is None or state.shipments[i][1] != holder  # type: ignore[index]
    ]
    if not forced:
        return
    if receiver is not None and not state.guerrillas(space, receiver):
        raise IllegalAction(
            "4.5.4", f"Contraband: no {receiver.label} Guerrilla in {_name(space)} to receive it"
        )
    for i in forced:
        entry = state.shipments[i]
        if entry is None:
            ctx.say(f"A Shipment in {_name(space)} has no Guerrilla to hold it and is removed")
        else:
            ctx.say(f"A Shipment in {_name(space)} passes to {Faction(entry[1]).label}")


def random_bribe(
    state: GameState,
    faction: Faction,
    rng: random.Random,
    limited: bool = False,
    op: Any = None,
) -> Bribe | None:
    """A random legal Bribe the Cartels can pay for (3 Resources a space), or None."""
    if limited or faction is not CARTELS:
        return None
    affordable = min(MAX_BRIBE_SPACES, state.resources[CARTELS] // BRIBE_COST)
    candidates = bribe_spaces(state)
    if affordable <= 0 or not candidates:
        return None
    chosen = _sample_nonempty(rng, candidates, affordable)
    removes, flips, contraband = [], [], []
    for space in chosen:
        removed, flipped = _random_bribe_plan(state, space, rng)
        removes.append(tuple(int(k) for k in removed))
        flips.append(tuple(int(k) for k in flipped))
        receiver = _random_receiver(state, space, removed, rng)
        if receiver is not None:
            contraband.append((space, receiver))
    return Bribe(
        where=tuple(chosen),
        remove=tuple(removes),
        flip=tuple(flips),
        contraband=tuple(contraband),
    )


def _random_bribe_plan(
    state: GameState, space: int, rng: random.Random
) -> tuple[list[Piece], list[Piece]]:
    choice = draw.choice(rng, bribe_choices(state, space))
    plans = bribe_plans(state, space)
    if choice == CUBES:
        pick = [p for p in plans if p[0] and p[0][0].is_cube]
    elif choice == BASE:
        pick = [p for p in plans if p[0] and p[0][0].is_base]
    else:
        pick = [p for p in plans if all(k.is_guerrilla for k in p[0] + p[1])]
    removed, flipped = draw.choice(rng, pick or plans)
    return list(removed), list(flipped)


def _random_receiver(
    state: GameState, space: int, removed: list[Piece], rng: random.Random
) -> Faction | None:
    """Maybe name a Contraband receiver with a Guerrilla left after the removals."""
    if not state.shipments_at(space) or rng.random() < 0.3:
        return None
    left = [
        f
        for f in INSURGENTS
        if state.guerrillas(space, f) - sum(1 for k in removed if k.faction is f) > 0
    ]
    return draw.choice(rng, left) if left else None


#: The random generators by SA name, for bots and property tests.
RANDOM_GENERATORS = {
    "Extort": random_extort,
    "Kidnap": random_kidnap,
    "Assassinate": random_assassinate,
    "Cultivate": random_cultivate,
    "Process": random_process,
    "Bribe": random_bribe,
}
