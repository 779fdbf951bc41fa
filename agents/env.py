"""The research environment (issue 34): the game as a PettingZoo AEC environment
(:class:`AndeanAbyssEnv`, one agent per seat) and, for the Government against the three
section-8 Non-players, a single-agent Gymnasium environment (:class:`GovernmentEnv`).

Both ask the seats the questions of the one decision model
(:func:`decisions.decision.decision_form`: the Sequence of Play's menu, then the
Operation, Event or Propaganda form chosen), so an agent here is offered exactly what a
person at the screens or an outside program over the protocol is offered. An *action* is
an answer's number in the question's list (:func:`decisions.base.answers`: its
options; for a number question each number, for a yes/no question yes then no); a
question of several options is answered one pick at a time, then :data:`DONE`. An
answer the form refuses once it sees where it leads (rare) is masked out when tried, or,
with ``strict=True``, before (each answer tried and taken back, as the protocol's
:meth:`~decisions.base.FormRun.legal_question` does: exact, and many times
slower). What an agent sees:

* ``observation``: :data:`N_FEATURES` numbers, every index documented in docs/agents.md
  ("The research environment"; :data:`FEATURES` is that table);
* ``action_mask``: :data:`N_ACTIONS` zeros and ones, 1 for each action the question
  allows now;
* the raw state: :meth:`Table.public_state` (the protocol's observation: the save
  format's ``state`` without the deck's unseen order nor the dice stream's seed).

Rewards come at the end only: each seat's 8.8 subtraction, its victory margin (7.3) minus
the highest margin among the other Factions (for the solitaire Government exactly the 8.8
score, :func:`core.rules.victory.solo_score`).

Needs the ``env`` extra (pettingzoo, gymnasium): ``pip install 'andean-abyss-engine[env]'``.
"""

from __future__ import annotations

import copy
import random
import re
import struct
import zlib
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache, partial
from types import GeneratorType
from typing import Any, NamedTuple

import numpy as np

from agents.protocol import end_message, observation, question_words
from agents.seat import with_agents
from core.cards import CARDS
from core.errors import SaveFileError
from core.extras import require_extra
from core.game import Game, finish_command, sequence
from core.game.serialize import game_from_json, game_to_json
from core.map import MAP
from core.pieces import ACTIVE_OF, PIECE_FACTION, SHIPMENTS, UNDERGROUND_OF, Faction, Piece
from core.rules.common import is_nonplayer
from core.state import NSPACES, GameState, K
from decisions.base import (
    MANY,
    NUMBER,
    ONE,
    TRIAL,
    YES_NO,
    FormRun,
    InputError,
    Option,
    Question,
    Trial,
    answers,
)
from decisions.decision import DecisionContext, decision_form
from decisions.values import FEATURE_BLOCKS, N_OPTION_FEATURES, feature_row, typed
from nonplayer.government import GovernmentBot, apply_decision, make_government
from nonplayer.turn import take_turn

require_extra("env", "the research environment (agents.env)")  # one line if not

import gymnasium  # noqa: E402
from gymnasium import spaces  # noqa: E402
from pettingzoo import AECEnv  # noqa: E402

#: Options a question may have: action ``i`` (0 <= i < MAX_OPTIONS) is option ``i``.
MAX_OPTIONS = 128
#: The action that ends the picks of a question of several options.
DONE = MAX_OPTIONS
N_ACTIONS = MAX_OPTIONS + 1
#: The agents' names: the Factions' labels, in Faction order.
AGENTS = tuple(f.label for f in Faction)
#: Card numbers run 1-76; a card block has one entry per number, entry 0 unused.
NCARDS = max(CARDS) + 1
#: The question kinds, in the order of the ``question_kind`` block.
KINDS = (ONE, MANY, NUMBER, YES_NO)
PHASES = ("card", "propaganda", "over")
#: Bounds of every observed number (the Box's low and high; a question_id is below 2^24).
LIMIT = float(2**24)
#: Questions of the open decision the observation recalls (``decision_history``).
HISTORY = 8


@dataclass(frozen=True)
class Feature:
    """One block of the observation vector: ``size`` numbers from ``offset``."""

    name: str
    size: int
    meaning: str
    offset: int = 0


def _features() -> tuple[Feature, ...]:
    blocks = [
        ("pieces", NSPACES * K, "pieces in each space: index 12 x space id + piece kind "
         "(the save format's piece columns: 0 Troops, 1 Police, 2 Govt Base, 3-5 FARC "
         "Underground, Active, Base, 6-8 AUC, 9-11 Cartels)"),
        ("support", NSPACES, "Support or Opposition by space id: -2 Active Opposition .. "
         "+2 Active Support (1.6)"),
        ("terror", NSPACES, "Terror markers by space id (3.3.4)"),
        ("sabotage", NSPACES, "Sabotage markers by space id (3.3.4)"),
        ("farc_zone", NSPACES, "1 where a FARC Zone is (4.2.2)"),
        ("in_play", NSPACES, "1 for a space in play (the foreign countries only once an "
         "Event brings them, 1.3.5)"),
        ("shipments", SHIPMENTS * 2, "each of the 4 Shipments (4.5.3): space id + 1 (0: "
         "off the map), then the holder's Faction number"),
        ("available", K, "pieces Available by piece kind (1.4.1)"),
        ("removed", 4, "pieces removed from the game by Faction number"),
        ("resources", 4, "Resources by Faction number (1.8)"),
        ("aid", 1, "Aid (1.8)"),
        ("president", 3, "1 for the President: Samper, Pastrana, Uribe (6.3.5)"),
        ("eligible", 4, "1 for each Eligible Faction (2.3.1)"),
        ("acted", 4, "1 for each Faction that has acted on this card (2.3.2)"),
        ("current_card", NCARDS, "1 at the current card's number (2.2)"),
        ("next_card", NCARDS, "1 at the number of the face-up top card of the deck (2.2)"),
        ("capabilities", NCARDS, "by card number: +1 unshaded, -1 shaded Capability in "
         "effect (5.3)"),
        ("momentum", NCARDS, "1 for each Momentum card in effect (5.4)"),
        ("deck_size", 1, "cards left in the draw deck"),
        ("propaganda_cards", 1, "Propaganda cards played so far (6.0)"),
        ("final_propaganda", 1, "the Propaganda card whose Round ends the game (2.4.1)"),
        ("phase", 3, "1 for the phase: card, propaganda, over"),
        ("position", 1, "1 or 2: the Faction to move is 1st or 2nd Eligible; 0 in a "
         "Propaganda Round (2.3.2)"),
        ("to_move", 4, "1 for the Faction to move"),
        ("observer", 4, "1 for the Faction this observation is for"),
        ("margins", 4, "victory margins by Faction number (7.3)"),
        ("subject", NSPACES, "the spaces the question is about, by space id: 1 at the first "
         "space its prompt names ('Neiva: how many Troops to place?'), 2 at the second "
         "(a move's destination...), and so on; 0s for none or when not this agent's turn"),
        ("chosen", N_OPTION_FEATURES, "the decision being built: the sum of the option "
         "feature rows (the option_features columns) of the answers taken so far in this "
         "decision, each pick of a question of several options once it is done (the "
         "spaces, piece kinds, Factions, numbers... chosen); 0s when not this agent's turn"),
        ("chosen_numbers", NSPACES, "the decision being built, by space id: the numbers "
         "answered for each space so far (a number question's answer counts for the "
         "first space its prompt names, a (space, count) option for its space)"),
        ("question_kind", 4, "1 for the question's kind: one option, several options, a "
         "number, yes/no (0s when not this agent's turn)"),
        ("question_size", 1, "options the question lists (the action ids 0 .. size-1)"),
        ("picks", 1, "options picked so far of a question of several options"),
        ("picks_min", 1, "fewest picks the question takes"),
        ("picks_max", 1, "most picks the question takes"),
        ("question_id", 1, "which question is asked: an id of the form that asks it and "
         "its prompt with the cards' and spaces' names and the numbers left out (the same "
         "question in any position and on any card, a category: below 2^24, exact in "
         "float32, one-hot or embed it, do not feed it to a network as it is; 0 when not "
         "this agent's turn)"),
        ("decision_depth", 1, "questions of this decision answered so far (the decision "
         "being built: its first question 0)"),
        ("decision_history", 2 * HISTORY, f"the last {HISTORY} questions of this decision "
         "answered, oldest first: each its question_id (a category, as question_id: "
         "one-hot or embed it, do not feed it to a network as it is) then the action taken "
         f"(a question of several options: {N_ACTIONS} + the picks); -1 for none"),
        ("picked", MAX_OPTIONS, "by action id: how many times the open question of several "
         "options has that option picked so far (0 or 1; more for a question that repeats "
         "options); 0s for any other question"),
    ]
    out = []
    offset = 0
    for name, size, meaning in blocks:
        out.append(Feature(name, size, meaning, offset))
        offset += size
    return tuple(out)


#: The observation vector, block by block (docs/agents.md lists it).
FEATURES = _features()
N_FEATURES = FEATURES[-1].offset + FEATURES[-1].size
_AT = {f.name: f.offset for f in FEATURES}


class EnvError(RuntimeError):
    """A question the action space cannot hold (more than :data:`MAX_OPTIONS` options),
    or a seating the environment does not play; the message says which."""


# ======================================================================================
# one game, decision by decision
# ======================================================================================
class Table:
    """One game played question by question: the Factions in ``agents`` answer the
    decision model's questions, the other Insurgents are Non-players (the section-8
    flowcharts); a Government that is not an agent is played by the program's
    Government bot ``govt`` (there is no section-8 Government flowchart), which also
    answers Insurgent Discord (8.1) when the bot and one agent are the two players.
    ``strict``: mask the answers the form would refuse before they are tried.

    After every action the Non-players move until an agent is asked again or the game
    ends: ``to_move`` is then the Faction whose question is open (None once over).
    ``version`` counts the commands applied (the board changes only then)."""

    def __init__(self, agents: Iterable[Faction], scenario: str = "standard",
                 seed: int = 0, govt: str = "heuristic", strict: bool = False,
                 game: Game | None = None, **options: Any) -> None:
        self.agents = frozenset(agents)
        self.strict = strict
        self.govt, self.seed = govt, seed
        if not self.agents:
            raise EnvError("no agent at the table: name at least one seat")
        self.bot: GovernmentBot | None = None
        players = [f for f in Faction if f in self.agents]
        if Faction.GOVT not in self.agents:
            self.bot = make_government(govt, seed)
        elif len(players) == 2:
            raise EnvError("a Government agent and one Insurgent agent beside Non-players "
                           "would be asked Insurgent Discord (8.1), which the environment "
                           "does not ask: seat 1, 3 or 4 agents, or leave the Government "
                           "to the program's bot")
        seats = with_agents([1, None, None, None], self.agents)  # the bot's Government: 1
        self.game = game if game is not None else Game.new(scenario, seed=seed, seats=seats,
                                                           **options)
        #: the open decision's answers so far, as actions: per question answered, its
        #: action, or for a question of several options its picks and whether DONE ended
        #: them (what :meth:`state` records and :meth:`from_state` plays again)
        self.answered: list[int | tuple[list[int], bool]] = []
        #: the question_id of each question in ``answered``
        self.answered_ids: list[int] = []
        #: the decision so far: the ``chosen`` and ``chosen_numbers`` blocks
        #: (:func:`note_chosen`)
        self.chosen = np.zeros(CHOSEN_SIZE, dtype=np.float32)
        #: the open question's id (:func:`question_id`; 0 when none is open)
        self.question_id = 0
        #: the open question's options' rows as bytes (:func:`option_row_bytes`, no
        #: padding) and the read-only array :meth:`option_features` gives, each made
        #: when first read
        self._rows: bytes | None = None
        self._features: np.ndarray | None = None
        #: the observation's question blocks for the agent asked (``question_kind`` to
        #: the end, what :func:`write_question` writes) as float32 bytes, kept up to
        #: date as questions are asked and answered: :meth:`Encoder.encode` splices
        #: them in
        self._tail = bytearray(_TAIL_BYTES)
        self._picked = False  # whether the tail's ``picked`` block holds picks
        #: the ``subject``, ``chosen`` and ``chosen_numbers`` blocks of the open question
        #: as float32 bytes (:meth:`decision_bytes`; None until asked for)
        self._decision: bytes | None = None
        self.version = 0
        self.decisions = 0
        self.run: FormRun | None = None
        self.ctx: DecisionContext | None = None
        self.question: Question | None = None
        self.options: list[Option] = []
        self.picks: list[int] = []
        self.refused: set[int] = set()
        #: combinations of picks (action ids in order) the form refused at the open
        #: question of several options, and prefixes that lead only to them
        self.refused_picks: set[tuple[int, ...]] = set()
        self.to_move: Faction | None = None
        self._mask: np.ndarray | None = None
        self._advance()

    # --- what is asked ----------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.game.is_terminal()

    def mask(self) -> np.ndarray:
        """1 for each action the open question allows now (all 0 once over); read-only,
        computed once per change."""
        if self._mask is None:
            self._mask = self._make_mask()
        return self._mask

    def _make_mask(self) -> np.ndarray:
        question = self.question
        if question is None:
            return _FIRST[0]
        n = len(self.options)
        if question.kind != MANY and not self.refused and n <= MAX_OPTIONS:
            return _FIRST[n]  # the usual case: every option of a question of one answer
        picks = self.picks
        if question.kind == MANY:
            if len(picks) < question.hi:
                mask = _upto(n)
                if not question.repeat:
                    for i in picks:  # a few: cheaper one by one than indexed by a list
                        mask[i] = 0
            else:
                mask = np.zeros(N_ACTIONS, dtype=np.int8)
            if len(picks) >= question.lo:
                mask[DONE] = 1
            if self.refused_picks:  # never the same refused combination again
                done = tuple(picks)
                if done in self.refused_picks:
                    mask[DONE] = 0
                for i in np.flatnonzero(mask[:n]).tolist():
                    if (*done, i) in self.refused_picks:
                        mask[i] = 0
        else:
            mask = _upto(n)
            for i in self.refused:
                mask[i] = 0
        mask.flags.writeable = False  # a mask is shared, never changed
        return mask

    def public_state(self) -> dict[str, Any]:
        """The raw state an agent may see: the protocol's observation (the save format's
        ``state``, the deck cut to its face-up top card, no dice seed)."""
        return observation(self.game.state)

    # --- answering --------------------------------------------------------------------
    def act(self, action: int) -> str | None:
        """Answer the open question with ``action``; None if taken, else why it was
        refused (nothing changed but, for an option the form refused, the mask)."""
        question = self.question
        if question is None:
            return "the game is over"
        if type(action) is not int:  # (a plain int: the usual case, checked first)
            if not isinstance(action, int | np.integer) or isinstance(action, bool):
                return (f"action {action!r} is not an integer action id (a "
                        f"{type(action).__name__}): nothing was played")
            action = int(action)
        mask = self.mask()
        n = len(self.options)
        if not (0 <= action < n if n <= MAX_OPTIONS and mask is _FIRST[n] else
                0 <= action < N_ACTIONS and mask[action]):
            return f"action {action} is not one the question allows now"
        self._mask = None  # the picks, the refused options or the question change
        done = action == DONE
        if question.kind == MANY:
            if action != DONE:
                self.picks.append(action)
                _PACK1(self._tail, _T_PICKS, len(self.picks))
                _PACK1(self._tail, _T_PICKED + 4 * action, self.picks.count(action))
                self._picked = True
                if len(self.picks) < question.hi and (
                        question.repeat or len(self.picks) < len(self.options)):
                    if self.mask().any():
                        return None
                    self._refuse_picks()  # every way on from these picks was refused
                    return "every combination these picks lead to was refused: pick again"
            value: Any = [self.options[i].value for i in self.picks]
        else:
            value = self.options[action].value
        assert self.run is not None
        try:
            self.run.answer(value)
        except InputError as err:
            if question.kind == MANY:
                self._refuse_picks()  # the combination was refused: pick again
            else:
                self.refused.add(action)
                if not self.mask().any():
                    raise EnvError(f"no option of {question.prompt!r} is taken "
                                   "(an engine error)") from None
            return str(err)
        if question.kind == MANY:
            self.answered.append((list(self.picks), done))
            taken = N_ACTIONS + len(self.picks)
        else:
            self.answered.append(action)
            taken = action
        self.answered_ids.append(self.question_id)
        note_chosen(self.chosen, question, self.options,
                    self.picks if question.kind == MANY else [action])
        tail = self._tail  # decision_history: one question more, the oldest out
        tail[_T_HISTORY:_T_HISTORY_END - 8] = tail[_T_HISTORY + 8:_T_HISTORY_END]
        _PACK2(tail, _T_HISTORY_END - 8, self.question_id, taken)
        if self.run.done:
            self._apply(self.run.result)
            self._advance()
        else:
            self._ask(self.run.question)
        return None

    def _refuse_picks(self) -> None:
        """The picks made were refused as a combination: remember them (the mask never
        offers that combination again: each refusal rules one out, so even an agent
        taking the first action allowed makes progress) and pick again from none; a
        prefix every continuation of which is refused is refused in turn (:meth:`act`)."""
        self.refused_picks.add(tuple(self.picks))
        self.picks = []
        self._clear_picks()
        self._mask = None
        if not self.mask().any():
            assert self.question is not None
            raise EnvError(f"no combination of {self.question.prompt!r} is taken "
                           "(an engine error)")

    # --- moving on --------------------------------------------------------------------
    def _apply(self, command: Any) -> None:
        """Apply the finished command; one the form already tried out to the end on this
        very state is kept as tried, not executed again (:func:`keep_trial`)."""
        assert self.ctx is not None
        if not keep_trial(self.game, command, self.ctx.extra.pop(TRIAL, None)):
            self.game.apply(command)
        self.version += 1
        self.decisions += 1

    def _advance(self) -> None:
        """Play the Non-players' turns, then open the decision of the agent to move."""
        game = self.game
        while not game.is_terminal():
            faction = game.to_move()
            assert faction is not None, "nobody to move in a game that is not over"
            if faction is Faction.GOVT and self.bot is not None:
                apply_decision(game, self.bot.decide(game))
                self.version += 1
                continue
            if faction not in self.agents:
                take_turn(game, discord=self.bot.discord if self.bot is not None else None)
                self.version += 1
                continue
            ctx = self.ctx = DecisionContext(game, game.dice)
            run = FormRun(partial(decision_form, ctx))
            if run.done:  # a decision with nothing to ask
                self._apply(run.result)
                continue
            self.run = run
            self.answered = []
            self.answered_ids = []
            self.chosen = np.zeros(CHOSEN_SIZE, dtype=np.float32)
            self._tail[_T_HISTORY:_T_HISTORY_END] = _NO_HISTORY
            self.to_move = faction
            self._ask(run.question)
            return
        self.run = None
        self.question = None
        self.options = []
        self.answered = []
        self.answered_ids = []
        self.question_id = 0
        self._rows = self._features = None
        self.to_move = None
        self._mask = None

    def _ask(self, question: Question | None) -> None:
        assert question is not None
        self.question = question
        kind = question.kind
        self.options = options = _answers(question)
        assert self.run is not None
        self.question_id = qid = question_id(self.run, question)
        self._rows = self._features = self._decision = None
        if self._picked:
            self._clear_picks()
        # the question's blocks as write_question writes them (no picks yet)
        one, many, number, yes_no = _KIND_ONE_HOT[kind]
        if kind == MANY:
            _PACK_HEAD(self._tail, 0, one, many, number, yes_no, len(options), 0,
                       question.lo, question.hi, qid, len(self.answered))
        else:
            _PACK_HEAD(self._tail, 0, one, many, number, yes_no, len(options), 0, 1, 1,
                       qid, len(self.answered))
        self.picks = []
        self.refused = set()
        self.refused_picks = set()
        self._mask = None
        if len(self.options) > MAX_OPTIONS:
            raise EnvError(f"{question.prompt!r} lists {len(self.options)} options, more "
                           f"than the {MAX_OPTIONS} the action space holds")
        if self.strict and question.kind != MANY:
            assert self.run is not None
            self.refused = {i for i, option in enumerate(self.options)
                            if not self.run.accepts(option.value)}
            if len(self.refused) == len(self.options):
                raise EnvError(f"no answer to {question.prompt!r} is taken (an engine error)")

    def asked(self) -> dict[str, Any] | None:
        """The open question in the protocol's words (:func:`agents.protocol.question_words`:
        ``prompt``, ``kind`` "one"/"many", ``asks``, ``min``/``max``, ``repeat``, the
        options with ``id`` (= the action), ``label``, ``detail``, ``value`` as JSON and
        ``type``): what a program in the seat over the protocol would read (the same ids
        wherever no answer is refused). Made when called (the details cost); None when no
        question is open."""
        return None if self.question is None else question_words(self.question)

    def history(self) -> list[int]:
        """The ``decision_history`` block: (question_id, action) of the last
        :data:`HISTORY` questions of the open decision answered, oldest first, -1s
        before them; a question of several options' action is N_ACTIONS + its picks."""
        return decision_history(self.answered_ids, self.answered)

    def decision_bytes(self) -> bytes:
        """The ``subject``, ``chosen`` and ``chosen_numbers`` blocks of the open question
        as float32 bytes (what :func:`write_decision` writes), made once per question:
        an answer taken (the only change to ``chosen``) asks a new one."""
        made = self._decision
        if made is None:
            assert self.question is not None
            made = self._decision = _subject_bytes(self.question.prompt) + \
                self.chosen.tobytes()
        return made

    def _clear_picks(self) -> None:
        """No picks in the observation's question blocks (a new question, or picks
        refused)."""
        _PACK1(self._tail, _T_PICKS, 0)
        self._tail[_T_PICKED:] = _NO_PICKED
        self._picked = False

    def option_features(self) -> np.ndarray:
        """The open question's options as feature vectors: row ``i`` is action ``i``'s
        option (:func:`decisions.values.option_features`; the DONE row, of a question of
        several options, a value of type none), rows past the options 0s. Read-only,
        made once per question; all 0s when no question is open."""
        if self._features is None:
            self._features = np.ndarray(_ROWS_SHAPE, np.int8, b"".join(self._row_parts()))
        return self._features

    def own_option_features(self) -> np.ndarray:
        """:meth:`option_features` as an array of the caller's own (writeable, a
        copy): what the environments hand an agent."""
        return np.ndarray(_ROWS_SHAPE, _INT8, bytearray().join(self._row_parts()))

    def _row_parts(self) -> tuple[bytes, bytes, bytes]:
        """The bytes of :meth:`option_features` in three parts: the options' rows
        (made once per question), the 0s after them, the DONE row."""
        rows = self._rows
        question = self.question
        if question is None:
            return _NO_BLOB, b"", b""
        if rows is None:
            rows = self._rows = _question_rows(question, self.options)
        return rows, _PADDING[len(self.options)], _DONE_ROW if question.kind == MANY \
            else _ZERO_ROW

    # --- search: copies and positions ---------------------------------------------------
    def clone(self) -> Table:
        """An independent copy, at the same question with the same picks and refusals:
        acting on one never changes the other (for a look-ahead or a tree search). The
        game is copied (:meth:`Game.clone`: its dice stream's position included, so the
        copy rolls the same dice), the open decision's form replayed on the copy with the
        same answers; a Government bot is deep-copied."""
        other = Table.__new__(Table)
        other.__dict__.update(self.__dict__)
        other.game = self.game.clone()
        other.bot = copy.deepcopy(self.bot)
        other.answered = list(self.answered)
        other.answered_ids = list(self.answered_ids)
        other.chosen = self.chosen.copy()
        other._tail = bytearray(self._tail)
        other.picks = list(self.picks)
        other.refused = set(self.refused)
        other.refused_picks = set(self.refused_picks)
        if self.run is not None:
            ctx = other.ctx = DecisionContext(other.game, other.game.dice)
            run = other.run = FormRun.__new__(FormRun)
            run.factory = partial(decision_form, ctx)
            run.answers = list(self.run.answers)
            run._replay()
            other.question = run.question
            other.options = answers(run.question) if run.question is not None else []
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        """``copy.deepcopy`` of a table (or of an environment holding it) is :meth:`clone`
        (a running form is a generator, which cannot be deep-copied)."""
        return self.clone()

    def __reduce__(self) -> tuple[Any, tuple[dict[str, Any]]]:
        """``pickle`` of a table (or of an environment holding it) saves :meth:`state`
        and loads it with :meth:`from_state` (a running form is a generator, which
        cannot be pickled): the same position and question; a Government bot starts
        afresh from the seed, as from_state's."""
        return (Table.from_state, (self.state(),))

    def state(self) -> dict[str, Any]:
        """The position as JSON: the save file's object of the game
        (docs/state-format.md, hidden information included: the deck's order and the
        dice stream, so it is for a search or a replay, not for a fair agent), the
        seats, and the open decision's answers so far as actions (``answered``; the
        picks of an open question of several options: ``picks``).
        :meth:`from_state` makes a table at the same question."""
        return {"format": "andean-env-table", "version": 1,
                "game": game_to_json(self.game),
                "agents": [f.label for f in Faction if f in self.agents],
                "govt": self.govt, "seed": self.seed, "strict": self.strict,
                "answered": [a if isinstance(a, int) else {"picks": a[0], "done": a[1]}
                             for a in self.answered],
                "picks": list(self.picks)}

    @classmethod
    def from_state(cls, data: dict[str, Any]) -> Table:
        """The table :meth:`state` described (the game loaded as a save is, its open
        decision's answers played again). A Government bot starts afresh from the seed
        (a bot's memory is not part of the position). EnvError if it does not hold."""
        if not isinstance(data, dict) or data.get("format") != "andean-env-table":
            raise EnvError("not a table state (Table.state())")
        if data.get("version") != 1 or type(data.get("version")) is not int:
            raise EnvError(f"a table state of version {data.get('version')!r}: this "
                           "engine reads version 1")
        try:
            game = game_from_json(data["game"])
        except SaveFileError as err:
            raise EnvError(f"the table state's game: {err}") from None
        except (KeyError, TypeError, ValueError, AttributeError) as err:
            raise EnvError(f"the table state's game cannot be read ({err})") from None
        try:
            agents = [_FACTION_OF[a] for a in data["agents"]]
            table = cls(agents, seed=int(data["seed"]), govt=str(data["govt"]),
                        strict=bool(data["strict"]), game=game)
            answered = [_actions_of(answer) for answer in data["answered"]]
            picks = [_action_of(a) for a in data["picks"]]
        except (KeyError, TypeError, ValueError) as err:
            raise EnvError(f"the table state is not one Table.state() wrote: "
                           f"{type(err).__name__} {err}") from None
        for actions in answered:
            for action in actions:
                if table.act(action) is not None:
                    raise EnvError(f"the table state's answer {action} is not taken")
        for action in picks:
            if table.act(action) is not None:
                raise EnvError(f"the table state's pick {action} is not taken")
        return table

    # --- the end ----------------------------------------------------------------------
    def rewards(self) -> dict[Faction, float]:
        """Each Faction's 8.8 subtraction: its margin minus the highest other margin
        (0s before the end)."""
        if not self.over:
            return {f: 0.0 for f in Faction}
        return {f: float(subtraction(self.game.state, f)) for f in Faction}


def _action_of(value: Any) -> int:
    """An action of a table state: an int (no bool), else ValueError."""
    if type(value) is not int:
        raise ValueError(f"an answer is {value!r}, not an action id (an integer)")
    return value


def _actions_of(answer: Any) -> list[int]:
    """The actions of one answer of a table state's ``answered``: an action, or
    ``{"picks": [...], "done": bool}``; ValueError for anything else."""
    if isinstance(answer, dict):
        picks, done = answer["picks"], answer["done"]
        if not isinstance(picks, list) or type(done) is not bool:
            raise ValueError(f"an answer of several picks is {answer!r}")
        return [_action_of(a) for a in picks] + ([DONE] if done else [])
    return [_action_of(answer)]


def keep_trial(game: Game, command: Any, trial: Trial | None) -> bool:
    """Make ``trial`` (a form's last try of ``command``) the game's next state, as
    :meth:`Game.apply` of ``command`` would (True), if it is exactly that: tried on the
    game's current state with its dice and, for a try by the command's own ``execute``
    only, with the Context :func:`core.game.begin_command` would give (the Faction to
    move, no chooser, whether it is a Non-player) on an Event card it need not end
    first; then play moves on (:func:`core.game.finish_command`). Else False, nothing
    changed."""
    if trial is None or trial.command is not command or trial.before is not game.state \
            or trial.dice is not game.dice:
        return False
    if not trial.finished:
        before, ctx = trial.before, trial.ctx
        mover = sequence.to_move(before)
        if before.phase != "card" or mover is None or mover is not ctx.faction \
                or ctx.chooser is not None or ctx.nonplayer != is_nonplayer(before, mover):
            return False
        finish_command(trial.after, game.dice)
    game.keep_trial(command, trial.after, trial.ctx)
    return True


def question_id(run: FormRun, question: Question) -> int:
    """The ``question_id`` of the open question of ``run``: a CRC-32 (cut to 24 bits) of
    the name of the form function that asks it (the innermost generator running) and its
    prompt with the cards' titles, the spaces' names and the numbers left out, so the
    same question in another position or on another card has the same id and two
    questions of different words or forms differ (a collision of two ids is about one in
    16 million)."""
    gen: Any = getattr(run, "_live", None) or getattr(run, "_gen", None)
    if gen is None:
        return _question_id("", question.kind, question.prompt)
    inner = gen.gi_yieldfrom
    while type(inner) is GeneratorType:  # (what has a gi_code: a generator)
        gen, inner = inner, inner.gi_yieldfrom
    return _question_id(gen.gi_code.co_qualname, question.kind, question.prompt)


@lru_cache(maxsize=8192)
def _question_id(where: str, kind: str, prompt: str) -> int:
    return zlib.crc32(f"{where}|{kind}|{_words(prompt)}".encode()) & 0xFFFFFF or 1


def _words(prompt: str) -> str:
    """``prompt`` with each card named ("#16 Coffee Prices") said ``<card>``, each space's
    name (the longest that fits where one starts) ``<space>`` and each run of digits
    ``#``: what :func:`question_id` hashes."""
    words = _SPACE_NAMES.sub("<space>", _CARD_NAMES.sub("<card>", prompt)
                             if "#" in prompt else prompt)
    if not words.isascii() or "\0" in words:
        return _DIGITS.sub("#", words)
    # the same as _DIGITS (\d is 0-9 in ASCII text) with string methods, which cost a
    # tenth of a regular expression's scan: each digit a NUL, each run of them one #
    nul = words.translate(_DIGIT_TO_NUL)
    if nul == words:
        return words
    while "\0\0" in nul:
        nul = nul.replace("\0\0", "\0")
    return nul.replace("\0", "#")


def _trie(names: list[str]) -> str:
    """A regular expression matching exactly ``names``, the longest that fits at a
    position first (as their alternation longest first would), written as a tree of
    shared prefixes so that a position is tried against each first letter once rather
    than against every name."""
    tree: dict[str, Any] = {}
    for name in names:
        node = tree
        for char in name:
            node = node.setdefault(char, {})
        node[""] = {}  # a name ends here

    def pattern(node: dict[str, Any]) -> str:
        branches = [re.escape(c) + pattern(child) for c, child in sorted(node.items()) if c]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        return f"(?:{body})?" if "" in node else body  # a longer name tried first

    return pattern(tree)


#: Every space's names (what :func:`question_id` leaves out), and numbers.
_SPACE_NAMES = re.compile(_trie(sorted({n for s in MAP.spaces for n in (s.full_name,
                                                                         s.name)})))
_DIGITS = re.compile(r"\d+")
#: Every card as a prompt names it, "#16 Coffee Prices" (what :func:`question_id` leaves
#: out: the menu's "what do you do?" is one question on every card, and an Event's
#: questions are told apart by their words, the card being in ``current_card``).
_CARD_NAMES = re.compile("#(?:" + "|".join(
    re.escape(f"{n} {c.title}") for n, c in sorted(CARDS.items(), key=lambda nc: (
        -len(str(nc[0])), nc[0]))) + ")")
_DIGIT_TO_NUL = str.maketrans(dict.fromkeys("0123456789", "\0"))
#: The space id of each name of a space.
_SPACE_ID = {n: s.id for s in MAP.spaces for n in (s.full_name, s.name)}


@lru_cache(maxsize=8192)
def subject_of(prompt: str) -> tuple[int, ...]:
    """The spaces a question's ``prompt`` names, in the order it names them, each once
    (the ``subject`` block: the names :func:`question_id` leaves out)."""
    out: list[int] = []
    for match in _SPACE_NAMES.finditer(prompt):
        space = _SPACE_ID[match.group()]
        if space not in out:
            out.append(space)
    return tuple(out)


def note_chosen(chosen: np.ndarray, question: Question, options: list[Option],
                taken: list[int]) -> None:
    """Add the answer ``taken`` (the action, or a question of several options' picks)
    to ``question`` listing ``options`` to ``chosen``, the ``chosen`` and
    ``chosen_numbers`` blocks of the decision being built (:data:`CHOSEN_SIZE` numbers):
    each option's feature row, and its number to the space it is for (a (space, count)
    option's space, else the first space the prompt names)."""
    kind = question.kind
    for action in taken:
        option = options[action]
        row = feature_row(kind, option.value, option.label)
        addend = _ADDENDS.get(row)
        if addend is None:
            addend = _ADDENDS[row] = _addend(row)
        if addend is _BY_SPACE:  # a number for the first space the prompt names
            named = subject_of(question.prompt)
            key = (row, named[0] if named else None)
            addend = _ADDENDS.get(key)
            if addend is None:
                addend = _ADDENDS[key] = _addend(row, key[1])
        chosen += addend


def _addend(row: bytes, space: int | None = -1) -> np.ndarray:
    """What :func:`note_chosen` adds for an option of feature row ``row``: the row, and
    its number at the space it is for, the row's own space, else ``space`` (the first
    space the prompt names; None: none, so the number goes nowhere); :data:`_BY_SPACE`
    for a row of a number and no space when ``space`` is not given (-1). Read-only:
    it is remembered (:data:`_ADDENDS`)."""
    if len(_ADDENDS) >= _REMEMBERED_ROWS:
        _ADDENDS.clear()
    signed = np.frombuffer(row, dtype=np.int8)
    number = int(signed[_NUMBER_COL])
    named = np.flatnonzero(signed[_SPACE_COL:_SPACE_COL + NSPACES])
    if named.size:
        space = int(named[0])
    elif number and space == -1:
        return _BY_SPACE
    made = np.zeros(CHOSEN_SIZE, dtype=np.float32)
    made[:N_OPTION_FEATURES] = signed
    if number and space is not None and space >= 0:
        made[N_OPTION_FEATURES + space] = number
    made.flags.writeable = False
    return made


#: :func:`note_chosen`'s remembered sums by feature row (or :data:`_BY_SPACE`: by the
#: row and the prompt's first space, under both)
_ADDENDS: dict[Any, np.ndarray] = {}
_BY_SPACE = np.zeros(0, dtype=np.float32)


@lru_cache(maxsize=8192)
def _subject_bytes(prompt: str) -> bytes:
    """The ``subject`` block of a question asking ``prompt`` as float32 bytes."""
    block = np.zeros(NSPACES, dtype=np.float32)
    for order, space in enumerate(subject_of(prompt), 1):
        block[space] = order
    return block.tobytes()


def write_decision(vec: np.ndarray, prompt: str, chosen: np.ndarray) -> None:
    """Write the ``subject`` block of a question asking ``prompt`` and the decision so
    far (``chosen``, :func:`note_chosen`) into the observation ``vec``."""
    for order, space in enumerate(subject_of(prompt), 1):
        vec[_SUBJECT_AT + space] = order
    vec[_CHOSEN_AT:_QUESTION_AT] = chosen


#: The columns of an option feature row :func:`note_chosen` reads.
_COLUMN = {}
_offset = 0
for _name, _size, _ in FEATURE_BLOCKS:
    _COLUMN[_name] = _offset
    _offset += _size
_SPACE_COL, _NUMBER_COL = _COLUMN["space"], _COLUMN["number"]


def decision_history(answered_ids: list[int],
                     answered: list[int | tuple[list[int], bool]]) -> list[int]:
    """The ``decision_history`` block of a decision whose questions ``answered_ids`` were
    answered with ``answered`` (an action, or a question of several options' picks and
    whether DONE ended them): (question_id, action) of the last :data:`HISTORY`, oldest
    first, -1s before them; a question of several options' action is N_ACTIONS + its
    number of picks."""
    out = [-1] * (2 * HISTORY)
    recent = list(zip(answered_ids, answered, strict=True))[-HISTORY:]
    at = 2 * (HISTORY - len(recent))
    for qid, answer in recent:
        out[at] = qid
        out[at + 1] = answer if isinstance(answer, int) else N_ACTIONS + len(answer[0])
        at += 2
    return out


def write_question(vec: np.ndarray, question: Question, n_options: int, picks: list[int],
                   qid: int, depth: int, history: list[int]) -> None:
    """Write the observation's question blocks (``question_kind`` to the end) into
    ``vec``: the question's kind, its ``n_options``, the ``picks`` made so far and their
    bounds, its ``qid`` (:func:`question_id`), the decision's ``depth`` (questions
    answered) and ``history`` (:func:`decision_history`), and the ``picked`` block. The
    one encoder of the question: the environment's and the OpenSpiel game's."""
    kind = question.kind
    many = kind == MANY
    vec[_QUESTION_AT:_PICKED_AT] = [*_KIND_ONE_HOT[kind], n_options, len(picks),
                                    question.lo if many else 1, question.hi if many else 1,
                                    qid, depth, *history]
    for i in picks:  # a few at most
        vec[_PICKED_AT + i] += 1


def option_rows(kind: str, options: list[Option]) -> np.ndarray:
    """The option feature rows of a question of ``kind`` listing ``options``
    (``option_features``: row ``i`` action ``i``'s, :func:`decisions.values.feature_row`;
    the DONE row, of a question of several options, a value of type none; rows past the
    options 0s): read-only."""
    options = options[:MAX_OPTIONS]
    return np.ndarray(_ROWS_SHAPE, np.int8, b"".join((
        option_row_bytes(kind, options), _PADDING[len(options)],
        _DONE_ROW if kind == MANY else _ZERO_ROW)))


def option_row_bytes(kind: str, options: list[Option]) -> bytes:
    """The first rows of :func:`option_rows`: the options' (each
    :func:`decisions.values.feature_row`), joined (at most :data:`MAX_OPTIONS`). A row
    is remembered per kind under its value with its type (a tuple's or list's: its
    parts and their types) and its label (as :func:`decisions.values.typed` keys: ``1``,
    ``True`` and ``Faction.FARC`` are equal in Python but different options), looked
    up here without a call per option."""
    remembered = _ROWS_OF[kind]
    rows = []
    for option in options:
        value = option.value
        of = type(value)
        if of is tuple or of is list:  # its parts' types too; typed() for tuples in
            parts = tuple(map(type, value))  # tuples, lists in anything made each time
            key: Any = (of, tuple(value), parts, option.label) if tuple not in parts \
                else (typed(value), option.label)
        else:
            key = (of, value, option.label)
        try:
            row = remembered[key]
        except KeyError:
            row = feature_row(kind, value, option.label)
            if len(remembered) >= _REMEMBERED_ROWS:
                remembered.clear()
            remembered[key] = row
        except TypeError:  # an unhashable value (a list in a list...): made each time
            row = feature_row(kind, value, option.label)
        rows.append(row)
    return b"".join(rows)


def _question_rows(question: Question, options: list[Option]) -> bytes:
    """:func:`option_row_bytes` of ``question`` with its ``options``
    (:func:`_answers`): a number or yes/no question's, whose options its kind and
    bounds fix, remembered whole."""
    key = _fixed_key(question)
    if key is None:
        return option_row_bytes(question.kind, options)
    rows = _FIXED_ROWS.get(key)
    if rows is None:
        if len(_FIXED_ROWS) >= _REMEMBERED_ROWS:
            _FIXED_ROWS.clear()
        rows = _FIXED_ROWS[key] = option_row_bytes(question.kind, options)
    return rows


def _answers(question: Question) -> list[Option]:
    """:func:`decisions.base.answers`, the options of a number or yes/no question
    made once per kind and bounds (the same values and labels; Options are frozen) and
    handed out as a new list each time."""
    key = _fixed_key(question)
    if key is None:
        return list(question.options)
    made = _FIXED_ANSWERS.get(key)
    if made is None:
        if len(_FIXED_ANSWERS) >= _REMEMBERED_ROWS:
            _FIXED_ANSWERS.clear()
        made = _FIXED_ANSWERS[key] = answers(question)
    return list(made)


def _fixed_key(question: Question) -> object | None:
    """The key of a number or yes/no question's options, which its kind and bounds fix
    (None for any other question)."""
    kind = question.kind
    if kind not in _FIXED_KINDS:
        return None
    return (kind, question.lo, question.hi) if kind == NUMBER else kind


def _first(n: int) -> np.ndarray:
    """The read-only mask of actions 0 .. n-1."""
    mask = np.zeros(N_ACTIONS, dtype=np.int8)
    mask[:n] = 1
    mask.flags.writeable = False
    return mask


#: The mask of a question of one answer among ``n`` options, for each ``n``: shared.
_FIRST = [_first(n) for n in range(MAX_OPTIONS + 1)]


#: An option row of 0s; the 0s between the options' rows and the DONE row, by options;
#: the DONE row of a question of several options (a value of type none).
_ZERO_ROW = bytes(N_OPTION_FEATURES)
_PADDING = [bytes(N_OPTION_FEATURES * (MAX_OPTIONS - n)) for n in range(MAX_OPTIONS + 1)]
_DONE_ROW = feature_row(MANY, None, "done")
#: The shape of the option rows; their bytes when no question is open (all 0s).
_ROWS_SHAPE = (N_ACTIONS, N_OPTION_FEATURES)
#: The arrays' element types as dtype objects (np.ndarray() takes them without a
#: look-up from the type)
_INT8, _FLOAT32 = np.dtype(np.int8), np.dtype(np.float32)
_NO_BLOB = bytes(N_ACTIONS * N_OPTION_FEATURES)
#: The remembered option rows by question kind (:func:`option_row_bytes`), the rows and
#: the options of number and yes/no questions (:func:`_question_rows`, :func:`_answers`),
#: and how many of each are kept (each starts again when full).
_ROWS_OF: dict[str, dict[Any, bytes]] = {kind: {} for kind in (ONE, MANY, NUMBER, YES_NO)}
_FIXED_KINDS = frozenset((NUMBER, YES_NO))
_FIXED_ROWS: dict[Any, bytes] = {}
_FIXED_ANSWERS: dict[Any, list[Option]] = {}
_REMEMBERED_ROWS = 8192


def _upto(n: int) -> np.ndarray:
    """A mask of its own (writeable) with actions 0 .. n-1 allowed."""
    return _FIRST[n].copy() if n <= MAX_OPTIONS else np.ones(N_ACTIONS, dtype=np.int8)


def subtraction(state: GameState, faction: Faction) -> int:
    """8.8's score for any seat: ``faction``'s victory margin minus the highest margin of
    the others (for the solitaire Government exactly :func:`victory.solo_score`)."""
    margins = state.victory_margins()
    return margins[faction] - max(m for f, m in margins.items() if f is not faction)


# ======================================================================================
# the numeric observation
# ======================================================================================
class Encoder:
    """The observation vector of a :class:`Table` for a Faction. The board's part is
    computed once per command applied (questions do not change the board) and copied."""

    def __init__(self) -> None:
        self._board: np.ndarray | None = None
        self._key: tuple[int, int] = (-1, -1)
        self._sources: _Sources | None = None
        #: the board's bytes before the ``observer`` block, and from after it to the
        #: question's blocks (None until asked for this board)
        self._parts: tuple[bytes, bytes] | None = None

    def board(self, table: Table) -> np.ndarray:
        key = (id(table), table.version)
        if self._board is None or key != self._key:
            self._board, self._sources = _encode_board(table.game.state, self._board,
                                                       self._sources)
            self._board.flags.writeable = False  # the next board copies blocks from it
            self._key = key
            self._parts = None
        return self._board

    def encode(self, table: Table, observer: Faction) -> np.ndarray:
        """The vector for ``observer``: the board's blocks, ``observer``, and for the
        Faction asked the decision's and its question's blocks (as
        :func:`write_decision` and :func:`write_question` write them, kept up to date by
        the table), else 0s there; an array of the caller's own."""
        board = self.board(table)
        parts = self._parts
        if parts is None:
            data = board.tobytes()
            parts = self._parts = (data[:_OBSERVER_BYTE], data[_OBSERVER_END:_SUBJECT_BYTE])
        pieces: tuple[bytes | bytearray, ...]
        if table.question is not None and table.to_move is observer:
            pieces = (parts[0], _OBSERVER_BYTES[observer], parts[1], table.decision_bytes(),
                      table._tail)
        else:
            pieces = (parts[0], _OBSERVER_BYTES[observer], parts[1], _NO_TAIL)
        return np.ndarray(_VECTOR_SHAPE, _FLOAT32, bytearray().join(pieces))


#: Where :meth:`Encoder.encode` writes the observer and the question (per step): the
#: question's blocks are the vector's last, from ``question_kind`` to the end.
_OBSERVER_AT = _AT["observer"]
_SUBJECT_AT, _CHOSEN_AT = _AT["subject"], _AT["chosen"]
#: The size of the decision so far (:func:`note_chosen`): ``chosen``, ``chosen_numbers``.
CHOSEN_SIZE = N_OPTION_FEATURES + NSPACES
#: The same as byte offsets of the vector's float32 bytes; the ``observer`` block of
#: each Faction and the blocks from ``subject`` on when none is asked (0s), as
#: bytes.
_OBSERVER_BYTE, _OBSERVER_END = 4 * _OBSERVER_AT, 4 * (_OBSERVER_AT + len(Faction))
_SUBJECT_BYTE = 4 * _SUBJECT_AT
_OBSERVER_BYTES = [np.eye(len(Faction), dtype=np.float32)[f].tobytes() for f in Faction]
_NO_TAIL = bytes(4 * (N_FEATURES - _SUBJECT_AT))
_VECTOR_SHAPE = (N_FEATURES,)
_QUESTION_AT = _AT["question_kind"]
_PICKED_AT = _AT["picked"]
#: The ``question_kind`` block for each kind.
_KIND_ONE_HOT = {kind: [1 if k == kind else 0 for k in KINDS] for kind in KINDS}
#: The question's blocks as :attr:`Table._tail` holds them: float32 bytes from
#: ``question_kind`` to the end; the byte offsets of ``picks``, ``decision_history``
#: and ``picked`` in them; the writers of the head (kind to decision_depth: 10 numbers),
#: of one and of two numbers; a history of none and no picks, as bytes.
_TAIL_BYTES = 4 * (N_FEATURES - _QUESTION_AT)
_T_PICKS = 4 * (_AT["picks"] - _QUESTION_AT)
_T_HISTORY = 4 * (_AT["decision_history"] - _QUESTION_AT)
_T_HISTORY_END, _T_PICKED = _T_HISTORY + 8 * HISTORY, 4 * (_PICKED_AT - _QUESTION_AT)
_PACK_HEAD = struct.Struct("<10f").pack_into
_PACK1 = struct.Struct("<f").pack_into
_PACK2 = struct.Struct("<2f").pack_into
_NO_HISTORY = np.full(2 * HISTORY, -1, dtype=np.float32).tobytes()
_NO_PICKED = bytes(4 * MAX_OPTIONS)
assert _AT["decision_depth"] - _QUESTION_AT == 9 and _AT["decision_history"] == \
    _AT["decision_depth"] + 1, "the head Table._ask packs: 10 numbers, then the history"
assert [f.name for f in FEATURES[FEATURES.index(next(
    f for f in FEATURES if f.name == "question_kind")):]] == [
    "question_kind", "question_size", "picks", "picks_min", "picks_max", "question_id",
    "decision_depth", "decision_history", "picked"], "write_question lists blocks in order"
assert _QUESTION_AT + len(KINDS) + 6 + 2 * HISTORY == _PICKED_AT, "write_question's blocks"
assert _PICKED_AT + MAX_OPTIONS == N_FEATURES, "the question's blocks end the vector"
assert _CHOSEN_AT + CHOSEN_SIZE == _QUESTION_AT, "write_decision's blocks"


class _Sources(NamedTuple):
    """What a board vector's costliest blocks were made from (:func:`_encode_board`):
    the piece counts as bytes, the Guerrillas removed from the game (with the pieces,
    all :meth:`GameState.available` reads) and the four per-space marker lists as one
    list. Copies, so a board changed in place afterwards cannot match by mistake."""

    pieces: bytes
    removed: list[int]
    markers: list[int]


def encode_board(state: GameState) -> np.ndarray:
    """The observation's blocks that depend on the board only (all but ``observer`` and
    the question's), in :data:`FEATURES` order."""
    return _encode_board(state)[0]


def _encode_board(state: GameState, previous: np.ndarray | None = None,
                  sources: _Sources | None = None) -> tuple[np.ndarray, _Sources]:
    """:func:`encode_board`, and what its costliest blocks were made from. Given the
    ``previous`` board's vector and ``sources``, a block whose sources are equal is
    copied from it rather than made again: between two decisions the pieces stay as
    they were about half the time (a Pass, most Events, the Propaganda steps) and the
    markers four times in five. The pieces are read as one buffer (counts are bytes,
    at most a Faction's inventory, 1.4.1), the markers as one list, the card blocks
    (mostly zeros) entry by entry, the rest as lists."""
    vec = np.zeros(N_FEATURES, dtype=np.float32)
    pieces = bytes(state.pieces)
    removed = state.removed_from_game[:]
    markers = [*state.support, *state.terror, *state.sabotage, *state.farc_zone]
    if previous is not None and sources is not None and pieces == sources.pieces \
            and removed == sources.removed:
        vec[:_SUPPORT_AT] = previous[:_SUPPORT_AT]
        vec[_AVAILABLE_AT:_REMOVED_AT] = previous[_AVAILABLE_AT:_REMOVED_AT]
    else:
        vec[:_SUPPORT_AT] = np.frombuffer(pieces, dtype=np.uint8)
        available = [state.available(kind) for kind in _POOLS]  # once per Guerrilla pool
        vec[_AVAILABLE_AT:_REMOVED_AT] = [available[i] for i in _POOL_OF]
    if previous is not None and sources is not None and markers == sources.markers:
        vec[_SUPPORT_AT:_IN_PLAY_AT] = previous[_SUPPORT_AT:_IN_PLAY_AT]
    else:
        vec[_SUPPORT_AT:_IN_PLAY_AT] = markers
    in_play = _DOMESTIC.copy()
    for space in state.foreign_in_play:
        in_play[space] = 1
    vec[_IN_PLAY_AT:_SHIPMENTS_AT] = in_play
    ships: list[int] = []
    for shipment in state.shipments:
        ships += (0, 0) if shipment is None else (shipment[0] + 1, shipment[1])
    vec[_SHIPMENTS_AT:_AVAILABLE_AT] = ships
    president = [0, 0, 0]
    president[state.president] = 1
    acted = [0] * 4
    if state.phase == "card":
        for faction, _ in state.step.get("acted", []):  # [Faction number, what it did]
            acted[int(faction)] = 1
    vec[_REMOVED_AT:_AT["current_card"]] = [
        *removed, *state.resources, state.aid, *president,
        *[1 if e else 0 for e in state.eligible], *acted]
    if state.current_card is not None:
        vec[_AT["current_card"] + state.current_card] = 1
    if len(state.deck):  # (a deck whose top card lies face down is not empty: no card)
        vec[_AT["next_card"] + state.deck[0]] = 1
    for card, side in state.capabilities.items():
        vec[_AT["capabilities"] + int(card)] = 1 if side == "unshaded" else -1
    for card in state.momentum:
        vec[_AT["momentum"] + card] = 1
    mover = sequence.to_move(state)
    margins = state.victory_margins()
    vec[_AT["deck_size"]:_SUBJECT_AT] = [
        len(state.deck), state.propaganda_cards, state.final_propaganda,
        *[1 if state.phase == p else 0 for p in PHASES], sequence.position(state),
        *[1 if f is mover else 0 for f in _FACTIONS],
        0, 0, 0, 0,  # observer: set by the Encoder
        *[margins[f] for f in _FACTIONS],
    ]
    return vec, _Sources(pieces, removed, markers)


#: Where :func:`_encode_board` writes its blocks.
_SUPPORT_AT, _IN_PLAY_AT, _SHIPMENTS_AT = _AT["support"], _AT["in_play"], _AT["shipments"]
_AVAILABLE_AT, _REMOVED_AT = _AT["available"], _AT["removed"]

#: The Factions in order (a tuple: iterating the Enum itself is slower).
_FACTIONS = tuple(Faction)
#: The piece kinds whose Available count the vector reads (:meth:`GameState.available`):
#: each kind but the Active Guerrillas, whose Faction's pool the Underground kind already
#: reports (one pool a Faction, 1.4.1); ``_POOL_OF[kind]`` is the index of its count.
_POOLS = tuple(kind for kind in Piece if kind not in ACTIVE_OF.values())
_POOL_OF = tuple(_POOLS.index(UNDERGROUND_OF[PIECE_FACTION[kind]] if kind in ACTIVE_OF.values()
                              else kind) for kind in Piece)

#: 1 for the spaces always in play; the foreign countries, 0 here, only once an Event
#: brings them (1.3.5).
_DOMESTIC = np.array([1 if GameState().in_play(s) else 0 for s in range(NSPACES)],
                     dtype=np.float32)
assert [f.name for f in FEATURES[:FEATURES.index(next(
    f for f in FEATURES if f.name == "question_kind"))]] == [
    "pieces", "support", "terror", "sabotage", "farc_zone", "in_play", "shipments",
    "available", "removed", "resources", "aid", "president", "eligible", "acted",
    "current_card", "next_card", "capabilities", "momentum", "deck_size",
    "propaganda_cards", "final_propaganda", "phase", "position", "to_move", "observer",
    "margins", "subject", "chosen", "chosen_numbers"], "encode_board lists blocks in order"


def _seed(seed: int | None) -> int:
    """The game's seed: the one given, else a fresh one (reset() without a seed)."""
    return seed if seed is not None else random.SystemRandom().randrange(2**63)


# ======================================================================================
# PettingZoo: every seat an agent (or some, the others Non-players)
# ======================================================================================
class AndeanAbyssEnv(AECEnv):
    """The game as a PettingZoo AEC environment.

    ``agents``: the Factions played by agents (labels, default all four; the other
    Insurgents are Non-players, section 8; a Government not named is played by the
    program's Government bot ``govt``, default ``"heuristic"``; see :class:`Table`).
    ``strict``: see :class:`Table`. ``scenario`` and ``options`` go to
    :meth:`core.game.Game.new` (e.g. ``short=True``). An action the mask forbids is
    refused: nothing changes, the same agent is asked again and its info says why
    (``refused``); an option the decision form refuses when it sees where it leads is
    masked out the same way.
    """

    metadata = {"name": "andean_abyss_v1", "render_modes": ["ansi"],
                "is_parallelizable": False}

    def __init__(self, agents: Iterable[str] = AGENTS, scenario: str = "standard",
                 render_mode: str | None = None, govt: str = "heuristic",
                 strict: bool = False, **options: Any) -> None:
        super().__init__()
        wanted = set(agents)
        unknown = wanted - set(AGENTS)
        if unknown:
            raise EnvError(f"unknown agents {sorted(unknown)}: choose from {list(AGENTS)}")
        self.possible_agents = [label for label in AGENTS if label in wanted]
        self.scenario = scenario
        self.game_options = dict(options, govt=govt, strict=strict)
        self.render_mode = render_mode
        self._observation_space = spaces.Dict({
            "observation": spaces.Box(-LIMIT, LIMIT, (N_FEATURES,), np.float32),
            "action_mask": spaces.Box(0, 1, (N_ACTIONS,), np.int8),
            "option_features": spaces.Box(-128, 127, (N_ACTIONS, N_OPTION_FEATURES),
                                          np.int8),
        })
        self._action_space = spaces.Discrete(N_ACTIONS)
        self.state_space = spaces.Box(-LIMIT, LIMIT, (N_FEATURES,), np.float32)
        self.encoder = Encoder()
        self.table: Table | None = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_space

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game from ``seed``, or the position ``options`` names
        (:func:`table_from_options`: ``{"state": Table.state()}`` or ``{"game": a
        Game}``, e.g. a save loaded), its seats this environment's agents."""
        factions = [_FACTION_OF[label] for label in self.possible_agents]
        self.table = table_from_options(options, factions, self.game_options) or Table(
            factions, self.scenario, _seed(seed), **self.game_options)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._after_move(self.agents[0])

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        table = self.table
        assert table is not None, "reset() first"
        faction = _FACTION_OF[agent]
        mine = table.to_move is faction
        return {"observation": self.encoder.encode(table, faction),
                "action_mask": table.mask().copy() if mine else np.zeros(N_ACTIONS, np.int8),
                "option_features": table.own_option_features() if mine
                else np.zeros(_ROWS_SHAPE, np.int8)}

    def step(self, action: int | None) -> None:
        if self.table is None:
            raise EnvError("step() before reset(): reset() starts a game")
        if not self.agents:
            raise EnvError("step() after the game ended and every agent was told: reset() "
                           "starts a new one")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        table = self.table
        assert table is not None
        self._cumulative_rewards[agent] = 0.0
        if action is None:
            why: str | None = "a live agent must answer with an action, not None"
        else:
            why = table.act(action)
        self._clear_rewards()
        self._after_move(agent, why)
        if table.over:  # rewards come at the end only: before it adding them adds 0s
            self._accumulate_rewards()

    def _after_move(self, agent: str, refused: str | None = None) -> None:
        table = self.table
        assert table is not None
        if table.over:
            for faction, reward in table.rewards().items():
                if faction.label in self.rewards:
                    self.rewards[faction.label] = reward
            self.terminations = {a: True for a in self.agents}
            self.infos = {a: end_info(table) for a in self.agents}
            self.agent_selection = agent
            return
        assert table.to_move is not None
        selected = self.agent_selection = table.to_move.label
        if agent != selected:  # (the agent asked again gets its question's info below)
            self.infos[agent] = {"refused": refused} if refused else {}
        self.infos[selected] = question_info(table, refused if agent == selected else None)

    def render(self) -> str | None:
        """``render_mode="ansi"``: a few lines (the card, the margins, the open question
        and its options); None in any other mode."""
        if self.render_mode != "ansi" or self.table is None:
            return None
        return describe(self.table)

    def close(self) -> None:
        self.table = None

    def state(self) -> np.ndarray:
        """PettingZoo's global state: the board part of the observation vector (every
        block but ``observer`` and the question's, :func:`encode_board`), the same for
        every agent. The position itself, for a search: :meth:`Table.state`
        (``env.table.state()``) and :meth:`clone`."""
        assert self.table is not None, "reset() first"
        return self.encoder.board(self.table).copy()

    def clone(self) -> AndeanAbyssEnv:
        """An independent copy of the environment in the same position (the table
        cloned, :meth:`Table.clone`; the dictionaries of rewards and infos copied):
        stepping one never changes the other. ``copy.deepcopy(env)`` does the same."""
        other = copy.copy(self)
        other.table = self.table.clone() if self.table is not None else None
        other.encoder = Encoder()
        for name in ("agents", "rewards", "_cumulative_rewards", "terminations",
                     "truncations", "infos"):
            if hasattr(self, name):
                setattr(other, name, copy.copy(getattr(self, name)))
        if hasattr(self, "infos"):
            other.infos = {a: dict(i) for a, i in self.infos.items()}
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> AndeanAbyssEnv:
        return self.clone()


#: The Faction of each agent's label ('Government' -> Faction.GOVT).
_FACTION_OF = {f.label: f for f in Faction}


def table_from_options(options: dict | None, agents: list[Faction],
                       settings: dict[str, Any]) -> Table | None:
    """The table ``reset(options=...)`` starts from: ``{"state": data}`` a position
    :meth:`Table.state` gave (its seats must be ``agents``), or ``{"game": game}`` a
    :class:`core.game.Game` seated as the environment seats ``agents`` (a copy is
    played: a save :func:`core.game.serialize.load` read, a game of the engine's), with
    the environment's ``govt``/``strict``; None for neither (a new game; other keys are
    ignored). EnvError for a state or game that does not fit, or that is over."""
    given = {"state", "game"} & set(options or {})
    if not given:  # (other keys are no option of this environment: PettingZoo's
        return None  # api_test passes one it expects to be ignored)
    assert options is not None
    if len(given) > 1:
        raise EnvError("reset options: give one of 'state' (a Table.state()) or 'game' "
                       "(a core.game.Game), not both")
    table = _table_of(options, agents, settings)
    if table.over:  # (no info could say terminated: reset returns none)
        raise EnvError(f"reset option {next(iter(given))!r}: the game is over (it has "
                       "ended, nothing is left to play); give a position still in play, or "
                       "reset() without it for a new game")
    return table


def _table_of(options: dict, agents: list[Faction], settings: dict[str, Any]) -> Table:
    """:func:`table_from_options`'s table of a ``state`` or ``game`` option."""
    if "state" in options:
        table = Table.from_state(options["state"])
        if table.agents != frozenset(agents):
            raise EnvError(f"the state's seats {sorted(f.label for f in table.agents)} "
                           f"are not this environment's {sorted(f.label for f in agents)}")
        return table
    game = options["game"]
    if not isinstance(game, Game):
        raise EnvError(f"reset option 'game' is a {type(game).__name__}, not a "
                       "core.game.Game (core.game.serialize.load(path) reads a save)")
    seats = with_agents([1, None, None, None], agents)
    if list(game.state.seats) != seats:
        raise EnvError(f"the game's seats {game.state.seats} are not this environment's "
                       f"{seats} (its agents {[f.label for f in agents]} each a player, "
                       "the other Insurgents Non-players)")
    return Table(agents, seed=0, govt=str(settings.get("govt", "heuristic")),
                 strict=bool(settings.get("strict", False)), game=game.clone())


def question_info(table: Table, refused: str | None = None) -> dict[str, Any]:
    """The info of the agent asked: its question, the decision model's object (prompt,
    kind, ``lo``/``hi``), its ``options`` (action ``i`` is ``options[i]``, an
    :class:`~decisions.base.Option`), the action mask, and why its last action
    was refused if it was."""
    info: dict[str, Any] = {"question": table.question, "options": list(table.options),
                            "action_mask": table.mask().copy(),
                            "question_id": table.question_id}
    if refused:
        info["refused"] = refused
    return info


def end_info(table: Table) -> dict[str, Any]:
    """The info at the end: margins (7.3), winners, and for a solitaire Government the
    8.8 score and level (read from the protocol's ``end`` message); the mask all 0s."""
    end = end_message(table.game.state)
    info: dict[str, Any] = {"margins": end["margins"], "winners": end["winners"],
                            "action_mask": np.zeros(N_ACTIONS, np.int8)}
    if end["solo"] is not None:
        info["solo_score"], info["solo_level"] = end["solo"]["score"], end["solo"]["level"]
    return info


def describe(table: Table) -> str:
    """A few lines for ``render_mode="ansi"``: the card, the margins, the question."""
    state = table.game.state
    margins = ", ".join(f"{f.label} {m:+d}" for f, m in state.victory_margins().items())
    lines = [f"card {state.current_card}, phase {state.phase}; margins {margins}"]
    if table.question is not None and table.to_move is not None:
        lines.append(f"{table.to_move.label}: {table.question.prompt}")
        lines += [f"  {i}. {option.label}" for i, option in enumerate(table.options)]
    return "\n".join(lines)


# ======================================================================================
# Gymnasium: the Government against the section-8 Non-players
# ======================================================================================
class GovernmentEnv(gymnasium.Env):
    """The solitaire game (8.0) as a Gymnasium environment: the agent is the Government,
    the Insurgents are the section-8 Non-players. The observation is the vector (no
    mask: ``info["action_mask"]`` holds it); the reward, 0 until the end, is then the 8.8
    score (:func:`core.rules.victory.solo_score`). An action the mask forbids is refused
    (nothing changes, ``info["refused"]`` says why, reward 0)."""

    #: render_fps: Gymnasium's check_env asks for one; ``ansi`` renders text, so it
    #: means nothing here beyond a frame a step
    metadata = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(self, scenario: str = "standard", render_mode: str | None = None,
                 strict: bool = False, **options: Any) -> None:
        self.scenario = scenario
        self.game_options = dict(options, strict=strict)
        self.render_mode = render_mode
        self.observation_space = spaces.Box(-LIMIT, LIMIT, (N_FEATURES,), np.float32)
        self.action_space = spaces.Discrete(N_ACTIONS)
        self.encoder = Encoder()
        self.table: Table | None = None

    def reset(self, *, seed: int | None = None, options: dict | None = None
              ) -> tuple[np.ndarray, dict[str, Any]]:
        """A new game from ``seed``, or the position ``options`` names
        (:func:`table_from_options`: ``{"state": Table.state()}`` or ``{"game": a
        Game}``, e.g. a save loaded, of the solitaire Government)."""
        super().reset(seed=seed)
        table = table_from_options(options, [Faction.GOVT], self.game_options)
        if table is None:
            game_seed = seed if seed is not None else int(self.np_random.integers(2**63))
            table = Table([Faction.GOVT], self.scenario, game_seed, **self.game_options)
        self.table = table
        return self._observe(), self._info()

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        table = self.table
        if table is None:
            raise EnvError("step() before reset(): reset() starts a game")
        if table.over:
            raise EnvError("step() after the game ended: reset() starts a new one")
        refused = table.act(action)
        reward = table.rewards()[Faction.GOVT] if table.over else 0.0
        return self._observe(), reward, table.over, False, self._info(refused)

    def _observe(self) -> np.ndarray:
        assert self.table is not None
        return self.encoder.encode(self.table, Faction.GOVT)

    def _info(self, refused: str | None = None) -> dict[str, Any]:
        assert self.table is not None
        if self.table.over:
            return end_info(self.table)
        info = question_info(self.table, refused)
        info["option_features"] = self.table.own_option_features()
        return info

    def action_masks(self) -> np.ndarray:
        """The legal actions as booleans (:data:`N_ACTIONS`, all False once over): what
        sb3-contrib's ``MaskablePPO`` reads (its ``ActionMasker`` needs no wrapper
        function for this environment)."""
        if self.table is None:
            raise EnvError("action_masks() before reset(): reset() starts a game")
        return self.table.mask().astype(bool)

    def render(self) -> str | None:
        """``render_mode="ansi"``: as :meth:`AndeanAbyssEnv.render`."""
        if self.render_mode != "ansi" or self.table is None:
            return None
        return describe(self.table)

    def clone(self) -> GovernmentEnv:
        """An independent copy in the same position (:meth:`Table.clone`)."""
        other = copy.copy(self)
        other.table = self.table.clone() if self.table is not None else None
        other.encoder = Encoder()
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> GovernmentEnv:
        return self.clone()


# ======================================================================================
# the usual entry points
# ======================================================================================
def raw_env(**kwargs: Any) -> AndeanAbyssEnv:
    """PettingZoo's convention: the environment itself (:class:`AndeanAbyssEnv`,
    ``kwargs`` its keywords)."""
    return AndeanAbyssEnv(**kwargs)


def env(**kwargs: Any) -> AECEnv:
    """PettingZoo's convention: :func:`raw_env` in PettingZoo's order-enforcing wrapper
    (an error for ``step`` before ``reset``, ``observe`` of an unknown agent...). The
    table stays reachable (``env(...).unwrapped.table``)."""
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper

    return OrderEnforcingWrapper(raw_env(**kwargs))


#: The Gymnasium ids, registered when this module is imported (``gymnasium.make(
#: "agents.env:AndeanAbyss/Government-v0")`` imports it first): the standard game (its
#: full length, 2.4.1) and the Quick-Play scenario's short one.
GYM_IDS = {"AndeanAbyss/Government-v0": {},
           "AndeanAbyss/GovernmentQuick-v0": {"scenario": "quick"}}
for _id, _kwargs in GYM_IDS.items():
    if _id not in gymnasium.registry:
        gymnasium.register(id=_id, entry_point="agents.env:GovernmentEnv", kwargs=_kwargs)


__all__ = [
    "GYM_IDS",
    "env",
    "raw_env",
    "AGENTS",
    "DONE",
    "FEATURES",
    "MAX_OPTIONS",
    "N_ACTIONS",
    "N_FEATURES",
    "AndeanAbyssEnv",
    "EnvError",
    "Feature",
    "GovernmentEnv",
    "Table",
    "decision_history",
    "encode_board",
    "option_rows",
    "subtraction",
    "write_question",
]
