"""A hint for the person playing the Government: what the search would do now, and why.

The user interface calls :func:`suggest` whenever the Government is to decide. On an
Event card it runs the search Government (:func:`nonplayer.government.search.search`): the
hint is its best command, with a short explanation in plain English (what the command
does, how it changes the position, how much better it scored than the runner-up and
than passing) and the search's trace. In a Propaganda Round the search defers to the
heuristic Government's rules for Civic Action, Redeploy, the FARC Zone and 7th Special
Forces, and the hint says so.

>>> from runners.solitaire import new_solitaire
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
from core.game import Game, sequence
from core.game.sequence import OperationAction, Pass, PlayEvent
from core.map import MAP, space_name
from core.pieces import ACTIVE_OF, BASE_OF, INSURGENTS, Faction, Piece
from core.rules import propaganda
from core.rules.coin_ops import Assault, Patrol, Sweep, Train
from core.rules.govt_special import AirLift, AirStrike, Eradicate
from core.state import SUPPORT_LABELS, GameState
from core.words import counted, joined, listed

GOVT = Faction.GOVT


@dataclass
class Hint:
    """The suggested ``command``, a short ``explanation`` in the player's language (what
    to do on the board, what it changes there, what the Insurgents would likely do
    next) and, for the "expert" view only, the search's numbers (``expert``: how it
    scores against the other options) and its ``trace_lines``. ``chooser`` answers the
    choices of a suggested Event (None otherwise); ``kind`` is event / operation /
    limited_operation / pass / propaganda; ``gain`` how much the evaluation rises (None
    in a Propaganda Round)."""

    command: Command
    explanation: str
    trace_lines: list[str]
    chooser: Any = None
    kind: str = ""
    gain: float | None = None
    details: list[str] = field(default_factory=list)  # the engine's account of the command
    expert: list[str] = field(default_factory=list)  # the search's numbers, in sentences

    def lines(self, expert: bool = False) -> list[str]:
        """What a screen shows: the explanation; with ``expert`` also the search's
        scores and trace (position values, CP-SAT solves, the options it weighed)."""
        out = [self.explanation]
        if expert:
            out += [f"  {line}" for line in [*self.expert, *self.trace_lines]]
        return out


def suggest(game: Game, time_limit: float = 2.0, seed: int = 0,
            wall_limit: float | None = None) -> Hint:
    """The search Government's best action for the decision the game awaits.

    ``time_limit`` is the search's planned work; ``wall_limit`` its wall-clock safety net
    (:func:`nonplayer.government.search.search`; default ``time_limit``: a larger one makes
    the hint independent of the machine's load). Raises ValueError when the Government is
    not the Faction to decide.
    """
    from nonplayer.government import search as govt_search

    state = game.state
    if sequence.to_move(state) is not GOVT:
        raise ValueError("no hint: the Government is not the Faction to decide")
    if state.phase == "propaganda":
        decision = govt_search.search_decide(game, time_limit=time_limit, seed=seed,
                                              wall_limit=wall_limit)
        lines = decision.lines()
        phase = state.step.get("phase", "Propaganda")
        reason = _last_reason(lines)
        text = f"{phase}: {describe(decision.command, state)}."
        if reason:
            text += f" Why: {reason}."
        return Hint(decision.command, text, lines, decision.chooser, "propaganda")
    result = govt_search.search(game, time_limit=time_limit, seed=seed,
                                wall_limit=wall_limit)
    trace = govt_search.result_trace(result)
    best = result.best
    gain = None if best.score is None else best.score - result.baseline
    return Hint(best.command, explain(result, state, seed), trace.lines(), best.chooser,
                best.kind, gain, list(best.effects), expert_notes(result))


# ======================================================================================
# the explanation
# ======================================================================================
def explain(result: Any, state: GameState, seed: int = 0) -> str:
    """What the best candidate of a search does, in the player's language: the command,
    what it changes on the board and the tracks, the next best option and the
    Insurgents' likely reply. The search's numbers are in :func:`expert_notes`."""
    from nonplayer.government.search import ranked

    best = result.best
    what = describe(best.command, state)
    what = what[0].upper() + what[1:]
    effects = board_effects(state, best, seed)
    parts = [f"{what}: {', '.join(effects)}." if effects else f"{what}."]
    if best.kind == "pass":
        parts.append("Nothing open now beats the 3 Resources and the Eligibility a Pass "
                     "keeps (2.3.3).")
    else:
        runner = next((c for c in ranked(result) if c is not best), None)
        if runner is not None and runner.score is not None:
            parts.append(f"Next best: {describe(runner.command, state)}.")
    if best.replies:
        parts.append("Then, likely: " + "; ".join(best.replies) + ".")
    return " ".join(parts)


def expert_notes(result: Any) -> list[str]:
    """The search's numbers behind a hint (the "expert" view): how the position value
    moves, by how much the best option beats the next one and a Pass."""
    from nonplayer.government.search import changes, ranked

    best = result.best
    out = []
    moved = changes(best.terms, result.baseline_terms, n=3)
    if moved:
        out.append("It changes the position by " + ", ".join(
            f"{name} {delta:+.1f}" for name, delta in moved) + ".")
    order = ranked(result)
    runner = next((c for c in order if c is not best), None)
    passed = next((c for c in order if c.kind == "pass"), None)
    if runner is not None and runner.score is not None and best.score is not None:
        lead = best.score - runner.score
        if lead >= 0.05:
            out.append(f"It scores {lead:.1f} better than the next best option "
                       f"({runner.label}).")
        else:
            out.append(f"{runner.label} scores the same.")
    if best.kind != "pass" and passed is not None and passed.score is not None \
            and best.score is not None and passed is not runner:
        out.append(f"Passing would score {best.score - passed.score:.1f} less.")
    return out


def board_effects(state: GameState, cand: Any, seed: int = 0) -> list[str]:
    """What a candidate changes, as a player says it: 'Cali Neutral -> Active Support',
    'removes 2 Cartels Bases', 'Activates 3 FARC Guerrillas', 'Aid +4', 'Government
    victory margin -4 -> +2'. The command is run on a copy, stopped right after the
    turn (the card's end left out); [] if it cannot be replayed here."""
    from core.errors import AndeanError
    from core.game import execute
    from nonplayer.government import LookaheadDice

    after = state.clone()
    chooser = cand.chooser_factory() if cand.chooser_factory is not None else None
    if chooser is None and isinstance(cand.command, PlayEvent):
        return []
    try:
        execute(after, cand.command, LookaheadDice(seed), chooser, stop_after_turn=True)
    except (AndeanError, ValueError, KeyError):
        return []
    return effects_between(state, after)


def effects_between(before: GameState, after: GameState) -> list[str]:
    """The Support shifts, Insurgent pieces removed or Activated, Aid and the
    Government's Resources and victory margin between two positions, in words."""
    out = []
    for s in MAP:
        old, new = before.support[s.id], after.support[s.id]
        if old != new:
            out.append(f"{space_name(s.id)} {SUPPORT_LABELS[old]} -> {SUPPORT_LABELS[new]}")
    for f in INSURGENTS:
        gone_g = sum(before.guerrillas(s.id, f) for s in MAP) \
            - sum(after.guerrillas(s.id, f) for s in MAP)
        gone_b = sum(before.bases(s.id, f) for s in MAP) - sum(after.bases(s.id, f) for s in MAP)
        flipped = sum(max(0, after.active(s.id, f) - before.active(s.id, f)) for s in MAP
                      if after.guerrillas(s.id, f) <= before.guerrillas(s.id, f))
        if gone_g > 0:
            out.append(f"removes {_count(gone_g, f'{f.label} Guerrilla')}")
        if gone_b > 0:
            out.append(f"removes {_count(gone_b, f'{f.label} Base')}")
        if flipped > 0:
            out.append(f"Activates {_count(flipped, f'{f.label} Guerrilla')}")
    if before.aid != after.aid:
        out.append(f"Aid {after.aid - before.aid:+d}")
    spent = before.resources[GOVT] - after.resources[GOVT]
    if spent > 0:
        out.append(f"costs {spent} Resources")
    elif spent < 0:
        out.append(f"Government Resources {-spent:+d}")
    old_m, new_m = before.victory_margins()[GOVT], after.victory_margins()[GOVT]
    if old_m != new_m:
        out.append(f"Government victory margin {old_m:+d} -> {new_m:+d}")
    return out


def _last_reason(lines: list[str]) -> str:
    for line in reversed(lines):
        text = line.split(": ", 1)[-1].strip()
        if text and "delegated" not in text and "heuristic Government's rule" not in text:
            return text
    return ""


def _names(spaces: Any) -> str:
    return joined(space_name(s) for s in dict.fromkeys(spaces))


def _cubes(troops: int, police: int) -> str:
    return listed((troops, "Troops"), (police, "Police"))


def _count(n: int, what: str) -> str:
    return counted(n, what)


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
        word = CARDS[card].side_word(cmd.side) if card is not None else cmd.side
        return f"play the {word + ' ' if word else ''}Event{title}"
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
        placed = [f"{_cubes(t, p)} in {space_name(s)}" for s, t, p in op.place if t or p]
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
            text += f" (moving in {counted(moved, 'Troops')})"
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
        return (f"Air Lift {counted(sa.troops, 'Troops')} from {space_name(sa.src)} "
                f"to {space_name(sa.dst)}")
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
