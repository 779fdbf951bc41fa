"""Campaign plans (issue 35 item 2): intentions that span the cards to the next Support
Phase, for the campaign Government to choose among.

The one-card candidates of :mod:`nonplayer.government.campaign` are judged by rollouts
whose Government is the plan-less heuristic: what it does on the next cards is the same
whatever the first command meant to start. A **plan** is a named intention a COIN
player would state, and the rollouts' Government *follows* it: the heuristic Government
(:class:`~nonplayer.government.heuristic.HeuristicGovernment` with ``plan=``) adds the
plan's value of a position (:meth:`Plan.value`) to its own evaluation in every choice
it makes, on this card (the plan's first command) and on every card after it, and its
Redeploy (6.5) sends the Troops that must move where they serve the plan most. The
campaign search rolls each plan out on the same sampled futures as the one-card
candidates and scores every rollout with the same leaf score (margins and the one scale
of :func:`nonplayer.government.base.final_score`): the plan's value only steers, it is
never counted in the comparison, so a plan wins only when the futures it leads to are
better. The search re-plans at every decision (a receding horizon): a plan is what the
Government now means to do until the Support Phase, and the trace states it.

The plans (:data:`PLANS`), each a value added to the policy's evaluation, in points of
victory margin:

* **pacify** (3.2.3, 3.2.4, 6.5.1): Government Control of Departments, and Government
  Bases there, so that the Troops need not leave at Redeploy (6.5.1 moves Troops out of
  Departments without a Government Base).
* **civic** (6.4.1): spaces ready for Civic Action (Government Control, Troops and
  Police) where Support can still rise, by Population and levels of room.
* **garrison** (6.4.2): FARC-Controlled Cities and Departments where Agitation could
  shift toward Opposition, by Population and levels of room: taking their Control
  away before the Round denies FARC the shift.
* **bases** (3.2.4): FARC Bases on the map (exposed ones count double): the income and
  the Rally FARC lose with them.
* **reserve** (2.3.3, 6.4.1): Government Resources kept, up to what a Civic Action
  campaign at the Round costs, so that the last card before a check can still act.

The weights are round numbers chosen for a readable first version, not tuned (tuning
seeds only, docs/strength.md says what was measured).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from core.map import MAP, space_name
from core.pieces import Faction, Piece
from core.rules import propaganda
from core.state import GameState
from nonplayer.government.heuristic import civic_need, support_room

GOVT, FARC = Faction.GOVT, Faction.FARC



def pacify_value(state: GameState) -> float:
    """Population of Departments under Government Control, + 1 per Population where a
    Government Base also stands there (its Troops stay at Redeploy, 6.5.1)."""
    value = 0.0
    for s in MAP.spaces:
        if not s.is_department or not s.pop or state.controller(s.id) is not GOVT:
            continue
        value += s.pop * (1.0 + (1.0 if state.bases(s.id, GOVT) else 0.0))
    return value


def civic_value(state: GameState) -> float:
    """Population x levels of room in spaces ready for Civic Action (6.4.1)."""
    need = civic_need(state)
    value = 0.0
    for s in MAP.spaces:
        if not s.is_populated or state.controller(s.id) is not GOVT:
            continue
        if state.troops(s.id) >= need and state.police(s.id) >= need:
            value += s.pop * support_room(state, s.id)
    return value


def garrison_value(state: GameState) -> float:
    """Minus Population x levels Agitation could shift (6.4.2), where FARC Control
    allows it."""
    value = 0.0
    for s in propaganda.agitation_spaces(state):
        value -= MAP[s].pop * min(2, state.support[s] + 2)
    return value


def bases_value(state: GameState) -> float:
    """Minus FARC Bases on the map, exposed ones (no Underground FARC Guerrilla to
    shield them from Assault, 3.2.4) twice."""
    value = 0.0
    for s in MAP.spaces:
        n = state.bases(s.id, FARC)
        if n:
            shielded = state.count(s.id, Piece.FARC_UNDERGROUND) > 0
            value -= n * (1.0 if shielded else 2.0)
    return value


#: Resources a Civic Action campaign at the Round is planned to cost (3 per step,
#: 6.4.1; about 5 steps).
RESERVE_TARGET = 15


def reserve_value(state: GameState) -> float:
    """Government Resources up to :data:`RESERVE_TARGET`."""
    return float(min(state.resources[GOVT], RESERVE_TARGET))


@dataclass(frozen=True)
class Plan:
    """A named intention to the next Support Phase: ``name`` (short), ``intention`` (what
    the trace states), ``ref`` (the rules it serves), ``weight`` x ``measure`` is what the
    rollouts' Government adds to its evaluation while it follows the plan, ``targets``
    names the spaces concerned for the trace."""

    name: str
    intention: str
    ref: str
    weight: float
    measure: Callable[[GameState], float]

    def value(self, state: GameState) -> float:
        """The plan's value of ``state`` (points of margin), for the policy only."""
        return self.weight * self.measure(state)

    def targets(self, state: GameState) -> list[str]:
        """The spaces the plan is about now, most populous first (for the trace)."""
        return [space_name(s) for s in _target_spaces(self.name, state)]


def _target_spaces(name: str, state: GameState) -> list[int]:
    need = civic_need(state)
    spaces: list[int] = []
    if name == "pacify":
        spaces = [s.id for s in MAP.spaces if s.is_department and s.pop
                  and state.controller(s.id) is not GOVT]
    elif name == "civic":
        spaces = [s.id for s in MAP.spaces if s.is_populated and support_room(state, s.id) > 0
                  and (state.controller(s.id) is not GOVT or state.troops(s.id) < need
                       or state.police(s.id) < need)]
    elif name == "garrison":
        spaces = list(propaganda.agitation_spaces(state))
    elif name == "bases":
        spaces = [s.id for s in MAP.spaces if state.bases(s.id, FARC)]
    spaces.sort(key=lambda s: (-MAP[s].pop, s))
    return spaces[:3]


#: Every plan the campaign search may choose (in this order in its trace).
PLANS: tuple[Plan, ...] = (
    Plan("pacify", "pacify a Department: Control, then a Base so that the Troops stay "
         "after Redeploy", "3.2.4, 6.5.1", 0.5, pacify_value),
    Plan("civic", "ready spaces for Civic Action: Control, Troops and Police where the "
         "Support room is", "6.4.1", 0.4, civic_value),
    Plan("garrison", "garrison the spaces FARC could Agitate before the Round",
         "6.4.2", 0.5, garrison_value),
    Plan("bases", "remove exposed FARC Bases", "3.2.4", 1.5, bases_value),
    Plan("reserve", "keep the Resources the Support Phase will need", "6.4.1", 0.3,
         reserve_value),
)
PLAN_NAMES = tuple(p.name for p in PLANS)


def plan_named(name: str) -> Plan:
    """The plan called ``name`` (ValueError naming the choices otherwise)."""
    for p in PLANS:
        if p.name == name:
            return p
    raise ValueError(f"no plan {name!r}: one of {', '.join(PLAN_NAMES)}")
