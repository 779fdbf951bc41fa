"""Typed board-editor commands and card names, for the tabletop assistant.

``parse_edit("move 2 farc guerrillas from huila to meta west")`` returns the logged
editor command (:mod:`core.game.board_editor`) that does it; :func:`find_card` reads a
card by number or unique title prefix. Bad text raises :class:`~decisions.base.InputError`
with what is wrong.
"""

from __future__ import annotations

import re

from core.cards import CARDS
from core.files import shown
from core.game import board_editor as editor
from core.game.editor import EditorCommand
from core.map import MAP
from core.pieces import ACTIVE_OF, BASE_OF, UNDERGROUND_OF, Faction, Piece
from core.state import PRESIDENTS, SUPPORT_LABELS
from decisions.base import InputError, fold

EDIT_HELP = """\
Board editor (each change is logged, so the save still replays):
  place N KIND in SPACE          e.g. place 2 farc guerrillas in huila
  remove N KIND from SPACE       e.g. remove 1 troops from bogota
  move N KIND from SPACE to SPACE
  flip N FACTION in SPACE to active|underground
  set support SPACE LEVEL        LEVEL: active support ... active opposition, or -2..2
  set terror SPACE N | set sabotage SPACE on|off | set zone SPACE on|off
  set in play ecuador|panama on|off   Ecuador or Panamá in play (1.3.5) or not
  set resources FACTION N | set aid N | set president Samper|Pastrana|Uribe
  set eligible FACTION yes|no
  shipment add SPACE FACTION | shipment remove SPACE
  capability CARD unshaded|shaded|off | momentum CARD on|off
  current CARD | next CARD       the card face up / on top of the deck
KIND: troops, police, govt base, farc|auc|cartels guerrilla(s) (add 'active' for
Active ones), farc|auc|cartels base."""


#: what a card prompt accepts, said by its refusals
CARD_NAMES = "a card is named by its number (1-76), its title or the start of its title"


def find_card(text: str, *, events_only: bool = False) -> int:
    """A card by number, exact title or unique title start (accents and case optional).
    Never a guess from a word inside a title: 'reyes' and 'yes' name no card."""
    key = fold(text).lstrip("#")
    if not key:
        raise InputError(f"name a card: {CARD_NAMES}")
    if key.isdigit():
        n = int(key) if len(key.lstrip("0")) <= 4 else 0  # (int() stops at 4,300 digits)
        if n not in CARDS:
            raise InputError(f"there is no card {shown(key)} (1-76)")
        card = n
    else:
        exact = [c for c in CARDS.values() if fold(c.title) == key]
        hits = exact or [c for c in CARDS.values() if fold(c.title).startswith(key)]
        titles = {fold(c.title) for c in hits}
        if not hits:
            raise InputError(f"{shown(repr(text.strip()))} is not a card: {CARD_NAMES}")
        if len(titles) > 1:
            hits = list({fold(c.title): c for c in reversed(hits)}.values())[::-1]  # one
            # Propaganda! for the four; never a card silently left out
            listed = hits if len(hits) <= 12 else hits[:10]
            names = ", ".join(f"#{c.number} {c.title}" for c in listed)
            if len(listed) < len(hits):
                names += f" and {len(hits) - len(listed)} more (type more of the title)"
            raise InputError(f"{shown(repr(text.strip()))} is ambiguous: {names}")
        card = hits[0].number  # the 4 Propaganda! cards share a title
    if events_only and CARDS[card].propaganda:
        raise InputError("that is a Propaganda card, not an Event card")
    return card


def find_space(text: str) -> int:
    try:
        return MAP.id_of(text.strip())
    except KeyError as err:
        # the message itself (str() of a KeyError quotes it, and stripping those quotes
        # took the closing one of "no space named 'narnia'" with them)
        raise InputError(str(err.args[0]) if err.args else str(err)) from None


def find_faction(text: str) -> Faction:
    try:
        return Faction.parse(text)
    except ValueError as err:
        raise InputError(str(err)) from None


def find_kind(text: str) -> Piece:
    """'troops', 'police', 'govt base', 'active farc guerrillas', 'auc base'..."""
    key = fold(text)
    if "troop" in key:
        return Piece.TROOPS
    if "police" in key:
        return Piece.POLICE
    faction = None
    for word in key.replace("-", " ").split():
        try:
            faction = Faction.parse(word)
            break
        except ValueError:
            continue
    if "base" in key:
        return BASE_OF[faction if faction is not None else Faction.GOVT]
    if "guerrilla" in key or "active" in key or "underground" in key:
        if faction is None or faction is Faction.GOVT:
            raise InputError("name the Guerrillas' Faction: farc, auc or cartels")
        return ACTIVE_OF[faction] if "active" in key else UNDERGROUND_OF[faction]
    raise InputError(f"unknown piece kind {text!r}: troops, police, govt base, "
                     "farc guerrillas, active auc guerrilla, cartels base...")


def _support(text: str) -> int:
    key = fold(text)
    try:
        return int(key)
    except ValueError:
        pass
    for level, label in SUPPORT_LABELS.items():
        if fold(label) == key or fold(label).startswith(key):
            return level
    raise InputError("support level: active support, passive support, neutral, passive "
                     "opposition, active opposition (or -2..2)")


def _on_off(text: str) -> int:
    key = fold(text)
    if key in ("on", "yes", "1", "y", "true"):
        return 1
    if key in ("off", "no", "0", "n", "false"):
        return 0
    raise InputError("say on or off")


def _int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise InputError(f"{text!r} is not a whole number") from None


EDIT_WORDS = ("place", "remove", "move", "flip", "set", "shipment", "capability", "momentum",
              "current", "next")


def is_edit(text: str) -> bool:
    words = fold(text).split()
    return bool(words) and words[0] in EDIT_WORDS


def parse_edit(text: str) -> EditorCommand:
    """The editor command typed as ``text`` (InputError if it cannot be read)."""
    t = " ".join(text.strip().split())
    low = fold(t)
    m = re.fullmatch(r"place (\d+) (.+?) (?:in|into|on) (.+)", low)
    if m:
        return editor.EditPieces(find_space(m.group(3)), int(find_kind(m.group(2))),
                                 _int(m.group(1)))
    m = re.fullmatch(r"remove (\d+) (.+?) from (.+)", low)
    if m:
        return editor.EditPieces(find_space(m.group(3)), int(find_kind(m.group(2))),
                                 -_int(m.group(1)))
    m = re.fullmatch(r"move (\d+) (.+?) from (.+?) to (.+)", low)
    if m:
        return editor.EditMove(find_space(m.group(3)), find_space(m.group(4)),
                               int(find_kind(m.group(2))), _int(m.group(1)))
    m = re.fullmatch(r"flip (\d+) (\w+)(?: guerrillas?)? in (.+?) (?:to )?(active|underground)",
                     low)
    if m:
        return editor.EditFlip(find_space(m.group(3)), int(find_faction(m.group(2))),
                               _int(m.group(1)), m.group(4) == "active")
    m = re.fullmatch(r"set in play (.+) (\S+)", low)
    if m:
        return editor.EditSpace(find_space(m.group(1)), "in_play", _on_off(m.group(2)))
    m = re.fullmatch(r"set (support|terror|sabotage|zone|farc zone) (.+) (\S+(?: \S+)?)", low)
    if m and m.group(1) == "support":
        # the level may be two words ('passive opposition'): try the split that reads
        words = m.group(2).split() + m.group(3).split()
        for cut in (len(words) - 2, len(words) - 1):
            if cut < 1:
                continue
            try:
                return editor.EditSpace(find_space(" ".join(words[:cut])), "support",
                                        _support(" ".join(words[cut:])))
            except InputError:
                continue
        raise InputError("set support SPACE LEVEL, e.g. set support cali passive support")
    m = re.fullmatch(r"set (terror|sabotage|zone|farc zone) (.+) (\S+)", low)
    if m:
        marker = {"terror": "terror", "sabotage": "sabotage"}.get(m.group(1), "farc_zone")
        value = _int(m.group(3)) if marker == "terror" else _on_off(m.group(3))
        return editor.EditSpace(find_space(m.group(2)), marker, value)
    m = re.fullmatch(r"set resources (\w+) (\d+)", low)
    if m:
        return editor.EditTrack("resources", _int(m.group(2)), int(find_faction(m.group(1))))
    m = re.fullmatch(r"set aid (\d+)", low)
    if m:
        return editor.EditTrack("aid", _int(m.group(1)))
    m = re.fullmatch(r"set president (\w+)", low)
    if m:
        names = [fold(p) for p in PRESIDENTS]
        if m.group(1) not in names:
            raise InputError("El Presidente is Samper, Pastrana or Uribe")
        return editor.EditTrack("president", names.index(m.group(1)))
    m = re.fullmatch(r"set eligible (\w+) (\w+)", low)
    if m:
        return editor.EditTrack("eligible", _on_off(m.group(2)), int(find_faction(m.group(1))))
    m = re.fullmatch(r"shipment add (.+) (\w+)", low)
    if m:
        return editor.EditShipment(find_space(m.group(1)), True, int(find_faction(m.group(2))))
    m = re.fullmatch(r"shipment remove (.+)", low)
    if m:
        return editor.EditShipment(find_space(m.group(1)), False)
    m = re.fullmatch(r"capability (.+) (unshaded|shaded|off)", low)
    if m:
        return editor.EditLasting(find_card(m.group(1), events_only=True), m.group(2))
    m = re.fullmatch(r"momentum (.+) (on|off)", low)
    if m:
        side = "shaded" if m.group(2) == "on" else "off"
        return editor.EditLasting(find_card(m.group(1), events_only=True), side)
    m = re.fullmatch(r"current (.+)", low)
    if m:
        return editor.SetCurrentCard(find_card(m.group(1), events_only=True))
    m = re.fullmatch(r"next (.+)", low)
    if m:
        return editor.SetNextCard(find_card(m.group(1)))
    raise InputError("cannot read that edit; type 'help edit' for the editor commands")
