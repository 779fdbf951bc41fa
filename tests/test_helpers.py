"""The test position builder (tests/helpers.py): the board notation it reads and the
position it builds, so that every test written with it sets up what it says."""

from __future__ import annotations

import pytest

from core.events import SHADED, TAPIAS
from tests.codes import AB, CB, FARC, FU, GB, P, T
from tests.helpers import blank_state, pieces, place, position, put, sid


def test_pieces_reads_counts_and_codes_like_the_board():
    assert pieces("2T 1P 3FU CB") == [(T, 2), (P, 1), (FU, 3), (CB, 1)]
    assert pieces("") == []
    for bad in ("2X", "T2", "2t", "1.5P"):
        with pytest.raises(ValueError, match="not a piece code"):
            pieces(bad)


def test_position_is_blank_state_with_the_pieces_markers_and_fields_given():
    built = position(
        {"Huila": "2T 1P 3FU", "Cali": "CB", sid("Cesar"): "2AB"},
        support={"Cali": 2, "Huila": -1},
        terror={"Huila": 1},
        sabotage=["Bogotá-Neiva"],
        farc_zone=["Meta West"],
        capabilities={TAPIAS: SHADED},
        momentum=[17],
        card=30,
        resources=5,
        aid=20,
    )
    by_hand = blank_state(resources=5, card=30)
    put(by_hand, "Huila", T, 2)
    put(by_hand, "Huila", P)
    put(by_hand, "Huila", FU, 3)
    put(by_hand, "Cali", CB)
    put(by_hand, "Cesar", AB, 2)
    by_hand.support[sid("Cali")] = 2
    by_hand.support[sid("Huila")] = -1
    by_hand.terror[sid("Huila")] = 1
    by_hand.sabotage[sid("Bogotá-Neiva")] = 1
    by_hand.farc_zone[sid("Meta West")] = 1
    by_hand.capabilities[TAPIAS] = SHADED
    by_hand.momentum = [17]
    by_hand.aid = 20
    assert built == by_hand


def test_place_adds_to_what_is_there_and_refuses_unknown_fields():
    state = position({"Huila": "1FU"})
    assert place(state, {"Huila": "2FU 1GB"}) is state
    assert state.count(sid("Huila"), FU) == 3 and state.count(sid("Huila"), GB) == 1
    assert state.faction_pieces(sid("Huila"), FARC) == 3
    with pytest.raises(AttributeError, match="no field 'aidd'"):
        place(state, aidd=3)
