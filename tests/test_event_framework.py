"""Event framework: registry, choosers, lasting effects (5.1, 5.3, 5.4) and replay."""

from __future__ import annotations

import random

import pytest

from core.errors import IllegalAction
from core.events import registry
from core.events.choice import (
    Choice,
    FirstChooser,
    RandomChooser,
    RecordingChooser,
    ScriptedChooser,
    choose_spaces,
)
from core.game import Game
from core.game.sequence import PlayEvent
from core.pieces import Faction, Piece
from tests.helpers import blank_state, sid


@pytest.fixture
def fake_cards(monkeypatch):
    """Temporarily register effects for cards 2 (Capability) and 17 (Momentum) and 19."""
    table = dict(registry._EVENTS)  # the real cards (core.events loaded them) and ours

    def place_police(state, ctx, chooser):
        cities = [sid("Cali"), sid("Medellín"), sid("Neiva")]
        for s in choose_spaces(chooser, state, cities, 2, "Test: place Police where?"):
            state.place(s, Piece.POLICE)

    table[(19, "unshaded")] = place_police
    table[(2, "unshaded")] = lambda state, ctx, chooser: None
    table[(17, "shaded")] = lambda state, ctx, chooser: None
    monkeypatch.setattr(registry, "_EVENTS", table)


def test_choice_checks_answers_5_1():
    c = Choice("spaces", (1, 2, 3), 1, 2, "where?")
    c.check([1, 3])
    for bad in ([], [1, 2, 3], [4], [2, 2]):
        with pytest.raises(IllegalAction) as err:
            c.check(bad)
        assert err.value.rule == "5.1"


def test_choosers():
    c = Choice("spaces", (5, 6, 7), 0, 2, "where?")
    assert FirstChooser().choose(None, c) == [5, 6]
    assert len(RandomChooser(random.Random(1)).choose(None, c)) <= 2
    scripted = ScriptedChooser([[7]])
    assert scripted.choose(None, c) == [7]
    with pytest.raises(IllegalAction):
        scripted.choose(None, c)  # ran out
    rec = RecordingChooser(FirstChooser())
    rec.choose(None, c)
    assert rec.recorded == [(5, 6)]


def test_event_choices_are_recorded_in_the_log_and_replay(fake_cards):
    game = Game(blank_state(card=19))  # FARC first on General Offensive
    game.initial = game.state.clone()
    game.apply(PlayEvent("unshaded"), chooser=ScriptedChooser([[sid("Neiva"), sid("Cali")]]))
    entry = game.log[-1]["command"]
    assert entry["choices"] == [[sid("Neiva"), sid("Cali")]]
    assert game.state.police(sid("Neiva")) == 1 and game.state.police(sid("Cali")) == 1
    # the logged command needs no chooser to do the same again
    from core.commands import from_json

    again = Game(game.initial.clone())
    again.apply(from_json(entry))
    assert again.state.pieces == game.state.pieces


def test_capability_marker_placed_on_executed_side_5_3(fake_cards):
    game = Game(blank_state(card=2))  # Ospina & Mora: GFAC
    game.apply(PlayEvent("unshaded"))
    assert game.state.capability(2) == "unshaded"
    assert game.state.executed_by[2] == Faction.GOVT


def test_momentum_only_from_the_shaded_side_5_4(fake_cards):
    game = Game(blank_state(card=17))  # Madrid Donors: GCAF
    game.state.eligible[Faction.GOVT] = False
    game.apply(PlayEvent("shaded"))
    assert game.state.momentum_in_effect(17)
    assert game.state.executed_by[17] == Faction.CARTELS


def test_unimplemented_side_is_refused_5_2(fake_cards):
    game = Game(blank_state(card=19))
    with pytest.raises(IllegalAction) as err:
        game.apply(PlayEvent("shaded"))
    assert err.value.rule == "5.2"


def test_bad_scripted_answer_leaves_game_untouched_5_1(fake_cards):
    game = Game(blank_state(card=19))
    before = game.state.clone()
    with pytest.raises(IllegalAction):
        game.apply(PlayEvent("unshaded", choices=((sid("Bogotá"),),)))
    assert game.state == before


def test_an_effect_without_its_docstring_is_read_from_its_source_8_4_3(monkeypatch):
    # 8.4.3: the Non-players ask whether an Event shifts from its text (nonplayer/events.py);
    # compiled (mypyc), a decorated effect's __doc__ is None, so the text comes from the
    # card module's source, the same as plain Python reads it
    from core import events

    doc = events.effect_doc(5, "shaded")
    assert "shift" in doc.lower()
    table = dict(registry._EVENTS)
    table[(5, "shaded")] = lambda state, ctx, chooser: None  # as compiled: no __doc__
    monkeypatch.setattr(registry, "_EVENTS", table)
    assert events.effect_doc(5, "shaded") == doc
