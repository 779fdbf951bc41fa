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
call sites readable.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from core.cards import CARDS
from core.commands import Context
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

UNSHADED = "unshaded"
SHADED = "shaded"
SIDES = (UNSHADED, SHADED)

# Capability and Momentum cards by number (cards.json marks which is which).
FIRST_DIVISION = 1
OSPINA_MORA = 2
TAPIAS = 3
SEVENTH_SPECIAL_FORCES = 7
HIGH_MOUNTAIN_BATTALIONS = 9
BLACKHAWKS = 10
NDSC = 11
PLAN_COLOMBIA = 12
PLAN_METEORO = 13
MADRID_DONORS = 17
ALFONSO_CANO = 22
MISIL_ANTIAEREO = 27
SENADO_CAMARA = 42
MEXICAN_TRAFFICKERS = 67


EventEffect = Callable[[Any, Context, Chooser], None]
_EVENTS: dict[tuple[int, str], EventEffect] = {}


def event(card: int, side: str) -> Callable[[EventEffect], EventEffect]:
    """Decorator registering the effect of one side of one card."""
    if side not in SIDES:
        raise ValueError(f"side must be one of {SIDES}")

    def register(fn: EventEffect) -> EventEffect:
        if (card, side) in _EVENTS:
            raise ValueError(f"card {card} {side} registered twice")
        _EVENTS[(card, side)] = fn
        return fn

    return register


#: Modules holding the card implementations (imported on first use, see _load_cards).
CARD_MODULES: tuple[str, ...] = (
    "core.events.cards_01_24",
    "core.events.cards_25_48",
    "core.events.cards_49_72",
)
_loaded = False


def _load_cards() -> None:
    global _loaded
    if not _loaded:
        _loaded = True
        for module in CARD_MODULES:
            importlib.import_module(module)


def implemented(card: int, side: str) -> bool:
    _load_cards()
    return (card, side) in _EVENTS


def effect_of(card: int, side: str) -> EventEffect:
    _load_cards()
    return _EVENTS[(card, side)]


def sides_of(card: int) -> list[str]:
    """The sides of ``card`` that have an implementation (single-text cards: unshaded)."""
    _load_cards()
    return [s for s in SIDES if (card, s) in _EVENTS]


def run_event(
    state: Any, ctx: Context, card: int, side: str, choices: tuple = ()
) -> list[tuple[Any, ...]]:
    """Execute one side of ``card`` for ``ctx.faction`` (5.1) and return the recorded
    answers to its choices.

    With ``choices`` the answers come from that script (a replay); otherwise from
    ``ctx.chooser`` (a person, a bot), or the first options if none is given. Executing a
    Capability places its marker on that side (5.3); executing the shaded side of a
    Momentum card puts it in play until the next Reset (5.4).
    """
    inner: Chooser = ScriptedChooser(choices) if choices else (ctx.chooser or FirstChooser())
    chooser = RecordingChooser(inner)
    # 4.5.3: a player owner says where a Shipment goes when its Guerrilla is removed
    with state.shipment_decider(chooser_decider(chooser)):
        effect_of(card, side)(state, ctx, chooser)
    lasting = CARDS[card].lasting
    if lasting == "capability":
        state.capabilities[card] = side
        state.executed_by[card] = int(ctx.faction)
    elif lasting == "momentum" and side == SHADED and card not in state.momentum:
        state.momentum.append(card)
        state.executed_by[card] = int(ctx.faction)
    ctx.notes.setdefault("decision_rolls", []).extend(chooser.decision_rolls)
    return chooser.recorded


__all__ = [
    "Choice",
    "Chooser",
    "FirstChooser",
    "RandomChooser",
    "ScriptedChooser",
    "choose_one",
    "choose_spaces",
    "event",
    "implemented",
    "run_event",
    "sides_of",
]
