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

from core.game import Game, sequence, serialize
from core.game.editor import SetSeat
from core.pieces import Faction
from tui.commands.main import main
from tui.controller import Controller
from tui.session import Session

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
    # (the Pass ended the card and began Propaganda Round 1: undo says so and asks,
    # issue 43 item 1)
    out = plain("pass\ny\nundo\ny\nquit\n", tmp_path, monkeypatch, capsys,
                "--agent", f"AUC={RANDOM_AGENT}")
    undone, after = out.split("> undo\n", 1)[1].split("> y\n", 1)[1].split("\n", 1)
    assert undone.startswith("Undone") and "AUC (agent" in undone  # said taken back
    assert "FARC, 1st Eligible on #35 Crop Substitution: what do you do?" in after
    assert "AUC (agent" not in after


def test_a_seat_handed_to_the_flowchart_at_its_own_prompt_is_played_by_it_at_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    # 8.1: FARC handed to its section-8 flowchart while FARC's decision is asked: the
    # question is dropped and the flowchart decides (8.7.1), never the person's answer
    # logged as the Non-player's
    out = plain("seat AUC me\nseat FARC bot\nquit\n", tmp_path, monkeypatch, capsys)
    after = out.split("> seat FARC bot", 1)[1].split("\n> ", 1)[0]
    assert "FARC is played from now on by the section-8 flowchart" in after
    assert "FARC (Non-player): Rally" in after
    assert "FARC, 1st Eligible on #35" not in after


def test_a_non_players_command_its_flowchart_does_not_rerun_names_no_exception() -> None:
    # 8.1: a Pass logged for the Non-player FARC that its flowchart (8.7) does not make:
    # the rebuilt account says so in words, no exception's class name (DiceExhausted)
    game = Game.new("standard", seed=3, seats=[None, 1, 2, None], government_ai="heuristic")
    game.apply(SetSeat(int(Faction.FARC), None))
    game.apply(sequence.Pass())
    report = Controller(Session(game)).turns()[-1].report
    assert report.nonplayer and report.note
    assert "Exhausted" not in report.note and "not re-derived" in report.note


def test_an_agent_failing_in_the_line_mode_is_said_in_the_promised_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    # docs/agents.md "Slow, silent, crashed or illegal": one line 'andean: agent failed:
    # ...' saying where the game was saved, not a numbered step of the table's; 8.0: the
    # flowchart takes AUC
    misbehave = f"{sys.executable} {ROOT / 'tests' / 'agent_scripts' / 'misbehave.py'}"
    out = plain("pass\ny\nquit\n", tmp_path, monkeypatch, capsys,
                "--agent", f"AUC={misbehave} crash")
    said = [line for line in out.splitlines() if "agent failed" in line.lower()]
    assert said and said[0].startswith("andean: agent failed: AUC: ")
    assert f"(game saved to {tmp_path / 'game.json'})" in said[0]
    assert not any("Agent failed" in line for line in out.splitlines())


def test_a_resumed_agents_seat_is_said_and_yours_changes_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    # 1.5: agents are not restarted from a save: AUC, its agent's seat, is player 2's,
    # said on load; 'seat FARC me' for the person's own FARC changes and logs nothing
    from tui.commands.play import RESUMED_HOW

    game = Game.new("standard", seed=3, seats=[None, 1, None, None],
                    government_ai="heuristic")
    game.apply(SetSeat(int(Faction.AUC), 2, who=f"agent {RANDOM_AGENT!r}"))
    save = tmp_path / "game.json"
    serialize.save(game, save)
    monkeypatch.setattr(sys, "stdin", io.StringIO("seat FARC me\nquit\n"))
    main(["play", "--plain", "--load", str(save)])
    out = capsys.readouterr().out
    how = RESUMED_HOW.format(seat="AUC")
    assert f"AUC was played by agent {RANDOM_AGENT!r}; agents are not restarted from a " \
        f"save: AUC is now player 2 - {how}, or --agent AUC=COMMAND" in out
    assert "! FARC is already yours" in out
    assert len(serialize.load(save).log) == 1  # only the agent's Set Seat


def test_seat_changes_and_agent_turns_are_told_as_what_they_were(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    # 1.5: a change of seat is the seats', not a board edit of the editor's, and its
    # undo says it undid that; an agent's turn (2.3.3, AUC's Pass) is the agent's
    # choice, live and rebuilt from the save
    out = plain("seat Cartels me\nundo\nseat Cartels me\nseat Cartels bot\npass\ny\n"
                "log\nwhy 5\nquit\n", tmp_path, monkeypatch, capsys,
                "--agent", f"AUC={RANDOM_AGENT}")
    assert "Undone: your change of seat (Cartels is played from now on by a person)." in out
    assert "1. Seats: Cartels is played from now on by a person" in out
    assert "Editor:" not in out
    choice = f"(the choice of agent {RANDOM_AGENT!r}: Pass)"
    assert "5. AUC (agent random" in out and choice in out.split("> why 5")[1]
    monkeypatch.setattr(sys, "stdin", io.StringIO("why 5\nquit\n"))
    main(["play", "--plain", "--load", str(tmp_path / "game.json")])
    resumed = capsys.readouterr().out.split("> why 5")[1]
    assert f"Why AUC (agent {RANDOM_AGENT!r}): Pass:" in resumed and choice in resumed
    assert "a person's decision" not in resumed


def test_undo_of_a_decision_names_it_and_the_turns_after_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    # 2.3.3: FARC's Pass, then Cartels, AUC and the Government: all taken back
    out = plain("pass\ny\nundo\ny\nquit\n", tmp_path, monkeypatch, capsys)
    undone = out.split("> undo\n", 1)[1].split("> y\n", 1)[1].split("\n", 1)[0]
    assert undone.startswith("Undone: back to the start of your last decision. Taken "
                             "back: FARC: Pass; Cartels (Non-player): ")
    # each command taken back named, in the log's order (issue 43)
    # and the Round the Pass began with them (issue 43 item 1: it went unsaid)
    taken, rules = undone.split("Taken back: ")[1].split(". With them, ")
    assert rules.endswith("the start of Propaganda Round 1 (6.1 Victory, 6.2 Sabotage, "
                          "6.3 Resources).")
    assert [x.split(":")[0] for x in taken.split("; ")] == [
        "FARC", "Cartels (Non-player)", "AUC (Non-player)", "Government (the program's AI)"]


def test_failure_lines_quote_the_agents_command_one_way(tmp_path: Path) -> None:
    # issue 34 item 2, "a clear line": a command or tcp:PORT is quoted alike in every
    # failure line, a long one cut as any echoed input is (core.files.shown)
    from agents.connection import AgentError, connect
    from agents.seat import AgentSeat

    missing = str(tmp_path / ("x" * 120))
    with pytest.raises(AgentError) as started:
        connect(missing, 1)
    assert str(started.value).startswith(f"cannot start the agent '{missing[:60]}")
    assert "...': " in str(started.value) and missing not in str(started.value)
    with pytest.raises(AgentError, match="no agent connected to 'tcp:127.0.0.1:0' within"):
        connect("tcp:127.0.0.1:0", 0.01)  # nobody ever connects
    rude = tmp_path / "rude.py"  # answers hello with no ready
    rude.write_text('print(\'{"type": "answer", "id": 0, "option": 0}\', flush=True)\n')
    game = Game.new("standard", seed=3, seats=[None, 1, 2, None], government_ai="heuristic")
    with pytest.raises(AgentError, match=f"^the agent '{sys.executable} .*' (answered hello|"
                       "wrote a bad message)"):
        AgentSeat(f"{sys.executable} {rude}", Faction.AUC, 2, game.state)


def test_the_seat_words_say_who_plays_and_how_to_hand_the_only_seat_over(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    # 1.5: nobody left at the table is refused, saying how to do it all the same; an
    # agent needs its command; 'seats' lists who plays each seat; nothing is logged
    out = plain("seat FARC bot\nseat Cartels agent\nseats\nquit\n", tmp_path,
                monkeypatch, capsys)
    assert "! not allowed (1.5): no person at the table then: FARC is the only seat " \
        "played; take another seat first, or give it to an agent" in out
    assert "! no command given for the agent: seat FACTION agent COMMAND" in out
    listed = out.split("> seats\n", 1)[1].splitlines()[:4]
    assert listed == ["Government (the program's AI): heuristic rules (instant, the weakest)",
                      "FARC: you", "AUC: section-8 flowchart (8.6)",
                      "Cartels: section-8 flowchart (8.5)"]
    assert serialize.load(tmp_path / "game.json").log == []
