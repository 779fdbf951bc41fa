"""The Government hint for the user interface (issue 5): the search's best action now,
explained in plain English. Small time limits keep the file fast."""

from __future__ import annotations

import random

import pytest

from core.game import Game, sequence
from core.game.random_play import random_command
from core.game.sequence import OperationAction, Pass, PlayEvent
from core.pieces import Faction, Piece
from core.rules.coin_ops import Assault, Patrol, Sweep, Train
from core.rules.govt_special import AirLift, AirStrike, Eradicate
from nonplayer.government.hint import Hint, describe, suggest
from nonplayer.turn import run_nonplayers, take_turn
from runners.solitaire import new_solitaire
from tests.helpers import blank_state, position, sid

GOVT, FARC = Faction.GOVT, Faction.FARC
FAST = 0.3
#: the wall-clock safety net far above the planned work: the hint is the same on a loaded
#: machine (a run beside two benchmark processes cut the Train of the first test short)
WALL = 60.0


def _op_name(hint: Hint) -> str:
    cmd = hint.command
    if isinstance(cmd, OperationAction):
        return cmd.op.name
    if isinstance(cmd, PlayEvent):
        return "Event"
    return cmd.name


def test_hint_explains_a_civic_action_train() -> None:
    # 3.2.1 + 6.4.1: the hint names the command, the space and what it gains.
    state = position({"Bogota": "3T 3P"}, resources=12)
    state.step["acted"] = [[int(FARC), "event"]]
    game = Game(state)
    hint = suggest(game, time_limit=FAST, wall_limit=WALL)
    assert isinstance(hint, Hint)
    assert _op_name(hint) == "Train"
    assert "Train" in hint.explanation and "Bogotá" in hint.explanation
    assert "Civic Action" in hint.explanation
    # the player's language: the board's change, no search numbers unless asked (expert)
    assert "Bogotá & Villavicencio Neutral -> Active Support" in hint.explanation
    assert "+16.0" not in hint.explanation and "CP-SAT" not in " ".join(hint.lines())
    assert any("Government margin +16.0" in line for line in hint.lines(expert=True))
    assert hint.kind == "operation" and hint.gain is not None and hint.gain > 0
    assert any("Choose" in line for line in hint.trace_lines)
    assert any("Civic Action" in line for line in hint.details)  # the engine's account
    # the hint is only advice: the game did not move, and the command is legal
    assert game.state.total_support() == 0 and not game.log
    game.apply(hint.command, chooser=hint.chooser)
    assert game.state.total_support() == 16


def test_hint_on_a_real_opening_mentions_its_command() -> None:
    game = new_solitaire("standard", 1)
    run_nonplayers(game)
    hint = suggest(game, time_limit=FAST, wall_limit=WALL)
    name = _op_name(hint)
    words = {"Event": "Event", "Pass": "Pass"}.get(name, name)
    assert words.lower() in hint.explanation.lower()
    assert hint.trace_lines and hint.explanation.endswith(".")
    trial = game.clone()
    trial.apply(hint.command, chooser=hint.chooser)


def test_hint_for_a_broke_government_is_a_pass() -> None:
    state = blank_state(resources=1)
    state.step["acted"] = [[int(FARC), "event"]]
    hint = suggest(Game(state), time_limit=FAST, wall_limit=WALL)
    assert isinstance(hint.command, Pass)
    assert hint.explanation.startswith("Pass")
    assert "2.3.3" in hint.explanation


def test_hint_in_a_propaganda_round() -> None:
    # 6.4-6.5: the Government's Propaganda decisions get a hint too.
    game = new_solitaire("standard", 3)
    rng = random.Random(3)
    for _ in range(3000):
        if game.state.phase == "propaganda" and game.to_move() is GOVT:
            break
        if game.state.seats[game.to_move()] is None:
            take_turn(game)
        else:
            game.apply(random_command(game.state, rng))
    hint = suggest(game, time_limit=FAST, wall_limit=WALL)
    assert hint.kind == "propaganda"
    assert game.state.step["phase"] in hint.explanation
    game.clone().apply(hint.command, chooser=hint.chooser)


def test_no_hint_when_the_government_is_not_to_decide() -> None:
    game = Game(blank_state())  # card 19: FARC decides first
    assert sequence.to_move(game.state) is FARC
    with pytest.raises(ValueError, match="not the Faction to decide"):
        suggest(game, time_limit=FAST, wall_limit=WALL)


def test_describe_every_government_command() -> None:
    b, c, m = sid("Bogota"), sid("Cali"), sid("Meta East")
    assert describe(Pass()) == "pass (+3 Resources, stay Eligible)"
    train = Train(selected=(b,), place=((b, 1, 2),), civic=b, civic_steps=2)
    assert describe(OperationAction(train)) == (
        "Train in Bogotá & Villavicencio (place 1 Troops cube and 2 Police cubes in "
        "Bogotá & Villavicencio), with Civic Action in Bogotá & Villavicencio (2 steps)")
    sweep = Sweep(selected=(m,), moves=((int(Piece.TROOPS), 3, (b, m)),),
                  activate=((m, int(FARC), 2),))
    text = describe(OperationAction(sweep, AirStrike(space=m, target=int(Piece.FARC_ACTIVE))))
    assert text == ("Sweep in Meta East (moving in 3 Troops cubes), Activating 2 Guerrillas, then "
                    "Air Strike on an Active FARC Guerrilla in Meta East")
    assault = Assault(selected=(m,), removals=((m, (int(Piece.FARC_ACTIVE),
                                                    int(Piece.FARC_BASE))),))
    lift = AirLift(src=b, dst=m, troops=3)
    assert describe(OperationAction(assault, lift, special_first=True)) == (
        "Assault in Meta East (1 FARC Guerrilla, 1 FARC Base), first Air Lift 3 Troops cubes "
        "from Bogotá & Villavicencio to Meta East")
    patrol = Patrol(moves=((int(Piece.POLICE), 2, (c, sid("Cali-Pasto"))),))
    erad = Eradicate(space=sid("Guaviare"), shift=sid("Guaviare"))
    assert describe(OperationAction(patrol, erad)).startswith(
        "Patrol, moving 2 cubes to Cali-Pasto LoC, then Eradicate in Guaviare (shifting")
    assert describe(PlayEvent("shaded"), blank_state(card=18)) ==\
        "play the shaded Event of #18 NSPD-18"
    # 5.2: a single-text card has no side to name (issue 24, Why 9)
    assert describe(PlayEvent("unshaded"), blank_state(card=19)) ==\
        "play the Event of #19 General Offensive"
