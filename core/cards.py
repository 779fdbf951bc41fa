"""The deck: 72 Event cards and 4 Propaganda cards (1.2, 2.3, 5.0).

Card facts (number, title, Faction order, lasting-effect type) come from
``core/data/cards.json``. Event *effects* are registered separately in
:mod:`core.events`, keyed by card number.

>>> from core.cards import CARDS
>>> CARDS[2].title, [f.label for f in CARDS[2].faction_order]
('Ospina & Mora', ['Government', 'FARC', 'AUC', 'Cartels'])
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources

from core.pieces import Faction

PROPAGANDA_CARDS = (73, 74, 75, 76)
EVENT_CARDS = tuple(range(1, 73))


@dataclass(frozen=True, slots=True)
class Card:
    number: int
    title: str
    faction_order: tuple[Faction, ...]  # leftmost first (2.3.2); empty for Propaganda
    lasting: str | None  # "capability" (5.3), "momentum" (5.4) or None
    propaganda: bool = False

    @property
    def is_capability(self) -> bool:
        return self.lasting == "capability"

    @property
    def is_momentum(self) -> bool:
        return self.lasting == "momentum"

    def __str__(self) -> str:
        return f"#{self.number} {self.title}"


def _load() -> dict[int, Card]:
    text = resources.files("core.data").joinpath("cards.json").read_text(encoding="utf-8")
    out = {}
    for c in json.loads(text)["cards"]:
        out[c["number"]] = Card(
            number=c["number"],
            title=c["title"],
            faction_order=tuple(Faction.parse(f) for f in c["faction_order"]),
            lasting=c["lasting"],
            propaganda=c.get("propaganda", False),
        )
    return out


CARDS: dict[int, Card] = _load()
