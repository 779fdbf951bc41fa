"""A rollback that would take back nothing is not offered (issue 43, the newcomer's
fourth trial item 3): with seed 23 the Government passes, the Non-players play #14 and
the Propaganda Round of #75 begins (6.0) with the Government's decision in it; the
dialog's list started on "Propaganda Round 1: #75 Propaganda! (0 turns)" and Enter said
"takes back 0 turns, listed below ... It cannot be undone:" over nothing listed."""

from __future__ import annotations

import pytest

from core.game import sequence
from tests.pilot import press, run_async
from tests.test_history import new_controller, plain
from tui.controller import Controller

pytest.importorskip("textual")

from tui.screens.dialogs import RollbackScreen, YesNoScreen  # noqa: E402
from tui.screens.play import PlayApp  # noqa: E402


def at_the_round() -> Controller:
    c = new_controller(None, seed=23)
    while c.nonplayer_to_move():
        c.nonplayer_turn()
    c.commit(c.preview(sequence.Pass()))
    while c.nonplayer_to_move():
        c.nonplayer_turn()
    assert c.state.phase == "propaganda" and c.state.current_card == 75  # 6.0
    return c


def test_the_controller_knows_a_rollback_of_nothing() -> None:
    c = at_the_round()
    first, round_ = c.cards()
    assert round_.turns == [] and c.takes_back_nothing(round_)
    assert not c.takes_back_nothing(first)


@run_async
async def test_the_dialog_does_not_offer_a_rollback_of_nothing() -> None:
    app = PlayApp(at_the_round(), run_nonplayers=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "r")
        assert isinstance(app.screen, RollbackScreen)
        entries = app.screen.entries()
        assert entries[1] == ("2. Propaganda Round 1: #75 Propaganda! (no turn yet: "
                              "nothing to take back)", None)  # shown, not offered
        await press(pilot, "enter")  # the cursor starts on the newest offered: #14
        assert isinstance(app.screen, YesNoScreen)
        assert "#14 Tres Esquinas" in app.screen.title_text
        assert not any("0 turns" in line for line in app.screen.lines)
        assert any("takes back 3 turns" in line for line in app.screen.lines)


def test_plain_rollback_of_nothing_says_so() -> None:
    c = at_the_round()
    log = list(c.game.log)
    out = plain(c, ["rollback 2", "quit"])
    assert "! rollback 2: nothing to take back" in out
    assert "0 turns" not in out and c.game.log == log
