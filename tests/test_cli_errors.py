"""No internal detail in any message (issue 11 item 4): each case gives one line on
stderr naming what the user must change (a flag, their own path), or works; Ctrl-C
stops with one line and exit 130, saving an open game."""

from __future__ import annotations

import io
import json
import sys

import pytest

from core.game import serialize
from tui.commands.main import main


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err and ".tmp" not in err
    return lines[0]


@pytest.fixture
def save(tmp_path, capsys):
    path = tmp_path / "g.json"
    assert main(["new", "--seed", "1", "--out", str(path)]) == 0
    capsys.readouterr()
    return path


def test_version(capsys) -> None:
    code, out, _ = run(capsys, "--version")
    assert code == 0 and out.startswith("andean ")


def test_version_names_the_engine(capsys, monkeypatch) -> None:
    # issue 39 item 3: --version says whether the compiled engine or plain Python runs
    from core import engine

    monkeypatch.setattr(engine, "ENGINE", "plain Python (ANDEAN_PURE=1)")
    code, out, _ = run(capsys, "--version")
    assert code == 0 and out.rstrip().endswith("engine plain Python (ANDEAN_PURE=1)")


def test_np_turn_refuses_the_government_8_0(capsys, save) -> None:
    # 8.0: the Government is never a section-8 Non-player; before, it ran card 1 shaded
    before = save.read_bytes()
    code, out, err = run(capsys, "np-turn", str(save), "--faction", "Government", "--card", "1")
    line = one_line(err)
    assert code == 2 and out == ""
    assert "--faction" in line and "Government is no section-8 Non-player" in line
    assert "andean demo --govt" in line
    assert save.read_bytes() == before


def test_write_errors_name_the_users_path(capsys, tmp_path, save) -> None:
    target = tmp_path / "missing-dir" / "x.json"
    code, _, err = run(capsys, "new", "--seed", "1", "--out", str(target))
    line = one_line(err)  # checked before the game is made (issue 25 item 1)
    assert code == 2 and f"--out {str(target)[:60]}" in line and "does not exist" in line
    code, _, err = run(capsys, "np-turn", str(save), "--faction", "FARC", "--save", str(target))
    line = one_line(err)
    assert code == 2 and f"--save {str(target)[:60]}" in line and "does not exist" in line


def test_negative_pieces_name_the_bound(capsys, tmp_path, save) -> None:
    data = json.loads(save.read_text())
    data["state"]["pieces"][0][0] = -1
    bad = tmp_path / "neg.json"
    bad.write_text(json.dumps(data))
    code, _, err = run(capsys, "status", str(bad))
    line = one_line(err)
    assert code == 2 and "must be 0 or more" in line and "None" not in line


def test_open_deployment_names_the_placement_flag(capsys, tmp_path) -> None:
    code, _, err = run(capsys, "new", "--deployment", "open", "--out", str(tmp_path / "o.json"))
    line = one_line(err)
    assert code == 2 and "--placement" in line and "open_placement" not in line


@pytest.mark.parametrize("flag", [("--short",), ("--deployment", "open")])
def test_full_game_options_with_quick_play_name_the_flag(capsys, tmp_path, flag) -> None:
    # 2.4.1 short game and Open Deployment are options of the full scenario
    code, _, err = run(capsys, "new", "--scenario", "quick", *flag, "--out",
                       str(tmp_path / "q.json"))
    line = one_line(err)
    assert code == 2 and flag[0] in line and "--scenario standard" in line


def test_empty_die_is_an_error_naming_the_flag(capsys, save) -> None:
    code, _, err = run(capsys, "np-turn", str(save), "--faction", "FARC", "--dice", "1,,2")
    line = one_line(err)
    assert code == 2 and "--dice" in line


def test_ctrl_c_in_play_plain_saves_and_exits_130(capsys, tmp_path, monkeypatch) -> None:
    path = tmp_path / "p.json"

    class CtrlC(io.StringIO):
        def readline(self, *args: object) -> str:
            raise KeyboardInterrupt

    monkeypatch.setattr(sys, "stdin", CtrlC())
    code, _, err = run(capsys, "play", "--plain", "--seed", "3", "--save", str(path))
    line = one_line(err)
    assert code == 130 and f"saved in {path}" in line
    assert serialize.verify(serialize.load(path)) == []


def test_ctrl_c_in_assist_plain_before_a_game_saves_nothing(capsys, tmp_path,
                                                             monkeypatch) -> None:
    path = tmp_path / "a.json"

    class CtrlC(io.StringIO):
        def readline(self, *args: object) -> str:
            raise KeyboardInterrupt

    monkeypatch.setattr(sys, "stdin", CtrlC())
    code, _, err = run(capsys, "assist", "--plain", "--save", str(path))
    assert code == 130 and "no game was started" in one_line(err)
    assert not path.exists()


@pytest.mark.parametrize("argv", [
    ("demo", "--govt", "heuristic", "--seed", "1", "--scenario", "quick"),
    ("soak", "--games", "2"),
    ("batch", "--games", "2", "--out", "OUT"),
])
def test_ctrl_c_in_bot_runs_is_one_line_130(capsys, tmp_path, monkeypatch, argv) -> None:
    import runners.games as games
    import runners.soak as soak

    def stop(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(games, "step", stop)
    monkeypatch.setattr(games, "play_record", stop)
    monkeypatch.setattr(soak, "soak_game", stop)
    argv = tuple(str(tmp_path / "out") if a == "OUT" else a for a in argv)
    code, _, err = run(capsys, *argv)
    line = one_line(err)
    assert code == 130 and line.startswith("andean: ") and "stop" in line
