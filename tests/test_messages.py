"""The messages of issue 32 item 8: a hang-up stops a batch's workers without a traceback
each (the process pool and the Dask backend, exit 129), a folder name too long for the
file system is said in words before anything is made, a batch folder with ``run.json``
but no ``games.csv`` gets one piece of advice from both doors, a bad ``--seed`` is
refused when the command starts, and the assistant's set-up prompt does not echo a
5 MB line. The processes are given generous time-outs and wait for an event (the first
finished game), never for a time."""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tui.commands.main import main

REPO = Path(__file__).resolve().parent.parent


def _hang_up_a_batch(tmp_path: Path, *extra: str) -> tuple[int, str]:
    """``andean batch`` in a session of its own, hung up (SIGHUP to its whole process
    group, as a closing terminal does) once its first game is in: (exit code, stderr)."""
    err_path = tmp_path / "stderr.txt"
    with open(err_path, "wb") as err:
        proc = subprocess.Popen(  # noqa: S603 - our own command line
            [sys.executable, "-m", "tui.commands.main", "batch", "--games", "3000",
             "--workers", "2", "--scenario", "quick", "--out", "B", *extra],
            cwd=tmp_path, env=dict(os.environ, PYTHONPATH=str(REPO)),
            stdout=subprocess.DEVNULL, stderr=err, start_new_session=True)
    try:
        deadline = time.monotonic() + 600  # a bound on a hang, not a measure
        while "games" not in err_path.read_text(errors="replace"):
            assert proc.poll() is None and time.monotonic() < deadline, \
                err_path.read_text(errors="replace")[-2000:]
            time.sleep(0.2)
        os.killpg(proc.pid, signal.SIGHUP)
        code = proc.wait(timeout=600)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    return code, err_path.read_text(errors="replace")


def test_a_hung_up_batch_stops_its_pool_without_a_traceback(tmp_path) -> None:
    code, err = _hang_up_a_batch(tmp_path)
    assert code == 129, err[-2000:]
    assert "Traceback" not in err and "HungUp" not in err, err[-3000:]
    assert "batch stopped" in err


def test_a_hung_up_dask_batch_stops_without_a_traceback(tmp_path) -> None:
    pytest.importorskip("distributed")
    code, err = _hang_up_a_batch(tmp_path, "--backend", "dask")
    assert code == 129, err[-2000:]
    assert "Traceback" not in err and "HungUp" not in err, err[-3000:]


def test_a_folder_name_too_long_is_said_in_words_and_nothing_is_made(tmp_path, capsys,
                                                                     monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    code = main(["batch", "--games", "1", "--out", "x/y/" + "n" * 300])
    err = capsys.readouterr().err
    assert code == 2 and "too long" in err and "Errno" not in err, err
    assert not (tmp_path / "x").exists()  # x/y was left behind


def test_a_run_json_without_games_csv_gets_one_advice(tmp_path, capsys) -> None:
    folder = tmp_path / "R"
    folder.mkdir()
    (folder / "run.json").write_text("{}")
    advice = []
    for extra in ([], ["--resume"]):
        code = main(["batch", "--games", "1", "--out", str(folder), *extra])
        err = capsys.readouterr().err
        assert code == 2 and len(err.strip().splitlines()) == 1
        advice.append(err)
    # before: "continue it with --resume", then "run without --resume"
    assert all("--force" in a for a in advice), advice
    assert "continue it with --resume" not in advice[0]
    assert "run without --resume" not in advice[1]


@pytest.mark.parametrize("command", ["assist", "play", "new"])
def test_a_bad_seed_is_refused_at_the_start(tmp_path, capsys, monkeypatch, command) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("12\nquit\n"))
    out = ["--out" if command == "new" else "--save", str(tmp_path / "g.json")]
    extra = [] if command == "new" else ["--plain"]
    for seed in ("-9", str(2**63)):
        code = main([command, *extra, "--seed", seed, *out])
        err = capsys.readouterr().err
        assert code == 2 and "a seed is a whole number from 0" in err, err
    assert not (tmp_path / "g.json").exists()


def test_the_assistants_set_up_prompt_does_not_echo_a_huge_line(tmp_path, capsys,
                                                                monkeypatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("12" + "x" * 5_000_000 + "\nquit\n"))
    code = main(["assist", "--plain", "--seed", "3", "--save", str(tmp_path / "a.json")])
    out = capsys.readouterr().out
    assert code == 0 and len(out) < 20_000 and "5,000,002 characters" in out


@pytest.mark.parametrize("junk", ["x" * 100_000, "9" * 6_000])
def test_a_card_name_echoes_junk_cut_short(junk) -> None:
    # the assistant's card prompts (line mode and screen) say why a name is no card
    from decisions.base import InputError
    from decisions.editor import find_card

    with pytest.raises(InputError) as refused:
        find_card(junk)
    assert len(str(refused.value)) < 300
    assert find_card("0012") == 12
