"""The table turns the cards in `andean assist` (issue 24 item 1): every card that
becomes face up (the first, the one on top of the deck after each card, the one under a
Propaganda card as the Round begins, a card the program turned itself) is asked of the
table before any bot acts on it; the program draws from its own deck only on 'draw';
card prompts take a number, an exact title or a unique title start, never a word from
inside a title.

Whole games through every Propaganda Round (issue 24 item 7) are in
tests/test_whole_games.py."""

from __future__ import annotations

import io
import re

import pytest

from core.game import Game, sequence
from core.game.board_editor import SetNextCard
from decisions.base import InputError
from decisions.editor import find_card
from tests.test_tui_assist import args
from tests.test_tui_plain import Terminal
from tui.commands.play import new_assist_game, run_assist
from tui.controller import Controller
from tui.session import Session

SEATS = [1, None, None, None]


def assist(script: list[str], tmp_path, seed: int = 3) -> tuple[Session, str]:  # type: ignore[no-untyped-def]
    out = io.StringIO()
    session = Session(Game.new(), tmp_path / "x.json")
    assert run_assist(session, True, args(seed=seed, dice="auto"), Terminal(out, script),
                      out) == 0
    return session, out.getvalue()


NEXT = "Table — which card is on top of the deck now"


def test_why_1_the_card_under_a_propaganda_card_is_the_tables(tmp_path):  # 2.3.8, 6.0
    # issue 24 Why 1: `assist --plain --seed 3`, 41, 72, pass, yes, prop, pass, yes: the
    # program used to draw #35 from its own deck and let the bots play it
    session, text = assist(["41", "72", "pass", "yes", "prop", "pass", "yes",
                            "yes", "reyes", "30", "quit"], tmp_path)
    round_start = text.index("Propaganda Round 1 (#73 Propaganda!; Propaganda card 1 of 4):")
    asked = text.index(NEXT, round_start)
    # asked as the Round begins, before any decision of the Round
    assert asked < text.index("Civic Action", asked)
    assert "! 'yes' is not a card: a card is named by its number (1-76), its title or " \
        "the start of its title" in text
    assert "! 'reyes' is not a card" in text  # a word inside "Raúl Reyes" names nothing
    assert "Next card: #30 Peace Commission" in text
    state = session.game.state
    assert state.phase == "propaganda" and state.deck[0] == 30
    assert 21 not in state.played  # "yes" was not read as #21 Raúl Reyes


def test_draw_only_when_the_table_asks(tmp_path):
    session, text = assist(["41", "draw", "quit"], tmp_path)
    drawn = session.game.state.deck[0]
    assert f"The program draws #{drawn} " in text and "from its own deck" in text
    # issue 43: it said "turn that card up" without saying which card to find (2.3.8)
    title = re.search(rf"The program draws (#{drawn} [^:]*) from its own deck", text)
    assert title is not None
    assert (f"find {title.group(1)} among the table's cards not yet played and put it on "
            "top of the deck.") in text
    assert "draw: from the program's own deck" in text.split("\n")[-2] or \
        "draw: from the program's own deck" in text  # the prompt says so
    log = session.game.log
    assert log[0]["command"] == {"type": "Set Next Card", "card": drawn}


def test_card_prompt_words(tmp_path):
    session, text = assist(["41", "current 10", "next 40", "quit"], tmp_path)
    # 'current CARD' works before anyone acted on the card face up, 'next CARD' names it
    assert session.game.state.current_card == 10
    assert session.game.state.deck[0] == 40
    assert "Card #41 Mancuso -> #10 Blackhawks" in text and "Next card: #40" in text


def test_help_names_the_draw_option(tmp_path):
    _, text = assist(["41", "help", "quit"], tmp_path)
    assert "'draw': the program draws the card from its own deck" in text


def unnamed_card() -> Controller:
    """A game on a card the table never named (its first card ended with nobody naming
    the card on top of the deck), before anyone acted on it."""
    game = new_assist_game("standard", 5, SEATS, 12)
    game.apply(sequence.Pass())  # the table never named the card on top of the deck
    controller = Controller(Session(game), assist=True)
    while game.state.current_card == 12:
        if controller.nonplayer_to_move():
            controller.nonplayer_turn()
        else:
            game.apply(sequence.Pass())
        game = controller.game
    assert not controller.game.state.step["acted"]
    return controller


def test_a_card_the_program_turned_itself_is_asked_before_anyone_acts():  # 2.3.8
    # a Round without decisions (or a 2nd Propaganda card in a row, 6.0) moves play onto
    # a card the table never named: it is asked as the card face up
    controller = unnamed_card()
    assert controller.card_to_name() == "current"
    out = io.StringIO()
    from tui.plain.ui import make_ui

    ui = make_ui(controller, Terminal(out, ["plan", "16", "quit"]), out, assist=True)
    ui.run()
    text = out.getvalue()
    assert "Table — which card is face up now" in text
    assert "is ambiguous" in text  # Plan Colombia, Plan Meteoro: not a guess
    assert controller.state.current_card == 16
    assert controller.card_to_name() == "next"  # then the card on top of the deck
    assert text.index("which card is face up now") < text.index(NEXT)


def test_find_card_number_exact_title_or_unique_start():
    assert find_card("21") == 21 and find_card("raul reyes") == 21  # accents optional
    assert find_card("Raúl") == 21 and find_card("#35") == 35
    for word in ("yes", "reyes", "current 10", "no"):
        with pytest.raises(InputError, match="is not a card"):
            find_card(word)


def test_the_final_round_asks_no_next_card():  # 2.4.1: no card follows it
    game = new_assist_game("quick", 5, SEATS, 12)
    game.apply(SetNextCard(76))
    controller = Controller(Session(game), assist=True)
    state = controller.state
    state.propaganda_cards = state.final_propaganda
    state.phase = "propaganda"
    assert not controller.needs_next_card()


def test_screen_asks_the_card_under_a_propaganda_card_and_draws_only_on_request():
    pytest.importorskip("textual")
    from textual.widgets import OptionList, Static

    from tests.pilot import press, run_async, type_in
    from tests.test_tui_assist_app import controller_for, table_game
    from tui.screens.assist import DRAW_LABEL, AssistApp, CardScreen, TurnScreen

    app = AssistApp(controller_for(table_game(first=12, nxt=73), manual=False))

    @run_async
    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await press(pilot, "a")
            await type_in(pilot, "#answer", "pass")
            await press(pilot, "y")
            while isinstance(app.screen, TurnScreen):
                await press(pilot, "enter")
            # 6.0: #73 is face up, the Round awaits the Government; the card under
            # #73 is asked first, 'draw' offered as the list's first entry
            assert isinstance(app.screen, CardScreen)
            cards = app.screen.query_one("#cards", OptionList)
            assert str(cards.get_option_at_index(0).prompt) == DRAW_LABEL
            start = len(app.controller.game.log)
            for word, said in (("yes", "'yes' is not a card"),
                               ("current 10", "here type only the card")):
                await type_in(pilot, "#card", word)
                assert said in str(app.screen.query_one("#error", Static).render())
            assert len(app.controller.game.log) == start  # nothing taken
            await type_in(pilot, "#card", "draw")
            assert not isinstance(app.screen, CardScreen)
            drawn = app.controller.game.log[-1]["command"]
            assert drawn == {"type": "Set Next Card", "card": app.controller.state.deck[0]}
            assert app.controller.card_to_name() is None

    run()


def test_screen_asks_a_card_the_program_turned_itself():  # 2.3.8
    pytest.importorskip("textual")
    from tests.pilot import run_async, type_in
    from tests.test_tui_assist_app import shown
    from tui.screens.assist import AssistApp, CardScreen

    controller = unnamed_card()
    app = AssistApp(controller)

    @run_async
    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, CardScreen)
            assert "Which card is face up now?" in shown(app)
            await type_in(pilot, "#card", "16")
            assert controller.state.current_card == 16
            assert isinstance(app.screen, CardScreen)  # then the card on top of the deck
            assert "Which card is on top of the deck now?" in shown(app)

    run()
