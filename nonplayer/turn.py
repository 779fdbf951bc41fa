"""One Non-player turn, start to finish (8.1), and Non-player Propaganda decisions.

:func:`decide` answers "what does this Non-player do now?" without changing the game
(only the dice stream moves, for the rolls the flowcharts make); :func:`take_turn` also
applies the command through :meth:`core.game.Game.apply` and returns a
:class:`TurnResult` with the decision, the spaces, the trace and the engine's report.

8.1 as applied here, in order:

1. Event? 1st Eligible: only if its symbol is leftmost; 2nd Eligible: if the 1st's choice
   leaves the Event open and the card has no gray "2"; never on always-Operations cards;
   and only if the Event is effective (Ineffective Events). In a 2-player game with a
   Government player (:func:`discord_applies`) that player decides, through the
   ``discord`` callback, between the effective Event
   and an Operation for any 2nd Eligible Non-player with at least 1 Resource (Insurgent
   Discord), gray "2" and always-Operations cards included.
2. Otherwise an Operation: Pass instead at 0 Resources; else the Faction's flowchart
   (full Operation and Special Activity, never a Limited Operation; no Ship).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from core.cards import CARDS
from core.commands import Command
from core.dice import DiceSource
from core.game import Game, sequence
from core.game.sequence import OperationAction, Pass, PlayEvent
from core.map import space_name
from core.pieces import AUC, FARC, GOVT, INSURGENTS, Faction
from core.rules import propaganda
from core.seating import player_count
from core.space import SPACES
from core.state import GameState
from nonplayer import events as np_events
from nonplayer.bot import Bot
from nonplayer.interpreter import plan_operation
from nonplayer.procedures import drug_profit_bases
from nonplayer.trace import Trace

Discord = Callable[[GameState, Faction], str]  # returns "event" or "operation"


@dataclass
class TurnResult:
    """What a Non-player did: ``decision`` is "event", "operation", "pass" or
    "propaganda"; ``spaces`` the Operation's selected spaces in order."""

    faction: Faction
    decision: str
    command: Command
    trace: Trace
    report: list[str] = field(default_factory=list)

    @property
    def operation(self) -> str | None:
        op = getattr(self.command, "op", None)
        return None if op is None else str(op.name)

    @property
    def special_activity(self) -> str | None:
        sa = getattr(self.command, "special", None)
        return None if sa is None else str(sa.name)

    @property
    def spaces(self) -> list[int]:
        op = getattr(self.command, "op", None)
        if op is None:
            return []
        seen: list[int] = []
        for s in list(op.spaces()) + list(op.destinations()):
            if s not in seen:
                seen.append(s)
        return seen

    def lines(self) -> list[str]:
        return self.trace.lines() + self.report

    def to_json(self) -> dict[str, Any]:
        return {
            "faction": self.faction.label,
            "decision": self.decision,
            "operation": self.operation,
            "special_activity": self.special_activity,
            "spaces": [SPACES[s].name for s in self.spaces],
            "command": self.command.to_json(),
            "trace": self.lines(),
            "trace_steps": self.trace.to_json(),
        }


def decide(
    game: Game, dice: DiceSource | None = None, discord: Discord | None = None
) -> tuple[str, Command, Trace, Any]:
    """The Non-player decision for the Faction to move: (decision, command, trace,
    chooser for an Event)."""
    state = game.state
    faction = sequence.to_move(state)
    if faction is None:
        raise ValueError("the game is over: nobody is to move")
    dice = dice or game.dice
    trace = Trace(faction.label)
    if state.phase == "propaganda":
        cmd = propaganda_decision(state, faction, dice, trace)
        return "propaganda", cmd, trace, None
    opts = sequence.options(state)
    position = sequence.position(state)
    card = state.current_card
    assert card is not None
    trace.add("card", "8.1", f"{CARDS[card]}: {['1st', '2nd'][position - 1]} Eligible, "
              f"may {', '.join(opts)}")
    if sequence.EVENT in opts:
        take, why = np_events.wants_event(state, faction, position)
        side = np_events.side_for(card)
        if position == 2 and discord is not None and discord_applies(state) \
                and state.resources[faction] > 0:
            # 8.1 Exception « le Gouvernement choisit entre une Évènement avec effet ou une
            # Opération pour n'importe quelle 2nde Faction Non-joueur Éligible ayant au
            # moins 1 Ressource »: any 2nd Eligible Non-player with Resources, whatever the
            # bot would do alone (gray "2", card 63's always-Operations included); the
            # Government is asked only when there is an effective Event to choose
            # (docs/readings.md#r-discord-any-second)
            if np_events.is_effective(state, faction, card, side):
                choice = discord(state, faction)
                trace.add("discord", "8.1",
                          f"Insurgent Discord: the Government chooses {choice} ({why})")
                if choice == "event":
                    return _event(state, faction, card, side, dice, trace,
                                  "Insurgent Discord: the Government chose the Event")
            else:
                trace.add("discord", "8.1", f"Insurgent Discord: {_the_event(card, side)} would be "
                          "ineffective, so the Government has nothing to choose: Operation")
        elif take:
            if np_events.is_effective(state, faction, card, side):
                return _event(state, faction, card, side, dice, trace, why)
            trace.add("event", "8.1", f"{why}, but {_the_event(card, side)} would be ineffective: "
                      "Operation instead")
        else:
            trace.add("event", "8.1", why)
    if sequence.OPERATION not in opts and sequence.LIMITED not in opts:
        trace.add("pass", "2.3.3", "no Operation open: Pass")
        return "pass", Pass(), trace, None
    if state.resources[faction] == 0:
        trace.add("pass", "8.1", "0 Resources: Pass instead of an Operation (+1 Resource)")
        return "pass", Pass(), trace, None
    bot = Bot(state, faction, dice, trace)
    action = plan_operation(bot)
    if action is None:
        return "pass", Pass(), trace, None
    return "operation", action, trace, None


def _the_event(card: int, side: str) -> str:
    """'the shaded Event'; 'the Event' of a single-text card (5.2)."""
    return " ".join(filter(None, ("the", CARDS[card].side_word(side), "Event")))


def _event(state: GameState, faction: Faction, card: int, side: str, dice: DiceSource,
           trace: Trace, why: str) -> tuple[str, Command, Trace, Any]:
    """The Non-player's Event decision (8.1, effectiveness already checked), with its
    chooser (8.4) and the card's 8.4.4 instruction in the trace when it applies."""
    trace.add("event", "8.1", f"{why}; {_the_event(card, side)} is effective")
    chooser = np_events.NonPlayerChooser(dice, state, faction, card)
    row = np_events.card_row(card)
    if row.instruction and np_events.instructions_apply(card, faction):
        trace.add("instruction", "8.4.4",
                  f"card {card} instruction ({row.source}): {row.instruction}")
    return "event", PlayEvent(side), trace, chooser


def take_turn(
    game: Game,
    dice: DiceSource | None = None,
    discord: Discord | None = None,
    stop_after_turn: bool = False,
) -> TurnResult:
    """Decide and apply the Non-player turn of the Faction to move.

    ``stop_after_turn``: the game is left right after this turn, before the card's end
    (:meth:`core.game.Game.apply`), as ``np-turn`` reports it."""
    ended = game.play_on()  # a card left ended by a stopped turn ends first
    faction = sequence.to_move(game.state)
    decision, cmd, trace, chooser = decide(game, dice, discord)
    report = ended + game.apply(cmd, chooser=chooser, dice=dice,
                                stop_after_turn=stop_after_turn)
    assert faction is not None
    if decision == "event":
        cmd = _logged(game)
        for pick in getattr(chooser, "picks", []):
            trace.add("event_choice", "8.4", f"Event choice: {pick}")
    return TurnResult(faction, decision, cmd, trace, report)


def _logged(game: Game) -> Command:
    """The command as logged: an Event with the answers its choices received.

    A logged Event is rebuilt directly (its ``choices`` are lists of ints and strings in
    JSON, tuples in the command): :func:`core.commands.from_json` would resolve the
    command's type hints again, which took more time than the rest of an Event turn."""
    from core.commands import from_json

    data = game.log[-1]["command"]
    if data.get("type") == PlayEvent.name and set(data) == {"type", "side", "choices"}:
        return PlayEvent(data["side"], tuple(tuple(answer) for answer in data["choices"]))
    return from_json(data)


def flowchart_stand_in(state: GameState,
                       factions: Iterable[Faction] | None = None) -> list[Faction]:
    """Seat the section-8 flowchart in place of the person at each Insurgent of
    ``factions`` (default all three) on ``state``, a clone that looks ahead: the seat
    becomes a Non-player, so the Non-player rules its flowchart assumes apply (8.1;
    e.g. Non-player Eligibility options and Shipment transfers, 8.1.2). The documented
    model of a person wherever the program must guess what a person will do: the seat
    hint's "what the flowchart would do" and the campaign Government's rollouts
    (issue 35). Returns the seats replaced. Never call it on the game itself."""
    replaced = [f for f in (factions or INSURGENTS) if state.seats[f] is not None]
    for f in replaced:
        state.seats[f] = None
    return replaced


def two_players(state: GameState) -> bool:
    """A 2-player game (two people at the table, whatever their seats): Insurgent Discord
    (8.1) applies."""
    return player_count(state.seats) == 2


def discord_applies(state: GameState) -> bool:
    """Whether Insurgent Discord (8.1) is asked: a 2-player game (:func:`two_players`)
    whose Government is a person's (the Government player's choice, not the AI's)."""
    return two_players(state) and state.seats[GOVT] is not None


# ======================================================================================
# Propaganda Round decisions of Non-players
# ======================================================================================
def propaganda_decision(
    state: GameState, faction: Faction, dice: DiceSource, trace: Trace
) -> Command:
    """The Non-player's command for the Propaganda decision awaited (6.3.3, 6.4.2,
    6.4.5 with 8.1.2, 8.7.5, 8.6.1)."""
    phase = state.step.get("phase")
    if phase == propaganda.DRUG_PROFITS:
        bases = drug_profit_bases(state, faction)
        trace.add("drug_profits", "8.1.2", f"Shipments: {len(bases)} to Bases first, the rest +6 "
                  "Resources")
        return propaganda.DrugProfits(bases=tuple(bases))
    if phase == propaganda.AGITATION:
        return agitation_plan(state, dice, trace)
    if phase == propaganda.ELITE_BACKING:
        return elite_backing_plan(state, dice, trace)
    raise ValueError(f"no Non-player rule for the Propaganda decision {phase!r} of "
                     f"{faction.label}")


def agitation_plan(state: GameState, dice: DiceSource, trace: Trace) -> Command:
    """8.7.5: Agitate as much as possible. When Resources cannot cover every space, or
    with Alfonso Cano in play, spaces with the fewest Terror first, then Support, then
    highest Population, then at random. Remove Terror only if a shift can follow."""
    from core.events import ALFONSO_CANO
    from nonplayer.random_spaces import random_space

    budget = state.resources[FARC]
    spaces = list(propaganda.agitation_spaces(state))
    extra = list(propaganda.ideologue_spaces(state)) if state.momentum_in_effect(ALFONSO_CANO) \
        else []
    wants = {s: _agitation_steps(state, s) for s in spaces + extra}
    wants = {s: n for s, n in wants.items() if n > 0}
    need = sum(wants.values())
    ordered: list[int] = []
    if need <= budget and not extra:
        ordered = sorted(wants)
    else:
        pool = list(wants)
        while pool:
            def key(s: int) -> tuple[int, int, int]:
                return (state.terror[s], 0 if state.support[s] > 0 else 1, -SPACES[s].pop)
            best = min(key(s) for s in pool)
            tied = [s for s in pool if key(s) == best]
            pick = random_space(state, dice, tied, "Agitation (8.7.5)").space if len(tied) > 1 \
                else tied[0]
            assert pick is not None
            ordered.append(pick)
            pool.remove(pick)
    actions: list[tuple[int, int]] = []
    extra_used = 0
    for s in ordered:
        if budget <= 0:
            break
        if s in extra and s not in spaces:
            if extra_used >= 3:
                continue
            extra_used += 1
        n = min(wants[s], budget)
        if n > state.terror[s]:  # Terror removed only where a shift then follows
            actions.append((s, n))
            budget -= n
    trace.add("agitation", "8.7.5", "Agitation: " + (", ".join(
        f"{space_name(s)} x{n}" for s, n in actions) or "none possible"))
    return propaganda.Agitation(actions=tuple(actions))


def _agitation_steps(state: GameState, space: int) -> int:
    """Steps worth paying: Terror removal only if a shift toward Opposition can follow."""
    shifts = state.support[space] + 2 if SPACES[space].is_populated else 0
    if shifts <= 0:  # LoCs and Pop 0 Departments never shift (1.6.2)
        return 0
    return state.terror[space] + shifts


def elite_backing_plan(state: GameState, dice: DiceSource, trace: Trace) -> Command:
    """8.6.1 ELITE BACKING: free Rally in 1 space under neither Government nor FARC
    Control: place a Base if possible, otherwise Guerrillas by the 8.6.1 priorities
    (the flip bullet is skipped: docs/readings.md#r-elite-backing-no-flip)."""
    from core.rules import insurgent_ops as ops
    from nonplayer.random_spaces import random_space

    candidates = list(propaganda.elite_backing_spaces(state))
    auc = AUC

    def base_ok(s: int) -> bool:
        return ops.rally_base_problem(state, auc, s) is None and state.available_bases(auc) > 0

    groups = [
        [s for s in candidates if base_ok(s)],
        [s for s in candidates if state.bases(s, FARC)],
        [s for s in candidates if state.bases(s, auc)],
        candidates,
    ]
    for i, group in enumerate(groups):
        group = [s for s in group if i == 0 or ops.rally_place_limit(state, auc, s) > 0]
        if not group:
            continue
        space = group[0] if len(group) == 1 else random_space(
            state, dice, group, "Elite Backing (8.6.1)").space
        assert space is not None
        if i == 0:
            step = ops.rally_step(space, "base", min(2, state.active(space, auc)))
            what = "replace 2 Guerrillas with a Base"
        else:
            n = ops.rally_place_limit(state, auc, space)
            step = ops.rally_step(space, "place", n)
            what = f"place {n} Guerrilla{'s' if n != 1 else ''}"
        trace.add("elite_backing", "8.6.1", f"Elite Backing: Rally in {space_name(space)}: {what}")
        return propaganda.EliteBacking(rally=ops.Rally(steps=(step,)))
    trace.add("elite_backing", "8.6.1", "Elite Backing: no Rally possible")
    return propaganda.EliteBacking(rally=None)


def run_nonplayers(game: Game, dice: DiceSource | None = None,
                   on_turn: Callable[[TurnResult], None] | None = None) -> list[TurnResult]:
    """Play every Non-player decision until a player must decide or the game ends."""
    out = []
    game.play_on()
    while not game.is_terminal():
        faction = game.to_move()
        if faction is None or game.state.seats[faction] is not None:
            break
        result = take_turn(game, dice)
        out.append(result)
        if on_turn is not None:
            on_turn(result)
    return out


__all__ = ["OperationAction", "TurnResult", "decide", "discord_applies", "run_nonplayers",
           "take_turn", "two_players"]
