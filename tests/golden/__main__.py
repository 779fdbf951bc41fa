"""``python -m tests.golden [--write]``: play the golden games again, print the ones that
changed; ``--write`` regenerates ``tests/golden/games.json`` (see :mod:`tests.golden`)."""

from __future__ import annotations

import argparse
import json
import sys
import time

from tests.golden import PATH, check, load, spec_of, specs, write


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tests.golden",
        description="Play the golden games again and print those whose hashes changed "
                    "(exit 1 if any did).")
    parser.add_argument("--write", action="store_true",
                        help="regenerate games.json: only in a commit whose message names "
                             "the rule change that moved the games")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    stored = load()["games"] if PATH.exists() else []
    by_spec = {json.dumps(spec_of(e), sort_keys=True): e for e in stored}
    listed = specs()
    entries = [by_spec.pop(json.dumps(s, sort_keys=True), s) for s in listed]
    dropped = [spec_of(e) for e in by_spec.values()]  # stored games no longer listed

    def progress(done: int, total: int) -> None:
        if done % 25 == 0 or done == total:
            print(f"  {done}/{total} games, {time.perf_counter() - start:.0f} s",
                  file=sys.stderr, flush=True)

    fresh, changed = check(entries, progress)
    for line in changed:
        print(line)
    for spec in dropped:
        print(f"no longer listed: {json.dumps(spec, sort_keys=True)}")
    print(f"{len(entries)} games in {time.perf_counter() - start:.1f} s: "
          f"{len(changed)} changed or new, {len(dropped)} no longer listed")
    if args.write:
        errors = [f for f in fresh if "error" in f]
        if errors:
            print(f"not written: {len(errors)} game(s) raised an error", file=sys.stderr)
            return 1
        write(fresh)
        print(f"wrote {PATH}")
        return 0
    return 1 if changed or dropped else 0


if __name__ == "__main__":
    sys.exit(main())
