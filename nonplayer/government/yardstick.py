"""The yardstick as the search's objective (issue 40 item 2): the chance that the
Government avoids COIN Failure (8.8), estimated at a rollout's leaf.

The Government's goal in a 1-player game is an 8.8 level above COIN Failure: no
Insurgent passes a victory check (6.1, 7.1) and after the final Propaganda Round the
Government's margin beats the highest Non-player margin (7.3, 8.8). The campaign
search's default leaf scores a position on the one scale of
:func:`nonplayer.government.base.final_score` (points of margin, a lost check about
-1000); this leaf scores it as that chance instead, in points of % (0 to 100):

* a rollout that ends at a victory check an Insurgent wins: **0** (COIN Failure
  whatever the margins, 8.8, docs/readings.md#r-solo-level);
* a finished game (the final Propaganda Round played, 7.3): **100** if its 8.8 level is
  above COIN Failure (Stalemate, COIN Progress, COIN Triumph), else 0;
* otherwise, a position at a **Round's end** (the Support Phase, Redeploy and Reset of a
  Propaganda Round played, the next card out): a model of the chance
  (:class:`YardstickModel`: logistic, or a normal spread around the final 8.8 solo
  score a regression expects, whichever the fit's cross-validation prefers) on
  :func:`features` of the position in the ledger's terms (``benchmarks/ledger.py``):
  the four victory margins (7.3) and the 8.8 subtraction, the Propaganda cards left (2.4.1),
  the Government's Resources, its Bases in Departments, the ready Civic Action room
  (Population x levels where Civic Action is possible now, 6.4.1) and the room in
  Departments it does not control, FARC's Agitation room (6.4.2), Aid (6.2.1, 6.3.1),
  and the cards to the next Propaganda card *as the Government can know it*
  (:func:`expected_cards_to_propaganda`: from the piles' layout of 2.1 and the cards
  seen, never the deck's order).

The rollouts this leaf judges are played to the end of the next Propaganda Round (or the
game's end), with no card cap (:func:`nonplayer.government.campaign.campaign_search`),
so that every leaf that goes on is a Round's end and one model serves.

The model is fitted by ``benchmarks/fit_yardstick.py`` on the search Government's own
games on training seeds (below 100000), every Round's end of each game a row, the game's
outcome (its 8.8 level above COIN Failure or not) the target; the fitted numbers are in
``yardstick.json`` beside this module. It is off by default: ``ANDEAN_SEARCH_LEAF=
yardstick`` (:data:`nonplayer.government.campaign.LEAF_ENV`) turns it on at the leaves
only (the one-card pre-scores and the rollouts' fast policy keep the shared evaluation).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from core.cards import CARDS
from core.map import MAP, Space
from core.pieces import INSURGENTS, Faction
from core.rules.common import agitation_problem, civic_action_problem
from core.rules.propaganda import agitation_max_steps, civic_action_max_steps
from core.rules.victory import insurgent_won, solo_level, solo_score
from core.setup import SEEDED_BOTTOM
from core.state import SAMPER, GameState
from nonplayer.government.value import pile_sizes

GOVT, FARC = Faction.GOVT, Faction.FARC

YARDSTICK_FILE = Path(__file__).with_name("yardstick.json")

#: The chance is given in points of % (a leaf's score): 100 is certain to avoid COIN
#: Failure.
SCALE = 100.0
#: COIN Failure's edge on the 8.8 solo score: 0 or less fails, 1 or more does not.
EDGE = 0.5
#: The feature of the Propaganda cards left to the game's end (2.4.1): the normal link's
#: spread depends on it.
LEFT = "Propaganda cards left"


def expected_cards_to_propaganda(state: GameState) -> float:
    """The cards until the next Propaganda card is revealed, as the Government can know
    it: 1 if the next card (2.3.8) is one; else the expected count with the next pile's
    unseen Propaganda card equally likely in any of its unseen places (2.1; with seeded
    Propaganda among its bottom 5 + 1, seed 003). 0 in a Propaganda Round. Reads the
    cards played and the next card only, never the order of the deck beyond it."""
    if state.phase == "propaganda":
        return 0.0
    deck = state.deck
    if not deck:
        return 0.0
    if CARDS[deck[0]].propaganda:
        return 1.0
    seen = list(state.played) + deck[:1]
    first = len(seen)  # prepared-deck position of deck[1]
    unknown = len(deck) - 1
    piles = pile_sizes(state)
    if sum(n for n, _ in piles) == first + unknown:
        seeded = bool(state.options.get("seeded_propaganda"))
        start = 0
        for n, has in piles:
            end = start + n
            if has and not any(CARDS[c].propaganda for c in seen[start:min(end, first)]):
                lo = max(start, first, end - (SEEDED_BOTTOM + 1) if seeded else start)
                if lo < end:  # deck[i] sits at position first - 1 + i: i + 1 cards
                    return (lo + end - 1) / 2 - first + 2
            start = end
        return float(unknown + 1)  # none left: never, as far as the deck goes
    left = sum(1 for c in deck[1:] if CARDS[c].propaganda)  # an edited deck: its count
    return (unknown + 1) / (left + 1) + 1 if left else float(unknown + 1)


def space_room(state: GameState, space: Space) -> tuple[int, int]:
    """(FARC's Agitation room, the Civic Action room) of a populated ``space``, in
    Population x levels: the levels it could shift (6.4.1, 6.4.2), less its Terror
    markers; no Agitation room where FARC could not Agitate now. The ledger's unit
    (``benchmarks/ledger.py`` counts with it too)."""
    agitation = 0
    if agitation_problem(state, space.id) is None:
        agitation = space.pop * (agitation_max_steps(state, space.id) - state.terror[space.id])
    toward = space.pop * (civic_action_max_steps(state, space.id) - state.terror[space.id])
    return agitation, toward


def room(state: GameState) -> tuple[int, int, int]:
    """(ready Civic Action room, Civic Action room in Departments not under Government
    Control, FARC's Agitation room), in Population x levels (:func:`space_room`)."""
    ready = department = agitation = 0
    for s in state.spaces_in_play():
        if not s.is_populated:
            continue
        farc, toward = space_room(state, s)
        agitation += farc
        if civic_action_problem(state, s.id) is None:
            ready += toward
        elif s.is_department and state.controller(s.id) is not GOVT:
            department += toward
    return ready, department, agitation


def features(state: GameState) -> dict[str, float]:
    """The position at a Round's end as the ledger describes it (Government's side)."""
    m = state.victory_margins()
    lead = max(m[f] for f in INSURGENTS)
    ready, department, agitation = room(state)
    bases = sum(state.bases(s.id, GOVT) for s in MAP.spaces
                if s.is_department and state.in_play(s.id))
    f = {
        "Government margin": m[GOVT],
        "FARC margin": m[FARC],
        "AUC margin": m[Faction.AUC],
        "Cartels margin": m[Faction.CARTELS],
        "8.8 subtraction (Government margin - leading Insurgent's)": m[GOVT] - lead,
        LEFT: state.final_propaganda - state.propaganda_cards,
        "Government Resources": state.resources[GOVT],
        "Government Bases in Departments": bases,
        "ready Civic Action room": ready,
        "Civic Action room in Departments without Government Control": department,
        "FARC Agitation room": agitation,
        "Aid (counted in earnings)": 0 if state.president == SAMPER else state.aid,
        "cards to the next Propaganda card (as the Government can know it)":
            expected_cards_to_propaganda(state),
    }
    return {k: float(v) for k, v in f.items()}


def avoided_failure(state: GameState) -> bool:
    """A finished game: is its 8.8 level above COIN Failure? (A victory check an
    Insurgent won is COIN Failure whatever the margins, 8.8.)"""
    return solo_level(solo_score(state), insurgent_won(state)) != "COIN Failure"


@dataclass(frozen=True)
class YardstickModel:
    """``z = intercept + sum(coef * (x - mean) / scale)``, and the chance from it by the
    ``link``:

    * ``logistic``: ``1 / (1 + exp(-z))``;
    * ``normal``: ``z`` is the final 8.8 solo score expected (a check an Insurgent wins
      counting as 0 at most), with a normal spread ``spread[k]`` when ``k`` Propaganda
      cards are left (the last entry for more): the chance it is 1 or more, COIN
      Failure's edge (8.8), ``Phi((z - 0.5) / spread[k])``. A regression on the score
      uses every game's margin, not only whether it cleared the edge, which counts
      when few games do.
    """

    names: tuple[str, ...]
    mean: tuple[float, ...]
    scale: tuple[float, ...]
    coef: tuple[float, ...]
    intercept: float
    link: str = "logistic"
    spread: tuple[float, ...] = ()

    def logit(self, x: dict[str, float]) -> float:
        total = self.intercept
        for name, mu, sd, w in zip(self.names, self.mean, self.scale, self.coef, strict=True):
            total += w * (x[name] - mu) / sd
        return total

    def chance(self, state: GameState) -> float:
        """The chance, 0 to 1, that the Government avoids COIN Failure from ``state``."""
        return self.chance_of(features(state))

    def chance_of(self, x: dict[str, float]) -> float:
        z = self.logit(x)
        if self.link == "normal":
            left = int(x[LEFT])
            sd = self.spread[max(0, min(left, len(self.spread) - 1))]
            return 0.5 * (1.0 + math.erf((z - EDGE) / (sd * math.sqrt(2.0))))
        return 1.0 / (1.0 + math.exp(-z)) if z > -700 else 0.0

    def to_json(self) -> dict[str, object]:
        return {"names": list(self.names), "mean": list(self.mean),
                "scale": list(self.scale), "coef": list(self.coef),
                "intercept": self.intercept, "link": self.link,
                "spread": list(self.spread)}

    @staticmethod
    def from_json(data: dict[str, Any]) -> YardstickModel:
        return YardstickModel(tuple(data["names"]), tuple(float(v) for v in data["mean"]),
                              tuple(float(v) for v in data["scale"]),
                              tuple(float(v) for v in data["coef"]),
                              float(data["intercept"]), str(data.get("link", "logistic")),
                              tuple(float(v) for v in data.get("spread", ())))


@lru_cache(maxsize=4)
def load_yardstick(path: Path = YARDSTICK_FILE) -> YardstickModel:
    """The shipped model (``yardstick.json``)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as err:
        raise RuntimeError(f"the yardstick leaf needs {path.name} ({err.strerror}); "
                           "benchmarks/fit_yardstick.py --write makes it") from None
    return YardstickModel.from_json(data["model"])


def yardstick_value(state: GameState, model: YardstickModel | None = None) -> float:
    """The leaf: the chance of avoiding COIN Failure from ``state``, in points of %
    (module docstring): 0 for a check an Insurgent won, 0 or 100 for a finished game by
    its 8.8 level, else the model's chance."""
    if state.phase == "over":
        return SCALE if avoided_failure(state) else 0.0
    return SCALE * (model or load_yardstick()).chance(state)
