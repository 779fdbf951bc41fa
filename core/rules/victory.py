"""Victory (7.0): conditions checked in Propaganda Rounds, margins, ranking and ties.

Victory margins themselves are derived values of the state
(:meth:`core.state.GameState.victory_margins`, 7.3); this module ranks them.
"""

from __future__ import annotations

from core.pieces import AUC, CARTELS, FACTIONS, FARC, GOVT, Faction
from core.state import GameState

#: 7.1: ties go to Non-players, then Cartels, then AUC, then FARC (Government last).
_TIE_ORDER = {CARTELS: 0, AUC: 1, FARC: 2, GOVT: 3}


def meets_condition(state: GameState, faction: Faction) -> bool:
    """The 7.2 condition: margin above 0 (Total Support > 60; Opposition + Bases > 25;
    AUC Bases > FARC Bases; Cartels Bases > 10 and Resources > 40)."""
    return state.victory_margins()[faction] > 0


def winners_at_check(state: GameState) -> list[Faction]:
    """Factions meeting their condition at a Victory Phase (6.1, 7.2)."""
    return [f for f in FACTIONS if meets_condition(state, f)]


def seat_margins(state: GameState) -> dict[Faction, int]:
    """Margins as used for ranking: a player running two Factions uses the lower margin of
    the two for both (1.5.1)."""
    margins = state.victory_margins()
    out = dict(margins)
    for f in FACTIONS:
        seat = state.seats[f]
        if seat is None:
            continue
        mates = [g for g in FACTIONS if state.seats[g] == seat]
        out[f] = min(margins[g] for g in mates)
    return out


def ranking(state: GameState) -> list[Faction]:
    """Factions from 1st to last place by victory margin (7.1, 7.3), ties broken in favour
    of Non-players, then Cartels, then AUC, then FARC."""
    margins = seat_margins(state)

    def key(f: Faction) -> tuple[int, int, int]:
        nonplayer_first = 0 if state.seats[f] is None else 1
        return (-margins[f], nonplayer_first, _TIE_ORDER[f])

    return sorted(Faction, key=key)


def is_solitaire(state: GameState) -> bool:
    """1 player: the Government, against three Non-players (8.0, 8.8)."""
    return state.seats[GOVT] is not None and all(
        state.seats[f] is None for f in FACTIONS if f is not GOVT
    )


def solitaire_throughout(initial: GameState, final: GameState) -> bool:
    """A game that began at ``initial`` and stands at ``final`` was the solitaire game
    of 8.0 all along: the Government the one player, against three Non-players. Only
    then is the 8.8 score and level its result; a game with an Insurgent player (an
    outside agent's seat, say) is not one, even after that seat went to the flowchart."""
    return is_solitaire(initial) and is_solitaire(final)


def check_ends_game(state: GameState) -> list[Faction]:
    """Which Factions' victory ends the game at this Victory Phase (6.1).

    A player running two Factions ends play only if both meet their conditions (1.5.1).
    In a solitaire game the Government never wins at a victory check (8.8): only a
    Non-player's victory ends the game there (a loss for the player, 7.1).
    """
    winners = winners_at_check(state)
    if is_solitaire(state):
        winners = [f for f in winners if f is not GOVT]
    enders = []
    for f in winners:
        seat = state.seats[f]
        if seat is not None:
            mates = [g for g in FACTIONS if state.seats[g] == seat]
            if not all(g in winners for g in mates):
                continue
        enders.append(f)
    return enders


def finish(state: GameState, reason: str, winners: list[Faction] | None = None) -> None:
    """End the game: record the reason, margins and ranking (7.1-7.3).

    ``winners`` are the Factions that passed a victory check (6.1, 7.2), if the game ends
    on one; if any of them is a Non-player, all players lose equally (7.1):
    ``step["players_lose"]``.
    """
    order = ranking(state)
    winners = winners or []
    state.phase = "over"
    state.step = {
        "reason": reason,
        "ranking": [int(f) for f in order],
        "margins": [state.victory_margins()[f] for f in FACTIONS],
        "winners": [int(f) for f in winners],
        "players_lose": any(state.seats[f] is None for f in winners),
    }


#: 8.8 levels of the solitaire player's success: (lowest score, name).
SOLO_LEVELS = ((9, "COIN Triumph"), (4, "COIN Progress"), (1, "Stalemate"))


def solo_score(state: GameState) -> int:
    """8.8: the Government's margin minus the highest Non-player margin."""
    margins = state.victory_margins()
    others = [margins[f] for f in FACTIONS if f is not GOVT and state.seats[f] is None]
    if not others:
        others = [margins[f] for f in FACTIONS if f is not GOVT]
    return margins[GOVT] - max(others)


def solo_level(score: int, insurgent_won: bool = False) -> str:
    """8.8: 0 or less COIN Failure; 1-3 Stalemate; 4-8 COIN Progress; 9+ COIN Triumph.

    ``insurgent_won``: a Non-player passed a victory check and ended the game (6.1, 7.2).
    Every player then loses (7.1), and 8.8 makes keeping the Insurgents from their goals a
    condition of success: COIN Failure whatever the subtraction gives (the Government can
    be ahead on margins when, say, the AUC passes its goal; docs/readings.md#r-solo-level).
    """
    if insurgent_won:
        return "COIN Failure"
    for lowest, name in SOLO_LEVELS:
        if score >= lowest:
            return name
    return "COIN Failure"


def insurgent_won(state: GameState) -> bool:
    """The game ended at a victory check that a Non-player passed (7.1: every player
    loses)."""
    return state.phase == "over" and bool(state.step.get("players_lose"))


def winner(state: GameState) -> Faction | None:
    """Who won a finished game: a Faction that ended it at a victory check (6.1; a
    Non-player before a player, 7.1, then by ranking), else the first of the ranking
    after the final Round (7.3). None while the game goes on."""
    if state.phase != "over":
        return None
    order: list[Faction] = [FACTIONS[f] for f in state.step.get("ranking", [])]
    won: set[Faction] = {FACTIONS[f] for f in state.step.get("winners", [])}
    if state.step.get("players_lose"):
        won = {f for f in won if state.seats[f] is None}
    for f in order:
        if not won or f in won:
            return f
    return None


def solo_result(state: GameState) -> tuple[int, str]:
    """The 8.8 score and level of the solitaire Government (:func:`solo_score`,
    :func:`solo_level`, a Non-player's win at a victory check counted)."""
    score = solo_score(state)
    return score, solo_level(score, insurgent_won(state))


def solo_outcome(initial: GameState, final: GameState) -> tuple[int | None, str | None]:
    """:func:`solo_result` of a game that was the solitaire game all along
    (:func:`solitaire_throughout`), else (None, None): with an Insurgent player the
    margins and the winner compare it (readings.md#r-solo-only-solitaire)."""
    if not solitaire_throughout(initial, final):
        return None, None
    return solo_result(final)
