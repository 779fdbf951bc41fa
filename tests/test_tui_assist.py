"""`andean assist` in the line mode (tui/commands/play.py, tui/plain/ui.py, tui/editor.py): card
entry, typed-in dice, numbered instructions for Non-player turns, a person's move
recorded with the board editor, save and resume; and the editor commands replay."""

from __future__ import annotations

import argparse
import io

import pytest

from core.errors import IllegalAction
from core.game import Game, serialize
from core.game import board_editor as editor
from core.map import MAP
from core.pieces import Faction, Piece
from decisions.base import InputError
from decisions.editor import find_card, parse_edit
from tests.helpers import blank_state, sid
from tests.test_tui_plain import Terminal
from tui.commands.play import assist_seats, new_assist_game, run_assist
from tui.session import Session


def args(**kw) -> argparse.Namespace:  # type: ignore[no-untyped-def]
    base = dict(bots=None, dice="manual", scenario="standard", seed=5, short=False)
    base.update(kw)
    return argparse.Namespace(**base)


def test_assist_transcript_cards_dice_instructions_record_save_resume(tmp_path):
    path = tmp_path / "table.json"
    out = io.StringIO()
    script = [
        "Plan Colombia",  # the first card, by title prefix
        "Demob",  # the next card: #40 Demobilization
        "move 3 troops from bogota to cali",  # the table did this: recorded by the editor
        "record op",  # ...as the Government's Operation: the board editor opens
        "done",  # the board is the table's: the table check
        "1",  # not yes or no: asked again
        "y",
        "41",  # the next card when #40 comes up
        "why",
        "save",
        "quit",
    ]
    term = Terminal(out, script, dice=[3, 5, 2, 6, 1, 4] * 10)
    session = Session(Game.new(), path)
    assert run_assist(session, True, args(), term, out) == 0
    text = out.getvalue()
    assert "which card is face up" in text
    assert "Government: 1st Eligible on #12 Plan Colombia" in text
    assert "Next card: #40 Demobilization" in text
    assert "Move 3 Troops cubes from Bogotá & Villavicencio to Cali" in text
    assert "Move 3 Troops cubes from Bogotá & Villavicencio to Cali" in \
        text.split("for the Operation")[1]
    assert "Does the board match the table after the Operation? (yes/no)" in text
    assert "! answer yes or no (y/n)" in text
    assert "Recorded: the Operation carried out on the table." in text
    assert "(Non-player):" in text and "\n  1. " in text  # numbered instructions
    assert "Why " in text
    game = serialize.load(path)
    assert serialize.verify(game) == []
    cali, bogota = MAP.id_of("Cali"), MAP.id_of("Bogota")
    assert game.state.troops(cali) >= 6 - 3 and game.state.troops(bogota) == 0
    kinds = [e["command"]["type"] for e in game.log]
    assert kinds[:3] == ["Set Next Card", "Edit Move", "Record Action"]
    if term.dice_asked:  # manual dice name the die and what it is for
        assert any(("red die" in p or "a die" in p) and "for" in p for p in term.dice_asked)
    # resume from the save: the game goes on where it stopped
    out2 = io.StringIO()
    resumed = Session.load(path)
    run_assist(resumed, False, args(), Terminal(out2, ["tracks", "quit"]), out2)
    assert "Resources: Government" in out2.getvalue()
    assert resumed.game.log[: len(game.log)] == game.log


def test_assist_dice_prompts_name_the_die_and_refuse_garbage():
    out = io.StringIO()
    answers = iter(["7", "x", "", "5"])

    class Input(io.TextIOBase):
        def readline(self, size: int = -1) -> str:  # type: ignore[override]
            return next(answers) + "\n"

    from tui.controller import Controller
    from tui.plain.ui import PlainUI

    ui = PlainUI(Controller(Session(Game.new())), Input(), out)
    assert ui.ask_die("yellow die, random space for Rally (8.2)") == 5
    text = out.getvalue()
    # the Faction acting (here the Government, to move) and the range: issue 12
    assert "Government — roll the yellow die: random space for Rally (8.2) (1-6): " in text
    assert text.count("! a die shows 1 to 6") == 3


def test_seats_for_the_table():  # 1.5, 8.1 Insurgent Discord needs 2 players
    assert assist_seats(None) == [1, None, None, None]
    assert assist_seats([Faction.AUC, Faction.CARTELS]) == [1, 2, None, None]
    assert assist_seats([]) == [1, 2, 3, 4]


def test_new_assist_game_starts_with_the_named_card():
    game = new_assist_game("standard", 5, [1, None, None, None], 40)
    assert game.state.current_card == 40
    replayed = Game.replay(game.initial, game.log)
    assert replayed.state == game.state


def test_cards_by_number_or_unique_title_prefix():
    assert find_card("12") == 12 and find_card("plan col") == 12 and find_card("#40") == 40
    with pytest.raises(InputError):
        find_card("plan")  # Plan Colombia, Plan Meteoro
    with pytest.raises(InputError):
        find_card("99")
    with pytest.raises(InputError):
        find_card("propaganda", events_only=True)


def test_editor_commands_parse_and_replay():
    game = new_assist_game("standard", 5, [1, 2, 3, 4], 12)
    b = game.state.clone()
    huila, meta, bogota, cali = sid("Huila"), sid("Meta West"), sid("Bogota"), sid("Cali")
    for text in [
        "place 2 farc guerrillas in huila",
        "place 1 active auc guerrilla in huila",
        "flip 1 farc in huila to active",
        "move 1 farc guerrillas from huila to meta west",
        "place 3 troops in bogota",
        "remove 1 troops from bogota",
        "set support cali passive opposition",
        "set terror cali 2",
        "set sabotage bogota-neiva on",
        "set resources farc 17",
        "set aid 12",
        "set president pastrana",
        "set eligible auc no",
        "shipment add huila auc",
        "capability 1st division shaded",
        "momentum madrid on",
        "next 40",
    ]:
        game.apply(parse_edit(text))
    s = game.state
    assert s.underground(huila, Faction.FARC) == b.underground(huila, Faction.FARC)
    assert s.active(huila, Faction.FARC) == b.active(huila, Faction.FARC) + 1
    assert s.active(huila, Faction.AUC) == b.active(huila, Faction.AUC) + 1
    assert s.guerrillas(meta, Faction.FARC) == b.guerrillas(meta, Faction.FARC) + 1
    assert s.troops(bogota) == b.troops(bogota) + 2 and s.support[cali] == -1
    assert s.terror[cali] == 2 and s.sabotage[sid("Bogota-Neiva")] == 1
    assert s.resources[Faction.FARC] == 17 and s.aid == 12 and s.president == 1
    assert not s.eligible[Faction.AUC] and s.shipments_at(huila, Faction.AUC)
    assert s.capabilities[1] == "shaded" and 17 in s.momentum and s.deck[0] == 40
    assert Game.replay(game.initial, game.log).state == s


def test_editor_refuses_what_the_table_cannot_hold():  # 1.4.1, 1.4.2
    game = Game(blank_state(card=12))
    before = game.state.clone()
    for text in ["place 31 troops in bogota", "place 1 govt base in bogota-neiva",
                 "remove 1 police from cali", "move 1 troops from cali to bogota",
                 "set sabotage cali on", "set resources farc 120"]:
        with pytest.raises((IllegalAction, InputError)):
            game.apply(parse_edit(text))
    for bad in ["place two troops in bogota", "teleport 1 troops", "set support lima 1",
                "place 1 farc base"]:
        with pytest.raises(InputError):
            parse_edit(bad)
    assert game.state == before


def test_editor_puts_ecuador_and_panama_in_and_out_of_play_1_3_5():
    # 1.3.5: Ecuador and Panamá are spaces only once an Event puts them in play (cards
    # 33 shaded, 71 shaded); a table position holding them is entered with the editor,
    # logged, so the save replays.
    game = new_assist_game("standard", 5, [1, 2, 3, 4], 12)
    ecuador, panama = MAP.ECUADOR, sid("Panama")
    with pytest.raises(IllegalAction):
        game.apply(parse_edit("place 1 farc base in ecuador"))  # not in play yet
    for text in ["set in play ecuador on", "set in play panama on",
                 "place 1 farc base in ecuador", "place 2 auc guerrillas in panama"]:
        game.apply(parse_edit(text))
    s = game.state
    assert s.in_play(ecuador) and s.in_play(panama)
    assert s.bases(ecuador, Faction.FARC) == 1 and s.guerrillas(panama, Faction.AUC) == 2
    with pytest.raises(IllegalAction):  # not while pieces are there
        game.apply(parse_edit("set in play panama off"))
    game.apply(parse_edit("remove 2 auc guerrillas from panama"))
    game.apply(parse_edit("set in play panama off"))
    assert not game.state.in_play(panama) and game.state.in_play(ecuador)
    with pytest.raises(IllegalAction):  # only the foreign spaces
        game.apply(parse_edit("set in play cali on"))
    replayed = Game.replay(game.initial, game.log).state
    assert replayed == game.state
    assert serialize.verify(game) == []


def test_record_action_follows_the_sequence_of_play():  # 2.3.4, 2.3.7
    game = Game(blank_state(card=12))  # order G, A, C, F
    game.apply(editor.RecordAction("op_sa"))  # Government, 1st Eligible
    assert game.to_move() is Faction.AUC
    with pytest.raises(IllegalAction):
        game.apply(editor.RecordAction("op_sa"))  # 2nd after Op + SA: LimOp or Event
    game.apply(editor.RecordAction("event"))
    assert game.state.current_card != 12  # the card ended
    assert not game.state.eligible[Faction.GOVT] and not game.state.eligible[Faction.AUC]


def test_set_current_card_only_before_anyone_acts():
    game = Game(blank_state(card=12))
    game.apply(editor.SetCurrentCard(40))
    assert game.state.current_card == 40 and 12 not in game.state.played
    game.apply(editor.RecordAction("op"))
    with pytest.raises(IllegalAction):
        game.apply(editor.SetCurrentCard(41))
    assert Piece.TROOPS == 0
