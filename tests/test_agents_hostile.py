"""No byte an agent sends ends a game (issue 41, "Why" 1, 3, 4 and 5): every stream is
bounded (line length, nesting, numbers, UTF-8, time to read and to write), a breach is
that agent's failure (one line, the game saved, the seat to its default player), the
failure save never replaces a file nor costs the fallback, agents run in a session of
their own (Ctrl-C reaches the engine, which says bye and ends them and their children),
and a TCP agent beyond this machine needs --agent-remote.

The games are Quick-Play games with the heuristic Government (a few seconds each); every
wait is generous (the agent's answer 120 s) unless the test is about the engine giving
up, where it is short and nothing else waits on it."""

from __future__ import annotations

import json
import os
import shlex
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from agents import connection
from agents.connection import AgentError, ProcessConnection, connect
from agents.seat import AgentPolicy, AgentSetup, AgentStopped
from core.game import Game, serialize
from core.game.editor import SetSeat
from core.pieces import Faction
from runners.games import play
from tui.commands.main import main

ROOT = Path(__file__).resolve().parent.parent
HOSTILE = f"{sys.executable} {ROOT / 'tests' / 'agent_scripts' / 'hostile.py'}"
RANDOM_AGENT = f"{sys.executable} {ROOT / 'examples' / 'random_agent.py'}"
POLICY = AgentPolicy(timeout=120)


def setup_for(faction: Faction, where: str, folder: Path,
              policy: AgentPolicy = POLICY) -> AgentSetup:
    return AgentSetup(((int(faction), where),), policy, str(folder))


def set_seats(game: Game) -> list[dict[str, Any]]:
    return [e for e in game.log if e["command"]["type"] == SetSeat.name]


def eventually(check: object, seconds: float = 60.0) -> bool:
    """Whether ``check()`` comes true within ``seconds`` (polled: a generous bound that
    only a failing test waits out)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():  # type: ignore[operator]
            return True
        time.sleep(0.05)
    return False


def alive(pid: int) -> bool:
    """Whether process ``pid`` runs (a zombie, killed and not yet reaped, does not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state not in ("Z", "X")


# ======================================================================================
# "Why" 1 and 4: an agent's message is its failure, never the game's end
# ======================================================================================
@pytest.mark.parametrize(("mode", "why"), [
    ("nest", "nested more than 32 levels"),          # a line of 5,000 [
    ("float", "not a whole number (1.0)"),           # the schema's integer took 1.0
    ("deep-command", "nested more than 32 levels"),  # a whole command 900 levels deep
    ("endless", "a line longer than 1048576 bytes"),  # no newline, without end
    ("not-utf8", "not UTF-8 text (byte 0xff"),       # was "closed its output"
])
def test_a_hostile_line_is_the_agents_failure_and_the_game_goes_on(
        mode: str, why: str, tmp_path: Path) -> None:
    # 8.0: the seat goes back to the section-8 Non-player; on main these ended the
    # game with RecursionError / TypeError (exit 2, nothing saved), read the endless
    # line into gigabytes, or called bad UTF-8 a closed output
    said: list[str] = []
    game, _ = play(2, "heuristic", "quick", on_agent_failure=said.append,
                   agents=setup_for(Faction.FARC, f"{HOSTILE} {mode}", tmp_path))
    assert game.state.phase == "over"
    assert len(said) == 1 and why in said[0] and "section-8 flowchart takes" in said[0]
    assert "\n" not in said[0]
    assert [c["command"]["faction"] for c in set_seats(game)] == [int(Faction.FARC)]
    saved = serialize.load(tmp_path / "agent-failure-seed2.json")
    assert set_seats(saved)


def test_demo_plays_on_past_a_nested_answer_and_exits_0(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    # the reproduction 1, through the command line: exit 0, one line, a save
    monkeypatch.chdir(tmp_path)
    code = main(["demo", "--scenario", "quick", "--govt", "heuristic", "--seed", "3",
                 "--agent-timeout", "120", "--agent", f"FARC={HOSTILE} nest"])
    err = capsys.readouterr().err
    assert code == 0, err
    assert "unexpected error" not in err
    assert "nested more than 32 levels" in err
    assert (tmp_path / "agent-failure-seed3.json").is_file()


def test_an_agent_that_stops_reading_fails_once_its_input_waits_too_long() -> None:
    # "Why" 4: writes to an agent had no timeout; a program that never reads its input
    # (sleep) now fails once what it was sent waits unread past the timeout
    conn = ProcessConnection(shlex.join([sys.executable, "-c",
                                         "import time; time.sleep(600)"]), timeout=1)
    big = {"type": "trace", "lines": ["x" * 100_000]}

    def refused() -> bool:
        try:
            conn.send(big)
        except AgentError as err:
            assert "did not read what it was sent within 1 seconds" in str(err) or \
                "stopped reading" in str(err)
            return True
        return False

    try:
        assert eventually(refused)
    finally:
        conn.close(failed=True)


def test_a_message_too_large_for_its_numbers_or_text_is_refused() -> None:
    # the bounds of connection.parse, each one plain line (ValueError)
    for line, why in [
        (b'{"type": "answer", "id": 1, "answer": 1e3}', "not a whole number"),
        (b'{"type": "answer", "id": 1, "answer": NaN}', "NaN"),
        (b'{"type": "answer", "id": 1, "answer": ' + b"9" * 5000 + b"}", "too large"),
        (b'{"type": "ready", "name": "\\ud800"}', "not Unicode text"),
        (b'[1]', "not an object"),
    ]:
        with pytest.raises(ValueError, match=why):
            connection.parse(line)
    assert connection.parse(b'{"type": "answer", "id": 1, "answer": [0, 2]}')["answer"] \
        == [0, 2]


# ======================================================================================
# "Why" 3: the failure save
# ======================================================================================
def test_the_failure_save_never_replaces_a_file_and_names_the_agent_and_why(
        tmp_path: Path) -> None:
    # two failing games of one seed in one folder: both saves kept (on main the second
    # replaced the first); the Set Seat names the agent and the reason
    first = tmp_path / "agent-failure-seed2.json"
    first.write_text("mine", encoding="utf-8")
    said: list[str] = []
    play(2, "heuristic", "quick", on_agent_failure=said.append,
         agents=setup_for(Faction.FARC, f"{HOSTILE} float", tmp_path))
    assert first.read_text(encoding="utf-8") == "mine"
    second = tmp_path / "agent-failure-seed2-2.json"
    assert f"game saved to {second}" in said[0]
    change = set_seats(serialize.load(second))[0]
    assert "its agent failed: the agent '" in change["command"]["who"]
    assert "not a whole number" in change["command"]["who"]
    assert "hostile.py float" in change["agent"]


def test_a_failure_save_that_cannot_be_written_costs_not_the_fallback(
        tmp_path: Path) -> None:
    # on main demo exited 2 and the game was lost; now the line says so and play goes on
    said: list[str] = []
    game, _ = play(2, "heuristic", "quick", on_agent_failure=said.append,
                   agents=setup_for(Faction.FARC, f"{HOSTILE} float", tmp_path / "gone"))
    assert game.state.phase == "over"
    assert "the game could not be saved: cannot write" in said[0]
    assert "section-8 flowchart takes the seat" in said[0]


def test_the_game_stops_saved_when_the_user_chose_so_even_without_a_save(
        tmp_path: Path) -> None:
    policy = AgentPolicy(timeout=120, fallback="stop")
    with pytest.raises(AgentStopped, match="the game stops .the game could not be saved"):
        play(2, "heuristic", "quick",
             agents=setup_for(Faction.FARC, f"{HOSTILE} float", tmp_path / "gone", policy))


def test_a_full_disk_is_said_as_such_and_leaves_no_lock_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # "Why" 3: writing the pid into a new lock file on a full disk was taken for a lock
    # file that "keeps changing", and the empty lock file was left behind
    import errno

    from core.files import FileCheckError, SaveLock, lock_path

    real = os.write

    def full(fd: int, data: bytes) -> int:
        if data.endswith(b"\n") and data[:-1].isdigit():
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(fd, data)

    monkeypatch.setattr(os, "write", full)
    save = tmp_path / "game.json"
    with pytest.raises(FileCheckError, match="No space left on device"):
        SaveLock(save).acquire()
    assert not lock_path(save).exists()


# ======================================================================================
# "Why" 5: Ctrl-C, children, timeouts, UTF-8, TCP beyond this machine
# ======================================================================================
def test_ctrl_c_reaches_the_engine_only_which_says_bye_to_the_agent(tmp_path: Path) -> None:
    # on main the agent shared the engine's process group: Ctrl-C reached it, it never
    # got bye, and a Python agent printed a KeyboardInterrupt traceback
    notes = tmp_path / "notes.txt"
    agent = f"{HOSTILE} wait {shlex.quote(str(notes))}"
    engine = subprocess.Popen(
        [sys.executable, "-m", "tui.commands.main", "demo", "--scenario", "quick",
         "--govt", "heuristic", "--seed", "2", "--agent-timeout", "600",
         "--agent", f"FARC={agent}"],
        cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        start_new_session=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        assert eventually(lambda: notes.exists() and "asked" in notes.read_text(), 120)
        os.killpg(engine.pid, signal.SIGINT)  # what the terminal does on Ctrl-C
        err = engine.communicate(timeout=120)[1]
    finally:
        if engine.poll() is None:
            engine.kill()
    assert engine.returncode == 130, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    assert eventually(lambda: "bye" in notes.read_text())


def test_an_agent_runs_in_a_session_of_its_own_and_its_children_end_with_it(
        tmp_path: Path) -> None:
    # "Why" 5: an agent's forked children outlived the game
    pids = tmp_path / "pids.txt"
    conn = ProcessConnection(f"{HOSTILE} fork {shlex.quote(str(pids))}", timeout=120)
    try:
        assert os.getsid(conn.process.pid) == conn.process.pid != os.getsid(0)
        conn.send({"type": "hello"})
        assert conn.receive(120)["type"] == "ready"
        assert eventually(lambda: pids.exists() and pids.read_text().strip())
        child = int(pids.read_text())
        assert alive(child)
    finally:
        conn.close()
    assert eventually(lambda: not alive(child))


def test_an_agent_timeout_past_a_day_is_refused_in_one_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    # "Why" 5: --agent-timeout 1e300 gave OverflowError
    assert main(["demo", "--agent-timeout", "1e300", "--agent", "FARC=x"]) == 2
    err = capsys.readouterr().err
    assert "at most 86400 seconds" in err and "Traceback" not in err
    assert connection.bounded_wait(1e300) == connection.LONGEST_WAIT


def test_a_tcp_agent_beyond_this_machine_needs_agent_remote(
        capsys: pytest.CaptureFixture[str]) -> None:
    # "Why" 5: tcp:0.0.0.0:PORT was accepted with no warning; whoever connected first
    # took the seat
    code = main(["demo", "--scenario", "quick", "--agent", "FARC=tcp:0.0.0.0:7001"])
    err = capsys.readouterr().err
    assert code == 2
    assert "listens beyond this machine" in err and "--agent-remote" in err
    with pytest.raises(AgentError, match="--agent-remote"):
        connect("tcp:0.0.0.0:0", 1)
    assert connection.loopback("127.0.0.1") and connection.loopback("::1")
    assert not connection.loopback("0.0.0.0") and not connection.loopback("example.org")


def test_an_allowed_remote_tcp_agent_is_told_who_may_connect_and_who_did(
        capsys: pytest.CaptureFixture[str]) -> None:
    ports: list[int] = []

    def agent() -> None:
        for _ in range(1200):  # the engine starts listening soon; retried, never timed
            if ports:
                break
            time.sleep(0.05)
        with socket.create_connection(("127.0.0.1", ports[0])) as sock, \
                sock.makefile("r") as inp, sock.makefile("w") as out:
            json.loads(inp.readline())
            out.write('{"type": "ready"}\n')
            out.flush()
            inp.read()

    thread = threading.Thread(target=agent, daemon=True)
    thread.start()
    conn = connect("tcp:0.0.0.0:0", 120, remote=True,
                   on_listen=lambda c: ports.append(c.port))
    try:
        conn.send({"type": "hello"})
        assert conn.receive(120) == {"type": "ready"}
    finally:
        conn.close()
    thread.join(timeout=60)
    assert "an agent connected to 0.0.0.0:" in capsys.readouterr().err


def test_an_answer_of_too_many_ids_is_refused_before_the_schema_reads_them() -> None:
    # a 1 MB line of 500,000 ids kept the engine busy about 20 s in jsonschema before
    # the agent's failure; the schema's maxItems is checked first, in one step
    from agents import protocol

    message = {"type": "answer", "id": 1, "answer": [0] * 500_000}
    with pytest.raises(protocol.ProtocolError, match="500000 option ids, more than 1024"):
        protocol.check(message)
    assert protocol.schema()["$defs"]["answer"]["properties"]["answer"]["anyOf"][1][
        "maxItems"] == protocol.MAX_PICKS
    protocol.check({"type": "answer", "id": 1, "answer": [0] * protocol.MAX_PICKS})
