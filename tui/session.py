"""A playing session: the game, its save file, undo and the Non-player turns.

Both user interfaces (the Textual app and the line-oriented ``--plain`` mode) and the
tabletop assistant drive the game through a :class:`Session`, so they share the rules
that protect a person's game:

* every command goes through :meth:`core.game.Game.apply` (illegal: nothing changes);
* the game is saved atomically after every card and on demand (``autosave``), so a
  killed session resumes where it was;
* :meth:`undo` returns to the start of the current decision of the person playing;
* :meth:`run_nonplayers` plays every Non-player decision until a person must decide,
  returning the turns (with their traces) for the log.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from core import serialize
from core.commands import Command
from core.game import Game
from core.pieces import Faction
from nonplayer.turn import TurnResult, run_nonplayers


class Session:
    def __init__(self, game: Game, path: str | Path | None = None) -> None:
        self.game = game
        self.path = Path(path) if path is not None else None
        self._undo: list[Game] = []
        self._card = game.state.current_card

    # --- queries ------------------------------------------------------------------
    @property
    def to_move(self) -> Faction | None:
        return self.game.to_move()

    def is_player_turn(self) -> bool:
        faction = self.to_move
        return faction is not None and self.game.state.seats[faction] is not None

    # --- changes ------------------------------------------------------------------
    def apply(self, cmd: Command, chooser: Any = None) -> list[str]:
        """Apply a player's command (all-or-nothing) and autosave when the card changed."""
        before = self.game.clone()
        trace = self.game.apply(cmd, chooser=chooser)
        self._undo.append(before)
        self._after_change()
        return trace

    def run_nonplayers(
        self, on_turn: Callable[[TurnResult], None] | None = None
    ) -> list[TurnResult]:
        """Play Non-player decisions until a person must decide (or the game ends)."""
        turns = run_nonplayers(self.game, on_turn=on_turn)
        if turns:
            self._undo.clear()  # a person undoes only their own current decision
            self._after_change()
        return turns

    def undo(self) -> bool:
        """Back to the start of the current decision (False if nothing to undo)."""
        if not self._undo:
            return False
        self.game = self._undo[0]
        self._undo.clear()
        return True

    def save(self, path: str | Path | None = None) -> Path:
        target = Path(path) if path is not None else self.path
        if target is None:
            raise ValueError("no save file given")
        serialize.save(self.game, target)
        self.path = target
        return target

    @classmethod
    def load(cls, path: str | Path) -> Session:
        return cls(serialize.load(path), path)

    def _after_change(self) -> None:
        card = self.game.state.current_card
        if card != self._card or self.game.is_terminal():
            self._card = card
            self._undo.clear()
            if self.path is not None:
                serialize.save(self.game, self.path)
