"""Campaign plans (issue 35 item 2): what each plan values, that the rollouts' Government
follows the plan it evaluates (its choices and its Redeploy), and that the campaign search
states the plan it chose."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from core.game import serialize
from core.game.sequence import Pass
from core.map import MAP
from core.pieces import Faction
from core.state import GameState
from nonplayer.government import campaign, heuristic
from nonplayer.government.evaluation import Weights
from nonplayer.government.heuristic import HeuristicGovernment
from nonplayer.government.plan import (
    LEDGER_PLAN_NAMES,
    LEDGER_PLANS,
    PLAN_NAMES,
    PLANS,
    bases_value,
    cartels_far,
    civic_value,
    foothold_value,
    garrison_value,
    hold_value,
    pacify_value,
    plan_named,
    reserve_value,
)
from nonplayer.government.search import event_candidates
from tests.helpers import place, position, sid
from tests.test_govt_heuristic import solo_state

GOVT = Faction.GOVT
POSITION = Path(__file__).resolve().parent / "positions" / "seed4242-card48.json"


def test_pacify_counts_controlled_departments_and_a_base_doubles_them():
    # 1.7 Control; 6.5.1: Troops stay in a Department only with a Government Base
    pop = MAP[sid("Huila")].pop
    assert pacify_value(position({"Huila": "3T"})) == pop
    assert pacify_value(position({"Huila": "3T 1GB"})) == 2 * pop
    assert pacify_value(position({"Cali": "3T"})) == 0  # a City is not a Department
    assert pacify_value(position({"Huila": "3T 3FU"})) == 0  # no Control


def test_civic_counts_ready_spaces_by_population_and_room():
    # 6.4.1: Civic Action needs Government Control, Troops and Police
    pop = MAP[sid("Cali")].pop
    ready = position({"Cali": "1T 1P"}, support={"Cali": 0})
    assert civic_value(ready) == pop * 2
    assert civic_value(position({"Cali": "2T"}, support={"Cali": 0})) == 0
    assert civic_value(position({"Cali": "1T 1P"}, support={"Cali": 2})) == 0  # no room


def test_garrison_counts_what_agitation_could_shift():
    # 6.4.2: Agitation in FARC-Controlled Cities and Departments
    pop = MAP[sid("Huila")].pop
    farc = position({"Huila": "2FU"}, support={"Huila": 0})
    assert garrison_value(farc) == -pop * 2
    held = position({"Huila": "2FU 3T"}, support={"Huila": 0})
    assert garrison_value(held) == 0


def test_bases_counts_exposed_farc_bases_twice():
    # 3.2.4: an Underground Guerrilla shields its Base from Assault
    assert bases_value(position({"Huila": "1FB"})) == -2
    assert bases_value(position({"Huila": "1FB 1FU"})) == -1


def test_reserve_counts_resources_up_to_a_civic_campaign():
    # 6.4.1: Civic Action costs 3 Resources a step
    assert reserve_value(position(resources=4)) == 4
    assert reserve_value(position(resources=40)) == 15


def test_plan_names_and_a_clear_error():
    assert PLAN_NAMES == ("pacify", "civic", "garrison", "bases", "reserve")
    with pytest.raises(ValueError, match="one of pacify"):
        plan_named("win")


def test_the_government_that_follows_a_plan_chooses_by_it():
    # the plan's value joins every choice of the heuristic that follows it: a reserve
    # plan weighted far above the rest keeps Resources (Pass, 2.3.3) where the plan-less
    # heuristic spends them
    game = serialize.load(POSITION)
    game.state.resources[GOVT] = 15
    plain = HeuristicGovernment().decide(game.clone())
    hoard = replace(plan_named("reserve"), weight=50.0)
    saving = HeuristicGovernment().following(hoard).decide(game.clone())
    assert plain.command != Pass()
    assert saving.command == Pass()
    assert heuristic._plan is None  # the plan is the decision's only


def test_redeploy_serves_the_plan_followed():
    # 6.5: with the pacify plan, the Troops that must move go first where one more Troop
    # gives the Government Control of a Department
    state = position({"Huila": "2T 2FU", "Cali": "1P"}, support={"Cali": 0})
    allowed = [sid("Cali"), sid("Huila")]
    assert heuristic._troop_priorities(state, allowed)[0] == sid("Cali")
    with heuristic._following(plan_named("pacify")):
        assert heuristic._troop_priorities(state, allowed)[0] == sid("Huila")


def test_campaign_search_judges_each_plan_with_its_own_rollouts(monkeypatch):
    # every plan is a candidate whose rollouts' Government follows it; the trace states
    # the intention of the plan chosen
    monkeypatch.setenv(campaign.PLANS_ENV, "1")
    game = serialize.load(POSITION)
    seen_plans: list[str] = []
    following = HeuristicGovernment.following

    def spy(self, plan):  # type: ignore[no-untyped-def]
        seen_plans.append(plan.name)
        return following(self, plan)

    monkeypatch.setattr(HeuristicGovernment, "following", spy)
    budget = replace(campaign.THINK_LEVELS["0.5s"], determinizations=2, max_cards=3)
    result = campaign.campaign_search(game, budget, seed=1)
    planned = [j for j in result.judged if j.cand.plan is not None]
    assert {j.cand.plan.name for j in planned} <= set(PLAN_NAMES) and planned
    # one decision to pick each plan's command, then one per rollout of it
    for name in {j.cand.plan.name for j in planned}:
        outcomes = sum(len(j.outcomes) for j in planned if j.cand.plan.name == name)
        assert seen_plans.count(name) >= 1 + outcomes
    for j in planned:
        assert j.cand.label.startswith(f"Plan {j.cand.plan.name}")
        assert "plan to the next Support Phase" in campaign.aim_of(j.cand)


def test_plans_are_on_unless_turned_off(monkeypatch):
    # issue 35: the plans beat the plan-less search on held-out seeds (docs/strength.md),
    # so the default Government judges them; 0 gives the plan-less search back
    monkeypatch.delenv(campaign.PLANS_ENV, raising=False)
    assert campaign.plans_on()
    for off in ("0", "no", "false", "FALSE"):
        monkeypatch.setenv(campaign.PLANS_ENV, off)
        assert not campaign.plans_on()
    monkeypatch.setenv(campaign.PLANS_ENV, "1")
    assert campaign.plans_on()


# ======================================================================================
# the ledger's plans (issue 40 item 4), opt-in
# ======================================================================================
def test_hold_garrisons_and_readies_the_spaces_farc_could_agitate():
    # 6.4.2: Agitation in FARC-Controlled spaces; 6.4.1: Civic Action needs Control,
    # Troops and Police. Only spaces holding a FARC piece count.
    pop = MAP[sid("Huila")].pop
    agitated = position({"Huila": "2FU"}, support={"Huila": 0})
    assert hold_value(agitated) == -pop * 2
    ready = position({"Huila": "1FU 2T 1P"}, support={"Huila": 0})
    assert hold_value(ready) == pop * 2  # Control denied to FARC, and room for Civic Action
    held_no_police = position({"Huila": "1FU 3T"}, support={"Huila": 0})
    assert hold_value(held_no_police) == 0
    no_farc = position({"Huila": "2T 1P"}, support={"Huila": 0})
    assert hold_value(no_farc) == 0  # civic's ground, not hold's


def test_foothold_is_a_base_and_police_in_a_population_2_department():
    # 6.5.1: Troops stay in a Department only with a Government Base; 3.2.1: Train
    # replaces 3 cubes with a Base; 6.4.1: Police for Civic Action
    huila = sid("Huila")
    assert MAP[huila].pop == 2
    assert foothold_value(position({"Huila": "3T 1GB 1P"})) == 2 * 2.0
    assert foothold_value(position({"Huila": "3T 1GB"})) == 2 * 1.5
    assert foothold_value(position({"Huila": "1GB 3FU"})) == 2 * 1.0  # no Control
    assert foothold_value(position({"Huila": "3T"})) == 2 * 0.5  # the cubes for a Base
    assert foothold_value(position({"Huila": "1T"})) == 2 / 6
    assert foothold_value(position({"Arauca": "3T 1GB 1P"})) == 0  # Population 1


def _cartels_at(resources: int) -> GameState:
    # 11 Cartels Bases: the Cartels' margin (7.3) is set by their Resources (7.2: above 40)
    state = solo_state()
    place(state, {"Arauca": "3T 1AA 1AB", "Guaviare": "2CB", "Putumayo": "3CB",
                  "Meta West": "3CB", "Vaupés": "3CB"})
    state.resources[Faction.CARTELS] = resources
    return state


@pytest.mark.parametrize("resources, far", [(30, True), (39, True), (40, False)])
def test_no_eradicate_while_the_cartels_are_far(resources, far):
    # 4.2.3: Eradicate shifts toward Opposition; the plan forbids it while the Cartels
    # are short of their goal (7.2, 7.3: margin below -CARTELS_FAR, 0), and only then
    state = _cartels_at(resources)
    assert cartels_far(state) is far
    values = heuristic.piece_values(state)
    plain = heuristic.plan_assault(heuristic.Board(state, False), True, False)
    assert plain is not None
    heuristic._score(state, plain, False, values)
    assert plain.special is not None and plain.special.name == "Eradicate"
    restricted = heuristic.plan_assault(heuristic.Board(state, False), True, False)
    assert restricted is not None
    with heuristic._following(plan_named("no-eradicate")):
        heuristic._score(state, restricted, False, values)
    if far:
        assert restricted.special is None or restricted.special.name != "Eradicate"
    else:
        assert restricted.special == plain.special


def test_the_ledger_plans_are_opt_in_and_named_in_the_environment(monkeypatch):
    # issue 40 item 4: judged only when ANDEAN_CAMPAIGN_PLANS names them
    assert LEDGER_PLAN_NAMES == ("hold", "foothold", "no-eradicate")
    monkeypatch.delenv(campaign.PLANS_ENV, raising=False)
    assert campaign.active_plans() == PLANS
    monkeypatch.setenv(campaign.PLANS_ENV, "default, foothold")
    assert campaign.active_plans() == (*PLANS, plan_named("foothold"))
    monkeypatch.setenv(campaign.PLANS_ENV, "hold,no-eradicate")
    assert [p.name for p in campaign.active_plans()] == ["hold", "no-eradicate"]
    assert campaign.plans_on()
    monkeypatch.setenv(campaign.PLANS_ENV, "hold,win")
    with pytest.raises(ValueError, match="ANDEAN_CAMPAIGN_PLANS: no plan 'win'"):
        campaign.active_plans()


def test_the_ledger_plans_give_candidates_followed_in_their_rollouts():
    # each is a candidate whose policy is the heuristic following it (plan_candidates)
    game = serialize.load(POSITION)
    events = event_candidates(game.state, 1, Weights(), 2)  # the Event a plan may take
    cands = campaign.plan_candidates(game.state, HeuristicGovernment(), events, 1,
                                     LEDGER_PLANS)
    assert [c.plan.name for c in cands if c.plan] == list(LEDGER_PLAN_NAMES)
    for c in cands:
        assert c.plan is not None and c.label.startswith(f"Plan {c.plan.name}")
