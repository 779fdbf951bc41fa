"""The context of one Non-player turn: whose, on which board, with which dice.

Selectors and actions receive a :class:`Bot`; it reads the board (``bot.state``, never
changed by planning), rolls dice through the game's dice source (so a person can roll the
physical dice) and picks among equal candidates with the 8.2/8.3 procedures, recording
everything in the trace.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from core.dice import DiceSource
from core.map import MAP
from core.pieces import Faction
from core.state import GameState
from nonplayer.random_spaces import Selection, random_loc, random_space
from nonplayer.trace import Trace


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
        return self.faction.label.lower()

    def pick(self, candidates: list[int], why: str) -> Selection:
        """One of ``candidates`` at random (8.2 for Cities/Departments, 8.3 for LoCs;
        LoCs and other spaces mixed: the LoCs are considered first)."""
        locs = [s for s in candidates if MAP[s].is_loc]
        others = [s for s in candidates if not MAP[s].is_loc]
        if locs and not others:
            return random_loc(self.state, self.dice, locs, why)
        if others and not locs:
            return random_space(self.state, self.dice, others, why)
        if locs:
            return random_loc(self.state, self.dice, locs, why)
        return Selection(None)

    def roll(self, purpose: str) -> int:
        return self.dice.roll(self.state, purpose)
