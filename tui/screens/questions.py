"""Answers the engine asks for in the middle of a step (a die, Insurgent Discord), on an
event-driven screen.

The engine asks for a die (``--dice manual``) or for Insurgent Discord (8.1, the
Government player's choice in a 2-player game) in the middle of a Non-player turn, as a
function call that must return the answer. A Textual app cannot wait there. So the
function reads the answers given so far from :class:`Replies` and, when it has none left,
raises :class:`NeedAnswer`; the app shows a :class:`QuestionScreen`, stores the answer, and
runs the step again from the start. Steps are deterministic given their answers and
Non-player turns run on a copy of the game, so an abandoned step changes nothing.
:mod:`tui.screens.play` asks Insurgent Discord this way, :mod:`tui.screens.assist` dice and
Insurgent Discord.
"""

from __future__ import annotations

from typing import Any, TypeVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option as ListOption

from core.pieces import Faction
from decisions.asked import die_question, discord_question
from decisions.base import InputError, Question


class NeedAnswer(Exception):
    """The engine asked for an answer (``kind``: ``die`` or ``discord``) not given yet."""

    def __init__(self, kind: str, text: str, faction: Faction | None = None,
                 card: int | None = None) -> None:
        super().__init__(text)
        self.kind = kind
        self.text = text
        self.faction = faction
        self.card = card  # the Event card Insurgent Discord is about


class Replies:
    """The answers typed in dialogs, handed out in order when the engine asks again.

    A Non-player turn is run again from its start after every answer: :meth:`rewind`
    before each try hands the same answers out again. A person's decision remembers its
    own dice (:class:`~decisions.decision.MemoDice`) and asks only for new ones, so its
    tries are not rewound.
    """

    def __init__(self) -> None:
        self.answers: list[tuple[str, Any]] = []
        self.position = 0

    def clear(self) -> None:
        self.answers.clear()
        self.position = 0

    def rewind(self) -> None:
        self.position = 0

    def give(self, kind: str, value: Any) -> None:
        self.answers.append((kind, value))

    def take(self, kind: str, text: str, faction: Faction | None = None,
             card: int | None = None) -> Any:
        if self.position < len(self.answers):
            given_kind, value = self.answers[self.position]
            if given_kind == kind:
                self.position += 1
                return value
            del self.answers[self.position:]  # the step went another way: ask again
        raise NeedAnswer(kind, text, faction, card)


_Result = TypeVar("_Result")


class AnsweredScreen(ModalScreen[_Result]):
    """A dialog whose step is answered in its ``#answer`` box (Enter) or by picking an
    entry of its ``#options`` list (the entry's number, as if typed): both go to
    :meth:`submit`."""

    def submit(self, text: str) -> None:
        raise NotImplementedError

    @on(Input.Submitted, "#answer")
    def _submitted(self, event: Input.Submitted) -> None:
        self.submit(event.value)

    @on(OptionList.OptionSelected, "#options")
    def _picked(self, event: OptionList.OptionSelected) -> None:
        self.submit(str(event.option.id))


class QuestionScreen(AnsweredScreen[Any]):
    """One :class:`~decisions.base.Question` (a die, Insurgent Discord); Escape: None."""

    BINDINGS = [Binding("escape", "abandon", "Abandon")]

    def __init__(self, title: str, question: Question, escape: str = "abandon") -> None:
        super().__init__()
        self.title_text = title
        self.question = question
        self.escape = escape

    def compose(self) -> ComposeResult:
        small = "small" if not self.question.options else ""
        with Vertical(id="dialog", classes=small):
            yield Static(self.title_text, id="dialog-title", markup=False)
            q = self.question
            yield Static("\n".join([*q.info, f"{q.prompt} {q.hint()}"]), id="question",
                         markup=False)
            options = OptionList(*[ListOption(f"{i}. {opt.label}", id=str(i))
                                   for i, opt in enumerate(q.options, 1)], id="options")
            options.display = bool(q.options)
            yield options
            yield Input(placeholder="your answer, then Enter", id="answer")
            yield Static("", id="error", markup=False)
            yield Static(f"Enter: answer  Escape: {self.escape}", classes="keys")

    def on_mount(self) -> None:
        self.query_one("#answer", Input).focus()

    def submit(self, text: str) -> None:
        try:
            value = self.question.parse(text)
        except InputError as err:
            self.query_one("#error", Static).update(f"! {err}")
            box = self.query_one("#answer", Input)
            box.value = ""
            box.focus()
            return
        self.dismiss(value)

    def action_abandon(self) -> None:
        self.dismiss(None)


__all__ = ["AnsweredScreen", "NeedAnswer", "QuestionScreen", "Replies", "die_question",
           "discord_question"]
