"""The game as an OpenSpiel Python game (issue 42 item 2; the ``openspiel`` extra;
docs/agents.md, "For learners and searchers").

    import pyspiel
    import agents.openspiel_game  # registers python_andean_abyss
    game = pyspiel.load_game("python_andean_abyss", {"scenario": "quick",
                                                     "seats": "Government"})
    state = game.new_initial_state()

**Players.** ``seats`` names the Factions played by OpenSpiel players, joined by ``+``
(``"FARC+AUC"``; a comma or ``|`` is read too, but the game's string, ``str(game)``,
writes ``+``: OpenSpiel's parameter syntax splits a value at commas, so a game string with
``FARC,AUC`` could not be loaded again), in that order as players 0, 1, ... (default
``Government``: the solitaire game, 8.0).
The other Insurgents are the section-8 Non-players; a Government no player takes is
played by the program's heuristic Government bot, which then answers Insurgent Discord
(8.1). As in the environment, the Government with exactly one Insurgent beside
Non-players is refused (that Government would be asked Discord inside a Non-player's
turn).

**Actions** are the environment's (``agents.env``): action *i* is answer *i* of the
question asked now (the decision model's questions, the same as the protocol's), action
128 (``DONE``) ends the picks of a question of several options, picked one per action.
An answer the form refuses once tried leaves the same question open with that answer
out of the legal actions (a few in a thousand).

**Chance.** The state holds no future. A die the engine rolls and a card it turns face
up are chance nodes: a die 1-6 (outcome ids 0-5) each 1/6; a card (outcome id = its
number) with the probability the deck's build gives it (seed 003, Deck Preparation: the
pile the next card comes from, whether that pile's Propaganda card is still in it, the
Event cards not seen yet equally likely, the 12 set aside included). The opening card
and the face-up card come from the set-up's ``seed``; every later one is chance. A
decision (or a Non-player's turn) that needs a die or a card it has not got is run
again from its start with the outcome (the engine's dice and decks are deterministic
given them), so a chance node may come in the middle of a decision: its questions
answered so far are kept.

**Returns**: at the end, each player's 8.8 subtraction (its Faction's victory margin
minus the highest other margin; the solitaire Government's 8.8 score), 0 before.

**Tensors**: the observation tensor of a player is the environment's observation
vector (``agents.env.FEATURES``, its one encoder: the board by ``encode_board``, its
``deck_size`` counting the face-down cards too; the observer; the open question's
blocks by ``write_question``, 0s when another player is asked), so it says which
question is asked, the decision so far and the options picked.

**Information.** Every piece of the game is public but the future, which chance nodes
model (the state holds none of it): the game is of perfect information with chance
(docs/architecture.md, "The OpenSpiel game is of perfect information"), the
information state tensor is the same vector, and ``resample_from_infostate`` is a copy.
``clone()`` copies the state; ``pickle`` and ``pyspiel.serialize_game_and_state`` save
it at any node (its attributes, no decision in progress: that is played again from its
answers).
"""

from __future__ import annotations

import hashlib
import re
from typing import Any

import numpy as np

from agents.env import (
    CHOSEN_SIZE,
    DONE,
    FEATURES,
    MAX_OPTIONS,
    N_ACTIONS,
    N_FEATURES,
    decision_history,
    encode_board,
    note_chosen,
    option_rows,
    question_id,
    subtraction,
    write_decision,
    write_question,
)
from agents.seat import with_agents
from core.cards import CARDS, EVENT_CARDS, PROPAGANDA_CARDS
from core.extras import require_extra
from core.game import Game
from core.pieces import Faction
from core.setup import PILE_SIZE, PILES, QUICK_PROPAGANDA_PILES, SEEDED_BOTTOM, deck_size
from core.state import GameState
from decisions.base import MANY, InputError, answers
from decisions.decision import Decision, DecisionContext, MemoDice
from nonplayer.government import apply_decision, make_government
from nonplayer.turn import take_turn

require_extra("openspiel", "the OpenSpiel game (agents.openspiel_game)")  # one line if not

import pyspiel  # noqa: E402

SHORT_NAME = "python_andean_abyss"
#: chance outcome ids: a die's face less 1 (0-5); a card's number (1-76)
MAX_CHANCE_OUTCOMES = max(CARDS) + 1


class NeedDie(Exception):
    """The engine rolls a die the chance outcomes so far do not hold."""


class NeedCard(Exception):
    """The engine turns up a card the chance outcomes so far do not hold."""


class _ChanceRoller:
    """The dice beyond the outcomes given: a chance node."""

    def roll(self, state: GameState, purpose: str) -> int:
        raise NeedDie(purpose)


def _memo(values: list[int]) -> MemoDice:
    memo = MemoDice(_ChanceRoller())
    memo.values = list(values)
    return memo


class ChanceDeck(list[int]):
    """The draw deck as far as it is face up, and how many cards lie face down under it
    (``hidden``): not empty while any is (the game goes on), and turning up a face-down
    card is a chance node (:class:`NeedCard`). A copy (``deck[:]``, a state's clone)
    stays one."""

    def __init__(self, cards: list[int], hidden: int) -> None:
        super().__init__(cards)
        self.hidden = hidden

    def __bool__(self) -> bool:
        return len(self) > 0 or self.hidden > 0

    def __getitem__(self, index: Any) -> Any:
        got = super().__getitem__(index)
        if isinstance(index, slice):
            return ChanceDeck(got, self.hidden)
        return got

    def pop(self, index: Any = -1) -> int:
        if len(self) == 0 and self.hidden > 0:
            raise NeedCard("the next card")
        return int(super().pop(index))


def card_chances(state: GameState, hidden: int) -> list[tuple[int, float]]:
    """The chance of each card to be the next one turned up (its number, probability):
    the deck was built in piles (seed 003): the next card's pile and place in it follow
    from the cards turned up so far; the pile's Propaganda card, if not seen yet, is
    equally likely at any place left (with Seeded Propaganda, among its bottom 5 cards);
    the Event cards not seen yet are equally likely in every other place."""
    if hidden <= 0:
        return []
    scenario = state.scenario
    sizes = [PILE_SIZE[scenario] + (1 if scenario == "standard"
                                    or n in QUICK_PROPAGANDA_PILES else 0)
             for n in range(1, PILES + 1)]
    seen = list(state.played) + list(state.deck)
    position = len(seen)
    start, pile = 0, 0
    while pile < PILES - 1 and position >= start + sizes[pile]:
        start += sizes[pile]
        pile += 1
    left = start + sizes[pile] - position  # places left in the pile, this one included
    in_pile = sizes[pile] > PILE_SIZE[scenario] and not any(
        CARDS[c].propaganda for c in seen[start:position])
    p_propaganda = 0.0
    if in_pile and left > 0:
        seeded = bool(state.options.get("seeded_propaganda"))
        p_propaganda = 1.0 / left if not seeded or left <= SEEDED_BOTTOM + 1 else 0.0
    events = [c for c in EVENT_CARDS if c not in seen]
    propaganda = [c for c in PROPAGANDA_CARDS if c not in seen]
    out = [(c, (1.0 - p_propaganda) / len(events)) for c in events] if events else []
    if p_propaganda and propaganda:
        out += [(c, p_propaganda / len(propaganda)) for c in propaganda]
    total = sum(p for _, p in out)
    return sorted((c, p / total) for c, p in out)


_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Andean Abyss (GMT COIN), Python",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    # nothing is hidden from any player but the future, which chance nodes model (the
    # state holds none of it): docs/architecture.md, "The OpenSpiel game"
    information=pyspiel.GameType.Information.PERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=1,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"scenario": "quick", "seed": 0, "seats": "Government"},
)


def _seats(text: str) -> list[Faction]:
    names = {f.label.lower(): f for f in Faction} | {"govt": Faction.GOVT}
    seats = []
    for word in re.split(r"[+,|]", text):
        faction = names.get(word.strip().lower())
        if faction is None or faction in seats:
            raise ValueError(f"seats {text!r}: name each of Government, FARC, AUC, Cartels "
                             "at most once, joined by + (FARC+AUC)")
        seats.append(faction)
    if Faction.GOVT in seats and len(seats) == 2:
        raise ValueError("seats: the Government and one Insurgent beside Non-players would "
                         "be asked Insurgent Discord (8.1) inside a Non-player's turn: seat "
                         "1, 3 or 4 Factions, or leave the Government to the program's bot")
    return seats


def seats_param(factions: list[Faction]) -> str:
    """The ``seats`` parameter of ``factions``: their labels joined by ``+``."""
    return "+".join(f.label for f in factions)


class _Shared:
    """Holds an attribute a copy of the state shares (never changed in place)."""

    def __init__(self, value: Any) -> None:
        self.value = value

    def __deepcopy__(self, memo: Any) -> _Shared:
        return self


class _Cloned(_Shared):
    """Holds a game a copy of the state gets its own clone of (:meth:`Game.clone`: the
    log's entries shared, as they never change)."""

    def __deepcopy__(self, memo: Any) -> _Cloned:
        return _Cloned(self.value.clone())


class _Dropped(_Shared):
    """Holds what a copy of the state does without (the decision in progress, played
    again from its answers when the copy is played on)."""

    def __deepcopy__(self, memo: Any) -> _Dropped:
        return _Dropped(None)

    def __reduce__(self) -> tuple[type[_Dropped], tuple[None]]:
        # a saved state (pickle, pyspiel.serialize_game_and_state) holds no decision in
        # progress (a running form cannot be pickled): it is played again from its
        # answers when the loaded state moves on, as a copy's is
        return (_Dropped, (None,))


def _held(name: str, holder: type[_Shared]) -> property:
    """An attribute kept in a holder: OpenSpiel's ``clone()`` deep-copies each attribute
    of a Python state, and the holder says how this one is copied."""
    key = f"_held_{name}"

    def get(self: Any) -> Any:
        return self.__dict__[key].value

    def put(self: Any, value: Any) -> None:
        self.__dict__[key] = holder(value)

    return property(get, put)


class Setup:
    """A game's parameters read: ``scenario``, ``seed``, ``factions`` (the OpenSpiel
    players' Factions, in player order) and the opening position (:meth:`start`)."""

    def __init__(self, params: dict[str, Any]) -> None:
        self.scenario = str(params["scenario"])
        if self.scenario not in PILE_SIZE:
            raise ValueError(f"scenario {self.scenario!r}: quick or standard")
        self.seed = int(params["seed"])
        self.factions = _seats(str(params["seats"]))
        seats = with_agents([1, None, None, None], self.factions)
        game = Game.new(self.scenario, seed=self.seed, seats=seats)
        hidden = deck_size(self.scenario) - len(game.state.played) - 1
        game.state.deck = ChanceDeck(game.state.deck[:1], hidden)
        self._start = game

    def start(self) -> Game:
        """The set-up, its opening card and face-up card dealt; the rest face down."""
        return self._start.clone()

    def __reduce__(self) -> tuple[Any, tuple[dict[str, Any]]]:
        # a saved state names its game's parameters, not the whole opening position
        return (_setup_of_params, ({"scenario": self.scenario, "seed": self.seed,
                                    "seats": seats_param(self.factions)},))


_SETUPS: dict[tuple[str, int, str], Setup] = {}


def setup_of(game: Any) -> Setup:
    """The :class:`Setup` of an OpenSpiel game of this module (read once per parameters:
    OpenSpiel may hand a state a game object that keeps no Python attribute)."""
    return _setup_of_params(game.get_parameters())


def _setup_of_params(given: dict[str, Any]) -> Setup:
    params = {**_GAME_TYPE.parameter_specification, **given}
    key = (str(params["scenario"]), int(params["seed"]),
           seats_param(_seats(str(params["seats"]))))
    if key not in _SETUPS:
        _SETUPS[key] = Setup(params)
    return _SETUPS[key]


class AndeanAbyssGame(pyspiel.Game):
    """The game: ``scenario`` (quick or standard), ``seed`` (the set-up and opening
    cards), ``seats`` (the Factions OpenSpiel plays, in player order)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**_GAME_TYPE.parameter_specification, **(params or {})}
        factions = _seats(str(params["seats"]))
        players = len(factions)
        # the seats as the game's string writes them: joined by '+', never by commas
        # (a string with 'seats=FARC,AUC' is not read back by pyspiel.load_game)
        params["seats"] = seats_param(factions)
        info = pyspiel.GameInfo(
            num_distinct_actions=N_ACTIONS, max_chance_outcomes=MAX_CHANCE_OUTCOMES,
            num_players=players, min_utility=-100.0, max_utility=100.0,
            utility_sum=None, max_game_length=100_000)
        super().__init__(_GAME_TYPE, info, params)
        setup_of(self)  # a bad scenario or seating is refused here

    def new_initial_state(self) -> AndeanAbyssState:
        return AndeanAbyssState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> Observer:
        return Observer(self)


class AndeanAbyssState(pyspiel.State):
    """A position: the game at the start of the current decision (or Non-player turn),
    and the actions, dice and cards of that decision so far."""

    base = _held("base", _Cloned)
    _game = _held("game", _Shared)  # the game's Setup
    _live = _held("live", _Dropped)
    question = _held("question", _Shared)
    options = _held("options", _Shared)

    def __init__(self, game: AndeanAbyssGame) -> None:
        super().__init__(game)
        self._game = setup_of(game)
        self.base = self._game.start()
        self.actions: list[int] = []
        self.dice: list[int] = []
        self.cards: list[int] = []
        self._live = None  # (the Decision, its game, its dice) while one is open
        self._advance()

    # --- where the state is -----------------------------------------------------------
    def _advance(self) -> None:
        """Play on from the base as far as the outcomes and answers given take it, to the
        next chance node, question or the end."""
        self.node = "terminal"
        self.question = None
        self.options = []
        self.picks: list[int] = []
        self.refused: set[int] = set()
        #: the open question's question_id (agents.env.question_id), the decision's
        #: questions answered (their ids, and the actions: agents.env.Table.answered)
        self.question_id = 0
        self.answered_ids: list[int] = []
        self.answered: list[int | tuple[list[int], bool]] = []
        #: the decision so far (agents.env.note_chosen)
        self.chosen = np.zeros(CHOSEN_SIZE, dtype=np.float32)
        while not self.base.is_terminal():
            deck = self.base.state.deck
            assert isinstance(deck, ChanceDeck)
            if len(deck) == 0 and deck.hidden > 0:  # the face-up card (2.2)
                if not self.cards:
                    self.node = "card"
                    return
                deck.append(self.cards.pop(0))
                deck.hidden -= 1
                continue
            faction = self.base.to_move()
            assert faction is not None
            try:
                done = self._player(faction) if faction in self._game.factions \
                    else self._automatic(faction)
            except (NeedDie, NeedCard) as need:
                self._wait_for_chance(need)
                return
            if done is None:
                self.node = "player"
                return
            self.base, self.actions, self.dice, self.cards = done, [], [], []
            self._live = None

    def _trial(self) -> tuple[Game, MemoDice]:
        trial = self.base.clone()
        deck = self.base.state.deck
        assert isinstance(deck, ChanceDeck)
        trial.state.deck = ChanceDeck(list(deck) + self.cards, deck.hidden - len(self.cards))
        memo = _memo(self.dice)
        trial.dice = memo
        return trial, memo

    def _automatic(self, faction: Faction) -> Game:
        """A Non-player's turn, or the Government bot's decision, on a copy of the base."""
        trial, memo = self._trial()
        bot = make_government("heuristic", 0)
        if faction is Faction.GOVT:
            apply_decision(trial, bot.decide(trial))
        else:
            take_turn(trial, dice=memo, discord=bot.discord)
        return trial

    def _wait_for_chance(self, need: NeedDie | NeedCard) -> None:
        """Stop at a chance node: the decision in play is dropped (it is played again
        from its start once chance supplies the die or the card it needs)."""
        self._live = None
        self.node = "die" if isinstance(need, NeedDie) else "card"

    def _player(self, faction: Faction) -> Game | None:
        """The player's decision with the answers given so far; the game after it once
        complete, else None (a question is open)."""
        if self._live is None:
            trial, memo = self._trial()
            decision = Decision(DecisionContext(trial, memo), memo)
            self._live = (decision, trial, memo)
            actions, self.actions = self.actions, []
            self.answered_ids, self.answered = [], []
            self.chosen = np.zeros(CHOSEN_SIZE, dtype=np.float32)
            try:
                self._open(decision)
                for action in actions:
                    if self._answer(action):
                        break
            except (NeedDie, NeedCard):
                self.actions = actions  # kept whole for the next try
                raise
        return self._finish()

    def _open(self, decision: Decision) -> None:
        run = decision.form
        if run.done:
            return
        assert run.question is not None
        self.question = run.question
        self.question_id = question_id(run, run.question)
        self.options = answers(run.question)
        if len(self.options) > MAX_OPTIONS:
            raise ValueError(f"{run.question.prompt!r} lists {len(self.options)} options")
        self.picks, self.refused = [], set()

    def _answer(self, action: int) -> bool:
        """Give ``action`` to the open question (kept in :attr:`actions`); True once the
        decision is complete."""
        assert self._live is not None and self.question is not None
        self.actions.append(action)
        run = self._live[0].form
        question = self.question
        done = action == DONE
        if question.kind == MANY:
            if action != DONE:
                self.picks.append(action)
                if len(self.picks) < question.hi and (
                        question.repeat or len(self.picks) < len(self.options)):
                    return False
            value: Any = [self.options[i].value for i in self.picks]
        else:
            value = self.options[action].value
        try:
            run.answer(value)
        except InputError:
            if question.kind == MANY:
                self.picks = []
            else:
                self.refused.add(action)
            return False
        self.answered_ids.append(self.question_id)
        self.answered.append((list(self.picks), done) if question.kind == MANY else action)
        note_chosen(self.chosen, question, self.options,
                    self.picks if question.kind == MANY else [action])
        if run.done:
            return True
        self._open(self._live[0])
        return False

    def _finish(self) -> Game | None:
        assert self._live is not None
        decision, trial, memo = self._live
        if not decision.form.done:
            return None
        memo.rewind()
        trial.apply(decision.form.result, dice=memo)
        return trial

    # --- OpenSpiel ----------------------------------------------------------------------
    def current_player(self) -> int:
        if self.node == "terminal":
            return int(pyspiel.PlayerId.TERMINAL)
        if self.node in ("die", "card"):
            return int(pyspiel.PlayerId.CHANCE)
        faction = self.base.to_move()
        return self._game.factions.index(faction)

    def _legal_actions(self, player: int) -> list[int]:
        question = self.question
        if self.node != "player" or question is None:
            return []
        n = len(self.options)
        if question.kind == MANY:
            legal = [i for i in range(n) if question.repeat or i not in self.picks]
            if len(self.picks) >= question.lo:
                legal.append(DONE)
            return legal
        return [i for i in range(n) if i not in self.refused]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.node == "die":
            return [(face, 1 / 6) for face in range(6)]
        deck = self.base.state.deck
        assert isinstance(deck, ChanceDeck)
        trial = self.base.state.clone()
        trial.deck = ChanceDeck(list(deck) + self.cards, deck.hidden - len(self.cards))
        return card_chances(trial, trial.deck.hidden)

    def _apply_action(self, action: int) -> None:
        if self.node == "die":
            self.dice.append(action + 1)
        elif self.node == "card":
            self.cards.append(action)
        else:
            try:
                if self._live is None:  # a copy: the decision so far is played again
                    self._player(self.base.to_move())
                if not self._answer(action):
                    self.node = "player"
                    return
                done = self._finish()
            except (NeedDie, NeedCard) as need:
                self._wait_for_chance(need)
                return
            assert done is not None
            self.base, self.actions, self.dice, self.cards = done, [], [], []
            self._live = None
        self._live = None
        self._advance()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self.node == "die":
                return f"die {action + 1}"
            return f"card #{action} {CARDS[action].title}"
        if action == DONE:
            return "done"
        if 0 <= action < len(self.options):
            return str(self.options[action].label)
        return f"action {action}"

    def resample_from_infostate(self, player_id: int, probability_sampler: Any
                                ) -> AndeanAbyssState:
        """A state drawn from those ``player_id`` cannot tell from this one (ISMCTS):
        this one, copied. Every player sees the whole state (it holds no future: the
        cards face down and the dice to come are chance nodes), so it is the only one."""
        return self.clone()

    def option_features(self) -> np.ndarray:
        """The open question's option feature rows (``int8[129, 146]``, the environment's
        ``option_features``: row ``i`` action ``i``'s option); 0s where no player is
        asked."""
        if self.node != "player" or self.question is None:
            return option_rows("one", [])
        return option_rows(self.question.kind, self.options)

    def is_terminal(self) -> bool:
        return bool(self.node == "terminal")

    def returns(self) -> list[float]:
        if self.node != "terminal":
            return [0.0] * len(self._game.factions)
        return [float(subtraction(self.base.state, f)) for f in self._game.factions]

    def __str__(self) -> str:
        state = self.base.state
        card = f"#{state.current_card}" if state.current_card else "-"
        asked = self.question.prompt if self.node == "player" and self.question else ""
        margins = state.victory_margins()
        return (f"card {card}, {state.phase}, margins "
                + " ".join(f"{f.label} {margins[f]:+d}" for f in Faction)
                + (f"; {asked}" if asked else f"; {self.node}"))


class Observer:
    """The observation (and information state) tensor and string of a player: the
    environment's observation vector (:data:`agents.env.FEATURES`, one encoder), its
    ``deck_size`` counting the face-down cards (:mod:`agents.openspiel_game`
    docstring)."""

    def __init__(self, game: AndeanAbyssGame) -> None:
        self.setup = setup_of(game)
        self.tensor = np.zeros(N_FEATURES, np.float32)
        self.dict = {f.name: self.tensor[f.offset:f.offset + f.size] for f in FEATURES}

    def set_from(self, state: AndeanAbyssState, player: int) -> None:
        board_state = state.base.state
        vec = encode_board(board_state)
        deck = board_state.deck
        vec[_DECK_AT] = len(deck) + getattr(deck, "hidden", 0)
        faction = self.setup.factions[player]
        vec[_OBSERVER_AT + int(faction)] = 1
        question = state.question
        if state.node == "player" and question is not None \
                and state.base.to_move() is faction:
            write_question(vec, question, len(state.options), state.picks,
                           state.question_id, len(state.answered),
                           decision_history(state.answered_ids, state.answered))
            write_decision(vec, question.prompt, state.chosen)
        self.tensor[:] = vec

    def string_from(self, state: AndeanAbyssState, player: int) -> str:
        """The position in a few words, then a digest of the tensor (two states whose
        tensors differ have different strings: a search may key its nodes by them)."""
        faction = self.setup.factions[player]
        asked = state.question.prompt if state.node == "player" and state.question \
            and state.base.to_move() is faction else ""
        board = state.base.state
        self.set_from(state, player)
        digest = hashlib.blake2b(self.tensor.tobytes(), digest_size=8).hexdigest()
        return (f"{faction.label}: card {board.current_card}, next "
                f"{board.deck[0] if len(board.deck) else '-'}, margins "
                + " ".join(f"{f.label} {m:+d}" for f, m in board.victory_margins().items())
                + (f"; asked {asked!r}, picks {state.picks}" if asked else "")
                + f"; {state.node} {digest}")


_DECK_AT = next(f.offset for f in FEATURES if f.name == "deck_size")
_OBSERVER_AT = next(f.offset for f in FEATURES if f.name == "observer")


def margin_evaluator() -> Any:
    """An evaluator for OpenSpiel's MCTS (``open_spiel.python.algorithms.mcts``) that
    plays no rollout: a leaf is worth each player's 8.8 subtraction there (its victory
    margin minus the highest other, 7.3), a tenth of it; priors uniform, chance nodes
    by their probabilities. A whole game with MCTS then takes seconds, not hours."""
    from open_spiel.python.algorithms import mcts

    class MarginEvaluator(mcts.Evaluator):
        def evaluate(self, state: AndeanAbyssState) -> np.ndarray:
            if state.is_terminal():
                return np.array(state.returns())
            return np.array([subtraction(state.base.state, f) / 10.0
                             for f in state._game.factions])

        def prior(self, state: AndeanAbyssState) -> list[tuple[int, float]]:
            if state.is_chance_node():
                return state.chance_outcomes()
            legal = state.legal_actions(state.current_player())
            return [(a, 1.0 / len(legal)) for a in legal]

    return MarginEvaluator()


pyspiel.register_game(_GAME_TYPE, AndeanAbyssGame)

__all__ = ["SHORT_NAME", "AndeanAbyssGame", "AndeanAbyssState", "ChanceDeck", "NeedCard",
           "NeedDie", "card_chances", "margin_evaluator"]
