"""The observation says which question is asked and what the decision being built holds
(issue 42 item 1, a researcher's trial): action i means option i of the question asked,
so two different questions must never give the same observation (vector, mask and option
features), else one action means two things at one observation. The old vector left the
spaces out of ``question_id`` and kept a question of several options' answer only as its
number of picks: "Neiva: how many Troops to place?" and "Bucaramanga: ..." (and Rally,
Bribe, Attack, Event #5 "in X") gave the same observation when reached from one position.

Needs the ``env`` extra; the OpenSpiel case the ``openspiel`` extra.
"""

from __future__ import annotations

import json

import pytest

pytest.importorskip("pettingzoo", reason="the env extra (pettingzoo, gymnasium) is not "
                    "installed: pip install 'andean-abyss-engine[env]'")

import numpy as np  # noqa: E402

from agents import env as E  # noqa: E402

DEPTH = E._AT["decision_depth"]


def _asked(table: E.Table) -> tuple[str, str]:
    words = table.asked()
    assert words is not None
    return words["prompt"], json.dumps([o["value"] for o in words["options"]], default=str)


def test_the_space_a_question_is_about_is_in_the_observation() -> None:
    # the researcher's reproduction: quick seed 500, Limited Operation (2.3.5), Train
    # (3.2.1), then Neiva (action 8) or Bucaramanga (action 3): the next question is
    # "<space>: how many Troops to place?", the same numbers to choose from; the two
    # observations differ in the subject block (and the decision's choices so far)
    seen = {}
    for last in (8, 3):
        env = E.GovernmentEnv(scenario="quick")
        obs, info = env.reset(seed=500)
        for action in (2, 0, last):
            obs, _, _, _, info = env.step(action)
            assert "refused" not in info
        assert env.table is not None
        prompt = env.table.question.prompt  # type: ignore[union-attr]
        seen[prompt] = (obs, info["action_mask"], info["option_features"])
        subject = obs[E._AT["subject"]:E._AT["subject"] + len(E.MAP.spaces)]
        assert list(np.flatnonzero(subject)) == sorted(E.subject_of(prompt))
    (p1, (o1, m1, f1)), (p2, (o2, m2, f2)) = seen.items()
    assert p1 != p2 and "how many Troops to place?" in p1, (p1, p2)
    assert not (np.array_equal(o1, o2) and np.array_equal(m1, m2)
                and np.array_equal(f1, f2)), "two questions, one observation"


def test_no_two_questions_share_an_observation_branching_from_clones() -> None:
    # the researcher's scan (its scratch s24_aec_deep.py), smaller: quick seeds 700-702,
    # every agent seated, at each of the first 40 decision starts of a random game 8
    # clones each play the decision on at random; no observation (vector, mask, option
    # features) may be met with two different questions (prompt, option values). The old
    # vector gave 2 here (Bribe in Cali / in Bogota, two LoCs: the same numbers)
    rng = np.random.default_rng(2)
    starts = 0
    for seed in (700, 701, 702):
        env = E.raw_env(scenario="quick")
        env.reset(seed=seed)
        n = 0
        for _agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            if obs["observation"][DEPTH] == 0 and n < 40:
                n += 1
                starts += 1
                seen: dict[bytes, tuple[str, str]] = {}
                for _roll in range(8):
                    clone = env.clone()
                    who = clone.agent_selection
                    while True:
                        seen_now = clone.observe(who)
                        key = (seen_now["observation"].tobytes()
                               + seen_now["action_mask"].tobytes()
                               + seen_now["option_features"].tobytes())
                        assert clone.table is not None
                        what = _asked(clone.table)
                        assert seen.setdefault(key, what) == what, (seen[key], what)
                        clone.step(int(rng.choice(np.flatnonzero(seen_now["action_mask"]))))
                        if clone.agent_selection != who or clone.terminations.get(who) \
                                or clone.observe(who)["observation"][DEPTH] == 0:
                            break
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert starts == 120


def test_the_decision_so_far_is_in_the_observation() -> None:
    # the chosen blocks: the options taken in this decision (their feature rows summed)
    # and the numbers answered by space; 0s at a decision's first question, and equal
    # to the sum of the rows of what was taken
    env = E.GovernmentEnv(scenario="quick")
    obs, info = env.reset(seed=500)
    chosen = slice(E._AT["chosen"], E._AT["chosen"] + E.CHOSEN_SIZE)
    assert not obs[chosen].any()
    total = np.zeros(E.N_OPTION_FEATURES)
    for action in (2, 0, 8):
        total += info["option_features"][action]
        obs, _, _, _, info = env.step(action)
    assert np.array_equal(obs[chosen][:E.N_OPTION_FEATURES], total)
    neiva = E.subject_of(env.table.question.prompt)[0]  # type: ignore[union-attr]
    assert obs[E._AT["chosen"] + E.N_OPTION_FEATURES + neiva] == 0
    options = info["option_features"]
    number = next(i for i in range(E.MAX_OPTIONS)
                  if options[i][0] and options[i][E._NUMBER_COL] > 0)
    obs, _, _, _, info = env.step(number)
    if env.table is not None and env.table.decisions == 0:  # still the same decision
        assert obs[E._AT["chosen"] + E.N_OPTION_FEATURES + neiva] == options[number][E._NUMBER_COL]


def test_openspiel_tensors_tell_the_two_questions_apart() -> None:
    # the same on the OpenSpiel game (its tensors are the environment's vector): quick
    # seed 1, paths [2, 0, 18] and [2, 0, 1] reach "<space>: how many ..." questions of
    # one tensor before
    pyspiel = pytest.importorskip("pyspiel")
    from agents import openspiel_game as og

    game = pyspiel.load_game(og.SHORT_NAME, {"scenario": "quick", "seats": "Government",
                                             "seed": 1})
    seen = {}
    for last in (18, 1):
        state = game.new_initial_state()
        for action in (2, 0, last):
            assert not state.is_chance_node() and action in state.legal_actions()
            state.apply_action(action)
        if state.is_chance_node():
            pytest.fail("a chance node after three answers")
        seen[state.question.prompt] = np.asarray(state.observation_tensor(0)).tobytes()
    assert len(seen) == 2 and len(set(seen.values())) == 2, list(seen)
