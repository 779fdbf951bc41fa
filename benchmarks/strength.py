"""Strength of the Government bots (not a test): solo score (8.8) over the same seeds.

    python benchmarks/strength.py [--games 200] [--govts random heuristic search]
                                  [--workers 2] [--seed 0] [--out docs/strength.md]

Every bot plays the same seeds (same decks, same Insurgent dice streams) of the standard
scenario against the section-8 Insurgents. For each bot: mean solo score with its 95%
confidence interval, median, the 8.8 level histogram, wins and mean Government margin;
for each pair of bots, the mean paired difference with its 95% interval (same seeds, so
the difference is measured game by game). Writes the table, and the command that
reproduces it, to ``--out`` (default docs/strength.md).
"""

from __future__ import annotations

import argparse
import sys
import time
from itertools import combinations
from pathlib import Path

from nonplayer.games import LEVELS, mean_ci, run_batch
from nonplayer.government import make_government


def _fmt_ci(stats: dict) -> str:
    if stats.get("ci95") is None:
        return "-"
    low, high = stats["ci95"]
    return f"{low:+.2f} to {high:+.2f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--govts", nargs="+", default=["random", "heuristic"])
    parser.add_argument("--scenario", default="standard", choices=("standard", "quick"))
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", default="docs/strength.md")
    args = parser.parse_args(argv)
    seeds = list(range(args.seed, args.seed + args.games))
    results = {}
    for govt in args.govts:
        note = make_government(govt, 0).note
        if note:
            print(f"note: {note}", file=sys.stderr)
        start = time.perf_counter()
        records = run_batch(seeds, govt, args.scenario, workers=args.workers)
        seconds = time.perf_counter() - start
        errors = [r for r in records if r.error]
        results[govt] = (records, seconds, note)
        print(f"{govt}: {len(records)} games in {seconds:.0f} s, {len(errors)} errors",
              file=sys.stderr)
    lines = [
        "# Strength of the Government bots",
        "",
        "Solo score (8.8): the Government's victory margin minus the best Insurgent margin",
        "at the end of the game, against the three section-8 Non-player Insurgents. Every",
        f"bot plays the same {args.games} seeds ({args.seed}-{args.seed + args.games - 1}) "
        f"of the {args.scenario} scenario: same",
        "decks, same set-up, same Insurgent rules. Intervals are 95% (Student's t).",
        "Games that raised an error are left out of the statistics and counted.",
        "",
        "| Government | games | errors | mean solo score | 95% CI | median | "
        + " | ".join(LEVELS) + " | Government wins | mean Govt margin | s/game |",
        "|---|---|---|---|---|---|" + "---|" * len(LEVELS) + "---|---|---|",
    ]
    scores: dict[str, dict[int, int]] = {}
    for govt, (records, seconds, note) in results.items():
        done = [r for r in records if not r.error and r.solo_score is not None]
        scores[govt] = {r.seed: int(r.solo_score) for r in done if r.solo_score is not None}
        stats = mean_ci(scores[govt].values())
        levels = [sum(1 for r in done if r.solo_level == level) for level in LEVELS]
        wins = sum(1 for r in done if r.winner == "Government")
        margin = mean_ci(r.victory_margins["Government"] for r in done)
        name = govt + (" (fallback: heuristic)" if note else "")
        lines.append(
            f"| {name} | {len(records)} | {len(records) - len(done)} | "
            f"{stats['mean']:+.2f} | {_fmt_ci(stats)} | {stats['median']:+.1f} | "
            + " | ".join(str(n) for n in levels)
            + f" | {wins} | {margin['mean']:+.2f} | {seconds / max(1, len(records)):.2f} |"
        )
    if len(results) > 1:
        lines += ["", "Paired differences (same seeds):", "",
                  "| comparison | games | mean difference | 95% CI | better in |",
                  "|---|---|---|---|---|"]
        for a, b in combinations(results, 2):
            common = sorted(set(scores[a]) & set(scores[b]))
            diffs = [scores[b][s] - scores[a][s] for s in common]
            stats = mean_ci(diffs)
            better = sum(1 for d in diffs if d > 0)
            lines.append(f"| {b} - {a} | {len(common)} | {stats['mean']:+.2f} | "
                         f"{_fmt_ci(stats)} | {better} of {len(common)} games |")
    command = (f"python benchmarks/strength.py --games {args.games} --seed {args.seed} "
               f"--govts {' '.join(args.govts)} --scenario {args.scenario} "
               f"--workers {args.workers}")
    lines += ["", "Reproduce with:", "", "```sh", command, "```", ""]
    missing = [g for g in ("random", "heuristic", "search") if g not in results]
    if missing:
        lines += [f"Not measured in this run: {', '.join(missing)} (add them to --govts).", ""]
    text = "\n".join(lines)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
