"""How the engine talks to an agent: JSON lines over a child process's pipes, or over a
TCP connection the agent opens to a port the engine listens on.

An agent is named by the text of ``--agent SEAT=WHERE``: a command line run as a child
process (``python3 mybot.py``; its stdin and stdout carry the protocol, its stderr is
left to the terminal for the agent's own messages), or ``tcp:PORT`` / ``tcp:HOST:PORT``:
the engine listens there (host ``127.0.0.1`` unless one is given, as ``andean serve``
binds) and waits for the agent to connect. A host beyond this machine is refused unless
the user allows it (``remote``: ``--agent-remote``): whoever connects first takes the
seat, with no authentication.

Everything an agent sends is bounded, so no byte it writes can end a game (issue 41):
a line is at most :data:`MAX_LINE` bytes of UTF-8, a message nests at most
:data:`MAX_DEPTH` levels, its numbers are whole numbers below 2**53 (``1.0``, ``1e3``,
``NaN`` refused), every string Unicode text; each answer is waited for at most the
policy's time (itself at most :data:`LONGEST_WAIT`). What the engine writes goes through
a thread, so an agent that stops reading stalls nothing: once what it was sent has not
been taken for that time (or more than :data:`MAX_UNREAD` bytes wait), it has failed.
Any breach raises :class:`AgentError` with one plain line; the caller hands the seat
over or stops the game.

A child process runs in a session of its own (``start_new_session``): the person's
Ctrl-C reaches the engine only, which then says ``bye`` to each agent; when an agent is
let go, its whole process group (the children it forked) is ended with it.

Lines are read by a thread into a bounded queue (:data:`BACKLOG` lines ahead), so a
reply can be awaited for a bounded time: :meth:`Connection.receive` raises
:class:`AgentError` when the agent is silent too long, has closed its output (crashed,
exited) or wrote something the bounds above refuse.
"""

from __future__ import annotations

import atexit
import contextlib
import ipaddress
import json
import os
import queue
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import weakref
from collections import deque
from collections.abc import Callable
from typing import Any

from agents import builtin
from agents.protocol import Lines
from core.files import shown
from core.words import printable

#: the longest line an agent may write, in bytes (its answers are a few dozen bytes, a
#: whole command a few thousand)
MAX_LINE = 1 << 20
#: the deepest nesting of ``[`` and ``{`` in an agent's message (a whole command nests
#: about 6)
MAX_DEPTH = 32
#: the largest number (in absolute value) an agent's message may hold
MAX_NUMBER = 2**53
#: lines read ahead of the engine's asking; then the agent's writes wait
BACKLOG = 16
#: bytes the engine may have written that the agent has not yet taken
MAX_UNREAD = 64 << 20
#: the longest wait, in seconds, the engine accepts for an agent (a day)
LONGEST_WAIT = 86400.0
#: how long an agent that was let go (not failed) has to exit after its input ends
EXIT_WAIT = 5.0


class AgentError(Exception):
    """The agent failed (silent, slow, crashed, malformed or illegal): one line."""


class AgentSilent(AgentError):
    """The agent wrote nothing within the time it had (``where``, ``timeout``)."""

    def __init__(self, message: str, where: str, timeout: float) -> None:
        super().__init__(message)
        self.where, self.timeout = where, timeout


def quoted(where: str) -> str:
    """The agent's command (or tcp:PORT) as every line about it quotes it: in single
    quotes, cut to :data:`core.files.ECHO` characters ('...'), control characters shown
    escaped (:func:`core.words.printable`).

    >>> quoted("python3 bot.py"), quoted("x" * 100)[-6:]
    ("'python3 bot.py'", "xx...'")
    """
    return f"'{printable(shown(where))}'"


def bounded_wait(seconds: float) -> float:
    """``seconds`` as a wait the engine takes: at most :data:`LONGEST_WAIT` (a thread's
    wait cannot be longer than ``threading.TIMEOUT_MAX``)."""
    return max(0.0, min(float(seconds), LONGEST_WAIT))


_EOF = object()


class _Broken:
    """What the reader met that ends the stream: the agent's failure, in words."""

    def __init__(self, why: str) -> None:
        self.why = why


class _Refused(ValueError):
    """A message the bounds refuse (:func:`parse`)."""


def _no_float(text: str) -> Any:
    raise _Refused(f"a number that is not a whole number ({shown(text, 20)})")


def _no_constant(text: str) -> Any:
    raise _Refused(f"{text}, which is not a number JSON allows")


def _bounded_int(text: str) -> int:
    digits = text.lstrip("-")
    if len(digits) > 16 or abs(int(text)) >= MAX_NUMBER:
        raise _Refused(f"a number too large ({shown(text, 20)})")
    return int(text)


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKETS = re.compile(r"[\[\]{}]")


def nesting(text: str) -> int:
    """The deepest nesting of ``[`` and ``{`` in the JSON ``text`` (strings skipped).

    >>> nesting('{"a": [1, [2]], "b": "[[[["}')
    3
    """
    depth = deepest = 0
    for mark in _BRACKETS.findall(_STRING.sub("", text)):
        if mark in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def parse(line: bytes) -> dict[str, Any]:
    """One line an agent wrote, as a JSON object within the bounds (AgentError-free:
    ValueError saying why, in words, for anything else)."""
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError as err:
        raise ValueError(f"wrote a line that is not UTF-8 text (byte "
                         f"0x{line[err.start]:02x} at {err.start})") from None
    if nesting(text) > MAX_DEPTH:
        raise ValueError(f"wrote JSON nested more than {MAX_DEPTH} levels deep")
    try:
        data = json.loads(text, parse_float=_no_float, parse_constant=_no_constant,
                          parse_int=_bounded_int)
    except _Refused as err:
        raise ValueError(f"wrote {err}: {shown(text)!r}") from None
    except (ValueError, RecursionError):
        raise ValueError(f"wrote a line that is not JSON: {shown(text)!r}") from None
    if not isinstance(data, dict):
        raise ValueError(f"wrote JSON that is not an object: {shown(text)!r}")
    try:
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate escaped: \ud800
        raise ValueError(f"wrote a string that is not Unicode text: {shown(text)!r}") \
            from None
    return data


def _pump(read: Callable[[], bytes], lines: queue.Queue[Any],
          closed: threading.Event) -> None:
    """Read lines (``read``: one line of at most :data:`MAX_LINE` + 1 bytes) into
    ``lines``; :data:`_EOF` once the stream closes, a :class:`_Broken` for a line too
    long (the stream is then read no more). Never raises: the thread ends quietly."""
    item: Any = _EOF
    try:
        while not closed.is_set():
            line = read()
            if not line:
                break
            if len(line) > MAX_LINE and not line.endswith(b"\n"):
                item = _Broken(f"wrote a line longer than {MAX_LINE} bytes")
                break
            if not _put(lines, line, closed):
                return
    except Exception:  # noqa: BLE001 - an OSError, a MemoryError: the stream is over
        item = _EOF
    _put(lines, item, closed)


def _put(lines: queue.Queue[Any], item: Any, closed: threading.Event) -> bool:
    """Put ``item`` once there is room (False: the connection was closed meanwhile)."""
    while not closed.is_set():
        try:
            lines.put(item, timeout=0.5)
            return True
        except queue.Full:
            continue
    return False


class _Writer:
    """The engine's messages to one agent, written by a thread of their own: ``write``
    each in turn, ``finish`` once closed and written. :meth:`stalled` says whether
    what waits has not moved for a time."""

    def __init__(self, write: Callable[[bytes], None], finish: Callable[[], None]) -> None:
        self._write, self._finish = write, finish
        self._queue: deque[bytes] = deque()
        self._cond = threading.Condition()
        self.unread = 0
        self.moved = time.monotonic()
        self.error: str | None = None
        self.closing = False
        self.done = threading.Event()
        threading.Thread(target=self._run, daemon=True).start()

    def put(self, data: bytes) -> None:
        with self._cond:
            if not self._queue:
                self.moved = time.monotonic()
            self._queue.append(data)
            self.unread += len(data)
            self._cond.notify()

    def stalled(self, seconds: float) -> bool:
        with self._cond:
            return self.unread > 0 and time.monotonic() - self.moved > seconds

    def close(self) -> None:
        with self._cond:
            self.closing = True
            self._cond.notify()

    def _run(self) -> None:
        try:
            while True:
                with self._cond:
                    while not self._queue and not self.closing:
                        self._cond.wait()
                    if not self._queue:
                        break
                    data = self._queue[0]
                try:
                    self._write(data)
                except Exception as err:  # noqa: BLE001 - the agent's end is gone
                    with self._cond:
                        self.error = getattr(err, "strerror", None) or type(err).__name__
                        self._queue.clear()
                        self.unread = 0
                    break
                with self._cond:
                    self._queue.popleft()
                    self.unread -= len(data)
                    self.moved = time.monotonic()
        finally:
            with contextlib.suppress(Exception):
                self._finish()
            self.done.set()


def _write_all(fd: int) -> Callable[[bytes], None]:
    def write(data: bytes) -> None:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
    return write


class Connection:
    """One agent's line stream: :meth:`send` a message, :meth:`receive` a reply.
    ``timeout``: how long what is sent may wait unread before the agent has failed."""

    def __init__(self, where: str, timeout: float = 30.0) -> None:
        self.where = where
        self.timeout = bounded_wait(timeout)
        self._lines: queue.Queue[Any] = queue.Queue(BACKLOG)
        self._stop = threading.Event()
        self._writer: _Writer | None = None
        self._closed = False
        self._lines_out = Lines()

    def _start(self, read: Callable[[], bytes], write: Callable[[bytes], None],
               finish: Callable[[], None]) -> None:
        self._writer = _Writer(write, finish)
        threading.Thread(target=_pump, args=(read, self._lines, self._stop),
                         daemon=True).start()

    def send(self, message: dict[str, Any]) -> None:
        """Hand ``message`` to the writer (AgentError: the agent stopped reading: what
        it was sent waits unread longer than ``timeout`` or is too much, or its input
        is gone)."""
        writer = self._writer
        if writer is None or self._closed:
            raise AgentError(f"the agent {self.where} is not connected")
        self._check_writer()
        data = self._lines_out.line(message)
        if writer.unread + len(data) > MAX_UNREAD:
            raise AgentError(f"the agent {self.where} stopped reading its input (more "
                             f"than {MAX_UNREAD >> 20} MB it was sent wait unread)")
        writer.put(data)

    def _check_writer(self) -> None:
        writer = self._writer
        assert writer is not None
        if writer.error is not None:
            raise AgentError(f"the agent {self.where} stopped reading ({writer.error})")
        if writer.stalled(self.timeout):
            raise AgentError(f"the agent {self.where} did not read what it was sent "
                             f"within {self.timeout:g} seconds")

    def receive(self, timeout: float) -> dict[str, Any]:
        """The agent's next message (AgentError: none within ``timeout`` seconds, the
        stream closed, or a line the bounds refuse: :func:`parse`). Blank lines are
        skipped, within the same ``timeout``: an agent writing only blank lines is a
        silent one (:class:`AgentSilent`)."""
        timeout = bounded_wait(timeout)
        deadline = time.monotonic() + timeout
        line = b""
        while not line:
            try:
                item = self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                if self._writer is not None:
                    self._check_writer()
                raise AgentSilent(f"the agent {self.where} gave no answer within "
                                  f"{timeout:g} seconds", self.where, timeout) from None
            if item is _EOF or isinstance(item, _Broken):
                self._lines.put(item)  # room: this get took one
                if isinstance(item, _Broken):
                    raise AgentError(f"the agent {self.where} {item.why}")
                raise AgentError(f"the agent {self.where} closed its output"
                                 f"{self.exit_note()}")
            line = item.strip()
        try:
            return parse(line)
        except ValueError as err:
            raise AgentError(f"the agent {self.where} {err}") from None

    def exit_note(self) -> str:
        return ""

    def close(self, failed: bool = False) -> None:
        """Close the stream once what was sent is written (``failed``: at once)."""
        self._closed = True
        self._stop.set()
        if self._writer is not None:
            self._writer.close()


#: the agents' processes still running, ended when the engine exits whatever happened
_RUNNING: weakref.WeakSet[ProcessConnection] = weakref.WeakSet()


class ProcessConnection(Connection):
    """A child process speaking the protocol on its stdin and stdout, in a session (and
    process group) of its own, in a fresh empty working folder of its own (removed when
    it ends), not the caller's: a batch's files (run.json, games.csv, saves) are not
    where the agent starts. A word of the command naming a file of the caller's folder
    (``python3 mybot.py``) is given as its full path. This is no wall: the agent runs
    with the user's file access (docs/agents.md, "The seed is the secret")."""

    def __init__(self, command: str, timeout: float = 30.0,
                 env: dict[str, str] | None = None) -> None:
        super().__init__(quoted(command), timeout)
        try:
            args = shlex.split(command)
        except ValueError as err:
            raise AgentError(f"cannot read the agent command {quoted(command)}: {err}") from None
        if not args:
            raise AgentError("the agent command is empty")
        args = [os.path.abspath(a) if not os.path.isabs(a) and os.path.isfile(a) else a
                for a in args]
        self.folder = tempfile.mkdtemp(prefix="andean-agent-")
        try:
            self.process = subprocess.Popen(
                args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                start_new_session=True, cwd=self.folder, env=env)
        except (OSError, ValueError) as err:
            shutil.rmtree(self.folder, ignore_errors=True)
            why = getattr(err, "strerror", None) or str(err)
            raise AgentError(f"cannot start the agent {quoted(command)}: {why}") from None
        _RUNNING.add(self)
        stdin, stdout = self.process.stdin, self.process.stdout
        assert stdin is not None and stdout is not None
        self._start(lambda: stdout.readline(MAX_LINE + 1), _write_all(stdin.fileno()),
                    stdin.close)

    def exit_note(self) -> str:
        try:
            code = self.process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            return ""
        return f" (it exited with code {code})"

    def close(self, failed: bool = False) -> None:
        """Close its stdin once what was sent is written and wait for it to end
        (:data:`EXIT_WAIT` seconds, then it is killed); a failed agent is killed at
        once. Either way its process group (what it forked) is ended with it."""
        super().close()
        try:
            if failed:  # the bye, if it can be written at once
                assert self._writer is not None
                self._writer.done.wait(1.0)
            else:
                with contextlib.suppress(subprocess.TimeoutExpired):
                    self.process.wait(timeout=EXIT_WAIT)
        finally:
            self.end()

    def end(self) -> None:
        """Kill the agent and its process group (nothing left running), and reap it."""
        with contextlib.suppress(OSError):
            os.killpg(self.process.pid, signal.SIGKILL)
        with contextlib.suppress(OSError):
            self.process.kill()
        with contextlib.suppress(Exception):
            self.process.wait(timeout=EXIT_WAIT)
        for stream in (self.process.stdout,):
            with contextlib.suppress(Exception):
                if stream is not None:
                    stream.close()
        shutil.rmtree(self.folder, ignore_errors=True)
        _RUNNING.discard(self)


@atexit.register
def _end_agents() -> None:
    """The engine exits (an error, a second Ctrl-C): no agent outlives it."""
    for conn in list(_RUNNING):
        conn.end()


def tcp_address(where: str) -> tuple[str, int] | None:
    """``tcp:PORT`` or ``tcp:HOST:PORT`` as (host, port); None for a command line."""
    if not where.startswith("tcp:"):
        return None
    host, _, port = where[4:].rpartition(":")
    if not port.isdigit() or not 0 <= int(port) <= 65535:
        raise AgentError(f"{quoted(where)}: a TCP agent is tcp:PORT or tcp:HOST:PORT")
    return (host or "127.0.0.1", int(port))


def loopback(host: str) -> bool:
    """Whether listening on ``host`` takes connections from this machine only.

    >>> loopback("127.0.0.1"), loopback("localhost"), loopback("::1"), loopback("0.0.0.0")
    (True, True, True, False)
    """
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False  # a name: whatever it names, not known to be this machine only


#: what the user gives to let a TCP agent connect from another machine
REMOTE_FLAG = "--agent-remote"


def check_remote(where: str, remote: bool) -> None:
    """AgentError unless ``where`` listens on this machine only, or ``remote`` allows
    any address (:data:`REMOTE_FLAG`): whoever connects first takes the seat, with no
    password, so the user must ask for it."""
    address = tcp_address(where)
    if address is None or remote or loopback(address[0]):
        return
    raise AgentError(f"{quoted(where)} listens beyond this machine: anyone who reaches "
                     f"{address[0]}:{address[1]} first takes the seat (no password); "
                     f"give {REMOTE_FLAG} to allow it, or tcp:{address[1]} for this "
                     "machine only")


class TcpConnection(Connection):
    """The engine listens on ``address`` and takes the first agent that connects."""

    def __init__(self, where: str, address: tuple[str, int], wait: float) -> None:
        super().__init__(quoted(where), wait)
        self.server = socket.create_server(address)
        self.port = self.server.getsockname()[1]
        self.sock: socket.socket | None = None
        self.wait = bounded_wait(wait)
        self.remote = not loopback(address[0])

    def accept(self, on_listen: Any = None) -> None:
        """Wait (up to ``wait`` seconds) for the agent to connect; said on stderr
        (``on_listen``: told instead), with who may connect when other machines may."""
        host = self.server.getsockname()[0]
        if on_listen is not None:
            on_listen(self)
        else:
            who = " (any machine that reaches this port may connect: the first " \
                  "connection takes the seat)" if self.remote else ""
            print(f"andean: waiting up to {self.wait:g} s for an agent to connect to "
                  f"{host}:{self.port}{who}", file=sys.stderr, flush=True)
        self.server.settimeout(self.wait)
        try:
            self.sock, peer = self.server.accept()
        except TimeoutError:
            raise AgentError(f"no agent connected to {self.where} within {self.wait:g} "
                             "seconds") from None
        finally:
            self.server.close()
        if self.remote:
            print(f"andean: an agent connected to {host}:{self.port} from "
                  f"{printable(str(peer[0]))}:{peer[1]}", file=sys.stderr, flush=True)
        sock = self.sock
        sock.settimeout(None)
        reader = sock.makefile("rb")
        self._start(lambda: reader.readline(MAX_LINE + 1), sock.sendall,
                    lambda: sock.shutdown(socket.SHUT_WR))

    def close(self, failed: bool = False) -> None:
        """Close once what was sent is written (up to :data:`EXIT_WAIT` seconds; a
        failed agent at once)."""
        super().close(failed)
        if self._writer is not None and not failed:
            self._writer.done.wait(EXIT_WAIT)
        if self.sock is not None:
            with contextlib.suppress(OSError):
                self.sock.shutdown(socket.SHUT_RDWR)
            self.sock.close()
        self.server.close()


def connect(where: str, wait: float, on_listen: Any = None,
            remote: bool = False) -> Connection:
    """The connection to the agent ``where`` names (a command, or tcp:...; ``remote``:
    a TCP agent may listen beyond this machine, :func:`check_remote`)."""
    address = tcp_address(where)
    if address is None:
        if where.startswith(builtin.PREFIX):  # the program's own player (agents/builtin.py)
            # the engine's own modules found from the agent's fresh folder too
            root = os.path.dirname(os.path.dirname(os.path.abspath(builtin.__file__)))
            paths = os.environ.get("PYTHONPATH")
            env = dict(os.environ, PYTHONPATH=root + (os.pathsep + paths if paths else ""))
            return ProcessConnection(shlex.join(builtin.command_line(where)), wait, env)
        return ProcessConnection(where, wait)
    check_remote(where, remote)
    try:
        conn = TcpConnection(where, address, wait)
    except (OSError, OverflowError) as err:
        why = getattr(err, "strerror", None) or str(err)
        raise AgentError(f"cannot listen on {quoted(where)}: {why}") from None
    conn.accept(on_listen)
    return conn


__all__ = ["BACKLOG", "LONGEST_WAIT", "MAX_DEPTH", "MAX_LINE", "MAX_NUMBER", "MAX_UNREAD",
           "REMOTE_FLAG", "AgentError", "AgentSilent", "Connection", "ProcessConnection",
           "TcpConnection",
           "bounded_wait", "check_remote", "connect", "loopback", "nesting", "parse",
           "quoted", "tcp_address"]
