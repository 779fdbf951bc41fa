"""Who holds each Faction, as the play screen's side panel, plain mode and `andean status`
show it (issue 26)."""

from __future__ import annotations

from collections.abc import Mapping

from core.pieces import Faction
from core.state import GameState
from runners.seats import GOVT_AI_LABEL, ai_level, government_ai

#: ``state.options`` key of a game saved by ``andean demo --save``: the bot that
#: played the Government seat (the seat is a person's for the loader, 1.5)
DEMO_GOVERNMENT = "demo_government"


def persons(state: GameState, agents: Mapping[Faction, str] | None = None) -> set[int]:
    """The player numbers of the people at the table: the seats' numbers but those of
    the seats outside programs play (``agents``, by Faction; an agent is a player of its
    own, 1.5, but no person at the screen)."""
    agents = agents or {}
    return {seat for f, seat in enumerate(state.seats)
            if seat is not None and Faction(f) not in agents}


def seat_lines(state: GameState, you: bool = True,
               agents: Mapping[Faction, str] | None = None) -> list[str]:
    """'FARC: you', 'AUC: player 2', 'Cartels: flowchart (8.5)', the Government AI with
    its level, and the seats outside programs play ('AUC: agent 'python3 bot.py'',
    ``agents``: the controller's, by Faction): one line each (:func:`seat_holders`)."""
    out = []
    for f, who in seat_holders(state, you, agents):
        if who.startswith(AI_WHO):  # 'Government (the program's AI): heuristic'
            out.append(f"{GOVT_AI_LABEL}{who[len(AI_WHO):]}")
        else:
            out.append(f"{f.label}: {who}")
    return out


#: how :func:`seat_holders` names the program's Government AI (its level follows)
AI_WHO = "the program's AI"


def seat_holders(state: GameState, you: bool = True,
                 agents: Mapping[Faction, str] | None = None) -> list[tuple[Faction, str]]:
    """Who plays each Faction, in Faction order: 'you', 'player 2', 'section-8
    flowchart (8.5)', "the program's AI: heuristic", "agent 'python3 bot.py'" (``agents``:
    the seats outside programs play, by Faction). ``you``: a lone person is 'you' (on
    their screen), else 'player 1' (``andean status``)."""
    agents = agents or {}
    several = len(persons(state, agents)) > 1 or not you
    out = []
    flowchart = {Faction.FARC: "8.7", Faction.AUC: "8.6", Faction.CARTELS: "8.5"}
    for f in Faction:
        seat = state.seats[f]
        if f in agents:
            who = f"agent {agents[f]!r}"
        elif f is Faction.GOVT and state.options.get(DEMO_GOVERNMENT):
            who = f"the {state.options[DEMO_GOVERNMENT]} bot (andean demo)"
        elif seat is not None:
            who = f"player {seat}" if several else "you"
        elif f is Faction.GOVT:
            spec = government_ai(state)
            who = f"{AI_WHO}: {ai_level(spec)}" if spec else "Non-player"
        else:
            who = f"section-8 flowchart ({flowchart[f]})"
        out.append((f, who))
    return out
