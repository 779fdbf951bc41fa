"""The form for a person's whole decision: the menu the Sequence of Play allows, then the
form of the choice made (Operation, Event, Pass, a Propaganda decision, or a choice
carried out on the table and recorded by hand).

Event choices
-------------
An Event asks its open choices *while it executes* (through a Chooser, see
:mod:`core.events.choice`). :func:`event_form` runs the Event on a copy of the board with
the answers given so far; when the Event needs another answer it stops
(:class:`NeedChoice`) and the form asks the person. Choices that a card gives to a
Non-player Faction are answered by the section-8 rules (8.4). The finished command is a
:class:`~core.game.sequence.PlayEvent` carrying every answer, so the log replays it.

Dice rolled while an Event is tried out come from a :class:`MemoDice`: typed-in dice are
asked once and reused by every later try, the preview and the real execution.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from core import events
from core.cards import CARDS, card_title, event_text
from core.commands import Command, PropagandaCommand
from core.dice import DiceSource
from core.errors import IllegalAction
from core.events.choice import Choice
from core.game import Game, execute, sequence
from core.game.board_editor import RecordAction
from core.map import space_name
from core.pieces import BASE_OF, Faction, Piece
from core.rules import propaganda as prop
from core.rules.common import is_final_event_card
from core.state import GameState
from core.words import counted
from decisions import government as govt_forms
from decisions import insurgent as insurgent_forms
from decisions.base import TRIAL, Form, FormRun, InputError, Option, Question, Trial
from decisions.government import DONE, done_option, space_option, space_options

GOVT = Faction.GOVT


class MemoDice:
    """Dice that remember what they rolled: after :meth:`rewind` the same rolls come
    back in order, and only rolls beyond them reach the ``inner`` source (a person)."""

    def __init__(self, inner: DiceSource) -> None:
        self.inner = inner
        self.values: list[int] = []
        self.position = 0

    def rewind(self) -> None:
        self.position = 0

    def roll(self, state: GameState, purpose: str) -> int:
        if self.position < len(self.values):
            value = self.values[self.position]
            state.roll_log.append((purpose, value))
        else:
            value = self.inner.roll(state, purpose)
            self.values.append(value)
        self.position += 1
        return value


class NeedChoice(Exception):
    """Raised inside a trial Event when it needs an answer not given yet."""

    def __init__(self, choice: Choice) -> None:
        super().__init__(choice.why)
        self.choice = choice


NonPlayerAnswer = Callable[[GameState, Choice], list[Any]]


class ProbeChooser:
    """Answers from ``answers`` in order; Non-player deciders by ``nonplayer``; else stop
    with :class:`NeedChoice`. Non-player answers are appended to ``answers``."""

    def __init__(self, answers: list[list[Any]], nonplayer: NonPlayerAnswer | None) -> None:
        self.answers = answers
        self.nonplayer = nonplayer
        self.position = 0

    def choose(self, state: Any, choice: Choice) -> list[Any]:
        if self.position < len(self.answers):
            answer = self.answers[self.position]
        elif self.nonplayer is not None and choice.decider is not None and \
                state.seats[choice.decider] is None:
            answer = list(self.nonplayer(state, choice))
            self.answers.append(answer)
        else:
            raise NeedChoice(choice)
        self.position += 1
        return list(answer)


def nonplayer_answer(dice: DiceSource, card: int | None) -> NonPlayerAnswer:
    """Answer a Non-player decider's choice by 8.4 (the section-8 Event chooser)."""

    def answer(state: GameState, choice: Choice) -> list[Any]:
        from nonplayer.events import NonPlayerChooser

        assert choice.decider is not None
        chooser = NonPlayerChooser(dice, faction=Faction(choice.decider), card=card)
        return chooser.choose(state, choice)

    return answer


def _value_label(kind: str, value: Any) -> Option:
    if kind == "spaces":
        return space_option(int(value))
    if kind == "pieces":
        return Option(value, Piece(int(value)).label)
    if kind == "factions":
        return Option(value, Faction(int(value)).label)
    return Option(value, str(value))


def choice_question(choice: Choice) -> Question:
    """A :class:`Question` for an Event's :class:`Choice`."""
    opts = [_value_label(choice.kind, v) for v in choice.options]
    who = f" ({Faction(choice.decider).label} decides)" if choice.decider is not None else ""
    prompt = choice.why + who
    if choice.min == choice.max == 1 and not choice.repeat:
        return Question.one(prompt, opts)
    return Question.many(prompt, opts, choice.min, choice.max, repeat=choice.repeat)


def event_form(game: Game, side: str, dice: DiceSource,
               kept: dict[str, Any] | None = None) -> Form:
    """Ask the Event's choices one by one by trying it out; return the PlayEvent.

    ``kept``: where to leave the last try as a :class:`~decisions.base.Trial`
    (key :data:`~decisions.base.TRIAL`), when it is what applying the command
    would do: no Non-player answered a choice of it (the section-8 chart's dice moved
    the try's stream, not the real one's)."""
    card = game.state.current_card
    answers: list[list[Any]] = []
    if kept is not None:
        kept.pop(TRIAL, None)
    while True:
        if isinstance(dice, MemoDice):
            dice.rewind()
        probe = ProbeChooser(answers, nonplayer_answer(dice, card))
        asked = len(answers)
        trial = game.state.clone()
        try:
            ctx = execute(trial, sequence.PlayEvent(side), dice, probe)
        except NeedChoice as need:
            question = choice_question(need.choice)
            value = yield question
            answers.append(value if question.kind != "one" else [value])
            continue
        except IllegalAction as err:
            raise InputError(str(err)) from None
        break
    command = sequence.PlayEvent(side, tuple(tuple(a) for a in answers))
    if kept is not None and len(answers) == asked:  # no Non-player answer added
        kept[TRIAL] = Trial(command, game.state, dice, trial, ctx, finished=True)
    return command


# ======================================================================================
# Insurgent Propaganda decisions made by a person (tabletop assist)
# ======================================================================================
def drug_profits_form(state: GameState, faction: Faction) -> Form:
    """6.3.3: which owned Shipments become Bases (the rest give +6 Resources).

    One question for them all when a Base fits for every Shipment offered; otherwise
    (stacking, 1.4.2: a full Ecuador of card 33, 2 Bases a space; or too few Available
    Bases) one Shipment at a time, each question offering only the Shipments whose space
    can still take a Base (the shared :meth:`GameState.capacity`), so no answer offered
    is refused by the command."""
    base = BASE_OF[faction]
    owned = [(index, space) for index, space, ok in prop.drug_profit_options(state, faction)
             if ok]
    prompt = (f"{faction.label} Drug Profits: which Shipments become Bases? (the others: +6 "
              "Resources each)")

    def option(index: int, space: int) -> Option:
        return Option(index, f"Shipment in {space_name(space)}", f"may become a {base.label}")

    per_space: dict[int, int] = {}
    for _, space in owned:
        per_space[space] = per_space.get(space, 0) + 1
    if state.available(base) >= len(owned) and all(
        state.capacity(space, base) >= n for space, n in per_space.items()
    ):
        picked = yield Question.many(prompt, [option(i, s) for i, s in owned], 0, len(owned))
        return prop.DrugProfits(tuple(picked))
    trial = state.clone()
    chosen: list[int] = []
    while True:
        left = [(i, s) for i, s in owned if i not in chosen and trial.can_place(s, base)]
        if not left:
            break
        pick = yield Question.one(
            f"{prompt} ({len(chosen) + 1}; {trial.available(base)} Available)",
            [done_option("no more Bases")] + [option(i, s) for i, s in left],
        )
        if pick == DONE:
            break
        trial.place(dict(left)[pick], base)
        chosen.append(pick)
    return prop.DrugProfits(tuple(chosen))


def agitation_form(state: GameState) -> Form:
    """6.4.2: FARC spend 1 Resource a step in FARC-Controlled spaces."""
    from core.rules.common import agitation_step

    sim = state.clone()
    actions: list[tuple[int, int]] = []
    extra_used = 0
    while sim.resources[Faction.FARC] > 0:
        used = {a[0] for a in actions}
        spaces = [s for s in prop.agitation_spaces(sim) if s not in used]
        extra = [s for s in prop.ideologue_spaces(sim) if s not in used and s not in spaces]
        if extra_used >= prop.IDEOLOGUE_MAX:
            extra = []
        if not spaces and not extra:
            break
        opts = [done_option("done agitating")] + space_options(
            spaces + extra, lambda s: f"up to {counted(prop.agitation_max_steps(sim, s), 'step')}"
        )
        pick = yield Question.one(
            f"Agitation: which space? (1 Resource a step; FARC Resources "
            f"{sim.resources[Faction.FARC]})", opts,
        )
        if pick == DONE:
            break
        if pick in extra:
            extra_used += 1
        most = min(sim.resources[Faction.FARC], prop.agitation_max_steps(sim, pick))
        steps = yield from govt_forms.steps_form(sim, pick, most, agitation_step)
        actions.append((pick, steps))
    return prop.Agitation(tuple(actions))


# ======================================================================================
# the menu and the decision
# ======================================================================================
@dataclass
class DecisionContext:
    """What a decision form needs: the game, the dice for trying Events out, and
    whether this is the tabletop assistant (which also offers recording by hand).
    ``extra``: what the forms leave for the caller (the Event's last try,
    a :class:`~decisions.base.Trial` of the finished command)."""

    game: Game
    dice: DiceSource
    assist: bool = False
    extra: dict = field(default_factory=dict)


RECORD_LABELS = {
    "op": "Operation carried out on the table (record its effects with the board editor)",
    "op_sa": "Operation + Special Activity carried out on the table (record with the editor)",
    "event": "Event carried out on the table (record its effects with the board editor)",
    "propaganda": "Done on the table (record its effects with the board editor)",
}


def menu_options(ctx: DecisionContext) -> list[Option]:
    """The choices open to the person to move, as the Sequence of Play allows."""
    state = ctx.game.state
    faction = sequence.to_move(state)
    if faction is None:
        return []
    opts: list[Option] = []
    if state.phase == "propaganda":
        phase = state.step.get("phase", "")
        if phase == prop.ELITE_BACKING:  # 6.4.5: a free Rally in 1 space, or decline
            opts.append(Option(("propaganda", phase), "Elite Backing: free Rally (decide now)",
                               "1 space with no Opposition, no Government or FARC Control",
                               aliases=("decide", "rally", phase)))
            opts.append(Option(("decline",), "Decline Elite Backing"))
        else:
            opts.append(Option(("propaganda", phase), f"{phase} (decide now)",
                               aliases=("decide", phase)))
        if ctx.assist:
            opts.append(Option(("record", "propaganda"), RECORD_LABELS["propaganda"],
                               aliases=("record",)))
        return opts
    legal = sequence.options(state)
    card = state.current_card
    assert card is not None
    if sequence.EVENT in legal:
        for side in events.sides_of(card):
            label = f"Event ({side})" if len(events.sides_of(card)) > 1 else "Event"
            opts.append(Option(("event", side), label, event_text(card, side),
                               aliases=(f"event {side}", side)))
    for kind in (sequence.OPERATION, sequence.LIMITED):
        if kind in legal:
            limited = kind == sequence.LIMITED
            if operation_possible(state, faction, limited,
                                  operation_checks(ctx, state, faction, limited)):
                label = "Limited Operation" if limited else "Operation"
                detail = ("1 space, no Special Activity (2.3.5)" if limited
                          else "with an optional Special Activity")
                if limited and is_final_event_card(state):
                    # why only a Limited Operation: said in the menu, not left to guess
                    detail = ("1 space, no Special Activity: the last Event card before "
                              "the final Propaganda card (2.3.9)")
                opts.append(Option(("operation", limited), label, detail,
                                   aliases=("op", "limop") if limited else ("op",)))
    if ctx.assist:
        if sequence.OPERATION in legal or sequence.LIMITED in legal:
            opts.append(Option(("record", "op"), RECORD_LABELS["op"], aliases=("record op",)))
        if sequence.OPERATION in legal:
            opts.append(Option(("record", "op_sa"), RECORD_LABELS["op_sa"],
                               aliases=("record op+sa",)))
        if sequence.EVENT in legal:
            opts.append(Option(("record", "event"), RECORD_LABELS["event"],
                               aliases=("record event",)))
    if sequence.PASS in legal:
        gain = 3 if faction is GOVT else 1
        opts.append(Option(("pass",), "Pass",
                           f"+{counted(gain, 'Resource')}, stay Eligible (2.3.3)"))
    return opts


#: The key, in a DecisionContext's ``extra``, of the Operations' problems found so far
#: for one state (:func:`operation_checks`).
PROBLEMS = "operation problems"

#: Why an Operation cannot be executed now (None if it can), by its name.
ProblemCheck = Callable[[str], "str | None"]


def operation_checks(ctx: DecisionContext, state: GameState, faction: Faction,
                     limited: bool) -> ProblemCheck:
    """The ``operation_problem`` of ``faction`` on ``state`` (the Government's or an
    Insurgent's form module), each Operation checked at most once per decision: the
    menu (is any Operation possible?) and the Operation form (which ones?) ask the same
    checks of the same board, so the answers are kept in ``ctx.extra`` for the state
    they were found on (a state replaced, by an applied command, starts afresh)."""
    memo = ctx.extra.get(PROBLEMS)
    if memo is None or memo[0] is not state:
        memo = ctx.extra[PROBLEMS] = (state, {})
    found: dict[tuple[Faction, str, bool], str | None] = memo[1]
    check = _operation_check(state, faction, limited)

    def problem(name: str) -> str | None:
        key = (faction, name, limited)
        if key not in found:
            found[key] = check(name)
        return found[key]

    return problem


def _operation_check(state: GameState, faction: Faction, limited: bool) -> ProblemCheck:
    """The ``operation_problem`` of ``faction`` on ``state`` by name, made afresh."""
    if faction is GOVT:
        return lambda name: govt_forms.operation_problem(state, name, limited)
    return lambda name: insurgent_forms.operation_problem(state, faction, name, limited)


def operation_possible(state: GameState, faction: Faction, limited: bool,
                       problem: ProblemCheck | None = None) -> bool:
    """Whether ``faction`` has any Operation it can execute now (3.2, 3.3); ``problem``:
    the checks to use (:func:`operation_checks`; default: each made afresh)."""
    names = govt_forms.OPERATIONS if faction is GOVT else insurgent_forms.OPERATIONS
    if problem is None:
        problem = _operation_check(state, faction, limited)
    return any(problem(n) is None for n in names)


def propaganda_commands() -> dict[str, type[PropagandaCommand]]:
    """The command that answers each Propaganda Round decision, by its phase (6.0)."""
    return {cls.propaganda_phase: cls for cls in PropagandaCommand.__subclasses__()}


def choice_command(value: tuple[Any, ...]) -> str:
    """The type of the command a choice of the menu (:func:`menu_options`, an option's
    value) ends in: what :func:`decision_form` returns after it."""
    what = value[0]
    if what == "pass":
        return sequence.Pass.name
    if what == "event":
        return sequence.PlayEvent.name
    if what == "operation":
        return sequence.OperationAction.name
    if what == "decline":
        return prop.EliteBacking.name
    if what == "record":
        return RecordAction.name
    if what == "propaganda":
        return propaganda_commands()[value[1]].name
    raise InputError(f"unknown choice {value!r}")


def command_types(ctx: DecisionContext) -> tuple[str, ...]:
    """The command types that make the decision the game awaits, as its menu offers
    them (a card: Event, Operation, Pass as the Sequence of Play allows, 2.3; a
    Propaganda Round: its phase's command, 6.0): a whole command sent for the decision
    (an agent's, docs/agents.md) must be one of them."""
    names: list[str] = []
    for option in menu_options(ctx):
        name = choice_command(option.value)
        if name not in names:
            names.append(name)
    return tuple(names)


def decision_form(ctx: DecisionContext) -> Form:
    """The whole decision: the menu, then the chosen form; returns the command."""
    state = ctx.game.state
    faction = sequence.to_move(state)
    if faction is None:
        raise InputError("nobody is to move: the game is over")
    options = menu_options(ctx)
    if state.phase == "propaganda":
        prompt = f"{faction.label}: Propaganda Round, {state.step.get('phase')}"
    else:
        position = ["1st", "2nd"][sequence.position(state) - 1]
        prompt = f"{faction.label}, {position} Eligible on {card_title(state.current_card)}: " \
                 "what do you do?"
    if len(options) == 1:
        pick = options[0].value  # a single choice (a Propaganda decision): no menu
    else:
        pick = yield Question.one(prompt, options)
    what = pick[0]
    if what == "pass":
        return sequence.Pass()
    if what == "record":
        return RecordAction(pick[1])
    if what == "decline":
        return prop.EliteBacking(None)
    if what == "event":
        return (yield from event_form(ctx.game, pick[1], ctx.dice, ctx.extra))
    if what == "operation":
        if faction is GOVT:
            return (yield from govt_forms.operation_form(
                state, pick[1], operation_checks(ctx, state, faction, pick[1])))
        return (yield from insurgent_forms.operation_form(
            state, faction, pick[1], ctx.dice, ctx.extra,
            operation_checks(ctx, state, faction, pick[1])))
    if what == "propaganda":
        return (yield from propaganda_form(state, faction, pick[1], ctx.dice))
    raise InputError(f"unknown choice {pick!r}")


class Decision:
    """A seat's decision in progress (a person's or an agent's): its form and the dice
    it remembers."""

    def __init__(self, ctx: DecisionContext, memo: MemoDice | None) -> None:
        self.ctx = ctx
        self.memo = memo
        self.form = FormRun(lambda: decision_form(ctx))


def propaganda_form(state: GameState, faction: Faction, phase: str,
                    dice: DiceSource | None = None) -> Form:
    if faction is GOVT and phase in govt_forms.GOVT_PROPAGANDA_FORMS:
        return (yield from govt_forms.GOVT_PROPAGANDA_FORMS[phase](state))
    if phase == prop.DRUG_PROFITS:
        return (yield from drug_profits_form(state, faction))
    if phase == prop.AGITATION:
        return (yield from agitation_form(state))
    if phase == prop.ELITE_BACKING:
        return (yield from insurgent_forms.elite_backing_form(state, dice))
    raise InputError(f"no form for {phase}")


def command_title(cmd: Command, state: GameState | None = None) -> str:
    """'Train + Air Lift', 'March, Ship: Rally', 'Event #12 Plan Colombia (unshaded)',
    'Pass'."""
    op = getattr(cmd, "op", None)
    if op is not None:
        title = str(op.name)
        special = getattr(cmd, "special", None)
        if special is not None:
            title += f" + {special.name}"
        ship_op = getattr(cmd, "ship_op", None)
        if ship_op is not None:  # 2.3.6
            title += f", Ship: {ship_op.name}"
        return title
    if isinstance(cmd, sequence.PlayEvent):
        card = state.current_card if state is not None else None
        where = f" {card_title(card)}" if card is not None else ""
        word = CARDS[card].side_word(cmd.side) if card is not None else cmd.side
        return f"Event{where}" + (f" ({word})" if word else "")
    return str(cmd.name)


__all__ = [
    "Decision",
    "DecisionContext",
    "MemoDice",
    "choice_command",
    "choice_question",
    "command_title",
    "command_types",
    "decision_form",
    "event_form",
    "menu_options",
    "propaganda_commands",
]

