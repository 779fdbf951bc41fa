"""core.draw: the random player's draws are random.Random's own, number for number.

Not a rule of the game: the project's rule that randomness comes only through an
injectable source and that a seed replays the same game (docs/architecture.md, "Dice and
replay"). The random legal player draws through core.draw instead of the generator's
methods, so each function must return what the method returns and leave the generator
where the method leaves it.
"""

from __future__ import annotations

import random

import pytest

from core import draw

SEEDS = range(40)
#: population sizes around random.sample's switch from a pool list to a set (21 for
#: k <= 5, 21 + 4**ceil(log(3k, 4)) above) and around powers of two (getrandbits' k)
SIZES = (1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 21, 22, 30, 47, 64, 65, 100, 300)


def _pair(seed: int) -> tuple[random.Random, random.Random]:
    return random.Random(seed), random.Random(seed)


def test_choice_and_randint_draw_what_the_methods_draw() -> None:
    for seed in SEEDS:
        mine, theirs = _pair(seed)
        for n in SIZES:
            seq = tuple(range(100, 100 + n))
            assert draw.choice(mine, seq) == theirs.choice(seq)
            assert draw.randint(mine, 0, n) == theirs.randint(0, n)
            assert draw.randint(mine, 1, n) == theirs.randint(1, n)
            assert draw.randint(mine, -3, n - 3) == theirs.randint(-3, n - 3)
        assert mine.getstate() == theirs.getstate()


def test_sample_draws_what_the_method_draws() -> None:
    for seed in SEEDS:
        mine, theirs = _pair(seed)
        for n in SIZES:
            population = [f"s{i}" for i in range(n)]
            for k in sorted({0, 1, min(n, 2), min(n, 5), min(n, 6), n // 2, n}):
                assert draw.sample(mine, population, k) == theirs.sample(population, k)
        assert mine.getstate() == theirs.getstate()


def test_shuffle_draws_what_the_method_draws() -> None:
    for seed in SEEDS:
        mine, theirs = _pair(seed)
        for n in SIZES:
            a, b = list(range(n)), list(range(n))
            draw.shuffle(mine, a)
            theirs.shuffle(b)
            assert a == b
        assert mine.getstate() == theirs.getstate()


def test_empty_draws_refused_as_the_methods_refuse() -> None:
    rng = random.Random(1)
    with pytest.raises(IndexError):
        draw.choice(rng, ())
    with pytest.raises(ValueError):
        draw.randint(rng, 3, 2)
    with pytest.raises(ValueError):
        draw.sample(rng, [1, 2], 3)


def test_another_generator_type_is_asked_through_its_own_methods() -> None:
    class Loaded(random.Random):
        def choice(self, seq):  # type: ignore[no-untyped-def]
            return seq[-1]

        def randint(self, a, b):  # type: ignore[no-untyped-def]
            return b

        def sample(self, population, k, *, counts=None):  # type: ignore[no-untyped-def]
            return list(population)[:k]

        def shuffle(self, x):  # type: ignore[no-untyped-def]
            x.reverse()

    rng = Loaded(0)
    assert draw.choice(rng, (1, 2, 3)) == 3
    assert draw.randint(rng, 1, 6) == 6
    assert draw.sample(rng, [4, 5, 6], 2) == [4, 5]
    items = [1, 2, 3]
    draw.shuffle(rng, items)
    assert items == [3, 2, 1]
