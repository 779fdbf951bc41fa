"""Hidden information by construction (issue 41, "What to build" 2): a game whose seed
no user chose draws it from the whole seed range by the operating system's secret
source, so the deck and the dice cannot be found from the cards played; the seed is
recorded (the save's ``rng_seed``, ``games.csv``), so the game still replays.

The attack of the issue: an agent that imports the engine matched the cards played so
far against ``Game.new(seed=k)`` for k < 1000 and printed the next hidden cards (a
default batch played seeds 0, 1, 2...); other commands drew 31-bit seeds, found by a
numpy search in minutes."""

from __future__ import annotations

import csv
import json
import secrets
from pathlib import Path
from typing import Any

import pytest

from core.dice import MAX_SEED
from core.game import serialize
from core.setup import new_state
from runners.games import game_seeds
from tui.commands.main import main

#: how many seeds the search tries (the issue's agent: k < 1000)
SEARCHED = 1000
#: how many cards must match: a chance match among 1000 seeds is then below 1e-7
MATCHED = 6


def seed_search(scenario: str, played: list[int]) -> int | None:
    """The issue's search: the first seed k < :data:`SEARCHED` whose deck begins with
    the cards ``played`` (at least :data:`MATCHED` of them), or None."""
    assert len(played) >= MATCHED
    for k in range(SEARCHED):
        if new_state(scenario, seed=k).deck[:len(played)] == played:
            return k
    return None


def test_the_seed_search_finds_no_seed_of_a_default_batch(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # on main a default batch played seed 0: the search found it at once
    out = tmp_path / "run"
    assert main(["batch", "--games", "1", "--scenario", "quick", "--govt", "random",
                 "--keep-games", "--out", str(out)]) == 0
    capsys.readouterr()
    [row] = list(csv.DictReader((out / "games.csv").open(encoding="utf-8")))
    seed = int(row["seed"])
    game = serialize.load(out / "games" / f"{seed}.json")  # replays from its log
    played = game.state.played[:8]
    assert seed_search("quick", played) is None
    # the recorded seed is the game's: the same seed deals the same cards (2.2)
    assert game.initial.rng_seed == seed
    assert new_state("quick", seed=seed).deck[:len(played)] == played
    # run.json records the run's seed S; game 0 played the hash of S and 0
    assert game_seeds(json.loads((out / "run.json").read_text())["seed"], 1) == [seed]


def test_a_public_seed_stays_reproducible_and_findable(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    # a --seed the user gives is public: the same seed, the same game; an agent that
    # imports the engine can then know the deck (docs/agents.md says so)
    out = tmp_path / "new.json"
    assert main(["new", "--scenario", "quick", "--seed", "7", "--out", str(out)]) == 0
    capsys.readouterr()
    game = serialize.load(out)
    assert seed_search("quick", [game.state.current_card, *game.state.deck][:8]) == 7


class Drawn:
    """Records the bound of every secret draw (``secrets.randbelow``)."""

    def __init__(self) -> None:
        self.bounds: list[int] = []

    def __call__(self, bound: int) -> int:
        self.bounds.append(bound)
        return bound - 1  # the largest seed the draw can give


@pytest.mark.parametrize("argv", [
    ["new", "--scenario", "quick", "--out", "game.json"],
    ["demo", "--scenario", "quick", "--govt", "random", "--json"],
    ["random-game", "--scenario", "quick", "--json"],
])
def test_a_seed_no_user_chose_is_drawn_from_the_whole_range(
        argv: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    # on main: secrets.randbelow(2**31), found by a numpy search in minutes
    drawn = Drawn()
    monkeypatch.setattr(secrets, "randbelow", drawn)
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert drawn.bounds == [MAX_SEED + 1]
    if argv[0] == "new":  # recorded, and the game plays from it
        assert serialize.load(tmp_path / "game.json").initial.rng_seed == MAX_SEED
    elif argv[0] == "demo":
        assert json.loads(out)["seed"] == MAX_SEED


def test_a_default_batch_draws_its_first_seed_from_the_whole_range(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from tui.commands.bots import MAX_GAMES

    drawn = Drawn()
    monkeypatch.setattr(secrets, "randbelow", drawn)
    assert main(["batch", "--games", "1", "--scenario", "quick", "--govt", "random",
                 "--out", str(tmp_path / "a")]) == 0
    assert drawn.bounds == [MAX_SEED + 1 - MAX_GAMES]
    first = json.loads((tmp_path / "a" / "run.json").read_text())["seed"]
    assert first == MAX_SEED - MAX_GAMES
    # --seeds-of plays the same (secret) seeds again, for a comparison
    assert main(["batch", "--games", "1", "--scenario", "quick", "--govt", "random",
                 "--out", str(tmp_path / "b"), "--seeds-of", str(tmp_path / "a")]) == 0
    capsys.readouterr()
    rows = [list(csv.DictReader((tmp_path / r / "games.csv").open(encoding="utf-8")))
            for r in "ab"]
    assert rows[0][0]["seed"] == rows[1][0]["seed"] == str(game_seeds(first, 1)[0])


def test_the_environments_reset_without_a_seed_draws_from_the_whole_range(
        monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("gymnasium")
    pytest.importorskip("pettingzoo")
    import random

    from agents.env import AndeanAbyssEnv, GovernmentEnv

    bounds: list[Any] = []

    def randrange(self: Any, bound: int) -> int:
        bounds.append(bound)
        return bound - 1

    monkeypatch.setattr(random.SystemRandom, "randrange", randrange)
    env = AndeanAbyssEnv()
    env.reset()
    assert bounds == [2**63]
    assert env.table is not None and env.table.game.initial.rng_seed == MAX_SEED

    class Rng:
        def integers(self, bound: int, *args: Any, **kwargs: Any) -> int:
            bounds.append(bound)
            return bound - 1

    government = GovernmentEnv()
    government.reset(seed=1)  # a public seed: reproducible
    government._np_random = Rng()  # type: ignore[assignment]
    government.reset()
    assert bounds[-1] == 2**63
    assert government.table is not None
    assert government.table.game.initial.rng_seed == MAX_SEED
