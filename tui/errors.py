"""The user-error type every interface raises: a command line's refusal, a screen's load.

:class:`CliError` is printed as one line on stderr with exit code 2 by the command line
(:mod:`tui.commands.main`); the screens and the line mode raise it too (a save that cannot
be loaded), so it lives below all three rather than in :mod:`tui.commands`.
"""

from __future__ import annotations


class CliError(Exception):
    """A user error: printed as one line on stderr, exit code 2."""
