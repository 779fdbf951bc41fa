"""The search Government's evaluation of a position, from the Government's side.

:func:`evaluate` scores the position a candidate's look-ahead reached
(:mod:`nonplayer.government.search`): victory margins first (7.3: the Government's margin
and, as in the 8.8 solitaire score, the leading Insurgent's margin), then the things that
turn into margin later (Control, Resources, Guerrillas and Bases on the map, Terror,
Sabotage, lasting Events, Eligibility for the next card). The known next card (2.3.8) is
looked at: when it is a Propaganda card, Control, Resources for Civic Action and
unprotected LoCs weigh more. :class:`Weights` holds every term's weight; the CP-SAT models'
linear values (:class:`nonplayer.government.cpsat.Values`) are derived from them.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from core.cards import CARDS
from core.events import (
    UNSHADED,
)
from core.map import MAP
from core.pieces import ACTIVE_OF, INSURGENTS, UNDERGROUND_OF, Faction, Piece
from core.rules.common import CIVIC_ACTION_COST, civic_action_problem
from core.state import SAMPER, GameState
from nonplayer.government.base import (
    GOING_ON_FLOOR,
    control_tally,
    final_score,
)

GOVT = Faction.GOVT
FARC, AUC, CARTELS = Faction.FARC, Faction.AUC, Faction.CARTELS
NSPACES = len(MAP)


# ======================================================================================
# evaluation of a position, from the Government's side
# ======================================================================================
@dataclass(frozen=True)
class Weights:
    """Weights of :func:`evaluate`. Units: 1.0 = one point of Government victory margin
    (one Population level of Support, 7.3)."""

    govt_margin: float = 1.0  # Total Support - 60 (7.2)
    lead_margin: float = 0.6  # the highest Insurgent margin (8.8 subtracts it)...
    lead_temperature: float = 2.0  # ...as a soft maximum: a close second counts a little
    farc_threat: float = 0.5  # Opposition + FARC Bases (7.2)
    auc_base: float = 1.8  # each AUC Base (their margin, and AUC income 6.3.2)
    farc_base: float = 2.0  # each FARC Base beyond the threat term (income, Rally)
    cartels_base: float = 1.8  # each Cartels Base (their margin, 3x income)
    cartels_resource: float = 0.04  # Cartels Resources (their margin needs > 40)
    insurgent_resource: float = 0.03  # FARC and AUC Resources (future Operations)
    underground: float = 0.5  # each Underground Guerrilla on the map
    active: float = 0.4  # each Active Guerrilla on the map (exposed until Reset)
    govt_control: float = 0.35  # per Population under Government Control (1.8)
    farc_control: float = 0.35  # per Population under FARC Control (Agitation 6.4.2)
    resource: float = 0.2  # per Government Resource up to 30
    resource_high: float = 0.05  # per Government Resource beyond 30
    aid: float = 0.08  # per Aid (earned each Propaganda Round unless Samper, 6.3.1)
    terror: float = 0.3  # per Terror marker in a populated space (blocks Civic Action)
    sabotage: float = 0.3  # per Econ of a Sabotaged LoC (6.3.1 earnings lost)
    shipment: float = 0.4  # per Shipment on the map (Drug Profits 6.3.3)
    cube: float = 0.05  # per cube on the map (presence)
    govt_base: float = 0.8  # per Government Base (Train places cubes there, 3.2.1)
    eligible: float = 1.5  # Government Eligible for the next card (2.3.7)
    capability: float = 2.0  # per Capability in effect: + unshaded, - shaded (5.3)
    momentum: float = 1.5  # per Insurgent Momentum card in effect (5.4)
    propaganda_boost: float = 1.5  # Control counts this much more just before Propaganda
    # when the next card is a Propaganda card (the Support Phase is near, 6.4):
    civic_potential: float = 0.8  # per Support level Civic Action could buy then
    unprotected_loc: float = 0.5  # per Econ of a LoC that Sabotage would hit (6.2)


DEFAULT_WEIGHTS = Weights()


def propaganda_next(state: GameState) -> bool:
    """Is the next card (known, 2.3.8) a Propaganda card, or are we in a Round?"""
    if state.phase == "propaganda":
        return True
    return bool(state.deck) and CARDS[state.deck[0]].propaganda


def eligible_next(state: GameState) -> bool:
    """Will the Government be Eligible for the next Event card it plays (2.3.7)?

    In the middle of a card: Ineligible once it executed an Operation or Event on it
    (unless an Event said otherwise), Eligible if it Passed or has not acted. At the start
    of a card: its Eligibility now. In a Propaganda Round: yes (the Reset, 6.6)."""
    if state.phase == "propaganda":
        return True
    if state.phase != "card":
        return False
    step = state.step
    if any(int(a[0]) == GOVT for a in step.get("acted", [])):
        overrides = {int(f): bool(v) for f, v in step.get("eligible_next", {}).items()}
        return overrides.get(int(GOVT), False)
    return bool(state.eligible[GOVT])


def civic_potential(state: GameState) -> int:
    """Support levels (Population-weighted) the Government's Resources could buy by Civic
    Action now (6.4.1), best spaces first: what a coming Support Phase can turn into
    victory margin."""
    budget = state.resources[GOVT] // CIVIC_ACTION_COST
    steps: list[float] = []  # value of each affordable step, Terror removal worth 0
    for s in MAP.spaces:
        if not s.is_populated or civic_action_problem(state, s.id) is not None:
            continue
        terror = state.terror[s.id]
        levels = 2 - state.support[s.id]
        if levels <= 0:
            continue
        # Terror must go first: the space's steps are worth pop per level, paid after it
        per_step = s.pop * levels / (terror + levels)
        steps += [per_step] * (terror + levels)
    steps.sort(reverse=True)
    return int(sum(steps[:budget]))


def soft_max(values: Iterable[float], temperature: float) -> float:
    """A smooth maximum: the largest value, plus a little for others close behind."""
    values = list(values)
    top = max(values)
    return top + temperature * math.log(sum(math.exp((v - top) / temperature) for v in values))


def evaluation_terms(state: GameState, w: Weights = DEFAULT_WEIGHTS) -> dict[str, float]:
    """The terms of :func:`evaluate`, by name (their sum is the evaluation)."""
    margins = state.victory_margins()
    terms: dict[str, float] = {}
    if state.phase == "over":
        # The game is decided: its result on the one scale (a check lost below any
        # position that goes on, base.final_score).
        terms["final result"] = final_score(state)
        return terms
    terms["Government margin"] = w.govt_margin * margins[GOVT]
    terms["leading Insurgent margin"] = -w.lead_margin * soft_max(
        (margins[f] for f in INSURGENTS), w.lead_temperature
    )
    terms["FARC Opposition + Bases"] = -w.farc_threat * state.opposition_plus_bases()
    terms["Insurgent Bases"] = -(
        w.farc_base * state.bases_on_map(FARC)
        + w.auc_base * state.bases_on_map(AUC)
        + w.cartels_base * state.bases_on_map(CARTELS)
    )
    under = sum(state.on_map(UNDERGROUND_OF[f]) for f in INSURGENTS)
    active = sum(state.on_map(ACTIVE_OF[f]) for f in INSURGENTS)
    terms["Guerrillas"] = -(w.underground * under + w.active * active)
    terms["Insurgent Resources"] = -(
        w.cartels_resource * state.resources[CARTELS]
        + w.insurgent_resource * (state.resources[FARC] + state.resources[AUC])
    )
    govt_pop, farc_pop, terror, _ = control_tally(state)
    soon = propaganda_next(state)
    boost = w.propaganda_boost if soon else 1.0
    terms["Control"] = boost * (w.govt_control * govt_pop - w.farc_control * farc_pop)
    res = state.resources[GOVT]
    terms["Government Resources"] = w.resource * min(res, 30) + w.resource_high * max(0, res - 30)
    terms["Aid"] = w.aid * state.aid * (0.5 if state.president == SAMPER else 1.0)
    terms["Terror"] = -w.terror * terror
    terms["Sabotage"] = -w.sabotage * sum(s.econ for s in MAP.locs if state.sabotage[s.id])
    terms["Shipments"] = -w.shipment * sum(1 for s in state.shipments if s is not None)
    cubes = state.on_map(Piece.TROOPS) + state.on_map(Piece.POLICE)
    terms["Government forces"] = w.cube * cubes + w.govt_base * state.bases_on_map(GOVT)
    lasting = sum(1 if side == UNSHADED else -1 for side in state.capabilities.values())
    terms["Capabilities and Momentum"] = w.capability * lasting - w.momentum * len(state.momentum)
    if eligible_next(state):
        terms["Eligible"] = w.eligible
    if soon:
        terms["Civic Action potential"] = w.civic_potential * civic_potential(state)
        exposed = sum(
            s.econ
            for s in MAP.locs
            if not state.sabotage[s.id] and state.all_guerrillas(s.id) > state.cubes(s.id)
        )
        terms["LoCs open to Sabotage"] = -w.unprotected_loc * exposed
    return terms


def evaluate(state: GameState, w: Weights = DEFAULT_WEIGHTS) -> float:
    """How good ``state`` is for the Government (higher is better).

    Victory margins (7.3) dominate: the Government's own margin, minus part of the
    leading Insurgent's margin (the 8.8 score subtracts it) and of FARC's Opposition +
    Bases. Smaller terms value what becomes margin later. A finished game counts only its
    result, :func:`base.final_score`, on the same scale as the shared and the heuristic's
    evaluation: a victory check lost scores below any position that goes on (those never
    score below :data:`base.GOING_ON_FLOOR`). See :class:`Weights` for every term.
    """
    value = sum(evaluation_terms(state, w).values())
    return value if state.phase == "over" else max(value, GOING_ON_FLOOR)
