"""A table that answers the tabletop assistant by itself, for whole assist games as tests
(issue 31 item 7): it reads each prompt of the line mode (`andean assist --plain`) and
answers as a careful group at the table would, with no timing anywhere:

* cards: the ones it was told to name, in order (two Propaganda cards in a row among
  them), then `draw` (the program turns its own: the table asked it to);
* the Government player Passes on every Event card, and carries every Propaganda
  decision out on the table (recorded: the board editor, `done`, then the table check);
* once, right after the first decision whose instructions held a 6.6 Reset, `undo`
  (and yes to any confirmation), then the same decision again;
* every table check: yes.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field


@dataclass
class TablePlan:
    """What the table names and does."""

    cards: list[str]
    undo_after_reset: bool = True
    #: the table's answers so far (prompt, answer), for the test's messages
    said: list[tuple[str, str]] = field(default_factory=list)
    undone: bool = False
    limit: int = 4000


class AutoTable(io.TextIOBase):
    """Standard input for the line mode, answering from what it last printed."""

    def __init__(self, out: io.StringIO, plan: TablePlan) -> None:
        self.out = out
        self.plan = plan
        self.seen = 0  # how much of the output the table has read
        self.reset_seen = False

    def readline(self, size: int = -1) -> str:  # type: ignore[override]
        text = self.out.getvalue()
        new, self.seen = text[self.seen:], len(text)
        if "6.6 Reset" in new:
            self.reset_seen = True
        prompt = text.rsplit("\n", 1)[-1] or text.rstrip("\n").rsplit("\n", 1)[-1]
        recent = text[-600:]
        if len(self.plan.said) >= self.plan.limit:
            return ""  # the end of input: the game is saved and the program stops
        answer = self.answer(prompt, recent)
        self.plan.said.append((prompt, answer))
        return answer + "\n"

    def answer(self, prompt: str, recent: str) -> str:
        plan = self.plan
        if "the game is over" in recent.split("\n")[-2] or "Game over" in recent:
            return "quit"
        if plan.undo_after_reset and self.reset_seen and not plan.undone:
            plan.undone = True  # at the prompt right after the steps with the Reset
            return "undo"
        if "which card is" in prompt:
            return plan.cards.pop(0) if plan.cards else "draw"
        if "(yes/no" in recent.rsplit("\n", 2)[-2] + prompt or "(yes/no" in prompt:
            return "yes"
        if "board editor" in prompt:
            return "done"
        # a refused answer: the '!' line, then the question again whole (its options),
        # so looked for among the lines since the last answer given at a '>' prompt
        lines = self.out.getvalue()[-8000:].split("\n")
        last = max((i for i, x in enumerate(lines[:-1]) if x.startswith(">")), default=-1)
        chosen = next((m for line in lines[last + 1:]
                       if (m := re.match(r"! choose (\d+)", line))), None)
        if chosen:  # an Event asks for several: the first ones offered
            return ",".join(str(i) for i in range(1, int(chosen.group(1)) + 1))
        if prompt.startswith(">") or prompt.endswith("> "):
            menu = recent
            if "what do you do?" in menu.rsplit("Government", 1)[-1]:
                return "pass"
            if "Done on the table" in menu:
                return "done on the table"
            if "done" in menu.rsplit("\n", 4)[-4:][0] or " 1. done" in menu:
                return "1"
            return "1"
        return "yes"
