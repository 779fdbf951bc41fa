"""No card from the program's own deck is printed, recorded or counted in tabletop assist
unless the table typed `draw` (issue 31 item 4): the double Propaganda case, the history's
card headings and the cards the table names, the `m` map's footer, the board picture,
and `andean status` on an assist save."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

import pytest

from core.cards import CARDS
from core.game import serialize
from core.game.board_editor import SetNextCard
from tests.test_assist_flow import table
from tui.commands.main import main
from tui.commands.play import new_assist_game
from tui.commands.saves import status_dict, status_text
from tui.table_deck import is_table_deck, masked, next_named, public_cards

SEATS = [1, None, None, None]  # the Government at the table, the Insurgents bots

#: seed 30: #41 Mancuso face up, #73 Propaganda! named on top; the Government passes;
#: in the Round the table names #74 Propaganda! on top (a second one in a row, 6.0),
#: then plays the Round out (Civic Action none, FARC Zone in the first Department,
#: no Redeploy) and names #1 1st Division as the card face up after it
DOUBLE_PROPAGANDA = ["41", "73", "pass", "yes", "74",
                     "1", "done", "yes",  # 6.4.1 Civic Action: none
                     "1", "1", "yes",  # 6.4.4 FARC Zone: the first Department offered
                     "1", "done", "yes",  # 6.5 Redeploy: none
                     "1",  # the card face up after the Round
                     "log", "quit"]


def double_propaganda(tmp_path: Path) -> tuple[str, Path]:
    path = tmp_path / "table.json"
    _, text, _ = table(DOUBLE_PROPAGANDA, path=path, seed=30, dice="auto")
    return text, path


def test_a_second_propaganda_card_in_a_row_names_no_card_of_the_program(tmp_path):
    # 6.0 EXCEPTION: never two Propaganda Rounds in a row: #74 is set aside and the card
    # under it, which the table has not turned, becomes face up
    text, path = double_propaganda(tmp_path)
    game = serialize.load(path)
    named = {41, 73, 74, 1}
    assert {int(n) for n in re.findall(r"#(\d+) ", text)} <= named, \
        sorted({int(n) for n in re.findall(r"#(\d+) ", text)} - named)
    assert ("Set the next card, #74 Propaganda!, aside without a Propaganda Round (6.0: "
            "a second Propaganda card in a row); turn the card under it face up and name "
            "it when asked") in text
    # the table check's "Changes on the board" says it, once ("Done:" is one line)
    assert text.count("aside without a Propaganda Round (6.0: a second") == 1
    assert "which card is face up now" in text
    # the log files the card face up under the card the table named, and the cards the
    # table names are no numbered turns (issue 31 item 6)
    log = text.rsplit("Card 1: ", 1)[1]
    # #74, set aside (6.0), is played all the same: card 3, as the report numbers it
    assert "Card 3: Propaganda card without a Round (6.0): #74 Propaganda!" in log
    assert "Card 4: #1 1st Division — Govt, FARC, AUC, Cartels" in log
    assert "       Face up: #1 1st Division (named by the table)" in log
    assert "       Next card: #73 Propaganda! (named by the table)" in log
    assert "Editor: Next card" not in log and "Editor: Current card" not in log
    assert "    1. AUC (Non-player): Event #41 Mancuso (shaded)" in log
    # the program's own card stood in for the card under #74: it is no card of the log
    assert game.log[-1]["command"] == {"type": "Set Current Card", "card": 1}


def test_show_n_counts_turns_not_the_cards_the_table_named(tmp_path):
    _, text, _ = table(["41", "73", "pass", "yes", "show 1", "show 2", "show 9", "quit"],
                       path=tmp_path / "t.json", seed=30, dice="auto")
    after = text.split("> show 1", 1)[-1] if "> show 1" in text else text
    assert "AUC (Non-player): Event #41 Mancuso (shaded)" in after
    assert "Government: Pass" in text.rsplit("show 2", 1)[-1]
    assert "! no turn 9 (1-3)" in text


def test_status_of_an_assist_save_counts_no_card_of_the_program(tmp_path, capsys):
    game = new_assist_game("standard", 30, SEATS, 41)
    assert is_table_deck(game) and not next_named(game)
    text = status_text(game)
    # the program cannot count the table's deck (2.2 opens it to the table): it says so
    assert ("Card: #41 Mancuso   next: not named yet   deck: the table's (count its cards "
            "there)") in text, text
    assert "cards   Propaganda" not in text
    d = status_dict(game)
    assert d["table_deck"] is True and d["next_card"] is None
    assert d["deck_remaining"] is None
    game.apply(SetNextCard(73))
    assert "next: #73 Propaganda!   deck: the table's" in status_text(game)
    # the command line says the same of the save
    path = tmp_path / "a.json"
    serialize.save(game, path)
    assert main(["status", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["deck_remaining"] is None


def test_a_solitaire_save_counts_its_deck_not_to_the_next_propaganda_card():
    # 2.2: the number of cards in the draw deck is open to inspection; Deck Preparation:
    # the order is face down (issue 43 item 2), so --open-deck alone says where the next
    # Propaganda card lies
    from runners.solitaire import new_solitaire
    from tui.table_deck import OPEN_DECK

    game = new_solitaire("standard", seed=1)
    assert not is_table_deck(game)
    assert f"deck: {len(game.state.deck)} cards   " in status_text(game)
    assert status_dict(game)["deck_remaining"] == len(game.state.deck)
    assert "cards_to_propaganda" not in status_dict(game)
    game.state.options[OPEN_DECK] = True
    assert re.search(r"deck: \d+ cards \(open deck\)", status_text(game))


def test_masked_leaves_named_cards_alone():
    game = new_assist_game("standard", 30, SEATS, 41)
    lines = ["Make the next card, #41 Mancuso, the card face up", "Card #41 Mancuso"]
    assert masked(lines, game, game.state) == lines


def test_the_board_picture_names_no_next_card_after_the_game_is_over():
    from tui.describe import next_card_title

    game = new_assist_game("standard", 30, SEATS, 41)
    state = game.state.clone()
    state.phase = "over"
    assert next_card_title(state) == "none (the game is over)"
    assert next_card_title(game.state, public_cards(game)) == "not named yet"
    assert next_card_title(game.state) == f"#{game.state.deck[0]} " \
        f"{CARDS[game.state.deck[0]].title}"


def test_the_map_footer_names_no_card_the_table_did_not_name():
    pytest.importorskip("textual")
    from textual.widgets import Static

    from tests.pilot import press
    from tests.test_tui_assist_app import controller_for, table_game
    from tui.screens.assist import AssistApp

    async def run() -> None:
        app = AssistApp(controller_for(table_game(nxt=None), manual=False))
        async with app.run_test(size=(200, 50)) as pilot:
            await pilot.pause()
            await press(pilot, "escape")  # the card dialog: later
            await press(pilot, "m")
            tracks = str(app.screen.query_one("#map-tracks", Static).render())
            assert "next not named yet" in tracks, tracks

    asyncio.run(run())


def test_the_screen_names_nothing_of_the_program_s_card_face_up(tmp_path):
    # 6.0: after #73's Round the table named #74 on top; the engine turned the card
    # under it from its own deck: the status line and the side panel say nothing of it
    # (neither its title nor who is 1st Eligible on it) until the table names it
    pytest.importorskip("textual")
    from textual.widgets import Static

    from tests.test_tui_assist_app import controller_for
    from tui.screens.assist import AssistApp

    _, path = double_propaganda_to_face_up(tmp_path)
    game = serialize.load(path)
    hidden = game.state.current_card
    assert hidden is not None and hidden not in (41, 73, 74)

    async def run() -> None:
        app = AssistApp(controller_for(game, path, manual=False), run_nonplayers=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            status = app.status_text()
            panel = "\n".join(app.card_lines())
            assert status.startswith("[a] name the card face up | a card the table turned")
            for text in (status, panel, str(app.query_one("#card", Static).render())):
                assert f"#{hidden} " not in text and CARDS[hidden].title not in text, text
                assert "Eligible on" not in text

    asyncio.run(run())


def double_propaganda_to_face_up(tmp_path: Path) -> tuple[str, Path]:
    """The double-Propaganda game stopped at the question for the card face up."""
    path = tmp_path / "table.json"
    script = DOUBLE_PROPAGANDA[:DOUBLE_PROPAGANDA.index("log") - 1] + ["quit"]
    _, text, _ = table(script, path=path, seed=30, dice="auto")
    return text, path


def test_the_cards_page_names_no_card_face_up_the_table_did_not_name(tmp_path):
    from tui.describe import cards_lines

    _, path = double_propaganda_to_face_up(tmp_path)
    game = serialize.load(path)
    hidden = game.state.current_card
    text = "\n".join(cards_lines(game.state, public_cards(game)))
    assert CARDS[hidden].title not in text and "not named yet" in text


def test_a_set_aside_propaganda_card_is_logged_and_rounds_count_by_cards(tmp_path):
    # 6.0 EXCEPTION: the extra card is played without a Round: `log` lists it, the
    # tracks count Propaganda cards (2 of 4 after one Round), and the Round's steps tell
    # the table to advance the Prop Card marker (2.2 RECORD STEPS) (issue 43 item 4)
    script = [*DOUBLE_PROPAGANDA[:-2], "tracks", "log", "quit"]
    _, text, _ = table(script, path=tmp_path / "t.json", seed=30, dice="auto")
    assert ("Propaganda Round 1 (#73 Propaganda!; Propaganda card 1 of 4):") in text
    assert "Advance the Prop Card marker through the Round's phases as each is done (2.2)" \
        in text
    tracks = text.rsplit("> tracks", 1)[-1] if "> tracks" in text else \
        text.rsplit("? tracks", 1)[-1]
    assert "Propaganda cards 2 of 4" in tracks and "Propaganda Rounds 2" not in tracks
    log = text.rsplit("Card 1: ", 1)[1]
    assert ("6.0 Propaganda card: #74 Propaganda! played without a Round (never 2 Rounds "
            "in a row), set aside as Propaganda card 2 of 4") in log


def test_done_is_one_line_for_every_kind_of_decision(tmp_path):
    # issue 43: "Done:" reprinted the steps after Redeploy, Train and Pass (a card's end,
    # a Round's phases) but not after Civic Action or the FARC Zone; the table check
    # before it lists them all (6.4.1, 6.4.4, 6.5, 6.6)
    text, _ = double_propaganda(tmp_path)
    for kind in ("Civic Action", "Place FARC Zone", "Redeploy"):
        after = text.split(f"Done: {kind}.\n", 1)[1]
        assert not after.startswith(("  Who:", "  1.", "        6.")), (kind, after[:200])
