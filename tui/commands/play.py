"""Subcommands for people at the table or the screen: ``play`` and ``assist``.

::

    andean play [--as FACTION[,FACTION...] | --seats G,F,A,C] [--govt heuristic|search]
                [--think 0.5s|2s|10s] [--scenario standard|quick] [--seed N]
                [--load FILE] [--save FILE] [--plain] [--open-deck]
    andean assist [--bots FARC,AUC,Cartels] [--dice auto|manual] [--load FILE] [--plain]

``play`` seats one to four people at any Factions (:mod:`tui.commands.seating`; by
default the solitaire Government against the three section-8 Non-players), in the
Textual app (or, with ``--plain``, one question a line on stdin/stdout). ``assist`` runs
the Non-players of a game on a real table: it asks which cards come up, shows the
Non-players' moves as numbered instructions, and records what the people did; on screen
in its own Textual app (:mod:`tui.screens.assist`), or with ``--plain`` in the line mode.

Both save after every change (default files ``andean-play.json`` and
``andean-assist.json``); started again with an existing save file and no ``--new``, they
resume it.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from agents.seat import AgentStopped
from core.errors import IllegalAction
from core.files import SaveLock, check_output
from core.game import Game, serialize
from core.pieces import Faction
from tui.agent_args import add_agent_arguments, agent_policy, parse_agents, with_agents
from tui.commands.base import (
    CliError,
    Interrupted,
    Subcommand,
    add_no_verify,
    faction_argument,
    seed_argument,
    stop_code,
)
from tui.commands.stops import stopping
from tui.session import Session
from tui.table_deck import OPEN_DECK

#: the save's option of an assist game played with typed dice (``"manual"``)
DICE = "dice"

if TYPE_CHECKING:
    from tui.controller import Controller

PLAY_SAVE = "andean-play.json"
ASSIST_SAVE = "andean-assist.json"


def _bots(text: str) -> list[Faction]:
    out = []
    for part in text.split(","):
        part = part.strip()
        if not part or part.lower() in ("none", "-"):
            continue
        f = faction_argument(
            part, "the Government is always a player here (section 8 runs the Insurgents)"
        )
        if f not in out:
            out.append(f)
    return out


def _common(p: argparse.ArgumentParser, default_save: str) -> None:
    p.add_argument("--scenario", choices=("standard", "quick"), default="standard",
                   help="full game or the Quick-Play scenario (default: standard)")
    p.add_argument("--seed", type=seed_argument, default=None,
                   help="seed for the deck and the dice (default: a random one)")
    p.add_argument("--short", action="store_true", help="short game (2.4.1)")
    p.add_argument("--load", metavar="FILE", default=None, help="resume a saved game")
    add_no_verify(p)
    p.add_argument("--save", metavar="FILE", default=None,
                   help=f"where to autosave (default: the --load file, else {default_save})")
    p.add_argument("--new", action="store_true",
                   help="start a new game even if the save file exists (overwrites it)")
    p.add_argument("--force", action="store_true",
                   help="with --load FILE: let --save replace an existing file other "
                   "than FILE")
    p.add_argument("--plain", action="store_true",
                   help="line-oriented mode on stdin/stdout (screen readers, scripts)")
    add_agent_arguments(p)


def _configure_play(p: argparse.ArgumentParser) -> None:
    from tui.commands.seating import add_seat_options

    _common(p, PLAY_SAVE)
    add_seat_options(p)
    p.add_argument("--expert", action="store_true",
                   help="hints also show the search's numbers (scores, solver runs); "
                   "in the full-screen app the x key toggles this")
    p.add_argument("--open-deck", action="store_true",
                   help="new game: the screens count the cards to the next Propaganda "
                   "card, which the face-down deck hides (off by default; kept in the "
                   "save)")


def _configure_assist(p: argparse.ArgumentParser) -> None:
    _common(p, ASSIST_SAVE)
    p.add_argument("--bots", type=_bots, default=None, metavar="FARC,AUC,Cartels",
                   help="the Factions run by the section-8 rules (default: all three "
                        "Insurgents); the others are people at the table")
    p.add_argument("--dice", choices=("auto", "manual"), default=None,
                   help="manual: roll the physical dice and type them in (default: auto; "
                   "kept in the save: a resumed game types them in again unless --dice "
                   "auto)")


def _seed(args: argparse.Namespace) -> int:
    from core.setup import secret_seed

    return args.seed if args.seed is not None else secret_seed()


def _session(args: argparse.Namespace, default_save: str, out: TextIO) -> tuple[Session, bool]:
    """Load or decide to create the game: (session, is_new). A new session's game is
    created by the caller."""
    target = Path(args.save or args.load or default_save)
    resuming = args.load or target.exists()
    if resuming and not args.new:
        # a resumed game keeps its own deck, dice and length: say so, never ignore them
        given = [flag for flag, on in (("--seed", getattr(args, "seed", None) is not None),
                                       ("--short", getattr(args, "short", False))) if on]
        if given:
            raise CliError(f"{args.load or target} is a game in progress with its own "
                           f"seed and length: {' and '.join(given)} "
                           f"{'are' if len(given) > 1 else 'is'} for a new game (leave "
                           f"{'them' if len(given) > 1 else 'it'} out to resume, or add "
                           "--new to start over)")
    if args.load and not args.new:
        session = Session.load(args.load, verify=not args.no_verify)
        session.path = target
        session.lock = getattr(args, "save_lock", None)
        print(f"Resumed {args.load}; saving to {target}", file=out)
        return session, False
    if target.exists() and not args.new:
        session = Session.load(target, verify=not args.no_verify)
        session.lock = getattr(args, "save_lock", None)
        print(f"Resumed {target} (use --new to start over)", file=out)
        return session, False
    # a placeholder game, replaced by the caller
    return Session(Game.new(), target, getattr(args, "save_lock", None)), True


def check_streams(command: str, plain: bool) -> None:
    """Before anything is written: the line mode needs standard input and output open
    (a closed one, ``<&-`` or ``>&-``, is one line instead of a crash at the first
    question), the full-screen app a terminal (:func:`need_terminal`)."""
    if not plain:
        need_terminal(command)
        return
    for name, stream in (("input", sys.stdin), ("output", sys.stdout)):
        if stream is None or getattr(stream, "closed", False):
            raise CliError(f"the line mode needs standard {name}, and it is closed: give "
                           "it a terminal, a file or a pipe")


def need_terminal(command: str = "play") -> None:
    """The full-screen app reads its keys from a terminal and draws on one with escape
    codes: with output piped or redirected it would write them as text, and with input
    from a file, ``/dev/null`` or a pipe it would wait for keys that never come
    (Textual's reader spins at 100% CPU on the end of input: issue 32). So either is one
    line naming ``--plain``, before anything is written. ``andean serve``'s tabs set
    ``TEXTUAL_DRIVER`` (the browser is their terminal) and pass."""

    if os.environ.get("TEXTUAL_DRIVER"):
        return
    for name, stream in (("output", sys.stdout), ("input", sys.stdin)):
        try:
            terminal = stream is not None and stream.isatty()
        except (ValueError, OSError):  # a closed stream
            terminal = False
        if not terminal:
            raise CliError(f"standard {name} is not a terminal (a file, a pipe or "
                           "closed): the full-screen app needs a terminal; add --plain "
                           f"for the line mode (andean {command} --plain)")


def _run_play(args: argparse.Namespace, out: TextIO) -> int:
    check_streams("play", args.plain)
    controller = play_controller(args, out)
    if args.plain:
        from tui.plain.ui import make_ui

        with saved_on_stop(controller.session), agents_closed(controller):
            return make_ui(controller, sys.stdin, out, expert=args.expert).run()
    from tui.screens.play import PlayApp

    app = PlayApp(controller)
    app.expert = args.expert
    # SIGTERM, SIGHUP (ctrl+c is a key there)
    with saved_on_stop(controller.session), agents_closed(controller):
        app.run()
    return _after_app(app.return_code, controller.session)


@contextmanager
def agents_closed(controller: Controller) -> Iterator[None]:
    """The agents of the game are stopped when the interface ends; an agent that failed
    with ``--agent-fallback stop`` ends it with its one line (exit 1; the game saved)."""
    try:
        yield
    except AgentStopped as err:
        raise Interrupted(f"agent failed: {err}", 1) from None
    finally:
        controller.close_agents()


def play_controller(args: argparse.Namespace, out: TextIO) -> Controller:
    """The game of ``play`` (and ``serve``): resumed, or new with the seats asked for
    (:mod:`tui.commands.seating`); a seating that cannot be played is refused before
    anything is written."""
    from tui.commands.seating import seating, seating_given
    from tui.controller import Controller
    from tui.seats import seat_lines

    target = Path(args.save or args.load or PLAY_SAVE)
    resuming = not args.new and (args.load is not None or target.exists())
    if resuming and seating_given(args):
        raise CliError(f"{args.load or target} is a game in progress with its own seats: "
                       "--as, --seats, --govt and --think are for a new game (add --new, "
                       "or --save FILE for another file)")
    if resuming and getattr(args, "open_deck", False):
        raise CliError(f"{args.load or target} is a game in progress with its own deck: "
                       "--open-deck is for a new game (add --new, or --save FILE for "
                       "another file)")
    seats, spec = seating(args) if not resuming else ([1, None, None, None], None)
    agents = parse_agents(args)
    if agents and not resuming:
        seats = with_agents(seats, agents)
        if Faction.GOVT in agents:
            spec = None  # the agent is the Government's player
    session, new = _session(args, PLAY_SAVE, out)
    if new:
        seed = _seed(args)
        session.game = Game.new(args.scenario, seed=seed, short=args.short, seats=seats,
                                government_ai=spec)
        if getattr(args, "open_deck", False):  # recorded in the save, from the start
            for state in (session.game.initial, session.game.state):
                state.options[OPEN_DECK] = True
        session.save()
        print(f"New game ({args.scenario}, seed {seed}), saving to {session.path}", file=out)
        print("Seats: " + "; ".join(seat_lines(session.game.state)), file=out)
    for faction, where in agents.items():
        print(f"{faction.label}: played by the agent {where!r}", file=out)
    controller = Controller(session, agents=agents, agent_policy=agent_policy(args))
    if getattr(args, "plain", False):  # (the screens show them as notices)
        for line in controller.resumed_agent_seats(RESUMED_HOW):
            print(line, file=out)
    return controller


#: how the line mode says a resumed agent's seat is changed
#: (:meth:`tui.controller.Controller.resumed_agent_seats`)
RESUMED_HOW = "'seat {seat} me', 'seat {seat} bot' or 'seat {seat} agent COMMAND' to change"


@contextmanager
def saved_on_stop(session: Session, new: bool = False) -> Iterator[None]:
    """Ctrl-C (or SIGTERM) during a line-mode game: save it and stop with one line.
    ``new``: the session's game is still the placeholder of an assistant not yet told
    its first card (nothing to save until it is replaced)."""
    placeholder = session.game if new else None
    try:
        yield
    except KeyboardInterrupt as stop:
        stopping()  # a second signal cannot cut the save short
        if session.path is not None and session.game is not placeholder:
            session.save()
            raise Interrupted(f"stopped; the game is saved in {session.path}",
                              stop_code(stop)) from None
        raise Interrupted("stopped; no game was started", stop_code(stop)) from None


def table_seats(args: argparse.Namespace) -> list[int | None]:
    """The assistant's seats: ``--bots`` (:func:`assist_seats`), each ``--agent`` a
    player of its own."""
    return with_agents(assist_seats(args.bots), parse_agents(args))


def assist_seats(bots: list[Faction] | None) -> list[int | None]:
    """Seats for the assistant: the bots are Non-players, the others people numbered in
    Faction order (so 2 people at the table is a 2-player game: Insurgent Discord)."""
    bots = list(bots) if bots is not None else [Faction.FARC, Faction.AUC, Faction.CARTELS]
    seats: list[int | None] = []
    n = 0
    for f in Faction:
        if f in bots:
            seats.append(None)
        else:
            n += 1
            seats.append(n)
    return seats


def new_assist_game(scenario: str, seed: int, seats: list[int | None], first: int,
                    short: bool = False, dice: str | None = None) -> Game:
    """A new game whose first card is ``first`` (the card the table turned up); typed
    dice (``dice`` "manual") are recorded in its options (:data:`DICE`)."""
    from core import setup
    from core.dice import SEEDED
    from core.game import sequence
    from core.game.editor import bring_into_deck
    from tui.table_deck import TABLE_DECK

    state = setup.new_state(scenario=scenario, seed=seed, seats=seats, short=short)
    state.options[TABLE_DECK] = True  # the deck is the table's: only named cards count
    if dice == "manual":  # kept in the save: a resumed game asks for them again
        state.options[DICE] = "manual"

    try:
        bring_into_deck(state, first)
    except IllegalAction as err:
        raise CliError(err.message) from None
    state.deck.remove(first)
    state.deck.insert(0, first)
    initial = state.clone()
    sequence.start_game(state, SEEDED)
    return Game(state, SEEDED, [], initial)


def _run_assist(args: argparse.Namespace, out: TextIO) -> int:
    check_streams("assist", args.plain)
    session, new = _session(args, ASSIST_SAVE, out)
    if not new:
        print(dice_said(session, args), file=out)
    if args.plain:
        with saved_on_stop(session, new):
            return run_assist(session, new, args, sys.stdin, out)
    from tui.screens.assist import AssistApp

    controller = assist_controller(session, args)
    app = AssistApp(controller,
                    new_game=assist_factory(args) if new else None,
                    setup=setup_lines(args.scenario, table_seats(args)))
    with saved_on_stop(session, new), agents_closed(controller):
        app.run()
    return _after_app(app.return_code, session, started=app.new_game is None)


def _after_app(code: int | None, session: Session, started: bool = True) -> int:
    """The full-screen app's end: ctrl+c (exit code 130) is a stop, said in one line
    (``started``: False when the assistant stopped before its first card)."""
    if code == 130:
        where = f"the game is saved in {session.path}" if session.path is not None \
            and started else "no game was started"
        raise Interrupted(f"stopped; {where}", 130)
    return 0


def dice_mode(session: Session, args: argparse.Namespace) -> str:
    """The assistant's dice: ``--dice`` if given, else the save's (``options.dice``:
    typed in, "manual", if the game was started with ``--dice manual``), else "auto"."""
    if getattr(args, "dice", None) is not None:
        return str(args.dice)
    return str(session.game.state.options.get(DICE, "auto"))


def dice_said(session: Session, args: argparse.Namespace) -> str:
    """The line that says a resumed assistant's dice (issue 43: a game played with typed
    dice was resumed rolling them, and nothing said so)."""
    how = "typed in" if dice_mode(session, args) == "manual" else "rolled by the program"
    why = "--dice" if getattr(args, "dice", None) is not None else "as the save says" \
        if DICE in session.game.state.options else "the default"
    other = "auto" if dice_mode(session, args) == "manual" else "manual"
    return f"Dice: {how} ({why}; --dice {other} for the other way)"


def assist_controller(session: Session, args: argparse.Namespace) -> Controller:
    """The assistant's controller: typed dice (:func:`dice_mode` "manual") are asked
    for (the user interface installs its own way of asking)."""
    from tui.controller import NO_AGENT_WITH_TYPED_DICE, Controller

    agents = parse_agents(args)
    manual = dice_mode(session, args) == "manual"
    if agents and manual:
        given = "--dice manual" if getattr(args, "dice", None) is not None \
            else "the save's typed dice (options.dice; --dice auto rolls them)"
        raise CliError(f"--agent with {given}: {NO_AGENT_WITH_TYPED_DICE}")
    return Controller(session, assist=True,
                      ask_dice=(lambda p: 1) if manual else None,
                      agents=agents, agent_policy=agent_policy(args))


def assist_factory(args: argparse.Namespace) -> Callable[[int], Game]:
    """Makes the new game once the table names its first card (``--bots``, ``--seed``)."""
    seats = table_seats(args)
    seed = _seed(args)

    def new_game(first: int) -> Game:
        return new_assist_game(args.scenario, seed, seats, first, args.short, args.dice)

    return new_game


#: the assistant's words that need a game (refused, not read as a card title, before it)
SETUP_LATER = ("board", "space", "tracks", "status", "card", "log", "why", "show", "save",
               "rollback", "hint", "record", "back", "cancel")

SETUP_HELP = [
    "Set up the table for the scenario, shuffle the deck and turn up its first card.",
    "Then type that card: its number or its title (a unique start is enough),",
    "e.g. '12' or 'Plan Col'. The game starts there: the program asks for the card on",
    "top of the deck whenever it changes, runs the bots' turns as numbered",
    "instructions, and asks what each person did.",
    "Also: quit (stop; nothing is saved before the first card), help.",
]


def setup_lines(scenario: str, seats: list[int | None]) -> list[str]:
    """What the assistant shows before the first card: the set-up, and nothing else."""
    who = ", ".join(
        f"{f.label} {'(bot)' if seats[f] is None else '(player ' + str(seats[f]) + ')'}"
        for f in Faction)
    name = "Quick-Play" if scenario == "quick" else "standard"
    return [f"Tabletop assistant: {who}",
            f"Set up the {name} scenario on the table (the Set Up sheet), then name the card "
            "face up ('help': how)."]


def run_assist(session: Session, new: bool, args: argparse.Namespace, inp: TextIO,
               out: TextIO) -> int:
    """The assistant on text streams (also used by the tests)."""
    from decisions.base import InputError, fold
    from decisions.editor import find_card
    from tui.plain.ui import Quit, make_ui

    controller = assist_controller(session, args)
    ui = make_ui(controller, inp, out, assist=True)
    if new:
        seats = table_seats(args)
        seed = _seed(args)
        ui.say(*setup_lines(args.scenario, seats))
        while True:
            try:
                text = ui.read("Set-up — which card is face up (the first card: number or "
                               "title)? ")
            except Quit:
                return 0
            word = fold(text).split()[:1]
            if word in (["quit"], ["exit"]):
                ui.say("Stopped before the first card: no game was started.")
                return 0
            if word in (["help"], ["?"]):
                ui.say(*SETUP_HELP)
                continue
            if word == ["undo"]:
                ui.say("! nothing to undo: the game starts with the first card")
                continue
            if word == ["draw"]:  # the program's deck exists only with a game
                ui.say("! the first card is the table's: turn up the top card of your "
                       "shuffled deck and name it ('draw' works from the next card on)")
                continue
            if word and word[0] in SETUP_LATER:
                ui.say(f"! no game yet: '{word[0]}' works once the first card is named")
                continue
            try:
                first = find_card(text, events_only=True)
                session.game = new_assist_game(args.scenario, seed, seats, first,
                                               args.short, args.dice)
            except (InputError, CliError, ValueError) as err:
                ui.say(f"! {err}")
                continue
            break
        session.save()
        ui.say(f"New game (seed {seed}), saving to {session.path}")
    with agents_closed(controller):
        return ui.run()


def check_save(args: argparse.Namespace, default_save: str) -> str:
    """The save file of ``play``/``assist`` (and ``serve``), checked before anything
    happens: a directory that exists and is writable, a regular file or none (issue 25
    item 1); with ``--load X --save Y`` an existing Y other than X only with ``--force``
    (or ``--new``, which starts over in it: issue 32 item 3)."""
    target = args.save or args.load or default_save
    replace = args.force or args.new or not (args.load and args.save)
    check_output(target, "--save" if args.save or not args.load else "--load",
                 force=replace, inputs=[args.load] if args.load else [], same_ok=True)
    return str(target)


def _one_writer(run: Callable[[argparse.Namespace, TextIO], int],
                default_save: str) -> Callable[[argparse.Namespace, TextIO], int]:
    """``run`` with its save file checked before anything happens (:func:`check_save`)
    and locked while the game runs (issue 25 item 2): a second game on the same save is
    refused with one line. The session holds the lock (``args.save_lock``) and moves it
    when the game moves to another file (issue 32 item 2)."""

    def checked(args: argparse.Namespace, out: TextIO) -> int:
        with SaveLock(check_save(args, default_save)) as lock:
            args.save_lock = lock
            return run(args, out)

    return checked


SUBCOMMANDS: list[Subcommand] = [
    Subcommand("play", "play any Faction (one to four people at one screen) against the "
               "section-8 Non-players and the program's Government AI",
               _configure_play, _one_writer(_run_play, PLAY_SAVE)),
    Subcommand("assist", "tabletop assistant: run the Non-players of a game on a real table",
               _configure_assist, _one_writer(_run_assist, ASSIST_SAVE)),
]

_ = serialize
