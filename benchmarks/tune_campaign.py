"""Tune the campaign Government's evaluation weights and fast policy by self-play (issue 13
item 2), with optuna's TPE sampler, on *training* seeds (below 100000: the held-out
measurement uses 100000 and up).

Each trial plays the campaign Government (``--govt search``) at the given ``--think``
level with the trial's numbers on the same training seeds (paired: every trial meets the
same decks and dice) and scores the mean 8.8 solo score. The first trial is the current
defaults, so the file only moves away from them when a trial beat them on those seeds.
The result goes to ``nonplayer/government/tuned.json`` with this command line, the
seeds, every trial and the time it took::

    PYTHONPATH=. python benchmarks/tune_campaign.py --trials 10 --games 3 --seed 2000 \\
        --validate 6 --think 0.5s --write

With ``--validate N`` the best trial and the defaults then play N further training seeds
(after the tuning ones) and the best trial's numbers are kept only if they beat the
defaults there too (the best of many noisy trials flatters itself on its own seeds).

The search space (:data:`SPACE`): the evaluation weights that decide between building
Support and fighting (Government margin is fixed at 1.0 as the unit), and the fast
policy's Civic Action reserve, which also plays the real Propaganda Rounds.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import asdict, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout first

from nonplayer.government.campaign import TUNED_FILE, CampaignGovernment  # noqa: E402
from nonplayer.government.evaluation import Weights  # noqa: E402
from runners.games import play  # noqa: E402

#: (name, low, high) of each tuned number; ``civic_reserve`` is an integer.
SPACE = (
    ("lead_margin", 0.2, 1.5),
    ("farc_threat", 0.1, 1.5),
    ("govt_control", 0.1, 0.8),
    ("resource", 0.05, 0.4),
    ("eligible", 0.0, 3.0),
    ("civic_reserve", 0, 12),
)
DEFAULT_RESERVE = 6  # nonplayer.government.heuristic.CIVIC_RESERVE


def play_trial(params: dict[str, float], seeds: list[int], think: str) -> list[int]:
    weights = replace(Weights(), **{k: v for k, v in params.items() if k != "civic_reserve"})
    scores = []
    for seed in seeds:
        bot = CampaignGovernment(seed, think=think, weights=weights,
                                 civic_reserve=int(params["civic_reserve"]))
        _, record = play(seed, bot)
        scores.append(int(record.solo_score or 0))
    return scores


def main(argv: list[str] | None = None) -> int:
    import optuna

    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--trials", type=int, default=10)
    p.add_argument("--games", type=int, default=3, help="training games per trial")
    p.add_argument("--seed", type=int, default=2000, help="first training seed (< 100000)")
    p.add_argument("--validate", type=int, default=0,
                   help="further training games to confirm the best trial on")
    p.add_argument("--think", default="0.5s")
    p.add_argument("--write", action="store_true", help=f"write {TUNED_FILE.name}")
    args = p.parse_args(argv)
    seeds = list(range(args.seed, args.seed + args.games))
    check = list(range(seeds[-1] + 1, seeds[-1] + 1 + args.validate))
    if (check or seeds)[-1] >= 100000:
        p.error("training seeds must stay below 100000 (held-out seeds start there)")
    defaults = asdict(Weights())
    start = time.perf_counter()
    trials: list[dict] = []

    def objective(trial: optuna.Trial) -> float:
        params: dict[str, float] = {}
        for name, lo, hi in SPACE:
            if name == "civic_reserve":
                params[name] = trial.suggest_int(name, int(lo), int(hi))
            else:
                params[name] = trial.suggest_float(name, lo, hi)
        scores = play_trial(params, seeds, args.think)
        mean = sum(scores) / len(scores)
        trials.append({"number": trial.number, "params": params, "scores": scores,
                       "mean_solo_score": mean})
        print(f"trial {trial.number}: mean solo score {mean:+.2f} {scores} {params}",
              flush=True)
        return mean

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    study = optuna.create_study(direction="maximize",
                                sampler=optuna.samplers.TPESampler(seed=13))
    study.enqueue_trial({**{n: defaults[n] for n, _, _ in SPACE if n != "civic_reserve"},
                         "civic_reserve": DEFAULT_RESERVE})
    study.optimize(objective, n_trials=args.trials)
    best = study.best_trial
    default_mean = trials[0]["mean_solo_score"]
    keep = best.value > default_mean
    validation: dict = {}
    if keep and check:
        best_scores = play_trial(dict(best.params), check, args.think)
        default_scores = play_trial(dict(trials[0]["params"]), check, args.think)
        validation = {"seeds": check, "best": best_scores, "defaults": default_scores}
        keep = sum(best_scores) > sum(default_scores)
        print(f"validation: best {best_scores} vs defaults {default_scores}", flush=True)
    chosen = dict(best.params) if keep else dict(trials[0]["params"])
    command = ("PYTHONPATH=. python benchmarks/tune_campaign.py "
               f"--trials {args.trials} --games {args.games} --seed {args.seed} "
               f"--validate {args.validate} --think {args.think} --write")
    data = {
        "how": ("optuna TPESampler(seed=13), maximize the mean 8.8 solo score of the campaign "
                "Government (--govt search) over the training seeds, the first trial being "
                "the defaults; the chosen numbers are the best trial's only if it beat the "
                "defaults on those seeds and on the validation seeds. Small budget (a "
                "loaded 2-core machine): treat as "
                "a starting point, not a converged optimum."),
        "command": command,
        "optuna": __import__("optuna").__version__,
        "think": args.think,
        "training_seeds": seeds,
        "seconds": round(time.perf_counter() - start, 1),
        "default_mean_solo_score": default_mean,
        "best_mean_solo_score": best.value,
        "best_trial": best.number,
        "validation": validation,
        "kept": "best trial" if keep else "defaults",
        "weights": {k: v for k, v in chosen.items() if k != "civic_reserve"},
        "policy": {"civic_reserve": int(chosen["civic_reserve"])},
        "trials": trials,
    }
    text = json.dumps(data, indent=2) + "\n"
    if args.write:
        TUNED_FILE.write_text(text, encoding="utf-8")
        print(f"wrote {TUNED_FILE}")
    else:
        print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
