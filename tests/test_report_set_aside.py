"""A game with Propaganda cards set aside without a Round (6.0 EXCEPTION: no Round two
Propaganda cards in a row) in the report and the map (issue 43 items 3 and 4, the
newcomer's trial). tests/data/set_aside_propaganda.json is the trial's assist game
(standard, seed 17): #73 holds Round 1, #76 follows it and is set aside, #74 holds
Round 2, #75 follows it, is set aside and is the final Propaganda card (2.4.1).

The report said "Wrote ... (12 cards)" while its page said "Cards played 13", headed #75
"Propaganda Round 2", drew a second P2 line at it, left #76 out, and called the table's
naming of a card a board-editor correction; map --card 76 said #76 was not played."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from tui.commands.main import main

SAVE = Path(__file__).resolve().parent / "data" / "set_aside_propaganda.json"


def _report(tmp_path: Path, capsys) -> tuple[str, str]:  # type: ignore[no-untyped-def]
    save = tmp_path / "r2.json"
    shutil.copy(SAVE, save)
    out = tmp_path / "r2.html"
    assert main(["report", str(save), "--out", str(out)]) == 0
    return capsys.readouterr().out, out.read_text(encoding="utf-8")


def test_the_report_counts_and_heads_by_propaganda_card(tmp_path, capsys) -> None:
    said, page = _report(tmp_path, capsys)
    # 6.0: a card set aside is played all the same: 13 cards, in the line and the page
    assert "(13 cards)" in said
    assert "<b>Cards played</b>13<" in page
    assert page.count('<section class="card') == 13
    heads = re.findall(r"<h3>([^<]*)</h3>", page)
    assert "3. Propaganda card 1 of 4, Round 1: #73 Propaganda!" in heads
    assert "4. Propaganda card 2 of 4, without a Round (6.0): #76 Propaganda!" in heads
    assert "12. Propaganda card 3 of 4, Round 2: #74 Propaganda!" in heads
    assert "13. Propaganda card 4 of 4, without a Round (6.0): #75 Propaganda!" in heads
    # one dashed mark a Round in each chart: P1 and P2 once each, none for #76 or #75
    assert page.count(">P1<") == 2 and page.count(">P2<") == 2


def test_the_tables_naming_of_a_card_is_not_the_board_editor(tmp_path, capsys) -> None:
    _, page = _report(tmp_path, capsys)
    named = re.findall(r">([^<>]*)</span>: Next card: #55 DEA Agents", page)
    assert named == ["Table"], named


def test_the_map_draws_a_card_set_aside(tmp_path, capsys) -> None:
    # 6.0 calls a set-aside Propaganda card played: the board as it was then
    save = tmp_path / "r2.json"
    shutil.copy(SAVE, save)
    out = tmp_path / "m76.svg"
    assert main(["map", str(save), "--card", "76", "--out", str(out)]) == 0
    assert "#76" in out.read_text(encoding="utf-8")
