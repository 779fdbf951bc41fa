"""What the three Event modules share: the asking wrappers, the free Context of an Event's
Operations, Ineligibility through the next card, and the piece-kind groups.

The card modules (:mod:`core.events.cards_01_24`, :mod:`core.events.cards_25_48`,
:mod:`core.events.cards_49_72`) import these; this module imports no card module and, of
:mod:`core.rules`, only :func:`core.rules.common.is_nonplayer`, so it adds no import
circle.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from core.commands import Context
from core.events.choice import Choice, Chooser, best_n
from core.pieces import ACTIVE_OF, FACTION_KINDS, INSURGENTS, UNDERGROUND_OF, Faction, Piece
from core.rules.common import is_nonplayer
from core.state import GameState

#: Piece kinds of the three Insurgent Factions (Guerrillas both ways up, and Bases).
INSURGENT_KINDS = tuple(k for f in INSURGENTS for k in FACTION_KINDS[f])


def guerrilla_kinds(factions: Iterable[Faction]) -> list[Piece]:
    """The Guerrilla kinds of ``factions``: each Faction's Underground, then Active."""
    return [k for f in factions for k in (UNDERGROUND_OF[f], ACTIVE_OF[f])]


#: Guerrilla kinds of the three Insurgent Factions.
GUERRILLA_KINDS = tuple(guerrilla_kinds(INSURGENTS))


def ask(
    chooser: Chooser,
    state: GameState,
    kind: str,
    options: Iterable[Any],
    why: str,
    *,
    lo: int = 1,
    hi: int = 1,
    decider: int | None = None,
    repeat: bool = False,
) -> list[Any]:
    """Between ``lo`` and ``hi`` of ``options`` (fewer if fewer exist, unless ``repeat``
    lets a value be chosen more than once); [] if there is none (5.1.3: do what can be
    done). A question with a single forced answer is answered without asking."""
    opts = tuple(options)
    if not opts or hi <= 0:
        return []
    if not repeat:
        hi = min(hi, len(opts))
    lo = min(lo, hi)
    if len(opts) == 1 and lo == hi:
        return [opts[0]] * lo
    who = None if decider is None else int(decider)
    return list(chooser.choose(state, Choice(kind, opts, lo, hi, why, decider=who, repeat=repeat)))


def ask_spaces(
    chooser: Chooser,
    state: GameState,
    candidates: list[int],
    n: int,
    why: str,
    *,
    exact: bool = True,
    decider: int | None = None,
    score: Callable[[int], Any] | None = None,
) -> list[int]:
    """Distinct spaces among ``candidates``: exactly ``min(n, len(candidates))`` when
    ``exact`` (all of them without asking if that is every candidate), else 0 to ``n``.

    With ``score`` (how much of the text a space allows) only the spaces where something
    can be done count, and for exactly ``n`` the best ranked are taken, only the choice
    among those tied at the cut being asked (:func:`core.events.choice.best_n`, 5.1.3)."""
    if score is not None and not exact:
        candidates = [c for c in candidates if score(c)]
    elif score is not None:
        sure, tied = best_n(candidates, n, score)
        return sure + ask_spaces(chooser, state, tied, n - len(sure), why, decider=decider)
    if exact and len(candidates) <= n:
        return list(candidates)
    lo = n if exact else 0
    spaces = ask(chooser, state, "spaces", candidates, why, lo=lo, hi=n, decider=decider)
    return [int(s) for s in spaces]


def free_context(state: GameState, ctx: Context, chooser: Chooser, faction: Faction) -> Context:
    """The Context of a free Operation or Special Activity that ``faction`` executes inside
    the Event run with ``ctx`` (3.1.2, 5.5): the executing Faction keeps its own
    player/Non-player standing, another Faction has the one of its seat (8.1)."""
    nonplayer = ctx.nonplayer if faction is ctx.faction else is_nonplayer(state, faction)
    return Context(
        faction=faction,
        free=True,
        dice=ctx.dice,
        chooser=chooser,
        trace=ctx.trace,
        nonplayer=nonplayer,
    )


def ineligible_through_next_card(state: GameState, ctx: Context, *factions: Faction) -> None:
    """Mark Factions Ineligible now and through the next card (2.3, 2.3.7)."""
    nxt = state.step.setdefault("eligible_next", {})
    for f in factions:
        state.eligible[f] = False
        nxt[int(f)] = False
        ctx.say(f"{f.label} Ineligible through next card")
