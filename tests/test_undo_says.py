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
from core.state import ACTIVE_SUPPORT, PASTRANA
from runners.solitaire import new_solitaire
from tests.test_tui_plain import Terminal
from tui.controller import Controller
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
    said = None
    if groups and rng.random() < 0.3:
        position = rng.choice(groups).start
        lines = controller.taken_lines(position)
        controller.session.rewind(position)
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
    if said is not None and not said.startswith("your change of seat"):
        assert said.endswith("Taken back: " + "; ".join(lines) + ".")
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
