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

**The ledger's plans** (issue 40 item 4, :data:`LEDGER_PLANS`), from what the Support
ledger says a plan must win (docs/strength.md, issue 35 item 4). They are opt-in: the
campaign search judges them only when ``ANDEAN_CAMPAIGN_PLANS`` names them
(:func:`nonplayer.government.campaign.active_plans`, e.g. ``default,hold``):

* **hold** (6.4.1, 6.4.2): garrison and Civic Action together, in the same spaces:
  in every populated space holding a FARC piece, minus Population x the levels
  Agitation could shift where FARC Control allows it, plus Population x the Support
  room where the space is ready for Civic Action (Government Control, Troops and
  Police). The Control that denies FARC its Agitation is the Control Civic Action
  needs: one garrison of Troops and Police, placed where FARC stands, serves both.
* **foothold** (3.2.1, 6.5.1, 6.4.1): a Government Base and Police in a
  Population-2 Department (Antioquia-Bolívar, Santander-Boyacá, Huila-Tolima), so
  that the Troops there stay after Redeploy (6.5.1 moves Troops out of Departments
  without a Government Base) and, with Control, the space is ready for Civic Action;
  without a Base yet, the cubes a Train replaces with one (3.2.1) count a little.
* **no-eradicate** (4.2.3, 7.2): no Eradicate while the Cartels are far from their goal
  (their victory margin, 7.3, more than :data:`CARTELS_FAR` below 0; the bench chose 0
  over the ledger's 5). Eradicate shifts a Department toward Active Opposition, FARC's
  victory total, and the ledger found +3 to +4 Opposition a game from Eradicates made
  while the Cartels were about 16 points short. This plan is a **restriction**, not a
  value (its value is 0): :attr:`Plan.forbids` names the Special Activities its Government
  does not add to an Operation, and the heuristic Government that follows the plan
  (:meth:`~nonplayer.government.heuristic.HeuristicGovernment.following`) leaves them out
  of the Special Activities it weighs, on the plan's first command and on every card of
  its rollouts to the Support Phase. So the rollouts' Government honours it, and the
  search compares "no Eradicate while far" with the other candidates on the same futures.
  The search's other candidates (CP-SAT's Eradicate variants, the other plans) stay free
  to Eradicate: the plan is one candidate among them.

Their weights were chosen on the decision bench (training positions only,
``decision_bench.py extend``): hold and foothold 0.25 of 0.25, 0.5 and 1; no-eradicate's
distance 0 of 0, 5 and 10. What the bench says of them is in docs/strength.md ("Issue 40,
fourth session"): none moves today's choice measurably.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from core.map import MAP, space_name
from core.pieces import CARTELS, Faction, Piece
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


def hold_value(state: GameState) -> float:
    """Garrison and Civic Action together, in the spaces FARC could Agitate (6.4.2): in
    every populated space holding a FARC piece, minus Population x the levels Agitation
    could shift where FARC Control allows it (6.4.2), plus Population x the levels of
    Support room where the space is ready for Civic Action (Government Control, Troops
    and Police, 6.4.1). The Control that denies the Agitation is the Control Civic Action
    needs, so one garrison of Troops and Police serves both."""
    need = civic_need(state)
    agitated = set(propaganda.agitation_spaces(state))
    value = 0.0
    for s in MAP.spaces:
        if not s.is_populated or not state.faction_pieces(s.id, FARC):
            continue
        if s.id in agitated:
            value -= s.pop * min(2, state.support[s.id] + 2)
        elif state.controller(s.id) is GOVT and state.troops(s.id) >= need \
                and state.police(s.id) >= need:
            value += s.pop * support_room(state, s.id)
    return value


#: The Population of the Departments a foothold is worth building in (the most populous
#: Departments of the map: Antioquia-Bolívar, Santander-Boyacá, Huila-Tolima).
FOOTHOLD_POP = 2


def foothold_value(state: GameState) -> float:
    """A Government Base and Police in each Population-2 Department, by Population: a
    Base there keeps the Troops at Redeploy (6.5.1 moves Troops out of Departments
    without a Government Base), and with Police and Control the space is ready for Civic
    Action (6.4.1). A Base counts 1, Police (as many as Civic Action needs) 0.5 more and
    Government Control 0.5 more; without a Base, the cubes toward the 3 a Train replaces
    with one (3.2.1) count up to 0.5 under Government Control."""
    need = civic_need(state)
    value = 0.0
    for s in MAP.spaces:
        if not s.is_department or s.pop != FOOTHOLD_POP:
            continue
        held = state.controller(s.id) is GOVT
        if state.bases(s.id, GOVT):
            value += s.pop * (1.0 + (0.5 if state.police(s.id) >= need else 0.0)
                              + (0.5 if held else 0.0))
        elif held:
            value += s.pop * min(3, state.troops(s.id) + state.police(s.id)) / 6.0
    return value


#: The Cartels are *far* from their goal while their victory margin (7.3: Bases above
#: 10 and Resources above 40, the lesser) is below minus this. The ledger's threshold was
#: 5 (``benchmarks/ledger.py``, CARTELS_NEAR: Eradicates with the Cartels further added
#: +3 to +4 Opposition a game, docs/strength.md, issue 35); on the decision bench 0 (no
#: Eradicate until the Cartels stand at their goal) did a little better than 5 and 10,
#: within the noise (docs/strength.md, issue 40 fourth session), so 0 it is.
CARTELS_FAR = 0


def cartels_far(state: GameState, far: int = CARTELS_FAR) -> bool:
    """Are the Cartels more than ``far`` short of their victory condition (7.2, 7.3)?"""
    return state.victory_margins()[CARTELS] < -far


def no_value(state: GameState) -> float:
    """Nothing: a plan that only restricts what its Government does (:attr:`Plan.forbids`)."""
    return 0.0


def eradicate_far(state: GameState, special: object) -> bool:
    """The no-eradicate plan's restriction: an Eradicate (4.2.3) while the Cartels are far
    from their goal (:func:`cartels_far`). Eradicate shifts a Department toward Active
    Opposition (or places a FARC Guerrilla): FARC's victory total grows (7.2) while the
    Cartels' threat it removes is remote."""
    return getattr(special, "name", "") == "Eradicate" and cartels_far(state)


@dataclass(frozen=True)
class Plan:
    """A named intention to the next Support Phase: ``name`` (short), ``intention`` (what
    the trace states), ``ref`` (the rules it serves), ``weight`` x ``measure`` is what the
    rollouts' Government adds to its evaluation while it follows the plan, ``targets``
    names the spaces concerned for the trace. ``forbids`` (optional): a restriction
    rather than a value, ``forbids(state, special_activity)`` true for a Special
    Activity the Government following the plan does not add to an Operation on
    ``state`` (the heuristic Government leaves it out of the Special Activities it
    weighs, :func:`nonplayer.government.heuristic.special_options`'s caller)."""

    name: str
    intention: str
    ref: str
    weight: float
    measure: Callable[[GameState], float]
    forbids: Callable[[GameState, object], bool] | None = None

    def value(self, state: GameState) -> float:
        """The plan's value of ``state`` (points of margin), for the policy only."""
        return self.weight * self.measure(state)

    def allows(self, state: GameState, special: object) -> bool:
        """May the Government following the plan add ``special`` to an Operation on
        ``state``?"""
        return self.forbids is None or not self.forbids(state, special)

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
    elif name == "hold":
        spaces = [s.id for s in MAP.spaces if s.is_populated and state.faction_pieces(s.id, FARC)
                  and (state.controller(s.id) is not GOVT or state.troops(s.id) < need
                       or state.police(s.id) < need)]
    elif name == "foothold":
        spaces = [s.id for s in MAP.spaces if s.is_department and s.pop == FOOTHOLD_POP
                  and (not state.bases(s.id, GOVT) or state.police(s.id) < need
                       or state.controller(s.id) is not GOVT)]
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

#: The ledger's plans (issue 40 item 4): opt-in, named in ``ANDEAN_CAMPAIGN_PLANS``
#: (:func:`nonplayer.government.campaign.active_plans`) until the bench and games say
#: they help (docs/strength.md, "Issue 40, fourth session").
LEDGER_PLANS: tuple[Plan, ...] = (
    Plan("hold", "garrison and ready for Civic Action the spaces FARC could Agitate",
         "6.4.1, 6.4.2", 0.25, hold_value),
    Plan("foothold", "a Base and Police in a Population-2 Department, so that the Troops "
         "stay after Redeploy", "3.2.1, 6.5.1, 6.4.1", 0.25, foothold_value),
    Plan("no-eradicate", "no Eradicate while the Cartels are far from their goal",
         "4.2.3, 7.2", 0.0, no_value, eradicate_far),
)
LEDGER_PLAN_NAMES = tuple(p.name for p in LEDGER_PLANS)


def plan_named(name: str) -> Plan:
    """The plan called ``name``, of :data:`PLANS` or :data:`LEDGER_PLANS` (ValueError
    naming the choices otherwise)."""
    for p in PLANS + LEDGER_PLANS:
        if p.name == name:
            return p
    raise ValueError(f"no plan {name!r}: one of {', '.join(PLAN_NAMES + LEDGER_PLAN_NAMES)}")
