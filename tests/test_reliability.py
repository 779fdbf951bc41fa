"""No file lost, no silent death (issue 25): each case of its "Why", as a hostile user
would try it, gives one line and exit 2 (or the documented success) with every file and
folder as it was. The signals are in tests/test_signals.py."""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.atomic import write_text
from core.files import SaveLock, check_output, lock_path, read_input
from core.game import Game, serialize
from tui.commands.main import main


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err and "unexpected error" not in err, err
    assert len(lines[0]) < 400, lines[0]
    return lines[0]


def tree(root: Path) -> dict[str, bytes | str]:
    """Every file and folder under ``root`` with its bytes (a FIFO or link by its kind)."""
    out: dict[str, bytes | str] = {}
    for path in sorted(root.rglob("*")):
        key = str(path.relative_to(root))
        if path.is_symlink():
            out[key] = "link -> " + os.readlink(path)
        elif path.is_dir():
            out[key] = "dir"
        elif path.is_file():
            out[key] = path.read_bytes()
        else:
            out[key] = "special"
    return out


def refused(capsys, root: Path, *argv: str) -> str:
    """Run a command that must be refused: exit 2, one line, ``root`` unchanged."""
    before = tree(root)
    code, _, err = run(capsys, *argv)
    assert code == 2, err
    line = one_line(err)
    assert tree(root) == before, f"{argv} changed files: {line}"
    return line


@pytest.fixture
def save(tmp_path) -> Path:
    path = tmp_path / "g.json"
    serialize.save(Game.new(scenario="standard", seed=1), path)
    return path


# --- Why 1: a refused command empties a file ------------------------------------------
def test_refused_resume_leaves_games_csv_as_it_was(tmp_path, capsys):
    out = tmp_path / "D"
    out.mkdir()
    (out / "games.csv").write_bytes(b"one line")
    line = refused(capsys, tmp_path, "batch", "--games", "3", "--out", out, "--resume")
    assert "header differs" in line


# --- Why 2: a save overwritten by another format ----------------------------------------
def test_report_never_writes_over_its_save(tmp_path, save, capsys):
    # the save under a name report would write (it refuses other kinds of file first)
    page = tmp_path / "g.html"
    os.link(save, page)
    assert "input" in refused(capsys, tmp_path, "report", save, "--out", page)
    link = tmp_path / "board.svg"
    os.link(save, link)  # the same file under another name
    assert "input" in refused(capsys, tmp_path, "map", save, "--out", link)


def test_random_game_needs_force_to_replace_a_file(tmp_path, save, capsys):
    assert "--force" in refused(capsys, tmp_path, "random-game", "--scenario", "quick",
                                "--seed", "1", "--save", save)


def test_batch_never_restarts_a_finished_folder_without_force(tmp_path, capsys):
    out = tmp_path / "R"
    out.mkdir()
    (out / "games.csv").write_text("seed\n")
    (out / "summary.json").write_text("{}\n")
    line = refused(capsys, tmp_path, "batch", "--games", "1", "--out", out)
    assert "--resume" in line and "--force" in line


# --- Why 3: two players on one save -----------------------------------------------------
def test_a_second_game_on_a_locked_save_is_refused(tmp_path, save, capsys):
    with SaveLock(save):  # another andean play holds it (flock: per open file)
        line = refused(capsys, tmp_path, "play", "--plain", "--load", save)
        assert f"process {os.getpid()}" in line
        assert "in use" in refused(capsys, tmp_path, "new", "--out", save, "--force")
    assert not any(p.name.endswith(".lock") for p in tmp_path.iterdir())


def test_new_never_replaces_a_file_that_appeared_meanwhile(tmp_path, save):
    game = Game.new(scenario="quick", seed=2)
    before = save.read_bytes()
    with pytest.raises(FileExistsError, match="appeared meanwhile"):
        serialize.save(game, save, exclusive=True)
    assert save.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["g.json"]


# --- Why 5: a move lost to an unchecked path ----------------------------------------------
def test_play_checks_its_save_path_before_the_first_move(tmp_path, save, capsys):
    line = refused(capsys, tmp_path, "play", "--plain", "--load", save, "--save",
                   tmp_path / "nodir" / "x.json")
    assert "does not exist" in line


@pytest.mark.parametrize("extra", [
    ["--resume"],                               # no games.csv to resume
    ["--think", "2s"],                          # --think with the heuristic Government
    ["--plot", "/nonexistent-dir/p.png"],       # a bad --plot path
    ["--report", "/nonexistent-dir/r.html"],    # a bad --report path
])
def test_a_refused_batch_makes_no_folder(tmp_path, capsys, extra):
    if "--plot" in extra:
        pytest.importorskip("matplotlib")
    refused(capsys, tmp_path, "batch", "--games", "1", "--out", tmp_path / "new", *extra)
    assert not (tmp_path / "new").exists()


# --- Why 6: impossible states accepted ----------------------------------------------------
@pytest.mark.parametrize(("field", "value"), [
    ("scenario", "epic"),                 # standard or quick (seed 003)
    ("momentum", [5]),                    # Momentum cards only (5.4)
    ("capabilities", {"5": "shaded"}),    # Capability cards only (5.3)
    ("foreign_in_play", [0]),             # Ecuador or Panamá (1.3.5)
    ("seats", [None, None, None, None]),  # nobody decides for the Government (8.0)
    ("options", {}),                      # the Set Up choices
])
@pytest.mark.parametrize("where", [("state", "initial"), ("initial",), ("state",)])
def test_an_impossible_state_is_refused_with_or_without_verify(tmp_path, save, capsys, field,
                                                               value, where):
    data = json.loads(save.read_text())
    for part in where:
        data[part][field] = value
    save.write_text(json.dumps(data))
    for command in (["status", save], ["status", save, "--no-verify"], ["verify", save],
                    ["map", save, "--out", tmp_path / "b.svg"]):
        refused(capsys, tmp_path, *command)


def test_new_refuses_a_seating_without_a_government(tmp_path, capsys):
    # issue 25 Why 6 / issue 26 item 1: nobody at the table is refused before any write
    line = refused(capsys, tmp_path, "new", "--seats=-,-,-,-", "--out", tmp_path / "s.json")
    assert "no person at the table" in line


def test_seats_starting_with_a_dash_are_read(tmp_path, capsys):
    code, _, err = run(capsys, "new", "--seats", "1,-,-,-", "--out", tmp_path / "a.json")
    assert code == 0, err
    line = refused(capsys, tmp_path, "new", "--seats", "-,1,-,-", "--out", tmp_path / "b.json")
    assert "expected one argument" not in line and "Government" in line


# --- Why 7: special files ------------------------------------------------------------------
def test_a_fifo_or_device_is_refused_without_waiting(tmp_path, capsys):
    fifo = tmp_path / "F"
    os.mkfifo(fifo)
    assert "FIFO" in refused(capsys, tmp_path, "status", fifo)
    assert "FIFO" in refused(capsys, tmp_path, "new", "--deployment", "open", "--placement",
                             fifo, "--out", tmp_path / "o.json")
    assert "device" in refused(capsys, tmp_path, "status", "/dev/zero")


def test_outputs_never_replace_a_fifo_or_a_symlink(tmp_path, save, capsys):
    fifo = tmp_path / "F"
    os.mkfifo(fifo)
    link = tmp_path / "L.json"
    link.symlink_to(save)
    for target in (fifo, link):
        refused(capsys, tmp_path, "np-turn", save, "--faction", "FARC", "--save", target)
        with pytest.raises(OSError, match="never replaced"):
            write_text(target, "x")


def test_an_oversized_input_is_refused_by_size(tmp_path, monkeypatch, capsys):
    import core.files

    big = tmp_path / "big.json"
    big.write_bytes(b" " * 2048)
    monkeypatch.setattr(core.files, "MAX_INPUT_BYTES", 1024)
    with pytest.raises(ValueError, match="more than"):
        read_input(big)


# --- Why 8: leftovers ---------------------------------------------------------------------
def test_temp_files_of_killed_writes_are_cleaned(tmp_path, save):
    dead = 2**22 + 12345  # above the default pid_max of 4194304: no such process
    ours = tmp_path / f".andean-{dead}-abcdef12.tmp"
    older = tmp_path / ".g.json.k2j3h4l5.tmp"  # the name before issue 25
    other = tmp_path / ".notes.tmp"
    for p in (ours, older, other):
        p.write_text("half-writ")
    serialize.save(Game.new(scenario="quick", seed=3), save)
    assert not ours.exists() and not older.exists() and other.exists()


def test_a_long_legal_name_can_be_saved(tmp_path, capsys):
    name = "g" * 245 + ".json"  # 250 characters: legal; the temp name once was not
    code, _, err = run(capsys, "new", "--seed", "1", "--out", tmp_path / name)
    assert code == 0, err
    too_long = "g" * 300 + ".json"
    assert "too long" in refused(capsys, tmp_path, "new", "--out", tmp_path / too_long)


# --- Why 9: messages ----------------------------------------------------------------------
def test_a_huge_integer_names_the_file(tmp_path, save, capsys):
    text = save.read_text().replace('"aid": ', '"aid": ' + "9" * 5000, 1)
    save.write_text(text)
    line = refused(capsys, tmp_path, "status", save)
    assert str(save)[:60] in line and "digits" in line


def test_bounds_are_checked_first(tmp_path, save, capsys):
    assert "at most 10" in refused(capsys, tmp_path, "map", save, "--scale", "1000",
                                   "--out", tmp_path / "b.svg")
    assert "at most" in refused(capsys, tmp_path, "soak", "--games", str(10**12))


def test_a_long_space_name_is_not_echoed_whole(tmp_path, capsys):
    placement = tmp_path / "p.json"
    placement.write_text(json.dumps({"Government": {"x" * 10000: {"troops": 1}}}))
    line = refused(capsys, tmp_path, "new", "--deployment", "open", "--placement", placement,
                   "--out", tmp_path / "o.json")
    assert "x" * 100 not in line


def test_resume_refuses_another_think(tmp_path, capsys):
    out = tmp_path / "R"
    out.mkdir()
    from runners.games import CSV_FIELDS

    (out / "games.csv").write_text(",".join(CSV_FIELDS) + "\n")
    (out / "run.json").write_text(json.dumps({"games": 1, "seed": 0, "scenario": "quick",
                                              "govt": "search", "think": "0.5s"}))
    line = refused(capsys, tmp_path, "batch", "--games", "1", "--scenario", "quick",
                   "--govt", "search", "--think", "2s", "--out", out, "--resume")
    assert "--think" in line


def test_a_full_disk_names_the_file():
    from runners.games import CsvLog

    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full here")
    with pytest.raises(OSError, match="/dev/full"):
        CsvLog("/dev/full")


def test_check_output_names_what_it_refuses(tmp_path):
    with pytest.raises(ValueError, match="already exists"):
        check_output(__file__, "--out", force=False)
    with pytest.raises(ValueError, match="is a directory"):
        check_output(tmp_path, "--out")


# --- item 7: random valid commands with random bad arguments change nothing ---------------
# (issue 32 adds the doors around one writer: a save another game holds, serve, --force
# with every writer, the batch's own rows by another name; the in-game save and Load key
# are drawn in tests/test_one_writer.py)
BAD = st.sampled_from([
    "", "-", "--", "nope", "-5", "0", "1e9", "99999999999999999999", "nan", "x" * 300,
    "/nonexistent/dir/file.json", "/dev/zero", "/dev/null", "F", "L", "g.json", "R",
    "a,b,c", "-,-,-,-", "\u00e9\u00e8", "../..",
    "H.json",  # a save another game holds (issue 32: np-turn, serve, every writer)
    "R/../R/games.csv", "LR/games.csv",  # the batch's own rows, by '..' and a linked folder
])
COMMANDS = {
    "new": ["--out", "--seed", "--seats", "--placement", "--players", "--scenario",
            "--force"],
    "status": [None, "--json"],
    "verify": [None],
    "np-turn": [None, "--faction", "--card", "--save", "--dice", "--force"],
    "event": [None, "--card", "--faction", "--save", "--side", "--force"],
    "map": [None, "--out", "--card", "--scale", "--force"],
    "report": [None, "--out", "--force"],
    "batch": ["--games", "--out", "--seed", "--plot", "--think", "--workers", "--report",
              "--resume", "--force"],
    "soak": ["--games", "--out", "--players", "--force"],
    "random-game": ["--save", "--seed", "--scenario", "--force"],
    "play": ["--load", "--save", "--seed", "--force", "--new"],
    "serve": ["--load", "--save", "--seed", "--force", "--new"],
}
FLAGS = ("--json", "--force", "--new", "--resume")  # options without a value
VALID = {
    "new": ["--seed", "1", "--out", "g.json"],
    "status": ["g.json"],
    "verify": ["g.json"],
    "np-turn": ["g.json", "--faction", "FARC"],
    "event": ["g.json", "--card", "5", "--faction", "FARC"],
    "map": ["g.json"],
    "report": ["g.json"],
    "batch": ["--games", "1", "--out", "R"],
    "soak": ["--games", "1"],
    "random-game": ["--seed", "1"],
    "play": ["--plain", "--load", "g.json"],
    "serve": ["play", "--save", "g.json"],
}


@st.composite
def bad_commands(draw):
    name = draw(st.sampled_from(sorted(COMMANDS)))
    argv = list(VALID[name])
    for _ in range(draw(st.integers(1, 2))):
        option, value = draw(st.sampled_from(COMMANDS[name])), draw(BAD)
        if option is None:  # the positional file
            argv[0] = value
        elif option in FLAGS:
            argv.append(option)
        elif option in argv:
            argv[argv.index(option) + 1] = value
        else:
            argv += [option, value]
    return name, argv


class WouldRun(BaseException):  # not caught by main() as an error
    """The command got past every check and would now play its games."""


def _would_run(*_args, **_kwargs):
    raise WouldRun()


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(bad_commands())
def test_a_refused_command_leaves_every_file_as_it_was(tmp_path, capsys, command):
    name, argv = command
    root = tmp_path / "case"
    if root.exists():
        shutil.rmtree(root)
    root.mkdir()
    serialize.save(Game.new(scenario="quick", seed=1), root / "g.json")
    os.mkfifo(root / "F")
    (root / "L").symlink_to(root / "g.json")
    (root / "R").mkdir()
    (root / "R" / "games.csv").write_text("not ours\n")
    (root / "LR").symlink_to(root / "R", target_is_directory=True)
    serialize.save(Game.new(scenario="quick", seed=2), root / "H.json")
    holder = os.open(lock_path(root / "H.json"), os.O_RDWR | os.O_CREAT)  # another game
    fcntl.flock(holder, fcntl.LOCK_EX | fcntl.LOCK_NB)
    before = tree(root)
    cwd = os.getcwd()
    os.chdir(root)
    try:
        with pytest.MonkeyPatch.context() as mp:
            # a command that passes its checks stops where it would play whole games
            import core.game.random_play
            import runners.soak
            import tui.commands.bots
            import tui.plain.ui

            mp.setattr(tui.commands.bots, "run_batch", _would_run)
            mp.setattr(tui.commands.bots, "play", _would_run)
            mp.setattr(runners.soak, "run_soak", _would_run)
            mp.setattr(core.game.random_play, "play_random_game", _would_run)
            mp.setattr(tui.plain.ui, "make_ui", _would_run)
            with contextlib.suppress(ImportError):
                import textual_serve.server

                mp.setattr(textual_serve.server.Server, "serve", _would_run)
            code = main([name, *argv])
    except WouldRun:
        return
    finally:
        os.chdir(cwd)
        os.close(holder)
    _, err = capsys.readouterr()
    if code == 2:
        one_line(err)
        assert tree(root) == before, (name, argv, err)
