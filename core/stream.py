"""The seeded stream behind :class:`core.dice.SeededDice` and :func:`core.dice.shuffle`,
compiled with the engine (core/engine.py): every seeded die of every game is drawn here.

The value for counter n depends only on (seed, n): same seed and same sequence of rolls
give the same game, bit for bit, compiled or plain. :mod:`core.dice` (plain Python: its
dice sources are replaced and watched by tests and tools) re-exports these.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from core.state import GameState

_MASK = (1 << 64) - 1
#: Rejection sampling keeps the die unbiased: values from here up are drawn again.
_SIX_LIMIT = _MASK - (_MASK % 6)


def splitmix64(x: int) -> int:
    """One step of the SplitMix64 mixer: a fast, well-distributed 64-bit hash."""
    x = (x + 0x9E3779B97F4A7C15) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


def stream_value(seed: int, counter: int) -> int:
    """The ``counter``-th 64-bit value of the stream named by ``seed``."""
    return splitmix64((seed * 0x100000001B3) ^ splitmix64(counter))


def seeded_roll(state: GameState, purpose: str) -> int:
    """One die (1-6) from ``state``'s stream, which moves on; logged with ``purpose`` in
    ``state.roll_log`` (:class:`core.dice.SeededDice`)."""
    while True:
        value = stream_value(state.rng_seed, state.rng_counter)
        state.rng_counter += 1
        if value < _SIX_LIMIT:
            result = value % 6 + 1
            break
    state.roll_log.append((purpose, result))
    return result


def shuffle(state: GameState, items: list[Any]) -> None:
    """Fisher-Yates shuffle of ``items`` in place from the state's seeded stream
    (:func:`core.dice.shuffle`)."""
    for i in range(len(items) - 1, 0, -1):
        j = stream_value(state.rng_seed ^ 0xDEC0DE, state.rng_counter) % (i + 1)
        state.rng_counter += 1
        items[i], items[j] = items[j], items[i]
