"""The end of a game for whoever sits at the table (issue 26 item 4): who won, by which
rule, and for a solitaire Government the 8.8 score and level.

* A victory check (6.1, 7.2) ended the game: the Factions that passed it win; if one of
  them is a Non-player (the program's Government AI included), every person loses (7.1).
* The final Propaganda Round ended it (7.3): the highest victory margin wins, ties going
  to Non-players, then Cartels, AUC, FARC (7.1); a person holding two Factions counts
  the lower margin of the two (1.5.1).
* A solitaire Government (the only person, against three Non-player Insurgents) never
  wins at a victory check (8.8) and gets the 8.8 score and level.
"""

from __future__ import annotations

from core.pieces import Faction
from core.rules import victory
from core.state import GameState
from runners.seats import faction_name


def people(state: GameState) -> dict[int, list[Faction]]:
    """The persons at the table: player number -> the Factions they hold."""
    out: dict[int, list[Faction]] = {}
    for f in Faction:
        seat = state.seats[f]
        if seat is not None:
            out.setdefault(seat, []).append(f)
    return out


def person_name(state: GameState, seat: int) -> str:
    """'player 2 (AUC)', or 'you (FARC)' when one person plays."""
    factions = " and ".join(f.label for f in people(state).get(seat, []))
    return f"you ({factions})" if len(people(state)) == 1 else f"player {seat} ({factions})"


def result_lines(state: GameState) -> list[str]:
    """Game over: the reason, the margins, the ranking, who won and the rule that
    decided; in a solitaire game the 8.8 level."""
    step = state.step
    margins = state.victory_margins()
    lines = [f"Game over: {step.get('reason', '')}"]
    lines.append("Victory margins: " + ", ".join(
        f"{faction_name(state, f)} {margins[f]:+d}" for f in Faction))
    ranking = [Faction(f) for f in step.get("ranking", [])]
    if ranking:
        lines.append("Ranking: " + ", ".join(faction_name(state, f) for f in ranking))
    seated = people(state)
    winners = [Faction(f) for f in step.get("winners", [])]
    if winners:
        names = ", ".join(faction_name(state, f) for f in winners)
        lines.append(f"Decided by 7.2: {names} met the victory condition at a victory "
                     "check (6.1)")
        if step.get("players_lose"):
            lines.append("A Non-player won: every person loses (7.1)")
        else:
            for seat in seated:
                won = all(f in winners for f in seated[seat])
                lines.append(f"{_first_up(person_name(state, seat))}: "
                             f"{'wins' if won else 'loses'}")
    elif ranking:
        first = ranking[0]
        lines.append("Decided by 7.3: after the final Propaganda Round the highest victory "
                     "margin wins (ties: Non-players, then Cartels, AUC, FARC, 7.1)")
        if state.seats[first] is None:
            lines.append(f"{faction_name(state, first)}, a Non-player, is first: every "
                         "person loses (7.1)")
        else:
            for seat in seated:
                won = state.seats[first] == seat
                lines.append(f"{_first_up(person_name(state, seat))}: "
                             f"{'wins' if won else 'loses'}")
    if victory.is_solitaire(state):
        score, level = victory.solo_result(state)
        lines.append(f"8.8 score {score:+d}: {level} (the Government's margin minus the "
                     "highest Non-player margin" + ("; a Non-player won at a victory check, "
                     "so COIN Failure" if victory.insurgent_won(state) else "") + ")")
    return lines


def _first_up(text: str) -> str:
    return text[:1].upper() + text[1:]


__all__ = ["people", "person_name", "result_lines"]
