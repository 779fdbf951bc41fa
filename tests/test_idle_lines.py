"""Why a Propaganda stage asked no decision, as the table is told (tui.controller
idle_line): each reason follows the stage's own rule."""

from __future__ import annotations

from core.pieces import Faction
from core.rules import propaganda
from tests.helpers import blank_state
from tui.controller import STAGE_NAMES, idle_line


def stage(name: str) -> int:
    return STAGE_NAMES.index(name)


def test_civic_action_says_when_the_government_cannot_pay_6_4_1() -> None:
    state = blank_state(resources=2)
    assert idle_line(stage("6.4.1 Civic Action"), state) == \
        "6.4.1 Civic Action: the Government has fewer than 3 Resources"
    state.resources[Faction.GOVT] = 3
    assert idle_line(stage("6.4.1 Civic Action"), state) == \
        "6.4.1 Civic Action: no space qualifies"


def test_agitation_says_when_farc_cannot_pay_6_4_2() -> None:
    state = blank_state(resources=0)
    assert idle_line(stage("6.4.2 Agitation"), state) == \
        "6.4.2 Agitation: FARC have no Resources"
    state.resources[Faction.FARC] = 1
    assert idle_line(stage("6.4.2 Agitation"), state) == "6.4.2 Agitation: no space qualifies"


def test_redeploy_none_in_the_final_round_6_5() -> None:
    state = blank_state()
    state.propaganda_cards = state.final_propaganda
    assert propaganda.is_final_round(state)
    assert idle_line(stage("6.5 Redeploy"), state) == "6.5 Redeploy: none in the final Round"
    state.propaganda_cards = state.final_propaganda - 1
    assert idle_line(stage("6.5 Redeploy"), state) == \
        "6.5 Redeploy: no cube has to or can move"


def test_7th_special_forces_only_when_its_capability_is_in_play_6_2() -> None:
    # card 7 unshaded: the Government removes Terror or Sabotage in the Round (6.2)
    state = blank_state()
    assert idle_line(stage("6.2 7th Special Forces"), state) == ""
    state.capabilities[7] = "unshaded"
    assert idle_line(stage("6.2 7th Special Forces"), state) == \
        "6.2 7th Special Forces: no Terror or Sabotage marker to remove"
