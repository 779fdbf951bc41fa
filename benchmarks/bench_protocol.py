"""Agent protocol throughput (issue 42 item 5; not a test): how many questions a second
an outside agent answers over a pipe, the example random agent in one seat.

    python benchmarks/bench_protocol.py [--games 5] [--seat FARC] [--scenario standard]
                                        [--seed 0] [--json] [--against CHECKOUT [--pairs 3]]

Plays ``--games`` seeded bot games (the Government bot ``heuristic``, the section-8
Non-players) with ``examples/random_agent.py`` in ``--seat`` over a pipe, and reports:
the questions the agent was asked; ``protocol_questions_per_second``, those questions over
the time the engine spent in the agent's decisions (building each question's legal
options, the JSON message with its observation, the schema checks, the pipe both ways,
the agent's own answer: everything an agent seat adds); the same over the pipe exchange
alone (``ask``: message out, reply in and checked); the games' wall time; and
``protocol_questions_per_cpu_second``, the questions over the CPU both sides spent on them
(the engine's in the agent's decisions, the agent process's whole, its start included):
what a quiet core gives, since on a loaded machine most of the wall time is the two
processes waiting for a turn of the CPU. ``protocol_agent_start_cpu_seconds``: the CPU of
one start and exit of the agent alone (Python's start, once a game: nothing a question
costs), and ``protocol_questions_per_cpu_second_without_starts`` the questions over the CPU
both sides spent without the games' starts. The issue's yardstick: at least 500 questions
a second. The figures measured: docs/agents.md ("How fast") and docs/performance.md.
``--against CHECKOUT``: alternated with another checkout's own bench_protocol.py, as
bench_env.py's ``--against`` does, on ``protocol_questions_per_cpu_second`` (the starts
counted).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout first

import argparse
import resource
import shlex
import subprocess
import time
from typing import Any

from benchmarks import harness

ROOT = Path(__file__).resolve().parents[1]


def bench(args: argparse.Namespace) -> dict[str, Any]:
    if args.against:
        from benchmarks.bench_env import alternate, own_arguments

        return alternate("bench_protocol.py", args.against, args.pairs,
                         own_arguments(args, ("games", "seat", "scenario", "seed")),
                         "protocol_questions_per_cpu_second")
    from agents import protocol
    from agents import seat as S
    from core.pieces import Faction
    from runners.games import play

    spent = {"decide": 0.0, "ask": 0.0, "cpu": 0.0}
    asked: list[Any] = []
    real_ask, real_decide = S.AgentSeat.ask, S.AgentSeat.decide

    def ask(self: Any, *a: Any, **kw: Any) -> Any:
        start = time.perf_counter()
        try:
            return real_ask(self, *a, **kw)
        finally:
            spent["ask"] += time.perf_counter() - start

    def decide(self: Any, *a: Any, **kw: Any) -> Any:
        if self not in asked:
            asked.append(self)
        start, cpu = time.perf_counter(), time.process_time()
        try:
            return real_decide(self, *a, **kw)
        finally:
            spent["decide"] += time.perf_counter() - start
            spent["cpu"] += time.process_time() - cpu

    faction = next(f for f in Faction if f.label.lower() == args.seat.lower())
    agent = ROOT / "examples" / "random_agent.py"
    where = f"{shlex.quote(sys.executable)} {shlex.quote(str(agent))}"
    setup = S.AgentSetup(((int(faction), where),))
    protocol.check(protocol.bye("warm-up"))  # the schema's first load: not the agent's
    S.AgentSeat.ask, S.AgentSeat.decide = ask, decide  # type: ignore[method-assign]
    try:
        children = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        for seed in range(args.seed, args.seed + args.games):
            play(seed, "heuristic", args.scenario, agents=setup)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        agent_cpu = (after.ru_utime + after.ru_stime) - (children.ru_utime + children.ru_stime)
    finally:
        S.AgentSeat.ask, S.AgentSeat.decide = real_ask, real_decide  # type: ignore[method-assign]
    questions = sum(seat.questions for seat in asked)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(shlex.split(where), stdin=subprocess.DEVNULL, check=True)  # no hello
    done = resource.getrusage(resource.RUSAGE_CHILDREN)
    start_cpu = (done.ru_utime + done.ru_stime) - (before.ru_utime + before.ru_stime)
    without = spent["cpu"] + max(agent_cpu - args.games * start_cpu, 0.0)
    return {
        "protocol_questions": questions,
        "protocol_decisions": sum(seat.decisions for seat in asked),
        "protocol_questions_per_second": round(questions / spent["decide"], 1),
        "protocol_questions_per_second_pipe": round(questions / spent["ask"], 1),
        "protocol_questions_per_cpu_second": round(questions / (spent["cpu"] + agent_cpu), 1),
        "protocol_seconds_in_agent_decisions": round(spent["decide"], 2),
        "protocol_questions_per_cpu_second_without_starts": round(questions / without, 1),
        "protocol_engine_cpu_seconds_in_agent_decisions": round(spent["cpu"], 2),
        "protocol_agent_start_cpu_seconds": round(start_cpu, 3),
        "protocol_agent_cpu_seconds": round(agent_cpu, 2),
        "protocol_games_wall_seconds": round(wall, 2),
        "games": args.games, "seat": faction.label, "scenario": args.scenario,
    }


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=int, default=5, help="games (default 5)")
    parser.add_argument("--seat", default="FARC", help="the agent's seat (default FARC)")
    parser.add_argument("--scenario", default="standard", help="scenario (default standard)")
    parser.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    from benchmarks.bench_env import add_against

    add_against(parser)


def main(argv: list[str] | None = None) -> None:
    harness.run("bench_protocol", __doc__ or "", configure, bench, argv)


if __name__ == "__main__":
    main()
