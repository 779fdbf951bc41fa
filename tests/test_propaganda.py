"""Propaganda Rounds (6.0-6.6): each phase and bullet by rule number, a full Round on a
hand-built position, and a property test over random positions and random commands."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.commands import Command, Context, Operation, from_json
from core.dice import SEEDED
from core.errors import IllegalAction
from core.events import (
    ALFONSO_CANO,
    FIRST_DIVISION,
    MEXICAN_TRAFFICKERS,
    SEVENTH_SPECIAL_FORCES,
    SHADED,
    UNSHADED,
)
from core.game import apply_command, sequence
from core.map import MAP
from core.pieces import BASE_OF, INSURGENTS, UNDERGROUND_OF, Faction, Piece
from core.rules import propaganda as P
from core.rules.propaganda import (
    Agitation,
    CivicAction,
    DrugProfits,
    EliteBacking,
    PlaceFarcZone,
    Redeploy,
    SeventhSpecialForces,
)
from core.state import PASTRANA, SAMPER, URIBE, GameState
from tests.helpers import blank_state, place, put, sid

G, F, A, C = Faction.GOVT, Faction.FARC, Faction.AUC, Faction.CARTELS
T, PO, GB = Piece.TROOPS, Piece.POLICE, Piece.GOVT_BASE
FU, FA, FB = Piece.FARC_UNDERGROUND, Piece.FARC_ACTIVE, Piece.FARC_BASE
AU, AB = Piece.AUC_UNDERGROUND, Piece.AUC_BASE
CU, CB = Piece.CARTELS_UNDERGROUND, Piece.CARTELS_BASE

#: Index in propaganda.STAGES of each decision (Drug Profits: FARC's; AUC +1, Cartels +2).
STAGE = {
    P.SEVENTH_SF: 1,
    P.DRUG_PROFITS: 3,
    P.CIVIC_ACTION: 6,
    P.AGITATION: 7,
    P.FARC_ZONE: 9,
    P.ELITE_BACKING: 10,
    P.REDEPLOY: 11,
}


# ======================================================================================
# helpers
# ======================================================================================
def round_state(resources: int = 10) -> GameState:
    """An empty board whose Propaganda card (73) was just played: Round 1 of 4."""
    s = blank_state(resources=resources)
    s.current_card = 73
    s.played.append(73)
    s.phase = "propaganda"
    s.step = {}
    s.propaganda_cards = 1
    s.last_was_propaganda_round = True
    return s


def awaiting(s: GameState, phase: str, faction: Faction, **flags: bool) -> GameState:
    """Put the Round directly at a decision (the stages before it are skipped)."""
    stage = STAGE[phase] + (int(faction) - 1 if phase == P.DRUG_PROFITS else 0)
    s.phase = "propaganda"
    s.step = {"phase": phase, "faction": int(faction), "stage": stage, "flags": dict(flags)}
    return s


def run(s: GameState, cmd: Command, faction: Faction | None = None) -> list[str]:
    """Execute a Propaganda command for the deciding Faction and advance the Round."""
    who = Faction(s.step["faction"]) if faction is None else faction
    ctx = Context(faction=who)
    cmd.execute(s, ctx)
    P.advance(s, SEEDED)
    return ctx.trace


def illegal(s: GameState, cmd: Command, faction: Faction | None = None) -> str:
    """The rule an illegal command breaks (on a clone, like core.game.apply)."""
    with pytest.raises(IllegalAction) as err:
        run(s.clone(), cmd, faction)
    return err.value.rule


def start(s: GameState) -> GameState:
    P.start_round(s, SEEDED)
    return s


# ======================================================================================
# 6.0 sequencing
# ======================================================================================
def test_round_stops_at_first_decision_and_names_faction_6_0():
    s = round_state(resources=10)
    place(s, {"Bogotá": "1T 1P"})
    start(s)
    assert s.step["phase"] == P.CIVIC_ACTION
    assert sequence.to_move(s) is G


def test_round_with_no_decision_runs_to_done_6_0():
    s = round_state(resources=0)
    s.president = URIBE
    for space in MAP.spaces:  # no space free of Control: no Elite Backing
        if (space.is_city or space.is_department) and not space.is_foreign:
            put(s, space.id, FU, 1)
    start(s)
    assert s.step["phase"] == P.DONE


def test_command_for_another_decision_is_refused_6_0():
    s = awaiting(round_state(), P.AGITATION, F)
    assert illegal(s, CivicAction(()), G) == "6.0"
    assert illegal(s, Agitation(()), G) == "6.0"  # right phase, wrong Faction


def test_apply_command_drives_the_round_to_the_next_card_6_0():
    s = round_state(resources=10)
    place(s, {"Bogotá": "1T 1P"}, president=URIBE)
    start(s)
    apply_command(s, CivicAction(((sid("Bogotá"), 1),)))
    assert s.step["phase"] == P.ELITE_BACKING
    with pytest.raises(IllegalAction) as err:
        apply_command(s.clone(), CivicAction(()))
    assert err.value.rule == "6.0"
    apply_command(s, EliteBacking(None))
    # Redeploy: Troops and Police may move elsewhere
    assert s.step["phase"] == P.REDEPLOY
    apply_command(s, Redeploy(()))
    assert s.phase == "card" and s.current_card == s.played[-1] != 73


def test_never_two_rounds_in_a_row_through_next_card_6_0():
    s = round_state(resources=0)
    s.president = URIBE
    s.deck = [74, 5, 75]
    s.step = {"phase": P.DONE}
    sequence.end_round(s, SEEDED)  # 74 comes right after the Round: no Round for it
    assert s.phase == "card" and s.current_card == 5
    assert s.propaganda_cards == 2
    sequence.end_card(s)
    sequence.next_card(s, SEEDED)  # 75 after an Event card: a Round
    assert s.phase == "propaganda" and s.propaganda_cards == 3


def test_commands_round_trip_through_json():
    cmds = [
        SeventhSpecialForces((1, 1)),
        DrugProfits((0, 2)),
        CivicAction(((1, 2), (3, 1)), jointness=3),
        Agitation(((14, 1),)),
        PlaceFarcZone(14, ((int(T), 0, 2),)),
        EliteBacking(None),
        Redeploy(((int(T), 20, 0, 3),)),
    ]
    for cmd in cmds:
        assert from_json(cmd.to_json()) == cmd


# ======================================================================================
# 6.1 Victory Phase
# ======================================================================================
def _govt_wins(s: GameState) -> None:
    for name in ("Bogotá", "Cali", "Medellín", "Bucaramanga", "Ibagué", "Santa Marta", "Cúcuta"):
        s.support[sid(name)] = 2
    for name in ("Antioquia", "Santander", "Huila", "Atlántico", "Chocó", "Nariño", "Cesar"):
        s.support[sid(name)] = 2
    assert s.total_support() > 60


def test_victory_phase_ends_the_game_6_1():
    s = round_state()
    _govt_wins(s)
    start(s)
    assert s.phase == "over"
    assert s.step["ranking"][0] == int(G)
    assert "6.1" in s.step["reason"]


def test_victory_phase_skipped_in_quick_play_first_round_6_1():
    s = round_state()
    s.skip_victory_on = [1]
    _govt_wins(s)
    start(s)
    assert s.phase == "propaganda"
    s2 = round_state()
    s2.skip_victory_on = [1]
    s2.propaganda_cards = 2
    _govt_wins(s2)
    start(s2)
    assert s2.phase == "over"


def test_victory_phase_checked_before_any_other_phase_6_1():
    s = round_state()
    _govt_wins(s)
    put(s, "Neiva-Pasto", FU, 2)  # would be Sabotaged in 6.2
    start(s)
    assert s.phase == "over" and not any(s.sabotage)


# ======================================================================================
# 6.2 Sabotage Phase
# ======================================================================================
def test_sabotage_where_guerrillas_exceed_cubes_6_2():
    s = round_state()
    place(s, {
        "Cali-Pasto": "1P 1FU 1CU",
        "Neiva-Pasto": "1T 1AU",  # equal: no Sabotage
    })
    start(s)
    assert s.sabotage[sid("Cali-Pasto")] == 1
    assert s.sabotage[sid("Neiva-Pasto")] == 0


def test_sabotage_next_to_farc_controlled_city_6_2():
    s = round_state()
    place(s, {
        "Medellín": "1FU",  # FARC Control of the City
        "Huila": "3FU",  # a Department does not count
    })
    start(s)
    assert P.sabotage_phase_locs(s) == []
    assert s.sabotage[sid("Medellín-Sincelejo")] == s.sabotage[sid("Ibagué-Medellín")] == 1
    assert s.sabotage[sid("Cali-Ibagué")] == 0
    assert sum(s.sabotage) == 2


def test_sabotage_only_unsabotaged_locs_and_markers_permitting_6_2():
    s = round_state()
    place(
        s,
        {"Cali-Pasto": "1FU", "Neiva-Pasto": "1FU"},
        sabotage=["Cali-Pasto"],
        terror={"Huila": 39},  # 40 markers, 1 left after Cali-Pasto's
    )
    assert P.sabotage_phase_locs(s) == [sid("Neiva-Pasto")]
    start(s)
    assert s.sabotage[sid("Cali-Pasto")] == 1
    assert s.sabotage[sid("Neiva-Pasto")] == 0  # no marker left (3.3.4)
    assert any("no Terror/Sabotage marker" in line for line in s.step["report"])


def test_seventh_special_forces_shaded_sabotages_equal_locs_card_7():
    s = round_state()
    s.capabilities[SEVENTH_SPECIAL_FORCES] = SHADED
    place(s, {
        "Neiva-Pasto": "1T 1AU",
        "Cali-Pasto": "1T",  # no Guerrillas: 0 = 0 does not count
    })
    start(s)
    assert s.sabotage[sid("Neiva-Pasto")] == 1
    assert s.sabotage[sid("Cali-Pasto")] == 0


def test_seventh_special_forces_unshaded_removes_1_to_3_markers_card_7():
    s = round_state(resources=0)
    s.capabilities[SEVENTH_SPECIAL_FORCES] = UNSHADED
    put(s, "Neiva-Pasto", FU, 1)
    s.terror[sid("Huila")] = 2
    s.terror[sid("Cali")] = 1
    s.terror[sid("Chocó")] = 4
    start(s)
    assert s.step["phase"] == P.SEVENTH_SF and s.step["faction"] == int(G)
    with pytest.raises(IllegalAction, match="at most 3") as err:
        run(s.clone(), SeventhSpecialForces((sid("Chocó"),) * 4))
    assert err.value.rule == "5.3"
    assert illegal(s, SeventhSpecialForces((sid("Huila"),) * 3)) == "5.3"  # only 2 there
    assert illegal(s, SeventhSpecialForces((sid("Bogotá"),))) == "5.3"
    before = s.government_earnings()
    run(s, SeventhSpecialForces((sid("Neiva-Pasto"), sid("Huila"), sid("Huila"))))
    assert s.sabotage[sid("Neiva-Pasto")] == 0 and s.terror[sid("Huila")] == 0
    assert s.terror[sid("Cali")] == 1 and s.terror[sid("Chocó")] == 4
    # the Resources Phase came after: the LoC's Econ counted
    assert before == 29 and s.resources[G] == 30


def test_seventh_special_forces_not_asked_without_markers_card_7():
    s = round_state(resources=0)
    s.capabilities[SEVENTH_SPECIAL_FORCES] = UNSHADED
    assert not P.seventh_sf_due(s)
    start(s)
    assert s.step.get("phase") != P.SEVENTH_SF


def test_seventh_special_forces_may_be_declined_card_7():
    s = awaiting(round_state(), P.SEVENTH_SF, G)
    s.capabilities[SEVENTH_SPECIAL_FORCES] = UNSHADED
    s.terror[sid("Huila")] = 1
    run(s, SeventhSpecialForces(()))
    assert s.terror[sid("Huila")] == 1


# ======================================================================================
# 6.3 Resources Phase
# ======================================================================================
def test_government_earnings_unsabotaged_econ_no_aid_under_samper_6_3_1():
    s = round_state(resources=0)
    s.sabotage[sid("Arauca-Cúcuta")] = 1  # Econ 3
    s.aid = 9
    s.president = SAMPER
    start(s)
    assert s.resources[G] == 27


def test_government_earnings_add_aid_after_samper_6_3_1():
    s = round_state(resources=0)
    s.aid = 9
    s.president = PASTRANA
    s.sabotage[sid("Cali-Pasto")] = 1  # Econ 1
    start(s)
    assert s.resources[G] == 29 + 9


def test_resources_capped_at_99_6_3_1_7():
    s = round_state(resources=90)
    s.president = URIBE
    start(s)
    assert s.resources[G] == 99


def test_insurgent_earnings_bases_and_three_times_cartel_bases_6_3_2():
    s = round_state(resources=0)
    s.president = URIBE
    place(s, {"Huila": "2FB", "Chocó": "1AB", "Putumayo": "2CB", "Nariño": "1CB"})
    P.resources_phase(s, [])
    assert s.resources[F] == 2 and s.resources[A] == 1 and s.resources[C] == 9


def test_mexican_traffickers_four_times_cartel_bases_card_67():
    s = round_state(resources=0)
    s.momentum = [MEXICAN_TRAFFICKERS]
    put(s, "Putumayo", CB, 2)
    P.resources_phase(s, [])
    assert s.resources[C] == 8


# --- 6.3.3 Drug Profits -------------------------------------------------------------------
def test_shipment_without_room_for_a_base_gives_6_resources_automatically_6_3_3():
    s = round_state(resources=0)
    s.president = URIBE
    put(s, "Cali-Pasto", FU, 1)  # a LoC: no Base possible
    s.place_shipment(sid("Cali-Pasto"), F)
    place(s, {"Putumayo": "1CU 2CB"})  # stacking full
    s.place_shipment(sid("Putumayo"), C)
    start(s)
    assert s.shipments == [None] * 4
    assert s.resources[F] == 6 and s.resources[C] == 6 + 6


def test_drug_profits_decision_base_or_resources_6_3_3():
    s = round_state(resources=0)
    s.president = URIBE
    put(s, "Huila", FU, 2)
    first = s.place_shipment(sid("Huila"), F)
    second = s.place_shipment(sid("Huila"), F)
    start(s)
    assert s.step["phase"] == P.DRUG_PROFITS and s.step["faction"] == int(F)
    huila = sid("Huila")
    assert P.drug_profit_options(s, F) == [(first, huila, True), (second, huila, True)]
    assert s.step["shipments"] == [[first, huila, True], [second, huila, True]]
    run(s, DrugProfits((first,)))
    assert s.bases(sid("Huila"), F) == 1
    assert s.resources[F] == 6
    assert s.shipments == [None] * 4


def test_drug_profits_two_bases_in_one_space_within_stacking_6_3_3_1_4_2():
    s = awaiting(round_state(resources=0), P.DRUG_PROFITS, F)
    place(s, {"Huila": "1FU 1AB"})
    a = s.place_shipment(sid("Huila"), F)
    b = s.place_shipment(sid("Huila"), F)
    assert illegal(s, DrugProfits((a, b))) == "1.4.2"
    run(s, DrugProfits((b,)))
    assert s.bases(sid("Huila"), F) == 1 and s.resources[F] == 6


def test_drug_profits_only_own_shipments_6_3_3():
    s = awaiting(round_state(resources=0), P.DRUG_PROFITS, F)
    place(s, {"Huila": "1FU 1AU"})
    mine = s.place_shipment(sid("Huila"), F)
    theirs = s.place_shipment(sid("Huila"), A)
    assert illegal(s, DrugProfits((theirs,))) == "6.3.3"
    assert illegal(s, DrugProfits((mine, mine))) == "6.3.3"
    assert illegal(s, DrugProfits((9,))) == "6.3.3"
    run(s, DrugProfits(()))
    assert s.shipments[theirs] is not None and s.shipments[mine] is None


def test_drug_profits_needs_an_available_base_6_3_3_1_4_1():
    s = awaiting(round_state(resources=0), P.DRUG_PROFITS, A)
    for name in ("Chocó", "Nariño", "Cesar", "Antioquia", "Santander", "Atlántico"):
        put(s, name, AB, 1)  # all 6 AUC Bases on the map
    put(s, "Huila", AU, 1)
    index = s.place_shipment(sid("Huila"), A)
    assert not P.drug_profits_due(s, A)
    assert illegal(s, DrugProfits((index,))) == "1.4.1"


def test_drug_profits_farc_then_auc_then_cartels_6_3_3():
    s = round_state(resources=0)
    s.president = URIBE
    place(s, {"Huila": "1FU 1AU 1CB"})
    farc = s.place_shipment(sid("Huila"), F)
    s.place_shipment(sid("Huila"), A)
    start(s)
    assert s.step["faction"] == int(F)  # FARC choose first
    run(s, DrugProfits((farc,)))  # the 2nd Base fills Huila...
    assert s.shipments == [None] * 4
    assert s.resources[A] == 6  # ...so AUC could only take Resources, without a decision


def test_drug_profits_resources_capped_at_99_6_3_3_1_7():
    s = awaiting(round_state(resources=97), P.DRUG_PROFITS, C)
    put(s, "Huila", CU, 1)
    s.place_shipment(sid("Huila"), C)
    run(s, DrugProfits(()))
    assert s.resources[C] == 99


# ======================================================================================
# 6.4.1 Civic Action
# ======================================================================================
def _civic_space(s: GameState, name: str = "Cali", troops: int = 1, police: int = 1) -> int:
    put(s, name, T, troops)
    put(s, name, PO, police)
    return sid(name)


def test_civic_action_removes_terror_then_shifts_3_resources_each_6_4_1():
    s = awaiting(round_state(resources=20), P.CIVIC_ACTION, G)
    cali = _civic_space(s)
    s.terror[cali] = 1
    s.support[cali] = 0
    trace = run(s, CivicAction(((cali, 3),)))
    assert s.terror[cali] == 0 and s.support[cali] == 2
    assert s.resources[G] == 20 - 9
    assert trace[0] == "Civic Action: remove Terror in Cali"


def test_civic_action_needs_govt_control_troops_and_police_6_4_1():
    s = awaiting(round_state(resources=20), P.CIVIC_ACTION, G)
    cali = _civic_space(s)
    put(s, "Cali", FU, 2)  # 2 Govt vs 2 FARC: no Control
    medellin = sid("Medellín")
    put(s, "Medellín", T, 2)  # Troops only
    assert illegal(s, CivicAction(((cali, 1),))) == "6.4.1"
    assert illegal(s, CivicAction(((medellin, 1),))) == "6.4.1"
    assert illegal(s, CivicAction(((sid("Cali-Pasto"), 1),))) == "6.4.1"
    assert P.civic_action_spaces(s) == []


def test_civic_action_cost_must_be_affordable_6_4_1():
    s = awaiting(round_state(resources=5), P.CIVIC_ACTION, G)
    cali = _civic_space(s)
    assert illegal(s, CivicAction(((cali, 2),))) == "6.4.1"


def test_civic_action_stops_at_active_support_6_4_1():
    s = awaiting(round_state(resources=20), P.CIVIC_ACTION, G)
    cali = _civic_space(s)
    s.support[cali] = 1
    assert P.civic_action_max_steps(s, cali) == 1
    assert illegal(s, CivicAction(((cali, 2),))) == "6.4.1"


def test_civic_action_space_listed_once_and_steps_positive_6_4_1():
    s = awaiting(round_state(resources=20), P.CIVIC_ACTION, G)
    cali = _civic_space(s)
    assert illegal(s, CivicAction(((cali, 1), (cali, 1)))) == "6.4.1"
    assert illegal(s, CivicAction(((cali, 0),))) == "6.4.1"


def test_civic_action_skipped_below_3_resources_or_without_spaces_6_4_1():
    s = round_state(resources=0)
    s.president = URIBE
    _civic_space(s)
    s.sabotage = [1 if sp.is_loc else 0 for sp in MAP.spaces]  # Government earns 0
    s.aid = 0
    start(s)
    assert s.resources[G] == 0 and s.step.get("phase") != P.CIVIC_ACTION
    s2 = round_state(resources=30)
    assert not P.civic_action_due(s2)  # no space qualifies


def test_first_division_shaded_needs_2_troops_and_2_police_card_1():
    s = awaiting(round_state(resources=20), P.CIVIC_ACTION, G)
    s.capabilities[FIRST_DIVISION] = SHADED
    cali = _civic_space(s, troops=2, police=1)
    assert illegal(s, CivicAction(((cali, 1),))) == "6.4.1"
    put(s, "Cali", PO, 1)
    run(s, CivicAction(((cali, 1),)))
    assert s.support[cali] == 1


def test_first_division_unshaded_one_space_with_any_cube_card_1():
    s = awaiting(round_state(resources=20), P.CIVIC_ACTION, G)
    s.capabilities[FIRST_DIVISION] = UNSHADED
    cali = _civic_space(s, troops=0, police=1)
    medellin = _civic_space(s, "Medellín", troops=1, police=0)
    assert P.civic_action_spaces(s, jointness=True) == [cali, medellin]
    assert illegal(s, CivicAction(((cali, 1), (medellin, 1)), jointness=cali)) == "6.4.1"
    assert illegal(s, CivicAction(((cali, 1),), jointness=medellin)) == "5.3"
    run(s, CivicAction(((cali, 1),), jointness=cali))
    assert s.support[cali] == 1


def test_jointness_needs_first_division_unshaded_card_1():
    s = awaiting(round_state(resources=20), P.CIVIC_ACTION, G)
    cali = _civic_space(s, troops=0, police=1)
    assert illegal(s, CivicAction(((cali, 1),), jointness=cali)) == "5.3"


# ======================================================================================
# 6.4.2 Agitation
# ======================================================================================
def test_agitation_in_farc_controlled_spaces_1_resource_each_6_4_2():
    s = awaiting(round_state(resources=5), P.AGITATION, F)
    huila = sid("Huila")
    put(s, "Huila", FU, 2)
    s.terror[huila] = 1
    s.support[huila] = 1
    run(s, Agitation(((huila, 4),)))
    assert s.terror[huila] == 0 and s.support[huila] == -2
    assert s.resources[F] == 1


def test_agitation_refused_without_farc_control_or_resources_6_4_2():
    s = awaiting(round_state(resources=1), P.AGITATION, F)
    place(s, {"Huila": "1T 1FU", "Chocó": "1FU"})
    assert illegal(s, Agitation(((sid("Huila"), 1),))) == "6.4.2"
    assert illegal(s, Agitation(((sid("Chocó"), 2),))) == "6.4.2"  # 1 Resource only
    assert illegal(s, Agitation(((sid("Chocó"), 3),))) == "6.4.2"  # beyond Active Opposition


def test_agitation_skipped_without_resources_6_4_2():
    s = round_state(resources=0)
    put(s, "Huila", FU, 1)
    s.president = URIBE
    start(s)
    assert not P.agitation_due(s)
    assert s.step.get("phase") != P.AGITATION


def test_alfonso_cano_agitates_in_3_more_spaces_card_22():
    s = awaiting(round_state(resources=10), P.AGITATION, F)
    s.momentum = [ALFONSO_CANO]
    names = ("Chocó", "Nariño", "Cesar", "Antioquia")
    for name in names:
        place(s, {name: "1FU 1AU"})  # no Control at all
    place(s, {"Huila": "2T 1FU"})  # Government Control: never
    assert P.ideologue_spaces(s) == sorted(sid(n) for n in names)
    four = tuple((sid(n), 1) for n in names)
    assert illegal(s, Agitation(four)) == "5.4"
    assert illegal(s, Agitation(((sid("Huila"), 1),))) == "6.4.2"
    run(s, Agitation(four[:3]))
    assert [s.support[sid(n)] for n in names] == [-1, -1, -1, 0]


def test_alfonso_cano_not_in_effect_after_reset_card_22():
    s = round_state(resources=10)
    assert P.ideologue_spaces(s) == []


# ======================================================================================
# 6.4.3 Election and 6.4.4 FARC Zones
# ======================================================================================
def test_election_samper_to_pastrana_places_farc_zone_6_4_3():
    s = round_state(resources=0)
    place(s, {"Huila": "1P 2FU"})  # a cube: the Zone is a decision
    start(s)
    assert s.president == PASTRANA
    assert s.step["phase"] == P.FARC_ZONE and s.step["faction"] == int(G)
    assert s.step["candidates"] == [sid("Huila")]


def test_election_needs_total_support_60_or_less_6_4_3():
    s = round_state(resources=0)
    s.skip_victory_on = [1]
    _govt_wins(s)
    start(s)
    assert s.president == SAMPER


def test_election_pastrana_to_uribe_removes_all_zones_6_4_3():
    s = round_state(resources=0)
    s.president = PASTRANA
    s.farc_zone[sid("Huila")] = s.farc_zone[sid("Meta West")] = 1
    start(s)
    assert s.president == URIBE and sum(s.farc_zone) == 0


def test_election_at_exactly_60_total_support_advances_6_4_3():
    s = round_state(resources=0)
    s.president = PASTRANA
    _govt_wins(s)
    s.support[sid("Cúcuta")] = 0  # 62 - 2 = 60
    assert s.total_support() == 60
    start(s)
    assert s.president == URIBE


def test_election_uribe_stays_6_4_3():
    s = round_state(resources=0)
    s.president = URIBE
    start(s)
    assert s.president == URIBE


def test_single_candidate_zone_without_cubes_is_placed_at_once_6_4_4():
    s = round_state(resources=0)
    put(s, "Meta West", FU, 3)
    start(s)
    assert s.farc_zone[sid("Meta West")] == 1
    assert any("FARC Zone placed in Meta West" in line for line in s.step["report"])
    # and why nobody was asked (issue 43 item 5: placed for the person without a word)
    assert any("the only Department with the most FARC pieces" in line
               and "nothing for the Government to choose (6.4.4)" in line
               for line in s.step["report"])


def test_farc_zone_candidates_most_farc_pieces_6_4_4():
    s = round_state()
    place(s, {
        "Huila": "2FU",
        "Meta West": "1FA 1FB",
        "Bogotá": "5FU",  # a City: never
        "Chocó": "1FU",
    })
    assert P.farc_zone_candidates(s) == [sid("Meta West"), sid("Huila")]
    assert P.farc_zone_candidates(s, "mountain") == [sid("Huila")]
    s.farc_zone[sid("Huila")] = 1  # already a Zone
    assert P.farc_zone_candidates(s) == [sid("Meta West")]


def test_farc_zone_redeploys_cubes_and_removes_govt_bases_6_4_4():
    s = awaiting(round_state(), P.FARC_ZONE, G)
    huila = sid("Huila")
    place(s, {
        "Huila": "2T 1P 1GB 3FU",
        "Bogotá": "1P",  # Government-Controlled City
    })
    assert illegal(s, PlaceFarcZone(sid("Chocó"))) == "6.4.4"  # not the most FARC pieces
    assert illegal(s, PlaceFarcZone(huila, ((int(T), 0, 2),))) == "6.4.4"  # Police left
    assert illegal(s, PlaceFarcZone(huila, ((int(T), sid("Cali"), 2), (int(PO), 0, 1)))) == "6.5"
    assert illegal(s, PlaceFarcZone(huila, ((int(GB), 0, 1),))) == "6.4.4"
    moves = ((int(T), 0, 2), (int(PO), sid("Cali-Pasto"), 1))
    run(s, PlaceFarcZone(huila, moves))
    assert s.farc_zone[huila] == 1
    assert s.faction_pieces(huila, G) == 0 and s.available(GB) == 3
    assert s.troops(0) == 2 and s.police(sid("Cali-Pasto")) == 1
    assert s.step["phase"] == P.ELITE_BACKING  # the Round went on


def test_farc_zone_judges_control_as_placed_6_4_4():
    s = awaiting(round_state(), P.FARC_ZONE, G)
    place(s, {
        "Meta West": "2P 3FU",
        "Cali": "1T 2FU",  # Cali is not Government-Controlled now...
    })
    moves = ((int(PO), sid("Cali"), 2),)  # ...even if these 2 Police would make it so
    assert illegal(s, PlaceFarcZone(sid("Meta West"), moves)) == "6.5"


def test_government_may_not_enter_zone_afterwards_1_4_2_6_4_4():
    s = awaiting(round_state(), P.FARC_ZONE, G)
    place(s, {"Meta West": "1T 3FU"})
    run(s, PlaceFarcZone(sid("Meta West"), ((int(T), 0, 1),)))
    assert sid("Meta West") not in P.police_destinations(s)
    with pytest.raises(IllegalAction) as err:
        s.place(sid("Meta West"), PO)
    assert err.value.rule == "1.4.2"


# ======================================================================================
# 6.4.5 Elite Backing (stand-in Rally: see also the real Rally below)
# ======================================================================================
@dataclass(frozen=True)
class StandInRally(Operation):
    """Places 1 Guerrilla in each of ``where`` (a stand-in named Rally, not registered for
    JSON so as not to clash with the real one)."""

    where: tuple[int, ...] = ()
    name = "Rally"
    factions = frozenset(INSURGENTS)

    def spaces(self) -> tuple[int, ...]:
        return self.where

    def execute(self, state: GameState, ctx: Context) -> None:
        for space in self.where:
            ctx.pay(state, 1)
            state.place(space, UNDERGROUND_OF[ctx.faction])


@dataclass(frozen=True)
class StandInMarch(StandInRally):
    name = "StandInMarch"


def test_elite_backing_spaces_no_opposition_no_control_6_4_5():
    s = round_state()
    place(
        s,
        {
            "Cali": "1T",  # Government Control
            "Huila": "1FU",  # FARC Control
        },
        support={"Chocó": -1},  # Opposition
    )
    s.support[sid("Nariño")] = 2  # Support is fine
    put(s, "Antioquia", AU, 3)  # AUC pieces do not make Control
    spaces = P.elite_backing_spaces(s)
    assert sid("Cali") not in spaces and sid("Huila") not in spaces
    assert sid("Chocó") not in spaces and sid("Cali-Pasto") not in spaces
    assert {sid("Nariño"), sid("Antioquia"), sid("Vichada")} <= set(spaces)
    assert sid("Ecuador") not in spaces  # not a space unless an Event says so (1.3.5)


def test_elite_backing_is_a_free_rally_in_1_space_6_4_5():
    s = awaiting(round_state(resources=0), P.ELITE_BACKING, A)
    chocó = sid("Chocó")
    run(s, EliteBacking(StandInRally((chocó,))))
    assert s.underground(chocó, A) == 1 and s.resources[A] == 0


def test_elite_backing_refusals_6_4_5():
    s = awaiting(round_state(resources=5), P.ELITE_BACKING, A)
    put(s, "Cali", T, 1)
    s.support[sid("Nariño")] = -2
    assert illegal(s, EliteBacking(StandInRally((sid("Cali"),)))) == "6.4.5"
    assert illegal(s, EliteBacking(StandInRally((sid("Nariño"),)))) == "6.4.5"
    assert illegal(s, EliteBacking(StandInRally((sid("Chocó"), sid("Huila"))))) == "6.4.5"
    assert illegal(s, EliteBacking(StandInRally(()))) == "6.4.5"
    assert illegal(s, EliteBacking(StandInMarch((sid("Chocó"),)))) == "6.4.5"


def test_elite_backing_may_be_declined_6_4_5():
    s = awaiting(round_state(resources=5), P.ELITE_BACKING, A)
    before = s.clone()
    run(s, EliteBacking(None))
    assert s.pieces == before.pieces


# ======================================================================================
# 6.5 Redeploy Phase
# ======================================================================================
def _redeploy_position() -> GameState:
    s = awaiting(round_state(), P.REDEPLOY, G)
    place(s, {
        "Bogotá": "2P",  # Government-Controlled City
        "Huila": "3T",  # Department without Base: must leave
        "Bogotá-Neiva": "2T",  # LoC: must leave
        "Antioquia": "2T 1GB",  # Department with Base: may stay
        "Cali": "1T 2FU",  # City without Control: Troops may stay
    })
    return s


def test_redeploy_mandatory_troops_6_5_1():
    s = _redeploy_position()
    assert P.redeploy_mandatory(s) == {sid("Huila"): 3, sid("Bogotá-Neiva"): 2}
    assert P.troop_destinations(s) == [0, sid("Antioquia")]
    assert illegal(s, Redeploy(((int(T), sid("Huila"), 0, 3),))) == "6.5.1"  # LoC ones too
    partial = ((int(T), sid("Huila"), 0, 2), (int(T), sid("Bogotá-Neiva"), 0, 2))
    assert illegal(s, Redeploy(partial)) == "6.5.1"
    assert illegal(s, Redeploy(((int(T), sid("Huila"), sid("Cali"), 3),))) == "6.5.1"
    moves = (
        (int(T), sid("Huila"), sid("Antioquia"), 3),
        (int(T), sid("Bogotá-Neiva"), 0, 2),
    )
    run(s, Redeploy(moves))
    assert s.troops(sid("Antioquia")) == 5 and s.troops(0) == 2 and s.troops(sid("Huila")) == 0


def test_redeploy_optional_troops_only_to_controlled_cities_or_bases_6_5_2():
    s = _redeploy_position()
    must = ((int(T), sid("Huila"), 0, 3), (int(T), sid("Bogotá-Neiva"), 0, 2))
    run(s.clone(), Redeploy(must + ((int(T), sid("Cali"), sid("Antioquia"), 1),)))
    assert illegal(s, Redeploy(must + ((int(T), sid("Antioquia"), sid("Chocó"), 1),))) == "6.5.1"
    assert illegal(s, Redeploy(must + ((int(T), sid("Antioquia"), 0, 3),))) == "6.5"  # only 2
    assert illegal(s, Redeploy(must + ((int(T), 0, 0, 1),))) == "6.5"  # no move
    assert illegal(s, Redeploy(must + ((int(GB), sid("Antioquia"), 0, 1),))) == "6.5"


def test_redeploy_police_to_locs_or_controlled_spaces_6_5_3():
    s = _redeploy_position()
    must = ((int(T), sid("Huila"), 0, 3), (int(T), sid("Bogotá-Neiva"), 0, 2))
    ok = must + ((int(PO), 0, sid("Cali-Pasto"), 1), (int(PO), 0, sid("Antioquia"), 1))
    run(s.clone(), Redeploy(ok))
    assert illegal(s, Redeploy(must + ((int(PO), 0, sid("Cali"), 1),))) == "6.5.3"
    assert illegal(s, Redeploy(must + ((int(PO), 0, sid("Chocó"), 1),))) == "6.5.3"


def test_redeploy_control_judged_before_any_move_6_5_4():
    s = _redeploy_position()
    # Huila's Troops make Cali Government-Controlled once there, but Control only
    # adjusts after all Redeployment (6.5.4): Cali is no destination now.
    moves = (
        (int(T), sid("Huila"), 0, 3),
        (int(T), sid("Bogotá-Neiva"), 0, 2),
        (int(PO), 0, sid("Cali"), 2),
    )
    assert illegal(s, Redeploy(moves)) == "6.5.3"
    # Moving all Police out of Bogotá does not stop Troops from going there.
    moves = (
        (int(T), sid("Huila"), 0, 3),
        (int(T), sid("Bogotá-Neiva"), 0, 2),
        (int(PO), 0, sid("Cali-Pasto"), 2),
    )
    run(s, Redeploy(moves))
    assert s.troops(0) == 5 and s.police(0) == 0


def test_redeploy_to_bogota_when_no_destination_6_5_1():
    s = awaiting(round_state(), P.REDEPLOY, G)
    place(s, {
        "Huila": "2T",
        "Bogotá": "3FU",  # not even Bogotá is Government-Controlled
    })
    assert P.troop_destinations(s) == [0]
    run(s, Redeploy(((int(T), sid("Huila"), 0, 2),)))
    assert s.troops(0) == 2


def test_redeploy_skipped_when_nothing_can_move_6_5():
    s = round_state(resources=0)
    s.president = URIBE
    place(s, {"Bogotá": "1T 1P"})
    assert P.redeploy_due(s)  # the Police could go to a LoC
    s2 = round_state(resources=0)
    place(s2, {"Bogotá": "1T 3FU"})  # a City without Control: no need, no destination
    assert not P.redeploy_due(s2)


def test_final_round_skips_redeploy_and_reset_6_6_play_note():
    s = round_state(resources=0)
    s.president = URIBE
    s.propaganda_cards = s.final_propaganda = 4
    s.skip_victory_on = [4]
    place(s, {"Huila": "3T 1FU 1FA"}, terror={"Cali": 1})
    s.eligible = [False, True, False, True]
    for space in MAP.spaces:  # no Elite Backing
        if (space.is_city or space.is_department) and not space.is_foreign and space.id != 20:
            put(s, space.id, FU, 1)
    start(s)
    assert s.step["phase"] == P.DONE
    assert s.troops(sid("Huila")) == 3 and s.active(sid("Huila"), F) == 1
    assert s.terror[sid("Cali")] == 1 and s.eligible == [False, True, False, True]
    sequence.end_round(s, SEEDED)
    assert s.phase == "over" and "7.3" in s.step["reason"]


# ======================================================================================
# 6.6 Reset Phase
# ======================================================================================
def test_reset_eligible_markers_momentum_underground_6_6():
    s = round_state(resources=0)
    s.president = URIBE
    s.eligible = [False, False, True, False]
    s.terror[sid("Cali")] = 2
    s.sabotage[sid("Cali-Pasto")] = 1
    s.momentum = [ALFONSO_CANO, MEXICAN_TRAFFICKERS]
    s.capabilities[FIRST_DIVISION] = SHADED
    place(s, {"Vichada": "2FA", "Cali-Pasto": "2AA", "Neiva-Pasto": "2CA"})
    for space in MAP.spaces:  # FARC Control everywhere else: no Elite Backing
        if (space.is_city or space.is_department) and not space.is_foreign:
            put(s, space.id, FU, 1)
    start(s)
    assert s.step["phase"] == P.DONE
    assert s.eligible == [True] * 4
    assert sum(s.terror) == 0 and sum(s.sabotage) == 0
    assert s.momentum == [] and s.capabilities == {FIRST_DIVISION: SHADED}
    assert s.on_map(FA) == s.on_map(Piece.AUC_ACTIVE) == s.on_map(Piece.CARTELS_ACTIVE) == 0
    assert s.underground(sid("Vichada"), F) == 3 and s.underground(sid("Cali-Pasto"), A) == 2


# ======================================================================================
# a full Round on a hand-built position
# ======================================================================================
def test_full_round_every_total_6_0_to_6_6():
    s = round_state()
    s.resources = [10, 5, 3, 7]
    s.aid = 9
    s.president = SAMPER
    bogota, cali, huila, meta_w = 0, sid("Cali"), sid("Huila"), sid("Meta West")
    place(s, {
        bogota: "4T 3P",
        cali: "2T 2P",
        huila: "3T 1FU",
        "Bogotá-Neiva": "2T",
        meta_w: "1P 3FU 1FA 1FB",
    }, terror={cali: 1}, support={cali: 1, meta_w: -1})
    farc_ship = s.place_shipment(meta_w, F)
    place(s, {"Antioquia": "2AU 1AB", "Putumayo": "2CU 2CB"})
    s.place_shipment(sid("Putumayo"), C)
    put(s, "Neiva-Pasto", FU, 2)
    s.momentum = [MEXICAN_TRAFFICKERS]
    s.eligible = [False, True, False, True]

    start(s)  # 6.1 no winner; 6.2 Sabotage; 6.3.1-6.3.2 earnings
    assert s.sabotage[sid("Neiva-Pasto")] == 1 and sum(s.sabotage) == 1
    assert s.resources == [10 + 29, 5 + 1, 3 + 1, 7 + 4 * 2]
    assert s.step["phase"] == P.DRUG_PROFITS and s.step["faction"] == int(F)

    run(s, DrugProfits((farc_ship,)))  # 6.3.3: FARC take a Base, Cartels +6 (no room)
    assert s.bases(meta_w, F) == 2 and s.resources[C] == 15 + 6
    assert s.shipments == [None] * 4
    assert s.step["phase"] == P.CIVIC_ACTION

    run(s, CivicAction(((cali, 2), (bogota, 1))))  # 6.4.1
    assert s.resources[G] == 39 - 9 and s.terror[cali] == 0
    assert s.support[cali] == 2 and s.support[bogota] == 1
    assert s.total_support() == 2 * 3 + 8

    assert s.step["phase"] == P.AGITATION
    run(s, Agitation(((meta_w, 1),)))  # 6.4.2
    assert s.resources[F] == 5 and s.support[meta_w] == -2

    # 6.4.3: Total Support 14 <= 60, Samper -> Pastrana, who places a FARC Zone (6.4.4)
    assert s.president == PASTRANA
    assert s.step["phase"] == P.FARC_ZONE and s.step["candidates"] == [meta_w]
    run(s, PlaceFarcZone(meta_w, ((int(PO), bogota, 1),)))
    assert s.farc_zone[meta_w] == 1 and s.police(bogota) == 4

    assert s.step["phase"] == P.ELITE_BACKING  # 6.4.5
    run(s, EliteBacking(None))

    assert s.step["phase"] == P.REDEPLOY  # 6.5
    assert s.step["mandatory"] == [[huila, 3], [sid("Bogotá-Neiva"), 2]]
    moves = (
        (int(T), huila, cali, 3),
        (int(T), sid("Bogotá-Neiva"), bogota, 2),
        (int(PO), bogota, sid("Bogotá-Bucaramanga"), 1),
    )
    run(s, Redeploy(moves))
    assert s.troops(cali) == 5 and s.troops(bogota) == 6 and s.police(bogota) == 3

    assert s.step["phase"] == P.DONE  # 6.6 Reset
    assert s.eligible == [True] * 4 and sum(s.sabotage) == 0 and s.momentum == []
    assert s.active(meta_w, F) == 0 and s.underground(meta_w, F) == 4
    assert s.resources == [30, 5, 4, 21]
    assert s.total_support() == 14 and s.opposition_plus_bases() == 2 + 2
    assert s.victory_margins() == {G: 14 - 60, F: 4 - 25, A: 1 - 2, C: min(2 - 10, 21 - 40)}
    assert s.check_invariants() == []


# ======================================================================================
# random commands over random positions (property test)
# ======================================================================================
def random_position(rng: random.Random) -> GameState:
    """A legal random position at the start of a Propaganda Round."""
    s = round_state(resources=0)
    s.resources = [rng.randint(0, 99) for _ in Faction]
    s.aid = rng.randint(0, 29)
    s.president = rng.choice((SAMPER, PASTRANA, URIBE))
    s.propaganda_cards = rng.randint(1, 4)
    s.skip_victory_on = [s.propaganda_cards] if rng.random() < 0.7 else []
    if rng.random() < 0.3:
        s.foreign_in_play = [MAP.ECUADOR]
    depts = [sp.id for sp in MAP.spaces if sp.is_department and s.in_play(sp.id)]
    for space in rng.sample(depts, rng.randint(0, 2)):
        s.farc_zone[space] = 1
    for card in (FIRST_DIVISION, SEVENTH_SPECIAL_FORCES):
        if rng.random() < 0.5:
            s.capabilities[card] = rng.choice((UNSHADED, SHADED))
    s.momentum = [c for c in (ALFONSO_CANO, MEXICAN_TRAFFICKERS) if rng.random() < 0.4]
    spaces = [sp.id for sp in s.spaces_in_play()]
    for kind in Piece:
        if kind.is_guerrilla and kind not in UNDERGROUND_OF.values():
            continue  # placed Underground, some Activated below
        for _ in range(rng.randint(0, 8)):
            space = rng.choice(spaces)
            n = min(1 if kind.is_base else rng.randint(1, 3), s.available(kind))
            if n and s.can_place(space, kind, n):
                s.place(space, kind, n)
    for space in spaces:
        for f in INSURGENTS:
            s.activate(space, f, rng.randint(0, 2))
    for sp in MAP.spaces:
        if sp.is_populated:
            s.support[sp.id] = rng.randint(-2, 2)
        if not sp.is_loc and rng.random() < 0.15:
            s.terror[sp.id] = rng.randint(1, 2)
        if sp.is_loc and rng.random() < 0.15:
            s.sabotage[sp.id] = 1
    for f in INSURGENTS:
        held = [sp for sp in spaces if s.guerrillas(sp, f)]
        for _ in range(rng.randint(0, 2)):
            if held and s.shipments_available():
                s.place_shipment(rng.choice(held), f)
    s.eligible = [rng.random() < 0.5 for _ in Faction]
    assert s.check_invariants() == []
    return s


def play_random_round(s: GameState, rng: random.Random) -> list[str]:
    """Start a Round and answer every decision with a random command; return phases."""
    seen = []
    P.start_round(s, SEEDED)
    while s.phase == "propaganda" and s.step["phase"] != P.DONE:
        phase = s.step["phase"]
        seen.append(phase)
        cmd = P.random_propaganda_command(s, rng)
        assert cmd is not None and cmd.propaganda_phase == phase  # type: ignore[attr-defined]
        before = s.clone()
        try:
            run(s, cmd)
        except IllegalAction as err:  # pragma: no cover - shows the failing command
            raise AssertionError(f"random {phase} command illegal: {cmd} -> {err}") from err
        assert s.check_invariants() == [], (cmd, before.step)
        json.dumps(s.step)  # plain data for saves
        assert len(seen) < 20
    return seen


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**32))
def test_random_rounds_keep_invariants_property(seed: int):
    rng = random.Random(seed)
    s = random_position(rng)
    play_random_round(s, rng)
    assert s.check_invariants() == []
    if s.phase == "propaganda":
        assert s.step["phase"] == P.DONE
        if not P.is_final_round(s):
            assert sum(s.terror) == sum(s.sabotage) == 0
            assert not any(s.on_map(Piece(k)) for k in (FA, Piece.AUC_ACTIVE, Piece.CARTELS_ACTIVE))


def test_random_rounds_reach_every_decision():
    rng = random.Random(7)
    seen: set[str] = set()
    for _ in range(300):
        seen.update(play_random_round(random_position(rng), rng))
    assert seen == set(STAGE)


def test_random_generators_produce_varied_commands():
    rng = random.Random(3)
    kinds: dict[str, set[str]] = {}
    for _ in range(300):
        s = random_position(rng)
        P.start_round(s, SEEDED)
        while s.phase == "propaganda" and s.step["phase"] != P.DONE:
            cmd = P.random_propaganda_command(s, rng)
            assert cmd is not None
            kinds.setdefault(s.step["phase"], set()).add(repr(cmd))
            run(s, cmd)
    assert all(len(v) > 3 for v in kinds.values()), {k: len(v) for k, v in kinds.items()}


def test_random_propaganda_command_none_outside_a_decision():
    s = round_state()
    assert P.random_propaganda_command(s, random.Random(1)) is None
    s.step = {"phase": P.DONE}
    assert P.random_propaganda_command(s, random.Random(1)) is None


# ======================================================================================
# 6.4.5 Elite Backing with the real Rally (core.rules.insurgent_ops)
# ======================================================================================
def test_elite_backing_with_real_rally_6_4_5():
    ops = pytest.importorskip("core.rules.insurgent_ops")
    s = awaiting(round_state(resources=0), P.ELITE_BACKING, A)
    chocó = sid("Chocó")
    put(s, "Chocó", AB, 1)
    s.support[chocó] = 1
    cmd = EliteBacking(ops.rally_in(chocó, ops.RALLY_PLACE, 2))  # Bases + Pop = 2
    assert from_json(cmd.to_json()) == cmd
    run(s, cmd)
    assert s.underground(chocó, A) == 2 and s.resources[A] == 0


def test_elite_backing_real_rally_refusals_6_4_5():
    ops = pytest.importorskip("core.rules.insurgent_ops")
    s = awaiting(round_state(resources=5), P.ELITE_BACKING, A)
    put(s, "Chocó", AU, 2)
    two = ops.Rally(steps=(ops.rally_step(sid("Chocó")), ops.rally_step(sid("Nariño"))))
    assert illegal(s, EliteBacking(two)) == "6.4.5"
    recall = ops.rally_in(sid("Nariño"), recall=((sid("Chocó"), int(AU), 1),))
    assert illegal(s, EliteBacking(recall)) == "1.4.1"
    assert illegal(s, EliteBacking(ops.rally_in(sid("Chocó"), ops.RALLY_PLACE, 2))) == "3.3.1"


def test_random_elite_backing_is_legal_6_4_5():
    pytest.importorskip("core.rules.insurgent_ops")
    rng = random.Random(11)
    rallies = 0
    for _ in range(200):
        s = random_position(rng)
        awaiting(s, P.ELITE_BACKING, A)
        cmd = P.random_elite_backing(s, A, rng)
        run(s.clone(), cmd)
        rallies += cmd.rally is not None
    assert rallies > 100


def test_drug_profit_base_is_the_owners_6_3_3_4_5_3():
    # the Guerrilla holding a Shipment's Faction owns it (4.5.3) and gets the Base
    s = awaiting(round_state(resources=0), P.DRUG_PROFITS, C)
    put(s, "Huila", CU, 1)
    index = s.place_shipment(sid("Huila"), C)
    run(s, DrugProfits((index,)))
    assert s.count(sid("Huila"), BASE_OF[C]) == 1


# ======================================================================================
# whole games through core.game (every Round of the deck)
# ======================================================================================
@pytest.mark.parametrize("scenario,seed", [("standard", 1), ("standard", 2), ("quick", 3)])
def test_games_of_passes_play_every_round_2_4_6_0(scenario: str, seed: int):
    """Every Faction always Passes; each Round is answered by random commands. The game
    ends after the final Round (2.4.1, 7.3) unless a victory check ends it first (6.1)."""
    from core.game import Game

    game = Game.new(scenario=scenario, seed=seed)
    rng = random.Random(seed)
    rounds = set()
    while not game.is_terminal():
        s = game.state
        if s.phase == "propaganda":
            rounds.add(s.propaganda_cards)
            json.dumps(s.step)  # plain data for saves
            cmd = P.random_propaganda_command(s, rng)
            assert cmd is not None
        else:
            cmd = sequence.Pass()
        game.apply(cmd)
        assert game.state.check_invariants() == []
    reason = game.state.step["reason"]
    assert ("7.3" in reason and max(rounds) == game.state.final_propaganda) or "6.1" in reason
    replayed = Game.replay(game.initial, game.log)
    assert replayed.state.pieces == game.state.pieces


def test_elite_backing_base_over_the_holders_places_the_shipment_as_auc_says_4_5_3():
    # 4.5.3: the owner (AUC, a player here) transfers its Shipment when the Rally's Base
    # replaces the last AUC Guerrillas; the answer is carried by the command.
    from core.rules.insurgent_ops import rally_in

    s = awaiting(round_state(resources=0), P.ELITE_BACKING, A)
    chocó = sid("Chocó")
    place(s, {chocó: "1FU 2AU 1CU"})
    s.place_shipment(chocó, A)
    cmd = EliteBacking(rally_in(chocó, "base", 0), transfers=((chocó, int(A), int(C)),))
    assert from_json(cmd.to_json()) == cmd
    run(s, cmd)
    assert s.bases(chocó, A) == 1 and s.shipments_at(chocó, C)


def test_rounds_are_numbered_among_rounds_held_not_cards_6_0():
    # 6.0 EXCEPTION: #74 right after #73's Round is set aside; #75 then begins the
    # 2nd Round, not the 3rd (issue 43: "Propaganda Round 3" after one Round)
    from core.game import Game
    from core.rules.propaganda import rounds_held, set_aside_cards
    from tui.turn_log import current_heading

    assert set_aside_cards([41, 73, 74, 1, 75, 76]) == [74, 76]
    state = Game.new("standard", seed=30).state
    state.played = [41, 73, 74, 1, 75]
    state.propaganda_cards = 3
    state.current_card, state.phase, state.step = 75, "propaganda", {}
    assert rounds_held(state) == 2
    assert current_heading(state) == "Propaganda Round 2: #75 Propaganda!"
