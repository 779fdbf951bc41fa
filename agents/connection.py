"""How the engine talks to an agent: JSON lines over a child process's pipes, or over a
TCP connection the agent opens to a port the engine listens on.

An agent is named by the text of ``--agent SEAT=WHERE``: a command line run as a child
process (``python3 mybot.py``; its stdin and stdout carry the protocol, its stderr is
left to the terminal for the agent's own messages), or ``tcp:PORT`` / ``tcp:HOST:PORT``:
the engine listens there (host ``127.0.0.1`` unless one is given, as ``andean serve``
binds) and waits for the agent to connect.

Lines are read by a thread into a queue, so a reply can be awaited for a bounded time:
:meth:`Connection.receive` raises :class:`AgentError` with one plain line when the agent
is silent too long, has closed its output (crashed, exited) or wrote something that is not
a JSON object.
"""

from __future__ import annotations

import contextlib
import json
import queue
import shlex
import socket
import subprocess
import sys
import threading
import time
from typing import IO, Any

from agents import builtin
from core.files import shown
from core.words import printable


class AgentError(Exception):
    """The agent failed (silent, slow, crashed, malformed or illegal): one line."""


def quoted(where: str) -> str:
    """The agent's command (or tcp:PORT) as every line about it quotes it: in single
    quotes, cut to :data:`core.files.ECHO` characters ('...'), control characters shown
    escaped (:func:`core.words.printable`).

    >>> quoted("python3 bot.py"), quoted("x" * 100)[-6:]
    ("'python3 bot.py'", "xx...'")
    """
    return f"'{printable(shown(where))}'"


_EOF = object()


def _pump(stream: IO[str], lines: queue.Queue[Any]) -> None:
    """Read ``stream`` line by line into ``lines``; :data:`_EOF` once it closes."""
    try:
        for line in stream:
            lines.put(line)
    except (OSError, ValueError):
        pass
    lines.put(_EOF)


class Connection:
    """One agent's line stream: :meth:`send` a message, :meth:`receive` a reply."""

    def __init__(self, where: str) -> None:
        self.where = where
        self._lines: queue.Queue[Any] = queue.Queue()
        self._out: IO[str] | None = None
        self._closed = False

    def _start(self, reader: IO[str], writer: IO[str]) -> None:
        self._out = writer
        threading.Thread(target=_pump, args=(reader, self._lines), daemon=True).start()

    def send(self, message: dict[str, Any]) -> None:
        if self._out is None or self._closed:
            raise AgentError(f"the agent {self.where} is not connected")
        try:
            self._out.write(json.dumps(message, separators=(",", ":")) + "\n")
            self._out.flush()
        except (OSError, ValueError) as err:
            raise AgentError(f"the agent {self.where} stopped reading ({err})") from None

    def receive(self, timeout: float) -> dict[str, Any]:
        """The agent's next message (AgentError: none within ``timeout`` seconds, the
        stream closed, or not a JSON object). Blank lines are skipped, within the same
        ``timeout``: an agent writing only blank lines is a silent one."""
        deadline = time.monotonic() + timeout
        text = ""
        while not text:
            try:
                line = self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise AgentError(f"the agent {self.where} gave no answer within "
                                 f"{timeout:g} seconds") from None
            if line is _EOF:
                self._lines.put(_EOF)
                raise AgentError(f"the agent {self.where} closed its output"
                                 f"{self.exit_note()}")
            text = str(line).strip()
        try:
            data = json.loads(text)
        except json.JSONDecodeError:
            raise AgentError(f"the agent {self.where} wrote a line that is not JSON: "
                             f"{text[:80]!r}") from None
        if not isinstance(data, dict):
            raise AgentError(f"the agent {self.where} wrote JSON that is not an object: "
                             f"{text[:80]!r}")
        return data

    def exit_note(self) -> str:
        return ""

    def close(self, failed: bool = False) -> None:
        """Close the stream (``failed``: the agent is not waited for)."""
        self._closed = True
        if self._out is not None:
            with contextlib.suppress(OSError):
                self._out.close()


class ProcessConnection(Connection):
    """A child process speaking the protocol on its stdin and stdout."""

    def __init__(self, command: str) -> None:
        super().__init__(quoted(command))
        try:
            args = shlex.split(command)
        except ValueError as err:
            raise AgentError(f"cannot read the agent command {quoted(command)}: {err}") from None
        if not args:
            raise AgentError("the agent command is empty")
        try:
            self.process = subprocess.Popen(
                args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                encoding="utf-8", bufsize=1)
        except OSError as err:
            raise AgentError(f"cannot start the agent {quoted(command)}: {err.strerror or err}") \
                from None
        assert self.process.stdin is not None and self.process.stdout is not None
        self._start(self.process.stdout, self.process.stdin)

    def exit_note(self) -> str:
        try:
            code = self.process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            return ""
        return f" (it exited with code {code})"

    def close(self, failed: bool = False) -> None:
        """Close its stdin and wait for it to end (5 s, then killed); a failed agent
        is killed at once."""
        super().close()
        if failed:
            self.process.kill()
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def tcp_address(where: str) -> tuple[str, int] | None:
    """``tcp:PORT`` or ``tcp:HOST:PORT`` as (host, port); None for a command line."""
    if not where.startswith("tcp:"):
        return None
    host, _, port = where[4:].rpartition(":")
    if not port.isdigit() or not 0 <= int(port) <= 65535:
        raise AgentError(f"{quoted(where)}: a TCP agent is tcp:PORT or tcp:HOST:PORT")
    return (host or "127.0.0.1", int(port))


class TcpConnection(Connection):
    """The engine listens on ``address`` and takes the first agent that connects."""

    def __init__(self, where: str, address: tuple[str, int], wait: float) -> None:
        super().__init__(quoted(where))
        self.server = socket.create_server(address)
        self.port = self.server.getsockname()[1]
        self.sock: socket.socket | None = None
        self.wait = wait

    def accept(self, on_listen: Any = None) -> None:
        """Wait (up to ``wait`` seconds) for the agent to connect; said on stderr
        (``on_listen``: told instead)."""
        if on_listen is not None:
            on_listen(self)
        else:
            host = self.server.getsockname()[0]
            print(f"andean: waiting up to {self.wait:g} s for an agent to connect to "
                  f"{host}:{self.port}", file=sys.stderr, flush=True)
        self.server.settimeout(self.wait)
        try:
            self.sock, _ = self.server.accept()
        except TimeoutError:
            raise AgentError(f"no agent connected to {self.where} within {self.wait:g} "
                             "seconds") from None
        finally:
            self.server.close()
        self.sock.settimeout(None)
        self._start(self.sock.makefile("r", encoding="utf-8"),
                    self.sock.makefile("w", encoding="utf-8"))

    def close(self, failed: bool = False) -> None:
        super().close(failed)
        if self.sock is not None:
            with contextlib.suppress(OSError):
                self.sock.shutdown(socket.SHUT_RDWR)
            self.sock.close()
        self.server.close()


def connect(where: str, wait: float, on_listen: Any = None) -> Connection:
    """The connection to the agent ``where`` names (a command, or tcp:...)."""
    address = tcp_address(where)
    if address is None:
        if where.startswith(builtin.PREFIX):  # the program's own player (agents/builtin.py)
            return ProcessConnection(shlex.join(builtin.command_line(where)))
        return ProcessConnection(where)
    try:
        conn = TcpConnection(where, address, wait)
    except OSError as err:
        raise AgentError(f"cannot listen on {quoted(where)}: {err.strerror or err}") from None
    conn.accept(on_listen)
    return conn


__all__ = ["AgentError", "Connection", "ProcessConnection", "TcpConnection", "connect",
           "quoted", "tcp_address"]
