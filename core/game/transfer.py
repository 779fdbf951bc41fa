"""Voluntary transfers between Factions (1.5.2), to a Non-player too (8.1.2 PLAY NOTE).

1.5.2 "Players may make any mutual arrangements within the rules but may voluntarily
transfer only Resources (1.7) or Shipments (4.5.3) and only during either's execution by
the Sequence of Play (2.3.4) of an Operation or Event." 1.5.1: "Players may not
voluntarily transfer (1.5.2) between their own Factions." Section 8, PLAY NOTE of 8.1.2:
« Les joueurs peuvent faire normalement des transferts (1.5.1) vers des Factions
Non-Joueurs, par exemple le Gouvernement vers le Non-Joueur représentant les AUC ».

:class:`Transfer` is a :class:`~core.commands.SideCommand`: it takes no turn and leaves
the Sequence of Play where it was, but it is checked, logged and replayed like every
command. Read here (docs/readings.md#r-transfer-when):

* "during either's execution": while the giver or the receiver is the Faction to move on
  an Event card (its turn, before its command); not during a Propaganda Round.
* the giver is a player's Faction (a Non-player follows section 8, which gives it no
  transfers); the receiver any other Faction not played by the same person (1.5.1).
* a Shipment passes from a Guerrilla of the giver to a Guerrilla of the receiver in the
  same space (4.5.3: Shipments are always held by a Guerrilla).
"""

from __future__ import annotations

from core.commands import Context, SideCommand, command
from core.errors import IllegalAction
from core.game import sequence
from core.map import MAP, space_name
from core.pieces import MAX_RESOURCES, Faction
from core.state import GameState
from core.words import counted

_SPACES = frozenset(s.id for s in MAP.spaces)


def transfer_problem(state: GameState, giver: Faction, receiver: Faction) -> IllegalAction | None:
    """Why ``giver`` may not transfer to ``receiver`` now (1.5.1-1.5.2), or None."""
    if giver is receiver:
        return IllegalAction("1.5.2", "a transfer goes to another Faction")
    if state.seats[giver] is None:
        return IllegalAction("1.5.2", f"{giver.label} is a Non-player: only players give "
                             "(8.1.2 PLAY NOTE)")
    if state.seats[receiver] == state.seats[giver]:
        return IllegalAction("1.5.1", f"{giver.label} and {receiver.label} are played by the "
                             "same player: no transfer between one's own Factions")
    if state.phase != "card":
        return IllegalAction("1.5.2", "transfers only during an Operation or Event on an "
                             "Event card")
    mover = sequence.to_move(state)
    if mover not in (giver, receiver):
        return IllegalAction("1.5.2", "transfers only during the giver's or the receiver's "
                             f"turn; {mover.label if mover else 'nobody'} is to move")
    return None


@command
class Transfer(SideCommand):
    """``giver`` gives ``resources`` Resources and the Shipments it holds in the spaces
    ``shipments`` (one per entry) to ``receiver`` (1.5.2)."""

    giver: "int"
    receiver: "int"
    resources: "int" = 0
    shipments: "tuple[int, ...]" = ()
    name = "Transfer"

    def actor(self) -> Faction:
        return self.factions()[0]

    def factions(self) -> tuple[Faction, Faction]:
        """The giver and the receiver; IllegalAction for a number that is no Faction
        (a save or an agent can give one, and the actor is read before execute)."""
        try:
            return Faction(self.giver), Faction(self.receiver)
        except ValueError:
            raise IllegalAction("1.5.2", "a transfer names two Factions 0-3") from None

    def execute(self, state: GameState, ctx: Context) -> None:
        giver, receiver = self.factions()
        problem = transfer_problem(state, giver, receiver)
        if problem is not None:
            raise problem
        if not isinstance(self.resources, int) or self.resources < 0:
            raise IllegalAction("1.5.2", f"Resources must be 0 or more, not {self.resources!r}")
        if self.resources == 0 and not self.shipments:
            raise IllegalAction("1.5.2", "a transfer gives Resources or Shipments")
        if self.resources > state.resources[giver]:
            raise IllegalAction("1.7", f"{giver.label} Resources are "
                                f"{state.resources[giver]}, fewer than {self.resources}")
        # what fits under the receiver's 99 (1.7) moves; the rest stays with the giver
        # (transfer_resources would take it from the giver and lose it, as a Kidnap does)
        fits = min(self.resources, MAX_RESOURCES - state.resources[receiver])
        moved = state.transfer_resources(giver, receiver, fits)
        if moved:
            ctx.say(f"Transfer: {counted(moved, 'Resource')} from {giver.label} to "
                    f"{receiver.label} (1.5.2)")
        if moved < self.resources:
            ctx.say(f"{receiver.label} Resources stop at 99 (1.7): "
                    f"{self.resources - moved} stay with {giver.label}")
        for space in self.shipments:
            held = state.shipments_at(space, giver) if space in _SPACES else []
            if not held:
                where = space_name(space) if space in _SPACES else repr(space)
                raise IllegalAction("4.5.3", f"no {giver.label} Shipment in {where}")
            state.transfer_shipment(held[0], receiver)
            ctx.say(f"Transfer: a Shipment in {space_name(space)} from {giver.label} to "
                    f"{receiver.label} (1.5.2, 4.5.3)")
