"""A batch's games do not give each other away (issue 42, the researcher's trial item 3):
game i played seed S+i, so a finished row of games.csv (or run.json's S) gave the deck
and dice of every later game to an agent that reads it, and the agent started in the
caller's folder, where the default --out puts run.json. Game i now plays a hash of S and
i (runners.games.game_seeds), a run.json of old (no ``seeding``) resumes with S+i, and
an agent's process starts in a fresh empty folder of its own."""

from __future__ import annotations

import csv
import json
import shlex
import sys
from pathlib import Path

from agents.connection import ProcessConnection
from runners.games import game_seeds
from tui.commands.main import main


def _seeds(outdir: Path) -> list[int]:
    return [int(r["seed"]) for r in csv.DictReader((outdir / "games.csv").open())]


def test_a_runs_seeds_do_not_follow_from_each_other(tmp_path: Path) -> None:
    outdir = tmp_path / "run"
    assert main(["batch", "--games", "3", "--seed", "7", "--scenario", "quick",
                 "--out", str(outdir)]) == 0
    seeds = _seeds(outdir)
    assert sorted(seeds) == sorted(game_seeds(7, 3)) and len(set(seeds)) == 3
    assert not set(seeds) & {7, 8, 9}  # not S + i
    assert sorted(seeds) != list(range(min(seeds), min(seeds) + 3))
    assert json.loads((outdir / "run.json").read_text())["seeding"] == "hashed"
    # --seeds-of plays the same games
    again = tmp_path / "again"
    assert main(["batch", "--games", "3", "--seeds-of", str(outdir), "--scenario", "quick",
                 "--out", str(again)]) == 0
    assert sorted(_seeds(again)) == sorted(seeds)


def test_a_run_of_old_resumes_with_its_consecutive_seeds(tmp_path: Path) -> None:
    # a run.json without 'seeding' (every run before this change): its games are S + i,
    # and --resume plays the missing ones so
    outdir = tmp_path / "old"
    assert main(["batch", "--games", "3", "--seed", "40", "--scenario", "quick",
                 "--out", str(outdir)]) == 0
    run = json.loads((outdir / "run.json").read_text())
    del run["seeding"]
    (outdir / "run.json").write_text(json.dumps(run))
    rows = list(csv.DictReader((outdir / "games.csv").open()))
    with (outdir / "games.csv").open("w", newline="") as f:  # one game of old kept
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerow({**rows[0], "seed": "41"})
    assert main(["batch", "--games", "3", "--seed", "40", "--scenario", "quick",
                 "--out", str(outdir), "--resume"]) == 0
    assert sorted(_seeds(outdir)) == [40, 41, 42]
    assert game_seeds(40, 3, "consecutive") == [40, 41, 42]


def test_an_agent_starts_in_a_fresh_folder_of_its_own(tmp_path: Path, monkeypatch) -> None:
    # not in the caller's folder, where a default --out writes run.json
    monkeypatch.chdir(tmp_path)
    (tmp_path / "run.json").write_text("{}")
    code = "import os, json; print(json.dumps({'type': 'ready', 'cwd': os.getcwd(), " \
        "'files': os.listdir('.')}), flush=True)"
    conn = ProcessConnection(shlex.join([sys.executable, "-c", code]))
    try:
        said = conn.receive(timeout=120)
    finally:
        conn.close(failed=True)
    assert said["files"] == [] and Path(said["cwd"]).resolve() != tmp_path.resolve()
    assert not Path(said["cwd"]).exists()  # removed when the agent ended


def test_a_new_run_may_play_consecutive_seeds(tmp_path: Path, capsys) -> None:
    # the held-out lists of docs/strength.md (standard seeds 100200-100499) are S + i: a
    # new run pairs with the runs made before hashing only if it can play them so
    outdir = tmp_path / "listed"
    assert main(["batch", "--games", "2", "--seed", "40", "--scenario", "quick",
                 "--seeding", "consecutive", "--out", str(outdir)]) == 0
    assert sorted(_seeds(outdir)) == [40, 41]
    # issue 42 trial F9: its run.json says so (it recorded no seeding, as runs of old)
    assert json.loads((outdir / "run.json").read_text())["seeding"] == "consecutive"
    # a resumed run keeps its own seeding: asking another is refused in one line
    assert main(["batch", "--games", "2", "--seed", "40", "--scenario", "quick",
                 "--seeding", "hashed", "--out", str(outdir), "--resume"]) == 2
    assert "records the run's seeding as 'consecutive'" in capsys.readouterr().err


def test_an_outside_agent_never_plays_consecutive_seeds(tmp_path: Path, capsys) -> None:
    # issue 42: consecutive seeds from a published S are small seeds, which an agent
    # that imports the engine finds from the cards played (tests/test_secret_seeds.py's
    # search), and then knows the deck; refused in one line before any game is played
    agent = f"FARC={sys.executable} {Path(__file__).parents[1] / 'examples/random_agent.py'}"
    outdir = tmp_path / "agent"
    assert main(["batch", "--games", "1", "--seed", "40", "--scenario", "quick",
                 "--seeding", "consecutive", "--agent", agent, "--out", str(outdir)]) == 2
    err = capsys.readouterr().err
    assert "--seeding consecutive" in err and "outside agent (--agent FARC=" in err
    assert len(err.strip().splitlines()) == 1 and not outdir.exists()
    # nor through the seeds of a run that played them (a run.json of old records none)
    old = tmp_path / "old"
    old.mkdir()
    (old / "run.json").write_text(json.dumps({"games": 1, "seed": 40}))
    assert main(["batch", "--games", "1", "--seeds-of", str(old), "--scenario", "quick",
                 "--agent", agent, "--out", str(outdir)]) == 2
    assert "the run's consecutive seeds" in capsys.readouterr().err
    assert main(["batch", "--games", "1", "--seed", "40", "--scenario", "quick",
                 "--agent", agent, "--out", str(old), "--resume"]) == 2
    assert "--resume: the run's consecutive seeds" in capsys.readouterr().err
    assert not outdir.exists()
    # the program's own player as an agent is no such danger (a control arm may pair
    # with the runs made before hashing)
    assert main(["batch", "--games", "1", "--seed", "40", "--scenario", "quick",
                 "--seeding", "consecutive", "--agent", "FARC=builtin:flowchart",
                 "--out", str(outdir)]) == 0
    assert _seeds(outdir) == [40]
