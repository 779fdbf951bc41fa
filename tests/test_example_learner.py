"""examples/train_government.py, the learner a newcomer reads (issue 42 item 6), run in
a tiny version: a few games of training, a few held-out seeds compared."""

from __future__ import annotations

import importlib.util
import math
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

pytest.importorskip("pettingzoo")  # the env extra

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def learner() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "train_government", ROOT / "examples" / "train_government.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_the_tiny_loop_trains_and_compares_on_held_out_seeds(learner: ModuleType) -> None:
    # 8.8: the policy changes with training, and both Governments play the same seeds
    said: list[str] = []
    policy = learner.train(0, episodes=3, say=said.append)
    assert said[-1].startswith("trained on 3 games")
    assert np.count_nonzero(policy.w) > 0
    result = learner.evaluate(policy, 2, first_seed=0)
    assert result["n"] == 2 and result["low"] <= result["mean"] <= result["high"]
    assert result["better"] + result["worse"] <= 2
    assert "held-out seeds" in learner.report(result)


def test_the_policy_reads_only_the_documented_vectors(learner: ModuleType) -> None:
    # issue 42 trial F7: the example scored hashed prompt words x option labels from
    # info and read only margins from the vector; it now scores each allowed option from
    # its option_features row crossed with the observation's question_id and kind, so an
    # info holding only the mask and the rows is enough
    from agents.env import GovernmentEnv

    env = GovernmentEnv(scenario="quick")
    obs, info = env.reset(seed=3)
    bare = {"action_mask": info["action_mask"], "option_features": info["option_features"]}
    feats = learner.features(obs, bare)
    assert set(feats) == {int(a) for a in np.flatnonzero(info["action_mask"])}
    assert len({tuple(f) for f in feats.values()}) == len(feats)  # options told apart
    # the row's own features are shared by every question, the crossed ones are not
    question = learner.question_of(obs)
    row = info["option_features"][0]
    here, there = (learner.option_features(q, row) for q in (question, question + 4))
    half = len(here) // 2
    assert here[:half] == there[:half] and here[half:] != there[half:]
    policy = learner.Policy()
    action, _, p = policy.act(obs, bare, np.random.default_rng(0))
    assert info["action_mask"][action] and p.sum() == pytest.approx(1.0)


def test_the_paired_interval_is_student_t(learner: ModuleType) -> None:
    result = learner.paired([3.0, 1.0, 2.0], [0.0, 0.0, 0.0])
    half = 4.303 * 1.0 / math.sqrt(3)  # t(0.975, 2 df) * sd / sqrt(n)
    assert result["mean"] == 2.0 and result["better"] == 3
    assert (result["low"], result["high"]) == pytest.approx((2.0 - half, 2.0 + half))


def test_games_and_seed_fix_the_whole_result(learner: ModuleType, monkeypatch,
                                             capsys) -> None:
    # training for a time depends on the machine's speed; --games N trains on N games,
    # so two runs with the same --seed print the same comparison
    def run() -> list[str]:
        monkeypatch.setattr(sys, "argv", ["train_government.py", "--games", "2",
                                          "--eval", "2", "--seed", "7"])
        assert learner.main() == 0
        lines = capsys.readouterr().out.splitlines()
        assert lines[0].startswith("trained on 2 games")
        return lines[1:]  # (the first says how long training took)

    first = run()
    assert first and first == run()
    monkeypatch.setattr(sys, "argv", ["train_government.py", "--help"])
    with pytest.raises(SystemExit):
        learner.main()
    assert "standard" in capsys.readouterr().out  # the environment's own default named


def test_the_random_arm_plays_the_same_games_whatever_the_policy(learner: ModuleType) -> None:
    # the random Government drew from the policy's stream, so its baseline moved with
    # whatever the policy drew (the docs' +9.02 became +4.25 in a researcher's run): each
    # arm now draws from a stream of its own, fixed by the seed
    untrained = learner.Policy()
    other = learner.Policy()
    other.w = np.random.default_rng(5).normal(0, 3, other.w.shape)
    one = learner.evaluate(untrained, 3, first_seed=20)
    two = learner.evaluate(other, 3, first_seed=20)
    assert one["random"] == two["random"]
    assert learner.evaluate(untrained, 3, first_seed=20) == one  # the learned arm too
