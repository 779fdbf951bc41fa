"""Propaganda Rounds (6.0-6.6): Victory, Sabotage, Resources, Support, Redeploy and Reset.

A Propaganda card starts a Round (2.4). :func:`start_round` runs its phases in order;
phases without choices (Sabotage 6.2, earnings 6.3.1-6.3.2, Election 6.4.3, Reset 6.6)
happen at once, and at each phase where a Faction has a real choice the Round stops and
waits for that Faction's command::

    state.step == {"phase": "Civic Action", "faction": 0, "stage": 6, ...}

:func:`core.game.apply_command` checks that the command's ``propaganda_phase`` matches
``step["phase"]``, executes it, and calls :func:`advance`, which carries on to the next
decision or marks the Round over with ``state.step == {"phase": "done"}``.

The decisions and their commands:

==========================  ==========  ==========================================
``step["phase"]``           Faction     command
==========================  ==========  ==========================================
``7th Special Forces``      Government  :class:`SeventhSpecialForces` (card 7)
``Drug Profits``            Insurgents  :class:`DrugProfits` (6.3.3)
``Civic Action``            Government  :class:`CivicAction` (6.4.1)
``Agitation``               FARC        :class:`Agitation` (6.4.2)
``FARC Zone``               Government  :class:`PlaceFarcZone` (6.4.3-6.4.4)
``Elite Backing``           AUC         :class:`EliteBacking` (6.4.5)
``Redeploy``                Government  :class:`Redeploy` (6.5)
==========================  ==========  ==========================================

A decision is skipped when the Faction has no choice to make (no Shipment that could
become a Base, fewer than 3 Resources for Civic Action, no space to Agitate in...). In
the final Round Redeploy and Reset are skipped (play note under 6.6).

Every decision has query helpers for a user interface or a bot (``civic_action_spaces``,
``redeploy_mandatory``...) and a random legal command generator (``random_redeploy``...);
:func:`random_propaganda_command` picks the generator for the decision awaited.

Automatic effects are described in plain English in ``state.step["report"]``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from core import draw
from core.cards import (
    ALFONSO_CANO,
    CARDS,
    FIRST_DIVISION,
    MEXICAN_TRAFFICKERS,
    SEVENTH_SPECIAL_FORCES,
    SHADED,
    UNSHADED,
)
from core.commands import (
    Command,
    Context,
    MaybeInt,
    MaybeOperation,
    PropagandaCommand,
    command,
)
from core.dice import DiceSource
from core.errors import IllegalAction
from core.map import MAP, space_name
from core.pieces import (
    AUC,
    BASE_OF,
    CARTELS,
    FACTIONS,
    FARC,
    GOVT,
    GOVT_BASE,
    INSURGENTS,
    POLICE,
    TROOPS,
    Faction,
    Piece,
)
from core.rules import insurgent_ops as ops
from core.rules import victory
from core.rules.common import (
    CIVIC_ACTION_COST,
    agitation_problem,
    agitation_step,
    civic_action_problem,
    civic_action_step,
    transfers_decider,
)
from core.space import BOGOTA, ECUADOR, SPACES
from core.state import PASTRANA, PRESIDENTS, SAMPER, URIBE, GameState
from core.words import counted, listed

# Names of the decisions (``state.step["phase"]``) and of the end of the Round.
SEVENTH_SF = "7th Special Forces"
DRUG_PROFITS = "Drug Profits"
CIVIC_ACTION = "Civic Action"
AGITATION = "Agitation"
FARC_ZONE = "FARC Zone"
ELITE_BACKING = "Elite Backing"
REDEPLOY = "Redeploy"
DONE = "done"

DRUG_PROFIT_RESOURCES = 6  # 6.3.3
SEVENTH_SF_MAX = 3  # card 7 unshaded: remove 1-3 Terror or Sabotage
IDEOLOGUE_MAX = 3  # card 22 shaded: up to 3 extra Agitation spaces
CUBES = (TROOPS, POLICE)


# ======================================================================================
# small shared checks
# ======================================================================================
def is_final_round(state: GameState) -> bool:
    """The Round of the final Propaganda card (2.4.1)."""
    return state.propaganda_cards >= state.final_propaganda


def set_aside_cards(played: list[int]) -> list[int]:
    """The Propaganda cards among ``played`` (in play order) that were played without a
    Round (6.0 EXCEPTION: never 2 Rounds without an Event card between)."""
    aside: list[int] = []
    round_last = False
    for card in played:
        if not CARDS[card].propaganda:
            round_last = False
        elif round_last:
            aside.append(card)
        else:
            round_last = True
    return aside


def rounds_held(state: GameState) -> int:
    """The Propaganda Rounds begun so far (6.0): the Propaganda cards played
    (``state.propaganda_cards``, which 2.4.1 counts for the game's end) less those set
    aside without a Round."""
    return state.propaganda_cards - len(set_aside_cards(state.played))


def _name(space: int) -> str:
    return space_name(space)


def _require_step(state: GameState, ctx: Context, cmd: PropagandaCommand) -> None:
    """A Propaganda command is legal only as the decision the Round awaits (6.0)."""
    if state.phase != "propaganda" or state.step.get("phase") != cmd.propaganda_phase:
        raise IllegalAction("6.0", f"the Propaganda Round is not awaiting {cmd.propaganda_phase}")
    if state.step.get("faction") != int(ctx.faction):
        raise IllegalAction("6.0", f"{cmd.propaganda_phase} is not {ctx.faction.label}'s decision")


def _check_space(space: int, rule: str) -> None:
    if not 0 <= space < len(SPACES):
        raise IllegalAction(rule, f"there is no space {space}")


def _city_or_department(state: GameState, space: int) -> bool:
    s = SPACES[space]
    return (s.is_city or s.is_department) and state.in_play(space)


# ======================================================================================
# 6.1 Victory Phase
# ======================================================================================
#: how the reason of a game ended at a victory check begins (``state.step["reason"]``)
VICTORY_CHECK_REASON = "victory check won by"


def victory_phase(state: GameState) -> bool:
    """Check victory (6.1, 7.2); end the game and return True if a Faction won.

    Skipped in the Rounds listed in ``state.skip_victory_on`` (Quick-Play scenario: the
    first Round).
    """
    if state.propaganda_cards in state.skip_victory_on:
        return False
    enders = victory.check_ends_game(state)
    if not enders:
        return False
    names = ", ".join(f.label for f in enders)
    reason = f"{VICTORY_CHECK_REASON} {names} (6.1, 7.2)"
    victory.finish(state, reason, victory.winners_at_check(state))
    return True


# ======================================================================================
# 6.2 Sabotage Phase
# ======================================================================================
def sabotage_due(state: GameState, space: int) -> bool:
    """Whether the Sabotage Phase Sabotages this LoC (6.2).

    An unSabotaged LoC where Guerrillas outnumber cubes, or next to a FARC-Controlled
    City. 7th Special Forces shaded (card 7) adds LoCs with any Guerrillas equal to cubes.
    """
    s = SPACES[space]
    if not s.is_loc or state.sabotage[space] or not state.in_play(space):
        return False
    guerrillas, cubes = state.all_guerrillas(space), state.cubes(space)
    if guerrillas > cubes:
        return True
    if state.capability(SEVENTH_SPECIAL_FORCES) == SHADED and guerrillas and guerrillas == cubes:
        return True
    return any(SPACES[a].is_city and state.controller(a) is FARC for a in s.adjacent)


def sabotage_phase_locs(state: GameState) -> list[int]:
    """The LoCs the Sabotage Phase will Sabotage (6.2), in map order."""
    return [s.id for s in MAP.locs if sabotage_due(state, s.id)]


def sabotage_cause(state: GameState, space: int) -> str:
    """Who Sabotages ``space`` in the Sabotage Phase and why (6.2), for the report:
    '2 FARC Guerrillas and 1 AUC Guerrilla outnumber 1 cube', 'next to FARC-Controlled
    Cali'."""
    counts = [(f, state.guerrillas(space, f)) for f in INSURGENTS]
    present = [(f, n) for f, n in counts if n]
    cubes = state.cubes(space)
    who = listed(*((n, f"{f.label} Guerrilla") for f, n in present))
    one = sum(n for _, n in present) == 1
    cube_text = counted(cubes, "cube")
    if present and sum(n for _, n in present) > cubes:
        return f"{who} outnumber{'s' * one} {cube_text}"
    cities = [a for a in SPACES[space].adjacent
              if SPACES[a].is_city and state.controller(a) is FARC]
    if cities:
        return f"next to FARC-Controlled {_name(cities[0])}"
    return f"{who} equal{'s' * one} {cube_text} (7th Special Forces shaded)"


def sabotage_phase(state: GameState, report: list[str]) -> None:
    """Sabotage each LoC due (6.2) while markers remain (3.3.4), in map order."""
    for space in sabotage_phase_locs(state):
        cause = sabotage_cause(state, space)
        if state.add_sabotage(space):
            report.append(f"Sabotage {_name(space)} ({cause})")
        else:
            report.append(f"no Terror/Sabotage marker left to Sabotage {_name(space)} "
                          f"({cause})")


# --- 7th Special Forces unshaded: remove 1-3 Terror or Sabotage -----------------------
def marker_spaces(state: GameState) -> list[int]:
    """Spaces holding Terror or Sabotage markers."""
    return [s.id for s in SPACES if state.terror[s.id] or state.sabotage[s.id]]


def seventh_sf_due(state: GameState) -> bool:
    """7th Special Forces unshaded is in effect and there is a marker to remove."""
    return state.capability(SEVENTH_SPECIAL_FORCES) == UNSHADED and bool(marker_spaces(state))


@command
class SeventhSpecialForces(PropagandaCommand):
    """7th Special Forces unshaded (card 7): after the Sabotage Phase the Government may
    remove 1-3 Terror or Sabotage markers.

    Fields:
        spaces: one entry per marker removed (a space may repeat if it holds several
            Terror markers): a Sabotage marker on a LoC, else a Terror marker. At most 3;
            empty declines.
    """

    spaces: "tuple[int, ...]" = ()
    name = "7th Special Forces"
    propaganda_phase = SEVENTH_SF

    def execute(self, state: GameState, ctx: Context) -> None:
        _require_step(state, ctx, self)
        if state.capability(SEVENTH_SPECIAL_FORCES) != UNSHADED:
            raise IllegalAction("5.3", "7th Special Forces (unshaded) is not in effect")
        if len(self.spaces) > SEVENTH_SF_MAX:
            raise IllegalAction("5.3", "7th Special Forces removes at most 3 markers")
        for space in self.spaces:
            _check_space(space, "5.3")
            if state.sabotage[space]:
                state.sabotage[space] = 0
                ctx.say(f"7th Special Forces: remove Sabotage from {_name(space)}")
            elif state.terror[space]:
                state.terror[space] -= 1
                ctx.say(f"7th Special Forces: remove Terror from {_name(space)}")
            else:
                raise IllegalAction("5.3", f"no Terror or Sabotage left in {_name(space)}")


def random_seventh_special_forces(
    state: GameState, faction: Faction, rng: random.Random
) -> SeventhSpecialForces:
    """Remove 0-3 random markers."""
    pool = [s for s in marker_spaces(state) for _ in range(state.terror[s] + state.sabotage[s])]
    draw.shuffle(rng, pool)
    return SeventhSpecialForces(tuple(pool[: draw.randint(rng, 0, SEVENTH_SF_MAX)]))


# ======================================================================================
# 6.3 Resources Phase
# ======================================================================================
def insurgent_earnings(state: GameState, faction: Faction) -> int:
    """6.3.2: FARC and AUC earn 1 per Base, Cartels 3 per Base (4 with Mexican
    Traffickers shaded, card 67)."""
    bases = state.bases_on_map(faction)
    if faction is not CARTELS:
        return bases
    return (4 if state.momentum_in_effect(MEXICAN_TRAFFICKERS) else 3) * bases


def earnings(state: GameState) -> dict[Faction, int]:
    """What each Faction earns in the Resources Phase before Drug Profits (6.3.1-6.3.2)."""
    out = {GOVT: state.government_earnings()}
    for f in INSURGENTS:
        out[f] = insurgent_earnings(state, f)
    return out


def resources_phase(state: GameState, report: list[str]) -> None:
    """Add Government and Insurgent earnings, to at most 99 (6.3.1-6.3.2, 1.7)."""
    for f, n in earnings(state).items():
        got = state.add_resources(f, n)
        verb = "earn" if f is CARTELS else "earns"  # "the Cartels earn", "FARC earns"
        report.append(f"{f.label} {verb} {counted(n, 'Resource')} (+{got}, now "
                      f"{state.resources[f]})")


# --- 6.3.3 Drug Profits -------------------------------------------------------------------
def drug_profit_options(state: GameState, faction: Faction) -> list[tuple[int, int, bool]]:
    """The Shipments ``faction`` owns as (index, space, a Base may replace it) (6.3.3)."""
    out = []
    for index in range(len(state.shipments)):
        space = _shipment_space(state, index, faction)
        if space is not None:
            out.append((index, space, state.can_place(space, BASE_OF[faction])))
    return out


def _shipment_space(state: GameState, index: int, faction: Faction) -> int | None:
    entry = state.shipments[index]
    if entry is None or entry[1] != int(faction):
        return None
    return entry[0]


def drug_profits_due(state: GameState, faction: Faction) -> bool:
    """Whether ``faction`` must choose: one of its Shipments could become a Base."""
    return any(ok for _, _, ok in drug_profit_options(state, faction))


def _cash_in(state: GameState, faction: Faction, index: int) -> str:
    space = state.shipments[index][0]  # type: ignore[index]
    state.remove_shipment(index)
    got = state.add_resources(faction, DRUG_PROFIT_RESOURCES)
    return f"{faction.label} Drug Profits: Shipment in {_name(space)} for +{got} Resources"


@command
class DrugProfits(PropagandaCommand):
    """Drug Profits (6.3.3): the Insurgent removes all Shipments it owns, receiving for
    each an Available Base at the Shipment's location (within stacking) or +6 Resources.

    Fields:
        bases: indices (into ``state.shipments``) of the owned Shipments exchanged for a
            Base; every other owned Shipment gives +6 Resources.
    """

    bases: "tuple[int, ...]" = ()
    name = "Drug Profits"
    propaganda_phase = DRUG_PROFITS

    def execute(self, state: GameState, ctx: Context) -> None:
        _require_step(state, ctx, self)
        faction = ctx.faction
        if len(set(self.bases)) != len(self.bases):
            raise IllegalAction("6.3.3", "each Shipment gives one Base or +6 Resources")
        for index in self.bases:
            if not 0 <= index < len(state.shipments):
                raise IllegalAction("6.3.3", f"there is no Shipment {index}")
            space = _shipment_space(state, index, faction)
            if space is None:
                raise IllegalAction("6.3.3", f"{faction.label} do not own Shipment {index}")
            state.place(space, BASE_OF[faction])
            state.remove_shipment(index)
            ctx.say(f"{faction.label} Drug Profits: Shipment in {_name(space)} becomes a Base")
        for index, _, _ in drug_profit_options(state, faction):
            ctx.say(_cash_in(state, faction, index))


def random_drug_profits(state: GameState, faction: Faction, rng: random.Random) -> DrugProfits:
    """Take each Shipment as a Base (where one still fits) or Resources, at random."""
    trial = state.clone()
    chosen = []
    for index, space, _ in drug_profit_options(state, faction):
        if rng.random() < 0.5 and trial.can_place(space, BASE_OF[faction]):
            trial.place(space, BASE_OF[faction])
            chosen.append(index)
    return DrugProfits(tuple(chosen))


# ======================================================================================
# 6.4.1 Civic Action
# ======================================================================================
def jointness_in_effect(state: GameState) -> bool:
    """1st Division unshaded (card 1): 1 Civic Action space per Support Phase needs only
    Government Control and any cube."""
    return state.capability(FIRST_DIVISION) == UNSHADED


def civic_action_max_steps(state: GameState, space: int) -> int:
    """Civic Action steps a space can absorb: its Terror, then levels to Active Support."""
    levels = 2 - state.support[space] if SPACES[space].is_populated else 0
    return state.terror[space] + levels


def civic_action_spaces(state: GameState, *, jointness: bool = False) -> list[int]:
    """Cities and Departments where Civic Action can do something (6.4.1); with
    ``jointness`` those open to the one 1st Division space instead."""
    # (Spaces without cubes are skipped unasked: civic_action_problem refuses them.)
    return [
        s.id
        for s in SPACES
        if state.cubes(s.id)
        and civic_action_problem(state, s.id, jointness=jointness) is None
        and civic_action_max_steps(state, s.id) > 0
    ]


def civic_action_due(state: GameState) -> bool:
    """The Government can afford a Civic Action step in some space (6.4.1)."""
    if state.resources[GOVT] < CIVIC_ACTION_COST:
        return False
    return bool(civic_action_spaces(state, jointness=jointness_in_effect(state)))


def _check_actions(actions: tuple[tuple[int, int], ...], rule: str) -> None:
    spaces = [a[0] for a in actions]
    if len(set(spaces)) != len(spaces):
        raise IllegalAction(rule, "list each space once, with its number of steps")
    for space, steps in actions:
        _check_space(space, rule)
        if steps < 1:
            raise IllegalAction(rule, f"{_name(space)}: at least 1 step per space listed")


@command
class CivicAction(PropagandaCommand):
    """Civic Action (6.4.1): in Government-Controlled Cities and Departments with both
    Troops and Police, every 3 Resources remove 1 Terror or, once none is left, shift 1
    level toward Active Support.

    Fields:
        actions: ``(space, steps)`` pairs, each space once; empty spends nothing.
        jointness: the one space using 1st Division unshaded (card 1: Government Control
            and any cube suffice), or None. It must be one of ``actions``' spaces.
    """

    actions: "tuple[tuple[int, int], ...]" = ()
    jointness: "MaybeInt" = None
    name = "Civic Action"
    propaganda_phase = CIVIC_ACTION

    def execute(self, state: GameState, ctx: Context) -> None:
        _require_step(state, ctx, self)
        _check_actions(self.actions, "6.4.1")
        if self.jointness is not None:
            if not jointness_in_effect(state):
                raise IllegalAction("5.3", "1st Division (unshaded) is not in effect")
            if self.jointness not in [a[0] for a in self.actions]:
                raise IllegalAction("5.3", "the 1st Division space must be a Civic Action space")
        for space, steps in self.actions:
            problem = civic_action_problem(state, space, jointness=space == self.jointness)
            if problem is not None:
                raise IllegalAction("6.4.1", problem)
            for _ in range(steps):
                ctx.say(f"Civic Action: {civic_action_step(state, space)}")
        if not self.actions:
            ctx.say("Civic Action: no shift (6.4.1)")


def _random_steps(
    spaces: list[int], budget: int, max_steps: Callable[[int], int], rng: random.Random
) -> list[tuple[int, int]]:
    """Random ``(space, steps)`` of Civic Action or Agitation (6.3.1, 6.4.2): in order,
    each space takes 0 to its ``max_steps`` within the ``budget`` of steps the Resources
    still pay for; spaces taking none are left out."""
    actions = []
    for space in spaces:
        most = min(budget, max_steps(space))
        steps = draw.randint(rng, 0, most) if most else 0
        if steps:
            actions.append((space, steps))
            budget -= steps
    return actions


def random_civic_action(state: GameState, faction: Faction, rng: random.Random) -> CivicAction:
    """Spend a random part of the Government's Resources on random spaces."""
    budget = state.resources[GOVT] // CIVIC_ACTION_COST
    joint = None
    if jointness_in_effect(state):
        extra = civic_action_spaces(state, jointness=True)
        if extra and rng.random() < 0.7:
            joint = draw.choice(rng, extra)
    spaces = [s for s in civic_action_spaces(state) if s != joint]
    draw.shuffle(rng, spaces)
    if joint is not None:
        spaces.insert(0, joint)
    actions = _random_steps(spaces, budget, lambda s: civic_action_max_steps(state, s), rng)
    if joint is not None and (not actions or actions[0][0] != joint):
        joint = None
    return CivicAction(tuple(actions), joint)


# ======================================================================================
# 6.4.2 Agitation
# ======================================================================================
def agitation_max_steps(state: GameState, space: int) -> int:
    """Agitation steps a space can absorb: its Terror, then levels to Active Opposition."""
    levels = state.support[space] + 2 if SPACES[space].is_populated else 0
    return state.terror[space] + levels


def agitation_spaces(state: GameState) -> list[int]:
    """FARC-Controlled Cities and Departments where Agitation can do something (6.4.2)."""
    # (Spaces without FARC pieces are skipped unasked: agitation_problem refuses them.)
    return [
        s.id
        for s in SPACES
        if state.faction_pieces(s.id, FARC)
        and agitation_problem(state, s.id) is None
        and agitation_max_steps(state, s.id) > 0
    ]


def ideologue_spaces(state: GameState) -> list[int]:
    """Alfonso Cano shaded (card 22 Momentum): the extra spaces (up to 3) where FARC may
    Agitate: a FARC piece and no Government Control, though not FARC-Controlled."""
    if not state.momentum_in_effect(ALFONSO_CANO):
        return []
    return [
        s.id
        for s in SPACES
        if _city_or_department(state, s.id)
        and state.faction_pieces(s.id, FARC)
        and state.controller(s.id) is None
        and agitation_max_steps(state, s.id) > 0
    ]


def agitation_due(state: GameState) -> bool:
    """FARC have a Resource and a space to Agitate in (6.4.2)."""
    if state.resources[FARC] < 1:
        return False
    return bool(agitation_spaces(state) or ideologue_spaces(state))


@command
class Agitation(PropagandaCommand):
    """Agitation (6.4.2): in FARC-Controlled Cities and Departments, every 1 Resource
    removes 1 Terror or, once none is left, shifts 1 level toward Active Opposition.
    Alfonso Cano shaded (card 22) adds up to 3 spaces with a FARC piece and no
    Government Control.

    Fields:
        actions: ``(space, steps)`` pairs, each space once; empty spends nothing.
    """

    actions: "tuple[tuple[int, int], ...]" = ()
    name = "Agitation"
    propaganda_phase = AGITATION

    def execute(self, state: GameState, ctx: Context) -> None:
        _require_step(state, ctx, self)
        _check_actions(self.actions, "6.4.2")
        extra = set(ideologue_spaces(state))
        used = 0
        for space, steps in self.actions:
            problem = agitation_problem(state, space)
            if problem is not None:
                if space not in extra:
                    raise IllegalAction("6.4.2", problem)
                used += 1
                if used > IDEOLOGUE_MAX:
                    raise IllegalAction("5.4", "Alfonso Cano adds at most 3 Agitation spaces")
            for _ in range(steps):
                ctx.say(f"Agitation: {agitation_step(state, space)}")
        if not self.actions:
            ctx.say("Agitation: no shift (6.4.2)")


def random_agitation(state: GameState, faction: Faction, rng: random.Random) -> Agitation:
    """Spend a random part of FARC Resources on random spaces."""
    budget = state.resources[FARC]
    extra = ideologue_spaces(state)
    draw.shuffle(rng, extra)
    spaces = agitation_spaces(state) + extra[: draw.randint(rng, 0, IDEOLOGUE_MAX)]
    draw.shuffle(rng, spaces)
    actions = _random_steps(spaces, budget, lambda s: agitation_max_steps(state, s), rng)
    return Agitation(tuple(actions))


# ======================================================================================
# 6.4.3 Election
# ======================================================================================
def election_due(state: GameState) -> bool:
    """El Presidente advances if Samper or Pastrana and Total Support <= 60 (6.4.3)."""
    return state.president in (SAMPER, PASTRANA) and state.total_support() <= 60


def election(state: GameState, report: list[str]) -> bool:
    """Hold the Election (6.4.3). Returns True if Pastrana took office, so that the
    Government must place a FARC Zone (6.4.4). Uribe removes all FARC Zones."""
    if not election_due(state):
        report.append(f"Election: {PRESIDENTS[state.president]} stays El Presidente")
        return False
    state.president += 1
    report.append(f"Election: {PRESIDENTS[state.president]} becomes El Presidente")
    if state.president == URIBE:
        removed = sum(state.farc_zone)
        state.clear_farc_zone()
        report.append(f"Uribe removes all FARC Zones ({removed})")
        return False
    return True


# ======================================================================================
# 6.4.4 FARC Zones (and 6.5 destinations, shared with Redeploy)
# ======================================================================================
def farc_zone_candidates(state: GameState, terrain: str | None = None) -> list[int]:
    """Departments (of ``terrain`` if given) with the most FARC pieces that are not
    already FARC Zones: the Government picks one of them (6.4.4)."""
    spaces = [
        s
        for s in SPACES
        if s.is_department
        and state.in_play(s.id)
        and not state.farc_zone[s.id]
        and (terrain is None or s.terrain == terrain)
    ]
    if not spaces:
        return []
    most = max(state.faction_pieces(s.id, FARC) for s in spaces)
    return [s.id for s in spaces if state.faction_pieces(s.id, FARC) == most]


def troop_destinations(state: GameState, exclude: int | None = None) -> list[int]:
    """Where redeployed Troops go (6.5.1-6.5.2): Government-Controlled spaces that are
    Cities or have Government Bases; Bogotá if there is none. ``exclude`` is a space
    becoming a FARC Zone."""
    spaces = [
        s.id
        for s in SPACES
        if s.id != exclude
        and state.in_play(s.id)
        and not state.farc_zone[s.id]
        and state.controller(s.id) is GOVT
        and (s.is_city or state.bases(s.id, GOVT))
        and state.room(s.id, GOVT) > 0
    ]
    # 6.5.1 "if no such spaces, then to Bogotá": also when the only one is Ecuador, which
    # holds just 2 Government pieces (card 33) and could not take every Troop.
    if not spaces or spaces == [ECUADOR]:
        spaces.append(BOGOTA)
    return spaces


def police_destinations(state: GameState, exclude: int | None = None) -> list[int]:
    """Where redeployed Police may go (6.5.3): any LoC or Government-Controlled space."""
    return [
        s.id
        for s in SPACES
        if s.id != exclude
        and state.in_play(s.id)
        and not state.farc_zone[s.id]
        and (s.is_loc or state.controller(s.id) is GOVT)
        and state.room(s.id, GOVT) > 0
    ]


def _destinations(state: GameState, exclude: int | None = None) -> dict[Piece, set[int]]:
    return {
        TROOPS: set(troop_destinations(state, exclude)),
        POLICE: set(police_destinations(state, exclude)),
    }


def place_farc_zone(
    state: GameState,
    space: int,
    moves: tuple[tuple[int, int, int], ...],
    say: Callable[[str], None] | None = None,
    terrain: str | None = None,
) -> None:
    """Place a FARC Zone (6.4.4) in ``space`` and Redeploy its cubes by ``moves``.

    ``moves`` are ``(kind, destination, count)`` triples that together take every cube out:
    Troops to :func:`troop_destinations`, Police to :func:`police_destinations`, Control
    judged as the Zone is placed. Government Bases there are removed. Events placing a
    Zone (cards 30, 36) call this too, with ``terrain`` when the card names one.
    """
    say = say or (lambda line: None)
    if space not in farc_zone_candidates(state, terrain):
        raise IllegalAction(
            "6.4.4", f"{_name(space)} is not a Department with the most FARC pieces and no Zone"
        )
    allowed = _destinations(state, exclude=space)
    moved = {TROOPS: 0, POLICE: 0}
    for raw, dst, n in moves:
        # a name of its own: compiled (core/engine.py), a variable first bound to an int
        # keeps a Piece as a plain int, without its label
        kind = _cube(raw, "6.4.4")
        if n < 1:
            raise IllegalAction("6.4.4", "move at least 1 cube per move listed")
        if dst not in allowed[kind]:
            raise IllegalAction("6.5", f"{kind.label} may not Redeploy to {_name(dst)}")
        moved[kind] += n
    for kind in CUBES:
        if moved[kind] != state.count(space, kind):
            raise IllegalAction(
                "6.4.4", f"all {state.count(space, kind)} {kind.label} must leave {_name(space)}"
            )
    for raw, dst, n in moves:
        state.move(space, dst, Piece(raw), n)
        say(f"FARC Zone: Redeploy {counted(n, Piece(raw).label)} from {_name(space)} "
            f"to {_name(dst)}")
    bases = state.bases(space, GOVT)
    if bases:
        state.remove(space, GOVT_BASE, bases)
        say(f"FARC Zone: remove {counted(bases, 'Government Base')} from {_name(space)}")
    state.set_farc_zone(space)
    say(f"FARC Zone placed in {_name(space)}")


def _cube(kind: int, rule: str) -> Piece:
    if kind not in CUBES:
        raise IllegalAction(rule, "only Troops and Police Redeploy")
    return Piece(kind)


@command
class PlaceFarcZone(PropagandaCommand):
    """Place the FARC Zone that Pastrana's election requires (6.4.3-6.4.4).

    Fields:
        space: a Department with the most FARC pieces that is not already a FARC Zone.
        moves: ``(kind, destination, count)`` triples Redeploying every Troops and Police
            piece out of ``space`` (6.5 destinations, Control judged now).
    """

    space: "int"
    moves: "tuple[tuple[int, int, int], ...]" = ()
    name = "Place FARC Zone"
    propaganda_phase = FARC_ZONE

    def execute(self, state: GameState, ctx: Context) -> None:
        _require_step(state, ctx, self)
        place_farc_zone(state, self.space, self.moves, ctx.say)


def _split(
    rng: random.Random, n: int, targets: list[int], room: dict[int, int]
) -> list[tuple[int, int]]:
    """Split ``n`` pieces among a few random targets: ``(target, count)`` pairs, never
    more into a target than ``room`` says is left (Ecuador, card 33); ``room`` is
    updated, so it can be shared by several calls."""
    out: dict[int, int] = {}
    for _ in range(n):
        open_ = [t for t in targets if room.get(t, 99) > 0]
        if not open_:
            break
        used = [t for t in out if t in open_]
        fresh = not used or rng.random() < 0.3
        target = draw.choice(rng, open_) if fresh else draw.choice(rng, used)
        out[target] = out.get(target, 0) + 1
        room[target] = room.get(target, 99) - 1
    return list(out.items())


def random_farc_zone(state: GameState, faction: Faction, rng: random.Random) -> PlaceFarcZone:
    """A random candidate Department, its cubes sent to random legal destinations."""
    space = draw.choice(rng, farc_zone_candidates(state))
    allowed = _destinations(state, exclude=space)
    room = {s.id: state.room(s.id, GOVT) for s in SPACES}
    moves = []
    for kind in CUBES:
        for dst, n in _split(rng, state.count(space, kind), sorted(allowed[kind]), room):
            moves.append((int(kind), dst, n))
    return PlaceFarcZone(space, tuple(moves))


# ======================================================================================
# 6.4.5 Elite Backing
# ======================================================================================
def elite_backing_spaces(state: GameState) -> list[int]:
    """Cities and Departments with neither Opposition, nor Government nor FARC Control
    (6.4.5): where AUC may free Rally."""
    return [
        s.id
        for s in SPACES
        if _city_or_department(state, s.id)
        and state.support[s.id] >= 0
        and state.controller(s.id) is None
    ]


@command
class EliteBacking(PropagandaCommand):
    """Elite Backing (6.4.5): AUC may free Rally (3.3.1) in 1 space with neither
    Opposition, nor Government Control, nor FARC Control.

    Fields:
        rally: an AUC Rally Operation selecting exactly 1 such space, or None to decline.
        transfers: where Shipments go whose last AUC Guerrillas the Rally's Base
            replaces (4.5.3), as in :class:`~core.game.sequence.OperationAction`.
    """

    rally: "MaybeOperation" = None
    transfers: "tuple[tuple[int, int, int], ...]" = ()
    name = "Elite Backing"
    propaganda_phase = ELITE_BACKING

    def execute(self, state: GameState, ctx: Context) -> None:
        _require_step(state, ctx, self)
        if self.rally is None:
            ctx.say("AUC decline Elite Backing")
            return
        if self.rally.name != "Rally":
            raise IllegalAction("6.4.5", f"Elite Backing is a Rally, not {self.rally.name}")
        spaces = set(self.rally.spaces())
        if len(spaces) != 1:
            raise IllegalAction("6.4.5", "Elite Backing Rallies in exactly 1 space")
        (space,) = spaces
        if getattr(self.rally, "recall", ()):
            raise IllegalAction("1.4.1", "own pieces are removed only by the Sequence of Play")
        if space not in elite_backing_spaces(state):
            raise IllegalAction(
                "6.4.5", f"{_name(space)} has Opposition or is Government- or FARC-Controlled"
            )
        ctx.say(f"Elite Backing: AUC free Rally in {_name(space)}")
        rally_ctx = Context(
            faction=AUC,
            dice=ctx.dice,
            free=True,
            nonplayer=ctx.nonplayer,
            trace=ctx.trace,
        )
        with state.shipment_decider(transfers_decider(self.transfers)):
            self.rally.execute(state, rally_ctx)


def random_elite_backing(state: GameState, faction: Faction, rng: random.Random) -> EliteBacking:
    """A free AUC Rally in a random Elite Backing space, or (sometimes) a refusal."""
    spaces = [s for s in elite_backing_spaces(state) if ops.rally_actions(state, AUC, s)]
    if not spaces or rng.random() < 0.15:
        return EliteBacking(None)
    space = draw.choice(rng, spaces)
    action = draw.choice(rng, ops.rally_actions(state, AUC, space))
    if action == ops.RALLY_BASE:
        active = state.active(space, AUC)
        low = max(0, 2 - state.underground(space, AUC))
        rally = ops.rally_in(space, action, draw.randint(rng, low, min(2, active)))
    elif action == ops.RALLY_REGROUP:
        rally = ops.rally_in(space, action, 0, _random_regroup(state, space, rng))
    else:
        limit = ops.rally_place_limit(state, AUC, space)
        rally = ops.rally_in(space, action, draw.randint(rng, min(1, limit), limit))
    try:
        rally.execute(state.clone(), Context(faction=AUC, free=True))
    except IllegalAction:
        return EliteBacking(None)
    return EliteBacking(rally)


def _random_regroup(
    state: GameState, space: int, rng: random.Random
) -> tuple[tuple[int, int, int, int], ...]:
    """Rally regroup moves (3.3.1): AUC Guerrillas (and Shipments) from 0-2 spaces."""
    f = AUC
    sources = [s.id for s in SPACES if s.id != space and state.guerrillas(s.id, f)]
    moves = []
    for src in draw.sample(rng, sources, min(len(sources), draw.randint(rng, 0, 2))):
        underground = draw.randint(rng, 0, state.underground(src, f))
        active = draw.randint(rng, 0, state.active(src, f))
        if underground + active == 0:
            continue
        ships = draw.randint(rng, 0, len(state.shipments_at(src, f)))
        moves.append((src, underground, active, ships))
    return tuple(moves)


# ======================================================================================
# 6.5 Redeploy Phase
# ======================================================================================
def redeploy_mandatory(state: GameState) -> dict[int, int]:
    """Troops that must Redeploy (6.5.1): ``{space: troops}`` for LoCs and Departments
    without Government Bases."""
    out = {}
    for s in SPACES:
        troops = state.troops(s.id)
        if not troops:
            continue
        if s.is_loc or (s.is_department and not state.bases(s.id, GOVT)):
            out[s.id] = troops
    return out


def redeploy_due(state: GameState) -> bool:
    """Some Troops must move, or some cube could move somewhere else (6.5)."""
    if redeploy_mandatory(state):
        return True
    allowed = _destinations(state)
    for s in SPACES:
        for kind in CUBES:
            if state.count(s.id, kind) and allowed[kind] - {s.id}:
                return True
    return False


@command
class Redeploy(PropagandaCommand):
    """Redeploy (6.5): the Government must move Troops off LoCs and out of Departments
    without Government Bases, may move its other Troops, to Government-Controlled Cities
    or spaces with Government Bases (Bogotá if none), and may move Police to any LoCs or
    Government-Controlled spaces. Control is judged before any cube moves (6.5.4).

    Fields:
        moves: ``(kind, origin, destination, count)`` with kind Troops or Police. Each
            cube moves at most once: per origin no more than were there at the start.
    """

    moves: "tuple[tuple[int, int, int, int], ...]" = ()
    name = "Redeploy"
    propaganda_phase = REDEPLOY

    def execute(self, state: GameState, ctx: Context) -> None:
        _require_step(state, ctx, self)
        allowed = _destinations(state)
        mandatory = redeploy_mandatory(state)
        leaving: dict[tuple[Piece, int], int] = {}
        for raw, src, dst, n in self.moves:
            kind = _cube(raw, "6.5")  # a name of its own, as in PlaceFarcZone's check
            _check_space(src, "6.5")
            if n < 1 or src == dst:
                raise IllegalAction("6.5", "each move takes 1+ cubes to another space")
            if dst not in allowed[kind]:
                rule = "6.5.3" if kind is POLICE else "6.5.1"
                raise IllegalAction(rule, f"{kind.label} may not Redeploy to {_name(dst)}")
            leaving[(kind, src)] = leaving.get((kind, src), 0) + n
            if leaving[(kind, src)] > state.count(src, kind):
                raise IllegalAction("6.5", f"not that many {kind.label} in {_name(src)}")
        for space, troops in mandatory.items():
            if leaving.get((TROOPS, space), 0) < troops:
                raise IllegalAction("6.5.1", f"all {troops} Troops must leave {_name(space)}")
        for raw, src, dst, n in self.moves:
            state.move(src, dst, Piece(raw), n)
            ctx.say(f"Redeploy {counted(n, Piece(raw).label)} from {_name(src)} to {_name(dst)}")
        if not self.moves:
            ctx.say("Redeploy: no cube moves (6.5)")


def random_redeploy(state: GameState, faction: Faction, rng: random.Random) -> Redeploy:
    """All mandatory Troops to random destinations, plus random optional moves."""
    allowed = {k: sorted(v) for k, v in _destinations(state).items()}
    mandatory = redeploy_mandatory(state)
    room = {s.id: state.room(s.id, GOVT) for s in SPACES}
    moves = []
    for s in SPACES:
        for kind in CUBES:
            here = state.count(s.id, kind)
            if not here:
                continue
            targets = [d for d in allowed[kind] if d != s.id]
            if not targets:
                continue
            if kind is TROOPS and s.id in mandatory:
                n = here
            elif rng.random() < 0.25:
                n = draw.randint(rng, 1, here)
            else:
                continue
            for dst, k in _split(rng, n, targets, room):
                moves.append((int(kind), s.id, dst, k))
    return Redeploy(tuple(moves))


# ======================================================================================
# 6.6 Reset Phase
# ======================================================================================
def reset_phase(state: GameState, report: list[str]) -> None:
    """Reset (6.6): all Factions Eligible, Terror and Sabotage removed, Momentum
    discarded, all Guerrillas Underground. (The next card is played by the sequence of
    play, 2.3.8.)"""
    state.eligible = [True] * len(FACTIONS)
    state.terror = [0] * len(state.terror)
    state.sabotage = [0] * len(state.sabotage)
    for card in state.momentum:
        state.executed_by.pop(card, None)
    state.momentum = []
    for s in SPACES:
        for f in INSURGENTS:
            state.flip(s.id, f, state.active(s.id, f), to_active=False)
    report.append(
        "Reset: all Factions Eligible, Terror and Sabotage removed, "
        "Momentum discarded, all Guerrillas Underground"
    )


# ======================================================================================
# running the Round
# ======================================================================================
#: A stage runs automatic effects and returns the decision it needs, ``(phase, faction)``,
#: or None. ``flags`` carries facts between stages (``zone_due``: Pastrana elected).
Decision = tuple[str, Faction] | None
Stage = Callable[[GameState, dict[str, Any], list[str]], Decision]


def _stage_sabotage(state: GameState, flags: dict[str, Any], report: list[str]) -> Decision:
    sabotage_phase(state, report)
    return None


def _stage_seventh_sf(state: GameState, flags: dict[str, Any], report: list[str]) -> Decision:
    return (SEVENTH_SF, GOVT) if seventh_sf_due(state) else None


def _stage_resources(state: GameState, flags: dict[str, Any], report: list[str]) -> Decision:
    resources_phase(state, report)
    return None


def _stage_drug_profits(faction: Faction) -> Stage:
    def stage(state: GameState, flags: dict[str, Any], report: list[str]) -> Decision:
        if drug_profits_due(state, faction):
            return (DRUG_PROFITS, faction)
        for index, _, _ in drug_profit_options(state, faction):
            report.append(_cash_in(state, faction, index))
        return None

    return stage


def _stage_civic_action(state: GameState, flags: dict[str, Any], report: list[str]) -> Decision:
    return (CIVIC_ACTION, GOVT) if civic_action_due(state) else None


def _stage_agitation(state: GameState, flags: dict[str, Any], report: list[str]) -> Decision:
    return (AGITATION, FARC) if agitation_due(state) else None


def _stage_election(state: GameState, flags: dict[str, Any], report: list[str]) -> Decision:
    flags["zone_due"] = election(state, report)
    return None


def _stage_farc_zone(state: GameState, flags: dict[str, Any], report: list[str]) -> Decision:
    if not flags.get("zone_due"):
        return None
    candidates = farc_zone_candidates(state)
    if not candidates:
        report.append("no Department can receive the FARC Zone")
        return None
    if len(candidates) == 1 and not state.cubes(candidates[0]):
        # the only legal choice, said with why (issue 43: placed with no word of it)
        place_farc_zone(state, candidates[0], (), lambda line: report.append(
            f"{line}: the only Department with the most FARC pieces that is not a FARC "
            "Zone, and no cubes to Redeploy from it, so nothing for the Government to "
            "choose (6.4.4)" if line.startswith("FARC Zone placed") else line))
        return None
    return (FARC_ZONE, GOVT)


def _stage_elite_backing(state: GameState, flags: dict[str, Any], report: list[str]) -> Decision:
    return (ELITE_BACKING, AUC) if elite_backing_spaces(state) else None


def _stage_redeploy(state: GameState, flags: dict[str, Any], report: list[str]) -> Decision:
    if is_final_round(state) or not redeploy_due(state):
        return None
    return (REDEPLOY, GOVT)


def _stage_reset(state: GameState, flags: dict[str, Any], report: list[str]) -> Decision:
    if not is_final_round(state):
        reset_phase(state, report)
    return None


STAGES: tuple[Stage, ...] = (
    _stage_sabotage,
    _stage_seventh_sf,
    _stage_resources,
    _stage_drug_profits(FARC),
    _stage_drug_profits(AUC),
    _stage_drug_profits(CARTELS),
    _stage_civic_action,
    _stage_agitation,
    _stage_election,
    _stage_farc_zone,
    _stage_elite_backing,
    _stage_redeploy,
    _stage_reset,
)

#: The index in :data:`STAGES` of the Support Phase's first stage, Civic Action (6.4.1):
#: an :data:`Observer` told of it sees the board the Government's Civic Action meets
#: (the Support/Opposition ledger of ``benchmarks/ledger.py`` measures the room there).
SUPPORT_PHASE_STAGE = STAGES.index(_stage_civic_action)
#: The indices of the Support Phase's next stages, Agitation (6.4.2) and the Election
#: (6.4.3): an Observer told of them sees the board after Civic Action, then Agitation.
AGITATION_STAGE = STAGES.index(_stage_agitation)
ELECTION_STAGE = STAGES.index(_stage_election)


#: Told after each stage ran: its index in :data:`STAGES`, the report lines it added and
#: the decision it needs (None: it ran by itself). The tabletop assistant words each
#: stage's changes from it (tui.controller).
Observer = Callable[[int, list[str], Decision], None]


def _run(
    state: GameState, first: int, flags: dict[str, Any], observe: Observer | None = None
) -> None:
    """Run stages from ``first`` until one needs a decision, or the Round is done."""
    report: list[str] = []
    for index in range(first, len(STAGES)):
        said = len(report)
        decision = STAGES[index](state, flags, report)
        if observe is not None:
            observe(index, report[said:], decision)
        if decision is not None:
            phase, faction = decision
            state.step = {
                "phase": phase,
                "faction": int(faction),
                "stage": index,
                "flags": flags,
                "report": report,
            }
            _describe(state)
            return
    state.step = {"phase": DONE, "report": report}


def _describe(state: GameState) -> None:
    """Add the data a user interface needs to present the decision (JSON-friendly)."""
    step = state.step
    phase, faction = step["phase"], FACTIONS[step["faction"]]
    if phase == SEVENTH_SF:
        step["spaces"] = marker_spaces(state)
    elif phase == DRUG_PROFITS:
        step["shipments"] = [list(o) for o in drug_profit_options(state, faction)]
    elif phase == CIVIC_ACTION:
        step["spaces"] = civic_action_spaces(state)
        if jointness_in_effect(state):
            step["jointness_spaces"] = civic_action_spaces(state, jointness=True)
    elif phase == AGITATION:
        step["spaces"] = agitation_spaces(state)
        step["ideologue_spaces"] = ideologue_spaces(state)
    elif phase == FARC_ZONE:
        step["candidates"] = farc_zone_candidates(state)
    elif phase == ELITE_BACKING:
        step["spaces"] = elite_backing_spaces(state)
    elif phase == REDEPLOY:
        step["mandatory"] = [[s, n] for s, n in redeploy_mandatory(state).items()]


def start_round(state: GameState, dice: DiceSource, observe: Observer | None = None) -> None:
    """Begin the Propaganda Round of the card just played (6.0).

    Runs the Victory Phase (6.1; the game may end here) and then the phases up to the
    first decision. ``dice`` is unused: no Propaganda phase rolls dice. ``observe`` is
    told of each stage run (:data:`Observer`).
    """
    if victory_phase(state):
        return
    _run(state, 0, {}, observe)


def advance(state: GameState, dice: DiceSource, observe: Observer | None = None) -> None:
    """After a Propaganda command: continue the Round to its next decision, or mark it
    over with ``state.step == {"phase": "done"}`` (``observe``: see :data:`Observer`)."""
    step = state.step
    if state.phase != "propaganda" or step.get("phase") in (None, DONE):
        return
    _run(state, int(step["stage"]) + 1, dict(step.get("flags", {})), observe)


# ======================================================================================
# random commands for the decision awaited
# ======================================================================================
_GENERATORS: dict[str, Callable[[GameState, Faction, random.Random], Command]] = {
    SEVENTH_SF: random_seventh_special_forces,
    DRUG_PROFITS: random_drug_profits,
    CIVIC_ACTION: random_civic_action,
    AGITATION: random_agitation,
    FARC_ZONE: random_farc_zone,
    ELITE_BACKING: random_elite_backing,
    REDEPLOY: random_redeploy,
}


def random_propaganda_command(state: GameState, rng: random.Random) -> Command | None:
    """A random legal command for the decision the Round awaits (None if none is)."""
    phase = state.step.get("phase")
    if state.phase != "propaganda" or phase not in _GENERATORS:
        return None
    return _GENERATORS[phase](state, FACTIONS[state.step["faction"]], rng)
