"""Non-players and Events (8.1, 8.4): whether to take the Event, and how to execute it.

* The per-card table ``flowcharts/nonplayer_events.toml`` (gray "2", always-Operations,
  8.4.4 instructions) is data a user can correct; :func:`card_row` reads it.
* :func:`wants_event` applies 8.1: the 1st Eligible takes the Event only if its symbol is
  leftmost; the 2nd Eligible takes it if it may, unless the card bears the gray "2".
* :func:`is_effective` is the Ineffective Event test (8.1): the Event is executed on a
  clone and the board compared; Capabilities and Momentum count as effects.
* :class:`NonPlayerChooser` answers an Event's choices by 8.4.2-8.4.3: as many pieces as
  possible, spaces at random (8.2/8.3), Support/Opposition shifts where the totals change
  most.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from core import events
from core.cards import CARDS
from core.commands import Context
from core.dice import DiceSource
from core.errors import IllegalAction
from core.events.choice import Choice
from core.map import MAP
from core.pieces import Faction
from core.state import GameState
from nonplayer.plan import PLANNING_DICE
from nonplayer.random_spaces import random_loc, random_space


class EventTableError(ValueError):
    """The non-player Event table is malformed."""


@dataclass(frozen=True)
class CardRow:
    number: int
    title: str
    gray2: bool
    always_ops: bool
    instruction: str
    source: str
    rationale: str


def load_table(text: str | None = None) -> dict[int, CardRow]:
    """Read and check ``flowcharts/nonplayer_events.toml`` (a row for each of 72 cards)."""
    if text is None:
        text = resources.files("flowcharts").joinpath("nonplayer_events.toml").read_text("utf-8")
    try:
        rows = tomllib.loads(text)["card"]
    except (tomllib.TOMLDecodeError, KeyError) as err:
        raise EventTableError(f"nonplayer_events.toml: {err}") from None
    table: dict[int, CardRow] = {}
    for i, row in enumerate(rows, 1):
        try:
            card = CardRow(
                number=int(row["number"]), title=str(row["title"]), gray2=bool(row["gray2"]),
                always_ops=bool(row["always_ops"]), instruction=str(row.get("instruction", "")),
                source=str(row["source"]), rationale=str(row["rationale"]),
            )
        except (KeyError, TypeError, ValueError) as err:
            raise EventTableError(f"nonplayer_events.toml: row {i}: missing or bad {err}") from None
        if card.number not in CARDS or CARDS[card.number].propaganda:
            raise EventTableError(f"nonplayer_events.toml: row {i}: no Event card {card.number}")
        if card.number in table:
            raise EventTableError(f"nonplayer_events.toml: card {card.number} listed twice")
        table[card.number] = card
    missing = sorted(set(range(1, 73)) - set(table))
    if missing:
        raise EventTableError(f"nonplayer_events.toml: no row for cards {missing}")
    return table


@cache
def _table() -> dict[int, CardRow]:
    return load_table()


def card_row(card: int) -> CardRow:
    return _table()[card]


def side_for(card: int) -> str:
    """8.4.1: Non-players execute the shaded text of dual-use Events."""
    return events.SHADED if events.implemented(card, events.SHADED) else events.UNSHADED


def wants_event(state: GameState, faction: Faction, position: int) -> tuple[bool, str]:
    """8.1: would this Non-player take the Event (before the Ineffective test)? With why."""
    card = state.current_card
    assert card is not None
    row = card_row(card)
    if row.always_ops:
        return False, f"{CARDS[card]}: Non-players always choose Operations ({row.source})"
    if position == 1:
        leftmost = CARDS[card].faction_order[0]
        if leftmost is not faction:
            return False, f"1st Eligible, but the leftmost symbol is {leftmost.label}"
        return True, "1st Eligible with the leftmost symbol: Event"
    if row.gray2:
        return False, "2nd Eligible on a card with the gray 2 (2nd: Ops): Operation"
    return True, "2nd Eligible and the Event is open: Event"


_COMPARED = ("pieces", "support", "terror", "sabotage", "farc_zone", "shipments",
             "foreign_in_play", "resources", "aid", "president", "capabilities", "momentum")


def is_effective(state: GameState, faction: Faction, card: int, side: str) -> bool:
    """The Ineffective Event test (8.1): does executing it change anything? Run on a clone
    with the Non-player's choices (planning dice: the real board and dice are untouched)."""
    if not events.implemented(card, side):
        return False
    trial = state.clone()
    chooser = NonPlayerChooser(PLANNING_DICE)
    ctx = Context(faction=faction, dice=PLANNING_DICE, chooser=chooser, nonplayer=True)
    trial.step = dict(trial.step)
    trial.step["eligible_next"] = dict(state.step.get("eligible_next", {}))
    try:
        events.run_event(trial, ctx, card, side)
    except IllegalAction:
        return False
    if trial.step.get("eligible_next") != state.step.get("eligible_next", {}):
        return True
    return any(getattr(trial, f) != getattr(state, f) for f in _COMPARED)


class NonPlayerChooser:
    """Answers Event choices for a Non-player (8.4.2-8.4.3).

    * Spaces: as many as allowed (8.4.2), each picked at random among the candidates
      (8.2 chart for Cities/Departments, 8.3 for LoCs; Ecuador/Panamá first). When the
      choice is about shifting Support/Opposition (its question says "shift"), the
      candidates whose shift changes the totals most (highest Population) come first.
    * Anything else: as many as allowed, in the order the card offers them (Event code
      lists options in 8.1.2 order).
    """

    def __init__(self, dice: DiceSource, state_for_dice: GameState | None = None) -> None:
        self.dice = dice
        self.state_for_dice = state_for_dice
        self.picks: list[str] = []

    def choose(self, state: Any, choice: Choice) -> list[Any]:
        if choice.kind != "spaces" or choice.repeat:
            if choice.repeat:
                return [choice.options[0]] * choice.max if choice.options else []
            return list(choice.options[: choice.max])
        pool = list(choice.options)
        if "shift" in choice.why.lower():
            top = max(MAP[s].pop for s in pool)
            pool.sort(key=lambda s: -MAP[s].pop)
            firsts = [s for s in pool if MAP[s].pop == top]
            if len(firsts) >= choice.max:
                pool = firsts
        out: list[int] = []
        roll_state = self.state_for_dice or state
        while pool and len(out) < choice.max:
            if len(pool) <= choice.max - len(out):
                out.extend(pool)
                break
            locs = [s for s in pool if MAP[s].is_loc]
            pick = (random_loc if locs and len(locs) == len(pool) else random_space)(
                roll_state, self.dice, pool if not locs or len(locs) == len(pool)
                else [s for s in pool if not MAP[s].is_loc], choice.why
            )
            assert pick.space is not None
            self.picks.append(pick.describe())
            out.append(pick.space)
            pool.remove(pick.space)
        return out
