"""What a new user found changing seats mid-game and playing beside agents (issue 34
item 3, the newcomer's second report): undo goes back to the person's own decision past
the agents' turns, a seat handed to the flowchart at its own prompt is played by it at
once, an agent's failure is said when it happens.

Games are standard games with the heuristic Government and the random example agent, a
few seconds each."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from tui.commands.main import main

ROOT = Path(__file__).resolve().parent.parent
RANDOM_AGENT = f"{sys.executable} {ROOT / 'examples' / 'random_agent.py'}"


def plain(script: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
          capsys: pytest.CaptureFixture[str], *extra: str) -> str:
    """``andean play --plain`` as FARC against the heuristic Government (seed 3), fed
    ``script``; what it printed."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(script))
    main(["play", "--plain", "--as", "FARC", "--govt", "heuristic", "--seed", "3", "--new",
          "--save", str(tmp_path / "game.json"), *extra])
    return capsys.readouterr().out


def test_undo_goes_back_past_an_agents_turn_to_the_persons_decision(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    # 2.3.3: FARC Passes on #35; Cartels, AUC's agent and the Government follow; undo
    # takes back FARC's Pass with the turns after it, as it does a Non-player's, and the
    # agent is not asked again before FARC decides anew
    out = plain("pass\ny\nundo\nquit\n", tmp_path, monkeypatch, capsys,
                "--agent", f"AUC={RANDOM_AGENT}")
    after = out.split("> undo", 1)[1]
    assert "Undone" in after
    assert "FARC, 1st Eligible on #35 Crop Substitution: what do you do?" in after
    assert "AUC (agent" not in after
