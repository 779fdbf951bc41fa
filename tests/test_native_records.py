"""The engine's small records copy, deep-copy and pickle, compiled as plain (issue 39
item 3: identical results both ways).

Compiled, a class with its own constructor is a native class, which ``copy`` and
``pickle`` rebuild through that constructor: without ``__reduce__`` a deep copy of a
Non-player's turn (its trace) or of a command's Context failed in the compiled build
only ("__init__() missing required argument"), while the dataclasses they replaced, and
plain Python, copied. ``.ci/compiled`` runs this file against the build; the suite runs
it plain."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import pytest

from core.context import Context
from core.dice import ScriptedDice
from core.events.asking import Choice
from core.game import Game
from core.pieces import FARC
from core.space import SPACES
from nonplayer.bot import Bot
from nonplayer.random_spaces import Selection
from nonplayer.trace import Step, Trace


def _records() -> list[Any]:
    trace = Trace("FARC")
    trace.add("farc.rally", "8.7.1", "Rally", space="Cali", did="place 1 FARC Guerrilla")
    return [
        SPACES[3],
        Selection(7, (("red", 3), ("yellow", 5)), (2, 7), "die, 8.2"),
        Choice("spaces", (4, 7, 9), 1, 2, "#12: where?", 2, repeat=True),
        Step("farc.rally", "8.7.1", "Rally", {"answer": True}),
        trace,
    ]


@pytest.mark.parametrize("record", _records(), ids=lambda r: type(r).__name__)
def test_a_record_copies_deep_copies_and_pickles_to_an_equal_one(record: Any) -> None:
    # 8.1: a Non-player's trace (Step, Trace) and picks (Selection); 5.1: an Event's
    # Choice; 1.3: the map's spaces
    for again in (copy.copy(record), copy.deepcopy(record),
                  pickle.loads(pickle.dumps(record))):
        assert type(again) is type(record) and again == record
    assert repr(copy.deepcopy(record)) == repr(record)


def test_a_context_and_a_bot_copy_with_their_parts() -> None:
    # 3.1, 8.1: what an Operation and a Non-player turn carry
    ctx = Context(FARC, free=True, nonplayer=True, notes={"n": [1, 2]}, trace=["a"])
    again = copy.deepcopy(ctx)
    assert (again.faction, again.free, again.nonplayer, again.notes, again.trace) == (
        FARC, True, True, {"n": [1, 2]}, ["a"])
    assert again.notes is not ctx.notes
    state = Game.new(seed=1).state
    bot = Bot(state, FARC, ScriptedDice([3]))
    twin = copy.deepcopy(bot)
    assert twin.faction is FARC and twin.state == state and twin.state is not state
    assert twin.trace == bot.trace
