"""COIN Operations (3.2): Train, Patrol, Sweep, Assault with Drug Bust, and the lasting
Events that modify them (5.3 Capabilities 2, 3, 9, 11, 13; 5.4 Momentum 12, 17)."""

from __future__ import annotations

import random
from functools import partial

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.commands import Context, from_json
from core.errors import IllegalAction
from core.events import (
    HIGH_MOUNTAIN_BATTALIONS,
    MADRID_DONORS,
    NDSC,
    OSPINA_MORA,
    PLAN_COLOMBIA,
    PLAN_METEORO,
    SENADO_CAMARA,
    SHADED,
    TAPIAS,
    UNSHADED,
)
from core.map import MAP
from core.pieces import INSURGENTS, Faction, Piece
from core.rules.coin_ops import (
    Assault,
    Patrol,
    Sweep,
    Train,
    assault_capacity,
    assault_removals,
    assault_spaces,
    civic_action_capacity,
    default_removal_order,
    patrol_activations,
    patrol_reach,
    random_assault,
    random_patrol,
    random_sweep,
    random_train,
    senado_immune,
    sweep_activation_capacity,
    sweep_sources,
    sweep_spaces,
    train_base_problem,
    train_cube_capacity,
    train_spaces,
)
from core.state import GameState
from tests.codes import AA, AB, AU, AUC, CA, CARTELS, CU, FA, FARC, FB, FU, GOVT, P, T
from tests.helpers import blank_state, illegal_as, place, position, put, run_as, sid
from tests.strategies import random_position


def ctx(**kw) -> Context:
    return Context(faction=GOVT, **kw)


run = partial(run_as, GOVT)
illegal = partial(illegal_as, GOVT)


# ======================================================================================
# Train (3.2.1)
# ======================================================================================
def test_train_places_up_to_6_cubes_in_a_city_3_2_1():
    s = blank_state()
    c = run(s, Train(selected=(sid("Bogotá"),), place=((sid("Bogotá"), 4, 2),)))
    assert (s.troops(sid("Bogotá")), s.police(sid("Bogotá"))) == (4, 2)
    assert s.resources[GOVT] == 7  # 3 per space
    assert any("Bogotá" in line and "4 Troops" in line for line in c.trace)


def test_train_more_than_6_cubes_is_illegal_3_2_1():
    s = blank_state()
    illegal(s, Train(selected=(sid("Cali"),), place=((sid("Cali"), 5, 2),)), "3.2.1")


def test_train_places_in_department_only_with_govt_base_3_2_1():
    s = blank_state()
    cmd = Train(selected=(sid("Huila"),), place=((sid("Huila"), 2, 0),))
    illegal(s, cmd, "3.2.1")
    put(s, "Huila", Piece.GOVT_BASE)
    run(s, cmd)
    assert s.troops(sid("Huila")) == 2


def test_train_selects_cities_or_departments_not_locs_3_2_1():
    s = blank_state()
    illegal(s, Train(selected=(sid("Bogotá-Neiva"),)), "3.2.1")


def test_train_never_selects_a_farc_zone_6_4_4():
    s = position(farc_zone=["Meta West"])
    illegal(s, Train(selected=(sid("Meta West"),)), "6.4.4")


def test_train_costs_3_per_space_and_must_be_affordable_3_1_3_2_1():
    s = blank_state(resources=5)
    cmd = Train(selected=(sid("Cali"), sid("Bogotá")))
    illegal(s, cmd, "3.2.1")
    s.resources[GOVT] = 6
    run(s, cmd)
    assert s.resources[GOVT] == 0


def test_free_train_costs_nothing_3_1_2():
    s = blank_state(resources=0)
    run(s, Train(selected=(sid("Cali"),), place=((sid("Cali"), 6, 0),)), free=True)
    assert s.troops(sid("Cali")) == 6 and s.resources[GOVT] == 0


def test_train_only_places_available_cubes_1_4_1():
    s = position({"Pasto": "28T"})
    assert train_cube_capacity(s, sid("Cali")) == 6
    illegal(s, Train(selected=(sid("Cali"),), place=((sid("Cali"), 3, 0),)), "1.4.1")
    run(s, Train(selected=(sid("Cali"),), place=((sid("Cali"), 2, 4),)))
    assert s.available(T) == 0


def test_train_places_only_in_selected_spaces_3_2_1():
    s = blank_state()
    illegal(s, Train(selected=(sid("Cali"),), place=((sid("Bogotá"), 1, 0),)), "3.2.1")


def test_train_selects_a_space_once_3_1():
    s = blank_state()
    illegal(s, Train(selected=(sid("Cali"), sid("Cali"))), "3.1")


def test_only_the_government_trains_3_0():
    s = blank_state()
    with pytest.raises(IllegalAction) as err:
        Train(selected=(sid("Cali"),)).execute(s, Context(faction=FARC))
    assert err.value.rule == "3.0"


def test_train_replaces_3_cubes_with_a_base_3_2_1():
    s = position({"Huila": "2T 2P"})
    run(s, Train(selected=(sid("Huila"),), base=sid("Huila"), base_troops=1))
    assert s.bases(sid("Huila"), GOVT) == 1
    assert (s.troops(sid("Huila")), s.police(sid("Huila"))) == (1, 0)


def test_train_places_cubes_before_building_the_base_3_2_1():
    s = blank_state()
    # Cubes placed in the City first, then 3 of them become a Base.
    cmd = Train(selected=(sid("Cali"),), place=((sid("Cali"), 3, 0),), base=sid("Cali"),
                base_troops=3)
    run(s, cmd)
    assert s.bases(sid("Cali"), GOVT) == 1 and s.cubes(sid("Cali")) == 0
    # But a Department gets no cubes from the Base this Train builds.
    s2 = position({"Huila": "3T"})
    illegal(s2, Train(selected=(sid("Huila"),), place=((sid("Huila"), 1, 0),),
                      base=sid("Huila"), base_troops=3), "3.2.1")


def test_train_base_needs_3_cubes_of_the_named_mix_3_2_1():
    s = position({"Huila": "2T"})
    illegal(s, Train(selected=(sid("Huila"),), base=sid("Huila"), base_troops=2), "3.2.1")
    put(s, "Huila", T, 1)
    illegal(s, Train(selected=(sid("Huila"),), base=sid("Huila"), base_troops=2), "3.2.1")
    assert train_base_problem(s, sid("Huila"), 3) is None


def test_train_base_respects_stacking_1_4_2():
    s = position({"Huila": "3T 1FB 1CB"})
    illegal(s, Train(selected=(sid("Huila"),), base=sid("Huila"), base_troops=3), "1.4.2")


def test_train_may_recall_own_cubes_to_place_them_again_1_4_1():
    s = position({"Pasto": "30T"})
    cmd = Train(selected=(sid("Cali"),), place=((sid("Cali"), 3, 0),),
                recall=((sid("Pasto"), T, 3),))
    run(s, cmd)
    assert s.troops(sid("Cali")) == 3 and s.troops(sid("Pasto")) == 27


def test_train_may_recall_a_base_to_build_it_elsewhere_1_4_1():
    s = blank_state()
    for city in ("Bogotá", "Medellín", "Cali"):
        put(s, city, Piece.GOVT_BASE)
    put(s, "Huila", T, 3)
    run(s, Train(selected=(sid("Huila"),), base=sid("Huila"), base_troops=3,
                 recall=((sid("Cali"), Piece.GOVT_BASE, 1),)))
    assert s.bases(sid("Huila"), GOVT) == 1 and s.bases(sid("Cali"), GOVT) == 0


def test_recall_only_own_pieces_and_only_by_a_player_1_4_1():
    s = position({"Pasto": "2T 2FA"})
    illegal(s, Train(selected=(sid("Cali"),), recall=((sid("Pasto"), FA, 1),)), "1.4.1")
    illegal(s, Train(selected=(sid("Cali"),), recall=((sid("Pasto"), T, 3),)), "1.4.1")
    illegal(s, Train(selected=(sid("Cali"),), recall=((sid("Pasto"), T, 1),)), "1.4.1",
            nonplayer=True)


def test_train_base_needs_an_available_base_1_4_1():
    s = blank_state()
    for city in ("Bogotá", "Medellín", "Cali"):
        put(s, city, Piece.GOVT_BASE)
    put(s, "Huila", T, 3)
    illegal(s, Train(selected=(sid("Huila"),), base=sid("Huila"), base_troops=3), "1.4.1")


def test_train_base_only_in_a_selected_space_3_2_1():
    s = position({"Huila": "3T"})
    illegal(s, Train(selected=(sid("Cali"),), base=sid("Huila"), base_troops=3), "3.2.1")


def test_train_base_or_civic_action_not_both_3_2_1():
    s = position({"Cali": "3T 3P"})
    cmd = Train(selected=(sid("Cali"),), base=sid("Cali"), base_troops=3, civic=sid("Cali"),
                civic_steps=1)
    illegal(s, cmd, "3.2.1")


def test_train_civic_action_pays_3_per_step_even_if_free_3_2_1_6_4_1():
    s = position({"Cali": "1T 1P"}, resources=7)
    run(s, Train(selected=(sid("Cali"),), civic=sid("Cali"), civic_steps=2), free=True)
    assert s.support[sid("Cali")] == 2
    assert s.resources[GOVT] == 1


def test_train_civic_action_removes_terror_first_6_4_1():
    s = position({"Cali": "1T 1P"}, terror={"Cali": 1})
    run(s, Train(selected=(sid("Cali"),), civic=sid("Cali"), civic_steps=2))
    assert s.terror[sid("Cali")] == 0 and s.support[sid("Cali")] == 1
    assert s.resources[GOVT] == 10 - 3 - 6


def test_train_civic_action_needs_troops_police_and_control_6_4_1():
    s = position({"Cali": "2T"})
    illegal(s, Train(selected=(sid("Cali"),), civic=sid("Cali"), civic_steps=1), "6.4.1")
    place(s, {"Cali": "1P 3FU"})  # no Government Control
    illegal(s, Train(selected=(sid("Cali"),), civic=sid("Cali"), civic_steps=1), "6.4.1")
    # The Police placed by this Train give Control in time for Civic Action.
    run(s, Train(selected=(sid("Cali"),), place=((sid("Cali"), 0, 2),), civic=sid("Cali"),
                 civic_steps=1))
    assert s.support[sid("Cali")] == 1


def test_train_civic_action_must_afford_each_step_6_4_1():
    s = position({"Cali": "1T 1P"}, resources=5)
    illegal(s, Train(selected=(sid("Cali"),), civic=sid("Cali"), civic_steps=1), "6.4.1")


def test_train_civic_action_cannot_pass_active_support_6_4_1():
    s = position({"Cali": "1T 1P"}, support={"Cali": 1}, resources=30)
    assert civic_action_capacity(s, sid("Cali")) == 1
    illegal(s, Train(selected=(sid("Cali"),), civic=sid("Cali"), civic_steps=2), "6.4.1")


def test_limited_train_selects_1_space_2_3_5():
    s = blank_state()
    illegal(s, Train(selected=(sid("Cali"), sid("Bogotá"))), "2.3.5", limited=True)
    run(s, Train(selected=(sid("Cali"),)), limited=True)


def test_train_spaces_query_3_2_1():
    s = position(farc_zone=["Meta West"])
    spaces = train_spaces(s)
    assert sid("Bogotá") in spaces and sid("Huila") in spaces
    assert sid("Meta West") not in spaces and sid("Bogotá-Neiva") not in spaces
    assert MAP.PANAMA not in spaces  # not in play (1.3.5)
    assert train_cube_capacity(s, sid("Huila")) == 0


# ======================================================================================
# Patrol (3.2.2)
# ======================================================================================
def test_patrol_moves_cubes_along_locs_and_cities_for_3_total_3_2_2():
    s = position({"Bogotá": "3T"})
    path = (sid("Bogotá"), sid("Bogotá-Neiva"), sid("Neiva"), sid("Neiva-Pasto"))
    run(s, Patrol(moves=((T, 2, path),)))
    assert s.troops(sid("Neiva-Pasto")) == 2 and s.troops(sid("Bogotá")) == 1
    assert s.resources[GOVT] == 7


def test_patrol_costs_3_total_not_per_space_3_2_2():
    s = position({"Bogotá": "2T", "Cali": "2P"}, resources=3)
    run(s, Patrol(moves=((T, 2, (sid("Bogotá"), sid("Bogotá-Neiva"))),
                         (P, 2, (sid("Cali"), sid("Cali-Pasto"))))))
    assert s.resources[GOVT] == 0
    s2 = position({"Bogotá": "2T"}, resources=2)
    illegal(s2, Patrol(moves=((T, 1, (sid("Bogotá"), sid("Bogotá-Neiva"))),)), "3.2.2")


def test_patrol_cubes_stop_on_entering_a_space_with_guerrillas_3_2_2():
    s = position({"Bogotá": "2T", "Bogotá-Neiva": "1AU"})
    through = (sid("Bogotá"), sid("Bogotá-Neiva"), sid("Neiva"))
    illegal(s, Patrol(moves=((T, 1, through),)), "3.2.2")
    run(s, Patrol(moves=((T, 1, through[:2]),)))  # may end there
    assert s.troops(sid("Bogotá-Neiva")) == 1
    detour = patrol_reach(s, sid("Bogotá"))[sid("Neiva")]  # the long way round
    assert sid("Bogotá-Neiva") not in detour and len(detour) > 3


def test_patrol_may_leave_a_space_with_guerrillas_3_2_2():
    s = position({"Bogotá-Neiva": "1T 3FU"})
    run(s, Patrol(moves=((T, 1, (sid("Bogotá-Neiva"), sid("Neiva"), sid("Neiva-Pasto"))),)))
    assert s.troops(sid("Neiva-Pasto")) == 1


def test_patrol_enters_only_locs_and_cities_3_2_2():
    s = position({"Bogotá": "1T"})
    illegal(s, Patrol(moves=((T, 1, (sid("Bogotá"), sid("Huila"))),)), "3.2.2")
    illegal(s, Patrol(moves=((T, 1, (sid("Bogotá"), sid("Cali"))),)), "3.2.2")  # not adjacent


def test_patrol_cubes_may_start_in_a_department_3_2_2():
    s = position({"Huila": "2P"})
    run(s, Patrol(moves=((P, 2, (sid("Huila"), sid("Cali-Pasto"))),)))
    assert s.police(sid("Cali-Pasto")) == 2


def test_patrol_moves_each_cube_once_3_2_2():
    s = position({"Bogotá": "2T"})
    cmd = Patrol(moves=((T, 2, (sid("Bogotá"), sid("Bogotá-Neiva"))),
                        (T, 1, (sid("Bogotá"), sid("Bogotá-Yopal")))))
    illegal(s, cmd, "3.2.2")
    illegal(s, Patrol(moves=((Piece.GOVT_BASE, 1, (sid("Bogotá"), sid("Bogotá-Yopal"))),)),
            "3.2.2")


def test_patrol_activates_1_guerrilla_per_cube_on_every_loc_3_2_2():
    s = position({
        "Cali-Pasto": "2P 3FU",  # no cube moves here, still Activates
        "Bogotá": "1T",
        "Bogotá-Neiva": "2AU",
    })
    run(s, Patrol(moves=((T, 1, (sid("Bogotá"), sid("Bogotá-Neiva"))),)))
    assert s.active(sid("Cali-Pasto"), FARC) == 2 and s.underground(sid("Cali-Pasto"), FARC) == 1
    assert s.active(sid("Bogotá-Neiva"), AUC) == 1


def test_patrol_activation_targets_chosen_factions_to_the_full_extent_1_4_1():
    s = position({"Cali-Pasto": "3P 1FU 3CU"})
    loc = sid("Cali-Pasto")
    # Targeting only FARC: the 1 FARC Guerrilla is all there is to Activate.
    s1 = s.clone()
    run(s1, Patrol(activate=((loc, int(FARC), 1),)))
    assert s1.active(loc, FARC) == 1 and s1.active(loc, CARTELS) == 0
    # Targeting Cartels with only 1 of 3 cubes' worth: not to the full extent.
    illegal(s, Patrol(activate=((loc, int(CARTELS), 1),)), "1.4.1")
    # Targeting nobody while Guerrillas can be Activated.
    illegal(s, Patrol(activate=((loc, int(FARC), 0),)), "1.4.1")
    # More than the cubes there or than are Underground.
    illegal(s, Patrol(activate=((loc, int(CARTELS), 3), (loc, int(FARC), 1))), "3.2.2")
    illegal(s, Patrol(activate=((loc, int(AUC), 1),)), "3.2.2")
    run(s, Patrol(activate=((loc, int(CARTELS), 2), (loc, int(FARC), 1))))
    assert s.active(loc, CARTELS) == 2 and s.active(loc, FARC) == 1


def test_patrol_activates_only_on_locs_3_2_2():
    s = position({"Cali": "1P 1FU"})
    illegal(s, Patrol(activate=((sid("Cali"), int(FARC), 1),)), "3.2.2")


def test_patrol_free_assault_in_1_loc_3_2_2():
    s = position({"Bogotá": "2T", "Bogotá-Neiva": "1FU 1FA"}, resources=3)
    loc = sid("Bogotá-Neiva")
    run(s, Patrol(moves=((T, 2, (sid("Bogotá"), loc)),), assault=(loc,)))
    # The 2 Troops Activate the Underground Guerrilla, then Assault removes both.
    assert s.guerrillas(loc, FARC) == 0
    assert s.resources[GOVT] == 0  # Assault at no added cost


def test_patrol_assault_only_in_1_loc_3_2_2():
    s = position({"Cali-Pasto": "1T", "Bogotá-Neiva": "1T"})
    illegal(s, Patrol(assault=(sid("Cali-Pasto"), sid("Bogotá-Neiva"))), "3.2.2")
    put(s, "Cali", T, 1)
    illegal(s, Patrol(assault=(sid("Cali"),)), "3.2.2")


def test_limited_patrol_has_1_destination_and_assaults_there_2_3_5():
    s = position({"Bogotá": "2T", "Neiva": "1P"})
    loc = sid("Bogotá-Neiva")
    two = Patrol(moves=((T, 1, (sid("Bogotá"), loc)), (T, 1, (sid("Bogotá"), sid("Bogotá-Yopal")))))
    illegal(s, two, "2.3.5", limited=True)
    elsewhere = Patrol(moves=((T, 1, (sid("Bogotá"), loc)),), assault=(sid("Bogotá-Yopal"),))
    illegal(s, elsewhere, "2.3.5", limited=True)
    one = Patrol(moves=((T, 2, (sid("Bogotá"), loc)), (P, 1, (sid("Neiva"), loc))), assault=(loc,))
    assert one.destinations() == (loc,)
    run(s, one, limited=True)


def test_limited_patrol_still_activates_on_every_loc_2_3_5_3_2_2():
    s = position({"Cali-Pasto": "1P 1FU", "Bogotá": "1T"})
    run(s, Patrol(moves=((T, 1, (sid("Bogotá"), sid("Bogotá-Neiva"))),)), limited=True)
    assert s.active(sid("Cali-Pasto"), FARC) == 1


def test_plan_colombia_shaded_no_activation_by_patrol_5_4_card_12():
    s = position({"Cali-Pasto": "2P 2FU"}, momentum=[PLAN_COLOMBIA])
    assert patrol_activations(s, sid("Cali-Pasto")) == 0
    run(s, Patrol(assault=(sid("Cali-Pasto"),)))
    assert s.underground(sid("Cali-Pasto"), FARC) == 2
    illegal(s, Patrol(activate=((sid("Cali-Pasto"), int(FARC), 2),)), "5.4")


def test_plan_meteoro_unshaded_assault_in_each_loc_5_3_card_13():
    s = position({
        "Cali-Pasto": "1T 1FA",
        "Bogotá-Neiva": "1T 1AA",
    }, capabilities={PLAN_METEORO: UNSHADED})
    run(s, Patrol(assault=(sid("Cali-Pasto"), sid("Bogotá-Neiva"))))
    assert s.guerrillas(sid("Cali-Pasto"), FARC) == 0
    assert s.guerrillas(sid("Bogotá-Neiva"), AUC) == 0


def test_plan_meteoro_shaded_no_patrol_assault_5_3_card_13():
    s = position({"Cali-Pasto": "1T 1FA"}, capabilities={PLAN_METEORO: SHADED})
    illegal(s, Patrol(assault=(sid("Cali-Pasto"),)), "5.3")


def test_patrol_reach_query_3_2_2():
    s = position({"Neiva": "1CU"})
    reach = patrol_reach(s, sid("Bogotá"))
    assert reach[sid("Neiva")] == (sid("Bogotá"), sid("Bogotá-Neiva"), sid("Neiva"))
    assert sid("Neiva-Pasto") not in reach or sid("Neiva") not in reach[sid("Neiva-Pasto")]
    assert sid("Huila") not in reach and sid("Bogotá") not in reach


# ======================================================================================
# Sweep (3.2.3)
# ======================================================================================
def test_sweep_moves_adjacent_troops_and_activates_1_per_cube_3_2_3():
    s = position({"Bogotá": "3T", "Santander": "1P 3FU 2AU"})
    run(s, Sweep(selected=(sid("Santander"),), moves=((T, 2, (sid("Bogotá"), sid("Santander"))),)))
    assert s.troops(sid("Santander")) == 2
    # 3 cubes (2 Troops that moved plus 1 Police already there): FARC first by default.
    assert s.active(sid("Santander"), FARC) == 3 and s.active(sid("Santander"), AUC) == 0
    assert s.resources[GOVT] == 7


def test_sweep_in_forest_activates_1_per_2_cubes_3_2_3():
    s = position({"Chocó": "3T 3FU"})
    assert sweep_activation_capacity(s, sid("Chocó")) == 1
    run(s, Sweep(selected=(sid("Chocó"),)))
    assert s.active(sid("Chocó"), FARC) == 1


def test_sweep_through_a_guerrilla_free_loc_3_2_3():
    # The 3.2.3 EXAMPLE: Troops from Cúcuta, Bucaramanga and Sincelejo reach Cesar via LoCs.
    s = blank_state()
    for city in ("Cúcuta", "Bucaramanga", "Sincelejo"):
        put(s, city, T, 1)
    sources = sweep_sources(s, sid("Cesar"))
    assert set(sources) == {sid("Cúcuta"), sid("Bucaramanga"), sid("Sincelejo")}
    moves = tuple((T, 1, path) for path in sources.values())
    run(s, Sweep(selected=(sid("Cesar"),), moves=moves))
    assert s.troops(sid("Cesar")) == 3


def test_sweep_not_through_a_loc_with_guerrillas_3_2_3():
    s = position({"Cúcuta": "1T", "Ayacucho-Cúcuta": "1CU"})
    path = (sid("Cúcuta"), sid("Ayacucho-Cúcuta"), sid("Cesar"))
    assert sid("Cúcuta") not in sweep_sources(s, sid("Cesar"))
    illegal(s, Sweep(selected=(sid("Cesar"),), moves=((T, 1, path),)), "3.2.3")


def test_sweep_moves_must_reach_selected_adjacent_spaces_3_2_3():
    s = position({"Bogotá": "2T"})
    illegal(s, Sweep(selected=(sid("Huila"),), moves=((T, 1, (sid("Bogotá"), sid("Santander"))),)),
            "3.2.3")
    illegal(s, Sweep(selected=(sid("Cali"),), moves=((T, 1, (sid("Bogotá"), sid("Cali"))),)),
            "3.2.3")
    illegal(s, Sweep(selected=(sid("Huila"),), moves=((T, 3, (sid("Bogotá"), sid("Huila"))),)),
            "3.2.3")


def test_sweep_moves_troops_not_police_3_2_3():
    s = position({"Bogotá": "1P"})
    illegal(s, Sweep(selected=(sid("Huila"),), moves=((P, 1, (sid("Bogotá"), sid("Huila"))),)),
            "3.2.3")


def test_sweep_selects_cities_or_departments_not_farc_zones_3_2_3_6_4_4():
    s = position(farc_zone=["Meta West"])
    illegal(s, Sweep(selected=(sid("Meta West"),)), "6.4.4")
    illegal(s, Sweep(selected=(sid("Bogotá-Neiva"),)), "3.2.3")
    assert sid("Meta West") not in sweep_spaces(s)


def test_sweep_never_activates_in_panama_1_3_5():
    s = blank_state()
    s.foreign_in_play = [MAP.PANAMA]
    place(s, {MAP.PANAMA: "4T 2FU"})
    run(s, Sweep(selected=(MAP.PANAMA,)))
    assert s.underground(MAP.PANAMA, FARC) == 2


def test_sweep_activation_choice_is_checked_1_4_1():
    s = position({"Huila": "2T 1FU 2AU"})
    h = sid("Huila")
    illegal(s, Sweep(selected=(h,), activate=((h, int(AUC), 1),)), "1.4.1")
    illegal(s, Sweep(selected=(h,), activate=((sid("Cali"), int(AUC), 1),)), "3.2.3")
    run(s, Sweep(selected=(h,), activate=((h, int(AUC), 2),)))
    assert s.active(h, AUC) == 2 and s.underground(h, FARC) == 1


def test_sweep_costs_3_per_space_3_2_3():
    s = blank_state(resources=5)
    illegal(s, Sweep(selected=(sid("Huila"), sid("Cali"))), "3.2.3")
    run(s, Sweep(selected=(sid("Huila"),)))
    assert s.resources[GOVT] == 2


def test_sweep_not_on_the_final_event_card_2_3_9():
    s = blank_state()
    illegal(s, Sweep(selected=(sid("Huila"),)), "2.3.9", final_card=True)


def test_random_sweep_not_on_the_final_event_card_2_3_9():
    s = blank_state()
    s.deck = [73] + s.deck  # a Propaganda card next
    s.propaganda_cards = s.final_propaganda - 1
    assert random_sweep(s, GOVT, random.Random(0)) is None
    s.seats[GOVT] = None  # Non-players ignore 2.3.9 (8.1)
    assert random_sweep(s, GOVT, random.Random(0)) is not None


def test_limited_sweep_has_1_destination_2_3_5():
    s = blank_state()
    illegal(s, Sweep(selected=(sid("Huila"), sid("Cali"))), "2.3.5", limited=True)


def test_sweep_troops_move_simultaneously_between_selected_spaces_3_2_3():
    s = position({"Bogotá": "2T", "Huila": "1T"})
    cmd = Sweep(selected=(sid("Bogotá"), sid("Huila")),
                moves=((T, 2, (sid("Bogotá"), sid("Huila"))),
                       (T, 1, (sid("Huila"), sid("Bogotá")))))
    run(s, cmd)
    assert (s.troops(sid("Bogotá")), s.troops(sid("Huila"))) == (1, 2)


def test_ospina_mora_unshaded_sweep_costs_1_per_space_5_3_card_2():
    s = position(capabilities={OSPINA_MORA: UNSHADED}, resources=2)
    run(s, Sweep(selected=(sid("Huila"), sid("Cali"))))
    assert s.resources[GOVT] == 0


def test_ospina_mora_shaded_sweep_only_1_space_per_card_5_3_card_2():
    s = position(capabilities={OSPINA_MORA: SHADED})
    illegal(s, Sweep(selected=(sid("Huila"), sid("Cali"))), "5.3")
    run(s, Sweep(selected=(sid("Huila"),)))
    assert s.step["sweep_spaces"] == 1
    illegal(s, Sweep(selected=(sid("Cali"),)), "5.3")  # a second Sweep this card
    s.step = {}  # next card
    run(s, Sweep(selected=(sid("Cali"),)))


def test_ndsc_unshaded_1_police_may_enter_each_sweep_space_5_3_card_11():
    s = position({"Bogotá": "3P", "Huila": "2FU"}, capabilities={NDSC: UNSHADED})
    one = Sweep(selected=(sid("Huila"),), moves=((P, 1, (sid("Bogotá"), sid("Huila"))),))
    two = Sweep(selected=(sid("Huila"),), moves=((P, 2, (sid("Bogotá"), sid("Huila"))),))
    illegal(s, two, "5.3")
    run(s, one)
    assert s.police(sid("Huila")) == 1 and s.active(sid("Huila"), FARC) == 1


def test_ndsc_shaded_sweep_activates_via_troops_or_police_not_both_5_3_card_11():
    s = position({"Huila": "2T 1P 3FU"}, capabilities={NDSC: SHADED})
    assert sweep_activation_capacity(s, sid("Huila")) == 2
    run(s, Sweep(selected=(sid("Huila"),)))
    assert s.active(sid("Huila"), FARC) == 2


def test_madrid_donors_shaded_no_sweep_in_departments_5_4_card_17():
    s = position(momentum=[MADRID_DONORS])
    illegal(s, Sweep(selected=(sid("Huila"),)), "5.4")
    run(s, Sweep(selected=(sid("Cali"),)))
    assert all(MAP[x].is_city for x in sweep_spaces(s))


# ======================================================================================
# Assault (3.2.4) and Drug Bust (3.2.5)
# ======================================================================================
def test_assault_removes_1_active_guerrilla_per_troops_3_2_4():
    s = position({"Meta East": "2T 2FU 3FA"})  # Grassland
    run(s, Assault(selected=(sid("Meta East"),)))
    assert s.active(sid("Meta East"), FARC) == 1 and s.underground(sid("Meta East"), FARC) == 2
    assert s.resources[GOVT] == 7


def test_assault_in_mountain_removes_1_per_2_troops_3_2_4():
    s = position({"Huila": "3T 4P 3FA"})  # Police remove nothing in a Department
    assert assault_capacity(s, sid("Huila")) == 1
    run(s, Assault(selected=(sid("Huila"),)))
    assert s.active(sid("Huila"), FARC) == 2


def test_assault_police_remove_in_cities_and_locs_3_2_4():
    s = position({"Cali": "2P 3AA", "Cali-Pasto": "1T 1P 3CA"})
    run(s, Assault(selected=(sid("Cali"), sid("Cali-Pasto"))))
    assert s.active(sid("Cali"), AUC) == 1 and s.active(sid("Cali-Pasto"), CARTELS) == 1
    assert s.resources[GOVT] == 4


def test_assault_removes_bases_last_3_2_4():
    s = position({"Meta East": "3T 1FA 2FB"})
    h = sid("Meta East")
    illegal(s, Assault(selected=(h,), removals=((h, (FB, FA)),)), "3.2.4")
    run(s, Assault(selected=(h,), removals=((h, (FA, FB, FB)),)))
    assert s.faction_pieces(h, FARC) == 0


def test_underground_guerrillas_shield_their_bases_3_2_4_note():
    s = position({"Meta East": "5T 1FU 1FB 1CB"})
    assert assault_removals(s, sid("Meta East")) == 1  # only the Cartels Base
    illegal(s, Assault(selected=(sid("Meta East"),), removals=((sid("Meta East"), (FB,)),)),
            "3.2.4")
    illegal(s, Assault(selected=(sid("Meta East"),), removals=((sid("Meta East"), (FU,)),)),
            "3.2.4")
    run(s, Assault(selected=(sid("Meta East"),)))
    assert s.bases(sid("Meta East"), FARC) == 1 and s.bases(sid("Meta East"), CARTELS) == 0


def test_assault_removes_to_the_full_extent_among_targeted_factions_1_4_1():
    # 1.4.1 EXAMPLE: 3 Troops in Forest must remove 3 Active pieces of targeted Factions.
    s = blank_state()
    f = sid("Guaviare")
    place(s, {f: "3T 2FA 2AA"})
    illegal(s, Assault(selected=(f,), removals=((f, (FA,)),)), "1.4.1")
    illegal(s, Assault(selected=(f,), removals=((f, ()),)), "1.4.1")  # must target someone
    illegal(s, Assault(selected=(f,), removals=((f, (FA, FA, AA, AA)),)), "3.2.4")
    s1 = s.clone()
    run(s1, Assault(selected=(f,), removals=((f, (FA, FA)),)))  # FARC only, all of it
    assert s1.active(f, AUC) == 2
    run(s, Assault(selected=(f,), removals=((f, (AA, FA, AA)),)))
    assert s.active(f, FARC) == 1 and s.active(f, AUC) == 0


def test_assault_removes_only_insurgent_pieces_3_2_4():
    s = position({"Cali": "2T 1P"})
    illegal(s, Assault(selected=(sid("Cali"),), removals=((sid("Cali"), (P,)),)), "3.2.4")
    illegal(s, Assault(selected=(sid("Cali"),), removals=((sid("Huila"), (FA,)),)), "3.2.4")


def test_drug_bust_adds_6_aid_per_shipment_removed_3_2_5():
    s = blank_state()
    loc = sid("Cali-Pasto")
    place(s, {loc: "2T 1FA 1CA"})
    s.place_shipment(loc, CARTELS)
    s.aid = 20
    run(s, Assault(selected=(loc,), removals=((loc, (CA, FA)),)))
    # The Shipment passes to the FARC Guerrilla (4.5.3), then leaves with it: +6 Aid.
    assert s.shipments_available() == 4 and s.aid == 26


def test_drug_bust_aid_capped_at_29_1_7():
    s = position({"Cali-Pasto": "1T 1CA"})
    s.place_shipment(sid("Cali-Pasto"), CARTELS)
    s.aid = 27
    run(s, Assault(selected=(sid("Cali-Pasto"),)))
    assert s.aid == 29


def test_no_drug_bust_while_a_guerrilla_still_holds_the_shipment_4_5_3():
    s = blank_state()
    loc = sid("Cali-Pasto")
    place(s, {loc: "1T 1CU 1CA"})
    s.place_shipment(loc, CARTELS)
    run(s, Assault(selected=(loc,)))
    assert s.shipments_at(loc) == [0] and s.aid == 9


def test_assault_costs_3_per_space_3_2_4():
    s = blank_state(resources=5)
    illegal(s, Assault(selected=(sid("Cali"), sid("Huila"))), "3.2.4")


def test_limited_assault_in_1_space_2_3_5():
    s = blank_state()
    illegal(s, Assault(selected=(sid("Cali"), sid("Huila"))), "2.3.5", limited=True)


def test_tapias_unshaded_assault_costs_1_per_space_5_3_card_3():
    s = position(capabilities={TAPIAS: UNSHADED}, resources=2)
    run(s, Assault(selected=(sid("Cali"), sid("Huila"))))
    assert s.resources[GOVT] == 0


def test_tapias_shaded_assault_only_1_space_per_card_5_3_card_3():
    s = position(capabilities={TAPIAS: SHADED})
    illegal(s, Assault(selected=(sid("Cali"), sid("Huila"))), "5.3")
    run(s, Assault(selected=(sid("Cali"),)))
    illegal(s, Assault(selected=(sid("Huila"),)), "5.3")
    assert random_assault(s, GOVT, random.Random(1)) is None


def test_high_mountain_battalions_unshaded_mountain_as_city_5_3_card_9():
    s = position({"Huila": "2T 1P 4FA"}, capabilities={HIGH_MOUNTAIN_BATTALIONS: UNSHADED})
    assert assault_capacity(s, sid("Huila")) == 3
    run(s, Assault(selected=(sid("Huila"),)))
    assert s.active(sid("Huila"), FARC) == 1


def test_high_mountain_battalions_shaded_1_per_4_troops_5_3_card_9():
    s = position({"Huila": "7T 4FA"}, capabilities={HIGH_MOUNTAIN_BATTALIONS: SHADED})
    assert assault_capacity(s, sid("Huila")) == 1
    put(s, "Meta East", T, 2)  # not Mountain: unaffected
    assert assault_capacity(s, sid("Meta East")) == 2


def test_madrid_donors_shaded_no_assault_in_departments_5_4_card_17():
    s = position({"Huila": "2T 1FA", "Cali-Pasto": "1T 1FA"}, momentum=[MADRID_DONORS])
    illegal(s, Assault(selected=(sid("Huila"),)), "5.4")
    assert assault_spaces(s) == [sid("Cali-Pasto")]
    run(s, Assault(selected=(sid("Cali-Pasto"),)))


def test_default_removal_order_takes_actives_then_bases_3_2_4():
    s = position({"Meta East": "6T 1FA 1AA 1AB"})
    assert default_removal_order(s, sid("Meta East")) == (FA, AA, AB)


# ======================================================================================
# random commands: always legal, varied, JSON round trip (property tests)
# ======================================================================================
GENERATORS = (random_train, random_patrol, random_sweep, random_assault)


def _try(gen, state: GameState, rng: random.Random, limited: bool):
    cmd = gen(state, GOVT, rng, limited)
    if cmd is None:
        return None
    after = state.clone()
    c = Context(faction=GOVT, limited=limited)
    cmd.execute(after, c)
    assert after.check_invariants() == [], (cmd, after.check_invariants())
    assert cmd.spaces()  # an Operation involves at least 1 space (3.1)
    if limited:
        assert len(set(cmd.destinations())) <= 1
    assert from_json(cmd.to_json()) == cmd
    return cmd, after, c


def test_random_coin_operations_are_legal_on_random_positions():
    # 3.2.1-3.2.5, 1.4.1, 1.4.2, 2.3.5: every generated plan executes and keeps invariants.
    made = dict.fromkeys((g.__name__ for g in GENERATORS), 0)
    for seed in range(400):
        rng = random.Random(seed)
        state = random_position(rng)
        for gen in GENERATORS:
            if _try(gen, state, rng, limited=seed % 4 == 0) is not None:
                made[gen.__name__] += 1
    assert all(n > 50 for n in made.values()), made


def test_random_coin_operations_are_varied():
    # The generators reach every option of 3.2.1-3.2.4 (Base, Civic Action, long Patrol
    # paths, Sweep through LoCs, chosen Activations and removals, 1.4.1 recalls).
    seen: set[str] = set()
    for seed in range(300):
        rng = random.Random(seed)
        state = random_position(rng, lasting=False)
        state.resources[GOVT] = 30
        for gen in GENERATORS:
            out = _try(gen, state, rng, limited=False)
            if out is None:
                continue
            cmd = out[0]
            if isinstance(cmd, Train):
                seen |= {"train base"} if cmd.base is not None else set()
                seen |= {"train civic"} if cmd.civic is not None else set()
                seen |= {"train cubes"} if any(t + p for _, t, p in cmd.place) else set()
                seen |= {"train recall"} if cmd.recall else set()
            if isinstance(cmd, Patrol):
                seen |= {"patrol assault"} if cmd.assault else set()
                seen |= {"patrol activate"} if cmd.activate else set()
                seen |= {"patrol long path"} if any(len(p) > 2 for _, _, p in cmd.moves) else set()
            if isinstance(cmd, Sweep):
                seen |= {"sweep via loc"} if any(len(p) == 3 for _, _, p in cmd.moves) else set()
                seen |= {"sweep activate"} if cmd.activate else set()
            if isinstance(cmd, Assault):
                seen |= {"assault multi"} if len(cmd.selected) > 1 else set()
                seen |= {"assault order"} if cmd.removals else set()
    assert seen == {
        "train base", "train civic", "train cubes", "train recall", "patrol assault",
        "patrol activate", "patrol long path", "sweep via loc", "sweep activate",
        "assault multi", "assault order",
    }


def test_random_generators_refuse_other_factions_and_empty_purses():
    # 3.0: COIN Operations are the Government's; 3.1: it must be able to pay.
    rng = random.Random(0)
    s = random_position(rng)
    for gen in GENERATORS:
        assert gen(s, FARC, rng) is None
    s.resources[GOVT] = 0
    for gen in GENERATORS:
        assert gen(s, GOVT, rng) is None


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    which=st.sampled_from(GENERATORS),
    limited=st.booleans(),
)
def test_property_random_coin_operations_keep_invariants(seed, which, limited):
    # 1.4.1, 1.4.2, 1.7, 4.5.3 invariants hold after any generated COIN Operation.
    rng = random.Random(seed)
    state = random_position(rng)
    out = _try(which, state, rng, limited)
    if out is not None:
        _, after, _ = out
        assert after.check_invariants() == []
        assert after.resources[GOVT] <= state.resources[GOVT]


# ======================================================================================
# Senado & Cámara (card 42, shaded Momentum, 5.4): no Sweep or Assault against the
# Faction that executed it until the next Propaganda
# ======================================================================================
def _senado(state: GameState, faction: Faction) -> GameState:
    state.momentum.append(SENADO_CAMARA)
    state.executed_by[SENADO_CAMARA] = int(faction)
    return state


def test_senado_camara_shaded_sweep_does_not_activate_the_executing_faction_5_4_card_42():
    s = _senado(blank_state(), CARTELS)
    place(s, {"Cali": "3T 1FU 2CU"})
    assert senado_immune(s) is CARTELS
    illegal(s, Sweep(selected=(sid("Cali"),), activate=((sid("Cali"), int(CARTELS), 1),)), "5.4")
    run(s, Sweep(selected=(sid("Cali"),)))
    assert s.count(sid("Cali"), CU) == 2 and s.count(sid("Cali"), FA) == 1


def test_senado_camara_shaded_full_extent_ignores_the_shielded_faction_1_4_1_card_42():
    s = _senado(blank_state(), AUC)
    place(s, {"Cali": "3T 1FU 2AU"})
    # FARC targeted with 1 of 3 Activations: full extent, as the AUC are out of reach
    run(s, Sweep(selected=(sid("Cali"),), activate=((sid("Cali"), int(FARC), 1),)))
    assert s.count(sid("Cali"), AU) == 2


def test_senado_camara_shaded_assault_does_not_remove_the_executing_faction_5_4_card_42():
    s = _senado(blank_state(), FARC)
    place(s, {"Cali": "2T 2FA 1FB 1AA"})
    illegal(s, Assault(selected=(sid("Cali"),), removals=((sid("Cali"), (int(FA),)),)), "5.4")
    assert assault_removals(s, sid("Cali")) == 1
    assert default_removal_order(s, sid("Cali")) == (AA,)
    run(s, Assault(selected=(sid("Cali"),)))
    assert s.count(sid("Cali"), FA) == 2 and s.count(sid("Cali"), AA) == 0
    place(s, {"Meta East": "2T 1FA"})
    assert sid("Meta East") not in assault_spaces(s)


def test_senado_camara_shaded_patrol_assault_spares_the_executing_faction_5_4_card_42():
    s = _senado(blank_state(), CARTELS)
    loc = sid("Cali-Pasto")
    place(s, {loc: "2P 2CA"})
    cmd = Patrol(assault=(loc,), removals=((loc, (int(CA),)),))
    illegal(s, cmd, "5.4")
    run(s, Patrol(assault=(loc,)))
    assert s.count(loc, CA) == 2


def test_senado_camara_shaded_executed_by_government_shields_nobody_5_4_card_42():
    s = _senado(blank_state(), GOVT)
    assert senado_immune(s) is None
    s.executed_by[SENADO_CAMARA] = int(FARC)
    s.momentum.remove(SENADO_CAMARA)  # discarded at the Reset (6.6)
    assert senado_immune(s) is None


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    which=st.sampled_from(GENERATORS),
    shielded=st.sampled_from(INSURGENTS),
)
def test_property_senado_camara_shielded_pieces_never_swept_or_assaulted_card_42(
    seed, which, shielded
):
    # 5.4: generated Sweeps, Assaults and Patrols stay legal and leave the shielded
    # Faction's Guerrillas Underground / on the map.
    rng = random.Random(seed)
    state = _senado(random_position(rng), shielded)
    out = _try(which, state, rng, limited=False)
    if out is not None:
        _, after, _ = out
        for space in range(len(MAP)):
            assert after.faction_pieces(space, shielded) == state.faction_pieces(space, shielded)
            if which is not random_patrol:  # Patrol's Activation is no Sweep
                assert after.underground(space, shielded) == state.underground(space, shielded)
