"""Helpers for tests: hand-made positions read like the board (:func:`position`,
:func:`place`), running a command or a non-player's plan on them and checking the result
(:func:`run_as`, :func:`illegal_as`, :func:`planned`, :func:`after_plan`), and answering a
form with typed text (:func:`run_form`)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from core.events.choice import Choice, ScriptedChooser
from core.game.sequence import fresh_card_step
from core.map import MAP
from core.pieces import Faction, Piece
from core.state import GameState
from tests.codes import CODES


def sid(name: str) -> int:
    """Space id from a (prefix of a) name: sid("Huila")."""
    return MAP.id_of(name)


def blank_state(resources: int = 10, card: int = 19) -> GameState:
    """An empty board in the middle of an Event card, all Factions Eligible and with
    ``resources`` each. ``card`` is the current card (default 19 General Offensive)."""
    state = GameState()
    state.resources = [resources] * 4
    state.aid = 9
    state.current_card = card
    state.played = [card]
    state.deck = [c for c in range(1, 73) if c != card][:20]
    state.phase = "card"
    state.step = fresh_card_step()
    return state


def put(state: GameState, space: str | int, kind: Piece, n: int = 1) -> None:
    """Place pieces directly (bypassing Operations) for setting up a test position."""
    s = space if isinstance(space, int) else sid(space)
    state.pieces[s * len(Piece) + kind] += n


_CODE_RE = re.compile(r"(\d*)([A-Z]+)")

Space = str | int
Markers = Mapping[Space, int] | Iterable[Space]


def pieces(spec: str) -> list[tuple[Piece, int]]:
    """The forces of a space written like the board: ``"2T 1P 3FU"`` is 2 Troops, 1 Police
    and 3 Underground FARC Guerrillas; a code alone is one piece (``"FB"``). Codes: T P GB
    (Government), FU FA FB (FARC), AU AA AB (AUC), CU CA CB (Cartels)."""
    out: list[tuple[Piece, int]] = []
    for word in spec.split():
        m = _CODE_RE.fullmatch(word)
        if m is None or m.group(2) not in CODES:
            raise ValueError(f"not a piece code: {word!r} (codes: {' '.join(CODES)})")
        out.append((CODES[m.group(2)], int(m.group(1) or 1)))
    return out


def _marks(markers: Markers | None) -> Iterator[tuple[int, int]]:
    if markers is None:
        return
    items = markers.items() if isinstance(markers, Mapping) else ((m, 1) for m in markers)
    for space, value in items:
        yield (space if isinstance(space, int) else sid(space)), value


def place(
    state: GameState,
    spaces: Mapping[Space, str] | None = None,
    *,
    support: Markers | None = None,
    terror: Markers | None = None,
    sabotage: Markers | None = None,
    farc_zone: Markers | None = None,
    capabilities: Mapping[int, str] | None = None,
    momentum: Iterable[int] | None = None,
    **fields: Any,
) -> GameState:
    """Set up a hand-made position on ``state`` and return it: ``spaces`` maps a space
    (name or id) to its forces (:func:`pieces`), placed directly like :func:`put`; the
    markers map a space to its level (Support -2..2, Terror/Sabotage count, FARC Zone 1; a
    list of spaces means 1 each); ``capabilities`` maps a card to its side, ``momentum``
    lists the Momentum cards in play; any other keyword sets that state field as given."""
    for space, spec in (spaces or {}).items():
        for kind, n in pieces(spec):
            put(state, space, kind, n)
    for table, markers in (
        (state.support, support),
        (state.terror, terror),
        (state.sabotage, sabotage),
        (state.farc_zone, farc_zone),
    ):
        for s, value in _marks(markers):
            table[s] = value
    if capabilities:
        state.capabilities.update(capabilities)
    if momentum is not None:
        state.momentum = list(momentum)
    for name, value in fields.items():
        if not hasattr(state, name):
            raise AttributeError(f"GameState has no field {name!r}")
        setattr(state, name, value)
    return state


def position(
    spaces: Mapping[Space, str] | None = None,
    *,
    resources: int = 10,
    card: int = 19,
    **markers: Any,
) -> GameState:
    """A hand-made position, read like the board: :func:`blank_state` (``resources``,
    ``card``) with ``spaces`` and the markers and fields of :func:`place`, e.g.
    ``position({"Huila": "2T 1P 3FU", "Cali": "CB"}, support={"Cali": 2})``."""
    return place(blank_state(resources, card), spaces, **markers)


class Spy(ScriptedChooser):
    """A scripted chooser that also keeps the Choices it was asked."""

    def __init__(self, answers=()) -> None:  # type: ignore[no-untyped-def]
        super().__init__(answers)
        self.asked: list[Choice] = []

    def choose(self, state, choice):  # type: ignore[no-untyped-def]
        self.asked.append(choice)
        return super().choose(state, choice)


__all__ = [
    "Faction", "Piece", "Spy", "blank_state", "pieces", "place", "position", "put", "sid",
]


def run_as(faction, state: GameState, cmd, **context):  # type: ignore[no-untyped-def]
    """Execute ``cmd`` for ``faction`` directly and check the invariants; return the Context."""
    from core.commands import Context

    ctx = Context(faction=faction, **context)
    cmd.execute(state, ctx)
    assert state.check_invariants() == []
    return ctx


def illegal_as(faction, state: GameState, cmd, rule: str, **context):  # type: ignore[no-untyped-def]
    """Assert ``cmd`` is refused for ``faction`` under ``rule``; return the IllegalAction."""
    import pytest

    from core.commands import Context
    from core.errors import IllegalAction

    with pytest.raises(IllegalAction) as err:
        cmd.execute(state.clone(), Context(faction=faction, **context))
    assert err.value.rule == rule, str(err.value)
    return err.value


def after_plan(state: GameState, faction: Faction, action: Any) -> GameState:
    """The board after a non-player's planned Operation and Special Activity (an
    ``OperationAction``), executed on a copy the way the game does (the two share their
    notes); the invariants are checked."""
    from core.commands import Context

    trial = state.clone()
    notes: dict = {}
    action.op.execute(
        trial, Context(faction=faction, nonplayer=True, special=action.special, notes=notes)
    )
    if action.special is not None:
        action.special.execute(
            trial, Context(faction=faction, nonplayer=True, op=action.op, notes=notes)
        )
    assert trial.check_invariants() == []
    return trial


def planned(state: GameState, faction: Faction, dice: Iterable[int] = ()) -> tuple[Any, Any]:
    """Plan ``faction``'s non-player Operation on ``state`` with scripted chart dice and
    return (the plan or None, the Bot with its trace); a plan must execute legally on a
    copy (:func:`after_plan`)."""
    from core.dice import ScriptedDice
    from nonplayer.bot import Bot
    from nonplayer.interpreter import plan_operation

    bot = Bot(state, faction, ScriptedDice(list(dice)))
    action = plan_operation(bot)
    if action is not None:
        after_plan(state, faction, action)
    return action, bot


def run_form(factory, *answers):  # type: ignore[no-untyped-def]
    """Answer a form with typed text; return the finished result."""
    from decisions.base import FormRun

    run = FormRun(factory)
    for text in answers:
        assert run.question is not None, f"form finished before {text!r}"
        run.answer_text(text)
    assert run.done, f"form still asks: {run.question and run.question.prompt}"
    return run.result


def trim_ecuador(state: GameState) -> None:
    """Remove pieces beyond card 33's limit of 2 per Faction in Ecuador (1.4.2), for
    random test positions built with put()."""
    from core.map import MAP
    from core.pieces import FACTION_KINDS

    e = MAP.ECUADOR
    for faction, kinds in FACTION_KINDS.items():
        for kind in kinds:
            while state.faction_pieces(e, faction) > 2 and state.count(e, kind):
                state.remove(e, kind)


def random_played(seed: int, commands: int, scenario: str = "standard") -> Any:
    """A new game with ``commands`` random legal commands played (the random legal
    player, Event choices by a seeded chooser): a save with a log to mutate."""
    import random

    from core.events.choice import RandomChooser
    from core.game import Game
    from core.game.random_play import random_command

    game = Game.new(scenario, seed=seed)
    rng = random.Random(seed)
    for _ in range(commands):
        game.apply(random_command(game.state, rng), chooser=RandomChooser(rng))
    return game
