"""Driving the Textual apps in tests through Textual's Pilot: run an async test without
a pytest plugin, press keys and type answers, each followed by a pause so the app settles;
and a stand-in for the hint search."""

from __future__ import annotations

import asyncio
import functools
from dataclasses import dataclass
from typing import Any


def run_async(fn):  # type: ignore[no-untyped-def]
    """Run an async test with asyncio (no pytest plugin needed)."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):  # type: ignore[no-untyped-def]
        return asyncio.run(fn(*args, **kwargs))

    return wrapper


async def press(pilot: Any, *keys: str) -> None:
    """Press each key in turn, letting the app settle after each."""
    for key in keys:
        await pilot.press(key)
        await pilot.pause()


async def type_in(pilot: Any, selector: str, *texts: str) -> None:
    """Type each text in the screen's box ``selector`` and press Enter."""
    from textual.widgets import Input

    for text in texts:
        pilot.app.screen.query_one(selector, Input).value = text
        await press(pilot, "enter")


async def answer(pilot: Any, *texts: str) -> None:
    """Type each answer in the form's answer box and press Enter."""
    await type_in(pilot, "#answer", *texts)


@dataclass
class FakeHint:
    command: object
    explanation: str
    trace_lines: list[str]


def fake_hint(monkeypatch: Any, command: object, explanation: str, trace: list[str]) -> None:
    """Make the hint key's advice (runners.seat_hint.advise) answer at once with
    ``command``."""
    import runners.seat_hint

    monkeypatch.setattr(runners.seat_hint, "advise",
                        lambda game, *a, **kw: FakeHint(command, explanation, trace))
