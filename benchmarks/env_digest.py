"""Behaviour digest of the research environment (not a test, not a timing): for each
seed, one hash of every question asked in a game of random agents in every seat (its
prompt, kind, bounds, options with their values, labels and details), the action mask,
the observation vector, the options' feature vectors, each answer's outcome, the game's
log and the rewards.

    python benchmarks/env_digest.py [--games 40] [--seed 0] > digest.txt

Run it on two checkouts and ``diff`` the outputs: a change meant only to make the
decision forms or the environment faster must leave every line the same (the screens,
the line mode and the protocol ask the same forms). Odd seeds play the short game.
Needs the ``env`` extra. docs/performance.md ("The research environment") used it.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout first

import argparse
import hashlib
import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # agents.env needs the env extra: imported where a digest is made
    from agents.env import Table


def question_text(table: Table) -> bytes:
    """Everything the open question shows and offers, as bytes."""
    q = table.question
    assert q is not None  # asked only while the game is on
    return repr((q.prompt, q.kind, q.lo, q.hi, q.repeat, q.default, q.info, q.help,
                 [(repr(o.value), o.label, o.detail, o.aliases) for o in q.options],
                 [(repr(o.value), o.label) for o in table.options])).encode()


def digest(seed: int) -> tuple[str, int]:
    """The hash of one game of seed ``seed`` (short when odd) and its questions."""
    import numpy as np

    from agents.env import Encoder, Table
    from core.pieces import Faction

    table = Table(list(Faction), seed=seed, short=seed % 2 == 1)
    rng = random.Random(seed * 7 + 1)
    encoder = Encoder()
    h = hashlib.sha256()
    asked = 0
    while not table.over:
        assert table.to_move is not None
        h.update(question_text(table))
        h.update(encoder.encode(table, table.to_move).tobytes())
        h.update(table.option_features().tobytes())
        legal = np.flatnonzero(table.mask())
        h.update(repr(legal.tolist()).encode())
        h.update(repr(table.act(int(legal[rng.randrange(len(legal))]))).encode())
        asked += 1
    h.update(repr(table.game.log).encode())
    h.update(repr(table.rewards()).encode())
    return h.hexdigest()[:16], asked


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games (default 40)")
    parser.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    args = parser.parse_args(argv)
    total = 0
    for seed in range(args.seed, args.seed + args.games):
        value, asked = digest(seed)
        total += asked
        print(seed, value, asked, flush=True)
    print("questions", total)


if __name__ == "__main__":
    main()
