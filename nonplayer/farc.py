"""Non-player FARC (rule section 8): the predicates, space selectors, actions and
builders named in ``flowcharts/farc.toml``.

Rule 8.7 (8.7.1 Rally + Extort, 8.7.2 March, 8.7.3 Attack + Ambush, 8.7.4 Terror +
Kidnap) with the 8.1.2 procedures. Readings of the points the rule leaves open (the French
first-edition text decides where the translation is unclear) are stated where they are
applied; in short:

* "2 FARC Guerrillas without a Shipment" (8.7.1): FARC Shipments are kept with one
  Guerrilla (8.1.2, "with Guerrillas that already hold Shipments"), so a space with a FARC
  Shipment has one Guerrilla fewer free of Shipments. The Rally question "could Rally
  place a Base?" uses the same test as the Rally's first bullet.
* March (8.7.2) "FROM": origins are spaces adjacent to the destination with Active
  Opposition, Departments with 0 Population, or Sabotaged LoCs; each keeps 1 Guerrilla
  (not yet moved) where a FARC Base stands. Groups follow
  :func:`nonplayer.procedures.march_group`; when Activation cannot be avoided the FARC
  still moves "as many as possible" (Active ones first), which is why the second bullet
  ranks spaces that let the Guerrillas stay Underground first.
* "until there is 1 Guerrilla on each adjacent LoC": every unSabotaged LoC without a FARC
  Guerrilla that an origin touches receives exactly 1 Guerrilla; the origin is the one
  that keeps the most other such LoCs coverable (8.1.1 do as much as possible), then one
  whose Guerrilla stays Underground (8.1.2), then random (8.2/8.3).
* "where the FARC could not yet Agitate": not a space where Agitation (6.4.2, with card
  22 Alfonso Cano's extra spaces) could act if a Support Phase were held now.
* Terror's second bullet "up to a limit of 3 spaces (LoCs included)" ("jusqu'à une limite
  de 3 espaces (incluant les LdC)"): Kidnap can use at most 3 spaces, so the Terror
  spaces already selected where a Kidnap could take something (the LoCs of the first
  bullet) count toward the 3.
* A space "where a Kidnap can take Resources or Shipments": one the Kidnap box would use
  (LoC or City: the Government with 1+ Resources; Department with a Cartels Base: the
  Cartels with 1+ Resources or a Shipment there) with more FARC Guerrillas than Police.

Random choices (8.2/8.3) happen in the interpreter when a bullet offers more candidates
than its count, the box's limit or the Resources allow. Selectors here also pick at random
when limits the interpreter cannot see mean not every candidate of equal priority can be
served: Guerrillas shared between March destinations or too few for all the LoCs, and
Terror's room for Kidnap spaces; the dice then go into the trace as a line of their own.
"""

from __future__ import annotations

from collections.abc import Iterable

from core.map import MAP, space_name
from core.pieces import (
    ACTIVE_OF,
    AUC,
    CARTELS,
    FARC,
    FARC_ACTIVE,
    GOVT,
    UNDERGROUND_OF,
    Faction,
    Piece,
    pieces_text,
)
from core.rules import insurgent_ops as ops
from core.rules import insurgent_special as special
from core.rules import propaganda
from core.rules.common import is_final_event_card
from core.space import SPACES
from core.state import ACTIVE_OPPOSITION, GameState
from core.words import counted
from nonplayer import facts, procedures, registry
from nonplayer.bot import Bot
from nonplayer.plan import Plan
from nonplayer.random_spaces import Valid
from nonplayer.registry import Verdict, action, builder, predicate, selector

RALLY_AVAILABLE = 9  # 8.7.1: "at least 9 Guerrillas Available"
MARCH_PIECES = 3  # 8.7.2: "a total of at least 3 FARC pieces"
ATTACK_MASS = 3  # 8.7.3: "at least 3 FARC Guerrillas"
KIDNAP_LIMIT = 3  # 8.7.4 / 4.3.3
#: 8.7.3: Attack targets, after a Shipment the FARC can take.
TARGET_ORDER = (AUC, GOVT, CARTELS)

_OFFERED = "farc.offered"  # plan.notes: spaces a selector offered alone, per bullet
_TARGETED = "farc.targeted"  # plan.notes of the Attack: what each space targeted first
_CARRIED = "farc.carried"  # plan.notes of the March: Shipments moved out of each origin
_ORIGIN = "farc.march_origin"  # plan.notes of the March: bullet 3's origin
_ORIGINS = "farc.march_origins"  # plan.notes of the March: see _origins
_LOC_TARGETS = "farc.march_loc_targets"  # plan.notes of the March: see _loc_targets
_AGITATE = "farc.could_agitate"  # plan.notes of the March: could_agitate(plan.before)


# ======================================================================================
# small helpers
# ======================================================================================
def _name(space: int) -> str:
    return space_name(space)


def _names(spaces: Iterable[int]) -> str:
    return ", ".join(_name(s) for s in spaces)


def _g(n: int) -> str:
    return counted(n, "FARC Guerrilla")


def _city_or_department(state: GameState, space: int) -> bool:
    s = SPACES[space]
    return (s.is_city or s.is_department) and state.in_play(space)


def _in_play(state: GameState) -> tuple[int, ...]:
    return facts.in_play(state)


def _narrow(
    bot: Bot,
    plan: Plan,
    tag: str,
    groups: list[list[int]],
    limit: int | None,
    why: str,
    act: str,
    *,
    forced: bool = False,
) -> list[list[int]]:
    """Candidate groups for the interpreter, or 1 space of the first group picked at
    random (8.2/8.3) when not all of that group can be taken: more candidates than
    ``limit`` (Terror's room for Kidnap spaces) or ``forced`` (taking one spoils another).

    The pick is among the spaces where the bullet's action (``act``, its flowchart name)
    would do something (:meth:`Plan.validity`): the walk goes on down the chart past a
    space drawn that turns out invalid, « parcourez la colonne vers le bas jusqu'à trouver
    un choix valide » (8.2), and the dice are not rolled again. A first group with no valid space
    is passed over (each of its spaces is then an offered space turned down).

    A space offered alone that the action then turned down is not offered again by the
    same bullet (the interpreter's own list of rejected spaces is not visible here).
    """
    offered = plan.notes.setdefault(_OFFERED, {}).setdefault(tag, set())
    dropped = {s for s in offered if s not in plan.spaces}
    groups = [[s for s in g if s not in plan.spaces and s not in dropped] for g in groups]
    groups = [g for g in groups if g]
    if limit is not None and limit <= 0:
        return []
    while groups:
        first = groups[0]
        if len(first) == 1 or (not forced and (limit is None or len(first) <= limit)):
            return groups
        space = _random(bot, first, why, f"not all of {_names(sorted(first))} can be done; "
                        "random choice", plan.validity(registry.ACTIONS[act]))
        if space is not None:
            offered.add(space)
            return [[space]]
        offered.update(first)  # none of them valid: the next group (8.1.1)
        groups = groups[1:]
        forced = False  # ``forced`` is about the first group only
    return []


def _random(
    bot: Bot, candidates: list[int], why: str, what: str, valid: Valid | None = None
) -> int | None:
    """One of ``candidates`` by 8.2/8.3 (:meth:`Bot.pick`), with a trace line; with
    ``valid``, one of the valid ones (None: none is)."""
    pick = bot.pick(candidates, why, valid)
    if pick.space is None:
        return None
    rule = "8.3" if SPACES[pick.space].is_loc else "8.2"
    bot.trace.add("random", rule, f"{why}: {what} {pick.describe()}")
    return pick.space


# ======================================================================================
# 8.7.1 Rally
# ======================================================================================
def free_guerrillas(state: GameState, space: int) -> int:
    """FARC Guerrillas in ``space`` not holding a Shipment: all FARC Shipments there are
    kept with one Guerrilla (8.1.2), so that one is not free."""
    held = 1 if state.shipments_at(space, FARC) else 0
    return max(0, state.guerrillas(space, FARC) - held)


def can_rally_base(state: GameState, space: int) -> bool:
    """8.7.1 bullet 1: a Rally space (no Support) with 2+ FARC Guerrillas without a
    Shipment and fewer than 2 Bases, with a FARC Base Available."""
    return (
        state.guerrillas(space, FARC) >= 2  # the cheap tests first
        and free_guerrillas(state, space) >= 2
        and ops.rally_problem(state, FARC, space) is None
        and ops.rally_base_problem(state, FARC, space) is None
    )


@predicate("farc.rally_condition")
def rally_condition(bot: Bot) -> Verdict:
    """8.7.1: 9+ FARC Guerrillas Available, or a Rally could place a Base."""
    state = bot.state
    available = state.available_guerrillas(FARC)
    bases = [s for s in _in_play(state) if can_rally_base(state, s)]
    facts = f"{counted(available, 'FARC Guerrilla')} Available"
    if bases:
        facts += f"; a Rally could place a Base in {_names(bases)}"
    else:
        facts += "; no Rally could place a Base"
    return Verdict(available >= RALLY_AVAILABLE or bool(bases), facts)


@selector("farc.rally_base_spaces")
def rally_base_spaces(bot: Bot, plan: Plan) -> list[list[int]]:
    state = plan.scratch
    spaces = [s for s in _in_play(state) if can_rally_base(state, s)]
    return [spaces]


@action("farc.rally_replace_with_base")
def rally_replace_with_base(bot: Bot, plan: Plan, space: int) -> str | None:
    removed = procedures.own_removal(plan.scratch, space, FARC, 2)  # Active first (8.1.2)
    active = sum(1 for k in removed if k is FARC_ACTIVE)
    if not plan.try_add(ops.rally_step(space, ops.RALLY_BASE, active), space):
        return None
    which = f" ({active} Active)" if active else ""
    return f"Rally in {_name(space)}: replace 2 FARC Guerrillas{which} with a Base"


@selector("farc.rally_flip_spaces")
def rally_flip_spaces(bot: Bot, plan: Plan) -> list[list[int]]:
    state = plan.scratch
    spaces = [
        s for s in _in_play(state)
        if state.active(s, FARC) and state.bases(s, FARC) and state.cubes(s)
        and ops.rally_problem(state, FARC, s) is None
    ]
    return [spaces]


@action("farc.rally_flip_underground")
def rally_flip_underground(bot: Bot, plan: Plan, space: int) -> str | None:
    n = plan.scratch.active(space, FARC)
    if not plan.try_add(ops.rally_step(space, ops.RALLY_REGROUP, 0, ()), space):
        return None
    return f"Rally in {_name(space)}: flip {_g(n)} Underground"


@selector("farc.rally_base_grow_spaces")
def rally_base_grow_spaces(bot: Bot, plan: Plan) -> list[list[int]]:
    state = plan.scratch
    spaces = [
        s for s in _in_play(state)
        if state.bases(s, FARC) and ops.rally_place_limit(state, FARC, s) > 0
    ]
    return [spaces]


@action("farc.rally_place_pop_plus_bases")
def rally_place_pop_plus_bases(bot: Bot, plan: Plan, space: int) -> str | None:
    n = ops.rally_place_limit(plan.scratch, FARC, space)
    if n <= 0 or not plan.try_add(ops.rally_step(space, ops.RALLY_PLACE, n), space):
        return None
    return f"Rally in {_name(space)}: place {_g(n)} (Population plus Bases)"


@selector("farc.rally_other_spaces")
def rally_other_spaces(bot: Bot, plan: Plan) -> list[int]:
    state = plan.scratch
    return [s for s in _in_play(state) if ops.rally_place_limit(state, FARC, s) > 0]


@action("farc.rally_place_one")
def rally_place_one(bot: Bot, plan: Plan, space: int) -> str | None:
    if not plan.try_add(ops.rally_step(space, ops.RALLY_PLACE, 1), space):
        return None
    return f"Rally in {_name(space)}: place 1 FARC Guerrilla"


# ======================================================================================
# 8.7.1 / 8.7.2 Extort
# ======================================================================================
@selector("farc.extort_two_underground_spaces")
def extort_two_underground_spaces(bot: Bot, plan: Plan) -> list[int]:
    state = plan.before
    return [
        s for s in _in_play(state)
        if state.underground(s, FARC) >= 2 and special.extort_problem(state, FARC, s) is None
    ]


@selector("farc.extort_loc_spaces")
def extort_loc_spaces(bot: Bot, plan: Plan) -> list[list[int]]:
    """1 LoC with an Underground FARC Guerrilla (and FARC Control), lowest Econ first."""
    state = plan.before
    locs = [s.id for s in MAP.locs
            if state.underground(s.id, FARC) and special.extort_problem(state, FARC, s.id) is None]
    econs = sorted({SPACES[s].econ for s in locs})
    return [[s for s in locs if SPACES[s].econ == e] for e in econs]


@action("farc.extort_space")
def extort_space(bot: Bot, plan: Plan, space: int) -> str | None:
    if not plan.try_add(space, space):
        return None
    return f"Extort in {_name(space)}: Activate 1 Underground FARC Guerrilla, +1 Resource"


# ======================================================================================
# 8.7.2 March
# ======================================================================================
@predicate("farc.march_condition")
def march_condition(bot: Bot) -> Verdict:
    """8.7.2: no space with Support nor any LoC has an Underground FARC Guerrilla or 3+
    FARC pieces."""
    state = bot.state
    blocking = [
        s for s in _in_play(state)
        if (SPACES[s].is_loc or state.support[s] > 0)
        and (state.underground(s, FARC) or state.faction_pieces(s, FARC) >= MARCH_PIECES)
    ]
    if blocking:
        return Verdict(False, "Underground FARC Guerrilla or 3+ FARC pieces in "
                       + _names(blocking))
    return Verdict(True, "no LoC or space with Support has an Underground FARC Guerrilla "
                   "or 3+ FARC pieces")


def is_origin(state: GameState, space: int) -> bool:
    """8.7.2 FROM: a space the FARC may March from: Active Opposition, a Department with 0
    Population, or a Sabotaged LoC."""
    s = SPACES[space]
    if not state.in_play(space):
        return False
    if s.is_loc:
        return bool(state.sabotage[space])
    if state.support[space] == ACTIVE_OPPOSITION:
        return True
    return s.is_department and s.pop == 0


Movers = dict[int, list[int]]  # origin -> [Underground, Active] Guerrillas not yet moved


def _origins(plan: Plan) -> dict[int, tuple[int, int, int]]:
    """Each origin with FARC Guerrillas before the March: (Underground, Active, kept
    back). Read once per plan (the board before the March never changes; the notes
    hold it)."""
    known: dict[int, tuple[int, int, int]] | None = plan.notes.get(_ORIGINS)
    if known is None:
        state = plan.before
        known = plan.notes[_ORIGINS] = {
            s: (state.underground(s, FARC), state.active(s, FARC),
                procedures.march_keep(state, FARC, s))
            for s in _in_play(state) if state.guerrillas(s, FARC) and is_origin(state, s)
        }
    return known


def _movers(plan: Plan) -> Movers:
    """FARC Guerrillas of each origin that have not moved yet in this March."""
    out: Movers = {s: [u, a] for s, (u, a, _keep) in _origins(plan).items()}
    for src, _dst, u, a, _ships in plan.steps:
        if src in out:
            out[src][0] -= u
            out[src][1] -= a
    return out


def _keep(plan: Plan, src: int) -> int:
    """8.7.2: leave 1 FARC Guerrilla where a Base of any Faction stands (r-march-base)."""
    origin = _origins(plan).get(src)
    return procedures.march_keep(plan.before, FARC, src) if origin is None else origin[2]


def _movable(plan: Plan, movers: Movers, src: int) -> int:
    left = movers.get(src)
    if left is None:
        return 0
    n = left[0] + left[1]
    return max(0, n - plan.notes[_ORIGINS][src][2]) if n else 0  # movers: _origins' keys


def _group(
    plan: Plan, movers: Movers, src: int, dst: int, want: int | None = None
) -> tuple[int, int]:
    """(Underground, Active) to move src -> dst under 8.1.2 (see module docstring)."""
    u, a = movers.get(src, (0, 0))
    if u + a == 0:
        return 0, 0
    keep = _keep(plan, src)
    return procedures.march_group(plan.before, FARC, src, dst, keep=keep, want=want,
                                  present=(u, a))


def _origins_of(plan: Plan, movers: Movers, dst: int) -> list[int]:
    return [o for o in SPACES[dst].adjacent if o in movers and _movable(plan, movers, o)]


def _groups_into(plan: Plan, movers: Movers, dst: int) -> list[tuple[int, int, int]]:
    """(origin, Underground, Active) for every origin adjacent to ``dst``."""
    out = []
    for o in _origins_of(plan, movers, dst):
        u, a = _group(plan, movers, o, dst)
        if u + a:
            out.append((o, u, a))
    return out


def _stays_underground(plan: Plan, dst: int, groups: list[tuple[int, int, int]]) -> bool:
    """8.7.2 bullet 2 « ... où les Guérillas FARC qui se déplacent peuvent demeurer
    Dormantes »: no Underground mover turns Active (:func:`procedures.stays_underground`;
    a group of Active Guerrillas only has nothing to keep Underground)."""
    return procedures.stays_underground(plan.before, FARC, dst, [(u, a) for _, u, a in groups])


def _all_served(plan: Plan, movers: Movers, dsts: list[int]) -> bool:
    """Whether marching into every one of ``dsts`` in map order leaves each a group."""
    left = {o: list(v) for o, v in movers.items()}
    for d in sorted(dsts):
        groups = _groups_into(plan, left, d)
        if not groups:
            return False
        for o, u, a in groups:
            left[o][0] -= u
            left[o][1] -= a
    return True


def _carry(plan: Plan, src: int) -> int:
    """FARC Shipments to move with a group out of ``src`` (8.1.2: Shipments first)."""
    carried = plan.notes.setdefault(_CARRIED, {})
    there = len(plan.before.shipments_at(src, FARC)) - carried.get(src, 0)
    return max(0, min(there, len(plan.scratch.shipments_at(src, FARC))))


def _add_group(plan: Plan, src: int, dst: int, u: int, a: int, first: bool) -> bool:
    ships = _carry(plan, src)
    step = ops.march_group(src, dst, u, a, ships)
    if not plan.try_add(step, dst if first else None):
        return False
    if ships:
        carried = plan.notes.setdefault(_CARRIED, {})
        carried[src] = carried.get(src, 0) + ships
    return True


# --- bullet 1: onto the LoCs ----------------------------------------------------------
def _loc_targets(plan: Plan, movers: Movers) -> list[int]:
    """UnSabotaged LoCs without a FARC Guerrilla, not yet marched into, next to an
    origin with Guerrillas still to move (``movers``: :func:`_movers` of ``plan``).

    Asked by the selector, by each feasibility trial of its candidates (copies of the
    plan with the same steps) and by the action: remembered for the plan's steps and
    spaces, which determine everything it reads (the board after the steps, the
    Guerrillas not yet moved). Not to be changed by the caller."""
    key = (tuple(plan.steps), tuple(plan.spaces))
    known = plan.notes.get(_LOC_TARGETS)
    if known is not None and known[0] == key:
        return known[1]
    state = plan.scratch
    targets = [
        s.id for s in MAP.locs
        if not plan.before.sabotage[s.id]
        and state.guerrillas(s.id, FARC) == 0
        and s.id not in plan.spaces
        and _origins_of(plan, movers, s.id)
    ]
    plan.notes[_LOC_TARGETS] = (key, targets)
    return targets


def _cover(plan: Plan, movers: Movers, groups: list[list[int]]) -> tuple[int, ...]:
    """How many LoCs of each priority group can get 1 Guerrilla at the same time.

    A matching of LoCs to origins (each origin supplies its movable Guerrillas), built
    in priority order: augmenting never unmatches a LoC, so each group keeps the most it
    can given the groups before it.
    """
    cap = {o: _movable(plan, movers, o) for o in movers}
    assigned: dict[int, list[int]] = {o: [] for o in cap}

    def place(loc: int, seen: set[int]) -> bool:
        for o in SPACES[loc].adjacent:
            if cap.get(o, 0) <= 0 or o in seen:
                continue
            seen.add(o)
            if len(assigned[o]) < cap[o]:
                assigned[o].append(loc)
                return True
            for other in list(assigned[o]):
                if place(other, seen):
                    assigned[o].remove(other)
                    assigned[o].append(loc)
                    return True
        return False

    return tuple(sum(1 for loc in g if place(loc, set())) for g in groups)


def _by_econ(locs: list[int]) -> list[list[int]]:
    return [[s for s in locs if SPACES[s].econ == e]
            for e in sorted({SPACES[s].econ for s in locs}, reverse=True)]


@selector("farc.march_loc_targets")
def march_loc_targets(bot: Bot, plan: Plan) -> list[list[int]]:
    """8.7.2 bullet 1 (unless the next card is the final Propaganda card): unSabotaged
    LoCs without a FARC Guerrilla next to an origin, highest Econ first."""
    if is_final_event_card(bot.state):
        return []
    movers = _movers(plan)
    groups = _by_econ(_loc_targets(plan, movers))
    if not groups:
        return []
    covered = _cover(plan, movers, groups[:1])[0]
    return _narrow(bot, plan, "march_loc", groups, None, "March 8.7.2 bullet 1",
                   "farc.march_onto_loc",
                   forced=covered < len(groups[0]))


@action("farc.march_onto_loc")
def march_onto_loc(bot: Bot, plan: Plan, loc: int) -> str | None:
    """Move 1 Guerrilla onto ``loc`` from the origin that spoils the fewest other LoCs,
    then one whose Guerrilla stays Underground (8.1.2), then at random (8.2/8.3)."""
    movers = _movers(plan)
    origins = _origins_of(plan, movers, loc)
    if not origins:
        return None
    rest = [s for s in _loc_targets(plan, movers) if s != loc]
    scored = []
    for o in origins:
        trial = {k: list(v) for k, v in movers.items()}
        u, a = _group(plan, trial, o, loc, want=1)
        trial[o][0] -= u
        trial[o][1] -= a
        under = u > 0 and not ops.march_would_activate(plan.before, FARC, loc, 1)
        scored.append(((_cover(plan, trial, _by_econ(rest)), under), o, u, a))
    best = max(score for score, *_ in scored)
    tied = [(o, u, a) for score, o, u, a in scored if score == best]
    if len(tied) > 1:
        origin = _random(bot, [o for o, _, _ in tied], "March 8.7.2 bullet 1",
                         f"origin for {_name(loc)}:")
        assert origin is not None  # no validity asked: always one
        tied = [t for t in tied if t[0] == origin]
    o, u, a = tied[0]
    if not _add_group(plan, o, loc, u, a, True):
        return None
    how = "Underground" if u else "Active"
    return f"March 1 {how} FARC Guerrilla from {_name(o)} onto {_name(loc)}"


# --- bullet 2: Support or Neutral spaces where FARC cannot Agitate --------------------
def could_agitate(state: GameState) -> set[int]:
    """Spaces where the FARC could Agitate if a Support Phase were held now (6.4.2;
    card 22 Alfonso Cano's extra spaces included)."""
    return set(propaganda.agitation_spaces(state)) | set(propaganda.ideologue_spaces(state))


@selector("farc.march_agitation_targets")
def march_agitation_targets(bot: Bot, plan: Plan) -> list[list[int]]:
    """8.7.2 bullet 2: up to 3 spaces with 1+ Population, Support or Neutral, where the
    FARC could not Agitate now; first those where the moving Guerrillas stay
    Underground."""
    state = plan.before
    movers = _movers(plan)
    agitate = plan.notes.get(_AGITATE)
    if agitate is None:  # of the board before the March: once per plan
        agitate = plan.notes[_AGITATE] = frozenset(could_agitate(state))
    stay: list[int] = []
    others: list[int] = []
    for s in _in_play(state):
        if (not _city_or_department(state, s) or SPACES[s].pop < 1 or state.support[s] < 0
                or s in agitate or s in plan.spaces):
            continue
        groups = _groups_into(plan, movers, s)
        if groups:
            (stay if _stays_underground(plan, s, groups) else others).append(s)
    first = stay or others
    forced = len(first) > 1 and not _all_served(plan, movers, first)
    return _narrow(bot, plan, "march_pop", [stay, others], None, "March 8.7.2 bullet 2",
                   "farc.march_into_space",
                   forced=forced)


@action("farc.march_into_space")
def march_into_space(bot: Bot, plan: Plan, dst: int) -> str | None:
    """March into ``dst`` with as many FARC Guerrillas as 8.1.2 allows from every
    adjacent origin (8.7.2 FROM)."""
    movers = _movers(plan)
    groups = _groups_into(plan, movers, dst)
    done: list[tuple[int, int]] = []
    for o, u, a in groups:
        if _add_group(plan, o, dst, u, a, not done):
            done.append((o, u + a))
        elif not done:
            return None
    if not done:
        return None
    moved = sum(n for _, n in done)
    active = any(ops.march_would_activate(plan.before, FARC, dst, n) for _, n in done)
    return (f"March {_g(moved)} into {_name(dst)} from "
            + ", ".join(f"{_name(o)} ({n})" for o, n in done)
            + (" (Activated)" if active else ""))


# --- bullet 3: next to the space with the most Guerrillas still to move --------------
def _final_destinations(plan: Plan, movers: Movers, origin: int) -> list[int]:
    state = plan.before
    return [
        d for d in SPACES[origin].adjacent
        if _city_or_department(state, d) and SPACES[d].pop >= 1 and d not in plan.spaces
        and _groups_into(plan, movers, d)
    ]


@selector("farc.march_final_targets")
def march_final_targets(bot: Bot, plan: Plan) -> list[int]:
    """8.7.2 bullet 3: 1 more space with 1+ Population adjacent to the origin with the
    most FARC Guerrillas that could still move (ties: random origin, 8.2/8.3)."""
    movers = _movers(plan)
    origin = plan.notes.get(_ORIGIN)
    if origin is None:
        count = {o: _movable(plan, movers, o) for o in movers}
        ready = [o for o, n in count.items() if n > 0 and _final_destinations(plan, movers, o)]
        if not ready:
            return []
        most = max(count[o] for o in ready)
        tied = sorted(o for o in ready if count[o] == most)
        if len(tied) > 1:
            # 8.2: an origin none of whose destinations the March can enter is no valid
            # choice: the walk goes on down the chart, the dice are not rolled again
            def valid(o: int) -> bool:
                return any(plan.feasible(registry.ACTIONS["farc.march_into_space"], d)
                           for d in _final_destinations(plan, movers, o))

            pick = _random(bot, tied, "March 8.7.2 bullet 3",
                           f"{len(tied)} spaces have {_g(most)} to move:", valid)
            if pick is None:
                return []
            tied = [pick]
        origin = plan.notes[_ORIGIN] = tied[0]
    return _final_destinations(plan, movers, origin)


# ======================================================================================
# 8.7.3 Attack and Ambush
# ======================================================================================
@predicate("farc.more_resources_than_govt")
def more_resources_than_govt(bot: Bot) -> Verdict:
    farc, govt = bot.state.resources[FARC], bot.state.resources[GOVT]
    return Verdict(farc > govt, f"FARC {farc} Resources, Government {govt}")


def attack_targets(state: GameState, space: int) -> tuple[tuple[Piece, ...], str]:
    """The enemy pieces a FARC Attack in ``space`` removes, and what it targets first
    (8.7.3): a Shipment the FARC can take (all Guerrillas of its holder, at most 2),
    then the AUC, the Government, the Cartels, each in the 8.1.2 order (Bases last)."""
    kinds: list[Piece] = []
    took = False
    trial = state.clone()
    for holder in (AUC, CARTELS):
        n = state.guerrillas(space, holder)
        if state.shipments_at(space, holder) and 0 < n <= 2 - len(kinds):
            for kind in (UNDERGROUND_OF[holder], ACTIVE_OF[holder]):
                kinds += [kind] * state.count(space, kind)
                trial.pieces[space * len(Piece) + kind] = 0
            took = True
    kinds += procedures.enemy_removal(trial, space, TARGET_ORDER, 2 - len(kinds))
    if ops.removal_problem(state, FARC, space, tuple(kinds)) is not None:
        kinds = procedures.enemy_removal(state, space, TARGET_ORDER, 2)
        took = False
    first = "Shipment" if took else (kinds[0].faction.label if kinds else "")
    return tuple(kinds), first


#: Ambush tie-break (8.7.3): a Shipment targeted, then the AUC, Government, Cartels.
_TARGET_RANK = {"Shipment": 0, "AUC": 1, "Government": 2, "Cartels": 3}


@selector("farc.attack_massed_spaces")
def attack_massed_spaces(bot: Bot, plan: Plan) -> list[list[int]]:
    state = plan.before
    spaces = [
        s for s in _in_play(state)
        if state.guerrillas(s, FARC) >= ATTACK_MASS and ops.attack_problem(state, FARC, s) is None
    ]
    return [spaces]


@selector("farc.attack_ambush_spaces")
def attack_ambush_spaces(bot: Bot, plan: Plan) -> list[list[int]]:
    """1 City or Department (else a LoC) with an Underground FARC Guerrilla and an enemy
    piece, where the Ambush is possible."""
    state = plan.before
    ok = [s for s in _in_play(state) if ops.ambush_problem(state, FARC, s) is None]
    return [[s for s in ok if not SPACES[s].is_loc], [s for s in ok if SPACES[s].is_loc]]


@action("farc.attack_space")
def attack_space(bot: Bot, plan: Plan, space: int) -> str | None:
    kinds, first = attack_targets(plan.scratch, space)
    if not kinds or not plan.try_add(ops.attack_in(space, *kinds), space):
        return None
    plan.notes.setdefault(_TARGETED, {})[space] = first
    return (f"Attack in {_name(space)} targeting {first if first != 'Shipment' else 'a Shipment'}"
            f": remove {pieces_text(kinds)} if it succeeds")


@selector("farc.ambush_spaces")
def ambush_spaces(bot: Bot, plan: Plan) -> list[list[int]]:
    """The Attacked spaces with an Underground FARC Guerrilla, fewest FARC Guerrillas
    first, ties by target: Shipment, AUC, Government, Cartels (8.7.3)."""
    op = plan.op_plan
    if op is None:
        return []
    state = op.before
    targeted = op.notes.get(_TARGETED, {})
    ok = [s for s in dict.fromkeys(op.spaces) if ops.ambush_problem(state, FARC, s) is None]

    def key(s: int) -> tuple[int, int]:
        return state.guerrillas(s, FARC), _TARGET_RANK.get(targeted.get(s, ""), 4)

    return [[s for s in ok if key(s) == k] for k in sorted({key(s) for s in ok})]


@action("farc.ambush_space")
def ambush_space(bot: Bot, plan: Plan, space: int) -> str | None:
    if not plan.try_add(space, space):
        return None
    return f"Ambush in {_name(space)}: Activate 1 Underground FARC Guerrilla, the Attack succeeds"


# ======================================================================================
# 8.7.4 Terror and Kidnap
# ======================================================================================
def kidnap_target(state: GameState, space: int) -> Faction | None:
    """The Faction a FARC Kidnap in ``space`` would target per 8.7.4 (LoCs and Cities:
    the Government; Departments with Cartels Bases: the Cartels), if the Kidnap is
    possible and the target has Resources or (Cartels) a Shipment there; else None."""
    if special.kidnap_problem(state, space) is not None:
        return None
    s = SPACES[space]
    if s.is_loc or s.is_city:
        return GOVT if state.resources[GOVT] > 0 else None
    if state.bases(space, CARTELS) and (
        state.resources[CARTELS] > 0 or state.shipments_at(space, CARTELS)
    ):
        return CARTELS
    return None


@selector("farc.terror_loc_spaces")
def terror_loc_spaces(bot: Bot, plan: Plan) -> list[int]:
    state = plan.scratch
    return [
        s.id for s in MAP.locs
        if not state.sabotage[s.id] and state.underground(s.id, FARC)
        and ops.terror_problem(state, FARC, s.id) is None
    ]


@selector("farc.terror_kidnap_spaces")
def terror_kidnap_spaces(bot: Bot, plan: Plan) -> list[list[int]]:
    """8.7.4 bullet 2: other spaces where a Kidnap can take, until 3 such spaces are in
    the Terror, bullet 1's LoCs with a Kidnap target counted (r-farc-terror-kidnap-three)."""
    state = plan.before
    already = sum(1 for s in plan.spaces if kidnap_target(state, s) is not None)
    room = KIDNAP_LIMIT - already
    spaces = [
        s for s in _in_play(state)
        if s not in plan.spaces and plan.scratch.underground(s, FARC)
        and ops.terror_problem(plan.scratch, FARC, s) is None
        and kidnap_target(state, s) is not None
    ]
    return _narrow(bot, plan, "terror_kidnap", [spaces], room, "Terror 8.7.4 bullet 2",
                   "farc.terror_space")


@selector("farc.terror_pop_spaces")
def terror_pop_spaces(bot: Bot, plan: Plan) -> list[list[int]]:
    state = plan.scratch
    spaces = [
        s for s in _in_play(state)
        if _city_or_department(state, s) and SPACES[s].pop >= 1
        and state.support[s] != ACTIVE_OPPOSITION and state.underground(s, FARC)
        and ops.terror_problem(state, FARC, s) is None
    ]
    return [spaces]


@action("farc.terror_space")
def terror_space(bot: Bot, plan: Plan, space: int) -> str | None:
    sabotaged = bool(plan.scratch.sabotage[space])
    if not plan.try_add(space, space):
        return None
    what = ("already Sabotaged" if sabotaged else "Sabotage") if SPACES[space].is_loc \
        else "Terror, shift toward Active Opposition"
    return f"Terror in {_name(space)}: Activate 1 Underground FARC Guerrilla, {what}"


def _kidnap_spaces(plan: Plan, wanted: str) -> list[int]:
    op = plan.op_plan
    if op is None:
        return []
    state = plan.before
    out = []
    for s in dict.fromkeys(op.spaces):
        m = SPACES[s]
        kind = "loc" if m.is_loc else "city" if m.is_city else "department"
        target = kidnap_target(state, s)
        if kind == wanted and target is not None:
            out.append(s)
    return out


@selector("farc.kidnap_loc_spaces")
def kidnap_loc_spaces(bot: Bot, plan: Plan) -> list[int]:
    return _kidnap_spaces(plan, "loc")


@selector("farc.kidnap_city_spaces")
def kidnap_city_spaces(bot: Bot, plan: Plan) -> list[int]:
    return _kidnap_spaces(plan, "city")


@selector("farc.kidnap_cartels_spaces")
def kidnap_cartels_spaces(bot: Bot, plan: Plan) -> list[int]:
    return _kidnap_spaces(plan, "department")


@action("farc.kidnap_space")
def kidnap_space(bot: Bot, plan: Plan, space: int) -> str | None:
    target = kidnap_target(plan.before, space)
    if target is None or not plan.try_add((space, target), space):
        return None
    if target is CARTELS and plan.before.shipments_at(space, CARTELS):
        return f"Kidnap in {_name(space)}: Drug Ransom, a Cartels Shipment passes to FARC"
    return f"Kidnap in {_name(space)}: roll a die for {target.label} Resources"


@builder("farc.Kidnap")
def build_kidnap(bot: Bot, plan: Plan, steps: list[tuple[int, Faction]]) -> special.Kidnap | None:
    """Kidnap from ``(space, target)`` steps. On a "6" the AUC places a piece: a
    Non-player AUC a Base where it can (8.1.2 Bases first), a player AUC a Guerrilla
    (the command's default; the choice is the AUC's)."""
    if not steps:
        return None
    where = tuple(s for s, _ in steps)
    auc_bases: tuple[int, ...] = ()
    if bot.state.seats[AUC] is None:
        auc_bases = tuple(s for s in where if not SPACES[s].is_loc)
    return special.Kidnap(where=where, targets=tuple(t for _, t in steps), auc_bases=auc_bases)
