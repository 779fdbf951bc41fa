"""Who decides for a Faction no person takes (issue 26): the section-8 flowcharts for an
Insurgent, the program's own Government AI for the Government.

The printed 2nd edition has a Government flowchart for a Non-player Government (its
Sequence of Play: "Government Non-player: use flowchart ... 8.8.1-2"), but its text is in
none of our sources, so it is not played here. When no person takes the Government, the
program's Government AI (:mod:`nonplayer.government`: ``heuristic`` or the campaign
``search`` at a thinking budget) decides for it, and every screen, the history and the
report call it :data:`GOVT_AI_LABEL` so that nobody takes it for the printed flowchart.
The save names it in ``state.options["government_ai"]`` (:data:`core.setup.GOVERNMENT_AI`)
as ``"heuristic"`` or ``"search:<think>"`` (:func:`ai_spec`).

In the rules the AI's Government is a Non-player (``seats`` None): it never executes a
Limited Operation (8.1), and if it passes a victory check every person loses (7.1).
"""

from __future__ import annotations

from typing import Any

from core.commands import Command, from_json
from core.game import Game
from core.game.sequence import Pass, PlayEvent
from core.pieces import Faction
from core.setup import GOVERNMENT_AI
from core.state import GameState
from nonplayer.turn import TurnResult

GOVT = Faction.GOVT

#: What every screen, the history and the report call a Government the program runs.
GOVT_AI_LABEL = "Government (the program's AI)"

#: ``--think`` of ``--govt search`` as people see it.
LEVELS = {"0.5s": "easy", "2s": "normal", "10s": "hard"}
DEFAULT_THINK = "2s"


def ai_spec(govt: str, think: str | None = None) -> str:
    """The save's name of a Government AI: ``"heuristic"`` or ``"search:2s"``."""
    if govt == "heuristic":
        if think is not None:
            raise ValueError("--think sets the budget of --govt search only")
        return "heuristic"
    if govt != "search":
        raise ValueError(f"the Government AI is 'heuristic' or 'search', not {govt!r}")
    think = think or DEFAULT_THINK
    if think not in LEVELS:
        raise ValueError(f"--think takes {', '.join(LEVELS)}, not {think!r}")
    return f"search:{think}"


def ai_level(spec: str) -> str:
    """A Government AI as a person reads it: 'campaign search, normal (2s a decision)'."""
    if spec == "heuristic":
        return "heuristic rules (instant, the weakest)"
    think = spec.partition(":")[2] or DEFAULT_THINK
    return f"campaign search, {LEVELS.get(think, think)} ({think} a decision)"


def government_ai(state: GameState) -> str | None:
    """The Government AI of the game, if the program runs its Government."""
    if state.seats[GOVT] is not None:
        return None
    spec = state.options.get(GOVERNMENT_AI)
    return str(spec) if spec else None


def faction_name(state: GameState, faction: Faction) -> str:
    """A Faction as the screens name it: the program's Government says so."""
    if faction is GOVT and government_ai(state) is not None:
        return GOVT_AI_LABEL
    return faction.label


def make_bot(spec: str, seed: int = 0) -> Any:
    """The Government bot (:func:`nonplayer.government.make_government`) a spec names."""
    from nonplayer.government import make_government

    name, _, think = spec.partition(":")
    options: dict[str, Any] = {"think": think} if name == "search" and think else {}
    return make_government(name, seed, **options)


def government_turn(game: Game, bot: Any) -> TurnResult:
    """Decide and apply the Government AI's decision (as :func:`nonplayer.turn.take_turn`
    does a flowchart's); its trace carries the bot's reasons."""
    ended = game.play_on()
    if game.to_move() is not GOVT:
        raise ValueError("the Government is not the Faction to move")
    propaganda = game.state.phase == "propaganda"
    decision = bot.decide(game)
    report = ended + game.apply(decision.command, chooser=decision.chooser)
    kind = "propaganda" if propaganda else command_kind(decision.command)
    command: Command = from_json(game.log[-1]["command"])  # an Event: with its answers
    return TurnResult(GOVT, kind, command, decision.trace, report)


def command_kind(cmd: Command) -> str:
    """A card decision's kind as the game records say it: pass, event or operation."""
    if isinstance(cmd, Pass):
        return "pass"
    if isinstance(cmd, PlayEvent):
        return "event"
    return "operation"


__all__ = [
    "GOVT_AI_LABEL",
    "LEVELS",
    "ai_level",
    "ai_spec",
    "command_kind",
    "faction_name",
    "government_ai",
    "government_turn",
    "make_bot",
]
