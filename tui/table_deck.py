"""The table's deck in tabletop assist: which cards the program may name.

At the table the deck is the table's, not the program's. The program keeps a deck of
its own (the engine needs one to play on), but a card of that deck means nothing to the
people at the table until they turn it and name it: the first card, each card named on
top of the deck (``Set Next Card``) or face up (``Set Current Card``), and a card the
table asked the program to ``draw`` (logged as named). So no card the table did not
name is ever printed, recorded or counted (issue 31 item 4):

* :func:`named`, :func:`next_named`: whether the table named a card, the card on top;
* :func:`is_table_deck`: whether a game's deck is the table's (an assist save);
* :func:`masked`: lines of instructions or changes with an unnamed card face up left
  unnamed ("Reveal the next card: #69 ..." becomes "turn the next card face up and
  name it"), and after a second Propaganda card in a row, the 6.0 exception said.

The one place a second Propaganda card in a row makes the program turn a card of its own
is the end of a Propaganda Round: the named card is set aside without a Round (6.0) and
the engine plays the card under it, which the table has not turned yet.
"""

from __future__ import annotations

from collections.abc import Iterable

from core.cards import CARDS, card_title
from core.game import Game
from core.game.board_editor import SetCurrentCard, SetNextCard
from core.state import GameState

#: ``state.options`` key set on every assist game: its deck is the table's
TABLE_DECK = "table_deck"
NAMING = (SetNextCard.name, SetCurrentCard.name)
#: how an instruction names a card turned face up that the table has not named yet
UNNAMED_CARD = "the card turned face up (not named yet)"


def drawn_line(card: int, which: str) -> str:
    """What the table does after ``draw``: the program picked ``card`` from its own deck,
    so the table finds that card among its cards not yet played and puts it where the
    program's stands (``which``: 'current', face up; 'next', on top of the deck)."""
    title = card_title(card)
    where = "face up" if which == "current" else "on top of the deck"
    return (f"The program draws {title} from its own deck: find {title} among the table's "
            f"cards not yet played and put it {where}.")


def is_table_deck(game: Game) -> bool:
    """The game is played on a table (tabletop assist): the program knows only the
    cards the table named. Saves made before the option existed show it by a card
    named in their log."""
    return bool(game.initial.options.get(TABLE_DECK)) or any(
        e["command"].get("type") in NAMING for e in game.log)


def first_card(game: Game) -> int | None:
    """The card the table turned up first (the game's first card)."""
    initial = game.initial
    if initial.current_card is not None:
        return initial.current_card
    return initial.deck[0] if initial.deck else None


def named(game: Game, card: int | None) -> bool:
    """The table named ``card``: the first card, or a card named since (on top of the
    deck or face up, also by asking the program to draw it)."""
    if card is None:
        return False
    if card == first_card(game):
        return True
    return any(e["command"].get("type") in NAMING and e["command"].get("card") == card
               for e in game.log)


def next_named(game: Game) -> bool:
    """The card on top of the program's deck is the one the table last named on top of
    its own (nobody named it since it last changed: False)."""
    state = game.state
    if not state.deck:
        return False
    for entry in reversed(game.log):
        if entry["command"].get("type") == SetNextCard.name:
            return entry["command"].get("card") == state.deck[0]
    return False


def unnamed_face_up(game: Game, after: GameState) -> int | None:
    """The card ``after`` (the board a command left) shows face up that the table never
    named (the program turned it from its own deck), if any. Nobody acts on such a card
    before the table names it, so only the command that turned it shows it."""
    card = after.current_card
    if card is None or named(game, card):
        return None
    return card


def skipped_propaganda(after: GameState) -> list[int]:
    """The Propaganda card played just before the card face up with no Round of its own:
    a second Propaganda card in a row (6.0 EXCEPTION)."""
    before_it = after.played[-2:-1] if after.played[-1:] == [after.current_card] else []
    return [c for c in before_it if CARDS[c].propaganda and after.phase == "card"]


def masked(lines: Iterable[str], game: Game, after: GameState) -> list[str]:
    """``lines`` (a command's instructions or changes, leaving the board ``after``) with
    the card face up left unnamed when the table never named it, and the table told to
    turn it and name it; a second Propaganda card in a row is said set aside (6.0)."""
    out = list(lines)
    card = unnamed_face_up(game, after)
    if card is None:
        return out
    title = card_title(card)
    skipped = skipped_propaganda(after)
    if skipped:
        first = skipped[0]
        reveal = (f"Reveal the next card: {card_title(first)} comes face up, a "
                  "second Propaganda card in a row: set it aside with no Propaganda Round "
                  "(6.0); turn the card under it face up and name it when asked")
    else:
        reveal = "Reveal the next card: turn the top card face up and name it when asked"
    return [line[:len(line) - len(line.lstrip())] + reveal
            if line.lstrip().startswith("Reveal the next card") and title in line
            else line.replace(title, UNNAMED_CARD)
            for line in out]


__all__ = [
    "TABLE_DECK",
    "UNNAMED_CARD",
    "first_card",
    "is_table_deck",
    "masked",
    "named",
    "next_named",
    "skipped_propaganda",
    "unnamed_face_up",
]
