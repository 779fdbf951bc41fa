"""The play screen a person reads (issue 24 items 2, 3, 4, 7): one line per turn and who
sat a card out (tui/card_summary.py), the changed spaces marked on the board, `w` on any
turn, the board after a card read only (`b`), the Available Forces (tui/available.py,
also in `andean status`), the victory-check warning before a Propaganda card
(tui/victory_watch.py, also in the hint), a footer listing every key at 80 columns
(tui/screens/keys.py), `ctrl+x` cancelling a form, snapshots at 80x24 and 200x50, and a
whole quick game played through Pilot to its end, through every Propaganda Round."""

from __future__ import annotations

import pytest

pytest.importorskip("textual")

from textual.widgets import DataTable, Static, Tree  # noqa: E402

from core.cards import CARDS  # noqa: E402
from core.game import (
    Game,  # noqa: E402
    sequence,  # noqa: E402
)
from core.pieces import Faction  # noqa: E402
from core.state import K  # noqa: E402
from runners.solitaire import new_solitaire  # noqa: E402
from tests.pilot import answer, fake_hint, press, run_async  # noqa: E402
from tui import card_summary  # noqa: E402
from tui.available import available_dict, available_lines  # noqa: E402
from tui.commands.saves import status_text  # noqa: E402
from tui.controller import Controller  # noqa: E402
from tui.screens import board_table  # noqa: E402
from tui.screens.dialogs import ConfirmScreen, FormScreen, TextScreen  # noqa: E402
from tui.screens.history_views import (  # noqa: E402
    BoardAtScreen,
    CardPickScreen,
    TurnPickScreen,
    board_after,
)
from tui.screens.keys import KeysFooter, key_label, keys_line, short_word  # noqa: E402
from tui.screens.play import PlayApp  # noqa: E402
from tui.session import Session  # noqa: E402
from tui.victory_watch import victory_warning  # noqa: E402

SMALL, LARGE = (80, 24), (200, 50)


def passing_controller(seed: int = 11, cards: int = 2) -> Controller:
    """A solitaire game where the Government Passed ``cards`` times (2.3.3)."""
    c = Controller(Session(new_solitaire("standard", seed=seed)))
    for _ in range(cards):
        while c.nonplayer_to_move():
            c.nonplayer_turn()
        c.apply(sequence.Pass())
    while c.nonplayer_to_move():
        c.nonplayer_turn()
    return c


def before_propaganda(seed: int = 11) -> Controller:
    """The Government to decide with a Propaganda card next (seed 11: on #56, #74 next)."""
    c = Controller(Session(new_solitaire("standard", seed=seed)))
    for _ in range(40):
        while c.nonplayer_to_move():
            c.nonplayer_turn()
        state = c.state
        if state.phase == "card" and state.deck and state.deck[0] == 74:
            return c
        c.apply(sequence.Pass())
    raise AssertionError("no Propaganda card came next")


# ======================================================================================
# the summaries, the notes and the marks (item 2)
# ======================================================================================
def test_each_turn_in_one_line_with_its_spaces():  # 4.1: an Operation and its SA's spaces
    c = passing_controller(cards=1)
    lines = {t.number: card_summary.turn_line(t) for t in c.turns()}
    turns = {t.number: t for t in c.turns()}
    for n, turn in turns.items():
        line = lines[n]
        assert "\n" not in line
        cmd = turn.step.logged["command"]
        if cmd["type"] == "Pass":
            assert ": Pass: " in line
        elif "op" in cmd:
            op = cmd["op"]["type"] if isinstance(cmd["op"], dict) else ""
            assert f"{op} in " in line or " in " in line, line
        elif cmd["type"] == "PlayEvent":
            assert "Event #" in line and ("->" in line or "changed" in line), line
    # seed 11: FARC's Rally + Extort on #10 names the spaces of both
    farc = next(line for line in lines.values() if line.startswith("FARC"))
    assert "Rally in Chocó-Córdoba" in farc and "; Extort in " in farc


def test_who_sat_a_card_out_and_why():  # 2.3.1, 2.3.2, 2.3.7
    c = passing_controller(cards=2)
    groups = c.cards()
    # #10 Blackhawks: AUC and Cartels acted on #50 (Event, Operation)
    notes = card_summary.card_notes(groups[1], groups[0], True)
    assert "AUC: Ineligible: executed the Event on #50 Carabineros (2.3.7)" in notes
    assert "Cartels: Ineligible: executed an Operation on #50 Carabineros (2.3.7)" in notes
    # #50: AUC and Cartels acted first; the Government and FARC were not reached
    first = card_summary.card_notes(groups[0], None, True)
    assert first == ["Govt: Eligible, not reached: two Factions acted first (2.3.2)",
                     "FARC: Eligible, not reached: two Factions acted first (2.3.2)"]
    assert card_summary.card_notes(groups[0], None, False) == []  # not over yet


def test_changed_spaces_are_marked_until_the_person_acts():
    c = passing_controller(cards=1)
    turns = c.turns()
    last_person = max(i for i, t in enumerate(turns) if t.step.person)
    start = Game.replay(c.game.initial, c.game.log[:turns[last_person].step.index + 1])
    changed = {s.id for s in c.state.spaces_in_play()
               if c.state.pieces[s.id * K:(s.id + 1) * K] != start.state.pieces[
                   s.id * K:(s.id + 1) * K]}
    marked = card_summary.marked_spaces(turns)
    assert changed <= marked and marked
    table = board_table.fill("compact", c.state, sorted(marked), marked)
    assert all(row[0].plain.startswith(board_table.MARK) for _, row in table.rows)
    c.apply(sequence.Pass())  # the person acts: the marks go
    assert card_summary.marked_spaces(c.turns()) == set()


# ======================================================================================
# Available Forces and the warning (item 3)
# ======================================================================================
def test_available_forces_everywhere():  # 1.4.1, 4.5.3, 3.3.4
    state = passing_controller(cards=1).state
    data = available_dict(state)
    assert data["Government"]["troops"] == state.available_troops() if hasattr(
        state, "available_troops") else data["Government"]["troops"] >= 0
    assert data["FARC"]["guerrillas"] == state.available_guerrillas(Faction.FARC)
    narrow = available_lines(state, 26)
    assert max(len(line) for line in narrow) <= 26
    assert narrow[0].startswith("Available: G ") and any("Terror/Sabotage 40" in x
                                                         for x in narrow)
    wide = available_lines(state, 80)
    farc = state.available_guerrillas(Faction.FARC)
    assert f"  FARC: {farc} Guerrillas, {state.available_bases(Faction.FARC)} Bases" in wide
    text = status_text(Game(state, None, [], state.clone()))  # type: ignore[arg-type]
    assert "Available Forces:" in text and f"FARC: {farc} Guerrillas" in text


def test_warning_before_a_propaganda_card():  # 6.1, 7.2
    c = before_propaganda()
    state = c.state.clone()
    warning = victory_warning(state)
    assert warning is not None and warning.startswith("#74 Propaganda! is next")
    # FARC over its condition by 2: the check would end the game
    for space in state.spaces_in_play():  # 7.2: Opposition + Bases above 25
        if state.victory_margins()[Faction.FARC] > 0:
            break
        if space.is_populated:
            state.support[space.id] = -2
    margin = state.victory_margins()[Faction.FARC]
    assert margin > 0
    warning = victory_warning(state)
    assert warning == (f"Warning: #74 Propaganda! is next: as the board stands FARC (margin "
                       f"{margin:+d}) would win its victory check (6.1, 7.2) and the game "
                       "would end; a Non-player's win: every player loses (7.1).")
    state.deck = [d for d in state.deck if d != 74]
    assert victory_warning(state) is None  # the next card is an Event card


def test_quick_play_first_round_has_no_check():  # 2.4.2 Quick-Play: no check in Round 1
    state = new_solitaire("quick", seed=3).state
    state.phase = "card"
    state.deck.insert(0, next(c for c in state.deck if c >= 73))
    assert state.skip_victory_on == [1]
    assert "has no victory check" in str(victory_warning(state))


@run_async
async def test_warning_on_screen_and_in_the_hint(monkeypatch):
    fake_hint(monkeypatch, sequence.Pass(), "Pass: Resources are short", [])
    app = PlayApp(before_propaganda(), run_nonplayers=False)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        box = app.query_one("#warning", Static)
        assert box.display and "#74 Propaganda! is next" in str(box.render())
        await pilot.press("h")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert app.screen.preview.intro[0].startswith("#74 Propaganda! is next")


# ======================================================================================
# w, b, the footer, ctrl+x, focus (items 2, 3, 4)
# ======================================================================================
@run_async
async def test_w_shows_an_earlier_turn():
    app = PlayApp(passing_controller(cards=2), run_nonplayers=False)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await press(pilot, "w")
        assert isinstance(app.screen, TurnPickScreen)
        options = app.screen.query_one("#turns")
        assert options.highlighted is not None
        options.highlighted = 1  # turn 1 (under the first card's heading)
        await press(pilot, "enter")
        assert isinstance(app.screen, TextScreen)
        first = app.controller.turns()[0].report
        assert app.screen.title_text == first.heading() and "Why:" in app.screen.lines


@run_async
async def test_w_starts_from_the_turn_under_the_history_cursor():
    app = PlayApp(passing_controller(cards=2), run_nonplayers=False)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        tree = app.query_one("#log", Tree)
        await press(pilot, "l")
        node = next(n for n in tree.root.children[0].children if n.data[0] == "turn")
        tree.move_cursor(node)
        await press(pilot, "w")
        assert app.screen.query_one("#turns").highlighted_option.id == str(node.data[1])


@run_async
async def test_b_shows_the_board_after_a_card_read_only():
    c = passing_controller(cards=2)
    app = PlayApp(c, run_nonplayers=False)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        log = list(c.game.log)
        state = c.state.clone()
        await press(pilot, "b")
        assert isinstance(app.screen, CardPickScreen)
        app.screen.query_one("#cards").highlighted = 0
        await press(pilot, "enter")
        assert isinstance(app.screen, BoardAtScreen)
        group = c.cards()[0]
        then = Game.replay(c.game.initial, c.game.log[:group.turns[-1].step.index + 1]).state
        assert app.screen.state == then != state
        table = app.screen.query_one("#then-board", DataTable)
        assert table.row_count == len(list(then.spaces_in_play()))
        side = str(app.screen.query_one("#then-side", Static).render())
        assert "Available" in side
        await press(pilot, "escape")
        assert c.game.log == log and c.state == state  # nothing rolled back


def test_board_after_replays_to_the_cards_last_command():
    c = passing_controller(cards=1)
    group = c.cards()[0]
    assert board_after(c.game, group) == Game.replay(
        c.game.initial, c.game.log[:group.turns[-1].step.index + 1]).state


def test_footer_at_80_columns_keys_with_their_words_the_rest_on_the_help_page():
    # issue 43 item 5: a key alone ('e n c t') told nothing; the ones left out are on '?'
    line = keys_line(PlayApp.BINDINGS, 78)
    assert len(line) <= 78
    words = line.split(" ")
    for b in PlayApp.BINDINGS:
        if key_label(b) in words:
            assert words[words.index(key_label(b)) + 1] in (short_word(b), "more"), b.key
    for must in ("a act", "u undo", "t text", "m map", "q quit", "? more keys", "w why"):
        assert must in line
    wide = keys_line(PlayApp.BINDINGS, 196)
    assert "t Card texts" in wide and "r Rollback" in wide and "? Help" in wide
    assert all(key_label(b) in wide.split(" ") for b in PlayApp.BINDINGS)


@run_async
async def test_footer_on_screen_at_80_columns():
    app = PlayApp(passing_controller(cards=1), run_nonplayers=False)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        footer = app.query_one(KeysFooter)
        text = str(footer.render())
        assert "q quit" in text and "t text" in text and len(text) <= 78


@run_async
async def test_ctrl_x_cancels_a_form():
    app = PlayApp(passing_controller(cards=1), run_nonplayers=False)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        state = app.controller.state.clone()
        await press(pilot, "a")
        await answer(pilot, "operation")  # a question deep, the answer box focused
        assert isinstance(app.screen, FormScreen)
        await press(pilot, "ctrl+x")
        assert not isinstance(app.screen, FormScreen)
        assert app.controller.state == state


@run_async
async def test_focus_on_the_history_keeps_margins_eligibility_and_card():
    app = PlayApp(passing_controller(cards=1), run_nonplayers=False)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        side = app.query_one("#side", Static)
        before = side.region
        await press(pilot, "l")
        assert app.query_one("#log", Tree).has_focus
        assert side.region == before
        text = str(side.render())
        assert "Margins" in text and "Eligible" in text and "Next:" in text
        card = app.query_one("#card", Static)
        assert card.region.height >= 6  # the current card's text on the main screen
        assert str(card.render()).startswith(f"#{app.controller.state.current_card} ")


# ======================================================================================
# snapshots (item 7)
# ======================================================================================
async def _settle(pilot) -> None:  # type: ignore[no-untyped-def]
    await pilot.pause()


@pytest.mark.parametrize("size", [SMALL, LARGE], ids=lambda s: f"{s[0]}x{s[1]}")
def test_snapshot_summary_available_and_warning(snap_compare, size):
    app = PlayApp(before_propaganda(), run_nonplayers=False)
    assert snap_compare(app, terminal_size=size, run_before=_settle)


@pytest.mark.parametrize("size", [SMALL, LARGE], ids=lambda s: f"{s[0]}x{s[1]}")
def test_snapshot_why_list(snap_compare, size):
    async def why(pilot) -> None:  # type: ignore[no-untyped-def]
        await pilot.pause()
        await press(pilot, "w")

    app = PlayApp(passing_controller(cards=2), run_nonplayers=False)
    assert snap_compare(app, terminal_size=size, run_before=why)


# ======================================================================================
# a whole game (item 7)
# ======================================================================================
async def _decide(pilot, app: PlayApp) -> None:  # type: ignore[no-untyped-def]
    """The Government's decision: Pass on an Event card (2.3.3); in a Propaganda Round
    the least it may do ('done' where offered, else the first option)."""
    await press(pilot, "a")
    for _ in range(40):
        screen = app.screen
        if isinstance(screen, ConfirmScreen):
            await press(pilot, "y")
            return
        if not isinstance(screen, FormScreen):
            return
        q = screen.decision.form.question
        assert q is not None
        labels = [o.label for o in q.options]
        if "Pass" in labels:
            pick = "pass"
        else:
            done = [i for i, o in enumerate(q.options, 1)
                    if o.value is None or "done" in o.aliases or "none" in o.aliases]
            pick = str(done[0] if done else 1)
        await answer(pilot, pick)
    raise AssertionError("the decision did not end")


@run_async
async def test_a_whole_quick_game_through_pilot():  # 2.4 Quick-Play deck, 6.0 every Round
    # a seed on which the person has a decision while each Propaganda card is on top of
    # the deck (on seed 5, since issue 33's section-8 changes, the Non-players play the
    # card before the second Round and the person never sees that warning)
    game = new_solitaire("quick", seed=1)
    app = PlayApp(Controller(Session(game)))
    warned = set()
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        for _ in range(200):
            c = app.controller
            if c.is_over():
                break
            assert c.person_to_move()
            state = c.state
            if state.phase == "card" and state.deck and CARDS[state.deck[0]].propaganda:
                box = app.query_one("#warning", Static)
                assert box.display and f"#{state.deck[0]} " in str(box.render())
                warned.add(state.deck[0])
            await _decide(pilot, app)
        assert app.controller.is_over()
        state = app.controller.state
        titles = [g.title for g in app.controller.cards()]
        # every Round played: the final one ends the game (2.4.1), or a victory check
        reason = str(state.step.get("reason"))
        assert state.propaganda_cards == state.final_propaganda or "victory" in reason
        assert len(warned) == state.propaganda_cards  # each Round announced before
        for n in range(1, state.propaganda_cards):  # (the last may end at its 6.1)
            assert any(t.startswith(f"Propaganda Round {n}:") for t in titles), n
        assert isinstance(app.screen, TextScreen) and app.screen.title_text == "Game over"


def test_plain_mode_warns_and_shows_the_available_forces():  # 6.1, 7.2, 1.4.1
    import io

    from tests.test_tui_plain import Terminal
    from tui.plain.ui import PlainUI

    c = before_propaganda()
    out = io.StringIO()
    PlainUI(c, Terminal(out, ["status"]), out).run()
    text = out.getvalue()
    assert "#74 Propaganda! is next: as the board stands" in text
    assert text.index("#74 Propaganda! is next") < text.index("what do you do?")
    assert "Available Forces:" in text
