"""The benchmarks' shared timing harness (issue 18 item 3): percentiles, a baseline saved
and compared in a later run, and the ratios' direction (a time lower, a rate higher)."""

from __future__ import annotations

import argparse
import json

import pytest

from benchmarks import harness


def test_time_calls_warms_up_then_times_each_call() -> None:
    calls: list[int] = []
    samples = harness.time_calls(lambda: calls.append(1), repeat=5, warmup=3)
    assert len(calls) == 8 and len(samples) == 5
    assert all(s >= 0 for s in samples)


def test_percentiles_are_measured_values_by_nearest_rank() -> None:
    values = [float(v) for v in range(1, 101)]  # 1..100
    assert harness.percentile(values, 0.5) == 51.0
    assert harness.percentile(values, 0.9) == 90.0
    assert harness.percentile(values, 0.99) == 99.0
    assert harness.percentile(values, 1.0) == 100.0
    figures = harness.summarize("turn", [0.001, 0.002, 0.004], "ms")
    assert figures == {"turn_median_ms": 2.0, "turn_p90_ms": 4.0, "turn_p99_ms": 4.0,
                       "turn_max_ms": 4.0}


def _bench(args: argparse.Namespace) -> dict:
    work = int(args.work)
    samples = harness.time_calls(lambda: sum(range(work)), repeat=20, warmup=2)
    out = harness.summarize("sum", samples, "us")
    out["sums_per_second"] = round(1 / max(harness.percentile(samples, 0.5), 1e-9), 1)
    out["work"] = work
    return out


def _configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--work", type=int, default=1000)


def test_baseline_saved_then_compared_in_a_later_run(tmp_path, capsys) -> None:
    path = tmp_path / "base.json"
    first = harness.run("trivial", "A trivial benchmark.", _configure, _bench,
                        ["--work", "1000", "--save-baseline", str(path), "--json"])
    saved = json.loads(path.read_text())
    assert saved["benchmark"] == "trivial"
    assert saved["settings"] == {"work": 1000}
    assert saved["results"] == first
    capsys.readouterr()
    second = harness.run("trivial", "A trivial benchmark.", _configure, _bench,
                         ["--work", "1000", "--compare", str(path), "--json"])
    printed = json.loads(capsys.readouterr().out)
    assert printed == second
    comparison = second["compare"]
    assert comparison["baseline"] == str(path)
    assert comparison["baseline_settings_differ"] is False
    row = comparison["figures"]["sum_median_us"]
    assert row["baseline"] == first["sum_median_us"]
    assert row["now"] == second["sum_median_us"]
    assert row["ratio"] == round(second["sum_median_us"] / first["sum_median_us"], 3)
    assert comparison["figures"]["work"]["ratio"] == 1.0


def test_compare_says_faster_for_a_lower_time_and_a_higher_rate() -> None:
    rows = harness.compare({"turn_median_ms": 0.5, "cards_per_second": 300.0, "games": 20},
                           {"turn_median_ms": 1.0, "cards_per_second": 100.0, "games": 10})
    assert rows["turn_median_ms"] == {"baseline": 1.0, "now": 0.5, "ratio": 0.5,
                                      "speedup": 2.0}
    assert rows["cards_per_second"]["speedup"] == 3.0
    assert "speedup" not in rows["games"]  # a count is neither faster nor slower
    text = harness.render({"turn_median_ms": 0.5},
                          {"baseline": "b.json", "baseline_settings_differ": True,
                           "figures": {"turn_median_ms": rows["turn_median_ms"]}})
    assert "different settings" in text and "2.00x faster" in text


def test_a_baseline_of_another_benchmark_is_refused(tmp_path) -> None:
    path = tmp_path / "base.json"
    harness.save_baseline(path, harness.baseline_record("bench_engine", {}, {"x_ms": 1}))
    with pytest.raises(SystemExit, match="bench_engine"):
        harness.run("trivial", "A trivial benchmark.", _configure, _bench,
                    ["--compare", str(path)])
