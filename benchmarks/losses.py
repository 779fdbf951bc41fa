"""Why the Government loses (not a test): a Markdown summary of saved ``games.csv`` runs.

    python benchmarks/losses.py LABEL=PATH [LABEL=PATH ...] [--seed 100000] [--games 500]

``PATH``: a batch's ``games.csv``; a batch's ``--out`` folder (its ``games.csv``); or a
folder of kept games without one (``andean batch --keep-games``: the records are rebuilt
from the saved games' end states, nothing is played again). Runs still filling up are
read as they are. With several runs, a table of their lost games side by side first.

For each run: the winners, when the game ended (at which Propaganda Round's victory
check, or at the end of the deck), the end margins of every Faction in the games the
Government ended at COIN Failure, and how far the Government's own margin was from 0
(Total Support 60, 7.2) and from the winner's margin: the data to choose the next step
from (issue 13).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout first

from core.errors import AndeanError  # noqa: E402
from core.game.serialize import load  # noqa: E402
from runners.games import GameRecord, kept_games, read_csv, record_of  # noqa: E402

FACTIONS = ("Government", "FARC", "AUC", "Cartels")


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else float("nan")


def at_check(record: GameRecord) -> bool:
    """Whether the game ended at a victory check (7.2), not after the final Round."""
    return "victory check" in (record.reason or "")


def when(record: GameRecord) -> str:
    """'Propaganda Round N victory check' or 'after the final Propaganda Round'."""
    if at_check(record):
        return f"victory check of Propaganda Round {record.propaganda_cards}"
    return "end of the game (final Propaganda Round)"


def done_and_lost(records: list[GameRecord]) -> tuple[list[GameRecord], list[GameRecord]]:
    """The games that ended with a solo result, and those of them at COIN Failure."""
    done = [r for r in records if not r.error and r.solo_score is not None]
    return done, [r for r in done if r.solo_level == "COIN Failure"]


def report(label: str, records: list[GameRecord]) -> list[str]:
    done, lost = done_and_lost(records)
    lines = [f"### {label}: {len(done)} games, {len(lost)} at COIN Failure", ""]
    lines += ["| winner | games | of them at COIN Failure |", "|---|---|---|"]
    winners = Counter(r.winner or "none" for r in done)
    lost_by = Counter(r.winner or "none" for r in lost)
    for name, n in winners.most_common():
        lines.append(f"| {name} | {n} | {lost_by[name]} |")
    lines += ["", "| how the COIN Failure games ended | games |", "|---|---|"]
    for name, n in Counter(when(r) for r in lost).most_common():
        lines.append(f"| {name} | {n} |")
    lines += ["", "Mean end margins in the COIN Failure games (7.2, 7.3):", "",
              "| | " + " | ".join(FACTIONS) + " |", "|---|" + "---|" * len(FACTIONS)]
    for who in sorted({r.winner or "none" for r in lost}):
        group = [r for r in lost if (r.winner or "none") == who]
        cells = [f"{_mean([r.victory_margins.get(f, 0) for r in group]):+.1f}"
                 for f in FACTIONS]
        lines.append(f"| {who} won ({len(group)}) | " + " | ".join(cells) + " |")
    gm = [r.victory_margins.get("Government", 0) for r in lost]
    near = sum(1 for r in lost if (r.solo_score or 0) >= -3)
    lines += ["", f"Government margin in those games: mean {_mean(gm):+.1f} (Total Support "
              f"{60 + _mean(gm):.1f} of 60); {near} of {len(lost)} were within 3 points of "
              "Stalemate (solo score -3 to 0).", ""]
    return lines


def side_by_side(runs: list[tuple[str, list[GameRecord]]]) -> list[str]:
    """The lost games of several runs in one table, a column per run (shares of each
    run's COIN Failure games)."""
    cols = []
    for label, records in runs:
        cols.append((label, *done_and_lost(records)))

    def share(n: int, lost: list[GameRecord]) -> str:
        return f"{n} ({100 * n / len(lost):.0f}%)" if lost else "0"

    rounds = sorted({r.propaganda_cards for _, _, lost in cols for r in lost if at_check(r)})
    lines = ["| | " + " | ".join(f"{label} ({len(done)})" for label, done, _ in cols) + " |",
             "|---|" + "---|" * len(cols)]

    def row(name: str, cell: Callable[[list[GameRecord]], str]) -> None:
        lines.append(f"| {name} | " + " | ".join(cell(lost) for _, _, lost in cols) + " |")

    row("COIN Failure", lambda lost: str(len(lost)))
    def won_by(who: str) -> Callable[[list[GameRecord]], str]:
        return lambda lost: share(sum(1 for r in lost if r.winner == who), lost)

    def lost_at(n: int) -> Callable[[list[GameRecord]], str]:
        return lambda lost: share(
            sum(1 for r in lost if r.propaganda_cards == n and at_check(r)), lost)

    for who in ("FARC", "Cartels", "AUC"):
        row(f"won by {who}", won_by(who))
    for n in rounds:
        row(f"lost at Propaganda Round {n}'s victory check", lost_at(n))
    row("lost on margins after the final Round", lambda lost: share(
        sum(1 for r in lost if not at_check(r)), lost))
    row("Government margin in lost games (Total Support - 60)", lambda lost:
        f"{_mean([r.victory_margins.get('Government', 0) for r in lost]):+.1f}")
    row("lost games within 3 points of Stalemate", lambda lost: share(
        sum(1 for r in lost if (r.solo_score or 0) >= -3), lost))
    return lines + [""]


def records_at(path: Path) -> list[GameRecord]:
    """The records of a run at ``path`` (module docstring): a CSV, a folder's
    ``games.csv``, or rebuilt from its kept games (named by seed; ``govt`` left "kept",
    the time 0). A kept game that cannot be read is said on stderr and left out."""
    if path.is_dir() and (path / "games.csv").is_file():
        path = path / "games.csv"
    if not path.is_dir():
        return read_csv(path)
    records = []
    for name, file in kept_games(path).items():
        if not name.isdigit():
            continue
        try:
            records.append(record_of(load(file, verify=False), int(name), "kept"))
        except AndeanError as err:
            print(f"losses: {file}: left out ({str(err).splitlines()[0]})", file=sys.stderr)
    return records


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("runs", nargs="+", metavar="LABEL=PATH")
    p.add_argument("--seed", type=int, default=None, help="first seed kept")
    p.add_argument("--games", type=int, default=None, help="seeds kept from --seed")
    args = p.parse_args(argv)
    lines: list[str] = []
    runs: list[tuple[str, list[GameRecord]]] = []
    for item in args.runs:
        label, _, path = item.partition("=")
        try:
            records = records_at(Path(path))
        except (OSError, ValueError) as err:
            p.error(f"{item}: {err}")
        if args.seed is not None:
            top = args.seed + (args.games if args.games is not None else 10**9)
            records = [r for r in records if args.seed <= r.seed < top]
        lines += report(label, records)
        runs.append((label, records))
    if len(runs) > 1:
        lines = ["### Side by side: the lost games", "", *side_by_side(runs), *lines]
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
