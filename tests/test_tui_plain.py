"""The --plain line mode of `andean play` (tui/plain/ui.py): transcripts of a solitaire
Government turn, garbage at every prompt changing nothing, autosave and resume after a
killed session, and the Session's undo."""

from __future__ import annotations

import io
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

from core.game import serialize
from core.map import MAP
from core.pieces import Faction, Piece
from runners.solitaire import new_solitaire
from tui.controller import Controller
from tui.plain.ui import PlainUI
from tui.session import Session

REPO = Path(__file__).resolve().parents[1]
GOVT = Faction.GOVT


class Terminal(io.TextIOBase):
    """Standard input for a PlainUI: each prompt is answered from ``script`` in order,
    except the dice prompts ("Roll the red die...") answered from ``dice``. The end of
    the script is the end of the input."""

    def __init__(self, out: io.StringIO, script: list[str], dice: list[int] | None = None):
        self.out = out
        self.script = list(script)
        self.dice = list(dice or [])
        self.dice_asked: list[str] = []

    def readline(self, size: int = -1) -> str:  # type: ignore[override]
        prompt = self.out.getvalue().rsplit("\n", 1)[-1]
        if prompt.startswith("Roll ") or " — roll " in prompt:
            self.dice_asked.append(prompt)
            return f"{self.dice.pop(0) if self.dice else 4}\n"
        if not self.script:
            return ""
        return self.script.pop(0) + "\n"


def play(script: list[str], seed: int = 1, path: Path | None = None) -> tuple[Controller, str]:
    controller = Controller(Session(new_solitaire("standard", seed=seed), path))
    out = io.StringIO()
    ui = PlainUI(controller, Terminal(out, script), out)
    ui.run()
    return controller, out.getvalue()


TRAIN = ["operation", "train", "none", "bogota", "2", "0", "nothing more", "yes"]


def test_plain_transcript_of_a_government_train():  # 3.2.1 through the line mode
    controller, text = play(["board farc", "space bogota", "tracks", "card", *TRAIN, "log"])
    assert "Government, 1st Eligible on #18" in text
    assert "Space" in text and "Bogotá & Villavicencio (City, Pop 8)" in text
    assert "Train: select Cities or Departments" in text
    assert "Result of Train:" in text and "Changes on the board:" in text
    assert re.search(r"\d\. Place \d Troops cubes? in Bogotá & Villavicencio", text)  # issue 31
    assert "Done: Train." in text
    # card: the current (#18 NSPD-18) and next card with their printed texts
    assert "Unshaded: US “War on Terror” takes on FARC: Add lesser of Aid or +20" \
        in text and "Next card:" in text
    govt = [e for e in controller.game.log if e["faction"] == "Government"]
    assert govt[0]["command"]["op"]["type"] == "Train"
    bogota = MAP.id_of("Bogota")
    assert controller.game.initial.troops(bogota) + 2 <= controller.state.troops(bogota) + 3


def test_plain_pass_then_nonplayers_move():  # 2.3.3
    controller, text = play(["pass", "y"])
    assert "Done: Pass." in text
    assert controller.game.log[0]["command"]["type"] == "Pass"
    assert "(Non-player):" in text.split("Done: Pass.")[1]


def test_garbage_at_every_prompt_changes_nothing():
    clean, _ = play(TRAIN)
    garbage = ["xyzzy", "99", "-1", "1,1,1,1,1,1,1,1", "Lima", "maybe", "x2"]
    noisy: list[str] = []
    for answer in TRAIN:
        noisy += garbage + [answer]
    dirty, text = play(noisy)
    assert text.count("! ") >= len(TRAIN) * 3
    assert dirty.state == clean.state
    assert dirty.game.log == clean.game.log


def test_back_and_cancel_return_to_earlier_questions():
    script = ["operation", "train", "back", "back", "pass", "n", "cancel", "pass", "y"]
    controller, text = play(script)
    assert "Which Operation?" in text and text.count("what do you do?") >= 2
    assert controller.game.log[0]["command"]["type"] == "Pass"


def test_undo_takes_back_the_last_decision(tmp_path):
    path = tmp_path / "game.json"
    controller, text = play(["pass", "y", "undo", "quit"], path=path)
    if "Undone" in text:  # the next decision was the Government's again on this card
        assert controller.game.log == [] or controller.game.log[0]["faction"] != "Government"
    saved = serialize.load(path)
    assert serialize.verify(saved) == []
    assert saved.state == controller.state


def test_session_undo_rolls_back_nonplayers_too():
    session = Session(new_solitaire("standard", seed=1))
    start = session.game.state.clone()
    controller = Controller(session)
    decision = controller.decision()
    decision.form.answer_text("pass")
    controller.commit(controller.preview(decision.form.result))
    while controller.nonplayer_to_move():
        controller.nonplayer_turn()
    assert session.undo()
    assert session.game.state == start
    assert not session.undo()


def test_killed_session_resumes_from_its_autosave(tmp_path):
    path = tmp_path / "solo.json"
    env = dict(os.environ, PYTHONPATH=str(REPO))
    proc = subprocess.Popen(
        [sys.executable, "-m", "tui.commands.main", "play", "--plain", "--seed", "1", "--save",
         str(path)],
        stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        text=True, cwd=tmp_path, env=env,
    )
    assert proc.stdin is not None
    proc.stdin.write("pass\ny\n")
    proc.stdin.flush()
    deadline = time.time() + 30
    passed = False
    while time.time() < deadline and not passed:
        time.sleep(0.2)
        try:
            game = serialize.load(path)
        except Exception:  # not written yet, or being replaced
            continue
        passed = any(e["command"]["type"] == "Pass" and e["faction"] == "Government"
                     for e in game.log)
    proc.send_signal(signal.SIGKILL)  # no clean exit, no final save
    proc.wait(timeout=10)
    assert passed, "the Government's Pass was never autosaved"
    saved = serialize.load(path)
    assert serialize.verify(saved) == []
    # resume: the same file, the game goes on where it was
    session = Session.load(path)
    controller = Controller(session)
    out = io.StringIO()
    PlainUI(controller, Terminal(out, ["tracks", "quit"]), out).run()
    assert "Resources: Government" in out.getvalue()
    assert controller.game.log[: len(saved.log)] == saved.log
    assert serialize.verify(serialize.load(path)) == []


def test_cli_play_plain_resumes_an_existing_save(tmp_path, monkeypatch, capsys):
    from tui.commands.main import main

    path = tmp_path / "p.json"
    monkeypatch.setattr(sys, "stdin", io.StringIO("pass\ny\nquit\n"))
    assert main(["play", "--plain", "--seed", "2", "--save", str(path)]) == 0
    first = serialize.load(path)
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    assert main(["play", "--plain", "--save", str(path)]) == 0
    assert "Resumed" in capsys.readouterr().out
    assert serialize.load(path).state == first.state
    assert Piece.TROOPS == 0  # (keep the import honest)
    assert first.state.resources[GOVT] >= 0


def test_plain_board_writes_pieces_as_the_screens_do():
    # one notation on every board view (tui.describe.pieces_short): 2g1G1B, not 2u1a1B
    controller, text = play(["board farc"])
    state = controller.state
    space = next(s for s in state.spaces_in_play() if state.underground(s.id, Faction.FARC))
    row = next(line for line in text.splitlines() if line.startswith(space.full_name + " "))
    hidden = state.underground(space.id, Faction.FARC)
    assert f"{hidden}g" in row.split() or any(c.startswith(f"{hidden}g") for c in row.split())
    assert f"{hidden}u" not in row


def test_plain_w_is_why_as_in_the_app():
    # issue 12: a player coming from the app types its key 'w' for the last bot's reasons
    _, why = play(["pass", "y", "why"])
    _, w = play(["pass", "y", "w"])
    assert "is not one of the options" not in w.split("> w\n", 1)[1]
    assert why.split("> why\n", 1)[1] == w.split("> w\n", 1)[1]
