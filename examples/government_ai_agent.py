#!/usr/bin/env python3
"""The program's own Government AI as an outside agent (docs/agents.md): it plays the
Government through the protocol only, to show that the protocol loses nothing a bot
needs.

    andean batch --games 50 --scenario quick \\
        --agent Government='.venv/bin/python examples/government_ai_agent.py'

(run it with the Python that has the engine installed: it imports the engine to think,
never to cheat). For each decision it rebuilds the game from the observation (the public
state: the deck's unseen cards and the dice to come are not in it, and it does not miss
them), asks the heuristic Government bot (``nonplayer.government``) for its decision, and
answers the decision's first question with the whole command (``{"type": "command"}``),
an Event with the answers to all its choices. Insurgent Discord (8.1) it answers by the
bot's rule.
"""

from __future__ import annotations

import json
import sys

from core.game import Game
from core.game.serialize import state_from_json
from nonplayer.government import make_government


def game_of(observation: dict) -> Game:
    """The game as the agent sees it: the public state, with a dice stream of its own
    (seed 0) for the bot's look-ahead."""
    data = dict(observation["state"])
    data["rng_seed"] = 0
    data["rng_counter"] = 0
    state = state_from_json(data)
    return Game(state)


def command_for(bot: object, game: Game) -> dict:
    """The bot's whole decision as a command of the save's log format: an Event is tried
    on a copy so that its choices are answered (the log records the answers)."""
    decision = bot.decide(game)  # type: ignore[attr-defined]
    if decision.chooser is None:
        return decision.command.to_json()  # type: ignore[no-any-return]
    trial = game.clone()
    trial.apply(decision.command, chooser=decision.chooser)
    return trial.log[-1]["command"]  # type: ignore[no-any-return]


def main() -> int:
    bot = make_government("heuristic", 0)
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            if message["version"] != 1 or message["seat"] != "Government":
                print("government_ai_agent: plays the Government, protocol version 1",
                      file=sys.stderr)
                return 1
            reply: dict = {"type": "ready", "name": "government-ai"}
        elif kind == "question":
            game = game_of(message["observation"])
            if message["asks"] == "discord":
                # the 2nd Eligible Non-player is the Faction to move (the prompt names
                # the Government too: "... Government player, choose:")
                faction = game.to_move()
                wanted = bot.discord(game.state, faction)
                pick = next(o["id"] for o in message["options"] if o["value"] == wanted)
                reply = {"type": "answer", "id": message["id"], "answer": pick}
            elif message["first"]:
                reply = {"type": "command", "id": message["id"],
                         "command": command_for(bot, game)}
            else:  # not asked: a command answers the whole decision
                print(f"government_ai_agent: unexpected question {message['prompt']!r}",
                      file=sys.stderr)
                return 1
        elif kind in ("end", "bye"):
            break
        else:
            continue
        print(json.dumps(reply), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
