"""Set Up (2.1, seed 003): Standard Deployment, Quick-Play, deck preparation, players
(1.5, 1.5.1), Open Deployment and option checking.

Expected positions are typed in here from seed 003 independently of core/setup.py; the
totals (Total Support, Opposition + Bases) are always computed from the board.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.cards import CARDS
from core.map import MAP
from core.pieces import Faction, Piece
from core.setup import make_seats, new_state
from core.state import (
    ACTIVE_OPPOSITION,
    ACTIVE_SUPPORT,
    NEUTRAL,
    PASTRANA,
    SAMPER,
    GameState,
)
from tests.helpers import sid

G, F, A, C = Faction.GOVT, Faction.FARC, Faction.AUC, Faction.CARTELS
P = Piece

# Seed 003, Standard Deployment, typed in: space -> {kind: count}.
STANDARD_BOARD: dict[str, dict[Piece, int]] = {
    "Bogotá": {P.TROOPS: 3, P.POLICE: 2},
    "Medellín": {P.TROOPS: 3, P.POLICE: 1},
    "Cali": {P.TROOPS: 3, P.POLICE: 1, P.CARTELS_UNDERGROUND: 1, P.CARTELS_BASE: 1},
    "Bucaramanga": {P.POLICE: 1},
    "Ibagué": {P.POLICE: 1},
    "Santa Marta": {P.POLICE: 1},
    "Cartagena": {P.POLICE: 1},
    "Cúcuta": {P.POLICE: 1},
    "Neiva": {P.POLICE: 1},
    "Pasto": {P.POLICE: 1},
    "Sincelejo": {P.POLICE: 1},
    "Santander": {
        P.TROOPS: 3, P.GOVT_BASE: 1, P.FARC_UNDERGROUND: 1, P.AUC_UNDERGROUND: 1,
    },
    "Nariño": {P.FARC_UNDERGROUND: 1},
    "Chocó": {P.FARC_UNDERGROUND: 1, P.FARC_BASE: 1},
    "Huila": {P.FARC_UNDERGROUND: 1, P.FARC_BASE: 1},
    "Arauca": {P.FARC_UNDERGROUND: 1, P.FARC_BASE: 1, P.AUC_UNDERGROUND: 1},
    "Meta East": {P.FARC_UNDERGROUND: 1, P.FARC_BASE: 1, P.CARTELS_BASE: 1},
    "Meta West": {P.FARC_UNDERGROUND: 2, P.FARC_BASE: 1, P.CARTELS_BASE: 1},
    "Guaviare": {
        P.FARC_UNDERGROUND: 2, P.FARC_BASE: 1, P.AUC_UNDERGROUND: 1, P.CARTELS_BASE: 1,
    },
    "Putumayo": {
        P.FARC_UNDERGROUND: 2, P.AUC_UNDERGROUND: 1, P.CARTELS_UNDERGROUND: 1,
        P.CARTELS_BASE: 2,
    },
    "Atlántico": {P.AUC_UNDERGROUND: 1},
    "Antioquia": {P.AUC_UNDERGROUND: 1, P.AUC_BASE: 1},
}
STANDARD_SUPPORT = {
    **{name: ACTIVE_SUPPORT for name in (
        "Atlántico", "Santander", "Bogotá", "Medellín", "Bucaramanga", "Ibagué",
        "Santa Marta", "Cartagena", "Cúcuta", "Neiva", "Pasto", "Sincelejo",
    )},
    **{name: ACTIVE_OPPOSITION for name in (
        "Chocó", "Arauca", "Meta East", "Meta West", "Guaviare", "Putumayo", "Nariño",
    )},
}


def board_of(state: GameState) -> dict[str, dict[Piece, int]]:
    out = {}
    for s in MAP.spaces:
        row = {k: state.count(s.id, k) for k in Piece if state.count(s.id, k)}
        if row:
            out[s.name] = row
    return out


def support_of(state: GameState) -> dict[str, int]:
    return {s.name: state.support[s.id] for s in MAP.spaces if state.support[s.id]}


# ======================================================================================
# Standard Deployment
# ======================================================================================
def test_standard_deployment_pieces_exactly_as_printed_2_1():
    # seed 003 Standard Deployment: every piece in its space, nothing else
    assert board_of(new_state("standard", seed=1)) == STANDARD_BOARD


def test_standard_deployment_support_and_opposition_2_1():
    # Active Support: Atlántico, Santander, each City except Cali; Active Opposition: 7 Depts
    state = new_state("standard", seed=1)
    assert support_of(state) == STANDARD_SUPPORT
    assert state.support[sid("Cali")] == NEUTRAL


def test_standard_totals_computed_from_board_1_6_3():
    # Total Support 50, Opposition + Bases 20 (seed 003), from the board
    state = new_state("standard", seed=5)
    assert state.total_support() == 50
    assert state.total_opposition() == 14
    assert state.opposition_plus_bases() == 20


def test_standard_tracks_2_1():
    # Aid 9; Resources Govt 40, others 10; El Presidente Samper; all Eligible
    state = new_state("standard", seed=2)
    assert state.aid == 9
    assert state.resources == [40, 10, 10, 10]
    assert state.president == SAMPER
    assert state.eligible == [True, True, True, True]
    assert state.capabilities == {} and state.momentum == []
    assert sum(state.terror) == 0 and sum(state.sabotage) == 0 and sum(state.farc_zone) == 0
    assert state.shipments_available() == 4


def test_standard_forces_use_whole_set_up_inventory_1_4_1():
    # 12 Troops, 12 Police, 1 Govt Base; 12 FARC Guerrillas + 6 Bases; 6 AUC + 1; 2 Cartels + 6
    state = new_state("standard", seed=3)
    assert state.on_map(P.TROOPS) == 12 and state.on_map(P.POLICE) == 12
    assert state.on_map(P.GOVT_BASE) == 1
    assert state.on_map(P.FARC_UNDERGROUND) == 12 and state.bases_on_map(F) == 6
    assert state.on_map(P.AUC_UNDERGROUND) == 6 and state.bases_on_map(A) == 1
    assert state.on_map(P.CARTELS_UNDERGROUND) == 2 and state.bases_on_map(C) == 6
    assert state.available(P.TROOPS) == 18 and state.available_guerrillas(F) == 18
    assert state.check_invariants() == []


def test_guerrillas_set_up_underground_1_4_3():
    state = new_state("standard", seed=3)
    for kind in (P.FARC_ACTIVE, P.AUC_ACTIVE, P.CARTELS_ACTIVE):
        assert state.on_map(kind) == 0


def test_state_is_before_first_card_2_2():
    # Game.new reveals the first card; new_state stops just before
    state = new_state("standard", seed=4)
    assert state.phase == "setup"
    assert state.current_card is None and state.played == []
    assert state.propaganda_cards == 0 and state.scenario == "standard"
    assert state.rng_seed == 4


# ======================================================================================
# Quick-Play scenario
# ======================================================================================
def quick_expected_board() -> dict[str, dict[Piece, int]]:
    board = {k: dict(v) for k, v in STANDARD_BOARD.items()}

    def add(name: str, kind: Piece, n: int) -> None:
        row = board.setdefault(name, {})
        row[kind] = row.get(kind, 0) + n
        if row[kind] == 0:
            del row[kind]

    add("Medellín", P.CARTELS_UNDERGROUND, 4)
    add("Medellín", P.CARTELS_BASE, 1)
    add("Cali", P.POLICE, 4)
    add("Cali", P.CARTELS_UNDERGROUND, -1)  # "Remove Cartels Guerrilla, Cartels Base"
    add("Cali", P.CARTELS_BASE, -1)
    add("Bogotá", P.TROOPS, 6)
    add("Santander", P.AUC_BASE, 1)
    add("Arauca", P.AUC_UNDERGROUND, 1)
    add("Meta West", P.FARC_UNDERGROUND, 4)
    add("Huila", P.FARC_UNDERGROUND, 3)
    add("Huila", P.AUC_UNDERGROUND, 2)
    add("Huila", P.CARTELS_BASE, 1)
    add("Vaupés", P.FARC_UNDERGROUND, 2)
    return board


def test_quick_play_pieces_2_1():
    # seed 003 Quick-Play: Standard Deployment then the listed additions and removals
    assert board_of(new_state("quick", seed=1)) == quick_expected_board()


def test_quick_play_markers_and_tracks_2_1():
    state = new_state("quick", seed=1)
    expected = dict(STANDARD_SUPPORT)
    expected["Cali"] = ACTIVE_SUPPORT
    del expected["Arauca"]  # "Remove Opposition (the space starts Neutral)"
    expected["Huila"] = ACTIVE_OPPOSITION
    assert support_of(state) == expected
    assert state.resources == [30, 10, 5, 20]  # Govt 30, FARC 10, AUC 5, Cartels 20
    assert state.aid == 9  # "Leave Aid at 9"
    assert state.president == PASTRANA
    assert [s.name for s in MAP.spaces if state.farc_zone[s.id]] == ["Meta West"]
    assert state.check_invariants() == []


def test_quick_play_totals_from_board_1_6_3():
    # Total Support 56, Opposition + Bases 22
    state = new_state("quick", seed=9)
    assert state.total_support() == 56
    assert state.opposition_plus_bases() == 22


def test_quick_play_victory_skipped_on_first_round_and_ends_on_second_2_4_1():
    state = new_state("quick", seed=9)
    assert state.final_propaganda == 2
    assert state.skip_victory_on == [1]


# ======================================================================================
# Deck preparation
# ======================================================================================
def piles(deck: list[int], sizes: list[int]) -> list[list[int]]:
    out, i = [], 0
    for n in sizes:
        out.append(deck[i : i + n])
        i += n
    assert i == len(deck)
    return out


def test_standard_deck_60_events_4_propaganda_one_per_pile_2_1():
    state = new_state("standard", seed=11)
    assert len(state.deck) == 64
    assert sorted(c for c in state.deck if c > 72) == [73, 74, 75, 76]
    events = [c for c in state.deck if c <= 72]
    assert len(set(events)) == 60  # 12 of the 72 set aside, unseen and unused
    for pile in piles(state.deck, [16] * 4):
        assert sum(CARDS[c].propaganda for c in pile) == 1


def test_set_aside_cards_are_kept_out_of_the_state_2_1():
    # "they may not be inspected and will not be used": not in the deck, not recorded
    state = new_state("standard", seed=11)
    aside = set(range(1, 73)) - set(state.deck)
    assert len(aside) == 12
    assert state.played == [] and state.step == {}
    assert "aside" not in json.dumps(state.options)


def test_same_seed_same_deck_different_seeds_differ_2_1():
    assert new_state("standard", seed=21).deck == new_state("standard", seed=21).deck
    assert new_state("standard", seed=21).deck != new_state("standard", seed=22).deck
    assert new_state("quick", seed=21).deck == new_state("quick", seed=21).deck


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**40))
def test_seeded_propaganda_in_bottom_5_of_each_pile_2_1(seed):
    # Seeded Propaganda Option: each Propaganda card among the bottom 5 Event cards of its pile
    state = new_state("standard", seed=seed, seeded_propaganda=True)
    for pile in piles(state.deck, [16] * 4):
        where = [i for i, c in enumerate(pile) if CARDS[c].propaganda]
        assert len(where) == 1 and where[0] >= 10


def test_unseeded_propaganda_can_be_anywhere_in_its_pile_2_1():
    positions = set()
    for seed in range(60):
        deck = new_state("standard", seed=seed).deck
        positions.add(next(i for i, c in enumerate(deck[:16]) if CARDS[c].propaganda))
    assert min(positions) < 10  # not confined to the bottom 5


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**40), seeded=st.booleans())
def test_quick_play_deck_2_1(seed, seeded):
    # 4 piles of 6 Event cards; Propaganda shuffled into the 2nd and 4th piles only
    state = new_state("quick", seed=seed, seeded_propaganda=seeded)
    assert len(state.deck) == 26 and len(set(state.deck)) == 26
    p1, p2, p3, p4 = piles(state.deck, [6, 7, 6, 7])
    assert not any(CARDS[c].propaganda for c in p1 + p3)
    assert sum(CARDS[c].propaganda for c in p2) == 1
    assert sum(CARDS[c].propaganda for c in p4) == 1


def test_final_propaganda_short_game_2_4_1():
    assert new_state("standard", seed=1).final_propaganda == 4
    assert new_state("standard", seed=1, short=True).final_propaganda == 3
    assert new_state("standard", seed=1).skip_victory_on == []


def test_deck_order_is_a_pure_function_of_the_seed_2_1():
    # Options that do not touch the deck leave it unchanged
    assert new_state("standard", seed=8).deck == new_state("standard", seed=8, players=2).deck


# ======================================================================================
# Players and seats (1.5, 1.5.1)
# ======================================================================================
@pytest.mark.parametrize(
    ("players", "nonplayers", "seats"),
    [
        (1, False, [1, None, None, None]),  # solitaire: the player is the Government
        (2, False, [1, 2, 1, 2]),  # Govt and AUC versus FARC and Cartels
        (3, False, [1, 2, 3, 3]),  # Govt versus FARC versus AUC and Cartels
        (4, False, [1, 2, 3, 4]),  # a Faction each
        (2, True, [1, 2, None, None]),  # Non-Player Option: leftovers run by section 8
        (3, True, [1, 2, 3, None]),
        (1, True, [1, None, None, None]),
        (4, True, [1, 2, 3, 4]),
    ],
)
def test_player_assignments_1_5_1(players, nonplayers, seats):
    assert new_state("standard", seed=1, players=players, nonplayers=nonplayers).seats == seats


def test_default_is_four_players_1_5():
    assert new_state("standard").seats == [1, 2, 3, 4]


def test_explicit_seats_any_mix_1_5():
    # e.g. the 3rd player takes the Cartels instead of the AUC (1.5)
    assert make_seats(seats=[1, 2, None, 3]) == [1, 2, None, 3]
    assert make_seats(seats=(None, None, None, None)) == [None] * 4
    state = new_state("standard", seats=[1, None, 2, None])
    assert state.seats == [1, None, 2, None] and state.options["players"] == 2


@pytest.mark.parametrize(
    "seats",
    [[1, 2, 3], [1, 2, 3, 4, 5], [0, 1, 2, 3], [1, 2, 3, 5], [1, 3, None, None],
     [True, 2, 3, 4], ["1", 2, 3, 4], "1234", 5],
)
def test_bad_seats_rejected_1_5(seats):
    with pytest.raises(ValueError):
        make_seats(seats=seats)


@pytest.mark.parametrize("players", [0, 5, -1, True, "2", 2.0])
def test_bad_player_count_rejected_1_5(players):
    with pytest.raises(ValueError, match="players"):
        new_state("standard", players=players)


def test_players_and_seats_must_agree_1_5():
    with pytest.raises(ValueError, match="seats name 2 players"):
        new_state("standard", players=3, seats=[1, 2, None, None])


# ======================================================================================
# options
# ======================================================================================
@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"scenario": "full"}, "scenario"),
        ({"seed": -1}, "seed"),
        ({"seed": "7"}, "seed"),
        ({"seed": True}, "seed"),
        ({"short": "yes"}, "short"),
        ({"seeded_propaganda": 1}, "seeded_propaganda"),
        ({"deployment": "random"}, "deployment"),
        ({"scenario": "quick", "short": True}, "short game"),
        ({"scenario": "quick", "deployment": "open", "open_placement": {}}, "Open Deployment"),
        ({"deployment": "open"}, "placement"),
        ({"open_placement": {}}, "deployment='open'"),
    ],
)
def test_bad_option_values_raise_value_error_2_1(kwargs, match):
    with pytest.raises(ValueError, match=match):
        new_state(**kwargs)


def test_options_recorded_in_state_2_1():
    state = new_state("standard", seed=3, short=True, seeded_propaganda=True, players=2)
    assert state.options == {
        "short": True,
        "seeded_propaganda": True,
        "nonplayers": False,
        "deployment": "standard",
        "players": 2,
    }


# ======================================================================================
# Open Deployment
# ======================================================================================
def open_placement() -> dict:
    """A legal Open Deployment of all four Factions (seed 003 order and constraints)."""
    return {
        "Cartels": {
            "Cali": {"guerrillas": 1, "bases": 2},
            "Putumayo": {"guerrillas": 1, "bases": 2},
            "Guaviare": {"bases": 1},
            "Nariño": {"bases": 1},
        },
        "AUC": {
            "Antioquia": {"guerrillas": 3, "bases": 1},
            "Cesar": {"guerrillas": 2},
            "Bogotá-Neiva LoC": {"guerrillas": 1},
        },
        "FARC": {
            "Meta West": {"guerrillas": 4, "bases": 2},
            "Meta East": {"guerrillas": 3, "bases": 2},
            "Huila": {"guerrillas": 3, "bases": 1},
            "Vaupés": {"guerrillas": 2, "bases": 1},
        },
        "Government": {
            "Bogotá": {"troops": 6, "police": 4, "bases": 1},
            "Medellín": {"troops": 3, "police": 3},
            "Santander": {"troops": 3, "police": 2},
            "Cali": {"police": 3},
        },
    }


def test_open_deployment_places_player_forces_as_given_2_1():
    state = new_state("standard", seed=1, deployment="open", open_placement=open_placement())
    assert state.count(sid("Cali"), P.CARTELS_BASE) == 2
    assert state.count(sid("Bogotá-Neiva"), P.AUC_UNDERGROUND) == 1
    assert state.count(sid("Meta West"), P.FARC_BASE) == 2
    assert state.count(sid("Bogotá"), P.GOVT_BASE) == 1
    assert state.on_map(P.TROOPS) == 12 and state.on_map(P.POLICE) == 12
    assert state.on_map(P.FARC_UNDERGROUND) == 12 and state.bases_on_map(F) == 6
    assert state.check_invariants() == []
    # markers as Standard: Total Support 50; Opposition 14 + the 6 FARC Bases placed
    assert state.total_support() == 50 and state.opposition_plus_bases() == 20
    assert state.options["deployment"] == "open"
    assert state.options["open_placement"]["Government"]["Bogotá"] == {
        "troops": 6, "police": 4, "bases": 1,
    }


def test_open_deployment_nonplayer_forces_as_standard_2_1():
    # Solitaire: only the Government player places; Non-players set up as Standard
    placement = {"Government": open_placement()["Government"]}
    state = new_state("standard", players=1, deployment="open", open_placement=placement)
    board = board_of(state)
    for name, row in STANDARD_BOARD.items():
        insurgent = {k: n for k, n in row.items() if k.faction is not G}
        assert {k: n for k, n in board.get(name, {}).items() if k.faction is not G} == insurgent
    assert state.count(sid("Bogotá"), P.TROOPS) == 6


def test_open_deployment_from_file_2_1(tmp_path):
    path = tmp_path / "placement.json"
    path.write_text(json.dumps(open_placement()), encoding="utf-8")
    state = new_state("standard", deployment="open", open_placement=str(path))
    assert state.count(sid("Vaupés"), P.FARC_BASE) == 1


def test_open_deployment_bad_file_2_1(tmp_path):
    with pytest.raises(ValueError, match="cannot read"):
        new_state("standard", deployment="open", open_placement=str(tmp_path / "none.json"))
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(ValueError, match="not valid JSON"):
        new_state("standard", deployment="open", open_placement=bad)


def _broken(edit) -> dict:
    placement = open_placement()
    edit(placement)
    return placement


@pytest.mark.parametrize(
    ("edit", "match"),
    [
        # counts: exactly the printed forces
        (lambda p: p["Cartels"]["Guaviare"].update(bases=2), "exactly 6 bases"),
        (lambda p: p["AUC"]["Cesar"].update(guerrillas=1), "exactly 6 guerrillas"),
        (lambda p: p["Government"]["Cali"].update(police=2), "exactly 12 police"),
        # Cartels: at least 4 Bases in Departments with Population
        (
            lambda p: p["Cartels"].update(
                {"Nariño": {}, "Guaviare": {}, "Cúcuta": {"bases": 1}, "Medellín": {"bases": 1}}
            ),
            "at least 4 Bases",
        ),
        (
            lambda p: p["Cartels"].update(
                {"Nariño": {}, "Guaviare": {}, "Vaupés": {"bases": 1}, "Vichada": {"bases": 1}}
            ),
            "at least 4 Bases",
        ),
        # FARC: only Departments
        (
            lambda p: p["FARC"].update(
                {"Vaupés": {"guerrillas": 1, "bases": 1}, "Pasto": {"guerrillas": 1}}
            ),
            "only in Departments",
        ),
        # Government: Cities or Departments free of FARC Bases
        (
            lambda p: p["Government"].update(
                {"Cali": {"police": 2}, "Huila": {"police": 1}}
            ),
            "no FARC Base",
        ),
        (
            lambda p: p["Government"].update(
                {"Cali": {"police": 2}, "Bogotá-Neiva LoC": {"police": 1}}
            ),
            "only in Cities or Departments",
        ),
        # 1.4.2: no Bases on LoCs, no more than 2 Bases in a space
        (
            lambda p: p["AUC"].update(
                {"Antioquia": {"guerrillas": 3}, "Cartagena-Sincelejo LoC": {"bases": 1}}
            ),
            "LoCs",
        ),
        (
            lambda p: p["AUC"].update(
                {"Antioquia": {"guerrillas": 3}, "Putumayo": {"bases": 1}}
            ),
            "no more than 2 Bases",
        ),
        # names and keys
        (lambda p: p["AUC"].update({"Atlantis": {"guerrillas": 1}}), "no space named"),
        (lambda p: p["AUC"]["Cesar"].update(troops=1), "unknown piece"),
        (lambda p: p["AUC"]["Cesar"].update(guerrillas=-1), "must be a count"),
        (lambda p: p["AUC"].update(Cesar=3), "expected an object"),
        (lambda p: p.update(Rebels={}), "unknown Faction"),
        (lambda p: p.pop("FARC"), "no placement given for FARC"),
        (lambda p: p["FARC"].update({"Ecuador": {"guerrillas": 0}}), None),  # empty: fine
        (
            lambda p: p["Cartels"].update({"Cali": {"bases": 2}, "Ecuador": {"guerrillas": 1}}),
            "not a space in play",
        ),
    ],
)
def test_open_deployment_constraints_2_1(edit, match):
    placement = _broken(edit)
    if match is None:
        new_state("standard", deployment="open", open_placement=placement)
        return
    with pytest.raises(ValueError, match=match):
        new_state("standard", deployment="open", open_placement=placement)


def test_open_deployment_only_player_factions_2_1():
    # Non-player forces are set up as Standard, so a placement for them is an error
    with pytest.raises(ValueError, match="only player Factions, not FARC"):
        new_state(
            "standard", seats=[1, None, 2, 3], deployment="open", open_placement=open_placement()
        )


def test_open_deployment_government_checks_nonplayer_farc_bases_2_1():
    # FARC Non-player Bases (Standard) stand before the Government places
    placement = {"Government": open_placement()["Government"]}
    placement["Government"]["Cali"] = {"police": 2}
    placement["Government"]["Chocó"] = {"police": 1}  # Standard FARC Base there
    with pytest.raises(ValueError, match="no FARC Base"):
        new_state("standard", players=1, deployment="open", open_placement=placement)


# ======================================================================================
# property: any set up is a legal position
# ======================================================================================
@settings(max_examples=60, deadline=None)
@given(
    scenario=st.sampled_from(["standard", "quick"]),
    seed=st.integers(0, 2**62),
    short=st.booleans(),
    seeded=st.booleans(),
    players=st.integers(1, 4),
    nonplayers=st.booleans(),
)
def test_every_set_up_is_legal_1_4(scenario, seed, short, seeded, players, nonplayers):
    short = short and scenario == "standard"
    state = new_state(
        scenario, seed=seed, short=short, seeded_propaganda=seeded, players=players,
        nonplayers=nonplayers,
    )
    assert state.check_invariants() == []
    assert Counter(state.deck).most_common(1)[0][1] == 1
    assert state.total_support() == (50 if scenario == "standard" else 56)
    assert state.opposition_plus_bases() == (20 if scenario == "standard" else 22)
