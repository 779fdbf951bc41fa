"""The playing session shared by the user interfaces: autosave, undo, Non-player turns."""

from __future__ import annotations

import random

from core import serialize
from core.random_play import random_command
from nonplayer.solitaire import new_solitaire
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
