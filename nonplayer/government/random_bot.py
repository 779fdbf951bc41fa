"""The random Government: random legal commands, the floor of strength comparisons.

Every decision, on an Event card or in a Propaganda Round, is drawn by the random legal
player (:func:`core.game.random_play.random_command`) from the bot's own seeded
``random.Random``; Event choices are answered at random by the same generator. Same
seed, same decisions. Insurgent Discord (8.1) is a coin flip.

The generators aim at legal commands but are not perfect (e.g. card 33's 2-piece limit
in Ecuador), so each draw is executed on a clone first; an illegal draw is drawn again
(up to :data:`DRAWS` times, then Pass on an Event card).
"""

from __future__ import annotations

import random

from core.commands import Command
from core.dice import DiceSource
from core.errors import IllegalAction
from core.events.choice import RandomChooser
from core.game import Game, sequence
from core.game.random_play import random_command
from core.game.sequence import Pass, PlayEvent
from core.pieces import Faction
from core.state import GameState
from nonplayer.government.base import GovtDecision, card_label, simulate
from nonplayer.trace import Trace

_KINDS = {"Pass": "pass", "Event": "event"}
DRAWS = 20


class RandomGovernment:
    """Random legal Government commands from ``random.Random(seed)``."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.note = ""

    def decide(self, game: Game, dice: DiceSource | None = None) -> GovtDecision:
        state = game.state
        if sequence.to_move(state) is not Faction.GOVT:
            raise ValueError("the Government is not the Faction to move")
        chooser = None
        for _ in range(DRAWS):
            cmd = self._draw(state)
            if cmd is None:
                continue
            if isinstance(cmd, PlayEvent):  # its random answers, tried on a clone first
                sub = self.rng.getrandbits(32)
                if simulate(state, cmd, RandomChooser(random.Random(sub))) is not None:
                    chooser = RandomChooser(random.Random(sub))
                    break
            elif simulate(state, cmd) is not None:
                break
        else:
            if state.phase != "card":
                raise RuntimeError(f"no legal random command for {state.step.get('phase')}")
            cmd = Pass()
        trace = Trace(Faction.GOVT.label)
        if state.phase == "propaganda":
            kind = "propaganda"
        elif cmd.name == "Operation":
            limited = sequence.OPERATION not in sequence.options(state)
            kind = "limited_operation" if limited else "operation"
        else:
            kind = _KINDS.get(cmd.name, cmd.name.lower())
        trace.add("govt.random", "", f"{card_label(state)}: a random legal {cmd.name}")
        return GovtDecision(cmd, trace, chooser, kind)

    def _draw(self, state: GameState) -> Command | None:
        try:
            return random_command(state, self.rng)
        except IllegalAction:  # a generator tripped over a rule it does not know
            return None

    def discord(self, state: GameState, faction: Faction) -> str:
        return self.rng.choice(("event", "operation"))
