"""Event cards 1-24: both texts of each card (5.0), registered by number.

Card texts of record: the printed 2nd-edition cards, ``core/data/cards.json`` (shown by
``andean cards --text N``); each function's docstring quotes the side it implements.

How these Events choose
-----------------------
Every choice the text leaves open goes through the ``chooser`` (5.1: the executing
Faction decides unless the text names another Faction, which then is the Choice's
``decider``). Options are always exactly the legal answers at that moment, so a random
chooser can never answer illegally. Two conventions keep the replay format short:

* a choice with no option is not asked (5.1.3: do what can be done), and
* a *required* choice with a single possible answer is not asked either.

The questions of each card come in the order its docstring lists; that order is the
replay format of the card (the recorded answers of :func:`core.events.run_event`).

Shared readings of the text (rule numbers in brackets):

* "Shift" to a level, or by levels, only in Cities and Departments with Population
  (1.6.1-1.6.2); spaces offered are those where the shift changes something.
* "Sabotage" a LoC only if it has no Sabotage yet and a marker remains (3.3.4).
* Pieces are placed only from Available and within stacking (5.1.1, 1.4.1, 1.4.2):
  never Government forces into a FARC Zone, never a third Base; Ecuador, once a space by
  Sucumbíos (card 33), holds no more than 2 pieces per Faction.
* Moving a Faction's last Guerrilla out of a space carries its Shipments along (they are
  beneath it, 4.5.3).
* "Mark X Ineligible through next card": X's cylinder goes to the Ineligible box now
  (2.3: it does nothing more on this card) and stays there when this card ends (2.3.7,
  ``state.step["eligible_next"]``).
* Free Operations and Special Activities (3.1.2, 5.5) run the real commands of
  :mod:`core.rules` with a free :class:`~core.commands.Context`; they do not change
  Eligibility.

Government Capabilities (5.3) and the shaded Insurgent Momentum texts (5.4) of cards 1, 2,
3, 7, 9, 10, 11, 12, 13, 17 and 22 have no immediate effect: :func:`core.events.run_event`
places their marker and the Operations read it.
"""

from __future__ import annotations

from core.cards import (
    ALFONSO_CANO,
    BLACKHAWKS,
    CARDS,
    FIRST_DIVISION,
    HIGH_MOUNTAIN_BATTALIONS,
    MADRID_DONORS,
    NDSC,
    OSPINA_MORA,
    PLAN_COLOMBIA,
    PLAN_METEORO,
    SEVENTH_SPECIAL_FORCES,
    SHADED,
    TAPIAS,
    UNSHADED,
)
from core.commands import Context
from core.events.choice import Chooser, ask_one, ask_space, fits
from core.events.common import ask, ask_spaces, free_context, ineligible_through_next_card
from core.events.registry import event
from core.map import MAP, MOUNTAIN, Space, space_name
from core.pieces import (
    ACTIVE_OF,
    BASE_OF,
    INSURGENTS,
    UNDERGROUND_OF,
    Faction,
    Piece,
)
from core.rules import coin_ops, govt_special, insurgent_ops
from core.space import SPACES
from core.state import (
    ACTIVE_OPPOSITION,
    ACTIVE_SUPPORT,
    NEUTRAL,
    PASSIVE_OPPOSITION,
    PASSIVE_SUPPORT,
    SUPPORT_LABELS,
    GameState,
)
from core.words import counted, listed

GOVT, FARC, AUC, CARTELS = Faction.GOVT, Faction.FARC, Faction.AUC, Faction.CARTELS

AID_TO_RESOURCES_CAP = 20  # cards 12, 17, 18: "lesser of Aid or +20"

SWEEP = "Sweep"
ASSAULT = "Assault"
ATTACK = "Attack"
TERROR = "Terror"


# ======================================================================================
# small shared helpers
# ======================================================================================
def _why(card: int, question: str) -> str:
    """A question naming the card: '#5 Occidental & Ecopetrol: place Police where?'."""
    return f"#{card} {CARDS[card].title}: {question}"


def _decider(ctx: Context, faction: Faction) -> int | None:
    """The Choice decider for a choice the text gives to ``faction`` (None: executing)."""
    return None if ctx.faction is faction else int(faction)


def _factions(
    chooser: Chooser, state: GameState, present: list[Faction], why: str
) -> list[Faction]:
    """1 or more of ``present`` Factions to target (3.1); not asked if only one."""
    if len(present) <= 1:
        return list(present)
    return [Faction(f) for f in ask(chooser, state, "factions", map(int, present), why, hi=3)]


def _in_play(state: GameState) -> list[Space]:
    return state.spaces_in_play()


def pipelines() -> list[int]:
    """The Pipeline LoCs (1.3.4)."""
    return [s.id for s in MAP.locs if s.loc_type == "pipeline"]


def mountains() -> list[int]:
    """The Mountain Departments (1.3.2)."""
    return [s.id for s in MAP.departments if s.terrain == MOUNTAIN]


def _room(state: GameState, space: int, faction: Faction) -> int:
    """How many more pieces of ``faction`` stacking lets into ``space`` (Ecuador: 2 per
    Faction, card 33; the shared query of :meth:`GameState.room`)."""
    return state.room(space, faction)


def _place(state: GameState, space: int, kind: Piece, n: int) -> int:
    """Place up to ``n`` Available pieces within stacking (5.1.1); return how many."""
    return state.place_up_to(space, kind, n)


def _set_level(state: GameState, ctx: Context, card: int, space: int, level: int) -> None:
    state.set_support(space, level)
    ctx.say(f"#{card}: {space_name(space)} to {SUPPORT_LABELS[state.support[space]]}")


def _shift(state: GameState, ctx: Context, card: int, space: int, levels: int) -> None:
    state.shift(space, levels)
    ctx.say(f"#{card}: shift {space_name(space)} to {SUPPORT_LABELS[state.support[space]]}")


def _govt_resources(state: GameState, ctx: Context, card: int, n: int) -> None:
    change = state.add_resources(GOVT, n)
    ctx.say(f"#{card}: Government Resources {change:+d} (now {state.resources[GOVT]})")


def _aid_to_resources(state: GameState, ctx: Context, card: int, aid_plus: int) -> None:
    """Cards 12, 17, 18 unshaded: add lesser of Aid or +20 to Govt Resources, then Aid +N."""
    _govt_resources(state, ctx, card, min(state.aid, AID_TO_RESOURCES_CAP))
    change = state.add_aid(aid_plus)
    ctx.say(f"#{card}: Aid {change:+d} (now {state.aid})")


def _activate_chosen(
    state: GameState,
    ctx: Context,
    chooser: Chooser,
    region: list[int],
    n: int,
    why: str,
) -> int:
    """Flip ``n`` distinct Guerrillas in ``region`` to Active, chosen one by one: a space,
    then (if several) the kind. Already Active Guerrillas may be chosen (1.4.3 NOTE).
    Returns how many Underground Guerrillas flipped."""
    chosen: dict[tuple[int, Piece], int] = {}  # (space, Active kind) -> already chosen

    def free_kinds(space: int) -> list[Piece]:
        out = []
        for f in INSURGENTS:
            if state.underground(space, f):
                out.append(UNDERGROUND_OF[f])
            if state.active(space, f) > chosen.get((space, ACTIVE_OF[f]), 0):
                out.append(ACTIVE_OF[f])
        return out

    flipped = 0
    for _ in range(n):
        space = ask_space(
            chooser, state, region, lambda s: bool(free_kinds(s)),
            why + " a Guerrilla in which space?",
        )
        if space is None:
            break
        kinds = [int(k) for k in free_kinds(space)]
        which = why + f" which Guerrilla in {space_name(space)}?"
        kind = Piece(ask_one(chooser, state, "pieces", kinds, which))
        active = ACTIVE_OF[kind.faction]
        if kind is not active:
            flipped += state.activate(space, kind.faction, 1)
            ctx.say(f"Activate 1 {kind.faction.label} Guerrilla in {space_name(space)}")
        chosen[(space, active)] = chosen.get((space, active), 0) + 1
    return flipped


def _remove_one_by_one(
    state: GameState,
    ctx: Context,
    chooser: Chooser,
    kind: Piece,
    n: int,
    candidates: list[int],
    why: str,
    decider: int | None = None,
) -> int:
    """Remove ``n`` pieces of ``kind`` from ``candidates``, choosing the space of each
    (as many as there are). Returns how many were removed."""
    removed = 0
    for _ in range(n):
        space = ask_space(
            chooser, state, candidates, lambda s: state.count(s, kind) > 0, why, decider=decider
        )
        if space is None:
            break
        state.remove(space, kind, 1)
        removed += 1
        ctx.say(f"Remove {counted(1, kind.label)} from {space_name(space)}")
    return removed


# ======================================================================================
# lasting Events with no immediate effect (5.3 Capabilities, 5.4 Momentum)
# ======================================================================================
_LASTING_TEXTS: dict[tuple[int, str], str] = {
    (FIRST_DIVISION, UNSHADED): "1 Civic Action space each Support Phase requires Govt "
    "Control and any cube",
    (FIRST_DIVISION, SHADED): "Civic Action requires at least 2 Troops and 2 Police",
    (OSPINA_MORA, UNSHADED): "Sweep costs 1 Resource per space",
    (OSPINA_MORA, SHADED): "Sweep Operations may target only 1 space per card",
    (TAPIAS, UNSHADED): "Assault costs 1 Resource per space",
    (TAPIAS, SHADED): "Assault Operations may target only 1 space per card",
    (SEVENTH_SPECIAL_FORCES, UNSHADED): "each Sabotage phase, Govt may remove 1-3 Terror "
    "or Sabotage",
    (SEVENTH_SPECIAL_FORCES, SHADED): "Sabotage phase: Sabotage LoCs with any Guerrillas "
    "equal to cubes",
    (HIGH_MOUNTAIN_BATTALIONS, UNSHADED): "Assault treats Mountain as City",
    (HIGH_MOUNTAIN_BATTALIONS, SHADED): "Assault in Mountain removes only 1 piece for 4 Troops",
    (BLACKHAWKS, UNSHADED): "Air Lift moves any number of Troops",
    (BLACKHAWKS, SHADED): "Air Lift moves only 1 Troops cube",
    (NDSC, UNSHADED): "1 Police cube may enter each Sweep space",
    (NDSC, SHADED): "a Sweep Operation Activates Guerrillas via Troops or Police, not both",
    (PLAN_COLOMBIA, SHADED): "no Air Strike or Activation by Patrol until next Propaganda",
    (PLAN_METEORO, UNSHADED): "Patrol conducts a free Assault in each LoC",
    (PLAN_METEORO, SHADED): "Patrols do not conduct a free Assault",
    (MADRID_DONORS, SHADED): "no Sweep or Assault in Depts until next Propaganda",
    (ALFONSO_CANO, SHADED): "may Agitate also in up to 3 spaces with FARC piece and no Govt "
    "Control",
}


def _lasting(card: int, side: str, text: str) -> None:
    """Register a side whose whole effect is its lasting marker (5.3, 5.4)."""

    def effect(state: GameState, ctx: Context, chooser: Chooser) -> None:
        kind = "Capability" if CARDS[card].is_capability else "Momentum"
        ctx.say(f"#{card} {CARDS[card].title} ({side}) {kind}: {text}")

    effect.__name__ = f"card_{card}_{side}"
    effect.__doc__ = f"#{card} {CARDS[card].title} ({side}): {text}. Lasting (5.3/5.4) only."
    event(card, side)(effect)


for (_card, _side), _text in _LASTING_TEXTS.items():
    _lasting(_card, _side, _text)


# ======================================================================================
# 4 Caño Limón - Coveñas
# ======================================================================================
@event(4, UNSHADED)
def cano_limon_unshaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#4 (unshaded): Add twice the Econ of 3 unSabotaged pipelines to Government
    Resources. Asks: which 3 unSabotaged Pipelines (if more than 3)."""
    chosen = ask_spaces(
        chooser, state, pipelines(), 3, _why(4, "which 3 unSabotaged pipelines?"),
        score=lambda s: not state.sabotage[s],
    )
    if chosen:
        ctx.say("#4: pipelines " + ", ".join(space_name(s) for s in chosen))
        _govt_resources(state, ctx, 4, 2 * sum(SPACES[s].econ for s in chosen))


@event(4, SHADED)
def cano_limon_shaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#4 (shaded): Sabotage the 3 pipelines with highest value and no cubes. Only
    unSabotaged pipelines can be Sabotaged (3.3.4). Asks: which of Pipelines tied for
    the last place(s) among the 3 highest Econ."""
    def econ(pipe: int) -> int:
        return 0 if state.sabotage[pipe] or state.cubes(pipe) else SPACES[pipe].econ

    chosen = ask_spaces(
        chooser, state, pipelines(), 3, _why(4, "Sabotage which pipeline?"), score=econ
    )
    for space in sorted(chosen, key=lambda s: -econ(s)):  # highest first (markers may run out)
        if state.add_sabotage(space):
            ctx.say(f"#4: Sabotage {space_name(space)}")


# ======================================================================================
# 5 Occidental & Ecopetrol
# ======================================================================================
@event(5, UNSHADED)
def occidental_ecopetrol_unshaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#5 (unshaded): Place 6 Police onto pipelines. 3 Guerrillas there or adjacent flip
    to Active.

    Asks: the Pipeline of each Police placed (one answer of 6 spaces, repeats allowed;
    fewer if fewer Police are Available); then 3 times a space and a Guerrilla kind among
    the Pipelines that received Police and their adjacent spaces.
    """
    n = min(6, state.available(Piece.POLICE))
    where = ask(
        chooser,
        state,
        "spaces",
        pipelines(),
        _why(5, "place Police on which pipelines?"),
        lo=n,
        hi=n,
        repeat=True,
    )
    for space in where:
        state.place(space, Piece.POLICE)
    for space in sorted(set(where)):
        ctx.say(f"#5: place {counted(where.count(space), 'Police')} in {space_name(space)}")
    # "there or adjacent": the pipelines that got Police and their neighbours, however
    # few Police were Available (docs/readings.md#r-05-flips-there)
    region = sorted({a for s in where for a in SPACES[s].adjacent if state.in_play(a)} | set(where))
    _activate_chosen(state, ctx, chooser, region, 3, _why(5, "flip"))


def three_econ_neighbours(state: GameState) -> list[int]:
    """Populated spaces adjacent to a 3-Econ LoC, not yet at Active Opposition (card 5)."""
    near = {a for s in MAP.locs if s.econ == 3 for a in s.adjacent}
    return sorted(
        a
        for a in near
        if SPACES[a].is_populated and state.in_play(a) and state.support[a] > ACTIVE_OPPOSITION
    )


@event(5, SHADED)
def occidental_ecopetrol_shaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#5 (shaded): Shift a space adjacent to a 3-Econ LoC by 2 levels toward Active
    Opposition. Asks: which space (one that can shift the full 2 levels if any, 5.1.3)."""
    space = ask_space(
        chooser, state, three_econ_neighbours(state),
        lambda s: min(2, state.support[s] - ACTIVE_OPPOSITION), _why(5, "shift where?"),
    )
    if space is not None:
        _shift(state, ctx, 5, space, -2)


# ======================================================================================
# 6 Oil Spill
# ======================================================================================
@event(6, UNSHADED)
def oil_spill_unshaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#6 (unshaded): Shift 2 Opposition or Neutral Departments adjacent to Sabotage to
    Passive Support. Asks: which 2 (if more qualify)."""
    def shifts(d: int) -> bool:
        return (
            SPACES[d].is_populated
            and state.support[d] <= NEUTRAL
            and any(state.sabotage[a] for a in SPACES[d].adjacent)
        )

    depts = [s.id for s in _in_play(state) if s.is_department]
    why = _why(6, "which 2 Departments?")
    for space in ask_spaces(chooser, state, depts, 2, why, score=shifts):
        _set_level(state, ctx, 6, space, PASSIVE_SUPPORT)


@event(6, SHADED)
def oil_spill_shaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#6 (shaded): Sabotage a pipeline. Shift an adjacent Department by 1 level toward
    Active Opposition.

    Asks: the pipeline, among those where the most of the text can be done (5.1.3),
    read in its order: one that can be Sabotaged (none yet, a marker left) if any, and
    among those one with an adjacent Department that can shift if any; then the adjacent
    Department (among those not at Active Opposition).
    """
    can_sabotage = state.markers_available() > 0

    def shifts(dept: int) -> bool:
        return (
            SPACES[dept].is_department
            and SPACES[dept].is_populated
            and state.in_play(dept)
            and state.support[dept] > ACTIVE_OPPOSITION
        )

    def depts(pipe: int) -> list[int]:
        return [a for a in SPACES[pipe].adjacent if shifts(a)]

    def score(pipe: int) -> int:
        # the text in its order: the Sabotage first, then the shift
        return 2 * int(can_sabotage and not state.sabotage[pipe]) + int(bool(depts(pipe)))

    pipe = ask_space(chooser, state, pipelines(), score, _why(6, "Sabotage which pipeline?"))
    if pipe is None:
        return
    if state.add_sabotage(pipe):
        ctx.say(f"#6: Sabotage {space_name(pipe)}")
    why = _why(6, "shift which adjacent Department?")
    space = ask_space(chooser, state, SPACES[pipe].adjacent, shifts, why)
    if space is not None:
        _shift(state, ctx, 6, space, -1)


# ======================================================================================
# 8 Fuerza Aérea Colombiana
# ======================================================================================
def air_strike_kinds(state: GameState, space: int) -> list[Piece]:
    """Pieces an Air Strike may remove in ``space`` (4.2.2): an Active Guerrilla, or a
    Base of a Faction without Guerrillas there; Departments and LoCs only.

    Unlike :func:`core.rules.govt_special.air_strike_targets` this ignores Plan Colombia
    and Misil Antiaéreo: card 8's free Air Strikes are the currently played Event, which
    takes precedence over an earlier one (5.1.2).
    """
    return govt_special.air_strike_pieces(state, space)


@event(8, UNSHADED)
def fuerza_aerea_unshaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#8 (unshaded): Govt executes 3 free Air Strikes.

    The Government asks, 3 times: the Department or LoC, then (if several) the piece.
    Shipments left without a Guerrilla leave the map (no Drug Bust: that is Assault's).
    """
    decider = _decider(ctx, GOVT)
    for i in range(3):
        why = _why(8, f"Air Strike {i + 1} of 3")
        space = ask_space(
            chooser, state, [s.id for s in SPACES],
            lambda s: bool(air_strike_kinds(state, s)), why + " where?", decider=decider,
        )
        if space is None:
            return
        kinds = [int(k) for k in air_strike_kinds(state, space)]
        kind = Piece(
            ask_one(chooser, state, "pieces", kinds, why + " remove which piece?", decider=decider)
        )
        state.remove(space, kind, 1)
        ctx.say(f"#8 free Air Strike in {space_name(space)}: remove {counted(1, kind.label)}")


@event(8, SHADED)
def fuerza_aerea_shaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#8 (shaded): Government Resources -9."""
    _govt_resources(state, ctx, 8, -9)


# ======================================================================================
# 12 Plan Colombia, 17 Madrid Donors, 18 NSPD-18
# ======================================================================================
@event(12, UNSHADED)
def plan_colombia_unshaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#12 (unshaded): Add lesser of Aid or +20 to Govt Resources. Then Aid +10."""
    _aid_to_resources(state, ctx, 12, 10)


@event(17, UNSHADED)
def madrid_donors_unshaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#17 (unshaded): Add lesser of Aid or +20 to Govt Resources. Then Aid +6."""
    _aid_to_resources(state, ctx, 17, 6)


@event(18, UNSHADED)
def nspd_18_unshaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#18 (unshaded): Add lesser of Aid or +20 to Govt Resources. Then Aid +20."""
    _aid_to_resources(state, ctx, 18, 20)


@event(18, SHADED)
def nspd_18_shaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#18 (shaded): Government Resources -6. Subtract a die roll from Aid."""
    _govt_resources(state, ctx, 18, -6)
    roll = ctx.roll(state, "#18 NSPD-18: Aid minus a die")
    change = state.add_aid(-roll)
    ctx.say(f"#18: roll {roll}, Aid {change:+d} (now {state.aid})")


# ======================================================================================
# 14 Tres Esquinas
# ======================================================================================
@event(14, UNSHADED)
def tres_esquinas_unshaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#14 (unshaded): Government places 1 Base and 3 Troops into any Department.

    The Government asks: which Department, among those where the most of the 4 pieces
    can be placed (5.1.3; stacking 1.4.2: not a FARC Zone, under 2 Bases, Ecuador's 2
    Government pieces of card 33, and what is Available); where not all fit, the Base
    goes first.
    """
    pieces = ((Piece.GOVT_BASE, 1), (Piece.TROOPS, 3))
    depts = [s.id for s in _in_play(state) if s.is_department]
    why = _why(14, "which Department?")
    space = ask_space(
        chooser, state, depts, lambda d: fits(state, d, pieces), why, decider=_decider(ctx, GOVT)
    )
    if space is None:
        return
    base = _place(state, space, Piece.GOVT_BASE, 1)
    troops = _place(state, space, Piece.TROOPS, 3)
    ctx.say(f"#14: place {listed((base, 'Government Base'), (troops, 'Troops'))} in "
            f"{space_name(space)}")


@event(14, SHADED)
def tres_esquinas_shaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#14 (shaded): Remove 1 Government Base and 1 cube from a Department.

    Asks: which Department, among those where the most of the 2 pieces can be removed
    (5.1.3: one with a Government Base and a cube if there is any); then Troops or Police
    if both are there.
    """
    depts = [s.id for s in _in_play(state) if s.is_department]

    def removable(d: int) -> int:
        return min(1, state.count(d, Piece.GOVT_BASE)) + min(1, state.cubes(d))

    space = ask_space(chooser, state, depts, removable, _why(14, "which Department?"))
    if space is None:
        return
    if state.count(space, Piece.GOVT_BASE):
        state.remove(space, Piece.GOVT_BASE, 1)
        ctx.say(f"#14: remove 1 Government Base from {space_name(space)}")
    cubes = [int(k) for k in (Piece.TROOPS, Piece.POLICE) if state.count(space, k)]
    cube = ask_one(chooser, state, "pieces", cubes, _why(14, "remove which cube?"))
    if cube is not None:
        state.remove(space, Piece(cube), 1)
        ctx.say(f"#14: remove {counted(1, Piece(cube).label)} from {space_name(space)}")


# ======================================================================================
# 15 War Tax
# ======================================================================================
@event(15, UNSHADED)
def war_tax_unshaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#15 (unshaded): Roll a die and add 4 times the result to Government Resources."""
    roll = ctx.roll(state, "#15 War Tax: 4 x die to Government Resources")
    ctx.say(f"#15: roll {roll}")
    _govt_resources(state, ctx, 15, 4 * roll)


@event(15, SHADED)
def war_tax_shaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#15 (shaded): Shift a City from Neutral or Passive Support to Passive Opposition.
    Asks: which City."""
    space = ask_space(
        chooser, state, [s.id for s in MAP.cities],
        lambda c: state.support[c] in (NEUTRAL, PASSIVE_SUPPORT), _why(15, "which City?"),
    )
    if space is not None:
        _set_level(state, ctx, 15, space, PASSIVE_OPPOSITION)


# ======================================================================================
# 16 Coffee Prices
# ======================================================================================
def most_pieces(state: GameState, space: int) -> Faction:
    """The Faction with most pieces in ``space``; Government if tied (card 16), including
    a space with no pieces at all (every Faction tied at 0)."""
    counts = {f: state.faction_pieces(space, f) for f in Faction}
    top = max(counts.values())
    leaders = [f for f, n in counts.items() if n == top]
    return leaders[0] if len(leaders) == 1 else GOVT


@event(16, UNSHADED)
def coffee_prices_unshaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#16 (unshaded): Each Mountain, +5 Resources to Faction with most pieces, tied
    spaces to Govt."""
    for space in mountains():
        f = most_pieces(state, space)
        change = state.add_resources(f, 5)
        ctx.say(f"#16: {space_name(space)}: {f.label} Resources {change:+d}")


@event(16, SHADED)
def coffee_prices_shaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#16 (shaded): Government Resources -10."""
    _govt_resources(state, ctx, 16, -10)


# ======================================================================================
# 19 General Offensive (single text)
# ======================================================================================
def _go_sweep_ok(state: GameState, space: int) -> bool:
    """A free Sweep without movement would Activate something here (3.2.3), within
    Madrid Donors and shaded Ospina & Mora."""
    if coin_ops.sweep_spaces_left(state) < 1:
        return False
    return (
        space in coin_ops.sweep_spaces(state)
        and coin_ops.sweep_activation_capacity(state, space) > 0
        and any(state.underground(space, f) for f in INSURGENTS
                if f is not coin_ops.senado_immune(state))
    )


def _go_assault_ok(state: GameState, space: int) -> bool:
    """A free Assault would remove something here (3.2.4), within Madrid Donors and
    shaded Tapias."""
    if coin_ops.assault_spaces_left(state) < 1:
        return False
    return (
        coin_ops.assault_space_problem(state, space) is None
        and coin_ops.assault_removals(state, space) > 0
    )


def general_offensive_options(state: GameState, faction: Faction, space: int) -> list[str]:
    """What ``faction`` may execute in ``space`` for General Offensive (card 19):
    Government "Sweep" (without movement) / "Assault"; Insurgents "Attack" / "Terror".
    Only Operations that would do something are offered."""
    if not state.in_play(space):
        return []
    if faction is GOVT:
        tests = ((SWEEP, _go_sweep_ok), (ASSAULT, _go_assault_ok))
        return [op for op, ok in tests if ok(state, space)]
    out = []
    if insurgent_ops.attack_problem(state, faction, space) is None:
        out.append(ATTACK)
    if insurgent_ops.terror_problem(state, faction, space) is None:
        out.append(TERROR)
    return out


def general_offensive_spaces(state: GameState, faction: Faction) -> list[int]:
    """Spaces where ``faction`` can execute something for General Offensive (card 19)."""
    return [s.id for s in SPACES if general_offensive_options(state, faction, s.id)]


def _sweep_activations(
    state: GameState, chooser: Chooser, space: int
) -> tuple[coin_ops.Activation, ...]:
    """The Government's Activation choice for a Sweep in ``space`` (3.2.3, 1.4.1): if the
    cubes can flip every Underground Guerrilla, which Factions to target; otherwise the
    Faction of each Guerrilla flipped, one by one (all Activations are used)."""
    capacity = coin_ops.sweep_activation_capacity(state, space)
    immune = coin_ops.senado_immune(state)  # Senado & Cámara shaded (card 42, 5.4)
    under = {f: state.underground(space, f) for f in INSURGENTS
             if state.underground(space, f) and f is not immune}
    why = _why(19, f"Sweep in {space_name(space)}:")
    if sum(under.values()) <= capacity:
        targeted = _factions(chooser, state, list(under), why + " Activate which Factions?")
        return tuple((space, int(f), under[f]) for f in targeted)
    plan = dict.fromkeys(under, 0)
    for _ in range(capacity):
        options = [int(f) for f in under if plan[f] < under[f]]
        f = Faction(
            ask_one(chooser, state, "factions", options, why + " Activate whose Guerrilla?")
        )
        plan[f] += 1
    return tuple((space, int(f), n) for f, n in plan.items() if n)


def _assault_kinds(state: GameState, space: int) -> list[int]:
    """Pieces Assault may remove next in ``space``: Active Guerrillas; Bases of a
    Faction with no Guerrilla left there (3.2.4 "Bases last")."""
    immune = coin_ops.senado_immune(state)  # Senado & Cámara shaded (card 42, 5.4)
    factions = [f for f in INSURGENTS if f is not immune]
    out = [int(ACTIVE_OF[f]) for f in factions if state.active(space, f)]
    out += [
        int(BASE_OF[f])
        for f in factions
        if state.bases(space, f) and not state.guerrillas(space, f)
    ]
    return out


def _assault_order(state: GameState, chooser: Chooser, space: int) -> tuple[int, ...]:
    """The Government's removal choice for an Assault in ``space`` (3.2.4, 1.4.1): if the
    cubes can remove everything removable, which Factions to target; otherwise each piece
    removed, one by one (all removals are used)."""
    capacity = coin_ops.assault_capacity(state, space)
    removable = {
        f: coin_ops.assault_targets(state, space, f)
        for f in INSURGENTS
        if coin_ops.assault_targets(state, space, f)
    }
    why = _why(19, f"Assault in {space_name(space)}:")
    if sum(removable.values()) <= capacity:
        targeted = _factions(chooser, state, list(removable), why + " target which Factions?")
        return coin_ops.default_removal_order(state, space, capacity, targeted)
    sim = state.clone()
    order: list[int] = []
    for _ in range(capacity):
        kind = ask_one(chooser, sim, "pieces", _assault_kinds(sim, space), why + " remove which?")
        sim.remove(space, Piece(kind), 1)
        order.append(int(kind))
    return tuple(order)


def _general_offensive_govt(state: GameState, ctx: Context, chooser: Chooser) -> None:
    free = free_context(state, ctx, chooser, GOVT)
    remaining = general_offensive_spaces(state, GOVT)
    # The order matters only when shaded Ospina & Mora / Tapias allow 1 space per card.
    one_per_card = SHADED in (state.capability(OSPINA_MORA), state.capability(TAPIAS))
    while remaining:
        space = remaining[0]
        if one_per_card and len(remaining) > 1:
            space = ask_one(chooser, state, "spaces", remaining, _why(19, "next space?"))
        remaining.remove(space)
        ops = general_offensive_options(state, GOVT, space)
        if not ops:  # an earlier space's Sweep or Assault left nothing to do here
            continue
        op = ask_one(
            chooser, state, "option", ops, _why(19, f"Sweep or Assault in {space_name(space)}?")
        )
        if op == SWEEP:
            activate = _sweep_activations(state, chooser, space)
            coin_ops.Sweep(selected=(space,), activate=activate).execute(state, free)
        elif op == ASSAULT:
            order = _assault_order(state, chooser, space)
            coin_ops.Assault(selected=(space,), removals=((space, order),)).execute(state, free)


def _attack_targets(
    state: GameState, chooser: Chooser, faction: Faction, space: int
) -> tuple[int, ...]:
    """The enemy pieces a successful Attack in ``space`` removes (3.3.3, 1.4.1): the
    first, then (if any may follow) the second."""
    legal = insurgent_ops.attack_target_options(state, faction, space)
    options = [tuple(int(k) for k in o) for o in legal]
    why = _why(19, f"Attack in {space_name(space)}:")
    first = ask_one(
        chooser, state, "pieces", sorted({o[0] for o in options}), why + " remove which?"
    )
    seconds = sorted({o[1] for o in options if len(o) == 2 and o[0] == first})
    alone = (first,) in options
    second = ask_one(chooser, state, "pieces", seconds, why + " and which second?", optional=alone)
    return (first,) if second is None else (first, second)


def _general_offensive_insurgent(state: GameState, ctx: Context, chooser: Chooser) -> None:
    f = ctx.faction
    attacks: list[insurgent_ops.AttackTarget] = []
    terrors: list[int] = []
    for space in general_offensive_spaces(state, f):
        ops = general_offensive_options(state, f, space)
        op = ask_one(
            chooser, state, "option", ops, _why(19, f"Attack or Terror in {space_name(space)}?")
        )
        if op == ATTACK:
            kinds = _attack_targets(state, chooser, f, space)
            attacks.append(insurgent_ops.attack_in(space, *kinds))
        else:
            terrors.append(space)
    free = free_context(state, ctx, chooser, f)
    if attacks:
        insurgent_ops.Attack(targets=tuple(attacks)).execute(state, free)
    if terrors:
        insurgent_ops.Terror(where=tuple(terrors)).execute(state, free)


@event(19, UNSHADED)
def general_offensive(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#19 General Offensive: In each space possible, choose and execute either free
    Sweep without movement or Assault (if Government), or free Attack or Terror (if
    Insurgent).

    "Possible" spaces are those where the Operation would do something (Activate,
    remove, or for Terror: any Underground Guerrilla of the Faction), within the lasting
    Events in play (Madrid Donors; shaded Ospina & Mora and Tapias, 1 space per card).

    Government asks, per space in map order (or, under a 1-space-per-card Capability,
    first which space is next): Sweep or Assault (if both would act); then for a Sweep
    the Factions targeted or each Faction Activated, for an Assault the Factions targeted
    or each piece removed. Insurgents ask, per space in map order: Attack or Terror (if
    both); for an Attack, the first and second enemy piece to remove. All Attacks then
    resolve as one free Attack, all Terror as one free Terror (one AUC Aid Cut).
    """
    if ctx.faction is GOVT:
        _general_offensive_govt(state, ctx, chooser)
    else:
        _general_offensive_insurgent(state, ctx, chooser)


# ======================================================================================
# 20 Mono Jojoy
# ======================================================================================
def _adjacent_in_play(state: GameState, space: int) -> list[int]:
    return [a for a in SPACES[space].adjacent if state.in_play(a)]


@event(20, UNSHADED)
def mono_jojoy_unshaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#20 (unshaded): Govt player repositions up to 6 FARC Guerrillas into adjacent
    spaces.

    The Government asks, until it stops or 6 have moved: from which space (or none),
    Underground or Active (if both), to which adjacent space, how many. A Guerrilla moves
    once and keeps its side; moves by Event do not Activate (3.3.2 NOTE).
    """
    decider = _decider(ctx, GOVT)
    kinds = (Piece.FARC_UNDERGROUND, Piece.FARC_ACTIVE)
    unmoved = {(s.id, k): state.count(s.id, k) for s in SPACES for k in kinds}
    moved = 0
    while moved < 6:
        sources = [
            s.id
            for s in SPACES
            if any(unmoved[(s.id, k)] for k in kinds) and _destinations_20(state, s.id)
        ]
        why = _why(20, "reposition FARC Guerrillas")
        src = ask_one(
            chooser, state, "spaces", sources, why + " from where?", decider=decider, optional=True
        )
        if src is None:
            return
        options = [int(k) for k in kinds if unmoved[(src, k)]]
        kind = Piece(ask_one(chooser, state, "pieces", options, why + " which?", decider=decider))
        dst = ask_one(
            chooser, state, "spaces", _destinations_20(state, src), why + " to?", decider=decider
        )
        most = min(6 - moved, unmoved[(src, kind)], _room(state, dst, FARC))
        n = ask_one(
            chooser, state, "number", list(range(1, most + 1)), why + " how many?", decider=decider
        )
        state.move(src, dst, kind, n)  # the last FARC Guerrillas take their Shipments (4.5.3)
        unmoved[(src, kind)] -= n
        moved += n
        ctx.say(f"#20: move {counted(n, kind.label)} from {space_name(src)} to {space_name(dst)}")


def _destinations_20(state: GameState, src: int) -> list[int]:
    return [a for a in _adjacent_in_play(state, src) if _room(state, a, FARC) > 0]


def _march_plan(
    state: GameState, chooser: Chooser, decider: int | None
) -> list[insurgent_ops.MarchGroup]:
    """FARC's groups for a free March (3.3.2), asked group by group: from where (or
    none to stop), to where, how many Underground, how many Active, how many Shipments."""
    f = FARC
    unmoved = {s.id: [state.underground(s.id, f), state.active(s.id, f)] for s in SPACES}
    ships = {s.id: len(state.shipments_at(s.id, f)) for s in SPACES}
    used: set[tuple[int, int]] = set()
    planned: dict[int, int] = {}  # Guerrillas this plan already marches into each space
    groups: list[insurgent_ops.MarchGroup] = []
    why = _why(20, "FARC free March:")

    def targets(src: int) -> list[int]:
        return [
            d
            for d in insurgent_ops.march_destinations(state, f, src)
            if (src, d) not in used and _room(state, d, f) - planned.get(d, 0) > 0
        ]

    while True:
        origins = [s for s, (u, a) in unmoved.items() if u + a and targets(s)]
        src = ask_one(
            chooser,
            state,
            "spaces",
            origins,
            why + " a group from where?",
            decider=decider,
            optional=True,
        )
        if src is None:
            return groups
        dst = ask_one(chooser, state, "spaces", targets(src), why + " to where?", decider=decider)
        cap = _room(state, dst, f) - planned.get(dst, 0)  # Ecuador: 2 per Faction
        u_max, a_max = min(unmoved[src][0], cap), min(unmoved[src][1], cap)
        low = 0 if a_max else 1
        u = ask_one(
            chooser, state, "number", range(low, u_max + 1), why + " Underground?", decider=decider
        )
        a_hi = min(a_max, cap - u)
        a_range = range(0 if u else 1, a_hi + 1)
        a = ask_one(chooser, state, "number", a_range, why + " Active?", decider=decider)
        s = ask_one(
            chooser, state, "number", range(ships[src] + 1), why + " Shipments?", decider=decider
        )
        unmoved[src][0] -= u
        unmoved[src][1] -= a
        ships[src] -= s
        planned[dst] = planned.get(dst, 0) + u + a
        used.add((src, dst))
        groups.append(insurgent_ops.march_group(src, dst, u, a, s))


@event(20, SHADED)
def mono_jojoy_shaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#20 (shaded): FARC free Marches any of its Guerrillas then flips up to 3 of its
    Guerrillas Underground.

    FARC asks: the March groups (see :func:`_march_plan`); then up to 3 times, the space
    of an Active FARC Guerrilla to flip Underground (or none to stop).
    """
    decider = _decider(ctx, FARC)
    groups = _march_plan(state, chooser, decider)
    if groups:
        march = insurgent_ops.March(groups=tuple(groups))
        march.execute(state, free_context(state, ctx, chooser, FARC))
    for _ in range(3):
        why = _why(20, "flip a FARC Guerrilla Underground where?")
        space = ask_space(
            chooser, state, [s.id for s in SPACES], lambda s: state.active(s, FARC) > 0,
            why, optional=True, decider=decider,
        )
        if space is None:
            return
        state.flip(space, FARC, 1, to_active=False)
        ctx.say(f"#20: flip 1 FARC Guerrilla Underground in {space_name(space)}")


# ======================================================================================
# 21 Raúl Reyes
# ======================================================================================
def _farc_resources(state: GameState, ctx: Context, n: int) -> None:
    change = state.add_resources(FARC, n)
    ctx.say(f"#21: FARC Resources {change:+d} (now {state.resources[FARC]})")


@event(21, UNSHADED)
def raul_reyes_unshaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#21 (unshaded): FARC Resources -6. Remove 1 FARC Base. Asks: which FARC Base."""
    _farc_resources(state, ctx, -6)
    spaces = [s.id for s in SPACES if state.bases(s.id, FARC)]
    why = _why(21, "remove which FARC Base?")
    _remove_one_by_one(state, ctx, chooser, Piece.FARC_BASE, 1, spaces, why)


@event(21, SHADED)
def raul_reyes_shaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#21 (shaded): FARC Resources +6. Place a FARC Base in a City or Department.
    Asks: where (an Available Base, within stacking)."""
    _farc_resources(state, ctx, 6)
    spaces = [s.id for s in _in_play(state) if s.is_city or s.is_department]
    space = ask_space(
        chooser, state, spaces, lambda s: state.can_place(s, Piece.FARC_BASE),
        _why(21, "place a FARC Base where?"),
    )
    if space is not None:
        state.place(space, Piece.FARC_BASE)
        ctx.say(f"#21: place a FARC Base in {space_name(space)}")


# ======================================================================================
# 22 Alfonso Cano
# ======================================================================================
@event(22, UNSHADED)
def alfonso_cano_unshaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#22 (unshaded): Shift an Opposition space to Neutral. Asks: which space."""
    space = ask_space(
        chooser, state, [s.id for s in SPACES], lambda s: state.support[s] < NEUTRAL,
        _why(22, "which Opposition space?"),
    )
    if space is not None:
        _set_level(state, ctx, 22, space, NEUTRAL)


# ======================================================================================
# 23 DoD Contractors
# ======================================================================================
@event(23, UNSHADED)
def dod_contractors_unshaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#23 (unshaded): In a Dept, Activate all Guerrillas and remove all Cartels Bases.
    Asks: which Department (one with an Underground Guerrilla or a Cartels Base)."""
    def acts(d: int) -> bool:
        # "all": complete wherever it does something (readings.md#r-most-of-the-text-count)
        return bool(state.bases(d, CARTELS)) or any(state.underground(d, f) for f in INSURGENTS)

    depts = [s.id for s in _in_play(state) if s.is_department]
    space = ask_space(chooser, state, depts, acts, _why(23, "which Department?"))
    if space is None:
        return
    for f in INSURGENTS:
        n = state.activate(space, f, state.underground(space, f))
        if n:
            ctx.say(f"#23: Activate {counted(n, f'{f.label} Guerrilla')} in {space_name(space)}")
    bases = state.bases(space, CARTELS)
    if bases:
        state.remove(space, Piece.CARTELS_BASE, bases)
        ctx.say(f"#23: remove {counted(bases, 'Cartels Base')} from {space_name(space)}")


@event(23, SHADED)
def dod_contractors_shaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#23 (shaded): Govt removes 3 Troops. Mark Govt and FARC Ineligible through next
    card. The Government asks 3 times: remove Troops from which space."""
    spaces = [s.id for s in SPACES if state.troops(s.id)]
    why = _why(23, "remove Troops from where?")
    _remove_one_by_one(state, ctx, chooser, Piece.TROOPS, 3, spaces, why, _decider(ctx, GOVT))
    ineligible_through_next_card(state, ctx, GOVT, FARC)


# ======================================================================================
# 24 Operación Jaque
# ======================================================================================
@event(24, UNSHADED)
def operacion_jaque_unshaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#24 (unshaded): 1 City to Active Support. Mark FARC Ineligible through next card.
    Asks: which City (one not yet at Active Support)."""
    space = ask_space(
        chooser, state, [s.id for s in MAP.cities], lambda c: state.support[c] < ACTIVE_SUPPORT,
        _why(24, "which City to Active Support?"),
    )
    if space is not None:
        _set_level(state, ctx, 24, space, ACTIVE_SUPPORT)
    ineligible_through_next_card(state, ctx, FARC)


@event(24, SHADED)
def operacion_jaque_shaded(state: GameState, ctx: Context, chooser: Chooser) -> None:
    """#24 (shaded): Remove 2 Troops from a space with FARC pieces. Shift a City with
    Support to Neutral. Asks: which space (with FARC pieces and the most Troops up to 2,
    5.1.3); which City."""
    spaces = [s.id for s in SPACES if state.faction_pieces(s.id, FARC)]
    # 5.1.3: only the spaces where the most of the 2 Troops can be removed
    why = _why(24, "remove 2 Troops where?")
    space = ask_space(chooser, state, spaces, lambda s: min(2, state.troops(s)), why)
    if space is not None:
        n = min(2, state.troops(space))
        state.remove(space, Piece.TROOPS, n)
        ctx.say(f"#24: remove {counted(n, 'Troops')} from {space_name(space)}")
    city = ask_space(
        chooser, state, [s.id for s in MAP.cities], lambda c: state.support[c] > NEUTRAL,
        _why(24, "which City with Support?"),
    )
    if city is not None:
        _set_level(state, ctx, 24, city, NEUTRAL)
