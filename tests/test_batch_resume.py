"""``andean batch`` survives (issue 11 item 5): rows written as each game ends, a killed
run resumed from its CSV to the same results, ``--out`` checked before the first game,
SIGTERM stopping cleanly with a consistent CSV."""

from __future__ import annotations

import csv
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from runners.games import game_seeds, read_csv, run_batch
from tui.commands.main import main

ROOT = Path(__file__).resolve().parent.parent


def _outcomes(path: Path) -> list[dict]:
    rows = list(csv.DictReader(path.open(encoding="utf-8")))
    for row in rows:
        row.pop("seconds")
    return rows


def _start(outdir: Path, *extra: str) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen(
        [sys.executable, "-m", "tui.commands.main", "batch", "--games", "40", "--seed", "300",
         "--scenario", "quick", "--workers", "2", "--out", str(outdir), *extra],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _wait_rows(csv_path: Path, rows: int, proc: subprocess.Popen) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        if csv_path.exists() and csv_path.read_text().count("\n") > rows:
            return
        time.sleep(0.05)
    raise AssertionError("the batch did not write rows as games ended")


def test_kill_9_then_resume_gives_the_uninterrupted_results(tmp_path) -> None:
    outdir = tmp_path / "out"
    proc = _start(outdir)
    _wait_rows(outdir / "games.csv", 3, proc)
    proc.send_signal(signal.SIGKILL)
    proc.communicate(timeout=30)
    partial = read_csv(outdir / "games.csv")
    assert 3 <= len(partial) < 40 and not (outdir / "summary.json").exists()
    code = main(["batch", "--games", "40", "--seed", "300", "--scenario", "quick",
                 "--workers", "2", "--out", str(outdir), "--resume"])
    assert code == 0
    uninterrupted = run_batch(game_seeds(300, 40), "heuristic", "quick", workers=1)
    expected = tmp_path / "expected.csv"
    from runners.games import write_csv

    write_csv(uninterrupted, expected)
    assert _outcomes(outdir / "games.csv") == _outcomes(expected)
    assert (outdir / "summary.json").exists()


def test_sigterm_stops_with_one_line_and_a_consistent_csv(tmp_path) -> None:
    outdir = tmp_path / "out"
    proc = _start(outdir)
    _wait_rows(outdir / "games.csv", 2, proc)
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 143
    assert "Traceback" not in err and "BrokenPipeError" not in err
    assert err.strip().splitlines()[-1].startswith("andean: batch stopped:")
    assert "--resume" in err
    rows = read_csv(outdir / "games.csv")
    assert len({r.seed for r in rows}) == len(rows) >= 2  # whole rows, no duplicates


def test_out_is_checked_before_the_first_game(tmp_path, capsys, monkeypatch) -> None:
    import runners.games as games

    played = []
    monkeypatch.setattr(games, "play_record", lambda *a, **k: played.append(a))
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert main(["batch", "--games", "2", "--out", str(blocker)]) == 2
    assert "--out" in capsys.readouterr().err and not played
    assert main(["batch", "--games", "2", "--out", str(tmp_path / "o"),
                 "--plot", str(tmp_path / "nodir" / "p.png")]) == 2
    assert "--plot" in capsys.readouterr().err and not played


def test_resume_refuses_another_runs_csv(tmp_path, capsys) -> None:
    outdir = tmp_path / "out"
    assert main(["batch", "--games", "2", "--seed", "5", "--scenario", "quick",
                 "--out", str(outdir)]) == 0
    assert main(["batch", "--games", "2", "--seed", "50", "--scenario", "quick",
                 "--out", str(outdir), "--resume"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    # the first row of the other run (rows in seed order; game i plays a hash of 5, i)
    assert err[-1].startswith("andean: error: --resume:")
    assert f"seed {min(game_seeds(5, 2))}" in err[-1]


def test_a_fresh_run_removes_the_previous_summary(tmp_path, capsys, monkeypatch) -> None:
    outdir = tmp_path / "out"
    outdir.mkdir()
    (outdir / "summary.json").write_text("{}")
    (outdir / "games.csv").write_text("old\n")

    def stop(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise KeyboardInterrupt

    import runners.games as games

    monkeypatch.setattr(games, "play_record", stop)
    # another run's files are replaced only with --force (issue 25 item 1)
    assert main(["batch", "--games", "2", "--out", str(outdir)]) == 2
    assert (outdir / "summary.json").read_text() == "{}"
    assert main(["batch", "--games", "2", "--out", str(outdir), "--force"]) == 130
    assert not (outdir / "summary.json").exists()
    assert read_csv(outdir / "games.csv") == []
    assert "batch stopped: 0 of 2" in capsys.readouterr().err


QUICK_BATCH = ("batch", "--games", "2", "--seed", "40", "--scenario", "quick", "--out")


def test_a_folder_with_a_runs_files_but_no_rows_says_what_to_do(tmp_path, capsys) -> None:
    # a run that wrote run.json but ended no game: nothing to resume, nothing replaced
    outdir = tmp_path / "out"
    outdir.mkdir()
    (outdir / "run.json").write_text("{}", encoding="utf-8")
    assert main([*QUICK_BATCH, str(outdir), "--resume"]) == 2
    err = capsys.readouterr().err
    assert "does not exist, so nothing to resume" in err and "--force" in err
    assert main([*QUICK_BATCH, str(outdir)]) == 2
    assert "it has no games.csv, so nothing to resume" in capsys.readouterr().err
    assert sorted(p.name for p in outdir.iterdir()) == ["run.json"]


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="needs Linux's /proc")
def test_an_out_folder_the_system_will_not_make_is_one_line_in_words(capsys) -> None:
    # issue 43: "andean: error: [Errno 2] No such file or directory: '/proc/nope'"
    assert main(["batch", "--games", "1", "--out", "/proc/nope"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("andean: error: --out /proc/nope: ") and "Errno" not in err
    assert len(err.splitlines()) == 1


def test_an_out_path_the_system_cannot_hold_is_one_line(tmp_path, capsys) -> None:
    # ENAMETOOLONG: said in words, the path not echoed in full, nothing made
    assert main(["batch", "--games", "1", "--out", str(tmp_path / ("x" * 300))]) == 2
    err = capsys.readouterr().err.strip()
    assert "a name in the path is too long for the file system" in err
    assert len(err.splitlines()) == 1 and "x" * 300 not in err
    assert not list(tmp_path.iterdir())
