"""Saves: state JSON round trip, atomic save, load errors (SaveFileError), replay check.

See docs/state-format.md for the format these tests pin down.
"""

from __future__ import annotations

import importlib
import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.errors import SaveFileError
from core.game import Game, serialize
from core.game.sequence import Pass
from core.map import MAP
from core.pieces import Faction, Piece
from core.setup import new_state
from core.state import GameState
from tests.helpers import put, sid

NSPACES = len(MAP)


def new_game(seed: int = 7, **options) -> Game:
    """A game whose first cards are Events (seeded Propaganda keeps the first 10 so)."""
    options.setdefault("seeded_propaganda", True)
    return Game.new(scenario="standard", seed=seed, **options)


def played_game(passes: int = 6) -> Game:
    game = new_game()
    for _ in range(passes):
        game.apply(Pass())
    return game


# ======================================================================================
# state <-> JSON
# ======================================================================================
def roundtrip(state: GameState) -> GameState:
    text = json.dumps(serialize.state_to_json(state))
    return serialize.state_from_json(json.loads(text))


def test_state_roundtrip_after_setup():
    for scenario in ("standard", "quick"):
        state = new_state(scenario, seed=3)
        assert roundtrip(state) == state


def test_state_roundtrip_after_play():
    game = played_game()
    assert game.state.step  # mid-card step with acted/passed lists
    assert roundtrip(game.state) == game.state


def test_state_json_shape():
    data = serialize.state_to_json(new_state("standard", seed=3))
    assert len(data["pieces"]) == NSPACES and all(len(r) == len(Piece) for r in data["pieces"])
    bogota = data["pieces"][MAP.BOGOTA]
    assert bogota[Piece.TROOPS] == 3 and bogota[Piece.POLICE] == 2
    assert data["shipments"] == [None] * 4
    assert data["resources"] == [40, 10, 10, 10]
    assert set(data) == {f for f in GameState.__dataclass_fields__}


@st.composite
def random_states(draw) -> GameState:
    """Random set ups, then random (schema-valid) changes to every kind of field."""
    scenario = draw(st.sampled_from(["standard", "quick"]))
    state = new_state(
        scenario,
        seed=draw(st.integers(0, 2**62)),
        short=draw(st.booleans()) and scenario == "standard",
        seeded_propaganda=draw(st.booleans()),
        players=draw(st.integers(1, 4)),
        nonplayers=draw(st.booleans()),
    )
    space = st.integers(0, NSPACES - 1)
    for _ in range(draw(st.integers(0, 8))):
        put(state, draw(space), draw(st.sampled_from(list(Piece))), draw(st.integers(1, 3)))
    for _ in range(draw(st.integers(0, 5))):
        s = draw(st.sampled_from([s.id for s in MAP.spaces if s.is_populated]))
        state.support[s] = draw(st.integers(-2, 2))
        state.terror[draw(space)] += draw(st.integers(0, 2))
    for loc in draw(st.lists(st.sampled_from([s.id for s in MAP.locs]), max_size=3)):
        state.sabotage[loc] = 1
    for i in range(draw(st.integers(0, 4))):
        state.shipments[i] = [draw(space), draw(st.integers(1, 3))]
    state.capabilities = draw(
        st.dictionaries(st.sampled_from([1, 2, 3, 7, 9, 10, 11, 13]),  # Capabilities (5.3)
                        st.sampled_from(["unshaded", "shaded"]), max_size=3)
    )
    state.momentum = draw(st.lists(st.sampled_from([17, 22, 27, 42, 67]), max_size=2,
                                   unique=True))  # Momentum cards (5.4), each once
    state.resources = draw(st.lists(st.integers(0, 99), min_size=4, max_size=4))
    state.aid = draw(st.integers(0, 29))
    state.president = draw(st.integers(0, 2))
    state.eligible = draw(st.lists(st.booleans(), min_size=4, max_size=4))
    if draw(st.booleans()):
        state.played = [state.deck.pop(0)]
        state.current_card = state.played[-1]
        state.phase = "card"
        state.step = {
            "acted": [[draw(st.integers(0, 3)), "op_sa"]],
            "passed": draw(st.lists(st.integers(0, 3), max_size=2)),
            "shipped": [],
            "eligible_next": {draw(st.integers(0, 3)): draw(st.booleans())},
        }
    if draw(st.booleans()):
        state.foreign_in_play = [MAP.ECUADOR]
    state.rng_counter += draw(st.integers(0, 1000))
    state.roll_log = [("Attack", draw(st.integers(1, 6))), ("Sweep", draw(st.integers(1, 6)))]
    return state


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(random_states())
def test_state_roundtrip_is_identical_property(state):
    assert roundtrip(state) == state
    # and the JSON itself is stable
    data = serialize.state_to_json(state)
    assert serialize.state_to_json(serialize.state_from_json(data)) == data


def test_step_faction_keys_come_back_as_ints():
    # 2.3.7 eligible_next is keyed by Faction number: JSON makes keys strings
    state = played_game().state
    state.step["eligible_next"] = {int(Faction.FARC): False}
    back = roundtrip(state)
    assert back.step["eligible_next"] == {1: False}


def test_roundtrip_copies_nothing_shared():
    state = new_state("standard", seed=2)
    data = serialize.state_to_json(state)
    data["resources"][0] = 0
    data["pieces"][0][0] = 0
    assert state.resources[0] == 40 and state.count(0, Piece.TROOPS) == 3


@pytest.mark.parametrize(
    ("edit", "where"),
    [
        (lambda d: d.pop("aid"), "missing field(s) aid"),
        (lambda d: d.update(extra=1), "unknown field(s) extra"),
        (lambda d: d["pieces"].pop(), "state.pieces: expected 47 entries"),
        (lambda d: d["pieces"][3].append(0), "state.pieces[3]"),
        (lambda d: d["pieces"][0].__setitem__(0, -1), "state.pieces[0]"),
        (lambda d: d["pieces"][0].__setitem__(0, "3"), "expected a whole number"),
        (lambda d: d["support"].__setitem__(0, 3), "state.support[0]: 3 is outside -2..2"),
        (lambda d: d.update(aid=True), "state.aid"),
        (lambda d: d.update(resources=[1, 2, 3]), "state.resources"),
        (lambda d: d["shipments"].__setitem__(0, [0, 0]), "state.shipments[0][1]"),
        (lambda d: d.update(deck=[1, 99]), "no card numbered 99"),
        (lambda d: d.update(capabilities={"x": "shaded"}), "not a Capability card number"),
        (lambda d: d.update(capabilities={"1": "both"}), "'unshaded' or 'shaded'"),
        (lambda d: d.update(seats=[1, 2, 3, 9]), "state.seats[3]"),
        (lambda d: d.update(eligible=[1, 1, 1, 1]), "true or false"),
        (lambda d: d.update(roll_log=[["Attack", 7]]), "state.roll_log[0][1]"),
        (lambda d: d.update(step=[]), "state.step: expected an object"),
        (lambda d: d.update(phase=3), "state.phase"),
    ],
)
def test_state_from_json_rejects_bad_fields(edit, where):
    data = serialize.state_to_json(new_state("standard", seed=1))
    edit(data)
    with pytest.raises(serialize.SchemaError) as err:
        serialize.state_from_json(data)
    assert where in str(err.value)


# ======================================================================================
# save / load
# ======================================================================================
def test_save_load_roundtrip(tmp_path):
    game = played_game()
    path = tmp_path / "game.json"
    serialize.save(game, path)
    loaded = serialize.load(path)
    assert loaded.state == game.state
    assert loaded.initial == game.initial
    assert loaded.log == game.log
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "andean-abyss-save" and data["version"] == serialize.VERSION == 2
    assert set(data) == {"format", "version", "state", "initial", "log"}
    assert data["initial"]["phase"] == "setup"
    assert data["log"][0]["command"] == {"type": "Pass"}


def test_loaded_game_plays_on_like_the_original(tmp_path):
    game = played_game(3)
    path = tmp_path / "game.json"
    serialize.save(game, path)
    loaded = serialize.load(path)
    for g in (game, loaded):
        for _ in range(5):
            g.apply(Pass())
    assert loaded.state == game.state


def test_save_overwrites_atomically(tmp_path):
    path = tmp_path / "game.json"
    serialize.save(new_game(seed=1), path)
    serialize.save(played_game(), path)
    assert len(serialize.load(path).log) == 6
    assert os.listdir(tmp_path) == ["game.json"]  # no temporary file left behind


def test_failed_save_leaves_old_file_intact(tmp_path, monkeypatch):
    # Never a half-written save: a failure before the rename keeps the old file
    path = tmp_path / "game.json"
    serialize.save(new_game(seed=1), path)
    before = path.read_bytes()

    def boom(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", boom)
    with pytest.raises(OSError):
        serialize.save(played_game(), path)
    assert path.read_bytes() == before
    assert os.listdir(tmp_path) == ["game.json"]


def test_save_is_fsynced_before_rename(tmp_path, monkeypatch):
    calls: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace
    monkeypatch.setattr(os, "fsync", lambda fd: (calls.append("fsync"), real_fsync(fd)))
    monkeypatch.setattr(
        os, "replace", lambda a, b: (calls.append("replace"), real_replace(a, b))
    )
    serialize.save(new_game(seed=1), tmp_path / "g.json")
    assert calls[:2] == ["fsync", "replace"]


def _save_data(tmp_path) -> tuple[dict, os.PathLike]:
    path = tmp_path / "game.json"
    serialize.save(played_game(2), path)
    return json.loads(path.read_text(encoding="utf-8")), path


def _write(path, data) -> None:
    path.write_text(json.dumps(data), encoding="utf-8")


def assert_save_error(path, fragment: str) -> None:
    with pytest.raises(SaveFileError) as err:
        serialize.load(path)
    message = str(err.value)
    assert fragment in message
    assert "\n" not in message  # one line


def test_load_missing_file(tmp_path):
    assert_save_error(tmp_path / "nope.json", "no such save file")


def test_load_directory(tmp_path):
    assert_save_error(tmp_path, "is a directory")


def test_load_not_json(tmp_path):
    path = tmp_path / "game.json"
    path.write_text("this is\nnot json", encoding="utf-8")
    assert_save_error(path, "not a JSON file")
    path.write_bytes(b"\xff\xfe\x00garbage")
    assert_save_error(path, "not a JSON file")


def test_load_truncated_save(tmp_path):
    data, path = _save_data(tmp_path)
    text = path.read_text(encoding="utf-8")
    path.write_text(text[: len(text) // 2], encoding="utf-8")
    assert_save_error(path, "not a JSON file")


# --- format version 1 (issue 43) -------------------------------------------------------
#: a save written by the engine before format version 2 (tests/positions/, issue 40)
VERSION_1_SAVE = Path(__file__).parent / "positions" / "seed4242-card48.json"


def test_a_version_1_save_is_read_under_todays_names(tmp_path):
    """Version 1 named the Propaganda cards played ``propaganda_rounds`` (2.4.1 counts the
    cards, 6.0 a card set aside without a Round among them): an old save still loads,
    replays, and is written again as version 2 with the field's true name."""
    old = json.loads(VERSION_1_SAVE.read_text(encoding="utf-8"))
    assert old["version"] == 1 and old["state"]["propaganda_rounds"] == 1
    game = serialize.load(VERSION_1_SAVE)  # verify=True: the log replays to the state
    assert (game.state.propaganda_cards, game.initial.propaganda_cards) == (1, 0)
    path = tmp_path / "again.json"
    serialize.save(game, path)
    new = json.loads(path.read_text(encoding="utf-8"))
    assert new["version"] == 2
    for key in ("state", "initial"):
        assert "propaganda_rounds" not in new[key]
        assert new[key]["propaganda_cards"] == old[key]["propaganda_rounds"]
        assert {k for k in new[key]} - {"propaganda_cards"} == \
            {k for k in old[key]} - {"propaganda_rounds"}
    assert serialize.load(path).state == game.state


def test_a_damaged_version_1_save_says_so_in_one_line(tmp_path):
    data = json.loads(VERSION_1_SAVE.read_text(encoding="utf-8"))
    data["state"]["propaganda_rounds"] = 3  # one Propaganda card was played (2.4)
    path = tmp_path / "old.json"
    _write(path, data)
    assert_save_error(path, "damaged save file: state.propaganda_cards: 3, but 1 "
                      "Propaganda card(s) were played (2.4)")
    data["state"] = "not a state"
    _write(path, data)
    assert_save_error(path, "damaged save file: state")


@pytest.mark.parametrize(
    "data", [[1, 2, 3], "andean-abyss-save", {"format": "something-else", "version": 1}, {}]
)
def test_load_foreign_json(tmp_path, data):
    path = tmp_path / "other.json"
    _write(path, data)
    assert_save_error(path, "not an Andean Abyss save file")


@pytest.mark.parametrize("version", [3, 0, "1", None, True, 1.0])
def test_load_wrong_version(tmp_path, version):
    data, path = _save_data(tmp_path)
    data["version"] = version
    _write(path, data)
    assert_save_error(path, "is not supported")


@pytest.mark.parametrize(
    ("edit", "fragment"),
    [
        (lambda d: d.pop("log"), "missing field log"),
        (lambda d: d.pop("initial"), "missing field initial"),
        (lambda d: d.update(comment="hi"), "unknown field(s) comment"),
        (lambda d: d["state"].pop("pieces"), "state: missing field(s) pieces"),
        (lambda d: d["initial"].update(aid="nine"), "initial.aid"),
        (lambda d: d.update(log={}), "log: expected a list"),
        (lambda d: d["log"][0].pop("rolls"), "log[0]: missing field rolls"),
        (lambda d: d["log"][1].update(command="Pass"), "log[1].command"),
        (lambda d: d["log"][0].update(faction="Rebels"), "log[0].faction"),
        (lambda d: d["log"][0].update(rng_after=-1), "log[0].rng_after"),
        (lambda d: d["log"][0].update(rolls=[["x", 9]]), "log[0].rolls[0][1]"),
        # schema-valid but impossible: 31 Troops (1.4.1)
        (lambda d: d["state"]["pieces"][0].__setitem__(0, 31), "more Troops on the map"),
        (lambda d: d["state"].update(aid=40), "Aid 40 outside 0-29"),
    ],
)
def test_load_schema_invalid(tmp_path, edit, fragment):
    data, path = _save_data(tmp_path)
    edit(data)
    _write(path, data)
    assert_save_error(path, "damaged save file")
    assert_save_error(path, fragment)


def test_save_file_is_readable_text(tmp_path):
    # one space's row of pieces per line: saves diff well
    path = tmp_path / "game.json"
    serialize.save(new_game(), path)
    lines = [line.strip() for line in path.read_text(encoding="utf-8").splitlines()]
    assert "[3, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]," in lines  # Bogotá: 3 Troops, 2 Police
    assert '"aid": 9,' in lines


# ======================================================================================
# verify: replay the log
# ======================================================================================
def test_verify_fresh_game():
    assert serialize.verify(new_game()) == []


def test_verify_played_game(tmp_path):
    game = played_game(9)
    path = tmp_path / "g.json"
    serialize.save(game, path)
    assert serialize.verify(serialize.load(path)) == []


def test_verify_reports_tampered_state():
    game = played_game()
    game.state.resources[Faction.AUC] += 5
    game.state.pieces[sid("Huila") * len(Piece) + Piece.TROOPS] += 1
    problems = serialize.verify(game)
    assert any(p.startswith("resources: saved") for p in problems)
    assert "Troops in Huila: saved 1, replayed 0" in problems


def test_verify_reports_log_that_does_not_replay():
    game = played_game()
    game.log.append({"faction": "FARC", "command": {"type": "NoSuchCommand"}, "rolls": [],
                     "rng_after": 0})
    problems = serialize.verify(game)
    assert len(problems) == 1 and problems[0].startswith("the log does not replay")


def test_verify_reports_missing_log_entry():
    game = played_game()
    game.log.pop()
    assert serialize.verify(game)


def test_differences_limit():
    a = new_state("standard", seed=1)
    b = new_state("standard", seed=1)
    b.pieces = [0] * len(b.pieces)
    out = serialize.differences(a, b, limit=5)
    assert len(out) == 6 and out[-1].startswith("... and")


def _random_play(game: Game, rng, commands: int) -> None:
    """Government Passes, Insurgents run random Operations (dice included) when the
    generators exist; Propaganda decisions use the Round's random generator."""
    from core.errors import IllegalAction
    from core.game import sequence

    ops = pytest.importorskip("core.rules.insurgent_ops")
    propaganda = importlib.import_module("core.rules.propaganda")
    generators = [ops.random_rally, ops.random_march, ops.random_attack, ops.random_terror]
    for _ in range(commands):
        faction = game.to_move()
        if faction is None:
            return
        if game.state.phase == "propaganda":
            pick = getattr(propaganda, "random_propaganda_command", None)
            cmd = pick(game.state, rng) if pick else None
            if cmd is None:
                return
            game.apply(cmd)
            continue
        opts = game.legal_action_types()
        cmd = Pass()
        if faction is not Faction.GOVT and {"operation", "limited_operation"} & set(opts):
            limited = "operation" not in opts
            op = rng.choice(generators)(game.state, faction, rng, limited)
            if op is not None:
                cmd = sequence.OperationAction(op=op)
        try:
            game.apply(cmd)
        except IllegalAction:
            game.apply(Pass())


@pytest.mark.parametrize("seed", [3, 7, 12])
def test_verify_random_insurgent_play_with_dice(tmp_path, seed):
    import random

    game = new_game(seed=seed, seeded_propaganda=False)
    _random_play(game, random.Random(seed), 40)
    assert len(game.log) > 10
    path = tmp_path / "g.json"
    serialize.save(game, path)
    loaded = serialize.load(path)
    assert loaded.state == game.state
    assert serialize.verify(loaded) == []


def test_save_keeps_permissions(tmp_path):
    path = tmp_path / "g.json"
    serialize.save(new_game(seed=1), path)
    assert path.stat().st_mode & 0o777 == 0o644
    path.chmod(0o600)
    serialize.save(new_game(seed=1), path)
    assert path.stat().st_mode & 0o777 == 0o600


@pytest.mark.parametrize("purpose", ["initiative", "\x1b[2J\x1b]0;owned\x07"])
def test_the_loader_refuses_dice_rolled_before_the_first_card(tmp_path, purpose):
    # 2.1-2.2: Set Up shuffles the deck from the stream but rolls no die; a forged
    # initial holding rolls (escape sequences in their purpose too) loaded and verified
    # (issue 41, "Why" 7), since the replay starts from initial and never reads them
    data, path = _save_data(tmp_path)
    data["initial"]["roll_log"] = [[purpose, 6]]
    _write(path, data)
    assert_save_error(path, "initial.roll_log: 1 dice, but no die is rolled before the "
                      "first card (2.1-2.2)")
