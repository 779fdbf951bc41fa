"""Every line of `andean play` and `andean assist` read whole at 80x24 (issue 43 item 5):
the key line shows no key without its word (the others are on the ``?`` page), and the
status line and dialog titles wrap instead of being cut; at 200x50 they stay one line."""

from __future__ import annotations

import re
from typing import Any

import pytest

pytest.importorskip("textual")

from textual.widgets import Static  # noqa: E402

from tests.pilot import press, run_async, type_in  # noqa: E402
from tests.test_assist_flow import screen_lines  # noqa: E402
from tests.test_tui_assist_app import controller_for, table_game  # noqa: E402
from tests.test_tui_layout import make_app  # noqa: E402
from tui.screens.assist import AssistApp, EditorScreen, TableCheckScreen, TurnScreen  # noqa: E402
from tui.screens.keys import key_label, short_word  # noqa: E402

SIZES = [(80, 24), (200, 50)]

#: the box-drawing and block characters of borders and scroll bars
_FRAME = re.compile("[\u2500-\u259f\u2580-\u259f]")


def screen_words(app: Any) -> list[str]:
    """The words on the screen, line after line, borders left out."""
    return [w for line in screen_lines(app.export_screenshot())
            for w in _FRAME.sub(" ", line).split()]


def read_whole(app: Any, text: str) -> bool:
    """``text`` is on the screen whole: its words one after another (wrapped or not)."""
    words, want = screen_words(app), text.split()
    return any(words[i:i + len(want)] == want for i in range(len(words)))


def footer_line(app: Any) -> str:
    return screen_lines(app.export_screenshot())[-1]


def every_key_has_its_word(app: Any) -> None:
    """No key alone on the key line: each key shown is followed by its word."""
    tokens = footer_line(app).split()
    for b in app.keys():  # noqa: SIM118 (PlayApp.keys: its Bindings, not a dict)
        label = key_label(b)
        if label in tokens:
            word = tokens[tokens.index(label) + 1] if tokens.index(label) + 1 < len(tokens) \
                else ""
            assert word in {short_word(b), b.description.split()[0], "more"}, \
                (label, footer_line(app))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@run_async
async def test_play_key_line_and_status_read_whole(size):
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        every_key_has_its_word(app)
        assert "q" in footer_line(app).split() and "?" in footer_line(app).split()
        assert read_whole(app, str(app.query_one("#status", Static).render()))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@run_async
async def test_assist_key_line_status_and_turn_titles_read_whole(size):
    # #11 National Defense & Security Council: the longest card title
    app = AssistApp(controller_for(table_game(first=11), manual=False))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        every_key_has_its_word(app)
        status = str(app.query_one("#status", Static).render())
        assert "#11 National Defense & Security Council" in status
        assert read_whole(app, status)
        if size == (200, 50):  # one line where it fits
            assert app.query_one("#status").region.height == 1
        await press(pilot, "a")  # the Government's form
        await type_in(pilot, "#answer", "record op")
        assert isinstance(app.screen, EditorScreen)
        await press(pilot, "escape")
        assert isinstance(app.screen, TableCheckScreen)  # '<what>: does the board match...'
        assert read_whole(app, str(app.screen.query_one("#dialog-title", Static).render()))
        await press(pilot, "y")
        titles = 0
        while isinstance(app.screen, TurnScreen):  # the Non-players' turns
            titles += 1
            assert read_whole(app, app.screen.title_text), app.screen.title_text
            await press(pilot, "enter")
        assert titles
