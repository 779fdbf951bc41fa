"""The printed 2nd-edition cards are the cards of record: their texts, banners and gray "2"
live in core/data/cards.json and reach the Non-player table, the CLI and the screens."""

from __future__ import annotations

import json
from pathlib import Path

from core import events
from core.cards import CARDS
from nonplayer.events import card_row
from tui.commands.main import main

# The 21 cards printed with the gray "2" ("2nd: Ops", 8.1).
PRINTED_GRAY2 = {20, 21, 25, 26, 30, 32, 37, 38, 41, 47, 49, 52, 56, 59, 61, 62, 63, 64, 66,
                 68, 72}
REVISED = {7, 26, 30, 36, 55, 56, 64, 65, 67}  # the cards with a "2nd Ed" revision

_REFERENCE = Path("/work/shared/reference/cards-2nd-edition.jsonl")


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_cards_carry_the_printed_marks_8_1():
    assert {n for n in range(1, 73) if CARDS[n].gray2} == PRINTED_GRAY2
    assert {n for n in range(1, 73) if CARDS[n].second_edition_revision} == REVISED
    assert CARDS[1].banner == "GOVT CAPABILITIES" and CARDS[12].banner == "INSURGENT MOMENTUM"
    assert all(CARDS[n].unshaded is None and CARDS[n].gray2 is False for n in range(73, 77))


def test_printed_sides_are_the_implemented_sides_5_1():
    for n in range(1, 73):
        printed = ["unshaded"] + (["shaded"] if CARDS[n].shaded is not None else [])
        assert events.sides_of(n) == printed, n


def test_card_texts_are_the_printed_2nd_edition_texts():
    # card 56 unshaded: the 2nd-edition revision (15 Resources, not 9)
    assert CARDS[56].unshaded is not None
    assert CARDS[56].unshaded.text == "Transfer 15 Resources from Cartels to Government."
    assert str(CARDS[56].unshaded).startswith("Cali cartel’s drugstore chain seized: ")
    assert CARDS[69].unshaded is not None and CARDS[69].unshaded.flavor is None
    if _REFERENCE.exists():  # the transcription the data was made from (not shipped)
        for line in _REFERENCE.read_text(encoding="utf-8").splitlines():
            ref = json.loads(line)
            card = CARDS[ref["number"]]
            assert card.gray2 == ref["gray2"] and card.banner == ref["banner"]
            assert card.unshaded is not None and card.unshaded.text == ref["unshaded_text"]
            assert card.unshaded.flavor == ref["unshaded_flavor"]
            shaded = card.shaded
            assert (shaded.text if shaded else None) == ref["shaded_text"]
            assert (shaded.flavor if shaded else None) == ref["shaded_flavor"]


def test_nonplayer_table_takes_the_printed_gray2_8_1():
    for n in range(1, 73):
        row = card_row(n)
        assert row.gray2 == CARDS[n].gray2, n
        if n in PRINTED_GRAY2:
            assert row.source == "printed card", n


def test_cards_json_shows_the_printed_cards(capsys):
    code, out, _ = run(capsys, "cards", "--json")
    rows = {r["number"]: r for r in json.loads(out)}
    assert code == 0
    assert {n for n, r in rows.items() if r.get("printed", {}).get("gray2")} == PRINTED_GRAY2
    assert {n for n, r in rows.items() if r.get("nonplayer", {}).get("gray2")} == PRINTED_GRAY2
    assert rows[67]["printed"]["unshaded"]["text"] == "Cartels Resources –20."
    assert rows[67]["printed"]["banner"] == "INSURGENT MOMENTUM"
    assert rows[36]["printed"]["shaded"] is None and "printed" not in rows[74]


def test_cards_text_prints_a_cards_texts(capsys):
    code, out, _ = run(capsys, "cards", "--text", "65")
    assert code == 0
    assert out.splitlines()[0].startswith("#65 Poppies")
    assert ("Event: Growers and Government eradication focus on heroin source: Place or "
            "remove 1 Shipment and Insurgent Base in any Mountain Department." in out)
    assert "2nd Ed revision" in out
    code, out, _ = run(capsys, "cards", "--text", "2")
    assert "Unshaded: COIN experts take charge: Sweep costs 1 Resource per space." in out
    assert "Shaded: COIN strategy eludes Army:" in out and "Capability (5.3)" in out
    code, out, _ = run(capsys, "cards", "--text", "56")
    assert 'Gray "2"' in out
    code, _, err = run(capsys, "cards", "--text", "80")
    assert code == 2 and "no card 80" in err


def test_event_narration_quotes_the_printed_side():
    # card 56 unshaded: the report of an Event quotes the side's printed text (demo, log,
    # np-turn and the screens all show this trace)
    from core.game import Game
    from core.game.sequence import PlayEvent
    from core.pieces import Faction
    from tests.helpers import blank_state

    game = Game(blank_state(card=56))  # Faction order C G F A
    game.state.resources[Faction.CARTELS] = 20
    trace = game.apply(PlayEvent("unshaded"))
    assert trace[0] == ('Cartels executes the unshaded Event of #56 Drogas La Rebaja: "Cali '
                        'cartel’s drugstore chain seized: Transfer 15 Resources from Cartels '
                        'to Government."')


def test_demo_narration_quotes_the_printed_side():
    # card 67 unshaded: the one-line narration of a demo turn quotes the side's text
    from core.game.sequence import PlayEvent
    from runners.games import Turn
    from tui.commands.bots import describe

    turn = Turn("Government", 67, "card", "event", PlayEvent("unshaded"), [], [])
    assert describe(turn) == ('Government: Event, unshaded text of #67 Mexican Traffickers: '
                              '"Major shipment busted en route: Cartels Resources –20."')


def test_second_eligible_nonplayer_takes_operations_on_a_printed_gray2_card_8_1():
    # card 56 bears the printed gray "2": a 2nd Eligible Non-player executes Operations
    # (the old table marked only card 38, so it took the Event); card 55 has no gray "2"
    from core.pieces import Faction
    from nonplayer.events import wants_event
    from tests.helpers import blank_state

    takes, why = wants_event(blank_state(card=56), Faction.FARC, 2)
    assert not takes and "gray 2" in why
    assert wants_event(blank_state(card=55), Faction.FARC, 2)[0]
