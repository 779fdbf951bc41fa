"""Victory (7.0-7.3), spare Factions (1.5.1), the Victory Phase (6.1), the end of the game
after the final Propaganda card (2.4.1, 6.0, 7.3)."""

from __future__ import annotations

from core.dice import SEEDED
from core.game import sequence
from core.map import MAP
from core.pieces import Faction, Piece
from core.rules import propaganda, victory
from core.state import GameState
from tests.helpers import blank_state, put

G, F, A, C = Faction.GOVT, Faction.FARC, Faction.AUC, Faction.CARTELS
ACTIVE_SUPPORT, PASSIVE_SUPPORT = 2, 1


def levels(s: GameState, support: int = 0, opposition: int = 0) -> None:
    """Set Support and Opposition so that Total Support and Total Opposition equal the
    given values (largest spaces first, Active before Passive; Opposition in the spaces
    left Neutral)."""
    s.support = [0] * len(MAP)
    for sign, total in ((+1, support), (-1, opposition)):
        left = total
        for level in (2, 1):
            for space in sorted(MAP.spaces, key=lambda x: -x.pop):
                fits = space.pop * level <= left
                if space.is_populated and not s.support[space.id] and fits:
                    s.support[space.id] = sign * level
                    left -= space.pop * level
    assert (s.total_support(), s.total_opposition()) == (support, opposition)


def bases(s: GameState, kind: Piece, n: int) -> None:
    """Put ``n`` Bases of ``kind`` in Departments, 1 per Department."""
    depts = [d.id for d in MAP.departments if not s.all_bases(d.id)] + [
        d.id for d in MAP.departments if s.all_bases(d.id) == 1
    ]
    for space in depts[:n]:
        put(s, space, kind, 1)
    assert s.check_invariants() == []


def propaganda_round(s: GameState, round_number: int = 1) -> GameState:
    s.phase = "propaganda"
    s.step = {}
    s.propaganda_cards = round_number
    s.current_card = 73
    propaganda.start_round(s, SEEDED)
    return s


# ======================================================================================
# 7.2 victory conditions
# ======================================================================================
def test_government_total_support_exceeds_60_7_2():
    s = blank_state()
    levels(s, 60)
    assert not victory.meets_condition(s, G)
    levels(s, 61)
    assert victory.meets_condition(s, G)


def test_farc_opposition_plus_bases_exceeds_25_7_2():
    s = blank_state()
    levels(s, opposition=20)
    bases(s, Piece.FARC_BASE, 5)
    assert s.opposition_plus_bases() == 25
    assert not victory.meets_condition(s, F)
    bases(s, Piece.FARC_BASE, 1)
    assert victory.meets_condition(s, F)


def test_auc_more_bases_than_farc_7_2():
    s = blank_state()
    assert not victory.meets_condition(s, A)  # 0 = 0
    bases(s, Piece.FARC_BASE, 2)
    bases(s, Piece.AUC_BASE, 2)
    assert not victory.meets_condition(s, A)
    bases(s, Piece.AUC_BASE, 1)
    assert victory.meets_condition(s, A)


def test_cartels_more_than_10_bases_and_more_than_40_resources_7_2():
    s = blank_state()
    bases(s, Piece.CARTELS_BASE, 11)
    s.resources[C] = 40
    assert not victory.meets_condition(s, C)
    s.resources[C] = 41
    assert victory.meets_condition(s, C)
    s2 = blank_state()
    bases(s2, Piece.CARTELS_BASE, 10)
    s2.resources[C] = 99
    assert not victory.meets_condition(s2, C)


# ======================================================================================
# 7.3 victory margins
# ======================================================================================
def test_victory_margins_7_3():
    s = blank_state()
    levels(s, 50)
    bases(s, Piece.FARC_BASE, 3)
    bases(s, Piece.AUC_BASE, 1)
    bases(s, Piece.CARTELS_BASE, 6)
    s.resources[C] = 30
    margins = s.victory_margins()
    assert margins[G] == 50 - 60
    assert margins[F] == 0 + 3 - 25
    assert margins[A] == 1 - 3
    assert margins[C] == min(6 - 10, 30 - 40)  # the lower of the two


def test_farc_margin_counts_opposition_and_bases_7_3():
    s = blank_state()
    levels(s, opposition=27)
    bases(s, Piece.FARC_BASE, 2)
    assert s.victory_margins()[F] == 4


# ======================================================================================
# 7.1 ranking and ties
# ======================================================================================
def test_ranking_by_margin_7_1():
    s = blank_state()
    levels(s, 59)  # Govt -1
    bases(s, Piece.AUC_BASE, 2)  # AUC +2
    s.resources[C] = 0  # Cartels -40; FARC -25
    assert victory.ranking(s) == [A, G, F, C]


def _all_tied_at_minus_5(s: GameState) -> None:
    levels(s, support=55, opposition=15)  # Government 55 - 60
    bases(s, Piece.FARC_BASE, 5)  # FARC 15 + 5 - 25; AUC 0 - 5
    bases(s, Piece.CARTELS_BASE, 5)
    s.resources[C] = 35  # Cartels min(5 - 10, 35 - 40)
    assert set(s.victory_margins().values()) == {-5}


def test_ties_go_to_cartels_then_auc_then_farc_7_1():
    s = blank_state()
    _all_tied_at_minus_5(s)
    assert victory.ranking(s) == [C, A, F, G]


def test_ties_go_to_non_players_first_7_1():
    s = blank_state()
    _all_tied_at_minus_5(s)
    s.seats = [None, 2, 3, 4]  # Government Non-player
    assert victory.ranking(s) == [G, C, A, F]
    s.seats = [1, None, 3, None]
    assert victory.ranking(s) == [C, F, A, G]


# ======================================================================================
# 1.5.1 spare Factions: the lower margin, and both must win to end play
# ======================================================================================
def test_two_faction_seat_uses_lower_margin_1_5_1():
    s = blank_state()
    s.seats = [1, 2, 1, 2]  # 2 players: Govt+AUC vs FARC+Cartels
    levels(s, 70)  # Govt +10
    bases(s, Piece.AUC_BASE, 1)  # AUC +1
    margins = victory.seat_margins(s)
    assert margins[G] == margins[A] == 1
    assert margins[F] == margins[C] == min(0 - 25, min(0 - 10, 10 - 40))


def test_two_faction_seat_ends_play_only_if_both_win_1_5_1():
    s = blank_state()
    s.seats = [1, 2, 1, 2]
    levels(s, 70)  # Govt meets its condition, AUC does not
    assert victory.winners_at_check(s) == [G]
    assert victory.check_ends_game(s) == []
    bases(s, Piece.AUC_BASE, 1)
    assert victory.check_ends_game(s) == [G, A]


def test_three_player_auc_runs_cartels_1_5_1():
    s = blank_state()
    s.seats = [1, 2, 3, 3]
    bases(s, Piece.AUC_BASE, 1)
    assert victory.check_ends_game(s) == []  # Cartels fail
    bases(s, Piece.CARTELS_BASE, 11)
    s.resources[C] = 41
    assert victory.check_ends_game(s) == [A, C]


def test_single_seat_faction_ends_play_alone_6_1():
    s = blank_state()
    levels(s, 61)
    assert victory.check_ends_game(s) == [G]


def test_non_player_win_means_all_players_lose_7_1():
    s = blank_state()
    s.seats = [1, 2, 3, None]
    bases(s, Piece.CARTELS_BASE, 11)
    s.resources[C] = 50
    propaganda_round(s)
    assert s.phase == "over"
    assert s.step["winners"] == [int(C)] and s.step["players_lose"] is True


# ======================================================================================
# 6.1 Victory Phase, Quick-Play, end of game
# ======================================================================================
def test_victory_phase_ends_game_and_ranks_6_1_7_1():
    s = blank_state()
    levels(s, opposition=30)  # FARC +5
    propaganda_round(s)
    assert s.phase == "over"
    assert s.step["winners"] == [int(F)] and s.step["players_lose"] is False
    assert s.step["ranking"][0] == int(F)
    assert s.step["margins"] == [s.victory_margins()[f] for f in Faction]


def test_no_victory_continues_the_round_6_1():
    s = blank_state()
    levels(s, 60)
    propaganda_round(s)
    assert s.phase == "propaganda"


def test_quick_play_skips_first_victory_check_only_6_1():
    s = blank_state()
    s.skip_victory_on = [1]
    levels(s, 61)
    propaganda_round(s, 1)
    assert s.phase == "propaganda"
    s2 = blank_state()
    s2.skip_victory_on = [1]
    levels(s2, 61)
    propaganda_round(s2, 2)
    assert s2.phase == "over"


def test_two_faction_seat_does_not_end_play_through_round_1_5_1_6_1():
    s = blank_state()
    s.seats = [1, 2, 1, 2]
    levels(s, 61)
    propaganda_round(s)
    assert s.phase == "propaganda"


def test_final_round_completed_determines_victory_7_3_2_4_1():
    s = blank_state()
    s.final_propaganda = 4
    s.step = {"phase": "done"}
    s.phase = "propaganda"
    s.propaganda_cards = 4
    levels(s, 55)
    sequence.end_round(s, SEEDED)
    assert s.phase == "over" and "7.3" in s.step["reason"]
    assert s.step["winners"] == [] and s.step["players_lose"] is False
    assert s.step["ranking"] == [int(f) for f in victory.ranking(s)]


def test_short_game_third_round_is_final_2_4_1():
    s = blank_state()
    s.final_propaganda = 3
    s.phase = "propaganda"
    s.step = {"phase": "done"}
    s.propaganda_cards = 3
    sequence.end_round(s, SEEDED)
    assert s.phase == "over"


def test_not_final_round_plays_next_card_2_4_1():
    s = blank_state()
    s.phase = "propaganda"
    s.step = {"phase": "done"}
    s.propaganda_cards = 2
    s.deck = [5, 6]
    sequence.end_round(s, SEEDED)
    assert s.phase == "card" and s.current_card == 5


def test_additional_final_propaganda_card_without_round_ends_game_6_0():
    s = blank_state()
    s.deck = [76, 20]
    s.last_was_propaganda_round = True
    s.propaganda_cards = 3
    sequence.next_card(s, SEEDED)
    assert s.phase == "over" and s.propaganda_cards == 4
    assert "6.0" in s.step["reason"]


def test_never_two_rounds_in_a_row_6_0():
    s = blank_state()
    s.phase = "propaganda"
    s.step = {"phase": "done"}
    s.propaganda_cards = 1
    s.last_was_propaganda_round = True
    s.deck = [74, 75, 8]
    sequence.end_round(s, SEEDED)
    assert s.phase == "card" and s.current_card == 8 and s.propaganda_cards == 3
    assert s.played[-3:] == [74, 75, 8]


def test_two_faction_seat_ranks_on_its_lower_margin_1_5_1_7_1():
    s = blank_state()
    s.seats = [1, 2, 1, 2]
    levels(s, 70)  # Government +10 ...
    bases(s, Piece.FARC_BASE, 2)  # ... but AUC 0 - 2 = -2
    # FARC 2 - 25 = -23, Cartels min(-10, -30) = -30: that seat ranks at -30
    assert victory.ranking(s) == [A, G, C, F]
