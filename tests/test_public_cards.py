"""No card and no deck position a screen shows that the table or the player could not see
(issue 43 item 2): one function, :func:`tui.table_deck.public_cards`, decides, and every
view goes through it. The reproductions (assist after a second Propaganda card in a row:
`tracks`, `status`, `andean status` named the program's own card face up; solo play:
the side panel counted the cards to the next Propaganda card) in the line mode and on
the Pilot at 80x24, and a walk of every view through whole assist sessions with two
Propaganda cards in a row and through solo games."""

from __future__ import annotations

import asyncio
import io
import json
import re
from pathlib import Path

import pytest

from core.cards import CARDS
from core.game import Game, serialize
from tests.table_driver import AutoTable, TablePlan
from tests.test_tui_assist import args
from tests.test_tui_plain import Terminal
from tui.commands.main import main
from tui.commands.play import run_assist
from tui.commands.saves import status_dict, status_text
from tui.controller import Controller
from tui.plain.ui import PlainUI
from tui.session import Session
from tui.table_deck import OPEN_DECK, first_card, is_table_deck
from tui.turn_log import names_a_card

#: the issue's table: seed 17, #58 then #55, a Propaganda card on top, and during its
#: Round a second one (6.0 EXCEPTION: set aside, no Round; the program turns the card
#: under it from its own deck, which the table has not named)
ISSUE_CARDS = ["58", "55", "propaganda", "propaganda"]
VIEWS = ["tracks", "status", "card", "log"]
#: a count of the cards to the next Propaganda card, in any view's words (the number of
#: cards in the draw deck is open to inspection, 2.2, and allowed)
COUNT = re.compile(r"before the next Propaganda card|next in \d+ card|cards_to_propaganda")
#: a number of cards in the draw deck, in any view's words: the table's deck is the
#: table's, which the program cannot count (it says so instead)
DECK_SIZE = re.compile(r"deck: \d+ card|\d+ cards? in the draw deck|deck \d+"
                       r"|\"deck_remaining\": \d")


def named_cards(game: Game) -> set[int]:
    """The cards the table named so far: the first, and every one named since."""
    first = first_card(game)
    return ({first} if first is not None else set()) | {
        e["command"]["card"] for e in game.log if names_a_card(e)}


def shown_cards(text: str) -> set[int]:
    return {int(n) for n in re.findall(r"#(\d+) [A-Z]", text)}


class ViewingTable(AutoTable):
    """The table of :mod:`tests.table_driver`, which also types every view (``VIEWS``) at
    each card question and each Government decision, and reads ``andean status`` (text
    and JSON) of the game at every prompt; each view is checked at once."""

    def __init__(self, out: io.StringIO, plan: TablePlan, session: Session,
                 stop_at_face_up: bool = False) -> None:
        super().__init__(out, plan)
        self.session = session
        self.pending: list[str] = []
        self.viewed = 0
        self.stop_at_face_up = stop_at_face_up
        self.faced = False

    def check(self, text: str, where: str) -> None:
        game = self.session.game
        if game.state.phase == "over" or not is_table_deck(game):
            return  # (before the first card the session holds a placeholder, unsaved)
        unnamed = shown_cards(text) - named_cards(game)
        assert not unnamed, f"{where} shows cards the table never named: {unnamed}\n{text}"
        assert not COUNT.search(text), f"{where} counts to the next Propaganda card:\n{text}"
        assert not DECK_SIZE.search(text), f"{where} counts the table's deck:\n{text}"

    def answer(self, prompt: str, recent: str) -> str:
        if self.pending:
            view = self.pending.pop(0)
            if self.pending or view != "done":
                return view
        text = self.out.getvalue()
        if self.viewed:  # the views typed since the question: checked at once
            self.check(text[self.viewed:], "the line mode's views")
            self.viewed = 0
        self.check(status_text(self.session.game), "andean status")
        self.check(json.dumps(status_dict(self.session.game)), "andean status --json")
        viewed = self.plan.said[-1:] == [(prompt, VIEWS[-1])]
        if ("which card is" in prompt or "what do you do?" in prompt) and not viewed:
            self.pending = VIEWS[1:]
            self.viewed = len(text)
            return VIEWS[0]
        if "face up now" in prompt:
            self.faced = True
            if self.stop_at_face_up:
                return "quit"
        return super().answer(prompt, recent)


def assist_walk(path: Path, seed: int, cards: list[str], stop_at_face_up: bool = False
                ) -> tuple[Session, str, ViewingTable]:
    out = io.StringIO()
    plan = TablePlan(cards=list(cards), undo_after_reset=not stop_at_face_up)
    session = Session(Game.new(), path)
    table = ViewingTable(out, plan, session, stop_at_face_up)
    assert run_assist(session, True, args(seed=seed, dice="auto", short=True),
                      table, out) == 0
    return session, out.getvalue(), table


# ======================================================================================
# the reproductions
# ======================================================================================
def test_plain_tracks_and_status_name_no_card_face_up_the_table_did_not_name(
        tmp_path, capsys):  # 6.0 EXCEPTION
    path = tmp_path / "table.json"
    session, text, table = assist_walk(path, 17, ISSUE_CARDS, stop_at_face_up=True)
    assert table.faced  # the views were checked at that question too (ViewingTable)
    game = serialize.load(path)
    hidden = game.state.current_card
    assert hidden is not None and hidden not in named_cards(game)
    tail = text[text.index("face up now"):]
    assert "The table names the card turned face up" in tail
    assert CARDS[hidden].title not in tail and "Eligible on" not in tail
    # andean status, text and JSON, on the save
    assert main(["status", str(path)]) == 0
    assert main(["status", str(path), "--json"]) == 0
    printed = capsys.readouterr().out
    assert CARDS[hidden].title not in printed and f"#{hidden} " not in printed
    data = json.loads(printed[printed.index("{"):])
    assert data["current_card"] is None and data["current_card_named"] is False
    assert data["to_move"] is None and "To move: -" in printed
    # the report's final position, and andean map, name none of it either
    report, picture = tmp_path / "r.html", tmp_path / "m.svg"
    assert main(["report", str(path), "--out", str(report)]) == 0
    assert main(["map", str(path), "--out", str(picture)]) == 0
    for drawn in (report, picture):
        text = re.sub(r"<[^>]*>", " ", drawn.read_text(encoding="utf-8"))
        assert CARDS[hidden].title not in text and "Current: not named yet" in text
        assert shown_cards(text) <= named_cards(game)


def test_screen_names_no_card_face_up_the_table_did_not_name_80x24(tmp_path):  # 6.0
    pytest.importorskip("textual")
    from textual.widgets import Static

    from tests.pilot import press
    from tests.test_tui_assist_app import controller_for
    from tui.screens.assist import AssistApp
    from tui.screens.dialogs import TextScreen

    path = tmp_path / "table.json"
    assist_walk(path, 17, ISSUE_CARDS, stop_at_face_up=True)
    game = serialize.load(path)
    hidden = game.state.current_card
    assert hidden is not None

    async def run() -> None:
        app = AssistApp(controller_for(game, path, manual=False), run_nonplayers=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            texts = {"side panel": "\n".join(app.side_lines()),
                     "status line": app.status_text(),
                     "card panel": str(app.query_one("#card", Static).render())}
            await press(pilot, "escape")  # the card question: later
            await press(pilot, "t")
            assert isinstance(app.screen, TextScreen)
            texts["cards page"] = "\n".join(app.screen.lines)
            await press(pilot, "escape")
            await press(pilot, "m")
            texts["map"] = str(app.screen.query_one("#map-tracks", Static).render()) \
                + str(app.screen.query_one("#map-title", Static).render())
            for where, text in texts.items():
                assert CARDS[hidden].title not in text and f"#{hidden} " not in text, \
                    (where, text)
                assert f"Eligible on #{hidden}" not in text, (where, text)

    asyncio.run(run())


def solo_plain(script: list[str], seed: int = 23, open_deck: bool = False
               ) -> tuple[Controller, str]:
    from runners.solitaire import new_solitaire

    game = new_solitaire("standard", seed=seed)
    if open_deck:
        for state in (game.initial, game.state):
            state.options[OPEN_DECK] = True
    controller = Controller(Session(game))
    out = io.StringIO()
    PlainUI(controller, Terminal(out, script), out).run()
    return controller, out.getvalue()


def test_solo_views_count_no_cards_to_the_next_propaganda_card():  # Deck Preparation
    controller, text = solo_plain(["tracks", "card", "quit"])
    assert "Propaganda cards 0 of 4" in text and not COUNT.search(text)
    # 2.2: "the number of cards in the draw deck are open to inspection"
    assert f"{len(controller.state.deck)} cards in the draw deck" in text
    _, opened = solo_plain(["tracks", "quit"], open_deck=True)
    assert "before the next Propaganda card (open deck)" in opened


def test_solo_side_panel_counts_nothing_at_80x24_unless_the_deck_is_open():
    pytest.importorskip("textual")
    from runners.solitaire import new_solitaire
    from tui.screens.play import PlayApp

    async def panel(game: Game) -> str:
        app = PlayApp(Controller(Session(game)))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            return "\n".join(app.side_lines())

    shut = asyncio.run(panel(solo := new_solitaire("standard", seed=23)))
    assert "Propaganda 0/4" in shut and not COUNT.search(shut)
    assert f"deck {len(solo.state.deck)}" in shut  # 2.2: the deck's size is open
    game = new_solitaire("standard", seed=23)
    game.state.options[OPEN_DECK] = game.initial.options[OPEN_DECK] = True
    assert re.search(r"next in \d+ cards|next card", asyncio.run(panel(game)))


def test_open_deck_is_a_new_games_option_kept_in_the_save(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO(""))  # the end of input: saved, stops
    path = tmp_path / "open.json"
    assert main(["play", "--plain", "--seed", "23", "--save", str(path),
                 "--open-deck"]) == 0
    assert serialize.load(path).state.options[OPEN_DECK] is True
    capsys.readouterr()
    assert main(["status", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["open_deck"] is True and isinstance(data["cards_to_propaganda"], int)
    assert data["deck_remaining"] == len(serialize.load(path).state.deck)
    assert main(["status", str(path)]) == 0
    assert "open deck: " in (printed := capsys.readouterr().out)
    assert re.search(r"deck: \d+ cards \(open deck\)", printed)
    assert main(["play", "--plain", "--load", str(path), "--open-deck"]) == 2
    assert "--open-deck is for a new game" in capsys.readouterr().err


# ======================================================================================
# the walk: every view, whole games
# ======================================================================================
@pytest.mark.parametrize("seed,cards", [(17, ISSUE_CARDS), (30, ["41", "73", "74", "1"])],
                         ids=["seed17-issue", "seed30-whole"])
def test_every_view_of_whole_assist_games_names_only_named_cards(tmp_path, seed, cards):
    session, text, table = assist_walk(tmp_path / "table.json", seed, cards)
    assert table.faced and session.game.state.phase == "over"
    assert len(re.findall(r"[?>] tracks\n", text)) > 10  # views typed all game long


@pytest.mark.parametrize("seed", [3, 23])
def test_every_view_of_solo_games_shows_only_the_face_up_and_next_cards(seed, tmp_path):
    # 2.2: the card face up and the next, face up on the deck; the rest is face down
    from tui.screens.side_panel import side_lines

    script: list[str] = []
    for _ in range(25):
        script += ["tracks", "card", "status", "pass", "y"]
    controller, text = solo_plain([*script, "quit"], seed=seed)
    # andean status (text and --json) too: no count of the deck either (issue 43 item
    # 2: it printed "deck: 61 cards", which with one Propaganda card shuffled into each
    # pile tells how near the next one lies); the side panel (the screen and the
    # browser, the same app) and the report of the save
    text += status_text(controller.game) + json.dumps(status_dict(controller.game))
    text += "\n".join(side_lines(controller.state, 30, controller.public_cards()))
    path, report = tmp_path / "solo.json", tmp_path / "solo.html"
    serialize.save(controller.game, path)
    assert main(["report", str(path), "--out", str(report)]) == 0
    text += re.sub(r"<[^>]*>", " ", report.read_text(encoding="utf-8"))
    assert not COUNT.search(text)
    state = controller.state
    seen = set(state.played) | {state.current_card} | set(state.deck[:1])
    assert shown_cards(text) <= seen, sorted(shown_cards(text) - seen)


def test_undoing_the_naming_after_two_propaganda_cards_names_no_card(tmp_path: Path):
    # issue 43 item 2 (a newcomer's whole-game trial): after a second Propaganda card in
    # a row (6.0) the program plays the card under it from its own deck; the table names
    # the card it turned (#5) and undoes that. The undo's steps named the program's card
    # ("Make the next card, #58 General Serrano, ..."): the card face up once back there
    # was not masked, only the one face up now
    from core.cards import card_title

    script = ["12", "30", "1", "yes", "propaganda", "propaganda", "1", "2", "2", "yes",
              "1", "1", "yes", "5", "undo", "yes", "quit"]
    out = io.StringIO()
    session = Session(Game.new(), tmp_path / "t.json")
    run_assist(session, True, args(seed=17, dice="auto"), Terminal(out, script), out)
    text = out.getvalue()
    undo = text[text.index("Undo: "):]
    hidden = session.game.state.current_card
    assert hidden is not None and hidden != 5
    assert card_title(hidden) not in undo and f"#{hidden} " not in undo
    assert "Leave the card face up where it is" in undo
