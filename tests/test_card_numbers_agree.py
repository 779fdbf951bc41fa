"""'log' (and 'rollback N', which uses its numbers) and the report number the cards of a
game alike: a Propaganda card set aside without a Round (6.0 EXCEPTION: no Round two
Propaganda cards in a row) is played all the same and numbered in both (issue 43, the
newcomer's fourth trial item 2: the log said "Card 4: #62 Amazonía", 11 cards, the
report "5. #62 Amazonía", 13 cards, so 'rollback 5' after reading the report landed
elsewhere). tests/data/set_aside_propaganda.json: #76 and #75 are set aside."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.test_history import plain
from tui.controller import Controller
from tui.history import from_game
from tui.session import Session

SAVE = Path(__file__).resolve().parent / "data" / "set_aside_propaganda.json"


def test_log_and_report_number_the_cards_alike(tmp_path: Path) -> None:
    save = tmp_path / "r2.json"
    shutil.copy(SAVE, save)
    c = Controller(Session.load(save))
    logged = [(g.number, g.card) for g in c.cards()]
    reported = [(s.index, s.card) for s in from_game(c.game, traces=False).steps]
    assert logged == reported
    assert (4, 76) in logged and (13, 75) in logged and len(logged) == 13  # 6.0


def test_log_shows_the_set_aside_card_with_its_number(tmp_path: Path) -> None:
    save = tmp_path / "r2.json"
    shutil.copy(SAVE, save)
    out = plain(Controller(Session.load(save)), ["log", "quit"])
    assert "Card 4: Propaganda card without a Round (6.0): #76 Propaganda!" in out
    assert "Card 13: Propaganda card without a Round (6.0): #75 Propaganda!" in out
