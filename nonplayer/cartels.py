"""Non-player Cartels (rule section 8): the predicates, space selectors, actions and
builders named in ``flowcharts/cartels.toml``.

Rule 8.5 in brief (the French first-edition text stands where the translation differs):

* 8.5.1 Rally if 10+ Cartels pieces are Available or a Rally could replace 2 Guerrillas
  with a Base; at most 3 spaces: replace 2 Guerrillas (without a Shipment) with a Base,
  then flip Active Guerrillas Underground where a Base and a cube are, then place
  Guerrillas where Bases have no Guerrillas (none Available: gather up to 3), then 1 other
  random Department made ready for Cultivate. CULTIVATE: place a Base in a Rally
  Department, else relocate a Base from a space with 2 to one with none.
* 8.5.2 Otherwise, a Shipment Available: March into 1 City or Department with fewer than
  2 Bases next to a space with 2+ Cartels Guerrillas. PROCESS: 2 Shipments in random
  spaces with a Cartels Guerrilla and Base, else remove 1 Base where there are 2.
* 8.5.3 Otherwise Terror in up to 3 populated spaces: Support, then Opposition, then
  Neutral. BRIBE: up to 3 spaces with Cartels and enemy pieces, Government, then FARC,
  then AUC, removing per 8.1.2.

Readings of unclear points (see also each function):

* "Guerrillas without a Shipment" (8.5.1 bullet 1): Shipments are tracked per space and
  Faction, and one Guerrilla may hold them all (4.5.3), so a space's Cartels Guerrillas
  without a Shipment are its Cartels Guerrillas less 1 if the Cartels hold a Shipment
  there. The Rally diamond's "could replace 2 Guerrillas with a Base" asks whether that
  first bullet has a space.
* Gathering Guerrillas (8.5.1 bullet 3, none Available): sources are spaces without a
  Cartels Base, chosen at random (8.2/8.3) when they hold more than are needed; Active
  Guerrillas go before Underground ones (they turn Underground on arrival, those left keep
  hidden) and the source's Cartels Shipments go along (8.1.2 March: "move Shipments
  first").
* The Rally's 4th bullet picks (at random) the Department "where a Cultivate then
  places a new Base": Cultivate's 1st bullet takes that Department first, other Rally
  Departments only without one (then at random). The 4th bullet needs a Guerrilla and a
  Base Available ("placing Available Guerrillas", "a new Base").
* Process when no Shipment can be placed (e.g. a March reached through 8.1.1 while all 4
  Shipments are out): the Base removal of the 2nd bullet applies, as if no space allowed
  the 1st.
* Bribe takes pieces of the bullet's Faction in 8.1.2 order (a Base alone, else up to 2
  cubes, Police first, or up to 2 Guerrillas, Underground first), topping up a Guerrilla
  removal with other enemy Guerrillas (FARC, then AUC). A Shipment forced off goes by
  Contraband per 8.1.2: to an Underground Cartels Guerrilla, then an Underground
  Guerrilla of another Non-player, then Active FARC, AUC, Cartels Guerrillas.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from core.commands import Command
from core.errors import IllegalAction
from core.map import space_name
from core.pieces import (
    ACTIVE_OF,
    AUC,
    CARTELS,
    CARTELS_BASE,
    FARC,
    GOVT,
    UNDERGROUND_OF,
    Faction,
    Piece,
)
from core.rules.insurgent_ops import (
    RALLY_BASE,
    RALLY_PLACE,
    RALLY_REGROUP,
    MarchGroup,
    march_would_activate,
    rally_base_problem,
    rally_place_limit,
    rally_problem,
    rally_rule_limit,
    rally_step,
    terror_problem,
)
from core.rules.insurgent_ops import march_group as march_group_step
from core.rules.insurgent_special import Bribe, Cultivate, Process, cultivate_problem
from core.space import SPACES
from core.state import SUPPORT_LABELS, GameState
from core.words import counted, listed
from nonplayer import facts, procedures
from nonplayer.bot import Bot
from nonplayer.plan import Plan
from nonplayer.registry import Verdict, action, builder, predicate, selector

C = CARTELS
RALLY_AVAILABLE_THRESHOLD = 10  # 8.5.1
GATHER_LIMIT = 3  # 8.5.1 bullet 3: "up to 3 Guerrillas"
SHIPMENTS_PER_PROCESS = 2  # 8.5.2
BRIBE_COST = 3  # 4.5.4

CULTIVATE_TARGET_NOTE = "cartels.cultivate_target"  # Rally plan note: bullet 4's Department
SHIP = "ship"
REMOVE_BASE = "base"


def _name(space: int) -> str:
    return space_name(space)


def _g(n: int) -> str:
    return counted(n, "Cartels Guerrilla")


def _city_or_department(state: GameState, space: int) -> bool:
    s = SPACES[space]
    return (s.is_city or s.is_department) and state.in_play(space)


def _spaces(state: GameState) -> tuple[int, ...]:
    return facts.in_play(state)


def _broke(plan: Plan) -> bool:
    """Every space of a Cartels Rally, March or Terror costs 1 Resource (each is a City
    or Department): with none left no space can be selected (8.1), so no die is rolled
    for one."""
    return plan.resources() < 1


# ======================================================================================
# 8.5.1 Rally
# ======================================================================================
def free_guerrillas(state: GameState, space: int) -> int:
    """Cartels Guerrillas in ``space`` not holding a Shipment: one Guerrilla may hold all
    of a Faction's Shipments there (4.5.3), so 1 fewer if the Cartels hold any."""
    held = 1 if state.shipments_at(space, C) else 0
    return max(0, state.guerrillas(space, C) - held)


def base_replace_spaces(state: GameState) -> list[int]:
    """8.5.1 bullet 1: Cities/Departments where a Rally can replace 2 Cartels Guerrillas
    without a Shipment with a Base (fewer than 2 Bases of any Faction, a Base
    Available)."""
    return [
        s
        for s in _spaces(state)
        if state.guerrillas(s, C) >= 2  # the cheap tests first
        and free_guerrillas(state, s) >= 2
        and rally_problem(state, C, s) is None
        and rally_base_problem(state, C, s) is None  # 1.4.1, 1.4.2
    ]


@predicate("cartels.rally_condition")
def rally_condition(bot: Bot) -> Verdict:
    """8.5.1: 10+ Cartels pieces (Guerrillas plus Bases) Available, or a Rally could
    replace 2 Guerrillas with a Base."""
    st = bot.state
    guerrillas, bases = st.available_guerrillas(C), st.available_bases(C)
    pieces = guerrillas + bases
    where = base_replace_spaces(st)
    detail = listed((guerrillas, "Guerrilla"), (bases, "Base"))
    facts = f"{counted(pieces, 'Cartels piece')} Available" + (f" ({detail})" if detail else "")
    if where:
        facts += "; Rally could replace 2 Guerrillas with a Base in " + ", ".join(
            _name(s) for s in where
        )
    else:
        facts += "; no space where Rally could replace 2 Guerrillas with a Base"
    return Verdict(pieces >= RALLY_AVAILABLE_THRESHOLD or bool(where), facts)


@selector("cartels.rally_base_spaces")
def rally_base_spaces(bot: Bot, plan: Plan) -> list[int]:
    if _broke(plan):
        return []
    return base_replace_spaces(plan.scratch)


@action("cartels.rally_replace_with_base")
def rally_replace_with_base(bot: Bot, plan: Plan, space: int) -> str | None:
    """Replace 2 Guerrillas with a Base, Active ones first (8.1.2)."""
    removed = procedures.own_removal(plan.scratch, space, C, 2)
    active = sum(1 for k in removed if k == ACTIVE_OF[C])
    if not plan.try_add(rally_step(space, RALLY_BASE, active), space):
        return None
    which = f" ({active} Active)" if active else ""
    return f"replace 2 Cartels Guerrillas{which} with a Cartels Base"


@selector("cartels.rally_flip_spaces")
def rally_flip_spaces(bot: Bot, plan: Plan) -> list[int]:
    """8.5.1 bullet 2: Active Cartels Guerrillas, a Cartels Base and a cube."""
    st = plan.scratch
    if _broke(plan):
        return []
    return [
        s
        for s in _spaces(st)
        if st.active(s, C)
        and st.bases(s, C)
        and st.cubes(s)
        and rally_problem(st, C, s) is None
    ]


@action("cartels.rally_flip_underground")
def rally_flip_underground(bot: Bot, plan: Plan, space: int) -> str | None:
    active = plan.scratch.active(space, C)
    if not plan.try_add(rally_step(space, RALLY_REGROUP, 0, ()), space):
        return None
    return f"flip {_g(active)} Underground"


@selector("cartels.rally_empty_base_spaces")
def rally_empty_base_spaces(bot: Bot, plan: Plan) -> list[int]:
    """8.5.1 bullet 3: Cartels Bases and no Cartels Guerrillas, where stacking lets
    Guerrillas in (Ecuador: 2 pieces per Faction, card 33)."""
    st = plan.scratch
    if _broke(plan):
        return []
    return [
        s
        for s in _spaces(st)
        if st.bases(s, C) and not st.guerrillas(s, C) and rally_problem(st, C, s) is None
        and st.capacity(s, UNDERGROUND_OF[C]) > 0
    ]


def gather_moves(
    bot: Bot, state: GameState, space: int, picks: list[str] | None = None
) -> tuple[tuple[int, int, int, int], ...]:
    """Up to 3 Cartels Guerrillas to move into ``space`` from spaces without Cartels Bases
    (8.5.1 bullet 3), as Rally moves ``(from, Underground, Active, Shipments)``.

    Sources holding more Guerrillas than are still needed are chosen at random (8.2/8.3);
    otherwise all are taken. Active Guerrillas move before Underground ones; the source's
    Cartels Shipments move with them (8.1.2 "move Shipments first"). The random picks
    are described in ``picks`` (for the trace).
    """
    left = {
        s: (state.underground(s, C), state.active(s, C))
        for s in _spaces(state)
        if s != space and state.guerrillas(s, C) and not state.bases(s, C)
    }
    need = min(GATHER_LIMIT, state.capacity(space, UNDERGROUND_OF[C]))  # stacking
    moves = []
    while need > 0 and left:
        if sum(u + a for u, a in left.values()) <= need:
            src = min(left, key=lambda s: (not SPACES[s].is_loc, s))
        else:
            picked = bot.pick(sorted(left), f"Rally 8.5.1 bullet 3: Guerrillas to {_name(space)}")
            assert picked.space is not None
            src = picked.space
            if picks is not None:
                picks.append(picked.describe())
        under, active = left.pop(src)
        a = min(active, need)
        u = min(under, need - a)
        need -= u + a
        moves.append((src, u, a, len(state.shipments_at(src, C))))
    return tuple(moves)


@action("cartels.rally_place_or_gather")
def rally_place_or_gather(bot: Bot, plan: Plan, space: int) -> str | None:
    """Place Guerrillas up to Bases plus Population; none Available: gather up to 3."""
    st = plan.scratch
    available = st.available_guerrillas(C)
    if available:
        n = rally_place_limit(st, C, space)  # rule, Available and stacking (1.4)
        if not n or not plan.try_add(rally_step(space, RALLY_PLACE, n), space):
            return None
        return f"place {_g(n)}"
    picks: list[str] = []
    moves = gather_moves(bot, st, space, picks)
    if not moves:
        return None
    if not plan.try_add(rally_step(space, RALLY_REGROUP, 0, moves), space):
        return None
    parts = ", ".join(
        f"{u + a} from {_name(src)}" + (f" with {counted(ships, 'Shipment')}" if ships else "")
        for src, u, a, ships in moves
    )
    how = f" [sources: {'; '.join(picks)}]" if picks else ""
    return f"no Cartels Guerrilla Available: move in {parts}, flip them Underground{how}"


def cultivate_ready_departments(state: GameState) -> list[int]:
    """8.5.1 bullet 4: Departments where a Rally placing Available Guerrillas lets a
    Cultivate place a new Base: Population above 0, fewer than 2 Bases, a Cartels Base
    Available, and the Cartels Guerrillas there after the Rally outnumber the Police."""
    available = state.available_guerrillas(C)
    if available < 1 or state.available_bases(C) < 1:
        return []
    out = []
    for s in _spaces(state):
        if not SPACES[s].is_department or SPACES[s].pop <= 0 or rally_problem(state, C, s):
            continue
        if state.capacity(s, CARTELS_BASE) < 1:  # stacking (1.4.2)
            continue
        placed = min(rally_rule_limit(state, C, s), available)
        if state.guerrillas(s, C) + placed > state.police(s):
            out.append(s)
    return out


@selector("cartels.rally_cultivate_spaces")
def rally_cultivate_spaces(bot: Bot, plan: Plan) -> list[int]:
    if _broke(plan):
        return []
    return cultivate_ready_departments(plan.scratch)


@action("cartels.rally_place_for_cultivate")
def rally_place_for_cultivate(bot: Bot, plan: Plan, space: int) -> str | None:
    st = plan.scratch
    n = min(rally_rule_limit(st, C, space), st.available_guerrillas(C))
    if n < 1 or not plan.try_add(rally_step(space, RALLY_PLACE, n), space):
        return None
    plan.notes[CULTIVATE_TARGET_NOTE] = space
    return f"place {_g(n)} (for Cultivate)"


# --- Cultivate (8.5.1) ----------------------------------------------------------------
def _rally_departments(plan: Plan) -> list[int]:
    op = plan.op_plan
    if op is None or op.kind != "Rally":
        return []
    return [s for s in dict.fromkeys(op.spaces) if SPACES[s].is_department]


@selector("cartels.cultivate_place_spaces")
def cultivate_place_spaces(bot: Bot, plan: Plan) -> list[list[int]]:
    """Cultivate bullet 1: a Department selected for the Rally where Cultivate can place
    a Base (Population > 0, Cartels Guerrillas outnumber Police, room, a Base
    Available). The Department of the Rally's 4th bullet comes first: it was chosen
    (at random) as the one "where a Cultivate then places a new Base"; the other Rally
    Departments after it, at random among them."""
    st = plan.scratch
    if plan.steps or st.available_bases(C) < 1:
        return []
    fit = [s for s in _rally_departments(plan) if cultivate_problem(st, s) is None]
    target = plan.op_plan.notes.get(CULTIVATE_TARGET_NOTE) if plan.op_plan else None
    if target in fit:
        return [[target], [s for s in fit if s != target]]
    return [fit]


@action("cartels.cultivate_place")
def cultivate_place(bot: Bot, plan: Plan, space: int) -> str | None:
    if not plan.try_add((space, None), space):
        return None
    return "place 1 Cartels Base"


def _double_base_spaces(state: GameState) -> list[int]:
    return [s for s in _spaces(state) if state.bases(s, C) >= 2]


@selector("cartels.cultivate_relocate_spaces")
def cultivate_relocate_spaces(bot: Bot, plan: Plan) -> list[int]:
    """Cultivate bullet 2: Cities or Departments with no Cartels Base where Cultivate may
    bring one (4.5.1), if some space has 2 Cartels Bases to take it from."""
    st = plan.scratch
    if plan.steps or not _double_base_spaces(st):
        return []
    return [
        s
        for s in _spaces(st)
        if _city_or_department(st, s) and not st.bases(s, C) and cultivate_problem(st, s) is None
    ]


@action("cartels.cultivate_relocate")
def cultivate_relocate(bot: Bot, plan: Plan, space: int) -> str | None:
    sources = [s for s in _double_base_spaces(plan.scratch) if s != space]
    if not sources:
        return None
    how = ""
    if len(sources) == 1:
        source = sources[0]
    else:
        picked = bot.pick(sources, "Cultivate 8.5.1: a space with 2 Cartels Bases")
        assert picked.space is not None
        source, how = picked.space, f" [{picked.describe()}]"
    if not plan.try_add((space, source), space):
        return None
    return f"relocate 1 Cartels Base from {_name(source)}{how}"


@builder("cartels.Cultivate")
def build_cultivate(bot: Bot, plan: Plan, steps: list[Any]) -> Command | None:
    """Steps ``(destination, source or None)``; Cultivate has 1 destination (4.5.1)."""
    if not steps:
        return None
    if len(steps) > 1:
        raise IllegalAction("4.5.1", "Cultivate has 1 destination")
    space, source = steps[0]
    return Cultivate(space=space, source=source)


# ======================================================================================
# 8.5.2 March
# ======================================================================================
@predicate("cartels.march_condition")
def march_condition(bot: Bot) -> Verdict:
    """8.5.2: a Shipment is Available."""
    n = bot.state.shipments_available()
    return Verdict(n > 0, f"{counted(n, 'Shipment')} Available")


def march_groups(state: GameState, dst: int) -> list[MarchGroup]:
    """8.5.2: every adjacent Cartels Guerrilla marches into ``dst``, leaving 1 in each
    space with a Cartels Base (r-march-base), in groups kept Underground as far as 8.1.2
    allows (:func:`nonplayer.procedures.march_group`); Shipments go with them."""
    groups = []
    room = state.capacity(dst, UNDERGROUND_OF[C])  # stacking (card 33: Ecuador)
    for src in sorted(SPACES[dst].adjacent):
        if not state.in_play(src) or not state.guerrillas(src, C):
            continue
        keep = procedures.march_keep(state, C, src)
        u, a = procedures.march_group(state, C, src, dst, keep=keep, want=room)
        if u + a == 0:
            continue
        room -= u + a
        ships = len(state.shipments_at(src, C))
        groups.append(march_group_step(src, dst, u, a, ships))
    return groups


def march_targets(state: GameState) -> list[int]:
    """8.5.2: Cities and Departments with fewer than 2 Bases (any Faction), adjacent to a
    space with 2+ Cartels Guerrillas, into which some Guerrilla can March."""
    crowded = {s for s in _spaces(state) if state.guerrillas(s, C) >= 2}
    return [
        s
        for s in _spaces(state)
        if _city_or_department(state, s)
        and state.all_bases(s) < 2
        and crowded.intersection(SPACES[s].adjacent)
        and march_groups(state, s)
    ]


@selector("cartels.march_destinations")
def march_destinations(bot: Bot, plan: Plan) -> list[int]:
    if _broke(plan):
        return []
    return march_targets(plan.scratch)


@action("cartels.march_into")
def march_into(bot: Bot, plan: Plan, space: int) -> str | None:
    groups = march_groups(plan.scratch, space)
    before = plan.scratch
    parts: list[str] = []
    for src, dst, u, a, ships in groups:
        if not plan.try_add((src, dst, u, a, ships), None if parts else space):
            if not parts:
                return None
            continue
        parts.append(
            f"{_g(u + a)} from {_name(src)}"
            + (f" with {counted(ships, 'Shipment')}" if ships else "")
            + (" (Activated)" if march_would_activate(before, C, dst, u + a) else "")
        )
    return "March in " + ", ".join(parts)


# --- Process (8.5.2) ------------------------------------------------------------------
@selector("cartels.process_shipment_spaces")
def process_shipment_spaces(bot: Bot, plan: Plan) -> list[int]:
    """Process bullet 1: spaces with a Cartels Guerrilla and a Cartels Base, while a
    Shipment is Available.

    Each Shipment goes to a random space, possibly the same: the bullet repeats, so the
    interpreter rolls for each Shipment when there are 2+ candidates."""
    st = plan.scratch
    if not st.shipments_available() or any(step[0] != SHIP for step in plan.steps):
        return []
    return [s for s in _spaces(st) if st.bases(s, C) and st.guerrillas(s, C)]


@action("cartels.process_place_shipment")
def process_place_shipment(bot: Bot, plan: Plan, space: int) -> str | None:
    if not plan.try_add((SHIP, space), space):
        return None
    return "place a Shipment with a Cartels Guerrilla"


@selector("cartels.process_cash_spaces")
def process_cash_spaces(bot: Bot, plan: Plan) -> list[int]:
    """Process bullet 2: only if no Shipment was placed; spaces with 2 Cartels Bases."""
    if plan.steps:
        return []
    return _double_base_spaces(plan.scratch)


@action("cartels.process_remove_base")
def process_remove_base(bot: Bot, plan: Plan, space: int) -> str | None:
    if not plan.try_add((REMOVE_BASE, space), space):
        return None
    return "remove 1 Cartels Base, +3 Cartels Resources"


@builder("cartels.Process")
def build_process(bot: Bot, plan: Plan, steps: list[Any]) -> Command | None:
    """Steps ``("ship", space)`` (a Shipment with a Cartels Guerrilla) or
    ``("base", space)`` (remove 1 Cartels Base)."""
    if not steps:
        return None
    return Process(
        bases=tuple(s for kind, s in steps if kind == REMOVE_BASE),
        shipments=tuple((s, C) for kind, s in steps if kind == SHIP),
    )


# ======================================================================================
# 8.5.3 Terror
# ======================================================================================
def _terror_targets(plan: Plan, sign: int) -> list[int]:
    return [] if _broke(plan) else terror_targets(plan.scratch, sign)


def terror_targets(state: GameState, sign: int) -> list[int]:
    """Spaces with 1+ Population and an Underground Cartels Guerrilla whose Support
    (``sign`` 1), Opposition (-1) or Neutral (0) state matches (8.5.3)."""
    out = []
    for s in _spaces(state):
        if SPACES[s].pop < 1 or SPACES[s].is_loc or terror_problem(state, C, s) is not None:
            continue
        level = state.support[s]
        if (level > 0) - (level < 0) == sign:
            out.append(s)
    return out


@selector("cartels.terror_support_spaces")
def terror_support_spaces(bot: Bot, plan: Plan) -> list[int]:
    return _terror_targets(plan, 1)


@selector("cartels.terror_opposition_spaces")
def terror_opposition_spaces(bot: Bot, plan: Plan) -> list[int]:
    return _terror_targets(plan, -1)


@selector("cartels.terror_neutral_spaces")
def terror_neutral_spaces(bot: Bot, plan: Plan) -> list[int]:
    return _terror_targets(plan, 0)


@action("cartels.terror_space")
def terror_space(bot: Bot, plan: Plan, space: int) -> str | None:
    before = plan.scratch
    if not plan.try_add(space, space):
        return None
    after = plan.scratch
    done = ["activate 1 Cartels Guerrilla"]
    if after.terror[space] > before.terror[space]:
        done.append("place a Terror marker")
    if after.support[space] != before.support[space]:
        done.append(f"shift to {SUPPORT_LABELS[after.support[space]]}")
    return ", ".join(done)


# --- Bribe (8.5.3) --------------------------------------------------------------------
_GUERRILLA_FACTIONS = (FARC, AUC)


def bribe_removal(state: GameState, space: int, target: Faction) -> list[Piece]:
    """Pieces a Bribe removes in ``space`` aimed at ``target`` (8.5.3 "per 8.1.2"):
    a Base alone (Bases first, 4.5.4 allows 1), else up to 2 cubes (Police, then
    Troops), else up to 2 Guerrillas (Underground, then Active), the second taken from
    another enemy Faction (FARC, then AUC) if ``target`` has only 1."""
    first = procedures.enemy_removal(state, space, [target], 2, bases_last=False)
    if not first:
        return []
    if first[0].is_base:
        return [first[0]]
    if target is GOVT:
        return [k for k in first if k.is_cube]
    out = [k for k in first if k.is_guerrilla]
    for other in _GUERRILLA_FACTIONS:
        if other is target:
            continue
        for kind in (UNDERGROUND_OF[other], ACTIVE_OF[other]):
            for _ in range(state.count(space, kind)):
                if len(out) < 2:
                    out.append(kind)
    return out


def contraband_receiver(state: GameState, space: int, removed: list[Piece]) -> Faction | None:
    """Where a Shipment forced off by the Bribe goes (Contraband 4.5.4, per 8.1.2): an
    Underground Cartels Guerrilla, then an Underground Guerrilla of another Non-player
    Faction (FARC, then AUC), then Active Guerrillas (FARC, then AUC, then Cartels).
    None if no Shipment is forced off or no Guerrilla is left to take it."""
    row = state.row(space)
    for kind in removed:
        row[kind] -= 1

    def guerrillas(f: Faction) -> int:
        return row[UNDERGROUND_OF[f]] + row[ACTIVE_OF[f]]

    forced = any(
        guerrillas(Faction(sh[1])) == 0
        for i in state.shipments_at(space)
        if (sh := state.shipments[i]) is not None
    )
    if not forced:
        return None
    order: list[tuple[Faction, Piece]] = [(C, UNDERGROUND_OF[C])]
    order += [
        (f, UNDERGROUND_OF[f]) for f in _GUERRILLA_FACTIONS if state.seats[f] is None
    ]
    order += [(f, ACTIVE_OF[f]) for f in (FARC, AUC, C)]
    for faction, kind in order:
        if row[kind] > 0:
            return faction
    return None


BRIBE_TARGET_NOTE = "cartels.bribe_target"


def _bribe_spaces(plan: Plan, target: Faction) -> list[int]:
    """Spaces with Cartels pieces and ``target``'s pieces, while 3 Resources remain.
    Records ``target`` in the plan's notes for :func:`bribe_space` (the 3 bullets share
    one action; the interpreter calls a bullet's action right after its selector)."""
    st = plan.scratch
    plan.notes[BRIBE_TARGET_NOTE] = target
    if plan.resources() < BRIBE_COST:
        return []
    return [
        s
        for s in _spaces(st)
        if st.faction_pieces(s, C) and st.faction_pieces(s, target) and bribe_removal(st, s, target)
    ]


@selector("cartels.bribe_govt_spaces")
def bribe_govt_spaces(bot: Bot, plan: Plan) -> list[int]:
    return _bribe_spaces(plan, GOVT)


@selector("cartels.bribe_farc_spaces")
def bribe_farc_spaces(bot: Bot, plan: Plan) -> list[int]:
    return _bribe_spaces(plan, FARC)


@selector("cartels.bribe_auc_spaces")
def bribe_auc_spaces(bot: Bot, plan: Plan) -> list[int]:
    return _bribe_spaces(plan, AUC)


@action("cartels.bribe_space")
def bribe_space(bot: Bot, plan: Plan, space: int) -> str | None:
    st = plan.scratch
    target = plan.notes.get(BRIBE_TARGET_NOTE, GOVT)
    removed = bribe_removal(st, space, target)
    if not removed:
        return None
    receiver = contraband_receiver(st, space, removed)
    if not plan.try_add((space, tuple(int(k) for k in removed), receiver), space):
        return None
    counts = Counter(removed)
    names = ", ".join(counted(n, k.label) for k, n in counts.items())
    extra = f"; a Shipment passes to {receiver.label}" if receiver is not None else ""
    return f"pay 3 Resources, remove {names}{extra}"


@builder("cartels.Bribe")
def build_bribe(bot: Bot, plan: Plan, steps: list[Any]) -> Command | None:
    """Steps ``(space, removed piece kinds, Contraband receiver or None)``."""
    if not steps:
        return None
    return Bribe(
        where=tuple(s for s, _, _ in steps),
        remove=tuple(kinds for _, kinds, _ in steps),
        contraband=tuple((s, f) for s, _, f in steps if f is not None),
    )

