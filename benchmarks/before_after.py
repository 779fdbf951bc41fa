"""Before/after table of the engine benchmarks, from one run (issue 18).

    python benchmarks/before_after.py --base ../base [--rounds 3] [--out table.md]

``--base`` is a checkout of the commit to compare against (the "before"); this checkout
is the "after". Each round runs every benchmark in the base checkout and then here,
back to back, so both sides see the same machine load; a figure's value on each side is
its median over the rounds, and the table gives the speed-up (> 1: faster now). The
command lines run are printed in the table's header so it can be reproduced.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(HERE))

from benchmarks.harness import direction  # noqa: E402

#: (script, its arguments, figures shown: key -> label)
BENCHES: list[tuple[str, list[str], dict[str, str]]] = [
    ("bench_engine.py", ["--games", "60", "--repeat", "2000"], {
        "clone_median_us": "`clone()` median (µs)",
        "apply_command_median_us": "one command applied, median (µs)",
        "random_game_median_ms": "random legal standard game, median (ms)",
        "random_cards_per_second": "random legal play, cards/s",
        "random_commands_per_second": "random legal play, commands/s",
    }),
    ("bench_nonplayer.py", ["--games", "20"], {
        "turn_median_ms": "Non-player turn, median (ms)",
        "turn_p99_ms": "Non-player turn, p99 (ms)",
    }),
    ("bench_games.py", ["--games", "20"], {
        "game_median_s": "flowchart bots vs heuristic Government, game median (s)",
        "cards_per_second": "same games, cards/s",
        "nonplayer_turn_median_ms": "same games, Non-player turn median (ms)",
        "govt_decision_median_ms": "same games, Government decision median (ms)",
    }),
]


def run(checkout: Path, script: str, args: list[str]) -> dict:
    """One benchmark run in ``checkout`` (its own code on ``sys.path``), as JSON."""
    out = subprocess.run(
        [sys.executable, str(checkout / "benchmarks" / script), *args, "--json"],
        cwd=checkout, capture_output=True, text=True, check=True,
        env={"PYTHONPATH": str(checkout), "PATH": "/usr/bin:/bin"},
    )
    return json.loads(out.stdout)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", type=Path, required=True,
                        help="a checkout of the commit to compare against")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--out", type=Path, help="also write the table to this file")
    args = parser.parse_args(argv)
    base = args.base.resolve()
    if not (base / "benchmarks").is_dir():
        parser.error(f"{base} is not a checkout of this project (no benchmarks/)")
    samples: dict[tuple[str, str], list[float]] = {}
    for r in range(args.rounds):
        for script, bench_args, _ in BENCHES:
            for side, checkout in (("before", base), ("after", HERE)):
                print(f"round {r + 1}/{args.rounds}: {script} ({side})", file=sys.stderr)
                for key, value in run(checkout, script, bench_args).items():
                    if isinstance(value, (int, float)):
                        samples.setdefault((side, key), []).append(float(value))
    lines = [
        f"Before: `{base.name}`; after: this checkout. {args.rounds} rounds, each running "
        "every benchmark before and then after, back to back; each value is the median "
        "over the rounds.",
        "",
        "```sh",
        *(f"python benchmarks/{s} {' '.join(a)} --json" for s, a, _ in BENCHES),
        "```",
        "",
        "| figure | before | after | speed-up |",
        "|---|---|---|---|",
    ]
    for _, _, figures in BENCHES:
        for key, label in figures.items():
            before = statistics.median(samples.get(("before", key), [float("nan")]))
            after = statistics.median(samples.get(("after", key), [float("nan")]))
            if direction(key) > 0:  # a rate: higher is faster
                speedup = after / before if before else float("nan")
            else:
                speedup = before / after if after else float("nan")
            lines.append(f"| {label} | {before:,.4g} | {after:,.4g} | {speedup:.2f}x |")
    text = "\n".join(lines) + "\n"
    print(text)
    if args.out:
        from core.atomic import write_text

        write_text(args.out, text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
