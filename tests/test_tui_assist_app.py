"""The Textual screen of `andean assist` (tui/screens/assist.py), driven with Textual's Pilot:
a table's session (the first and next cards by completion and from the list, a board
correction in the editor recorded as the Government's Operation, a Non-player turn's
dice typed in the dialog, its numbered instructions and reasons, save and resume), a
person's Event whose die is asked in the dialog, Insurgent Discord asked in a dialog, a
Propaganda Round guided phase by phase, garbage at every prompt changing nothing, the
help, editor, undo and why keys, the `andean assist` wiring, and a snapshot of the main
screen at 80x24."""

from __future__ import annotations

import functools

import pytest

pytest.importorskip("textual")

from textual.widgets import Input, OptionList, Static  # noqa: E402

from core.game import (
    Game,  # noqa: E402
    serialize,  # noqa: E402
)
from core.game.board_editor import SetNextCard  # noqa: E402
from core.map import MAP  # noqa: E402
from core.pieces import Faction  # noqa: E402
from tests.pilot import press, run_async, type_in  # noqa: E402
from tui.commands.play import new_assist_game  # noqa: E402
from tui.controller import Controller  # noqa: E402
from tui.screens.assist import (  # noqa: E402
    AssistApp,
    AssistFormScreen,
    CardScreen,
    EditorScreen,
    NeedAnswer,
    QuestionScreen,
    Replies,
    TableCheckScreen,
    TurnScreen,
    card_choices,
)
from tui.screens.dialogs import ConfirmScreen, TextScreen, YesNoScreen  # noqa: E402
from tui.screens.history_views import TurnPickScreen  # noqa: E402
from tui.screens.keys import HelpScreen  # noqa: E402
from tui.session import Session  # noqa: E402

SIZE = (80, 24)
GOVT = Faction.GOVT
SEATS = [1, None, None, None]  # the Government at the table, the three Insurgents bots


def controller_for(game: Game, path=None, manual: bool = True) -> Controller:  # type: ignore[no-untyped-def]
    return Controller(Session(game, path), assist=True,
                      ask_dice=(lambda p: 1) if manual else None)


def table_game(first: int = 12, nxt: int | None = 40, seats=SEATS) -> Game:  # type: ignore[no-untyped-def]
    game = new_assist_game("standard", 5, list(seats), first)
    if nxt is not None:
        game.apply(SetNextCard(nxt))
    return game


def shown(app) -> str:  # type: ignore[no-untyped-def]
    """Every text on the current screen."""
    return "\n".join(str(w.render()) for w in app.screen.query(Static))


def error(app) -> str:  # type: ignore[no-untyped-def]
    return str(app.screen.query_one("#error", Static).render())


async def roll(pilot, *dice: int) -> list[str]:  # type: ignore[no-untyped-def]
    """Answer the dice dialogs in turn; the questions asked."""
    asked = []
    for die in dice:
        assert isinstance(pilot.app.screen, QuestionScreen), type(pilot.app.screen)
        question = str(pilot.app.screen.query_one("#question", Static).render())
        asked.append(question.splitlines()[-1])  # (above it: whose turn)
        await type_in(pilot, "#answer", str(die))
    return asked


async def recorded(pilot) -> None:  # type: ignore[no-untyped-def]
    """A choice carried out on the table: the board editor opened for it is closed
    (the board already matches), then the table check is answered yes."""
    assert isinstance(pilot.app.screen, EditorScreen), type(pilot.app.screen)
    await press(pilot, "escape")
    assert isinstance(pilot.app.screen, TableCheckScreen), type(pilot.app.screen)
    await press(pilot, "y")


async def through_turns(pilot, *cards: str) -> None:  # type: ignore[no-untyped-def]
    """Carry out the Non-players' turns (Enter), naming ``cards`` when asked, until a
    person must decide (or a card is asked for and none is left)."""
    names = list(cards)
    for _ in range(30):
        screen = pilot.app.screen
        if isinstance(screen, CardScreen) and names:
            await type_in(pilot, "#card", names.pop(0))
        elif isinstance(screen, TurnScreen):
            await press(pilot, "enter")
        else:
            return


@run_async
async def test_assist_session_cards_dice_instructions_editor_save_resume(tmp_path):
    path = tmp_path / "table.json"
    factory = functools.partial(new_assist_game, "standard", 5, SEATS)
    app = AssistApp(controller_for(Game.new(), path), new_game=factory)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        # the first card: typed, completed with the Right arrow
        assert isinstance(app.screen, CardScreen)
        await pilot.press("p", "l", "a", "n", "space", "c", "right")
        assert app.screen.query_one("#card", Input).value == "plan colombia"
        await press(pilot, "enter")
        state = app.controller.state
        assert state.current_card == 12 and path.exists()
        # the next card: the list narrows as one types, then a pick from it
        assert isinstance(app.screen, CardScreen)
        await pilot.press("d", "e", "m", "o", "b")
        await pilot.pause()
        assert app.screen.query_one("#cards", OptionList).option_count == 1
        await pilot.press("down", "enter")
        await pilot.pause()
        assert app.controller.state.deck[0] == 40
        assert not isinstance(app.screen, CardScreen)
        assert "Government: 1st Eligible on #12" in str(app.query_one("#status").render())
        # the table moved 3 Troops: the editor brings the board in line, logged
        await press(pilot, "e")
        assert isinstance(app.screen, EditorScreen)
        await type_in(pilot, "#command", "move 3 troops from bogota to cali")
        assert "Move 3 Troops cubes from Bogotá & Villavicencio to Cali" in shown(app)
        await press(pilot, "escape")
        # ...recorded as the Government's Operation with the decision form
        await press(pilot, "a")
        assert isinstance(app.screen, AssistFormScreen)
        await type_in(pilot, "#answer", "record op")
        # issue 12: asked what was done, not recorded at once: the board editor opens
        assert isinstance(app.screen, EditorScreen)
        assert app.controller.game.log[-1]["command"]["type"] == "Edit Move"
        await press(pilot, "escape")
        # the table check lists the edits made since the decision began (the "e" above)
        assert isinstance(app.screen, TableCheckScreen)
        assert "does the board match the table?" in shown(app)
        assert "Move 3 Troops cubes from Bogotá & Villavicencio to Cali" in shown(app)
        await pilot.press("n")  # no: back to the editor, nothing recorded, no bot acted
        await pilot.pause()
        assert isinstance(app.screen, EditorScreen)
        assert app.controller.game.log[-1]["command"]["type"] == "Edit Move"
        await press(pilot, "escape")
        await press(pilot, "y")
        # the AUC (Non-player, 2nd Eligible) Rallies: the 8.2 chart's dice, by colour
        asked = await roll(pilot, 3, 3, 3)
        assert [a.split(":")[0] for a in asked] == [
            "Roll the red die", "Roll the yellow die", "Roll the green die"]
        assert all("random space for Rally" in a for a in asked)
        # its turn as numbered instructions; w shows the reasons
        assert isinstance(app.screen, TurnScreen)
        text = shown(app)
        assert "AUC (Non-player): Rally + Extort" in text
        assert " 1. Place " in text
        assert "Make the next card, #40 Demobilization, the card face up" in text
        assert "Why:" not in text
        # issue 12: who acts and why head the instructions; issue 43: the dice typed
        # fold below them (13 "Dice:" lines pushed the steps to page 2 at 80x24)
        assert text.index("Who: AUC (Non-player): 2nd Eligible on #12 Plan Colombia") \
            < text.index("Flowchart: card (8.1) -> rally_q (8.6.1): yes") \
            < text.index(" 1. Place ") \
            < text.index("Dice: red 3, yellow 3, green 3 for random space for Rally")
        await press(pilot, "w")
        assert "Why:" in shown(app) and "(8.6.1)" in shown(app)
        await pilot.press("enter")  # done on the table
        await pilot.pause()
        # #40 came up: which card is on top now?
        assert isinstance(app.screen, CardScreen)
        await type_in(pilot, "#card", "41")
        assert app.controller.state.deck[0] == 41
        assert isinstance(app.screen, TurnScreen)  # the Cartels' turn on #40
        assert "Cartels (Non-player)" in shown(app)
        await press(pilot, "enter")
        assert "FARC Non-player's turn" in shown(app)  # its dice: not now
        await press(pilot, "escape")
        game = app.controller.game
        await pilot.press("q")  # saved
        await pilot.pause()
    saved = serialize.load(path)
    assert serialize.verify(saved) == [] and saved.state == game.state
    kinds = [e["command"]["type"] for e in saved.log]
    assert kinds[:4] == ["Set Next Card", "Edit Move", "Record Action", "Operation"]
    cali, bogota = MAP.id_of("Cali"), MAP.id_of("Bogota")
    assert saved.state.troops(bogota) == 0 and saved.state.troops(cali) >= 6 - 3
    # resume: the same game; the cards are not asked again, the abandoned turn's dice are
    app2 = AssistApp(Controller(Session.load(path), assist=True, ask_dice=lambda p: 1))
    async with app2.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app2.controller.game.log == saved.log
        assert not app2.controller.needs_next_card()
        assert app2.controller.nonplayer_to_move()  # the FARC's turn, abandoned at a die,
        assert isinstance(app2.screen, QuestionScreen)  # goes on: its dice asked again
        assert "Roll the red die" in shown(app2) and "FARC" in shown(app2)


@run_async
async def test_a_persons_event_asks_its_die_in_the_dialog():  # 5.1, card 18 shaded
    app = AssistApp(controller_for(table_game(first=18, nxt=40)))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        before = app.controller.state.clone()
        await press(pilot, "a")
        await type_in(pilot, "#answer", "event (shaded)")
        asked = await roll(pilot, 5)  # NSPD-18 shaded: Aid minus a die
        assert "Roll a die: #18 NSPD-18: Aid minus a die?" in asked[0]
        assert isinstance(app.screen, ConfirmScreen)
        await press(pilot, "y")
        log = app.controller.game.log
        i = next(i for i, e in enumerate(log) if e["command"]["type"] == "Event")
        assert log[i]["faction"] == "Government" and log[i]["command"]["side"] == "shaded"
        assert log[i]["rolls"][0][1] == 5
        after = Game.replay(app.controller.game.initial, log[: i + 1]).state
        assert after.aid == max(0, before.aid - 5)


@run_async
async def test_propaganda_round_is_guided_phase_by_phase():  # 6.0-6.6
    game = table_game(first=12, nxt=73)  # the next card: a Propaganda card
    app = AssistApp(controller_for(game, manual=False))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await press(pilot, "a")
        await type_in(pilot, "#answer", "pass")
        await press(pilot, "y")
        seen = []
        while isinstance(app.screen, TurnScreen) and len(seen) < 10:
            seen.append(shown(app))
            await press(pilot, "enter")
        text = "\n".join(seen)
        # the card ends, the Round begins: its automatic phases under their heading
        assert "Make the next card, #73 Propaganda!, the card face up" in text
        assert "Propaganda Round 1 (#73 Propaganda!; Propaganda card 1 of 4):\n" in text
        assert "the Prop Card marker through the Round's phases" in text  # 2.2
        assert "phases as each is done (2.2)\n      6.1 Victory" in text
        assert "      6.3 Resources: Government earn" in text
        # issue 24 item 1: #73 is face up, so the card under it is face up on the deck:
        # the table names it before anything else (the program draws none of its own)
        assert isinstance(app.screen, CardScreen)
        assert "Which card is on top of the deck now?" in shown(app)
        await type_in(pilot, "#card", "35")
        assert app.controller.state.deck[0] == 35
        # the Government's decision within the Round: the phase on screen
        state = app.controller.state
        assert state.phase == "propaganda"
        status = str(app.query_one("#status").render())
        assert "Propaganda Round: Government decides Civic Action (6.4 Support)" in status
        assert "Propaganda Round 1: 6.1 6.2 6.3 [6.4] 6.5 6.6" in str(
            app.query_one("#side").render())
        await pilot.press("a")  # done on the table, recorded
        await pilot.pause()
        await type_in(pilot, "#answer", "record")
        await recorded(pilot)
        assert isinstance(app.screen, TurnScreen)  # the FARC's Agitation, then 6.4 goes on
        assert "6.4 Support" in shown(app)


@run_async
async def test_garbage_at_every_prompt_changes_nothing(tmp_path):
    factory = functools.partial(new_assist_game, "standard", 5, SEATS)
    app = AssistApp(controller_for(Game.new()), new_game=factory)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await type_in(pilot, "#card", "zzz", "plan", "propaganda", "")  # (first: an Event)
        assert isinstance(app.screen, CardScreen) and "!" in error(app)
        await type_in(pilot, "#card", "12")
        await type_in(pilot, "#card", "99", "12")  # no such card; #12 is face up already
        assert isinstance(app.screen, CardScreen) and "already been played" in error(app)
        assert app.controller.game.log == []
        await pilot.press("escape")  # not now: the card waits for a
        await pilot.pause()
        assert not isinstance(app.screen, CardScreen)
        assert "[a] name the next card" in str(app.query_one("#status").render())
        await press(pilot, "a")
        await type_in(pilot, "#card", "40")
        game = app.controller.game
        state, log = game.state.clone(), list(game.log)
        await press(pilot, "e")
        await type_in(pilot, "#command", "teleport 3 troops", "place 99 troops in bogota",
                      "remove 9 troops from cali")
        assert "!" in shown(app)
        await press(pilot, "escape")
        await press(pilot, "a")
        await type_in(pilot, "#answer", "xyzzy", "99", "record")
        assert isinstance(app.screen, AssistFormScreen) and "!" in error(app)
        await press(pilot, "escape")
        assert app.controller.state == state and app.controller.game.log == log
        # now the Government Passes; the AUC's dice: garbage, then Escape abandons
        await press(pilot, "a")
        await type_in(pilot, "#answer", "pass")
        await press(pilot, "y")
        assert isinstance(app.screen, QuestionScreen)
        state, log = app.controller.state.clone(), list(app.controller.game.log)
        await type_in(pilot, "#answer", "0", "x", "1,2")
        assert isinstance(app.screen, QuestionScreen) and "!" in error(app)
        await press(pilot, "escape")
        assert not isinstance(app.screen, QuestionScreen)
        assert app.controller.state == state and app.controller.game.log == log
        assert "[a] run its turn" in str(app.query_one("#status").render())
        await pilot.press("a")  # the turn again: its dice are asked again
        await pilot.pause()
        assert isinstance(app.screen, QuestionScreen)


@run_async
async def test_help_editor_from_a_form_undo_and_why_keys():
    app = AssistApp(controller_for(table_game(), manual=False))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        start = app.controller.state.clone()
        await press(pilot, "question_mark")
        assert isinstance(app.screen, HelpScreen)
        assert any("board editor" in text for _, text in app.screen.keys)
        await pilot.press("escape")
        await press(pilot, "a")
        await pilot.press("ctrl+e")  # from the form to the board editor
        await pilot.pause()
        assert isinstance(app.screen, EditorScreen)
        await pilot.press("escape")
        await press(pilot, "a")
        await type_in(pilot, "#answer", "pass")
        await press(pilot, "y")
        await through_turns(pilot)  # the bots after the Pass; then the next card is asked
        assert isinstance(app.screen, CardScreen)
        await pilot.press("escape")  # later
        await press(pilot, "w")  # the turns listed, the last Non-player's highlighted
        assert isinstance(app.screen, TurnPickScreen)
        await press(pilot, "enter")
        assert isinstance(app.screen, TextScreen) and "Why:" in app.screen.lines
        assert "(Non-player): " in app.screen.title_text  # the last one to move
        await pilot.press("escape")
        await pilot.press("u")  # the Pass and the AUC's turn after it
        await pilot.pause()
        assert isinstance(app.screen, YesNoScreen)  # issue 31 item 3: asked first,
        assert any(". " in line for line in app.screen.lines)  # the steps back listed
        # issue 43 item 1: every command taken back named before, from the same record
        said = app.screen.lines[0]
        assert said.startswith("Undo: back to the start of your last decision. Taken "
                               "back: Government: Pass; ")
        assert said.count("; ") + 1 == len(app.controller.game.log) - 1  # not the card
        assert app.controller.state != start
        await pilot.press("y")
        await pilot.pause()
        assert app.controller.state == start
        assert [str(n.message) for n in app._notifications][-1] == \
            "Undone: " + said.removeprefix("Undo: ")


@run_async
async def test_insurgent_discord_is_asked_of_the_government_player():  # 8.1, 2 players
    app = AssistApp(controller_for(table_game(seats=[1, 2, None, None]), manual=False))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await press(pilot, "a")
        await type_in(pilot, "#answer", "record op+sa")  # so the AUC, 2nd, may take the Event
        await recorded(pilot)
        assert isinstance(app.screen, QuestionScreen)
        assert "Insurgent Discord (8.1): AUC is 2nd Eligible" in shown(app)
        await type_in(pilot, "#answer", "maybe")
        assert "!" in error(app)
        await type_in(pilot, "#answer", "operation")
        assert isinstance(app.screen, TurnScreen)
        report = app.controller.history[-1]
        assert "Event" not in report.title
        assert any("the Government chooses operation" in r for r in report.reasons)


def test_replies_hand_out_answers_in_order():
    replies = Replies()
    with pytest.raises(NeedAnswer) as need:
        replies.take("die", "red die, random space (8.2)")
    assert need.value.kind == "die"
    replies.give("die", 4)
    assert replies.take("die", "red die") == 4
    replies.rewind()  # a Non-player turn tried again from its start
    assert replies.take("die", "red die") == 4
    with pytest.raises(NeedAnswer):
        replies.take("discord", "Insurgent Discord")
    replies.rewind()
    with pytest.raises(NeedAnswer):  # the step went another way: the old answer is dropped
        replies.take("discord", "Insurgent Discord")
    assert replies.answers == []


def test_card_choices_narrow_and_skip_played_cards():
    assert [n for n, _ in card_choices("demob", True)] == [40]
    assert [n for n, _ in card_choices("4", True)][:2] == [4, 40]
    assert 12 not in [n for n, _ in card_choices("plan", True, exclude={12})]
    labels = [label for _, label in card_choices("propa", False)]
    assert len(labels) == 1 and "Propaganda" in labels[0]
    assert card_choices("propa", True) == []


def test_cli_assist_starts_the_textual_screen(tmp_path, monkeypatch):
    from tui.commands.main import main
    from tui.screens.assist import AssistApp as App

    started: list[AssistApp] = []
    monkeypatch.setattr(App, "run", lambda self, **kw: started.append(self))
    monkeypatch.setattr("tui.commands.play.need_terminal", lambda *_: None)  # (no terminal here)
    path = tmp_path / "t.json"
    assert main(["assist", "--save", str(path), "--dice", "manual", "--bots", "AUC,Cartels",
                 "--seed", "3"]) == 0
    app = started[-1]
    assert app.new_game is not None and app.controller.manual and app.controller.assist
    game = app.new_game(12)
    assert game.state.current_card == 12 and game.state.seats[:2] == [1, 2]
    serialize.save(game, path)
    assert main(["assist", "--save", str(path)]) == 0  # resumed: no first card asked
    # the save keeps the typed dice (options.dice; issue 43) unless --dice auto
    assert started[-1].new_game is None and started[-1].controller.manual
    assert main(["assist", "--save", str(path), "--dice", "auto"]) == 0
    assert not started[-1].controller.manual


def test_snapshot_assist_main_screen(snap_compare):
    async def one_round(pilot) -> None:  # type: ignore[no-untyped-def]
        """The Government records an Operation, the bots move, #41 and #42 are named."""
        await pilot.pause()
        await press(pilot, "a")
        await type_in(pilot, "#answer", "record op")
        await recorded(pilot)
        await through_turns(pilot, "41", "42")

    app = AssistApp(controller_for(table_game(), manual=False))
    assert snap_compare(app, terminal_size=SIZE, run_before=one_round)


@run_async
async def test_t_shows_the_cards_texts_once_the_next_card_is_named():
    # the cards of record at the table: the face-up card's printed text, and the next
    # card's only once the table has named it (n)
    app = AssistApp(controller_for(table_game(first=12, nxt=40), manual=False))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await press(pilot, "t")
        assert isinstance(app.screen, TextScreen)
        text = "\n".join(app.screen.lines)
        assert "#12 Plan Colombia" in text and "#40 Demobilization" in text
        assert "Unshaded: US “War on Drugs”: Add lesser of Aid or +20" in text
        assert "Shaded: Talks a ruse, fighters recycled:" in text
    app = AssistApp(controller_for(table_game(first=12, nxt=None), manual=False))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.action_cards()
        await pilot.pause()
        assert isinstance(app.screen, TextScreen)
        assert any("not named yet" in line for line in app.screen.lines)
