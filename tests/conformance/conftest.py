"""The section-8 conformance suite: every test names what it checks with a marker,
``@pytest.mark.s8(node="FARC:rally", rule="8.7.1 bullet 1")`` for a flowchart node
(``<Faction>:<node id>`` of flowcharts/*.toml) or ``@pytest.mark.s8(bullet="8.1.2 bullet 3")``
for a bullet of 8.1-8.4 (ids in bullets_8_1_4.toml). test_s8_coverage.py reads the markers
from the source (AST) and fails on any node or bullet no test names."""

from __future__ import annotations


def pytest_configure(config):  # type: ignore[no-untyped-def]
    config.addinivalue_line(
        "markers",
        "s8(node=..., bullet=..., rule=...): the section-8 flowchart node or 8.1-8.4 bullet "
        "a conformance test checks",
    )
