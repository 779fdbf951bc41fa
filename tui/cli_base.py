"""Shared pieces of the command line: the Subcommand record and the user-error type.

Subcommand modules (``tui/cli.py``, ``tui/bots_cli.py``, ``tui/play_cli.py``) each keep
a ``SUBCOMMANDS`` list; ``tui/cli.py`` builds the parser from all of them.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from typing import TextIO


class CliError(Exception):
    """A user error: printed as one line on stderr, exit code 2."""


@dataclass(frozen=True)
class Subcommand:
    """A subcommand: its name, one-line help, argument declarations and handler."""

    name: str
    help: str
    configure: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace, TextIO], int]
