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
* :func:`state_to_json` / :func:`state_from_json` convert a
  :class:`~core.state.GameState` to plain JSON data and back, exactly.
* :func:`verify` replays the log from the initial state and lists any difference from the
  saved state (an empty list means the save is consistent).
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable
from os import PathLike
from pathlib import Path
from typing import Any

from core.atomic import write_text
from core.cards import CARDS
from core.errors import SaveFileError
from core.map import MAP
from core.pieces import SHIPMENTS, Faction, Piece
from core.state import NSPACES, PRESIDENTS, GameState

FORMAT = "andean-abyss-save"
VERSION = 1
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
    """Rebuild a :class:`GameState` from :func:`state_to_json` output, checking every
    field's type and shape. Raises :class:`SchemaError` (a ValueError) naming the field."""
    if not isinstance(data, dict):
        raise SchemaError(where, "expected an object")
    names = [f.name for f in dataclasses.fields(GameState)]
    missing = [n for n in names if n not in data]
    if missing:
        raise SchemaError(where, f"missing field(s) {', '.join(missing)}")
    unknown = sorted(set(data) - set(names))
    if unknown:
        raise SchemaError(where, f"unknown field(s) {', '.join(unknown)}")
    values = {name: _FIELDS[name](data[name], f"{where}.{name}") for name in names}
    return GameState(**values)


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


# --- field readers -------------------------------------------------------------------
def _int(value: Any, where: str, lo: int | None = None, hi: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SchemaError(where, f"expected a whole number, not {value!r}")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        if hi is None:
            raise SchemaError(where, f"{value} is below {lo} (must be {lo} or more)")
        if lo is None:
            raise SchemaError(where, f"{value} is above {hi} (must be {hi} or less)")
        raise SchemaError(where, f"{value} is outside {lo}..{hi}")
    return value


def _bool(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise SchemaError(where, f"expected true or false, not {value!r}")
    return value


def _str(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise SchemaError(where, f"expected a string, not {value!r}")
    return value


def _list(value: Any, where: str, length: int | None = None) -> list:
    if not isinstance(value, list):
        raise SchemaError(where, f"expected a list, not {type(value).__name__}")
    if length is not None and len(value) != length:
        raise SchemaError(where, f"expected {length} entries, not {len(value)}")
    return value


def _ints(length: int | None, lo: int | None, hi: int | None) -> Callable[[Any, str], list[int]]:
    def read(value: Any, where: str) -> list[int]:
        return [_int(v, f"{where}[{i}]", lo, hi) for i, v in enumerate(_list(value, where, length))]

    return read


def _card(value: Any, where: str) -> int:
    card = _int(value, where)
    if card not in CARDS:
        raise SchemaError(where, f"no card numbered {card}")
    return card


def _cards(value: Any, where: str) -> list[int]:
    return [_card(v, f"{where}[{i}]") for i, v in enumerate(_list(value, where))]


def _optional_card(value: Any, where: str) -> int | None:
    return None if value is None else _card(value, where)


def _pieces(value: Any, where: str) -> list[int]:
    flat: list[int] = []
    for s, row in enumerate(_list(value, where, NSPACES)):
        flat.extend(_ints(K, 0, None)(row, f"{where}[{s}] ({MAP[s].name})"))
    return flat


def _shipments(value: Any, where: str) -> list[list[int] | None]:
    out: list[list[int] | None] = []
    for i, entry in enumerate(_list(value, where, SHIPMENTS)):
        if entry is None:
            out.append(None)
            continue
        space, holder = _list(entry, f"{where}[{i}]", 2)
        out.append(
            [
                _int(space, f"{where}[{i}][0]", 0, NSPACES - 1),
                _int(holder, f"{where}[{i}][1]", 1, 3),
            ]
        )
    return out


def _capabilities(value: Any, where: str) -> dict[int, str]:
    if not isinstance(value, dict):
        raise SchemaError(where, "expected an object keyed by card number")
    out: dict[int, str] = {}
    for key, side in value.items():
        if not _INT_KEY.match(key):
            raise SchemaError(where, f"key {key!r} is not a card number")
        card = _card(int(key), f"{where}.{key}")
        if side not in ("unshaded", "shaded"):
            raise SchemaError(f"{where}.{key}", f"expected 'unshaded' or 'shaded', not {side!r}")
        out[card] = side
    return out


def _executed_by(value: Any, where: str) -> dict[int, int]:
    if not isinstance(value, dict):
        raise SchemaError(where, "expected an object keyed by card number")
    out: dict[int, int] = {}
    for key, faction in value.items():
        if not _INT_KEY.match(key):
            raise SchemaError(where, f"key {key!r} is not a card number")
        out[_card(int(key), f"{where}.{key}")] = _int(faction, f"{where}.{key}", 0, 3)
    return out


def _seats(value: Any, where: str) -> list[int | None]:
    return [
        None if v is None else _int(v, f"{where}[{i}]", 1, 4)
        for i, v in enumerate(_list(value, where, 4))
    ]


def _roll_log(value: Any, where: str) -> list[tuple[str, int]]:
    out: list[tuple[str, int]] = []
    for i, entry in enumerate(_list(value, where)):
        purpose, roll = _list(entry, f"{where}[{i}]", 2)
        out.append((_str(purpose, f"{where}[{i}][0]"), _int(roll, f"{where}[{i}][1]", 1, 6)))
    return out


def _object(keys_to_int: bool) -> Callable[[Any, str], dict]:
    def read(value: Any, where: str) -> dict:
        if not isinstance(value, dict):
            raise SchemaError(where, "expected an object")
        return _json_copy(value, where, keys_to_int)

    return read


def _json_copy(value: Any, where: str, keys_to_int: bool) -> Any:
    """A deep copy of JSON data; with ``keys_to_int``, object keys that are whole numbers
    become ints again (``step`` dicts are keyed by Faction numbers, e.g. eligible_next)."""
    if isinstance(value, dict):
        return {
            (int(k) if keys_to_int and _INT_KEY.match(k) else k): _json_copy(v, where, keys_to_int)
            for k, v in value.items()
        }
    if isinstance(value, list):
        return [_json_copy(v, where, keys_to_int) for v in value]
    if value is None or isinstance(value, bool | int | float | str):
        return value
    raise SchemaError(where, f"{type(value).__name__} is not JSON data")


_FIELDS: dict[str, Callable[[Any, str], Any]] = {
    "pieces": _pieces,
    "support": _ints(NSPACES, -2, 2),
    "terror": _ints(NSPACES, 0, None),
    "sabotage": _ints(NSPACES, 0, 1),
    "farc_zone": _ints(NSPACES, 0, 1),
    "shipments": _shipments,
    "foreign_in_play": _ints(None, 0, NSPACES - 1),
    "removed_from_game": _ints(4, 0, None),
    "resources": _ints(4, None, None),
    "aid": _int,
    "president": lambda v, w: _int(v, w, 0, len(PRESIDENTS) - 1),
    "capabilities": _capabilities,
    "momentum": _cards,
    "executed_by": _executed_by,
    "eligible": lambda v, w: [_bool(b, f"{w}[{i}]") for i, b in enumerate(_list(v, w, 4))],
    "deck": _cards,
    "played": _cards,
    "current_card": _optional_card,
    "propaganda_rounds": lambda v, w: _int(v, w, 0, None),
    "final_propaganda": lambda v, w: _int(v, w, 1, 4),
    "skip_victory_on": _ints(None, 1, 4),
    "last_was_propaganda_round": _bool,
    "phase": _str,
    "step": _object(keys_to_int=True),
    "seats": _seats,
    "scenario": _str,
    "options": _object(keys_to_int=False),
    "rng_seed": lambda v, w: _int(v, w, 0, None),
    "rng_counter": lambda v, w: _int(v, w, 0, None),
    "roll_log": _roll_log,
}


# ======================================================================================
# phase and step structure
# ======================================================================================
#: ``state.phase``: before the first card, an Event card, a Propaganda Round, game over.
PHASES = ("setup", "card", "propaganda", "over")
#: What a Faction did on the current card (``step["acted"]`` entries, 2.3).
ACTED_KINDS = ("event", "op", "op_sa", "limited_operation")


def check_structure(state: GameState, where: str = "state") -> None:
    """The phase and its ``step`` fit together, so every part of the engine that reads
    them can (SchemaError naming the field otherwise). Run on every loaded state."""
    if state.phase not in PHASES:
        raise SchemaError(f"{where}.phase", f"{state.phase!r} is not one of "
                          f"{', '.join(PHASES)}")
    step, at = state.step, f"{where}.step"
    if state.phase == "card":
        _card_step(state, at)
    elif state.phase == "propaganda":
        _propaganda_step(step, at)
    elif state.phase == "over":
        _over_step(step, at)
    elif step:
        raise SchemaError(at, "must be empty before the first card")
    if state.phase in ("card", "propaganda"):
        if state.current_card is None:
            raise SchemaError(f"{where}.current_card", f"missing in phase {state.phase!r}")
        if (state.phase == "propaganda") != CARDS[state.current_card].propaganda:
            raise SchemaError(f"{where}.current_card", f"card {state.current_card} is "
                              f"{'a' if CARDS[state.current_card].propaganda else 'no'} "
                              f"Propaganda card, in phase {state.phase!r}")
        final_round = state.phase == "propaganda" and \
            state.propaganda_rounds >= state.final_propaganda
        if not state.deck and not final_round:
            raise SchemaError(f"{where}.deck", "empty before the final Propaganda Round "
                              "(the game ends with the final Propaganda card, 2.4.1)")
        from core.rules.sequence import to_move

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


def _factions(value: Any, where: str) -> list[int]:
    return [_int(v, f"{where}[{i}]", 0, 3) for i, v in enumerate(_list(value, where))]


def _card_step(state: GameState, at: str) -> None:
    step = state.step
    for key in ("acted", "passed", "shipped", "eligible_next"):
        if key not in step:
            raise SchemaError(at, f"missing field {key} (an Event card's step, 2.3)")
    for i, entry in enumerate(_list(step["acted"], f"{at}.acted")):
        faction, kind = _list(entry, f"{at}.acted[{i}]", 2)
        _int(faction, f"{at}.acted[{i}][0]", 0, 3)
        if kind not in ACTED_KINDS:
            raise SchemaError(f"{at}.acted[{i}][1]", f"{kind!r} is not one of "
                              f"{', '.join(ACTED_KINDS)}")
    if len(step["acted"]) > 2:
        raise SchemaError(f"{at}.acted", "more than 2 Factions acted on one card (2.3.1)")
    _factions(step["passed"], f"{at}.passed")
    _factions(step["shipped"], f"{at}.shipped")
    nxt = step["eligible_next"]
    if not isinstance(nxt, dict):
        raise SchemaError(f"{at}.eligible_next", "expected an object keyed by Faction")
    for key, value in nxt.items():
        if not isinstance(key, int) or not 0 <= key <= 3:
            raise SchemaError(f"{at}.eligible_next", f"key {key!r} is not a Faction 0-3")
        _bool(value, f"{at}.eligible_next.{key}")
    for key, value in step.items():
        if key not in ("acted", "passed", "shipped", "eligible_next"):
            _int(value, f"{at}.{key}", 0, None)  # per-card counts (5.3)


def _propaganda_step(step: dict, at: str) -> None:
    from core.rules import propaganda

    names = {propaganda.DONE, propaganda.SEVENTH_SF, propaganda.DRUG_PROFITS,
             propaganda.CIVIC_ACTION, propaganda.AGITATION, propaganda.FARC_ZONE,
             propaganda.ELITE_BACKING, propaganda.REDEPLOY}
    phase = step.get("phase")
    if phase not in names:
        raise SchemaError(f"{at}.phase", f"{phase!r} is not a Propaganda Round step "
                          "(6.0)")
    for i, line in enumerate(_list(step.get("report", []), f"{at}.report")):
        _str(line, f"{at}.report[{i}]")
    if phase == propaganda.DONE:
        return
    for key in ("faction", "stage", "flags"):
        if key not in step:
            raise SchemaError(at, f"missing field {key} (a Propaganda decision, 6.0)")
    _int(step["faction"], f"{at}.faction", 0, 3)
    _int(step["stage"], f"{at}.stage", 0, len(propaganda.STAGES) - 1)
    if not isinstance(step["flags"], dict):
        raise SchemaError(f"{at}.flags", "expected an object")


def _over_step(step: dict, at: str) -> None:
    for key in ("reason", "ranking", "winners", "players_lose"):
        if key not in step:
            raise SchemaError(at, f"missing field {key} (the end of the game, 7.1-7.3)")
    _str(step["reason"], f"{at}.reason")
    ranking = _factions(step["ranking"], f"{at}.ranking")
    if sorted(ranking) != [0, 1, 2, 3]:
        raise SchemaError(f"{at}.ranking", "must rank each Faction once (7.3)")
    _factions(step["winners"], f"{at}.winners")
    _bool(step["players_lose"], f"{at}.players_lose")


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


def game_from_json(data: Any) -> Any:
    """A :class:`~core.game.Game` from a save-file object. Raises SaveFileError."""
    from core.game import Game

    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveFileError("not an Andean Abyss save file")
    version = data.get("version")
    if version != VERSION:
        raise SaveFileError(
            f"save format version {version!r} is not supported (this engine reads {VERSION})"
        )
    try:
        unknown = sorted(set(data) - {"format", "version", "state", "initial", "log"})
        if unknown:
            raise SchemaError("save", f"unknown field(s) {', '.join(unknown)}")
        for key in ("state", "initial", "log"):
            if key not in data:
                raise SchemaError("save", f"missing field {key}")
        state = state_from_json(data["state"], "state")
        initial = state_from_json(data["initial"], "initial")
        check_structure(state, "state")
        check_structure(initial, "initial")
        if initial.phase != "setup":
            raise SchemaError("initial.phase", "the initial state is the one before the "
                              "first card (phase 'setup')")
        log = _log(data["log"], "log")
    except SchemaError as err:
        raise SaveFileError(f"damaged save file: {err}") from None
    for label, st in (("state", state), ("initial", initial)):
        problems = st.check_invariants()
        if problems:
            raise SaveFileError(f"damaged save file: {label}: {problems[0]}")
    return Game(state, None, log, initial)


def _log(value: Any, where: str) -> list[dict]:
    """Check the log's entries: {"faction", "command", "rolls", "rng_after"}."""
    out = []
    for i, entry in enumerate(_list(value, where)):
        at = f"{where}[{i}]"
        if not isinstance(entry, dict):
            raise SchemaError(at, "expected an object")
        for key in ("faction", "command", "rolls", "rng_after"):
            if key not in entry:
                raise SchemaError(at, f"missing field {key}")
        faction = entry["faction"]
        if faction is not None:
            try:
                Faction.parse(_str(faction, f"{at}.faction"))
            except ValueError:
                raise SchemaError(f"{at}.faction", f"unknown Faction {faction!r}") from None
        command = entry["command"]
        if not isinstance(command, dict) or not isinstance(command.get("type"), str):
            raise SchemaError(f"{at}.command", "expected an object with a 'type'")
        _command(command, f"{at}.command")
        _roll_log(entry["rolls"], f"{at}.rolls")
        if "decision_rolls" in entry:
            _roll_log(entry["decision_rolls"], f"{at}.decision_rolls")
        _int(entry["rng_after"], f"{at}.rng_after", 0, None)
        if "stop_after_turn" in entry and not isinstance(entry["stop_after_turn"], bool):
            raise SchemaError(f"{at}.stop_after_turn", "expected true or false")
        out.append(_json_copy(entry, at, keys_to_int=False))
    return out


def _command(data: dict, where: str) -> None:
    """A known command whose fields decode (the replay check applies it)."""
    from core.commands import from_json, registered

    register_all_commands()
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


def save(game: Any, path: str | PathLike[str]) -> None:
    """Write ``game`` to ``path`` atomically (temp file, fsync, rename); an OSError names
    ``path``."""
    write_text(path, dumps(game_to_json(game)))


def load(path: str | PathLike[str], verify: bool = True) -> Any:
    """Read a save file into a :class:`~core.game.Game`: the one strict loader of every
    command that reads a save. SaveFileError (one line naming the field and the rule)
    if it is not a readable save of this format and version, or, with ``verify`` (the
    default), if its log does not replay to its saved state. The file is only read."""
    target = Path(path)
    try:
        raw = target.read_bytes()
    except FileNotFoundError:
        raise SaveFileError(f"{target}: no such save file") from None
    except IsADirectoryError:
        raise SaveFileError(f"{target}: is a directory, not a save file") from None
    except OSError as err:
        raise SaveFileError(f"{target}: cannot read ({err.strerror})") from None
    try:
        data = json.loads(raw.decode("utf-8"))
    except RecursionError:
        raise SaveFileError(f"{target}: not a save file (nested too deeply)") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as err:
        raise SaveFileError(f"{target}: not a JSON file ({_short(err)})") from None
    try:
        game = game_from_json(data)
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
def register_all_commands() -> None:
    """Make every command known for decoding (see :func:`core.commands.register_all`)."""
    from core.commands import register_all

    register_all()


def verify(game: Any) -> list[str]:
    """Replay ``game.initial`` and ``game.log`` (:meth:`core.game.Game.replay`) and list
    the differences from ``game.state``; an empty list means the save is consistent."""
    from core.game import Game

    register_all_commands()
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
