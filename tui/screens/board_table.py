"""The board table of the play and assist screens, laid out for the terminal's width.

Every layout shows, per space, its Population (or a LoC's Econ), Support, Control, the
pieces of every Faction and its markers; wider layouts spend the width on longer forms
and more columns, never on blank space:

* ``compact`` (80 columns): short names, ``AS``/``PS``/``N``/``PO``/``AO``, ``G``/``F``
  and one Pieces column ``G:3T2P1B F:2g1G1B A:1g C:1B`` with the markers after it
  (``!2`` Terror, ``#`` Sabotage, ``Z`` FARC Zone, ``$`` Shipment);
* ``columns``: one column per Faction, a Markers column only when a shown space has one;
* ``names``: the same with the spaces' full names;
* ``full``: also the space's type, Pop and Econ apart, Support and Control in words and
  the markers in words.

:func:`choose` picks the richest layout whose width (measured on the rows to show)
leaves the side panel room for its own content; the side panel takes the rest.
:data:`LEGEND` explains the abbreviations (the help screen and the side panel show it).
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass

from rich.text import Text

from core.map import MAP
from core.pieces import INSURGENTS, Faction, Piece
from core.state import SUPPORT_LABELS, GameState
from core.words import counted
from tui.describe import (
    FARC_ZONE,
    SABOTAGE,
    SHIPMENTS,
    TERROR,
    MarkerWords,
    marker_words,
    pieces_short,
)
from tui.pictures.textmap import COLOUR

LEGEND = [
    "Legend",
    "Sup: AS Active Support, PS Passive Support, N Neutral,",
    "  PO Passive Opposition, AO Active Opposition",
    "C (Control): G Government, F FARC",
    "P/E: Population; eN: a LoC's Econ",
    "Pieces: G Government: T Troops, P Police, B Base;",
    "  F FARC, A AUC, C Cartels: g Underground, G Active Guerrilla, B Base",
    "Markers: !n Terror, # Sabotage, Z FARC Zone, $ Shipment",
]

SUPPORT_SHORT = {2: "AS", 1: "PS", 0: "N", -1: "PO", -2: "AO"}
FACTION_LETTER = {Faction.GOVT: "G", Faction.FARC: "F", Faction.AUC: "A", Faction.CARTELS: "C"}
_LETTERS = {Piece.TROOPS: "T", Piece.POLICE: "P", Piece.GOVT_BASE: "B"}
KIND_LABEL = {"city": "City", "department": "Dept", "loc": "LoC", "foreign": "Foreign"}
#: the width a compact name is cut to (unique for every space of the map)
SHORT_NAME = 12
#: each column's cell padding in the table (one cell each side) and the scrollbar
PADDING = 2
SCROLLBAR = 2


# ======================================================================================
# cells
# ======================================================================================
def short_name(space: int, width: int = SHORT_NAME) -> str:
    """The map's name in at most ``width`` characters: a LoC without its " LoC" and,
    if still too long, each of the places it joins cut to the same length
    (``Carta-Since`` for Cartagena-Sincelejo); other names cut, with ``…``."""
    name = MAP[space].name.removesuffix(" LoC")
    if len(name) <= width:
        return name
    if MAP[space].is_loc:
        parts = name.split("-")
        for k in range(max(len(p) for p in parts), 1, -1):
            short = "-".join(p[:k].rstrip() for p in parts)
            if len(short) <= width:
                return short
    return name[: width - 1].rstrip() + "…"


def _coloured(text: str, f: Faction) -> Text:
    return Text(text, style=f"bold {COLOUR[f]}")


def faction_cell(f: Faction) -> Callable[[GameState, int], Text]:
    def cell(state: GameState, space: int) -> Text:
        return _coloured(pieces_short(state, space, f), f)
    return cell


def pieces_cell(state: GameState, space: int) -> Text:
    """Every Faction's pieces in one cell, then the markers: ``G:3T1P F:2g A:1G #``."""
    out = Text()
    for f in Faction:
        pieces = pieces_short(state, space, f)
        if pieces:
            if out:
                out.append(" ")
            out.append_text(_coloured(f"{FACTION_LETTER[f]}:{pieces}", f))
    marks = markers_short(state, space)
    if marks:
        out.append((" " if out else "") + marks)
    return out


#: ``!2 # Z $``: Terror (with its count), Sabotage, FARC Zone, a ``$`` per Shipment
_SHORT_MARKERS: MarkerWords = {
    TERROR: lambda n: f"!{n}",
    SABOTAGE: lambda n: "#",
    FARC_ZONE: lambda n: "Z",
    SHIPMENTS: lambda n: " ".join(["$"] * n),
}
#: ``Terror 2, Sabotage, FARC Zone, 2 Shipments``
_LONG_MARKERS: MarkerWords = {
    TERROR: lambda n: f"Terror {n}",
    SABOTAGE: lambda n: "Sabotage",
    FARC_ZONE: lambda n: "FARC Zone",
    SHIPMENTS: lambda n: counted(n, "Shipment"),
}


def markers_short(state: GameState, space: int) -> str:
    """``!2 # Z $``: Terror (with its count), Sabotage, FARC Zone, Shipments."""
    return " ".join(marker_words(state, space, _SHORT_MARKERS))


def markers_long(state: GameState, space: int) -> str:
    return ", ".join(marker_words(state, space, _LONG_MARKERS))


def _pop_econ(state: GameState, space: int) -> str:
    s = MAP[space]
    return f"e{s.econ}" if s.is_loc else str(s.pop)


def _support(state: GameState, space: int) -> str:
    return SUPPORT_SHORT[state.support[space]] if MAP[space].is_populated else ""


def _support_long(state: GameState, space: int) -> str:
    return SUPPORT_LABELS[state.support[space]] if MAP[space].is_populated else ""


def _control(state: GameState, space: int) -> Text:
    if MAP[space].is_loc:
        return Text("")
    c = state.controller(space)
    return Text("") if c is None else _coloured(FACTION_LETTER[c], c)


def _control_long(state: GameState, space: int) -> Text:
    if MAP[space].is_loc:
        return Text("")
    c = state.controller(space)
    return Text("") if c is None else _coloured("Govt" if c is Faction.GOVT else "FARC", c)


# ======================================================================================
# layouts
# ======================================================================================
@dataclass(frozen=True)
class Column:
    label: str
    cell: Callable[[GameState, int], str | Text]
    #: left out when no row has anything in it
    optional: bool = False
    right: bool = False


_NAME_SHORT = Column("Space", lambda st, s: short_name(s))
_NAME_FULL = Column("Space", lambda st, s: MAP[s].full_name)
_PE = Column("P/E", _pop_econ, right=True)
_SUP = Column("Sup", _support)
_CTL = Column("C", _control)
_FACTIONS = [Column(f.label if f is not Faction.GOVT else "Govt", faction_cell(f))
             for f in (Faction.GOVT, *INSURGENTS)]
_MARKS = Column("Markers", markers_short, optional=True)

#: the layouts, richest first
LAYOUTS: dict[str, list[Column]] = {
    "full": [
        _NAME_FULL,
        Column("Type", lambda st, s: KIND_LABEL[MAP[s].kind]),
        Column("Pop", lambda st, s: str(MAP[s].pop) if not MAP[s].is_loc else "", right=True),
        Column("Econ", lambda st, s: str(MAP[s].econ) if MAP[s].is_loc else "",
               right=True),
        Column("Support", _support_long),
        Column("Control", _control_long),
        *_FACTIONS,
        Column("Markers", markers_long, optional=True),
    ],
    "names": [_NAME_FULL, _PE, _SUP, _CTL, *_FACTIONS, _MARKS],
    "columns": [_NAME_SHORT, _PE, _SUP, _CTL, *_FACTIONS, _MARKS],
    "compact": [_NAME_SHORT, _PE, _SUP, _CTL, Column("Pieces", pieces_cell)],
}


@dataclass
class Table:
    """A layout filled in: the columns kept and one row of cells per space."""

    layout: str
    columns: list[Column]
    rows: list[tuple[int, list[Text]]]

    @property
    def widths(self) -> list[int]:
        """Each column's width: its widest cell or its label."""
        return [max([len(col.label), *(row[i].cell_len for _, row in self.rows)])
                for i, col in enumerate(self.columns)]

    @property
    def width(self) -> int:
        """The width the table needs: its columns, their padding, the scrollbar."""
        return SCROLLBAR + sum(w + PADDING for w in self.widths)


#: before the name of a space marked as changed (the Non-players' turns since the
#: person's last decision, :func:`tui.card_summary.marked_spaces`)
MARK = ">"


def fill(layout: str, state: GameState, spaces: list[int],
         marked: Collection[int] = ()) -> Table:
    """``layout``'s cells for ``spaces`` (optional columns empty everywhere dropped);
    the names of ``marked`` spaces begin with :data:`MARK`, in bold."""
    columns = LAYOUTS[layout]
    grid = [[Text(c) if isinstance(c, str) else c for c in (col.cell(state, s)
             for col in columns)] for s in spaces]
    for s, row in zip(spaces, grid, strict=True):
        if s in marked:
            row[0] = Text(MARK, style="bold reverse") + Text(row[0].plain, style="bold")
    keep = [i for i, col in enumerate(columns)
            if not col.optional or any(row[i].plain for row in grid)]
    rows = [(s, [row[i] for i in keep]) for s, row in zip(spaces, grid, strict=True)]
    for i, j in enumerate(keep):
        if columns[j].right:
            for _, row in rows:
                row[i].justify = "right"
    return Table(layout, [columns[i] for i in keep], rows)


def choose(state: GameState, spaces: list[int], width: int, side_want: int,
           side_min: int, marked: Collection[int] = ()) -> tuple[Table, int]:
    """The board table for a terminal ``width`` columns wide, and the side panel's width.

    The richest layout that leaves the side panel ``side_want`` columns is taken, else
    the compact one; the side panel gets what the table leaves, and at least
    ``side_min`` (the table then scrolls sideways)."""
    tables = [fill(name, state, spaces, marked) for name in LAYOUTS]
    for table in tables:
        if table.width + side_want <= width:
            return table, width - table.width
    table = tables[-1]
    return table, max(side_min, width - table.width)
