"""The transfer form (1.5.2; to a Non-player too, 8.1.2 PLAY NOTE), for every seat's
interface: which Faction gives, to whom, how many Resources, which Shipments.

It offers only what :class:`core.game.transfer.Transfer` accepts now: the (giver,
receiver) pairs :func:`core.game.transfer.transfer_problem` allows (during the turn of
one of them, from a player, not between one person's own Factions), Resources up to what
the giver holds, and the giver's Shipments in spaces where the receiver has a Guerrilla
(4.5.3). ``play`` and ``assist`` (screen and ``--plain``) run it; ``andean transfer``
builds the same command from its options.
"""

from __future__ import annotations

from core.game.transfer import Transfer, transfer_problem
from core.map import space_name
from core.pieces import Faction
from core.state import GameState
from decisions.base import Form, FormRun, InputError, Option, Question


def transfer_pairs(state: GameState) -> list[tuple[Faction, Faction]]:
    """Every (giver, receiver) allowed to transfer now (1.5.1-1.5.2)."""
    return [(g, r) for g in Faction for r in Faction
            if g is not r and transfer_problem(state, g, r) is None]


def _shipment_spaces(state: GameState, giver: Faction, receiver: Faction) -> list[int]:
    """One entry per Shipment ``giver`` holds where ``receiver`` has a Guerrilla."""
    return [s for s, holder in (e for e in state.shipments if e is not None)
            if holder == int(giver) and state.guerrillas(s, receiver)]


def transfer_form(state: GameState) -> Form:
    """Ask the transfer; return the :class:`Transfer` (InputError: none is possible)."""
    pairs = transfer_pairs(state)
    if not pairs:
        raise InputError("no transfer is possible now: only a player's Faction gives, "
                         "during its own or the receiver's turn on an Event card (1.5.2)")
    givers = list(dict.fromkeys(g for g, _ in pairs))
    giver: Faction = givers[0]
    if len(givers) > 1:
        giver = yield Question.one("Transfer (1.5.2): which Faction gives?",
                                   [Option(g, g.label) for g in givers])
    receivers = [r for g, r in pairs if g is giver]
    receiver: Faction = receivers[0]
    if len(receivers) > 1:
        receiver = yield Question.one(
            f"Transfer (1.5.2): {giver.label} gives to which Faction?",
            [Option(r, r.label, "Non-player" if state.seats[r] is None else "")
             for r in receivers])
    resources = 0
    if state.resources[giver] > 0:
        resources = yield Question.number(
            f"How many Resources does {giver.label} give {receiver.label}? (1.7)",
            0, state.resources[giver], default=0)
    spaces = _shipment_spaces(state, giver, receiver)
    shipments: list[int] = []
    if spaces:
        shipments = yield Question.many(
            f"Which {giver.label} Shipments pass to a {receiver.label} Guerrilla? (4.5.3)",
            [Option(s, space_name(s)) for s in dict.fromkeys(spaces)], 0, len(spaces),
            repeat=len(set(spaces)) < len(spaces))
    if resources == 0 and not shipments:
        raise InputError("a transfer gives Resources or Shipments (1.5.2)")
    return Transfer(int(giver), int(receiver), resources, tuple(shipments))


class TransferDecision:
    """The transfer as a decision the screens run like any other (``form``; no dice)."""

    def __init__(self, state: GameState) -> None:
        self.memo = None
        self.form = FormRun(lambda: transfer_form(state))


__all__ = ["TransferDecision", "transfer_form", "transfer_pairs"]
