"""Event registry (5.0): Event effects keyed by (card number, side).

An Event implementation is a function ``effect(state, ctx, chooser)`` registered with::

    @event(2, "unshaded")
    def ospina_mora_unshaded(state, ctx, chooser): ...

``chooser`` answers the choices the card text leaves open (which spaces, which pieces);
a person, a Non-player (8.4) or a test script stands behind it. The Sequence of Play
offers the Event option only for cards that have an implementation of that side, so a
card without one can never be half-played.

Government Capabilities (5.3) and Insurgent Momentum (5.4) are read by the Operations
through :meth:`core.state.GameState.capability` and
:meth:`core.state.GameState.momentum_in_effect`; the named constants below keep those
call sites readable.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from core.commands import Context

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


class Chooser(Protocol):
    """Answers the open choices of an Event (and the few in-Operation choices)."""

    def choose_spaces(self, state: Any, candidates: list[int], n: int, why: str) -> list[int]: ...

    def choose_option(self, state: Any, options: list[str], why: str) -> str: ...


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


def implemented(card: int, side: str) -> bool:
    return (card, side) in _EVENTS


def effect_of(card: int, side: str) -> EventEffect:
    return _EVENTS[(card, side)]
