"""The timing harness every benchmark shares: timing, percentiles, baselines, the CLI.

* :func:`time_calls` times a function ``repeat`` times after ``warmup`` untimed calls;
  :class:`Stopwatch` times a block (a turn, a decision, a game) where it runs;
* :func:`summarize` turns samples (seconds) into ``<name>_median_<unit>``, ``_p90_``,
  ``_p99_`` and ``_max_`` figures (nearest-rank percentiles, :func:`percentile`);
* :func:`run` is a benchmark's ``main``: its own arguments plus ``--json``,
  ``--save-baseline FILE`` (write this run's results as a baseline) and ``--compare FILE``
  (report, in the same run, each figure's ratio to the baseline's).

A ratio, not an absolute time, is what a change is judged by: run the baseline and the
change on the same machine, under the same load, one after the other. The ratio is
``now / baseline``; for a time (``_us``, ``_ms``, ``_s``) below 1 is faster, for a rate
(``per_second``) above 1 is faster, and :func:`compare` says which.

Each ``bench_*.py`` puts the checkout it sits in first on ``sys.path`` (so it measures
the code beside it and finds this module however it is started) and calls :func:`run`.
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

#: Seconds per unit suffix of a figure's name.
UNITS = {"us": 1e-6, "ms": 1e-3, "s": 1.0}
#: Options the harness adds; they are not settings of the benchmark.
HARNESS_OPTIONS = ("json", "save_baseline", "compare")


def time_calls(fn: Callable[[], object], repeat: int, warmup: int = 0) -> list[float]:
    """Seconds taken by each of ``repeat`` calls of ``fn``, after ``warmup`` untimed calls."""
    for _ in range(warmup):
        fn()
    samples: list[float] = []
    for _ in range(repeat):
        with Stopwatch(samples):
            fn()
    return samples


class Stopwatch:
    """Times the ``with`` block it guards: ``seconds`` once the block ends, also appended
    to ``into`` when given (``with Stopwatch(turn_times): take_turn(game)``)."""

    def __init__(self, into: list[float] | None = None) -> None:
        self.into = into
        self.seconds = 0.0
        self._start = 0.0

    def __enter__(self) -> Stopwatch:
        self._start = time.perf_counter()
        return self

    def __exit__(self, *exc: object) -> None:
        self.seconds = time.perf_counter() - self._start
        if self.into is not None:
            self.into.append(self.seconds)


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0-1) of ``values``, nearest rank (a value that was measured)."""
    if not values:
        raise ValueError("no samples")
    data = sorted(values)
    return data[min(len(data) - 1, int(q * (len(data) - 1) + 0.5))]


def summarize(name: str, samples: Sequence[float], unit: str = "ms",
              digits: int = 2) -> dict[str, float]:
    """Median, 90th and 99th percentile and maximum of ``samples`` (seconds) in ``unit``."""
    scale = UNITS[unit]
    figures = {"median": statistics.median(samples), "p90": percentile(samples, 0.9),
               "p99": percentile(samples, 0.99), "max": max(samples)}
    return {f"{name}_{k}_{unit}": round(v / scale, digits) for k, v in figures.items()}


def direction(key: str) -> int:
    """+1 if a larger figure is better (a rate), -1 if smaller is (a time), 0 if neither."""
    if key.endswith("per_second"):
        return 1
    if key.rsplit("_", 1)[-1] in UNITS:
        return -1
    return 0


def compare(results: dict[str, Any], baseline: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Each numeric figure present in both: baseline, now, ratio (now / baseline) and, for
    times and rates, ``speedup`` (> 1: faster than the baseline)."""
    out: dict[str, dict[str, Any]] = {}
    for key, now in results.items():
        then = baseline.get(key)
        if not _number(now) or not _number(then) or then == 0:
            continue
        row: dict[str, Any] = {"baseline": then, "now": now, "ratio": round(now / then, 3)}
        sign = direction(key)
        if sign and now != 0:
            row["speedup"] = round((now / then) ** sign, 3)
        out[key] = row
    return out


def _number(value: Any) -> bool:
    return (isinstance(value, int | float) and not isinstance(value, bool)
            and math.isfinite(value))


def baseline_record(name: str, settings: dict[str, Any],
                    results: dict[str, Any]) -> dict[str, Any]:
    """What ``--save-baseline`` writes: the benchmark, its settings, the machine, the
    results."""
    return {
        "benchmark": name,
        "settings": settings,
        "results": results,
        "python": platform.python_version(),
        "machine": platform.platform(),
        "saved": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
    }


def save_baseline(path: str | Path, record: dict[str, Any]) -> None:
    Path(path).write_text(json.dumps(record, indent=2) + "\n", encoding="utf-8")


def load_baseline(path: str | Path, name: str) -> dict[str, Any]:
    record: dict[str, Any] = json.loads(Path(path).read_text(encoding="utf-8"))
    if record.get("benchmark") != name:
        raise SystemExit(f"{path} is a baseline of {record.get('benchmark')!r}, not {name!r}")
    return record


def run(name: str, doc: str, configure: Callable[[argparse.ArgumentParser], None],
        bench: Callable[[argparse.Namespace], dict[str, Any]],
        argv: list[str] | None = None) -> dict[str, Any]:
    """A benchmark's command line: parse its arguments (``configure`` adds its own),
    run ``bench``, print the results (text, or ``--json``), save and/or compare against a
    baseline. Returns what was printed as JSON."""
    parser = argparse.ArgumentParser(description=doc.strip().splitlines()[0])
    configure(parser)
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--save-baseline", metavar="FILE",
                        help="write this run's results to FILE as a baseline")
    parser.add_argument("--compare", metavar="FILE",
                        help="report each figure's ratio to the baseline in FILE")
    args = parser.parse_args(argv)
    settings = {k: v for k, v in vars(args).items() if k not in HARNESS_OPTIONS}
    base = load_baseline(args.compare, name) if args.compare else None  # fail before work
    results = bench(args)
    output: dict[str, Any] = dict(results)
    if base is not None:
        output["compare"] = {
            "baseline": args.compare,
            "baseline_settings_differ": base["settings"] != settings,
            "figures": compare(results, base["results"]),
        }
    if args.save_baseline:
        save_baseline(args.save_baseline, baseline_record(name, settings, results))
    if args.json:
        print(json.dumps(output, indent=2))
    else:
        print(render(results, output.get("compare")))
    if args.save_baseline:
        print(f"baseline saved to {args.save_baseline}", file=sys.stderr)
    return output


def render(results: dict[str, Any], comparison: dict[str, Any] | None = None) -> str:
    """The results as text, one figure a line; with a comparison, the baseline, the ratio
    and whether it is faster or slower."""
    width = max(len(k) for k in results)
    if comparison is None:
        return "\n".join(f"{k:{width}}  {v}" for k, v in results.items())
    figures = comparison["figures"]
    lines = [f"compared with {comparison['baseline']}"
             + (" (different settings!)" if comparison["baseline_settings_differ"] else "")]
    lines.append(f"{'figure':{width}}  {'now':>10}  {'baseline':>10}  {'ratio':>7}")
    for key, value in results.items():
        row = figures.get(key)
        if row is None:
            lines.append(f"{key:{width}}  {value!s:>10}")
            continue
        note = ""
        if "speedup" in row:
            note = f"  {row['speedup']:.2f}x " + ("faster" if row["speedup"] >= 1 else "slower")
        lines.append(f"{key:{width}}  {value!s:>10}  {row['baseline']!s:>10}  "
                     f"{row['ratio']:>7.3f}{note}")
    return "\n".join(lines)
