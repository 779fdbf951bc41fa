"""The map's spaces (rule 1.3) as records, and the one name every text gives a space.

:mod:`core.map` builds the map (its lookups by name, adjacency, the graph) on the
:data:`SPACES` read here from ``core/data/map.json`` and re-exports :class:`Space` and
:func:`space_name`. A module of its own, below :mod:`core.map`, so that it can be
compiled with the engine (core/engine.py): the rules read a space's facts (``is_loc``,
``pop``, ``adjacent``...) hundreds of thousands of times a game and name spaces in
every trace line; compiled, ``Space`` is a native class whose fields are read from C
slots, and :func:`space_name` a compiled function. docs/architecture.md, "The compiled
engine".
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any, Final

from core.record import Record

CITY: Final = "city"
DEPARTMENT: Final = "department"
LOC: Final = "loc"
FOREIGN: Final = "foreign"


class Space(Record):
    """One map space. ``id`` is its row in the piece table.

    A record (:class:`core.record.Record`): made once per space when the map is read,
    never changed (nothing assigns to a space's fields); compares and hashes by its
    fields, as the frozen dataclass it was did."""

    _names = ("id", "name", "full_name", "kind", "terrain", "pop", "econ", "loc_type",
              "coastal", "borders_ecuador", "borders_venezuela", "adjacent")

    id: int
    name: str
    full_name: str
    kind: str  # city / department / loc / foreign
    terrain: str | None
    pop: int
    econ: int
    loc_type: str | None  # road / pipeline for LoCs
    coastal: bool
    borders_ecuador: bool
    borders_venezuela: bool
    adjacent: tuple[int, ...]
    # The kind tests below are read hundreds of thousands of times a game: plain fields
    # filled once from ``kind`` and ``pop``, not properties recomputed on every read.
    is_city: bool
    #: Departments (1.3.2). Ecuador and Panamá count as Departments once an Event makes
    #: them spaces (1.3.5); callers check :meth:`core.state.GameState.in_play`.
    is_department: bool
    is_loc: bool
    is_foreign: bool
    #: City or Department with Pop >= 1: the only spaces with Support/Opposition (1.6.1).
    is_populated: bool

    def __init__(
        self,
        id: int,
        name: str,
        full_name: str,
        kind: str,
        terrain: str | None,
        pop: int,
        econ: int,
        loc_type: str | None,
        coastal: bool,
        borders_ecuador: bool,
        borders_venezuela: bool,
        adjacent: tuple[int, ...],
    ) -> None:
        self.id = id
        self.name = name
        self.full_name = full_name
        self.kind = kind
        self.terrain = terrain
        self.pop = pop
        self.econ = econ
        self.loc_type = loc_type
        self.coastal = coastal
        self.borders_ecuador = borders_ecuador
        self.borders_venezuela = borders_venezuela
        self.adjacent = adjacent
        is_loc = kind == LOC
        self.is_city = kind == CITY
        self.is_department = kind in (DEPARTMENT, FOREIGN)
        self.is_loc = is_loc
        self.is_foreign = kind == FOREIGN
        self.is_populated = pop > 0 and not is_loc

    def _fields(self) -> tuple[Any, ...]:
        return (self.id, self.name, self.full_name, self.kind, self.terrain, self.pop,
                self.econ, self.loc_type, self.coastal, self.borders_ecuador,
                self.borders_venezuela, self.adjacent)

    def __str__(self) -> str:
        return self.full_name


def build_spaces(raw: list[dict[str, Any]]) -> tuple[Space, ...]:
    """The spaces of ``map.json``'s ``spaces`` list, ids in its order."""
    index = {entry["name"]: i for i, entry in enumerate(raw)}
    return tuple(
        Space(
            id=i,
            name=entry["name"],
            full_name=entry["full_name"],
            kind=entry["kind"],
            terrain=entry.get("terrain"),
            pop=entry.get("pop", 0),
            econ=entry.get("econ", 0),
            loc_type=entry.get("loc_type"),
            coastal=entry["coastal"],
            borders_ecuador=entry["borders_ecuador"],
            borders_venezuela=entry["borders_venezuela"],
            adjacent=tuple(sorted(index[n] for n in entry["adjacent"])),
        )
        for i, entry in enumerate(raw)
    )


def read_spaces() -> tuple[Space, ...]:
    """The spaces of the map, read from ``core/data/map.json``."""
    text = resources.files("core.data").joinpath("map.json").read_text(encoding="utf-8")
    spaces: list[dict[str, Any]] = json.loads(text)["spaces"]
    return build_spaces(spaces)


#: Every space, by id (:data:`core.map.MAP` is built on them).
SPACES: Final[tuple[Space, ...]] = read_spaces()

_FULL_NAMES: Final[tuple[str, ...]] = tuple(s.full_name for s in SPACES)


def space_name(space: Any) -> str:
    """The one name every report, trace, reason and hint gives a space (a space id or a
    :class:`Space`): the full name printed on the map ('Chocó-Córdoba', 'Santa Marta &
    Barranquilla'), so one space never appears under two names in one narration.
    ``Space.name`` is the short key saves and lookups use."""
    if type(space) is int:
        return _FULL_NAMES[space]
    return (space if isinstance(space, Space) else SPACES[space]).full_name


def _id_of(name: str) -> int:
    return next(s.id for s in SPACES if s.name == name)


#: The spaces the rules name (Ecuador and Panamá are spaces only once an Event makes them
#: so, 1.3.5).
ECUADOR: Final = _id_of("Ecuador")
PANAMA: Final = _id_of("Panamá")
BOGOTA: Final = _id_of("Bogotá")

#: Each space's adjacent spaces (1.3.6), as sets for :func:`adjacent`.
ADJACENT_SETS: Final[tuple[frozenset[int], ...]] = tuple(frozenset(s.adjacent) for s in SPACES)


def adjacent(a: int, b: int) -> bool:
    """Spaces ``a`` and ``b`` are adjacent (1.3.6)."""
    return b in ADJACENT_SETS[a]
