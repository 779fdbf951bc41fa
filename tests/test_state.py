"""State primitives and derived values (1.4-1.8, 3.3.4, 4.5.3, 7.3)."""

import pytest

from core.errors import IllegalAction
from core.map import MAP
from core.pieces import Faction, Piece
from core.state import GameState
from tests.helpers import blank_state, place, position, put, sid


def test_inventory_is_153_pieces_1_4_1():
    s = GameState()
    total = sum(s.available(k) for k in Piece if not k.is_guerrilla)
    total += sum(s.available_guerrillas(f) for f in (Faction.FARC, Faction.AUC, Faction.CARTELS))
    assert total == 153
    assert s.check_invariants() == []


def test_place_refuses_unavailable_pieces_1_4_1():
    s = blank_state()
    s.place(sid("Bogotá"), Piece.GOVT_BASE, 2)
    s.place(sid("Cali"), Piece.GOVT_BASE, 1)
    with pytest.raises(IllegalAction) as err:
        s.place(sid("Medellín"), Piece.GOVT_BASE)
    assert err.value.rule == "1.4.1"


def test_place_up_to_places_what_is_available_5_1_1():
    s = blank_state()
    assert s.place_up_to(sid("Huila"), Piece.CARTELS_UNDERGROUND, 20) == 12


def test_guerrillas_are_placed_underground_1_4_3():
    s = blank_state()
    with pytest.raises(IllegalAction) as err:
        s.place(sid("Huila"), Piece.FARC_ACTIVE)
    assert err.value.rule == "1.4.3"


def test_stacking_two_bases_no_bases_on_locs_1_4_2():
    s = blank_state()
    s.place(sid("Huila"), Piece.FARC_BASE)
    s.place(sid("Huila"), Piece.CARTELS_BASE)
    with pytest.raises(IllegalAction) as err:
        s.place(sid("Huila"), Piece.AUC_BASE)
    assert err.value.rule == "1.4.2"
    with pytest.raises(IllegalAction):
        s.place(sid("Bogotá-Neiva LoC"), Piece.FARC_BASE)


def test_government_may_not_enter_farc_zone_1_4_2():
    s = blank_state()
    s.set_farc_zone(sid("Meta West"))
    with pytest.raises(IllegalAction) as err:
        s.place(sid("Meta West"), Piece.POLICE)
    assert err.value.rule == "1.4.2"
    put(s, "Bogotá", Piece.TROOPS, 3)
    with pytest.raises(IllegalAction):
        s.move(sid("Bogotá"), sid("Meta West"), Piece.TROOPS, 1)
    s.place(sid("Meta West"), Piece.FARC_UNDERGROUND)  # Insurgents unaffected (6.4.4)


def test_foreign_countries_are_not_spaces_until_an_event_1_3_5():
    s = blank_state()
    with pytest.raises(IllegalAction) as err:
        s.place(sid("Panamá"), Piece.FARC_UNDERGROUND)
    assert err.value.rule == "1.3.5"
    s.foreign_in_play.append(sid("Panamá"))
    s.place(sid("Panamá"), Piece.FARC_UNDERGROUND)


def test_control_1_8():
    s = blank_state()
    h = sid("Huila")
    assert s.controller(h) is None
    put(s, h, Piece.TROOPS, 2)
    assert s.controller(h) is Faction.GOVT
    place(s, {h: "1FU 1CB"})
    assert s.controller(h) is None  # 2 vs 2: not more than all others
    put(s, h, Piece.FARC_ACTIVE, 2)
    assert s.controller(h) is None  # FARC 3 vs Govt 2 + Cartels 1: not a majority
    put(s, h, Piece.FARC_ACTIVE, 1)
    assert s.controller(h) is Faction.FARC  # 4 vs 3


def test_control_requires_strict_majority_1_8():
    s = blank_state()
    h = sid("Huila")
    place(s, {h: "2T 3FU 1AU"})
    assert s.controller(h) is None
    put(s, h, Piece.FARC_BASE, 1)
    assert s.controller(h) is Faction.FARC


def test_total_support_and_opposition_1_6_3():
    s = blank_state()
    s.set_support(sid("Bogotá"), 2)  # Pop 8 Active Support: 16
    s.set_support(sid("Cali"), 1)  # Pop 3 Passive: 3
    s.set_support(sid("Huila"), -2)  # Pop 2 Active Opposition: 4
    s.set_support(sid("Chocó"), -1)  # Pop 1 Passive Opposition: 1
    put(s, "Guaviare", Piece.FARC_BASE, 2)
    assert s.total_support() == 19
    assert s.total_opposition() == 5
    assert s.opposition_plus_bases() == 7


def test_locs_and_pop_0_never_hold_support_1_6_2():
    s = blank_state()
    with pytest.raises(IllegalAction):
        s.set_support(sid("Vichada"), 1)
    assert s.shift(sid("Bogotá-Neiva LoC"), 1) == 0


def test_victory_margins_7_3():
    s = blank_state()
    s.resources = [0, 0, 0, 45]
    place(s, {"Huila": "1AU 2CB", "Cesar": "1AB"})
    m = s.victory_margins()
    assert m[Faction.GOVT] == -60
    assert m[Faction.FARC] == -25
    assert m[Faction.AUC] == 1
    assert m[Faction.CARTELS] == min(2 - 10, 45 - 40)


def test_resources_and_aid_bounds_1_7():
    s = blank_state(resources=95)
    assert s.add_resources(Faction.FARC, 10) == 4
    assert s.resources[Faction.FARC] == 99
    s.aid = 27
    assert s.add_aid(5) == 2 and s.aid == 29
    assert s.add_aid(-40) == -29 and s.aid == 0
    with pytest.raises(IllegalAction):
        s.pay(Faction.AUC, 96)


def test_40_terror_and_sabotage_markers_3_3_4():
    s = blank_state()
    for loc in [sp.id for sp in MAP.locs]:
        assert s.add_sabotage(loc)
    assert s.add_terror(sid("Huila"), 30) == 22
    assert s.markers_available() == 0
    assert s.add_terror(sid("Bogotá")) == 0


def test_shipment_passes_to_another_guerrilla_when_holder_removed_4_5_3():
    s = blank_state()
    h = sid("Huila")
    place(s, {h: "1AU 1CA"})
    s.place_shipment(h, Faction.CARTELS)
    assert s.remove(h, Piece.CARTELS_ACTIVE) == 0
    assert s.shipments_at(h, Faction.AUC)
    assert s.remove(h, Piece.AUC_UNDERGROUND) == 1  # nobody left to hold it
    assert s.shipments_at(h) == []
    assert s.check_invariants() == []


def test_shipment_captured_by_capturer_3_3_3():
    s = blank_state()
    h = sid("Huila")
    place(s, {h: "1FA 1AU 1CA"})
    s.place_shipment(h, Faction.CARTELS)
    s.remove(h, Piece.CARTELS_ACTIVE, capturer=Faction.FARC)
    assert s.shipments_at(h, Faction.FARC)


def test_shipment_moves_with_guerrillas_4_5_3():
    s = blank_state()
    a, b = sid("Huila"), sid("Cali")
    put(s, a, Piece.CARTELS_UNDERGROUND, 2)
    s.place_shipment(a, Faction.CARTELS)
    s.move(a, b, Piece.CARTELS_UNDERGROUND, 1, shipments=1)
    assert s.shipments_at(b, Faction.CARTELS)
    assert s.check_invariants() == []


def test_clone_is_independent():
    s = position({"Huila": "2T"})
    c = s.clone()
    c.place(sid("Huila"), Piece.POLICE)
    c.step["acted"].append([0, "op"])
    assert s.police(sid("Huila")) == 0
    assert s.step["acted"] == []


def _mutables(value, found):  # every list and dict reachable from value
    if isinstance(value, list | dict):
        found.append(value)
        for v in value.values() if isinstance(value, dict) else value:
            _mutables(v, found)
    return found


def test_clone_shares_no_mutable_object_at_any_depth():
    # the fast clone copies field by field: a field it forgot would be shared
    import dataclasses
    import random

    from core.game import Game
    from core.game.random_play import play_random_game

    game = play_random_game(Game.new("standard", seed=5), random.Random(5), max_commands=5000)
    for state in (game.state, Game.new("standard", seed=5).state):
        state.step.setdefault("eligible_next", {})["1"] = [True]  # a nested list too
        state.step["pairs"] = [[1, "op"], [2, {"x": [3]}]]
        c = state.clone()
        assert c == state and type(c) is type(state)
        if hasattr(c, "__dict__"):  # pure Python: the clone holds the fields, nothing else
            assert set(vars(c)) == {f.name for f in dataclasses.fields(state)}
        for f in dataclasses.fields(state):
            theirs = {id(m) for m in _mutables(getattr(state, f.name), [])}
            ours = {id(m) for m in _mutables(getattr(c, f.name), [])}
            assert not theirs & ours, f"clone shares a mutable object in {f.name}"


def test_invariants_detect_corruption():
    s = position({"Bogotá-Neiva LoC": "1FB"})
    s.shipments[0] = [sid("Huila"), int(Faction.CARTELS)]
    problems = s.check_invariants()
    assert any("LoC" in p for p in problems)
    assert any("4.5.3" in p for p in problems)
