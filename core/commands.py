"""Commands: small, frozen, serializable values that change the game.

Every Operation (3.0), Special Activity (4.0), Propaganda choice (6.0) and Sequence of Play
choice (2.3) is a frozen dataclass carrying the *whole* plan (spaces, pieces, moves). Bots
and user interfaces build commands; nothing else changes the state.

Executing a command is transactional: :func:`core.game.apply` runs it on a clone and only
keeps the result if no rule was broken, so an illegal command leaves the game untouched
and raises :class:`~core.errors.IllegalAction` naming the rule.

Writing a command
-----------------
* Subclass :class:`Command` and decorate with ``@command``, which makes it a frozen
  dataclass and registers it for JSON (a new rules module goes into
  :data:`core.game.RULE_MODULES`); fields are ints, strs, bools, and tuples of those
  (spaces are space ids, see :mod:`core.map`; piece kinds are :class:`core.pieces.Piece`
  ints). Write each field's annotation in quotes (``spaces: "tuple[int, ...]" = ()``),
  a union by its name here (``base: "MaybeInt" = None``), and set the class constants
  (:data:`CLASS_CONSTANTS`: ``name``, ``factions``...) without one: that keeps a command
  the same when its module is compiled with mypyc (core/engine.py), which records a
  quoted name or ``tuple[...]`` as written but any other annotation coarsened (``int |
  None`` as ``type``), and the class constants as annotated too.
* Implement ``execute(self, state, ctx)``: check each rule and raise
  ``IllegalAction(rule, message)`` the moment one is broken; change the state only through
  the primitives of :class:`core.state.GameState` and pay costs space by space with
  ``ctx.pay(state, n)`` (which knows about free Operations, 3.1.2).
"""

from __future__ import annotations

import dataclasses
import types
import typing
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, TypeAlias, TypeVar, dataclass_transform

# Context and the first checks of an Operation live in core/context.py (compiled with
# the engine), re-exported here where commands are written
from core.context import Context as Context
from core.context import check_distinct as check_distinct
from core.context import check_faction as check_faction
from core.context import check_limited as check_limited
from core.context import check_selection as check_selection
from core.encode import command_json
from core.pieces import Faction

if TYPE_CHECKING:
    from core.state import GameState

_REGISTRY: dict[str, type[Command]] = {}


_C = TypeVar("_C", bound="type[Command]")


#: The class constants a command class may set in its body (``name = "Train"``): never
#: dataclass fields.
CLASS_CONSTANTS = frozenset(("name", "factions", "accompanies", "propaganda_phase"))


@dataclass_transform(frozen_default=True)
def command(cls: _C) -> _C:
    """Class decorator: make a command class a frozen dataclass and register it under its
    ``name`` for JSON decoding.

    Compiled with mypyc, a class body's assignments all reach ``__annotations__`` (where
    dataclasses looks for fields), the class constants too: they are taken out first, so
    the fields are the same compiled and plain."""
    if "__dataclass_fields__" in cls.__dict__:
        raise TypeError(f"@command makes {cls.__name__} a dataclass: drop its @dataclass")
    annotations = cls.__dict__.get("__annotations__", {})
    for constant in CLASS_CONSTANTS & annotations.keys():
        del annotations[constant]
    dataclass(frozen=True)(cls)  # in place (no slots), so cls is the dataclass
    _quick_init(cls)
    name = cls.__dict__.get("name") or cls.__name__
    cls.name = name
    if name in _REGISTRY and _REGISTRY[name] is not cls:
        raise TypeError(f"two commands named {name}")
    _REGISTRY[name] = cls
    return cls


def _quick_init(cls: type) -> None:
    """Give the frozen dataclass ``cls`` an ``__init__`` that fills the instance's
    ``__dict__`` directly: the same parameters, defaults and result as the one
    dataclasses writes, which sets each field through ``object.__setattr__`` (a frozen
    class refuses assignment) at several times the cost, and commands are made for every
    trial of every random or Non-player move (docs/performance.md, "The compiled
    engine"). Left as dataclasses wrote it when the class has a ``__post_init__``, or a
    field with a default factory, or one that is not an ``__init__`` parameter."""
    fields = list(cls.__dict__["__dataclass_fields__"].values())
    if hasattr(cls, "__post_init__") or any(
        f._field_type is not dataclasses._FIELD  # type: ignore[attr-defined]
        or not f.init or f.kw_only or f.default_factory is not dataclasses.MISSING
        for f in fields
    ):
        return
    defaults = {f"_default_{f.name}": f.default for f in fields
                if f.default is not dataclasses.MISSING}
    params = ", ".join(f"{f.name}=_default_{f.name}" if f"_default_{f.name}" in defaults
                       else f.name for f in fields)
    body = "".join(f"\n    _fields[{f.name!r}] = {f.name}" for f in fields) or "\n    pass"
    head = f"def __init__(self{', ' if params else ''}{params}):"
    source = f"{head}\n    _fields = self.__dict__{body}"
    scope: dict[str, Any] = {}
    exec(source, defaults, scope)  # noqa: S102 (the source is built from field names)
    init = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    init.__doc__ = cls.__dict__["__init__"].__doc__
    setattr(cls, "__init__", init)  # noqa: B010 (mypy refuses assigning a method)


class Command:
    """Base of all commands. Subclasses are frozen dataclasses registered with @command."""

    name: ClassVar[str] = "Command"

    def execute(self, state: GameState, ctx: Context) -> None:  # pragma: no cover
        raise NotImplementedError

    # --- JSON ------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The command as JSON (:func:`core.encode.command_json`); :func:`from_json`
        reads it back."""
        return command_json(self)


class SideCommand(Command):
    """A command beside the Sequence of Play: it takes no turn and leaves play where it
    was (a voluntary transfer, 1.5.2). Checked, logged and replayed like every command;
    :meth:`actor` is the Faction that gives it (the log's ``faction``)."""

    def actor(self) -> Faction:  # pragma: no cover
        raise NotImplementedError


class Operation(Command):
    """An Operation (3.0). ``spaces()`` lists the spaces *selected* for it (3.1)."""

    #: Which Faction(s) may execute it.
    factions: ClassVar[frozenset[Faction]] = frozenset()
    #: The rule an Operation of another Faction breaks (:func:`check_faction`).
    faction_rule: ClassVar[str] = "3.0"

    def spaces(self) -> tuple[int, ...]:  # pragma: no cover
        raise NotImplementedError

    def destinations(self) -> tuple[int, ...]:
        """Spaces that count for the LimOp 1-space limit (2.3.5); for Patrol, Sweep and
        March the destination spaces, otherwise the selected spaces."""
        return self.spaces()


class SpecialActivity(Command):
    """A Special Activity (4.0)."""

    factions: ClassVar[frozenset[Faction]] = frozenset()
    #: The rule a Special Activity of another Faction breaks (:func:`check_faction`).
    faction_rule: ClassVar[str] = "4.0"
    #: Operation names it may accompany (4.1.1); empty = any.
    accompanies: ClassVar[frozenset[str]] = frozenset()

    def spaces(self) -> tuple[int, ...]:  # pragma: no cover
        raise NotImplementedError


class PropagandaCommand(Command):
    """Base of the commands answering a Propaganda Round decision (core/rules/propaganda.py;
    here, beside the other bases, so that module compiles: a compiled module's plain
    command classes may not inherit from a class it defines)."""

    #: The ``state.step["phase"]`` this command answers.
    propaganda_phase: ClassVar[str] = ""


#: Field types of commands spelled by one name, for the quoted annotations (see "Writing a
#: command"): mypyc keeps a quoted name or ``tuple[...]`` as written, but a quoted union
#: coarsened like a plain one.
MaybeInt: TypeAlias = int | None
MaybeOperation: TypeAlias = Operation | None
MaybeSpecial: TypeAlias = SpecialActivity | None


# ---- JSON codec -----------------------------------------------------------------------
# (encoding: core/encode.py, compiled with the engine)


def _decode(value: Any, hint: Any) -> Any:
    origin = typing.get_origin(hint)
    if isinstance(value, dict) and "type" in value:
        return from_json(value)
    if hint is Faction or (isinstance(hint, str) and hint == "Faction"):
        return Faction.parse(value)
    if isinstance(value, list):
        args = typing.get_args(hint)
        if origin is tuple and args and (len(args) != 2 or args[1] is not Ellipsis):
            return tuple(_decode(v, a) for v, a in zip(value, args, strict=False))
        inner = args[0] if args else Any
        return tuple(_decode(v, inner) for v in value)
    return value


def from_json(data: dict[str, Any]) -> Command:
    """Rebuild a command from :meth:`Command.to_json` output.

    A lookup in the registry, which the rules modules fill as they are imported (they
    import this module to register); :mod:`core.game`, above them all, imports every one
    (:data:`core.game.RULE_MODULES`), so every command is known wherever a game can be."""
    try:
        cls = _REGISTRY[data["type"]]
    except KeyError:
        raise ValueError(f"unknown command type {data.get('type')!r}") from None
    kwargs = {}
    for name, hint in fields_of(cls):
        if name in data:
            value = kwargs[name] = _decode(data[name], hint)
            if not conforms(value, hint):
                raise TypeError(f"field {name} must be {_hint_words(hint)}, not "
                                f"{_short_repr(data[name])}")
    return cls(**kwargs)


def conforms(value: Any, hint: Any) -> bool:
    """``value`` (decoded) is of the field type ``hint``: a save's command whose fields
    have the wrong types (a space given as text, a list for a number) is refused where it
    is read, not met as a crash wherever it is shown or applied (issue 32)."""
    if hint is Any:
        return True
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is types.UnionType or origin is typing.Union:
        return any(conforms(value, a) for a in args)
    if origin is tuple:
        if type(value) is not tuple:
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(conforms(v, args[0]) for v in value)
        return len(value) == len(args) and all(map(conforms, value, args))
    if hint is type(None):
        return value is None
    if hint is bool:
        return type(value) is bool
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if isinstance(hint, type):
        return isinstance(value, hint)
    return True  # a hint this check does not know (none today): left to the rules


def _hint_words(hint: Any) -> str:
    if isinstance(hint, type):
        return {int: "a whole number", str: "a string", bool: "true or false"}.get(
            hint, f"a {hint.__name__}")
    return str(hint).replace("core.pieces.", "").replace("core.commands.", "")


def _short_repr(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


_FIELDS: dict[type, tuple[tuple[str, Any], ...]] = {}


def fields_of(cls: type) -> tuple[tuple[str, Any], ...]:
    """Each field's name and resolved type hint, worked out once per class: resolving the
    hints (``typing.get_type_hints``) costs far more than decoding a command."""
    fields = _FIELDS.get(cls)
    if fields is None:
        hints = typing.get_type_hints(cls)
        fields = tuple((f.name, hints.get(f.name, Any)) for f in dataclasses.fields(cls))
        _FIELDS[cls] = fields
    return fields


def registered() -> dict[str, type[Command]]:
    return dict(_REGISTRY)
