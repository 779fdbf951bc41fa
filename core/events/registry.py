"""The Event registry (5.0): Event effects keyed by (card number, side).

The card modules (:mod:`core.events.cards_01_24`, ...) import this module and register
their effects with :func:`event`; :mod:`core.events`, above them, imports them all, so
the lookups here (:func:`implemented`, :func:`effect_of`, :func:`sides_of`,
:func:`run_event`) see every card wherever :mod:`core.events` has been imported.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from core.cards import CARDS, SHADED, SIDES
from core.commands import Context
from core.events.choice import (
    Chooser,
    FirstChooser,
    RecordingChooser,
    ScriptedChooser,
    chooser_decider,
)

EventEffect = Callable[[Any, Context, Chooser], None]
_EVENTS: dict[tuple[int, str], EventEffect] = {}
#: :func:`sides_of` of each card asked, kept until another effect is registered (the
#: Sequence of Play asks it at every decision on an Event card), for the table it was
#: read from (a test may put another table in place)
_SIDES: dict[int, tuple[str, ...]] = {}
_SIDES_FROM: list[object] = [_EVENTS]


def event(card: int, side: str) -> Callable[[EventEffect], EventEffect]:
    """Decorator registering the effect of one side of one card."""
    if side not in SIDES:
        raise ValueError(f"side must be one of {SIDES}")

    def register(fn: EventEffect) -> EventEffect:
        if (card, side) in _EVENTS:
            raise ValueError(f"card {card} {side} registered twice")
        _EVENTS[(card, side)] = fn
        _SIDES.clear()
        return fn

    return register


def implemented(card: int, side: str) -> bool:
    return (card, side) in _EVENTS


def effect_of(card: int, side: str) -> EventEffect:
    return _EVENTS[(card, side)]


def sides_of(card: int) -> list[str]:
    """The sides of ``card`` that have an implementation (single-text cards: unshaded)."""
    if _SIDES_FROM[0] is not _EVENTS:
        _SIDES.clear()
        _SIDES_FROM[0] = _EVENTS
    sides = _SIDES.get(card)
    if sides is None:
        sides = _SIDES[card] = tuple(s for s in SIDES if (card, s) in _EVENTS)
    return list(sides)


def run_event(
    state: Any, ctx: Context, card: int, side: str, choices: tuple[Any, ...] = ()
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
