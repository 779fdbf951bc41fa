"""Looking back without going back (issue 24 items 2 and 3): ``w`` picks any turn of the
history and shows it whole (who acted and why, the instructions, the reasons), and ``b``
shows the board as it was after any card of the history, read only: nothing is rolled
back, the game goes on from where it is.

The board after a card is the game's log replayed up to the card's last command
(:func:`board_after`), laid out by :mod:`tui.screens.board_table` as the main screen's,
beside the tracks and the Available Forces of that moment.
"""

from __future__ import annotations

import textwrap
from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import ModalScreen
from textual.widgets import DataTable, Static, Tree
from textual.widgets.tree import TreeNode

from core.game import Game
from core.state import GameState
from tui.card_summary import turn_line
from tui.screens import board_table, side_panel
from tui.screens.dialogs import PickScreen
from tui.table_deck import PublicCards
from tui.turn_log import CardGroup, Turn, naming_line, turn_by_number

#: a history node's data: ("card", card number), ("turn", turn number), ("line", turn
#: number), ("note", card number)
Data = tuple[str, int]
#: the narrowest a history line is wrapped to, however deep it sits
NARROWEST = 20


class HistoryTree(Tree[Data]):
    """The history panel, whose long lines wrap instead of being cut at its edge (issue
    43: at 80x24 the panel is 49 columns and a turn's line ran past it). Textual draws a
    node on one line, so a line wider than the panel is added as its node and
    continuation leaves right under it (indented 2 more): a leaf's beside it; a card's
    or a turn's (which fold) beside it while it is folded and as its first children
    while unfolded, so the whole line is on the screen either way. :meth:`whole` is a
    node's whole line; :meth:`is_continuation` tells a continuation leaf, whose data is
    its line's (beside a folded turn: ("more", turn number)). A new width lays the lines
    out again (:attr:`on_width`)."""

    def __init__(self, label: str, id: str | None = None) -> None:  # noqa: A002
        super().__init__(label, id=id)
        self.show_root = False
        self.guide_depth = 2
        #: node id -> the whole line of a node whose line was wrapped
        self._whole: dict[int, str] = {}
        #: ids of the continuation leaves
        self._continuations: set[int] = set()
        #: a card's or a turn's node id -> the continuation lines of its line, their
        #: data under it, and the leaves showing them now
        self._more: dict[int, tuple[list[Text], Data, list[TreeNode[Data]]]] = {}
        #: the width the lines were laid out for (None: before the first layout)
        self.laid_out_for: int | None = None
        #: called when the panel's width changes (the app lays the history out again)
        self.on_width: Any = None

    def clear(self) -> Any:
        self._whole.clear()
        self._continuations.clear()
        self._more.clear()
        return super().clear()

    def room(self, parent: TreeNode[Data], folds: bool) -> int | None:
        """The columns a line of a new child of ``parent`` has (its guides, the fold
        mark of a node that folds and the vertical scroll bar left out); None before
        the panel has a width."""
        width = self.size.width
        if width <= 0:
            return None
        depth = 0
        node = parent
        while node.parent is not None:
            depth += 1
            node = node.parent
        taken = self.guide_depth * depth + (2 if folds else 0)
        return max(NARROWEST, width - self.styles.scrollbar_size_vertical - taken - 1)

    def add_line(self, parent: TreeNode[Data], text: str, data: Data, style: str = "",
                 folds: bool = False, expand: bool = False) -> TreeNode[Data]:
        """``text`` under ``parent`` as a leaf, or with ``folds`` as a node that folds
        (a card, a turn), wrapped to the panel's width."""
        room = self.room(parent, folds)
        pieces = [text] if room is None or len(text) <= room else textwrap.wrap(
            text, room, subsequent_indent=" " * (len(text) - len(text.lstrip(" ")) + 2),
            break_on_hyphens=False) or [text]
        if folds:
            node = parent.add(Text(pieces[0], style), data=data, expand=expand)
            if len(pieces) > 1:
                under = ("line", data[1]) if data[0] == "turn" else data
                self._more[node.id] = ([Text(p, style) for p in pieces[1:]], under, [])
                self._place_more(node)
        else:
            node = parent.add_leaf(Text(pieces[0], style), data=data)
            for piece in pieces[1:]:
                self._continuations.add(parent.add_leaf(Text(piece, style), data=data).id)
        if len(pieces) > 1:
            self._whole[node.id] = text
        return node

    def _place_more(self, node: TreeNode[Data]) -> None:
        """The continuation lines of a card's or a turn's line right under it: its first
        children while it is unfolded, the leaves after it while it is folded."""
        more = self._more.get(node.id)
        if more is None or node.parent is None:
            return
        labels, under, shown = more
        for leaf in shown:
            self._continuations.discard(leaf.id)
            leaf.remove()
        shown.clear()
        for i, label in enumerate(labels):
            if node.is_expanded:
                leaf = node.add_leaf(label.copy(), data=under, before=i)
            else:
                beside = ("more", node.data[1]) if node.data and node.data[0] == "turn" \
                    else under  # (a card's: the card's own data)
                leaf = node.parent.add_leaf(label.copy(), data=beside,
                                            after=shown[-1] if shown else node)
            shown.append(leaf)
            self._continuations.add(leaf.id)

    def owner(self, node: TreeNode[Data]) -> TreeNode[Data] | None:
        """The card or turn whose line a continuation leaf beside it goes on."""
        for owner_id, (_, _, shown) in self._more.items():
            if node in shown:
                return next((n for n in (node.parent.children if node.parent else [])
                             if n.id == owner_id), None)
        return None

    def last_line_of(self, node: TreeNode[Data]) -> TreeNode[Data]:
        """The leaf showing the end of ``node``'s line (``node`` itself if it fits)."""
        more = self._more.get(node.id)
        return more[2][-1] if more and more[2] else node

    def on_tree_node_expanded(self, event: Tree.NodeExpanded[Data]) -> None:
        self._place_more(event.node)

    def on_tree_node_collapsed(self, event: Tree.NodeCollapsed[Data]) -> None:
        self._place_more(event.node)

    def whole(self, node: TreeNode[Data]) -> str:
        """The whole line of ``node``, wrapped or not."""
        return self._whole.get(node.id, str(node.label))

    def is_continuation(self, node: TreeNode[Data]) -> bool:
        return node.id in self._continuations

    def lines(self, node: TreeNode[Data]) -> list[TreeNode[Data]]:
        """``node``'s children but the continuation leaves: its lines, one node each."""
        return [c for c in node.children if c.id not in self._continuations]

    def on_resize(self, event: events.Resize) -> None:
        if self.laid_out_for != event.size.width and self.on_width is not None:
            self.on_width()


def board_after(game: Game, group: CardGroup) -> GameState:
    """The board right after the last command of ``group``'s card (the log replayed to
    there with its own dice; the game itself is not touched); a card with no turn (one
    set aside, 6.0): the board at its start."""
    end = group.turns[-1].step.index + 1 if group.turns else group.start
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


__all__ = ["BoardAtScreen", "CardPickScreen", "HistoryTree", "TurnPickScreen", "board_after",
           "turn_of"]
