"""The game as an OpenSpiel game (issue 42 item 2, agents/openspiel_game.py; the
``openspiel`` extra: skipped without it)."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")  # agents.env, whose board vector the tensors are
mcts = pytest.importorskip("open_spiel.python.algorithms.mcts")

from agents import openspiel_game as og  # noqa: E402
from core.cards import CARDS, EVENT_CARDS  # noqa: E402
from core.game import Game  # noqa: E402
from core.pieces import Faction  # noqa: E402
from core.rules import victory  # noqa: E402


def _load(**params: object) -> object:
    return pyspiel.load_game(og.SHORT_NAME, {"scenario": "quick", **params})


def _chance(state: object, rng: np.random.RandomState) -> None:
    actions, probs = zip(*state.chance_outcomes())  # type: ignore[attr-defined]
    assert abs(sum(probs) - 1) < 1e-9
    state.apply_action(int(rng.choice(actions, p=probs)))  # type: ignore[attr-defined]


def _random_step(state: object, rng: np.random.RandomState) -> None:
    """One step of random play: a sampled outcome at a chance node, else a legal action
    drawn uniformly."""
    if state.is_chance_node():  # type: ignore[attr-defined]
        _chance(state, rng)
    else:
        state.apply_action(int(rng.choice(state.legal_actions())))  # type: ignore[attr-defined]


def test_mcts_plays_the_government_against_the_section_8_insurgents_to_the_end() -> None:
    # 8.0: OpenSpiel's own MCTS bot in the Government's seat, the FARC, AUC and Cartels
    # the section-8 Non-players inside the game, dice and cards sampled at chance nodes;
    # the game ends (7.0) and its return is the solitaire Government's 8.8 score
    game = _load(seats="Government", seed=1)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=3, evaluator=og.margin_evaluator(),
                       random_state=np.random.RandomState(0), solve=False)
    rng = np.random.RandomState(1)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            _chance(state, rng)
        else:
            assert state.current_player() == 0
            state.apply_action(bot.step(state))
            decisions += 1
    final = state.base.state
    assert final.phase == "over" and decisions > 10
    assert state.returns() == [float(victory.solo_score(final))]
    # the history replays to the same end (OpenSpiel's serialization)
    again = pyspiel.deserialize_game_and_state(
        pyspiel.serialize_game_and_state(game, state))[1]
    assert str(again) == str(state) and again.returns() == state.returns()


@pytest.mark.parametrize("seats", ["Government", "FARC", "AUC", "Cartels",
                                   "FARC,AUC,Cartels", "Government,FARC,AUC,Cartels"])
def test_random_play_with_sampled_chance_ends_in_every_seating(seats: str) -> None:
    # 7.0: random legal actions in each seat, the others Non-players (or the Government
    # bot), every chance outcome drawn by its probability: the game ends, each player's
    # return its 8.8 subtraction (its margin minus the highest other, 7.3)
    game = _load(seats=seats, seed=5)
    rng = np.random.RandomState(len(seats))
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            _chance(state, rng)
        else:
            legal = state.legal_actions()
            assert legal and all(0 <= a < game.num_distinct_actions() for a in legal)
            state.apply_action(int(rng.choice(legal)))
    margins = state.base.state.victory_margins()
    by_label = {f.label: f for f in Faction}
    factions = [by_label[name] for name in seats.split(",")]
    assert state.returns() == [float(margins[f] - max(m for g, m in margins.items()
                                                        if g is not f)) for f in factions]


def test_a_clone_plays_on_alone_and_the_original_is_unchanged() -> None:
    # clone() mid-decision: the copy answers on, the original keeps its question
    game = _load(seats="Government", seed=2)
    rng = np.random.RandomState(3)
    state = game.new_initial_state()
    while state.is_chance_node():
        _chance(state, rng)
    asked, legal, before = str(state), state.legal_actions(), len(state.history())
    copy = state.clone()
    for _ in range(30):  # the copy answers on, through chance nodes too
        if copy.is_terminal():
            break
        if copy.is_chance_node():
            _chance(copy, rng)
        else:
            copy.apply_action(copy.legal_actions()[-1])
    assert str(copy) != asked
    assert str(state) == asked and state.legal_actions() == legal
    state.apply_action(legal[0])  # the original plays on from where it was
    assert len(state.history()) == before + 1


def test_the_tensors_hold_the_board_the_observer_and_the_question() -> None:
    # the tensor is the environment's observation vector (agents.env.FEATURES: one
    # encoder), its deck_size counting the cards face down
    from agents import env as E

    at = {f.name: f for f in E.FEATURES}

    def block(vec: np.ndarray, name: str) -> np.ndarray:
        return vec[at[name].offset:at[name].offset + at[name].size]

    game = _load(seats="FARC,AUC,Cartels", seed=4)
    assert game.observation_tensor_size() == E.N_FEATURES
    rng = np.random.RandomState(0)
    state = game.new_initial_state()
    while state.is_chance_node():
        _chance(state, rng)
    player = state.current_player()
    mine = np.asarray(state.observation_tensor(player))
    other = np.asarray(state.observation_tensor((player + 1) % 3))
    assert mine.tolist() == list(state.information_state_tensor(player))
    board = E.encode_board(state.base.state)
    assert mine[:at["observer"].offset].tolist()[:at["deck_size"].offset] == \
        board[:at["deck_size"].offset].tolist()
    deck = state.base.state.deck
    assert block(mine, "deck_size")[0] == len(deck) + deck.hidden
    assert block(mine, "observer").sum() == 1 and block(other, "observer").sum() == 1
    assert block(mine, "question_kind").sum() == 1  # the question: asked of this player
    assert block(other, "question_kind").sum() == 0 and block(other, "question_id") == 0
    assert block(mine, "question_size")[0] == len(state.options)
    assert block(mine, "question_id")[0] == state.question_id > 0
    assert state.option_features().shape == (E.N_ACTIONS, 146)


@pytest.mark.parametrize("scenario", ["quick", "standard"])
def test_the_tensors_are_made_at_every_node_of_every_seed(scenario: str) -> None:
    # seeds 3 and 9 (quick) open at a card chance node, the face-up card (2.2) not
    # turned yet: the next_card block is then empty, not an IndexError. Seeds 0-19,
    # both tensors of every player at each of the first 30 nodes of random play
    for seed in range(20):
        game = _load(seats="Government,FARC,AUC,Cartels", seed=seed, scenario=scenario)
        rng = np.random.RandomState(seed)
        state = game.new_initial_state()
        for _ in range(30):
            for player in range(4):
                obs = state.observation_tensor(player)
                assert len(obs) == game.observation_tensor_size()
                assert list(state.information_state_tensor(player)) == list(obs)
                assert state.observation_string(player)
            if state.is_terminal():
                break
            _random_step(state, rng)


def test_two_different_questions_never_give_the_same_tensor() -> None:
    # action i means option i of the question asked: the tensor must say which question
    # (its question_id, the decision so far, the options picked), else action i means two
    # things at one tensor. Random play, quick seeds 1, 2, 4, 5, every decision node
    seen: dict[bytes, tuple[object, ...]] = {}
    asked = 0
    for seed in (1, 2, 4, 5):
        game = _load(seats="Government", seed=seed)
        rng = np.random.RandomState(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                _chance(state, rng)
                continue
            question = state.question
            key = np.asarray(state.observation_tensor(0), np.float32).tobytes()
            what = (question.prompt, question.kind, question.lo, question.hi,
                    tuple(repr(o.value) for o in state.options), tuple(state.picks))
            assert seen.setdefault(key, what) == what, (seen[key], what)
            asked += 1
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert asked > 300


def _node_kind(state: object) -> str:
    if state.is_terminal():  # type: ignore[attr-defined]
        return "terminal"
    if state.is_chance_node():  # type: ignore[attr-defined]
        return state.node  # type: ignore[attr-defined]  # "die" or "card"
    if state.picks:  # type: ignore[attr-defined]
        return "picks"  # a question of several options with picks made
    return "answers" if state.actions else "question"  # type: ignore[attr-defined]


def _same(one: object, two: object) -> None:
    assert str(one) == str(two) and one.history() == two.history()  # type: ignore
    assert one.current_player() == two.current_player()  # type: ignore[attr-defined]
    if one.is_chance_node():  # type: ignore[attr-defined]
        assert one.chance_outcomes() == two.chance_outcomes()  # type: ignore[attr-defined]
    elif not one.is_terminal():  # type: ignore[attr-defined]
        assert one.legal_actions() == two.legal_actions()  # type: ignore[attr-defined]
        assert list(one.observation_tensor(0)) == list(two.observation_tensor(0))  # type: ignore


def test_a_state_saves_and_loads_at_every_node_kind() -> None:
    # pickle and pyspiel.serialize_game_and_state at the opening, a die, a card, a first
    # question, a question after answers, picks made and the end: the loaded state is the
    # same, and plays on as the saved one does
    import pickle

    game = _load(seats="Government", seed=1)
    rng = np.random.RandomState(1)
    state = game.new_initial_state()
    kinds: set[str] = set()
    while True:
        kind = _node_kind(state)
        if kind not in kinds or rng.rand() < 0.05:
            kinds.add(kind)
            for loaded in (pickle.loads(pickle.dumps(state)),
                           pyspiel.deserialize_game_and_state(
                               pyspiel.serialize_game_and_state(game, state))[1]):
                _same(loaded, state)
                if state.is_terminal():
                    assert loaded.returns() == state.returns()
                    continue
                twin = state.clone()  # the same next action or outcome on both
                action = (state.chance_outcomes()[0][0] if state.is_chance_node()
                          else state.legal_actions()[-1])
                loaded.apply_action(action)
                twin.apply_action(action)
                _same(loaded, twin)
        if state.is_terminal():
            break
        _random_step(state, rng)
    assert kinds == {"question", "answers", "picks", "die", "card", "terminal"}


@pytest.mark.parametrize("given", ["FARC,AUC", "FARC+AUC", "farc | auc"])
def test_a_game_of_several_seats_saves_and_loads(given: str) -> None:
    # the game's string names its seats so that pyspiel.load_game reads it back (a comma
    # in a parameter's value was read as the next parameter: 'seats=FARC,AUC' in the
    # string gave "Unknown parameter 'AUC,seed=11)'"); pickle and OpenSpiel's
    # serialization of a state some way into the game give the same state
    import pickle

    game = _load(seats=given, seed=11)
    assert "seats=FARC+AUC" in str(game)
    again = pyspiel.load_game(str(game))
    assert str(again) == str(game) and again.num_players() == 2
    state = game.new_initial_state()
    rng = np.random.RandomState(3)
    for _ in range(40):
        _random_step(state, rng)
    for loaded in (pickle.loads(pickle.dumps(state)),
                   pyspiel.deserialize_game_and_state(
                       pyspiel.serialize_game_and_state(game, state))[1]):
        _same(loaded, state)
        assert loaded.history() == state.history()  # type: ignore[attr-defined]
    assert pickle.loads(pickle.dumps(game)).num_players() == 2


def test_the_game_is_of_perfect_information_and_a_resample_is_the_state() -> None:
    # every player sees the whole state: the cards face down and the dice to come are
    # chance nodes, the state holds none of them (docs/architecture.md, "The OpenSpiel
    # game"), so the game says it is of perfect information (as OpenSpiel's backgammon)
    # and the one state a player cannot tell from this one is this one
    game = _load(seats="Government", seed=1)
    assert game.get_type().information == \
        pyspiel.GameType.Information.PERFECT_INFORMATION
    rng = np.random.RandomState(2)
    state = game.new_initial_state()
    moves = 0
    while moves < 6 and not state.is_terminal():
        if state.is_chance_node():
            _chance(state, rng)
            continue
        again = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0., 1.))
        assert again is not state
        _same(again, state)
        action = int(rng.choice(state.legal_actions()))
        again.apply_action(action)
        state.apply_action(action)
        _same(again, state)
        moves += 1
    assert moves == 6


def test_the_next_card_is_drawn_by_the_deck_s_piles() -> None:
    # seed 003, Deck Preparation: Quick-Play piles of 6 Event cards, the 2nd and 4th
    # with a Propaganda card; the cards not seen are equally likely
    state = Game.new("quick", seed=0).state
    first_pile = [c for c in state.deck[:5]]
    state.played = [state.played[0]] + first_pile  # the 1st pile all seen (6 cards)
    state.deck = og.ChanceDeck([], 20)
    chances = dict(og.card_chances(state, 20))
    # the 2nd pile's first place: its Propaganda card 1 in 7, each unseen Event the rest
    propaganda = sum(p for c, p in chances.items() if CARDS[c].propaganda)
    assert propaganda == pytest.approx(1 / 7)
    unseen = [c for c in EVENT_CARDS if c not in state.played]
    assert chances[unseen[0]] == pytest.approx((6 / 7) / len(unseen))
    assert sum(chances.values()) == pytest.approx(1)


def test_a_chance_deck_goes_on_while_cards_lie_face_down() -> None:
    deck = og.ChanceDeck([7], hidden=2)
    assert deck.pop(0) == 7 and deck  # 2 face down: not empty (7.3: the game goes on)
    with pytest.raises(og.NeedCard):
        deck.pop(0)
    assert isinstance(deck[:], og.ChanceDeck) and deck[:].hidden == 2
    assert not og.ChanceDeck([], hidden=0)


def test_a_seating_the_game_does_not_play_is_refused() -> None:
    with pytest.raises(Exception, match="Insurgent Discord"):
        _load(seats="Government,FARC")
    with pytest.raises(Exception, match="at most once"):
        _load(seats="FARC,FARC")
