"""The victory check ahead (6.1, 7.2): before a person's decision, when the next card
is a Propaganda card, who would win its victory check as the board stands, and by how
much. The screens show it above the board, the hint repeats it, the line mode says it
before the decision."""

from __future__ import annotations

from core.cards import CARDS
from core.pieces import Faction
from core.rules import victory
from core.state import GameState


def next_is_propaganda(state: GameState) -> bool:
    """The card on top of the deck is a Propaganda card (its Round follows this card)."""
    return state.phase == "card" and bool(state.deck) and CARDS[state.deck[0]].propaganda


def victory_warning(state: GameState) -> str | None:
    """One line when the next card is a Propaganda card: who would win its victory check
    (6.1, 7.2) if the board stood as it is now, and the margin ('Warning: #74
    Propaganda! is next: as the board stands FARC would win its victory check (6.1,
    7.2) by +2 and the game would end'); else who is closest. None when the next card
    is not a Propaganda card or its Round has no victory check (Quick-Play's first,
    2.4.2)."""
    if not next_is_propaganda(state):
        return None
    card = state.deck[0]
    title = f"#{card} {CARDS[card].title}"
    round_ = state.propaganda_cards + 1
    if round_ in state.skip_victory_on:
        return (f"{title} is next: its Round has no victory check (Propaganda card "
                f"{round_}).")
    margins = state.victory_margins()
    enders = victory.check_ends_game(state)
    if enders:
        who = " and ".join(f"{f.label} (margin {margins[f]:+d})" for f in enders)
        text = (f"Warning: {title} is next: as the board stands {who} would win its "
                "victory check (6.1, 7.2) and the game would end")
        if any(state.seats[f] is None for f in enders):
            text += "; a Non-player's win: every player loses (7.1)"
        return text + "."
    others = [f for f in Faction if not (victory.is_solitaire(state) and f is Faction.GOVT)]
    closest = max(others, key=lambda f: margins[f])
    text = (f"{title} is next: as the board stands nobody wins its victory check (6.1, "
            f"7.2); closest: {closest.label} at {margins[closest]:+d}")
    if margins[closest] == 0:  # 7.2: a margin above 0 wins
        text += " (one more and it wins)"
    if round_ >= state.final_propaganda:
        leader = victory.ranking(state)[0]
        text += (f"; the final Round: the game ends after it, ranked by margin (7.3), "
                 f"{leader.label} first now")
    return text + "."


def decision_warning(state: GameState, person_to_move: bool, next_named: bool = True
                     ) -> str | None:
    """:func:`victory_warning` where a person is about to decide (``person_to_move``)
    and the next card is known (``next_named`` False: the table has not named the card
    on top of its deck yet, tabletop assist)."""
    if not person_to_move or not next_named:
        return None
    return victory_warning(state)


__all__ = ["decision_warning", "next_is_propaganda", "victory_warning"]
