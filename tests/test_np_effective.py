"""The Ineffective Event test (8.1) judged over the Non-player's random picks.

8.1 « Les Factions Non-Joueurs optent seulement pour les Évènements qui auront un effet »
(Non-players opt only for Events that will have an effect); 8.4.2 « Placez ou relocalisez
autant de pièces que possible » (place or relocate as many pieces as possible); 8.4.3
spaces at random (8.2, 8.3). docs/readings.md#r-np-effective.
"""

from __future__ import annotations

from core import events
from core.commands import Context
from core.game import Game
from core.pieces import Faction
from nonplayer.events import NonPlayerChooser, is_effective
from nonplayer.plan import PLANNING_DICE
from nonplayer.turn import decide
from tests.helpers import blank_state, position, sid

CARTELS = Faction.CARTELS
LOC = "Cali"


def _lone_police_in_cali():
    # one Police on the map, in Cali: the stand-in dice (all 1s) walk the 8.2 chart from
    # Cali (its first slot) to Ibagué and back, twice (Cities and Departments before
    # LoCs, docs/readings.md#r-mixed-pool)
    s = position({LOC: "1P"}, card=58)
    return s


def test_the_stand_in_walk_relocates_the_lone_police_once() -> None:
    # 8.4.2 and docs/readings.md#r-card-54-own-pieces: a cube already relocated is not
    # picked again as a later 'from', so the stand-in walk no longer carries the lone
    # cube out and back (the trap this test pinned before issue 43): it goes to Ibagué
    s = _lone_police_in_cali()
    chooser = NonPlayerChooser(PLANNING_DICE, faction=CARTELS, card=58)
    ctx = Context(faction=CARTELS, dice=PLANNING_DICE, chooser=chooser, nonplayer=True)
    events.run_event(s, ctx, 58, events.SHADED)
    assert s.police(sid(LOC)) == 0 and s.police(sid("Ibagué")) == 1
    assert len(chooser.picks) == 1


def test_card_58_shaded_relocating_police_is_effective_8_1() -> None:
    # card 58 shaded « Cartels relocate up to 4 Police to any spaces »: another roll of
    # the 8.2 dice leave the Police elsewhere, so the Event will have an effect (8.1)
    s = _lone_police_in_cali()
    assert is_effective(s, CARTELS, 58, events.SHADED)
    assert s.police(sid(LOC)) == 1  # judged on clones only


def test_card_58_shaded_first_eligible_cartels_take_the_event_8_1() -> None:
    # 8.1 bullet 1: the Cartels, 1st Eligible with their symbol leftmost, execute it
    s = _lone_police_in_cali()
    s.seats = [1, None, None, None]
    decision, cmd, trace, _ = decide(Game(s))
    assert decision == "event" and cmd.side == events.SHADED, "\n".join(trace.lines())


def test_card_58_shaded_without_police_stays_ineffective_8_1() -> None:
    # nothing to relocate: no outcome of any pick changes the board
    s = blank_state(card=58)
    assert not is_effective(s, CARTELS, 58, events.SHADED)


def _every_roll(pool: list[int]) -> set[int]:
    """What random_candidate gives for every roll of the 8.2 dice and the 8.3 die."""
    from itertools import product

    from core.dice import ScriptedDice
    from nonplayer.random_spaces import random_candidate

    got = set()
    for red, yellow, green, die in product(range(1, 7), repeat=4):
        pick = random_candidate(blank_state(), ScriptedDice([red, yellow, green] + [die] * 6),
                                pool)
        got.add(pick.space)
    return got


def test_random_outcomes_are_what_some_roll_gives_8_2_8_3() -> None:
    # the outcomes the Ineffective test explores are exactly the spaces some roll picks:
    # Ecuador and Panamá before any other space (both: a die), then 8.2 any City or
    # Department, then 8.3 the highest Econ LoCs (docs/readings.md#r-mixed-pool)
    from core.map import MAP
    from nonplayer.random_spaces import random_outcomes

    cities = [sid(n) for n in ("Cali", "Ibagué", "Neiva", "Huila")]
    mixed = cities + [sid(n) for n in ("Arauca-Cúcuta LoC", "Ayacucho-Cúcuta LoC",
                                       "Bogotá-Neiva LoC")]
    locs = mixed[len(cities):]
    for pool in (cities, mixed, locs, cities + [MAP.ECUADOR], locs + [MAP.ECUADOR],
                 mixed + [MAP.ECUADOR, MAP.PANAMA]):
        assert set(random_outcomes(pool)) == _every_roll(pool), pool
