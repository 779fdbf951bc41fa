"""Plans that grow a step at a time are simulated incrementally, exactly (issue 18).

``Plan.simulate`` runs a Rally, March or Terror (or an Extort beside the same Operation)
one step longer than one it already simulated as that step alone, on the board the
shorter command left (``Plan._execute_step``). Every board and every refusal must be
those of the whole command run afresh on the plan's starting board: these tests compare
the two, in the Non-players' own plans (solitaire games) and in random growing commands
that include the refusals (a pair or space twice, Guerrillas that already moved,
Resources run out).
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import product
from typing import Any

import pytest

from core.dice import ScriptedDice
from core.errors import IllegalAction
from core.events.choice import RandomChooser
from core.game import Game
from core.game.random_play import random_command
from core.map import MAP
from core.pieces import Faction
from core.rules import insurgent_ops as ops
from core.rules import insurgent_special as special
from core.state import GameState
from nonplayer import turn
from nonplayer.bot import Bot
from nonplayer.plan import Plan
from runners.solitaire import new_solitaire, random_chooser, random_player

Outcome = GameState | tuple[str, str]


def _whole(plan: Plan, cmd: Any, op: Any = None) -> Outcome:
    """The command run whole on a clone of the plan's starting board (a Special
    Activity: its Operation, then it, on a clone of the Operation's starting board)."""
    try:
        if op is None:
            board = plan.before.clone()
            cmd.execute(board, plan._ctx({}))
        else:
            assert plan.op_plan is not None
            board = plan.op_plan.before.clone()
            notes: dict[str, Any] = {}
            op.execute(board, plan._ctx(notes))
            cmd.execute(board, plan._ctx(notes, op=op))
    except IllegalAction as err:
        return (err.rule, err.message)
    return board


def _stepped(plan: Plan, steps: list[Any]) -> Outcome:
    try:
        return plan.simulate(steps)
    except IllegalAction as err:
        return (err.rule, err.message)


def test_the_nonplayers_incremental_simulations_are_the_whole_commands_3_3_1_to_3_3_4(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # 3.3.1 Rally, 3.3.2 March, 3.3.4 Terror (with AUC Aid Cut), 4.3.1/4.4.1 Extort beside
    # its Operation: every simulation the section-8 plans run step by step is compared
    # with the whole command run afresh
    original = Plan._execute_step
    used: Counter[str] = Counter()

    def checked(self: Plan, cmd: Any, op: Any, key: Any) -> GameState | None:
        try:
            got: GameState | None | tuple[str, str] = original(self, cmd, op, key)
        except IllegalAction as err:
            got = (err.rule, err.message)
        if got is None:
            return None
        used[f"{self.faction.name} {cmd.name}"] += 1
        whole = _whole(self, cmd, op)
        if isinstance(whole, GameState) and isinstance(got, GameState):
            # the plan's starting board is the live one, whose dice log grows as the bot
            # rolls for its 8.2 picks between simulations (planning dice log nothing)
            whole.rng_counter, whole.roll_log = got.rng_counter, got.roll_log
        assert got == whole, cmd
        if isinstance(got, tuple):
            raise IllegalAction(*got)
        return got

    monkeypatch.setattr(Plan, "_execute_step", checked)
    for seed in range(6):
        game = new_solitaire("standard", seed)
        player = random_player(random.Random(seed))
        chooser = random_chooser(seed)
        while not game.is_terminal():
            faction = game.to_move()
            assert faction is not None
            if game.state.seats[faction] is None:
                turn.take_turn(game)
            else:
                Game.apply(game, player(game), chooser=chooser)
    # the shortcut served each kind of plan, not a handful
    # (about half of what these 6 games give)
    assert used["FARC March"] > 40 and used["FARC Rally"] > 50, used
    assert used["FARC Terror"] + used["CARTELS Terror"] > 20, used
    assert used["AUC Terror"] > 20, used  # with its Aid Cut
    assert used["AUC March"] + used["CARTELS March"] > 3, used
    assert used["FARC Extort"] > 50 and used["AUC Extort"] > 10, used


def _boards() -> list[GameState]:
    """Mid-game boards from random legal play."""
    out = []
    for seed in range(5):
        game = Game.new("standard", seed=seed)
        rng = random.Random(seed)
        for _ in range(30 + 15 * seed):
            if game.is_terminal():
                break
            game.apply(random_command(game.state, rng), chooser=RandomChooser(rng))
        out.append(game.state)
    return out


def test_a_growing_march_gives_the_board_or_refusal_of_the_whole_march_3_3_2() -> None:
    # 3.3.2: groups resolve in order; Guerrillas that moved (or marched in) may not move
    # again; one group per pair of spaces; 1 Resource per City or Department entered,
    # once. Random groups, repeats and overdrawn origins included.
    rng = random.Random(32)
    longer = refused = 0
    for state, faction in product(_boards(), (Faction.FARC, Faction.AUC, Faction.CARTELS)):
        plan = Plan(Bot(state, faction, ScriptedDice([])), "March", state)
        origins = [s.id for s in MAP.spaces if state.guerrillas(s.id, faction)]
        if not origins:
            continue
        for _ in range(40):
            src = rng.choice(origins + [d for g in plan.steps for d in (g[1],)])
            dst = rng.choice(MAP[src].adjacent)
            group = ops.march_group(src, dst, rng.choice((0, 1, 1, 2)), rng.randint(0, 1))
            steps = plan.steps + [group]
            got = _stepped(plan, steps)
            whole = _whole(plan, ops.March(groups=tuple(steps)))
            assert got == whole, steps
            longer += len(steps) > 1
            if isinstance(got, tuple):
                refused += 1
            else:
                assert plan.try_add(group, dst)
    assert longer > 200 and refused > 20, (longer, refused)


def test_a_growing_terror_gives_the_board_or_refusal_of_the_whole_terror_3_3_4() -> None:
    # 3.3.4: spaces resolve in order, each paid; AUC Aid Cut is -3 after 1 space, -5
    # after 2+, to no less than 0 (so the cut of a longer Terror is not the shorter's
    # plus one more). Random spaces, repeats and spaces without Guerrillas included.
    rng = random.Random(334)
    longer = refused = 0
    for state, faction in product(_boards(), (Faction.FARC, Faction.AUC, Faction.CARTELS)):
        for aid in (state.aid, 4, 9):
            start = state.clone()
            start.aid = aid
            plan = Plan(Bot(start, faction, ScriptedDice([])), "Terror", start)
            held = [s.id for s in MAP.spaces if start.underground(s.id, faction)]
            pool = held + rng.sample(range(len(MAP)), 3)
            for space in rng.sample(pool, min(len(pool), 10)) + pool[:1]:
                steps = plan.steps + [space]
                got = _stepped(plan, steps)
                whole = _whole(plan, ops.Terror(where=tuple(steps)))
                assert got == whole, (faction, steps)
                longer += len(steps) > 1
                if isinstance(got, tuple):
                    refused += 1
                else:
                    assert plan.try_add(space, space)
    assert longer > 100 and refused > 20, (longer, refused)


def test_a_growing_extort_gives_the_board_or_refusal_of_the_whole_extort_4_3_1() -> None:
    # 4.3.1 / 4.4.1: every Extort space must qualify (Underground Guerrilla, Control)
    # before any is Activated; each space once. Beside a Rally or a Terror of 1 space;
    # random spaces, repeats and spaces that do not qualify included.
    rng = random.Random(431)
    longer = refused = 0
    for state, faction in product(_boards(), (Faction.FARC, Faction.AUC)):
        held = [s.id for s in MAP.spaces if state.underground(s.id, faction)]
        for kind in ("Rally", "Terror"):
            bot = Bot(state, faction, ScriptedDice([]))
            op_plan = Plan(bot, kind, state)
            for space in rng.sample(range(len(MAP)), len(MAP)):
                step = (ops.rally_step(space, ops.RALLY_PLACE, 1) if kind == "Rally"
                        else space)
                if op_plan.try_add(step, space):
                    break
            if not op_plan.steps:
                continue
            op = op_plan.build()
            plan = Plan(bot, "Extort", op_plan.scratch, op_plan)
            pool = held + rng.sample(range(len(MAP)), 3)
            for space in rng.sample(pool, min(len(pool), 10)) + pool[:1]:
                steps = plan.steps + [space]
                got = _stepped(plan, steps)
                whole = _whole(plan, special.Extort(where=tuple(steps)), op)
                assert got == whole, (faction, kind, steps)
                longer += len(steps) > 1
                if isinstance(got, tuple):
                    refused += 1
                else:
                    assert plan.try_add(space, space)
    assert longer > 50 and refused > 10, (longer, refused)
