"""Small fixes to the research environment from a researcher's trial (issue 42 item 5):
a malformed or unknown table state is refused in one line, an environment pickles, and
GovernmentEnv has the ``action_masks()`` sb3-contrib's MaskablePPO reads.

Needs the ``env`` extra."""

from __future__ import annotations

import pickle

import pytest

pytest.importorskip("pettingzoo", reason="the env extra (pettingzoo, gymnasium) is not "
                    "installed: pip install 'andean-abyss-engine[env]'")

import numpy as np  # noqa: E402

from agents import env as E  # noqa: E402


def _at_a_question() -> E.GovernmentEnv:
    env = E.GovernmentEnv(scenario="quick")
    env.reset(seed=500)
    for action in (2, 0, 8):  # Limited Operation, Train, Neiva (2.3.5, 3.2.1)
        env.step(action)
    return env


@pytest.mark.parametrize("change", [{"answered": ["x"]}, {"answered": [True]},
                                    {"answered": [{"picks": "ab", "done": True}]},
                                    {"picks": [1.5]}, {"version": 99}, {"version": "1"},
                                    {"agents": ["Rebels"]}])
def test_a_malformed_or_unknown_table_state_is_one_envError(change: dict) -> None:
    # the raw TypeError of "answered": ["x"], and a version 99 read as if it were 1
    env = _at_a_question()
    assert env.table is not None
    state = {**env.table.state(), **change}
    with pytest.raises(E.EnvError) as caught:
        env.reset(options={"state": state})
    assert "\n" not in str(caught.value)


def test_an_environment_pickles_at_a_question() -> None:
    # the running form (a generator) could not be pickled; a table pickles as its
    # state(), loaded by from_state(): the same observation, mask and question
    env = _at_a_question()
    obs, info = env._observe(), env._info()
    loaded = pickle.loads(pickle.dumps(env))
    assert np.array_equal(loaded._observe(), obs)
    assert np.array_equal(loaded._info()["action_mask"], info["action_mask"])
    assert loaded.table.question.prompt == env.table.question.prompt  # type: ignore
    aec = E.raw_env(scenario="quick")
    aec.reset(seed=3)
    aec.step(0)
    again = pickle.loads(pickle.dumps(aec))
    who = aec.agent_selection
    assert again.agent_selection == who
    assert np.array_equal(again.observe(who)["observation"], aec.observe(who)["observation"])


def test_action_masks_is_the_mask_as_booleans() -> None:
    env = _at_a_question()
    masks = env.action_masks()
    assert masks.dtype == bool and masks.shape == (E.N_ACTIONS,)
    assert np.array_equal(masks, env._info()["action_mask"].astype(bool))


def test_a_finished_game_is_refused_as_a_start_in_one_line() -> None:
    # issue 42 trial F8: reset(options={"game": a finished save}) returned the end's
    # info with no terminated flag (reset returns none), and the next step() raised;
    # now the reset says why in one line, for both environments and both options
    env = E.GovernmentEnv(scenario="quick")
    _, info = env.reset(seed=7)
    rng = np.random.default_rng(7)
    done = False
    while not done:
        _, _, done, _, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
    assert env.table is not None and env.table.over
    finished, state = env.table.game, env.table.state()
    for options in ({"game": finished}, {"state": state}):
        with pytest.raises(E.EnvError, match="the game is over"):
            E.GovernmentEnv(scenario="quick").reset(options=options)
    with pytest.raises(E.EnvError, match="the game is over"):
        E.AndeanAbyssEnv(agents=["Government"], scenario="quick").reset(
            options={"game": finished})
