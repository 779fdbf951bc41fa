"""What undo says when typed in the middle of something (issue 43 item 5, a newcomer's
trial): a half-done decision (an Event, a Redeploy) is dropped and that is said, never
'nothing to undo' after dropping one; with typed dice the undo is asked under the name
of the decision it takes back, not of the Non-player whose die was asked; and the line
mode's help lists every word it answers (``status`` with ``tracks``)."""

from __future__ import annotations

import io
from pathlib import Path

from core.game import Game
from tests.test_tui_assist import args
from tests.test_tui_plain import Terminal
from tests.test_undo_says import REPRO, plain
from tui.commands.play import run_assist
from tui.plain.ui import HELP
from tui.session import Session


class UndoAtDie(Terminal):
    """The script's answers; ``undo`` at the first die asked, then no dice asked."""

    def readline(self, size: int = -1) -> str:  # type: ignore[override]
        prompt = self.out.getvalue().rsplit("\n", 1)[-1]
        if " — roll " in prompt and not self.dice_asked:
            self.dice_asked.append(prompt)
            return "undo\n"
        return super().readline(size)


DROPPED = "The decision you were making (1 answer given) is dropped: nothing of it was applied."


def test_undo_in_the_middle_of_the_first_decision_says_it_drops_it():
    # seed 23: the Government picks Event (unshaded), then undo at its space question
    controller, text = plain(["1", "undo", "quit"])
    after = text.split("> undo\n", 1)[1]
    assert after.startswith(DROPPED + "\nNothing before it to undo: decide again.")
    assert "nothing to undo" not in after
    assert controller.game.log == []


def test_undo_in_the_middle_of_a_redeploy_says_it_drops_it():  # 6.5
    # one cube group picked at the Redeploy prompt, then undo: the Redeploy in progress
    # went without a word, the FARC Zone before it was taken back
    controller, text = plain([*REPRO, "2", "undo", "quit"])
    after = text.split("> undo\n", 1)[1]
    assert after.startswith(DROPPED + "\nUndone: back to the start of your last decision.")
    assert controller.state.step["phase"] == "FARC Zone"


def test_undo_at_a_nonplayers_die_is_asked_under_the_decisions_name(tmp_path: Path):
    # assist, typed dice: the Government's Event #12, then AUC's Rally asks a die; undo
    # there takes back the Government's Event and was asked as "AUC — Undo ...?"
    script = ["12", "30", "1", "yes", "no", "quit"]
    out = io.StringIO()
    session = Session(Game.new(), tmp_path / "t.json")
    run_assist(session, True, args(seed=17, dice="manual"), UndoAtDie(out, script), out)
    text = out.getvalue()
    assert "Taken back: Government: Event #12 Plan Colombia (unshaded)." in text
    assert "Government — Undo the last decision?" in text
    assert "AUC — Undo the last decision?" not in text


def test_help_lists_status_with_tracks():
    # 'status' is answered at every prompt (as 'tracks'); help did not say so
    assert "tracks (status), card" in HELP


def test_undo_typed_at_the_undo_question_is_a_yes():  # 6.0
    # the newcomer's trial b finding 1: 'undo' at "Undo the last decision?" (asked
    # because the undo takes back a Round's 6.1-6.3) ended the line mode with
    # "unexpected error: UndoRequest"; undo works at any prompt, there it means yes
    from tests.test_undo_says import ROUND_BEGUN, ROUND_SAID
    controller, text = plain([*ROUND_BEGUN, "undo", "undo", "quit"])
    after = text.split("> undo\n", 2)[2]
    assert after.startswith("Undone: ") and ROUND_SAID in after.split("\n", 1)[0]
    assert controller.game.log == [] and controller.state.phase == "card"
