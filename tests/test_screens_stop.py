"""The full-screen apps never spin and always stop (issue 32 item 4): with input from
``/dev/null`` or a pipe ``play`` and ``assist`` spun at 100% CPU for ever (Textual's
reader at the end of input); now they refuse in one line naming ``--plain`` before
anything is written. On the assistant's set-up (before the first card) Ctrl-C and
Ctrl-Q did nothing; now they stop, and nothing is saved (there is no game yet)."""

from __future__ import annotations

import functools
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("textual")

from core.game import Game  # noqa: E402
from tests.pilot import run_async  # noqa: E402
from tui.commands.play import new_assist_game  # noqa: E402
from tui.controller import Controller  # noqa: E402
from tui.screens.assist import AssistApp, CardScreen  # noqa: E402
from tui.session import Session  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
SCREENS = [("play", "--new", "--save", "g.json", "--seed", "3"),
           ("assist", "--save", "g.json", "--seed", "3")]


def _tree(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in root.rglob("*") if p.is_file()}


@pytest.mark.parametrize("stdin", ["devnull", "pipe"])
@pytest.mark.parametrize("argv", SCREENS, ids=lambda a: a[0])
def test_a_screen_with_no_terminal_is_refused_at_once(tmp_path, argv, stdin) -> None:
    env = dict(os.environ, PYTHONPATH=str(REPO))
    env.pop("TEXTUAL_DRIVER", None)
    before = _tree(tmp_path)
    # a generous time-out: the old code never ended (it spun on the end of input)
    done = subprocess.run(  # noqa: S603 - our own command line
        [sys.executable, "-m", "tui.commands.main", *argv], cwd=tmp_path, env=env,
        stdin=subprocess.DEVNULL if stdin == "devnull" else None,
        input=b"" if stdin == "pipe" else None, capture_output=True, timeout=300)
    err = done.stderr.decode(errors="replace")
    assert done.returncode == 2 and len(err.strip().splitlines()) == 1, err[-2000:]
    assert "needs a terminal" in err and "--plain" in err
    assert _tree(tmp_path) == before  # nothing written: no save, no lock left


def _setup_app(path: Path) -> AssistApp:
    factory = functools.partial(new_assist_game, "standard", 5, [1, None, None, None])
    return AssistApp(Controller(Session(Game.new(), path), assist=True), new_game=factory)


@pytest.mark.parametrize(("key", "code"), [("ctrl+c", 130), ("ctrl+q", 0)])
@run_async
async def test_the_assistants_set_up_stops_on_ctrl_c_and_ctrl_q(tmp_path, key, code):
    path = tmp_path / "table.json"
    app = _setup_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, CardScreen)  # the card box has the focus
        await pilot.press(key)
        await pilot.pause()
        assert app.return_code == code  # the app is ending (None: still running)
    assert not path.exists()  # no game yet: the placeholder is never saved


def test_the_command_says_no_game_was_started_after_a_set_up_ctrl_c(tmp_path, monkeypatch,
                                                                   capsys) -> None:
    from tui.commands.main import main
    from tui.screens import assist

    def stopped(self, **_kwargs):  # type: ignore[no-untyped-def]
        self._return_code = 130  # as AssistApp.action_interrupt before the first card

    monkeypatch.setattr(assist.AssistApp, "run", stopped)
    monkeypatch.setattr("tui.commands.play.need_terminal", lambda *_: None)
    code = main(["assist", "--save", str(tmp_path / "t.json")])
    err = capsys.readouterr().err
    assert code == 130 and "no game was started" in err and not (tmp_path / "t.json").exists()
