"""The compiled engine, the same code as plain Python and another checkout, side by side
in one run (issue 39 item 4; not a test).

    python benchmarks/compiled_side_by_side.py --base ../main [--rounds 3] [--out t.md]

Each round runs, back to back so all three see the same machine load: the ``--base``
checkout (today's main, plain Python), this checkout with ``ANDEAN_PURE=1``, and this
checkout compiled (it must have a compiled build: ``ANDEAN_COMPILE=1 pip install
--no-deps -e .``). In each it runs benchmarks/bench_engine.py (random legal games),
bench_nonplayer.py (section-8 turns), bench_search.py --think 0.5s (the campaign
Government's rollouts a second) and bench_env.py (the research environment, random
agents). A figure's value is its median over the rounds; the table gives each with its
ratio to the base (> 1: better). The load average before and after is printed, since
the machine may be shared. docs/performance.md, "The compiled engine".
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(HERE))  # this checkout first

#: (benchmark, its arguments, the figures read from its --json output, higher is better)
BENCHES: list[tuple[str, list[str], list[tuple[str, bool]]]] = [
    ("bench_engine.py", ["--games", "20", "--repeat", "400"],
     [("random_cards_per_second", True), ("random_cards_per_cpu_second", True)]),
    ("bench_nonplayer.py", ["--games", "3"],
     [("turn_median_ms", False), ("turn_cpu_median_ms", False)]),
    ("bench_search.py", ["--think", "0.5s", "--games", "1"],
     [("rollouts_per_second", True)]),
    ("bench_env.py", ["--games", "6"],
     [("env_cards_per_second", True), ("env_cards_per_cpu_second", True)]),
]


def _json_of(text: str) -> dict[str, object]:
    data: dict[str, object] = json.loads(text[text.index("{"):])
    return data


def side_env(pure: bool) -> dict[str, str]:
    """This process's environment for one side: plain Python forced (``ANDEAN_PURE=1``)
    or the engine the checkout has (no ``ANDEAN_PURE``)."""
    env = dict(os.environ)
    env.pop("ANDEAN_PURE", None)
    if pure:
        env["ANDEAN_PURE"] = "1"
    return env


def run(checkout: Path, pure: bool) -> dict[str, float]:
    env = side_env(pure)
    out: dict[str, float] = {}
    for script, args, figures in BENCHES:
        cmd = [sys.executable, str(checkout / "benchmarks" / script), *args, "--json"]
        done = subprocess.run(cmd, cwd=checkout, env=env, capture_output=True, text=True,
                              check=False)
        if done.returncode:
            sys.exit(f"{' '.join(cmd)} failed:\n{done.stderr[-1500:]}")
        data = _json_of(done.stdout)
        for name, _ in figures:
            out[name] = float(data[name])  # type: ignore[arg-type]
    return out


def engine_of(checkout: Path, pure: bool) -> str:
    env = dict(os.environ, ANDEAN_PURE="1" if pure else "")
    code = "import core\ntry:\n from core import engine; print(engine.ENGINE)\n" \
           "except ImportError:\n print('plain Python (no core.engine)')"
    done = subprocess.run([sys.executable, "-c", code], cwd=checkout, env=env,
                          capture_output=True, text=True, check=True)
    return done.stdout.strip()


Side = tuple[str, Path, bool]  # (name, checkout, plain Python forced)


def sides_here(base: Path, base_pure: bool) -> tuple[list[Side], str | None]:
    """The three sides measured (the ``base`` checkout, this one plain, this one
    compiled) and, when this checkout has no compiled build in use, why not."""
    sides = [("base", base.resolve(), base_pure), ("plain", HERE, True),
             ("compiled", HERE, False)]
    engine = engine_of(HERE, False)
    missing = None if engine.startswith("compiled") else f"no compiled build here: {engine}"
    return sides, missing


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", type=Path, required=True, help="checkout to compare with")
    parser.add_argument("--rounds", type=int, default=3, help="rounds (default 3)")
    parser.add_argument("--out", type=Path, help="write the table here too")
    args = parser.parse_args(argv)
    sides, missing = sides_here(args.base, False)
    if missing:
        print(missing)
        return 1
    engines = {name: engine_of(path, pure) for name, path, pure in sides}
    load_before = os.getloadavg()
    results: dict[str, list[dict[str, float]]] = {name: [] for name, _, _ in sides}
    for _ in range(args.rounds):
        for name, path, pure in sides:
            results[name].append(run(path, pure))
    load_after = os.getloadavg()
    lines = [
        f"{args.rounds} rounds; load average (1, 5, 15 min) before "
        f"{', '.join(f'{x:.1f}' for x in load_before)}, after "
        f"{', '.join(f'{x:.1f}' for x in load_after)}; {os.cpu_count()} CPUs",
        "",
        *(f"- {name}: {engines[name]} ({path})" for name, path, _ in sides),
        "",
        "| figure | base | plain | compiled | plain/base | compiled/base |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for _, _, figures in BENCHES:
        for figure, higher in figures:
            med = {n: statistics.median(r[figure] for r in results[n]) for n in results}

            def ratio(n: str, figure: str = figure, higher: bool = higher,
                      med: dict[str, float] = med) -> str:
                a, b = med[n], med["base"]
                return f"{(a / b if higher else b / a):.2f}x" if a and b else "-"

            lines.append(f"| {figure} | {med['base']:g} | {med['plain']:g} | "
                         f"{med['compiled']:g} | {ratio('plain')} | {ratio('compiled')} |")
    text = "\n".join(lines)
    print(text)
    if args.out:
        args.out.write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
