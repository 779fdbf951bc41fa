"""Map tables the Non-player flowcharts read instead of asking the board space by space.

Every selector starts from the spaces in play (1.3.5: the foreign countries, Ecuador and
Panamá, only once made spaces). Asking :meth:`core.state.GameState.in_play` for each of
the 47 spaces, in every selector call, in every iteration of a bullet and every
feasibility trial, was one of the largest costs of a Non-player turn; the spaces always
in play are a constant of the map.
"""

from __future__ import annotations

from typing import Final

from core.map import MAP
from core.state import GameState

#: Spaces always in play: every City, Department and LoC, in map order.
HOME: Final[tuple[int, ...]] = tuple(s.id for s in MAP.spaces if not s.is_foreign)
#: The spaces in play for each set of foreign countries made spaces, in map order.
_IN_PLAY: Final[dict[frozenset[int], tuple[int, ...]]] = {
    frozenset(made): tuple(s.id for s in MAP.spaces if not s.is_foreign or s.id in made)
    for made in ((), *((f.id,) for f in MAP.foreign), tuple(f.id for f in MAP.foreign))
}


def in_play(state: GameState) -> tuple[int, ...]:
    """The ids of the spaces in play, in map order: the foreign countries only once made
    spaces (1.3.5), as :meth:`GameState.in_play` says."""
    if not state.foreign_in_play:
        return HOME
    known = _IN_PLAY.get(frozenset(state.foreign_in_play))
    if known is None:  # not a set of foreign countries: ask the board
        return tuple(s.id for s in MAP.spaces if state.in_play(s.id))
    return known
