"""The random legal player's draws, the same numbers as :class:`random.Random`'s methods.

The random player (:mod:`core.game.random_play` and the ``random_*`` generators of the
rules modules) draws its choices from a ``random.Random`` its caller seeds. Its methods
``choice``, ``randint``, ``sample`` and ``shuffle`` are written in Python
(``random.py``) around one C method, ``getrandbits``; compiled code calling them leaves
the compiled engine for the interpreter at every draw. The functions here are the same
algorithms (CPython's, from 3.11 on: ``_randbelow_with_getrandbits`` and the methods
built on it), so they draw the same bits from the same generator and return the same
values in the same order: same seed, same game, compiled or plain
(tests/test_rng.py compares them with the methods). A generator of another type (a
subclass that may override a method) is asked through its own method.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from math import ceil, log
from typing import TypeVar

T = TypeVar("T")

_RANDOM = random.Random


def below(rng: random.Random, n: int) -> int:
    """``rng._randbelow(n)``: a random int in ``[0, n)``, for ``n > 0``."""
    k = n.bit_length()
    r: int = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def choice(rng: random.Random, seq: Sequence[T]) -> T:
    """``rng.choice(seq)``."""
    if type(rng) is not _RANDOM:
        return rng.choice(seq)
    n = len(seq)
    if not n:
        raise IndexError("Cannot choose from an empty sequence")
    return seq[below(rng, n)]


def randint(rng: random.Random, a: int, b: int) -> int:
    """``rng.randint(a, b)``: a random int in ``[a, b]``."""
    if type(rng) is not _RANDOM:
        return rng.randint(a, b)
    width = b + 1 - a
    if width <= 0:
        raise ValueError(f"empty range for randrange() ({a}, {b + 1}, {width})")
    return a + below(rng, width)


def sample(rng: random.Random, population: Sequence[T], k: int) -> list[T]:
    """``rng.sample(population, k)``: ``k`` distinct positions, in the order drawn."""
    if type(rng) is not _RANDOM:
        return rng.sample(population, k)
    n = len(population)
    if not 0 <= k <= n:
        raise ValueError("Sample larger than population or is negative")
    setsize = 21  # random.py's bound: a pool list below it, a set of positions above
    if k > 5:
        setsize += 4 ** ceil(log(k * 3, 4))
    result: list[T] = []
    if n <= setsize:
        pool = list(population)
        for i in range(k):
            j = below(rng, n - i)
            result.append(pool[j])
            pool[j] = pool[n - i - 1]
    else:
        selected: set[int] = set()
        for _ in range(k):
            j = below(rng, n)
            while j in selected:
                j = below(rng, n)
            selected.add(j)
            result.append(population[j])
    return result


def shuffle(rng: random.Random, items: list[T]) -> None:
    """``rng.shuffle(items)``, in place."""
    if type(rng) is not _RANDOM:
        rng.shuffle(items)
        return
    for i in range(len(items) - 1, 0, -1):
        j = below(rng, i + 1)
        items[i], items[j] = items[j], items[i]
