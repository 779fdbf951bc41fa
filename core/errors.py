"""Errors the engine raises.

Every refusal names the rule that forbids the action, so a person (or a test) can look it
up: ``IllegalAction("3.2.1", "Train may not select a LoC")`` prints as
``not allowed (3.2.1): Train may not select a LoC``. A board-editor command that cannot
be carried out names no rule: ``not possible: there is no card 99 (1-76)``.
"""

from __future__ import annotations


class AndeanError(Exception):
    """Base class of the engine's own errors."""


class IllegalAction(AndeanError):
    """A command breaks a rule. The game state is left exactly as it was."""

    def __init__(self, rule: str, message: str) -> None:
        #: the board editor's refusals (core.game.board_editor.RULE) break no game rule
        super().__init__(f"not possible: {message}" if rule == "editor"
                         else f"not allowed ({rule}): {message}")
        self.rule = rule
        self.message = message


class DiceExhausted(AndeanError):
    """A scripted dice source ran out of rolls."""


class SaveFileError(AndeanError):
    """A save file is missing, damaged, foreign or of an unknown version."""
