"""Andean Abyss rules engine (2nd edition, rules sections 1-7).

The public API in one place:

* :class:`core.game.Game`: a game you can ``apply`` commands to, ``clone``, save.
* :class:`core.state.GameState`: the plain-data state; :data:`core.map.MAP` the map;
  :data:`core.cards.CARDS` the deck; :class:`core.pieces.Faction` / ``Piece``.
* Commands live in :mod:`core.rules` (Operations, Special Activities, Propaganda).
"""

from core import engine as _engine

# Before any compiled module is imported: the compiled engine or the same code as plain
# Python (core/engine.py; ANDEAN_PURE=1 asks for plain Python).
_engine.install()
