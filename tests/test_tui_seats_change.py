"""Issue 34 item 3 on the screens: seats changed mid-game in the full-screen apps of
`andean play` and `andean assist` (the ``p`` key and its dialog,
:class:`tui.screens.dialogs.SeatsScreen`), driven with Textual's Pilot. A seat handed to
its default player is played by it at its next turn, a seat a person takes asks the
person, a seat given to an agent (examples/random_agent.py) is played by the agent and
handed back; each change is a Set Seat command of the save's log, which replays; bad
input is said in one line and changes nothing; the dialog fits 80x24 and 200x50.

Each game is a Quick-Play game whose first decisions are played; the agent's whole
conversation is a handful of messages (a second or so for Python to start)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest.importorskip("textual")

from textual.widgets import OptionList, Static  # noqa: E402

from agents.seat import AgentPolicy  # noqa: E402
from core.game import (
    Game,  # noqa: E402
    serialize,  # noqa: E402
)
from core.game.editor import SetSeat  # noqa: E402
from core.pieces import Faction  # noqa: E402
from tests.pilot import answer, press, run_async  # noqa: E402
from tui.controller import Controller  # noqa: E402
from tui.screens.assist import AssistApp  # noqa: E402
from tui.screens.dialogs import ConfirmScreen, FormScreen, SeatsScreen  # noqa: E402
from tui.screens.keys import HelpScreen, KeysFooter  # noqa: E402
from tui.screens.play import PlayApp  # noqa: E402
from tui.session import Session  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
RANDOM_AGENT = f"{sys.executable} {ROOT / 'examples' / 'random_agent.py'}"
MISBEHAVE = f"{sys.executable} {ROOT / 'tests' / 'agent_scripts' / 'misbehave.py'}"
#: generous: an answer is never waited for this long unless the agent is silent
POLICY = AgentPolicy(timeout=120)
SIZE = (80, 24)
GOVT, FARC, AUC, CARTELS = Faction


def play_app(tmp_path: Path, seats: list[int | None], seed: int = 8) -> PlayApp:
    """The play screen on a new Quick-Play game saved in ``tmp_path``: seed 8 starts on
    card 63 with FARC to move first (seats [1, 1, None, None]: the person's FARC), or
    on card 58 with the Government first and AUC second (seats [1, None, None, None])."""
    game = Game.new("quick", seed=seed, seats=seats,
                    government_ai=None if seats[GOVT] else "heuristic")
    return PlayApp(Controller(Session(game, tmp_path / "game.json"), agent_policy=POLICY))


def assist_app(tmp_path: Path, manual: bool) -> AssistApp:
    """The assistant on the table game of tests/test_tui_assist_app.py (the Government
    a person's, to move; ``manual``: the table types the dice in)."""
    from tests.test_tui_assist_app import controller_for, table_game

    return AssistApp(controller_for(table_game(), tmp_path / "game.json", manual=manual))


def set_seats(log: list[dict]) -> list[dict]:
    return [e["command"] for e in log if e["command"]["type"] == SetSeat.name]


def saved(tmp_path: Path) -> Game:
    """The save file, loaded with its log replayed and checked (``verify``)."""
    return serialize.load(tmp_path / "game.json", verify=True)


def error(app: PlayApp) -> str:
    return str(app.screen.query_one("#error", Static).render())


def question(app: PlayApp) -> str:
    return str(app.screen.query_one("#question", Static).render())


async def seat(pilot, *answers: str) -> None:  # type: ignore[no-untyped-def]
    """Open the seats dialog (``p``) unless it is open, and type ``answers`` in turn."""
    if not isinstance(pilot.app.screen, SeatsScreen):
        await press(pilot, "p")
    assert isinstance(pilot.app.screen, SeatsScreen)
    await answer(pilot, *answers)


# ======================================================================================
# play: the seat's new player plays from the next decision on
# ======================================================================================
@run_async
async def test_a_seat_handed_to_the_bot_is_played_by_its_flowchart_at_once(tmp_path):
    # 1.5, 8.0: the person's FARC goes to the section-8 flowchart while FARC is to move
    app = play_app(tmp_path, [1, 1, None, None])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        c = app.controller
        assert c.to_move() is FARC and c.person_to_move()
        await seat(pilot, "farc", "bot")
        assert "FARC is played from now on by the section-8 flowchart" in question(app)
        assert c.state.seats[FARC] is None
        assert c.to_move() is FARC  # nothing played while the dialog is open
        await press(pilot, "escape")
        assert not isinstance(app.screen, SeatsScreen)
        log = c.game.log
        at = [i for i, e in enumerate(log) if e["command"]["type"] == SetSeat.name][0]
        assert log[at + 1]["faction"] == FARC.label  # its next turn: the flowchart's
        assert any("FARC (Non-player)" in r.heading() for r in c.history)
        assert c.person_to_move() and c.to_move() is GOVT
    assert set_seats(saved(tmp_path).log) == [
        {"type": "Set Seat", "faction": 1, "seat": None, "government_ai": None,
         "who": "the section-8 flowchart"}]


@run_async
async def test_a_person_takes_a_bots_seat_and_is_asked_its_decision(tmp_path):
    # 1.5: AUC, a Non-player, is the person's from the next decision on: after the
    # Government's Pass, AUC (2nd on card 58) waits for the person
    app = play_app(tmp_path, [1, None, None, None])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        c = app.controller
        assert c.to_move() is GOVT
        await seat(pilot, "auc")
        assert "Now: section-8 flowchart (8.6)" in question(app)
        await answer(pilot, "me")
        assert c.state.seats[AUC] == 1
        await press(pilot, "escape")
        assert "AUC: you" in "\n".join(app.side_lines())
        await press(pilot, "a")
        assert isinstance(app.screen, FormScreen)
        await answer(pilot, "pass")
        assert isinstance(app.screen, ConfirmScreen)
        await press(pilot, "y")
        assert c.to_move() is AUC and c.person_to_move()  # asked, not played by section 8
        assert "press a to act" in str(app.query_one("#status", Static).render())
        await press(pilot, "a")
        assert isinstance(app.screen, FormScreen)  # AUC's own menu, for the person
    assert [s["who"] for s in set_seats(saved(tmp_path).log)] == ["a person"]


@run_async
async def test_a_seat_given_to_an_agent_is_played_by_it_and_handed_back(tmp_path):
    # issue 34 item 3: the agent (started by the dialog) plays FARC's turn when the
    # dialog closes; the person takes the seat back and the agent is stopped
    app = play_app(tmp_path, [1, 1, None, None])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        c = app.controller
        await seat(pilot, "2", "agent")
        assert "the agent's command" in question(app)
        await answer(pilot, RANDOM_AGENT)
        assert "FARC is played from now on by agent" in question(app)
        assert "agent '" in str(app.screen.query_one("#options", OptionList)
                                .get_option_at_index(1).prompt)
        await press(pilot, "escape")
        assert any("agent random" in r.heading() for r in c.history)  # it played FARC
        assert c.to_move() is not FARC
        assert "FARC: agent" in "\n".join(app.side_lines())
        await seat(pilot, "farc", "me")  # and back to the person
        await press(pilot, "escape")
        assert not c.agents and not c.agent_specs
        assert c.state.seats[FARC] == 1
    game = saved(tmp_path)
    assert [s["who"] for s in set_seats(game.log)] == [f"agent {RANDOM_AGENT!r}",
                                                       "a person"]
    assert game.state.seats == [1, 1, None, None]


@run_async
async def test_an_undo_past_a_seat_change_gives_the_seat_back(tmp_path):
    # the log says who plays each seat: undoing the Set Seat that gave FARC to an agent
    # stops the agent and FARC is the person's again (asked, not played by the agent)
    app = play_app(tmp_path, [1, 1, None, None])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        c = app.controller
        before = len(c.game.log)
        await seat(pilot, "farc", "agent", RANDOM_AGENT)
        agent = c.agents[FARC]
        await press(pilot, "escape")
        assert len(c.game.log) > before + 1  # the Set Seat, then the agent's turn
        await press(pilot, "u")
        assert len(c.game.log) == before and c.state.seats[FARC] == 1
        assert not c.agents and not c.agent_specs and agent.conn is None
        assert c.to_move() is FARC and c.person_to_move()
        assert "FARC: you" in "\n".join(app.side_lines())
    assert not set_seats(saved(tmp_path).log)


@run_async
async def test_bad_input_in_the_seats_dialog_is_said_and_changes_nothing(tmp_path):
    # one line for each refusal; the seats and the log stay as they were
    app = play_app(tmp_path, [1, None, None, None])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        c = app.controller
        seats, logged = list(c.state.seats), len(c.game.log)
        await seat(pilot, "zapatistas")
        assert error(app) == "! 'zapatistas' is not one of the options"
        await answer(pilot, "9")
        assert error(app) == "! 9 is not one of the options 1-4"
        await answer(pilot, "government", "bot")  # 1.5: nobody left at the table
        assert error(app).startswith("! ") and "no person at the table" in error(app)
        assert error(app).endswith("take another seat first, or give it to an agent")
        assert app.screen.query_one("#error").region.height == 2  # all of it, wrapped
        assert "Government: who plays it" in question(app)  # still asked
        await press(pilot, "escape")
        await answer(pilot, "cartels", "agent", "")
        assert error(app) == "! no command given for the agent"
        await answer(pilot, str(tmp_path / "no-such-agent"))
        assert error(app).startswith("! cannot start the agent")
        assert "\n" not in error(app)
        await press(pilot, "escape", "escape", "escape")
        assert not isinstance(app.screen, SeatsScreen)
        assert c.state.seats == seats and len(c.game.log) == logged
        assert not c.agents and not c.agent_specs
        await seat(pilot, "cartels")  # its holder now is not offered again
        assert [o.label for o in app.screen.question().options] == [
            "you", "an agent: a program you name (docs/agents.md)"]


# ======================================================================================
# the key, the help, and the dialog's size
# ======================================================================================
@pytest.mark.parametrize("size", [(80, 24), (200, 50)])
@run_async
async def test_the_seats_dialog_fits_the_screen(tmp_path, size):
    app = play_app(tmp_path, [1, None, None, None])
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert "p" in str(app.query_one(KeysFooter).render()).split()
        await seat(pilot)
        dialog = app.screen.query_one("#dialog")
        for step in ([], ["farc"], ["agent"]):
            await answer(pilot, *step)
            assert app.screen.region.contains_region(dialog.region)
            for widget in app.screen.query("#question, #answer, #error, .keys"):
                if widget.display:
                    assert dialog.region.contains_region(widget.region), widget
                    assert widget.region.height >= 1, widget
        await press(pilot, "escape", "escape")
        options = app.screen.query_one("#options", OptionList)
        assert options.option_count == 4
        assert options.scrollable_content_region.height >= 4  # the four seats in view
        await press(pilot, "escape", "question_mark")
        assert isinstance(app.screen, HelpScreen)
        assert any(key == "p" and "agent" in text for key, text in app.screen.keys)


# ======================================================================================
# assist
# ======================================================================================
@run_async
async def test_the_assistant_changes_a_seat_and_goes_on(tmp_path):
    # the tabletop's person takes FARC: the side panel and the log say so
    app = assist_app(tmp_path, manual=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        c = app.controller
        assert c.person_to_move() and not app.busy
        app.busy = True  # a dialog of the game's flow (a turn, a card, a die) is open
        await press(pilot, "p")
        assert not isinstance(app.screen, SeatsScreen)
        app.busy = False
        await seat(pilot, "farc", "you")
        # 1.5: what the seat asks of the table now
        assert "at FARC's turns choose its decision here, carry it out on the table" in \
            " ".join(question(app).split())
        await press(pilot, "escape")
        assert c.state.seats[FARC] == 1
        assert "People: Government (1), FARC (1)" in "\n".join(app.side_lines())
    assert [s["who"] for s in set_seats(saved(tmp_path).log)] == ["a person"]


@run_async
async def test_no_agent_takes_a_seat_when_the_table_types_its_dice_in(tmp_path):
    # --dice manual: an agent's turn could not wait for the table's dice (as --agent
    # with --dice manual is refused on the command line)
    app = assist_app(tmp_path, manual=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        c = app.controller
        logged = len(c.game.log)
        await seat(pilot, "farc", "agent", RANDOM_AGENT)
        assert error(app) == ("! --dice manual: an agent's turn cannot wait for dice "
                              "typed in; use --dice auto")
        assert len(c.game.log) == logged and not c.agent_specs


def notices(app: PlayApp) -> list[str]:
    """The notifications the app has shown (Textual's toasts)."""
    return [str(n.message) for n in app._notifications]


@run_async
async def test_an_agent_failing_during_play_is_said_on_screen_at_once(tmp_path):
    # issue 34 item 2: "a crashed agent gets a clear line, the game is saved, and the
    # seat falls back to its default player": the line is shown when it happens, not
    # only under w (8.0: the section-8 flowchart plays FARC on)
    app = play_app(tmp_path, [1, 1, None, None])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await seat(pilot, "farc", "agent", f"{MISBEHAVE} crash")
        await press(pilot, "escape")
        said = [n for n in notices(app) if n.startswith("andean: agent failed: FARC: ")]
        assert said and "the section-8 flowchart takes the seat" in said[0]
        assert f"(game saved to {tmp_path / 'game.json'})" in said[0]
        assert app.controller.state.seats[FARC] is None


def resumed_agent_app(tmp_path: Path) -> PlayApp:
    """The play screen on a save whose AUC an agent played (its Set Seat names it, AUC
    player 2), resumed with no --agent: the seat is a person's (player 2's)."""
    game = Game.new("quick", seed=8, seats=[1, 1, None, None], government_ai=None)
    game.apply(SetSeat(int(AUC), 2, who=f"agent {RANDOM_AGENT!r}"))
    serialize.save(game, tmp_path / "game.json")
    session = Session(serialize.load(tmp_path / "game.json"), tmp_path / "game.json")
    return PlayApp(Controller(session, agent_policy=POLICY), run_nonplayers=False)


@run_async
async def test_a_resumed_agents_seat_is_said_and_offered_to_you(tmp_path):
    # 1.5: agents are not restarted from a save, so AUC is player 2's: said on load,
    # and the seats dialog offers it to you (the line mode's 'seat AUC me')
    app = resumed_agent_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        said = [n for n in notices(app) if n.startswith("AUC was played by agent")]
        assert said and "AUC is now player 2 - p to change" in said[0]
        await seat(pilot, "auc")
        assert "1. you" in str(app.screen.query_one("#options", OptionList)
                               .get_option_at_index(0).prompt)
        await answer(pilot, "you")
        assert app.controller.state.seats[AUC] == 1


@run_async
async def test_the_dialog_says_it_waits_for_a_tcp_agent_and_keeps_a_failed_command(
        tmp_path, monkeypatch):
    # issue 34 item 2 (a TCP agent; "a slow, silent ... agent gets a clear line"): what
    # the screen waits for is on screen before the wait begins, and the command that
    # failed stays in the box to be corrected. The agent is a stand-in that notes the
    # dialog as it is started, then fails as one that never connects
    from textual.widgets import Input

    import tui.controller
    from agents.connection import AgentError

    app = play_app(tmp_path, [1, 1, None, None])
    seen: list[str] = []

    def never_connects(where, *args, **kwargs):  # type: ignore[no-untyped-def]
        seen.append(error(app))
        raise AgentError(f"no agent connected to {where} within 120 seconds")

    monkeypatch.setattr(tui.controller, "AgentSeat", never_connects)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await seat(pilot, "auc", "agent", "tcp:59999")
        await pilot.pause()
        assert seen == ["waiting for an agent on 127.0.0.1:59999 (up to 120 s)..."]
        assert "no agent connected to tcp:59999" in error(app)
        assert app.screen.query_one("#answer", Input).value == "tcp:59999"
        assert app.controller.state.seats[AUC] is None


@run_async
async def test_the_status_keeps_its_key_when_a_card_title_is_long(tmp_path):
    # 2.3.1: the Government, 1st Eligible on #11 National Defense & Security Council: at
    # 80 columns the line was cut at 'press a' (the key's action lost); now the key comes
    # first and the title's end is what is cut
    app = play_app(tmp_path, [1, None, None, None], seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        status = app.query_one("#status", Static)
        shown = str(status.render())
        assert "#11 National Defense" in shown
        assert shown.startswith("press a to act | Government: 1st Eligible on #11")
        assert status.content_size.width < len(shown)  # still too long: its end is cut


@run_async
async def test_one_u_takes_back_the_persons_decision_past_an_agents_turn(tmp_path):
    # 2.3.3: the person's FARC Passes on #35, Cartels, AUC's agent and the Government
    # play on; one u goes back to FARC's decision (it stopped before the agent's turn,
    # which was played again at once), and the agent is not asked before FARC decides
    game = Game.new("standard", seed=3, seats=[None, 1, None, None],
                    government_ai="heuristic")
    app = PlayApp(Controller(Session(game, tmp_path / "game.json"),
                             agents={AUC: RANDOM_AGENT}, agent_policy=POLICY))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        c = app.controller
        assert c.to_move() is FARC
        await press(pilot, "a")
        await answer(pilot, "pass")
        await press(pilot, "y")
        assert any(e.get("agent") for e in c.game.log)  # the agent played
        await press(pilot, "u")  # the Round it began goes too: asked (issue 43 item 1)
        await press(pilot, "y")
        assert c.game.log == [] and c.to_move() is FARC and c.person_to_move()
        assert notices(app)[-1].startswith("Undone: back to the start of your last "
                                           "decision. Taken back: FARC: Pass")
