"""A read-only record of the engine: compared, hashed, printed, copied and pickled by
its fields.

The engine's small records (the map's :class:`core.space.Space`, an Event's
:class:`core.events.asking.Choice`, a Non-player's random pick
:class:`nonplayer.random_spaces.Selection`) are classes with their own constructors, not
frozen dataclasses: compiled, a dataclass keeps the ``__init__`` the dataclasses module
writes, in Python (docs/architecture.md, "The compiled engine"). What a frozen dataclass
gave them besides is written once here: a subclass names its fields in ``_names`` and
returns their values from :meth:`Record._fields`, in its constructor's order. Compiled,
the record is a native class, which ``copy`` and ``pickle`` rebuild through its
constructor: :meth:`__reduce__` gives them the arguments.
"""

from __future__ import annotations

from typing import Any, ClassVar


class Record:
    """Base of a read-only record; see the module docstring."""

    #: The fields' names, in the constructor's order (as :meth:`_fields` returns them).
    _names: ClassVar[tuple[str, ...]] = ()

    def _fields(self) -> tuple[Any, ...]:
        """The fields' values, in the constructor's order."""
        raise NotImplementedError

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (type(self), self._fields())

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, Record)
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        pairs = ", ".join(f"{name}={value!r}"
                          for name, value in zip(self._names, self._fields(), strict=True))
        return f"{type(self).__name__}({pairs})"
