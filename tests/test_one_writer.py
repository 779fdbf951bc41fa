"""No file lost, third pass (issue 32, "Why" items 1-3): one check and one lock for
every path a command or a running game writes. Each reproduction of the issue is a test
here, each shown to fail on the code before the fix:

1. the lock file is never written through a symbolic link, FIFO or hard link planted in
   its place, and a lock that cannot be taken is an error;
2. one writer per save through every door: the in-game ``save X``, the screen's Load
   key, ``serve play --new --save``, and a read-modify-write ``np-turn`` holding the
   lock from its load to its save;
3. nothing overwritten without ``--force`` (or a yes at the in-game prompt), the
   command's own files compared after resolving links and ``..``.

"Another process" holding a lock is played by :func:`held_elsewhere`: an flock on the
lock file through an open file of its own, which this process's locks do not share."""

from __future__ import annotations

import errno
import fcntl
import io
import os
import shutil
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.errors import AndeanError
from core.files import FileCheckError, SaveLock, lock_path
from core.game import Game, serialize
from tests.test_reliability import WouldRun, _would_run, refused, run, tree
from tui.session import Session

OTHER_PID = 4242  # the pid the lock file of "another process" names


@contextmanager
def held_elsewhere(save: Path) -> Iterator[None]:
    """``save`` locked as another andean process would hold it (its own open file, its
    pid in the lock file); the lock file is removed afterwards, as its holder would."""
    path = lock_path(save)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        os.ftruncate(fd, 0)
        os.write(fd, f"{OTHER_PID}\n".encode())
        yield
    finally:
        path.unlink(missing_ok=True)
        os.close(fd)


def is_held(save: Path) -> bool:
    """Whether someone holds the lock of ``save`` (tried through an open file of our own,
    so a lock of this process counts too)."""
    try:
        fd = os.open(lock_path(save), os.O_RDWR | os.O_NOFOLLOW)
    except FileNotFoundError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)  # (also drops the lock just taken)
    return False


def a_save(path: Path, seed: int = 1) -> Path:
    serialize.save(Game.new(scenario="quick", seed=seed), path)
    return path


@pytest.fixture
def cwd(tmp_path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    a_save(tmp_path / "g.json")
    return tmp_path


# --- Why 1: the lock file followed links -------------------------------------------------
WRITERS = [
    ["new", "--seed", "1", "--out", "game.json"],
    ["np-turn", "g.json", "--faction", "FARC", "--save", "game.json"],
    ["play", "--plain", "--seed", "1", "--save", "game.json"],
    ["report", "g.json", "--out", "game.html"],
]


@pytest.mark.parametrize("planted", ["symlink", "dangling symlink", "hard link", "fifo"])
@pytest.mark.parametrize("argv", WRITERS, ids=lambda a: a[0])
def test_a_planted_lock_file_is_never_written_through(cwd, capsys, planted, argv):
    # issue 32 Why 1: `ln -s $PWD/victim.txt .andean-<sha1>.lock; andean new --out
    # game.json` truncated victim.txt and wrote a pid in it; a FIFO made the lock give up
    victim = cwd / "victim.txt"
    victim.write_text("precious\n")
    lock = lock_path(cwd / argv[-1])
    if planted == "symlink":
        lock.symlink_to(victim)
    elif planted == "dangling symlink":
        lock.symlink_to(cwd / "made-by-andean.txt")
    elif planted == "hard link":
        os.link(victim, lock)
    else:
        os.mkfifo(lock)
    line = refused(capsys, cwd, *argv)
    assert "lock file" in line and "remove it" in line
    assert victim.read_text() == "precious\n"


def test_a_lock_that_cannot_be_taken_is_an_error(cwd, capsys, monkeypatch):
    # issue 32 What to build 1: a file system without locks is no silent go-on
    def no_locks(fd: int, op: int) -> None:
        raise OSError(errno.ENOLCK, "No locks available")

    monkeypatch.setattr(fcntl, "flock", no_locks)
    line = refused(capsys, cwd, "new", "--seed", "1", "--out", "game.json")
    assert "cannot lock" in line and "No locks available" in line


def test_check_output_refuses_a_file_another_process_holds(cwd):
    with held_elsewhere(cwd / "g.json"), pytest.raises(FileCheckError,
                                                      match=f"process {OTHER_PID}"):
        from core.files import check_output

        check_output(cwd / "g.json", "--out", force=True)


# --- Why 2: three doors around one writer -----------------------------------------------
def test_np_turn_holds_the_lock_from_load_to_save(cwd, capsys, monkeypatch):
    # issue 32 Why 2: two concurrent `np-turn g.json --save g.json` lost one turn in 1
    # of 5 runs: the lock covered the write, not the load before it
    seen: list[bool] = []
    load = serialize.load

    def watched(path, *args, **kwargs):
        seen.append(is_held(cwd / "g.json"))  # what a second np-turn would find now
        return load(path, *args, **kwargs)

    monkeypatch.setattr(serialize, "load", watched)
    code, _, err = run(capsys, "np-turn", "g.json", "--faction", "FARC", "--save", "g.json")
    assert code == 0, err
    assert seen == [True]
    assert not is_held(cwd / "g.json") and not lock_path(cwd / "g.json").exists()


def test_a_second_np_turn_on_a_held_save_is_refused(cwd, capsys):
    with held_elsewhere(cwd / "g.json"):
        line = refused(capsys, cwd, "np-turn", "g.json", "--faction", "FARC",
                       "--save", "g.json")
    assert f"process {OTHER_PID}" in line


def _play_plain(capsys, monkeypatch, typed: str, *argv: str) -> str:
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    code, out, err = run(capsys, "play", "--plain", *argv)
    assert code == 0, err
    return out


def test_in_game_save_never_takes_a_file_another_game_holds(cwd, capsys, monkeypatch):
    # issue 32 Why 2: `save a.json` in play --plain replaced the file of the game holding
    # a.json and moved every later autosave there
    held = a_save(cwd / "held.json", seed=2)
    before = held.read_bytes()
    with held_elsewhere(held):
        out = _play_plain(capsys, monkeypatch, "save held.json\nyes\nquit\n",
                          "--seed", "1", "--save", "mine.json")
    assert f"process {OTHER_PID}" in out
    assert held.read_bytes() == before
    assert "Game saved to mine.json" in out  # the game stayed in its own file


def test_in_game_save_over_an_existing_file_asks_first(cwd, capsys, monkeypatch):
    # issue 32 Why 3: the in-game `save notes.txt` replaced an existing file unasked
    notes = cwd / "notes.txt"
    notes.write_text("my notes\n")
    out = _play_plain(capsys, monkeypatch, "save notes.txt\nno\nquit\n",
                      "--seed", "1", "--save", "mine.json")
    assert "Not saved to notes.txt" in out and notes.read_text() == "my notes\n"
    assert "Game saved to mine.json" in out
    out = _play_plain(capsys, monkeypatch, "save notes.txt\nyes\nquit\n",
                      "--load", "mine.json")
    assert "Game saved to notes.txt" in out
    assert serialize.load(notes).state == serialize.load(cwd / "mine.json").state
    assert not list(cwd.glob("*.lock")) and not list(cwd.glob(".*.lock"))


def test_a_game_moved_to_another_file_takes_its_lock_first(cwd):
    # issue 32 What to build 1: the new file's lock first, then the old one dropped
    lock = SaveLock(cwd / "g.json")
    lock.acquire()
    session = Session(serialize.load(cwd / "g.json"), cwd / "g.json", lock)
    other = a_save(cwd / "other.json", seed=2)
    before = other.read_bytes()
    with held_elsewhere(other):
        with pytest.raises(FileCheckError, match="in use"):
            session.save(other, replace=True)
        with pytest.raises(FileCheckError, match="in use"):  # the screen's Load key
            session.load_instead(other)
    assert other.read_bytes() == before
    assert session.path == cwd / "g.json" and lock.save == cwd / "g.json"
    with pytest.raises(FileCheckError, match="already exists"):  # not asked to replace
        session.save(other)
    session.save(cwd / "moved.json")  # `save moved.json`
    assert is_held(cwd / "moved.json") and not is_held(cwd / "g.json")
    loaded = session.load_instead(other)  # the Load key
    assert loaded.lock is lock and loaded.path == other
    assert is_held(other) and not is_held(cwd / "moved.json")
    assert loaded.load_instead(other).lock is lock  # the same file again: no self-lock
    lock.release()
    assert not is_held(other) and not list(cwd.glob(".andean-*.lock"))


def test_the_load_key_takes_the_new_files_lock(cwd):
    # issue 32 Why 2: the Load key (o) retargeted autosaves without the new file's lock
    from tui.controller import Controller
    from tui.screens.play import PlayApp

    lock = SaveLock(cwd / "g.json")
    lock.acquire()
    app = PlayApp(Controller(Session(serialize.load(cwd / "g.json"), cwd / "g.json", lock)))
    other = a_save(cwd / "other.json", seed=2)
    app.push_screen = lambda _screen, done: done(str(other))  # type: ignore[method-assign]
    app.notify = lambda *a, **k: None  # type: ignore[method-assign]
    app.refresh_all = lambda: None  # type: ignore[method-assign]
    app.auto_nonplayers = False
    app.action_load()
    assert app.controller.session.path == other
    assert is_held(other) and not is_held(cwd / "g.json")
    lock.release()


def test_serve_new_never_replaces_a_save_a_running_game_holds(cwd, capsys, monkeypatch):
    # issue 32 Why 2: `andean serve play --new --save held.json` overwrote the save a
    # running play held (play --new is refused)
    pytest.importorskip("textual_serve")
    import textual_serve.server

    monkeypatch.setattr(textual_serve.server.Server, "serve", _would_run)
    with held_elsewhere(cwd / "g.json"):
        line = refused(capsys, cwd, "serve", "play", "--new", "--save", "g.json")
        assert f"process {OTHER_PID}" in line
        for app in ("play", "assist"):  # resumed in every tab: refused at once too
            assert "in use" in refused(capsys, cwd, "serve", app, "--save", "g.json")
    with pytest.raises(WouldRun):  # free: served
        run(capsys, "serve", "play", "--save", "g.json")
    assert not is_held(cwd / "g.json")


# --- Why 3: overwritten without --force ----------------------------------------------------
OVERWRITES = [
    ["report", "g.json", "--out", "other.html"],
    ["map", "g.json", "--out", "board.svg"],
    ["soak", "--games", "1", "--out", "other.json"],
    ["demo", "--govt", "heuristic", "--seed", "1", "--report", "notes.txt"],
    ["demo", "--govt", "heuristic", "--seed", "1", "--save", "notes.txt"],
    ["np-turn", "g.json", "--faction", "FARC", "--save", "notes.txt"],
    ["event", "g.json", "--card", "5", "--faction", "FARC", "--save", "notes.txt"],
    ["play", "--plain", "--load", "g.json", "--save", "notes.txt"],
    ["assist", "--plain", "--load", "g.json", "--save", "notes.txt"],
    ["batch", "--games", "1", "--out", "B", "--report", "notes.txt"],
]


@pytest.mark.parametrize("argv", OVERWRITES, ids=lambda a: f"{a[0]} {a[-2]}")
def test_an_existing_file_is_replaced_only_with_force(cwd, capsys, monkeypatch, argv):
    # issue 32 Why 3: each of these replaced an existing file without --force
    a_save(cwd / "other.json", seed=2)
    (cwd / "notes.txt").write_text("my notes\n")
    (cwd / "board.svg").write_text("<svg/>\n")
    (cwd / "other.html").write_text("<p>my page</p>\n")
    line = refused(capsys, cwd, *argv)
    assert "already exists" in line and "--force" in line
    import runners.soak
    import tui.commands.bots
    import tui.plain.ui

    for module, name in ((tui.commands.bots, "run_batch"), (tui.commands.bots, "play"),
                         (runners.soak, "run_soak"), (tui.plain.ui, "make_ui")):
        monkeypatch.setattr(module, name, _would_run)
    try:  # with --force the command goes on (stopped here before it plays or writes)
        code, _, err = run(capsys, *argv, "--force")
    except WouldRun:
        return
    assert code == 0, err


FORCED = [
    ["new", "--seed", "1", "--out", "held.json", "--force"],
    ["random-game", "--scenario", "quick", "--seed", "1", "--save", "held.json", "--force"],
    ["np-turn", "g.json", "--faction", "FARC", "--save", "held.json", "--force"],
    ["report", "g.json", "--out", "held.html", "--force"],
    ["soak", "--games", "1", "--out", "held.json", "--force"],
    ["demo", "--govt", "heuristic", "--seed", "1", "--save", "held.json", "--force"],
    ["play", "--plain", "--load", "g.json", "--save", "held.json", "--force"],
    ["play", "--plain", "--new", "--save", "held.json"],
]


@pytest.mark.parametrize("argv", FORCED, ids=lambda a: " ".join(a[:1] + a[-3:-1]))
def test_a_save_a_running_game_holds_is_never_replaced_even_with_force(cwd, capsys, argv):
    # issue 32 Why 3: `soak --out held.json` replaced the save of a running game;
    # --force (or --new) replaces a file, never one another andean process holds
    name = next(a for a in argv if a.startswith("held."))  # report writes only .html
    held = a_save(cwd / name, seed=2)
    with held_elsewhere(held):
        line = refused(capsys, cwd, *argv)
    assert f"process {OTHER_PID}" in line


def test_np_turn_still_writes_back_over_its_own_save(cwd, capsys):
    # the read-modify-write of a save needs no --force, under any name of the file
    (cwd / "D").mkdir()
    code, _, err = run(capsys, "np-turn", "g.json", "--faction", "FARC", "--save",
                       "D/../g.json")
    assert code == 0, err
    os.link(cwd / "g.json", cwd / "same.json")  # the same file under another name
    code, _, err = run(capsys, "np-turn", "same.json", "--faction", "AUC", "--save",
                       "g.json")
    assert code == 0, err


@pytest.mark.parametrize("own", ["B/../B/games.csv", "C/summary.json", "C/run.json"])
@pytest.mark.parametrize("flag", ["--report", "--plot"])
def test_batch_never_writes_its_pictures_over_its_own_rows(cwd, capsys, monkeypatch, own,
                                                           flag):
    # issue 32 Why 3: `batch --report b/../b/games.csv` (or a linked folder) replaced
    # the batch's own rows: the guard compared Path.absolute(), which keeps '..' and links
    if flag == "--plot":
        pytest.importorskip("matplotlib")
    (cwd / "B").mkdir()
    (cwd / "B" / "games.csv").write_text("rows of another run\n")
    (cwd / "C").symlink_to(cwd / "B", target_is_directory=True)
    monkeypatch.setattr("tui.commands.bots.run_batch", _would_run)
    line = refused(capsys, cwd, "batch", "--games", "1", "--out", "B", "--force", flag, own)
    assert "run's own files" in line


def test_batch_resume_never_appends_through_a_linked_games_csv(cwd, capsys, monkeypatch):
    # issue 32 Why 3: `batch --resume` appended through a symlinked games.csv (and cut
    # its last line) before refusing it
    from runners.games import CSV_FIELDS

    real = cwd / "elsewhere.csv"
    real.write_text(",".join(CSV_FIELDS) + "\n" + "1,cut sho")  # a last row cut short
    (cwd / "B").mkdir()
    (cwd / "B" / "games.csv").symlink_to(real)
    monkeypatch.setattr("tui.commands.bots.run_batch", _would_run)
    line = refused(capsys, cwd, "batch", "--games", "2", "--out", "B", "--resume")
    assert "symbolic link" in line


# --- the file tree after a refusal, through the new doors ---------------------------------
DOORS = st.sampled_from(["save", "load"])
TARGETS = st.sampled_from([
    "held.json",            # held by another game
    "L",                    # a symbolic link to a save
    "F",                    # a FIFO
    "D",                    # a directory
    "nodir/x.json",         # a directory that does not exist
    "notes.txt",            # an existing file, no yes given (save) / not a save (load)
    "D/../notes.txt",       # the same, through '..'
    "LD/notes.txt",         # the same, through a linked folder
    "/dev/null",
    "x" * 300,              # a name too long
])


@settings(max_examples=30, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(DOORS, TARGETS)
def test_a_refused_move_of_a_running_game_changes_nothing(tmp_path, door, target):
    # issue 32 What to build 5: the in-game save and the Load key refused (with one
    # line) leave every file as it was, the game in its file, holding its lock
    root = tmp_path / "case"
    if root.exists():
        shutil.rmtree(root)
    root.mkdir()
    a_save(root / "g.json")
    a_save(root / "held.json", seed=2)
    os.mkfifo(root / "F")
    (root / "L").symlink_to(root / "held.json")
    (root / "D").mkdir()
    (root / "LD").symlink_to(root / "D", target_is_directory=True)
    (root / "notes.txt").write_text("my notes\n")
    (root / "D" / "notes.txt").write_text("more notes\n")
    cwd = os.getcwd()
    os.chdir(root)
    try:
        with SaveLock(root / "g.json") as lock, held_elsewhere(root / "held.json"):
            session = Session(serialize.load(root / "g.json"), root / "g.json", lock)
            before = tree(root)
            with pytest.raises((AndeanError, OSError, ValueError)) as refusal:
                if door == "save":
                    session.save(target)
                else:
                    session.load_instead(target)
            assert len(str(refusal.value).splitlines()) == 1
            assert tree(root) == before, (door, target, refusal.value)
            assert session.path == root / "g.json" and is_held(root / "g.json")
    finally:
        os.chdir(cwd)


def test_batch_resume_reads_its_rows_under_the_folders_lock(cwd, capsys, monkeypatch):
    # issue 32 What to build 1: a read-modify-write holds the lock from load to save;
    # `batch --resume` reads games.csv and appends to it
    import runners.games
    from runners.games import CSV_FIELDS

    (cwd / "B").mkdir()
    rows = cwd / "B" / "games.csv"
    rows.write_text(",".join(CSV_FIELDS) + "\n")
    with held_elsewhere(rows):  # another batch runs in B
        line = refused(capsys, cwd, "batch", "--games", "1", "--out", "B", "--resume")
    assert f"process {OTHER_PID}" in line
    seen: list[bool] = []
    read = runners.games.read_csv

    def watched(path):
        seen.append(is_held(rows))
        return read(path)

    monkeypatch.setattr(runners.games, "read_csv", watched)
    monkeypatch.setattr("tui.commands.bots.run_batch", _would_run)
    with pytest.raises(WouldRun):
        run(capsys, "batch", "--games", "1", "--out", "B", "--resume")
    assert seen == [True]
    assert not is_held(rows)


def test_serve_assist_copies_its_load_once(cwd, capsys, monkeypatch):
    # one writer per save: `serve assist --load X --save Y` passed --load X to every tab,
    # so a second tab started again from X over the game the first had saved in Y
    pytest.importorskip("textual_serve")
    import textual_serve.server

    commands: list[str] = []

    class Server:
        def __init__(self, command: str, **_kwargs: object) -> None:
            commands.append(command)

        def serve(self) -> None:
            raise WouldRun()

    monkeypatch.setattr(textual_serve.server, "Server", Server)
    with pytest.raises(WouldRun):
        run(capsys, "serve", "assist", "--load", "g.json", "--save", "y.json")
    assert "--load" not in commands[0] and str(cwd / "y.json") in commands[0]
    assert serialize.load(cwd / "y.json").state == serialize.load(cwd / "g.json").state
    (cwd / "notes.txt").write_text("my notes\n")  # and never over another file unasked
    line = refused(capsys, cwd, "serve", "assist", "--load", "g.json", "--save", "notes.txt")
    assert "--force" in line
