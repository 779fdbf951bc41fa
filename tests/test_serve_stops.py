"""``andean serve`` ends cleanly and leaves no orphan (issue 32 item 5): the port and the
host are checked before anything is written, a stop is 130/143/129 like any command's,
a tab's game process ends when the server's pipe to it closes (its tab or the server
gone: it ran on for ever, holding the save's lock), and a tab's game refused at start
shows its line in the browser instead of the splash screen. Loopback only; every wait
is for an event, with a generous bound."""

from __future__ import annotations

import contextlib
import json
import os
import select
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("textual_serve")

from core.files import SaveLock  # noqa: E402
from core.game import (
    Game,  # noqa: E402
    serialize,  # noqa: E402
)
from tui.commands.main import main  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
ENV = dict(os.environ, PYTHONPATH=str(REPO))
PLAY = ["play", "--as", "FARC", "--govt", "heuristic", "--scenario", "quick", "--seed", "1",
        "--new"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _tree(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in root.rglob("*") if p.is_file()}


@pytest.mark.parametrize("port", ["99999", "0", "http"])
def test_a_bad_port_is_one_line_and_writes_nothing(tmp_path, capsys, port) -> None:
    before = _tree(tmp_path)
    code = main(["serve", "--port", port, *PLAY, "--save", str(tmp_path / "sv.json")])
    err = capsys.readouterr().err
    assert code == 2 and "--port" in err and "OverflowError" not in err, err
    assert _tree(tmp_path) == before


def test_a_busy_port_is_refused_before_the_save_is_written(tmp_path, capsys) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code = main(["serve", "--port", str(port), *PLAY, "--save", str(tmp_path / "sv.json")])
    err = capsys.readouterr().err
    assert code == 2 and "cannot serve on 127.0.0.1" in err, err
    assert not (tmp_path / "sv.json").exists()  # the save was written, then refused


@pytest.mark.parametrize(("number", "code"),
                         [(signal.SIGINT, 130), (signal.SIGTERM, 143), (signal.SIGHUP, 129)])
def test_serve_stops_with_the_signals_exit_status(tmp_path, number, code) -> None:
    port = _free_port()
    serve = subprocess.Popen(  # noqa: S603 - our own command line
        [sys.executable, "-m", "tui.commands.main", "serve", "--port", str(port), *PLAY,
         "--save", str(tmp_path / "sv.json")], cwd=tmp_path, env=ENV,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while True:  # listening: the event to wait for
            assert serve.poll() is None and time.monotonic() < deadline, serve.stdout
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.2)
        serve.send_signal(number)
        out, _ = serve.communicate(timeout=120)
    finally:
        if serve.poll() is None:
            os.killpg(serve.pid, signal.SIGKILL)
            serve.wait()
    assert serve.returncode == code, out[-2000:]
    assert "stopped; the game is saved in" in out and "Traceback" not in out


def _tab(tmp_path: Path, save: Path) -> subprocess.Popen:
    """A tab's game process as textual-serve starts it (pipes for the browser's bytes)."""
    from tui.commands.served import DRIVER

    return subprocess.Popen(  # noqa: S603 - our own command line
        [sys.executable, "-m", "tui.commands.served", "play", "--save", str(save)], cwd=tmp_path,
        env=dict(ENV, TEXTUAL_DRIVER=DRIVER, COLUMNS="400", ROWS="24"),  # (no wrapping)
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def _read_until(proc: subprocess.Popen, marker: bytes, seconds: float = 120) -> bytes:
    assert proc.stdout is not None
    seen = b""
    deadline = time.monotonic() + seconds
    while marker not in seen:
        assert time.monotonic() < deadline, seen[-2000:]
        ready, _, _ = select.select([proc.stdout], [], [], 1.0)
        if ready:
            chunk = os.read(proc.stdout.fileno(), 65536)
            assert chunk, seen[-2000:]
            seen += chunk
    return seen


def _ends(proc: subprocess.Popen) -> int:
    """The pipe from the server closed (its tab went), the output drained: the exit code
    (120 s: a bound on an orphan, which never ended)."""
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.close()
    os.set_blocking(proc.stdout.fileno(), False)
    deadline = time.monotonic() + 120
    while proc.poll() is None and time.monotonic() < deadline:
        select.select([proc.stdout], [], [], 0.5)
        with contextlib.suppress(BlockingIOError):
            os.read(proc.stdout.fileno(), 65536)
    if proc.poll() is None:
        proc.kill()
        proc.wait()
        raise AssertionError("the tab's game ran on after its pipe closed")
    return proc.returncode


def test_a_tabs_game_ends_when_its_pipe_closes(tmp_path) -> None:
    save = tmp_path / "g.json"
    serialize.save(Game.new("standard", seed=1), save)
    tab = _tab(tmp_path, save)
    _read_until(tab, b"__GANGLION__")  # the app is up
    assert _ends(tab) == 0
    with SaveLock(save):  # the lock went with the process
        pass


def test_a_tab_refused_at_start_shows_its_line_in_the_browser(tmp_path) -> None:
    save = tmp_path / "g.json"
    serialize.save(Game.new("standard", seed=1), save)
    with SaveLock(save):  # another game holds the save
        tab = _tab(tmp_path, save)
        shown = _read_until(tab, b"in use by")  # drawn by the tab's app, after its prelude
        assert b"__GANGLION__" in shown
        assert _ends(tab) == 2


def _meta(proc: subprocess.Popen, data: dict) -> None:
    """A meta packet from the server to the tab's game (textual-serve's encoding)."""
    assert proc.stdin is not None
    payload = json.dumps(data).encode()
    proc.stdin.write(b"M" + len(payload).to_bytes(4, "big") + payload)
    proc.stdin.flush()


def _stalled(tmp_path: Path) -> subprocess.Popen:
    """A tab's game whose browser dropped while it drew: textual-serve's reader of the
    game's output ends at the first write to the closed websocket, so nothing reads the
    game's pipe any more; the game draws on (a few screens, more than the pipe holds) and
    blocks writing. Its pipe from the server stays open (the server runs on)."""
    save = tmp_path / "g.json"
    serialize.save(Game.new("standard", seed=1), save)
    tab = _tab(tmp_path, save)
    _read_until(tab, b"__GANGLION__")  # the app is up; from here on no one reads
    for width in range(300, 310):  # each a whole new screen to draw
        _meta(tab, {"type": "resize", "width": width, "height": 100})
    return tab


def _waited(proc: subprocess.Popen) -> int:
    """The exit code, its output never read (120 s: a bound on an orphan)."""
    try:
        return proc.wait(timeout=120)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        raise AssertionError("the tab's game ran on, blocked writing to its tab") from None


def test_a_tabs_game_blocked_drawing_ends_when_its_tab_goes(tmp_path) -> None:
    # The browser's tab died (chromium ended) while the game drew: textual-serve sends
    # "quit" and no longer reads. The game ran on for ever (newcomer trial, issue 43
    # item 1), holding the save's lock: every new tab said "in use by process N".
    tab = _stalled(tmp_path)
    _meta(tab, {"type": "quit"})
    assert _waited(tab) == 0
    with SaveLock(tmp_path / "g.json"):  # the lock went with the process
        pass


@pytest.mark.parametrize(("number", "code"), [(signal.SIGTERM, 143), (signal.SIGINT, 130),
                                              (signal.SIGHUP, 129)])
def test_a_tabs_game_blocked_drawing_ends_on_a_stop(tmp_path, number, code) -> None:
    # asyncio's signal handlers restart the blocked write (SA_RESTART) and wait for the
    # event loop, which the write holds: SIGTERM, SIGINT, SIGHUP went unheard.
    tab = _stalled(tmp_path)
    time.sleep(1)  # (not a bound: the stop also works before the pipe is full)
    tab.send_signal(number)
    assert _waited(tab) == code
