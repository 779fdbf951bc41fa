"""Subcommands for bot-vs-bot games: ``andean demo`` and ``andean batch`` (issue 5).

::

    andean demo --seed 7                      # one narrated game, heuristic Government
    andean demo --seed 7 --verbose            # ... with every bot's reasons (traces)
    andean demo --seed 7 --json               # only a JSON summary
    andean batch --games 200 --workers 2 --out results --plot results/scores.png
    andean batch --games 1000 --backend dask --scheduler tcp://host:8786
    andean batch --compare results-a results-b   # two runs paired seed by seed

All four Factions are bots: the Insurgents follow their section-8 flowcharts and the
Government is the bot named by ``--govt`` (``heuristic``, ``search`` or ``random``).
If the search Government cannot run here (no OR-tools), the heuristic plays and the
command says so on stderr.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import json
import os
import re
import sys
import time
from pathlib import Path
from typing import Any, TextIO

from agents import builtin
from agents.connection import AgentError, tcp_address
from agents.seat import AgentSetup, AgentStopped
from core import files
from core.atomic import write_text
from core.cards import CARDS
from core.dice import MAX_SEED
from core.extras import require_extras
from core.files import SaveLock, check_output, name_max, read_input, same_path, shown
from core.game import Game, serialize
from core.pieces import Faction
from core.rules import victory
from core.rules.propaganda import rounds_held
from core.setup import secret_seed
from core.words import counted, joined
from nonplayer.government import GOVERNMENTS, make_government
from runners.games import (
    BACKENDS,
    GAMES_DIR,
    SEEDINGS,
    GameRecord,
    Turn,
    game_seeds,
    kept_games,
    play,
    plot_scores,
    run_batch,
    summarize,
    write_csv,
)
from runners.stats import p_text, percent
from tui import describe as text
from tui.agent_args import add_agent_arguments, agent_policy, parse_agents
from tui.commands.base import CliError, Interrupted, Subcommand, seed_argument, stop_code
from tui.controller import round_reports
from tui.describe import game_turn_line as describe
from tui.seats import DEMO_GOVERNMENT


def _whole_number(text: str, least: int, too_low: str) -> int:
    """``text`` as a whole number of at least ``least``; argparse's error otherwise
    (``too_low``, then the number given)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < least:
        raise argparse.ArgumentTypeError(f"{too_low}, not {value}")
    return value


def _positive(text: str) -> int:
    return _whole_number(text, 1, "expected 1 or more")


def _whole_number_or_auto(text: str) -> int:
    return _whole_number(text, 0, "expected 0 (one per core) or more")


#: the most games one batch or soak plays (its list of jobs is held in memory)
MAX_GAMES = 1_000_000


def _games(text: str) -> int:
    value = _whole_number(text, 1, "expected 1 or more")
    if value > MAX_GAMES:
        raise argparse.ArgumentTypeError(f"at most {MAX_GAMES} games in one run, not "
                                         f"{shown(value)}")
    return value


def _seed(text: str) -> int:
    """The seed of a run: game i plays a hash of it and i (runners.games.game_seeds),
    each a seed ``new`` takes."""
    return seed_argument(text, MAX_SEED - MAX_GAMES)


def _common(p: argparse.ArgumentParser, govt: str = "heuristic") -> None:
    p.add_argument("--scenario", choices=("standard", "quick"), default="standard",
                   help="full game or the Quick-Play scenario (default: standard)")
    p.add_argument("--govt", choices=tuple(GOVERNMENTS), default=govt,
                   help=f"the Government bot (default: {govt}; search plays its "
                   "candidates forward to the next Propaganda Round, heuristic is the fast "
                   "rule-based one, lookahead looks one card ahead; docs/strength.md "
                   "compares them)")
    p.add_argument("--think", choices=THINK_CHOICES, default=None,
                   help="thinking budget of --govt search per decision (default "
                   f"{DEFAULT_THINK}: a standard game in about 25 s on a quiet machine "
                   "with the campaign plans, docs/strength.md)")


#: ``--think`` levels (nonplayer.government.campaign.THINK_LEVELS, spelled out here so
#: that the command line loads without OR-tools).
THINK_CHOICES = ("0.5s", "2s", "10s")
DEFAULT_THINK = "2s"


def govt_options(args: argparse.Namespace) -> dict[str, Any]:
    """Options for the Government bot from the command line (``--think``, and the
    demo's ``--workers``: the campaign Government's determinization processes)."""
    think = getattr(args, "think", None)
    workers = getattr(args, "search_workers", None)
    options: dict[str, Any] = {}
    if think is not None:
        if args.govt != "search":
            raise CliError("--think sets the budget of --govt search only")
        options["think"] = think
    if args.govt == "search" and workers is not None:
        options["workers"] = workers  # 0: one per core (campaign.auto_workers)
    return options


def _bot(name: str, seed: int, err: TextIO, options: dict[str, Any] | None = None) -> Any:
    bot = make_government(name, seed, **(options or {}))
    if bot.note:
        print(f"andean: note: {bot.note}", file=err)
    return bot


# ======================================================================================
# demo
# ======================================================================================
def _configure_demo(p: argparse.ArgumentParser) -> None:
    # issue 28: a demo shows the campaign Government (a standard game in about ten
    # seconds on 2 cores); --govt heuristic is the fast rule-based one
    _common(p, govt="search")
    p.add_argument("--workers", dest="search_workers", metavar="N", type=_whole_number_or_auto,
                   default=0, help="worker processes for the campaign Government's "
                   "sampled futures (default 0: one per core); the game is the same "
                   "for any number")
    p.add_argument("--seed", type=_seed, default=None,
                   help="seed for the deck, the dice and the bots (default: a random one)")
    p.add_argument("--verbose", action="store_true",
                   help="show every bot's reasons (its trace) and the engine's report")
    p.add_argument("--json", action="store_true", help="print only a JSON summary")
    p.add_argument("--report", metavar="FILE.html", default=None,
                   help="also write the game card by card as one HTML page (maps, charts)")
    p.add_argument("--save", metavar="FILE", default=None,
                   help="also save the finished game to FILE (a new file), for andean "
                   "status, map or report, or play --load")
    p.add_argument("--force", action="store_true",
                   help="let --save and --report replace existing files")
    add_agent_arguments(p)


_ROUND_HEADING = re.compile(r"^Propaganda Round (\d+) \((#\d+ [^;]*)(?:; .*)?\):$")


def _card_title(card: int | None) -> str:
    return "no card" if card is None else f"#{card} {CARDS[card].title}"


def _margins(game: Game) -> str:
    m = game.state.victory_margins()
    return ", ".join(f"{f.label} {m[f]:+d}" for f in Faction)


def demo_summary(game: Game, seed: int, govt: str, seconds: float, note: str = "") -> dict:
    """The ``demo --json`` summary."""
    state = game.state
    margins = state.victory_margins()
    score, level = victory.solo_outcome(game.initial, state)  # solitaire only (8.0)
    ranking = [Faction(f).label for f in state.step.get("ranking", [])]
    return {
        "seed": seed,
        "scenario": state.scenario,
        "govt": govt,
        "note": note,
        "winner": won.label if (won := victory.winner(state)) is not None else None,
        "ranking": ranking,
        "reason": state.step.get("reason"),
        "victory_margins": {f.label: margins[f] for f in Faction},
        "solo_score": score,
        "solo_level": level,
        "cards_played": sum(1 for c in state.played if not CARDS[c].propaganda),
        "propaganda_cards": state.propaganda_cards,  # a card without a Round too (6.0)
        "propaganda_rounds_held": rounds_held(state),
        "commands": len(game.log),
        "seconds": round(seconds, 3),
    }


def agent_setup(args: argparse.Namespace, failure_dir: str | None = None
                ) -> AgentSetup | None:
    """The ``--agent`` seats of demo or batch (None: bots only)."""
    agents = parse_agents(args)
    if not agents:
        return None
    return AgentSetup(tuple((int(f), where) for f, where in agents.items()),
                      agent_policy(args), failure_dir)


def seating_line(bot_name: str, agents: dict[Faction, str]) -> str:
    """'Government: heuristic; FARC, AUC and Cartels: section-8 Non-players', with the
    seats agents play named (``agents``: the command or tcp:PORT of each)."""
    govt = f"agent {agents[Faction.GOVT]!r}" if Faction.GOVT in agents else bot_name
    others = [f for f in Faction if f is not Faction.GOVT and f not in agents]
    parts = [f"Government: {govt}"]
    parts += [f"{f.label}: agent {agents[f]!r}" for f in Faction
              if f is not Faction.GOVT and f in agents]
    if others:
        names = [f.label for f in others]
        parts.append(f"{joined(names)}: section-8 Non-player{'s' if len(names) > 1 else ''}")
    return "; ".join(parts)


def _say_failure(line: str) -> None:
    print(f"andean: agent failed: {line}", file=sys.stderr)


def _run_demo(args: argparse.Namespace, out: TextIO) -> int:
    seed = args.seed if args.seed is not None else secret_seed()
    save = check_output(args.save, "--save", force=args.force) if args.save else None
    if args.report:  # checked before the game is played, like --save
        check_output(args.report, "--report", force=args.force)
        if save is not None and same_path(args.report, save):
            raise CliError(f"--report {files.shown(args.report)}: is also the --save file; "
                           "give another name")
    setup = agent_setup(args, str(save.parent) if save is not None else None)
    bot = _bot(args.govt, seed, sys.stderr, govt_options(args))
    verbose = args.verbose and not args.json
    shown: dict[str, Any] = {"card": None, "round": 0, "after": None, "played": 0}

    def skipped(cards: list[int]) -> None:
        """Cards drawn with no decision taken: an Event card every Faction sat out
        (2.3.2, 2.3.7), or a Propaganda card whose Round asked nobody."""
        for card in cards:
            if CARDS[card].propaganda:
                shown["after"] = None  # 6.6 Reset: all Eligible again
                continue
            order = ", ".join(f.label for f in CARDS[card].faction_order)
            print(f"\nCard {_card_title(card)}   (order: {order})", file=out)
            if shown["after"] is None:
                print("  No Eligible Faction: nobody decides on this card (2.3.2)", file=out)
                continue
            state, line = text.card_without_decision(shown["after"], card)
            print(f"  {line or 'Ineligible (2.3.7): every Faction'}", file=out)
            print("  No Eligible Faction: nobody decides on this card (2.3.2)", file=out)
            shown["after"] = state

    recorder = None
    if args.report:
        from tui.history import Recorder

        recorder = Recorder()

    def after_turn_round(turn: Turn) -> None:
        """The Propaganda steps ``turn`` set off, under their Round and phase: a Round
        it began (its heading, 6.1 Victory and the automatic phases up to its first
        decision: all of it when nobody decides, as in the final Round a victory check
        ends), or the automatic steps after a decision (6.4 Election, 6.6 Reset)."""
        if turn.before is None or turn.entry is None:
            return
        for line in round_reports(turn.before, turn.entry):
            heading = _ROUND_HEADING.match(line)
            if heading:
                shown["round"] = int(heading.group(1))
                shown["card"] = None
                print(f"\nPropaganda Round {heading.group(1)} ({heading.group(2)})",
                      file=out)
            elif not line.startswith("Game over"):
                print(f"  . {line.strip()}", file=out)

    def narrate(game: Game, turn: Turn) -> None:
        if recorder is not None:
            recorder.on_turn(game, turn)
        if args.json:
            return
        mid = text.after_turn(turn.before, turn.entry) \
            if turn.before is not None and turn.entry is not None else None
        if turn.before is not None:
            drawn = turn.before.played
            skipped(drawn[shown["played"]:len(drawn) - 1])
            shown["played"] = len(drawn)
        if turn.phase == "card" and turn.card != shown["card"]:
            shown["card"] = turn.card
            order = ", ".join(f.label for f in CARDS[turn.card].faction_order) \
                if turn.card is not None else ""
            print(f"\nCard {_card_title(turn.card)}   (order: {order})", file=out)
            sitting_out = text.ineligible_line(turn.before, shown["after"]) \
                if turn.before is not None else ""
            if sitting_out:
                print(f"  {sitting_out}", file=out)
        shown["after"] = mid
        if turn.phase == "propaganda" and shown["round"] != game.state.propaganda_cards:
            shown["round"] = game.state.propaganda_cards
            shown["card"] = None
            print(f"\nPropaganda Round {rounds_held(game.state)} "
                  f"({_card_title(turn.card)})", file=out)
            for line in turn.round_report:
                print(f"  . {line}", file=out)
        print(f"  {describe(turn)}", file=out)
        if turn.kind == "pass" and not verbose:
            why = text.reason(turn.faction, turn.trace)
            if why:
                print(f"      why: {why}", file=out)
        if turn.kind == "event" and mid is not None and turn.before is not None:
            changed = text.changes(turn.before, mid, totals=False)
            print("      changed: " + ("; ".join(changed) or "nothing on the board"),
                  file=out)
        if verbose:
            for line in turn.trace:
                print(f"      why: {line}", file=out)
            for line in turn.report:
                print(f"      did: {line}", file=out)
            print(f"      margins now: {_margins(game)}", file=out)
        after_turn_round(turn)

    seating = seating_line(bot.name, setup.by_faction() if setup is not None else {})
    if not args.json:
        print(f"Bot demo: {args.scenario} scenario, seed {seed}; {seating}", file=out)
    start = time.perf_counter()
    try:
        game, _ = play(seed, bot, args.scenario, on_turn=narrate, agents=setup,
                       on_agent_failure=_say_failure)
    except AgentError as err:
        raise CliError(str(err)) from None
    except AgentStopped:
        return 1  # the line was said and the game saved (--agent-fallback stop)
    summary = demo_summary(game, seed, bot.name, time.perf_counter() - start, bot.note)
    if save is not None:
        # the Government seat was the demo's bot, not a person (seat 1 keeps the save
        # playable by the loader's rules): said in the save, so status says who
        for state in (game.initial, game.state):
            state.options[DEMO_GOVERNMENT] = bot.name
        serialize.save(game, save)
        print(f"andean: saved the game to {save}", file=sys.stderr)
    if recorder is not None:
        from tui.pictures.report import game_report, write

        subtitle = f"Bot demo: {args.scenario} scenario, seed {seed}; {seating}"
        path = write(game_report(recorder.finish(game.state), subtitle=subtitle),
                     args.report)
        print(f"andean: wrote {path}", file=sys.stderr)
    if args.json:
        print(json.dumps(summary, indent=2, ensure_ascii=False), file=out)
        return 0
    skipped(game.state.played[shown["played"]:])
    print(f"\nGame over: {summary['reason']}", file=out)
    print("Victory margins: " + ", ".join(f"{k} {v:+d}" for k, v in
                                          summary["victory_margins"].items()), file=out)
    print(f"Winner: {summary['winner']}   (ranking: {', '.join(summary['ranking'])})", file=out)
    if summary["solo_score"] is not None:
        print(f"Government solo score (8.8): {summary['solo_score']:+d}: "
              f"{summary['solo_level']}", file=out)
    # Rounds held, and the Propaganda cards played without one (6.0): the report counts
    # the same cards (issue 43: "53 + 4" here, "56" there)
    held = summary["propaganda_rounds_held"]
    aside = summary["propaganda_cards"] - held
    without = f" ({counted(aside, 'Propaganda card')} played without a Round, 6.0)" \
        if aside else ""
    print(f"{summary['cards_played']} Event cards, {held} Propaganda Rounds{without}, "
          f"{summary['commands']} commands, {summary['seconds']} s", file=out)
    return 0


# ======================================================================================
# batch
# ======================================================================================
def _configure_batch(p: argparse.ArgumentParser) -> None:
    _common(p)
    add_agent_arguments(p)
    p.add_argument("--games", type=_games, default=None,
                   help="how many games (required unless --compare)")
    p.add_argument("--seed", type=_seed, default=None,
                   help="seed of the run S; game i plays a hash of S and i, so one game's "
                   "seed (a row of games.csv) tells nothing of another's (default: a "
                   "secret one drawn at random; recorded in run.json and games.csv; "
                   "--resume takes the run's). A local agent runs with your file access "
                   "and could read run.json or saves: to measure a bot fairly run it as "
                   "another user, in a container or over tcp: from elsewhere")
    p.add_argument("--seeds-of", metavar="RUN", default=None,
                   help="play the seeds of the run in folder RUN (its run.json's seed), "
                   "e.g. a control run to --compare with")
    p.add_argument("--seeding", choices=SEEDINGS, default=None,
                   help="how game i's seed follows from S: 'hashed' (the default for a "
                   "new run) or 'consecutive' (S, S+1, ...: the seed lists of runs made "
                   "before hashing, e.g. the held-out standard seeds 100200-100499 of "
                   "docs/strength.md; any finished game's seed then gives the later ones "
                   "away, so refused with an outside --agent); --resume and --seeds-of "
                   "take the recorded run's")
    p.add_argument("--workers", type=_positive, default=1,
                   help="worker processes (default 1: in this process)")
    p.add_argument("--compare", nargs=2, metavar=("RUN_A", "RUN_B"), default=None,
                   help="play nothing: compare two finished runs (their --out folders) "
                   "game by game on the seeds both played: margin differences (B - A) "
                   "with 95%% intervals and paired t tests, win and 8.8 level rates with "
                   "exact 95%% intervals and McNemar's test")
    p.add_argument("--backend", choices=BACKENDS, default="process",
                   help="process pool on this machine, or a Dask cluster (default process; "
                   "dask needs the dask extra)")
    p.add_argument("--scheduler", metavar="ADDRESS", default=None,
                   help="Dask scheduler address (with --backend dask; default: a local "
                   "cluster of --workers processes)")
    p.add_argument("--out", metavar="DIR", default="batch-results",
                   help="directory for games.csv and summary.json (default batch-results)")
    p.add_argument("--plot", metavar="FILE.png", default=None,
                   help="also draw the solo score distribution to FILE.png (needs the "
                   "plot extra)")
    p.add_argument("--report", metavar="FILE.html", default=None,
                   help="also write a summary page: solo scores, winners, when games end")
    p.add_argument("--keep-games", action="store_true",
                   help="also save each finished game in DIR/games/SEED.json (the save "
                   "format: replay it with andean verify, or analyse it)")
    p.add_argument("--resume", action="store_true",
                   help="continue a stopped run from DIR/games.csv: play only the seeds "
                   "it lacks (give the same --games, --seed, --scenario and --govt)")
    p.add_argument("--force", action="store_true",
                   help="start over in a DIR that holds another run's games.csv or "
                   "summary.json (replacing them); let --plot and --report replace "
                   "existing files")


def summary_text(summary: dict) -> list[str]:
    """The batch's summary as printed: what played (each agent named, its seat and
    command), the agents' fallbacks, the winners and, for solitaire games, the 8.8
    levels and solo score; the mean margins, length and speed."""
    score = summary["solo_score"]
    ci = score.get("ci95")
    govt = summary["govt"]
    if str(summary.get("plays", "")).startswith("agent:"):
        govt = summary["plays"]
    lines = [
        f"{summary['games']} games ({govt} Government, {summary['scenario']}, "
        f"seeds {summary['seeds'][0]}-{summary['seeds'][-1]}), {summary['errors']} errors",
    ]
    agents = summary.get("agents") or {}
    if agents:
        lines.append("Seats: " + seating_line(str(summary["govt"]), {
            f: agents[f.label] for f in Faction if f.label in agents}))
    fell_back = summary.get("agent_fallbacks", 0)
    if fell_back:
        played = summary["games"] - summary["errors"]
        lines.append(f"An agent fell back in {fell_back} of {played} games (games.csv's "
                     "fallback column says when): their results are partly the default "
                     "player's; --agent-fallback stop counts them as errors instead")
    rates = summary.get("win_rates") or {}  # absent from a summary.json of before
    lines.append("Wins: " + ", ".join(f"{k} {v}" + _rate(rates.get(k))
                                      for k, v in summary["wins"].items()))
    if score.get("n"):  # solitaire games (8.0): with an Insurgent agent there are none
        rates = summary.get("solo_level_rates") or {}
        lines.append("8.8 levels: " + ", ".join(f"{k} {v}" + _rate(rates.get(k))
                                                for k, v in summary["solo_level"].items()))
    if score.get("mean") is not None:
        lines.append(f"Solo score: mean {score['mean']:+.2f}"
                     + (f" (95% CI {ci[0]:+.2f} to {ci[1]:+.2f})" if ci else "")
                     + f", median {score['median']:+.1f}")
    margins = []
    for f, m in summary["victory_margins"].items():
        if m.get("mean") is not None:
            low_high = m.get("ci95")
            margins.append(f"{f} {m['mean']:+.2f}" + (
                f" ({low_high[0]:+.2f} to {low_high[1]:+.2f})" if low_high else ""))
    lines.append("Mean margins: " + ", ".join(margins)
                 + (" (95% CIs)" if any("(" in m for m in margins) else ""))
    lines.append(f"Mean length: {summary['mean_cards_played']} Event cards, "
                 f"{summary['mean_length']} commands; {summary.get('games_per_second')} "
                 f"games/s with {counted(summary['workers'], str(summary['backend']) + ' worker')}")
    return lines


def _rate(share: dict[str, Any] | None) -> str:
    """' (30.0%, 11.9-54.3%)': a share of games and its exact 95% interval, as the
    summary prints it after a count; '' without one."""
    if not share or not share.get("n"):
        return ""
    low, high = share["ci95"]
    return f" ({100 * share['rate']:.1f}%, {100 * low:.1f}-{100 * high:.1f}%)"


def _run_batch(args: argparse.Namespace, out: TextIO) -> int:
    if args.compare is not None:
        return _run_compare(args, out)
    if args.games is None:
        raise CliError("batch needs --games N (or --compare RUN_A RUN_B)")
    if args.scheduler and args.backend != "dask":
        raise CliError("--scheduler needs --backend dask")
    # the extras the run needs, checked before its first game (core/extras.py)
    needs = {"stats": "andean batch (its summary's 95% intervals)"}
    if args.backend == "dask":
        needs["dask"] = "--backend dask"
    if args.plot:
        needs["plot"] = "--plot"
    require_extras(needs)
    options = govt_options(args)
    outdir = _check_out_dir(args.out)
    # one batch at a time in a folder, from before it reads the rows it resumes to its
    # last write (issue 32 item 2); a folder still to make is locked once it is made
    lock = SaveLock(outdir / "games.csv")
    try:
        if outdir.is_dir():
            lock.acquire()
        run, seeds, kept, bot, agents, plays = _checked_run(args, outdir, options)
        if bot.note:
            print(f"andean: note: {bot.note}", file=sys.stderr)
        try:
            outdir.mkdir(parents=True, exist_ok=True)
        except OSError as err:  # /proc/nope: a directory the system will not make
            raise CliError(f"--out {shown(args.out)}: cannot make the directory "
                           f"({_words(err)})") from None
        lock.acquire()
        return _batch_in(args, out, outdir, run, seeds, kept, options, bot, agents, plays)
    finally:
        lock.release()


def _checked_run(args: argparse.Namespace, outdir: Path, options: dict[str, Any],
                 ) -> tuple[dict[str, Any], list[int], list[GameRecord], Any,
                            AgentSetup | None, str]:
    """Every argument and output of a batch checked before anything on disk changes
    (issue 25 item 1): the run's parameters, its seeds, the games a --resume keeps, its
    Government, its agents and the label the Government plays under."""
    csv_path, json_path = outdir / "games.csv", outdir / "summary.json"
    run_path = outdir / RUN_FILE
    for flag, path in (("--plot", args.plot), ("--report", args.report)):
        # compared after links and '..' are resolved (b/../b/games.csv, a linked folder)
        if path and any(same_path(path, own) for own in (csv_path, json_path, run_path)):
            raise CliError(f"{flag} {shown(path)}: is one of the run's own files; "
                           "give another name")
        if path:
            check_output(path, flag, force=args.force, parent_made=outdir)
    if args.plot and args.report and same_path(args.plot, args.report):
        raise CliError(f"--report {shown(args.report)}: is also the --plot file")
    args.seed = _run_seed(args, run_path)
    bot = make_government(args.govt, args.seed, **options)
    agents = agent_setup(args, str(outdir))
    plays = agents.govt_label(bot.name) if agents is not None else bot.name
    run = {"games": args.games, "seed": args.seed, "scenario": args.scenario,
           "govt": args.govt, "think": args.think, "plays": plays}
    seeding = run["seeding"] = _run_seeding(args, run_path)
    if seeding == "consecutive" and agents is not None:
        _refuse_outside_agent_on_consecutive(args, agents)
    if agents is not None:
        run["agents"] = {Faction(f).label: where for f, where in agents.specs}
        if args.workers > 1 and any(tcp_address(w) for _, w in agents.specs):
            raise CliError("--agent tcp:...: one port takes one game at a time: use "
                           "--workers 1, or an agent command")
    seeds = game_seeds(args.seed, args.games, seeding)
    if args.resume:
        kept = _resume_records(csv_path, seeds, args.scenario, plays)
        _check_run(run_path, run)
    else:
        kept = []
        old = [p.name for p in (csv_path, json_path, run_path) if p.exists()]
        if old and not args.force:
            resumable = "continue it with --resume, or " if csv_path.exists() else \
                "it has no games.csv, so nothing to resume: "
            raise CliError(f"--out {shown(args.out)}: already holds {', '.join(old)} of "
                           f"another run: {resumable}replace it with --force")
        for path in (csv_path, json_path, run_path):
            check_output(path, "--out", parent_made=outdir)
        games_dir = outdir / GAMES_DIR
        if args.keep_games and games_dir.exists() and not args.force:
            raise CliError(f"--keep-games: {shown(games_dir)} already exists: replace its "
                           "games with --force, or give another --out")
    if args.keep_games and (outdir / GAMES_DIR).exists() and not (outdir / GAMES_DIR).is_dir():
        raise CliError(f"--keep-games: {shown(outdir / GAMES_DIR)} is not a folder")
    return run, seeds, kept, bot, agents, plays


def _batch_in(args: argparse.Namespace, out: TextIO, outdir: Path, run: dict[str, Any],
              seeds: list[int], kept: list[GameRecord], options: dict[str, Any],
              bot: Any, agents: AgentSetup | None, plays: str) -> int:
    """The batch's games, in its checked ``outdir``, holding the lock of its games.csv."""
    from runners.games import CsvLog, read_csv
    from tui.progress import RunProgress

    csv_path, json_path = outdir / "games.csv", outdir / "summary.json"
    run_path = outdir / RUN_FILE
    json_path.unlink(missing_ok=True)  # never a previous run's summary beside this run's rows
    if not args.resume or not run_path.exists():
        write_text(run_path, json.dumps(run, indent=2) + "\n")
    todo = [s for s in seeds if s not in {r.seed for r in kept}]
    keep = None
    if args.keep_games:
        games_dir = outdir / GAMES_DIR
        games_dir.mkdir(exist_ok=True)
        if not args.resume:  # --force replaces the other run's games, not only those
            for old in kept_games(games_dir).values():  # of seeds played again
                if old.stem.isdigit():
                    old.unlink()
        keep = str(games_dir)
    if args.resume:
        print(f"andean: resuming: {len(kept)} of {len(seeds)} games already in {csv_path}",
              file=sys.stderr)
    log = CsvLog(csv_path, append=args.resume)
    start = time.perf_counter()
    try:
        errors = [0]

        def add(record: GameRecord) -> None:
            log.add(record)
            errors[0] += bool(record.error)

        with RunProgress(sys.stderr, len(seeds), problems="errors", already=len(kept)) as bar:
            records = run_batch(todo, args.govt, args.scenario, workers=args.workers,
                                backend=args.backend, scheduler=args.scheduler,
                                progress=lambda done, _: bar.update(len(kept) + done, errors[0]),
                                on_record=add, govt_options=options, agents=agents,
                                keep=keep)
    except KeyboardInterrupt as stop:
        log.close()
        done = len(read_csv(csv_path))
        raise Interrupted(f"batch stopped: {done} of {len(seeds)} games are in {csv_path}; "
                          "continue with the same command and --resume",
                          stop_code(stop)) from None
    finally:
        log.close()
    seconds = time.perf_counter() - start
    records = sorted(kept + records, key=lambda r: r.seed)
    extra = {"agents": run["agents"]} if agents is not None else {}
    summary = summarize(records, seconds, govt=args.govt, plays=run["plays"], **extra,
                        note=bot.note, scenario=args.scenario, backend=args.backend,
                        workers=args.workers, resumed=len(kept))
    write_csv(records, csv_path)  # the whole run, in seed order
    write_text(json_path, json.dumps(summary, indent=2, ensure_ascii=False) + "\n")
    for line in summary_text(summary):
        print(line, file=out)
    print(f"Wrote {csv_path} and {json_path}"
          + (f" and the games in {outdir / GAMES_DIR}" if keep else ""), file=out)
    if args.plot:
        title = f"{args.govt} Government, {len(records)} games ({args.scenario})"
        print(f"Wrote {plot_scores(records, args.plot, title)}", file=out)
    if args.report:
        from tui.pictures.report import batch_report, write

        print(f"Wrote {write(batch_report(records, summary), args.report)}", file=out)
    return 1 if summary["errors"] else 0


#: the options of a batch that plays games, refused beside --compare (which plays none)
_PLAYING_OPTIONS = ("games", "agent", "resume", "keep_games", "plot", "report", "scheduler",
                    "seeds_of", "seeding")


def _run_seed(args: argparse.Namespace, run_path: Path) -> int:
    """The first seed of the batch: ``--seed``; else the seed of the run ``--seeds-of``
    names; else, with ``--resume``, the seed the run in the folder recorded (0 where it
    records none: a run of an older version, whose default it was); else a secret one
    (:func:`core.setup.secret_seed`: issue 41, an agent that imports the engine found
    the small public seeds 0, 1, 2... from the cards played)."""
    if args.seeds_of is not None:
        if args.seed is not None:
            raise CliError("--seeds-of takes the seeds of another run: drop --seed")
        return _recorded_seed(Path(args.seeds_of) / RUN_FILE, "--seeds-of")
    if args.seed is not None:
        return int(args.seed)
    if args.resume:  # a run.json that records none is refused by the checks after this
        with contextlib.suppress(CliError):
            return _recorded_seed(run_path, "--resume")
        return 0
    return secret_seed(MAX_GAMES)


def _run_seeding(args: argparse.Namespace, run_path: Path) -> str:
    """How the run's games get their seeds (runners.games.SEEDINGS): as the run of
    ``--seeds-of`` or, with ``--resume``, the run in the folder recorded ("consecutive"
    for a run.json of old, which records none), else ``--seeding``, else "hashed"."""
    recorded = Path(args.seeds_of) / RUN_FILE if args.seeds_of is not None else \
        run_path if args.resume and run_path.exists() else None
    asked = getattr(args, "seeding", None)
    if recorded is None:
        return str(asked or "hashed")
    try:
        before = json.loads(read_input(recorded, RUN_FILE).decode("utf-8"))
    except (ValueError, UnicodeDecodeError) as err:
        raise CliError(f"{shown(recorded)} cannot be read ({shown(err)})") from None
    seeding = before.get("seeding", "consecutive") if isinstance(before, dict) else None
    if seeding not in SEEDINGS:
        raise CliError(f"{shown(recorded)} records an unknown seeding {seeding!r}")
    if asked is not None and asked != seeding:
        raise CliError(f"--seeding {asked}: {shown(recorded)} records the run's seeding "
                       f"as {seeding!r}; drop --seeding")
    return str(seeding)


def _refuse_outside_agent_on_consecutive(args: argparse.Namespace,
                                         agents: AgentSetup) -> None:
    """An outside agent never plays consecutive seeds (issue 42): game i's seed S+i
    from a published S (the held-out lists) is a small seed, which an agent that
    imports the engine finds from the cards it has seen (docs/agents.md, "The seed is
    the secret"), and with it the deck and dice of the game and of every later one.
    The program's own players (``builtin:``) are no such danger."""
    outside = [f"{Faction(f).label}={where}" for f, where in agents.specs
               if builtin.builtin_name(where) is None]
    if not outside:
        return
    if getattr(args, "seeding", None) == "consecutive":
        why, instead = "--seeding consecutive: the seeds S, S+1, ...", "drop --seeding"
    else:
        run = f"--seeds-of {shown(args.seeds_of)}" if args.seeds_of is not None \
            else "--resume"
        why, instead = f"{run}: the run's consecutive seeds (S, S+1, ...)", "start a new run"
    raise CliError(f"{why} are refused with an outside agent (--agent {outside[0]}): it "
                   f"could find them from the cards played and know the deck; {instead} "
                   "(hashed seeds)")


def _recorded_seed(run_path: Path, flag: str) -> int:
    """The first seed the batch run of ``run_path`` (its run.json) played."""
    try:
        before = json.loads(read_input(run_path, RUN_FILE).decode("utf-8"))
    except (ValueError, UnicodeDecodeError) as err:
        raise CliError(f"{flag}: {shown(run_path)} cannot be read ({shown(err)})") from None
    seed = before.get("seed") if isinstance(before, dict) else None
    if type(seed) is not int or not 0 <= seed <= MAX_SEED - MAX_GAMES:
        raise CliError(f"{flag}: {shown(run_path)} records no seed of a batch run")
    return seed


def _run_compare(args: argparse.Namespace, out: TextIO) -> int:
    """``batch --compare RUN_A RUN_B``: two finished runs compared game by game."""
    from runners.compare import CompareError, compare, load_run

    given = [f"--{name.replace('_', '-')}" for name in _PLAYING_OPTIONS
             if getattr(args, name, None)]
    if given:
        raise CliError(f"--compare reads two finished runs and plays nothing: drop "
                       f"{', '.join(given)}")
    require_extras({"stats": "andean batch --compare (intervals and paired tests)"})
    try:
        (first, run_a), (second, run_b) = (load_run(p) for p in args.compare)
        result = compare(first, second, run_a, run_b)
    except CompareError as err:
        raise CliError(f"--compare: {err}") from None
    for line in compare_text(result, *args.compare):
        print(line, file=out)
    return 0


def _ci(stats: dict[str, Any]) -> str:
    low_high = stats.get("exact", stats).get("ci95")  # rounded once, from the exact
    return f"{low_high[0]:+.2f} to {low_high[1]:+.2f}" if low_high else "no interval"


def _paired_line(name: str, diff: dict[str, Any], width: int) -> str:
    mean = diff.get("exact", diff)["mean"]
    return (f"  {name:<{width}} {mean:+6.2f} ({_ci(diff)}), p {p_text(diff['p'])}, "
            f"higher in {diff['better']}, lower in {diff['worse']}")


def _rates_line(name: str, row: dict[str, Any], width: int) -> str:
    test = row["mcnemar"]
    return (f"  {name:<{width}} A {percent(row['first'])}, B {percent(row['second'])}; "
            f"A only {test['first_only']}, B only {test['second_only']}, McNemar p "
            f"{p_text(test['p'])}")


def compare_text(result: dict[str, Any], name_a: str, name_b: str) -> list[str]:
    """``batch --compare`` as printed (runners.compare.compare's result)."""
    seeds = result["seeds"]
    lines = [f"Paired comparison of {counted(result['games'], 'game')} (seeds {seeds[0]}-"
             f"{seeds[-1]}, {', '.join(result['scenario'])}): B minus A, game by game"]
    for label, name, seats in (("A", name_a, result["seats"][0]),
                               ("B", name_b, result["seats"][1])):
        lines.append(f"  {label}: {name}: " + "; ".join(f"{f} {who}" for f, who in
                                                         seats.items()))
    left = [f"{counted(n, 'seed')} only in {label}" for n, label in
            ((result["only_first"], "A"), (result["only_second"], "B")) if n]
    if result["errors"]:
        left.append(f"{counted(result['errors'], 'seed')} with an error in A or B")
    if left:
        lines.append(f"Left out: {'; '.join(left)}")
    if not result["same_seating"]:
        lines.append("Warning: the runs seat agents in different seats, so they play "
                     "different games (an Insurgent agent is a player of its own: Discord, "
                     "8.1); seat the control as an agent too (--agent SEAT=builtin:"
                     "flowchart)")
    for label, n in zip("AB", result["fallbacks"]):
        if n:
            lines.append(f"Warning: an agent fell back in {n} of run {label}'s games "
                         "(their results are partly the default player's)")
    width = max(len(f) for f in result["margins"])
    lines.append("Margin difference (7.3), mean (95% CI), paired t test:")
    lines += [_paired_line(f, d, width) for f, d in result["margins"].items()]
    lines.append("Wins, share of games (exact 95% CI) in A and B, McNemar's exact test:")
    lines += [_rates_line(f, row, width) for f, row in result["wins"].items()]
    if result["solitaire"]:
        lines.append("Solo score (8.8) difference, mean (95% CI), paired t test:")
        lines.append(_paired_line("score", result["solo_score"], width))
        width = max(len(level) for level in result["solo_levels"])
        lines.append("8.8 levels, share of games (exact 95% CI) in A and B, McNemar's "
                     "exact test:")
        lines += [_rates_line(level, row, width)
                  for level, row in result["solo_levels"].items()]
    else:
        lines.append("No 8.8 levels: a run is not of the solitaire game (an Insurgent "
                     "agent); the margins and wins compare them")
    return lines


#: the batch's parameters, written in its --out directory when it starts: --resume
#: refuses to mix another --games, --seed, --scenario, --govt or --think into the run
RUN_FILE = "run.json"


def _check_out_dir(path: str) -> Path:
    """The batch's output directory, checked before the first game; made only once every
    argument has been checked (a refused command leaves no empty directory behind)."""
    target = Path(path)
    try:
        return _checked_out_dir(target, path)
    except OSError as err:  # a path the system cannot even look up (ENAMETOOLONG...)
        raise CliError(f"--out {shown(path)}: {_words(err)}") from None


def _words(err: OSError) -> str:
    """An OSError in words, without its '[Errno N]' and the path echoed in full."""
    if err.errno == errno.ENAMETOOLONG:
        return "a name in the path is too long for the file system"
    return err.strerror or type(err).__name__


def _checked_out_dir(target: Path, path: str) -> Path:
    if target.is_symlink() and not target.is_dir():
        raise CliError(f"--out {shown(path)}: is a broken symbolic link")
    if target.exists() and not target.is_dir():
        raise CliError(f"--out {shown(path)}: is a file, not a directory")
    if target.is_dir():
        if not os.access(target, os.W_OK | os.X_OK):
            raise CliError(f"--out {shown(path)}: directory is not writable")
        return target
    existing = next((p for p in target.absolute().parents if p.exists()), None)
    if existing is None or not existing.is_dir():
        raise CliError(f"--out {shown(path)}: cannot make the directory "
                       f"({shown(existing)} is not a directory)")
    if not os.access(existing, os.W_OK | os.X_OK):
        raise CliError(f"--out {shown(path)}: cannot make the directory ({shown(existing)} "
                       "is not writable)")
    # each folder still to make fits the file system's names (checked before any is made)
    longest = name_max(existing)
    for part in target.absolute().relative_to(existing.absolute()).parts:
        if len(os.fsencode(part)) > longest:
            raise CliError(f"--out {shown(path)}: the folder name {shown(part)} is too "
                           f"long ({len(os.fsencode(part))} bytes; the file system takes "
                           f"at most {longest})")
    return target


def _check_run(run_path: Path, run: dict[str, Any]) -> None:
    """--resume: the run in the directory was started with these parameters."""
    if not run_path.exists():
        return  # a run of an older version: its rows were checked one by one
    try:
        before = json.loads(read_input(run_path, RUN_FILE).decode("utf-8"))
    except (ValueError, UnicodeDecodeError) as err:
        raise CliError(f"--resume: {shown(run_path)} cannot be read ({shown(err)})") from None
    if not isinstance(before, dict):
        raise CliError(f"--resume: {shown(run_path)} was not written by andean batch")
    # a run.json of old records no seeding: its games played consecutive seeds
    was = {"seeding": "consecutive", **before}
    changed = [f"--{k} {was.get(k)} (now {v})" for k, v in run.items()
               if k != "plays" and was.get(k) != v]
    if changed:
        raise CliError(f"--resume: the run in {shown(run_path.parent)} was started with "
                       f"{', '.join(changed)}: give the same options")


def _resume_records(csv_path: Path, seeds: list[int], scenario: str,
                    govt: str) -> list[GameRecord]:
    """The finished games of a stopped run, checked to belong to this run."""
    from runners.games import read_csv

    if csv_path.is_symlink():  # rows are appended to it: never through a link
        raise CliError(f"--resume: {shown(csv_path)} is a symbolic link; the run's rows "
                       "are never written through one")
    if not csv_path.is_file():
        others = [p.name for p in (csv_path.parent / "summary.json", csv_path.parent / RUN_FILE)
                  if p.exists()]
        if others:  # a run's files, but no game of it ended: the same advice as without
            raise CliError(f"--resume: {shown(csv_path)} does not exist, so nothing to "
                           f"resume ({shown(csv_path.parent)} holds {', '.join(others)}): "
                           "replace that run with --force, without --resume")
        raise CliError(f"--resume: {shown(csv_path)} does not exist (run without --resume)")
    try:
        records = read_csv(csv_path)
    except ValueError as err:
        raise CliError(f"--resume: {err}") from None
    wanted = set(seeds)
    seen: dict[int, GameRecord] = {}
    for r in records:
        if r.seed not in wanted or r.scenario != scenario or r.govt != govt:
            raise CliError(
                f"--resume: {csv_path} holds seed {r.seed} ({r.govt} Government, "
                f"{r.scenario}), not a game of this run: give the same --games, --seed, "
                "--scenario and --govt")
        seen.setdefault(r.seed, r)
    return sorted(seen.values(), key=lambda r: r.seed)


# ======================================================================================
# soak
# ======================================================================================
def _choices(allowed: tuple[Any, ...], kind: type = str) -> Any:
    """``a``, ``a,b`` or ``all`` -> a list of allowed values (argparse type)."""

    def parse(text: str) -> list[Any]:
        words = [w.strip().lower() for w in text.split(",")]
        if words == ["all"]:
            return list(allowed)
        out = []
        for word in words:
            try:
                value = kind(word)
            except ValueError:
                value = None
            if value not in allowed:
                names = "|".join(str(a) for a in allowed)
                raise argparse.ArgumentTypeError(
                    f"{word!r} is not one of {names}|all (or a comma-separated list)")
            if value not in out:
                out.append(value)
        return out

    return parse


def _configure_soak(p: argparse.ArgumentParser) -> None:
    from runners.soak import GOVTS, PLAYERS, SCENARIOS

    p.add_argument("--games", type=_games, required=True, help="how many games")
    p.add_argument("--seed", type=_seed, default=0,
                   help="seed of the first game; game i uses seed S+i (default 0)")
    p.add_argument("--workers", type=_positive, default=1,
                   help="worker processes (default 1: in this process)")
    p.add_argument("--govt", type=_choices(GOVTS), default=["heuristic", "random"],
                   metavar="heuristic|random|search|all",
                   help="Government bot(s), comma-separated or all (default heuristic,random)")
    p.add_argument("--scenario", type=_choices(SCENARIOS), default=list(SCENARIOS),
                   metavar="standard|quick|all", help="scenario(s) (default all)")
    p.add_argument("--players", type=_choices(PLAYERS, int), default=list(PLAYERS),
                   metavar="1|2|3|all",
                   help="seatings: 1 = solitaire (8.0); 2, 3 = players for Government, "
                   "FARC (AUC) with Non-players for the rest (1.5.1) (default all)")
    p.add_argument("--out", metavar="REPORT.json", default=None,
                   help="write the JSON report here too (written atomically)")
    p.add_argument("--force", action="store_true", help="let --out replace an existing file")


def _run_soak(args: argparse.Namespace, out: TextIO) -> int:
    from runners.soak import run_soak, soak_jobs
    from tui.progress import RunProgress

    outfile = check_output(args.out, "--out", force=args.force) if args.out else None
    for name in args.govt:
        note = make_government(name, args.seed).note
        if note:
            print(f"andean: note: {note}", file=sys.stderr)
    jobs = soak_jobs(args.games, args.seed, args.govt, args.scenario, args.players)
    start = time.perf_counter()
    found: list[int] = [0, 0]

    def progress(done: int, _total: int, problems: int) -> None:
        found[:] = [done, problems]
        bar.update(done, problems)

    so_far: list[dict[str, Any]] = []
    try:
        with RunProgress(sys.stderr, len(jobs)) as bar:
            report = run_soak(jobs, args.workers, progress=progress, problems=so_far)
    except KeyboardInterrupt as stop:
        for problem in so_far:  # what was found is never lost with the stop
            _print_problem(problem, out)
        raise Interrupted(f"soak stopped after {found[0]} of {len(jobs)} games "
                          f"({counted(found[1], 'problem')} so far, listed above); no report "
                          "written",
                          stop_code(stop)) from None
    seconds = time.perf_counter() - start
    report = {
        "command": "andean soak " + " ".join(
            [f"--games {args.games}", f"--seed {args.seed}", f"--workers {args.workers}",
             "--govt " + ",".join(args.govt), "--scenario " + ",".join(args.scenario),
             "--players " + ",".join(str(p) for p in args.players)]),
        "checks": ["every invariant after every command (GameState.check_invariants)",
                   "the phase/step structure a save must have, after every command",
                   "no exception", "the game ends", "the log replays to the final state"],
        **report,
        "seconds": round(seconds, 1),
        "games_per_second": round(report["games"] / seconds, 3) if seconds > 0 else None,
        "workers": args.workers,
    }
    for problem in report["problems"]:
        _print_problem(problem, out)
    print(f"soak: {counted(report['games'], 'game')}, "
          f"{counted(len(report['problems']), 'problem')}, "
          f"{report['seconds']} s ({report['games_per_second']} games/s, "
          f"{counted(args.workers, 'worker')})", file=out)
    if outfile is not None:
        write_text(outfile, json.dumps(report, indent=2, ensure_ascii=False) + "\n")
        print(f"Wrote {outfile}", file=out)
    return 1 if report["problems"] else 0


def _print_problem(problem: dict[str, Any], out: TextIO) -> None:
    print(f"seed {problem['seed']} ({problem['govt']} Government, {problem['scenario']}, "
          f"{counted(problem['players'], 'player')}): {problem['message']}", file=out, flush=True)


SUBCOMMANDS: list[Subcommand] = [
    Subcommand("demo", "play one whole game between bots, narrated card by card",
               _configure_demo, _run_demo),
    Subcommand("batch", "play many bot games over seeds; CSV, summary JSON, optional plot",
               _configure_batch, _run_batch),
    Subcommand("soak", "play many bot games checking every invariant and the replay; "
               "report the problems", _configure_soak, _run_soak),
]
