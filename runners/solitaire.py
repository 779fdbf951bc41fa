"""Whole games with Non-player Insurgents (section 8) against a Government player.

:func:`play_game` drives a game to its end: whenever a Non-player is to decide, the
section-8 rules decide (:func:`nonplayer.turn.take_turn`); whenever the player is, the
``player`` callback returns a command. With the random legal player as the callback this
is the soak test of the flowcharts; the Government bots (issue 5) and the TUI plug in the
same way: a callback may return a plain command or a
:class:`nonplayer.government.GovtDecision`, whose chooser then answers the Event's choices
(:func:`government_player` wraps a Government bot). ``discord`` answers Insurgent Discord
(8.1) in 2-player games.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from core.commands import Command
from core.events.choice import RandomChooser
from core.game import Game
from core.game.random_play import random_command
from nonplayer.turn import Discord, TurnResult, take_turn

Player = Callable[[Game], Any]  # returns a Command or a GovtDecision


def random_player(rng: random.Random) -> Player:
    def play(game: Game) -> Command:
        return random_command(game.state, rng)

    return play


def government_player(bot: Any) -> Player:
    """A :func:`play_game` player from a Government bot (nonplayer.government)."""

    def play(game: Game) -> Any:
        return bot.decide(game)

    return play


def play_game(
    game: Game,
    player: Player,
    chooser: object = None,
    max_commands: int = 5000,
    on_turn: Callable[[Game, TurnResult | None], None] | None = None,
    discord: Discord | None = None,
) -> Game:
    """Play to the end: Non-players by section 8, the player by ``player``."""
    for _ in range(max_commands):
        if game.is_terminal():
            return game
        faction = game.to_move()
        assert faction is not None
        if game.state.seats[faction] is None:
            result: TurnResult | None = take_turn(game, discord=discord)
        else:
            choice = player(game)
            if isinstance(choice, Command):
                game.apply(choice, chooser=chooser)
            else:  # a GovtDecision: its own chooser answers its Event's choices
                game.apply(choice.command, chooser=choice.chooser or chooser)
            result = None
        if on_turn is not None:
            on_turn(game, result)
    raise RuntimeError(f"game not over after {max_commands} commands")


def new_solitaire(scenario: str = "standard", seed: int = 0, **options: object) -> Game:
    """A 1-player game: the Government against three Non-player Insurgents (8.0)."""
    return Game.new(scenario=scenario, seed=seed, players=1, **options)


def random_chooser(seed: int) -> RandomChooser:
    return RandomChooser(random.Random(seed))
