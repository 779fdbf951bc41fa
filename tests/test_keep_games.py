"""``andean batch --keep-games``: every finished game of a batch saved as a replayable
save (docs/state-format.md), so an analysis such as the Support/Opposition ledger of
``benchmarks/ledger.py`` can replay the measured games instead of playing them again."""

from __future__ import annotations

import csv

from core.game.serialize import load
from runners.games import game_seeds, read_csv
from tui.commands.main import main

#: the saves of games 0 and 1 of a run of seed 40 (game i plays a hash of 40 and i)
G0, G1 = (f"{seed}.json" for seed in game_seeds(40, 2))


def _batch(outdir, *extra: str, games: int = 2) -> int:
    return main(["batch", "--games", str(games), "--seed", "40", "--scenario", "quick",
                 "--out", str(outdir), *extra])


def test_each_game_is_saved_and_replays_to_its_row(tmp_path) -> None:
    outdir = tmp_path / "out"
    assert _batch(outdir, "--keep-games") == 0
    rows = {r.seed: r for r in read_csv(outdir / "games.csv")}
    assert sorted(p.name for p in (outdir / "games").iterdir()) == sorted([G0, G1])
    for seed, row in rows.items():
        game = load(outdir / "games" / f"{seed}.json")  # verifies the log replays
        assert game.is_terminal()
        assert len(game.log) == row.length


def test_without_the_flag_no_games_folder(tmp_path) -> None:
    assert _batch(tmp_path / "out") == 0
    assert not (tmp_path / "out" / "games").exists()


def test_resume_keeps_the_missing_games_too(tmp_path) -> None:
    outdir = tmp_path / "out"
    assert _batch(outdir, "--keep-games") == 0
    csv_path = outdir / "games.csv"
    lines = csv_path.read_text(encoding="utf-8").splitlines()
    csv_path.write_text("\n".join(lines[:2]) + "\n", encoding="utf-8")  # game 0 only
    (outdir / "summary.json").unlink()
    [kept] = read_csv(csv_path)
    missing = next(name for name in (G0, G1) if name != f"{kept.seed}.json")
    (outdir / "games" / missing).unlink()
    assert _batch(outdir, "--keep-games", "--resume") == 0
    assert (outdir / "games" / missing).exists()
    assert len(list(csv.DictReader(csv_path.open(encoding="utf-8")))) == 2


def test_an_old_games_folder_is_not_overwritten_without_force(tmp_path, capsys) -> None:
    outdir = tmp_path / "out"
    (outdir / "games").mkdir(parents=True)
    (outdir / "games" / G0).write_text("mine", encoding="utf-8")
    assert _batch(outdir, "--keep-games") == 2
    assert "--keep-games" in capsys.readouterr().err
    assert (outdir / "games" / G0).read_text(encoding="utf-8") == "mine"
    assert _batch(outdir, "--keep-games", "--force") == 0
    assert load(outdir / "games" / G0).is_terminal()


def test_force_replaces_the_other_runs_games_not_only_the_seeds_played_again(tmp_path):
    # an analysis reads every game of the folder: another run's seeds must not stay
    outdir = tmp_path / "out"
    assert _batch(outdir, "--keep-games", games=3) == 0
    assert _batch(outdir, "--keep-games", "--force") == 0
    assert sorted(p.name for p in (outdir / "games").iterdir()) == sorted([G0, G1])


def test_a_file_where_the_folder_goes_is_refused(tmp_path, capsys) -> None:
    outdir = tmp_path / "out"
    outdir.mkdir()
    (outdir / "games").write_text("not a folder", encoding="utf-8")
    assert _batch(outdir, "--keep-games", "--force") == 2
    assert "not a folder" in capsys.readouterr().err

