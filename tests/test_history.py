"""One history, from the save (issue 12 item 1): the log panel, `w`, the plain mode's
`log`/`show`/`why`, undo and rollback read the save's command log (Game.log) and nothing
else. The histories of the issue as plain transcripts and Pilot runs: undo then Pass
(the undone turns are gone), a hint then the bot turns (the hint's Train comes first),
a resume then `w`/undo/rollback (the history rebuilt, undo across the resume, rollback to
a card's start with the dice stream as it was)."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from core.game import Game, sequence, serialize
from core.game.board_editor import EditTrack, SetNextCard
from core.pieces import Faction
from nonplayer.government import make_government
from runners.solitaire import new_solitaire
from tests.pilot import answer, fake_hint, press, run_async
from tests.test_tui_plain import TRAIN, Terminal
from tui.controller import Controller
from tui.plain.ui import PlainUI
from tui.session import Session
from tui.turn_log import CardGroup, names_a_card, steps_of, undo_point

GOVT = Faction.GOVT


def plain(controller: Controller, script: list[str]) -> str:
    out = io.StringIO()
    PlainUI(controller, Terminal(out, script), out).run()
    return out.getvalue()


def log_outputs(text: str) -> list[list[str]]:
    """The lines each `log` printed, in order."""
    out = []
    for chunk in text.split("> log\n")[1:]:
        lines = chunk.split("\n")
        end = next(i for i, line in enumerate(lines) if line.startswith("(show N"))
        out.append(lines[:end])
    return out


def turn_lines(log: list[str]) -> list[str]:
    return [line.strip() for line in log if re.match(r"^\s+\d+\. ", line)]


def new_controller(path: Path | None = None, seed: int = 1) -> Controller:
    return Controller(Session(new_solitaire("standard", seed=seed), path))


def play_decisions(controller: Controller, n: int, seed: int = 1) -> None:
    """``n`` Government decisions by the heuristic bot, the Non-players between them."""
    bot = make_government("heuristic", seed)
    for _ in range(n):
        while controller.nonplayer_to_move():
            controller.nonplayer_turn()
        if controller.is_over():
            return
        d = bot.decide(controller.game.clone())
        controller.commit(controller.preview(d.command, chooser=d.chooser))
    while controller.nonplayer_to_move():
        controller.nonplayer_turn()


def accounts(controller: Controller) -> list[tuple]:
    """Each turn as the screens show it: heading, who/flowchart/dice lines (context),
    instructions, reasons and changes."""
    return [(t.number, t.report.heading(), t.report.context, t.report.instructions,
             t.report.why_lines(), t.report.changes) for t in controller.turns()]


# ======================================================================================
# the model: Steps, card headings, undo points, rebuilt accounts
# ======================================================================================
def test_card_heading_names_the_faction_order_and_who_is_ineligible():  # 2.3.1, 2.3.2
    group = CardGroup(1, 26, "card", 0, (Faction.AUC,), [])
    assert group.heading() == "#26 Gramaje — FARC, AUC, Govt, Cartels; AUC Ineligible"
    assert CardGroup(2, 26, "card", 0, (), []).heading() == \
        "#26 Gramaje — FARC, AUC, Govt, Cartels"


def test_history_rebuilt_from_a_save_equals_the_one_played(tmp_path):
    path = tmp_path / "game.json"
    live = new_controller(path)
    play_decisions(live, 12)
    played = accounts(live)
    resumed = Controller(Session.load(path))
    # same turns, who/flowchart/dice lines, instructions, reasons, changes
    assert accounts(resumed) == played
    assert [g.heading() for g in resumed.cards()] == [g.heading() for g in live.cards()]
    assert not any(t.report.note for t in resumed.turns())


def test_a_nonplayer_turn_the_flowchart_would_not_play_says_so(tmp_path):  # 8.1
    game = new_solitaire("standard", seed=1)
    game.apply(sequence.Pass())  # the Government
    assert game.to_move() == Faction.CARTELS
    game.apply(sequence.Pass())  # the Cartels Non-player: its flowchart would Rally
    path = tmp_path / "game.json"
    serialize.save(game, path)
    controller = Controller(Session.load(path))
    cartels = controller.turns()[1].report
    assert cartels.nonplayer and not cartels.reasons
    assert "chooses otherwise" in cartels.note
    assert "could not be rebuilt" in cartels.why_lines()[0]
    text = plain(controller, ["log", "why 2", "quit"])
    assert "(reasons not rebuilt: flowchart path not shown" in text
    assert "Why Cartels (Non-player): Pass:\n  (the reasons could not be rebuilt" in text


def test_undo_point_takes_corrections_made_while_deciding_not_the_named_card():
    game = new_solitaire("standard", seed=1)
    game.apply(SetNextCard(game.state.deck[0]))  # the table names its next card
    game.apply(EditTrack("aid", 12))  # a correction while the Government decides
    game.apply(sequence.Pass())  # the decision
    steps = steps_of(game)
    assert [s.kind for s in steps] == ["card", "correction", "command"]
    assert all(s.person for s in steps)
    assert undo_point(steps) == 1  # before the correction, the named card stays
    assert undo_point(steps[:1]) == 0
    assert undo_point([]) is None


def test_undo_works_back_across_a_resume(tmp_path):
    path = tmp_path / "game.json"
    live = new_controller(path)
    play_decisions(live, 3)
    steps = live.session.steps
    govt = [s.index for s in steps if s.faction == GOVT]
    resumed = Session.load(path)
    assert resumed.undo()
    assert len(resumed.game.log) == govt[-1]  # before the Government's last decision
    assert resumed.game.state == Game.replay(resumed.game.initial,
                                             live.game.log[:govt[-1]]).state
    assert resumed.undo() and len(resumed.game.log) == govt[-2]
    assert serialize.load(path).state == resumed.game.state  # the autosave follows


def test_rollback_returns_to_a_cards_start_with_the_dice_stream():  # 2.3.8
    controller = new_controller()
    play_decisions(controller, 6)
    original = list(controller.game.log)
    group = next(g for g in controller.cards()[1:] if not g.turns[0].step.person)
    controller.rollback(group)
    game = controller.game
    assert len(game.log) == group.start
    assert game.state.current_card == group.card
    assert game.state.rng_counter == original[group.start - 1]["rng_after"]
    # the Non-players of that card act again exactly as before: same dice, same commands
    while controller.nonplayer_to_move():
        controller.nonplayer_turn()
    redone = controller.game.log[group.start:]
    assert redone and redone == original[group.start:group.start + len(redone)]


# ======================================================================================
# plain mode
# ======================================================================================
def test_plain_undo_then_pass_leaves_no_undone_turn_in_the_log():
    controller = new_controller()
    text = plain(controller, [*TRAIN, "log", "undo", "pass", "y", "log", "quit"])
    before, after = log_outputs(text)
    assert "1. Government: Train" in turn_lines(before)
    turns = turn_lines(after)
    assert not any("Train" in t for t in turns)  # undone: gone
    assert turns[0] == "1. Government: Pass"
    assert [int(t.split(".")[0]) for t in turns] == list(range(1, len(turns) + 1))
    assert len(turns) == len(controller.game.log)
    assert after[0] == "Card 1: #18 NSPD-18 — Govt, Cartels, AUC, FARC"


def test_plain_resume_then_log_why_undo_and_rollback(tmp_path):
    path = tmp_path / "game.json"
    first = new_controller(path)
    text = plain(first, [*TRAIN, "pass", "y", "log", "quit"])
    played_log = log_outputs(text)[-1]
    played = list(first.game.log)
    govt = [i for i, e in enumerate(played) if e["faction"] == "Government"]
    assert len(govt) == 2
    resumed = Controller(Session.load(path))
    text = plain(resumed, ["log", "why", "undo", "log", "rollback 2", "no", "rollback 2",
                           "yes", "log", "quit"])
    logs = log_outputs(text)
    assert logs[0] == played_log  # the same history, rebuilt from the save
    why = text.split("> why\n")[1].split("\n> ")[0]
    assert why.startswith("Why ") and "(8.1)" in why  # the flowchart's reasons
    assert "Undone: back to the start of your last decision." in text
    assert not any("Pass" in t and "Government" in t for t in turn_lines(logs[1]))
    assert "Nothing changed." in text
    assert "Rolled back to the start of #7 7th Special Forces." in text
    again = text.split("Rolled back to the start of #7 7th Special Forces.")[1]
    assert again.index("AUC (Non-player): Rally + Extort") < again.index(
        "FARC (Non-player): Event #7")
    # after the rollback the Non-players of #7 played again, with the same dice
    game = resumed.game
    assert game.log == played[:govt[1]]
    assert serialize.load(path).state == game.state


# ======================================================================================
# the Textual app
# ======================================================================================
textual = pytest.importorskip("textual")

from textual.widgets import Tree  # noqa: E402

from tui.screens.dialogs import ConfirmScreen, RollbackScreen, TextScreen, YesNoScreen  # noqa: E402
from tui.screens.history_views import HistoryTree  # noqa: E402
from tui.screens.play import PlayApp  # noqa: E402


def panel(app: PlayApp) -> list[str]:
    """The history panel's lines, card headings flush left, turns indented: each line
    whole, however the panel wrapped it (HistoryTree)."""
    tree = app.query_one("#log", HistoryTree)
    out: list[str] = []

    def walk(node, depth: int) -> None:  # type: ignore[no-untyped-def]
        for child in tree.lines(node):
            out.append("  " * depth + tree.whole(child))
            if depth == 0:
                walk(child, depth + 1)

    walk(tree.root, 0)
    return out


def newest_in_view(app: PlayApp) -> bool:
    tree = app.query_one("#log", Tree)
    node = tree.cursor_node
    turns = [c for g in tree.root.children for c in g.children if c.data[0] == "turn"]
    top = tree.scroll_offset.y
    height = tree.scrollable_content_region.height
    return node is turns[-1] and top <= tree.cursor_line < top + height


@pytest.mark.parametrize("size", [(80, 24), (200, 50)])
@run_async
async def test_app_undo_then_pass_leaves_no_undone_turn_in_the_panel(size):
    app = PlayApp(new_controller())
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await press(pilot, "a")
        await answer(pilot, *TRAIN[:-1])
        await press(pilot, "y")
        assert any(x.startswith("  1. Government: Train in Bogot") for x in panel(app))
        await press(pilot, "u")
        assert panel(app) == []  # the Government was first: nothing left
        await press(pilot, "a")
        await answer(pilot, "pass")
        await press(pilot, "y")
        await pilot.pause()
        lines = panel(app)
        assert not any("Train" in line for line in lines)
        assert lines[0] == "#18 NSPD-18 — Govt, Cartels, AUC, FARC"
        assert lines[1] == "  1. Government: Pass: +3 Resources (2.3.3)"
        assert len([x for x in lines if x.startswith("  ")]) == len(app.controller.game.log)
        assert newest_in_view(app)  # scrolled to the newest turn


@run_async
async def test_app_hint_applied_train_comes_before_the_bot_turns(monkeypatch):
    controller = new_controller()
    decision = controller.decision()
    for text in TRAIN[:-1]:
        decision.form.answer_text(text)
    train = decision.form.result
    fake_hint(monkeypatch, train, "Train in Bogotá", ["search: 3 lines"])
    app = PlayApp(controller)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("h")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await press(pilot, "y")
        await pilot.pause()
        turns = [x.strip() for x in panel(app) if x.startswith("  ") and x[2:4] != "- "]
        assert turns[0].startswith("1. Government: Train in Bogot")
        assert len(turns) >= 3 and all("(Non-player)" in t for t in turns[1:])
        assert [t.split(".")[0] for t in turns] == [str(i) for i in range(1, len(turns) + 1)]
        # the hint's explanation is not part of the Train's account
        assert "Train in Bogotá" not in controller.turns()[0].report.instructions
        assert newest_in_view(app)


@run_async
async def test_app_resume_then_why_undo_and_rollback(tmp_path):
    path = tmp_path / "game.json"
    first = new_controller(path)
    plain(first, [*TRAIN, "pass", "y", "quit"])
    played = list(first.game.log)
    govt = [i for i, e in enumerate(played) if e["faction"] == "Government"]
    app = PlayApp(Controller(Session.load(path)), run_nonplayers=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        lines = panel(app)
        assert lines[0] == "#18 NSPD-18 — Govt, Cartels, AUC, FARC"
        assert any(x.startswith("  1. Government: Train in Bogot") for x in lines)
        assert len([x for x in lines if x.startswith("  ") and x[2:4] != "- "]) \
            == len(played)
        assert newest_in_view(app)
        await press(pilot, "w")  # the turns listed, the last Non-player's highlighted
        await press(pilot, "enter")
        assert isinstance(app.screen, TextScreen)
        assert "(Non-player)" in app.screen.title_text
        why = app.screen.lines[app.screen.lines.index("Why:") + 1:]
        assert why and any("(8.1)" in line for line in why)
        await pilot.press("escape")
        await press(pilot, "u")
        assert app.controller.game.log == played[:govt[1]]
        assert not any("Pass" in x and "Government" in x for x in panel(app))
        await press(pilot, "r")
        assert isinstance(app.screen, RollbackScreen)  # on the newest card, #7
        await press(pilot, "enter")
        assert isinstance(app.screen, YesNoScreen)
        assert "#7 7th Special Forces" in app.screen.title_text
        # issue 43: "discards 2 commands ... the dice return to where they were"
        assert any("takes back 2 turns" in line for line in app.screen.lines)
        assert not any("discards" in line or "dice return" in line
                       for line in app.screen.lines)
        await pilot.press("enter")  # No has the focus: nothing is discarded
        await pilot.pause()
        assert app.controller.game.log == played[:govt[1]]
        await press(pilot, "r")
        await press(pilot, "enter")
        await press(pilot, "y")
        start = played.index(app.controller.game.log[-1]) + 1
        assert start == govt[1] - 2  # back to the start of #7: the AUC to move
        assert app.controller.state.current_card == 7
        assert not any("7th Special" in line for line in panel(app))
        assert serialize.load(path).state == app.controller.state  # autosaved
        # its Non-players play again as they did: the dice stream came back too
        app.controller.nonplayer_turn()
        app.controller.nonplayer_turn()
        assert app.controller.game.log == played[:govt[1]]


@run_async
async def test_assist_rollback_keeps_the_tables_next_card():  # 2.3.8
    from tests.test_tui_assist_app import (
        AssistApp,
        CardScreen,
        controller_for,
        recorded,
        table_game,
        through_turns,
        type_in,
    )

    app = AssistApp(controller_for(table_game(), manual=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "a")
        await type_in(pilot, "#answer", "record op")
        await recorded(pilot)  # the editor (nothing to change), then the table check
        await through_turns(pilot, "41", "42")
        played = list(app.controller.game.log)
        groups = app.controller.cards()
        assert [g.card for g in groups] == [12, 40, 41]
        await press(pilot, "r")
        await pilot.press("up")  # from #41 to #40
        await press(pilot, "enter")
        assert isinstance(app.screen, YesNoScreen)
        assert any("on the table" in line for line in app.screen.lines)
        await press(pilot, "y")
        await pilot.pause()
        game = app.controller.game
        # the card the table named on top as #40 began stays named: the steps said to
        # put it back on top, so it is not asked for again (issue 43 item 5); the
        # Non-players play on from there
        kept = groups[1].start + 1
        assert game.log[:kept] == played[:kept]
        assert names_a_card(game.log[kept - 1]) and game.log[kept] is not played[kept]
        assert not isinstance(app.screen, CardScreen)
        headings = [line for line in panel(app) if not line.startswith("  ")]
        assert headings[0] == "#12 Plan Colombia — Govt, AUC, Cartels, FARC"
        assert headings[1].startswith("#40 Demobilization") and len(headings) == 2


# ======================================================================================
# the reasons rebuilt from a save quote the dice the log holds
# ======================================================================================
def test_rebuilt_reasons_quote_the_dice_typed_in_at_the_table(tmp_path):  # 8.2
    """A Non-player's random spaces (8.2) rolled with dice typed in at the table: the
    save logs them as the decision's dice (``decision_rolls``); the reasons rebuilt on
    resume run the flowchart with those dice, not the seeded stream nor the command's
    own rolls, so they quote the dice the table rolled."""
    import itertools

    from core.dice import AskDice
    from nonplayer.turn import take_turn

    typed = itertools.cycle([6, 5, 4, 3, 2, 1, 1, 2])
    dice = AskDice(lambda purpose: next(typed))
    game = new_solitaire("standard", seed=1)
    while len(game.log) < 8:
        faction = game.to_move()
        assert faction is not None
        if game.state.seats[faction] is not None:
            game.apply(sequence.Pass())
        else:
            take_turn(game, dice, stop_after_turn=False)
    path = tmp_path / "game.json"
    serialize.save(game, path)
    turns = Controller(Session.load(path)).turns()
    checked = 0
    for turn, entry in zip(turns, game.log, strict=True):
        rolled = [v for p, v in entry.get("decision_rolls", []) if p.startswith("red die")]
        if not rolled or not turn.report.nonplayer:
            continue
        values = [v for _, v in entry["decision_rolls"][:3]]
        quoted = "(red {}, yellow {}, green {}".format(*values)
        assert any(quoted in line for line in turn.report.reasons), (quoted, turn.report)
        checked += 1
    assert checked >= 3  # AUC, FARC, AUC Rally random spaces in the first cards


@pytest.mark.parametrize("size", [(80, 24), (200, 50)])
@run_async
async def test_app_unfolded_turn_starts_with_who_flowchart_and_dice(size):
    """A turn unfolded in the history panel reads as `w` and the plain mode's `show`
    do: who acts and why (card, position, flowchart nodes), then the numbered
    instructions, the dice (folded below them, issue 43), then the reasons (issue 12
    item 3)."""
    controller = new_controller()
    app = PlayApp(controller)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await press(pilot, "a")
        await answer(pilot, "pass")
        await press(pilot, "y")
        await pilot.pause()
        tree = app.query_one("#log", HistoryTree)
        turns = [c for g in tree.root.children for c in g.children if c.data[0] == "turn"]
        bot = next(t for t in turns if "(Non-player)" in str(t.label))
        number = bot.data[1]
        report = controller.turns()[number - 1].report
        bot.expand()
        await pilot.pause()
        leaves = [tree.whole(c) for c in tree.lines(bot)]
        context = [line.strip() for line in report.lines()[1:]]
        assert context[0].startswith("Who: ") and context[1].startswith("Flowchart: ")
        assert leaves[:len(context)] == context  # as `w` shows them, in order
        assert leaves[len(context)] == "Why:"
        # the person's Pass: who decided it, and its dice (none)
        govt = [tree.whole(c) for c in tree.lines(turns[0])]
        # (issue 43: the dice fold below the steps)
        assert govt[0].startswith("Who: Government") and govt[-1] == "Dice: none rolled"
        await press(pilot, "w")  # the same lines under the turn's heading, said once
        await press(pilot, "enter")
        assert app.screen.lines[0].startswith("Who: ")
        assert app.screen.title_text not in app.screen.lines


def test_instructions_say_how_to_move_the_edge_track_markers():  # 1.9, 6.4
    """A turn's instructions are things to do at the table: the totals on the edge
    track read 'Move the Opposition + Bases marker to 21 (was 20)', not the bare change."""
    from tui.controller import instructions

    game = new_solitaire("standard", seed=1)
    before = game.state.clone()
    after = before.clone()
    from core.map import MAP
    from core.state import ACTIVE_OPPOSITION, ACTIVE_SUPPORT

    city = next(s.id for s in MAP if s.pop > 0 and before.support[s.id] == ACTIVE_SUPPORT)
    after.support[city] = ACTIVE_OPPOSITION  # both totals move
    after.president = (before.president + 1) % 3
    lines = instructions(sequence.Pass(), [], before, after)
    changed = [x for x in lines if "Opposition + Bases" in x or "Total Support" in x]
    assert len(changed) == 2
    assert all(x.startswith("Move the ") and " marker to " in x for x in changed)
    assert any(x.startswith("Set El Presidente to ") for x in lines)
    assert not any(" -> " in x for x in lines)


def test_plain_asks_again_after_a_global_command():
    """After `log`, `help` or a declined suggestion, the line before the next answer is
    the question again, naming who is asked (issue 12: every prompt names the acting
    Faction), not a bare '>' under the log."""
    text = plain(new_controller(), ["log", "help", "tracks", "quit"])
    for word in ("log", "help", "tracks"):
        after = text.split(f"> {word}\n", 1)[1].split("\n> ", 1)[0].splitlines()
        assert after[-1].startswith("Government, 1st Eligible on #18 NSPD-18: what do you do?")


def test_assist_side_panel_shows_no_card_of_the_programs_own_deck():  # 2.3.8, 2.4
    """The tabletop assistant's deck is the table's: until the table names the card on
    top, the panel and plain 'tracks' say so instead of the program's own deck card,
    and never count cards to a Propaganda card it cannot know."""
    from core.cards import CARDS
    from tests.test_tui_assist_app import AssistApp, controller_for, table_game

    controller = controller_for(table_game(12, None), manual=False)
    deck_top = controller.state.deck[0]
    for lines in (AssistApp(controller).side_lines(),
                  plain_assist_tracks(controller)):
        text = "\n".join(lines)
        assert "not named yet" in text  # the next card (Next: not named yet)
        assert CARDS[deck_top].title not in text
        assert "before the next Propaganda card" not in text and "next in" not in text
    named = controller_for(table_game(12, 40), manual=False)
    assert "#40 Demobilization" in "\n".join(AssistApp(named).side_lines())
    # play keeps the program's deck: the next card is face up on it (2.2), but the deck
    # is face down (Deck Preparation): no count to the next Propaganda card (issue 43)
    solo = "\n".join(PlayApp(new_controller()).side_lines())
    assert "Propaganda 0/4" in solo and "next in" not in solo


def plain_assist_tracks(controller: Controller) -> list[str]:
    out = io.StringIO()
    ui = PlainUI(controller, Terminal(out, []), out, assist=True)
    ui.global_command("tracks")
    return out.getvalue().splitlines()
