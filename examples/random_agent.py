#!/usr/bin/env python3
"""A random agent for the Andean Abyss engine: any seat, any game (docs/agents.md).

    andean demo --agent FARC='python3 examples/random_agent.py'
    andean batch --games 20 --agent Government='python3 examples/random_agent.py --seed 3'

It reads one JSON message a line on stdin and writes its replies on stdout: ``ready`` to
``hello``, and to each ``question`` a random legal answer (one option id, or a list of
``min``..``max`` ids). It needs nothing but Python's standard library: it never imports
the engine. Messages for people go to stderr.
"""

import argparse
import json
import random
import sys


def answer(question: dict, rng: random.Random) -> object:
    """A random answer: one option id, or a list of min..max ids for a 'many' question."""
    ids = [option["id"] for option in question["options"]]
    if question["kind"] == "one":
        return rng.choice(ids)
    count = rng.randint(question["min"], question["max"])
    if question["repeat"]:
        return [rng.choice(ids) for _ in range(count)]
    return rng.sample(ids, count)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=0, help="seed of the random choices")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            if message["version"] != 1:
                print(f"random agent: protocol version {message['version']} unknown",
                      file=sys.stderr)
                return 1
            reply = {"type": "ready", "name": "random"}
        elif kind == "question":
            reply = {"type": "answer", "id": message["id"], "answer": answer(message, rng)}
        elif kind in ("end", "bye"):
            break
        else:  # trace: what happened; a random agent does not care
            continue
        print(json.dumps(reply), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
