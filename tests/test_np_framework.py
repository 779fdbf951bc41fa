"""Section-8 framework: random spaces (8.2, 8.3), flowchart files, procedures (8.1.2),
the Event choice (8.1), Propaganda decisions (8.6.1, 8.7.5) and 1-player victory (8.8)."""

from __future__ import annotations

import pytest

from core.dice import ScriptedDice
from core.map import MAP
from core.pieces import Faction, Piece
from core.rules import victory
from core.state import GameState
from nonplayer import flowchart, procedures
from nonplayer.events import EventTableError, card_row, load_table, wants_event
from nonplayer.random_spaces import CHART, ChartError, load_chart, random_loc, random_space
from tests.helpers import blank_state, place, position, put, sid

# ---- 8.2 random Cities and Departments ----------------------------------------------------
PUBLISHED_FIRST_SLOTS = [  # (red, yellow, green) -> the space the dice name (random-spaces-chart)
    ((1, 3, 1), "Medellín"), ((6, 1, 2), "Amazonas"), ((2, 4, 2), "Medellín"),
    ((6, 3, 6), "Huila"), ((4, 3, 6), "Meta East"), ((1, 4, 5), "Santander"),
    ((1, 2, 1), "Cali"), ((5, 3, 2), "Meta West"), ((4, 1, 2), "Atlántico"),
    ((6, 1, 3), "Putumayo"), ((4, 4, 1), "Arauca"), ((1, 3, 2), "Medellín"),
    ((6, 4, 5), "Huila"), ((3, 6, 2), "Vichada"), ((6, 6, 3), "Nariño"), ((6, 6, 6), "Chocó"),
]


@pytest.mark.parametrize(("dice", "name"), PUBLISHED_FIRST_SLOTS)
def test_chart_reproduces_published_rolls_8_2(dice, name):
    assert CHART.slot(*dice) == name


def test_walk_goes_down_the_column_to_a_candidate_8_2():
    # published roll 2: 6,1,2 -> Amazonas, not a City -> ... -> Neiva (first City)
    cities = [s.id for s in MAP.cities]
    pick = random_space(GameState(), ScriptedDice([6, 1, 2]), cities)
    assert MAP[pick.space].name == "Neiva"
    assert [MAP[s].name for s in pick.walked] == [
        "Amazonas", "Putumayo", "Guaviare", "Meta West", "Neiva"]


def test_walk_wraps_from_choco_to_cali_8_2():
    # published roll 16: 6,6,6 -> Chocó -> Cali -> Ibagué -> Antioquia
    pick = random_space(GameState(), ScriptedDice([6, 6, 6]), [sid("Antioquia"), sid("Huila")])
    assert MAP[pick.space].name == "Antioquia"


def test_panama_and_ecuador_first_and_single_candidate_needs_no_dice_8_2():
    dice = ScriptedDice([])
    assert random_space(GameState(), dice, [sid("Cali"), MAP.PANAMA]).space == MAP.PANAMA
    assert random_space(GameState(), dice, [sid("Cali")]).space == sid("Cali")


def test_chart_file_must_list_every_space_once_8_2():
    text = (MAP.__class__.__module__ and None) or ""
    bad = '[[column]]\ntop=["Cali","Cali","Cali"]\nmiddle=["Cali","Cali","Cali"]\n' \
          'bottom=["Cali","Cali","Cali"]\n' * 3
    with pytest.raises(ChartError, match="exactly once"):
        load_chart(bad)
    with pytest.raises(ChartError, match="3 \\[\\[column\\]\\]"):
        load_chart(text)
    with pytest.raises(ChartError, match="no space"):
        load_chart(bad.replace('"Cali"', '"Atlantis"', 1))


# ---- 8.3 random LoCs ------------------------------------------------------------------------
def test_random_loc_prefers_highest_econ_8_3():
    locs = [sid("Cali-Pasto"), sid("Arauca-Cúcuta")]
    assert random_loc(GameState(), ScriptedDice([]), locs).space == sid("Arauca-Cúcuta")


def test_random_loc_adjacent_to_random_city_then_die_8_3():
    # 8.3 EXAMPLE: several 2-Econ LoCs; the random City is Bogotá (red 3, yellow 4, green 3
    # names Bogotá); its 3 adjacent 2-Econ LoCs numbered 1-2, 3-4, 5-6; a die picks.
    two = [s.id for s in MAP.locs if s.econ == 2]
    pick = random_loc(GameState(), ScriptedDice([3, 4, 3, 5]), two)
    near = sorted(s for s in two if MAP.BOGOTA in MAP[s].adjacent)
    assert len(near) == 3
    assert pick.space == near[2]  # die 5 -> third


def test_random_loc_die_rerolls_spare_faces_8_3():
    # 4 candidates of equal standing: faces 5 and 6 are rolled again
    from nonplayer.random_spaces import random_loc as rl

    locs = [sid("Cali-Pasto"), sid("Neiva-Pasto"), sid("Pasto-Tumaco"), sid("Bogotá-San José")]
    # Pasto (red 5, yellow 5, green 1) is adjacent to 3 of them; Bogotá-San José is not.
    pick = rl(GameState(), ScriptedDice([5, 5, 1, 6, 5, 3]), locs)
    near = sorted(s for s in locs if MAP.id_of("Pasto") in MAP[s].adjacent)
    assert pick.space == near[2]


# ---- flowchart files ------------------------------------------------------------------------
GOOD = """
faction = "FARC"
start = "q"
[[node]]
id = "q"
kind = "decision"
predicate = "x.p"
yes = "op"
no = "op"
[[node]]
id = "op"
kind = "operation"
operation = "Rally"
then = "sa"
if_none = "pass"
bullets = [{ id = "b", select = "x.s", do = "x.a" }]
[[node]]
id = "sa"
kind = "special"
special = "Extort"
bullets = [{ id = "b", select = "x.s", do = "x.a" }]
[[node]]
id = "pass"
kind = "pass"
"""


def test_flowchart_structure_is_validated():
    chart = flowchart.parse(GOOD, check_names=False)
    assert chart.faction is Faction.FARC and set(chart.nodes) == {"q", "op", "sa", "pass"}
    for broken, message in [
        (GOOD.replace('no = "op"', 'no = "nowhere"'), "unknown node"),
        (GOOD.replace('if_none = "pass"', 'if_none = "q"').replace('no = "op"', 'no = "pass"'),
         "cycle"),
        (GOOD.replace('kind = "pass"', 'kind = "pass"\n[[node]]\nid = "orphan"\nkind = "pass"'),
         "not reachable"),
        (GOOD.replace('operation = "Rally"', 'operation = "Dance"'), "operation must be"),
        (GOOD.replace('then = "sa"', 'then = "pass"').replace('no = "op"', 'no = "sa"'),
         "special box"),
        ("faction = 'FARC'", "needs faction"),
        ("not toml [", "flowchart"),
    ]:
        with pytest.raises(flowchart.FlowchartError, match=message):
            flowchart.parse(broken, check_names=False)


def test_flowchart_names_must_be_registered():
    with pytest.raises(flowchart.FlowchartError, match="unknown predicate 'x.p'"):
        flowchart.parse(GOOD)


def test_exports_contain_every_node():
    chart = flowchart.parse(GOOD, check_names=False)
    mermaid = flowchart.to_mermaid(chart)
    assert mermaid.startswith("flowchart TD")
    assert all(node in mermaid for node in chart.nodes)
    assert "-.->|if none (8.1.1)| pass" in mermaid
    assert "digraph" in flowchart.to_dot(chart)
    assert "[op] operation" in flowchart.to_text(chart)


# ---- 8.1.2 procedures -------------------------------------------------------------------
def test_enemy_removal_order_bases_police_troops_underground_active_8_1_2():
    s = blank_state()
    h = sid("Cali")
    place(s, {h: "1T 1P 1GB 1FU 1FA"})
    out = procedures.enemy_removal(s, h, [Faction.GOVT, Faction.FARC], 5)
    assert out == [Piece.POLICE, Piece.TROOPS, Piece.GOVT_BASE, Piece.FARC_UNDERGROUND,
                   Piece.FARC_ACTIVE]  # Bases only once cubes are gone (Bases last)
    out = procedures.enemy_removal(s, h, [Faction.GOVT], 1, bases_last=False)
    assert out == [Piece.GOVT_BASE]


def test_own_removal_active_first_8_1_2():
    s = position({"Huila": "2AU 1AA"})
    assert procedures.own_removal(s, sid("Huila"), Faction.AUC, 2) == [
        Piece.AUC_ACTIVE, Piece.AUC_UNDERGROUND]


def test_march_example_only_3_move_underground_first_8_1_2():
    # MARCH EXAMPLE: a mixed group into an empty space with Support: only 3 move, Underground
    # ones first, so none is Activated.
    s = blank_state()
    src, dst = sid("Meta East"), sid("Santander")
    place(s, {src: "2FU 3FA"})
    s.set_support(dst, 1)
    assert procedures.march_group(s, Faction.FARC, src, dst) == (2, 1)
    s.set_support(dst, 0)  # Neutral: nothing Activates, all move
    assert procedures.march_group(s, Faction.FARC, src, dst) == (2, 3)
    s.set_support(dst, 1)
    # even 1 would be Activated: Active ones go first, then the rest (8.1.2 "move Active
    # pieces first" is an order, not a filter; 8.1.1 do as much as possible)
    put(s, dst, Piece.POLICE, 3)
    assert procedures.march_group(s, Faction.FARC, src, dst) == (2, 3)
    assert procedures.march_group(s, Faction.FARC, src, dst, want=4) == (1, 3)


def test_drug_profit_bases_first_then_resources_8_1_2():
    s = blank_state()
    h = sid("Huila")
    place(s, {h: "1FB 1CU"})
    s.place_shipment(h, Faction.CARTELS)
    s.place_shipment(h, Faction.CARTELS)
    assert procedures.drug_profit_bases(s, Faction.CARTELS) == [0]  # 1 Base fits, 1 for +6


# ---- 8.1 the Event choice ---------------------------------------------------------------
def test_first_eligible_takes_event_only_with_leftmost_symbol_8_1():
    s = blank_state(card=19)  # General Offensive: FARC leftmost
    assert wants_event(s, Faction.FARC, 1)[0]
    assert not wants_event(s, Faction.AUC, 1)[0]


def test_gray_2_sends_2nd_eligible_to_operations_8_1():
    s = blank_state(card=38)
    assert card_row(38).gray2
    assert not wants_event(s, Faction.FARC, 2)[0]
    s = blank_state(card=6)
    assert wants_event(s, Faction.FARC, 2)[0]


def test_always_operations_card_8_1():
    s = blank_state(card=63)  # Narco-War
    assert not wants_event(s, Faction.CARTELS, 1)[0]


def test_event_table_has_a_row_per_card_and_rejects_damage_8_4_4():
    table = load_table()
    assert sorted(table) == list(range(1, 73))
    assert all(row.rationale for row in table.values())
    with pytest.raises(EventTableError, match="no row"):
        load_table("[[card]]\nnumber=1\ntitle='x'\ngray2=false\nalways_ops=false\n"
                   "source='authored'\nrationale='r'\n")


# ---- 8.8 1-player victory ---------------------------------------------------------------
def test_solo_levels_8_8():
    assert [victory.solo_level(n) for n in (-3, 0, 1, 3, 4, 8, 9, 20)] == [
        "COIN Failure", "COIN Failure", "Stalemate", "Stalemate", "COIN Progress",
        "COIN Progress", "COIN Triumph", "COIN Triumph"]


def test_solo_score_example_8_8():
    # 8.8 EXAMPLE: 1 AUC Base, 2 FARC Bases (AUC margin -1, the best Non-player), Total
    # Support 61 (Government +1): 1 - (-1) = 2, Stalemate.
    s = blank_state()
    s.seats = [1, None, None, None]
    s.resources = [0, 0, 0, 0]
    place(s, {"Antioquia": "1AB", "Guainía": "2FB"})
    for c in MAP.cities:  # 2 x 25 = 50
        s.set_support(c.id, 2)
    s.set_support(sid("Santander"), 2)  # +4
    s.set_support(sid("Huila"), 2)  # +4
    s.set_support(sid("Antioquia"), 1)  # +2
    s.set_support(sid("Atlántico"), 1)  # +1
    assert s.total_support() == 61
    assert victory.solo_score(s) == 2
    assert victory.solo_level(victory.solo_score(s)) == "Stalemate"


def test_government_never_wins_at_a_solitaire_victory_check_8_8():
    s = blank_state()
    for c in MAP.cities:  # 50
        s.set_support(c.id, 2)
    s.set_support(sid("Santander"), 2)  # 54
    s.set_support(sid("Huila"), 2)  # 58
    s.set_support(sid("Antioquia"), 2)  # 62 > 60
    assert victory.meets_condition(s, Faction.GOVT)
    s.seats = [1, 2, 3, 4]
    assert victory.check_ends_game(s) == [Faction.GOVT]
    s.seats = [1, None, None, None]
    assert victory.check_ends_game(s) == []


def test_a_nonplayer_win_at_a_victory_check_is_coin_failure_even_when_ahead_8_8_7_1():
    # Total Support 62 (Government +2) and 1 AUC Base (AUC +1 > 0: its goal, 7.2): the
    # AUC passes the check and ends the game, every player loses (7.1); 8.8 asks the player
    # to keep the Insurgents from their goals, so the level is COIN Failure although the
    # subtraction alone (2 - 1 = 1) would say Stalemate (docs/readings.md#r-solo-level)
    from core.rules import propaganda

    s = blank_state()
    s.seats = [1, None, None, None]
    s.resources = [0, 0, 0, 0]
    for c in MAP.cities:  # 50
        s.set_support(c.id, 2)
    s.set_support(sid("Santander"), 2)  # 54
    s.set_support(sid("Huila"), 2)  # 58
    s.set_support(sid("Antioquia"), 2)  # 62
    place(s, {"Guainía": "1AB"})
    margins = s.victory_margins()
    assert margins[Faction.GOVT] == 2 and margins[Faction.AUC] == 1
    assert propaganda.victory_phase(s)  # 6.1: the AUC's win ends the game
    assert victory.insurgent_won(s)
    assert victory.solo_result(s) == (1, "COIN Failure")
    assert victory.ranking(s)[0] is Faction.GOVT  # first on margins...
    assert victory.winner(s) is Faction.AUC  # ...but the AUC won (7.1)
    assert victory.solo_level(1) == "Stalemate"  # the same score after the final Round


def test_rows_written_before_the_rule_read_a_victory_check_loss_as_coin_failure_8_8(tmp_path):
    from runners.games import CSV_FIELDS, read_csv

    row = {f: "" for f in CSV_FIELDS}
    row.update(seed="1", scenario="standard", govt="search", winner="Government",
               solo_score="2", solo_level="Stalemate", cards_played="40",
               propaganda_cards="3", length="90", seconds="1.0",
               reason="victory check won by AUC (6.1, 7.2)", margin_Government="3",
               margin_FARC="-10", margin_AUC="1", margin_Cartels="-27")
    after_final = dict(row, seed="2", reason="final Propaganda Round completed (2.4.1, 7.3)")
    path = tmp_path / "games.csv"
    path.write_text(",".join(CSV_FIELDS) + "\n" + "\n".join(
        ",".join(f'"{r[f]}"' for f in CSV_FIELDS) for r in (row, after_final)) + "\n")
    records = read_csv(path)
    assert [r.solo_level for r in records] == ["COIN Failure", "Stalemate"]
    assert [r.winner for r in records] == ["AUC", "Government"]  # who passed the check


def test_docs_flowcharts_are_in_step_with_the_data_files():
    # docs/flowcharts.md is generated: python -c "from nonplayer.flowchart import
    # docs_markdown; open('docs/flowcharts.md','w').write(docs_markdown())"
    from pathlib import Path

    doc = Path(__file__).resolve().parent.parent / "docs" / "flowcharts.md"
    assert doc.read_text(encoding="utf-8") == flowchart.docs_markdown()
