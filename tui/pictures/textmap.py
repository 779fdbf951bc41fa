"""The board drawn with text characters at any terminal size, for the TUI's map view.

The same positions as the pictures (``geography.json``) are scaled to the cells
available; roads are dotted lines, land a dim background, and each space a label at
its place. Nothing is said by colour alone (the colours only repeat the letters):

* the first line: the name (shortened when room is short), the Population, Support
  ``+``/``++`` or Opposition ``-``/``--`` (also the background: blue, purple) and
  Control ``[G]`` or ``[F]``: ``Bogotá8++[G]``;
* the second line: the pieces by Faction, in the board table's notation, each group
  headed by its Faction's letter (and in its colour): ``G:3T2P1B`` Troops, Police,
  Base; ``F:2g1G1B`` (``A:`` AUC, ``C:`` Cartels) Underground and Active Guerrillas,
  Base; then ``$`` a Shipment, ``!n`` Terror, ``#`` Sabotage, ``Z`` the FARC Zone;
* ``*`` where a space's pieces were left out for room (the table lists them).

When two labels would overlap, the later one moves to the nearest free cells, and when
there is no room for the long form, a shorter one is used; labels on a row are always
parted by a blank cell.

>>> from core.setup import new_state
>>> text = render_text(new_state("standard", seed=1), 120, 40)
>>> "Bogotá8++[G]" in text.plain
True
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

from rich.style import Style
from rich.text import Text

from core.map import MAP, Space
from core.pieces import Faction
from core.state import GameState
from tui.describe import FACTION_LETTER, pieces_short
from tui.pictures.board import geography
from tui.table_deck import PublicCards

if TYPE_CHECKING:
    from textual.screen import Screen

COLOUR = {Faction.GOVT: "#5b8fe0", Faction.FARC: "#e0554a", Faction.AUC: "#e3c24a",
          Faction.CARTELS: "#4cb860"}
#: Support blue, Opposition purple (FARC's pieces and Control are red)
SUPPORT_BG = {2: "#1d4f91", 1: "#2f5173", 0: "", -1: "#5a3a6a", -2: "#7a2f8f"}
SUPPORT_MARK = {2: "++", 1: "+", 0: "", -1: "-", -2: "--"}
LAND_BG = "#2b2a24"
ROAD = "#8a8a8a"
PIPE = "#b0703f"

Cell = tuple[str, Style]


def _short(sp: Space, n: int) -> str:
    name = sp.name
    return name if n >= len(name) else name[:n].rstrip()


def piece_tokens(state: GameState, sid: int) -> list[tuple[str, Style]]:
    """``G:3T2P``-style tokens for a space's pieces, one per Faction, in its colour,
    then its Shipments and markers."""
    out = []
    for f in Faction:
        pieces = pieces_short(state, sid, f)
        if pieces:
            out.append((f"{FACTION_LETTER[f]}:{pieces}", Style(color=COLOUR[f], bold=True)))
    ships = sum(1 for s in state.shipments if s is not None and s[0] == sid)
    if ships:
        out.append(("$" * ships, Style(color="#ffffff", bold=True)))
    if state.terror[sid]:
        out.append((f"!{state.terror[sid]}", Style(color="#ffffff", bgcolor="#000000")))
    if state.sabotage[sid]:
        out.append(("#", Style(color="#000000", bgcolor="#f2c14e", bold=True)))
    if state.farc_zone[sid]:
        out.append(("Z", Style(color="#ffffff", bgcolor=COLOUR[Faction.FARC])))
    return out


@cache
def _land(width: int, height: int) -> frozenset[tuple[int, int]]:
    """The cells inside Colombia's outline."""
    geo = geography()
    poly = [(x * width / geo.width, y * height / geo.height) for x, y in geo.outline]
    inside = set()
    for row in range(height):
        y = row + 0.5
        xs = []
        for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1], strict=True):
            if (y1 <= y < y2) or (y2 <= y < y1):
                xs.append(x1 + (y - y1) * (x2 - x1) / (y2 - y1))
        xs.sort()
        for a, b in zip(xs[::2], xs[1::2], strict=False):
            for col in range(max(0, int(a + 0.5)), min(width, int(b + 0.5))):
                inside.add((col, row))
    return frozenset(inside)


class _Grid:
    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        land = _land(width, height)
        self.cells: list[list[Cell]] = [
            [(" ", Style(bgcolor=LAND_BG) if (c, r) in land else Style()) for c in
             range(width)] for r in range(height)]
        self.taken: set[tuple[int, int]] = set()
        #: each label line written: (column, row, text)
        self.labels: list[tuple[int, int, str]] = []

    def put(self, col: int, row: int, ch: str, style: Style) -> None:
        if 0 <= col < self.width and 0 <= row < self.height:
            bg = self.cells[row][col][1]
            self.cells[row][col] = (ch, bg + style if style.bgcolor is None else style)

    def free(self, col: int, row: int, n: int) -> bool:
        if row < 0 or row >= self.height or col < 0 or col + n > self.width:
            return False
        return all((c, row) not in self.taken for c in range(col - 2, col + n + 2))

    def write(self, col: int, row: int, parts: list[tuple[str, Style]]) -> None:
        """Write a label's line, with a blank cell on each side (over a road) so that
        it never runs into its neighbour (:meth:`free` kept those cells unwritten)."""
        self.labels.append((col, row, "".join(text for text, _ in parts)))
        for c in (col - 1, col + sum(len(text) for text, _ in parts)):
            if 0 <= c < self.width and (c, row) not in self.taken:
                self.cells[row][c] = (" ", Style(bgcolor=self.cells[row][c][1].bgcolor))
        for text, style in parts:
            for ch in text:
                self.put(col, row, ch, style)
                self.taken.add((col, row))
                col += 1

    def text(self) -> Text:
        out = Text()
        for r, row in enumerate(self.cells):
            for ch, style in row:
                out.append(ch, style)
            if r < self.height - 1:
                out.append("\n")
        return out


def _line(grid: _Grid, a: tuple[float, float], b: tuple[float, float], ch: str,
          style: Style) -> None:
    (x1, y1), (x2, y2) = a, b
    steps = int(max(abs(x2 - x1), abs(y2 - y1))) + 1
    for i in range(steps + 1):
        t = i / steps
        grid.put(int(x1 + (x2 - x1) * t), int(y1 + (y2 - y1) * t), ch, style)


def _label_parts(state: GameState, sp: Space, name_len: int, pieces: bool
                 ) -> list[list[tuple[str, Style]]]:
    """The label's lines, as styled parts."""
    sid = sp.id
    bg = SUPPORT_BG[state.support[sid]] if sp.is_populated else ""
    head: list[tuple[str, Style]] = []
    if not sp.is_loc:
        style = Style(color="#ffffff" if sp.is_city else "#e8e2cf", bold=sp.is_city,
                      bgcolor=bg or None)
        head.append((_short(sp, name_len), style))
        if sp.pop and name_len >= len(sp.name):
            head.append((str(sp.pop), Style(color="#bbbbbb", bgcolor=bg or None)))
        if sp.is_populated and SUPPORT_MARK[state.support[sid]]:
            head.append((SUPPORT_MARK[state.support[sid]],
                         Style(color="#ffffff", bgcolor=bg or None, bold=True)))
        control = state.controller(sid) if (sp.is_populated or sp.is_foreign) else None
        if control is not None:
            head.append((f"[{FACTION_LETTER[control]}]",
                         Style(color="#ffffff", bgcolor=COLOUR[control], bold=True)))
    tokens = piece_tokens(state, sid)
    lines = [head] if head else []
    if pieces and tokens:
        line: list[tuple[str, Style]] = []
        for i, tok in enumerate(tokens):
            if i:
                line.append((" ", Style()))
            line.append(tok)
        lines.append(line)
    elif tokens and sp.is_loc:
        lines.append([("*", Style(color="#ffffff", bold=True))])
    elif tokens and head:
        lines[0].append(("*", Style(color="#ffffff", bold=True)))
    return lines


def render_text(state: GameState, width: int, height: int) -> Text:
    """The map in ``width`` x ``height`` cells."""
    return _draw(state, width, height).text()


def label_lines(state: GameState, width: int, height: int) -> list[tuple[int, int, str]]:
    """Each line of a label as drawn at that size: (column, row, text)."""
    return _draw(state, width, height).labels


def _draw(state: GameState, width: int, height: int) -> _Grid:
    width, height = max(20, width), max(8, height)
    geo = geography()
    sx, sy = width / geo.width, height / geo.height
    grid = _Grid(width, height)
    spaces = [s for s in MAP if state.in_play(s.id)]
    for sp in spaces:
        if sp.is_loc:
            style = Style(color=ROAD if sp.loc_type == "road" else PIPE)
            ch = "·" if sp.loc_type == "road" else ":"
            for line in geo.roads[sp.id]:
                for a, b in zip(line, line[1:], strict=False):
                    _line(grid, (a[0] * sx, a[1] * sy), (b[0] * sx, b[1] * sy), ch, style)
    roomy = width * height >= 120 * 36
    order = sorted(spaces, key=lambda s: {"city": 0, "department": 1, "foreign": 1,
                                          "loc": 2}[s.kind])
    for sp in order:
        x, y = geo.at[sp.id]
        col, row = int(x * sx), int(y * sy)
        options = [(99, True), (6, True), (99, False), (6, False), (4, False),
                   (3, False)] if roomy else [(6, True), (4, True), (4, False), (3, False)]
        placed = False
        for name_len, pieces in options:
            lines = _label_parts(state, sp, name_len, pieces)
            if not lines:
                placed = True
                break
            widths = [sum(len(t) for t, _ in ln) for ln in lines]
            spot = _find(grid, col, row, widths)
            if spot is not None:
                c0, r0 = spot
                for i, ln in enumerate(lines):
                    grid.write(c0 + (max(widths) - widths[i]) // 2, r0 + i, ln)
                placed = True
                break
        if not placed and not sp.is_loc:  # last resort: the name's first letters (with
            head = _label_parts(state, sp, 3, False)[0]  # Support and Control) anywhere near
            spot = _find(grid, col, row, [sum(len(t) for t, _ in head)], radius=8)
            if spot is not None:
                grid.write(spot[0], spot[1], head)
    return grid


def _find(grid: _Grid, col: int, row: int, widths: list[int], radius: int = 3
          ) -> tuple[int, int] | None:
    w = max(widths)
    start = col - w // 2
    for dist in range(radius + 1):
        for dr in sorted(range(-dist, dist + 1), key=abs):
            for dc in sorted(range(-dist * 2, dist * 2 + 1), key=abs):
                if max(abs(dr), (abs(dc) + 1) // 2) != dist:
                    continue
                r0, c0 = row - len(widths) // 2 + dr, start + dc
                if all(grid.free(c0 + (w - wi) // 2, r0 + i, wi)
                       for i, wi in enumerate(widths)):
                    return c0, r0
    return None


#: the map's key, in lines of at most 78 characters (80 columns less the padding)
LEGEND = (
    "Factions: G Government, F FARC, A AUC, C Cartels.  * pieces left out for room",
    "Bogotá8++[G]: Population, Active Support (+ Passive, - -- Opposition), Control",
    "G:3T2P1B Troops, Police, Base.  F:2g1G1B Guerrillas: g Underground, G Active",
    "$ Shipment, !n Terror, # Sabotage, Z FARC Zone.  · road, : pipeline",
)


def legend(width: int) -> str:
    """The key in as few lines as ``width`` allows, never breaking inside a line of
    :data:`LEGEND` (no symbol parted from its meaning)."""
    out: list[str] = []
    for line in LEGEND:
        if out and len(out[-1]) + 3 + len(line) <= width:
            out[-1] += "   " + line
        else:
            out.append(line)
    return "\n".join(out)


# ======================================================================================
# the Textual screen (play and assist: the m key)
# ======================================================================================
@cache
def map_screen_class() -> Callable[[GameState, PublicCards | None], Screen[None]]:
    """The map view's Screen class, made with ``(state, next_known)`` (Textual imported
    only when a TUI runs)."""
    from textual.app import ComposeResult
    from textual.binding import Binding
    from textual.geometry import Size
    from textual.screen import Screen
    from textual.widget import Widget
    from textual.widgets import Static

    from tui import describe

    class MapView(Widget):
        """The text map, redrawn at the widget's size."""

        DEFAULT_CSS = "MapView { height: 1fr; width: 1fr; }"

        def __init__(self, state: GameState) -> None:
            super().__init__(id="map")
            self.state = state

        def render(self) -> Text:
            return render_text(self.state, self.size.width, self.size.height)

    class MapLegend(Widget):
        """The key, packed into as few lines as the width allows."""

        DEFAULT_CSS = "MapLegend { height: auto; width: 1fr; }"

        def render(self) -> Text:
            return Text(legend(self.size.width or 78))

        def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
            return legend(width).count("\n") + 1

    class MapScreen(Screen[None]):
        """The board as a map of Colombia; m or Escape goes back to the table."""

        BINDINGS = [Binding("m,escape", "app.pop_screen", "Back to the table")]
        DEFAULT_CSS = """
        MapScreen #map-title { height: 1; background: $boost; padding: 0 1; }
        MapScreen #map-tracks { height: auto; max-height: 3; padding: 0 1; color: $text; }
        MapScreen #map-legend { height: auto; padding: 0 1; color: $text-muted; }
        """

        def __init__(self, state: GameState, cards: PublicCards | None = None) -> None:
            """``cards``: the cards the footer may name (at the table, only those it
            named: :func:`tui.table_deck.public_cards`)."""
            super().__init__()
            self.state = state
            self.cards = cards

        def compose(self) -> ComposeResult:
            yield Static(f"Map  {describe.whose_turn(self.state, self.cards)}   "
                         "(m or Escape: back)",
                         id="map-title", markup=False)
            yield MapView(self.state)
            m = self.state.victory_margins()
            yield Static(
                "Resources " + " ".join(f"{f.label} {self.state.resources[f]}"
                                        for f in Faction)
                + f"  Aid {self.state.aid}  Support {self.state.total_support()}"
                + f"  Opp+Bases {self.state.opposition_plus_bases()}  Margins "
                + " ".join(f"{f.label} {m[f]:+d}" for f in Faction)
                + f"  Card {describe.current_card_title(self.state, self.cards)}; next "
                + describe.next_card_title(self.state, self.cards),
                id="map-tracks", markup=False)
            yield MapLegend(id="map-legend")

    return MapScreen
