"""What a newcomer writing a bot from docs/agents.md alone must be able to count on
(issue 34: "the docs let a newcomer write a bot in a language of their choice without
reading the code"): an agent removed without failing is told why before its input ends,
a batch says when an agent's games were played by its fallback, the agents are named in
the summary, and the docs' tables agree with the code.

Games are Quick-Play games with the heuristic Government, about a second each."""

from __future__ import annotations

import csv
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


# ======================================================================================
# a batch says which games an agent fell back in (issue 34 item 3: "a bot is measured
# against the baselines on the same seeds": a game the flowchart finished is not the bot's)
# ======================================================================================
def batch(out: Path, *extra: str, games: int = 2) -> tuple[int, str]:
    code = main(["batch", "--games", str(games), "--scenario", "quick", "--govt",
                 "heuristic", "--out", str(out), *extra])
    return code, out.name


def test_a_batch_records_and_counts_the_games_an_agent_fell_back_in(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # 8.0: the crashed FARC agent's seat goes to the section-8 flowchart in every game;
    # the row, the summary, the printed lines and the report page all say so
    from runners.games import read_csv

    out = tmp_path / "run"
    report = tmp_path / "report.html"
    code, _ = batch(out, "--agent", f"FARC={MISBEHAVE} crash", "--report", str(report))
    printed = capsys.readouterr().out
    assert code == 0
    rows = read_csv(out / "games.csv")
    assert len(rows) == 2 and all(not r.error for r in rows)
    for r in rows:  # who fell back, when, why and where the game was saved
        assert r.fallback.startswith("FARC at card ")
        assert "closed its output" in r.fallback and "section-8 flowchart" in r.fallback
        assert f"agent-failure-seed{r.seed}.json" in r.fallback
    summary = json.loads((out / "summary.json").read_text())
    assert summary["agent_fallbacks"] == 2 and summary["errors"] == 0
    assert "An agent fell back in 2 of 2 games" in printed
    assert "--agent-fallback stop counts them as errors" in printed
    assert "An agent fell back in 2 of 2 games" in report.read_text()


def test_a_batch_without_fallbacks_says_nothing_of_them(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _ = batch(tmp_path / "run", games=1)
    printed = capsys.readouterr().out
    assert code == 0 and "fell back" not in printed
    assert json.loads((tmp_path / "run" / "summary.json").read_text())["agent_fallbacks"] == 0


def test_a_games_csv_written_before_the_fallback_column_is_read_and_resumed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # an older run's games.csv (no fallback column) still reads, and --resume appends
    # to it under today's header
    from runners.games import CSV_FIELDS, OLD_CSV_FIELDS, game_seeds, read_csv

    out = tmp_path / "run"
    assert batch(out)[0] == 0
    path = out / "games.csv"
    rows = path.read_text(encoding="utf-8").splitlines()
    assert rows[0] == ",".join(CSV_FIELDS)
    # the first game only, as an older version wrote it (a run stopped after a game)
    old = [",".join(OLD_CSV_FIELDS), rows[1].removesuffix(",")]
    path.write_text("\n".join(old) + "\n", encoding="utf-8")
    (out / "summary.json").unlink()
    assert [r.fallback for r in read_csv(path)] == [""]
    assert batch(out, "--resume")[0] == 0
    capsys.readouterr()
    assert path.read_text(encoding="utf-8").splitlines()[0] == ",".join(CSV_FIELDS)
    first = json.loads((out / "run.json").read_text(encoding="utf-8"))["seed"]
    # the run's (secret) seeds, in game order
    assert sorted(r.seed for r in read_csv(path)) == sorted(game_seeds(first, 2))


# ======================================================================================
# the agents named, and the 8.8 result only where the game is solitaire (8.0, 8.8)
# ======================================================================================
def test_the_batch_summary_names_an_insurgent_agent_and_has_no_solo_score(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # 8.8 scores the solitaire game: with the FARC a player of its own the game is not
    # one, so its margins and winner are the comparison, not a Government score
    from runners.games import read_csv

    random_agent = f"{sys.executable} {ROOT / 'examples' / 'random_agent.py'}"
    code, _ = batch(tmp_path / "run", "--agent", f"FARC={random_agent}")
    printed = capsys.readouterr().out
    assert code == 0
    assert f"Seats: Government: heuristic; FARC: agent {random_agent!r}; AUC and " \
           "Cartels: section-8 Non-players" in printed
    assert "8.8 levels" not in printed and "Solo score" not in printed
    assert "Mean margins:" in printed and "Wins:" in printed
    rows = read_csv(tmp_path / "run" / "games.csv")
    assert all(r.solo_score is None and r.solo_level is None for r in rows)
    assert all(r.victory_margins for r in rows)


def test_a_government_agent_plays_the_solitaire_game_and_gets_its_8_8_score(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # 8.0: the Government against three Non-players is the solitaire game, whoever plays it
    from runners.games import read_csv

    random_agent = f"{sys.executable} {ROOT / 'examples' / 'random_agent.py'}"
    code, _ = batch(tmp_path / "run", "--agent", f"Government={random_agent}", games=1)
    printed = capsys.readouterr().out
    assert code == 0 and "8.8 levels" in printed
    assert f"Seats: Government: agent {random_agent!r}" in printed
    assert all(r.solo_level is not None for r in read_csv(tmp_path / "run" / "games.csv"))


def test_demo_prints_no_solo_score_for_a_game_that_is_not_solitaire(
        capsys: pytest.CaptureFixture[str]) -> None:
    random_agent = f"{sys.executable} {ROOT / 'examples' / 'random_agent.py'}"
    code = main(["demo", "--govt", "heuristic", "--scenario", "quick", "--seed", "3",
                 "--json", "--agent", f"AUC={random_agent}"])
    summary = json.loads(capsys.readouterr().out)
    assert code == 0 and summary["solo_score"] is None and summary["solo_level"] is None
    assert summary["winner"] in ("Government", "FARC", "AUC", "Cartels")


def test_rows_appended_to_an_older_games_csv_keep_their_fallback(tmp_path: Path) -> None:
    # a --resume killed again keeps what it wrote: the file is brought to today's header
    # before rows are appended, so an appended row's fallback is read back
    from dataclasses import replace

    from runners.games import OLD_CSV_FIELDS, CsvLog, GameRecord, read_csv

    path = tmp_path / "games.csv"
    first = GameRecord(0, "quick", "heuristic", "AUC", {"Government": -5, "FARC": -5,
                       "AUC": 1, "Cartels": 0}, None, None, 22, 2, 51,
                       "victory check won by AUC (6.1, 7.2)", 1.0)
    with path.open("w", newline="", encoding="utf-8") as fh:  # as an older version wrote it
        writer = csv.DictWriter(fh, fieldnames=list(OLD_CSV_FIELDS), extrasaction="ignore")
        writer.writeheader()
        writer.writerow(first.row())
    log = CsvLog(path, append=True)
    log.add(replace(first, seed=1, fallback="FARC at card 3 of the game (#8 ...): ..."))
    log.close()
    assert [(r.seed, r.fallback) for r in read_csv(path)] == [
        (0, ""), (1, "FARC at card 3 of the game (#8 ...): ...")]


def test_the_end_an_agent_reads_has_no_8_8_score_after_another_agents_fallback(
        tmp_path: Path) -> None:
    # 8.0, 8.8: a game with an Insurgent player is not the solitaire game, even once that
    # player's seat fell back to the flowchart (its seats at the end are solitaire ones)
    from agents.seat import AgentPolicy, AgentSetup
    from core.pieces import Faction
    from runners.games import play

    record = tmp_path / "govt.txt"
    setup = AgentSetup(((int(Faction.GOVT), f"{MISBEHAVE} record {record}"),
                        (int(Faction.FARC), f"{MISBEHAVE} crash")),
                       AgentPolicy(timeout=120), str(tmp_path))
    game, result = play(5, "heuristic", "quick", agents=setup, on_agent_failure=print)
    assert game.state.seats[Faction.FARC] is None  # the flowchart finished the game
    end = transcript(record)[-1]
    assert end["type"] == "end" and end["solo"] is None
    assert result.solo_score is None and result.fallback.startswith("FARC at card")


# ======================================================================================
# whole commands: the types a decision takes, in docs/agents.md's tables
# ======================================================================================
def test_docs_agents_tables_of_whole_commands_are_generated_from_the_engine() -> None:
    # regenerate: the block between <!-- whole-commands --> markers is
    # agents.protocol.command_reference()
    from agents.protocol import command_reference

    doc = (ROOT / "docs" / "agents.md").read_text(encoding="utf-8")
    block = doc.split("<!-- whole-commands -->\n")[1].split("<!-- end whole-commands -->")[0]
    assert block == command_reference()


def test_every_command_type_a_decision_takes_is_in_the_docs_table() -> None:
    # 2.3 (Event, Operation, Pass on a card) and 6.0 (each Propaganda decision): every
    # menu choice's command, the assistant's record-by-hand apart (never an agent's)
    from agents.protocol import whole_command_types
    from core.rules import propaganda as prop
    from decisions.decision import choice_command

    phases = (prop.SEVENTH_SF, prop.DRUG_PROFITS, prop.CIVIC_ACTION, prop.AGITATION,
              prop.FARC_ZONE, prop.ELITE_BACKING, prop.REDEPLOY)
    choices = [("pass",), ("event", "shaded"), ("operation", True), ("decline",)]
    choices += [("propaganda", phase) for phase in phases]
    assert {choice_command(c) for c in choices} == set(whole_command_types())


def test_each_decision_of_a_game_is_of_a_type_its_menu_takes() -> None:
    # what the seats actually play, decision by decision, is what command_types allows
    # (so a whole command copied from a trace of the same decision is of an allowed type)
    from agents.protocol import whole_command_types
    from core.game import Game
    from decisions.decision import DecisionContext, command_types
    from nonplayer.government import make_government
    from runners.games import step
    from runners.solitaire import new_solitaire

    game = new_solitaire("quick", 4)
    bot = make_government("heuristic", 4)
    seen: set[str] = set()
    while not game.is_terminal():
        allowed = command_types(DecisionContext(game.clone(), game.dice))
        assert set(allowed) <= set(whole_command_types())
        step(game, bot)
        played = game.log[-1]["command"]["type"]
        assert played in allowed, (played, allowed)
        seen.add(played)
    assert {"Operation", "Agitation", "Redeploy"} <= seen  # a card and Propaganda Rounds
    assert Game.replay(game.initial, game.log).state == game.state


@pytest.mark.parametrize("command, said", [
    # a board edit is not a decision: refused, the FARC's Resources untouched
    ({"type": "Edit Track", "track": "resources", "value": 99, "faction": 1},
     "sent a command 'Edit Track' where this decision takes one of: Event, Operation, Pass"),
    ({"type": "Set Seat", "faction": 2, "seat": 2, "government_ai": None, "who": "x"},
     "sent a command 'Set Seat' where this decision takes one of"),
    # a Faction given by number where the save format names it: one line, not a crash
    ({"type": "Operation", "op": {"type": "Terror", "where": [3]},
      "special": {"type": "Kidnap", "where": [3], "targets": [0], "auc_bases": []},
      "special_first": False, "ship": None, "ship_op": None, "transfers": []},
     "unknown Faction 0"),
])
def test_a_whole_command_the_decision_does_not_take_is_an_illegal_answer(
        command: dict, said: str, tmp_path: Path) -> None:
    import shlex

    from agents.seat import AgentPolicy, AgentSetup
    from core.pieces import Faction
    from runners.games import play

    lines: list[str] = []
    where = f"{MISBEHAVE} command {shlex.quote(json.dumps(command))}"
    setup = AgentSetup(((int(Faction.FARC), where),), AgentPolicy(timeout=120), str(tmp_path))
    game, record = play(3, "heuristic", "quick", agents=setup, on_agent_failure=lines.append)
    assert len(lines) == 1 and said in lines[0] and "section-8 flowchart" in lines[0]
    assert game.state.phase == "over" and record.fallback == lines[0]
    assert not any(e["command"]["type"] in ("Edit Track", "Set Seat") and
                   not e["command"].get("who", "").startswith(
                       "the section-8 flowchart (its agent failed: ")
                   for e in game.log)


# ======================================================================================
# README: assist's 'draw' (issue 31: the program's deck is never shown in table mode)
# ======================================================================================
def test_draw_at_the_first_card_prompt_says_the_first_card_is_the_tables(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    # 2.2: the table shuffles its deck and turns its first card; the program's deck (for
    # 'draw' later) exists only once the game does. Before: "! 'draw' is not a card"
    save = tmp_path / "table.json"
    monkeypatch.setattr(sys, "stdin", io.StringIO("draw\nquit\n"))
    main(["assist", "--plain", "--scenario", "quick", "--save", str(save)])
    out = capsys.readouterr().out
    assert "! the first card is the table's: turn up the top card of your shuffled deck " \
           "and name it ('draw' works from the next card on)" in out
    assert "is not a card" not in out and not save.exists()


# ======================================================================================
# the winner is the narrated one everywhere (7.1: a Non-player's win beats the players')
# ======================================================================================
def test_the_game_reports_winner_is_the_non_player_that_won_not_the_first_ranked() -> None:
    # 7.1, 6.1: the Government (margin 2) and the AUC (margin 1, a Non-player) both pass
    # the victory check; the AUC wins and every player loses. The report said
    # "Winner: Government" (the first of the ranking); end's winners lists both.
    from agents.protocol import end_message
    from core.map import MAP
    from core.pieces import Faction
    from core.rules import propaganda, victory
    from tests.helpers import blank_state, place, sid
    from tui.history import History
    from tui.pictures.report import game_report

    s = blank_state()
    s.seats = [1, None, None, None]
    s.resources = [0, 0, 0, 0]
    for c in MAP.cities:
        s.set_support(c.id, 2)
    for name in ("Santander", "Huila", "Antioquia"):
        s.set_support(sid(name), 2)
    place(s, {"Guainía": "1AB"})
    assert propaganda.victory_phase(s)
    assert victory.ranking(s)[0] is Faction.GOVT and victory.winner(s) is Faction.AUC
    end = end_message(s)
    assert end["winners"] == ["Government", "AUC"] and end["players_lose"]
    page = game_report(History(s.clone()))
    assert "<b>Winner</b>AUC" in page and "<b>Winner</b>Government" not in page
