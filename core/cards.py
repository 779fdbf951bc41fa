"""The deck: 72 Event cards and 4 Propaganda cards (1.2, 2.3, 5.0).

Card facts (number, title, Faction order, lasting-effect type) and the printed
2nd-edition card (banner, gray "2", flavor and text of each side) come from
``core/data/cards.json``. Event *effects* are registered separately in
:mod:`core.events.registry`, keyed by card number and side.

>>> from core.cards import CARDS
>>> CARDS[2].title, [f.label for f in CARDS[2].faction_order]
('Ospina & Mora', ['Government', 'FARC', 'AUC', 'Cartels'])
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

from core.pieces import Faction

PROPAGANDA_CARDS = (73, 74, 75, 76)
EVENT_CARDS = tuple(range(1, 73))

#: The sides of an Event card (5.1); a single-text card has only the unshaded one.
UNSHADED = "unshaded"
SHADED = "shaded"
SIDES = (UNSHADED, SHADED)

# Capability and Momentum cards by number (cards.json marks which is which): the rules
# read them (5.3, 5.4) through GameState.capability and GameState.momentum_in_effect,
# and these names keep those call sites readable. core.events re-exports them.
FIRST_DIVISION = 1
OSPINA_MORA = 2
TAPIAS = 3
SEVENTH_SPECIAL_FORCES = 7
HIGH_MOUNTAIN_BATTALIONS = 9
BLACKHAWKS = 10
NDSC = 11
PLAN_COLOMBIA = 12
PLAN_METEORO = 13
MADRID_DONORS = 17
ALFONSO_CANO = 22
MISIL_ANTIAEREO = 27
SENADO_CAMARA = 42
MEXICAN_TRAFFICKERS = 67


@dataclass(frozen=True, slots=True)
class CardText:
    """One printed side of an Event card: its italic flavor phrase (or None) and its text."""

    flavor: str | None
    text: str

    def __str__(self) -> str:
        return f"{self.flavor} {self.text}" if self.flavor else self.text


@dataclass(frozen=True, slots=True)
class Card:
    number: int
    title: str
    faction_order: tuple[Faction, ...]  # leftmost first (2.3.2); empty for Propaganda
    lasting: str | None  # "capability" (5.3), "momentum" (5.4) or None
    propaganda: bool = False
    gray2: bool = False  # the printed gray "2" ("2nd: Ops", 8.1)
    second_edition_revision: bool = False  # the card bears a "2nd Ed" revision
    banner: str | None = None  # "GOVT CAPABILITIES" / "INSURGENT MOMENTUM" as printed
    unshaded: CardText | None = None  # None on Propaganda cards
    shaded: CardText | None = None  # None on single-text cards and Propaganda cards

    def text(self, side: str) -> CardText | None:
        """The printed text of ``side`` ("unshaded" or "shaded"), or None if not printed."""
        if side not in ("unshaded", "shaded"):
            raise ValueError(f"unknown side {side!r}")
        return self.unshaded if side == "unshaded" else self.shaded

    def side_word(self, side: str) -> str:
        """How to name ``side`` to a person: "unshaded" or "shaded" on a Dual Use card
        (5.2), "" on a single-text card, whose one text has no side to name.

        >>> CARDS[46].side_word("unshaded"), CARDS[12].side_word("unshaded")
        ('', 'unshaded')
        """
        return side if self.shaded is not None else ""

    @property
    def is_capability(self) -> bool:
        return self.lasting == "capability"

    @property
    def is_momentum(self) -> bool:
        return self.lasting == "momentum"

    def __str__(self) -> str:
        return f"#{self.number} {self.title}"


def _text(raw: dict[str, Any] | None) -> CardText | None:
    return None if raw is None else CardText(flavor=raw["flavor"], text=raw["text"])


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
            gray2=c.get("gray2", False),
            second_edition_revision=c.get("second_edition_revision", False),
            banner=c.get("banner"),
            unshaded=_text(c.get("unshaded")),
            shaded=_text(c.get("shaded")),
        )
    return out


CARDS: dict[int, Card] = _load()


def card_title(card: int | None) -> str:
    """'#12 Plan Colombia' ('none' for no card): how every screen and question names a
    card."""
    return "none" if card is None else f"#{card} {CARDS[card].title}"


def event_text(card: int, side: str) -> str:
    """The printed 2nd-edition text of one side of an Event (flavor phrase, then text),
    from ``core/data/cards.json``; "" if the card has no such side."""
    if CARDS[card].propaganda:
        return ""
    text = CARDS[card].text(side)
    return "" if text is None else str(text)
