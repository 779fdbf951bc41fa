"""The history a player sees: a view of the save's command log and nothing else.

Every history on screen (the log panel, ``w``, the ``--plain`` mode's ``log``, ``show``
and ``why``), undo and rollback read :attr:`core.game.Game.log`, the list of commands the
save keeps. What the log does not say directly (who was to move, on which card, whether
it was a person's decision) comes from replaying it (:meth:`core.game.Game.replay_entry`):

* :class:`Step`: one logged command as replayed: its position in the log, who was to
  move, the card and phase, who was Ineligible on the card, and whether it was a
  person's (a command of a seated Faction, or a board correction) or a Non-player's;
* :func:`steps_of`: the Steps of a game's log, keeping those already known;
* :func:`undo_point`: where undo returns: the start of the person's latest decision;
* :class:`TurnReport`: the account of one command (who, what, why, the changes), which
  :mod:`tui.controller` writes and a :class:`Turn` keeps beside its Step;
* :class:`CardGroup`: the turns of one card under its heading
  ("#26 Gramaje — FARC, AUC, Govt, Cartels; AUC Ineligible"), whose start is where a
  rollback to that card returns.

So undone turns are gone (the log lost them), the order is the log's, and a resumed
save shows the same history as the session that wrote it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from core.cards import CARDS
from core.cards import card_title as card_name
from core.commands import SideCommand, from_json
from core.game import Game, sequence
from core.game.board_editor import RecordAction, SetCurrentCard, SetNextCard
from core.game.editor import EditorCommand, PlayOn
from core.pieces import Faction
from core.rules.propaganda import rounds_held, set_aside_cards
from core.state import GameState
from tui.table_deck import NAMING, PublicCards

#: Faction names in card headings (short, as on the cards' Faction order).
SHORT = {Faction.GOVT: "Govt", Faction.FARC: "FARC", Faction.AUC: "AUC",
         Faction.CARTELS: "Cartels"}


@dataclass
class TurnReport:
    """One decision as it was carried out: by a Non-player (with the reasons) or a person."""

    faction: Faction | None
    title: str
    instructions: list[str]
    reasons: list[str] = field(default_factory=list)
    changes: list[str] = field(default_factory=list)
    nonplayer: bool = True
    #: ``changes`` without the phases of a Propaganda Round that began after the
    #: command (6.2, 6.3...): what the command and its card's end did, for its one-line
    #: summary (:func:`tui.controller.card_changes`; None: no Round began)
    card_changes: list[str] | None = None
    #: why ``reasons`` is empty for a Non-player's turn rebuilt from a save
    note: str = ""
    #: who did it, when not a Faction or the board editor ("Card end")
    who: str = ""
    #: the lines heading the instructions: who acts and why (card, position, flowchart
    #: nodes) and the dice used (:func:`context_lines`)
    context: list[str] = field(default_factory=list)
    #: the engine's own account of the command (its trace), for the history's one-line
    #: summaries; the table's steps are ``instructions``
    account: list[str] = field(default_factory=list)
    #: the one line saying an agent failed as this turn was asked of it (what happened,
    #: who took the seat, where the game was saved): the user interfaces say it at once
    failure: str = ""

    def heading(self) -> str:
        who = self.who or (self.faction.label if self.faction is not None else "Editor")
        named = self.nonplayer and not self.who  # "Government (the program's AI)" says it
        return f"{who}{' (Non-player)' if named else ''}: {self.title}"

    def why_lines(self) -> list[str]:
        """The reasons, or why there are none."""
        if self.reasons:
            return list(self.reasons)
        if self.note:
            return [f"(the reasons could not be rebuilt from the save: {self.note})"]
        return ["(a person's decision)"] if not self.nonplayer else ["(no reasons recorded)"]

    def lead(self) -> list[str]:
        """The context lines above the steps: who acts and why (card, position,
        flowchart nodes)."""
        return [line for line in self.context if not line.startswith("Dice:")]

    def dice(self) -> list[str]:
        """The dice lines, folded below the steps (issue 43: 13 of them pushed the steps
        off the first page at 80x24)."""
        return [line for line in self.context if line.startswith("Dice:")]

    def lines(self) -> list[str]:
        out = [self.heading()]
        out += [f"  {line}" for line in self.lead()]
        out += [f"  {line}" for line in numbered(self.instructions, align=False)]
        out += [f"  {line}" for line in self.dice()]
        return out


def numbered(instructions: list[str], align: bool = True) -> list[str]:
    """Instructions numbered for the table; indented lines (headings: a Propaganda
    Round's phases, what set off the steps after them) are never numbered. ``align``:
    numbers right-aligned on 2 columns (the screen's dialog)."""
    out: list[str] = []
    n = 0
    for line in instructions:
        if line[:1].isspace():
            out.append(f"    {line}")
        else:
            n += 1
            out.append(f"{n:>2}. {line}" if align else f"{n}. {line}")
    return out


#: the log entry's key naming the outside agent (its command) that logged it: its
#: decision, or the change of its seat as it started or failed (issue 34)
AGENT_KEY = "agent"


@dataclass(frozen=True)
class Step:
    """One command of the log, as replayed (see the module docstring)."""

    index: int  # position in Game.log
    logged: dict = field(compare=False, repr=False)  # the log's own entry
    faction: Faction | None  # who was to move before it
    card: int | None
    phase: str
    round: int  # Propaganda Rounds begun (the current one, in a Round)
    ineligible: tuple[Faction, ...]
    person: bool  # a person's command or board correction (undo steps back over it)
    kind: str = "command"  # see kind_of


def kind_of(entry: dict) -> str:
    """'automatic' (a stopped card's end), 'card' (the table named the card on top of
    its deck), 'correction' (another board-editor change), 'record' (a Faction's
    action carried out at the table), 'transfer' (a voluntary transfer, 1.5.2: no turn)
    or 'command'."""
    cmd = from_json(entry["command"])
    if isinstance(cmd, SideCommand):
        return "transfer"
    if isinstance(cmd, PlayOn):
        return "automatic"
    if isinstance(cmd, RecordAction):
        return "record"
    if isinstance(cmd, SetNextCard):
        return "card"
    if isinstance(cmd, EditorCommand):
        return "correction"
    return "command"


def step_of(index: int, before: GameState, entry: dict) -> Step:
    """The :class:`Step` of ``entry`` played on ``before``."""
    kind = kind_of(entry)
    faction = sequence.to_move(before)
    if kind == "transfer" or (faction is None and entry.get("faction")):
        # the giver (a transfer); decided once a stopped card ended (the others)
        faction = Faction.parse(entry["faction"])
    seated = faction is not None and before.seats[faction] is not None
    # an outside agent's decision (or its seat's change when it started or failed) is
    # no person's: undo steps back over it as over a Non-player's turn
    person = AGENT_KEY not in entry and (kind in ("card", "correction", "transfer") or (
        kind in ("command", "record") and seated))
    ineligible = tuple(f for f in Faction if not before.eligible[f])
    return Step(index, entry, faction, before.current_card, before.phase,
                rounds_held(before), ineligible, person, kind)


def replayed(game: Game, first: int = 0, start: Game | None = None
             ) -> Iterator[tuple[int, GameState, list[str], GameState]]:
    """Replay ``game``'s log from position ``first``: (position, state before, the
    command's trace, state after) for each command. ``start``: a game at position
    ``first`` of the same log, to start from (else the log is replayed up to there).

    The replay ends at the first command that does not replay: only a save loaded with
    ``--no-verify`` (the replay check skipped) has one, and its history then ends there
    (``andean verify`` names the command) instead of every history view failing."""
    log = game.log
    try:
        if start is not None and len(start.log) == first \
                and all(a is b for a, b in zip(start.log, log, strict=False)):
            walker = start.clone()
        else:
            walker = Game.replay(game.initial, log[:first])
    except Exception:  # noqa: BLE001 - any failure: the log stops replaying there
        return
    for i in range(first, len(log)):
        before = walker.state
        try:
            trace = walker.replay_entry(log[i])
        except Exception:  # noqa: BLE001 - as above (issue 32)
            return
        yield i, before, trace, walker.state


def steps_of(game: Game, known: Sequence[Step] = (), start: Game | None = None) -> list[Step]:
    """The Steps of ``game``'s log: the ``known`` ones still in it (the same logged
    entries at the same places) are kept, the rest replayed (from ``start``, a game
    whose log is the kept part, when given)."""
    log = game.log
    keep = 0
    while keep < min(len(known), len(log)) and known[keep].logged is log[keep]:
        keep += 1
    out = list(known[:keep])
    if keep < len(log):
        out += [step_of(i, before, log[i]) for i, before, _, _ in replayed(game, keep, start)]
    return out


def same_decision(a: Step, b: Step) -> bool:
    """A board correction ``a`` made while deciding ``b``: it left the same Faction to
    move on the same card and phase, and ``b`` is that Faction's decision (or another
    correction of the same). Two decisions are never one (issue 43: a Civic Action and
    the FARC Zone after it, both the Government's in the same Round, are two), and the
    card the table names on top of its deck is no part of a decision."""
    return (a.person and b.person and a.kind == "correction"
            and b.kind in ("correction", "command", "record")
            and a.faction == b.faction and a.card == b.card and a.phase == b.phase)


@dataclass(frozen=True)
class Undo:
    """What an undo takes back, decided once: the session rewinds to :attr:`point` and
    every screen's summary reads :attr:`taken`, so what is said is what is done."""

    point: int  # the log position undo returns to
    taken: tuple[Step, ...]  # the log's steps from there on: everything undo removes

    @property
    def decision(self) -> Step:
        """The person's decision taken back (the first person's step that is no board
        correction made while deciding it, else the first taken)."""
        return next((s for s in self.taken if s.person and s.kind != "correction"),
                    self.taken[0])


def undo_plan(steps: Sequence[Step]) -> Undo | None:
    """The :class:`Undo` of the game whose log replays as ``steps``: back to before the
    person's latest decision (with the board corrections made while deciding it), so
    also every Non-player's, agent's or automatic step after it; None if no person
    decided anything yet."""
    i = next((k for k in range(len(steps) - 1, -1, -1) if steps[k].person), None)
    if i is None:
        return None
    while i > 0 and same_decision(steps[i - 1], steps[i]):
        i -= 1
    return Undo(steps[i].index, tuple(steps[i:]))


def undo_point(steps: Sequence[Step]) -> int | None:
    """The log position undo returns to (:func:`undo_plan`); None: nothing to undo."""
    plan = undo_plan(steps)
    return None if plan is None else plan.point


# ======================================================================================
# the history on screen
# ======================================================================================
@dataclass
class Turn:
    """A command of the log as the history shows it: its step and its account."""

    number: int  # 1-based among the history's turns ('show N', 'why N'); 0: a card named
    step: Step
    report: TurnReport

    @property
    def naming(self) -> bool:
        """The table named a card (on top of its deck, or face up): no turn of anyone,
        so shown unnumbered under its card (:func:`naming_line`)."""
        return self.number == 0


def names_a_card(entry: dict) -> bool:
    """A logged command naming the card on top of the table's deck or face up."""
    return entry["command"].get("type") in NAMING


def numbered_turns(steps: Sequence[Step], reports: Sequence[TurnReport]) -> list[Turn]:
    """The history's turns: numbered 1, 2, ... except the cards the table named (number
    0, shown as :func:`naming_line`), so 'show N' and 'why N' count turns alone."""
    out: list[Turn] = []
    n = 0
    for step, report in zip(steps, reports, strict=True):
        if names_a_card(step.logged):
            out.append(Turn(0, step, report))
        else:
            n += 1
            out.append(Turn(n, step, report))
    return out


#: the log entry's key marking a card the program drew from its own deck when the table
#: asked it to (``draw``), not a card the table turned and named (issue 43 item 5)
DRAWN_KEY = "drawn"


def drawn(entry: dict) -> bool:
    """``entry`` names a card the program drew (``draw``), as its log records."""
    return bool(entry.get(DRAWN_KEY))


def naming_line(turn: Turn) -> str:
    """A card the table named, as the history shows it: 'Next card: #46 Limpieza (named
    by the table)', 'Face up: #1 1st Division (named by the table)'; a card the table
    had the program draw says so ('Next card: #7 7th Special Forces (drawn by the
    program)')."""
    card = turn.step.logged["command"].get("card")
    title = card_name(card) if card in CARDS else str(card)
    which = "Next card" if turn.step.logged["command"].get("type") == SetNextCard.name \
        else "Face up"
    by = "drawn by the program" if drawn(turn.step.logged) else "named by the table"
    return f"{which}: {title} ({by})"


def turn_by_number(turns: Sequence[Turn], number: int) -> Turn | None:
    """The turn numbered ``number`` ('show N', 'why N'), if any."""
    return next((t for t in turns if t.number == number and number > 0), None)


@dataclass
class CardGroup:
    """The turns of one card (an Event card, or a Propaganda Round).

    A Propaganda Round begins inside the command that ended the card before it; its
    automatic phases up to its first decision (6.1 Victory, 6.2 Sabotage, 6.3
    Resources) are the Round's ``opening``, not that command's, and a Round nobody
    decided in (the final one a victory check ends) is a group of its own all the same.
    ``automatic``: the steps the rules carried out after a turn (6.4 Election, a FARC
    Zone with one legal Department, 6.6 Reset), by turn number, each under its phase
    and the Faction that took it (:func:`automatic_line`)."""

    number: int  # 1-based among the history's cards ('rollback N')
    card: int | None
    phase: str
    round: int
    ineligible: tuple[Faction, ...]
    turns: list[Turn]
    opening: list[str] = field(default_factory=list)
    automatic: dict[int, list[str]] = field(default_factory=dict)
    #: log position of the Round's start (after the command that began it)
    start_at: int | None = None

    @property
    def start(self) -> int:
        """Log position of the card's first command: where a rollback returns."""
        if self.start_at is not None:
            return self.start_at
        return self.turns[0].step.index

    @property
    def title(self) -> str:
        return card_title(self.card, self.phase, self.round)

    @property
    def back_to_short(self) -> str:
        """:attr:`back_to` without the why: the rollback question."""
        return self.back_to.split(" (they came", 1)[0]

    @property
    def back_to(self) -> str:
        """Where a rollback to this card lands, in words that are true: 'the start of
        #7 7th Special Forces'; for a Round begun by the last turn of the card before,
        its first decision, after the phases that came with that turn (issue 43: 'Rolled
        back to the start of Propaganda Round 1' landed after 6.3)."""
        if self.start_at is not None and self.opening:
            return (f"{self.title}, after its {', '.join(phase_names(self.opening))} "
                    "(they came with the last turn of the card before and stay done)")
        return f"the start of {self.title}"

    def heading(self) -> str:
        return card_heading(self.card, self.phase, self.round, self.ineligible)


def card_title(card: int | None, phase: str, round_: int) -> str:
    """'#26 Gramaje', 'Propaganda Round 2: #50 Propaganda!'."""
    if card is None:
        return "Before the first card"
    title = card_name(card)
    if phase == "propaganda":
        return f"Propaganda Round {round_}: {title}"
    if phase == SET_ASIDE:
        return f"Propaganda card without a Round (6.0): {title}"
    return title


def card_heading(card: int | None, phase: str, round_: int,
                 ineligible: Sequence[Faction]) -> str:
    """'#26 Gramaje — FARC, AUC, Govt, Cartels; AUC Ineligible': the card, its Faction
    order (2.3.2) and who was Ineligible on it (2.3.1)."""
    title = card_title(card, phase, round_)
    if card is None or phase in ("propaganda", SET_ASIDE):
        return title
    order = ", ".join(SHORT[f] for f in CARDS[card].faction_order)
    text = f"{title} — {order}"
    if ineligible:
        text += "; " + ", ".join(SHORT[f] for f in ineligible) + " Ineligible"
    return text


def current_heading(state: GameState, cards: PublicCards | None = None) -> str:
    """The heading of the card being played now (as the history will show it); at the
    table, before it names the card face up, none of it (``cards``:
    :func:`tui.table_deck.public_cards`)."""
    if cards is not None and cards.current_unnamed:
        return "the card turned face up, not named yet"
    return card_heading(state.current_card, state.phase, rounds_held(state),
                        tuple(f for f in Faction if not state.eligible[f]))


#: the phase of a card group for a Propaganda card set aside without a Round (6.0)
SET_ASIDE = "set_aside"


def card_groups(turns: Sequence[Turn], played: Sequence[int] = ()) -> list[CardGroup]:
    """``turns`` under their cards, in order (one group per card and phase; a Round
    begun by a turn opens with its automatic phases, see :class:`CardGroup`).
    ``played``: the game's cards played, in order: a Propaganda card among them set
    aside without a Round (6.0 EXCEPTION) is played all the same and has its number,
    with no turn, after the card before it, so 'log', 'rollback N' and the report
    (:mod:`tui.history`) number the cards alike."""
    out = _groups(turns)
    end = max((t.step.index + 1 for t in turns), default=0)
    for card in set_aside_cards(list(played)):
        at = played.index(card)
        before = played[at - 1] if at else None
        where = next((i + 1 for i in range(len(out) - 1, -1, -1)
                      if out[i].card == before), len(out))
        start = out[where].start if where < len(out) else end
        out.insert(where, CardGroup(0, card, SET_ASIDE, out[where - 1].round if where
                                    else 0, (), [], start_at=start))
    for number, group in enumerate(out, 1):
        group.number = number
    return out


def _groups(turns: Sequence[Turn]) -> list[CardGroup]:
    out: list[CardGroup] = []
    for turn in turns:
        s = turn.step
        last = out[-1] if out else None
        if last is None or (last.card, last.phase) != (s.card, s.phase):
            out.append(CardGroup(len(out) + 1, s.card, s.phase, s.round, s.ineligible, []))
        group = out[-1]
        group.turns.append(turn)
        cmd = s.logged["command"]
        if cmd.get("type") == SetCurrentCard.name and s.phase == "card" \
                and all(t.naming for t in group.turns):
            # the card the table turned face up (the program's own stands in until
            # then): the card's heading is the named one (issue 31 item 4)
            group.card = cmd.get("card")
        after, began = round_steps(turn.report.instructions)
        if began is not None and began[1] is None:  # a card not named: no group of its own
            after, began = after + began[2], None
        if after:
            out[-1].automatic[turn.number] = after
        if began is not None:
            round_, card, opening = began
            out.append(CardGroup(len(out) + 1, card, "propaganda", round_, (), [],
                                 opening=opening, start_at=s.index + 1))
    return out


_ROUND_HEADING = re.compile(
    r"^\s*Propaganda Round (\d+) \((?:#(\d+) .*|the card turned face up \(not named.*)\):$")
_PHASE_LINE = re.compile(r"^\s+(6\.\d(?:\.\d)? [A-Z][A-Za-z0-9 ]*?)( — [A-Za-z]+)?: (.*)$")


def round_steps(instructions: Sequence[str]
                ) -> tuple[list[str], tuple[int, int | None, list[str]] | None]:
    """The Propaganda steps in a turn's instructions (:func:`tui.controller.instructions`
    lists them indented under the step that set them off): those after the turn in its
    own Round (as :func:`automatic_line` files them), and the Round the turn began, if
    any: (its number, its card, its automatic phases). At the table, a Round begun on
    a Propaganda card it has not named yet has no card (None)."""
    after: list[str] = []
    began: tuple[int, int | None, list[str]] | None = None
    for line in instructions:
        heading = _ROUND_HEADING.match(line)
        if heading:
            card = heading.group(2)
            began = (int(heading.group(1)), int(card) if card else None, [])
            continue
        m = _PHASE_LINE.match(line)
        if m is None:
            continue
        filed = line.strip() if m.group(2) else automatic_line(m.group(1), m.group(3))
        (began[2] if began is not None else after).append(filed)
    return after, began


#: who takes a Propaganda step the rules carry out by themselves, by its first words
_TAKEN_BY = (
    ("FARC Zone placed", "Government"),  # 6.4.4: the Government places it
    ("no Department can receive the FARC Zone", "Government"),
    ("Uribe removes", "Government"),  # 6.4.3: El Presidente Uribe
    ("Redeploy", "Government"),
    ("7th Special Forces", "Government"),
)


def automatic_line(phase: str, text: str) -> str:
    """A Propaganda step under its phase and the Faction that took it: '6.4 Support
    — Government: FARC Zone placed in Meta West'. Steps naming their Faction first
    ('Government earns 30 Resources') or taken by nobody in particular (6.1 Victory,
    6.2 Sabotage, an Election, 6.6 Reset) keep the phase alone."""
    for start, who in _TAKEN_BY:
        if text.startswith(start):
            return f"{phase} — {who}: {text}"
    return f"{phase}: {text}"


def discarded(steps: Sequence[Step], position: int) -> tuple[int, int, int, int]:
    """Going back to log ``position`` discards (turns, of which a person's decisions,
    cards the table named, cards the program drew for it). A card named on top of the
    deck or face up is no turn and no decision of anyone's (issue 43: a mid-card naming
    was counted as 'a person's decision'; a card drawn by the program as one the table
    named)."""
    gone = [s for s in steps if s.index >= position]
    named = [s for s in gone if names_a_card(s.logged)]
    by_program = sum(1 for s in named if drawn(s.logged))
    return (len(gone) - len(named),
            sum(1 for s in gone if s.person and not names_a_card(s.logged)),
            len(named) - by_program, by_program)


def phase_names(lines: Sequence[str]) -> list[str]:
    """The Propaganda phases that ``lines`` (as :func:`round_steps` files them) belong
    to, once each in order: ['6.1 Victory', '6.2 Sabotage', '6.3 Resources']."""
    out: list[str] = []
    for line in lines:
        name = re.split(r": | — ", line, maxsplit=1)[0]
        if name not in out:
            out.append(name)
    return out


def rules_steps(turns: Sequence[Turn], short: bool = False) -> list[str]:
    """The steps of the rules that came with ``turns``' commands and go with them when
    they are taken back (undo, rollback): a Propaganda Round each began (its phases,
    6.1 Victory, 6.2 Sabotage, 6.3 Resources...) and the automatic steps of a Round
    after one (an Election, a FARC Zone with no choice, 6.6 Reset, a Propaganda card
    set aside, 6.0). A command and what the rules carry out after it cannot be split
    (issue 43 item 1: an undo took back the Round's first phases unsaid). ``short``:
    each step by its phase alone (a rollback's many)."""
    out: list[str] = []
    for turn in turns:
        after, began = round_steps(turn.report.instructions)
        if short:
            after = phase_names(after)
        for line in after:
            line = f"Propaganda Round {turn.step.round}: {line}" \
                if turn.step.phase == "propaganda" else line
            if line not in out:
                out.append(line)
        if began is not None:
            round_, _, opening = began
            out.append(f"the start of Propaganda Round {round_} "
                       f"({', '.join(phase_names(opening))})")
    return out


__all__ = [
    "CardGroup",
    "Step",
    "Turn",
    "automatic_line",
    "card_groups",
    "card_heading",
    "naming_line",
    "drawn",
    "DRAWN_KEY",
    "names_a_card",
    "numbered_turns",
    "phase_names",
    "rules_steps",
    "turn_by_number",
    "current_heading",
    "discarded",
    "replayed",
    "round_steps",
    "steps_of",
    "undo_plan",
    "undo_point",
    "Undo",
]
