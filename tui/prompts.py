"""Prompt pieces shared by the line mode (:mod:`tui.plain.ui`) and the screens
(:mod:`tui.screens`): strict yes/no answers, the names of the dice, the board filter and
the words for a choice recorded with the board editor."""

from __future__ import annotations

from core.map import MAP
from core.pieces import Faction
from core.state import GameState
from nonplayer.decisions.base import InputError, Option, Question, fold
from nonplayer.events import side_for
from tui import describe

#: what a yes/no question accepts (strict: not "1", not "ok")
YES = ("y", "yes")
NO = ("n", "no")

#: the choices carried out on the table and recorded with the board editor
RECORDED = {
    "op": "the Operation",
    "op_sa": "the Operation and Special Activity",
    "event": "the Event",
    "propaganda": "the Propaganda decision",
}


def yes_no(question: Question, text: str) -> bool:
    """A yes/no answer, strictly: yes/y or no/n (Enter: the default, if any)."""
    key = fold(text)
    if not key and question.default is not None:
        return bool(question.default)
    if key in YES:
        return True
    if key in NO:
        return False
    raise InputError("answer yes or no (y/n)")



def die_name(purpose: str) -> str:
    """'red die, random space for Rally (8.2)' -> 'the red die'."""
    low = purpose.lower()
    for color in ("red", "yellow", "green"):
        if low.startswith(color):
            return f"the {color} die"
    return "a die"


def die_purpose(purpose: str) -> str:
    """'red die, random space for Rally (8.2)' -> 'random space for Rally (8.2)'."""
    for color in ("red", "yellow", "green"):
        prefix = f"{color} die, "
        if purpose.lower().startswith(prefix):
            return purpose[len(prefix):]
    return purpose


def board_match(state: GameState, space: int, key: str) -> bool:
    """Whether ``space`` is shown by the board filter ``key`` (plain ``board WORD`` and the
    app's filter): pieces or markers (empty key), all, a kind of space, a Faction with
    pieces there, or part of its name."""
    s = MAP[space]
    if key in ("", "pieces"):
        return state.total_pieces(space) > 0 or bool(describe.markers(state, space))
    if key == "all":
        return True
    if key in ("city", "cities"):
        return s.is_city
    if key in ("dept", "department", "departments"):
        return s.is_department
    if key in ("loc", "locs"):
        return s.is_loc
    factions = {"govt": 0, "government": 0, "farc": 1, "auc": 2, "cartels": 3}
    if key in factions:
        return state.faction_pieces(space, Faction(factions[key])) > 0
    return key in fold(s.full_name) or key in fold(s.name)


def discord_question(faction: Faction | None, card: int | None = None) -> Question:
    """Insurgent Discord (8.1): the Government player chooses the 2nd Eligible
    Non-player's Event or Operation (2-player games); above the choice, the Event text the
    Non-player would execute (8.4.1: the shaded half of a dual-use card)."""
    label = faction.label if faction is not None else "The Non-player"
    info: list[str] = []
    if card is not None:
        side = side_for(card)
        info = [f"{describe.card_title(card)}: its Event would be "
                f"{describe.event_text(card, side)}"]
    return Question.one(
        f"Insurgent Discord (8.1): {label} is 2nd Eligible. Government player, choose:",
        [Option("event", "Event (if effective)"), Option("operation", "Operation")],
        info=info,
    )
