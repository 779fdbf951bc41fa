"""Board editor and card commands for the tabletop assistant, logged like any command.

The program does not own the deck on the table, and the table and the program may
disagree (a piece forgotten, a die misread). These commands bring the program's board
into line *through the game log*, so a save with corrections still replays and verifies
exactly (see :mod:`core.game.editor` for the idea; :class:`~core.game.editor.SetTurn`
lives there). Each is an :class:`~core.game.editor.EditorCommand`: executed outside the
Sequence of Play's checks, for nobody, costing nothing.

* :class:`SetCurrentCard` / :class:`SetNextCard`: the card face up / the card on top of
  the draw deck, as the table shows them.
* :class:`EditPieces`, :class:`EditMove`, :class:`EditFlip`: place or remove, move, flip
  pieces (availability and stacking still hold: 1.4.1, 1.4.2).
* :class:`EditSpace`: Support level, Terror, Sabotage, FARC Zone of a space; Ecuador or
  Panamá in play or not (1.3.5).
* :class:`EditTrack`: Resources, Aid, El Presidente, Eligibility.
* :class:`EditShipment`, :class:`EditLasting`: Shipments, Capabilities and Momentum.
* :class:`RecordAction`: a player Faction did its Operation or Event on the table and
  recorded its effects with the commands above; play moves on as after that choice.

Importing this module registers the commands for :func:`core.commands.from_json`; the
``andean`` command line imports it, so ``andean verify`` and ``status`` read assist saves.
"""

from __future__ import annotations

from core.cards import CARDS, SIDES
from core.commands import Context, MaybeInt, command
from core.errors import IllegalAction
from core.game import sequence
from core.game.editor import EditorCommand, bring_into_deck
from core.map import MAP
from core.pieces import ACTIVE_OF, UNDERGROUND_OF, Faction, Piece
from core.rules import propaganda
from core.state import PRESIDENTS, SUPPORT_LABELS, GameState
from core.words import counted

RULE = "editor"


def _space(space: int) -> str:
    if not isinstance(space, int) or not 0 <= space < len(MAP):
        raise IllegalAction(RULE, f"no space with id {space!r}")
    return MAP[space].full_name


def _piece(kind: int) -> Piece:
    try:
        return Piece(int(kind))
    except ValueError:
        raise IllegalAction(RULE, f"{kind!r} is not a piece kind") from None


def _insurgent(faction: int) -> Faction:
    f = Faction(int(faction))
    if f is Faction.GOVT:
        raise IllegalAction(RULE, "only Insurgent Guerrillas flip or hold Shipments")
    return f


# ======================================================================================
# cards
# ======================================================================================
@command
class SetNextCard(EditorCommand):
    """The card on top of the draw deck is ``card`` (it is played when this card ends)."""

    card: "int"
    name = "Set Next Card"

    def execute(self, state: GameState, ctx: Context) -> None:
        if self.card not in CARDS:
            raise IllegalAction(RULE, f"there is no card {self.card} (1-76)")
        bring_into_deck(state, self.card)
        state.deck.remove(self.card)
        state.deck.insert(0, self.card)
        ctx.say(f"Next card: {CARDS[self.card]}")


@command
class SetCurrentCard(EditorCommand):
    """The Event card face up is ``card``, not the one the program drew (only before
    anyone acted on it). The program's card goes back into the deck in its place."""

    card: "int"
    name = "Set Current Card"

    def execute(self, state: GameState, ctx: Context) -> None:
        if self.card not in CARDS:
            raise IllegalAction(RULE, f"there is no card {self.card} (1-76)")
        if self.card == state.current_card:
            return
        if CARDS[self.card].propaganda:
            raise IllegalAction(RULE, "a Propaganda card is played as the next card: name it "
                                "as the next card before the current one ends")
        if state.phase != "card" or state.step.get("acted") or state.step.get("passed"):
            raise IllegalAction(RULE, "the current card can be corrected only before anyone "
                                "has acted on it")
        if self.card in state.played:
            raise IllegalAction(RULE, f"{CARDS[self.card]} has already been played")
        if self.card not in state.deck:  # set aside by the program: swap it in
            if state.current_card is not None:
                state.played.pop()  # the program's card goes aside, unplayed
            state.played.append(self.card)
            state.current_card = self.card
            state.step = sequence.fresh_card_step()
            ctx.say(f"Current card: {CARDS[self.card]}")
            return
        old = state.current_card
        index = state.deck.index(self.card)
        if old is not None:
            state.deck[index] = old
            state.played.pop()
        else:
            state.deck.pop(index)
        state.played.append(self.card)
        state.current_card = self.card
        state.step = sequence.fresh_card_step()
        ctx.say(f"Current card: {CARDS[self.card]}")


# ======================================================================================
# pieces
# ======================================================================================
@command
class EditPieces(EditorCommand):
    """Place (``n`` > 0, from Available) or remove (``n`` < 0, to Available) pieces.
    Guerrillas placed Active are placed Underground and flipped."""

    space: "int"
    kind: "int"
    n: "int"
    name = "Edit Pieces"

    def execute(self, state: GameState, ctx: Context) -> None:
        where = _space(self.space)
        kind = _piece(self.kind)
        if self.n == 0:
            raise IllegalAction(RULE, "place or remove at least 1 piece")
        if self.n > 0:
            if kind.is_guerrilla:
                f = kind.faction
                state.place(self.space, UNDERGROUND_OF[f], self.n)
                if kind is ACTIVE_OF[f]:
                    state.flip(self.space, f, self.n, to_active=True)
            else:
                state.place(self.space, kind, self.n)
            ctx.say(f"Place {counted(self.n, kind.label)} in {where}")
        else:
            state.remove(self.space, kind, -self.n)
            ctx.say(f"Remove {counted(-self.n, kind.label)} from {where}")


@command
class EditMove(EditorCommand):
    """Move ``n`` pieces of ``kind`` from ``src`` to ``dst`` (with ``shipments`` of
    their Faction's Shipments, for Guerrillas)."""

    src: "int"
    dst: "int"
    kind: "int"
    n: "int"
    shipments: "int" = 0
    name = "Edit Move"

    def execute(self, state: GameState, ctx: Context) -> None:
        a, b = _space(self.src), _space(self.dst)
        kind = _piece(self.kind)
        if self.n < 1 or self.src == self.dst:
            raise IllegalAction(RULE, "move at least 1 piece to another space")
        state.move(self.src, self.dst, kind, self.n, shipments=self.shipments)
        ctx.say(f"Move {counted(self.n, kind.label)} from {a} to {b}")


@command
class EditFlip(EditorCommand):
    """Flip ``n`` Guerrillas of ``faction`` in ``space`` to Active (or Underground)."""

    space: "int"
    faction: "int"
    n: "int"
    to_active: "bool" = True
    name = "Edit Flip"

    def execute(self, state: GameState, ctx: Context) -> None:
        where = _space(self.space)
        f = _insurgent(self.faction)
        src = UNDERGROUND_OF[f] if self.to_active else ACTIVE_OF[f]
        if self.n < 1 or state.count(self.space, src) < self.n:
            raise IllegalAction(
                RULE, f"only {state.count(self.space, src)} {src.label} in {where} to flip"
            )
        state.flip(self.space, f, self.n, to_active=self.to_active)
        side = "Active" if self.to_active else "Underground"
        ctx.say(f"Flip {counted(self.n, f'{f.label} Guerrilla')} in {where} {side}")


# ======================================================================================
# markers and tracks
# ======================================================================================
SPACE_FIELDS = ("support", "terror", "sabotage", "farc_zone", "in_play")


@command
class EditSpace(EditorCommand):
    """Set a marker of a space: ``support`` (-2..2), ``terror`` (count), ``sabotage``,
    ``farc_zone`` or ``in_play`` (0/1). ``in_play`` brings Ecuador or Panamá into play
    (1.3.5, as cards 33 shaded and 71 shaded do) or takes an empty one out of it."""

    space: "int"
    marker: "str"
    value: "int"
    name = "Edit Space"

    def execute(self, state: GameState, ctx: Context) -> None:
        where = _space(self.space)
        s = MAP[self.space]
        old = self._value(state)
        if self.marker == "support":
            if not -2 <= self.value <= 2:
                raise IllegalAction(RULE, "Support levels run from -2 to 2")
            state.set_support(self.space, self.value)
        elif self.marker == "terror":
            if self.value < 0:
                raise IllegalAction(RULE, "a negative number of Terror markers")
            extra = self.value - state.terror[self.space]
            if extra > state.markers_available():
                raise IllegalAction("3.3.4", "no Terror/Sabotage marker left (40 in all)")
            state.terror[self.space] = self.value
        elif self.marker == "sabotage":
            if self.value not in (0, 1):
                raise IllegalAction(RULE, "Sabotage is on (1) or off (0)")
            if self.value and not s.is_loc:
                raise IllegalAction("3.3.4", "only LoCs are Sabotaged")
            if self.value and not state.sabotage[self.space] and state.markers_available() < 1:
                raise IllegalAction("3.3.4", "no Terror/Sabotage marker left (40 in all)")
            state.sabotage[self.space] = self.value
        elif self.marker == "farc_zone":
            if self.value not in (0, 1):
                raise IllegalAction(RULE, "a FARC Zone is on (1) or off (0)")
            if self.value:
                if not s.is_department:
                    raise IllegalAction("6.4.4", "FARC Zones are Departments")
                if state.faction_pieces(self.space, Faction.GOVT):
                    raise IllegalAction("1.4.2", "move the Government pieces out first")
                state.set_farc_zone(self.space)
            else:
                state.clear_farc_zone(self.space)
        elif self.marker == "in_play":
            if self.value not in (0, 1):
                raise IllegalAction(RULE, "a foreign space is in play (1) or not (0)")
            if not s.is_foreign:
                raise IllegalAction("1.3.5", "only Ecuador and Panamá come into play")
            if self.value and self.space not in state.foreign_in_play:
                state.foreign_in_play.append(self.space)
            elif not self.value and self.space in state.foreign_in_play:
                if any(state.row(self.space)) or state.shipments_at(self.space) \
                        or state.terror[self.space] or state.support[self.space]:
                    raise IllegalAction(RULE, f"clear {where} first (pieces, Shipments, "
                                              "markers)")
                state.foreign_in_play.remove(self.space)
            ctx.say(f"{where} {'in play' if self.value else 'out of play'} (1.3.5)")
            return
        else:
            raise IllegalAction(RULE, f"marker is one of {', '.join(SPACE_FIELDS)}")
        ctx.say(self._words(where, old))

    def _value(self, state: GameState) -> int:
        """The marker's value before the change (0 for a marker this command refuses)."""
        if self.marker == "support":
            return state.support[self.space]
        if self.marker == "terror":
            return state.terror[self.space]
        if self.marker == "sabotage":
            return int(bool(state.sabotage[self.space]))
        if self.marker == "farc_zone":
            return int(bool(state.farc_zone[self.space]))
        return 0

    def _words(self, where: str, old: int) -> str:
        """The change in the words of the table's steps (tui.board_changes.step_text:
        'Place a FARC Zone marker in Meta West'), not the field's name (issue 43 item 5
        bullet 1: the summary and the undo read as the steps did)."""
        if self.marker == "support":
            return f"Set {where} to {SUPPORT_LABELS[self.value]} (was {SUPPORT_LABELS[old]})"
        if self.marker == "terror":
            n = self.value - old
            if n == 0:
                return f"Leave {counted(old, 'Terror marker')} in {where}"
            return f"Place {counted(n, 'Terror marker')} in {where}" if n > 0 else \
                f"Remove {counted(-n, 'Terror marker')} from {where}"
        marker, on = ("Sabotage", "on") if self.marker == "sabotage" else ("FARC Zone", "in")
        if self.value == old:
            return f"Leave the {marker} marker {on} {where}" if old else \
                f"Leave {where} without a {marker} marker"
        return f"Place a {marker} marker {on} {where}" if self.value else \
            f"Remove the {marker} marker from {where}"


TRACKS = ("resources", "aid", "president", "eligible")


@command
class EditTrack(EditorCommand):
    """Set a track: ``resources`` of ``faction`` (0-99), ``aid`` (0-29), ``president``
    (0 Samper, 1 Pastrana, 2 Uribe) or ``eligible`` of ``faction`` (0/1)."""

    track: "str"
    value: "int"
    faction: "MaybeInt" = None
    name = "Edit Track"

    def execute(self, state: GameState, ctx: Context) -> None:
        if self.track == "resources":
            f = self._faction()
            if not 0 <= self.value <= 99:
                raise IllegalAction("1.7", "Resources run from 0 to 99")
            old = state.resources[f]
            state.resources[f] = self.value
            ctx.say(f"Set {f.label} Resources to {self.value} (was {old})")
        elif self.track == "aid":
            if not 0 <= self.value <= 29:
                raise IllegalAction("1.7", "Aid runs from 0 to 29")
            old = state.aid
            state.aid = self.value
            ctx.say(f"Set Aid to {self.value} (was {old})")
        elif self.track == "president":
            if not 0 <= self.value < len(PRESIDENTS):
                raise IllegalAction(RULE, "El Presidente is 0 Samper, 1 Pastrana or 2 Uribe")
            old = state.president
            state.president = self.value
            ctx.say(f"Set El Presidente to {PRESIDENTS[self.value]} (was {PRESIDENTS[old]})")
        elif self.track == "eligible":
            f = self._faction()
            state.eligible[f] = bool(self.value)
            ctx.say(f"Move the {f.label} cylinder to the "
                    f"{'Eligible' if self.value else 'Ineligible'} box")
        else:
            raise IllegalAction(RULE, f"track is one of {', '.join(TRACKS)}")

    def _faction(self) -> Faction:
        if self.faction is None:
            raise IllegalAction(RULE, f"{self.track} needs a Faction")
        return Faction(int(self.faction))


@command
class EditShipment(EditorCommand):
    """Add a Shipment under a ``faction`` Guerrilla in ``space`` (``add``), or remove
    one of the Shipments there (``add`` false; of ``faction`` if given)."""

    space: "int"
    add: "bool" = True
    faction: "MaybeInt" = None
    name = "Edit Shipment"

    def execute(self, state: GameState, ctx: Context) -> None:
        where = _space(self.space)
        if self.add:
            if self.faction is None:
                raise IllegalAction(RULE, "which Faction's Guerrilla holds the Shipment?")
            f = _insurgent(self.faction)
            state.place_shipment(self.space, f)
            ctx.say(f"Place a Shipment with a {f.label} Guerrilla in {where}")
            return
        held = state.shipments_at(
            self.space, None if self.faction is None else Faction(int(self.faction))
        )
        if not held:
            raise IllegalAction(RULE, f"no such Shipment in {where}")
        state.remove_shipment(held[0])
        ctx.say(f"Remove a Shipment from {where}")


@command
class EditLasting(EditorCommand):
    """Put a Capability card's marker on a side (or ``off``), or a Momentum card in or
    out of play (``shaded`` in, ``off`` out)."""

    card: "int"
    side: "str"
    name = "Edit Lasting"

    def execute(self, state: GameState, ctx: Context) -> None:
        if self.card not in CARDS or not CARDS[self.card].lasting:
            raise IllegalAction(RULE, f"card {self.card} is no Capability or Momentum card")
        if self.side not in (*SIDES, "off"):
            raise IllegalAction(RULE, "side is unshaded, shaded or off")
        title = CARDS[self.card].title
        if CARDS[self.card].is_capability:
            if self.side == "off":
                state.capabilities.pop(self.card, None)
                state.executed_by.pop(self.card, None)
            else:
                state.capabilities[self.card] = self.side
            ctx.say(f"Capability {title}: {self.side}")
            return
        if self.side == "unshaded":
            raise IllegalAction("5.4", "only the shaded text of a Momentum card lasts")
        if self.side == "off":
            if self.card in state.momentum:
                state.momentum.remove(self.card)
            state.executed_by.pop(self.card, None)
        elif self.card not in state.momentum:
            state.momentum.append(self.card)
        ctx.say(f"Momentum {title}: {'in play' if self.side == 'shaded' else 'discarded'}")


# ======================================================================================
# recording a player's choice made on the table
# ======================================================================================
RECORD_KINDS = ("op", "op_sa", "event", "propaganda")


@command
class RecordAction(EditorCommand):
    """The Faction to move carried out its choice on the table and its effects were
    recorded with the board editor: ``op`` (an Operation or Limited Operation),
    ``op_sa`` (with a Special Activity) or ``event``; in a Propaganda Round,
    ``propaganda`` (the awaited decision). Play then moves on as the rules say
    (Eligibility 2.3.7, the next card 2.3.8, the rest of the Round)."""

    kind: "str"
    name = "Record Action"

    def execute(self, state: GameState, ctx: Context) -> None:
        faction = sequence.to_move(state)
        if faction is None:
            raise IllegalAction("7.0", "nobody is to move")
        if state.phase == "propaganda":
            if self.kind != "propaganda":
                raise IllegalAction("6.0", f"the Propaganda Round awaits "
                                    f"{state.step.get('phase')}: record 'propaganda'")
            ctx.say(f"{faction.label}: {state.step.get('phase')} done on the table")
            propaganda.advance(state, ctx.dice)
            sequence.advance(state, ctx.dice)
            return
        if self.kind not in RECORD_KINDS[:3]:
            raise IllegalAction(RULE, "record op, op_sa or event")
        opts = sequence.options(state)
        if self.kind == "event" and sequence.EVENT not in opts:
            raise IllegalAction("2.3.4", f"{faction.label} may not execute the Event now")
        if self.kind == "op_sa" and sequence.OPERATION not in opts:
            raise IllegalAction("2.3.5", "a Limited Operation has no Special Activity")
        if self.kind == "op" and not {sequence.OPERATION, sequence.LIMITED} & set(opts):
            raise IllegalAction("2.3.4", f"{faction.label} may not execute an Operation now")
        state.step["acted"].append([int(faction), self.kind])
        ctx.say(f"{faction.label} recorded: {self.kind.replace('_', ' + ')}")
        sequence.advance(state, ctx.dice)


EDITOR_COMMANDS = (
    SetNextCard,
    SetCurrentCard,
    EditPieces,
    EditMove,
    EditFlip,
    EditSpace,
    EditTrack,
    EditShipment,
    EditLasting,
    RecordAction,
)
