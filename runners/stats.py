"""Rates and paired tests of batches (issue 42 item 3): a share of games with its exact
binomial 95% interval, and McNemar's exact test of two runs on the same seeds.

The means (Student's t interval) and the paired t test of margins are
:func:`runners.games.mean_ci` and :func:`runners.games.paired_difference`. All need the
``stats`` extra (scipy).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.extras import require_extra


def share(k: int, n: int) -> dict[str, Any]:
    """``k`` games of ``n``: the rate and its exact (Clopper-Pearson) binomial 95%
    interval (``ci95`` None when ``n`` is 0), as ``benchmarks/strength.py`` reports
    shares."""
    if not 0 <= k <= n:
        raise ValueError(f"a share is 0 to n games of n, not {k} of {n}")
    if n == 0:
        return {"k": 0, "n": 0, "rate": None, "ci95": None}
    stats = require_extra("stats", "a binomial 95% interval")
    ci = stats.binomtest(k, n).proportion_ci(0.95, method="exact")
    return {"k": k, "n": n, "rate": round(k / n, 4),
            "ci95": [round(float(ci.low), 4), round(float(ci.high), 4)]}


def mcnemar(first: Sequence[bool], second: Sequence[bool]) -> dict[str, Any]:
    """McNemar's exact test of a yes/no outcome (a win, an 8.8 level) measured game by
    game on the same seeds: ``first_only`` games it held in the first run alone,
    ``second_only`` in the second alone, and ``p`` the two-sided exact binomial p-value of
    those discordant games (None when there is none: the runs never differ)."""
    if len(first) != len(second):
        raise ValueError(f"paired samples differ in length: {len(first)} and {len(second)}")
    first_only = sum(1 for a, b in zip(first, second) if a and not b)
    second_only = sum(1 for a, b in zip(first, second) if b and not a)
    p = None
    if first_only + second_only:
        stats = require_extra("stats", "McNemar's test")
        p = float(stats.binomtest(second_only, first_only + second_only, 0.5).pvalue)
    return {"first_only": first_only, "second_only": second_only, "p": p}


def percent(s: dict[str, Any]) -> str:
    """A :func:`share` in words: '30.0% (11.9-54.3%)'; '-' for no games."""
    if not s["n"]:
        return "-"
    low, high = s["ci95"]
    return f"{100 * s['rate']:.1f}% ({100 * low:.1f}-{100 * high:.1f}%)"


def p_text(p: float | None) -> str:
    """A p-value as printed: '0.031', '< 0.001', '-' when undefined."""
    if p is None:
        return "-"
    return "< 0.001" if p < 0.001 else f"{p:.3f}"


__all__ = ["mcnemar", "p_text", "percent", "share"]
