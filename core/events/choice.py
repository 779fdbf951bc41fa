"""Choices: how an Event (or any rule that leaves a choice open) asks who decides.

An Event's text often leaves choices to a Faction: *which* spaces, *which* pieces,
*which* Faction. Event code asks them through a :class:`Chooser` with a :class:`Choice`
request; behind the chooser stands a person (the TUI), a Non-player (rules 8.4), a
random player, or a script (tests and replays).

Every answer is recorded, and :class:`core.game.sequence.PlayEvent` carries the recorded
answers in its ``choices`` field, so the game log replays an Event exactly, whoever made
the choices.

>>> from core.events.choice import Choice, FirstChooser
>>> FirstChooser().choose(None, Choice("spaces", (4, 7, 9), 0, 2, "Place Police where?"))
[4, 7]
"""

from __future__ import annotations

import random
from typing import Any

from core.errors import IllegalAction
from core.events.asking import (
    Answer,
    Choice,
    Chooser,
    ask_one,
    ask_space,
    ask_spaces_in_turn,
    best,
    best_n,
    choose_one,
    choose_spaces,
    chooser_decider,
    distribute,
    fits,
)

#: The request and the asking helpers live in :mod:`core.events.asking` (compiled with
#: the engine); this module is where every caller finds them, beside the choosers.
__all__ = ["Answer", "Choice", "Chooser", "FirstChooser", "RandomChooser",
           "RecordingChooser", "ScriptedChooser", "ask_one", "ask_space",
           "ask_spaces_in_turn", "best", "best_n", "choose_one", "choose_spaces",
           "chooser_decider", "distribute", "fits"]


class FirstChooser:
    """Takes the first ``max`` options: deterministic, 'do as much as possible'."""

    def choose(self, state: Any, choice: Choice) -> Answer:
        if choice.repeat:
            return [choice.options[0]] * choice.max if choice.options else []
        return list(choice.options[: choice.max])


class RandomChooser:
    """Random legal answers from a seeded ``random.Random`` (the random player's mind)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, state: Any, choice: Choice) -> Answer:
        hi = choice.max if choice.repeat else min(choice.max, len(choice.options))
        if hi < choice.min or not choice.options:
            return []
        n = self.rng.randint(choice.min, hi)
        if choice.repeat:
            return [self.rng.choice(choice.options) for _ in range(n)]
        return self.rng.sample(list(choice.options), n)


class ScriptedChooser:
    """Answers given in advance, in order (tests, replays, a UI that gathered them)."""

    def __init__(self, answers: Any) -> None:
        self.answers = [list(a) for a in answers]
        self.position = 0

    def choose(self, state: Any, choice: Choice) -> Answer:
        if self.position >= len(self.answers):
            raise IllegalAction("5.1", f"no answer given for: {choice.why}")
        answer = self.answers[self.position]
        self.position += 1
        choice.check(answer)
        return answer


class RecordingChooser:
    """Wraps a chooser, checks each answer, and records it for the log.

    Dice the chooser rolls to decide (a Non-player's 8.2 chart) are part of the decision,
    not of the Event: they are taken out of the state's roll log into ``decision_rolls``,
    so the command's own rolls, which a replay feeds back, hold only the Event's dice
    (the recorded answer already holds what the chart decided)."""

    def __init__(self, inner: Chooser) -> None:
        self.inner = inner
        self.recorded: list[tuple[Any, ...]] = []
        self.decision_rolls: list[tuple[str, int]] = []

    def choose(self, state: Any, choice: Choice) -> Answer:
        rolls = getattr(state, "roll_log", None)
        mark = len(rolls) if rolls is not None else 0
        answer = list(self.inner.choose(state, choice))
        if rolls is not None and len(rolls) > mark:
            self.decision_rolls += rolls[mark:]
            del rolls[mark:]
        choice.check(answer)
        self.recorded.append(tuple(answer))
        return answer
