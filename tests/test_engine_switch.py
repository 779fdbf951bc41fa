"""Which engine runs (core/engine.py): the compiled modules only while their build
matches the sources, plain Python otherwise or when asked (issue 39 item 3)."""

from __future__ import annotations

import importlib.machinery
import json
from pathlib import Path

from core import engine


def _tree(root: Path, *, compiled: bool = True) -> None:
    """A checkout's compiled modules (tiny sources), their extensions and build record."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    for module in engine.COMPILED_MODULES:
        src = engine.source_path(module, root)
        src.parent.mkdir(parents=True, exist_ok=True)
        src.write_text(f"NAME = {module!r}\n", encoding="utf-8")
        if compiled:
            src.with_name(src.stem + suffix).write_bytes(b"")
    if compiled:
        info = {"digest": engine.source_digest(root), "modules": list(engine.COMPILED_MODULES)}
        (root / "core" / engine.BUILD_INFO).write_text(json.dumps(info), encoding="utf-8")


def test_a_matching_build_runs_compiled(tmp_path: Path) -> None:
    _tree(tmp_path)
    compiled, why = engine.decide(tmp_path, {})
    assert compiled and why.startswith("compiled with mypyc")


def test_andean_pure_asks_for_plain_python(tmp_path: Path) -> None:
    _tree(tmp_path)
    assert engine.decide(tmp_path, {"ANDEAN_PURE": "1"}) == (
        False, "plain Python (ANDEAN_PURE=1)")
    assert engine.decide(tmp_path, {"ANDEAN_PURE": "0"})[0]  # 0 asks nothing


def test_no_build_is_plain_python(tmp_path: Path) -> None:
    _tree(tmp_path, compiled=False)
    assert engine.decide(tmp_path, {}) == (False, "plain Python (no compiled build)")


def test_an_edited_source_is_never_ignored(tmp_path: Path) -> None:
    # an editable install edited after its build: the edit runs, as plain Python
    _tree(tmp_path)
    engine.source_path("core.state", tmp_path).write_text("NAME = 'edited'\n")
    compiled, why = engine.decide(tmp_path, {})
    assert not compiled and "sources changed" in why and engine.REBUILD in why


def test_a_build_lacking_a_module_is_not_used(tmp_path: Path) -> None:
    _tree(tmp_path)
    src = engine.source_path(engine.COMPILED_MODULES[-1], tmp_path)
    for ext in src.parent.glob(src.stem + ".*.so"):
        ext.unlink()
    for ext in src.parent.glob(src.stem + ".*.pyd"):
        ext.unlink()
    compiled, why = engine.decide(tmp_path, {})
    assert not compiled and "lacks a module" in why


def test_plain_python_loads_each_compiled_module_from_its_source(tmp_path: Path) -> None:
    _tree(tmp_path)
    finder = engine._PlainFinder(engine.COMPILED_MODULES)
    spec = finder.find_spec("core.state", [str(tmp_path / "core")])
    assert spec is not None and spec.origin == str(tmp_path / "core" / "state.py")
    assert finder.find_spec("core.map", [str(tmp_path / "core")]) is None  # not compiled


def test_a_plain_install_says_why(tmp_path: Path) -> None:
    # an install that found no working C compiler (or was asked ANDEAN_COMPILE=0) records
    # why, and --version says it; stale extensions beside the sources are not used
    _tree(tmp_path)
    why = "installed plain: no C compiler (gcc not found)"
    (tmp_path / "core" / engine.BUILD_INFO).write_text(json.dumps({"plain": why}))
    assert engine.decide(tmp_path, {}) == (False, f"plain Python ({why})")


def test_a_build_finds_the_extension_of_a_module_no_longer_compiled(tmp_path: Path) -> None:
    # Python's own finder would load it in place of its .py (the engine's finder serves
    # only COMPILED_MODULES), so setup.py removes what stale_extensions lists
    _tree(tmp_path)
    assert engine.stale_extensions(tmp_path) == []
    dropped = engine.COMPILED_MODULES[-1]
    kept = engine.COMPILED_MODULES[:-1]
    src = engine.source_path(dropped, tmp_path)
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    assert engine.stale_extensions(tmp_path, kept) == [src.with_name(src.stem + suffix)]
    # a source's own extension and anything not an extension are left alone
    (src.parent / "notes.txt").write_text("x", encoding="utf-8")
    assert engine.stale_extensions(tmp_path) == []


def test_setup_removes_the_stale_extensions_at_every_build() -> None:
    # the build record (plain or compiled) is where setup.py clears them
    setup = (Path(__file__).resolve().parents[1] / "setup.py").read_text(encoding="utf-8")
    record = setup[setup.index("def record("):setup.index("def compiled_extensions(")]
    assert 'ENGINE["stale_extensions"](root, MODULES)' in record
