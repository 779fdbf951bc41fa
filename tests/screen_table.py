"""The table of :mod:`tests.table_driver`, at the screen of `andean assist` on the
Textual Pilot: it looks at the screen on top and answers it as the line-mode table
answers its prompts (the same :class:`~tests.table_driver.TablePlan`), pressing keys and
waiting for the app to settle after each, never for a time. It returns the text of
every dialog it read, for the test's checks."""

from __future__ import annotations

from typing import Any

from textual.widgets import Input, Static

from tests.pilot import press, type_in
from tests.table_driver import TablePlan
from tui.screens.assist import (
    AssistFormScreen,
    CardScreen,
    EditorScreen,
    TableCheckScreen,
    TurnScreen,
)
from tui.screens.dialogs import ConfirmScreen, TextScreen, YesNoScreen


def screen_text(screen: Any) -> str:
    return "\n".join(str(w.render()) for w in screen.query(Static))


def form_answer(screen: AssistFormScreen) -> str:
    """The Government's answer to a form question: Pass on an Event card, a Propaganda
    decision carried out on the table, an Event's choices the first ones offered."""
    q = screen.decision.form.question
    assert q is not None
    labels = [o.label for o in q.options]
    if any(label.startswith("Pass") for label in labels):
        return "pass"
    if any(label.startswith("Done on the table") for label in labels):
        return "done on the table"
    if q.kind == "many":
        return ",".join(str(i) for i in range(1, max(q.lo, 1) + 1))
    if q.kind == "yes/no":
        return "y"
    if q.kind == "number":
        return str(q.lo)
    return "1"


async def play_out(app: Any, size: tuple[int, int], plan: TablePlan,
                   steps: int = 3000) -> str:
    """Play ``app`` (a new assist game) until the game is over; the dialogs' text."""
    seen: list[str] = []
    reset_seen = False
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for _ in range(steps):
            screen = app.screen
            if app.controller.is_over() and not isinstance(screen, TurnScreen):
                break
            if plan.undo_after_reset and reset_seen and not plan.undone \
                    and not isinstance(screen, TurnScreen):
                plan.undone = True  # right after the steps with the 6.6 Reset
                if isinstance(screen, CardScreen):
                    await press(pilot, "escape")
                await press(pilot, "u")
                if isinstance(app.screen, (YesNoScreen, ConfirmScreen)):
                    await press(pilot, "y")
                continue
            if isinstance(screen, CardScreen):
                card = plan.cards.pop(0) if plan.cards else "draw"
                await type_in(pilot, "#card", card)
            elif isinstance(screen, TurnScreen):
                text = screen_text(screen)
                seen.append(text)
                reset_seen = reset_seen or "6.6 Reset" in text
                await press(pilot, "enter")  # a page down while steps are hidden
            elif isinstance(screen, TableCheckScreen):
                text = screen_text(screen)
                seen.append(text)
                await press(pilot, "y")
            elif isinstance(screen, EditorScreen):
                await press(pilot, "escape")  # the board already matches the table
            elif isinstance(screen, AssistFormScreen):
                box = screen.query_one("#answer", Input)
                answer = form_answer(screen)
                if answer in ("y", "n"):
                    box.value = answer  # a yes/no takes the letter alone
                    await pilot.pause()
                else:
                    await type_in(pilot, "#answer", answer)
            elif isinstance(screen, (YesNoScreen, ConfirmScreen)):
                seen.append(screen_text(screen))
                await press(pilot, "y")
            elif isinstance(screen, TextScreen):
                seen.append(screen_text(screen))
                await press(pilot, "escape")
            else:  # the main screen: go on
                await press(pilot, "a")
        else:
            raise AssertionError(f"not over after {steps} steps: {type(app.screen)}")
    return "\n".join(seen)
