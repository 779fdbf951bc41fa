"""Errors the engine raises.

Every refusal names the rule that forbids the action, so a person (or a test) can look it
up: ``IllegalAction("3.2.1", "Train may not select a LoC")`` prints as
``illegal (3.2.1): Train may not select a LoC``.
"""

from __future__ import annotations


class AndeanError(Exception):
    """Base class of the engine's own errors."""


class IllegalAction(AndeanError):
    """A command breaks a rule. The game state is left exactly as it was."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"illegal ({rule}): {message}")
        self.rule = rule
        self.message = message


class DiceExhausted(AndeanError):
    """A scripted dice source ran out of rolls."""


class SaveFileError(AndeanError):
    """A save file is missing, damaged, foreign or of an unknown version."""
