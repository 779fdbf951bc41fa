"""Who holds each Faction, as the play screen's side panel, plain mode and `andean status`
show it (issue 26)."""

from __future__ import annotations

from core.pieces import Faction
from core.state import GameState
from nonplayer.seats import GOVT_AI_LABEL, ai_level, government_ai
from tui.outcome import people

#: ``state.options`` key of a game saved by ``andean demo --save``: the bot that
#: played the Government seat (the seat is a person's for the loader, 1.5)
DEMO_GOVERNMENT = "demo_government"


def seat_lines(state: GameState, you: bool = True) -> list[str]:
    """'FARC: you', 'AUC: player 2', 'Cartels: flowchart (8.5)', and the Government AI
    with its level: one line each. ``you``: a lone person is 'you' (on their screen),
    else 'player 1' (``andean status``)."""
    several = len(people(state)) > 1 or not you
    out = []
    flowchart = {Faction.FARC: "8.7", Faction.AUC: "8.6", Faction.CARTELS: "8.5"}
    for f in Faction:
        seat = state.seats[f]
        if f is Faction.GOVT and state.options.get(DEMO_GOVERNMENT):
            out.append(f"{f.label}: the {state.options[DEMO_GOVERNMENT]} bot "
                       "(andean demo)")
        elif seat is not None:
            out.append(f"{f.label}: {'player ' + str(seat) if several else 'you'}")
        elif f is Faction.GOVT:
            spec = government_ai(state)
            out.append(f"{GOVT_AI_LABEL}: {ai_level(spec)}" if spec else
                       f"{f.label}: Non-player")
        else:
            out.append(f"{f.label}: section-8 flowchart ({flowchart[f]})")
    return out
