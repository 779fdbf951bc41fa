"""The dialogs the screens share: a page of text, yes/no and confirm, the rollback
picker, the form dialog (one question at a time, Escape back, preview before apply) and
the load dialog, and the seats dialog (who plays each Faction, changed mid-game).
:mod:`tui.screens.play` and :mod:`tui.screens.assist` open them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual import events, on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import (
    Button,
    Input,
    OptionList,
    Static,
)
from textual.widgets.option_list import Option as ListOption

from agents.connection import AgentError, tcp_address
from core.errors import AndeanError
from core.pieces import Faction
from decisions.base import YES_NO, InputError, Option, Question
from decisions.transfer import TransferDecision
from tui.controller import Controller, Decision, Preview, TurnReport, default_player
from tui.screens.questions import AnsweredScreen
from tui.seats import persons, seat_holders
from tui.turn_log import CardGroup


def text_dialog(title: Static, lines: list[str]) -> ComposeResult:
    """What every text dialog shows: its ``title``, then ``lines`` in a scrolled box
    (``#text``); the caller's ``Vertical(id="dialog")`` holds them, and its keys or
    buttons follow."""
    yield title
    with VerticalScroll():
        yield Static("\n".join(lines), markup=False, id="text")


class TextScreen(ModalScreen[None]):
    """A page of text (help, a space, a turn, the game's end); Escape closes it."""

    BINDINGS = [Binding("escape,q,enter", "dismiss", "Close")]

    def __init__(self, title: str, lines: list[str]) -> None:
        super().__init__()
        self.title_text = title
        self.lines = lines

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield from text_dialog(Static(f"[b]{self.title_text}[/b]", id="dialog-title"),
                                   self.lines)
            yield Static("Escape: close", classes="keys")


class _YesNoButtons(ModalScreen[bool]):
    """A modal answered by two buttons: the one with id ``yes_id`` dismisses it True,
    the other False (the key bindings of each screen do the same)."""

    yes_id = "yes"

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == self.yes_id)


class ConfirmScreen(_YesNoButtons):
    """The result of a command before it is applied: Apply (y) or Back (n, Escape)."""

    yes_id = "apply"

    BINDINGS = [Binding("y", "apply", "Apply"), Binding("n,escape", "back", "Back")]

    def __init__(self, preview: Preview) -> None:
        super().__init__()
        self.preview = preview

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield from text_dialog(
                Static(f"[b]Confirm: {self.preview.title}[/b]", id="dialog-title"),
                self.preview.lines(),
            )
            with Horizontal(classes="buttons"):
                yield Button("Apply (y)", id="apply", variant="primary")
                yield Button("Back (n)", id="back")

    def action_apply(self) -> None:
        self.dismiss(True)

    def action_back(self) -> None:
        self.dismiss(False)



class YesNoScreen(_YesNoButtons):
    """A question with its consequences: Yes (y) or No (n, Escape)."""

    BINDINGS = [Binding("y", "yes", "Yes"), Binding("n,escape", "no", "No")]

    def __init__(self, title: str, lines: list[str]) -> None:
        super().__init__()
        self.title_text = title
        self.lines = lines

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield from text_dialog(Static(self.title_text, id="dialog-title", markup=False),
                                   self.lines)
            with Horizontal(classes="buttons"):
                yield Button("Yes (y)", id="yes", variant="error")
                yield Button("No (n)", id="no")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()  # Enter alone does not discard anything

    def action_yes(self) -> None:
        self.dismiss(True)

    def action_no(self) -> None:
        self.dismiss(False)



class PickScreen(ModalScreen[int | None]):
    """Pick one numbered entry of the history from a list (its number, or None on
    Escape): the cursor starts on ``current`` when listed, else on the newest. A subclass
    names its title, its keys line and its entries (:meth:`entries`: label and number,
    None for a heading that cannot be picked)."""

    BINDINGS = [Binding("escape", "dismiss_none", "Cancel")]
    TITLE_TEXT = ""
    KEYS_TEXT = "Enter: choose  Escape: cancel"
    WIDE = False
    LIST_ID = "cards"  # the list's id (the screens' CSS sizes #cards and #turns)

    def __init__(self, groups: list[CardGroup], current: int | None = None) -> None:
        super().__init__()
        self.groups = groups
        self.current = current
        #: the digits typed so far: the entry of that number is highlighted, so Enter
        #: takes it (typing 4 + Enter picks entry 4, not the highlighted row)
        self.typed = ""

    def entries(self) -> list[tuple[str, int | None]]:
        return [(f"{g.number}. {g.heading()}", g.number) for g in self.groups]

    def on_key(self, event: events.Key) -> None:
        """Digits pick an entry by its number (Backspace takes one back)."""
        if event.character is not None and event.character.isdigit():
            typed = self.typed + event.character
        elif event.key == "backspace" and self.typed:
            typed = self.typed[:-1]
        else:
            return
        event.stop()
        picks = self.query_one(f"#{self.LIST_ID}", OptionList)
        ids = [o.id for o in picks.options]
        if typed and typed not in ids and event.character is not None \
                and event.character in ids:
            typed = event.character  # no entry of that number: start again from this digit
        self.typed = typed
        keys = self.query_one(".keys", Static)
        if typed in ids:
            picks.highlighted = ids.index(typed)
            keys.update(f"{typed}: Enter takes entry {typed}  " + self.KEYS_TEXT)
        else:  # Enter takes nothing rather than the wrong row
            picks.highlighted = None if typed else picks.highlighted
            keys.update(f"{typed}: no entry numbered {typed}  " + self.KEYS_TEXT
                        if typed else self.KEYS_TEXT)

    def compose(self) -> ComposeResult:
        options = [ListOption(label, id=None if n is None else str(n), disabled=n is None)
                   for label, n in self.entries()]
        with Vertical(id="dialog", classes="wide" if self.WIDE else ""):
            yield Static(f"[b]{self.TITLE_TEXT}[/b]", id="dialog-title")
            yield OptionList(*options, id=self.LIST_ID)
            yield Static(self.KEYS_TEXT, classes="keys")

    def on_mount(self) -> None:
        picks = self.query_one(f"#{self.LIST_ID}", OptionList)
        ids = [o.id for o in picks.options]
        pick = str(self.current) if str(self.current) in ids else \
            next(i for i in reversed(ids) if i is not None)
        picks.highlighted = ids.index(pick)
        picks.focus()

    def action_dismiss_none(self) -> None:
        self.dismiss(None)

    @on(OptionList.OptionSelected)
    def _picked(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(int(str(event.option.id)))


class RollbackScreen(PickScreen):
    """Pick a card of the history to go back to the start of (its number, or None)."""

    TITLE_TEXT = "Roll back to which card? (its start; a Round: its first decision)"

    def __init__(self, groups: list[CardGroup], current: int | None = None,
                 empty: frozenset[int] = frozenset()) -> None:
        super().__init__(groups, current)
        #: the numbers of the cards a rollback to would take back nothing: shown, not
        #: offered (:meth:`tui.controller.Controller.takes_back_nothing`)
        self.empty = empty

    def entries(self) -> list[tuple[str, int | None]]:
        return [(f"{g.number}. {g.heading()} (no turn yet: nothing to take back)", None)
                if g.number in self.empty else
                (f"{g.number}. {g.heading()} ({len(g.turns)} "
                 f"turn{'s' if len(g.turns) != 1 else ''})", g.number) for g in self.groups]


class FormScreen(ModalScreen[Preview | None]):
    """A decision, question by question; returns the confirmed preview (or None)."""

    # ctrl+x over the answer box's own (cut): it cancels the whole form
    BINDINGS = [Binding("escape", "back", "Back"),
                Binding("ctrl+x", "cancel", "Cancel", priority=True)]
    confirm_screen: type[ConfirmScreen] = ConfirmScreen  # where the result is confirmed

    def __init__(self, controller: Controller, decision: Decision | TransferDecision) -> None:
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

    def show(self, error: str = "", typed: str = "") -> None:
        """The current step; ``error``: the one-line refusal of the last answer, whose
        text (``typed``: an agent's command) is kept in the box to be corrected."""
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
        """The next question; once the form is done, its result to :meth:`confirm` (an
        illegal result goes back to the last question with the reason)."""
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
        self.confirm(preview)

    def confirm(self, preview: Preview) -> None:
        """Show the result in :attr:`confirm_screen`: yes returns it, no goes back to the
        last question."""
        form = self.decision.form

        def confirmed(ok: bool | None) -> None:
            if ok:
                self.dismiss(preview)
            else:
                form.back()
                self.show()

        self.app.push_screen(self.confirm_screen(preview), confirmed)

    @on(Input.Changed, "#answer")
    def _typed(self, event: Input.Changed) -> None:
        """A yes/no question takes ``y`` or ``n`` alone, as the dialogs do: the letter
        typed in the empty box is the answer (no Enter needed)."""
        q = self.decision.form.question
        if q is not None and q.kind == YES_NO and event.value.strip().lower() in ("y", "n"):
            self.submit(event.value.strip().lower())

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


def open_transfer(app: App[Any], controller: Controller, refresh: Callable[[], None],
                  ) -> None:
    """``g`` on the play and assist screens: the transfer form (1.5.2, to a Non-player
    too: 8.1.2 PLAY NOTE) in a :class:`FormScreen`; once confirmed it is kept (it takes
    no turn) and ``refresh`` redraws the screen. Refused with a notice when the rules
    allow no transfer now."""
    if controller.is_over():
        app.notify("The game is over.")
        return
    try:
        decision = controller.transfer_decision()
    except InputError as err:
        app.notify(str(err), severity="error")
        return

    def done(preview: Preview | None) -> None:
        if preview is not None:
            controller.commit(preview)
        refresh()

    app.push_screen(FormScreen(controller, decision), done)


class SeatsScreen(AnsweredScreen[list[TurnReport]]):
    """Who plays each seat, and a change of it mid-game (issue 34): pick a Faction, then
    who takes it from the next decision on: a person at this screen, its default player
    (the section-8 flowchart; the Government: the program's AI), or an agent (its
    command typed in, docs/agents.md). Each change is :meth:`Controller.hand_seat`'s (a
    logged Set Seat); the engine's account of it is shown, and a change refused (an
    agent that does not start, nobody left at the table: 1.5) is said in one line and
    changes nothing. Escape goes back a step, and from the list closes the dialog with
    the changes made, in order (the app then carries the game on)."""

    BINDINGS = [Binding("escape", "back", "Back")]

    def __init__(self, controller: Controller) -> None:
        super().__init__()
        self.controller = controller
        self.faction: Faction | None = None  # the seat being changed
        self.typing_command = False  # the agent's command is asked
        self.changes: list[TurnReport] = []
        self.told = ""  # the account of the last change

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static("[b]Seats: who plays each Faction[/b]", id="dialog-title")
            yield Static("", id="question", markup=False)
            yield OptionList(id="options")
            yield Input(id="answer")
            yield Static("", id="error", markup=False)
            yield Static("", classes="keys")

    def on_mount(self) -> None:
        self.show()

    def question(self) -> Question:
        """The current step's question: which seat, or who takes it (its holder now
        left out, but an agent, which another agent may replace)."""
        c = self.controller
        holders = dict(seat_holders(c.state, agents=c.agent_specs))
        if self.faction is None:
            return Question.one("Change which seat?", [
                Option(f, f.label, detail=who, aliases=("govt",) if f is Faction.GOVT else ())
                for f, who in holders.items()], info=[self.told] if self.told else [])
        now = c.seat_holder(self.faction)
        others = persons(c.state, {**c.agent_specs, self.faction: ""})  # but this seat
        options = [Option("person", "you" if len(others) <= 1 else "a person at this screen",
                          aliases=("me", "you", "person")),
                   Option("bot", f"its default player: {default_player(self.faction)}",
                          aliases=("bot", "default")),
                   Option("agent", "an agent: a program you name (docs/agents.md)",
                          aliases=("agent",))]
        # the seat's player now is left out (an agent may replace an agent); a person's
        # seat is offered to you when it is another person's (a resumed agent's seat is
        # player 2's: 'seat AUC me' of the line mode, the same rule)
        return Question.one(f"{self.faction.label}: who plays it from the next decision on?",
                            [o for o in options if (not c.is_yours(self.faction)
                                                    if o.value == "person" else
                                                    o.value != now or now == "agent")],
                            info=[f"Now: {holders[self.faction]}"])

    def show(self, error: str = "", typed: str = "") -> None:
        """The current step; ``error``: the one-line refusal of the last answer, whose
        text (``typed``: an agent's command) is kept in the box to be corrected."""
        question_box = self.query_one("#question", Static)
        options = self.query_one("#options", OptionList)
        answer = self.query_one("#answer", Input)
        keys = self.query_one(".keys", Static)
        if self.typing_command:
            assert self.faction is not None
            question_box.update(f"{self.faction.label}: the agent's command (a program "
                                "speaking docs/agents.md's protocol on its stdin and stdout, "
                                "or tcp:PORT), then Enter")
            options.display = False
            answer.placeholder = "e.g. python3 mybot.py"
            keys.update("Enter: start the agent  Escape: back")
        else:
            q = self.question()
            question_box.update("\n".join([*q.info, f"{q.prompt} {q.hint()}"]))
            options.clear_options()
            for i, opt in enumerate(q.options, 1):
                detail = f"  - {opt.detail}" if opt.detail else ""
                options.add_option(ListOption(f"{i}. {opt.label}{detail}", id=str(i)))
            options.display = True
            answer.placeholder = "number or name, Enter to answer"
            keys.update("Enter: choose  Escape: " + ("close" if self.faction is None
                                                      else "back"))
        self.query_one("#error", Static).update(f"! {error}" if error else "")
        answer.value = typed
        answer.focus()

    def submit(self, text: str) -> None:
        """The current step answered with ``text`` (as typed)."""
        if self.typing_command:
            self.start_agent(text.strip())
            return
        try:
            value = self.question().parse(text)
        except InputError as err:
            self.show(str(err))
            return
        if self.faction is None:
            self.faction = value
            self.show()
        elif value == "agent":
            self.typing_command = True
            self.show()
        else:
            self.change(value)

    def start_agent(self, command: str) -> None:
        """The agent ``command`` takes the seat: what is waited for (a TCP agent to
        connect, a program to say ready; up to ``--agent-timeout`` seconds, the screen
        waiting with it) is said first, then the agent is started once it is shown."""
        policy = self.controller.agent_policy
        try:
            address = tcp_address(command) if command else None
        except AgentError as err:
            self.show(str(err), command)
            return
        if address is not None:
            waiting = f"waiting for an agent on {address[0]}:{address[1]} (up to " \
                      f"{policy.timeout:g} s)..."
        elif command:
            waiting = f"starting the agent (up to {policy.timeout:g} s for it to say ready)..."
        else:
            waiting = ""
        self.query_one("#error", Static).update(waiting)
        self.call_after_refresh(self.change, "agent", command)

    def change(self, to: str, command: str | None = None) -> None:
        """Hand the seat over (:meth:`Controller.hand_seat`); back to the list with the
        engine's account, or the same step with the one-line refusal (a command typed
        kept in the box, to be corrected)."""
        assert self.faction is not None
        try:
            report = self.controller.hand_seat(self.faction, to, command)
        except (AgentError, AndeanError) as err:
            self.show(str(err), command or "")
            return
        self.changes.append(report)
        self.told = " ".join(report.account or report.instructions)
        self.faction = None
        self.typing_command = False
        self.show()

    def action_back(self) -> None:
        if self.typing_command:
            self.typing_command = False
        elif self.faction is not None:
            self.faction = None
        else:
            self.dismiss(self.changes)
            return
        self.show()


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
