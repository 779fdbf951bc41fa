"""Undo takes back what it says (issue 43 item 1): the reproduction in the line mode and
on the screen (Pilot, 80x24), and a property test over many seeded games with random
undos and rollbacks, in play and in assist: the commands a summary names are exactly the
commands removed from the log."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest

from core.game.board_editor import EditTrack
from core.game.random_play import random_command
from core.map import MAP
from core.rules.propaganda import rounds_held
from core.state import ACTIVE_SUPPORT, PASTRANA
from runners.solitaire import new_solitaire
from tests.test_tui_plain import Terminal
from tui.controller import Controller, mine_of
from tui.plain.ui import PlainUI
from tui.session import Session
from tui.turn_log import naming_line

#: seed 23: Event #14 unshaded in Huila-Tolima; Round 1: Civic Action 2 steps in Cali;
#: FARC Zone in Meta West; (AUC's Elite Backing); then at the Redeploy prompt, undo
REPRO = ["1", "7", "y", "2", "2", "y", "1", "y"]


def plain(script: list[str], path: Path | None = None) -> tuple[Controller, str]:
    controller = Controller(Session(new_solitaire("standard", seed=23), path))
    out = io.StringIO()
    PlainUI(controller, Terminal(out, script), out).run()
    return controller, out.getvalue()


def check_back_at_the_farc_zone(controller: Controller) -> None:
    # 6.4.4: the FARC Zone was the Government's last decision; the Civic Action before it
    # (6.4.1, Cali to Active Support) and the Election it set off (6.4.2) stay
    state = controller.state
    assert [e["command"]["type"] for e in controller.game.log] == [
        "Event", "Operation", "Civic Action"]
    assert state.step["phase"] == "FARC Zone"
    assert state.support[MAP.id_of("Cali")] == ACTIVE_SUPPORT
    assert state.resources[0] == 64 and state.president == PASTRANA


def test_plain_undo_at_the_redeploy_takes_back_the_farc_zone_only():  # 6.4.4
    controller, text = plain([*REPRO, "undo", "quit"])
    undone = text.split("> undo\n", 1)[1].split("\n", 1)[0]
    assert undone == ("Undone: back to the start of your last decision. Taken back: "
                      "Government: Place FARC Zone; AUC (Non-player): Elite Backing.")
    assert "Government — Place the FARC Zone in which Department" in text.split(undone)[1]
    check_back_at_the_farc_zone(controller)


def test_screen_u_at_the_redeploy_takes_back_the_farc_zone_only(tmp_path):  # 6.4.4
    pytest.importorskip("textual")
    from tests.pilot import press, run_async
    from tui.screens.play import PlayApp

    path = tmp_path / "game.json"
    plain([*REPRO, "quit"], path)  # saved at the Redeploy prompt
    app = PlayApp(Controller(Session.load(path)))

    @run_async
    async def go() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert app.controller.state.step["phase"] == "Redeploy"
            await press(pilot, "u")
            said = [str(n.message) for n in app._notifications][-1]
            assert said == ("Undone: back to the start of your last decision. Taken back: "
                            "Government: Place FARC Zone; AUC (Non-player): Elite Backing.")
            check_back_at_the_farc_zone(app.controller)

    go()


# ======================================================================================
# the property: said == removed, in play and in assist
# ======================================================================================
def taken_back_as_said(controller: Controller, rng: random.Random) -> int:
    """One random undo or rollback of ``controller``'s game, checked: the summary's
    lines, made before acting, name one for one (as the history names them) the
    commands that then left the log, and only the log's end left. Returns how many."""
    log = list(controller.game.log)
    named = {id(t.step.logged): t for t in controller.turns()}
    groups = controller.cards()
    rounds = rounds_held(controller.state)
    said = None
    if groups and rng.random() < 0.3:
        group = rng.choice(groups)
        position = controller.rollback_point(group)
        lines = controller.taken_lines(position)
        said = controller.rollback_said(group)
        controller.rollback(group)
    else:
        plan = controller.undo_plan()
        if plan is None:
            return 0
        said = controller.undo_said(plan)
        lines = controller.taken_lines(plan.point)
        assert controller.undo(plan)
    now = controller.game.log
    assert all(a is b for a, b in zip(now, log, strict=False))  # only the end went
    removed = [named[id(e)] for e in log[len(now):]]
    assert lines == [naming_line(t) if t.naming else t.report.heading() for t in removed]
    assert said is not None
    if "Taken back: " in said:  # an undo: the commands named one for one
        assert ("Taken back: " + "; ".join(lines) + ".") in said
    else:  # a rollback: counted, a card the table named no person's decision (issue 43)
        turns = [t for t in removed if not t.naming]
        mine = sum(1 for t in turns if t.step.person)
        assert f"takes back {len(turns)} turn" in said
        assert f"takes back {len(turns)} turn{'s' if len(turns) != 1 else ''}" + (
            mine_of(len(turns), mine)) in said
        assert " 1 turn, 1 of them" not in said  # one turn: whose it was
    # 6.0: every Propaganda Round whose start is taken back is said (issue 43 item 1:
    # an undo took back the Round's 6.1-6.3 phases saying only the commands)
    for round_ in range(rounds_held(controller.state) + 1, rounds + 1):
        assert f"the start of Propaganda Round {round_} (6.1 Victory" in said, said
    return len(removed)


def random_person_turns(controller: Controller, rng: random.Random, n: int) -> None:
    """``n`` random decisions of the person (each after the Non-players' turns); at
    the table, the card on top of its deck named when it must be, and now and then a
    board correction made while deciding."""
    for _ in range(n):
        controller.session.run_nonplayers()
        if controller.game.is_terminal():
            return
        if controller.assist and controller.card_to_name() is not None:
            controller.draw_card(controller.card_to_name() or "next")
            continue
        if controller.to_move() is None:
            return
        if rng.random() < 0.2:
            controller.apply(EditTrack("aid", rng.randint(0, 20)))
        controller.session.apply(random_command(controller.state, rng))


def check_many(controller: Controller, rng: random.Random, rounds: int) -> None:
    removed = 0
    for _ in range(rounds):
        random_person_turns(controller, rng, rng.randint(1, 6))
        removed += taken_back_as_said(controller, rng)
    assert removed


@pytest.mark.parametrize("seed", range(10))
def test_undo_and_rollback_take_back_what_they_say_in_play(seed):
    rng = random.Random(seed)
    check_many(Controller(Session(new_solitaire("standard", seed=seed))), rng, 8)


@pytest.mark.parametrize("seed", range(6))
def test_undo_and_rollback_take_back_what_they_say_in_assist(seed):
    from tui.commands.play import new_assist_game

    rng = random.Random(100 + seed)
    game = new_assist_game("standard", seed, [1, None, None, None], 12)
    check_many(Controller(Session(game), assist=True), rng, 6)


# ======================================================================================
# the rules take it further: said before acting (issue 43 item 1)
# ======================================================================================
#: seed 23: Event #14 unshaded; its card ends and Propaganda Round 1 begins (6.1
#: Victory, 6.2 Sabotage, 6.3 Resources came with that turn): undo at Civic Action
ROUND_BEGUN = ["1", "7", "y"]
ROUND_SAID = "the start of Propaganda Round 1 (6.1 Victory, 6.2 Sabotage, 6.3 Resources)"


def test_plain_undo_says_the_rounds_phases_it_takes_back_and_asks_first():  # 6.0, 6.1-6.3
    # the newcomer's trial: undo at the first decision of a Round took back the Round's
    # 6.1-6.3 phases (Resources 70 back to 40) saying only the commands, and at once
    controller, text = plain([*ROUND_BEGUN, "undo", "n", "undo", "y", "quit"])
    first = text.split("> undo\n", 1)[1]
    asked, refused = first.split("> n\n", 1)
    assert asked.startswith("Undo: back to the start of your last decision. Taken back: "
                            "Government: Event #14 Tres Esquinas (unshaded)")
    assert ROUND_SAID in asked and "Undo the last decision?" in asked
    assert refused.startswith("Nothing changed.")
    undone = text.split("> y\n")[-1].split("\n", 1)[0]
    assert undone.startswith("Undone: ") and ROUND_SAID in undone
    assert controller.game.log == [] and controller.state.phase == "card"
    assert controller.state.resources[0] == 40  # 6.3 taken back, as said


def test_plain_rollback_to_a_round_says_where_it_lands():  # 6.1-6.3
    # "Rolled back to the start of Propaganda Round 1" landed after 6.3: now it says so
    controller, text = plain([*ROUND_BEGUN, "2", "2", "y", "rollback 2", "y", "quit"])
    assert "Rolled back to Propaganda Round 1: #75 Propaganda!, after its 6.1 Victory, " \
        "6.2 Sabotage, 6.3 Resources (they came with the last turn of the card before " \
        "and stay done)." in text
    assert controller.state.phase == "propaganda" and controller.state.resources[0] == 70


def test_screen_u_says_the_rounds_phases_it_takes_back_and_asks_first(tmp_path):  # 6.0
    pytest.importorskip("textual")
    from tests.pilot import press, run_async
    from tui.screens.dialogs import YesNoScreen
    from tui.screens.play import PlayApp

    path = tmp_path / "game.json"
    plain([*ROUND_BEGUN, "quit"], path)  # saved at the Round's Civic Action
    app = PlayApp(Controller(Session.load(path)))

    @run_async
    async def go() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            log = len(app.controller.game.log)
            await press(pilot, "u")
            assert isinstance(app.screen, YesNoScreen)  # asked before acting
            assert ROUND_SAID in " ".join(app.screen.lines)
            await press(pilot, "n")
            assert len(app.controller.game.log) == log  # nothing undone
            await press(pilot, "u", "y")
            said = [str(n.message) for n in app._notifications][-1]
            assert said.startswith("Undone: ") and ROUND_SAID in said
            assert app.controller.game.log == []

    go()


def test_assist_undo_of_a_redeploy_puts_the_set_aside_card_back(tmp_path):  # 6.0
    # a second Propaganda card in a row (#76) was set aside after the Round; undoing
    # the Redeploy took the table back to the Round but never said to put #76 back on
    # the deck as the next card
    from core.game import Game
    from tests.test_tui_assist import args
    from tui.commands.play import run_assist

    script = ["12", "30", "1", "yes", "propaganda", "propaganda", "1", "2", "2", "yes",
              "1", "1", "yes", "undo", "yes", "quit"]
    out = io.StringIO()
    session = Session(Game.new(), tmp_path / "t.json")
    run_assist(session, True, args(seed=17, dice="auto"), Terminal(out, script), out)
    undo = out.getvalue().split("> undo\n", 1)[1] if "> undo\n" in out.getvalue() \
        else out.getvalue()[out.getvalue().rindex("Undo: "):]
    assert "Government: Redeploy" in undo
    assert "then #76 Propaganda!: #76 Propaganda! is the next card again" \
        in undo
    # and the Round's Reset and the set-aside card, which came with it, are said
    assert "Propaganda Round 1: 6.6 Reset" in undo and "6.0 Propaganda card" in undo
    assert session.game.state.current_card == 73 and session.game.state.deck[0] == 76
