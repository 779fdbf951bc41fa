"""``--agent SEAT=COMMAND`` and its companions, shared by play, assist, demo and batch
(issue 34; the protocol is docs/agents.md).

* ``--agent SEAT=COMMAND`` (repeatable): an outside program plays ``SEAT`` (Government,
  FARC, AUC or Cartels; any case, ``govt`` too). ``COMMAND`` is run as a child process
  speaking the protocol on its stdin and stdout, or is ``tcp:PORT`` / ``tcp:HOST:PORT``:
  the engine listens there (host 127.0.0.1 unless given) for the agent to connect,
  or is ``builtin:NAME``: the program's own player as an agent (``agents/builtin.py``).
* ``--agent-timeout SECONDS``: how long an answer (and a TCP agent's connection) is
  waited for (default 30; at most a day, :data:`agents.connection.LONGEST_WAIT`).
* ``--agent-remote``: a TCP agent may listen on an address other machines reach
  (``tcp:0.0.0.0:7001``): whoever connects first takes the seat, without a password.
* ``--agent-fallback default|stop``: an agent that is too slow, silent, crashed or
  answers illegally is told why, the game is saved, and its seat goes to its default
  player (the section-8 flowchart, or the program's Government AI / the Government bot)
  or the game stops.
"""

from __future__ import annotations

import argparse
import math

from agents import builtin
from agents.connection import LONGEST_WAIT, REMOTE_FLAG, AgentError, check_remote
from agents.seat import FALLBACKS, AgentPolicy, with_agents
from core.pieces import Faction
from tui.errors import CliError

#: the words a seat may be named by
SEAT_NAMES = {"government": Faction.GOVT, "govt": Faction.GOVT, "farc": Faction.FARC,
              "auc": Faction.AUC, "cartels": Faction.CARTELS}


def _timeout(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, not {text!r}") \
            from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"expected more than 0 seconds, not {text!r}")
    if value > LONGEST_WAIT:
        raise argparse.ArgumentTypeError(f"expected at most {LONGEST_WAIT:g} seconds (a "
                                         f"day), not {text!r}")
    return value


def add_agent_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--agent", action="append", default=[], metavar="SEAT=COMMAND",
                   help="an outside program plays SEAT (Government, FARC, AUC, Cartels), "
                   "speaking the JSON-lines protocol of docs/agents.md on its stdin and "
                   "stdout; COMMAND tcp:PORT or tcp:HOST:PORT listens for it instead "
                   "(host 127.0.0.1 unless given); builtin:flowchart seats the "
                   "section-8 flowchart (builtin:heuristic, ...: a Government bot) as an "
                   "agent, the control of a fair comparison; repeatable")
    p.add_argument("--agent-timeout", type=_timeout, default=30.0, metavar="SECONDS",
                   help="how long an agent's answer is waited for (default 30, at most "
                   "86400)")
    p.add_argument(REMOTE_FLAG, action="store_true",
                   help="let a tcp:HOST:PORT agent listen on an address other machines "
                   "reach (anyone who connects first takes the seat, no password)")
    p.add_argument("--agent-fallback", choices=FALLBACKS, default="default",
                   help="when an agent is too slow, silent, crashed or answers illegally "
                   "(the game is saved either way): its seat goes to its default player "
                   "(default: the section-8 flowchart, or the Government AI or bot), or "
                   "the game stops (stop)")


def parse_agents(args: argparse.Namespace) -> dict[Faction, str]:
    """The ``--agent`` seats, by Faction (CliError: an unknown seat, a seat named twice,
    no command)."""
    agents: dict[Faction, str] = {}
    for text in getattr(args, "agent", []) or []:
        seat, sep, command = text.partition("=")
        faction = SEAT_NAMES.get(seat.strip().lower())
        if not sep or faction is None:
            raise CliError(f"--agent {text!r}: expected SEAT=COMMAND, SEAT one of "
                           "Government, FARC, AUC, Cartels")
        if not command.strip():
            raise CliError(f"--agent {text!r}: no command after {seat}=")
        if faction in agents:
            raise CliError(f"--agent: {faction.label} is given two agents")
        problem = builtin.refusal(command.strip(), faction.label)
        if problem:
            raise CliError(f"--agent {text!r}: {problem}")
        try:
            check_remote(command.strip(), getattr(args, "agent_remote", False))
        except AgentError as err:
            raise CliError(f"--agent {faction.label}: {err}") from None
        agents[faction] = command.strip()
    return agents


def agent_policy(args: argparse.Namespace) -> AgentPolicy:
    """The policy ``--agent-timeout`` and ``--agent-fallback`` give (their defaults for a
    command without them, e.g. serve)."""
    default = AgentPolicy()
    return AgentPolicy(timeout=getattr(args, "agent_timeout", default.timeout),
                       fallback=getattr(args, "agent_fallback", default.fallback),
                       remote=getattr(args, "agent_remote", default.remote))


__all__ = ["SEAT_NAMES", "add_agent_arguments", "agent_policy", "parse_agents",
           "with_agents"]
