"""Step-by-step forms for every Insurgent choice: Rally, March, Attack and Terror (3.3),
as full or Limited Operation (2.3.5), with the Special Activities of each Faction (4.3-4.5)
and the Elite Backing Rally (6.4.5).

========  =================================================================
Faction   Special Activities (4.1.1: which Operations they accompany)
========  =================================================================
FARC      Extort (any), Ambush (Attack), Kidnap (Terror)
AUC       Extort (any), Ambush (Attack), Assassinate (Terror)
Cartels   Cultivate (Rally, March), Process (Rally, March), Bribe (any)
========  =================================================================

Like :mod:`decisions.government`, each form is a generator of ``Question``
that offers only what the rules allow *now*, using the query helpers of
:mod:`core.rules.insurgent_ops` and :mod:`core.rules.insurgent_special`
(``rally_spaces``, ``march_destinations``, ``attack_target_options``, ``extort_spaces``,
``bribe_plans``...), states what each choice costs, and returns the finished command.
The engine still validates the whole command when it is previewed and applied.

Whom to target is asked where the rules let the acting Faction choose: the enemy pieces
an Attack removes (3.3.3, 1.4.1), the Faction a Kidnap targets (4.3.3), the piece an
Assassination removes (4.4.2), the pieces a Bribe removes or flips (4.5.4). Shipments:
how many a moving group carries (4.5.3), and, once the plan is complete, where a displaced
Shipment goes when its player owner has a choice (4.5.3, asked by trying the plan out).

Dice: the forms try the plan out on a copy of the board with the decision's dice (in the
tabletop assistant, the typed-in dice, remembered so each die is asked once), so what an
Attack's die did is known to the Special Activity that follows.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

from core.commands import Command, Context, Operation, SpecialActivity
from core.dice import DiceSource
from core.errors import IllegalAction
from core.game import sequence
from core.map import MAP, space_name
from core.pieces import ACTIVE_OF, BASE_OF, INSURGENTS, UNDERGROUND_OF, Faction, Piece, pieces_text
from core.rules import insurgent_ops as ops
from core.rules import insurgent_special as isa
from core.rules import propaganda as prop
from core.rules.common import is_final_event_card, is_nonplayer, recall_own_pieces
from core.state import SUPPORT_LABELS, GameState, K
from core.words import counted
from decisions.base import TRIAL, Form, InputError, Option, Question, Trial
from decisions.government import (
    DONE,
    done_option,
    space_option,
    space_options,
    without_special_form,
)

FARC, AUC, CARTELS = Faction.FARC, Faction.AUC, Faction.CARTELS

OPERATIONS = ("Rally", "March", "Attack", "Terror")
#: The Special Activities of each Faction (4.3-4.5), in the order offered.
SPECIALS: dict[Faction, tuple[str, ...]] = {
    FARC: ("Extort", "Ambush", "Kidnap"),
    AUC: ("Extort", "Ambush", "Assassinate"),
    CARTELS: ("Cultivate", "Process", "Bribe"),
}
#: The command of each Special Activity (its ``accompanies``: the Operations it may
#: accompany, 4.1.1).
SPECIAL_COMMANDS: dict[str, type[SpecialActivity]] = {
    "Extort": isa.Extort, "Ambush": ops.Ambush, "Kidnap": isa.Kidnap,
    "Assassinate": isa.Assassinate, "Cultivate": isa.Cultivate, "Process": isa.Process,
    "Bribe": isa.Bribe,
}
#: Special Activities that take place after (Kidnap, Assassinate: in the Terror's
#: spaces) or during (Ambush: inside the Attack) their Operation; never asked "before?".
_AFTER_ONLY = frozenset({"Ambush", "Kidnap", "Assassinate"})


# ======================================================================================
# trying a plan out
# ======================================================================================
def _rewind(dice: DiceSource | None) -> None:
    rewind = getattr(dice, "rewind", None)  # a MemoDice replays the dice asked before
    if rewind is not None:
        rewind()


def _run(state: GameState, faction: Faction, dice: DiceSource | None,
         steps: list[tuple[Command, dict[str, Any]]]) -> GameState:
    """The commands of ``steps`` executed in order on a copy of ``state`` for
    ``faction`` (each with its Context fields); InputError if one breaks a rule."""
    _rewind(dice)
    after = state.clone()
    try:
        for cmd, fields in steps:
            ctx = Context(faction=faction, **fields)
            if dice is not None:
                ctx.dice = dice
            cmd.execute(after, ctx)
    except IllegalAction as err:
        raise InputError(str(err)) from None
    return after


def final_card(state: GameState, faction: Faction) -> bool:
    """2.3.9: a player Faction may not March on the final Event card."""
    return (state.phase == "card" and is_final_event_card(state)
            and not is_nonplayer(state, faction))


def _most(state: GameState, faction: Faction, free: bool, limited: bool, n: int) -> int:
    """How many spaces at 1 Resource each can be selected (a Limited Operation: 1)."""
    budget = 99 if free else state.resources[faction]
    return min(n, budget, 1 if limited else 99)


def _guerrillas_detail(state: GameState, space: int, faction: Faction) -> str:
    u, a = state.underground(space, faction), state.active(space, faction)
    bits = [f"{n} {side}" for n, side in ((u, "Underground"), (a, "Active")) if n]
    if state.bases(space, faction):
        bits.append(f"{state.bases(space, faction)} Base")
    return ", ".join(bits) or f"no {faction.label} pieces"


# ======================================================================================
# which Operations and Special Activities are open
# ======================================================================================
def operation_problem(state: GameState, faction: Faction, name: str,
                      limited: bool = False, free: bool = False) -> str | None:
    """Why ``faction`` cannot execute Operation ``name`` now (None if it can); ``free``:
    at no Resource cost (Ship 2.3.6, 3.1.2)."""
    r = 99 if free else state.resources[faction]
    if name == "Rally":
        if r < 1:
            return "Rally costs 1 Resource per space"
        # rally_actions is empty where Rally may not go (rally_spaces): stop at the first
        if any(ops.rally_actions(state, faction, s.id) for s in MAP.spaces if not s.is_loc):
            return None
        return "no City or Department to Rally in"
    if name == "March":
        if final_card(state, faction):
            return "no March on the final Event card (2.3.9)"
        if next(_march_origins(state, faction, _unmoved(state, faction), set(), r), None) \
                is None:  # the first origin found is enough
            return "no Guerrilla can March"
        return None
    if name == "Attack":
        if r < 1:
            return "Attack costs 1 Resource per space"
        return None if ops.attack_spaces(state, faction) else "no space to Attack"
    if name == "Terror":
        spaces = ops.terror_spaces(state, faction)
        if not spaces:
            return "no Underground Guerrilla to Terrorize with"
        if r < 1 and not any(MAP[s].is_loc for s in spaces):
            return "Terror costs 1 Resource per City or Department"
        return None
    return f"unknown Operation {name}"


def special_problem(state: GameState, faction: Faction, name: str, op: str) -> str | None:
    """Why Special Activity ``name`` cannot accompany Operation ``op`` now (None if it
    may; whether it then finds something to do is asked once the Operation is known)."""
    if name not in SPECIALS.get(faction, ()):
        return f"{faction.label} have no {name}"
    accompanies = SPECIAL_COMMANDS[name].accompanies  # empty: any Operation
    if accompanies and op not in accompanies:
        return f"{name} accompanies only {' or '.join(sorted(accompanies))} (4.1.1)"
    if name == "Ambush" and not ops.ambush_spaces(state, faction):
        return "no space where an Attack could be an Ambush"
    if name == "Kidnap" and not any(isa.kidnap_problem(state, s) is None
                                    for s in ops.terror_spaces(state, faction)):
        return "no Terror space where FARC could Kidnap"
    if name == "Assassinate" and not any(isa.assassinate_problem(state, s) is None
                                         for s in ops.terror_spaces(state, faction)):
        return "no Terror space where AUC could Assassinate"
    if name == "Bribe":
        if state.resources[faction] < isa.BRIBE_COST:
            return "Bribe costs 3 Resources per space"
        if not isa.bribe_spaces(state):
            return "no piece to Bribe"
    if name == "Process" and op != "Rally" and not isa.process_spaces(state):
        return "no Cartels Base to Process"
    return None


def _special_targets(state: GameState, faction: Faction, name: str,
                     op: Operation | None) -> bool:
    """Whether Special Activity ``name`` has anything to act on in ``state``."""
    if name == "Extort":
        return bool(isa.extort_spaces(state, faction))
    if name == "Ambush":
        return bool(ops.ambush_spaces(state, faction))
    if name == "Kidnap":
        return op is not None and bool(isa.kidnap_spaces(state, op.spaces()))
    if name == "Assassinate":
        return op is not None and bool(isa.assassinate_spaces(state, op.spaces()))
    if name == "Cultivate":
        return bool(isa.cultivate_destinations(state, op))
    if name == "Process":
        return bool(isa.process_spaces(state))
    if name == "Bribe":
        return state.resources[faction] >= isa.BRIBE_COST and bool(isa.bribe_spaces(state))
    return False


_OP_DETAIL = {
    "Rally": "1 Resource per space: place Guerrillas, build a Base or regroup (3.3.1)",
    "March": "1 Resource per City or Department entered, LoCs free (3.3.2)",
    "Attack": "1 Resource per space: roll against your Guerrillas there (3.3.3)",
    "Terror": "1 Resource per City or Department, LoCs free (3.3.4)",
}
_SA_DETAIL = {
    "Extort": "+1 Resource per space you Control with an Underground Guerrilla (4.3.1)",
    "Ambush": "1 Attack space: Activate 1 Guerrilla, no die, it succeeds (4.3.2)",
    "Kidnap": "up to 3 Terror spaces: take a die of Resources (4.3.3)",
    "Assassinate": "up to 3 Terror spaces: remove 1 enemy piece each (4.4.2)",
    "Cultivate": "bring a Cartels Base to 1 space (4.5.1)",
    "Process": "remove Cartels Bases for +3 each, or place 1-2 Shipments (4.5.2)",
    "Bribe": "3 Resources per space, up to 3: remove or flip pieces (4.5.4)",
}


# ======================================================================================
# Operation + Special Activity
# ======================================================================================
#: The key, in a decision's ``kept`` dict (a DecisionContext's ``extra``), of what the
#: Operation form found on the decision's board (:func:`_found`).
FOUND = "insurgent operation found"


def _found(kept: dict[str, Any] | None, state: GameState, key: tuple[Any, ...],
           make: Callable[[], Any]) -> Any:
    """``make()``, found once per decision for the board ``state``: a form asked an
    agent is replayed for every answer tried (:meth:`FormRun.legal_question`), and the
    board does not change while a form runs, so what was found on it by the same
    question, with the same form values (``key``), is kept in ``kept`` (for the board
    :func:`operation_form` set it up for; found afresh on any other board, and with no
    ``kept``). Only for values the form reads and never changes."""
    memo = kept.get(FOUND) if kept is not None else None
    if memo is None or memo[0] is not state:
        return make()
    found: dict[tuple[Any, ...], Any] = memo[1]
    if key not in found:
        found[key] = make()
    return found[key]


def operation_form(state: GameState, faction: Faction, limited: bool,
                   dice: DiceSource | None = None, kept: dict[str, Any] | None = None,
                   problem: Callable[[str], str | None] | None = None) -> Form:
    """Choose an Operation, optionally a Special Activity and when it happens, then fill
    in both (a Limited Operation: 1 space, no Special Activity, 2.3.5); finally ask
    where displaced Shipments go (4.5.3). Returns the OperationAction (``kept``: see
    :func:`transfers_form`; ``problem``: :func:`operation_problem` of this state by
    name, as the decision's menu already checked it)."""
    if problem is None:
        def problem(name: str) -> str | None:
            return operation_problem(state, faction, name, limited)
    if kept is not None:
        memo = kept.get(FOUND)
        if memo is None or memo[0] is not state:  # a board of its own each decision
            kept[FOUND] = (state, {})
    options = [Option(n, n, _OP_DETAIL[n]) for n in OPERATIONS if problem(n) is None]
    if not options:
        raise InputError("no Operation is possible now")
    what = "Limited Operation (1 space)" if limited else "Operation"
    op_name = yield Question.one(f"{faction.label}: which {what}? (Resources "
                                 f"{state.resources[faction]})", options)
    sa_name = None
    if not limited:
        specials = [Option(None, "no Special Activity", aliases=("none",))]
        for name in _found(kept, state, ("specials", faction, op_name), lambda: [
                n for n in SPECIALS[faction]
                if special_problem(state, faction, n, op_name) is None]):
            specials.append(Option(name, name, _SA_DETAIL[name]))
        if len(specials) > 1:
            sa_name = yield Question.one(f"{faction.label}: Special Activity (4.1)?", specials)
    first = False
    # one test of what a Special Activity first leaves, shared by the question whether it
    # may go first and its form: each Extort or Bribe is tried once
    keep = _leaves(state, faction, op_name, limited, dice)
    if sa_name is not None and sa_name not in _AFTER_ONLY and _found(
            kept, state, ("first", faction, sa_name, op_name, limited),
            lambda: _may_go_first(state, faction, sa_name, op_name, keep)):
        first = yield Question.one(
            f"{sa_name} before or after the {op_name}?",
            [Option(False, f"after the {op_name}"), Option(True, f"before the {op_name}")],
        )
    final = final_card(state, faction)
    op_fields: dict[str, Any] = {"limited": limited, "final_card": final}
    sa: SpecialActivity | None = None
    if sa_name is not None and first:
        sa = yield from special_form(state, faction, sa_name, None, dice,
                                     reserve=_reserve(state, faction, op_name),
                                     keep=keep)
        board = _run(state, faction, dice, [(sa, {})])
        blocked = operation_problem(board, faction, op_name, limited)
        if blocked is not None:
            raise InputError(f"after this {sa_name} no {op_name} is possible: {blocked}")
        op = yield from op_form(board, faction, op_name, limited, dice, kept=kept)
    elif sa_name == "Ambush":  # resolved inside the Attack: its space is chosen first
        space = yield from ambush_space_form(state, faction)
        sa = ops.Ambush(space=space)
        op = yield from attack_form(state, faction, limited, include=space)
    else:
        op = yield from op_form(state, faction, op_name, limited, dice, kept=kept)
        if sa_name is not None:
            board = _run(state, faction, dice, [(op, op_fields)])
            if _special_targets(board, faction, sa_name, op):
                sa = yield from special_form(board, faction, sa_name, op, dice)
            else:
                yield from without_special_form(op_name, sa_name)
    ship: int | None = None
    ship_op: Operation | None = None
    if sa is None:
        ship, ship_op = yield from ship_form(state, faction, op, op_fields, dice)
    return (yield from transfers_form(
        state, faction, dice,
        lambda transfers: sequence.OperationAction(op, sa, special_first=bool(first),
                                                   ship=ship, ship_op=ship_op,
                                                   transfers=transfers), kept))


def ship_form(state: GameState, faction: Faction, op: Operation, op_fields: dict[str, Any],
              dice: DiceSource | None) -> Form:
    """2.3.6 Ship: after an Operation that paid Resources, with no Special Activity, a
    Shipment (the Faction's own, or another Faction's that removes it to enable this)
    may be removed for an immediate free Limited Operation of any type. Asked only when
    possible; returns (Shipment index, Limited Operation) or (None, None)."""
    if not any(state.shipments) or int(faction) in state.step.get("shipped", []):
        return None, None
    board = _run(state, faction, dice, [(op, op_fields)])
    on_map = [(i, s) for i, s in enumerate(board.shipments) if s is not None]
    if not on_map or board.resources[faction] >= state.resources[faction]:
        return None, None  # no Shipment left, or the Operation paid nothing
    names = [n for n in OPERATIONS if operation_problem(board, faction, n, True, free=True)
             is None]
    if not names:
        return None, None
    opts = [Option(None, "no Ship", aliases=("no", "none"))] + [
        Option(i, f"{Faction(owner).label} Shipment in {space_name(space)}",
               "your own" if owner == int(faction) else f"{Faction(owner).label} remove it")
        for i, (space, owner) in on_map]
    index = yield Question.one(
        f"Ship (2.3.6)? Remove a Shipment for a free Limited Operation after this {op.name}",
        opts)
    if index is None:
        return None, None
    board.remove_shipment(index)
    name = names[0]
    if len(names) > 1:
        name = yield Question.one("Ship: which free Limited Operation (1 space)?",
                                  [Option(n, n, _OP_DETAIL[n]) for n in names])
    ship_op = yield from op_form(board, faction, name, True, dice, free=True)
    return index, ship_op


def op_form(state: GameState, faction: Faction, name: str, limited: bool = False,
            dice: DiceSource | None = None, free: bool = False,
            kept: dict[str, Any] | None = None) -> Form:
    """Operation ``name``'s form (``kept``: the decision's, :func:`_found`)."""
    if name == "Rally":
        return (yield from rally_form(state, faction, limited, free))
    if name == "March":
        return (yield from march_form(state, faction, limited, free, kept))
    if name == "Attack":
        return (yield from attack_form(state, faction, limited, free))
    if name == "Terror":
        return (yield from terror_form(state, faction, limited, free))
    raise InputError(f"unknown Operation {name}")


def _may_go_first(state: GameState, faction: Faction, sa_name: str, op_name: str,
                  keep: Callable[[SpecialActivity], bool]) -> bool:
    """Whether Special Activity ``sa_name`` can be carried out before ``op_name`` and
    leave it possible (``keep``: :func:`_leaves`): some Extort space, or some Bribe
    within the Resources the Operation needs, after which the Operation still has a
    space (4.1)."""
    if not _special_targets(state, faction, sa_name, None):
        return False
    # the trials are made one at a time: the first that leaves the Operation possible ends it
    if sa_name == "Extort":
        trials: Iterator[SpecialActivity] = (isa.Extort(where=(s,))
                                             for s in isa.extort_spaces(state, faction))
    elif sa_name == "Bribe":
        if state.resources[faction] - _reserve(state, faction, op_name) < isa.BRIBE_COST:
            return False
        trials = (isa.Bribe(where=(s,), remove=(tuple(int(k) for k in r),),
                            flip=(tuple(int(k) for k in f),))
                  for s in isa.bribe_spaces(state) for r, f in isa.iter_bribe_plans(state, s))
    else:
        return True  # Cultivate, Process: a Rally or March stays possible after them
    return any(keep(sa) for sa in trials)


def _leaves(state: GameState, faction: Faction, op_name: str, limited: bool,
            dice: DiceSource | None) -> Callable[[SpecialActivity], bool]:
    """A test of a Special Activity carried out first: does Operation ``op_name``
    remain possible after it? Each Special Activity is tried once (a run of it on a
    copy of the board and the Operation's check): the answers are kept."""
    tried: dict[SpecialActivity, bool] = {}

    def keep(sa: SpecialActivity) -> bool:
        if sa not in tried:
            try:
                board = _run(state, faction, dice, [(sa, {})])
            except InputError:
                tried[sa] = False
            else:
                tried[sa] = operation_problem(board, faction, op_name, limited) is None
        return tried[sa]

    return keep


def _reserve(state: GameState, faction: Faction, op_name: str) -> int:
    """Resources a Special Activity paid before Operation ``op_name`` must leave for it:
    0 if the Operation can be free (a Terror or March on LoCs), else 1."""
    broke = state.clone()
    broke.resources[faction] = 0
    return 0 if operation_problem(broke, faction, op_name) is None else 1


def special_form(state: GameState, faction: Faction, name: str, op: Operation | None,
                 dice: DiceSource | None = None, reserve: int = 0,
                 keep: Callable[[SpecialActivity], bool] | None = None) -> Form:
    """The form of Special Activity ``name`` accompanying ``op`` (None: it comes first;
    then ``reserve`` Resources stay for the Operation and ``keep`` filters out choices
    after which the Operation would be impossible)."""
    if name == "Extort":
        return (yield from extort_form(state, faction, keep))
    if name == "Kidnap":
        assert op is not None
        return (yield from kidnap_form(state, op))
    if name == "Assassinate":
        assert op is not None
        return (yield from assassinate_form(state, op))
    if name == "Cultivate":
        return (yield from cultivate_form(state, op))
    if name == "Process":
        return (yield from process_form(state))
    if name == "Bribe":
        return (yield from bribe_form(state, reserve, keep))
    raise InputError(f"unknown Special Activity {name}")


# ======================================================================================
# Shipments displaced during the plan (4.5.3)
# ======================================================================================
class NeedTransfer(Exception):
    """Raised while trying a plan out: a player owner chooses where a Shipment goes."""

    def __init__(self, space: int, owner: Faction, options: list[Faction]) -> None:
        super().__init__(space)
        self.space, self.owner, self.options = space, owner, options


def transfers_form(state: GameState, faction: Faction, dice: DiceSource | None,
                   build: Callable[[tuple[tuple[int, int, int], ...]], Command],
                   kept: dict[str, Any] | None = None) -> Form:
    """Try the command ``build(transfers)`` out; each time a Shipment of a person-run
    Faction loses its last Guerrilla of that Faction in a space with Guerrillas of 2+
    Factions, ask its owner which Faction's Guerrilla takes it (4.5.3). ``kept``: where
    to leave the last try, an unfinished :class:`~decisions.base.Trial`."""
    transfers: list[tuple[int, int, int]] = []
    if kept is not None:
        kept.pop(TRIAL, None)

    def decide(st: GameState, space: int, owner: Faction,
               options: list[Faction]) -> Faction | None:
        if len(options) > 1:
            raise NeedTransfer(space, owner, list(options))
        return None

    while True:
        cmd = build(tuple(transfers))
        _rewind(dice)
        trial = state.clone()
        trial.roll_log = []  # this command's rolls, as core.game.begin_command starts it
        ctx = Context(faction=faction)
        if dice is not None:
            ctx.dice = dice
        try:
            with trial.shipment_decider(decide):
                cmd.execute(trial, ctx)
        except NeedTransfer as need:
            pick = yield Question.one(
                f"{need.owner.label} Shipment in {space_name(need.space)}: no "
                f"{need.owner.label} Guerrilla is left there. Which Faction's Guerrilla "
                f"takes it (4.5.3, {need.owner.label} decides)?",
                [Option(f, f.label, f"{trial.guerrillas(need.space, f)} Guerrillas there")
                 for f in need.options],
            )
            transfers.append((need.space, int(need.owner), int(pick)))
            continue
        except IllegalAction as err:
            raise InputError(str(err)) from None
        if kept is not None:
            kept[TRIAL] = Trial(cmd, state, dice, trial, ctx, finished=False)
        return cmd


# ======================================================================================
# Rally (3.3.1)
# ======================================================================================
_RALLY_LABEL = {
    ops.RALLY_PLACE: "place Guerrillas",
    ops.RALLY_BASE: "replace 2 Guerrillas with a Base",
    ops.RALLY_REGROUP: "regroup: move Guerrillas in, flip all there Underground",
}


def rally_candidates(state: GameState, faction: Faction) -> list[int]:
    """Spaces ``faction`` may select for Rally where a Rally can do something."""
    return [s for s in ops.rally_spaces(state, faction) if ops.rally_actions(state, faction, s)]


def rally_form(state: GameState, faction: Faction, limited: bool = False,
               free: bool = False) -> Form:
    """Select Cities or Departments (FARC: no Support, AUC: no Opposition), then in each
    place Guerrillas, build a Base or regroup (3.3.1)."""
    recall = yield from recall_form(state, faction)
    if recall:
        state = state.clone()
        try:
            recall_own_pieces(state, Context(faction=faction), recall)
        except IllegalAction as err:
            raise InputError(str(err)) from None
    candidates = rally_candidates(state, faction)
    most = _most(state, faction, free, limited, len(candidates))
    if most < 1:
        raise InputError("Rally costs 1 Resource per space")

    def detail(s: int) -> str:
        acts = ops.rally_actions(state, faction, s)
        bits = [_guerrillas_detail(state, s, faction)]
        if ops.RALLY_PLACE in acts:
            most = ops.rally_place_limit(state, faction, s)
            bits.append(f"place up to {most}" if most else "no Guerrilla to place")
        if ops.RALLY_BASE in acts:
            bits.append("Base possible")
        return "; ".join(bits)

    cost = "free" if free else f"1 Resource each, Resources {state.resources[faction]}"
    selected = yield Question.many(
        f"{faction.label} Rally: select Cities or Departments ({cost}; "
        f"{state.available_guerrillas(faction)} Guerrillas, "
        f"{state.available_bases(faction)} Bases Available)",
        space_options(candidates, detail, later=True), 1, most,
    )
    sim = state.clone()
    steps: list[ops.RallyStep] = []
    for space in selected:
        step = yield from rally_step_form(sim, faction, space)
        try:
            ops.resolve_rally(sim, Context(faction=faction, free=True), *step)
        except IllegalAction as err:
            raise InputError(str(err)) from None
        steps.append(step)
    return ops.Rally(steps=tuple(steps), recall=recall)


def recall_form(state: GameState, faction: Faction) -> Form:
    """1.4.1 bullet 2: a player Faction executing an Operation may first remove its own
    pieces to Available, e.g. Guerrillas to place them Underground. Offered only when
    none of its Guerrillas or Bases is Available; returns the ``recall`` entries."""
    short = [what for what, n in (("Guerrillas", state.available_guerrillas(faction)),
                                  ("Bases", state.available_bases(faction))) if n == 0]
    if not short:
        return ()
    go = yield Question.yes_no(
        f"No {faction.label} {' or '.join(short)} Available: first remove some of your "
        "own pieces from the map to Available (1.4.1)?", default=False)
    if not go:
        return ()
    sim = state.clone()
    recall: list[ops.Recall] = []
    kinds = (UNDERGROUND_OF[faction], ACTIVE_OF[faction], BASE_OF[faction])
    while True:
        held = [(s.id, k) for s in MAP.spaces for k in kinds if sim.count(s.id, k)]
        if not held:
            break
        pick = yield Question.one(
            "Remove which of your pieces to Available?",
            [done_option("done removing")] + [
                Option((s, k), f"{k.label} in {space_name(s)}", f"{sim.count(s, k)} there")
                for s, k in held])
        if pick == DONE:
            break
        space, kind = pick
        n = 1
        if sim.count(space, kind) > 1:
            n = yield Question.number(f"How many {kind.label} from {space_name(space)}?",
                                      1, sim.count(space, kind), default=1)
        sim.remove(space, kind, n)
        recall.append((space, int(kind), n))
    return tuple(recall)


def rally_step_form(state: GameState, faction: Faction, space: int) -> Form:
    """What the Rally does in ``space``: returns a :data:`~ops.RallyStep`."""
    name = space_name(space)
    actions = ops.rally_actions(state, faction, space)
    if not actions:
        raise InputError(f"a Rally can do nothing in {name}")
    action = actions[0]
    if len(actions) > 1:
        action = yield Question.one(f"Rally in {name}: what?",
                                    [Option(a, _RALLY_LABEL[a]) for a in actions])
    if action == ops.RALLY_PLACE:
        limit = ops.rally_place_limit(state, faction, space)
        lo = 0 if state.bases(space, faction) else min(1, limit)
        n = limit
        if limit > lo:
            n = yield Question.number(
                f"Rally in {name}: how many {faction.label} Guerrillas to place "
                f"({state.available_guerrillas(faction)} Available)?", lo, limit, default=limit)
        return ops.rally_step(space, ops.RALLY_PLACE, n)
    if action == ops.RALLY_BASE:
        mixes = [a for a in range(3) if state.active(space, faction) >= a
                 and state.underground(space, faction) >= 2 - a]
        active = mixes[0]
        if len(mixes) > 1:
            active = yield Question.one(
                f"Rally in {name}: which 2 Guerrillas become the Base?",
                [Option(a, f"{a} Active and {2 - a} Underground") for a in mixes])
        return ops.rally_step(space, ops.RALLY_BASE, active)
    moves = yield from _regroup_moves(state, faction, space)
    return ops.rally_step(space, ops.RALLY_REGROUP, 0, moves)


def _regroup_moves(state: GameState, faction: Faction, space: int) -> Form:
    """Guerrillas moved in from any spaces to a Rally with a Base there (3.3.1)."""
    moves: list[ops.RallyMove] = []
    used: set[int] = set()
    room = state.room(space, faction)
    while room > 0:
        sources = [s.id for s in MAP.spaces if s.id != space and s.id not in used
                   and state.guerrillas(s.id, faction)]
        if not sources:
            break
        # a space whose group size is asked next is taken (_group_asks)
        sure = partial(_sure_sources, state, faction, sources, room)
        src = yield Question.one(
            f"Rally in {space_name(space)}: move {faction.label} Guerrillas in from where?",
            [done_option("no more (flip all there Underground)")]
            + space_options(sources, lambda s: _guerrillas_detail(state, s, faction)),
            sure=sure)
        if src == DONE:
            break
        u, a = yield from _group_size(state, faction, src, state.underground(src, faction),
                                      state.active(src, faction), room)
        ships = yield from _carried(state, faction, src, u + a)
        used.add(src)
        room -= u + a
        moves.append((src, u, a, ships))
    return tuple(moves)


def _group_asks(under: int, active: int, room: int) -> bool:
    """Whether :func:`_group_size` asks a question at once (how many Underground, or
    else how many Active), before any check: an answer leading to it is sure to be
    taken (:attr:`Question.sure`)."""
    u = min(under, room)
    if u and (active or u > 1):
        return True
    a = min(active, room - u)
    return bool(a and (u or a > 1))


def _sure_sources(state: GameState, faction: Faction, sources: list[int],
                  room: int) -> frozenset[int]:
    """The regroup spaces (options from 1) whose group size is asked next."""
    return frozenset(i for i, s in enumerate(sources, 1) if _group_asks(
        state.underground(s, faction), state.active(s, faction), room))


def _sure_origins(origins: dict[int, list[int]], first: int,
                  only: int | None) -> frozenset[int]:
    """The March origins (options from ``first``) whose destination is asked next."""
    return frozenset(i for i, s in enumerate(origins, first)
                     if len(origins[s]) > 1 or only is None)


def _sure_destinations(sim: GameState, faction: Faction, dests: list[int], under: int,
                       active: int) -> frozenset[int]:
    """The March destinations whose group size is asked next."""
    return frozenset(i for i, d in enumerate(dests)
                     if _group_asks(under, active, sim.room(d, faction)))


def _group_size(state: GameState, faction: Faction, src: int, under: int, active: int,
                room: int = 99) -> Form:
    """How many Underground and Active Guerrillas of ``src`` move (1+ in all; the
    questions asked at once: :func:`_group_asks`)."""
    name = space_name(src)
    u = min(under, room)
    if u and (active or u > 1):
        u = yield Question.number(f"How many Underground {faction.label} Guerrillas from "
                                  f"{name}?", 0 if active else 1, u, default=u)
    a = min(active, room - u)
    if a and (u or a > 1):
        a = yield Question.number(f"How many Active {faction.label} Guerrillas from {name}?",
                                  0 if u else 1, a, default=a)
    if u + a == 0:
        raise InputError("a group moves at least 1 Guerrilla")
    return u, a


def _carried(state: GameState, faction: Faction, src: int, moving: int) -> Form:
    """How many of ``faction``'s Shipments in ``src`` the ``moving`` Guerrillas carry
    (4.5.3); all of them, unasked, when no Guerrilla of ``faction`` stays behind."""
    held = len(state.shipments_at(src, faction))
    if not held or state.guerrillas(src, faction) <= moving:
        return held
    n = yield Question.number(
        f"Carry how many of the {held} {faction.label} Shipments in {space_name(src)} with "
        "them (4.5.3)?", 0, held, default=held)
    return n


# ======================================================================================
# March (3.3.2)
# ======================================================================================
def _unmoved(state: GameState, faction: Faction) -> dict[tuple[int, Piece], int]:
    """Where ``faction``'s Guerrillas are, by (space, Underground or Active): the
    March's pieces not moved yet, in space order."""
    under, active = UNDERGROUND_OF[faction], ACTIVE_OF[faction]
    pieces = state.pieces
    unmoved: dict[tuple[int, Piece], int] = {}
    for space, (u, a) in enumerate(zip(pieces[under::K], pieces[active::K])):
        if u:
            unmoved[(space, under)] = u
        if a:
            unmoved[(space, active)] = a
    return unmoved


def march_origins(state: GameState, faction: Faction, unmoved: dict[tuple[int, Piece], int],
                  pairs: set[tuple[int, int]], budget: int, entered: set[int] | None = None,
                  only: int | None = None) -> dict[int, list[int]]:
    """Origins with unmoved Guerrillas and the destinations still open from each
    (adjacent, in play, with room, not already used by a group from there, affordable,
    and the Limited Operation's single destination ``only``)."""
    return dict(_march_origins(state, faction, unmoved, pairs, budget, entered, only))


def _march_origins(state: GameState, faction: Faction, unmoved: dict[tuple[int, Piece], int],
                   pairs: set[tuple[int, int]], budget: int, entered: set[int] | None = None,
                   only: int | None = None) -> Iterator[tuple[int, list[int]]]:
    """:func:`march_origins` one origin at a time, in space order (so a caller asking
    whether there is any stops at the first)."""
    entered = entered or set()
    paid = len([d for d in entered if not MAP[d].is_loc])
    sources = sorted({space for (space, _), n in unmoved.items() if n})
    for src in sources:
        dests = [d for d in ops.march_destinations(state, faction, src)
                 if (src, d) not in pairs
                 and (MAP[d].is_loc or d in entered or paid < budget)
                 and (only is None or d == only)]
        if dests:
            yield src, dests


def march_form(state: GameState, faction: Faction, limited: bool = False,
               free: bool = False, kept: dict[str, Any] | None = None) -> Form:
    """Groups of Guerrillas move to adjacent spaces, each Guerrilla once, carrying
    Shipments if wished; a group turns Active when exposed (3.3.2)."""
    if final_card(state, faction):
        raise InputError("no March on the final Event card (2.3.9)")
    unmoved = _unmoved(state, faction)
    budget = 99 if free else state.resources[faction]
    groups: list[ops.MarchGroup] = []
    pairs: set[tuple[int, int]] = set()
    entered: set[int] = set()
    only: int | None = None
    sim = state.clone()
    U, A = UNDERGROUND_OF[faction], ACTIVE_OF[faction]
    while True:
        origins = _found(kept, state, ("march", faction, tuple(unmoved.items()),
                                       frozenset(pairs), budget, frozenset(entered), only),
                         partial(march_origins, state, faction, unmoved, pairs, budget,
                                 entered, only))
        if not origins:
            break
        opts = [done_option("done marching")] if groups else []
        opts += [space_option(s, partial(_not_moved, unmoved.get((s, U), 0),
                                         unmoved.get((s, A), 0))) for s in origins]
        # an origin whose destination is asked next is taken (the question is asked at
        # once, below); "done" and an origin with its one destination go on to checks
        sure = partial(_sure_origins, origins, len(opts) - len(origins), only)
        src = yield Question.one(
            f"{faction.label} March: move Guerrillas from which space? (1 Resource per City "
            f"or Department entered, LoCs free; Resources {sim.resources[faction]})", opts,
            sure=sure)
        if src == DONE:
            break

        def detail(d: int, sim: GameState = sim, entered: frozenset[int] = frozenset(entered)
                   ) -> str:
            cost = "LoC, free" if MAP[d].is_loc else (
                "already paid" if d in entered else "1 Resource")
            return f"{cost}; {_exposure(sim, faction, d)}"

        dst = origins[src][0]
        if len(origins[src]) > 1 or only is None:
            # a destination where the group's size is asked next is taken (_group_asks)
            sure = partial(_sure_destinations, sim, faction, origins[src],
                           unmoved.get((src, U), 0), unmoved.get((src, A), 0))
            dst = yield Question.one(f"March from {space_name(src)} to?",
                                     space_options(origins[src], detail, later=True),
                                     sure=sure)
        u, a = yield from _group_size(state, faction, src, unmoved.get((src, U), 0),
                                      unmoved.get((src, A), 0), sim.room(dst, faction))
        ships = yield from _carried(sim, faction, src, u + a)
        group = ops.march_group(src, dst, u, a, ships)
        trial = sim.clone()
        try:
            ops.March(groups=(group,)).execute(trial, Context(faction=faction, free=True))
        except IllegalAction as err:
            raise InputError(str(err)) from None
        sim = trial
        if not (free or MAP[dst].is_loc or dst in entered):
            sim.resources[faction] -= 1
        groups.append(group)
        pairs.add((src, dst))
        entered.add(dst)
        unmoved[(src, U)] = unmoved.get((src, U), 0) - u
        unmoved[(src, A)] = unmoved.get((src, A), 0) - a
        if limited:
            only = dst
    if not groups:
        raise InputError("no Guerrilla can March")
    return ops.March(groups=tuple(groups))


def _not_moved(underground: int, active: int) -> str:
    """A March origin's detail: its Guerrillas not moved yet (made when read, from the
    counts when asked)."""
    bits = [f"{n} {side}" for n, side in ((underground, "Underground"), (active, "Active"))
            if n]
    return ", ".join(bits) + " not yet moved"


def _exposure(state: GameState, faction: Faction, dst: int) -> str:
    """When a group entering ``dst`` turns Active (3.3.2)."""
    for n in range(1, 5):  # exposed spaces: more than 3 with the cubes there (3.3.2)
        if ops.march_would_activate(state, faction, dst, n):
            return "any group turns Active" if n == 1 else f"a group of {n}+ turns Active"
    return "stays Underground" if not ops.march_would_activate(state, faction, dst, 99) \
        else "a group of 5+ turns Active"


# ======================================================================================
# Attack (3.3.3), Ambush (4.3.2)
# ======================================================================================
def attack_form(state: GameState, faction: Faction, limited: bool = False,
                free: bool = False, include: int | None = None) -> Form:
    """Select spaces with own Guerrillas and enemies, and in each the enemy pieces to
    remove if the Attack succeeds (up to 2, Bases last, 1.4.1). ``include``: a space
    already chosen (the Ambush's, 4.3.2), Attacked first."""
    candidates = ops.attack_spaces(state, faction)
    most = _most(state, faction, free, limited, len(candidates))
    if most < 1:
        raise InputError("Attack costs 1 Resource per space")
    cost = "free" if free else f"1 Resource each, Resources {state.resources[faction]}"
    selected = [include] if include is not None else []
    others = [s for s in candidates if s not in selected]
    if others and most > len(selected):
        selected += (yield Question.many(
            f"{faction.label} Attack{_ambush_note(include)}: select "
            f"{'other ' if selected else ''}spaces ({cost}; success if the die is at most "
            "your Guerrillas there)",
            space_options(others, lambda s: f"{_count(state.guerrillas(s, faction), faction)}"
                          f"; enemies: {_enemies(state, faction, s)}", later=True),
            0 if selected else 1, most - len(selected),
        ))
    targets = []
    for space in selected:
        choices = ops.attack_target_options(state, faction, space)
        kinds = choices[0]
        if len(choices) > 1:
            kinds = yield Question.one(
                f"Attack in {space_name(space)}: remove which enemy pieces if it succeeds?",
                [Option(c, pieces_text(c)) for c in choices])
        targets.append(ops.attack_in(space, *kinds))
    return ops.Attack(targets=tuple(targets))


def _ambush_note(space: int | None) -> str:
    return "" if space is None else f" (Ambush in {space_name(space)})"


def _count(n: int, faction: Faction) -> str:
    return f"{n} {faction.label} Guerrilla{'' if n == 1 else 's'}"


def _enemies(state: GameState, faction: Faction, space: int) -> str:
    kinds = [k for k in Piece if k.faction is not faction for _ in range(state.count(space, k))]
    return pieces_text(kinds)


def ambush_space_form(state: GameState, faction: Faction) -> Form:
    """The Ambush space (4.3.2), chosen before the other Attack spaces: an Attack space
    with an own Underground Guerrilla; the Attack there succeeds without a die."""
    spaces = ops.ambush_spaces(state, faction)
    if not spaces:
        raise InputError("no Attack space with an Underground Guerrilla to Ambush from")
    space = spaces[0]
    if len(spaces) > 1:
        space = yield Question.one(
            "Ambush: in which space (it is Attacked first and succeeds without a die, "
            "4.3.2)?",
            space_options(spaces, lambda s: f"{_guerrillas_detail(state, s, faction)}; "
                          f"enemies: {_enemies(state, faction, s)}", later=True))
    return space


# ======================================================================================
# Terror (3.3.4)
# ======================================================================================
def terror_form(state: GameState, faction: Faction, limited: bool = False,
                free: bool = False) -> Form:
    """Select spaces one at a time, each offered only while the Resources pay for it
    (1 per City or Department, LoCs free, 3.3.4)."""
    candidates = ops.terror_spaces(state, faction)
    if not candidates:
        raise InputError("no Underground Guerrilla to Terrorize with")
    end = "Active Opposition" if faction is FARC else "Neutral"

    def detail(s: int) -> str:
        if MAP[s].is_loc:
            return "LoC, free: Sabotage"
        now = SUPPORT_LABELS[state.support[s]]
        if now == end:  # a space already there is not shifted (issue 31)
            return f"1 Resource: Terror, no shift (already {now})"
        return f"1 Resource: Terror, shift toward {end} (now {now})"

    aid = " AUC Terror also cuts Aid: -3 for 1 space, -5 for 2+." if faction is AUC else ""
    selected: list[int] = []
    while not (limited and selected):
        left = 99 if free else state.resources[faction] - ops.terror_cost(selected)
        open_ = [s for s in candidates if s not in selected and (MAP[s].is_loc or left >= 1)]
        if not open_:
            break
        opts = [done_option("done")] if selected else []
        cost = "free" if free else f"Resources left {left}"
        pick = yield Question.one(
            f"{faction.label} Terror: {'another' if selected else 'which'} space? (1 "
            f"Resource per City or Department, LoCs free; {cost}).{aid}",
            opts + space_options(open_, detail))
        if pick == DONE:
            break
        selected.append(pick)
    if not selected:
        raise InputError("Terror costs 1 Resource per City or Department")
    return ops.Terror(where=tuple(selected))


# ======================================================================================
# Special Activities (4.3-4.5)
# ======================================================================================
def extort_form(state: GameState, faction: Faction,
                keep: Callable[[SpecialActivity], bool] | None = None) -> Form:
    spaces = isa.extort_spaces(state, faction)
    if keep is not None:
        spaces = [s for s in spaces if keep(isa.Extort(where=(s,)))]
    if not spaces:
        raise InputError(f"no space {faction.label} Control with an Underground Guerrilla")
    picked = yield Question.many(
        f"{faction.label} Extort: where? (each: Activate 1 Underground Guerrilla, +1 Resource)",
        space_options(spaces, lambda s: _guerrillas_detail(state, s, faction), later=True), 1,
        len(spaces))
    return isa.Extort(where=tuple(picked))


def kidnap_form(state: GameState, op: Operation) -> Form:
    spaces = isa.kidnap_spaces(state, op.spaces())
    if not spaces:
        raise InputError("no Terror space where FARC may Kidnap")
    picked = yield Question.many(
        "Kidnap: in which Terror spaces (up to 3; a die of Resources from the target)?",
        space_options(spaces, lambda s: ", ".join(f.label for f in isa.kidnap_targets(state, s))),
        1, min(isa.MAX_KIDNAP_SPACES, len(spaces)))
    targets: list[Faction] = []
    auc_bases: list[int] = []
    for space in picked:
        name = space_name(space)
        options = isa.kidnap_targets(state, space)
        target = options[0]
        if len(options) > 1:
            target = yield Question.one(
                f"Kidnap in {name}: target?",
                [Option(f, f.label, _kidnap_detail(state, space, f)) for f in options])
        targets.append(target)
        ransom = target is CARTELS and state.shipments_at(space, CARTELS)
        # AUC's own choice: asked of a person-run AUC (a Non-player's is the command's
        # default, a Guerrilla where it fits)
        if not ransom and not MAP[space].is_loc and state.seats[AUC] is not None and \
                state.can_place(space, Piece.AUC_BASE) and \
                state.can_place(space, Piece.AUC_UNDERGROUND):
            base = yield Question.one(
                f"If the Kidnap die in {name} shows 6, AUC place 1 piece there (AUC decide):",
                [Option(False, "an AUC Guerrilla"), Option(True, "an AUC Base")])
            if base:
                auc_bases.append(space)
    return isa.Kidnap(where=tuple(picked), targets=tuple(targets), auc_bases=tuple(auc_bases))


def _kidnap_detail(state: GameState, space: int, target: Faction) -> str:
    if target is CARTELS and state.shipments_at(space, CARTELS):
        return "Drug Ransom: take a Cartels Shipment, no die"
    return f"{state.resources[target]} Resources"


def assassinate_form(state: GameState, op: Operation) -> Form:
    spaces = isa.assassinate_spaces(state, op.spaces())
    if not spaces:
        raise InputError("no Terror space where AUC may Assassinate")
    picked = yield Question.many(
        "Assassinate: in which Terror spaces (up to 3; remove 1 enemy piece each)?",
        space_options(spaces, lambda s: _enemies(state, AUC, s)),
        1, min(isa.MAX_ASSASSINATE_SPACES, len(spaces)))
    targets = []
    for space in picked:
        kinds = isa.assassinate_targets(state, space)
        kind = kinds[0]
        if len(kinds) > 1:
            kind = yield Question.one(f"Assassinate in {space_name(space)}: remove which piece?",
                                      [Option(k, k.label) for k in kinds])
        targets.append(int(kind))
    return isa.Assassinate(where=tuple(picked), targets=tuple(targets))


def cultivate_form(state: GameState, op: Operation | None) -> Form:
    dests = isa.cultivate_destinations(state, op)
    if not dests:
        raise InputError("no space where Cultivate can bring a Cartels Base")
    dst = yield Question.one(
        "Cultivate: which City or Department gets a Cartels Base (4.5.1)?",
        space_options(dests, lambda s: (
            f"{counted(state.guerrillas(s, CARTELS), 'Cartels Guerrilla')}, "
            f"{counted(state.police(s), 'Police')}")))
    sources: list[Option] = [
        space_option(s, "relocate 1 of its "
                     f"{counted(state.bases(s, CARTELS), 'Cartels Base')}")
        for s in isa.cultivate_sources(state, dst)
    ]
    if isa.cultivate_can_place(state, dst, op):
        sources.insert(0, Option(None, "place an Available Cartels Base",
                                 "a Department selected for the Rally", aliases=("available",)))
    source = sources[0].value
    if len(sources) > 1:
        source = yield Question.one(f"Cultivate in {space_name(dst)}: the Base comes from?",
                                    sources)
    return isa.Cultivate(space=dst, source=source)


def process_form(state: GameState) -> Form:
    spaces = isa.process_spaces(state)
    if not spaces:
        raise InputError("no Cartels Base to Process")
    holders = isa.process_holders(state) if state.shipments_available() else []
    modes = [Option("bases", "remove Cartels Bases", "+3 Resources each")]
    if holders:
        modes.insert(0, Option("ships", "place Shipments",
                               f"1 or 2 under Guerrillas ({state.shipments_available()} "
                               "available)"))
    mode = modes[0].value
    if len(modes) > 1:
        mode = yield Question.one("Process (4.5.2): which?", modes)
    if mode == "ships":
        picked = yield Question.many(
            "Process: place Shipments under which Guerrillas? (a pair may be named twice)",
            [Option(h, f"{h[1].label} Guerrilla in {space_name(h[0])}") for h in holders],
            1, min(isa.MAX_PROCESS_SHIPMENTS, state.shipments_available()), repeat=True)
        return isa.Process(shipments=tuple(picked))
    bases = [(s, i) for s in spaces for i in range(1, state.bases(s, CARTELS) + 1)]
    picked = yield Question.many(
        "Process: remove which Cartels Bases? (+3 Resources each)",
        [space_option(s, value=(s, i)) if state.bases(s, CARTELS) == 1 else
         Option((s, i), f"{space_name(s)} (Base {i})") for s, i in bases], 1, len(bases))
    return isa.Process(bases=tuple(s for s, _ in picked))


def _plan_label(plan: tuple[tuple[Piece, ...], tuple[Piece, ...]]) -> str:
    removed, flipped = plan
    bits = []
    if removed:
        bits.append("remove " + pieces_text(removed))
    for side, kinds in (("Active", [k for k in flipped if k in UNDERGROUND_OF.values()]),
                        ("Underground", [k for k in flipped if k in ACTIVE_OF.values()])):
        if kinds:
            bits.append(f"flip {pieces_text(kinds)} to {side}")
    return "; ".join(bits)


def bribe_form(state: GameState, reserve: int = 0,
               keep: Callable[[SpecialActivity], bool] | None = None) -> Form:
    """Up to 3 spaces at 3 Resources each (``reserve``: Resources to leave for an
    Operation still to come; ``keep``: which single-space Bribes leave it possible),
    each: up to 2 cubes, up to 2 Guerrillas or 1 Base (4.5.4)."""
    most = min(isa.MAX_BRIBE_SPACES, (state.resources[CARTELS] - reserve) // isa.BRIBE_COST)

    def kept(s: int, plan: tuple[tuple[Piece, ...], tuple[Piece, ...]]) -> bool:
        # each plan is run once: ``keep`` (insurgent._leaves) remembers its answers
        return keep is None or keep(isa.Bribe(
            where=(s,), remove=(tuple(int(k) for k in plan[0]),),
            flip=(tuple(int(k) for k in plan[1]),)))

    def plans_in(s: int) -> list[tuple[tuple[Piece, ...], tuple[Piece, ...]]]:
        return [p for p in isa.bribe_plans(state, s) if kept(s, p)]

    # a space is offered once one plan there is kept (trying them all costs a run each)
    spaces = [s for s in isa.bribe_spaces(state)
              if any(kept(s, p) for p in isa.iter_bribe_plans(state, s))]
    if most < 1 or not spaces:
        raise InputError("Bribe costs 3 Resources per space")
    picked = yield Question.many(
        f"Bribe: which spaces? (3 Resources each, up to {most}; Resources "
        f"{state.resources[CARTELS]})",
        space_options(spaces, lambda s: _enemies(state, CARTELS, s), later=True), 1,
        min(most, len(spaces)))
    removes, flips, contraband = [], [], []
    for space in picked:
        plans = plans_in(space)
        plan = plans[0]
        if len(plans) > 1:
            plan = yield Question.one(
                f"Bribe in {space_name(space)}: up to 2 cubes, up to 2 Guerrillas or 1 Base",
                [Option(p, _plan_label(p)) for p in plans])
        removed, flipped = plan
        removes.append(tuple(int(k) for k in removed))
        flips.append(tuple(int(k) for k in flipped))
        receiver = yield from _contraband(state, space, list(removed))
        if receiver is not None:
            contraband.append((space, receiver))
    return isa.Bribe(where=tuple(picked), remove=tuple(removes), flip=tuple(flips),
                     contraband=tuple(contraband))


def _contraband(state: GameState, space: int, removed: list[Piece]) -> Form:
    """Contraband (4.5.4): a Shipment the Bribe forces off may go to any Guerrilla there."""
    left = {f: state.guerrillas(space, f) - sum(1 for k in removed if k.faction is f
                                                and k.is_guerrilla) for f in INSURGENTS}
    forced = [i for i in state.shipments_at(space)
              if left[Faction(state.shipments[i][1])] <= 0]  # type: ignore[index]
    receivers = [f for f in INSURGENTS if left[f] > 0]
    if not forced or not receivers:
        return None
    if len(receivers) == 1:
        return receivers[0]
    pick = yield Question.one(
        f"Contraband: the Shipment forced off in {space_name(space)} goes to which "
        "Faction's Guerrilla (4.5.4)?", [Option(f, f.label) for f in receivers])
    return pick


# ======================================================================================
# Elite Backing (6.4.5): the AUC free Rally in the Propaganda Round
# ======================================================================================
def elite_backing_form(state: GameState, dice: DiceSource | None = None) -> Form:
    """Decline, or a free AUC Rally in 1 space with neither Opposition nor Government
    nor FARC Control (6.4.5)."""
    spaces = [s for s in prop.elite_backing_spaces(state)
              if ops.rally_actions(state, AUC, s)]
    opts = [Option(None, "decline Elite Backing", aliases=("decline", "no"))]
    opts += space_options(spaces, lambda s: _guerrillas_detail(state, s, AUC))
    space = yield Question.one("AUC Elite Backing: free Rally in which space (6.4.5)?", opts)
    if space is None:
        return prop.EliteBacking(None)
    step = yield from rally_step_form(state, AUC, space)
    rally = ops.Rally(steps=(step,))
    return (yield from transfers_form(
        state, AUC, dice, lambda transfers: prop.EliteBacking(rally, transfers)))


__all__ = [
    "OPERATIONS",
    "SPECIALS",
    "elite_backing_form",
    "operation_form",
    "operation_problem",
    "special_problem",
]
