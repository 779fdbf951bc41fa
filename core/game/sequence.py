"""Sequence of Play (2.0): Event cards, Eligibility, Pass, Limited Operations, Ship,
Propaganda cards and the end of the game.

Where play stands is kept in ``state.phase`` and ``state.step``:

* ``phase == "card"``: an Event card is being played. ``step`` holds
  ``acted`` (list of ``[faction, kind]``, kind one of ``op``, ``op_sa``, ``event``),
  ``passed`` (factions that Passed on this card), ``shipped`` (factions that benefited
  from a Shipment this card, 2.3.6) and ``eligible_next`` (``{faction: bool}`` overrides
  set by Events, 2.3.7).
* ``phase == "propaganda"``: a Propaganda Round; ``step`` is owned by
  :mod:`core.rules.propaganda` (``step["phase"]`` names the decision awaited and
  ``step["faction"]`` who makes it).
* ``phase == "over"``: the game has ended; ``step`` holds reason, ranking and margins.

The three top-level choices of an Eligible Faction are the commands :class:`Pass`,
:class:`PlayEvent` and :class:`OperationAction` (an Operation with its optional Special
Activity and optional Ship).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from core import events
from core.cards import CARDS
from core.commands import (
    Command,
    Context,
    MaybeInt,
    MaybeOperation,
    MaybeSpecial,
    Operation,
    SpecialActivity,
    command,
)
from core.dice import DiceSource
from core.errors import IllegalAction
from core.pieces import FACTIONS, GOVT, Faction
from core.rules import propaganda, victory
from core.rules.common import is_final_event_card, is_nonplayer, transfers_decider
from core.state import GameState
from core.words import counted

PASS = "pass"
EVENT = "event"
OPERATION = "operation"  # full Operation, Special Activity allowed
LIMITED = "limited_operation"  # 2.3.5

_OPTION_RULE = {PASS: "2.3.3", EVENT: "2.3.4", OPERATION: "2.3.4", LIMITED: "2.3.5"}


def fresh_card_step() -> dict[str, Any]:
    return {"acted": [], "passed": [], "shipped": [], "eligible_next": {}}


# ======================================================================================
# who decides, and what may they do
# ======================================================================================
def current_order(state: GameState) -> tuple[Faction, ...]:
    if state.current_card is None:
        return ()
    return CARDS[state.current_card].faction_order


def to_move(state: GameState) -> Faction | None:
    """The Faction whose decision the game awaits, or None (game over)."""
    if state.phase == "card":
        step = state.step
        acted = step["acted"]
        if len(acted) >= 2:
            return None
        passed = step["passed"]
        eligible = state.eligible
        for f in current_order(state):
            if eligible[f] and f not in passed and (not acted or acted[0][0] != f):
                return f
        return None
    if state.phase == "propaganda":
        faction = state.step.get("faction")
        return None if faction is None else FACTIONS[faction]
    return None


def position(state: GameState) -> int:
    """1 if the Faction to move is the 1st Eligible, 2 if 2nd (2.3.2)."""
    return 1 + len(state.step["acted"]) if state.phase == "card" else 0


def options(state: GameState) -> list[str]:
    """What the Faction to move may do on this Event card (2.3.3-2.3.5, 2.3.9, 8.1).

    Returns a subset of ``pass``, ``event``, ``operation`` (with a Special Activity
    allowed) and ``limited_operation``. The Event option is listed only when the card's
    Event is implemented for at least one side.
    """
    faction = to_move(state)
    if state.phase != "card" or faction is None:
        return []
    card = state.current_card
    event_ok = card is not None and bool(events.sides_of(card))
    acted = state.step["acted"]
    if not acted:
        opts = [PASS, OPERATION] + ([EVENT] if event_ok else [])
    else:
        first = acted[0][1]
        if first == "event":
            opts = [PASS, OPERATION]
        elif first == "op_sa":
            opts = [PASS, LIMITED] + ([EVENT] if event_ok else [])
        else:
            opts = [PASS, LIMITED]
    nonplayer = is_nonplayer(state, faction)
    if nonplayer:
        # 8.1: Non-players never execute a Limited Operation: a full Op (+SA) instead,
        # and the Final Event Card restrictions do not apply to them.
        opts = [OPERATION if o == LIMITED else o for o in opts]
    elif is_final_event_card(state):
        opts = [LIMITED if o == OPERATION else o for o in opts]
    return opts


# ======================================================================================
# top-level commands
# ======================================================================================
@command
class Pass(Command):
    """Pass (2.3.3): +1 Resources (+3 for the Government); stay Eligible."""

    name = "Pass"

    def execute(self, state: GameState, ctx: Context) -> None:
        _require_option(state, ctx.faction, PASS)
        gain = 3 if ctx.faction is GOVT else 1
        got = state.add_resources(ctx.faction, gain)
        state.step["passed"].append(int(ctx.faction))
        ctx.say(f"{ctx.faction.label} Pass: +{counted(got, 'Resource')} (2.3.3)")


@command
class PlayEvent(Command):
    """Execute the current card's Event, unshaded or shaded side (5.1, 5.2).

    ``choices`` are the answers to the Event's open choices, in the order the card asks
    them (see :mod:`core.events.choice`). Leave it empty to have ``ctx.chooser`` (a
    person or a bot) answer; the answers given are recorded into the logged command, so
    a replay needs no chooser.
    """

    side: "str" = "unshaded"
    choices: "tuple[tuple[int | str, ...], ...]" = ()
    name = "Event"

    def execute(self, state: GameState, ctx: Context) -> None:

        _require_option(state, ctx.faction, EVENT)
        card = state.current_card
        assert card is not None
        if not events.implemented(card, self.side):
            raise IllegalAction("5.2", f"card {card} has no {self.side} Event to execute")
        state.step["acted"].append([int(ctx.faction), "event"])
        text = CARDS[card].text(self.side)
        quote = f': "{text}"' if text is not None else ""
        word = CARDS[card].side_word(self.side)
        ctx.say(f"{ctx.faction.label} executes the {word + ' ' if word else ''}Event of "
                f"{CARDS[card]}{quote}")
        ctx.notes["event_choices"] = events.run_event(state, ctx, card, self.side, self.choices)


class StartedOperation(NamedTuple):
    """An :class:`OperationAction` between :meth:`~OperationAction.start` and
    :meth:`~OperationAction.conclude`."""

    op_ctx: Context
    sa_ctx: Context | None
    resources_before: int
    final_card: bool


@command
class OperationAction(Command):
    """An Operation (3.0) with an optional Special Activity (4.0) and optional Ship (2.3.6).

    * ``special_first``: execute the Special Activity before the Operation (4.1: "at any
      one time immediately before, during, or immediately after"). Special Activities
      that act *during* an Operation (Ambush) are resolved by the Operation itself.
    * ``ship``: index of a Shipment to remove for a free Limited Operation ``ship_op``
      right after an Operation that paid Resources and had no Special Activity (2.3.6).
    * ``transfers``: where Shipments go whose Guerrilla is removed with no other
      Guerrilla of their owner left in the space (4.5.3, the owner's choice), each
      ``(space, owner, receiving Faction)``, used once, for a player owner; unnamed ones
      follow the default order, a Non-player's 8.1.2 (see ``GameState.settle_shipments``).
    """

    op: "Operation"
    special: "MaybeSpecial" = None
    special_first: "bool" = False
    ship: "MaybeInt" = None
    ship_op: "MaybeOperation" = None
    transfers: "tuple[tuple[int, int, int], ...]" = ()
    name = "Operation"

    def execute(self, state: GameState, ctx: Context) -> None:

        with state.shipment_decider(transfers_decider(self.transfers)):
            self._execute(state, ctx)

    def _execute(self, state: GameState, ctx: Context) -> None:
        started = self.start(state, ctx)
        sa_ctx = started.sa_ctx  # made by start() exactly when there is a special
        if self.special is not None and self.special_first:
            assert sa_ctx is not None
            self.special.execute(state, sa_ctx)
            self.op.execute(state, started.op_ctx)
        else:
            self.op.execute(state, started.op_ctx)
            if self.special is not None:
                assert sa_ctx is not None
                self.special.execute(state, sa_ctx)
        self.conclude(state, ctx, started)

    def start(self, state: GameState, ctx: Context) -> StartedOperation:
        """Everything before the Operation and Special Activity execute: who may act and
        how (2.3.2-2.3.5, 2.3.9, 4.1.1), and their Contexts (trace and notes shared).

        ``execute`` is ``start``, the Operation (and Special Activity), ``conclude``;
        the random player also runs them apart (``core.game.random_play``), outside the
        ``transfers`` decider, so only for commands without ``transfers``."""
        opts = options(state)
        if to_move(state) is not ctx.faction:
            raise IllegalAction("2.3.2", f"it is not {ctx.faction.label}'s turn to act")
        if OPERATION in opts:
            limited = False
        elif LIMITED in opts:
            limited = True
        else:
            raise IllegalAction("2.3.4", f"{ctx.faction.label} may not execute an Operation now")
        nonplayer = is_nonplayer(state, ctx.faction)
        final = is_final_event_card(state) and not nonplayer
        _check_final_card(self.op, final)
        if limited:
            _check_limited(self.op, self.special, "2.3.5")
        op_ctx = Context(
            faction=ctx.faction,
            dice=ctx.dice,
            limited=limited,
            final_card=final,
            nonplayer=nonplayer,
            special=self.special,
            trace=ctx.trace,
            notes=ctx.notes,
        )
        started = StartedOperation(op_ctx, None, state.resources[ctx.faction], final)
        if self.special is not None:
            started = self.with_special(started, ctx, self.special)
        return started

    def with_special(
        self, started: StartedOperation, ctx: Context, special: SpecialActivity
    ) -> StartedOperation:
        """``started`` with the Context of ``special`` accompanying this Operation (4.1.1)."""
        if special.accompanies and self.op.name not in special.accompanies:
            raise IllegalAction("4.1.1", f"{special.name} may not accompany {self.op.name}")
        sa_ctx = Context(
            faction=ctx.faction,
            dice=ctx.dice,
            nonplayer=started.op_ctx.nonplayer,
            op=self.op,
            trace=ctx.trace,
            notes=ctx.notes,
        )
        return started._replace(sa_ctx=sa_ctx)

    def conclude(self, state: GameState, ctx: Context, started: StartedOperation) -> None:
        """After the Operation (and Special Activity): it selected a space (3.1), the
        Faction has acted (2.3.7), and Ship (2.3.6) if asked."""
        if not self.op.spaces():
            raise IllegalAction("3.1", f"{self.op.name} selected no space")
        paid = state.resources[ctx.faction] < started.resources_before
        kind = "op_sa" if self.special is not None else "op"
        state.step["acted"].append([int(ctx.faction), kind])
        if self.ship is not None or self.ship_op is not None:
            self._ship(state, ctx, paid, started.final_card)

    def _ship(self, state: GameState, ctx: Context, paid: bool, final: bool) -> None:
        if self.ship is None or self.ship_op is None:
            raise IllegalAction("2.3.6", "Ship needs both a Shipment and a Limited Operation")
        if is_nonplayer(state, ctx.faction):
            raise IllegalAction("8.1", "Non-players do not Ship")
        if self.special is not None:
            raise IllegalAction("2.3.6", "Ship only after an Operation without Special Activity")
        if not paid:
            raise IllegalAction("2.3.6", "Ship only after an Operation that paid Resources")
        if int(ctx.faction) in state.step["shipped"]:
            raise IllegalAction("2.3.6", "a Faction benefits from only 1 Shipment per card")
        if not 0 <= self.ship < len(state.shipments) or state.shipments[self.ship] is None:
            raise IllegalAction("2.3.6", f"Shipment {self.ship} is not on the map")
        _check_final_card(self.ship_op, final)
        _check_limited(self.ship_op, None, "2.3.6")
        state.remove_shipment(self.ship)
        state.step["shipped"].append(int(ctx.faction))
        ctx.say(f"{ctx.faction.label} Ship: remove a Shipment for a free Limited Operation")
        ship_ctx = Context(
            faction=ctx.faction,
            dice=ctx.dice,
            free=True,
            limited=True,
            final_card=final,
            trace=ctx.trace,
            notes={},
        )
        self.ship_op.execute(state, ship_ctx)


def _check_final_card(op: Operation, final: bool) -> None:
    """2.3.9: no Sweep or March for a player Faction on the final Event card."""
    if final and op.name in ("Sweep", "March"):
        raise IllegalAction("2.3.9", f"no {op.name} on the final Event card")


def _check_limited(op: Operation, special: SpecialActivity | None, rule: str) -> None:
    if special is not None:
        raise IllegalAction(rule, "a Limited Operation has no Special Activity")
    if len(set(op.destinations())) > 1:
        raise IllegalAction(rule, "a Limited Operation involves only 1 (destination) space")


def _require_option(state: GameState, faction: Faction, option: str) -> None:
    if to_move(state) is not faction:
        raise IllegalAction("2.3.2", f"it is not {faction.label}'s turn to act")
    if option not in options(state):
        raise IllegalAction(_OPTION_RULE[option], f"{faction.label} may not {option} now")


# ======================================================================================
# moving play along
# ======================================================================================
def card_ended(state: GameState) -> bool:
    """Nobody is left to decide on the Event card in play: its end (2.3.7 Eligibility,
    2.3.8 next card) is due. Only a turn applied with ``stop_after_turn`` leaves a
    state here; the next command carries the end out first (see :func:`advance`)."""
    return state.phase == "card" and to_move(state) is None


def advance(state: GameState, dice: DiceSource, stop_after_turn: bool = False,
            observe: propaganda.Observer | None = None) -> None:
    """After a command: finish the card, play the next ones, run automatic phases, until
    a decision is needed or the game is over.

    ``stop_after_turn``: stop right after the turn, before the card's end (2.3.7-2.3.8)
    and whatever automatic phases the next card brings (6.0); the state is then
    :func:`card_ended` and a later ``advance`` goes on from there. Nothing in these steps
    rolls dice, so stopping changes only *when* they happen, never what they do.
    ``observe``: told of each Propaganda stage a Round begun here runs
    (:data:`core.rules.propaganda.Observer`).
    """
    while True:
        if state.phase == "card":
            if to_move(state) is not None or stop_after_turn:
                return
            end_card(state)
            next_card(state, dice)
        elif state.phase == "propaganda":
            if state.step.get("phase") != "done":
                return
            end_round(state, dice)
        else:
            return
        if state.phase == "propaganda" and not state.step:
            propaganda.start_round(state, dice, observe)


def end_card(state: GameState) -> None:
    """Adjust Eligibility (2.3.7): Factions that executed an Operation or Event become
    Ineligible, all others Eligible, unless an Event said otherwise."""
    executed = {a[0] for a in state.step["acted"]}
    for f in FACTIONS:
        state.eligible[f] = int(f) not in executed
    for f, value in state.step.get("eligible_next", {}).items():
        state.eligible[int(f)] = bool(value)


def next_card(state: GameState, dice: DiceSource) -> None:
    """Play the draw deck's top card (2.3.8); Propaganda cards start a Round (2.4, 6.0)."""
    while True:
        if not state.deck:
            victory.finish(state, "the deck ran out (7.3)")
            return
        card = state.deck.pop(0)
        state.played.append(card)
        state.current_card = card
        if not CARDS[card].propaganda:
            state.last_was_propaganda_round = False
            state.phase = "card"
            state.step = fresh_card_step()
            return
        state.propaganda_cards += 1
        if state.last_was_propaganda_round:
            # 6.0 EXCEPTION: never 2 Propaganda Rounds in a row; a final one ends the game.
            if state.propaganda_cards >= state.final_propaganda:
                victory.finish(state, "final Propaganda card played (2.4.1, 6.0, 7.3)")
                return
            continue
        state.last_was_propaganda_round = True
        state.phase = "propaganda"
        state.step = {}
        return


def end_round(state: GameState, dice: DiceSource) -> None:
    """After a Propaganda Round: the game ends after the final one (2.4.1, 7.3)."""
    if state.propaganda_cards >= state.final_propaganda:
        victory.finish(state, "final Propaganda Round completed (2.4.1, 7.3)")
        return
    next_card(state, dice)


def start_game(state: GameState, dice: DiceSource,
               observe: propaganda.Observer | None = None) -> None:
    """Reveal the first card and begin (2.2); ``observe``: as for :func:`advance`."""
    next_card(state, dice)
    if state.phase == "propaganda" and not state.step:
        propaganda.start_round(state, dice, observe)
    advance(state, dice, observe=observe)
