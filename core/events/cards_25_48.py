"""Event cards 25-48: both texts of each card (5.0), registered by number.

Card texts of record: the printed 2nd-edition cards, ``core/data/cards.json`` (shown by
``andean cards --text N``); each function's docstring quotes the side it implements.

How the cards are written
-------------------------
Each side is one small function quoting its text. Every choice the text leaves open is
asked through the ``chooser`` (5.1: the executing Faction decides unless the text names
another Faction; a Faction executing an Operation or Special Activity by Event makes the
selections within it, 5.1 EXAMPLE). Questions are asked in the order each docstring lists
under "Asks"; that order is the replay format. Options offered are exactly the legal ones
at that moment, so any answer from them is legal, and a question with a single forced
answer is not asked at all.

Events do as much of their text as they can (5.1.3) and never raise for what cannot be
done: pieces are placed only if Available and within stacking (5.1.1, 1.4.1, 1.4.2),
Resources and Aid stay within their bounds (1.7). Where a space is chosen for a placement,
only spaces where the most of the text can be done are offered ("as fully as possible").

Operations and Special Activities granted by these Events are free (5.5) and reuse the
rules modules (``resolve_attack``, ``resolve_terror``, ``March``, the Government Special
Activity commands, ``place_farc_zone``). Sweeps and Assaults ordered by an Event's own
text take precedence over Momentum that forbids them (5.1.2: Madrid Donors, Senado &
Cámara), so they are resolved here with the capacity helpers of :mod:`core.rules.coin_ops`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from functools import partial
from typing import Any

from core.cards import SHADED, UNSHADED
from core.commands import Context
from core.events.choice import (
    Chooser,
    ask_one,
    ask_space,
    ask_spaces_in_turn,
    best,
    best_n,
    fits,
)
from core.events.common import INSURGENT_KINDS, ask, free_context
from core.events.registry import event
from core.map import MAP, MOUNTAIN, space_name
from core.pieces import (
    ACTIVE_OF,
    BASE_OF,
    FACTION_KINDS,
    INSURGENTS,
    UNDERGROUND_OF,
    Faction,
    Piece,
)
from core.rules import coin_ops, govt_special, insurgent_ops
from core.rules.propaganda import (
    farc_zone_candidates,
    place_farc_zone,
    police_destinations,
    troop_destinations,
)
from core.space import BOGOTA, ECUADOR, SPACES
from core.state import SUPPORT_LABELS, GameState
from core.words import counted

GOVT, FARC, AUC, CARTELS = Faction.GOVT, Faction.FARC, Faction.AUC, Faction.CARTELS
PASSIVE_SUPPORT, NEUTRAL, PASSIVE_OPPOSITION = 1, 0, -1
ACTIVE_SUPPORT, ACTIVE_OPPOSITION = 2, -2

#: Piece kinds that may be placed (new Guerrillas always go Underground, 1.4.3).
PLACEABLE_KINDS = (
    Piece.TROOPS,
    Piece.POLICE,
    Piece.GOVT_BASE,
    *(k for f in INSURGENTS for k in (UNDERGROUND_OF[f], BASE_OF[f])),
)
ECUADOR_FACTION_LIMIT = 2  # card 33: no more than 2 pieces per Faction in Ecuador
GRAMAJE_FEE = 6  # card 26 shaded (2nd Ed): Resources per space with Cartels Base and FARC


# ======================================================================================
# asking (thin wrappers over Choice that never offer an illegal answer)
# ======================================================================================
def _spaces(
    chooser: Chooser,
    state: GameState,
    candidates: Iterable[int],
    n: int,
    why: str,
    *,
    up_to: bool = False,
    decider: Faction | None = None,
    score: Callable[[int], Any] | None = None,
) -> list[int]:
    """``n`` distinct spaces among ``candidates`` (all of them if fewer); 0-``n`` if
    ``up_to``. With ``score`` (how much of the text a space allows), only the spaces
    where something can be done are offered and, for exactly ``n``, the best ranked are
    taken, only the choice among those tied at the cut being asked
    (:func:`core.events.choice.best_n`, 5.1.3)."""
    if score is not None and up_to:  # "up to": every space where something can be done
        candidates = [c for c in candidates if score(c)]
    elif score is not None:
        sure, tied = best_n(candidates, n, score)
        return sure + _spaces(chooser, state, tied, n - len(sure), why, decider=decider)
    return ask(
        chooser, state, "spaces", candidates, why, lo=0 if up_to else n, hi=n, decider=decider
    )


def _pick_piece(
    chooser: Chooser,
    state: GameState,
    space: int,
    kinds: Iterable[Piece],
    why: str,
    *,
    optional: bool = False,
    decider: Faction | None = None,
) -> Piece | None:
    """One piece kind among ``kinds`` present in ``space`` (None if none or declined)."""
    options = [int(k) for k in kinds if state.count(space, k)]
    value = ask_one(chooser, state, "pieces", options, why, optional=optional, decider=decider)
    return None if value is None else Piece(value)


def _faction(
    chooser: Chooser, state: GameState, factions: Iterable[Faction], why: str
) -> Faction | None:
    value = ask_one(chooser, state, "factions", [int(f) for f in factions], why)
    return None if value is None else Faction(value)


# ======================================================================================
# small board helpers
# ======================================================================================
def _in_play(state: GameState, spaces: Iterable[Any]) -> list[int]:
    return [s.id for s in spaces if state.in_play(s.id)]


def _departments(state: GameState) -> list[int]:
    """Departments in play (Ecuador and Panamá once Events make them spaces, 1.3.5)."""
    return [s.id for s in SPACES if s.is_department and state.in_play(s.id)]


def _shift_to(state: GameState, ctx: Context, space: int, level: int, card: str) -> None:
    """Set a populated space's Support/Opposition to ``level`` (1.6)."""
    state.set_support(space, level)
    ctx.say(f"{card}: {space_name(space)} to {SUPPORT_LABELS[state.support[space]]}")


def _shift_by(state: GameState, ctx: Context, space: int, steps: int, card: str) -> None:
    """Shift ``steps`` levels (+ toward Active Support, - toward Active Opposition)."""
    if state.shift(space, steps):
        ctx.say(f"{card}: shift {space_name(space)} to {SUPPORT_LABELS[state.support[space]]}")


def _resources(state: GameState, ctx: Context, faction: Faction, n: int, card: str) -> None:
    """Add (or subtract) Resources within 0-99 (1.7)."""
    change = state.add_resources(faction, n)
    ctx.say(f"{card}: {faction.label} Resources {change:+d} (now {state.resources[faction]})")


def _aid(state: GameState, ctx: Context, n: int, card: str) -> None:
    """Add (or subtract) Aid within 0-29 (1.7)."""
    change = state.add_aid(n)
    ctx.say(f"{card}: Aid {change:+d} (now {state.aid})")


def _remove_all(
    state: GameState, ctx: Context, space: int, kinds: Iterable[Piece], card: str
) -> None:
    """Remove every piece of ``kinds`` in ``space`` to Available (1.4.1)."""
    for kind in kinds:
        n = state.count(space, kind)
        if n:
            state.remove(space, kind, n)
            ctx.say(f"{card}: remove {counted(n, kind.label)} from {space_name(space)}")


def _remove_picked(
    state: GameState,
    ctx: Context,
    chooser: Chooser,
    space: int,
    kinds: tuple[Piece, ...],
    n: int,
    why: str,
    card: str,
    *,
    up_to: bool,
    decider: Faction | None = None,
) -> int:
    """Remove ``n`` (or, ``up_to``, 0-``n``) pieces of ``kinds`` from ``space``, asking
    one piece at a time (a declined answer ends an "up to" removal). Returns how many."""
    removed = 0
    for _ in range(n):
        kind = _pick_piece(chooser, state, space, kinds, why, optional=up_to, decider=decider)
        if kind is None:
            break
        state.remove(space, kind, 1)
        removed += 1
        ctx.say(f"{card}: remove {counted(1, kind.label)} from {space_name(space)}")
    return removed


def _place(state: GameState, ctx: Context, space: int, kind: Piece, n: int, card: str) -> int:
    """Place up to ``n`` of ``kind`` as availability and stacking allow (5.1.1)."""
    placed = state.place_up_to(space, kind, n)
    if placed:
        label = f"{kind.faction.label} Guerrilla" if kind.is_guerrilla else kind.label
        ctx.say(f"{card}: place {counted(placed, label)} in {space_name(space)}")
    return placed


def _room(state: GameState, space: int, kind: Piece, n: int) -> int:
    """How many of ``kind`` (up to ``n``) could be placed in ``space`` now (5.1.1)."""
    trial = state.clone()
    return trial.place_up_to(space, kind, n)


#: The candidates where the most of the text can be done (5.1.3): the shared primitive.
_best = best


# ======================================================================================
# Operations by Event (5.5): Attack and Ambush removals, Assault, FARC Zones
# ======================================================================================
def _non_base(row: list[int], faction: Faction) -> int:
    return sum(row[k] for k in FACTION_KINDS[faction] if not k.is_base)


def _attack_picks(
    chooser: Chooser,
    state: GameState,
    attacker: Faction,
    space: int,
    why: str,
    only: Faction | None = None,
) -> tuple[int, ...]:
    """The enemy pieces (1-2 kinds, in order) a successful Attack or Ambush of
    ``attacker`` removes in ``space`` (3.3.3), chosen by the attacker one at a time:
    Underground Guerrillas included, a Faction's Bases only after its cubes or
    Guerrillas, and a targeted Faction loses 2 pieces if it can (1.4.1). ``only``
    restricts the targets to one Faction (e.g. "Attack FARC")."""
    row = state.row(space)
    picks: list[int] = []
    for i in range(2):
        options = [
            int(k)
            for k in Piece
            if k.faction is not attacker
            and (only is None or k.faction is only)
            and row[k]
            and not (k.is_base and _non_base(row, k.faction))
        ]
        first = Piece(picks[0]).faction if picks else None
        must = i == 0 or (first is not None and any(row[k] for k in FACTION_KINDS[first]))
        kind = ask_one(chooser, state, "pieces", options, why, optional=not must, decider=attacker)
        if kind is None:
            break
        picks.append(kind)
        row[kind] -= 1
    return tuple(picks)


def _assault_options(state: GameState, space: int, factions: Iterable[Faction]) -> list[int]:
    """Piece kinds an Assault may remove next (3.2.4): Active Guerrillas, and the Bases of
    Factions with no Guerrilla left there ("Bases last")."""
    out: list[int] = []
    for f in factions:
        if state.active(space, f):
            out.append(int(ACTIVE_OF[f]))
        elif state.guerrillas(space, f) == 0 and state.bases(space, f):
            out.append(int(BASE_OF[f]))
    return out


def _event_assault(
    state: GameState,
    ctx: Context,
    chooser: Chooser,
    space: int,
    capacity: int,
    factions: tuple[Faction, ...],
    card: str,
) -> None:
    """A free Assault (3.2.4, 5.5) in ``space`` removing up to ``capacity`` pieces of
    ``factions``, the Government choosing piece by piece. Once a Faction is targeted it
    loses as many as possible (1.4.1); at least one Faction is targeted if any can be.
    Drug Bust: +6 Aid per Shipment removed (3.2.5)."""
    targeted: set[Faction] = set()
    lost = 0
    for _ in range(capacity):
        options = _assault_options(state, space, factions)
        must = not targeted or any(Piece(k).faction in targeted for k in options)
        value = ask_one(
            chooser,
            state,
            "pieces",
            options,
            f"{card}: Assault in {space_name(space)}: remove which piece?",
            optional=not must,
            decider=GOVT,
        )
        if value is None:
            break
        kind = Piece(value)
        lost += state.remove(space, kind, 1)
        targeted.add(kind.faction)
        ctx.say(f"{card}: Assault in {space_name(space)}: remove {counted(1, kind.label)}")
    if lost:
        gained = state.add_aid(coin_ops.DRUG_BUST_AID * lost)
        ctx.say(f"Drug Bust in {space_name(space)}: {counted(lost, 'Shipment')} removed, "
                f"Aid +{gained}")


def _sweep_activate(
    state: GameState, ctx: Context, space: int, capacity: int, faction: Faction, card: str
) -> None:
    """A free Sweep's Activation (3.2.3) of ``faction`` only, to the cubes' capacity."""
    flipped = state.activate(space, faction, capacity)
    ctx.say(
        f"{card}: Sweep in {space_name(space)}: "
        f"Activate {counted(flipped, f'{faction.label} Guerrilla')}"
    )


def _farc_base_fits_in_zone(state: GameState, space: int) -> bool:
    """Whether a FARC Base could be placed in ``space`` once it is a FARC Zone (its
    Government Bases removed, 6.4.4; stacking and availability, 1.4.1-1.4.2)."""
    trial = state.clone()
    trial.remove(space, Piece.GOVT_BASE, trial.bases(space, GOVT))
    return trial.can_place(space, Piece.FARC_BASE)


def _government_places_farc_zone(
    state: GameState,
    ctx: Context,
    chooser: Chooser,
    card: str,
    terrain: str | None = None,
    *,
    with_base: bool = False,
) -> int | None:
    """The Government places a FARC Zone (6.4.4): it picks among the Departments (of
    ``terrain``) with the most FARC pieces, then Redeploys each cube there (one answer per
    cube, Control judged as the Zone is placed, 6.5). ``with_base`` (cards 30 shaded and
    36, 2nd Ed): 1 FARC Base is placed there too, so only the candidates where it fits are
    offered if any (5.1.3). Returns the space, or None."""
    why = f"{card}: place the FARC Zone in which Department?"
    space = ask_space(
        chooser, state, farc_zone_candidates(state, terrain),
        lambda s: 1 + (with_base and _farc_base_fits_in_zone(state, s)), why, decider=GOVT,
    )
    if space is None:
        return None
    allowed = {
        Piece.TROOPS: troop_destinations(state, exclude=space),
        Piece.POLICE: police_destinations(state, exclude=space),
    }
    moves: list[tuple[int, int, int]] = []
    planned: Counter[int] = Counter()
    for kind in coin_ops.CUBES:
        n = state.count(space, kind)
        where = f"{card}: Redeploy {n} {kind.label} from {space_name(space)} where (1 per cube)?"
        # Ecuador (card 33) takes only 2 Government pieces: offer it only with room for all n
        options = [d for d in allowed[kind] if state.room(d, GOVT) - planned[d] >= n]
        dests = ask(
            chooser, state, "spaces", options, where, lo=n, hi=n, decider=GOVT, repeat=True
        )
        planned.update(dests)
        moves += [(int(kind), dst, k) for dst, k in sorted(Counter(dests).items())]
    place_farc_zone(state, space, tuple(moves), ctx.say, terrain)
    if with_base:
        _place(state, ctx, space, Piece.FARC_BASE, 1, card)
    return space


# ======================================================================================
# 25 Ejército de Liberación Nacional
# ======================================================================================
ELN = "#25 Ejército de Liberación Nacional"


@event(25, UNSHADED)
def eln_unshaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#25 ELN (unshaded): "ELN and FARC jockey: Remove all FARC pieces from 1 Mountain."

    Asks: the Mountain Department (one with FARC pieces).
    """
    why = f"{ELN}: remove FARC from which Mountain?"
    space = ask_space(
        chooser, state, _departments(state),
        lambda s: SPACES[s].terrain == MOUNTAIN and state.faction_pieces(s, FARC) > 0, why,
    )
    if space is not None:
        _remove_all(state, ctx, space, FACTION_KINDS[FARC], ELN)


def _eln_room(state: GameState, space: int) -> int:
    """FARC pieces (at most 3) that fit in ``space``: Guerrillas plus Bases."""
    bases = _room(state, space, Piece.FARC_BASE, 3)
    return min(3, bases + state.available_guerrillas(FARC))


@event(25, SHADED)
def eln_shaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#25 ELN (shaded): "ELN and FARC coordinate ops: Place any 3 FARC pieces into
    Antioquia or an adjacent Department."

    All 3 go into one space (the text names a single destination), one where the most of
    them fit. Asks: the space; then how many of the 3 are Bases (each choice places as
    many pieces as possible, Guerrillas making up the rest, 1.4.1).
    """
    antioquia = MAP.id_of("Antioquia")
    around = [a for a in SPACES[antioquia].adjacent if SPACES[a].is_department and state.in_play(a)]
    space = ask_space(
        chooser, state, [antioquia, *around], lambda s: _eln_room(state, s),
        f"{ELN}: place 3 FARC pieces where?",
    )
    if space is None:
        return
    total = _eln_room(state, space)
    guerrillas = state.available_guerrillas(FARC)
    mixes = [
        b for b in range(_room(state, space, Piece.FARC_BASE, 3) + 1)
        if b + min(3 - b, guerrillas) == total
    ]
    bases = ask_one(chooser, state, "number", mixes, f"{ELN}: how many of the 3 are Bases?")
    _place(state, ctx, space, Piece.FARC_BASE, bases, ELN)
    _place(state, ctx, space, Piece.FARC_UNDERGROUND, total - bases, ELN)


# ======================================================================================
# 26 Gramaje
# ======================================================================================
GRAMAJE = "#26 Gramaje"


@event(26, UNSHADED)
def gramaje_unshaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#26 Gramaje (unshaded): "FARC protection rejected: All Cartels Guerrillas in spaces
    with FARC free Attack FARC."

    In every space with Cartels Guerrillas and FARC pieces, the Cartels free Attack (3.3.3,
    5.5) removing only FARC pieces: all Cartels Guerrillas there turn Active, a die roll
    no higher than their number succeeds, a 1 adds a Cartels Guerrilla (Captured Goods).
    Asks (the Cartels decide, 5.1): the order of the spaces; then per space, before its
    roll, the FARC pieces to remove on success (one at a time).
    """
    spaces = [
        s.id for s in state.spaces_in_play()
        if state.guerrillas(s.id, CARTELS) and state.faction_pieces(s.id, FARC)
    ]
    order = ask(
        chooser, state, "spaces", spaces, f"{GRAMAJE}: Attack in which order?",
        lo=len(spaces), hi=len(spaces), decider=CARTELS,
    )
    sub = free_context(state, ctx, chooser, CARTELS)
    for space in order:
        if not (state.guerrillas(space, CARTELS) and state.faction_pieces(space, FARC)):
            continue
        why = f"{GRAMAJE}: Cartels Attack in {space_name(space)}: remove which FARC piece?"
        kinds = _attack_picks(chooser, state, CARTELS, space, why, only=FARC)
        insurgent_ops.resolve_attack(state, sub, space, kinds)


@event(26, SHADED)
def gramaje_shaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#26 Gramaje (shaded): "Schedule of fees: Cartels transfer 6 Resources to FARC for
    each space with Cartels Base and FARC Guerrilla." (2nd Ed: 6, not 3. No more than the
    Cartels have; FARC to at most 99, 1.7.)"""
    n = sum(
        1 for s in state.spaces_in_play()
        if state.bases(s.id, CARTELS) and state.guerrillas(s.id, FARC)
    )
    moved = state.transfer_resources(CARTELS, FARC, GRAMAJE_FEE * n)
    ctx.say(f"{GRAMAJE}: {counted(n, 'space')}: Cartels transfer {moved} Resources to FARC")


# ======================================================================================
# 27 Misil Antiaéreo
# ======================================================================================
MISIL = "#27 Misil Antiaéreo"
AIR_LIFT, AIR_STRIKE, ERADICATE = "Air Lift", "Air Strike", "Eradicate"


def _air_lift_routes(state: GameState) -> dict[int, list[int]]:
    """Air Lift origins with their possible destinations (4.2.1)."""
    dsts = govt_special.air_lift_destinations(state)
    routes = {s: [d for d in dsts if d != s] for s in govt_special.air_lift_origins(state)}
    return {s: d for s, d in routes.items() if d}


def misil_special_options(state: GameState) -> list[str]:
    """The Government Special Activities possible now (for Misil Antiaéreo unshaded)."""
    out = []
    if _air_lift_routes(state):
        out.append(AIR_LIFT)
    if govt_special.air_strike_spaces(state):
        out.append(AIR_STRIKE)
    if govt_special.eradicate_spaces(state):
        out.append(ERADICATE)
    return out


def _ask_special(state: GameState, chooser: Chooser, name: str) -> Any:
    """Build the Government Special Activity ``name`` from the Government's answers."""
    why = f"{MISIL}: {name}"
    if name == AIR_LIFT:
        routes = _air_lift_routes(state)
        src = ask_one(chooser, state, "spaces", sorted(routes), f"{why} from where?", decider=GOVT)
        dst = ask_one(chooser, state, "spaces", routes[src], f"{why} to where?", decider=GOVT)
        limit = govt_special.air_lift_limit(state)
        most = state.troops(src) if limit is None else min(limit, state.troops(src))
        most = min(most, state.room(dst, GOVT))  # Ecuador (card 33): 2 per Faction
        n = ask_one(
            chooser, state, "number", range(1, most + 1), f"{why}: how many Troops?", decider=GOVT
        )
        return govt_special.AirLift(src=src, dst=dst, troops=n)
    if name == AIR_STRIKE:
        spaces = govt_special.air_strike_spaces(state)
        space = ask_one(chooser, state, "spaces", spaces, f"{why} where?", decider=GOVT)
        targets = [int(k) for k in govt_special.air_strike_targets(state, space)]
        target = ask_one(chooser, state, "pieces", targets, f"{why}: remove what?", decider=GOVT)
        return govt_special.AirStrike(space=space, target=target)
    spaces = govt_special.eradicate_spaces(state)
    space = ask_one(chooser, state, "spaces", spaces, f"{why} where?", decider=GOVT)
    shifts = govt_special.eradicate_shift_options(state, space)
    shift = ask_one(chooser, state, "spaces", shifts, f"{why}: shift which Department?",
                     decider=GOVT)
    return govt_special.Eradicate(space=space, shift=shift)


@event(27, UNSHADED)
def misil_unshaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#27 Misil Antiaéreo (unshaded): "FARC MANPADs deemed a myth: Government executes 3
    free Special Activities."

    Three free Government Special Activities one after another (4.2, 5.5), of any types
    (repeats allowed), with no accompanying Operation needed (5.1.1). Asks (the
    Government decides), for each: which Special Activity; then its spaces, Troops or
    target as that Special Activity needs.
    """
    sub = free_context(state, ctx, chooser, GOVT)
    for i in range(3):
        name = ask_one(
            chooser, state, "option", misil_special_options(state),
            f"{MISIL}: free Special Activity {i + 1} of 3?", decider=GOVT,
        )
        if name is None:
            return
        _ask_special(state, chooser, name).execute(state, sub)


@event(27, SHADED)
def misil_shaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#27 Misil Antiaéreo (shaded, Insurgent Momentum): "MANPADs feared: Until next
    Propaganda, no Govt Special Activities where Guerrillas." (The lasting effect is read
    by :mod:`core.rules.govt_special`; run_event keeps the card in play, 5.4.)"""
    ctx.say(f"{MISIL}: until the next Propaganda, no Government Special Activity where "
            "there are Guerrillas")


# ======================================================================================
# 28 Hugo Chávez
# ======================================================================================
CHAVEZ = "#28 Hugo Chávez"


def _remove_up_to_3_insurgents(
    state: GameState, ctx: Context, chooser: Chooser, spaces: list[int], card: str
) -> None:
    """Remove up to 3 Insurgent pieces (any, Bases included) from one of ``spaces``."""
    # "up to 3": complete wherever there is an Insurgent piece (r-most-of-the-text-count)
    space = ask_space(
        chooser, state, spaces, lambda s: any(state.faction_pieces(s, f) for f in INSURGENTS),
        f"{card}: remove pieces from where?",
    )
    if space is not None:
        why = f"{card}: remove which Insurgent piece from {space_name(space)} (up to 3)?"
        _remove_picked(state, ctx, chooser, space, INSURGENT_KINDS, 3, why, card, up_to=True)


@event(28, UNSHADED)
def chavez_unshaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#28 Hugo Chávez (unshaded): "Caracas controls border: Remove up to 3 Insurgent
    pieces from a space next to Venezuela."

    Asks: the space (one with Insurgent pieces); then up to 3 times a piece to remove
    (declining ends the removal).
    """
    spaces = [s.id for s in state.spaces_in_play() if s.borders_venezuela]
    _remove_up_to_3_insurgents(state, ctx, chooser, spaces, CHAVEZ)


@event(28, SHADED)
def chavez_shaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#28 Hugo Chávez (shaded): "Caracas aids rebels: Place a FARC Base in a Dept next to
    Venezuela. Sabotage each empty LoC touching Cúcuta."

    "Empty" LoCs hold no pieces at all. Asks: the Department for the Base (one where it
    fits, 1.4.2).
    """
    depts = [s for s in _departments(state) if SPACES[s].borders_venezuela]
    space = ask_space(
        chooser, state, depts, lambda s: state.can_place(s, Piece.FARC_BASE),
        f"{CHAVEZ}: place a FARC Base where?",
    )
    if space is not None:
        _place(state, ctx, space, Piece.FARC_BASE, 1, CHAVEZ)
    cucuta = MAP.id_of("Cúcuta")
    for loc in SPACES[cucuta].adjacent:
        if SPACES[loc].is_loc and state.total_pieces(loc) == 0 and state.add_sabotage(loc):
            ctx.say(f"{CHAVEZ}: Sabotage {space_name(loc)}")


# ======================================================================================
# 29 Kill Zone
# ======================================================================================
KILL_ZONE = "#29 Kill Zone"


def kill_zone_spaces(state: GameState) -> list[int]:
    """Spaces where Kill Zone (unshaded) does something: Underground FARC to Activate, or
    an Assault that would remove a piece once they are Active."""
    out = []
    for s in state.spaces_in_play():
        if state.underground(s.id, FARC):
            out.append(s.id)
            continue
        capacity = coin_ops.assault_capacity(state, s.id)
        if capacity and _assault_options(state, s.id, INSURGENTS):
            out.append(s.id)
    return out


@event(29, UNSHADED)
def kill_zone_unshaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#29 Kill Zone (unshaded): "Army sniffs out FARC trap: Govt in 1 space Activates all
    FARC and executes free Assault."

    The free Assault (3.2.4, 5.5) may target any Insurgents there and is not stopped by
    Momentum (5.1.2). Asks (the Government decides): the space; then the Assault's
    removals one piece at a time.
    """
    possible = kill_zone_spaces(state)
    space = ask_space(
        chooser, state, possible, lambda s: s in possible, f"{KILL_ZONE}: in which space?",
        decider=GOVT,
    )
    if space is None:
        return
    flipped = state.activate(space, FARC, state.underground(space, FARC))
    ctx.say(f"{KILL_ZONE}: Activate {counted(flipped, 'FARC Guerrilla')} in {space_name(space)}")
    capacity = coin_ops.assault_capacity(state, space)
    _event_assault(state, ctx, chooser, space, capacity, INSURGENTS, KILL_ZONE)


def kill_zone_ambush_spaces(state: GameState, faction: Faction) -> list[int]:
    """Spaces where ``faction`` could Ambush with any Guerrilla (Kill Zone shaded): 1+ of
    its Guerrillas and 1+ enemy piece (3.3.3)."""
    return insurgent_ops.attack_spaces(state, faction)


@event(29, SHADED)
def kill_zone_shaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#29 Kill Zone (shaded): "Tactics lure enemy in: FARC or AUC in a space executes 2
    free Ambushes with any of its Guerrillas without Activating."

    Each Ambush (4.3.2, 5.5) succeeds without a roll, removes up to 2 enemy pieces and
    places an Available Guerrilla of the Ambusher; no Guerrilla is Activated or needs to
    be Underground (5.1.1). Asks: FARC or AUC (among those with a space to Ambush in);
    the space; then (the Ambusher decides) for each Ambush the pieces to remove.
    """
    factions = [f for f in (FARC, AUC) if kill_zone_ambush_spaces(state, f)]
    who = _faction(chooser, state, factions, f"{KILL_ZONE}: FARC or AUC Ambushes?")
    if who is None:
        return
    possible = kill_zone_ambush_spaces(state, who)
    space = ask_space(
        chooser, state, possible, lambda s: s in possible,
        f"{KILL_ZONE}: {who.label} Ambushes in which space?",
    )
    assert space is not None  # ``who`` was offered for having a space to Ambush in
    sub = free_context(state, ctx, chooser, who)
    for i in (1, 2):
        if insurgent_ops.attack_problem(state, who, space) is not None:
            return
        why = f"{KILL_ZONE}: Ambush {i} in {space_name(space)}: remove which piece?"
        kinds = _attack_picks(chooser, state, who, space, why)
        insurgent_ops.resolve_attack(state, sub, space, kinds, ambush=True, activate=False)


# ======================================================================================
# 30 Peace Commission
# ======================================================================================
PEACE = "#30 Peace Commission"


@event(30, UNSHADED)
def peace_commission_unshaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#30 Peace Commission (unshaded): "FARC accused in Commissioner's killing: Remove 1
    FARC Zone and 1 FARC Base there." (2nd Ed: the Base too.)

    Asks: which FARC Zone (one with a FARC Base if any, so the whole text is done, 5.1.3).
    """
    space = ask_space(
        chooser, state, range(len(SPACES)),
        lambda s: state.farc_zone[s] and 1 + (state.bases(s, FARC) > 0),
        f"{PEACE}: remove which FARC Zone?",
    )
    if space is not None:
        state.clear_farc_zone(space)
        ctx.say(f"{PEACE}: remove the FARC Zone from {space_name(space)}")
        if state.bases(space, FARC):
            state.remove(space, Piece.FARC_BASE, 1)
            ctx.say(f"{PEACE}: remove 1 FARC Base from {space_name(space)}")


@event(30, SHADED)
def peace_commission_shaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#30 Peace Commission (shaded): "Peace bid: Government places 1 FARC Zone and 1 FARC
    Base there. (See 6.4.4)" (2nd Ed: the Base too.)

    As when El Presidente calls for it (6.4.4), then 1 FARC Base in the Zone if one is
    Available and fits (5.1.1). Asks (the Government decides): the Department; then a
    Redeploy destination for each cube there.
    """
    _government_places_farc_zone(state, ctx, chooser, PEACE, with_base=True)


# ======================================================================================
# 31 Betancourt
# ======================================================================================
BETANCOURT = "#31 Betancourt"


@event(31, UNSHADED)
def betancourt_unshaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#31 Betancourt (unshaded): "Sympathy for famous hostage: Shift 2 Cities and 1 Dept
    1 level each toward Active Support."

    Asks: the 2 Cities; then the Department (among those not yet at Active Support).
    """
    def shiftable(s: int) -> bool:
        return SPACES[s].is_populated and state.in_play(s) and state.support[s] < ACTIVE_SUPPORT

    cities = _spaces(chooser, state, [c.id for c in MAP.cities], 2,
                     f"{BETANCOURT}: which 2 Cities?", score=shiftable)
    dept = _spaces(chooser, state, _departments(state), 1, f"{BETANCOURT}: which Department?",
                   score=shiftable)
    for space in cities + dept:
        _shift_by(state, ctx, space, +1, BETANCOURT)


@event(31, SHADED)
def betancourt_shaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#31 Betancourt (shaded): "Hostage negotiations forum for FARC: Shift 3 spaces from
    Passive Opposition to Active Opposition."

    Asks: the 3 spaces (among those at Passive Opposition).
    """
    spaces = [s.id for s in state.spaces_in_play()]
    for space in _spaces(chooser, state, spaces, 3, f"{BETANCOURT}: which 3 spaces?",
                         score=lambda s: state.support[s] == PASSIVE_OPPOSITION):
        _shift_to(state, ctx, space, ACTIVE_OPPOSITION, BETANCOURT)


# ======================================================================================
# 32 Secuestrados
# ======================================================================================
SECUESTRADOS = "#32 Secuestrados"


@event(32, UNSHADED)
def secuestrados_unshaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#32 Secuestrados (unshaded): "Fed up with hostage-taking: Shift 2 spaces from
    Neutral or Passive Opposition to Passive Support."

    Asks: the 2 spaces (populated, at Neutral or Passive Opposition).
    """
    def shifts(s: int) -> bool:
        return SPACES[s].is_populated and state.support[s] in (NEUTRAL, PASSIVE_OPPOSITION)

    spaces = [s.id for s in state.spaces_in_play()]
    for space in _spaces(chooser, state, spaces, 2, f"{SECUESTRADOS}: which 2 spaces?",
                         score=shifts):
        _shift_to(state, ctx, space, PASSIVE_SUPPORT, SECUESTRADOS)


@event(32, SHADED)
def secuestrados_shaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#32 Secuestrados (shaded): "Ransoming highly profitable: FARC Resources +12." """
    _resources(state, ctx, FARC, 12, SECUESTRADOS)


# ======================================================================================
# 33 Sucumbíos
# ======================================================================================
SUCUMBIOS = "#33 Sucumbíos"


@event(33, UNSHADED)
def sucumbios_unshaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#33 Sucumbíos (unshaded): "Ecuadoran buffer zone: Remove up to 3 Insurgent pieces
    from a space bordering Ecuador."

    Asks: the space (one with Insurgent pieces); then up to 3 times a piece to remove.
    """
    spaces = [s.id for s in state.spaces_in_play() if s.borders_ecuador]
    _remove_up_to_3_insurgents(state, ctx, chooser, spaces, SUCUMBIOS)


def ecuador_placeable(state: GameState) -> list[int]:
    """Piece kinds that may be placed in Ecuador now: Available, within stacking (1.4.2)
    and at most 2 pieces per Faction there (card 33)."""
    ecuador = ECUADOR
    return [
        int(k) for k in PLACEABLE_KINDS
        if state.faction_pieces(ecuador, k.faction) < ECUADOR_FACTION_LIMIT
        and state.can_place(ecuador, k)
    ]


@event(33, SHADED)
def sucumbios_shaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#33 Sucumbíos (shaded): "Cross-border war: Place 2 pieces in Ecuador. It is a 0 Pop
    Dept. No more than 2 pieces per Faction may stack there."

    Ecuador becomes a space (1.3.5) for the rest of the game. The 2 pieces may be of any
    Faction (the text names none), Guerrillas placed Underground. Asks: each piece kind,
    one at a time.
    """
    if ECUADOR not in state.foreign_in_play:
        state.foreign_in_play.append(ECUADOR)
        ctx.say(f"{SUCUMBIOS}: Ecuador is now a 0 Population Department")
    for i in (1, 2):
        value = ask_one(
            chooser, state, "pieces", ecuador_placeable(state),
            f"{SUCUMBIOS}: place which piece in Ecuador ({i} of 2)?",
        )
        if value is None:
            return
        _place(state, ctx, ECUADOR, Piece(value), 1, SUCUMBIOS)


# ======================================================================================
# 34 Airdropped AKs
# ======================================================================================
AKS = "#34 Airdropped AKs"


@event(34, UNSHADED)
def airdropped_aks_unshaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#34 Airdropped AKs (unshaded): "Insurgents scammed by Russian criminals: Drop an
    Insurgent Faction's Resources by -5."

    Asks: which Insurgent Faction.
    """
    who = _faction(chooser, state, INSURGENTS, f"{AKS}: whose Resources drop by 5?")
    if who is not None:
        _resources(state, ctx, who, -5, AKS)


def _aks_pieces(faction: Faction) -> tuple[tuple[Piece, int], ...]:
    """The Base first, then the 2 Guerrillas: where stacking takes only some (Ecuador, 2
    per Faction, card 33), the Base goes in."""
    return ((BASE_OF[faction], 1), (UNDERGROUND_OF[faction], 2))


def _aks_room(state: GameState, faction: Faction, space: int) -> int:
    """How many of the 2 Guerrillas and 1 Base ``faction`` could place in ``space``."""
    return fits(state, space, _aks_pieces(faction))


def _zero_pop_departments(state: GameState) -> list[int]:
    return [s for s in _departments(state) if SPACES[s].pop == 0]


@event(34, SHADED)
def airdropped_aks_shaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#34 Airdropped AKs (shaded): "Covert weapons delivery: An Insurgent Faction places
    2 Guerrillas and 1 Base into a 0 Population Department."

    Asks: which Insurgent Faction (among those able to place something); then the
    Department (one where the most of the 3 pieces fit, stacking and Ecuador's 2 per
    Faction counted, 5.1.3); the Base goes first.
    """
    depts = _zero_pop_departments(state)
    factions = [f for f in INSURGENTS if _best(depts, partial(_aks_room, state, f))]
    who = _faction(chooser, state, factions, f"{AKS}: which Insurgent Faction places?")
    if who is None:
        return
    space = ask_space(
        chooser, state, depts, lambda s: _aks_room(state, who, s),
        f"{AKS}: into which 0 Pop Department?",
    )
    assert space is not None  # ``who`` was offered for having room in a Department
    for kind, n in _aks_pieces(who):
        _place(state, ctx, space, kind, n, AKS)


# ======================================================================================
# 35 Crop Substitution
# ======================================================================================
CROPS = "#35 Crop Substitution"


@event(35, UNSHADED)
def crop_substitution_unshaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#35 Crop Substitution (unshaded): "Government initiative: Replace the Cartels Bases
    in 1 Department with 1 Police each. Aid +3."

    Bases are removed even where no Police can replace them (5.1.1). Asks: the Department
    (one with Cartels Bases; where all can be replaced if any such exists, 5.1.3: not a
    FARC Zone, 1.4.2).
    """
    def replaced(d: int) -> tuple[int, int]:
        # every Base goes; stacking short of a Police for each (FARC Zone, card 33) ranks
        # the space lower (Police short in Available are short everywhere alike)
        n = state.bases(d, CARTELS)
        return (1, min(n, state.capacity(d, Piece.POLICE)) - n)

    depts = [s for s in _departments(state) if state.bases(s, CARTELS)]
    space = ask_space(chooser, state, depts, replaced, f"{CROPS}: replace Cartels Bases where?")
    if space is not None:
        n = state.bases(space, CARTELS)
        _remove_all(state, ctx, space, (Piece.CARTELS_BASE,), CROPS)
        _place(state, ctx, space, Piece.POLICE, n, CROPS)
    _aid(state, ctx, 3, CROPS)


@event(35, SHADED)
def crop_substitution_shaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#35 Crop Substitution (shaded): "FARC proposals lauded: Shift a Department with a
    Cartels Base by 2 levels toward Active Opposition."

    Asks: the Department (populated, with a Cartels Base, not yet at Active Opposition;
    one that can shift the full 2 levels if any, 5.1.3).
    """
    depts = [
        s for s in _departments(state)
        if state.bases(s, CARTELS) and SPACES[s].is_populated
        and state.support[s] > ACTIVE_OPPOSITION
    ]
    space = ask_space(
        chooser, state, depts, lambda s: min(2, state.support[s] - ACTIVE_OPPOSITION),
        f"{CROPS}: shift which Department?",
    )
    if space is not None:
        _shift_by(state, ctx, space, -2, CROPS)


# ======================================================================================
# 36 Zona de Convivencia (single text)
# ======================================================================================
CONVIVENCIA = "#36 Zona de Convivencia"


@event(36, UNSHADED)
def zona_de_convivencia(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#36 Zona de Convivencia: "ELN gets its DMZ: Govt places a FARC Zone in Mountain and
    1 FARC Base there. (See 6.4.4) Shift 2 adjacent spaces each 1 level toward Active
    Support, if possible. Executing Faction remains Eligible past this card." (2nd Ed: the
    FARC Base, and any adjacent space short of Active Support shifts, not only Neutral.)

    Asks (the Government decides): the Mountain Department with the most FARC pieces
    (6.4.4 EXAMPLE; one where the FARC Base fits if any) and the Redeploy destination of
    each cube there; then (the executing Faction) the 2 populated spaces adjacent to the
    new Zone that can still shift toward Active Support.
    """
    zone = _government_places_farc_zone(
        state, ctx, chooser, CONVIVENCIA, MOUNTAIN, with_base=True
    )
    if zone is not None:
        def shiftable(a: int) -> bool:
            return SPACES[a].is_populated and state.in_play(a) and state.support[a] < ACTIVE_SUPPORT

        why = f"{CONVIVENCIA}: shift which 2 adjacent spaces 1 level toward Active Support?"
        for space in _spaces(chooser, state, SPACES[zone].adjacent, 2, why, score=shiftable):
            _shift_by(state, ctx, space, 1, CONVIVENCIA)
    state.step.setdefault("eligible_next", {})[int(ctx.faction)] = True
    ctx.say(f"{CONVIVENCIA}: {ctx.faction.label} stays Eligible for the next card")


# ======================================================================================
# 37 Former Military
# ======================================================================================
FORMER = "#37 Former Military"
SWEEP, ASSAULT = "Sweep", "Assault"


def former_military_options(state: GameState, space: int) -> list[str]:
    """What Former Military (unshaded) can do against FARC in ``space``, AUC Guerrillas
    counting as Troops: Sweep (a City or Department, not a FARC Zone, with Underground
    FARC to Activate, 3.2.3) and/or Assault (FARC pieces an Assault can remove, 3.2.4)."""
    if not state.in_play(space) or not state.faction_pieces(space, FARC):
        return []
    troops = state.troops(space) + state.guerrillas(space, AUC)
    out = []
    s = SPACES[space]
    sweep_ok = (s.is_city or s.is_department) and not state.farc_zone[space]
    if (
        sweep_ok
        and state.underground(space, FARC)
        and coin_ops.sweep_activation_capacity(state, space, troops=troops)
    ):
        out.append(SWEEP)
    if coin_ops.assault_capacity(state, space, troops=troops) and _assault_options(
        state, space, (FARC,)
    ):
        out.append(ASSAULT)
    return out


@event(37, UNSHADED)
def former_military_unshaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#37 Former Military (unshaded): "Ties that bind: Government free Sweeps or Assaults
    FARC within each space, no moves; AUC Guerrillas act as Troops."

    In every space (map order) where it would do something, the Government chooses a free
    Sweep (Activating FARC only) or a free Assault (removing FARC only, Bases last, Drug
    Bust), AUC Guerrillas there counting as Troops; Momentum forbidding it yields (5.1.2).
    Asks (the Government decides): Sweep or Assault, in each space where both would act.
    """
    for s in SPACES:
        options = former_military_options(state, s.id)
        choice = ask_one(
            chooser, state, "option", options,
            f"{FORMER}: Sweep or Assault FARC in {space_name(s)}?",
            decider=GOVT,
        )
        if choice is None:
            continue
        troops = state.troops(s.id) + state.guerrillas(s.id, AUC)
        if choice == SWEEP:
            capacity = coin_ops.sweep_activation_capacity(state, s.id, troops=troops)
            _sweep_activate(state, ctx, s.id, capacity, FARC, FORMER)
        else:
            capacity = coin_ops.assault_capacity(state, s.id, troops=troops)
            _event_assault(state, ctx, chooser, s.id, capacity, (FARC,), FORMER)


def _ask_march_group(
    state: GameState,
    chooser: Chooser,
    unmoved: dict[tuple[int, Piece], int],
    ships: dict[int, int],
    used: set[tuple[int, int]],
    arriving: dict[int, int] | None = None,
) -> tuple[int, int, int, int, int] | None:
    """One AUC March group (from, to, Underground, Active, Shipments), or None to stop.
    ``arriving`` counts Guerrillas already planned into each destination (Ecuador's limit
    of 2 pieces per Faction, card 33, counts them)."""
    u_kind, a_kind = UNDERGROUND_OF[AUC], ACTIVE_OF[AUC]
    arriving = {} if arriving is None else arriving

    def room(dst: int) -> int:
        return state.room(dst, AUC) - arriving.get(dst, 0)

    def destinations(src: int) -> list[int]:
        adjacent = insurgent_ops.march_destinations(state, AUC, src)
        return [d for d in adjacent if (src, d) not in used and room(d) > 0]

    origins = [
        s.id for s in state.spaces_in_play()
        if unmoved.get((s.id, u_kind), 0) + unmoved.get((s.id, a_kind), 0) and destinations(s.id)
    ]
    src = ask_one(
        chooser, state, "spaces", origins, f"{FORMER}: AUC March from which space (or stop)?",
        optional=True, decider=AUC,
    )
    if src is None:
        return None
    dst = ask_one(
        chooser, state, "spaces", destinations(src), f"{FORMER}: March from {space_name(src)} to?",
        decider=AUC,
    )
    u_here, a_here = unmoved.get((src, u_kind), 0), unmoved.get((src, a_kind), 0)
    u_left, a_left = min(u_here, room(dst)), min(a_here, room(dst))
    u = ask_one(
        chooser, state, "number", range(0 if a_left else 1, u_left + 1),
        f"{FORMER}: how many Underground AUC Guerrillas March?", decider=AUC,
    )
    a = ask_one(
        chooser, state, "number", range(0 if u else 1, min(a_left, room(dst) - u) + 1),
        f"{FORMER}: how many Active AUC Guerrillas March?", decider=AUC,
    )
    carried = ask_one(
        chooser, state, "number", range(ships.get(src, 0) + 1),
        f"{FORMER}: how many AUC Shipments go along?", decider=AUC,
    )
    unmoved[(src, u_kind)] = u_here - u
    unmoved[(src, a_kind)] = a_here - a
    ships[src] = ships.get(src, 0) - carried
    used.add((src, dst))
    arriving[dst] = arriving.get(dst, 0) + u + a
    return (src, dst, u, a, carried)


@event(37, SHADED)
def former_military_shaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#37 Former Military (shaded): "Ex-officers advise paramilitaries: AUC free Marches
    any of its Guerrillas and then, at any 1 destination, free Ambushes."

    A free March (3.3.2, 5.5) then a free Ambush (4.3.2, 4.4.1) in 1 of its destination
    spaces where one is possible. Asks (the AUC decides), group after group: the origin
    (or stop), the destination, how many Underground and Active Guerrillas and Shipments
    move; then the Ambush space and the pieces it removes.
    """
    unmoved = {
        (s.id, k): state.count(s.id, k)
        for s in state.spaces_in_play()
        for k in (UNDERGROUND_OF[AUC], ACTIVE_OF[AUC])
        if state.count(s.id, k)
    }
    ships = {s.id: len(state.shipments_at(s.id, AUC)) for s in state.spaces_in_play()}
    used: set[tuple[int, int]] = set()
    groups = []
    arriving: dict[int, int] = {}
    while (group := _ask_march_group(state, chooser, unmoved, ships, used, arriving)):
        groups.append(group)
    if not groups:
        return
    march = insurgent_ops.March(groups=tuple(groups))
    sub = free_context(state, ctx, chooser, AUC)
    march.execute(state, sub)
    spaces = [
        d for d in march.destinations() if insurgent_ops.ambush_problem(state, AUC, d) is None
    ]
    why = f"{FORMER}: AUC Ambushes where?"
    space = ask_space(chooser, state, spaces, lambda s: True, why, decider=AUC)
    if space is not None:
        why = f"{FORMER}: AUC Ambush in {space_name(space)}: remove which piece?"
        kinds = _attack_picks(chooser, state, AUC, space, why)
        insurgent_ops.resolve_attack(state, sub, space, kinds, ambush=True)


# ======================================================================================
# 38 National Coordination Center
# ======================================================================================
NCC = "#38 National Coordination Center"


def _cubes_or_support(state: GameState, space: int) -> bool:
    return state.cubes(space) > 0 or state.support[space] > 0


@event(38, UNSHADED)
def ncc_unshaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#38 National Coordination Center (unshaded): "New command fights paramilitaries:
    Remove all Active AUC Guerrillas from up to 3 spaces with cubes or Support."

    Asks: up to 3 spaces (with Active AUC Guerrillas and cubes or Support).
    """
    def acts(s: int) -> bool:
        return state.active(s, AUC) > 0 and _cubes_or_support(state, s)

    spaces = [s.id for s in state.spaces_in_play()]
    why = f"{NCC}: which spaces (up to 3)?"
    for space in _spaces(chooser, state, spaces, 3, why, up_to=True, score=acts):
        _remove_all(state, ctx, space, (Piece.AUC_ACTIVE,), NCC)


@event(38, SHADED)
def ncc_shaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#38 National Coordination Center (shaded): "Sympathizers alert AUC: All AUC
    Guerrillas in spaces with cubes or Support to Underground." """
    for s in state.spaces_in_play():
        if state.active(s.id, AUC) and _cubes_or_support(state, s.id):
            n = state.flip(s.id, AUC, state.active(s.id, AUC), to_active=False)
            ctx.say(f"{NCC}: flip {counted(n, 'AUC Guerrilla')} Underground in {space_name(s)}")


# ======================================================================================
# 39 Soldados Campesinos
# ======================================================================================
SOLDADOS = "#39 Soldados Campesinos"


@event(39, UNSHADED)
def soldados_campesinos_unshaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#39 Soldados Campesinos (unshaded): "Local forces platoons: Place 1 Police into each
    of 6 Depts."

    Only as many Departments as there are Available Police (1.4.1), none a FARC Zone
    (1.4.2). Asks: the Departments.
    """
    n = min(6, state.available(Piece.POLICE))
    why = f"{SOLDADOS}: Police into which 6 Depts?"

    def fits_police(s: int) -> bool:
        return state.can_place(s, Piece.POLICE)

    for space in _spaces(chooser, state, _departments(state), n, why, score=fits_police):
        _place(state, ctx, space, Piece.POLICE, 1, SOLDADOS)


@event(39, SHADED)
def soldados_campesinos_shaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#39 Soldados Campesinos (shaded): "Local forces augment autodefensas: In up to 3
    Depts, replace 1 Police with 1 available AUC Guerrilla."

    With no AUC Guerrilla Available the Police is still removed (5.1.1). Asks: up to 3
    Departments with Police, one at a time, each replaced before the next is asked (so
    when AUC Guerrillas run short the order is visible); offered first, Departments where
    an AUC Guerrilla fits (Ecuador: 2 per Faction, card 33; 5.1.3).
    """

    def score(space: int) -> int:
        return 1 + (state.capacity(space, Piece.AUC_UNDERGROUND) > 0)

    def replace(space: int) -> None:
        state.remove(space, Piece.POLICE, 1)
        ctx.say(f"{SOLDADOS}: remove 1 Police cube from {space_name(space)}")
        _place(state, ctx, space, Piece.AUC_UNDERGROUND, 1, SOLDADOS)

    depts = [s for s in _departments(state) if state.police(s)]
    why = f"{SOLDADOS}: replace Police in which Dept ({{i}} of up to {{n}})?"
    ask_spaces_in_turn(chooser, state, depts, 3, score, why, replace, up_to=True)


# ======================================================================================
# 40 Demobilization
# ======================================================================================
DEMOBILIZATION = "#40 Demobilization"


@event(40, UNSHADED)
def demobilization_unshaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#40 Demobilization (unshaded): "Negotiated reintegration: Replace 3 AUC Guerrillas
    with available Police."

    Each Guerrilla is removed even if no Police can take its place (none Available, or a
    FARC Zone, 5.1.1), but such spaces are offered only when no other has AUC Guerrillas
    (5.1.3). Asks, 3 times: the space; then Underground or Active.
    """
    for i in (1, 2, 3):
        spaces = [s.id for s in state.spaces_in_play() if state.guerrillas(s.id, AUC)]
        # 5.1.3: first the spaces where a Police can take its place (not a FARC Zone,
        # Ecuador within 2 Government pieces, card 33)
        space = ask_space(
            chooser, state, spaces, lambda s: 1 + (state.capacity(s, Piece.POLICE) > 0),
            f"{DEMOBILIZATION}: AUC Guerrilla {i} from where?",
        )
        if space is None:
            return
        kind = _pick_piece(
            chooser, state, space, (Piece.AUC_UNDERGROUND, Piece.AUC_ACTIVE),
            f"{DEMOBILIZATION}: which AUC Guerrilla in {space_name(space)}?",
        )
        assert kind is not None
        state.remove(space, kind, 1)
        ctx.say(f"{DEMOBILIZATION}: remove {counted(1, kind.label)} from {space_name(space)}")
        _place(state, ctx, space, Piece.POLICE, 1, DEMOBILIZATION)


def _auc_piece_options(state: GameState, space: int) -> list[int]:
    return [int(k) for k in (Piece.AUC_UNDERGROUND, Piece.AUC_BASE) if state.can_place(space, k)]


@event(40, SHADED)
def demobilization_shaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#40 Demobilization (shaded): "Talks a ruse, fighters recycled: Move all cubes in a
    Dept with AUC to any Cities. Place 1 AUC piece in each of 2 Cities."

    Asks: the Department (with AUC pieces and cubes); a City for each Troops cube, then
    for each Police cube; then the 2 Cities for AUC pieces one at a time, each with its
    Guerrilla or Base (where both fit) before the next City.
    """
    dept = ask_space(
        chooser, state, _departments(state),
        lambda s: state.faction_pieces(s, AUC) > 0 and state.cubes(s) > 0,
        f"{DEMOBILIZATION}: move cubes from where?",
    )
    cities = _in_play(state, MAP.cities)
    if dept is not None:
        for kind in coin_ops.CUBES:
            n = state.count(dept, kind)
            why = f"{DEMOBILIZATION}: move {n} {kind.label} to which Cities (1 per cube)?"
            dests = ask(chooser, state, "spaces", cities, why, lo=n, hi=n, repeat=True)
            for dst, k in sorted(Counter(dests).items()):
                state.move(dept, dst, kind, k)
                ctx.say(f"{DEMOBILIZATION}: move {counted(k, kind.label)} from "
                        f"{space_name(dept)} to {space_name(dst)}")

    def place_piece(city: int) -> None:
        options = _auc_piece_options(state, city)
        why = f"{DEMOBILIZATION}: which AUC piece in {space_name(city)}?"
        value = ask_one(chooser, state, "pieces", options, why)
        if value is not None:
            _place(state, ctx, city, Piece(value), 1, DEMOBILIZATION)

    # one City at a time, its piece placed before the next is asked (pieces may run out)
    why = f"{DEMOBILIZATION}: place 1 AUC piece in which City ({{i}} of {{n}})?"
    ask_spaces_in_turn(
        chooser, state, cities, 2, lambda c: len(_auc_piece_options(state, c)) > 0, why,
        place_piece,
    )


# ======================================================================================
# 41 Mancuso
# ======================================================================================
MANCUSO = "#41 Mancuso"


@event(41, UNSHADED)
def mancuso_unshaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#41 Mancuso (unshaded): "AUC No.2 extradited: AUC Resources -6. Remove all AUC
    pieces from 1 space."

    Asks: the space (one with AUC pieces).
    """
    _resources(state, ctx, AUC, -6, MANCUSO)
    space = ask_space(
        chooser, state, [s.id for s in state.spaces_in_play()],
        lambda s: state.faction_pieces(s, AUC) > 0, f"{MANCUSO}: remove AUC from which space?",
    )
    if space is not None:
        _remove_all(state, ctx, space, FACTION_KINDS[AUC], MANCUSO)


@event(41, SHADED)
def mancuso_shaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#41 Mancuso (shaded): "AUC drug lord: AUC Resources +3 for each space with AUC and
    Cartels pieces." """
    n = sum(
        1 for s in state.spaces_in_play()
        if state.faction_pieces(s.id, AUC) and state.faction_pieces(s.id, CARTELS)
    )
    _resources(state, ctx, AUC, 3 * n, MANCUSO)


# ======================================================================================
# 42 Senado & Cámara
# ======================================================================================
SENADO = "#42 Senado & Cámara"


@event(42, UNSHADED)
def senado_camara_unshaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#42 Senado & Cámara (unshaded): "Unity behind Presidential war policy: 2 Neutral
    spaces to Passive Support. Govt Resources +3."

    Asks: the 2 Neutral (populated) spaces.
    """
    def neutral(s: int) -> bool:
        return SPACES[s].is_populated and state.support[s] == NEUTRAL

    spaces = [s.id for s in state.spaces_in_play()]
    for space in _spaces(chooser, state, spaces, 2, f"{SENADO}: which 2 Neutral spaces?",
                         score=neutral):
        _shift_to(state, ctx, space, PASSIVE_SUPPORT, SENADO)
    _resources(state, ctx, GOVT, 3, SENADO)


@event(42, SHADED)
def senado_camara_shaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#42 Senado & Cámara (shaded, Insurgent Momentum): "Insurgent sympathies: No Sweep or
    Assault against executing Faction until next Propaganda." (Read by
    :func:`core.rules.coin_ops.senado_immune`; run_event records the executing Faction.)"""
    ctx.say(f"{SENADO}: no Sweep or Assault against {ctx.faction.label} until the next "
            "Propaganda")


# ======================================================================================
# 43 Calima Front
# ======================================================================================
CALIMA = "#43 Calima Front"


def _dept_with_troops(chooser: Chooser, state: GameState) -> int | None:
    """The Department with Troops the Event's 2 Terror go to ("all" FARC Bases removed:
    complete wherever, readings.md#r-most-of-the-text-count)."""
    return ask_space(
        chooser, state, _departments(state), lambda s: state.troops(s) > 0,
        f"{CALIMA}: which Dept with Troops?",
    )


def _two_terror(state: GameState, ctx: Context, space: int) -> None:
    placed = state.add_terror(space, 2)
    ctx.say(f"{CALIMA}: place {placed} Terror in {space_name(space)}")


@event(43, UNSHADED)
def calima_front_unshaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#43 Calima Front (unshaded): "Suspect leftists massacred: Place 2 Terror in and
    remove all FARC Bases from a Dept with Troops."

    Terror markers only while any of the 40 remain (3.3.4). Asks: the Department.
    """
    space = _dept_with_troops(chooser, state)
    if space is not None:
        _two_terror(state, ctx, space)
        _remove_all(state, ctx, space, (Piece.FARC_BASE,), CALIMA)


@event(43, SHADED)
def calima_front_shaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#43 Calima Front (shaded): "Brutality blamed on Army: Place 2 Terror in a Dept with
    Troops. Aid -9."

    Asks: the Department.
    """
    space = _dept_with_troops(chooser, state)
    if space is not None:
        _two_terror(state, ctx, space)
    _aid(state, ctx, -9, CALIMA)


# ======================================================================================
# 44 Colombia Nueva
# ======================================================================================
NUEVA = "#44 Colombia Nueva"


@event(44, UNSHADED)
def colombia_nueva_unshaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#44 Colombia Nueva (unshaded): "Anti-corruption campaign: Shift a non-Opposition
    City to Active Support. Govt Resources +3."

    Asks: the City (Neutral or Passive Support).
    """
    space = ask_space(
        chooser, state, _in_play(state, MAP.cities),
        lambda c: 0 <= state.support[c] < ACTIVE_SUPPORT, f"{NUEVA}: which City to Active Support?",
    )
    if space is not None:
        _shift_to(state, ctx, space, ACTIVE_SUPPORT, NUEVA)
    _resources(state, ctx, GOVT, 3, NUEVA)


@event(44, SHADED)
def colombia_nueva_shaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#44 Colombia Nueva (shaded): "Political campaign divisive: Shift a City from Support
    to Neutral. Govt Resources -3."

    Asks: the City (one with Support).
    """
    space = ask_space(
        chooser, state, _in_play(state, MAP.cities), lambda c: state.support[c] > 0,
        f"{NUEVA}: which City to Neutral?",
    )
    if space is not None:
        _shift_to(state, ctx, space, NEUTRAL, NUEVA)
    _resources(state, ctx, GOVT, -3, NUEVA)


# ======================================================================================
# 45 Los Derechos Humanos
# ======================================================================================
DERECHOS = "#45 Los Derechos Humanos"


@event(45, UNSHADED)
def derechos_humanos_unshaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#45 Los Derechos Humanos (unshaded): "Officers disciplined: Shift each space with
    cubes and Terror 1 level toward Active Support." """
    for s in state.spaces_in_play():
        if state.cubes(s.id) and state.terror[s.id]:
            _shift_by(state, ctx, s.id, +1, DERECHOS)


@event(45, SHADED)
def derechos_humanos_shaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#45 Los Derechos Humanos (shaded): "International human rights cartel: -1 Aid for
    each space with AUC pieces. Subtract a die roll from Govt Resources." """
    n = sum(1 for s in state.spaces_in_play() if state.faction_pieces(s.id, AUC))
    _aid(state, ctx, -n, DERECHOS)
    roll = ctx.roll(state, f"{DERECHOS}: Government Resources")
    _resources(state, ctx, GOVT, -roll, DERECHOS)


# ======================================================================================
# 46 Limpieza (single text)
# ======================================================================================
LIMPIEZA = "#46 Limpieza"
USE_ACTIVE, USE_UNDERGROUND = "Active", "Underground"
SET_SUPPORT, SET_OPPOSITION = "Passive Support", "Passive Opposition"


def limpieza_spaces(state: GameState, faction: Faction) -> list[int]:
    """Spaces where ``faction`` could Terror with any Guerrilla (Limpieza): 1+ of its
    Guerrillas, Active or Underground (5.1.1)."""
    return [s.id for s in state.spaces_in_play() if state.guerrillas(s.id, faction)]


@event(46, UNSHADED)
def limpieza(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#46 Limpieza: "Ruthless elimination: An Insurgent Faction executes free Terror with
    any Guerrilla, removes any 2 enemy pieces in the space, and sets it to Passive Support
    or Opposition (unless 0 Pop). The Terror places 2 markers."

    The free Terror (3.3.4, 5.5) may use an Active Guerrilla (which stays Active) or an
    Underground one (Activated); it places 2 Terror markers (1 Sabotage on a LoC) and AUC
    Terror cuts Aid (3.3.4). "Any" enemy pieces ignore Bases last. Asks: the Insurgent
    Faction (among those with a Guerrilla); then (that Faction decides) the space (one
    with 2 enemy pieces to remove if any, else 1, 5.1.3), the Guerrilla used (where both
    kinds are there), the 2 enemy pieces one at a time, and Passive Support or Passive
    Opposition.
    """
    factions = [f for f in INSURGENTS if limpieza_spaces(state, f)]
    who = _faction(chooser, state, factions, f"{LIMPIEZA}: which Insurgent Faction Terrors?")
    if who is None:
        return
    # 5.1.3: Terror is possible in each of them; the most of the text is done where 2
    # enemy pieces can be removed too
    enemies_of = tuple(k for k in Piece if k.faction is not who)
    space = ask_space(
        chooser, state, limpieza_spaces(state, who),
        lambda s: 1 + min(2, sum(state.count(s, k) for k in enemies_of)),
        f"{LIMPIEZA}: Terror where?", decider=int(who),
    )
    assert space is not None
    uses = [USE_ACTIVE] * bool(state.active(space, who))
    uses += [USE_UNDERGROUND] * bool(state.underground(space, who))
    use = ask_one(
        chooser, state, "option", uses, f"{LIMPIEZA}: Terror with which Guerrilla?", decider=who
    )
    sub = free_context(state, ctx, chooser, who)
    insurgent_ops.resolve_terror(state, sub, space, activate=use == USE_UNDERGROUND, markers=2)
    if who is AUC:
        insurgent_ops.aid_cut(state, sub, 1)
    enemies = enemies_of
    why = f"{LIMPIEZA}: remove which enemy piece from {space_name(space)}?"
    _remove_picked(
        state, ctx, chooser, space, enemies, 2, why, LIMPIEZA, up_to=False, decider=who
    )
    if SPACES[space].is_populated:
        level = ask_one(
            chooser, state, "option", [SET_SUPPORT, SET_OPPOSITION],
            f"{LIMPIEZA}: set {space_name(space)} to?", decider=who,
        )
        _shift_to(state, ctx, space, PASSIVE_SUPPORT if level == SET_SUPPORT else
                  PASSIVE_OPPOSITION, LIMPIEZA)


# ======================================================================================
# 47 Pinto & del Rosario
# ======================================================================================
PINTO = "#47 Pinto & del Rosario"


@event(47, UNSHADED)
def pinto_unshaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#47 Pinto & del Rosario (unshaded): "Human rights investigators: All AUC Guerrillas
    Active. All Police free Assault AUC as if Troops."

    Then in every space with Police and AUC pieces, a free Assault (3.2.4, 5.5) against
    AUC only, each Police cube counting as a Troops cube (Mountain: 1 per 2), Bases last,
    with Drug Bust. No choices: all AUC Guerrillas are alike.
    """
    for s in state.spaces_in_play():
        if state.underground(s.id, AUC):
            n = state.activate(s.id, AUC, state.underground(s.id, AUC))
            ctx.say(f"{PINTO}: Activate {counted(n, 'AUC Guerrilla')} in {space_name(s)}")
    for s in state.spaces_in_play():
        if state.police(s.id) and state.faction_pieces(s.id, AUC):
            capacity = coin_ops.assault_capacity(state, s.id, troops=state.police(s.id), police=0)
            _event_assault(state, ctx, chooser, s.id, capacity, (AUC,), PINTO)


@event(47, SHADED)
def pinto_shaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#47 Pinto & del Rosario (shaded): "Prosecutors killed: AUC places 2 Guerrillas in
    Cúcuta, executes free Terror there, and flips any 2 AUC Guerrillas Underground."

    The free Terror (3.3.4, 5.5) needs an Underground AUC Guerrilla in Cúcuta and cuts
    Aid (3.3.4). Asks (the AUC decides), twice: the space of an Active AUC Guerrilla to
    flip Underground.
    """
    cucuta = MAP.id_of("Cúcuta")
    _place(state, ctx, cucuta, Piece.AUC_UNDERGROUND, 2, PINTO)
    if insurgent_ops.terror_problem(state, AUC, cucuta) is None:
        sub = free_context(state, ctx, chooser, AUC)
        insurgent_ops.resolve_terror(state, sub, cucuta)
        insurgent_ops.aid_cut(state, sub, 1)
    for i in (1, 2):
        space = ask_space(
            chooser, state, [s.id for s in state.spaces_in_play()],
            lambda s: state.active(s, AUC) > 0,
            f"{PINTO}: flip an AUC Guerrilla Underground where ({i} of 2)?", decider=AUC,
        )
        if space is None:
            return
        state.flip(space, AUC, 1, to_active=False)
        ctx.say(f"{PINTO}: flip 1 AUC Guerrilla Underground in {space_name(space)}")


# ======================================================================================
# 48 Unión Sindical Obrera
# ======================================================================================
USO = "#48 Unión Sindical Obrera"
REMOVE_OPPOSITION, REMOVE_BASE = "Opposition", "FARC Base"


def uso_options(state: GameState, space: int) -> list[str]:
    """What USO (unshaded) can remove in ``space``: its Opposition and/or a FARC Base."""
    out = [REMOVE_OPPOSITION] * (state.support[space] < 0)
    return out + [REMOVE_BASE] * bool(state.bases(space, FARC))


def uso_spaces(state: GameState) -> list[int]:
    """Spaces adjacent to a 3-Econ Pipeline with Opposition or a FARC Base."""
    pipelines = [s for s in MAP.locs if s.loc_type == "pipeline" and s.econ == 3]
    near = {a for p in pipelines for a in p.adjacent if state.in_play(a)}
    return [s for s in sorted(near) if uso_options(state, s)]


@event(48, UNSHADED)
def uso_unshaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#48 Unión Sindical Obrera (unshaded): "AUC targets oil labor organizers: Remove 1
    Opposition or FARC Base adjacent to 3-Econ pipeline."

    Removing an Opposition marker leaves the space Neutral (1.6.2). Asks: the space; then
    Opposition or FARC Base (where both are there).
    """
    # "1 Opposition or FARC Base": either is the whole text
    space = ask_space(
        chooser, state, uso_spaces(state), lambda s: bool(uso_options(state, s)),
        f"{USO}: remove from where?",
    )
    if space is None:
        return
    what = ask_one(
        chooser, state, "option", uso_options(state, space), f"{USO}: remove what?"
    )
    if what == REMOVE_OPPOSITION:
        _shift_to(state, ctx, space, NEUTRAL, USO)
    else:
        state.remove(space, Piece.FARC_BASE, 1)
        ctx.say(f"{USO}: remove 1 FARC Base from {space_name(space)}")


@event(48, SHADED)
def uso_shaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#48 Unión Sindical Obrera (shaded): "Labor backs FARC: Shift 1 level toward Active
    Opposition in 2 Cities other than Bogotá."

    Asks: the 2 Cities (not yet at Active Opposition).
    """
    def shifts(c: int) -> bool:
        return c != BOGOTA and state.support[c] > ACTIVE_OPPOSITION

    cities = _in_play(state, MAP.cities)
    for space in _spaces(chooser, state, cities, 2, f"{USO}: which 2 Cities?", score=shifts):
        _shift_by(state, ctx, space, -1, USO)
