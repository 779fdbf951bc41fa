"""No import circle (issue 19 item 1): every module of the engine depends only on modules
below it, so a reader can learn the code bottom-up.

The imports of every module of the engine's packages (:data:`PACKAGES`) are read with
:mod:`ast` (the code is not run) into a networkx graph of modules, an edge ``a -> b``
for each import of ``b`` anywhere in ``a``:

* top-level, lazy (inside a function or method), ``try``-guarded and ``TYPE_CHECKING``-
  guarded imports all count: a name imported only for a type annotation is still a
  dependency for the reader, so none is excluded;
* ``from x import y`` is an edge to ``x.y`` when ``y`` is a submodule, else to ``x``;
  relative imports are resolved against the importing module;
* ``importlib.import_module("x")`` with a literal module name counts like ``import x``.

One kind of edge is left out: the implicit edge from a module to the packages above it
(importing ``a.b.c`` runs ``a/__init__.py`` and ``a/b/__init__.py``): a package's
``__init__`` re-exporting its own submodules would otherwise be a circle with each of them,
which is how Python packages are built, not a tangle.

No module imports an engine module by a computed name, so no edge hides from the graph:
each registry sits below its plugins and whatever needs every plugin loaded sits above
them and imports them by plain ``import`` lines (:data:`core.game.RULE_MODULES` for the
command registry, :data:`core.events.CARD_MODULES` for the Event registry,
:data:`nonplayer.flowchart.FACTION_MODULES` for the flowchart names).
:func:`test_no_engine_module_is_imported_by_a_computed_name` fails on any
``import_module`` whose argument is not a literal, but for the probe of the optional
third-party extras (:data:`core.extras.MODULES`).

``python -m tests.test_import_graph`` prints the package layers and a bottom-up module
order of the layered packages for docs/architecture.md; two tests check the doc: the
package layers must be the graph's, and each stated module order must be true (each module
imports only modules listed before it).
"""

from __future__ import annotations

import ast
import re
import sys
import textwrap
from pathlib import Path

import networkx as nx
import pytest

from core.cards import CARDS
from core.commands import registered
from core.events import CARD_MODULES, sides_of
from core.extras import MODULES as EXTRA_MODULES
from core.game import RULE_MODULES
from nonplayer.flowchart import FACTION_MODULES

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("core", "nonplayer", "decisions", "agents", "runners", "flowcharts", "tui",
            "benchmarks")
ARCHITECTURE = ROOT / "docs" / "architecture.md"

#: Modules that import by name only third-party packages, never an engine module (so no
#: edge of the graph is hidden): :data:`core.extras.MODULES` probes the optional extras.
THIRD_PARTY_PROBES = {"core.extras": "MODULES"}


def modules() -> dict[str, Path]:
    """Every module of the engine's packages, by dotted name."""
    found: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _owner(name: str, known: dict[str, Path]) -> str | None:
    """The engine module that ``import name`` loads (None for other libraries)."""
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


def _is_import_module(node: ast.Call) -> bool:
    func = node.func
    return (isinstance(func, ast.Attribute) and func.attr == "import_module") or (
        isinstance(func, ast.Name) and func.id in ("import_module", "__import__"))


def imported_names(module: str, path: Path, known: dict[str, Path]) -> list[str]:
    """The dotted names ``module`` imports, at any depth of its code."""
    is_package = path.name == "__init__.py"
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.split(".") if is_package else module.split(".")[:-1]
                base = base[: len(base) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            for alias in node.names:
                sub = f"{source}.{alias.name}"
                names.append(sub if sub in known else source)
        elif isinstance(node, ast.Call) and _is_import_module(node) and node.args:
            arg = node.args[0]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                names.append(arg.value)
    return names


def dynamic_imports(path: Path) -> list[int]:
    """Lines of ``import_module(...)`` calls whose module name is not a literal."""
    return [
        node.lineno
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path)))
        if isinstance(node, ast.Call) and _is_import_module(node) and node.args
        and not (isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str))
    ]


def import_graph() -> nx.DiGraph:
    known = modules()
    graph = nx.DiGraph()
    for module, path in known.items():
        graph.add_node(module)
        for name in imported_names(module, path, known):
            target = _owner(name, known)
            if target is not None and target != module:
                graph.add_edge(module, target)
    return graph


def _cycle_text(cycle: list[str]) -> str:
    start = cycle.index(min(cycle))  # the same circle always reads the same way
    turned = cycle[start:] + cycle[:start]
    return " -> ".join([*turned, turned[0]])


def test_no_import_cycle() -> None:
    graph = import_graph()
    cycles = sorted({_cycle_text(c) for c in nx.simple_cycles(graph)}, key=lambda t: (len(t), t))
    assert not cycles, f"{len(cycles)} import cycle(s):\n" + "\n".join(cycles)


def room(module: str, known: dict[str, Path]) -> str:
    """The room (package) a module stands in: a package is its own room, a plain module
    stands in its package's."""
    return module if known[module].name == "__init__.py" else module.rpartition(".")[0]


def room_graph() -> nx.DiGraph:
    """The packages and subpackages, an edge ``p -> q`` when a module of ``p`` imports one
    of ``q``."""
    known = modules()
    rooms = nx.DiGraph()
    rooms.add_nodes_from({room(m, known) for m in known})
    for a, b in import_graph().edges:
        if room(a, known) != room(b, known):
            rooms.add_edge(room(a, known), room(b, known))
    return rooms


def test_no_arrow_back_up_between_rooms() -> None:
    # issue 39 item 1: not only modules but rooms have an order. Each package and
    # subpackage (core.rules, core.game, tui.screens ...) imports only rooms below it: a
    # reader learns a room from the ones under it, never from one that uses it
    rooms = room_graph()
    cycles = sorted({_cycle_text(c) for c in nx.simple_cycles(rooms)}, key=lambda t: (len(t), t))
    assert not cycles, f"{len(cycles)} arrow(s) back up between rooms:\n" + "\n".join(cycles)


def test_nonplayer_holds_only_the_non_players() -> None:
    # issue 39 item 1: the decision model, the agents and the game runners have rooms of
    # their own; nonplayer/ is section 8 and the Government AI, and imports none of them
    graph = import_graph()
    above = {"decisions", "agents", "runners", "tui", "benchmarks"}
    wrong = sorted(f"{a} -> {b}" for a, b in graph.edges
                   if a.split(".")[0] == "nonplayer" and b.split(".")[0] in above)
    assert wrong == []


def test_the_graph_sees_lazy_and_submodule_imports(tmp_path: Path) -> None:
    # the reader itself: a function-level import, a TYPE_CHECKING one, a relative one and
    # `from package import submodule` are all edges (else the test above could not fail)
    known = {name: Path() for name in ("p", "p.a", "p.b", "p.c", "p.d", "p.e", "q")}
    source = (
        "from typing import TYPE_CHECKING\n"
        "import q\n"
        "if TYPE_CHECKING:\n    from p.b import Thing\n"
        "def f():\n    from p import c\n    import importlib\n"
        "    importlib.import_module('p.d')\n"
        "class K:\n    def m(self):\n        from . import e\n"
    )
    path = tmp_path / "a.py"
    path.write_text(source, encoding="utf-8")
    got = {_owner(n, known) for n in imported_names("p.a", path, known)}
    assert got >= {"q", "p.b", "p.c", "p.d", "p.e"}


def test_no_engine_module_is_imported_by_a_computed_name() -> None:
    # an import_module(name) with a computed name is an edge the graph cannot see (the
    # plugin loaders that did this closed circles: core.commands -> core.game.sequence
    # -> core.commands); only the probe of third-party extras may
    known = modules()
    found = {module for module, path in known.items() if dynamic_imports(path)}
    assert found <= set(THIRD_PARTY_PROBES), (
        "import_module with a computed name (the import graph cannot see it): "
        f"{sorted(found - set(THIRD_PARTY_PROBES))}")
    # the probe's names are third-party packages only
    assert not {name.split(".")[0] for name in EXTRA_MODULES.values()} & set(PACKAGES)


def test_the_registries_are_loaded_from_above() -> None:
    # each registry's plugins are imported by a module above them, so a lookup finds
    # every command (from_json), card (events.implemented) and flowchart name
    graph = import_graph()
    for loader, plugins in (
        ("core.game", [m.__name__ for m in RULE_MODULES]),
        ("core.events", [m.__name__ for m in CARD_MODULES]),
        ("nonplayer.flowchart", [m.__name__ for m in FACTION_MODULES]),
    ):
        for plugin in plugins:
            assert graph.has_edge(loader, plugin), f"{loader} does not import {plugin}"
    engine_commands = [c for c in registered().values() if c.__module__.startswith("core.")]
    assert set(RULE_MODULES) >= {sys.modules[c.__module__] for c in engine_commands}
    assert sorted(c for c, s in CARDS.items() if sides_of(c)) == list(range(1, 73))


#: The groups whose module order docs/architecture.md states (``__init__``: the package).
ORDERED_GROUPS = ("core", "core.rules", "core.events", "core.game", "nonplayer.government",
                  "decisions", "agents", "runners")


def package_layers() -> list[str]:
    """The packages, lowest first, each with the engine packages it imports."""
    graph = import_graph()
    packages = nx.DiGraph()
    packages.add_nodes_from(PACKAGES)
    packages.add_edges_from((a.split(".")[0], b.split(".")[0]) for a, b in graph.edges
                            if a.split(".")[0] != b.split(".")[0])
    return [f"{p:<11} imports {', '.join(sorted(packages.successors(p))) or 'no engine package'}"
            for p in nx.lexicographical_topological_sort(packages.reverse(copy=True))]


def group_members(group: str) -> list[str]:
    """The modules directly in package ``group`` (``group`` itself is its ``__init__``),
    but for the empty package files."""
    depth = group.count(".") + 1
    return [m for m, path in modules().items() if path.stat().st_size and (
        m == group or (m.startswith(group + ".") and m.count(".") == depth))]


def module_order(group: str) -> list[str]:
    """A bottom-up order of ``group``'s modules: each imports only modules before it."""
    sub = import_graph().subgraph(group_members(group)).reverse(copy=True)
    return [m for level in nx.topological_generations(sub) for m in sorted(level)]


def _short(group: str, module: str) -> str:
    return "__init__" if module == group else module[len(group) + 1:]


def _doc_block(marker: str) -> list[str]:
    text = ARCHITECTURE.read_text(encoding="utf-8")
    block = re.search(rf"<!-- {marker} -->\n```\n(.*?)```", text, re.S)
    assert block, f"docs/architecture.md has no <!-- {marker} --> block"
    return block.group(1).splitlines()


def test_the_architecture_doc_states_the_package_layers() -> None:
    assert _doc_block("import-layers") == package_layers(), (
        "docs/architecture.md's package layers are out of date; print them with "
        "`python -m tests.test_import_graph`")


def test_the_architecture_doc_states_a_true_module_order() -> None:
    # each listed module imports only modules listed before it in its group, and every
    # module of the group is listed
    graph = import_graph()
    stated: dict[str, list[str]] = {}
    group = ""
    for line in _doc_block("import-order"):
        if not line[:1].isspace():  # "group: a, b," then continuation lines "  c, d"
            group, _, line = line.partition(":")
            stated[group] = []
        stated[group] += [n.strip() for n in line.split(",") if n.strip()]
    assert list(stated) == list(ORDERED_GROUPS), "the import-order block names other groups"
    problems = []
    for group, names in stated.items():
        members = {_short(group, m): m for m in group_members(group)}
        if sorted(names) != sorted(members):
            problems.append(f"{group}: lists {sorted(names)}, has {sorted(members)}")
            continue
        for i, name in enumerate(names):
            later = {members[n] for n in names[i + 1:]}
            above = sorted(_short(group, t) for t in graph.successors(members[name])
                           if t in later)
            if above:
                problems.append(f"{group}: {name} imports {', '.join(above)}, listed after it")
    assert not problems, "docs/architecture.md's module order is wrong (`python -m " \
        "tests.test_import_graph` prints a true one):\n" + "\n".join(problems)


if __name__ == "__main__":
    print("\n".join(package_layers()))
    print()
    for name in ORDERED_GROUPS:
        order = ", ".join(_short(name, m) for m in module_order(name))
        print("\n".join(textwrap.wrap(order, 88, initial_indent=f"{name + ':':<21} ",
                                       subsequent_indent=" " * 22)))


def _private_imports(package: str) -> list[str]:
    """Every ``from engine.module import _name`` in ``package``: another module's private
    name (a leading underscore, not a dunder)."""
    known = modules()
    found: list[str] = []
    for name, path in known.items():
        if name.split(".")[0] != package:
            continue
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if not isinstance(node, ast.ImportFrom) or node.level or not node.module:
                continue
            if _owner(node.module, known) is None:
                continue  # another library's private name is that library's business
            for alias in node.names:
                if alias.name.startswith("_") and not alias.name.startswith("__"):
                    found.append(f"{name} imports {node.module}.{alias.name}")
    return found


@pytest.mark.parametrize("package", PACKAGES)
def test_no_module_imports_another_modules_private_name(package: str) -> None:
    # issue 24 item 0: what two modules share is public (tui.prompts, tui.describe ...);
    # the campaign Government imported five private names of the one-card search
    assert _private_imports(package) == []
