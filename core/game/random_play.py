"""The random legal player: our baseline bot and the engine's fuzzer.

:func:`random_command` returns a legal command for whoever is to move, drawn from the
per-command random generators that each rules module provides (``random_train``,
``random_rally``, ``random_extort``...). Every Operation and Special Activity of every
Faction can come up, with Passes and (once implemented) Events mixed in, so a few
thousand random games exercise the whole rules engine; the property tests and the
benchmarks both drive games through it.

Randomness for the *choices* comes from a ``random.Random`` the caller seeds (the bot's
own mind); the *dice* stay with the game's dice source. Same seeds, same game.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import NamedTuple

from core import draw, events
from core.commands import Command, Context, Operation, SpecialActivity
from core.context import copy_notes
from core.dice import SEEDED
from core.errors import IllegalAction
from core.events.choice import RandomChooser
from core.game import Game
from core.game import sequence as seq
from core.game.play import begin_command, execute, finish_command
from core.pieces import AUC, CARTELS, FARC, GOVT, Faction
from core.rules import (
    coin_ops,
    common,
    govt_special,
    insurgent_ops,
    insurgent_special,
    propaganda,
)
from core.state import GameState

OpGenerator = Callable[..., Operation | None]

OPERATIONS: dict[Faction, tuple[OpGenerator, ...]] = {
    GOVT: (
        coin_ops.random_train,
        coin_ops.random_patrol,
        coin_ops.random_sweep,
        coin_ops.random_assault,
    ),
}
for _f in (FARC, AUC, CARTELS):
    OPERATIONS[_f] = (
        insurgent_ops.random_rally,
        insurgent_ops.random_march,
        insurgent_ops.random_attack,
        insurgent_ops.random_terror,
    )

#: Names of the Special Activities each Faction may add (4.2-4.5).
SPECIALS: dict[Faction, tuple[str, ...]] = {
    GOVT: ("Air Lift", "Air Strike", "Eradicate"),
    FARC: ("Extort", "Ambush", "Kidnap"),
    AUC: ("Extort", "Ambush", "Assassinate"),
    CARTELS: ("Cultivate", "Process", "Bribe"),
}


def _special(
    name: str, state: GameState, faction: Faction, op: Operation, rng: random.Random
) -> SpecialActivity | None:
    if name == "Air Lift":
        return govt_special.random_air_lift(state, faction, rng)
    if name == "Air Strike":
        return govt_special.random_air_strike(state, faction, rng)
    if name == "Eradicate":
        return govt_special.random_eradicate(state, faction, rng)
    if name == "Ambush":
        if isinstance(op, insurgent_ops.Attack):
            return insurgent_ops.random_ambush(state, faction, op, rng)
        return None
    return insurgent_special.RANDOM_GENERATORS[name](state, faction, rng, op=op)


#: A command run on a clone of the state: the clone after it, and its Context.
Trial = tuple[GameState, Context]


def _try(state: GameState, cmd: Command) -> Trial | None:
    """Run ``cmd`` on a clone (validation by transaction); None if it is illegal."""
    trial = state.clone()
    try:
        ctx = execute(trial, cmd)
    except IllegalAction:
        return None
    return trial, ctx


def random_operation(
    state: GameState, faction: Faction, rng: random.Random, limited: bool, tries: int = 8
) -> Command | None:
    """A legal :class:`OperationAction` (with a Special Activity most of the time), or None.

    The Special Activity is drawn on the board as it stands after the Operation, which is
    when it executes (4.1); a few draws are tried before giving up.
    """
    found = _random_operation(state, faction, rng, limited, tries)
    return None if found is None else found[0]


def _random_operation(
    state: GameState, faction: Faction, rng: random.Random, limited: bool, tries: int = 8
) -> tuple[Command, Trial] | None:
    """:func:`random_operation`, with the trial run that proved the command legal.

    The Operation runs once, on a clone (:func:`_run_operation`): the board it leaves is
    where the Special Activity (or the Ship's Limited Operation) is drawn, and the
    trials of the plain Operation (on a copy) and of Operation + Special Activity (on
    the board itself, :func:`_add_special`) go on from it instead of running the
    Operation again."""
    for _ in range(tries):
        op = draw.choice(rng, OPERATIONS[faction])(state, faction, rng, limited=limited)
        if op is None:
            continue
        ran = _run_operation(state, op)
        if ran is None:
            continue
        plain_trial = _conclude(ran, seq.OperationAction(op))
        if plain_trial is None:
            continue
        if not limited and rng.random() < 0.75:
            name = draw.choice(rng, SPECIALS[faction])
            # Ambush is declared for a space of the Attack before it resolves (4.3.2).
            board = state if name == "Ambush" else ran.board
            special = _special(name, board, faction, op, rng)
            if special is not None:
                both = seq.OperationAction(op, special)
                both_trial = _try(state, both) if name == "Ambush" else _add_special(ran, both)
                if both_trial is not None:
                    return both, both_trial
        elif rng.random() < 0.5:
            shipped = _random_ship(state, faction, op, rng, ran.board)
            if shipped is not None:
                return shipped
        return seq.OperationAction(op), plain_trial
    return None


class _Ran(NamedTuple):
    """A plain :class:`OperationAction` run on a clone up to the end of its Operation."""

    board: GameState
    ctx: Context
    started: seq.StartedOperation


def _run_operation(state: GameState, op: Operation) -> _Ran | None:
    """Run ``OperationAction(op)`` on a clone of ``state`` as :func:`execute` would, and
    stop right after the Operation: the board then is the one the Special Activity
    executes on (4.1); None if the Operation is illegal. (A random command has no
    Shipment ``transfers``, so no decider is installed: the same run as ``execute``.)"""
    board = state.clone()
    plain = seq.OperationAction(op)
    try:
        ctx = begin_command(board, plain)
        started = plain.start(board, ctx)
        op.execute(board, started.op_ctx)
    except IllegalAction:
        return None
    return _Ran(board, ctx, started)


def _copy_ctx(ctx: Context) -> Context:
    """The Context of a run as it stands, to go on with on a copy of its board."""
    return Context(faction=ctx.faction, dice=ctx.dice, chooser=ctx.chooser,
                   nonplayer=ctx.nonplayer, trace=ctx.trace.copy(),
                   notes=copy_notes(ctx.notes))


def _conclude(ran: _Ran, cmd: seq.OperationAction) -> Trial | None:
    """``cmd`` (the plain Operation of ``ran``) finished on a copy of ``ran``'s board."""
    board, ctx = ran.board.clone(), _copy_ctx(ran.ctx)
    try:
        cmd.conclude(board, ctx, ran.started)
        finish_command(board)
    except IllegalAction:
        return None
    return board, ctx


def _add_special(ran: _Ran, both: seq.OperationAction) -> Trial | None:
    """``both`` (``ran``'s Operation with a Special Activity after it) on the board its
    Operation left, as :func:`_try` would run it from the start: only Attack reads its
    Special Activity while it executes (for Ambush, 4.3.2), and Ambush is tried from the
    start, so the Operation's run is the same with or without one. Uses up ``ran``: the
    last thing tried on it (the plain Operation's trial was concluded on a copy)."""
    assert both.special is not None and not both.special_first
    board, ctx = ran.board, ran.ctx
    try:
        started = both.with_special(ran.started, ctx, both.special)
        assert started.sa_ctx is not None  # with_special made it
        both.special.execute(board, started.sa_ctx)
        both.conclude(board, ctx, started)
        finish_command(board)
    except IllegalAction:
        return None
    return board, ctx


def _random_ship(
    state: GameState, faction: Faction, op: Operation, rng: random.Random, after: GameState
) -> tuple[Command, Trial] | None:
    """The Operation followed by Ship (2.3.6): a Shipment removed for a free LimOp.
    ``after`` is the board right after the Operation, where the LimOp is drawn."""
    if common.is_nonplayer(state, faction) or int(faction) in state.step.get("shipped", []):
        return None
    own = [i for i, s in enumerate(state.shipments) if s is not None and s[1] == faction]
    if not own:
        return None
    extra = draw.choice(rng, OPERATIONS[faction])(after, faction, rng, limited=True)
    if extra is None:
        return None
    cmd = seq.OperationAction(op, ship=draw.choice(rng, own), ship_op=extra)
    tried = _try(state, cmd)
    return None if tried is None else (cmd, tried)


def random_command(state: GameState, rng: random.Random) -> Command:
    """A random legal command for the Faction to move."""
    return _random_command(state, rng)[0]


def _random_command(state: GameState, rng: random.Random) -> tuple[Command, Trial | None]:
    """:func:`random_command`, with the trial run of it on a clone when one was made
    that :meth:`Game.keep_trial` may keep: an Operation's (it asks no chooser), or an
    Event's that asked its chooser nothing."""
    if state.phase == "propaganda":
        cmd = propaganda.random_propaganda_command(state, rng)
        if cmd is None:
            raise RuntimeError(f"no random command for Propaganda step {state.step}")
        return cmd, None
    faction = seq.to_move(state)
    if faction is None:
        raise RuntimeError("the game is over")
    opts = seq.options(state)
    roll = rng.random()
    if seq.EVENT in opts and roll < 0.2:
        card = state.current_card
        assert card is not None
        sides = [s for s in events.SIDES if events.implemented(card, s)]
        event: Command = seq.PlayEvent(draw.choice(rng, sides))
        tried = _try(state, event)  # on a clone, by the default chooser
        if tried is not None:
            # Kept only if the Event asked its chooser nothing: the random chooser would
            # not be asked either (the run is the same up to a first question), so the
            # run applying it would be this one; otherwise it is applied afresh.
            return event, None if tried[1].notes.get("event_choices") else tried
    if roll < 0.9:
        limited = seq.LIMITED in opts and seq.OPERATION not in opts
        if seq.OPERATION in opts or limited:
            found = _random_operation(state, faction, rng, limited)
            if found is not None:
                return found
    return seq.Pass(), None


def play_random_game(
    game: Game,
    rng: random.Random,
    max_commands: int = 5000,
    on_command: Callable[[Game, Command, list[str]], None] | None = None,
) -> Game:
    """Play ``game`` to its end with random legal commands; return it.

    An Operation (or an Event that asks no question) was already run on a clone to learn
    it is legal (validation by transaction); with the game's dice the seeded stream, that
    run is the one kept (:meth:`Game.keep_trial`), not repeated: same state, same log.
    """
    for _ in range(max_commands):
        if game.is_terminal():
            return game
        cmd, tried = _random_command(game.state, rng)
        if tried is not None and game.dice is SEEDED:
            trace = game.keep_trial(cmd, *tried)
        else:
            trace = game.apply(cmd, chooser=RandomChooser(rng))
        if on_command is not None:
            on_command(game, cmd, trace)
    raise RuntimeError(f"game not over after {max_commands} commands")
