"""A Propaganda Round is its own group of the history (issue 24 item 2, Why 6): its
automatic phases (6.1 Victory, 6.2 Sabotage, 6.3 Resources) open it instead of sitting
inside the last turn of the card before, a Round nobody decides in is a group all the
same, and each automatic step is filed under its phase and the Faction that took it
(the FARC Zone placed with one legal Department is the Government's, 6.4.4, not
"FARC (Non-player): Agitation")."""

from __future__ import annotations

from tests.test_assist_cards import assist
from tui.controller import Controller
from tui.turn_log import automatic_line, round_steps


def test_the_round_is_its_own_group_phase_by_phase(tmp_path):  # 6.1-6.6
    script = ["41", "72", "pass", "yes", "prop", "pass", "yes", "35",
              "1", "done", "yes",  # 6.4.1 Civic Action: none
              "1", "1", "yes",  # 6.4.4 FARC Zone in Meta West
              "1", "done", "yes",  # 6.5 Redeploy: none
              "draw", "log", "quit"]
    session, text = assist(script, tmp_path)
    groups = Controller(session).cards()
    card, round_ = groups[1], groups[2]
    assert card.title == "#72 Sicarios" and card.turns[-1].report.heading() == \
        "Government: Pass"
    assert round_.title == "Propaganda Round 1: #73 Propaganda!"
    # the Round opens with its automatic phases, not the Pass of the card before
    assert round_.opening[:2] == ["6.1 Victory: no Faction wins now",
                                  "6.2 Sabotage: no LoC to Sabotage"]  # said when idle
    assert "6.3 Resources: Government earns 30 Resources (+30, now 76)" in round_.opening
    assert round_.start == card.turns[-1].step.index + 1  # rollback: as the Round began
    headings = [t.report.heading() for t in round_.turns]
    assert headings[1:] == ["Government: Civic Action", "FARC (Non-player): Agitation",
                            "Government: Place FARC Zone", "AUC (Non-player): Elite Backing",
                            "Government: Redeploy"]
    agitation, redeploy = round_.turns[2], round_.turns[-1]
    assert round_.automatic[agitation.number] == [
        "6.4 Support: Election: Pastrana becomes El Presidente"]
    assert round_.automatic[redeploy.number][0].startswith("6.6 Reset: all Factions")
    # the same in the plain log
    log = text[text.rindex("Card 3: Propaganda Round 1"):]
    assert log.index("6.1 Victory: no Faction wins now") < log.index("Government: Civic")
    assert log.index("FARC (Non-player): Agitation") < log.index(
        "6.4 Support: Election") < log.index("Government: Place FARC Zone")


def test_automatic_steps_are_filed_under_the_faction_that_took_them():  # 6.4.4
    lines = ["Agitation: shift Guaviare toward Active Opposition",
             "      6.4 Support: Election: Uribe becomes El Presidente",
             "      6.4 Support: Uribe removes all FARC Zones (1)",
             "      6.4 Support: FARC Zone placed in Meta West",
             "Set FARC Resources to 13 (was 15)"]
    after, began = round_steps(lines)
    assert began is None
    assert after == ["6.4 Support: Election: Uribe becomes El Presidente",
                     "6.4 Support — Government: Uribe removes all FARC Zones (1)",
                     "6.4 Support — Government: FARC Zone placed in Meta West"]
    assert automatic_line("6.3 Resources", "Cartels earn 18 Resources") == \
        "6.3 Resources: Cartels earn 18 Resources"


def test_a_round_that_began_in_a_turn_and_ended_the_game():  # 2.4.1, 6.1, 7.2
    lines = ["Government Pass: +3 Resources (2.3.3)",
             "Make the next card, #75 Propaganda!, the card face up",
             "Propaganda Round 2 (#75 Propaganda!):",
             "      6.1 Victory: victory check won by FARC (6.1, 7.2)"]
    after, began = round_steps(lines)
    assert after == [] and began == (2, 75, ["6.1 Victory: victory check won by FARC "
                                             "(6.1, 7.2)"])
