"""Who decides for each Faction: the one check that a seating can be played (issue 25).

Section 8 gives flowcharts for the three Insurgents only: the Government is run by a
person (1.5, 8.0) or by the program's Government AI named in ``options["government_ai"]``
(issue 26; there is no Government flowchart in our sources). A seating where
nobody decides for the Government would start a game that stops at its first Government
decision, so it is refused where a game is made (:func:`core.setup.new_state`) and where
one is read (:func:`core.game.serialize.game_from_json`), before anything is written.

:func:`seating_problem` is the single place that says so; a new way to run the
Government extends it here.
"""

from __future__ import annotations

from collections.abc import Sequence


def player_count(seats: Sequence[int | None]) -> int:
    """How many people play (1.5): the distinct player numbers of ``seats`` (one person
    may take several Factions; None is a Non-player).

    >>> player_count([1, None, 2, 1])
    2
    """
    return len({s for s in seats if s is not None})


def seating_problem(seats: Sequence[int | None], government_ai: str | None = None) -> str | None:
    """Why a seating cannot be played (one line), or None.

    * Nobody at the table: every Faction a Non-player (a bot-only game is ``andean demo``).
    * A Non-player Government with no Government AI named: it would be asked of the
      section-8 flowcharts, and our sources have no Government flowchart (the printed
      2nd edition's 8.8.1-2 text is in none of them, docs/tui.md); the program's
      Government AI runs it instead (``government_ai``).
    * A Government AI named for a Government a person takes.
    """
    if all(seat is None for seat in seats):
        return ("no person at the table: seat at least one Faction (a game of bots alone "
                "is 'andean demo')")
    govt = seats[0]
    if govt is None and not government_ai:
        return ("the Government is a Non-player but there is no Government flowchart (it is "
                "in none of our sources): seat a person at it, or let the program's AI run "
                "it (--govt heuristic|search of andean new or play)")
    if govt is not None and government_ai:
        return f"a person takes the Government: no Government AI ({government_ai}) runs it"
    return None


def numbering_problem(seats: Sequence[int | None]) -> str | None:
    """Why the player numbers of a seating are not ones :func:`core.setup.make_seats`
    gives (one line), or None: players are numbered 1..N without gaps (1.5), so
    ``[4, None, None, None]`` (a fourth player alone) is no seating."""
    used = sorted({s for s in seats if s is not None})
    if used != list(range(1, len(used) + 1)):
        return f"player numbers must run 1..N without gaps, not {used}"
    return None

