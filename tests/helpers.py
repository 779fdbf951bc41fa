"""Helpers for building hand-made positions in tests."""

from __future__ import annotations

from core.map import MAP
from core.pieces import Faction, Piece
from core.rules.sequence import fresh_card_step
from core.state import GameState


def sid(name: str) -> int:
    """Space id from a (prefix of a) name: sid("Huila")."""
    return MAP.id_of(name)


def blank_state(resources: int = 10, card: int = 19) -> GameState:
    """An empty board in the middle of an Event card, all Factions Eligible and with
    ``resources`` each. ``card`` is the current card (default 19 General Offensive)."""
    state = GameState()
    state.resources = [resources] * 4
    state.aid = 9
    state.current_card = card
    state.played = [card]
    state.deck = [c for c in range(1, 73) if c != card][:20]
    state.phase = "card"
    state.step = fresh_card_step()
    return state


def put(state: GameState, space: str | int, kind: Piece, n: int = 1) -> None:
    """Place pieces directly (bypassing Operations) for setting up a test position."""
    s = space if isinstance(space, int) else sid(space)
    state.pieces[s * len(Piece) + kind] += n


__all__ = ["Faction", "Piece", "blank_state", "put", "sid"]


def run_as(faction, state: GameState, cmd, **context):  # type: ignore[no-untyped-def]
    """Execute ``cmd`` for ``faction`` directly and check the invariants; return the Context."""
    from core.commands import Context

    ctx = Context(faction=faction, **context)
    cmd.execute(state, ctx)
    assert state.check_invariants() == []
    return ctx


def illegal_as(faction, state: GameState, cmd, rule: str, **context):  # type: ignore[no-untyped-def]
    """Assert ``cmd`` is refused for ``faction`` under ``rule``; return the IllegalAction."""
    import pytest

    from core.commands import Context
    from core.errors import IllegalAction

    with pytest.raises(IllegalAction) as err:
        cmd.execute(state.clone(), Context(faction=faction, **context))
    assert err.value.rule == rule, str(err.value)
    return err.value


def trim_ecuador(state: GameState) -> None:
    """Remove pieces beyond card 33's limit of 2 per Faction in Ecuador (1.4.2), for
    random test positions built with put()."""
    from core.map import MAP
    from core.pieces import FACTION_KINDS

    e = MAP.ECUADOR
    for faction, kinds in FACTION_KINDS.items():
        for kind in kinds:
            while state.faction_pieces(e, faction) > 2 and state.count(e, kind):
                state.remove(e, kind)
