"""Fit the yardstick leaf (issue 40 item 2): the chance that the Government avoids COIN
Failure (8.8) from a Round's end, a logistic model of
:func:`nonplayer.government.yardstick.features`, written to
``nonplayer/government/yardstick.json``::

    PYTHONPATH=. python benchmarks/fit_yardstick.py --search RUN [RUN ...] \\
        [--heuristic RUN ...] [--write]

**Rows.** Each ``RUN`` is a folder of kept games (``andean batch --keep-games``) on
*training* seeds (below 100000; a held-out seed is refused). Each game's log is replayed
by the engine (:meth:`core.game.Game.replay_entry`); every **Round's end** it reaches
and goes on from (a Propaganda Round played, Support Phase, Redeploy and Reset included,
and the next card out: where the campaign search's rollouts end with this leaf) is a
row: the features of that position, and the game's outcome (1 if its 8.8 level is above
COIN Failure, 0 if not; a check an Insurgent won is COIN Failure, 8.8). An unfinished
game (a run still going) is left out. ``--search`` runs are the search Government's own
games, the bot whose future the leaf estimates; ``--heuristic`` runs (the plan-less
heuristic Government, a worse player) may add rows for the slopes: they enter the fit
with an indicator of their own (its coefficient fitted, never shipped), so they do not
move the search bot's base rate.

**Fit.** Two links (:class:`nonplayer.government.yardstick.YardstickModel`), on
standardised features: ``logistic``, L2-regularised logistic regression of the outcome
minimised by ``scipy.optimize.minimize`` (L-BFGS-B, exact gradient); and ``normal``,
ridge least squares (numpy) of the game's final 8.8 solo score, the chance of a score
of 1 or more read off a normal spread of the residuals by Propaganda cards left (a
regression on the score learns from every game's margin, not only from the few that
clear COIN Failure's edge). The link and its regularisation are chosen by the
cross-validated log-loss: games are split by seed into
:data:`FOLDS` folds (``seed % FOLDS``: every Round's end of a game in the same fold),
each fold predicted by a fit without it. The report gives, on the search games'
out-of-fold predictions, the log-loss and Brier score of the model against the base
rate (a constant, itself fitted without the fold) and a calibration table; the shipped
fit uses every row. Everything is deterministic: the same games give the same file.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout first

import numpy as np  # noqa: E402
from scipy.optimize import minimize  # noqa: E402
from scipy.special import ndtr  # noqa: E402

from core.errors import SaveFileError  # noqa: E402
from core.game import Game  # noqa: E402
from core.game.serialize import load  # noqa: E402
from core.rules.victory import insurgent_won, solo_score  # noqa: E402
from nonplayer.government.yardstick import (  # noqa: E402
    EDGE,
    LEFT,
    YARDSTICK_FILE,
    YardstickModel,
    avoided_failure,
    features,
)
from runners.games import kept_games  # noqa: E402
from runners.solitaire import new_solitaire  # noqa: E402

#: The features' names, in :func:`features`' order (the rows' columns).
NAMES = list(features(new_solitaire("standard", 0).state))

#: Held-out seeds start here: the fit reads training games only.
HELD_OUT = 100000
#: Folds of the cross-validation (by seed).
FOLDS = 5
#: The L2 penalties tried (on the standardised coefficients, per row of data: the loss
#: is the mean log-loss plus ``ridge / rows * |coef|^2 / 2``).
RIDGES = (1.0, 3.0, 10.0, 30.0, 100.0)
#: Calibration bins of the predicted chance.
BINS = (0.0, 0.05, 0.10, 0.20, 0.35, 1.0)


@dataclass
class Rows:
    x: np.ndarray  # features
    y: np.ndarray  # 1: the game avoided COIN Failure
    seed: np.ndarray
    heuristic: np.ndarray  # 1: a row of a heuristic Government's game
    rounds: np.ndarray  # Propaganda Rounds played at the row
    solo: np.ndarray  # the game's final 8.8 solo score (a check lost: 0 at most)


def game_rows(path: Path) -> tuple[list[list[float]], list[int], int, int] | None:
    """(feature rows at each Round's end, their Propaganda Rounds, the outcome, the final
    8.8 solo score, at most 0 if an Insurgent won a check) of the kept game at
    ``path``; None if the game is not finished."""
    saved = load(path)
    game = Game.replay(saved.initial, [])
    rows: list[list[float]] = []
    rounds: list[int] = []
    seen = game.state.propaganda_cards
    for entry in saved.log:
        game.replay_entry(entry)
        s = game.state
        if s.phase == "card" and s.propaganda_cards > seen:
            seen = s.propaganda_cards
            rows.append(list(features(s).values()))
            rounds.append(s.propaganda_cards)
    end = game.state
    if end.phase != "over":
        return None
    solo = solo_score(end)
    return rows, rounds, int(avoided_failure(end)), min(solo, 0) if insurgent_won(end) else solo


def collect(search: list[str], heuristic: list[str]) -> tuple[Rows, dict[str, Any]]:
    xs: list[list[float]] = []
    ys: list[int] = []
    seeds: list[int] = []
    heur: list[int] = []
    rnds: list[int] = []
    solos: list[int] = []
    games = {"search": 0, "heuristic": 0, "unfinished": 0, "not replayable": 0,
             "search_avoided": 0, "heuristic_avoided": 0}
    for kind, folders in (("search", search), ("heuristic", heuristic)):
        for folder in folders:
            for name, path in kept_games(folder).items():
                if not name.isdigit() or int(name) >= HELD_OUT:
                    raise SystemExit(f"fit_yardstick: {path} is not a training game (seed "
                                     f"below {HELD_OUT}): held-out seeds stay out")
                try:
                    got = game_rows(path)
                except SaveFileError as err:  # a game of older rules: named, left out
                    print(f"fit_yardstick: left out: {err}", file=sys.stderr)
                    games["not replayable"] += 1
                    continue
                if got is None:
                    games["unfinished"] += 1
                    continue
                rows, rounds, outcome, solo = got
                games[kind] += 1
                games[kind + "_avoided"] += outcome
                xs += rows
                ys += [outcome] * len(rows)
                seeds += [int(name)] * len(rows)
                heur += [int(kind == "heuristic")] * len(rows)
                rnds += rounds
                solos += [solo] * len(rows)
    return Rows(np.array(xs, dtype=float), np.array(ys, dtype=float), np.array(seeds),
                np.array(heur, dtype=float), np.array(rnds),
                np.array(solos, dtype=float)), games


def _design(rows: Rows, mean: np.ndarray, scale: np.ndarray) -> np.ndarray:
    """Standardised features, then the heuristic games' indicator, then 1."""
    z = (rows.x - mean) / scale
    return np.hstack([z, rows.heuristic[:, None], np.ones((len(rows.y), 1))])


def fit(rows: Rows, ridge: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(mean, scale, weights): weights over :func:`_design`'s columns (the indicator's
    and the intercept unpenalised)."""
    mean = rows.x.mean(axis=0)
    scale = rows.x.std(axis=0)
    scale[scale < 1e-9] = 1.0
    a = _design(rows, mean, scale)
    y = rows.y
    n, k = a.shape
    penal = np.ones(k)
    penal[-2:] = 0.0
    if not rows.heuristic.any():
        penal[-2] = 1.0  # no such rows: keep its weight at 0

    def loss(w: np.ndarray) -> tuple[float, np.ndarray]:
        z = a @ w
        # log(1 + e^z) - y z, stably; its gradient (sigmoid(z) - y) a
        value = np.logaddexp(0.0, z) - y * z
        p = 0.5 * (1.0 + np.tanh(0.5 * z))
        grad = a.T @ (p - y) / n + ridge / n * penal * w
        return float(value.mean() + 0.5 * ridge / n * float((penal * w * w).sum())), grad

    start = np.zeros(k)
    base = min(max(y.mean(), 1e-3), 1 - 1e-3)
    start[-1] = math.log(base / (1 - base))
    res = minimize(loss, start, jac=True, method="L-BFGS-B",
                   options={"maxiter": 2000, "gtol": 1e-10})
    return mean, scale, res.x


def predict(params: tuple[np.ndarray, np.ndarray, np.ndarray], rows: Rows) -> np.ndarray:
    mean, scale, w = params
    w = w.copy()
    w[-2] = 0.0  # the search bot's chance: never the heuristic games' offset
    z = _design(rows, mean, scale) @ w
    return 0.5 * (1.0 + np.tanh(0.5 * z))


#: Rows of the search games a spread needs before the heuristic games' rows join them.
SPREAD_ROWS = 8


def rounds_left(rows: Rows) -> np.ndarray:
    return rows.x[:, NAMES.index(LEFT)].astype(int)


def fit_normal(rows: Rows, ridge: float) -> tuple[np.ndarray, ...]:
    """The ``normal`` link (:class:`YardstickModel`): ridge least squares
    (``numpy.linalg.lstsq`` on the system augmented with ``sqrt(ridge) * I``, the
    heuristic games' indicator and the intercept unpenalised) of the final 8.8 solo
    score, and its residuals' spread by Propaganda cards left (the search games' own
    where they have :data:`SPREAD_ROWS`, else every row's): (mean, scale, weights,
    spread)."""
    mean = rows.x.mean(axis=0)
    scale = rows.x.std(axis=0)
    scale[scale < 1e-9] = 1.0
    a = _design(rows, mean, scale)
    k = a.shape[1]
    penal = np.ones(k)
    penal[-2:] = 0.0
    if not rows.heuristic.any():
        penal[-2] = 1.0
    big = np.vstack([a, np.sqrt(ridge) * np.diag(penal)])
    w = np.linalg.lstsq(big, np.concatenate([rows.solo, np.zeros(k)]), rcond=None)[0]
    resid = rows.solo - a @ w
    left = rounds_left(rows)
    own = rows.heuristic == 0
    spread = []
    for k_left in range(int(left.max()) + 1 if len(left) else 1):
        group = (left == k_left) & own
        if group.sum() < SPREAD_ROWS:
            group = left == k_left
        sd = float(np.sqrt((resid[group] ** 2).mean())) if group.any() else float(
            np.sqrt((resid ** 2).mean()))
        spread.append(max(sd, 1.0))
    return mean, scale, w, np.array(spread)


def predict_normal(params: tuple[np.ndarray, ...], rows: Rows) -> np.ndarray:
    mean, scale, w, spread = params
    w = w.copy()
    w[-2] = 0.0
    mu = _design(rows, mean, scale) @ w
    sd = spread[np.clip(rounds_left(rows), 0, len(spread) - 1)]
    return ndtr((mu - EDGE) / sd)


#: The two links tried: (fit, predict, penalties).
LINKS: dict[str, tuple[Any, Any, tuple[float, ...]]] = {
    "logistic": (fit, predict, RIDGES),
    "normal": (fit_normal, predict_normal, (1.0, 10.0, 100.0, 1000.0)),
}


def subset(rows: Rows, mask: np.ndarray) -> Rows:
    return Rows(rows.x[mask], rows.y[mask], rows.seed[mask], rows.heuristic[mask],
                rows.rounds[mask], rows.solo[mask])


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, 1e-6, 1 - 1e-6)
    return float(-(y * np.log(p) + (1 - y) * np.log(1 - p)).mean())


def brier(p: np.ndarray, y: np.ndarray) -> float:
    return float(((p - y) ** 2).mean())


def cross_validated(rows: Rows, ridge: float, link: str = "logistic"
                    ) -> tuple[np.ndarray, np.ndarray]:
    """Out-of-fold predictions of every row (model, base rate of the search games)."""
    fitter, predictor, _ = LINKS[link]
    fold = rows.seed % FOLDS
    model = np.zeros(len(rows.y))
    base = np.zeros(len(rows.y))
    for k in range(FOLDS):
        test = fold == k
        if not test.any():
            continue
        train = subset(rows, ~test)
        model[test] = predictor(fitter(train, ridge), subset(rows, test))
        own = train.y[train.heuristic == 0]  # smoothed: a fold of failures only is not 0%
        base[test] = (own.sum() + 0.5) / (len(own) + 1)
    return model, base


def calibration(p: np.ndarray, y: np.ndarray) -> list[dict[str, Any]]:
    out = []
    for lo, hi in zip(BINS, BINS[1:], strict=False):
        m = (p >= lo) & ((p < hi) if hi < 1.0 else (p <= hi))
        if m.any():
            out.append({"predicted": f"{100 * lo:.0f}-{100 * hi:.0f}%", "rows": int(m.sum()),
                        "mean_predicted_%": round(100 * float(p[m].mean()), 1),
                        "observed_%": round(100 * float(y[m].mean()), 1)})
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--search", nargs="+", required=True,
                        help="folders of the search Government's kept training games")
    parser.add_argument("--heuristic", nargs="*", default=[],
                        help="folders of the heuristic Government's kept training games")
    parser.add_argument("--write", action="store_true", help=f"write {YARDSTICK_FILE.name}")
    parser.add_argument("--out", default=str(YARDSTICK_FILE))
    args = parser.parse_args(argv)
    rows, games = collect(args.search, args.heuristic)
    if not games["search"]:
        parser.error("no finished search games in the --search folders")
    names = NAMES
    own = rows.heuristic == 0
    y = rows.y[own]
    tried: dict[tuple[str, float], tuple[float, np.ndarray, np.ndarray]] = {}
    for link, (_, _, ridges) in LINKS.items():
        for ridge in ridges:
            model_p, base_p = cross_validated(rows, ridge, link)
            tried[link, ridge] = (log_loss(model_p[own], y), model_p, base_p)
    link, ridge = min(tried, key=lambda key: (tried[key][0], key))
    _, model_p, base_p = tried[link, ridge]
    check = {
        "how": f"out-of-fold predictions of the search games' rows, {FOLDS} folds by "
               f"seed (seed % {FOLDS}), each fitted without its fold",
        "rows": int(own.sum()),
        "log_loss": round(log_loss(model_p[own], y), 4),
        "log_loss_base_rate": round(log_loss(base_p[own], y), 4),
        "brier": round(brier(model_p[own], y), 4),
        "brier_base_rate": round(brier(base_p[own], y), 4),
        "log_loss_by_link_and_ridge": {f"{k} {r:g}": round(v[0], 4)
                                       for (k, r), v in tried.items()},
        "by_rounds_played": {
            str(k): {"rows": int(m.sum()), "log_loss": round(log_loss(model_p[own][m], y[m]), 4),
                     "log_loss_base_rate": round(log_loss(base_p[own][m], y[m]), 4)}
            for k in sorted(set(rows.rounds[own].tolist()))
            for m in [rows.rounds[own] == k]},
        "calibration": calibration(model_p[own], y),
    }
    r = 8
    params = LINKS[link][0](rows, ridge)
    mean, scale, w = params[:3]
    spread = tuple(round(float(v), r) for v in params[3]) if link == "normal" else ()
    model = YardstickModel(tuple(names), tuple(round(float(v), r) for v in mean),
                           tuple(round(float(v), r) for v in scale),
                           tuple(round(float(v), r) for v in w[:-2]), round(float(w[-1]), r),
                           link, spread)
    seeds = sorted(set(rows.seed.tolist()))
    report = {
        "how": "the chance of avoiding COIN Failure from standardised features of every "
               "Round's end of kept training games, by the link with the best "
               "cross-validated log-loss: logistic (L2-regularised, scipy.optimize."
               "minimize L-BFGS-B; target the game's 8.8 level above COIN Failure or "
               "not) or normal (ridge least squares of the final 8.8 solo score, numpy, "
               "and its spread by Propaganda cards left); heuristic games (if any) with an "
               "indicator of their own, not shipped",
        "command": "PYTHONPATH=. python benchmarks/fit_yardstick.py --search "
                   + " ".join(args.search)
                   + (" --heuristic " + " ".join(args.heuristic) if args.heuristic else "")
                   + " --write",
        "training_seeds": [int(seeds[0]), int(seeds[-1])] if seeds else [],
        "games": games,
        "rows": int(len(rows.y)),
        "search_rows_avoided_%": round(100 * float(y.mean()), 1),
        "link": link,
        "ridge": ridge,
        "heuristic_offset": round(float(w[-2]), 4),
        "check": check,
        "model": model.to_json(),
    }
    text = json.dumps(report, indent=1) + "\n"
    if args.write:
        Path(args.out).write_text(text, encoding="utf-8")
    print(json.dumps({k: v for k, v in report.items() if k != "model"}, indent=1))
    for name, c in sorted(zip(names, model.coef, strict=True), key=lambda t: -abs(t[1])):
        print(f"  {c:+.3f}  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
