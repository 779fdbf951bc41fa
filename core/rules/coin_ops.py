"""COIN Operations (3.2): Train, Patrol, Sweep and Assault (with Drug Bust, 3.2.5).

The Government chooses one of four Operations (3.2):

* :class:`Train` (3.2.1) places cubes in Cities and in Departments with a Government Base,
  then in 1 selected space either builds a Base from 3 cubes or conducts Civic Action.
* :class:`Patrol` (3.2.2) moves cubes along chains of LoCs and Cities, Activates Guerrillas
  on every LoC and may Assault in 1 LoC for free.
* :class:`Sweep` (3.2.3) moves Troops into Cities or Departments and Activates Guerrillas.
* :class:`Assault` (3.2.4) removes Active Guerrillas, then Bases ("Bases last"); each
  Shipment that leaves the map for want of a Guerrilla to hold it adds +6 Aid (3.2.5).

Each command carries the whole plan. Where the rules let the Government choose (which
Factions' Guerrillas to Activate, which pieces to remove), the command says so and the
engine checks the choice against 1.4.1 ("once an enemy Faction is targeted, removal or
Activation to the extent of the executing Faction's ability is required"). Where the
command leaves a choice out, a documented default applies (all Factions targeted, FARC
before AUC before Cartels).

Lasting Events read here: Ospina & Mora (2), Tapias (3), High Mountain Battalions (9),
NDSC (11), Plan Meteoro (13) Capabilities (5.3); Plan Colombia (12), Madrid Donors (17) and
Senado & Cámara (42) Momentum (5.4).

>>> from tests.helpers import blank_state, put, sid
>>> from core.commands import Context
>>> state = blank_state()
>>> put(state, "Bogota", TROOPS, 2); put(state, "Bogota", FARC_ACTIVE, 1)
>>> ctx = Context(faction=GOVT)
>>> Assault(selected=(sid("Bogota"),)).execute(state, ctx)
>>> state.count(sid("Bogota"), FARC_ACTIVE), state.resources[GOVT]
(0, 7)
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from core import draw
from core.cards import (
    HIGH_MOUNTAIN_BATTALIONS,
    MADRID_DONORS,
    NDSC,
    OSPINA_MORA,
    PLAN_COLOMBIA,
    PLAN_METEORO,
    SENADO_CAMARA,
    SHADED,
    TAPIAS,
    UNSHADED,
)
from core.commands import (
    Context,
    MaybeInt,
    Operation,
    check_distinct,
    check_faction,
    check_limited,
    check_selection,
    command,
)
from core.errors import IllegalAction
from core.map import FOREST, MAP, MOUNTAIN, space_name
from core.pieces import (
    ACTIVE_OF,
    BASE_OF,
    FARC,
    GOVT,
    GOVT_BASE,
    INSURGENTS,
    MAX_BASES_PER_SPACE,
    PIECES,
    POLICE,
    TROOPS,
    UNDERGROUND_OF,
    Faction,
    Piece,
)
from core.rules.common import (
    CIVIC_ACTION_COST,
    civic_action_problem,
    civic_action_step,
    is_final_event_card,
    is_nonplayer,
    recall_own_pieces,
)
from core.space import PANAMA, SPACES, adjacent
from core.state import GameState
from core.words import counted, listed

GOVT_ONLY = frozenset({GOVT})

TRAIN_COST = 3  # 3.2.1: per selected space
TRAIN_MAX_CUBES = 6  # 3.2.1: up to 6 cubes per space
BASE_CUBES = 3  # 3.2.1: replace 3 cubes with 1 Base
PATROL_COST = 3  # 3.2.2: total, not per space
SWEEP_COST = 3  # 3.2.3: per selected space
ASSAULT_COST = 3  # 3.2.4: per selected space
DRUG_BUST_AID = 6  # 3.2.5: per Shipment removed
CUBES = (TROOPS, POLICE)

#: A move of cubes: (piece kind, how many, path of space ids from origin to destination).
Move = tuple[int, int, tuple[int, ...]]
#: A chosen Activation: (space, Faction number, how many Underground Guerrillas to flip).
Activation = tuple[int, int, int]
#: A chosen Assault removal order: (space, piece kinds removed one by one, in order).
Removal = tuple[int, tuple[int, ...]]
#: Own pieces removed to Available (1.4.1 bullet 2): (space, piece kind, how many).
Recall = tuple[int, int, int]


# ======================================================================================
# small shared helpers
# ======================================================================================
def _name(space: int) -> str:
    return space_name(space)


def _as_faction(value: Any) -> Faction:
    """A Faction from its number or name (commands store plain ints; JSON may give names)."""
    return Faction.parse(value) if isinstance(value, str) else Faction(int(value))


def _piece(value: Any, rule: str) -> Piece:
    try:
        return Piece(int(value))
    except ValueError:
        raise IllegalAction(rule, f"{value!r} is not a piece kind") from None


def _check_space(state: GameState, space: Any, rule: str) -> None:
    """A real space id, in play (foreign countries only via Event, 1.3.5)."""
    if not isinstance(space, int) or not 0 <= space < len(SPACES):
        raise IllegalAction(rule, f"{space!r} is not a space")
    if not state.in_play(space):
        raise IllegalAction("1.3.5", f"{_name(space)} is not a space in play")


def _plural(n: int, kind: Piece) -> str:
    return counted(n, kind.label)


def _check_city_or_department(state: GameState, space: int, op: str, rule: str) -> None:
    _check_space(state, space, rule)
    s = SPACES[space]
    if not (s.is_city or s.is_department):
        raise IllegalAction(rule, f"{op} selects Cities or Departments, not {space_name(s)}")
    if state.farc_zone[space]:
        raise IllegalAction("6.4.4", f"{op} may not select the FARC Zone {space_name(s)}")


def senado_immune(state: GameState) -> Faction | None:
    """The Insurgent Faction no Sweep or Assault may be against, or None.

    Senado & Cámara (card 42, shaded Momentum, 5.4): "No Sweep or Assault against
    executing Faction until next Propaganda": a Sweep does not Activate that Faction's
    Guerrillas and an Assault (also Patrol's free Assault) does not remove its pieces.
    Events that Sweep or Assault by their own text take precedence (5.1.2) and do not
    ask this.
    """
    if not state.momentum_in_effect(SENADO_CAMARA):
        return None
    executor = state.executed_by.get(SENADO_CAMARA)
    if executor is None or Faction(executor) is GOVT:
        return None
    return Faction(executor)


#: How many spaces an Operation may target when no Capability limits it.
NO_SPACE_LIMIT = 99


def _per_card_left(state: GameState, capability: int, key: str) -> int:
    """Spaces left on this card under a shaded "only 1 space per card" Capability (5.3)."""
    if state.capability(capability) == SHADED:
        used: int = state.step.get(key, 0)
        return 1 - used
    return NO_SPACE_LIMIT


def sweep_spaces_left(state: GameState) -> int:
    """How many more spaces a Sweep may select on this card: shaded Ospina & Mora (card
    2, 5.3) allows 1 space per card; otherwise no limit (:data:`NO_SPACE_LIMIT`)."""
    return _per_card_left(state, OSPINA_MORA, "sweep_spaces")


def assault_spaces_left(state: GameState) -> int:
    """How many more spaces an Assault may select on this card: shaded Tapias (card 3,
    5.3) allows 1 space per card; otherwise no limit (:data:`NO_SPACE_LIMIT`)."""
    return _per_card_left(state, TAPIAS, "assault_spaces")


def _count_per_card(state: GameState, key: str, n: int, card: str, what: str) -> None:
    """Shaded Ospina & Mora / Tapias (5.3): only 1 space per card, counted in state.step."""
    used = state.step.get(key, 0)
    if used + n > 1:
        raise IllegalAction("5.3", f"{card} (shaded): {what} may target only 1 space per card")
    state.step[key] = used + n


# ======================================================================================
# Activation (shared by Patrol and Sweep, 1.4.3, 1.4.1)
# ======================================================================================
def _activation_choices(
    activations: tuple[Activation, ...], rule: str
) -> dict[int, dict[Faction, int]]:
    """Group the command's Activation choices by space, refusing malformed entries."""
    out: dict[int, dict[Faction, int]] = {}
    for entry in activations:
        if len(entry) != 3:
            raise IllegalAction(rule, f"an Activation is (space, Faction, number), not {entry!r}")
        space, faction_value, n = entry
        faction = _as_faction(faction_value)
        if faction is GOVT:
            raise IllegalAction(rule, "only Insurgent Guerrillas are Activated")
        if n < 0:
            raise IllegalAction(rule, "a negative number of Guerrillas cannot be Activated")
        per_space = out.setdefault(space, {})
        if faction in per_space:
            raise IllegalAction(rule, f"{faction.label} Activation in {_name(space)} listed twice")
        per_space[faction] = n
    return out


def activation_plan(
    state: GameState,
    space: int,
    capacity: int,
    chosen: dict[Faction, int] | None = None,
    rule: str = "3.2.3",
    immune: Faction | None = None,
) -> dict[Faction, int]:
    """How many Underground Guerrillas of each Faction ``capacity`` cubes flip in ``space``.

    ``chosen`` is the Government's choice (Faction -> number). The Factions with a number
    above 0 are the targeted ones (3.1); once targeted, Activation must go to the extent of
    the cubes' ability (1.4.1): either all ``capacity`` Activations are used, or every
    targeted Faction has no Underground Guerrilla left. If any Underground Guerrilla is
    present and the cubes can Activate, at least one Faction must be targeted.

    Without a choice, all Factions are targeted in the order FARC, AUC, Cartels.
    ``immune`` (Senado & Cámara, card 42) is a Faction that may not be targeted.
    """
    under = {f: state.underground(space, f) for f in INSURGENTS}
    if immune is not None:
        # Senado & Cámara (card 42, 5.4): its Guerrillas are out of reach, not targets.
        under[immune] = 0
        if chosen and chosen.get(immune, 0) > 0:
            raise IllegalAction(
                "5.4", f"Senado & Cámara (shaded): no Sweep against {immune.label}"
            )
    if chosen is None:
        plan: dict[Faction, int] = {}
        left = capacity
        for f in INSURGENTS:
            k = min(left, under[f])
            if k:
                plan[f] = k
                left -= k
        return plan
    for f, n in chosen.items():
        if n > under[f]:
            raise IllegalAction(
                rule, f"only {under[f]} Underground {f.label} Guerrillas in {_name(space)}"
            )
    total = sum(chosen.values())
    if total > capacity:
        raise IllegalAction(
            rule, f"the cubes in {_name(space)} Activate at most {capacity} Guerrillas"
        )
    targeted = [f for f, n in chosen.items() if n > 0]
    if total < capacity:
        if not targeted and any(under.values()):
            raise IllegalAction(
                "1.4.1", f"the cubes in {_name(space)} must Activate Underground Guerrillas"
            )
        for f in targeted:
            if chosen[f] < under[f]:
                raise IllegalAction(
                    "1.4.1",
                    f"{f.label} targeted in {_name(space)}: Activate as many as the cubes can",
                )
    return {f: n for f, n in chosen.items() if n > 0}


def _activate(
    state: GameState, ctx: Context, space: int, plan: dict[Faction, int], op: str
) -> None:
    for f, n in plan.items():
        state.activate(space, f, n)
        ctx.say(f"{op} in {_name(space)}: Activate {counted(n, f'{f.label} Guerrilla')}")


def random_activations(
    state: GameState,
    space: int,
    capacity: int,
    rng: random.Random,
    immune: Faction | None = None,
) -> tuple[Activation, ...]:
    """A random legal Activation choice in ``space`` (may target only some Factions;
    never ``immune``, see :func:`senado_immune`)."""
    present = [f for f in INSURGENTS if state.underground(space, f) > 0 and f is not immune]
    if capacity <= 0 or not present:
        return ()
    targeted = draw.sample(rng, present, draw.randint(rng, 1, len(present)))
    caps = {f: state.underground(space, f) for f in targeted}
    total = min(capacity, sum(caps.values()))
    plan = dict.fromkeys(targeted, 0)
    for _ in range(total):
        f = draw.choice(rng, [f for f in targeted if plan[f] < caps[f]])
        plan[f] += 1
    return tuple((space, int(f), n) for f, n in plan.items())


# ======================================================================================
# Assault removal (shared by Assault and Patrol's free Assault, 3.2.4, 3.2.5)
# ======================================================================================
def assault_capacity(
    state: GameState, space: int, troops: int | None = None, police: int | None = None
) -> int:
    """How many pieces the cubes in ``space`` may remove by Assault (3.2.4).

    1 per Troops cube (Mountain: 1 per 2 Troops, rounded down), plus in a City or LoC 1
    per Police cube. High Mountain Battalions (card 9): unshaded, Mountain counts as a
    City; shaded, Mountain removes only 1 piece per 4 Troops.

    ``troops`` / ``police`` override the cubes counted, for Events where other pieces
    act as Troops (e.g. Former Military, card 37; Pinto & del Rosario, card 47).
    """
    s = SPACES[space]
    troops = state.troops(space) if troops is None else troops
    police = state.police(space) if police is None else police
    hmb = state.capability(HIGH_MOUNTAIN_BATTALIONS)
    mountain = s.is_department and s.terrain == MOUNTAIN
    as_city = s.is_city or s.is_loc or (mountain and hmb == UNSHADED)
    by_troops = troops
    if mountain and not as_city:
        by_troops = troops // (4 if hmb == SHADED else 2)
    return by_troops + (police if as_city else 0)


def assault_targets(state: GameState, space: int, faction: Faction) -> int:
    """How many of ``faction``'s pieces an Assault could remove in ``space`` with
    unlimited cubes: its Active Guerrillas, plus its Bases if none of its Guerrillas
    is Underground (the NOTE to 3.2.4: "Bases last"). None while Senado & Cámara shields
    ``faction`` (card 42, :func:`senado_immune`)."""
    if faction is senado_immune(state):
        return 0
    active = state.active(space, faction)
    bases = state.bases(space, faction) if state.underground(space, faction) == 0 else 0
    return active + bases


def assault_removals(state: GameState, space: int) -> int:
    """How many pieces an Assault in ``space`` removes when targeting every Faction."""
    return min(
        assault_capacity(state, space),
        sum(assault_targets(state, space, f) for f in INSURGENTS),
    )


def default_removal_order(
    state: GameState, space: int, n: int | None = None, factions: Iterable[Faction] = INSURGENTS
) -> tuple[int, ...]:
    """A removal order taking as many pieces as possible: all Active Guerrillas (in the
    Faction order given), then the Bases of Factions with no Guerrilla left."""
    immune = senado_immune(state)
    factions = tuple(f for f in factions if f is not immune)
    n = assault_capacity(state, space) if n is None else n
    order: list[int] = []
    for f in factions:
        order += [int(ACTIVE_OF[f])] * state.active(space, f)
    for f in factions:
        if state.underground(space, f) == 0:
            order += [int(BASE_OF[f])] * state.bases(space, f)
    return tuple(order[:n])


def random_removal_order(state: GameState, space: int, rng: random.Random) -> tuple[int, ...]:
    """A random legal removal order: random targeted Factions, pieces in random legal order."""
    capacity = assault_capacity(state, space)
    present = [f for f in INSURGENTS if assault_targets(state, space, f) > 0]
    if capacity <= 0 or not present:
        return ()
    targeted = draw.sample(rng, present, draw.randint(rng, 1, len(present)))
    active = {f: state.active(space, f) for f in targeted}
    under = {f: state.underground(space, f) for f in targeted}
    bases = {f: state.bases(space, f) for f in targeted}
    order: list[int] = []
    while len(order) < capacity:
        options = [int(ACTIVE_OF[f]) for f in targeted if active[f]]
        options += [int(BASE_OF[f]) for f in targeted if not active[f] + under[f] and bases[f]]
        if not options:
            break
        kind = PIECES[draw.choice(rng, options)]
        order.append(int(kind))
        if kind.is_base:
            bases[kind.faction] -= 1
        else:
            active[kind.faction] -= 1
    return tuple(order)


def _removal_choices(
    removals: tuple[Removal, ...], allowed: Iterable[int], rule: str
) -> dict[int, tuple[int, ...]]:
    allowed = set(allowed)
    out: dict[int, tuple[int, ...]] = {}
    for entry in removals:
        if len(entry) != 2:
            raise IllegalAction(rule, f"a removal choice is (space, piece kinds), not {entry!r}")
        space, order = entry
        if space not in allowed:
            raise IllegalAction(rule, f"{_name(space)} is not a space of this Assault")
        if space in out:
            raise IllegalAction(rule, f"removals in {_name(space)} listed twice")
        out[space] = tuple(order)
    return out


def _assault_space(
    state: GameState, ctx: Context, space: int, order: tuple[int, ...] | None, op: str
) -> None:
    """Remove pieces in ``space`` per 3.2.4 in the given order (default: all targeted),
    check the 1.4.1 extent and apply Drug Bust (3.2.5)."""
    capacity = assault_capacity(state, space)
    if order is None:
        order = default_removal_order(state, space, capacity)
    if len(order) > capacity:
        raise IllegalAction(
            "3.2.4", f"the cubes in {_name(space)} remove at most {capacity} pieces by Assault"
        )
    targeted: set[Faction] = set()
    lost = 0
    for value in order:
        kind = _piece(value, "3.2.4")
        _check_assault_piece(state, space, kind)
        lost += state.remove(space, kind, 1)
        targeted.add(kind.faction)
        ctx.say(f"{op} in {_name(space)}: remove {counted(1, kind.label)}")
    if len(order) < capacity:
        for f in sorted(targeted):
            if assault_targets(state, space, f):
                raise IllegalAction(
                    "1.4.1", f"{f.label} targeted in {_name(space)}: remove as many as possible"
                )
        if not targeted and any(assault_targets(state, space, f) for f in INSURGENTS):
            raise IllegalAction(
                "1.4.1", f"the Assault in {_name(space)} must remove the pieces it can"
            )
    if lost:
        gained = state.add_aid(DRUG_BUST_AID * lost)
        ctx.say(f"Drug Bust in {_name(space)}: {counted(lost, 'Shipment')} removed, Aid +{gained}")


def _check_assault_piece(state: GameState, space: int, kind: Piece) -> None:
    f = kind.faction
    if f is GOVT or kind is UNDERGROUND_OF[f]:
        raise IllegalAction(
            "3.2.4", f"Assault removes Active Guerrillas and Insurgent Bases, not {kind.label}"
        )
    if f is senado_immune(state):
        raise IllegalAction("5.4", f"Senado & Cámara (shaded): no Assault against {f.label}")
    if state.count(space, kind) == 0:
        raise IllegalAction("3.2.4", f"no {kind.label} left in {_name(space)}")
    if kind.is_base and state.guerrillas(space, f):
        raise IllegalAction(
            "3.2.4", f"Bases last: {f.label} still has Guerrillas in {_name(space)}"
        )


# ======================================================================================
# Train (3.2.1)
# ======================================================================================
def train_spaces(state: GameState) -> list[int]:
    """Spaces Train may select: Cities and Departments in play, not FARC Zones (3.2.1)."""
    return [
        s.id
        for s in SPACES
        if (s.is_city or s.is_department) and state.in_play(s.id) and not state.farc_zone[s.id]
    ]


def train_cube_capacity(state: GameState, space: int) -> int:
    """How many cubes Train can place in ``space``: up to 6 in a City or a Department with
    a Government Base, within the Troops and Police Available (3.2.1, 1.4.1)."""
    s = SPACES[space]
    if not state.in_play(space) or state.farc_zone[space]:
        return 0
    if not (s.is_city or (s.is_department and state.bases(space, GOVT))):
        return 0
    avail = state.available(TROOPS) + state.available(POLICE)
    return min(TRAIN_MAX_CUBES, avail, state.room(space, GOVT))


def _check_train_base(state: GameState, space: int, troops: int | None = None) -> None:
    """Raise unless Train can now replace 3 cubes (``troops`` of them Troops, None: any
    mix) with a Government Base in ``space`` (3.2.1, 1.4.1, 1.4.2)."""
    if state.cubes(space) < BASE_CUBES:
        raise IllegalAction("3.2.1", f"{_name(space)} has fewer than 3 cubes for a Base")
    if troops is not None and (
        not 0 <= troops <= BASE_CUBES
        or state.troops(space) < troops
        or state.police(space) < BASE_CUBES - troops
    ):
        raise IllegalAction(
            "3.2.1", f"{_name(space)} lacks {troops} Troops and {BASE_CUBES - troops} Police"
        )
    if state.available(GOVT_BASE) < 1:
        raise IllegalAction("1.4.1", "no Government Base is Available")
    if state.all_bases(space) >= MAX_BASES_PER_SPACE:
        raise IllegalAction("1.4.2", f"{_name(space)} already has 2 Bases")


def train_base_problem(state: GameState, space: int, troops: int | None = None) -> str | None:
    """Why Train cannot now replace 3 cubes with a Government Base in ``space`` (None if
    it can). ``troops``: how many of the 3 cubes are Troops (None: any mix)."""
    try:
        _check_train_base(state, space, troops)
    except IllegalAction as err:
        return err.message
    return None


@command
class Train(Operation):
    """Train (3.2.1): 3 Resources per selected City or Department.

    First, in each selected City and each selected Department with a Government Base,
    place up to 6 cubes (any mix of Available Troops and Police). Then, in up to 1
    selected space, either replace 3 cubes with a Government Base or conduct Civic Action
    (6.4.1), which costs 3 Resources per step even if the Train was free.

    Fields:

    * ``selected``: the selected spaces, in the order they are resolved and paid.
    * ``place``: ``(space, troops, police)`` cubes to place in a selected space; spaces
      not listed receive none.
    * ``base``: the selected space where 3 cubes become a Government Base, or None.
    * ``base_troops``: how many of those 3 cubes are Troops (the rest are Police).
    * ``civic``: the selected space where Civic Action is conducted, or None.
    * ``civic_steps``: how many Civic Action steps (3 Resources each) in ``civic``.
    * ``recall``: ``(space, kind, n)`` Government pieces first removed to Available
      (1.4.1 bullet 2) so that they can be placed again; player Factions only.
    """

    selected: "tuple[int, ...]" = ()
    place: "tuple[tuple[int, int, int], ...]" = ()
    base: "MaybeInt" = None
    base_troops: "int" = 0
    civic: "MaybeInt" = None
    civic_steps: "int" = 0
    recall: "tuple[Recall, ...]" = ()
    name = "Train"
    factions = GOVT_ONLY

    def spaces(self) -> tuple[int, ...]:
        return self.selected

    def execute(self, state: GameState, ctx: Context) -> None:
        check_selection(self, ctx)
        for space in self.selected:
            _check_city_or_department(state, space, "Train", "3.2.1")
        placements = self._placements()
        recall_own_pieces(state, ctx, self.recall)
        for space in self.selected:
            ctx.pay(state, TRAIN_COST, "3.2.1")
            troops, police = placements.get(space, (0, 0))
            self._place(state, ctx, space, troops, police)
        self._then(state, ctx)

    def _placements(self) -> dict[int, tuple[int, int]]:
        out: dict[int, tuple[int, int]] = {}
        for entry in self.place:
            if len(entry) != 3:
                raise IllegalAction(
                    "3.2.1", f"a placement is (space, troops, police), not {entry!r}"
                )
            space, troops, police = entry
            if space not in self.selected:
                raise IllegalAction("3.2.1", "Train places cubes only in selected spaces")
            if space in out:
                raise IllegalAction("3.2.1", f"placement in {_name(space)} listed twice")
            if troops < 0 or police < 0:
                raise IllegalAction("3.2.1", "a negative number of cubes cannot be placed")
            out[space] = (troops, police)
        return out

    def _place(self, state: GameState, ctx: Context, space: int, troops: int, police: int) -> None:
        if troops + police == 0:
            ctx.say(f"Train in {_name(space)}")
            return
        s = SPACES[space]
        if not (s.is_city or state.bases(space, GOVT)):
            raise IllegalAction(
                "3.2.1", f"Train places cubes in Cities and Departments with a Government "
                f"Base, not in {space_name(s)}"
            )
        if troops + police > TRAIN_MAX_CUBES:
            raise IllegalAction(
                "3.2.1", f"Train places up to 6 cubes per space, not {troops + police}"
            )
        state.place(space, TROOPS, troops)
        state.place(space, POLICE, police)
        ctx.say(f"Train in {space_name(s)}: place {listed((troops, 'Troops'), (police, 'Police'))}")

    def _then(self, state: GameState, ctx: Context) -> None:
        if self.base is not None and self.civic is not None:
            raise IllegalAction("3.2.1", "Train then builds a Base OR conducts Civic Action")
        if self.base is not None:
            self._build_base(state, ctx, self.base)
        elif self.base_troops:
            raise IllegalAction("3.2.1", "base_troops given without a Base space")
        if self.civic is not None:
            self._civic_action(state, ctx, self.civic)
        elif self.civic_steps:
            raise IllegalAction("3.2.1", "civic_steps given without a Civic Action space")

    def _build_base(self, state: GameState, ctx: Context, space: int) -> None:
        if space not in self.selected:
            raise IllegalAction("3.2.1", f"the Base goes in a selected space, not {_name(space)}")
        _check_train_base(state, space, self.base_troops)
        state.remove(space, TROOPS, self.base_troops)
        state.remove(space, POLICE, BASE_CUBES - self.base_troops)
        state.place(space, GOVT_BASE)
        ctx.say(
            f"Train in {_name(space)}: replace "
            f"{listed((self.base_troops, 'Troops'), (BASE_CUBES - self.base_troops, 'Police'))}"
            " with a Government Base"
        )

    def _civic_action(self, state: GameState, ctx: Context, space: int) -> None:
        if space not in self.selected:
            raise IllegalAction(
                "3.2.1", f"Civic Action goes in a selected space, not {_name(space)}"
            )
        if self.civic_steps < 1:
            raise IllegalAction("3.2.1", "Civic Action needs at least 1 step (3 Resources)")
        problem = civic_action_problem(state, space)
        if problem is not None:
            raise IllegalAction("6.4.1", problem)
        for _ in range(self.civic_steps):
            ctx.say(f"Train, Civic Action: {civic_action_step(state, space)}")


def civic_action_capacity(state: GameState, space: int) -> int:
    """How many Civic Action steps ``space`` can absorb: its Terror markers plus the levels
    left toward Active Support (0 if Civic Action is impossible there, 6.4.1)."""
    if civic_action_problem(state, space) is not None:
        return 0
    shifts = 2 - state.support[space] if SPACES[space].is_populated else 0
    return state.terror[space] + shifts


def random_train(
    state: GameState, faction: Faction, rng: random.Random, limited: bool = False
) -> Train | None:
    """A random legal Train, or None if the Government cannot pay for one (3.2.1)."""
    if faction != GOVT or state.resources[GOVT] < TRAIN_COST:
        return None
    recall = _random_recall(state, rng)
    sim = state  # only read below; a clone only when pieces are recalled first
    if recall:
        sim = state.clone()
        recall_own_pieces(sim, Context(faction=GOVT), recall)
    candidates = train_spaces(sim)
    if not candidates:
        return None
    useful = [s for s in candidates if _train_useful(sim, s)]
    pool = useful if useful and rng.random() < 0.9 else candidates
    most = 1 if limited else min(len(pool), sim.resources[GOVT] // TRAIN_COST, 4)
    selected = tuple(draw.sample(rng, pool, draw.randint(rng, 1, most)))
    avail = {k: sim.available(k) for k in CUBES}
    place = []
    for space in selected:
        room = train_cube_capacity(sim, space)  # Ecuador (card 33): 2 pieces per Faction
        if room == 0 or rng.random() < 0.15:
            continue
        n = draw.randint(rng, 0, min(room, avail[TROOPS] + avail[POLICE]))
        troops = draw.randint(rng, max(0, n - avail[POLICE]), min(n, avail[TROOPS]))
        avail[TROOPS] -= troops
        avail[POLICE] -= n - troops
        place.append((space, troops, n - troops))
    cmd = Train(selected=selected, place=tuple(place), recall=recall)
    after = state.clone()
    cmd.execute(after, Context(faction=GOVT, free=True))
    return _random_train_then(after, cmd, rng)


def _random_recall(state: GameState, rng: random.Random) -> tuple[Recall, ...]:
    """Sometimes (more often when none is Available) recall cubes or a Base (1.4.1)."""
    out: list[Recall] = []
    no_cubes = state.available(TROOPS) + state.available(POLICE) == 0
    if rng.random() < (0.5 if no_cubes else 0.05):
        cubes = [(s.id, k) for s in SPACES for k in CUBES if state.count(s.id, k)]
        if cubes:
            space, kind = draw.choice(rng, cubes)
            out.append((space, int(kind), draw.randint(rng, 1, min(3, state.count(space, kind)))))
    if rng.random() < (0.3 if state.available(GOVT_BASE) == 0 else 0.02):
        bases = [s.id for s in SPACES if state.bases(s.id, GOVT)]
        if bases:
            out.append((draw.choice(rng, bases), int(GOVT_BASE), 1))
    return tuple(out)


def _train_useful(state: GameState, space: int) -> bool:
    return (
        train_cube_capacity(state, space) > 0
        or train_base_problem(state, space) is None
        or civic_action_capacity(state, space) > 0
    )


def _random_train_then(after: GameState, cmd: Train, rng: random.Random) -> Train:
    """Add a random Base or Civic Action to a Train whose placements gave ``after``."""
    left = after.resources[GOVT] - TRAIN_COST * len(cmd.selected)
    choice = rng.random()
    bases = [s for s in cmd.selected if train_base_problem(after, s) is None]
    if bases and choice < 0.35:
        space = draw.choice(rng, bases)
        mixes = [t for t in range(BASE_CUBES + 1) if train_base_problem(after, space, t) is None]
        return replace(cmd, base=space, base_troops=draw.choice(rng, mixes))
    civic = [s for s in cmd.selected if civic_action_capacity(after, s) > 0]
    if civic and choice < 0.8 and left >= CIVIC_ACTION_COST:
        space = draw.choice(rng, civic)
        most = min(civic_action_capacity(after, space), left // CIVIC_ACTION_COST)
        return replace(cmd, civic=space, civic_steps=draw.randint(rng, 1, most))
    return cmd


# ======================================================================================
# Patrol (3.2.2)
# ======================================================================================
def _patrol_hop_ok(space: int) -> bool:
    """Patrolling cubes enter only LoCs and Cities (3.2.2)."""
    s = SPACES[space]
    return s.is_loc or s.is_city


#: The LoC network of Patrol (3.2.2), precomputed: for each space, the adjacent spaces a
#: Patrolling cube may enter (LoCs and Cities), in adjacency order. LoCs and Cities are
#: never foreign countries, so they are always in play (1.3.5).
PATROL_HOPS: tuple[tuple[int, ...], ...] = tuple(
    tuple(a for a in s.adjacent if _patrol_hop_ok(a)) for s in SPACES
)
assert not any(SPACES[a].is_foreign for hops in PATROL_HOPS for a in hops)


def patrol_reach(state: GameState, src: int) -> dict[int, tuple[int, ...]]:
    """Where a cube in ``src`` can end a Patrol move, each with a shortest path (3.2.2).

    A cube keeps entering adjacent LoCs or Cities and must stop on entering a space with
    Guerrillas. The result maps each reachable space (``src`` excluded) to its path,
    ``src`` first (breadth first over :data:`PATROL_HOPS`).
    """
    paths: dict[int, tuple[int, ...]] = {src: (src,)}
    frontier = [src]
    hops = PATROL_HOPS
    while frontier:
        nxt = []
        for here in frontier:
            if here != src and state.all_guerrillas(here):
                continue  # entered a space with Guerrillas: stop here
            path = paths[here]
            for there in hops[here]:
                if there not in paths:
                    paths[there] = path + (there,)
                    nxt.append(there)
        frontier = nxt
    del paths[src]
    return paths


def patrol_activations(state: GameState, loc: int) -> int:
    """How many Guerrillas the cubes on LoC ``loc`` Activate when Patrolling (3.2.2)."""
    if not SPACES[loc].is_loc or state.momentum_in_effect(PLAN_COLOMBIA):
        return 0
    return min(state.cubes(loc), sum(state.underground(loc, f) for f in INSURGENTS))


def patrol_assault_limit(state: GameState) -> int | None:
    """How many LoCs a Patrol may Assault in: 1 (3.2.2); Plan Meteoro (card 13) unshaded:
    every LoC (None); shaded: none."""
    meteoro = state.capability(PLAN_METEORO)
    if meteoro == UNSHADED:
        return None
    return 0 if meteoro == SHADED else 1


def _check_moves(
    state: GameState, moves: tuple[Move, ...], rule: str
) -> list[tuple[Piece, int, tuple[int, ...]]]:
    """Shape checks for moves and the 'each cube moves once' count per origin."""
    out = []
    leaving: dict[tuple[int, Piece], int] = {}
    for entry in moves:
        if len(entry) != 3:
            raise IllegalAction(rule, f"a move is (piece kind, number, path), not {entry!r}")
        kind_value, n, path = entry
        kind = _piece(kind_value, rule)
        path = tuple(path)
        if n < 1:
            raise IllegalAction(rule, "a move moves at least 1 cube")
        if len(path) < 2:
            raise IllegalAction(rule, "a move's path names its origin and destination")
        for space in path:
            _check_space(state, space, rule)
        key = (path[0], kind)
        leaving[key] = leaving.get(key, 0) + n
        if leaving[key] > state.count(path[0], kind):
            raise IllegalAction(
                rule, f"only {state.count(path[0], kind)} {kind.label} in {_name(path[0])} can move"
            )
        out.append((kind, n, path))
    return out


@command
class Patrol(Operation):
    """Patrol (3.2.2): 3 Resources in all.

    Cubes move from any spaces, each hop into an adjacent LoC or City, stopping on
    entering a space with Guerrillas. Then in every LoC, 1 Guerrilla is Activated per
    cube there. Then, if desired, a free Assault (3.2.4) in 1 LoC (Plan Meteoro unshaded:
    in each LoC; shaded: none). Plan Colombia (shaded, Momentum): no Activation.

    A Limited Patrol (2.3.5) moves all cubes to one destination and Assaults only there:
    :meth:`destinations` lists the move ends and the Assault LoCs.

    Fields:

    * ``moves``: ``(kind, n, path)``: ``n`` Troops or Police (``kind``) move along
      ``path``, a tuple of space ids from origin to destination, every hop adjacent.
    * ``activate``: ``(loc, faction, n)`` Activation choices; LoCs not listed Activate
      with all Factions targeted (FARC, then AUC, then Cartels).
    * ``assault``: LoCs where the free Assault takes place.
    * ``removals``: ``(loc, kinds)`` removal order for an Assault LoC (default: all
      Factions targeted, Active Guerrillas before Bases).
    """

    moves: "tuple[Move, ...]" = ()
    activate: "tuple[Activation, ...]" = ()
    assault: "tuple[int, ...]" = ()
    removals: "tuple[Removal, ...]" = ()
    name = "Patrol"
    factions = GOVT_ONLY

    def destinations(self) -> tuple[int, ...]:
        ends = tuple(path[-1] for _, _, path in self.moves if path)
        return tuple(dict.fromkeys(ends + tuple(self.assault)))

    def spaces(self) -> tuple[int, ...]:
        listed = tuple(entry[0] for entry in self.activate if entry)
        return tuple(dict.fromkeys(self.destinations() + listed))

    def execute(self, state: GameState, ctx: Context) -> None:
        check_faction(self, ctx)
        check_limited(self, ctx)
        ctx.pay(state, PATROL_COST, "3.2.2")
        self._move(state, ctx)
        self._activate(state, ctx)
        self._assault(state, ctx)

    def _move(self, state: GameState, ctx: Context) -> None:
        moves = _check_moves(state, self.moves, "3.2.2")
        for kind, _, path in moves:
            if kind not in CUBES:
                raise IllegalAction("3.2.2", f"Patrol moves Troops and Police, not {kind.label}")
            for i, (here, there) in enumerate(zip(path, path[1:])):
                if not adjacent(here, there):
                    raise IllegalAction("3.2.2", f"{_name(there)} is not adjacent to {_name(here)}")
                if not _patrol_hop_ok(there):
                    raise IllegalAction(
                        "3.2.2", f"Patrolling cubes enter LoCs or Cities, not {_name(there)}"
                    )
                if i < len(path) - 2 and state.all_guerrillas(there):
                    raise IllegalAction(
                        "3.2.2", f"cubes stop on entering {_name(there)}, which has Guerrillas"
                    )
        for kind, n, path in moves:
            state.move(path[0], path[-1], kind, n)
            via = " via " + ", ".join(_name(s) for s in path[1:-1]) if len(path) > 2 else ""
            ctx.say(
                f"Patrol: {_plural(n, kind)} move from {_name(path[0])} "
                f"to {_name(path[-1])}{via}"
            )

    def _activate(self, state: GameState, ctx: Context) -> None:
        chosen = _activation_choices(self.activate, "3.2.2")
        for space in chosen:
            _check_space(state, space, "3.2.2")
            if not SPACES[space].is_loc:
                raise IllegalAction("3.2.2", f"Patrol Activates on LoCs, not in {_name(space)}")
        if state.momentum_in_effect(PLAN_COLOMBIA):
            if any(n for per in chosen.values() for n in per.values()):
                raise IllegalAction("5.4", "Plan Colombia (shaded): no Activation by Patrol")
            return
        for loc in MAP.locs:
            cubes = state.cubes(loc.id)
            if not cubes and loc.id not in chosen:
                continue  # no cube, no choice: nobody to Activate (the plan is empty)
            plan = activation_plan(state, loc.id, cubes, chosen.get(loc.id), "3.2.2")
            _activate(state, ctx, loc.id, plan, "Patrol")

    def _assault(self, state: GameState, ctx: Context) -> None:
        check_distinct(tuple(self.assault), "Patrol's Assault")
        limit = patrol_assault_limit(state)
        if limit == 0 and self.assault:
            raise IllegalAction(
                "5.3", "Plan Meteoro (shaded): Patrols do not conduct a free Assault"
            )
        if limit is not None and len(self.assault) > limit:
            raise IllegalAction("3.2.2", "Patrol may Assault in only 1 LoC")
        for space in self.assault:
            _check_space(state, space, "3.2.2")
            if not SPACES[space].is_loc:
                raise IllegalAction("3.2.2", f"Patrol's Assault is in a LoC, not {_name(space)}")
        orders = _removal_choices(self.removals, self.assault, "3.2.2")
        for space in self.assault:
            _assault_space(state, ctx, space, orders.get(space), "Patrol's Assault")


def random_patrol(
    state: GameState, faction: Faction, rng: random.Random, limited: bool = False
) -> Patrol | None:
    """A random legal Patrol, or None if the Government cannot pay 3 Resources (3.2.2)."""
    if faction != GOVT or state.resources[GOVT] < PATROL_COST:
        return None
    moves = _random_patrol_moves(state, rng, limited)
    moved = state.clone()
    for kind, n, path in moves:
        moved.move(path[0], path[-1], Piece(kind), n)
    activate: list[Activation] = []
    if not state.momentum_in_effect(PLAN_COLOMBIA):
        for loc in MAP.locs:
            if rng.random() < 0.5:
                activate += random_activations(moved, loc.id, moved.cubes(loc.id), rng)
    partial = Patrol(moves=moves, activate=tuple(activate))
    after = state.clone()
    partial.execute(after, Context(faction=GOVT, free=True))
    assault, removals = _random_patrol_assault(after, partial, rng, limited)
    cmd = Patrol(moves=moves, activate=tuple(activate), assault=assault, removals=removals)
    return cmd if cmd.spaces() else _patrol_in_place(state, rng)


def _patrol_in_place(state: GameState, rng: random.Random) -> Patrol | None:
    """A Patrol moving nobody: it names 1 LoC with cubes where it Activates (possibly
    nothing), so the Operation involves a space (3.1). None if no LoC has cubes."""
    locs = [s.id for s in MAP.locs if state.cubes(s.id)]
    if not locs or state.momentum_in_effect(PLAN_COLOMBIA):
        return None
    loc = draw.choice(rng, locs)
    plan = activation_plan(state, loc, state.cubes(loc))
    entries = tuple((loc, int(f), n) for f, n in plan.items()) or ((loc, int(FARC), 0),)
    return Patrol(activate=entries)


def _random_patrol_moves(state: GameState, rng: random.Random, limited: bool) -> tuple[Move, ...]:
    # A cube can Patrol out of a space iff a LoC or City is adjacent (the first hop
    # never stops it), so the origins need no reach computed.
    origins = [
        (s.id, kind)
        for s in SPACES
        for kind in CUBES
        if state.count(s.id, kind) and PATROL_HOPS[s.id]
    ]
    if not origins:
        return ()
    draw.shuffle(rng, origins)
    chosen = origins[: draw.randint(rng, 0 if rng.random() < 0.1 else 1, min(4, len(origins)))]
    reaches: dict[int, dict[int, tuple[int, ...]]] = {}

    def reach_of(src: int) -> dict[int, tuple[int, ...]]:
        if src not in reaches:
            reaches[src] = patrol_reach(state, src)
        return reaches[src]

    target = None
    if limited and chosen:
        reach = reach_of(chosen[0][0])
        target = draw.choice(rng, sorted(reach))
        chosen = [(s, k) for s, k in chosen if target in reach_of(s)]
    moves: list[Move] = []
    for src, kind in chosen:
        reach = reach_of(src)
        dst = target if target is not None else draw.choice(rng, sorted(reach))
        n = draw.randint(rng, 1, state.count(src, kind))
        moves.append((int(kind), n, reach[dst]))
    return tuple(moves)


def _random_patrol_assault(
    after: GameState, cmd: Patrol, rng: random.Random, limited: bool
) -> tuple[tuple[int, ...], tuple[Removal, ...]]:
    limit = patrol_assault_limit(after)
    if limit == 0 or rng.random() < 0.2:
        return (), ()
    locs = [s.id for s in MAP.locs if assault_removals(after, s.id) > 0]
    ends = cmd.destinations()
    if limited and ends:
        locs = [s for s in locs if s == ends[0]]
    if not locs:
        return (), ()
    most = 1 if limit == 1 or limited else len(locs)
    assault = tuple(draw.sample(rng, locs, draw.randint(rng, 1, most)))
    removals = tuple(
        (s, random_removal_order(after, s, rng)) for s in assault if rng.random() < 0.6
    )
    return assault, removals


# ======================================================================================
# Sweep (3.2.3)
# ======================================================================================
def sweep_cost(state: GameState) -> int:
    """Resources per Sweep space: 3 (3.2.3); Ospina & Mora (card 2) unshaded: 1."""
    return 1 if state.capability(OSPINA_MORA) == UNSHADED else SWEEP_COST


def sweep_spaces(state: GameState) -> list[int]:
    """Spaces Sweep may select (3.2.3): Cities and Departments in play, not FARC Zones;
    only Cities while Madrid Donors (card 17, Momentum) is in effect."""
    madrid = state.momentum_in_effect(MADRID_DONORS)
    return [s for s in train_spaces(state) if not (madrid and SPACES[s].is_department)]


def sweep_sources(
    state: GameState, dst: int, kind: Piece = TROOPS
) -> dict[int, tuple[int, ...]]:
    """Spaces whose ``kind`` cubes could Sweep into ``dst``, each with a path (3.2.3).

    Troops move in from adjacent spaces, or first onto an adjacent Guerrilla-free LoC and
    from there into ``dst``: paths are ``(src, dst)`` or ``(src, loc, dst)``.
    """
    out: dict[int, tuple[int, ...]] = {}
    for src in SPACES[dst].adjacent:
        if state.in_play(src) and state.count(src, kind):
            out[src] = (src, dst)
    for loc in SPACES[dst].adjacent:
        if not SPACES[loc].is_loc or state.all_guerrillas(loc):
            continue
        for src in SPACES[loc].adjacent:
            if src != dst and src not in out and state.in_play(src) and state.count(src, kind):
                out[src] = (src, loc, dst)
    return out


def sweep_activation_capacity(state: GameState, space: int, troops: int | None = None) -> int:
    """How many Guerrillas a Sweep Activates in ``space`` with the cubes now there (3.2.3).

    1 per cube (Troops plus Police), in Forest 1 per 2 cubes; never in Panamá (1.3.5).
    NDSC (card 11) shaded: via Troops or Police, not both (the larger group counts).
    ``troops`` overrides the Troops counted (Former Military, card 37: AUC Guerrillas
    act as Troops).
    """
    if space == PANAMA:
        return 0
    troops = state.troops(space) if troops is None else troops
    police = state.police(space)
    cubes = max(troops, police) if state.capability(NDSC) == SHADED else troops + police
    return cubes // 2 if SPACES[space].terrain == FOREST else cubes


@command
class Sweep(Operation):
    """Sweep (3.2.3): 3 Resources per selected City or Department (not a FARC Zone).

    First, Troops move simultaneously into selected spaces from adjacent spaces, or
    through an adjacent Guerrilla-free LoC. Then each selected space Activates 1
    Guerrilla per cube there (Forest: 1 per 2 cubes; Panamá: none).

    Lasting Events: Ospina & Mora (2) unshaded costs 1 per space, shaded allows only 1
    Sweep space per card; NDSC (11) unshaded lets 1 Police enter each Sweep space, shaded
    Activates via Troops or Police, not both; Madrid Donors (17, Momentum): no Sweep in
    Departments; Senado & Cámara (42, Momentum): no Activation of the Faction that
    executed it (:func:`senado_immune`).

    Fields:

    * ``selected``: the destination spaces.
    * ``moves``: ``(kind, n, path)``: ``n`` cubes of ``kind`` (Troops; Police only with
      NDSC unshaded, 1 per destination) move along ``path`` = ``(src, dst)`` or
      ``(src, loc, dst)``.
    * ``activate``: ``(space, faction, n)`` Activation choices; selected spaces not listed
      Activate with all Factions targeted (FARC, then AUC, then Cartels).
    """

    selected: "tuple[int, ...]" = ()
    moves: "tuple[Move, ...]" = ()
    activate: "tuple[Activation, ...]" = ()
    name = "Sweep"
    factions = GOVT_ONLY

    def spaces(self) -> tuple[int, ...]:
        return self.selected

    def execute(self, state: GameState, ctx: Context) -> None:
        check_faction(self, ctx)
        if ctx.final_card:
            raise IllegalAction("2.3.9", "no Sweep on the final Event card")
        check_distinct(self.selected, "Sweep")
        check_limited(self, ctx)
        self._check_selected(state)
        for _ in self.selected:
            ctx.pay(state, sweep_cost(state), "3.2.3")
        self._move(state, ctx)
        chosen = _activation_choices(self.activate, "3.2.3")
        for space in chosen:
            if space not in self.selected:
                raise IllegalAction("3.2.3", "Sweep Activates only in selected spaces")
        immune = senado_immune(state)  # Senado & Cámara (card 42, 5.4)
        for space in self.selected:
            capacity = sweep_activation_capacity(state, space)
            plan = activation_plan(state, space, capacity, chosen.get(space), "3.2.3", immune)
            _activate(state, ctx, space, plan, "Sweep")
            if not plan:
                ctx.say(f"Sweep in {_name(space)}")

    def _check_selected(self, state: GameState) -> None:
        for space in self.selected:
            _check_city_or_department(state, space, "Sweep", "3.2.3")
            if state.momentum_in_effect(MADRID_DONORS) and SPACES[space].is_department:
                raise IllegalAction("5.4", "Madrid Donors (shaded): no Sweep in Departments")
        if state.capability(OSPINA_MORA) == SHADED:
            _count_per_card(state, "sweep_spaces", len(self.selected), "Ospina & Mora", "Sweep")

    def _move(self, state: GameState, ctx: Context) -> None:
        moves = _check_moves(state, self.moves, "3.2.3")
        police_in: dict[int, int] = {}
        for kind, n, path in moves:
            self._check_path(state, path)
            if kind is POLICE and state.capability(NDSC) == UNSHADED:
                police_in[path[-1]] = police_in.get(path[-1], 0) + n
                if police_in[path[-1]] > 1:
                    raise IllegalAction(
                        "5.3", "NDSC (unshaded): only 1 Police enters each Sweep space"
                    )
            elif kind is not TROOPS:
                raise IllegalAction("3.2.3", f"Sweep moves Troops, not {kind.label}")
        for kind, n, path in moves:
            state.move(path[0], path[-1], kind, n)
            via = f" via {_name(path[1])}" if len(path) == 3 else ""
            ctx.say(
                f"Sweep: {_plural(n, kind)} move from {_name(path[0])} "
                f"to {_name(path[-1])}{via}"
            )

    def _check_path(self, state: GameState, path: tuple[int, ...]) -> None:
        src, dst = path[0], path[-1]
        if dst not in self.selected:
            raise IllegalAction(
                "3.2.3", f"moving Troops must reach a selected space, not {_name(dst)}"
            )
        if len(path) > 3:
            raise IllegalAction("3.2.3", "Sweep moves into adjacent spaces, at most through 1 LoC")
        if len(path) == 2 and not adjacent(src, dst):
            raise IllegalAction("3.2.3", f"{_name(src)} is not adjacent to {_name(dst)}")
        if len(path) == 3:
            loc = path[1]
            if not SPACES[loc].is_loc or not adjacent(src, loc) or not adjacent(loc, dst):
                raise IllegalAction(
                    "3.2.3", f"{_name(loc)} is not a LoC adjacent to {_name(src)} and {_name(dst)}"
                )
            if state.all_guerrillas(loc):
                raise IllegalAction(
                    "3.2.3", f"Troops may pass through {_name(loc)} only if free of Guerrillas"
                )


def random_sweep(
    state: GameState, faction: Faction, rng: random.Random, limited: bool = False
) -> Sweep | None:
    """A random legal Sweep, or None if none is possible (3.2.3; a player Government may
    not Sweep on the final Event card, 2.3.9)."""
    cost = sweep_cost(state)
    if faction != GOVT or state.resources[GOVT] < cost:
        return None
    if _final_card_for_player(state):
        return None
    candidates = sweep_spaces(state)
    most = min(len(candidates), state.resources[GOVT] // cost, 1 if limited else 4)
    most = min(most, sweep_spaces_left(state))
    if most < 1:
        return None
    selected = tuple(draw.sample(rng, candidates, draw.randint(rng, 1, most)))
    moves = _random_sweep_moves(state, selected, rng)
    moved = state.clone()
    for kind, n, path in moves:
        moved.move(path[0], path[-1], Piece(kind), n)
    activate: list[Activation] = []
    for space in selected:
        if rng.random() < 0.5:
            capacity = sweep_activation_capacity(moved, space)
            activate += random_activations(moved, space, capacity, rng, senado_immune(state))
    return Sweep(selected=selected, moves=moves, activate=tuple(activate))


def _final_card_for_player(state: GameState) -> bool:
    return (
        state.phase == "card"
        and is_final_event_card(state)
        and not is_nonplayer(state, GOVT)
    )


def _random_sweep_moves(
    state: GameState, selected: tuple[int, ...], rng: random.Random
) -> tuple[Move, ...]:
    left = {k: [state.count(s, k) for s in range(len(SPACES))] for k in CUBES}
    kinds = [TROOPS] + ([POLICE] if state.capability(NDSC) == UNSHADED else [])
    moves: list[Move] = []
    for dst in selected:
        room = state.room(dst, GOVT)  # card 33: Ecuador takes 2 per Faction
        for kind in kinds:
            sources = [(s, p) for s, p in sweep_sources(state, dst, kind).items() if left[kind][s]]
            draw.shuffle(rng, sources)
            for src, path in sources[: draw.randint(rng, 0, min(3, len(sources)))]:
                if room <= 0:
                    break
                n = 1 if kind is POLICE else draw.randint(rng, 1, min(left[kind][src], room))
                room -= n
                left[kind][src] -= n
                moves.append((int(kind), n, path))
                if kind is POLICE:
                    break
    return tuple(moves)


# ======================================================================================
# Assault (3.2.4) with Drug Bust (3.2.5)
# ======================================================================================
def assault_cost(state: GameState) -> int:
    """Resources per Assault space: 3 (3.2.4); Tapias (card 3) unshaded: 1."""
    return 1 if state.capability(TAPIAS) == UNSHADED else ASSAULT_COST


def assault_space_problem(state: GameState, space: int) -> str | None:
    """Why Assault may not select ``space`` (None if it may); Madrid Donors (card 17,
    Momentum) forbids Departments."""
    if not state.in_play(space):
        return f"{_name(space)} is not in play"
    if state.momentum_in_effect(MADRID_DONORS) and SPACES[space].is_department:
        return "Madrid Donors (shaded): no Assault in Departments"
    return None


def assault_spaces(state: GameState) -> list[int]:
    """Spaces where an Assault may be selected and would remove at least 1 piece."""
    # (Spaces without cubes are skipped unasked: they remove nothing, 3.2.4.)
    return [
        s.id
        for s in SPACES
        if state.cubes(s.id)
        and assault_space_problem(state, s.id) is None
        and assault_removals(state, s.id) > 0
    ]


@command
class Assault(Operation):
    """Assault (3.2.4): 3 Resources per selected space.

    In each selected space, remove 1 Active Guerrilla per Troops cube (Mountain: 1 per 2
    Troops), plus in a City or LoC 1 enemy piece per Police cube. A Faction's Bases go only
    once it has no Guerrilla there ("Bases last"); Underground Guerrillas are never
    removed. Once targeted, a Faction loses as many pieces as the cubes can remove
    (1.4.1). Drug Bust (3.2.5): +6 Aid per Shipment that leaves the map.

    Lasting Events: Tapias (3) unshaded 1 Resource per space, shaded only 1 Assault space
    per card; High Mountain Battalions (9), see :func:`assault_capacity`; Madrid Donors
    (17, Momentum): no Assault in Departments; Senado & Cámara (42, Momentum): no removal
    of the pieces of the Faction that executed it (:func:`senado_immune`).

    Fields:

    * ``selected``: the spaces, in the order they are resolved.
    * ``removals``: ``(space, kinds)``: the piece kinds removed in ``space``, one by one
      in order (Active Guerrilla or Base kinds). Selected spaces not listed remove with
      all Factions targeted: Active FARC, AUC, Cartels Guerrillas, then Bases.
    """

    selected: "tuple[int, ...]" = ()
    removals: "tuple[Removal, ...]" = ()
    name = "Assault"
    factions = GOVT_ONLY

    def spaces(self) -> tuple[int, ...]:
        return self.selected

    def execute(self, state: GameState, ctx: Context) -> None:
        check_selection(self, ctx)
        for space in self.selected:
            _check_space(state, space, "3.2.4")
            problem = assault_space_problem(state, space)
            if problem is not None:
                raise IllegalAction("5.4", problem)
        if state.capability(TAPIAS) == SHADED:
            _count_per_card(state, "assault_spaces", len(self.selected), "Tapias", "Assault")
        orders = _removal_choices(self.removals, self.selected, "3.2.4")
        for space in self.selected:
            ctx.pay(state, assault_cost(state), "3.2.4")
            _assault_space(state, ctx, space, orders.get(space), "Assault")


def random_assault(
    state: GameState, faction: Faction, rng: random.Random, limited: bool = False
) -> Assault | None:
    """A random legal Assault in spaces where it removes something, or None (3.2.4)."""
    cost = assault_cost(state)
    if faction != GOVT or state.resources[GOVT] < cost:
        return None
    candidates = assault_spaces(state)
    most = min(len(candidates), state.resources[GOVT] // cost, 1 if limited else 4)
    most = min(most, assault_spaces_left(state))
    if most < 1:
        return None
    selected = tuple(draw.sample(rng, candidates, draw.randint(rng, 1, most)))
    removals = tuple(
        (s, random_removal_order(state, s, rng)) for s in selected if rng.random() < 0.6
    )
    return Assault(selected=selected, removals=removals)


__all__ = [
    "Assault",
    "Patrol",
    "Sweep",
    "Train",
    "activation_plan",
    "assault_capacity",
    "assault_cost",
    "assault_removals",
    "assault_spaces",
    "assault_targets",
    "civic_action_capacity",
    "default_removal_order",
    "patrol_activations",
    "patrol_assault_limit",
    "patrol_reach",
    "random_assault",
    "random_patrol",
    "random_sweep",
    "random_train",
    "recall_own_pieces",
    "senado_immune",
    "sweep_activation_capacity",
    "sweep_cost",
    "sweep_sources",
    "sweep_spaces",
    "train_base_problem",
    "train_cube_capacity",
    "train_spaces",
]
