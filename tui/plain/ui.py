"""The line-oriented ``--plain`` mode of ``andean play`` and ``andean assist``.

One question at a time on stdout, one answer a line on stdin: usable with a screen
reader, from a script, or in a test. The same forms as the Textual app (see
:mod:`decisions.base`); at any prompt these words work too:

``help``, ``board [WORD]``, ``space NAME``, ``tracks`` (or ``status``), ``card``, ``log [N]``,
``why [N]``, ``show [N]``, ``save [FILE]``, ``quit``, ``undo``; inside a form ``back``
and ``cancel``; at the start of a decision ``rollback N`` and ``hint``;
in ``assist`` the board editor (``help edit``).

Every prompt names the Faction acting ("FARC — roll the red die: ... (1-6): ") and
what may be typed; a yes/no question takes only yes or no (y/n). ``undo`` at a die
prompt of a Non-player's turn abandons that turn (nothing of it is kept) and takes back
the person's last decision; in the middle of a decision it drops what was answered,
and says so, first.

In ``assist``, a person's decision ends with the table check: after a form, "does the
board match the table?" before it is recorded (no: back to the form); a choice carried
out on the table opens the board editor, where the person makes the program's board
what the table shows, then the same check (no: back to the editor). Only then does the
card go on and the next Non-player act.

``log`` is the save's command log (:mod:`tui.turn_log`): card headings, the turns
under them numbered for ``show``/``why``; undone or rolled-back turns are gone from it.

Bad input prints a message starting with ``!`` and changes nothing. At the end of the
input the game is saved and the program stops (it resumes with ``--load``).
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable
from typing import TextIO

from agents.connection import AgentError
from core.cards import CARDS
from core.commands import Command
from core.errors import AndeanError, IllegalAction
from core.files import same_path, shown
from core.game import sequence
from core.game.board_editor import RecordAction, SetCurrentCard, SetNextCard
from core.map import MAP
from core.pieces import Faction
from core.state import GameState
from core.words import counted, printable
from decisions.base import YES_NO, Cancelled, InputError, Question, fold
from decisions.decision import Decision
from decisions.editor import EDIT_HELP, find_card, is_edit, parse_edit
from tui import describe, table_deck
from tui.agent_args import SEAT_NAMES
from tui.available import available_lines
from tui.board_changes import CARD_STEPS
from tui.controller import Controller, Preview, TurnReport, solo_result_lines
from tui.prompts import (
    RECORDED,
    board_match,
    die_name,
    die_purpose,
    discord_question,
    yes_no,
)
from tui.seats import seat_lines
from tui.turn_log import Undo, current_heading, naming_line, numbered, turn_by_number
from tui.victory_watch import decision_warning

HELP = """\
At any prompt:
  help                this help (help edit: the board editor, in assist)
  board [WORD]        spaces with pieces (WORD: all, city, dept, loc, farc, auc, cartels,
                      govt, or part of a name); space NAME: everything about one space
  tracks (status), card
                      Resources, Aid, margins, Eligibility; the current and next card
                      with their printed texts
  log [N]             the history: each card (numbered) with its turns (numbered);
                      N: only the last N cards
  show [N], why [N]   a turn's instructions; its reasons (the last Non-player's; w = why)
  save [FILE], quit   save now (to FILE: the game moves there; an existing FILE
                      only after a yes); save and stop (resume with --load FILE)
  undo                take back your last decision, naming every command it takes
                      back (again: further back; assist lists the steps back on the
                      table and asks yes/no first; so do the others when the
                      rules take back more with it, a Round's phases); in the middle
                      of a decision, what was answered is dropped first (said); at a
                      die prompt of a Non-player's turn, that turn is abandoned first
  seat FACTION agent COMMAND, seat FACTION me, seat FACTION bot
                      hand a seat to an outside program (docs/agents.md), take a seat
                      yourself, or hand it to the section-8 flowchart (the Government:
                      the program's AI); from the next decision on, logged
  seats               who plays each seat now
In a form: back (previous question), cancel (start the decision again).
At the start of a decision: rollback N (back to the start of card N of the log, after
a confirmation; a Propaganda Round: its first decision, after 6.1-6.3), hint (the
seat's suggestion: the search Government's, an Insurgent's flowchart advice; in assist
checked against the table like any decision), transfer
(give Resources or Shipments to another Faction, a Non-player too: 1.5.2, 8.1.2).
Assist, at a card prompt: the card's number, its title or the start of its title
(accents optional); 'draw': the program draws the card from its own deck; 'next CARD'
and 'current CARD' work as in the board editor.
Yes/no questions take yes or no (y/n); numbers are asked with their range."""

def parse(question: Question, text: str) -> object:
    """``text`` as the answer to ``question`` (:meth:`Question.parse`, a yes/no strictly)."""
    if question.kind == YES_NO:
        return yes_no(question, text)
    return question.parse(text)


#: what the table is asked when a card becomes face up (assist)
CARD_QUESTIONS = {
    "current": "which card is face up now (play reached a card the table did not name)",
    "next": "which card is on top of the deck now",
}
#: what a card prompt accepts (:func:`decisions.editor.find_card`)
CARD_ACCEPTS = "number, title or the start of a title"


class Quit(Exception):
    """The person asked to stop (or the input ended)."""


class _Back(Exception):
    pass


class UndoRequest(Exception):
    """``undo`` typed at a die prompt: the turn being played is abandoned, then undone."""


#: The longest line read as an answer: a number, a word, a card title, an editor line
#: ("place 3 Troops in Bogotá") are far shorter.
LONGEST_ANSWER = 1000


class PlainUI:
    """Runs a :class:`Controller` on text streams."""

    def __init__(self, controller: Controller, inp: TextIO, out: TextIO, *,
                 assist: bool = False, echo: bool | None = None,
                 expert: bool = False) -> None:
        self.c = controller
        self.expert = expert  # hints show the search's numbers too (--expert)
        self.inp = inp
        self.out = out
        self.assist = assist
        self.echo = (not _isatty(inp)) if echo is None else echo
        self._top = False  # at the first question of a decision
        self._shown: Question | None = None  # the question last shown in full
        #: whose Non-player turn is being run, until its first die is asked (ask_die)
        self._turn_unsaid = ""
        #: the Faction whose turn or decision is being played (named by the prompts)
        self.acting: Faction | None = None
        #: who the prompts name when no Faction acts (the table naming a card)
        self.speaker = ""

    # --- output and input ----------------------------------------------------------
    def say(self, *lines: str) -> None:
        """Print ``lines``; control characters (from a save's strings, from what was
        typed) are shown escaped, never sent to the terminal (:func:`printable`)."""
        for line in lines:
            print(printable(line), file=self.out)
        self.out.flush()

    def read(self, prompt: str = "> ") -> str:
        """The next answer. A line longer than any answer (:data:`LONGEST_ANSWER`) is
        refused with its length, never echoed in full (a 5 MB line gave a 5 MB error)."""
        while True:
            line = self._read_line(prompt)
            if len(line) <= LONGEST_ANSWER:
                return line
            self.say(f"! a line of {len(line):,} characters is no answer (at most "
                     f"{LONGEST_ANSWER:,}): type a number, a word or a card title")

    def _read_line(self, prompt: str) -> str:
        if self.inp is sys.stdin and self.out is sys.stdout and _isatty(self.inp):
            try:  # input() gives line editing and Tab completion in a terminal
                return input(prompt)
            except EOFError:
                self.say("")
                raise Quit("end of input") from None
        self.out.write(prompt)
        self.out.flush()
        line = self.inp.readline()
        if not line:
            self.say("")
            raise Quit("end of input")
        line = line.rstrip("\n")
        if self.echo:
            self.say(shown(line))  # (cut: a long line is refused just after)
        return line

    # --- global commands -------------------------------------------------------------
    def global_command(self, text: str) -> bool:
        """Handle a word that works at any prompt; True if ``text`` was one."""
        words = text.strip().split(maxsplit=1)
        if not words:
            return False
        word, rest = fold(words[0]), (words[1] if len(words) > 1 else "")
        if word in ("help", "?"):
            self.say(EDIT_HELP if fold(rest) == "edit" else HELP)
            if self.assist and fold(rest) != "edit":
                self.say("Board editor: type 'help edit'.")
            return True
        if word == "board":
            self.show_board(rest)
            return True
        if word == "space" and rest:
            try:
                self.say(*describe.space_detail(self.c.state, MAP.id_of(rest)))
            except KeyError as err:
                self.say(f"! {err.args[0] if err.args else err}")
            return True
        if word in ("tracks", "status"):  # the cards as far as the table sees them
            cards = self.c.public_cards()
            self.say(describe.whose_turn(self.c.state, cards),
                     *describe.tracks_lines(self.c.state, cards),
                     *available_lines(self.c.state))
            return True
        if word == "card" and not rest:
            self.say(*describe.cards_lines(self.c.state, self.c.public_cards()))
            return True
        if word == "log":
            self.show_log(rest)
            return True
        if word in ("why", "w", "show"):  # w: the app's key for the same
            self.show_turn(rest, reasons=word != "show")
            return True
        if word == "save":
            self.save_as(rest.strip() or None)
            return True
        if word == "seat":
            self.change_seat(rest)
            return True
        if word == "seats" and not rest:
            self.say(*seat_lines(self.c.state, agents=self.c.agent_specs))
            return True
        if word in ("quit", "exit"):
            raise Quit("quit")
        return False

    def change_seat(self, text: str) -> None:
        """``seat FACTION agent COMMAND``, ``seat FACTION me`` or ``seat FACTION bot``
        (issue 34): who plays a seat from the next decision on, logged."""
        parts = text.split(maxsplit=2)
        faction = SEAT_NAMES.get(fold(parts[0])) if parts else None
        how = fold(parts[1]) if len(parts) > 1 else ""
        if faction is not None and how == "agent" and len(parts) == 2:
            self.say("! no command given for the agent: seat FACTION agent COMMAND")
            return
        if faction is None or how not in ("agent", "me", "bot") or (how == "agent") != (
                len(parts) == 3):
            self.say("! seat FACTION agent COMMAND, seat FACTION me or seat FACTION bot "
                     "(FACTION: Government, FARC, AUC, Cartels)")
            return
        try:
            report = self.c.hand_seat(faction, {"me": "person"}.get(how, how),
                                      parts[2] if how == "agent" else None)
        except (AgentError, AndeanError) as err:
            self.say(f"! {err}")
            return
        self.say(*(report.account or report.instructions))

    def save_as(self, name: str | None) -> None:
        """``save [FILE]``: save now; to FILE, the game moves there (its autosaves too).
        An existing FILE other than the game's own is replaced only after a yes."""
        replace = False
        path = self.c.session.path
        if name is not None and os.path.lexists(name) and (
                path is None or not same_path(name, path)):
            replace = self.yes_or_no(f"{shown(name)} exists: replace it with this game?")
            if not replace:
                self.say(f"Not saved to {shown(name)}.")
                return
        try:
            self.say(f"Saved to {self.c.save(name, replace)}")
        except (OSError, ValueError) as err:
            self.say(f"! cannot save: {err}")

    def who(self) -> str:
        """The name the prompts start with: the Faction acting (or to move)."""
        if self.speaker:
            return self.speaker
        faction = self.acting if self.acting is not None else self.c.to_move()
        return faction.label if faction is not None else "Table"

    def prompt_line(self, question: Question) -> str:
        """The question's prompt, naming the acting Faction first, with what may be
        typed: 'FARC — How many steps in Cali? (1-3)'."""
        who = self.who()
        prompt = question.prompt
        if not fold(prompt).startswith(fold(who)):
            prompt = f"{who} — {prompt}"
        return f"{prompt} {question.hint()}"

    def question_lines(self, question: Question) -> list[str]:
        lines = question.lines()
        n = len(question.info)
        lines[n] = self.prompt_line(question)
        return lines

    def answer(self, question: Question) -> object:
        """Ask ``question`` (outside a form) until the answer parses."""
        while True:
            try:
                return parse(question, self.ask(question, form=False))
            except InputError as err:
                self.rejected(err)

    def yes_or_no(self, text: str) -> bool:
        """A yes/no (Enter: no) asked in the middle of a decision: the words of the
        decision's first question (undo, rollback, save...) are not offered meanwhile."""
        top, self._top = self._top, False
        try:
            return bool(self.answer(Question.yes_no(text, default=False)))
        finally:
            self._top = top

    def show_board(self, word: str) -> None:
        state = self.c.state
        key = fold(word)
        rows = []
        for s in state.spaces_in_play():
            if not board_match(state, s.id, key):
                continue
            rows.append(describe.space_row(state, s.id))
        if not rows:
            self.say("(no space matches)")
            return
        widths = [max(len(r[i]) for r in rows + [describe.BOARD_COLUMNS])
                  for i in range(len(describe.BOARD_COLUMNS))]
        for row in [describe.BOARD_COLUMNS, *rows]:
            self.say("  ".join(v.ljust(w) for v, w in zip(row, widths)).rstrip())

    def show_log(self, last: str = "") -> None:
        """The history: card headings (numbered for ``rollback``) and the turns under
        them (numbered for ``show`` and ``why``)."""
        groups = self.c.cards()
        if not groups:
            self.say("(no turn yet)")
            return
        try:
            n = int(last) if last.strip() else len(groups)
        except ValueError:
            self.say("! log N shows the last N cards")
            return
        for group in groups[-max(n, 1):]:
            self.say(f"Card {group.number}: {group.heading()}")
            self.say(*[f"       {line}" for line in group.opening])
            for turn in group.turns:
                if turn.naming:
                    self.say(f"       {naming_line(turn)}")
                    continue
                self.say(f"  {turn.number:>3}. {turn.report.heading()}")
                if turn.report.note:
                    self.say(f"       (reasons not rebuilt: {turn.report.note})")
                self.say(*[f"       {line}" for line in group.automatic.get(turn.number, [])])
        state = self.c.state
        if not self.c.is_over() and (groups[-1].card, groups[-1].phase) != (
                state.current_card, state.phase):
            self.say(f"Now: {current_heading(state, self.c.public_cards())}")
        self.say("(show N, why N: a turn; rollback N: back to the start of card N)")

    def show_turn(self, which: str, reasons: bool) -> None:
        turns = [t for t in self.c.turns() if not t.naming]
        if not turns:
            self.say("(no turn yet)")
            return
        try:
            n = int(which) if which.strip() else None
        except ValueError:
            self.say("! give the turn number shown by 'log'")
            return
        history = [t.report for t in turns]
        if n is None:
            candidates = [r for r in history if r.nonplayer] if reasons else history
            rep = candidates[-1] if candidates else history[-1]
        elif (turn := turn_by_number(turns, n)) is not None:
            rep = turn.report
        else:
            self.say(f"! no turn {n} (1-{len(turns)})")
            return
        if reasons:
            self.say(f"Why {rep.heading()}:", *[f"  {r}" for r in rep.why_lines()])
        else:
            self.say(*rep.lines())

    # --- asking ----------------------------------------------------------------------
    def rejected(self, err: InputError) -> None:
        """A typed answer was refused: say why; the question is then asked again whole,
        its options with it (trial 43a: after '! 5 is not one of the options 1-3' only
        the prompt line came back, and the options were out of sight above)."""
        self.say(f"! {err}")
        self._shown = None

    def ask(self, question: Question, *, form: bool = True) -> str:
        """Show ``question`` and return the typed answer (global commands handled).
        Asked again after a global command's output (help, log...), only its prompt
        line is repeated, so the last line before '>' always says who is asked what;
        after a refused answer (:meth:`rejected`) it is shown whole, options included."""
        if self._shown is question:
            self.say(self.prompt_line(question))
        else:
            self.say(*self.question_lines(question))
        self._shown = question
        while True:
            text = self.read()
            if self.global_command(text):
                if form and self.acting is not None and self.acting is self.c.to_move() \
                        and not self.c.person_to_move():
                    raise Cancelled()  # its seat was handed over: its new player decides
                self.say(self.prompt_line(question))  # asked again, under what was shown
                continue
            key = fold(text)
            if key == "undo":
                raise UndoRequest()
            if form and key == "back":
                raise _Back()
            if form and key == "cancel":
                raise Cancelled()
            if self._top and self.special_top(text):
                self.say(self.prompt_line(question))
                continue
            return text

    def special_top(self, text: str) -> bool:
        """Words open only at the start of a decision: rollback, hint, the editor."""
        key = fold(text)
        if key.split()[:1] == ["rollback"]:
            self.rollback(text.strip()[len("rollback"):].strip())
            return True
        if key == "hint":
            self.show_hint()
            return True
        if self.assist and is_edit(text):
            self.edit(text)
            return True
        if key == "transfer":
            self.transfer()
            return True
        return False

    def transfer(self) -> None:
        """``transfer``: the transfer form (1.5.2; to a Non-player too, 8.1.2 PLAY NOTE),
        then the transfer applied and logged; raises Cancelled to ask the decision again
        (the board changed). ``cancel`` abandons it, nothing changed."""
        try:
            form = self.c.transfer_decision().form
        except InputError as err:
            self.say(f"! {err}")
            return
        top, self._top = self._top, False
        try:
            while not form.done:
                assert form.question is not None
                question = form.question
                try:
                    text = self.ask(question)
                except _Back:
                    if not form.back():
                        self.say("! this is the first question ('cancel' abandons the "
                                 "transfer)")
                    continue
                except Cancelled:
                    self.say("No transfer.")
                    return
                try:
                    form.answer(parse(question, text))
                except InputError as err:
                    self.rejected(err)
            try:
                rep = self.c.apply(form.result)
            except AndeanError as err:
                self.say(f"! {err}")
                return
        finally:
            self._top = top
        self.print_report(rep)
        raise Cancelled()  # the board changed: ask the decision again

    def undo(self, dropped: str = "") -> None:
        """``undo``: back to the start of the person's last decision, saying every
        command it takes back (one record, :meth:`Controller.undo_plan`, says it and
        is acted on). In assist the steps that take the table back are listed first,
        and asked (issue 31 item 3). ``dropped``: what was being decided when undo was
        typed and is dropped with it, said first (issue 43: a half-done Event or
        Redeploy went unsaid, and 'nothing to undo' was printed after dropping one)."""
        if dropped:
            self.say(dropped)
        plan = self.c.undo_plan()
        if plan is None:
            self.say("Nothing before it to undo: decide again." if dropped
                     else "! nothing to undo")
            return
        said = self.c.undo_said(plan)
        # asked under the name of the decision taken back, not of whoever was acting
        # when undo was typed (issue 43: a Non-player's die asked it as AUC's)
        decider = plan.decision.faction
        speaker, self.speaker = self.speaker, (
            decider.label if decider is not None and plan.decision.kind != "card"
            else "Table")
        try:
            self._undo(plan, said)
        finally:
            self.speaker = speaker

    def _undo(self, plan: Undo, said: str | None) -> None:
        if self.assist:
            steps = self.c.undo_steps(plan) or []
            self.say(f"Undo: {said}", "On the table:",
                     *[f"  {line}" for line in numbered(steps, align=False)]
                     or ["  (nothing to take back on the board)"])
            if not self.undo_asked():
                self.say("Nothing changed.")
                return
        elif self.c.rules_taken(plan.point):
            # the rules take it further than the decision: said and asked first
            # (issue 43 item 1: the Round's first phases went unsaid)
            self.say(f"Undo: {said}")
            if not self.undo_asked():
                self.say("Nothing changed.")
                return
        self.c.undo(plan)
        self.say(f"Undone: {said}")

    def undo_asked(self) -> bool:
        """"Undo the last decision?": ``undo`` typed there is a yes (it works at any
        prompt; here it crashed the line mode, an UndoRequest raised inside the undo,
        issue 43 trial b finding 1)."""
        try:
            return self.yes_or_no("Undo the last decision?")
        except UndoRequest:
            return True

    def rollback(self, which: str) -> None:
        """``rollback N``: back to the start of card N of the log, once confirmed (the
        game is autosaved there); raises Cancelled to ask the decision again."""
        groups = self.c.cards()
        if not groups:
            self.say("! nothing to roll back: no turn yet")
            return
        try:
            n = int(which) if which else 0
        except ValueError:
            n = 0
        if not 1 <= n <= len(groups):
            self.say(f"! rollback N: N is a card number shown by 'log' (1-{len(groups)})")
            return
        group = groups[n - 1]
        if self.c.takes_back_nothing(group):
            self.say(f"! rollback {n}: nothing to take back, the game stands at the start "
                     f"of card {n} (no turn on it yet)")
            return
        self.say(self.c.rollback_said(group))
        self.say(*[f"  {line}" for line in self.c.rollback_taken(group)])
        if self.assist:
            self.say("Take it back on the table: put the cards back as they were at the "
                     "start of that card, and:", *[f"  {line}" for line in numbered(
                         self.c.rollback_steps(group), align=False)]
                     or ["  (nothing to take back on the board)"])
        if not self.yes_or_no(f"Roll back to {group.back_to_short}?"):
            self.say("Nothing changed.")
            return
        self.c.rollback(group)
        self.say(f"Rolled back to {group.back_to}.")
        raise Cancelled()

    def edit(self, text: str) -> None:
        try:
            rep = self.c.edit(parse_edit(text))
        except (InputError, AndeanError) as err:
            self.say(f"! {err}")
            return
        self.say(*(numbered(rep.instructions, align=False) or rep.account or ["(no change)"]))
        raise Cancelled()  # the board changed: ask the decision again

    def _deck_card(self, card: int) -> int:
        """A Propaganda title names the first Propaganda card still in the deck."""
        return self.c.deck_card(card)

    def warning(self) -> str | None:
        """Before a person's decision with a Propaganda card next: who would win its
        victory check as the board stands (:mod:`tui.victory_watch`)."""
        return decision_warning(self.c.state, self.c.person_to_move(),
                                not (self.assist and self.c.needs_next_card()))

    def show_hint(self) -> None:
        try:
            h = self.c.hint()
        except ImportError:
            self.say("! no hint available: the search Government is not installed")
            return
        except Exception as err:  # a bot failing must not lose the game
            self.say(f"! the hint failed: {err}")
            return
        lines = h.lines(self.expert) if hasattr(h, "lines") \
            else [str(getattr(h, "explanation", ""))]
        warning = self.warning()
        self.say(*([warning] if warning else []), f"Hint: {lines[0]}", *lines[1:])
        cmd = getattr(h, "command", None)
        if cmd is None:
            return
        q = Question.yes_no("Preview the suggestion (and apply it if you confirm)?",
                            default=False)
        if not self.answer(q):
            return
        try:
            preview = self.c.preview(cmd, chooser=getattr(h, "chooser", None))
        except AndeanError as err:
            self.say(f"! the suggestion cannot be applied: {err}")
            return
        if self.check_and_commit(preview):
            raise Cancelled()  # the decision is made

    # --- the main loop ---------------------------------------------------------------
    def run(self) -> int:
        if _isatty(self.inp):
            _enable_completion()
        with contextlib.suppress(Quit):
            self.loop()
        if self.c.session.path is not None:
            try:
                self.say(f"Game saved to {self.c.save()}")
            except OSError as err:
                self.say(f"! could not save: {err}")
        return 0

    def loop(self) -> None:
        if self.assist and not self.c.is_over():
            self.say(*describe.card_text(self.c.state.current_card))
        while True:
            self.acting = None
            if self.c.is_over():
                self.say(*solo_result_lines(self.c.state))
                if self.after_the_end():
                    continue  # undone or rolled back: the game goes on
                return
            if self.assist and self.c.card_to_name() is not None:
                self.ask_card(self.c.card_to_name() or "next")
                continue
            if self.c.nonplayer_to_move():
                self.nonplayer()
                continue
            self.decide()

    def after_the_end(self) -> bool:
        """The game is over: its history and board can still be read (``log``, ``show
        N``, ``board``...), the last decision undone or a card rolled back; ``quit`` or
        the end of the input leaves. True when the game goes on (undone, rolled back)."""
        self.say("The game is over. Type log, show N, why N, board or status to read it; "
                 "undo or rollback N to take it back; quit to leave.")
        while True:
            text = self.read()
            key = fold(text)
            try:
                if self.global_command(text):
                    continue
                if key == "undo":
                    raise UndoRequest()
                if key.split()[:1] == ["rollback"]:
                    with contextlib.suppress(Cancelled):
                        self.rollback(text.strip()[len("rollback"):].strip())
                elif key:
                    self.say("! the game is over: log, show N, why N, board, status, "
                             "undo, rollback N or quit")
            except UndoRequest:  # typed here, or at a yes/no asked here (rollback, save)
                self.undo()
            if not self.c.is_over():
                return True

    def nonplayer(self) -> None:
        """One Non-player decision; with typed-in dice, who acts and why is said before
        the first die is asked."""
        self.acting = self.c.to_move()
        # said before its first die (ask_die), only if it asks for one: a turn that rolls
        # nothing is not announced as rolling (trial 43a: "(roll the dice it asks for)",
        # then "Dice: none rolled")
        self._turn_unsaid = f"{self.c.turn_line()}: its turn (roll the dice it asks for)" \
            if self.c.manual else ""
        try:
            rep = self.c.nonplayer_turn()
        except Quit:
            self.say("The Non-player turn was abandoned; nothing changed.")
            raise
        except UndoRequest:
            self.undo("The Non-player turn was abandoned; nothing of it was kept.")
            return
        finally:
            self._turn_unsaid = ""
        if rep.failure:  # said as docs/agents.md promises, before the change it made
            self.say(f"andean: agent failed: {rep.failure}")
        self.print_report(rep)
        if self.assist:
            self.say("(type 'why' for the reasons)")

    def print_report(self, rep: TurnReport) -> None:
        self.say(*rep.lines())
        if self.c.is_over():
            return
        state = self.c.state
        if rep.instructions and any(i.startswith(CARD_STEPS) for i in rep.instructions):
            self.say(*describe.card_text(state.current_card))

    def decide(self) -> None:
        """One decision of the person to move: the form, the preview, the confirmation
        (in assist, the table check; a choice carried out on the table: the editor)."""
        self.acting = self.c.to_move()
        self.c.decision_start()
        self.say(self.c.turn_line())
        warning = self.warning()
        if warning:
            self.say(warning)
        try:
            decision = self.c.decision()
        except InputError as err:
            self.say(f"! {err}")
            raise Quit(str(err)) from None
        form = decision.form
        while True:
            self._top = form.depth == 0
            try:
                if form.done:
                    if isinstance(form.result, RecordAction) and self.assist:
                        if self.record(form.result):
                            return
                        if not form.back():
                            return
                        continue
                    if self.confirm(form.result, decision):
                        return
                    if not form.back():
                        return
                    continue
                assert form.question is not None
                question = form.question
                text = self.ask(question)
                try:
                    form.answer(parse(question, text))
                except InputError as err:
                    self.rejected(err)
            except _Back:
                if not form.back():
                    self.say("! this is the first question ('cancel' starts again)")
            except Cancelled:
                return
            except UndoRequest:
                self.undo(self.dropped_line(form.depth, form.done))
                return
            finally:
                self._top = False

    @staticmethod
    def dropped_line(answers: int, done: bool) -> str:
        """What an undo typed in the middle of a decision drops first ('' at its first
        question: nothing yet)."""
        if not answers and not done:
            return ""
        given = "all its answers given" if done else counted(answers, "answer") + " given"
        return (f"The decision you were making ({given}) is dropped: nothing of it was "
                "applied.")

    def confirm(self, cmd: Command, decision: Decision) -> bool:
        """Preview ``cmd``; apply it if the person confirms. False: go back a step.
        In assist the confirmation is the table check: the board shown must be the
        table's once the move is made there."""
        try:
            preview = self.c.preview(cmd, decision.memo)
        except (IllegalAction, AndeanError) as err:
            self.say(f"! {err}")
            return False
        return self.check_and_commit(preview)

    def check_and_commit(self, preview: Preview) -> bool:
        """Show ``preview`` and apply it if the person confirms (in assist: the table
        check); False: not applied."""
        self.say(*preview.lines())
        if self.assist:
            q = Question.yes_no("Does the board match the table once this is carried out "
                                "there?", info=["(no: back to the form)"])
        else:
            q = Question.yes_no("Apply this?", default=True)
        while True:
            try:
                answer = yes_no(q, self.ask(q))
            except InputError as err:
                self.rejected(err)
                continue
            if answer:
                # the table check above listed every step, the card's end and a Round's
                # automatic phases included: "Done:" is one line for every kind of
                # decision (issue 43: it reprinted them after some kinds only)
                rep = self.c.commit(preview)
                self.say(f"Done: {rep.title}.")
                return True
            return False

    def after_decision(self, rep: TurnReport) -> None:
        """What the table carries out after a person's decision: the card's end and a
        Propaganda Round's automatic phases (assist)."""
        if self.assist and any(line.lstrip().startswith(("Propaganda Round", "6.", *CARD_STEPS))
                               for line in rep.instructions):
            self.say(*rep.lines()[1:])

    def record(self, cmd: RecordAction) -> bool:
        """A choice carried out on the table (assist): the board editor until the
        program's board is the table's, then the table check. False: back to the menu."""
        what = RECORDED.get(cmd.kind, "what was done")
        self.c.decision_start()  # the point the table check counts the edits from
        self.say(f"{self.who()}: make the program's board show {what} as carried out on the "
                 "table, one board-editor command a line ('help edit' lists them; "
                 "'board' shows the board).",
                 "Type 'done' when the board matches the table; 'cancel' goes back to the "
                 "menu (the edits stay; undo takes them back).")
        check = Question.yes_no(f"Does the board match the table after {what}?",
                                info=["(no: back to the board editor)"])
        while True:
            text = self.read(f"{self.who()} — board editor ('done' when it matches)> ")
            key = fold(text)
            if key == "undo":
                raise UndoRequest()
            if self.global_command(text):
                continue
            if key in ("cancel", "back"):
                return False
            if key == "done":
                changes = self.c.decision_edits()
                self.say(f"The board editor changed, for {what} (since the decision began):",
                         *[f"  {line}" for line in numbered(changes, align=False)]
                         or ["  (nothing)"])
                self.say(*self.c.redeploy_warnings())  # 6.5.1: warned, not refused
                if not self.answer(check):
                    self.say("Back to the board editor ('done' when the board matches).")
                    continue
                try:
                    preview = self.c.preview(cmd)
                except (IllegalAction, AndeanError) as err:
                    self.say(f"! {err}")
                    return False
                rep = self.c.commit(preview)
                self.say(f"Recorded: {what} carried out on the table.")
                self.after_decision(rep)
                return True
            if not is_edit(text):
                self.say("! a board-editor command ('help edit'), 'done' or 'cancel'")
                continue
            try:
                edited = self.c.edit(parse_edit(text))
            except (InputError, AndeanError) as err:
                self.say(f"! {err}")
                continue
            self.say(*(numbered(edited.instructions, align=False) or edited.account
                       or ["(no change)"]))

    # --- tabletop: the cards -----------------------------------------------------------
    def needs_next_card(self) -> bool:
        """The program does not know the card on top of the deck yet (assist)."""
        return self.c.needs_next_card()

    def ask_next_card(self) -> None:
        self.ask_card("next")

    def ask_card(self, which: str) -> None:
        """Ask the table for a card that became face up (``which``: 'current', the card
        face up the table never named; 'next', the card on top of the deck)."""
        self.speaker = "Table"
        try:
            self._ask_card(which)
        finally:
            self.speaker = ""

    def _ask_card(self, which: str) -> None:
        question = CARD_QUESTIONS[which]
        while True:
            text = self.read(f"Table — {question} ({CARD_ACCEPTS}; draw: from the "
                             "program's own deck)? ")
            key = fold(text)
            if key == "undo":
                self.undo()
                return
            if key.split()[:1] == ["rollback"]:
                with contextlib.suppress(Cancelled):
                    self.rollback(text.strip()[len("rollback"):].strip())
                return
            if self.global_command(text):
                continue
            if key == "draw":
                self.c.draw_card(which)
                card = self.c.state.current_card if which == "current" else \
                    self.c.state.deck[0]
                assert card is not None  # draw_card has just put it there
                self.say(table_deck.drawn_line(card, which))
                if which == "current":
                    self.say(*describe.card_text(card))
                return
            if key.split()[:1] in (["current"], ["next"]):  # the editor's card commands
                try:
                    edited = self.c.edit(parse_edit(text))
                except (InputError, AndeanError) as err:
                    self.say(f"! {err}; here: {question}? ({CARD_ACCEPTS}, or draw)")
                    continue
                self.say(*(edited.changes or edited.account or ["(no change)"]))
                if key.startswith("current"):
                    self.say(*describe.card_text(self.c.state.current_card))
                return
            try:
                card = find_card(text, events_only=which == "current")
                if which == "current":
                    self.c.apply(SetCurrentCard(card))
                else:
                    card = self._deck_card(card)
                    self.c.apply(SetNextCard(card))
            except (InputError, AndeanError) as err:
                self.say(f"! {err}")
                continue
            if which == "current":
                self.say(f"Face up: {describe.card_title(card)}")
                self.say(*describe.card_text(card))
            else:
                self.say(f"Next card: {describe.card_title(card)}")
            return

    # --- typed-in dice and Insurgent Discord ---------------------------------------------
    def ask_die(self, purpose: str) -> int:
        """Ask the person for a die: the Faction whose turn rolls it, the die
        (red/yellow/green), its purpose and the range. The words of any prompt work
        (``undo``: abandon the turn and take back the last decision)."""
        if self._turn_unsaid:  # a Non-player's first die: who rolls and why, first
            self.say(self._turn_unsaid)
            self._turn_unsaid = ""
        while True:
            text = self.read(f"{self.who()} — roll {die_name(purpose)}: "
                             f"{die_purpose(purpose)} (1-6): ")
            key = fold(text)
            if key == "undo":
                raise UndoRequest()
            if key.isdigit() and 1 <= int(key) <= 6:
                return int(key)
            if key and self.global_command(text):
                continue
            self.say("! a die shows 1 to 6")

    def ask_discord(self, state: GameState, faction: Faction) -> str:
        q = discord_question(faction, state.current_card)
        acting, self.acting = self.acting, Faction.GOVT  # the Government player answers
        try:
            return str(self.answer(q))
        finally:
            self.acting = acting


def _enable_completion() -> None:
    """Tab completes card titles, space names and command words (terminals only)."""
    try:
        import readline
    except ImportError:  # pragma: no cover - not on every platform
        return
    from decisions.editor import EDIT_WORDS

    words = sorted({c.title for c in CARDS.values()} | {s.full_name for s in MAP.spaces}
                   | {s.name for s in MAP.spaces} | set(EDIT_WORDS)
                   | {"help", "board", "space", "tracks", "card", "log", "why", "w", "show",
                      "save", "quit", "back", "cancel", "undo", "hint", "pass", "operation",
                      "event"})

    def complete(text: str, state: int) -> str | None:
        hits = [w for w in words if fold(w).startswith(fold(text))]
        return hits[state] if state < len(hits) else None

    readline.set_completer_delims("\t\n,")
    readline.set_completer(complete)
    readline.parse_and_bind("tab: complete")


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def make_ui(controller: Controller, inp: TextIO | None = None, out: TextIO | None = None, *,
            assist: bool = False, expert: bool = False) -> PlainUI:
    """A :class:`PlainUI` whose controller asks its dice and Discord through it
    (``expert``: hints show the search's numbers too)."""
    ui = PlainUI(controller, inp or sys.stdin, out or sys.stdout, assist=assist,
                 expert=expert)
    if controller.ask_dice is not None:
        controller.ask_dice = ui.ask_die
        controller.tell_dice = ui.say
    controller.discord = ui.ask_discord
    return ui


AskDie = Callable[[str], int]

__all__ = ["PlainUI", "Quit", "make_ui", "sequence"]
