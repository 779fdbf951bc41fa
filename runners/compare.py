"""Two batch runs compared game by game on the seeds they share (issue 42 item 3):
``andean batch --compare RUN_A RUN_B``.

A game depends only on its seed and on who plays (runners/games.py), so two runs on the
same seeds differ only by what plays: the paired differences of the margins (second run
minus first, game by game) have far narrower intervals than the two runs' means apart.
:func:`compare` returns, for each Faction, the margin difference with its Student-t 95%
interval, the paired t test and how many games it went up or down; each Faction's win
rate in either run with its exact 95% interval and McNemar's exact test of the games won
in one run only; for runs of the solitaire game (8.0) the 8.8 score's difference and each
8.8 level's rates the same way.

A fair comparison seats the bot and its control the same way: an Insurgent agent makes a
2-player game (Insurgent Discord, 8.1), so its control is ``--agent
SEAT=builtin:flowchart`` (agents/builtin.py), not a batch of bots alone; the runs'
seatings are shown side by side, and runs whose seats differ are compared only with a
warning.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from core.files import read_input, shown
from runners.games import FACTIONS, LEVELS, GameRecord, paired_difference, read_csv
from runners.stats import mcnemar, share


class CompareError(ValueError):
    """Two runs that cannot be compared, or a run that cannot be read: one line."""


def load_run(path: str | Path) -> tuple[list[GameRecord], dict[str, Any]]:
    """The games of the batch run in folder ``path`` (its games.csv; a games.csv named
    directly is taken too) and its parameters (its run.json, {} when it has none)."""
    target = Path(path)
    csv_path = target / "games.csv" if target.is_dir() else target
    if not csv_path.is_file():
        where = f"{shown(target)} holds no games.csv" if target.is_dir() else \
            f"{shown(target)} is neither a batch's folder nor its games.csv"
        raise CompareError(f"{where}: name the --out folder of an andean batch run")
    try:
        records = read_csv(csv_path)
    except (OSError, ValueError) as err:
        raise CompareError(str(err)) from None
    run: dict[str, Any] = {}
    run_path = csv_path.parent / "run.json"
    if run_path.is_file():
        try:
            data = json.loads(read_input(run_path, "run.json").decode("utf-8"))
        except (OSError, ValueError, UnicodeDecodeError) as err:
            raise CompareError(f"{shown(run_path)} cannot be read ({err})") from None
        if isinstance(data, dict):
            run = data
    return records, run


def seating(run: dict[str, Any], records: list[GameRecord]) -> dict[str, str]:
    """Who played each seat of a run: the Government bot's name or an agent's command
    (``agent COMMAND``), 'section-8 flowchart' for the Insurgents without an agent."""
    agents = run.get("agents") or {}
    govt = records[0].govt if records else str(run.get("plays", run.get("govt", "?")))
    out = {"Government": f"agent {agents['Government']}" if "Government" in agents
           else (f"agent {govt[6:]}" if govt.startswith("agent:") else govt)}
    for f in FACTIONS[1:]:
        out[f] = f"agent {agents[f]}" if f in agents else "section-8 flowchart"
    return out


def _who_plays(seats: dict[str, str]) -> tuple[bool, ...]:
    """Which seats an agent (a player of its own) holds: the seating of the game (1.5),
    whatever the agent is."""
    return tuple(seats[f].startswith("agent ") for f in FACTIONS[1:])


def compare(first: list[GameRecord], second: list[GameRecord],
            first_run: dict[str, Any] | None = None,
            second_run: dict[str, Any] | None = None) -> dict[str, Any]:
    """The paired comparison of two runs' games on the seeds both played to the end
    (``second`` minus ``first``). CompareError when they share no such seed or a seed
    was played in another scenario."""
    a = {r.seed: r for r in first}
    b = {r.seed: r for r in second}
    common = sorted(set(a) & set(b))
    if not common:
        raise CompareError("the two runs share no seed: play the second with --seeds-of "
                           "FIRST_RUN (or both with the same --seed) and the same --games")
    for seed in common:
        if a[seed].scenario != b[seed].scenario:
            raise CompareError(f"seed {seed} was played in the {a[seed].scenario} scenario "
                               f"in one run and the {b[seed].scenario} in the other: not "
                               "the same game")
    errors = [s for s in common if a[s].error or b[s].error]
    seeds = [s for s in common if s not in errors]
    if not seeds:
        raise CompareError(f"every one of the {len(common)} shared seeds is an error in "
                           "one run or the other: nothing to compare")
    pa, pb = [a[s] for s in seeds], [b[s] for s in seeds]
    seats = [seating(first_run or {}, first), seating(second_run or {}, second)]
    out: dict[str, Any] = {
        "games": len(seeds),
        "seeds": [seeds[0], seeds[-1]],
        "scenario": sorted({r.scenario for r in pa}),
        "only_first": len(set(a) - set(b)),
        "only_second": len(set(b) - set(a)),
        "errors": len(errors),
        "fallbacks": [sum(1 for r in pa if r.fallback), sum(1 for r in pb if r.fallback)],
        "seats": seats,
        "same_seating": _who_plays(seats[0]) == _who_plays(seats[1]),
        "margins": {},
        "wins": {},
    }
    for f in FACTIONS:
        xs = [float(r.victory_margins[f]) for r in pa]
        ys = [float(r.victory_margins[f]) for r in pb]
        diff = paired_difference(xs, ys)
        diff["worse"] = sum(1 for x, y in zip(xs, ys) if y < x)
        out["margins"][f] = diff
        won_a, won_b = [r.winner == f for r in pa], [r.winner == f for r in pb]
        out["wins"][f] = {"first": share(sum(won_a), len(seeds)),
                          "second": share(sum(won_b), len(seeds)),
                          "mcnemar": mcnemar(won_a, won_b)}
    solo = all(r.solo_score is not None for r in pa + pb)
    out["solitaire"] = solo
    if solo:
        xs = [float(r.solo_score or 0) for r in pa]
        ys = [float(r.solo_score or 0) for r in pb]
        diff = paired_difference(xs, ys)
        diff["worse"] = sum(1 for x, y in zip(xs, ys) if y < x)
        out["solo_score"] = diff
        out["solo_levels"] = {}
        for level in LEVELS:
            at_a, at_b = [r.solo_level == level for r in pa], [r.solo_level == level for r in pb]
            out["solo_levels"][level] = {"first": share(sum(at_a), len(seeds)),
                                         "second": share(sum(at_b), len(seeds)),
                                         "mcnemar": mcnemar(at_a, at_b)}
    return out


__all__ = ["CompareError", "compare", "load_run", "seating"]
