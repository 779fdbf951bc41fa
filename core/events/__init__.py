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
    "effect_of",
    "event",
    "implemented",
    "run_event",
    "sides_of",
]
