"""The messages of the agent protocol (docs/agents.md), version :data:`VERSION`.

One JSON object per line each way. The engine says ``hello`` (the protocol, its
version, the seat), then for each decision of the seat one ``question`` at a time, each
with the public state (:func:`observation`) and its options numbered from 0; the agent
replies ``answer`` with option ids (or, to a decision's first question, ``command``:
the whole decision in the save's command format). Everyone's decisions are told as
``trace``; the game's end as ``end``; ``bye`` when the engine stops using the agent.

Every message is checked against ``protocol.schema.json`` (shipped beside this module,
quoted in docs/agents.md): the engine's own in the tests, the agent's on receipt.

Hidden information: the observation is the save format's ``state`` object without the
seeded stream (``rng_seed``, ``rng_counter``) and with the deck cut to its face-up top
card (2.2), so the order of the unseen deck and the dice to come are never told.
"""

from __future__ import annotations

import enum
import json
from functools import cache
from importlib import resources
from typing import Any

from core.files import shown
from core.game.serialize import state_to_json
from core.pieces import Faction
from core.rules import victory
from core.state import GameState
from decisions.base import MANY, NUMBER, ONE, YES_NO, Question, answers
from decisions.values import value_type

PROTOCOL = "andean-agent"
VERSION = 1

#: the most option ids an answer may list (the schema's ``maxItems``; a question offers
#: at most 128 options)
MAX_PICKS = 1024

#: what a question is about (``asks``), beside its two answer kinds
ASKS = {ONE: "option", MANY: "options", NUMBER: "number", YES_NO: "yes/no"}


class ProtocolError(ValueError):
    """A message the protocol does not allow; ``str(err)`` says why, in one line."""


@cache
def schema() -> dict[str, Any]:
    """The JSON Schema of every message (draft 2020-12)."""
    text = resources.files("agents").joinpath("protocol.schema.json").read_text(
        encoding="utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


@cache
def _validator(kind: str) -> Any:
    """The schema's validator of messages of type ``kind``, made once (making one reads
    the whole schema: the larger part of a check when made per message)."""
    import jsonschema

    return jsonschema.Draft202012Validator(
        {"$ref": f"#/$defs/{kind}", "$defs": schema()["$defs"]})


def check(message: dict[str, Any]) -> None:
    """ProtocolError unless ``message`` is one the schema allows."""
    import jsonschema

    if _plain_answer(message):
        return
    kind = message.get("type") if isinstance(message, dict) else None
    if kind not in schema()["$defs"]:
        raise ProtocolError(f"unknown message type {kind!r}")
    picks = message.get("answer") if kind == "answer" else None
    if isinstance(picks, list) and len(picks) > MAX_PICKS:  # before the schema reads each
        raise ProtocolError(f"answer message: answer: {len(picks)} option ids, more than "
                            f"{MAX_PICKS}")
    error = jsonschema.exceptions.best_match(_validator(kind).iter_errors(message))
    if error is not None:
        where = "/".join(str(p) for p in error.absolute_path) or "the message"
        raise ProtocolError(f"{kind} message: {where}: {error.message}")


def _plain_answer(message: Any) -> bool:
    """Whether ``message`` is an ``answer`` of the plainest shape, which the schema surely
    allows (exactly its three fields, whole numbers in range): checked here without the
    schema's validator, the larger part of a question's check. Anything else, allowed or
    not, goes through the schema, so what is accepted and every error stay the same."""
    if type(message) is not dict or message.keys() != _ANSWER_KEYS:
        return False
    if message["type"] != "answer" or type(message["id"]) is not int or message["id"] < 1:
        return False
    picked = message["answer"]
    if type(picked) is int:
        return picked >= 0
    return (type(picked) is list and len(picked) <= MAX_PICKS
            and all(type(i) is int and i >= 0 for i in picked))


_ANSWER_KEYS = {"type", "id", "answer"}


# ======================================================================================
# what the agent sees
# ======================================================================================
def observation(state: GameState) -> dict[str, Any]:
    """The public state: the save's ``state`` object, deck cut to its face-up top card,
    without the dice stream's seed and position."""
    data = state_to_json(state)
    deck = data.pop("deck")
    data.pop("rng_seed")
    data.pop("rng_counter")
    data["deck"] = deck[:1]
    return {"state": data, "deck_size": len(deck)}


class Lines:
    """Messages as the lines sent (:meth:`line`): compact JSON, ASCII, one newline. The
    question messages of a decision carry one observation dict (the same object,
    :meth:`agents.seat.AgentSeat.decide`), last of their fields: its text is made once
    and kept for as long as the next question carries that very dict, so a question
    costs the encoding of its own words only. The bytes are those of encoding the whole
    message (an observation is never changed once sent: a decision's is built for it)."""

    def __init__(self) -> None:
        self._observed: Any = None
        self._text = ""

    def line(self, message: dict[str, Any]) -> bytes:
        observed = message.get("observation") if type(message) is dict else None
        if observed is None or next(reversed(message)) != "observation":
            return (_dumps(message) + "\n").encode("utf-8")
        if observed is not self._observed:
            self._observed, self._text = observed, _dumps(observed)
        head = _dumps({k: v for k, v in message.items() if k != "observation"})
        return f'{head[:-1]},"observation":{self._text}}}\n'.encode()


def _dumps(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"))


def hello(faction: Faction, player: int, state: GameState) -> dict[str, Any]:
    return {"type": "hello", "protocol": PROTOCOL, "version": VERSION,
            "seat": faction.label, "faction": int(faction), "player": player,
            "scenario": state.scenario, "options": dict(state.options)}


def jsonable(value: Any) -> Any:
    """An option's value as JSON: tuples become lists, Factions and piece kinds their
    numbers; anything else not JSON its text."""
    if isinstance(value, enum.Enum):
        return jsonable(value.value)
    if isinstance(value, bool | int | str | float) or value is None:
        return value
    if isinstance(value, list | tuple):
        return [jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    return str(value)


def question_message(question: Question, *, qid: int, decision: int, first: bool,
                     faction: Faction, state: GameState, asks: str | None = None,
                     seen: dict[str, Any] | None = None) -> dict[str, Any]:
    """A question as the agent reads it: options numbered from 0. ``seen``: the
    :func:`observation` of ``state`` when the caller already has it (a decision's
    questions all show the same state: :meth:`agents.seat.AgentSeat.decide` builds it
    once), else it is built here."""
    return {"type": "question", "id": qid, "decision": decision, "first": first,
            "faction": faction.label, **question_words(question, asks),
            "observation": observation(state) if seen is None else seen}


def question_words(question: Question, asks: str | None = None) -> dict[str, Any]:
    """A question's words as the protocol sends them (``prompt``, ``kind``, ``asks``,
    ``options`` with their ids, labels, details, values and types, ``min``, ``max``,
    ``repeat``, ``info``): what :func:`question_message` sends, and what the research
    environment gives for the question it asks (``Table.asked``), so both word it alike."""
    options = []
    for i, choice in enumerate(answers(question)):
        option: dict[str, Any] = {"id": i, "label": choice.label,
                                  "value": jsonable(choice.value),
                                  "type": value_type(question, choice.value, choice.label)}
        if choice.detail:
            option["detail"] = choice.detail
        options.append(option)
    many = question.kind == MANY
    return {
        "prompt": question.prompt,
        "kind": "many" if many else "one", "asks": asks or ASKS[question.kind],
        "options": options, "min": question.lo if many else 1,
        "max": question.hi if many else 1, "repeat": bool(many and question.repeat),
        "info": list(question.info),
    }


def answer_value(question: Question, message: dict[str, Any]) -> Any:
    """The value an ``answer`` message picks (ProtocolError if its ids are not options
    or their number is out of range); the form then checks it against the rules."""
    values = [choice.value for choice in answers(question)]
    picked = message["answer"]
    ids = picked if isinstance(picked, list) else [picked]
    for i in ids:
        if type(i) is not int:  # the schema's integer takes 1.0 (issue 41)
            raise ProtocolError(f"option id {shown(repr(i))} is not a whole number")
        if not 0 <= i < len(values):
            raise ProtocolError(f"option id {i} is not one of 0-{len(values) - 1}")
    if question.kind != MANY:
        if isinstance(picked, list):
            raise ProtocolError("this question takes one option id, not a list")
        return values[picked]
    if not isinstance(picked, list):
        raise ProtocolError("this question takes a list of option ids")
    if not question.lo <= len(ids) <= question.hi:
        raise ProtocolError(f"choose {question.lo} to {question.hi} option ids, not {len(ids)}")
    if not question.repeat and len(set(ids)) != len(ids):
        raise ProtocolError("the same option id was named twice")
    return [values[i] for i in ids]


# ======================================================================================
# what the agent is told
# ======================================================================================
def trace_message(faction: Faction | None, by: str, command: dict[str, Any],
                  lines: list[str]) -> dict[str, Any]:
    return {"type": "trace", "faction": faction.label if faction is not None else None,
            "by": by, "command": command, "lines": [str(line) for line in lines]}


def end_message(state: GameState, solitaire: bool | None = None) -> dict[str, Any]:
    """The end (7.0): the reason, winners, ranking, margins (7.3) and, for a solitaire
    Government, the 8.8 score and level (``solitaire``: whether the game was the
    solitaire game of 8.0; by default, whether its seats at the end are)."""
    step = state.step

    def names(numbers: Any) -> list[str]:
        return [Faction(int(n)).label for n in numbers or []]

    margins = state.victory_margins()
    solo = None
    if victory.is_solitaire(state) if solitaire is None else solitaire:
        score, level = victory.solo_result(state)
        solo = {"score": int(score), "level": str(level)}
    return {"type": "end", "reason": str(step.get("reason", "")),
            "winners": names(step.get("winners")), "ranking": names(step.get("ranking")),
            "margins": {f.label: int(margins[f]) for f in Faction},
            "players_lose": bool(step.get("players_lose", False)), "solo": solo}


def bye(reason: str) -> dict[str, Any]:
    return {"type": "bye", "reason": reason}


# ======================================================================================
# the commands an agent may send whole (docs/agents.md, generated from here)
# ======================================================================================
def json_shape(annotation: Any) -> str:
    """A command field's type as its JSON reads: 'integer', 'list of [integer,
    integer]', 'an Operation object or null'..."""
    import types
    import typing

    from core.commands import Operation, SpecialActivity

    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin in (typing.Union, types.UnionType):
        return " or ".join(json_shape(a) for a in args)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return f"list of {json_shape(args[0])}"
        return "[" + ", ".join(json_shape(a) for a in args) + "]"
    if annotation is type(None):
        return "null"
    if annotation is bool:
        return "true/false"
    if annotation is Faction:
        return "Faction name"
    if isinstance(annotation, type) and issubclass(annotation, Operation):
        return "an Operation object"
    if isinstance(annotation, type) and issubclass(annotation, SpecialActivity):
        return "a Special Activity object"
    return {int: "integer", str: "string"}.get(annotation, getattr(annotation, "__name__",
                                                                   str(annotation)))


def _fields(cls: type) -> str:
    import dataclasses
    import typing

    hints = typing.get_type_hints(cls)
    shown = [f"`{f.name}`: {json_shape(hints[f.name])}" for f in dataclasses.fields(cls)]
    return "; ".join(shown) or "none"


def _summary(cls: type) -> str:
    """The first paragraph of a command's docstring, on one line."""
    text = (cls.__doc__ or "").strip().split("\n\n")[0]
    return " ".join(text.split()).replace("|", "/")


def whole_command_types() -> dict[str, str]:
    """Every command type an agent may send as a whole decision, with the decisions it
    answers: what :func:`decisions.decision.command_types` can allow (the
    menu's choices, bar the assistant's record-by-hand)."""
    from core.game import sequence
    from core.rules.propaganda import EliteBacking
    from decisions.decision import propaganda_commands

    out = {
        sequence.PlayEvent.name: "an Event card, the menu's Event: `side` \"unshaded\" "
        "or \"shaded\" as the menu offers; `choices` the answers to the Event's choices, "
        "a list per choice in the order the card asks them (2.3, 5.1)",
        sequence.OperationAction.name: "an Event card, the menu's Operation or Limited "
        "Operation: the same type, Limited when the Sequence of Play makes it so (1 space, "
        "`special` null: 2.3.5)",
        sequence.Pass.name: "an Event card, the menu's Pass (2.3.3)",
    }
    for phase, cls in propaganda_commands().items():
        out[cls.name] = f"a Propaganda Round's {phase} phase (6.0)" + (
            "; `rally` null declines" if cls is EliteBacking else "")
    return out


def command_reference() -> str:
    """The tables of docs/agents.md "Answering with a whole command": each command type
    a decision takes, and the Operations and Special Activities inside an Operation,
    with their fields' JSON shapes (tests/test_agents_newcomer.py keeps them in step)."""
    from core.commands import registered
    from decisions import government, insurgent

    lines = ["| `type` | answers | fields (JSON) | what it is (rule) |",
             "|---|---|---|---|"]
    for name, when in whole_command_types().items():
        cls = registered()[name]
        lines.append(f"| `{name}` | {when} | {_fields(cls)} | {_summary(cls)} |")
    lines += ["", "| inside `Operation` | `type` | Factions | fields (JSON) | what it is "
              "(rule) |", "|---|---|---|---|---|"]
    rows: list[tuple[str, str, list[str]]] = [
        ("`op`, `ship_op`", n, ["Government"]) for n in government.OPERATIONS]
    rows += [("`op`, `ship_op`", n, ["FARC", "AUC", "Cartels"]) for n in insurgent.OPERATIONS]
    rows += [("`special`", n, ["Government"]) for n in government.SPECIALS]
    for faction, names in insurgent.SPECIALS.items():
        for n in names:
            known = [r for r in rows if r[1] == n]
            if known:
                known[0][2].append(faction.label)
            else:
                rows.append(("`special`", n, [faction.label]))
    for where, name, factions in rows:
        cls = registered()[name]
        lines.append(f"| {where} | `{name}` | {', '.join(factions)} | {_fields(cls)} | "
                     f"{_summary(cls)} |")
    return "\n".join(lines) + "\n"


__all__ = [
    "PROTOCOL",
    "Lines",
    "VERSION",
    "ProtocolError",
    "answer_value",
    "bye",
    "check",
    "command_reference",
    "end_message",
    "hello",
    "observation",
    "question_message",
    "question_words",
    "schema",
    "trace_message",
    "whole_command_types",
]
