"""The board as a picture: a game position drawn like the map of Colombia.

Each space stands at its geographic place (``tui/pictures/geography.json``, public
geography), LoCs run as roads and pipelines between their towns, and each space's card
shows its pieces by Faction in the Factions' colours (one glyph per kind of piece with
the count on it), Support/Opposition (the card's colour), Control, Terror, Sabotage,
the FARC Zone and Shipments. A panel at the right holds the tracks: Resources, Aid,
Total Support, Opposition + Bases, the four victory margins and the current and next
card.

>>> from core.setup import new_state
>>> svg = board_svg(new_state("standard", seed=1))
>>> svg.startswith("<svg")
True
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path

from core.atomic import write_text
from core.cards import CARDS
from core.map import MAP, Space
from core.pieces import Faction, Piece
from core.state import PRESIDENTS, SUPPORT_LABELS, GameState
from tui.describe import current_card_title, next_card_title
from tui.pictures.canvas import Canvas
from tui.table_deck import PublicCards

# --- colours (the Factions' piece colours on the physical game) ------------------------
FACTION_COLOUR = {
    Faction.GOVT: "#1d4f91",
    Faction.FARC: "#c0392b",
    Faction.AUC: "#e3b505",
    Faction.CARTELS: "#2e8b3e",
}
POLICE_COLOUR = "#4aa3df"
#: Text colour on a glyph of that fill.
INK_ON = {"#1d4f91": "#fff", "#c0392b": "#fff", "#e3b505": "#222", "#2e8b3e": "#fff",
          "#4aa3df": "#10324f"}
SUPPORT_FILL = {2: "#9cc3ea", 1: "#d3e5f6", 0: "#f7f5ef", -1: "#f6d3cc", -2: "#eb9d92"}
TERRAIN_EDGE = {"forest": "#3f7d3a", "mountain": "#8a6a44", "grassland": "#b9a23c"}
LAND = "#efe9da"
SEA = "#dcebf5"
ROAD = "#5b5b5b"
PIPELINE = "#a0522d"
HIGHLIGHT = "#ff8c00"

#: Pixels per degree of longitude/latitude, and the width of the tracks panel.
SCALE = 84.0
PANEL = 330.0
GLYPH = 19.0
GAP = 3.0
PER_ROW = 5

#: The kinds of pieces in drawing order: (piece, short name for tooltips).
KINDS = (
    (Piece.TROOPS, "Troops"), (Piece.POLICE, "Police"), (Piece.GOVT_BASE, "Govt Base"),
    (Piece.FARC_UNDERGROUND, "FARC Underground"), (Piece.FARC_ACTIVE, "FARC Active"),
    (Piece.FARC_BASE, "FARC Base"),
    (Piece.AUC_UNDERGROUND, "AUC Underground"), (Piece.AUC_ACTIVE, "AUC Active"),
    (Piece.AUC_BASE, "AUC Base"),
    (Piece.CARTELS_UNDERGROUND, "Cartels Underground"),
    (Piece.CARTELS_ACTIVE, "Cartels Active"), (Piece.CARTELS_BASE, "Cartels Base"),
)


# ======================================================================================
# geography
# ======================================================================================
@dataclass(frozen=True)
class Geography:
    """Drawing positions from the data file, in pixels (x east, y south)."""

    width: float
    height: float
    at: dict[int, tuple[float, float]]  # space id -> where its card is drawn
    home: dict[int, tuple[float, float]]  # space id -> its geographic place
    roads: dict[int, list[list[tuple[float, float]]]]  # LoC id -> polylines
    outline: list[tuple[float, float]]
    places: dict[str, tuple[float, float]]


def geography_data() -> dict:
    text = resources.files("tui.pictures").joinpath("geography.json").read_text("utf-8")
    return json.loads(text)


@cache
def geography(scale: float = SCALE) -> Geography:
    data = geography_data()
    b = data["bounds"]

    def project(lon: float, lat: float) -> tuple[float, float]:
        return ((lon - b["west"]) * scale, (b["north"] - lat) * scale)

    at: dict[int, tuple[float, float]] = {}
    home: dict[int, tuple[float, float]] = {}
    for name, entry in data["spaces"].items():
        sid = MAP.id_of(name)
        home[sid] = project(entry["lon"], entry["lat"])
        dx, dy = entry.get("nudge", (0.0, 0.0))
        at[sid] = project(entry["lon"] + dx, entry["lat"] + dy)
    places = {n: project(p["lon"], p["lat"]) for n, p in data["places"].items()}
    roads: dict[int, list[list[tuple[float, float]]]] = {}
    for name, entry in data["locs"].items():
        sid = MAP.id_of(name)
        ends = [places[v] if v in places else home[MAP.id_of(v)] for v in entry["via"]]
        if "junction" in entry:
            j = project(entry["junction"]["lon"], entry["junction"]["lat"])
            roads[sid] = [[e, j] for e in ends]
            at[sid] = j
        else:
            roads[sid] = [ends]
            (x1, y1), (x2, y2) = ends
            f = float(entry.get("t", 0.5))
            at[sid] = (x1 + (x2 - x1) * f, y1 + (y2 - y1) * f)
    outline = [project(lon, lat) for lon, lat in data["outline"]]
    width = (b["east"] - b["west"]) * scale
    height = (b["north"] - b["south"]) * scale
    return Geography(width, height, at, home, roads, outline, places)


# ======================================================================================
# drawing
# ======================================================================================
def _kinds_in(state: GameState, sid: int) -> list[tuple[Piece, str, int]]:
    return [(k, name, state.count(sid, k)) for k, name in KINDS if state.count(sid, k)]


def _glyph(c: Canvas, x: float, y: float, kind: Piece, n: int, tip: str) -> None:
    """One kind of piece at (x, y) (top-left), with its count on it."""
    f = kind.faction
    colour = FACTION_COLOUR[f]
    s = GLYPH
    ink = INK_ON[colour]
    if kind == Piece.POLICE:
        colour, ink = POLICE_COLOUR, INK_ON[POLICE_COLOUR]
    if kind in (Piece.TROOPS, Piece.POLICE):
        c.rect(x + 1, y + 1, s - 2, s - 2, fill=colour, stroke="#10243f", width=1, rx=2,
               title=f"{n} {tip}")
    elif kind.is_base:
        pts = [(x + s / 2, y), (x + s, y + s * 0.38), (x + s, y + s), (x, y + s),
               (x, y + s * 0.38)]
        c.polygon(pts, fill=colour, stroke="#222", width=1.2, title=f"{n} {tip}")
    elif kind in (Piece.FARC_UNDERGROUND, Piece.AUC_UNDERGROUND, Piece.CARTELS_UNDERGROUND):
        # Underground: pale disc ringed in the Faction's colour (symbol side down).
        c.circle(x + s / 2, y + s / 2, s / 2 - 1, fill="#ffffff", stroke=colour, width=3,
                 title=f"{n} {tip}")
        ink = "#222"
    else:  # Active: solid disc
        c.circle(x + s / 2, y + s / 2, s / 2 - 1, fill=colour, stroke="#222", width=1,
                 title=f"{n} {tip}")
    c.text(x + s / 2, y + s / 2 + 4.3, str(n), size=12, fill=ink, anchor="middle",
           weight="bold")


def _shipment(c: Canvas, x: float, y: float, holder: int) -> None:
    colour = FACTION_COLOUR[Faction(holder)]
    c.polygon([(x + 7, y), (x + 14, y + 7), (x + 7, y + 14), (x, y + 7)], fill="#fff",
              stroke=colour, width=2.5, title=f"Shipment held by {Faction(holder).label}")
    c.text(x + 7, y + 11, "$", size=10, fill="#222", anchor="middle", weight="bold")


def _text_width(text: str, size: float) -> float:
    return len(text) * size * 0.6


def _card_lines(state: GameState, sp: Space) -> tuple[str, str]:
    """A card's title (name and Population) and its line of Support and FARC Zone."""
    sid = sp.id
    title = sp.name + (f" {sp.pop}" if sp.pop else "")
    sub = SUPPORT_LABELS[state.support[sid]] if sp.is_populated else ""
    if state.farc_zone[sid]:
        sub = (sub + ", " if sub else "") + "FARC Zone"
    return title, sub


def card_size(state: GameState, sp: Space) -> tuple[float, float]:
    """The width and height of a City's, Department's or foreign country's card."""
    sid = sp.id
    kinds = _kinds_in(state, sid)
    ships = any(s is not None and s[0] == sid for s in state.shipments)
    title, sub = _card_lines(state, sp)
    ncol = min(PER_ROW, max(1, len(kinds)))
    rows = math.ceil(len(kinds) / PER_ROW) if kinds else 0
    w = max(_text_width(title, 12) * 1.2 + 34, ncol * (GLYPH + GAP) + 10, 64,
            _text_width(sub, 10) * 0.95 + 12)
    h = 20 + (13 if sub else 0) + rows * (GLYPH + GAP) + (4 if rows else 0) \
        + (16 if ships else 0)
    return w, h


def _space_card(c: Canvas, state: GameState, sp: Space, x: float, y: float,
                changed: bool) -> None:
    """A City, Department or foreign country: a card centred at (x, y)."""
    sid = sp.id
    kinds = _kinds_in(state, sid)
    ships = [s[1] for s in state.shipments if s is not None and s[0] == sid]
    title, sub = _card_lines(state, sp)
    support = state.support[sid]
    w, h = card_size(state, sp)
    left, top = x - w / 2, y - h / 2
    fill = SUPPORT_FILL[support] if sp.is_populated else "#fbfaf6"
    edge = "#333" if sp.is_city else TERRAIN_EDGE.get(sp.terrain or "", "#777")
    if changed:
        c.rect(left - 5, top - 5, w + 10, h + 10, fill="none", stroke=HIGHLIGHT, width=4,
               rx=12)
    c.rect(left, top, w, h, fill=fill, stroke=edge, width=2.6 if sp.is_city else 2,
           rx=10 if sp.is_city else 3, title=sp.full_name)
    if state.farc_zone[sid]:
        c.rect(left + 3, top + 3, w - 6, h - 6, fill="none",
               stroke=FACTION_COLOUR[Faction.FARC], width=2, dash="5 3", rx=3)
    cy = top + 15
    c.text(left + 6, cy, title, size=12, weight="bold", fill="#111")
    control = state.controller(sid) if not sp.is_loc else None
    if control is not None and sp.is_populated or control is not None and sp.is_foreign:
        colour = FACTION_COLOUR[control]
        c.rect(left + w - 22, top + 3, 19, 14, fill=colour, stroke="#111", width=1, rx=2,
               title=f"{control.label} Control")
        c.text(left + w - 12.5, top + 14, "G" if control == Faction.GOVT else "F", size=10,
               fill="#fff", anchor="middle", weight="bold")
    if sub:
        cy += 13
        c.text(left + 6, cy, sub, size=10, fill="#333")
    gy = cy + 6
    for i, (kind, name, n) in enumerate(kinds):
        col, row = i % PER_ROW, i // PER_ROW
        _glyph(c, left + 5 + col * (GLYPH + GAP), gy + row * (GLYPH + GAP), kind, n, name)
    sy = gy + math.ceil(len(kinds) / PER_ROW) * (GLYPH + GAP) + 1
    for i, holder in enumerate(ships):
        _shipment(c, left + 6 + i * 17, sy, holder)
    if state.terror[sid]:  # on the card's corner, above its name (it covered the name's
        _terror(c, left - 8, top - 13, state.terror[sid])  # first letters: trial 43b)


def _terror(c: Canvas, x: float, y: float, n: int) -> None:
    c.polygon([(x + 10, y), (x + 20, y + 17), (x, y + 17)], fill="#111", stroke="#fff",
              width=1, title=f"{n} Terror")
    c.text(x + 10, y + 15, str(n) if n > 1 else "T", size=10, fill="#fff", anchor="middle",
           weight="bold")


def loc_box_size(state: GameState, sp: Space) -> tuple[float, float] | None:
    """The width and height of the box of a LoC's pieces and Shipments (None: empty)."""
    n = len(_kinds_in(state, sp.id))
    ships = sum(1 for s in state.shipments if s is not None and s[0] == sp.id)
    if not n and not ships:
        return None
    rows = math.ceil(n / PER_ROW) if n else 1
    return min(n, PER_ROW) * (GLYPH + GAP) + 4 + ships * 17, rows * (GLYPH + GAP) + 3


def _loc_card(c: Canvas, state: GameState, sp: Space, x: float, y: float,
              changed: bool, box: Rect | None) -> None:
    """A LoC: its Econ disc on the road, Sabotage above it, its pieces in ``box``."""
    sid = sp.id
    kinds = _kinds_in(state, sid)
    ships = [s[1] for s in state.shipments if s is not None and s[0] == sid]
    r = DISC
    colour = ROAD if sp.loc_type == "road" else PIPELINE
    if changed:
        c.circle(x, y, r + 6, fill="none", stroke=HIGHLIGHT, width=4)
    c.circle(x, y, r, fill="#fff", stroke=colour, width=2.5, title=sp.full_name)
    c.text(x, y + 4, str(sp.econ), size=11, fill="#111", anchor="middle", weight="bold")
    if state.sabotage[sid]:
        c.rect(x - 17, y - 25, 34, 14, fill="#111", stroke="#f2c14e", width=1.5, rx=2,
               title="Sabotage")
        c.text(x, y - 14.5, "SAB", size=10, fill="#f2c14e", anchor="middle", weight="bold")
    if box is not None:
        n = len(kinds)
        left, top, _, _ = box
        size = loc_box_size(state, sp)
        assert size is not None  # a LoC with a box has pieces or Shipments in it
        w, h = size
        c.rect(left, top, w, h, fill="#ffffffdd", stroke=colour, width=1, rx=3,
               title=sp.full_name)
        for i, (kind, name, k) in enumerate(kinds):
            col, row = i % PER_ROW, i // PER_ROW
            _glyph(c, left + 2 + col * (GLYPH + GAP), top + 2 + row * (GLYPH + GAP), kind,
                   k, name)
        for i, holder in enumerate(ships):
            _shipment(c, left + 2 + min(n, PER_ROW) * (GLYPH + GAP) + i * 17, top + 4,
                      holder)


# ======================================================================================
# layout: nothing covers a space's name or a LoC's disc
# ======================================================================================
Rect = tuple[float, float, float, float]  # left, top, right, bottom
#: the Econ disc's radius, the room kept around cards, discs and boxes
DISC = 9.0
MARGIN = 4.0


@dataclass(frozen=True)
class Layout:
    """Where this position's cards, Econ discs and LoC piece boxes are drawn."""

    cards: dict[int, Rect]  # City, Department, foreign country -> its card
    discs: dict[int, tuple[float, float]]  # LoC -> its Econ disc's centre
    loc_boxes: dict[int, Rect]  # LoC with pieces or Shipments -> their box
    on_road: dict[int, tuple[float, float]]  # LoC -> the road's point its disc stands for


def disc_rect(x: float, y: float) -> Rect:
    """What a LoC's marker takes: its Econ disc and the room for Sabotage above it."""
    return (x - 17, y - 25, x + 17, y + DISC)


def _meet(a: Rect, b: Rect, margin: float = MARGIN) -> bool:
    return a[0] < b[2] + margin and b[0] < a[2] + margin and a[1] < b[3] + margin \
        and b[1] < a[3] + margin


def layout(state: GameState) -> Layout:
    """Cards at their places (``geography.json``), pushed apart where their sizes in
    this position make them overlap; each LoC's disc at the point of its road nearest
    its place that no card covers; a LoC's pieces beside its disc, on the first side
    that covers no card, disc or other box."""
    geo = geography()
    spaces = [s for s in MAP if state.in_play(s.id)]
    centre = {s.id: geo.at[s.id] for s in spaces if not s.is_loc}
    size = {s.id: card_size(state, s) for s in spaces if not s.is_loc}

    def rect(sid: int) -> Rect:
        (x, y), (w, h) = centre[sid], size[sid]
        return (x - w / 2, y - h / 2, x + w / 2, y + h / 2)

    ids = sorted(centre)
    for _ in range(200):  # push overlapping cards apart along the shorter overlap
        moved = False
        for i, a in enumerate(ids):
            for b in ids[i + 1:]:
                ra, rb = rect(a), rect(b)
                if not _meet(ra, rb):
                    continue
                dx = min(ra[2], rb[2]) - max(ra[0], rb[0]) + MARGIN
                dy = min(ra[3], rb[3]) - max(ra[1], rb[1]) + MARGIN
                (ax, ay), (bx, by) = centre[a], centre[b]
                if dx <= dy:
                    d = (dx / 2 + 0.5) * (1 if ax <= bx else -1)
                    centre[a], centre[b] = (ax - d, ay), (bx + d, by)
                else:
                    d = (dy / 2 + 0.5) * (1 if ay <= by else -1)
                    centre[a], centre[b] = (ax, ay - d), (bx, by + d)
                moved = True
        if not moved:
            break
    cards = {sid: rect(sid) for sid in ids}
    discs: dict[int, tuple[float, float]] = {}
    leaders: dict[int, tuple[float, float]] = {}
    for sp in spaces:
        if not sp.is_loc:
            continue
        ax_, ay = geo.at[sp.id]
        points: list[tuple[float, float, float, float]] = []  # point, its road's normal
        for line in geo.roads[sp.id]:
            for (x1, y1), (x2, y2) in zip(line, line[1:], strict=False):
                length = math.hypot(x2 - x1, y2 - y1)
                n = max(1, int(length / 4))
                points += [(x1 + (x2 - x1) * k / n, y1 + (y2 - y1) * k / n,
                            (y1 - y2) / length, (x2 - x1) / length) for k in range(n + 1)]
        points.sort(key=lambda p: math.hypot(p[0] - ax_, p[1] - ay))
        # on the road if it can; else as near the road as it can, with a leader to it
        tries = [((x, y), (x, y)) for x, y, _, _ in points] + [
            ((x + nx * d, y + ny * d), (x, y)) for d in (22, -22, 32, -32, 44, -44, 56, -56)
            for x, y, nx, ny in points] + [
            ((ax_ + d * math.cos(a / 8 * math.pi), ay + d * math.sin(a / 8 * math.pi)),
             (ax_, ay)) for d in range(40, 200, 10) for a in range(16)]
        discs[sp.id], leaders[sp.id] = next(
            (t for t in tries
             if not any(_meet(disc_rect(*t[0]), r) for r in cards.values())
             and not any(_meet(disc_rect(*t[0]), disc_rect(*q)) for q in discs.values())),
            ((ax_, ay), (ax_, ay)))
    taken = list(cards.values()) + [disc_rect(*p) for p in discs.values()]
    loc_boxes: dict[int, Rect] = {}
    for sid, (x, y) in discs.items():
        wh = loc_box_size(state, MAP[sid])
        if wh is None:
            continue
        w, h = wh
        sides = [(x + DISC + 2, y - h / 2), (x - DISC - 2 - w, y - h / 2),
                 (x - w / 2, y + DISC + 2), (x - w / 2, y - 27 - h),
                 (x + DISC + 2, y + DISC + 2), (x - DISC - 2 - w, y + DISC + 2),
                 (x + DISC + 2, y - 27 - h), (x - DISC - 2 - w, y - 27 - h)]
        own = disc_rect(x, y)
        box = next(((left, top, left + w, top + h) for left, top in sides
                    if not any(_meet((left, top, left + w, top + h), r, 2)
                               for r in taken if r != own)),
                   (sides[0][0], sides[0][1], sides[0][0] + w, sides[0][1] + h))
        loc_boxes[sid] = box
        taken.append(box)
    return Layout(cards, discs, loc_boxes, leaders)


def label_rect(name: str, x: float, y: float, anchor: str) -> Rect:
    """What a place's name (size 10, baseline at ``y``) takes on the picture."""
    w = _text_width(name, 10)
    left = x - w if anchor == "end" else x - w / 2 if anchor == "middle" else x
    return (left, y - 9, left + w, y + 3)


def place_label(name: str, px: float, py: float, where: Layout) -> tuple[float, float, str]:
    """Where a town's name goes beside its dot: up and to the right, or the first other
    side no card or LoC box covers (issue 43 trial b finding 8: "San José" was hidden
    behind Meta West's card). (x, baseline y, anchor)."""
    boxes = [*where.cards.values(), *where.loc_boxes.values()]
    sides = [(px + 5, py - 5, "start"), (px + 5, py + 13, "start"), (px - 5, py - 5, "end"),
             (px - 5, py + 13, "end"), (px, py - 8, "middle"), (px, py + 16, "middle")]
    for box in boxes:  # a card over the dot itself: the name just outside the card
        if box[0] <= px <= box[2] and box[1] <= py <= box[3]:
            sides += [(box[2] + 4, py + 4, "start"), (box[0] - 4, py + 4, "end"),
                      (px, box[3] + 12, "middle"), (px, box[1] - 4, "middle")]
    for x, y, anchor in sides:
        if not any(_meet(label_rect(name, x, y, anchor), box, 0) for box in boxes):
            return x, y, anchor
    return sides[0]


def draw_board(state: GameState, changed: set[int] | frozenset[int] = frozenset(),
               *, heading: str = "", panel: bool = True,
               cards: PublicCards | None = None) -> Canvas:
    """The position as shapes; ``changed`` spaces get an orange ring. ``cards``: the
    cards the panel may name (:func:`tui.table_deck.public_cards`; by default a solo
    game's)."""
    geo = geography()
    width = geo.width + (PANEL if panel else 0)
    c = Canvas(width, geo.height, background=SEA)
    c.polygon(geo.outline, fill=LAND, stroke="#8d8672", width=1.5)
    in_play = [s for s in MAP if state.in_play(s.id)]
    where = layout(state)
    at = {sid: ((r[0] + r[2]) / 2, (r[1] + r[3]) / 2) for sid, r in where.cards.items()}
    at.update(where.discs)
    # roads under everything
    for sp in in_play:
        if not sp.is_loc:
            continue
        colour = ROAD if sp.loc_type == "road" else PIPELINE
        for line in geo.roads[sp.id]:
            c.line(line, stroke="#ffffff", width=7, opacity=0.8)
            c.line(line, stroke=colour, width=3.5 if sp.loc_type == "road" else 3,
                   dash="" if sp.loc_type == "road" else "7 4")
    for sid, (x, y) in where.discs.items():  # a disc moved off its road: a leader to it
        if (x, y) != where.on_road[sid]:
            c.line([where.on_road[sid], (x, y)], stroke="#666", width=1.2, dash="2 2")
    # the foreign countries' links and the towns that end LoCs
    for name, (px, py) in geo.places.items():
        if name == "Arauca":
            continue  # Arauca town sits in its Department's card
        c.circle(px, py, 3.5, fill="#555")
        tx, ty, anchor = place_label(name, px, py, where)
        c.text(tx, ty, name, size=10, fill="#444", halo=LAND, anchor=anchor)
    for sp in in_play:
        if sp.is_foreign:
            for n in sp.adjacent:
                if not MAP[n].is_loc:
                    c.line([at[sp.id], at[n]], stroke="#999", width=1.5, dash="3 3")
    # a thin leader from each card moved away from its place to the place itself
    for sp in in_play:
        if sp.is_loc:
            continue
        hx, hy = geo.home[sp.id]
        ax_, ay = at[sp.id]
        if math.hypot(hx - ax_, hy - ay) > 25:
            c.line([(hx, hy), (ax_, ay)], stroke="#666", width=1, dash="2 3")
        c.circle(hx, hy, 3 if not sp.is_city else 4, fill="#333")
    # LoCs, then Departments, then Cities on top
    order = sorted(in_play, key=lambda s: {"loc": 0, "department": 1, "foreign": 1,
                                           "city": 2}[s.kind])
    for sp in order:
        x, y = at[sp.id]
        c.group("space", space=sp.name, kind=sp.kind, **_counts(state, sp.id))
        if sp.is_loc:
            _loc_card(c, state, sp, x, y, sp.id in changed, where.loc_boxes.get(sp.id))
        else:
            _space_card(c, state, sp, x, y, sp.id in changed)
        c.end()
    if heading:
        c.rect(8, 8, _text_width(heading, 16) + 16, 28, fill="#ffffffcc", rx=4)
        c.text(16, 28, heading, size=16, weight="bold", fill="#111")
    if panel:
        _panel(c, state, geo.width, cards)
    return c


def _counts(state: GameState, sid: int) -> dict[str, int]:
    return {k.name.lower(): state.count(sid, k) for k, _ in KINDS}


def _panel(c: Canvas, state: GameState, x0: float, cards: PublicCards | None = None) -> None:
    """The tracks: Resources, Aid, totals, margins, cards, and a legend."""
    c.rect(x0, 0, PANEL, c.height, fill="#fbfaf6", stroke="#8d8672", width=1)
    x = x0 + 16
    y = 30.0

    def head(text: str) -> None:
        nonlocal y
        y += 32
        c.text(x, y, text, size=15, weight="bold", fill="#1b1b1b")
        y += 2

    def line(text: str, *, size: float = 12, colour: str = "#222", bold: bool = False) -> None:
        nonlocal y
        y += size + 7
        c.text(x, y, text, size=size, fill=colour, weight="bold" if bold else "normal")

    c.text(x, y, "Andean Abyss", size=20, weight="bold", fill="#1b1b1b")
    line(f"{state.scenario.title()} scenario, Propaganda cards {state.propaganda_cards} "
         f"of {state.final_propaganda}", size=11, colour="#555")
    head("Cards")
    line("Current: " + current_card_title(state, cards), bold=True)
    line("Next: " + next_card_title(state, cards))
    head("Resources")
    for f in Faction:
        y += 20
        n = state.resources[f]
        c.text(x, y, f.label, size=12, fill="#222")
        c.rect(x + 80, y - 11, 180, 13, fill="#e8e4d8", rx=2)
        c.rect(x + 80, y - 11, 180 * min(n, 99) / 99, 13, fill=FACTION_COLOUR[f], rx=2)
        c.text(x + 266, y, str(n), size=12, fill="#222", weight="bold")
    y += 6
    line(f"Aid {state.aid}     El Presidente {PRESIDENTS[state.president]}")
    head("Victory")
    line(f"Total Support {state.total_support()}  (Government needs > 60)")
    line(f"Opposition + Bases {state.opposition_plus_bases()}  (FARC needs > 25)")
    margins = state.victory_margins()
    y += 4
    for f in Faction:
        y += 22
        m = margins[f]
        c.text(x, y, f.label, size=12, fill="#222")
        c.text(x + 120, y, f"{m:+d}", size=12, anchor="end", weight="bold", fill="#222")
        mid = x + 215
        c.line([(mid, y - 15), (mid, y + 4)], stroke="#999", width=1)
        length = max(-75.0, min(75.0, m * 2.5))
        c.rect(min(mid, mid + length), y - 11, abs(length), 13, fill=FACTION_COLOUR[f],
               rx=2)
    if state.capabilities or state.momentum:
        head("In effect")
        for card, side in sorted(state.capabilities.items()):
            line(f"{CARDS[card].title} ({side})", size=11)
        for card in state.momentum:
            line(f"{CARDS[card].title} (Momentum)", size=11)
    head("Legend")
    y += 6
    legend = [
        [(Piece.TROOPS, "Troops"), (Piece.POLICE, "Police")],
        [(Piece.GOVT_BASE, "Base"), (Piece.FARC_BASE, "Base")],
        [(Piece.FARC_UNDERGROUND, "Guerrilla, Underground")],
        [(Piece.FARC_ACTIVE, "Guerrilla, Active")],
    ]
    for row in legend:
        for i, (kind, text) in enumerate(row):
            gx = x + i * 150
            _glyph(c, gx, y, kind, 1, text)
            c.text(gx + GLYPH + 5, y + 14, text, size=11, fill="#222")
        y += 24
    y += 4
    for i, f in enumerate(Faction):
        c.rect(x + i * 74, y, 14, 14, fill=FACTION_COLOUR[f], stroke="#222", width=1)
        c.text(x + i * 74 + 18, y + 12, f.label if f != Faction.GOVT else "Govt", size=11)
    y += 24
    for i, level in enumerate((2, 1, 0, -1, -2)):
        c.rect(x, y + i * 19, 22, 15, fill=SUPPORT_FILL[level], stroke="#777", width=1)
        c.text(x + 28, y + i * 19 + 12, SUPPORT_LABELS[level], size=11)
    y += 5 * 19 + 6
    _terror(c, x + 1, y, 1)
    c.text(x + 28, y + 14, "Terror", size=11)
    c.rect(x + 110, y + 2, 34, 14, fill="#111", stroke="#f2c14e", width=1.5, rx=2)
    c.text(x + 127, y + 12.5, "SAB", size=10, fill="#f2c14e", anchor="middle",
           weight="bold")
    c.text(x + 150, y + 14, "Sabotage", size=11)
    y += 26
    _shipment(c, x + 3, y, int(Faction.CARTELS))
    c.text(x + 28, y + 12, "Shipment (border: holder)", size=11)
    y += 22
    c.rect(x, y, 22, 15, fill="#fff", stroke=FACTION_COLOUR[Faction.FARC], width=2,
           dash="5 3")
    c.text(x + 28, y + 12, "FARC Zone", size=11)
    c.rect(x + 110, y, 19, 14, fill=FACTION_COLOUR[Faction.GOVT], rx=2)
    c.text(x + 119.5, y + 11, "G", size=10, fill="#fff", anchor="middle", weight="bold")
    c.text(x + 134, y + 12, "/", size=11)
    c.rect(x + 142, y, 19, 14, fill=FACTION_COLOUR[Faction.FARC], rx=2)
    c.text(x + 151.5, y + 11, "F", size=10, fill="#fff", anchor="middle", weight="bold")
    c.text(x + 166, y + 12, "Control", size=11)
    y += 24
    c.line([(x, y + 6), (x + 30, y + 6)], stroke=ROAD, width=3.5)
    c.text(x + 36, y + 10, "road", size=11)
    c.line([(x + 90, y + 6), (x + 120, y + 6)], stroke=PIPELINE, width=3, dash="7 4")
    c.text(x + 126, y + 10, "pipeline (Econ in the disc)", size=11)
    y += 22
    c.rect(x, y, 22, 15, fill="#fbfaf6", stroke="#333", width=2.6, rx=5)
    c.text(x + 28, y + 12, "City", size=11)
    y += 20
    c.text(x, y + 12, "Department or country, border by terrain:", size=11)
    y += 19
    for i, terrain in enumerate(("forest", "mountain", "grassland")):
        c.rect(x + i * 96, y, 22, 15, fill="#fbfaf6", stroke=TERRAIN_EDGE[terrain], width=2,
               rx=2)
        c.text(x + i * 96 + 28, y + 12, terrain, size=11)
    y += 22
    c.line([(x + 3, y + 7), (x + 30, y + 7)], stroke="#666", width=1, dash="2 3")
    c.circle(x + 3, y + 7, 3, fill="#333")
    c.text(x + 36, y + 11, "a card's place, if drawn away from it", size=11)
    y += 22
    c.rect(x, y, 22, 15, fill="none", stroke=HIGHLIGHT, width=3, rx=4)
    c.text(x + 28, y + 12, "changed by the last card", size=11)


def board_svg(state: GameState, changed: set[int] | frozenset[int] = frozenset(),
              *, heading: str = "", panel: bool = True,
              cards: PublicCards | None = None) -> str:
    return draw_board(state, changed, heading=heading, panel=panel, cards=cards).svg(
        title=heading or "Andean Abyss board")


def write_board(state: GameState, path: str | Path, *, heading: str = "",
                scale: float = 1.0, cards: PublicCards | None = None) -> Path:
    """Write the board to ``path``: SVG, or PNG when the name ends in ``.png``
    (``cards``: see :func:`draw_board`)."""
    target = Path(path)
    canvas = draw_board(state, heading=heading, cards=cards)
    if target.suffix.lower() == ".png":
        return canvas.png(target, scale=scale)
    target.parent.mkdir(parents=True, exist_ok=True)
    return write_text(target, canvas.svg(title=heading or "Andean Abyss board") + "\n")
