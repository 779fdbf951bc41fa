"""The research environment never breaks (issue 41 item 3): whole episodes of both views
(the PettingZoo game of four agents, the Gymnasium Government) with random and
first-legal agents: every masked action is taken, every episode makes progress and ends,
no EnvError; the two reproductions of the issue as regression tests; actions that are no
integers refused; the end's info carries an all-zero mask; a step after the end raises.

A few hundred quick-scenario episodes here (about a minute of one core, fine under
pytest-xdist); ``benchmarks/env_episodes.py`` plays thousands and reports.
"""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo", reason="the env extra (pettingzoo, gymnasium) is not "
                    "installed: pip install 'andean-abyss-engine[env]'")

import numpy as np  # noqa: E402

from agents import env as E  # noqa: E402
from benchmarks.env_episodes import episode  # noqa: E402
from core.pieces import Faction  # noqa: E402
from decisions.base import Option, Question  # noqa: E402

#: quick-scenario episodes per view and agent in the property test below
EPISODES = 75


@pytest.mark.parametrize("view", ["government", "all"])
@pytest.mark.parametrize("policy", ["random", "first"])
def test_every_episode_takes_every_masked_action_and_ends(view: str, policy: str) -> None:
    # 2.4.1: a game ends after the final Propaganda Round (or a victory check, 6.1); an
    # agent answering only from the mask must get there: each action it takes is one the
    # question allows, and the game moves on (no question asked again and again)
    for seed in range(EPISODES):
        result = episode(view, policy, seed, scenario="quick")
        assert result.error is None, (view, policy, seed, result.error)
        assert result.over and result.actions > 0
        assert result.refusals == [], (view, policy, seed)  # every masked action taken


def test_an_eradicate_before_an_assault_never_leaves_the_assault_nothing_to_do() -> None:
    # 4.1, 4.2.3, 3.2.4: reset(seed=133), actions drawn by numpy's default_rng(133)
    # over the mask: the 74th chose Eradicate before Assault in the Department holding
    # the only Cartels Base the Assault could reach, then every Department to shift was
    # refused ("no Assault is possible"): EnvError. The form now offers "before" and
    # each Eradicate only if the Operation stays possible after it.
    env = E.GovernmentEnv()
    _, info = env.reset(seed=133)
    rng = np.random.default_rng(133)
    terminated, steps = False, 0
    while not terminated:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _, _, terminated, _, info = env.step(action)
        assert "refused" not in info, info["refused"]
        steps += 1
    assert steps > 74


def test_seventh_special_forces_never_offers_a_pick_it_then_refuses() -> None:
    # 5.3, card 7 unshaded (6.2): quick game 1 of a Government taking the first action the
    # mask allows; the 7th Special Forces question offered a space again for a marker it
    # did not have, the form refused the picks, the agent picked the same again forever
    result = episode("government", "first", 1, scenario="quick")
    assert result.error is None and result.over
    assert "7th Special Forces" in " ".join(result.prompts)


def test_a_general_offensive_sweep_never_offers_a_faction_senado_shields() -> None:
    # card 19 unshaded with card 42 shaded in effect (5.4): "Activate which Factions?"
    # offered the AUC that Senado & Cámara shields, the Sweep then refused it, and a
    # first-legal agent picked it again forever (quick game 117)
    result = episode("government", "first", 117, scenario="quick")
    assert result.error is None and result.over
    assert any(p.startswith("#19 General Offensive") for p in result.prompts)


@pytest.mark.parametrize("action", [1.5, "0", True, np.float64(0.0), None])
def test_an_action_that_is_not_an_integer_is_refused_and_changes_nothing(action) -> None:
    env = E.GovernmentEnv()
    obs, info = env.reset(seed=5)
    after, reward, terminated, truncated, refused = env.step(action)
    assert "not an integer" in refused["refused"]
    assert np.array_equal(after, obs) and reward == 0 and not terminated
    assert np.array_equal(refused["action_mask"], info["action_mask"])
    aec = E.AndeanAbyssEnv()
    aec.reset(seed=5)
    agent = aec.agent_selection
    before = aec.observe(agent)
    aec.step(action)
    assert aec.agent_selection == agent and aec.infos[agent]["refused"]
    assert np.array_equal(aec.observe(agent)["observation"], before["observation"])


def test_numpy_integers_are_actions() -> None:
    # what a Discrete space's sample() and numpy's choices give
    env = E.GovernmentEnv()
    _, info = env.reset(seed=5)
    action = np.flatnonzero(info["action_mask"])[0]  # an np.int64
    _, _, _, _, info = env.step(action)
    assert "refused" not in info


def test_the_end_info_has_an_all_zero_mask_and_a_step_after_the_end_raises() -> None:
    env = E.GovernmentEnv()
    _, info = env.reset(seed=3, options=None)
    rng = np.random.default_rng(3)
    terminated = False
    while not terminated:
        _, _, terminated, _, info = env.step(int(rng.choice(np.flatnonzero(
            info["action_mask"]))))
    mask = info["action_mask"]
    assert mask.shape == (E.N_ACTIONS,) and mask.dtype == np.int8 and not mask.any()
    with pytest.raises(E.EnvError, match="after the game ended"):
        env.step(0)
    aec = E.AndeanAbyssEnv(scenario="quick")
    aec.reset(seed=3)
    for _agent in aec.agent_iter():
        _, _, term, trunc, info = aec.last()
        if term or trunc:
            assert not info["action_mask"].any()
            aec.step(None)
        else:
            aec.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
    with pytest.raises(E.EnvError, match="after the game ended"):
        aec.step(0)


def test_a_refused_combination_is_never_offered_again() -> None:
    # a question of several options whose combination the form refuses: the mask rules
    # that combination out, so an agent taking the first action allowed moves on
    table = E.Table([Faction.GOVT], scenario="quick", seed=0)
    table.question = Question.many("pick", [Option(i, str(i)) for i in range(3)], 1, 2)
    table.options = list(table.question.options)
    table.picks, table.refused_picks, table._mask = [0], set(), None
    table.refused_picks.add((0, 1))
    mask = table.mask()
    assert mask[0] == 0 and mask[1] == 0 and mask[2] == 1 and mask[E.DONE] == 1
    table.refused_picks.add((0,))
    table._mask = None
    assert table.mask()[E.DONE] == 0
