"""A turn's one-line summary in the history says what the turn did, not what the
Propaganda Round it set off did (issue 43, newcomer's trial b finding 7): at seed 17 the
AUC's Event #55 DEA Agents ended the card and Round 1 began; its line read "...; Government
Resources 31 -> 61; FARC Resources 8 -> 14; and 3 more", the Round's 6.3 Resources."""

from __future__ import annotations

import random
from pathlib import Path

from core.game.random_play import random_command
from runners.solitaire import new_solitaire
from tui.card_summary import turn_line
from tui.controller import Controller
from tui.session import Session


def up_to_the_first_round(path: Path) -> Controller:
    """Seed 17 played (the Government's decisions random) until Round 1 begins."""
    controller = Controller(Session(new_solitaire("standard", seed=17), path))
    rng = random.Random(0)
    while controller.state.phase == "card" and not controller.game.is_terminal():
        controller.session.run_nonplayers()
        if controller.state.phase != "card" or controller.game.is_terminal():
            break
        controller.session.apply(random_command(controller.state, rng))
    return controller


def event_lines(controller: Controller) -> list[str]:
    return [turn_line(t) for t in controller.turns()
            if any("Propaganda Round" in line for line in t.report.instructions)
            and ": Event #" in turn_line(t)]


def test_an_event_that_ended_the_card_is_summed_up_without_the_round(tmp_path):  # 6.3
    controller = up_to_the_first_round(tmp_path / "g.json")
    lines = event_lines(controller)
    assert lines, [turn_line(t) for t in controller.turns()]
    for line in lines:  # 6.3: the Round's earnings are not the Event's
        assert "Resources" not in line, line
    assert any(line.startswith("AUC (Non-player): Event #55 DEA Agents (shaded): Cali: "
                               "Neutral -> Passive Opposition") for line in lines), lines
    # and the same once resumed from the save (the history rebuilt from the log)
    controller.save()
    assert event_lines(Controller(Session.load(tmp_path / "g.json"))) == lines
