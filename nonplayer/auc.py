"""Non-player AUC (rule section 8): the predicates, space selectors, actions and
builders named in ``flowcharts/auc.toml``.

Rule 8.6 (the French first-edition text stands where the translation differs):

* 8.6.1 Rally, then Extort everywhere possible.
* 8.6.2 March into 1 City or Department with FARC pieces, then Extort.
* 8.6.3 Attack (targets to take Shipments, then FARC, then the Government), then Ambush.
* 8.6.4 Terror (first a FARC Base space, then 1 other with FARC pieces, then any), then
  Assassinate.

Elite Backing (8.6.1, Support Phase) is not part of the Operation flowchart.

Readings of the open points (see each function):

* "Guerrillas without a Shipment": Shipments are tracked per space and Faction; a
  Guerrilla holding Shipments holds all of them (8.1.2 piles them up), so a space where
  AUC holds any Shipment has one Guerrilla *with* a Shipment (:func:`free_guerrillas`).
* "Rally would place a Base": bullet 1 of 8.6.1 applies in some space
  (:func:`rally_base_possible`).
* 8.6.2 "lets the Marching AUC Guerrillas stay Underground": the groups that really
  March (all adjacent AUC Guerrillas, keeping 1 where 8.6.2 says, an Underground group
  kept small enough to stay hidden by 8.1.2) turn no Underground mover Active (3.3.2).
* 8.6.3 "Target ... so as to take Shipments": remove all the Guerrillas of a Faction
  that holds a Shipment there when at most 2 removals do it; the Shipment then passes
  to AUC (Captured Goods, 3.3.3). The Cartels are otherwise no Attack target.
* 8.6.4's condition « si une zone ne possède pas de Base FARC et une Guérilla Dormante
  AUC » is read as "has" (the complement of 8.6.3; r-auc-terror-condition).
* 8.6.4 bullet 2 "dans une autre Métropole ou Département contenant des pièces FARC"
  is 1 space (``count = 1`` in the flowchart file), as bullet 1 "dans une zone".
* An Operation selector offers no space once Resources are 0 (8.1): each City or
  Department (and each Attack space) costs 1 Resource, so nothing there is possible.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from core.map import space_name
from core.pieces import (
    ACTIVE_OF,
    AUC,
    CARTELS,
    FARC,
    GOVT,
    UNDERGROUND_OF,
    Faction,
    Piece,
    pieces_text,
)
from core.rules import insurgent_ops, insurgent_special
from core.rules.insurgent_ops import (
    RALLY_BASE,
    RALLY_PLACE,
    RALLY_REGROUP,
    ambush_problem,
    attack_in,
    attack_problem,
    rally_base_problem,
    rally_place_limit,
    rally_problem,
    rally_step,
    terror_problem,
)
from core.rules.insurgent_special import assassinate_problem, extort_problem
from core.space import SPACES
from core.state import GameState
from core.words import counted
from nonplayer import facts, procedures
from nonplayer.bot import Bot
from nonplayer.plan import Plan
from nonplayer.registry import Verdict, action, builder, predicate, selector

#: 8.6.1: Rally if at least this many AUC Guerrillas are Available.
RALLY_AVAILABLE = 6
#: 8.6.3: Attack where there is an Underground AUC Guerrilla or this many in total.
ATTACK_GUERRILLAS = 3

#: plan.notes key of the Attack plan: space -> what the Attack there targets first
#: ("shipment", "FARC" or "Government"), for the Ambush tie-break (8.6.3).
ATTACK_TARGETS_NOTE = "auc.attack_targets"
_TARGET_RANK = {"shipment": 0, "FARC": 1, "Government": 2}


# ======================================================================================
# small helpers
# ======================================================================================
def _can_pay(plan: Plan) -> bool:
    """An Operation space in a City or Department costs 1 Resource (3.3): with none left
    no such space can be selected (8.1: Pass rather than Operate with 0 Resources)."""
    return plan.resources() >= 1


def _spaces(state: GameState) -> tuple[int, ...]:
    """Every space in play, in map order."""
    return facts.in_play(state)


def _cities_departments(state: GameState) -> list[int]:
    return [s for s in _spaces(state) if not SPACES[s].is_loc]


def _names(spaces: Iterable[int]) -> str:
    names = [space_name(s) for s in spaces]
    return ", ".join(names) if names else "none"


def _g(n: int) -> str:
    return counted(n, "AUC Guerrilla")


def _labels(kinds: Iterable[int]) -> str:
    return pieces_text(kinds)


def free_guerrillas(state: GameState, space: int) -> int:
    """AUC Guerrillas in ``space`` without a Shipment (8.6.1 bullet 1): all of them, less
    the 1 holding AUC's Shipments there if any (Shipments are held per space and
    Faction, and 8.1.2 gathers them under Guerrillas that already hold some)."""
    n = state.guerrillas(space, AUC)
    return n - 1 if n and state.shipments_at(space, AUC) else n


def rally_base_possible(state: GameState, space: int) -> bool:
    """8.6.1 bullet 1 applies: a City or Department without Opposition (3.3.1) with 2+
    AUC Guerrillas without a Shipment, fewer than 2 Bases (1.4.2) and an AUC Base
    Available (1.4.1)."""
    return (
        state.guerrillas(space, AUC) >= 2  # the cheap tests first
        and free_guerrillas(state, space) >= 2
        and rally_problem(state, AUC, space) is None
        and rally_base_problem(state, AUC, space) is None  # 1.4.1, 1.4.2
    )


# ======================================================================================
# decisions
# ======================================================================================
@predicate("auc.rally_condition")
def rally_condition(bot: Bot) -> Verdict:
    """8.6.1: at least 6 AUC Guerrillas Available, or Rally would place a Base."""
    state = bot.state
    available = state.available_guerrillas(AUC)
    bases = [s for s in _cities_departments(state) if rally_base_possible(state, s)]
    facts = f"{counted(available, 'AUC Guerrilla')} Available"
    facts += (
        f"; Rally could place a Base in {_names(bases)}"
        if bases
        else "; Rally could place no Base"
    )
    return Verdict(available >= RALLY_AVAILABLE or bool(bases), facts)


@predicate("auc.march_condition")
def march_condition(bot: Bot) -> Verdict:
    """8.6.2: fewer than half of the spaces with FARC Bases have AUC Guerrillas (with no
    FARC Base on the map, 0 is not fewer than half of 0: no March)."""
    state = bot.state
    farc_bases = [s for s in _spaces(state) if state.bases(s, FARC)]
    with_auc = [s for s in farc_bases if state.guerrillas(s, AUC)]
    facts = (
        f"{len(with_auc)} of {len(farc_bases)} spaces with FARC Bases have AUC Guerrillas"
        + (f" ({_names(with_auc)})" if with_auc else "")
    )
    return Verdict(2 * len(with_auc) < len(farc_bases), facts)


@predicate("auc.terror_condition")
def terror_condition(bot: Bot) -> Verdict:
    """8.6.3/8.6.4: some space has a FARC Base and an Underground AUC Guerrilla (the
    French 8.6.4 reads « ne possède pas », "does not have": the complement of 8.6.3's
    Attack condition is meant, docs/readings.md#r-auc-terror-condition)."""
    state = bot.state
    spaces = [s for s in _spaces(state) if state.bases(s, FARC) and state.underground(s, AUC)]
    facts = (
        f"FARC Base with an Underground AUC Guerrilla in {_names(spaces)}"
        if spaces
        else "no space has a FARC Base with an Underground AUC Guerrilla"
    )
    return Verdict(bool(spaces), facts)


# ======================================================================================
# 8.6.1 Rally
# ======================================================================================
def _can_place(state: GameState, space: int) -> bool:
    return rally_place_limit(state, AUC, space) > 0


@selector("auc.rally_base_spaces")
def rally_base_spaces(bot: Bot, plan: Plan) -> list[int]:
    """Bullet 1: 2+ AUC Guerrillas without a Shipment, fewer than 2 Bases."""
    if not _can_pay(plan):
        return []
    state = plan.scratch
    return [s for s in _cities_departments(state) if rally_base_possible(state, s)]


@action("auc.rally_replace_with_base")
def rally_replace_with_base(bot: Bot, plan: Plan, space: int) -> str | None:
    """Replace 2 AUC Guerrillas with an AUC Base, Active ones first (8.1.2)."""
    removed = procedures.own_removal(plan.scratch, space, AUC, 2)
    active = removed.count(ACTIVE_OF[AUC])
    if len(removed) < 2 or not plan.try_add(rally_step(space, RALLY_BASE, active), space):
        return None
    which = f" ({active} Active)" if active else ""
    return f"replace 2 AUC Guerrillas{which} with an AUC Base"


@selector("auc.rally_flip_spaces")
def rally_flip_spaces(bot: Bot, plan: Plan) -> list[int]:
    """Bullet 2: Active AUC Guerrillas, an AUC Base and any cube."""
    if not _can_pay(plan):
        return []
    state = plan.scratch
    return [
        s
        for s in _cities_departments(state)
        if state.active(s, AUC)
        and state.bases(s, AUC)
        and state.cubes(s)
        and rally_problem(state, AUC, s) is None
    ]


@action("auc.rally_flip_underground")
def rally_flip_underground(bot: Bot, plan: Plan, space: int) -> str | None:
    """Flip the AUC Guerrillas there Underground (the Base's Rally option, moving none
    in, 3.3.1)."""
    active = plan.scratch.active(space, AUC)
    if not active or not plan.try_add(rally_step(space, RALLY_REGROUP, 0), space):
        return None
    return f"flip {counted(active, 'Active AUC Guerrilla')} Underground"


@selector("auc.rally_farc_base_spaces")
def rally_farc_base_spaces(bot: Bot, plan: Plan) -> list[int]:
    """Bullet 3: the others with FARC Bases (without Opposition) where a Guerrilla can be
    placed."""
    if not _can_pay(plan):
        return []
    state = plan.scratch
    return [s for s in _cities_departments(state) if state.bases(s, FARC) and _can_place(state, s)]


@selector("auc.rally_auc_base_spaces")
def rally_auc_base_spaces(bot: Bot, plan: Plan) -> list[int]:
    """Bullet 3: then the others with AUC Bases."""
    if not _can_pay(plan):
        return []
    state = plan.scratch
    return [s for s in _cities_departments(state) if state.bases(s, AUC) and _can_place(state, s)]


@selector("auc.rally_other_spaces")
def rally_other_spaces(bot: Bot, plan: Plan) -> list[int]:
    """Bullet 3: finally 1 other City or Department (random) where a Guerrilla can be
    placed."""
    if not _can_pay(plan):
        return []
    state = plan.scratch
    return [s for s in _cities_departments(state) if _can_place(state, s)]


@action("auc.rally_place")
def rally_place(bot: Bot, plan: Plan, space: int) -> str | None:
    """Place as many Available Guerrillas as Rally allows: 1, or with AUC Bases there
    Bases plus Population (3.3.1; 8.1.1 as much as possible)."""
    n = rally_place_limit(plan.scratch, AUC, space)
    if n <= 0 or not plan.try_add(rally_step(space, RALLY_PLACE, n), space):
        return None
    return f"place {_g(n)}"


# ======================================================================================
# Extort (8.6.1, after Rally or March)
# ======================================================================================
@selector("auc.extort_spaces")
def extort_selector(bot: Bot, plan: Plan) -> list[int]:
    """Every space where an Underground AUC Guerrilla is and AUC Controls (4.4.1)."""
    state = plan.scratch
    # (spaces without an Underground AUC Guerrilla are skipped unasked: extort_problem
    # refuses them, building a sentence for each)
    return [s for s in _spaces(state)
            if state.underground(s, AUC) and extort_problem(state, AUC, s) is None]


@action("auc.extort_space")
def extort_space(bot: Bot, plan: Plan, space: int) -> str | None:
    if not plan.try_add(space, space):
        return None
    return "Extort: Activate 1 AUC Guerrilla, AUC Resources +1"


# ======================================================================================
# 8.6.2 March
# ======================================================================================
def _keep(state: GameState, origin: int) -> int:
    """8.6.2: leave 1 Guerrilla in each space with an AUC Base (r-march-base) or any
    FARC piece."""
    return procedures.march_keep(state, AUC, origin)


def _origins(state: GameState, dst: int) -> list[int]:
    return [o for o in SPACES[dst].adjacent if state.in_play(o) and state.guerrillas(o, AUC)]


def march_groups(state: GameState, dst: int) -> list[insurgent_ops.MarchGroup]:
    """The March into ``dst`` with all adjacent AUC Guerrillas (8.6.2) within 8.1.2
    (:func:`nonplayer.procedures.march_group`: Underground ones kept Underground), each
    group carrying the AUC Shipments of its origin (8.1.2: move Shipments first)."""
    out = []
    room = state.capacity(dst, UNDERGROUND_OF[AUC])  # stacking (card 33: Ecuador)
    for origin in _origins(state, dst):
        u, a = procedures.march_group(state, AUC, origin, dst, keep=_keep(state, origin),
                                      want=room)
        room -= u + a
        if u + a:
            ships = len(state.shipments_at(origin, AUC))
            out.append(insurgent_ops.march_group(origin, dst, u, a, ships))
    return out


def stays_underground(state: GameState, dst: int,
                      groups: list[insurgent_ops.MarchGroup] | None = None) -> bool:
    """Whether the March into ``dst`` (:func:`march_groups`: the groups 8.1.2 really
    moves, an Underground group kept small enough to stay hidden; ``groups`` when the
    caller has them already) turns none of the Underground movers Active (3.3.2; 8.6.2
    « celle qui permet aux Guérillas des AUC se déplaçant de rester Dormantes »)."""
    if groups is None:
        groups = march_groups(state, dst)
    return procedures.stays_underground(
        state, AUC, dst, [(u, a) for _src, _dst, u, a, _ships in groups])


@selector("auc.march_destinations")
def march_destinations(bot: Bot, plan: Plan) -> list[list[int]]:
    """Cities or Departments with FARC pieces and no AUC Guerrillas that AUC Guerrillas
    can March into: those with a FARC Base first ("if possible"), and among them first
    those where the Marching Guerrillas stay Underground."""
    if not _can_pay(plan):
        return []
    return ranked_destinations(plan.scratch)


def ranked_destinations(state: GameState) -> list[list[int]]:
    """The 8.6.2 March destinations in their four ranks: a FARC Base and the movers stay
    Underground; a FARC Base; the movers stay Underground; the rest (Cities and
    Departments with FARC pieces, no AUC Guerrillas, and some AUC Guerrilla to March
    in). :func:`march_destinations` and card 37's free March (nonplayer/events.py)."""
    groups: list[list[int]] = [[], [], [], []]
    for s in _cities_departments(state):
        if not state.faction_pieces(s, FARC) or state.guerrillas(s, AUC):
            continue
        moving = march_groups(state, s)
        if not moving:
            continue
        rank = (0 if state.bases(s, FARC) else 2) + (
            0 if stays_underground(state, s, moving) else 1)
        groups[rank].append(s)
    return groups


@action("auc.march_into")
def march_into(bot: Bot, plan: Plan, space: int) -> str | None:
    moved = []
    for group in march_groups(plan.scratch, space):
        if plan.try_add(group, space):
            moved.append(group)
    if not moved:
        return None
    parts = []
    for src, _dst, u, a, ships in moved:
        what = f"{_g(u + a)} from {space_name(src)}"
        if a:
            what += f" ({a} Active)"
        if ships:
            what += f" with {counted(ships, 'Shipment')}"
        parts.append(what)
    activated = plan.scratch.active(space, AUC) - sum(g[3] for g in moved)
    tail = f"; {_g(activated)} Activated" if activated > 0 else ""
    return "March " + ", ".join(parts) + tail


# ======================================================================================
# 8.6.3 Attack and Ambush
# ======================================================================================
def attack_targets(state: GameState, space: int) -> tuple[tuple[Piece, ...], str | None]:
    """The enemy pieces a successful AUC Attack removes in ``space`` (8.6.3), in order,
    and what they target first ("shipment", "FARC", "Government"; None: no target).

    First the Guerrillas of a Faction holding a Shipment there, when removing all of
    them (at most 2) makes the Shipment pass to AUC (3.3.3, 4.5.3); then FARC, then the
    Government, by 8.1.2 (Bases last, 3.3.3). The Cartels are a target only for their
    Shipments (then, if a removal is left, 1.4.1 makes them lose to the full extent).
    """
    kinds: list[Piece] = []
    taken: list[Faction] = []
    holders = [f for f in (FARC, CARTELS) if state.shipments_at(space, f)]
    holders.sort(key=lambda f: (state.guerrillas(space, f), -len(state.shipments_at(space, f))))
    for f in holders:
        need = state.guerrillas(space, f)
        if len(kinds) + need <= 2:
            kinds += [UNDERGROUND_OF[f]] * state.underground(space, f)
            kinds += [ACTIVE_OF[f]] * state.active(space, f)
            taken.append(f)
    rest = state
    if kinds:
        rest = state.clone()
        for kind in kinds:
            rest.remove(space, kind, 1)
    order = [FARC, GOVT] + [f for f in taken if f is CARTELS]
    kinds += procedures.enemy_removal(rest, space, order, 2 - len(kinds))
    if taken:
        first = "shipment"
    elif any(k.faction is FARC for k in kinds):
        first = "FARC"
    elif kinds:
        first = "Government"
    else:
        first = None
    return tuple(kinds), first


def _attack_ok(state: GameState, space: int) -> bool:
    return attack_problem(state, AUC, space) is None and (
        state.underground(space, AUC) > 0 or state.guerrillas(space, AUC) >= ATTACK_GUERRILLAS
    )


@selector("auc.attack_spaces")
def attack_spaces(bot: Bot, plan: Plan) -> list[list[int]]:
    """Spaces with accessible targets and an Underground AUC Guerrilla or 3+ AUC
    Guerrillas, those with the most AUC Guerrillas first."""
    if not _can_pay(plan):
        return []
    state = plan.scratch
    by_count: dict[int, list[int]] = {}
    for s in _spaces(state):
        if _attack_ok(state, s) and attack_targets(state, s)[1] is not None:
            by_count.setdefault(state.guerrillas(s, AUC), []).append(s)
    return [by_count[n] for n in sorted(by_count, reverse=True)]


@action("auc.attack_space")
def attack_space(bot: Bot, plan: Plan, space: int) -> str | None:
    kinds, first = attack_targets(plan.scratch, space)
    if first is None or not plan.try_add(attack_in(space, *kinds), space):
        return None
    plan.notes.setdefault(ATTACK_TARGETS_NOTE, {})[space] = first
    return f"Attack with {_g(plan.before.guerrillas(space, AUC))}, targeting {_labels(kinds)}"


@selector("auc.ambush_spaces")
def ambush_spaces(bot: Bot, plan: Plan) -> list[list[int]]:
    """Attack spaces with an Underground AUC Guerrilla (before the Attack), the fewest
    AUC Guerrillas first; on a tie, a Shipment targeted, then FARC, then Government."""
    op = plan.op_plan
    if op is None:
        return []
    before = op.before
    firsts: dict[int, str] = op.notes.get(ATTACK_TARGETS_NOTE, {})
    spaces = [t[0] for t in op.steps if ambush_problem(before, AUC, t[0]) is None]
    ranked: dict[tuple[int, int], list[int]] = {}
    for s in spaces:
        key = (before.guerrillas(s, AUC), _TARGET_RANK.get(firsts.get(s, ""), 3))
        ranked.setdefault(key, []).append(s)
    return [ranked[k] for k in sorted(ranked)]


@action("auc.ambush_space")
def ambush_space(bot: Bot, plan: Plan, space: int) -> str | None:
    if not plan.try_add(space, space):
        return None
    return "Ambush: Activate 1 AUC Guerrilla only, the Attack succeeds"


# ======================================================================================
# 8.6.4 Terror and Assassinate
# ======================================================================================
def _terror_ok(state: GameState, space: int) -> bool:
    # (no Underground AUC Guerrilla: terror_problem refuses, building a sentence)
    return (not SPACES[space].is_loc and state.underground(space, AUC) > 0
            and terror_problem(state, AUC, space) is None)


@selector("auc.terror_farc_base_spaces")
def terror_farc_base_spaces(bot: Bot, plan: Plan) -> list[int]:
    """Bullet 1: a space with a FARC Base (and an Underground AUC Guerrilla)."""
    if not _can_pay(plan):
        return []
    state = plan.scratch
    return [s for s in _spaces(state) if _terror_ok(state, s) and state.bases(s, FARC)]


@selector("auc.terror_farc_spaces")
def terror_farc_spaces(bot: Bot, plan: Plan) -> list[int]:
    """Bullet 2: another City or Department with FARC pieces."""
    if not _can_pay(plan):
        return []
    state = plan.scratch
    return [
        s for s in _spaces(state) if _terror_ok(state, s) and state.faction_pieces(s, FARC)
    ]


@selector("auc.terror_other_spaces")
def terror_other_spaces(bot: Bot, plan: Plan) -> list[int]:
    """Bullet 3: any other Cities or Departments (with an Underground AUC Guerrilla)."""
    if not _can_pay(plan):
        return []
    state = plan.scratch
    return [s for s in _spaces(state) if _terror_ok(state, s)]


@action("auc.terror_space")
def terror_space(bot: Bot, plan: Plan, space: int) -> str | None:
    before = plan.scratch
    if not plan.try_add(space, space):
        return None
    done = ["Activate 1 AUC Guerrilla"]
    if plan.scratch.terror[space] > before.terror[space]:
        done.append("place a Terror marker")
    if plan.scratch.support[space] != before.support[space]:
        done.append("shift 1 level toward Neutral")
    return "Terror: " + ", ".join(done)


def assassinate_target(state: GameState, space: int) -> Piece | None:
    """The enemy piece AUC Assassinates in ``space`` (8.6.4): a Guerrilla whose removal
    forces off a Shipment (the last Guerrilla of the Faction holding it: Commandeer),
    most Shipments first, FARC before Cartels; else FARC, then the Government, then the
    Cartels, each in 8.1.2 order (Bases, Police, Troops, Underground, Active; an
    Assassination may take a Base with Guerrillas present, 4.4.2)."""
    holders = [
        f
        for f in (FARC, CARTELS)
        if state.shipments_at(space, f) and state.guerrillas(space, f) == 1
    ]
    if holders:
        f = max(holders, key=lambda h: len(state.shipments_at(space, h)))
        return UNDERGROUND_OF[f] if state.underground(space, f) else ACTIVE_OF[f]
    kinds = procedures.enemy_removal(state, space, [FARC, GOVT, CARTELS], 1, bases_last=False)
    return kinds[0] if kinds else None


@selector("auc.assassinate_spaces")
def assassinate_spaces(bot: Bot, plan: Plan) -> list[int]:
    """Terror spaces where AUC Guerrillas outnumber Police (and an enemy piece is)."""
    op = plan.op_plan
    if op is None:
        return []
    return [s for s in op.steps if assassinate_problem(plan.scratch, s) is None]


@action("auc.assassinate_space")
def assassinate_space(bot: Bot, plan: Plan, space: int) -> str | None:
    kind = assassinate_target(plan.scratch, space)
    if kind is None:
        return None
    ships = len(plan.scratch.shipments_at(space, AUC))
    if not plan.try_add((space, int(kind)), space):
        return None
    gained = len(plan.scratch.shipments_at(space, AUC)) - ships
    tail = f" (Commandeer: {counted(gained, 'Shipment')} to AUC)" if gained else ""
    return f"Assassinate: remove {counted(1, kind.label)}{tail}"


@builder("auc.Assassinate")
def build_assassinate(bot: Bot, plan: Plan, steps: list[Any]) -> Any:
    """Steps are (space, enemy piece kind) pairs."""
    if not steps:
        return None
    return insurgent_special.Assassinate(
        where=tuple(s for s, _ in steps), targets=tuple(k for _, k in steps)
    )
