"""The table's deck in tabletop assist: which cards the program may name.

At the table the deck is the table's, not the program's. The program keeps a deck of
its own (the engine needs one to play on), but a card of that deck means nothing to the
people at the table until they turn it and name it: the first card, each card named on
top of the deck (``Set Next Card``) or face up (``Set Current Card``), and a card the
table asked the program to ``draw`` (logged as named). So no card the table did not
name is ever printed, recorded or counted (issue 31 item 4):

* :func:`named`, :func:`next_named`: whether the table named a card, the card on top;
* :func:`is_table_deck`: whether a game's deck is the table's (an assist save);
* :func:`public_cards`: the one answer to "which cards may be shown" (issue 43 item 2):
  the card face up, the card on top of the deck where the rules show it (2.2: face up
  on the deck; at the table, once named), the number of cards in the draw deck (2.2:
  "open to inspection"; at the table the program does not know it and says so), and
  where the next Propaganda card lies only with the open-deck option (:data:`OPEN_DECK`,
  off by default, kept in the save). Every screen (status, tracks, the card panel, the side
  panel, the browser, which is the same app) goes through it;
* :func:`masked`: lines of instructions or changes with an unnamed card face up left
  unnamed ("Make the next card, #69 ..., the card face up" becomes "turn the top card
  face up and name it when asked"), and after a second Propaganda card in a row, the
  6.0 exception said.

The one place a second Propaganda card in a row makes the program turn a card of its own
is the end of a Propaganda Round: the named card is set aside without a Round (6.0) and
the engine plays the card under it, which the table has not turned yet.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from core.cards import CARDS, card_title
from core.game import Game
from core.game.board_editor import SetCurrentCard, SetNextCard
from core.rules import propaganda
from core.state import GameState
from tui.board_changes import CARD_STEPS, NEXT_CARD, SET_ASIDE

#: ``state.options`` key set on every assist game: its deck is the table's
TABLE_DECK = "table_deck"
NAMING = (SetNextCard.name, SetCurrentCard.name)
#: how an instruction names a card turned face up that the table has not named yet
UNNAMED_CARD = "the card turned face up (not named yet)"
#: ``state.options`` key of a solo game played with the deck open (``andean play
#: --open-deck``): the screens count the cards to the next Propaganda card. Off by
#: default: the deck is face down (Deck Preparation shuffles one Propaganda card into
#: each pile) and the section-8 Non-players do not know it either.
OPEN_DECK = "open_deck"


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


def next_named(game: Game, state: GameState | None = None) -> bool:
    """The card on top of the program's deck (of ``state``, a board of ``game``, by
    default its own) is the one the table last named on top of its own (nobody named it
    since it last changed: False)."""
    state = state if state is not None else game.state
    if not state.deck:
        return False
    for entry in reversed(game.log):
        if entry["command"].get("type") == SetNextCard.name:
            return entry["command"].get("card") == state.deck[0]
    return False


@dataclass(frozen=True)
class PublicCards:
    """The cards as the people playing can see them (:func:`public_cards`)."""

    #: the card face up (None: none, or one the table has not named yet)
    current: int | None
    #: the card on top of the deck, face up on it (2.2) (None: none, not named yet, or
    #: the game is over)
    next: int | None
    #: a card is face up that the table has not named (nobody may act on it yet)
    current_unnamed: bool = False
    #: a card is on top of the table's deck that the table has not named
    next_unnamed: bool = False
    #: the deck is the table's (tabletop assist)
    table: bool = False
    #: Event cards before the next Propaganda card: only with the open-deck option
    #: (None: not shown, or no Propaganda card left)
    to_propaganda: int | None = None
    #: the open-deck option is on (to_propaganda None then means none left)
    open_deck: bool = False
    over: bool = False
    #: the number of cards in the draw deck, open to inspection (2.2; docs/readings.md
    #: #r-public-deck-size). None at the table: the deck is the table's and the program
    #: cannot know how many cards it holds (the table never says), so the screens say so
    deck_left: int | None = None


def solo_cards(state: GameState) -> PublicCards:
    """:func:`public_cards` of a game whose deck is the program's (solo play): the card
    face up and the next are on the table (2.2); the rest of the deck is face down."""
    over = state.phase == "over"
    nxt = state.deck[0] if state.deck and not over else None
    open_deck = bool(state.options.get(OPEN_DECK))
    left = next((i for i, c in enumerate(state.deck) if CARDS[c].propaganda), None)
    return PublicCards(state.current_card, nxt, over=over, open_deck=open_deck,
                       to_propaganda=left if open_deck and not over else None,
                       deck_left=len(state.deck))


def public_cards(game: Game, state: GameState | None = None,
                 table: bool = False) -> PublicCards:
    """What may be shown of ``game``'s cards now (or on ``state``, a board of that game):
    in solo play the card face up and the next (:func:`solo_cards`); at the table only
    the cards it named: the card face up once named (the program's own stands in
    unnamed after a second Propaganda card in a row, 6.0), the card on top once named
    since it last changed (none after the final Round's card, 2.4.1); the number of cards
    in the draw deck (2.2) in solo play only. Never where the next Propaganda card lies
    but with the open deck (solo). ``table``: the deck is the table's
    whatever the save says (the assistant's own game)."""
    state = state if state is not None else game.state
    if not (table or is_table_deck(game)):
        return solo_cards(state)
    over = state.phase == "over"
    current = state.current_card
    current_unnamed = (current is not None and state.phase == "card"
                       and not state.step.get("acted") and not state.step.get("passed")
                       and not named(game, current))
    next_unnamed = False
    nxt = state.deck[0] if state.deck and not over else None
    if nxt is not None and not next_named(game, state):
        nxt = None
        final = state.phase == "propaganda" and propaganda.is_final_round(state)
        next_unnamed = state.phase in ("card", "propaganda") and not final
    return PublicCards(None if current_unnamed else current, nxt,
                       current_unnamed=current_unnamed, next_unnamed=next_unnamed,
                       table=True, over=over)


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


def masked(lines: Iterable[str], game: Game, after: GameState,
           back: bool = False) -> list[str]:
    """``lines`` (a command's instructions or changes, leaving the board ``after``) with
    the card face up left unnamed when the table never named it, and the table told to
    turn it and name it; a second Propaganda card in a row is said set aside (6.0).
    ``back``: the lines take the board back (undo, rollback) to ``after``, whose card
    face up the table turned but has not named there: it stays where it is, unnamed."""
    out = list(lines)
    card = unnamed_face_up(game, after)
    if card is None:
        return out
    title = card_title(card)
    skipped = skipped_propaganda(after)
    if back:
        reveal = ("Leave the card face up where it is: it is not named any more (name it "
                  "again when asked)")
    elif skipped:
        first = skipped[0]
        reveal = (f"{SET_ASIDE}, {card_title(first)}, aside without a Propaganda Round "
                  "(6.0: a second Propaganda card in a row); turn the card under it face "
                  "up and name it when asked")
    else:
        reveal = f"{NEXT_CARD} the card face up: turn the top card face up and name it when asked"
    return [line[:len(line) - len(line.lstrip())] + reveal
            if line.lstrip().startswith(CARD_STEPS)
            else line.replace(title, UNNAMED_CARD)
            for line in out]


__all__ = [
    "OPEN_DECK",
    "PublicCards",
    "TABLE_DECK",
    "UNNAMED_CARD",
    "first_card",
    "is_table_deck",
    "masked",
    "named",
    "next_named",
    "public_cards",
    "solo_cards",
    "skipped_propaganda",
    "unnamed_face_up",
]
