"""A learned value of a position for the Government (issue 28): the final 8.8 solo score
the game is expected to end with, from features a COIN player would name.

The model is linear in :func:`features` (standardised), fitted by ridge least squares
(numpy) on positions of self-play games: the section-8 Non-player Insurgents against the
heuristic Government (the campaign Government's fast policy, so the value is what the
rollouts' own continuation would reach), on training seeds below 100000. The fit lives
in :mod:`benchmarks.fit_value` (``[dev]`` side); this module ships only the fitted
numbers (``value.json`` beside it) and reads them: the play side needs numpy, nothing
else.

The features see the victory check coming: the cards to the next Propaganda card in the
(determinized) deck, whether its Round is the last, and each margin on its own, times
``1 / (1 + cards to the check)``, with the leading Insurgent's excess over its threshold
(what the check would say if it came now, 6.1, 7.2).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from core.cards import CARDS
from core.events import UNSHADED
from core.map import MAP
from core.pieces import ACTIVE_OF, INSURGENTS, UNDERGROUND_OF, Faction, Piece
from core.setup import PILE_SIZE, PILES, QUICK_PROPAGANDA_PILES
from core.state import SAMPER, GameState
from nonplayer.government.base import control_tally

GOVT, FARC, AUC, CARTELS = Faction.GOVT, Faction.FARC, Faction.AUC, Faction.CARTELS

VALUE_FILE = Path(__file__).with_name("value.json")

#: Cards to the next Propaganda card are counted up to this many.
CARDS_CAP = 15


def cards_to_propaganda(state: GameState) -> tuple[int, int]:
    """(cards until the next Propaganda card is revealed, Propaganda cards left in the
    deck). In a Propaganda Round or on its card: 0. The deck a rollout sees is a
    determinization (:func:`nonplayer.government.campaign.sample_deck`)."""
    left = sum(1 for c in state.deck if CARDS[c].propaganda)
    if state.phase == "propaganda":
        return 0, left
    for i, c in enumerate(state.deck):
        if CARDS[c].propaganda:
            return min(i + 1, CARDS_CAP), left
    return CARDS_CAP, left


def pile_sizes(state: GameState) -> list[tuple[int, bool]]:
    """The piles of the deck as prepared (2.1, seed 003), top first: (cards, whether it
    holds a Propaganda card)."""
    size = PILE_SIZE.get(state.scenario, PILE_SIZE["standard"])
    out = []
    for number in range(1, PILES + 1):
        has = state.scenario == "standard" or number in QUICK_PROPAGANDA_PILES
        out.append((size + int(has), has))
    return out


def _soft_max(values: list[float], temperature: float = 2.0) -> float:
    top = max(values)
    return top + temperature * math.log(sum(math.exp((v - top) / temperature) for v in values))


def features(state: GameState) -> dict[str, float]:
    """The position as a COIN player would describe it (Government's side), by name."""
    m = state.victory_margins()
    ins = [m[f] for f in INSURGENTS]
    lead = max(ins)
    to_check, left = cards_to_propaganda(state)
    near = 1.0 / (1.0 + to_check)
    final = 1.0 if left <= 1 and state.propaganda_cards >= state.final_propaganda - 1 else 0.0
    over = max(0.0, float(lead))
    f: dict[str, float] = {
        "Government margin": m[GOVT],
        "FARC margin": m[FARC],
        "AUC margin": m[AUC],
        "Cartels margin": m[CARTELS],
        "leading Insurgent margin (soft max)": _soft_max([float(v) for v in ins]),
        "leading Insurgent past its goal": over,
        "past its goal x near the check": over * near,
        "an Insurgent meets its goal x near the check": (1.0 if lead > 0 else 0.0) * near,
        "Government margin x near the check": m[GOVT] * near,
        "FARC margin x near the check": m[FARC] * near,
        "AUC margin x near the check": m[AUC] * near,
        "Cartels margin x near the check": m[CARTELS] * near,
        "Government margin x last Round": m[GOVT] * final,
        "leading Insurgent x last Round": lead * final,
        "last Round next": final,
        "Propaganda Rounds played": state.propaganda_cards,
        "cards to the next Propaganda card": to_check,
    }
    for fac in (GOVT, FARC, AUC, CARTELS):
        f[f"{fac.label} Bases"] = state.bases_on_map(fac)
    for fac in INSURGENTS:
        f[f"{fac.label} Guerrillas on the map"] = (state.on_map(UNDERGROUND_OF[fac])
                                                  + state.on_map(ACTIVE_OF[fac]))
        f[f"{fac.label} Guerrillas Available"] = state.available_guerrillas(fac)
    f["Underground Guerrillas"] = sum(state.on_map(UNDERGROUND_OF[x]) for x in INSURGENTS)
    f["Troops on the map"] = state.on_map(Piece.TROOPS)
    f["Police on the map"] = state.on_map(Piece.POLICE)
    f["Troops Available"] = state.available(Piece.TROOPS)
    f["Police Available"] = state.available(Piece.POLICE)
    res = state.resources[GOVT]
    f["Government Resources (to 30)"] = min(res, 30)
    f["Government Resources beyond 30"] = max(0, res - 30)
    f["FARC Resources"] = state.resources[FARC]
    f["AUC Resources"] = state.resources[AUC]
    f["Cartels Resources"] = state.resources[CARTELS]
    f["Aid"] = state.aid * (0.5 if state.president == SAMPER else 1.0)
    govt_pop, farc_pop, terror, neutral_govt = control_tally(state)
    f["Population under Government Control"] = govt_pop
    f["Population under FARC Control"] = farc_pop
    f["Support levels Civic Action could add under Control"] = neutral_govt
    f["Terror in populated spaces"] = terror
    f["Sabotaged Econ"] = sum(s.econ for s in MAP.locs if state.sabotage[s.id])
    f["Shipments"] = sum(1 for s in state.shipments if s is not None)
    f["Capabilities (unshaded - shaded)"] = sum(1 if side == UNSHADED else -1
                                                for side in state.capabilities.values())
    f["Momentum in effect"] = len(state.momentum)
    f["Government Eligible"] = 1.0 if state.eligible[GOVT] else 0.0
    return {k: float(v) for k, v in f.items()}




@dataclass(frozen=True)
class ValueModel:
    """The fitted numbers: ``value = intercept + sum(coef * (x - mean) / scale)``."""

    names: tuple[str, ...]
    mean: tuple[float, ...]
    scale: tuple[float, ...]
    coef: tuple[float, ...]
    intercept: float

    def predict(self, state: GameState) -> float:
        """The expected final 8.8 solo score of ``state`` (Government's side)."""
        x = features(state)
        total = self.intercept
        for name, mu, sd, w in zip(self.names, self.mean, self.scale, self.coef, strict=True):
            total += w * (x[name] - mu) / sd
        return total

    def to_json(self) -> dict[str, object]:
        return {"names": list(self.names), "mean": list(self.mean),
                "scale": list(self.scale), "coef": list(self.coef),
                "intercept": self.intercept}

    @staticmethod
    def from_json(data: dict[str, Any]) -> ValueModel:
        return ValueModel(tuple(data["names"]), tuple(float(v) for v in data["mean"]),
                          tuple(float(v) for v in data["scale"]),
                          tuple(float(v) for v in data["coef"]),
                          float(data["intercept"]))


@lru_cache(maxsize=4)
def load_model(path: Path = VALUE_FILE) -> ValueModel | None:
    """The shipped model (None when the file is missing: the hand-weighted evaluation
    then stands in)."""
    if not path.exists():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    return ValueModel.from_json(data["model"])
