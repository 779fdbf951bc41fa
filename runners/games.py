"""Bot-vs-bot games: one game, soak checks, and batches over seeds.

All four Factions are bots: the three Insurgents follow their section-8 flowcharts
(:func:`nonplayer.turn.take_turn`) and the Government is one of the registered
Government bots (:data:`nonplayer.government.GOVERNMENTS`). The game is a 1-player
(solitaire) set-up (8.0) in which the bot sits in the Government's seat, so the result
is scored like a solitaire game: the 8.8 solo score and level.

* :func:`play` plays one game from a seed and returns the :class:`Game` and its
  :class:`GameRecord`; ``on_turn`` sees every decision (the demo narrates from it).
* :func:`soak_game` plays one game checking every invariant after every command and
  that the log replays to the same state; it returns the problems found.
* :func:`run_batch` plays many seeds in worker processes (``backend="process"``) or on
  a Dask cluster (``backend="dask"``, an existing scheduler or a local cluster).
  Each game depends only on its seed (the deck, the dice and the bots' own random
  choices all derive from it), so the records are the same whatever the backend and the
  number of workers; they come back sorted by seed.
* :func:`summarize`, :func:`write_csv`, :func:`plot_scores` turn records into the
  summary JSON, the CSV (one row per game) and a histogram of solo scores;
  :func:`mean_ci` and :func:`paired_difference` are the statistics (``scipy.stats``).

The dask backend, the plot and the statistics need the package's extras ``dask``,
``plot`` and ``stats`` (:func:`core.extras.require_extra`).
"""

from __future__ import annotations

import contextlib
import csv
import errno
import hashlib
import math
import os
import stat
import sys
import time
import traceback
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from agents.connection import AgentError
from agents.protocol import end_message, trace_message
from agents.seat import AgentSetup, AgentStopped, open_agents
from core.atomic import write_with
from core.cards import CARDS, card_title
from core.commands import Command, from_json
from core.errors import AndeanError
from core.extras import require_extra
from core.files import FileCheckError, read_input, shown
from core.game import Game
from core.game.editor import SetSeat
from core.game.serialize import save as write_save
from core.pieces import Faction
from core.rules import victory
from core.rules.propaganda import VICTORY_CHECK_REASON
from core.state import GameState
from nonplayer.government import GovernmentBot, GovtDecision, apply_decision, make_government
from nonplayer.turn import TurnResult, take_turn
from runners.seats import command_kind
from runners.solitaire import new_solitaire
from runners.stats import share

FACTIONS = tuple(f.label for f in Faction)
LEVELS = ("COIN Triumph", "COIN Progress", "Stalemate", "COIN Failure")
BACKENDS = ("process", "dask")


@dataclass
class GameRecord:
    """The outcome of one bot game (one CSV row)."""

    seed: int
    scenario: str
    govt: str
    winner: str | None
    victory_margins: dict[str, int]
    solo_score: int | None
    solo_level: str | None
    cards_played: int
    propaganda_cards: int
    length: int  # commands applied
    reason: str
    seconds: float = 0.0
    error: str = ""
    #: the agents whose seats their default players took over in this game, and when:
    #: their failure lines (:meth:`AgentTable.failed`) joined by " | "; "" if none. Such
    #: a game's result is partly the default player's, so the batch counts them
    #: (issue 34 item 3: a bot measured against the baselines; docs/agents.md)
    fallback: str = ""

    def outcome(self) -> dict[str, Any]:
        """Everything but the timing: equal for equal seeds whatever the machinery."""
        data = asdict(self)
        data.pop("seconds")
        return data

    def row(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "seed": self.seed, "scenario": self.scenario, "govt": self.govt,
            "winner": self.winner or "", "solo_score": self.solo_score,
            "solo_level": self.solo_level or "",
        }
        for f in FACTIONS:
            out[f"margin_{f}"] = self.victory_margins.get(f, "")
        out.update(cards_played=self.cards_played, propaganda_cards=self.propaganda_cards,
                   length=self.length, reason=self.reason, seconds=round(self.seconds, 4),
                   error=self.error, fallback=self.fallback)
        return out


CSV_FIELDS = tuple(GameRecord(0, "", "", None, {}, None, None, 0, 0, 0, "").row())
#: the header of a games.csv written before the ``fallback`` column: still read (its
#: games had no agent fallback recorded), and brought up to date when a --resume appends
OLD_CSV_FIELDS = CSV_FIELDS[:-1]
#: columns renamed since: a games.csv of either name is read, and brought up to date
#: when a --resume appends (``propaganda_rounds`` counted the Propaganda cards played,
#: a card set aside without a Round too, 6.0: issue 43)
RENAMED_COLUMNS = {"propaganda_rounds": "propaganda_cards"}
#: how the failure lines of the agents that fell back in one game are joined in its row
FALLBACK_SEPARATOR = " | "


@dataclass
class Turn:
    """One decision of a game, for narration: who, on which card, what, why."""

    faction: str
    card: int | None
    phase: str  # "card" or "propaganda"
    kind: str  # event / operation / limited_operation / pass / propaganda
    command: Command
    trace: list[str]
    report: list[str]
    #: Automatic Propaganda effects reported before this decision (6.2, 6.3...).
    round_report: list[str] = field(default_factory=list)
    #: The position the decision was taken in and the game's log entry for it (the
    #: narration replays it to say what it changed, :func:`tui.describe.after_turn`).
    before: GameState | None = None
    entry: dict[str, Any] | None = None


def cards_played(game: Game) -> int:
    """Event cards played (Propaganda cards not counted)."""
    return sum(1 for c in game.state.played if not CARDS[c].propaganda)


def record_of(game: Game, seed: int, govt: str, seconds: float = 0.0,
              error: str = "") -> GameRecord:
    """The record of ``game``; its solo score and level only for a solitaire game
    (:func:`core.rules.victory.solitaire_throughout`: with an Insurgent agent the
    margins and the winner compare it)."""
    state = game.state
    over = state.phase == "over"
    margins = state.victory_margins()
    score, level = victory.solo_outcome(game.initial, state) if over else (None, None)
    return GameRecord(
        seed=seed,
        scenario=state.scenario,
        govt=govt,
        winner=won.label if (won := victory.winner(state)) is not None else None,
        victory_margins={f.label: margins[f] for f in Faction},
        solo_score=score,
        solo_level=level,
        cards_played=cards_played(game),
        propaganda_cards=state.propaganda_cards,
        length=len(game.log),
        reason=str(state.step.get("reason", "")) if over else "",
        seconds=seconds,
        error=error,
    )


def play(
    seed: int,
    govt: str | GovernmentBot = "heuristic",
    scenario: str = "standard",
    *,
    on_turn: Callable[[Game, Turn], None] | None = None,
    check: bool = False,
    max_commands: int = 5000,
    govt_options: dict[str, Any] | None = None,
    agents: AgentSetup | None = None,
    on_agent_failure: Callable[[str], None] | None = None,
    **options: Any,
) -> tuple[Game, GameRecord]:
    """Play one game: Government bot ``govt`` (a registry name or a bot) against the
    three section-8 Insurgents, deck and dice from ``seed``.

    ``check`` verifies every invariant after every command (raises AssertionError).
    ``options`` go to :func:`runners.solitaire.new_solitaire` (e.g. ``short=True``),
    ``govt_options`` to the Government bot made from a name (e.g. ``think="2s"``).
    ``agents``: outside programs in seats (issue 34, :class:`AgentSetup`); an agent that
    fails is reported to ``on_agent_failure`` in one line, the game is saved, and its
    seat goes to the default player (raises :class:`AgentStopped` when the policy says
    stop).
    """
    bot = make_government(govt, seed, **(govt_options or {})) if isinstance(govt, str) \
        else govt
    if agents is None:
        game = new_solitaire(scenario, seed, **options)
        table = None
    else:
        game = Game.new(scenario=scenario, seed=seed, seats=agents.seats(), **options)
        table = AgentTable(game, bot, agents, seed, on_agent_failure)
    start = time.perf_counter()
    try:
        for _ in range(max_commands):
            if game.is_terminal():
                break
            turn = step(game, bot, table)
            if check:
                problems = game.state.check_invariants()
                if problems:
                    raise AssertionError(f"after {turn.faction} {turn.command.name} on card "
                                         f"{turn.card}: " + "; ".join(problems))
            if on_turn is not None:
                on_turn(game, turn)
        else:
            raise RuntimeError(f"game not over after {max_commands} commands")
    finally:
        if table is not None:
            table.close()
    name = agents.govt_label(bot.name) if agents is not None else bot.name
    record = record_of(game, seed, name, time.perf_counter() - start)
    if table is not None:
        record.fallback = FALLBACK_SEPARATOR.join(table.fell_back)
    return game, record


class AgentTable:
    """The agents of one bot game: who plays each seat, what everyone is told, and what
    an agent's failure does (:class:`AgentPolicy`)."""

    def __init__(self, game: Game, bot: GovernmentBot, setup: AgentSetup, seed: int,
                 on_failure: Callable[[str], None] | None) -> None:
        self.game = game
        self.bot = bot
        self.setup = setup
        self.seed = seed
        self.on_failure = on_failure
        #: a failure of the Government's agent met inside another Faction's turn
        #: (Insurgent Discord), handled once that turn is over
        self.pending: AgentError | None = None
        #: the failure line of each agent whose seat its default player took over
        self.fell_back: list[str] = []
        self.agents = open_agents(setup.by_faction(), game.state, setup.policy)

    def discord(self, state: GameState, faction: Faction) -> str:
        """Insurgent Discord (8.1), asked of the Government's agent if it has one."""
        agent = self.agents.get(Faction.GOVT)
        if agent is not None:
            try:
                return agent.discord(state, faction)
            except AgentError as err:
                self.pending = err
        return self.bot.discord(state, faction)

    def tell(self, faction: Faction | None, by: str, lines: list[str]) -> None:
        message = trace_message(faction, by, self.game.log[-1]["command"], lines)
        for agent in self.agents.values():
            agent.tell(message)

    def failed(self, faction: Faction, err: Exception) -> None:
        """``faction``'s agent failed: say so in one line, save the game (under a name
        no file has yet: :func:`save_failure`), and hand the seat to its default player
        (a logged Set Seat naming the agent and why) or stop (:class:`AgentStopped`). A
        save that cannot be written is said in the line and costs nothing else."""
        agent = self.agents.pop(faction)
        stop = self.setup.policy.fallback == "stop"
        named = "" if agent.said in str(err) else f" {agent.said}"
        why = f"its agent{named} failed: {shown(err, 200)}"
        if faction is Faction.GOVT:
            default = f"the {self.bot.name} Government bot"
            command = SetSeat(int(faction), 1, who=f"{default} ({why})")
        else:
            default = "the section-8 flowchart"
            command = SetSeat(int(faction), None, who=f"{default} ({why})")
        if not stop:
            self.game.apply(command)
            self.game.log[-1]["agent"] = agent.where  # the agent's change, not a person's
        saved = save_failure(self.game, Path(self.setup.failure_dir or "."), self.seed)
        then = "the game stops" if stop else f"{default} takes the seat"
        line = f"{faction.label} at {moment(self.game.state)}: {err}; {then} ({saved})"
        agent.fail(f"{err}; {then}")
        if self.on_failure is not None:
            self.on_failure(line)
        if stop:
            raise AgentStopped(line)
        self.fell_back.append(line)

    def close(self) -> None:
        over = self.game.state.phase == "over"
        for agent in self.agents.values():
            if over:
                agent.tell(end_message(self.game.state, victory.solitaire_throughout(
                    self.game.initial, self.game.state)))
            agent.close(None if over else "the game was stopped")
        self.agents.clear()


#: how many numbered names :func:`save_failure` tries beside the plain one
FAILURE_NAMES = 100


def failure_name(seed: int, n: int = 1) -> str:
    """The name of the ``n``-th save of game ``seed`` whose agent failed.

    >>> failure_name(7), failure_name(7, 2)
    ('agent-failure-seed7.json', 'agent-failure-seed7-2.json')
    """
    return f"agent-failure-seed{seed}{'' if n == 1 else f'-{n}'}.json"


def save_failure(game: Game, folder: Path, seed: int) -> str:
    """Save ``game`` (an agent failed) in ``folder`` under the first
    :func:`failure_name` no file holds (a file is never replaced: two failing runs of
    one seed keep both saves), and say where for the failure line: "game saved to
    PATH", or "the game could not be saved: WHY" (a read-only folder, a full disk, a
    link or a held file there): the fallback goes on either way."""
    why = "no free name"
    for n in range(1, FAILURE_NAMES + 1):
        path = folder / failure_name(seed, n)
        if os.path.lexists(path):
            continue
        try:
            write_save(game, path, exclusive=True)
        except FileExistsError:
            continue  # appeared meanwhile: the next name
        except (OSError, ValueError) as err:
            why = str(err)
            break
        return f"game saved to {path}"
    return f"the game could not be saved: {shown(why, 200)}"


def moment(state: GameState) -> str:
    """When in the game a decision falls, for an agent's failure line: 'card 12 of the
    game (#71 Darién)', counting the Propaganda cards drawn (2.2)."""
    if state.current_card is None:
        return "the start of the game"
    return f"card {len(state.played)} of the game ({card_title(state.current_card)})"


def step(game: Game, bot: GovernmentBot, table: AgentTable | None = None) -> Turn:
    """Play the next decision: a Non-player by section 8, the Government by ``bot``, a
    seat with an agent by its agent (``table``)."""
    state = game.state
    faction = game.to_move()
    assert faction is not None
    card, phase = state.current_card, state.phase
    round_report = list(state.step.get("report", [])) if phase == "propaganda" else []
    before = state.clone()
    agent = table.agents.get(faction) if table is not None else None
    if agent is not None and table is not None:
        try:
            command = agent.decide(game)
            report = game.apply(command)
        except (AgentError, AndeanError) as err:
            table.failed(faction, err)
            return step(game, bot, table)
        kind = "propaganda" if phase == "propaganda" else command_kind(command)
        command = from_json(game.log[-1]["command"])  # an Event: with its answers
        table.tell(faction, agent.label, report)
        return Turn(faction.label, card, phase, kind, command, [f"decided by {agent.label}"],
                    report, round_report, before, game.log[-1])
    if state.seats[faction] is None:
        discord = table.discord if table is not None else bot.discord
        result: TurnResult = take_turn(game, discord=discord)
        if table is not None:
            table.tell(faction, "section-8 flowchart", result.lines())
            if table.pending is not None:
                pending, table.pending = table.pending, None
                table.failed(Faction.GOVT, pending)
        return Turn(faction.label, card, phase, result.decision, result.command,
                    result.trace.lines(), result.report, round_report, before,
                    game.log[-1])
    decision: GovtDecision = bot.decide(game)
    report = apply_decision(game, decision)
    command = decision.command
    if decision.kind == "event":
        command = from_json(game.log[-1]["command"])  # with the recorded choices
    if table is not None:
        table.tell(faction, f"Government bot {bot.name}", decision.lines() + report)
    return Turn(faction.label, card, phase, decision.kind, command, decision.lines(), report,
                round_report, before, game.log[-1])


def play_record(seed: int, govt: str = "heuristic", scenario: str = "standard",
                options: dict[str, Any] | None = None,
                govt_options: dict[str, Any] | None = None,
                agents: AgentSetup | None = None,
                keep: str | None = None) -> GameRecord:
    """:func:`play`, catching any exception into the record's ``error`` (batch workers);
    an agent's failure is said on stderr, one line. ``keep``: a folder where the
    finished game is saved as ``<seed>.json`` (the save format, docs/state-format.md),
    so an analysis can replay its every command later (``andean batch --keep-games``)."""
    start = time.perf_counter()

    def say(line: str) -> None:
        print(f"andean: seed {seed}: agent failed: {line}", file=sys.stderr, flush=True)

    try:
        game, record = play(seed, govt, scenario, govt_options=govt_options, agents=agents,
                            on_agent_failure=say, **(options or {}))
        if keep is not None:
            write_save(game, Path(keep) / kept_name(seed))
        return record
    except Exception as err:  # a batch reports a failed game instead of dying
        detail = traceback.format_exception_only(type(err), err)[-1].strip()
        return GameRecord(seed, scenario, govt, None, {}, None, None, 0, 0, 0, "",
                          time.perf_counter() - start, detail)


#: the folder of an ``--out`` directory that ``--keep-games`` saves the games in
GAMES_DIR = "games"


def kept_name(seed: int) -> str:
    """The file name of game ``seed`` in a ``--keep-games`` folder."""
    return f"{seed}.json"


def kept_games(folder: str | Path) -> dict[str, Path]:
    """The save files of a folder of kept games, by name (a batch's seed), seeds in
    order: ``folder`` is a batch's ``--out`` directory (its :data:`GAMES_DIR` is read)
    or any folder of save files (``*.json``; hidden files, such as a save being
    written, left out). Analyses of kept games read them through this
    (``benchmarks/ledger.py``, ``benchmarks/losses.py``). NotADirectoryError if
    ``folder`` is not a folder."""
    folder = Path(folder)
    if (folder / GAMES_DIR).is_dir():
        folder = folder / GAMES_DIR
    if not folder.is_dir():
        raise NotADirectoryError(f"{folder} is not a folder")
    files = [p for p in folder.glob("*.json") if not p.name.startswith(".")]
    files.sort(key=lambda p: (not p.stem.isdigit(), int(p.stem) if p.stem.isdigit() else 0,
                              p.stem))
    return {p.stem: p for p in files}


def soak_game(seed: int, govt: str = "heuristic", scenario: str = "standard") -> list[str]:
    """Play one seeded game checking every invariant after every command and that the
    log replays exactly; the problems found (empty: none)."""
    problems: list[str] = []

    def check(game: Game, turn: Turn) -> None:
        broken = game.state.check_invariants()
        if broken:
            problems.extend(f"seed {seed}, card {turn.card}, {turn.faction} "
                            f"{turn.command.name}: {p}" for p in broken)

    try:
        game, _ = play(seed, govt, scenario, on_turn=check)
    except Exception as err:
        return problems + [f"seed {seed}: {type(err).__name__}: {err}"]
    if not game.is_terminal():
        problems.append(f"seed {seed}: the game did not end")
    again = Game.replay(game.initial, game.log)
    if again.state != game.state:
        problems.append(f"seed {seed}: replaying the log does not give the final state")
    return problems


# ======================================================================================
# batches
# ======================================================================================
Progress = Callable[[int, int], None]
OnRecord = Callable[[GameRecord], None]


def run_batch(
    seeds: Sequence[int],
    govt: str = "heuristic",
    scenario: str = "standard",
    *,
    workers: int = 1,
    backend: str = "process",
    scheduler: str | None = None,
    progress: Progress | None = None,
    options: dict[str, Any] | None = None,
    on_record: OnRecord | None = None,
    govt_options: dict[str, Any] | None = None,
    agents: AgentSetup | None = None,
    keep: str | None = None,
) -> list[GameRecord]:
    """Play a game per seed; records sorted by seed (same seeds, same records whatever
    the backend and ``workers``, timings apart). ``on_record`` sees each record as its
    game ends (``andean batch`` appends it to the CSV then). ``keep``: a folder each
    finished game is saved in (:func:`play_record`; with Dask, one the workers reach).

    ``backend="process"``: ``workers`` processes (1: in this process).
    ``backend="dask"``: the Dask scheduler at ``scheduler``, or a local cluster of
    ``workers`` single-threaded worker processes when no address is given.
    """
    if backend not in BACKENDS:
        raise ValueError(f"backend must be one of {', '.join(BACKENDS)}, not {backend!r}")
    if workers < 1:
        raise ValueError(f"workers must be 1 or more, not {workers}")
    seeds = list(seeds)
    records: list[GameRecord] = []

    def done(record: GameRecord) -> None:
        records.append(record)
        if on_record is not None:
            on_record(record)
        if progress is not None:
            progress(len(records), len(seeds))

    if backend == "dask":
        _run_dask(seeds, govt, scenario, workers, scheduler, done, options, govt_options,
                  agents, keep)
    else:
        from collections.abc import Generator
        from contextlib import closing
        from functools import partial

        from core.pool import imap_jobs

        job = partial(play_record, govt=govt, scenario=scenario, options=options,
                      govt_options=govt_options, agents=agents, keep=keep)
        results = imap_jobs(job, seeds, workers)
        assert isinstance(results, Generator)  # closing it stops the workers (core.pool)
        with closing(results):
            for record in results:
                done(record)
    return sorted(records, key=lambda r: r.seed)


def _run_dask(seeds: list[int], govt: str, scenario: str, workers: int,
              scheduler: str | None, done: OnRecord,
              options: dict[str, Any] | None,
              govt_options: dict[str, Any] | None = None,
              agents: AgentSetup | None = None, keep: str | None = None) -> None:
    distributed = require_extra("dask", "the dask batch backend")
    from core.pool import children_leave_stops_to_us

    cluster = None
    with children_leave_stops_to_us():  # the cluster's processes leave stops to us
        if scheduler:
            client = distributed.Client(scheduler)
        else:
            cluster = distributed.LocalCluster(n_workers=workers, threads_per_worker=1,
                                               processes=True, dashboard_address=None)
            client = distributed.Client(cluster)
    try:
        futures = client.map(play_record, seeds, govt=govt, scenario=scenario,
                             options=options, govt_options=govt_options, agents=agents,
                             keep=keep, pure=False)
        for future in distributed.as_completed(futures):
            done(future.result())
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


# ======================================================================================
# summaries
# ======================================================================================
#: How a batch run's games get their seeds from the run's seed ``S`` (run.json's
#: ``seeding``): "hashed" (game i plays a hash of S and i: no game's seed says anything
#: of another's, so a finished row of games.csv does not give the later games' decks),
#: or "consecutive" (game i plays S + i: runs started before the scheme was recorded,
#: whose run.json has no ``seeding``; --resume and --seeds-of keep it).
SEEDINGS = ("hashed", "consecutive")


def game_seeds(first: int, games: int, seeding: str = "hashed") -> list[int]:
    """The seeds of a batch run of ``games`` games from the run's seed ``first``, game
    by game (:data:`SEEDINGS`). A hashed seed is BLAKE2b of the run's seed and the
    game's number, cut to a seed :meth:`Game.new` takes (0 .. 2^63-1)."""
    if seeding == "consecutive":
        return list(range(first, first + games))
    if seeding != "hashed":
        raise ValueError(f"unknown seeding {seeding!r}: one of {', '.join(SEEDINGS)}")
    return [int.from_bytes(hashlib.blake2b(f"andean-batch {first} {i}".encode(),
                                           digest_size=8).digest(), "big") >> 1
            for i in range(games)]


def mean_ci(values: Iterable[float], digits: int | None = 3) -> dict[str, Any]:
    """Mean with a 95% confidence interval (Student's t, ``scipy.stats``), median, sd,
    min, max; the mean, interval and sd rounded to ``digits`` places (None: not
    rounded). Needs the ``stats`` extra (scipy)."""
    import numpy as np

    stats = require_extra("stats", "a 95% interval (Student's t)")
    data = np.asarray(list(values), dtype=float)
    n = len(data)
    if n == 0:
        return {"n": 0, "mean": None, "ci95": None}
    mean = float(data.mean())
    sd = float(data.std(ddof=1)) if n > 1 else 0.0
    ci = None
    if n > 1:  # one value: no interval; all values equal: the interval is that value
        low, high = stats.t.interval(0.95, n - 1, loc=mean, scale=sd / math.sqrt(n)) \
            if sd > 0 else (mean, mean)
        ci = [_rounded(float(low), digits), _rounded(float(high), digits)]
    return {"n": n, "mean": _rounded(mean, digits), "ci95": ci, "sd": _rounded(sd, digits),
            "median": float(np.median(data)), "min": float(data.min()),
            "max": float(data.max())}


def _rounded(value: float, digits: int | None) -> float:
    return value if digits is None else round(value, digits)


def paired_difference(first: Sequence[float], second: Sequence[float]) -> dict[str, Any]:
    """``second - first`` measured game by game on the same seeds: :func:`mean_ci` of the
    differences, the paired t test's two-sided p-value (``p``; None when undefined: fewer
    than two games or all differences equal) and how many games ``second`` did better
    (``better``). Needs the ``stats`` extra (scipy)."""
    stats = require_extra("stats", "a paired t test")
    if len(first) != len(second):
        raise ValueError(f"paired samples differ in length: {len(first)} and {len(second)}")
    diffs = [b - a for a, b in zip(first, second)]
    out = mean_ci(diffs)
    # the mean and interval before mean_ci's rounding to 3 places, for the text to round
    # once (-7.8545 rounded to -7.855, then printed to 2 places, gave -7.86)
    exact = mean_ci(diffs, digits=None)
    out["exact"] = {"mean": exact["mean"], "ci95": exact["ci95"]}
    p = None
    if len(diffs) > 1 and len(set(diffs)) > 1:
        p = float(stats.ttest_rel(second, first).pvalue)
    out.update(p=p, better=sum(1 for d in diffs if d > 0))
    return out


def summarize(records: Sequence[GameRecord], seconds: float | None = None,
              **extra: Any) -> dict[str, Any]:
    """The batch summary: wins per Faction, 8.8 level histogram, mean margins and solo
    score with 95% confidence intervals, the win and level rates with theirs (exact
    binomial), mean length, games per second, and how many games an agent fell back in
    (``agent_fallbacks``)."""
    done = [r for r in records if not r.error]
    wins = dict.fromkeys(FACTIONS, 0)
    levels = dict.fromkeys(LEVELS, 0)
    for r in done:
        if r.winner:
            wins[r.winner] += 1
        if r.solo_level:
            levels[r.solo_level] += 1
    out: dict[str, Any] = dict(extra)
    out.update({
        "games": len(records),
        "errors": len(records) - len(done),
        # games played to the end in which an agent's seat went to its default player:
        # their results are partly the default player's (docs/agents.md)
        "agent_fallbacks": sum(1 for r in done if r.fallback),
        "seeds": [min(r.seed for r in records), max(r.seed for r in records)] if records
        else [],
        "wins": wins,
        # each Faction's share of the games played to the end, with its exact 95%
        # interval (runners.stats.share); the levels' shares of the solitaire games
        "win_rates": {f: share(wins[f], len(done)) for f in FACTIONS},
        "solo_level": levels,
        "solo_level_rates": {name: share(levels[name], sum(levels.values()))
                             for name in LEVELS},
        "solo_score": mean_ci(r.solo_score for r in done if r.solo_score is not None),
        "victory_margins": {f: mean_ci(r.victory_margins[f] for r in done) for f in FACTIONS},
        "mean_cards_played": _mean(r.cards_played for r in done),
        "mean_propaganda_cards": _mean(r.propaganda_cards for r in done),
        "mean_length": _mean(r.length for r in done),
        "mean_game_seconds": _mean(r.seconds for r in records),
    })
    if seconds is not None:
        out["seconds"] = round(seconds, 3)
        out["games_per_second"] = round(len(records) / seconds, 3) if seconds > 0 else None
    return out


def _mean(values: Iterable[float]) -> float | None:
    data = list(values)
    return round(sum(data) / len(data), 3) if data else None


def write_csv(records: Sequence[GameRecord], path: str | Path) -> Path:
    """All ``records`` as a CSV, written atomically (a temporary file renamed)."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)

    def write(tmp: Path) -> None:
        with tmp.open("w", newline="", encoding="utf-8") as fh:
            writer = csv.DictWriter(fh, fieldnames=list(CSV_FIELDS))
            writer.writeheader()
            for r in records:
                writer.writerow(r.row())

    return write_with(target, write)


#: games.csv is opened for writing without following a link or blocking on a FIFO
_CSV_FLAGS = (os.O_WRONLY | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
              | getattr(os, "O_NONBLOCK", 0))


class CsvLog:
    """``games.csv`` grown a row at a time: each row is written and flushed to disk as
    its game ends, so a killed batch loses at most the games still being played."""

    def __init__(self, path: str | Path, append: bool = False) -> None:
        self.path = Path(path)
        if append:
            _bring_header_up_to_date(self.path)
        try:
            if append:  # a last row cut short by a kill is dropped before rows are added
                raw = read_input(self.path, "games.csv")
                complete = raw[: raw.rfind(b"\n") + 1]
            fd = os.open(self.path, _CSV_FLAGS | (os.O_APPEND if append else os.O_TRUNC),
                         0o644)  # never through a symbolic link, never into a FIFO
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                os.close(fd)
                raise OSError(errno.EINVAL, "not a regular file")
            if append and complete != raw:
                os.ftruncate(fd, len(complete))
            mode = "a" if append else "w"  # kept open: a row as each game ends
            self._fh = open(fd, mode, newline="", encoding="utf-8")  # noqa: SIM115
        except OSError as err:
            raise OSError(f"cannot write {self.path}: {err.strerror or err}") from None
        self._writer = csv.DictWriter(self._fh, fieldnames=list(CSV_FIELDS))
        if not append:
            try:
                self._writer.writeheader()
                self._flush()
            except OSError as err:
                self.close()
                raise OSError(f"cannot write {self.path}: {err.strerror or err}") from None

    def add(self, record: GameRecord) -> None:
        try:  # disk full: the message names the file, not only "[Errno 28]"
            self._writer.writerow(record.row())
            self._flush()
        except OSError as err:
            raise OSError(f"cannot write {self.path}: {err.strerror or err}") from None

    def _flush(self) -> None:
        self._fh.flush()
        os.fsync(self._fh.fileno())

    def close(self) -> None:
        with contextlib.suppress(OSError):  # what it could not flush, add() reported
            self._fh.close()


def _bring_header_up_to_date(path: Path) -> None:
    """A games.csv written before the ``fallback`` column, about to be appended to by a
    --resume, rewritten (atomically) with today's header, its rows unchanged but for the
    empty new column: the rows appended then fit the header."""
    if path.is_symlink():
        return  # never written through a link: refused by the append, in its own words
    try:
        raw = read_input(path, "games.csv")
        header = next(csv.reader(raw.decode("utf-8").splitlines()[:1]), None)
    except (OSError, FileCheckError, UnicodeDecodeError):
        return  # said by the append itself, in its own words
    if header is not None and header != list(CSV_FIELDS) and _known_header(header):
        write_csv(read_csv(path), path)


def _known_header(header: list[str]) -> bool:
    """A header andean batch wrote, today's or an older one (before the ``fallback``
    column, or with a column's old name)."""
    named = [RENAMED_COLUMNS.get(name, name) for name in header]
    return named in (list(CSV_FIELDS), list(OLD_CSV_FIELDS))


def read_csv(path: str | Path) -> list[GameRecord]:
    """The complete rows of a batch CSV as records (a last row cut short by a kill is
    left out). ValueError names the problem. The file is only read (issue 25 item 1: a
    refused --resume changes nothing; :class:`CsvLog` drops the cut row when it appends)."""
    target = Path(path)
    raw = read_input(target, "games.csv")
    complete = raw[: raw.rfind(b"\n") + 1]
    try:
        lines = complete.decode("utf-8").splitlines()
    except UnicodeDecodeError:
        raise ValueError(f"{target} is not a games.csv written by andean batch "
                         "(not text)") from None
    if not lines or not _known_header(next(csv.reader(lines[:1]))):
        raise ValueError(f"{target} is not a games.csv written by andean batch "
                         "(its header differs)")
    records = []
    for n, row in enumerate(csv.DictReader(lines), start=2):
        try:
            records.append(_record_of_row(row))
        except (KeyError, TypeError, ValueError):
            raise ValueError(f"{target} line {n}: not a complete game row") from None
    return records


def _level_of_row(row: dict[str, str]) -> str | None:
    """The row's 8.8 level by today's rule: rows written before the level counted a
    Non-player's win at a victory check as COIN Failure (:func:`core.rules.victory.solo_level`)
    are read with it, from the ending they recorded."""
    if not row["solo_level"]:
        return None
    if row["reason"].startswith(VICTORY_CHECK_REASON):
        return "COIN Failure"
    return row["solo_level"]


def _winner_of_row(row: dict[str, str]) -> str | None:
    """The row's winner by today's rule: rows written before named the first of the
    ranking even when a Non-player had ended the game at a victory check; the reason they
    recorded names who passed it (:func:`core.rules.victory.winner`)."""
    reason = row["reason"]
    if reason.startswith(VICTORY_CHECK_REASON):
        names = reason[len(VICTORY_CHECK_REASON):].split("(")[0]
        passed = [n.strip() for n in names.split(",") if n.strip()]
        if passed and row["winner"] not in passed:  # the highest margin of them (7.1)
            return max(passed, key=lambda n: int(row.get(f"margin_{n}") or -99))
    return row["winner"] or None


def _record_of_row(row: dict[str, str]) -> GameRecord:
    def opt_int(text: str) -> int | None:
        return int(text) if text != "" else None

    return GameRecord(
        seed=int(row["seed"]), scenario=row["scenario"], govt=row["govt"],
        winner=_winner_of_row(row),
        victory_margins={f: int(row[f"margin_{f}"]) for f in FACTIONS
                         if row[f"margin_{f}"] != ""},
        solo_score=opt_int(row["solo_score"]), solo_level=_level_of_row(row),
        cards_played=int(row["cards_played"]),
        propaganda_cards=int(row.get("propaganda_cards", row.get("propaganda_rounds", ""))),
        length=int(row["length"]), reason=row["reason"], seconds=float(row["seconds"]),
        error=row["error"], fallback=row.get("fallback", ""),  # absent from older rows
    )


def plot_scores(records: Sequence[GameRecord], path: str | Path, title: str = "") -> Path:
    """A histogram of solo scores (8.8) with the level boundaries, as a PNG (Agg).
    Needs the ``plot`` extra (matplotlib)."""
    matplotlib = require_extra("plot", "a plot of solo scores")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    scores = [r.solo_score for r in records if r.solo_score is not None]
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fig, ax = plt.subplots(figsize=(7, 4), dpi=100)
    if scores:
        lo, hi = min(scores + [0]), max(scores + [9])
        ax.hist(scores, bins=range(lo, hi + 2), color="#4a78a8", edgecolor="white",
                align="left")
        mean = sum(scores) / len(scores)
        ax.axvline(mean, color="black", linestyle="-", label=f"mean {mean:.1f}")
    for x, name in ((0.5, "Stalemate"), (3.5, "COIN Progress"), (8.5, "COIN Triumph")):
        ax.axvline(x, color="#c04040", linestyle="--", linewidth=1)
        ax.text(x + 0.15, ax.get_ylim()[1] * 0.97, name, fontsize=7, color="#c04040",
                va="top", rotation=90)
    ax.set_xlabel("solo score (8.8): Government margin - best Insurgent margin")
    ax.set_ylabel("games")
    ax.set_title(title or f"{len(scores)} games")
    if scores:
        ax.legend(loc="upper left", fontsize=8)
    fig.tight_layout()
    try:
        write_with(target, lambda tmp: fig.savefig(tmp, format="png"))
    finally:
        plt.close(fig)
    return target


__all__ = [
    "CsvLog",
    "GameRecord",
    "Turn",
    "mean_ci",
    "paired_difference",
    "play",
    "play_record",
    "plot_scores",
    "read_csv",
    "record_of",
    "run_batch",
    "soak_game",
    "step",
    "summarize",
    "write_csv",
]
