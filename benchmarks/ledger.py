"""The Support/Opposition ledger of saved games (not a test): who builds and who destroys
Support, and where the Government's Civic Action room sits at each Support Phase.

    python benchmarks/ledger.py DIR [LABEL=DIR ...] [--common] [--events N] [--json]

Each ``DIR`` is a folder of saved games: the ``--out`` folder of ``andean batch
--keep-games`` (its ``games/`` subfolder is read) or any folder of save files
(``*.json``, docs/state-format.md). Give several to compare runs side by side (one column
each); ``LABEL=DIR`` names a column. ``--common`` keeps only the games (file names, the
seeds of a batch) every folder has, for a paired look at runs still filling up.
``--json`` prints every figure instead of the Markdown tables: each run's ``kinds`` and
``events`` summed over its games, its Support Phase and Eradicate figures as in the
tables, and ``per_game``, every game's own rows and phases.

How it works. Each game's log is replayed from its initial state, command by command,
by the engine's own replay (:meth:`core.game.Game.replay_entry`, the replay ``andean
verify`` makes; its end must equal the saved state, or the game is skipped and named).
The state before and after each command gives every space's change of Support/Opposition
level, weighted by the space's Population: the units of the victory totals (1.6.3) --
**Total Support** (Population x level in Support spaces, the Government's 60, 7.2) and
**Opposition** (Population x level in Opposition spaces, with FARC Bases the FARC 25).
Each change is booked to the Faction that executed the command (the log entry's
``faction``) and to how it was made, from the command itself:

* ``Civic Action (6.4.1)`` and ``Agitation (6.4.2)``: the Support Phase's decisions;
* ``Train's Civic Action (3.2.1)``: a Train buying Civic Action in an Operation command;
  ``Eradicate (4.2.3)``: its shift toward Opposition (in an Operation command holding
  both, the shifts toward Support are Train's and those toward Opposition Eradicate's,
  the only shifts either makes); ``Terror (3.3.4)``: an Insurgent's Terror (FARC's shift
  toward Active Opposition, AUC's and the Cartels' toward Neutral); any other Operation or
  Special Activity would be named by its parts;
* ``Event (unshaded)`` / ``Event (shaded)``: a card's Event, by the Faction executing it
  (the Events table names the cards);
* ``automatic: <stage>``: a Propaganda stage that ran by itself (seen through the
  Round's observer, :data:`core.rules.propaganda.Observer`), booked as the change since
  the previous stage seen; none of Sabotage, earnings, Election, FARC Zone or Reset
  moves a level, so this row should stay empty.

The books balance: per game, the sum of all rows equals the end's Total Support and
Opposition minus the initial state's (``tests/test_ledger.py``).

**Who builds and who destroys** (per game, mean over the games): ``times`` is the number
of commands of that kind that moved some level; ``Support +`` / ``Support -`` the Total
Support they added / removed; ``Opposition +`` / ``Opposition -`` likewise. A shift from
Passive Opposition to Neutral is ``Opposition -1 x Pop`` and no Support: that is how the
totals count it.

**Support Phases** (6.4): at each one, seen as the Civic Action stage begins
(:data:`core.rules.propaganda.SUPPORT_PHASE_STAGE`), the Government's Resources, the
Civic Action steps they pay for (3 each, 6.4.1), what its Civic Action spent and the
Total Support it added, and the *room*: the Population x levels each City and Department
could still shift toward Active Support, split by what stands in the way --

* (a) *ready*: Civic Action is possible there now (Government Control with Troops and
  Police, :func:`core.rules.common.civic_action_problem`: the engine's own test, 1st
  Division shaded included); with 1st Division unshaded (card 1) also the one space
  with the most room among those it opens (Government Control and any cube);
* (b) *Government Control but no Troops* / *no Police* / *neither* (or, with 1st Division
  shaded, *too few*: both there but fewer than 2 of each);
* (c) *not Government-Controlled*, in Cities and in Departments.

(a) + (b) + (c) is the whole room. Terror markers in ready spaces each take a paid step
before any shift. The Government's Bases then, on the map and in Departments: where
Troops need not leave at the Redeploy (6.5.1). Beside it, FARC's side of the same
phase: its Resources and the *Agitation room* (Population x levels toward Active
Opposition in FARC-Controlled spaces, :func:`core.rules.common.agitation_problem`;
Alfonso Cano's extra spaces not counted), and the Opposition Agitation then added.

The same by Propaganda Round (how many phases reached that Round, the Resources held,
spent and left after Civic Action, the room's three parts, Agitation): where the room
moves between Rounds (Redeploy, 6.5) and what a final Round leaves unspent. (A Round
begun by a ``Play On`` command, after a turn stopped before its card's end in ``andean
play``, runs inside that command, where no observer reaches: its Support Phase is
missing from these tables, though its changes are in the books. Batch games have none.)

**The Government's Eradicates** (4.2.3), per game: every Operation command with an
Eradicate (whether it shifted a level or placed a FARC Guerrilla), the Cartels' victory
margin (7.3) before it (mean, and how many came with the Cartels within 5 of their
goal: Eradicate "when the Cartels threaten", issue 35), and the Opposition added and
Total Support removed by its shifts (the ``Eradicate`` row of the ledger).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout first

from core.commands import Command, from_json  # noqa: E402
from core.errors import AndeanError  # noqa: E402
from core.game import Game  # noqa: E402
from core.game.editor import EditorCommand  # noqa: E402
from core.game.sequence import OperationAction, PlayEvent  # noqa: E402
from core.game.serialize import differences, load  # noqa: E402
from core.map import MAP  # noqa: E402
from core.pieces import Faction  # noqa: E402
from core.rules import propaganda  # noqa: E402
from core.rules.common import (  # noqa: E402
    CIVIC_ACTION_COST,
    civic_action_problem,
)
from core.state import GameState  # noqa: E402
from core.words import counted  # noqa: E402
from nonplayer.government.yardstick import space_room  # noqa: E402
from runners.games import kept_games  # noqa: E402

AUTOMATIC = "-"  # the Faction column of a stage that ran by itself
CIVIC_ACTION = "Civic Action (6.4.1)"
AGITATION = "Agitation (6.4.2)"
TRAIN = "Train's Civic Action (3.2.1)"
ERADICATE = "Eradicate (4.2.3)"
TERROR = "Terror (3.3.4)"
#: (b): Government Control without the cubes Civic Action needs
LACKING = ("no Troops", "no Police", "neither", "too few")
#: the room at a Support Phase, in the order of the table: (a), (b) and (c)
ROOM = ("ready", "1st Division", *LACKING, "City", "Department")
#: an Eradicate "while the Cartels threaten": their margin at most this far below 0
CARTELS_NEAR = 5


# ======================================================================================
# one game
# ======================================================================================
@dataclass
class Flow:
    """Population x levels a kind of change moved in one game (or summed over games)."""

    times: int = 0
    support_up: int = 0
    support_down: int = 0
    opposition_up: int = 0
    opposition_down: int = 0

    def add(self, other: Flow) -> None:
        self.times += other.times
        self.support_up += other.support_up
        self.support_down += other.support_down
        self.opposition_up += other.opposition_up
        self.opposition_down += other.opposition_down

    @property
    def support(self) -> int:
        """Net change of Total Support."""
        return self.support_up - self.support_down

    @property
    def opposition(self) -> int:
        """Net change of Opposition."""
        return self.opposition_up - self.opposition_down


@dataclass
class SupportPhase:
    """One Support Phase (6.4) as its Civic Action stage began, and what followed."""

    round: int
    resources: int
    steps: int
    room: dict[str, int]
    terror_ready: int
    farc_resources: int
    agitation_room: int
    #: Government Bases on the map, and in Departments (Troops stay there, 6.5.1)
    bases: int = 0
    bases_departments: int = 0
    spent: int = 0
    civic_support: int = 0
    agitation_opposition: int = 0

    @property
    def total_room(self) -> int:
        return sum(self.room.values())


@dataclass
class GameLedger:
    """The ledger of one saved game."""

    name: str
    start_support: int
    start_opposition: int
    end_support: int = 0
    end_opposition: int = 0
    kinds: dict[tuple[str, str], Flow] = field(default_factory=dict)
    events: dict[tuple[int, str, str], Flow] = field(default_factory=dict)
    phases: list[SupportPhase] = field(default_factory=list)
    #: the Cartels' victory margin (7.3) before each Government Eradicate (4.2.3)
    eradicates: list[int] = field(default_factory=list)

    def book(self, faction: str, kind: str, flow: Flow, event: tuple[int, str] | None) -> None:
        self.kinds.setdefault((faction, kind), Flow()).add(flow)
        if event is not None:
            self.events.setdefault((*event, faction), Flow()).add(flow)

    def net(self) -> tuple[int, int]:
        """Net Total Support and Opposition change over every row."""
        total = Flow()
        for flow in self.kinds.values():
            total.add(flow)
        return total.support, total.opposition


def level_flows(before: list[int], after: list[int]) -> dict[int, Flow]:
    """The change of each space's level from ``before`` to ``after`` by direction (+1:
    toward Active Support, -1: toward Active Opposition), in the victory totals' units
    (Population x level, 1.6.3); ``times`` is 1 where anything moved."""
    out: dict[int, Flow] = {}
    for space, (a, b) in enumerate(zip(before, after, strict=True)):
        if a == b:
            continue
        pop = MAP[space].pop
        ds = pop * (max(b, 0) - max(a, 0))
        do = pop * (max(-b, 0) - max(-a, 0))
        flow = out.setdefault(1 if b > a else -1, Flow(times=1))
        flow.support_up += max(ds, 0)
        flow.support_down += max(-ds, 0)
        flow.opposition_up += max(do, 0)
        flow.opposition_down += max(-do, 0)
    return out


def kind_of(cmd: Command, before: GameState,
            direction: int) -> tuple[str, tuple[int, str] | None]:
    """How a logged command (``cmd``, decoded from its entry) moved levels in
    ``direction`` (+1 toward Support), and for an Event its ``(card, side)``; see the
    module docstring for the names."""
    if isinstance(cmd, propaganda.CivicAction):
        return CIVIC_ACTION, None
    if isinstance(cmd, propaganda.Agitation):
        return AGITATION, None
    if isinstance(cmd, PlayEvent):
        card = before.current_card
        return f"Event ({cmd.side})", (card if card is not None else 0, cmd.side)
    if isinstance(cmd, OperationAction):
        parts = [p.name for p in (cmd.op, cmd.special, cmd.ship_op) if p is not None]
        if direction > 0 and "Train" in parts:
            return TRAIN, None
        if direction < 0 and "Eradicate" in parts:
            return ERADICATE, None
        if "Terror" in parts:
            return TERROR, None
        return " + ".join(dict.fromkeys(parts)), None
    if isinstance(cmd, EditorCommand):
        return f"board edit ({cmd.name})", None
    return cmd.name, None


def room_at(state: GameState) -> tuple[dict[str, int], int, int]:
    """The Civic Action room of ``state`` (see the module docstring), the Terror markers
    in its ready spaces, and FARC's Agitation room: Population x levels."""
    room = dict.fromkeys(ROOM, 0)
    terror = agitation = 0
    joint: list[tuple[int, str]] = []  # 1st Division's one space: (room, the room it leaves)
    for s in state.spaces_in_play():
        if not s.is_populated:
            continue
        # the levels each could shift (the steps it absorbs, less its Terror markers)
        farc, toward = space_room(state, s)
        agitation += farc
        if civic_action_problem(state, s.id) is None:
            room["ready"] += toward
            terror += state.terror[s.id]
        elif state.controller(s.id) is Faction.GOVT:
            troops, police = state.troops(s.id), state.police(s.id)
            lack = ("neither" if not troops and not police else "no Troops" if not troops
                    else "no Police" if not police else "too few")
            room[lack] += toward
            if propaganda.jointness_in_effect(state) and \
                    civic_action_problem(state, s.id, jointness=True) is None:
                joint.append((toward, lack))
        else:
            room["City" if s.is_city else "Department"] += toward
    if joint:  # card 1 unshaded: the best such space counts as ready
        toward, lack = max(joint)
        room[lack] -= toward
        room["1st Division"] += toward
    return room, terror, agitation


class _Watch:
    """The replay's eyes on the Propaganda stages (:data:`core.game.StageWatcher`): the
    levels after each stage, and the Support Phase's board."""

    def __init__(self, ledger: GameLedger) -> None:
        self.ledger = ledger
        #: each stage seen: its index, the levels after it, whether it awaits a decision
        self.seen: list[tuple[int, list[int], bool]] = []
        self.open: SupportPhase | None = None  # the Support Phase under way
        self.support = self.opposition = 0  # the totals as its last decision began

    def __call__(self, state: GameState, index: int, report: list[str],
                 decision: propaganda.Decision) -> None:
        self.seen.append((index, list(state.support), decision is not None))
        if index == propaganda.SUPPORT_PHASE_STAGE:
            room, terror, agitation = room_at(state)
            govt = state.resources[Faction.GOVT]
            phase = SupportPhase(
                state.propaganda_cards, govt, govt // CIVIC_ACTION_COST, room, terror,
                state.resources[Faction.FARC], agitation, state.bases_on_map(Faction.GOVT),
                sum(state.bases(s.id, Faction.GOVT) for s in state.spaces_in_play()
                    if s.is_department))
            self.ledger.phases.append(phase)
            self.open = phase
        elif index == propaganda.AGITATION_STAGE and self.open is not None:
            # Civic Action decided (or skipped): Agitation's turn
            self.open.spent = self.open.resources - state.resources[Faction.GOVT]
            self.open.civic_support = state.total_support() - self.support
        elif index == propaganda.ELECTION_STAGE and self.open is not None:
            # Agitation decided (or skipped): the Election
            self.open.agitation_opposition = state.total_opposition() - self.opposition
            self.open = None
        self.support, self.opposition = state.total_support(), state.total_opposition()


def stage_name(index: int | None) -> str:
    """The name of Propaganda stage ``index``, e.g. 'election' (None: the game's start)."""
    if index is None:
        return "the first card (2.2)"
    name = propaganda.STAGES[index].__name__.removeprefix("_stage_")
    return name.replace("_", " ") if name != "stage" else f"stage {index}"


def ledger_of(saved: Game, name: str) -> GameLedger:
    """Replay ``saved`` from its initial state and book every change of level.
    ValueError if the replay does not end at the saved state."""
    initial = saved.initial
    ledger = GameLedger(name, initial.total_support(), initial.total_opposition())
    watch = _Watch(ledger)
    game = Game.replay(initial, [], watch)  # the first card revealed (2.2)
    for a, b, stage in segments(initial.support, watch.seen, game.state.support):
        for flow in level_flows(a, b).values():
            ledger.book(AUTOMATIC, f"automatic: {stage_name(stage)}", flow, None)
    for entry in saved.log:
        before = game.state  # replay_entry replaces it with a new state, this one stays
        watch.seen = []
        game.replay_entry(entry, watch)
        faction = entry.get("faction") or AUTOMATIC
        cmd = from_json(entry["command"])
        if isinstance(cmd, OperationAction) and cmd.special is not None and \
                cmd.special.name == "Eradicate":
            ledger.eradicates.append(before.victory_margins()[Faction.CARTELS])
        for a, b, stage in segments(before.support, watch.seen, game.state.support):
            for direction, flow in level_flows(a, b).items():
                if stage is None:
                    kind, event = kind_of(cmd, before, direction)
                    ledger.book(faction, kind, flow, event)
                else:
                    ledger.book(AUTOMATIC, f"automatic: {stage_name(stage)}", flow, None)
    problems = differences(saved.state, game.state)
    if problems:
        raise ValueError(f"the log does not replay to the saved state ({problems[0]})")
    ledger.end_support = game.state.total_support()
    ledger.end_opposition = game.state.total_opposition()
    return ledger


def segments(before: list[int], seen: list[tuple[int, list[int], bool]],
             after: list[int]) -> list[tuple[list[int], list[int], int | None]]:
    """A replayed command's levels from ``before`` to ``after`` cut at each Propaganda
    stage ``seen`` (index, levels after it, whether it awaits a decision): ``(from, to,
    stage)`` pieces that chain from ``before`` to ``after``. A piece between two stages
    run one after the other (stage ``i``, needing no decision, then ``i + 1``) is stage
    ``i + 1``'s own doing; every other piece (before, between or after runs of stages:
    the command itself, wherever it fell among them, and the card's end) has ``stage``
    None: the command's. So the first stage of a run (Sabotage, 6.2, or the stage after
    a decision) is counted with the command; none of them moves a level."""
    marks = [(None, list(before), False), *seen, (None, list(after), False)]
    out: list[tuple[list[int], list[int], int | None]] = []
    for (i, a, decided), (j, b, _) in zip(marks, marks[1:], strict=False):
        own = i is not None and j is not None and j == i + 1 and not decided
        out.append((a, b, j if own else None))
    return out


# ======================================================================================
# runs: folders of games
# ======================================================================================
@dataclass
class Run:
    """The ledgers of one folder of saved games."""

    label: str
    folder: Path
    games: list[GameLedger]
    skipped: list[str]


def read_run(label: str, folder: Path, names: Iterable[str] | None = None) -> Run:
    """The ledgers of the games of ``folder`` (only ``names``, if given); an unreadable
    game or one whose log does not replay is skipped and named."""
    files = kept_games(folder)
    wanted = list(files) if names is None else [n for n in files if n in set(names)]
    run = Run(label, folder, [], [])
    for name in wanted:
        try:
            run.games.append(ledger_of(load(files[name], verify=False), name))
        except (AndeanError, ValueError) as err:
            run.skipped.append(f"{name}: {str(err).splitlines()[0]}")
    return run


def totals(run: Run) -> tuple[dict[tuple[str, str], Flow], dict[tuple[int, str, str], Flow]]:
    """Every kind's and every Event's flow summed over the run's games."""
    kinds: dict[tuple[str, str], Flow] = defaultdict(Flow)
    events: dict[tuple[int, str, str], Flow] = defaultdict(Flow)
    for g in run.games:
        for key, flow in g.kinds.items():
            kinds[key].add(flow)
        for ekey, flow in g.events.items():
            events[ekey].add(flow)
    return kinds, events


def by_round(run: Run) -> dict[int, dict[str, float]]:
    """The Support Phase figures of a run by Propaganda Round: the Round's number to its
    phases' count and means (the room grouped as (a), (b) and (c), and the Resources
    left once Civic Action was done)."""
    rounds: dict[int, list[SupportPhase]] = defaultdict(list)
    for g in run.games:
        for p in g.phases:
            rounds[p.round].append(p)
    out = {}
    for number, phases in sorted(rounds.items()):
        n = len(phases)
        out[number] = {
            "phases": n,
            "resources": sum(p.resources for p in phases) / n,
            "spent": sum(p.spent for p in phases) / n,
            "left": sum(p.resources - p.spent for p in phases) / n,
            "ready": sum(p.room["ready"] + p.room["1st Division"] for p in phases) / n,
            "lacking": sum(p.room[k] for p in phases for k in LACKING) / n,
            "no control": sum(p.room["City"] + p.room["Department"] for p in phases) / n,
            "agitation": sum(p.agitation_opposition for p in phases) / n,
        }
    return out


def phase_figures(run: Run) -> dict[str, float]:
    """The Support Phase figures of a run: means per phase (``phases`` per game)."""
    phases = [p for g in run.games for p in g.phases]
    n = len(phases) or 1
    out: dict[str, float] = {"phases": len(phases) / (len(run.games) or 1)}

    def mean(values: Iterable[float]) -> float:
        return sum(values) / n

    out["resources"] = mean(p.resources for p in phases)
    out["steps"] = mean(p.steps for p in phases)
    out["spent"] = mean(p.spent for p in phases)
    out["civic_support"] = mean(p.civic_support for p in phases)
    out["room"] = mean(p.total_room for p in phases)
    for key in ROOM:
        out[f"room {key}"] = mean(p.room[key] for p in phases)
    out["terror_ready"] = mean(p.terror_ready for p in phases)
    out["bases"] = mean(p.bases for p in phases)
    out["bases_departments"] = mean(p.bases_departments for p in phases)
    out["farc_resources"] = mean(p.farc_resources for p in phases)
    out["agitation_room"] = mean(p.agitation_room for p in phases)
    out["agitation_opposition"] = mean(p.agitation_opposition for p in phases)
    return out


def eradicate_figures(run: Run) -> dict[str, float]:
    """The Government's Eradicates (4.2.3) of a run, per game: how many, the Cartels'
    victory margin before them (mean; how many came with the Cartels within
    :data:`CARTELS_NEAR` of their goal), and what their shifts did to the totals."""
    n = len(run.games) or 1
    margins = [m for g in run.games for m in g.eradicates]
    flow = Flow()
    for g in run.games:
        flow.add(g.kinds.get(("Government", ERADICATE), Flow()))
    return {
        "eradicates": len(margins) / n,
        "cartels_margin": sum(margins) / len(margins) if margins else float("nan"),
        "cartels_near": sum(1 for m in margins if m >= -CARTELS_NEAR) / n,
        "opposition": flow.opposition_up / n,
        "support": flow.support_down / n,
    }


# ======================================================================================
# output
# ======================================================================================
def _f(value: float, sign: bool = False) -> str:
    value = round(value, 1) + 0.0  # no "-0.0" for a mean a little below 0
    return f"{value:+.1f}" if sign else f"{value:.1f}"


def _order(key: tuple[str, str]) -> tuple[int, str, str]:
    factions = [f.label for f in Faction] + [AUTOMATIC]
    return (factions.index(key[0]) if key[0] in factions else len(factions), key[0], key[1])


def markdown(runs: list[Run], events: int = 12) -> list[str]:
    """The ledger's Markdown tables (module docstring), a column per run."""
    heads = [f"{r.label} ({counted(len(r.games), 'game')})" for r in runs]
    lines = ["#### Books (per game, Population x levels, 1.6.3)", "",
             "| | " + " | ".join(heads) + " |", "|---|" + "---|" * len(runs)]

    def row(name: str, cells: Iterable[str]) -> None:
        lines.append(f"| {name} | " + " | ".join(cells) + " |")

    def per_game(run: Run, value: Any) -> float:
        return sum(value(g) for g in run.games) / (len(run.games) or 1)

    row("Total Support at the start / end", (
        f"{_f(per_game(r, lambda g: g.start_support))} / "
        f"{_f(per_game(r, lambda g: g.end_support))}" for r in runs))
    row("Opposition at the start / end", (
        f"{_f(per_game(r, lambda g: g.start_opposition))} / "
        f"{_f(per_game(r, lambda g: g.end_opposition))}" for r in runs))
    sums = [totals(r) for r in runs]
    for label, attr in (("Support built / destroyed", ("support_up", "support_down")),
                        ("Opposition added / removed", ("opposition_up", "opposition_down"))):
        cells = []
        for r, (kinds, _) in zip(runs, sums, strict=True):
            up = sum(getattr(f, attr[0]) for f in kinds.values()) / (len(r.games) or 1)
            down = sum(getattr(f, attr[1]) for f in kinds.values()) / (len(r.games) or 1)
            cells.append(f"+{_f(up)} / -{_f(down)}")
        row(label, cells)
    skipped = [s for r in runs for s in r.skipped]
    if skipped:
        lines += ["", "Skipped: " + "; ".join(skipped)]

    for r, (kinds, _) in zip(runs, sums, strict=True):
        n = len(r.games) or 1
        lines += ["", f"#### Who builds and who destroys: {r.label} (per game)", "",
                  "| by | how | times | Support + | Support - | Opposition + | "
                  "Opposition - |", "|---|---|---|---|---|---|---|"]
        for key in sorted(kinds, key=_order):
            f = kinds[key]
            lines.append(f"| {key[0]} | {key[1]} | {_f(f.times / n)} | {_f(f.support_up / n)}"
                         f" | {_f(f.support_down / n)} | {_f(f.opposition_up / n)} | "
                         f"{_f(f.opposition_down / n)} |")
        total = Flow()
        for f in kinds.values():
            total.add(f)
        lines.append(f"| all | net | | {_f(total.support / n, True)} | | "
                     f"{_f(total.opposition / n, True)} | |")

    if len(runs) > 1:
        keys = sorted({k for kinds, _ in sums for k in kinds}, key=_order)
        lines += ["", "#### Side by side: net Support / Opposition per game", "",
                  "| by | how | " + " | ".join(heads) + " |", "|---|---|" + "---|" * len(runs)]
        for key in keys:
            cells = []
            for r, (kinds, _) in zip(runs, sums, strict=True):
                f, n = kinds.get(key, Flow()), len(r.games) or 1
                cells.append(f"{_f(f.support / n, True)} / {_f(f.opposition / n, True)}")
            row(f"{key[0]} | {key[1]}", cells)

    for r, (_, evs) in zip(runs, sums, strict=True):
        n = len(r.games) or 1
        top = sorted(evs.items(), key=lambda kv: -(abs(kv[1].support) + abs(kv[1].opposition)))
        lines += ["", f"#### Events that moved most: {r.label} (per game)", "",
                  "| card | side | by | times | Support | Opposition |",
                  "|---|---|---|---|---|---|"]
        for (card, side, by), f in top[:events]:
            lines.append(f"| {card} | {side} | {by} | {_f(f.times / n)} | "
                         f"{_f(f.support / n, True)} | {_f(f.opposition / n, True)} |")

    figs = [phase_figures(r) for r in runs]
    lines += ["", "#### Support Phases (6.4): means per phase, Population x levels", "",
              "| | " + " | ".join(heads) + " |", "|---|" + "---|" * len(runs)]
    labels = [
        ("phases", "Support Phases per game"),
        ("resources", "Government Resources"),
        ("steps", "Civic Action steps they pay for (3 each)"),
        ("spent", "Resources spent on Civic Action"),
        ("civic_support", "Total Support its Civic Action added"),
        ("room", "room toward Active Support"),
        ("room ready", "(a) ready: Control, Troops and Police"),
        ("room 1st Division", "(a) ready by 1st Division (unshaded): Control, a cube"),
        ("room no Troops", "(b) Control, no Troops"),
        ("room no Police", "(b) Control, no Police"),
        ("room neither", "(b) Control, no cube"),
        ("room too few", "(b) Control, too few cubes (1st Division shaded)"),
        ("room City", "(c) no Government Control: Cities"),
        ("room Department", "(c) no Government Control: Departments"),
        ("terror_ready", "Terror markers in ready spaces"),
        ("bases", "Government Bases on the map"),
        ("bases_departments", "of them in Departments (their Troops stay, 6.5.1)"),
        ("farc_resources", "FARC Resources"),
        ("agitation_room", "Agitation room (FARC Control)"),
        ("agitation_opposition", "Opposition Agitation added"),
    ]
    for name, label in labels:
        row(label, (_f(fig[name]) for fig in figs))

    for r in runs:
        lines += ["", f"#### Support Phases by Propaganda Round: {r.label} (means per phase)",
                  "", "| Round | phases | Government Resources | spent on Civic Action | "
                  "left | room (a) ready | (b) Control lacking cubes | (c) no Control | "
                  "Opposition Agitation added |", "|---|---|---|---|---|---|---|---|---|"]
        for number, fig in by_round(r).items():
            lines.append(f"| {number} | {fig['phases']:.0f} | " + " | ".join(
                _f(fig[k]) for k in ("resources", "spent", "left", "ready", "lacking",
                                   "no control", "agitation")) + " |")

    erad = [eradicate_figures(r) for r in runs]
    lines += ["", "#### The Government's Eradicates (4.2.3), per game", "",
              "| | " + " | ".join(heads) + " |", "|---|" + "---|" * len(runs)]
    for name, label in (
            ("eradicates", "Eradicates"),
            ("cartels_margin", "Cartels margin before them (mean, 7.3)"),
            ("cartels_near", f"of them with the Cartels within {CARTELS_NEAR} of their goal"),
            ("opposition", "Opposition their shifts added"),
            ("support", "Total Support their shifts removed")):
        row(label, (_f(fig[name]) for fig in erad))
    return lines


def as_json(runs: list[Run]) -> dict[str, Any]:
    """Every figure of :func:`markdown`, and per game."""
    def flows(d: dict) -> list[dict[str, Any]]:
        return [{"key": list(k), **asdict(f)} for k, f in sorted(d.items(), key=str)]

    out = []
    for r in runs:
        kinds, events = totals(r)
        out.append({
            "label": r.label, "folder": str(r.folder), "games": len(r.games),
            "skipped": r.skipped, "kinds": flows(kinds), "events": flows(events),
            "support_phases": phase_figures(r), "eradicate": eradicate_figures(r),
            "support_phases_by_round": by_round(r),
            "per_game": [{
                "name": g.name, "start_support": g.start_support,
                "start_opposition": g.start_opposition, "end_support": g.end_support,
                "end_opposition": g.end_opposition, "kinds": flows(g.kinds),
                "phases": [{**asdict(p), "total_room": p.total_room} for p in g.phases],
                "eradicate_cartels_margins": g.eradicates,
            } for g in r.games],
        })
    return {"runs": out}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("runs", nargs="+", metavar="[LABEL=]DIR",
                   help="a folder of saved games (andean batch --keep-games --out DIR)")
    p.add_argument("--common", action="store_true",
                   help="only the games every folder has (a paired comparison)")
    p.add_argument("--events", type=int, default=12, metavar="N",
                   help="Events listed per run (default 12)")
    p.add_argument("--json", action="store_true", help="every figure as JSON")
    args = p.parse_args(argv)
    folders = []
    for item in args.runs:
        label, sep, path = item.partition("=")
        folders.append((label if sep else item, Path(path if sep else item)))
    try:
        names = None
        if args.common:
            common = set.intersection(*(set(kept_games(f)) for _, f in folders))
            names = sorted(common)
        runs = [read_run(label, folder, names) for label, folder in folders]
    except NotADirectoryError as err:
        p.error(str(err))
    if args.json:
        print(json.dumps(as_json(runs), indent=1))
    else:
        print("\n".join(markdown(runs, args.events)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
