"""What a newcomer writing a bot from docs/agents.md alone must be able to count on
(issue 34: "the docs let a newcomer write a bot in a language of their choice without
reading the code"): an agent removed without failing is told why before its input ends,
a batch says when an agent's games were played by its fallback, the agents are named in
the summary, and the docs' tables agree with the code.

Games are Quick-Play games with the heuristic Government, about a second each."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from tui.commands.main import main

ROOT = Path(__file__).resolve().parent.parent
MISBEHAVE = f"{sys.executable} {ROOT / 'tests' / 'agent_scripts' / 'misbehave.py'}"


def transcript(path: Path) -> list[dict]:
    """The messages the engine wrote to a ``misbehave.py record`` agent."""
    return [json.loads(line.split(" ", 1)[1]) for line in
            path.read_text(encoding="utf-8").splitlines() if line.startswith("engine ")]


# ======================================================================================
# an agent removed without failing hears bye (issue 34 item 2: it "is told ... the end")
# ======================================================================================
@pytest.mark.parametrize("change, reason", [
    ("seat AUC me", "a person takes the seat"),
    ("seat AUC bot", "the seat goes to its default player"),
    ("quit", "the game was stopped"),
])
def test_an_agent_removed_without_failing_reads_bye_with_the_reason(
        change: str, reason: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    # The agent is not killed at once as a failed one is: its input ends after the bye
    # (docs/agents.md: always exit on end of input), so it reads why it goes.
    record = tmp_path / "agent.txt"
    monkeypatch.setattr(sys, "stdin", io.StringIO(
        f"seat AUC agent {MISBEHAVE} record {record}\n{change}\nquit\n"))
    main(["play", "--plain", "--scenario", "quick", "--seed", "2",
          "--save", str(tmp_path / "game.json")])
    capsys.readouterr()
    said = transcript(record)
    assert said[0]["type"] == "hello"
    assert said[-1] == {"type": "bye", "reason": reason}
