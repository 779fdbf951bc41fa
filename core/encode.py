"""A command's JSON (:meth:`core.commands.Command.to_json`), compiled with the engine.

Every applied command is logged as JSON (:meth:`core.game.Game.apply`), so the encoding
runs once a command in every game, the random player's too; here, below
:mod:`core.commands` (which stays plain Python: its classes are subclassed everywhere),
it can be compiled with mypyc (core/engine.py). :func:`core.commands.from_json` reads it
back.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from core.pieces import Faction, Piece

#: The dataclass field names of each command class, in order, found once per class.
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}

_PLAIN = frozenset((int, str, bool, float, type(None)))


def command_json(cmd: Any) -> dict[str, Any]:
    """``{"type": cmd.name, field: value...}``, the fields in their order, each encoded
    (:func:`encode`)."""
    out: dict[str, Any] = {"type": cmd.name}
    cls = type(cmd)
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in dataclasses.fields(cmd))
    for name in names:
        out[name] = encode(getattr(cmd, name))
    return out


def encode(value: Any) -> Any:
    """One field's value as JSON: numbers, strings, booleans and None as they are, a tuple
    or list as a list, a command as its JSON, a Faction by its label, a Piece as its int."""
    t = type(value)
    if t in _PLAIN:  # the common cases first, by exact type
        return value
    if t is tuple:
        return [encode(v) for v in value]
    if hasattr(value, "to_json"):  # a command (core.commands.Command)
        return value.to_json()
    if isinstance(value, tuple | list):
        return [encode(v) for v in value]
    if isinstance(value, Faction):
        return value.label
    if isinstance(value, int | str | bool | float) or value is None:
        return int(value) if isinstance(value, Piece) else value
    raise TypeError(f"cannot encode {value!r} in a command")
