"""Every Event that asks for a space offers only the spaces where the most of its text can
be done (issue 17 item 2; 5.1 "carries out the Event text literally", 5.1.3 "If not all
... can be carried out, implement that which can"), with stacking measured by the one
query :meth:`GameState.capacity` (1.4.2, card 33's Ecuador, FARC Zones). One test per
card whose offered spaces changed, from a hand-made position; and the Drug Profits form
of the TUI offers only the Bases stacking allows (6.3.3, 1.4.2)."""

from __future__ import annotations

import pytest

from core.map import MAP
from core.pieces import Faction, Piece
from core.rules import propaganda as P
from decisions.base import FormRun, InputError
from decisions.decision import drug_profits_form
from tests.helpers import blank_state, place, position, put, run_form, sid
from tests.test_event_spaces import first_question, play, with_ecuador
from tests.test_propaganda import awaiting, round_state
from tests.test_propaganda import run as run_propaganda

GOVT, FARC, AUC, CARTELS = Faction.GOVT, Faction.FARC, Faction.AUC, Faction.CARTELS
T, P_, GB = Piece.TROOPS, Piece.POLICE, Piece.GOVT_BASE
FU, FA, FB = Piece.FARC_UNDERGROUND, Piece.FARC_ACTIVE, Piece.FARC_BASE
AU, AA, AB = Piece.AUC_UNDERGROUND, Piece.AUC_ACTIVE, Piece.AUC_BASE
CU, CA, CB = Piece.CARTELS_UNDERGROUND, Piece.CARTELS_ACTIVE, Piece.CARTELS_BASE
U, S = "unshaded", "shaded"
ECUADOR = MAP.ECUADOR


def test_card_6_shaded_pipeline_with_a_department_to_shift_5_1_3():
    # card 6 shaded: "Sabotage a pipeline. Shift an adjacent Department by 1 level toward
    # Active Opposition": Arauca-Cúcuta's Departments are at Active Opposition already,
    # so there only the Sabotage can be done while every other pipeline allows both
    s = position(support={"Santander": -2, "Arauca": -2})
    arauca_cucuta = sid("Arauca-Cúcuta")
    asked = first_question(s, FARC, 6, S)
    assert arauca_cucuta not in asked.options
    assert sid("Bogotá-Yopal") in asked.options  # Meta East can still shift
    # a Sabotaged pipeline is offered only when no other can be Sabotaged: the text in
    # its order, the Sabotage before the shift (8.3 "Sabotage only unSabotaged LoCs")
    t = s.clone()
    for pipe in (p.id for p in MAP.locs if p.loc_type == "pipeline"):
        t.sabotage[pipe] = int(pipe != arauca_cucuta)
    spy = play(t, FARC, 6, S)  # Arauca-Cúcuta, the only best: not asked, nothing to shift
    assert spy.asked == [] and t.sabotage[arauca_cucuta] == 1
    play(s, FARC, 6, S, [[sid("Cali-Ibagué")], [sid("Huila")]])
    assert s.sabotage[sid("Cali-Ibagué")] == 1 and s.support[sid("Huila")] == -1


def test_card_46_terror_where_2_enemy_pieces_can_be_removed_5_1_3():
    # card 46 Limpieza: "executes free Terror with any Guerrilla, removes any 2 enemy
    # pieces in the space": Huila (2 Police) before Cali (1 Police) and Meta West (none)
    s = position({"Huila": "2P 1FU", "Cali": "1P 1FU", "Meta West": "1FU"})
    spy = play(s, FARC, 46, U, [["Passive Opposition"]])  # Huila, the only best: not asked
    assert [c.kind for c in spy.asked] == ["option"]
    assert s.police(sid("Huila")) == 0 and s.police(sid("Cali")) == 1
    assert s.terror[sid("Huila")] == 2
    # with no space holding 2 enemy pieces, those with 1 come before those with none
    place(s, {"Antioquia": "1T 1FU"})
    asked = first_question(s, FARC, 46, U)
    assert sorted(asked.options) == sorted([sid("Cali"), sid("Antioquia")])


def test_card_50_shaded_replace_first_where_an_auc_guerrilla_fits_5_1_3():
    # card 50 shaded: "Remove any 2 Police or replace them with available AUC Guerrillas":
    # Ecuador (card 33) already holds 2 AUC pieces, so its Police could only be removed
    s = with_ecuador(blank_state())
    place(s, {ECUADOR: "1P 2AU", "Huila": "2P"})
    spy = play(s, AUC, 50, S, [["replace"]])  # then Huila twice: not asked
    assert len(spy.asked) == 1
    assert s.police(ECUADOR) == 1 and s.police(sid("Huila")) == 0
    assert s.guerrillas(sid("Huila"), AUC) == 2
    # removing, every Police is alike
    s = with_ecuador(blank_state())
    place(s, {ECUADOR: "1P 2AU", "Huila": "2P"})
    spy = play(s, AUC, 50, S, [["remove"], [ECUADOR]])  # then Huila: not asked
    assert ECUADOR in spy.asked[1].options and s.police(ECUADOR) == 0


def test_card_57_unshaded_farc_zone_piece_only_after_spaces_where_police_fit_5_1_3():
    # card 57 unshaded: "Replace up to 3 Cartels pieces with available Police": in a
    # FARC Zone no Police can take the piece's place (1.4.2)
    s = blank_state()
    s.set_farc_zone(sid("Meta West"))
    place(s, {"Meta West": "1CB", "Huila": "1CU", "Cali": "1CB"})
    asked = first_question(s, GOVT, 57, U)
    assert sorted(asked.options) == sorted([sid("Huila"), sid("Cali")])
    spy = play(s, GOVT, 57, U, [[sid("Cali")], [sid("Huila")], [sid("Meta West")]])
    assert spy.asked[2].options == (sid("Meta West"),)
    assert s.police(sid("Cali")) == 1 and s.police(sid("Huila")) == 1
    assert s.police(sid("Meta West")) == 0 and s.on_map(CB) == 0


def test_drug_profits_form_offers_only_the_bases_a_full_ecuador_takes_6_3_3_1_4_2():
    # 6.3.3 with card 33: 2 Cartels Shipments in Ecuador where 1 Cartels Guerrilla leaves
    # room for 1 Cartels piece: the form must not let the player pick both
    s = with_ecuador(awaiting(round_state(resources=0), P.DRUG_PROFITS, CARTELS))
    put(s, ECUADOR, CU)
    a = s.place_shipment(ECUADOR, CARTELS)
    b = s.place_shipment(ECUADOR, CARTELS)
    run = FormRun(lambda: drug_profits_form(s, CARTELS))
    with pytest.raises(InputError):
        run.answer_text("2, 3")  # both Shipments: not an answer the form takes
    cmd = run_form(lambda: drug_profits_form(s, CARTELS), "3")  # 1 = no more Bases
    assert cmd == P.DrugProfits((b,))
    run_propaganda(s, cmd)
    assert s.bases(ECUADOR, CARTELS) == 1 and s.resources[CARTELS] == 6
    assert a != b


def test_drug_profits_form_one_question_when_every_base_fits_6_3_3():
    # 6.3.3: with room for a Base per Shipment the form is the one question it was
    s = awaiting(round_state(resources=0), P.DRUG_PROFITS, FARC)
    put(s, "Huila", FU)
    a = s.place_shipment(sid("Huila"), FARC)
    b = s.place_shipment(sid("Huila"), FARC)
    cmd = run_form(lambda: drug_profits_form(s, FARC), "1, 2")
    assert cmd == P.DrugProfits((a, b))
