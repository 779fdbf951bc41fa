"""Words a player reads and the command line's help (issue 24, Why 9 and 10): single-text
cards named without a side, plurals from one helper (core.words), refusals without
jargon, a chosen Propaganda card recorded as chosen, help texts that are true, `cards
--text` by title, LoCs with their Econ in `status`, a finished game still readable in
`play --plain`."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pytest

from core.cards import CARDS
from core.errors import IllegalAction
from core.game import Game, serialize
from core.game.board_editor import SetNextCard
from core.game.sequence import PlayEvent
from core.rules.propaganda import resources_phase
from core.words import counted, listed, plural
from decisions.decision import command_title
from tests.test_tui_assist_app import controller_for, table_game
from tui.commands.main import main
from tui.describe import turn_line

README = Path(__file__).resolve().parent.parent / "README.md"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def help_text(capsys, *argv: str) -> str:
    code, out, _ = run(capsys, *argv, "--help")
    assert code == 0
    return " ".join(out.split())  # argparse's wrapping undone


# ======================================================================================
# words
# ======================================================================================
def test_plurals_come_from_one_helper():
    # the rulebook: "1 Resource per space" (3.2.1), "1 Troops cube" (2.1)
    assert counted(1, "Resource") == "1 Resource" and counted(30, "Resource") == "30 Resources"
    assert counted(6, "Cartels Guerrilla") == "6 Cartels Guerrillas"
    assert counted(1, "Shipment") == "1 Shipment"
    assert counted(1, "Underground Guerrilla") == "1 Underground Guerrilla"
    # a cube counted is named as the rulebook names it (2.1), never a bare "1 Troops"
    assert counted(1, "Troops") == "1 Troops cube" and counted(3, "Police") == "3 Police cubes"
    assert counted(2, "Troops cube") == "2 Troops cubes"  # the table's steps' noun
    # a zero is left out of a list (issue 31: "and 0 Active")
    assert listed((1, "Troops"), (0, "Police")) == "1 Troops cube"
    assert listed((3, "Underground Guerrilla"), (0, "Active Guerrilla")) == \
        "3 Underground Guerrillas"
    assert listed((1, "AUC Guerrilla"), (1, "AUC Base")) == "1 AUC Guerrilla and 1 AUC Base"
    assert listed((0, "Troops")) == ""
    assert plural("Government Base") == "Government Bases"


def test_single_text_cards_are_not_called_unshaded():  # 5.2: only Dual Use cards have sides
    assert CARDS[46].shaded is None and CARDS[53].shaded is None
    state = Game.new("standard", seed=1).state
    state.current_card = 46
    assert command_title(PlayEvent("unshaded"), state) == "Event #46 Limpieza"
    line = turn_line("FARC", "event", PlayEvent("unshaded"), 53, [])
    assert line.startswith('FARC: Event, #53 Criminal Air Force: "Insurgent access')
    state.current_card = 12  # a Dual Use card keeps its side
    assert command_title(PlayEvent("shaded"), state) == "Event #12 Plan Colombia (shaded)"


def test_march_steps_agree_in_number():  # 3.3.2
    # the table's steps (tui.board_changes): "1 Active FARC Guerrilla", "2 ... Guerrillas",
    # a cube is "1 Troops cube" (2.1), never "1 Troops"
    from core.map import MAP
    from core.pieces import Piece
    from tui.board_changes import steps

    before = Game.new("standard", seed=1).state
    a = next(s.id for s in MAP.spaces if s.name == "Meta East")
    b = next(s.id for s in MAP.spaces if s.name == "Guaviare")
    before.pieces[a * len(Piece) + Piece.FARC_ACTIVE] = 3
    one, two = before.clone(), before.clone()
    one.move(a, b, Piece.FARC_ACTIVE, 1)
    two.move(a, b, Piece.FARC_ACTIVE, 2)
    assert "Move 1 Active FARC Guerrilla from Meta East to Guaviare" in steps(before, one)
    assert "Move 2 Active FARC Guerrillas from Meta East to Guaviare" in steps(before, two)
    cube = before.clone()
    cube.place(b, Piece.TROOPS, 1)
    assert steps(before, cube)[0] == "Place 1 Troops cube in Guaviare"


def test_earnings_of_one_resource_are_singular():  # 6.3.2: 1 per Base
    state = Game.new("standard", seed=1).state
    report: list[str] = []
    resources_phase(state, report)
    auc = next(line for line in report if line.startswith("AUC"))
    assert re.match(r"AUC earns 1 Resource \(", auc), auc


def test_refusals_are_said_in_a_players_words():
    assert str(IllegalAction("3.2.1", "Train may not select a LoC")) == \
        "not allowed (3.2.1): Train may not select a LoC"
    controller = controller_for(table_game(first=12, nxt=40))
    with pytest.raises(IllegalAction) as err:
        controller.edit(SetNextCard(12))  # the card face up: already played
    assert str(err.value).startswith("not possible: ") and "editor" not in str(err.value)


def test_a_propaganda_card_chosen_is_recorded_as_chosen():  # the table named #73
    controller = controller_for(table_game(first=12, nxt=40))
    deck = controller.state.deck
    assert 73 in deck and 75 in deck
    first = next(c for c in deck if CARDS[c].propaganda)
    chosen = 75 if first == 73 else 73  # not the first Propaganda card in the deck
    controller.edit(SetNextCard(chosen))
    assert controller.state.deck[0] == chosen
    assert controller.deck_card(chosen) == chosen


# ======================================================================================
# the command line
# ======================================================================================
def test_map_help_names_only_commands_that_write_saves(capsys, tmp_path):
    text = help_text(capsys, "map")
    assert "demo" in text
    save = tmp_path / "demo.json"
    code, _, err = run(capsys, "demo", "--seed", "2", "--scenario", "quick", "--save",
                       str(save))
    assert code == 0 and "saved the game" in err
    assert serialize.load(save).state.phase == "over"
    code, _, _ = run(capsys, "map", str(save), "--out", str(tmp_path / "b.svg"))
    assert code == 0
    code, _, err = run(capsys, "demo", "--seed", "2", "--save", str(save))  # never over one
    assert code == 2 and "exists" in err


def test_demo_help_is_current_and_agrees_with_the_readme(capsys):
    text = help_text(capsys, "demo")
    assert "issue 13" not in text and "well under a minute" not in text
    claim = re.search(r"default 2s: a standard game in (about \d+ s)", text)
    assert claim, text
    readme = " ".join(README.read_text(encoding="utf-8").split())
    assert f"default 2s: a standard game in {claim.group(1)}" in readme


def test_cards_text_takes_a_number_or_a_title(capsys):
    for name in ("21", "#21", "Raúl Reyes", "raul reyes", "raul"):
        code, out, _ = run(capsys, "cards", "--text", name)
        assert code == 0 and out.startswith("#21 Raúl Reyes"), name
    code, out, _ = run(capsys, "cards", "--text", "sica")
    assert out.startswith("#72 Sicarios")
    code, _, err = run(capsys, "cards", "--text", "plan")
    assert code == 2 and "ambiguous" in err and "#12 Plan Colombia" in err
    code, _, err = run(capsys, "cards", "--text", "99")
    assert code == 2 and "no card 99" in err


def test_status_prints_a_locs_econ(capsys, tmp_path):  # 1.3.4: LoCs have Econ, no Pop
    save = tmp_path / "g.json"
    assert run(capsys, "new", "--seed", "1", "--out", str(save))[0] == 0
    _, out, _ = run(capsys, "status", str(save))
    header = next(line for line in out.splitlines() if line.startswith("Space"))
    assert "Pop/Econ" in header
    line = next(line for line in out.splitlines() if line.startswith("Cali-Pasto LoC"))
    assert re.match(r"Cali-Pasto LoC +Econ 1 ", line), line


def test_plain_play_reads_a_finished_game(capsys, tmp_path, monkeypatch):
    save = tmp_path / "over.json"
    assert run(capsys, "demo", "--seed", "2", "--scenario", "quick", "--save",
               str(save))[0] == 0
    monkeypatch.setattr(sys, "stdin", io.StringIO("show 1\nlog 1\nquit\n"))
    code, out, _ = run(capsys, "play", "--plain", "--load", str(save))
    assert code == 0
    after = out.split("The game is over.", 1)[1]
    assert "> show 1\nGovernment: " in after and "Who:" in after  # the first turn's account
    assert "Dice:" in after


# ======================================================================================
# narration of bot games agrees in number (issue 31, Why 6 "words")
# ======================================================================================
#: What the engine's narration must never print: a bare "1 Troops" (2.1: "1 Troops
#: cube"), "1 Bases", a zero listed ("remove 0 Cartels Guerrillas", "and 0 Active"), a
#: shift naming the level the space is already at.
_KINDS = r"(?:(?:Active|Underground|FARC|AUC|Cartels|Government) )*"
BAD_WORDS = [re.compile(p) for p in (
    r"\b1 Bases\b", r"\b0 [A-Z]\w*", r"\b1 Troops\b(?! cube)", r"\b1 Police\b(?! cube)",
    rf"\b1 {_KINDS}(?:Guerrillas|Bases)\b", rf"\b([2-9]|\d\d+) {_KINDS}Guerrilla\b(?!s)",
    r"toward ([A-Z][a-z]+(?: [A-Z][a-z]+)?) \(\1\)")]
#: A zero that is a fact, not a listed part: a track at 0 ("0 Resources"), a 0 Population
#: space (card text and 1.3.1), how many are Available (the flowcharts' questions).
ZERO_FACTS = re.compile(r"\b0 (?:Pop\b|Population\b|Resources\b|[\w ]+? Available\b)")


def bad_words(line: str) -> list[str]:
    """The bad patterns in ``line``, card texts (quoted) left out: they are the card's."""
    line = ZERO_FACTS.sub("", re.sub(r'"[^"]*"|“[^”]*”', "", line))
    return [m.group(0) for p in BAD_WORDS for m in p.finditer(line)]


def test_bad_words_are_found():  # the scan below can fail
    assert bad_words("Train in Cali: place 1 Troops and 0 Police") == ["0 Police", "1 Troops"]
    assert bad_words("move 1 Underground Cartels Guerrilla and 0 Active Cartels Guerrilla")
    assert bad_words("shift toward Active Opposition (Active Opposition)")
    assert not bad_words("Train in Cali: place 1 Troops cube; 0 FARC Guerrillas Available")


def test_bot_game_narration_agrees_in_number():  # 2.1, issue 31 Why 6
    # Short seeded games (Quick-Play, heuristic Government, about 1 s each): every line
    # the engine said (Operations, Special Activities, Events, Propaganda) and every
    # reason the section-8 bots gave.
    from runners.games import play

    found: dict[str, str] = {}

    def collect(_game, turn) -> None:
        for line in (*turn.report, *turn.round_report, *turn.trace):
            for bad in bad_words(line):
                found.setdefault(bad, line)

    for seed in range(1, 17):
        play(seed, "heuristic", "quick", on_turn=collect)
    assert not found, "\n".join(f"{bad!r} in: {line}" for bad, line in found.items())


def test_form_and_die_words_agree_and_quote_whole(tmp_path):  # issue 43 item 5, Words
    from decisions.asked import die_question
    from decisions.base import FormRun
    from decisions.editor import find_space
    from decisions.government import train_form
    from tests.helpers import position, sid

    # "roll a die: die, Cities/Departments (1-3) or LoCs (4-6)": the die named twice
    prompt = die_question("die, Cities/Departments (1-3) or LoCs (4-6) (8.2)").prompt
    assert prompt == "Roll a die: Cities/Departments (1-3) or LoCs (4-6) (8.2)?"
    # "...from where? (8.2)? (1-6)": a purpose that asks already gets no second mark
    prompt = die_question("die, #23 DoD Contractors: remove Troops from where? (8.2)").prompt
    assert prompt == "Roll a die: #23 DoD Contractors: remove Troops from where? (8.2)"
    # "Dice: 2 for die, Cities/Departments ...": the plain die's 'die, ' not shown as its use
    from tui.controller import dice_rolls
    rolled = [{"rolls": [["die, Cities/Departments (1-3) or LoCs (4-6) (8.2)", 2]]}]
    assert dice_rolls(rolled) == ["2 for Cities/Departments (1-3) or LoCs (4-6) (8.2)"]
    # "no space named 'narnia": the closing quote was stripped with the KeyError's quotes
    with pytest.raises(Exception) as err:
        find_space("narnia")
    assert str(err.value) == "no space named 'narnia'"
    # "up to 1 steps" (6.4.1 Civic Action, in Train's "then" question)
    state = position({"Cali": "2T 2P 1GB"})
    state.support[sid("Cali")] = 1  # Passive Support: 1 step to Active Support
    run = FormRun(lambda: train_form(state))
    for answer in ("cali", "0", "0"):
        run.answer_text(answer)
    details = {o.label: o.detail for o in run.question.options}
    assert details["Civic Action in Cali"] == "3 Resources a step, up to 1 step (6.4.1)"
