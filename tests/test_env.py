"""The research environment (issue 34 item 4, agents/env.py): it passes
PettingZoo's ``api_test`` and Gymnasium's ``check_env``; random agents play whole games
through every Propaganda Round and the saves replay; the mask offers only what the
question takes; the observation vector is the one docs/agents.md documents; rewards are
the 8.8 subtraction at the end.

Needs the ``env`` extra (CI installs ``[dev]``, which brings it); skipped with the reason
only when it is missing. About 10 seconds on an idle machine (5 whole games, the checkers).
"""

from __future__ import annotations

import importlib
import re
import sys
import warnings
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo", reason="the env extra (pettingzoo, gymnasium) is not "
                    "installed: pip install 'andean-abyss-engine[env]'")

import numpy as np  # noqa: E402

from agents import env as E  # noqa: E402
from core.extras import MissingExtra  # noqa: E402
from core.game import (
    Game,  # noqa: E402
    serialize,  # noqa: E402
)
from core.pieces import Faction  # noqa: E402
from core.rules import propaganda as prop  # noqa: E402
from core.rules import victory  # noqa: E402
from decisions.base import MANY, InputError, Option, Question  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def random_game(env: E.AndeanAbyssEnv, seed: int, asked: set[str] | None = None
                ) -> dict[str, float]:
    """Play one game with uniform random agents; the agents' summed rewards. Checks on
    the way that every step keeps the AEC contract this module promises."""
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    totals = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        assert not truncated and reward == 0  # rewards come at the end only
        table = env.table
        assert table is not None and table.to_move is not None
        assert table.to_move.label == agent
        if asked is not None and table.game.state.phase == "propaganda":
            asked.add(table.game.state.step["phase"])
        mask = obs["action_mask"]
        assert mask.any()
        legal = np.flatnonzero(mask)
        if table.question.kind != MANY:  # one answer: exactly the options not refused
            assert set(legal) == set(range(len(table.options))) - table.refused
        env.step(int(legal[rng.integers(len(legal))]))
    return totals


# ======================================================================================
# the API checkers
# ======================================================================================
def test_the_aec_environment_passes_pettingzoo_api_test() -> None:
    from pettingzoo.test import api_test

    api_test(E.AndeanAbyssEnv(), num_cycles=200)


def test_the_government_environment_passes_gymnasium_check_env() -> None:
    from gymnasium.utils.env_checker import check_env

    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a warning of the checker is a failure here...
        warnings.filterwarnings("ignore", message=".*alternative render modes.*")  # ...but
        check_env(E.GovernmentEnv())  # this one: it asks for gymnasium.make's registry


# ======================================================================================
# whole games
# ======================================================================================
@pytest.fixture(scope="module")
def played() -> tuple[E.AndeanAbyssEnv, list[tuple[Game, dict[str, float]]], set[str]]:
    """Three standard games of random agents in every seat (seeds whose games reach the
    final Propaganda Round), played once for the tests below."""
    env = E.AndeanAbyssEnv()
    games, asked = [], set()
    for seed in (5, 7, 9):
        totals = random_game(env, seed, asked)
        assert env.table is not None
        games.append((env.table.game, totals))
    return env, games, asked


def test_random_agents_play_whole_games_through_every_propaganda_round(played) -> None:
    # 2.4.1, 6.0: the game runs to the final Propaganda card's Round, each Round's
    # decisions asked of the seats' agents
    _, games, asked = played
    for game, _ in games:
        state = game.state
        assert state.phase == "over"
        assert state.propaganda_cards == state.final_propaganda == 4
        assert state.step["reason"].startswith("final Propaganda Round complete")
    assert {prop.CIVIC_ACTION, prop.AGITATION, prop.REDEPLOY} <= asked


def test_the_saves_of_environment_games_replay(played, tmp_path) -> None:
    # docs/state-format.md: initial + log replays to the saved state
    _, games, _ = played
    for n, (game, _) in enumerate(games):
        path = tmp_path / f"env{n}.json"
        serialize.save(game, path)
        loaded = serialize.load(path)  # verify=True: the log replays to the state
        assert loaded.state == game.state
        assert Game.replay(game.initial, game.log).state == game.state


def test_rewards_are_the_8_8_subtraction_at_the_end(played) -> None:
    # 8.8: a margin (7.3) minus the highest other margin, for every seat
    _, games, _ = played
    for game, totals in games:
        margins = game.state.victory_margins()
        for faction in Faction:
            best_other = max(m for f, m in margins.items() if f is not faction)
            assert totals[faction.label] == margins[faction] - best_other


def test_the_government_environment_plays_the_solitaire_game(tmp_path) -> None:
    # 8.0: the Government against three section-8 Non-players; the reward is the 8.8 score
    env = E.GovernmentEnv()
    rng = np.random.default_rng(2)
    obs, info = env.reset(seed=2)
    total, steps = 0.0, 0
    while True:
        assert obs.shape == (E.N_FEATURES,) and obs[E._AT["observer"] + Faction.GOVT] == 1
        legal = np.flatnonzero(info["action_mask"])
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
        total += reward
        steps += 1
        if terminated:
            break
        assert reward == 0 and not truncated
    assert env.table is not None
    game = env.table.game
    assert victory.is_solitaire(game.state)
    assert total == info["solo_score"] == victory.solo_score(game.state)
    assert info["solo_level"] == victory.solo_result(game.state)[1]
    serialize.save(game, tmp_path / "gov.json")
    assert serialize.load(tmp_path / "gov.json").state == game.state


# ======================================================================================
# actions and observations
# ======================================================================================
def test_an_action_the_mask_forbids_changes_nothing() -> None:
    env = E.AndeanAbyssEnv()
    env.reset(seed=4)
    agent = env.agent_selection
    before = env.observe(agent)
    forbidden = int(np.flatnonzero(before["action_mask"] == 0)[0])
    env.step(forbidden)
    assert env.agent_selection == agent
    assert "not one the question allows" in env.infos[agent]["refused"]
    after = env.observe(agent)
    assert np.array_equal(after["observation"], before["observation"])
    assert np.array_equal(after["action_mask"], before["action_mask"])


def test_an_answer_the_form_refuses_is_masked_after_it_is_tried_or_before_if_strict(
        monkeypatch) -> None:
    # a form may refuse an answer it listed once it sees where it leads; the forms of the
    # games no longer do (issue 41: benchmarks/env_episodes.py counts it), so a decision
    # here starts with a question whose first answer its form refuses
    real = E.decision_form

    def form(ctx):  # type: ignore[no-untyped-def]
        picked = yield Question.one("Which way?", [Option("nowhere", "nowhere"),
                                                   Option("on", "on")])
        if picked == "nowhere":
            raise InputError("that way leads nowhere")
        return (yield from real(ctx))

    monkeypatch.setattr(E, "decision_form", form)
    lazy = E.Table(list(Faction), seed=13, scenario="quick")
    assert lazy.question.prompt == "Which way?"
    assert list(lazy.mask()[:2]) == [1, 1]
    version, question = lazy.version, lazy.question
    refused = lazy.act(0)
    assert refused == "that way leads nowhere"
    assert lazy.mask()[0] == 0 and lazy.mask()[1] == 1  # masked once tried
    assert lazy.version == version and lazy.question is question  # asked again
    strict = E.Table(list(Faction), seed=13, scenario="quick", strict=True)
    assert strict.question.prompt == "Which way?"
    assert strict.mask()[0] == 0  # the refused answer is never offered
    assert np.array_equal(strict.mask(), lazy.mask())
    assert strict.act(1) is None and strict.question.prompt != "Which way?"


def test_several_options_are_picked_one_at_a_time_then_done() -> None:
    # a question of several options: picks, a picked option is not offered again (no
    # repeat), DONE once the fewest picks are made
    def wanted(q: object) -> bool:
        return q is not None and q.kind == MANY and q.lo == 0 and not q.repeat \
            and q.hi >= 2 and len(q.options) >= 2  # type: ignore[attr-defined]

    for seed in range(20):  # the first game that asks such a question
        table = E.Table(list(Faction), seed=seed, scenario="quick")
        rng = np.random.default_rng(seed)
        while not table.over and not wanted(table.question):
            table.act(int(rng.choice(np.flatnonzero(table.mask()))))
        if not table.over:
            break
    assert wanted(table.question)
    assert table.mask()[E.DONE] == 1  # 0 picks allowed
    assert table.mask()[:len(table.options)].all()
    assert not table.mask()[len(table.options):E.DONE].any()
    question, version = table.question, table.version
    assert table.act(0) is None
    assert table.question is question and table.picks == [0]  # not sent yet: hi >= 2
    assert table.mask()[0] == 0 and table.mask()[1] == 1 and table.mask()[E.DONE] == 1
    assert table.act(E.DONE) is None or table.picks == []  # sent (or refused: pick again)
    assert table.question is not question or table.version > version or table.picks == []


def test_the_vector_holds_what_its_blocks_say() -> None:
    # each block read back from a position some way into a game (docs/agents.md table)
    table = E.Table(list(Faction), seed=7)
    rng = np.random.default_rng(7)
    while table.game.state.propaganda_cards < 1 or table.game.state.phase != "card":
        table.act(int(rng.choice(np.flatnonzero(table.mask()))))
    state = table.game.state
    vec = E.Encoder().encode(table, Faction.AUC)

    def block(name: str) -> list[float]:
        feature = next(f for f in E.FEATURES if f.name == name)
        return list(vec[feature.offset:feature.offset + feature.size])

    assert block("pieces") == state.pieces and block("support") == state.support
    assert block("terror") == state.terror and block("sabotage") == state.sabotage
    assert block("in_play") == [int(state.in_play(s)) for s in range(len(state.support))]
    assert block("available") == [state.available(k) for k in range(12)]
    assert block("resources") == state.resources and block("aid") == [state.aid]
    assert block("current_card").index(1) == state.current_card
    assert block("next_card").index(1) == state.deck[0]
    assert block("propaganda_cards") == [state.propaganda_cards]
    assert block("phase") == [1, 0, 0] and block("observer") == [0, 0, 1, 0]
    assert block("to_move").index(1) == int(table.to_move)
    assert block("margins") == [state.victory_margins()[f] for f in Faction]
    if table.to_move is Faction.AUC:
        assert block("question_size") == [len(table.options)]
    else:
        assert block("question_kind") == [0, 0, 0, 0]


def test_docs_list_every_index_of_the_observation_vector() -> None:
    # docs/agents.md "The research environment": one row per block, its first and last
    # index, in order, covering 0 .. N_FEATURES-1
    text = (ROOT / "docs" / "agents.md").read_text(encoding="utf-8")
    section = text.split("## The research environment", 1)[1]
    vector = section.split("**Option features.**", 1)[0]
    rows = re.findall(r"^\| (\d+)(?:-(\d+))? \| `(\w+)` \|", vector, re.M)
    documented = [(name, int(lo), int(hi or lo)) for lo, hi, name in rows]
    expected = [(f.name, f.offset, f.offset + f.size - 1) for f in E.FEATURES]
    assert documented == expected
    assert f"{E.N_FEATURES} numbers" in section and f"Discrete({E.N_ACTIONS})" in section
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"vector of {E.N_FEATURES:,} numbers" in readme


def test_docs_list_every_column_of_the_option_features() -> None:
    # docs/agents.md "Option features": one row per block of decisions.values
    from decisions.values import FEATURE_BLOCKS, N_OPTION_FEATURES

    text = (ROOT / "docs" / "agents.md").read_text(encoding="utf-8")
    section = text.split("**Option features.**", 1)[1].split("\n\n|", 1)[1]
    rows = re.findall(r"^\| (\d+)(?:-(\d+))? \| `(\w+)` \| (\d+) \|", "|" + section, re.M)
    documented = [(name, int(size)) for _, _, name, size in rows]
    assert documented[:len(FEATURE_BLOCKS)] == [(n, size) for n, size, _ in FEATURE_BLOCKS]
    assert f"int8[129, {N_OPTION_FEATURES}]" in text


def test_a_government_agent_with_one_insurgent_agent_is_refused_in_one_line() -> None:
    # 8.1: that 2-player game would ask the Government agent Insurgent Discord mid-turn,
    # which the environment does not ask
    with pytest.raises(E.EnvError, match="Discord"):
        E.AndeanAbyssEnv(agents=["Government", "FARC"]).reset(seed=1)
    with pytest.raises(E.EnvError, match="no agent"):
        E.AndeanAbyssEnv(agents=[]).reset(seed=1)


def test_an_insurgent_agent_plays_beside_the_government_bot_and_non_players() -> None:
    # no section-8 Government flowchart: the program's Government bot plays it (and, the
    # bot and the agent being the two players, answers Insurgent Discord, 8.1)
    env = E.AndeanAbyssEnv(agents=["FARC"])
    totals = random_game(env, 0)
    assert env.table is not None and env.table.bot is not None
    game = env.table.game
    assert game.state.phase == "over" and game.state.seats == [1, 2, None, None]
    assert {entry["faction"] for entry in game.log} >= {"Government", "FARC", "AUC"}
    assert totals == {"FARC": env.table.rewards()[Faction.FARC]}
    assert Game.replay(game.initial, game.log).state == game.state


def test_without_the_extra_the_import_names_it_in_one_line(monkeypatch) -> None:
    for name in [m for m in sys.modules if m.split(".")[0] in ("pettingzoo", "gymnasium")]:
        monkeypatch.setitem(sys.modules, name, None)
    monkeypatch.setitem(sys.modules, "pettingzoo", None)
    monkeypatch.delitem(sys.modules, "agents.env")
    with pytest.raises(MissingExtra) as missing:
        importlib.import_module("agents.env")
    assert str(missing.value).count("\n") == 0
    assert "pip install 'andean-abyss-engine[env]'" in str(missing.value)


def test_a_command_kept_as_the_form_tried_it_is_what_applying_it_gives(monkeypatch) -> None:
    # Game.keep_trial: an Event (5.1) or Insurgent Operation (3.3, 4.1) the form tried
    # out to the end is kept, not executed again; the state and the log entry must be
    # exactly those of Game.apply of the same command on the same game
    real = E.keep_trial
    kept: dict[str, int] = {}

    def checked(game: Game, command, trial) -> bool:
        applied = game.clone()
        applied.apply(command)
        if not real(game, command, trial):
            return False
        kind = "event" if trial.finished else "operation"
        kept[kind] = kept.get(kind, 0) + 1
        assert game.state == applied.state
        assert game.log[-1] == applied.log[-1]
        return True

    monkeypatch.setattr(E, "keep_trial", checked)
    for seed in range(4):
        table = E.Table(list(Faction), seed=seed, short=True)
        rng = np.random.default_rng(seed)
        while not table.over:
            table.act(int(rng.choice(np.flatnonzero(table.mask()))))
    assert kept.get("event", 0) > 5 and kept.get("operation", 0) > 5, kept


def test_an_option_detail_made_only_when_read_is_the_same_read_at_once_or_at_the_end(
) -> None:
    # the forms offer some details as functions (space_options(..., later=True)), made
    # only when read: a detail read after the game must be the text it was when asked,
    # so each such function reads only what stays as it is (the form's board, values
    # not changed after asking). Two runs of the same games: details read at each
    # question, then read only once the game is over.
    def play(seed: int, at_once: bool) -> list[list[str]]:
        table = E.Table(list(Faction), seed=seed, short=True)
        rng = np.random.default_rng(seed)
        asked, texts = [], []
        while not table.over:
            assert table.question is not None
            options = list(table.question.options)
            if at_once:
                texts.append([o.detail for o in options])
            asked.append(options)
            table.act(int(rng.choice(np.flatnonzero(table.mask()))))
        return texts if at_once else [[o.detail for o in options] for options in asked]

    for seed in range(6):
        assert play(seed, at_once=False) == play(seed, at_once=True)


def test_the_board_vector_made_from_the_previous_one_equals_one_made_afresh() -> None:
    # the Encoder copies the pieces, the Available counts (1.4.1) and the markers
    # (1.6, 3.3.4, 4.2.2) from the previous board when their sources are unchanged:
    # every board it makes must equal encode_board's of the same state
    encoder = E.Encoder()
    boards = 0
    for seed in range(3):
        table = E.Table(list(Faction), seed=seed, short=True)
        rng = np.random.default_rng(seed)
        version = -1
        while not table.over:
            if table.version != version:
                version = table.version
                assert np.array_equal(encoder.board(table), E.encode_board(table.game.state))
                boards += 1
            table.act(int(rng.choice(np.flatnonzero(table.mask()))))
    assert boards > 100


# ======================================================================================
# for a search: copies and positions (issue 42 item 2)
# ======================================================================================
def _play(table: E.Table, rng: np.random.Generator, steps: int) -> list[int]:
    taken = []
    for _ in range(steps):
        if table.over:
            break
        action = int(rng.choice(np.flatnonzero(table.mask())))
        table.act(action)
        taken.append(action)
    return taken


def _in_picks(seed: int) -> E.Table:
    """A quick game of random agents stopped with a pick made at a question of several
    options (the hardest place to copy: the form is mid-question)."""
    table = E.Table(list(Faction), seed=seed, scenario="quick")
    rng = np.random.default_rng(seed)
    while not (table.picks and table.question.kind == MANY):
        _play(table, rng, 1)
    return table


def test_a_clone_plays_on_exactly_as_the_original_and_apart_from_it() -> None:
    # the same actions from a copy give the same game (its dice stream copied too), and
    # acting on the copy leaves the original where it was
    table = _in_picks(3)
    before = (table.version, table.question.prompt, list(table.picks), table.mask().copy())
    copy1, copy2 = table.clone(), table.clone()
    assert (copy1.question.prompt, copy1.picks) == (table.question.prompt, table.picks)
    assert np.array_equal(copy1.mask(), table.mask())
    _play(copy1, np.random.default_rng(9), 400)
    assert (table.version, table.question.prompt, list(table.picks)) == before[:3]
    assert np.array_equal(table.mask(), before[3])
    _play(copy2, np.random.default_rng(9), 400)
    assert copy1.game.log == copy2.game.log and copy1.game.state == copy2.game.state


def test_a_table_state_is_json_and_restores_the_same_question() -> None:
    import json

    table = _in_picks(4)
    data = json.loads(json.dumps(table.state()))
    again = E.Table.from_state(data)
    assert again.question.prompt == table.question.prompt and again.picks == table.picks
    assert np.array_equal(again.mask(), table.mask())
    assert np.array_equal(E.Encoder().encode(again, again.to_move),
                          E.Encoder().encode(table, table.to_move))
    _play(again, np.random.default_rng(1), 300)
    _play(table, np.random.default_rng(1), 300)
    assert again.game.state == table.game.state
    with pytest.raises(E.EnvError, match="not a table state"):
        E.Table.from_state({"format": "x"})


def test_the_environments_copy_and_pettingzoo_state_is_the_board() -> None:
    import copy

    env = E.AndeanAbyssEnv(scenario="quick")
    env.reset(seed=2)
    twin = copy.deepcopy(env)
    assert twin.table is not env.table and twin.agent_selection == env.agent_selection
    assert np.array_equal(env.state(), E.encode_board(env.table.game.state))
    assert env.state_space.contains(env.state())
    gov = E.GovernmentEnv(scenario="quick")
    obs, _ = gov.reset(seed=2)
    other = gov.clone()
    assert np.array_equal(other._observe(), obs) and other.table is not gov.table


# ======================================================================================
# conventions (issue 42 item 4)
# ======================================================================================
def test_gymnasium_make_ids_and_pettingzoo_entry_points() -> None:
    import gymnasium
    from pettingzoo.test import api_test

    quick = gymnasium.make("agents.env:AndeanAbyss/GovernmentQuick-v0")
    obs, info = quick.reset(seed=1)
    assert quick.unwrapped.scenario == "quick" and obs.shape == (E.N_FEATURES,)
    assert info["action_mask"].any()
    assert gymnasium.make("AndeanAbyss/Government-v0").unwrapped.scenario == "standard"
    assert set(E.GYM_IDS) <= set(gymnasium.registry)
    assert isinstance(E.raw_env(scenario="quick"), E.AndeanAbyssEnv)
    wrapped = E.env(scenario="quick")
    api_test(wrapped, num_cycles=30)
    assert isinstance(wrapped.unwrapped, E.AndeanAbyssEnv)


def test_render_ansi_shows_the_card_the_margins_and_the_question() -> None:
    env = E.GovernmentEnv(scenario="quick", render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert text.startswith("card ") and "margins" in text
    assert env.table.question.prompt in text
    assert E.GovernmentEnv().render() is None  # no render_mode: nothing


# ======================================================================================
# a Markov observation (issue 42 item 1)
# ======================================================================================
def test_two_different_questions_never_give_the_same_observation() -> None:
    # what an agent is given (the vector, the mask, the options' feature vectors) must
    # tell apart any two questions that differ in their words or their options' values:
    # else action i could mean two things at one observation. Random agents, quick games
    # of both views; every question asked is keyed by its observation.
    seen: dict[bytes, tuple[object, ...]] = {}
    asked = 0
    for seed in range(6):
        table = E.Table([Faction.GOVT] if seed % 2 else list(Faction), seed=seed,
                        scenario="quick")
        encoder = E.Encoder()
        rng = np.random.default_rng(seed)
        while not table.over:
            question = table.question
            key = (encoder.encode(table, table.to_move).tobytes()
                   + table.mask().tobytes() + table.option_features().tobytes())
            what = (question.prompt, question.kind, question.lo, question.hi,
                    tuple(repr(o.value) for o in table.options), tuple(table.picks))
            assert seen.setdefault(key, what) == what, (seen[key], what)
            asked += 1
            table.act(int(rng.choice(np.flatnonzero(table.mask()))))
    assert asked > 1000


def test_the_question_id_and_the_decision_so_far_are_in_the_vector() -> None:
    # the case: at "what do you do?" and at "Special Activity (4.1)?" action 2
    # meant "Operation" and "Air Strike" with the same vector
    table = E.Table([Faction.GOVT], seed=1)
    rng = np.random.default_rng(0)
    at = {f.name: f.offset for f in E.FEATURES}
    ids: dict[str, int] = {}
    while not table.over and len(ids) < 30:
        vec = E.Encoder().encode(table, Faction.GOVT)
        assert vec[at["question_id"]] == table.question_id > 0
        assert vec[at["decision_depth"]] == len(table.answered)
        ids.setdefault(table.question.prompt, table.question_id)
        table.act(int(rng.choice(np.flatnonzero(table.mask()))))
    def words(prompt: str) -> str:  # the prompt without card and space names, numbers
        return E._DIGITS.sub("#", E._SPACE_NAMES.sub("<space>", E._CARD_NAMES.sub(
            "<card>", prompt)))

    by_id: dict[int, set[str]] = {}
    for prompt, qid in ids.items():
        by_id.setdefault(qid, set()).add(words(prompt))
    assert all(len(w) == 1 for w in by_id.values()), by_id  # one question, one id
    assert len(by_id) > 10


def test_option_features_name_the_values_the_protocol_types() -> None:
    # each option's type, as the protocol sends it, is the one its feature row marks
    from agents.protocol import question_message
    from decisions.values import FEATURE_BLOCKS, TYPES

    type_at = sum(size for name, size, _ in FEATURE_BLOCKS[:1])
    table = E.Table(list(Faction), seed=2, scenario="quick")
    rng = np.random.default_rng(2)
    kinds: set[str] = set()
    for _ in range(400):
        if table.over:
            break
        message = question_message(table.question, qid=1, decision=1, first=True,
                                   faction=table.to_move, state=table.game.state)
        rows = table.option_features()
        for option in message["options"]:
            row = rows[option["id"]]
            assert row[0] == 1 and TYPES[int(np.argmax(row[type_at:type_at + len(TYPES)]))
                                         ] == option["type"]
            kinds.add(option["type"])
        table.act(int(rng.choice(np.flatnonzero(table.mask()))))
    assert {"space", "name", "number", "yes/no"} <= kinds, kinds


def test_the_environment_words_its_question_as_the_protocol_does() -> None:
    # one decision model: Table.asked() is the protocol's question without the message
    # fields (id, decision, first, faction, observation), its option ids the actions
    from agents.protocol import check, question_message

    table = E.Table(list(Faction), seed=4, scenario="quick")
    rng = np.random.default_rng(4)
    for _ in range(60):
        words = table.asked()
        message = question_message(table.question, qid=1, decision=1, first=True,
                                   faction=table.to_move, state=table.game.state)
        check(message)
        assert {k: message[k] for k in words} == words
        assert [o["id"] for o in words["options"]] == list(range(len(table.options)))
        table.act(int(rng.choice(np.flatnonzero(table.mask()))))


def test_option_features_do_not_depend_on_what_was_seen_before() -> None:
    # equal values of other types are other options: a Piece and a whole number, a
    # Faction and a space id, True and 1 (docs/agents.md "Option features"); the
    # remembered rows once gave each the row of whichever the process met first
    from core.pieces import Piece
    from decisions.values import _row, feature_row

    # (labels that name no piece kind or Faction: an int an Event labels "Police" or
    # "FARC" is that piece kind or Faction, issue 42 trial F3)
    pairs = [("one", Piece.POLICE, 1, "x"), ("many", Faction.FARC, 1, "x"),
             ("one", True, 1, "Yes"), ("one", (Piece.TROOPS, 2), (0, 2), "x")]
    for kind, first, second, label in pairs:
        for a, b in ((first, second), (second, first)):
            assert feature_row(kind, a, label) == _row(kind, a, label)
            assert feature_row(kind, b, label) == _row(kind, b, label)
        assert _row(kind, first, label) != _row(kind, second, label), (first, second)


def test_the_vector_shows_which_options_are_picked_so_far() -> None:
    # a question of several options (e.g. 3.2.3 Sweep "select Cities or Departments"):
    # picking option 0 or option 1 first must give different vectors (the decision being
    # built), not only different masks; the `picked` block counts each action's picks
    at = {f.name: f for f in E.FEATURES}
    picked = at["picked"]
    assert picked.size == E.MAX_OPTIONS and picked.offset + picked.size == E.N_FEATURES
    for seed in range(20):  # the first quick game of random agents asking one
        table = E.Table([Faction.GOVT], seed=seed, scenario="quick")
        rng = np.random.default_rng(seed)
        while not table.over and not (
                table.question.kind == MANY and not table.picks and table.question.hi >= 2
                and table.mask()[0] and table.mask()[1]):
            _play(table, rng, 1)
        if not table.over:
            break
    first, second = table.clone(), table.clone()
    assert first.act(0) is None and second.act(1) is None
    assert first.picks == [0] and second.picks == [1]  # still the same question
    one = E.Encoder().encode(first, Faction.GOVT)
    two = E.Encoder().encode(second, Faction.GOVT)
    block = slice(picked.offset, picked.offset + picked.size)
    assert one[block][0] == 1 and one[block].sum() == 1
    assert two[block][1] == 1 and two[block].sum() == 1
    assert not np.array_equal(one, two)
    assert E.Encoder().encode(table, Faction.GOVT)[block].sum() == 0  # none picked yet


# ======================================================================================
# an environment started from a position (issue 42 item 2)
# ======================================================================================
def test_reset_starts_from_a_table_state_or_a_game() -> None:
    import json

    from core.game.serialize import game_from_json, game_to_json

    env = E.GovernmentEnv(scenario="quick")
    obs, info = env.reset(seed=3)
    rng = np.random.default_rng(3)
    for _ in range(40):  # into the game, with a decision under way perhaps
        obs, *_, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
    saved = json.loads(json.dumps(env.table.state()))
    other = E.GovernmentEnv(scenario="quick")
    again, again_info = other.reset(options={"state": saved})
    assert np.array_equal(again, obs)
    assert np.array_equal(again_info["action_mask"], info["action_mask"])
    assert again_info["question"].prompt == info["question"].prompt
    # a game (a save read: the game's JSON) at the start of a decision
    fresh = E.GovernmentEnv(scenario="quick")
    start, _ = fresh.reset(seed=3)
    game = game_from_json(json.loads(json.dumps(game_to_json(fresh.table.game))))
    loaded, _ = E.GovernmentEnv().reset(options={"game": game})
    assert np.array_equal(loaded, start)
    # the AEC environment too, its seats those of the state
    aec = E.AndeanAbyssEnv(scenario="quick")
    aec.reset(seed=4)
    state = aec.table.state()
    twin = E.AndeanAbyssEnv()
    twin.reset(options={"state": state})
    assert np.array_equal(twin.observe(twin.agent_selection)["observation"],
                          aec.observe(aec.agent_selection)["observation"])
    with pytest.raises(E.EnvError, match="seats"):
        E.GovernmentEnv().reset(options={"state": state})  # four agents: not this one's
    with pytest.raises(E.EnvError, match="not a core.game.Game"):
        E.GovernmentEnv().reset(options={"game": "game.json"})


def test_the_government_environment_declares_its_render_fps() -> None:
    # Gymnasium's check_env warns of a missing render_fps: the test above turns every
    # warning it gives into a failure, this one names the cause
    assert E.GovernmentEnv.metadata.get("render_fps")


# ======================================================================================
# the question's blocks and option rows as kept per question (issue 42 item 5)
# ======================================================================================
def test_the_question_blocks_kept_by_the_table_are_write_questions() -> None:
    # the environment keeps each question's blocks as it asks and is answered (picks,
    # refused combinations, new decisions) instead of writing them per observation: they
    # must be what write_decision and write_question (the OpenSpiel encoder's) write, for
    # the agent asked, and 0s for the others; the option rows those of option_rows, the
    # agent's own copy writeable and apart from the table's
    at = E._AT["subject"]
    for seed, scenario in ((5, "quick"), (6, "standard")):
        table = E.Table(list(Faction), seed=seed, scenario=scenario)
        rng = np.random.default_rng(seed)
        encoder = E.Encoder()
        chosen = np.zeros(E.CHOSEN_SIZE, np.float32)  # note_chosen's sums, kept apart
        for _ in range(700):
            if table.over:
                break
            want = np.zeros(E.N_FEATURES, np.float32)
            E.write_question(want, table.question, len(table.options), table.picks,
                             table.question_id, len(table.answered), table.history())
            E.write_decision(want, table.question.prompt, chosen)
            assert np.array_equal(table.chosen, chosen)
            for faction in Faction:
                vec = encoder.encode(table, faction)
                expected = want[at:] if faction is table.to_move else 0
                assert np.array_equal(vec[at:], np.broadcast_to(expected, vec[at:].shape))
                assert vec.flags.writeable and vec[E._OBSERVER_AT + faction] == 1
            rows = table.option_features()
            assert not rows.flags.writeable
            assert np.array_equal(rows, E.option_rows(table.question.kind, table.options))
            own = table.own_option_features()
            assert np.array_equal(own, rows) and own.flags.writeable
            own[0, 0] = 99
            assert table.option_features()[0, 0] != 99
            legal = np.flatnonzero(table.mask())
            # now and then an action refused, and a clone acted on apart
            if rng.random() < 0.05:
                other = table.clone()
                other.act(int(legal[0]))
                assert np.array_equal(encoder.encode(table, table.to_move)[at:], want[at:])
            question, options, before = table.question, list(table.options), len(table.answered)
            table.act(int(rng.choice(legal)) if rng.random() > 0.03 else E.N_ACTIONS - 2)
            if len(table.answered) == before + 1:  # an answer taken in the same decision
                last = table.answered[-1]
                E.note_chosen(chosen, question, options,
                              [last] if isinstance(last, int) else last[0])
            elif len(table.answered) != before:  # a new decision
                chosen[:] = 0


def test_question_words_leave_out_the_longest_space_name_and_digit_runs() -> None:
    # question_id hashes the prompt with each space's name (the longest that fits where
    # one starts) and each run of digits left out (docs/agents.md, question_id): the
    # name tree and the digit runs by string methods give what the plain alternation
    # of the names longest first and \d+ give, on names next to names, names cut short,
    # digits of other scripts (\d takes them) and a NUL in the text
    import itertools
    import re

    from core.map import MAP

    names = sorted({n for s in MAP.spaces for n in (s.full_name, s.name)}, key=len,
                   reverse=True)
    alternation = re.compile("|".join(re.escape(n) for n in names))

    from core.cards import CARDS

    cards = re.compile("|".join(re.escape(f"#{n} {c.title}") for n, c in sorted(
        CARDS.items(), key=lambda nc: -len(f"{nc[0]} {nc[1].title}"))))

    def plain(prompt: str) -> str:
        return re.sub(r"\d+", "#", alternation.sub("<space>", cards.sub("<card>", prompt)))

    texts = [a + sep + b for a, b in itertools.product(names, repeat=2)
             for sep in ("", " ", "12", "-")]
    texts += [n[:-1] for n in names] + [n + "x" for n in names]
    texts += ["#1 1st Division: #10 Blackhawks", "#12 Plan Colombia", "#1 Cali"]
    texts += ["Resources 30", "#53 Criminal Air Force (12)", "a\u0663b 4\u0665", "x\0 7",
              "Redeploy: 1 Police from Ibagué-Medellín LoC go to?", "99 Cali-Pasto LoCs"]
    for text in texts:
        assert E._words(text) == plain(text), text
