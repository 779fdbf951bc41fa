"""The map of Colombia (rule 1.3): spaces, adjacency, terrain, Population and Econ.

The facts live in ``core/data/map.json``; this module loads them once into immutable
:class:`Space` records with small integer ids (the row of the space in the game state's
piece table), precomputed adjacency tuples for the hot paths, and a networkx graph for
path questions and drawing.

>>> from core.map import MAP
>>> MAP.space("huila").full_name
'Huila-Tolima'
>>> MAP.space("Bogota").pop
8
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass, field
from functools import cached_property
from importlib import resources
from typing import Any

import networkx as nx

from core.files import shown

CITY = "city"
DEPARTMENT = "department"
LOC = "loc"
FOREIGN = "foreign"

FOREST = "forest"
MOUNTAIN = "mountain"
GRASSLAND = "grassland"


@dataclass(frozen=True, slots=True)
class Space:
    """One map space. ``id`` is its row in the piece table."""

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
    # The kind tests below are read hundreds of thousands of times a game: plain slots
    # filled once from ``kind`` and ``pop``, not properties recomputed on every read.
    is_city: bool = field(init=False, repr=False, compare=False)
    #: Departments (1.3.2). Ecuador and Panamá count as Departments once an Event makes
    #: them spaces (1.3.5); callers check :meth:`core.state.GameState.in_play`.
    is_department: bool = field(init=False, repr=False, compare=False)
    is_loc: bool = field(init=False, repr=False, compare=False)
    is_foreign: bool = field(init=False, repr=False, compare=False)
    #: City or Department with Pop >= 1: the only spaces with Support/Opposition (1.6.1).
    is_populated: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        is_loc = self.kind == LOC
        object.__setattr__(self, "is_city", self.kind == CITY)
        object.__setattr__(self, "is_department", self.kind in (DEPARTMENT, FOREIGN))
        object.__setattr__(self, "is_loc", is_loc)
        object.__setattr__(self, "is_foreign", self.kind == FOREIGN)
        object.__setattr__(self, "is_populated", self.pop > 0 and not is_loc)

    def __str__(self) -> str:
        return self.full_name


def _build_spaces(raw: list[dict[str, Any]]) -> tuple[Space, ...]:
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


def _fold(text: str) -> str:
    """Lower-case and strip accents so 'bogota' finds 'Bogotá'."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).lower().strip()


class GameMap(tuple[Space, ...]):
    """All spaces, with lookups by id and by (accent- and case-insensitive) name.

    The map is the tuple of its spaces, so ``MAP[space_id]``, ``len(MAP)`` and iterating
    run at C speed (the engine indexes the map about a million times in 30 random games).
    """

    def __new__(cls, data: dict[str, Any]) -> GameMap:
        return super().__new__(cls, _build_spaces(data["spaces"]))

    def __init__(self, data: dict[str, Any]) -> None:
        spaces = list(self)
        self.spaces: tuple[Space, ...] = tuple(spaces)
        self._by_name = {_fold(s.name): s for s in spaces}
        self._by_full = {_fold(s.full_name): s for s in spaces}
        #: each name already found, as given: folding a name (Unicode normalisation)
        #: costs more than the rest of a lookup, and the Events look up the same few
        self._found: dict[str, Space] = {}
        self.cities = tuple(s for s in spaces if s.kind == CITY)
        self.departments = tuple(s for s in spaces if s.kind == DEPARTMENT)
        self.locs = tuple(s for s in spaces if s.kind == LOC)
        self.foreign = tuple(s for s in spaces if s.kind == FOREIGN)
        self.ECUADOR = self.space("Ecuador").id
        self.PANAMA = self.space("Panamá").id
        self.BOGOTA = self.space("Bogotá").id
        self.adjacent_sets: tuple[frozenset[int], ...] = tuple(
            frozenset(s.adjacent) for s in spaces
        )

    def space(self, name: str | int | Space) -> Space:
        """Find a space by id, exact name, full name, or unique prefix of either.

        Matching ignores case and accents. Raises ``KeyError`` with the candidates when
        the name is unknown or ambiguous.
        """
        if isinstance(name, Space):
            return name
        if isinstance(name, int):
            return self.spaces[name]
        found = self._found.get(name)
        if found is None:
            found = self._found[name] = self._lookup(name)
        return found

    def _lookup(self, name: str) -> Space:
        key = _fold(name)
        if key in self._by_name:
            return self._by_name[key]
        if key in self._by_full:
            return self._by_full[key]
        hits = {
            s.id: s
            for table in (self._by_name, self._by_full)
            for k, s in table.items()
            if k.startswith(key)
        }
        if len(hits) == 1:
            return next(iter(hits.values()))
        if not hits:
            raise KeyError(f"no space named {shown(name)!r}")
        names = ", ".join(sorted(s.name for s in hits.values()))
        raise KeyError(f"space name {shown(name)!r} is ambiguous: {names}")

    def id_of(self, name: str | int | Space) -> int:
        return self.space(name).id

    def adjacent(self, a: int, b: int) -> bool:
        return b in self.adjacent_sets[a]

    @cached_property
    def graph(self) -> nx.Graph:
        """Undirected adjacency graph; nodes are space ids with the Space as attribute."""
        g = nx.Graph()
        for s in self.spaces:
            g.add_node(s.id, space=s, name=s.name, kind=s.kind)
        for s in self.spaces:
            for t in s.adjacent:
                g.add_edge(s.id, t)
        return g


def load_map() -> GameMap:
    text = resources.files("core.data").joinpath("map.json").read_text(encoding="utf-8")
    return GameMap(json.loads(text))


MAP = load_map()


_FULL_NAMES = tuple(s.full_name for s in MAP)


def space_name(space: int | Space) -> str:
    """The one name every report, trace, reason and hint gives a space: the full name
    printed on the map ('Chocó-Córdoba', 'Santa Marta & Barranquilla'), so one space
    never appears under two names in one narration. ``Space.name`` is the short key
    saves and lookups use."""
    if type(space) is int:
        return _FULL_NAMES[space]
    return (space if isinstance(space, Space) else MAP[space]).full_name
