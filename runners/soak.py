"""The soak: many seeded bot games, every invariant after every command, the replay check.

``andean soak`` (``tui/commands/bots.py``) runs :func:`run_soak` over the jobs of
:func:`soak_jobs`; ``docs/reliability.md`` gives the command and what it checks.

A game's seating is its number of players:

* 1 player (8.0): a Government bot against the three section-8 Insurgents;
* 2 or 3 players with the 1.5.1 Non-Player Option: the players take Government, FARC
  (and AUC) in that order (1.5) and the leftover Insurgents are section-8 Non-players.
  The Government seat is the bot; the other player seats play random legal commands
  (:func:`core.game.random_play.random_command`, Event choices by a seeded random chooser),
  so the Non-players meet positions no bot would steer into. In 2-player games the
  Government bot answers Insurgent Discord (8.1).

Every game depends only on its job (seed and settings), so a problem found is
reproduced by :func:`soak_game` with the same arguments.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from core.events.choice import RandomChooser
from core.game import Game
from core.game.random_play import random_command
from core.game.serialize import SchemaError, check_structure
from core.pieces import Faction
from nonplayer.government import GovernmentBot, apply_decision, make_government
from nonplayer.turn import take_turn

GOVTS = ("heuristic", "random", "search")
SCENARIOS = ("standard", "quick")
PLAYERS = (1, 2, 3)
MAX_COMMANDS = 5000


@dataclass(frozen=True)
class SoakJob:
    """One soak game: its seed and settings."""

    seed: int
    govt: str
    scenario: str
    players: int = 1

    def settings(self) -> dict[str, Any]:
        return {"govt": self.govt, "scenario": self.scenario, "players": self.players}


def soak_jobs(games: int, seed: int, govts: Sequence[str], scenarios: Sequence[str],
              players: Sequence[int] = (1,)) -> list[SoakJob]:
    """``games`` jobs on seeds ``seed``, ``seed+1``, ...; the settings cycle through every
    combination of ``govts`` x ``scenarios`` x ``players`` (each seed gets one)."""
    combos = [(g, s, p) for g in govts for s in scenarios for p in players]
    if not combos:
        raise ValueError("a soak needs at least one Government, scenario and seating")
    return [SoakJob(seed + i, *combos[i % len(combos)]) for i in range(games)]


def soak_game(seed: int, govt: str = "heuristic", scenario: str = "standard",
              players: int = 1) -> list[str]:
    """Play one seeded game checking every invariant after every command and that the
    log replays to the same final state; the problems found (empty: none)."""
    problems: list[str] = []
    at = {"card": None, "who": "set-up", "what": ""}
    try:
        game = _new_game(seed, scenario, players)
        problems += [f"after set-up: {p}" for p in game.state.check_invariants()]
        for _command in _play(game, seed, govt, at):
            broken = game.state.check_invariants() + _structure(game)
            problems += [f"card {at['card']}, {at['who']} {at['what']}: {p}" for p in broken]
            if broken:
                return problems
    except Exception as err:  # every failure of a game is a finding, never a crash
        where = f"card {at['card']}, {at['who']} to move" if at["who"] != "set-up" else "set-up"
        return problems + [f"{where}: {type(err).__name__}: {err}"]
    if not game.is_terminal():
        return problems + [f"the game did not end in {MAX_COMMANDS} commands"]
    try:
        again = Game.replay(game.initial, game.log)
    except Exception as err:
        return problems + [f"the log does not replay: {type(err).__name__}: {err}"]
    if again.state != game.state:
        problems.append("replaying the log does not give the final state")
    return problems


def play_seated(seed: int, govt: str | GovernmentBot = "heuristic",
                scenario: str = "standard", players: int = 1) -> Game:
    """Play one game of a soak job's seating to its end, without the soak's checks, and
    return it (the golden games of ``tests/golden`` pin these). ``govt`` is a registry
    name (seeded with ``seed``, as the soak does) or a bot already made."""
    game = _new_game(seed, scenario, players)
    for _command in _play(game, seed, govt, {}):
        pass
    if not game.is_terminal():
        raise RuntimeError(f"the game did not end in {MAX_COMMANDS} commands")
    return game


def _structure(game: Game) -> list[str]:
    """The phase/step structure the strict loader demands of a save (never broken by
    play, so every save the engine writes loads)."""
    try:
        check_structure(game.state)
    except SchemaError as err:
        return [f"the saved state would not load: {err}"]
    return []


def _new_game(seed: int, scenario: str, players: int) -> Game:
    if players not in PLAYERS:
        raise ValueError(f"players must be 1, 2 or 3, not {players!r}")
    if players == 1:
        return Game.new(scenario=scenario, seed=seed, players=1)
    return Game.new(scenario=scenario, seed=seed, players=players, nonplayers=True)


def _play(game: Game, seed: int, govt: str | GovernmentBot,
          at: dict[str, Any]) -> Iterator[None]:
    """Apply the game's commands one by one (yield after each) until it ends."""
    bot = make_government(govt, seed) if isinstance(govt, str) else govt
    rng = random.Random(seed ^ 0x5EED)
    for _ in range(MAX_COMMANDS):
        if game.is_terminal():
            return
        faction = game.to_move()
        assert faction is not None
        at.update(card=game.state.current_card, who=faction.label, what="")
        if game.state.seats[faction] is None:
            result = take_turn(game, discord=bot.discord)
            at["what"] = result.command.name
        elif faction is Faction.GOVT:
            decision = bot.decide(game)
            at["what"] = decision.command.name
            apply_decision(game, decision)
        else:
            cmd = random_command(game.state, rng)
            at["what"] = cmd.name
            game.apply(cmd, chooser=RandomChooser(rng))
        yield None


def _settings_covered(jobs: Sequence[SoakJob]) -> list[dict[str, Any]]:
    counts: dict[tuple[str, str, int], int] = {}
    for j in jobs:
        key = (j.govt, j.scenario, j.players)
        counts[key] = counts.get(key, 0) + 1
    return [{"govt": g, "scenario": s, "players": p, "games": n}
            for (g, s, p), n in sorted(counts.items())]


def run_job(job: SoakJob) -> tuple[SoakJob, list[str]]:
    """A worker's unit: the job and its problems."""
    return job, soak_game(job.seed, job.govt, job.scenario, job.players)


Progress = Callable[[int, int, int], None]  # done, total, problems so far


def run_soak(jobs: Sequence[SoakJob], workers: int = 1,
             progress: Progress | None = None,
             problems: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Run every job (``workers`` processes; 1: here) and return the report: games
    played, the settings covered, the problems (a list of {seed, settings, message}).
    ``problems``, if given, is filled as games end, so a caller stopped part-way still
    has the problems found so far."""
    from core.pool import imap_jobs

    problems = [] if problems is None else problems
    done = 0
    for job, found in imap_jobs(run_job, list(jobs), workers):
        done += 1
        problems += [{"seed": job.seed, **job.settings(), "message": m} for m in found]
        if progress is not None:
            progress(done, len(jobs), len(problems))
    problems.sort(key=lambda p: (p["seed"], p["message"]))
    return {
        "games": done,
        "seeds": [min(j.seed for j in jobs), max(j.seed for j in jobs)] if jobs else [],
        "settings": _settings_covered(jobs),
        "problems": problems,
    }
