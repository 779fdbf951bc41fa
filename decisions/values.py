"""What an option's value is (issue 42 item 1): one type for every option a question lists,
the same for the protocol (each option's ``type``, docs/agents.md) and the research
environment (each option's feature vector, :func:`option_features`).

The forms give values of a few shapes: a space id (an ``int`` whose option is labelled
with that space's name), a piece kind (:class:`~core.pieces.Piece`, or an ``int`` an
Event's choice labels with a piece kind's name), a Faction (:class:`~core.pieces.Faction`,
or an ``int`` labelled with a Faction's name), a number (a number question's, or any
other ``int``), ``True``/``False`` (a yes/no question, or a choice such as "before or
after"), a name (a string: an Operation, a Special Activity, a menu word such as
``"event"``: :data:`NAMES`), a list whose parts include a space its label names
(``(space, n)``, ``(space, piece kind)``, ``(space, Faction)``, ``("base", space)``,
``("joint", space)``), any other list (a menu choice such as ``["event", "shaded"]``, the
pieces an Attack removes), and two sentinels: :data:`NONE_VALUES` (``None``: "no Special
Activity", "no Ship"...; ``"__done__"``: "done moving", "done"), meaning "nothing (more)".
"""

from __future__ import annotations

import re
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

#: The names (strings) the forms' options carry, each a column of the option features'
#: ``name`` block, compared in lower case (``"Base"`` and ``"base"`` are one): a string
#: value or a string part of a list value. A name not listed sets the block's last
#: column ("other name"), so a new form's word breaks nothing; tests/test_env_names.py
#: checks the forms' own constants are all here.
NAMES = (
    # the Operations (3.2, 3.3)
    "train", "patrol", "sweep", "assault", "rally", "march", "attack", "terror",
    # the Special Activities (4.2-4.5)
    "air lift", "air strike", "eradicate", "extort", "kidnap", "ambush", "assassinate",
    "cultivate", "process", "bribe",
    # the menu (2.3): ["event", side], ["operation", limited], ["pass"], Propaganda's
    # ["propaganda", step] and ["decline"], the tabletop assist's ["record", "op"|"op_sa"|
    # "event"|"propaganda"]; Insurgent Discord's (8.1) "event" and "operation"
    "event", "operation", "pass", "propaganda", "decline", "record", "op", "op_sa",
    # the Propaganda Round's steps (6.0)
    "7th special forces", "drug profits", "civic action", "agitation", "farc zone",
    "elite backing", "redeploy",
    # Rally (3.3.1: place Guerrillas, a Base, regroup), Process (4.5.2: place Shipments,
    # remove Bases), Train's follow-up (3.2.1: ["base", space], ["civic", space], "no
    # more"), 1st Division's joint Civic Action (["joint", space])
    "place", "base", "regroup", "ships", "bases", "civic", "joint", "no more",
    # Events' alternatives (5.0): remove or replace, Bribe's "remove 1 <piece>" and
    # "flip 1 <piece>" (the piece kind in the piece block), Limpieza's Guerrilla and
    # level, USO's Opposition, Poppies', Plan Meteoro's, DEA Agents' modes
    "remove", "replace", "flip", "active", "underground", "opposition", "passive support",
    "passive opposition", "place shipment", "remove shipment", "place base", "remove base",
    "2 cities", "1 department", "2 cartels pieces", "up to 2 shipments",
)
_NAME_AT = {name: i for i, name in enumerate(NAMES)}
assert len(_NAME_AT) == len(NAMES), "a name listed twice"

_NAMES = {s.id: tuple({s.full_name, s.name}) for s in MAP.spaces}
#: The names of the piece kinds and Factions (their labels), to their members.
_PIECE_NAMED = {p.label: p for p in Piece}
_FACTION_NAMED = {f.label: f for f in Faction}
#: Bribe's "remove 1 Police", "flip 1 Underground FARC Guerrilla" (an Event's free Bribe)
_ACTION_ON_PIECE = re.compile(r"(\w+) 1 (.+)")


def is_space(value: Any, label: str) -> bool:
    """Whether ``value`` is a space id: an int (not a bool, Faction or piece kind) whose
    option's label starts with that space's name."""
    return type(value) is int and 0 <= value < NSPACES and label.startswith(_NAMES[value])


def space_part(value: Any, label: str) -> int | None:
    """The space a list (or tuple) value names: its first plain int part, when the
    option's label names that space ("Troops in Cali" for ``(space, Piece.TROOPS)``,
    "Base in Neiva" for ``("base", space)``); None for none."""
    for part in value:
        if type(part) is int:
            if 0 <= part < NSPACES and any(n in label for n in _NAMES[part]):
                return part
            return None
    return None


def _named(value: int, label: str) -> str | None:
    """"faction" or "piece" for an int labelled with that Faction's or piece kind's
    name (an Event's choice of a Faction or a piece kind), else None."""
    if 0 <= value < len(Faction) and label == Faction(value).label:
        return "faction"
    if 0 <= value < len(Piece) and label == Piece(value).label:
        return "piece"
    return None


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
        if is_space(value, label):
            return "space"
        return _named(value, label) or "number"
    if isinstance(value, str):
        return "name"
    if isinstance(value, list | tuple) and space_part(value, label) is not None:
        return "space"  # a space with a count, a kind, a Faction or a word: (space, n)
    return "list"


# --- the feature vector of an option --------------------------------------------------
#: The blocks of an option's feature vector, in order (docs/agents.md lists them).
FEATURE_BLOCKS = (
    ("valid", 1, "1 for an option listed (the rows past the question's options are 0s)"),
    ("type", len(TYPES), "1 for the value's type: " + ", ".join(TYPES)),
    ("space", NSPACES, "1 at the space id the option names (a space, or a list with one "
     "its label names: (space, n), (space, piece kind), (space, Faction), ('base', space))"),
    ("piece", len(Piece), "by piece kind: how many of that kind the option names (a piece "
     "kind, an int an Event labels with a piece kind's name, each of a list's pieces, a "
     "piece kind's name in a string: Bribe's 'flip 1 Active FARC Guerrilla')"),
    ("first_piece", len(Piece), "for a list of two or more pieces (what an Attack removes, "
     "in order; Bribe's removed then flipped): 1 at the kind of the first"),
    ("faction", len(Faction), "1 at the Faction the option names (a Faction, an int an Event "
     "labels with a Faction's name, a Faction's name in a string; anywhere in its value)"),
    ("number", 1, "the number (a number question's, an int that is no space, piece kind "
     "or Faction, or the count of a (space, count) pair); 0 otherwise"),
    ("side", len(SIDES), "1 for the Event side the option names: unshaded, shaded"),
    ("yes", 1, "1 for a yes or True value, or a list's True part (['operation', true]: "
     "a Limited Operation)"),
    ("name", len(NAMES) + 1, "by name (decisions.values.NAMES, in lower case): 1 for each "
     "name the value is or holds (a string, a list's strings: ['event', 'shaded'], "
     "['propaganda', 'Elite Backing']; Bribe's removed and flipped pieces as 'remove' and "
     "'flip'); the last column for a name not in that list"),
)
N_OPTION_FEATURES = sum(size for _, size, _ in FEATURE_BLOCKS)
_AT: dict[str, int] = {}
_offset = 0
for _name, _size, _ in FEATURE_BLOCKS:
    _AT[_name] = _offset
    _offset += _size
#: the "other name" column (the last of the ``name`` block)
OTHER_NAME = _AT["name"] + len(NAMES)


def option_features(question: Question, value: Any, label: str, row: Any) -> None:
    """Write the feature vector of an option into ``row`` (a zeroed float array of
    :data:`N_OPTION_FEATURES`)."""
    for index, number in feature_entries(question.kind, value, label):
        row[index] = number


def feature_entries(kind: str, value: Any, label: str) -> tuple[tuple[int, int], ...]:
    """The nonzero entries (index, number) of the feature vector of an option of a
    question of kind ``kind``, each index once; remembered for hashable values (the forms
    offer the same space, piece and name options again and again)."""
    return _remembered(_ENTRIES, _entries, kind, value, label)


def _entries(kind: str, value: Any, label: str) -> tuple[tuple[int, int], ...]:
    out: dict[int, int] = {}

    def add(index: int, number: int = 1) -> None:
        out[index] = out.get(index, 0) + number

    add(_AT["valid"])
    type_ = value_type(Question("", kind), value, label)
    add(_AT["type"] + TYPES.index(type_))
    many = isinstance(value, list | tuple)
    if type_ == "space":
        if many:
            space = space_part(value, label)
            assert space is not None
            add(_AT["space"] + space)
            after = list(value)[list(value).index(space) + 1:]
            count = next((p for p in after if type(p) is int), None)
            if count is not None:
                add(_AT["number"], count)
        else:
            add(_AT["space"] + value)
    elif type_ == "number":
        add(_AT["number"], int(value))
    elif type_ in ("faction", "piece") and type(value) is int:
        add(_AT[type_] + value)  # an Event's choice of a Faction or a piece kind
    elif type_ == "yes/no" and value:
        add(_AT["yes"])
    if many:
        pieces = [p for part in value for p in (part if isinstance(part, tuple) else (part,))
                  if isinstance(p, Piece)]
        if len(pieces) > 1:
            add(_AT["first_piece"] + int(pieces[0]))
    if many and len(value) == 2 and all(isinstance(p, tuple) for p in value):
        # Bribe's (removed, flipped) pieces (4.5.4)
        for word, pieces in zip(("remove", "flip"), value, strict=True):
            if pieces:
                add(_AT["name"] + _NAME_AT[word])
            for piece in pieces:
                _part(piece, add)
        return tuple(out.items())
    for part in value if many else (value,):
        if many and part is True:
            add(_AT["yes"])
        _part(part, add)
    return tuple(out.items())


def _part(part: Any, add: Callable[..., None]) -> None:
    """Add the entries of one part of a value (or of the value itself) to ``add``: a
    piece kind, a Faction, a side, a name, a list of pieces."""
    if isinstance(part, Piece):
        add(_AT["piece"] + int(part))
    elif isinstance(part, Faction):
        add(_AT["faction"] + int(part))
    elif isinstance(part, str):
        _name_entries(part, add)
    elif isinstance(part, tuple):  # the pieces an Attack removes...
        for piece in part:
            if isinstance(piece, Piece | Faction | str):
                _part(piece, add)


def _name_entries(text: str, add: Callable[..., None]) -> None:
    """Add the entries of a string: an Event side, a Faction's or a piece kind's name, an
    action on a piece ("flip 1 Active FARC Guerrilla"), a name of :data:`NAMES`, or
    another name; the sentinel "__done__" adds none."""
    if text in SIDES:
        add(_AT["side"] + SIDES.index(text))
    elif text in NONE_VALUES:
        return
    elif text in _FACTION_NAMED:
        add(_AT["faction"] + int(_FACTION_NAMED[text]))
    elif text in _PIECE_NAMED:
        add(_AT["piece"] + int(_PIECE_NAMED[text]))
    else:
        on_piece = _ACTION_ON_PIECE.fullmatch(text)
        if on_piece and on_piece[2] in _PIECE_NAMED and on_piece[1].lower() in _NAME_AT:
            add(_AT["name"] + _NAME_AT[on_piece[1].lower()])
            add(_AT["piece"] + int(_PIECE_NAMED[on_piece[2]]))
            return
        at = _NAME_AT.get(text.lower())
        add(OTHER_NAME if at is None else _AT["name"] + at)


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
    for index, number in _entries(kind, value, label):  # each index once
        row[index] = max(-128, min(127, number))
    return bytes(n & 0xFF for n in row)

