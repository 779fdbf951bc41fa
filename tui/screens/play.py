"""The Textual app of ``andean play``: one to four people at any Factions on screen.

The main screen fits 80x24: a status line (card, whose turn), a warning line when the
next card is a Propaganda card (who would win its victory check, :mod:`tui.victory_watch`),
the board table (every space in play with its pieces, Support and Control, laid out for
the terminal's width by :mod:`tui.screens.board_table`; the spaces the Non-players changed
since the person's last decision marked; filterable and sortable; Enter opens a space),
beside it the side panel (the tracks and the Available Forces,
:mod:`tui.screens.side_panel`, then the current card's text), under the board the history
(the save's command log under card headings, each turn in one line
(:mod:`tui.card_summary`), newest at the bottom; Enter on a turn unfolds its
instructions and the reasons behind it), and every key in the footer
(:mod:`tui.screens.keys`).
The decisions of whichever Faction a person holds (hot-seat: the status line names the
person whose decision it is) run the same forms as the ``--plain`` mode and the
assistant (:mod:`decisions.decision`: the Government's, and FARC's, AUC's and Cartels'
Operations, Special Activities, Events and Propaganda decisions): each question shows
its options; type a number or a name in the
answer box (or pick from the list), Escape goes back a question. A finished command is
previewed on a copy of the game, and applied only when confirmed.

Keys: a act, h hint, u undo, r rollback (to the start of a card), l the history,
f filter, s sort, w why (any turn), b the board after a card (read only), t card texts,
m map, p seats (who plays each Faction, changed mid-game), ctrl+s save, o load, ? help,
q quit.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable
from typing import Any

from textual import events, on, work
from textual.app import App, ComposeResult, ScreenStackError
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.widgets import (
    DataTable,
    Input,
    Static,
    Tree,
)

from agents.seat import AgentStopped
from core.errors import AndeanError
from core.map import MAP
from core.pieces import Faction
from decisions.base import Cancelled, InputError
from tui import describe
from tui.card_summary import card_notes, marked_spaces, turn_line
from tui.controller import Controller, Preview, TurnReport, solo_result_lines
from tui.prompts import die_name, discord_question
from tui.screens import board_table, side_panel
from tui.screens.dialogs import (
    ConfirmScreen,
    FormScreen,
    LoadScreen,
    RollbackScreen,
    SeatsScreen,
    TextScreen,
    YesNoScreen,
    open_transfer,
)
from tui.screens.history_views import (
    BoardAtScreen,
    CardPickScreen,
    HistoryTree,
    TurnPickScreen,
    board_after,
    turn_of,
)
from tui.screens.keys import HelpScreen, KeysFooter, key_label, reflowed
from tui.screens.questions import NeedAnswer, QuestionScreen, Replies, die_question
from tui.turn_log import CardGroup, Turn, naming_line
from tui.victory_watch import decision_warning

HELP_TEXT = """\
Keys
  a        act: the decision of the Faction to move (only the options the rules allow)
  h        hint for the seat to move: the Government: the campaign search's choice;
           FARC, AUC, Cartels: what the section-8 flowchart would do (its advice)
  x        expert hints on/off: add the search's numbers (scores, solver runs) to hints
  u        undo: back to the start of your last decision, naming every command
           taken back (again: further back)
  r        rollback: back to the start of a card of the history (asks which: its
           number + Enter, or the arrows; it says what it takes back first)
  l        the history: one heading per card, the turns under it; Enter on a turn
           unfolds it (who acts and why, the dice, the instructions and the reasons),
           Enter on a line of it shows it whole
  f        filter the board (all, city, dept, loc, farc, auc, cartels, govt, a name)
  s        sort the board (map order, Population, Government, FARC, AUC, Cartels)
  Enter    on the board: the space in detail
  w        why: any turn of the history whole (who acted and why, the dice, the
           instructions, the reasons); the one under the history's cursor first, else
           the last Non-player turn
  b        the board as it was after a card of the history (read only: nothing is
           rolled back)
  t        the current and next card with their printed texts
  g        give (transfer) Resources or Shipments to another Faction, a Non-player
           too, during the giver's or the receiver's turn (1.5.2, 8.1.2); no turn taken
  m        map: the board drawn as a map of Colombia (m again: back)
  p        seats: who plays each Faction (you, the section-8 flowchart, the program's
           Government AI, an agent) and a change of it from the next decision on: take
           a seat, hand it to its default player, or give it to an agent (a program
           speaking docs/agents.md's protocol: type its command); logged in the save
  ctrl+s   save now (the game is also saved after every change)
  o        load a saved game
  ?        this help
  q        quit (the game is saved)

In a form: type a number or a name and press Enter (several: comma-separated; a
yes/no question takes y or n alone, as the dialogs do),
or pick from the list; Escape goes back a question; the last step shows the result
on the board before it is applied.

The board (wider terminals show more columns and longer forms):
""" + "\n".join("  " + line for line in board_table.LEGEND[1:]) + """
  > before a name: the Non-players changed the space since your last decision

The side panel: the tracks, then the Available Forces boxes (1.4.1: T Troops,
P Police, g Guerrillas, B Bases; Shipments 4.5.3; Terror and Sabotage markers 3.3.4),
then the current card's text. Above the board, when the next card is a Propaganda card:
who would win its victory check (6.1, 7.2) as the board stands.
The history: each turn in one line; under a card, who did not act on it and why.
"""

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


def keyed_status(turn: str, key: str, width: int) -> str:
    """The status line: whose turn it is, then the key that carries it on ('press a to
    act'); when that is wider than ``width`` (a long card title at 80 columns) the key
    comes first, so what is cut is the title's end, never the key.

    >>> keyed_status("FARC: 1st Eligible on #35 Crop Substitution", "press a to act", 80)
    'FARC: 1st Eligible on #35 Crop Substitution  - press a to act'
    >>> keyed_status("Government: 1st Eligible on #11 National Defense", "press a to act", 40)
    'press a to act | Government: 1st Eligible on #11 National Defense'
    """
    if not key:
        return turn
    line = f"{turn}  - {key}"
    return line if len(line) <= width else f"{key} | {turn}"


#: the notices while a hint is being worked out (:meth:`PlayApp._thought` clears them)
THINKING, ASKING = "Thinking (a few seconds)...", "Asking the flowchart..."


class PlayApp(App[None]):
    """People at any Factions against the section-8 Non-players (and the program's
    Government AI when no person takes the Government)."""

    TITLE = "Andean Abyss"
    CSS = """
    #status { height: auto; background: $boost; padding: 0 1; }
    #warning { height: auto; background: $warning 40%; padding: 0 1; display: none; }
    #warning.shown { display: block; }
    #main { height: 1fr; }
    #left { width: 1fr; }
    #board { height: 1fr; }
    #right { width: 34; border-left: solid $primary; }
    #side { height: auto; padding: 0 1; }
    #card-box { height: 1fr; border-top: solid $primary; }
    #card { padding: 0 1; }
    #log { height: 30%; min-height: 8; border-top: solid $primary; overflow-x: hidden; }
    #log:focus { height: 50%; min-height: 8; }
    #cards { height: 1fr; }
    #dialog.wide { width: 100%; max-width: 140; height: 90%; }
    #dialog.small { height: 11; }
    #filter { height: 3; display: none; }
    #filter.shown { display: block; }
    ModalScreen { align: center middle; }
    #dialog { width: 76; height: 20; border: thick $primary; background: $surface;
              padding: 0 1; }
    #dialog-title { height: auto; }
    #question { height: auto; max-height: 5; }
    #options { height: 1fr; }
    #error { height: 1; color: $error; }
    SeatsScreen #error { height: auto; max-height: 3; }
    .keys { height: auto; color: $text-muted; }
    .buttons { height: 3; }
    #text { height: auto; }
    """
    BINDINGS = [
        Binding("a", "act", "Act"),
        Binding("h", "hint", "Hint"),
        Binding("x", "expert", "Expert hints", show=False),
        Binding("u", "undo", "Undo"),
        Binding("r", "rollback", "Rollback"),
        Binding("l", "focus_log", "History"),
        Binding("f", "filter", "Filter"),
        Binding("s", "sort", "Sort"),
        Binding("w", "why", "Why"),
        Binding("b", "board_at", "Board then"),
        Binding("t", "cards", "Card texts"),
        Binding("g", "transfer", "Give (transfer)", show=False),
        Binding("m", "map", "Map"),
        Binding("p", "seats", "Seats"),
        Binding("ctrl+s", "save", "Save"),
        Binding("o", "load", "Load"),
        Binding("question_mark", "help", "Help"),
        Binding("q", "quit", "Quit"),
        # Textual binds ctrl+c itself (to copy, or to a "press ctrl+q" notice): here it
        # stops the game, saved, like Ctrl-C anywhere else (issue 25 item 3)
        Binding("ctrl+c", "interrupt", "Stop", show=False, priority=True, system=True),
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
        #: spaces the Non-players changed since the person's last decision (marked)
        self.marked: set[int] = set()
        #: the Government player's Insurgent Discord answers (8.1) in a Non-player turn
        self.replies = Replies()
        if controller.discord is None:
            controller.discord = self._discord

    # --- layout ------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static("", id="status", markup=False)
        yield Static("", id="warning", markup=False)
        with BoardRow(id="main"):
            with Vertical(id="left"):
                yield DataTable(id="board", cursor_type="row", zebra_stripes=True)
                yield Input(placeholder="filter: all, city, dept, loc, farc, auc, cartels, "
                            "govt, or a name (Enter)", id="filter", disabled=True)
                log = HistoryTree("History", id="log")
                log.on_width = self.relay_log
                yield log
            with Vertical(id="right"):
                yield Static("", id="side", markup=False)
                with VerticalScroll(id="card-box"):
                    yield Static("", id="card", markup=False)
        yield KeysFooter(self.keys())

    def keys(self) -> list[Binding]:
        """:attr:`BINDINGS`, every one a Binding (none in Textual's tuple shorthand)."""
        return [b for b in self.BINDINGS if isinstance(b, Binding)]

    def on_mount(self) -> None:
        table = self.query_one("#board", DataTable)
        self.resumed_notices()
        if self.auto_nonplayers:
            self.run_nonplayers()
        self.refresh_all()
        table.focus()

    # --- refreshing ------------------------------------------------------------------------
    def refresh_all(self) -> None:
        state = self.controller.state
        turn = self.controller.turn_line()
        key = ""
        if self.controller.person_to_move():
            key = "press a to act"
        elif self.controller.nonplayer_to_move() and not self.controller.is_over():
            key = "press a to run its turn"
        self.query_one("#status", Static).update(
            keyed_status(turn, key, self.size.width - 2))  # (the status's padding)
        self.query_one(KeysFooter).refresh()  # (the keys an app takes may change)
        warning = self.warning_line()
        box = self.query_one("#warning", Static)
        box.update(warning or "")
        box.set_class(bool(warning), "shown")
        self.marked = marked_spaces(self.controller.turns())
        self.query_one("#side", Static).update("\n".join(self.side_lines()))
        self.query_one("#card", Static).update("\n".join(self.card_lines()))
        self.refresh_board()
        self.refresh_log()
        if self.controller.is_over() and not self.over_shown:
            self.over_shown = True
            self.push_screen(TextScreen("Game over", solo_result_lines(state)))

    def warning_line(self) -> str | None:
        """Before the person's decision, when the next card is a Propaganda card: who
        would win its victory check as the board stands (:mod:`tui.victory_watch`)."""
        c = self.controller
        return decision_warning(c.state, c.person_to_move(),
                                not (c.assist and c.needs_next_card()))

    def side_lines(self) -> list[str]:
        """The tracks and the Available Forces (:mod:`tui.screens.side_panel`) in the
        side panel's width."""
        c = self.controller  # the cards as far as the table (or the player) sees them
        return [*self.seat_lines(),
                *side_panel.side_lines(c.state, self.side_width(), c.public_cards())]

    def side_width(self) -> int:
        """The side panel's text width (before the screen is laid out: the width wanted)."""
        try:
            width = self.query_one("#right").size.width
        except (NoMatches, ScreenStackError):
            width = 0
        return max(self.SIDE_MIN, width - self.SIDE_FRAME) if width else self.SIDE_WANT

    def card_lines(self) -> list[str]:
        """Under the side panel: the current card's text, then the board's legend."""
        return [*side_panel.card_lines(self.controller.state.current_card,
                                       self.side_width()), "",
                *board_table.LEGEND,
                "  > before a name: changed by the Non-players since your last decision"]

    def seat_lines(self) -> list[str]:
        """Who holds each Faction, unless it is the solitaire Government's game (the
        assistant shows its own: people and bots)."""
        from core.rules.victory import is_solitaire

        if self.controller.assist or is_solitaire(self.controller.state):
            return []
        from tui.seats import seat_lines

        return [*seat_lines(self.controller.state, agents=self.controller.agent_specs), ""]

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
                                           self.SIDE_MIN + self.SIDE_FRAME,
                                           marked=self.marked)
        right = self.query_one("#right")
        if right.styles.width is None or right.styles.width.value != side:
            right.styles.width = side
            self.call_after_refresh(self._side_again)
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

    def _side_again(self) -> None:
        """The side panel's lines again, in its new width."""
        self.query_one("#side", Static).update("\n".join(self.side_lines()))
        self.query_one("#card", Static).update("\n".join(self.card_lines()))

    def refresh_log(self) -> None:
        """The history panel shows the game's log (:meth:`Controller.cards`): what is
        new is added under its card, anything else (an undo, a rollback, a load)
        rebuilds it; the cursor goes to the newest turn, scrolled into view. Long lines
        wrap to the panel's width (:class:`HistoryTree`)."""
        tree = self.query_one("#log", HistoryTree)
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
        tree.laid_out_for = tree.size.width or None
        newest = None
        cards = list(tree.root.children)
        known = {node.data for node in cards}
        for i, group in enumerate(groups):
            fresh = [t for t in group.turns if t.step.index >= len(shown)]
            if not fresh and ("card", group.number) in known:
                continue
            last = cards[-1] if cards else None
            if last is None or last.data != ("card", group.number):
                if last is not None and i:  # the card before is over: who was not reached
                    self._add_notes(tree, last, card_notes(groups[i - 1], None, True))
                last = tree.add_line(tree.root, group.heading(), ("card", group.number),
                                     folds=True, expand=True)
                cards.append(last)
                self._add_notes(tree, last, card_notes(group, groups[i - 1] if i else None,
                                                       False))
                for line in group.opening:  # a Round's automatic phases (6.1-6.3)
                    newest = tree.add_line(last, line, ("card", group.number))
            for turn in fresh:
                newest = self._add_turn(tree, last, turn)
                for line in group.automatic.get(turn.number, []):  # filed under phase
                    tree.add_line(last, line, ("card", group.number))
        self._shown_log = entries
        if newest is not None:  # (a node has its line once the tree is laid out)
            self.call_after_refresh(self._to_newest, newest)

    def relay_log(self) -> None:
        """The history panel has a new width: its lines wrapped again, the turns and
        cards folded or unfolded as they were."""
        tree = self.query_one("#log", HistoryTree)
        unfolded = {n.data for card in tree.root.children for n in [card, *card.children]
                    if n.data is not None and n.allow_expand and n.is_expanded}
        folded = {card.data for card in tree.root.children if not card.is_expanded}
        tree.clear()
        self._shown_log = []
        self.refresh_log()
        for card in tree.root.children:
            if card.data in folded:
                card.collapse()
            for node in card.children:
                if node.data in unfolded and node.allow_expand:
                    node.expand()

    def _to_newest(self, node: Any) -> None:
        tree = self.query_one("#log", HistoryTree)
        tree.move_cursor(node, animate=False)
        tree.scroll_to_node(tree.last_line_of(node), animate=False)  # its whole line

    @staticmethod
    def _add_notes(tree: HistoryTree, parent: Any, notes: list[str]) -> None:
        """Lines under a card: who did not act on it and why (:func:`card_notes`; with
        no card before, only who was not reached)."""
        have = {tree.whole(n) for n in tree.lines(parent)}
        for note in notes:
            if f"- {note}" not in have and not note.startswith(tuple(
                    h[2:].split(": ")[0] + ": Ineligible" for h in have if h[:2] == "- ")):
                tree.add_line(parent, f"- {note}", ("note", parent.data[1]), style="italic")

    @staticmethod
    def _add_turn(tree: HistoryTree, parent: Any, turn: Turn) -> Any:
        """A turn under its card: its heading, unfolding to what ``w`` shows of it (who
        acts and why, the flowchart nodes, the dice, the numbered instructions) and the
        reasons behind them."""
        report = turn.report
        if turn.naming:  # the table named a card: no turn of anyone, unnumbered
            return tree.add_line(parent, naming_line(turn), ("card", parent.data[1]))
        node = tree.add_line(parent, f"{turn.number}. {turn_line(turn)}",
                             ("turn", turn.number), folds=True)
        data = ("line", turn.number)
        for line in report.lines()[1:]:  # TurnReport.lines: the heading, then these
            tree.add_line(node, line[2:], data)
        if report.nonplayer or report.reasons:
            tree.add_line(node, "Why:", data)
            for line in report.why_lines():
                tree.add_line(node, f"  {line}", data)
        if not tree.lines(node):
            tree.add_line(node, "(nothing to do on the table)", data)
        return node

    def add_log(self, report: TurnReport | None = None) -> None:
        """A turn was played: the history panel shows it (from the log)."""
        self.refresh_log()

    def run_nonplayers(self) -> None:
        """Play the Non-players' turns until a person must decide. A turn that needs the
        Government player's Insurgent Discord choice (8.1, 2-player games) stops to ask it
        in a dialog and is run again from its start with the answer
        (:mod:`tui.screens.questions`); Escape leaves it waiting (``a`` asks again)."""
        c = self.controller
        while c.nonplayer_to_move():
            self.replies.rewind()
            try:
                self.say_failure(c.nonplayer_turn())
            except NeedAnswer as need:
                self.refresh_log()
                self.ask(need, "the Non-player's turn", self._asked, self._left_waiting)
                return
            except AgentStopped as stop:  # --agent-fallback stop: saved, said, ended
                self.exit(return_code=1, message=f"andean: agent failed: {stop}")
                return
            self.replies.clear()
        self.refresh_log()

    def resumed_notices(self) -> None:
        """A seat an agent played when the game was saved is a person's now (agents are
        not restarted from a save): said, with how to change it."""
        for line in self.controller.resumed_agent_seats("p to change"):
            self.notify(line, timeout=30)

    def say_failure(self, report: TurnReport) -> None:
        """An agent failed as ``report``'s turn was asked of it: said at once, in the
        line docs/agents.md promises (the history keeps it under ``w``)."""
        if report.failure:
            self.notify(f"andean: agent failed: {report.failure}", severity="error",
                        timeout=30)

    def _discord(self, state: Any, faction: Faction) -> str:
        return str(self.replies.take("discord", "Insurgent Discord", faction,
                                     state.current_card))

    def _asked(self) -> None:
        self.run_nonplayers()
        self.refresh_all()

    def _left_waiting(self) -> None:
        self.replies.clear()
        self.notify("The Non-player waits for your Insurgent Discord choice: press a to "
                    "choose.")
        self.refresh_all()

    #: what Escape does in the dialog of an engine's question (:meth:`ask`)
    QUESTION_ESCAPE = "later (a asks again)"

    def ask(self, need: NeedAnswer, context: str, then: Callable[[], None],
            abandon: Callable[[], None]) -> None:
        """Ask ``need`` (a die, Insurgent Discord) in a dialog; store the answer and call
        ``then`` (the step is run again), or ``abandon`` on Escape."""
        if need.kind == "die":
            title = f"Roll {die_name(need.text)}"
            question = die_question(need.text, f"For {context}.")
        else:
            title = "2-player game: the Government player's choice"
            question = discord_question(need.faction, need.card)

        def answered(value: Any) -> None:
            if value is None:
                abandon()
                return
            self.replies.give(need.kind, value)
            then()

        self.push_screen(QuestionScreen(title, question, self.QUESTION_ESCAPE), answered)

    # --- actions ------------------------------------------------------------------------
    def action_act(self) -> None:
        if self.controller.nonplayer_to_move() and not self.controller.is_over():
            self.run_nonplayers()  # stopped at a question the person left for later
            self.refresh_all()
            return
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

    def action_transfer(self) -> None:
        """``g``: give Resources or Shipments to another Faction (1.5.2, 8.1.2)."""
        open_transfer(self, self.controller, self._transferred)

    def _transferred(self) -> None:
        self.refresh_log()
        self.refresh_all()

    def action_map(self) -> None:
        """The board as a map of Colombia in text (tui/pictures/textmap.py)."""
        from tui.pictures.textmap import map_screen_class

        c = self.controller
        self.push_screen(map_screen_class()(c.state, c.public_cards()))

    def action_seats(self) -> None:
        """``p``: who plays each seat, changed mid-game (:class:`SeatsScreen`); once it
        closes, the game goes on with the new players (a seat handed to a bot or an
        agent plays at once if it is to move)."""
        self.push_screen(SeatsScreen(self.controller), self._seats_changed)

    def _seats_changed(self, changes: list[TurnReport] | None) -> None:
        if not changes:
            return
        for report in changes:
            self.notify(" ".join(report.account or report.instructions))
        self.refresh_log()
        if self.auto_nonplayers:
            self.run_nonplayers()
        self.refresh_all()

    def action_undo(self) -> None:
        """``u``: back to the start of your last decision, saying every command taken
        back (the one record :meth:`Controller.undo_plan` both says and undoes); asked
        first when the rules take back more with it (a Round's automatic steps)."""
        plan = self.controller.undo_plan()
        said = self.controller.undo_said(plan)
        if plan is None or said is None:
            self.notify("Nothing to undo.")
            return

        def undo(ok: bool | None = True) -> None:
            if not ok:
                return
            if self.controller.undo(plan):
                self.over_shown = False
                self.notify(f"Undone: {said}")
            self.refresh_all()

        if self.controller.rules_taken(plan.point):
            # the rules take it further than the decision: said and asked first
            # (issue 43 item 1: the Round's first phases went unsaid)
            self.push_screen(YesNoScreen("Undo the last decision?", [f"Undo: {said}"]),
                             undo)
            return
        undo()

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

        empty = frozenset(g.number for g in groups if self.controller.takes_back_nothing(g))
        if len(empty) == len(groups):
            self.notify("Nothing to roll back: no turn yet.")
            return

        def picked(number: int | None) -> None:
            if number is not None:
                self.confirm_rollback(groups[number - 1])

        self.push_screen(RollbackScreen(groups, current, empty), picked)

    def confirm_rollback(self, group: CardGroup) -> None:
        lines = [self.controller.rollback_said(group) + " It cannot be undone:",
                 *[f"  {line}" for line in self.controller.rollback_taken(group)],
                 *self.rollback_notes(group)]

        def answered(ok: bool | None) -> None:
            if not ok:
                return
            self.controller.rollback(group)
            self.over_shown = False
            self.notify(f"Rolled back to {group.back_to}.")
            if self.auto_nonplayers:
                self.run_nonplayers()
            self.refresh_all()

        self.push_screen(YesNoScreen(f"Roll back to {group.back_to_short}?", lines),
                         answered)

    def rollback_notes(self, group: CardGroup) -> list[str]:
        """More to say before a rollback to ``group`` (the assistant: the steps that
        take the table back too)."""
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
            try:  # the new file's lock first, then the old one dropped
                session = self.controller.session.load_instead(path)
            except (AndeanError, OSError, ValueError) as err:
                self.notify(f"Cannot load: {err}", severity="error")
                return
            self.controller.resume(session)
            self.resumed_notices()
            self.over_shown = False
            if self.auto_nonplayers:
                self.run_nonplayers()
            self.refresh_all()
            self.notify(f"Loaded {path}")

        self.push_screen(LoadScreen(), loaded)

    def action_cards(self) -> None:
        c = self.controller
        lines = describe.cards_lines(c.state, c.public_cards())
        self.push_screen(TextScreen("Cards", lines))

    def action_help(self) -> None:
        self.show_help(HELP_TEXT)

    def show_help(self, help_text: str) -> None:
        """Every key of the screen with what it does (from ``help_text``'s 'Keys' list),
        wrapped to the terminal's width, then the rest of the help text."""
        lines = help_text.splitlines()
        keys: list[tuple[str, str]] = []
        rest: list[str] = []
        for line in lines[1:]:
            if rest or not line.startswith("  "):
                rest.append(line)
            elif line.startswith("   ") and keys:  # a key's text going on
                keys[-1] = (keys[-1][0], f"{keys[-1][1]} {line.strip()}")
            else:  # the key (it may be 'f, s') and its text, two spaces or more apart
                key, *text = re.split(r"\s{2,}", line.strip(), maxsplit=1)
                keys.append((key, " ".join(text).strip()))
        rest = reflowed(rest)
        listed = {part.strip() for k, _ in keys for part in k.split(",")}
        keys += [(key_label(b), b.description) for b in self.keys()
                 if key_label(b) not in listed and b.key.split(",")[0] not in listed]
        self.push_screen(HelpScreen(keys, rest))

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

    def history_cursor(self) -> tuple[int | None, int | None]:
        """(card number, turn number) under the history's cursor, None where none."""
        node = self.query_one("#log", Tree).cursor_node
        if node is None or node.data is None:
            return None, None
        data = node.data
        if data[0] == "card":
            return data[1], None
        up = node.parent  # a turn's card, a line's turn
        # ("more": the rest of a folded turn's line, beside it: HistoryTree)
        card = up.data[1] if data[0] in ("turn", "more") and up is not None and up.data \
            else None
        if data[0] == "line":
            parent = up.parent if up is not None else None
            card = parent.data[1] if parent is not None and parent.data else None
        return card, data[1] if data[0] in ("turn", "line", "more") else None

    def action_why(self) -> None:
        """Any turn of the history, whole: picked from the list (the one under the
        history's cursor, else the last Non-player turn, highlighted)."""
        turns = self.controller.turns()
        if not turns:
            self.notify("No turn yet.")
            return
        _, current = self.history_cursor()
        if current is None or not self.query_one("#log", Tree).has_focus:
            bots = [t.number for t in turns if t.report.nonplayer]
            numbers = [t.number for t in turns if not t.naming]
            current = bots[-1] if bots else (numbers[-1] if numbers else None)

        def picked(number: int | None) -> None:
            turn = turn_of(turns, number) if number is not None else None
            if turn is not None:
                self.show_turn(turn.report)

        self.push_screen(TurnPickScreen(self.controller.cards(), current), picked)

    def action_board_at(self) -> None:
        """The board as it was after a card of the history (read only)."""
        groups = self.controller.cards()
        if not groups:
            self.notify("No card played yet.")
            return
        card, _ = self.history_cursor()

        def picked(number: int | None) -> None:
            if number is not None and 1 <= number <= len(groups):
                group = groups[number - 1]
                state = board_after(self.controller.game, group)
                self.push_screen(BoardAtScreen(group, state,
                                               self.controller.public_cards(state)))

        self.push_screen(CardPickScreen(groups, card), picked)

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
        if data is not None and data[0] == "more":  # the rest of a folded turn's line
            owner = self.query_one("#log", HistoryTree).owner(event.node)
            if owner is not None:
                owner.toggle()
            return
        if data is None or data[0] != "line":
            return  # a card or a turn: Enter folds or unfolds it
        turns = self.controller.turns()
        if 1 <= data[1] <= len(turns):
            self.show_turn(turns[data[1] - 1].report)

    #: the dialog that shows a hint's result before it is applied
    HINT_CONFIRM: type[ConfirmScreen] = ConfirmScreen

    def action_hint(self) -> None:
        if not self.controller.person_to_move():
            self.notify("Hints are for your decisions.")
            return
        faction = self.controller.to_move()
        self.notify(THINKING if faction is Faction.GOVT else ASKING)
        self._hint()

    def _thought(self) -> None:
        """The hint has answered: its "Thinking..." notice goes at once, not after its
        timeout over what follows (issue 43 trial b finding 8: it stayed on the screen
        behind the game-over dialog of a hint applied)."""
        for notice in [n for n in self._notifications if n.message in (THINKING, ASKING)]:
            self._unnotify(notice)  # (Textual's own dismissal of a notice)

    @work(thread=True, exclusive=True)
    def _hint(self) -> None:
        try:
            hint = self.controller.hint()
        except ImportError:
            self.call_from_thread(self._thought)
            self.call_from_thread(self.notify, "No hint: the search Government is not "
                                  "installed.", severity="warning")
            return
        except Exception as err:  # a failing bot must not stop the game
            self.call_from_thread(self._thought)
            self.call_from_thread(self.notify, f"The hint failed: {err}", severity="error")
            return
        self.call_from_thread(self._show_hint, hint)

    def action_expert(self) -> None:
        self.expert = not self.expert
        self.notify("Hints now show the search's numbers (scores, solver runs)."
                    if self.expert else "Hints now show the advice only.")

    def _show_hint(self, hint: Any) -> None:
        self._thought()
        lines = hint.lines(self.expert) if hasattr(hint, "lines") \
            else [str(getattr(hint, "explanation", ""))]
        warning = self.warning_line()
        if warning:  # the victory check ahead, weighed with the hint
            lines = [warning, "", *lines]
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

        self.push_screen(self.HINT_CONFIRM(preview), confirmed)

    async def action_interrupt(self) -> None:
        """Ctrl-C: save and stop; the command line says where, with exit status 130."""
        if self.controller.session.path is not None:
            with contextlib.suppress(OSError):
                self.controller.save()
        self.exit(return_code=130)

    async def action_quit(self) -> None:
        if self.controller.session.path is not None:
            with contextlib.suppress(OSError):
                self.controller.save()
        self.exit()
