"""Procedures shared by several Operations, Special Activities and phases.

Civic Action (6.4.1) is both a Support Phase activity and a Train option (3.2.1), and
Agitation (6.4.2) a Support Phase activity that Events also grant; each lives once, here.
So do the 1.4.1 "maximum extent" check of Attack and Bribe and the decider that follows a
command's answer for where a Shipment goes when its Guerrilla is removed (4.5.3); the
decider that asks an Event's chooser instead is
:func:`core.events.choice.chooser_decider`, below the Event registry that uses it. The
2.3 queries that both the Operations and the Sequence of Play ask (is this the final Event
card, is a Faction a Non-player) are here too, below both.
"""

from __future__ import annotations

from typing import Any

from core.cards import CARDS, FIRST_DIVISION, SHADED
from core.commands import Context
from core.errors import IllegalAction
from core.map import space_name
from core.pieces import FACTION_KINDS, FACTIONS, FARC, GOVT, INSURGENTS, Faction, Piece
from core.space import SPACES
from core.state import GameState, ShipmentDecider
from core.words import counted

CIVIC_ACTION_COST = 3  # 6.4.1: every 3 Resources
AGITATION_COST = 1  # 6.4.2: every 1 Resource


def civic_action_problem(state: GameState, space: int, *, jointness: bool = False) -> str | None:
    """Why Civic Action is impossible in ``space`` (None if possible). 6.4.1: a City or
    Department with Government Control and both Troops and Police.

    1st Division (card 1) shaded: at least 2 Troops and 2 Police. Unshaded: in 1 space per
    Support Phase (``jointness=True``) Government Control and any cube suffice.
    """
    s = SPACES[space]
    if s.is_loc or not state.in_play(space):
        return f"{space_name(s)} is not a City or Department"
    if state.controller(space) is not GOVT:
        return f"{space_name(s)} is not under Government Control"
    troops, police = state.troops(space), state.police(space)
    if jointness and state.capability(FIRST_DIVISION) == "unshaded":
        if troops + police == 0:
            return f"{space_name(s)} has no cube"
        return None
    need = 2 if state.capability(FIRST_DIVISION) == SHADED else 1
    if troops < need or police < need:
        return f"{space_name(s)} needs {need}+ Troops and {need}+ Police for Civic Action"
    return None


def civic_action_step(state: GameState, space: int, *, free: bool = False) -> str:
    """One Civic Action step (6.4.1): pay 3, remove a Terror marker or, once none is left,
    shift 1 level toward Active Support. Returns what happened."""
    if not free:
        state.pay(GOVT, CIVIC_ACTION_COST, "6.4.1")
    if state.terror[space]:
        state.terror[space] -= 1
        return f"remove Terror in {space_name(space)}"
    if state.support[space] >= 2 or not SPACES[space].is_populated:
        raise IllegalAction("6.4.1", f"{space_name(space)} cannot shift further toward Support")
    state.shift(space, +1)
    return f"shift {space_name(space)} toward Active Support"


def agitation_problem(state: GameState, space: int) -> str | None:
    """Why FARC cannot Agitate in ``space`` (6.4.2: FARC-Controlled City or Department)."""
    s = SPACES[space]
    if s.is_loc or not state.in_play(space):
        return f"{space_name(s)} is not a City or Department"
    if state.controller(space) is not FARC:
        return f"{space_name(s)} is not under FARC Control"
    return None


def agitation_step(state: GameState, space: int, *, free: bool = False) -> str:
    """One Agitation step (6.4.2): pay 1, remove a Terror marker or, once none is left,
    shift 1 level toward Active Opposition."""
    if not free:
        state.pay(FARC, AGITATION_COST, "6.4.2")
    if state.terror[space]:
        state.terror[space] -= 1
        return f"remove Terror in {space_name(space)}"
    if state.support[space] <= -2 or not SPACES[space].is_populated:
        raise IllegalAction("6.4.2", f"{space_name(space)} cannot shift further toward Opposition")
    state.shift(space, -1)
    return f"shift {space_name(space)} toward Active Opposition"


def recall_own_pieces(state: GameState, ctx: Context, recall: tuple[Any, ...]) -> None:
    """Remove the executing Faction's own pieces to Available (1.4.1 bullet 2).

    Only a player Faction executing an Operation or Event may do so, e.g. to have
    Guerrillas to place Underground in a Rally or cubes to place in a Train. ``recall``
    is a tuple of ``(space, piece kind, number)``.
    """
    if recall and ctx.nonplayer:
        raise IllegalAction("1.4.1", "only a player Faction may remove its own pieces")
    own = {int(k) for k in FACTION_KINDS[ctx.faction]}
    for entry in recall:
        if len(entry) != 3:
            raise IllegalAction("1.4.1", f"a recall is (space, piece kind, number), not {entry!r}")
        space, kind, n = entry
        if not isinstance(space, int) or not 0 <= space < len(SPACES):
            raise IllegalAction("1.4.1", f"no space with id {space!r}")
        if kind not in own:
            raise IllegalAction("1.4.1", f"{ctx.faction.label} may remove only its own pieces")
        if not isinstance(n, int) or n < 1:
            raise IllegalAction("1.4.1", "a recall removes at least 1 piece")
        piece = Piece(kind)
        state.remove(space, piece, n)
        ctx.say(f"Remove {counted(n, piece.label)} from {space_name(space)} to Available (1.4.1)")


# ======================================================================================
# 2.3: where the Sequence of Play stands, for the Operations that depend on it
# ======================================================================================
def is_final_event_card(state: GameState) -> bool:
    """The last Event card before the final Propaganda card (2.3.9)."""
    if not state.deck:
        return False
    return CARDS[state.deck[0]].propaganda and state.propaganda_cards + 1 >= state.final_propaganda


def is_nonplayer(state: GameState, faction: Faction) -> bool:
    return state.seats[faction] is None


# ======================================================================================
# 1.4.1 / 3.1: a targeted Faction is affected to the maximum extent possible
# ======================================================================================
def full_extent_error(
    affected: int, most: int, still_open: dict[Faction, int], verb: str = "remove"
) -> IllegalAction | None:
    """The 1.4.1 error when a removal or Activation stops short, else None.

    1.4.1: "Once an enemy Faction is targeted, removal or Activation of pieces to the
    extent of the executing Faction's ability is required"; 3.1: "Once targeted, a
    Faction's pieces are affected to the maximum extent possible". ``affected`` pieces of
    at most ``most`` were affected in one space; ``still_open`` gives, for each targeted
    Faction, how many of its pieces there the same action could still affect.
    Shared by Attack (3.3.3) and Bribe (4.5.4).
    """
    if affected >= most:
        return None
    for target, left in still_open.items():
        if left:
            return IllegalAction(
                "1.4.1", f"{target.label} is targeted: {verb} {most} pieces if possible"
            )
    return None


# ======================================================================================
# 4.5.3: the owner says where a removed holder's Shipment goes
# ======================================================================================
#: A command's answer for a displaced Shipment: (space, owner Faction, receiving Faction).
ShipmentTransfer = tuple[int, int, int]


def transfers_decider(
    transfers: tuple[ShipmentTransfer, ...], rule: str = "4.5.3"
) -> ShipmentDecider | None:
    """A :meth:`GameState.shipment_decider` that follows a command's ``transfers``.

    Each entry answers once, for the next Shipment of ``owner`` displaced in ``space``
    (4.5.3: its holder removed and no Guerrilla of ``owner`` left there): it goes to a
    Guerrilla of the receiving Faction. Entries never needed are ignored; a Shipment no
    entry names follows the default order.
    """
    if not transfers:
        return None
    for entry in transfers:
        if len(entry) != 3:
            raise IllegalAction(rule, f"a Shipment transfer is (space, owner, to), not {entry!r}")
        space, owner, to = entry
        if not isinstance(space, int) or not 0 <= space < len(SPACES):
            raise IllegalAction(rule, f"no space with id {space!r}")
        for f in (owner, to):
            if f not in [int(x) for x in INSURGENTS]:
                raise IllegalAction(rule, f"{f!r} is not an Insurgent Faction")
    unused = [tuple(int(x) for x in entry) for entry in transfers]

    def decide(
        state: GameState, space: int, owner: Faction, options: list[Faction]
    ) -> Faction | None:
        for entry in unused:
            if entry[0] == space and entry[1] == int(owner):
                unused.remove(entry)
                return FACTIONS[entry[2]]
        return None

    return decide
