"""The reference commands: ``cards`` (the deck with its Non-player handling),
``flowchart`` (a Non-player Insurgent's section-8 flowchart) and ``random-game`` (a
whole game between random legal players, the baseline every bot is measured against).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any, TextIO

from core.cards import CARDS
from core.files import check_output, locked
from core.game import Game, serialize
from core.pieces import Faction
from core.setup import secret_seed
from tui.commands.base import (
    CliError,
    Subcommand,
    insurgent_argument,
    seed_argument,
)
from tui.commands.saves import by_faction, card_data, card_label


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
    p.add_argument("--seed", type=seed_argument, default=None,
                   help="seed for the deck, the dice and the players' choices (default random)")
    p.add_argument("--short", action="store_true", help="short game: 3 Propaganda cards (2.4.1)")
    p.add_argument("--json", action="store_true",
                   help="print only a JSON summary (winner, margins, cards played)")
    p.add_argument("--save", metavar="FILE", help="also save the finished game to FILE")
    p.add_argument("--force", action="store_true", help="overwrite FILE if it exists")


def _run_random_game(args: argparse.Namespace, out: TextIO) -> int:
    import random

    from core.game.random_play import play_random_game

    if args.save:  # checked before the game is played (issue 25 item 1)
        check_output(args.save, "--save", force=args.force)
    seed = args.seed if args.seed is not None else secret_seed()
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
            print(f"Card {card_label(card_data(g.state.current_card))}", file=out)

    if not args.json:
        print(f"Random legal game, {args.scenario} scenario, seed {seed}", file=out)
        last_card[0] = game.state.current_card
        print(f"Card {card_label(card_data(game.state.current_card))}", file=out)
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
        "propaganda_cards": game.state.propaganda_cards,
        "commands": len(game.log),
    }
    if args.save:
        with locked(args.save):
            serialize.save(game, Path(args.save), exclusive=not args.force)
    if args.json:
        print(json.dumps(summary, indent=2, ensure_ascii=False), file=out)
    else:
        print(f"Game over: {summary['reason']}", file=out)
        print("Victory margins: " + by_faction(summary["victory_margins"]), file=out)
        print("Ranking: " + ", ".join(ranking), file=out)
    return 0


def _configure_flowchart(p: argparse.ArgumentParser) -> None:
    p.add_argument("faction", choices=("FARC", "AUC", "Cartels"), type=insurgent_argument,
                   help="the Insurgent whose section-8 flowchart to print")
    p.add_argument("--format", choices=("mermaid", "dot", "text"), default="text",
                   help="Mermaid (renders on GitHub), Graphviz DOT, or an outline (default)")


def _run_flowchart(args: argparse.Namespace, out: TextIO) -> int:
    from nonplayer import flowchart

    chart = flowchart.load(Faction.parse(args.faction))
    render = {"mermaid": flowchart.to_mermaid, "dot": flowchart.to_dot,
              "text": flowchart.to_text}[args.format]
    out.write(render(chart))
    return 0


def _configure_cards(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--text", metavar="CARD",
                   help="print a card's printed 2nd-edition texts: its number, its title "
                   "or the title's start (accents and case optional: 'raul reyes', 'sica')")


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
        from decisions.base import InputError
        from decisions.editor import find_card
        from tui.describe import card_text

        try:
            card = find_card(args.text)
        except InputError as err:
            raise CliError(f"--text: {err}") from None
        print("\n".join(card_text(card)), file=out)
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
    Subcommand("random-game", "play a whole game between random legal players, narrated",
               _configure_random_game, _run_random_game),
    Subcommand("flowchart", "print a Non-player Insurgent's section-8 flowchart",
               _configure_flowchart, _run_flowchart),
    Subcommand("cards", "list the cards: Faction order, type, Non-player handling",
               _configure_cards, _run_cards),
]
