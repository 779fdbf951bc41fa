"""Event registry (5.0): Event effects keyed by (card number, side).

An Event implementation is a function ``effect(state, ctx, chooser)`` registered with::

    @event(5, "unshaded")
    def occidental_ecopetrol(state, ctx, chooser): ...

``ctx`` is the :class:`core.commands.Context` of the executing Faction; ``chooser``
answers the choices the card text leaves open (see :mod:`core.events.choice`): a
person, a Non-player (8.4), a random player or a script stands behind it, and every
answer is recorded into the logged command so the game replays exactly.
:func:`run_event` executes a card: the effect, then the lasting marker of Government
Capabilities (5.3) and Insurgent Momentum (5.4). The Sequence of Play offers the Event
option only for cards with an implementation of that side, so a card without one can
never be half-played.

Government Capabilities (5.3) and Insurgent Momentum (5.4) are read by the Operations
through :meth:`core.state.GameState.capability` and
:meth:`core.state.GameState.momentum_in_effect`; the named constants below keep those
call sites readable (they live in :mod:`core.cards`, below the rules modules that read
them).

The modules are layered so that no import goes in a circle: the registry
(:mod:`core.events.registry`: the table, the ``@event`` decorator and the lookups) is at
the bottom; the card modules import it (and the rules modules) to register their
effects; this package, above them, imports every card module, so whoever imports
:mod:`core.events` finds every card implemented.
"""

from __future__ import annotations

import ast
from functools import cache

from core import cards, engine
from core.cards import (
    ALFONSO_CANO,
    BLACKHAWKS,
    FIRST_DIVISION,
    HIGH_MOUNTAIN_BATTALIONS,
    MADRID_DONORS,
    MEXICAN_TRAFFICKERS,
    MISIL_ANTIAEREO,
    NDSC,
    OSPINA_MORA,
    PLAN_COLOMBIA,
    PLAN_METEORO,
    SENADO_CAMARA,
    SEVENTH_SPECIAL_FORCES,
    SHADED,
    SIDES,
    TAPIAS,
    UNSHADED,
)
from core.events import cards_01_24, cards_25_48, cards_49_72
from core.events.choice import (
    Choice,
    Chooser,
    FirstChooser,
    RandomChooser,
    RecordingChooser,
    ScriptedChooser,
    choose_one,
    choose_spaces,
    chooser_decider,
)
from core.events.registry import EventEffect, effect_of, event, implemented, run_event, sides_of

#: The card modules, imported here (above them) for the effects they register in
#: :mod:`core.events.registry` (below them).
CARD_MODULES = (cards_01_24, cards_25_48, cards_49_72)


def effect_doc(card: int, side: str) -> str:
    """The docstring of the effect of ``card``'s ``side`` ("" if none).

    Compiled (core.engine), a decorated function's ``__doc__`` is None, so the card
    modules' docstrings are then read from their ``.py`` files, which every build keeps:
    the Non-players' reading of an Event's text (nonplayer/events.py) is the same
    compiled or plain."""
    doc = effect_of(card, side).__doc__
    if doc is None:
        doc = _source_docs().get((card, side))
    return doc or ""


@cache
def _source_docs() -> dict[tuple[int, str], str]:
    """(card, side) -> docstring of every ``@event(card, SIDE)`` function in the card
    modules' sources."""
    docs: dict[tuple[int, str], str] = {}
    for module in CARD_MODULES:
        tree = ast.parse(engine.source_path(module.__name__).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.FunctionDef):
                continue
            doc = ast.get_docstring(node, clean=False)
            for deco in node.decorator_list:
                if not (
                    isinstance(deco, ast.Call)
                    and isinstance(deco.func, ast.Name)
                    and deco.func.id == "event"
                    and len(deco.args) == 2
                ):
                    continue
                number, side = deco.args
                if isinstance(number, ast.Constant) and isinstance(number.value, int):
                    if isinstance(side, ast.Name):
                        side_value = getattr(cards, side.id)
                    elif isinstance(side, ast.Constant):
                        side_value = side.value
                    else:
                        continue
                    if doc is not None:
                        docs[(number.value, side_value)] = doc
    return docs

__all__ = [
    "ALFONSO_CANO",
    "BLACKHAWKS",
    "CARD_MODULES",
    "FIRST_DIVISION",
    "HIGH_MOUNTAIN_BATTALIONS",
    "MADRID_DONORS",
    "MEXICAN_TRAFFICKERS",
    "MISIL_ANTIAEREO",
    "NDSC",
    "OSPINA_MORA",
    "PLAN_COLOMBIA",
    "PLAN_METEORO",
    "SENADO_CAMARA",
    "SEVENTH_SPECIAL_FORCES",
    "SHADED",
    "SIDES",
    "TAPIAS",
    "UNSHADED",
    "Choice",
    "Chooser",
    "EventEffect",
    "FirstChooser",
    "RandomChooser",
    "RecordingChooser",
    "ScriptedChooser",
    "choose_one",
    "choose_spaces",
    "chooser_decider",
    "effect_doc",
    "effect_of",
    "event",
    "implemented",
    "run_event",
    "sides_of",
]
