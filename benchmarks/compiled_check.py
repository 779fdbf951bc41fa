"""The compiled engine plays exactly as the plain Python one (not a timing): every golden
game (tests/golden) and the research environment's digest (benchmarks/env_digest.py),
each run once compiled and once with ``ANDEAN_PURE=1``, in two fresh processes, compared
line by line; so are the fields of every command class and the types the command codec
reads for them.

    ANDEAN_COMPILE=1 pip install --no-deps -e .    # a compiled build in this checkout
    python benchmarks/compiled_check.py [--env-games 20] [--golden-every 1]

Exits 0 when both runs print the same lines and the first really ran compiled; 1 with
the first differing line otherwise (or when no compiled build is in use: ``andean
--version`` says why). It compares the two engines with each other, not with the stored
golden hashes (tests/test_golden.py does that). docs/performance.md, "The compiled
engine".
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this checkout first


def fingerprints(env_games: int, golden_every: int) -> None:
    """Print one line per golden game and per environment game: the worker's side."""
    from benchmarks.env_digest import digest
    from core import engine
    from tests.golden import fingerprint, label, play, specs

    print("engine", engine.ENGINE, flush=True)
    # every command's fields and the types the codec checks them against: compiled, a
    # class body's annotations are what mypyc records (core/commands.py, "Writing a
    # command"), so a field unquoted or a class constant taken for a field shows here
    import core.game  # noqa: F401  (imports every rules module: the registry complete)
    from core.commands import fields_of, registered

    for name, cls in sorted(registered().items()):
        print("command", name, [(f, str(hint)) for f, hint in fields_of(cls)], flush=True)
    for spec in specs()[::golden_every]:
        print(label(spec), sorted(fingerprint(play(spec)).items()), flush=True)
    for seed in range(env_games):
        print("env", seed, *digest(seed), flush=True)


def run(pure: bool, args: argparse.Namespace) -> list[str]:
    env = dict(os.environ)
    env.pop("ANDEAN_PURE", None)
    if pure:
        env["ANDEAN_PURE"] = "1"
    cmd = [sys.executable, __file__, "--worker", "--env-games", str(args.env_games),
           "--golden-every", str(args.golden_every)]
    done = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    if done.returncode:
        sys.exit(f"compiled_check: the {'plain' if pure else 'compiled'} run failed:\n"
                 + done.stderr[-2000:])
    return done.stdout.splitlines()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--env-games", type=int, default=20,
                        help="environment games of random agents (default 20)")
    parser.add_argument("--golden-every", type=int, default=1,
                        help="every Nth golden game (default 1: all)")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        fingerprints(args.env_games, args.golden_every)
        return 0
    compiled, plain = run(False, args), run(True, args)
    if not compiled or not compiled[0].startswith("engine compiled"):
        print(f"compiled_check: no compiled engine in use ({compiled[:1]}); build one with "
              "ANDEAN_COMPILE=1 pip install --no-deps -e .")
        return 1
    for a, b in zip(compiled[1:], plain[1:], strict=True):
        if a != b:
            print(f"compiled_check: the engines differ\n  compiled: {a}\n  plain:    {b}")
            return 1
    commands = sum(1 for line in compiled if line.startswith("command "))
    print(f"compiled_check: {len(compiled) - 1 - commands} games and {commands} command "
          f"classes identical compiled and plain ({compiled[0][len('engine '):]})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
