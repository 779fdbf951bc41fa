"""Walk a Non-player flowchart (section 8) and plan the Operation and Special Activity.

:func:`plan_operation` starts at the flowchart's first diamond, answers each question
with its registered predicate, runs the Operation box it reaches bullet by bullet, then
the box's Special Activity, and returns the :class:`~core.game.sequence.OperationAction`
to execute (or None: Pass). Rules applied here, once for every Faction:

* 8.1.1 GUIDANCE: boxes do as much as possible: every bullet takes every candidate it
  can, up to the box's space limit and the bullet's ``count``.
* 8.1.1 OP NOT POSSIBLE: an Operation box that selects no space hands over to the box
  above it (``if_none``), even if that box's conditions are not met; Rally impossible:
  Pass.
* 8.1 0 Resources: once Resources reach 0, no further Operation spaces (the Special
  Activity may still follow).
* 8.2/8.3: among candidates of equal priority, when not all can be taken, the random
  space chart (or random LoC) picks, one space at a time; the dice and the walk go into
  the trace. When every candidate will be taken anyway, the order is rolled for too
  whenever it changes what some space gets (Guerrillas, Bases, Terror markers... running
  out: :func:`_order_matters`); only when it changes nothing are they served in map order
  without a die (docs/readings.md#r-order-when-all-taken).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from core.commands import Operation, SpecialActivity
from core.game.sequence import OperationAction
from core.map import space_name
from core.space import SPACES
from nonplayer import registry
from nonplayer.bot import Bot
from nonplayer.flowchart import Flowchart, Node, load
from nonplayer.plan import Action, Plan
from nonplayer.random_spaces import count_valid


def _groups(raw: Iterable[Any] | None) -> list[list[int]]:
    """Selectors may return a flat list (one group) or a list of groups."""
    if not raw:
        return []
    items = list(raw)
    if items and isinstance(items[0], list | tuple):
        return [list(g) for g in items]
    return [items]


def run_box(bot: Bot, node: Node, plan: Plan) -> Plan:
    """Execute a box's bullets in order on ``plan`` (8.1.1 guidance)."""
    for bullet in node.bullets:
        taken = 0
        rejected: set[int] = set()
        settled: set[int] = set()  # served in any order alike (:func:`_order_matters`)
        select = registry.SELECTORS[bullet.select]
        act = registry.ACTIONS[bullet.do]
        while not plan.full() and (bullet.count is None or taken < bullet.count):
            used = set() if bullet.repeat else set(plan.spaces)
            groups = [
                [s for s in g if s not in used and s not in rejected]
                for g in _groups(select(bot, plan))
            ]
            group = next((g for g in groups if g), None)
            if group is None:
                break
            limit = _remaining(plan, bullet.count, taken)
            if plan.is_operation and (limit is None or limit > plan.resources()):
                # 8.1: Resources may run out first; which spaces get paid for is random too
                limit = plan.resources() if _costs_resources(plan, group) else limit
            valid = None
            if limit is not None and len(group) > limit:
                # 8.2: only valid candidates count; each is tried on a copy (no real dice),
                # as late as possible (:meth:`Plan.validity`)
                valid = plan.validity(act)
                # a repeating bullet picks at random among 2+ (below): enough to know
                enough = (min(limit, 1) if bullet.repeat else limit) + 1
                found = count_valid(group, valid, enough)
                if found == 0:
                    break
                if found < enough:  # every candidate was tried: the valid ones are known
                    group = [s for s in group if valid(s)]
                    valid = None
            if bullet.repeat and len(group) > 1:
                limit = 0  # each pick of a repeating bullet is its own random choice
            if limit is not None and len(group) > limit:
                pick = bot.pick(group, f"{node.operation} {bullet.rule}".strip(), valid)
                space = pick.space
                how = pick.describe()
            elif len(group) > 1 and not settled.issuperset(group) and _order_matters(
                    plan, act, group):
                # every candidate is taken, but not every one as it would be first: 8.2
                # « table de choix aléatoire » decides who comes first, not map order
                pick = bot.pick(group, f"{node.operation} {bullet.rule}".strip(),
                                plan.validity(act))
                if pick.space is None:
                    break
                space = pick.space
                how = pick.describe()
            else:
                settled.update(group)
                space = min(group, key=_map_order)
                how = ""
            assert space is not None
            did = act(bot, plan, space)
            if did is None:
                rejected.add(space)
                if bullet.repeat:  # the same space would be offered again
                    break
                continue
            taken += 1
            bot.trace.add(
                node.id, bullet.rule, bullet.text, space=space_name(space), did=did, selection=how
            )
    return plan


def _costs_resources(plan: Plan, group: list[int]) -> bool:
    """Whether the Operation pays for these spaces (LoCs are free for March/Terror)."""
    if plan.kind in ("March", "Terror"):
        return any(not SPACES[s].is_loc for s in group)
    return True


def _map_order(space: int) -> tuple[bool, int]:
    return (SPACES[space].kind != "loc", space)


def _order_matters(plan: Plan, act: Action, group: list[int]) -> bool:
    """Whether serving every candidate of ``group`` in one order gives some space other
    than in another order: each is served, on copies of the plan (planning dice, as in
    :meth:`Plan.feasible`), in map order and in the reverse order, and what each space got is
    compared. A shared supply that runs out (Available Guerrillas or Bases, markers)
    shows: the space served last in one order is served first in the other.

    The reverse order stops at the first space that gets something else: the answer is
    known there, and a supply running out shows at once (the space served first)."""
    ordered = sorted(group, key=_map_order)
    trial = plan.quiet_copy()
    got = {s: act(trial.bot, trial, s) for s in ordered}
    trial = plan.quiet_copy()
    return any(act(trial.bot, trial, s) != got[s] for s in reversed(ordered))


def _remaining(plan: Plan, count: int | None, taken: int) -> int | None:
    room = plan.room()
    left = None if count is None else count - taken
    if room is None:
        return left
    return room if left is None else min(room, left)


def plan_operation(bot: Bot, chart: Flowchart | None = None) -> OperationAction | None:
    """Walk the Faction's flowchart from its start; the planned Operation (with Special
    Activity if any), or None when the flowchart ends in Pass."""
    chart = chart or load(bot.faction)
    node = chart.node(chart.start)
    while True:
        if node.kind == "decision":
            assert node.predicate is not None
            verdict = registry.PREDICATES[node.predicate](bot)
            bot.trace.add(node.id, node.rule, node.text, answer=bool(verdict),
                          detail=verdict.detail)
            node = chart.node(node.edges["yes" if verdict else "no"])
        elif node.kind == "operation":
            assert node.operation is not None
            bot.trace.add(node.id, node.rule, f"{node.operation}: {node.text}")
            plan = run_box(bot, node, Plan(bot, node.operation, bot.state, None, node.max_spaces))
            op = plan.build()
            if op is None:
                up = chart.node(node.edges["if_none"])
                bot.trace.add(node.id, "8.1.1",
                              f"{node.operation} not possible: "
                              + ("Pass" if up.kind == "pass" else f"{up.operation} instead"))
                node = up
                continue
            assert isinstance(op, Operation), f"{node.operation} built {op!r}"
            special = _plan_special(bot, chart.node(node.edges["then"]), plan)
            return OperationAction(op, special)
        elif node.kind == "pass":
            if not bot.trace.steps or "not possible" not in bot.trace.steps[-1].text:
                bot.trace.add(node.id, node.rule, node.text)
            return None
        else:  # pragma: no cover - validated at load
            raise ValueError(f"cannot walk into {node.kind} node {node.id}")


def _plan_special(bot: Bot, node: Node, op_plan: Plan) -> SpecialActivity | None:
    assert node.operation is not None
    bot.trace.add(node.id, node.rule, f"{node.operation}: {node.text}")
    plan = run_box(bot, node, Plan(bot, node.operation, op_plan.scratch, op_plan, node.max_spaces))
    special = plan.build()
    if special is None:
        bot.trace.add(node.id, node.rule, f"no {node.operation} possible: no Special Activity")
    assert special is None or isinstance(special, SpecialActivity), special
    return special


