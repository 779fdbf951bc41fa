"""Looking back without going back (issue 24 items 2 and 3): ``w`` picks any turn of the
history and shows it whole (who acted and why, the instructions, the reasons), and ``b``
shows the board as it was after any card of the history, read only: nothing is rolled
back, the game goes on from where it is.

The board after a card is the game's log replayed up to the card's last command
(:func:`board_after`), laid out by :mod:`tui.screens.board_table` as the main screen's,
beside the tracks and the Available Forces of that moment.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, OptionList, Static
from textual.widgets.option_list import Option as ListOption

from core.game import Game
from core.state import GameState
from tui.card_summary import turn_line
from tui.screens import board_table, side_panel
from tui.turn_log import CardGroup, Turn


def board_after(game: Game, group: CardGroup) -> GameState:
    """The board right after the last command of ``group``'s card (the log replayed to
    there with its own dice; the game itself is not touched)."""
    end = group.turns[-1].step.index + 1
    return Game.replay(game.initial, game.log[:end]).state


class TurnPickScreen(ModalScreen[int | None]):
    """Pick a turn of the history (its number, or None): every turn in one line
    (:func:`tui.card_summary.turn_line`) under its card's heading."""

    BINDINGS = [Binding("escape", "dismiss_none", "Cancel")]

    def __init__(self, groups: list[CardGroup], current: int | None = None) -> None:
        super().__init__()
        self.groups = groups
        self.current = current

    def compose(self) -> ComposeResult:
        options: list[ListOption | None] = []
        for group in self.groups:
            options.append(ListOption(group.heading(), disabled=True))
            options += [ListOption(f"  {t.number}. {turn_line(t)}", id=str(t.number))
                        for t in group.turns]
        with Vertical(id="dialog", classes="wide"):
            yield Static("[b]Why: which turn?[/b]", id="dialog-title")
            yield OptionList(*[o for o in options if o is not None], id="turns")
            yield Static("Enter: show the turn  Escape: cancel", classes="keys")

    def on_mount(self) -> None:
        turns = self.query_one("#turns", OptionList)
        ids = [o.id for o in turns.options]
        pick = str(self.current) if str(self.current) in ids else \
            next(i for i in reversed(ids) if i is not None)
        turns.highlighted = ids.index(pick)
        turns.focus()

    def action_dismiss_none(self) -> None:
        self.dismiss(None)

    @on(OptionList.OptionSelected, "#turns")
    def _picked(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(int(str(event.option.id)))


class CardPickScreen(ModalScreen[int | None]):
    """Pick a card of the history to see the board after it (its number, or None)."""

    BINDINGS = [Binding("escape", "dismiss_none", "Cancel")]

    def __init__(self, groups: list[CardGroup], current: int | None = None) -> None:
        super().__init__()
        self.groups = groups
        self.current = current

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static("[b]The board after which card? (read only)[/b]",
                         id="dialog-title")
            yield OptionList(*[ListOption(f"{g.number}. {g.heading()}", id=str(g.number))
                               for g in self.groups], id="cards")
            yield Static("Enter: show the board  Escape: cancel", classes="keys")

    def on_mount(self) -> None:
        options = self.query_one("#cards", OptionList)
        numbers = [g.number for g in self.groups]
        pick = self.current if self.current in numbers else numbers[-1]
        options.highlighted = numbers.index(pick)
        options.focus()

    def action_dismiss_none(self) -> None:
        self.dismiss(None)

    @on(OptionList.OptionSelected, "#cards")
    def _picked(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(int(str(event.option.id)))


class BoardAtScreen(ModalScreen[None]):
    """The board as it was after a card of the history, read only: the board table,
    the tracks and the Available Forces of that moment. Escape closes it; the game is
    where it was."""

    BINDINGS = [Binding("escape,q,b", "dismiss", "Close")]
    DEFAULT_CSS = """
    BoardAtScreen { background: $background 60%; }
    BoardAtScreen #then-title { height: 1; background: $warning 30%; padding: 0 1; }
    BoardAtScreen #then-row { height: 1fr; }
    BoardAtScreen #then-board { width: 1fr; }
    BoardAtScreen #then-side { width: 34; padding: 0 1; border-left: solid $primary;
                               overflow-y: auto; }
    BoardAtScreen #then-keys { height: 1; color: $text-muted; padding: 0 1; }
    """

    def __init__(self, group: CardGroup, state: GameState) -> None:
        super().__init__()
        self.group = group
        self.state = state

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
        panel.update("\n".join(side_panel.side_lines(state, side - 3)))
        table.focus()


def turn_of(turns: list[Turn], number: int) -> Turn | None:
    """The turn numbered ``number`` (1-based) of ``turns``, if any."""
    return turns[number - 1] if 1 <= number <= len(turns) else None


__all__ = ["BoardAtScreen", "CardPickScreen", "TurnPickScreen", "board_after", "turn_of"]
