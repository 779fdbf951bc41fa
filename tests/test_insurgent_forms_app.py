"""The Textual screen of `andean assist` drives the same Insurgent forms (tui/forms/insurgent.py)
as the line mode: a person-run FARC picks an Operation and its Special Activity from the
decision menu, fills in the form in the dialog, and the save records it."""

from __future__ import annotations

import pytest

pytest.importorskip("textual")

from textual.widgets import Static  # noqa: E402

from core.pieces import Faction  # noqa: E402
from tests.helpers import sid  # noqa: E402
from tests.pilot import press, run_async, type_in  # noqa: E402
from tests.test_tui_assist_app import (  # noqa: E402
    SIZE,
    controller_for,
    roll,
    table_game,
)
from tui.screens.assist import AssistApp  # noqa: E402
from tui.screens.dialogs import ConfirmScreen  # noqa: E402


@run_async
async def test_a_person_run_farc_rallies_and_extorts_through_the_app():  # 3.3.1, 4.3.1
    seats = [1, 2, None, None]  # Government and FARC at the table, AUC and Cartels bots
    app = AssistApp(controller_for(table_game(first=21, nxt=40, seats=seats)))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.controller.to_move() is Faction.FARC  # #21: FARC 1st Eligible
        await press(pilot, "a")
        await type_in(pilot, "#answer", "operation", "rally", "extort", "after")
        question = str(app.screen.query_one("#question", Static).render())
        assert "FARC Rally: select Cities or Departments" in question
        await type_in(pilot, "#answer", "guaviare, putumayo", "place", "2",
                      "guaviare, meta west")
        assert isinstance(app.screen, ConfirmScreen)
        await press(pilot, "y")
        entry = next(e for e in app.controller.game.log
                     if e["command"]["type"] == "Operation")
        assert entry["faction"] == "FARC"
        assert entry["command"]["op"]["steps"][0][:3] == [sid("Guaviare"), "place", 2]
        assert entry["command"]["special"]["where"] == [sid("Guaviare"), sid("Meta West")]


@run_async
async def test_an_attacks_die_is_asked_in_the_dialog_during_the_form():  # 3.3.3, 4.3.1
    seats = [1, 2, None, None]
    app = AssistApp(controller_for(table_game(first=21, nxt=40, seats=seats)))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await press(pilot, "a")
        # Extort after the Attack: the form needs the Attack's die to know the board
        await type_in(pilot, "#answer", "operation", "attack", "extort", "after", "meta west")
        asked = await roll(pilot, 3)
        assert "Attack in Meta West" in asked[0]
        question = str(app.screen.query_one("#question", Static).render())
        assert "FARC Extort: where?" in question
        await type_in(pilot, "#answer", "guaviare")
        assert isinstance(app.screen, ConfirmScreen)  # the die is not asked again
        await press(pilot, "y")
        entry = next(e for e in app.controller.game.log
                     if e["command"]["type"] == "Operation")
        assert entry["faction"] == "FARC" and entry["rolls"] == [["Attack in Meta West", 3]]
        assert entry["command"]["special"]["where"] == [sid("Guaviare")]
