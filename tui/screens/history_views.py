"""Looking back without going back (issue 24 items 2 and 3): ``w`` picks any turn of the
history and shows it whole (who acted and why, the instructions, the reasons), and ``b``
shows the board as it was after any card of the history, read only: nothing is rolled
back, the game goes on from where it is.

The board after a card is the game's log replayed up to the card's last command
(:func:`board_after`), laid out by :mod:`tui.screens.board_table` as the main screen's,
beside the tracks and the Available Forces of that moment.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import ModalScreen
from textual.widgets import DataTable, Static

from core.game import Game
from core.state import GameState
from tui.card_summary import turn_line
from tui.screens import board_table, side_panel
from tui.screens.dialogs import PickScreen
from tui.table_deck import PublicCards
from tui.turn_log import CardGroup, Turn, naming_line, turn_by_number


def board_after(game: Game, group: CardGroup) -> GameState:
    """The board right after the last command of ``group``'s card (the log replayed to
    there with its own dice; the game itself is not touched)."""
    end = group.turns[-1].step.index + 1
    return Game.replay(game.initial, game.log[:end]).state


class TurnPickScreen(PickScreen):
    """Pick a turn of the history (its number, or None): every turn in one line
    (:func:`tui.card_summary.turn_line`) under its card's heading."""

    TITLE_TEXT = "Why: which turn?"
    KEYS_TEXT = "Enter: show the turn  Escape: cancel"
    WIDE = True
    LIST_ID = "turns"

    def entries(self) -> list[tuple[str, int | None]]:
        out: list[tuple[str, int | None]] = []
        for group in self.groups:
            out.append((group.heading(), None))
            out += [(f"  {naming_line(t)}", None) if t.naming else
                    (f"  {t.number}. {turn_line(t)}", t.number) for t in group.turns]
        return out


class CardPickScreen(PickScreen):
    """Pick a card of the history to see the board after it (its number, or None)."""

    TITLE_TEXT = "The board after which card? (read only)"
    KEYS_TEXT = "Enter: show the board  Escape: cancel"


class BoardAtScreen(ModalScreen[None]):
    """The board as it was after a card of the history, read only: the board table,
    the tracks and the Available Forces of that moment. Escape closes it; the game is
    where it was."""

    BINDINGS = [Binding("escape,q,b", "dismiss", "Close")]
    DEFAULT_CSS = """
    BoardAtScreen { background: $background 60%; }
    BoardAtScreen #then-title { height: auto; background: $warning 30%; padding: 0 1; }
    BoardAtScreen #then-row { height: 1fr; }
    BoardAtScreen #then-board { width: 1fr; }
    BoardAtScreen #then-side { width: 34; padding: 0 1; border-left: solid $primary;
                               overflow-y: auto; }
    BoardAtScreen #then-keys { height: auto; color: $text-muted; padding: 0 1; }
    """

    def __init__(self, group: CardGroup, state: GameState,
                 cards: PublicCards | None = None) -> None:
        super().__init__()
        self.group = group
        self.state = state
        #: the cards of that moment as far as they were seen (tui.table_deck)
        self.cards = cards

    def compose(self) -> ComposeResult:
        yield Static(f"The board after {self.group.title} (read only; the game goes on "
                     "from where it is)", id="then-title", markup=False)
        with Horizontal(id="then-row"):
            yield DataTable(id="then-board", cursor_type="row", zebra_stripes=True)
            yield Static("", id="then-side", markup=False)
        yield Static("Escape: back to the game", id="then-keys")

    def on_mount(self) -> None:
        state = self.state
        width = self.size.width or self.app.size.width
        spaces = [s.id for s in state.spaces_in_play()]
        content, side = board_table.choose(state, spaces, width, 43, 29)
        table = self.query_one("#then-board", DataTable)
        for column, w in zip(content.columns, content.widths, strict=True):
            table.add_column(column.label, width=w)
        for s, cells in content.rows:
            table.add_row(*cells, key=str(s))
        panel = self.query_one("#then-side", Static)
        panel.styles.width = side
        panel.update("\n".join(side_panel.side_lines(state, side - 3, self.cards)))
        table.focus()


def turn_of(turns: list[Turn], number: int) -> Turn | None:
    """The turn numbered ``number`` (1-based) of ``turns``, if any."""
    return turn_by_number(turns, number)


__all__ = ["BoardAtScreen", "CardPickScreen", "TurnPickScreen", "board_after", "turn_of"]
