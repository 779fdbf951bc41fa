"""Optional dependencies ("extras" of the package): one way to ask for one.

``pip install andean-abyss-engine`` brings what playing needs; the extras add what a few
commands need on top (pyproject.toml, docs/architecture.md "Dependencies and extras"):

* ``dask``: the distributed batch backend (``andean batch --backend dask``);
* ``plot``: matplotlib, for PNG pictures (``andean map --out x.png``,
  ``andean batch --plot``);
* ``stats``: scipy, for intervals and paired tests (``andean batch``'s summary,
  ``benchmarks/strength.py``).

:func:`require_extra` imports the module a feature needs, or raises
:class:`MissingExtra`, whose one-line message names the extra to install; the command
line prints it and exits 2 (``tui/cli.py``). Commands call it before their first game, so
a long run never fails at its end for a missing plotting library.
"""

from __future__ import annotations

import importlib
from types import ModuleType

PACKAGE = "andean-abyss-engine"

#: The module each extra brings that the code imports (pyproject.toml lists the packages).
MODULES = {
    "dask": "distributed",
    "plot": "matplotlib",
    "stats": "scipy.stats",
}


class MissingExtra(ImportError):
    """A feature needs an optional dependency that is not installed."""

    def __init__(self, extra: str, feature: str) -> None:
        self.extra = extra
        self.feature = feature
        module = MODULES[extra]
        super().__init__(f"{feature} needs {module.split('.')[0]}, which is not installed: "
                         f"pip install '{PACKAGE}[{extra}]'", name=module)


def require_extra(extra: str, feature: str) -> ModuleType:
    """The module that ``extra`` brings (:data:`MODULES`), imported for ``feature``
    (e.g. ``"andean batch --plot"``), or :class:`MissingExtra` naming the extra."""
    module = MODULES[extra]
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as err:
        parts = module.split(".")
        if err.name not in {".".join(parts[:i]) for i in range(1, len(parts) + 1)}:
            raise  # the extra is there but broken (one of its own modules is missing)
        raise MissingExtra(extra, feature) from None
