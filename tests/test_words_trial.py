"""Words of the newcomer's trial (issue 43 item 4): each count agrees with its noun, a
rollback of one turn says whose it was without '1 of them'."""

from __future__ import annotations

from core.map import MAP
from runners.solitaire import new_solitaire
from tests.test_words import bad_words
from tui.controller import mine_of
from tui.describe import space_detail


def test_a_spaces_detail_agrees_in_number():  # 1.4 pieces, 2.1
    # 'space meta west' said "FARC: 2 Underground, 1 Active Guerrillas, 1 Bases"
    state = new_solitaire("standard", seed=1).state
    meta = MAP.id_of("Meta West")
    lines = space_detail(state, meta)
    assert "FARC: 2 Underground Guerrillas, 0 Active Guerrillas, 1 Base" in lines, lines
    state.flip(meta, state.controller(meta), 1, to_active=True)
    lines = space_detail(state, meta)
    assert "FARC: 1 Underground Guerrilla, 1 Active Guerrilla, 1 Base" in lines, lines
    for s in state.spaces_in_play():
        for line in space_detail(state, s.id):
            assert not [b for b in bad_words(line) if not b.startswith("0 ")], line


def test_a_rollback_of_one_turn_says_whose_it_was():
    # the rollback dialog said "takes back 1 turn, 1 of them your decision"
    assert mine_of(1, 1) == ", your decision"
    assert mine_of(1, 0) == ", not yours"
    assert mine_of(2, 2) == ", both your decisions"
    assert mine_of(9, 4) == ", 4 of them your decisions"
