"""Subcommands for people at the table or the screen (issue: TUI, assist)."""

from __future__ import annotations

from tui.cli_base import Subcommand

SUBCOMMANDS: list[Subcommand] = []
