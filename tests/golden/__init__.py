"""Golden games: the engine's behaviour pinned bit for bit (issue 18 item 1).

A few hundred seeded games, played in one process, each reduced to two sha256 hashes:
the final state (its save-file JSON, :func:`core.game.serialize.state_to_json`, so the hash
does not depend on how the state is held in memory) and the command log (every command
with the dice it rolled, :attr:`core.game.Game.log`). ``games.json`` beside this module
holds them, recorded from the engine as it was; ``tests/test_golden.py`` plays the
games again and must find every hash equal. A change that only makes the engine faster
keeps every game; a change of a rule moves some, and the file is then regenerated in the
commit that names that rule change::

    PYTHONPATH=. python -m tests.golden           # check: print the games that changed
    PYTHONPATH=. python -m tests.golden --write   # regenerate games.json, print the changes

The games (:func:`specs`) cover every seating the engine plays:

* random legal play (:func:`core.game.random_play.play_random_game`, all four seats), the
  standard scenario, the standard short game (2.4.1) and Quick-Play;
* 1 player (8.0): the heuristic, random and one-card search (``lookahead``) Government
  bots against the three section-8 Non-players; the search with a fixed planned effort
  and deterministic solver budget and a wall-clock safety net far above what it needs
  (:func:`nonplayer.government.search.search`), so its decisions do not depend on the
  machine's speed or load;
* 2 and 3 players with the Non-Player Option (1.5.1), seated as the soak seats them
  (:func:`runners.soak.play_seated`): the Government bot, random legal players for
  FARC (and AUC), the leftover Insurgents section-8 Non-players;

each in the standard and Quick-Play scenarios.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from core.game import Game
from core.game.serialize import state_to_json

PATH = Path(__file__).with_name("games.json")

HEADER = (
    "Golden games (issue 18): sha256 of the final state (state_to_json) and of the command "
    "log of seeded games, replayed bit for bit by tests/test_golden.py. Regenerate ONLY in "
    "a commit whose message names the rule change that moved them: "
    "PYTHONPATH=. python -m tests.golden --write (python -m tests.golden lists the "
    "games that changed without writing)."
)

#: The search Government's settings in the golden games: the planned work of a 0.3 s
#: decision (``effort_for(0.3)``, written out so a retuning of the defaults shows as a
#: change of settings, not of rules) with a 60 s wall-clock safety net that never cuts in.
SEARCH = {"time_limit": 0.3, "wall_limit": 60.0,
          "effort": {"variants": ["none", "strike"], "solutions": 1, "event_budget": 8}}

Spec = dict[str, Any]


def specs() -> list[Spec]:
    """The golden games, in the order they are played and stored."""
    out: list[Spec] = []
    for scenario, options, n in (("standard", {}, 50), ("standard", {"short": True}, 10),
                                 ("quick", {}, 40)):
        out += [{"kind": "random_play", "scenario": scenario, "options": options, "seed": s}
                for s in range(n)]
    for scenario, n in (("standard", 20), ("quick", 20)):
        for govt in ("heuristic", "random"):
            out += [{"kind": "seated", "govt": govt, "scenario": scenario, "players": 1,
                     "seed": s} for s in range(n)]
    for scenario in ("standard", "quick"):
        for players in (2, 3):
            for govt in ("heuristic", "random"):
                out += [{"kind": "seated", "govt": govt, "scenario": scenario,
                         "players": players, "seed": s} for s in range(10)]
    for scenario, n in (("quick", 2), ("standard", 1)):
        out += [{"kind": "seated", "govt": "search", "search": SEARCH, "scenario": scenario,
                 "players": 1, "seed": s} for s in range(n)]
    return out


def label(spec: Spec) -> str:
    """A short name of a game, e.g. ``seated heuristic standard 2p seed 4``."""
    if spec["kind"] == "random_play":
        opts = "".join(f" {k}={v}" for k, v in sorted(spec["options"].items()))
        return f"random_play {spec['scenario']}{opts} seed {spec['seed']}"
    return (f"seated {spec['govt']} {spec['scenario']} {spec['players']}p "
            f"seed {spec['seed']}")


def play(spec: Spec) -> Game:
    """Play one golden game to its end."""
    if spec["kind"] == "random_play":
        from core.game.random_play import play_random_game

        seed = spec["seed"]
        return play_random_game(Game.new(spec["scenario"], seed=seed, **spec["options"]),
                                random.Random(seed))
    if spec["kind"] == "seated":
        from runners.soak import play_seated

        return play_seated(spec["seed"], _government(spec), spec["scenario"], spec["players"])
    raise ValueError(f"unknown golden game kind {spec['kind']!r}")


def _government(spec: Spec) -> Any:
    from nonplayer.government import make_government

    if spec["govt"] != "search":
        return spec["govt"]  # made by the soak from its name and the seed
    from nonplayer.government.search import Effort

    opts = spec["search"]
    effort = Effort(tuple(opts["effort"]["variants"]), opts["effort"]["solutions"],
                    opts["effort"]["event_budget"])
    bot = make_government("lookahead", spec["seed"], time_limit=opts["time_limit"],
                          wall_limit=opts["wall_limit"], effort=effort)
    if bot.note:  # OR-tools missing: the heuristic would play, and the hashes would lie
        raise RuntimeError(bot.note)
    return bot


def _sha256(data: Any) -> str:
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def fingerprint(game: Game) -> dict[str, Any]:
    """What the golden file keeps of a game: the two hashes and, to read a change by,
    the number of commands and how the game ended."""
    state = game.state
    ranking = state.step.get("ranking") if state.phase == "over" else None
    return {
        "state_sha256": _sha256(state_to_json(state)),
        "log_sha256": _sha256(game.log),
        "commands": len(game.log),
        "ending": str(state.step.get("reason", "")) if state.phase == "over" else state.phase,
        "ranking": ranking,
    }


def record(spec: Spec) -> dict[str, Any]:
    return {**spec, **fingerprint(play(spec))}


def load(path: Path = PATH) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def write(games: list[dict[str, Any]], path: Path = PATH) -> None:
    data = {"header": HEADER, "games": games}
    text = "{\n" + f'  "header": {json.dumps(HEADER)},\n  "games": [\n'
    text += ",\n".join("    " + json.dumps(g, sort_keys=True) for g in games)
    text += "\n  ]\n}\n"
    assert json.loads(text) == data
    path.write_text(text, encoding="utf-8")


def spec_of(entry: dict[str, Any]) -> Spec:
    """The settings and seed of a stored entry (without its fingerprint)."""
    keys = set(entry) - {"state_sha256", "log_sha256", "commands", "ending", "ranking"}
    return {k: entry[k] for k in keys}


def differences(stored: dict[str, Any], now: dict[str, Any]) -> str:
    """How a game's fingerprint moved ("" when it did not)."""
    moved = [k for k in ("state_sha256", "log_sha256", "commands", "ending", "ranking")
             if stored.get(k) != now.get(k)]
    if not moved:
        return ""
    parts = []
    for k in moved:
        if k.endswith("sha256"):
            parts.append(k.replace("_sha256", "") + " hash")
        else:
            parts.append(f"{k} {stored.get(k)!r} -> {now.get(k)!r}")
    return ", ".join(parts)


Progress = Callable[[int, int], None]


def check(entries: Iterable[dict[str, Any]],
          progress: Progress | None = None) -> tuple[list[dict[str, Any]], list[str]]:
    """Play every game again; return the fresh records and one line per game that
    changed (``label: what moved``; an entry without hashes is a new game)."""
    entries = list(entries)
    fresh: list[dict[str, Any]] = []
    changed: list[str] = []
    for i, entry in enumerate(entries):
        spec = spec_of(entry)
        try:
            now = record(spec)
        except Exception as err:  # a game that no longer plays is a change too
            now = {**spec, "error": f"{type(err).__name__}: {err}"}
        fresh.append(now)
        if "error" in now:
            moved = now["error"]
        elif "state_sha256" not in entry:
            moved = "new (not in the file yet)"
        else:
            moved = differences(entry, now)
        if moved:
            changed.append(f"{label(spec)}: {moved}")
        if progress is not None:
            progress(i + 1, len(entries))
    return fresh, changed


def same_games(stored: list[dict[str, Any]]) -> bool:
    """Whether the file holds exactly the games :func:`specs` lists (same order)."""
    return [spec_of(e) for e in stored] == specs()
