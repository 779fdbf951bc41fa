"""The decision bench of the search Government (issue 40 item 1): how well does a bot
choose, measured on recorded positions against a reference that rolls out every
candidate on many shared futures.

    PYTHONPATH=. python benchmarks/decision_bench.py run --games DIR [DIR ...] \\
        --positions 100 --out benchmarks/results/decision-bench/rollouts.jsonl [--workers 2]
    PYTHONPATH=. python benchmarks/decision_bench.py report \\
        --rollouts benchmarks/results/decision-bench/rollouts.jsonl [--json]

**Positions** are the Government's decisions on Event cards in kept games
(``andean batch --keep-games``; docs/strength.md says which Government played them) on
*training* seeds (below 100000: the
bench tunes, so held-out seeds never enter it; ``run`` refuses a game whose seed is not
a training seed). They are weighted to those that matter: every decision whose next
Propaganda card is at most :data:`NEAR` cards away is eligible first (the victory check
6.1 and the Support Phase 6.4 are close, and the candidates' futures part there), the
others only to fill the count; a seeded sample of ``--positions`` of them, in sampled
order (a run stopped early has judged a random sample of the eligible positions).

**Candidates** are exactly those the default Government short-lists at that position
(:func:`nonplayer.government.campaign.prepare`, the default ``--think`` level, bot seed
0: the CP-SAT plans' best few, Pass, the best Event, one per campaign plan).

**Rollouts** (:func:`nonplayer.government.campaign.rollout`, the bot's own: the
command, then the Non-players by their flowcharts and the fast policy to the end of the
next Propaganda Round, leaf on the one scale of :func:`base.final_score`), on futures
sampled as the bot samples them (:func:`campaign.determinize`: the unseen deck and the
dice; every candidate on the same futures):

* ``reference``: :data:`REFERENCE` futures from a generator of their own: per candidate
  the mean leaf value and the chance that an Insurgent wins the next victory check, with
  their paired standard errors; the reference choice is the best mean;
* ``sample``: :data:`SAMPLE` further futures from the bot's own generator, continued
  after its candidates, so the first 5 are exactly the futures the default bot draws:
  the k-future choice (k = 5, 16, 32) is the best mean over the first k; choice rules
  that spend their rollouts differently (successive halving, issue 40 item 3) are
  replayed from these rollouts without playing again;
* ``truth``: one rollout on the true deck and dice of the kept game (the clairvoyant
  diagnostic's world), and one on the true deck with resampled dice (deck-only
  clairvoyance): the hindsight choices.

**The yardstick leaf** (issue 40 item 2): ``run --leaf yardstick`` plays every rollout
on to the end of the next Propaganda Round (the yardstick leaf's rollouts, no card cap)
and records both leaves from the one rollout (:attr:`campaign.Budget.dual_cap`): the
default leaf where the level's card cap would have stopped it (``reference``,
``sample``, ``truth``: bit for bit the default run's) and, at its end, the yardstick
leaf (``*_leaf``: 0 or 100 for a finished game, else the features of the Round's end, so
that ``report`` applies the shipped model, or a refit, without new rollouts) with the
lost checks there (``*_leaf_lost``) and the cards each played (``*_cards``,
``*_cap_cards``). ``report`` on such rows compares the leaves (:func:`leaf_report`):
every rule of :data:`LEAF_RULES` chooses on its leaf and is judged by both leaves'
references and the chance of losing the next victory check. ``--far K`` makes K of the
positions ones more than :data:`NEAR` cards before a Propaganda card, where the card cap
bites.

**New plans at the same positions** (issue 40 item 4): ``extend --rollouts ROWS --games
DIR --plans hold@0.5 foothold no-eradicate@10 --out EXT`` rolls out only the named plans
(default or ledger plans, :mod:`nonplayer.government.plan`; ``@X`` a weight, or
no-eradicate's distance from the Cartels' goal) at every row's position on the *same*
futures as the row's candidates (the plans draw nothing from the bot's generator; the
reference futures are keyed by the path the row's run read the game from: ``--key-dir``
when the games are read from elsewhere now), by the default level's rollouts (the
default leaf); it first rolls the default plans again on :data:`CHECK_FUTURES` reference
futures and records whether they are the row's (``check``), so rows that no longer
replay at this commit are known. ``report --rollouts ROWS --extra EXT`` then says, per
plan (:func:`plans_report`), how often it is the reference's best, its regret, and what
adding it to the candidates does to the choice of 5 futures, halving 4-8-16-32 and 32
futures (paired, on the same random splits).

``report`` prints, for each choice rule, how often it agrees with the reference choice,
how often its choice is within two paired standard errors of it, its regret in both
measures (reference mean of the reference choice minus that of the rule's choice; the
rule's choice's chance of a lost check minus the lowest among the candidates), and the
rollouts it spends; then the sampling rules' *expected* figures over random splits of each
position's 96 futures into a sample and a reference (:func:`resampled`: one draw a
position is noisy when the positions are few). Each position's rollouts are a function
of the position only, so a
run gives the same file on any number of workers (``--workers``: positions in
parallel, rows written in position order; ``--resume`` keeps the rows already written).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing as mp
import random
import sys
import time
import zlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.game import Game, sequence  # noqa: E402
from core.game.serialize import load  # noqa: E402
from core.pieces import Faction  # noqa: E402
from nonplayer.government.campaign import (  # noqa: E402
    DEFAULT_THINK,
    FIXED_WORK_SAFETY,
    HEURISTIC_MODEL,
    ROUND_END_CAP,
    THINK_LEVELS,
    determinize,
    plan_candidates,
    prepare,
    rollouts_on,
    tuned_weights,
)
from nonplayer.government.plan import (  # noqa: E402
    CARTELS_FAR,
    LEDGER_PLANS,
    PLANS,
    Plan,
    cartels_far,
    plan_named,
)
from nonplayer.government.value import cards_to_propaganda  # noqa: E402
from nonplayer.government.yardstick import features as yardstick_features  # noqa: E402
from nonplayer.government.yardstick import yardstick_value  # noqa: E402
from runners.games import kept_games  # noqa: E402

GOVT = Faction.GOVT
#: Futures of the reference.
REFERENCE = 64
#: Futures of the bot's own stream, for the k-future choices and the replayed rules.
SAMPLE = 32
#: A decision is near a Propaganda card when it is at most this many cards away.
NEAR = 3
#: The held-out seeds start here: the bench reads training games only.
HELD_OUT = 100000


# ======================================================================================
# positions
# ======================================================================================
@dataclass(frozen=True)
class Position:
    """A Government decision on an Event card: the kept game and the log entry it made."""

    game: str  # path of the save file
    index: int  # the log entry the Government's decision is (the position is before it)
    cards_to_propaganda: int
    rounds: int  # Propaganda Rounds played


def seed_of(path: Path) -> int:
    """The seed of a kept game (its file name is the batch's seed)."""
    return int(path.stem)


def positions_of(path: Path) -> list[Position]:
    """Every Government decision on an Event card of the kept game at ``path``."""
    saved = load(path)
    game = Game.replay(saved.initial, [])
    out = []
    for i, entry in enumerate(saved.log):
        s = game.state
        if s.phase == "card" and sequence.to_move(s) is GOVT \
                and entry.get("faction") == GOVT.label:
            out.append(Position(str(path), i, cards_to_propaganda(s)[0], s.propaganda_cards))
        game.replay_entry(entry)
    return out


def choose_positions(folders: Sequence[str], n: int, seed: int = 0,
                     far: int = 0) -> list[Position]:
    """``n`` positions of the kept games in ``folders``: a seeded sample of those at most
    :data:`NEAR` cards before a Propaganda card, the others only to fill; in sampled
    order, so that any first part of the list is a random sample of it. With ``far``,
    that many of the ``n`` are the others (where the rollouts' card cap bites), the two
    kinds shuffled together."""
    found: list[Position] = []
    for folder in folders:
        for name, path in kept_games(folder).items():
            if not name.isdigit() or int(name) >= HELD_OUT:
                raise SystemExit(f"decision_bench: {path} is not a training game (seed below "
                                 f"{HELD_OUT}): the bench tunes, held-out seeds stay out")
            found += positions_of(path)
    rng = random.Random(seed)
    near = [p for p in found if p.cards_to_propaganda <= NEAR]
    others = [p for p in found if p.cards_to_propaganda > NEAR]
    if far:
        chosen = rng.sample(near, min(n - far, len(near)))
        chosen += rng.sample(others, min(n - len(chosen), len(others)))
        rng.shuffle(chosen)
        return chosen
    chosen = rng.sample(near, min(n, len(near)))
    chosen += rng.sample(others, min(n - len(chosen), len(others)))
    return chosen  # in sampled order: a run stopped early has judged a random sample


def state_at(pos: Position) -> Game:
    """The kept game replayed to the position (the true deck and dice included)."""
    saved = load(pos.game)
    game = Game.replay(saved.initial, [])
    for entry in saved.log[: pos.index]:
        game.replay_entry(entry)
    return game


# ======================================================================================
# rollouts of one position
# ======================================================================================
def _lost(outcome: Any) -> int:
    """1 if an Insurgent won the game at the victory check the rollout reached."""
    return int(outcome is not None and outcome.over and outcome.winner != GOVT.label)


def _score(outcome: Any) -> float:
    return round(outcome.score, 2) if outcome is not None else float("nan")


def _leaf(outcome: Any) -> float | list[float] | None:
    """The yardstick leaf of an uncapped rollout (``--leaf yardstick``): 0 or 100 for a
    finished game (8.8), else the features of the Round's end it reached, for the model
    ``report`` applies (so that a refit needs no new rollouts)."""
    if outcome is None:
        return None
    board = outcome.board
    if board.phase == "over":
        return yardstick_value(board)
    return [round(v, 3) for v in yardstick_features(board).values()]


def judge(pos: Position, think: str = DEFAULT_THINK, reference: int = REFERENCE,
          sample: int = SAMPLE, leaf: str = "") -> dict[str, Any]:
    """Every short-listed candidate of ``pos`` rolled out on the reference, the sample
    and the true futures (module docstring). With ``leaf`` ``yardstick`` the rollouts go
    on to the end of the next Propaganda Round (the yardstick leaf's, issue 40 item 2)
    and each gives both leaves: the default one where the level's card cap would have
    stopped it (``reference``, ``sample``, ``truth``, bit for bit the default run's) and
    the yardstick one at its end (``*_leaf``, ``*_leaf_lost``)."""
    start, cpu = time.perf_counter(), time.process_time()
    game = state_at(pos)
    state = game.state
    # a measurement: the planned work whatever the load (the wall-clock safety net of
    # the CP-SAT candidates out of reach, as ANDEAN_SEARCH_FIXED_WORK=1 does in games)
    budget = replace(THINK_LEVELS[think], safety=FIXED_WORK_SAFETY)
    if leaf == "yardstick":  # one rollout, both leaves (Budget.dual_cap)
        budget = replace(budget, max_cards=ROUND_END_CAP, dual_cap=budget.max_cards)
    weights = tuned_weights()
    prep = prepare(state, budget, 0, weights, heuristic=True)
    samples = [determinize(prep.seen, prep.rng) for _ in range(sample)]
    ref_rng = random.Random(zlib.crc32(f"reference {pos.game} {pos.index}".encode()))
    references = [determinize(prep.seen, ref_rng) for _ in range(reference)]
    deck_only = state.clone()
    deck_only.rng_seed = ref_rng.getrandbits(48)
    deck_only.rng_counter = 0
    worlds = {"reference": references, "sample": samples, "truth": [state, deck_only]}
    # every candidate on each future at once: the same outcomes as one rollout each,
    # with the work the candidates share done once (campaign.rollouts_on)
    played = {name: [rollouts_on(f, prep.short, budget, weights, prep.policy)
                     for f in futures] for name, futures in worlds.items()}
    cands = []
    rollouts = 0
    for i, cand in enumerate(prep.short):
        row: dict[str, Any] = {"label": cand.label, "kind": cand.kind, "model": cand.model,
                               "plan": cand.plan.name if cand.plan is not None else "",
                               "pre_score": cand.score}
        for name, results in played.items():
            outcomes = [result[i][0] for result in results]
            rollouts += len(outcomes)
            if leaf:
                row[name + "_leaf"] = [_leaf(o) for o in outcomes]
                row[name + "_leaf_lost"] = "".join(str(_lost(o)) for o in outcomes)
                row[name + "_cards"] = [o.cards if o else 0 for o in outcomes]
                row[name + "_cap_cards"] = [o.capped.cards if o is not None and o.capped is not None
                                           else 0 for o in outcomes]
                outcomes = [o.capped if o is not None else None for o in outcomes]
            row[name] = [_score(o) for o in outcomes]
            row[name + "_lost"] = "".join(str(_lost(o)) for o in outcomes)
        cands.append(row)
    return {"game": Path(pos.game).name, "seed": seed_of(Path(pos.game)), "index": pos.index,
            "cards_to_propaganda": pos.cards_to_propaganda, "rounds": pos.rounds,
            "think": think, "leaf": leaf, "candidates": cands, "rollouts": rollouts,
            "seconds": round(time.perf_counter() - start, 2),
            "cpu_seconds": round(time.process_time() - cpu, 2)}


def _judge_args(args: tuple[Position, str, int, int, str]) -> dict[str, Any]:
    return judge(*args)


def _rows_done(out: Path, resume: bool) -> set[tuple[str, int]]:
    """The (game, index) of every row already in ``out`` when ``resume``; a run that
    would overwrite an existing ``out`` without ``--resume`` is refused."""
    done: set[tuple[str, int]] = set()
    if resume and out.exists():
        for line in out.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            done.add((row["game"], row["index"]))
    elif out.exists():
        raise SystemExit(f"decision_bench: {out} exists (give --resume to continue it)")
    return done


def run(positions: list[Position], out: Path, workers: int, think: str, reference: int,
        sample: int, resume: bool, leaf: str = "") -> None:
    """Judge every position, one JSON line each, in position order."""
    done = _rows_done(out, resume)
    todo = [p for p in positions if (Path(p.game).name, p.index) not in done]
    out.parent.mkdir(parents=True, exist_ok=True)
    jobs = [(p, think, reference, sample, leaf) for p in todo]
    with out.open("a", encoding="utf-8") as f:
        results: Iterator[dict[str, Any]]
        if workers > 1:
            pool = mp.get_context("fork").Pool(workers)
            results = pool.imap(_judge_args, jobs, chunksize=1)
        else:
            pool = None
            results = (judge(*job) for job in jobs)
        try:
            for k, row in enumerate(results, 1):
                f.write(json.dumps(row, separators=(",", ":")) + "\n")
                f.flush()
                print(f"{k}/{len(todo)}: {row['game']} entry {row['index']}, "
                      f"{len(row['candidates'])} candidates, {row['rollouts']} rollouts "
                      f"in {row['seconds']:.0f} s", file=sys.stderr)
        finally:
            if pool is not None:
                pool.terminate()
                pool.join()


# ======================================================================================
# choice rules, replayed from the rollouts
# ======================================================================================
def _mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs) if xs else float("nan")


def best_of(means: Sequence[float]) -> int:
    """The index of the best mean, the first on ties (as the bot's ``max``)."""
    return max(range(len(means)), key=lambda i: means[i])


Rule = Callable[[list[dict[str, Any]]], tuple[int, int]]


def _today(cands: list[dict[str, Any]]) -> list[int]:
    """The candidates today's default judges (the heuristic's own choice is an extra)."""
    return [i for i, c in enumerate(cands) if c.get("model") != HEURISTIC_MODEL]


def mean_choice(k: int) -> Rule:
    """The default rule: every candidate on the first ``k`` sample futures, best mean."""
    def rule(cands: list[dict[str, Any]]) -> tuple[int, int]:
        pool = _today(cands)
        means = [_mean(cands[i]["sample"][:k]) for i in pool]
        return pool[best_of(means)], k * len(pool)
    return rule


def _paired(a: Sequence[float], b: Sequence[float]) -> tuple[float, float]:
    d = [x - y for x, y in zip(a, b, strict=True)]
    n = len(d)
    m = _mean(d)
    if n < 2:
        return m, math.inf
    return m, math.sqrt(sum((x - m) ** 2 for x in d) / (n - 1) / n)


def halving(first: int, rounds: int, margin: float | None = None) -> Rule:
    """Successive halving (issue 40 item 3) on the shared sample futures, as
    :func:`nonplayer.government.campaign.halving_search` does it: every candidate on
    ``first`` futures, the better half on twice as many (the same futures and more),
    ... ``rounds`` rounds; the best mean of the last round wins. With ``margin``, the
    heuristic's own choice is the incumbent: it always goes on, and the best replaces
    it only if it leads by ``margin`` paired standard errors."""
    def rule(cands: list[dict[str, Any]]) -> tuple[int, int]:
        pool = list(range(len(cands))) if margin is not None else _today(cands)
        inc = next((i for i in pool if cands[i].get("model") == HEURISTIC_MODEL), None) \
            if margin is not None else None
        alive = list(pool)
        spent = played = 0
        k = first
        for r in range(rounds):
            k = min(first * 2 ** r, len(cands[0]["sample"]))
            spent += (k - played) * len(alive)  # the futures new to the survivors
            played = k
            if r == rounds - 1 or len(alive) <= 2:
                continue
            ranked = sorted(alive, key=lambda i: -_mean(cands[i]["sample"][:k]))
            keep = ranked[: max(2, (len(alive) + 1) // 2)]
            if inc is not None and inc not in keep:
                keep.append(inc)
            alive = [i for i in alive if i in keep]
        best = max(alive, key=lambda i: (_mean(cands[i]["sample"][:k]), -i))
        if inc is not None and best != inc and margin is not None:
            lead, se = _paired(cands[best]["sample"][:k], cands[inc]["sample"][:k])
            if lead < margin * se:
                best = inc
        return best, spent
    return rule


def fewest_lost(k: int) -> Rule:
    """A first look at the yardstick as the objective (issue 40 item 2): on the first
    ``k`` sample futures, the candidate with the fewest lost victory checks, then the
    best mean (the leaf's chance of avoiding COIN Failure, without the model for the
    futures that go on)."""
    def rule(cands: list[dict[str, Any]]) -> tuple[int, int]:
        pool = _today(cands)
        keys = [(-sum(int(x) for x in cands[i]["sample_lost"][:k]),
                 _mean(cands[i]["sample"][:k])) for i in pool]
        return pool[max(range(len(pool)), key=lambda j: keys[j])], k * len(pool)
    return rule


def truth_choice(which: int) -> Rule:
    """The hindsight choice: the best rollout on the true world (0: deck and dice, the
    clairvoyant diagnostic; 1: the deck only, resampled dice)."""
    def rule(cands: list[dict[str, Any]]) -> tuple[int, int]:
        pool = _today(cands)
        return pool[best_of([cands[i]["truth"][which] for i in pool])], len(pool)
    return rule


RULES: dict[str, Rule] = {
    "5 futures (today's default)": mean_choice(5),
    "16 futures": mean_choice(16),
    "32 futures": mean_choice(32),
    "halving 2-4-8-16": halving(2, 4),
    "halving 4-8-16-32": halving(4, 4),
    "halving 8-16-32": halving(8, 3),
    "halving 16-32": halving(16, 2),
    "halving 2-4-8-16, heuristic kept unless beaten by 2 SE": halving(2, 4, 2.0),
    "halving 4-8-16-32, heuristic kept unless beaten by 2 SE": halving(4, 4, 2.0),
    "fewest lost checks on 5, then mean": fewest_lost(5),
    "fewest lost checks on 32, then mean": fewest_lost(32),
    "clairvoyant (true deck and dice)": truth_choice(0),
    "deck-only clairvoyant": truth_choice(1),
}


@dataclass
class Reference:
    """The reference of one position: per candidate the mean leaf value, the chance of a
    lost check, and the paired standard error of each mean's gap to the best."""

    means: list[float]
    lost: list[float]
    best: int
    se_gap: list[float]


def reference_of(row: dict[str, Any]) -> Reference:
    cands = row["candidates"]
    means = [_mean(c["reference"]) for c in cands]
    lost = [_mean([int(x) for x in c["reference_lost"]]) for c in cands]
    best = best_of(means)
    se = []
    for c in cands:
        d = [a - b for a, b in zip(cands[best]["reference"], c["reference"], strict=True)]
        n = len(d)
        m = _mean(d)
        var = sum((x - m) ** 2 for x in d) / (n - 1) if n > 1 else 0.0
        se.append(math.sqrt(var / n))
    return Reference(means, lost, best, se)


def t_interval(xs: Sequence[float]) -> tuple[float, float, float]:
    """Mean and 95% interval (normal approximation; n is about 100)."""
    n = len(xs)
    m = _mean(xs)
    if n < 2:
        return m, m, m
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1))
    half = 1.96 * sd / math.sqrt(n)
    return m, m - half, m + half


def wilson(k: int, n: int) -> tuple[float, float]:
    """95% Wilson interval of a share."""
    if n == 0:
        return 0.0, 0.0
    z = 1.96
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def report(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Every rule's agreement and regrets over the positions (module docstring)."""
    refs = [reference_of(r) for r in rows]
    out: dict[str, Any] = {"positions": len(rows), "games": len({r["game"] for r in rows}),
                           "candidates": _mean([len(r["candidates"]) for r in rows]),
                           "seconds_per_rollout": sum(r.get("cpu_seconds", r["seconds"])
                                                      for r in rows)
                           / max(1, sum(r["rollouts"] for r in rows)), "rules": {}}
    close = [i for i, ref in enumerate(refs) if any(
        j != ref.best and ref.means[ref.best] - ref.means[j] <= 2 * ref.se_gap[j]
        for j in range(len(ref.means)))]
    out["close"] = len(close)
    # wasted work (issue 40 item 5): candidates whose reference rollouts are, future by
    # future, those of an earlier candidate (the same command played the same way)
    same = total = 0
    for row in rows:
        seen: set[tuple[tuple[float, ...], str]] = set()
        for c in row["candidates"]:
            key = (tuple(c["reference"]), c["reference_lost"])
            same += key in seen
            total += 1
            seen.add(key)
    out["duplicates"] = (same, total)
    for name, rule in RULES.items():
        agree = within = 0
        value_regret: list[float] = []
        lost_regret: list[float] = []
        spent: list[int] = []
        for row, ref in zip(rows, refs, strict=True):
            choice, n = rule(row["candidates"])
            spent.append(n)
            agree += choice == ref.best
            within += ref.means[ref.best] - ref.means[choice] <= 2 * ref.se_gap[choice]
            value_regret.append(ref.means[ref.best] - ref.means[choice])
            lost_regret.append(ref.lost[choice] - min(ref.lost))
        n_pos = len(rows)
        out["rules"][name] = {
            "agree": agree, "agree_ci": wilson(agree, n_pos),
            "within_2se": within, "within_2se_ci": wilson(within, n_pos),
            "value_regret": t_interval(value_regret),
            "lost_regret": t_interval(lost_regret),
            "rollouts": _mean(spent),
        }
    return out


def resampled(rows: list[dict[str, Any]], trials: int = 100,
              seed: int = 0) -> dict[str, dict[str, Any]]:
    """The sampling rules' *expected* agreement and regrets, with far less noise than one
    draw a position: the reference and sample futures of a position (96, shared by every
    candidate) are split at random ``trials`` times into a sample of :data:`SAMPLE`
    futures (in random order) and a reference of the rest; each rule chooses on the
    sample and is judged on that trial's reference. Per position the mean over trials;
    the intervals are over positions. The hindsight rules are left out (one true world
    a position)."""
    rng = random.Random(seed)
    out: dict[str, dict[str, Any]] = {}
    per_rule: dict[str, list[tuple[float, float, float, float]]] = {
        name: [] for name in RULES if not name.endswith("clairvoyant")
        and "clairvoyant" not in name}
    for row in rows:
        cands = row["candidates"]
        pooled = [c["reference"] + c["sample"] for c in cands]
        lost = [[int(x) for x in c["reference_lost"] + c["sample_lost"]] for c in cands]
        n_sample = len(cands[0]["sample"])
        sums = {name: [0.0, 0.0, 0.0, 0.0] for name in per_rule}
        for _ in range(trials):
            order = list(range(len(pooled[0])))
            rng.shuffle(order)
            pick, rest = order[:n_sample], order[n_sample:]
            trial = [dict(c, sample=[pooled[i][j] for j in pick],
                          sample_lost="".join(str(lost[i][j]) for j in pick))
                     for i, c in enumerate(cands)]
            means = [_mean([pooled[i][j] for j in rest]) for i in range(len(cands))]
            lost_rate = [_mean([lost[i][j] for j in rest]) for i in range(len(cands))]
            best = best_of(means)
            for name in per_rule:
                choice, n = RULES[name](trial)
                s = sums[name]
                s[0] += choice == best
                s[1] += means[best] - means[choice]
                s[2] += lost_rate[choice] - min(lost_rate)
                s[3] += n
        for name, s in sums.items():
            per_rule[name].append((s[0] / trials, s[1] / trials, s[2] / trials, s[3] / trials))
    today = [v[1] for v in next(iter(per_rule.values()))]
    for name, values in per_rule.items():
        out[name] = {"agree": t_interval([v[0] for v in values]),
                     "regret_vs_today": t_interval([v[1] - w for v, w in
                                                    zip(values, today, strict=True)]),
                     "value_regret": t_interval([v[1] for v in values]),
                     "lost_regret": t_interval([v[2] for v in values]),
                     "rollouts": _mean([v[3] for v in values])}
    return out


# ======================================================================================
# the yardstick leaf against the default one (``run --leaf yardstick`` rows)
# ======================================================================================
#: The rules of the leaves' comparison: (the leaf they choose on, the rule).
LEAF_RULES: dict[str, tuple[str, Rule]] = {
    "default leaf, 5 futures (today's default)": ("default", mean_choice(5)),
    "default leaf, halving 4-8-16-32 (ANDEAN_SEARCH_HALVING=1)": ("default", halving(4, 4)),
    "default leaf, 32 futures": ("default", mean_choice(32)),
    "yardstick leaf, 5 futures (ANDEAN_SEARCH_LEAF=yardstick)": ("yardstick", mean_choice(5)),
    "yardstick leaf, halving 4-8-16-32 (both)": ("yardstick", halving(4, 4)),
    "yardstick leaf, 32 futures": ("yardstick", mean_choice(32)),
}


def leaf_values(row: dict[str, Any], model: Any) -> list[dict[str, list[float]]]:
    """Per candidate, the yardstick leaf of each reference and sample future, in points
    of % (``model`` applied to the recorded features of a Round's end)."""
    from nonplayer.government.yardstick import SCALE

    def value(v: Any) -> float:
        if isinstance(v, list):
            return SCALE * model.chance_of(dict(zip(model.names, v, strict=True)))
        return float("nan") if v is None else float(v)

    return [{name: [value(v) for v in c[name + "_leaf"]] for name in ("reference", "sample")}
            for c in row["candidates"]]


def leaf_report(rows: list[dict[str, Any]], trials: int = 100, seed: int = 0,
                model: Any = None) -> dict[str, Any]:
    """The leaves compared (issue 40 item 2) on rows of ``run --leaf yardstick``: each
    rule of :data:`LEAF_RULES` chooses on the sample futures scored by its leaf, and is
    judged on the rest by both leaves' references and by the chance of a lost check at
    the next victory check (the rollouts to the Round's end: the check is always
    reached). Expected figures over ``trials`` random splits of each position's 96
    futures into 32 sample and 64 reference futures, the same split for every rule
    (intervals over positions); the cost of a rule is its rollouts times the cards a
    rollout of its leaf plays (the default leaf stops at the level's card cap), in CPU
    seconds at the run's CPU per rollout card."""
    from nonplayer.government.yardstick import load_yardstick

    model = model or load_yardstick()
    rng = random.Random(seed)
    names = list(LEAF_RULES)
    per: dict[str, list[list[float]]] = {name: [] for name in names}
    cpu = sum(r.get("cpu_seconds", r["seconds"]) for r in rows)
    cards_played = sum(sum(c[k]) for r in rows for c in r["candidates"]
                       for k in ("reference_cards", "sample_cards", "truth_cards"))
    per_card = cpu / max(1, cards_played)
    for row in rows:
        cands = row["candidates"]
        ys = leaf_values(row, model)
        default = [c["reference"] + c["sample"] for c in cands]
        yard = [y["reference"] + y["sample"] for y in ys]
        lost = [[int(x) for x in c["reference_leaf_lost"] + c["sample_leaf_lost"]]
                for c in cands]
        cap_cards = _mean([x for c in cands for x in c["reference_cap_cards"]])
        full_cards = _mean([x for c in cands for x in c["reference_cards"]])
        n_sample = len(cands[0]["sample"])
        sums = {name: [0.0] * 7 for name in names}
        for _ in range(trials):
            order = list(range(len(default[0])))
            rng.shuffle(order)
            pick, rest = order[:n_sample], order[n_sample:]
            views = {leaf: [dict(c, sample=[pooled[i][j] for j in pick])
                            for i, c in enumerate(cands)]
                     for leaf, pooled in (("default", default), ("yardstick", yard))}
            d_means = [_mean([default[i][j] for j in rest]) for i in range(len(cands))]
            y_means = [_mean([yard[i][j] for j in rest]) for i in range(len(cands))]
            l_rate = [_mean([lost[i][j] for j in rest]) for i in range(len(cands))]
            d_best, y_best = best_of(d_means), best_of(y_means)
            for name in names:
                leaf, rule = LEAF_RULES[name]
                choice, n = rule(views[leaf])
                acc = sums[name]
                acc[0] += choice == d_best
                acc[1] += d_means[d_best] - d_means[choice]
                acc[2] += l_rate[choice] - min(l_rate)
                acc[3] += choice == y_best
                acc[4] += y_means[y_best] - y_means[choice]
                acc[5] += n
                acc[6] += n * (cap_cards if leaf == "default" else full_cards) * per_card
        for name in names:
            per[name].append([v / trials for v in sums[name]])
    today = [v[1] for v in per[names[0]]]
    today_y = [v[4] for v in per[names[0]]]
    out: dict[str, Any] = {"positions": len(rows), "games": len({r["game"] for r in rows}),
                           "trials": trials, "cpu_per_card": per_card,
                           "near": sum(r["cards_to_propaganda"] <= NEAR for r in rows),
                           "rules": {}}
    for name, values in per.items():
        out["rules"][name] = {
            "agree_default": t_interval([v[0] for v in values]),
            "default_regret": t_interval([v[1] for v in values]),
            "default_regret_vs_today": t_interval([v[1] - w for v, w in
                                                   zip(values, today, strict=True)]),
            "lost_regret": t_interval([v[2] for v in values]),
            "agree_yardstick": t_interval([v[3] for v in values]),
            "yardstick_regret": t_interval([v[4] for v in values]),
            "yardstick_regret_vs_today": t_interval([v[4] - w for v, w in
                                                     zip(values, today_y, strict=True)]),
            "rollouts": _mean([v[5] for v in values]),
            "cpu_seconds": _mean([v[6] for v in values]),
        }
    return out


def leaf_markdown(summary: dict[str, Any]) -> list[str]:
    def ci(t: list[float] | tuple[float, ...], pct: bool = False, sign: bool = False) -> str:
        k = 100.0 if pct else 1.0
        f = "+.1f" if sign else ".1f"
        return f"{k * t[0]:{f}} ({k * t[1]:{f}} to {k * t[2]:{f}})"

    lines = [f"{summary['positions']} positions ({summary['near']} at most {NEAR} cards "
             f"before a Propaganda card) from {summary['games']} kept training games of "
             f"the search Government; expected figures over {summary['trials']} random "
             "splits of each position's 96 futures into 32 sample and 64 reference "
             "futures (95% intervals over positions); "
             f"{summary['cpu_per_card'] * 1000:.1f} ms of CPU a rollout card.", "",
             "| choice rule | agrees with the default reference | default-leaf regret | "
             "minus today's, paired | lost-check regret, points of % | agrees with the "
             "yardstick reference | yardstick regret, points of % | minus today's, paired "
             "| rollouts | CPU s (est.) |", "|---|---|---|---|---|---|---|---|---|---|"]
    for name, r in summary["rules"].items():
        lines.append(
            f"| {name} | {100 * r['agree_default'][0]:.0f}% | {ci(r['default_regret'])} | "
            f"{ci(r['default_regret_vs_today'], sign=True)} | "
            f"{ci(r['lost_regret'], pct=True)} | {100 * r['agree_yardstick'][0]:.0f}% | "
            f"{ci(r['yardstick_regret'])} | "
            f"{ci(r['yardstick_regret_vs_today'], sign=True)} | {r['rollouts']:.0f} | "
            f"{r['cpu_seconds']:.1f} |")
    return lines


def markdown(summary: dict[str, Any]) -> list[str]:
    n = summary["positions"]
    lines = [f"{n} positions from {summary['games']} kept training games, "
             f"{summary['candidates']:.1f} candidates each; reference {REFERENCE} shared "
             f"futures per candidate; {summary['close']} positions have a candidate within 2 "
             f"paired standard errors of the reference choice; "
             f"{summary['seconds_per_rollout'] * 1000:.0f} ms of CPU a rollout (so 1000 "
             f"rollouts are {summary['seconds_per_rollout'] * 1000:.0f} s on one core); "
             f"{summary['duplicates'][0]} of {summary['duplicates'][1]} candidates rolled out "
             "exactly as an earlier one on all 64 reference futures.", "",
             "| choice rule | agrees with the reference | within 2 SE of it | value regret "
             "(95% CI) | lost-check regret, points of % (95% CI) | rollouts |",
             "|---|---|---|---|---|---|"]
    for name, r in summary["rules"].items():
        a_lo, a_hi = r["agree_ci"]
        w_lo, w_hi = r["within_2se_ci"]
        v, v_lo, v_hi = r["value_regret"]
        lr, l_lo, l_hi = r["lost_regret"]
        lines.append(f"| {name} | {r['agree']}/{n} ({100 * a_lo:.0f}-{100 * a_hi:.0f}%) | "
                     f"{r['within_2se']}/{n} ({100 * w_lo:.0f}-{100 * w_hi:.0f}%) | "
                     f"{v:.1f} ({v_lo:.1f} to {v_hi:.1f}) | {100 * lr:.1f} "
                     f"({100 * l_lo:.1f} to {100 * l_hi:.1f}) | {r['rollouts']:.0f} |")
    if summary.get("resampled"):
        lines += ["", f"The same rules' expected figures over {summary['trials']} random splits "
                  "of each position's 96 futures into a 32-future sample and a 64-future "
                  "reference (95% intervals over positions):", "",
                  "| choice rule | agrees with the reference | value regret (95% CI) | "
                  "minus today's, paired (95% CI) | lost-check regret, points of % (95% CI) "
                  "| rollouts |", "|---|---|---|---|---|---|"]
        for name, r in summary["resampled"].items():
            a, a_lo, a_hi = r["agree"]
            v, v_lo, v_hi = r["value_regret"]
            lr, l_lo, l_hi = r["lost_regret"]
            d, d_lo, d_hi = r["regret_vs_today"]
            lines.append(f"| {name} | {100 * a:.0f}% ({100 * a_lo:.0f}-{100 * a_hi:.0f}%) | "
                         f"{v:.1f} ({v_lo:.1f} to {v_hi:.1f}) | {d:+.1f} ({d_lo:+.1f} to "
                         f"{d_hi:+.1f}) | {100 * lr:.1f} "
                         f"({100 * l_lo:.1f} to {100 * l_hi:.1f}) | {r['rollouts']:.0f} |")
    return lines



# ======================================================================================
# new plans at the bench's positions (``extend``, issue 40 item 4)
# ======================================================================================
#: Reference futures of every default plan candidate re-rolled at each position by
#: ``extend`` and compared with the rows: the rows must still replay at this commit.
CHECK_FUTURES = 2


def plan_variant(spec: str) -> Plan:
    """The plan a spec names: ``NAME`` (:func:`plan.plan_named`, default or ledger plan)
    or ``NAME@X``: the plan with weight X, or for ``no-eradicate`` its restriction with
    the Cartels *far* when more than X short of their goal (:func:`plan.cartels_far`).
    The variant keeps the plan's name (its rollouts' Government is the plan's, the trace
    the same); the rows keep the spec."""
    name, _, x = spec.partition("@")
    base = plan_named(name)
    if not x:
        return base
    if base.forbids is not None:
        far = int(x)
        return replace(base, forbids=lambda state, special: (
            getattr(special, "name", "") == "Eradicate" and cartels_far(state, far)))
    return replace(base, weight=float(x))


def _key_path(game: Path, key_dir: str) -> str:
    """The path the rows' reference futures were keyed by (``judge``'s ``pos.game``)."""
    return str(Path(key_dir) / game.name) if key_dir else str(game)


def extend(row: dict[str, Any], games: Path, specs: Sequence[str], key_dir: str = "",
           check: int = CHECK_FUTURES) -> dict[str, Any]:
    """The plans ``specs`` rolled out at the position of ``row`` (a ``run`` row) on the
    *same* futures as its candidates: the reference futures keyed by the path the row's
    run read the game from (``key_dir``: its folder, when the games are read from
    elsewhere now), the sample futures of the bot's own stream (the plans draw nothing
    from it) and the true worlds; by the default level's rollouts (the default leaf:
    for a ``--leaf yardstick`` row, what its capped values are, bit for bit). First the
    default plans' candidates are rolled out again on ``check`` reference futures and
    compared with the row (``check``: "same", or the candidates that differ: then the
    rows no longer replay at this commit and the new candidates are not comparable)."""
    start, cpu = time.perf_counter(), time.process_time()
    path = games / row["game"]
    pos = Position(_key_path(path, key_dir), row["index"], row["cards_to_propaganda"],
                   row["rounds"])
    saved = load(path)
    game = Game.replay(saved.initial, [])
    for entry in saved.log[: pos.index]:
        game.replay_entry(entry)
    state = game.state
    think = row.get("think", DEFAULT_THINK)
    budget = replace(THINK_LEVELS[think], safety=FIXED_WORK_SAFETY)
    weights = tuned_weights()
    prep = prepare(state, budget, 0, weights, plans=())
    samples = [determinize(prep.seen, prep.rng) for _ in range(len(row["candidates"][0]["sample"]))]
    ref_rng = random.Random(zlib.crc32(f"reference {pos.game} {pos.index}".encode()))
    n_ref = len(row["candidates"][0]["reference"])
    references = [determinize(prep.seen, ref_rng) for _ in range(n_ref)]
    deck_only = state.clone()
    deck_only.rng_seed = ref_rng.getrandbits(48)
    deck_only.rng_counter = 0
    # the check: the default plans again, on the first reference futures
    olds = plan_candidates(prep.seen, prep.policy, prep.candidates, prep.pre_seed, PLANS)
    by_plan = {c["plan"]: c for c in row["candidates"] if c.get("model") == "plan"}
    differ = []
    got = [rollouts_on(f, olds, budget, weights, prep.policy) for f in references[:check]]
    for i, cand in enumerate(olds):
        assert cand.plan is not None
        mine = [_score(result[i][0]) for result in got]
        theirs = by_plan.get(cand.plan.name, {}).get("reference", [])[:check]
        if mine != theirs:
            differ.append(cand.plan.name)
    variants = [plan_variant(s) for s in specs]
    news = plan_candidates(prep.seen, prep.policy, prep.candidates, prep.pre_seed,
                           tuple(variants))
    spec_of = {id(v): s for v, s in zip(variants, specs, strict=True)}
    worlds = {"reference": references, "sample": samples, "truth": [state, deck_only]}
    played = {name: [rollouts_on(f, news, budget, weights, prep.policy) for f in futures]
              for name, futures in worlds.items()}
    cands = []
    rollouts = 0
    for i, cand in enumerate(news):
        assert cand.plan is not None
        out: dict[str, Any] = {"label": cand.label, "kind": cand.kind, "model": "plan",
                               "plan": spec_of[id(cand.plan)], "pre_score": cand.score,
                               "added": True}
        for name, results in played.items():
            outcomes = [result[i][0] for result in results]
            rollouts += len(outcomes)
            out[name] = [_score(o) for o in outcomes]
            out[name + "_lost"] = "".join(str(_lost(o)) for o in outcomes)
        cands.append(out)
    return {"game": row["game"], "index": row["index"], "think": think, "specs": list(specs),
            "check": differ if differ else "same", "candidates": cands,
            "rollouts": rollouts, "seconds": round(time.perf_counter() - start, 2),
            "cpu_seconds": round(time.process_time() - cpu, 2)}


def run_extend(rows: list[dict[str, Any]], games: Path, specs: Sequence[str], out: Path,
               key_dir: str, resume: bool) -> None:
    """:func:`extend` at every row's position, one JSON line each, in row order."""
    done = _rows_done(out, resume)
    todo = [r for r in rows if (r["game"], r["index"]) not in done]
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("a", encoding="utf-8") as f:
        for k, row in enumerate(todo, 1):
            new = extend(row, games, specs, key_dir)
            f.write(json.dumps(new, separators=(",", ":")) + "\n")
            f.flush()
            print(f"{k}/{len(todo)}: {row['game']} entry {row['index']}, check {new['check']}, "
                  f"{len(new['candidates'])} new candidates, {new['rollouts']} rollouts in "
                  f"{new['cpu_seconds']:.0f} s of CPU", file=sys.stderr)


def split_ledger(rows: list[dict[str, Any]]) -> tuple[list[dict[str, Any]],
                                                     list[dict[str, Any]]]:
    """Rows of a ``run`` with the ledger's plans among the candidates
    (``ANDEAN_CAMPAIGN_PLANS=default,hold,...``): the rows without them, and ``extend``
    rows holding them, each named as ``extend`` names a variant at this commit's weights
    (``hold@0.25``; no-eradicate by :data:`plan.CARTELS_FAR`), so that ``report
    --extra`` puts them beside the same plans added to older rows."""
    ledger = {p.name: p for p in LEDGER_PLANS}

    def spec(name: str) -> str:
        plan = ledger[name]
        return f"{name}@{CARTELS_FAR}" if plan.forbids is not None else f"{name}@{plan.weight:g}"

    out, extra = [], []
    for r in rows:
        mine = [c for c in r["candidates"] if c.get("plan") not in ledger]
        theirs = [dict(c, plan=spec(c["plan"]), added=True) for c in r["candidates"]
                  if c.get("plan") in ledger]
        out.append(dict(r, candidates=mine))
        if theirs:
            extra.append({"game": r["game"], "index": r["index"], "check": "same",
                          "candidates": theirs})
    return out, extra


#: The choice rules of the plans' comparison (each on the candidates today's default
#: judges, with and without the new plan).
PLAN_RULES: dict[str, Rule] = {
    "5 futures (today's default)": mean_choice(5),
    "halving 4-8-16-32": halving(4, 4),
    "32 futures": mean_choice(32),
}


def _default_leaf_rows(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows with the default leaf only (a yardstick row's capped values are)."""
    keep = ("label", "kind", "model", "plan", "pre_score", "reference", "reference_lost",
            "sample", "sample_lost", "truth", "truth_lost", "added")
    return [dict(r, candidates=[{k: c[k] for k in keep if k in c} for c in r["candidates"]])
            for r in rows]


def _merge_extra(extra: list[dict[str, Any]]) -> dict[tuple[Any, Any], dict[str, Any]]:
    """The ``extend`` rows by position, the candidates of rows at one position together
    (a run's ledger plans beside ``--extra`` rows for the same position), their check
    "same" only if every row's is."""
    by_pos: dict[tuple[Any, Any], dict[str, Any]] = {}
    for r in extra:
        key = (r["game"], r["index"])
        if key in by_pos:
            held = by_pos[key]
            check = "same" if held["check"] == r["check"] == "same" else "differs"
            by_pos[key] = dict(held, candidates=held["candidates"] + r["candidates"],
                               check=check)
        else:
            by_pos[key] = r
    return by_pos


def plans_report(rows: list[dict[str, Any]], extra: list[dict[str, Any]],
                 trials: int = 100, seed: int = 0,
                 sets: Sequence[Sequence[str]] = ()) -> dict[str, Any]:
    """Each new plan (``extra``: ``extend`` rows) against the candidates of ``rows``, at
    the positions both have, on the same futures: how often the plan is the reference's
    best (64 futures; and in expectation over ``trials`` random splits of the 96 into 32
    sample and 64 reference futures), its regret against the best of all the candidates
    (the default plans' beside it), and for each choice rule of :data:`PLAN_RULES` the
    reference value of its choice with the plan among the candidates minus without it
    (paired over positions; positive: adding the plan chooses better) and the same in the
    chance of a lost check. ``sets``: groups of specs added together."""
    by_pos = _merge_extra(extra)
    both = [r for r in _default_leaf_rows(rows) if (r["game"], r["index"]) in by_pos]
    bad = [k for k, r in by_pos.items() if r["check"] != "same"]
    specs = list(dict.fromkeys(c["plan"] for r in extra for c in r["candidates"]))
    groups = [[s] for s in specs] + [list(g) for g in sets]
    out: dict[str, Any] = {"positions": len(both), "check_failed": bad, "plans": {}}
    rng = random.Random(seed)
    splits = {}
    for r in both:
        n = len(r["candidates"][0]["reference"]) + len(r["candidates"][0]["sample"])
        orders = []
        for _ in range(trials):
            order = list(range(n))
            rng.shuffle(order)
            orders.append(order)
        splits[(r["game"], r["index"])] = orders
    old_plans = sorted({c["plan"] for r in both for c in r["candidates"] if c["plan"]})
    for group in groups:
        best_one = best_tie = 0
        exp_best: list[float] = []
        own_regret: list[float] = []
        others: dict[str, list[float]] = {p: [] for p in old_plans}
        gains: dict[str, list[tuple[float, float, float, float]]] = {n: [] for n in PLAN_RULES}
        present = 0
        changed32: list[float] = []
        for r in both:
            key = (r["game"], r["index"])
            base = [c for c in r["candidates"] if c.get("model") != HEURISTIC_MODEL]
            added = [c for c in by_pos[key]["candidates"] if c["plan"] in group]
            if not added:
                continue
            present += 1
            pool = base + added
            new_ix = list(range(len(base), len(pool)))
            means = [_mean(c["reference"]) for c in pool]
            top = max(means)
            new_top = max(means[i] for i in new_ix)
            old_top = max(means[: len(base)])
            best_one += new_top > old_top
            best_tie += new_top == old_top
            # the 32-future choice on the row's own sample, judged by its reference
            without32, _ = mean_choice(32)(base)
            with32, _ = mean_choice(32)(pool)
            if with32 != without32:
                changed32.append(means[with32] - means[without32])
            own_regret.append(top - new_top)
            for c, m in zip(base, means, strict=False):
                if c["plan"] in others:
                    others[c["plan"]].append(top - m)
            # expected figures over random splits, the same splits with and without
            pooled = [c["reference"] + c["sample"] for c in pool]
            lost = [[int(x) for x in c["reference_lost"] + c["sample_lost"]] for c in pool]
            n_sample = len(pool[0]["sample"])
            sums = {n: [0.0, 0.0, 0.0, 0.0] for n in PLAN_RULES}
            eb = 0.0
            for order in splits[key]:
                pick, rest = order[:n_sample], order[n_sample:]
                trial = [dict(c, sample=[pooled[i][j] for j in pick]) for i, c in enumerate(pool)]
                ref = [_mean([pooled[i][j] for j in rest]) for i in range(len(pool))]
                rate = [_mean([lost[i][j] for j in rest]) for i in range(len(pool))]
                eb += max(ref[i] for i in new_ix) > max(ref[: len(base)])
                for name, rule in PLAN_RULES.items():
                    without, _ = rule(trial[: len(base)])
                    with_, _ = rule(trial)
                    s = sums[name]
                    s[0] += ref[with_] - ref[without]
                    s[1] += rate[with_] - rate[without]
                    s[2] += with_ != without
                    s[3] += max(ref) - ref[with_]
            exp_best.append(eb / trials)
            for name, s in sums.items():
                gains[name].append((s[0] / trials, s[1] / trials, s[2] / trials,
                                    s[3] / trials))
        out["plans"]["+".join(group)] = {
            "positions": present, "best_alone": best_one, "best_tied": best_tie,
            "best_expected": t_interval(exp_best), "regret": t_interval(own_regret),
            "old_regrets": {p: _mean(v) for p, v in others.items() if v},
            "changed_32": {"positions": len(changed32),
                           "better": sum(d > 0 for d in changed32),
                           "worse": sum(d < 0 for d in changed32),
                           "gain": sum(changed32)},
            "rules": {name: {"value_gain": t_interval([g[0] for g in v]),
                             "lost_change": t_interval([100 * g[1] for g in v]),
                             "changed": _mean([g[2] for g in v]),
                             "regret_with": t_interval([g[3] for g in v])}
                      for name, v in gains.items()},
        }
    return out


def plans_markdown(summary: dict[str, Any]) -> list[str]:
    def ci(t: Sequence[float], sign: bool = True) -> str:
        f = "{:+.1f}" if sign else "{:.1f}"
        return f"{f.format(t[0])} ({f.format(t[1])} to {f.format(t[2])})"

    lines = [f"{summary['positions']} positions; rows that no longer replay: "
             f"{len(summary['check_failed'])}.", "",
             "| plan | positions | reference's best: alone / tied (64 futures) | best alone, "
             "expected | its regret | the default plans' regrets | 32-future choice changed: "
             "better / worse (value, summed) |", "|---|---|---|---|---|---|---|"]
    for name, p in summary["plans"].items():
        olds = ", ".join(f"{k} {v:.1f}" for k, v in p["old_regrets"].items())
        c32 = p["changed_32"]
        lines.append(f"| {name} | {p['positions']} | {p['best_alone']} / {p['best_tied']} | "
                     f"{100 * p['best_expected'][0]:.0f}% | {ci(p['regret'], False)} | {olds} | "
                     f"{c32['positions']}: {c32['better']} / {c32['worse']} "
                     f"({c32['gain']:+.1f}) |")
    lines += ["", "Adding the plan to the candidates: the reference value of each rule's "
              "choice with it minus without it (positive: better), the chance of a lost "
              "check with minus without (points of %), how often the choice changes, and "
              "the regret with it (expected over the splits; 95% intervals over positions):",
              "", "| plan | rule | value gain | lost-check change | choice changed | regret "
              "with it |", "|---|---|---|---|---|---|"]
    for name, p in summary["plans"].items():
        for rule, g in p["rules"].items():
            lines.append(f"| {name} | {rule} | {ci(g['value_gain'])} | {ci(g['lost_change'])} "
                         f"| {100 * g['changed']:.0f}% | {ci(g['regret_with'], False)} |")
    return lines


def _text(path: Path) -> str:
    """A rows file, gzipped (``.gz``: the yardstick rows keep every leaf's features) or
    not."""
    if path.suffix == ".gz":
        import gzip

        return gzip.decompress(path.read_bytes()).decode("utf-8")
    return path.read_text(encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run", help="judge positions of kept training games")
    r.add_argument("--games", nargs="+", required=True, help="folders of kept games")
    r.add_argument("--positions", type=int, default=100)
    r.add_argument("--out", type=Path, required=True)
    r.add_argument("--workers", type=int, default=1)
    r.add_argument("--think", choices=tuple(THINK_LEVELS), default=DEFAULT_THINK)
    r.add_argument("--reference", type=int, default=REFERENCE)
    r.add_argument("--sample", type=int, default=SAMPLE)
    r.add_argument("--resume", action="store_true")
    r.add_argument("--shard", default="0/1", metavar="K/N",
                   help="judge only the positions K, K+N, K+2N, ... of the list (a run in N "
                   "processes with files of their own; report reads them all)")
    r.add_argument("--reverse", action="store_true",
                   help="judge the shard's positions from its end (a second process on the "
                   "same shard; report keeps one row a position)")
    r.add_argument("--list", action="store_true", help="only list the chosen positions")
    r.add_argument("--far", type=int, default=0,
                   help="this many of the positions more than 3 cards before a Propaganda "
                   "card")
    r.add_argument("--leaf", choices=("", "yardstick"), default="",
                   help="yardstick: rollouts to the Round's end, both leaves recorded")
    e = sub.add_parser("extend", help="new plans rolled out at the positions of rows, "
                       "on the same futures")
    e.add_argument("--rollouts", type=Path, nargs="+", required=True, help="run rows")
    e.add_argument("--games", type=Path, required=True, help="the folder of their kept games")
    e.add_argument("--key-dir", default="", help="the folder the rows' run read the games "
                   "from, when it was another (the reference futures are keyed by the path)")
    e.add_argument("--plans", nargs="+", required=True, metavar="NAME[@X]",
                   help="plans (default or ledger), @X: the weight, or no-eradicate's far")
    e.add_argument("--out", type=Path, required=True)
    e.add_argument("--resume", action="store_true")
    e.add_argument("--shard", default="0/1", metavar="K/N")
    q = sub.add_parser("report", help="the choice rules against the reference")
    q.add_argument("--rollouts", type=Path, nargs="+", required=True)
    q.add_argument("--json", action="store_true")
    q.add_argument("--trials", type=int, default=100,
                   help="random splits for the expected figures (0: none)")
    q.add_argument("--extra", type=Path, nargs="+", default=[],
                   help="extend rows: the new plans against the rows' candidates")
    q.add_argument("--together", nargs="+", default=[], metavar="SPEC,SPEC",
                   help="with --extra: groups of plans also added together")
    args = p.parse_args(argv)
    if args.cmd == "extend":
        for spec in args.plans:
            try:
                plan_variant(spec)
            except ValueError as err:
                raise SystemExit(f"decision_bench: {err}") from None
        rows = [json.loads(line) for path in args.rollouts for line in _text(path).splitlines()]
        rows = list({(r["game"], r["index"]): r for r in rows}.values())
        k, _, n = args.shard.partition("/")
        run_extend(rows[int(k)::int(n)], args.games, args.plans, args.out, args.key_dir,
                   args.resume)
        return 0
    if args.cmd == "run":
        positions = choose_positions(args.games, args.positions, far=args.far)
        if args.list:
            for pos in positions:
                print(f"{pos.game} entry {pos.index}: {pos.cards_to_propaganda} cards to "
                      f"Propaganda, {pos.rounds} Rounds played")
            return 0
        k, _, n = args.shard.partition("/")
        part = positions[int(k)::int(n)]
        run(part[::-1] if args.reverse else part, args.out, args.workers, args.think,
            args.reference, args.sample, args.resume, args.leaf)
        return 0
    rows = list({(row["game"], row["index"]): row for row in (
        json.loads(line) for path in args.rollouts
        for line in _text(path).splitlines())}.values())
    rows, extra = split_ledger(rows)
    if args.extra or extra:
        extra += [json.loads(line) for path in args.extra for line in _text(path).splitlines()]
        plans = plans_report(rows, extra, args.trials or 100,
                             sets=[g.split(",") for g in args.together])
        print(json.dumps(plans, indent=1) if args.json else "\n".join(plans_markdown(plans)))
        return 0
    if rows and all(row.get("leaf") == "yardstick" for row in rows):
        leaf = leaf_report(rows, args.trials or 100)
        print(json.dumps(leaf, indent=1) if args.json else "\n".join(leaf_markdown(leaf)))
        return 0
    summary = report(rows)
    if args.trials:
        summary["resampled"] = resampled(rows, args.trials)
        summary["trials"] = args.trials
    print(json.dumps(summary, indent=1) if args.json else "\n".join(markdown(summary)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
