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

import unicodedata
from functools import cached_property

import networkx as nx

from core.files import shown

# The spaces themselves (and their kinds, and the name texts give them) are read in
# core/space.py, compiled with the engine; re-exported here with the map built on them.
from core.space import ADJACENT_SETS, BOGOTA, ECUADOR, PANAMA, SPACES, adjacent
from core.space import CITY as CITY
from core.space import DEPARTMENT as DEPARTMENT
from core.space import FOREIGN as FOREIGN
from core.space import LOC as LOC
from core.space import Space as Space
from core.space import space_name as space_name

FOREST = "forest"
MOUNTAIN = "mountain"
GRASSLAND = "grassland"


def _fold(text: str) -> str:
    """Lower-case and strip accents so 'bogota' finds 'Bogotá'."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).lower().strip()


class GameMap(tuple[Space, ...]):
    """All spaces, with lookups by id and by (accent- and case-insensitive) name.

    The map is the tuple of its spaces, so ``MAP[space_id]``, ``len(MAP)`` and iterating
    run at C speed (the engine indexes the map about a million times in 30 random games).
    """

    def __new__(cls, spaces: tuple[Space, ...]) -> GameMap:
        return super().__new__(cls, spaces)

    def __init__(self, spaces: tuple[Space, ...]) -> None:
        self.spaces: tuple[Space, ...] = tuple(self)
        self._by_name = {_fold(s.name): s for s in spaces}
        self._by_full = {_fold(s.full_name): s for s in spaces}
        #: each name already found, as given: folding a name (Unicode normalisation)
        #: costs more than the rest of a lookup, and the Events look up the same few
        self._found: dict[str, Space] = {}
        self.cities = tuple(s for s in spaces if s.kind == CITY)
        self.departments = tuple(s for s in spaces if s.kind == DEPARTMENT)
        self.locs = tuple(s for s in spaces if s.kind == LOC)
        self.foreign = tuple(s for s in spaces if s.kind == FOREIGN)
        self.ECUADOR = ECUADOR
        self.PANAMA = PANAMA
        self.BOGOTA = BOGOTA
        self.adjacent_sets: tuple[frozenset[int], ...] = ADJACENT_SETS

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
        return adjacent(a, b)

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
    return GameMap(SPACES)


MAP = load_map()
