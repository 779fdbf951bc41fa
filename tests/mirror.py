"""A second board that knows only the printed instructions (issue 31 item 2).

:class:`Mirror` is the table: it starts from the engine's set-up board, and afterwards
learns nothing but the text of the numbered steps the assistant prints. :meth:`apply`
parses each step back (its own regular expressions, written from the words a person
reads, not from :mod:`tui.board_changes`) and carries it out on its own board;
:meth:`differences` compares that board with the engine's. A step it cannot read is a
failure too: the table could not have carried it out either.

What the table's board holds, and so what is compared: every piece by space, kind and
side; Support/Opposition; Terror, Sabotage and FARC Zone markers; Shipments (space and
the Faction holding each); the Control markers (1.8); spaces in play; Guerrillas out of
the game; Resources, Aid, the Total Support and Opposition + Bases markers (1.9), El
Presidente; Capabilities and Momentum beside the board; the Eligibility cylinders; the
card face up.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from core.cards import CARDS
from core.map import MAP, space_name
from core.pieces import Faction, Piece
from core.state import PRESIDENTS, SUPPORT_LABELS, GameState

_SPACE = {space_name(s.id): s.id for s in MAP.spaces}
_FACTION = {f.label: f for f in Faction}
_SUPPORT = {v: k for k, v in SUPPORT_LABELS.items()}
_PRESIDENT = {name: i for i, name in enumerate(PRESIDENTS)}

#: a piece as a person reads it: "1 Underground FARC Guerrilla", "2 Troops", "1 AUC Base"
_PIECE = re.compile(
    r"(\d+) (Troops|Police|Government Bases?|(Underground|Active) (FARC|AUC|Cartels) "
    r"Guerrillas?|(FARC|AUC|Cartels) Bases?)(?: cubes?)?")
_KIND = {
    ("Troops",): Piece.TROOPS, ("Police",): Piece.POLICE, ("Government Base",): Piece.GOVT_BASE,
    ("Underground", "FARC"): Piece.FARC_UNDERGROUND, ("Active", "FARC"): Piece.FARC_ACTIVE,
    ("Underground", "AUC"): Piece.AUC_UNDERGROUND, ("Active", "AUC"): Piece.AUC_ACTIVE,
    ("Underground", "Cartels"): Piece.CARTELS_UNDERGROUND,
    ("Active", "Cartels"): Piece.CARTELS_ACTIVE,
    ("FARC Base",): Piece.FARC_BASE, ("AUC Base",): Piece.AUC_BASE,
    ("Cartels Base",): Piece.CARTELS_BASE,
}
_FLIPPED = {Piece.FARC_UNDERGROUND: Piece.FARC_ACTIVE, Piece.AUC_UNDERGROUND: Piece.AUC_ACTIVE,
            Piece.CARTELS_UNDERGROUND: Piece.CARTELS_ACTIVE}
_FLIPPED.update({v: k for k, v in list(_FLIPPED.items())})


def _pieces(text: str) -> list[tuple[Piece, int]]:
    """'1 Underground AUC Guerrilla and 2 Active AUC Guerrillas' as (kind, n) pairs; the
    whole text must be read (ValueError otherwise)."""
    out = []
    rest = text
    for m in _PIECE.finditer(text):
        n, noun, side, faction, base_faction = m.groups()
        if side:
            kind = _KIND[(side, faction)]
        elif base_faction:
            kind = _KIND[(f"{base_faction} Base",)]
        else:
            kind = _KIND[(noun.rstrip("s") if noun.startswith("Government") else noun,)]
        out.append((kind, int(n)))
        rest = rest.replace(m.group(0), "", 1)
    if not out or rest.replace(",", "").replace("and", "").strip():
        raise ValueError(f"pieces not understood: {text!r}")
    return out


def _card(text: str) -> int:
    m = re.match(r"#(\d+) (.*)$", text)
    if not m or CARDS[int(m.group(1))].title != m.group(2):
        raise ValueError(f"card not understood: {text!r}")
    return int(m.group(1))


@dataclass
class Mirror:
    """The table's board, kept from the printed steps alone."""

    pieces: list[list[int]]
    support: list[int]
    terror: list[int]
    sabotage: list[int]
    zone: list[int]
    control: list[Faction | None]
    shipments: Counter
    in_play: list[bool]
    out_of_game: list[int]
    resources: list[int]
    aid: int
    total_support: int
    opp_bases: int
    president: int
    capabilities: dict[int, str]
    momentum: set[int]
    eligible: list[bool]
    card: int | None
    steps_read: int = 0
    log: list[str] = field(default_factory=list)

    @classmethod
    def of(cls, state: GameState) -> Mirror:
        """The board set up as ``state`` shows it (the set-up the table copied)."""
        n = len(MAP)
        return cls(
            [state.row(s) for s in range(n)], state.support[:], state.terror[:],
            state.sabotage[:], state.farc_zone[:],
            [None if MAP[s].is_loc else state.controller(s) for s in range(n)],
            _shipments(state), [state.in_play(s) for s in range(n)],
            state.removed_from_game[:], state.resources[:], state.aid,
            state.total_support(), state.opposition_plus_bases(), state.president,
            dict(state.capabilities), set(state.momentum), state.eligible[:],
            state.current_card)

    # --- the table reads its instructions ------------------------------------------
    def apply(self, lines: list[str]) -> None:
        """Carry out the printed, numbered steps ``lines`` ('3. Place ...'); lines that
        are not numbered are headings and notes."""
        for line in lines:
            m = re.match(r"^\s*\d+\. (.*)$", line)
            if m is None:
                continue
            self.log.append(m.group(1))
            self.step(m.group(1))
            self.steps_read += 1

    def step(self, text: str) -> None:  # noqa: C901 - one branch per kind of step
        sp = "(?P<space>.+?)"
        m = re.fullmatch(rf"Place (?P<what>.+) in {sp}", text)
        if m and not m["what"].startswith(("a ", "an ")) and "Terror" not in m["what"]:
            for kind, n in _pieces(m["what"]):
                self.pieces[_SPACE[m["space"]]][kind] += n
            return
        m = re.fullmatch(rf"Remove (?P<what>.+) from {sp}", text)
        if m and not m["what"].startswith("the ") and "Terror" not in m["what"]:
            for kind, n in _pieces(m["what"]):
                self.take(_SPACE[m["space"]], kind, n)
            return
        m = re.fullmatch(rf"In {sp}, replace (?P<old>.+) with (?P<new>.+)", text)
        if m and "Control marker" not in text:
            s = _SPACE[m["space"]]
            for kind, n in _pieces(m["old"]):
                self.take(s, kind, n)
            for kind, n in _pieces(m["new"]):
                self.pieces[s][kind] += n
            return
        m = re.fullmatch(rf"Move (?P<what>.+) from {sp} to (?P<to>.+?)"
                         r"(?:, flipping (?:it|them) (?P<side>Active|Underground))?", text)
        if m and not m["what"].startswith("the "):
            src, dst = _SPACE[m["space"]], _SPACE[m["to"]]
            for kind, n in _pieces(m["what"]):
                self.take(src, kind, n)
                landed = kind
                if m["side"] and not kind.name.endswith(m["side"].upper()):
                    landed = _FLIPPED[kind]
                self.pieces[dst][landed] += n
            return
        m = re.fullmatch(rf"In {sp}, flip (?P<what>.+) to (?P<side>Active|Underground)", text)
        if m:
            s = _SPACE[m["space"]]
            for kind, n in _pieces(m["what"]):
                self.take(s, kind, n)
                self.pieces[s][_FLIPPED[kind]] += n
            return
        if self.marker_step(text) or self.track_step(text):
            return
        raise ValueError(f"the table cannot carry out: {text!r}")

    def take(self, space: int, kind: Piece, n: int) -> None:
        if self.pieces[space][kind] < n:
            raise ValueError(f"no {n} {kind.label} in {space_name(space)} to take")
        self.pieces[space][kind] -= n

    def marker_step(self, text: str) -> bool:  # noqa: C901
        sp = "(?P<space>.+?)"
        if m := re.fullmatch(rf"Place (?P<n>\d+) Terror markers? in {sp}", text):
            self.terror[_SPACE[m["space"]]] += int(m["n"])
        elif m := re.fullmatch(rf"Remove (?P<n>\d+) Terror markers? from {sp}", text):
            self.terror[_SPACE[m["space"]]] -= int(m["n"])
        elif m := re.fullmatch(rf"Place a Sabotage marker on {sp}", text):
            self.sabotage[_SPACE[m["space"]]] = 1
        elif m := re.fullmatch(rf"Remove the Sabotage marker from {sp}", text):
            self.sabotage[_SPACE[m["space"]]] = 0
        elif m := re.fullmatch(rf"Place a FARC Zone marker in {sp}", text):
            self.zone[_SPACE[m["space"]]] = 1
        elif m := re.fullmatch(rf"Remove the FARC Zone marker from {sp}", text):
            self.zone[_SPACE[m["space"]]] = 0
        elif m := re.fullmatch(rf"Set {sp} to (?P<level>[A-Za-z ]+) \(was (?P<was>[A-Za-z ]+)\)",
                               text):
            if m["space"] not in _SPACE:
                return False
            self.support[_SPACE[m["space"]]] = _SUPPORT[m["level"]]
        elif m := re.fullmatch(rf"Place a (?P<f>Government|FARC) Control marker in {sp}", text):
            self.control[_SPACE[m["space"]]] = _control(m["f"])
        elif m := re.fullmatch(rf"Remove the (?P<f>Government|FARC) Control marker from {sp}",
                               text):
            s = _SPACE[m["space"]]
            assert self.control[s] is _control(m["f"]), text
            self.control[s] = None
        elif m := re.fullmatch(rf"In {sp}, replace the (?P<f>Government|FARC) Control marker "
                               r"with a (?P<g>Government|FARC) Control marker", text):
            self.control[_SPACE[m["space"]]] = _control(m["g"])
        elif m := re.fullmatch(r"Place a Shipment under an? (?P<f>\w+) Guerrilla in "
                               rf"{sp}", text):
            self.shipments[(_SPACE[m["space"]], _FACTION[m["f"]])] += 1
        elif m := re.fullmatch(rf"Remove the Shipment held by (?P<f>\w+) in {sp}", text):
            self._unship(_SPACE[m["space"]], _FACTION[m["f"]])
        elif m := re.fullmatch(rf"In {sp}, pass the Shipment held by (?P<f>\w+) to an? "
                               r"(?P<g>\w+) Guerrilla", text):
            s = _SPACE[m["space"]]
            self._unship(s, _FACTION[m["f"]])
            self.shipments[(s, _FACTION[m["g"]])] += 1
        elif m := re.fullmatch(rf"Move the Shipment held by (?P<f>\w+) in {sp} to an? "
                               r"(?P<g>\w+) Guerrilla in (?P<to>.+)", text):
            self._unship(_SPACE[m["space"]], _FACTION[m["f"]])
            self.shipments[(_SPACE[m["to"]], _FACTION[m["g"]])] += 1
        elif m := re.fullmatch(rf"{sp} is now a space in play", text):
            self.in_play[_SPACE[m["space"]]] = True
        elif m := re.fullmatch(rf"{sp} is no longer in play", text):
            self.in_play[_SPACE[m["space"]]] = False
        elif m := re.fullmatch(r"Set (?P<n>\d+) (?P<f>\w+) Guerrillas? aside from Available: "
                               r"removed from the game", text):
            self.out_of_game[_FACTION[m["f"]]] += int(m["n"])
        elif m := re.fullmatch(r"Return (?P<n>\d+) (?P<f>\w+) Guerrillas? removed from the "
                               r"game to Available", text):
            self.out_of_game[_FACTION[m["f"]]] -= int(m["n"])
        else:
            return False
        return True

    def _unship(self, space: int, f: Faction) -> None:
        if not self.shipments[(space, f)]:
            raise ValueError(f"no Shipment held by {f.label} in {space_name(space)}")
        self.shipments[(space, f)] -= 1

    def track_step(self, text: str) -> bool:  # noqa: C901
        if m := re.fullmatch(r"Set (?P<f>\w+) Resources to (?P<n>\d+) \(was \d+\)", text):
            self.resources[_FACTION[m["f"]]] = int(m["n"])
        elif m := re.fullmatch(r"Set Aid to (?P<n>\d+) \(was \d+\)", text):
            self.aid = int(m["n"])
        elif m := re.fullmatch(r"Move the Total Support marker to (?P<n>\d+) \(was \d+\)", text):
            self.total_support = int(m["n"])
        elif m := re.fullmatch(r"Move the Opposition \+ Bases marker to (?P<n>\d+) \(was \d+\)",
                               text):
            self.opp_bases = int(m["n"])
        elif m := re.fullmatch(r"Set El Presidente to (?P<p>\w+) \(was \w+\)", text):
            self.president = _PRESIDENT[m["p"]]
        elif (m := re.fullmatch(r"Put (?P<c>#.+) by the board as a Capability, (?P<s>\w+) "
                                r"side up", text)) or \
                (m := re.fullmatch(r"Turn the Capability (?P<c>#.+) (?P<s>\w+) side up", text)):
            self.capabilities[_card(m["c"])] = m["s"]
        elif m := re.fullmatch(r"Discard the Capability (?P<c>#.+)", text):
            del self.capabilities[_card(m["c"])]
        elif m := re.fullmatch(r"Put (?P<c>#.+) by the board as Momentum \(until the next "
                               r"Reset\)", text):
            self.momentum.add(_card(m["c"]))
        elif m := re.fullmatch(r"Discard the Momentum (?P<c>#.+)", text):
            self.momentum.remove(_card(m["c"]))
        elif m := re.fullmatch(r"Move the (?P<f>\w+) cylinder to the (?P<box>Eligible|"
                               r"Ineligible) box", text):
            self.eligible[_FACTION[m["f"]]] = m["box"] == "Eligible"
        elif re.fullmatch(r"(Make|Set) the next card.*turn the (top card|card under it) "
                          r"face up and name it when asked", text):
            self.card = UNNAMED  # the table turns it: the program learns it when named
        elif re.fullmatch(r"Set the next card, #.+?, aside without a Propaganda Round "
                          r"\(6\.0.*turn the card under it face up as the card face up.*",
                          text):
            self.card = UNNAMED  # face down when the step was written: never named
        elif m := re.fullmatch(r"Make the next card, (?P<c>#.+?), the card face up"
                               r"(; then turn .*| \(the deck is empty\))", text):
            self.card = _card(m["c"])
        elif (m := re.fullmatch(r"Put (?P<c>#.+) face up again, and (?P<d>#.+|the card "
                                r"turned face up \(not named yet\)) back on top "
                                r"of the deck", text)) or \
                (m := re.fullmatch(r"Put (?P<c>#.+?) face up again; put back on top of the "
                                   r"deck (?P<d>#.+?|the card turned face up \(not named "
                                   r"yet\)), then .+ is the next card again", text)):
            # (a card the table turned and has not named: whatever the mirror holds)
            assert not m["d"].startswith("#") or self.card == _card(m["d"]), text
            self.card = _card(m["c"])
        elif m := re.fullmatch(r"Put (?P<c>#.+) on the played pile", text):
            self.card = None
        elif text == ("Advance the Prop Card marker through the Round's phases as each is "
                      "done (2.2)"):
            pass  # the Sequence of Play track's Propaganda marker: no piece, no track
        else:
            return False
        return True

    # --- the comparison ------------------------------------------------------------
    def differences(self, state: GameState) -> list[str]:
        """Where this board and the engine's differ (empty: none)."""
        other = Mirror.of(state)
        out = []
        for name in ("pieces", "support", "terror", "sabotage", "zone", "control",
                     "in_play", "out_of_game", "resources", "aid", "total_support",
                     "opp_bases", "president", "capabilities", "momentum", "eligible",
                     "card"):
            mine, theirs = getattr(self, name), getattr(other, name)
            if name == "card" and mine == UNNAMED:
                continue  # turned at the table, not named yet (tui.table_deck)
            if mine != theirs:
                if isinstance(mine, list) and len(mine) == len(MAP):
                    where = [f"{space_name(s)}: table {mine[s]}, engine {theirs[s]}"
                             for s in range(len(MAP)) if mine[s] != theirs[s]]
                    out.append(f"{name}: " + "; ".join(where))
                else:
                    out.append(f"{name}: table {mine}, engine {theirs}")
        if +self.shipments != +other.shipments:
            out.append(f"shipments: table {+self.shipments}, engine {+other.shipments}")
        return out


#: the card face up is one the table turned and has not named yet (assist)
UNNAMED = -1


def _control(word: str) -> Faction:
    return Faction.GOVT if word == "Government" else Faction.FARC


def _shipments(state: GameState) -> Counter:
    return Counter((s[0], Faction(s[1])) for s in state.shipments if s is not None)
