"""The table-first flow of `andean assist` (issue 12 item 3), in the Textual app (Pilot)
and in the line mode (`--plain`):

* a person-run Faction's move is asked for before any bot acts (the decision menu's
  forms, or the board editor for a choice carried out on the table), then "does the
  board match the table?" (no: back to the form or the editor) before the card goes on;
* before the first card only the set-up is shown (no placeholder seats or card);
* every instruction list starts with who acts and why (card, position, flowchart nodes)
  and the dice rolled (the logged rolls and decision_rolls);
* plain prompts name the acting Faction and the range; quit/help/undo work at every
  prompt, the first-card prompt included; yes/no takes only yes/no; Ctrl-C saves and
  exits 130 with one line.
"""

from __future__ import annotations

import functools
import html
import io
import os
import re
import sys
from pathlib import Path

import pytest

from core.game import Game, serialize
from core.pieces import Faction
from decisions.base import InputError, Question
from tests.pilot import press, run_async, type_in
from tests.test_tui_assist import args
from tests.test_tui_plain import Terminal
from tui.board_changes import CARD_STEPS
from tui.commands.play import new_assist_game, run_assist
from tui.controller import Controller, context_lines, dice_text
from tui.plain.ui import PlainUI
from tui.prompts import yes_no
from tui.session import Session

SEATS = [1, None, None, None]  # the Government at the table, the Insurgents bots


def types(game: Game) -> list[str]:
    return [e["command"]["type"] for e in game.log]


def table(script: list[str], dice: list[int] | None = None, path=None,  # type: ignore[no-untyped-def]
          **kw) -> tuple[Session, str, Terminal]:
    """A new assist game in the line mode fed ``script`` (dice prompts from ``dice``)."""
    out = io.StringIO()
    term = Terminal(out, script, dice=dice)
    if path is None:
        import tempfile

        path = Path(tempfile.mkdtemp()) / "table.json"
    session = Session(Game.new(), path)
    assert run_assist(session, True, args(**kw), term, out) == 0
    return session, out.getvalue(), term


# ======================================================================================
# plain: the person's move is asked for, then the table check, before any bot acts
# ======================================================================================
def test_plain_record_opens_the_editor_then_the_table_check_before_the_bot(tmp_path):
    session, text, _ = table(
        ["12", "40",
         "record op",  # carried out on the table: the editor, not recorded at once
         "move 3 troops from bogota to cali",
         "done", "no",  # it does not match yet: back to the editor
         "move 1 police from bogota to cali",
         "done", "yes",
         "quit"],
        dice=[3, 3, 3] * 5, path=tmp_path / "t.json")
    check = "Does the board match the table after the Operation? (yes/no)"
    assert text.count(check) == 2
    assert "Back to the board editor" in text
    # the second check lists every edit since the decision began
    second = text.split(check)[1].rsplit("The board editor changed", 1)[1]
    assert "1. Move 3 Troops cubes from Bogotá & Villavicencio to Cali" in second
    assert "2. Move 1 Police cube from Bogotá & Villavicencio to Cali" in second
    # issue 31: the table's steps, numbered; issue 43: as typed
    # the bot acts only after the yes
    assert text.index("Recorded: the Operation carried out on the table.") \
        < text.index("AUC (Non-player)")
    assert text.rindex(check) < text.index("AUC (Non-player)")
    log = serialize.load(tmp_path / "t.json").log
    kinds = [e["command"]["type"] for e in log]
    assert kinds[:4] == ["Set Next Card", "Edit Move", "Edit Move", "Record Action"]


def test_plain_the_editor_summary_names_the_moves_typed_not_the_net_change(tmp_path):
    # issue 43: the summary was the board's net change, pairing pieces by space: a Troops
    # cube moved Bogotá -> Cali and then Cali -> Meta West showed as "Bogotá to Meta
    # West", a move nobody typed
    session, text, _ = table(
        ["12", "40", "record op",
         "move 1 troops from bogota to cali", "move 1 troops from cali to meta west",
         "done", "yes", "quit"],
        dice=[3, 3, 3] * 5, path=tmp_path / "t.json")
    summary = text.split("The board editor changed", 1)[1].split("Does the board", 1)[0]
    assert "1. Move 1 Troops cube from Bogotá & Villavicencio to Cali" in summary
    assert "2. Move 1 Troops cube from Cali to Meta West" in summary
    assert "Bogotá & Villavicencio to Meta West" not in summary


def test_plain_a_forms_result_is_checked_against_the_table_no_goes_back():  # 2.3.3
    session, text, _ = table(["12", "40", "pass", "1", "n", "pass", "y", "quit"],
                             dice=[3, 3, 3] * 5)
    check = "Does the board match the table once this is carried out there? (yes/no)"
    assert text.count(check) == 3  # "1" is not an answer: asked again; "n": the menu
    assert "! answer yes or no (y/n)" in text
    assert "Result of Pass" in text.split(check)[0]
    # no: back to the menu (the form), nothing recorded
    assert "what do you do?" in text.split(check)[2]
    assert text.index("Done: Pass.") < text.index("AUC (Non-player)")
    assert types(session.game).count("Pass") == 1


def test_plain_yes_no_takes_only_yes_or_no():
    q = Question.yes_no("Does the board match the table?")
    assert yes_no(q, "y") is True and yes_no(q, "YES") is True
    assert yes_no(q, "n") is False and yes_no(q, "No") is False
    for garbage in ("1", "0", "ok", "o", "true", "", "yep"):
        with pytest.raises(InputError):
            yes_no(q, garbage)
    assert yes_no(Question.yes_no("Apply?", default=True), "") is True  # Enter: default


def test_plain_rollback_question_refuses_1(tmp_path):
    _, text, _ = table(["12", "40", "pass", "y", "rollback 1", "1", "n", "quit"],
                       dice=[3, 3, 3] * 5)
    # asked at the next-card prompt: the table speaks, not a Faction
    assert "Table — Roll back to the start of #12 Plan Colombia? (yes/no, Enter = no)" in text
    assert "! answer yes or no (y/n)" in text
    assert "Nothing changed." in text


# ======================================================================================
# plain: prompts name the Faction and the range; who and why before the dice
# ======================================================================================
def test_plain_die_prompt_names_the_faction_and_range_after_who_acts():  # 8.2
    _, text, term = table(["12", "40", "pass", "y", "quit"], dice=[3, 4, 2] * 5)
    assert term.dice_asked
    first = term.dice_asked[0]
    assert first.startswith("AUC — roll the red die: random space for Rally") \
        and first.endswith("(1-6): ")
    # who acts and why, before the first die is asked
    who = "AUC (Non-player): 1st Eligible on #12 Plan Colombia: its turn"  # 2.3.3
    assert text.index(who) < text.index(first)


def test_plain_form_prompts_name_the_faction():  # 3.2.1 Train
    _, text, _ = table(["12", "40", "operation", "train", "quit"], dice=[3] * 9)
    assert "Government — Which Operation? (number or name)" in text
    assert "Government — Special Activity (4.1)? (number or name)" in text


def test_plain_instructions_start_with_who_why_and_the_dice():  # 8.6.1, 8.2
    _, text, _ = table(["12", "40", "pass", "y", "quit"], dice=[3, 4, 2] * 5)
    turn = text[text.index("AUC (Non-player): Rally"):]
    lines = turn.splitlines()
    assert lines[1] == "  Who: AUC (Non-player): 1st Eligible on #12 Plan Colombia"
    assert lines[2].startswith("  Flowchart: card (8.1) -> event (8.1) -> rally_q (8.6.1): "
                               "yes -> rally")
    assert lines[3].startswith("  1. Place ")  # issue 31: steps, not the engine's lines
    # issue 43: the dice fold below the steps (13 of them pushed the steps off the first
    # page at 80x24)
    dice = "  Dice: red 3, yellow 4, green 2 for random space for Rally 8.6.1 bullet 3 (8.2)"
    assert dice in lines and lines.index(dice) > 3
    assert all(line.startswith(("  Dice:", "  ", "(type")) for line in lines[3:lines.index(
        dice)])


def test_dice_text_has_the_rolls_and_the_decision_rolls():  # 8.2, 8.4
    entries = [{"rolls": [["a die, Sabotage (6.2)", 5]],
                "decision_rolls": [["red die, random space for Rally (8.2)", 1],
                                   ["yellow die, random space for Rally (8.2)", 2],
                                   ["green die, random space for Rally (8.2)", 6]]}]
    # in the order rolled: the decision's random space before the command's die (issue
    # 43: a Kidnap's die was listed before the space rolls that chose its space)
    assert dice_text(entries) == ("red 1, yellow 2, green 6 for random space for Rally "
                                  "(8.2); 5 for a die, Sabotage (6.2)")
    # the space by its printed name, as the steps say it (the log keeps the short key)
    assert dice_text([{"rolls": [["Kidnap in Putumayo", 3]]}]) == (
        "3 for Kidnap in Putumayo-Caquetá")
    assert dice_text([{"rolls": []}]) == "none rolled"


def test_a_persons_report_says_who_and_the_dice():  # card 18 shaded: Aid minus a die
    game = new_assist_game("standard", 5, SEATS, 18)
    entries = [{"rolls": [["a die, #18 NSPD-18: Aid minus a die", 4]]}]
    lines = context_lines(game.state, entries, person=True)
    assert lines == ["Who: Government: 1st Eligible on #18 NSPD-18 (player 1: a person's "
                     "decision)", "Dice: 4 for a die, #18 NSPD-18: Aid minus a die"]


# ======================================================================================
# plain: quit, help and undo at every prompt
# ======================================================================================
def test_plain_first_card_prompt_takes_quit_help_undo(tmp_path):
    path = tmp_path / "a.json"
    _, text, _ = table(["help", "undo", "board", "quit"], path=path)
    assert "! no card titled" not in text
    assert "Then type that card: its number or its title" in text  # help
    assert "! nothing to undo: the game starts with the first card" in text
    assert "! no game yet: 'board' works once the first card is named" in text
    assert "Stopped before the first card: no game was started." in text
    assert not path.exists()


def test_plain_nothing_but_set_up_before_the_first_card():
    _, text, _ = table(["quit"], bots=[Faction.FARC, Faction.AUC])
    before = text.split("which card is face up")[0]
    assert before.splitlines() == [
        "Tabletop assistant: Government (player 1), FARC (bot), AUC (bot), Cartels "
        "(player 2)",
        "Set up the standard scenario on the table (the Set Up sheet), then name the card "
        "face up ('help': how).",
        "Set-up — "]


class Typed(Terminal):
    """Every prompt, the dice prompts too, answered from the script."""

    def readline(self, size: int = -1) -> str:  # type: ignore[override]
        return self.script.pop(0) + "\n" if self.script else ""


def test_plain_undo_at_a_die_prompt_abandons_the_turn_and_undoes(tmp_path):
    out = io.StringIO()
    session = Session(Game.new(), tmp_path / "t.json")
    run_assist(session, True, args(), Typed(out, ["12", "40", "pass", "y", "undo", "yes", "quit"]),
               out)
    text = out.getvalue()
    assert "AUC — roll the red die: random space for Rally 8.6.1 bullet 3 (8.2) (1-6): undo" \
        in text
    assert "The Non-player turn was abandoned; nothing of it was kept." in text
    assert "Undone: back to the start of your last decision." in text
    assert types(session.game) == ["Set Next Card"]


def test_plain_undo_inside_a_form():
    _, text, _ = table(["12", "40", "operation", "undo", "yes", "quit"])
    assert "Government — Which Operation?" in text
    assert "'undo' is not one of the options" not in text
    # read as undo at the form's second question: the decision is abandoned and the
    # person's last entry (the card named on top of the deck) is taken back
    assert "Undone: back to the start of your last decision." in text
    assert text.count("which card is on top of the deck now") == 2


def test_plain_help_and_board_at_a_die_prompt():
    out = io.StringIO()
    answers = iter(["help", "board cali", "quit"])

    class Input(io.TextIOBase):
        def readline(self, size: int = -1) -> str:  # type: ignore[override]
            return next(answers) + "\n"

    game = new_assist_game("standard", 5, SEATS, 12)
    ui = PlainUI(Controller(Session(game), assist=True), Input(), out, assist=True)
    from tui.plain.ui import Quit

    with pytest.raises(Quit):
        ui.ask_die("red die, random space for Rally (8.2)")
    text = out.getvalue()
    assert "At any prompt:" in text and "Cali" in text
    assert "! a die shows 1 to 6" not in text


def test_ctrl_c_in_assist_plain_mid_game_saves_and_exits_130(capsys, tmp_path,
                                                             monkeypatch) -> None:
    from tui.commands.main import main

    path = tmp_path / "a.json"
    lines = iter(["12\n", "40\n"])

    class Keyboard(io.StringIO):
        def readline(self, *a: object) -> str:
            line = next(lines, None)
            if line is None:
                raise KeyboardInterrupt
            return line

    monkeypatch.setattr(sys, "stdin", Keyboard())
    code = main(["assist", "--plain", "--seed", "5", "--save", str(path)])
    err = capsys.readouterr().err.strip()
    assert code == 130
    assert err == f"andean: stopped; the game is saved in {path}"  # one line
    assert "Traceback" not in err
    saved = serialize.load(path)
    assert serialize.verify(saved) == [] and types(saved) == ["Set Next Card"]


# ======================================================================================
# the Textual app (Pilot)
# ======================================================================================
textual = pytest.importorskip("textual")

from tests.test_tui_assist_app import (  # noqa: E402
    controller_for,
    shown,
    table_game,
)
from tui.commands.play import setup_lines  # noqa: E402
from tui.screens.assist import (  # noqa: E402
    AssistApp,
    AssistFormScreen,
    CardScreen,
    EditorScreen,
    TableCheckScreen,
    TurnScreen,
)

SETUP = setup_lines("standard", [1, None, None, 2])


def new_app(path=None) -> AssistApp:  # type: ignore[no-untyped-def]
    factory = functools.partial(new_assist_game, "standard", 5, [1, None, None, 2])
    return AssistApp(controller_for(Game.new(), path, manual=False), new_game=factory,
                     setup=SETUP)


@run_async
async def test_app_person_acts_form_then_table_check_before_the_bot():  # 2.3.3
    app = AssistApp(controller_for(table_game(), manual=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        start = list(app.controller.game.log)
        await press(pilot, "a")
        assert isinstance(app.screen, AssistFormScreen)
        await type_in(pilot, "#answer", "pass")
        assert isinstance(app.screen, TableCheckScreen)
        assert "Pass: does the board match the table?" in shown(app)
        assert app.controller.game.log == start  # nothing recorded, no bot acted
        await pilot.press("n")  # no: back to the form
        await pilot.pause()
        assert isinstance(app.screen, AssistFormScreen)
        assert app.controller.game.log == start
        await type_in(pilot, "#answer", "pass")
        await press(pilot, "y")
        assert types(app.controller.game)[len(start)] == "Pass"
        assert isinstance(app.screen, TurnScreen)  # now the bot
        # 2.3.3: the Government passed, the AUC is now 1st Eligible
        assert "Who: AUC (Non-player): 1st Eligible on #12" in shown(app)
        assert "Dice: " in shown(app)


@run_async
async def test_app_die_dialog_says_who_rolls_and_why():  # 8.2
    app = AssistApp(controller_for(table_game(), manual=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "a")
        await type_in(pilot, "#answer", "pass")
        await press(pilot, "y")
        text = shown(app)
        assert "For the AUC Non-player's turn, 1st Eligible on #12 Plan Colombia." in text
        assert "Roll the red die: random space for Rally 8.6.1 bullet 3 (8.2)? (1-6)" in text


@run_async
async def test_app_record_opens_the_editor_and_waits_for_the_table_check():
    app = AssistApp(controller_for(table_game(), manual=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        start = len(app.controller.game.log)
        await press(pilot, "a")
        await type_in(pilot, "#answer", "record op")
        assert isinstance(app.screen, EditorScreen)  # asked what was done
        assert "Government: edit the board to show the Operation" in shown(app)
        await type_in(pilot, "#command", "move 2 police from bogota to cali")
        assert len(app.controller.game.log) == start + 1  # the edit; not the record
        await press(pilot, "escape")
        assert isinstance(app.screen, TableCheckScreen)
        assert "1. Move 2 Police cubes from Bogotá & Villavicencio to Cali" in shown(app)
        assert types(app.controller.game)[start:] == ["Edit Move"]  # no bot yet
        await press(pilot, "y")
        assert types(app.controller.game)[start:start + 2] == ["Edit Move", "Record Action"]
        assert isinstance(app.screen, TurnScreen)


@run_async
async def test_app_table_check_names_the_moves_typed_at_80x24():
    # issue 43, the full screen: the net change read "Bogotá to Meta West"
    app = AssistApp(controller_for(table_game(), manual=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "a")
        await type_in(pilot, "#answer", "record op")
        await type_in(pilot, "#command", "move 1 troops from bogota to cali")
        await type_in(pilot, "#command", "move 1 troops from cali to meta west")
        await press(pilot, "escape")
        assert isinstance(app.screen, TableCheckScreen)
        text = shown(app)
        assert "1. Move 1 Troops cube from Bogotá & Villavicencio to Cali" in text
        assert "2. Move 1 Troops cube from Cali to Meta West" in text


@run_async
async def test_app_record_cancel_goes_back_to_the_menu():
    app = AssistApp(controller_for(table_game(), manual=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        start = list(app.controller.game.log)
        await press(pilot, "a")
        await type_in(pilot, "#answer", "record op")
        await type_in(pilot, "#command", "cancel")
        assert isinstance(app.screen, AssistFormScreen)
        assert app.controller.game.log == start


@run_async
async def test_app_yes_no_in_a_form_takes_only_yes_or_no():
    app = AssistApp(controller_for(table_game(), manual=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "a")
        screen = app.screen
        assert isinstance(screen, AssistFormScreen)
        screen.decision.form.question = Question.yes_no("Shift toward Support?")
        screen.submit("1")
        await pilot.pause()
        assert "answer yes or no (y/n)" in str(screen.query_one("#error").render())


@run_async
async def test_app_shows_only_the_set_up_before_the_first_card():
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, CardScreen)
        base = app.screen_stack[0]
        assert not base.query_one("#main").display and not base.query_one("#log").display
        text = "\n".join(str(w.render()) for w in base.query("Static") if w.display)
        assert "FARC (bot), AUC (bot), Cartels (player 2)" in text
        assert "People:" not in text and "Bots:" not in text  # no placeholder seats
        placeholder = app.controller.state.current_card
        from tui.describe import card_title

        if placeholder is not None:
            assert card_title(placeholder) not in text  # not the program's own card
        # only help and quit before the first card: the map, card texts, why, undo...
        # would show the placeholder game (Textual hides the keys it refuses)
        assert not app.check_action("map", ()) and not app.check_action("cards", ())
        assert app.check_action("help", ()) and app.check_action("quit", ())
        await type_in(pilot, "#card", "12")
        assert app.query_one("#main").display and app.query_one("#log").display
        assert app.check_action("map", ())


GOLDEN = Path(__file__).parent / "golden"


def screen_lines(svg: str) -> list[str]:
    """The characters of a Textual screenshot, line by line: the text of the SVG's
    ``<text>`` elements placed by their coordinates, so how the renderer happened to
    split a run of same-styled cells into elements does not matter (it varies with what
    ran before in the process)."""
    cells: dict[float, dict[int, str]] = {}
    for x, y, text in re.findall(
            r'<text class="[^"]*" x="([0-9.]+)" y="([0-9.]+)" textLength="[0-9.]+"[^>]*>'
            r"([^<]*)</text>", svg):
        row = cells.setdefault(float(y), {})
        col = round(float(x) / 12.2)
        for i, ch in enumerate(html.unescape(text).replace("\xa0", " ")):
            row[col + i] = ch
    return ["".join(row.get(i, " ") for i in range(max(row, default=-1) + 1)).rstrip()
            for _, row in sorted(cells.items())]


@pytest.mark.parametrize("size", [(80, 24), (200, 50)], ids=["80x24", "200x50"])
@run_async
async def test_set_up_screen(size):
    # issue 12 item 3: before the first card, set-up and nothing else, at 80x24 and 200x50
    app = new_app()
    async with app.run_test(size=size) as pilot:
        await card_screen_up(pilot)
        lines = screen_lines(app.export_screenshot())
    path = GOLDEN / f"assist_set_up_{size[0]}x{size[1]}.txt"
    text = "\n".join(lines) + "\n"
    if os.environ.get("ANDEAN_UPDATE_GOLDEN") == "1":
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no golden file {path}: run with ANDEAN_UPDATE_GOLDEN=1"
    assert text == path.read_text(encoding="utf-8"), (
        "the set-up screen changed: if intended, run with ANDEAN_UPDATE_GOLDEN=1 and "
        "review git diff tests/golden")


async def card_screen_up(pilot) -> None:  # type: ignore[no-untyped-def]
    """Wait until the first-card prompt is on screen: on a loaded machine the screenshot
    could otherwise be taken before the app has pushed it."""
    for _ in range(100):
        await pilot.pause()
        if isinstance(pilot.app.screen, CardScreen):
            break
    await pilot.pause()


def test_plain_undo_lists_the_steps_back_and_asks_first():  # issue 31 item 3
    # the steps that take the table back are listed, numbered, from the same change
    # model as the turns (the AUC's Rally taken back piece by piece, the card face up
    # again); "no" changes nothing, "yes" undoes
    session, text, _ = table(["12", "40", "pass", "y", "undo", "no", "undo", "yes", "quit"],
                             dice=[3, 4, 2] * 10)
    said = ("Undo: back to the start of your last decision. Taken back: Government: "
            "Pass; AUC (Non-player): Rally + Extort; Cartels (Non-player): Event #12 Plan "
            "Colombia (shaded).\nOn the table:")
    listed = text.split(said)
    assert len(listed) == 3
    steps = listed[1].split("Table — Undo the last decision?")[0].splitlines()
    assert steps[1].startswith("  1. ") and any(" AUC Guerrilla" in x for x in steps)
    assert any(x.endswith(". Put #12 Plan Colombia face up again, and #40 Demobilization "
                          "back on top of the deck") for x in steps)
    assert listed[1].count("Nothing changed.") == 1
    assert "Undone: back to the start of your last decision." in listed[2]
    assert types(session.game) == ["Set Next Card"]


def test_plain_typed_dice_say_at_once_what_a_random_space_pick_chose():  # 8.2
    # issue 43 item 5: #58 asked 25 dice without saying which space each roll chose;
    # now the line after the pick's last die names the space (and the walk down the
    # before any other die is asked
    _, text, term = table(["30", "40", "pass", "y", "quit"], dice=[1, 1, 1] * 4)
    lines = text.splitlines()
    greens = [i for i, x in enumerate(lines) if "roll the green die: random space" in x]
    assert len(greens) == 2 and len(term.dice_asked) == 6
    # red 1, yellow 1, green 1 is Cali's slot: the first pick walks on to Guaviare
    assert lines[greens[0] + 1] == "-> Guaviare (red 1, yellow 1, green 1)"
    assert lines[greens[1] + 1] == "-> Cali (red 1, yellow 1, green 1)"


@run_async
async def test_app_typed_dice_say_what_a_random_space_pick_chose():  # 8.2
    # issue 43 item 5, on the screen at 80x24: the die asked after a pick's dice says
    # which space they chose (the turn is run again after each die)
    # (#58 shaded by the Cartels: a Police from a random space to another)
    app = AssistApp(controller_for(table_game(58, 55), manual=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "a")
        await type_in(pilot, "#answer", "pass")
        await press(pilot, "y")
        for _ in range(3):
            assert "Last pick by the dice" not in shown(app)
            await type_in(pilot, "#answer", "1")
        text = shown(app)  # red 1, yellow 1, green 1: Cali's slot
        assert "Roll a die: Cities/Departments (1-3) or LoCs (4-6)" in text
        assert "Last pick by the dice: Cali (red 1, yellow 1, green 1)." in text
        await type_in(pilot, "#answer", "2")
        assert "Last pick by the dice: a City or Department, by 8.2 (die 2)." in shown(app)


#: #12 then #40; the Government Passes on both, the Non-players act; #33 and #41 named
#: on top as they come: the log's card 2 (#40) began with the table naming #33
ROLLED = ["12", "40", "pass", "y", "33", "pass", "y", "41"]


def test_plain_rollback_keeps_the_card_it_puts_back_on_top():  # 2.2
    # issue 43 item 5: 'rollback 8' said "#41 Mancuso back on top of the deck", then
    # asked which card is on top; the card it names is known, not asked again
    session, text, _ = table([*ROLLED, "rollback 2", "y", "quit"], dice=[3, 4, 2] * 10)
    told, after = text.split("Rolled back to the start of #40 Demobilization.")
    # among the steps back, where the card's end is taken back (after the Cartels' turn
    # on #41, before FARC's Rally on #40)
    steps = [line.split(". ", 1)[1] for line in told.splitlines()
             if line.startswith("  ") and ". " in line and line.strip()[0].isdigit()]
    assert "Put #40 Demobilization face up again, and #33 Sucumbíos back on top of the " \
        "deck" in steps
    assert "which card is on top of the deck" not in after
    assert "Government, 1st Eligible on #40 Demobilization: what do you do?" in after
    assert session.game.state.deck[0] == 33 and types(session.game)[-1] == "Set Next Card"


@run_async
async def test_app_rollback_keeps_the_card_it_puts_back_on_top():  # 2.2
    session, _, _ = table([*ROLLED, "quit"], dice=[3, 4, 2] * 10)
    app = AssistApp(controller_for(session.game, manual=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "r")
        await press(pilot, "up")
        await press(pilot, "enter")
        assert "Roll back to the start of #40 Demobilization?" in shown(app)
        assert ("Put #40 Demobilization face up again, and #33 Sucumbíos back on top of "
                "the deck") in shown(app)
        await press(pilot, "y")
        await pilot.pause()
        assert not isinstance(app.screen, CardScreen)  # not asked: said just above
        assert app.controller.state.deck[0] == 33
        assert not app.controller.needs_next_card()


def test_plain_the_editor_summary_says_what_the_editor_echoed(tmp_path):  # 1.7, 1.8
    # issue 43, the newcomer's trial: the summary said "Flip 3 AUC Guerrillas in
    # Antioquia-Bolívar Active" where the editor had echoed "In Antioquia-Bolívar, flip
    # 3 Underground AUC Guerrillas to Active", and left out the Control marker the editor
    # had echoed ("Remove the Government Control marker from ...")
    session, text, _ = table(
        ["12", "40", "record op",
         "move 3 troops from bogota to cali", "move 2 police from bogota to cali",
         "flip 1 farc in meta west to active", "done", "yes", "quit"],
        dice=[3, 3, 3] * 5, path=tmp_path / "t.json")
    editing, summary = text.split("The board editor changed", 1)
    summary = summary.split("Does the board", 1)[0]
    echoed = [line.split(". ", 1)[1] for line in editing.splitlines()
              if re.match(r"^(?:.*> )?\d+\. ", line)]
    echoed = [line for line in echoed if not line.startswith(CARD_STEPS)]
    said = [line.split(". ", 1)[1] for line in summary.splitlines()
            if re.match(r"^\s+\d+\. ", line)]
    assert "In Meta West, flip 1 Underground FARC Guerrilla to Active" in said, summary
    assert any("Control marker" in line for line in said), summary
    assert said == echoed[-len(said):], (echoed, said)
