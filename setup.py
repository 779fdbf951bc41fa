"""Build script beside pyproject.toml (which holds everything else): the compiled engine.

An install compiles the modules listed in ``core/engine.py`` (COMPILED_MODULES) with mypyc
into C extensions placed beside their sources, where a C compiler and the Python headers
are found; where they are not, or where the build fails, it installs the same modules as
plain Python and says so in one line (a warning: pip 26 shows it, older pips with
``-v``) and in the build record, which ``andean --version`` reads. The record,
``core/_compiled.json``, holds the digest of the sources compiled, or why the install is
plain; at run time ``core.engine`` uses the extensions only while the sources still
match (docs/performance.md, "The compiled engine").

``ANDEAN_COMPILE`` in the environment: unset (or empty) compiles where it can, else plain
Python; ``1`` compiles or fails the install with the compiler's or mypyc's error; ``0``
installs plain Python. ``ANDEAN_COMPILE_OPT`` sets the C optimisation level (default 3).

    pip install -e .                            # editable, compiled in place where it can
    pip install --no-deps -e .                  # rebuild after editing those modules
    ANDEAN_COMPILE=0 pip install -e .           # plain Python, no compiler asked
"""

from __future__ import annotations

import json
import os
import runpy
import shutil
import sys
import sysconfig
import tempfile
import warnings
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
ENGINE = runpy.run_path(str(HERE / "core" / "engine.py"))  # the list and the digest
MODULES: tuple[str, ...] = ENGINE["COMPILED_MODULES"]
GROUP = "andean_engine"  # the shared library of the compiled modules: andean_engine__mypyc
SAY = "andean: "

#: The setup.py commands that build (pip's build_wheel and build_editable run the first
#: two); the others (egg_info, dist_info: the metadata pip asks for first) need no
#: extension, so mypyc, whose type check is most of a build's time, runs once an install.
BUILDS = frozenset(("bdist_wheel", "editable_wheel", "build_ext", "build", "install",
                    "develop"))


def asked() -> str:
    """ANDEAN_COMPILE: "" (compile where one can), "1" (compile or fail), "0" (plain)."""
    value = os.environ.get("ANDEAN_COMPILE", "").strip()
    if value not in ("", "0", "1"):
        sys.exit(f"{SAY}ANDEAN_COMPILE={value!r}: use 1 (compiled or fail), 0 (plain "
                 "Python) or leave it unset (compiled where a C compiler exists)")
    return value


def compiler_missing() -> str | None:
    """Why no extension can be built here (no C compiler, no Python headers), or None:
    a one-line C file including Python.h is compiled with the compiler setuptools would
    use (CC and CFLAGS honoured), in well under a second, before mypyc's minute."""
    headers = sysconfig.get_paths()["include"]
    if not (Path(headers) / "Python.h").is_file():
        return f"no Python headers (no Python.h in {headers})"
    from distutils.ccompiler import new_compiler  # setuptools' own copy (imported above)
    from distutils.sysconfig import customize_compiler

    compiler: Any = new_compiler()
    customize_compiler(compiler)
    command = compiler.compiler_so[0]
    if shutil.which(command) is None:
        return f"no C compiler ({command} not found)"
    with tempfile.TemporaryDirectory() as tmp:
        probe = Path(tmp) / "probe.c"
        probe.write_text("#include <Python.h>\nint probe(void) { return Py_IsInitialized(); }\n",
                         encoding="utf-8")
        try:
            compiler.compile([str(probe)], output_dir=tmp, include_dirs=[headers])
        except Exception:  # CompileError, DistutilsExecError: any is a no
            return f"no working C compiler ({command} fails on a file including Python.h)"
    return None


def short(error: BaseException) -> str:
    """An exception in a few words (a compiler's whole command line is not)."""
    if isinstance(error, SystemExit):
        return f"exit status {error.code}"
    text = " ".join(str(error).split()) or type(error).__name__
    return text if len(text) <= 100 else text[:97] + "..."


def plain(why: str) -> None:
    """The one line a plain install prints: a warning, which pip passes on even with
    --quiet (26.3, the one CI upgrades to); pip 23 shows a build's output only with -v."""
    warnings.warn(f"{SAY}{why}: installing the engine as plain Python (the same results, "
                  "slower; ANDEAN_COMPILE=1 makes this an error)", stacklevel=2)


def record(root: Path, info: dict[str, Any]) -> None:
    """Write the build record under ``root`` (the checkout in place, else the build's
    lib directory) and remove the extensions of modules no longer compiled; a plain
    record also removes any extension of an earlier build there, so nothing stale is
    installed or left beside the sources."""
    (root / "core").mkdir(parents=True, exist_ok=True)
    (root / "core" / ENGINE["BUILD_INFO"]).write_text(json.dumps(info, indent=1) + "\n",
                                                      encoding="utf-8")
    for built in ENGINE["stale_extensions"](root, MODULES):  # of modules no longer compiled
        built.unlink()
    if "plain" in info:  # every extension: with no module owned, all are stale
        for built in [*ENGINE["stale_extensions"](root, ()), *root.glob(GROUP + "__mypyc.*.so")]:
            built.unlink()


def compiled_extensions() -> tuple[list[Any], str | None]:
    """(extensions, None) to compile, or ([], why the install is plain)."""
    if not BUILDS.intersection(sys.argv[1:]):
        return [], None  # no build_py nor build_ext runs
    mode = asked()
    if mode == "0":
        return [], "installed plain: ANDEAN_COMPILE=0"
    if mode == "":
        missing = compiler_missing()
        if missing is not None:
            plain(missing)
            return [], f"installed plain: {missing}"
    try:
        from mypyc.build import mypycify

        paths = [str(ENGINE["source_path"](m, HERE).relative_to(HERE)) for m in MODULES]
        return mypycify(paths, opt_level=os.environ.get("ANDEAN_COMPILE_OPT", "3"),
                        group_name=GROUP), None
    except (Exception, SystemExit) as error:  # mypyc exits on a type error
        if mode == "1":
            raise
        why = f"mypyc failed ({short(error)}; pip install -v shows its errors)"
        plain(why)
        return [], f"installed plain: {why}"


EXTENSIONS, PLAIN = compiled_extensions()


class BuildPy(build_py):
    """Also writes the record of a plain build (a compiled one: BuildExt)."""

    def run(self) -> None:
        super().run()
        if PLAIN is not None:
            record(HERE if self.editable_mode else Path(self.build_lib), {"plain": PLAIN})


class BuildExt(build_ext):
    """Compiles, then records the digest of the sources compiled; where the compiler fails
    and no one asked for ANDEAN_COMPILE=1, records plain Python instead (one line)."""

    def run(self) -> None:
        root = HERE if self.inplace else Path(self.build_lib)
        try:
            super().run()
        except (Exception, SystemExit) as error:
            if asked() == "1":
                raise
            compiler = getattr(self.compiler, "compiler_so", None)
            why = (f"the C build failed ({compiler[0] if compiler else short(error)}; "
                   "pip install -v shows its errors)")
            plain(why)
            self.extensions = []  # nothing of it installed
            record(root, {"plain": f"installed plain: {why}"})
            return
        import mypy.version

        record(root, {"digest": ENGINE["source_digest"](HERE, MODULES),
                      "modules": list(MODULES), "mypy": mypy.version.__version__})


setup(ext_modules=EXTENSIONS, cmdclass={"build_py": BuildPy, "build_ext": BuildExt})
