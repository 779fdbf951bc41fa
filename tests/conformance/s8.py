"""Shared builders of the section-8 conformance suite: a Non-player's decision on a
stated position, its planned Operation on a hand-made board, and the board after it.
Boards come from tests/helpers.py (blank_state, put, sid) or a set up."""

from __future__ import annotations

from typing import Any

from core.dice import ScriptedDice
from core.game import Game
from core.game.sequence import OperationAction, fresh_card_step
from core.pieces import Faction
from core.state import GameState
from nonplayer.bot import Bot
from nonplayer.interpreter import plan_operation
from nonplayer.turn import decide
from tests.helpers import after_plan

NONPLAYERS = (Faction.FARC, Faction.AUC, Faction.CARTELS)


def plan(state: GameState, faction: Faction, dice: list[int] | tuple[int, ...] = ()
         ) -> tuple[OperationAction | None, Bot]:
    """Walk ``faction``'s flowchart on ``state`` with scripted chart dice."""
    bot = Bot(state, faction, ScriptedDice(list(dice)))
    return plan_operation(bot), bot


after = after_plan  # the board after the planned Operation and Special Activity, checked


def visited(bot: Bot) -> list[str]:
    """Flowchart node ids in the order the walk reached them (duplicates dropped)."""
    out: list[str] = []
    for step in bot.trace.steps:
        if step.node not in out:
            out.append(step.node)
    return out


def answers(bot: Bot) -> dict[str, bool]:
    return {s.node: bool(s.data["answer"]) for s in bot.trace.steps if "answer" in s.data}


def op_spaces(action: OperationAction | None) -> list[int]:
    if action is None:
        return []
    seen: list[int] = []
    for s in list(action.op.spaces()) + list(action.op.destinations()):
        if s not in seen:
            seen.append(s)
    return seen


def standard_game(card: int, faction: Faction, position: int, seed: int = 1) -> Game:
    """The Standard set up (2.1) with every Insurgent a Non-player, ``card`` current and
    ``faction`` to move as the 1st Eligible (``position`` 1: the Factions before it on
    the card Passed) or the 2nd (``position`` 2: the first other Faction on the card
    executed an Operation with a Special Activity, which leaves the Event open, 2.3.4)."""
    game = Game.new("standard", seed=seed)
    state = game.state
    for f in NONPLAYERS:
        state.seats[f] = None
    state.current_card = card
    state.step = fresh_card_step()
    from core.cards import CARDS

    order = CARDS[card].faction_order
    before = list(order[: order.index(faction)])
    if position == 1:
        state.step["passed"] = [int(f) for f in before]
    else:
        first = before[0] if before else next(f for f in order if f is not faction)
        state.step["acted"] = [[int(first), "op_sa"]]
        state.step["passed"] = [int(f) for f in before if f is not first]
    return game


def decision(game: Game, dice: list[int] | None = None) -> tuple[str, Any, Any]:
    """(decision, command, trace) of the Non-player to move (8.1)."""
    d, cmd, trace, _chooser = decide(game, ScriptedDice(dice) if dice is not None else None)
    return d, cmd, trace
