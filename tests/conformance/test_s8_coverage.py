"""Coverage of section 8 by the conformance suite: every node of flowcharts/*.toml and
every bullet of 8.1-8.4 (bullets_8_1_4.toml) is named by at least one test's
``@pytest.mark.s8(...)`` marker; every card 1-72 has a row for each Non-player in the
card table of test_s8_cards.py. Markers are read from the source with ``ast`` (no import,
no collection), so a marker on a test that is later deleted stops counting."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

from core.pieces import Faction
from nonplayer.flowchart import load

HERE = Path(__file__).parent
NONPLAYERS = (Faction.FARC, Faction.AUC, Faction.CARTELS)


def _is_s8(node: ast.expr) -> bool:
    # pytest.mark.s8(...)
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr == "s8" and isinstance(node.func.value, ast.Attribute)
            and node.func.value.attr == "mark")


def marked(key: str, paths: list[Path] | None = None) -> dict[str, list[str]]:
    """{named item: [tests naming it]} for the marker keyword ``key`` ("node"/"bullet")."""
    found: dict[str, list[str]] = {}
    for path in paths if paths is not None else sorted(HERE.glob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for fn in ast.walk(tree):
            if not isinstance(fn, ast.FunctionDef) or not fn.name.startswith("test_"):
                continue
            for deco in fn.decorator_list:
                if not _is_s8(deco):
                    continue
                assert isinstance(deco, ast.Call)
                for kw in deco.keywords:
                    if kw.arg == key and isinstance(kw.value, ast.Constant):
                        found.setdefault(str(kw.value.value), []).append(
                            f"{path.name}::{fn.name}")
    return found


def all_nodes() -> list[str]:
    return [f"{f.label}:{n}" for f in NONPLAYERS for n in load(f).nodes]


def all_bullets() -> list[str]:
    data = tomllib.loads((HERE / "bullets_8_1_4.toml").read_text(encoding="utf-8"))
    return [b["id"] for b in data["bullet"]]


def test_every_flowchart_node_has_a_conformance_test() -> None:
    named = marked("node")
    missing = [n for n in all_nodes() if n not in named]
    assert not missing, f"flowchart nodes without a conformance test: {missing}"
    unknown = sorted(set(named) - set(all_nodes()))
    assert not unknown, f"markers naming no flowchart node: {unknown}"


def test_every_bullet_of_8_1_to_8_4_has_a_conformance_test() -> None:
    named = marked("bullet")
    missing = [b for b in all_bullets() if b not in named]
    assert not missing, f"8.1-8.4 bullets without a conformance test: {missing}"
    unknown = sorted(set(named) - set(all_bullets()))
    assert not unknown, f"markers naming no 8.1-8.4 bullet: {unknown}"


def test_every_card_has_a_row_for_each_nonplayer() -> None:
    from tests.conformance.test_s8_cards import CARD_TABLE

    rows = {(r.card, r.faction) for r in CARD_TABLE}
    missing = [(c, f.label) for c in range(1, 73) for f in NONPLAYERS if (c, f) not in rows]
    assert not missing, f"cards x Non-players without a conformance row: {missing}"


def test_the_scan_reads_markers_and_only_markers_of_tests(tmp_path: Path) -> None:
    # the scan can fail: a marker on a helper, a commented-out marker or another mark
    # names nothing; stacked markers on a test all count
    src = tmp_path / "test_x.py"
    src.write_text(
        "import pytest\n"
        "@pytest.mark.s8(node='FARC:rally', rule='8.7.1')\n"
        "@pytest.mark.s8(node='FARC:extort')\n"
        "def test_a():\n    pass\n"
        "@pytest.mark.s8(node='AUC:rally')\n"
        "def helper():\n    pass\n"
        "# @pytest.mark.s8(node='AUC:march')\n"
        "@pytest.mark.xfail(node='AUC:terror')\n"
        "def test_b():\n    pass\n", encoding="utf-8")
    assert marked("node", [src]) == {"FARC:rally": ["test_x.py::test_a"],
                                     "FARC:extort": ["test_x.py::test_a"]}
    assert len(all_nodes()) == len(set(all_nodes())) == 31
