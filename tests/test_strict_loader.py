"""One strict loader for every reader of a save (issue 11 item 3): schema, ranges, the
phase/step structure, known commands and the replay check, with one line naming the
field on any failure (exit 2), never a traceback, and the file left untouched."""

from __future__ import annotations

import copy
import io
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.errors import SaveFileError
from core.events.choice import RandomChooser
from core.game import Game, serialize
from core.game.random_play import random_command
from tui.commands.main import main


def _played(commands: int = 12, seed: int = 2) -> Game:
    game = Game.new("standard", seed=seed)
    rng = random.Random(seed)
    for _ in range(commands):
        game.apply(random_command(game.state, rng), chooser=RandomChooser(rng))
    return game


BASE = serialize.game_to_json(_played())
assert BASE["state"]["phase"] == "card"

#: Every command that reads a save, as argv with FILE for the save's path.
READERS = [
    ("status", "FILE"),
    ("status", "FILE", "--json"),
    ("verify", "FILE"),
    ("np-turn", "FILE", "--faction", "FARC"),
    ("event", "FILE", "--card", "5", "--faction", "AUC"),
    ("play", "--plain", "--load", "FILE"),
    ("assist", "--plain", "--load", "FILE"),
]


def _write(tmp_path: Path, data: Any, name: str = "bad.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _run(capsys, monkeypatch, argv: tuple[str, ...], path: Path) -> tuple[int, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    code = main([str(path) if a == "FILE" else a for a in argv])
    _, err = capsys.readouterr()
    return code, err


def _bogus_phase(d: dict) -> None:
    d["state"]["phase"] = "bogus"


def _empty_deck(d: dict) -> None:
    d["state"]["deck"] = []


def _all_ineligible(d: dict) -> None:
    d["state"]["eligible"] = [False] * 4


def _unknown_command(d: dict) -> None:
    d["log"][0]["command"]["type"] = "LaunchRocket"


def _garbage_step(d: dict) -> None:
    d["state"]["step"] = {"garbage": 1}


# The cases of the issue; each names the field it breaks. 2.3.1, 2.4.1, 6.0: structure.
CASES = [
    (_bogus_phase, "state.phase"),
    (_empty_deck, "state.deck"),
    (_all_ineligible, "state.eligible"),
    (_unknown_command, "log[0].command.type"),
    (_garbage_step, "state.step"),
]


@pytest.mark.parametrize("argv", READERS, ids=lambda a: " ".join(a[:2]))
@pytest.mark.parametrize("mutate,field", CASES, ids=lambda c: getattr(c, "__name__", c))
def test_every_reader_refuses_a_broken_save_in_one_line(tmp_path, capsys, monkeypatch,
                                                        argv, mutate, field) -> None:
    data = copy.deepcopy(BASE)
    mutate(data)
    path = _write(tmp_path, data)
    before = path.read_bytes()
    code, err = _run(capsys, monkeypatch, argv, path)
    lines = err.strip().splitlines()
    assert code == 2 and len(lines) == 1, err
    assert field in lines[0] and "unexpected error" not in lines[0]
    assert path.read_bytes() == before
    # --no-verify skips only the replay: the structure is still checked
    if "verify" not in argv:
        code, err = _run(capsys, monkeypatch, (*argv, "--no-verify"), path)
        assert code == 2 and field in err


def test_the_replay_check_is_on_by_default(tmp_path, capsys, monkeypatch) -> None:
    data = copy.deepcopy(BASE)
    data["state"]["resources"][1] += 5  # consistent on its own, not what the log gives
    path = _write(tmp_path, data)
    code, err = _run(capsys, monkeypatch, ("status", "FILE"), path)
    assert code == 2 and "does not replay" in err and "resources" in err
    assert "--no-verify" in err and len(err.strip().splitlines()) == 1
    code, _ = _run(capsys, monkeypatch, ("status", "FILE", "--no-verify"), path)
    assert code == 0
    code, err = _run(capsys, monkeypatch, ("verify", "FILE"), path)
    assert code == 1  # verify reports the differences itself


def test_a_valid_save_loads_everywhere(tmp_path, capsys, monkeypatch) -> None:
    path = _write(tmp_path, BASE)
    for argv in READERS[:5]:
        code, err = _run(capsys, monkeypatch, argv, path)
        assert code == 0, (argv, err)


# ======================================================================================
# fuzz: mutated saves give a clean error or load, never a traceback
# ======================================================================================
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                 max_size=3),
    max_leaves=6,
)


def _containers(node: Any, path: tuple = ()) -> list[tuple]:
    out = []
    if isinstance(node, dict | list):
        out.append(path)
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for key, value in items:
            out += _containers(value, (*path, key))
    return out


ALL_CONTAINERS = _containers(BASE)
#: Containers grouped by field (state.step, state.pieces, log, ...), so each field is
#: as likely to be hit as any other whatever its size.
GROUPS: dict[tuple, list[tuple]] = {}
for _path in ALL_CONTAINERS:
    GROUPS.setdefault(_path[:2], []).append(_path)


def _mutate(data: Any, draw: Any) -> Any:
    state_groups = sorted((g for g in GROUPS if g[:1] == ("state",)), key=str)
    group = draw(st.sampled_from(state_groups) | st.sampled_from(sorted(GROUPS, key=str)))
    path = draw(st.sampled_from(GROUPS[group]))
    node = data
    for key in path:
        node = node[key]
    keys = list(node) if isinstance(node, dict) else list(range(len(node)))
    action = draw(st.sampled_from(("drop", "duplicate", "alter", "wrong_type")))
    if not keys:
        node_value = draw(JSON_VALUES)
        if isinstance(node, dict):
            node["extra"] = node_value
        else:
            node.append(node_value)
        return data
    key = draw(st.sampled_from(keys))
    if action == "drop":
        del node[key]
    elif action == "duplicate":
        if isinstance(node, list):
            node.insert(key, copy.deepcopy(node[key]))
        else:
            node[f"{key}_copy"] = copy.deepcopy(node[key])
    elif action == "alter":
        node[key] = draw(JSON_VALUES)
    else:
        value = node[key]
        node[key] = [value] if not isinstance(value, list) else {"0": value}
    return data


@settings(max_examples=200, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(st.data())
def test_fuzzed_saves_give_a_clean_error(tmp_path_factory, data) -> None:
    tmp = tmp_path_factory.mktemp("fuzz")
    mutated = _mutate(copy.deepcopy(BASE), data.draw)
    text = json.dumps(mutated)
    if data.draw(st.booleans(), "truncate"):
        text = text[: data.draw(st.integers(0, len(text) - 1), "cut")]
    path = tmp / "save.json"
    path.write_text(text, encoding="utf-8")
    before = path.read_bytes()
    try:
        serialize.load(path)
    except SaveFileError as err:
        assert "\n" not in str(err) and str(path) in str(err)
    assert path.read_bytes() == before
    # and through the command line: exit 0 or a one-line error, never "unexpected"
    import contextlib

    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = main(["status", str(path)])
    assert code in (0, 2)
    assert "unexpected error" not in err.getvalue() and "Traceback" not in err.getvalue()
    assert len(err.getvalue().strip().splitlines()) == (code == 2)
    assert path.read_bytes() == before
