"""Writing to a place that takes no files says the real cause at once (issue 43 item 5,
newcomer trial): `andean new --out /proc/x.json` and an in-game `save /proc/x.json`
said "cannot lock it (its lock file ... keeps changing)", and `andean demo --report
/proc/x.html` played the whole game before failing. /proc passes os.access for root,
so the check makes (and removes) a file there."""

from __future__ import annotations

import io
import os

import pytest

from runners.solitaire import new_solitaire
from tests.test_tui_plain import Terminal
from tui.commands.main import main
from tui.controller import Controller
from tui.plain.ui import PlainUI
from tui.session import Session

pytestmark = pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="needs Linux /proc")

CAUSE = "directory /proc takes no new files"


def test_new_out_to_proc_names_the_real_cause(capsys):  # issue 43 item 5: one clear line
    assert main(["new", "--out", "/proc/x.json"]) == 2
    err = capsys.readouterr().err
    assert CAUSE in err and "keeps changing" not in err and len(err.splitlines()) == 1


def test_save_to_proc_in_game_names_the_real_cause(tmp_path):  # issue 43 item 5
    controller = Controller(Session(new_solitaire("standard", seed=3), tmp_path / "g.json"))
    out = io.StringIO()
    PlainUI(controller, Terminal(out, ["save /proc/x.json", "quit"]), out).run()
    text = out.getvalue()
    assert CAUSE in text and "keeps changing" not in text
    assert (tmp_path / "g.json").exists()  # nothing lost: the game's own save is kept


def test_demo_report_to_proc_refused_before_the_game(capsys, monkeypatch):
    # issue 43 item 5: checked up front like a missing folder, not after ~60 s of play
    import tui.commands.bots as bots

    def played(*_a: object, **_k: object) -> None:
        raise AssertionError("the game was started before the --report path was checked")

    monkeypatch.setattr(bots, "agent_setup", played)
    assert main(["demo", "--seed", "1", "--report", "/proc/x.html"]) == 2
    err = capsys.readouterr().err
    assert f"--report /proc/x.html: {CAUSE}" in err
