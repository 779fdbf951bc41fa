"""Whole games, first card to the end, as a person plays them (issue 24 item 7):
`andean assist` through Textual's Pilot and through `--plain` with piped input, and
`andean play --plain` with piped input, each through every Propaganda Round of the
Quick-Play scenario (2 Rounds, the 2nd the last, 2.4.1), the Government always Passing
(2.3.3) and its Propaganda decisions made. The assist games check that the table is
asked for every card that becomes face up before any bot acts on it (issue 24 item 1).

The table's deck here: Event cards in a fixed order with a Propaganda card after every
few; the program's own deck is never drawn from."""

from __future__ import annotations

import io
import re

import pytest

from core.cards import CARDS
from core.game import Game
from core.pieces import Faction
from tests.test_tui_assist import args
from tui.commands.play import run_assist
from tui.controller import Controller
from tui.plain.ui import PlainUI
from tui.session import Session

#: the table's deck, top first: #73 is named "propaganda" (the program's first one left)
TABLE_DECK = ["41", "72", "10", "propaganda", "35", "30", "16", "propaganda", "40", "50"]


class Table(io.TextIOBase):
    """A person at the table answering the line mode's prompts as they come: the cards
    from ``deck`` in order (each named once, when asked), Pass for the Government, a
    Propaganda decision carried out on the table (recorded), yes at the table check."""

    def __init__(self, out: io.StringIO, deck: list[str], assist: bool = True) -> None:
        self.out = out
        self.deck = list(deck)
        self.named: list[str] = []
        self.assist = assist
        self.prompts = 0

    def readline(self, size: int = -1) -> str:  # type: ignore[override]
        self.prompts += 1
        if self.prompts > 3000:
            return ""  # a loop: the end of the input stops the game (the test fails)
        text = self.out.getvalue()
        before, prompt = text[-4000:].rsplit("\n", 1)
        if "The game is over." in before:
            return "quit\n"  # the finished game stays readable until the person quits
        if prompt.startswith(("Set-up — which card", "Table — which card")):
            if not self.deck:
                return ""
            self.named.append(prompt)
            return self.deck.pop(0) + "\n"
        if "board editor ('done'" in prompt:
            return "done\n"
        return self.answer(before.splitlines()) + "\n"

    def answer(self, lines: list[str]) -> str:
        """The answer to the question last shown (its options below it)."""
        options = []
        while lines and re.match(r"^\s+\d+\. ", lines[-1]):
            options.insert(0, lines.pop())
        question = lines[-1] if lines else ""
        if "(yes/no" in question:
            return "yes"
        if "what do you do?" in question:
            return "pass"
        if self.assist and "Propaganda Round," in question:
            return "record"  # carried out on the table
        if any(re.match(r"^\s+\d+\. done", o) for o in options):
            return "done"
        return "1"


def whole_assist_game(tmp_path, seed: int = 3) -> tuple[Session, str, Table]:  # type: ignore[no-untyped-def]
    out = io.StringIO()
    table = Table(out, TABLE_DECK)
    session = Session(Game.new(), tmp_path / "table.json")
    assert run_assist(session, True, args(seed=seed, dice="auto", scenario="quick"),
                      table, out) == 0
    return session, out.getvalue(), table


def test_assist_plain_whole_game_every_card_asked_of_the_table(tmp_path):  # 2.3.8, 6.0
    session, text, table = whole_assist_game(tmp_path)
    state = session.game.state
    assert state.phase == "over", text[-3000:]
    assert state.propaganda_cards == state.final_propaganda == 2  # 2.4.1 Quick-Play
    assert text.count("Propaganda Round 1 (") >= 1 and text.count("Propaganda Round 2 (") >= 1
    assert "Game over:" in text
    # the table named every card played, in its order; the program drew none
    played = [str(c) if not CARDS[c].propaganda else "propaganda" for c in state.played]
    assert played == TABLE_DECK[:len(played)]
    assert "draws" not in text
    # issue 24 item 2: each Round is a group of the history, the last one too (the
    # game ends in it: at its victory check, 6.1, 7.2, or once it is done, 7.3)
    groups = Controller(session).cards()
    rounds = [g for g in groups if g.phase == "propaganda"]
    assert [g.round for g in rounds] == [1, 2] and groups[-1] is rounds[-1]
    assert rounds[0].opening[0].startswith("6.1 Victory: skipped in this Round")  # Quick
    assert rounds[-1].opening[0].startswith("6.1 Victory: ")
    assert all(g.opening[1].startswith("6.2 Sabotage") for g in rounds
               if "won by" not in g.opening[0])
    # each card was named before any bot acted on it
    for card in state.played:
        if CARDS[card].propaganda:
            continue
        title = f"#{card} {CARDS[card].title}"
        first_turn = text.find(f"(Non-player): 1st Eligible on {title}")
        named = min(i for i in (text.find(f"Next card: {title}"),
                                text.find("New game (seed 3)")) if i >= 0)
        assert first_turn == -1 or named < first_turn, title


def test_play_plain_whole_game_through_every_propaganda_round(tmp_path):  # 2.4.1, 6.0
    from runners.solitaire import new_solitaire

    out = io.StringIO()
    person = Table(out, [], assist=False)
    controller = Controller(Session(new_solitaire("quick", seed=2), tmp_path / "p.json"))
    PlainUI(controller, person, out).run()
    text = out.getvalue()
    state = controller.state
    assert state.phase == "over", text[-3000:]
    assert state.propaganda_cards == state.final_propaganda == 2  # 2.4.1 Quick-Play
    assert "Game over:" in text and "Victory margins:" in text
    rounds = [c for c in state.played if CARDS[c].propaganda]
    assert len(rounds) == 2
    # every Round shown to the person as it ran: its heading and Victory phase
    for n in (1, 2):
        assert re.search(rf"Propaganda Round {n} \(#\d+ Propaganda!; Propaganda card {n} "
                         r"of 2\):", text), n
    assert person.prompts < 3000
    assert state.seats[Faction.GOVT] is not None


# ======================================================================================
# the assist screen, through Textual's Pilot
# ======================================================================================
@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_assist_screen_whole_game_every_card_asked_of_the_table(tmp_path):  # 2.3.8, 6.0
    pytest.importorskip("textual")
    import functools

    from tests.pilot import press, run_async, type_in
    from tui.commands.play import new_assist_game
    from tui.screens.assist import (
        AssistApp,
        AssistFormScreen,
        CardScreen,
        EditorScreen,
        TableCheckScreen,
        TurnScreen,
    )

    factory = functools.partial(new_assist_game, "quick", 3, [1, None, None, None])
    controller = Controller(Session(Game.new(), tmp_path / "screen.json"), assist=True)
    app = AssistApp(controller, new_game=factory)
    deck = list(TABLE_DECK)
    asked: list[str] = []  # the card questions, in order
    bot_cards: list[int] = []  # the cards the bots acted on, in order
    headings: list[str] = []  # the history's cards at the end

    @run_async
    async def play() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            for _ in range(400):
                await pilot.pause()
                screen = app.screen
                if isinstance(screen, CardScreen):
                    asked.append(str(screen.prompt))
                    await type_in(pilot, "#card", deck.pop(0))
                elif isinstance(screen, TurnScreen):
                    report = screen.report
                    if report.nonplayer and report.faction is not None:
                        bot_cards.append(app.controller.state.current_card)
                        named = {e["command"].get("card") for e in app.controller.game.log
                                 if e["command"]["type"] in ("Set Next Card",
                                                             "Set Current Card")}
                        card = bot_cards[-1]
                        # issue 24 item 1: the bots act on a card the table named
                        assert card in named or card == app.controller.game.state.played[0]
                    await press(pilot, "enter")
                elif isinstance(screen, AssistFormScreen):
                    phase = app.controller.state.phase
                    await type_in(pilot, "#answer", "pass" if phase == "card" else "record")
                elif isinstance(screen, EditorScreen):
                    await press(pilot, "escape")
                elif isinstance(screen, TableCheckScreen):
                    await press(pilot, "y")
                elif app.controller.is_over():
                    from tui.screens.history_views import HistoryTree

                    tree = app.query_one("#log", HistoryTree)
                    headings.extend(tree.whole(n) for n in tree.root.children)
                    break
                else:
                    await press(pilot, "a")

    play()
    state = app.controller.state
    assert state.phase == "over"
    assert state.propaganda_cards == state.final_propaganda == 2  # 2.4.1 Quick-Play
    played = [str(c) if not CARDS[c].propaganda else "propaganda" for c in state.played]
    assert played == TABLE_DECK[:len(played)]  # every card the table's, none drawn
    assert asked[0].startswith("Set up the table, then: which card is face up?")
    # the first of them also says the game started (5f972a3: in the dialog, not as a
    # notice over its key line at 80x24)
    assert asked[1].startswith("New game on ")
    assert all(a.split("\n")[-1] == "Which card is on top of the deck now?"
               for a in asked[1:])
    assert len(asked) == len(played)
    # issue 24 item 2: each Round a card of the history, the last one too (6.1, 7.2)
    rounds = [c for c in state.played if CARDS[c].propaganda]
    assert [h for h in headings if h.startswith("Propaganda Round")] == [
        f"Propaganda Round {n}: #{c} Propaganda!" for n, c in enumerate(rounds, 1)]
