"""The Textual app of ``andean play``: the solitaire Government on screen.

The main screen fits 80x24: a status line (card, whose turn), the board table (every
space in play with its pieces, Support and Control, laid out for the terminal's width by
:mod:`tui.screens.board_table`; filterable and sortable; Enter opens a space), the tracks panel
(as wide as the board leaves it), the history (the save's command log under card
headings, newest at the bottom; Enter on a turn unfolds its instructions and the reasons
behind it), and the keys in the footer.
The Government's decisions run the same forms as the ``--plain`` mode
(:mod:`tui.forms.decision`): each question shows its options; type a number or a name in the
answer box (or pick from the list), Escape goes back a question. A finished command is
previewed on a copy of the game, and applied only when confirmed.

Keys: a act, h hint, u undo, r rollback (to the start of a card), l the history,
f filter, s sort, w why (last Non-player turn), ctrl+s save, o load, ? help, q quit.
"""

from __future__ import annotations

import contextlib
from typing import Any

from rich.text import Text
from textual import events, on, work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import (
    DataTable,
    Footer,
    Input,
    Static,
    Tree,
)

from core.errors import AndeanError
from core.map import MAP
from tui import describe
from tui.controller import Controller, Preview, TurnReport, solo_result_lines
from tui.forms.base import Cancelled, InputError
from tui.screens import board_table
from tui.screens.dialogs import (
    ConfirmScreen,
    FormScreen,
    LoadScreen,
    RollbackScreen,
    TextScreen,
    YesNoScreen,
)
from tui.session import Session
from tui.turn_log import CardGroup, Turn

HELP_TEXT = """\
Keys
  a        act: the Government's decision (only the options the rules allow)
  h        hint: the search Government's suggestion and its reason
  x        expert hints on/off: add the search's numbers (scores, solver runs) to hints
  u        undo: back to the start of your last decision (again: further back)
  r        rollback: back to the start of a card of the history (asks which; the
           dice return to where they were then)
  l        the history: one heading per card, the turns under it; Enter on a turn
           unfolds it (who acts and why, the dice, the instructions and the reasons),
           Enter on a line of it shows it whole
  f        filter the board (all, city, dept, loc, farc, auc, cartels, govt, a name)
  s        sort the board (map order, Population, Government, FARC, AUC, Cartels)
  Enter    on the board: the space in detail
  w        why: the reasons of the last Non-player turn
  t        the current and next card with their printed texts
  m        map: the board drawn as a map of Colombia (m again: back)
  ctrl+s   save now (the game is also saved after every change)
  o        load a saved game
  ?        this help
  q        quit (the game is saved)

In a form: type a number or a name and press Enter (several: comma-separated),
or pick from the list; Escape goes back a question; the last step shows the result
on the board before it is applied.

The board (wider terminals show more columns and longer forms):
""" + "\n".join("  " + line for line in board_table.LEGEND[1:])

SORTS = ("map", "pop", "govt", "farc", "auc", "cartels")


def _sort_key(state: Any, space: int, how: str) -> Any:
    from core.pieces import Faction

    if how == "pop":
        return -MAP[space].pop
    if how in ("govt", "farc", "auc", "cartels"):
        f = {"govt": Faction.GOVT, "farc": Faction.FARC, "auc": Faction.AUC,
             "cartels": Faction.CARTELS}[how]
        return -state.faction_pieces(space, f)
    return space


class BoardRow(Horizontal):
    """The board and the side panel; a new width lays the board out again."""

    def on_resize(self, event: events.Resize) -> None:
        refresh = getattr(self.app, "refresh_board", None)
        if refresh is not None and self.app.query("#board"):
            refresh()


class PlayApp(App[None]):
    """Solitaire Government against the section-8 Non-players."""

    TITLE = "Andean Abyss"
    CSS = """
    #status { height: 1; background: $boost; padding: 0 1; }
    #main { height: 1fr; }
    #board { width: 1fr; }
    #side { width: 34; padding: 0 1; border-left: solid $primary; overflow: hidden; }
    #log { height: 28%; min-height: 7; border-top: solid $primary; overflow-x: hidden; }
    #log:focus { height: 50%; min-height: 14; }
    #cards { height: 1fr; }
    #filter { height: 3; display: none; }
    #filter.shown { display: block; }
    ModalScreen { align: center middle; }
    #dialog { width: 76; height: 20; border: thick $primary; background: $surface;
              padding: 0 1; }
    #dialog-title { height: 1; }
    #question { height: auto; max-height: 5; }
    #options { height: 1fr; }
    #error { height: 1; color: $error; }
    .keys { height: 1; color: $text-muted; }
    .buttons { height: 3; }
    #text { height: auto; }
    """
    BINDINGS = [
        Binding("a", "act", "Act"),
        Binding("h", "hint", "Hint"),
        Binding("x", "expert", "Expert hints", show=False),
        Binding("u", "undo", "Undo"),
        Binding("r", "rollback", "Rollback", show=False),
        Binding("l", "focus_log", "History", show=False),
        Binding("f", "filter", "Filter"),
        Binding("s", "sort", "Sort"),
        Binding("w", "why", "Why"),
        Binding("t", "cards", "Card texts", show=False),
        Binding("m", "map", "Map", show=False),
        Binding("ctrl+s", "save", "Save"),
        Binding("o", "load", "Load"),
        Binding("question_mark", "help", "Help"),
        Binding("q", "quit", "Quit"),
    ]

    def __init__(self, controller: Controller, *, run_nonplayers: bool = True) -> None:
        super().__init__()
        self.controller = controller
        self.auto_nonplayers = run_nonplayers
        self.board_filter = ""
        self.sort = "map"
        self.over_shown = False
        #: the log entries the history panel shows, in order (to add only what is new)
        self._shown_log: list[dict] = []
        self.expert = False  # hints show the search's numbers too (x toggles)

    # --- layout ------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static("", id="status", markup=False)
        with BoardRow(id="main"):
            yield DataTable(id="board", cursor_type="row", zebra_stripes=True)
            yield Static("", id="side", markup=False)
        yield Input(placeholder="filter: all, city, dept, loc, farc, auc, cartels, govt, "
                    "or a name (Enter)", id="filter", disabled=True)
        log: Tree[tuple[str, int]] = Tree("History", id="log")
        log.show_root = False
        log.guide_depth = 2
        yield log
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one("#board", DataTable)
        if self.auto_nonplayers:
            self.run_nonplayers()
        self.refresh_all()
        table.focus()

    # --- refreshing ------------------------------------------------------------------------
    def refresh_all(self) -> None:
        state = self.controller.state
        turn = describe.whose_turn(state)
        if self.controller.person_to_move():
            turn += "  - press a to act"
        self.query_one("#status", Static).update(turn)
        self.query_one("#side", Static).update("\n".join(self.side_lines()))
        self.refresh_board()
        self.refresh_log()
        if self.controller.is_over() and not self.over_shown:
            self.over_shown = True
            self.push_screen(TextScreen("Game over", solo_result_lines(state)))

    def side_lines(self) -> list[str]:
        state = self.controller.state
        table = self.controller.assist  # the deck is the table's: only what it named
        lines = describe.tracks_lines(state, not (table and self.controller.needs_next_card()),
                                      deck_known=not table)
        lines.append("")
        lines += describe.card_text(state.current_card)
        lines.append("")
        lines += board_table.LEGEND
        return lines

    #: the side panel's width beyond its text (padding and border)
    SIDE_FRAME = 3
    #: the side panel's text width: wanted (longer lines wrap), and at least
    SIDE_WANT = 40
    SIDE_MIN = 26

    def refresh_board(self) -> None:
        """The board table in the layout that fits the terminal's width
        (:mod:`tui.screens.board_table`), the side panel beside it sized to what is left."""
        from tui.prompts import board_match

        state = self.controller.state
        table = self.query_one("#board", DataTable)
        spaces = [s.id for s in state.spaces_in_play()
                  if board_match(state, s.id, self.board_filter or "all")]
        spaces.sort(key=lambda s: (_sort_key(state, s, self.sort), s))
        width = self.query_one("#main", BoardRow).size.width or self.size.width
        content, side = board_table.choose(state, spaces, width,
                                           self.SIDE_WANT + self.SIDE_FRAME,
                                           self.SIDE_MIN + self.SIDE_FRAME)
        self.query_one("#side", Static).styles.width = side
        row = table.cursor_row
        # the columns anew, their widths given: a DataTable column only widens, and
        # measures new rows only once idle (a snapshot could come first)
        table.clear(columns=True)
        for column, width in zip(content.columns, content.widths, strict=True):
            table.add_column(column.label, width=width)
        for s, cells in content.rows:
            table.add_row(*cells, key=str(s))
        if content.rows:
            table.move_cursor(row=min(row, len(content.rows) - 1), animate=False)

    def refresh_log(self) -> None:
        """The history panel shows the game's log (:meth:`Controller.cards`): what is
        new is added under its card, anything else (an undo, a rollback, a load)
        rebuilds it; the cursor goes to the newest turn, scrolled into view."""
        tree: Tree[tuple[str, int]] = self.query_one("#log", Tree)
        groups = self.controller.cards()
        entries = [t.step.logged for g in groups for t in g.turns]
        shown = self._shown_log
        appended = len(entries) >= len(shown) and all(
            a is b for a, b in zip(shown, entries, strict=False))
        if appended and len(entries) == len(shown):
            return
        if not appended:
            tree.clear()
            shown = []
        newest = None
        cards = list(tree.root.children)
        for group in groups:
            fresh = [t for t in group.turns if t.number > len(shown)]
            if not fresh:
                continue
            last = cards[-1] if cards else None
            if last is None or last.data != ("card", group.number):
                last = tree.root.add(Text(group.heading()), data=("card", group.number),
                                     expand=True)
                cards.append(last)
            for turn in fresh:
                newest = self._add_turn(last, turn)
        self._shown_log = entries
        if newest is not None:  # (a node has its line once the tree is laid out)
            self.call_after_refresh(self._to_newest, newest)

    def _to_newest(self, node: Any) -> None:
        tree: Tree[tuple[str, int]] = self.query_one("#log", Tree)
        tree.move_cursor(node, animate=False)
        tree.scroll_to_node(node, animate=False)

    @staticmethod
    def _add_turn(parent: Any, turn: Turn) -> Any:
        """A turn under its card: its heading, unfolding to what ``w`` shows of it (who
        acts and why, the flowchart nodes, the dice, the numbered instructions) and the
        reasons behind them."""
        report = turn.report
        node = parent.add(Text(f"{turn.number}. {report.heading()}"),
                          data=("turn", turn.number), expand=False)
        data = ("line", turn.number)
        for line in report.lines()[1:]:  # TurnReport.lines: the heading, then these
            node.add_leaf(Text(line[2:]), data=data)
        if report.nonplayer or report.reasons:
            node.add_leaf(Text("Why:"), data=data)
            for line in report.why_lines():
                node.add_leaf(Text(f"  {line}"), data=data)
        if not node.children:
            node.add_leaf(Text("(nothing to do on the table)"), data=data)
        return node

    def add_log(self, report: TurnReport | None = None) -> None:
        """A turn was played: the history panel shows it (from the log)."""
        self.refresh_log()

    def run_nonplayers(self) -> None:
        while self.controller.nonplayer_to_move():
            self.controller.nonplayer_turn()
        self.refresh_log()

    # --- actions ------------------------------------------------------------------------
    def action_act(self) -> None:
        if not self.controller.person_to_move():
            self.notify("It is not your decision." if not self.controller.is_over()
                        else "The game is over.")
            return
        try:
            decision = self.controller.decision()
        except (InputError, Cancelled) as err:
            self.notify(str(err), severity="error")
            return
        self.push_screen(FormScreen(self.controller, decision), self._decided)

    def _decided(self, preview: Preview | None) -> None:
        if preview is None:
            return
        self.controller.commit(preview)
        self.refresh_log()
        if self.auto_nonplayers:
            self.run_nonplayers()
        self.refresh_all()

    def action_map(self) -> None:
        """The board as a map of Colombia in text (tui/pictures/textmap.py)."""
        from tui.pictures.textmap import map_screen_class

        self.push_screen(map_screen_class()(self.controller.state))

    def action_undo(self) -> None:
        if self.controller.undo():
            self.over_shown = False
            self.notify("Undone: back to the start of your last decision.")
        else:
            self.notify("Nothing to undo.")
        self.refresh_all()

    def action_focus_log(self) -> None:
        self.query_one("#log", Tree).focus()

    def action_rollback(self) -> None:
        """Back to the start of a card of the history (asked, then confirmed)."""
        groups = self.controller.cards()
        if not groups:
            self.notify("Nothing to roll back: no turn yet.")
            return
        node = self.query_one("#log", Tree).cursor_node
        while node is not None and node.data is not None and node.data[0] != "card":
            node = node.parent
        current = node.data[1] if node is not None and node.data is not None else None

        def picked(number: int | None) -> None:
            if number is not None:
                self.confirm_rollback(groups[number - 1])

        self.push_screen(RollbackScreen(groups, current), picked)

    def confirm_rollback(self, group: CardGroup) -> None:
        commands, yours = self.controller.discarded_by(group)
        lines = [f"The game returns to the start of {group.title}, before anyone acted "
                 "on it; the dice return to where they were then.",
                 f"This discards {commands} command{'s' if commands != 1 else ''} from the "
                 f"history ({yours} of them by a person); it cannot be undone.",
                 *self.rollback_notes()]

        def answered(ok: bool | None) -> None:
            if not ok:
                return
            self.controller.rollback(group)
            self.over_shown = False
            self.notify(f"Rolled back to the start of {group.title}.")
            if self.auto_nonplayers:
                self.run_nonplayers()
            self.refresh_all()

        self.push_screen(YesNoScreen(f"Roll back to the start of {group.title}?", lines),
                         answered)

    def rollback_notes(self) -> list[str]:
        """More to say before a rollback (the assistant: the table too)."""
        return []

    def action_save(self) -> None:
        try:
            self.notify(f"Saved to {self.controller.save()}")
        except (OSError, ValueError) as err:
            self.notify(f"Cannot save: {err}", severity="error")

    def action_load(self) -> None:
        def loaded(path: str | None) -> None:
            if not path:
                return
            try:
                session = Session.load(path)
            except (AndeanError, OSError, ValueError) as err:
                self.notify(f"Cannot load: {err}", severity="error")
                return
            self.controller.session = session
            self.over_shown = False
            if self.auto_nonplayers:
                self.run_nonplayers()
            self.refresh_all()
            self.notify(f"Loaded {path}")

        self.push_screen(LoadScreen(), loaded)

    def cards_known(self) -> bool:
        """Whether the program knows the next card (always, in solo play)."""
        return True

    def action_cards(self) -> None:
        lines = describe.cards_lines(self.controller.state, self.cards_known())
        self.push_screen(TextScreen("Cards", lines))

    def action_help(self) -> None:
        self.push_screen(TextScreen("Help", HELP_TEXT.splitlines()))

    def action_filter(self) -> None:
        box = self.query_one("#filter", Input)
        box.disabled = False
        box.add_class("shown")
        box.value = self.board_filter
        box.focus()

    @on(Input.Submitted, "#filter")
    def _filtered(self, event: Input.Submitted) -> None:
        self.board_filter = event.value.strip()
        event.input.remove_class("shown")
        event.input.disabled = True
        self.query_one("#board", DataTable).focus()
        self.refresh_board()

    def action_sort(self) -> None:
        self.sort = SORTS[(SORTS.index(self.sort) + 1) % len(SORTS)]
        self.notify(f"Board sorted by {self.sort}")
        self.refresh_board()

    def action_why(self) -> None:
        turns = [t.report for t in self.controller.turns() if t.report.nonplayer]
        if not turns:
            self.notify("No Non-player turn yet.")
            return
        self.show_turn(turns[-1])

    def show_turn(self, report: TurnReport) -> None:
        # the heading is the dialog's title: the lines start with who acts and why
        lines = [line[2:] for line in report.lines()[1:]] + ["", "Why:"]
        lines += [f"  {r}" for r in report.why_lines()]
        self.push_screen(TextScreen(report.heading(), lines))

    @on(DataTable.RowSelected, "#board")
    def _space(self, event: DataTable.RowSelected) -> None:
        space = int(str(event.row_key.value))
        self.push_screen(TextScreen(MAP[space].full_name,
                                    describe.space_detail(self.controller.state, space)))

    @on(Tree.NodeExpanded, "#log")
    def _unfolded(self, event: Tree.NodeExpanded) -> None:
        """A turn unfolded: its lines come into view under it."""
        node = event.node
        if node.data is not None and node.data[0] == "turn":
            tree: Tree[tuple[str, int]] = self.query_one("#log", Tree)
            self.call_after_refresh(lambda: tree.scroll_to(y=node.line, animate=False))

    @on(Tree.NodeSelected, "#log")
    def _turn(self, event: Tree.NodeSelected) -> None:
        """Enter on a line of a turn: the whole turn (long lines wrapped)."""
        data = event.node.data
        if data is None or data[0] != "line":
            return  # a card or a turn: Enter folds or unfolds it
        turns = self.controller.turns()
        if 1 <= data[1] <= len(turns):
            self.show_turn(turns[data[1] - 1].report)

    def action_hint(self) -> None:
        if not self.controller.person_to_move():
            self.notify("Hints are for your decisions.")
            return
        self.notify("Thinking (up to 2 seconds)...")
        self._hint()

    @work(thread=True, exclusive=True)
    def _hint(self) -> None:
        try:
            hint = self.controller.hint()
        except ImportError:
            self.call_from_thread(self.notify, "No hint: the search Government is not "
                                  "installed.", severity="warning")
            return
        except Exception as err:  # a failing bot must not stop the game
            self.call_from_thread(self.notify, f"The hint failed: {err}", severity="error")
            return
        self.call_from_thread(self._show_hint, hint)

    def action_expert(self) -> None:
        self.expert = not self.expert
        self.notify("Hints now show the search's numbers (scores, solver runs)."
                    if self.expert else "Hints now show the advice only.")

    def _show_hint(self, hint: Any) -> None:
        lines = hint.lines(self.expert) if hasattr(hint, "lines") \
            else [str(getattr(hint, "explanation", ""))]
        cmd = getattr(hint, "command", None)
        if cmd is None:
            self.push_screen(TextScreen("Hint", lines))
            return
        try:
            preview = self.controller.preview(cmd, chooser=getattr(hint, "chooser", None))
        except AndeanError as err:
            self.push_screen(TextScreen("Hint", [*lines, f"(cannot be applied: {err})"]))
            return
        preview.intro = [*lines, ""]

        def confirmed(ok: bool | None) -> None:
            if ok:
                self._decided(preview)

        self.push_screen(ConfirmScreen(preview), confirmed)

    async def action_quit(self) -> None:
        if self.controller.session.path is not None:
            with contextlib.suppress(OSError):
                self.controller.save()
        self.exit()
