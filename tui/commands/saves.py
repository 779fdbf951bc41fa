"""The commands on one saved game: ``new``, ``status`` (also as data: :func:`status_dict`),
``verify``, ``np-turn``, ``event`` and ``transfer``.

::

    andean new --scenario standard --seed 7 --out game.json   # set up, reveal 1st card
    andean status game.json                                   # tracks, cards, board
    andean status game.json --json                            # the same as JSON
    andean verify game.json                                   # replay the log, compare
    andean transfer game.json --from Govt --to AUC --resources 5   # 1.5.2, logged
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from core.cards import CARDS
from core.files import check_output, locked
from core.game import Game, sequence, serialize
from core.map import MAP, space_name
from core.pieces import ACTIVE_OF, BASE_OF, UNDERGROUND_OF, Faction, Piece
from core.rules.propaganda import rounds_held
from core.setup import secret_seed
from core.state import PRESIDENTS, SUPPORT_LABELS, GameState
from core.words import counted, printable
from runners.seats import ai_spec, government_ai
from tui.available import available_dict, available_lines
from tui.commands.base import (
    CliError,
    Subcommand,
    add_government_ai_options,
    add_no_verify,
    faction_argument,
    insurgent_argument,
    seed_argument,
)
from tui.seats import seat_lines
from tui.table_deck import public_cards


# ======================================================================================
# status as data (reused by later subcommands)
# ======================================================================================
def card_data(number: int | None) -> dict[str, Any] | None:
    """A card as status data: its number and title (None: no card)."""
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
        # the name printed on the map, as every step and form says it (the key of
        # ``spaces`` is the short name saves and look-ups use; issue 43)
        "name": space_name(space),
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


def status_dict(game: Game) -> dict[str, Any]:
    """Everything ``andean status --json`` shows: tracks, cards, Eligibility, whose turn,
    victory margins and every space in play (keyed by space name). The cards as far as
    the people playing see them (:func:`tui.table_deck.public_cards`): at the table only
    those it named (nobody is to move on a card face up it has not named: its Faction
    order would tell it), the number of cards in the draw deck (2.2: open to
    inspection; ``deck_remaining`` null at the table, whose deck the program cannot
    count), and where the next Propaganda card lies only with the open deck."""
    state = game.state
    cards = public_cards(game)
    to_move = None if cards.current_unnamed else game.to_move()
    margins = state.victory_margins()
    table = cards.table
    out: dict[str, Any] = {
        "scenario": state.scenario,
        "seed": state.rng_seed,
        "options": state.options,
        "seats": {f.label: state.seats[f] for f in Faction},
        "government_ai": government_ai(state),
        "phase": state.phase,
        "to_move": to_move.label if to_move is not None else None,
        "current_card": card_data(cards.current),
        # an assist save's deck is the table's: only the cards the table named count
        "table_deck": table,
        "current_card_named": not cards.current_unnamed,
        "next_card": card_data(cards.next),
        "open_deck": cards.open_deck,
        # 2.2: the number of cards in the draw deck is open to inspection (null at
        # the table: its deck is the table's, which the program cannot count)
        "deck_remaining": cards.deck_left,
        # the Propaganda cards played (2.4.1 counts them for the game's end) and the
        # Rounds held: a card set aside after a Round holds none (6.0; issue 43)
        "propaganda_cards": state.propaganda_cards,
        "propaganda_rounds_held": rounds_held(state),
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
        "available": available_dict(state),
        "shipments_available": state.shipments_available(),
        "markers_available": state.markers_available(),
        "log_length": len(game.log),
        "spaces": {s.name: _space_status(state, s.id) for s in state.spaces_in_play()},
    }
    if cards.open_deck:  # andean play --open-deck: the deck's order is no secret
        out["cards_to_propaganda"] = cards.to_propaganda
    if sequence.card_ended(state):
        nxt = out["next_card"]
        out["card_ends"] = (
            "Nobody is left to decide: the card ends with the next command (2.3.7 "
            "Eligibility), then "
            + ("the card the table names next is played (2.3.8)" if nxt is None and table
               and state.deck else
               "the game ends, the deck being empty (7.3)" if nxt is None else
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
def card_label(card: dict[str, Any] | None) -> str:
    """``#12 Title`` for a card of :func:`card_data` (``none`` for no card)."""
    return "none" if card is None else f"#{card['number']} {card['title']}"


def by_faction(values: dict[str, Any]) -> str:
    """``FARC +2, AUC -3`` from a by-Faction mapping of signed numbers."""
    return ", ".join(f"{name} {value:+d}" for name, value in values.items())


def status_text(game: Game) -> str:
    """A human-readable summary: tracks, then one line per space: Population (a LoC:
    its Econ, 1.3.4), Support, Control, pieces and markers."""
    d = status_dict(game)
    lines = [
        f"Andean Abyss: {d['scenario']} scenario, seed {d['seed']}, phase {d['phase']}",
        "Seats: " + "; ".join(seat_lines(game.state, you=False)),
        "Card: " + (card_label(d["current_card"]) if d["current_card_named"]
                    else "not named yet (the table names the card it turned face up)")
        + "   next: "
        + ("none (the game is over)" if d["phase"] == "over" else
           card_label(d['next_card']) if d["next_card"] or not d["table_deck"]
           else "not named yet")
        + ("   deck: the table's (count its cards there)" if d["deck_remaining"] is None
           else f"   deck: {counted(d['deck_remaining'], 'card')}"
           + (" (open deck)" if d["open_deck"] else ""))
        + f"   Propaganda cards: {d['propaganda_cards']} of {d['final_propaganda']}"
        + ("" if d["propaganda_cards"] == d["propaganda_rounds_held"] else
           f" ({counted(d['propaganda_cards'] - d['propaganda_rounds_held'], 'card')} "
           "without a Round, 6.0)")
        + ("" if "cards_to_propaganda" not in d else
           "; open deck: no Propaganda card left" if d["cards_to_propaganda"] is None else
           f"; open deck: {counted(d['cards_to_propaganda'], 'Event card')} before the "
           "next Propaganda card"),
        f"To move: {d['to_move'] or '-'}   Eligible: {', '.join(d['eligible']) or '-'}",
        f"El Presidente: {d['el_presidente']}   Aid: {d['aid']}   Resources: "
        + ", ".join(f"{k} {v}" for k, v in d["resources"].items()),
        f"Total Support {d['total_support']}   Total Opposition {d['total_opposition']}   "
        f"Opposition + Bases {d['opposition_plus_bases']}",
        f"Victory margins: {by_faction(d['victory_margins'])}",
    ]
    lines += available_lines(game.state, 100)
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
        f"{'Space':<30} {'Pop/Econ':>8} {'Support':<18} {'Control':<10} "
        f"{'Gov T/P/B':>9} {'FARC U/A/B':>10} {'AUC U/A/B':>9} {'Cart U/A/B':>10}  Markers"
    )
    for sp in d["spaces"].values():  # the printed names, as the steps say them
        lines.append(_space_line(sp["name"], sp))
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
    pop = f"Econ {sp['econ']}" if sp["kind"] == "loc" else str(sp["pop"])
    return (
        f"{name:<30} {pop:>8} {support:<18} {sp['control'] or '-':<10} "
        f"{cols[0]:>9} {cols[1]:>10} {cols[2]:>9} {cols[3]:>10}  {'; '.join(marks)}"
    ).rstrip()


# ======================================================================================
# subcommands
# ======================================================================================
def seats_argument(text: str) -> list[int | None]:
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
    p.add_argument("--seed", type=seed_argument, default=None,
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
    p.add_argument("--seats", type=seats_argument, default=None,
                   help="explicit seats for Government,FARC,AUC,Cartels, e.g. 1,-,2,- "
                   "(- = Non-player)")
    add_government_ai_options(p)
    p.add_argument("--deployment", choices=("standard", "open"), default="standard",
                   help="Standard or Open Deployment (default: standard)")
    p.add_argument("--placement", metavar="FILE", default=None,
                   help="JSON placement of the player forces for Open Deployment")
    p.add_argument("--out", metavar="FILE", required=True, help="where to save the game")
    p.add_argument("--force", action="store_true", help="overwrite FILE if it exists")


def _run_new(args: argparse.Namespace, out: TextIO) -> int:
    target = check_output(args.out, "--out", force=args.force)
    if args.placement is not None:
        check_output(args.out, "--out", inputs=[args.placement])
    seed = args.seed if args.seed is not None else secret_seed()
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
    if args.govt is not None or args.think is not None:
        try:
            options["government_ai"] = ai_spec(args.govt or "search", args.think)
        except ValueError as err:
            raise CliError(str(err)) from None
    game = Game.new(scenario=args.scenario, seed=seed, **options)
    with locked(target):  # not over a running game; not over a file made meanwhile
        serialize.save(game, target, exclusive=not args.force)
    d = status_dict(game)
    print(
        f"New {args.scenario} game, seed {seed}, saved to {target}. "
        f"Card {card_label(d['current_card'])}, next {card_label(d['next_card'])}; "
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
        print(printable(status_text(game)), file=out)
    return 0


def _configure_verify(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="FILE", help="a save file")


def _run_verify(args: argparse.Namespace, out: TextIO) -> int:
    game = serialize.load(args.file, verify=False)  # the replay is this command's report
    problems = serialize.verify(game)
    if problems:
        print(f"{args.file}: replaying the log does NOT give the saved state:", file=out)
        for line in problems:
            print(f"  {printable(line)}", file=out)
        return 1
    print(f"{args.file}: OK, {len(game.log)} commands replay to the saved state", file=out)
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
    p.add_argument("--save", metavar="OUT", help=f"save the game after {what} to OUT "
                   "(FILE itself, or a new file)")
    p.add_argument("--force", action="store_true",
                   help="replace OUT if it is an existing file other than FILE")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    add_no_verify(p)


def _configure_np_turn(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="FILE", help="a save file")
    p.add_argument("--faction", required=True, type=insurgent_argument,
                   help="the Non-player Insurgent to run (FARC, AUC, Cartels)")
    p.add_argument("--card", type=int, help="Event card in play for this turn (default: current)")
    p.add_argument("--position", choices=("first", "second"), default="first",
                   help="1st or 2nd Eligible (default first); play stops right after the "
                   "turn: as 2nd Eligible before the card ends (the next command ends it)")
    p.add_argument("--after", choices=("op", "op_sa", "event"), default="op",
                   help="what the 1st Eligible executed, when --position second (2.3.4)")
    p.add_argument("--discord", type=_discord_argument, metavar="event|operation",
                   help="Insurgent Discord (8.1, 2-player games): the Government player's "
                   "choice for a 2nd Eligible Non-player, Event or Operation; without it "
                   "the question is asked on the terminal, and refused when there is none")
    _add_dice_and_outputs(p, "the turn")


def _discord_argument(text: str) -> str:
    """``--discord``: an answer to the same question play and assist ask
    (:func:`decisions.asked.discord_question`: a number, a name or its start)."""
    from decisions.asked import discord_question
    from decisions.base import InputError

    try:
        return str(discord_question(None).parse(text))
    except InputError as err:
        raise argparse.ArgumentTypeError(f"{err}: event or operation") from None


def _discord(given: str | None, inp: TextIO, out: TextIO) -> Any:
    """Insurgent Discord (8.1) for ``np-turn``, asked only when the engine needs it (a
    2-player game, 2nd Eligible Non-player with Resources and an effective Event): the
    ``--discord`` answer, else the Government player on the terminal (the question of
    play and assist, :func:`decisions.asked.discord_question`, written to
    ``out``), else a
    refusal (nothing is applied nor saved)."""
    from decisions.asked import discord_question
    from decisions.base import InputError

    def ask(state: GameState, faction: Faction) -> str:
        question = discord_question(faction, state.current_card)
        if given is not None:
            return given
        if not _isatty(inp):
            raise CliError(f"Insurgent Discord (8.1): the Government player chooses "
                           f"{faction.label}'s Event or Operation, and there is no terminal "
                           "to ask: give --discord event or --discord operation")
        print("\n".join(question.lines()), file=out, flush=True)
        while True:
            print("> ", end="", file=out, flush=True)
            line = inp.readline()
            if not line:
                raise CliError("Insurgent Discord (8.1): no answer (end of input): "
                               "give --discord event or --discord operation")
            try:
                return str(question.parse(line))
            except InputError as err:
                print(f"! {err}", file=out, flush=True)

    return ask


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _what_if_start(args: argparse.Namespace) -> tuple[Game, Faction]:
    """The save and the Faction of ``np-turn`` and ``event`` (what-if commands on a save):
    the save loaded (its output already checked and locked: :func:`_one_step`), a game
    over refused."""
    game = serialize.load(args.file, verify=not args.no_verify)
    if game.is_terminal():
        raise CliError(f"{args.file}: the game is over")
    return game, Faction.parse(args.faction)


def _run_np_turn(args: argparse.Namespace, out: TextIO) -> int:
    from core.dice import ScriptedDice
    from core.game.editor import SetTurn
    from nonplayer.turn import take_turn

    game, faction = _what_if_start(args)
    card = args.card if args.card is not None else game.state.current_card
    if card is None or card not in CARDS or CARDS[card].propaganda:
        raise CliError(f"card {card} is not an Event card: give --card 1-72")
    position = 1 if args.position == "first" else 2
    game.apply(SetTurn(int(faction), card, position, args.after, nonplayer=True))
    dice = ScriptedDice(args.dice) if args.dice else None
    # the position right after the turn: a card it ends is left to end with the next
    # command (2.3.7-2.3.8), so a Propaganda card's phases do not run here (6.0)
    # Insurgent Discord (8.1) on the terminal: the question goes to stderr, so a --json
    # result on stdout stays JSON
    discord = _discord(args.discord, sys.stdin, sys.stderr)
    result = take_turn(game, dice, discord, stop_after_turn=True)
    return _report_turn(result, game, args, out)


def _report_turn(result: Any, game: Game, args: argparse.Namespace, out: TextIO) -> int:
    """Print a Non-player turn (``np-turn``, ``event``): JSON with the resulting status,
    or the trace lines; save the game first if asked."""
    data = result.to_json()
    data["status"] = status_dict(game)
    if args.save:
        serialize.save(game, Path(args.save))  # under the lock taken before the load
    if args.json:
        print(json.dumps(data, indent=2, ensure_ascii=False), file=out)
    else:
        for line in result.lines():
            print(line, file=out)
        if "card_ends" in data["status"]:
            print(data["status"]["card_ends"], file=out)
    return 0


def _one_step(run: Callable[[argparse.Namespace, TextIO], int],
              ) -> Callable[[argparse.Namespace, TextIO], int]:
    """``np-turn`` and ``event`` (read, change, write): ``--save OUT`` is checked before
    the save is read (FILE itself or a new file; another existing file only with
    ``--force``; a link, FIFO or device never) and its lock is held from before the
    load to after the save, so two commands on one save cannot both read it and lose a
    turn (issue 32 item 2): the second is refused with one line."""

    def held(args: argparse.Namespace, out: TextIO) -> int:
        if not args.save:
            return run(args, out)
        check_output(args.save, "--save", force=args.force, inputs=[args.file],
                     same_ok=True)
        with locked(args.save):
            return run(args, out)

    return held


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
    from core.game.editor import SetTurn
    from core.game.sequence import PlayEvent
    from nonplayer import events as np_events
    from nonplayer.trace import Trace
    from nonplayer.turn import TurnResult

    game, faction = _what_if_start(args)
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
    if row.instruction and np_events.instructions_apply(args.card, faction):
        trace.add("instruction", "8.4.4", f"card {args.card} instruction ({row.source}): "
                  f"{row.instruction}")
    report = game.apply(PlayEvent(args.side), chooser=chooser, dice=dice)
    for pick in chooser.picks:
        trace.add("event_choice", "8.4", f"Event choice: {pick}")
    from core.commands import from_json

    result = TurnResult(faction, "event", from_json(game.log[-1]["command"]), trace, report)
    return _report_turn(result, game, args, out)

def _space_argument(text: str) -> int:
    try:
        return MAP.id_of(text.strip())
    except KeyError as err:
        raise argparse.ArgumentTypeError(str(err.args[0] if err.args else err)) from None


def _configure_transfer(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="FILE", help="a save file")
    p.add_argument("--from", dest="giver", required=True, type=faction_argument,
                   metavar="FACTION", help="the player's Faction that gives")
    p.add_argument("--to", dest="receiver", required=True, type=faction_argument,
                   metavar="FACTION", help="the Faction that receives (a Non-player too)")
    p.add_argument("--resources", type=int, default=0, metavar="N",
                   help="Resources to give (1.7)")
    p.add_argument("--shipment", action="append", type=_space_argument, default=[],
                   metavar="SPACE", help="give the Shipment the giver holds in SPACE to a "
                   "Guerrilla of the receiver there (4.5.3); repeat for more")
    p.add_argument("--save", metavar="OUT", help="where to save the game (default: FILE "
                   "itself; else a new file)")
    p.add_argument("--force", action="store_true",
                   help="replace OUT if it is an existing file other than FILE")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    add_no_verify(p)


def _run_transfer(args: argparse.Namespace, out: TextIO) -> int:
    """A voluntary transfer (1.5.2; to a Non-player too, 8.1.2 PLAY NOTE), logged in the
    save: refused with one line (and no file changed) where the rules do not allow it."""
    from core.errors import IllegalAction
    from core.game.transfer import Transfer

    target = args.save or args.file
    # checked before the save is read, its lock held from before the load to after the
    # save (as np-turn and event, issue 32): two commands on one save cannot lose one
    check_output(target, "--save", force=args.force, inputs=[args.file], same_ok=True)
    with locked(target):
        game = serialize.load(args.file, verify=not args.no_verify)
        if game.is_terminal():
            raise CliError(f"{args.file}: the game is over")
        cmd = Transfer(int(args.giver), int(args.receiver), args.resources,
                       tuple(args.shipment))
        try:
            trace = game.apply(cmd)
        except IllegalAction as err:
            raise CliError(f"transfer refused: {err}") from None
        serialize.save(game, Path(target))
    if args.json:
        data = {"command": cmd.to_json(), "trace": trace, "status": status_dict(game)}
        print(json.dumps(data, indent=2, ensure_ascii=False), file=out)
    else:
        for line in trace:
            print(line, file=out)
        print(f"saved to {target}", file=out)
    return 0


SUBCOMMANDS: list[Subcommand] = [
    Subcommand("new", "set up a new game and reveal its first card", _configure_new, _run_new),
    Subcommand("status", "show a saved game's tracks, cards and board", _configure_status,
               _run_status),
    Subcommand("verify", "replay a save's log and check it gives the saved state",
               _configure_verify, _run_verify),
    Subcommand("np-turn", "run one Non-player turn (section 8) on a saved game",
               _configure_np_turn, _one_step(_run_np_turn)),
    Subcommand("event", "execute an Event on a saved game with Non-player choices (8.4)",
               _configure_event, _one_step(_run_event)),
    Subcommand("transfer", "give Resources or Shipments to another Faction, a Non-player "
               "too (1.5.2, 8.1.2)", _configure_transfer, _run_transfer),
]
