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


def test_the_policy_reads_what_each_option_means(learner: ModuleType) -> None:
    # action i means option i of the question asked: the features name the question
    # (without its card and numbers) and the option, so an option keeps its weight
    # wherever it is listed
    words = learner.question_words(
        "Government, 2nd Eligible on #39 Soldados Campesinos: what do you do?")
    assert words == "what do you do?"
    assert learner.question_words("Train: how many Troops? (Resources 30)") == \
        "how many troops?"
    same = learner.option_features(words, "Event (unshaded)")
    assert same == learner.option_features(words, "Event (unshaded)")
    assert same != learner.option_features(words, "Event (shaded)")


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
