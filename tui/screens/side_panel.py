"""The side panel of the play and assist screens, in the width the board leaves it: the
tracks (Resources, Aid, El Presidente, totals, victory margins, lasting Events,
Eligibility, the next card, Propaganda), then the Available Forces
(:mod:`tui.available`). Wide, the lines of :func:`tui.describe.tracks_lines`; narrow
(80 columns), the same facts packed without breaking a name, so the margins, the
Eligibility and the cards stay on screen at 80x24 (issue 24 item 4)."""

from __future__ import annotations

from core.cards import CARDS
from core.pieces import Faction
from core.state import PRESIDENTS, GameState
from tui import describe
from tui.available import LETTER, LETTERS_BELOW, SHORT, available_lines
from tui.table_deck import PublicCards


def pack(label: str, items: list[str], width: int) -> list[str]:
    """``label`` then ``items`` comma-separated, wrapped between items: 'Margins: Govt
    -10, FARC -5,' / '  AUC -5, Cartels -33'."""
    lines = [label]
    for i, item in enumerate(items):
        sep = "," if i < len(items) - 1 else ""
        piece = f"{item}{sep}"
        if len(lines[-1]) + 1 + len(piece) > width:
            lines.append(f"  {piece}")
        else:
            lines[-1] += f" {piece}"
    return lines




def compact_tracks(state: GameState, width: int,
                   cards: PublicCards | None = None) -> list[str]:
    """The tracks in few short lines (see the module docstring); below
    :data:`LETTERS_BELOW` columns Resources and margins by Faction letter ('Resources
    G40 F10 A10 C7', as the board's pieces: G Government, F FARC, A AUC, C Cartels)."""
    m = state.victory_margins()
    if width < LETTERS_BELOW:
        lines = pack("Resources", [" ".join(f"{LETTER[f]}{state.resources[f]}"
                                            for f in Faction)], width)
        lines += pack("Margins", [" ".join(f"{LETTER[f]}{m[f]:+d}" for f in Faction)],
                      width)
    else:
        lines = pack("Resources:", [f"{SHORT[f]} {state.resources[f]}" for f in Faction],
                     width)
        lines += pack("Margins:", [f"{SHORT[f]} {m[f]:+d}" for f in Faction], width)
    lines += pack(f"Aid {state.aid};", [f"Presidente {PRESIDENTS[state.president]}"],
                  width)
    lines += pack(f"Support {state.total_support()};",
                  [f"Opp+Bases {state.opposition_plus_bases()}"], width)
    if state.capabilities:
        lines += pack("Capabilities:", [f"{CARDS[c].title} ({s[0]})" for c, s in
                                        sorted(state.capabilities.items())], width)
    if state.momentum:
        lines += pack("Momentum:", [CARDS[c].title for c in state.momentum], width)
    eligible = [SHORT[f] for f in Faction if state.eligible[f]]
    ineligible = [SHORT[f] for f in Faction if not state.eligible[f]]
    lines += pack("Eligible:", ["all"] if not ineligible else eligible or ["-"], width)
    if ineligible:
        lines += pack("Ineligible:", ineligible, width)
    lines += pack("Next:", [describe.next_card_title(state, cards)], width)
    rounds, *rest = describe.propaganda_line(state, cards, short=True).split("; ")
    lines += pack(rounds + ";", rest, width) if rest else [rounds]
    return lines


def card_lines(card: int | None, width: int) -> list[str]:
    """The current card's text for the panel under the tracks: wide, as
    :func:`tui.describe.card_text` has it; narrow, the Faction order by short names."""
    lines = describe.card_text(card)
    if card is None or CARDS[card].propaganda or len(lines[0]) <= width:
        return lines
    order = ", ".join(SHORT[f] for f in CARDS[card].faction_order)
    return [describe.card_title(card), f"Order: {order}", *lines[1:]]


def side_lines(state: GameState, width: int,
               cards: PublicCards | None = None) -> list[str]:
    """The tracks then the Available Forces in ``width`` columns, showing the cards as
    far as ``cards`` does (:func:`tui.table_deck.public_cards`)."""
    tracks = describe.tracks_lines(state, cards)
    if max(len(line) for line in tracks) > width:
        tracks = compact_tracks(state, width, cards)
    return [*tracks, *available_lines(state, width)]


__all__ = ["card_lines", "compact_tracks", "pack", "side_lines"]
