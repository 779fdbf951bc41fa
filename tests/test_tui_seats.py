"""Issue 26: a person at any seat. Whole games on the play screen through Textual's Pilot
as FARC and as the Cartels (the program's Government AI and the section-8 flowcharts for
the others), an Insurgent Operation through the same forms, the hint of every seat, and
the game-over screen saying which rule decided."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("textual")

from core.game import Game  # noqa: E402
from core.pieces import Faction  # noqa: E402
from core.rules import victory  # noqa: E402
from decisions.base import MANY, NUMBER, ONE, YES_NO  # noqa: E402
from runners.seats import GOVT_AI_LABEL  # noqa: E402
from tests.pilot import answer, press, run_async  # noqa: E402
from tui.controller import Controller  # noqa: E402
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


# ======================================================================================
# hot-seat through --plain (issue 26 items 1 and 6)
# ======================================================================================
class ScriptedPeople:
    """stdin for ``andean play --plain``: the people at the screen answer each question
    the program printed (the least eventful legal answer: Pass, done, none, the least
    number; Insurgent Discord: the Event; yes to apply a decision)."""

    def __init__(self, out) -> None:  # type: ignore[no-untyped-def]
        self.out = out
        self.asked = 0

    def readline(self) -> str:
        self.asked += 1
        if self.asked > 3000:
            return ""  # end of input: the game stops (and is saved)
        block = self.out.getvalue()[-4000:].splitlines()
        at = max((i for i, line in enumerate(block) if QUESTION.search(line)), default=-1)
        question = block[at] if at >= 0 else ""
        options = [line.strip() for line in block[at + 1:] if OPTION.match(line)]
        if question.endswith("(number or name)"):
            if "Insurgent Discord" in question:
                return "event\n"
            for opt in options:
                number, _, label = opt.partition(". ")
                if label.lower().startswith(("pass", "done", "no more", "nothing")):
                    return number + "\n"
            return "1\n"
        if "(yes/no" in question:
            return ("n" if "Preview the suggestion" in question else "y") + "\n"
        many = MANY_HINT.search(question)
        if many:
            if "'none'" in question:
                return "none\n"
            return ", ".join(str(n) for n in range(1, int(many.group(1)) + 1)) + "\n"
        number = NUMBER_HINT.search(question)
        return (number.group(1) if number else "1") + "\n"


QUESTION = re.compile(r"\((number or name|yes/no[^)]*|choose \d+( to \d+)? of the \d+, "
                      r"comma-separated[^)]*|"
                      r"\d+-\d+(, Enter = \d+)?)\)$")
OPTION = re.compile(r"^\s+\d+\. ")
MANY_HINT = re.compile(r"\(choose (\d+)(?: to \d+)? of the \d+, comma-separated")
NUMBER_HINT = re.compile(r"\((\d+)-\d+(, Enter = \d+)?\)$")


def test_two_people_hot_seat_government_and_auc_through_plain(monkeypatch, tmp_path):
    """# 1.5, 8.1 Insurgent Discord: a 2-person game (Government and AUC) with FARC and
    the Cartels run by their flowcharts, played to its end on stdin/stdout."""
    import io
    import sys

    from core.game import serialize
    from tui.commands.main import main

    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stdin", ScriptedPeople(out))
    save = tmp_path / "hot.json"
    code = main(["play", "--as", "Government,AUC", "--plain", "--scenario", "quick",
                 "--seed", "2", "--save", str(save)])
    text = out.getvalue()
    assert code == 0
    assert "player 1's decision" in text and "player 2's decision" in text
    assert "Government: 1st Eligible" in text or "Government: 2nd Eligible" in text
    game = serialize.load(save)
    assert game.state.seats == [1, None, 2, None]
    assert game.is_terminal(), text[-2000:]
    assert "Decided by 7." in text
    assert "Insurgent Discord (8.1)" in text  # asked of the Government player (player 1)
    factions = {e["faction"] for e in game.log}
    assert {"Government", "AUC", "FARC", "Cartels"} <= factions


# ======================================================================================
# the seatings refused (issue 26 item 1), before anything is written
# ======================================================================================
@pytest.mark.parametrize("argv,words", [
    (["new", "--seats=-,-,-,-"], "no person at the table"),
    (["new", "--seats=-,1,-,-"], "no Government flowchart"),
    (["new", "--seats=1,-,-,-", "--govt", "heuristic"], "a person takes the Government"),
    (["new", "--seats=-,1,-,-", "--govt", "heuristic", "--think", "2s"],
     "--think sets the budget of --govt search only"),
    (["play", "--seats=-,-,-,-", "--plain"], "no person at the table"),
    (["play", "--as", "FARC", "--govt", "heuristic", "--think", "2s", "--plain"],
     "--think sets the budget of --govt search only"),
    (["play", "--as", "Government", "--govt", "search", "--plain"],
     "a person takes the Government"),
])
def test_seatings_that_cannot_be_played_are_refused_in_one_line(argv, words, tmp_path, capsys):
    from tui.commands.main import main

    target = tmp_path / "g.json"
    flag = "--out" if argv[0] == "new" else "--save"
    assert main([*argv, flag, str(target)]) == 2
    err = capsys.readouterr().err
    assert words in err and len(err.strip().splitlines()) == 1
    assert not target.exists()  # nothing written


def test_new_seats_the_program_s_government_and_status_names_every_seat(tmp_path, capsys):
    # `andean new` takes --govt and --think as `andean play` does; status says who sits
    # where, the program's Government AI named as such (issue 26 item 1)
    import json

    from core.game import serialize
    from tui.commands.main import main

    target = tmp_path / "g.json"
    assert main(["new", "--scenario", "quick", "--seed", "2", "--seats=-,1,-,-", "--govt",
                 "search", "--think", "0.5s", "--out", str(target)]) == 0
    assert serialize.load(target).state.options["government_ai"] == "search:0.5s"
    capsys.readouterr()
    assert main(["status", str(target)]) == 0
    seats = capsys.readouterr().out.splitlines()[1]
    assert seats.startswith(f"Seats: {GOVT_AI_LABEL}: campaign search, easy")
    assert "FARC: player 1" in seats and "AUC: section-8 flowchart (8.6)" in seats
    assert main(["status", "--json", str(target)]) == 0
    assert json.loads(capsys.readouterr().out)["government_ai"] == "search:0.5s"


def test_a_save_with_a_flowchart_government_is_refused_at_load(tmp_path, capsys):
    """The old way to get one: a 4-player save edited to Non-players; play --load
    refuses it in one line and writes nothing (it used to write a bot turn, then fail
    on a missing flowcharts/government.toml)."""
    from core.game import serialize
    from tui.commands.main import main

    game = Game.new("quick", seed=1, players=1)
    game.state.seats = [None, None, None, None]
    game.initial.seats = [None, None, None, None]
    target = tmp_path / "g.json"
    serialize.save(game, target)
    before = target.read_bytes()
    assert main(["play", "--load", str(target), "--plain"]) == 2
    err = capsys.readouterr().err
    assert "no person at the table" in err and str(target) in err  # the loader refuses it
    assert target.read_bytes() == before
    game.state.seats = game.initial.seats = [None, 1, None, None]
    serialize.save(game, target)
    assert main(["play", "--load", str(target), "--plain"]) == 2
    assert "no Government flowchart" in capsys.readouterr().err


def test_a_new_game_resumed_keeps_its_seats_and_refuses_new_ones(tmp_path, capsys,
                                                                monkeypatch):
    import io
    import sys

    from tui.commands.main import main

    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))

    target = tmp_path / "g.json"
    assert main(["play", "--as", "Cartels", "--govt", "heuristic", "--plain", "--scenario",
                 "quick", "--seed", "1", "--save", str(target)]) == 0
    assert main(["play", "--as", "FARC", "--plain", "--save", str(target)]) == 2
    assert "--as, --seats, --govt and --think are for a new game" in capsys.readouterr().err


def test_a_resumed_game_refuses_a_seed_instead_of_ignoring_it(tmp_path, capsys):
    # issue 43: "assist --load x --seed 4" resumed x and dropped --seed without a word;
    # a save replays from its own seed (2.1 set-up, docs/state-format.md)
    from core.game import serialize
    from tui.commands.main import main

    target = tmp_path / "g.json"
    serialize.save(Game.new("quick", seed=1), target)
    before = target.read_bytes()
    for command in ("assist", "play"):
        assert main([command, "--load", str(target), "--seed", "4", "--plain"]) == 2
        err = capsys.readouterr().err.strip()
        assert err.endswith("--seed is for a new game (leave it out to resume, or add "
                            "--new to start over)") and len(err.splitlines()) == 1
    assert target.read_bytes() == before


def test_the_report_names_the_program_s_government_and_who_won(tmp_path, capsys):
    """The HTML report of a game with the program's Government AI calls it so, and at the
    end says which rule decided (not the 8.8 level, which is the solitaire
    Government's)."""
    import html

    from core.game import serialize
    from nonplayer.turn import take_turn
    from runners.seats import government_turn, make_bot
    from runners.solitaire import random_player
    from tui.commands.main import main

    game = seated_game(AUC, 6)
    bot = make_bot("heuristic")
    person = random_player(__import__("random").Random(6))
    while not game.is_terminal():
        f = game.to_move()
        if f is GOVT:
            government_turn(game, bot)
        elif game.state.seats[f] is None:
            take_turn(game)
        else:
            game.apply(person(game))
    save, page = tmp_path / "g.json", tmp_path / "g.html"
    serialize.save(game, save)
    assert main(["report", str(save), "--out", str(page)]) == 0
    text = html.unescape(page.read_text())
    assert f">{GOVT_AI_LABEL}</span>" in text  # each of its turns
    assert "Decided by 7." in text and "solo score (8.8)" not in text


@run_async
async def test_insurgent_discord_is_asked_of_the_government_player_on_screen_8_1():
    # 8.1 Exception, 2-player game (Government person + FARC person): the Government
    # chooses the Event or an Operation for the 2nd Eligible Non-player (the Cartels here,
    # standard seed 1, card #18). Escape leaves the Cartels waiting; a asks again.
    from nonplayer.government.heuristic import HeuristicGovernment
    from tui.screens.questions import QuestionScreen

    game = Game.new("standard", seed=1, seats=[1, 2, None, None])
    app = PlayApp(Controller(Session(game)))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.controller.apply(HeuristicGovernment().decide(app.controller.game, None).command)
        app.run_nonplayers()
        await pilot.pause()
        assert isinstance(app.screen, QuestionScreen)
        assert "Cartels is 2nd Eligible" in app.screen.question.prompt
        assert "#18" in app.screen.question.info[0]  # the Event it would execute, shown
        assert app.controller.to_move() is CARTELS  # nothing done yet
        await press(pilot, "escape")
        assert app.controller.to_move() is CARTELS
        assert "press a to run its turn" in app.controller.turn_line() + str(
            app.query_one("#status").render())
        await press(pilot, "a")
        assert isinstance(app.screen, QuestionScreen)
        await answer(pilot, "operation")
        report = next(r for r in app.controller.history if r.faction is CARTELS)
        assert "Event" not in report.title
        assert any("the Government chooses operation" in r for r in report.reasons)
