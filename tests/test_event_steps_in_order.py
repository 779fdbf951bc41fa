"""An Event's steps in the order the card does them (issue 43, verification trial item
2): #59 Salcedo unshaded turns all Cartels Guerrillas Active, then Assaults them, but the
table read '1. Remove 1 Underground Cartels Guerrilla and 1 Cartels Base from Cali'
before the flips: the net change of the card, as if Underground Guerrillas were
assaulted (3.2.4 removes only Active ones)."""

from __future__ import annotations

from core.commands import from_json
from core.game import Game
from core.game.sequence import PlayEvent
from core.map import MAP
from core.pieces import Piece
from tui.controller import instructions


def test_salcedo_flips_then_assaults_cali():  # card 59 unshaded, 3.2.4
    game = Game.new("standard", seed=23)
    state = game.state
    cali = next(s.id for s in MAP if s.name == "Cali")
    for piece in (Piece.CARTELS_UNDERGROUND, Piece.CARTELS_ACTIVE, Piece.CARTELS_BASE):
        state.remove(cali, piece, state.count(cali, piece))
    state.place(cali, Piece.CARTELS_UNDERGROUND, 1)
    state.place(cali, Piece.CARTELS_BASE, 1)
    if not state.count(cali, Piece.POLICE):
        state.place(cali, Piece.POLICE, 2)
    state.current_card = 59
    before = state.clone()
    trace = game.apply(PlayEvent(side="unshaded"))
    entry = game.log[-1]
    steps = instructions(from_json(entry["command"]), trace, before, game.state, entry)
    own = [s for s in steps if not s.startswith(" ")]
    flip = "In Cali, flip 1 Underground Cartels Guerrilla to Active"
    removal = "Remove 1 Active Cartels Guerrilla and 1 Cartels Base from Cali"
    assert flip in own and removal in own, own
    assert own.index(flip) < own.index(removal), own
    assert not [s for s in own if s.startswith("Remove") and "Underground" in s], own
