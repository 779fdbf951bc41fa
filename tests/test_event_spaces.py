"""Event space choices (issue 17 items 2-3, issue 11 item 1): each Event offers only the
spaces where the most of its text can be done (5.1, 5.1.3), with stacking (1.4.2) and
Ecuador's 2 pieces per Faction (card 33) counted inside the one shared primitive; the
questions whose order matters are asked one space at a time; and no Event, Operation or
Propaganda step can break the Ecuador limit (hand-made positions, then hypothesis)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import core.events as events
from core.commands import Context
from core.errors import IllegalAction
from core.events.choice import Choice, RandomChooser
from core.game import Game
from core.game.random_play import random_command
from core.map import MAP
from core.pieces import INSURGENTS, Faction
from core.state import GameState
from nonplayer.procedures import drug_profit_bases
from tests.codes import AA, AB, AU, AUC, CA, CARTELS, CB, CU, FA, FARC, FB, FU, GB, GOVT, P, T
from tests.helpers import Spy, blank_state, place, position, put, sid
from tests.strategies import SEEDS

U, S = events.UNSHADED, events.SHADED
ECUADOR, PANAMA = MAP.ECUADOR, MAP.PANAMA


def play(state: GameState, faction: Faction, card: int, side: str, answers=()) -> Spy:
    """Run the Event with scripted answers (all used), check the invariants."""
    spy = Spy(answers)
    events.run_event(state, Context(faction=faction, chooser=spy), card, side)
    assert spy.position == len(spy.answers), "not every scripted answer was used"
    assert state.check_invariants() == []
    return spy


def first_question(state: GameState, faction: Faction, card: int, side: str) -> Choice:
    """The first Choice the Event asks (the run stops there)."""
    spy = Spy()
    with pytest.raises(IllegalAction):
        events.run_event(state.clone(), Context(faction=faction, chooser=spy), card, side)
    return spy.asked[0]


def with_ecuador(state: GameState) -> GameState:
    state.foreign_in_play.append(ECUADOR)
    return state


# ======================================================================================
# issue 17 section 3: only the spaces where the most of the text can be done (5.1.3)
# ======================================================================================
def test_card_14_unshaded_offers_only_departments_taking_base_and_troops_5_1_3():
    # card 14 unshaded: Meta West with 2 Bases takes only the Troops: not offered
    s = position({"Meta West": "2FB"})
    asked = first_question(s, GOVT, 14, U)
    assert sid("Meta West") not in asked.options
    assert len(asked.options) == len(MAP.departments) - 1  # the others take all 4 pieces
    play(s, GOVT, 14, U, [[sid("Huila")]])
    assert s.count(sid("Huila"), GB) == 1 and s.troops(sid("Huila")) == 3


def test_card_14_shaded_offers_only_departments_with_base_and_cube_5_1_3():
    # card 14 shaded: Santander has a Government Base and a cube; Huila cubes only
    s = position({"Santander": "1P 1GB", "Huila": "3T"})
    spy = play(s, FARC, 14, S)  # Santander is the only best space: not even asked
    assert spy.asked == []
    assert s.faction_pieces(sid("Santander"), GOVT) == 0 and s.troops(sid("Huila")) == 3


def test_card_24_shaded_offers_only_spaces_with_2_troops_5_1_3():
    # card 24 shaded: remove 2 Troops from a space with FARC pieces
    s = position({
        "Huila": "1T 1FU",
        "Meta West": "4T 1FB",
        "Cali": "2T 1FU",
        "Bogotá": "1P",  # a City with Support for the second part
    }, support={"Bogotá": 1})
    asked = first_question(s, GOVT, 24, S)
    assert sorted(asked.options) == sorted([sid("Meta West"), sid("Cali")])
    play(s, GOVT, 24, S, [[sid("Meta West")]])
    assert s.troops(sid("Meta West")) == 2 and s.troops(sid("Huila")) == 1


def test_card_34_shaded_ecuador_only_when_nothing_fits_better_and_base_first_5_1_3():
    # card 34 shaded with card 33's Ecuador (a 0 Pop Department holding 2 per Faction)
    s = with_ecuador(blank_state())
    spy = Spy([[int(FARC)], []])
    with pytest.raises(IllegalAction):
        events.run_event(s.clone(), Context(faction=FARC, chooser=spy), 34, S)
    asked = spy.asked[1]
    assert ECUADOR not in asked.options  # only 2 of the 3 pieces fit there
    assert len(asked.options) == 4  # Vichada, Guainía, Vaupés, Amazonas take all 3
    # with the other 0 Pop Departments full of Bases and 1 FARC Guerrilla Available,
    # Ecuador takes the most (Base and Guerrilla): the Base goes in (5.1.1)
    for name in ("Vichada", "Guainía", "Vaupés", "Amazonas"):
        put(s, name, CB, 2)
    put(s, "Bogotá", FU, 29)
    play(s, FARC, 34, S, [[int(FARC)]])
    assert s.count(ECUADOR, FB) == 1 and s.count(ECUADOR, FU) == 1


def test_card_35_unshaded_farc_zone_not_offered_while_police_fit_elsewhere_5_1_3():
    # card 35 unshaded: in a FARC Zone no Police can replace the Bases (1.4.2)
    s = position({"Meta West": "1CB"})
    s.set_farc_zone(sid("Meta West"))
    put(s, "Huila", CB)
    spy = play(s, GOVT, 35, U)  # Huila only: not asked
    assert spy.asked == []
    assert s.count(sid("Huila"), P) == 1 and s.count(sid("Meta West"), CB) == 1


def test_card_49_shaded_no_department_with_2_bases_or_full_ecuador_5_1_3():
    # card 49 shaded: place an AUC Guerrilla and Base in any Department
    s = with_ecuador(blank_state())
    place(s, {
        "Huila": "2FB",
        ECUADOR: "1AU",  # room for 1 AUC piece only (card 33)
    })
    asked = first_question(s, AUC, 49, S)
    assert sid("Huila") not in asked.options and ECUADOR not in asked.options


# ======================================================================================
# issue 17 section 4 / issue 11 item 1: Ecuador's 2 per Faction in every answer offered
# ======================================================================================
def test_card_50_unshaded_never_offers_more_police_than_ecuador_holds_1_4_2():
    # card 50 unshaded with Ecuador in play: 1 Government piece there already
    s = with_ecuador(blank_state())
    put(s, ECUADOR, T)
    answers = [[ECUADOR], [ECUADOR], [sid("Huila")]]
    with pytest.raises(IllegalAction) as err:
        events.run_event(s.clone(), Context(faction=GOVT, chooser=Spy(answers)), 50, U)
    assert err.value.rule == "5.1"  # the 2nd Police: Ecuador is no longer an option
    spy = play(s, GOVT, 50, U, [[ECUADOR], [sid("Huila")], [sid("Huila")]])
    assert s.police(ECUADOR) == 1 and s.police(sid("Huila")) == 2
    assert ECUADOR not in spy.asked[1].options


def test_card_54_unshaded_replacement_only_where_it_fits_in_ecuador_1_4_2():
    # card 54 unshaded: replacing a FARC Guerrilla in Ecuador, AUC already has 2 there
    s = with_ecuador(blank_state())
    place(s, {ECUADOR: "1FU 2AU", "Huila": "1FU"})
    spy = Spy([["replace"], [ECUADOR], [int(FU)], ["AUC"]])
    with pytest.raises(IllegalAction) as err:
        events.run_event(s.clone(), Context(faction=GOVT, chooser=spy), 54, U)
    assert err.value.rule == "5.1"
    spy = play(s, GOVT, 54, U, [["replace"], [ECUADOR], [int(FU)], [sid("Huila")], ["AUC"]])
    # in Ecuador only Cartels fit (not asked); in Huila both other Factions do
    assert len(spy.asked) == 5 and spy.asked[4].options == ("AUC", "Cartels")
    assert s.faction_pieces(ECUADOR, AUC) == 2 and s.faction_pieces(ECUADOR, CARTELS) == 1
    assert s.underground(sid("Huila"), AUC) == 1


def test_card_72_unshaded_replacements_within_ecuador_room_and_one_space_at_a_time():
    # card 72 unshaded with Ecuador: FARC 2 pieces and AUC 1 there leave room for 1 AUC
    s = with_ecuador(blank_state())
    place(s, {ECUADOR: "2FB 1AU 2CU", "Huila": "2CU"})
    # Huila takes every replacement, Ecuador only 1 of 2: Huila first (5.1.3, not asked),
    # then Ecuador (the only one left); only Huila's FARC/AUC split is asked
    spy = play(s, GOVT, 72, U, [[1]])
    assert [c.kind for c in spy.asked] == ["number"]
    assert s.faction_pieces(ECUADOR, AUC) == 2 and s.faction_pieces(ECUADOR, FARC) == 2
    assert s.guerrillas(ECUADOR, CARTELS) == 0 and s.guerrillas(sid("Huila"), CARTELS) == 0
    assert s.guerrillas(sid("Huila"), FARC) == 1 and s.guerrillas(sid("Huila"), AUC) == 1


def test_card_72_unshaded_order_decides_who_gets_the_last_guerrillas():
    # issue 17 item 3: when Guerrillas run short, the first space asked gets them
    s = position({
        "Huila": "2CU",
        "Cali": "2CU",
        "Bogotá": "30FU 17AU",  # 1 AUC Guerrilla Available, no FARC
    })
    spy = play(s, GOVT, 72, U, [[sid("Cali")]])
    assert s.guerrillas(sid("Cali"), AUC) == 1 and s.guerrillas(sid("Huila"), AUC) == 0
    assert len(spy.asked) == 1 and spy.asked[0].max == 1  # one space, then Huila forced
    assert s.guerrillas(sid("Huila"), CARTELS) == 0


def test_card_72_shaded_places_within_ecuador_room_1_4_2():
    # card 72 shaded: all Available Cartels Guerrillas into spaces with Cartels Bases
    s = with_ecuador(blank_state())
    place(s, {ECUADOR: "1CB", "Huila": "1CB"})
    answers = [[ECUADOR] * 12]
    with pytest.raises(IllegalAction) as err:
        events.run_event(s.clone(), Context(faction=CARTELS, chooser=Spy(answers)), 72, S)
    assert err.value.rule == "5.1"
    spy = play(s, CARTELS, 72, S, [[ECUADOR]])  # then only Huila has room: not asked
    assert len(spy.asked) == 1
    assert s.faction_pieces(ECUADOR, CARTELS) == 2 and s.guerrillas(sid("Huila"), CARTELS) == 11


def test_drug_profits_nonplayer_bases_within_ecuador_room_6_3_3():
    # 6.3.3 with card 33: 2 Cartels Shipments in Ecuador, 1 Cartels Guerrilla there: only
    # one Base fits (soak seed 1000, issue 11)
    s = with_ecuador(blank_state())
    put(s, ECUADOR, CU)
    s.place_shipment(ECUADOR, CARTELS)
    s.place_shipment(ECUADOR, CARTELS)
    assert len(drug_profit_bases(s, CARTELS)) == 1
    assert s.capacity(ECUADOR, CB) == 1


def test_soak_seed_1000_heuristic_standard_plays_to_the_end():
    # issue 11: "seed 1000: IllegalAction ... no more than 2 Cartels pieces in Ecuador"
    from runners.games import soak_game

    assert soak_game(1000, "heuristic", "standard") == []


# ======================================================================================
# issue 17 item 3: questions whose order matters are asked one space at a time
# ======================================================================================
def test_card_39_shaded_asks_departments_in_order_last_auc_guerrilla_to_the_first():
    # card 39 shaded: 1 AUC Guerrilla Available for 2 Departments: the first asked gets it
    s = position({"Huila": "1P", "Cesar": "1P", "Bogotá": "17AU"})
    spy = play(s, AUC, 39, S, [[sid("Cesar")], [sid("Huila")]])
    assert [c.max for c in spy.asked] == [1, 1]
    assert s.guerrillas(sid("Cesar"), AUC) == 1 and s.guerrillas(sid("Huila"), AUC) == 0
    assert s.police(sid("Huila")) == 0


def test_card_40_shaded_asks_cities_in_order_last_auc_piece_to_the_first():
    # card 40 shaded: 1 AUC piece left (a Guerrilla) for 2 Cities: the first asked gets it
    s = position({"Bogotá": "17AU"})
    for name in ("Vichada", "Guainía", "Vaupés"):
        put(s, name, AB, 2)
    spy = play(s, AUC, 40, S, [[sid("Medellín")]])  # then nothing fits: no 2nd question
    assert s.guerrillas(sid("Medellín"), AUC) == 1 and s.on_map(AU) == 18
    assert len(spy.asked) == 1 and spy.asked[0].max == 1


def test_card_57_shaded_asks_spaces_in_order_and_ecuador_after_spaces_with_room():
    # card 57 shaded: 1 Cartels Guerrilla and no Base Available: the first space gets it
    s = position({"Huila": "1P", "Cesar": "1P", "Bogotá": "1P", "Cali": "11CU"})
    for name in ("Vichada", "Guainía", "Vaupés", "Amazonas", "Meta East", "Arauca", "Cesar"):
        put(s, name, CB, 2)
    put(s, "Huila", CB, 1)
    spy = play(s, CARTELS, 57, S, [[sid("Cesar")], [sid("Huila")]])
    assert s.guerrillas(sid("Cesar"), CARTELS) == 1 and s.faction_pieces(sid("Huila"), CARTELS) == 1
    assert [c.max for c in spy.asked if c.kind == "spaces"] == [1, 1]
    # with Ecuador full of Cartels, the Police there is replaced only after the others
    s = with_ecuador(blank_state())
    place(s, {ECUADOR: "1P 2CU", "Huila": "1P", "Cesar": "1P"})
    asked = first_question(s, CARTELS, 57, S)
    assert ECUADOR not in asked.options


# ======================================================================================
# issue 11 item 1: a property test over every card with Ecuador and Panamá in play
# ======================================================================================
#: Spaces whose pieces the positions vary: the two foreign countries and their
#: neighbours (1.3.5), where Events, Operations and Propaganda move pieces in and out.
NEAR_BORDERS = ("Ecuador", "Panamá", "Nariño", "Putumayo", "Pasto", "Chocó", "Antioquia")
PLACED_KINDS = (T, P, GB, FU, FA, FB, AU, AA, AB, CU, CA, CB)
#: Every side of every card: all of them can put, move or replace pieces somewhere, and
#: the few that cannot cost nothing to drive.
CARD_SIDES = [(card, side) for card in range(1, 73) for side in events.sides_of(card)]


class DataChooser:
    """Every answer drawn by hypothesis from the options offered (within min/max)."""

    def __init__(self, data: st.DataObject) -> None:
        self.data = data

    def choose(self, state, choice: Choice):  # type: ignore[no-untyped-def]
        opts = list(choice.options)
        hi = choice.max if choice.repeat else min(choice.max, len(opts))
        if not opts or hi < choice.min:
            return []
        n = self.data.draw(st.integers(choice.min, hi), label=choice.why)
        return self.data.draw(
            st.lists(st.sampled_from(opts), min_size=n, max_size=n, unique=not choice.repeat),
            label=choice.why,
        )


@st.composite
def border_positions(draw: st.DrawFn) -> GameState:
    """A standard set-up with Ecuador (card 33) and Panamá (card 71) in play and pieces,
    Shipments and Resources drawn in and around them; Ecuador within 2 per Faction."""
    scenario = draw(st.sampled_from(["standard", "quick"]))
    state = Game.new(scenario, seed=draw(st.integers(0, 99))).state
    state.foreign_in_play += [ECUADOR, PANAMA]
    for name in NEAR_BORDERS:
        space = sid(name)
        for kind in PLACED_KINDS:
            limit = 2 if space == ECUADOR else 3
            n = min(draw(st.integers(0, limit)), state.available(kind))
            # put() bypasses placement (Active Guerrillas too), within stacking (1.4.2)
            put(state, space, kind, min(n, state.capacity(space, kind)))
        for faction in INSURGENTS:
            has = state.guerrillas(space, faction) and state.shipments_available()
            if has and draw(st.booleans()):
                state.place_shipment(space, faction)
    state.resources = [draw(st.integers(0, 30)) for _ in range(4)]
    assert state.check_invariants() == []
    return state


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_card_keeps_ecuador_and_panama_stacking_with_any_offered_answer(data):
    # issue 11 item 1, 1.4.2 with card 33 (Ecuador: 2 pieces per Faction) and card 71
    # (Panamá): whatever the position and whichever offered answers are picked, no
    # Event raises (an offered answer is always legal) and every invariant holds
    position = data.draw(border_positions(), label="position")
    for card, side in CARD_SIDES:
        state = position.clone()
        faction = data.draw(st.sampled_from(list(Faction)), label=f"card {card} {side} by")
        ctx = Context(faction=faction, chooser=DataChooser(data))
        events.run_event(state, ctx, card, side)
        assert state.check_invariants() == [], (card, side, state.check_invariants())


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(position=border_positions(), seed=SEEDS)
def test_random_commands_keep_ecuador_and_panama_stacking(position, seed):
    # issue 11 item 1: the random generators (Operations, Special Activities, free
    # Operations by Event, Propaganda steps) never break the Ecuador limit either
    position.rng_seed = seed
    game = Game(position)
    rng = random.Random(seed)
    for _ in range(40):
        if game.is_terminal():
            break
        game.apply(random_command(game.state, rng), chooser=RandomChooser(rng))
        assert game.state.check_invariants() == []


# ======================================================================================
# readings of record (docs/readings.md, section "Cards and rules 1-7")
# ======================================================================================
def test_reading_event_free_sweep_stays_in_cities_and_departments_3_2_3():
    # readings.md#r-event-sweep-cities-departments: card 19 and card 37 unshaded Sweep
    # "Select any Cities or Departments" (3.2.3): never a LoC, even with Troops there
    from core.events.cards_25_48 import SWEEP, former_military_options

    loc = sid("Cali-Pasto")
    s = position({loc: "2T 1FU"})
    assert SWEEP not in former_military_options(s, loc)  # card 37 unshaded
    spy = play(s, GOVT, 19, U)  # card 19: a free Sweep would Activate only on the LoC
    assert spy.asked == [] and s.underground(loc, FARC) == 1
    place(s, {"Huila": "2T 1FU"})
    assert SWEEP in former_military_options(s, sid("Huila"))


def test_reading_kidnap_may_target_a_faction_with_0_resources_4_3_3():
    # readings.md#r-kidnap-zero-resources: "If a targeted Faction runs out of Resources,
    # no more is transferred" (4.3.3): the Kidnap still happens, and a 6 still brings AUC
    from core.rules.insurgent_special import Kidnap
    from tests.test_insurgent_special import FakeOp, kidnap_city
    from tests.test_insurgent_special import run as run_sa

    s = kidnap_city()
    s.resources[GOVT] = 0
    run_sa(Kidnap(where=(sid("Cali"),)), s, FARC, FakeOp("Terror", "Cali"), rolls=[6])
    assert s.resources[GOVT] == 0 and s.resources[FARC] == 10
    assert s.faction_pieces(sid("Cali"), AUC) == 1


def test_reading_rally_with_a_base_may_place_0_3_3_1():
    # readings.md#r-rally-base-place-0: with a Base, "Place a number of its Available
    # Guerrillas up to" Bases + Population (3.3.1): 0 is a number up to it
    from core.rules.insurgent_ops import RALLY_PLACE, rally_in
    from tests.test_insurgent_ops import illegal as illegal_op
    from tests.test_insurgent_ops import run as run_op

    s = position({"Huila": "1FB"})
    run_op(s, rally_in(sid("Huila"), RALLY_PLACE, 0), FARC)
    assert s.guerrillas(sid("Huila"), FARC) == 0 and s.resources[FARC] == 9
    t = blank_state()  # without a Base, Rally places 1 (when one is Available)
    assert illegal_op(t, rally_in(sid("Huila"), RALLY_PLACE, 0), FARC) == "3.3.1"


def test_reading_civic_action_and_agitation_remove_terror_in_pop_0_6_4():
    # readings.md#r-terror-pop-0: 6.4.1 / 6.4.2 "remove a Terror marker" first, before
    # any shift; a Population 0 space cannot shift (1.6.2) but its Terror can go
    from core.rules.common import agitation_step, civic_action_step
    from core.rules.propaganda import agitation_spaces, civic_action_spaces

    s = blank_state()
    vichada, guainia = sid("Vichada"), sid("Guainía")
    place(s, {vichada: "1T 1P", guainia: "2FU"}, terror={vichada: 1, guainia: 1})
    assert vichada in civic_action_spaces(s) and guainia in agitation_spaces(s)
    civic_action_step(s, vichada)
    agitation_step(s, guainia)
    assert s.terror[vichada] == 0 and s.terror[guainia] == 0
    assert vichada not in civic_action_spaces(s) and guainia not in agitation_spaces(s)


def test_reading_executing_faction_chooses_whose_pieces_33_71_5_1():
    # readings.md#r-executing-chooses-whose-pieces: 5.1 "the executing Faction makes all
    # selections": card 33 shaded and card 71 shaded place any Faction's pieces, chosen
    # by the executing Faction (no other Faction is asked)
    s = blank_state()
    spy = play(s, GOVT, 33, S, [[int(CB)], [int(FU)]])
    assert all(c.decider is None for c in spy.asked)
    assert s.count(ECUADOR, CB) == 1 and s.count(ECUADOR, FU) == 1
    spy = play(s, GOVT, 71, S, [[int(AUC)], [int(FARC)]])
    assert all(c.decider is None for c in spy.asked)
    assert s.count(PANAMA, AB) == 1 and s.count(PANAMA, FB) == 1


def test_card_40_unshaded_farc_zone_guerrilla_only_after_spaces_where_police_fit_5_1_3():
    # card 40 unshaded: "Replace 3 AUC Guerrillas with available Police"; in a FARC Zone
    # no Police can replace (1.4.2), so it is offered only when no other space is left
    s = blank_state()
    s.set_farc_zone(sid("Huila"))
    place(s, {"Huila": "1AU", "Cali": "1AU", "Cesar": "1AU"})
    asked = first_question(s, GOVT, 40, U)
    assert sid("Huila") not in asked.options
    play(s, GOVT, 40, U, [[sid("Cali")]])  # then Cesar, then Huila: forced
    assert s.police(sid("Cali")) == 1 and s.police(sid("Cesar")) == 1 and s.on_map(AU) == 0


def test_cards_5_and_35_shaded_shift_2_levels_where_2_levels_are_left_5_1_3():
    # card 5 shaded / card 35 shaded: "Shift ... by 2 levels toward Active Opposition": a
    # space at Passive Opposition (1 level left) only when none has 2 levels left
    from core.events.cards_01_24 import three_econ_neighbours

    s = blank_state()
    near = sorted(three_econ_neighbours(s))
    for space in near:
        s.support[space] = -1
    s.support[near[0]] = 0
    spy = play(s, FARC, 5, S)
    assert spy.asked == [] and s.support[near[0]] == -2
    s = position({"Huila": "1CB", "Putumayo": "1CB"}, support={"Huila": -1})
    spy = play(s, FARC, 35, S)
    assert spy.asked == [] and s.support[sid("Putumayo")] == -2


def test_capacity_is_the_one_stacking_query_of_place_and_move_1_4_2():
    # 1.4.2 and card 33: GameState.capacity says what place and move accept
    s = with_ecuador(blank_state())
    put(s, ECUADOR, FU)
    assert s.capacity(ECUADOR, FB) == 1 and s.capacity(ECUADOR, T) == 2
    assert s.capacity(PANAMA, FB) == 0  # not in play (1.3.5)
    s.set_farc_zone(sid("Meta West"))
    assert s.capacity(sid("Meta West"), P) == 0 and s.capacity(sid("Meta West"), FU) == 99
    assert s.capacity(sid("Cali-Pasto"), CB) == 0  # no Base on a LoC
    put(s, "Huila", AB, 1)
    assert s.capacity(sid("Huila"), GB) == 1
    for space in range(len(MAP)):
        for kind in (T, P, GB, FU, FB, AU, AB, CU, CB):
            room = s.capacity(space, kind)
            if 0 < room < 99:
                assert s.can_place(space, kind, room) or s.available(kind) < room
            assert not s.can_place(space, kind, room + 1)
    put(s, "Putumayo", FU, 2)
    with pytest.raises(IllegalAction) as err:
        s.move(sid("Putumayo"), ECUADOR, FU, 2)
    assert err.value.rule == "1.4.2"
    s.move(sid("Putumayo"), ECUADOR, FU, 1)
    assert s.faction_pieces(ECUADOR, FARC) == 2
