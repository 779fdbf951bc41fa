"""Layouts that fit (issue 12 item 2): the board table of `andean play` and `andean
assist` (tui/screens/board_table.py) shows every space's pieces by Faction, Support and Control
at 80x24, adds columns on wider terminals instead of blank space, and the side panel
takes what the board leaves. Snapshots of play and assist at 80x24, 120x40 and 200x50."""

from __future__ import annotations

import asyncio

import pytest

pytest.importorskip("textual")

from textual.widgets import DataTable, Static  # noqa: E402

from core.pieces import Faction  # noqa: E402
from runners.solitaire import new_solitaire  # noqa: E402
from tests.pilot import answer, press, type_in  # noqa: E402
from tests.test_tui_assist_app import (  # noqa: E402
    controller_for,
    recorded,
    table_game,
    through_turns,
)
from tui import describe  # noqa: E402
from tui.controller import Controller  # noqa: E402
from tui.screens import board_table  # noqa: E402
from tui.screens.assist import AssistApp  # noqa: E402
from tui.screens.play import PlayApp  # noqa: E402
from tui.session import Session  # noqa: E402

SIZES = [(80, 24), (120, 40), (200, 50)]


def make_app() -> PlayApp:
    return PlayApp(Controller(Session(new_solitaire("standard", seed=1))))


def make_assist() -> AssistApp:
    return AssistApp(controller_for(table_game(), manual=False))


async def play_pass(pilot) -> None:  # type: ignore[no-untyped-def]
    """The Government passes (2.3.3); the three Non-players take their turns."""
    await pilot.pause()
    await press(pilot, "a")
    await answer(pilot, "pass")
    await press(pilot, "y")


async def assist_round(pilot) -> None:  # type: ignore[no-untyped-def]
    """The Government records an Operation, the bots move, #41 and #42 are named."""
    await pilot.pause()
    await press(pilot, "a")
    await type_in(pilot, "#answer", "record op")
    await recorded(pilot)
    await through_turns(pilot, "41", "42")


def board_headers(app: PlayApp) -> list[str]:
    return [str(c.label) for c in app.query_one("#board", DataTable).columns.values()]


def board_text(app: PlayApp) -> str:
    table = app.query_one("#board", DataTable)
    return "\n".join(" ".join(str(c) for c in table.get_row_at(i))
                     for i in range(table.row_count))


def test_80x24_shows_pieces_support_and_control():  # 1.6, 1.7, 1.8 on the board
    async def run() -> None:
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert board_headers(app) == ["Space", "P/E", "Sup", "C", "Pieces"]
            state = app.controller.state
            table = app.query_one("#board", DataTable)
            # the whole table is on screen: no column cut off at the right
            assert table.virtual_size.width <= table.size.width
            bogota = [str(c) for c in table.get_row(str(0))]
            t, p = state.troops(0), state.police(0)
            assert bogota[0] == "Bogotá" and bogota[2] == "AS" and bogota[3] == "G"
            assert bogota[4].startswith(f"G:{t}T{p}P")
            text = board_text(app)
            assert "F:" in text and "AO" in text  # FARC pieces, Active Opposition

    asyncio.run(run())


def test_200x50_adds_columns_and_gives_the_side_panel_its_lines():
    async def run() -> None:
        app = make_app()
        async with app.run_test(size=(200, 50)) as pilot:
            await pilot.pause()
            headers = board_headers(app)
            assert headers[:6] == ["Space", "Type", "Pop", "Econ", "Support", "Control"]
            assert "Markers" not in headers  # no space has a marker at set up
            side = app.query_one("#side", Static)
            resources = describe.tracks_lines(app.controller.state)[0]
            # the Resources line on one line of the side panel
            assert side.content_region.width >= len(resources)
            text = board_text(app)
            assert "Bogotá & Villavicencio" in text and "Active Support" in text

    asyncio.run(run())


def test_markers_column_only_when_a_space_has_a_marker():  # 1.9 markers on the board
    state = new_solitaire("standard", seed=1).state
    spaces = [s.id for s in state.spaces_in_play()]
    assert all(c.label != "Markers" for c in board_table.fill("names", state, spaces).columns)
    state.terror[12] = 2
    state.sabotage[30] = True
    table = board_table.fill("names", state, spaces)
    column = [c.label for c in table.columns].index("Markers")
    cells = {s: row[column].plain for s, row in table.rows}
    assert cells[12] == "!2" and cells[30] == "#"
    compact = dict(board_table.fill("compact", state, spaces).rows)
    assert compact[12][-1].plain.endswith("!2")  # compact: after the pieces
    full = board_table.fill("full", state, spaces)
    assert "Terror 2" in [row[-1].plain for s, row in full.rows if s == 12]


def test_layout_follows_the_width():
    state = new_solitaire("standard", seed=1).state
    spaces = [s.id for s in state.spaces_in_play()]
    picked = {w: board_table.choose(state, spaces, w, 43, 29) for w in (80, 120, 200)}
    assert [picked[w][0].layout for w in (80, 120, 200)] == ["compact", "names", "full"]
    for w, (table, side) in picked.items():
        assert table.width + side == w  # no blank space: the side panel takes the rest
    order = list(board_table.LAYOUTS)[::-1]  # compact first
    richness = [order.index(board_table.choose(state, spaces, w, 43, 29)[0].layout)
                for w in range(70, 220)]
    assert richness == sorted(richness)  # a wider terminal never gets a poorer layout


def test_short_names_are_unique_and_short():
    from core.map import MAP

    names = [board_table.short_name(s.id) for s in MAP]
    assert len(set(names)) == len(names)
    assert max(len(n) for n in names) <= board_table.SHORT_NAME
    assert board_table.short_name(33) == "Carta-Since"  # Cartagena-Sincelejo LoC


def test_faction_pieces_read_as_the_legend_says():
    state = new_solitaire("standard", seed=1).state
    s = next(s.id for s in state.spaces_in_play()
             if state.underground(s.id, Faction.FARC) and state.bases(s.id, Faction.FARC))
    cell = board_table.faction_cell(Faction.FARC)(state, s).plain
    u, a, b = (state.underground(s, Faction.FARC), state.active(s, Faction.FARC),
               state.bases(s, Faction.FARC))
    assert cell == f"{u}g" + (f"{a}G" if a else "") + f"{b}B"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_snapshot_play(snap_compare, size):
    assert snap_compare(make_app(), terminal_size=size, run_before=play_pass)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_snapshot_assist(snap_compare, size):
    assert snap_compare(make_assist(), terminal_size=size, run_before=assist_round)


def test_resizing_the_terminal_chooses_the_layout_again():
    async def run() -> None:
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert "Pieces" in board_headers(app)
            await pilot.resize_terminal(200, 50)
            await pilot.pause()
            assert "Support" in board_headers(app) and "Pieces" not in board_headers(app)
            # the side panel's column takes what the board leaves
            assert app.query_one("#right").outer_size.width == 200 - app.query_one(
                "#board", DataTable).outer_size.width

    asyncio.run(run())


def test_help_explains_the_board_abbreviations():
    from tui.screens.play import HELP_TEXT

    for line in board_table.LEGEND[1:]:
        assert line in HELP_TEXT
