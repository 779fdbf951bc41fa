"""The public game API, shaped like OpenSpiel's: a state you can query, ``apply`` commands
to, ``clone``, and ask whether it is terminal and what the returns are.

>>> from core.game import Game
>>> game = Game.new(scenario="standard", seed=7)
>>> game.to_move().label in {"Government", "FARC", "AUC", "Cartels"}
True

Every change goes through :meth:`Game.apply`, which runs the command on a clone and keeps
the result only if no rule was broken: an illegal command raises
:class:`~core.errors.IllegalAction` and the game is exactly as before. Each applied
command is appended to :attr:`Game.log` with the dice it rolled, so
:meth:`Game.replay` rebuilds the identical game from the initial state and the log.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from core.commands import Command, Context, SideCommand, from_json
from core.dice import SEEDED, DiceSource, ScriptedDice
from core.errors import IllegalAction
from core.game import board_editor, editor, play, sequence, transfer
from core.game.play import apply_command, begin_command, execute, finish_command
from core.pieces import Faction
from core.rules import (
    coin_ops,
    govt_special,
    insurgent_ops,
    insurgent_special,
    propaganda,
)
from core.state import GameState

#: The engine's entry points are in core/game/play.py (compiled with the engine, this
#: module not: core/engine.py), re-exported here with the Game built on them.
__all__ = ["RULE_MODULES", "Game", "StageWatcher", "apply_command", "begin_command",
           "execute", "finish_command"]

#: Told of each automatic Propaganda stage a replay runs, with the state as the stage
#: left it, then :data:`core.rules.propaganda.Observer`'s stage index, report lines and
#: decision: an analysis of a saved game watches the Support Phase through it
#: (:meth:`Game.replay`, :meth:`Game.replay_entry`; ``benchmarks/ledger.py``).
StageWatcher = Callable[[GameState, int, list[str], propaganda.Decision], None]

#: The rules modules, imported here (above them) for the commands they register with
#: :func:`core.commands.command` (below them), so :func:`core.commands.from_json` knows
#: every command type wherever a game can be played, saved or replayed.
RULE_MODULES = (
    sequence,
    coin_ops,
    govt_special,
    insurgent_ops,
    insurgent_special,
    propaganda,
    editor,
    board_editor,
    transfer,
)


class Game:
    """A game in progress: its state, dice source and log of applied commands."""

    def __init__(
        self,
        state: GameState,
        dice: DiceSource | None = None,
        log: list[dict[str, Any]] | None = None,
        initial: GameState | None = None,
    ) -> None:
        self.state = state
        self.dice: DiceSource = dice or SEEDED
        self.log: list[dict[str, Any]] = log if log is not None else []
        self.initial = initial if initial is not None else state.clone()
        #: rolls already in ``state.roll_log`` (the last command's own); any further
        #: roll was made on the live state by a decider (a flowchart, an Event choice)
        self._rolls_seen = len(state.roll_log)

    # --- construction ---------------------------------------------------------------
    @classmethod
    def new(cls, scenario: str = "standard", seed: int = 0, **options: Any) -> Game:
        """Set up a new game (2.1) and reveal the first card (2.2).

        Options are those of :func:`core.setup.new_state` (``short``, ``seeded_propaganda``,
        ``seats``, ``deployment``...).
        """
        from core import setup

        state = setup.new_state(scenario=scenario, seed=seed, **options)
        initial = state.clone()
        sequence.start_game(state, SEEDED)
        return cls(state, SEEDED, [], initial)

    # --- OpenSpiel-like queries ----------------------------------------------------------
    def to_move(self) -> Faction | None:
        """Faction whose decision is awaited (None when the game is over)."""
        return sequence.to_move(self.state)

    current_player = to_move

    def legal_action_types(self) -> list[str]:
        """On an Event card: subset of pass / event / operation / limited_operation.
        In a Propaganda Round: the name of the awaited decision."""
        if self.state.phase == "card":
            return sequence.options(self.state)
        if self.state.phase == "propaganda":
            return [self.state.step.get("phase", "")]
        return []

    def is_terminal(self) -> bool:
        return self.state.phase == "over"

    def returns(self) -> dict[Faction, int]:
        """Victory margins (7.3) by Faction; final once the game is over."""
        return self.state.victory_margins()

    def clone(self) -> Game:
        game = Game(self.state.clone(), self.dice, list(self.log), self.initial)
        game._rolls_seen = self._rolls_seen
        return game

    # --- changing the game ---------------------------------------------------------------
    def validate(self, cmd: Command) -> IllegalAction | None:
        """The reason ``cmd`` is illegal now, or None. Rolls dice on a throw-away clone."""
        try:
            apply_command(self.state.clone(), cmd, self.dice)
        except IllegalAction as err:
            return err
        return None

    def apply(
        self,
        cmd: Command,
        chooser: Any = None,
        dice: DiceSource | None = None,
        stop_after_turn: bool = False,
    ) -> list[str]:
        """Apply a command all-or-nothing; return its trace.

        ``chooser`` answers an Event's open choices (core.events.choice); the answers are
        written into the logged command so the log replays without it. ``dice`` overrides
        the game's dice source for this command (e.g. dice typed in for one turn).
        ``stop_after_turn``: keep the position right after this turn, before the card's
        end and the next card's automatic phases (``np-turn``); logged, so replay stops
        there too, and the next command goes on from there.
        """
        trial = self.state.clone()
        faction = cmd.actor() if isinstance(cmd, SideCommand) else sequence.to_move(trial)
        counter = self.state.rng_counter
        ctx = execute(trial, cmd, dice or self.dice, chooser, stop_after_turn)
        return self._keep(cmd, trial, ctx, faction, counter, stop_after_turn)

    def keep_trial(self, cmd: Command, trial: GameState, ctx: Context) -> list[str]:
        """Keep the result of :func:`execute` of ``cmd`` on a clone of :attr:`state` as if
        :meth:`apply` had run it: for a caller that already ran the command to learn it
        is legal (the random player), so it does not run twice.

        The caller vouches that ``trial`` is a clone of the current state on which
        ``execute(trial, cmd, self.dice)`` ran with the chooser ``apply`` would get (or
        with none, for a command that asks no chooser: an Operation, or an Event whose
        run asked its chooser nothing), without ``stop_after_turn``.
        """
        return self._keep(cmd, trial, ctx, sequence.to_move(self.state),
                          self.state.rng_counter, False)

    def _keep(
        self,
        cmd: Command,
        trial: GameState,
        ctx: Context,
        faction: Faction | None,
        counter: int,
        stop_after_turn: bool,
    ) -> list[str]:
        """Log ``cmd`` (run on ``trial``, see :meth:`apply`) and make ``trial`` the state."""

        entry = play.log_entry(self.state, self._rolls_seen, cmd, trial, ctx, faction,
                               counter, stop_after_turn)
        self.log.append(entry)
        self.state = trial
        self._rolls_seen = len(trial.roll_log)
        return ctx.trace

    def play_on(self) -> list[str]:
        """Carry out the card end a stopped turn left pending (:class:`PlayOn`, logged),
        so :meth:`to_move` names who decides next; nothing when none is pending."""
        from core.game.editor import PlayOn

        if not sequence.card_ended(self.state):
            return []
        return self.apply(PlayOn())

    @classmethod
    def replay(cls, initial: GameState, log: list[dict[str, Any]],
               watch: StageWatcher | None = None) -> Game:
        """Rebuild a game from its initial state (before the first card) and its log,
        feeding each command the dice it rolled originally. ``watch``: told of every
        automatic Propaganda stage on the way (:data:`StageWatcher`)."""
        state = initial.clone()
        sequence.start_game(state, SEEDED, None if watch is None else partial(watch, state))
        game = cls(state, SEEDED, [], initial.clone())
        for entry in log:
            game.replay_entry(entry, watch)
        return game

    def replay_entry(self, entry: dict[str, Any], watch: StageWatcher | None = None) -> list[str]:
        """Apply one logged command (an entry of another game's :attr:`log`, at this
        game's position) with the dice it rolled; append the entry itself; return the
        command's trace. :meth:`replay` is this, entry after entry. ``watch``: told of
        each automatic Propaganda stage the command sets off (:data:`StageWatcher`)."""
        rolls = [v for _, v in entry.get("rolls", [])]
        cmd = from_json(entry["command"])
        trial = self.state.clone()
        trace = apply_command(trial, cmd, ScriptedDice(rolls),
                              stop_after_turn=bool(entry.get("stop_after_turn")),
                              observe=None if watch is None else partial(watch, trial))
        # The scripted dice stood in for whatever source rolled originally; restore
        # the seeded stream's position so later seeded rolls match too.
        trial.rng_counter = int(entry.get("rng_after", trial.rng_counter))
        self.state = trial
        self.log.append(entry)
        self._rolls_seen = len(trial.roll_log)
        return trace
