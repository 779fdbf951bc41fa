"""Whole games with Non-player Insurgents (section 8) against a Government player.

:func:`play_game` drives a game to its end: whenever a Non-player is to decide, the
section-8 rules decide (:func:`nonplayer.turn.take_turn`); whenever the player is, the
``player`` callback returns a command. With the random legal player as the callback this
is the soak test of the flowcharts; the Government bots (issue 5) and the TUI plug in the
same way.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from core.commands import Command
from core.events.choice import RandomChooser
from core.game import Game
from core.random_play import random_command
from nonplayer.turn import TurnResult, take_turn

Player = Callable[[Game], Command]


def random_player(rng: random.Random) -> Player:
    def play(game: Game) -> Command:
        return random_command(game.state, rng)

    return play


def play_game(
    game: Game,
    player: Player,
    chooser: object = None,
    max_commands: int = 5000,
    on_turn: Callable[[Game, TurnResult | None], None] | None = None,
) -> Game:
    """Play to the end: Non-players by section 8, the player by ``player``."""
    for _ in range(max_commands):
        if game.is_terminal():
            return game
        faction = game.to_move()
        assert faction is not None
        if game.state.seats[faction] is None:
            result: TurnResult | None = take_turn(game)
        else:
            game.apply(player(game), chooser=chooser)
            result = None
        if on_turn is not None:
            on_turn(game, result)
    raise RuntimeError(f"game not over after {max_commands} commands")


def new_solitaire(scenario: str = "standard", seed: int = 0, **options: object) -> Game:
    """A 1-player game: the Government against three Non-player Insurgents (8.0)."""
    return Game.new(scenario=scenario, seed=seed, players=1, **options)


def random_chooser(seed: int) -> RandomChooser:
    return RandomChooser(random.Random(seed))
