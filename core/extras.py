"""Optional dependencies ("extras" of the package): one way to ask for one.

``pip install andean-abyss-engine`` brings what playing needs; the extras add what a few
commands need on top (pyproject.toml, docs/architecture.md "Dependencies and extras"):

* ``dask``: the distributed batch backend (``andean batch --backend dask``);
* ``plot``: matplotlib, for PNG pictures (``andean map --out x.png``,
  ``andean batch --plot``);
* ``stats``: scipy, for intervals and paired tests (``andean batch``'s summary,
  ``benchmarks/strength.py``);
* ``serve``: textual-serve, the play and assist apps in a browser (``andean serve``);
* ``env``: pettingzoo and gymnasium, the research environment
  (:mod:`agents.env`);
* ``openspiel``: open_spiel, the game as an OpenSpiel game (:mod:`agents.openspiel_game`).

:func:`require_extra` imports the module a feature needs, or raises
:class:`MissingExtra`, whose one-line message names the extra to install
(:func:`require_extras`: several at once, all the missing ones named together); the command
line prints it and exits 2 (``tui/commands/main.py``). Commands call it before their first game, so
a long run never fails at its end for a missing plotting library.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from types import ModuleType

PACKAGE = "andean-abyss-engine"

#: The module each extra brings that the code imports (pyproject.toml lists the packages).
MODULES = {
    "dask": "distributed",
    "plot": "matplotlib",
    "stats": "scipy.stats",
    "serve": "textual_serve.server",
    "env": "pettingzoo",
    "openspiel": "pyspiel",
}


class MissingExtra(ImportError):
    """A feature needs optional dependencies that are not installed: ``missing`` lists
    (extra, feature) pairs; the message names them all in one line."""

    def __init__(self, missing: Sequence[tuple[str, str]]) -> None:
        self.missing = list(missing)
        self.extras = sorted({extra for extra, _ in missing})
        needs = " and ".join(f"{feature} needs {MODULES[extra].split('.')[0]}"
                             for extra, feature in missing)
        verb = "is" if len(missing) == 1 else "are"
        super().__init__(f"{needs}, which {verb} not installed: "
                         f"pip install '{PACKAGE}[{','.join(self.extras)}]'")


def require_extra(extra: str, feature: str) -> ModuleType:
    """The module that ``extra`` brings (:data:`MODULES`), imported for ``feature``
    (e.g. ``"andean batch --plot"``), or :class:`MissingExtra` naming the extra."""
    return require_extras({extra: feature})[extra]


def require_extras(needs: Mapping[str, str]) -> dict[str, ModuleType]:
    """:func:`require_extra` for several extras at once ({extra: feature}): the modules
    by extra, or one :class:`MissingExtra` naming every one that is missing."""
    found: dict[str, ModuleType] = {}
    missing = []
    for extra, feature in needs.items():
        module = MODULES[extra]
        try:
            found[extra] = importlib.import_module(module)
        except ModuleNotFoundError as err:
            parts = module.split(".")
            if err.name not in {".".join(parts[:i]) for i in range(1, len(parts) + 1)}:
                raise  # the extra is there but broken (one of its own modules is missing)
            missing.append((extra, feature))
    if missing:
        raise MissingExtra(missing)
    return found
