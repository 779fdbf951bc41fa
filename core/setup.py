"""Set Up (2.1): options, players, the deck and the opening position.

:func:`new_state` follows the back of the Sequence of Play aid sheet step by step and
returns the :class:`~core.state.GameState` *before* the first card is revealed
(``phase == "setup"``); :meth:`core.game.Game.new` then reveals the first card (2.2).

>>> from core.setup import new_state
>>> state = new_state("standard", seed=7)
>>> state.total_support(), state.opposition_plus_bases()
(50, 20)
>>> len(state.deck)  # 4 piles of 15 Event cards, each with 1 Propaganda card
64

Three decisions come first (2.1):

* **Scenario**: ``"standard"`` (the full game) or ``"quick"`` (the Quick-Play scenario:
  the Standard Deployment with its modifications, a 26-card deck and 2 Propaganda cards).
* **Options**: the short game (2.4.1: the 3rd Propaganda card's Round is the last),
  seeded Propaganda (each Propaganda card among the bottom 5 cards of its pile) and Open
  Deployment (the players place their own forces).
* **Players** (1.5, 1.5.1): who runs each Faction. ``state.seats[f]`` is the number of the
  player running Faction ``f``, or ``None`` for a Non-player run by section 8.

All shuffling draws from the seeded stream of :mod:`core.dice`, so the same seed always
deals the same deck.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping, Sequence
from os import PathLike
from pathlib import Path
from typing import Any

from core import dice
from core.cards import EVENT_CARDS, PROPAGANDA_CARDS
from core.errors import IllegalAction
from core.files import FileCheckError, read_input, shown
from core.map import MAP, Space
from core.pieces import Faction, Piece
from core.seating import numbering_problem, player_count, seating_problem
from core.state import (
    ACTIVE_OPPOSITION,
    ACTIVE_SUPPORT,
    NEUTRAL,
    PASTRANA,
    SAMPER,
    GameState,
)

SCENARIOS = ("standard", "quick")
MAX_SEED = dice.MAX_SEED


def secret_seed(room: int = 0) -> int:
    """A seed no one chose, for a game whose seed the user did not give (``new``,
    ``demo``, ``play``, ``assist``, ``random-game``, a default ``batch``, the
    environments' ``reset()``): drawn by the operating system's secret source from the
    whole range 0..:data:`MAX_SEED` (``room`` less, for a batch's consecutive seeds),
    so nobody, an agent that imports the engine included, can find it from the cards
    and dice it sees (issue 41: the small public seeds of old were found by matching
    the cards played against ``Game.new(seed=k)``). It is recorded (the save's
    ``rng_seed``, ``games.csv``), so the game replays all the same."""
    return secrets.randbelow(MAX_SEED + 1 - room)
DEPLOYMENTS = ("standard", "open")

#: Cards set aside unseen when preparing the deck (seed 003, Deck Preparation).
SET_ASIDE_STANDARD = 12
PILES = 4
PILE_SIZE = {"standard": 15, "quick": 6}
#: Seeded Propaganda option: each Propaganda card goes among the bottom 5 cards of its pile.
SEEDED_BOTTOM = 5
#: Quick-Play: Propaganda cards go into the 2nd and 4th piles only (pile numbers from 1).
QUICK_PROPAGANDA_PILES = (2, 4)

# ======================================================================================
# Standard Deployment (seed 003)
# ======================================================================================
STANDARD_RESOURCES = {Faction.GOVT: 40, Faction.FARC: 10, Faction.AUC: 10, Faction.CARTELS: 10}
QUICK_RESOURCES = {Faction.GOVT: 30, Faction.FARC: 10, Faction.AUC: 5, Faction.CARTELS: 20}
STANDARD_AID = 9

#: Active Support: Atlántico, Santander and each City except Cali (Cali is Neutral).
STANDARD_ACTIVE_SUPPORT = ("Atlántico", "Santander") + tuple(
    s.name for s in MAP.cities if s.name != "Cali"
)
STANDARD_ACTIVE_OPPOSITION = (
    "Chocó",
    "Arauca",
    "Meta East",
    "Meta West",
    "Guaviare",
    "Putumayo",
    "Nariño",
)

#: Forces of the Standard Deployment, Faction by Faction: (space, kind, count).
STANDARD_FORCES: dict[Faction, tuple[tuple[str, Piece, int], ...]] = {
    Faction.GOVT: (
        *((name, Piece.TROOPS, 3) for name in ("Bogotá", "Medellín", "Cali", "Santander")),
        ("Bogotá", Piece.POLICE, 2),
        *((c.name, Piece.POLICE, 1) for c in MAP.cities if c.name != "Bogotá"),
        ("Santander", Piece.GOVT_BASE, 1),
    ),
    Faction.FARC: (
        *(
            (name, Piece.FARC_UNDERGROUND, 1)
            for name in ("Nariño", "Chocó", "Santander", "Huila", "Arauca", "Meta East")
        ),
        *((name, Piece.FARC_UNDERGROUND, 2) for name in ("Meta West", "Guaviare", "Putumayo")),
        *(
            (name, Piece.FARC_BASE, 1)
            for name in ("Chocó", "Huila", "Arauca", "Meta East", "Meta West", "Guaviare")
        ),
    ),
    Faction.AUC: (
        *(
            (name, Piece.AUC_UNDERGROUND, 1)
            for name in ("Atlántico", "Antioquia", "Santander", "Arauca", "Guaviare", "Putumayo")
        ),
        ("Antioquia", Piece.AUC_BASE, 1),
    ),
    Faction.CARTELS: (
        ("Cali", Piece.CARTELS_UNDERGROUND, 1),
        ("Putumayo", Piece.CARTELS_UNDERGROUND, 1),
        *((name, Piece.CARTELS_BASE, 1) for name in ("Cali", "Meta East", "Meta West", "Guaviare")),
        ("Putumayo", Piece.CARTELS_BASE, 2),
    ),
}

# ======================================================================================
# Quick-Play modifications (seed 003), applied on top of the Standard Deployment
# ======================================================================================
#: Support/Opposition set by the Quick-Play scenario.
QUICK_SUPPORT = (
    ("Cali", ACTIVE_SUPPORT),
    ("Arauca", NEUTRAL),  # "Remove Opposition (the space starts Neutral)"
    ("Huila", ACTIVE_OPPOSITION),
)
QUICK_ADD: tuple[tuple[str, Piece, int], ...] = (
    ("Medellín", Piece.CARTELS_UNDERGROUND, 4),
    ("Medellín", Piece.CARTELS_BASE, 1),
    ("Cali", Piece.POLICE, 4),
    ("Bogotá", Piece.TROOPS, 6),
    ("Santander", Piece.AUC_BASE, 1),
    ("Arauca", Piece.AUC_UNDERGROUND, 1),
    ("Meta West", Piece.FARC_UNDERGROUND, 4),
    ("Huila", Piece.FARC_UNDERGROUND, 3),
    ("Huila", Piece.AUC_UNDERGROUND, 2),
    ("Huila", Piece.CARTELS_BASE, 1),
    ("Vaupés", Piece.FARC_UNDERGROUND, 2),
)
#: "Cali: Remove Cartels Guerrilla, Cartels Base" (as printed).
QUICK_REMOVE: tuple[tuple[str, Piece, int], ...] = (
    ("Cali", Piece.CARTELS_UNDERGROUND, 1),
    ("Cali", Piece.CARTELS_BASE, 1),
)
QUICK_FARC_ZONE = "Meta West"

# ======================================================================================
# Open Deployment (seed 003)
# ======================================================================================
#: What each player Faction places, in the order the players place (Cartels first).
OPEN_ORDER = (Faction.CARTELS, Faction.AUC, Faction.FARC, Faction.GOVT)
#: Placement-file key -> piece kind, per Faction.
OPEN_KEYS: dict[Faction, dict[str, Piece]] = {
    Faction.GOVT: {"troops": Piece.TROOPS, "police": Piece.POLICE, "bases": Piece.GOVT_BASE},
    Faction.FARC: {"guerrillas": Piece.FARC_UNDERGROUND, "bases": Piece.FARC_BASE},
    Faction.AUC: {"guerrillas": Piece.AUC_UNDERGROUND, "bases": Piece.AUC_BASE},
    Faction.CARTELS: {"guerrillas": Piece.CARTELS_UNDERGROUND, "bases": Piece.CARTELS_BASE},
}
#: Exactly these totals are placed (the same forces as the Standard Deployment).
OPEN_TOTALS: dict[Faction, dict[str, int]] = {
    Faction.CARTELS: {"guerrillas": 2, "bases": 6},
    Faction.AUC: {"guerrillas": 6, "bases": 1},
    Faction.FARC: {"guerrillas": 12, "bases": 6},
    Faction.GOVT: {"troops": 12, "police": 12, "bases": 1},
}
#: "at least 4 Bases in Departments with Population"
OPEN_CARTELS_POPULATED_BASES = 4


# ======================================================================================
# the entry point
# ======================================================================================
def new_state(
    scenario: str = "standard",
    seed: int = 0,
    short: bool = False,
    seeded_propaganda: bool = False,
    players: int | None = None,
    seats: Sequence[int | None] | None = None,
    nonplayers: bool = False,
    deployment: str = "standard",
    open_placement: Mapping[str, Any] | str | PathLike[str] | None = None,
    government_ai: str | None = None,
) -> GameState:
    """A new game set up per 2.1 and seed 003, before the first card (2.2).

    * ``scenario``: ``"standard"`` or ``"quick"`` (Quick-Play).
    * ``seed``: names the random stream used for the deck now and the dice later.
    * ``short``: Short Game Option (2.4.1), full scenario only.
    * ``seeded_propaganda``: each Propaganda card among the bottom 5 cards of its pile.
    * ``players`` (1-4) or ``seats``: who runs each Faction (see :func:`make_seats`).
    * ``nonplayers``: with 2 or 3 players, leftover Factions are section-8 Non-players
      instead of being run by the players (1.5.1 Non-Player Option).
    * ``deployment``: ``"standard"`` or ``"open"``; Open Deployment needs
      ``open_placement``, a dict or the path of a JSON file (see :func:`open_deploy`).
    * ``government_ai``: with no person at the Government, the program's Government AI
      that runs it (``"heuristic"``, ``"search:2s"``...; kept in
      ``options["government_ai"]``, see :func:`core.seating.seating_problem`).

    Raises :class:`ValueError` with a readable message for any bad option value.
    """
    if scenario not in SCENARIOS:
        raise ValueError(f"scenario must be one of {', '.join(SCENARIOS)}, not {scenario!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"seed must be a whole number 0 or more, not {shown(seed)}")
    if seed > MAX_SEED:
        raise ValueError(f"seed must be at most {MAX_SEED} (2**63 - 1), not {shown(seed)}")
    for flag, value in (
        ("short", short),
        ("seeded_propaganda", seeded_propaganda),
        ("nonplayers", nonplayers),
    ):
        if not isinstance(value, bool):
            raise ValueError(f"{flag} must be true or false, not {value!r}")
    if deployment not in DEPLOYMENTS:
        raise ValueError(
            f"deployment must be one of {', '.join(DEPLOYMENTS)}, not {deployment!r}"
        )
    problem = options_problem(scenario, short, deployment)
    if problem is not None:
        raise ValueError(problem)
    if deployment == "open" and open_placement is None:
        raise ValueError("Open Deployment needs a placement (open_placement)")
    if deployment == "standard" and open_placement is not None:
        raise ValueError("a placement is only used with deployment='open'")

    seating = make_seats(players, seats, nonplayers)
    problem = seating_problem(seating, government_ai)
    if problem is not None:
        raise ValueError(problem)

    state = GameState()
    state.scenario = scenario
    state.rng_seed = seed
    state.rng_counter = 0
    state.seats = seating
    state.deck = prepare_deck(state, scenario, seeded_propaganda)
    state.final_propaganda = final_propaganda(scenario, short)
    state.skip_victory_on = skip_victory_on(scenario)
    state.options = {
        "short": short,
        "seeded_propaganda": seeded_propaganda,
        "nonplayers": nonplayers,
        "deployment": deployment,
        "players": player_count(state.seats),
    }
    if government_ai is not None:
        state.options[GOVERNMENT_AI] = government_ai
    if deployment == "open":
        placement = load_placement(open_placement)  # type: ignore[arg-type]
        standard_deploy(state, only=[f for f in Faction if state.seats[f] is None])
        state.options["open_placement"] = open_deploy(state, placement)
    else:
        standard_deploy(state)
        if scenario == "quick":
            quick_play_modify(state)
    state.phase = "setup"
    state.step = {}
    return state


def options_problem(scenario: str, short: bool, deployment: str) -> str | None:
    """Why these Set Up choices go not together (one line), or None: the short game and
    Open Deployment are options of the full scenario only (2.4.1, seed 003). Checked by
    :func:`new_state` and by the loader (:func:`core.game.serialize.check_rules`)."""
    if short and scenario == "quick":
        return "the short game option (2.4.1) is for the full scenario, not Quick-Play"
    if deployment == "open" and scenario == "quick":
        return "Open Deployment is an alternative for the full scenario, not Quick-Play"
    return None


def skip_victory_on(scenario: str) -> list[int]:
    """The Propaganda Rounds whose Victory Phase is skipped: the first in Quick-Play."""
    return [1] if scenario == "quick" else []


def propaganda_cards(scenario: str) -> int:
    """How many Propaganda cards the deck holds: one per pile, Quick-Play's 2nd and 4th
    piles only (seed 003, Deck Preparation)."""
    return PILES if scenario == "standard" else len(QUICK_PROPAGANDA_PILES)


def deck_size(scenario: str) -> int:
    """The cards of a game, drawn or not (64 full, 26 Quick-Play): the Event cards of the
    piles and the Propaganda cards. The set-aside cards leave the game (a card the table
    plays that the program had set aside takes one's place, ``bring_into_deck``)."""
    return PILES * PILE_SIZE[scenario] + propaganda_cards(scenario)


def final_propaganda(scenario: str, short: bool) -> int:
    """Which Propaganda card's Round is the last (2.4.1): 4th, 3rd (short), 2nd (Quick)."""
    if scenario == "quick":
        return 2
    return 3 if short else 4


# ======================================================================================
# players (1.5, 1.5.1)
# ======================================================================================
#: 1.5.1 Spare Factions: who runs what when the players run the leftover Factions.
SPARE_SEATS: dict[int, tuple[int, int, int, int]] = {
    2: (1, 2, 1, 2),  # Government and AUC versus FARC and Cartels
    3: (1, 2, 3, 3),  # Government versus FARC versus AUC and Cartels
    4: (1, 2, 3, 4),  # a Faction each
}


def make_seats(
    players: int | None = None,
    seats: Sequence[int | None] | None = None,
    nonplayers: bool = False,
) -> list[int | None]:
    """``state.seats``: the player number running each Faction, or None (Non-player).

    * 1 player: the player is the Government; the Insurgents are Non-players (8.0).
    * 2-4 players: the 1.5.1 assignments (2: Government + AUC vs FARC + Cartels;
      3: Government / FARC / AUC + Cartels; 4: one each).
    * ``nonplayers=True``: players take Government, FARC, AUC, Cartels in that order (1.5)
      and the leftover Factions are Non-players (section 8).
    * ``seats``: any explicit mix, e.g. ``[1, None, 2, None]`` (player numbers 1..N, each
      used at least once).

    >>> make_seats(2)
    [1, 2, 1, 2]
    >>> make_seats(2, nonplayers=True)
    [1, 2, None, None]
    """
    if players is not None and (
        isinstance(players, bool) or not isinstance(players, int) or not 1 <= players <= 4
    ):
        raise ValueError(f"players must be 1, 2, 3 or 4, not {players!r}")
    if seats is not None:
        result = _check_seats(seats)
        used = player_count(result)
        if players is not None and players != used:
            raise ValueError(f"seats name {used} players but players={players}")
        return result
    n = 4 if players is None else players
    if n == 1:
        return [1, None, None, None]
    if nonplayers:
        return [i + 1 if i < n else None for i in range(4)]
    return list(SPARE_SEATS[n])


#: ``state.options`` key: the program's Government AI running a Government no person
#: takes (its name and level, e.g. ``"search:2s"``); absent when a person takes it.
GOVERNMENT_AI = "government_ai"


def _check_seats(seats: Sequence[int | None]) -> list[int | None]:
    if isinstance(seats, str | bytes) or not isinstance(seats, Sequence) or len(seats) != 4:
        raise ValueError(
            "seats must list 4 entries (Government, FARC, AUC, Cartels): "
            f"a player number or None, not {seats!r}"
        )
    result: list[int | None] = []
    for faction, seat in zip(Faction, seats):
        if seat is None:
            result.append(None)
        elif isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= 4:
            raise ValueError(f"seat of {faction.label} must be a player 1-4 or None, not {seat!r}")
        else:
            result.append(seat)
    problem = numbering_problem(result)
    if problem is not None:
        raise ValueError(problem)
    return result


# ======================================================================================
# the deck (seed 003, Deck Preparation)
# ======================================================================================
def prepare_deck(state: GameState, scenario: str, seeded_propaganda: bool) -> list[int]:
    """Shuffle and stack the draw deck (index 0 = top) from ``state``'s seeded stream.

    Full scenario: shuffle the 72 Event cards, set 12 aside unseen (they leave the game:
    they are not kept anywhere in the state), split the other 60 into 4 piles of 15,
    shuffle 1 Propaganda card into each and stack pile 1 on top of pile 2 and so on.
    Quick-Play: 4 piles of 6 Event cards; Propaganda cards go into piles 2 and 4 only.
    Seeded Propaganda: the Propaganda card goes among the bottom 5 cards of its pile.
    """
    events = list(EVENT_CARDS)
    dice.shuffle(state, events)
    size = PILE_SIZE[scenario]
    piles = [events[i * size : (i + 1) * size] for i in range(PILES)]
    propaganda = list(PROPAGANDA_CARDS)
    dice.shuffle(state, propaganda)
    deck: list[int] = []
    for number, pile in enumerate(piles, start=1):
        if scenario == "standard" or number in QUICK_PROPAGANDA_PILES:
            pile = _shuffle_in(state, pile, propaganda.pop(0), seeded_propaganda)
        deck.extend(pile)
    return deck


def _shuffle_in(state: GameState, pile: list[int], card: int, seeded: bool) -> list[int]:
    """Shuffle ``card`` into ``pile``; with ``seeded`` only among its bottom 5 cards."""
    keep = max(0, len(pile) - SEEDED_BOTTOM) if seeded else 0
    bottom = pile[keep:] + [card]
    dice.shuffle(state, bottom)
    return pile[:keep] + bottom


# ======================================================================================
# forces and markers
# ======================================================================================
def standard_deploy(state: GameState, only: Sequence[Faction] | None = None) -> None:
    """Markers and tracks of the Standard Deployment, and the forces of the Factions in
    ``only`` (all four by default; Open Deployment passes the Non-players)."""
    state.aid = STANDARD_AID
    state.resources = [STANDARD_RESOURCES[f] for f in Faction]
    state.president = SAMPER
    state.eligible = [True] * 4
    for name in STANDARD_ACTIVE_SUPPORT:
        state.set_support(MAP.id_of(name), ACTIVE_SUPPORT)
    for name in STANDARD_ACTIVE_OPPOSITION:
        state.set_support(MAP.id_of(name), ACTIVE_OPPOSITION)
    for faction in Faction if only is None else only:
        for name, kind, n in STANDARD_FORCES[faction]:
            state.place(MAP.id_of(name), kind, n)


def quick_play_modify(state: GameState) -> None:
    """Apply the Quick-Play scenario's changes to a Standard Deployment (seed 003)."""
    for name, level in QUICK_SUPPORT:
        state.set_support(MAP.id_of(name), level)
    for name, kind, n in QUICK_REMOVE:
        state.remove(MAP.id_of(name), kind, n)
    state.set_farc_zone(MAP.id_of(QUICK_FARC_ZONE))
    for name, kind, n in QUICK_ADD:
        state.place(MAP.id_of(name), kind, n)
    state.resources = [QUICK_RESOURCES[f] for f in Faction]
    state.president = PASTRANA


# ======================================================================================
# Open Deployment
# ======================================================================================
Placement = dict[Faction, dict[int, dict[str, int]]]


def load_placement(source: Mapping[str, Any] | str | PathLike[str]) -> Placement:
    """Read and normalise an Open Deployment placement.

    The placement is a dict (or a JSON file holding one) keyed by Faction name, then by
    space name, then by piece: ``guerrillas`` / ``bases`` for Insurgents, ``troops`` /
    ``police`` / ``bases`` for the Government::

        {"Cartels": {"Cali": {"guerrillas": 1, "bases": 2}, "Putumayo": {"bases": 2}, ...},
         "FARC": {...}}

    Names are matched like :meth:`core.map.GameMap.space` (case and accents ignored).
    Returns ``{Faction: {space id: {key: count}}}``; raises ValueError on anything odd.
    """
    if isinstance(source, str | PathLike):
        path = Path(source)
        try:  # a regular file under the size cap (a FIFO is refused, not waited on)
            source = json.loads(read_input(path, "placement file").decode("utf-8"))
        except FileCheckError as err:
            raise ValueError(f"cannot read placement file: {err}") from None
        except (json.JSONDecodeError, UnicodeDecodeError) as err:
            raise ValueError(f"placement file {shown(path)} is not valid JSON: "
                             f"{shown(err)}") from None
        except RecursionError:  # (a RuntimeError) lists in lists, thousands deep
            raise ValueError(f"placement file {shown(path)}: not a placement (nested too "
                             "deeply)") from None
        except ValueError:  # an integer of more than 4300 digits
            raise ValueError(f"placement file {shown(path)}: a number with too many "
                             "digits") from None
    if not isinstance(source, Mapping):
        raise ValueError("a placement must be an object keyed by Faction name")
    out: Placement = {}
    for fname, spaces in source.items():
        faction = Faction.parse(str(fname))
        if faction in out:
            raise ValueError(f"placement names {faction.label} twice")
        if not isinstance(spaces, Mapping):
            raise ValueError(f"{faction.label} placement must be an object keyed by space name")
        out[faction] = {}
        for sname, counts in spaces.items():
            space = _space(str(sname))
            if space.id in out[faction]:
                raise ValueError(f"{faction.label} placement names {space.name} twice")
            out[faction][space.id] = _counts(faction, space, counts)
    return out


def _space(name: str) -> Space:
    try:
        return MAP.space(name)
    except KeyError as err:
        raise ValueError(str(err.args[0])) from None


def _counts(faction: Faction, space: Space, counts: Any) -> dict[str, int]:
    keys = OPEN_KEYS[faction]
    if not isinstance(counts, Mapping):
        raise ValueError(f"{faction.label} in {space.name}: expected an object like {{'bases': 1}}")
    out: dict[str, int] = {}
    for key, n in counts.items():
        if key not in keys:
            raise ValueError(
                f"{faction.label} in {space.name}: unknown piece {key!r} "
                f"(expected {', '.join(keys)})"
            )
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ValueError(f"{faction.label} in {space.name}: {key} must be a count, not {n!r}")
        out[key] = n
    return out


def open_deploy(state: GameState, placement: Placement) -> dict[str, dict[str, dict[str, int]]]:
    """Place the player Factions' forces per seed 003's Open Deployment, in its order
    (Cartels, AUC, FARC, Government), checking every constraint. Returns the placement
    in its readable form (Faction and space names), as recorded in ``state.options``."""
    players = [f for f in OPEN_ORDER if state.seats[f] is not None]
    extra = [f.label for f in placement if f not in players]
    if extra:
        raise ValueError(f"Open Deployment places only player Factions, not {', '.join(extra)}")
    record: dict[str, dict[str, dict[str, int]]] = {}
    for faction in players:
        if faction not in placement:
            raise ValueError(f"Open Deployment: no placement given for {faction.label}")
        spaces = placement[faction]
        _check_totals(faction, spaces)
        for space_id, counts in spaces.items():
            _check_open_space(state, faction, MAP[space_id], counts)
            for key, n in counts.items():
                try:
                    state.place(space_id, OPEN_KEYS[faction][key], n)
                except IllegalAction as err:
                    raise ValueError(
                        f"Open Deployment, {faction.label} in {MAP[space_id].name}: "
                        f"{err.message} ({err.rule})"
                    ) from None
        record[faction.label] = {
            MAP[s].name: {k: n for k, n in c.items() if n} for s, c in spaces.items()
        }
    return record


def _check_totals(faction: Faction, spaces: dict[int, dict[str, int]]) -> None:
    for key, want in OPEN_TOTALS[faction].items():
        got = sum(c.get(key, 0) for c in spaces.values())
        if got != want:
            raise ValueError(
                f"Open Deployment: {faction.label} must place exactly {want} {key}, not {got}"
            )
    if faction is Faction.CARTELS:
        populated = sum(
            c.get("bases", 0)
            for s, c in spaces.items()
            if MAP[s].kind == "department" and MAP[s].pop > 0
        )
        if populated < OPEN_CARTELS_POPULATED_BASES:
            raise ValueError(
                "Open Deployment: Cartels must place at least 4 Bases in Departments with "
                f"Population, not {populated}"
            )


def _check_open_space(
    state: GameState, faction: Faction, space: Space, counts: dict[str, int]
) -> None:
    where = f"Open Deployment, {faction.label} in {space.name}"
    if not any(counts.values()):
        return
    if not state.in_play(space.id):
        raise ValueError(f"{where}: not a space in play (1.3.5)")
    if counts.get("bases") and space.is_loc:
        raise ValueError(f"{where}: Bases may not occupy LoCs (1.4.2)")
    if faction is Faction.FARC and space.kind != "department":
        raise ValueError(f"{where}: FARC set up only in Departments")
    if faction is Faction.GOVT:
        if space.kind not in ("city", "department"):
            raise ValueError(f"{where}: the Government sets up only in Cities or Departments")
        if state.bases(space.id, Faction.FARC):
            raise ValueError(f"{where}: the Government sets up only where there is no FARC Base")
