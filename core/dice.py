"""Dice: the engine's only source of randomness.

Every roll goes through a :class:`DiceSource`, injected where the rules roll:

* :class:`SeededDice` draws from a counter-based generator whose seed and counter live in
  the game state, so a clone rolls independently and a saved game resumes the same stream.
* :class:`ScriptedDice` returns a given list of rolls (tests, replays, typed-in dice) and
  raises :class:`~core.errors.DiceExhausted` when it runs out.
* :class:`AskDice` calls a function (e.g. a prompt for the physical dice on the table).

Each roll is recorded in ``state.roll_log`` with its purpose, so traces and the action log
can show (and replays can reproduce) every die.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Protocol

from core import stream
from core.errors import DiceExhausted
from core.stream import seeded_roll, splitmix64, stream_value

#: The largest seed (``--seed``, a save's ``rng_seed``): the stream mixes its low 64 bits,
#: and a save stays a file any JSON reader takes (the schema's maximum says the same).
MAX_SEED = 2**63 - 1

if TYPE_CHECKING:
    from core.state import GameState

__all__ = ["MAX_SEED", "SEEDED", "AskDice", "DiceSource", "ScriptedDice", "SeededDice",
           "shuffle", "splitmix64", "stream_value"]


class DiceSource(Protocol):
    def roll(self, state: GameState, purpose: str) -> int:
        """Return one six-sided die (1-6) rolled for ``purpose``."""
        ...


class SeededDice:
    """Pseudo-random dice from ``state.rng_seed`` and ``state.rng_counter``.

    The value for counter n depends only on (seed, n): same seed and same sequence of
    rolls give the same game, bit for bit. Rejection sampling keeps the die unbiased.
    """

    def roll(self, state: GameState, purpose: str) -> int:
        return seeded_roll(state, purpose)  # core/stream.py, compiled with the engine


class ScriptedDice:
    """Rolls taken in order from a list; for tests, replays and dice typed in by a person."""

    def __init__(self, rolls: Iterable[int]) -> None:
        self.rolls = list(rolls)
        for r in self.rolls:
            if not 1 <= int(r) <= 6:
                raise ValueError(f"a die shows 1-6, not {r}")
        self.position = 0

    def roll(self, state: GameState, purpose: str) -> int:
        if self.position >= len(self.rolls):
            raise DiceExhausted(
                f"scripted dice ran out after {len(self.rolls)} rolls (needed one for {purpose})"
            )
        result = int(self.rolls[self.position])
        self.position += 1
        state.roll_log.append((purpose, result))
        return result

    @property
    def remaining(self) -> int:
        return len(self.rolls) - self.position


class AskDice:
    """Dice read from a callback, e.g. ``AskDice(lambda purpose: int(input(purpose)))``.
    ``tell``, if given, is called with a line saying what the rolls just typed chose
    (a Non-player's random space, 8.2-8.3: ``nonplayer.random_spaces``), so the person
    rolling sees each pick at once and not only die after die (issue 43 item 5)."""

    def __init__(self, ask: Callable[[str], int],
                 tell: Callable[[str], None] | None = None) -> None:
        self.ask = ask
        self.tell = tell

    def roll(self, state: GameState, purpose: str) -> int:
        while True:
            result = int(self.ask(purpose))
            if 1 <= result <= 6:
                break
        state.roll_log.append((purpose, result))
        return result


SEEDED = SeededDice()


def tell(dice: DiceSource, line: str) -> None:
    """Say ``line`` (what a die just typed chose: '-> 4 Resources from ...') to the person
    rolling, when ``dice`` asks a person (:class:`AskDice` with ``tell``); else nothing."""
    told = getattr(dice, "tell", None)
    if told is not None:
        told(line)


def shuffle(state: GameState, items: list[Any]) -> None:
    """Fisher-Yates shuffle of ``items`` in place from the state's seeded stream.

    Deck preparation is not a dice roll, so it never asks a person; it always draws from
    the seeded stream (and does not write to the roll log)."""
    stream.shuffle(state, items)
