"""The context of one Non-player turn: whose, on which board, with which dice.

Selectors and actions receive a :class:`Bot`; it reads the board (``bot.state``, never
changed by planning), rolls dice through the game's dice source (so a person can roll the
physical dice) and picks among equal candidates with the 8.2/8.3 procedures, recording
everything in the trace.
"""

from __future__ import annotations

from typing import Any

from core.dice import DiceSource
from core.pieces import Faction
from core.state import GameState
from nonplayer.random_spaces import Selection, Valid, random_candidate
from nonplayer.trace import Trace

_KEYS = {f: f.label.lower() for f in Faction}


class Bot:
    """One Non-player's turn: the board it reads, its Faction, its dice and its trace
    (a new one named for the Faction when none is given).

    A class with its own constructor, not a dataclass: compiled, a dataclass keeps the
    ``__init__`` the dataclasses module writes in Python, and every feasibility trial of
    a plan makes a Bot (docs/performance.md, "Fifth round")."""

    state: GameState
    faction: Faction
    dice: DiceSource
    trace: Trace

    def __init__(self, state: GameState, faction: Faction, dice: DiceSource,
                 trace: Trace | None = None) -> None:
        self.state = state
        self.faction = faction
        self.dice = dice
        if trace is None:
            trace = Trace(faction.label)
        elif not trace.faction:
            trace.faction = faction.label
        self.trace = trace

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # a native class compiled: copy and pickle rebuild it through its constructor
        return (Bot, (self.state, self.faction, self.dice, self.trace))

    def __repr__(self) -> str:
        return (f"Bot(state={self.state!r}, faction={self.faction!r}, dice={self.dice!r}, "
                f"trace={self.trace!r})")

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
