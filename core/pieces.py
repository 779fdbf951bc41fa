"""Factions and force pieces (rules 1.4, 1.5).

Pieces are counted, not individually tracked: the engine only needs to know how many
pieces of each *kind* stand in each space. A kind is a small integer so that the game
state can keep all counts in one flat list (see :mod:`core.state`).

Guerrillas are split into two kinds, Underground and Active (1.4.3), because the two
states behave differently for nearly every Operation.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum
from typing import Final

from core.words import counted, joined


class Faction(IntEnum):
    """The four Factions (1.5), in the order used for every per-Faction list."""

    GOVT = 0
    FARC = 1
    AUC = 2
    CARTELS = 3

    # Plain attributes of each member, set once below the class (:func:`_set_facts`),
    # not properties: a property is a Python call at every read, and the engine reads
    # these in every trace line and piece test (compiled code too).
    #: The Faction's name as printed on the cards and used in saves and JSON.
    label: str
    is_insurgent: bool

    @classmethod
    def parse(cls, text: str | Faction) -> Faction:
        """Parse a Faction name: 'Government', 'govt', 'G', 'farc', 'Cartels', ...

        >>> Faction.parse("govt")
        <Faction.GOVT: 0>
        """
        if isinstance(text, Faction):
            return text
        if not isinstance(text, str):  # a number or a list read from JSON: refused, not a crash
            raise ValueError(f"unknown Faction {text!r}: expected one of Government, FARC, "
                             "AUC, Cartels")
        key = text.strip().lower()
        for faction, names in _ALIASES.items():
            if key in names:
                return faction
        raise ValueError(
            f"unknown Faction {text!r}: expected one of Government, FARC, AUC, Cartels"
        )


FACTION_LABELS: Final = {
    Faction.GOVT: "Government",
    Faction.FARC: "FARC",
    Faction.AUC: "AUC",
    Faction.CARTELS: "Cartels",
}

_ALIASES: Final = {
    Faction.GOVT: {"government", "govt", "gov", "g", "coin"},
    Faction.FARC: {"farc", "f"},
    Faction.AUC: {"auc", "a"},
    Faction.CARTELS: {"cartels", "cartel", "c"},
}

INSURGENTS: Final = (Faction.FARC, Faction.AUC, Faction.CARTELS)


class Piece(IntEnum):
    """Kinds of force pieces (1.4). The value is the column in the state's piece table."""

    TROOPS = 0
    POLICE = 1
    GOVT_BASE = 2
    FARC_UNDERGROUND = 3
    FARC_ACTIVE = 4
    FARC_BASE = 5
    AUC_UNDERGROUND = 6
    AUC_ACTIVE = 7
    AUC_BASE = 8
    CARTELS_UNDERGROUND = 9
    CARTELS_ACTIVE = 10
    CARTELS_BASE = 11

    # Plain attributes of each member, set once below (:func:`_set_facts`): see Faction.
    faction: Faction
    is_base: bool
    is_guerrilla: bool
    is_cube: bool
    label: str


NUM_KINDS: Final = len(Piece)

# The members as module constants, which the engine's hot code names (``kind is POLICE``,
# ``faction is FARC``): in Python 3.11 reading a member off its class (``Piece.POLICE``)
# goes through ``EnumType.__getattr__`` at every read, about 300 ns, compiled or not; a
# module constant is one dictionary lookup. The same objects: ``POLICE is Piece.POLICE``.
GOVT: Final = Faction.GOVT
FARC: Final = Faction.FARC
AUC: Final = Faction.AUC
CARTELS: Final = Faction.CARTELS
TROOPS: Final = Piece.TROOPS
POLICE: Final = Piece.POLICE
GOVT_BASE: Final = Piece.GOVT_BASE
FARC_UNDERGROUND: Final = Piece.FARC_UNDERGROUND
FARC_ACTIVE: Final = Piece.FARC_ACTIVE
FARC_BASE: Final = Piece.FARC_BASE
AUC_UNDERGROUND: Final = Piece.AUC_UNDERGROUND
AUC_ACTIVE: Final = Piece.AUC_ACTIVE
AUC_BASE: Final = Piece.AUC_BASE
CARTELS_UNDERGROUND: Final = Piece.CARTELS_UNDERGROUND
CARTELS_ACTIVE: Final = Piece.CARTELS_ACTIVE
CARTELS_BASE: Final = Piece.CARTELS_BASE
#: Every member in order, to index by value (``FACTIONS[i] is Faction(i)`` for a valid
#: ``i``, without the Enum call) and to iterate (``EnumType.__iter__`` is a generator).
FACTIONS: Final[tuple[Faction, ...]] = tuple(Faction)
PIECES: Final[tuple[Piece, ...]] = tuple(Piece)
assert [int(f) for f in FACTIONS] == list(range(len(FACTIONS)))
assert [int(p) for p in PIECES] == list(range(len(PIECES)))


def as_piece(kind: Piece | int) -> Piece:
    """``Piece(kind)``, without the Enum call (a Python function of ``enum.py`` at every
    call, several a Non-player Event choice) where ``kind`` is a member or a valid int;
    anything else goes to ``Piece(kind)``, which raises as before."""
    if type(kind) is Piece:
        return kind
    if type(kind) is int and 0 <= kind < len(PIECES):
        return PIECES[kind]
    return Piece(kind)


def as_faction(value: Faction | int) -> Faction:
    """``Faction(value)`` as :func:`as_piece` is ``Piece(kind)``."""
    if type(value) is Faction:
        return value
    if type(value) is int and 0 <= value < len(FACTIONS):
        return FACTIONS[value]
    return Faction(value)

PIECE_FACTION: Final = {
    Piece.TROOPS: Faction.GOVT,
    Piece.POLICE: Faction.GOVT,
    Piece.GOVT_BASE: Faction.GOVT,
    Piece.FARC_UNDERGROUND: Faction.FARC,
    Piece.FARC_ACTIVE: Faction.FARC,
    Piece.FARC_BASE: Faction.FARC,
    Piece.AUC_UNDERGROUND: Faction.AUC,
    Piece.AUC_ACTIVE: Faction.AUC,
    Piece.AUC_BASE: Faction.AUC,
    Piece.CARTELS_UNDERGROUND: Faction.CARTELS,
    Piece.CARTELS_ACTIVE: Faction.CARTELS,
    Piece.CARTELS_BASE: Faction.CARTELS,
}

PIECE_LABELS: Final = {
    Piece.TROOPS: "Troops",
    Piece.POLICE: "Police",
    Piece.GOVT_BASE: "Government Base",
    Piece.FARC_UNDERGROUND: "Underground FARC Guerrilla",
    Piece.FARC_ACTIVE: "Active FARC Guerrilla",
    Piece.FARC_BASE: "FARC Base",
    Piece.AUC_UNDERGROUND: "Underground AUC Guerrilla",
    Piece.AUC_ACTIVE: "Active AUC Guerrilla",
    Piece.AUC_BASE: "AUC Base",
    Piece.CARTELS_UNDERGROUND: "Underground Cartels Guerrilla",
    Piece.CARTELS_ACTIVE: "Active Cartels Guerrilla",
    Piece.CARTELS_BASE: "Cartels Base",
}

#: Piece kinds of each Faction, in the column order of the piece table.
FACTION_KINDS: Final[dict[Faction, tuple[Piece, ...]]] = {
    Faction.GOVT: (Piece.TROOPS, Piece.POLICE, Piece.GOVT_BASE),
    Faction.FARC: (Piece.FARC_UNDERGROUND, Piece.FARC_ACTIVE, Piece.FARC_BASE),
    Faction.AUC: (Piece.AUC_UNDERGROUND, Piece.AUC_ACTIVE, Piece.AUC_BASE),
    Faction.CARTELS: (Piece.CARTELS_UNDERGROUND, Piece.CARTELS_ACTIVE, Piece.CARTELS_BASE),
}

BASE_OF: Final = {
    Faction.GOVT: Piece.GOVT_BASE,
    Faction.FARC: Piece.FARC_BASE,
    Faction.AUC: Piece.AUC_BASE,
    Faction.CARTELS: Piece.CARTELS_BASE,
}
UNDERGROUND_OF: Final = {
    Faction.FARC: Piece.FARC_UNDERGROUND,
    Faction.AUC: Piece.AUC_UNDERGROUND,
    Faction.CARTELS: Piece.CARTELS_UNDERGROUND,
}
ACTIVE_OF: Final = {
    Faction.FARC: Piece.FARC_ACTIVE,
    Faction.AUC: Piece.AUC_ACTIVE,
    Faction.CARTELS: Piece.CARTELS_ACTIVE,
}
BASES: Final = frozenset(BASE_OF.values())
GUERRILLA_KINDS: Final = frozenset(UNDERGROUND_OF.values()) | frozenset(ACTIVE_OF.values())

def _set_facts() -> None:
    """Each member's facts as plain attributes (read as ``faction.label``,
    ``piece.is_base``...): the same values the tables above give."""
    for faction in Faction:
        faction.label = FACTION_LABELS[faction]
        faction.is_insurgent = faction is not Faction.GOVT
    for piece in Piece:
        piece.faction = PIECE_FACTION[piece]
        piece.is_base = piece in BASES
        piece.is_guerrilla = piece in GUERRILLA_KINDS
        piece.is_cube = piece in (Piece.TROOPS, Piece.POLICE)
        piece.label = PIECE_LABELS[piece]


_set_facts()

#: Inventory of each kind before set up (1.4.1, "Available Forces"): 153 pieces.
#: Guerrillas are one pool per Faction; the Underground column carries the pool size.
INVENTORY: Final[dict[Faction, dict[str, int]]] = {
    Faction.GOVT: {"Troops": 30, "Police": 30, "Base": 3},
    Faction.FARC: {"Guerrilla": 30, "Base": 9},
    Faction.AUC: {"Guerrilla": 18, "Base": 6},
    Faction.CARTELS: {"Guerrilla": 12, "Base": 15},
}
TOTAL_PIECES: Final = 153
SHIPMENTS: Final = 4  # 4.5.3
TERROR_SABOTAGE_MARKERS: Final = 40  # 3.3.4
MAX_RESOURCES: Final = 99  # 1.7
MAX_AID: Final = 29  # 1.7
MAX_BASES_PER_SPACE: Final = 2  # 1.4.2


def piece_count(kind: Piece | int, n: int) -> str:
    """``n`` pieces of one kind, counted (:func:`core.words.counted`): '2 Troops cubes',
    '1 FARC Base', '3 Active AUC Guerrillas'. Every report line that names removed or
    placed pieces counts them so."""
    return counted(n, as_piece(kind).label)


def pieces_text(kinds: Iterable[Piece | int]) -> str:
    """Piece kinds listed one per piece, as counts in first-seen order:
    (Troops, Troops, FARC Base) -> '2 Troops cubes and 1 FARC Base'."""
    counts: dict[Piece, int] = {}
    for kind in kinds:
        piece = as_piece(kind)
        counts[piece] = counts.get(piece, 0) + 1
    return joined(piece_count(k, n) for k, n in counts.items()) or "nothing"
