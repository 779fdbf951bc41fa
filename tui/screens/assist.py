"""The Textual screen of ``andean assist``: the tabletop assistant.

The game is on the table; the program runs the Non-player Factions by section 8 and
keeps its own copy of the board in step with the table. It is the ``andean play`` app
(:class:`tui.screens.play.PlayApp`: the board, tracks and log panels, the same forms and the same
confirm step) with what a table needs on top:

* **Cards** (:class:`CardScreen`): the program does not own the deck. It asks for the card
  face up at the start and for the card on top of the deck whenever that changes (in a
  Propaganda Round too), and for a card face up it never was told of, before any bot
  acts; type a number or a title (a unique start is enough, Right arrow completes) or
  pick from the list, which narrows as you type. It draws from its own deck only when
  the table asks it to ('draw').
* **Non-player turns** (:class:`TurnScreen`): numbered physical instructions, one turn at
  a time, as large as the terminal allows; ``w`` shows the reasons (the section-8 trace
  with rules and dice); while steps are out of view it names them and Enter shows
  the next page; once the last step was shown, Enter when done on the table, and the
  next turn comes.
* **Typed-in dice** (``--dice manual``, :class:`QuestionScreen`): each die is asked for in
  a dialog naming it (red, yellow, green for the 8.2 random space chart) and what it is
  for. Escape abandons the turn: nothing changes.
* **People's turns** ask what the person did before any bot acts: ``a`` opens the
  decision menu with the same forms as ``play`` (Operations, Special Activities, Events,
  Pass, Propaganda decisions), whose result ends with the **table check**
  (:class:`TableCheckScreen`: "does the board match the table?"; no: back to the form);
  or a choice *carried out on the table*, which opens the **board editor**
  (:class:`EditorScreen`) to make the program's board the table's, then the same check
  (no: back to the editor). Only then does the card go on. ``e`` opens the editor at
  any time to correct the board.
* **Before set-up** only the set-up is shown: the seats, what to set up, and the
  dialog asking for the first card (no board, tracks or card of the program's own).
* **Instructions** start with who acts and why (the card, 1st or 2nd Eligible or the
  Propaganda phase, the flowchart nodes) and the dice rolled.
* **Propaganda Rounds**: the status line and the side panel show the phase (6.1-6.6);
  the automatic phases are shown as instructions after the decision that started them.

Dice and Insurgent Discord asked in the middle of a Non-player turn: the turn is run again
from its start after each answer (:mod:`tui.screens.questions`); a person's decision
remembers its dice (:class:`MemoDice`), so nothing is done twice and an abandoned step
changes nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.suggester import Suggester
from textual.widgets import Button, Input, OptionList, Static
from textual.widgets.option_list import Option as ListOption

from agents.seat import AgentStopped
from core.cards import CARDS
from core.errors import AndeanError
from core.files import shown
from core.game import Game, sequence
from core.game.board_editor import RecordAction, SetCurrentCard, SetNextCard
from core.map import MAP
from core.pieces import Faction
from core.rules import propaganda
from core.state import GameState
from decisions.base import YES_NO, Cancelled, FormRun, InputError, fold
from decisions.editor import CARD_NAMES, EDIT_HELP, EDIT_WORDS, find_card, parse_edit
from tui import describe, table_deck
from tui.board_changes import CARD_STEPS
from tui.controller import Controller, Preview, TurnReport, numbered, phase_of
from tui.errors import CliError
from tui.prompts import RECORDED, yes_no
from tui.screens import side_panel
from tui.screens.dialogs import (
    ConfirmScreen,
    FormScreen,
    TextScreen,
    YesNoScreen,
    text_dialog,
)
from tui.screens.play import PlayApp
from tui.screens.questions import (
    NeedAnswer,
    QuestionScreen,
    Replies,
    die_question,
    discord_question,
)
from tui.turn_log import CardGroup

ASSIST_HELP = """\
Keys
  a        go on: name the next card, run the Non-player's turn, or say what the
           person to move did: the form of their choice, or a choice carried out on
           the table (the board editor opens); then the table check: "does the board
           match the table?" (no: back to the form or the editor). The card goes on,
           and the next bot acts, only once it matches.
  e        board editor: bring the program's board in line with the table
  n        name the card on top of the deck
  c        correct the card face up (before anyone acted on it)
  t        the current and next card with their printed texts
  g        give (transfer) Resources or Shipments to another Faction, a Non-player
           too, during the giver's or the receiver's turn (1.5.2, 8.1.2); no turn taken
  w        why: the reasons of any turn of the history (number + Enter, or the arrows)
  h        hint for the person to move: the Government: the campaign search's choice;
           FARC, AUC, Cartels: what the section-8 flowchart would do (its advice);
           its result is checked against the table like any decision
  b        the board as it was after a card of the history (read only)
  m        map: the board drawn as a map of Colombia (m again: back)
  p        seats: who plays each Faction (a person, the section-8 flowchart, the
           program's Government AI, an agent) and a change of it from the next decision
           on: a person takes a seat, hands it to its default player, or gives it to an
           agent (a program speaking docs/agents.md's protocol: type its command); logged
  u        undo: names every command it takes back and lists the steps that take the
           last decision back on the table, y undoes
  r        rollback: back to the start of a card of the history (asks which: number
           + Enter, or the arrows)
  l        the history: one heading per card, the turns under it; Enter on a turn
           unfolds its instructions and reasons
  f, s     filter, sort the board; Enter on the board: a space in detail
  ctrl+s   save now (the game is also saved after every change)
  o        load a saved game
  ?        this help
  q        quit (the game is saved)
  ctrl+c   stop (the game is saved)

Cards: every card that becomes face up is asked of the table before any bot acts
on it (the card on top of the deck after each card, also as a Propaganda card comes
up). Type its number, its title or the start of its title (accents optional; Right
arrow completes) or pick from the list below the box, which narrows as you type.
'draw' (the list's first entry) asks the program to draw the card from its own deck.

Dice (--dice manual): each die is asked for by colour and purpose; Escape abandons
the Non-player's turn and nothing changes (a runs it again).

A Non-player turn: who acts and why (card, position, flowchart nodes) and the dice
rolled, then the numbered instructions; carry them out, w shows the reasons, Enter
when done (while steps are below the view, Enter shows them first).

In a form: type a number or a name (a yes/no: y or n alone, as in the dialogs),
Escape goes back a question, ctrl+e leaves the form for the board editor. Recording
a choice carried out on the table: type editor commands, Escape when the board
matches, 'cancel' for the menu.

"""

ASSIST_CSS = """
#cards { height: 1fr; }
CardScreen #error { height: auto; max-height: 3; }
#edit-help { height: 1fr; border-bottom: solid $primary; }
#edit-result { height: auto; max-height: 5; }
"""

#: the list entry by which the table asks the program to draw a card from its own deck
DRAW_LABEL = "draw: the program draws the card from its own deck (the table asked it to)"

_ROUND_LINE = re.compile(r"^\s*(Propaganda Round|6\.\d|Game over)")


# ======================================================================================
# dialogs
# ======================================================================================
class CardSuggester(Suggester):
    """Completes a card title from its start (accents and case optional)."""

    def __init__(self, events_only: bool) -> None:
        super().__init__(use_cache=True, case_sensitive=True)
        self.events_only = events_only

    async def get_suggestion(self, value: str) -> str | None:
        key = fold(value)
        if not key or key.lstrip("#").isdigit():
            return None
        for card in CARDS.values():
            if self.events_only and card.propaganda:
                continue
            title = card.title
            if len(title) > len(value) and fold(title[: len(value)]) == key:
                return value + title[len(value):]
        return None


def card_choices(text: str, events_only: bool,
                 exclude: Collection[int] = ()) -> list[tuple[int, str]]:
    """The cards a partly typed answer may mean: by number or by the start of the title,
    as :func:`find_card` reads them (the four Propaganda! cards are one choice);
    ``exclude``: cards played already."""
    key = fold(text).lstrip("#")
    out: list[tuple[int, str]] = []
    propaganda = False
    for card in CARDS.values():
        if card.propaganda and (events_only or propaganda):
            continue
        if card.number in exclude:
            continue
        if key and not (str(card.number).startswith(key) if key.isdigit()
                        else fold(card.title).startswith(key)):
            continue
        propaganda = propaganda or card.propaganda
        order = describe.card_order(card.number)
        out.append((card.number, f"{describe.card_title(card.number)}  ({order})"))
    return out


class CardScreen(ModalScreen[int | None]):
    """Which card? Number or title (completed from its start), or a pick from the list.

    ``accept`` applies the card (InputError, AndeanError, CliError: refused, the message
    is shown and nothing changed). ``draw``: the table may ask the program to draw the
    card from its own deck (an entry of the list, or 'draw' typed); it returns the card
    drawn. ``which``: 'current' or 'next', the editor word ('next 41') the box also
    takes for this card."""

    BINDINGS = [Binding("escape", "cancel", "Cancel"), Binding("down", "to_list", "List")]

    def __init__(self, prompt: str, accept: Callable[[int], None], *,
                 events_only: bool = False, exclude: Collection[int] = (),
                 cancel: str = "cancel", draw: Callable[[], int] | None = None,
                 which: str = "") -> None:
        super().__init__()
        self.prompt = prompt
        self.accept = accept
        self.events_only = events_only
        self.exclude = set(exclude)
        self.cancel = cancel
        self.draw = draw
        self.which = which

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(self.prompt, id="dialog-title", markup=False)
            yield Input(placeholder="card number, title or start of a title (Right arrow "
                                    "completes)", id="card",
                        suggester=CardSuggester(self.events_only))
            yield OptionList(id="cards")
            yield Static("", id="error", markup=False)
            draw = "  draw: program's deck" if self.draw is not None else ""
            escape = "Esc" if self.draw is not None else "Escape"
            yield Static(f"Enter: this card  Down: the list{draw}  {escape}: {self.cancel}",
                         classes="keys")

    def on_mount(self) -> None:
        self.fill("")
        self.query_one("#card", Input).focus()

    def fill(self, text: str) -> None:
        cards = self.query_one("#cards", OptionList)
        cards.clear_options()
        if self.draw is not None and "draw".startswith(fold(text)):
            cards.add_option(ListOption(DRAW_LABEL, id="draw"))
        cards.add_options([ListOption(label, id=str(number)) for number, label
                           in card_choices(text, self.events_only, self.exclude)])

    @on(Input.Changed, "#card")
    def _changed(self, event: Input.Changed) -> None:
        self.fill(event.value)

    @on(Input.Submitted, "#card")
    def _submitted(self, event: Input.Submitted) -> None:
        text = event.value
        words = fold(text).split(maxsplit=1)
        if self.draw is not None and words == ["draw"]:
            self.drawn()
            return
        if words[:1] in (["current"], ["next"]):  # the editor's words for a card
            if words[0] != self.which or len(words) < 2:
                self.error(f"'{shown(text.strip())}': here type only the card ({CARD_NAMES}); "
                           "c corrects the card face up, n names the card on top of the "
                           "deck")
                return
            text = text.strip()[len(words[0]):]
        try:
            card = find_card(text, events_only=self.events_only)
        except InputError as err:
            self.error(str(err))
            return
        self.choose(card)

    @on(OptionList.OptionSelected, "#cards")
    def _picked(self, event: OptionList.OptionSelected) -> None:
        if event.option.id == "draw":
            self.drawn()
            return
        self.choose(int(str(event.option.id)))

    def drawn(self) -> None:
        """The table asked the program to draw the card from its own deck."""
        assert self.draw is not None
        try:
            card = self.draw()
        except (AndeanError, ValueError) as err:
            self.error(str(err))
            return
        self.dismiss(card)

    def choose(self, card: int) -> None:
        try:
            self.accept(card)
        except (InputError, AndeanError, CliError, ValueError) as err:
            self.error(str(err))
            return
        self.dismiss(card)

    def error(self, message: str) -> None:
        self.query_one("#error", Static).update(f"! {message}")
        self.query_one("#card", Input).focus()

    def action_to_list(self) -> None:
        cards = self.query_one("#cards", OptionList)
        if cards.option_count:
            cards.focus()
            cards.highlighted = cards.highlighted or 0

    def action_cancel(self) -> None:
        self.dismiss(None)


class EditSuggester(Suggester):
    """Completes the word being typed in a board-editor command: the command words,
    then piece kinds, Factions, levels, space names and card titles."""

    WORDS = ("troops", "police", "govt base", "farc guerrillas", "auc guerrillas",
             "cartels guerrillas", "active", "underground", "farc base", "auc base",
             "cartels base", "from", "to", "in", "support", "terror", "sabotage", "zone",
             "resources", "aid", "president", "eligible", "add", "on", "off", "yes", "no",
             "unshaded", "shaded", "samper", "pastrana", "uribe", "active support",
             "passive support", "neutral", "passive opposition", "active opposition",
             "government", "farc", "auc", "cartels")

    def __init__(self) -> None:
        super().__init__(use_cache=True, case_sensitive=True)
        names = [s.full_name for s in MAP.spaces] + [s.name for s in MAP.spaces]
        self.vocabulary = list(self.WORDS) + names + [c.title for c in CARDS.values()]

    async def get_suggestion(self, value: str) -> str | None:
        if not value.strip() or value.endswith(" "):
            return None
        words = value.split(" ")
        if len(words) == 1:
            return _complete(value, value, EDIT_WORDS)
        for n in (3, 2, 1):  # the last words may start a name of several words
            if len(words) > n:
                tail = " ".join(words[-n:])
                hit = _complete(value, tail, self.vocabulary)
                if hit is not None:
                    return hit
        return None


def _complete(value: str, tail: str, vocabulary: Any) -> str | None:
    key = fold(tail)
    if not key:
        return None
    for word in vocabulary:
        if len(word) > len(tail) and fold(word[: len(tail)]) == key:
            return value + word[len(tail):]
    return None


class EditorScreen(ModalScreen[str | None]):
    """The board editor: typed commands, each applied at once and logged (see
    :mod:`decisions.editor`); the changes are shown, a bad command changes nothing.
    ``cancel`` typed (when recording a choice carried out on the table) closes it with
    "cancel": back to the decision menu."""

    BINDINGS = [Binding("escape", "close", "Close")]

    def __init__(self, apply: Callable[[str], list[str]], title: str = "",
                 keys: str = "Escape: close", cancel: bool = False) -> None:
        super().__init__()
        self.apply = apply
        self.cancel = cancel
        self.title_text = title or "Board editor: make the program's board match the table"
        self.keys = keys

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(self.title_text, id="dialog-title", markup=False)
            with VerticalScroll(id="edit-help"):
                yield Static(EDIT_HELP, markup=False)
            yield Static("", id="edit-result", markup=False)
            yield Input(placeholder="e.g. move 2 farc guerrillas from huila to meta west",
                        id="command", suggester=EditSuggester())
            yield Static(f"Enter: apply  Right arrow: complete  {self.keys}", classes="keys")

    def on_mount(self) -> None:
        self.query_one("#command", Input).focus()

    def submit(self, text: str) -> None:
        box = self.query_one("#command", Input)
        result = self.query_one("#edit-result", Static)
        if not text.strip():
            return
        if self.cancel and fold(text) == "cancel":
            self.dismiss("cancel")
            return
        try:
            lines = self.apply(text)
        except (InputError, AndeanError) as err:
            result.update(f"! {err}")
            return
        result.update("\n".join(lines or ["(no change)"]))
        box.value = ""

    @on(Input.Submitted, "#command")
    def _submitted(self, event: Input.Submitted) -> None:
        self.submit(event.value)

    def action_close(self) -> None:
        self.dismiss(None)


def steps_below(hidden: int, total: int) -> str:
    """What the turn dialog's key line says while the last ``hidden`` of its ``total``
    numbered steps are out of view, naming them ('1 more step below' did not say which,
    nor that the dialog scrolls: issue 43 item 5).

    >>> steps_below(1, 7)
    'Step 7 of 7 is below: Enter or Page Down shows it'
    >>> steps_below(3, 19)
    'Steps 17-19 of 19 are below: Enter or Page Down shows them'
    """
    if hidden == 1:
        return f"Step {total} of {total} is below: Enter or Page Down shows it"
    return (f"Steps {total - hidden + 1}-{total} of {total} are below: "
            "Enter or Page Down shows them")


class TurnScreen(TextScreen):
    """A turn as numbered instructions for the table; ``w`` shows its reasons.

    As large as the terminal allows (up to 140 columns, 90% of the height). Each step
    is a line of its own in the scrolled list, so the dialog knows which are out of
    view: its key line names them ("Steps 5-7 of 7 are below") while any is, and Enter
    (also Escape) then scrolls a page down instead of closing: "done on the table" is
    taken only once the last step has been on the screen (issue 31 item 5)."""

    BINDINGS = [Binding("w", "why", "Why"),
                Binding("escape,q,enter", "done", "Done on the table")]
    DEFAULT_CSS = """
    TurnScreen #steps { height: 1fr; }
    TurnScreen .step { height: auto; }
    """

    def __init__(self, report: TurnReport, after: list[str] | None = None) -> None:
        super().__init__(report.heading(), [])
        self.report = report
        self.after = list(after or [])
        self.why = False
        self.lines = self.body()
        #: the last step has been on the screen: Enter is "done on the table"
        self.seen_end = False

    def body(self) -> list[str]:
        lines = self.report.lead() + numbered(self.report.instructions) + \
            self.report.dice() + self.after
        if self.why:
            lines += ["", "Why:"]
            lines += [f"  {r}" for r in self.report.reasons] or ["  (a person's decision)"]
        return lines

    def steps(self) -> list[str]:
        """The numbered instructions, one text per step (a step with the indented lines
        under it, e.g. a Propaganda Round's phases)."""
        out: list[str] = []
        for raw, line in zip(self.report.instructions, numbered(self.report.instructions),
                             strict=True):
            if out and raw[:1].isspace():
                out[-1] += "\n" + line
            else:
                out.append(line)
        return out

    def tail(self) -> list[str]:
        """What follows the steps: the card now face up, the reasons (``w``)."""
        lines = list(self.after)
        if self.why:
            lines += ["", "Why:"]
            lines += [f"  {r}" for r in self.report.reasons] or ["  (a person's decision)"]
        return lines

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="wide"):
            yield Static(self.title_text, id="dialog-title", markup=False)
            with VerticalScroll(id="steps"):
                if self.report.lead():
                    yield Static("\n".join(self.report.lead()), markup=False,
                                 id="context")
                for text in self.steps():
                    yield Static(text, markup=False, classes="step")
                if self.report.dice():  # below the steps: they come first at 80x24
                    yield Static("\n".join(self.report.dice()), markup=False, id="dice")
                yield Static("\n".join(self.tail()), markup=False, id="text")
            yield Static("", id="turn-keys", classes="keys", markup=False)

    def on_mount(self) -> None:
        scroll = self.query_one("#steps", VerticalScroll)
        self.watch(scroll, "scroll_y", lambda _: self.show_hidden(), init=False)
        self.call_after_refresh(self.show_hidden)

    def on_resize(self) -> None:
        self.call_after_refresh(self.show_hidden)

    def hidden_steps(self) -> int:
        """How many numbered steps are not (wholly) on the screen, below the view."""
        scroll = self.query_one("#steps", VerticalScroll)
        bottom = scroll.scroll_y + scroll.scrollable_content_region.height
        return sum(1 for w in scroll.query(".step")
                   if w.virtual_region.bottom > bottom and w.virtual_region.height)

    def show_hidden(self) -> None:
        """The key line: how many steps are below the view, or Enter is done."""
        try:
            hidden = self.hidden_steps()
        except Exception:  # noqa: BLE001 (not laid out yet, or closing)
            return
        if not hidden:
            self.seen_end = True
        keys = self.query_one("#turn-keys", Static)
        if hidden:
            total = sum(1 for raw in self.report.instructions if not raw[:1].isspace())
            keys.update(steps_below(min(hidden, total), total) + "  w: why")
        else:
            keys.update("Enter: done on the table  w: why (the reasons)")

    def action_done(self) -> None:
        """Done on the table, once every step has been shown; else the next page."""
        self.show_hidden()
        if self.seen_end:
            self.dismiss()
            return
        self.query_one("#steps", VerticalScroll).scroll_page_down(animate=False)
        self.call_after_refresh(self.show_hidden)

    def action_why(self) -> None:
        self.why = not self.why
        self.lines = self.body()
        self.query_one("#text", Static).update("\n".join(self.tail()))
        if self.why:  # the reasons are below the instructions: bring them into view
            self.call_after_refresh(self.query_one(VerticalScroll).scroll_end, animate=False)


class TableCheckScreen(ConfirmScreen):
    """The table check ending a person's decision: the result shown (a form's preview,
    or what the board editor changed), then "Does the board match the table?": Yes (y)
    records it and the card goes on; No (n, Escape) goes back (to the form, or to the
    editor)."""

    def __init__(self, preview: Preview, lines: list[str] | None = None,
                 back: str = "back to the form") -> None:
        super().__init__(preview)
        self.body = list(lines) if lines is not None else preview.lines()
        self.back = back

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield from text_dialog(
                Static(f"{self.preview.title}: does the board match the table?",
                       id="dialog-title", markup=False),
                self.body,
            )
            with Horizontal(classes="buttons"):
                yield Button("Yes, it matches (y)", id="apply", variant="primary")
                yield Button(f"No: {self.back} (n)", id="back")


class AssistFormScreen(FormScreen):
    """A person's decision (the forms of :mod:`decisions.decision`), asking typed-in dice
    in a dialog when an Event or the rest of the card needs them; ctrl+e: the editor."""

    BINDINGS = [Binding("ctrl+e", "editor", "Editor", priority=True)]  # (over the box's End)
    confirm_screen = TableCheckScreen

    def submit(self, text: str) -> None:
        q = self.decision.form.question
        if q is not None and q.kind == YES_NO:  # yes or no only (y/n), not "1"
            try:
                yes_no(q, text)
            except InputError as err:
                self.show(str(err))
                return
        try:
            super().submit(text)
        except NeedAnswer as need:  # the form's generator died with the question: rebuild
            self.decision.form = _rebuilt(self.decision.form)
            self.app_.ask(need, "your decision", lambda: self.submit(text), self.show)

    def advance(self) -> None:
        try:
            super().advance()
        except NeedAnswer as need:  # the preview needs a die
            def abandon() -> None:
                self.decision.form.back()
                self.show()

            self.app_.ask(need, "your decision", self.advance, abandon)

    def confirm(self, preview: Preview) -> None:
        """The form's result goes to the table check (a choice carried out on the table
        goes to the board editor first)."""
        if isinstance(preview.command, RecordAction):
            self.dismiss(preview)  # the app opens the editor, then the table check
            return
        super().confirm(preview)

    def action_editor(self) -> None:
        self.app_.editor_next = True
        self.dismiss(None)

    @property
    def app_(self) -> AssistApp:
        app = self.app
        assert isinstance(app, AssistApp)
        return app


def _rebuilt(form: FormRun) -> FormRun:
    """A fresh run of ``form``'s form fed the same answers (they succeeded before and
    their dice are remembered, so no question is asked again)."""
    fresh = FormRun(form.factory)
    for answer in form.answers:
        fresh.answer(answer)
    return fresh


# ======================================================================================
# the app
# ======================================================================================
NewGame = Callable[[int], Game]


class AssistApp(PlayApp, inherit_bindings=False):
    """The tabletop assistant on screen (see the module docstring).

    ``controller``: a :class:`Controller` for the table's game (``ask_dice`` set, to
    anything, for ``--dice manual``: the app asks the dice in dialogs). ``new_game``:
    for a new game, makes it from the first card the table turned up (asked first).
    ``run_nonplayers``: False leaves the game still until ``a`` is pressed.
    """

    TITLE = "Andean Abyss - tabletop assistant"
    CSS = PlayApp.CSS + ASSIST_CSS
    QUESTION_ESCAPE = "abandon (nothing changes)"
    BINDINGS = [
        Binding("a", "act", "Go on"),
        Binding("e", "editor", "Editor"),
        Binding("n", "next_card", "Next card"),
        Binding("c", "current_card", "Current card", show=False),
        Binding("t", "cards", "Card texts", show=False),
        Binding("g", "transfer", "Give (transfer)", show=False),
        Binding("w", "why", "Why"),
        Binding("h", "hint", "Hint", show=False),
        Binding("b", "board_at", "Board then", show=False),
        Binding("m", "map", "Map", show=False),
        Binding("p", "seats", "Seats", show=False),
        Binding("u", "undo", "Undo"),
        Binding("r", "rollback", "Rollback", show=False),
        Binding("l", "focus_log", "History", show=False),
        Binding("f", "filter", "Filter", show=False),
        Binding("s", "sort", "Sort", show=False),
        Binding("ctrl+s", "save", "Save", show=False),
        Binding("o", "load", "Load", show=False),
        Binding("question_mark", "help", "Help"),
        Binding("q", "quit", "Quit"),
        Binding("ctrl+c", "interrupt", "Stop", show=False, priority=True, system=True),  # PlayApp's
        # Textual's own ctrl+q is not inherited here: without it the set-up's card box
        # (which takes every letter, q too) could not be left but by Escape (issue 32)
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True, system=True),
    ]

    def __init__(self, controller: Controller, *, new_game: NewGame | None = None,
                 run_nonplayers: bool = True, setup: list[str] | None = None) -> None:
        super().__init__(controller, run_nonplayers=run_nonplayers)
        #: what is shown before the first card (the set-up, and nothing else)
        self.setup = list(setup) if setup is not None else [
            "Tabletop assistant: a new game.",
            "Set up the table, then name the card face up."]
        controller.assist = True
        if controller.ask_dice is not None:
            controller.ask_dice = self._die
            controller.tell_dice = self._told
        #: what the typed dice chose in the step being run (a Non-player's random
        #: spaces, 8.2-8.3): the latest is shown with the next die asked
        self.told: list[str] = []
        controller.discord = self._discord
        self.new_game = new_game
        self.replies = Replies()
        self.busy = False  # a dialog of the game's flow is open
        self.editor_next = False  # open the editor once the form is closed
        #: "New game on ..., saving to ...": said in the card dialog that follows the
        #: first card, not as a notice over that dialog's key line at 80x24 (trial 43a)
        self.started_line = ""

    # --- the engine's questions ------------------------------------------------------
    def _die(self, purpose: str) -> int:
        return int(self.replies.take("die", purpose))

    def _told(self, line: str) -> None:
        self.told.append(line)

    def ask(self, need: NeedAnswer, context: str, then: Callable[[], None],
            abandon: Callable[[], None]) -> None:
        """As in ``play``; a die asked after typed dice chose a space says which (the
        step is run again after each die, so :attr:`told` holds this run's picks)."""
        if need.kind == "die" and self.told:
            context = f"{context}. Last pick by the dice: {self.told[-1][3:]}"
        super().ask(need, context, then, abandon)

    def _discord(self, state: GameState, faction: Faction) -> str:
        return str(self.replies.take("discord", "Insurgent Discord", faction,
                                     state.current_card))

    # --- layout ------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield from super().compose()
        yield Static("", id="setup", markup=False)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Before the first card only help and quit: the other keys would show the
        placeholder game (its board, cards, map), not the table's."""
        return self.new_game is None or action in ("help", "quit", "interrupt")

    async def action_quit(self) -> None:
        """q, ctrl+q: stop; before the first card there is no game to save (the session
        holds a placeholder, never written)."""
        if self.new_game is not None:
            self.exit()
            return
        await super().action_quit()

    async def action_interrupt(self) -> None:
        """Ctrl-C: save and stop (exit status 130); before the first card, only stop."""
        if self.new_game is not None:
            self.exit(return_code=130)
            return
        await super().action_interrupt()

    def on_mount(self) -> None:  # (Textual runs PlayApp.on_mount too, after this)
        if self.new_game is not None:
            self.busy = True
            self.call_later(self._ask_first_card)

    def _ask_first_card(self) -> None:
        self.push_screen(CardScreen("Set up the table, then: which card is face up? "
                                    "(the first card)",
                                    self._first_card, events_only=True, cancel="quit"),
                         self._started)

    def _first_card(self, card: int) -> None:
        assert self.new_game is not None
        session = self.controller.session
        session.game = self.new_game(card)
        if session.path is not None:
            session.save()

    def _started(self, card: int | None) -> None:
        self.busy = False
        if card is None:
            self.exit()
            return
        self.new_game = None
        self.refresh_bindings()
        self.refresh_all()
        where = self.controller.session.path
        self.started_line = (f"New game on {describe.card_title(card)}"
                             + (f", saving to {where}" if where is not None else "") + ".")
        self.advance()
        if self.started_line:  # no card dialog came up to say it in
            self.notify(self.started_line)
            self.started_line = ""

    def side_lines(self) -> list[str]:
        state = self.controller.state
        agents = self.controller.agent_specs
        bots = [f.label for f in Faction if state.seats[f] is None]
        people = [f"{f.label} ({state.seats[f]})" for f in Faction
                  if state.seats[f] is not None and f not in agents]
        lines = [f"People: {', '.join(people) or '-'}", f"Bots: {', '.join(bots) or '-'}"]
        if agents:
            lines.append(f"Agents: {', '.join(f.label for f in Faction if f in agents)}")
        progress = propaganda_progress(state)
        if progress:
            lines.append(progress)
        return lines + super().side_lines()

    def refresh_all(self) -> None:
        """Before the first card only the set-up is shown (the game does not exist
        yet: no board, tracks or card of the program's own); then the play screen."""
        setting_up = self.new_game is not None
        for selector in ("#main", "#log"):
            self.query_one(selector).display = not setting_up
        setup = self.query_one("#setup", Static)
        setup.display = setting_up
        if setting_up:
            setup.update("\n".join(self.setup))
            self.query_one("#status", Static).update(self.status_text())
            return
        super().refresh_all()
        self.query_one("#status", Static).update(self.status_text())

    def status_text(self) -> str:
        c = self.controller
        if self.new_game is not None:
            return "New game: name the card face up"
        if c.is_over():
            return "The game is over"
        text = c.turn_line()
        if c.state.phase == "propaganda":
            text += f" ({phase_of(str(c.state.step.get('phase', '')))})"
        which = c.card_to_name()  # the key first: a long card title may be cut at 80
        if which == "current":  # the program's own card stands in: name nothing of it
            text = "a card the table turned face up, not named yet"
        if which is not None:
            return f"[a] name the {'card face up' if which == 'current' else 'next card'} | " \
                + text
        if c.nonplayer_to_move():
            return "[a] run its turn | " + text
        return "[a] act [e] edit | " + text

    # --- carrying the game on ------------------------------------------------------------
    def run_nonplayers(self) -> None:  # PlayApp calls it after a decision and a load
        self.advance()

    def advance(self) -> None:
        """Carry the game on until a person must do something: name a card, roll a
        die, carry out a Non-player's instructions, or decide."""
        c = self.controller
        if self.busy or self.new_game is not None:
            return
        self.refresh_all()
        which = None if c.is_over() else c.card_to_name()
        if c.is_over() or not (which or c.nonplayer_to_move()):
            if c.person_to_move():
                c.decision_start()  # board edits from now on are part of the decision
            return
        if which is not None:
            self.busy = True
            self.push_screen(self.card_screen(which), self._card_given)
            return
        self.attempt(c.nonplayer_turn, self._show_turn, self._abandoned,
                     context=turn_context(c.state))

    def attempt(self, step: Callable[[], TurnReport], done: Callable[[TurnReport], None],
                abandon: Callable[[], None], context: str, fresh: bool = True) -> None:
        """Run ``step`` (replayed from its start after each answer it needed)."""
        if fresh:
            self.replies.clear()
        self.replies.rewind()
        self.told = []
        try:
            report = step()
        except NeedAnswer as need:
            self.busy = True

            def again() -> None:
                self.busy = False
                self.attempt(step, done, abandon, context, fresh=False)

            def gave_up() -> None:
                self.busy = False
                self.replies.clear()
                abandon()

            self.ask(need, context, again, gave_up)
            return
        except AgentStopped as stop:  # --agent-fallback stop: saved, said, ended
            self.exit(return_code=1, message=f"andean: agent failed: {stop}")
            return
        self.replies.clear()
        self.say_failure(report)
        done(report)

    def _show_turn(self, report: TurnReport) -> None:
        self.refresh_log()
        self.refresh_all()
        self.busy = True
        self.push_screen(TurnScreen(report, self.after_lines(report)), self._flow_done)

    def after_lines(self, report: TurnReport) -> list[str]:
        """The card revealed at the end of a turn, shown under its instructions."""
        if self.controller.is_over():
            return ["", "The game is over."]
        if any(i.startswith(CARD_STEPS) for i in report.instructions):
            if self.controller.needs_current_card():  # the program's own: not named
                return ["", "Now face up: the card the table turns (named next)"]
            return ["", "Now face up:", *describe.card_text(self.controller.state.current_card)]
        return []

    def _abandoned(self) -> None:
        self.notify("The Non-player turn was abandoned; nothing changed (a: run it again).")
        self.refresh_all()

    def _flow_done(self, _: object = None) -> None:
        self.busy = False
        self.advance()

    def _card_given(self, card: int | None) -> None:
        """After a card dialog: go on, or (Escape) wait for ``a``."""
        if card is not None:
            self._flow_done()
            return
        self.busy = False
        self.refresh_all()

    def card_screen(self, which: str) -> CardScreen:
        """The table names a card that became face up (``which``: 'next', the card on
        top of the deck; 'current', a card face up the table never named), or asks the
        program to draw it."""
        c = self.controller

        def draw() -> int:
            c.draw_card(which)
            self.refresh_log()
            card = c.state.current_card if which == "current" else c.state.deck[0]
            assert card is not None
            self.notify(table_deck.drawn_line(card, which))
            return card

        if which == "current":
            return CardScreen("Which card is face up now? (play reached a card the table "
                              "did not name)", self._set_current_card, events_only=True,
                              exclude=c.state.played, draw=draw, which="current")
        started, self.started_line = self.started_line, ""
        return CardScreen((f"{started}\n" if started else "")
                          + "Which card is on top of the deck now?", self._set_next_card,
                          exclude=c.state.played, draw=draw, which="next")

    def _set_current_card(self, card: int) -> None:
        self.controller.edit(SetCurrentCard(card))
        self.refresh_log()

    def _set_next_card(self, card: int) -> None:
        self.controller.edit(SetNextCard(card))
        self.refresh_log()

    # --- the person's decision ---------------------------------------------------------
    def action_act(self) -> None:
        c = self.controller
        if self.busy or self.new_game is not None:
            return
        if c.is_over():
            self.notify("The game is over.")
            return
        if c.card_to_name() is not None or c.nonplayer_to_move():
            self.advance()
            return
        self.decide()

    def decide(self, fresh: bool = True) -> None:
        """Open the decision of the person to move (its dice asked as they come)."""
        self.controller.decision_start()
        if fresh:
            self.replies.clear()
        try:
            decision = self.controller.decision()
        except (InputError, Cancelled) as err:
            self.notify(str(err), severity="error")
            return
        except NeedAnswer as need:
            self.ask(need, "your decision", lambda: self.decide(fresh=False), self.refresh_all)
            return
        self.push_screen(AssistFormScreen(self.controller, decision), self._decided)

    def _decided(self, preview: Preview | None) -> None:
        if preview is None:
            self.refresh_all()
            if self.editor_next:
                self.editor_next = False
                self.action_editor()
            return
        if isinstance(preview.command, RecordAction):
            self.record(preview.command)
            return
        self.keep(preview)

    def record(self, cmd: RecordAction) -> None:
        """A choice carried out on the table: the board editor, where the person makes
        the program's board the table's; on closing it, the table check."""
        self.busy = True
        what = RECORDED.get(cmd.kind, "what was done")
        faction = self.controller.to_move()
        who = faction.label if faction is not None else "The table"
        self.refresh_all()
        self.push_screen(
            EditorScreen(self.edit, f"{who}: edit the board to show {what}",
                         keys="Escape: done (the table check)  cancel: back to the menu",
                         cancel=True),
            lambda closed: self._record_check(cmd, closed))

    def _record_check(self, cmd: RecordAction, closed: str | None) -> None:
        self.busy = False
        if closed == "cancel":  # back to the menu; the edits stay (u takes them back)
            self.refresh_all()
            self.decide()
            return
        what = RECORDED.get(cmd.kind, "what was done")
        changes = numbered(self.controller.decision_edits(), align=False)
        try:
            preview = self.controller.preview(cmd)
        except AndeanError as err:
            self.notify(str(err), severity="error")
            self.refresh_all()
            return
        lines = [f"The board editor changed, for {what} (since the decision began):",
                 *[f"  {line}" for line in changes or ["(nothing)"]],
                 *self.controller.redeploy_warnings(), "",  # 6.5.1: warned, not refused
                 "Yes: record it, and the card goes on. No: back to the board editor."]

        def checked(ok: bool | None) -> None:
            self.busy = False
            if ok:
                self.keep(preview)
            else:
                self.record(cmd)

        self.busy = True
        self.push_screen(TableCheckScreen(preview, lines, "back to the board editor"),
                         checked)

    def keep(self, preview: Preview) -> None:
        """The person's decision, checked against the table: it becomes the game; the
        card goes on (the Propaganda phases it started shown for the table)."""
        report = self.controller.commit(preview)
        self.refresh_log()
        if any(_ROUND_LINE.match(line) for line in report.instructions):
            self.refresh_all()
            self.busy = True  # the Propaganda phases that followed, for the table
            self.push_screen(TurnScreen(report, self.after_lines(report)), self._flow_done)
            return
        self.advance()

    def action_transfer(self) -> None:
        """``g``: give Resources or Shipments to another Faction (1.5.2, 8.1.2), once the
        table's game has started and no Non-player turn is under way."""
        if not self.busy and self.new_game is None:
            super().action_transfer()

    # --- the board editor and the cards ------------------------------------------------
    def action_editor(self) -> None:
        if self.busy or self.new_game is not None:
            return
        self.push_screen(EditorScreen(self.edit), lambda _: self.refresh_all())

    def edit(self, text: str) -> list[str]:
        """Apply one typed editor command; the lines describing what changed."""
        if fold(text) in ("help", "?", "help edit"):
            return EDIT_HELP.splitlines()
        report = self.controller.edit(parse_edit(text))
        self.refresh_all()
        return numbered(report.instructions, align=False) or report.account

    def action_next_card(self) -> None:
        if self.busy or self.new_game is not None:
            return
        self.busy = True
        self.push_screen(self.card_screen("next"), self._card_given)

    def action_current_card(self) -> None:
        if self.busy or self.new_game is not None:
            return

        def accept(card: int) -> None:
            self.controller.edit(SetCurrentCard(card))
            self.refresh_log()

        self.busy = True
        self.push_screen(CardScreen("Correct the card face up (before anyone acted on it)",
                                    accept, events_only=True,
                                    exclude=self.controller.state.played), self._card_given)

    # --- other keys --------------------------------------------------------------------
    def action_help(self) -> None:
        self.show_help(ASSIST_HELP + EDIT_HELP)

    def action_seats(self) -> None:
        """``p`` (:meth:`PlayApp.action_seats`), once the game's flow waits for nothing
        else: the next turn is run with the new players when the dialog closes."""
        if self.busy:
            self.notify("Seats: first finish what is on screen (a turn, a card, a die).")
            return
        super().action_seats()

    def action_undo(self) -> None:
        """``u``: every command the undo takes back and the steps that take the table
        back to the start of the last decision, then asked (y) before anything is
        undone (issue 31 item 3); the undo done is the one said (issue 43)."""
        if self.busy:
            return
        plan = self.controller.undo_plan()
        if plan is None:
            self.notify("Nothing to undo.")
            return
        said = self.controller.undo_said(plan)
        steps = self.controller.undo_steps(plan) or []
        lines = [f"Undo: {said}", "On the table:",
                 *(numbered(steps) or ["   (nothing to take back on the board)"])]

        def answered(ok: bool | None) -> None:
            if ok and self.controller.undo(plan):
                self.notify(f"Undone: {said}")
            self.refresh_all()

        self.push_screen(YesNoScreen("Undo the last decision?", lines), answered)

    def action_rollback(self) -> None:
        if not self.busy:
            super().action_rollback()

    def rollback_notes(self, group: CardGroup) -> list[str]:
        steps = self.controller.rollback_steps(group)
        return ["Take it back on the table: put the cards back as they were at the start "
                "of that card, and:",
                *(numbered(steps) or ["   (nothing to take back on the board)"])]

    def card_lines(self) -> list[str]:
        """Under the side panel: the card face up, once the table named it."""
        lines = super().card_lines()
        if self.new_game is None and self.controller.needs_current_card():
            current = side_panel.card_lines(self.controller.state.current_card,
                                            self.side_width())
            lines = ["The card face up: not named yet (a names it)",
                     *lines[len(current):]]
        return lines

    #: a hint's suggestion is checked against the table like any decision of a person
    HINT_CONFIRM = TableCheckScreen

    def action_hint(self) -> None:
        """The hint for the person to move (the Government: the campaign search's
        choice; an Insurgent: its flowchart's advice), as in ``play``."""
        if self.busy or self.new_game is not None:
            return
        super().action_hint()


def turn_context(state: GameState) -> str:
    """Whose roll it is and why, for the dice dialog: "the AUC Non-player's turn, 2nd
    Eligible on #12 ..."."""
    faction = sequence.to_move(state)
    who = f"the {faction.label} Non-player's" if faction is not None else "the"
    if state.phase == "propaganda":
        return f"{who} {state.step.get('phase')} (Propaganda Round)"
    position = ["1st", "2nd"][sequence.position(state) - 1] if faction is not None else ""
    where = f", {position} Eligible" if position else ""
    return f"{who} turn{where} on {describe.card_title(state.current_card)}"


def propaganda_progress(state: GameState) -> str:
    """'Propaganda Round 2: 6.1 6.2 6.3 [6.4] 6.5 6.6' while a Round is being played."""
    if state.phase != "propaganda":
        return ""
    current = phase_of(str(state.step.get("phase", "")))[:3]
    marks = []
    for section in ("6.1", "6.2", "6.3", "6.4", "6.5", "6.6"):
        marks.append(f"[{section}]" if section == current else section)
    return f"Propaganda Round {propaganda.rounds_held(state)}: " + " ".join(marks)


__all__ = [
    "AssistApp",
    "CardScreen",
    "EditorScreen",
    "NeedAnswer",
    "QuestionScreen",
    "Replies",
    "TurnScreen",
    "card_choices",
    "die_question",
    "discord_question",
    "propaganda_progress",
]
