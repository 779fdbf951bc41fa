"""Built-in agents: the program's own players seated through the agent protocol, so that a
bot and its control play the same game (issue 42 item 3; docs/agents.md, "Fair
comparisons").

An Insurgent agent is a player of its own: ``--agent FARC=mybot`` makes a 2-player game,
in which the Government bot decides Insurgent Discord (8.1) for the other two
Insurgents. That is another game than the solitaire game the section-8 FARC plays, so
comparing ``mybot`` with a batch of bots alone compares two games. ``--agent
FARC=builtin:flowchart`` seats the section-8 flowchart in that same seat, as an agent:
the same seating, the same Discord, the same questions over the same pipe, and the same
view (the public state only: the deck's unseen cards and the dice to come are not told
to it either). Run both on the same seeds and ``andean batch --compare`` the two runs.

Names (``builtin:NAME``):

* ``flowchart``: the seat's section-8 flowchart (FARC, AUC or Cartels; section 8 has no
  Government flowchart). Each decision is the Non-player's (8.1 Event or Operation, the
  flowchart's Operation and Special Activity, its Propaganda decisions), decided on the
  public position with the seat made a Non-player there
  (:func:`nonplayer.turn.flowchart_stand_in`) and sent as one whole command; where the
  seat, a player's, may only take a Limited Operation (2.3.5, 2.3.9) the Operation is
  made one (:func:`as_player`).
* each Government bot of :data:`nonplayer.government.GOVERNMENTS` (``heuristic``,
  ``random``, ``lookahead``, ``search``): that bot in the Government seat, Insurgent
  Discord (8.1) answered by its rule (what ``examples/government_ai_agent.py`` does).

The engine runs ``python -m agents.builtin NAME`` with its own interpreter
(:func:`command_line`). The agent's own random choices (the random space chart 8.2, a
bot's sampling) come from a dice stream seeded by the position it is asked about, so a
batch replays the same games whatever runs it.
"""

from __future__ import annotations

import json
import sys
import zlib
from typing import Any

#: how ``--agent SEAT=...`` names a built-in agent
PREFIX = "builtin:"
#: the built-in agent that plays an Insurgent seat by its section-8 flowchart
FLOWCHART = "flowchart"


def names() -> tuple[str, ...]:
    """Every built-in agent's name (``builtin:`` before it on the command line)."""
    from nonplayer.government import GOVERNMENTS

    return (FLOWCHART, *GOVERNMENTS)


def builtin_name(where: str) -> str | None:
    """The built-in agent ``where`` names (``builtin:flowchart`` -> ``flowchart``), None
    for a command or a TCP address."""
    return where[len(PREFIX):].strip() if where.startswith(PREFIX) else None


def refusal(where: str, seat: str) -> str | None:
    """Why ``where`` cannot play ``seat`` (a Faction's label), in one line; None if it can
    (or is not a built-in agent)."""
    name = builtin_name(where)
    if name is None:
        return None
    known = names()
    if name not in known:
        return (f"{where!r} is not a built-in agent: builtin:NAME, NAME one of "
                f"{', '.join(known)}")
    if name == FLOWCHART and seat == "Government":
        return ("builtin:flowchart plays an Insurgent seat (section 8 has no Government "
                "flowchart): give the Government builtin:heuristic or another Government "
                "bot")
    if name != FLOWCHART and seat != "Government":
        return (f"builtin:{name} is a Government bot: give {seat} builtin:flowchart, its "
                "section-8 flowchart")
    return None


def command_line(where: str) -> list[str]:
    """The process that plays the built-in agent ``where``: this interpreter running
    this module."""
    name = builtin_name(where)
    assert name is not None
    return [sys.executable, "-m", "agents.builtin", name]


# ======================================================================================
# the agent's side (run as a child process)
# ======================================================================================
def game_of(observation: dict[str, Any]) -> Any:
    """The game as the agent sees it: the public state, with a dice stream seeded by that
    state (so equal positions draw equal dice) for the agent's own random choices."""
    from core.dice import MAX_SEED
    from core.game import Game
    from core.game.serialize import state_from_json

    data = dict(observation["state"])
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    data["rng_seed"] = zlib.crc32(text.encode("utf-8")) % (MAX_SEED + 1)
    data["rng_counter"] = 0
    return Game(state_from_json(data))


def flowchart_command(game: Any) -> dict[str, Any]:
    """The section-8 flowchart's whole decision for the Faction to move in ``game`` (the
    agent's own copy), as a logged command: decided on a copy where the seat is a
    Non-player (the rules the flowchart assumes, 8.1), then made one a player may take
    (:func:`as_player`)."""
    from core.game import sequence
    from nonplayer.turn import flowchart_stand_in, take_turn

    trial = game.clone()
    faction = sequence.to_move(trial.state)
    assert faction is not None
    flowchart_stand_in(trial.state, [faction])
    take_turn(trial, stop_after_turn=True)
    return as_player(game, trial.log[-1]["command"])


def as_player(game: Any, data: dict[str, Any]) -> dict[str, Any]:
    """The flowchart's command ``data`` as the player in the seat may take it: the first
    of ``data``, its Limited forms (:func:`limited_forms`) and a Pass that the rules
    accept in ``game`` (docs/readings.md#r-flowchart-agent). A Non-player never takes a
    Limited Operation (8.1: a full Operation and Special Activity instead) and the final
    Event card's limits spare it (2.3.9); the seat is a player's here, so they apply."""
    from core.commands import from_json
    from core.errors import AndeanError
    from core.game.sequence import Pass

    command = from_json(data)
    for candidate in (command, *limited_forms(command), Pass()):
        try:
            game.clone().apply(candidate)
        except AndeanError:
            continue
        return data if candidate is command else candidate.to_json()
    raise ValueError("not even a Pass is open")  # pragma: no cover - 2.3.3: always open


def limited_forms(command: Any) -> list[Any]:
    """An Operation made Limited (2.3.5): without its Special Activity (and Ship), then
    also in its first space only (a March: the groups into its first destination)."""
    import dataclasses

    from core.game.sequence import OperationAction
    from core.rules.insurgent_ops import March

    if not isinstance(command, OperationAction):
        return []
    bare = dataclasses.replace(command, special=None, special_first=False, ship=None,
                               ship_op=None)
    op: Any = command.op  # a dataclass, as every command
    if isinstance(op, March):
        cut: dict[str, Any] = {"groups": tuple(g for g in op.groups
                                               if g[1] == op.groups[0][1])}
    else:
        cut = {f.name: getattr(op, f.name)[:1] for f in dataclasses.fields(op)
               if isinstance(getattr(op, f.name), tuple) and getattr(op, f.name)}
    return [bare, dataclasses.replace(bare, op=dataclasses.replace(op, **cut))]


def government_command(bot: Any, game: Any) -> dict[str, Any]:
    """The Government bot's whole decision as a logged command (an Event tried on the
    copy, so that the log holds the answers to its choices)."""
    decision = bot.decide(game)
    if decision.chooser is None:
        said: dict[str, Any] = decision.command.to_json()
        return said
    game.apply(decision.command, chooser=decision.chooser)
    logged: dict[str, Any] = game.log[-1]["command"]
    return logged


def reply(name: str, bot: Any, message: dict[str, Any]) -> dict[str, Any]:
    """The answer to one question of the engine's."""
    from core.game import sequence

    game = game_of(message["observation"])
    if message["asks"] == "discord":  # the Government's Insurgent Discord (8.1)
        # for the 2nd Eligible Non-player, the Faction to move (the prompt names the
        # Government too: "... FARC is 2nd Eligible. Government player, choose:")
        faction = sequence.to_move(game.state)
        wanted = bot.discord(game.state, faction)
        pick = next(o["id"] for o in message["options"] if o["value"] == wanted)
        return {"type": "answer", "id": message["id"], "answer": pick}
    if not message["first"]:
        raise ValueError(f"unexpected question {message['prompt']!r} (a whole command "
                         "answers each decision)")
    command = flowchart_command(game) if name == FLOWCHART else government_command(bot, game)
    return {"type": "command", "id": message["id"], "command": command}


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1 or args[0] not in names():
        print(f"usage: python -m agents.builtin {{{','.join(names())}}}", file=sys.stderr)
        return 2
    name = args[0]
    bot = None
    for line in sys.stdin:
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            problem = refusal(PREFIX + name, str(message.get("seat")))
            if message.get("version") != 1 or problem:
                print(f"builtin:{name}: {problem or 'speaks protocol version 1'}",
                      file=sys.stderr)
                return 1
            if name != FLOWCHART:
                from nonplayer.government import make_government

                bot = make_government(name, 0)
            answer: dict[str, Any] = {"type": "ready", "name": f"builtin:{name}"}
        elif kind == "question":
            try:
                answer = reply(name, bot, message)
            except Exception as err:  # said on stderr; the engine sees the agent stop
                print(f"builtin:{name}: {type(err).__name__}: {err}", file=sys.stderr)
                return 1
        elif kind in ("end", "bye"):
            break
        else:
            continue
        print(json.dumps(answer, separators=(",", ":")), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
