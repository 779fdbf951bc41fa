"""Government Special Activities (4.2): Air Lift, Air Strike, Eradicate, with 4.1.1
accompanying Operations and the lasting Events that modify them (5.3 Capability 10
Blackhawks; 5.4 Momentum 12 Plan Colombia, 27 Misil Antiaéreo)."""

from __future__ import annotations

import random
from functools import partial

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.commands import Context, from_json
from core.errors import IllegalAction
from core.events import BLACKHAWKS, MISIL_ANTIAEREO, PLAN_COLOMBIA, SHADED, UNSHADED
from core.game.sequence import OperationAction
from core.map import MAP
from core.rules.coin_ops import (
    Assault,
    Sweep,
    Train,
    random_assault,
    random_patrol,
    random_sweep,
    random_train,
)
from core.rules.govt_special import (
    AirLift,
    AirStrike,
    Eradicate,
    air_lift_limit,
    air_lift_ok,
    air_strike_spaces,
    air_strike_targets,
    eradicate_shift_options,
    eradicate_spaces,
    random_air_lift,
    random_air_strike,
    random_eradicate,
)
from tests.codes import AB, CA, CARTELS, CB, CU, FA, FARC, FB, FU, GOVT, T
from tests.helpers import blank_state, illegal_as, place, position, put, run_as, sid
from tests.strategies import random_position

OSPINA_CARD = 2  # Faction order G F A C: the Government acts first


def ctx(**kw) -> Context:
    return Context(faction=GOVT, **kw)


run = partial(run_as, GOVT)
illegal = partial(illegal_as, GOVT)


# ======================================================================================
# Air Lift (4.2.1)
# ======================================================================================
def test_air_lift_moves_up_to_3_troops_between_any_spaces_4_2_1():
    s = position({"Huila": "5T"})
    c = run(s, AirLift(src=sid("Huila"), dst=sid("Cali-Pasto"), troops=3))
    assert s.troops(sid("Cali-Pasto")) == 3 and s.troops(sid("Huila")) == 2
    assert s.resources[GOVT] == 10  # Special Activities cost nothing here
    assert any("Air Lift" in line for line in c.trace)
    illegal(s, AirLift(src=sid("Huila"), dst=sid("Cali"), troops=4), "4.2.1")


def test_air_lift_not_into_a_farc_zone_4_2_1_6_4_4():
    s = position({"Bogotá": "3T"}, farc_zone=["Meta West"])
    illegal(s, AirLift(src=sid("Bogotá"), dst=sid("Meta West"), troops=1), "4.2.1")
    assert not air_lift_ok(s, sid("Bogotá"), sid("Meta West"))


def test_air_lift_needs_troops_and_2_different_spaces_4_2_1():
    s = position({"Bogotá": "1T 3P"})
    illegal(s, AirLift(src=sid("Bogotá"), dst=sid("Bogotá"), troops=1), "4.2.1")
    illegal(s, AirLift(src=sid("Bogotá"), dst=sid("Cali"), troops=2), "4.2.1")
    illegal(s, AirLift(src=sid("Bogotá"), dst=sid("Cali"), troops=0), "4.2.1")
    illegal(s, AirLift(src=sid("Bogotá"), dst=MAP.PANAMA, troops=1), "1.3.5")
    assert air_lift_ok(s, sid("Bogotá"), sid("Cali"), 1)


def test_only_the_government_air_lifts_4_0():
    s = position({"Bogotá": "1T"})
    with pytest.raises(IllegalAction) as err:
        AirLift(src=sid("Bogotá"), dst=sid("Cali"), troops=1).execute(s, Context(faction=FARC))
    assert err.value.rule == "4.0"


def test_blackhawks_unshaded_air_lift_any_number_5_3_card_10():
    s = position({"Bogotá": "12T"}, capabilities={BLACKHAWKS: UNSHADED})
    assert air_lift_limit(s) is None
    run(s, AirLift(src=sid("Bogotá"), dst=sid("Cali"), troops=12))
    assert s.troops(sid("Cali")) == 12


def test_blackhawks_shaded_air_lift_only_1_troops_5_3_card_10():
    s = position({"Bogotá": "3T"}, capabilities={BLACKHAWKS: SHADED})
    illegal(s, AirLift(src=sid("Bogotá"), dst=sid("Cali"), troops=2), "5.3")
    run(s, AirLift(src=sid("Bogotá"), dst=sid("Cali"), troops=1))


def test_misil_antiaereo_no_air_lift_where_guerrillas_5_4_card_27():
    s = position({"Bogotá": "3T", "Cali": "1AU"}, momentum=[MISIL_ANTIAEREO])
    illegal(s, AirLift(src=sid("Bogotá"), dst=sid("Cali"), troops=1), "5.4")
    put(s, "Bogotá", FU)
    illegal(s, AirLift(src=sid("Bogotá"), dst=sid("Medellín"), troops=1), "5.4")


# ======================================================================================
# Air Strike (4.2.2)
# ======================================================================================
def test_air_strike_removes_1_active_guerrilla_in_a_department_or_loc_4_2_2():
    s = position({"Huila": "2FA", "Cali-Pasto": "1CA"})
    run(s, AirStrike(space=sid("Huila"), target=FA))
    run(s, AirStrike(space=sid("Cali-Pasto"), target=CA))
    assert s.active(sid("Huila"), FARC) == 1 and s.active(sid("Cali-Pasto"), CARTELS) == 0


def test_air_strike_not_in_a_city_4_2_2():
    s = position({"Cali": "1FA"})
    illegal(s, AirStrike(space=sid("Cali"), target=FA), "4.2.2")
    assert sid("Cali") not in air_strike_spaces(s)


def test_air_strike_cannot_hit_underground_guerrillas_4_2_2():
    s = position({"Huila": "2FU"})
    illegal(s, AirStrike(space=sid("Huila"), target=FU), "4.2.2")
    illegal(s, AirStrike(space=sid("Huila"), target=FA), "4.2.2")
    illegal(s, AirStrike(space=sid("Huila"), target=T), "4.2.2")


def test_air_strike_hits_a_base_only_if_its_faction_has_no_guerrillas_there_4_2_2():
    s = position({"Huila": "1AU 1AB 1CB"})
    illegal(s, AirStrike(space=sid("Huila"), target=AB), "4.2.2")
    assert air_strike_targets(s, sid("Huila")) == [CB]
    run(s, AirStrike(space=sid("Huila"), target=CB))
    assert s.bases(sid("Huila"), CARTELS) == 0


def test_air_strike_works_in_a_farc_zone_6_4_4_play_note():
    s = position({"Meta West": "1FA"}, farc_zone=["Meta West"])
    run(s, AirStrike(space=sid("Meta West"), target=FA))
    assert s.guerrillas(sid("Meta West"), FARC) == 0


def test_air_strike_removing_a_shipment_holder_gives_no_drug_bust_3_2_5():
    s = position({"Huila": "1CA"})
    s.place_shipment(sid("Huila"), CARTELS)
    run(s, AirStrike(space=sid("Huila"), target=CA))
    assert s.shipments_available() == 4 and s.aid == 9


def test_air_strike_accompanies_only_patrol_sweep_or_assault_4_1_1():
    s = position({"Huila": "1T 1FA"}, card=OSPINA_CARD)
    strike = AirStrike(space=sid("Huila"), target=FA)
    with pytest.raises(IllegalAction) as err:
        OperationAction(op=Train(selected=(sid("Cali"),)), special=strike).execute(
            s.clone(), ctx()
        )
    assert err.value.rule == "4.1.1"
    illegal(s, strike, "4.1.1", op=Train(selected=(sid("Cali"),)))
    after = s.clone()
    OperationAction(op=Sweep(selected=(sid("Cali"),)), special=strike).execute(after, ctx())
    assert after.guerrillas(sid("Huila"), FARC) == 0
    assert after.check_invariants() == []


def test_plan_colombia_shaded_no_air_strike_5_4_card_12():
    s = position({"Huila": "1FA"}, momentum=[PLAN_COLOMBIA])
    illegal(s, AirStrike(space=sid("Huila"), target=FA), "5.4")
    assert air_strike_spaces(s) == []
    assert random_air_strike(s, GOVT, random.Random(0)) is None


def test_random_air_strike_only_with_patrol_sweep_or_assault_4_1_1():
    s = position({"Huila": "1FA"})
    rng = random.Random(0)
    assert random_air_strike(s, GOVT, rng, op=Train(selected=(sid("Cali"),))) is None
    assert random_air_strike(s, GOVT, rng, op=Assault(selected=(sid("Cali"),))) is not None


def test_misil_antiaereo_no_air_strike_where_guerrillas_5_4_card_27():
    s = position({"Huila": "1FA", "Meta East": "1FB"}, momentum=[MISIL_ANTIAEREO])
    illegal(s, AirStrike(space=sid("Huila"), target=FA), "5.4")
    assert air_strike_spaces(s) == [sid("Meta East")]
    run(s, AirStrike(space=sid("Meta East"), target=FB))


# ======================================================================================
# Eradicate (4.2.3)
# ======================================================================================
def test_eradicate_adds_aid_removes_cartels_bases_and_shifts_4_2_3():
    s = blank_state()
    h = sid("Huila")
    place(s, {h: "2CU 2CB"})  # Bases go regardless of Guerrillas
    c = run(s, Eradicate(space=h, shift=h))
    assert s.aid == 13 and s.bases(h, CARTELS) == 0 and s.guerrillas(h, CARTELS) == 2
    assert s.support[h] == -1
    assert any("Eradicate" in line for line in c.trace)


def test_eradicate_aid_capped_at_29_1_7():
    s = position({"Huila": "1CU"}, aid=27)
    run(s, Eradicate(space=sid("Huila"), shift=sid("Huila")))
    assert s.aid == 29


def test_eradicate_needs_a_department_with_cartels_pieces_4_2_3():
    s = position({"Cali": "1CB"})
    illegal(s, Eradicate(space=sid("Huila"), shift=sid("Huila")), "4.2.3")
    illegal(s, Eradicate(space=sid("Cali"), shift=sid("Huila")), "4.2.3")
    put(s, "Cali-Pasto", CU)
    illegal(s, Eradicate(space=sid("Cali-Pasto")), "4.2.3")
    assert eradicate_spaces(s) == []


def test_eradicate_shifts_that_or_an_adjacent_department_4_2_3():
    s = blank_state()
    h = sid("Huila")
    put(s, h, CB)
    assert sid("Cali") not in eradicate_shift_options(s, h)  # a City, not a Department
    illegal(s, Eradicate(space=h, shift=sid("Cali")), "4.2.3")
    illegal(s, Eradicate(space=h, shift=sid("Meta East")), "4.2.3")  # not adjacent
    illegal(s, Eradicate(space=h, shift=None), "4.2.3")  # must shift if possible
    s.support[h] = -2
    illegal(s, Eradicate(space=h, shift=h), "4.2.3")  # already Active Opposition
    run(s, Eradicate(space=h, shift=sid("Antioquia")))
    assert s.support[sid("Antioquia")] == -1


def test_eradicate_places_a_farc_guerrilla_when_nothing_can_shift_4_2_3():
    s = blank_state()
    g = sid("Guainía")  # Pop 0, next to Guaviare (Pop 1), Vichada and Vaupés (Pop 0)
    put(s, g, CB)
    s.support[sid("Guaviare")] = -2
    assert eradicate_shift_options(s, g) == []
    illegal(s, Eradicate(space=g, shift=sid("Guaviare")), "4.2.3")
    run(s, Eradicate(space=g))
    assert s.underground(g, FARC) == 1 and s.bases(g, CARTELS) == 0


def test_eradicate_places_no_farc_guerrilla_if_none_available_1_4_1():
    s = blank_state()
    g = sid("Guainía")
    place(s, {g: "1CU", "Vaupés": "30FU"}, support={"Guaviare": -2})
    run(s, Eradicate(space=g))
    assert s.guerrillas(g, FARC) == 0 and s.aid == 13


def test_eradicate_works_in_a_farc_zone_6_4_4_play_note():
    s = position({"Meta West": "1CB"}, farc_zone=["Meta West"])
    run(s, Eradicate(space=sid("Meta West"), shift=sid("Meta West")))
    assert s.bases(sid("Meta West"), CARTELS) == 0


def test_misil_antiaereo_no_eradicate_where_guerrillas_5_4_card_27():
    s = position({"Huila": "1CU", "Meta East": "1CB"}, momentum=[MISIL_ANTIAEREO])
    illegal(s, Eradicate(space=sid("Huila"), shift=sid("Huila")), "5.4")
    assert eradicate_spaces(s) == [sid("Meta East")]
    run(s, Eradicate(space=sid("Meta East"), shift=sid("Meta East")))


def test_eradicate_and_air_lift_accompany_any_operation_4_1_1():
    s = position({"Huila": "1CB", "Bogotá": "2T"}, card=OSPINA_CARD)
    after = s.clone()
    OperationAction(
        op=Train(selected=(sid("Cali"),)), special=Eradicate(space=sid("Huila"), shift=sid("Huila"))
    ).execute(after, ctx())
    assert after.bases(sid("Huila"), CARTELS) == 0
    after = s.clone()
    OperationAction(
        op=Assault(selected=(sid("Cali"),)),
        special=AirLift(src=sid("Bogotá"), dst=sid("Cali"), troops=2),
        special_first=True,
    ).execute(after, ctx())
    assert after.troops(sid("Cali")) == 2


def test_limited_operation_has_no_special_activity_2_3_5():
    rng = random.Random(3)
    s = random_position(rng)
    for gen in (random_air_lift, random_air_strike, random_eradicate):
        assert gen(s, GOVT, rng, limited=True) is None


# ======================================================================================
# random commands (property tests)
# ======================================================================================
SA_GENERATORS = (random_air_lift, random_air_strike, random_eradicate)
OP_GENERATORS = (random_train, random_patrol, random_sweep, random_assault)


def test_random_special_activities_are_legal_on_random_positions():
    # 4.2.1-4.2.3, 1.4.1, 1.4.2: every generated Special Activity executes legally.
    made = dict.fromkeys((g.__name__ for g in SA_GENERATORS), 0)
    for seed in range(400):
        rng = random.Random(seed)
        state = random_position(rng)
        for gen in SA_GENERATORS:
            cmd = gen(state, GOVT, rng)
            if cmd is None:
                continue
            after = state.clone()
            cmd.execute(after, ctx())
            assert after.check_invariants() == [], cmd
            assert from_json(cmd.to_json()) == cmd
            made[gen.__name__] += 1
    assert all(n > 100 for n in made.values()), made


def test_random_generators_refuse_other_factions():
    # 4.0: Government Special Activities are the Government's.
    rng = random.Random(0)
    s = random_position(rng)
    for gen in SA_GENERATORS:
        assert gen(s, CARTELS, rng) is None


def _operation_with_special(seed: int) -> None:
    """Random Special Activity, then a random Operation generated on the state it leaves,
    run together through the Sequence of Play (SA first, 4.1)."""
    rng = random.Random(seed)
    state = random_position(rng)
    state.current_card = OSPINA_CARD
    state.played = [OSPINA_CARD]
    special = rng.choice(SA_GENERATORS)(state, GOVT, rng)
    mid = state.clone()
    if special is not None:
        special.execute(mid, ctx())
    op = rng.choice(OP_GENERATORS)(mid, GOVT, rng)
    if op is None:
        return
    action = OperationAction(op=op, special=special, special_first=True)
    after = state.clone()
    if special is not None and special.accompanies and op.name not in special.accompanies:
        with pytest.raises(IllegalAction) as err:
            action.execute(after, ctx())
        assert err.value.rule == "4.1.1"
        return
    action.execute(after, ctx())
    assert after.check_invariants() == []
    assert after.step["acted"] == [[int(GOVT), "op_sa" if special else "op"]]
    assert from_json(action.to_json()) == action


def test_random_operations_with_special_activities_through_the_sequence_4_1():
    for seed in range(300):
        _operation_with_special(seed)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_property_operation_and_special_activity_keep_invariants(seed):
    _operation_with_special(seed)
