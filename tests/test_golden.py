"""The golden games (issue 18 item 1): the engine's behaviour pinned bit for bit.

Every seeded game of ``tests/golden/games.json`` is played again in this process and its
final state and command log must hash as recorded. A failure lists the games that moved;
if a rule change moved them on purpose, regenerate the file in the commit that names the
rule change (``PYTHONPATH=. python -m tests.golden --write``, see :mod:`tests.golden`).
"""

from __future__ import annotations

import copy

from tests import golden


def test_the_golden_file_lists_the_golden_games() -> None:
    # the file and tests/golden.specs() agree: no game silently added or dropped
    stored = golden.load()["games"]
    assert golden.same_games(stored), (
        "tests/golden/games.json does not hold the games tests.golden.specs() lists: "
        "regenerate it with PYTHONPATH=. python -m tests.golden --write")
    assert "Regenerate ONLY" in golden.load()["header"]


def test_every_golden_game_replays_bit_for_bit() -> None:
    stored = golden.load()["games"]
    _, changed = golden.check(stored)
    assert not changed, (
        f"{len(changed)} of {len(stored)} golden games changed:\n" + "\n".join(changed)
        + "\nIf a rule change moved them on purpose: PYTHONPATH=. python -m tests.golden "
        "--write, in the commit that names the rule change.")


def test_a_moved_game_is_reported_with_what_moved() -> None:
    # the check can fail: a stored fingerprint that differs is named, with what moved
    entry = next(e for e in golden.load()["games"]
                 if e["kind"] == "random_play" and e["scenario"] == "quick")
    tampered = copy.deepcopy(entry)
    tampered["log_sha256"] = "0" * 64
    tampered["commands"] += 1
    _, changed = golden.check([entry, tampered])
    assert changed == [f"{golden.label(golden.spec_of(entry))}: log hash, commands "
                       f"{entry['commands'] + 1} -> {entry['commands']}"]


def test_the_state_hash_sees_one_piece_moved() -> None:
    # the fingerprint hashes the whole saved state: one piece more changes it
    game = golden.play({"kind": "random_play", "scenario": "quick", "options": {}, "seed": 0})
    before = golden.fingerprint(game)
    game.state.pieces[0] += 1
    after = golden.fingerprint(game)
    assert after["state_sha256"] != before["state_sha256"]
    assert after["log_sha256"] == before["log_sha256"]
