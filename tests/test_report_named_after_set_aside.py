"""The card the table names face up after a Propaganda card set aside without a Round
(6.0 EXCEPTION) is the card of the history (issue 43, the newcomer's fourth trial).

The program plays the card under a set-aside Propaganda card from its own deck until the
table names the card it turned; the report headed that card with the program's card (#14
Tres Esquinas, never named at the table), its one entry "Board editor: Current card: #62
Amazonía", and ``map --card 14`` drew it while ``map --card 62`` was refused."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

from tui.commands.main import main

# the trial's answers: #39, #10 named; #55; #73 holds Round 1; #75 follows it and is set
# aside (6.0); the table then names #62 Amazonía face up
ANSWERS = ("39\n10\n1\n1,2,3,4,5,6\nyes\n55\npropaganda\n7\nyes\npropaganda\n1\n2\n1\n"
           "yes\n1\n1\n1\nyes\n1\n1\nyes\n62\nquit\n")


def _game(tmp_path: Path, monkeypatch, capsys) -> Path:
    save = tmp_path / "rp.json"
    monkeypatch.setattr(sys, "stdin", io.StringIO(ANSWERS))
    main(["assist", "--plain", "--seed", "23", "--save", str(save)])
    capsys.readouterr()
    return save


def test_the_card_named_after_a_set_aside_card_is_the_card(
        tmp_path, monkeypatch, capsys) -> None:
    save = _game(tmp_path, monkeypatch, capsys)
    out = tmp_path / "rp.html"
    assert main(["report", str(save), "--out", str(out)]) == 0
    assert "(6 cards)" in capsys.readouterr().out
    page = out.read_text(encoding="utf-8")
    heads = re.findall(r"<h3>([^<]*)</h3>", page)
    assert heads[-1] == "6. #62 Amazonía", heads
    assert "Tres Esquinas" not in page  # the program's card, never named at the table
    assert "Board editor" not in page  # the table's naming is no correction
    # 6.0: #62 was played, #14 never was
    assert main(["map", str(save), "--card", "62", "--out", str(tmp_path / "m.svg")]) == 0
    assert main(["map", str(save), "--card", "14", "--out", str(tmp_path / "n.svg")]) != 0
    assert "card #14 was not played" in capsys.readouterr().err
