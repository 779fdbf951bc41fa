"""docs/readings.md, the register of rule readings (issue 10 item 3): every reading that code,
data or docs cite exists, each anchor is unique, and the README and the flowchart doc link it."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
READINGS = ROOT / "docs" / "readings.md"
CITED = re.compile(r"readings(?:\.md)?#(r-[a-z0-9-]+)")
ANCHOR = re.compile(r'<a id="(r-[a-z0-9-]+)"></a>')


def _sources() -> list[Path]:
    files: list[Path] = []
    for folder in ("core", "nonplayer", "flowcharts", "tui", "docs", "tests"):
        for ext in ("*.py", "*.toml", "*.md"):
            files += sorted((ROOT / folder).rglob(ext))
    return files + [ROOT / "README.md"]


def test_every_cited_reading_has_its_entry() -> None:
    anchors = set(ANCHOR.findall(READINGS.read_text(encoding="utf-8")))
    missing = sorted(
        f"{path.relative_to(ROOT)}: #{name}"
        for path in _sources() if path != Path(__file__)
        for name in set(CITED.findall(path.read_text(encoding="utf-8")))
        if name not in anchors
    )
    assert not missing, "cited readings without an entry in docs/readings.md:\n" + \
        "\n".join(missing)


def test_each_reading_anchor_is_unique() -> None:
    names = ANCHOR.findall(READINGS.read_text(encoding="utf-8"))
    assert len(names) == len(set(names)), sorted(n for n in names if names.count(n) > 1)


def test_the_register_is_linked_from_the_readme_and_the_flowchart_doc() -> None:
    for doc in (ROOT / "README.md", ROOT / "docs" / "flowcharts.md"):
        assert "readings.md" in doc.read_text(encoding="utf-8"), doc.name
