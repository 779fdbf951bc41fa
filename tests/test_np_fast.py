"""The Non-players' shortcuts (issue 18) decide exactly as the plain procedures do.

* The random pick among valid candidates (8.2 "valid" spaces, 8.3) may be given every
  candidate and a ``valid`` oracle instead of the valid ones: the interpreter then tries
  only the candidates the procedure reaches. Pick, dice rolled and path walked must be
  those of the procedure run on the valid candidates alone.
* The spaces in play come from a table (1.3.5: Ecuador and Panamá only once in play).
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from core.map import MAP
from core.setup import new_state
from nonplayer import facts
from nonplayer.random_spaces import count_valid, random_candidate, random_loc, random_space
from tests.strategies import random_play


class _Dice:
    """Seeded dice that record every roll (purpose and value)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.rolls: list[tuple[str, int]] = []

    def roll(self, state: object, purpose: str) -> int:
        value = self.rng.randint(1, 6)
        self.rolls.append((purpose, value))
        return value


_SPACES = [s.id for s in MAP.spaces]
_LOCS = [s.id for s in MAP.locs]
_OTHERS = [s.id for s in MAP.spaces if not s.is_loc]
_STATE = new_state("standard")


def _pick(picker, candidates: list[int], valid: set[int], seed: int, lazy: bool):  # type: ignore[no-untyped-def]
    dice = _Dice(seed)
    asked: list[int] = []

    def oracle(space: int) -> bool:
        asked.append(space)
        return space in valid

    if lazy:
        selection = picker(_STATE, dice, candidates, "test", valid=oracle)
    else:
        selection = picker(_STATE, dice, [s for s in candidates if s in valid], "test")
    return selection, dice.rolls, asked


@settings(max_examples=400, deadline=None)
@given(data=st.data(), seed=st.integers(0, 10**6),
       which=st.sampled_from(["candidate", "space", "loc"]))
def test_lazy_valid_pick_is_the_pick_among_the_valid_8_2_8_3(data, seed: int, which: str) -> None:  # type: ignore[no-untyped-def]
    # 8.2 / 8.3: the random space or LoC is chosen among valid candidates only
    pool = {"candidate": _SPACES, "space": _OTHERS, "loc": _LOCS}[which]
    candidates = data.draw(st.lists(st.sampled_from(pool), min_size=1, max_size=14,
                                    unique=True))
    valid = set(data.draw(st.lists(st.sampled_from(candidates), max_size=len(candidates))))
    picker = {"candidate": random_candidate, "space": random_space, "loc": random_loc}[which]
    eager, eager_rolls, _ = _pick(picker, candidates, valid, seed, lazy=False)
    lazy, lazy_rolls, asked = _pick(picker, candidates, valid, seed, lazy=True)
    assert lazy == eager
    assert lazy.describe() == eager.describe()
    assert lazy_rolls == eager_rolls
    assert set(asked) <= set(candidates)


def test_a_lazy_pick_asks_about_fewer_candidates_than_it_is_given() -> None:
    # the point of the oracle: with every candidate valid, an 8.2 walk stops at the first
    # candidate it reaches instead of trying all of them first
    candidates = [s for s in _OTHERS if s not in (45, 46)][:12]
    selection, _, asked = _pick(random_space, candidates, set(candidates), 7, lazy=True)
    assert selection.space in candidates
    assert len(set(asked)) < len(candidates)


def test_count_valid_stops_at_enough() -> None:
    asked: list[int] = []

    def valid(s: int) -> bool:
        asked.append(s)
        return s % 2 == 0

    assert count_valid(range(10), valid, 2) == 2
    assert asked == [0, 1, 2]
    assert count_valid([1, 3, 5], valid, 2) == 0


def test_spaces_in_play_table_matches_the_board_1_3_5() -> None:
    # 1.3.5: Ecuador and Panamá are spaces only once made so
    state = new_state("standard")
    foreign = [s.id for s in MAP.foreign]
    for made in ([], foreign[:1], foreign[1:], foreign, foreign[::-1]):
        state.foreign_in_play = list(made)
        assert facts.in_play(state) == tuple(s.id for s in MAP.spaces if state.in_play(s.id))


def test_only_attack_reads_the_special_activity_it_accompanies_4_3_2() -> None:
    # nonplayer.plan tries each Special Activity on one copy of the board its Operation
    # leaves; that is exact only while no Operation but Attack (Ambush, 4.3.2) reads
    # ctx.special. A new reader must be added to the exception in Plan._execute.
    import inspect
    from pathlib import Path

    import core
    from core.rules.insurgent_ops import Attack

    attack = inspect.getsource(Attack)
    readers = []
    for path in Path(core.__file__).parent.rglob("*.py"):
        for line in path.read_text(encoding="utf-8").splitlines():
            code = line.split("#", 1)[0]
            if "ctx.special" in code and "``ctx.special``" not in code:
                readers.append((path.name, line.strip()))
    assert readers, "the scan finds Attack's own use"
    assert all(name == "insurgent_ops.py" and line in attack for name, line in readers), readers


def test_a_growing_rally_gives_the_board_or_refusal_of_the_whole_rally_3_3_1() -> None:
    # 3.3.1: a Rally's spaces resolve in order, each on the board the earlier ones left;
    # Plan.simulate runs a Rally one space longer than one it simulated as that space
    # alone on the shorter Rally's board. Each board and each refusal (a space twice, a
    # space not allowed, Resources run out) must be those of the whole Rally run afresh.
    from core.dice import ScriptedDice
    from core.errors import IllegalAction
    from core.game import Game
    from core.pieces import Faction
    from core.rules import insurgent_ops as ops
    from core.state import GameState
    from nonplayer.bot import Bot
    from nonplayer.plan import Plan

    longer = 0
    for seed in range(5):
        game = Game.new("standard", seed=seed)
        rng = random.Random(seed)
        random_play(game, rng, 30 + 15 * seed)
        state = game.state
        for faction in (Faction.FARC, Faction.AUC, Faction.CARTELS):
            plan = Plan(Bot(state, faction, ScriptedDice([])), "Rally", state)
            spaces = sorted(s.id for s in MAP.spaces)
            rng.shuffle(spaces)
            for space in spaces[:12] + spaces[:2]:  # the repeats are refused
                step = ops.rally_step(space, rng.choice(ops.RALLY_ACTIONS[:2]), 1)
                steps = plan.steps + [step]
                whole: GameState | IllegalAction = state.clone()
                try:
                    ops.Rally(steps=tuple(steps)).execute(whole, plan._ctx({}))
                except IllegalAction as err:
                    whole = err
                try:
                    got: GameState | IllegalAction = plan.simulate(steps)
                except IllegalAction as err:
                    got = err
                longer += len(steps) > 1
                if isinstance(whole, IllegalAction):
                    assert isinstance(got, IllegalAction)
                    assert (got.rule, got.message) == (whole.rule, whole.message)
                else:
                    assert got == whole
                    assert plan.try_add(step, space)
    assert longer > 40  # Rallies of 2+ spaces were compared, not a handful
