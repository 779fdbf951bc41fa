"""Asking an open choice: the :class:`Choice` request and the helpers Event code asks
with (:func:`ask_one`, :func:`ask_space`, :func:`best`, :func:`distribute`...).

:mod:`core.events.choice` re-exports all of it beside the choosers that answer (a
person, a Non-player, a random player, a script). A module of its own so that it can be
compiled with the engine (core/engine.py): the choosers stay plain Python, since tests'
spies subclass them, but every Event question goes through these helpers, which ran in
Python with them (docs/performance.md, "Fifth round").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Protocol

from core.errors import IllegalAction
from core.map import space_name
from core.pieces import Faction, as_faction
from core.record import Record
from core.state import GameState, ShipmentDecider

Answer = list[Any]


class Choice(Record):
    """One open choice: pick between ``min`` and ``max`` distinct values of ``options``.

    ``kind`` says what the values are: ``"spaces"`` (space ids), ``"pieces"`` (Piece
    ints), ``"factions"`` (Faction ints), ``"option"`` (strings naming alternatives) or
    ``"number"`` (ints). ``why`` is the question in plain English, naming the card.
    ``decider`` is the Faction that decides (None: the executing Faction).
    ``repeat`` allows a value to be chosen more than once (e.g. 2 Troops from one space).

    Read-only by convention; a class with its own constructor rather than a frozen
    dataclass, whose ``__init__`` (each field set through ``object.__setattr__``) ran in
    Python at every question of every Event (docs/performance.md, "Fifth round"). A
    :class:`core.record.Record`: it compares, hashes and prints as the dataclass did.
    """

    _names = ("kind", "options", "min", "max", "why", "decider", "repeat")

    kind: str
    options: tuple[Any, ...]
    min: int
    max: int
    why: str
    decider: int | None
    repeat: bool

    def __init__(self, kind: str, options: tuple[Any, ...], min: int, max: int, why: str,
                 decider: int | None = None, repeat: bool = False) -> None:
        self.kind = kind
        self.options = options
        self.min = min
        self.max = max
        self.why = why
        self.decider = decider
        self.repeat = repeat

    def _fields(self) -> tuple[Any, ...]:
        return (self.kind, self.options, self.min, self.max, self.why, self.decider,
                self.repeat)

    def check(self, answer: Answer) -> None:
        """Raise IllegalAction (5.1) unless ``answer`` is a legal answer to this Choice."""
        if not self.min <= len(answer) <= self.max:
            raise IllegalAction(
                "5.1", f"{self.why}: choose {self.min}-{self.max}, not {len(answer)}"
            )
        for value in answer:
            if value not in self.options:
                raise IllegalAction("5.1", f"{self.why}: {value!r} is not one of the options")
        if not self.repeat and len(set(answer)) != len(answer):
            raise IllegalAction("5.1", f"{self.why}: the same option chosen twice")


class Chooser(Protocol):
    def choose(self, state: Any, choice: Choice) -> Answer:
        """Answer ``choice`` (a list of values from ``choice.options``)."""
        ...


# ---- convenience wrappers used by Event code ---------------------------------------------
def choose_spaces(
    chooser: Chooser, state: Any, candidates: list[int], n: int, why: str, *, at_least: int = 0
) -> list[int]:
    """Up to ``n`` distinct spaces among ``candidates`` (at least ``at_least`` if possible)."""
    if not candidates or n <= 0:
        return []
    hi = min(n, len(candidates))
    return chooser.choose(state, Choice("spaces", tuple(candidates), min(at_least, hi), hi, why))


def ask_one(
    chooser: Chooser,
    state: Any,
    kind: str,
    options: Any,
    why: str,
    *,
    optional: bool = False,
    decider: int | None = None,
) -> Any:
    """One value among ``options``: None if there are none, or if ``optional`` and the
    decider declines. A compulsory choice with a single option is not asked (so it does
    not appear in the recorded answers)."""
    opts = tuple(options)
    if not opts:
        return None
    if len(opts) == 1 and not optional:
        return opts[0]
    who = None if decider is None else int(decider)
    answer = chooser.choose(state, Choice(kind, opts, 0 if optional else 1, 1, why, who))
    return answer[0] if answer else None


def chooser_decider(chooser: Chooser) -> ShipmentDecider:
    """A :meth:`GameState.shipment_decider` that asks the owner through ``chooser``
    (an Event's recorded chooser, so a replay gets the same answer; 4.5.3)."""

    def decide(
        state: GameState, space: int, owner: Faction, options: list[Faction]
    ) -> Faction | None:
        answer = ask_one(
            chooser,
            state,
            "factions",
            [int(f) for f in options],
            f"4.5.3: the {owner.label} Shipment in {space_name(space)} has lost its Guerrilla: "
            "to whose Guerrilla does it pass?",
            decider=owner,
        )
        return None if answer is None else as_faction(answer)

    return decide


def choose_one(chooser: Chooser, state: Any, kind: str, options: list[Any], why: str) -> Any:
    """Exactly one of ``options`` (None if there are none)."""
    if not options:
        return None
    return chooser.choose(state, Choice(kind, tuple(options), 1, 1, why))[0]


# ---- the one primitive for Event space choices (5.1, 5.1.3) -------------------------------
def best(candidates: Iterable[Any], score: Callable[[Any], Any]) -> list[Any]:
    """The candidates where the most of the Event text can be done (5.1 "carries out the
    Event text literally", 5.1.3 "implement that which can").

    ``score(c)`` says how much of the text can be done with ``c``: a number or a tuple,
    higher is more; 0 or None means nothing can be done there (left out). Stacking (1.4.2:
    Bases, FARC Zones, Ecuador's 2 per Faction of card 33) counts because the scores are
    measured on the board, e.g. with :func:`fits`.
    """
    scored = [(c, score(c)) for c in candidates]
    scored = [(c, v) for c, v in scored if v]
    if not scored:
        return []
    top = max(v for _, v in scored)
    return [c for c, v in scored if v == top]


def best_n(
    candidates: Iterable[Any], n: int, score: Callable[[Any], Any]
) -> tuple[list[Any], list[Any]]:
    """For a text naming ``n`` spaces: ``(sure, tied)`` among the candidates, ranked as
    :func:`best` ranks them (5.1.3: where the most of the text can be done). ``sure``
    rank above the ``n``-th best (or, with ``n`` or fewer candidates, above the lowest)
    and are all chosen; ``tied`` rank level with it, and the remaining ``n - len(sure)``
    are chosen among them. Candidates scoring 0 or None are left out. With every score
    equal ``sure`` is empty and ``tied`` is every candidate, so the question asked among
    ``tied`` is the one asked without ranking."""
    scored = [(c, score(c)) for c in candidates]
    scored = [(c, v) for c, v in scored if v]
    if n <= 0 or not scored:
        return [], []
    ranked = sorted(scored, key=lambda cv: cv[1], reverse=True)
    cut = ranked[min(n, len(ranked)) - 1][1]
    sure = [c for c, v in scored if v > cut]
    tied = [c for c, v in scored if v == cut]
    return sure, tied


def fits(state: Any, space: int, pieces: Iterable[tuple[Any, int]]) -> int:
    """How many of ``pieces`` (``(kind, n)`` pairs, placed in that order) can be placed in
    ``space`` now: availability (1.4.1) and stacking (1.4.2, card 33), tried on a clone."""
    trial = state.clone()
    return sum(trial.place_up_to(space, kind, n) for kind, n in pieces)


def ask_space(
    chooser: Chooser,
    state: Any,
    candidates: Iterable[int],
    score: Callable[[int], Any],
    why: str,
    *,
    optional: bool = False,
    decider: int | None = None,
) -> int | None:
    """One space among the :func:`best` of ``candidates`` (None if nothing can be done
    anywhere, or if ``optional`` and declined). Not asked when only one space is best."""
    space: int | None = ask_one(
        chooser, state, "spaces", best(candidates, score), why, optional=optional,
        decider=decider,
    )
    return space


def ask_spaces_in_turn(
    chooser: Chooser,
    state: Any,
    candidates: Iterable[int],
    n: int,
    score: Callable[[int], Any],
    why: str,
    act: Callable[[int], Any],
    *,
    up_to: bool = False,
    decider: int | None = None,
) -> list[int]:
    """``n`` distinct spaces asked one at a time, in order: each question offers the
    :func:`best` of the spaces not yet chosen, scored on the board as the earlier spaces
    left it, and ``act(space)`` carries that space out before the next question. So when
    pieces run short the order is the chooser's, and visible. ``why`` may hold ``{i}`` and
    ``{n}`` (the question's number). ``up_to``: the chooser may stop early."""
    pool = list(candidates)
    done: list[int] = []
    for i in range(n):
        text = why.format(i=i + 1, n=n)
        space = ask_space(
            chooser, state, [s for s in pool if s not in done], score, text,
            optional=up_to, decider=decider,
        )
        if space is None:
            break
        done.append(space)
        act(space)
    return done


def distribute(
    chooser: Chooser,
    state: Any,
    candidates: Iterable[int],
    n: int,
    capacity: Callable[[int], int],
    why: str,
    *,
    at_least: int | None = None,
    decider: int | None = None,
) -> list[int]:
    """Where each of ``n`` pieces goes (a space per piece, repeats allowed), never more
    into a space than ``capacity(space)`` (stacking, e.g. ``state.capacity``: Ecuador
    takes 2 per Faction, card 33). ``n`` shrinks to what fits (5.1.1). ``at_least``
    (default all ``n``) pieces must be placed.

    With room for every piece in every space it is one question (a space per piece);
    when some space could not take them all, the pieces are asked one at a time, each
    question offering only the spaces with room left, so no answer offered breaks 1.4.2.
    """
    caps = {s: capacity(s) for s in candidates}
    caps = {s: c for s, c in caps.items() if c > 0}
    n = min(n, sum(caps.values()))
    lo = n if at_least is None else min(at_least, n)
    if n <= 0:
        return []
    spaces = list(caps)
    if all(c >= n for c in caps.values()):
        if len(spaces) == 1 and lo == n:
            return spaces * n
        return list(chooser.choose(state, Choice("spaces", tuple(spaces), lo, n, why, decider,
                                                 repeat=True)))
    out: list[int] = []
    for i in range(n):
        open_ = [s for s in spaces if caps[s] > 0]
        space = ask_one(chooser, state, "spaces", open_, f"{why} ({i + 1} of {n})",
                        optional=i >= lo, decider=decider)
        if space is None:
            break
        caps[space] -= 1
        out.append(space)
    return out
