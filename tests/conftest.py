"""The test suite runs the plain Python engine, even from a compiled install.

An install compiles the hot modules where a C compiler exists (setup.py, core/engine.py),
and many tests monkeypatch a function those modules call or subclass one of their
classes, which compiled callers do not see (docs/performance.md, "The compiled engine").
So ``ANDEAN_PURE=1`` is set here, before any test module imports the engine, for every
test and every process a test starts; the compiled build is held to the same rules by
``benchmarks/compiled_check.py`` (every golden game and the environment digest, compiled
against plain) and by the rules modules' own tests, which ``.ci/compiled`` runs against
it with ``ANDEAN_PURE=0 pytest ...``: a value set outside is kept (docs/architecture.md,
"The compiled engine").
"""

from __future__ import annotations

import os

os.environ.setdefault("ANDEAN_PURE", "1")
