"""Which engine runs: the hot modules compiled with mypyc, or the same code as plain Python.

An install compiles where a C compiler exists (setup.py; docs/performance.md, "The
compiled engine"): it puts a C extension beside each module of :data:`COMPILED_MODULES`
and writes :data:`BUILD_INFO`, the digest of those modules' sources when they were
compiled, or, where it installed plain Python, why. On importing :mod:`core` (before any
of them), :func:`install` decides once, for all of them together (compiled modules call
each other natively, so half of each cannot run):

* ``ANDEAN_PURE=1`` in the environment: plain Python;
* a plain install (the record says why), no build record (a checkout never installed),
  or a build missing a module: plain Python;
* a build whose sources changed since (an editable install edited after building, or a
  branch switched): plain Python, so an edit is never silently ignored; rebuild with
  ``ANDEAN_COMPILE=1 pip install --no-deps -e .``;
* else compiled.

Plain Python is had by putting a finder first on ``sys.meta_path`` that loads each of
those modules from its ``.py`` file (Python's own finder prefers the extension). The
choice and its reason are :data:`ENGINE`, which ``andean --version`` prints.

Standard library only, and imports nothing of the project: setup.py reads
:data:`COMPILED_MODULES` and :func:`source_digest` from this file before anything is built.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import ModuleType

#: The modules compiled when a build asks for it, each also kept as its ``.py`` (the plain
#: Python engine). A module may join only if mypyc compiles it to the same results: no
#: command class (mypyc makes their field annotations coarse, which the command codec
#: reads, and lists ClassVars as dataclass fields), no isinstance() against a plain class
#: defined in a compiled module that has subclasses (mypyc 2.4 may test the exact type).
#: docs/performance.md, "The compiled engine", says why each is here and what is not.
COMPILED_MODULES: tuple[str, ...] = (
    "core.record",
    "core.errors",
    "core.space",
    "core.context",
    "core.state",
    "core.stream",
    "core.draw",
    "core.encode",
    "core.rules.common",
    "core.rules.victory",
    "core.rules.coin_ops",
    "core.rules.insurgent_ops",
    "core.rules.govt_special",
    "core.rules.insurgent_special",
    "core.rules.propaganda",
    "core.game.sequence",
    "core.game.play",
    "core.game.random_play",
    "core.words",
    "nonplayer.facts",
    "nonplayer.trace",
    "nonplayer.bot",
    "nonplayer.interpreter",
    "nonplayer.procedures",
    "nonplayer.farc",
    "nonplayer.auc",
    "nonplayer.cartels",
    "nonplayer.turn",
    "nonplayer.plan",
    "nonplayer.flowchart",
    "nonplayer.random_spaces",
    "nonplayer.events",
    "core.events.asking",
    "core.events.common",
    "core.events.registry",
    "core.events.cards_01_24",
    "core.events.cards_25_48",
    "core.events.cards_49_72",
)

#: Written by setup.py next to this file by every build: {"digest", "modules", "mypy"} when
#: it compiled, {"plain": why not} when it installed plain Python.
BUILD_INFO = "_compiled.json"

#: Set to 1 to run the plain Python engine from a compiled install.
PURE_VARIABLE = "ANDEAN_PURE"

REBUILD = "ANDEAN_COMPILE=1 pip install --no-deps -e ."

_ROOT = Path(__file__).resolve().parent.parent  # the directory holding core/, nonplayer/


def source_path(module: str, root: Path = _ROOT) -> Path:
    return root.joinpath(*module.split(".")).with_suffix(".py")


def source_digest(root: Path = _ROOT, modules: Sequence[str] = COMPILED_MODULES) -> str:
    """SHA-256 of the compiled modules' names and sources, in order."""
    h = hashlib.sha256()
    for module in modules:
        h.update(module.encode() + b"\0")
        h.update(source_path(module, root).read_bytes())
        h.update(b"\0")
    return h.hexdigest()


def _extension_of(module: str, root: Path) -> Path | None:
    """The compiled file of ``module`` beside its source, if any."""
    src = source_path(module, root)
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        candidate = src.with_name(src.stem + suffix)
        if candidate.exists():
            return candidate
    return None


#: The project's top-level packages, where a build puts its extensions: pyproject.toml's
#: ``[tool.setuptools.packages.find] include``, which must list the same.
PACKAGES = ("core", "nonplayer", "decisions", "agents", "runners", "flowcharts", "tui")


def stale_extensions(root: Path = _ROOT,
                     modules: Sequence[str] = COMPILED_MODULES) -> list[Path]:
    """Compiled files beside the project's sources that no module of ``modules`` owns:
    left by an earlier build of a module since dropped from :data:`COMPILED_MODULES`.
    Python's own finder would load such a file in place of the ``.py`` (this module's
    finder serves only the listed modules), so a build removes them (setup.py)."""
    owned = {source_path(m, root).with_suffix("") for m in modules}
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    return [built for package in PACKAGES for built in sorted((root / package).rglob("*"))
            if built.name.endswith(suffixes)
            and built.with_name(built.name.split(".", 1)[0]) not in owned]


def decide(
    root: Path = _ROOT, environ: Mapping[str, str] = os.environ
) -> tuple[bool, str]:
    """(compiled, why): which engine this run uses, and the reason in a few words."""
    if environ.get(PURE_VARIABLE, "") not in ("", "0"):
        return False, f"plain Python ({PURE_VARIABLE}={environ[PURE_VARIABLE]})"
    info_path = root / "core" / BUILD_INFO
    if not info_path.exists():
        return False, "plain Python (no compiled build)"
    try:
        info = json.loads(info_path.read_text(encoding="utf-8"))
        if isinstance(info, dict) and isinstance(info.get("plain"), str):
            return False, f"plain Python ({info['plain']})"  # and why (setup.py)
        built = info["digest"], tuple(info["modules"])
    except (OSError, ValueError, KeyError, TypeError):
        return False, f"plain Python (unreadable {BUILD_INFO})"
    missing = [m for m in COMPILED_MODULES if _extension_of(m, root) is None]
    if missing or built[1] != COMPILED_MODULES:
        return False, "plain Python (the compiled build lacks a module; rebuild: " + REBUILD + ")"
    if built[0] != source_digest(root):
        return False, ("plain Python (the sources changed since the compiled build; "
                       f"rebuild: {REBUILD})")
    return True, f"compiled with mypyc ({len(COMPILED_MODULES)} modules)"


class _PlainFinder:
    """Finds each compiled module's ``.py`` file, so the extension beside it is not used."""

    def __init__(self, modules: Sequence[str]) -> None:
        self.modules = frozenset(modules)

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in self.modules:
            return None
        name = fullname.rpartition(".")[2] + ".py"
        for entry in path or sys.path:
            candidate = Path(entry) / name
            if candidate.is_file():
                return importlib.util.spec_from_file_location(fullname, candidate)
        return None


COMPILED = False
ENGINE = "plain Python"


def install() -> None:
    """Decide the engine once (:data:`COMPILED`, :data:`ENGINE`); for plain Python, make
    every compiled module load from its source."""
    global COMPILED, ENGINE
    COMPILED, ENGINE = decide()
    if not COMPILED and not any(isinstance(f, _PlainFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, _PlainFinder(COMPILED_MODULES))

