"""Traces: what a Non-player did and why, node by node, in data and in English.

Every step of a Non-player turn adds a :class:`Step`: the flowchart node, the rule, the
question or box text, and data (the predicate's answer and facts, the bullet that chose
a space, the dice rolled and where the chart walk ended). :func:`render` turns a trace
into the plain English shown in the log, ``np-turn --json`` and tabletop instructions,
so all three always say the same thing.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from core.map import space_name


class Step:
    """One step of a trace: the flowchart node, the rule, the question or box text, and
    its data.

    A class with its own constructor, not a dataclass: compiled, a dataclass keeps the
    ``__init__`` the dataclasses module writes in Python, and a step is made at every
    line of every trace (docs/performance.md, "Fifth round"). It compares and prints as
    the dataclass did."""

    node: str
    rule: str
    text: str
    data: dict[str, Any]

    def __init__(self, node: str, rule: str, text: str,
                 data: dict[str, Any] | None = None) -> None:
        self.node = node
        self.rule = rule
        self.text = text
        self.data = {} if data is None else data

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # a native class compiled: copy and pickle rebuild it through its constructor
        return (Step, (self.node, self.rule, self.text, self.data))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Step):
            return NotImplemented
        return (self.node, self.rule, self.text, self.data) == (
            other.node, other.rule, other.text, other.data)

    def __repr__(self) -> str:
        return (f"Step(node={self.node!r}, rule={self.rule!r}, text={self.text!r}, "
                f"data={self.data!r})")

    def to_json(self) -> dict[str, Any]:
        return {"node": self.node, "rule": self.rule, "text": self.text, "data": self.data}


class Trace:
    """The steps of one Non-player's (or the Government AI's) decision, in order; a class
    with its own constructor for the reason :class:`Step` gives."""

    faction: str
    steps: list[Step]

    def __init__(self, faction: str, steps: list[Step] | None = None) -> None:
        self.faction = faction
        self.steps = [] if steps is None else steps

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # a native class compiled: copy and pickle rebuild it through its constructor
        return (Trace, (self.faction, self.steps))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Trace):
            return NotImplemented
        return self.faction == other.faction and self.steps == other.steps

    def __repr__(self) -> str:
        return f"Trace(faction={self.faction!r}, steps={self.steps!r})"

    def add(self, node: str, rule: str, text: str, **data: Any) -> Step:
        step = Step(node, rule, text, data)
        self.steps.append(step)
        return step

    def lines(self) -> list[str]:
        return render(self)

    def to_json(self) -> list[dict[str, Any]]:
        return [s.to_json() for s in self.steps]


def render(trace: Trace) -> list[str]:
    """One English line per step, e.g.
    ``FARC: 21 FARC Guerrillas Available -> yes: Rally (8.7.1)``; a step that chose a
    space by a flowchart bullet quotes the bullet: ``AUC: 8.6.1 bullet 3 “Finally 1
    other Department or City (random)”: Santa Marta & Barranquilla: place 1 AUC
    Guerrilla``."""
    out = []
    for s in trace.steps:
        d = s.data
        if "answer" in d:
            facts = f" ({d['detail']})" if d.get("detail") else ""
            out.append(
                f"{trace.faction}: {s.text}{facts} -> {'yes' if d['answer'] else 'no'} ({s.rule})"
            )
        elif "space" in d:
            how = f" [{d['selection']}]" if d.get("selection") else ""
            where = "" if str(d["space"]) in str(d["did"]) else f"{d['space']}: "
            bullet = f" “{s.text}”" if s.text else ""  # the bullet's own words, not its number
            out.append(f"{trace.faction}: {s.rule}{bullet}: {where}{d['did']}{how}")
        else:
            rule = f" ({s.rule})" if s.rule else ""
            out.append(f"{trace.faction}: {s.text}{rule}")
    return out


def names(spaces: Iterable[int]) -> str:
    """Spaces by their one name (:func:`core.map.space_name`), each once, in order:
    'Cali, Huila-Tolima'."""
    return ", ".join(space_name(s) for s in dict.fromkeys(spaces))


def operation_text(cmd: Any, limited: bool = False) -> str:
    """An Operation and its Special Activity, each with its own spaces (4.1): 'Rally in
    Antioquia-Bolívar, Guainía; Extort in Atlántico-Magdalena'."""
    op = cmd.op
    title = str(op.name) + (" (Limited Operation)" if limited else "")
    where = names([*op.spaces(), *op.destinations()])
    parts = [f"{title} in {where}" if where else title]
    sa = getattr(cmd, "special", None)
    if sa is not None:
        sa_where = names(sa.spaces())
        sa_text = f"{sa.name} in {sa_where}" if sa_where else str(sa.name)
        if getattr(cmd, "special_first", False):
            parts.insert(0, sa_text + " first")
        else:
            parts.append(sa_text)
    ship_op = getattr(cmd, "ship_op", None)
    if ship_op is not None:
        ship_where = names([*ship_op.spaces(), *ship_op.destinations()])
        parts.append(f"Shipment for a free Limited {ship_op.name}"
                     + (f" in {ship_where}" if ship_where else ""))
    return "; ".join(parts)
