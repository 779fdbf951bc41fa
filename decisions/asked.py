"""The questions asked in the middle of a step: a die typed in (``--dice manual``) and
Insurgent Discord (8.1). The engine asks them as a function call during a Non-player turn
or an Event; each interface (a screen, the line mode, an agent) shows the same
:class:`~decisions.base.Question`."""

from __future__ import annotations

from core.cards import card_title, event_text
from core.map import MAP, space_name
from core.pieces import Faction
from decisions.base import Option, Question
from nonplayer.events import side_for


def die_name(purpose: str) -> str:
    """'red die, random space for Rally (8.2)' -> 'the red die'."""
    low = purpose.lower()
    for color in ("red", "yellow", "green"):
        if low.startswith(color):
            return f"the {color} die"
    return "a die"


def die_purpose(purpose: str) -> str:
    """'red die, random space for Rally (8.2)' -> 'random space for Rally (8.2)'; a plain
    'die, ...' (a die of no colour, 8.2 PLAY NOTE) loses its 'die, ' too. A space named
    by the short key the log keeps ('Kidnap in Putumayo') is named as the map prints it
    and the steps say it ('Kidnap in Putumayo-Caquetá', issue 43)."""
    for color in ("red ", "yellow ", "green ", ""):
        prefix = f"{color}die, "
        if purpose.lower().startswith(prefix):
            return printed_names(purpose[len(prefix):])
    return printed_names(purpose)


def printed_names(purpose: str) -> str:
    """``purpose`` ending 'in SPACE' with SPACE a short key ('Kidnap in Atlántico') ->
    the printed name ('Kidnap in Atlántico-Magdalena')."""
    head, sep, tail = purpose.rpartition(" in ")
    if not sep:
        return purpose
    try:
        space = MAP.id_of(tail)
    except (KeyError, ValueError):
        return purpose
    if MAP[space].name != tail:
        return purpose  # already the printed name, or not a space's key
    return f"{head}{sep}{space_name(space)}"


def die_question(purpose: str, context: str = "") -> Question:
    """A die asked by colour and purpose: 'Roll the red die: random space for Rally (8.2)?
    (1-6)'; ``context`` (who rolls it, for what turn) above it."""
    what = die_purpose(purpose)
    mark = "" if "?" in what else "?"  # 'from where? (8.2)' is a question already
    return Question.number(f"Roll {die_name(purpose)}: {what}{mark}", 1, 6,
                           info=[context] if context else [])


def discord_question(faction: Faction | None, card: int | None = None) -> Question:
    """Insurgent Discord (8.1): the Government player chooses the 2nd Eligible
    Non-player's Event or Operation (2-player games); above the choice, the Event text the
    Non-player would execute (8.4.1: the shaded half of a dual-use card)."""
    label = faction.label if faction is not None else "The Non-player"
    info: list[str] = []
    if card is not None:
        side = side_for(card)
        info = [f"{card_title(card)}: its Event would be "
                f"{event_text(card, side)}"]
    return Question.one(
        f"Insurgent Discord (8.1): {label} is 2nd Eligible. Government player, choose:",
        [Option("event", "Event (if effective)"), Option("operation", "Operation")],
        info=info,
    )
