"""Saving, loading and checking games: a versioned JSON format (``docs/state-format.md``).

A save file holds the current state, the initial state (before the first card) and the
log of applied commands with their dice, so a game can be resumed *and* audited:

>>> import tempfile, os
>>> from core.game import Game
>>> from core import serialize
>>> game = Game.new(scenario="standard", seed=0)
>>> path = os.path.join(tempfile.mkdtemp(), "game.json")
>>> serialize.save(game, path)
>>> serialize.load(path).state == game.state
True
>>> serialize.verify(serialize.load(path))
[]

* :func:`save` is atomic: it writes a temporary file in the same directory, flushes it to
  disk and renames it over the target, so a crash never leaves a half-written save.
* :func:`load` refuses anything that is not a save this engine can read (missing file,
  not JSON, another program's file, another format version, wrong fields) with a
  :class:`~core.errors.SaveFileError` whose message is one line.
* :func:`schema` is the format's JSON Schema (``core/data/save.schema.json``): the
  shapes, types and ranges of every field; :func:`validate` checks data against it once
  per load and :func:`check_rules` adds what needs the rules (the invariants and the
  replay are :meth:`GameState.check_invariants` and :func:`verify`).
* :func:`state_to_json` / :func:`state_from_json` convert a
  :class:`~core.state.GameState` to plain JSON data and back, exactly.
* :func:`verify` replays the log from the initial state and lists any difference from the
  saved state (an empty list means the save is consistent).
"""

from __future__ import annotations

import dataclasses
import functools
import json
import re
from importlib import resources
from operator import itemgetter
from os import PathLike
from pathlib import Path
from typing import Any

from core import setup
from core.atomic import write_text
from core.cards import CARDS
from core.commands import from_json, registered
from core.errors import SaveFileError
from core.files import FileCheckError, read_input, shown
from core.game import Game  # imports every rules module: every command type is known
from core.game.sequence import to_move
from core.map import MAP
from core.pieces import Piece
from core.seating import numbering_problem, player_count, seating_problem
from core.state import NSPACES, GameState

FORMAT = "andean-abyss-save"
#: 2: ``propaganda_cards`` (version 1 called it ``propaganda_rounds``, though it counts the
#: Propaganda cards played, a card set aside without a Round too: 6.0, issue 43)
VERSION = 2
#: the fields each older version named otherwise, by version: read as today's
#: (:func:`migrate`), then the save is checked as a save of today's version
RENAMED = {1: {"propaganda_rounds": "propaganda_cards"}}
K = len(Piece)

_INT_KEY = re.compile(r"-?\d+\Z")


class SchemaError(ValueError):
    """A JSON value does not have the shape the format requires (``where``: its path)."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}")
        self.where = where


# ======================================================================================
# GameState <-> JSON
# ======================================================================================
def state_to_json(state: GameState) -> dict[str, Any]:
    """The state as plain JSON data (dicts, lists, str, int, bool, None).

    Pieces become one row of 12 counts per space (row = space id, column = piece kind);
    Capability card numbers become string keys; everything else keeps its shape.
    """
    out: dict[str, Any] = {}
    for f in dataclasses.fields(GameState):
        value = getattr(state, f.name)
        if f.name == "pieces":
            value = [value[s * K : s * K + K] for s in range(NSPACES)]
        elif f.name == "capabilities":
            value = {str(card): side for card, side in sorted(value.items())}
        elif f.name == "executed_by":
            value = {str(card): faction for card, faction in sorted(value.items())}
        elif f.name == "roll_log":
            value = [[purpose, roll] for purpose, roll in value]
        out[f.name] = _plain(value, f"state.{f.name}")
    return out


def state_from_json(data: Any, where: str = "state") -> GameState:
    """Rebuild a :class:`GameState` from :func:`state_to_json` output, checked against the
    schema's GameState. Raises :class:`SchemaError` (a ValueError) naming the field."""
    validate(data, "GameState", where)
    return _state(data)


def _plain(value: Any, where: str) -> Any:
    """Deep-copy ``value`` as JSON data (tuples become lists, int enums plain ints)."""
    if value is None or isinstance(value, bool | str | float):
        return value
    if isinstance(value, int):
        return int(value)
    if isinstance(value, list | tuple):
        return [_plain(v, where) for v in value]
    if isinstance(value, dict):
        return {
            str(int(k)) if isinstance(k, int) else k: _plain(v, where) for k, v in value.items()
        }
    raise SchemaError(where, f"{type(value).__name__} cannot be saved as JSON")


# --- JSON -> GameState (after validation) ---------------------------------------------
def _state(data: dict[str, Any]) -> GameState:
    """The :class:`GameState` of JSON data the schema accepted (no further checks)."""
    values = {name: _json_copy(value, keys_to_int=False) for name, value in data.items()}
    values["pieces"] = [n for row in data["pieces"] for n in row]
    values["capabilities"] = {int(card): side for card, side in data["capabilities"].items()}
    values["executed_by"] = {int(card): f for card, f in data["executed_by"].items()}
    values["roll_log"] = [(purpose, roll) for purpose, roll in data["roll_log"]]
    values["step"] = _json_copy(data["step"], keys_to_int=True)
    return GameState(**values)


def _json_copy(value: Any, keys_to_int: bool) -> Any:
    """A deep copy of JSON data; with ``keys_to_int``, object keys that are whole numbers
    become ints again (``step`` dicts are keyed by Faction numbers, e.g. eligible_next)."""
    if isinstance(value, dict):
        return {
            (int(k) if keys_to_int and _INT_KEY.match(k) else k): _json_copy(v, keys_to_int)
            for k, v in value.items()
        }
    if isinstance(value, list):
        return [_json_copy(v, keys_to_int) for v in value]
    return value


# ======================================================================================
# the schema: core/data/save.schema.json
# ======================================================================================
#: The save format's JSON Schema (draft 2020-12), shipped in the package: every field's
#: type, shape and range, and the fields of ``step`` in each phase.
SCHEMA_FILE = "save.schema.json"


@functools.cache
def schema() -> dict[str, Any]:
    """The save format's JSON Schema, as JSON data (read once)."""
    text = resources.files("core.data").joinpath(SCHEMA_FILE).read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@functools.cache
def _validator(definition: str | None) -> Any:
    """A jsonschema validator for the whole save (``None``) or for one of the schema's
    ``$defs`` (imported on first use: a command that never reads a save never pays for
    it)."""
    from jsonschema import Draft202012Validator, validators

    base = Draft202012Validator
    # JSON Schema counts 1.0 as an integer; a save's counts are written without a point,
    # and the engine indexes and counts with them, so 1.0 is refused as before.
    types = base.TYPE_CHECKER.redefine("integer", lambda _checker, v: type(v) is int)
    return validators.extend(base, type_checker=types)(_root(definition))


@functools.cache
def _root(definition: str | None) -> dict[str, Any]:
    """The whole schema (``None``), or a schema of one of its ``$defs``."""
    whole = schema()
    if definition is None:
        return whole
    return {"$schema": whole["$schema"], "$defs": whole["$defs"],
            "$ref": f"#/$defs/{definition}"}


def validate(data: Any, definition: str | None = None, where: str = "save") -> None:
    """Check ``data`` against the schema (the whole save, or one of its ``$defs`` such as
    ``"GameState"``); SchemaError naming the first wrong field and what it must be."""
    validator = _validator(definition)
    if validator.is_valid(data):
        return  # is_valid stops at the first fault; a valid save needs no error list
    errors = list(validator.iter_errors(data))
    # the shallowest first (an object's missing fields before its contents), and a field's
    # own type or range before what its phase asks of it (the if/then of PhaseAndStep)
    error = min(errors, key=lambda e: (len(e.absolute_path), "then" in e.absolute_schema_path))
    raise SchemaError(_path(where, error.absolute_path), _message(error))


@functools.cache
def _roll_bounds() -> tuple[int, int]:
    """The die values a roll may hold, as the schema's ``roll`` says (1..6)."""
    value = schema()["$defs"]["roll"]["prefixItems"][1]
    return value["minimum"], value["maximum"]


def rolls_ok(rolls: Any) -> bool:
    """``rolls`` is a list of ``[purpose, value]`` pairs the schema's ``rolls`` accepts
    (a string, a whole number within the schema's range), checked in one plain loop.

    A game logs every die with its purpose; a log of millions of ``decision_rolls`` took
    jsonschema about 40 microseconds a roll (issue 32: 123 s for a 24 MB save). The
    loader checks such lists here first and gives jsonschema only the rest; a list this
    refuses is left to jsonschema, whose message names the entry at fault."""
    if type(rolls) is not list:
        return False
    if not rolls:
        return True
    # whole-list passes in C (map, set, min, max): about ten times a Python loop's speed
    if set(map(type, rolls)) != {list} or set(map(len, rolls)) != {2}:
        return False
    values = list(map(itemgetter(1), rolls))
    lo, hi = _roll_bounds()
    return set(map(type, map(itemgetter(0), rolls))) == {str} and \
        set(map(type, values)) == {int} and lo <= min(values) and max(values) <= hi


#: The fields holding lists of rolls: in a state, and in each log entry.
_STATE_ROLLS = ("roll_log",)
_ENTRY_ROLLS = ("rolls", "decision_rolls")


def _without_checked_rolls(data: dict[str, Any]) -> dict[str, Any]:
    """A shallow copy of a save whose roll lists are checked here and emptied (the schema
    then checks everything else; nothing in ``data`` is changed). A list with a bad roll
    is refused here too, naming that roll, so a long one never reaches jsonschema."""
    out = dict(data)
    for label in ("state", "initial"):
        state = out.get(label)
        if isinstance(state, dict):
            out[label] = state = dict(state)
            for key in _STATE_ROLLS:
                if _rolls_checked(state.get(key), f"{label}.{key}"):
                    state[key] = []
    log = out.get("log")
    if type(log) is list:
        entries = []
        for i, entry in enumerate(log):
            if type(entry) is dict:
                checked = [k for k in _ENTRY_ROLLS
                           if entry.get(k) and _rolls_checked(entry[k], f"log[{i}].{k}")]
                if checked:
                    entry = dict(entry) | {k: [] for k in checked}
            entries.append(entry)
        out["log"] = entries
    return out


def _check_log_length(log: Any) -> None:
    """The schema's bound on the log's length, checked before the schema reads each entry
    (jsonschema takes about a tenth of a millisecond an entry: issue 32)."""
    most = schema()["properties"]["log"]["maxItems"]
    if type(log) is list and len(log) > most:
        raise SchemaError("log", f"{len(log)} entries, more than a game logs (at most "
                          f"{most})")


def _rolls_checked(rolls: Any, where: str) -> bool:
    """True if ``rolls`` is a good list of rolls; SchemaError naming the first bad roll
    of a list; False for anything else (left to the schema)."""
    if rolls_ok(rolls):
        return True
    if type(rolls) is list:
        for j, roll in enumerate(rolls):
            if not rolls_ok([roll]):
                validate(roll, "roll", f"{where}[{j}]")
    return False


def _path(where: str, path: Any) -> str:
    out, previous = "" if where == "save" and path else where, None
    for key in path:
        if isinstance(key, int):
            out += f"[{key}]"
            if previous == "pieces" and 0 <= key < NSPACES:
                out += f" ({MAP[key].name})"
        else:
            out += f".{key}" if out else key
        previous = key
    return out


_TYPES = {"integer": "a whole number", "boolean": "true or false", "string": "a string",
          "array": "a list", "object": "an object", "null": "null", "number": "a number"}


def _shown(value: Any) -> str:
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list"
    text = json.dumps(value, ensure_ascii=False) if value is None or isinstance(
        value, bool) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _message(error: Any) -> str:
    """One line saying what the schema expected of the value (``error``: a jsonschema
    ValidationError); the rule it rests on when the schema names one (``x-rule``)."""
    kind, value, where = error.validator, error.instance, error.schema
    rule = f" ({where['x-rule']})" if isinstance(where, dict) and "x-rule" in where else ""
    if "propertyNames" in error.relative_schema_path:
        return f"key {_shown(value)} is not a {where.get('title', 'valid key')}"
    if kind == "type":
        types = [where["type"]] if isinstance(where["type"], str) else where["type"]
        return f"expected {' or '.join(_TYPES[t] for t in types)}, not {_shown(value)}"
    if kind in ("minimum", "maximum"):
        lo, hi = where.get("minimum"), where.get("maximum")
        if where.get("title", "").startswith("card number"):
            return f"no card numbered {value} (cards are numbered {lo}..{hi})"
        if hi is None:
            return f"{value} is below {lo} (must be {lo} or more)"
        if lo is None:
            return f"{value} is above {hi} (must be {hi} or less)"
        return f"{value} is outside {lo}..{hi}"
    if kind in ("minItems", "maxItems"):
        lo, hi = where.get("minItems"), where.get("maxItems")
        wanted = f"{lo}" if lo == hi else f"at least {lo}" if kind == "minItems" \
            else f"at most {hi}"
        return f"expected {wanted} entries, not {len(value)}{rule}"
    if kind == "required":
        missing = [name for name in where["required"] if name not in value]
        if where.get("title") == "GameState":  # name them all: an old save lacks several
            return f"missing field(s) {', '.join(missing)}{rule}"
        return f"missing field {missing[0]}{rule}"
    if kind == "additionalProperties":
        unknown = sorted(set(value) - set(where.get("properties", {})))
        return f"unknown field(s) {', '.join(unknown)}{rule}"
    if kind == "enum":
        options = where["enum"]
        if len(options) == 2:
            return f"expected {_shown(options[0])} or {_shown(options[1])}, " \
                   f"not {_shown(value)}"
        names = ", ".join("null" if o is None else str(o) for o in options)
        return f"{_shown(value)} is not one of {names}{rule}"
    if kind == "const":
        return f"expected {_shown(where['const'])}, not {_shown(value)}{rule}"
    if kind == "uniqueItems":
        return f"an entry is repeated{rule}"
    if kind == "maxProperties" and where["maxProperties"] == 0:
        return f"must be empty{rule}"
    return f"fails the schema's {kind!r} check{rule}"


# ======================================================================================
# what the schema cannot say: the rules
# ======================================================================================
def check_structure(state: GameState, where: str = "state") -> None:
    """The phase and its ``step`` fit together, so every part of the engine that reads
    them can (SchemaError naming the field otherwise): the schema's PhaseAndStep and the
    rules below. The soak runs it after every command; a load checks the same."""
    validate({"phase": state.phase, "step": _plain(state.step, f"{where}.step")},
             "PhaseAndStep", where)
    check_rules(state, where)


def check_rules(state: GameState, where: str = "state") -> None:
    """What a save must obey beyond the schema's shapes and ranges, for a state whose
    phase and step the schema accepted (SchemaError naming the field otherwise)."""
    step = state.step
    check_set_up(state, where)
    check_cards(state, where)
    if state.phase not in ("card", "propaganda"):
        return
    if state.current_card is None:
        raise SchemaError(f"{where}.current_card", f"missing in phase {state.phase!r}")
    if (state.phase == "propaganda") != CARDS[state.current_card].propaganda:
        raise SchemaError(f"{where}.current_card", f"card {state.current_card} is "
                          f"{'a' if CARDS[state.current_card].propaganda else 'no'} "
                          f"Propaganda card, in phase {state.phase!r}")
    final_round = state.phase == "propaganda" and \
        state.propaganda_cards >= state.final_propaganda
    if not state.deck and not final_round:
        raise SchemaError(f"{where}.deck", "empty before the final Propaganda Round "
                          "(the game ends with the final Propaganda card, 2.4.1)")

    # A card may be saved ended (np-turn stops right after a turn, sequence.card_ended)
    # once someone has acted or passed on it; a card nobody could ever play is damage.
    # (who acted or passed was Eligible for the card: Eligibility changes at its end, 2.3.7)
    played = state.phase == "card" and any(
        state.eligible[f] for f in [a[0] for a in step["acted"]] + list(step["passed"]))
    if to_move(state) is None and not played and (
            state.phase == "card" or step.get("phase") != "done"):
        raise SchemaError(f"{where}.eligible", "no Faction can act on the current card, "
                          "but a saved game always awaits a decision (2.3.2: the "
                          "Eligible Factions act in card order; then the next card)")


def check_set_up(state: GameState, where: str = "state") -> None:
    """What Set Up fixed and nothing changes later (SchemaError naming the field): the
    options go together, someone decides for the Government, ``options.players`` counts
    the seats, the last Propaganda Round and the skipped Victory Phases are the
    scenario's. Each rule is the one :func:`core.setup.new_state` uses. (The players'
    numbers run 1..N in ``initial``, which ``new`` made: :func:`game_from_json`; later a
    seat may go to section 8 or to an agent and leave a gap, ``SetTurn``/``SetSeat``.)"""
    options = state.options
    problem = setup.options_problem(state.scenario, options["short"], options["deployment"])
    if problem is not None:
        raise SchemaError(f"{where}.options", problem)
    problem = seating_problem(state.seats, options.get(setup.GOVERNMENT_AI))
    if problem is not None:
        raise SchemaError(f"{where}.seats", problem)
    players = player_count(state.seats)
    if options["players"] != players:
        raise SchemaError(f"{where}.options.players", f"{options['players']}, but the "
                          f"seats name {players} player(s) (1.5)")
    final = setup.final_propaganda(state.scenario, options["short"])
    if state.final_propaganda != final:
        raise SchemaError(f"{where}.final_propaganda", f"{state.final_propaganda}, but the "
                          f"{state.scenario} scenario{' (short game)' if options['short'] else ''}"
                          f" ends with Propaganda card {final} (2.4.1)")
    skipped = setup.skip_victory_on(state.scenario)
    if state.skip_victory_on != skipped:
        raise SchemaError(f"{where}.skip_victory_on", f"{state.skip_victory_on}, but the "
                          f"{state.scenario} scenario skips {skipped} (seed 003)")
    if state.removed_from_game[0]:
        raise SchemaError(f"{where}.removed_from_game[0]", "the Government has no "
                          "Guerrillas to remove from the game (1.4.1)")


def check_cards(state: GameState, where: str = "state") -> None:
    """The cards of the game, drawn or not, are the scenario's (SchemaError naming the
    field): each card once, in the deck or played; 64 cards (26 in Quick-Play) with the
    Propaganda cards of the deck; as many Propaganda cards played as Rounds counted (2.4),
    no more than the last one; the current card the last played."""
    seen: set[int] = set()
    for name, cards in (("deck", state.deck), ("played", state.played)):
        for i, card in enumerate(cards):
            if card in seen:
                raise SchemaError(f"{where}.{name}[{i}]", f"card {card} is already in "
                                  f"{'the deck' if card in state.deck else 'played'}: each "
                                  "card is in the game once (2.2)")
            seen.add(card)
    size = setup.deck_size(state.scenario)
    if len(seen) != size:
        raise SchemaError(f"{where}.deck", f"{len(state.deck)} cards in the deck and "
                          f"{len(state.played)} played, but a {state.scenario} game has "
                          f"{size} cards (seed 003, Deck Preparation)")
    propaganda = sum(1 for card in seen if CARDS[card].propaganda)
    if propaganda != setup.propaganda_cards(state.scenario):
        raise SchemaError(f"{where}.deck", f"{propaganda} Propaganda cards, but a "
                          f"{state.scenario} game has {setup.propaganda_cards(state.scenario)}"
                          " (seed 003, Deck Preparation)")
    rounds = sum(1 for card in state.played if CARDS[card].propaganda)
    if state.propaganda_cards != rounds:
        raise SchemaError(f"{where}.propaganda_cards", f"{state.propaganda_cards}, but "
                          f"{rounds} Propaganda card(s) were played (2.4)")
    if rounds > state.final_propaganda:
        raise SchemaError(f"{where}.propaganda_cards", f"{rounds} Propaganda Rounds, but "
                          f"the game ends with the {state.final_propaganda}. (2.4.1)")
    current = state.played[-1] if state.played else None
    if state.phase in ("setup", "card", "propaganda") and state.current_card != current:
        raise SchemaError(f"{where}.current_card", f"{state.current_card}, but the last "
                          f"card played is {current} (2.3.8)")


# ======================================================================================
# whole saves
# ======================================================================================
def game_to_json(game: Any) -> dict[str, Any]:
    """The save-file object of a :class:`~core.game.Game`."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "state": state_to_json(game.state),
        "initial": state_to_json(game.initial),
        "log": _plain(game.log, "log"),
    }


def game_from_json(data: Any, fresh: bool = False) -> Any:
    """A :class:`~core.game.Game` from a save-file object. Raises SaveFileError.
    ``fresh``: ``data`` was made for this call (just read from a file), so the game may
    keep its log entries instead of a copy (half the memory of a long log).

    The format and version first (a file of another format version follows another
    schema), then the schema once for the whole save, then what only the rules can say:
    the phase against the current card and the deck, known commands that decode, and the
    invariants every position obeys."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveFileError("not an Andean Abyss save file")
    data = migrate(data)
    try:
        _check_log_length(data.get("log"))
        validate(_without_checked_rolls(data))
        state, initial = _state(data["state"]), _state(data["initial"])
        check_rules(state, "state")
        check_rules(initial, "initial")
        problem = numbering_problem(initial.seats)  # as new numbers them (1.5)
        if problem is not None:
            raise SchemaError("initial.seats", problem)
        if initial.roll_log:  # Set Up shuffles from the stream but rolls no die (2.1)
            raise SchemaError("initial.roll_log", f"{len(initial.roll_log)} dice, but no "
                              "die is rolled before the first card (2.1-2.2)")
        for i, entry in enumerate(data["log"]):
            _command(entry["command"], f"log[{i}].command")
        log = data["log"] if fresh else _json_copy(data["log"], keys_to_int=False)
    except SchemaError as err:
        raise SaveFileError(f"damaged save file: {err}") from None
    for label, st in (("state", state), ("initial", initial)):
        problems = st.check_invariants()
        if problems:
            raise SaveFileError(f"damaged save file: {label}: {problems[0]}")
    return Game(state, None, log, initial)


def migrate(data: dict[str, Any]) -> dict[str, Any]:
    """A save-file object of this format as today's version: an older version's fields
    under today's names (:data:`RENAMED`; nothing else changed between the versions).
    SaveFileError for a version this engine does not know (a newer save may have another
    shape altogether, which this schema must not be asked to judge). Only the two states'
    fields are renamed; what is not a state object is left for the schema to refuse."""
    version = data.get("version")
    if type(version) is not int or not (1 <= version <= VERSION):
        raise SaveFileError(f"save format version {version!r} is not supported (this "
                            f"engine reads versions 1 to {VERSION})")
    if version == VERSION:
        return data
    out = dict(data, version=VERSION)
    for key in ("state", "initial"):
        state = data.get(key)
        if isinstance(state, dict):
            out[key] = {RENAMED[version].get(name, name): value
                        for name, value in state.items()}
    return migrate(out)


def _command(data: dict[str, Any], where: str) -> None:
    """A known command whose fields decode (the replay check applies it)."""
    if data["type"] not in registered():
        raise SchemaError(f"{where}.type", f"unknown command type {data['type']!r}")
    try:
        from_json(data)
    except Exception as err:  # any decoding failure is a damaged entry
        raise SchemaError(where, f"a {data['type']} command that cannot be read "
                          f"({type(err).__name__}: {_short(err)})") from None


def dumps(data: Any) -> str:
    """JSON text with one field per line but short lists kept on one line (readable
    diffs: each space's row of pieces stays on its own line)."""
    return _dump(data, 0) + "\n"


def _dump(value: Any, depth: int) -> str:
    pad = "  " * depth
    if isinstance(value, dict):
        if not value:
            return "{}"
        items = [
            f'{pad}  {json.dumps(k, ensure_ascii=False)}: {_dump(v, depth + 1)}'
            for k, v in value.items()
        ]
        return "{\n" + ",\n".join(items) + f"\n{pad}}}"
    if isinstance(value, list):
        flat = json.dumps(value, ensure_ascii=False)
        if len(flat) <= 100 or all(not isinstance(v, dict | list) for v in value):
            return flat
        items = [f"{pad}  {_dump(v, depth + 1)}" for v in value]
        return "[\n" + ",\n".join(items) + f"\n{pad}]"
    return json.dumps(value, ensure_ascii=False)


def save(game: Any, path: str | PathLike[str], exclusive: bool = False) -> None:
    """Write ``game`` to ``path`` atomically (temp file, fsync, rename); an OSError names
    ``path``. ``exclusive``: FileExistsError if ``path`` exists (``andean new``)."""
    write_text(path, dumps(game_to_json(game)), exclusive)


def load(path: str | PathLike[str], verify: bool = True) -> Any:
    """Read a save file into a :class:`~core.game.Game`: the one strict loader of every
    command that reads a save. SaveFileError (one line naming the field and the rule)
    if it is not a readable save of this format and version, or, with ``verify`` (the
    default), if its log does not replay to its saved state. The file is only read."""
    target = Path(path)
    try:  # a regular file under the size cap: a FIFO or /dev/zero is refused at once
        raw = read_input(target, "save file")
    except FileCheckError as err:
        raise SaveFileError(str(err)) from None
    target = Path(shown(target))  # every message below echoes at most ~80 characters
    try:
        data = json.loads(raw.decode("utf-8"))
    except RecursionError:
        raise SaveFileError(f"{target}: not a save file (nested too deeply)") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as err:
        raise SaveFileError(f"{target}: not a JSON file ({_short(err)})") from None
    except ValueError:  # an integer of more than 4300 digits (sys.int_info)
        raise SaveFileError(f"{target}: not a save file (a number with too many "
                            "digits)") from None
    try:
        game = game_from_json(data, fresh=True)
    except SaveFileError as err:
        raise SaveFileError(f"{target}: {err}") from None
    except RecursionError:
        raise SaveFileError(f"{target}: damaged save file: nested too deeply") from None
    if verify:
        problems = globals()["verify"](game)
        if problems:
            raise SaveFileError(
                f"{target}: the log does not replay to the saved state ({problems[0]}"
                f"{'; ...' if len(problems) > 1 else ''}): see andean verify {target}, "
                "or skip this check with --no-verify")
    return game


def _short(err: Exception) -> str:
    return str(err).splitlines()[0] if str(err) else type(err).__name__


# ======================================================================================
# replay check
# ======================================================================================
def verify(game: Any) -> list[str]:
    """Replay ``game.initial`` and ``game.log`` (:meth:`core.game.Game.replay`) and list
    the differences from ``game.state``; an empty list means the save is consistent."""
    try:
        replayed = Game.replay(game.initial, game.log)
    except Exception as err:  # any failure at all means the log does not replay
        return [f"the log does not replay: {_short(err)}"]
    return differences(game.state, replayed.state)


def differences(saved: GameState, replayed: GameState, limit: int = 20) -> list[str]:
    """Plain-English differences between two states, field by field (at most ``limit``)."""
    out: list[str] = []
    for f in dataclasses.fields(GameState):
        a, b = getattr(saved, f.name), getattr(replayed, f.name)
        if a == b:
            continue
        if f.name == "pieces":
            for i, (x, y) in enumerate(zip(a, b)):
                if x != y:
                    space, kind = MAP[i // K].name, Piece(i % K).label
                    out.append(f"{kind} in {space}: saved {x}, replayed {y}")
        else:
            out.append(f"{f.name}: saved {a!r}, replayed {b!r}")
    if len(out) > limit:
        out = out[:limit] + [f"... and {len(out) - limit} more"]
    return out
