"""A playing session: the game, its save file, undo and the Non-player turns.

Both user interfaces (the Textual app and the line-oriented ``--plain`` mode) and the
tabletop assistant drive the game through a :class:`Session`, so they share the rules
that protect a person's game:

* every command goes through :meth:`core.game.Game.apply` (illegal: nothing changes);
* the game is saved atomically after every change (so in particular after every card)
  and on demand, so a killed session resumes where it was;
* :meth:`undo` returns to the start of the person's latest decision: before the command
  they chose, or before the first board correction they made while deciding, together
  with the Non-player turns that followed it. Repeated, it steps further back. It reads
  the save's log (:mod:`tui.turn_log`), so it works back across a resume too;
* :meth:`rewind` returns to any earlier position of the log (a rollback to the start of
  a card), the dice stream included: the game is the log's first commands replayed;
* :meth:`run_nonplayers` plays every Non-player decision until a person must decide,
  returning the turns (with their traces) for the log;
* one writer per save (issue 32 item 2): a session given its save's
  :class:`core.files.SaveLock` (the commands do) keeps it through every door that moves
  the game to another file: :meth:`save` to another file (the in-game ``save X``) and
  :meth:`load_instead` (the screen's Load key) take the new file's lock first, and drop
  the old one only once the game is there. An existing file is replaced only when
  asked (``replace``: a yes at the in-game prompt).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from core.commands import Command
from core.files import SaveLock, check_output, same_path
from core.game import Game, serialize
from core.pieces import Faction
from nonplayer.turn import TurnResult, run_nonplayers
from tui.turn_log import Step, Undo, steps_of, undo_plan

T = TypeVar("T")


class Session:
    def __init__(self, game: Game, path: str | Path | None = None,
                 lock: SaveLock | None = None) -> None:
        self.game = game
        self.path = Path(path) if path is not None else None
        #: the lock of :attr:`path` this session holds (None: the caller keeps none)
        self.lock = lock
        self._steps: list[Step] = []
        self._card = game.state.current_card

    # --- queries ------------------------------------------------------------------
    @property
    def to_move(self) -> Faction | None:
        return self.game.to_move()

    def is_player_turn(self) -> bool:
        faction = self.to_move
        return faction is not None and self.game.state.seats[faction] is not None

    @property
    def steps(self) -> list[Step]:
        """The game's log as replayed (:class:`tui.turn_log.Step`), kept in step with
        whatever game the session holds now."""
        self._steps = steps_of(self.game, self._steps)
        return self._steps

    @property
    def can_undo(self) -> bool:
        return undo_plan(self.steps) is not None

    def undo_plan(self) -> Undo | None:
        """What :meth:`undo` would take back now (:func:`tui.turn_log.undo_plan`)."""
        return undo_plan(self.steps)

    # --- changes ------------------------------------------------------------------
    def apply(self, cmd: Command, chooser: Any = None) -> list[str]:
        """Apply a player's command (all-or-nothing) and autosave."""
        trial = self.game.clone()
        trace = trial.apply(cmd, chooser=chooser)
        self.commit(trial)
        return trace

    def commit(self, game: Game) -> None:
        """Make ``game`` (a copy of the current game with commands added to its log) the
        game, and autosave. Whose the commands were (a person's, which :meth:`undo`
        takes back, or a Non-player's) is read from the log."""
        before = self.game
        self._steps = steps_of(before, self._steps)
        self.game = game
        self._steps = steps_of(game, self._steps, start=before)
        self._after_change()

    def run_nonplayers(
        self, on_turn: Callable[[TurnResult], None] | None = None
    ) -> list[TurnResult]:
        """Play Non-player decisions until a person must decide (or the game ends)."""
        trial = self.game.clone()
        turns = run_nonplayers(trial, on_turn=on_turn)
        if turns:
            self.commit(trial)
        return turns

    def undo(self, plan: Undo | None = None) -> bool:
        """Back to the start of the person's latest decision (False if nothing to undo).
        ``plan``: the :class:`tui.turn_log.Undo` said before (by default the one of now);
        it must still be the game's (ValueError: the game changed since), so the undo
        takes back exactly what was said."""
        now = undo_plan(self.steps)
        if plan is None:
            plan = now
        if plan is None:
            return False
        if now is None or now.point != plan.point \
                or [id(s.logged) for s in now.taken] != [id(s.logged) for s in plan.taken]:
            raise ValueError("the game changed since the undo was said: nothing undone")
        self.rewind(plan.point)
        return True

    def rewind(self, position: int) -> None:
        """Back to the game after the log's first ``position`` commands (a rollback):
        they are replayed from the initial state with their own dice, and the seeded
        dice stream returns to where it was then (:meth:`core.game.Game.replay`)."""
        log = self.game.log
        if not 0 <= position <= len(log):
            raise ValueError(f"no position {position} in a log of {len(log)} commands")
        steps = self.steps[:position]
        game = Game.replay(self.game.initial, log[:position])
        game.dice = self.game.dice
        self.game = game
        self._steps = steps
        self._after_change()

    def save(self, path: str | Path | None = None, replace: bool = False) -> Path:
        """Save the game (to :attr:`path`, or to ``path``, which becomes the file every
        later autosave goes to). Another file than the session's own is checked first
        (a regular file, never a link, FIFO or directory; an existing one only with
        ``replace``: FileCheckError) and its lock taken before it is written (refused if
        another game holds it); the old file's lock is dropped once the game is there."""
        target = Path(path) if path is not None else self.path
        if target is None:
            raise ValueError("no save file given")
        if self.path is not None and same_path(target, self.path):
            serialize.save(self.game, self.path)
            return self.path
        check_output(target, "", force=replace, hint="not replaced unless you say so")
        self._moving_to(target, lambda: serialize.save(self.game, target))
        self.path = target
        return target

    def load_instead(self, path: str | Path, verify: bool = True) -> Session:
        """The game saved in ``path``, to play on instead of this one (the screen's Load
        key), as a new session that keeps this one's lock moved to ``path``: the lock of
        ``path`` is taken first (refused: this game goes on as it was), the save loaded
        (refused: that lock dropped again), then this session's old lock dropped."""
        check_output(path, "", force=True)  # a regular file: every autosave goes there
        if self.path is not None and same_path(path, self.path):
            session = Session.load(path, verify=verify)
        else:
            session = self._moving_to(path, lambda: Session.load(path, verify=verify))
        session.lock = self.lock
        return session

    def _moving_to(self, path: str | Path, step: Callable[[], T]) -> T:
        """``step`` (writing or reading ``path``) with ``path``'s lock taken first; once
        it is done, this session's lock is that one (the old file's dropped); if it
        fails, the new lock is dropped and the old one kept. A session given no lock
        takes none."""
        if self.lock is None:
            return step()
        lock = SaveLock(path)
        lock.acquire()
        try:
            result = step()
        except BaseException:
            lock.release()
            raise
        self.lock.adopt(lock)
        return result

    @classmethod
    def load(cls, path: str | Path, verify: bool = True) -> Session:
        """Resume a save (the strict loader: ``verify`` replays its log too)."""
        game = serialize.load(path, verify=verify)
        check_seating(game)  # refused before anything (a bot's turn) is written
        game.play_on()  # a save stopped right after a turn (np-turn): play goes on
        return cls(game, path)

    def _after_change(self) -> None:
        self._card = self.game.state.current_card
        if self.path is not None:
            serialize.save(self.game, self.path)


def check_seating(game: Game) -> None:
    """A save whose seating cannot be played on screen is refused with one line
    (:func:`core.seating.seating_problem`): ValueError."""
    from core.seating import seating_problem
    from core.setup import GOVERNMENT_AI

    state = game.state
    problem = seating_problem(state.seats, state.options.get(GOVERNMENT_AI))
    if problem is not None:
        raise ValueError(f"this save cannot be played: {problem}")
