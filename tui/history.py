"""A game's history card by card, for the report: what each Faction did, why, and the
board after each card.

Two sources give the same :class:`History`:

* a bot game as it is played (:class:`Recorder` is the ``on_turn`` of
  :func:`runners.games.play`; the bots' traces come with each turn), and
* a save file (:func:`from_game`): the log is replayed from the initial state
  (:meth:`core.game.Game.replay`'s way: each command with the dice it rolled). A save
  keeps commands, not reasons, so for each Non-player command the section-8 flowchart
  is run again on the position before it with the same dice; its path is shown when it
  reproduces the logged command, and left out (with a note) when it does not (an Event
  taken through Insurgent Discord, a person playing that Faction, ...).
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from typing import Any

from core.cards import CARDS
from core.commands import from_json
from core.dice import SEEDED, DiceSource, ScriptedDice
from core.errors import DiceExhausted
from core.game import Game, apply_command, sequence
from core.game.board_editor import SetCurrentCard, SetNextCard
from core.game.editor import EditorCommand
from core.map import MAP
from core.pieces import Faction
from core.rules import victory
from core.rules.propaganda import rounds_held, set_aside_cards
from core.state import GameState
from nonplayer.trace import Trace
from runners.games import Turn
from runners.seats import GOVT_AI_LABEL, government_ai
from tui.describe import game_turn_line

#: Who a board correction (the assist board editor, core/game/board_editor.py) is by.
EDITOR = "Board editor"
#: who names the card on top of the deck at the table (assist: not a correction)
TABLE = "Table"


@dataclass
class Action:
    """One decision: who, in player language, and why (the flowchart path)."""

    faction: str
    text: str
    why: list[str] = field(default_factory=list)
    did: list[str] = field(default_factory=list)
    note: str = ""


@dataclass
class CardStep:
    """A card (Event or Propaganda) with what was done on it and the board after it."""

    index: int  # 1-based position in the game
    card: int | None
    propaganda: bool
    round: int  # Propaganda Rounds played when the card ended
    actions: list[Action]
    state: GameState  # after the card
    changed: frozenset[int]

    @property
    def heading(self) -> str:
        if self.card is None:
            return "Set-up"
        title = f"#{self.card} {CARDS[self.card].title}"
        if self.propaganda:
            # by Propaganda card, as status counts them; a Round only where one was held
            # (6.0 EXCEPTION: a second Propaganda card in a row is set aside without one)
            nth = sum(1 for c in self._upto() if CARDS[c].propaganda)
            head = f"Propaganda card {nth} of {self.state.final_propaganda}"
            if not self.held:
                return f"{head}, without a Round (6.0): {title}"
            return f"{head}, Round {self.round}: {title}"
        return title

    def _upto(self) -> list[int]:
        """The cards played up to this one (its own the last)."""
        played = self.state.played
        return played[:played.index(self.card) + 1] if self.card in played else played

    @property
    def held(self) -> bool:
        """A Propaganda Round was held on this card (6.0; not on one set aside)."""
        return self.propaganda and self.card not in set_aside_cards(self._upto())

    def margins(self) -> dict[str, int]:
        m = self.state.victory_margins()
        return {f.label: m[f] for f in Faction}


@dataclass
class History:
    initial: GameState
    steps: list[CardStep] = field(default_factory=list)

    @property
    def final(self) -> GameState:
        return self.steps[-1].state if self.steps else self.initial


def changed_spaces(before: GameState, after: GameState) -> frozenset[int]:
    """Spaces whose pieces, Support, Terror, Sabotage, FARC Zone or Shipments differ."""
    out = set()
    for s in MAP:
        i = s.id
        if (before.row(i) != after.row(i) or before.support[i] != after.support[i]
                or before.terror[i] != after.terror[i]
                or before.sabotage[i] != after.sabotage[i]
                or before.farc_zone[i] != after.farc_zone[i]):
            out.add(i)
    for a, b in zip(before.shipments, after.shipments, strict=True):
        if a != b:
            out.update(x[0] for x in (a, b) if x is not None)
    return frozenset(out)


class Recorder:
    """Collects :class:`CardStep` s from a game's turns (an ``on_turn`` callback)."""

    def __init__(self, start: GameState | None = None) -> None:
        self.history = History(start.clone()) if start is not None else None
        self._before = start.clone() if start is not None else None
        self._key: tuple[str, int | None] | None = None
        self._actions: list[Action] = []
        self._card: int | None = None
        self._propaganda = False
        self._last = self._before
        #: the Round's automatic steps already filed for the card (phase) being recorded
        self._round_said: list[str] = []

    def on_turn(self, game: Game, turn: Turn) -> None:
        if self.history is None:  # a game's set-up: the board before the first card
            self.history = History(game.initial.clone())
            self._before = game.initial.clone()
        key = (turn.phase, turn.card)
        if key != self._key:
            self._close()
            self._set_aside(self._last, turn.card)
            self._key = key
            self._card = turn.card
            self._propaganda = turn.phase == "propaganda"
            self._round_said = []
        said, now = self._round_said, list(turn.round_report)
        # the Round's automatic steps before the turn: 6.1-6.3 before its first decision,
        # then those a decision set off (6.4 Election after the Civic Action, Uribe's
        # removal of the FARC Zones, a FARC Zone with one Department): the engine keeps
        # a phase's steps until the next phase (issue 43 trial b finding 4: the report
        # filed only the first turn's and left the Election out)
        new = now[len(said):] if now[:len(said)] == said else now
        if new:
            self._actions.append(Action("Propaganda Round", "automatic steps", why=new))
        self._round_said = now
        self._actions.append(action_of(turn))
        self._last = game.state.clone()

    def _close(self) -> None:
        if self._key is None or self.history is None or self._before is None:
            return
        after = self._last
        assert after is not None
        self.history.steps.append(CardStep(
            len(self.history.steps) + 1, self._card, self._propaganda,
            rounds_held(after), self._actions, after,
            changed_spaces(self._before, after)))
        self._before = after
        self._actions = []

    def _set_aside(self, before: GameState | None, current: int | None) -> None:
        """A step for each Propaganda card played since the last step without a decision
        of its own, before ``current``'s: set aside without a Round (6.0 EXCEPTION), the
        board unchanged by it (or a Round no one had a decision in). It is played all the
        same (6.0, 2.4.1): it has its place in the card-by-card history, the count of
        cards played and the charts."""
        if before is None or self.history is None:
            return
        steps = self.history.steps
        seen = {s.card for s in steps}
        for card in before.played:
            if card in seen or card == current or not CARDS[card].propaganda:
                continue
            at = before.played.index(card)
            state = before.clone()
            state.played = before.played[:at + 1]  # (the heading counts up to it)
            state.propaganda_cards = sum(1 for c in state.played if CARDS[c].propaganda)
            what = Action("Propaganda", "set aside without a Round (6.0): no Round two "
                          "Propaganda cards in a row") \
                if card in set_aside_cards(state.played) \
                else Action("Propaganda Round", "no decision to make in it")
            steps.append(CardStep(len(steps) + 1, card, True, rounds_held(state), [what],
                                  before.clone(), frozenset()))
            seen.add(card)

    def finish(self, final: GameState | None = None) -> History:
        """The history; ``final`` (the game's last state) adds the card on which the
        game ended without a decision (a victory check on a Propaganda card, 6.1)."""
        self._close()
        self._key = None
        if self.history is None:
            raise ValueError("no turn was recorded")
        steps = self.history.steps
        if final is not None and steps:
            self._set_aside(final, final.current_card)
        if final is not None and final.phase == "over" and steps \
                and final.current_card != steps[-1].card:
            card = final.current_card
            reason = str(final.step.get("reason", "the game ends"))
            steps.append(CardStep(
                len(steps) + 1, card, card is not None and CARDS[card].propaganda,
                rounds_held(final), [Action("Game over", reason)], final.clone(),
                changed_spaces(steps[-1].state, final)))
        return self.history


def action_of(turn: Turn) -> Action:
    text = game_turn_line(turn)
    name = str(getattr(turn.command, "name", ""))
    if name:  # "Civic Action: Civic Action: shift Cali..." reads once
        text = text.replace(f"{name}: {name}: ", f"{name}: ").replace(f"; {name}: ", "; ")
    return Action(turn.faction, text, list(turn.trace), list(turn.report))


def _kind(state: GameState, cmd: Any) -> str:
    if state.phase == "propaganda":
        return "propaganda"
    if isinstance(cmd, sequence.Pass):
        return "pass"
    if isinstance(cmd, sequence.PlayEvent):
        return "event"
    if isinstance(cmd, sequence.OperationAction):
        return "operation" if sequence.OPERATION in sequence.options(state) \
            else "limited_operation"
    return "edit"


def _same(a: dict, b: dict) -> bool:
    a, b = dict(a), dict(b)
    a.pop("choices", None)
    b.pop("choices", None)
    return a == b


def rederive(game: Game, entry: dict) -> tuple[list[str], str]:
    """The lines of :func:`rederive_trace`'s trace ([] when not re-derived) and the note."""
    trace, failure = rederive_trace(game, entry)
    return (trace.lines() if trace is not None else []), failure


def rederive_trace(game: Game, entry: dict) -> tuple[Trace | None, str]:
    """The Non-player's flowchart path for a logged command, run again on the position
    before it with the dice the log recorded: the decision's own (``decision_rolls``:
    the flowchart's and the Event chooser's dice, seeded or typed in at the table) for
    the flowchart and its chooser, the command's (``rolls``) for the command. A save
    written before decisions logged their dice has no ``decision_rolls``: the seeded
    stream is tried first there, then the command's rolls."""
    from nonplayer.turn import decide

    failure = ""
    rolls = [v for _, v in entry.get("rolls", [])]
    if "decision_rolls" in entry:
        decided = [v for _, v in entry["decision_rolls"]]
        sources: list[tuple[DiceSource, DiceSource]] = [
            (ScriptedDice(decided), ScriptedDice(rolls))]
    else:
        sources = [(SEEDED, SEEDED), (ScriptedDice(rolls), ScriptedDice(rolls))]
    for dice, command_dice in sources:
        try:
            trial = Game(game.state.clone(), SEEDED, list(game.log), game.initial)
            decision, cmd, trace, chooser = decide(trial, dice)
        except DiceExhausted:  # this dice source cannot re-run it: try the next
            failure = ("flowchart path not re-derived: run again, the flowchart asks for "
                       "more dice than the log recorded (not the flowchart's choice?)")
            continue
        except Exception:  # noqa: BLE001 - as above, any failure of the re-run
            failure = "flowchart path not re-derived: the flowchart does not run again there"
            continue
        if _same(cmd.to_json(), entry["command"]):
            if decision == "event" and chooser is not None:
                # the Event's choices, as nonplayer.turn.take_turn adds them
                with contextlib.suppress(Exception):
                    trial.apply(cmd, chooser=chooser, dice=command_dice)
                    for pick in getattr(chooser, "picks", []):
                        trace.add("event_choice", "8.4", f"Event choice: {pick}")
            return trace, ""
        failure = ("flowchart path not shown: the flowchart run again chooses otherwise "
                   "(a person's or Discord's choice)")
    return None, failure


def from_game(game: Game, *, traces: bool = True) -> History:
    """Rebuild the card-by-card history of a saved game by replaying its log."""
    state = game.initial.clone()
    sequence.start_game(state, SEEDED)
    replay = Game(state, SEEDED, [], game.initial.clone())
    rec = Recorder(state)
    for entry in game.log:
        cmd = from_json(entry["command"])
        before = replay.state
        faction = sequence.to_move(before)
        why: list[str] = []
        note = ""
        edit = isinstance(cmd, EditorCommand)
        ai = faction is Faction.GOVT and government_ai(before) is not None
        if ai:  # the program's Government AI: no flowchart to run again
            note = "the program's Government AI; its reasons are not kept in the save"
        elif traces and not edit and faction is not None and before.seats[faction] is None:
            why, note = rederive(replay, entry)
        card, phase, kind = before.current_card, before.phase, _kind(before, cmd)
        round_report = list(before.step.get("report", [])) if phase == "propaganda" else []
        trial = before.clone()
        report = apply_command(trial, cmd, ScriptedDice([v for _, v in entry["rolls"]]))
        trial.rng_counter = int(entry.get("rng_after", trial.rng_counter))
        replay.state = trial
        replay.log.append(entry)
        # the table naming the card on top of its deck is no correction: the table's
        named = isinstance(cmd, SetNextCard)
        if isinstance(cmd, SetCurrentCard) and phase == "card" \
                and rec._key != (phase, card):
            # the table naming the card face up before anything is done on it (the
            # first card, or the one under a Propaganda card set aside, 6.0): the card
            # is the named one; the program's own card stood in for it unseen and is
            # never shown (issue 31 item 4, issue 43)
            card, named = trial.current_card, True
        label = TABLE if named else EDITOR if edit else GOVT_AI_LABEL if ai \
            else entry.get("faction") or EDITOR
        turn = Turn(label, card, phase, kind, cmd, why, report, round_report)
        rec.on_turn(replay, turn)
        if edit:  # a table correction: what it did, in the engine's words
            rec._actions[-1].text = f"{label}: " + "; ".join(report or [cmd.name])
        if note:
            rec._actions[-1].note = note
    return rec.finish(replay.state)


def solo_line(state: GameState) -> str:
    """The 8.8 result, or where it would stand now if the game is not over."""
    score, level = victory.solo_result(state)
    if state.phase == "over":
        return f"Government solo score (8.8): {score:+d}: {level}"
    return f"Game not over; the 8.8 score would be {score:+d} ({level}) now"
