"""A playing session: the game, its save file, undo and the Non-player turns.

Both user interfaces (the Textual app and the line-oriented ``--plain`` mode) and the
tabletop assistant drive the game through a :class:`Session`, so they share the rules
that protect a person's game:

* every command goes through :meth:`core.game.Game.apply` (illegal: nothing changes);
* the game is saved atomically after every change (so in particular after every card)
  and on demand, so a killed session resumes where it was;
* :meth:`undo` returns to the start of the person's latest decision: before the command
  they chose, or before the first board correction they made while deciding, together
  with the Non-player turns that followed it. Repeated, it steps further back (at most
  :data:`UNDO_DEPTH` decisions);
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

#: How many of the person's decisions :meth:`Session.undo` can take back.
UNDO_DEPTH = 30


class Session:
    def __init__(self, game: Game, path: str | Path | None = None) -> None:
        self.game = game
        self.path = Path(path) if path is not None else None
        self._undo: list[Game] = []
        self._open = False  # the person is still in the decision of the last snapshot
        self._card = game.state.current_card

    # --- queries ------------------------------------------------------------------
    @property
    def to_move(self) -> Faction | None:
        return self.game.to_move()

    def is_player_turn(self) -> bool:
        faction = self.to_move
        return faction is not None and self.game.state.seats[faction] is not None

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    # --- changes ------------------------------------------------------------------
    def apply(self, cmd: Command, chooser: Any = None) -> list[str]:
        """Apply a player's command (all-or-nothing) and autosave."""
        trial = self.game.clone()
        trace = trial.apply(cmd, chooser=chooser)
        self.commit(trial)
        return trace

    def commit(self, game: Game, person: bool = True) -> None:
        """Make ``game`` (a changed copy of the current game) the game, and autosave.

        ``person``: the change is a person's (a command or a board correction), which
        :meth:`undo` can take back; Non-player turns are taken back with the person's
        decision before them.
        """
        before = self.game
        if person:
            if not self._open:
                self._undo.append(before)
                del self._undo[:-UNDO_DEPTH]
            same = game.to_move() == before.to_move() and game.state.phase == before.state.phase
            self._open = same and game.state.current_card == before.state.current_card
        else:
            self._open = False
        self.game = game
        self._after_change()

    def run_nonplayers(
        self, on_turn: Callable[[TurnResult], None] | None = None
    ) -> list[TurnResult]:
        """Play Non-player decisions until a person must decide (or the game ends)."""
        trial = self.game.clone()
        turns = run_nonplayers(trial, on_turn=on_turn)
        if turns:
            self.commit(trial, person=False)
        return turns

    def undo(self) -> bool:
        """Back to the start of the person's latest decision (False if nothing to undo)."""
        if not self._undo:
            return False
        self.game = self._undo.pop()
        self._open = False
        self._after_change()
        return True

    def save(self, path: str | Path | None = None) -> Path:
        target = Path(path) if path is not None else self.path
        if target is None:
            raise ValueError("no save file given")
        serialize.save(self.game, target)
        self.path = target
        return target

    @classmethod
    def load(cls, path: str | Path, verify: bool = True) -> Session:
        """Resume a save (the strict loader: ``verify`` replays its log too)."""
        game = serialize.load(path, verify=verify)
        game.play_on()  # a save stopped right after a turn (np-turn): play goes on
        return cls(game, path)

    def _after_change(self) -> None:
        self._card = self.game.state.current_card
        if self.path is not None:
            serialize.save(self.game, self.path)
