"""The Government players (issue 5, laid out by issue 13): the first edition has no
Government flowchart, so several Government "brains" plug in behind one interface.

The package is layered, each module importing only those below it:

* :mod:`nonplayer.government.base` (bottom): the interface (:class:`GovtDecision`,
  :class:`GovernmentBot`), the look-ahead dice, clones (:func:`simulate`), the shared
  evaluation and the Event chooser by look-ahead;
* :mod:`nonplayer.government.heuristic`: a documented priority policy;
  :mod:`nonplayer.government.random_bot`: random legal commands, the floor;
* :mod:`nonplayer.government.search` (OR-tools): CP-SAT plans scored one card ahead
  (registered as ``lookahead``);
* :mod:`nonplayer.government.campaign`: those plans judged by determinized rollouts to
  the next Propaganda Round against the section-8 Non-players (registered as ``search``);
* this module (top): the registry :data:`GOVERNMENTS` and :func:`make_government`.

The OR-tools bots are imported on demand: OR-tools is an optional dependency, and where
it (or the module) cannot be imported the heuristic plays instead and the bot says so in
:attr:`GovernmentBot.note`, which the command line prints.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from core.dice import DiceSource
from core.game import Game
from core.pieces import Faction
from core.state import GameState
from nonplayer.government.base import (
    EvaluatingChooser,
    GovernmentBot,
    GovtDecision,
    LookaheadDice,
    apply_decision,
    card_label,
    evaluate,
    evaluation_terms,
    event_outcomes,
    legal,
    lookahead_seed,
    simulate,
    threat,
)
from nonplayer.government.heuristic import HeuristicGovernment, discord_choice
from nonplayer.government.random_bot import RandomGovernment

# ======================================================================================
# registry
# ======================================================================================
GovernmentFactory = Callable[..., GovernmentBot]


def _heuristic(seed: int = 0, **options: Any) -> GovernmentBot:
    return HeuristicGovernment(**options)


def _random(seed: int = 0, **options: Any) -> GovernmentBot:
    return RandomGovernment(seed)


def _unavailable(seed: int) -> GovernmentBot | None:
    """The heuristic with a plain note when the OR-tools bots cannot load, else None."""
    problem = search_unavailable()
    if problem is None:
        return None
    bot = _heuristic(seed)
    bot.note = (f"search Government unavailable ({problem}): "
                "the heuristic Government plays instead")
    return bot


def _search(seed: int = 0, **options: Any) -> GovernmentBot:
    """The campaign search bot (:mod:`nonplayer.government.campaign`), or the heuristic
    with a plain note if OR-tools cannot load. ``think`` sets its budget."""
    fallback = _unavailable(seed)
    if fallback is not None:
        return fallback
    module = importlib.import_module("nonplayer.government.campaign")
    bot: GovernmentBot = module.CampaignGovernment(seed=seed, **options)
    return bot


def _lookahead(seed: int = 0, **options: Any) -> GovernmentBot:
    """The one-card-ahead CP-SAT search (the ``search`` bot before issue 13)."""
    fallback = _unavailable(seed)
    if fallback is not None:
        return fallback
    return SearchGovernment(seed=seed, **options)


GOVERNMENTS: dict[str, GovernmentFactory] = {
    "heuristic": _heuristic,
    "random": _random,
    "search": _search,
    "lookahead": _lookahead,
}


def search_unavailable() -> str | None:
    """Why the search Government cannot run here (None if it can)."""
    try:
        importlib.import_module("ortools.sat.python.cp_model")
    except ImportError as err:
        return f"OR-tools cannot be imported: {err}"
    try:
        module = importlib.import_module("nonplayer.government.search")
        importlib.import_module("nonplayer.government.campaign")
    except ImportError as err:
        return f"the search Government cannot be imported: {err}"
    if not hasattr(module, "search_decide"):
        return "nonplayer.government.search has no search_decide"
    return None


class SearchGovernment:
    """Adapter from ``nonplayer.government.search.search_decide`` to :class:`GovernmentBot`.

    Insurgent Discord is answered by the heuristic's rule.
    """

    name = "lookahead"

    def __init__(self, seed: int = 0, time_limit: float | None = None, **options: Any) -> None:
        self.seed = seed
        self.time_limit = time_limit
        self.options = options
        self.note = ""
        self._search = importlib.import_module("nonplayer.government.search").search_decide

    def decide(self, game: Game, dice: DiceSource | None = None) -> GovtDecision:
        kwargs: dict[str, Any] = dict(self.options)
        kwargs["seed"] = self.seed
        if self.time_limit is not None:
            kwargs["time_limit"] = self.time_limit
        decision: GovtDecision = self._search(game, **kwargs)
        return decision

    def discord(self, state: GameState, faction: Faction) -> str:
        return discord_choice(state, faction)[0]


def make_government(name: str, seed: int = 0, **options: Any) -> GovernmentBot:
    """The Government bot registered as ``name`` (see :data:`GOVERNMENTS`), seeded.

    ``bot.note`` is non-empty when something else plays instead (search unavailable).
    """
    try:
        factory = GOVERNMENTS[name]
    except KeyError:
        raise ValueError(
            f"unknown Government bot {name!r}: choose one of {', '.join(GOVERNMENTS)}"
        ) from None
    return factory(seed, **options)


__all__ = [
    "GOVERNMENTS",
    "EvaluatingChooser",
    "GovernmentBot",
    "GovtDecision",
    "HeuristicGovernment",
    "LookaheadDice",
    "RandomGovernment",
    "SearchGovernment",
    "apply_decision",
    "card_label",
    "evaluate",
    "evaluation_terms",
    "event_outcomes",
    "legal",
    "lookahead_seed",
    "make_government",
    "search_unavailable",
    "simulate",
    "threat",
]
