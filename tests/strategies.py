"""Random legal positions for property tests: the hypothesis strategy of seeds they are
drawn from, a random board built directly (:func:`random_position`) and a board reached by
random legal play (:func:`random_play`)."""

from __future__ import annotations

import random

from hypothesis import strategies as st

from core import events
from core.events.choice import RandomChooser
from core.game import Game
from core.game.random_play import random_command
from core.map import MAP
from core.pieces import ACTIVE_OF, INSURGENTS, UNDERGROUND_OF, Piece
from core.state import GameState
from tests.codes import AB, CB, FB, P, T
from tests.helpers import blank_state, put

# Any seed of a random.Random: a property test draws one and builds its position from it,
# so hypothesis reports (and replays) a failing position by its seed.
SEEDS = st.integers(0, 2**32 - 1)


def random_play(game: Game, rng: random.Random, steps: int, answer_events: bool = True) -> Game:
    """Play up to ``steps`` random legal commands on ``game`` (fewer if it ends), Event
    choices answered at random from ``rng`` unless ``answer_events`` is off (then the game's
    own default applies); return ``game``."""
    for _ in range(steps):
        if game.is_terminal():
            break
        chooser = RandomChooser(rng) if answer_events else None
        game.apply(random_command(game.state, rng), chooser=chooser)
    return game


CAPABILITY_CARDS = (
    events.OSPINA_MORA, events.TAPIAS, events.HIGH_MOUNTAIN_BATTALIONS, 10, events.NDSC,
    events.PLAN_METEORO,
)
MOMENTUM_CARDS = (events.PLAN_COLOMBIA, events.MADRID_DONORS, 27)


def random_position(rng: random.Random, lasting: bool = True) -> GameState:
    """A random legal position: pieces within inventory and stacking, FARC Zones free of
    Government forces, Shipments under Guerrillas, random Capabilities and Momentum."""
    state = blank_state(resources=rng.choice([0, 2, 3, 5, 9, 15, 30, 60]))
    state.aid = rng.randint(0, 29)
    if rng.random() < 0.3:
        state.foreign_in_play = rng.sample([MAP.PANAMA, MAP.ECUADOR], rng.randint(1, 2))
    depts = [s.id for s in MAP.departments]
    for d in rng.sample(depts, rng.choice([0, 0, 1, 2])):
        state.farc_zone[d] = 1
    density = rng.choice([0.2, 0.5, 0.8])
    for s in state.spaces_in_play():
        if rng.random() < density:
            _random_pieces(state, s.id, rng)
        if s.is_populated:
            state.support[s.id] = rng.randint(-2, 2)
        if rng.random() < 0.15:
            state.terror[s.id] = rng.randint(1, 2)
    _random_shipments(state, rng)
    if lasting:
        for card in CAPABILITY_CARDS:
            if rng.random() < 0.25:
                state.capabilities[card] = rng.choice([events.UNSHADED, events.SHADED])
        state.momentum = [c for c in MOMENTUM_CARDS if rng.random() < 0.15]
    assert state.check_invariants() == []
    return state


def _put_some(state: GameState, space: int, kind: Piece, most: int, rng: random.Random) -> None:
    n = min(rng.randint(0, most), state.available(kind))
    if space == MAP.ECUADOR:  # card 33: at most 2 pieces per Faction there (1.4.2)
        n = min(n, max(0, 2 - state.faction_pieces(space, kind.faction)))
    put(state, space, kind, n)


def _random_pieces(state: GameState, space: int, rng: random.Random) -> None:
    s = MAP[space]
    if not state.farc_zone[space]:
        _put_some(state, space, T, 5, rng)
        _put_some(state, space, P, 4, rng)
    for f in INSURGENTS:
        if rng.random() < 0.5:
            _put_some(state, space, UNDERGROUND_OF[f], 3, rng)
            _put_some(state, space, ACTIVE_OF[f], 3, rng)
    if s.is_loc:
        return
    for kind in (Piece.GOVT_BASE, FB, AB, CB):
        if kind is Piece.GOVT_BASE and state.farc_zone[space]:
            continue
        # card 33: at most 2 pieces per Faction in Ecuador (state.room)
        if (
            rng.random() < 0.25
            and state.all_bases(space) < 2
            and state.available(kind)
            and state.room(space, kind.faction) > 0
        ):
            put(state, space, kind, 1)


def _random_shipments(state: GameState, rng: random.Random) -> None:
    holders = [
        (s.id, f) for s in MAP.spaces for f in INSURGENTS if state.guerrillas(s.id, f)
    ]
    for space, f in rng.sample(holders, min(len(holders), rng.randint(0, 4))):
        state.place_shipment(space, f)
