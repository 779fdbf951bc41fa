"""Event cards 49-72: both texts of each card (5.0), registered by number.

Card texts of record: the printed 2nd-edition cards, ``core/data/cards.json`` (shown by
``andean cards --text N``); each function's docstring quotes the side it implements.

How the cards ask
-----------------
Every choice the text leaves open goes through the ``chooser`` (5.1: the executing Faction
decides unless the card names another Faction, which then is the Choice's ``decider``).
Choices are asked in the order the card's text reads, and the options offered are exactly
the legal ones at that moment. Two conventions keep the answer lists short:

* A choice that has a single legal answer and must be taken is not asked (e.g. "which
  Guerrilla in Chocó?" when only one kind is there).
* "Place/shift/remove in N spaces" asks for exactly ``min(N, candidates)`` spaces among the
  spaces where it does something (5.1.3: do what can be done); "up to N" allows fewer.

Pieces are picked one at a time: a space, then (if more than one kind is there) the kind.
Where an Event lets a Faction move Guerrillas, the Shipments they hold may go along
(4.5.3: Shipments move with their Guerrilla), asked as a number.

Cards read by Operations elsewhere: Mexican Traffickers (67) shaded is Momentum (5.4),
whose effect lives in the Resources Phase; Darién (71) shaded makes Panamá a 0 Pop Forest
where Sweep does not Activate (:func:`core.rules.coin_ops.sweep_activation_capacity`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from core.cards import NDSC, SHADED, UNSHADED
from core.commands import Context, Operation
from core.errors import IllegalAction
from core.events.choice import (
    Choice,
    Chooser,
    ask_one,
    ask_space,
    ask_spaces_in_turn,
    best,
    distribute,
    fits,
)
from core.events.common import (
    GUERRILLA_KINDS,
    INSURGENT_KINDS,
    ask_spaces,
    free_context,
    guerrilla_kinds,
    ineligible_through_next_card,
)
from core.events.registry import event
from core.map import FOREST, MAP, MOUNTAIN, Space, space_name
from core.pieces import (
    ACTIVE_OF,
    BASE_OF,
    FACTION_KINDS,
    INSURGENTS,
    UNDERGROUND_OF,
    Faction,
    Piece,
    as_piece,
)
from core.rules import coin_ops, insurgent_ops, insurgent_special
from core.rules.coin_ops import senado_immune
from core.rules.common import CIVIC_ACTION_COST
from core.space import PANAMA, SPACES
from core.state import SUPPORT_LABELS, GameState
from core.words import counted, listed

GOVT, FARC, AUC, CARTELS = Faction.GOVT, Faction.FARC, Faction.AUC, Faction.CARTELS
CUBES = (Piece.TROOPS, Piece.POLICE)
REMOVE = "remove"
REPLACE = "replace"


# ======================================================================================
# shared helpers: where, asking, moving
# ======================================================================================
def _spaces(state: GameState, test: Callable[[Space], bool]) -> list[int]:
    """Ids of the spaces in play (foreign countries only once made spaces, 1.3.5) passing
    ``test``."""
    return [s.id for s in state.spaces_in_play() if test(s)]


def _is_forest(s: Space) -> bool:
    """A Forest Department (Panamá once in play is a 0 Pop Forest, 1.3.5)."""
    return s.is_department and s.terrain == FOREST


def _is_mountain_department(s: Space) -> bool:
    return s.is_department and s.terrain == MOUNTAIN


def _ask_number(
    chooser: Chooser, state: GameState, lo: int, hi: int, why: str, decider: Faction | None = None
) -> int:
    """A number from ``lo`` to ``hi`` (not asked when there is only one)."""
    if hi <= lo:
        return lo
    return int(ask_one(chooser, state, "number", range(lo, hi + 1), why, decider=decider))


def _kinds_in(state: GameState, space: int, kinds: Iterable[Piece]) -> list[int]:
    """The piece kinds (ints) among ``kinds`` present in ``space``."""
    return [int(k) for k in kinds if state.count(space, k)]


def _pick_piece(
    chooser: Chooser,
    state: GameState,
    kinds: Iterable[Piece],
    why: str,
    *,
    where: list[int] | None = None,
    optional: bool = False,
    decider: Faction | None = None,
) -> tuple[int, Piece] | None:
    """A space (among ``where``, default all in play) holding one of ``kinds``, then the
    kind there; None if there is none (or the decider stops, when ``optional``)."""
    kinds = tuple(kinds)
    pool = where if where is not None else _spaces(state, bool)
    space = ask_space(
        chooser,
        state,
        pool,
        lambda s: bool(_kinds_in(state, s, kinds)),
        f"{why}: from which space?",
        optional=optional,
        decider=decider,
    )
    if space is None:
        return None
    kind = ask_one(
        chooser,
        state,
        "pieces",
        _kinds_in(state, space, kinds),
        f"{why}: which piece in {space_name(space)}?",
        decider=decider,
    )
    return int(space), Piece(kind)


def _must_pick_piece(
    chooser: Chooser,
    state: GameState,
    kinds: Iterable[Piece],
    why: str,
    *,
    where: list[int] | None = None,
) -> tuple[int, Piece]:
    """:func:`_pick_piece` where the caller knows such a piece exists."""
    picked = _pick_piece(chooser, state, kinds, why, where=where)
    assert picked is not None
    return picked


def _legal(state: GameState, cmd: Any, faction: Faction) -> bool:
    """Whether ``cmd`` executes for ``faction`` as a free command (on a clone)."""
    try:
        cmd.execute(state.clone(), Context(faction=faction, free=True))
    except IllegalAction:
        return False
    return True


def _move_guerrillas(
    state: GameState, f: Faction, src: int, dst: int, underground: int, active: int, ships: int
) -> None:
    """Move Guerrillas of ``f`` with ``ships`` of the Shipments ``f`` holds in ``src``."""
    state.move(src, dst, UNDERGROUND_OF[f], underground, shipments=ships if underground else 0)
    state.move(src, dst, ACTIVE_OF[f], active, shipments=0 if underground else ships)


def _ask_shipments(
    chooser: Chooser, state: GameState, f: Faction, src: int, why: str, decider: Faction
) -> int:
    """How many of the Shipments ``f`` holds in ``src`` go along (4.5.3)."""
    held = len(state.shipments_at(src, f))
    return _ask_number(chooser, state, 0, held, f"{why}: Shipments carried along?", decider)


def _relocation(
    chooser: Chooser,
    state: GameState,
    card: str,
    what: str,
    decider: Faction,
    has: Callable[[int], bool],
    room: Callable[[int], bool],
) -> tuple[int, Any] | None:
    """``what`` (a piece) that ``decider`` relocates for ``card``: from where (a space in
    play where ``has``; the decider may stop: None), then to where (another space where
    ``room``)."""
    src = ask_space(
        chooser, state, _spaces(state, bool), has, f"{card}: relocate {what} from where?",
        optional=True, decider=int(decider),
    )
    if src is None:
        return None
    dst = ask_space(
        chooser, state, [s for s in _spaces(state, bool) if s != src], room,
        f"{card}: relocate it to where?", decider=int(decider),
    )
    return src, dst


def _remove_all(state: GameState, ctx: Context, space: int, faction: Faction) -> int:
    """Remove every piece of ``faction`` from ``space``; return how many."""
    removed = 0
    for kind in FACTION_KINDS[faction]:
        n = state.count(space, kind)
        if n:
            state.remove(space, kind, n)
            removed += n
    if removed:
        ctx.say(f"Remove {counted(removed, f'{faction.label} piece')} from {space_name(space)}")
    return removed


def _shift_spaces(
    state: GameState,
    ctx: Context,
    chooser: Chooser,
    candidates: list[int],
    n: int,
    steps: int,
    why: str,
) -> None:
    """Shift exactly ``min(n, candidates)`` chosen spaces ``steps`` levels each, among
    those the shift changes (1.6)."""
    def shifts(space: int) -> bool:
        return _can_shift(state, space, steps)

    for space in ask_spaces(chooser, state, candidates, n, why, score=shifts):
        state.shift(space, steps)
        ctx.say(f"{space_name(space)} shifts to {SUPPORT_LABELS[state.support[space]]}")


def _can_shift(state: GameState, space: int, steps: int) -> bool:
    """Whether a shift of ``steps`` (+ Support, - Opposition) changes ``space`` (1.6)."""
    if not SPACES[space].is_populated:
        return False
    return state.support[space] < 2 if steps > 0 else state.support[space] > -2


def _place_bases(
    state: GameState,
    ctx: Context,
    chooser: Chooser,
    faction: Faction,
    candidates: list[int],
    n: int,
    why: str,
    decider: Faction | None = None,
) -> None:
    """Place 1 Base of ``faction`` in each of ``min(n, Available)`` chosen candidates."""
    kind = BASE_OF[faction]
    most = min(n, state.available(kind))

    def fits_base(space: int) -> bool:
        return state.can_place(space, kind)

    for space in ask_spaces(chooser, state, candidates, most, why, decider=decider,
                             score=fits_base):
        state.place(space, kind)
        ctx.say(f"Place a {kind.label} in {space_name(space)}")


def _nothing(ctx: Context, card: str) -> None:
    ctx.say(f"{card}: nothing to do")


# ======================================================================================
# query helpers (for a UI or a bot)
# ======================================================================================
def forests(state: GameState) -> list[int]:
    """Forest Departments in play (Panamá too once in play, 1.3.5): cards 66 and 70."""
    return _spaces(state, _is_forest)


def coastal_spaces(state: GameState) -> list[int]:
    """Coastal spaces in play (1.3.7): card 68 Narco-Subs."""
    return _spaces(state, lambda s: s.coastal)


def pipelines_near_farc(state: GameState) -> list[int]:
    """UnSabotaged Pipelines with or adjacent to FARC Guerrillas: the Pipelines card 51
    Pipeline Repairs (shaded) may Sabotage."""

    def near_farc(space: int) -> bool:
        near = [space] + [a for a in SPACES[space].adjacent if state.in_play(a)]
        return any(state.guerrillas(s, FARC) for s in near)

    return [s for s in _pipelines(state) if not state.sabotage[s] and near_farc(s)]


def free_operations(state: GameState, faction: Faction, space: int) -> list[str]:
    """The free Operations card 69 Riverines & Fast Boats allows ``faction`` in ``space``
    now: Train, Sweep, Assault (Government) or Rally, Attack, Terror (Insurgents) whose
    requirements are met there, lasting Events included (5.5)."""
    names = GOVT_FREE_OPS if faction is GOVT else INSURGENT_FREE_OPS
    return [n for n in names if _probe(state, faction, n, space)]


# ======================================================================================
# 49 Bloques
# ======================================================================================
@event(49, UNSHADED)
def bloques_unshaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#49 Bloques (unshaded): Militias defy Castaño: Permanently remove 3 available AUC
    Guerrillas. (Only Available ones: fewer if fewer are Available, 5.1.3.)"""
    n = min(3, state.available_guerrillas(AUC))
    state.removed_from_game[AUC] += n
    ctx.say(f"#49 Bloques: {counted(n, 'Available AUC Guerrilla')} removed from the game")


@event(49, SHADED)
def bloques_shaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#49 Bloques (shaded): Independent militias join AUC: Place an AUC Guerrilla and Base
    in any Department.

    Offered: the Departments where the most of the 2 pieces can be placed (5.1.3: not one
    with 2 Bases, nor Ecuador with room for 1 AUC piece, card 33, while both fit
    elsewhere); where only one fits, the Base goes first."""
    why = "#49 Bloques: place an AUC Guerrilla and Base in which Department?"
    pieces = ((Piece.AUC_BASE, 1), (Piece.AUC_UNDERGROUND, 1))
    depts = _spaces(state, lambda s: s.is_department)
    space = ask_space(chooser, state, depts, lambda s: fits(state, s, pieces), why)
    if space is None:
        return _nothing(ctx, "#49 Bloques")
    b = state.place_up_to(space, Piece.AUC_BASE, 1)
    g = state.place_up_to(space, Piece.AUC_UNDERGROUND, 1)
    ctx.say(f"#49 Bloques: place {listed((g, 'AUC Guerrilla'), (b, 'AUC Base'))} in "
            f"{space_name(space)}")
    return None


# ======================================================================================
# 50 Carabineros
# ======================================================================================
@event(50, UNSHADED)
def carabineros_unshaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#50 Carabineros (unshaded): National police field forces: Govt places a total of up
    to 3 Police into any Departments. The Government chooses (a Department may receive
    several; not FARC Zones, 1.4.2)."""
    depts = _spaces(state, lambda s: s.is_department and state.can_place(s.id, Piece.POLICE))
    most = min(3, state.available(Piece.POLICE))
    if not depts or most <= 0:
        return _nothing(ctx, "#50 Carabineros")
    why = "#50 Carabineros: Government places up to 3 Police into which Departments?"
    # Ecuador (card 33) takes only 2 Government pieces: never offered beyond its room
    answer = distribute(
        chooser, state, depts, most, lambda s: state.capacity(s, Piece.POLICE), why,
        at_least=0, decider=int(GOVT),
    )
    for space in answer:
        state.place(space, Piece.POLICE)
        ctx.say(f"#50 Carabineros: place 1 Police cube in {space_name(space)}")
    return None


@event(50, SHADED)
def carabineros_shaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#50 Carabineros (shaded): National police corruption: Remove any 2 Police or replace
    them with available AUC Guerrillas.

    The executing Faction first says whether the 2 Police are removed or replaced (the
    text offers one or the other for both); replacing then removes a Police without
    replacement once no AUC Guerrilla is Available (5.1.1). Replacing offers first the
    Police an AUC Guerrilla can stand in for (stacking, 1.4.2; 5.1.3)."""
    card = "#50 Carabineros"
    count = min(2, state.on_map(Piece.POLICE))
    if count == 0:
        return _nothing(ctx, card)
    modes = [REMOVE] + ([REPLACE] if state.available_guerrillas(AUC) else [])
    mode = ask_one(chooser, state, "option", modes, f"{card}: remove the 2 Police or replace them?")
    def score(space: int) -> int:
        # replacing: first the spaces where an AUC Guerrilla fits (Ecuador holds 2 AUC
        # pieces, card 33; 5.1.3), the Police elsewhere only removed (5.1.1)
        fits_auc = mode == REPLACE and state.capacity(space, Piece.AUC_UNDERGROUND) > 0
        return 1 + fits_auc

    for _ in range(count):
        police = _spaces(state, lambda s: state.police(s.id) > 0)
        why = f"{card}: {mode} a Police in which space?"
        space = ask_space(chooser, state, police, score, why)
        assert space is not None
        state.remove(space, Piece.POLICE)
        placed = state.place_up_to(space, Piece.AUC_UNDERGROUND, 1) if mode == REPLACE else 0
        placing = ", place 1 AUC Guerrilla" * placed
        ctx.say(f"{card}: remove 1 Police cube in {space_name(space)}{placing}")
    return None


# ======================================================================================
# 51 Pipeline Repairs
# ======================================================================================
def _pipelines(state: GameState) -> list[int]:
    """Pipeline LoCs (1.3.4)."""
    return _spaces(state, lambda s: s.is_loc and s.loc_type == "pipeline")


@event(51, UNSHADED)
def pipeline_repairs_unshaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#51 Pipeline Repairs (unshaded): Speedy patching: Remove all Pipeline Sabotage or,
    if none, Government Resources +12."""
    sabotaged = [s for s in _pipelines(state) if state.sabotage[s]]
    if not sabotaged:
        gained = state.add_resources(GOVT, 12)
        ctx.say(f"#51 Pipeline Repairs: no Pipeline Sabotage; Government Resources +{gained}")
        return
    for space in sabotaged:
        state.sabotage[space] = 0
        ctx.say(f"#51 Pipeline Repairs: remove Sabotage from {space_name(space)}")


@event(51, SHADED)
def pipeline_repairs_shaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#51 Pipeline Repairs (shaded): Security concerns hinder maintenance: Sabotage 3
    Pipelines with or adjacent to FARC Guerrillas (unSabotaged ones, while markers last)."""
    near = set(pipelines_near_farc(state))
    n = min(3, state.markers_available())
    why = "#51 Pipeline Repairs: Sabotage which Pipelines?"
    chosen = ask_spaces(chooser, state, _pipelines(state), n, why, score=lambda s: s in near)
    if not chosen:
        return _nothing(ctx, "#51 Pipeline Repairs")
    for space in chosen:
        state.add_sabotage(space)
        ctx.say(f"#51 Pipeline Repairs: Sabotage {space_name(space)}")
    return None


# ======================================================================================
# 52 Castaño
# ======================================================================================
@event(52, UNSHADED)
def castano_unshaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#52 Castaño (unshaded): AUC leader's memoir a best seller: Shift 2 City or Mountain
    each 1 level toward Active Support."""
    candidates = _spaces(state, lambda s: s.is_city or _is_mountain_department(s))
    why = "#52 Castaño: shift which 2 Cities or Mountain Departments toward Active Support?"
    _shift_spaces(state, ctx, chooser, candidates, 2, +1, why)


@event(52, SHADED)
def castano_shaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#52 Castaño (shaded): Charismatic AUC political leader: Place an AUC Base into a
    space with AUC, then add +1 AUC Resources per AUC Base (on the map)."""
    space = ask_space(
        chooser, state, _spaces(state, bool),
        lambda s: state.faction_pieces(s, AUC) > 0 and state.can_place(s, Piece.AUC_BASE),
        "#52 Castaño: place an AUC Base where?",
    )
    if space is not None:
        state.place(space, Piece.AUC_BASE)
        ctx.say(f"#52 Castaño: place an AUC Base in {space_name(space)}")
    gained = state.add_resources(AUC, state.bases_on_map(AUC))
    ctx.say(f"#52 Castaño: AUC Resources +{gained}")


# ======================================================================================
# 53 Criminal Air Force (single text)
# ======================================================================================
@event(53, UNSHADED)
def criminal_air_force(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#53 Criminal Air Force: Insurgent access to small aircraft: An Insurgent Faction
    moves 1 or 2 Guerrillas between any 2 Departments and flips them Underground.

    The executing Faction picks the Insurgent Faction (5.1); that Faction then picks the
    origin and destination Departments, how many Guerrillas (1 or 2), how many of them
    Active, and Shipments carried along."""
    card = "#53 Criminal Air Force"
    depts = _spaces(state, lambda s: s.is_department)
    movers = [f for f in INSURGENTS if any(state.guerrillas(d, f) for d in depts)]
    if len(depts) < 2 or not movers:
        return _nothing(ctx, card)
    mover = Faction(
        ask_one(
            chooser,
            state,
            "factions",
            [int(f) for f in movers],
            f"{card}: which Insurgent Faction moves Guerrillas?",
        )
    )
    src = ask_space(
        chooser, state, depts, lambda d: state.guerrillas(d, mover) > 0,
        f"{card}: move from which Department?", decider=int(mover),
    )
    assert src is not None  # the mover has Guerrillas in some Department
    dst = ask_space(
        chooser,
        state,
        [d for d in depts if d != src],
        lambda d: state.room(d, mover) > 0,  # Ecuador: 2 per Faction (card 33)
        f"{card}: move to which Department?",
        decider=int(mover),
    )
    if dst is None:
        return _nothing(ctx, card)
    under, active = state.underground(src, mover), state.active(src, mover)
    most = min(2, under + active, state.room(dst, mover))
    n = _ask_number(chooser, state, 1, most, f"{card}: move 1 or 2?", mover)
    a = _ask_number(
        chooser,
        state,
        max(0, n - under),
        min(n, active),
        f"{card}: how many of them Active?",
        mover,
    )
    ships = _ask_shipments(chooser, state, mover, src, card, mover)
    _move_guerrillas(state, mover, src, dst, n - a, a, ships)
    state.flip(dst, mover, a, to_active=False)
    ctx.say(
        f"{card}: {counted(n, f'{mover.label} Guerrilla')} fly from {space_name(src)} "
        f"to {space_name(dst)} "
        "and go Underground"
    )
    return None


# ======================================================================================
# 54 Deserters & Defectors (single text)
# ======================================================================================
@event(54, UNSHADED)
def deserters_defectors(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#54 Deserters & Defectors: Remove up to 2 Guerrillas or replace them with any other
    Factions' available Guerrillas.

    The executing Faction first says whether the Guerrillas are removed or replaced (one
    or the other for both, as #50 shaded); then Guerrilla by Guerrilla (up to 2, any
    Factions): a space, the Guerrilla there and, replacing, the Faction whose Available
    Guerrilla replaces it (Underground, 1.4.3). Replacing offers first the Guerrillas a
    replacement can stand in for (Ecuador, card 33, holds 2 pieces per Faction; 5.1.3);
    where none can, the Guerrilla is removed only (5.1.1)."""
    card = "#54 Deserters & Defectors"
    if not any(state.on_map(k) for k in GUERRILLA_KINDS):
        return _nothing(ctx, card)

    def replacements(space: int, kind: Piece) -> list[Faction]:
        return [
            f for f in INSURGENTS
            if f is not kind.faction
            and state.available_guerrillas(f)
            and state.capacity(space, UNDERGROUND_OF[f]) > 0
        ]

    replaceable = any(
        replacements(s.id, Piece(k))
        for s in state.spaces_in_play()
        for k in _kinds_in(state, s.id, GUERRILLA_KINDS)
    )
    modes = [REMOVE] + ([REPLACE] if replaceable else [])
    mode = ask_one(
        chooser, state, "option", modes, f"{card}: remove the Guerrillas or replace them?"
    )
    # "replace them": the 2 Guerrillas are pieces the Event found on the map; a Guerrilla
    # it placed as a replacement is never one of them (docs/readings.md#r-card-54-own-pieces)
    placed: dict[tuple[int, int], int] = {}

    def targets(space: int) -> list[int]:
        return [k for k in _kinds_in(state, space, GUERRILLA_KINDS)
                if state.count(space, k) > placed.get((space, k), 0)]

    for _ in range(2):
        where = _spaces(state, lambda s: targets(s.id) != [])
        if mode == REPLACE:
            where = best(where, lambda s: 2 if any(
                replacements(s, as_piece(k)) for k in targets(s)) else 1)
        space = ask_space(chooser, state, where, lambda s: bool(targets(s)),
                          f"{card}: {mode} a Guerrilla: from which space?", optional=True)
        if space is None:
            return None
        kind = Piece(ask_one(chooser, state, "pieces", targets(space),
                             f"{card}: {mode} a Guerrilla: which piece in {space_name(space)}?"))
        fate = REMOVE
        if mode == REPLACE:
            others = [f.label for f in replacements(space, kind)]
            fate = ask_one(
                chooser, state, "option", others,
                f"{card}: replace the {kind.label} in {space_name(space)} with which Faction's?",
            ) or REMOVE
        if fate != REMOVE:
            new = UNDERGROUND_OF[Faction.parse(fate)]
            state.place(space, new)
            placed[(space, int(new))] = placed.get((space, int(new)), 0) + 1
        state.remove(space, kind)
        ctx.say(
            f"{card}: remove {counted(1, kind.label)} in {space_name(space)}"
            + ("" if fate == REMOVE else f", place 1 {fate} Guerrilla")
        )
    return None


# ======================================================================================
# 55 DEA Agents
# ======================================================================================
def _shipment(state: GameState, index: int) -> list[int]:
    """The ``[space, holder]`` of a Shipment on the map."""
    entry = state.shipments[index]
    assert entry is not None
    return entry


def _pick_shipment(
    chooser: Chooser, state: GameState, where: list[int], why: str, *, optional: bool
) -> int | None:
    """A Shipment on the map in ``where``: a space, then its holder Faction if several
    Factions hold Shipments there. Returns the Shipment's index."""
    space = ask_space(
        chooser, state, where, lambda s: bool(state.shipments_at(s)), f"{why}: which space?",
        optional=optional,
    )
    if space is None:
        return None
    holders = sorted({_shipment(state, i)[1] for i in state.shipments_at(space)})
    holder = ask_one(chooser, state, "factions", holders, f"{why}: held by which Faction?")
    return state.shipments_at(space, Faction(holder))[0]


@event(55, UNSHADED)
def dea_agents_unshaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#55 DEA Agents (unshaded): Law enforcement assistance: Remove 2 Shipments and any 5
    Cartels Guerrillas. Aid +3. (2nd Ed: 2 Shipments, not 1, and the Aid.)

    Asks each Shipment in turn (space, then holder), then each Cartels Guerrilla."""
    card = "#55 DEA Agents"
    for n in (1, 2):
        index = _pick_shipment(
            chooser, state, _spaces(state, bool), f"{card}: remove Shipment {n} of 2",
            optional=False,
        )
        if index is None:
            break
        space = _shipment(state, index)[0]
        state.remove_shipment(index)
        ctx.say(f"{card}: remove a Shipment in {space_name(space)}")
    cartels = guerrilla_kinds([CARTELS])
    for _ in range(min(5, sum(state.on_map(k) for k in cartels))):
        space, kind = _must_pick_piece(
            chooser, state, cartels, f"{card}: remove a Cartels Guerrilla"
        )
        state.remove(space, kind)
        ctx.say(f"{card}: remove {counted(1, kind.label)} in {space_name(space)}")
    gained = state.add_aid(3)
    ctx.say(f"{card}: Aid +{gained} (now {state.aid})")


@event(55, SHADED)
def dea_agents_shaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#55 DEA Agents (shaded): Más Yanquis: In 3 spaces with Cartels pieces, shift 1 level
    toward Active Opposition."""
    candidates = _spaces(state, lambda s: state.faction_pieces(s.id, CARTELS) > 0)
    why = "#55 DEA Agents: shift which 3 spaces with Cartels pieces toward Active Opposition?"
    _shift_spaces(state, ctx, chooser, candidates, 3, -1, why)


# ======================================================================================
# 56 Drogas La Rebaja
# ======================================================================================
@event(56, UNSHADED)
def drogas_la_rebaja_unshaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#56 Drogas La Rebaja (unshaded): Cali cartel's drugstore chain seized: Transfer 15
    Resources from Cartels to Government (2nd Ed: 15, not 9; as many as the Cartels
    have)."""
    moved = state.transfer_resources(CARTELS, GOVT, 15)
    ctx.say(f"#56 Drogas La Rebaja: {moved} Resources from Cartels to Government")


@event(56, SHADED)
def drogas_la_rebaja_shaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#56 Drogas La Rebaja (shaded): Retail empire: Add twice Cartels pieces in Cities to
    Cartels Resources. Then place a Cartels Base in each of 2 Cities."""
    in_cities = sum(state.faction_pieces(s.id, CARTELS) for s in MAP.cities)
    gained = state.add_resources(CARTELS, 2 * in_cities)
    pieces = counted(in_cities, "Cartels piece") if in_cities else "no Cartels piece"
    ctx.say(f"#56 Drogas La Rebaja: {pieces} in Cities: Resources +{gained}")
    cities = _spaces(state, lambda s: s.is_city)
    why = "#56 Drogas La Rebaja: place a Cartels Base in which 2 Cities?"
    _place_bases(state, ctx, chooser, CARTELS, cities, 2, why)


# ======================================================================================
# 57 Op Millennium
# ======================================================================================
@event(57, UNSHADED)
def op_millennium_unshaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#57 Op Millennium (unshaded): Colombian-US strike at Bernal syndicate: Replace up to
    3 Cartels pieces with available Police.

    Piece by piece (Bases too); a piece is removed without replacement once no Police is
    Available or where Police may not go (FARC Zone, 5.1.1); such spaces are offered only
    when no other has Cartels pieces (5.1.3)."""
    card = "#57 Op Millennium"
    for _ in range(3):
        # 5.1.3: first the spaces where a Police can take the piece's place (not a FARC
        # Zone; Ecuador within 2 Government pieces, card 33), as #40 unshaded
        held = _spaces(state, lambda s: state.faction_pieces(s.id, CARTELS) > 0)
        where = best(held, lambda s: 1 + (state.capacity(s, Piece.POLICE) > 0))
        picked = _pick_piece(
            chooser,
            state,
            FACTION_KINDS[CARTELS],
            f"{card}: replace a Cartels piece",
            where=where,
            optional=True,
        )
        if picked is None:
            return
        space, kind = picked
        state.remove(space, kind)
        placed = state.place_up_to(space, Piece.POLICE, 1)
        ctx.say(
            f"{card}: remove {counted(1, kind.label)} in {space_name(space)}"
            + (", place 1 Police cube" if placed else "")
        )


@event(57, SHADED)
def op_millennium_shaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#57 Op Millennium (shaded): Investigation penetrated: In each of 2 spaces, replace a
    Police with an available Cartels piece (Guerrilla or Base, the executing Faction's
    choice; removed without replacement if none can be placed, 5.1.1). The 2 spaces are
    asked one at a time."""
    card = "#57 Op Millennium"
    kinds = (Piece.CARTELS_UNDERGROUND, Piece.CARTELS_BASE)

    def score(space: int) -> int:
        # a Police there, and better where a Cartels piece fits (Ecuador: card 33; 5.1.3)
        return 1 + any(state.capacity(space, k) > 0 for k in kinds)

    def replace(space: int) -> None:
        state.remove(space, Piece.POLICE)
        options = [int(k) for k in kinds if state.can_place(space, k)]
        why = f"{card}: replace the Police in {space_name(space)} with which Cartels piece?"
        kind = ask_one(chooser, state, "pieces", options, why)
        if kind is not None:
            state.place(space, Piece(kind))
        ctx.say(
            f"{card}: remove 1 Police cube in {space_name(space)}"
            + (f", place {counted(1, Piece(kind).label)}" if kind is not None else "")
        )

    # one space at a time, replaced before the next is asked: when Cartels pieces run
    # short the chooser sees which space gets the last one (issue 17 item 3)
    police = _spaces(state, lambda s: state.police(s.id) > 0)
    why = f"{card}: replace a Police in which space ({{i}} of {{n}})?"
    ask_spaces_in_turn(chooser, state, police, 2, score, why, replace)


# ======================================================================================
# 58 General Serrano
# ======================================================================================
@event(58, UNSHADED)
def general_serrano_unshaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#58 General Serrano (unshaded): National Police hammer cartels: Cartels Resources
    -6. Remove all Cartels Guerrillas."""
    lost = state.add_resources(CARTELS, -6)
    ctx.say(f"#58 General Serrano: Cartels Resources {lost:+d}")
    for space in _spaces(state, lambda s: state.guerrillas(s.id, CARTELS) > 0):
        for kind in guerrilla_kinds([CARTELS]):
            state.remove(space, kind, state.count(space, kind))
        ctx.say(f"#58 General Serrano: remove all Cartels Guerrillas from {space_name(space)}")


@event(58, SHADED)
def general_serrano_shaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#58 General Serrano (shaded): Officials on cartel payroll: Cartels relocate up to 4
    Police to any spaces (not into FARC Zones, 1.4.2). The Cartels choose, Police by
    Police: from where, then to where."""
    card = "#58 General Serrano"
    # "relocate up to 4 Police": 4 different cubes; one already relocated is not picked
    # again as a later "from" (as #59 shaded: docs/readings.md#r-card-54-own-pieces)
    arrived: dict[int, int] = {}
    for _ in range(4):
        # the shared stacking query: no FARC Zone (1.4.2), Ecuador within 2 (card 33)
        moved = _relocation(
            chooser, state, card, "a Police", CARTELS,
            lambda s: state.police(s) > arrived.get(s, 0),
            lambda s: state.capacity(s, Piece.POLICE) > 0,
        )
        if moved is None:
            return
        src, dst = moved
        state.move(src, dst, Piece.POLICE)
        arrived[dst] = arrived.get(dst, 0) + 1
        ctx.say(f"{card}: Cartels relocate 1 Police cube from {space_name(src)} "
                f"to {space_name(dst)}")


# ======================================================================================
# 59 Salcedo
# ======================================================================================
def _assault_against(state: GameState, ctx: Context, space: int, target: Faction) -> int:
    """A free Government Assault (3.2.4) in ``space`` against ``target`` only: as many of
    its Active Guerrillas as the cubes can remove (1.4.1), then its Bases once it has no
    Guerrilla there (Bases last); Drug Bust +6 Aid per Shipment leaving the map (3.2.5).

    Being the Event's own Assault, it is not stopped by lasting Events that forbid
    Assaults (Madrid Donors, Senado & Cámara, shaded Tapias: 5.1.2). Returns the number
    of pieces removed."""
    capacity = coin_ops.assault_capacity(state, space)
    guerrillas = min(capacity, state.active(space, target))
    lost = state.remove(space, ACTIVE_OF[target], guerrillas)
    bases = 0
    if not state.guerrillas(space, target):
        bases = min(capacity - guerrillas, state.bases(space, target))
        state.remove(space, BASE_OF[target], bases)
    if guerrillas + bases:
        ctx.say(
            f"Assault in {space_name(space)}: remove "
            f"{counted(guerrillas, f'Active {target.label} Guerrilla')} and "
            f"{counted(bases, f'{target.label} Base')}"
        )
    if lost:
        gained = state.add_aid(coin_ops.DRUG_BUST_AID * lost)
        ctx.say(f"Drug Bust in {space_name(space)}: {counted(lost, 'Shipment')} removed, "
                f"Aid +{gained}")
    return guerrillas + bases


@event(59, UNSHADED)
def salcedo_unshaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#59 Salcedo (unshaded): Cartel informant: All Cartels Guerrillas to Active. Free
    Assault against Cartels in each space (where the cubes can remove Cartels pieces)."""
    card = "#59 Salcedo"
    for space in _spaces(state, lambda s: state.underground(s.id, CARTELS) > 0):
        state.activate(space, CARTELS, state.underground(space, CARTELS))
    ctx.say(f"{card}: all Cartels Guerrillas to Active")
    for space in _spaces(state, lambda s: state.faction_pieces(s.id, CARTELS) > 0):
        _assault_against(state, ctx, space, CARTELS)


@event(59, SHADED)
def salcedo_shaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#59 Salcedo (shaded): Cali cartel security chief: Cartels flip all their Guerrillas
    Underground and relocate up to 3 of them anywhere. The Cartels choose, Guerrilla by
    Guerrilla: from where, to where, and Shipments carried along."""
    card = "#59 Salcedo"
    for space in _spaces(state, lambda s: state.active(s.id, CARTELS) > 0):
        state.flip(space, CARTELS, state.active(space, CARTELS), to_active=False)
    ctx.say(f"{card}: all Cartels Guerrillas go Underground")
    # "relocate up to 3 of them": 3 different Guerrillas; one already relocated is not
    # relocated again (docs/readings.md#r-card-54-own-pieces)
    arrived: dict[int, int] = {}
    for _ in range(3):
        moved = _relocation(
            chooser, state, card, "a Cartels Guerrilla", CARTELS,
            lambda s: state.guerrillas(s, CARTELS) > arrived.get(s, 0),
            lambda s: state.room(s, CARTELS) > 0,
        )
        if moved is None:
            return
        src, dst = moved
        ships = _ask_shipments(chooser, state, CARTELS, src, card, CARTELS)
        _move_guerrillas(state, CARTELS, src, dst, 1, 0, ships)
        arrived[dst] = arrived.get(dst, 0) + 1
        ctx.say(f"{card}: relocate 1 Cartels Guerrilla from {space_name(src)} to {space_name(dst)}")


# ======================================================================================
# 60 The Chess Player
# ======================================================================================
CITIES_MODE = "2 Cities"
DEPARTMENT_MODE = "1 Department"


@event(60, UNSHADED)
def chess_player_unshaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#60 The Chess Player (unshaded): Kingpin strategy scores: Remove all Cartels pieces
    from 2 Cities or 1 Dept. Govt Resources +6."""
    card = "#60 The Chess Player"
    cities = _spaces(state, lambda s: s.is_city and state.faction_pieces(s.id, CARTELS) > 0)
    depts = _spaces(state, lambda s: s.is_department and state.faction_pieces(s.id, CARTELS) > 0)
    modes = ([CITIES_MODE] if cities else []) + ([DEPARTMENT_MODE] if depts else [])
    mode = ask_one(chooser, state, "option", modes, f"{card}: clear 2 Cities or 1 Department?")
    def holds(space: int) -> bool:
        # "all": complete wherever there are Cartels pieces (r-most-of-the-text-count)
        return state.faction_pieces(space, CARTELS) > 0

    if mode == CITIES_MODE:
        chosen = ask_spaces(chooser, state, cities, 2, f"{card}: which 2 Cities?", score=holds)
    elif mode == DEPARTMENT_MODE:
        chosen = ask_spaces(chooser, state, depts, 1, f"{card}: which Department?", score=holds)
    else:
        chosen = []
    for space in chosen:
        _remove_all(state, ctx, space, CARTELS)
    gained = state.add_resources(GOVT, 6)
    ctx.say(f"{card}: Government Resources +{gained}")


def _bribe_actions(state: GameState, space: int) -> dict[str, tuple[str, Piece]]:
    """Every single Bribe action on one piece in ``space`` (4.5.4), by readable label."""
    out: dict[str, tuple[str, Piece]] = {}
    for kind in Piece:
        if not state.count(space, kind):
            continue
        if kind.faction is not CARTELS:
            out[f"remove 1 {kind.label}"] = (REMOVE, kind)
        if kind.is_guerrilla:
            out[f"flip 1 {kind.label}"] = ("flip", kind)
    return out


def _bribe(space: int, plan: list[tuple[str, Piece]]) -> insurgent_special.Bribe:
    removed = tuple(int(k) for what, k in plan if what == REMOVE)
    flipped = tuple(int(k) for what, k in plan if what != REMOVE)
    return insurgent_special.Bribe(where=(space,), remove=(removed,), flip=(flipped,))


def _free_bribe(state: GameState, ctx: Context, chooser: Chooser, card: str) -> None:
    """A free Bribe (4.5.4) in 1 space chosen by the Cartels: action by action (up to 2
    cubes, or up to 2 Guerrillas removed or flipped, or 1 Base), each one offered only if
    some legal Bribe includes it, and stopping allowed only where the Bribe is complete
    (1.4.1: a targeted Faction loses up to 2 pieces while it has any)."""
    space = ask_one(
        chooser,
        state,
        "spaces",
        insurgent_special.bribe_spaces(state),
        f"{card}: free Bribe in which space?",
        decider=CARTELS,
    )
    if space is None:
        return
    plan: list[tuple[str, Piece]] = []
    actions = _bribe_actions(state, space)
    for i in range(2):
        extensions: list[list[tuple[str, Piece]]] = [[]] + (
            [[other] for other in actions.values()] if i == 0 else []
        )
        legal = [
            label
            for label, act in actions.items()
            if any(
                _legal(state, _bribe(space, plan + [act] + more), CARTELS) for more in extensions
            )
        ]
        label = ask_one(
            chooser,
            state,
            "option",
            legal,
            f"{card}: Bribe in {space_name(space)}: do what?",
            optional=i > 0 and _legal(state, _bribe(space, plan), CARTELS),
            decider=CARTELS,
        )
        if label is None:
            break
        plan.append(actions[label])
    _bribe(space, plan).execute(state, free_context(state, ctx, chooser, CARTELS))


@event(60, SHADED)
def chess_player_shaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#60 The Chess Player (shaded): Cali's Gilberto Rodríguez Orejuela expands empire:
    Cartels place an available Base in each of 2 Cities and free Bribe in 1 space."""
    card = "#60 The Chess Player"
    cities = _spaces(state, lambda s: s.is_city)
    _place_bases(
        state,
        ctx,
        chooser,
        CARTELS,
        cities,
        2,
        f"{card}: Cartels place a Base in which 2 Cities?",
        decider=CARTELS,
    )
    _free_bribe(state, ctx, chooser, card)


# ======================================================================================
# 61 Air Bridge
# ======================================================================================
@event(61, UNSHADED)
def air_bridge_unshaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#61 Air Bridge (unshaded): Peruvian coca supply controlled: Remove all Cartels
    pieces from 1 City. Cartels Resources -6."""
    card = "#61 Air Bridge"
    space = ask_space(
        chooser, state, _spaces(state, lambda s: s.is_city),
        lambda s: state.faction_pieces(s, CARTELS) > 0,
        f"{card}: remove all Cartels pieces from which City?",
    )
    if space is not None:
        _remove_all(state, ctx, space, CARTELS)
    lost = state.add_resources(CARTELS, -6)
    ctx.say(f"{card}: Cartels Resources {lost:+d}")


@event(61, SHADED)
def air_bridge_shaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#61 Air Bridge (shaded): Colombian coca growers fill Peruvian void: Place 1 Cartels
    Base into each of 3 Depts with no Cartels pieces."""
    depts = _spaces(state, lambda s: s.is_department and not state.faction_pieces(s.id, CARTELS))
    why = "#61 Air Bridge: place a Cartels Base in which 3 Departments?"
    _place_bases(state, ctx, chooser, CARTELS, depts, 3, why)


# ======================================================================================
# 62 Amazonía
# ======================================================================================
AMAZONIA = tuple(MAP.id_of(n) for n in ("Guainía", "Vaupés", "Amazonas"))


@event(62, UNSHADED)
def amazonia_unshaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#62 Amazonía (unshaded): Brasília's Op Cobra blocks border: Remove up to 3 Insurgent
    pieces from 0 Population Forests (Bases too, any Factions)."""
    card = "#62 Amazonía"
    forests = _spaces(state, lambda s: _is_forest(s) and s.pop == 0)
    for _ in range(3):
        picked = _pick_piece(
            chooser,
            state,
            INSURGENT_KINDS,
            f"{card}: remove an Insurgent piece",
            where=forests,
            optional=True,
        )
        if picked is None:
            return
        space, kind = picked
        state.remove(space, kind)
        ctx.say(f"{card}: remove {counted(1, kind.label)} from {space_name(space)}")


@event(62, SHADED)
def amazonia_shaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#62 Amazonía (shaded): Jungle landing strips: Place 1 Cartels Base each in Guainía,
    Vaupés, and Amazonas (within stacking; with too few Available, the executing Faction
    chooses where)."""
    why = "#62 Amazonía: place the Available Cartels Bases in which of these Departments?"
    _place_bases(state, ctx, chooser, CARTELS, list(AMAZONIA), 3, why)


# ======================================================================================
# 63 Narco-War (single text)
# ======================================================================================
@event(63, UNSHADED)
def narco_war(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#63 Narco-War: Rival syndicates go for the throat: In each space with Cartels
    Guerrillas, remove all but 1; Cartels conduct free Terror with that 1. Mark Cartels
    Ineligible through next card.

    The survivor is an Underground one if any (Terror then Activates it), else an Active
    one, which may Terror all the same (5.1.1): either way 1 Active Guerrilla remains, so
    nothing is asked. The Cartels are Ineligible at once, on this card too (2.3.7), and
    through the next."""
    card = "#63 Narco-War"
    cctx = free_context(state, ctx, chooser, CARTELS)
    for space in _spaces(state, lambda s: state.guerrillas(s.id, CARTELS) > 0):
        extra = state.guerrillas(space, CARTELS) - 1
        from_active = min(extra, state.active(space, CARTELS))
        state.remove(space, Piece.CARTELS_ACTIVE, from_active)
        state.remove(space, Piece.CARTELS_UNDERGROUND, extra - from_active)
        ctx.say(f"{card}: remove {counted(extra, 'Cartels Guerrilla')} in {space_name(space)}")
        insurgent_ops.resolve_terror(state, cctx, space)
    ineligible_through_next_card(state, ctx, CARTELS)


# ======================================================================================
# 64 Cocaine Labs
# ======================================================================================
@event(64, UNSHADED)
def cocaine_labs_unshaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#64 Cocaine Labs (unshaded): FARC taps suppliers: Place 2 Shipments with FARC
    Guerrillas in the same spaces as Cartels Bases. (2nd Ed: 2 Shipments, not 1.)

    Each Shipment goes under a FARC Guerrilla in a space with a Cartels Base (both may go
    to the same space). Asks the space of each Shipment in turn, as many as are Available
    up to 2 (5.1.1)."""
    card = "#64 Cocaine Labs"

    def labs(space: int) -> bool:
        return state.guerrillas(space, FARC) > 0 and state.bases(space, CARTELS) > 0

    placed = 0
    for n in (1, 2):
        if not state.shipments_available():
            break
        why = f"{card}: place Shipment {n} of 2 where?"
        space = ask_space(chooser, state, _spaces(state, bool), labs, why)
        if space is None:
            break
        state.place_shipment(space, FARC)
        placed += 1
        ctx.say(f"{card}: place a Shipment with a FARC Guerrilla in {space_name(space)}")
    if not placed:
        _nothing(ctx, card)


@event(64, SHADED)
def cocaine_labs_shaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#64 Cocaine Labs (shaded): Well-oiled industry: For each Cartels Base, Cartels
    Resources +2 if in City, +1 if in Dept."""
    total = sum(
        state.bases(s.id, CARTELS) * (2 if s.is_city else 1) for s in state.spaces_in_play()
    )
    gained = state.add_resources(CARTELS, total)
    ctx.say(f"#64 Cocaine Labs: Cartels Resources +{gained}")


# ======================================================================================
# 65 Poppies (single text)
# ======================================================================================
PLACE_SHIPMENT = "place Shipment"
REMOVE_SHIPMENT = "remove Shipment"
PLACE_BASE = "place Base"
REMOVE_BASE = "remove Base"


def _poppies_options(state: GameState, space: int) -> tuple[list[str], list[str]]:
    """What Poppies can do in the Mountain Department ``space``: the Shipment actions and
    the Base actions possible there."""
    bases = [BASE_OF[f] for f in INSURGENTS]
    can_place = state.shipments_available() > 0 and state.all_guerrillas(space) > 0
    shipment = [PLACE_SHIPMENT] if can_place else []
    if state.shipments_at(space):
        shipment.append(REMOVE_SHIPMENT)
    base = [PLACE_BASE] if any(state.can_place(space, b) for b in bases) else []
    if any(state.count(space, b) for b in bases):
        base.append(REMOVE_BASE)
    return shipment, base


@event(65, UNSHADED)
def poppies(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#65 Poppies: Growers and Government eradication focus on heroin source: Place or
    remove 1 Shipment and Insurgent Base in any Mountain Department. (2nd Ed: a Shipment
    *and* a Base, not one or the other.)

    "Place or remove" applies to each item: in the one Department, place or remove 1
    Shipment, and place or remove 1 Insurgent Base. Only the Departments where both items
    can be done are offered if any (5.1.3). Asks the Department; then the Shipment action
    and whose Shipment (a placed one goes under a Guerrilla of the chosen Faction, 4.5.3);
    then the Base action and whose Base."""
    card = "#65 Poppies"
    space = ask_space(
        chooser, state, _spaces(state, _is_mountain_department),
        lambda m: sum(bool(actions) for actions in _poppies_options(state, m)),
        f"{card}: in which Mountain Department?",
    )
    if space is None:
        return _nothing(ctx, card)
    shipment_actions, base_actions = _poppies_options(state, space)
    if shipment_actions:
        action = ask_one(chooser, state, "option", shipment_actions,
                      f"{card}: place or remove a Shipment in {space_name(space)}?")
        if action == PLACE_SHIPMENT:
            owners = [int(f) for f in INSURGENTS if state.guerrillas(space, f)]
            owner = Faction(ask_one(chooser, state, "factions", owners,
                                 f"{card}: place the Shipment under whose Guerrilla?"))
            state.place_shipment(space, owner)
        else:
            index = _pick_shipment(chooser, state, [space], card, optional=False)
            assert index is not None
            state.remove_shipment(index)
        ctx.say(f"{card}: {action} in {space_name(space)}")
    if base_actions:
        action = ask_one(chooser, state, "option", base_actions,
                      f"{card}: place or remove an Insurgent Base in {space_name(space)}?")
        if action == PLACE_BASE:
            owners = [int(f) for f in INSURGENTS if state.can_place(space, BASE_OF[f])]
            owner = Faction(ask_one(chooser, state, "factions", owners,
                                 f"{card}: place whose Base?"))
            state.place(space, BASE_OF[owner])
        else:
            owners = [int(f) for f in INSURGENTS if state.bases(space, f)]
            owner = Faction(ask_one(chooser, state, "factions", owners,
                                 f"{card}: remove whose Base?"))
            state.remove(space, BASE_OF[owner])
        ctx.say(f"{card}: {action} ({owner.label}) in {space_name(space)}")
    return None


# ======================================================================================
# 66 Tingo María
# ======================================================================================
@event(66, UNSHADED)
def tingo_maria_unshaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#66 Tingo María (unshaded): Coca crop fails: Remove 3 Cartels Bases from Forest."""
    card = "#66 Tingo María"
    woods = forests(state)
    for _ in range(min(3, sum(state.bases(s, CARTELS) for s in woods))):
        space = ask_space(
            chooser, state, woods, lambda s: state.bases(s, CARTELS) > 0,
            f"{card}: remove a Cartels Base where?",
        )
        assert space is not None  # a Cartels Base is left in a Forest
        state.remove(space, Piece.CARTELS_BASE)
        ctx.say(f"{card}: remove 1 Cartels Base from {space_name(space)}")


@event(66, SHADED)
def tingo_maria_shaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#66 Tingo María (shaded): Hearty coca variety: Within stacking, place an available
    Cartels Base into each Forest that already has one (with too few Available, the
    executing Faction chooses which)."""
    forests = _spaces(state, lambda s: _is_forest(s) and state.bases(s.id, CARTELS) > 0)
    why = "#66 Tingo María: place the Available Cartels Bases in which Forests?"
    _place_bases(state, ctx, chooser, CARTELS, forests, len(forests), why)


# ======================================================================================
# 67 Mexican Traffickers
# ======================================================================================
@event(67, UNSHADED)
def mexican_traffickers_unshaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#67 Mexican Traffickers (unshaded): Major shipment busted en route: Cartels
    Resources -20 (2nd Ed: 20, not 10)."""
    lost = state.add_resources(CARTELS, -20)
    ctx.say(f"#67 Mexican Traffickers: Cartels Resources {lost:+d}")


@event(67, SHADED)
def mexican_traffickers_shaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#67 Mexican Traffickers (shaded, Insurgent Momentum 5.4): New routes to US market:
    This Resources phase, Cartels add Resources equal to 4 x Bases. (The Resources Phase
    reads the Momentum; nothing happens now.)"""
    ctx.say("#67 Mexican Traffickers: this Resources Phase, Cartels earn 4 x Bases")


# ======================================================================================
# 68 Narco-Subs
# ======================================================================================
PIECES_MODE = "2 Cartels pieces"
SHIPMENTS_MODE = "up to 2 Shipments"


@event(68, UNSHADED)
def narco_subs_unshaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#68 Narco-Subs (unshaded): Submersibles seized: Remove from coastal spaces 2 Cartels
    pieces or up to 2 Shipments."""
    card = "#68 Narco-Subs"
    coast = coastal_spaces(state)
    pieces = sum(state.faction_pieces(s, CARTELS) for s in coast)
    ships = [s for s in coast if state.shipments_at(s)]
    modes = ([PIECES_MODE] if pieces else []) + ([SHIPMENTS_MODE] if ships else [])
    mode = ask_one(chooser, state, "option", modes, f"{card}: remove Cartels pieces or Shipments?")
    if mode == PIECES_MODE:
        for _ in range(min(2, pieces)):
            space, kind = _must_pick_piece(
                chooser,
                state,
                FACTION_KINDS[CARTELS],
                f"{card}: remove a Cartels piece",
                where=coast,
            )
            state.remove(space, kind)
            ctx.say(f"{card}: remove {counted(1, kind.label)} from {space_name(space)}")
    elif mode == SHIPMENTS_MODE:
        for _ in range(2):
            index = _pick_shipment(
                chooser, state, coast, f"{card}: remove a Shipment", optional=True
            )
            if index is None:
                break
            space = _shipment(state, index)[0]
            state.remove_shipment(index)
            ctx.say(f"{card}: remove a Shipment from {space_name(space)}")


@event(68, SHADED)
def narco_subs_shaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#68 Narco-Subs (shaded): Littoral stealth: Cartels Resources +2 per Cartels piece in
    coastal spaces."""
    pieces = sum(state.faction_pieces(s, CARTELS) for s in coastal_spaces(state))
    gained = state.add_resources(CARTELS, 2 * pieces)
    ctx.say(f"#68 Narco-Subs: {pieces} Cartels pieces on the coasts: Resources +{gained}")


# ======================================================================================
# 69 Riverines & Fast Boats (single text): move, then a free 1-space Operation
# ======================================================================================
GOVT_FREE_OPS = ("Train", "Sweep", "Assault")
INSURGENT_FREE_OPS = ("Rally", "Attack", "Terror")


def _chain_steps(state: GameState, faction: Faction, here: int) -> list[int]:
    """Departments a chain may enter next from ``here``; the Government's cubes may not
    enter FARC Zones (1.4.2)."""
    return [
        a
        for a in SPACES[here].adjacent
        if state.in_play(a)
        and SPACES[a].is_department
        and not (faction is GOVT and state.farc_zone[a])
    ]


def _chain_can_end(
    state: GameState, faction: Faction, origin: int, here: int, left: int
) -> bool:
    """Whether a chain now at ``here`` (a Department entered) can end, now or within
    ``left`` more Departments, in a space other than ``origin`` with room for the moving
    pieces (Ecuador, card 33): the Event moves at least 1 piece (readings.md#r-69-moves)."""
    if here != origin and state.room(here, faction) > 0:
        return True
    return left > 0 and any(
        _chain_can_end(state, faction, origin, a, left - 1)
        for a in _chain_steps(state, faction, here)
    )


def _chain(
    state: GameState, chooser: Chooser, faction: Faction, origin: int, card: str
) -> list[int]:
    """Up to 3 Departments, each adjacent to the one before (the first to ``origin``),
    ending in a space other than ``origin`` where the pieces fit: each step offers only
    Departments from which such an end is reachable, and the chain may stop only there."""
    path: list[int] = []
    here = origin
    for i in range(3):
        left = 2 - i
        nexts = [
            a for a in _chain_steps(state, faction, here)
            if _chain_can_end(state, faction, origin, a, left)
        ]
        may_stop = i > 0 and here != origin and state.room(here, faction) > 0
        step = ask_one(
            chooser,
            state,
            "spaces",
            nexts,
            f"{card}: next Department of the chain?",
            optional=may_stop,
        )
        if step is None:
            break
        path.append(int(step))
        here = step
    return path


def _riverine_move(state: GameState, ctx: Context, chooser: Chooser, card: str) -> int | None:
    """The move of Riverines & Fast Boats; returns the final space (None: no move)."""
    f = ctx.faction
    kinds = list(CUBES) if f is GOVT else guerrilla_kinds([f])
    origins = _spaces(
        state,
        lambda s: any(state.count(s.id, k) for k in kinds)
        and any(_chain_can_end(state, f, s.id, a, 2) for a in _chain_steps(state, f, s.id)),
    )
    origin = ask_one(chooser, state, "spaces", origins, f"{card}: move from which space?")
    if origin is None:
        return None
    path = _chain(state, chooser, f, origin, card)
    if not path:
        return None
    first, second = (state.count(origin, k) for k in kinds)
    final = path[-1]
    room = state.room(final, f)  # Ecuador (card 33): at most 2 pieces per Faction
    if room <= 0:
        return None
    first, second = min(first, room), min(second, room)
    a = _ask_number(
        chooser, state, 0 if second else 1, first, f"{card}: how many {kinds[0].label}?"
    )
    b = _ask_number(
        chooser, state, 0 if a else 1, min(second, room - a), f"{card}: how many {kinds[1].label}?"
    )
    if f is GOVT:
        state.move(origin, final, Piece.TROOPS, a)
        state.move(origin, final, Piece.POLICE, b)
    else:
        ships = _ask_shipments(chooser, state, f, origin, card, f)
        _move_guerrillas(state, f, origin, final, a, b, ships)
    route = ", ".join(space_name(s) for s in path)
    ctx.say(
        f"{card}: move {listed((a, kinds[0].label), (b, kinds[1].label))} from "
        f"{space_name(origin)} through {route}"
    )
    return final


def _probe(state: GameState, faction: Faction, name: str, space: int) -> bool:
    """Whether a free ``name`` Operation in ``space`` is possible for ``faction``."""
    if name == "Rally":
        return bool(insurgent_ops.rally_actions(state, faction, space))
    if name == "Attack":
        return insurgent_ops.attack_problem(state, faction, space) is None
    if name == "Terror":
        return insurgent_ops.terror_problem(state, faction, space) is None
    probe: Operation = {
        "Train": coin_ops.Train(selected=(space,)),
        "Sweep": coin_ops.Sweep(selected=(space,)),
        "Assault": coin_ops.Assault(selected=(space,)),
    }[name]
    return _legal(state, probe, faction)


def _free_train(state: GameState, chooser: Chooser, space: int, why: str) -> Operation:
    cap = coin_ops.train_cube_capacity(state, space)
    troops = _ask_number(
        chooser,
        state,
        0,
        min(cap, state.available(Piece.TROOPS)),
        f"{why}: Train places how many Troops?",
    )
    police = _ask_number(
        chooser,
        state,
        0,
        min(cap - troops, state.available(Piece.POLICE)),
        f"{why}: Train places how many Police?",
    )
    train = coin_ops.Train(selected=(space,), place=((space, troops, police),))
    after = state.clone()
    train.execute(after, Context(faction=GOVT, free=True))
    thens = ["no more"]
    if coin_ops.train_base_problem(after, space) is None:
        thens.append("Base")
    steps = min(
        coin_ops.civic_action_capacity(after, space),
        after.resources[GOVT] // CIVIC_ACTION_COST,
    )
    if steps > 0:
        thens.append("Civic Action")
    then = ask_one(chooser, state, "option", thens, f"{why}: then a Base or Civic Action?")
    if then == "Base":
        mixes = [
            t
            for t in range(coin_ops.BASE_CUBES + 1)
            if coin_ops.train_base_problem(after, space, t) is None
        ]
        t = ask_one(chooser, state, "number", mixes, f"{why}: how many Troops among the 3 cubes?")
        return coin_ops.Train(selected=(space,), place=train.place, base=space, base_troops=t)
    if then == "Civic Action":
        n = _ask_number(chooser, state, 1, steps, f"{why}: how many Civic Action steps?")
        return coin_ops.Train(selected=(space,), place=train.place, civic=space, civic_steps=n)
    return train


def _activations(
    state: GameState, chooser: Chooser, space: int, capacity: int, why: str
) -> tuple[tuple[int, int, int], ...]:
    """The Government's Activation choice for a Sweep in ``space`` (1.4.1): the targeted
    Factions, then (if the cubes cannot Activate them all) Guerrilla by Guerrilla."""
    under = {f: state.underground(space, f) for f in INSURGENTS}
    present = [int(f) for f in INSURGENTS if under[f] and f is not senado_immune(state)]
    if capacity <= 0 or not present:
        return ()
    answer = chooser.choose(
        state,
        Choice(
            "factions",
            tuple(present),
            1,
            len(present),
            f"{why}: Activate which Factions' Guerrillas?",
        ),
    )
    targeted = [Faction(f) for f in answer]
    plan = {f: under[f] for f in targeted}
    if sum(plan.values()) > capacity:
        plan = dict.fromkeys(targeted, 0)
        for _ in range(capacity):
            left = [int(f) for f in targeted if plan[f] < under[f]]
            pick = Faction(ask_one(chooser, state, "factions", left, f"{why}: Activate whose?"))
            plan[pick] += 1
    return tuple((space, int(f), n) for f, n in plan.items())


def _free_sweep(state: GameState, chooser: Chooser, space: int, why: str) -> Operation:
    moves: list[tuple[int, int, tuple[int, ...]]] = []
    # only what stacking lets in is offered (1.4.2: Ecuador holds 2 Government pieces,
    # card 33, counting those the chain of #69 just moved there)
    room = state.capacity(space, Piece.TROOPS)
    for src, path in sorted(coin_ops.sweep_sources(state, space).items()):
        n = _ask_number(
            chooser,
            state,
            0,
            min(state.troops(src), room),
            f"{why}: Sweep moves how many Troops in from {space_name(src)}?",
        )
        room -= n
        if n:
            moves.append((int(Piece.TROOPS), n, path))
    if state.capability(NDSC) == UNSHADED and room > 0:
        sources = sorted(coin_ops.sweep_sources(state, space, Piece.POLICE).items())
        # its own name: the Troops' loop above made ``src`` an int, which a compiled
        # build checks at run time, and this answer may be None (declined, or no source)
        police_from = ask_one(
            chooser,
            state,
            "spaces",
            [s for s, _ in sources],
            f"{why}: 1 Police Sweeps in from where?",
            optional=True,
        )
        if police_from is not None:
            moves.append((int(Piece.POLICE), 1, dict(sources)[police_from]))
    after = state.clone()
    for kind, n, path in moves:
        after.move(path[0], path[-1], Piece(kind), n)
    capacity = coin_ops.sweep_activation_capacity(after, space)
    activate = _activations(after, chooser, space, capacity, why)
    return coin_ops.Sweep(selected=(space,), moves=tuple(moves), activate=activate)


def _assault_options(state: GameState, space: int) -> list[int]:
    """Pieces an Assault may remove next in ``space``: Active Guerrillas, and the Bases of
    Factions without Guerrillas there (3.2.4, Bases last)."""
    factions = [f for f in INSURGENTS if f is not senado_immune(state)]
    out = [int(ACTIVE_OF[f]) for f in factions if state.active(space, f)]
    out += [
        int(BASE_OF[f])
        for f in factions
        if state.bases(space, f) and not state.guerrillas(space, f)
    ]
    return out


def _free_assault(state: GameState, chooser: Chooser, space: int, why: str) -> Operation:
    """Removal by removal; once a Faction is targeted, its pieces go as long as the cubes
    can remove them (1.4.1), and the first removal is compulsory."""
    sim = state.clone()
    order: list[int] = []
    targeted: set[Faction] = set()
    while len(order) < coin_ops.assault_capacity(state, space):
        options = _assault_options(sim, space)
        must = not targeted or any(Piece(k).faction in targeted for k in options)
        kind = ask_one(
            chooser,
            state,
            "pieces",
            options,
            f"{why}: Assault removes which piece?",
            optional=not must,
        )
        if kind is None:
            break
        sim.remove(space, Piece(kind))
        targeted.add(Piece(kind).faction)
        order.append(int(kind))
    return coin_ops.Assault(selected=(space,), removals=((space, tuple(order)),))


def _free_rally(
    state: GameState, chooser: Chooser, faction: Faction, space: int, why: str
) -> Operation:
    action = ask_one(
        chooser,
        state,
        "option",
        insurgent_ops.rally_actions(state, faction, space),
        f"{why}: Rally how?",
    )
    if action == insurgent_ops.RALLY_PLACE:
        limit = insurgent_ops.rally_place_limit(state, faction, space)
        may_skip = not state.available_guerrillas(faction) or state.bases(space, faction)
        n = _ask_number(
            chooser, state, 0 if may_skip else 1, limit, f"{why}: Rally places how many Guerrillas?"
        )
        return insurgent_ops.rally_in(space, action, n)
    if action == insurgent_ops.RALLY_BASE:
        lo = max(0, 2 - state.underground(space, faction))
        hi = min(2, state.active(space, faction))
        n = _ask_number(chooser, state, lo, hi, f"{why}: how many Active among the 2?")
        return insurgent_ops.rally_in(space, action, n)
    moves = _regroup_moves(state, chooser, faction, space, why)
    return insurgent_ops.rally_in(space, action, 0, moves)


def _regroup_moves(
    state: GameState, chooser: Chooser, faction: Faction, space: int, why: str
) -> tuple[tuple[int, int, int, int], ...]:
    """Regroup moves into ``space`` (3.3.1): source by source, until the Faction stops."""
    moves: list[tuple[int, int, int, int]] = []
    used: set[int] = {space}
    room = state.room(space, faction)  # Ecuador (card 33): at most 2 pieces per Faction
    while room > 0:
        sources = [
            s
            for s in _spaces(state, lambda s: state.guerrillas(s.id, faction) > 0)
            if s not in used
        ]
        src = ask_one(
            chooser,
            state,
            "spaces",
            sources,
            f"{why}: Rally moves Guerrillas in from?",
            optional=True,
        )
        if src is None:
            return tuple(moves)
        used.add(src)
        under = min(state.underground(src, faction), room)
        active = min(state.active(src, faction), room)
        u = _ask_number(chooser, state, 0 if active else 1, under, f"{why}: how many Underground?")
        a = _ask_number(
            chooser, state, 0 if u else 1, min(active, room - u), f"{why}: how many Active?"
        )
        room -= u + a
        ships = _ask_number(
            chooser,
            state,
            0,
            len(state.shipments_at(src, faction)),
            f"{why}: Shipments carried along?",
        )
        moves.append((int(src), u, a, ships))
    return tuple(moves)


def _free_attack(
    state: GameState, chooser: Chooser, faction: Faction, space: int, why: str
) -> Operation:
    options = insurgent_ops.attack_target_options(state, faction, space)
    first = ask_one(
        chooser,
        state,
        "pieces",
        sorted({int(t[0]) for t in options}),
        f"{why}: Attack removes which piece first (if it succeeds)?",
    )
    seconds = sorted({int(t[1]) for t in options if len(t) == 2 and t[0] == first})
    second = ask_one(
        chooser,
        state,
        "pieces",
        seconds,
        f"{why}: and which second?",
        optional=(Piece(first),) in options,
    )
    kinds = (first,) if second is None else (first, second)
    return insurgent_ops.Attack(targets=(insurgent_ops.attack_in(space, *kinds),))


def _free_op_in(state: GameState, ctx: Context, chooser: Chooser, space: int, card: str) -> None:
    """A free Operation other than Patrol or March with ``space`` as its only selected
    space (5.5), if the executing Faction wants one."""
    f = ctx.faction
    possible = free_operations(state, f, space)
    name = ask_one(
        chooser,
        state,
        "option",
        possible,
        f"{card}: free Operation in {space_name(space)}?",
        optional=True,
    )
    if name is None:
        return
    why = f"{card}: free {name} in {space_name(space)}"
    op: Operation
    if name == "Train":
        op = _free_train(state, chooser, space, why)
    elif name == "Sweep":
        op = _free_sweep(state, chooser, space, why)
    elif name == "Assault":
        op = _free_assault(state, chooser, space, why)
    elif name == "Rally":
        op = _free_rally(state, chooser, f, space, why)
    elif name == "Attack":
        op = _free_attack(state, chooser, f, space, why)
    else:
        op = insurgent_ops.terror_in(space)
    op.execute(state, free_context(state, ctx, chooser, f))


@event(69, UNSHADED)
def riverines_fast_boats(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#69 Riverines & Fast Boats: Move any of your cubes or Guerrillas from 1 space through
    a chain of up to 3 adjacent Depts. You then may execute a free Op other than Patrol or
    March within the final space.

    Asks: the origin, the Departments of the chain one by one (the first compulsory; the
    chain ends in a space other than the origin, so at least 1 piece moves,
    readings.md#r-69-moves), how many of each kind move (at least 1; Guerrillas also
    Shipments carried), then the optional free Operation (Government: Train, Sweep,
    Assault; Insurgents: Rally, Attack, Terror) with the final Department as its one
    selected space and its own choices. The moving pieces do not Activate (3.3.2 NOTE)."""
    card = "#69 Riverines & Fast Boats"
    final = _riverine_move(state, ctx, chooser, card)
    if final is None:
        return _nothing(ctx, card)
    _free_op_in(state, ctx, chooser, final, card)
    return None


# ======================================================================================
# 70 Ayahuasca Tourism
# ======================================================================================
@event(70, UNSHADED)
def ayahuasca_tourism_unshaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#70 Ayahuasca Tourism (unshaded): Eco-tourism helps trade balance: Government
    Resources +6 for each Forest without Guerrillas."""
    empty = [s for s in forests(state) if not state.all_guerrillas(s)]
    gained = state.add_resources(GOVT, 6 * len(empty))
    ctx.say(
        f"#70 Ayahuasca Tourism: {len(empty)} Forests without Guerrillas: "
        f"Government Resources +{gained}"
    )


@event(70, SHADED)
def ayahuasca_tourism_shaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#70 Ayahuasca Tourism (shaded): Eco-tourists taken: A Faction executes free Terror
    with any 1 Guerrilla in each Forest and gets +3 Resources per Terror.

    The executing Faction picks the Insurgent Faction (only Insurgents Terror, 5.1.1);
    that Faction Terrors in every Forest where it has a Guerrilla, using an Active one
    (not Activated again, 5.1.1) or an Underground one (which turns Active) as it
    chooses. AUC Terror cuts Aid (3.3.4)."""
    card = "#70 Ayahuasca Tourism"
    woods = forests(state)
    factions = [int(f) for f in INSURGENTS if any(state.guerrillas(s, f) for s in woods)]
    if not factions:
        return _nothing(ctx, card)
    f = Faction(ask_one(chooser, state, "factions", factions, f"{card}: which Faction Terrors?"))
    fctx = free_context(state, ctx, chooser, f)
    spaces = [s for s in woods if state.guerrillas(s, f)]
    for space in spaces:
        kind = ask_one(
            chooser,
            state,
            "pieces",
            _kinds_in(state, space, guerrilla_kinds([f])),
            f"{card}: Terror in {space_name(space)} with which Guerrilla?",
            decider=f,
        )
        insurgent_ops.resolve_terror(state, fctx, space, activate=kind == UNDERGROUND_OF[f])
    gained = state.add_resources(f, 3 * len(spaces))
    ctx.say(f"{card}: {f.label} Resources +{gained}")
    if f is AUC:
        insurgent_ops.aid_cut(state, fctx, len(spaces))
    return None


# ======================================================================================
# 71 Darién
# ======================================================================================
@event(71, UNSHADED)
def darien_unshaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#71 Darién (unshaded): Arms traffic interdicted: Remove a Guerrilla from Chocó; its
    Faction suffers -5 Resources."""
    card = "#71 Darién"
    choco = MAP.id_of("Chocó")
    kind = ask_one(
        chooser,
        state,
        "pieces",
        _kinds_in(state, choco, GUERRILLA_KINDS),
        f"{card}: remove which Guerrilla from Chocó?",
    )
    if kind is None:
        return _nothing(ctx, card)
    kind = Piece(kind)
    state.remove(choco, kind)
    lost = state.add_resources(kind.faction, -5)
    ctx.say(f"{card}: remove {counted(1, kind.label)} from Chocó; "
            f"{kind.faction.label} Resources {lost:+d}")
    return None


@event(71, SHADED)
def darien_shaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#71 Darién (shaded): Border sanctuary: Place 1-2 Bases in Panamá. It is a 0 Pop
    Forest. Sweep does not Activate Guerrillas there.

    Panamá becomes a space (1.3.5); the executing Faction chooses whose Bases (any
    Faction's Available Bases), the second one optional."""
    card = "#71 Darién"
    panama = PANAMA
    if panama not in state.foreign_in_play:
        state.foreign_in_play.append(panama)
        ctx.say(f"{card}: Panamá is now a 0 Population Forest Department (1.3.5)")
    for i in range(2):
        owners = [int(f) for f in Faction if state.can_place(panama, BASE_OF[f])]
        owner = ask_one(
            chooser,
            state,
            "factions",
            owners,
            f"{card}: place whose Base in Panamá?",
            optional=i > 0,
        )
        if owner is None:
            return
        state.place(panama, BASE_OF[Faction(owner)])
        ctx.say(f"{card}: place a {Faction(owner).label} Base in Panamá")


# ======================================================================================
# 72 Sicarios
# ======================================================================================
@event(72, UNSHADED)
def sicarios_unshaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#72 Sicarios (unshaded): Hired drug guns unreliable: Replace all Cartels Guerrillas
    in 2 spaces with other Guerrillas (FARC and/or AUC, as many as are Available and
    stacking lets in, 5.1.1; the executing Faction says how many are FARC).

    The 2 spaces are asked one at a time, each replaced before the next is asked, so when
    Guerrillas run short the chooser sees which space gets them. Offered first: spaces
    where stacking lets every replacement in (Ecuador holds 2 pieces per Faction, card 33;
    5.1.3)."""
    card = "#72 Sicarios"

    def room(space: int, faction: Faction) -> int:
        return state.capacity(space, UNDERGROUND_OF[faction])

    def score(space: int) -> tuple[int, int]:
        n = state.guerrillas(space, CARTELS)
        return (1, min(n, room(space, FARC) + room(space, AUC)) - n)

    def replace(space: int) -> None:
        n = state.guerrillas(space, CARTELS)
        farc = min(state.available_guerrillas(FARC), room(space, FARC))
        auc = min(state.available_guerrillas(AUC), room(space, AUC))
        total = min(n, farc + auc)
        k = _ask_number(
            chooser,
            state,
            max(0, total - auc),
            min(total, farc),
            f"{card}: how many of the {total} replacements in {space_name(space)} are FARC?",
        )
        state.place(space, Piece.FARC_UNDERGROUND, k)
        state.place(space, Piece.AUC_UNDERGROUND, total - k)
        for kind in guerrilla_kinds([CARTELS]):
            state.remove(space, kind, state.count(space, kind))
        ctx.say(
            f"{card}: replace {counted(n, 'Cartels Guerrilla')} in {space_name(space)} with "
            f"{listed((k, 'FARC Guerrilla'), (total - k, 'AUC Guerrilla'))}"
        )

    spaces = _spaces(state, lambda s: state.guerrillas(s.id, CARTELS) > 0)
    why = f"{card}: replace the Cartels Guerrillas in which space ({{i}} of {{n}})?"
    ask_spaces_in_turn(chooser, state, spaces, 2, score, why, replace)


@event(72, SHADED)
def sicarios_shaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#72 Sicarios (shaded): Unemployed ready to work for syndicates: Place all available
    Cartels Guerrillas into spaces with Cartels Bases (the executing Faction picks a space
    for each)."""
    card = "#72 Sicarios"
    n = state.available_guerrillas(CARTELS)
    spaces = _spaces(state, lambda s: state.bases(s.id, CARTELS) > 0)
    if not n or not spaces:
        return _nothing(ctx, card)
    # Ecuador (card 33) takes only 2 Cartels pieces: never offered beyond its room (1.4.2)
    why = f"{card}: place each of the {n} Cartels Guerrillas where?"
    answer = distribute(
        chooser, state, spaces, n, lambda s: state.capacity(s, Piece.CARTELS_UNDERGROUND), why
    )
    for space in answer:
        state.place(space, Piece.CARTELS_UNDERGROUND)
    for space in sorted(set(answer)):
        ctx.say(f"{card}: place {counted(answer.count(space), 'Cartels Guerrilla')} in "
                f"{space_name(space)}")
    return None
