"""Prompt pieces shared by the line mode (:mod:`tui.plain.ui`) and the screens
(:mod:`tui.screens`): strict yes/no answers, the board filter and the words for a choice
recorded with the board editor. The names of the dice and the Discord question are
:mod:`decisions.asked`'s, imported here too."""

from __future__ import annotations

from core.map import MAP
from core.pieces import Faction
from core.state import GameState

# the questions asked mid-step live with the decision model (issue 34); still importable here
from decisions.asked import die_name as die_name
from decisions.asked import die_purpose as die_purpose
from decisions.asked import discord_question as discord_question
from decisions.base import InputError, Question, fold
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
