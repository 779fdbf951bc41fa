"""A test agent that attacks the engine on purpose (tests/test_agents_hostile.py, issue
41): it says ready, then answers its first question as argv[1] says:

* ``nest``: a line of 5,000 ``[``;
* ``float``: ``{"type": "answer", "id": ID, "answer": 1.0}``;
* ``deep-command``: a whole command nested 900 levels;
* ``endless``: characters without a newline, without end;
* ``not-utf8``: an answer holding the byte 0xff;
* ``fork PATH``: forks a child that sleeps (its pid written to PATH), then answers
  nothing (the engine waits);
* ``wait PATH``: writes ``asked`` to PATH, then reads on without answering, writing
  every message type it is sent to PATH (a ``bye`` included).
"""

import json
import subprocess
import sys

mode = sys.argv[1]
path = sys.argv[2] if len(sys.argv) > 2 else None


def note(text: str) -> None:
    assert path is not None
    with open(path, "a", encoding="utf-8") as out:
        out.write(text + "\n")


asked = False
for line in sys.stdin:
    message = json.loads(line)
    if asked and mode == "wait":
        note(message["type"])
        continue
    if message["type"] == "hello":
        print(json.dumps({"type": "ready", "name": mode}), flush=True)
        if mode == "fork":
            child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
            note(str(child.pid))
    elif message["type"] == "question":
        asked = True
        if mode == "nest":
            print("[" * 5000, flush=True)
        elif mode == "float":
            print(json.dumps({"type": "answer", "id": message["id"], "answer": 1.0}),
                  flush=True)
        elif mode == "deep-command":
            command = '{"type": "Operation", "op": ' * 900 + '{"type": "Pass"}' + "}" * 900
            print(f'{{"type": "command", "id": {message["id"]}, "command": {command}}}',
                  flush=True)
        elif mode == "endless":
            while True:
                sys.stdout.write("x" * 65536)
        elif mode == "not-utf8":
            sys.stdout.buffer.write(b'{"type": "answer", "id": 1, "answer": "\xff"}\n')
            sys.stdout.flush()
        elif mode == "wait":
            note("asked")
    elif message["type"] in ("end", "bye"):
        break
