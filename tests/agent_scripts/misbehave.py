"""A test agent that misbehaves on purpose (tests/test_agents.py): it says ready, then at
its first question does what argv[1] says: crash (exit 3), silent (never answers), illegal
(an option id that is not offered), garbage (a line that is not JSON), late-ready (never
says ready). With ``record PATH`` it plays randomly and writes every line it reads and
writes to PATH (the transcript the schema test checks); with ``command JSON`` it answers
its first question with that whole command, then plays randomly."""

import json
import random
import sys
import time

mode = sys.argv[1]
transcript = open(sys.argv[2], "a", encoding="utf-8") if mode == "record" else None  # noqa: SIM115
rng = random.Random(0)


def say(message: dict) -> None:
    line = json.dumps(message)
    if transcript is not None:
        transcript.write("agent " + line + "\n")
        transcript.flush()
    print(line, flush=True)


for line in sys.stdin:
    if transcript is not None:
        transcript.write("engine " + line)
        transcript.flush()
    message = json.loads(line)
    if message["type"] == "hello":
        if mode == "late-ready":
            time.sleep(3600)
        say({"type": "ready", "name": mode})
    elif message["type"] == "question":
        if mode == "command" and message["first"]:
            mode = "random"
            say({"type": "command", "id": message["id"], "command": json.loads(sys.argv[2])})
            continue
        if mode == "crash":
            sys.exit(3)
        if mode == "silent":
            time.sleep(3600)
        if mode == "illegal":
            say({"type": "answer", "id": message["id"], "answer": len(message["options"])})
        elif mode == "garbage":
            print("this is not JSON", flush=True)
        else:
            ids = [o["id"] for o in message["options"]]
            if message["kind"] == "one":
                pick = rng.choice(ids)
            else:
                count = rng.randint(message["min"], message["max"])
                pick = ([rng.choice(ids) for _ in range(count)] if message["repeat"]
                        else rng.sample(ids, count))
            say({"type": "answer", "id": message["id"], "answer": pick})
    elif message["type"] in ("end", "bye"):
        break
