"""The board editor's summary and the undo after it read as the steps did (issue 43 item
5 bullet 1, newcomer trial): 'set zone meta west on' printed the step 'Place a FARC Zone
marker in Meta West' but the table check's summary and the undo said 'Set farc zone of
Meta West to 1'. Both are now the table's words, in the order typed."""

from __future__ import annotations

import io

from core.game import Game
from tests.test_tui_assist import args
from tests.test_tui_plain import Terminal
from tui.commands.play import run_assist
from tui.session import Session

TYPED = ["remove 1 underground farc guerrilla from meta west",
         "set zone meta west on",
         "place 2 police in cali",
         "set terror cali 2",
         "set support cali -1"]
SAID = ["Remove 1 Underground FARC Guerrilla from Meta West",
        "Place a FARC Zone marker in Meta West",
        "Place 2 Police cubes in Cali",
        "Place 2 Terror markers in Cali",
        "Set Cali to Passive Opposition (was Neutral)"]


def test_editor_summary_and_undo_use_the_steps_words_in_typed_order(tmp_path):
    # issue 43 item 5 bullet 1 (4.3.2 FARC Zone, 3.3.4 Terror, 1.6 Support)
    out = io.StringIO()
    script = ["58", "55", "2", *TYPED, "done", "n", "undo", "y", "quit"]
    session = Session(Game.new(seed=17), tmp_path / "t.json")
    run_assist(session, True, args(seed=17), Terminal(out, script), out)
    text = out.getvalue()
    for said in SAID:  # each typed command printed its step in these words
        assert f"1. {said}\n" in text
    summary = text.split("(since the decision began):\n", 1)[1].split("\n(no:", 1)[0]
    # the summary repeats what the editor echoed, the track the Support change moved too
    echoed = [*SAID, "Move the Opposition + Bases marker to 23 (was 20)"]
    assert summary.splitlines() == [f"  {i}. {s}" for i, s in enumerate(echoed, 1)]
    undone = next(line for line in text.splitlines() if "Taken back: " in line)
    assert undone.endswith("Taken back: " + "; ".join(f"Editor: {s}" for s in SAID) + ".")
    assert "farc zone" not in text.lower().replace("farc zone marker", "")
