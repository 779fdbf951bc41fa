"""Strength of the Government bots (not a test): solo score (8.8) over the same seeds.

    python benchmarks/strength.py [--games 200] [--govts random heuristic search]
                                  [--workers 2] [--seed 0] [--out docs/strength.md]
                                  [--think 0.5s] [--csv LABEL=games.csv ...]
                                  [--section NAME] [--save LABEL=games.csv ...]

Every bot plays the same seeds (same decks, same Insurgent dice streams) of the standard
scenario against the section-8 Insurgents. For each bot: mean solo score with its 95%
confidence interval, median, the 8.8 level histogram, the share of games that avoid COIN
Failure with its exact 95% (Clopper-Pearson) interval, wins and mean Government margin;
for each pair of bots, the mean paired difference with its 95% interval and the paired
t test's p-value (same seeds, so the difference is measured game by game). The statistics
are ``scipy.stats`` (the package's ``stats`` extra). Writes the table, and the command
that reproduces it, to ``--out`` (default docs/strength.md).

``--csv LABEL=PATH`` takes a bot's games from a saved ``andean batch --out`` run (its
``games.csv``) instead of playing them, e.g. today's search bot measured from another
checkout, to pair a new bot against it game by game on the same seeds (issue 13); a
label given twice takes its games from both files (the first file wins a seed). The
seeds compared are those of ``--seed``/``--games``. ``--section NAME`` writes the tables
between ``<!-- strength:NAME -->`` and ``<!-- /strength:NAME -->`` in ``--out`` (added at
the end the first time), leaving the rest of the file as it is. ``--save GOVT=PATH``
writes each game of a bot played here to a CSV (the ``andean batch`` columns) as the game
ends, so a long held-out run can be read, or cut short, while it goes (issue 28).
"""

from __future__ import annotations

import argparse
import sys
import time
from itertools import combinations
from pathlib import Path

from core.extras import MissingExtra, require_extra
from nonplayer.government import make_government
from runners.games import (
    LEVELS,
    CsvLog,
    GameRecord,
    mean_ci,
    paired_difference,
    read_csv,
    run_batch,
)
from runners.stats import p_text, percent, share
from tui.progress import RunProgress


def _fmt_ci(stats: dict) -> str:
    if stats.get("ci95") is None:
        return "-"
    low, high = stats["ci95"]
    return f"{low:+.2f} to {high:+.2f}"


def _with_section(document: str, name: str, body: str) -> str:
    """``document`` with the marked section ``name`` replaced by ``body`` (or added)."""
    begin, end = f"<!-- strength:{name} -->", f"<!-- /strength:{name} -->"
    block = f"{begin}\n{body.strip()}\n{end}"
    if begin in document and end in document:
        head, rest = document.split(begin, 1)
        return head + block + rest.split(end, 1)[1]
    return document.rstrip("\n") + "\n\n" + block + "\n"


def _play(seeds: list[int], govt: str, scenario: str, workers: int,
          options: dict[str, str], save: str | None = None) -> list[GameRecord]:
    """One bot's games, with progress (rate, time left) on stderr; each written to the
    CSV ``save`` as it ends."""
    errors = [0]
    log = CsvLog(save) if save else None

    def count(record: GameRecord) -> None:
        errors[0] += bool(record.error)
        if log is not None:
            log.add(record)

    try:
        with RunProgress(sys.stderr, len(seeds), problems="errors", label=govt) as bar:
            return run_batch(seeds, govt, scenario, workers=workers, govt_options=options,
                             on_record=count,
                             progress=lambda done, _: bar.update(done, errors[0]))
    finally:
        if log is not None:
            log.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--govts", nargs="+", default=["random", "heuristic"])
    parser.add_argument("--scenario", default="standard", choices=("standard", "quick"))
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", default="docs/strength.md")
    parser.add_argument("--think", default=None, help="--think of the search bot")
    parser.add_argument("--csv", action="append", default=[], metavar="LABEL=PATH",
                        help="a bot's games from a saved games.csv instead of playing")
    parser.add_argument("--save", action="append", default=[], metavar="GOVT=PATH",
                        help="write a bot's games to a CSV as each one ends")
    parser.add_argument("--section", default=None,
                        help="write only the marked section NAME of --out")
    args = parser.parse_args(argv)
    try:
        require_extra("stats", "benchmarks/strength.py")
    except MissingExtra as missing:  # one line and exit 2, as the andean commands
        print(f"strength.py: error: {missing}", file=sys.stderr)
        return 2
    seeds = list(range(args.seed, args.seed + args.games))
    saves = {}
    for item in args.save:
        label, _, path = item.partition("=")
        if not path:
            parser.error(f"--save takes GOVT=PATH, not {item!r}")
        saves[label] = path
    results: dict[str, tuple[list[GameRecord], float, str]] = {}
    for item in args.csv:
        label, _, path = item.partition("=")
        if not path:
            parser.error(f"--csv takes LABEL=PATH, not {item!r}")
        wanted = set(seeds)
        loaded = [r for r in read_csv(path) if r.seed in wanted and r.scenario == args.scenario]
        if label in results:  # a label given twice: its files together, the first wins a seed
            have = {r.seed for r in results[label][0]}
            loaded = results[label][0] + [r for r in loaded if r.seed not in have]
        results[label] = (loaded, sum(r.seconds for r in loaded), "")
        print(f"{label}: {len(loaded)} games read from {path}", file=sys.stderr)
    for govt in args.govts:
        if govt in results:
            continue
        options = {"think": args.think} if govt == "search" and args.think else {}
        note = make_government(govt, 0, **options).note
        if note:
            print(f"note: {note}", file=sys.stderr)
        start = time.perf_counter()
        records = _play(seeds, govt, args.scenario, args.workers, options, saves.get(govt))
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
        "decks, same set-up, same Insurgent rules. Intervals are 95% (Student's t; for",
        "the share that avoids COIN Failure, exact binomial); p: the paired t test.",
        "Games that raised an error are left out of the statistics and counted.",
        "",
        "| Government | games | errors | mean solo score | 95% CI | median | "
        + " | ".join(LEVELS) + " | avoids COIN Failure | Government wins | mean Govt margin "
        "| s/game |",
        "|---|---|---|---|---|---|" + "---|" * len(LEVELS) + "---|---|---|---|",
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
        avoid = sum(1 for r in done if r.solo_level != "COIN Failure")
        lines.append(
            f"| {name} | {len(records)} | {len(records) - len(done)} | "
            f"{stats['mean']:+.2f} | {_fmt_ci(stats)} | {stats['median']:+.1f} | "
            + " | ".join(str(n) for n in levels)
            + f" | {percent(share(avoid, len(done)))} | {wins} | {margin['mean']:+.2f} "
            f"| {seconds / max(1, len(records)):.2f} |"
        )
    if len(results) > 1:
        lines += ["", "Paired differences (same seeds):", "",
                  "| comparison | games | mean difference | 95% CI | p | better in |",
                  "|---|---|---|---|---|---|"]
        for a, b in combinations(results, 2):
            common = sorted(set(scores[a]) & set(scores[b]))
            stats = paired_difference([scores[a][s] for s in common],
                                      [scores[b][s] for s in common])
            mean = "-" if stats["mean"] is None else f"{stats['mean']:+.2f}"
            lines.append(f"| {b} - {a} | {len(common)} | {mean} | {_fmt_ci(stats)} | "
                         f"{p_text(stats['p'])} | {stats['better']} of {len(common)} "
                         "games |")
    command = (f"python benchmarks/strength.py --games {args.games} --seed {args.seed} "
               f"--govts {' '.join(args.govts)} --scenario {args.scenario} "
               f"--workers {args.workers}"
               + (f" --think {args.think}" if args.think else "")
               + "".join(f" --csv {c}" for c in args.csv)
               + (f" --section {args.section}" if args.section else ""))
    lines += ["", "Reproduce with:", "", "```sh", command, "```", ""]
    unmeasured = [g for g in ("random", "heuristic", "search") if g not in results]
    if unmeasured and not args.section:
        lines += [f"Not measured in this run: {', '.join(unmeasured)} (add them to --govts).",
                  ""]
    text = "\n".join(lines)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    if args.section:
        text = _with_section(out.read_text(encoding="utf-8") if out.exists() else "",
                             args.section, "\n".join(lines[2:]))
    out.write_text(text, encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
