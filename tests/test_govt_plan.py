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
from nonplayer.government import campaign, heuristic
from nonplayer.government.heuristic import HeuristicGovernment
from nonplayer.government.plan import (
    PLAN_NAMES,
    bases_value,
    civic_value,
    garrison_value,
    pacify_value,
    plan_named,
    reserve_value,
)
from tests.helpers import position, sid

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
