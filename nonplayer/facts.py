"""Board facts for one Non-player decision, computed once per board.

A flowchart asks the same questions of the same board many times in one turn: every
selector lists the spaces in play and asks the rules modules whether each can be
selected (``rally_problem``, ``terror_problem``...), every iteration of a bullet asks
again, and each feasibility trial asks again. Within one decision those boards never
change: ``bot.state`` is read-only while planning, and each ``plan.before`` and
``plan.scratch`` is a clone that nothing changes once the simulation that made it is
done (:mod:`nonplayer.plan`). So, inside :func:`scope`, an answer about a board is
remembered and given again, keyed by the board object itself (held, so its identity
cannot be reused) and the question.

Outside a scope nothing is remembered: a caller that changes a board between two
questions (a test, an editor) always gets fresh answers. :func:`nonplayer.turn.decide`
and :func:`nonplayer.interpreter.plan_operation` open the scope; it closes when the
decision is made, before the command is applied.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from core.map import MAP
from core.state import GameState

#: id(board) -> (board, {question: answer}) while a scope is open, else None.
_memo: dict[int, tuple[GameState, dict[Any, Any]]] | None = None


@contextmanager
def scope() -> Iterator[None]:
    """Remember board facts until the outermost scope closes (scopes nest)."""
    global _memo
    outermost = _memo is None
    if outermost:
        _memo = {}
    try:
        yield
    finally:
        if outermost:
            _memo = None


def _facts(state: GameState) -> dict[Any, Any] | None:
    if _memo is None:
        return None
    entry = _memo.get(id(state))
    if entry is None or entry[0] is not state:
        entry = (state, {})
        _memo[id(state)] = entry
    return entry[1]


#: Spaces always in play: every City, Department and LoC (map order).
HOME = tuple(s.id for s in MAP.spaces if not s.is_foreign)


def in_play(state: GameState) -> tuple[int, ...]:
    """The ids of the spaces in play, in map order: the foreign countries only once made
    spaces (1.3.5), as :meth:`GameState.in_play` says."""
    if not state.foreign_in_play:
        return HOME
    return tuple(s.id for s in MAP.spaces if state.in_play(s.id))


def ask(state: GameState, question: Callable[..., Any], *args: Any) -> Any:
    """``question(state, *args)``, e.g. ``ask(state, rally_problem, FARC, space)``: a
    rules-module query about ``state``; remembered inside a :func:`scope`."""
    facts = _facts(state)
    if facts is None:
        return question(state, *args)
    key = (question, args)
    try:
        return facts[key]
    except KeyError:
        answer = facts[key] = question(state, *args)
        return answer


def ok(state: GameState, problem: Callable[..., str | None], *args: Any) -> bool:
    """Whether ``problem(state, *args)`` finds none (a ``*_problem`` query answers None
    when the action is allowed), remembered like :func:`ask`."""
    return ask(state, problem, *args) is None
