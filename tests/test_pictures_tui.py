"""The TUI's map view (issue 14): m in `andean play` and `andean assist` shows the board
drawn as a map of Colombia with text characters, at the terminal's size; m or Escape
goes back. Snapshots at 80x24 and 200x50."""

from __future__ import annotations

import asyncio

import pytest

pytest.importorskip("textual")

from textual.widgets import Static  # noqa: E402

from runners.solitaire import new_solitaire  # noqa: E402
from tests.pilot import press  # noqa: E402
from tests.test_tui_assist_app import controller_for, table_game  # noqa: E402
from tui.controller import Controller  # noqa: E402
from tui.pictures.textmap import map_screen_class  # noqa: E402
from tui.screens.assist import AssistApp  # noqa: E402
from tui.screens.play import PlayApp  # noqa: E402
from tui.session import Session  # noqa: E402


def make_app() -> PlayApp:
    return PlayApp(Controller(Session(new_solitaire("standard", seed=1))))


async def open_map(pilot) -> None:  # type: ignore[no-untyped-def]
    await pilot.pause()
    await press(pilot, "m")


def test_m_toggles_the_map_in_play():
    async def run() -> None:
        app = make_app()
        async with app.run_test(size=(200, 50)) as pilot:
            await open_map(pilot)
            assert isinstance(app.screen, map_screen_class())
            text = str(app.screen.query_one("#map").render())
            assert "Bogotá" in text and "Santa Marta" in text
            tracks = str(app.screen.query_one("#map-tracks", Static).render())
            assert "Margins" in tracks
            await press(pilot, "m")
            assert not isinstance(app.screen, map_screen_class())
            await press(pilot, "m")
            await press(pilot, "escape")
            assert not isinstance(app.screen, map_screen_class())

    asyncio.run(run())


def test_m_opens_the_map_in_assist():
    async def run() -> None:
        app = AssistApp(controller_for(table_game(), manual=False))
        async with app.run_test(size=(80, 24)) as pilot:
            await open_map(pilot)
            assert isinstance(app.screen, map_screen_class())

    asyncio.run(run())


def test_snapshot_map_80x24(snap_compare):
    assert snap_compare(make_app(), terminal_size=(80, 24), run_before=open_map)


def test_snapshot_map_200x50(snap_compare):
    assert snap_compare(make_app(), terminal_size=(200, 50), run_before=open_map)


def test_snapshot_assist_map_200x50(snap_compare):
    app = AssistApp(controller_for(table_game(), manual=False))
    assert snap_compare(app, terminal_size=(200, 50), run_before=open_map)
