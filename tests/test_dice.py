"""Dice sources: the only randomness in the engine."""

import pytest

from core.dice import AskDice, ScriptedDice, SeededDice, shuffle
from core.errors import DiceExhausted
from core.state import GameState


def _rolls(seed: int, n: int) -> list[int]:
    s = GameState(rng_seed=seed)
    d = SeededDice()
    return [d.roll(s, "test") for _ in range(n)]


def test_seeded_dice_are_reproducible_and_fair():
    assert _rolls(5, 50) == _rolls(5, 50)
    assert _rolls(5, 50) != _rolls(6, 50)
    counts = [0] * 7
    for r in _rolls(1, 6000):
        counts[r] += 1
    assert counts[0] == 0
    assert all(850 < c < 1150 for c in counts[1:]), counts


def test_seeded_dice_on_a_clone_do_not_advance_the_original():
    s = GameState(rng_seed=3)
    c = s.clone()
    SeededDice().roll(c, "look-ahead")
    assert s.rng_counter == 0 and c.rng_counter >= 1


def test_scripted_dice_run_out_with_a_clear_error():
    s = GameState()
    d = ScriptedDice([6, 1])
    assert [d.roll(s, "a"), d.roll(s, "b")] == [6, 1]
    with pytest.raises(DiceExhausted, match="ran out"):
        d.roll(s, "Attack in Huila")
    assert s.roll_log == [("a", 6), ("b", 1)]


def test_scripted_dice_reject_impossible_faces():
    with pytest.raises(ValueError):
        ScriptedDice([7])


def test_ask_dice_repeats_until_a_face():
    answers = iter([0, 9, 4])
    s = GameState()
    assert AskDice(lambda purpose: next(answers)).roll(s, "Kidnap") == 4


def test_shuffle_is_deterministic_per_seed():
    a, b = GameState(rng_seed=9), GameState(rng_seed=9)
    la, lb = list(range(30)), list(range(30))
    shuffle(a, la)
    shuffle(b, lb)
    assert la == lb and sorted(la) == list(range(30)) and la != list(range(30))
