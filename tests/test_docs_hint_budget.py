"""docs/tui.md tells the hint's budget as the hint does (issue 43, newcomer's trial b
finding 6): it said the hint 'thinks 2 seconds' while it printed "The campaign search
(0.5s a decision)" (runners.seat_hint.HINT_THINK)."""

from __future__ import annotations

import re
from pathlib import Path

from runners.seat_hint import HINT_THINK

DOCS = Path(__file__).resolve().parent.parent / "docs" / "tui.md"


def test_the_docs_name_the_hints_budget():  # docs/tui.md, Hints
    text = DOCS.read_text(encoding="utf-8")
    told = [p for p in re.split(r"\n\s*\n", text) if p.lstrip().startswith(("**Hint",))]
    assert told, "no **Hint** paragraph in docs/tui.md"
    for paragraph in told:
        said = re.findall(r"(\d+(?:\.\d+)?) ?(?:s\b|seconds?\b)", paragraph)
        assert said and all(f"{n}s" == HINT_THINK for n in said), (said, paragraph[:200])
