"""The context of one Non-player turn: whose, on which board, with which dice.

Selectors and actions receive a :class:`Bot`; it reads the board (``bot.state``, never
changed by planning), rolls dice through the game's dice source (so a person can roll the
physical dice) and picks among equal candidates with the 8.2/8.3 procedures, recording
everything in the trace.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from core.dice import DiceSource
from core.pieces import Faction
from core.state import GameState
from nonplayer.random_spaces import Selection, Valid, random_candidate
from nonplayer.trace import Trace

_KEYS = {f: f.label.lower() for f in Faction}


@dataclass
class Bot:
    state: GameState
    faction: Faction
    dice: DiceSource
    trace: Trace = field(default_factory=lambda: Trace(""))

    def __post_init__(self) -> None:
        if not self.trace.faction:
            self.trace.faction = self.faction.label

    @property
    def key(self) -> str:
        """The faction's prefix in flowchart names: farc, auc, cartels."""
        return _KEYS[self.faction]

    def pick(self, candidates: list[int], why: str, valid: Valid | None = None) -> Selection:
        """One of ``candidates`` at random (8.2 for Cities/Departments, 8.3 for LoCs;
        mixed: :func:`nonplayer.random_spaces.random_candidate`); with ``valid``, one of
        the valid ones (:data:`nonplayer.random_spaces.Valid`)."""
        return random_candidate(self.state, self.dice, candidates, why, valid)

    def roll(self, purpose: str) -> int:
        return self.dice.roll(self.state, purpose)
