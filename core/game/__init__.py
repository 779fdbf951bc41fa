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

import dataclasses
from collections.abc import Callable
from functools import partial
from typing import Any

from core.commands import Command, Context, SideCommand, from_json
from core.dice import SEEDED, DiceSource, ScriptedDice
from core.errors import IllegalAction
from core.game import board_editor, editor, sequence, transfer
from core.game.editor import EditorCommand
from core.pieces import Faction
from core.rules import (
    coin_ops,
    common,
    govt_special,
    insurgent_ops,
    insurgent_special,
    propaganda,
)
from core.state import GameState

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


def apply_command(
    state: GameState,
    cmd: Command,
    dice: DiceSource = SEEDED,
    chooser: Any = None,
    stop_after_turn: bool = False,
    observe: propaganda.Observer | None = None,
) -> list[str]:
    """Apply ``cmd`` for the Faction to move, *in place*, and advance play.

    Callers wanting the all-or-nothing guarantee use :meth:`Game.apply` (or clone first).
    Returns the plain-English trace of what happened. ``observe``: see :func:`execute`.
    """
    return execute(state, cmd, dice, chooser, stop_after_turn, observe).trace


def execute(
    state: GameState,
    cmd: Command,
    dice: DiceSource = SEEDED,
    chooser: Any = None,
    stop_after_turn: bool = False,
    observe: propaganda.Observer | None = None,
) -> Context:
    """:func:`apply_command`, returning the whole :class:`Context` (trace and notes).

    ``stop_after_turn``: play stops right after this command, before the end of the card
    (:func:`core.game.sequence.advance`); the next command (not an editor command)
    first carries out what was left, so who decides next is settled then.
    ``observe``: told of each automatic Propaganda stage the command sets off
    (:data:`core.rules.propaganda.Observer`).
    """
    if isinstance(cmd, EditorCommand | SideCommand):
        # beside the Sequence of Play: play stays where it is (a transfer takes no turn,
        # 1.5.2); an editor command acts for the table, a transfer for its giver
        faction = cmd.actor() if isinstance(cmd, SideCommand) else Faction.GOVT
        ctx = Context(faction=faction, dice=dice, chooser=chooser)
        state.roll_log = []
        cmd.execute(state, ctx)
        return ctx
    ctx = begin_command(state, cmd, dice, chooser, observe)
    cmd.execute(state, ctx)
    finish_command(state, dice, stop_after_turn, observe)
    return ctx


def begin_command(
    state: GameState, cmd: Command, dice: DiceSource = SEEDED, chooser: Any = None,
    observe: propaganda.Observer | None = None,
) -> Context:
    """What :func:`execute` does before the command itself (not an editor command):
    finish a stopped card (``observe``: told of the Propaganda stages that runs),
    check that ``cmd`` is a choice now, and make its Context."""
    state.roll_log = []
    # a card left ended by a stopped turn ends now
    sequence.advance(state, dice, observe=observe)
    faction = sequence.to_move(state)
    if faction is None:
        raise IllegalAction("7.0", "the game is over")
    if state.phase == "card" and not isinstance(
        cmd, sequence.Pass | sequence.PlayEvent | sequence.OperationAction
    ):
        raise IllegalAction("2.3", f"{cmd.name} is not a choice on an Event card")
    if state.phase == "propaganda":
        wanted = state.step.get("phase")
        if getattr(cmd, "propaganda_phase", None) != wanted:
            raise IllegalAction("6.0", f"the Propaganda Round awaits {wanted}, not {cmd.name}")
    return Context(
        faction=faction,
        dice=dice,
        chooser=chooser,
        nonplayer=common.is_nonplayer(state, faction),
    )


def finish_command(state: GameState, dice: DiceSource = SEEDED,
                   stop_after_turn: bool = False,
                   observe: propaganda.Observer | None = None) -> None:
    """What :func:`execute` does after the command: play moves on (a Propaganda phase,
    the card's end, the next card) until a decision is needed (``observe``: told of
    each Propaganda stage run, :data:`core.rules.propaganda.Observer`)."""
    if state.phase == "propaganda":
        propaganda.advance(state, dice, observe)
    sequence.advance(state, dice, stop_after_turn, observe)


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

        if faction is None and not isinstance(cmd, EditorCommand):
            faction = ctx.faction  # decided once the stopped card had ended
        trace = ctx.trace
        if isinstance(cmd, sequence.PlayEvent) and "event_choices" in ctx.notes:
            cmd = dataclasses.replace(cmd, choices=tuple(ctx.notes["event_choices"]))
        # The dice the decision rolled on the live state (a Non-player's flowchart and
        # Event-choice chart rolls): logged with their purpose, not re-fed on replay (the
        # command already holds what they decided). An Event chooser rolling during the
        # command moved the live stream: the new state's stream moves on past those too.
        seen = self._rolls_seen if len(self.state.roll_log) >= self._rolls_seen else 0
        # and the dice an Event's chooser rolled inside the command (RecordingChooser)
        decided = self.state.roll_log[seen:] + ctx.notes.get("decision_rolls", [])
        trial.rng_counter += self.state.rng_counter - counter
        entry: dict[str, Any] = {
            "faction": faction.label if faction is not None else None,
            "command": cmd.to_json(),
            "rolls": [[p, v] for p, v in trial.roll_log],
            "rng_after": trial.rng_counter,
        }
        if decided:
            entry["decision_rolls"] = [[p, v] for p, v in decided]
        if stop_after_turn:
            entry["stop_after_turn"] = True
        self.log.append(entry)
        self.state = trial
        self._rolls_seen = len(trial.roll_log)
        return trace

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
