"""Questions and step-by-step forms, independent of any user interface.

Every choice a person makes (which Operation, which spaces, how many cubes, which side
of an Event...) is a :class:`Question`. A *form* is a generator that yields questions
and receives the parsed answers; when it returns, its value is the finished command::

    def pass_form(game):
        ok = yield Question.yes_no("Pass for +3 Resources?")
        return Pass() if ok else None

Both user interfaces drive the same forms: the ``--plain`` line mode prints the
question and parses a typed line with :meth:`Question.parse`; the Textual app shows the
options as a list. Either way:

* a form offers **only legal options** (it builds them from the rules' query helpers);
* bad input raises :class:`InputError` with a message, and **nothing changes**;
* :class:`FormRun` remembers the answers, so ``back`` simply replays the form with one
  answer fewer (forms are deterministic: the same board and answers ask the same
  questions).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Generator, Sequence
from dataclasses import FrozenInstanceError, dataclass, field
from typing import Any, NamedTuple

from core.errors import AndeanError

ONE = "one"
MANY = "many"
NUMBER = "number"
YES_NO = "yes/no"

#: A form: yields questions, receives answers, returns its result (usually a Command).
Form = Generator["Question", Any, Any]
FormFactory = Callable[[], Form]


class Trial(NamedTuple):
    """A finished command as a form last tried it out, left for the caller applying it
    so it need not execute it again (:meth:`core.game.Game.keep_trial`): ``command``
    executed on a clone of ``before`` (the game's state then) with ``dice``, giving
    ``after`` and ``ctx``. ``finished``: by :func:`core.game.execute` (play moved on as
    after :meth:`~core.game.Game.apply`); else by the command's own ``execute`` only,
    with the Context and empty roll log :func:`core.game.begin_command` would give it,
    so :func:`core.game.finish_command` is still to come."""

    command: Any
    before: Any
    dice: Any
    after: Any
    ctx: Any
    finished: bool


#: The key of a form's :class:`Trial` in the ``kept`` dict a form is given (a
#: DecisionContext's ``extra``).
TRIAL = "trial"


class InputError(ValueError):
    """An answer the question cannot accept; ``str(err)`` is the message for the person."""


class Cancelled(Exception):
    """The person abandoned the form (nothing changed)."""


def fold(text: str) -> str:
    """Lower-case, accents removed, spaces squeezed: 'Bogotá ' -> 'bogota'."""
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(plain.lower().split())


class _Detail:
    """:attr:`Option.detail`: the text given, or for a function given instead (of no
    arguments, returning the text) its text, computed the first time it is read and kept:
    the environment's agents never read most details, so building each sentence only
    when shown saves the forms that work. A data descriptor, so it is consulted before
    the instance's own ``detail`` entry, where the text or the function is kept."""

    def __get__(self, option: Option | None, owner: type | None = None) -> str:
        if option is None:
            return ""  # the field's default (what dataclasses reads from the class)
        fields = option.__dict__
        detail = fields["detail"]
        if callable(detail):
            detail = fields["detail"] = detail()
        return detail

    def __set__(self, option: Option, value: Any) -> None:  # pragma: no cover
        raise FrozenInstanceError("cannot assign to field 'detail'")  # (frozen: never here)


@dataclass(frozen=True, init=False)
class Option:
    """One choice: the ``value`` returned, its ``label`` (also what may be typed, or any
    unique prefix of it or of an alias) and an optional ``detail`` shown beside it.

    ``detail`` may be given as a function of no arguments instead of the text: it is
    called the first time the detail is read (by anyone: equality, ``repr``, copies and
    pickles all read it) and its text kept. Only for a text that would be the same
    whenever it is read: one made from the board the form was given (a form never
    changes that board: :class:`FormRun` replays it) and from values the form does not
    change after asking (:func:`decisions.government.space_options`, ``later``).
    """

    value: Any
    label: str
    detail: str = _Detail()  # type: ignore[assignment]
    aliases: tuple[str, ...] = ()

    def __init__(self, value: Any, label: str, detail: str | Callable[[], str] = "",
                 aliases: tuple[str, ...] = ()) -> None:
        # the generated frozen __init__ sets each field through object.__setattr__; the
        # forms build tens of options a card, so the fields go straight into __dict__
        # (still frozen: assigning a field afterwards raises FrozenInstanceError)
        fields = self.__dict__
        fields["value"] = value
        fields["label"] = label
        fields["detail"] = detail
        fields["aliases"] = aliases

    def __getstate__(self) -> dict[str, Any]:
        """What copies and pickles keep: the fields with the detail as text."""
        return {"value": self.value, "label": self.label, "detail": self.detail,
                "aliases": self.aliases}

    def names(self) -> list[str]:
        return [fold(self.label)] + [fold(a) for a in self.aliases]


@dataclass
class Question:
    """A question: ``kind`` is one of ``one``, ``many``, ``number``, ``yes/no``.

    * ``one``: pick an option (by its number or name).
    * ``many``: pick between ``lo`` and ``hi`` options, comma-separated, in order
      (``repeat``: an option may be picked again, also as ``Bogota x2``).
    * ``number``: a whole number from ``lo`` to ``hi``.
    * ``yes/no``: yes or no.

    ``default`` is returned for an empty answer (None: an answer is required).
    ``info`` holds lines shown above the question (a preview, a summary).
    ``sure``: the indices of options the form promises to take whatever follows (the
    form's code after the question cannot refuse them: it asks its next question or
    returns without a check that could fail), so :meth:`FormRun.legal_question` need
    not try them (tests/test_agents.py tries them all in whole games); or a function
    of no arguments giving them, called at most once (:meth:`sure_of`), while the form
    is still at the question, so a caller that never asks (the research environment)
    never pays for them.
    """

    prompt: str
    kind: str = ONE
    options: list[Option] = field(default_factory=list)
    lo: int = 0
    hi: int = 0
    repeat: bool = False
    default: Any = None
    info: list[str] = field(default_factory=list)
    help: str = ""
    sure: frozenset[int] | Callable[[], frozenset[int]] = field(
        default=frozenset(), compare=False, repr=False)  # how it is asked, not what

    # --- constructors ----------------------------------------------------------------
    @classmethod
    def one(cls, prompt: str, options: Sequence[Option], **kw: Any) -> Question:
        return cls(prompt, ONE, list(options), **kw)

    @classmethod
    def many(
        cls, prompt: str, options: Sequence[Option], lo: int, hi: int, **kw: Any
    ) -> Question:
        return cls(prompt, MANY, list(options), lo=lo, hi=hi, **kw)

    @classmethod
    def number(cls, prompt: str, lo: int, hi: int, **kw: Any) -> Question:
        return cls(prompt, NUMBER, lo=lo, hi=hi, **kw)

    @classmethod
    def yes_no(cls, prompt: str, **kw: Any) -> Question:
        return cls(prompt, YES_NO, **kw)

    def sure_of(self) -> frozenset[int]:
        """The indices of the options the form is :attr:`sure` of (its function called
        the first time, the answer kept)."""
        sure = self.sure
        if callable(sure):
            sure = self.sure = sure()
        return sure

    # --- presentation --------------------------------------------------------------
    def hint(self) -> str:
        """What may be typed, e.g. '(choose 1 to 3 of the 5, comma-separated numbers or
        names)': how many to choose, and among how many (issue 43: "(1-13, ...)" above 27
        options read as the options' numbers)."""
        if self.kind == ONE:
            return "(number or name)"
        if self.kind == MANY:
            many = f"{self.lo} to {self.hi}" if self.lo != self.hi else f"{self.lo}"
            extra = "; 'none'" if self.lo == 0 else ""
            again = ", 'Name x2' to repeat" if self.repeat else ""
            n = len(self.options)
            if n == 1 and not self.repeat:  # not 'choose 1 of the 1' (issue 43)
                return f"(the only one: 1 or its name{extra})"
            if self.lo == self.hi == n and not self.repeat:  # not 'choose 3 of the 3'
                return f"(all {n}: their numbers or names, comma-separated)"
            return (f"(choose {many} of the {n}, comma-separated numbers or "
                    f"names{again}{extra})")
        if self.kind == NUMBER:
            default = f", Enter = {self.default}" if self.default is not None else ""
            return f"({self.lo}-{self.hi}{default})"
        default = f", Enter = {'yes' if self.default else 'no'}" if self.default is not None else ""
        return f"(yes/no{default})"

    def lines(self) -> list[str]:
        """The question as plain text lines, options numbered from 1."""
        out = list(self.info)
        out.append(f"{self.prompt} {self.hint()}")
        for i, opt in enumerate(self.options, 1):
            detail = f"  - {opt.detail}" if opt.detail else ""
            out.append(f"  {i:>2}. {opt.label}{detail}")
        return out

    # --- parsing -------------------------------------------------------------------
    def parse(self, text: str) -> Any:
        """The answer typed as ``text``, or :class:`InputError` saying what is wrong."""
        text = text.strip()
        if not text and self.default is not None:
            return self.default
        if self.kind == ONE:
            if not text:
                raise InputError("choose one of the options (by number or name)")
            return self._option(text).value
        if self.kind == MANY:
            return self._many(text)
        if self.kind == NUMBER:
            return self._number(text)
        if self.kind == YES_NO:
            key = fold(text)
            if key in ("y", "yes", "o", "ok", "1", "true"):
                return True
            if key in ("n", "no", "0", "false"):
                return False
            raise InputError("answer yes or no")
        raise InputError(f"unknown question kind {self.kind}")  # pragma: no cover

    def _option(self, text: str) -> Option:
        key = fold(text)
        if key.isdigit():
            n = int(key)
            if 1 <= n <= len(self.options):
                return self.options[n - 1]
            raise InputError(f"{n} is not one of the options 1-{len(self.options)}")
        exact = [o for o in self.options if key in o.names()]
        if len(exact) == 1:
            return exact[0]
        hits = [o for o in self.options if any(n.startswith(key) for n in o.names())]
        if not hits:  # a later word of the name: 'tolima' finds 'Huila-Tolima'
            hits = [o for o in self.options
                    if any(w.startswith(key) for n in o.names() for w in _words(n))]
        if len(hits) == 1:
            return hits[0]
        if not hits:
            raise InputError(f"{text!r} is not one of the options")
        names = ", ".join(o.label for o in hits[:6])
        raise InputError(f"{text!r} is ambiguous: {names}")

    def _many(self, text: str) -> list[Any]:
        key = fold(text)
        if key in ("", "none", "-", "nothing"):
            picked: list[Any] = []
        elif key == "all" and not self.repeat:
            picked = [o.value for o in self.options]
        else:
            parts = [p.strip() for p in text.split(",")] if "," in text else [text.strip()]
            if len(parts) == 1 and all(p.isdigit() for p in parts[0].split()):
                parts = parts[0].split()
            picked = []
            for part in parts:
                if not part:
                    continue
                times = 1
                m = re.fullmatch(r"(.*?)\s*[x×*]\s*(\d+)", part)
                if m and self.repeat:
                    part, times = m.group(1), int(m.group(2))
                value = self._option(part).value
                picked.extend([value] * times)
        if not self.repeat and len(picked) != len({_key(v) for v in picked}):
            raise InputError("the same option was named twice")
        if not self.lo <= len(picked) <= self.hi:
            want = f"{self.lo}" if self.lo == self.hi else f"{self.lo} to {self.hi}"
            raise InputError(f"choose {want}, not {len(picked)}")
        return picked

    def _number(self, text: str) -> int:
        key = fold(text)
        if key in ("max", "all"):
            return self.hi
        try:
            n = int(key)
        except ValueError:
            raise InputError(f"type a whole number from {self.lo} to {self.hi}") from None
        if not self.lo <= n <= self.hi:
            raise InputError(f"{n} is not from {self.lo} to {self.hi}")
        return n

    def check(self, value: Any) -> Any:
        """Validate an already-parsed answer (from a widget rather than typed text)."""
        if self.kind == ONE:
            if not self._offers(value):
                raise InputError("not one of the options")
        elif self.kind == MANY:
            values = list(value)
            for v in values:
                if not self._offers(v):
                    raise InputError("not one of the options")
            if not self.repeat and len(values) != len({_key(v) for v in values}):
                raise InputError("the same option was named twice")
            if not self.lo <= len(values) <= self.hi:
                raise InputError(f"choose {self.lo} to {self.hi}, not {len(values)}")
            return values
        elif self.kind == NUMBER:
            if not isinstance(value, int) or not self.lo <= value <= self.hi:
                raise InputError(f"a whole number from {self.lo} to {self.hi}")
        elif self.kind == YES_NO and not isinstance(value, bool):
            raise InputError("answer yes or no")
        return value


    def _offers(self, value: Any) -> bool:
        """Whether ``value`` is one of the options' values (lists and tuples alike);
        an option's own value object, as a list widget returns it, is found first."""
        for o in self.options:  # a loop: cheaper than any() over a generator
            if o.value is value:
                return True
        key = _key(value)
        return any(_key(o.value) == key for o in self.options)


def answers(question: Question) -> list[Option]:
    """Every answer of ``question`` as an option, whatever its kind: a number question
    offers each number from ``lo`` to ``hi``, a yes/no question yes and no (a question
    of one or several options: its options)."""
    if question.kind == NUMBER:
        return [Option(n, str(n)) for n in range(question.lo, question.hi + 1)]
    if question.kind == YES_NO:
        return [Option(True, "yes"), Option(False, "no")]
    return list(question.options)


def _words(name: str) -> list[str]:
    return re.split(r"[\s\-&/(),]+", name)


def _key(value: Any) -> Any:
    """A hashable stand-in for an option value (lists become tuples)."""
    if isinstance(value, list):
        return tuple(_key(v) for v in value)
    return value


class FormRun:
    """Runs a form, remembering the answers so that :meth:`back` can replay it.

    ``question`` is the question awaiting an answer, or None once the form returned;
    then ``result`` holds its value.

    A form is a generator, which cannot be copied: trying an answer and taking it back
    costs a replay of the form from its first question. :meth:`legal_question` tries
    every answer of the current question, each on a generator of its own, and keeps
    those that took theirs (*branches*), so the answer then given continues from its
    branch instead of being sent again after one more replay.
    """

    #: the generator paused at the current question; None once used up trying an answer
    _live: Form | None

    def __init__(self, factory: FormFactory) -> None:
        self.factory = factory
        self.answers: list[Any] = []
        self.question: Question | None = None
        self.result: Any = None
        self.done = False
        self._replay()

    # --- the generator at the current question ---------------------------------------
    @property
    def _gen(self) -> Form:
        """The generator paused at the current question (made again by a replay when
        the one there was used up trying an answer)."""
        gen = self._live
        if gen is None:
            gen = self._live = self._fresh()
        return gen

    @_gen.setter
    def _gen(self, gen: Form) -> None:
        self._live = gen

    def _fresh(self) -> Form:
        """A new generator fed the remembered answers (deterministic forms: it stops at
        the same question)."""
        gen = self.factory()
        next(gen)
        for answer in self.answers:
            gen.send(answer)
        return gen

    def _replay(self) -> None:
        """Restart the form and feed it the remembered answers."""
        self.done = False
        self.result = None
        self._branches: list[_Branch] | None = None
        self._legal: Question | None = None
        gen = self.factory()
        self._gen = gen
        try:
            question = next(gen)
            for answer in self.answers:
                question = gen.send(answer)
        except StopIteration as stop:
            self.question = None
            self.result = stop.value
            self.done = True
            return
        self.question = question

    def answer_text(self, text: str) -> None:
        """Answer the current question with typed text (InputError: nothing changes)."""
        if self.question is None:
            raise InputError("the form is complete")
        self.answer(self.question.parse(text))

    def answer(self, value: Any) -> None:
        """Answer the current question with a parsed value (InputError: nothing changes)."""
        if self.question is None:
            raise InputError("the form is complete")
        value = self.question.check(value)
        branch = self._branch(value)
        if branch is not None:  # tried already by legal_question: go on from there
            self._go_on(branch.value, branch.gen, branch.next, branch.done, branch.result)
            return
        try:
            question = self._gen.send(value)
        except AndeanError as err:  # a rule the form ran into: refuse the answer
            self._replay()
            raise InputError(str(err)) from None
        except StopIteration as stop:
            self._go_on(value, None, None, True, stop.value)
            return
        except InputError:
            self._replay()  # the generator died: rebuild it as it was
            raise
        self._go_on(value, self._gen, question, False, None)

    def _go_on(self, value: Any, gen: Form | None, question: Question | None, done: bool,
               result: Any) -> None:
        """The answer ``value`` taken: the form is at ``question`` on ``gen``, or
        ``done`` with ``result``."""
        self.answers.append(value)
        self._branches = None
        self._legal = None
        self._live = gen
        self.question = question
        self.done = done
        self.result = result

    def _branch(self, value: Any) -> _Branch | None:
        """The branch that took ``value`` (:meth:`legal_question`), if any: the very
        option value, or an equal one of the same plain type (a number, yes/no)."""
        if not self._branches:
            return None
        for branch in self._branches:
            if branch.value is value:
                return branch
        if type(value) in _PLAIN:
            for branch in self._branches:
                if type(branch.value) is type(value) and branch.value == value:
                    return branch
        return None

    def _try(self, value: Any) -> _Branch | None:
        """``value`` sent to a generator at the current question of its own (the
        paused one if still unused, else a fresh one): the branch it leads to, or None
        if the form refuses it (nothing else changes)."""
        assert self.question is not None
        try:
            value = self.question.check(value)
        except InputError:
            return None
        gen = self._live if self._live is not None else self._fresh()
        self._live = None  # used up: the next reader replays (:attr:`_gen`)
        try:
            question = gen.send(value)
        except (AndeanError, InputError):
            return None
        except StopIteration as stop:
            return _Branch(value, None, None, True, stop.value)
        return _Branch(value, gen, question, False, None)

    def accepts(self, value: Any) -> bool:
        """Whether the current question's form takes ``value`` (a parsed answer), tried
        and taken back: a form may refuse an option it offered once it sees where the
        answer leads (no Special Activity left to do...). Costs a replay of the form."""
        try:
            self.answer(value)
        except InputError:
            return False
        self.back()
        return True

    def legal_question(self) -> Question:
        """The current question with only the answers the form takes: a question of one
        answer (an option, a number, yes/no) becomes a question of one option among
        exactly those (each tried, as :meth:`accepts` does); a question of several
        options is returned as it is (each option is legal, the form checks the
        combination). What a program answering for a seat is asked (the agents, issue
        34); the kind asked is still ``self.question.kind``.

        Made once per question (asked again, the same Question comes back). Each answer
        but those the question is ``sure`` of is tried on a generator of its own (one
        replay of the form each but the first) and kept where taken, so :meth:`answer`
        with one of them goes on from its try without sending it again. A try that
        finished the form left in shared places (a :class:`Trial` in a
        DecisionContext's ``extra``) what the *last* finished try made, not necessarily
        the answer's: a reader checks the command (:func:`agents.env.keep_trial`
        does)."""
        question = self.question
        if question is None:
            raise InputError("the form is complete")
        if question.kind == MANY:
            return question
        if self._legal is not None:
            return self._legal
        legal: list[Option] = []
        branches: list[_Branch] = []
        sure = question.sure_of()
        for i, option in enumerate(answers(question)):
            if i in sure:  # taken, as the form promises: tried only if answered
                legal.append(option)
                continue
            branch = self._try(option.value)
            if branch is not None:
                legal.append(option)
                branches.append(branch)
        if not legal:
            raise InputError(f"no answer to {question.prompt!r} is legal")
        self._branches = branches
        self._legal = Question(question.prompt, ONE, legal, default=None,
                               info=list(question.info), help=question.help)
        return self._legal

    def back(self) -> bool:
        """Return to the previous question (False if at the first one)."""
        if not self.answers:
            return False
        self.answers.pop()
        self._replay()
        return True

    @property
    def depth(self) -> int:
        return len(self.answers)


class _Branch(NamedTuple):
    """An answer tried (:meth:`FormRun.legal_question`) and taken: ``value`` sent to
    ``gen``, which then asks ``next``, or the form is ``done`` with ``result``."""

    value: Any
    gen: Form | None
    next: Question | None
    done: bool
    result: Any


#: Value types matched by equality when an answer meets a branch (else by identity).
_PLAIN = (int, bool, str, type(None))
