"""Trial 43a (a newcomer at a table, a whole assist game, seed 29 with typed dice): its
findings, each as the table met it (the line mode), each shown failing before its fix.

1. #58 General Serrano's steps placed the Police cube taken from Bucaramanga before
   taking it (1.4.1: forces are placed from Available).
"""

from __future__ import annotations

import re

import pytest

from core.map import MAP
from core.pieces import Piece
from tests.test_assist_flow import table
from tui import board_changes

#: the trial's dice for #58 shaded by the Cartels at seed 29, cards 58 then 31
SERRANO_DICE = [3, 5, 2, 2, 4, 1, 6, 1, 1, 1, 5, 6, 2, 3, 2, 4, 4, 4, 1, 5, 2, 3, 5, 6, 1, 4,
                3, 2]


def serrano(*script: str) -> str:
    _, text, _ = table(["58", "31", *script, "quit"], dice=list(SERRANO_DICE), seed=29)
    return text


def sid(name: str) -> int:
    return MAP.id_of(name)


# ======================================================================================
# 1. a cube is taken before it is placed
# ======================================================================================
def test_58_takes_each_police_cube_before_placing_it():  # 1.4.1, card 58 shaded
    text = serrano()
    steps = text.split("Event #58 General Serrano (shaded)", 1)[1].split("Dice:", 1)[0]
    lines = [re.sub(r"^\s*\d+\. ", "", x) for x in steps.splitlines() if re.match(r"\s+\d+\.", x)]
    # the second cube into the LoC is Bucaramanga's: taken off (or moved) no later
    # than it arrives; the trial read "6. Place ... LoC", then "7. Remove ... Bucaramanga"
    taken = next(i for i, x in enumerate(lines) if "Police cube from Bucaramanga" in x)
    arrivals = [i for i, x in enumerate(lines)
                if re.search(r"Police cubes? .*\b(in|to) Ayacucho-Sincelejo LoC$", x)]
    assert len(arrivals) == 2 and taken <= arrivals[1], lines


@pytest.mark.parametrize("by_space", [False, True], ids=["turn", "undo"])
def test_a_removal_comes_before_a_placement_from_the_same_pool(by_space):  # 1.4.1
    # whatever order the spaces were named in (the LoC first here), and with nothing
    # said to move (no Move step to pair them): the cube leaves Bucaramanga first
    from core.setup import new_state

    before = new_state("standard", seed=1)
    bucaramanga, loc = sid("Bucaramanga"), sid("Ayacucho-Sincelejo LoC")
    assert before.police(bucaramanga) >= 1
    after = before.clone()
    after.move(bucaramanga, loc, Piece.POLICE)
    after.place(sid("Cali"), Piece.TROOPS, 1)  # another pool: its order is kept
    records = board_changes.board_changes(before, after, [loc, sid("Cali"), bucaramanga],
                                          moves=False, by_space=by_space)
    kinds = [(c.kind, c.space) for c in records if c.kind in (board_changes.PLACE,
                                                             board_changes.REMOVE)]
    assert kinds.index((board_changes.REMOVE, bucaramanga)) \
        < kinds.index((board_changes.PLACE, loc)) < kinds.index((board_changes.PLACE,
                                                                  sid("Cali")))
