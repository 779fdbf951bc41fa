"""The count of Propaganda cards is named for what it counts (issue 43): a second
Propaganda card in a row is played without a Round (6.0 EXCEPTION) and counts toward the
final one all the same (2.4.1), so the saves, ``andean status --json``, ``demo --json`` and
the batch's games.csv call it ``propaganda_cards`` (they said ``propaganda_rounds``), and
``status`` gives the Rounds held beside it. Older saves and games.csv files still read
(tests/test_serialize.py reads a version 1 save)."""

from __future__ import annotations

import csv
import json
from pathlib import Path

from core.game import serialize
from runners.games import CSV_FIELDS, CsvLog, read_csv
from tests.test_table_deck import double_propaganda
from tui.commands.saves import status_dict, status_text

#: a games.csv of andean batch written before the column was renamed
OLD_RUN = Path(__file__).parent.parent / "benchmarks" / "results" / "heldout-100000" / \
    "lookahead-100400.csv"


def test_status_counts_propaganda_cards_and_rounds_held_apart(tmp_path):  # 6.0, 2.4.1
    # seed 30 at the table: #73 Propaganda!'s Round, then #74 Propaganda! set aside
    _, path = double_propaganda(tmp_path)
    game = serialize.load(path)
    data = status_dict(game)
    assert "propaganda_rounds" not in data
    assert (data["propaganda_cards"], data["propaganda_rounds_held"]) == (2, 1)
    assert json.loads(path.read_text(encoding="utf-8"))["state"]["propaganda_cards"] == 2
    text = status_text(game)
    assert "Propaganda cards: 2 of 4 (1 card without a Round, 6.0)" in text


def test_a_games_csv_with_the_old_column_name_reads_and_resumes(tmp_path):
    old = OLD_RUN.read_text(encoding="utf-8")
    header = old.splitlines()[0].split(",")
    assert "propaganda_rounds" in header and "propaganda_cards" not in header
    records = read_csv(OLD_RUN)
    with OLD_RUN.open(encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh))
    assert [r.propaganda_cards for r in records] == [int(r["propaganda_rounds"])
                                                     for r in rows]
    # a --resume appends under today's header, the old rows kept
    path = tmp_path / "games.csv"
    path.write_text(old, encoding="utf-8")
    log = CsvLog(path, append=True)
    log.add(records[0])
    log.close()
    assert path.read_text(encoding="utf-8").splitlines()[0] == ",".join(CSV_FIELDS)
    assert read_csv(path) == [*records, records[0]]
