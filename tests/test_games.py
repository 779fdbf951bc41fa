"""Bot-vs-bot games (issue 5): one game, determinism over seeds whatever the backend and
worker count, the soak check on a small sample, summaries, and the ``andean demo`` and
``andean batch`` command-line contracts."""

from __future__ import annotations

import csv
import json
import os
import time

import pytest

from core.game import Game
from nonplayer import government
from runners.games import (
    LEVELS,
    GameRecord,
    game_seeds,
    mean_ci,
    play,
    play_record,
    plot_scores,
    run_batch,
    soak_game,
    summarize,
    write_csv,
)
from tui.commands.main import main


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# ======================================================================================
# one game
# ======================================================================================
def test_a_game_plays_to_the_end_and_is_scored_8_8() -> None:
    game, record = play(11, "heuristic", "quick")
    assert game.is_terminal() and record.error == ""
    assert record.winner in ("Government", "FARC", "AUC", "Cartels")
    margins = game.state.victory_margins()
    best = max(margins[f] for f in margins if f.label != "Government")
    assert record.solo_score == margins[min(margins)] - best  # GOVT is Faction 0
    assert record.solo_level in LEVELS
    assert record.length == len(game.log) and record.cards_played > 0


def test_same_seed_same_game() -> None:
    first, a = play(12, "heuristic", "quick")
    second, b = play(12, "heuristic", "quick")
    assert a.outcome() == b.outcome()
    assert first.log == second.log


def test_a_bot_game_replays_from_its_log() -> None:
    game, _ = play(13, "random", "quick")
    assert Game.replay(game.initial, game.log).state == game.state


def test_soak_sample_finds_no_problem() -> None:
    """The soak benchmark (benchmarks/soak.py) on 3 seeds: invariants after every command,
    the log replays, no exception."""
    for seed, govt in ((1, "heuristic"), (2, "heuristic"), (3, "random")):
        assert soak_game(seed, govt) == []


def test_a_failing_game_is_recorded_not_raised(monkeypatch) -> None:
    import runners.games as games

    def boom(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise RuntimeError("boom")

    monkeypatch.setattr(games, "play", boom)
    record = play_record(5)
    assert record.error.startswith("RuntimeError") and record.solo_score is None


# ======================================================================================
# batches: same seeds, same results
# ======================================================================================
def test_batch_is_the_same_with_1_and_2_workers() -> None:
    seeds = [21, 22, 23, 24]
    one = run_batch(seeds, "heuristic", "quick", workers=1)
    two = run_batch(seeds, "heuristic", "quick", workers=2)
    assert [r.seed for r in two] == seeds
    assert [r.outcome() for r in one] == [r.outcome() for r in two]


def test_dask_backend_gives_the_same_records() -> None:
    pytest.importorskip("distributed", reason="dask[distributed] is not installed")
    if os.environ.get("ANDEAN_SKIP_DASK"):
        pytest.skip("ANDEAN_SKIP_DASK is set")
    seeds = [31, 32]
    start = time.perf_counter()
    try:
        records = run_batch(seeds, "heuristic", "quick", workers=1, backend="dask")
    except Exception as err:  # no local cluster here (sandbox, ports)
        pytest.skip(f"a local Dask cluster did not start: {type(err).__name__}: {err}")
    if time.perf_counter() - start > 60:
        pytest.skip("a local Dask cluster took over a minute to start")
    local = run_batch(seeds, "heuristic", "quick", workers=1)
    assert [r.outcome() for r in records] == [r.outcome() for r in local]


def test_batch_refuses_bad_settings() -> None:
    with pytest.raises(ValueError, match="backend"):
        run_batch([1], backend="mpi")
    with pytest.raises(ValueError, match="workers"):
        run_batch([1], workers=0)


# ======================================================================================
# summaries
# ======================================================================================
def record(seed: int, score: int, winner: str = "FARC") -> GameRecord:
    from core.rules.victory import solo_level

    return GameRecord(seed, "standard", "heuristic", winner,
                      {"Government": score, "FARC": 0, "AUC": -3, "Cartels": -20}, score,
                      solo_level(score), 40, 4, 90, "final Propaganda Round", 0.5)


def test_mean_ci_uses_student_t() -> None:
    stats = mean_ci([1, 2, 3, 4])
    assert stats["mean"] == 2.5 and stats["n"] == 4
    low, high = stats["ci95"]
    assert low < 2.5 < high and round(high - 2.5, 2) == round(3.182 * 1.291 / 2, 2)
    assert mean_ci([])["mean"] is None


def test_summary_counts_wins_levels_and_intervals() -> None:
    records = [record(1, -5), record(2, 2, "Government"), record(3, 10, "Government")]
    summary = summarize(records, seconds=1.5, govt="heuristic")
    assert summary["games"] == 3 and summary["errors"] == 0
    assert summary["wins"] == {"Government": 2, "FARC": 1, "AUC": 0, "Cartels": 0}
    assert summary["solo_level"] == {"COIN Triumph": 1, "COIN Progress": 0, "Stalemate": 1,
                                     "COIN Failure": 1}
    assert summary["solo_score"]["mean"] == pytest.approx(7 / 3, abs=1e-3)
    assert summary["victory_margins"]["FARC"]["mean"] == 0
    assert summary["games_per_second"] == 2.0 and summary["seeds"] == [1, 3]


def test_csv_and_plot_files(tmp_path) -> None:
    records = [record(1, -5), record(2, 2), record(3, 10)]
    path = write_csv(records, tmp_path / "games.csv")
    rows = list(csv.DictReader(path.open()))
    assert len(rows) == 3 and rows[0]["seed"] == "1" and rows[2]["solo_level"] == "COIN Triumph"
    png = plot_scores(records, tmp_path / "scores.png")
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


# ======================================================================================
# command line: demo and batch
# ======================================================================================
SUMMARY_KEYS = {"winner", "victory_margins", "solo_score", "solo_level", "cards_played",
                "propaganda_cards", "seed"}


def test_demo_json_summary_keys(capsys) -> None:
    code, out, err = run(capsys, "demo", "--govt", "heuristic", "--scenario", "quick",
                         "--seed", "4", "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert set(data) >= SUMMARY_KEYS
    assert data["seed"] == 4 and data["solo_level"] in LEVELS
    assert set(data["victory_margins"]) == {"Government", "FARC", "AUC", "Cartels"}


def test_demo_narrates_card_by_card(capsys) -> None:
    code, out, _ = run(capsys, "demo", "--govt", "heuristic", "--scenario", "quick",
                       "--seed", "4", "--verbose")
    assert code == 0
    assert "Card #" in out and "Government:" in out and "why: Government" in out
    assert "Propaganda Round 1" in out
    assert "Game over" in out and "solo score (8.8)" in out and "Winner:" in out


def test_demo_says_plainly_when_search_falls_back(capsys, monkeypatch) -> None:
    monkeypatch.setattr(government, "search_unavailable", lambda: "OR-tools cannot be imported")
    code, out, err = run(capsys, "demo", "--scenario", "quick", "--seed", "4", "--govt",
                         "search", "--json")
    assert code == 0
    assert "OR-tools cannot be imported" in err and "heuristic Government plays instead" in err
    assert json.loads(out)["govt"] == "heuristic"


def test_batch_writes_csv_summary_and_plot(capsys, tmp_path) -> None:
    outdir = tmp_path / "results"
    plot = tmp_path / "scores.png"
    code, out, err = run(capsys, "batch", "--games", "3", "--seed", "40", "--scenario", "quick",
                         "--workers", "2", "--out", str(outdir), "--plot", str(plot))
    assert code == 0, err
    rows = list(csv.DictReader((outdir / "games.csv").open()))
    assert sorted(int(r["seed"]) for r in rows) == sorted(game_seeds(40, 3))
    summary = json.loads((outdir / "summary.json").read_text())
    assert summary["games"] == 3 and summary["workers"] == 2
    assert set(summary) >= {"wins", "solo_level", "victory_margins", "mean_length",
                            "games_per_second", "solo_score"}
    assert summary["solo_score"]["ci95"] is not None
    assert plot.exists()
    assert "3/3 games" in err  # progress on stderr
    assert "Solo score: mean" in out and "Wins:" in out


def test_batch_errors_are_one_line(capsys, tmp_path) -> None:
    code, _, err = run(capsys, "batch", "--games", "0")
    assert code == 2 and "expected 1 or more" in err
    code, _, err = run(capsys, "batch", "--games", "1", "--scheduler", "tcp://x:1",
                       "--out", str(tmp_path))
    assert code == 2 and "--backend dask" in err


def test_solitaire_driver_takes_a_government_bot() -> None:
    from nonplayer.government import make_government
    from runners.solitaire import government_player, new_solitaire, play_game

    game = play_game(new_solitaire("quick", 14), government_player(make_government("heuristic")))
    again, _ = play(14, "heuristic", "quick")
    assert game.is_terminal() and game.log == again.log
