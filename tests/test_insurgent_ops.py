"""Insurgent Operations (3.3): Rally, March, Attack, Terror; Ambush (4.3.2, 4.4.1)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.commands import Context, from_json
from core.dice import ScriptedDice
from core.errors import DiceExhausted, IllegalAction
from core.game.sequence import OperationAction
from core.map import MAP
from core.pieces import ACTIVE_OF, INSURGENTS, Faction, Piece
from core.rules import insurgent_ops as io
from core.rules.insurgent_ops import (
    RALLY_BASE,
    RALLY_PLACE,
    RALLY_REGROUP,
    Ambush,
    Attack,
    March,
    Rally,
    Terror,
    attack_in,
    march_group,
    rally_in,
    rally_step,
    terror_in,
)
from core.state import GameState
from tests.helpers import blank_state, place, position, put, sid, trim_ecuador
from tests.strategies import SEEDS

F, A, C, G = Faction.FARC, Faction.AUC, Faction.CARTELS, Faction.GOVT
FU, FA, FB = Piece.FARC_UNDERGROUND, Piece.FARC_ACTIVE, Piece.FARC_BASE
AU, AA, AB = Piece.AUC_UNDERGROUND, Piece.AUC_ACTIVE, Piece.AUC_BASE
CU, CA, CB = Piece.CARTELS_UNDERGROUND, Piece.CARTELS_ACTIVE, Piece.CARTELS_BASE
TROOPS, POLICE, GB = Piece.TROOPS, Piece.POLICE, Piece.GOVT_BASE

HUILA = sid("Huila")
META_W = sid("Meta West")
META_E = sid("Meta East")
SANTANDER = sid("Santander")
BOGOTA = sid("Bogotá")
CALI = sid("Cali")
NEIVA = sid("Neiva")
PASTO = sid("Pasto")
VICHADA = sid("Vichada")
GUAVIARE = sid("Guaviare")
BOG_NEIVA = sid("Bogotá-Neiva")
PASTO_TUMACO = sid("Pasto-Tumaco")
ECUADOR = MAP.ECUADOR


def ctx_for(faction: Faction, rolls: list[int] | None = None, **kw) -> Context:
    return Context(faction=faction, dice=ScriptedDice(rolls or []), **kw)


def run(state: GameState, cmd, faction: Faction, rolls: list[int] | None = None, **kw) -> Context:
    ctx = ctx_for(faction, rolls, **kw)
    cmd.execute(state, ctx)
    assert state.check_invariants() == []
    return ctx


def illegal(state: GameState, cmd, faction: Faction, rolls=None, **kw) -> str:
    with pytest.raises(IllegalAction) as err:
        cmd.execute(state.clone(), ctx_for(faction, rolls, **kw))
    return err.value.rule


# ======================================================================================
# Rally 3.3.1
# ======================================================================================
def test_rally_places_1_underground_guerrilla_for_1_resource_3_3_1():
    s = blank_state(resources=5)
    ctx = run(s, rally_in(HUILA), F)
    assert s.underground(HUILA, F) == 1
    assert s.resources[F] == 4
    assert any("Rally in Huila-Tolima: place 1 FARC Guerrilla" in line for line in ctx.trace)


def test_rally_pays_1_per_space_and_needs_the_resources_3_3_1():
    s = blank_state(resources=2)
    run(s, Rally(steps=(rally_step(HUILA), rally_step(BOGOTA))), C)
    assert s.resources[C] == 0
    s = blank_state(resources=1)
    assert illegal(s, Rally(steps=(rally_step(HUILA), rally_step(BOGOTA))), C) == "3.3.1"


def test_free_rally_costs_nothing_3_1_2():
    s = blank_state(resources=0)
    run(s, rally_in(HUILA), A, free=True)
    assert s.underground(HUILA, A) == 1 and s.resources[A] == 0


def test_rally_only_in_cities_and_departments_3_3_1():
    s = blank_state()
    assert illegal(s, rally_in(BOG_NEIVA), F) == "3.3.1"
    assert illegal(s, rally_in(ECUADOR), F) == "3.3.1"  # 1.3.5: not in play
    s.foreign_in_play.append(ECUADOR)
    run(s, rally_in(ECUADOR), F)  # a foreign country in play is a Department
    run(s, rally_in(VICHADA), F)  # Pop 0 Departments are Neutral
    assert s.underground(ECUADOR, F) == s.underground(VICHADA, F) == 1


def test_farc_may_not_rally_where_support_3_3_1():
    s = position(support={HUILA: 1})
    assert illegal(s, rally_in(HUILA), F) == "3.3.1"
    s.support[HUILA] = -2
    run(s, rally_in(HUILA), F)


def test_auc_may_not_rally_where_opposition_3_3_1():
    s = position(support={HUILA: -1})
    assert illegal(s, rally_in(HUILA), A) == "3.3.1"
    s.support[HUILA] = 2
    run(s, rally_in(HUILA), A)


def test_cartels_rally_anywhere_populated_or_not_3_3_1():
    s = blank_state()
    s.support[HUILA], s.support[BOGOTA] = 2, -2
    run(s, Rally(steps=(rally_step(HUILA), rally_step(BOGOTA))), C)
    assert s.underground(HUILA, C) == s.underground(BOGOTA, C) == 1


def test_rally_spaces_query_3_3_1():
    s = blank_state()
    s.support[HUILA], s.support[BOGOTA] = 1, -1
    farc, auc = io.rally_spaces(s, F), io.rally_spaces(s, A)
    assert HUILA not in farc and BOGOTA in farc
    assert BOGOTA not in auc and HUILA in auc
    assert BOG_NEIVA not in farc and ECUADOR not in io.rally_spaces(s, C)
    assert len(io.rally_spaces(s, C)) == len(MAP.cities) + len(MAP.departments)


def test_rally_without_base_places_only_1_3_3_1():
    s = blank_state()
    assert illegal(s, rally_in(HUILA, RALLY_PLACE, 2), F) == "3.3.1"
    assert illegal(s, rally_in(HUILA, RALLY_PLACE, 0), F) == "3.3.1"


def test_rally_with_base_places_up_to_bases_plus_pop_3_3_1():
    s = position({HUILA: "1FB"})  # Huila-Tolima: Pop 2 -> up to 3
    assert io.rally_place_limit(s, F, HUILA) == 3
    assert illegal(s, rally_in(HUILA, RALLY_PLACE, 4), F) == "3.3.1"
    run(s, rally_in(HUILA, RALLY_PLACE, 3), F)
    assert s.underground(HUILA, F) == 3
    s2 = position({HUILA: "2FB"})
    assert io.rally_place_limit(s2, F, HUILA) == 4
    run(s2, rally_in(HUILA, RALLY_PLACE, 2), F)  # "up to": fewer is fine
    assert s2.underground(HUILA, F) == 2


def test_rally_base_in_pop_0_department_places_bases_only_3_3_1():
    s = position({VICHADA: "1CB"})
    assert io.rally_place_limit(s, C, VICHADA) == 1
    assert illegal(s, rally_in(VICHADA, RALLY_PLACE, 2), C) == "3.3.1"


def test_rally_place_limited_by_available_guerrillas_1_4_1():
    s = position({
        HUILA: "2CB",
        BOGOTA: "10CU",  # Cartels: 12 Guerrillas in all
    })
    assert io.rally_place_limit(s, C, HUILA) == 2
    assert illegal(s, rally_in(HUILA, RALLY_PLACE, 3), C) == "1.4.1"
    run(s, rally_in(HUILA, RALLY_PLACE, 2), C)
    assert s.available_guerrillas(C) == 0


def test_rally_with_none_available_places_nothing_but_is_selected_1_4_1():
    # 1.4.1: ignore instructions to place unavailable forces (e.g. a Department still
    # selected for Rally, as Cultivate 4.5.1 may need).
    s = position({BOGOTA: "12CU"})
    ctx = run(s, rally_in(HUILA, RALLY_PLACE, 0), C)
    assert s.resources[C] == 9 and s.guerrillas(HUILA, C) == 0
    assert ctx.trace
    assert illegal(s, rally_in(HUILA, RALLY_PLACE, 1), C) == "1.4.1"


def test_rally_replaces_2_guerrillas_with_a_base_3_3_1():
    s = position({HUILA: "2FU 1FA"})
    run(s, rally_in(HUILA, RALLY_BASE, 1), F)  # 1 Active + 1 Underground
    assert s.bases(HUILA, F) == 1
    assert s.underground(HUILA, F) == 1 and s.active(HUILA, F) == 0


def test_rally_base_needs_the_chosen_guerrillas_3_3_1():
    s = position({HUILA: "1FU"})
    assert illegal(s, rally_in(HUILA, RALLY_BASE, 0), F) == "3.3.1"  # only 1 Guerrilla
    put(s, HUILA, FU, 1)
    assert illegal(s, rally_in(HUILA, RALLY_BASE, 1), F) == "3.3.1"  # no Active one
    assert illegal(s, rally_in(HUILA, RALLY_BASE, 3), F) == "3.3.1"


def test_rally_base_respects_stacking_1_4_2():
    s = position({HUILA: "1GB 2FU 1CB"})
    assert io.rally_base_problem(s, F, HUILA) is not None
    assert illegal(s, rally_in(HUILA, RALLY_BASE, 0), F) == "1.4.2"
    assert RALLY_BASE not in io.rally_actions(s, F, HUILA)


def test_rally_base_needs_an_available_base_1_4_1():
    s = position({HUILA: "2AU"})
    for name in ("Bogotá", "Cali", "Medellín"):
        put(s, name, AB, 2)  # all 6 AUC Bases on the map
    assert illegal(s, rally_in(HUILA, RALLY_BASE, 0), A) == "1.4.1"


def test_rally_regroup_moves_guerrillas_in_and_flips_all_underground_3_3_1():
    s = position({
        HUILA: "2FA 1FB",
        META_W: "2FA",
        BOGOTA: "1FU",  # any space on the map, not only adjacent ones
        BOG_NEIVA: "3FA",
    })
    moves = ((META_W, 0, 2, 0), (BOG_NEIVA, 0, 1, 0))
    run(s, rally_in(HUILA, RALLY_REGROUP, 0, moves), F)
    assert s.underground(HUILA, F) == 5 and s.active(HUILA, F) == 0
    assert s.active(BOG_NEIVA, F) == 2 and s.guerrillas(META_W, F) == 0
    assert s.resources[F] == 9


def test_rally_regroup_with_no_moves_flips_guerrillas_underground_3_3_1():
    s = position({HUILA: "3AA 1AB"})
    run(s, rally_in(HUILA, RALLY_REGROUP, 0), A)
    assert s.underground(HUILA, A) == 3


def test_rally_regroup_needs_an_own_base_there_3_3_1():
    s = position({HUILA: "2FA 1CB"})  # someone else's Base does not count
    assert illegal(s, rally_in(HUILA, RALLY_REGROUP, 0), F) == "3.3.1"
    assert RALLY_REGROUP not in io.rally_actions(s, F, HUILA)


def test_rally_regroup_moves_must_bring_guerrillas_from_elsewhere_3_3_1():
    s = position({HUILA: "1FA 1FB", META_W: "1FA"})
    assert illegal(s, rally_in(HUILA, RALLY_REGROUP, 0, ((HUILA, 0, 1, 0),)), F) == "3.3.1"
    assert illegal(s, rally_in(HUILA, RALLY_REGROUP, 0, ((META_W, 0, 0, 0),)), F) == "3.3.1"
    assert illegal(s, rally_in(HUILA, RALLY_REGROUP, 0, ((META_W, 1, 0, 0),)), F) == "1.4.1"
    assert illegal(s, rally_in(HUILA, RALLY_PLACE, 1, ((META_W, 0, 1, 0),)), F) == "3.3.1"


def test_rally_regroup_carries_shipments_with_guerrillas_4_5_3():
    s = position({HUILA: "1CB", META_W: "2CU"})
    s.place_shipment(META_W, C)
    s.place_shipment(META_W, C)
    run(s, rally_in(HUILA, RALLY_REGROUP, 0, ((META_W, 1, 0, 1),)), C)
    assert len(s.shipments_at(HUILA, C)) == 1 and len(s.shipments_at(META_W, C)) == 1
    assert illegal(s, rally_in(HUILA, RALLY_REGROUP, 0, ((META_W, 1, 0, 2),)), C) == "4.5.3"


def test_rally_may_recall_own_guerrillas_to_place_them_1_4_1():
    # 1.4.1 bullet 2 EXAMPLE: no Available Guerrillas, remove some to place them.
    s = position({BOGOTA: "12CA"})
    assert illegal(s, rally_in(HUILA), C) == "1.4.1"
    cmd = rally_in(HUILA, recall=((BOGOTA, int(CA), 1),))
    ctx = run(s, cmd, C)
    assert s.underground(HUILA, C) == 1 and s.active(BOGOTA, C) == 11
    assert any("to Available (1.4.1)" in line for line in ctx.trace)


def test_rally_recall_only_own_pieces_and_only_players_1_4_1():
    s = position({BOGOTA: "2FA 2CA"})
    assert illegal(s, rally_in(HUILA, recall=((BOGOTA, int(CA), 1),)), F) == "1.4.1"
    assert illegal(s, rally_in(HUILA, recall=((BOGOTA, int(FA), 3),)), F) == "1.4.1"
    cmd = rally_in(HUILA, recall=((BOGOTA, int(FA), 1),))
    assert illegal(s, cmd, F, nonplayer=True) == "1.4.1"


def test_rally_in_a_farc_zone_is_allowed_6_4_4():
    s = blank_state()
    s.set_farc_zone(META_W)
    run(s, rally_in(META_W), A)
    assert s.underground(META_W, A) == 1


def test_rally_selects_a_space_once_3_1():
    s = blank_state()
    assert illegal(s, Rally(steps=(rally_step(HUILA), rally_step(HUILA))), F) == "3.1"


def test_rally_unknown_action_and_wrong_faction_3_0():
    s = blank_state()
    assert illegal(s, rally_in(HUILA, "grow"), F) == "3.3.1"
    assert illegal(s, rally_in(HUILA), G) == "3.0"


def test_limited_rally_is_1_space_2_3_5():
    s = blank_state()
    cmd = Rally(steps=(rally_step(HUILA), rally_step(BOGOTA)))
    assert illegal(s, cmd, F, limited=True) == "2.3.5"
    run(s, rally_in(HUILA), F, limited=True)


def test_rally_spaces_are_the_selected_spaces_3_1():
    cmd = Rally(steps=(rally_step(HUILA), rally_step(BOGOTA, RALLY_REGROUP, 0, ((CALI, 1, 0, 0),))))
    assert cmd.spaces() == (HUILA, BOGOTA) == cmd.destinations()


# ======================================================================================
# March 3.3.2
# ======================================================================================
def test_march_moves_to_adjacent_space_paying_1_per_city_or_department_3_3_2():
    s = position({META_W: "3FU", BOGOTA: "1FU"}, resources=5)
    cmd = March(
        groups=(
            march_group(META_W, HUILA, underground=1),
            march_group(BOGOTA, HUILA, underground=1),  # same destination: paid once
            march_group(META_W, BOG_NEIVA, underground=1),  # LoC: free
        )
    )
    ctx = run(s, cmd, F)
    assert s.resources[F] == 4
    assert s.underground(HUILA, F) == 2 and s.underground(BOG_NEIVA, F) == 1
    assert s.guerrillas(META_W, F) == 1 and s.guerrillas(BOGOTA, F) == 0
    assert any(line.startswith("March: 1 FARC Guerrilla from Meta West") for line in ctx.trace)


def test_march_needs_resources_for_each_city_or_department_3_3_2():
    s = position({META_W: "2FU"}, resources=0)
    run(s.clone(), March(groups=(march_group(META_W, BOG_NEIVA, 2),)), F)
    assert illegal(s, March(groups=(march_group(META_W, HUILA, 2),)), F) == "3.3.2"


def test_march_only_to_adjacent_spaces_in_play_3_3_2():
    s = position({META_W: "2FU", PASTO: "2FU"})
    assert illegal(s, March(groups=(march_group(META_W, CALI, 1),)), F) == "3.3.2"
    assert illegal(s, March(groups=(march_group(PASTO, ECUADOR, 1),)), F) == "3.3.2"
    assert ECUADOR not in io.march_destinations(s, F, PASTO)
    s.foreign_in_play.append(ECUADOR)
    assert ECUADOR in io.march_destinations(s, F, PASTO)
    run(s, March(groups=(march_group(PASTO, ECUADOR, 1),)), F)
    assert s.resources[F] == 9  # 1.3.5: a Department


def test_march_group_needs_guerrillas_that_are_there_3_3_2():
    s = position({META_W: "1FU"})
    assert illegal(s, March(groups=(march_group(META_W, HUILA),)), F) == "3.3.2"
    assert illegal(s, March(groups=(march_group(META_W, HUILA, 2),)), F) == "3.3.2"
    assert illegal(s, March(groups=(march_group(META_W, HUILA, 0, 1),)), F) == "3.3.2"


def test_no_guerrilla_marches_twice_3_3_2():
    s = position({META_W: "1FU", HUILA: "1FU"})
    twice = March(groups=(march_group(META_W, HUILA, 1), march_group(HUILA, CALI, 2)))
    assert illegal(s, twice, F) == "3.3.2"
    once = March(groups=(march_group(META_W, HUILA, 1), march_group(HUILA, CALI, 1)))
    run(s, once, F)  # the Guerrilla already in Huila may still move on
    assert s.guerrillas(HUILA, F) == 1 and s.guerrillas(CALI, F) == 1


def test_guerrillas_between_two_spaces_move_as_one_group_3_3_2():
    s = position({META_W: "4FU"}, support={HUILA: 1})
    split = March(groups=(march_group(META_W, HUILA, 2), march_group(META_W, HUILA, 2)))
    assert illegal(s, split, F) == "3.3.2"


def test_march_activation_rulebook_example_3_3_2():
    # 2 Underground FARC from Meta East into Santander (Passive Support, 1 Police, 1 Troops).
    s = position({META_E: "2FU", SANTANDER: "1T 1P"}, support={SANTANDER: 1})
    assert io.march_would_activate(s, F, SANTANDER, 2)
    ctx = run(s, March(groups=(march_group(META_E, SANTANDER, 2),)), F)
    assert s.active(SANTANDER, F) == 2 and s.underground(SANTANDER, F) == 0
    assert ctx.trace[-1].endswith("(Activated)")


def test_march_stays_underground_unless_both_conditions_3_3_2():
    s = position(
        {META_E: "4FU", SANTANDER: "3T"},
        support={SANTANDER: 0},  # Neutral: no Activation however many
    )
    assert not io.march_would_activate(s, F, SANTANDER, 4)
    s.support[SANTANDER] = 2
    assert not io.march_would_activate(s, F, SANTANDER, 0)  # 3 cubes alone: not > 3
    s.pieces[SANTANDER * len(Piece) + TROOPS] = 2
    run(s, March(groups=(march_group(META_E, SANTANDER, 1),)), F)  # 1 + 2 = 3
    assert s.underground(SANTANDER, F) == 1


def test_march_onto_loc_activates_large_groups_3_3_2():
    s = position({META_W: "4FU", BOG_NEIVA: "1P"})
    assert not io.march_would_activate(s, F, BOG_NEIVA, 2)
    assert io.march_would_activate(s, F, BOG_NEIVA, 3)
    run(s, March(groups=(march_group(META_W, BOG_NEIVA, 3),)), F)
    assert s.active(BOG_NEIVA, F) == 3


def test_farc_and_cartels_march_ignore_opposition_3_3_2():
    s = position({HUILA: "5T"}, support={HUILA: -2})
    assert not io.march_would_activate(s, F, HUILA, 3)
    assert not io.march_would_activate(s, C, HUILA, 3)


def test_auc_march_exposed_by_opposition_and_farc_count_as_cubes_3_3_2():
    s = position({HUILA: "1P 2FU", META_W: "2AU 1AA"}, support={HUILA: -1})
    assert io.march_would_activate(s, A, HUILA, 1)  # 1 + 1 cube + 2 FARC > 3
    assert not io.march_would_activate(s, F, HUILA, 1)
    run(s, March(groups=(march_group(META_W, HUILA, 1, 1),)), A)
    assert s.active(HUILA, A) == 2 and s.underground(HUILA, A) == 0


def test_march_carries_shipments_4_5_3():
    s = position({META_W: "2CU"})
    s.place_shipment(META_W, C)
    run(s, March(groups=(march_group(META_W, HUILA, 1, 0, 1),)), C)
    assert s.shipments_at(HUILA, C) and not s.shipments_at(META_W)
    s2 = position({META_W: "1FU 1CU"})
    s2.place_shipment(META_W, F)  # FARC's Shipment cannot ride with Cartels
    assert illegal(s2, March(groups=(march_group(META_W, HUILA, 1, 0, 1),)), C) == "4.5.3"


def test_last_guerrillas_marching_out_take_their_shipment_4_5_3():
    # 4.5.3: Shipments "are always placed beneath a Guerrilla and move with it"; the
    # issue-17 reproduction: both FARC Guerrillas March out carrying "0 Shipments".
    s = position({META_W: "2FU"})
    s.place_shipment(META_W, F)
    run(s, March(groups=(march_group(META_W, GUAVIARE, 2),)), F)
    assert s.shipments_at(GUAVIARE, F) and not s.shipments_at(META_W)
    # An AUC Guerrilla staying behind does not take it: the Cartels keep their Shipment.
    s = position({META_W: "1AU 1CU"})
    s.place_shipment(META_W, C)
    run(s, March(groups=(march_group(META_W, HUILA, 1),)), C)
    assert s.shipments_at(HUILA, C) and not s.shipments_at(META_W)
    # Two groups: the one named carries it; one left unnamed goes with the last to leave.
    s = position({META_W: "1FU 1FA"})
    s.place_shipment(META_W, F)
    s.place_shipment(META_W, F)
    groups = (march_group(META_W, HUILA, 1, 0, 1), march_group(META_W, GUAVIARE, 0, 1))
    run(s, March(groups=groups), F)
    assert len(s.shipments_at(HUILA, F)) == 1 and len(s.shipments_at(GUAVIARE, F)) == 1


def test_rally_regroup_takes_the_last_guerrillas_shipment_4_5_3():
    s = position({META_W: "1FU", HUILA: "1FB"})
    s.place_shipment(META_W, F)
    run(s, io.rally_in(HUILA, "regroup", moves=((META_W, 1, 0, 0),)), F)
    assert s.shipments_at(HUILA, F) and not s.shipments_at(META_W)


def test_limited_march_has_one_destination_2_3_5():
    s = position({META_W: "2FU", BOGOTA: "2FU"})
    one = March(groups=(march_group(META_W, HUILA, 1), march_group(BOGOTA, HUILA, 2)))
    assert one.spaces() == (META_W, BOGOTA) and one.destinations() == (HUILA,)
    run(s.clone(), one, F, limited=True)
    two = March(groups=(march_group(META_W, HUILA, 1), march_group(META_W, GUAVIARE, 1)))
    assert illegal(s, two, F, limited=True) == "2.3.5"


def test_no_march_on_final_event_card_2_3_9():
    s = position({META_W: "1FU"})
    assert illegal(s, March(groups=(march_group(META_W, HUILA, 1),)), F, final_card=True) == "2.3.9"


def test_march_cost_query_3_3_2():
    assert io.march_cost(blank_state(), [HUILA, HUILA, BOG_NEIVA, BOGOTA]) == 2


# ======================================================================================
# Attack 3.3.3
# ======================================================================================
def test_attack_activates_all_and_removes_2_on_roll_at_most_guerrillas_3_3_3():
    s = position({HUILA: "2T 1P 3FU"})
    ctx = run(s, Attack(targets=(attack_in(HUILA, TROOPS, POLICE),)), F, rolls=[3])
    assert s.active(HUILA, F) == 3 and s.underground(HUILA, F) == 0
    assert s.troops(HUILA) == 1 and s.police(HUILA) == 0
    assert s.resources[F] == 9
    assert s.roll_log == [("Attack in Huila", 3)]
    assert any("success" in line for line in ctx.trace)


def test_attack_fails_on_roll_above_guerrillas_3_3_3():
    s = position({HUILA: "2T 1FU 1FA"})
    run(s, Attack(targets=(attack_in(HUILA, TROOPS, TROOPS),)), F, rolls=[3])
    assert s.troops(HUILA) == 2 and s.active(HUILA, F) == 2
    assert s.resources[F] == 9  # still paid


def test_attack_counts_guerrillas_whether_or_not_they_began_active_3_3_3():
    s = position({HUILA: "1FU 2AA"})
    run(s, Attack(targets=(attack_in(HUILA, FU),)), A, rolls=[2])
    assert s.guerrillas(HUILA, F) == 0  # may remove Underground Guerrillas


def test_attack_captured_goods_on_a_1_3_3_3():
    s = position({HUILA: "1P 1CU"})
    ctx = run(s, Attack(targets=(attack_in(HUILA, POLICE),)), C, rolls=[1])
    assert s.police(HUILA) == 0
    assert s.underground(HUILA, C) == 1 and s.active(HUILA, C) == 1
    assert any("Captured Goods" in line for line in ctx.trace)


def test_captured_goods_needs_an_available_guerrilla_1_4_1():
    s = position({HUILA: "1P 1CU", BOGOTA: "11CU"})
    run(s, Attack(targets=(attack_in(HUILA, POLICE),)), C, rolls=[1])
    assert s.guerrillas(HUILA, C) == 1


def test_attack_removes_pieces_of_different_factions_3_3_3():
    s = position({HUILA: "1P 2FU 1AA"})
    run(s, Attack(targets=(attack_in(HUILA, POLICE, AA),)), F, rolls=[2])
    assert s.police(HUILA) == 0 and s.guerrillas(HUILA, A) == 0


def test_attack_bases_last_3_3_3():
    s = position({HUILA: "1T 1GB 3FU"})
    assert illegal(s, Attack(targets=(attack_in(HUILA, GB),)), F, rolls=[1]) == "3.3.3"
    assert illegal(s, Attack(targets=(attack_in(HUILA, GB, TROOPS),)), F, rolls=[1]) == "3.3.3"
    run(s, Attack(targets=(attack_in(HUILA, TROOPS, GB),)), F, rolls=[2])
    assert s.faction_pieces(HUILA, G) == 0


def test_attack_removes_to_the_maximum_extent_once_targeted_1_4_1():
    s = position({HUILA: "2P 2FU 1CU"})
    assert illegal(s, Attack(targets=(attack_in(HUILA, POLICE),)), F, rolls=[2]) == "1.4.1"
    s2 = position({HUILA: "1P 2FU 1CU"})
    run(s2, Attack(targets=(attack_in(HUILA, POLICE),)), F, rolls=[2])  # Cartels ignored
    assert s2.guerrillas(HUILA, C) == 1


def test_attack_target_choice_is_checked_3_3_3():
    s = position({HUILA: "3P 2FU"})
    too_many = Attack(targets=(attack_in(HUILA, POLICE, POLICE, POLICE),))
    assert illegal(s, too_many, F, rolls=[1]) == "3.3.3"
    assert illegal(s, Attack(targets=(attack_in(HUILA),)), F, rolls=[1]) == "3.3.3"
    assert illegal(s, Attack(targets=(attack_in(HUILA, FU, POLICE),)), F, rolls=[1]) == "3.3.3"
    assert illegal(s, Attack(targets=(attack_in(HUILA, TROOPS, POLICE),)), F, rolls=[1]) == "3.3.3"
    assert illegal(s, Attack(targets=((HUILA, (99,)),)), F, rolls=[1]) == "3.3.3"


def test_attack_needs_own_guerrilla_and_enemy_piece_3_3_3():
    s = position({HUILA: "1P 1FB"})
    assert illegal(s, Attack(targets=(attack_in(HUILA, POLICE),)), F, rolls=[1]) == "3.3.3"
    put(s, BOGOTA, FU, 2)
    assert illegal(s, Attack(targets=(attack_in(BOGOTA, POLICE),)), F, rolls=[1]) == "3.3.3"
    assert io.attack_spaces(s, F) == []
    put(s, HUILA, FU, 1)
    assert io.attack_spaces(s, F) == [HUILA]


def test_attack_pays_1_per_space_3_3_3():
    s = blank_state(resources=1)
    for space in (HUILA, BOGOTA):
        place(s, {space: "1P 1AU"})
    two = Attack(targets=(attack_in(HUILA, POLICE), attack_in(BOGOTA, POLICE)))
    assert illegal(s, two, A, rolls=[1, 1]) == "3.3.3"
    run(s, two, A, rolls=[1, 1], free=True)
    assert s.resources[A] == 1


def test_attack_captures_removed_shipments_3_3_3():
    s = position({HUILA: "1FU 1AU 1CA"})
    s.place_shipment(HUILA, C)
    run(s, Attack(targets=(attack_in(HUILA, CA),)), A, rolls=[1])
    assert s.shipments_at(HUILA, A)  # Captured Goods, not passed to FARC


def test_attack_target_options_query_3_3_3():
    s = position({HUILA: "1T 1GB 1FU 1CB"})
    options = io.attack_target_options(s, F, HUILA)
    assert (TROOPS, GB) in options and (TROOPS, CB) in options and (CB, TROOPS) in options
    assert (GB,) not in options and (TROOPS,) not in options  # bases last; max extent
    assert (CB,) in options  # Cartels lose all they have there; Government ignored
    assert all(io.removal_problem(s, F, HUILA, o) is None for o in options)


def test_limited_attack_is_1_space_2_3_5():
    s = blank_state()
    for space in (HUILA, BOGOTA):
        place(s, {space: "1P 1FU"})
    two = Attack(targets=(attack_in(HUILA, POLICE), attack_in(BOGOTA, POLICE)))
    assert illegal(s, two, F, rolls=[1, 1], limited=True) == "2.3.5"
    assert illegal(s, Attack(targets=(attack_in(HUILA, POLICE),) * 2), F, rolls=[1, 1]) == "3.1"


# ======================================================================================
# Ambush 4.3.2, 4.4.1
# ======================================================================================
def _ambush_position(first: Faction = F) -> GameState:
    card = {F: 19, A: 37}[first]  # FARC first on General Offensive, AUC on Former Military
    s = blank_state(card=card)
    u = {F: FU, A: AU}[first]
    put(s, HUILA, u, 2)
    put(s, HUILA, {F: FA, A: AA}[first], 1)
    put(s, HUILA, TROOPS, 3)
    put(s, BOGOTA, u, 1)
    put(s, BOGOTA, POLICE, 1)
    return s


@pytest.mark.parametrize("special_first", [False, True])
def test_ambush_activates_1_and_succeeds_without_rolling_4_3_2(special_first):
    s = _ambush_position()
    attack = Attack(targets=(attack_in(HUILA, TROOPS, TROOPS), attack_in(BOGOTA, POLICE)))
    action = OperationAction(op=attack, special=Ambush(HUILA), special_first=special_first)
    ctx = Context(faction=F, dice=ScriptedDice([6]))  # only Bogotá rolls (and fails)
    action.execute(s, ctx)
    assert s.troops(HUILA) == 1
    assert s.underground(HUILA, F) == 2 and s.active(HUILA, F) == 2  # 1 flipped, 1 placed
    assert s.police(BOGOTA) == 1 and s.active(BOGOTA, F) == 1
    assert s.roll_log == [("Attack in Bogotá", 6)]
    assert s.step["acted"] == [[int(F), "op_sa"]]
    assert s.check_invariants() == []


def test_auc_ambushes_as_farc_does_4_4_1():
    s = _ambush_position(A)
    attack = Attack(targets=(attack_in(HUILA, TROOPS, TROOPS),))
    OperationAction(op=attack, special=Ambush(HUILA)).execute(s, Context(faction=A))
    assert s.troops(HUILA) == 1 and s.guerrillas(HUILA, A) == 4
    assert s.roll_log == []


def test_ambush_place_is_skipped_when_none_available_1_4_1():
    s = _ambush_position()
    put(s, CALI, FU, 30 - 4)
    attack = Attack(targets=(attack_in(HUILA, TROOPS, TROOPS),))
    run(s, attack, F, special=Ambush(HUILA))
    assert s.guerrillas(HUILA, F) == 3


@pytest.mark.parametrize("special_first", [False, True])
def test_ambush_must_be_in_a_space_selected_for_attack_4_3_2(special_first):
    s = _ambush_position()
    attack = Attack(targets=(attack_in(BOGOTA, POLICE),))
    action = OperationAction(op=attack, special=Ambush(HUILA), special_first=special_first)
    with pytest.raises(IllegalAction) as err:
        action.execute(s.clone(), Context(faction=F, dice=ScriptedDice([1])))
    assert err.value.rule == "4.3.2"


@pytest.mark.parametrize("special_first", [False, True])
def test_ambush_needs_an_underground_guerrilla_4_3_2(special_first):
    s = _ambush_position()
    s.flip(HUILA, F, 2, to_active=True)
    assert HUILA not in io.ambush_spaces(s, F) and BOGOTA in io.ambush_spaces(s, F)
    attack = Attack(targets=(attack_in(HUILA, TROOPS, TROOPS),))
    action = OperationAction(op=attack, special=Ambush(HUILA), special_first=special_first)
    with pytest.raises(IllegalAction) as err:
        action.execute(s.clone(), Context(faction=F, dice=ScriptedDice([1])))
    assert err.value.rule == "4.3.2"


def test_ambush_only_accompanies_attack_4_1_1():
    s = _ambush_position()
    action = OperationAction(op=terror_in(HUILA), special=Ambush(HUILA))
    with pytest.raises(IllegalAction) as err:
        action.execute(s.clone(), Context(faction=F))
    assert err.value.rule == "4.1.1"
    with pytest.raises(IllegalAction) as err:
        Ambush(HUILA).execute(s.clone(), Context(faction=F, op=terror_in(HUILA)))
    assert err.value.rule == "4.1.1"


def test_cartels_cannot_ambush_4_0():
    s = position({HUILA: "1P 2CU"})
    with pytest.raises(IllegalAction) as err:
        run(s.clone(), Attack(targets=(attack_in(HUILA, POLICE),)), C, special=Ambush(HUILA))
    assert err.value.rule == "4.0"
    assert io.ambush_spaces(s, C) == []


def test_ambush_after_an_attack_resolved_without_it_is_refused_4_3_2():
    s = _ambush_position()
    attack = Attack(targets=(attack_in(HUILA, TROOPS, TROOPS),))
    ctx = run(s, attack, F, rolls=[2])  # ordinary Attack, not told of the Ambush
    with pytest.raises(IllegalAction) as err:
        Ambush(HUILA).execute(s, Context(faction=F, op=attack, notes=ctx.notes))
    assert err.value.rule == "4.3.2"


def test_ambush_does_not_roll_4_3_2():
    s = _ambush_position()
    attack = Attack(targets=(attack_in(HUILA, TROOPS, TROOPS),))
    run(s, attack, F, rolls=[], special=Ambush(HUILA))  # ScriptedDice([]) would raise
    with pytest.raises(DiceExhausted):
        attack.execute(_ambush_position(), ctx_for(F, []))


def test_event_ambush_without_activating_5_1_1():
    # Kill Zone (card 29) shaded: "Ambushes with any of its Guerrillas without Activating".
    s = position({HUILA: "2P 1FA"})
    ctx = ctx_for(F)
    assert io.resolve_attack(s, ctx, HUILA, (POLICE, POLICE), ambush=True, activate=False)
    assert s.police(HUILA) == 0 and s.active(HUILA, F) == 1 and s.underground(HUILA, F) == 1


def test_event_terror_with_any_guerrilla_and_2_markers_5_1_1():
    # Limpieza (card 46): free Terror with any Guerrilla, placing 2 markers.
    s = position({HUILA: "1AA"}, support={HUILA: -2})
    io.resolve_terror(s, ctx_for(A), HUILA, activate=False, markers=2)
    assert s.terror[HUILA] == 2 and s.support[HUILA] == -1


# ======================================================================================
# Terror 3.3.4
# ======================================================================================
def test_farc_terror_places_marker_and_shifts_toward_opposition_3_3_4():
    s = position({HUILA: "2FU"}, support={HUILA: 1})
    ctx = run(s, terror_in(HUILA), F)
    assert s.terror[HUILA] == 1 and s.support[HUILA] == 0
    assert s.underground(HUILA, F) == 1 and s.active(HUILA, F) == 1
    assert s.resources[F] == 9
    run(s, terror_in(HUILA), F)
    assert s.terror[HUILA] == 2 and s.support[HUILA] == -1
    assert "Terror in Huila-Tolima" in ctx.trace[-1]


def test_terror_by_auc_and_cartels_shifts_toward_neutral_3_3_4():
    s = position({HUILA: "1CU", BOGOTA: "1CU", CALI: "1CU"})
    s.support[HUILA], s.support[BOGOTA], s.support[CALI] = 2, -1, 0
    run(s, Terror(where=(HUILA, BOGOTA, CALI)), C)
    assert (s.support[HUILA], s.support[BOGOTA], s.support[CALI]) == (1, 0, 0)
    assert s.terror[CALI] == 1  # Terror even where Neutral
    assert s.resources[C] == 7


def test_terror_on_loc_sabotages_for_free_3_3_4():
    s = position({BOG_NEIVA: "2FU"}, resources=0)
    run(s, terror_in(BOG_NEIVA), F)
    assert s.sabotage[BOG_NEIVA] == 1 and s.terror[BOG_NEIVA] == 0
    run(s, terror_in(BOG_NEIVA), F)  # already Sabotaged: no second marker
    assert s.sabotage[BOG_NEIVA] == 1 and s.active(BOG_NEIVA, F) == 2


def test_terror_in_pop_0_department_places_terror_only_3_3_4():
    s = position({VICHADA: "1FU"})
    run(s, terror_in(VICHADA), F)
    assert s.terror[VICHADA] == 1 and s.support[VICHADA] == 0


def test_terror_needs_underground_guerrilla_3_3_4():
    s = position({HUILA: "3FA"})
    assert illegal(s, terror_in(HUILA), F) == "3.3.4"
    assert io.terror_spaces(s, F) == []


def test_terror_pays_per_city_or_department_3_3_4():
    s = blank_state(resources=1)
    for space in (HUILA, BOGOTA, BOG_NEIVA):
        put(s, space, AU, 1)
    assert illegal(s, Terror(where=(HUILA, BOGOTA)), A) == "3.3.4"
    run(s, Terror(where=(BOG_NEIVA, HUILA)), A)
    assert s.resources[A] == 0
    assert io.terror_cost([HUILA, BOGOTA, BOG_NEIVA]) == 2


def test_terror_markers_limited_to_40_3_3_4():
    s = position({HUILA: "1FU", BOG_NEIVA: "1FU"}, terror={BOGOTA: 40}, support={HUILA: 1})
    run(s, Terror(where=(HUILA, BOG_NEIVA)), F)
    assert s.terror[HUILA] == 0 and s.sabotage[BOG_NEIVA] == 0
    assert s.support[HUILA] == 0  # the shift still happens


def test_auc_terror_aid_cut_3_in_one_space_5_in_more_3_3_4():
    s = position({HUILA: "1AU", BOG_NEIVA: "1AU"}, aid=9)
    one = s.clone()
    run(one, terror_in(BOG_NEIVA), A)
    assert one.aid == 6
    two = s.clone()
    run(two, Terror(where=(HUILA, BOG_NEIVA)), A)
    assert two.aid == 4


def test_aid_cut_stops_at_0_and_does_not_stop_terror_3_3_4():
    s = position({HUILA: "1AU"}, aid=2)
    run(s, terror_in(HUILA), A)
    assert s.aid == 0
    put(s, BOGOTA, AU, 1)
    run(s, terror_in(BOGOTA), A)
    assert s.aid == 0 and s.terror[BOGOTA] == 1


def test_farc_and_cartels_terror_leave_aid_3_3_4():
    s = position({HUILA: "1FU", BOGOTA: "1CU"}, aid=9)
    run(s, terror_in(HUILA), F)
    run(s, terror_in(BOGOTA), C)
    assert s.aid == 9


def test_terror_records_its_spaces_for_kidnap_and_assassinate_4_3_3():
    s = position({HUILA: "1FU", BOG_NEIVA: "1FU"})
    ctx = run(s, Terror(where=(HUILA, BOG_NEIVA)), F)
    assert ctx.notes[io.TERROR_SPACES_NOTE] == [HUILA, BOG_NEIVA]
    assert Terror(where=(HUILA, BOG_NEIVA)).spaces() == (HUILA, BOG_NEIVA)


def test_limited_terror_and_repeated_space_2_3_5_3_1():
    s = position({HUILA: "2FU", BOGOTA: "2FU"})
    assert illegal(s, Terror(where=(HUILA, BOGOTA)), F, limited=True) == "2.3.5"
    assert illegal(s, Terror(where=(HUILA, HUILA)), F) == "3.1"
    assert illegal(s, terror_in(HUILA), G) == "3.0"


# ======================================================================================
# through the Sequence of Play, JSON
# ======================================================================================
def test_rally_as_limited_operation_of_2nd_eligible_2_3_5():
    s = position({HUILA: "1FU"}, card=29)  # Kill Zone: FARC, then AUC
    OperationAction(op=terror_in(HUILA)).execute(s, Context(faction=F))
    two = Rally(steps=(rally_step(HUILA), rally_step(BOGOTA)))
    with pytest.raises(IllegalAction) as err:
        OperationAction(op=two).execute(s.clone(), Context(faction=A))
    assert err.value.rule == "2.3.5"
    OperationAction(op=rally_in(BOGOTA)).execute(s, Context(faction=A))
    assert s.underground(BOGOTA, A) == 1
    assert s.step["acted"] == [[int(F), "op"], [int(A), "op"]]


def test_commands_round_trip_through_json():
    cmds = [
        Rally(
            steps=(rally_step(HUILA), rally_step(BOGOTA, RALLY_REGROUP, 0, ((CALI, 1, 2, 1),))),
            recall=((CALI, int(FA), 1),),
        ),
        March(groups=(march_group(META_W, HUILA, 1, 2, 1),)),
        Attack(targets=(attack_in(HUILA, TROOPS, GB),)),
        Ambush(HUILA),
        Terror(where=(HUILA, BOG_NEIVA)),
    ]
    for cmd in cmds:
        assert from_json(cmd.to_json()) == cmd


# ======================================================================================
# random legal commands on random positions
# ======================================================================================
def random_position(rng: random.Random) -> GameState:
    """A random legal board: pieces within inventory and stacking, support, Shipments,
    FARC Zones, maybe Ecuador in play, 0-12 Resources each."""
    s = blank_state(resources=rng.randint(0, 12))
    s.rng_seed = rng.randint(0, 2**31)
    s.aid = rng.randint(0, 29)
    if rng.random() < 0.3:
        s.foreign_in_play.append(ECUADOR)
    spaces = s.spaces_in_play()
    for sp in spaces:
        if sp.is_populated:
            s.support[sp.id] = rng.randint(-2, 2)
        if sp.is_department and rng.random() < 0.05:
            s.set_farc_zone(sp.id)
    for kind in Piece:
        for _ in range(rng.randint(0, 14)):
            space = rng.choice(spaces).id
            if kind in ACTIVE_OF.values():
                if s.available(kind) > 0:
                    put(s, space, kind)
            elif s.can_place(space, kind):
                s.place(space, kind)
    for _ in range(rng.randint(0, 4)):
        holders = [(sp.id, f) for sp in spaces for f in INSURGENTS if s.guerrillas(sp.id, f)]
        if holders and s.shipments_available():
            s.place_shipment(*rng.choice(holders))
    if rng.random() < 0.2:
        s.terror[rng.choice(spaces).id] = rng.randint(30, 40)
    trim_ecuador(s)
    assert s.check_invariants() == []
    return s


GENERATORS = {
    "Rally": io.random_rally,
    "March": io.random_march,
    "Attack": io.random_attack,
    "Terror": io.random_terror,
}


def _execute_random(state: GameState, rng: random.Random, name: str, faction: Faction):
    limited = rng.random() < 0.25
    cmd = GENERATORS[name](state, faction, rng, limited)
    if cmd is None:
        return None, None
    ctx = Context(faction=faction, limited=limited)
    ambush = None
    if name == "Attack" and faction is not C and not limited and rng.random() < 0.5:
        ambush = io.random_ambush(state, faction, cmd, rng)
        ctx.special = ambush
    after = state.clone()
    cmd.execute(after, ctx)
    if ambush is not None:
        ambush.execute(after, Context(faction=faction, op=cmd, notes=ctx.notes))
    assert after.check_invariants() == []
    return cmd, after


def test_random_commands_are_legal_and_varied_on_many_positions():
    rng = random.Random(2024)
    made: Counter[str] = Counter()
    detail: Counter[str] = Counter()
    for _ in range(600):
        state = random_position(rng)
        for name in GENERATORS:
            faction = rng.choice(INSURGENTS)
            cmd, after = _execute_random(state, rng, name, faction)
            if cmd is None:
                continue
            made[name] += 1
            if isinstance(cmd, Rally):
                detail.update(step[1] for step in cmd.steps)
                detail["recall"] += bool(cmd.recall)
            if isinstance(cmd, March):
                detail["march ships"] += any(g[4] for g in cmd.groups)
                detail["march groups>1"] += len(cmd.groups) > 1
            if isinstance(cmd, Attack):
                detail["attack 2 targets"] += any(len(t[1]) == 2 for t in cmd.targets)
    assert min(made.values()) > 200, made
    for key in (RALLY_PLACE, RALLY_BASE, RALLY_REGROUP, "recall", "march ships",
                "march groups>1", "attack 2 targets"):
        assert detail[key] > 5, (key, detail)


def test_random_generators_return_none_when_impossible():
    s = blank_state(resources=0)
    rng = random.Random(1)
    for faction in INSURGENTS:
        for gen in GENERATORS.values():
            assert gen(s, faction, rng) is None
    put(s, HUILA, FU, 1)
    assert io.random_rally(s, F, rng) is None  # no Resources
    assert io.random_march(s, F, rng) is not None  # LoCs cost nothing
    assert io.random_terror(s, F, rng) is None  # Huila costs 1


def test_random_march_not_on_final_event_card_2_3_9():
    s = position({HUILA: "3FU"})
    rng = random.Random(3)
    assert io.random_march(s, F, rng) is not None
    s.deck = [73]  # a Propaganda card next, and it is the final one
    s.propaganda_cards = s.final_propaganda - 1
    assert io.random_march(s, F, rng) is None
    s.seats[F] = None  # 2.3.9 binds player Factions only (8.1)
    assert io.random_march(s, F, rng) is not None


def test_random_limited_commands_use_one_destination_2_3_5():
    rng = random.Random(7)
    for _ in range(200):
        state = random_position(rng)
        faction = rng.choice(INSURGENTS)
        for gen in GENERATORS.values():
            cmd = gen(state, faction, rng, True)
            if cmd is not None:
                assert len(set(cmd.destinations())) == 1


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, name=st.sampled_from(sorted(GENERATORS)))
def test_property_random_commands_keep_invariants(seed: int, name: str):
    rng = random.Random(seed)
    state = random_position(rng)
    for faction in INSURGENTS:
        cmd, after = _execute_random(state, rng, name, faction)
        if cmd is not None:
            assert after.check_invariants() == []
            assert from_json(cmd.to_json()) == cmd
