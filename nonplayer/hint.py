"""A hint for the person playing the Government: what the search would do now, and why.

The user interface calls :func:`suggest` whenever the Government is to decide. On an
Event card it runs the search Government (:func:`nonplayer.govt_search.search`): the
hint is its best command, with a short explanation in plain English (what the command
does, how it changes the position, how much better it scored than the runner-up and
than passing) and the search's trace. In a Propaganda Round the search defers to the
heuristic Government's rules for Civic Action, Redeploy, the FARC Zone and 7th Special
Forces, and the hint says so.

>>> from nonplayer.solitaire import new_solitaire
>>> from nonplayer.turn import run_nonplayers
>>> game = new_solitaire("standard", seed=5); _ = run_nonplayers(game)
>>> hint = suggest(game, time_limit=0.3)
>>> hint.kind in {"operation", "event", "pass"}, hint.explanation.endswith(".")
(True, True)

A hint never changes the game: the command is applied only if the person chooses to
(``game.apply(hint.command, chooser=hint.chooser)``; ``chooser`` answers an Event's
choices the way the search did).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from core.cards import CARDS
from core.commands import Command
from core.game import Game
from core.map import space_name
from core.pieces import ACTIVE_OF, BASE_OF, INSURGENTS, Faction, Piece
from core.rules import propaganda, sequence
from core.rules.coin_ops import Assault, Patrol, Sweep, Train
from core.rules.govt_special import AirLift, AirStrike, Eradicate
from core.rules.sequence import OperationAction, Pass, PlayEvent
from core.state import GameState

GOVT = Faction.GOVT


@dataclass
class Hint:
    """The suggested ``command``, a short ``explanation`` (plain English: what and why)
    and the search's ``trace_lines``. ``chooser`` answers the choices of a suggested
    Event (None otherwise); ``kind`` is event / operation / limited_operation / pass /
    propaganda; ``gain`` how much the evaluation rises (None in a Propaganda Round)."""

    command: Command
    explanation: str
    trace_lines: list[str]
    chooser: Any = None
    kind: str = ""
    gain: float | None = None
    details: list[str] = field(default_factory=list)  # the engine's account of the command


def suggest(game: Game, time_limit: float = 2.0, seed: int = 0) -> Hint:
    """The search Government's best action for the decision the game awaits.

    Raises ValueError when the Government is not the Faction to decide.
    """
    from nonplayer import govt_search

    state = game.state
    if sequence.to_move(state) is not GOVT:
        raise ValueError("no hint: the Government is not the Faction to decide")
    if state.phase == "propaganda":
        decision = govt_search.search_decide(game, time_limit=time_limit, seed=seed)
        lines = decision.lines()
        phase = state.step.get("phase", "Propaganda")
        reason = _last_reason(lines)
        text = f"{phase}: {describe(decision.command, state)}."
        if reason:
            text += f" Why: {reason}."
        return Hint(decision.command, text, lines, decision.chooser, "propaganda")
    result = govt_search.search(game, time_limit=time_limit, seed=seed)
    trace = govt_search.result_trace(result)
    best = result.best
    gain = None if best.score is None else best.score - result.baseline
    return Hint(best.command, explain(result, state), trace.lines(), best.chooser, best.kind,
                gain, list(best.effects))


# ======================================================================================
# the explanation
# ======================================================================================
def explain(result: Any, state: GameState) -> str:
    """What the best candidate of a search does and why it was preferred."""
    from nonplayer.govt_search import changes, ranked

    best = result.best
    what = describe(best.command, state)
    what = what[0].upper() + what[1:]
    parts = [f"{what}."]
    moved = changes(best.terms, result.baseline_terms, n=3)
    if moved:
        parts.append("It changes the position by " + ", ".join(
            f"{name} {delta:+.1f}" for name, delta in moved) + ".")
    order = ranked(result)
    runner = next((c for c in order if c is not best), None)
    passed = next((c for c in order if c.kind == "pass"), None)
    if runner is not None and runner.score is not None and best.score is not None:
        lead = best.score - runner.score
        if lead >= 0.05:
            parts.append(f"It scores {lead:.1f} better than the next best option "
                         f"({runner.label}).")
        else:
            parts.append(f"{runner.label} scores the same.")
    if best.kind != "pass" and passed is not None and passed.score is not None \
            and best.score is not None and passed is not runner:
        parts.append(f"Passing would score {best.score - passed.score:.1f} less.")
    if best.kind == "pass":
        parts.append("Nothing open now beats the 3 Resources and the Eligibility a Pass "
                     "keeps (2.3.3).")
    if best.replies:
        parts.append("Expected reply: " + "; ".join(best.replies) + ".")
    return " ".join(parts)


def _last_reason(lines: list[str]) -> str:
    for line in reversed(lines):
        text = line.split(": ", 1)[-1].strip()
        if text and "delegated" not in text and "heuristic Government's rule" not in text:
            return text
    return ""


def _names(spaces: Any) -> str:
    names = [space_name(s) for s in dict.fromkeys(spaces)]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _count(n: int, what: str) -> str:
    return f"{n} {what}{'' if n == 1 else 's'}"


def _removed(order: tuple[int, ...]) -> str:
    counts: dict[int, int] = {}
    for kind in order:
        counts[int(kind)] = counts.get(int(kind), 0) + 1
    out = []
    for f in INSURGENTS:
        if counts.get(ACTIVE_OF[f]):
            out.append(_count(counts[ACTIVE_OF[f]], f"{f.label} Guerrilla"))
        if counts.get(BASE_OF[f]):
            out.append(_count(counts[BASE_OF[f]], f"{f.label} Base"))
    return ", ".join(out)


def describe(cmd: Command, state: GameState | None = None) -> str:
    """One plain-English sentence for a Government command (lower case start)."""
    if isinstance(cmd, Pass):
        return "pass (+3 Resources, stay Eligible)"
    if isinstance(cmd, PlayEvent):
        card = state.current_card if state is not None else None
        title = f" of #{card} {CARDS[card].title}" if card is not None else ""
        return f"play the {cmd.side} Event{title}"
    if isinstance(cmd, OperationAction):
        text = _describe_op(cmd.op)
        if cmd.special is not None:
            sa = _describe_special(cmd.special)
            text += f", {'first ' if cmd.special_first else 'then '}{sa}"
        return text
    if isinstance(cmd, propaganda.CivicAction):
        if not cmd.actions:
            return "spend nothing on Civic Action"
        return "Civic Action in " + ", ".join(
            f"{space_name(s)} ({_count(n, 'step')})" for s, n in cmd.actions)
    if isinstance(cmd, propaganda.Redeploy):
        moved = sum(n for _, _, _, n in cmd.moves)
        return f"Redeploy {_count(moved, 'cube')}" if moved else "Redeploy nothing"
    if isinstance(cmd, propaganda.PlaceFarcZone):
        return f"place the FARC Zone in {space_name(cmd.space)}"
    return str(cmd.name)


def _describe_op(op: Any) -> str:
    if isinstance(op, Train):
        text = f"Train in {_names(op.selected)}"
        placed = [f"{t} Troops and {p} Police in {space_name(s)}" for s, t, p in op.place]
        if placed:
            text += " (place " + "; ".join(placed) + ")"
        if op.base is not None:
            text += f", building a Government Base in {space_name(op.base)}"
        if op.civic is not None:
            text += f", with Civic Action in {space_name(op.civic)} " \
                    f"({_count(op.civic_steps, 'step')})"
        return text
    if isinstance(op, Sweep):
        moved = sum(n for _, n, _ in op.moves)
        text = f"Sweep in {_names(op.selected)}"
        if moved:
            text += f" (moving in {moved} Troops)"
        activated = sum(n for _, _, n in op.activate)
        if activated:
            text += f", Activating {_count(activated, 'Guerrilla')}"
        return text
    if isinstance(op, Assault):
        parts = []
        for space in op.selected:
            order = dict(op.removals).get(space)
            gone = _removed(order) if order else ""
            parts.append(f"{space_name(space)}{' (' + gone + ')' if gone else ''}")
        return "Assault in " + "; ".join(parts)
    if isinstance(op, Patrol):
        moved = sum(n for _, n, _ in op.moves)
        ends = [path[-1] for _, _, path in op.moves]
        text = "Patrol"
        if moved:
            text += f", moving {_count(moved, 'cube')} to {_names(ends)}"
        activated = sum(n for _, _, n in op.activate)
        if activated:
            text += f", Activating {_count(activated, 'Guerrilla')} on LoCs"
        if op.assault:
            text += f", Assault on {_names(op.assault)}"
        return text
    return str(op.name)


def _describe_special(sa: Any) -> str:
    if isinstance(sa, AirLift):
        return f"Air Lift {sa.troops} Troops from {space_name(sa.src)} to {space_name(sa.dst)}"
    if isinstance(sa, AirStrike):
        label = Piece(sa.target).label
        article = "an" if label[0] in "AEIOU" else "a"
        return f"Air Strike on {article} {label} in {space_name(sa.space)}"
    if isinstance(sa, Eradicate):
        text = f"Eradicate in {space_name(sa.space)}"
        if sa.shift is not None:
            text += f" (shifting {space_name(sa.shift)} toward Opposition)"
        return text
    return str(sa.name)


__all__ = ["Hint", "describe", "explain", "suggest"]
