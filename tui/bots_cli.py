"""Subcommands for bot-vs-bot games (issue: Government bots, demo, batch)."""

from __future__ import annotations

from tui.cli_base import Subcommand

SUBCOMMANDS: list[Subcommand] = []
