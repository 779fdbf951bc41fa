"""Two failure lines of an agent in the game's words (issue 42, the researcher's trial
item 5): an agent that never answers hello "never sent ready" (it was told it "gave no
answer", as if asked a question), and a whole command missing a field says which
(Python's "Rally.__init__() missing 1 required positional argument: 'steps'" was
printed as it was)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from agents.connection import AgentError
from agents.seat import AgentPolicy, AgentSeat, missing_words
from core.game import Game
from core.pieces import Faction


def test_an_agent_that_never_sends_ready_is_told_so(tmp_path: Path) -> None:
    quiet = tmp_path / "quiet.py"  # reads hello, then says nothing
    quiet.write_text("import sys, time\nsys.stdin.readline()\ntime.sleep(600)\n")
    game = Game.new("standard", seed=3, seats=[None, 1, 2, None], government_ai="heuristic")
    with pytest.raises(AgentError) as caught:
        AgentSeat(f"{sys.executable} {quiet}", Faction.AUC, 2, game.state,
                  AgentPolicy(timeout=1))
    said = str(caught.value)
    assert "never sent ready (its answer to hello) within 1 seconds" in said, said
    assert "gave no answer" not in said


def test_a_command_missing_a_field_says_which_in_words() -> None:
    # the protocol's whole command (docs/agents.md): {"type": "Operation", "op":
    # {"type": "Rally", ...}} without the Rally's steps
    from core.commands import from_json

    data = {"type": "Operation", "op": {"type": "Rally", "spaces": [3]}, "special": None,
            "special_first": False, "ship": None, "ship_op": None, "transfers": []}
    with pytest.raises(TypeError) as caught:
        from_json(data)
    words = missing_words(caught.value)
    assert words.startswith("the Rally has no 'steps'") and "__init__" not in words
