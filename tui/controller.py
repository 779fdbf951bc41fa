"""The controller both user interfaces drive: decisions, previews, Non-player turns.

A :class:`Controller` wraps a :class:`~tui.session.Session` (the game, its save file and
undo) and answers what a screen needs, without knowing how it is shown:

* :meth:`Controller.decision` starts the form of the person to move (only the options
  the Sequence of Play allows, see :mod:`decisions.decision`);
* :meth:`Controller.preview` executes a finished command on a copy of the game and
  describes the result (the engine's account, then the steps for the table: "Changes
  on the board", :func:`instructions`); nothing changes until :meth:`Controller.commit`;
* :meth:`Controller.nonplayer_turn` plays one Non-player decision (section 8) and
  returns numbered physical instructions with the reasons behind them;
* :meth:`Controller.hint` asks the search Government (``nonplayer.government.hint.suggest``);
* :meth:`Controller.turns` and :meth:`Controller.cards` are the history: the save's
  command log (:mod:`tui.turn_log`), each command with its account (the one given when
  it was played, or rebuilt from the log: a resumed save, see :func:`rebuilt_report`);
  :meth:`Controller.undo` and :meth:`Controller.rollback` go back in that log, and
  :meth:`Controller.undo_steps` and :meth:`Controller.rollback_steps` say first what the
  table takes back (the change model read backwards).

Every change is applied whole or not at all: a Non-player turn with typed-in dice runs
on a copy and is kept only once all its dice were given.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from agents.connection import AgentError, quoted
from agents.protocol import end_message, trace_message
from agents.seat import AgentPolicy, AgentSeat, AgentStopped
from core.cards import CARDS
from core.commands import Command, Context, SideCommand, from_json
from core.dice import AskDice, DiceSource, ScriptedDice
from core.errors import AndeanError, IllegalAction
from core.files import shown
from core.game import Game, sequence
from core.game.board_editor import RecordAction, SetCurrentCard, SetNextCard
from core.game.editor import EditorCommand, SetSeat
from core.map import space_name
from core.pieces import Faction
from core.rules import propaganda
from core.rules.common import CIVIC_ACTION_COST, is_nonplayer, transfers_decider
from core.state import GameState
from core.words import counted, printable
from decisions.asked import die_purpose, printed_names
from decisions.decision import Decision, DecisionContext, MemoDice, command_title
from decisions.transfer import TransferDecision
from runners.seats import GOVT_AI_LABEL, government_ai, government_turn, make_bot
from tui import board_changes, describe, table_deck
from tui.seats import persons
from tui.session import Session
from tui.turn_log import (
    AGENT_KEY,
    DRAWN_KEY,
    CardGroup,
    Step,
    Turn,
    TurnReport,
    Undo,
    automatic_line,
    card_groups,
    discarded,
    kind_of,
    names_a_card,
    naming_line,
    numbered,
    numbered_turns,
    replayed,
    rules_steps,
)


@dataclass
class Preview:
    """A command tried on a copy of the game: what it would do, before it is applied."""

    command: Command
    game: Game
    title: str
    trace: list[str]
    #: the steps for the table (:func:`instructions`): "Changes on the board"
    changes: list[str]
    #: lines shown before the result (a hint's explanation), not part of the turn's account
    intro: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        out = [*self.intro, f"Result of {self.title}:"] if self.intro else \
            [f"Result of {self.title}:"]
        out += [f"  {line}" for line in self.trace]
        out.append("Changes on the board:")
        out += [f"  {line}" for line in numbered(self.changes, align=False)] or \
            ["  (nothing)"]
        return out


# ======================================================================================
# who acts and why, and the dice used
# ======================================================================================
def context_lines(before: GameState, entries: list[dict], trace: Any = None,
                  person: bool = False) -> list[str]:
    """The lines heading a turn's instructions: who acts and why (the card, the 1st or
    2nd Eligible position or the Propaganda phase, and for a Non-player the flowchart
    nodes its decision went through, from ``trace``) and every die the turn rolled
    (the logged ``rolls`` and ``decision_rolls`` of ``entries``)."""
    faction = sequence.to_move(before)
    out: list[str] = []
    if faction is not None:
        who = describe.whose_turn(before)
        if person and before.seats[faction] is not None:
            who += f" (player {before.seats[faction]}: a person's decision)"
        out.append(f"Who: {who}")
    nodes = flowchart_nodes(trace) if trace is not None else ""
    if nodes:
        out.append(f"Flowchart: {nodes}")
    out += [f"Dice: {roll}" for roll in dice_rolls(entries)]  # one line per roll
    return out


def flowchart_nodes(trace: Any) -> str:
    """The flowchart nodes a Non-player's decision went through, in order, each once,
    with the rule and the answer of a question: 'card (8.1) -> rally_q (8.6.1): yes ->
    rally (8.6.1) -> extort (8.6.1)'."""
    seen: list[str] = []
    for step in getattr(trace, "steps", []):
        rule = str(step.rule).split(" bullet")[0]
        text = f"{step.node} ({rule})" if rule else str(step.node)
        if "answer" in step.data:
            text += ": yes" if step.data["answer"] else ": no"
        if not seen or not seen[-1].startswith(f"{step.node} ("):
            seen.append(text)
    return " -> ".join(seen)


_COLOUR = re.compile(r"^(red|yellow|green) die, (.*)$", re.IGNORECASE)


def dice_text(entries: list[dict]) -> str:
    """Every die the logged commands rolled, the chart's three dice together:
    'red 3, yellow 4, green 2 for random space for Rally 8.6.1 bullet 3 (8.2)'."""
    return "; ".join(dice_rolls(entries))


def dice_rolls(entries: list[dict]) -> list[str]:
    """:func:`dice_text` one roll a line (the chart's three dice are one roll): a long
    Event's dozen rolls are a dozen short lines, not one of 1,700 characters."""
    # in the order rolled: a Non-player's decision (its random spaces) before the
    # command it decided (a Kidnap's die), not the other way round (issue 43)
    rolls = [(printable(str(p)), int(v)) for e in entries
             for p, v in [*e.get("decision_rolls", []), *e.get("rolls", [])]]
    if not rolls:
        return ["none rolled"]
    parts: list[tuple[str, list[str]]] = []
    for purpose, value in rolls:
        m = _COLOUR.match(purpose)
        what, die = (printed_names(m.group(2)), f"{m.group(1)} {value}") if m \
            else (die_purpose(purpose), str(value))  # 'die, X': not '2 for die, X'
        if m and parts and parts[-1][0] == what and not parts[-1][1][-1].isdigit() \
                and m.group(1).lower() != "red":  # a red die begins a new roll (8.2)
            parts[-1][1].append(die)
        else:
            parts.append((what, [die]))
    return [f"{', '.join(dice)} for {what}" for what, dice in parts]


# ======================================================================================
# describing what a command did
# ======================================================================================
def instructions(cmd: Command, trace: list[str], before: GameState, after: GameState,
                 entry: dict | None = None) -> list[str]:
    """The steps a table carries out for one logged command (``entry``), built from the
    change model (:mod:`tui.board_changes`), never from the engine's sentences: first
    what the command itself changed (its spaces in the order ``trace`` names them),
    then each automatic step it set off (the card's end, a Propaganda Round's phases)
    under an indented heading. The steps take the board of ``before`` to that of
    ``after`` exactly: whatever a replay of the automatic steps missed is listed last."""
    if entry is None:
        return board_changes.steps_told(before, after, trace)
    walk = _Walk(before, entry, trace)
    walk.run()
    return walk.steps_to(after)


#: the phase of each stage of :data:`core.rules.propaganda.STAGES`, as the rules number it
STAGE_NAMES = ("6.2 Sabotage", "6.2 7th Special Forces", "6.3 Resources",
               "6.3 Drug Profits", "6.3 Drug Profits", "6.3 Drug Profits",
               "6.4.1 Civic Action", "6.4.2 Agitation", "6.4.3 Election", "6.4.4 FARC Zone",
               "6.4.5 Elite Backing", "6.5 Redeploy", "6.6 Reset")
assert len(STAGE_NAMES) == len(propaganda.STAGES)


def idle_line(index: int, state: GameState) -> str:
    """Why a Propaganda stage that asks a decision asked none (6.2-6.5): "6.4.1 Civic
    Action: no space qualifies"; "" for a stage that is no decision or not in play."""
    name = STAGE_NAMES[index]
    if name == "6.2 7th Special Forces":
        if state.capability(7) != "unshaded":
            return ""
        return f"{name}: no Terror or Sabotage marker to remove"
    if name == "6.4.1 Civic Action":
        if state.resources[Faction.GOVT] < CIVIC_ACTION_COST:
            return f"{name}: the Government has fewer than {CIVIC_ACTION_COST} Resources"
        return f"{name}: no space qualifies"
    if name == "6.4.2 Agitation":
        if state.resources[Faction.FARC] < 1:
            return f"{name}: FARC have no Resources"
        return f"{name}: no space qualifies"
    if name == "6.4.5 Elite Backing":
        return f"{name}: no space qualifies"
    if name == "6.5 Redeploy":
        if propaganda.is_final_round(state):
            return f"{name}: none in the final Round"
        return f"{name}: no cube has to or can move"
    return ""


class _Telling(list[str]):
    """A trace that calls ``said`` with itself each time a line is told."""

    def __init__(self, said: Callable[[list[str]], None]) -> None:
        super().__init__()
        self.said = said

    def append(self, line: str) -> None:
        super().append(line)
        self.said(self)


class _Walk:
    """A logged command replayed from ``before`` with its own dice, and the automatic
    steps after it (the card's end, a Propaganda Round's phases) stage by stage: the
    engine's report lines under their phase (``reports``, as ``andean demo`` tells
    them) and the table's steps (``lines``: indented headings, then the changes)."""

    def __init__(self, before: GameState, entry: dict, trace: Sequence[str] = (),
                 steps: bool = True) -> None:
        self.entry = entry
        self.state = before.clone()
        self.last = before
        self.trace = list(trace)
        self.steps = steps  # False: only the reports are wanted (no table steps built)
        self.reports: list[str] = []
        self.lines: list[str] = []
        #: each part of the walk whose steps ``lines`` holds, in order: (the board
        #: before it, the board after it, what the engine said of it); an undo reads
        #: them backwards (:meth:`Controller.undo_steps`)
        self.parts: list[tuple[GameState, GameState, list[str]]] = []
        #: the board at the card's end when a Propaganda Round began after it, before
        #: its phases (6.1-6.3): what the command and its card's end alone did
        self.round_start: GameState | None = None

    def steps_to(self, after: GameState) -> list[str]:
        """The table's steps of the walk, then whatever still differs from ``after`` (a
        replay that stopped short): taken in order, they give ``after``."""
        return self.lines + board_changes.steps(self.state, after)

    def note(self, *lines: str) -> None:
        self.reports += lines
        self.lines += [f"  {line.strip()}" for line in lines]

    def changed(self, told: Sequence[str] = ()) -> None:
        """The steps since the last call (``told``: what the engine said of them)."""
        if not self.steps:
            return
        self.lines += board_changes.steps_told(self.last, self.state, told)
        now = self.state.clone()
        self.parts.append((self.last, now, list(told)))
        self.last = now

    def stage(self, index: int, report: list[str], decision: object) -> None:
        phased = _phased(report)
        self.note(*phased)
        if not report and decision is None:
            idle = idle_line(index, self.state)
            if index == 0:
                idle = "6.2 Sabotage: no LoC to Sabotage"  # 6.2 runs first: always said
                self.reports.append(f"  {idle}")
            if idle:
                self.lines.append(f"  {idle}")
        self.changed(report)

    def run(self) -> None:
        cmd = from_json(self.entry["command"])
        dice = ScriptedDice([v for _, v in self.entry.get("rolls", [])])
        state = self.state
        try:
            if isinstance(cmd, SideCommand):  # a transfer takes no turn: nothing runs after
                cmd.execute(state, Context(faction=cmd.actor(), dice=dice, nonplayer=False))
                self.changed(self.trace)
                return
            if isinstance(cmd, EditorCommand):
                if not isinstance(cmd, RecordAction):
                    self.changed(self.trace)
                    return
                if state.phase == "card":
                    faction = sequence.to_move(state)
                    assert faction is not None
                    state.step["acted"].append([int(faction), cmd.kind])
            else:
                faction = sequence.to_move(state)
                if faction is None:
                    return
                ctx = Context(faction=faction, dice=dice,
                              nonplayer=is_nonplayer(state, faction))
                if isinstance(cmd, sequence.PlayEvent):
                    ctx.trace = _Telling(self._said)
                state.roll_log = []
                if isinstance(cmd, sequence.OperationAction) and cmd.special is not None:
                    self._operation(cmd, ctx)
                else:
                    cmd.execute(state, ctx)
            self.changed(self.trace)
            if state.phase == "propaganda":
                propaganda.advance(state, dice, self.stage)
            self._advance(dice)
        except (AndeanError, KeyError, ValueError, AssertionError):
            return

    def _said(self, told: list[str]) -> None:
        """An Event told a line of what it did: the steps since its line before are a
        part of their own (a card's parts in the order it does them: #59 Salcedo's
        Guerrillas flipped Active, then the Assault removing them, not the net removal
        of Underground ones first; issue 43). The part's account is this line and the
        one before (an Event tells of a change after or before doing it)."""
        self.changed(told[-2:])

    def _operation(self, cmd: sequence.OperationAction, ctx: Context) -> None:
        """An Operation and its Special Activity as the table does them, one then the
        other, each its own steps (:meth:`changed`): a Rally's Guerrillas placed
        Underground, then Extort's activating them, not '1 Active FARC Guerrilla'
        placed (issue 43). The same as ``cmd.execute`` on the board."""
        state = self.state
        with state.shipment_decider(transfers_decider(cmd.transfers)):
            started = cmd.start(state, ctx)
            assert cmd.special is not None and started.sa_ctx is not None
            parts = [(cmd.op, started.op_ctx), (cmd.special, started.sa_ctx)]
            if cmd.special_first:
                parts.reverse()
            told = len(ctx.trace)
            parts[0][0].execute(state, parts[0][1])
            self.changed(ctx.trace[told:])
            parts[1][0].execute(state, parts[1][1])
            cmd.conclude(state, ctx, started)

    def _advance(self, dice: DiceSource) -> None:
        """:func:`core.game.sequence.advance`, step by step."""
        state = self.state
        while True:
            drawn = len(state.played)
            if state.phase == "card":
                if sequence.to_move(state) is not None:
                    return
                sequence.end_card(state)
                sequence.next_card(state, dice)
            elif state.phase == "propaganda":
                if state.step.get("phase") != "done":
                    return
                sequence.end_round(state, dice)
            else:
                return
            self._set_aside(state.played[drawn:])
            if state.phase == "propaganda" and not state.step:
                self.changed()  # the card's end: cylinders, the next card
                if self.round_start is None:
                    self.round_start = state.clone()
                # numbered among the Rounds held, and by its Propaganda card (6.0: a card
                # set aside after a Round holds none, yet counts for 2.4.1)
                self.reports.append(
                    f"Propaganda Round {propaganda.rounds_held(state)} "
                    f"({describe.card_title(state.current_card)}; Propaganda card "
                    f"{state.propaganda_cards} of {state.final_propaganda}):")
                self.lines.append(f"  {self.reports[-1]}")
                self.lines.append("Advance the Prop Card marker through the Round's phases "
                                  "as each is done (2.2)")
                rounds = state.propaganda_cards
                skipped = rounds in state.skip_victory_on
                propaganda.start_round(state, dice, self._victory_then(skipped))
                if state.phase == "over":
                    self.note("  6.1 Victory: " + str(state.step.get("reason", "game over")))
                    self.changed()
            elif state.phase == "over":
                self.changed()
                self.note(f"Game over: {state.step.get('reason')}")
            else:
                self.changed()  # the card's end

    def _set_aside(self, drawn: Sequence[int]) -> None:
        """Say each Propaganda card among ``drawn`` that was played without a Round (6.0
        EXCEPTION): the table sets it aside, and the history lists it under the turn."""
        state = self.state
        for i, card in enumerate(drawn):
            held = card == state.current_card and i == len(drawn) - 1 \
                and state.phase == "propaganda"
            if CARDS[card].propaganda and not held:
                number = state.propaganda_cards - sum(
                    1 for c in drawn[i + 1:] if CARDS[c].propaganda)
                self.note(f"6.0 Propaganda card: {describe.card_title(card)} played without "
                          "a Round (never 2 Rounds in a row), set aside as Propaganda card "
                          f"{number} of {state.final_propaganda}")

    def _victory_then(self, skipped: bool) -> propaganda.Observer:
        """The stage observer, saying 6.1 (no Faction won: the stages run) first."""
        said = [False]

        def observe(index: int, report: list[str], decision: object) -> None:
            if not said[0]:
                said[0] = True
                self.note(
                    "  6.1 Victory: skipped in this Round (Quick-Play set-up: no Faction "
                    "can win before the last Propaganda card)" if skipped
                    else "  6.1 Victory: no Faction wins now")
            self.stage(index, report, decision)

        return observe


def card_changes(before: GameState, after: GameState, entry: dict) -> list[str] | None:
    """What a logged command and its card's end changed (:func:`describe.changes`),
    without the phases of a Propaganda Round that began after it (6.2 Sabotage, 6.3
    Resources...); None when no Round began (the command's changes are all its own).
    The one-line summary of an Event or a Pass reads these (issue 43 trial b finding
    7: "Event #55 DEA Agents (shaded): ...; Government Resources 31 -> 61" was 6.3's
    +30)."""
    if after.propaganda_cards == before.propaganda_cards:
        return None
    walk = _Walk(before, entry, steps=False)
    walk.run()
    return None if walk.round_start is None else describe.changes(before, walk.round_start)


def round_reports(before: GameState, entry: dict) -> list[str]:
    """The automatic Propaganda phases a logged command ran (Sabotage, earnings,
    Election, Reset...), replayed from ``before`` with the command's own dice, phase
    by phase, as the engine reported them. The engine keeps these reports only until
    the next card."""
    walk = _Walk(before, entry, steps=False)  # per turn of every demo: reports only
    walk.run()
    return walk.reports


PHASES = (
    ("6.2 Sabotage", ("Sabotage", "no Terror/Sabotage marker", "7th Special Forces")),
    ("6.3 Resources", ("earn", "Drug Profits")),
    ("6.4 Support", ("Civic Action", "Agitation", "Election", "Uribe", "FARC Zone",
                     "Elite Backing", "no Department can receive")),
    ("6.5 Redeploy", ("Redeploy",)),
    ("6.6 Reset", ("Reset",)),
)


def phase_of(line: str) -> str:
    """The Propaganda phase a report line belongs to: by its first word, else by a word
    anywhere in it ('Reset: ... Sabotage removed' is 6.6, not 6.2)."""
    for name, keys in PHASES:
        if any(line.startswith(k) for k in keys):
            return name
    for name, keys in PHASES:
        if any(k in line for k in keys):
            return name
    return "6.0"


def _phased(lines: list[str]) -> list[str]:
    """Engine report lines under their phase and, for a step the rules carry out by
    themselves, the Faction that took it (:func:`tui.turn_log.automatic_line`)."""
    out = []
    for line in lines:
        phase = phase_of(line)
        text = describe.phase_line(phase, line)[len(phase) + 2:]
        out.append(f"  {automatic_line(phase, text)}")
    return out


# ======================================================================================
# the controller
# ======================================================================================
Discord = Callable[[GameState, Faction], str]

#: the program's Government AI that takes a Government seat whose agent failed (the
#: fast rule-based one: it needs no OR-tools and never keeps the table waiting)
FALLBACK_AI = "heuristic"


#: why no agent takes a seat of a game whose dice the table types in (``--dice manual``)
NO_AGENT_WITH_TYPED_DICE = "an agent's turn cannot wait for dice typed in; use --dice auto"


def default_player(faction: Faction) -> str:
    """Who plays ``faction`` when no person or agent does: the program's Government AI
    (:data:`FALLBACK_AI`) or the section-8 flowchart."""
    return GOVT_AI_LABEL if faction is Faction.GOVT else "the section-8 flowchart"


def default_seat(faction: Faction, why: str = "") -> SetSeat:
    """The logged change handing ``faction`` to its :func:`default_player` (``why``,
    if given, is said in brackets: 'its agent failed')."""
    who = default_player(faction) + (f" ({why})" if why else "")
    govt = faction is Faction.GOVT
    return SetSeat(int(faction), None, FALLBACK_AI if govt else None, who=who)


def agent_who(where: str) -> str:
    """How a Set Seat names the agent ``where`` taking a seat: "agent 'python3 bot.py'"
    (read back by :func:`agent_named`)."""
    return f"agent {where!r}"


def agent_choice(where: str, title: str) -> str:
    """Why an agent's turn was what it was, as the history's Why says it: the agent's
    choice, not a person's decision nor a flowchart's path."""
    return f"(the choice of {agent_who(where)}: {title})"


def agent_named(who: str) -> str | None:
    """The agent's command a Set Seat's ``who`` names (:func:`agent_who`), or None when
    it names another player (a person, the default player).

    >>> agent_named("agent 'python3 bot.py'"), agent_named("the section-8 flowchart")
    ('python3 bot.py', None)
    """
    if not who.startswith("agent "):
        return None
    try:
        where = ast.literal_eval(who[len("agent "):])
    except (ValueError, SyntaxError):
        return None
    return where if isinstance(where, str) else None


def own_player(seats: Sequence[int | None], faction: Faction) -> int:
    """A player number of ``faction``'s own (1.5), for an agent taking its seat: the
    seat's number when no other Faction shares it, else the next number unused.

    >>> own_player([1, 2, None, None], Faction.FARC), own_player([1, 1, 2, None], Faction.FARC)
    (2, 3)
    """
    player = seats[faction]
    if player is None or sum(s == player for s in seats) > 1:
        player = 1 + max((s for s in seats if s is not None), default=0)
    return player


def mine_of(turns: int, yours: int) -> str:
    """How many of ``turns`` taken back were the people's own decisions, in plain words
    (issue 43: "(4 of them a person's decisions)"): ', 4 of them your decisions', ', 1 of
    them your decision', ', none of them yours'; of 1 turn ', your decision', ', not
    yours' (not '1 turn, 1 of them your decision', issue 43); '' for no turn.

    >>> mine_of(9, 4), mine_of(2, 1), mine_of(3, 0), mine_of(0, 0)
    (', 4 of them your decisions', ', 1 of them your decision', ', none of them yours', '')
    >>> mine_of(1, 1), mine_of(1, 0), mine_of(2, 2)
    (', your decision', ', not yours', ', both your decisions')
    """
    if not turns:
        return ""
    if turns == 1:
        return ", your decision" if yours else ", not yours"
    if turns == 2 and yours == 2:
        return ", both your decisions"
    if yours == turns:
        return f", all {turns} your decisions"
    if not yours:
        return ", none of them yours"
    return f", {yours} of them your decision{'s' if yours != 1 else ''}"


class Controller:
    """Drives a :class:`Session` for a user interface (see the module docstring).

    ``ask_dice``: a function asking a person for a die (``--dice manual``); None uses
    the game's seeded dice. ``assist``: the tabletop assistant (offers recording by
    hand). ``discord``: asked for Insurgent Discord in 2-player games (8.1).
    """

    def __init__(
        self,
        session: Session,
        *,
        assist: bool = False,
        ask_dice: Callable[[str], int] | None = None,
        discord: Discord | None = None,
        agents: dict[Faction, str] | None = None,
        agent_policy: AgentPolicy | None = None,
    ) -> None:
        self.session = session
        #: the seats outside programs play (issue 34; :mod:`agents`), by
        #: Faction: the agent's command (or tcp:PORT); each is started at its first turn
        self.agent_specs: dict[Faction, str] = dict(agents or {})
        self.agents: dict[Faction, AgentSeat] = {}
        #: the seats the command line gave to agents: theirs until the log says otherwise
        self._given_agents = dict(self.agent_specs)
        #: where this session's part of the log begins: only its Set Seats name agents
        #: to start again (a save's own never make this program run a command)
        self._log_start = len(session.game.log)
        self.agent_policy = agent_policy or AgentPolicy()
        self.assist = assist
        self.ask_dice = ask_dice
        #: with typed dice, told at once what a Non-player's random space rolls chose
        #: ('-> Huila-Tolima (red 1, yellow 3, green 1)', :func:`nonplayer.random_spaces.told`)
        self.tell_dice: Callable[[str], None] | None = None
        self.discord = discord
        #: accounts of logged commands, by the identity of their log entry
        self._reports: dict[int, tuple[dict, TurnReport]] = {}
        #: where the person's decision began: (log length, last entry, board)
        self._start: tuple[int, dict | None, GameState] | None = None
        #: the program's Government AI (its spec and bot), when it runs the Government
        self._government: tuple[str, Any] | None = None

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def state(self) -> GameState:
        return self.session.game.state

    @property
    def manual(self) -> bool:
        return self.ask_dice is not None

    def dice(self) -> DiceSource:
        if self.ask_dice is None:
            return self.game.dice
        return AskDice(self.ask_dice, self.tell_dice)

    # --- whose turn ----------------------------------------------------------------
    def is_over(self) -> bool:
        return self.game.is_terminal()

    def to_move(self) -> Faction | None:
        return self.game.to_move()

    def person_to_move(self) -> bool:
        return self.session.is_player_turn() and self.to_move() not in self.agent_specs

    def turn_line(self) -> str:
        """Whose decision it is (:func:`tui.describe.whose_turn`); with several people
        at the screen (hot-seat) it names the person: '..., player 2's decision'."""
        text = describe.whose_turn(self.state, self.public_cards())
        faction = self.to_move()
        if faction is not None and faction not in self.agent_specs and \
                len(persons(self.state, self.agent_specs)) > 1:
            seat = self.state.seats[faction]
            if seat is not None:
                text += f" - player {seat}'s decision"
        return text

    # --- a person's decision -------------------------------------------------------
    def decision(self) -> Decision:
        memo = MemoDice(self.dice()) if self.manual else None
        ctx = SessionContext(self.session, memo or self.game.dice, assist=self.assist)
        return Decision(ctx, memo)

    def decision_start(self) -> GameState:
        """The board when the person's current decision began, before the board
        corrections made while deciding: the table check lists what changed since.
        Called at the start of a decision; again later, it gives the same board as long
        as only corrections (and the card on top of the deck) were logged since."""
        log = self.game.log
        if self._start is not None:
            n, last, state = self._start
            if len(log) >= n and (n == 0 or log[n - 1] is last) and all(
                    kind_of(e) in ("correction", "card") for e in log[n:]):
                return state
        self._start = (len(log), log[-1] if log else None, self.state.clone())
        return self._start[2]

    def decision_edits(self) -> list[str]:
        """The board-editor commands logged since the person's current decision began,
        each as it was typed and carried out ('Move 3 Troops cubes from Meta East to
        Bogotá & Villavicencio'), in order: what the table check lists, in the words the
        editor echoed as each was typed (the steps of that command alone, a Control
        marker it moved included: 'In Antioquia-Bolívar, flip 3 Underground AUC
        Guerrillas to Active', not the engine's 'Flip 3 AUC Guerrillas in ... Active',
        issue 43). (The board's net change would pair the pieces by space and could name
        a move nobody typed.)"""
        start = self.decision_start()
        n = self._start[0] if self._start is not None else len(self.game.log)
        state = start.clone()
        redeploy = self.redeploying()
        lines: list[str] = []
        for entry in self.game.log[n:]:
            cmd = from_json(entry["command"])
            ctx = Context(faction=Faction.GOVT)
            before = state.clone()
            cmd.execute(state, ctx)
            if isinstance(cmd, EditorCommand) and not isinstance(cmd, SetNextCard):
                lines += _edit_steps(before, state, ctx.trace, control=not redeploy)
        if redeploy:  # 6.5.4: Control adjusts once, when all Redeployment is finished
            control = [board_changes.step_text(c) for c in
                       board_changes.board_changes(start, state)
                       if c.kind == board_changes.CONTROL]
            if control:
                lines += [f"  {REDEPLOY_CONTROL_DONE}", *control]
        return lines

    def redeploying(self) -> bool:
        """The Government's Redeploy (6.5) is being decided: a board edit now moves its
        cubes as the table Redeploys them, and Control waits until the Redeploy ends
        (6.5: "Control does not change until all Redeployment is complete")."""
        state = self.state
        return state.phase == "propaganda" and state.step.get("phase") == propaganda.REDEPLOY \
            and self.to_move() is Faction.GOVT

    def redeploy_warnings(self) -> list[str]:
        """In a Redeploy carried out on the table: the Troops still where 6.5.1 says
        they must leave (LoCs, Departments without a Government Base), as one warning
        line; the table's call (the editor records what the table did, it refuses
        nothing: docs/readings.md#r-editor-redeploy)."""
        if not self.redeploying():
            return []
        left = propaganda.redeploy_mandatory(self.state)
        if not left:
            return []
        where = ", ".join(f"{counted(n, 'Troops')} in {space_name(s)}"
                          for s, n in left.items())
        return [f"! 6.5.1: Troops end the Redeploy on a LoC or in a Department without a "
                f"Government Base: {where} (6.5.1 moves them out). Recorded as it stands "
                "if the table says so; 'no' goes back to the board editor."]

    def preview(self, cmd: Command, memo: MemoDice | None = None,
                chooser: Any = None) -> Preview:
        """``cmd`` applied to a copy of the game (IllegalAction if it breaks a rule).
        ``chooser`` answers an Event's choices (a hint's); the answers are logged."""
        if memo is not None:
            memo.rewind()
        trial = self.game.clone()
        before = self.game.state
        dice = memo if memo is not None else self.dice()
        trace = trial.apply(cmd, chooser=chooser, dice=dice)
        if isinstance(cmd, sequence.PlayEvent) and not cmd.choices:
            cmd = from_json(trial.log[-1]["command"])  # with the answers given
        return self._table_preview(Preview(
            cmd, trial, title_of(cmd, before), trace,
            instructions(cmd, trace, before, trial.state, trial.log[-1])))

    def commit(self, preview: Preview) -> TurnReport:
        """Keep a previewed result (it becomes the game; autosaved)."""
        before = self.state
        cmd = preview.command
        faction = cmd.actor() if isinstance(cmd, SideCommand) else self.to_move()
        start = len(self.game.log)
        self.session.commit(preview.game)
        report = TurnReport(faction, preview.title, list(preview.changes),
                            changes=describe.changes(before, preview.game.state),
                            nonplayer=False, account=list(preview.trace),
                            card_changes=card_changes(before, preview.game.state,
                                                      self.game.log[-1]))
        if kind_of(self.game.log[-1]) in ("card", "correction"):
            _as_correction(report, self.game.log[-1])
        else:
            report.context = context_lines(before, self.game.log[start:], person=True)
        self._remember(report)
        return report

    def apply(self, cmd: Command) -> TurnReport:
        """Preview and commit in one go (editor commands, scripted use)."""
        return self.commit(self.preview(cmd))

    def transfer_decision(self) -> TransferDecision:
        """The transfer form (1.5.2, to a Non-player too: 8.1.2 PLAY NOTE) on the board
        now; InputError when the rules allow no transfer now."""
        return TransferDecision(self.state)

    # --- Non-players ---------------------------------------------------------------
    def nonplayer_turn(self) -> TurnReport:
        """Play the decision of the Non-player (or agent) to move; kept only if it
        completes."""
        from nonplayer.turn import take_turn

        if self.to_move() in self.agent_specs:
            faction = self.to_move()
            assert faction is not None
            return self.agent_turn(faction)
        if Faction.GOVT in self.agent_specs:  # it may be asked Insurgent Discord (8.1)
            try:
                self._connected(Faction.GOVT)  # its seat logged before the turn's trial
            except AgentError as err:
                return self.agent_failed(Faction.GOVT, err)
        trial = self.game.clone()
        before = trial.state.clone()
        faction = trial.to_move()
        dice = self.dice() if self.manual else None
        # Insurgent Discord (8.1) is the Government player's: a person's, not the AI's
        # (:func:`nonplayer.turn.discord_applies`, asked by the turn itself); asked of
        # the Government's agent when an agent plays it
        discord = self.discord
        if Faction.GOVT in self.agent_specs:
            discord = self._agent_discord
        ai = faction is Faction.GOVT and government_ai(trial.state) is not None
        try:
            if ai:
                result = government_turn(trial, self.government_bot())
            else:
                result = take_turn(trial, dice, discord)
        except IllegalAction as err:
            return self._nonplayer_fallback(faction, err)
        except AgentError as err:  # the Government's agent, asked Insurgent Discord
            return self.agent_failed(Faction.GOVT, err)
        title = _turn_title(result, before)
        steps = instructions(result.command, result.report, before, trial.state,
                             trial.log[-1])
        report = TurnReport(
            faction, title, steps, reasons=result.trace.lines(),
            changes=describe.changes(before, trial.state), account=list(result.report),
            card_changes=card_changes(before, trial.state, trial.log[-1]),
            context=context_lines(before, trial.log[len(self.game.log):],
                                  None if ai else result.trace),
            who=GOVT_AI_LABEL if ai else "",
        )
        self.session.commit(trial)
        self._remember(report)
        return report

    def _nonplayer_fallback(self, faction: Faction | None, err: Exception) -> TurnReport:
        """The section-8 turn broke a rule (a bug): the Non-player Passes instead (or, in
        a Propaganda Round, skips its decision), so the game can go on. Said plainly."""
        cmd: Command = sequence.Pass() if self.state.phase == "card" else RecordAction(
            "propaganda")
        preview = self.preview(cmd)
        self.session.commit(preview.game)
        instead = "it Passes instead" if isinstance(cmd, sequence.Pass) else \
            "it skips the decision"
        note = f"The Non-player turn could not be carried out ({err}); {instead}"
        report = TurnReport(
            faction, preview.title,
            [f"  {note}", *preview.changes],
            reasons=[note], changes=preview.changes,
        )
        self._remember(report)
        return report

    def nonplayer_to_move(self) -> bool:
        """A turn the program plays: a Non-player's, or an agent's seat."""
        f = self.to_move()
        return f is not None and (self.state.seats[f] is None or f in self.agent_specs)

    # --- agents (issue 34) ---------------------------------------------------------
    def agent_turn(self, faction: Faction) -> TurnReport:
        """The decision of the agent playing ``faction``, kept only once it is complete
        and legal; a failing agent hands its seat over (:meth:`agent_failed`)."""
        try:
            agent = self._connected(faction)
        except AgentError as err:
            return self.agent_failed(faction, err)
        trial = self.game.clone()
        before = trial.state.clone()
        start = len(trial.log)
        try:
            cmd = agent.decide(trial)
            trace = trial.apply(cmd)
        except (AgentError, AndeanError) as err:
            return self.agent_failed(faction, err)
        trial.log[-1][AGENT_KEY] = agent.where  # its decision: no person's to undo
        logged = from_json(trial.log[-1]["command"])
        title = title_of(logged, before)
        report = TurnReport(
            faction, title,
            instructions(logged, trace, before, trial.state, trial.log[-1]),
            reasons=[agent_choice(agent.where, title)],
            changes=describe.changes(before, trial.state), nonplayer=False,
            card_changes=card_changes(before, trial.state, trial.log[-1]),
            account=list(trace), context=context_lines(before, trial.log[start:]),
            who=f"{faction.label} ({agent.label})")
        self.session.commit(trial)
        self._remember(report)
        return report

    def agent_failed(self, faction: Faction, err: Exception) -> TurnReport:
        """Say why the agent failed, then hand its seat to its default player (the
        section-8 flowchart, the program's Government AI) with a logged Set Seat, or
        stop (:class:`AgentStopped`); the game is saved either way."""
        agent = self.agents.pop(faction, None)
        where = self.agent_specs.pop(faction, None)
        default = default_player(faction)
        named = f" {quoted(where)}" if where and quoted(where) not in str(err) else ""
        change = default_seat(faction, f"its agent{named} failed: {shown(err, 200)}")
        stop = self.agent_policy.fallback == "stop"
        report = None
        if not stop:
            try:
                report = self._apply_for_agent(change, where or "")
            except IllegalAction as refused:  # nobody left at the table (1.5)
                stop, err = True, AgentError(f"{err}; {refused}")
        try:
            saved = f"game saved to {self.save()}"
        except (OSError, ValueError) as why:  # the fallback goes on all the same
            saved = f"the game could not be saved: {shown(why, 200)}"
        then = "the game stops" if stop else f"{default} takes the seat"
        line = f"{faction.label}: {err}; {then} ({saved})"
        if agent is not None:
            agent.fail(f"{err}; {then}")
        if stop or report is None:
            raise AgentStopped(line)
        report.failure = line
        report.reasons = [f"Its agent failed: {line}"]
        return report

    def _connected(self, faction: Faction) -> AgentSeat:
        """The agent of ``faction``, started (and its seat made a player's of its own,
        logged) at its first turn."""
        agent = self.agents.get(faction)
        if agent is not None:
            return agent
        where = self.agent_specs[faction]
        player = own_player(self.state.seats, faction)
        agent = AgentSeat(where, faction, player, self.state, self.agent_policy)
        if self.state.seats[faction] != player:
            self._apply_for_agent(SetSeat(int(faction), player, who=agent_who(where)), where)
        self.agents[faction] = agent
        return agent

    def _apply_for_agent(self, cmd: Command, where: str) -> TurnReport:
        """:meth:`apply` of a seat change the program makes for the agent ``where`` (it
        starts, or it failed), logged as the agent's (:data:`tui.turn_log.AGENT_KEY`): no
        person's decision, so undo steps back over it as over the agent's turns (an
        undo that stopped there would start the agent again, and again)."""
        preview = self.preview(cmd)
        preview.game.log[-1][AGENT_KEY] = where
        return self.commit(preview)

    def seat_agent(self, faction: Faction, where: str | None) -> TurnReport:
        """Change who plays ``faction`` mid-game: the agent ``where`` takes the seat, or
        (None) the person at this screen takes back an agent's seat. Logged (Set Seat),
        so the save says who played when. Nothing changes when it fails: AgentError if
        the agent does not start (or the table types its dice in), AndeanError if the
        rules refuse the seating (1.5); the
        agent that held the seat is let go only once the new player has it."""
        seats = self.state.seats
        if where is None:
            if self.is_yours(faction):
                raise AgentError(f"{faction.label} is already yours")
            player = self.person_player(faction)
            report = self.apply(SetSeat(int(faction), player, who="a person"))
            self._let_go(faction, "a person takes the seat")
            if self.assist:  # what a person's seat asks of the table
                report.account.append(
                    f"(it is yours now: at {faction.label}'s turns choose its decision here, "
                    "carry it out on the table, and confirm the board matches)")
            return report
        if self.manual:
            raise AgentError(f"--dice manual: {NO_AGENT_WITH_TYPED_DICE}")
        player = own_player(seats, faction)
        agent = AgentSeat(where, faction, player, self.state, self.agent_policy)
        try:
            report = self.apply(SetSeat(int(faction), player, who=agent_who(where)))
        except AndeanError as err:
            agent.close(f"the seat was not changed: {err}")
            raise
        self._let_go(faction, "another agent takes the seat")
        self.agent_specs[faction] = where
        self.agents[faction] = agent
        return report

    def seat_bot(self, faction: Faction) -> TurnReport:
        """Hand ``faction`` to its default player mid-game (:func:`default_seat`: the
        section-8 flowchart, or for the Government the program's AI); logged (Set Seat).
        IllegalAction when nobody would be left at the table (1.5), saying how to hand
        the seat over all the same."""
        try:
            report = self.apply(default_seat(faction))
        except IllegalAction as err:
            if any(s is not None for f, s in enumerate(self.state.seats) if f != faction):
                raise
            raise IllegalAction(err.rule, f"no person at the table then: {faction.label} is "
                                "the only seat played; take another seat first, or give it "
                                "to an agent") from None
        self._let_go(faction, "the seat goes to its default player")
        return report

    def hand_seat(self, faction: Faction, to: str, command: str | None = None) -> TurnReport:
        """The change of seat a user interface asks for: ``to`` 'person' (the person at
        this screen, :meth:`seat_agent` with None), 'bot' (:meth:`seat_bot`) or 'agent'
        (``command``'s agent, :meth:`seat_agent`)."""
        if to == "bot":
            return self.seat_bot(faction)
        if to == "agent" and not command:
            raise AgentError("no command given for the agent")
        return self.seat_agent(faction, command if to == "agent" else None)

    def person_player(self, faction: Faction) -> int:
        """The player number ``faction`` gets when the person at this screen takes it
        (:meth:`seat_agent` with None): the lowest of the seats people play (hot-seat:
        the first player's), else its own (or 1)."""
        people = persons(self.state, self.agent_specs)
        return min(people) if people else (self.state.seats[faction] or 1)

    def is_yours(self, faction: Faction) -> bool:
        """Whether the person at this screen plays ``faction`` already: handing it to
        them would change nothing (a seat another person or an agent once played, as a
        resumed agent's seat is, is not)."""
        return faction not in self.agent_specs and \
            self.state.seats[faction] == self.person_player(faction)

    def resumed_agent_seats(self, how: str) -> list[str]:
        """One notice for each seat an agent played when the game was saved (its latest
        Set Seat before this session names it, :func:`agent_named`, or the log marks the
        seat's latest turn as an agent's, :data:`AGENT_KEY`) that no ``--agent``
        gives it now: the agent is not restarted from a save, so a person plays the
        seat; ``how`` says how to change that ('p to change'; ``{seat}``: the Faction)."""
        latest: dict[Faction, str | None] = {}
        for entry in self.game.log[:self._log_start]:
            cmd = entry["command"]
            if cmd["type"] == SetSeat.name:
                latest[Faction(cmd["faction"])] = agent_named(cmd.get("who", ""))
            elif AGENT_KEY in entry and entry.get("faction"):  # (--agent on a new game)
                latest[Faction.parse(entry["faction"])] = entry[AGENT_KEY]
        out = []
        for faction, where in latest.items():
            seat = self.state.seats[faction]
            if where is None or seat is None or faction in self.agent_specs:
                continue
            out.append(f"{faction.label} was played by agent {where!r}; agents "
                       f"are not restarted from a save: {faction.label} is now player "
                       f"{seat} - {how.format(seat=faction.label)}, or --agent "
                       f"{faction.label}=COMMAND")
        return out

    def seat_holder(self, faction: Faction) -> str:
        """Who plays ``faction`` now, as :meth:`hand_seat` names it: 'agent', 'bot' (its
        default player) or 'person'."""
        if faction in self.agent_specs:
            return "agent"
        return "bot" if self.state.seats[faction] is None else "person"

    def _let_go(self, faction: Faction, reason: str) -> None:
        """The agent that played ``faction`` (if any) is told ``reason`` and stopped."""
        old = self.agents.pop(faction, None)
        self.agent_specs.pop(faction, None)
        if old is not None:
            old.close(reason)

    def _agent_discord(self, state: GameState, faction: Faction) -> str:
        """Insurgent Discord (8.1) asked of the agent playing the Government (started
        if it was not yet); its failure ends the Non-player's turn unplayed (AgentError)
        and hands the Government over."""
        return self._connected(Faction.GOVT).discord(state, faction)

    def _tell_agents(self, report: TurnReport) -> None:
        """Every agent hears of every decision (a trace), and of the end."""
        if not self.agents or not self.game.log:
            return
        by = report.who or ("person" if not report.nonplayer else "section-8 flowchart")
        message = trace_message(report.faction, by, self.game.log[-1]["command"],
                                report.instructions)
        for agent in self.agents.values():
            agent.tell(message)
        if self.game.is_terminal():
            end = end_message(self.state)
            for agent in self.agents.values():
                agent.tell(end)
                agent.close()
            self.agents.clear()

    def close_agents(self) -> None:
        for agent in self.agents.values():
            agent.close("the game was stopped")
        self.agents.clear()

    # --- other requests ------------------------------------------------------------
    def hint(self) -> Any:
        """The hint for the seat to move (:func:`runners.seat_hint.advise`): the
        campaign Government's choice for the Government, the section-8 flowchart's
        advice for an Insurgent."""
        from runners.seat_hint import advise

        return advise(self.game)

    def government_bot(self) -> Any:
        """The program's Government AI of this game (built once per game setting)."""
        spec = government_ai(self.state)
        if spec is None:
            raise ValueError("a person takes the Government")
        if self._government is None or self._government[0] != spec:
            self._government = (spec, make_bot(spec, self.state.rng_seed))
        return self._government[1]

    def undo_plan(self) -> Undo | None:
        """What :meth:`undo` takes back if done now (:func:`tui.turn_log.undo_plan`):
        the one record every screen says and :meth:`undo` then acts on; None: nothing
        to undo."""
        return self.session.undo_plan()

    def taken_lines(self, position: int) -> list[str]:
        """The commands a return to log ``position`` removes (an undo, a rollback), one
        line each as the history names them, in the log's order: 'Government: Place
        FARC Zone', 'AUC (Non-player): Elite Backing', 'Next card: #46 Limpieza (named
        by the table)'."""
        return [naming_line(t) if t.naming else t.report.heading()
                for t in self.turns() if t.step.index >= position]

    def rules_taken(self, position: int, short: bool = False) -> list[str]:
        """The steps of the rules a return to log ``position`` takes back with the
        commands, as they came with them (:func:`tui.turn_log.rules_steps`): the start
        of a Propaganda Round, its automatic steps. The screens ask before an undo that
        takes back any (issue 43 item 1)."""
        return rules_steps([t for t in self.turns() if t.step.index >= position], short)

    @staticmethod
    def rules_said(rules: Sequence[str]) -> str:
        """' With them, the steps of the rules they set off, which cannot be split from
        them: ...' ('' for none)."""
        if not rules:
            return ""
        return (" With them, the steps of the rules they set off, which cannot be split "
                f"from them (6.0): {'; '.join(rules)}.")

    def undo_said(self, plan: Undo | None = None) -> str | None:
        """What :meth:`undo` of ``plan`` (by default the one of now) takes back, as
        'Undone: ...' ends: the change of seat when only seats were changed ('your
        change of seat (AUC is played from now on by a person)'), else the decision and
        every command after it, each named ('back to the start of your last decision.
        Taken back: FARC: Pass; Cartels (Non-player): Rally.'); None: nothing to undo."""
        plan = plan if plan is not None else self.undo_plan()
        if plan is None:
            return None
        lines = self.taken_lines(plan.point)
        mine = [t for t in self.turns() if t.step.index >= plan.point and t.step.person]
        if mine and all(t.step.logged["command"]["type"] == SetSeat.name for t in mine):
            seats = "; ".join(" ".join(t.report.account) for t in mine)
            others = [line for t, line in zip(plan.taken, lines, strict=True)
                      if not t.person]
            then = f" Taken back with it: {'; '.join(others)}." if others else ""
            return f"your change of seat ({seats}).{then}" \
                + self.rules_said(self.rules_taken(plan.point))
        return (f"back to the start of your last decision. Taken back: {'; '.join(lines)}."
                + self.rules_said(self.rules_taken(plan.point)))

    def undo(self, plan: Undo | None = None) -> bool:
        """Back to the start of the person's latest decision (:meth:`Session.undo`):
        exactly ``plan``'s commands taken back, when it was said first."""
        done = self.session.undo(plan)
        if done:
            self._agents_from_log()
        return done

    def resume(self, session: Session) -> None:
        """Go on with another game (the Load key), its seats' agents those of the
        command line, as when the game is resumed by ``andean play --load``."""
        self.session = session
        self._log_start = len(session.game.log)
        self._agents_from_log()

    def _agents_from_log(self) -> None:
        """The seats' agents as the log now says (after an undo, a rollback, a load):
        each seat's latest Set Seat of this session names its player
        (:func:`agent_named`), else the command line's ``--agent`` holds it. An agent
        whose seat the log no longer gives it is stopped; one the log gives a seat again
        starts at its next turn. (A Set Seat logged before this session never starts
        the command it names: a save file does not run programs.)"""
        self._log_start = min(self._log_start, len(self.game.log))
        specs = dict(self._given_agents)
        for entry in self.game.log[self._log_start:]:
            cmd = entry["command"]
            if cmd["type"] == SetSeat.name:
                where = agent_named(cmd.get("who", ""))
                if where is None:
                    specs.pop(Faction(cmd["faction"]), None)
                else:
                    specs[Faction(cmd["faction"])] = where
        for faction in Faction:
            if specs.get(faction) != self.agent_specs.get(faction):
                self._let_go(faction, "the game went back to before it took the seat")
                if faction in specs:
                    self.agent_specs[faction] = specs[faction]

    def undo_steps(self, plan: Undo | None = None) -> list[str] | None:
        """What the table takes back if :meth:`undo` of ``plan`` (by default the one of
        now) is done: the steps from the board now to the board at the start of the
        person's latest decision (the same change model as every turn's steps, read
        backwards); None: nothing to undo."""
        plan = plan if plan is not None else self.undo_plan()
        if plan is None:
            return None
        return self._steps_back(plan.point)

    def steps_back_to(self, position: int) -> list[str]:
        """The steps that take the table's board back to the game after the log's first
        ``position`` commands (:meth:`rollback`): as :meth:`undo_steps` gives them, each
        command taken back read backwards, the last first (issue 43: the net difference
        paired a removal in one space with a placing in another as a move that never
        happened, 'Move 1 Underground FARC Guerrilla from Meta West to Guaviare' though
        no March was taken back)."""
        return self._steps_back(position)

    def _steps_back(self, point: int) -> list[str]:
        """The steps from the board now back to the game after the log's first
        ``point`` commands, in the order the table does them."""
        # as the table must do them (issue 43): the last thing done first (a command's
        # automatic steps, the card's end or a Round's phases, before the command's own
        # changes: the parts of its _Walk), each part's spaces in the reverse of the
        # order it took them, a space's markers (Control, Support, a FARC Zone) with its
        # pieces, then its tracks; not all the pieces of every command first, then all
        # the markers, in map order; pieces move back only within a command that moved
        # them
        game = Game.replay(self.game.initial, self.game.log[:point])
        parts: list[tuple[GameState, GameState, list[str]]] = []
        for entry in self.game.log[point:]:
            before = game.state.clone()
            trace = game.replay_entry(entry)
            walk = _Walk(before, entry, trace)
            walk.run()
            parts += walk.parts + [(walk.state, game.state.clone(), trace)]
        steps: list[str] = []
        for before, after, told in reversed(parts):
            order = board_changes.spaces_named(told)[::-1]
            steps += self._masked_back(board_changes.reverse_steps(
                before, after, order, board_changes.moves_told(told), by_space=True,
                made=board_changes.moves_made(told)), before, after)
        return steps

    def _masked_back(self, steps: list[str], target: GameState, now: GameState) -> list[str]:
        """``steps`` from the board ``now`` back to ``target`` with no card named that
        the table never named."""
        if not self.assist:
            return steps
        # neither the card face up now nor the one face up once back there is named if
        # the table never named it (only the first was masked: an undo of the naming of
        # the card after a second Propaganda card in a row printed the program's own)
        steps = table_deck.masked(steps, self.game, now)
        return table_deck.masked(steps, self.game, target, back=True)

    # --- the history -----------------------------------------------------------------
    def _remember(self, report: TurnReport) -> None:
        report = self._table_report(report, self.state)
        self._tell_agents(report)
        self._keep_report(report)

    def _table_report(self, report: TurnReport, after: GameState) -> TurnReport:
        """At the table, ``report`` (of a command that left the board ``after``) with
        no card the table did not name (:func:`tui.table_deck.masked`)."""
        if self.assist:
            report.instructions = table_deck.masked(report.instructions, self.game, after)
            report.changes = table_deck.masked(report.changes, self.game, after)
        return report

    def _table_preview(self, preview: Preview) -> Preview:
        """At the table, ``preview`` with no card the table did not name."""
        if self.assist:
            preview.changes = table_deck.masked(preview.changes, preview.game,
                                                preview.game.state)
        return preview

    def _keep_report(self, report: TurnReport) -> None:
        """``report`` is the account of the game's last logged command."""
        logged = self.game.log[-1]
        self._reports[id(logged)] = (logged, report)

    def turns(self) -> list[Turn]:
        """The game's log, command by command with its account, in order. Accounts not
        given this session (a resumed save) are rebuilt from the log once."""
        log = self.game.log
        steps = self.session.steps
        known = {id(e): self._reports[id(e)] for e in log
                 if id(e) in self._reports and self._reports[id(e)][0] is e}
        missing = next((i for i, e in enumerate(log) if id(e) not in known), None)
        if missing is not None:
            for i, before, trace, after in replayed(self.game, missing):
                entry = log[i]
                if id(entry) not in known:
                    known[id(entry)] = (entry, self._table_report(rebuilt_report(
                        self.game, steps[i], before, trace, after), after))
        self._reports = known  # accounts of discarded commands go
        return numbered_turns(steps, [known[id(step.logged)][1] for step in steps])

    def cards(self) -> list[CardGroup]:
        """The history under its cards (:class:`tui.turn_log.CardGroup`)."""
        return card_groups(self.turns(), self.state.played)

    @property
    def history(self) -> list[TurnReport]:
        """The accounts of the log's commands, in order."""
        return [t.report for t in self.turns()]

    def rollback_point(self, group: CardGroup) -> int:
        """Where a rollback to ``group`` returns the log: its start, after the cards the
        table named first under it (the card on top of the deck, named as the card
        began): the steps back put those cards back where they were named, so they are
        kept, not asked for again (issue 43: 'rollback 8' said '#41 Mancuso back on top
        of the deck', then asked which card is on top)."""
        log = self.game.log
        point = group.start
        while point < len(log) and names_a_card(log[point]):
            point += 1
        return point

    def takes_back_nothing(self, group: CardGroup) -> bool:
        """A rollback to ``group`` would take back nothing: its start is where the game
        stands (a Round begun by the last turn, no turn on it yet). It is not offered
        (issue 43: the dialog said 'takes back 0 turns, listed below' over no list)."""
        return self.rollback_point(group) >= len(self.game.log)

    def rollback(self, group: CardGroup) -> None:
        """Back to the start of ``group``'s card (:meth:`rollback_point`): the commands
        from there on are discarded, the dice stream returns to where it was then
        (autosaved)."""
        self.session.rewind(self.rollback_point(group))
        self._agents_from_log()

    def rollback_steps(self, group: CardGroup) -> list[str]:
        """What the table takes back if :meth:`rollback` to ``group`` is done now."""
        return self.steps_back_to(self.rollback_point(group))

    def rollback_taken(self, group: CardGroup) -> list[str]:
        """The turns a rollback to ``group`` takes back (:meth:`taken_lines`)."""
        return self.taken_lines(self.rollback_point(group))

    def discarded_by(self, group: CardGroup) -> tuple[int, int, int, int]:
        """A rollback to ``group`` discards (turns, of which a person's decisions,
        cards the table named, cards the program drew for it)."""
        return discarded(self.session.steps, self.rollback_point(group))

    def rollback_said(self, group: CardGroup) -> str:
        """What a rollback to ``group`` takes back, in the table's words: 'Rolling back
        to the start of #7 7th Special Forces takes back 2 turns, 1 of them your
        decision, listed below.' With the program's dice, the rolls after it come out
        the same again; typed-in dice are the table's (issue 43: "discards 3 commands
        ... the dice return to where they were" said neither)."""
        turns, yours, named, by_program = self.discarded_by(group)
        dice = "" if self.manual else " The program's dice roll the same again from there."
        said = [f"{counted(named, 'card')} the table named"] if named else []
        if by_program:
            said.append(f"{counted(by_program, 'card')} the program drew")
        mine = mine_of(turns, yours)
        cards = f"{',' if mine else ''} and {' and '.join(said)}" if said else ""
        rules = self.rules_taken(self.rollback_point(group), short=True)
        return (f"Rolling back to {group.back_to} takes back {counted(turns, 'turn')}"
                f"{mine}{cards}, listed below."
                f"{self.rules_said(rules)}{dice}")

    def save(self, path: str | None = None, replace: bool = False) -> str:
        """Save the game (to another file: :meth:`tui.session.Session.save`)."""
        return str(self.session.save(path, replace))

    # --- the table's deck (tabletop assist) ------------------------------------------
    def card_to_name(self) -> str | None:
        """The card the table must name before anyone acts (assist): 'current' (a card
        became face up that the table never named: after a Propaganda Round the program
        turned its own), 'next' (the card on top of the deck changed: after an Event
        card, and as a Propaganda card becomes face up), or None."""
        if self.needs_current_card():
            return "current"
        if self.needs_next_card():
            return "next"
        return None

    def public_cards(self, state: GameState | None = None) -> table_deck.PublicCards:
        """The cards every screen may show now (or on ``state``, a board of this game):
        :func:`tui.table_deck.public_cards`, the one place that decides it."""
        return table_deck.public_cards(self.game, state, table=self.assist)

    def needs_current_card(self) -> bool:
        """The Event card face up is one the table never named (the program turned it
        from its own deck, e.g. at the end of a Propaganda Round): asked before anyone
        acts on it."""
        return self.assist and self.public_cards().current_unnamed

    def needs_next_card(self) -> bool:
        """The program does not know the card on top of the table's deck yet: nobody
        named it since it last changed (the assistant asks before play goes on). Asked
        on an Event card and in a Propaganda Round (the card after it is face up on the
        deck), not in the final Round (no card follows it, 2.4.1)."""
        return self.assist and self.public_cards().next_unnamed

    def draw_card(self, which: str) -> TurnReport:
        """The table asked the program to turn the card itself (``which``: 'current' or
        'next'): the program's own top card (or the card it already turned) is taken
        and logged as named, so the question is not asked again."""
        if which == "current":
            assert self.state.current_card is not None
            preview = self.preview(SetCurrentCard(self.state.current_card))
        else:
            preview = self.preview(SetNextCard(self.state.deck[0]))
        preview.game.log[-1][DRAWN_KEY] = True  # the log says who turned it (issue 43)
        return self.commit(preview)

    def deck_card(self, card: int) -> int:
        """``card``, or if it is a Propaganda card already played, the first Propaganda
        card still in the deck: the four are alike and their title names them all. A
        Propaganda card still in the deck is recorded as chosen (#73 stays #73)."""
        if CARDS[card].propaganda and card not in self.state.deck:
            for c in self.state.deck:
                if CARDS[c].propaganda:
                    return c
        return card

    def edit(self, cmd: EditorCommand) -> TurnReport:
        """Apply a board-editor command typed at the table (IllegalAction: refused).
        In a Redeploy (6.5) its steps leave Control alone: the markers are adjusted once
        the Redeploy is done (:meth:`decision_edits` lists them then), and the echo says
        so; the history keeps the command as the engine did it."""
        if isinstance(cmd, SetNextCard):
            cmd = SetNextCard(self.deck_card(cmd.card))
        if not self.redeploying() or isinstance(cmd, (SetNextCard, SetCurrentCard)):
            return self.apply(cmd)
        before = self.state
        report = self.apply(cmd)
        records = board_changes.changes_told(before, self.state, report.account)
        steps = [board_changes.step_text(c) for c in records
                 if c.kind != board_changes.CONTROL]
        if len(steps) < len(records):
            steps.append(f"  {REDEPLOY_CONTROL_WAITS}")  # a Control marker left for later
        return replace(report, instructions=steps)


#: what a board edit during a Redeploy says of the Control it leaves alone (6.5)
REDEPLOY_CONTROL_WAITS = ("Control: no marker changes until the Redeploy is done (6.5); "
                          "'done' lists the markers to adjust")
#: the heading of the Control markers adjusted at the end of a Redeploy (6.5.4)
REDEPLOY_CONTROL_DONE = "6.5.4 The Redeploy done, Control adjusts (1.8):"


def _edit_steps(before: GameState, after: GameState, told: Sequence[str],
                control: bool = True) -> list[str]:
    """The table's steps of one board edit (``told``: the editor's account of it), as
    :class:`_Walk` words them (the moves it told paired first); ``control`` False:
    without the Control markers (a Redeploy's, 6.5)."""
    return [board_changes.step_text(c)
            for c in board_changes.changes_told(before, after, told)
            if control or c.kind != board_changes.CONTROL]


class SessionContext(DecisionContext):
    """A person's decision's context whose game is the session's game now. The board
    editor used while deciding (assist: a choice carried out on the table, then
    'cancel', which keeps the edits) commits a new Game each edit; a context holding
    the Game of the decision's start showed the menu and forms again on the board
    before the edits (issue 43 item 2: "Not possible now: Assault" with Troops and an
    Active Guerrilla in Meta West; Train offering a Base's space its cubes)."""

    def __init__(self, session: Session, dice: DiceSource, assist: bool = False) -> None:
        self._session = session
        super().__init__(session.game, dice, assist=assist)

    @property
    def game(self) -> Game:
        return self._session.game

    @game.setter
    def game(self, _value: Game) -> None:
        """(The dataclass's __init__ sets it: the session's game is read instead.)"""


#: the title of a choice carried out on the table and recorded (RecordAction.kind)
RECORDED_TITLES = {
    "op": "Operation carried out on the table",
    "op_sa": "Operation + Special Activity carried out on the table",
    "event": "Event carried out on the table",
    "propaganda": "Propaganda decision carried out on the table",
}


def title_of(cmd: Command, before: GameState) -> str:
    """A person's command as the history names it (:func:`command_title`; a choice
    recorded from the table says so)."""
    if isinstance(cmd, RecordAction):
        return RECORDED_TITLES.get(cmd.kind, cmd.name)
    return command_title(cmd, before)


def _turn_title(result: Any, before: GameState) -> str:
    if result.decision == "pass":
        return "Pass"
    if result.decision == "propaganda":
        return f"{before.step.get('phase')}"
    if result.decision == "event":
        return command_title(result.command, before)
    return command_title(result.command, before)


#: who a change of seat (Set Seat) is in the history: no board correction of the editor's
SEATS_WHO = "Seats"


def _as_correction(report: TurnReport, entry: dict) -> TurnReport:
    """A board correction (the logged ``entry``) is the editor's ('Editor: Next card:
    #41 Mancuso'), a change of seat the seats' ('Seats: AUC is played from now on by a
    person'), not the move of the Faction whose turn it is."""
    report.faction = None
    if entry["command"]["type"] == SetSeat.name:
        report.who = SEATS_WHO
    told = report.account or report.instructions
    if told:
        report.title = told[0]
    return report


@dataclass
class _Decided:
    """A logged Non-player command seen as :func:`_turn_title` sees a turn's result."""

    decision: str
    command: Command


def _decision(cmd: Command, before: GameState) -> str:
    if before.phase == "propaganda":
        return "propaganda"
    if isinstance(cmd, sequence.Pass):
        return "pass"
    if isinstance(cmd, sequence.PlayEvent):
        return "event"
    return "operation"


def rebuilt_report(game: Game, step: Step, before: GameState, trace: list[str],
                   after: GameState) -> TurnReport:
    """:func:`_rebuilt_report`, with the changes of a command's own card
    (:func:`card_changes`) for its one-line summary."""
    report = _rebuilt_report(game, step, before, trace, after)
    if kind_of(step.logged) == "command":
        report.card_changes = card_changes(before, after, step.logged)
    return report


def _rebuilt_report(game: Game, step: Step, before: GameState, trace: list[str],
                    after: GameState) -> TurnReport:
    """The account of a logged command rebuilt from the log (a resumed save), as
    :meth:`Controller.commit` and :meth:`Controller.nonplayer_turn` give it when it is
    played. A Non-player's reasons come from running its flowchart again on the
    position before the command (:func:`tui.history.rederive_trace`, as
    ``andean report`` does); when that does not give the logged command, the account
    says so (``note``)."""
    from tui.history import rederive_trace

    entry = step.logged
    cmd = from_json(entry["command"])
    lines = instructions(cmd, trace, before, after, entry)
    changes = describe.changes(before, after)
    kind = kind_of(entry)
    if kind == "automatic":
        return TurnReport(None, "; ".join(trace) or cmd.name, lines, changes=changes,
                          account=list(trace), nonplayer=False, who="Card end")
    if kind in ("card", "correction"):
        return _as_correction(TurnReport(None, cmd.name, lines, changes=changes,
                                         account=list(trace), nonplayer=False), entry)
    if kind == "transfer":
        return TurnReport(step.faction, title_of(cmd, before), lines, changes=changes,
                          account=list(trace), nonplayer=False)
    if AGENT_KEY in entry and step.faction is not None:
        title = title_of(cmd, before)
        return TurnReport(step.faction, title, lines, changes=changes, account=list(trace),
                          nonplayer=False, reasons=[agent_choice(entry[AGENT_KEY], title)],
                          who=f"{step.faction.label} ({agent_who(entry[AGENT_KEY])})",
                          context=context_lines(before, [entry]))
    if step.person:
        return TurnReport(step.faction, title_of(cmd, before), lines, changes=changes,
                          account=list(trace), nonplayer=False,
                          context=context_lines(before, [entry], person=True))
    if step.faction is Faction.GOVT and government_ai(before) is not None:
        return TurnReport(step.faction, _turn_title(_Decided(_decision(cmd, before), cmd),
                                                     before),
                          lines, changes=changes, account=list(trace), who=GOVT_AI_LABEL,
                          note="the AI's reasons are not kept in the save",
                          context=context_lines(before, [entry]))
    position = Game(before, game.dice, game.log[:step.index], game.initial)
    flowchart, note = rederive_trace(position, entry)
    reasons = flowchart.lines() if flowchart is not None else []
    return TurnReport(step.faction, _turn_title(_Decided(_decision(cmd, before), cmd), before),
                      lines, reasons=reasons, changes=changes, account=list(trace), note=note,
                      context=context_lines(before, [entry], flowchart))


def solo_result_lines(state: GameState) -> list[str]:
    """Game over for any seating: who won, by which rule, the 8.8 level of a solitaire
    Government (:func:`tui.outcome.result_lines`)."""
    from tui.outcome import result_lines

    return result_lines(state)


__all__ = [
    "CARDS",
    "Controller",
    "Decision",
    "Preview",
    "TurnReport",
    "IllegalAction",
    "numbered",
    "rebuilt_report",
    "round_reports",
    "solo_result_lines",
]
