"""Property tests over random legal games (hypothesis).

The random legal player (core.game.random_play) drives whole games; after every command the
invariants must hold: 153 pieces conserved (1.4.1), stacking and FARC Zones (1.4.2),
Resources 0-99 and Aid 0-29 (1.7), Shipments always under a Guerrilla (4.5.3), at most
40 Terror/Sabotage markers (3.3.4), totals equal to an independent recomputation (1.6.3),
and replay from the log reproduces the game bit for bit.
"""

from __future__ import annotations

import random

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.game import Game, sequence
from core.game.random_play import play_random_game, random_command
from core.map import MAP
from core.pieces import Faction
from tests.strategies import SEEDS, random_play

POP = np.array([s.pop for s in MAP.spaces])


def _totals_by_numpy(state) -> tuple[int, int]:
    """Total Support / Opposition recomputed with numpy, independently of GameState (1.6.3)."""
    level = np.array(state.support)
    support = int((POP * np.clip(level, 0, 2)).sum())
    opposition = int((POP * np.clip(-level, 0, 2)).sum())
    return support, opposition


def _check(game: Game, cmd, trace) -> None:
    s = game.state
    assert s.check_invariants() == [], (cmd, s.check_invariants())
    support, opposition = _totals_by_numpy(s)
    assert s.total_support() == support
    assert s.total_opposition() == opposition
    if s.phase == "card":
        assert sequence.to_move(s) is not None


game_settings = settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@game_settings
@given(seed=SEEDS, scenario=st.sampled_from(["standard", "quick"]))
def test_random_games_keep_every_invariant(seed: int, scenario: str) -> None:
    # 1.4.1, 1.4.2, 1.6.3, 1.7, 3.3.4, 4.5.3 after every command of a whole game
    game = play_random_game(Game.new(scenario, seed=seed), random.Random(seed), on_command=_check)
    assert game.is_terminal()
    assert game.state.step["reason"]
    assert sorted(game.state.step["ranking"]) == [0, 1, 2, 3]  # 7.1 ranks every Faction


@game_settings
@given(seed=SEEDS)
def test_replay_from_log_is_identical(seed: int) -> None:
    # Same initial state + same commands (+ recorded dice) = same game, bit for bit.
    game = play_random_game(Game.new("standard", seed=seed), random.Random(seed))
    again = Game.replay(game.initial, game.log)
    assert again.state == game.state


@settings(max_examples=8, deadline=None)
@given(seed=SEEDS, moves=st.integers(0, 150))
def test_save_load_round_trip_mid_game_is_identical(
    seed: int, moves: int, tmp_path_factory
) -> None:
    # A save taken at any point loads back to the same state, initial state and log.
    from core.game import serialize

    rng = random.Random(seed)
    game = Game.new("standard", seed=seed)
    random_play(game, rng, moves, answer_events=False)
    path = tmp_path_factory.mktemp("saves") / "game.json"
    serialize.save(game, path)
    loaded = serialize.load(path)
    assert loaded.state == game.state
    assert loaded.initial == game.initial
    assert loaded.log == game.log
    assert serialize.verify(loaded) == []


@settings(max_examples=25, deadline=None)
@given(seed=SEEDS, moves=st.integers(0, 60), junk=st.integers(0, 10**6))
def test_illegal_commands_leave_the_game_untouched(seed: int, moves: int, junk: int) -> None:
    # A command built for another Faction or position is refused with the state unchanged.
    from core.errors import IllegalAction

    rng = random.Random(seed)
    game = Game.new("standard", seed=seed)
    for _ in range(moves):
        if game.is_terminal():
            return
        game.apply(random_command(game.state, rng))
    if game.is_terminal() or game.state.phase != "card":
        return
    other = game.state.clone()
    mover = sequence.to_move(other)
    others = [f for f in Faction if f is not mover and other.eligible[f]]
    if not others:
        return
    # Pretend another Faction is to move, build its command, then offer it to the real game.
    other.step["passed"].extend(int(f) for f in Faction if f not in others[:1])
    stranger = others[0]
    if sequence.to_move(other) is not stranger:
        return
    cmd = random_command(other, random.Random(junk))
    if cmd.name == "Pass":
        return
    before = game.state.clone()
    log_len = len(game.log)
    try:
        game.apply(cmd)
    except IllegalAction:
        assert game.state == before
        assert len(game.log) == log_len
