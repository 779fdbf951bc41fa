"""The random player keeps the trial run that proved an Operation legal (issue 18, the
fast core): ``Game.keep_trial`` must leave the game exactly as ``Game.apply`` of the same
command would (docs/architecture.md, "Commands, and validation by transaction")."""

from __future__ import annotations

import random

from core.events.choice import RandomChooser
from core.game import Game
from core.game.random_play import _random_command
from core.game.serialize import state_to_json


def test_keeping_the_trial_equals_applying_the_command() -> None:
    # 2.3.4: every random Operation of a few seeded games, kept from its trial run and
    # applied afresh, gives the same state, log entry and trace
    # 4.1: an Operation + Special Activity is kept from the run that went on from the
    # board its Operation left (core.game.random_play._add_special), not run from the start
    # 5.1: an Event whose trial asked its chooser nothing is kept too (a random chooser
    # would not have been asked either)
    kept = with_special = events = 0
    for seed in range(3):
        game = Game.new("standard", seed=seed)
        rng = random.Random(seed)
        while not game.is_terminal() and len(game.log) < 120:
            cmd, tried = _random_command(game.state, rng)
            if tried is None:
                game.apply(cmd, chooser=RandomChooser(rng))
                continue
            applied = game.clone()  # as play_random_game did before: with a chooser
            trace_applied = applied.apply(cmd, chooser=RandomChooser(random.Random(seed)))
            trace_kept = game.keep_trial(cmd, *tried)
            assert game.state == applied.state
            assert state_to_json(game.state) == state_to_json(applied.state)
            assert game.log == applied.log
            assert trace_kept == trace_applied
            kept += 1
            special = getattr(cmd, "special", None)
            with_special += special is not None and special.name != "Ambush"
            events += cmd.name == "Event"
    assert kept > 50  # the Operations of three games were compared, not a handful
    assert with_special > 20
    assert events > 3
