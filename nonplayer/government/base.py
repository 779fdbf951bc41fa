"""The bottom of the Government package: the interface every Government bot offers, and
the shared model the bots above it look ahead with. It imports no bot.

Every bot answers every Government decision through one method::

    decision = bot.decide(game, dice)          # -> GovtDecision(command, trace, chooser)
    game.apply(decision.command, chooser=decision.chooser, dice=dice)

On an Event card the command is :class:`~core.game.sequence.PlayEvent` (either half),
an :class:`~core.game.sequence.OperationAction` (a Limited Operation when that is all
that is open) or :class:`~core.game.sequence.Pass`; in a Propaganda Round it is the
command for the decision awaited (Civic Action, Redeploy, FARC Zone, 7th Special
Forces). ``chooser`` answers the open choices of an Event the bot executes. A bot also
answers Insurgent Discord (8.1, 2-player games) through :meth:`GovernmentBot.discord`.

Shared tools for bots that look ahead live here too:

* :class:`LookaheadDice`: a private dice stream for clones. A bot must never simulate
  with the game's seeded stream, which would show it the real future rolls.
* :func:`simulate`: run a command on a clone, None if illegal.
* :func:`evaluate`: the Government's view of a position (its 8.8 solo score, smoothed,
  plus small terms for Resources, Control, Sabotage, Capabilities and Momentum).
* :func:`final_score`: a finished game on the one scale every evaluation shares
  (issue 35): a victory check lost scores below any position that goes on, graded by
  how much it loses.
* :class:`EvaluatingChooser`: answers an Event's choices by trying them on clones.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from core.cards import CARDS
from core.commands import Command
from core.dice import DiceSource
from core.errors import IllegalAction
from core.events import FIRST_DIVISION, SHADED
from core.events.choice import Choice, FirstChooser
from core.game import Game, apply_command, sequence
from core.game.sequence import PlayEvent
from core.map import MAP
from core.pieces import ACTIVE_OF, BASE_OF, INSURGENTS, NUM_KINDS, UNDERGROUND_OF, Faction, Piece
from core.rules.victory import SOLO_LEVELS, solo_level
from core.state import SAMPER, GameState
from nonplayer.events import NonPlayerChooser
from nonplayer.trace import Trace

GOVT = Faction.GOVT
FARC = Faction.FARC


@dataclass
class GovtDecision:
    """A Government decision: the command, why (a :class:`Trace`), and the chooser that
    answers the command's Event choices (None when there are none).

    ``kind`` is ``event``, ``operation``, ``limited_operation``, ``pass`` or
    ``propaganda``; ``notes`` carries bot-specific data (scores, fallbacks).
    """

    command: Command
    trace: Trace
    chooser: Any = None
    kind: str = ""
    notes: dict[str, Any] = field(default_factory=dict)

    def lines(self) -> list[str]:
        return self.trace.lines()


class GovernmentBot(Protocol):
    """What every Government bot offers."""

    #: Registry name of the bot that actually plays (``heuristic`` for a fallback).
    name: str
    #: A plain message for the user (e.g. a fallback), or "".
    note: str

    def decide(self, game: Game, dice: DiceSource | None = None) -> GovtDecision:
        """The Government's command for the decision the game awaits."""
        ...

    def discord(self, state: GameState, faction: Faction) -> str:
        """Insurgent Discord (8.1, 2-player games): ``"event"`` or ``"operation"`` for
        the 2nd Eligible Non-player ``faction``."""
        ...


# ======================================================================================
# dice for look-ahead
# ======================================================================================
class LookaheadDice:
    """Dice for simulations on clones: a private seeded stream, never the game's.

    Rolls are recorded in the clone's roll log like any others. The generator is seeded
    at the first roll: most simulations roll nothing, and seeding costs more than many
    an evaluation.
    """

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._rng: random.Random | None = None

    @property
    def rng(self) -> random.Random:
        if self._rng is None:
            self._rng = random.Random(self.seed)
        return self._rng

    def roll(self, state: GameState, purpose: str) -> int:
        value = self.rng.randint(1, 6)
        state.roll_log.append((purpose, value))
        return value


def lookahead_seed(state: GameState, salt: int = 0) -> int:
    """A deterministic seed for a decision's private dice (same position, same seed)."""
    return (state.rng_seed * 1_000_003 + len(state.played) * 7919 + state.propaganda_cards
            * 104_729 + len(state.step.get("acted", ())) * 31 + salt) & 0xFFFFFFFF


def simulate(
    state: GameState, cmd: Command, chooser: Any = None, dice: DiceSource | None = None
) -> GameState | None:
    """``state`` after ``cmd`` for the Faction to move, on a clone; None if illegal."""
    trial = state.clone()
    try:
        apply_command(trial, cmd, dice or LookaheadDice(lookahead_seed(state)), chooser)
    except IllegalAction:
        return None
    return trial


def legal(game: Game, cmd: Command) -> bool:
    """Whether ``cmd`` is legal now (:meth:`Game.validate` with look-ahead dice)."""
    return simulate(game.state, cmd, FirstChooser()) is not None


# ======================================================================================
# evaluation
# ======================================================================================
#: Weights of :func:`evaluate`, in units of the victory margins (1 = 1 point of Support).
WEIGHTS = {
    "threat_temperature": 3.0,  # soft maximum of the Insurgent margins
    "resources": 0.12,  # per Government Resource (up to RESOURCES_CAP)
    "reserve": 0.15,  # more per Resource up to RESERVE (going broke costs turns)
    "aid": 0.06,  # per Aid (doubled once El Presidente is no longer Samper)
    "control": 0.25,  # per Population under Government Control
    "civic_ready": 0.15,  # per Population x (levels to Active Support + 1) where Civic
    # Action is possible (Control, Troops and Police: 6.4.1)
    "farc_control": 0.2,  # per Population under FARC Control
    "sabotage": 0.3,  # per Econ of Sabotaged LoCs
    "exposed_loc": 0.25,  # per Econ of unSabotaged LoCs where Guerrillas outnumber cubes
    "terror": 0.4,  # per Terror marker in a populated space
    "insurgent_base": 1.0,  # per Insurgent Base on the map (income, Rally)
    "guerrilla": 0.3,  # per Guerrilla on the map
    "capability": 2.5,  # per Government Capability: + unshaded, - shaded
    "momentum": 2.0,  # per Insurgent Momentum card in effect
}
RESOURCES_CAP = 45
RESERVE = 15


def threat(state: GameState, margins: dict[Faction, int] | None = None) -> float:
    """A soft maximum of the Insurgent victory margins (8.8 scores against the best)."""
    margins = margins or state.victory_margins()
    t = WEIGHTS["threat_temperature"]
    top = max(margins[f] for f in INSURGENTS)
    return top + t * math.log(sum(math.exp((margins[f] - top) / t) for f in INSURGENTS))


#: The names of :func:`evaluate`'s terms, in the order they are summed.
TERM_NAMES = (
    "margin", "threat", "resources", "aid", "control", "civic_ready", "farc_control",
    "sabotage", "exposed_locs", "terror", "insurgent_bases", "guerrillas", "capabilities",
    "momentum",
)
#: Map facts the evaluation reads, taken once: (space, its first piece index, Population)
#: of the populated Cities and Departments; (space, first piece index, Econ) of the
#: LoCs; the spaces with Population (Terror counts there); the Guerrilla and Insurgent
#: Base columns of ``GameState.pieces``.
_POPULATED = tuple((s.id, s.id * NUM_KINDS, s.pop) for s in MAP.spaces
                   if s.pop and not s.is_loc)
_LOCS = tuple((s.id, s.id * NUM_KINDS, s.econ) for s in MAP.locs)
_WITH_POP = tuple(s.id for s in MAP.spaces if s.pop)
_GUERRILLA_COLUMNS = tuple(int(k) for f in INSURGENTS
                           for k in (UNDERGROUND_OF[f], ACTIVE_OF[f]))
_INSURGENT_BASES = tuple(int(BASE_OF[f]) for f in INSURGENTS)
_TROOPS, _POLICE = int(Piece.TROOPS), int(Piece.POLICE)


def control_tally(state: GameState) -> tuple[int, int, int, int]:
    """One pass over the populated spaces: Population under Government Control, under
    FARC Control (1.7), Terror markers, and the Support levels below Passive Support
    where the Government has Control (Population x levels, what Civic Action could add,
    6.4.1). Shared by the one-card search's evaluation and the learned value's features."""
    govt_pop = farc_pop = terror = civic_room = 0
    for s in MAP.spaces:
        if not s.is_populated:
            continue
        c = state.controller(s.id)
        if c is GOVT:
            govt_pop += s.pop
            if state.support[s.id] < 2:
                civic_room += s.pop * (2 - state.support[s.id])
        elif c is FARC:
            farc_pop += s.pop
        terror += state.terror[s.id]
    return govt_pop, farc_pop, terror, civic_room


def _terms(state: GameState) -> tuple[float, ...]:
    """The values of :func:`evaluate`'s terms, in the order of :data:`TERM_NAMES`.

    One pass over the populated spaces and one over the LoCs, reading the piece counts
    directly (this runs after every simulated Event option and Operation)."""
    w = WEIGHTS
    margins = state.victory_margins()
    pieces = state.pieces
    support = state.support
    controller = state.controller
    control = farc = ready = 0
    need = 2 if state.capability(FIRST_DIVISION) == SHADED else 1  # 1st Division (card 1)
    for space, row, pop in _POPULATED:
        who = controller(space)
        if who is GOVT:
            control += pop
            if pieces[row + _TROOPS] >= need and pieces[row + _POLICE] >= need:
                ready += pop * (3 - support[space])
        elif who is FARC:
            farc += pop
    sabotaged = state.sabotage
    all_guerrillas = state.all_guerrillas
    sabotage = exposed = 0
    for space, row, econ in _LOCS:
        if sabotaged[space]:
            sabotage += econ
        elif all_guerrillas(space) > pieces[row + _TROOPS] + pieces[row + _POLICE]:
            exposed += econ
    terror_track = state.terror
    terror = sum([terror_track[space] for space in _WITH_POP])
    on_map = state.on_map
    bases = on_map(_INSURGENT_BASES[0]) + on_map(_INSURGENT_BASES[1]) + on_map(
        _INSURGENT_BASES[2])
    guerrillas = 0
    for kind in _GUERRILLA_COLUMNS:
        guerrillas += on_map(kind)
    capabilities = 0
    for side in state.capabilities.values():
        capabilities += 1 if side == "unshaded" else -1
    aid_weight = w["aid"] * (1 if state.president == SAMPER else 2)
    govt_resources = state.resources[GOVT]
    return (
        float(margins[GOVT]),
        -threat(state, margins),
        w["resources"] * min(govt_resources, RESOURCES_CAP)
        + w["reserve"] * min(govt_resources, RESERVE),
        aid_weight * state.aid,
        w["control"] * control,
        w["civic_ready"] * ready,
        -w["farc_control"] * farc,
        -w["sabotage"] * sabotage,
        -w["exposed_loc"] * exposed,
        -w["terror"] * terror,
        -w["insurgent_base"] * bases,
        -w["guerrilla"] * guerrillas,
        w["capability"] * capabilities,
        -w["momentum"] * len(state.momentum),
    )


# ======================================================================================
# one scale: a finished game against positions that go on
# ======================================================================================
#: The score of a game an Insurgent ended at a victory check (6.1; every player loses,
#: 7.1), before its grade: far below :data:`GOING_ON_FLOOR`, under which no position that
#: goes on is ever scored, so that a check lost by 1 scores below the worst position
#: that goes on, on every path that scores a position (issue 35).
CHECK_LOSS = -1000.0
#: The lowest score of a position that goes on (every evaluation is clamped to it; the
#: evaluations' terms are bounded far above it on any real position).
GOING_ON_FLOOR = CHECK_LOSS / 2
#: Points per point of the 8.8 solo score in a finished game, and per point the
#: Government loses a check by.
FINAL_SCALE = 10.0
#: Bonus per 8.8 level above COIN Failure for a game that ran to its end (7.3).
LEVEL_BONUS = 15.0
#: the 8.8 levels from the lowest up (victory.SOLO_LEVELS lists those above COIN Failure)
_LEVELS = ("COIN Failure",) + tuple(name for _, name in reversed(SOLO_LEVELS))


def final_score(state: GameState) -> float:
    """A finished game on the one scale of every Government evaluation (issue 35).

    * An Insurgent won at a victory check (6.1, 7.1; in a solitaire game only a
      Non-player can end the game there, 8.8): :data:`CHECK_LOSS`, graded down by
      :data:`FINAL_SCALE` x how far the Government is behind the leading Insurgent, so
      that losing by 1 scores above losing by 5 and both below any position that goes
      on. A loss on Non-player goals is COIN Failure even when the Government is ahead
      on margins (8.8, docs/readings.md#r-solo-level): its grade is then 0.
    * The Government won at a victory check (games with players only, 7.2): the mirror
      image, above every position that goes on.
    * The game ran to its end (7.3): :data:`FINAL_SCALE` x the 8.8 solo score plus
      :data:`LEVEL_BONUS` per 8.8 level above COIN Failure. Every future reaches the
      final Round after the same number of cards, so these compare only with each
      other.

    The leading Insurgent is the best of all three (the 8.8 subtraction of a solitaire
    game; also the Government's view when a person plays an Insurgent)."""
    margins = state.victory_margins()
    solo = margins[GOVT] - max(margins[f] for f in INSURGENTS)
    winners = {Faction(f) for f in state.step.get("winners", [])}
    if winners & set(INSURGENTS):
        return CHECK_LOSS + FINAL_SCALE * min(solo, 0)
    if GOVT in winners:
        return -CHECK_LOSS + FINAL_SCALE * max(solo, 0)
    return FINAL_SCALE * solo + LEVEL_BONUS * _LEVELS.index(solo_level(solo))


def evaluation_terms(state: GameState) -> dict[str, float]:
    """The terms of :func:`evaluate`, by name (for traces and tests)."""
    return dict(zip(TERM_NAMES, _terms(state), strict=True))


def evaluate(state: GameState) -> float:
    """The Government's evaluation of a position: higher is better.

    The core is the 8.8 solo score, Government margin minus the Insurgents' best margin,
    with the best margin taken as a soft maximum so that a second Insurgent close behind
    counts too. Small terms value what turns into margin later: Resources and Aid, Control
    of populated spaces (Civic Action needs it; FARC Control lets FARC Agitate), spaces
    ready for Civic Action (Control, Troops and Police) that can still gain, Sabotage
    (lost Econ), Terror (blocks Civic Action shifts), Insurgent Bases and Guerrillas, and
    lasting cards (Capabilities 5.3, Momentum 5.4). Once the game is over it is scored
    by :func:`final_score`, on the same scale: a check lost scores below any position
    that goes on (never below :data:`GOING_ON_FLOOR`).
    """
    if state.phase == "over":
        return final_score(state)
    # the terms' sum in their order, as evaluation_terms lists them
    return max(sum(_terms(state)), GOING_ON_FLOOR)


# ======================================================================================
# Event choices by look-ahead
# ======================================================================================
class _PrefixChooser:
    """Answers the first choices from ``prefix`` (while they fit), the rest by ``rest``."""

    def __init__(self, prefix: list[list[Any]], rest: Any) -> None:
        self.prefix = prefix
        self.rest = rest
        self.position = 0

    def choose(self, state: Any, choice: Choice) -> list[Any]:
        if self.position < len(self.prefix):
            answer = self.prefix[self.position]
            self.position += 1
            try:
                choice.check(answer)
                return list(answer)
            except IllegalAction:
                pass
        return list(self.rest.choose(state, choice))


class EvaluatingChooser:
    """Answers an Event's choices for the Government by trying them on clones.

    For each choice, answers are built greedily: the option whose addition gives the best
    :func:`evaluate` after executing the whole Event on a clone (earlier answers fixed,
    later choices by the first options) is added, while it improves the position (and
    at least ``choice.min`` are taken). Choices the card gives to another Faction
    (``choice.decider``) are answered as that Non-player would (8.4), with the dice the
    Event is executed with. ``budget`` caps the simulations per choice.

    A score is a function of the board ``base``, the ``side``, the evaluator and the
    answers (the simulation's dice are seeded from the board), so choosers on the same
    board may share ``scores``: the chooser that executes an Event after
    :func:`event_outcomes` weighed it then finds the scores of every answer the
    look-ahead tried already there. The caller that passes ``scores`` promises that
    every chooser sharing it starts from the same position.
    """

    def __init__(
        self,
        base: GameState,
        side: str,
        dice: DiceSource,
        budget: int = 48,
        evaluator: Callable[[GameState], float] = evaluate,
        scores: dict[Any, float] | None = None,
    ) -> None:
        self.base = base.clone()
        self.side = side
        self.dice = dice
        self.budget = budget
        self.evaluator = evaluator
        self.scores: dict[Any, float] = {} if scores is None else scores
        self.answers: list[list[Any]] = []
        self.explain: list[str] = []

    def _score(self, answers: list[list[Any]]) -> float:
        # repr, not the values: it tells an answer 1 from Faction.FARC, which compare equal
        key = (self.side, self.evaluator, repr(answers))
        known = self.scores.get(key)
        if known is not None:
            return known
        chooser = _PrefixChooser(answers, FirstChooser())
        after = simulate(self.base, PlayEvent(self.side), chooser,
                         LookaheadDice(lookahead_seed(self.base, 17)))
        score = -1e9 if after is None else self.evaluator(after)
        self.scores[key] = score
        return score

    def choose(self, state: Any, choice: Choice) -> list[Any]:
        if choice.decider is not None and choice.decider != int(GOVT):
            answer = list(NonPlayerChooser(self.dice).choose(state, choice))
        else:
            answer = self._greedy(choice)
        self.answers.append(answer)
        return answer

    def _greedy(self, choice: Choice) -> list[Any]:
        options = list(choice.options)
        if not options or choice.max <= 0:
            return []
        if not choice.repeat and len(options) <= choice.min:
            return options[: choice.max]
        prefix = list(self.answers)
        answer: list[Any] = []
        current = self._score(prefix + [answer]) if choice.min == 0 else -1e9
        sims = 1
        while len(answer) < choice.max and sims < self.budget:
            pool = options if choice.repeat else [o for o in options if o not in answer]
            if not pool:
                break
            best, best_score = None, -1e18
            for option in pool:
                if sims >= self.budget:
                    break
                score = self._score(prefix + [answer + [option]])
                sims += 1
                if score > best_score + 1e-9:
                    best, best_score = option, score
            if best is None:
                break
            if len(answer) >= choice.min and best_score <= current + 1e-9:
                break
            answer.append(best)
            current = best_score
        while len(answer) < choice.min:  # budget ran out: fill up in the card's order
            rest = [o for o in options if choice.repeat or o not in answer]
            answer.append(rest[0])
        self.explain.append(f"{choice.why}: {answer}")
        return answer


def event_outcomes(
    game: Game, dice: DiceSource | None = None, budget: int = 24,
    scores: dict[Any, float] | None = None,
) -> dict[str, tuple[float, GameState]]:
    """For each Event half open now: (evaluation, board after it), the choices answered by
    an :class:`EvaluatingChooser`. ``scores``: where the choosers keep their scores, to
    hand to the chooser that then executes the Event on the same position."""
    state = game.state
    card = state.current_card
    out: dict[str, tuple[float, GameState]] = {}
    if card is None or sequence.EVENT not in sequence.options(state):
        return out
    from core import events

    for side in events.sides_of(card):
        chooser = EvaluatingChooser(state, side, LookaheadDice(lookahead_seed(state, 3)),
                                    budget=budget, scores=scores)
        after = simulate(state, PlayEvent(side), chooser)
        if after is not None:
            out[side] = (evaluate(after), after)
    return out


def card_label(state: GameState) -> str:
    card = state.current_card
    return "no card" if card is None else f"#{card} {CARDS[card].title}"


def apply_decision(
    game: Game, decision: GovtDecision, dice: DiceSource | None = None
) -> list[str]:
    """Apply a bot's decision through :meth:`Game.apply` (all-or-nothing); its report."""
    return game.apply(decision.command, chooser=decision.chooser, dice=dice)


__all__ = [
    "EvaluatingChooser",
    "GovernmentBot",
    "GovtDecision",
    "LookaheadDice",
    "apply_decision",
    "card_label",
    "control_tally",
    "evaluate",
    "evaluation_terms",
    "event_outcomes",
    "legal",
    "lookahead_seed",
    "simulate",
    "threat",
]
