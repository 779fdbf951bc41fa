"""Event cards 1-24 (5.0-5.5): both texts of every card, with the partial and nothing-to-do
cases (5.1.3), the 5.1.1 limits (availability, stacking, FARC Zones, caps) and a property
test over random positions for every card and side."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import core.events as events
from core.cards import CARDS
from core.commands import Context
from core.dice import ScriptedDice
from core.errors import IllegalAction
from core.events import (
    MADRID_DONORS,
    MISIL_ANTIAEREO,
    OSPINA_MORA,
    PLAN_COLOMBIA,
    SHADED,
    TAPIAS,
    UNSHADED,
)
from core.events.cards_01_24 import (
    air_strike_kinds,
    general_offensive_options,
    general_offensive_spaces,
    most_pieces,
    mountains,
    pipelines,
    three_econ_neighbours,
)
from core.events.choice import RandomChooser
from core.game import Game, sequence
from core.game.sequence import PlayEvent
from core.map import MAP
from core.pieces import Faction
from tests.codes import AB, AUC, CARTELS, FA, FARC, FB, FU, GB, GOVT, P, T
from tests.helpers import Spy, blank_state, place, position, put, sid
from tests.strategies import SEEDS, random_play, random_position

MY_CARDS = range(1, 25)


def play(state, card, side, answers=(), faction=GOVT, rolls=None):  # type: ignore[no-untyped-def]
    """Run an Event with scripted answers (all of which must be used) and check the
    invariants; return the Spy chooser."""
    spy = Spy(answers)
    ctx = Context(faction=faction, chooser=spy)
    if rolls is not None:
        ctx.dice = ScriptedDice(rolls)
    events.run_event(state, ctx, card, side)
    assert spy.position == len(spy.answers), "not every scripted answer was used"
    assert state.check_invariants() == []
    return spy


def refused(state, card, side, answers, rule="5.1", faction=GOVT) -> IllegalAction:  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalAction) as err:
        events.run_event(state.clone(), Context(faction=faction, chooser=Spy(answers)), card, side)
    assert err.value.rule == rule, str(err.value)
    return err.value


def unchanged(state, card, side, faction=GOVT) -> None:  # type: ignore[no-untyped-def]
    """5.1.3: an Event with nothing to do does nothing and asks nothing."""
    before = state.clone()
    spy = play(state, card, side, faction=faction)
    assert spy.asked == []
    assert state.pieces == before.pieces
    assert state.support == before.support
    assert state.sabotage == before.sabotage
    assert state.resources == before.resources
    assert state.aid == before.aid


# ======================================================================================
# registration
# ======================================================================================
def test_every_card_1_to_24_has_both_texts_except_single_text_19_5_2():
    for card in MY_CARDS:
        expected = [UNSHADED] if card == 19 else [UNSHADED, SHADED]
        assert events.sides_of(card) == expected, card


# ======================================================================================
# Capabilities (5.3) and Momentum (5.4) with no immediate effect
# ======================================================================================
LASTING_ONLY = [
    (card, side) for card in (1, 2, 3, 7, 9, 10, 11, 13) for side in (UNSHADED, SHADED)
] + [(12, SHADED), (17, SHADED), (22, SHADED)]


@pytest.mark.parametrize(("card", "side"), LASTING_ONLY)
def test_lasting_event_places_only_its_marker_5_3_5_4(card, side):
    state = position({"Huila": "2FU"}, card=card)
    before = state.clone()
    play(state, card, side, faction=FARC)
    assert state.pieces == before.pieces and state.resources == before.resources
    if CARDS[card].is_capability:
        assert state.capability(card) == side  # 5.3: marker on the executed side
    else:
        assert state.momentum_in_effect(card)  # 5.4: shaded Momentum until Reset
    assert state.executed_by[card] == FARC


# ======================================================================================
# 4 Caño Limón - Coveñas
# ======================================================================================
def test_04_cano_limon_unshaded_adds_twice_econ_of_3_pipelines_5_1():
    state = position(sabotage=["Arauca-Cúcuta"])
    chosen = [sid("Ayacucho-Sincelejo"), sid("Ayacucho-Cúcuta"), sid("Bogotá-Yopal")]
    spy = play(state, 4, UNSHADED, [chosen])
    assert state.resources[GOVT] == 10 + 2 * (3 + 3 + 2)
    assert sid("Arauca-Cúcuta") not in spy.asked[0].options  # Sabotaged pipelines excluded


def test_04_cano_limon_unshaded_sabotaged_pipeline_refused_5_1():
    state = position(sabotage=["Arauca-Cúcuta"])
    refused(state, 4, UNSHADED, [[sid("Arauca-Cúcuta"), sid("Bogotá-Yopal"), sid("Cali-Ibagué")]])


def test_04_cano_limon_unshaded_fewer_than_3_unsabotaged_5_1_3():
    state = blank_state()
    for s in pipelines()[2:]:
        state.sabotage[s] = 1
    left = pipelines()[:2]
    spy = play(state, 4, UNSHADED)
    assert spy.asked == []  # both remaining pipelines count, nothing to choose
    assert state.resources[GOVT] == 10 + 2 * sum(MAP[s].econ for s in left)


def test_04_cano_limon_unshaded_all_sabotaged_does_nothing_5_1_3():
    state = blank_state()
    for s in pipelines():
        state.sabotage[s] = 1
    unchanged(state, 4, UNSHADED)


def test_04_cano_limon_shaded_sabotages_3_highest_without_cubes_ties_chosen_5_1():
    state = position({"Ayacucho-Cúcuta": "1P"})  # a 3-Econ pipeline guarded by a cube
    spy = play(state, 4, SHADED, [[sid("Bogotá-Yopal")]], faction=FARC)
    sabotaged = {MAP[s].name for s in pipelines() if state.sabotage[s]}
    assert sabotaged == {"Arauca-Cúcuta LoC", "Ayacucho-Sincelejo LoC", "Bogotá-Yopal LoC"}
    # the tie at Econ 2 is the executing Faction's choice, among cube-free pipelines only
    assert set(spy.asked[0].options) == {
        sid(n)
        for n in (
            "Medellín-Sincelejo",
            "Bogotá-Bucaramanga",
            "Bogotá-Neiva",
            "Bogotá-Yopal",
            "Ayacucho-Santa Marta",
            "Ayacucho-Bucaramanga",
        )
    }


def test_04_cano_limon_shaded_skips_already_sabotaged_3_3_4():
    state = position(sabotage=["Arauca-Cúcuta"])
    for name in (
        "Medellín-Sincelejo",
        "Bogotá-Bucaramanga",
        "Bogotá-Neiva",
        "Bogotá-Yopal",
        "Ayacucho-Santa Marta",
    ):
        put(state, name, T, 1)
    play(state, 4, SHADED, faction=FARC)  # AS(3), ACu(3), ABu(2): no tie, nothing asked
    assert state.sabotage[sid("Ayacucho-Bucaramanga")] == 1
    assert sum(state.sabotage) == 4


def test_04_cano_limon_shaded_no_markers_left_3_3_4():
    state = position(terror={"Huila": 40})  # all 40 Terror/Sabotage markers on the map
    unchanged(state, 4, SHADED, faction=FARC)


# ======================================================================================
# 5 Occidental & Ecopetrol
# ======================================================================================
def test_05_occidental_ecopetrol_unshaded_places_police_and_flips_3_5_1():
    state = position({
        "Santander": "2FU",
        "Arauca-Cúcuta": "1AU",
        "Huila": "1CU",
        "Cali": "1FU",  # not adjacent to a pipeline that gets Police
    })
    ac, bn = sid("Arauca-Cúcuta"), sid("Bogotá-Neiva")
    answers = [[ac, ac, ac, ac, bn, bn], [sid("Santander")], [sid("Santander")], [ac]]
    play(state, 5, UNSHADED, answers)
    assert state.police(ac) == 4 and state.police(bn) == 2
    assert state.active(sid("Santander"), FARC) == 2
    assert state.active(ac, AUC) == 1
    assert state.underground(sid("Huila"), CARTELS) == 1
    assert state.underground(sid("Cali"), FARC) == 1


def test_05_occidental_ecopetrol_unshaded_active_guerrilla_may_be_chosen_1_4_3():
    # 1.4.3 NOTE: "flip to Active" does not say Underground; an Active one may be chosen.
    state = position({"Santander": "1FU 1FA"})
    ac = sid("Arauca-Cúcuta")
    answers = [[ac] * 6, [int(FA)]]  # Santander is the only space: not asked
    spy = play(state, 5, UNSHADED, answers, faction=FARC)
    assert set(spy.asked[1].options) == {int(FU), int(FA)}
    assert state.active(sid("Santander"), FARC) == 2  # the second pick was the Underground one


def test_05_occidental_ecopetrol_unshaded_road_refused_5_1():
    state = blank_state()
    refused(state, 5, UNSHADED, [[sid("Cali-Pasto")] * 6])


def test_05_occidental_ecopetrol_unshaded_only_available_police_5_1_1():
    state = position({"Bogotá": "28P"})
    ac = sid("Arauca-Cúcuta")
    spy = play(state, 5, UNSHADED, [[ac, ac]])
    assert spy.asked[0].min == spy.asked[0].max == 2
    assert state.police(ac) == 2 and state.available(P) == 0


def test_05_occidental_ecopetrol_unshaded_1_police_flips_there_or_adjacent_5_1_3():
    # #5 "Place 6 Police onto pipelines. 3 Guerrillas there or adjacent flip to Active"
    # with 1 Police Available (5.1.3): "there" is the pipeline that got the Police,
    # "adjacent" its neighbours (docs/readings.md#r-05-flips-there): Arauca's and the
    # pipeline's Guerrillas are offered; Cali's and the Bogotá-Neiva pipeline's are not.
    state = position({
        "Bogotá": "29P",
        "Arauca-Cúcuta": "1FU",
        "Arauca": "1FU",
        "Bogotá-Neiva": "1FU",
        "Cali": "1FU",
    })
    ac, arauca = sid("Arauca-Cúcuta"), sid("Arauca")
    spy = play(state, 5, UNSHADED, [[ac], [ac]])
    assert state.police(ac) == 1 and state.available(P) == 0
    assert set(spy.asked[1].options) == {ac, arauca}
    assert state.active(ac, FARC) == state.active(arauca, FARC) == 1
    assert state.underground(sid("Bogotá-Neiva"), FARC) == state.underground(sid("Cali"), FARC) == 1


def test_05_occidental_ecopetrol_unshaded_no_police_nothing_to_do_5_1_3():
    state = position({"Bogotá": "30P", "Santander": "1FU"})
    unchanged(state, 5, UNSHADED)


def test_05_occidental_ecopetrol_shaded_shifts_2_toward_opposition_5_1():
    state = position(support={"Santander": 1})
    spy = play(state, 5, SHADED, [[sid("Santander")]], faction=FARC)
    assert state.support[sid("Santander")] == -1
    assert set(spy.asked[0].options) == set(three_econ_neighbours(blank_state()))
    names = {MAP[s].name for s in three_econ_neighbours(blank_state())}
    assert names == {
        "Cúcuta",
        "Santander",
        "Arauca",
        "Sincelejo",
        "Atlántico",
        "Cesar",
        "Antioquia",
    }


def test_05_occidental_ecopetrol_shaded_from_passive_opposition_stops_at_active_1_6():
    state = position(support={"Cúcuta": -1})
    for s in three_econ_neighbours(blank_state()):
        if s != sid("Cúcuta"):
            state.support[s] = -2
    play(state, 5, SHADED, faction=FARC)  # single candidate: not asked
    assert state.support[sid("Cúcuta")] == -2


def test_05_occidental_ecopetrol_shaded_all_active_opposition_nothing_5_1_3():
    state = blank_state()
    for s in three_econ_neighbours(blank_state()):
        state.support[s] = -2
    unchanged(state, 5, SHADED, faction=FARC)


# ======================================================================================
# 6 Oil Spill
# ======================================================================================
def test_06_oil_spill_unshaded_two_departments_to_passive_support_5_1():
    state = position(
        sabotage=["Bogotá-Neiva", "Arauca-Cúcuta"],
        support={"Huila": -1, "Santander": 2},  # Support: not eligible
    )
    spy = play(state, 6, UNSHADED, [[sid("Huila"), sid("Arauca")]])
    assert set(spy.asked[0].options) == {sid("Meta West"), sid("Huila"), sid("Arauca")}
    assert state.support[sid("Huila")] == 1 and state.support[sid("Arauca")] == 1
    assert state.support[sid("Meta West")] == 0


def test_06_oil_spill_unshaded_one_candidate_5_1_3():
    state = position(
        sabotage=["Cartagena-Sincelejo"],  # adjacent Department: Atlántico only
        support={"Atlántico": -2},
    )
    play(state, 6, UNSHADED)
    assert state.support[sid("Atlántico")] == 1


def test_06_oil_spill_unshaded_no_sabotage_nothing_5_1_3():
    unchanged(blank_state(), 6, UNSHADED)


def test_06_oil_spill_shaded_sabotage_pipeline_and_shift_adjacent_department_5_1():
    state = blank_state()
    bn = sid("Bogotá-Neiva")
    spy = play(state, 6, SHADED, [[bn], [sid("Huila")]], faction=FARC)
    assert state.sabotage[bn] == 1
    assert state.support[sid("Huila")] == -1
    assert set(spy.asked[1].options) == {sid("Meta West"), sid("Huila")}  # not Bogotá, a City


def test_06_oil_spill_shaded_sabotaged_pipeline_not_offered_while_others_open_3_3_4():
    state = position(sabotage=["Bogotá-Neiva"])
    refused(state, 6, SHADED, [[sid("Bogotá-Neiva")], [sid("Huila")]], faction=FARC)


def test_06_oil_spill_shaded_all_sabotaged_still_shifts_5_1_3():
    state = blank_state()
    for s in pipelines():
        state.sabotage[s] = 1
    play(state, 6, SHADED, [[sid("Arauca-Cúcuta")], [sid("Arauca")]], faction=FARC)
    assert state.support[sid("Arauca")] == -1


# ======================================================================================
# 8 Fuerza Aérea Colombiana
# ======================================================================================
def test_08_fuerza_aerea_unshaded_govt_executes_3_free_air_strikes_4_2_2():
    state = position(
        {
            "Santander": "1AA",
            "Huila": "1FB",  # Base without FARC Guerrillas there
            "Cali-Pasto": "1CU 1CA",
            "Cali": "2FA",  # a City: never struck
            "Meta West": "2FU",  # Underground: not struck
        },
        momentum=[PLAN_COLOMBIA, MISIL_ANTIAEREO],  # 5.1.2: this Event prevails
    )
    answers = [[sid("Santander")], [sid("Huila")]]  # the 3rd has a single target left
    spy = play(state, 8, UNSHADED, answers, faction=FARC)
    assert all(c.decider == int(GOVT) for c in spy.asked)  # the Government chooses
    assert sid("Cali") not in spy.asked[0].options
    assert sid("Meta West") not in spy.asked[0].options
    assert state.active(sid("Santander"), AUC) == 0
    assert state.bases(sid("Huila"), FARC) == 0
    assert state.active(sid("Cali-Pasto"), CARTELS) == 0
    assert state.underground(sid("Cali-Pasto"), CARTELS) == 1
    assert state.resources[GOVT] == 10  # free


def test_08_fuerza_aerea_unshaded_chooses_piece_and_stops_when_no_target_5_1_3():
    state = position({"Huila": "1FA 1AB"})
    spy = play(state, 8, UNSHADED, [[int(AB)]])  # Huila, the only space: not asked
    assert spy.asked[0].options == (int(FA), int(AB))
    assert state.total_pieces(sid("Huila")) == 0
    assert len(spy.asked) == 1  # the 2nd had one target, the 3rd none: not asked


def test_08_fuerza_aerea_unshaded_nothing_to_strike_5_1_3():
    state = position({"Huila": "3FU"})
    unchanged(state, 8, UNSHADED)


def test_08_air_strike_kinds_bases_last_4_2_2():
    state = position({"Huila": "1FU 1FB"})
    assert air_strike_kinds(state, sid("Huila")) == []
    assert air_strike_kinds(state, sid("Bogotá")) == []


def test_08_fuerza_aerea_shaded_govt_resources_minus_9_floor_0_1_7():
    state = blank_state(resources=12)
    play(state, 8, SHADED, faction=FARC)
    assert state.resources[GOVT] == 3
    play(state, 8, SHADED, faction=FARC)
    assert state.resources[GOVT] == 0


# ======================================================================================
# 12 Plan Colombia, 17 Madrid Donors, 18 NSPD-18
# ======================================================================================
@pytest.mark.parametrize(("card", "aid_plus"), [(12, 10), (17, 6), (18, 20)])
def test_aid_to_government_resources_then_aid_up_1_7(card, aid_plus):
    state = position(aid=9, resources=10)
    play(state, card, UNSHADED, faction=CARTELS)
    assert state.resources[GOVT] == 19  # lesser of Aid (9) or 20
    assert state.aid == min(29, 9 + aid_plus)


@pytest.mark.parametrize("card", [12, 17, 18])
def test_aid_to_resources_capped_at_20_and_aid_at_29_1_7(card):
    state = position(aid=25, resources=90)
    play(state, card, UNSHADED)
    assert state.resources[GOVT] == 99  # 90 + 20, capped at 99
    assert state.aid == 29


def test_18_nspd_shaded_resources_minus_6_aid_minus_die_1_7():
    state = position(aid=9, resources=10)
    play(state, 18, SHADED, faction=FARC, rolls=[4])
    assert state.resources[GOVT] == 4 and state.aid == 5
    play(state, 18, SHADED, faction=FARC, rolls=[6])
    assert state.resources[GOVT] == 0 and state.aid == 0  # floors (1.7)


# ======================================================================================
# 14 Tres Esquinas
# ======================================================================================
def test_14_tres_esquinas_unshaded_govt_places_base_and_3_troops_5_1():
    state = position(farc_zone=["Meta East"])
    spy = play(state, 14, UNSHADED, [[sid("Guaviare")]], faction=FARC)
    assert spy.asked[0].decider == int(GOVT)
    assert sid("Meta East") not in spy.asked[0].options  # 1.4.2 FARC Zone
    assert sid("Cali") not in spy.asked[0].options  # a City, not a Department
    assert state.count(sid("Guaviare"), GB) == 1 and state.troops(sid("Guaviare")) == 3


def test_14_tres_esquinas_unshaded_stacking_and_availability_5_1_1():
    state = position({
        "Huila": "2FB",  # no room for a third Base
        "Bogotá": "28T",  # only 2 Troops left
    })
    refused(state, 14, UNSHADED, [[sid("Huila")]])  # 5.1.3: a Base fits elsewhere
    place(state, {
        "Cali": "2GB",  # no Government Base Available: every Department alike
        "Medellín": "1GB",
    })
    play(state, 14, UNSHADED, [[sid("Huila")]])
    assert state.count(sid("Huila"), GB) == 0 and state.troops(sid("Huila")) == 2


def test_14_tres_esquinas_unshaded_nothing_available_5_1_3():
    state = position({"Bogotá": "30T", "Cali": "2GB", "Medellín": "1GB"})
    unchanged(state, 14, UNSHADED)


def test_14_tres_esquinas_shaded_removes_base_and_chosen_cube_5_1():
    state = position({
        "Huila": "2T 1P 1GB",
        "Cali": "1GB",  # a City: not offered
    })
    spy = play(state, 14, SHADED, [[int(P)]], faction=FARC)  # Huila: the only Department
    assert spy.asked[0].options == (int(T), int(P))
    assert state.count(sid("Huila"), GB) == 0
    assert state.troops(sid("Huila")) == 2 and state.police(sid("Huila")) == 0


def test_14_tres_esquinas_shaded_cube_only_partial_5_1_3():
    state = position({"Huila": "2T", "Meta West": "1P"})
    play(state, 14, SHADED, [[sid("Meta West")]], faction=FARC)
    assert state.police(sid("Meta West")) == 0 and state.troops(sid("Huila")) == 2


def test_14_tres_esquinas_shaded_nothing_5_1_3():
    state = position({"Cali": "1GB"})
    unchanged(state, 14, SHADED, faction=FARC)


# ======================================================================================
# 15 War Tax
# ======================================================================================
def test_15_war_tax_unshaded_adds_4_times_die_1_7():
    state = blank_state(resources=10)
    play(state, 15, UNSHADED, rolls=[5])
    assert state.resources[GOVT] == 30
    state.resources[GOVT] = 90
    play(state, 15, UNSHADED, rolls=[6])
    assert state.resources[GOVT] == 99  # 5.1.1 cap


def test_15_war_tax_shaded_city_to_passive_opposition_5_1():
    state = position(support={"Cali": 1, "Bogotá": 2})  # Active Support: not eligible
    state.support[sid("Medellín")] = -2  # Opposition: not eligible
    spy = play(state, 15, SHADED, [[sid("Cali")]], faction=FARC)
    assert state.support[sid("Cali")] == -1
    assert sid("Bogotá") not in spy.asked[0].options
    assert sid("Medellín") not in spy.asked[0].options
    assert sid("Huila") not in spy.asked[0].options  # a Department


def test_15_war_tax_shaded_no_eligible_city_5_1_3():
    state = blank_state()
    for s in MAP.cities:
        state.support[s.id] = 2
    unchanged(state, 15, SHADED, faction=FARC)


# ======================================================================================
# 16 Coffee Prices
# ======================================================================================
def test_16_coffee_prices_unshaded_most_pieces_in_each_mountain_ties_to_govt_5_1():
    state = position({
        "Antioquia": "2FU 3AU",
        "Santander": "2T 2FU",  # tie: Government
        "Huila": "2FA 1FB",
    }, resources=10)
    # Cesar has no pieces: all tied at 0, Government
    play(state, 16, UNSHADED, faction=FARC)
    assert state.resources == [20, 15, 15, 10]
    assert {MAP[s].name for s in mountains()} == {"Cesar", "Antioquia", "Santander", "Huila"}


def test_16_most_pieces_tie_between_insurgents_goes_to_govt():
    state = position({"Huila": "2FU 2CU"})
    assert most_pieces(state, sid("Huila")) is GOVT


def test_16_coffee_prices_unshaded_cap_99_1_7():
    state = blank_state(resources=97)
    play(state, 16, UNSHADED)
    assert state.resources[GOVT] == 99


def test_16_coffee_prices_shaded_govt_minus_10_floor_0_1_7():
    state = blank_state(resources=14)
    play(state, 16, SHADED, faction=CARTELS)
    assert state.resources[GOVT] == 4
    play(state, 16, SHADED, faction=CARTELS)
    assert state.resources[GOVT] == 0


# ======================================================================================
# 19 General Offensive
# ======================================================================================
def _go_board():  # type: ignore[no-untyped-def]
    # free Operations: no Resources needed (3.1.2)
    state = position({
        "Bogotá": "1T 1P 1FA",  # Assault only
        "Meta West": "2T 1FU 2AU",  # Forest: 2 cubes Activate 1 (Sweep only)
        "Huila": "2T 1FU 1AA",  # Mountain: Sweep or Assault
        "Guaviare": "1T",  # nothing to do there
    }, resources=0)
    return state


def test_19_general_offensive_govt_sweep_or_assault_in_each_space_5_5():
    state = _go_board()
    assert general_offensive_spaces(state, GOVT) == [sid("Bogotá"), sid("Meta West"), sid("Huila")]
    spy = play(state, 19, UNSHADED, [[int(AUC)], ["Sweep"]])
    assert state.count(sid("Bogotá"), FA) == 0  # Assault: City, 1 Troops + 1 Police
    assert state.active(sid("Meta West"), AUC) == 1  # Sweep: 1 AUC Activated, as chosen
    assert state.underground(sid("Meta West"), FARC) == 1
    assert state.active(sid("Huila"), FARC) == 1  # Sweep chosen in Huila
    assert state.active(sid("Huila"), AUC) == 1
    assert state.troops(sid("Guaviare")) == 1  # no movement
    assert state.resources[GOVT] == 0
    assert spy.asked[1].options == ("Sweep", "Assault")


def test_19_general_offensive_govt_assault_chosen_removes_to_the_extent_possible_1_4_1():
    state = _go_board()
    play(state, 19, UNSHADED, [[int(FARC)], ["Assault"]])
    assert state.active(sid("Huila"), AUC) == 0  # Mountain: 2 Troops remove 1
    assert state.underground(sid("Huila"), FARC) == 1


def test_19_general_offensive_govt_assault_choice_of_targets_3_1():
    state = position({"Bogotá": "2T 1FA 1CA"})
    spy = play(state, 19, UNSHADED, [[int(CARTELS)]])  # may ignore the FARC (3.1)
    assert spy.asked[0].kind == "factions"
    assert state.active(sid("Bogotá"), FARC) == 1 and state.active(sid("Bogotá"), CARTELS) == 0


def test_19_general_offensive_govt_assault_piece_by_piece_bases_last_3_2_4():
    state = position({"Cali": "2T 1FA 1FB 2AA"})
    spy = play(state, 19, UNSHADED, [[int(FA)], [int(FB)]])
    assert int(FB) not in spy.asked[0].options  # Bases last
    assert state.faction_pieces(sid("Cali"), FARC) == 0 and state.active(sid("Cali"), AUC) == 2


def test_19_general_offensive_govt_drug_bust_3_2_5():
    state = position({"Cali": "1T 1CA"}, aid=5)
    state.place_shipment(sid("Cali"), CARTELS)
    play(state, 19, UNSHADED)
    assert state.aid == 11 and state.shipments_available() == 4


def test_19_general_offensive_govt_ospina_shaded_one_sweep_order_chosen_5_3():
    state = position({"Cali": "1T 1FU", "Medellín": "1T 1AU"}, capabilities={OSPINA_MORA: SHADED})
    spy = play(state, 19, UNSHADED, [[sid("Medellín")]])
    assert spy.asked[0].options == (sid("Cali"), sid("Medellín"))
    assert state.active(sid("Medellín"), AUC) == 1 and state.underground(sid("Cali"), FARC) == 1


def test_19_general_offensive_govt_tapias_shaded_one_assault_5_3():
    state = position({"Cali": "1T 1FA", "Medellín": "1T 1AA"}, capabilities={TAPIAS: SHADED})
    play(state, 19, UNSHADED, [[sid("Cali")]])
    assert state.active(sid("Cali"), FARC) == 0 and state.active(sid("Medellín"), AUC) == 1


def test_19_general_offensive_govt_madrid_donors_no_departments_5_4():
    state = _go_board()
    state.momentum = [MADRID_DONORS]
    assert general_offensive_spaces(state, GOVT) == [sid("Bogotá")]
    play(state, 19, UNSHADED)
    assert state.underground(sid("Huila"), FARC) == 1


def test_19_general_offensive_insurgent_attack_or_terror_in_each_space_5_5():
    state = position({
        "Antioquia": "1FU",  # Terror only
        "Huila": "1T 1P 2FU",  # Attack or Terror
        "Cali-Pasto": "1P 1FA",  # Attack only (no Underground)
    }, resources=0)
    assert general_offensive_options(state, FARC, sid("Huila")) == ["Attack", "Terror"]
    spy = play(state, 19, UNSHADED, [["Attack"], [int(T)]], faction=FARC, rolls=[2, 1])
    assert set(spy.asked[1].options) == {int(T), int(P)}
    assert state.cubes(sid("Huila")) == 0 and state.active(sid("Huila"), FARC) == 2
    assert state.police(sid("Cali-Pasto")) == 0
    assert state.guerrillas(sid("Cali-Pasto"), FARC) == 2  # Captured Goods on a 1
    assert state.terror[sid("Antioquia")] == 1 and state.support[sid("Antioquia")] == -1
    assert state.active(sid("Antioquia"), FARC) == 1
    assert state.resources[FARC] == 0  # free


def test_19_general_offensive_insurgent_attack_fails_on_high_roll_3_3_3():
    state = position({"Huila": "1T 1FU"})
    play(state, 19, UNSHADED, [["Attack"]], faction=FARC, rolls=[5])
    assert state.troops(sid("Huila")) == 1 and state.active(sid("Huila"), FARC) == 1


def test_19_general_offensive_auc_terror_one_aid_cut_3_3_4():
    state = position({"Huila": "1AU", "Cali-Pasto": "1AU"}, aid=9)
    play(state, 19, UNSHADED, faction=AUC)
    assert state.aid == 4  # -5 once for Terror in 2 spaces
    assert state.sabotage[sid("Cali-Pasto")] == 1 and state.terror[sid("Huila")] == 1


def test_19_general_offensive_nothing_possible_5_1_3():
    state = position({"Huila": "1FA"})  # no enemy, no Underground
    unchanged(state, 19, UNSHADED, faction=FARC)
    unchanged(state, 19, UNSHADED, faction=GOVT)


# ======================================================================================
# 20 Mono Jojoy
# ======================================================================================
def test_20_mono_jojoy_unshaded_govt_repositions_up_to_6_farc_5_1():
    state = position({"Huila": "3FU", "Meta West": "2FA"})
    answers = [
        [sid("Huila")],
        [sid("Cali")],
        [2],
        [sid("Meta West")],
        [sid("Bogotá")],
        [2],
        [sid("Huila")],
        [sid("Neiva")],
    ]
    spy = play(state, 20, UNSHADED, answers, faction=FARC)
    assert all(c.decider == int(GOVT) for c in spy.asked)
    assert state.underground(sid("Cali"), FARC) == 2  # moves keep the Guerrilla's side
    assert state.active(sid("Bogotá"), FARC) == 2
    assert state.underground(sid("Neiva"), FARC) == 1
    assert state.guerrillas(sid("Huila"), FARC) == 0


def test_20_mono_jojoy_unshaded_stop_early_and_moved_once_5_1():
    state = position({"Huila": "1FU 1FA"})
    spy = play(state, 20, UNSHADED, [[sid("Huila")], [int(FA)], [sid("Cali")], []])
    assert spy.asked[3].min == 0  # "up to": the Government may stop
    assert sid("Cali") not in spy.asked[3].options  # the moved Guerrilla moves only once
    assert state.active(sid("Cali"), FARC) == 1 and state.underground(sid("Huila"), FARC) == 1


def test_20_mono_jojoy_unshaded_last_guerrilla_carries_shipment_4_5_3():
    state = position({"Huila": "1FU"})
    state.place_shipment(sid("Huila"), FARC)
    play(state, 20, UNSHADED, [[sid("Huila")], [sid("Cali")]])
    assert state.shipments_at(sid("Cali"), FARC) != []


def test_20_mono_jojoy_unshaded_no_farc_nothing_5_1_3():
    unchanged(blank_state(), 20, UNSHADED)


def test_20_mono_jojoy_shaded_farc_free_march_then_flips_5_5():
    state = position({"Huila": "2FU 1FA"}, resources=0)
    state.place_shipment(sid("Huila"), FARC)
    put(state, "Meta West", FA, 2)
    answers = [
        [sid("Huila")],
        [sid("Neiva")],
        [2],
        [0],
        [1],
        [],
        [sid("Meta West")],
        [sid("Huila")],
        [],
    ]
    spy = play(state, 20, SHADED, answers, faction=AUC)
    assert all(c.decider == int(FARC) for c in spy.asked)  # FARC decides its March
    assert state.underground(sid("Neiva"), FARC) == 2
    assert state.shipments_at(sid("Neiva"), FARC) != []
    assert state.underground(sid("Meta West"), FARC) == 1
    assert state.underground(sid("Huila"), FARC) == 1 and state.active(sid("Huila"), FARC) == 0
    assert state.resources[FARC] == 0  # free March


def test_20_mono_jojoy_shaded_march_activation_applies_3_3_2():
    state = position({"Cali": "2P", "Huila": "2FU"}, support={"Cali": 1})
    play(state, 20, SHADED, [[sid("Huila")], [sid("Cali")], [2], [sid("Cali")], []], faction=FARC)
    # 2 + 2 cubes > 3 into Support: Active; then 1 flipped back Underground
    assert state.active(sid("Cali"), FARC) == 1 and state.underground(sid("Cali"), FARC) == 1


def test_20_mono_jojoy_shaded_no_farc_nothing_5_1_3():
    unchanged(blank_state(), 20, SHADED)


# ======================================================================================
# 21 Raúl Reyes
# ======================================================================================
def test_21_raul_reyes_unshaded_farc_minus_6_and_remove_a_base_5_1():
    state = position({"Huila": "1FB", "Meta West": "1FB"}, resources=10)
    play(state, 21, UNSHADED, [[sid("Meta West")]])
    assert state.resources[FARC] == 4
    assert state.bases(sid("Meta West"), FARC) == 0 and state.bases(sid("Huila"), FARC) == 1


def test_21_raul_reyes_unshaded_no_base_only_resources_5_1_3():
    state = blank_state(resources=3)
    play(state, 21, UNSHADED)
    assert state.resources[FARC] == 0


def test_21_raul_reyes_shaded_farc_plus_6_and_place_base_5_1():
    state = position({
        "Huila": "1GB 1AB",  # full: 2 Bases
    }, resources=95)
    spy = play(state, 21, SHADED, [[sid("Cali")]], faction=FARC)
    assert state.resources[FARC] == 99
    assert state.bases(sid("Cali"), FARC) == 1
    assert sid("Huila") not in spy.asked[0].options  # 1.4.2
    assert sid("Cali-Pasto") not in spy.asked[0].options  # no Bases on LoCs


def test_21_raul_reyes_shaded_no_base_available_5_1_1():
    state = position({"Huila": "2FB"}, resources=0)
    for name in ("Cali", "Meta West", "Guaviare", "Putumayo", "Chocó"):
        put(state, name, FB, 1)
    put(state, "Nariño", FB, 2)
    play(state, 21, SHADED)
    assert state.resources[FARC] == 6 and state.bases_on_map(FARC) == 9


# ======================================================================================
# 22 Alfonso Cano
# ======================================================================================
def test_22_alfonso_cano_unshaded_opposition_space_to_neutral_5_1():
    state = position(support={"Huila": -2, "Cali": -1, "Bogotá": 1})
    spy = play(state, 22, UNSHADED, [[sid("Huila")]])
    assert set(spy.asked[0].options) == {sid("Huila"), sid("Cali")}
    assert state.support[sid("Huila")] == 0 and state.support[sid("Cali")] == -1


def test_22_alfonso_cano_unshaded_no_opposition_5_1_3():
    state = position(support={"Bogotá": 2})
    unchanged(state, 22, UNSHADED)


# ======================================================================================
# 23 DoD Contractors
# ======================================================================================
def test_23_dod_contractors_unshaded_activate_all_remove_cartels_bases_5_1():
    state = position({
        "Putumayo": "2FU 1AU 1CU 2CB",
        "Cali": "1CB",  # a City: not offered
        "Guaviare": "1CB",
    })
    spy = play(state, 23, UNSHADED, [[sid("Putumayo")]])
    assert set(spy.asked[0].options) == {sid("Putumayo"), sid("Guaviare")}
    for f in (FARC, AUC, CARTELS):
        assert state.underground(sid("Putumayo"), f) == 0
    assert state.active(sid("Putumayo"), FARC) == 2
    assert state.bases(sid("Putumayo"), CARTELS) == 0 and state.bases(sid("Guaviare"), CARTELS) == 1


def test_23_dod_contractors_unshaded_nothing_in_departments_5_1_3():
    state = position({"Cali": "2FU", "Huila": "2FA"})
    unchanged(state, 23, UNSHADED)


def test_23_dod_contractors_shaded_govt_removes_3_troops_5_1():
    state = position({"Bogotá": "2T", "Huila": "4T"})
    spy = play(state, 23, SHADED, [[sid("Huila")], [sid("Bogotá")], [sid("Huila")]], faction=FARC)
    assert all(c.decider == int(GOVT) for c in spy.asked)
    assert state.troops(sid("Huila")) == 2 and state.troops(sid("Bogotá")) == 1


def test_23_dod_contractors_shaded_marks_govt_and_farc_ineligible_through_next_card_2_3_7():
    game = Game(blank_state(card=23))  # Faction order F G C A
    put(game.state, "Bogotá", T, 1)
    game.apply(PlayEvent(SHADED))  # FARC executes; only 1 Troops to remove
    assert game.state.troops(sid("Bogotá")) == 0
    assert game.state.step["eligible_next"] == {0: False, 1: False}
    assert game.to_move() is CARTELS  # the Government does not act on this card (2.3)
    game.apply(sequence.Pass())
    game.apply(sequence.Pass())  # AUC
    assert game.state.current_card != 23
    assert game.state.eligible == [False, False, True, True]


def test_23_dod_contractors_shaded_no_troops_still_ineligible_5_1_3():
    state = blank_state()
    play(state, 23, SHADED, faction=FARC)
    assert state.step["eligible_next"] == {0: False, 1: False}


# ======================================================================================
# 24 Operación Jaque
# ======================================================================================
def test_24_operacion_jaque_unshaded_city_to_active_support_farc_ineligible_5_1():
    state = position(support={"Cali": -2, "Bogotá": 2}, card=24)
    spy = play(state, 24, UNSHADED, [[sid("Cali")]])
    assert sid("Bogotá") not in spy.asked[0].options
    assert state.support[sid("Cali")] == 2
    assert state.step["eligible_next"] == {1: False} and not state.eligible[FARC]


def test_24_operacion_jaque_unshaded_all_cities_active_support_still_marks_farc_5_1_3():
    state = blank_state(card=24)
    for s in MAP.cities:
        state.support[s.id] = 2
    spy = play(state, 24, UNSHADED)
    assert spy.asked == [] and state.step["eligible_next"] == {1: False}


def test_24_operacion_jaque_farc_ineligible_next_card_via_sequence_2_3_7():
    game = Game(blank_state(card=24))  # F G C A: FARC passes, the Government executes
    game.apply(sequence.Pass())
    game.apply(PlayEvent(UNSHADED, choices=((sid("Cali"),),)))
    game.apply(sequence.Pass())  # Cartels
    game.apply(sequence.Pass())  # AUC
    assert game.state.eligible[FARC] is False and game.state.eligible[GOVT] is False


def test_24_operacion_jaque_shaded_remove_2_troops_and_city_to_neutral_5_1():
    state = position({
        "Huila": "3T 1FB",
        "Bogotá": "3T",  # no FARC piece: not offered
    }, support={"Cali": 2, "Medellín": 1})
    spy = play(state, 24, SHADED, [[sid("Cali")]], faction=FARC)
    assert len(spy.asked) == 1  # Huila is the only space with FARC pieces and Troops
    assert state.troops(sid("Huila")) == 1 and state.troops(sid("Bogotá")) == 3
    assert state.support[sid("Cali")] == 0 and state.support[sid("Medellín")] == 1


def test_24_operacion_jaque_shaded_one_troop_partial_5_1_3():
    state = position({"Huila": "1T 1FU"})
    play(state, 24, SHADED, faction=FARC)
    assert state.troops(sid("Huila")) == 0


def test_24_operacion_jaque_shaded_nothing_5_1_3():
    state = position({"Bogotá": "3T"})
    unchanged(state, 24, SHADED, faction=FARC)


# ======================================================================================
# replay and property tests
# ======================================================================================
def test_recorded_answers_replay_the_event_exactly_5_1():
    state = _go_board()
    first = state.clone()
    ctx = Context(faction=GOVT, chooser=RandomChooser(random.Random(3)))
    answers = events.run_event(first, ctx, 19, UNSHADED)
    again = state.clone()
    events.run_event(again, Context(faction=GOVT), 19, UNSHADED, tuple(answers))
    assert again == first


def _random_play_position(seed: int, steps: int):  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    game = Game.new(rng.choice(["standard", "quick"]), seed=seed)
    random_play(game, rng, steps)
    return game.state


ALL_SIDES = [(c, s) for c in MY_CARDS for s in events.sides_of(c)]


def _fuzz(state, seed: int) -> None:  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    for card, side in ALL_SIDES:
        faction = rng.choice(list(Faction))
        trial = state.clone()
        ctx = Context(faction=faction, chooser=RandomChooser(rng))
        try:
            answers = events.run_event(trial, ctx, card, side)
        except IllegalAction as err:  # only a rule may refuse, never a crash
            assert err.rule, (card, side)
            continue
        assert trial.check_invariants() == [], (card, side, trial.check_invariants())
        replay = state.clone()
        events.run_event(replay, Context(faction=faction), card, side, tuple(answers))
        assert replay == trial, (card, side)  # the recorded answers replay it exactly


FUZZ = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(seed=SEEDS, steps=st.integers(0, 120))
def test_every_event_on_positions_from_random_play_keeps_invariants(seed: int, steps: int):
    # 5.1.1 limits, 1.4.1-1.4.3, 1.7, 3.3.4, 4.5.3 after each card/side with random choices
    _fuzz(_random_play_position(seed, steps), seed)


@FUZZ
@given(seed=SEEDS)
def test_every_event_on_random_positions_keeps_invariants(seed: int):
    # random boards with Capabilities, Momentum, FARC Zones, Ecuador/Panamá, Shipments
    _fuzz(random_position(random.Random(seed)), seed)


# ======================================================================================
# Ecuador (Sucumbíos, card 33): no more than 2 pieces per Faction there
# ======================================================================================
def test_14_tres_esquinas_unshaded_ecuador_holds_2_government_pieces_1_3_5():
    state = blank_state()
    state.foreign_in_play.append(MAP.ECUADOR)
    refused(state, 14, UNSHADED, [[MAP.ECUADOR]])  # 5.1.3: all 4 fit in other Departments
    for d in MAP.departments:
        state.farc_zone[d.id] = 1  # no other Department takes Government pieces (1.4.2)
    play(state, 14, UNSHADED, [])  # Ecuador: the only one, not asked
    assert state.count(MAP.ECUADOR, GB) == 1 and state.troops(MAP.ECUADOR) == 1


def test_20_mono_jojoy_unshaded_ecuador_full_not_a_destination_1_3_5():
    state = position({"Putumayo": "1FU"})
    spy = play(state, 20, UNSHADED, [[sid("Putumayo")], [sid("Neiva")]])
    assert MAP.ECUADOR not in spy.asked[1].options  # not in play
    state = blank_state()
    state.foreign_in_play.append(MAP.ECUADOR)
    place(state, {"Ecuador": "2FB", "Putumayo": "1FU"})
    spy = play(state, 20, UNSHADED, [[sid("Putumayo")], [sid("Neiva")]])
    assert MAP.ECUADOR not in spy.asked[1].options  # 2 FARC pieces there already
