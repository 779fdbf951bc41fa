"""An undo's steps on the table come in the order the table must do them (issue 43
leftover 3): the last thing done first: the automatic steps a command set off (the
card's end, a Round's phases) before the command's own changes, each part's spaces in
the reverse of the order it took them, a space's markers with its pieces, then its
tracks. They came as one difference in map order: every command's
pieces first, then all the markers (the Cartels' FARC Control markers far from the
Guerrillas whose removal brings them back), the Government's Resources among the
Cartels' steps. The words are those of the steps printed as the turns were played, read
backwards ("Remove the FARC Control marker from Meta West" undone: "Place a FARC
Control marker in Meta West")."""

from __future__ import annotations

import io
from pathlib import Path

from core.game import Game, sequence
from tests.test_history import new_controller
from tests.test_tui_assist import args
from tests.test_tui_plain import Terminal
from tui.commands.play import run_assist
from tui.session import Session


def test_undo_steps_take_the_commands_back_last_first_space_by_space():  # 1.8, 2.3.7
    # seed 1, #18 NSPD-18: the Government Passes (2.3.3, +3 Resources); the Cartels Rally
    # in Meta West, Guaviare, Meta East (their Guerrillas end FARC Control there, 1.7);
    # the AUC Rally + Extort; the card ends (2.3.7) and #7 comes face up
    c = new_controller(seed=1)
    c.apply(sequence.Pass())
    while c.nonplayer_to_move():
        c.nonplayer_turn()
    rally = c.turns()[1].report.instructions
    assert rally[0] == "Place 2 Underground Cartels Guerrillas in Meta West"
    assert "Remove the FARC Control marker from Meta West" in rally
    assert c.undo_steps() == [
        # the card's end (2.3.7, 2.3.8), the last done, set off by the AUC's turn
        "Move the AUC cylinder to the Eligible box",
        "Move the Cartels cylinder to the Eligible box",
        "Put #18 NSPD-18 face up again, and #7 7th Special Forces back on top of the deck",
        # the AUC's Extort, then its Rally: the forward steps (Rally places Underground,
        # 3.3.1; Extort activates, 4.3.1) reversed (issue 43)
        "In Atlántico-Magdalena, flip 1 Active AUC Guerrilla to Underground",
        "In Antioquia-Bolívar, flip 1 Active AUC Guerrilla to Underground",
        "Set AUC Resources to 7 (was 9)",
        "Remove 1 Underground AUC Guerrilla from Santander-Boyacá",
        "Remove 3 Underground AUC Guerrillas from Antioquia-Bolívar",
        "Remove 1 Underground AUC Guerrilla from Huila-Tolima",
        "Set AUC Resources to 10 (was 7)",
        # the Cartels' Rally: each space's Control marker with its Guerrillas
        "Remove 2 Underground Cartels Guerrillas from Meta East",
        "Place a FARC Control marker in Meta East",
        "Remove 2 Underground Cartels Guerrillas from Guaviare",
        "Place a FARC Control marker in Guaviare",
        "Remove 2 Underground Cartels Guerrillas from Meta West",
        "Place a FARC Control marker in Meta West",
        "Set Cartels Resources to 10 (was 7)",
        # the Government's Pass, the first done
        "Set Government Resources to 40 (was 43)",
    ]


def test_assist_says_the_undo_steps_in_that_order(tmp_path: Path):
    # seed 17 at the table: #12 Plan Colombia face up, #30 named on top; the Government
    # plays the Event (Resources, Aid), the AUC Rally + Extort; undo at the next question
    script = ["12", "30", "1", "yes", "undo", "yes", "quit"]
    out = io.StringIO()
    session = Session(Game.new(), tmp_path / "t.json")
    run_assist(session, True, args(seed=17, dice="auto"), Terminal(out, script), out)
    text = out.getvalue()
    table = text.split("On the table:\n", 1)[1].split("\nGovernment — Undo", 1)[0]
    lines = [line.split(". ", 1)[1] for line in table.splitlines()]
    assert lines[0] == "Move the Government cylinder to the Eligible box"  # the card's end
    assert lines[3] == "In Atlántico-Magdalena, flip 1 Active AUC Guerrilla to Underground"
    assert lines.index("Remove 1 Underground AUC Guerrilla from Santander-Boyacá") < \
        lines.index("Remove 1 Underground AUC Guerrilla from Huila-Tolima")
    # the Event's own parts backwards: #12 adds Aid to Resources, then Aid +10
    assert lines[-2:] == ["Set Aid to 9 (was 19)", "Set Government Resources to 40 (was 49)"]
    assert session.game.state.current_card == 12 and not session.game.log[1:]
