"""What an option's value is (issue 42 item 1): one type for every option a question lists,
the same for the protocol (each option's ``type``, docs/agents.md) and the research
environment (each option's feature vector, :func:`option_features`).

The forms give values of a few shapes: a space id (an ``int`` whose option is labelled
with that space's name), a piece kind (:class:`~core.pieces.Piece`), a Faction
(:class:`~core.pieces.Faction`), a number (a number question's, or any other ``int``),
``True``/``False`` (a yes/no question, or a choice such as "before or after"), a name (a
string: an Operation, a Special Activity, a menu word such as ``"event"``), a list (a
menu choice such as ``["event", "shaded"]``, a space with a count such as ``(space, n)``),
and two sentinels: :data:`NONE_VALUES` (``None``: "no Special Activity", "no Ship"...;
``"__done__"``: "done moving", "done"), meaning "nothing (more)".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from core.map import MAP
from core.pieces import Faction, Piece
from core.state import NSPACES
from decisions.base import NUMBER, YES_NO, Question

#: The types an option's value has (the protocol's option ``type``).
TYPES = ("space", "piece", "faction", "number", "yes/no", "name", "list", "none")
#: Values that mean "nothing (more)": ``None`` (no Special Activity, no Ship, no
#: Elite Backing Rally...) and the forms' ``"__done__"`` ("done", "done moving").
NONE_VALUES = (None, "__done__")
#: Event sides as a menu's value names them.
SIDES = ("unshaded", "shaded")

_NAMES = {s.id: tuple({s.full_name, s.name}) for s in MAP.spaces}


def is_space(value: Any, label: str) -> bool:
    """Whether ``value`` is a space id: an int (not a bool, Faction or piece kind) whose
    option's label starts with that space's name."""
    return type(value) is int and 0 <= value < NSPACES and label.startswith(_NAMES[value])


def value_type(question: Question, value: Any, label: str) -> str:
    """The type (one of :data:`TYPES`) of an option of ``question``."""
    if question.kind == NUMBER:
        return "number"
    if question.kind == YES_NO or isinstance(value, bool):
        return "yes/no"
    if any(value is v or (isinstance(value, str) and value == v) for v in NONE_VALUES):
        return "none"
    if isinstance(value, Faction):
        return "faction"
    if isinstance(value, Piece):
        return "piece"
    if isinstance(value, int):
        return "space" if is_space(value, label) else "number"
    if isinstance(value, str):
        return "name"
    if isinstance(value, list | tuple) and value and is_space(value[0], label):
        return "space"  # a space with a count or a kind: (space, n)
    return "list"


# --- the feature vector of an option --------------------------------------------------
#: The blocks of an option's feature vector, in order (docs/agents.md lists them).
FEATURE_BLOCKS = (
    ("valid", 1, "1 for an option listed (the rows past the question's options are 0s)"),
    ("type", len(TYPES), "1 for the value's type: " + ", ".join(TYPES)),
    ("space", NSPACES, "1 at the space id the option names (a space, or a list starting "
     "with one)"),
    ("piece", len(Piece), "1 at the piece kind the option names (anywhere in its value)"),
    ("faction", len(Faction), "1 at the Faction the option names (anywhere in its value)"),
    ("number", 1, "the number (a number question's, an int that is no space, or the "
     "count of a (space, count) pair); 0 otherwise"),
    ("side", len(SIDES), "1 for the Event side the option names: unshaded, shaded"),
    ("yes", 1, "1 for a yes or True value"),
)
N_OPTION_FEATURES = sum(size for _, size, _ in FEATURE_BLOCKS)
_AT: dict[str, int] = {}
_offset = 0
for _name, _size, _ in FEATURE_BLOCKS:
    _AT[_name] = _offset
    _offset += _size


def option_features(question: Question, value: Any, label: str, row: Any) -> None:
    """Write the feature vector of an option into ``row`` (a zeroed float array of
    :data:`N_OPTION_FEATURES`)."""
    for index, number in feature_entries(question.kind, value, label):
        row[index] = number


def feature_entries(kind: str, value: Any, label: str) -> tuple[tuple[int, int], ...]:
    """The nonzero entries (index, number) of the feature vector of an option of a
    question of kind ``kind``; remembered for hashable values (the forms offer the same
    space, piece and name options again and again)."""
    return _remembered(_ENTRIES, _entries, kind, value, label)


def _entries(kind: str, value: Any, label: str) -> tuple[tuple[int, int], ...]:
    out = [(_AT["valid"], 1)]
    type_ = value_type(Question("", kind), value, label)
    out.append((_AT["type"] + TYPES.index(type_), 1))
    if type_ == "space":
        space = value if isinstance(value, int) else value[0]
        out.append((_AT["space"] + space, 1))
        if isinstance(value, list | tuple) and len(value) > 1 and type(value[1]) is int:
            out.append((_AT["number"], value[1]))
    elif type_ == "number":
        out.append((_AT["number"], int(value)))
    elif type_ == "yes/no" and value:
        out.append((_AT["yes"], 1))
    for part in value if isinstance(value, list | tuple) else (value,):
        if isinstance(part, Piece):
            out.append((_AT["piece"] + int(part), 1))
        elif isinstance(part, Faction):
            out.append((_AT["faction"] + int(part), 1))
        elif isinstance(part, str) and part in SIDES:
            out.append((_AT["side"] + SIDES.index(part), 1))
    return tuple(out)


T = TypeVar("T")

#: the remembered entries and rows, keyed by :func:`typed` values
_ENTRIES: dict[Any, tuple[tuple[int, int], ...]] = {}
_ROWS: dict[Any, bytes] = {}
#: how many of each are remembered (the cache starts again when full)
_REMEMBERED = 8192


def typed(value: Any) -> Any:
    """``value`` with its type (and its parts' types), as the cache's key: ``1``,
    ``True``, ``Faction.FARC`` and ``Piece.POLICE`` are equal and hash alike in Python,
    but are different options with different features (an lru_cache keyed by the value
    gave each the row of whichever came first, so the rows depended on what the process
    had seen before)."""
    if type(value) is tuple:
        return (tuple, tuple(typed(v) for v in value))
    return (type(value), value)


def _remembered(cache: dict[Any, T], make: Callable[[str, Any, str], T], kind: str,
                value: Any, label: str) -> T:
    """``make(kind, value, label)``, remembered in ``cache`` for hashable values under
    their :func:`typed` key (the common case, no tuple, without a call)."""
    try:
        kind_of = type(value)
        key = (kind, kind_of, value, label) if kind_of is not tuple else (
            kind, typed(value), label)
        got = cache.get(key)
    except TypeError:  # an unhashable value (a list)
        return make(kind, value, label)
    if got is None:
        if len(cache) >= _REMEMBERED:
            cache.clear()
        got = cache[key] = make(kind, value, label)
    return got


def feature_row(kind: str, value: Any, label: str) -> bytes:
    """The feature vector of an option as :data:`N_OPTION_FEATURES` signed bytes (numbers
    held to -128..127), remembered for hashable values: what the research environment
    stacks into its ``option_features`` array."""
    return _remembered(_ROWS, _row, kind, value, label)


def _row(kind: str, value: Any, label: str) -> bytes:
    row = [0] * N_OPTION_FEATURES
    for index, number in _entries(kind, value, label):
        row[index] = max(-128, min(127, number))
    return bytes(n & 0xFF for n in row)

