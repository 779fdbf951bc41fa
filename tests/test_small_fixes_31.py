"""Issue 31 item 6, the smaller things, each with the behaviour a user sees:

* `andean play` / `assist` with standard output piped refuse with one line suggesting
  `--plain` (nothing written), except under textual-serve's web driver;
* `serve play --help` / `serve assist --help` do not offer `--plain` (refused there);
* a `demo --save` game names the bot that played the Government, not "player 1";
* a finished game names no next card (status and the board picture);
* an ambiguous card start lists every card it may mean (`c`: #64 Cocaine Labs too);
* the `?` page lists each key once, 'f, s' aligned like the others.
"""

from __future__ import annotations

import asyncio

import pytest

from core.game import serialize
from decisions.base import InputError
from decisions.editor import find_card
from tui.commands.base import CliError
from tui.commands.main import main
from tui.commands.play import check_streams
from tui.commands.saves import status_text


def test_play_with_stdout_piped_refuses_and_suggests_plain(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("TEXTUAL_DRIVER", raising=False)
    save = tmp_path / "g.json"
    for command in ("play", "assist"):
        assert main([command, "--save", str(save)]) == 2  # pytest's stdout: no terminal
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "standard output is not a terminal" in err
        assert f"andean {command} --plain" in err
        assert not save.exists()
    with pytest.raises(CliError):
        check_streams("play", plain=False)
    check_streams("play", plain=True)  # the line mode needs no terminal
    monkeypatch.setenv("TEXTUAL_DRIVER", "textual.drivers.web_driver:WebDriver")
    check_streams("play", plain=False)  # a browser tab of andean serve


@pytest.mark.parametrize("app", ["play", "assist"])
def test_serve_help_offers_no_plain(app, capsys):
    assert main(["serve", app, "--help"]) == 0
    assert "--plain" not in capsys.readouterr().out
    assert main([app, "--help"]) == 0
    assert "--plain" in capsys.readouterr().out


def test_a_demo_save_names_the_bot_at_the_government_and_no_next_card(tmp_path, capsys):
    save = tmp_path / "demo.json"
    assert main(["demo", "--seed", "2", "--govt", "heuristic", "--scenario", "quick",
                 "--save", str(save)]) == 0
    capsys.readouterr()
    game = serialize.load(save)
    text = status_text(game)
    assert "Seats: Government: the heuristic bot (andean demo);" in text, text
    assert "player 1" not in text
    # the game is over: no card follows it (2.4.1, 7.3)
    assert game.state.phase == "over"
    assert "next: none (the game is over)" in text
    from tui.pictures.board import board_svg

    assert "Next: none (the game is over)" in board_svg(game.state)


def test_an_ambiguous_start_lists_every_card_it_may_mean():
    with pytest.raises(InputError) as err:
        find_card("c")
    assert "#64 Cocaine Labs" in str(err.value) and "#4 Caño" in str(err.value)
    with pytest.raises(InputError) as err:
        find_card("p")
    assert str(err.value).count("Propaganda!") == 1  # the four are one card to name


def test_the_help_page_lists_each_key_once():
    pytest.importorskip("textual")
    from tests.pilot import press
    from tests.test_tui_assist_app import controller_for, table_game
    from tui.screens.assist import AssistApp
    from tui.screens.keys import HelpScreen

    async def run() -> None:
        app = AssistApp(controller_for(table_game(), manual=False))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await press(pilot, "escape", "question_mark")
            assert isinstance(app.screen, HelpScreen)
            keys = [k for k, _ in app.screen.keys]
            parts = [p.strip() for k in keys for p in k.split(",")]
            assert len(parts) == len(set(parts)), keys
            assert dict(app.screen.keys)["f, s"].startswith("filter, sort the board")
            assert {"c", "b", "o", "q"} <= set(parts)
            # the paragraphs after the keys are whole, wrapped by the screen
            assert any(line.startswith("Cards: ") and "draw the card from its own deck"
                       in line for line in app.screen.more)

    asyncio.run(run())


def test_hint_in_assist_is_checked_against_the_table(monkeypatch):
    # 2.3.3 Pass: the hint's suggestion goes through the table check, as any decision
    from core.game.sequence import Pass
    from tests.pilot import fake_hint
    from tests.test_assist_flow import table

    fake_hint(monkeypatch, Pass(), "Pass and keep the Resources.", [])
    session, text, _ = table(["12", "40", "hint", "y", "y", "quit"], dice=[3, 3, 3] * 5)
    assert "Hint: Pass and keep the Resources." in text
    assert "No hints" not in text and "not one of the options" not in text
    check = "Does the board match the table once this is carried out there? (yes/no)"
    assert text.index("Result of Pass") < text.index(check) < text.index("Done: Pass.")
    assert [e["command"]["type"] for e in session.game.log].count("Pass") == 1


def test_hint_key_in_the_assist_screen(monkeypatch):
    pytest.importorskip("textual")
    from core.game.sequence import Pass
    from tests.pilot import fake_hint, press
    from tests.test_tui_assist_app import controller_for, table_game
    from tui.screens.assist import AssistApp, TableCheckScreen

    fake_hint(monkeypatch, Pass(), "Pass and keep the Resources.", [])

    async def run() -> None:
        app = AssistApp(controller_for(table_game(), manual=False))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await press(pilot, "h")
            await app.workers.wait_for_complete()  # the hint runs in a worker thread
            await pilot.pause()
            assert isinstance(app.screen, TableCheckScreen), type(app.screen)
            await press(pilot, "y")
            log = [e["command"]["type"] for e in app.controller.game.log]
            assert "Pass" in log

    asyncio.run(run())


def test_a_yes_no_inside_a_form_takes_y_alone_like_the_dialogs():
    pytest.importorskip("textual")
    from textual.widgets import Input

    from decisions.base import Question
    from tests.pilot import press
    from tests.test_tui_assist_app import controller_for, table_game
    from tui.screens.assist import AssistApp, AssistFormScreen

    async def run() -> None:
        app = AssistApp(controller_for(table_game(), manual=False))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await press(pilot, "a")
            screen = app.screen
            assert isinstance(screen, AssistFormScreen)
            answered: list[str] = []
            screen.submit = answered.append  # type: ignore[method-assign]
            box = screen.query_one("#answer", Input)
            # an options question: y and n are letters typed into the box
            await press(pilot, "n", "y")
            assert box.value == "ny" and not answered
            box.value = ""
            screen.decision.form.question = Question.yes_no("Shift toward Support?")
            await press(pilot, "y")
            assert answered == ["y"]
            box.value = ""  # (the real submit shows the next question, the box empty)
            await press(pilot, "n")
            assert answered[-1] == "n"

    asyncio.run(run())


def test_the_8_8_level_lines_sit_between_the_levels_scores():
    # 8.8: 0 or less COIN Failure, 1-3 Stalemate, 4-8 COIN Progress, 9+ COIN Triumph; bar
    # i of the chart is score lo + i, its left edge at index i
    from tui.pictures.report import level_marks

    assert level_marks(-5) == [(6.0, "Stalemate"), (9.0, "COIN Progress"),
                               (14.0, "COIN Triumph")]
    assert level_marks(0)[0] == (1.0, "Stalemate")  # after the 0 bar, not on it


def test_a_bar_chart_title_leaves_room_for_the_tallest_bar_s_value():
    import re as regex

    from tui.pictures.report import bar_chart

    svg = bar_chart([("19", 3.0), ("20", 1.0)], title="Event cards played before the end")
    title_y = float(regex.search(r'<text x="\d+" y="([\d.]+)" font-size="14"', svg)[1])
    value_y = float(regex.search(r'y="([\d.]+)" text-anchor="middle" font-size="11">3<',
                                 svg)[1])
    assert value_y - 11 > title_y + 4  # the value's top below the title's descenders


def test_the_game_report_folds_each_card_s_board():
    from runners.games import play
    from tui.history import Recorder
    from tui.pictures import report

    rec = Recorder()
    game, _ = play(3, "heuristic", scenario="quick", on_turn=rec.on_turn)
    history = rec.finish(game.state)
    html = report.game_report(history)
    steps = len(history.steps)
    assert html.count('<details class="board"><summary>The board after this card') == steps
    assert html.count("</details></section>") == steps
    assert "Next: none (the game is over)" in html  # the final position's panel


def test_declining_a_hint_in_plain_asks_the_question_again_in_full(monkeypatch):
    # the decision's question comes back with who is asked what, never a bare '>'
    from core.game.sequence import Pass
    from tests.pilot import fake_hint
    from tests.test_tui_plain import play

    fake_hint(monkeypatch, Pass(), "Pass and keep the Resources.", [])
    for declined in (["hint", "n"], ["hint", "y", "n"]):
        _, text = play([*declined, "quit"])
        after = text.rsplit("> n\n", 1)[1]
        assert after.startswith("Government, 1st Eligible on #18 NSPD-18: what do you do?")
