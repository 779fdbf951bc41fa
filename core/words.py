"""Counted nouns, the one place plurals are made: ``counted(1, "Cartels Guerrilla")`` is
"1 Cartels Guerrilla", ``counted(6, "Cartels Guerrilla")`` "6 Cartels Guerrillas".

The rulebook's words: "1 Resource per space" (3.2.1), "Resources" the track's name
(1.8); "Troops" and "Police" are the same in the singular, so a counted cube is named
as the rulebook names it, "1 Troops cube" (2.1): ``counted`` adds "cube"/"cubes" to
them, the one place that does (a bare "1 Troops" reads wrong, issue 31).

>>> counted(1, "Resource"), counted(3, "Resource"), counted(1, "Troops")
('1 Resource', '3 Resources', '1 Troops cube')
>>> counted(2, "Underground Guerrilla"), counted(0, "Shipment"), counted(2, "Police")
('2 Underground Guerrillas', '0 Shipments', '2 Police cubes')

A list of counts leaves out the ones that are zero ("remove 0 Cartels Guerrillas" or
"and 0 Active" tell the table nothing):

>>> listed((1, "Troops"), (0, "Police")), listed((0, "Troops"), (2, "Police"), (1, "Base"))
('1 Troops cube', '2 Police cubes and 1 Base')
"""

from __future__ import annotations

import codecs
import unicodedata
from collections.abc import Iterable

#: last words that read the same for one and many
SAME = frozenset({"Troops", "Police", "Resources", "Aid"})

#: the cubes (2.1), counted as "1 Troops cube", "3 Police cubes"
CUBES = frozenset({"Troops", "Police"})


def plural(noun: str, n: int = 2) -> str:
    """``noun`` (a phrase: its last word counts) as it reads for ``n`` of it."""
    head, _, last = noun.rpartition(" ")
    if n == 1 or last in SAME or not last:
        return noun
    last = last[:-1] + "ies" if last.endswith("y") and last[-2:-1] not in "aeiou" else (
        last + "es" if last.endswith(("s", "x", "ch", "sh")) else last + "s")
    return f"{head} {last}" if head else last


def counted(n: int, noun: str) -> str:
    """``n`` and ``noun`` agreeing: "1 Shipment", "2 Shipments", "1 Troops cube"."""
    if noun.rpartition(" ")[2] in CUBES:
        noun += " cube"
    return f"{n} {plural(noun, n)}"


def joined(items: Iterable[str]) -> str:
    """Items as a list reads: "a", "a and b", "a, b and c"; "" for none."""
    parts = list(items)
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def listed(*counts: tuple[int, str]) -> str:
    """The ``(n, noun)`` counts that are not zero, :func:`counted` and joined: "1 Troops
    cube and 2 Police cubes"; "" when all are zero."""
    return joined(counted(n, noun) for n, noun in counts if n)


def them(n: int) -> str:
    """The pronoun and verb for ``n`` things that stay: "it stays", "they stay"."""
    return "it stays" if n == 1 else "they stay"


#: Characters never written as they are: the C0 and C1 controls (ESC starts a terminal's
#: escape sequences) and the bidirectional overrides that reorder what follows.
_BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def printable(text: str) -> str:
    """``text`` safe for any terminal: line breaks and tabs kept, every other control
    character (a save's dice purpose holding ``\\x1b[2J``, a typed ``\\x07``) shown
    escaped as Python writes it, so it is seen, not obeyed (issue 32).

    >>> printable("red die\\x1b[31m, Bogot\\u00e1")
    'red die\\\\x1b[31m, Bogotá'
    """
    if text.isprintable():
        return text
    return "".join(
        ch if ch in "\n\t" or (ch.isprintable() and ch not in _BIDI)
        else ascii(ch)[1:-1] for ch in text)


#: Typographic marks the card texts use, in plain ASCII.
_PLAIN_MARKS = {"\u201c": '"', "\u201d": '"', "\u2018": "'", "\u2019": "'", "\u2013": "-",
                "\u2014": "-", "\u2026": "...", "\u2192": "->", "\u2022": "*", "\u00d7": "x",
                "\u2212": "-", "\u00a0": " "}


def plain_letters(err: UnicodeError) -> tuple[str, int]:
    """A codec error handler (registered as ``"andean-plain"``): a character the output
    encoding cannot hold is written in plain letters, "Bogotá" as "Bogota", "“War”" as
    '"War"', anything else as "?" (``PYTHONIOENCODING=ascii`` failed on the first
    accented name: issue 32)."""
    if not isinstance(err, UnicodeEncodeError):
        raise err
    out = []
    for ch in err.object[err.start:err.end]:
        plain = _PLAIN_MARKS.get(ch)
        if plain is None:
            letters = unicodedata.normalize("NFKD", ch).encode("ascii", "ignore").decode()
            plain = letters or "?"
        out.append(plain)
    return "".join(out), err.end


def plain_letters_where_needed(*streams: object) -> None:
    """Make the text ``streams`` (stdout, stderr) fall back to :func:`plain_letters` when
    their encoding is not UTF-8; a stream that cannot be reconfigured is left as it is."""
    codecs.register_error("andean-plain", plain_letters)
    for stream in streams:
        encoding = getattr(stream, "encoding", None)
        reconfigure = getattr(stream, "reconfigure", None)
        if not encoding or reconfigure is None:
            continue
        try:
            if codecs.lookup(encoding).name != "utf-8":
                reconfigure(errors="andean-plain")
        except (LookupError, ValueError, OSError):  # an unknown codec; a closed stream
            continue
