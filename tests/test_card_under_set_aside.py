"""The card under a set-aside Propaganda card is face down until the Round really ends
(issue 43, newcomer's trial b finding 2). After a Propaganda Round, a second Propaganda
card in a row is set aside without a Round (6.0) and the card under it comes face up;
the Redeploy's preview, which the player can still back out of, named that card
("16. Reveal the next card: #3 Tapias"), in the line mode and on the full screen. And
the card step now says what happens: the next card, already face up on the deck (2.2),
becomes the card face up ("Reveal the next card" named a card already shown)."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

import pytest

from core.cards import card_title
from core.game.random_play import random_command
from runners.solitaire import new_solitaire
from tests.test_tui_plain import Terminal
from tui import board_changes
from tui.controller import Controller
from tui.plain.ui import PlainUI
from tui.session import Session

#: seed 269: Propaganda #76 lies straight under Propaganda #73 (the 16th and 17th cards)
SEED = 269


def at_the_redeploy(path: Path | None = None) -> Controller:
    """A seed-269 game at the Government's Redeploy of the Round of #73, #76 next: the
    Government's decisions random (the first of a few random sources that reach it
    without a victory, 6.1)."""
    for r in range(60):
        controller = Controller(Session(new_solitaire("standard", seed=SEED), path))
        rng = random.Random(r)
        while not controller.game.is_terminal():
            controller.session.run_nonplayers()
            state = controller.state
            if state.phase == "propaganda" and state.step.get("phase") == "Redeploy":
                assert state.current_card == 73 and state.deck[0] == 76
                return controller
            if controller.game.is_terminal():
                break
            controller.session.apply(random_command(state, rng))
    raise AssertionError("no random Government reached the Round of #73")


class DoneRedeploying(Terminal):
    """Each Redeploy question answered with its first option (or its default) until
    the preview asks "Apply this?"; 'n' there, then 'status' and 'quit'. The question is
    the last line above "> " that is not one of its listed options (a refused answer
    asks again with the options, 5f972a3); a bounded number of answers, so a form that
    never reaches the preview fails the test instead of looping."""

    answers = 0

    def readline(self, size: int = -1) -> str:  # type: ignore[override]
        self.answers += 1
        assert self.answers < 200, "the Redeploy never reached its preview"
        lines = self.out.getvalue().split("\n")[:-1]  # (then "> ")
        prompt = next(line for line in reversed(lines)
                      if line and not re.match(r"\s+\d+\. ", line))
        if "Apply this?" in prompt:
            self.dice_asked.append(prompt)
        if self.dice_asked:
            return super().readline(size)
        return "1\n" if "(number or name)" in prompt else "\n"


def test_the_redeploy_preview_never_names_the_card_under_the_set_aside_one():  # 6.0, 2.2
    controller = at_the_redeploy()
    under = controller.state.deck[1]
    out = io.StringIO()
    PlainUI(controller, DoneRedeploying(out, ["n", "status", "quit"]), out).run()
    text = out.getvalue()
    preview = text.split("Apply this?", 1)[0]
    assert "Set the next card, #76 Propaganda!, aside without a Propaganda Round" in preview
    assert card_title(under) not in text and f"#{under} " not in text
    assert controller.state.step.get("phase") == "Redeploy"  # backed out: nothing applied


def test_the_full_screen_preview_never_names_it_either(tmp_path: Path):  # 6.0, 2.2
    pytest.importorskip("textual")
    from tests.pilot import answer, press, run_async
    from tests.screen_table import screen_text
    from tui.screens.dialogs import ConfirmScreen, FormScreen
    from tui.screens.play import PlayApp

    path = tmp_path / "game.json"
    controller = at_the_redeploy(path)
    controller.save()
    under = controller.state.deck[1]
    app = PlayApp(Controller(Session.load(path)))

    def shown() -> str:
        return "\n".join(screen_text(s) for s in app.screen_stack)

    @run_async
    async def go() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await press(pilot, "a")
            for _ in range(40):  # each question: its first option, or its default
                if not isinstance(app.screen, FormScreen):
                    break
                question = app.screen.decision.form.question
                await answer(pilot, "1" if question is not None and question.options
                             else "")
            assert isinstance(app.screen, ConfirmScreen)
            assert "Set the next card, #76 Propaganda!" in shown()
            assert card_title(under) not in shown()
            await press(pilot, "n")
            assert card_title(under) not in shown()
            assert app.controller.state.step.get("phase") == "Redeploy"

    go()


def test_a_card_ending_says_the_next_card_becomes_the_card_face_up():  # 2.2
    # the next card was face up on the deck already: it is not "revealed", it becomes
    # the card face up, and the card turned face up as the new next card is not named
    game = new_solitaire("standard", seed=23)
    before = game.state
    after = before.clone()
    nxt, new_next = after.deck[0], after.deck[1]
    after.played.append(nxt)
    after.current_card = after.deck.pop(0)
    lines = board_changes.steps(before, after)
    assert lines == [f"Make the next card, {card_title(nxt)}, the card face up; then turn "
                     "the top card of the deck face up as the new next card"]
    assert card_title(new_next) not in lines[0]
