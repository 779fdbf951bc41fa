"""Counted nouns, the one place plurals are made: ``counted(1, "Cartels Guerrilla")`` is
"1 Cartels Guerrilla", ``counted(6, "Cartels Guerrilla")`` "6 Cartels Guerrillas".

The rulebook's words: "1 Resource per space" (3.2.1), "Resources" the track's name
(1.8); "Troops" and "Police" are the same in the singular ("1 Troops cube", 2.1).

>>> counted(1, "Resource"), counted(3, "Resource"), counted(1, "Troops")
('1 Resource', '3 Resources', '1 Troops')
>>> counted(2, "Underground Guerrilla"), counted(0, "Shipment"), counted(2, "Police")
('2 Underground Guerrillas', '0 Shipments', '2 Police')
"""

from __future__ import annotations

#: last words that read the same for one and many
SAME = frozenset({"Troops", "Police", "Resources", "Aid"})


def plural(noun: str, n: int = 2) -> str:
    """``noun`` (a phrase: its last word counts) as it reads for ``n`` of it."""
    head, _, last = noun.rpartition(" ")
    if n == 1 or last in SAME or not last:
        return noun
    last = last[:-1] + "ies" if last.endswith("y") and last[-2:-1] not in "aeiou" else (
        last + "es" if last.endswith(("s", "x", "ch", "sh")) else last + "s")
    return f"{head} {last}" if head else last


def counted(n: int, noun: str) -> str:
    """``n`` and ``noun`` agreeing: "1 Shipment", "2 Shipments"."""
    return f"{n} {plural(noun, n)}"


def them(n: int) -> str:
    """The pronoun and verb for ``n`` things that stay: "it stays", "they stay"."""
    return "it stays" if n == 1 else "they stay"
