"""Section-8 flowcharts as data: load ``flowcharts/<faction>.toml`` into a networkx
DiGraph, check it, and draw it (Mermaid, Graphviz DOT, plain text).

Node kinds (see ``docs/flowcharts.md``):

* ``decision``: a diamond; ``predicate`` names a registered predicate; edges ``yes``/``no``.
* ``operation``: an Operation box; ordered ``bullets`` (``select`` a selector, ``do`` an
  action, optional ``count`` and ``repeat``), optional ``max_spaces``; edges ``then`` (its
  Special Activity box) and ``if_none`` (8.1.1 OP NOT POSSIBLE: the box above it, or
  ``pass``); a March box also names ``keep_one_where``, the origins that keep 1 Guerrilla
  back (:data:`nonplayer.procedures.KEEP_CONDITIONS`).
* ``special``: a Special Activity box, bullets as above.
* ``pass``: the Faction Passes.

Loading checks every name resolves, every edge target exists, every node is reachable
from ``start``, each kind has the fields it needs, and the graph (all edges) has no cycle:
``if_none`` edges only ever lead up to an earlier box. A broken file raises
:class:`FlowchartError` naming the file and node.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

import networkx as nx

from core.pieces import AUC, CARTELS, FARC, Faction
from nonplayer import auc, cartels, farc, procedures, registry

#: The faction modules, imported here (above them) for the names they register in
#: :mod:`nonplayer.registry` (below them), which every flowchart file uses.
FACTION_MODULES = (farc, auc, cartels)

KINDS = ("decision", "operation", "special", "pass")
EDGE_LABELS = ("yes", "no", "then", "if_none")
OPERATIONS = ("Rally", "March", "Attack", "Terror")
SPECIALS = ("Extort", "Ambush", "Kidnap", "Assassinate", "Cultivate", "Process", "Bribe")


class FlowchartError(ValueError):
    """A flowchart file is malformed."""


@dataclass(frozen=True)
class Bullet:
    id: str
    rule: str
    text: str
    select: str
    do: str
    count: int | None = None
    repeat: bool = False


@dataclass(frozen=True)
class Node:
    id: str
    kind: str
    rule: str
    text: str
    predicate: str | None = None
    operation: str | None = None  # operation name, or special name for special boxes
    bullets: tuple[Bullet, ...] = ()
    max_spaces: int | None = None
    keep_one_where: tuple[str, ...] = ()  # a March box: origins that keep 1 Guerrilla
    edges: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Flowchart:
    faction: Faction
    rule: str
    start: str
    nodes: dict[str, Node]
    graph: nx.DiGraph
    source: str

    def node(self, node_id: str) -> Node:
        return self.nodes[node_id]


def _fail(source: str, where: str, message: str) -> FlowchartError:
    return FlowchartError(f"{source}: {where}: {message}")


def parse(text: str, source: str = "<flowchart>", check_names: bool = True) -> Flowchart:
    """Parse and validate a flowchart from TOML text."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise FlowchartError(f"{source}: {err}") from None
    try:
        faction = Faction.parse(data["faction"])
        start = data["start"]
        raw_nodes = data["node"]
    except (KeyError, ValueError) as err:
        raise FlowchartError(
            f"{source}: needs faction, start and [[node]] tables ({err})"
        ) from None
    nodes: dict[str, Node] = {}
    for i, raw in enumerate(raw_nodes):
        node = _node(raw, source, f"node {i + 1}", check_names)
        if node.id in nodes:
            raise _fail(source, node.id, "duplicate node id")
        nodes[node.id] = node
    graph = nx.DiGraph()
    for node in nodes.values():
        graph.add_node(node.id, node=node)
    for node in nodes.values():
        for label, target in node.edges.items():
            if target not in nodes:
                raise _fail(source, node.id, f"{label} -> unknown node {target!r}")
            graph.add_edge(node.id, target, label=label)
    if start not in nodes:
        raise _fail(source, "start", f"unknown node {start!r}")
    unreachable = set(nodes) - nx.descendants(graph, start) - {start}
    if unreachable:
        raise _fail(source, ", ".join(sorted(unreachable)), "not reachable from start")
    if not nx.is_directed_acyclic_graph(graph):
        cycle = nx.find_cycle(graph)
        raise _fail(source, "graph", f"cycle {' -> '.join(a for a, _ in cycle)}")
    for node in nodes.values():
        if node.kind == "operation":
            special = nodes[node.edges["then"]]
            if special.kind != "special":
                raise _fail(source, node.id, "'then' must lead to a special box")
            up = nodes[node.edges["if_none"]]
            if up.kind not in ("operation", "pass"):
                raise _fail(source, node.id, "'if_none' must lead to an operation box or pass")
    return Flowchart(faction, data.get("rule", ""), start, nodes, graph, source)


def _node(raw: dict[str, Any], source: str, where: str, check: bool) -> Node:
    node_id = raw.get("id")
    if not isinstance(node_id, str):
        raise _fail(source, where, "missing id")
    kind = raw.get("kind")
    if kind not in KINDS:
        raise _fail(source, node_id, f"kind must be one of {', '.join(KINDS)}")
    edges = {label: raw[label] for label in EDGE_LABELS if label in raw}
    needed = {"decision": ("yes", "no"), "operation": ("then", "if_none"), "special": (),
              "pass": ()}[kind]
    for label in needed:
        if label not in edges:
            raise _fail(source, node_id, f"a {kind} node needs '{label}'")
    predicate = raw.get("predicate")
    if kind == "decision":
        if not predicate:
            raise _fail(source, node_id, "a decision needs a predicate")
        if check and predicate not in registry.PREDICATES:
            raise _fail(source, node_id, f"unknown predicate {predicate!r}")
    name = raw.get("operation") if kind == "operation" else raw.get("special")
    if kind == "operation" and name not in OPERATIONS:
        raise _fail(source, node_id, f"operation must be one of {', '.join(OPERATIONS)}")
    if kind == "special" and name not in SPECIALS:
        raise _fail(source, node_id, f"special must be one of {', '.join(SPECIALS)}")
    bullets = []
    for j, b in enumerate(raw.get("bullets", [])):
        try:
            bullet = Bullet(
                id=b["id"], rule=b.get("rule", ""), text=b.get("text", ""),
                select=b["select"], do=b["do"], count=b.get("count"),
                repeat=bool(b.get("repeat", False)),
            )
        except KeyError as err:
            raise _fail(source, f"{node_id} bullet {j + 1}", f"missing {err}") from None
        if check and bullet.select not in registry.SELECTORS:
            raise _fail(source, f"{node_id}.{bullet.id}", f"unknown selector {bullet.select!r}")
        if check and bullet.do not in registry.ACTIONS:
            raise _fail(source, f"{node_id}.{bullet.id}", f"unknown action {bullet.do!r}")
        bullets.append(bullet)
    if kind in ("operation", "special") and not bullets:
        raise _fail(source, node_id, "a box needs at least one bullet")
    keep: tuple[str, ...] = ()
    if "keep_one_where" in raw or name == "March":
        if name != "March":
            raise _fail(source, node_id, "keep_one_where belongs to a March box")
        try:
            keep = procedures.keep_rule(raw.get("keep_one_where"), "keep_one_where")
        except ValueError as err:
            raise _fail(source, node_id, str(err)) from None
    return Node(
        id=node_id, kind=kind, rule=raw.get("rule", ""), text=raw.get("text", ""),
        predicate=predicate, operation=name, bullets=tuple(bullets),
        max_spaces=raw.get("max_spaces"), keep_one_where=keep, edges=edges,
    )


@cache
def load(faction: Faction) -> Flowchart:
    """The packaged flowchart of an Insurgent Faction (FARC, AUC or Cartels)."""
    name = f"{faction.label.lower()}.toml"
    text = resources.files("flowcharts").joinpath(name).read_text(encoding="utf-8")
    return parse(text, f"flowcharts/{name}")


# ---- drawing ------------------------------------------------------------------------
def _label(node: Node) -> str:
    if node.kind == "decision":
        return f"{node.text} ({node.rule})"
    if node.kind == "pass":
        return "Pass"
    lines = [f"{node.operation} ({node.rule})"]
    lines += [f"{i}. {b.text}" for i, b in enumerate(node.bullets, 1)]
    return "\n".join(lines)


def to_mermaid(chart: Flowchart) -> str:
    """Mermaid flowchart source (renders on GitHub inside a ```mermaid block)."""
    out = ["flowchart TD"]
    for node in chart.nodes.values():
        text = _label(node).replace('"', "'").replace("\n", "<br/>")
        shape = ("{", "}") if node.kind == "decision" else ("([", "])") if node.kind == "pass" \
            else ("[", "]")
        out.append(f'    {node.id}{shape[0]}"{text}"{shape[1]}')
    for a, b, label in chart.graph.edges(data="label"):
        arrow = "-.->" if label == "if_none" else "-->"
        shown = "if none (8.1.1)" if label == "if_none" else label
        out.append(f"    {a} {arrow}|{shown}| {b}")
    return "\n".join(out) + "\n"


def to_dot(chart: Flowchart) -> str:
    """Graphviz DOT source."""
    out = [f'digraph "{chart.faction.label}" {{', "  node [fontname=Helvetica];"]
    for node in chart.nodes.values():
        shape = {"decision": "diamond", "pass": "oval"}.get(node.kind, "box")
        text = _label(node).replace('"', "'").replace("\n", "\\l")
        out.append(f'  {node.id} [shape={shape}, label="{text}"];')
    for a, b, label in chart.graph.edges(data="label"):
        style = ", style=dashed" if label == "if_none" else ""
        out.append(f'  {a} -> {b} [label="{label}"{style}];')
    out.append("}")
    return "\n".join(out) + "\n"


def to_text(chart: Flowchart) -> str:
    """The flowchart as an indented outline."""
    out = [f"{chart.faction.label} non-player flowchart ({chart.rule}); start: {chart.start}"]
    for node in chart.nodes.values():
        out.append(f"[{node.id}] {node.kind}: " + _label(node).replace("\n", "\n      "))
        for label, target in node.edges.items():
            out.append(f"      {label} -> {target}")
    return "\n".join(out) + "\n"




def docs_markdown() -> str:
    """The text of ``docs/flowcharts.md`` (a test keeps the file in step with the data)."""
    parts = [resources.files("flowcharts").joinpath("doc_header.md").read_text(encoding="utf-8")]
    for faction in (FARC, AUC, CARTELS):
        name = f"{faction.label.lower()}.toml"
        text = resources.files("flowcharts").joinpath(name).read_text(encoding="utf-8")
        chart = parse(text, f"flowcharts/{name}", check_names=False)
        parts.append(f"\n## {faction.label} ({chart.rule})\n\n```mermaid\n{to_mermaid(chart)}```\n")
    return "".join(parts)
