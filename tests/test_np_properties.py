"""Property tests of the Non-players over whole solitaire games (section 8).

The Government plays random legal commands; FARC, AUC and Cartels follow their
flowcharts. Every Non-player turn must produce a legal command (it is applied through the
engine, which refuses anything illegal), never raise, and leave every invariant intact;
the game must replay exactly from its log.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from core.game import Game
from runners.solitaire import new_solitaire, play_game, random_chooser, random_player
from tests.strategies import SEEDS

soak = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@soak
@given(seed=SEEDS, scenario=st.sampled_from(["standard", "quick"]))
@example(seed=136, scenario="standard")  # Events once broke Ecuador's limit (card 33) here
def test_solitaire_games_run_legally_to_the_end_8_1(seed: int, scenario: str) -> None:
    turns = []

    def check(game: Game, result) -> None:  # type: ignore[no-untyped-def]
        assert game.state.check_invariants() == []
        if result is not None:
            turns.append(result.decision)
            assert result.trace.lines()  # every decision explains itself

    game = play_game(new_solitaire(scenario, seed), random_player(random.Random(seed)),
                     chooser=random_chooser(seed), on_turn=check)
    assert game.is_terminal()
    assert "operation" in turns
    again = Game.replay(game.initial, game.log)
    assert again.state == game.state
