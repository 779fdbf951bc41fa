"""What a command changed, as records and as the steps a table carries out (issue 31).

The physical board at a table knows only what it was told. This module is the one
description of a change every interface prints: :func:`board_changes` compares the
position before and after (pure: two :class:`~core.state.GameState`, nothing else) and
returns :class:`Change` records, complete by construction, so that carrying out every
record's step on the board of ``before`` gives the board of ``after``:

* pieces placed, removed, moved (a Guerrilla's side at both ends: a March that activates
  says so), flipped, replaced (a Rally's Base for 1 Underground and 1 Active Guerrilla),
  set aside for good (card 49 Bloques);
* the Control markers (1.8) gained and lost per space;
* Support and Opposition (1.6), Terror and Sabotage markers (3.3.4), FARC Zones (4.3.2),
  Shipments (4.5.3, with the Faction holding each), a foreign country become a space;
* Resources, Aid, the Total Support and Opposition + Bases markers on the edge track
  (1.9), El Presidente, Capabilities (5.3) and Momentum (5.4), the Eligibility cylinders
  (2.3.7) and the card turned.

:func:`step_text` words one record as an instruction ("Remove 1 Active AUC Guerrilla from
Antioquia-Bolívar"); the words are the contract: ``tests/test_mirror.py`` parses them back
and replays them on a board of its own. An undo's steps are the same records from
``after`` back to ``before`` (:func:`reverse_steps`).

The moves the turn's account tells it made (:func:`moves_made`: "N pieces ... from X to
Y") are each a move, as made. What is left over is read from the boards: when the
turn's account tells of moving
(:func:`moves_told`: a March, Sweep, Patrol, Air Lift, Redeploy, an Event's move), a
piece leaving a space and one of the same kind arriving elsewhere are a move, adjacent
spaces paired first, then the two ends of a chain (a Guerrilla marched on, a cube Air
Lifted); otherwise (a Rally, a Propaganda phase) and for what is left over, pieces are
placed or removed. On the board the two readings are the same.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from core.cards import card_title
from core.map import MAP, space_name
from core.pieces import ACTIVE_OF, BASE_OF, INSURGENTS, UNDERGROUND_OF, Faction, Piece
from core.state import PRESIDENTS, SUPPORT_LABELS, GameState
from core.words import counted, listed

# the kinds of Change, in the order the steps of one space are given
PLACE, REMOVE, REPLACE, MOVE, FLIP, OUT_OF_GAME = (
    "place", "remove", "replace", "move", "flip", "out_of_game")
SUPPORT, TERROR, SABOTAGE, ZONE, SHIPMENT, CONTROL, IN_PLAY = (
    "support", "terror", "sabotage", "zone", "shipment", "control", "in_play")
RESOURCES, AID, TOTAL_SUPPORT, OPP_BASES, PRESIDENT = (
    "resources", "aid", "total_support", "opp_bases", "president")
CAPABILITY, MOMENTUM, ELIGIBILITY, CARD = "capability", "momentum", "eligibility", "card"

#: pieces as counted by a record: ((kind, how many), ...)
Counts = tuple[tuple[Piece, int], ...]


@dataclass(frozen=True)
class Change:
    """One thing the table does. Which fields matter depends on ``kind``:

    * PLACE / REMOVE: ``pieces`` in ``space``;
    * REPLACE: ``old_pieces`` removed from ``space`` and ``pieces`` placed there;
    * MOVE: ``pieces`` (their side where they were) from ``space`` to ``to``, arriving as
      ``new`` (the side they end on: a Piece; None = as they were);
    * FLIP: ``pieces`` in ``space`` turned over (each kind to the other side);
    * OUT_OF_GAME: ``n`` Guerrillas of ``faction`` set aside for good;
    * SUPPORT, TERROR, CONTROL, SABOTAGE, ZONE, IN_PLAY: ``space`` from ``old`` to ``new``;
    * SHIPMENT: ``old`` (space, holder) or None -> ``new`` (space, holder) or None;
    * RESOURCES (``faction``), AID, TOTAL_SUPPORT, OPP_BASES, PRESIDENT, CARD: ``old`` -> ``new``;
    * CAPABILITY, MOMENTUM: ``card``, ``old`` -> ``new`` (side / True, or None);
    * ELIGIBILITY: ``faction``'s cylinder, ``new`` True for Eligible;
    * CARD: ``n`` 1 when ``new`` is a card played before (an undo takes the table back);
      ``aside``: then the cards played between the two (a rollback over several cards,
      a second Propaganda card in a row set aside without a Round, 6.0), which go back
      on the deck above ``old``, the first of them on top. Forward (``n`` 0): ``aside``
      the next card set aside without a Round (6.0), ``new`` the card that was under it
      (face down before: never named, issue 43 trial b finding 2), ``to`` 1 when a new
      next card is turned face up on the deck (0: the deck is empty).
    """

    kind: str
    space: int | None = None
    pieces: Counts = ()
    old_pieces: Counts = ()
    to: int | None = None
    faction: Faction | None = None
    n: int = 0
    card: int | None = None
    old: object = None
    new: object = None
    aside: tuple[int, ...] = ()


# ======================================================================================
# the model: records from two states
# ======================================================================================
def board_changes(before: GameState, after: GameState, order: Sequence[int] = (),
                  moves: bool = True, by_space: bool = False,
                  made: Sequence[Made] = ()) -> list[Change]:
    """Every difference between ``before`` and ``after`` a table must carry out, as
    :class:`Change` records: the spaces in ``order`` first (the order an Operation took
    them), then the rest in map order; then the tracks, the cylinders and the card.
    ``moves`` False: nothing moved (a Rally, a Propaganda phase), so pieces that left
    one space and arrived in another are said removed and placed. ``by_space``: each
    space's markers (Support, Control, Terror, a FARC Zone...) right after its pieces,
    not all the pieces first (an undo's steps, space by space). ``made``: the moves the
    command told it made (:func:`moves_made`), paired first as they were made."""
    k = len(before.pieces) // len(MAP)
    touched = {s for s in range(len(MAP))
               if before.pieces[s * k:s * k + k] != after.pieces[s * k:s * k + k]}
    spaces = [s for s in _space_order(order) if s in touched or _marked(before, after, s)]
    out: list[Change] = [Change(IN_PLAY, s, old=before.in_play(s), new=after.in_play(s))
                         for s in spaces if before.in_play(s) != after.in_play(s)]
    moved = [s for s in spaces if s in touched]
    for f in Faction:
        out += _piece_changes(before, after, f, moved, moves, made)
    rank = {s: i for i, s in enumerate(spaces)}
    out.sort(key=lambda c: rank[c.space] if c.space is not None else -1)
    markers = [c for s in spaces for c in _marker_changes(before, after, s)]
    if by_space:  # (a stable sort: each space's pieces, then its markers)
        out = sorted(out + markers, key=lambda c: rank[c.space] if c.space is not None
                     else -1)
        markers = []
    out = _removals_first(out)
    out += _out_of_game(before, after)
    out += markers
    out += _shipment_changes(before, after)
    out += track_records(before, after)
    return out


def _piece_class(kind: Piece) -> Piece:
    """The pieces of one pool of Available Forces: a Guerrilla's two sides are one
    piece (1.4.3), so both are counted as the Underground kind."""
    return UNDERGROUND_OF[kind.faction] if kind.is_guerrilla else kind


def _taken(c: Change) -> set[Piece]:
    """The pools a record takes pieces off the map to (Available Forces)."""
    if c.kind == REMOVE:
        return {_piece_class(k) for k, _ in c.pieces}
    if c.kind == REPLACE:
        return {_piece_class(k) for k, _ in c.old_pieces}
    return set()


def _given(c: Change) -> set[Piece]:
    """The pools a record places pieces on the map from."""
    if c.kind in (PLACE, REPLACE):
        return {_piece_class(k) for k, _ in c.pieces}
    return set()


def _removals_first(records: list[Change]) -> list[Change]:
    """``records`` with each removal said before any placement, earlier in the list, of
    pieces from the same pool: forces are placed only from Available (1.4.1), so a cube
    taken from one space and put in another (an Event's relocation, a Base moved by
    Cultivate, anything the boards pair as no move) is taken off first, whatever the
    order its spaces were named in (trial 43a: #58's 'Place 1 Police cube in
    Ayacucho-Sincelejo LoC' came before 'Remove 1 Police cube from Bucaramanga', the
    cube placed). A record is moved up only past records that take none of what it
    places; otherwise the order is kept."""
    out: list[Change] = []
    for c in records:
        taken = _taken(c)
        at = len(out)
        if taken:
            first = next((i for i, o in enumerate(out) if _given(o) & taken), None)
            if first is not None and not any(_taken(o) & _given(c) for o in out[first:]):
                at = first
        out.insert(at, c)
    return out


def _marked(before: GameState, after: GameState, s: int) -> bool:
    """A marker or the Support level of ``s`` changed, or whether it is in play."""
    return (before.support[s] != after.support[s] or before.terror[s] != after.terror[s]
            or before.sabotage[s] != after.sabotage[s]
            or before.farc_zone[s] != after.farc_zone[s]
            or before.in_play(s) != after.in_play(s))


def _space_order(order: Sequence[int]) -> list[int]:
    first = list(dict.fromkeys(s for s in order if 0 <= s < len(MAP)))
    return first + [s.id for s in MAP.spaces if s.id not in first]


#: a move the command told it made: (from, to, piece, how many); a Guerrilla's piece
#: is its Faction's Underground one (either side)
Made = tuple[int, int, Piece, int]
#: the words of a move in the engine's account: 'N <pieces> [move|fly] from X to Y'
#: (Sweep, Patrol, March, Air Lift, Redeploy, an Event's move or relocation)
_MOVE_WORDS = re.compile(r"\b(\d+) ([A-Z][A-Za-z ]*?) (?:move |fly )?from (.+)$")
#: a Rally's 'Rally in X: move N <pieces> in from Y'
_RALLY_MOVE = re.compile(r"Rally in (.+?): move (\d+) ([A-Z][A-Za-z ]*?) in from (.+)$")
#: the spaces, longest name first (no name is read as part of a longer one)
_BY_LENGTH = sorted(MAP.spaces, key=lambda sp: -len(space_name(sp.id)))


def spaces_named(lines: Iterable[str]) -> list[int]:
    """The spaces ``lines`` name, in the order first named (longest names first, so
    'Santa Marta' is not read as part of another name)."""
    text = "\n".join(lines)
    found: list[tuple[int, int]] = []
    for s in _BY_LENGTH:
        at = text.find(space_name(s.id))
        if at >= 0:
            found.append((at, s.id))
            text = text.replace(space_name(s.id), "#" * len(space_name(s.id)))
    return [s for _, s in sorted(found)]


def _kinds(f: Faction) -> tuple[Piece, ...]:
    if f is Faction.GOVT:
        return (Piece.TROOPS, Piece.POLICE)
    return (UNDERGROUND_OF[f], ACTIVE_OF[f])


def _other_side(kind: Piece) -> Piece:
    f = kind.faction
    return ACTIVE_OF[f] if kind == UNDERGROUND_OF[f] else UNDERGROUND_OF[f]


def _piece_changes(before: GameState, after: GameState, f: Faction,
                   spaces: list[int], moves: bool = True,
                   made: Sequence[Made] = ()) -> list[Change]:
    """One Faction's piece records: flips, moves, then what is left placed, removed or
    (the same Faction's pieces out and in one space) replaced."""
    out: list[Change] = []
    lost: dict[int, dict[Piece, int]] = {}
    gained: dict[int, dict[Piece, int]] = {}
    for s in spaces:
        d = {k: after.count(s, k) - before.count(s, k) for k in (*_kinds(f), BASE_OF[f])}
        if f is not Faction.GOVT:  # a Guerrilla that changed side in place is a flip
            u, a = UNDERGROUND_OF[f], ACTIVE_OF[f]
            up = min(max(0, -d[u]), max(0, d[a]))
            down = min(max(0, -d[a]), max(0, d[u]))
            if up:
                out.append(Change(FLIP, s, ((u, up),)))
            if down:
                out.append(Change(FLIP, s, ((a, down),)))
            d[u] += up - down
            d[a] += down - up
        lost[s] = {k: -n for k, n in d.items() if n < 0}
        gained[s] = {k: n for k, n in d.items() if n > 0}
    told = _told_moves(lost, gained, f, made)
    if moves:
        told += _moves(lost, gained, f, spaces)
    out += _merged_moves(told)
    for s in spaces:
        removed = tuple((k, n) for k, n in lost[s].items() if n)
        placed = tuple((k, n) for k, n in gained[s].items() if n)
        if removed and placed:
            out.append(Change(REPLACE, s, placed, old_pieces=removed))
        elif removed:
            out.append(Change(REMOVE, s, removed))
        elif placed:
            out.append(Change(PLACE, s, placed))
    return out


def _moves(lost: dict[int, dict[Piece, int]], gained: dict[int, dict[Piece, int]],
           f: Faction, spaces: list[int]) -> list[Change]:
    """Pieces that left a space and pieces that arrived elsewhere, paired as moves
    (``lost`` and ``gained`` are reduced by what was paired): adjacent spaces first (a
    March, a Sweep), then any two (a chain of moves, Air Lift, Redeploy); the same side
    first."""
    out: list[Change] = []
    kinds = _kinds(f)
    for near in (True, False):  # adjacent spaces first, then a chain's two ends
        out += _paired(lost, gained, f, spaces, kinds, near)
    return out


def _told_moves(lost: dict[int, dict[Piece, int]], gained: dict[int, dict[Piece, int]],
                f: Faction, made: Sequence[Made]) -> list[Change]:
    """The moves of ``f``'s pieces the command told it made, each as made (``lost`` and
    ``gained`` reduced by them), before any pairing of what is left: a Sweep's 5 Troops
    from Bogotá to Arauca-Casanare are not said to go to Huila-Tolima because the two
    Departments are both adjacent to Bogotá (issue 43 trial b finding 3). A Guerrilla
    keeps its side first. As far as the net changes of the spaces allow (a space both
    left and entered nets out): the rest is paired as before."""
    out: list[Change] = []
    for src, dst, kind, n in made:
        if kind.faction is not f or src not in lost or dst not in gained:
            continue
        if not kind.is_guerrilla:  # a cube or a Base
            pairs = [(kind, kind)]
        else:  # a Guerrilla: either side, its own side first
            u, a = UNDERGROUND_OF[f], ACTIVE_OF[f]
            pairs = [(u, u), (a, a), (u, a), (a, u)]
        for have, want in pairs:
            k = min(n, lost[src].get(have, 0), gained[dst].get(want, 0))
            if k:
                lost[src][have] -= k
                gained[dst][want] -= k
                n -= k
                out.append(Change(MOVE, src, ((have, k),), to=dst,
                                  new=None if have == want else want))
    return out




def _space_at(text: str) -> int | None:
    """The space whose name ``text`` begins with (the longest such name)."""
    return next((sp.id for sp in _BY_LENGTH if text.startswith(space_name(sp.id))), None)


def _piece_named(words: str) -> Piece | None:
    """'3 Troops cubes' -> Troops; '2 FARC Guerrillas' -> FARC's (Underground) Guerrilla;
    '1 Cartels Base' -> the Cartels Base."""
    if "Troops" in words:
        return Piece.TROOPS
    if "Police" in words:
        return Piece.POLICE
    faction = next((f for f in INSURGENTS if f.label in words.split()), None)
    if faction is None:
        return Piece.GOVT_BASE if "Government Base" in words else None
    if "Guerrilla" in words:
        return UNDERGROUND_OF[faction]
    return BASE_OF[faction] if "Base" in words else None


def moves_made(lines: Iterable[str]) -> list[Made]:
    """The moves an engine's account tells of, as :data:`Made`: what the command really
    moved, where the boards alone show only what left and what arrived."""
    out: list[Made] = []
    for line in lines:
        rally = _RALLY_MOVE.search(line)
        if rally:
            dst, piece = _space_at(rally.group(1)), _piece_named(rally.group(3))
            src = _space_at(rally.group(4))
            if None not in (dst, piece, src):
                out.append((src, dst, piece, int(rally.group(2))))  # type: ignore[arg-type]
            continue
        for m in _MOVE_WORDS.finditer(line):
            piece, src = _piece_named(m.group(2)), _space_at(m.group(3))
            if piece is None or src is None:
                continue
            rest = m.group(3)[len(space_name(src)):]
            dst = _space_at(rest[len(" to "):]) if rest.startswith(" to ") else None
            if dst is not None:
                out.append((src, dst, piece, int(m.group(1))))
    return out


def _paired(lost: dict[int, dict[Piece, int]], gained: dict[int, dict[Piece, int]],
            f: Faction, spaces: list[int], kinds: tuple[Piece, ...], near: bool) -> list[Change]:
    out: list[Change] = []
    for dst in spaces:
        for want in kinds:
            for src in spaces:
                if not gained[dst].get(want):
                    break
                if src == dst or (near and not MAP.adjacent(src, dst)):
                    continue
                sources = (want,) if f is Faction.GOVT else (want, _other_side(want))
                for have in sources:
                    n = min(lost[src].get(have, 0), gained[dst].get(want, 0))
                    if n:
                        lost[src][have] -= n
                        gained[dst][want] -= n
                        out.append(Change(MOVE, src, ((have, n),), to=dst,
                                          new=None if have == want else want))
    return out


def _merged_moves(moves: list[Change]) -> list[Change]:
    """Moves between the same two spaces said once: '2 Underground and 1 Active'."""
    out: list[Change] = []
    for m in moves:
        prev = next((i for i, o in enumerate(out) if o.space == m.space and o.to == m.to
                     and o.new is None and m.new is None), None)
        if prev is None:
            out.append(m)
        else:
            out[prev] = Change(MOVE, m.space, out[prev].pieces + m.pieces, to=m.to)
    return out


def _out_of_game(before: GameState, after: GameState) -> list[Change]:
    return [Change(OUT_OF_GAME, faction=f,
                   n=after.removed_from_game[f] - before.removed_from_game[f])
            for f in INSURGENTS if after.removed_from_game[f] != before.removed_from_game[f]]


def _marker_changes(before: GameState, after: GameState, s: int) -> list[Change]:
    out: list[Change] = []
    if before.support[s] != after.support[s]:
        out.append(Change(SUPPORT, s, old=before.support[s], new=after.support[s]))
    if before.terror[s] != after.terror[s]:
        out.append(Change(TERROR, s, old=before.terror[s], new=after.terror[s]))
    if before.sabotage[s] != after.sabotage[s]:
        out.append(Change(SABOTAGE, s, old=bool(before.sabotage[s]),
                          new=bool(after.sabotage[s])))
    if before.farc_zone[s] != after.farc_zone[s]:
        out.append(Change(ZONE, s, old=bool(before.farc_zone[s]),
                          new=bool(after.farc_zone[s])))
    if not MAP[s].is_loc and before.controller(s) != after.controller(s):  # 1.8
        out.append(Change(CONTROL, s, old=before.controller(s), new=after.controller(s)))
    return out


def _shipment_changes(before: GameState, after: GameState) -> list[Change]:
    """Shipments by marker: placed, removed, moved with their Guerrilla, passed on."""
    out = []
    for old, new in zip(before.shipments, after.shipments, strict=True):
        o = None if old is None else (old[0], Faction(old[1]))
        n = None if new is None else (new[0], Faction(new[1]))
        if o != n:
            out.append(Change(SHIPMENT, old=o, new=n))
    return out


def track_records(before: GameState, after: GameState) -> list[Change]:
    """The tracks, lasting Events, cylinders and the card (no space)."""
    out: list[Change] = []
    for f in Faction:
        if before.resources[f] != after.resources[f]:
            out.append(Change(RESOURCES, faction=f, old=before.resources[f],
                              new=after.resources[f]))
    if before.aid != after.aid:
        out.append(Change(AID, old=before.aid, new=after.aid))
    if before.total_support() != after.total_support():
        out.append(Change(TOTAL_SUPPORT, old=before.total_support(), new=after.total_support()))
    if before.opposition_plus_bases() != after.opposition_plus_bases():
        out.append(Change(OPP_BASES, old=before.opposition_plus_bases(),
                          new=after.opposition_plus_bases()))
    if before.president != after.president:
        out.append(Change(PRESIDENT, old=before.president, new=after.president))
    for card in sorted(set(before.capabilities) | set(after.capabilities)):
        old, new = before.capabilities.get(card), after.capabilities.get(card)
        if old != new:
            out.append(Change(CAPABILITY, card=card, old=old, new=new))
    for card in sorted(set(before.momentum) ^ set(after.momentum)):
        out.append(Change(MOMENTUM, card=card, old=card in before.momentum,
                          new=card in after.momentum))
    for f in Faction:
        if before.eligible[f] != after.eligible[f]:
            out.append(Change(ELIGIBILITY, faction=f, old=before.eligible[f],
                              new=after.eligible[f]))
    if before.current_card != after.current_card:
        back = after.current_card is not None and after.current_card in before.played[:-1]
        # going back over cards played since (set aside without a Round, 6.0; a rollback
        # over several cards): they go back on the deck too, above the card face up now
        # (issue 43: the undo left a set-aside Propaganda card out)
        aside = tuple(before.played[before.played.index(after.current_card) + 1:-1]) \
            if back and after.current_card is not None \
            and before.played[-1:] == [before.current_card] else ()
        if not back and before.deck[:1] != [after.current_card] and \
                after.played[-2:] == [*before.deck[:1], after.current_card]:
            aside = tuple(before.deck[:1])  # the next card set aside without a Round (6.0)
        out.append(Change(CARD, old=before.current_card, new=after.current_card,
                          n=1 if back else 0, aside=aside,
                          to=1 if after.deck and after.phase != "over" else 0))
    return out


# ======================================================================================
# the words
# ======================================================================================
def pieces_text(counts: Counts) -> str:
    """'1 Underground AUC Guerrilla and 1 Active AUC Guerrilla', '2 Troops cubes'."""
    return listed(*((n, k.label) for k, n in counts))


def _number(value: object) -> int:
    """The old or new value of a record whose values are numbers (SUPPORT, TERROR,
    PRESIDENT, CARD): ints of the state."""
    if not isinstance(value, int):
        raise TypeError(f"not a number: {value!r}")
    return value


def _card(card: object) -> str:
    return card_title(None if card is None else _number(card))


def _control(f: object) -> str:
    return "Government" if f is Faction.GOVT else "FARC"


def step_text(c: Change) -> str:
    """One record as an instruction for the table (the words tests/test_mirror.py reads)."""
    where = space_name(c.space) if c.space is not None else ""
    k = c.kind
    if k == PLACE:
        return f"Place {pieces_text(c.pieces)} in {where}"
    if k == REMOVE:
        return f"Remove {pieces_text(c.pieces)} from {where}"
    if k == REPLACE:
        return f"In {where}, replace {pieces_text(c.old_pieces)} with {pieces_text(c.pieces)}"
    if k == MOVE:
        text = f"Move {pieces_text(c.pieces)} from {where} to {space_name(c.to or 0)}"
        if isinstance(c.new, Piece):
            text += f", flipping {'it' if c.pieces[0][1] == 1 else 'them'} " + \
                ("Active" if c.new in ACTIVE_OF.values() else "Underground")
        return text
    if k == FLIP:
        kind, n = c.pieces[0]
        side = "Active" if kind in UNDERGROUND_OF.values() else "Underground"
        return f"In {where}, flip {pieces_text(c.pieces)} to {side}"
    if k == OUT_OF_GAME:
        assert c.faction is not None
        return (f"Set {counted(c.n, c.faction.label + ' Guerrilla')} aside from Available: "
                "removed from the game") if c.n > 0 else \
            f"Return {counted(-c.n, c.faction.label + ' Guerrilla')} removed from the game " \
            "to Available"
    if k == IN_PLAY:
        return f"{where} is now a space in play" if c.new else f"{where} is no longer in play"
    if k == SUPPORT:
        return (f"Set {where} to {SUPPORT_LABELS[_number(c.new)]} "
                f"(was {SUPPORT_LABELS[_number(c.old)]})")
    if k == TERROR:
        n = _number(c.new) - _number(c.old)
        return f"Place {counted(n, 'Terror marker')} in {where}" if n > 0 else \
            f"Remove {counted(-n, 'Terror marker')} from {where}"
    if k == SABOTAGE:
        return f"Place a Sabotage marker on {where}" if c.new else \
            f"Remove the Sabotage marker from {where}"
    if k == ZONE:
        return f"Place a FARC Zone marker in {where}" if c.new else \
            f"Remove the FARC Zone marker from {where}"
    if k == CONTROL:
        if c.old is None:
            return f"Place a {_control(c.new)} Control marker in {where}"
        if c.new is None:
            return f"Remove the {_control(c.old)} Control marker from {where}"
        return (f"In {where}, replace the {_control(c.old)} Control marker with a "
                f"{_control(c.new)} Control marker")
    if k == SHIPMENT:
        return _shipment_text(c)
    return _track_text(c)


def _held(value: object) -> tuple[int, Faction]:
    """A SHIPMENT record's old or new (space, holder)."""
    if not isinstance(value, tuple):
        raise TypeError(f"not a (space, holder): {value!r}")
    s, f = value
    return s, f


def _shipment_text(c: Change) -> str:
    old, new = c.old, c.new
    if old is None:
        s, f = _held(new)
        return f"Place a Shipment under {_a(f)} Guerrilla in {space_name(s)}"
    s0, f0 = _held(old)
    if new is None:
        return f"Remove the Shipment held by {f0.label} in {space_name(s0)}"
    s1, f1 = _held(new)
    if s0 == s1:
        return (f"In {space_name(s0)}, pass the Shipment held by {f0.label} to "
                f"{_a(f1)} Guerrilla")
    return (f"Move the Shipment held by {f0.label} in {space_name(s0)} to {_a(f1)} "
            f"Guerrilla in {space_name(s1)}")


def _a(f: Faction) -> str:
    """'a FARC', 'an AUC', 'a Cartels'."""
    return f"an {f.label}" if f.label[0] in "AEIOU" else f"a {f.label}"


def _track_text(c: Change) -> str:
    k = c.kind
    if k == RESOURCES:
        assert c.faction is not None
        return f"Set {c.faction.label} Resources to {c.new} (was {c.old})"
    if k == AID:
        return f"Set Aid to {c.new} (was {c.old})"
    if k == TOTAL_SUPPORT:
        return f"Move the Total Support marker to {c.new} (was {c.old})"
    if k == OPP_BASES:
        return f"Move the Opposition + Bases marker to {c.new} (was {c.old})"
    if k == PRESIDENT:
        return (f"Set El Presidente to {PRESIDENTS[_number(c.new)]} "
                f"(was {PRESIDENTS[_number(c.old)]})")
    if k == CAPABILITY:
        title = _card(c.card)
        if c.old is None:
            return f"Put {title} by the board as a Capability, {c.new} side up"
        if c.new is None:
            return f"Discard the Capability {title}"
        return f"Turn the Capability {title} {c.new} side up"
    if k == MOMENTUM:
        title = _card(c.card)
        return f"Put {title} by the board as Momentum (until the next Reset)" if c.new \
            else f"Discard the Momentum {title}"
    if k == ELIGIBILITY:
        assert c.faction is not None
        box = "Eligible" if c.new else "Ineligible"
        return f"Move the {c.faction.label} cylinder to the {box} box"
    if k == CARD:
        if c.new is None:
            return f"Put {_card(c.old)} on the played pile"
        if c.n and c.old is not None:  # going back (undo, rollback): a card played before
            if c.aside:  # played since (a card set aside, 6.0): back above it, in order
                above = ", then ".join(_card(card) for card in reversed(c.aside))
                return (f"Put {_card(c.new)} face up again; put back on top of the deck "
                        f"{_card(c.old)}, then {above}: {_card(c.aside[0])} is the next "
                        "card again")
            return (f"Put {_card(c.new)} face up again, and {_card(c.old)} back on top of "
                    "the deck")
        return card_step(c)
    raise ValueError(f"no words for a change of kind {k!r}")


#: how the steps of a card ending begin: the next card becomes the card face up, or is
#: set aside first (6.0) and the card under it does (:func:`card_step`)
NEXT_CARD, SET_ASIDE = "Make the next card", "Set the next card"
CARD_STEPS = (NEXT_CARD, SET_ASIDE)
#: the new next card turned face up on the deck (2.2), never named in a step: it was
#: face down when the step was written (a preview the player may still back out of)
NEW_NEXT = "; then turn the top card of the deck face up as the new next card"


def card_step(c: Change) -> str:
    """A card ending, forward: the next card, face up on the deck (2.2) and already
    shown, becomes the card face up, and the top card of the deck is turned as the new
    next card; after a Propaganda card, a second one in a row is set aside without a
    Round (6.0) and the card under it becomes the card face up. A card that was face
    down is never named here: the steps are shown in previews a player can back out of
    (issue 43 trial b finding 2: 'Reveal the next card: #3 Tapias' named the card under
    a set-aside Propaganda card, and named a card already face up as 'revealed')."""
    then = NEW_NEXT if c.to else " (the deck is empty)"
    if c.aside:
        return (f"{SET_ASIDE}, {_card(c.aside[0])}, aside without a Propaganda Round (6.0: "
                "a second Propaganda card in a row); turn the card under it face up as the "
                f"card face up{then}")
    return f"{NEXT_CARD}, {_card(c.new)}, the card face up{then}"


def changes_told(before: GameState, after: GameState, told: Sequence[str]) -> list[Change]:
    """:func:`board_changes` of a change the engine told in ``told`` (a command's trace,
    an edit's account): its spaces in the order ``told`` names them, its moves paired as
    it told them (:func:`moves_told`, :func:`moves_made`). The one way every caller
    builds a told change's records, so none leaves a part out."""
    return board_changes(before, after, spaces_named(told), moves_told(told),
                         made=moves_made(told))


def steps_told(before: GameState, after: GameState, told: Sequence[str]) -> list[str]:
    """:func:`changes_told` as instructions, in order (not numbered)."""
    return [step_text(c) for c in changes_told(before, after, told)]


def steps(before: GameState, after: GameState, order: Sequence[int] = (),
          moves: bool = True, by_space: bool = False,
          made: Sequence[Made] = ()) -> list[str]:
    """:func:`board_changes` as instructions, in order (not numbered)."""
    return [step_text(c) for c in board_changes(before, after, order, moves, by_space,
                                                made)]


_MOVING = re.compile(
    r"\b(March|Sweep|Patrol|Air Lift|Redeploy|Transport|[Mm]ove[sd]?|[Rr]elocate[sd]?)\b")


def moves_told(lines: Iterable[str]) -> bool:
    """Whether an account (a trace, a report) tells of pieces moving: only then are
    pieces that left one space and arrived in another said to have moved."""
    return any(_MOVING.search(line) for line in lines)


def reverse_steps(before: GameState, after: GameState, order: Sequence[int] = (),
                  moves: bool = True, by_space: bool = False,
                  made: Sequence[Made] = ()) -> list[str]:
    """The steps that take the table from ``after`` back to ``before`` (undo, rollback):
    the same model read the other way (each move made, back from where it went)."""
    return steps(after, before, order, moves, by_space,
                 [(dst, src, piece, n) for src, dst, piece, n in made])
