"""Non-players and Events (8.1, 8.4): whether to take the Event, and how to execute it.

* The per-card table ``flowcharts/nonplayer_events.toml`` (gray "2", always-Operations,
  8.4.4 instructions) is data a user can correct; :func:`card_row` reads it.
* :func:`wants_event` applies 8.1: the 1st Eligible takes the Event only if its symbol is
  leftmost; the 2nd Eligible takes it if it may, unless the card bears the gray "2".
* :func:`is_effective` is the Ineffective Event test (8.1): the Event is executed on a
  clone and the board compared, over the outcomes of its random space picks until one
  changes it; Capabilities and Momentum count as effects.
* :class:`NonPlayerChooser` answers an Event's choices by 8.4.2-8.4.3: as many pieces as
  possible, in the one 8.1.2 order of :func:`piece_rank` (docs/readings.md#r-np-event-pieces),
  spaces at random (8.2/8.3), the Support/Opposition shift where the space's value changes
  most, Population x levels (docs/readings.md#r-np-event-shift).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from core import events
from core.cards import CARDS
from core.commands import Context
from core.dice import DiceSource
from core.errors import IllegalAction
from core.events.choice import Choice
from core.pieces import ACTIVE_OF, FARC, GOVT, UNDERGROUND_OF, Faction, as_faction, as_piece
from core.space import SPACES
from core.state import GameState
from nonplayer.plan import PLANNING_DICE
from nonplayer.random_spaces import random_candidate, random_outcomes


class EventTableError(ValueError):
    """The non-player Event table is malformed."""


@dataclass(frozen=True)
class Prefer:
    """An executable 8.4.4 instruction: questions containing ``match`` are answered by
    the named preference of :data:`PREFERENCES`."""

    match: str
    pick: str


@dataclass(frozen=True)
class CardRow:
    number: int
    title: str
    gray2: bool
    always_ops: bool
    instruction: str
    source: str
    rationale: str
    prefer: tuple[Prefer, ...] = ()


def load_table(text: str | None = None) -> dict[int, CardRow]:
    """Read and check ``flowcharts/nonplayer_events.toml`` (a row for each of 72 cards)."""
    if text is None:
        text = resources.files("flowcharts").joinpath("nonplayer_events.toml").read_text("utf-8")
    try:
        rows = tomllib.loads(text)["card"]
    except (tomllib.TOMLDecodeError, KeyError) as err:
        raise EventTableError(f"nonplayer_events.toml: {err}") from None
    table: dict[int, CardRow] = {}
    for i, row in enumerate(rows, 1):
        try:
            card = CardRow(
                number=int(row["number"]), title=str(row["title"]), gray2=bool(row["gray2"]),
                always_ops=bool(row["always_ops"]), instruction=str(row.get("instruction", "")),
                source=str(row["source"]), rationale=str(row["rationale"]),
                prefer=tuple(Prefer(str(p["match"]), str(p["pick"]))
                             for p in row.get("prefer", [])),
            )
        except (KeyError, TypeError, ValueError) as err:
            raise EventTableError(f"nonplayer_events.toml: row {i}: missing or bad {err}") from None
        for pref in card.prefer:
            if pref.pick not in PREFERENCES and pref.pick not in STRATEGIES:
                raise EventTableError(
                    f"nonplayer_events.toml: card {card.number}: unknown preference {pref.pick!r}"
                    f" (known: {', '.join(sorted(PREFERENCES) + sorted(STRATEGIES))})"
                )
        if card.number not in CARDS or CARDS[card.number].propaganda:
            raise EventTableError(f"nonplayer_events.toml: row {i}: no Event card {card.number}")
        if card.number in table:
            raise EventTableError(f"nonplayer_events.toml: card {card.number} listed twice")
        table[card.number] = card
    missing = sorted(set(range(1, 73)) - set(table))
    if missing:
        raise EventTableError(f"nonplayer_events.toml: no row for cards {missing}")
    return table


@cache
def _table() -> dict[int, CardRow]:
    return load_table()


def card_row(card: int) -> CardRow:
    return _table()[card]


#: Reading r-np-instructions-leftmost (docs/readings.md): a card's 8.4.4 instruction
#: binds the executing Non-player when its own symbol is leftmost, or the Government's is.
#: True: the alternative, every instruction binds whichever Non-player executes the card.
INSTRUCTIONS_BIND_ANY_EXECUTOR = False


def instructions_apply(card: int, faction: Faction) -> bool:
    """8.4.4 « vérifiez pour cet Évènement s'il existe des instructions spécifiques à cette
    Faction Non-Joueur si son symbole est situé le plus à gauche sur la carte (ou l'aide de
    jeu de la sélection aléatoire des zones si le symbole du Gouvernement est concerné) »:
    the card's instruction binds the executing Non-player when its own symbol is leftmost,
    or when the Government's is (those are on the random spaces aid, for any executor);
    not a Non-player executing a card another Insurgent leads
    (docs/readings.md#r-np-instructions-leftmost; :data:`INSTRUCTIONS_BIND_ANY_EXECUTOR`
    switches it)."""
    leftmost = CARDS[card].faction_order[0]
    return INSTRUCTIONS_BIND_ANY_EXECUTOR or leftmost is faction or leftmost is GOVT


def side_for(card: int) -> str:
    """8.4.1: Non-players execute the shaded text of dual-use Events."""
    return events.SHADED if events.implemented(card, events.SHADED) else events.UNSHADED


def wants_event(state: GameState, faction: Faction, position: int) -> tuple[bool, str]:
    """8.1: would this Non-player take the Event (before the Ineffective test)? With why."""
    card = state.current_card
    assert card is not None
    row = card_row(card)
    if row.always_ops:
        return False, f"{CARDS[card]}: Non-players always choose Operations ({row.source})"
    if position == 1:
        leftmost = CARDS[card].faction_order[0]
        if leftmost is not faction:
            return False, f"1st Eligible, but the leftmost symbol is {leftmost.label}"
        return True, "1st Eligible with the leftmost symbol: Event"
    if row.gray2:
        return False, "2nd Eligible on a card with the gray 2 (2nd: Ops): Operation"
    return True, "2nd Eligible and the Event is open: Event"


_COMPARED = ("pieces", "support", "terror", "sabotage", "farc_zone", "shipments",
             "foreign_in_play", "resources", "aid", "president", "capabilities", "momentum")


#: At most this many executions on clones per Ineffective test (docs/readings.md#r-np-effective).
EFFECT_RUNS = 64


def is_effective(state: GameState, faction: Faction, card: int, side: str) -> bool:
    """The Ineffective Event test (8.1 « optent seulement pour les Évènements qui auront un
    effet »): may executing it, as this Non-player would (8.4), change anything?

    The Event runs on a clone with the Non-player's choices and stand-in dice (the real
    board and dice are untouched). If that one run changes nothing, the other outcomes of
    its random space picks (8.2, 8.3: any space another roll could give) are tried, the
    latest pick first, up to :data:`EFFECT_RUNS` runs: a walk with constant stand-in dice
    may move a piece out and back (card 58 shaded), which another roll would not
    (docs/readings.md#r-np-effective)."""
    if not events.implemented(card, side):
        return False
    path: list[int] = []
    for _ in range(EFFECT_RUNS):
        chooser = _ExploringChooser(faction, card, path)
        if _changes(state, faction, card, side, chooser):
            return True
        taken = (path + [0] * len(chooser.arity))[: len(chooser.arity)]
        later = [d for d in range(len(taken)) if taken[d] + 1 < chooser.arity[d]]
        if not later:
            return False
        path = taken[: later[-1]] + [taken[later[-1]] + 1]
    return False


def _changes(state: GameState, faction: Faction, card: int, side: str,
             chooser: NonPlayerChooser) -> bool:
    """Does executing the Event on a clone with ``chooser`` change the board?"""
    trial = state.clone()
    ctx = Context(faction=faction, dice=PLANNING_DICE, chooser=chooser, nonplayer=True)
    trial.step = dict(trial.step)
    trial.step["eligible_next"] = dict(state.step.get("eligible_next", {}))
    try:
        events.run_event(trial, ctx, card, side)
    except IllegalAction:
        return False
    if trial.step.get("eligible_next") != state.step.get("eligible_next", {}):
        return True
    return any(getattr(trial, f) != getattr(state, f) for f in _COMPARED)


# ---- preferences named by the table (8.4.4) ------------------------------------------------
Preference = Callable[[GameState, Choice, Faction], list[list[Any]]]


def _cities_first(state: GameState, choice: Choice, faction: Faction) -> list[list[Any]]:
    """Cities before any Departments (card 57, published)."""
    opts = list(choice.options)
    return [[s for s in opts if SPACES[s].is_city], [s for s in opts if not SPACES[s].is_city]]


def _farc_guerrillas_and_support(
    state: GameState, choice: Choice, faction: Faction
) -> list[list[Any]]:
    """Spaces with FARC Guerrillas and Support first, if possible (card 21, published)."""
    opts = list(choice.options)
    best = [s for s in opts if state.guerrillas(s, FARC) and state.support[s] > 0]
    return [best, [s for s in opts if s not in best]]


def _executing_faction(state: GameState, choice: Choice, faction: Faction) -> list[list[Any]]:
    """The executing Faction itself when it is an option (card 70, published)."""
    opts = list(choice.options)
    return [[f for f in opts if f == int(faction)], [f for f in opts if f != int(faction)]]


def _active_first(state: GameState, choice: Choice, faction: Faction) -> list[list[Any]]:
    """Active Guerrillas before Underground ones (card 70, published; 8.1.2)."""
    opts = list(choice.options)
    active = [k for k in opts if as_piece(k) in ACTIVE_OF.values()]
    return [active, [k for k in opts if k not in active]]


def _auc_march_then_attack(
    state: GameState, choice: Choice, faction: Faction, memo: dict[str, Any],
    chooser: NonPlayerChooser,
) -> list[list[Any]] | None:
    """Card 37 (published): the AUC's March priorities (8.6.2) for the free March into 1
    space, then its Attack priorities (8.6.3) for the Ambush."""
    from nonplayer import auc

    why = choice.why
    if "March from which space" in why:
        if "groups" not in memo:
            ranked = auc.ranked_destinations(state)  # the 8.6.2 ranks, as the flowchart's
            group = next((g for g in ranked if g), [])
            taken = chooser._take(state, Choice("spaces", tuple(group), 1, 1, why), group, 1)
            memo["dst"] = taken[0] if taken else None
            memo["groups"] = list(auc.march_groups(state, taken[0])) if taken else []
        while memo["groups"] and memo["groups"][0][0] not in choice.options:
            memo["groups"].pop(0)
        if not memo["groups"]:
            return [[]]  # stop
        memo["current"] = memo["groups"].pop(0)
        return [[memo["current"][0]]]
    current = memo.get("current")
    if current is not None and "March from" in why and why.endswith("to?"):
        return [[current[1]]]
    if current is not None and "how many Underground" in why:
        return [[current[2]]]
    if current is not None and "how many Active" in why:
        return [[current[3]]]
    if current is not None and "Shipments go along" in why:
        return [[current[4]]]
    if "Ambushes where" in why:
        dst = memo.get("dst")
        return [[dst]] if dst in choice.options else None
    if "remove which piece" in why:  # 8.6.3: take Shipments, then FARC, then Government
        dst = memo.get("dst")
        if "ambush" not in memo and dst is not None:
            memo["ambush"] = [int(k) for k in auc.attack_targets(state, dst)[0]]
        planned = memo.get("ambush") or []
        while planned and planned[0] not in choice.options:
            planned.pop(0)
        if planned:
            return [[planned.pop(0)]]
        return None
    return None


#: Preferences that answer from the question alone: fn(state, choice, faction) -> groups.
PREFERENCES: dict[str, Preference] = {
    "cities_first": _cities_first,
    "farc_guerrillas_and_support": _farc_guerrillas_and_support,
    "executing_faction": _executing_faction,
    "active_first": _active_first,
}
#: Preferences that plan across several questions of one card (with a memo).
STRATEGIES: dict[str, Callable[..., list[list[Any]] | None]] = {
    "auc_march_then_attack": _auc_march_then_attack,
}

#: 8.1.2 "Retirez les Bases ennemies, puis la Police, puis les Troupes, puis les Guérillas
#: Clandestines et enfin les Guérillas Actives" (remove enemy Bases, then Police, Troops,
#: Underground Guerrillas, lastly Active Guerrillas).
_ENEMY_ORDER = ("BASE", "POLICE", "TROOPS", "UNDERGROUND", "ACTIVE")

PLACE = "place"
AGAINST = "against"

#: A space question of an Event that takes Guerrillas anywhere, asked before the piece.
_GUERRILLA_PICK = re.compile(r"\b(remove|replace)\b[^:?]*\bguerrilla\b[^?]*: from which space\?",
                             re.IGNORECASE)

#: The origin question of an Event that moves pieces out of 1 space (#53, #69).
_MOVE_FROM = re.compile(r"\bmove from which (space|department)\?", re.IGNORECASE)


def _movable(state: GameState, space: int, faction: Faction) -> int:
    """The pieces of ``faction`` in ``space`` an Event may move: Guerrillas, or cubes."""
    if faction is GOVT:
        return state.cubes(space)
    return state.guerrillas(space, faction)


#: Options of an "option" question that place pieces, and that remove them (8.4.2).
_PLACING = re.compile(r"(re)?place\b", re.IGNORECASE)
_REMOVING = re.compile(r"remove\b", re.IGNORECASE)

#: Words of a space question that asks where to do something other than a shift.
_OTHER_ACTION = re.compile(
    r"\b(remove|removes|place|replace|terror|flip|sabotage|march|move|attack|ambush|assault"
    r"|sweep|rally|extort|cultivate|bribe|kidnap|assassinate|transfer)\b"
)


#: Words of a Faction question whose chosen Faction places, moves or acts with its own
#: pieces: "which Insurgent Faction places?", "which Insurgent Faction moves Guerrillas?",
#: "which Faction Terrors?", "FARC or AUC Ambushes?", "replace ... with which Faction's?",
#: "to whose Guerrilla does it pass?" (a Shipment goes to it).
_FACTION_ACTS = re.compile(
    r"\b(places?|moves?|marches|rallies|terrors|ambushes|attacks|pass)\b|with which faction"
)


def piece_action(why: str, kind: str = "pieces") -> str:
    """What an Event's question does to the piece, or to the Faction's pieces, chosen.

    A piece question (``kind`` "pieces"): :data:`PLACE` if the piece is placed ("place
    which ...", "replace ... with which ..."), else :data:`AGAINST` (it is removed,
    replaced, flipped, moved or otherwise acted upon). A Faction question ("factions"):
    :data:`PLACE` if the Faction chosen places, moves or acts with its pieces ("place whose
    Base", "which Insurgent Faction places?", "which Faction Terrors?"), else
    :data:`AGAINST` (its Guerrillas are Activated, its Resources drop, its Shipment or Base
    is removed)."""
    text = why.lower()
    if re.search(r"\bplace\b", text) or ("with which" in text and "replace" in text):
        return PLACE
    if kind != "pieces" and _FACTION_ACTS.search(text):
        return PLACE
    return AGAINST


def faction_rank(owner: Faction, faction: Faction, action: str) -> int:
    """Whose pieces first, the first key of :func:`piece_rank` and the whole answer to a
    question that names a Faction (card 34 "An Insurgent Faction places", card 71 "place
    whose Base"): placing (:data:`PLACE`), ``faction``'s own (0) before others' (1);
    acting on pieces (:data:`AGAINST`), others' (0) before its own (1)."""
    own = owner is faction
    if action == PLACE:
        return 0 if own else 1
    return 1 if own else 0


def piece_rank(kind: int, faction: Faction, action: str) -> tuple[int, int]:
    """The one 8.1.2 order for every Non-player Event choice of a piece (8.4.2).

    Placing (:data:`PLACE`): the executing Faction's own pieces first, its Bases before
    its Guerrillas ("Placez les Bases amies avant les Guérillas"); other Factions' pieces
    after, Bases before the rest (r-np-event-place-others). Acting on a piece
    (:data:`AGAINST`: remove, replace, flip, move): enemy pieces first, Bases, Police,
    Troops, Underground, Active; the executor's own last, Active before Underground
    ("Retirez les Guérillas Actives amies avant les Clandestines"), Bases last. Whose
    pieces come first is :func:`faction_rank`, which alone answers Faction questions."""
    piece = as_piece(kind)
    whose = faction_rank(piece.faction, faction, action)
    name = piece.name
    if action == PLACE:
        return (whose, 0 if piece.is_base else 1)
    if piece.faction is faction:
        return (whose, 0 if "ACTIVE" in name else 1 if "UNDERGROUND" in name else 2)
    for i, key in enumerate(_ENEMY_ORDER):
        if key in name:
            return (whose, i)
    return (whose, len(_ENEMY_ORDER))


_SHIFT_TARGET = re.compile(
    r"\bto\s+(neutral|passive support|active support|passive opposition|active opposition)\b")
_SHIFT_LEVELS = re.compile(r"(\d+)\s+levels?\b[^.]*?\btoward\s+active\s+(support|opposition)")
_SHIFT_TOWARD = re.compile(r"\btoward\s+active\s+(support|opposition)")
_LEVEL = {"active support": 2, "passive support": 1, "neutral": 0,
          "passive opposition": -1, "active opposition": -2}


def shift_levels(text: str, level: int) -> int:
    """How many levels a printed shift ``text`` moves a space now at ``level`` (-2 Active
    Opposition .. 2 Active Support): to a named level ("to Neutral", "from Support to
    Neutral"), or N levels toward an end ("by 2 levels toward Active Opposition"; "toward
    ..." alone is 1 level), never past it (1.6). 1 when the text names no shift."""
    low = text.lower()
    target = _SHIFT_TARGET.search(low)
    if target is not None:
        return abs(_LEVEL[target.group(1)] - level)
    counted = _SHIFT_LEVELS.search(low)
    toward = counted.group(2) if counted else None
    if toward is None:
        plain = _SHIFT_TOWARD.search(low)
        toward = plain.group(1) if plain else None
    if toward is None:
        return 1
    n = int(counted.group(1)) if counted else 1
    room = 2 - level if toward == "support" else level + 2
    return min(n, room)


def shift_gap(state: GameState, space: int, text: str) -> int:
    """8.4.3 « l'écart entre l'ancienne et la nouvelle valeur »: the change of the
    space's Support/Opposition value (1.6.2-1.6.3: Population, twice for Active), i.e.
    Population x levels shifted (docs/readings.md#r-np-event-shift)."""
    return SPACES[space].pop * shift_levels(text, state.support[space])


def faction_options(choice: Choice) -> list[Faction] | None:
    """The Factions a question offers, if it is a question of whose pieces: a "factions"
    question (Faction ints), or an "option" question whose options are all Faction names
    (card 54 "replace ... with which Faction's?"). None for any other question."""
    if choice.kind == "factions":
        return [as_faction(f) for f in choice.options]
    labels = {f.label: f for f in Faction}
    if choice.kind == "option" and choice.options and all(o in labels for o in choice.options):
        return [labels[o] for o in choice.options]
    return None


class NonPlayerChooser:
    """Answers Event choices for a Non-player (8.4.2-8.4.4).

    In order: a preference named by the card's row of the table (8.4.4 instructions,
    traced); then the general rules. As many as allowed (8.4.2). Spaces at random among
    equals (8.2 chart for Cities/Departments, 8.3 for LoCs; Ecuador/Panamá first); for a
    Support/Opposition shift (the question says "shift"), the spaces whose Support/
    Opposition value changes most first (Population x levels, 8.4.3: :func:`shift_gap`).
    Pieces in 8.1.2 order, and the Factions of a question of whose pieces
    (:func:`faction_rank`). Other choices: the options in the order the card lists them.
    """

    def __init__(self, dice: DiceSource, state_for_dice: GameState | None = None,
                 faction: Faction | None = None, card: int | None = None) -> None:
        self.dice = dice
        self.state_for_dice = state_for_dice
        self.faction = faction
        self.card = card
        self.picks: list[str] = []
        self.memo: dict[str, Any] = {}

    def choose(self, state: Any, choice: Choice) -> list[Any]:
        faction = self.faction if self.faction is not None else GOVT
        groups = self._preferred(state, choice, faction)
        if groups is None:
            groups = self._general(state, choice, faction)
        out: list[Any] = []
        for group in groups:
            if len(out) >= choice.max:
                break
            out.extend(self._take(state, choice, group, choice.max - len(out)))
        if choice.repeat and out and len(out) < choice.max:
            out.extend([out[0]] * (choice.max - len(out)))
        return out

    def _preferred(self, state: Any, choice: Choice, faction: Faction) -> list[list[Any]] | None:
        if self.card is None or not instructions_apply(self.card, faction):
            return None
        for pref in card_row(self.card).prefer:
            if pref.match.lower() not in choice.why.lower():
                continue
            if pref.pick in STRATEGIES:
                groups = STRATEGIES[pref.pick](state, choice, faction, self.memo, self)
                if groups is None:
                    continue
            else:
                groups = PREFERENCES[pref.pick](state, choice, faction)
            if f"{self.card}:{pref.pick}" not in self.memo:
                self.memo[f"{self.card}:{pref.pick}"] = True
                self.picks.append(f"8.4.4 instruction of card {self.card}: {pref.pick}")
            return groups
        return None

    def _general(self, state: Any, choice: Choice, faction: Faction) -> list[list[Any]]:
        opts = list(choice.options)
        if choice.kind == "pieces":
            # friendly pieces are those of the Faction deciding (e.g. the Attacker of a
            # free Ambush), by default the executing Faction
            mine = faction if choice.decider is None else as_faction(choice.decider)
            action = piece_action(choice.why)
            ranks = sorted({piece_rank(k, mine, action) for k in opts})
            return [[k for k in opts if piece_rank(k, mine, action) == r] for r in ranks]
        if choice.kind == "spaces" and _GUERRILLA_PICK.search(choice.why):
            # an Event that takes Guerrillas anywhere (#54, #55): the Guerrillas are
            # chosen in the 8.1.2 order, so the spaces holding the first-ranked ones
            # first, at random among those (docs/readings.md#r-card-54-own-pieces)
            mine = faction if choice.decider is None else as_faction(choice.decider)
            best_rank = {sp: self._guerrilla_rank(state, sp, choice.why, mine) for sp in opts}
            return [[sp for sp in opts if best_rank[sp] == r]
                    for r in sorted(set(best_rank.values()))]
        if choice.kind == "spaces" and _MOVE_FROM.search(choice.why):
            # 8.4.2 « relocalisez autant de pièces que possible »: the origin of a move
            # from 1 space (#53, #69) where the mover has the most pieces that move
            # (Guerrillas; cubes for the Government), at random among equals
            mover = faction if choice.decider is None else as_faction(choice.decider)
            count = {sp: _movable(state, sp, mover) for sp in opts}
            return [[sp for sp in opts if count[sp] == n]
                    for n in sorted(set(count.values()), reverse=True)]
        whose = faction_options(choice)
        if whose is not None:
            # whose pieces are placed or acted upon: the same ranking's first key
            mine = faction if choice.decider is None else as_faction(choice.decider)
            action = piece_action(choice.why, "factions")
            rank = [faction_rank(f, mine, action) for f in whose]
            return [[o for o, r in zip(opts, rank, strict=True) if r == key]
                    for key in sorted(set(rank))]
        if choice.kind == "number":
            return [sorted(opts, reverse=True)]  # as much as possible (8.4.2)
        if choice.kind == "option" and any(_PLACING.match(str(o)) for o in opts) \
                and any(_REMOVING.match(str(o)) for o in opts):
            # 8.4.2 « Placez ... autant de pièces que possible »: "remove or replace"
            # (#50 shaded, #54), "place or remove" (#65): the answer that places pieces
            # (docs/readings.md#r-np-replace)
            placing = [o for o in opts if _PLACING.match(str(o))]
            return [placing, [o for o in opts if o not in placing]]
        if choice.kind == "spaces" and self._shift_question(choice.why):
            # 8.4.3: the greatest change of the space's Support/Opposition value
            # (docs/readings.md#r-np-event-shift); equal changes at random (8.2)
            gap = {s: shift_gap(state, s, self._shift_text()) for s in opts}
            return [[s for s in opts if gap[s] == g]
                    for g in sorted(set(gap.values()), reverse=True)]
        return [opts]

    @staticmethod
    def _guerrilla_rank(state: Any, space: int, why: str, mine: Faction) -> tuple[int, int]:
        """The best 8.1.2 rank (:func:`piece_rank`, acted upon) of the Guerrillas a
        "remove/replace a [Faction] Guerrilla: from which space?" question may take in
        ``space`` (those of the Faction the question names, else any)."""
        text = why.lower()
        named = [f for f in Faction if f.is_insurgent and f"{f.label.lower()} guerrilla" in text]
        factions = named or [f for f in Faction if f.is_insurgent]
        kinds = [k for f in factions for k in (UNDERGROUND_OF[f], ACTIVE_OF[f])
                 if state.count(space, k)]
        return min((piece_rank(int(k), mine, AGAINST) for k in kinds), default=(9, 9))

    def _shift_text(self) -> str:
        """The printed text of the side the Non-player executes (8.4.1), "" if unknown."""
        if self.card is None:
            return ""
        printed = CARDS[self.card].text(side_for(self.card))
        return "" if printed is None else printed.text

    def _shift_question(self, why: str) -> bool:
        """Is this space question the choice of a Support/Opposition shift (8.4.3)? Yes
        if it says so ("shift", "to Neutral", "with Support", ...), or if the card's
        Non-player side shifts (read from the Event's text, quoted in its docstring) and
        the question names no other action (remove, place, Terror, ...). Other space
        questions of a shifting card are answered at random (8.2/8.3), as 8.4.3 says."""
        text = why.lower()
        if "shift" in text:
            return True
        if _OTHER_ACTION.search(text):
            return False
        if re.search(r"\b(neutral|support|opposition)\b", text):
            return True
        if self.card is None:
            return False
        side = side_for(self.card)
        doc = events.effect_doc(self.card, side).lower()
        return "shift" in doc

    def _take(self, state: Any, choice: Choice, group: list[Any], n: int) -> list[Any]:
        if choice.kind != "spaces" or len(group) <= n:
            return group[:n]
        pool = list(group)
        out: list[int] = []
        roll_state = self.state_for_dice or state
        while pool and len(out) < n:
            pick = random_candidate(roll_state, self.dice, pool, choice.why)
            assert pick.space is not None
            self.picks.append(pick.describe())
            out.append(pick.space)
            pool.remove(pick.space)
        return out


class _ExploringChooser(NonPlayerChooser):
    """The Non-player chooser with planning dice whose random space picks (8.2, 8.3) follow
    ``path``: at the i-th pick, 0 is the stand-in dice's space, k > 0 the k-th other space
    another roll could give (:func:`random_outcomes`, in id order); picks beyond ``path``
    take 0. ``arity`` records how
    many outcomes each pick had, for :func:`is_effective`'s search."""

    def __init__(self, faction: Faction, card: int, path: list[int]) -> None:
        super().__init__(PLANNING_DICE, faction=faction, card=card)
        self.path = path
        self.arity: list[int] = []

    def _take(self, state: Any, choice: Choice, group: list[Any], n: int) -> list[Any]:
        if choice.kind != "spaces" or len(group) <= n:
            return group[:n]
        pool = list(group)
        out: list[int] = []
        while pool and len(out) < n:
            rolled = random_candidate(state, self.dice, pool, choice.why).space
            assert rolled is not None
            others = [s for s in random_outcomes(pool) if s != rolled]
            d = len(self.arity)
            self.arity.append(1 + len(others))
            alt = self.path[d] if d < len(self.path) else 0
            pick = rolled if alt == 0 else others[alt - 1]
            out.append(pick)
            pool.remove(pick)
        return out
