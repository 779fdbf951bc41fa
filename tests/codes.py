"""Short names of the Factions and piece kinds for tests, and the piece codes of the
position builder (tests/helpers.py: ``position({"Huila": "2T 1P 3FU"})``)."""

from __future__ import annotations

from core.pieces import Faction, Piece

GOVT, FARC, AUC, CARTELS = Faction.GOVT, Faction.FARC, Faction.AUC, Faction.CARTELS
T, P, GB = Piece.TROOPS, Piece.POLICE, Piece.GOVT_BASE
FU, FA, FB = Piece.FARC_UNDERGROUND, Piece.FARC_ACTIVE, Piece.FARC_BASE
AU, AA, AB = Piece.AUC_UNDERGROUND, Piece.AUC_ACTIVE, Piece.AUC_BASE
CU, CA, CB = Piece.CARTELS_UNDERGROUND, Piece.CARTELS_ACTIVE, Piece.CARTELS_BASE


# Piece codes of the position builder, in the order the board lists a space's forces.
CODES: dict[str, Piece] = {
    "T": Piece.TROOPS,
    "P": Piece.POLICE,
    "GB": Piece.GOVT_BASE,
    "FU": Piece.FARC_UNDERGROUND,
    "FA": Piece.FARC_ACTIVE,
    "FB": Piece.FARC_BASE,
    "AU": Piece.AUC_UNDERGROUND,
    "AA": Piece.AUC_ACTIVE,
    "AB": Piece.AUC_BASE,
    "CU": Piece.CARTELS_UNDERGROUND,
    "CA": Piece.CARTELS_ACTIVE,
    "CB": Piece.CARTELS_BASE,
}
