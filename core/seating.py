"""Who decides for each Faction: the one check that a seating can be played (issue 25).

Section 8 gives flowcharts for the three Insurgents only: the Government is always run by
a person (1.5, 8.0), or by a program the engine was told to run for it. A seating where
nobody decides for the Government would start a game that stops at its first Government
decision, so it is refused where a game is made (:func:`core.setup.new_state`) and where
one is read (:func:`core.serialize.game_from_json`), before anything is written.

:func:`seating_problem` is the single place that says so; a new way to run the
Government (a program-run seat) extends it here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


def seating_problem(seats: Sequence[int | None],
                    options: Mapping[str, Any] | None = None) -> str | None:
    """Why ``seats`` (Government, FARC, AUC, Cartels: a player number or None for a
    section-8 Non-player) with the Set Up ``options`` cannot be played, in one line; None
    when it can."""
    if len(seats) == 4 and seats[0] is None:
        return ("nobody decides for the Government: section 8 runs only the Insurgents "
                "(8.0), so give the Government a player, e.g. --seats 1,-,-,-")
    return None
