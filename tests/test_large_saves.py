"""Large logs load in time proportional to their size (issue 32 item 4): a save with
millions of logged dice took jsonschema about 40 microseconds a roll (123 s and 680 MB
for a 24 MB save); the loader now checks roll lists in whole-list passes and gives the
schema only the rest. The tests count what reaches the schema, never the time taken.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.errors import SaveFileError
from core.game import serialize
from tests.helpers import random_played

BASE = serialize.game_to_json(random_played(4, 3))
ROLLS = 200_000


def _big(tmp_path, rolls: list[Any]) -> Any:
    data = copy.deepcopy(BASE)
    data["log"][0]["decision_rolls"] = rolls  # 8.2: the dice a Non-player decided by
    path = tmp_path / "big.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _rolls(n: int) -> list[list[Any]]:
    return [["8.2 random space", i % 6 + 1] for i in range(n)]


def test_a_long_roll_log_loads_without_the_schema_reading_each_roll(tmp_path,
                                                                    monkeypatch) -> None:
    path = _big(tmp_path, _rolls(ROLLS))
    seen: list[int] = []
    real = serialize.validate

    def counting(data: Any, *args: Any) -> None:
        if isinstance(data, dict) and "log" in data:
            seen.append(sum(len(e.get("decision_rolls", [])) for e in data["log"]))
        real(data, *args)

    monkeypatch.setattr(serialize, "validate", counting)
    game = serialize.load(path)
    assert len(game.log[0]["decision_rolls"]) == ROLLS
    assert seen == [0]  # the schema saw none of the 200,000 rolls: they were checked whole


def test_a_bad_roll_deep_in_a_long_list_is_named(tmp_path) -> None:
    rolls = _rolls(ROLLS)
    rolls[150_000] = ["8.2 random space", 7]  # a die shows 1-6
    path = _big(tmp_path, rolls)
    with pytest.raises(SaveFileError, match=r"log\[0\]\.decision_rolls\[150000\]"):
        serialize.load(path, verify=False)


ROLL_LIKE = st.one_of(
    st.lists(st.one_of(st.text(max_size=3), st.integers(-2, 9), st.booleans(), st.none(),
                       st.floats(0, 7), st.lists(st.integers(1, 6), max_size=2)),
             max_size=3),
    st.integers(1, 6), st.text(max_size=2), st.none(),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(ROLL_LIKE, max_size=4) | st.none() | st.integers())
def test_the_fast_roll_check_is_the_schemas_rule(rolls: Any) -> None:
    # one rule: what rolls_ok passes is exactly what the schema's "rolls" accepts
    try:
        serialize.validate(rolls, "rolls")
        schema_ok = True
    except ValueError:
        schema_ok = False
    assert serialize.rolls_ok(rolls) == schema_ok


def test_a_log_longer_than_any_game_is_refused_before_the_schema_reads_it(tmp_path) -> None:
    # a game played to its end logs about 150 commands; 200,000 took minutes to check
    data = copy.deepcopy(BASE)
    most = serialize.schema()["properties"]["log"]["maxItems"]
    data["log"] = [data["log"][0]] * (most + 1)
    path = tmp_path / "long.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveFileError, match=rf"log: {most + 1} entries, more than a game"):
        serialize.load(path, verify=False)
