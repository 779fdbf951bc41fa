"""The playing session shared by the user interfaces: autosave, undo, Non-player turns."""

from __future__ import annotations

import random

from core.game import serialize
from core.game.random_play import random_command
from runners.solitaire import new_solitaire
from tui.session import Session


def test_session_runs_nonplayers_until_the_player_and_autosaves(tmp_path):
    path = tmp_path / "game.json"
    session = Session(new_solitaire("standard", seed=3), path)
    session.run_nonplayers()
    assert session.is_player_turn() or session.game.is_terminal()
    card = session.game.state.current_card
    for _ in range(6):
        if session.game.is_terminal():
            break
        if session.is_player_turn():
            session.apply(random_command(session.game.state, random.Random(1)))
        else:
            session.run_nonplayers()
        if session.game.state.current_card != card:
            break
    assert path.exists()  # saved when the card changed
    loaded = serialize.load(path)
    assert serialize.verify(loaded) == []


def test_undo_returns_to_the_start_of_the_decision(tmp_path):
    session = Session(new_solitaire("standard", seed=3))
    session.run_nonplayers()
    before = session.game.state.clone()
    session.apply(random_command(session.game.state, random.Random(2)))
    assert session.game.state != before
    assert session.undo()
    assert session.game.state == before
    assert not session.undo()


def test_loading_a_save_stopped_after_a_turn_plays_on_2_3_7_2_3_8(tmp_path):
    # A save made right after a 2nd Eligible's turn (np-turn: nobody left to decide, the
    # card's end still to come) loads into a session where someone is to move: the card
    # ends (2.3.7), the next is played (2.3.8); logged, so the autosave verifies.
    from core.cards import CARDS
    from core.game import sequence
    from core.game.editor import SetTurn
    from nonplayer.turn import take_turn

    game = new_solitaire("standard", seed=3)
    card = next(c for c in game.state.deck if not CARDS[c].propaganda)
    game.apply(SetTurn(2, card, 2, "op_sa", nonplayer=True))  # AUC 2nd Eligible
    take_turn(game, stop_after_turn=True)
    assert sequence.card_ended(game.state) and game.to_move() is None
    path = tmp_path / "stopped.json"
    serialize.save(game, path)
    session = Session.load(path)
    assert session.to_move is not None
    assert session.game.state.current_card != card
    assert session.game.log[-1]["command"]["type"] == "Play On"
    assert serialize.verify(session.game) == []
