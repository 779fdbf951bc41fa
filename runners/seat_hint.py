"""Hints for whichever Faction a person holds (issue 26 item 3).

* **Government**: the campaign Government (:mod:`nonplayer.government.campaign`, the
  ``--govt search`` bot) at a budget that answers in a few seconds (``0.5s``): what it
  would do now and what it aims at. Its trace is the expert view.
* **FARC, AUC, Cartels**: what that Faction's section-8 flowchart would do in this seat
  now, with its trace and the dice it rolled. This is the *flowchart's advice*: what the
  rules a Non-player follows choose, not a claim that it is the strongest play. The
  flowchart runs on a copy of the game with the seat made a Non-player's (so it
  plans as section 8 says: a full Operation where a person may have only a Limited
  one, 8.1) and with private dice, never the game's own stream: the advice shows no
  future roll, and asking for it changes nothing.

:func:`advise` answers with a :class:`nonplayer.government.hint.Hint` (``command`` and ``chooser``
can be previewed and applied as the person's own choice when they are legal for them).
"""

from __future__ import annotations

from core.game import Game
from core.game.sequence import OperationAction, Pass, PlayEvent
from core.pieces import Faction
from core.state import GameState
from nonplayer.government import LookaheadDice, lookahead_seed
from nonplayer.government.hint import Hint, describe
from nonplayer.trace import operation_text

GOVT = Faction.GOVT

#: the campaign Government's budget for a hint (answers in a few seconds)
HINT_THINK = "0.5s"


class RecordingDice:
    """Private dice (:class:`LookaheadDice`) that remember what they rolled, for the
    advice's "Dice:" line."""

    def __init__(self, seed: int) -> None:
        self.inner = LookaheadDice(seed)
        self.rolls: list[tuple[str, int]] = []

    def roll(self, state: GameState, purpose: str) -> int:
        value = self.inner.roll(state, purpose)
        self.rolls.append((purpose, value))
        return value


def advise(game: Game, think: str = HINT_THINK, seed: int = 0) -> Hint:
    """The hint for the Faction to move (ValueError when nobody is)."""
    faction = game.to_move()
    if faction is None:
        raise ValueError("no hint: the game is over")
    if faction is GOVT:
        return government_advice(game, think, seed)
    return flowchart_advice(game, seed)


def government_advice(game: Game, think: str = HINT_THINK, seed: int = 0) -> Hint:
    """The campaign Government's choice (``--govt search --think 0.5s``) for the
    Government's decision now, in plain words; its trace for the expert view."""
    from runners.seats import make_bot

    bot = make_bot(f"search:{think}", seed)
    trial = game.clone()
    decision = bot.decide(trial)
    state = game.state
    what = describe(decision.command, state)
    who = f"The campaign search ({think} a decision)" if bot.name == "search" else \
        "The heuristic Government"
    text = f"{who} would {what}."
    aim = next((s.text for s in decision.trace.steps if s.node == "campaign.aim"), "")
    if ": aim: " in aim:
        text += f" Aim: {aim.split(': aim: ', 1)[1]}."
    if bot.note:
        text += f" ({bot.note})"
    notes = decision.notes
    expert = [f"Campaign score {notes['score']:+.1f} after {notes.get('rollouts', 0)} "
              f"rollouts in {notes.get('seconds', 0.0):.2f} s"] if "score" in notes else []
    return Hint(decision.command, text, decision.trace.lines(), decision.chooser,
                decision.kind, expert=expert)


def flowchart_advice(game: Game, seed: int = 0) -> Hint:
    """What the Faction's section-8 flowchart would do in this seat now."""
    from nonplayer.turn import decide, flowchart_stand_in

    faction = game.to_move()
    assert faction is not None and faction is not GOVT
    trial = game.clone()
    flowchart_stand_in(trial.state, [faction])  # the flowchart plays the seat
    dice = RecordingDice(lookahead_seed(game.state, seed))
    decision, cmd, trace, chooser = decide(trial, dice)
    state = game.state
    if decision == "propaganda":
        steps = [s.text for s in trace.steps]
        what = steps[-1] if steps else str(cmd.name)
    elif isinstance(cmd, Pass):
        what = "Pass"
    elif isinstance(cmd, PlayEvent):
        what = describe(cmd, state)
    elif isinstance(cmd, OperationAction):
        what = operation_text(cmd)
    else:
        what = str(cmd.name)
    text = (f"The {faction.label} flowchart's advice (section 8, what a Non-player "
            f"{faction.label} would do here; not a strength claim): {what}.")
    if isinstance(cmd, OperationAction) and state.phase == "card" and \
            "operation" not in _options(state):
        text += (" (A Non-player never makes a Limited Operation, 8.1: as a person you "
                 "may make only a Limited one here.)")
    lines = ["Flowchart: " + " -> ".join(dict.fromkeys(s.node for s in trace.steps)),
             "Dice: " + (", ".join(f"{v} for {p}" for p, v in dice.rolls)
                         or "none rolled") + " (the advice's own dice, not the game's)",
             *trace.lines()]
    return FlowchartHint(cmd, text, lines, chooser, decision)


def _options(state: GameState) -> list[str]:
    from core.game import sequence

    return sequence.options(state)


class FlowchartHint(Hint):
    """An Insurgent's advice: the flowchart's path and dice are always shown, its whole
    trace in the expert view."""

    def lines(self, expert: bool = False) -> list[str]:
        shown = self.trace_lines if expert else self.trace_lines[:2]
        return [self.explanation, *[f"  {line}" for line in shown]]


__all__ = ["HINT_THINK", "FlowchartHint", "advise", "flowchart_advice", "government_advice"]
