"""The game state as plain data (see ``docs/state-format.md``).

A :class:`GameState` holds everything on the board and the tracks, plus where play stands
in the Sequence of Play. It has no behaviour beyond *primitive* board changes (place,
remove, move, flip, shift, pay) that enforce the rules every Operation and Event shares:
availability (1.4.1), stacking and FARC Zones (1.4.2), Underground placement (1.4.3),
Shipments held by Guerrillas (4.5.3), the 0-99 Resources and 0-29 Aid bounds (1.7) and the
40 Terror/Sabotage markers (3.3.4). Operations, Special Activities, Events and phases are
written on top of these primitives, so each of those rules lives once, here.

Derived values (Available forces, Control, Total Support, Opposition + Bases, victory
margins) are always recomputed from the board, never stored.

Pieces are counts in one flat list of ``len(SPACES) * NUM_KINDS`` ints, row = space id,
column = :class:`~core.pieces.Piece`. ``clone()`` is a handful of list copies.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from operator import getitem
from typing import Any, Final

from core import engine
from core.errors import IllegalAction
from core.map import MAP, Space, space_name
from core.pieces import (
    ACTIVE_OF,
    AUC,
    AUC_BASE,
    BASE_OF,
    BASES,
    CARTELS,
    CARTELS_BASE,
    FACTION_KINDS,
    FACTIONS,
    FARC,
    FARC_BASE,
    GOVT,
    GOVT_BASE,
    GUERRILLA_KINDS,
    INSURGENTS,
    MAX_AID,
    MAX_BASES_PER_SPACE,
    MAX_RESOURCES,
    NUM_KINDS,
    PIECE_FACTION,
    PIECES,
    POLICE,
    SHIPMENTS,
    TERROR_SABOTAGE_MARKERS,
    TROOPS,
    UNDERGROUND_OF,
    Faction,
    Piece,
    as_piece,
)
from core.space import ECUADOR, SPACES

# Module constants read by the state's methods are Final: compiled, a Final is a C static
# (an int a native one) where any other module name is a dictionary lookup at every read.
NSPACES: Final = len(SPACES)
K: Final = NUM_KINDS

#: Ecuador (core.space.ECUADOR), once a space (card 33 Sucumbíos): no more than 2 pieces
#: per Faction (1.4.2).
ECUADOR_LIMIT: Final = 2

SAMPER, PASTRANA, URIBE = 0, 1, 2
PRESIDENTS = ("Samper", "Pastrana", "Uribe")

ACTIVE_SUPPORT, PASSIVE_SUPPORT, NEUTRAL, PASSIVE_OPPOSITION, ACTIVE_OPPOSITION = 2, 1, 0, -1, -2
SUPPORT_LABELS = {
    2: "Active Support",
    1: "Passive Support",
    0: "Neutral",
    -1: "Passive Opposition",
    -2: "Active Opposition",
}

_INVENTORY_BY_KIND = {
    TROOPS: 30,
    POLICE: 30,
    GOVT_BASE: 3,
    FARC_BASE: 9,
    AUC_BASE: 6,
    CARTELS_BASE: 15,
}
GUERRILLA_POOL = {FARC: 30, AUC: 18, CARTELS: 12}

#: Default order in which a player Faction's Shipment whose holder is removed passes to
#: another Guerrilla in the space when the owner named none (4.5.3): Underground before
#: Active, FARC, then AUC, then Cartels.
_TRANSFER_ORDER = [UNDERGROUND_OF[f] for f in INSURGENTS] + [ACTIVE_OF[f] for f in INSURGENTS]

#: Who receives a displaced Shipment (4.5.3): called with (state, space, owner, the
#: Factions with a Guerrilla there); returns one of them, or None for the default order.
ShipmentDecider = Callable[["GameState", int, Faction, list[Faction]], "Faction | None"]

#: The decider installed on each state (by ``id``) while a :meth:`GameState.shipment_decider`
#: block runs: kept beside the state, not in it, so clones and saves never carry one and
#: the state stays plain data (a compiled GameState has no ``__dict__`` to hide it in).
_DECIDERS: dict[int, ShipmentDecider] = {}


class DeciderBlock:
    """The block of :meth:`GameState.shipment_decider`: installs the decider of the
    state (by ``id``) on entering, chained to the one it replaces, and puts that one
    back on leaving, however the block ends. A class rather than a generator made a
    context manager (contextlib), which compiled code enters and leaves natively: every
    Operation and Event opens one."""

    def __init__(self, key: int, decider: ShipmentDecider | None) -> None:
        self.key = key
        self.decider = decider
        self.outer: ShipmentDecider | None = None

    def __enter__(self) -> None:
        decider = self.decider
        if decider is None:
            return
        outer = self.outer = _DECIDERS.get(self.key)

        def chained(
            state: GameState, space: int, owner: Faction, options: list[Faction]
        ) -> Faction | None:
            got = decider(state, space, owner, options)
            if got is None and outer is not None:
                got = outer(state, space, owner, options)
            return got

        _DECIDERS[self.key] = chained

    def __exit__(self, *exc: object) -> None:
        if self.decider is None:
            return
        if self.outer is None:
            _DECIDERS.pop(self.key, None)
        else:
            _DECIDERS[self.key] = self.outer


def _copy_plain(value: Any) -> Any:
    """Copy JSON-like data (dicts, lists, scalars): several times faster than deepcopy."""
    t = type(value)
    if t is dict:
        return {k: _copy_plain(v) for k, v in value.items()}
    if t is list:
        return [_copy_plain(v) for v in value]
    return value


def _copy_step(step: dict[str, Any]) -> dict[str, Any]:
    """:func:`_copy_plain` of ``state.step``, unrolled one level: the step is a flat dict
    of scalars, short lists of scalars or pairs, and small dicts (see
    :mod:`core.game.sequence`), copied on every clone."""
    out = step.copy()  # the scalars; lists and dicts replaced below by copies
    for key, value in step.items():
        t = type(value)
        if t is list:
            if value:
                out[key] = [x if type(x) not in _CONTAINERS else _copy_plain(x) for x in value]
            else:
                out[key] = []
        elif t is dict:
            out[key] = _copy_plain(value) if value else {}
    return out


_CONTAINERS = (list, dict)

#: Whether the engine runs compiled (:data:`core.engine.COMPILED`, decided once before
#: this module loads); a ``Final`` copy, which compiled code reads as a C static.
_COMPILED: Final = engine.COMPILED


def _column_total(pieces: list[int], col: int) -> int:
    """The sum of one column of the piece table (one kind over every space).

    Compiled, a loop over the column: native int arithmetic, nothing allocated. Plain
    Python, ``sum`` of a strided slice, which runs in C there and is 4x faster than a
    loop. The Available queries (1.4.1) read a column or two at every placement check,
    and every object allocated here was a share of the garbage collector's work
    (docs/performance.md, "Fifth round")."""
    if _COMPILED:
        # a while loop: compiled, ``range`` with a step that is not a literal iterates
        # boxed ints, slower than the slice
        total = 0
        i = col
        end = len(pieces)
        while i < end:
            total += pieces[i]
            i += K
        return total
    return sum(pieces[col::K])

def _as_piece(kind: Piece | int) -> Piece:
    """:func:`core.pieces.as_piece`, its usual case (``kind`` already a member) answered
    here without a call out of compiled code."""
    return kind if type(kind) is Piece else as_piece(kind)


#: Column of a Faction's Underground Guerrillas (Active is the next one) and of its Bases.
#: The Government has no Guerrillas: its entry is an index past every piece table, so a
#: Guerrilla query for it fails (IndexError) instead of reading another Faction's column.
_NO_GUERRILLAS: Final = -(1 << 30)
_UNDERGROUND_COL: Final[tuple[int, ...]] = (
    _NO_GUERRILLAS, *(int(UNDERGROUND_OF[f]) for f in INSURGENTS))
_BASE_COL: Final = tuple(BASE_OF[f] for f in Faction)
#: The three piece columns of each Faction (:data:`core.pieces.FACTION_KINDS`), as ints.
_FACTION_COLS: Final[tuple[tuple[int, int, int], ...]] = tuple(
    (int(a), int(b), int(c)) for a, b, c in (FACTION_KINDS[f] for f in Faction))
#: Columns of the cubes and of the four Bases.
_TROOPS_COL: Final = int(TROOPS)
_POLICE_COL: Final = int(POLICE)
_BASE_COLS: Final[tuple[int, int, int, int]] = (
    int(GOVT_BASE), int(FARC_BASE), int(AUC_BASE), int(CARTELS_BASE))
_ACTIVE_KINDS: Final = frozenset(ACTIVE_OF.values())
assert all(ACTIVE_OF[f] == UNDERGROUND_OF[f] + 1 for f in INSURGENTS)
_IS_LOC: Final = tuple(s.is_loc for s in SPACES)
_DOMESTIC_SPACES: Final = tuple(s for s in SPACES if not s.is_foreign)
_POP: Final = tuple(s.pop for s in SPACES)
#: Per space id, what each level of Support or Opposition (-2 .. +2, 1.6) adds to Total
#: Support and to Total Opposition (1.6.3), indexed by the level itself (a negative level
#: counts from the end): 2 x Pop at the Active level, 1 x Pop at the Passive one, else 0.
#: One table look-up a space: the victory margins read both totals on every check.
_SUPPORT_POINTS: Final = tuple((0, pop, 2 * pop, 0, 0) for pop in _POP)
_OPPOSITION_POINTS: Final = tuple((0, 0, 0, 2 * pop, pop) for pop in _POP)

#: Per space id: True for the foreign countries, spaces only once an Event makes them so
#: (1.3.5); read by :meth:`GameState.in_play` on every placement and move.
_IS_FOREIGN: Final = tuple(s.is_foreign for s in SPACES)


@dataclass
class GameState:
    """Everything needed to continue a game. All fields are plain, JSON-friendly data."""

    # --- board ---------------------------------------------------------------------
    pieces: list[int] = field(default_factory=lambda: [0] * (NSPACES * K))
    support: list[int] = field(default_factory=lambda: [0] * NSPACES)
    terror: list[int] = field(default_factory=lambda: [0] * NSPACES)
    sabotage: list[int] = field(default_factory=lambda: [0] * NSPACES)
    farc_zone: list[int] = field(default_factory=lambda: [0] * NSPACES)
    #: One entry per Shipment marker: ``None`` when off the map, else ``[space, faction]``
    #: (the space and the Faction of the Guerrilla holding it; 4.5.3).
    shipments: list[list[int] | None] = field(default_factory=lambda: [None] * SHIPMENTS)
    #: Foreign countries made spaces by Event (1.3.5): space ids.
    foreign_in_play: list[int] = field(default_factory=list)
    #: Guerrillas removed from the game for good by Event (card 49 Bloques), per Faction
    #: (index = Faction): neither on the map nor Available any more (1.4.1).
    removed_from_game: list[int] = field(default_factory=lambda: [0, 0, 0, 0])

    # --- tracks --------------------------------------------------------------------
    resources: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    aid: int = 0
    president: int = SAMPER
    #: Government Capabilities in effect (5.3): card number -> "unshaded" / "shaded".
    capabilities: dict[int, str] = field(default_factory=dict)
    #: Insurgent Momentum cards in effect until the next Reset (5.4).
    momentum: list[int] = field(default_factory=list)
    #: Which Faction executed each lasting Event in effect (card -> Faction), for effects
    #: that name "the executing Faction" (e.g. Senado & Cámara, 5.4).
    executed_by: dict[int, int] = field(default_factory=dict)

    # --- cards and sequence of play --------------------------------------------------
    eligible: list[bool] = field(default_factory=lambda: [True] * 4)
    deck: list[int] = field(default_factory=list)  # draw deck, index 0 = top (next card)
    played: list[int] = field(default_factory=list)  # played pile, last = current card
    current_card: int | None = None
    propaganda_cards: int = 0  # Propaganda cards played so far
    final_propaganda: int = 4  # the Propaganda card whose Round ends the game (2.4.1)
    skip_victory_on: list[int] = field(default_factory=list)  # Quick-Play: [1]
    last_was_propaganda_round: bool = False  # 6.0: never two Rounds in a row
    #: Where play stands: see core.game.sequence for the meaning of each field.
    phase: str = "setup"
    step: dict[str, Any] = field(default_factory=dict)

    # --- players ---------------------------------------------------------------------
    #: Who runs each Faction: a player number (1-4) or None for a Non-player (1.5, 8.0).
    seats: list[int | None] = field(default_factory=lambda: [1, 2, 3, 4])
    scenario: str = "standard"
    #: The Set Up choices (core.setup.new_state): by default those of the 4-player
    #: standard game the default seats describe, so a state built by hand saves and loads
    #: (the schema requires all five, issue 25 item 4).
    options: dict[str, Any] = field(default_factory=lambda: {
        "short": False, "seeded_propaganda": False, "nonplayers": False,
        "deployment": "standard", "players": 4})

    # --- randomness ------------------------------------------------------------------
    rng_seed: int = 0
    rng_counter: int = 0
    #: Rolls made since the last command began: (purpose, value) pairs.
    roll_log: list[tuple[str, int]] = field(default_factory=list)

    # ==================================================================================
    # copying
    # ==================================================================================
    def clone(self) -> GameState:
        """An independent copy, cheap enough for bots to make thousands per turn.

        Field by field: the scalars shared, a flat copy of each list or dict field (the
        step one level deeper); no ``copy.copy`` (its reduce protocol costs more than all
        the rest) and no ``__dict__`` (a compiled GameState has none, docs/performance.md).
        Every field must be listed here: ``tests/test_state.py`` checks that a clone
        shares no mutable object with its original.
        """
        new = GameState.__new__(GameState)
        new.pieces = self.pieces[:]
        new.support = self.support[:]
        new.terror = self.terror[:]
        new.sabotage = self.sabotage[:]
        new.farc_zone = self.farc_zone[:]
        new.shipments = [s[:] if s is not None else None for s in self.shipments]
        new.foreign_in_play = self.foreign_in_play[:]
        new.removed_from_game = self.removed_from_game[:]
        new.resources = self.resources[:]
        new.aid = self.aid
        new.president = self.president
        new.capabilities = self.capabilities.copy()
        new.momentum = self.momentum[:]
        new.executed_by = self.executed_by.copy()
        new.eligible = self.eligible[:]
        new.deck = self.deck[:]
        new.played = self.played[:]
        new.current_card = self.current_card
        new.propaganda_cards = self.propaganda_cards
        new.final_propaganda = self.final_propaganda
        new.skip_victory_on = self.skip_victory_on[:]
        new.last_was_propaganda_round = self.last_was_propaganda_round
        new.phase = self.phase
        new.step = _copy_step(self.step)
        new.seats = self.seats[:]
        new.scenario = self.scenario
        new.options = self.options.copy()
        new.rng_seed = self.rng_seed
        new.rng_counter = self.rng_counter
        new.roll_log = self.roll_log[:]
        return new

    # ==================================================================================
    # reading the board
    # ==================================================================================
    def count(self, space: int, kind: Piece | int) -> int:
        return self.pieces[space * K + kind]

    def row(self, space: int) -> list[int]:
        """The 12 piece counts of a space (a copy)."""
        return self.pieces[space * K : space * K + K]

    def faction_pieces(self, space: int, faction: Faction) -> int:
        """All pieces (cubes or Guerrillas and Bases) of a Faction in a space."""
        a, b, c = _FACTION_COLS[faction]
        p = self.pieces
        base = space * K
        return p[base + a] + p[base + b] + p[base + c]

    def guerrillas(self, space: int, faction: int) -> int:
        base = space * K + _UNDERGROUND_COL[faction]
        p = self.pieces
        return p[base] + p[base + 1]  # Underground + Active: adjacent columns

    def underground(self, space: int, faction: int) -> int:
        return self.pieces[space * K + _UNDERGROUND_COL[faction]]

    def active(self, space: int, faction: int) -> int:
        return self.pieces[space * K + _UNDERGROUND_COL[faction] + 1]

    def bases(self, space: int, faction: int) -> int:
        return self.pieces[space * K + _BASE_COL[faction]]

    def all_bases(self, space: int) -> int:
        base = space * K
        p = self.pieces
        return (
            p[base + _BASE_COLS[0]]
            + p[base + _BASE_COLS[1]]
            + p[base + _BASE_COLS[2]]
            + p[base + _BASE_COLS[3]]
        )

    def cubes(self, space: int) -> int:
        base = space * K
        return self.pieces[base + _TROOPS_COL] + self.pieces[base + _POLICE_COL]

    def troops(self, space: int) -> int:
        return self.pieces[space * K + _TROOPS_COL]

    def police(self, space: int) -> int:
        return self.pieces[space * K + _POLICE_COL]

    def all_guerrillas(self, space: int) -> int:
        p = self.pieces
        b = space * K
        return p[b + 3] + p[b + 4] + p[b + 6] + p[b + 7] + p[b + 9] + p[b + 10]

    def total_pieces(self, space: int) -> int:
        return sum(self.pieces[space * K : space * K + K])

    def on_map(self, kind: Piece | int) -> int:
        return _column_total(self.pieces, kind)

    def available(self, kind: Piece | int) -> int:
        """Pieces of ``kind`` in the Available Forces box (1.4.1).

        Guerrillas are one pool per Faction, so both Guerrilla kinds of a Faction report
        the same number: the Guerrillas available to be placed (always Underground, 1.4.3).
        """
        kind = _as_piece(kind)
        if kind in GUERRILLA_KINDS:
            return self.available_guerrillas(PIECE_FACTION[kind])
        return _INVENTORY_BY_KIND[kind] - _column_total(self.pieces, kind)

    def available_guerrillas(self, faction: Faction) -> int:
        col = _UNDERGROUND_COL[faction]
        return (
            GUERRILLA_POOL[faction]
            - self.removed_from_game[faction]  # card 49 Bloques
            - _column_total(self.pieces, col)  # Underground
            - _column_total(self.pieces, col + 1)  # Active
        )

    def available_bases(self, faction: Faction) -> int:
        return self.available(BASE_OF[faction])

    def bases_on_map(self, faction: Faction) -> int:
        return self.on_map(BASE_OF[faction])

    def room(self, space: int, faction: Faction) -> int:
        """How many more pieces of ``faction`` stacking lets into ``space`` (1.4.2): no
        limit but in Ecuador, where card 33 allows 2 per Faction (Bases: see capacity)."""
        if space == ECUADOR:
            return max(0, ECUADOR_LIMIT - self.faction_pieces(space, faction))
        return 99

    def capacity(self, space: int, kind: Piece | int) -> int:
        """How many more pieces of ``kind`` may enter ``space`` now, Available or not:
        the one stacking query (1.4.2) that placement, moves and every planner share.

        0 if the space is not in play (1.3.5), for Government forces in a FARC Zone, and
        for Bases on a LoC; Bases up to 2 in a space of all Factions; Ecuador (card 33)
        up to 2 pieces per Faction. A plan that puts several pieces into one space must
        count its own earlier ones against this number (or try them on a clone).
        """
        kind = _as_piece(kind)
        if _IS_FOREIGN[space] and space not in self.foreign_in_play:
            return 0  # not in play
        faction = PIECE_FACTION[kind]
        if faction is GOVT and self.farc_zone[space]:
            return 0
        most = self.room(space, faction) if space == ECUADOR else 99
        if kind in BASES:
            if _IS_LOC[space]:
                return 0
            most = min(most, max(0, MAX_BASES_PER_SPACE - self.all_bases(space)))
        return most

    def in_play(self, space: int) -> bool:
        """Whether a space exists for play: foreign countries only once made spaces (1.3.5)."""
        return not _IS_FOREIGN[space] or space in self.foreign_in_play

    def spaces_in_play(self) -> list[Space]:
        if not self.foreign_in_play:  # the usual case: every space but the foreign ones
            return list(_DOMESTIC_SPACES)
        return [s for s in SPACES if self.in_play(s.id)]

    # ==================================================================================
    # derived values
    # ==================================================================================
    def controller(self, space: int) -> Faction | None:
        """Government or FARC Control (1.8): its pieces exceed all others combined.

        Defined for every space; the rules use it for Cities and Departments (and Extort
        applies the same test on LoCs, 4.3.1).
        """
        base = space * K
        p = self.pieces
        govt = p[base] + p[base + 1] + p[base + 2]
        farc = p[base + 3] + p[base + 4] + p[base + 5]
        others = (p[base + 6] + p[base + 7] + p[base + 8]  # AUC
                  + p[base + 9] + p[base + 10] + p[base + 11])  # Cartels
        if govt > farc + others:
            return GOVT
        if farc > govt + others:
            return FARC
        return None

    def faction_controls(self, space: int, faction: Faction) -> bool:
        """``faction``'s pieces outnumber all enemy pieces combined (1.8, 4.3.1)."""
        own = self.faction_pieces(space, faction)
        return own > self.total_pieces(space) - own

    def total_support(self) -> int:
        """(2 x Pop in Active Support) + (1 x Pop in Passive Support) (1.6.3)."""
        return sum(map(getitem, _SUPPORT_POINTS, self.support))

    def total_opposition(self) -> int:
        """(2 x Pop in Active Opposition) + (1 x Pop in Passive Opposition) (1.6.3)."""
        return sum(map(getitem, _OPPOSITION_POINTS, self.support))

    def opposition_plus_bases(self) -> int:
        """Total Opposition plus FARC Bases on the map (1.6.3)."""
        return self.total_opposition() + self.bases_on_map(FARC)

    def victory_margins(self) -> dict[Faction, int]:
        """Victory margins (7.3): positive when the Faction meets its condition (7.2)."""
        return {
            GOVT: self.total_support() - 60,
            FARC: self.opposition_plus_bases() - 25,
            AUC: self.bases_on_map(AUC) - self.bases_on_map(FARC),
            CARTELS: min(
                self.bases_on_map(CARTELS) - 10, self.resources[CARTELS] - 40
            ),
        }

    def markers_available(self) -> int:
        """Terror and Sabotage markers not on the map (40 in all, 3.3.4)."""
        return TERROR_SABOTAGE_MARKERS - sum(self.terror) - sum(self.sabotage)

    def government_earnings(self) -> int:
        """Econ of unSabotaged LoCs plus Aid unless El Presidente is Samper (6.3.1)."""
        econ = sum(s.econ for s in MAP.locs if not self.sabotage[s.id])
        return econ + (0 if self.president == SAMPER else self.aid)

    def shipments_at(self, space: int, faction: Faction | None = None) -> list[int]:
        """Indices of the Shipment markers in ``space`` (held by ``faction`` if given)."""
        if faction is None:
            return [i for i, s in enumerate(self.shipments) if s is not None and s[0] == space]
        return [
            i
            for i, s in enumerate(self.shipments)
            if s is not None and s[0] == space and s[1] == faction
        ]

    def shipments_available(self) -> int:
        return sum(1 for s in self.shipments if s is None)

    def capability(self, card: int) -> str | None:
        """Side ("unshaded"/"shaded") of Government Capability ``card`` in effect, or None."""
        return self.capabilities.get(card)

    def momentum_in_effect(self, card: int) -> bool:
        return card in self.momentum

    # ==================================================================================
    # primitive changes (each enforces the shared rules)
    # ==================================================================================
    def check_can_place(self, space: int, kind: Piece, n: int = 1) -> None:
        """Raise :class:`IllegalAction` unless ``n`` pieces of ``kind`` may be placed."""
        if n <= 0:
            return
        if not self.in_play(space):
            raise IllegalAction("1.3.5", f"{space_name(space)} is not a space in play")
        if self.available(kind) < n:
            raise IllegalAction(
                "1.4.1", f"only {self.available(kind)} {kind.label} Available, not {n}"
            )
        self._check_stacking(space, kind, n)

    def _check_stacking(self, space: int, kind: Piece, n: int) -> None:
        """Raise the 1.4.2 reason unless ``n`` more ``kind`` fit (see :meth:`capacity`)."""
        if n <= self.capacity(space, kind):
            return
        if kind.faction is GOVT and self.farc_zone[space]:
            raise IllegalAction(
                "1.4.2", f"Government forces may not enter the FARC Zone {space_name(space)}"
            )
        if kind.is_base and SPACES[space].is_loc:
            raise IllegalAction("1.4.2", "Bases may not occupy LoCs")
        if space == ECUADOR and self.faction_pieces(space, kind.faction) + n > ECUADOR_LIMIT:
            raise IllegalAction(
                "1.4.2", f"no more than {ECUADOR_LIMIT} {kind.faction.label} pieces in Ecuador "
                "(card 33 Sucumbíos)"
            )
        raise IllegalAction("1.4.2", f"no more than 2 Bases in a space ({space_name(space)})")

    def can_place(self, space: int, kind: Piece, n: int = 1) -> bool:
        try:
            self.check_can_place(space, kind, n)
        except IllegalAction:
            return False
        return True

    def place(self, space: int, kind: Piece, n: int = 1) -> None:
        """Place ``n`` pieces from Available (1.4.1). Guerrillas are placed Underground
        (1.4.3): pass the Underground kind. Raises if unavailable or stacking breaks."""
        kind = _as_piece(kind)
        if kind in _ACTIVE_KINDS:
            raise IllegalAction("1.4.3", "new Guerrillas are always placed Underground")
        self.check_can_place(space, kind, n)
        self.pieces[space * K + kind] += n

    def place_up_to(self, space: int, kind: Piece, n: int) -> int:
        """Place as many as availability and stacking allow (5.1.1); return how many."""
        kind = _as_piece(kind)
        placed = 0
        while placed < n and self.can_place(space, kind):
            self.pieces[space * K + kind] += 1
            placed += 1
        return placed

    def remove(
        self,
        space: int,
        kind: Piece,
        n: int = 1,
        *,
        capturer: Faction | None = None,
    ) -> int:
        """Remove ``n`` pieces to Available (1.4.1).

        If that leaves a Shipment without a Guerrilla of its holder's Faction, the Shipment
        passes to a Guerrilla of ``capturer`` in the space (Captured Goods 3.3.3,
        Commandeer 4.4.2, Contraband 4.5.4), else to another Guerrilla there of the
        owner's choice (4.5.3, see :meth:`settle_shipments`), else leaves the map.
        Returns the number of Shipments that left the map (Drug Bust 3.2.5).
        """
        kind = _as_piece(kind)
        if n <= 0:
            return 0
        idx = space * K + kind
        if self.pieces[idx] < n:
            raise IllegalAction(
                "1.4.1", f"only {self.pieces[idx]} {kind.label} in {space_name(space)}, not {n}"
            )
        self.pieces[idx] -= n
        if kind in GUERRILLA_KINDS:
            return self.settle_shipments(space, capturer)
        return 0

    def move(self, src: int, dst: int, kind: Piece, n: int = 1, shipments: int = 0) -> None:
        """Move ``n`` pieces (and ``shipments`` of their Faction's Shipments) src -> dst.

        Shipments "move with" their Guerrilla (4.5.3): when the last Guerrillas of a
        Faction leave ``src``, every Shipment it still holds there goes with them, whatever
        ``shipments`` says (readings.md#r-shipment-moves-with-holder). Enforces the FARC
        Zone bar on Government forces and Base stacking; adjacency and Operation-specific
        limits are the caller's rules.
        """
        kind = _as_piece(kind)
        if n <= 0:
            return
        if not self.in_play(dst):
            raise IllegalAction("1.3.5", f"{space_name(dst)} is not a space in play")
        if self.pieces[src * K + kind] < n:
            raise IllegalAction(
                "1.4.1", f"only {self.pieces[src * K + kind]} {kind.label} in {space_name(src)}"
            )
        if src != dst:
            self._check_stacking(dst, kind, n)
        self.pieces[src * K + kind] -= n
        self.pieces[dst * K + kind] += n
        if shipments:
            held = self.shipments_at(src, kind.faction)
            if len(held) < shipments:
                raise IllegalAction(
                    "4.5.3", f"{kind.faction.label} hold only {len(held)} Shipments here"
                )
            for i in held[:shipments]:
                self.shipments[i] = [dst, int(kind.faction)]
        if kind in GUERRILLA_KINDS and self.guerrillas(src, kind.faction) == 0:
            for i in self.shipments_at(src, kind.faction):
                self.shipments[i] = [dst, int(kind.faction)]

    def flip(self, space: int, faction: Faction, n: int, *, to_active: bool) -> int:
        """Flip up to ``n`` Guerrillas of ``faction`` (1.4.3); return how many flipped."""
        src = ACTIVE_OF[faction] if not to_active else UNDERGROUND_OF[faction]
        dst = UNDERGROUND_OF[faction] if not to_active else ACTIVE_OF[faction]
        k = min(n, self.pieces[space * K + src])
        self.pieces[space * K + src] -= k
        self.pieces[space * K + dst] += k
        return k

    def activate(self, space: int, faction: Faction, n: int) -> int:
        """Activate up to ``n`` Underground Guerrillas; return how many flipped."""
        return self.flip(space, faction, n, to_active=True)

    def replace(self, space: int, old: Piece, n_old: int, new: Piece, n_new: int = 1) -> None:
        """Replace pieces (1.4.1): remove ``n_old`` of ``old``, place ``n_new`` of ``new``."""
        self.remove(space, old, n_old)
        self.place(space, new, n_new)

    def set_support(self, space: int, level: int) -> None:
        if not SPACES[space].is_populated:
            if level != 0:
                raise IllegalAction(
                    "1.6.2", f"{space_name(space)} never holds Support or Opposition"
                )
            return
        self.support[space] = max(-2, min(2, level))

    def shift(self, space: int, steps: int) -> int:
        """Shift Support/Opposition by ``steps`` levels (+ toward Active Support, - toward
        Active Opposition), clamped; LoCs and Pop 0 spaces stay Neutral (1.6.2).
        Returns the number of levels actually shifted."""
        if not SPACES[space].is_populated:
            return 0
        old = self.support[space]
        new = max(-2, min(2, old + steps))
        self.support[space] = new
        return abs(new - old)

    def shift_toward_neutral(self, space: int) -> bool:
        """One level toward Neutral (Terror, 3.3.4). True if anything changed."""
        level = self.support[space]
        if level == 0:
            return False
        self.support[space] = level - 1 if level > 0 else level + 1
        return True

    def add_terror(self, space: int, n: int = 1) -> int:
        """Place up to ``n`` Terror markers, as many as remain of the 40 (3.3.4)."""
        k = max(0, min(n, self.markers_available()))
        self.terror[space] += k
        return k

    def add_sabotage(self, space: int) -> bool:
        """Sabotage a LoC that has none, if a marker remains (3.3.4). True if placed."""
        if not SPACES[space].is_loc or self.sabotage[space] or self.markers_available() <= 0:
            return False
        self.sabotage[space] = 1
        return True

    def add_resources(self, faction: Faction, n: int) -> int:
        """Add (or with n < 0 subtract) Resources within 0-99 (1.7); return the change."""
        old = self.resources[faction]
        self.resources[faction] = max(0, min(MAX_RESOURCES, old + n))
        return self.resources[faction] - old

    def pay(self, faction: Faction, n: int, rule: str = "3.1") -> None:
        """Spend Resources, refusing to go below 0 (3.1: must be able to pay)."""
        if n <= 0:
            return
        if self.resources[faction] < n:
            raise IllegalAction(
                rule,
                f"{faction.label} need {n} Resources but have {self.resources[faction]}",
            )
        self.resources[faction] -= n

    def transfer_resources(self, src: Faction, dst: Faction, n: int) -> int:
        """Move up to ``n`` Resources from src to dst (no more than src has, dst capped)."""
        k = min(n, self.resources[src])
        self.resources[src] -= k
        self.add_resources(dst, k)
        return k

    def add_aid(self, n: int) -> int:
        old = self.aid
        self.aid = max(0, min(MAX_AID, old + n))
        return self.aid - old

    def place_shipment(self, space: int, faction: Faction) -> int:
        """Put an available Shipment under a ``faction`` Guerrilla in ``space`` (4.5.3)."""
        if self.guerrillas(space, faction) == 0:
            raise IllegalAction(
                "4.5.3",
                f"Shipments go under a Guerrilla: no {faction.label} one in {space_name(space)}",
            )
        for i, s in enumerate(self.shipments):
            if s is None:
                self.shipments[i] = [space, int(faction)]
                return i
        raise IllegalAction("4.5.3", "all 4 Shipments are already on the map")

    def remove_shipment(self, index: int) -> None:
        self.shipments[index] = None

    def transfer_shipment(self, index: int, faction: Faction) -> None:
        """Pass a Shipment to a Guerrilla of ``faction`` in the same space (4.5.3)."""
        entry = self.shipments[index]
        if entry is None:
            raise IllegalAction("4.5.3", "that Shipment is not on the map")
        if self.guerrillas(entry[0], faction) == 0:
            raise IllegalAction(
                "4.5.3", f"no {faction.label} Guerrilla in {SPACES[entry[0]].name} to hold it"
            )
        entry[1] = int(faction)

    def shipment_decider(self, decider: ShipmentDecider | None) -> DeciderBlock:
        """While the block (``with state.shipment_decider(decider):``) runs, ask
        ``decider`` where displaced Shipments go (4.5.3).

        Commands and Events install one (a command's field, an Event's chooser); it is
        not part of the state: clones do not carry it and saves do not store it. An inner
        decider answering None falls back to the one it replaced.
        """
        return DeciderBlock(id(self), decider)

    def settle_shipments(self, space: int, capturer: Faction | None = None) -> int:
        """Re-seat Shipments whose holder Faction has no Guerrilla left here (4.5.3).

        Which Guerrilla holds a Shipment is not tracked, so a Shipment is displaced only
        when its Faction has no Guerrilla left in the space. It then passes to a Guerrilla
        of ``capturer`` (Captured Goods, Commandeer, Contraband), else to another
        Guerrilla there chosen by its owner: a player owner answers through the installed
        :meth:`shipment_decider` (default: :data:`_TRANSFER_ORDER`); a Non-player owner
        follows 8.1.2 (:meth:`nonplayer_transfer_order`). With no Guerrilla left it leaves
        the map. Returns how many left the map.
        """
        lost = 0
        for i, s in enumerate(self.shipments):
            if s is None or s[0] != space or self.guerrillas(space, s[1]) > 0:
                continue
            if capturer is not None and capturer.is_insurgent and self.guerrillas(space, capturer):
                s[1] = int(capturer)
                continue
            options = [f for f in INSURGENTS if self.guerrillas(space, f)]
            if not options:
                self.shipments[i] = None
                lost += 1
                continue
            s[1] = int(self._transfer_recipient(space, Faction(s[1]), options))
        return lost

    def _transfer_recipient(self, space: int, owner: Faction, options: list[Faction]) -> Faction:
        """The Faction whose Guerrilla receives ``owner``'s displaced Shipment (4.5.3)."""
        if self.seats[owner] is None:  # 8.1.2: a Non-player follows its own order
            return self.nonplayer_transfer_order(space)[0]
        decider = _DECIDERS.get(id(self))
        if decider is not None:
            chosen = decider(self, space, owner, options)
            if chosen is not None:
                if chosen not in options:
                    raise IllegalAction(
                        "4.5.3",
                        f"no {Faction(chosen).label} Guerrilla in {space_name(space)} "
                        "to take the Shipment",
                    )
                return Faction(chosen)
        for kind in _TRANSFER_ORDER:
            if self.pieces[space * K + kind]:
                return kind.faction
        raise AssertionError("options were not empty")

    def nonplayer_transfer_order(self, space: int) -> list[Faction]:
        """Where a Non-player sends a displaced Shipment (8.1.2), best first, among the
        Factions with a Guerrilla in ``space``: an Underground Guerrilla of another
        Non-player Faction, then Active Guerrillas (FARC, then AUC, then Cartels), then
        (4.5.3: transfer if possible) an Underground Guerrilla of a player Faction."""
        order: list[Faction] = []
        tiers = (
            [f for f in INSURGENTS if self.seats[f] is None and self.underground(space, f)],
            [f for f in INSURGENTS if self.active(space, f)],
            [f for f in INSURGENTS if self.underground(space, f)],
        )
        for tier in tiers:
            order += [f for f in tier if f not in order]
        return order

    def set_farc_zone(self, space: int) -> None:
        self.farc_zone[space] = 1

    def clear_farc_zone(self, space: int | None = None) -> None:
        """Remove the FARC Zone marker from ``space`` (all of them if None; 6.4.3 Uribe)."""
        if space is None:
            self.farc_zone = [0] * NSPACES
        else:
            self.farc_zone[space] = 0

    # ==================================================================================
    # invariants (for tests and the soak benchmark)
    # ==================================================================================
    def check_invariants(self) -> list[str]:
        """Return every broken invariant as a sentence (empty list: all good)."""
        problems: list[str] = []
        total = 0
        for kind in PIECES:
            on = self.on_map(kind)
            avail = self.available(kind)
            if avail < 0:
                problems.append(f"more {kind.label} on the map than exist ({on})")
            if any(self.pieces[s * K + kind] < 0 for s in range(NSPACES)):
                problems.append(f"negative count of {kind.label}")
        total = sum(self.pieces) + sum(
            self.available(k) for k in PIECES if not k.is_guerrilla
        ) + sum(self.available_guerrillas(f) for f in INSURGENTS) + sum(self.removed_from_game)
        if total != 153:
            problems.append(f"{total} pieces in the game, not 153 (1.4.1)")
        for s in SPACES:
            if self.all_bases(s.id) > MAX_BASES_PER_SPACE:
                problems.append(f"{space_name(s)} has more than 2 Bases (1.4.2)")
            if s.is_loc and self.all_bases(s.id):
                problems.append(f"Base on LoC {space_name(s)} (1.4.2)")
            if self.farc_zone[s.id] and self.faction_pieces(s.id, GOVT):
                problems.append(f"Government pieces in FARC Zone {space_name(s)} (1.4.2)")
            if s.id == ECUADOR and any(
                self.faction_pieces(s.id, f) > ECUADOR_LIMIT for f in FACTIONS
            ):
                problems.append("more than 2 pieces of a Faction in Ecuador (card 33)")
            if not s.is_populated and self.support[s.id]:
                problems.append(f"{space_name(s)} shows Support/Opposition (1.6.2)")
            if not -2 <= self.support[s.id] <= 2:
                problems.append(f"{space_name(s)} support level out of range")
            if self.sabotage[s.id] and not s.is_loc:
                problems.append(f"Sabotage off a LoC in {space_name(s)}")
            if not self.in_play(s.id) and self.total_pieces(s.id):
                problems.append(f"pieces in {space_name(s)}, which is not in play (1.3.5)")
        for i, sh in enumerate(self.shipments):
            if sh is not None and self.guerrillas(sh[0], Faction(sh[1])) == 0:
                problems.append(
                    f"Shipment {i} in {SPACES[sh[0]].name} not under a Guerrilla (4.5.3)")
        for f in FACTIONS:
            if not 0 <= self.resources[f] <= MAX_RESOURCES:
                problems.append(f"{f.label} Resources {self.resources[f]} outside 0-99 (1.7)")
        if not 0 <= self.aid <= MAX_AID:
            problems.append(f"Aid {self.aid} outside 0-29 (1.7)")
        if self.markers_available() < 0:
            problems.append("more than 40 Terror/Sabotage markers on the map (3.3.4)")
        return problems
