"""Instructions, not seconds: random legal play and the section-8 turn counted with
valgrind's callgrind, for another checkout, this one plain and this one compiled (issue 39
item 4; not a test).

    python benchmarks/compiled_instructions.py --base ../main [--games 10] [--np-games 3]

A count of the instructions the processor executes does not move with the load of a
shared machine, which the timings of compiled_side_by_side.py do (by 20-30% on a loaded
2-core machine). Each figure is the difference of two runs of one Python process under
callgrind, so the start (imports, the flowcharts' loading) cancels out:

* random legal play: ``--games`` seeded random games (as bench_engine.py: ``Game.new``
  and :func:`core.game.random_play.play_random_game`), less a run of none;
* the section-8 turn: ``--np-games`` solitaire games as bench_nonplayer.py plays them
  (random Government, section-8 Insurgents), each Non-player turn's position kept; then
  every turn taken again on its position (``nonplayer.turn.take_turn``), less a run that
  does not take them again. Divided by the turns: instructions a turn, on average.

Needs ``valgrind`` (``apt-get install valgrind``) and a compiled build here
(``ANDEAN_COMPILE=1 pip install --no-deps -e .``) for the compiled column. About 10
minutes of CPU with the defaults. docs/performance.md, "The compiled engine".
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(HERE))  # this checkout first

from benchmarks.compiled_side_by_side import engine_of, side_env, sides_here  # noqa: E402

#: Run in the checkout measured (its directory first on sys.path): ``random N`` or
#: ``np N AGAIN`` (AGAIN 1: take every kept turn again). Prints the turns kept.
DRIVER = """
import os, random, sys
sys.path.insert(0, os.getcwd())
from core.game import Game
mode, n = sys.argv[1], int(sys.argv[2])
if mode == "random":
    from core.game.random_play import play_random_game
    for seed in range(n):
        play_random_game(Game.new("standard", seed=seed), random.Random(seed))
else:
    from nonplayer import turn
    from runners.solitaire import new_solitaire, random_chooser, random_player
    kept = []
    for seed in range(n):
        game = new_solitaire("standard", seed)
        player, chooser = random_player(random.Random(seed)), random_chooser(seed)
        while not game.is_terminal():
            if game.state.seats[game.to_move()] is None:
                kept.append(game.clone())
                turn.take_turn(game)
            else:
                Game.apply(game, player(game), chooser=chooser)
    if sys.argv[3] == "1":
        for game in kept:
            turn.take_turn(game)
    print(len(kept))
"""


def instructions(checkout: Path, pure: bool, *args: str) -> tuple[int, str]:
    """(instructions executed, the driver's output) of one run under callgrind."""
    env = side_env(pure)
    with tempfile.TemporaryDirectory() as tmp:
        driver = Path(tmp) / "driver.py"
        driver.write_text(DRIVER, encoding="utf-8")
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/out",
             sys.executable, str(driver), *args],
            cwd=checkout, env=env, capture_output=True, text=True, check=False)
    if done.returncode:
        sys.exit(f"callgrind failed in {checkout}:\n{done.stderr[-1500:]}")
    found = re.search(r"refs:\s+([\d,]+)", done.stderr)
    if found is None:
        sys.exit(f"no instruction count in callgrind's output:\n{done.stderr[-800:]}")
    return int(found.group(1).replace(",", "")), done.stdout.strip()


def measure(checkout: Path, pure: bool, games: int, np_games: int) -> dict[str, float]:
    random_play = instructions(checkout, pure, "random", str(games))[0] \
        - instructions(checkout, pure, "random", "0")[0]
    again, turns = instructions(checkout, pure, "np", str(np_games), "1")
    once = instructions(checkout, pure, "np", str(np_games), "0")[0]
    return {"random": random_play, "turn": (again - once) / int(turns), "turns": int(turns)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--base", type=Path, required=True, help="checkout to compare with")
    parser.add_argument("--games", type=int, default=10, help="random games (default 10)")
    parser.add_argument("--np-games", type=int, default=3,
                        help="solitaire games whose Non-player turns are counted (default 3)")
    args = parser.parse_args(argv)
    sides, missing = sides_here(args.base, True)
    if missing:
        print(missing)
        return 1
    engines = {name: engine_of(path, pure) for name, path, pure in sides}
    counts = {name: measure(path, pure, args.games, args.np_games)
              for name, path, pure in sides}
    print(*(f"- {name}: {engines[name]} ({path})" for name, path, _ in sides), sep="\n")
    print(f"\n{args.games} random games; {counts['base']['turns']:.0f} section-8 turns "
          f"of {args.np_games} solitaire games\n")
    print("| instructions | base | plain | compiled | base/plain | base/compiled |")
    print("|---|---:|---:|---:|---:|---:|")
    for figure, label, scale, unit in (("random", "random legal play", 1e6, " M"),
                                       ("turn", "a section-8 turn, mean", 1e6, " M")):
        b, p, c = (counts[n][figure] for n in ("base", "plain", "compiled"))
        print(f"| {label} | {b / scale:,.1f}{unit} | {p / scale:,.1f}{unit} | "
              f"{c / scale:,.1f}{unit} | {b / p:.2f}x | {b / c:.2f}x |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
