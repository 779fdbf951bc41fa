"""Plans: a flowchart box builds its command one space at a time.

A :class:`Plan` holds the command steps chosen so far and the board as it would stand
after them (``scratch``). Each candidate step is checked by *executing the whole command
so far on a clone with the real engine*: a Non-player can never plan an illegal command,
costs are paid as the rules say (a space the Faction cannot pay for is not selected),
and later bullets see the board the earlier ones made (e.g. "the others" after a Base was
placed). Dice during planning are a fixed stand-in (a 1: Attacks succeed, so removal
choices are checked); the real dice are rolled when the command is executed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from core.commands import Command, Context, Operation
from core.context import copy_notes
from core.errors import IllegalAction
from core.pieces import ACTIVE_OF, AUC, UNDERGROUND_OF, Faction
from core.rules import insurgent_ops, insurgent_special
from core.space import SPACES
from core.state import GameState
from nonplayer.random_spaces import Valid
from nonplayer.registry import BUILDERS

if TYPE_CHECKING:
    from nonplayer.bot import Bot


class _PlanningDice:
    """Every die shows 1 while planning (see module docstring); rolls are not logged."""

    def roll(self, state: GameState, purpose: str) -> int:
        return 1


PLANNING_DICE = _PlanningDice()

#: Key of an Operation's own board in :attr:`Plan.simulated` (see ``_after_operation``).
_AFTER_OPERATION = "after the Operation alone"

OPERATIONS = ("Rally", "March", "Attack", "Terror")

#: What :attr:`Plan.simulated` remembers a simulation by (:meth:`Plan._key`): the
#: Operation's kind and steps (None in an Operation's own box), the box's kind and steps.
SimKey = tuple[Any, str, tuple[Any, ...]]

#: A flowchart action (:mod:`nonplayer.registry`): ``act(bot, plan, space)`` plans the
#: box's procedure in ``space`` and says what it did (None: nothing could be done).
Action = Callable[["Bot", "Plan", int], "str | None"]


def _generic_build(kind: str, steps: list[Any]) -> Command | None:
    if not steps:
        return None
    if kind == "Rally":
        return insurgent_ops.Rally(steps=tuple(steps))
    if kind == "March":
        return insurgent_ops.March(groups=tuple(steps))
    if kind == "Attack":
        return insurgent_ops.Attack(targets=tuple(steps))
    if kind == "Terror":
        return insurgent_ops.Terror(where=tuple(steps))
    if kind == "Ambush":
        return insurgent_ops.Ambush(space=steps[0])
    if kind == "Extort":
        return insurgent_special.Extort(where=tuple(steps))
    raise LookupError(f"no builder for {kind}: register one with @builder")


class Plan:
    """The command a box is building, and the board it leads to.

    ``before`` is the board the box starts from (for a Special Activity: the board after
    its Operation, ``op_plan.scratch``); ``scratch`` the board after the steps so far.
    ``notes`` is free scratch space for the faction module (e.g. targets per space).
    """

    def __init__(self, bot: Bot, kind: str, before: GameState, op_plan: Plan | None = None,
                 max_spaces: int | None = None) -> None:
        self.bot = bot
        self.kind = kind
        self.before = before
        self.scratch = before
        self.op_plan = op_plan
        self.max_spaces = max_spaces
        self.steps: list[Any] = []
        self.spaces: list[int] = []
        self.notes: dict[str, Any] = {}
        self.exhausted = False  # 8.1: Resources reached 0, no further Operation spaces
        #: Boards already simulated by this box and its Special Activity (see
        #: :meth:`simulate`), shared by the copies a feasibility trial makes.
        self.simulated: dict[tuple[Any, ...], Any] = (
            op_plan.simulated if op_plan is not None else {})

    def copy(self) -> Plan:
        """An independent copy (steps, spaces and notes copied; boards are never mutated)."""
        new = Plan(self.bot, self.kind, self.before, self.op_plan, self.max_spaces)
        new.scratch = self.scratch
        new.steps = list(self.steps)
        new.spaces = list(self.spaces)
        new.notes = {k: (v.copy() if hasattr(v, "copy") else v) for k, v in self.notes.items()}
        new.exhausted = self.exhausted
        new.simulated = self.simulated
        return new

    def quiet_copy(self) -> Plan:
        """A copy (:meth:`copy`) planned by a silent Bot whose dice are the planning
        stand-in: trials on it never touch the real dice nor the trace."""
        from nonplayer.bot import Bot
        from nonplayer.trace import Trace

        bot = self.bot
        trial = self.copy()
        trial.bot = Bot(bot.state, bot.faction, PLANNING_DICE, Trace(bot.faction.label))
        return trial

    def feasible(self, act: Action, space: int) -> bool:
        """Would the action do something in ``space``? Tried on a :meth:`quiet_copy`."""
        trial = self.quiet_copy()
        return act(trial.bot, trial, space) is not None

    def validity(self, act: Action) -> Valid:
        """Whether ``act`` would do something in a space (:meth:`feasible`), asked only
        when needed and remembered: the random pick (8.2/8.3) among the valid candidates
        asks only about those it reaches (:data:`nonplayer.random_spaces.Valid`), which
        gives the same pick, dice and walk as trying every candidate first, and walks
        down the chart past an invalid space instead of rolling again (8.2 « parcourez
        la colonne vers le bas jusqu'à trouver un choix valide »)."""
        known: dict[int, bool] = {}

        def valid(space: int) -> bool:
            answer = known.get(space)
            if answer is None:
                answer = known[space] = self.feasible(act, space)
            return answer

        return valid

    @property
    def faction(self) -> Faction:
        return self.bot.faction

    @property
    def is_operation(self) -> bool:
        return self.kind in OPERATIONS

    def full(self) -> bool:
        return self.exhausted or (
            self.max_spaces is not None and len(set(self.spaces)) >= self.max_spaces
        )

    def room(self) -> int | None:
        """Spaces still allowed by the box's limit (None: no limit)."""
        if self.max_spaces is None:
            return None
        return max(0, self.max_spaces - len(set(self.spaces)))

    def resources(self) -> int:
        return self.scratch.resources[self.faction]

    # --- building ----------------------------------------------------------------
    def build(self, steps: list[Any] | None = None) -> Command | None:
        steps = self.steps if steps is None else steps
        custom = BUILDERS.get(f"{self.bot.key}.{self.kind}")
        if custom is not None:
            return custom(self.bot, self, steps)
        return _generic_build(self.kind, steps)

    def simulate(self, steps: list[Any]) -> GameState:
        """Execute the command made of ``steps`` (with its Operation, for a Special
        Activity) on a clone; raise IllegalAction if it breaks a rule.

        Remembered in :attr:`simulated` under the plain data that makes the command (the
        Operation's kind and steps, this box's kind and steps: :meth:`_key`): the same
        command on the same board gives the same board (planning dice are constant), so a
        feasibility trial's simulation serves the step actually taken, and a step found
        there is neither built as a command nor hashed through one."""
        key = self._key(steps)
        known = self.simulated.get(key)
        if known is None:
            cmd = self.build(steps)
            if cmd is None:
                raise IllegalAction("8.1.1", f"{self.kind}: nothing to execute")
            op = None if self.op_plan is None else self.op_plan.build()
            try:
                known = self._execute_step(cmd, op, key)
                if known is None:
                    known = self._execute(cmd, op)
            except IllegalAction as err:
                known = err
            self.simulated[key] = known
        if isinstance(known, IllegalAction):
            raise IllegalAction(known.rule, known.message)
        return known

    def _key(self, steps: list[Any] | tuple[Any, ...]) -> SimKey:
        """What a simulation is remembered by: the Operation's kind and steps (None for
        an Operation's own box), this box's kind and ``steps``. A box builds its command
        from these alone (:meth:`build`: the builders read the steps and the live
        board's seats, the same all turn), so one key is one command."""
        op_plan = self.op_plan
        op_key = None if op_plan is None else (op_plan.kind, tuple(op_plan.steps))
        return (op_key, self.kind, tuple(steps))

    def _execute(self, cmd: Command, op: Command | None) -> GameState:
        notes: dict[str, Any] = {}
        if op is None:
            trial = self.before.clone()
            cmd.execute(trial, self._ctx(notes))
            return trial
        assert isinstance(op, Operation) and self.op_plan is not None
        if isinstance(op, insurgent_ops.Attack):
            # an Attack reads its Special Activity (Ambush, 4.3.2): run both each time
            trial = self.op_plan.before.clone()
            op.execute(trial, self._ctx(notes, special=cmd))
            cmd.execute(trial, self._ctx(notes, op=op))
            return trial
        # Any other Operation executes the same whatever accompanies it: its board and
        # notes (e.g. Terror's spaces for Aid Cut) are made once per Operation, and each
        # Special Activity tried runs on a copy of them.
        after_op, op_notes = self._after_operation(op)
        trial = after_op.clone()
        cmd.execute(trial, self._ctx(copy_notes(op_notes), op=op))
        return trial

    def _execute_step(self, cmd: Command, op: Command | None,
                      key: SimKey) -> GameState | None:
        """A command one step longer than one already simulated, executed as that step
        alone on the board the shorter one left, where its rules allow it (Rally, March,
        Terror; Extort beside an Operation); None: run the whole command. ``key`` is the
        command's (:meth:`_key`); the shorter command's board is the one remembered under
        the same key less the last step, looked for only when the command holds the
        steps as they are (the generic builder's), so the two keys name the two
        commands."""
        if op is not None:
            if isinstance(cmd, insurgent_special.Extort):
                return self._execute_extort_space(cmd, op, key)
            return None
        if isinstance(cmd, insurgent_ops.Rally):
            return self._execute_rally_step(cmd, key)
        if isinstance(cmd, insurgent_ops.March):
            return self._execute_march_group(cmd, key)
        if isinstance(cmd, insurgent_ops.Terror):
            return self._execute_terror_space(cmd, key)
        return None

    def _shorter_board(self, held: tuple[Any, ...],
                       key: SimKey) -> GameState | None:
        """The board remembered for the command one step shorter than the one of ``key``
        (whose command holds ``held`` as its steps), or None."""
        if held != key[2]:
            return None  # a builder of its own: the steps are not the command's
        board = self.simulated.get((key[0], key[1], held[:-1]))
        return board if isinstance(board, GameState) else None

    def _execute_rally_step(self, cmd: Command,
                            key: SimKey) -> GameState | None:
        """A Rally one space longer than one already simulated, executed as that space
        alone on the board the shorter Rally left (None: no such Rally simulated).

        Exact: a Rally resolves its spaces in order, each checked (3.3.1), paid and
        resolved on the board the earlier ones left, with nothing carried from space to
        space but the board; what it checks of the whole command first (the Faction,
        each space once, no recall for a Non-player) holds for the longer Rally when it
        holds for the shorter one and the new space is not among its spaces."""
        if not isinstance(cmd, insurgent_ops.Rally) or cmd.recall or len(cmd.steps) < 2:
            return None
        board = self._shorter_board(cmd.steps, key)
        last = cmd.steps[-1]
        if board is None or last[0] in cmd.spaces()[:-1]:
            return None
        trial = board.clone()
        insurgent_ops.Rally(steps=(last,)).execute(trial, self._ctx({}))
        return trial

    def _execute_march_group(self, cmd: insurgent_ops.March,
                             key: SimKey) -> GameState | None:
        """A March one group longer than one already simulated, executed as that group
        alone on the board the shorter March left (None: no such March simulated).

        Exact: a March resolves its groups in order (3.3.2), each on the board the
        earlier ones left, and carries from group to group only what the groups
        themselves say: the Guerrillas of each origin that have not moved yet (counted
        on the board before the March, less those the earlier groups took out of it:
        Guerrillas that marched in may not move again) and the spaces already entered
        (each City or Department paid once). What it checks of the whole command
        first (the Faction, one group per pair of spaces, no Limited Operation for a
        plan) holds for the longer March when it holds for the shorter one and the new
        group's pair is not among its pairs."""
        groups = cmd.groups
        if len(groups) < 2:
            return None
        board = self._shorter_board(groups, key)
        shorter = groups[:-1]
        last = groups[-1]
        src = last[0]
        if (board is None or not 0 <= src < len(SPACES)
                or any(g[0] == src and g[1] == last[1] for g in shorter)):
            return None
        f = self.faction
        underground, active = UNDERGROUND_OF[f], ACTIVE_OF[f]
        unmoved = {(src, underground): self.before.count(src, underground),
                   (src, active): self.before.count(src, active)}
        for g in shorter:
            if g[0] == src:
                unmoved[(src, underground)] -= g[2]
                unmoved[(src, active)] -= g[3]
        entered = {g[1] for g in shorter}
        trial = board.clone()
        insurgent_ops._march_group(trial, self._ctx({}), last, unmoved, entered)
        return trial

    def _execute_terror_space(self, cmd: insurgent_ops.Terror,
                              key: SimKey) -> GameState | None:
        """A Terror one space longer than one already simulated, executed as that space
        alone on the board the shorter Terror left (None: no such Terror simulated).

        Exact: a Terror resolves its spaces in order (3.3.4), each checked, paid and
        resolved on the board the earlier ones left, with nothing carried from space to
        space but the board; what it checks of the whole command first (the Faction,
        each space once) holds for the longer Terror when it holds for the shorter one
        and the new space is not among its spaces. The one effect of the whole
        command, AUC Aid Cut (-3 after 1 space, -5 after 2+), is made afresh: no
        space's Terror moves Aid, so Aid before the cut is the plan's starting Aid
        (checked: the shorter Terror's Aid must be that Aid cut for its spaces)."""
        where = cmd.where
        if len(where) < 2:
            return None
        board = self._shorter_board(where, key)
        last = where[-1]
        if board is None or last in where[:-1]:
            return None
        trial = board.clone()
        ctx = self._ctx({})
        if self.faction is AUC:
            start = trial.aid = self.before.aid
            if start + insurgent_ops.aid_cut(trial, ctx, len(where) - 1) != board.aid:
                return None  # something in the shorter Terror moved Aid: run it whole
            insurgent_ops.Terror(where=(last,)).execute(trial, ctx)  # with a 1-space cut
            trial.aid = start
            insurgent_ops.aid_cut(trial, ctx, len(where))
        else:
            insurgent_ops.Terror(where=(last,)).execute(trial, ctx)
        return trial

    def _execute_extort_space(self, cmd: insurgent_special.Extort, op: Command,
                              key: SimKey) -> GameState | None:
        """An Extort one space longer than one already simulated beside the same
        Operation, executed as that space alone on the board the shorter Extort left
        (None: no such Extort simulated, or the Operation is an Attack, which is run
        with its Special Activity each time).

        Exact: Extort (4.3.1, 4.4.1) checks every space "simultaneously", before any is
        Activated, then Activates 1 Underground Guerrilla and adds +1 Resource in each;
        a space's check reads only that space (Underground Guerrilla, Control), which
        the other spaces' Activations do not change, so the new space checked on the
        shorter Extort's board is checked as on the board before it. What it checks of
        the whole command (the Faction, the Operation it accompanies, each space once,
        no limit) holds for the longer Extort when it holds for the shorter one and the
        new space is not among its spaces."""
        where = cmd.where
        if len(where) < 2 or isinstance(op, insurgent_ops.Attack):
            return None
        board = self._shorter_board(where, key)
        last = where[-1]
        if board is None or last in where[:-1]:
            return None
        trial = board.clone()
        insurgent_special.Extort(where=(last,)).execute(trial, self._ctx({}, op=op))
        return trial

    def _after_operation(self, op: Operation) -> tuple[GameState, dict[str, Any]]:
        """The board and notes right after ``op`` executes alone (remembered with the
        simulations, :attr:`simulated`); raises IllegalAction if it breaks a rule."""
        op_plan = self.op_plan
        assert op_plan is not None
        key = (self._key(())[0], _AFTER_OPERATION, ())
        known = self.simulated.get(key)
        if known is None:
            notes: dict[str, Any] = {}
            board = op_plan.before.clone()
            try:
                op.execute(board, self._ctx(notes))
                known = (board, notes)
            except IllegalAction as err:
                known = err
            self.simulated[key] = known
        if isinstance(known, IllegalAction):
            raise IllegalAction(known.rule, known.message)
        return known

    def try_add(self, step: Any, space: int | None = None) -> bool:
        """Add ``step`` if the command stays legal (and affordable); True if added."""
        try:
            after = self.simulate(self.steps + [step])
        except IllegalAction:
            return False
        self.steps.append(step)
        if space is not None:
            self.spaces.append(space)
        self.scratch = after
        if self.is_operation and self.scratch.resources[self.faction] == 0:
            self.exhausted = True
        return True

    def replace_last(self, step: Any) -> bool:
        """Swap the last step for a variant (e.g. more pieces), if still legal."""
        try:
            after = self.simulate(self.steps[:-1] + [step])
        except IllegalAction:
            return False
        self.steps[-1] = step
        self.scratch = after
        return True

    def _ctx(self, notes: dict, op: Any = None, special: Any = None) -> Context:
        return Context(
            faction=self.faction,
            dice=PLANNING_DICE,
            nonplayer=True,
            op=op,
            special=special,
            notes=notes,
        )
