"""Names used by the flowchart files, bound to Python functions.

A flowchart file (``flowcharts/*.toml``) names its decision predicates, space selectors,
actions and command builders as ``"faction.name"`` strings; the faction modules
(:mod:`nonplayer.farc`, :mod:`nonplayer.auc`, :mod:`nonplayer.cartels`) register the
functions with these decorators. This module sits below the faction modules (they
import it to register); :mod:`nonplayer.flowchart`, above them, imports them all, so
every name is registered once any flowchart can be loaded, which checks every name
resolves.

* predicate ``fn(bot) -> Verdict``: the answer to a diamond, with the facts behind it.
* selector ``fn(bot, plan) -> list[list[int]]``: candidate spaces in priority groups
  (first group first; equal priority within a group, chosen at random per 8.2/8.3).
* action ``fn(bot, plan, space) -> str | None``: plan the box's procedure in ``space`` on
  ``plan.scratch``, record the command step, return what was done (None: nothing could
  be done there, the space is not selected).
* builder ``fn(bot, plan) -> Command | None``: the command the finished plan stands for.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Verdict:
    """A decision's answer and the facts it rests on, for the trace."""

    value: bool
    detail: str = ""

    def __bool__(self) -> bool:
        return self.value


PREDICATES: dict[str, Callable[..., Verdict]] = {}
SELECTORS: dict[str, Callable[..., Any]] = {}
ACTIONS: dict[str, Callable[..., str | None]] = {}
BUILDERS: dict[str, Callable[..., Any]] = {}


def _register(table: dict, name: str) -> Callable:
    def wrap(fn: Callable) -> Callable:
        if name in table:
            raise ValueError(f"{name} registered twice")
        table[name] = fn
        return fn

    return wrap


def predicate(name: str) -> Callable:
    return _register(PREDICATES, name)


def selector(name: str) -> Callable:
    return _register(SELECTORS, name)


def action(name: str) -> Callable:
    return _register(ACTIONS, name)


def builder(name: str) -> Callable:
    """Register a builder as ``"faction.Kind"`` (e.g. ``"cartels.Process"``); the
    generic builders of :mod:`nonplayer.plan` serve kinds with no faction builder."""
    return _register(BUILDERS, name)
