"""A card the program drew is said drawn, not named by the table (issue 43 item 5,
newcomer trial): after `draw` in assist, `log` showed "Next card: #55 DEA Agents (named
by the table)" though the program drew it, and the rollback's question counted it as
"1 card the table named". The log records who turned it; the history and the rollback
say so."""

from __future__ import annotations

import io

from core.game import Game
from tests.test_tui_assist import args
from tests.test_tui_plain import Terminal
from tui.commands.play import run_assist
from tui.session import Session


def test_a_drawn_card_is_said_drawn_by_the_program(tmp_path):  # 2.2, issue 43 item 5
    path = tmp_path / "t.json"
    out = io.StringIO()
    script = ["58", "55", "4", "y", "draw", "log", "rollback 1", "n", "quit"]
    run_assist(Session(Game.new(seed=17), path), True, args(seed=17),
               Terminal(out, script), out)
    text = out.getvalue()
    log = text.split("> log\n", 1)[1]
    assert "Next card: #55 DEA Agents (named by the table)" in log  # typed in: the table's
    assert "(drawn by the program)" in log.split("Card 2: #55", 1)[1]
    rolling = next(line for line in text.splitlines() if line.startswith("Rolling back"))
    assert "and 1 card the program drew," in rolling and "the table named" not in rolling
