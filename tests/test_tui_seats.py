"""Issue 26: a person at any seat. Whole games on the play screen through Textual's Pilot
as FARC and as the Cartels (the program's Government AI and the section-8 flowcharts for
the others), an Insurgent Operation through the same forms, the hint of every seat, and
the game-over screen saying which rule decided."""

from __future__ import annotations

import pytest

pytest.importorskip("textual")

from core.game import Game  # noqa: E402
from core.pieces import Faction  # noqa: E402
from core.rules import victory  # noqa: E402
from nonplayer.seats import GOVT_AI_LABEL  # noqa: E402
from tests.pilot import answer, press, run_async  # noqa: E402
from tui.controller import Controller  # noqa: E402
from tui.forms.base import MANY, NUMBER, ONE, YES_NO  # noqa: E402
from tui.outcome import result_lines  # noqa: E402
from tui.screens.dialogs import ConfirmScreen, FormScreen, TextScreen  # noqa: E402
from tui.screens.play import PlayApp  # noqa: E402
from tui.session import Session  # noqa: E402

SIZE = (80, 24)
GOVT, FARC, AUC, CARTELS = Faction


def seated_game(person: Faction, seed: int, scenario: str = "quick") -> Game:
    seats: list[int | None] = [None] * 4
    seats[person] = 1
    return Game.new(scenario, seed=seed, seats=seats, government_ai="heuristic")


def plain_answer(question) -> str:  # type: ignore[no-untyped-def]
    """The least eventful legal answer: Pass, done, no more, none, the least number."""
    if question.kind == ONE:
        for i, opt in enumerate(question.options, 1):
            if str(opt.label).lower().startswith(("pass", "done", "no more", "nothing")):
                return str(i)
        return "1"
    if question.kind == MANY:
        return ", ".join(str(i) for i in range(1, question.lo + 1)) if question.lo else "none"
    if question.kind == NUMBER:
        return str(question.lo)
    assert question.kind == YES_NO
    return "n"


async def play_out(app: PlayApp, pilot, limit: int = 400) -> int:  # type: ignore[no-untyped-def]
    """Play the person's decisions through the forms until the game is over; returns how
    many decisions the person made."""
    for made in range(limit):
        if app.controller.is_over():
            return made
        assert app.controller.person_to_move()
        await press(pilot, "a")
        form = app.screen
        assert isinstance(form, FormScreen), form
        for _ in range(40):  # typed into the form's answer box, as the Enter key does
            q = form.decision.form.question
            if q is None or isinstance(app.screen, ConfirmScreen):
                break
            form.submit(plain_answer(q))
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen), app.screen
        await press(pilot, "y")
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("person,seed", [(FARC, 3), (CARTELS, 5)])
@run_async
async def test_a_whole_game_as_an_insurgent_through_the_screen(person, seed):  # 7.1-7.3
    app = PlayApp(Controller(Session(seated_game(person, seed))))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert f"{person.label}: you" in "\n".join(app.side_lines())
        assert f"{GOVT_AI_LABEL}: heuristic" in "\n".join(app.side_lines())
        made = await play_out(app, pilot)
        assert made > 5
        game = app.controller.game
        assert game.is_terminal()
        # the person's commands are logged as theirs, the AI's as the Government's
        assert any(e["faction"] == person.label for e in game.log)
        assert any(e["faction"] == GOVT.label for e in game.log)
        headings = [r.heading() for r in app.controller.history]
        assert any(h.startswith(GOVT_AI_LABEL + ":") for h in headings)
        assert not any(h.startswith("Government (Non-player)") for h in headings)
        await pilot.pause()
        assert isinstance(app.screen, TextScreen) and app.screen.title_text == "Game over" \
            if hasattr(app.screen, "title_text") else isinstance(app.screen, TextScreen)
        text = "\n".join(app.screen.lines)
        assert "Decided by 7." in text
        assert "8.8 score" not in text  # 8.8 is the solitaire Government's
        # the replayed log gives the same game (the save is sound)
        assert Game.replay(game.initial, game.log).state == game.state


@run_async
async def test_an_insurgent_operation_through_the_forms_and_the_flowchart_hint():  # 3.3.1
    game = seated_game(FARC, 3)
    app = PlayApp(Controller(Session(game)))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        c = app.controller
        assert c.to_move() is FARC
        hint = c.hint()
        assert "FARC flowchart's advice" in hint.explanation
        assert hint.lines()[1].strip().startswith("Flowchart: card")
        assert "Dice:" in hint.lines()[2]
        before = c.state.clone()
        await press(pilot, "a")
        await answer(pilot, "operation")
        q = app.screen.decision.form.question
        assert any("Rally" in str(o.label) for o in q.options)
        await answer(pilot, "rally")
        for _ in range(30):  # the first legal answer to each question from here on
            if isinstance(app.screen, ConfirmScreen):
                break
            q = app.screen.decision.form.question
            await answer(pilot, "1" if q.kind == ONE else plain_answer(q))
        assert isinstance(app.screen, ConfirmScreen)
        await press(pilot, "y")
        entry = next(e for e in c.game.log if e["faction"] == "FARC")
        assert entry["command"]["op"]["type"] == "Rally"
        assert c.state != before
        await press(pilot, "u")  # undo: back to the start of FARC's decision
        assert c.state == before


def test_the_government_hint_is_the_campaign_search_at_half_a_second():
    pytest.importorskip("ortools")
    game = Game.new("quick", seed=4, seats=[1, None, None, None])
    c = Controller(Session(game))
    c.session.run_nonplayers()
    assert c.to_move() is GOVT
    hint = c.hint()
    assert hint.explanation.startswith("The campaign search (0.5s a decision) would ")
    assert any("sampled futures" in line for line in hint.trace_lines)  # its trace


def test_game_over_lines_say_which_rule_decided():  # 7.1, 7.2, 7.3, 8.8
    game = seated_game(FARC, 3)
    state = game.state
    victory.finish(state, "victory check won by AUC (6.1, 7.2)", [AUC])
    text = "\n".join(result_lines(state))
    assert "Decided by 7.2: AUC" in text and "every person loses (7.1)" in text
    victory.finish(state, "victory check won by FARC (6.1, 7.2)", [FARC])
    assert "You (FARC): wins" in result_lines(state)
    victory.finish(state, "final Propaganda Round completed (2.4.1, 7.3)")
    text = "\n".join(result_lines(state))
    assert "Decided by 7.3" in text and GOVT_AI_LABEL in text and "8.8" not in text
    solo = Game.new("quick", seed=3, players=1)
    victory.finish(solo.state, "final Propaganda Round completed (2.4.1, 7.3)")
    assert any(line.startswith("8.8 score") for line in result_lines(solo.state))
