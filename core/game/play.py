"""How a command is played: :func:`execute` (begin, the command, finish) and the log
entry of a command kept (:func:`log_entry`); :class:`core.game.Game` is built on them.

A module of its own, beside the :class:`~core.game.Game` class, so that it can be
compiled with the engine (core/engine.py): every command of every game runs through
here, while the ``Game`` class stays plain Python (its objects are made, pickled and
copied by every caller). :mod:`core.game` re-exports these functions.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from core.commands import Command, Context, SideCommand
from core.dice import SEEDED, DiceSource
from core.encode import command_json
from core.errors import IllegalAction
from core.game import sequence
from core.game.editor import EditorCommand
from core.pieces import Faction
from core.rules import common, propaganda
from core.state import GameState

#: What a Faction may answer on an Event card (2.3): the Sequence of Play's choices.
_CARD_CHOICES = (sequence.Pass, sequence.PlayEvent, sequence.OperationAction)


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
    if isinstance(cmd, (EditorCommand, SideCommand)):
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
    if state.phase == "card" and not isinstance(cmd, _CARD_CHOICES):
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



def log_entry(
    live: GameState,
    rolls_seen: int,
    cmd: Command,
    trial: GameState,
    ctx: Context,
    faction: Faction | None,
    counter: int,
    stop_after_turn: bool,
) -> dict[str, Any]:
    """The log entry of ``cmd``, run on ``trial`` (a clone of ``live`` when
    ``live.rng_counter`` was ``counter``; :meth:`core.game.Game.apply`), and the dice
    stream of ``trial`` moved on past the rolls made meanwhile on ``live``.
    ``rolls_seen``: the rolls of ``live.roll_log`` already logged."""
    if faction is None and not isinstance(cmd, EditorCommand):
        faction = ctx.faction  # decided once the stopped card had ended
    if isinstance(cmd, sequence.PlayEvent) and "event_choices" in ctx.notes:
        cmd = dataclasses.replace(cmd, choices=tuple(ctx.notes["event_choices"]))
    # The dice the decision rolled on the live state (a Non-player's flowchart and
    # Event-choice chart rolls): logged with their purpose, not re-fed on replay (the
    # command already holds what they decided). An Event chooser rolling during the
    # command moved the live stream: the new state's stream moves on past those too.
    seen = rolls_seen if len(live.roll_log) >= rolls_seen else 0
    # and the dice an Event's chooser rolled inside the command (RecordingChooser)
    decided = live.roll_log[seen:] + ctx.notes.get("decision_rolls", [])
    trial.rng_counter += live.rng_counter - counter
    entry: dict[str, Any] = {
        "faction": faction.label if faction is not None else None,
        "command": command_json(cmd),
        "rolls": [[p, v] for p, v in trial.roll_log],
        "rng_after": trial.rng_counter,
    }
    if decided:
        entry["decision_rolls"] = [[p, v] for p, v in decided]
    if stop_after_turn:
        entry["stop_after_turn"] = True
    return entry
