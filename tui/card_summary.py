"""What just happened, card by card (issue 24 item 2): each turn of the history in one
line a person reads without unfolding it, who sat a card out and why, and the spaces
the Non-players changed since the person's last decision (marked on the board).

* :func:`turn_line`: 'FARC (Non-player): Rally in Chocó-Córdoba, Meta West; Extort in
  Meta East', 'Cartels (Non-player): Event #56 Drogas La Rebaja (shaded): Neiva: Cartels
  Bases 0 -> 1; Pasto: ...', 'Cartels (Non-player): Pass: 0 Resources: Pass instead of
  an Operation (+1 Resource) (8.1)';
* :func:`card_notes`: the Factions of a card that did not act, each with why
  (Ineligible after the card before, 2.3.1, 2.3.7; Eligible but not reached, 2.3.2);
* :func:`marked_spaces`: the spaces changed since the person's latest decision.

All of it is read from the turns' accounts (:class:`tui.turn_log.Turn`): the log, not
the screen, is the source.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.cards import CARDS
from core.commands import from_json
from core.game import sequence
from core.map import MAP
from core.pieces import Faction
from nonplayer.trace import operation_text
from tui import describe
from tui.turn_log import SHORT, CardGroup, Turn

#: a space's name as the board's differences write it (:func:`tui.describe.changes`)
_SPACE_OF = {s.full_name: s.id for s in MAP} | {s.name: s.id for s in MAP}
#: track and card lines of a turn's changes a one-line summary leaves out (they are
#: the card's end, said by the history's headings and the side panel)
_NOT_SUMMED = (" Eligible", " Ineligible")


def _changed_space(line: str) -> int | None:
    head = line.split(": ", 1)[0]
    return _SPACE_OF.get(head) if ": " in line else None


def _event_effects(changes: list[str], limit: int = 3) -> str:
    """What an Event changed, in brief: each space's change while few, else the
    spaces' names; the tracks it moved after."""
    spaces = [c for c in changes if _changed_space(c) is not None]
    tracks = [c for c in changes if _changed_space(c) is None
              and not c.endswith(_NOT_SUMMED) and not c.startswith("Card ")]
    parts = spaces if len(spaces) <= 2 else \
        ["changed " + ", ".join(c.split(": ", 1)[0] for c in spaces)]
    parts += tracks
    if not parts:
        return "no change on the board"
    more = len(parts) - limit
    return "; ".join(parts[:limit]) + (f"; and {more} more" if more > 0 else "")


def turn_line(turn: Turn) -> str:
    """One line for a turn of the history (see the module docstring): the Operation and
    Special Activity with their spaces, the Event with what it changed, a Pass with its
    reason (a Non-player's) or its gain; any other turn as its heading."""
    report = turn.report
    heading = report.heading()
    if turn.step.kind != "command" or turn.step.phase != "card":
        return heading
    try:
        cmd = from_json(turn.step.logged["command"])
    except (KeyError, ValueError):
        return heading
    who = heading.split(": ", 1)[0]
    if getattr(cmd, "op", None) is not None:
        return f"{who}: {operation_text(cmd)}"
    # what the command did itself: a Round it set off (6.3's Resources) is the Round's
    changes = report.card_changes if report.card_changes is not None else report.changes
    if isinstance(cmd, sequence.PlayEvent):
        return f"{who}: {report.title}: {_event_effects(changes)}"
    if isinstance(cmd, sequence.Pass):
        faction = turn.step.faction
        why = describe.reason(faction.label, report.reasons) \
            if report.nonplayer and faction is not None else ""
        told = [line.split("Pass: ", 1)[1] for line in report.account
                if "Pass: " in line]  # 'Government Pass: +3 Resources (2.3.3)'
        gain = told[0] if told else "; ".join(c for c in changes if "Resources" in c)
        return f"{who}: Pass: {why or gain or '(2.3.3)'}"
    return heading


def _acted(group: CardGroup) -> dict[Faction, Turn]:
    """The Factions that decided on ``group``'s card (Pass included), and their turn."""
    return {t.step.faction: t for t in group.turns
            if t.step.faction is not None and t.step.kind in ("command", "record")}


def card_notes(group: CardGroup, previous: CardGroup | None, finished: bool) -> list[str]:
    """The Factions of an Event card that did not decide on it, each with why: 'AUC:
    Ineligible: executed an Operation on #50 Carabineros (2.3.7)', 'FARC: Eligible but
    not reached: two Factions acted first (2.3.2)' (only once the card is ``finished``).
    A Propaganda Round has none."""
    if group.card is None or group.phase != "card" or CARDS[group.card].propaganda:
        return []
    acted = _acted(group)
    before = _acted(previous) if previous is not None and previous.phase == "card" else {}
    last = describe.card_title(previous.card) if previous is not None else ""
    out = []
    for f in CARDS[group.card].faction_order:
        if f in acted:
            continue
        name = SHORT[f]
        if f in group.ineligible:
            turn = before.get(f)
            if turn is None:
                why = f"made Ineligible on {last}" if last else "Ineligible at the start"
            else:
                cmd = from_json(turn.step.logged["command"])
                what = "the Event" if isinstance(cmd, sequence.PlayEvent) else "an Operation"
                why = f"executed {what} on {last}"
            out.append(f"{name}: Ineligible: {why} (2.3.7)")
        elif finished:
            out.append(f"{name}: Eligible, not reached: two Factions acted first (2.3.2)")
    return out


def marked_spaces(turns: Sequence[Turn]) -> set[int]:
    """The spaces the turns after the person's latest decision changed (all of them if
    no person decided yet): what the board marks until the person acts."""
    last = max((i for i, t in enumerate(turns) if t.step.person), default=-1)
    out: set[int] = set()
    for turn in turns[last + 1:]:
        for line in turn.report.changes:
            space = _changed_space(line)
            if space is not None:
                out.add(space)
    return out


__all__ = ["card_notes", "marked_spaces", "turn_line"]
