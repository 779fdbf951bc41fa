"""Whole tabletop-assist games, from the set-up to the final Propaganda Round (issue 31
item 7): in the line mode (`andean assist --plain`) and in the Textual app on the Pilot
at 80x24 and 200x50. The Government is the person at the table; the three Insurgents
are the section-8 bots.

Each game is the short game (2.4.1: the 3rd Propaganda card's Round is the last) at
seed 30 with the program's seeded dice, the table naming #41 Mancuso, then #73
Propaganda! on top, then in that Round #74 Propaganda! (two Propaganda cards in a row:
6.0 EXCEPTION, no second Round) and #1 1st Division as the card face up after it; after
that the table asks the program to `draw` every card. The Government passes on every
Event card (2.3.3) and carries each Propaganda decision out on the table (recorded with
the board editor); right after the first Round's 6.6 Reset it takes that decision back
(undo) and records it again. No timing anywhere: each step waits for the app to settle.
The screen games name #75 Propaganda! (the 3rd) right after #1, so their final Round
comes after five cards; the line-mode game draws on to it. Measured beside other jobs
on 2 cores: about 5 s for the line mode, 17 s (80x24) and 24 s (200x50) on the Pilot.
"""

from __future__ import annotations

import io
import re
import tempfile
from pathlib import Path

import pytest

from core.game import Game, serialize
from tests.table_driver import AutoTable, TablePlan
from tests.test_tui_assist import args
from tui.commands.play import run_assist
from tui.session import Session
from tui.table_deck import first_card
from tui.turn_log import names_a_card

CARDS = ["41", "73", "74", "1"]
NAMED = {41, 73, 74, 1}


def plain_game(tmp_path: Path) -> tuple[Session, str, TablePlan]:
    out = io.StringIO()
    plan = TablePlan(cards=list(CARDS))
    session = Session(Game.new(), tmp_path / "table.json")
    assert run_assist(session, True, args(seed=30, dice="auto", short=True),
                      AutoTable(out, plan), out) == 0
    return session, out.getvalue(), plan


def check_the_whole_game(game: Game, text: str) -> None:
    """What every whole game shows: the end by the final Round, the two Propaganda cards
    in a row told as such, the undo after the Reset, no card the table did not name."""
    state = game.state
    # 2.4.1, 6.0: the short game's 3rd Propaganda card ended it (a victory check in
    # its Round, or the Round completed)
    assert state.phase == "over", state.phase
    assert state.propaganda_cards == state.final_propaganda == 3
    # 6.0 EXCEPTION: #74 right after #73's Round is set aside, no second Round
    assert ("Set the next card, #74 Propaganda!, aside without a Propaganda Round (6.0: "
            "a second Propaganda card in a row)") in text
    # no card of the program's own deck unless the table named it or asked it to draw
    # (a draw is logged as the card named)
    named = {first_card(game)} | {e["command"]["card"] for e in game.log
                                  if names_a_card(e)}
    assert named >= NAMED, named
    shown = {int(n) for n in re.findall(r"#(\d+) [A-Z]", text)}
    assert shown <= named, sorted(shown - named)
    # the save replays to the same board (the strict loader replays its log)
    path = Path(tempfile.mkdtemp()) / "replayed.json"
    serialize.save(game, path)
    assert serialize.load(path).state.phase == "over"


def test_plain_whole_game_two_propaganda_cards_in_a_row_and_undo_after_a_reset(tmp_path):
    session, text, plan = plain_game(tmp_path)
    check_the_whole_game(session.game, text)
    # the undo right after the steps holding the 6.6 Reset took the Redeploy back, and
    # it was asked and recorded again
    assert plan.undone
    reset = text.index("6.6 Reset")
    after = text[reset:]
    assert after.index("? undo\n") < after.index("Undone: back to the start") \
        < after.index("Government decides Redeploy")
    assert text.count("Recorded: the Propaganda decision carried out on the table.") >= 2
    saved = serialize.load(tmp_path / "table.json")
    assert saved.state.phase == "over"


# ======================================================================================
# the screen, on the Pilot
# ======================================================================================
@pytest.mark.parametrize("size", [(80, 24), (200, 50)], ids=["80x24", "200x50"])
def test_screen_whole_game(size):
    pytest.importorskip("textual")
    import asyncio
    import functools

    from tests.screen_table import play_out
    from tests.test_tui_assist_app import controller_for
    from tui.screens.assist import AssistApp

    path = Path(tempfile.mkdtemp()) / "table.json"
    factory = functools.partial(_new_game)
    app = AssistApp(controller_for(Game.new(), path, manual=False), new_game=factory)
    # the table turns the 3rd Propaganda card (#75) right after #1: the final Round
    # comes after five cards (the line-mode game draws on to it instead)
    plan = TablePlan(cards=[*CARDS, "75"])
    text = asyncio.run(play_out(app, size, plan))
    game = app.controller.game
    check_the_whole_game(game, text)
    assert plan.undone


def _new_game(first: int) -> Game:
    from tui.commands.play import new_assist_game

    return new_assist_game("standard", 30, [1, None, None, None], first, short=True)
