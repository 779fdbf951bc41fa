"""Crashes and leaks of issue 32 item 7, and the output safe for any terminal and any
encoding (What to build 4): a command of a save with wrongly typed fields is refused at
load (``--no-verify`` too) and a log that does not replay no longer breaks the history;
closed standard streams, a deeply nested placement and an ASCII terminal are one line
or plain letters; control characters of a save are shown escaped; a save never removes
a file of the user's that merely looks like a temporary file."""

from __future__ import annotations

import copy
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from core.errors import SaveFileError
from core.game import Game, serialize
from tests.helpers import random_played
from tui.commands.main import main

REPO = Path(__file__).resolve().parent.parent


BASE = serialize.game_to_json(random_played(2, 12))
FARC_ZONE = next(i for i, e in enumerate(BASE["log"])
                 if e["command"]["type"] == "Place FARC Zone")  # 6.4.4
ROLLED = next(i for i, e in enumerate(BASE["log"]) if e["rolls"])


def _write(tmp_path: Path, data: dict, name: str = "g.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _andean(tmp_path: Path, *args: str, env: dict | None = None,
            **kwargs) -> subprocess.CompletedProcess:  # type: ignore[no-untyped-def]
    return subprocess.run(  # noqa: S603 - our own command line
        [sys.executable, "-m", "tui.commands.main", *args], cwd=tmp_path,
        env=dict(os.environ, PYTHONPATH=str(REPO), **(env or {})), capture_output=True,
        timeout=300, **kwargs)


@pytest.mark.parametrize("value", ["Bogota", [15], 1.5, True, None])
def test_a_command_field_of_the_wrong_type_is_refused_at_load(tmp_path, value) -> None:
    # 6.4.4's space is a space id: text, a list, a fraction, true, null are no space id
    data = copy.deepcopy(BASE)
    data["log"][FARC_ZONE]["command"]["space"] = value
    path = _write(tmp_path, data)
    with pytest.raises(SaveFileError, match=rf"log\[{FARC_ZONE}\]\.command.*field space"):
        serialize.load(path, verify=False)


def test_a_log_that_does_not_replay_leaves_the_history_working(tmp_path, capsys,
                                                               monkeypatch) -> None:
    # a well-typed command the rules refuse (no space 99): loaded with --no-verify, the
    # history ends before it instead of 'log' crashing the session
    data = copy.deepcopy(BASE)
    data["log"][FARC_ZONE]["command"]["space"] = 99
    path = _write(tmp_path, data)
    monkeypatch.setattr(sys, "stdin", io.StringIO("log\nshow 3\nundo\nquit\n"))
    code = main(["play", "--plain", "--load", str(path), "--no-verify"])
    captured = capsys.readouterr()
    assert code == 0 and "unexpected error" not in captured.err, captured.err


@pytest.mark.parametrize("closed", [0, 1])
def test_the_line_mode_with_a_closed_stream_is_one_line(tmp_path, closed) -> None:
    done = _andean(tmp_path, "play", "--plain", "--new", "--save", "g.json", "--seed", "3",
                   stdin=subprocess.DEVNULL if closed else None,
                   preexec_fn=lambda: os.close(closed))
    err = done.stderr.decode(errors="replace")
    assert done.returncode == 2 and len(err.strip().splitlines()) == 1, err[-2000:]
    assert "closed" in err and "unexpected" not in err
    assert not (tmp_path / "g.json").exists()


def test_a_deeply_nested_placement_is_one_line(tmp_path, capsys) -> None:
    placement = tmp_path / "deep.json"
    placement.write_text('{"FARC": ' + "[" * 100_000 + "]" * 100_000 + "}")
    code = main(["new", "--deployment", "open", "--placement", str(placement), "--seats",
                 "1,2,-,-", "--out", str(tmp_path / "g.json")])
    err = capsys.readouterr().err
    assert code == 2 and "nested too deeply" in err and "RecursionError" not in err
    assert not (tmp_path / "g.json").exists()


def test_an_ascii_terminal_gets_plain_letters(tmp_path) -> None:
    serialize.save(Game.new("standard", seed=1), tmp_path / "g.json")
    done = _andean(tmp_path, "status", "g.json", env={"PYTHONIOENCODING": "ascii"})
    out = done.stdout.decode("ascii")  # every byte ASCII
    assert done.returncode == 0, done.stderr.decode(errors="replace")
    assert "Bogota" in out and "Cucuta" in out
    done = _andean(tmp_path, "play", "--plain", "--load", "g.json", input=b"quit\n",
                   env={"PYTHONIOENCODING": "ascii"})
    assert done.returncode == 0 and b'"War on Terror"' in done.stdout, done.stderr


ESCAPES = "\x1b[2J\x1b]0;title\x07\u202e"


def test_control_characters_of_a_save_are_shown_escaped(tmp_path, capsys,
                                                        monkeypatch) -> None:
    data = copy.deepcopy(BASE)
    data["log"][ROLLED]["rolls"][0][0] = f"Attack{ESCAPES} here"  # a dice purpose
    path = _write(tmp_path, data)
    turn = ROLLED + 1
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"show {turn}\nwhy {turn}\nlog\nquit\n"))
    assert main(["play", "--plain", "--load", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Attack\\x1b[2J\\x1b]0;title\\x07\\u202e here" in out
    assert not any(ch in out for ch in "\x1b\x07\u202e")


def test_typed_control_characters_and_a_huge_line_are_not_echoed(tmp_path, capsys,
                                                                 monkeypatch) -> None:
    path = tmp_path / "g.json"
    serialize.save(Game.new("standard", seed=1), path)
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"zz{ESCAPES}\n{'x' * 5_000_000}\nquit\n"))
    assert main(["play", "--plain", "--load", str(path)]) == 0
    out = capsys.readouterr().out
    assert not any(ch in out for ch in "\x1b\x07\u202e")
    assert len(out) < 20_000 and "5,000,000 characters" in out


def test_printable_keeps_line_breaks_and_letters() -> None:
    from core.words import printable

    assert printable("Bogotá\n\tCúcuta “x”") == "Bogotá\n\tCúcuta “x”"
    assert printable("a\x00b\x9bc") == "a\\x00b\\x9bc"


def test_a_save_leaves_the_users_look_alike_files(tmp_path) -> None:
    path = tmp_path / "game.json"
    serialize.save(Game.new("standard", seed=1), path)
    keep = [tmp_path / ".game.json.backup.tmp", tmp_path / ".game.json.Backup12.tmp",
            tmp_path / ".andean-999999999-mine.tmp", tmp_path / ".game.json.k2.tmp"]
    for other in keep:
        other.write_text("mine")
    serialize.save(Game.new("standard", seed=2), path)
    assert all(other.read_text() == "mine" for other in keep)
