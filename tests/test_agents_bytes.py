"""Arbitrary bytes, JSON and timings as an agent's output give only clean outcomes
(issue 41, "What to build" 1): the agent's decision is a command the rules accept, or
its failure in one line (:class:`AgentError`), never another exception, a hang or a
game that cannot go on.

The agent here is a script of steps fed through real pipes to the engine's real reader
and writer threads (:class:`agents.connection.Connection`): raw bytes, JSON values of any
shape, messages of the protocol's shape with random fields, legal answers to the question
just asked, pauses, and the end of its output. The answer timeout is short (the engine
gives up on a script that stops short: that is a clean outcome too), so nothing here
depends on speed: a late legal answer is a failure, which the test accepts."""

from __future__ import annotations

import json
import os
import queue
import threading
import time
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import agents.seat as seat_module
from agents.connection import MAX_LINE, AgentError, Connection, parse
from agents.seat import AgentPolicy, AgentSeat, with_agents
from core.game import Game
from core.pieces import Faction

#: the engine's wait for an answer: short, since a script that stops short is waited out
ANSWER_WAIT = 0.2

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6),
                                                                inner, max_size=4),
    max_leaves=12)
ids = st.integers(min_value=-2, max_value=8) | st.floats() | st.booleans() | st.none()
answers = ids | st.lists(ids, max_size=5) | st.text(max_size=3)
commands = st.fixed_dictionaries({"type": st.sampled_from(
    ["Pass", "Event", "Operation", "Set Seat", "Edit Track", "Agitation", "nonsense"])},
    optional={"side": st.sampled_from(["unshaded", "shaded", 3]),
              "choices": json_values, "op": json_values, "special": json_values,
              "faction": json_values, "seat": json_values})
messages = st.one_of(
    st.fixed_dictionaries({"type": st.just("answer"), "id": ids, "answer": answers}),
    st.fixed_dictionaries({"type": st.just("command"), "id": ids, "command": commands}),
    st.fixed_dictionaries({"type": st.sampled_from(["ready", "bye", "end", "question"])},
                          optional={"name": json_values}),
    st.dictionaries(st.text(max_size=6), json_values, max_size=3))


def line(value: Any) -> bytes:
    return (json.dumps(value) + "\n").encode("utf-8")


steps = st.lists(st.one_of(
    st.binary(max_size=40).map(lambda b: ("bytes", b)),
    json_values.map(lambda v: ("bytes", line(v))),
    messages.map(lambda m: ("bytes", line(m))),
    messages.map(lambda m: ("bytes", json.dumps(m).encode("utf-8"))),  # no newline
    st.just(("bytes", b"[" * 5000 + b"\n")),
    st.just(("bytes", b"\xff\xfe\n")),
    st.just(("legal", b"")), st.just(("legal", b"")), st.just(("legal", b"")),
    st.floats(min_value=0, max_value=0.05).map(lambda s: ("sleep", s)),
), max_size=12)


class PipeConnection(Connection):
    """The engine's end of two pipes; the test's agent holds the other ends."""

    def __init__(self) -> None:
        super().__init__("'fuzzed agent'", timeout=ANSWER_WAIT)
        self.from_agent, self.agent_out = os.pipe()
        self.agent_in, self.to_agent = os.pipe()
        reader = os.fdopen(self.from_agent, "rb")
        to_agent = self.to_agent

        def write(data: bytes) -> None:
            view = memoryview(data)
            while view:
                view = view[os.write(to_agent, view):]

        self._start(lambda: reader.readline(MAX_LINE + 1), write,
                    lambda: os.close(to_agent))


class Agent:
    """Plays ``script`` on the agent's ends of ``conn``'s pipes: reads every message the
    engine writes (the questions kept for ``legal`` steps) and writes the steps."""

    def __init__(self, conn: PipeConnection, script: list[tuple[str, Any]],
                 done: threading.Event) -> None:
        self.conn, self.script, self.done = conn, script, done
        self.questions: queue.Queue[dict[str, Any]] = queue.Queue()
        threading.Thread(target=self.read, daemon=True).start()
        self.writer = threading.Thread(target=self.write, daemon=True)
        self.writer.start()

    def read(self) -> None:
        with os.fdopen(self.conn.agent_in, "rb") as stream:
            for raw in stream:
                message = json.loads(raw)
                if message.get("type") == "question":
                    self.questions.put(message)

    def write(self) -> None:
        out = self.conn.agent_out
        try:
            for kind, data in self.script:
                if kind == "sleep":
                    time.sleep(data)
                elif kind == "legal":
                    question = self.next_question()
                    if question is None:
                        return
                    picks = list(range(question["min"])) if question["kind"] == "many" \
                        else 0
                    os.write(out, line({"type": "answer", "id": question["id"],
                                        "answer": picks}))
                else:
                    os.write(out, data)
        except OSError:
            pass  # the engine let go of the agent
        finally:
            os.close(out)

    def next_question(self) -> dict[str, Any] | None:
        while not self.done.is_set():
            try:
                return self.questions.get(timeout=0.05)
            except queue.Empty:
                continue
        return None


def table() -> tuple[Game, Faction]:
    """A Quick-Play game whose Faction to move is played by the agent (a player's seat)."""
    faction = Game.new("quick", seed=5).to_move()
    assert faction is not None
    return Game.new("quick", seed=5, seats=with_agents([1, None, None, None], [faction])), \
        faction


@settings(max_examples=120, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(ready=st.booleans(), script=steps)
def test_any_agent_output_gives_a_legal_command_or_a_clean_failure(
        ready: bool, script: list[tuple[str, Any]], monkeypatch: pytest.MonkeyPatch) -> None:
    game, faction = table()
    conn = PipeConnection()
    done = threading.Event()
    if ready:
        script = [("bytes", line({"type": "ready", "name": "fuzz\x1b[2J"})), *script]
    agent = Agent(conn, script, done)
    monkeypatch.setattr(seat_module, "connect", lambda *args, **kwargs: conn)
    try:
        seat = AgentSeat("fuzzed", faction, 2, game.state, AgentPolicy(timeout=ANSWER_WAIT))
        assert "\x1b" not in seat.label  # a name shown on terminals is made printable
        command = seat.decide(game)
    except AgentError as err:
        assert "\n" not in str(err)  # one line
        event("the agent failed")
        return
    finally:
        done.set()
        conn.close(failed=True)
        agent.writer.join(timeout=60)
    game.apply(command)  # what the agent decided, the rules take
    event("the agent decided")


@settings(max_examples=300, deadline=None)
@given(raw=st.binary(max_size=200) | json_values.map(lambda v: json.dumps(v).encode()))
def test_any_line_parses_to_an_object_or_one_plain_refusal(raw: bytes) -> None:
    try:
        data = parse(raw)
    except ValueError as err:
        assert "\n" not in str(err) and str(err)
        return
    assert isinstance(data, dict)
