"""The ``andean`` command line.

::

    andean new --scenario standard --seed 7 --out game.json   # set up, reveal 1st card
    andean status game.json                                   # tracks, cards, board
    andean status game.json --json                            # the same as JSON
    andean verify game.json                                   # replay the log, compare

Each subcommand is a small function registered in :data:`SUBCOMMANDS` with the function
that declares its arguments, so later subcommands (flowchart, np-turn, event, demo,
batch, play, assist) slot in without touching the others.

Exit codes: 0 success; 1 ``verify`` found the save inconsistent; 2 an error (bad
arguments, unreadable or foreign file), reported as one line on stderr, no traceback.
Set ``ANDEAN_DEBUG=1`` to see the traceback of an unexpected error.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import signal
import sys
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn, TextIO

from core import serialize
from core.cards import CARDS
from core.errors import AndeanError
from core.extras import MissingExtra
from core.game import Game
from core.map import MAP
from core.pieces import ACTIVE_OF, BASE_OF, UNDERGROUND_OF, Faction, Piece
from core.rules import sequence
from core.state import PRESIDENTS, SUPPORT_LABELS, GameState
from tui.cli_base import (
    CliError,
    Interrupted,
    Subcommand,
    Terminated,
    add_no_verify,
    faction_argument,
    stop_code,
)

PROG = "andean"


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors become :class:`CliError` (one line, exit 2)."""

    def error(self, message: str) -> NoReturn:
        where = self.prog.removeprefix(PROG).strip()
        raise CliError(f"{where + ': ' if where else ''}{message} (see --help)")


# ======================================================================================
# status as data (reused by later subcommands)
# ======================================================================================
def _card(number: int | None) -> dict[str, Any] | None:
    if number is None:
        return None
    return {"number": number, "title": CARDS[number].title}


def _pieces(state: GameState, space: int) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {
        Faction.GOVT.label: {
            "troops": state.count(space, Piece.TROOPS),
            "police": state.count(space, Piece.POLICE),
            "bases": state.count(space, Piece.GOVT_BASE),
        }
    }
    for f in (Faction.FARC, Faction.AUC, Faction.CARTELS):
        out[f.label] = {
            "underground": state.count(space, UNDERGROUND_OF[f]),
            "active": state.count(space, ACTIVE_OF[f]),
            "bases": state.count(space, BASE_OF[f]),
        }
    return out


def _space_status(state: GameState, space: int) -> dict[str, Any]:
    s = MAP[space]
    holders = [Faction(h[1]).label for h in state.shipments if h is not None and h[0] == space]
    control = state.controller(space) if not s.is_loc else None
    return {
        "id": s.id,
        "kind": s.kind,
        "pop": s.pop,
        "econ": s.econ,
        "support": SUPPORT_LABELS[state.support[space]],
        "support_level": state.support[space],
        "control": control.label if control is not None else None,
        "terror": state.terror[space],
        "sabotage": bool(state.sabotage[space]),
        "farc_zone": bool(state.farc_zone[space]),
        "shipments": len(holders),
        "shipment_holders": holders,
        "pieces": _pieces(state, space),
    }


def _available(state: GameState) -> dict[str, dict[str, int]]:
    return {
        Faction.GOVT.label: {
            "troops": state.available(Piece.TROOPS),
            "police": state.available(Piece.POLICE),
            "bases": state.available(Piece.GOVT_BASE),
        },
        **{
            f.label: {
                "guerrillas": state.available_guerrillas(f),
                "bases": state.available_bases(f),
            }
            for f in (Faction.FARC, Faction.AUC, Faction.CARTELS)
        },
    }


def status_dict(game: Game) -> dict[str, Any]:
    """Everything ``andean status --json`` shows: tracks, cards, Eligibility, whose turn,
    victory margins and every space in play (keyed by space name)."""
    state = game.state
    to_move = game.to_move()
    margins = state.victory_margins()
    out: dict[str, Any] = {
        "scenario": state.scenario,
        "seed": state.rng_seed,
        "options": state.options,
        "seats": {f.label: state.seats[f] for f in Faction},
        "phase": state.phase,
        "to_move": to_move.label if to_move is not None else None,
        "current_card": _card(state.current_card),
        "next_card": _card(state.deck[0] if state.deck else None),
        "deck_remaining": len(state.deck),
        "propaganda_rounds": state.propaganda_rounds,
        "final_propaganda": state.final_propaganda,
        "eligible": [f.label for f in Faction if state.eligible[f]],
        "el_presidente": PRESIDENTS[state.president],
        "aid": state.aid,
        "resources": {f.label: state.resources[f] for f in Faction},
        "total_support": state.total_support(),
        "total_opposition": state.total_opposition(),
        "opposition_plus_bases": state.opposition_plus_bases(),
        "victory_margins": {f.label: margins[f] for f in Faction},
        "capabilities": [
            {"card": card, "side": side, "title": CARDS[card].title}
            for card, side in sorted(state.capabilities.items())
        ],
        "momentum": list(state.momentum),
        "available": _available(state),
        "shipments_available": state.shipments_available(),
        "markers_available": state.markers_available(),
        "log_length": len(game.log),
        "spaces": {s.name: _space_status(state, s.id) for s in state.spaces_in_play()},
    }
    if sequence.card_ended(state):
        nxt = _card(state.deck[0] if state.deck else None)
        out["card_ends"] = (
            "Nobody is left to decide: the card ends with the next command (2.3.7 "
            "Eligibility), then "
            + ("the game ends, the deck being empty (7.3)" if nxt is None else
               f"#{nxt['number']} {nxt['title']} is played (2.3.8)")
        )
    if state.phase == "over":
        out["game_over"] = {
            "reason": state.step.get("reason"),
            "ranking": [Faction(f).label for f in state.step.get("ranking", [])],
            "winners": [Faction(f).label for f in state.step.get("winners", [])],
            "players_lose": bool(state.step.get("players_lose", False)),
        }
    return out


# ======================================================================================
# status as text
# ======================================================================================
def _card_text(card: dict[str, Any] | None) -> str:
    return "none" if card is None else f"#{card['number']} {card['title']}"


def _by_faction(values: dict[str, Any]) -> str:
    return ", ".join(f"{name} {value:+d}" for name, value in values.items())


def status_text(game: Game) -> str:
    """A human-readable summary: tracks, then one line per space with anything on it."""
    d = status_dict(game)
    lines = [
        f"Andean Abyss: {d['scenario']} scenario, seed {d['seed']}, phase {d['phase']}",
        f"Card: {_card_text(d['current_card'])}   next: {_card_text(d['next_card'])}   "
        f"deck: {d['deck_remaining']} cards   Propaganda: {d['propaganda_rounds']} of "
        f"{d['final_propaganda']}",
        f"To move: {d['to_move'] or '-'}   Eligible: {', '.join(d['eligible']) or '-'}",
        f"El Presidente: {d['el_presidente']}   Aid: {d['aid']}   Resources: "
        + ", ".join(f"{k} {v}" for k, v in d["resources"].items()),
        f"Total Support {d['total_support']}   Total Opposition {d['total_opposition']}   "
        f"Opposition + Bases {d['opposition_plus_bases']}",
        f"Victory margins: {_by_faction(d['victory_margins'])}",
    ]
    if d["capabilities"]:
        lines.append(
            "Capabilities: "
            + ", ".join(f"#{c['card']} {c['title']} ({c['side']})" for c in d["capabilities"])
        )
    if d["momentum"]:
        lines.append("Momentum: " + ", ".join(f"#{c} {CARDS[c].title}" for c in d["momentum"]))
    if "card_ends" in d:
        lines.append(d["card_ends"])
    if "game_over" in d:
        over = d["game_over"]
        lines.append(f"Game over: {over['reason']}; ranking {', '.join(over['ranking'])}")
    lines.append("")
    lines.append(
        f"{'Space':<30} {'Pop':>3} {'Support':<18} {'Control':<10} "
        f"{'Gov T/P/B':>9} {'FARC U/A/B':>10} {'AUC U/A/B':>9} {'Cart U/A/B':>10}  Markers"
    )
    for name, sp in d["spaces"].items():
        lines.append(_space_line(name, sp))
    return "\n".join(lines)


def _space_line(name: str, sp: dict[str, Any]) -> str:
    p = sp["pieces"]
    gov = p["Government"]
    cols = [f"{gov['troops']}/{gov['police']}/{gov['bases']}"]
    for f in ("FARC", "AUC", "Cartels"):
        cols.append(f"{p[f]['underground']}/{p[f]['active']}/{p[f]['bases']}")
    marks = []
    if sp["terror"]:
        marks.append(f"Terror {sp['terror']}")
    if sp["sabotage"]:
        marks.append("Sabotage")
    if sp["farc_zone"]:
        marks.append("FARC Zone")
    if sp["shipments"]:
        marks.append("Shipments: " + ", ".join(sp["shipment_holders"]))
    support = sp["support"] if sp["kind"] != "loc" else "-"
    return (
        f"{name:<30} {sp['pop']:>3} {support:<18} {sp['control'] or '-':<10} "
        f"{cols[0]:>9} {cols[1]:>10} {cols[2]:>9} {cols[3]:>10}  {'; '.join(marks)}"
    ).rstrip()


# ======================================================================================
# subcommands
# ======================================================================================
def _seats(text: str) -> list[int | None]:
    """Parse ``--seats 1,-,2,-`` (Government, FARC, AUC, Cartels; - = Non-player)."""
    parts = [p.strip().lower() for p in text.split(",")]
    if len(parts) != 4:
        raise argparse.ArgumentTypeError("give 4 comma-separated seats, e.g. 1,-,2,-")
    out: list[int | None] = []
    for part in parts:
        if part in ("-", "none", "np", "n"):
            out.append(None)
        elif part.isdigit():
            out.append(int(part))
        else:
            raise argparse.ArgumentTypeError(f"seat {part!r} is not a player number or '-'")
    return out


def _configure_new(p: argparse.ArgumentParser) -> None:
    p.add_argument("--scenario", choices=("standard", "quick"), default="standard",
                   help="full game or the Quick-Play scenario (default: standard)")
    p.add_argument("--seed", type=int, default=None,
                   help="random seed for the deck and dice (default: a random one)")
    p.add_argument("--short", action="store_true",
                   help="short game: the 3rd Propaganda card's Round is the last (2.4.1)")
    p.add_argument("--seeded-propaganda", action="store_true",
                   help="each Propaganda card among the bottom 5 cards of its pile")
    p.add_argument("--players", type=int, choices=(1, 2, 3, 4), default=None,
                   help="number of players (default 4); 2-3 players run the spare "
                   "Factions (1.5.1) unless --nonplayers")
    p.add_argument("--nonplayers", action="store_true",
                   help="leftover Factions are section-8 Non-players instead")
    p.add_argument("--seats", type=_seats, default=None,
                   help="explicit seats for Government,FARC,AUC,Cartels, e.g. 1,-,2,- "
                   "(- = Non-player)")
    p.add_argument("--deployment", choices=("standard", "open"), default="standard",
                   help="Standard or Open Deployment (default: standard)")
    p.add_argument("--placement", metavar="FILE", default=None,
                   help="JSON placement of the player forces for Open Deployment")
    p.add_argument("--out", metavar="FILE", required=True, help="where to save the game")
    p.add_argument("--force", action="store_true", help="overwrite FILE if it exists")


def _run_new(args: argparse.Namespace, out: TextIO) -> int:
    target = Path(args.out)
    if target.exists() and not args.force:
        raise CliError(f"{target} already exists (use --force to overwrite)")
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    options: dict[str, Any] = {
        "short": args.short,
        "seeded_propaganda": args.seeded_propaganda,
        "players": args.players,
        "seats": args.seats,
        "nonplayers": args.nonplayers,
        "deployment": args.deployment,
    }
    if args.scenario == "quick" and (args.short or args.deployment == "open"):
        flag = "--short (the short game, 2.4.1)" if args.short else \
            "--deployment open (Open Deployment)"
        raise CliError(f"{flag} is for --scenario standard (the full game), not Quick-Play")
    if args.deployment == "open" and args.placement is None:
        raise CliError("--deployment open needs --placement FILE (the players' forces)")
    if args.deployment == "standard" and args.placement is not None:
        raise CliError("--placement goes with --deployment open")
    if args.placement is not None:
        options["open_placement"] = args.placement
    game = Game.new(scenario=args.scenario, seed=seed, **options)
    serialize.save(game, target)
    d = status_dict(game)
    print(
        f"New {args.scenario} game, seed {seed}, saved to {target}. "
        f"Card {_card_text(d['current_card'])}, next {_card_text(d['next_card'])}; "
        f"to move: {d['to_move'] or '-'}",
        file=out,
    )
    return 0


def _configure_status(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="FILE", help="a save file")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    add_no_verify(p)


def _run_status(args: argparse.Namespace, out: TextIO) -> int:
    game = serialize.load(args.file, verify=not args.no_verify)
    if args.json:
        print(json.dumps(status_dict(game), indent=2, ensure_ascii=False), file=out)
    else:
        print(status_text(game), file=out)
    return 0


def _configure_verify(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="FILE", help="a save file")


def _run_verify(args: argparse.Namespace, out: TextIO) -> int:
    game = serialize.load(args.file, verify=False)  # the replay is this command's report
    problems = serialize.verify(game)
    if problems:
        print(f"{args.file}: replaying the log does NOT give the saved state:", file=out)
        for line in problems:
            print(f"  {line}", file=out)
        return 1
    print(f"{args.file}: OK, {len(game.log)} commands replay to the saved state", file=out)
    return 0


def _command_title(cmd: Any) -> str:
    """'Train + Air Lift', 'Rally (Ship: March)', 'Pass', 'Civic Action'."""
    op = getattr(cmd, "op", None)
    if op is None:
        return str(cmd.name)
    title = str(op.name)
    if getattr(cmd, "special", None) is not None:
        title += f" + {cmd.special.name}"
    if getattr(cmd, "ship_op", None) is not None:
        title += f" (Ship: {cmd.ship_op.name})"
    return title


def _configure_random_game(p: argparse.ArgumentParser) -> None:
    p.add_argument("--scenario", choices=("standard", "quick"), default="standard")
    p.add_argument("--seed", type=int, default=None,
                   help="seed for the deck, the dice and the players' choices (default random)")
    p.add_argument("--short", action="store_true", help="short game: 3 Propaganda cards (2.4.1)")
    p.add_argument("--json", action="store_true",
                   help="print only a JSON summary (winner, margins, cards played)")
    p.add_argument("--save", metavar="FILE", help="also save the finished game to FILE")


def _run_random_game(args: argparse.Namespace, out: TextIO) -> int:
    import random

    from core.random_play import play_random_game

    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    game = Game.new(scenario=args.scenario, seed=seed, short=args.short)
    last_card: list[int | None] = [None]

    def narrate(g: Game, cmd: Any, trace: list[str]) -> None:
        if args.json:
            return
        print(f"  {g.log[-1]['faction']}: {_command_title(cmd)}", file=out)
        for line in trace:
            print(f"      {line}", file=out)
        if g.state.current_card != last_card[0] and not g.is_terminal():
            last_card[0] = g.state.current_card
            print(f"Card {_card_text(_card(g.state.current_card))}", file=out)

    if not args.json:
        print(f"Random legal game, {args.scenario} scenario, seed {seed}", file=out)
        last_card[0] = game.state.current_card
        print(f"Card {_card_text(_card(game.state.current_card))}", file=out)
    play_random_game(game, random.Random(seed), on_command=narrate)
    margins = game.state.victory_margins()
    ranking = [Faction(f).label for f in game.state.step["ranking"]]
    summary = {
        "seed": seed,
        "scenario": args.scenario,
        "reason": game.state.step["reason"],
        "winner": ranking[0],
        "ranking": ranking,
        "victory_margins": {f.label: margins[f] for f in Faction},
        "cards_played": sum(1 for c in game.state.played if not CARDS[c].propaganda),
        "propaganda_rounds": game.state.propaganda_rounds,
        "commands": len(game.log),
    }
    if args.save:
        serialize.save(game, Path(args.save))
    if args.json:
        print(json.dumps(summary, indent=2, ensure_ascii=False), file=out)
    else:
        print(f"Game over: {summary['reason']}", file=out)
        print("Victory margins: " + _by_faction(summary["victory_margins"]), file=out)
        print("Ranking: " + ", ".join(ranking), file=out)
    return 0


def _configure_flowchart(p: argparse.ArgumentParser) -> None:
    p.add_argument("faction", choices=("FARC", "AUC", "Cartels"), type=_insurgent,
                   help="the Insurgent whose section-8 flowchart to print")
    p.add_argument("--format", choices=("mermaid", "dot", "text"), default="text",
                   help="Mermaid (renders on GitHub), Graphviz DOT, or an outline (default)")


def _insurgent(text: str) -> str:
    return faction_argument(
        text,
        "the Government is no section-8 Non-player (8.0): give FARC, AUC or Cartels, "
        "or let a Government bot play (andean demo --govt heuristic|search|random)",
    ).label


def _run_flowchart(args: argparse.Namespace, out: TextIO) -> int:
    from nonplayer import flowchart

    chart = flowchart.load(Faction.parse(args.faction))
    render = {"mermaid": flowchart.to_mermaid, "dot": flowchart.to_dot,
              "text": flowchart.to_text}[args.format]
    out.write(render(chart))
    return 0


def _dice_list(text: str) -> list[int]:
    try:
        values = [int(v) for v in text.replace(" ", "").split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"dice must be numbers 1-6 separated by commas: {text!r}"
        ) from None
    if not values or any(not 1 <= v <= 6 for v in values):
        raise argparse.ArgumentTypeError(f"dice must be numbers 1-6 separated by commas: {text!r}")
    return values


def _add_dice_and_outputs(p: argparse.ArgumentParser, what: str) -> None:
    """The options of the commands that run one step of a save: its dice and outputs."""
    p.add_argument("--dice", type=_dice_list, metavar="4,1,2,...",
                   help="the dice to use, in order (error if they run out); default: seeded")
    p.add_argument("--save", metavar="OUT", help=f"save the game after {what} to OUT")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    add_no_verify(p)


def _configure_np_turn(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="FILE", help="a save file")
    p.add_argument("--faction", required=True, type=_insurgent,
                   help="the Non-player Insurgent to run (FARC, AUC, Cartels)")
    p.add_argument("--card", type=int, help="Event card in play for this turn (default: current)")
    p.add_argument("--position", choices=("first", "second"), default="first",
                   help="1st or 2nd Eligible (default first); play stops right after the "
                   "turn: as 2nd Eligible before the card ends (the next command ends it)")
    p.add_argument("--after", choices=("op", "op_sa", "event"), default="op",
                   help="what the 1st Eligible executed, when --position second (2.3.4)")
    _add_dice_and_outputs(p, "the turn")


def _run_np_turn(args: argparse.Namespace, out: TextIO) -> int:
    from core.dice import ScriptedDice
    from core.rules.editor import SetTurn
    from nonplayer.turn import take_turn

    game = serialize.load(args.file, verify=not args.no_verify)
    faction = Faction.parse(args.faction)
    if game.is_terminal():
        raise CliError(f"{args.file}: the game is over")
    card = args.card if args.card is not None else game.state.current_card
    if card is None or card not in CARDS or CARDS[card].propaganda:
        raise CliError(f"card {card} is not an Event card: give --card 1-72")
    position = 1 if args.position == "first" else 2
    game.apply(SetTurn(int(faction), card, position, args.after, nonplayer=True))
    dice = ScriptedDice(args.dice) if args.dice else None
    # the position right after the turn: a card it ends is left to end with the next
    # command (2.3.7-2.3.8), so a Propaganda card's phases do not run here (6.0)
    result = take_turn(game, dice, stop_after_turn=True)
    return _report_turn(result, game, args, out)


def _report_turn(result: Any, game: Game, args: argparse.Namespace, out: TextIO) -> int:
    """Print a Non-player turn (``np-turn``, ``event``): JSON with the resulting status,
    or the trace lines; save the game first if asked."""
    data = result.to_json()
    data["status"] = status_dict(game)
    if args.save:
        serialize.save(game, Path(args.save))
    if args.json:
        print(json.dumps(data, indent=2, ensure_ascii=False), file=out)
    else:
        for line in result.lines():
            print(line, file=out)
        if "card_ends" in data["status"]:
            print(data["status"]["card_ends"], file=out)
    return 0


def _configure_event(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="FILE", help="a save file")
    p.add_argument("--card", type=int, required=True, help="the Event card (1-72)")
    p.add_argument("--side", choices=("unshaded", "shaded"), default="shaded",
                   help="which text (default shaded, as Non-players execute, 8.4.1)")
    p.add_argument("--faction", required=True, type=_faction_name,
                   help="the executing Faction; its choices follow the Non-player rules 8.4")
    _add_dice_and_outputs(p, "the Event")


def _faction_name(text: str) -> str:
    return faction_argument(text).label


def _run_event(args: argparse.Namespace, out: TextIO) -> int:
    from core import events
    from core.dice import ScriptedDice
    from core.rules.editor import SetTurn
    from core.rules.sequence import PlayEvent
    from nonplayer import events as np_events
    from nonplayer.trace import Trace
    from nonplayer.turn import TurnResult

    game = serialize.load(args.file, verify=not args.no_verify)
    faction = Faction.parse(args.faction)
    if game.is_terminal():
        raise CliError(f"{args.file}: the game is over")
    if args.card not in CARDS or CARDS[args.card].propaganda:
        raise CliError(f"card {args.card} is not an Event card: give --card 1-72")
    if not events.implemented(args.card, args.side):
        raise CliError(f"card {args.card} has no {args.side} text")
    game.apply(SetTurn(int(faction), args.card, 1, "op"))
    dice = ScriptedDice(args.dice) if args.dice else game.dice
    chooser = np_events.NonPlayerChooser(dice, game.state, faction, args.card)
    trace = Trace(faction.label)
    row = np_events.card_row(args.card)
    trace.add("event", "8.4", f"{CARDS[args.card]} {args.side}, choices by the Non-player "
              "rules (8.4.2-8.4.3)")
    if row.instruction:
        trace.add("instruction", "8.4.4", f"card {args.card} instruction ({row.source}): "
                  f"{row.instruction}")
    report = game.apply(PlayEvent(args.side), chooser=chooser, dice=dice)
    for pick in chooser.picks:
        trace.add("event_choice", "8.4", f"Event choice: {pick}")
    from core.commands import from_json

    result = TurnResult(faction, "event", from_json(game.log[-1]["command"]), trace, report)
    return _report_turn(result, game, args, out)


def _configure_cards(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--text", type=int, metavar="N",
                   help="print card N's printed 2nd-edition texts")


def card_rows() -> list[dict[str, Any]]:
    """Every card with its Faction order, type and Non-player row (8.1, 8.4.4)."""
    from core import events
    from nonplayer.events import card_row

    rows = []
    for number, card in sorted(CARDS.items()):
        row: dict[str, Any] = {
            "number": number,
            "title": card.title,
            "faction_order": [f.label for f in card.faction_order],
            "type": "propaganda" if card.propaganda else (card.lasting or "plain"),
            "sides": events.sides_of(number) if not card.propaganda else [],
        }
        if not card.propaganda:
            row["printed"] = {
                "gray2": card.gray2,
                "second_edition_revision": card.second_edition_revision,
                "banner": card.banner,
                **{side: (None if (t := card.text(side)) is None
                          else {"flavor": t.flavor, "text": t.text})
                   for side in ("unshaded", "shaded")},
            }
        if not card.propaganda:
            np_row = card_row(number)
            row["nonplayer"] = {
                "gray2": np_row.gray2,
                "always_ops": np_row.always_ops,
                "instruction": np_row.instruction,
                "source": np_row.source,
                "rationale": np_row.rationale,
            }
        rows.append(row)
    return rows


def _run_cards(args: argparse.Namespace, out: TextIO) -> int:
    if args.text is not None:
        if args.text not in CARDS:
            print(f"andean cards: no card {args.text} (cards are 1-76)", file=sys.stderr)
            return 2
        from tui.describe import card_text

        print("\n".join(card_text(args.text)), file=out)
        return 0
    rows = card_rows()
    if args.json:
        print(json.dumps(rows, indent=2, ensure_ascii=False), file=out)
        return 0
    for r in rows:
        order = "".join(f[0] for f in r["faction_order"])
        np_row = r.get("nonplayer", {})
        marks = []
        if np_row.get("gray2"):
            marks.append("gray 2")
        if np_row.get("always_ops"):
            marks.append("Non-players: Ops")
        if np_row.get("instruction"):
            marks.append("instruction: " + np_row["instruction"])
        print(f"{r['number']:>2} {r['title']:<36} {order:<4} {r['type']:<10} "
              + "; ".join(marks), file=out)
    return 0


SUBCOMMANDS: list[Subcommand] = [
    Subcommand("new", "set up a new game and reveal its first card", _configure_new, _run_new),
    Subcommand("status", "show a saved game's tracks, cards and board", _configure_status,
               _run_status),
    Subcommand("verify", "replay a save's log and check it gives the saved state",
               _configure_verify, _run_verify),
    Subcommand("random-game", "play a whole game between random legal players, narrated",
               _configure_random_game, _run_random_game),
    Subcommand("flowchart", "print a Non-player Insurgent's section-8 flowchart",
               _configure_flowchart, _run_flowchart),
    Subcommand("np-turn", "run one Non-player turn (section 8) on a saved game",
               _configure_np_turn, _run_np_turn),
    Subcommand("event", "execute an Event on a saved game with Non-player choices (8.4)",
               _configure_event, _run_event),
    Subcommand("cards", "list the cards: Faction order, type, Non-player handling",
               _configure_cards, _run_cards),
]


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog=PROG,
        description="Andean Abyss (2nd edition) rules engine: set up, inspect and check games.",
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {_version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    from tui import bots_cli, pictures_cli, play_cli

    for cmd in (SUBCOMMANDS + bots_cli.SUBCOMMANDS + play_cli.SUBCOMMANDS
                + pictures_cli.SUBCOMMANDS):
        p = sub.add_parser(cmd.name, help=cmd.help, description=cmd.help)
        cmd.configure(p)
        p.set_defaults(run=cmd.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code (0 ok, 1 verify mismatch or problems
    found, 2 error, 130 Ctrl-C, 143 SIGTERM)."""
    parser = build_parser()
    previous = _catch_sigterm()
    try:
        args = parser.parse_args(argv)
        return int(args.run(args, sys.stdout))
    except SystemExit as done:  # --help, --version
        return done.code if isinstance(done.code, int) else 0
    except Interrupted as stop:
        print(f"{PROG}: {stop}", file=sys.stderr)
        return stop.code
    except KeyboardInterrupt as stop:
        print(f"{PROG}: stopped", file=sys.stderr)
        return stop_code(stop)
    except BrokenPipeError:  # output piped into head/less that closed early
        sys.stderr.close()
        return 0
    except (CliError, AndeanError, MissingExtra, ValueError, OSError) as err:
        return _fail(str(err))
    except Exception as err:
        if os.environ.get("ANDEAN_DEBUG"):
            raise
        return _fail(f"unexpected error: {type(err).__name__}: {err}")
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _catch_sigterm() -> Any:
    """SIGTERM raises :class:`Terminated` (a KeyboardInterrupt) so it stops a command
    as cleanly as Ctrl-C; returns the handler to restore (None off the main thread)."""
    if threading.current_thread() is not threading.main_thread():
        return None

    def stop(signum: int, frame: Any) -> None:
        raise Terminated()

    return signal.signal(signal.SIGTERM, stop)


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("andean-abyss-engine")
    except PackageNotFoundError:
        return "0.1.0"


def _fail(message: str) -> int:
    line = " ".join(message.split())
    print(f"{PROG}: error: {line}", file=sys.stderr)
    return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
