"""Editor commands: set up a position by hand, outside the Sequence of Play.

Tabletop users tell the program which card was drawn; analysis tools ask "what would
this Faction do if it were Eligible now?". Editor commands do that *through the log*
(they are logged and replayed like any other command), so a game changed by hand still
replays exactly. They are not Operations: nobody pays, no Eligibility changes but the
one they set.
"""

from __future__ import annotations

from core.cards import CARDS
from core.commands import Command, Context, command
from core.errors import IllegalAction
from core.game import sequence
from core.pieces import Faction
from core.seating import player_count, seating_problem
from core.setup import GOVERNMENT_AI
from core.state import GameState

AFTER_KINDS = ("op", "op_sa", "event")


class EditorCommand(Command):
    """Marker base class: executed directly, without the Sequence of Play's checks."""


def bring_into_deck(state: GameState, card: int) -> None:
    """Make sure ``card`` is in the program's draw deck (IllegalAction if it was played:
    each card is played once, 2.3.8).

    The set up puts some Event cards aside unseen (the full game plays 60 of the 72), and
    the table's aside cards are not the program's. A card the table plays that the
    program had set aside takes the place of the program's bottom-most Event card, which
    goes aside instead: the deck keeps its size and its Propaganda cards.
    """
    if card in state.deck:
        return
    if card in state.played:
        raise IllegalAction("editor", f"{CARDS[card]} has already been played")
    for i in range(len(state.deck) - 1, -1, -1):
        if not CARDS[state.deck[i]].propaganda:
            state.deck[i] = card
            return
    raise IllegalAction("editor", f"{CARDS[card]} cannot come up: no Event card left in the deck")


@command
class SetTurn(EditorCommand):
    """Make ``faction`` the Eligible Faction to decide on Event card ``card``.

    ``position`` 1: 1st Eligible (the Factions before it on the card treated as having
    Passed; those after it still Eligible, the 2nd Eligible among them to decide next).
    ``position`` 2: 2nd Eligible, after the 1st Eligible (the leftmost other Faction on
    the card) executed ``after`` ("op", "op_sa" or "event", 2.3.4).
    ``nonplayer``: from now on the Faction is run by the section-8 rules (its seat empty).
    """

    faction: "int"
    card: "int"
    position: "int" = 1
    after: "str" = "op"
    nonplayer: "bool" = False
    name = "Set Turn"

    def execute(self, state: GameState, ctx: Context) -> None:
        if state.phase == "over":
            raise IllegalAction("7.0", "the game is over")
        if self.card not in CARDS or CARDS[self.card].propaganda:
            raise IllegalAction("2.3", f"{self.card} is not an Event card (1-72)")
        if self.position not in (1, 2):
            raise IllegalAction("2.3.2", "position is 1 (1st Eligible) or 2 (2nd Eligible)")
        if self.after not in AFTER_KINDS:
            raise IllegalAction("2.3.4", f"after must be one of {', '.join(AFTER_KINDS)}")
        faction = Faction(self.faction)
        if sequence.card_ended(state):
            # a turn stopped before its card's end (np-turn): that card ends first (2.3.7)
            sequence.end_card(state)
        if self.nonplayer and state.seats[faction] is not None:
            seats = [None if f is faction else s for f, s in zip(Faction, state.seats)]
            problem = seating_problem(seats, state.options.get(GOVERNMENT_AI))
            if problem is not None:
                raise IllegalAction("1.5", f"{faction.label} to section 8: {problem}")
        if state.current_card != self.card:
            # the card comes off the draw deck (one the program had set aside takes the
            # place of its bottom-most Event card)
            bring_into_deck(state, self.card)
            state.deck.remove(self.card)
            state.played.append(self.card)
            state.current_card = self.card
        if self.nonplayer and state.seats[faction] is not None:
            state.seats = seats
            state.options["players"] = player_count(seats)
        state.phase = "card"
        state.step = sequence.fresh_card_step()
        state.eligible[faction] = True
        order = list(CARDS[self.card].faction_order)
        others = [f for f in order if f is not faction]
        if self.position == 2:
            first = others.pop(0)
            state.step["acted"].append([int(first), self.after])
            state.step["passed"].extend(int(f) for f in others)
        else:
            # 1st Eligible: the Factions before it on the card declined (Passed); those
            # after it are still to decide (2.3.2), so play stops after its turn with the
            # 2nd Eligible to move instead of ending the card there and then
            before = order[: order.index(faction)]
            state.step["passed"].extend(int(f) for f in before)
        ctx.say(f"Set up: {faction.label} is {['1st', '2nd'][self.position - 1]} Eligible on "
                f"{CARDS[self.card]}")


@command
class SetSeat(EditorCommand):
    """Change who decides for ``faction`` from now on (issue 34): a seat handed from an
    outside agent to a person or back, or to the seat's default player when its agent
    failed. Logged like any command, so the save says who played when.

    ``seat``: a player number 1-4 (a person, or an agent, at the table: it decides with a
    player's options) or None (a Non-player: the section-8 flowchart, or for the
    Government the program's AI named by ``government_ai``, as in ``state.options``).
    ``who`` names the new decider for the log ("agent 'python3 bot.py'", "a person",
    "the section-8 flowchart: the agent stopped answering"); the rules read only the seat.
    The seating must stay playable (:func:`core.seating.seating_problem`).
    """

    faction: "int"
    seat: "int | None"
    government_ai: "str | None" = None
    who: "str" = ""
    name = "Set Seat"

    def execute(self, state: GameState, ctx: Context) -> None:
        if state.phase == "over":
            raise IllegalAction("7.0", "the game is over")
        faction = Faction(self.faction)
        if self.seat is not None and not 1 <= self.seat <= 4:
            raise IllegalAction("1.5", f"a seat is a player number 1-4, not {self.seat}")
        if self.government_ai is not None and (faction is not Faction.GOVT
                                               or self.seat is not None):
            raise IllegalAction("1.5", "only a Non-player Government is run by a Government "
                                "AI")
        seats = list(state.seats)
        seats[faction] = self.seat
        government_ai = state.options.get(GOVERNMENT_AI)
        if faction is Faction.GOVT:
            government_ai = self.government_ai
        problem = seating_problem(seats, government_ai)
        if problem is not None:
            raise IllegalAction("1.5", problem)
        state.seats[:] = seats
        if government_ai is None:
            state.options.pop(GOVERNMENT_AI, None)
        else:
            state.options[GOVERNMENT_AI] = government_ai
        state.options["players"] = player_count(seats)
        who = self.who or (f"player {self.seat}" if self.seat is not None else "a Non-player")
        ctx.say(f"{faction.label} is played from now on by {who}")


@command
class PlayOn(EditorCommand):
    """Go on from a turn stopped before its card's end (``np-turn``): the card ends
    (2.3.7), the next card is played (2.3.8) with a Propaganda card's automatic phases
    (6.0), up to the next decision. Any other command does this first by itself; this
    one is for callers that must know who decides next before choosing a command."""

    name = "Play On"

    def execute(self, state: GameState, ctx: Context) -> None:
        if not sequence.card_ended(state):
            raise IllegalAction("2.3", "no card end is pending: play is already going on")
        card = state.current_card
        sequence.advance(state, ctx.dice)
        ctx.say(f"Card {card} ends (2.3.7); play goes on with card {state.current_card}")
