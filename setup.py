"""Build script beside pyproject.toml (which holds everything else): the compiled engine.

By default the project installs as plain Python. With ``ANDEAN_COMPILE=1`` in the
environment, the modules listed in ``core/engine.py`` (COMPILED_MODULES) are compiled
with mypyc into C extensions placed beside their sources, and ``core/_compiled.json``
records the digest of the sources compiled; at run time ``core.engine`` uses the
extensions only while the sources still match (docs/performance.md, "The compiled
engine"). The build needs a C compiler and the Python headers; ``ANDEAN_COMPILE=1`` with
either missing stops the install with the compiler's error rather than installing plain
Python unasked. ``ANDEAN_COMPILE_OPT`` sets the C optimisation level (default 3).

    ANDEAN_COMPILE=1 pip install -e .          # editable, compiled in place
    ANDEAN_COMPILE=1 pip install --no-deps -e .   # rebuild after editing those modules
"""

from __future__ import annotations

import json
import os
import runpy
import sys
from pathlib import Path

from setuptools import setup

HERE = Path(__file__).resolve().parent
ENGINE = runpy.run_path(str(HERE / "core" / "engine.py"))  # the list and the digest
INFO = HERE / "core" / ENGINE["BUILD_INFO"]
GROUP = "andean_engine"  # the shared library of the compiled modules: andean_engine__mypyc


#: The setup.py commands that build (pip's build_wheel and build_editable run the first
#: two); the others (egg_info, dist_info: the metadata pip asks for first) need no
#: extension, so mypyc, whose type check is most of a build's time, runs once an install.
BUILDS = frozenset(("bdist_wheel", "editable_wheel", "build_ext", "build", "install",
                    "develop"))


def compiled_extensions() -> list:  # type: ignore[type-arg]
    if not BUILDS.intersection(sys.argv[1:]):
        return []
    if os.environ.get("ANDEAN_COMPILE", "") in ("", "0"):
        # a plain build leaves nothing of an earlier compiled one in place: its record and
        # its extensions (core.engine would not use them without the record anyway)
        INFO.unlink(missing_ok=True)
        for module in ENGINE["COMPILED_MODULES"]:
            source = ENGINE["source_path"](module, HERE)
            for built in source.parent.glob(source.stem + ".*.so"):
                built.unlink()
        for built in HERE.glob(GROUP + "__mypyc.*.so"):
            built.unlink()
        return []
    import mypy.version
    from mypyc.build import mypycify

    modules = ENGINE["COMPILED_MODULES"]
    paths = [str(ENGINE["source_path"](m, HERE).relative_to(HERE)) for m in modules]
    extensions = mypycify(
        paths,
        opt_level=os.environ.get("ANDEAN_COMPILE_OPT", "3"),
        group_name=GROUP,
    )
    INFO.write_text(json.dumps({
        "digest": ENGINE["source_digest"](HERE, modules),
        "modules": list(modules),
        "mypy": mypy.version.__version__,
    }, indent=1) + "\n", encoding="utf-8")
    return extensions


setup(ext_modules=compiled_extensions())
