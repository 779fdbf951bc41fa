"""The Textual app of ``andean play``: the solitaire Government on screen.

The main screen fits 80x24: a status line (card, whose turn), the board table (every
space in play, filterable and sortable; Enter opens a space), the tracks panel, the log
of turns (Enter shows a turn's instructions and the reasons behind it), and the keys in
the footer. The Government's decisions run the same forms as the ``--plain`` mode
(:mod:`tui.decision`): each question shows its options; type a number or a name in the
answer box (or pick from the list), Escape goes back a question. A finished command is
previewed on a copy of the game, and applied only when confirmed.

Keys: a act, h hint, u undo, f filter, s sort, w why (last Non-player turn), ctrl+s save,
o load, ? help, q quit.
"""

from __future__ import annotations

import contextlib
from typing import Any

from textual import on, work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import (
    Button,
    DataTable,
    Footer,
    Input,
    ListItem,
    ListView,
    OptionList,
    Static,
)
from textual.widgets.option_list import Option as ListOption

from core.errors import AndeanError
from core.map import MAP
from tui import describe
from tui.controller import Controller, Decision, Preview, TurnReport, solo_result_lines
from tui.forms import Cancelled, InputError
from tui.session import Session

HELP_TEXT = """\
Keys
  a        act: the Government's decision (only the options the rules allow)
  h        hint: the search Government's suggestion and its reason
  x        expert hints on/off: add the search's numbers (scores, solver runs) to hints
  u        undo: back to the start of your last decision
  f        filter the board (all, city, dept, loc, farc, auc, cartels, govt, a name)
  s        sort the board (map order, Population, Government, FARC, AUC, Cartels)
  Enter    on the board: the space in detail; on the log: the turn with its reasons
  w        why: the reasons of the last Non-player turn
  t        the current and next card with their printed texts
  m        map: the board drawn as a map of Colombia (m again: back)
  ctrl+s   save now (the game is also saved after every change)
  o        load a saved game
  ?        this help
  q        quit (the game is saved)

In a form: type a number or a name and press Enter (several: comma-separated),
or pick from the list; Escape goes back a question; the last step shows the result
on the board before it is applied."""

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


class TextScreen(ModalScreen[None]):
    """A page of text (help, a space, a turn, the game's end); Escape closes it."""

    BINDINGS = [Binding("escape,q,enter", "dismiss", "Close")]

    def __init__(self, title: str, lines: list[str]) -> None:
        super().__init__()
        self.title_text = title
        self.lines = lines

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(f"[b]{self.title_text}[/b]", id="dialog-title")
            with VerticalScroll():
                yield Static("\n".join(self.lines), markup=False, id="text")
            yield Static("Escape: close", classes="keys")


class ConfirmScreen(ModalScreen[bool]):
    """The result of a command before it is applied: Apply (y) or Back (n, Escape)."""

    BINDINGS = [Binding("y", "apply", "Apply"), Binding("n,escape", "back", "Back")]

    def __init__(self, preview: Preview) -> None:
        super().__init__()
        self.preview = preview

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(f"[b]Confirm: {self.preview.title}[/b]", id="dialog-title")
            with VerticalScroll():
                yield Static("\n".join(self.preview.lines()), markup=False, id="text")
            with Horizontal(classes="buttons"):
                yield Button("Apply (y)", id="apply", variant="primary")
                yield Button("Back (n)", id="back")

    def action_apply(self) -> None:
        self.dismiss(True)

    def action_back(self) -> None:
        self.dismiss(False)

    @on(Button.Pressed, "#apply")
    def _apply(self) -> None:
        self.dismiss(True)

    @on(Button.Pressed, "#back")
    def _back(self) -> None:
        self.dismiss(False)


class FormScreen(ModalScreen[Preview | None]):
    """A decision, question by question; returns the confirmed preview (or None)."""

    BINDINGS = [Binding("escape", "back", "Back"), Binding("ctrl+x", "cancel", "Cancel")]

    def __init__(self, controller: Controller, decision: Decision) -> None:
        super().__init__()
        self.controller = controller
        self.decision = decision

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static("", id="question", markup=False)
            yield OptionList(id="options")
            yield Input(placeholder="number or name, Enter to answer", id="answer")
            yield Static("", id="error", markup=False)
            yield Static("Enter: answer  Escape: back  ctrl+x: cancel", classes="keys")

    def on_mount(self) -> None:
        self.show()

    def show(self, error: str = "") -> None:
        form = self.decision.form
        q = form.question
        if q is None:
            return
        text = "\n".join([*q.info, f"{q.prompt} {q.hint()}"])
        self.query_one("#question", Static).update(text)
        options = self.query_one("#options", OptionList)
        options.clear_options()
        for i, opt in enumerate(q.options, 1):
            detail = f"  - {opt.detail}" if opt.detail else ""
            options.add_option(ListOption(f"{i}. {opt.label}{detail}", id=str(i)))
        options.display = bool(q.options)
        self.query_one("#error", Static).update(f"! {error}" if error else "")
        answer = self.query_one("#answer", Input)
        answer.value = ""
        answer.focus()

    def submit(self, text: str) -> None:
        """Answer the current question with ``text`` (as typed)."""
        form = self.decision.form
        try:
            form.answer_text(text)
        except InputError as err:
            self.show(str(err))
            return
        self.advance()

    def advance(self) -> None:
        form = self.decision.form
        if not form.done:
            self.show()
            return
        try:
            preview = self.controller.preview(form.result, self.decision.memo)
        except AndeanError as err:
            form.back()
            self.show(str(err))
            return

        def confirmed(ok: bool | None) -> None:
            if ok:
                self.dismiss(preview)
            else:
                form.back()
                self.show()

        self.app.push_screen(ConfirmScreen(preview), confirmed)

    @on(Input.Submitted, "#answer")
    def _submitted(self, event: Input.Submitted) -> None:
        self.submit(event.value)

    @on(OptionList.OptionSelected, "#options")
    def _picked(self, event: OptionList.OptionSelected) -> None:
        q = self.decision.form.question
        if q is None:
            return
        number = str(event.option.id)
        if q.kind == "one":
            self.submit(number)
        else:  # several: collect the picks in the answer box
            answer = self.query_one("#answer", Input)
            answer.value = ", ".join([p for p in answer.value.split(",") if p.strip()]
                                     + [number]).strip(", ")
            answer.focus()

    def action_back(self) -> None:
        if not self.decision.form.back():
            self.dismiss(None)
            return
        self.show()

    def action_cancel(self) -> None:
        self.dismiss(None)


class LoadScreen(ModalScreen[str | None]):
    BINDINGS = [Binding("escape", "dismiss_none", "Cancel")]

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static("[b]Load a saved game[/b]", id="dialog-title")
            yield Input(placeholder="path of the save file", id="path")
            yield Static("Enter: load  Escape: cancel", classes="keys")

    def action_dismiss_none(self) -> None:
        self.dismiss(None)

    @on(Input.Submitted, "#path")
    def _submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)


class PlayApp(App[None]):
    """Solitaire Government against the section-8 Non-players."""

    TITLE = "Andean Abyss"
    CSS = """
    #status { height: 1; background: $boost; padding: 0 1; }
    #main { height: 1fr; }
    #board { width: 1fr; }
    #side { width: 34; padding: 0 1; border-left: solid $primary; }
    #log { height: 7; border-top: solid $primary; }
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
        self.expert = False  # hints show the search's numbers too (x toggles)

    # --- layout ------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static("", id="status", markup=False)
        with Horizontal(id="main"):
            yield DataTable(id="board", cursor_type="row", zebra_stripes=True)
            yield Static("", id="side", markup=False)
        yield Input(placeholder="filter: all, city, dept, loc, farc, auc, cartels, govt, "
                    "or a name (Enter)", id="filter", disabled=True)
        yield ListView(id="log")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one("#board", DataTable)
        for name in describe.BOARD_COLUMNS:
            table.add_column(name, key=name)
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
        if self.controller.is_over() and not self.over_shown:
            self.over_shown = True
            self.push_screen(TextScreen("Game over", solo_result_lines(state)))

    def side_lines(self) -> list[str]:
        state = self.controller.state
        lines = describe.tracks_lines(state)
        lines.append("")
        lines += describe.card_text(state.current_card)
        return lines

    def refresh_board(self) -> None:
        from tui.plain import _board_match

        state = self.controller.state
        table = self.query_one("#board", DataTable)
        table.clear()
        spaces = [s.id for s in state.spaces_in_play()
                  if _board_match(state, s.id, self.board_filter or "all")]
        spaces.sort(key=lambda s: (_sort_key(state, s, self.sort), s))
        for s in spaces:
            table.add_row(*describe.space_row(state, s), key=str(s))

    def add_log(self, report: TurnReport) -> None:
        log = self.query_one("#log", ListView)
        index = len(self.controller.history) - 1
        log.append(ListItem(Static(report.heading(), markup=False), name=str(index)))
        log.index = len(log.children) - 1
        log.scroll_end(animate=False)

    def run_nonplayers(self) -> None:
        while self.controller.nonplayer_to_move():
            self.add_log(self.controller.nonplayer_turn())

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
        self.add_log(self.controller.commit(preview))
        if self.auto_nonplayers:
            self.run_nonplayers()
        self.refresh_all()

    def action_map(self) -> None:
        """The board as a map of Colombia in text (tui/pictures/textmap.py)."""
        from tui.pictures.textmap import map_screen_class

        self.push_screen(map_screen_class()(self.controller.state))

    def action_undo(self) -> None:
        if self.controller.undo():
            self.notify("Undone: back to the start of your last decision.")
        else:
            self.notify("Nothing to undo.")
        self.refresh_all()

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
            self.controller.history.clear()
            self.query_one("#log", ListView).clear()
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
        turns = [r for r in self.controller.history if r.nonplayer]
        if not turns:
            self.notify("No Non-player turn yet.")
            return
        self.show_turn(turns[-1])

    def show_turn(self, report: TurnReport) -> None:
        lines = [*report.lines(), "", "Why:"]
        lines += [f"  {r}" for r in report.reasons] or ["  (a person's decision)"]
        self.push_screen(TextScreen(report.heading(), lines))

    @on(DataTable.RowSelected, "#board")
    def _space(self, event: DataTable.RowSelected) -> None:
        space = int(str(event.row_key.value))
        self.push_screen(TextScreen(MAP[space].full_name,
                                    describe.space_detail(self.controller.state, space)))

    @on(ListView.Selected, "#log")
    def _turn(self, event: ListView.Selected) -> None:
        index = int(event.item.name or 0)
        if 0 <= index < len(self.controller.history):
            self.show_turn(self.controller.history[index])

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
        preview.trace = [*lines, "", *preview.trace]

        def confirmed(ok: bool | None) -> None:
            if ok:
                self._decided(preview)

        self.push_screen(ConfirmScreen(preview), confirmed)

    async def action_quit(self) -> None:
        if self.controller.session.path is not None:
            with contextlib.suppress(OSError):
                self.controller.save()
        self.exit()
