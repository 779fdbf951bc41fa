"""Plain-English descriptions shared by the user interfaces.

* :func:`card_text`: a card's title, Faction order, gray "2" and the printed 2nd-edition
  text of each side (``core/data/cards.json``); :func:`cards_lines`: the current and next card.
* :func:`space_row` / :func:`space_detail`: a space as a table row or a full description.
* :func:`changes`: the differences between two states, as lines a person can carry out on
  the table ("Huila-Tolima: FARC Guerrillas 2 Underground -> 1 Underground, 1 Active"),
  one line per space: the history's one-line summaries and the board editor's card
  corrections read them. The steps a table carries out (every turn, a form's "Changes on
  the board", undo) are :mod:`tui.board_changes`.
* :func:`tracks_lines`: Resources, Aid, totals, margins, President, lasting Events,
  Eligibility and the cards.
* Narration of a decision (``andean demo``, the game report): :func:`turn_line` (one
  label, Operation and Special Activity spaces apart, a Pass with its reason),
  :func:`command_changes` (what one logged command changed, for Event entries) and
  :func:`ineligible_line` (who sits out a card, and why). Spaces are named by
  :func:`core.map.space_name` only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from core import events
from core.cards import CARDS, card_title, event_text
from core.game import sequence
from core.map import MAP, space_name
from core.pieces import ACTIVE_OF, BASE_OF, INSURGENTS, UNDERGROUND_OF, Faction, Piece
from core.state import PRESIDENTS, SUPPORT_LABELS, GameState
from core.words import counted
from nonplayer.trace import names, operation_text
from runners.seats import faction_name
from tui.table_deck import PublicCards, solo_cards

if TYPE_CHECKING:
    from runners.games import Turn

FACTION_LETTER = {Faction.GOVT: "G", Faction.FARC: "F", Faction.AUC: "A", Faction.CARTELS: "C"}
KIND_LABEL = {"city": "City", "department": "Dept", "loc": "LoC", "foreign": "Foreign"}


# ======================================================================================
# cards
# ======================================================================================
def next_card_title(state: GameState, cards: PublicCards | None = None) -> str:
    """The card on top of the draw deck as every screen names it: its title; 'not named
    yet' where the deck is the table's and nobody named it (tabletop assist); 'none (the
    game is over)' once no card follows (2.4.1, 7.3). ``cards``: what may be shown
    (:func:`tui.table_deck.public_cards`; by default a solo game's)."""
    cards = cards if cards is not None else solo_cards(state)
    if state.phase == "over":
        return "none (the game is over)"
    if cards.next is not None:
        return card_title(cards.next)
    return "not named yet" if cards.table and state.deck else card_title(None)


def current_card_title(state: GameState, cards: PublicCards | None = None) -> str:
    """The card face up as every screen names it: 'not named yet' where the table has
    not named the card the program turned (tabletop assist)."""
    cards = cards if cards is not None else solo_cards(state)
    return "not named yet" if cards.current_unnamed else card_title(cards.current)


def card_order(card: int) -> str:
    order = CARDS[card].faction_order
    return ", ".join(f.label for f in order) if order else "Propaganda"


def card_text(card: int | None) -> list[str]:
    """Title, Faction order, lasting type and both texts of ``card``."""
    if card is None:
        return ["(no card)"]
    c = CARDS[card]
    if c.propaganda:
        return [f"{card_title(card)}: a Propaganda card (6.0)"]
    lines = [f"{card_title(card)} - order {card_order(card)}"]
    if c.lasting:
        lines.append(
            "Government Capability (5.3)" if c.is_capability else "Insurgent Momentum (5.4)"
        )
    if c.gray2:
        lines.append('Gray "2": a 2nd Eligible Non-player executes Operations (8.1)')
    if c.second_edition_revision:
        lines.append("2nd Ed revision (printed text differs from the 1st edition)")
    sides = events.sides_of(card)
    for side in sides:
        label = side.capitalize() if len(sides) > 1 else "Event"
        lines.append(f"{label}: {event_text(card, side)}")
    return lines


def cards_lines(state: GameState, cards: PublicCards | None = None) -> list[str]:
    """The card face up and the next card (face up on the deck), with their texts, as
    far as ``cards`` shows them (:func:`tui.table_deck.public_cards`: at the table an
    unnamed card stays unnamed; by default a solo game's)."""
    cards = cards if cards is not None else solo_cards(state)
    current = ["(not named yet: the table names the card it turned face up)"] \
        if cards.current_unnamed else card_text(cards.current)
    lines = ["Current card:", *current, "", "Next card:"]
    if cards.next is not None:
        lines += card_text(cards.next)
    elif cards.next_unnamed:
        lines.append("(not named yet: n tells which card is on top of the deck)")
    elif state.phase == "over":
        lines.append("(none: the game is over)")
    else:
        lines.append("(none: the deck is empty)")
    return lines


def propaganda_line(state: GameState, cards: PublicCards | None = None,
                    short: bool = False) -> str:
    """'Propaganda cards 1 of 4; 17 cards in the draw deck' (2.2: the number of cards in
    the draw deck is open to inspection; at the table, whose deck the program cannot
    count, it says so), with, only when the deck is open (``andean play --open-deck``),
    where the next Propaganda card lies: the deck is face down (Deck Preparation), so no
    screen counts that otherwise. ``short``: the side panel's words ('Propaganda 1/4;
    deck 17; next in 3 cards'), parts joined by '; '."""
    cards = cards if cards is not None else solo_cards(state)
    # Propaganda cards, not Rounds: a card set aside after a Round holds none (6.0) and
    # counts toward the final one all the same (2.4.1)
    rounds = (f"Propaganda {state.propaganda_cards}/{state.final_propaganda}" if short
              else f"Propaganda cards {state.propaganda_cards} of "
              f"{state.final_propaganda}")
    parts = [rounds, deck_size_words(cards, short)]
    if cards.open_deck and not cards.over:
        left = cards.to_propaganda
        if short:
            when = "none left in the deck" if left is None else "next card" if left == 0 \
                else f"next in {left} card{'s' if left != 1 else ''}"
        else:
            when = "no Propaganda card left in the deck" if left is None \
                else f"{counted(left, 'Event card')} before the next Propaganda card"
        parts.append(f"{when} (open deck)")
    return "; ".join(parts)


def deck_size_words(cards: PublicCards, short: bool = False) -> str:
    """The number of cards in the draw deck (2.2), or at the table that the program
    cannot know it: 'deck 17' / '17 cards in the draw deck', 'deck: the table's'."""
    if cards.deck_left is None:
        return ("deck: count the table's" if short else
                "the draw deck is the table's: count its cards there")
    return (f"deck {cards.deck_left}" if short
            else f"{counted(cards.deck_left, 'card')} in the draw deck")


# ======================================================================================
# spaces
# ======================================================================================
def pieces_short(state: GameState, space: int, f: Faction) -> str:
    """A Faction's pieces in a space, the one short notation of every board view:
    ``3T2P1B`` (Troops, Police, Bases) for the Government, ``2g1G1B`` (Underground
    Guerrillas, Active Guerrillas, Bases) for an Insurgent; "" if none."""
    if f is Faction.GOVT:
        counts = [(state.troops(space), "T"), (state.police(space), "P"),
                  (state.bases(space, f), "B")]
    else:
        counts = [(state.underground(space, f), "g"), (state.active(space, f), "G"),
                  (state.bases(space, f), "B")]
    return "".join(f"{n}{letter}" for n, letter in counts if n)


def govt_cell(state: GameState, space: int) -> str:
    return pieces_short(state, space, Faction.GOVT) or "-"


def control_label(state: GameState, space: int) -> str:
    if MAP[space].is_loc:
        return ""
    c = state.controller(space)
    return "" if c is None else ("Govt" if c is Faction.GOVT else "FARC")


SUPPORT_SHORT = {2: "ActSup", 1: "PasSup", 0: "Neutral", -1: "PasOpp", -2: "ActOpp"}


TERROR, SABOTAGE, FARC_ZONE, SHIPMENTS = "terror", "sabotage", "farc_zone", "shipments"


def markers_present(state: GameState, space: int) -> list[tuple[str, int]]:
    """The markers on ``space`` and how many: Terror (1.6.3), Sabotage (3.3.4), FARC Zone
    (4.3.2), Shipments (4.5.3), in that order. Every marker formatter of the interfaces
    (:func:`markers`, :func:`space_detail`, the board table's) words this list."""
    out = []
    if state.terror[space]:
        out.append((TERROR, state.terror[space]))
    if state.sabotage[space]:
        out.append((SABOTAGE, 1))
    if state.farc_zone[space]:
        out.append((FARC_ZONE, 1))
    ships = len(state.shipments_at(space))
    if ships:
        out.append((SHIPMENTS, ships))
    return out


MarkerWords = dict[str, Callable[[int], str]]


def marker_words(state: GameState, space: int, words: MarkerWords) -> list[str]:
    """The markers of :func:`markers_present` that ``words`` names, each worded by it."""
    return [words[kind](n) for kind, n in markers_present(state, space) if kind in words]


#: the board table's words: ``Terror2 Sabotage Zone Ship2``
BOARD_MARKERS: MarkerWords = {
    TERROR: lambda n: f"Terror{n}" if n > 1 else "Terror",
    SABOTAGE: lambda n: "Sabotage",
    FARC_ZONE: lambda n: "Zone",
    SHIPMENTS: lambda n: f"Ship{n}" if n > 1 else "Ship",
}


def markers(state: GameState, space: int) -> str:
    return " ".join(marker_words(state, space, BOARD_MARKERS))


BOARD_COLUMNS = ("Space", "Type", "Pop", "Econ", "Support", "Ctrl", "Govt", "FARC", "AUC",
                 "Cartels", "Markers")


def space_row(state: GameState, space: int) -> tuple[str, ...]:
    """A board table row: name, type, Pop, Econ, Support, Control, pieces, markers.

    Pieces as :func:`pieces_short` writes them (``2T1P1B``, ``1g2G1B``), ``-`` for none."""
    s = MAP[space]
    support = "" if not s.is_populated else SUPPORT_SHORT[state.support[space]]
    return (
        s.full_name,
        KIND_LABEL[s.kind],
        str(s.pop) if not s.is_loc else "",
        str(s.econ) if s.is_loc else "",
        support,
        control_label(state, space),
        govt_cell(state, space),
        *(pieces_short(state, space, f) or "-" for f in INSURGENTS),
        markers(state, space),
    )


_DETAIL_MARKERS: MarkerWords = {
    TERROR: lambda n: f"Terror markers: {n}",
    SABOTAGE: lambda n: "Sabotaged",
    FARC_ZONE: lambda n: "FARC Zone",
}


def space_detail(state: GameState, space: int) -> list[str]:
    """Everything about one space, one fact a line."""
    s = MAP[space]
    kind = KIND_LABEL[s.kind] if s.kind != "department" else "Department"
    head = f"{s.full_name} ({kind}"
    if s.terrain:
        head += f", {s.terrain.capitalize()}"
    if s.is_loc:
        head += f", {s.loc_type or 'LoC'}, Econ {s.econ}"
    else:
        head += f", Pop {s.pop}"
    head += ")"
    lines = [head]
    if s.is_populated:
        lines.append(f"Support: {SUPPORT_LABELS[state.support[space]]}")
    if not s.is_loc:
        c = state.controller(space)
        lines.append(f"Control: {'none' if c is None else c.label}")
    lines.append(
        # each count agreeing with its noun ('1 Active Guerrilla, 1 Base', issue 43)
        f"Government: {counted(state.troops(space), 'Troops')}, "
        f"{counted(state.police(space), 'Police')}, "
        f"{counted(state.bases(space, Faction.GOVT), 'Base')}"
    )
    for f in INSURGENTS:
        lines.append(
            f"{f.label}: {counted(state.underground(space, f), 'Underground Guerrilla')}, "
            f"{counted(state.active(space, f), 'Active Guerrilla')}, "
            f"{counted(state.bases(space, f), 'Base')}"
        )
    for label in _shipments(state, space):
        lines.append(f"Shipment held by {label}")
    lines += marker_words(state, space, _DETAIL_MARKERS)  # Shipments: by holder, above
    lines.append(f"Adjacent: {names(s.adjacent)}")
    return lines


# ======================================================================================
# tracks
# ======================================================================================
def eligibility_line(state: GameState) -> str:
    eligible = [f.label for f in Faction if state.eligible[f]]
    ineligible = [f.label for f in Faction if not state.eligible[f]]
    line = f"Eligible: {', '.join(eligible) or '-'}"
    if ineligible:
        line += f"; Ineligible: {', '.join(ineligible)}"
    return line


def tracks_lines(state: GameState, cards: PublicCards | None = None) -> list[str]:
    """The tracks panel: Resources, Aid, totals, margins, lasting Events, cards, as far
    as ``cards`` shows them (:func:`tui.table_deck.public_cards`; by default a solo
    game's): no unnamed card, no count to the next Propaganda card unless the deck is
    open."""
    cards = cards if cards is not None else solo_cards(state)
    m = state.victory_margins()
    lines = [
        "Resources: " + ", ".join(f"{f.label} {state.resources[f]}" for f in Faction),
        f"Aid {state.aid}   El Presidente {PRESIDENTS[state.president]}",
        f"Total Support {state.total_support()}   Opposition+Bases "
        f"{state.opposition_plus_bases()}",
        "Margins: " + ", ".join(f"{f.label} {m[f]:+d}" for f in Faction),
    ]
    if state.capabilities:
        lines.append(
            "Capabilities: "
            + ", ".join(f"{CARDS[c].title} ({s})" for c, s in sorted(state.capabilities.items()))
        )
    if state.momentum:
        lines.append("Momentum: " + ", ".join(CARDS[c].title for c in state.momentum))
    lines.append(eligibility_line(state))
    lines.append(f"Card {current_card_title(state, cards)}; next "
                 f"{next_card_title(state, cards)}")
    lines.append(propaganda_line(state, cards))
    return lines


def whose_turn(state: GameState, cards: PublicCards | None = None) -> str:
    """'Government to decide: 1st Eligible on #12 Plan Colombia' and the like; at the
    table, before it names the card face up, nobody (the card's Faction order would
    tell it)."""
    f = sequence.to_move(state)
    if state.phase == "over":
        return "The game is over"
    if cards is not None and cards.current_unnamed:
        return "The table names the card turned face up"
    if f is None:
        return "Nobody to move"
    who = faction_name(state, f)
    if state.seats[f] is None and who == f.label:
        who += " (Non-player)"
    if state.phase == "propaganda":
        return f"Propaganda Round: {who} decides {state.step.get('phase')}"
    position = ["1st", "2nd"][sequence.position(state) - 1]
    return f"{who}: {position} Eligible on {card_title(state.current_card)}"


# ======================================================================================
# differences between two states
# ======================================================================================
def _pieces_change(before: GameState, after: GameState, space: int) -> list[str]:
    out = []
    for f in Faction:
        if f is Faction.GOVT:
            kinds = (Piece.TROOPS, Piece.POLICE, Piece.GOVT_BASE)
        else:
            kinds = (UNDERGROUND_OF[f], ACTIVE_OF[f], BASE_OF[f])
        old = [before.count(space, k) for k in kinds]
        new = [after.count(space, k) for k in kinds]
        if old == new:
            continue
        if f is Faction.GOVT:
            parts = [f"{label} {o} -> {n}" for label, o, n in
                     zip(("Troops", "Police", "Bases"), old, new) if o != n]
            out.append("Government " + ", ".join(parts))
            continue
        g_old, g_new = old[:2], new[:2]
        if g_old != g_new:
            out.append(f"{f.label} Guerrillas {_ua(g_old)} -> {_ua(g_new)}")
        if old[2] != new[2]:
            out.append(f"{f.label} Bases {old[2]} -> {new[2]}")
    return out


def _ua(counts: list[int]) -> str:
    u, a = counts
    if not u and not a:
        return "none"
    parts = []
    if u:
        parts.append(f"{u} Underground")
    if a:
        parts.append(f"{a} Active")
    return ", ".join(parts)


def _shipments(state: GameState, space: int) -> list[str]:
    """The holders of the Shipments in ``space`` (4.5.3), by name, sorted."""
    held = [state.shipments[i] for i in state.shipments_at(space)]
    return sorted(Faction(s[1]).label for s in held if s is not None)


def changes(before: GameState, after: GameState, totals: bool = True) -> list[str]:
    """What differs between ``before`` and ``after``, one line per space or track
    (``totals`` False: without the derived Total Support and Opposition + Bases)."""
    lines: list[str] = []
    for s in MAP.spaces:
        i = s.id
        parts = _pieces_change(before, after, i)
        if before.support[i] != after.support[i]:
            parts.append(f"{SUPPORT_LABELS[before.support[i]]} -> "
                         f"{SUPPORT_LABELS[after.support[i]]}")
        if before.terror[i] != after.terror[i]:
            parts.append(f"Terror {before.terror[i]} -> {after.terror[i]}")
        if before.sabotage[i] != after.sabotage[i]:
            parts.append("Sabotage placed" if after.sabotage[i] else "Sabotage removed")
        if before.farc_zone[i] != after.farc_zone[i]:
            parts.append("FARC Zone placed" if after.farc_zone[i] else "FARC Zone removed")
        ship_b, ship_a = _shipments(before, i), _shipments(after, i)
        if ship_b != ship_a:
            old, new = ", ".join(ship_b) or "none", ", ".join(ship_a) or "none"
            parts.append(f"Shipments {old} -> {new}")
        if before.in_play(i) != after.in_play(i):
            parts.append("now a space in play" if after.in_play(i) else "no longer in play")
        if parts:
            lines.append(f"{space_name(i)}: " + "; ".join(parts))
    lines.extend(track_changes(before, after, totals))
    return lines


def track_changes(before: GameState, after: GameState, totals: bool = True) -> list[str]:
    """Changes to the tracks and cards only (Resources, Aid, President, lasting Events,
    Eligibility, totals, cards)."""
    lines: list[str] = []
    for f in Faction:
        if before.resources[f] != after.resources[f]:
            lines.append(f"{f.label} Resources {before.resources[f]} -> {after.resources[f]}")
    if before.aid != after.aid:
        lines.append(f"Aid {before.aid} -> {after.aid}")
    if before.president != after.president:
        lines.append(f"El Presidente {PRESIDENTS[before.president]} -> "
                     f"{PRESIDENTS[after.president]}")
    for card in sorted(set(before.capabilities) | set(after.capabilities)):
        old, new = before.capabilities.get(card), after.capabilities.get(card)
        if old != new:
            lines.append(f"Capability {CARDS[card].title}: {old or 'none'} -> {new or 'none'}")
    for card in after.momentum:
        if card not in before.momentum:
            lines.append(f"Momentum {CARDS[card].title} in play")
    for card in before.momentum:
        if card not in after.momentum:
            lines.append(f"Momentum {CARDS[card].title} discarded")
    for f in Faction:
        if before.eligible[f] != after.eligible[f]:
            lines.append(f"{f.label} {'Eligible' if after.eligible[f] else 'Ineligible'}")
    if totals and before.total_support() != after.total_support():
        lines.append(f"Total Support {before.total_support()} -> {after.total_support()}")
    if totals and before.opposition_plus_bases() != after.opposition_plus_bases():
        lines.append(f"Opposition + Bases {before.opposition_plus_bases()} -> "
                     f"{after.opposition_plus_bases()}")
    if before.current_card != after.current_card:
        lines.append(f"Card {card_title(before.current_card)} -> {card_title(after.current_card)}")
    return lines


# ======================================================================================
# narration of a decision (andean demo, the game report)
# ======================================================================================
def _strip_label(line: str, labels: Iterable[str], verb: bool = False) -> str:
    """``line`` without a leading 'Label: ' (``verb``: or 'Label ', as in 'Redeploy 1
    Troops from ...' under the heading Redeploy)."""
    for label in labels:
        if line.startswith(f"{label}: "):
            return line[len(label) + 2:]
        if verb and line.startswith(f"{label} "):
            return line[len(label) + 1:]
    return line


def report_summary(faction: str, name: str, report: list[str], limit: int = 6) -> str:
    """The engine's report lines of one decision under its label said once: the
    label the lines repeat is dropped ('Agitation: shift ...'), so is the Faction
    named as the subject ('AUC free Rally' under 'AUC:'), a line that details the one
    before is joined to it ('free Rally in Cali: place 1 AUC Guerrilla'), and repeated
    lines are counted ('shift Cesar-La Guajira toward Active Opposition (3 times)')."""
    labels = (f"{faction} {name}", name)
    texts: list[str] = []
    for line in report:
        text = _strip_label(line, labels, verb=True)
        subject = f"{faction} "  # 'AUC free Rally in ...' under the line 'AUC: ...'
        if text.startswith(subject) and text[len(subject):len(subject) + 1].islower():
            text = text[len(subject):]
        head, _, rest = text.partition(": ")
        if texts and rest and texts[-1].endswith(head):
            # the line goes on with what the line before announced: 'free Rally in
            # Cali' + 'Rally in Cali: place 1 AUC Guerrilla' is one Rally
            texts[-1] = f"{texts[-1]}: {rest}"
            continue
        texts.append(text)
    counted: dict[str, int] = {}
    for text in texts:
        counted[text] = counted.get(text, 0) + 1
    parts = [text if n == 1 else f"{text} ({n} times)" for text, n in counted.items()]
    more = len(parts) - limit
    return "; ".join(parts[:limit]) + (f"; and {more} more" if more > 0 else "")


def reason(faction: str, trace: list[str]) -> str:
    """The last reason of a decision's trace, without the Faction's name: why a
    Faction Passed ('no rule found an Operation worth more (2.3.3)')."""
    for line in reversed(trace):
        text = line.split(": ", 1)[1] if line.startswith(f"{faction}: ") else line
        if text.startswith("Pass") and ": " in text:
            text = text.split(": ", 1)[1]
        if text:
            return text
    return ""


def game_turn_line(turn: Turn) -> str:
    """One line for a decision of a game (:func:`turn_line`): 'Government: Train in
    Cali, Ibagué & Pereira; Eradicate in Putumayo-Caquetá'."""
    return turn_line(turn.faction, turn.kind, turn.command, turn.card, turn.report)


def turn_line(faction: str, kind: str, cmd: Any, card: int | None,
              report: list[str]) -> str:
    """One line for a decision, each label once, from the command and the engine's
    report (the same for a game as played and as rebuilt from its save): 'AUC: Rally
    in Antioquia-Bolívar; Extort in Atlántico-Magdalena', 'Government: Pass: +3
    Resources (2.3.3)', 'FARC: Agitation: shift Cesar-La Guajira toward Active
    Opposition (3 times)', 'Cartels: Event, shaded text of #18 NSPD-18: "..."'."""
    name = str(getattr(cmd, "name", ""))
    if kind == "event":
        side = str(getattr(cmd, "side", ""))
        printed = CARDS[card].text(side) if card is not None else None
        quote = f': "{printed}"' if printed is not None else ""
        word = CARDS[card].side_word(side) if card is not None else side
        what = f"{word} text of " if word else ""
        return f"{faction}: Event, {what}{card_title(card)}{quote}"
    if getattr(cmd, "op", None) is not None:
        return f"{faction}: {operation_text(cmd, kind == 'limited_operation')}"
    if kind == "pass":
        name = "Pass"
    if report:
        return f"{faction}: {name}: {report_summary(faction, name, report)}"
    return f"{faction}: {name}: no effect"


def after_turn(before: GameState, entry: dict) -> GameState:
    """The state right after one logged command, before the card ends: the command is
    replayed on a copy of ``before`` with the dice it rolled and stopped right after the
    turn (``stop_after_turn``), so ``step`` still says who acted and what Events set."""
    from core.commands import from_json
    from core.dice import ScriptedDice
    from core.game import execute

    state = before.clone()
    execute(state, from_json(entry["command"]),
            ScriptedDice([v for _, v in entry.get("rolls", [])]), stop_after_turn=True)
    return state


def command_changes(before: GameState, entry: dict) -> list[str]:
    """What one logged command itself changed on the board and the tracks (an Event
    entry lists the Event's own effects, not the card's end or the next Round's
    automatic phases); derived totals left out."""
    return changes(before, after_turn(before, entry), totals=False)


def ineligible_line(state: GameState, previous: GameState | None) -> str:
    """Who sits out the card now face up, and why (2.3.7), in the card's Faction order:
    'Ineligible (2.3.7): FARC executed the Event on #7 7th Special Forces; AUC executed
    an Operation on #7 7th Special Forces'. ``state`` is the position at the card's
    first decision, ``previous`` the position right after the last decision of the card
    before (:func:`after_turn`; None: not known). '' when every Faction is Eligible."""
    out = []
    card_now = state.current_card
    order = CARDS[card_now].faction_order if card_now is not None else ()
    forced: dict[int, bool] = {}
    acted: dict[int, str] = {}
    last = ""
    if previous is not None and previous.phase == "card":
        forced = {int(k): bool(v) for k, v in previous.step.get("eligible_next", {}).items()}
        acted = {int(a[0]): str(a[1]) for a in previous.step.get("acted", [])}
        last = card_title(previous.current_card)
    for f in order or tuple(Faction):
        if state.eligible[f]:
            continue
        if forced.get(int(f)) is False:
            out.append(f"{f.label} made Ineligible by the Event of {last}")
        elif int(f) in acted:
            what = "the Event" if acted[int(f)] == "event" else "an Operation"
            out.append(f"{f.label} executed {what} on {last}")
        else:
            out.append(f.label)
    return ("Ineligible (2.3.7): " + "; ".join(out)) if out else ""


def phase_line(phase: str, line: str) -> str:
    """A Propaganda report line under its phase, the phase's name said once: '6.6 Reset:
    all Factions Eligible, ...' (the engine's line begins 'Reset: ...')."""
    name = phase.split(" ", 1)[-1]
    return f"{phase}: {_strip_label(line, (name,))}"


def card_without_decision(previous: GameState, card: int) -> tuple[GameState, str]:
    """An Event card on which nobody could decide (every Faction Ineligible, 2.3.2):
    the position at that card (Eligibility adjusted after ``previous``, the position
    right after the card before's last decision, 2.3.7) and the line saying who sat
    it out and why."""
    state = previous.clone()
    sequence.end_card(state)
    state.current_card = card
    state.step = sequence.fresh_card_step()
    return state, ineligible_line(state, previous)
