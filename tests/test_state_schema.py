"""The save format's JSON Schema (issue 19 item 3): ``core/data/save.schema.json``.

It is a valid draft 2020-12 schema shipped in the package, it agrees with the engine's
own tables (the GameState fields, the cards, the spaces, the Propaganda steps), it
accepts every save the engine writes (golden games' final states, every position of
seeded random games), the version field is respected, its errors are one line naming
the field and what was expected, a load validates once, and the field tables of
docs/state-format.md are the ones generated from it.
"""

from __future__ import annotations

import copy
import dataclasses
import fnmatch
import json
import random
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from core.cards import CARDS
from core.errors import SaveFileError
from core.events.choice import RandomChooser
from core.game import Game, schema_doc, serialize
from core.game.random_play import play_random_game, random_command
from core.map import MAP
from core.pieces import FACTION_LABELS, SHIPMENTS, Piece
from core.rules import propaganda
from core.state import PRESIDENTS, GameState
from tests import golden

ROOT = Path(__file__).resolve().parents[1]
SCHEMA = serialize.schema()
DEFS = SCHEMA["$defs"]


def _played(commands: int = 12, seed: int = 2, scenario: str = "standard") -> Game:
    game = Game.new(scenario, seed=seed)
    rng = random.Random(seed)
    for _ in range(commands):
        game.apply(random_command(game.state, rng), chooser=RandomChooser(rng))
    return game


BASE = serialize.game_to_json(_played())


# ======================================================================================
# the file
# ======================================================================================
def test_the_schema_is_a_draft_2020_12_schema_shipped_in_the_package() -> None:
    Draft202012Validator.check_schema(SCHEMA)
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    shipped = resources.files("core.data").joinpath(serialize.SCHEMA_FILE)
    assert json.loads(shipped.read_text(encoding="utf-8")) == SCHEMA
    # the package data of core.data takes it (pyproject's glob), so a wheel has it
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    globs = pyproject["tool"]["setuptools"]["package-data"]["core.data"]
    assert any(fnmatch.fnmatch(serialize.SCHEMA_FILE, g) for g in globs)
    assert any(d.startswith("jsonschema") for d in pyproject["project"]["dependencies"])


def test_the_schema_agrees_with_the_engine_tables() -> None:
    # every GameState field, in order, required, and no other
    state = DEFS["GameState"]
    names = [f.name for f in dataclasses.fields(GameState)]
    assert list(state["properties"]) == names and state["required"] == names
    assert state["additionalProperties"] is False
    props = state["properties"]
    nspaces = len(MAP)
    for field in ("pieces", "support", "terror", "sabotage", "farc_zone"):
        assert props[field]["minItems"] == props[field]["maxItems"] == nspaces
    assert props["pieces"]["items"]["minItems"] == len(Piece)  # 1.4.1 piece kinds
    assert props["shipments"]["minItems"] == SHIPMENTS  # 4.5.3
    assert DEFS["space"]["maximum"] == nspaces - 1
    assert (DEFS["card"]["minimum"], DEFS["card"]["maximum"]) == (min(CARDS), max(CARDS))
    assert sorted(CARDS) == list(range(min(CARDS), max(CARDS) + 1))
    assert props["president"]["maximum"] == len(PRESIDENTS) - 1  # 6.4.3
    assert DEFS["faction"]["maximum"] == len(FACTION_LABELS) - 1
    assert DEFS["LogEntry"]["properties"]["faction"]["enum"] == [
        *FACTION_LABELS.values(), None]
    # 6.0: the Propaganda Round's decisions and stages are the module's
    step = DEFS["PropagandaStep"]["properties"]
    assert set(step["phase"]["enum"]) == {
        propaganda.DONE, propaganda.SEVENTH_SF, propaganda.DRUG_PROFITS,
        propaganda.CIVIC_ACTION, propaganda.AGITATION, propaganda.FARC_ZONE,
        propaganda.ELITE_BACKING, propaganda.REDEPLOY}
    assert step["stage"]["maximum"] == len(propaganda.STAGES) - 1


# ======================================================================================
# the version
# ======================================================================================
def test_the_version_field_is_respected(tmp_path) -> None:
    assert SCHEMA["properties"]["version"]["const"] == serialize.VERSION
    assert SCHEMA["properties"]["format"]["const"] == serialize.FORMAT
    assert f":{serialize.VERSION}" in SCHEMA["$id"]
    # the schema itself refuses another version (for users' own tools)
    other = copy.deepcopy(BASE)
    other["version"] = serialize.VERSION + 1
    with pytest.raises(serialize.SchemaError, match=r"^version: expected 2, not 3"):
        serialize.validate(other)
    # the loader names the version before anything else: a newer save may have another
    # shape altogether, which this schema must not be asked to judge
    other["state"] = {"a newer": "shape"}
    path = tmp_path / "v3.json"
    path.write_text(json.dumps(other), encoding="utf-8")
    with pytest.raises(SaveFileError, match="save format version 3 is not supported"):
        serialize.load(path)


# ======================================================================================
# every save the engine writes
# ======================================================================================
def _golden_samples() -> list[dict[str, Any]]:
    """One golden game of each kind, scenario, option and seating (seed 0; the search
    Government's games are left to tests/test_golden.py, they take minutes)."""
    return [e for e in golden.load()["games"]
            if e["seed"] == 0 and e.get("govt") != "search"]


@pytest.mark.parametrize("entry", _golden_samples(), ids=golden.label)
def test_the_schema_accepts_golden_games_final_saves(entry) -> None:
    game = golden.play(golden.spec_of(entry))
    # this is the golden game's final state and log, bit for bit
    assert golden.fingerprint(game)["state_sha256"] == entry["state_sha256"]
    data = json.loads(serialize.dumps(serialize.game_to_json(game)))
    serialize.validate(data)
    assert Draft202012Validator(SCHEMA).is_valid(data)  # and so does plain jsonschema
    loaded = serialize.game_from_json(data)
    assert loaded.state == game.state and serialize.verify(loaded) == []


@pytest.mark.parametrize("scenario,seed", [("standard", 11), ("standard", 12),
                                           ("quick", 13), ("quick", 14)])
def test_the_schema_accepts_every_position_of_random_games(scenario, seed) -> None:
    # a save can be written after any command: each position's state is valid
    positions = 0

    def check(game: Game, *_: Any) -> None:
        nonlocal positions
        serialize.validate(serialize.state_to_json(game.state), "GameState", "state")
        serialize.check_rules(game.state)
        positions += 1

    game = play_random_game(Game.new(scenario, seed=seed), random.Random(seed),
                            on_command=check)
    assert game.is_terminal() and positions == len(game.log) > 20
    serialize.validate(serialize.game_to_json(game))


# ======================================================================================
# errors: one line, the field's path, what was expected, the rule when named
# ======================================================================================
def _error(edit) -> str:
    data = copy.deepcopy(BASE)
    edit(data)
    with pytest.raises(serialize.SchemaError) as err:
        serialize.validate(data)
    message = str(err.value)
    assert "\n" not in message
    return message


@pytest.mark.parametrize("edit,message", [
    # 1.4.1 counts are whole numbers >= 0; the row names its space
    (lambda d: d["state"]["pieces"][0].__setitem__(0, -1),
     "state.pieces[0] (Bogotá)[0]: -1 is below 0 (must be 0 or more)"),
    (lambda d: d["state"]["pieces"][5].__setitem__(3, 1.0),
     "state.pieces[5] (Santa Marta)[3]: expected a whole number, not 1.0"),
    (lambda d: d["state"].update(aid=None), "state.aid: expected a whole number, not null"),
    (lambda d: d["state"]["support"].__setitem__(2, -3), "state.support[2]: -3 is outside -2..2"),
    (lambda d: d["state"]["deck"].append(77),
     f"state.deck[{len(BASE['state']['deck'])}]: no card numbered 77"),
    (lambda d: d["state"]["shipments"].pop(), "state.shipments: expected 4 entries, not 3"),
    (lambda d: d["state"]["capabilities"].update({"80": "shaded"}),
     "state.capabilities: key '80' is not a Capability card number"),
    (lambda d: d["state"]["capabilities"].update({"7": "both"}),
     "state.capabilities.7: expected 'unshaded' or 'shaded', not 'both'"),
    (lambda d: d["state"].update(phase="bogus"),
     "state.phase: 'bogus' is not one of setup, card, propaganda, over"),
    (lambda d: d["state"].update(bonus=1), "state: unknown field(s) bonus"),
    (lambda d: [d["state"].pop(k) for k in ("aid", "deck")],
     "state: missing field(s) aid, deck"),
    # 2.3: an Event card's step; 2.3.1: at most 2 Factions act
    (lambda d: d["state"]["step"].pop("passed"),
     "state.step: missing field passed (an Event card's step, 2.3)"),
    (lambda d: d["state"]["step"].update(acted=[[0, "op"], [1, "event"], [2, "op_sa"]]),
     "state.step.acted: expected at most 2 entries, not 3 (2.3.1"),
    (lambda d: d["state"]["step"].update(eligible_next={"5": True}),
     "state.step.eligible_next: key '5' is not a Faction number"),
    # 2.1-2.2: the initial state is before the first card
    (lambda d: d["initial"].update(phase="card"),
     "initial.phase: expected 'setup', not 'card' (the state before the first card"),
    (lambda d: d["initial"]["step"].update(x=1),
     "initial.step: must be empty (before the first card"),
    # 7.3: the end of the game ranks each Faction once
    (lambda d: d["state"].update(phase="over", step={
        "reason": "x", "ranking": [0, 0, 1, 2], "winners": [0], "players_lose": False}),
     "state.step.ranking: an entry is repeated (7.3: each Faction ranked once)"),
    (lambda d: d["log"][2].update(faction="govt"),
     "log[2].faction: 'govt' is not one of Government, FARC, AUC, Cartels, null"),
    (lambda d: d["log"][0].update(rolls=[["Attack", 2, 3]]),
     "log[0].rolls[0]: expected 2 entries, not 3"),
    (lambda d: d.update(log=[{}]), "log[0]: missing field faction"),
    (lambda d: d.update(notes="x"), "save: unknown field(s) notes"),
])
def test_schema_errors_are_one_line_with_the_field_and_what_was_expected(edit,
                                                                         message) -> None:
    assert _error(edit).startswith(message)


def test_the_shallowest_error_is_reported_first() -> None:
    # a missing field of the state before a bad count deep in its pieces
    def edit(d: dict) -> None:
        d["state"]["pieces"][40][2] = -5
        d["initial"].pop("aid")

    assert _error(edit) == "initial: missing field(s) aid"


# ======================================================================================
# once per load
# ======================================================================================
def test_a_load_validates_the_save_once(tmp_path, monkeypatch) -> None:
    path = tmp_path / "game.json"
    serialize.save(_played(30), path)
    calls: list[Any] = []
    real = serialize.validate
    monkeypatch.setattr(serialize, "validate", lambda *a: (calls.append(a), real(*a))[1])
    serialize.load(path)  # with the replay check
    assert len(calls) == 1 and calls[0][1:] == ()


# ======================================================================================
# docs/state-format.md: the tables are generated from the schema
# ======================================================================================
DOC = ROOT / "docs" / "state-format.md"


def test_the_doc_tables_are_the_generated_ones() -> None:
    # the command the failure message names writes this file (its default, DOC): after
    # the move to core/game/ it pointed at core/docs/, which does not exist
    assert schema_doc.DOC == DOC
    text = DOC.read_text(encoding="utf-8")
    assert text.count("<!-- schema-table: ") == 7
    assert schema_doc.render(text) == text, (
        "docs/state-format.md and core/data/save.schema.json differ: "
        "PYTHONPATH=. python -m core.game.schema_doc --write")


def test_the_doc_check_fails_when_either_side_drifts() -> None:
    text = DOC.read_text(encoding="utf-8")
    # the page edited by hand
    edited = text.replace("| `aid` | integer |", "| `aid` | number |")
    assert edited != text and schema_doc.render(edited) != edited
    # the schema changed without regenerating the page
    changed = copy.deepcopy(SCHEMA)
    changed["$defs"]["GameState"]["properties"]["president"]["maximum"] = 3
    assert schema_doc.render(text, changed) != text
    assert schema_doc.main(["--doc", str(DOC)]) == 0


def test_a_table_row_says_type_range_and_meaning() -> None:
    rows = schema_doc.table("state Board").splitlines()
    assert "| `support` | list of 47 integers | each -2..2 | Support/Opposition level" \
        in "\n".join(rows)
    assert schema_doc.table("log-entry").count("optional") == 3  # agent, decision_rolls, stop_after
