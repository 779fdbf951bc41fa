"""The Available Forces boxes (1.4.1) as a COIN player reads them every turn: each
Faction's pieces not on the map (Government Troops, Police and Bases; each Insurgent's
Guerrillas and Bases), the Shipments not on the map (4.5.3) and the Terror and Sabotage
markers left (3.3.4). One source for the screens' Available panel, ``andean status``
and its ``--json`` (:func:`available_dict`)."""

from __future__ import annotations

from typing import Any

from core.pieces import INSURGENTS, Faction, Piece
from core.state import GameState

#: the short Faction names of the narrow panel
SHORT = {Faction.GOVT: "Govt", Faction.FARC: "FARC", Faction.AUC: "AUC",
         Faction.CARTELS: "Cartels"}
#: narrower still (below :data:`LETTERS_BELOW` columns), the board's Faction letters
LETTER = {Faction.GOVT: "G", Faction.FARC: "F", Faction.AUC: "A", Faction.CARTELS: "C"}
LETTERS_BELOW = 34


def available_dict(state: GameState) -> dict[str, dict[str, int]]:
    """Pieces in each Faction's Available Forces box, keyed by Faction label: the
    Government's ``troops``, ``police``, ``bases``; an Insurgent's ``guerrillas``,
    ``bases`` (``andean status --json``: ``available``)."""
    return {
        Faction.GOVT.label: {
            "troops": state.available(Piece.TROOPS),
            "police": state.available(Piece.POLICE),
            "bases": state.available(Piece.GOVT_BASE),
        },
        **{
            f.label: {
                "guerrillas": state.available_guerrillas(f),
                "bases": state.available_bases(f),
            }
            for f in INSURGENTS
        },
    }


def _n(count: int, word: str) -> str:
    """'1 Base', '3 Bases', '2 Police' (Police and Troops count as they are)."""
    if count == 1 and word.endswith("s") and word not in ("Police",):
        word = word[:-1]
    return f"{count} {word}"


def available_lines(state: GameState, width: int = 80) -> list[str]:
    """The Available panel in ``width`` columns: words when they fit ('Government: 18
    Troops, 22 Police, 3 Bases'), else the board's letters ('Govt 18T 22P 3B', T Troops,
    P Police, g Guerrillas, B Bases, as the board legend says; below
    :data:`LETTERS_BELOW` columns the Factions too: 'G 18T 22P 3B')."""
    data: dict[str, Any] = available_dict(state)
    ships = state.shipments_available()
    markers = state.markers_available()
    govt = data[Faction.GOVT.label]
    wide = [
        f"{Faction.GOVT.label}: {_n(govt['troops'], 'Troops')}, "
        f"{_n(govt['police'], 'Police')}, {_n(govt['bases'], 'Bases')}",
        *[f"{f.label}: {_n(data[f.label]['guerrillas'], 'Guerrillas')}, "
          f"{_n(data[f.label]['bases'], 'Bases')}" for f in INSURGENTS],
        f"Shipments {ships}; Terror/Sabotage markers {markers}",
    ]
    if max(len(line) for line in wide) + 2 <= width:
        return ["Available Forces:", *[f"  {line}" for line in wide]]
    name = SHORT if width >= LETTERS_BELOW else LETTER
    cells = [f"{name[Faction.GOVT]} {govt['troops']}T {govt['police']}P {govt['bases']}B",
             *[f"{name[f]} {data[f.label]['guerrillas']}g {data[f.label]['bases']}B"
               for f in INSURGENTS],
             f"Shipments {ships}", f"Terror/Sabotage {markers}"]
    lines = ["Available:"]
    for cell in cells:  # packed, never breaking a cell
        sep = " " if lines[-1] == "Available:" else "  "
        if len(lines[-1]) + len(sep) + len(cell) <= width:
            lines[-1] += sep + cell
        else:
            lines.append(f" {cell}")
    return lines


__all__ = ["available_dict", "available_lines"]
