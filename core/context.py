"""A command's :class:`Context` (who executes it and how) and the checks every Operation
makes first; :mod:`core.commands` re-exports them.

A module of its own, below :mod:`core.commands`, so that it can be compiled with the
engine (core/engine.py): every Operation, Special Activity and Event reads its Context
many times and is given a new one for each trial, and compiled, ``Context`` is a native
class (its fields in C slots, its constructor compiled) where the plain dataclass it was
kept every read a dictionary lookup and every construction in Python. It has no
subclasses; it compares by identity (nothing compared two). docs/architecture.md, "The
compiled engine".
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from core.dice import SEEDED, DiceSource
from core.errors import IllegalAction
from core.pieces import FACTION_LABELS, Faction

if TYPE_CHECKING:
    from core.state import GameState


class Context:
    """Everything a command needs besides the state: who executes it and how.

    ``op`` and ``op_spaces`` let a Special Activity check its accompanying Operation
    (4.1.1); ``special`` lets an Operation see its Special Activity (e.g. Ambush, 4.3.2).
    ``trace`` collects plain-English lines describing what happened.
    """

    faction: Faction
    dice: DiceSource
    free: bool  # 3.1.2 free Operation / Special Activity: no Resource cost
    limited: bool  # 2.3.5 Limited Operation: 1 (destination) space
    final_card: bool  # 2.3.9: no Sweep, no March (player Factions)
    nonplayer: bool  # section 8 Non-player executing
    chooser: Any  # answers open choices (core.events.choice.Chooser); None: default
    op: Any  # the Operation this Special Activity accompanies
    special: Any  # the Special Activity accompanying this Operation
    trace: list[str]
    #: Free-form scratch shared by an Operation and its Special Activity within one
    #: turn (e.g. how many Terror spaces there were for Aid Cut).
    notes: dict[str, Any]

    def __init__(
        self,
        faction: Faction,
        dice: DiceSource = SEEDED,
        free: bool = False,
        limited: bool = False,
        final_card: bool = False,
        nonplayer: bool = False,
        chooser: Any = None,
        op: Any = None,
        special: Any = None,
        trace: list[str] | None = None,
        notes: dict[str, Any] | None = None,
    ) -> None:
        self.faction = faction
        self.dice = dice
        self.free = free
        self.limited = limited
        self.final_card = final_card
        self.nonplayer = nonplayer
        self.chooser = chooser
        self.op = op
        self.special = special
        self.trace = [] if trace is None else trace
        self.notes = {} if notes is None else notes

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # a native class compiled: copy and pickle rebuild it through its constructor
        return (Context, (self.faction, self.dice, self.free, self.limited,
                          self.final_card, self.nonplayer, self.chooser, self.op,
                          self.special, self.trace, self.notes))

    def __repr__(self) -> str:
        return (f"Context(faction={self.faction!r}, dice={self.dice!r}, free={self.free}, "
                f"limited={self.limited}, final_card={self.final_card}, "
                f"nonplayer={self.nonplayer}, chooser={self.chooser!r}, op={self.op!r}, "
                f"special={self.special!r}, trace={self.trace!r}, notes={self.notes!r})")

    def roll(self, state: GameState, purpose: str) -> int:
        return self.dice.roll(state, purpose)

    def pay(self, state: GameState, n: int, rule: str = "3.1") -> None:
        """Pay ``n`` Resources unless this is a free Operation (3.1.2)."""
        if not self.free:
            state.pay(self.faction, n, rule)

    def say(self, line: str) -> None:
        # through the list's own ``append`` (a trace may be a list that tells each line
        # as it comes: tui/controller.py's _Telling), which compiled code would bypass
        trace: Any = self.trace
        trace.append(line)


def copy_notes(value: Any) -> Any:
    """``copy.deepcopy(value)`` for a Context's notes (dicts, lists and tuples of numbers
    and strings), built directly; anything else through ``copy.deepcopy``. A trial that
    goes on from a run's notes (the random player's, a Non-player plan's Special Activity
    beside its Operation) takes a copy at every try, where ``copy.deepcopy`` ran in Python."""
    t = type(value)
    if t is int or t is str or t is bool or value is None:
        return value
    if t is dict:
        return {k: copy_notes(v) for k, v in value.items()}
    if t is list:
        return [copy_notes(v) for v in value]
    if t is tuple:
        return tuple([copy_notes(v) for v in value])
    return copy.deepcopy(value)


# The commands are typed Any here: core.commands (their bases) is above this module.


def check_faction(cmd: Any, ctx: Context) -> None:
    """Only the owning Faction may execute an Operation or Special Activity (3.0, 4.0,
    5.1.1): ``cmd`` is a :class:`core.commands.Operation` or
    :class:`~core.commands.SpecialActivity`, whose ``faction_rule`` names the rule."""
    if ctx.faction not in cmd.factions:
        raise IllegalAction(
            cmd.faction_rule, f"{FACTION_LABELS[ctx.faction]} cannot execute {cmd.name}"
        )


def check_distinct(spaces: tuple[int, ...], what: str) -> None:
    """A space is selected only once for a given Operation (3.1)."""
    if len(set(spaces)) != len(spaces):
        raise IllegalAction("3.1", f"{what}: a space may be selected only once")


def check_limited(op: Any, ctx: Context) -> None:
    """2.3.5: a Limited Operation involves 1 (destination) space."""
    if ctx.limited and len(set(op.destinations())) > 1:
        raise IllegalAction("2.3.5", f"a Limited {op.name} involves only 1 (destination) space")


def check_selection(op: Any, ctx: Context) -> None:
    """What every Operation selecting spaces checks first: the owning Faction (3.0), each
    space selected once (3.1), a single space when Limited (2.3.5)."""
    check_faction(op, ctx)
    check_distinct(op.spaces(), op.name)
    check_limited(op, ctx)
