"""Every step seen, every pick by its number (issue 31 items 5 and 6), on the Textual
Pilot:

* the instruction dialog of a turn grows with the terminal, names the steps below
  while they are out of view ("Steps 15-19 of 19 are below", issue 43 item 5), and
  takes "done on the table" (Enter, Escape) only once the last step has been on the
  screen (before that, Enter shows the next page);
* the history pickers (b, r, w) take a typed number + Enter as that entry, not the
  highlighted row;
* a snapshot of a long instruction list at 80x24.
"""

from __future__ import annotations

import re

import pytest

pytest.importorskip("textual")

from textual.app import App  # noqa: E402
from textual.widgets import Static  # noqa: E402

from core.pieces import Faction  # noqa: E402
from tests.pilot import press, run_async, type_in  # noqa: E402
from tests.test_tui_assist_app import (  # noqa: E402
    controller_for,
    recorded,
    table_game,
    through_turns,
)
from tui.screens.assist import AssistApp, TurnScreen, steps_below  # noqa: E402
from tui.screens.dialogs import YesNoScreen  # noqa: E402
from tui.turn_log import TurnReport  # noqa: E402

#: a FARC Rally + Extort as long as the one on #16 in the issue (8.7.1): 19 steps
LONG = TurnReport(
    Faction.FARC, "Rally + Extort",
    [f"Rally in Space {i}: place 2 FARC Guerrillas" for i in range(1, 8)]
    + [f"Extort in Space {i}: activate 1 FARC Guerrilla, FARC Resources +1"
       for i in range(1, 8)]
    + ["Move the FARC cylinder to the Ineligible box",
       "Move the AUC cylinder to the Ineligible box",
       "Set FARC Resources to 17 (was 10)",
       "Place the Terror marker in Space 3",
       "Make the next card, #16 Coffee Prices, the card face up"],
    reasons=["FARC: Rally (8.7.1)"],
    context=["Who: FARC (Non-player): 2nd Eligible on #37 Former Military",
             "Flowchart: card (8.1) -> rally_q (8.7.1): yes -> rally (8.7.1)",
             "Dice: red 2, yellow 6, green 6 for random space for Rally (8.2)"])


class Host(App[None]):
    """An empty app that shows one TurnScreen and records when it is done."""

    CSS = AssistApp.CSS

    def __init__(self, report: TurnReport) -> None:
        super().__init__()
        self.report = report
        self.done = 0

    def on_mount(self) -> None:
        self.push_screen(TurnScreen(self.report), self._done)

    def _done(self, _: object = None) -> None:
        self.done += 1


def keys_line(app: App) -> str:  # type: ignore[type-arg]
    return str(app.screen.query_one("#turn-keys", Static).render())


@run_async
async def test_long_steps_are_all_shown_before_done_on_the_table_80x24():
    app = Host(LONG)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TurnScreen)
        first = keys_line(app)
        # issue 43 item 5: the steps out of view named, not "N more steps below"
        m = re.match(r"Steps (\d+)-19 of 19 are below: Enter or Page Down "
                     r"shows them  w: why$", first)
        assert m, first
        assert 1 < int(m[1]) <= 19
        # Enter (or Escape) before the end was seen: the next page, not done
        presses = 0
        while " below: Enter" in keys_line(app):
            await press(pilot, "enter")
            presses += 1
            assert app.done == 0 and isinstance(app.screen, TurnScreen)
            assert presses < 10
        assert keys_line(app).startswith("Enter: done on the table")
        assert "Make the next card" in "\n".join(
            str(w.render()) for w in app.screen.query(".step"))
        await press(pilot, "enter")
        assert app.done == 1


def test_the_key_line_names_the_steps_out_of_view():
    # issue 43 item 5: "1 more step below" said neither which step nor that it scrolls
    assert steps_below(1, 7) == \
        "Step 7 of 7 is below: Enter or Page Down shows it"
    assert steps_below(3, 19) == \
        "Steps 17-19 of 19 are below: Enter or Page Down shows them"


@run_async
async def test_escape_before_the_end_shows_the_steps_below_too():
    app = Host(LONG)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "escape")
        assert app.done == 0 and isinstance(app.screen, TurnScreen)


@run_async
async def test_the_dialog_grows_with_the_terminal_200x50():
    app = Host(LONG)
    async with app.run_test(size=(200, 50)) as pilot:
        await pilot.pause()
        dialog = app.screen.query_one("#dialog")
        assert dialog.size.width >= 120 and dialog.size.height >= 40, dialog.size
        # every step fits: Enter is done at once
        assert keys_line(app).startswith("Enter: done on the table")
        await press(pilot, "enter")
        assert app.done == 1


@run_async
async def test_a_short_turn_is_done_at_the_first_enter():
    short = TurnReport(Faction.AUC, "Rally", ["Rally in Cali: place 1 AUC Guerrilla"])
    app = Host(short)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert keys_line(app).startswith("Enter: done on the table")
        await press(pilot, "enter")
        assert app.done == 1


def test_snapshot_long_instruction_list_80x24(snap_compare):
    async def settle(pilot) -> None:  # type: ignore[no-untyped-def]
        await pilot.pause()

    assert snap_compare(Host(LONG), terminal_size=(80, 24), run_before=settle)


@run_async
async def test_pickers_take_a_typed_number_and_enter():
    app = AssistApp(controller_for(table_game(), manual=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "a")  # the Government: an Operation carried out on the table
        await type_in(pilot, "#answer", "record op")
        await recorded(pilot)
        await through_turns(pilot, "41", "42")
        assert len(app.controller.cards()) >= 2
        await press(pilot, "r")  # rollback: the newest card is highlighted
        await press(pilot, "1", "enter")
        assert isinstance(app.screen, YesNoScreen)
        assert "#12 Plan Colombia" in app.screen.title_text, app.screen.title_text
        await press(pilot, "n")
        await press(pilot, "r", "9", "enter")  # no card 9: nothing taken
        assert not isinstance(app.screen, YesNoScreen)
        assert "no entry numbered 9" in "\n".join(
            str(w.render()) for w in app.screen.query(Static))
