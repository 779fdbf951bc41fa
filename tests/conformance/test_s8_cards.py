"""Every Event card (1-72) x every Non-player (FARC, AUC, Cartels): what the Non-player does
with it (8.1, 8.4) on one stated position, the Standard set up (2.1, seed 1), as the 1st
Eligible and as the 2nd Eligible after an Operation with a Special Activity (2.3.4: the
Event is open).

The expected outcome of each row is derived from the printed 2nd-edition card
(reference/cards-2nd-edition.jsonl: symbols, gray "2", texts) and section 8, not from the
engine:

* 8.1 bullet 1 « La 1ère Faction Non-Joueur Éligible dont le symbole est le plus à gauche
  ... exécute l'Évènement, sinon une Opération » (1st Eligible: the Event only with the
  leftmost symbol);
* 8.1 bullet 2 « La 2nde ... choisit de jouer l'Évènement si elle le peut, sauf si la carte
  ... possède le symbole 2 en gris » (2nd Eligible: the Event unless the gray 2);
* 8.1 bullet 3 « optent seulement pour les Évènements qui auront un effet » (Ineffective
  Events: Operation instead) -- INEFFECTIVE below says, card by card, why the printed
  text does nothing on the Standard set up;
* 8.4.1 « exécutent la portion grisée du texte » (the shaded text of dual-use Events;
  single-text cards their only text);
* published example: Non-players always choose Operations on 63 Narco-War.

For every row where the Non-player executes the Event, KEY_EFFECT checks the card's key
effect on the board (which spaces, which pieces, which Resources) as the printed text and
8.4.2-8.4.3 require.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from core.dice import ScriptedDice
from core.map import MAP
from core.pieces import Faction, Piece
from core.state import GameState
from nonplayer.turn import take_turn
from tests.conformance.s8 import NONPLAYERS, decision, standard_game
from tests.helpers import place, put, sid

CARDS_FILE = Path("/work/shared/reference/cards-2nd-edition.jsonl")
_LETTER = {"G": Faction.GOVT, "F": Faction.FARC, "A": Faction.AUC, "C": Faction.CARTELS}


def _printed() -> dict[int, dict]:
    if CARDS_FILE.exists():
        rows = [json.loads(line) for line in CARDS_FILE.read_text("utf-8").splitlines() if line]
        return {r["number"]: r for r in rows}
    return {}


PRINTED = _printed()
# The printed cards' leftmost symbols and gray "2" marks (cards-2nd-edition.jsonl,
# nonplayer-event-notes.md), kept literally so the suite runs without the reference files.
LEFTMOST = dict(enumerate(
    "GGGGGGGGGGGGGGGGGG" "FFFFFFFFFFFFFFFFFF" "AAAAAAAAAAAAAAAAAA" "CCCCCCCCCCCCCCCCCC", 1))
GRAY2 = {20, 21, 25, 26, 30, 32, 37, 38, 41, 47, 49, 52, 56, 59, 61, 62, 63, 64, 66, 68, 72}
SINGLE_TEXT = {19, 36, 46, 53, 54, 63, 65, 69}  # no shaded half: the only text (8.4.1)
ALWAYS_OPS = {63: "published 1-player example: Non-players always choose Operations"}

# Printed text that does nothing on the Standard set up (8.1 Ineffective Events).
INEFFECTIVE = {
    31: "shaded: shift 3 spaces from Passive to Active Opposition -- no space is at Passive "
        "Opposition at set up",
    35: "shaded: shift a Department with a Cartels Base 2 levels toward Active Opposition -- "
        "Meta West, Guaviare, Putumayo, Meta East are already Active Opposition",
    37: "shaded, with the published instruction (AUC March priorities 8.6.2): no City or "
        "Department with FARC pieces and no AUC Guerrillas has a movable AUC Guerrilla "
        "adjacent (only Atlantico's may leave, its neighbours hold no FARC piece)",
    38: "shaded: all AUC Guerrillas are already Underground (published ruling)",
    39: "shaded: replace Police in Departments -- no Department holds Police at set up",
    66: "shaded: each Forest with a Cartels Base (Meta West, Guaviare, Putumayo) already "
        "holds 2 Bases: no room within stacking",
    68: "shaded: no Cartels piece in a coastal space (the 8.1 example of an Ineffective "
        "Event)",
}

def _engine_gray2() -> set[int]:
    from nonplayer.events import card_row

    return {c for c in range(1, 73) if card_row(c).gray2}


# ---- key effects ---------------------------------------------------------------------
Check = Callable[[GameState, GameState, Faction], bool]


def res(f: Faction) -> Callable[[GameState, GameState], int]:
    return lambda b, a: a.resources[f] - b.resources[f]


def on(kind: Piece, b: GameState, a: GameState) -> int:
    return a.on_map(kind) - b.on_map(kind)


def bases(f: Faction, b: GameState, a: GameState) -> int:
    return a.bases_on_map(f) - b.bases_on_map(f)


def sab(b: GameState, a: GameState) -> int:
    return sum(a.sabotage) - sum(b.sabotage)


def shifted(b: GameState, a: GameState) -> dict[str, int]:
    return {MAP[s].name: a.support[s] - b.support[s]
            for s in range(len(a.support)) if a.support[s] != b.support[s]}


def moved(b: GameState, a: GameState) -> bool:
    return a.pieces != b.pieces


def space_pieces(a: GameState, name: str, f: Faction) -> int:
    return a.faction_pieces(sid(name), f)


G, F, A, C = Faction.GOVT, Faction.FARC, Faction.AUC, Faction.CARTELS
GUERRILLAS = {F: (Piece.FARC_UNDERGROUND, Piece.FARC_ACTIVE),
              A: (Piece.AUC_UNDERGROUND, Piece.AUC_ACTIVE),
              C: (Piece.CARTELS_UNDERGROUND, Piece.CARTELS_ACTIVE)}
CITIES = [s.id for s in MAP.cities]
SUPPORT_CITIES_AT_SETUP = {"Bogotá", "Medellín", "Bucaramanga", "Ibagué", "Santa Marta",
                           "Cartagena", "Cúcuta", "Neiva", "Pasto", "Sincelejo"}


def capability(card: int) -> Check:
    return lambda b, a, f: a.capabilities.get(card) == "shaded"


def momentum(card: int) -> Check:
    return lambda b, a, f: card in a.momentum and card not in b.momentum


def _k5(b: GameState, a: GameState, f: Faction) -> bool:
    # a space adjacent to a 3-Econ LoC, 2 levels toward Active Opposition
    d = shifted(b, a)
    three = {s.id for s in MAP.locs if s.econ == 3}
    return len(d) == 1 and list(d.values()) == [-2] and any(
        t in MAP[sid(next(iter(d)))].adjacent for t in three)


def _k6(b: GameState, a: GameState, f: Faction) -> bool:
    d = shifted(b, a)
    return sab(b, a) == 1 and list(d.values()) == [-1] and MAP[sid(next(iter(d)))].is_department


def _k24(b: GameState, a: GameState, f: Faction) -> bool:
    # Santander is the one space with FARC pieces and Troops; a City with Support -> Neutral
    d = shifted(b, a)
    city = next(iter(d))
    return (b.troops(sid("Santander")) - a.troops(sid("Santander")) == 2 and len(d) == 1
            and city in SUPPORT_CITIES_AT_SETUP and a.support[sid(city)] == 0)


def _k28(b: GameState, a: GameState, f: Faction) -> bool:
    venezuela = {"Arauca", "Cesar", "Santander", "Vichada", "Guainía"} & {
        s.name for s in MAP.spaces}
    placed = [n for n in venezuela
              if a.bases(sid(n), F) > b.bases(sid(n), F)]
    return bases(F, b, a) == 1 and len(placed) == 1 and sab(b, a) == 2


def _k33(b: GameState, a: GameState, f: Faction) -> bool:
    # 8.1.2 bullet 1 / 8.4.2: the executor places both of its own Bases in Ecuador
    return a.bases(MAP.ECUADOR, f) == 2


def _k34(b: GameState, a: GameState, f: Faction) -> bool:
    # "An Insurgent Faction places": the executor chooses; 8.1.2 bullet 1 / 8.4.2 make it
    # place friendly pieces -- its own 2 Guerrillas and Base
    zero = [s.id for s in MAP.spaces if s.is_department and s.pop == 0 and a.in_play(s.id)]
    return any(a.guerrillas(s, f) - b.guerrillas(s, f) == 2
               and a.bases(s, f) - b.bases(s, f) == 1 for s in zero)


def _k40(b: GameState, a: GameState, f: Faction) -> bool:
    in_cities = sum(a.faction_pieces(s, A) - b.faction_pieces(s, A) for s in CITIES)
    return in_cities == 2


def _k43(b: GameState, a: GameState, f: Faction) -> bool:
    return a.terror[sid("Santander")] - b.terror[sid("Santander")] == 2 and a.aid == 0


def _k44(b: GameState, a: GameState, f: Faction) -> bool:
    d = shifted(b, a)
    return (len(d) == 1 and next(iter(d)) in SUPPORT_CITIES_AT_SETUP
            and a.support[sid(next(iter(d)))] == 0 and res(G)(b, a) == -3)


def _k45(b: GameState, a: GameState, f: Faction) -> bool:
    # 6 spaces hold AUC pieces at set up: Aid 9 - 6; Government Resources - a die roll
    return a.aid == 3 and -6 <= res(G)(b, a) <= -1


def _k47(b: GameState, a: GameState, f: Faction) -> bool:
    return space_pieces(a, "Cúcuta", A) == 2 and a.terror[sid("Cúcuta")] == 1


def _k48(b: GameState, a: GameState, f: Faction) -> bool:
    d = shifted(b, a)
    return (len(d) == 2 and "Bogotá" not in d and all(v == -1 for v in d.values())
            and all(MAP[sid(n)].is_city for n in d))


def _k55(b: GameState, a: GameState, f: Faction) -> bool:
    # printed: in 3 spaces with Cartels pieces, 1 level toward Active Opposition -- of the
    # 5 spaces with Cartels pieces only Cali (Neutral) can still shift
    return shifted(b, a) == {"Cali": -1}


def _k56(b: GameState, a: GameState, f: Faction) -> bool:
    # printed: + twice the Cartels pieces in Cities (Cali: 1 Guerrilla + 1 Base = +4),
    # then a Cartels Base in each of 2 Cities
    in_cities = sum(a.bases(s, C) - b.bases(s, C) for s in CITIES)
    return res(C)(b, a) == 4 and in_cities == 2


def _k62(b: GameState, a: GameState, f: Faction) -> bool:
    return all(a.bases(sid(n), C) - b.bases(sid(n), C) == 1
               for n in ("Guainía", "Vaupés", "Amazonas"))


def _k64(b: GameState, a: GameState, f: Faction) -> bool:
    # printed: Cali (City) 1 Base = +2; Meta West, Guaviare, Meta East 1 each and
    # Putumayo 2 (Departments) = +5
    return res(C)(b, a) == 7


def _k65(b: GameState, a: GameState, f: Faction) -> bool:
    # printed: place (as much as possible, 8.4.2) 1 Shipment and an Insurgent Base in a
    # Mountain Department
    mountains = [sid(n) for n in ("Cesar", "Antioquia", "Santander", "Huila")]
    return any(a.all_bases(s) - b.all_bases(s) == 1 for s in mountains) and (
        a.shipments_available() == b.shipments_available() - 1)


def _k70(b: GameState, a: GameState, f: Faction) -> bool:
    forests = [s.id for s in MAP.spaces if getattr(s, "terrain", "") == "forest"]
    new_terror = sum(a.terror[s] - b.terror[s] for s in forests)
    own = [s for s in forests if b.guerrillas(s, f) > 0 and a.in_play(s)]
    return new_terror >= 1 and res(f)(b, a) == 3 * len(own)


def _k20(b: GameState, a: GameState, f: Faction) -> bool:
    # the FARC Guerrillas March (all of them: test_card_20_every_farc_guerrilla_marches)
    # and none is left Active ("then flips up to 3 of its Guerrillas Underground")
    return (moved(b, a) and a.on_map(Piece.FARC_ACTIVE) == 0
            and a.on_map(Piece.FARC_UNDERGROUND) == b.on_map(Piece.FARC_UNDERGROUND))


def _k50(b: GameState, a: GameState, f: Faction) -> bool:
    # 8.4.2 « Placez ... autant de pièces que possible »: "replace", not "remove"
    # (docs/readings.md#r-np-replace): 2 Police off, 2 AUC Guerrillas on
    auc = on(Piece.AUC_UNDERGROUND, b, a) + on(Piece.AUC_ACTIVE, b, a)
    return on(Piece.POLICE, b, a) == -2 and auc == 2


def _k53(b: GameState, a: GameState, f: Faction) -> bool:
    # "An Insurgent Faction moves 1 or 2 Guerrillas between any 2 Departments": the
    # executor moves its own (8.1.2), as many as possible (8.4.2), and they end Underground
    depts = [s.id for s in MAP.spaces if s.is_department]
    most = min(2, max(b.guerrillas(d, f) for d in depts))
    lost = [b.guerrillas(d, f) - a.guerrillas(d, f) for d in depts]
    gained = [d for d in depts if a.guerrillas(d, f) > b.guerrillas(d, f)]
    return (sorted(x for x in lost if x > 0) == [most] and len(gained) == 1
            and a.underground(gained[0], f) - b.underground(gained[0], f) == most)


def _k54(b: GameState, a: GameState, f: Faction) -> bool:
    # 8.4.2 replace (as many pieces as possible), 8.1.2 enemy Guerrillas first, the
    # executor's own as replacements, never its own new ones (r-card-54-own-pieces)
    others = [g for g in (F, A, C) if g is not f]
    def total(g: Faction, st: GameState) -> int:
        return sum(st.on_map(k) for k in GUERRILLAS[g])

    own = total(f, a) - total(f, b)
    lost = sum(total(g, b) - total(g, a) for g in others)
    return own == 2 and lost == 2


def _k59(b: GameState, a: GameState, f: Faction) -> bool:
    # "Cartels flip all their Guerrillas Underground and relocate up to 3 of them":
    # as many different Guerrillas relocated as there are, up to 3 (8.4.2; 2 on the
    # Standard set up: Cali, Putumayo), none relocated twice (r-card-54-own-pieces)
    arrived = sum(max(0, a.guerrillas(s, C) - b.guerrillas(s, C))
                  for s in range(len(MAP.spaces)))
    most = min(3, sum(b.on_map(k) for k in GUERRILLAS[C]))
    return a.on_map(Piece.CARTELS_ACTIVE) == 0 and arrived == most


def _k69(b: GameState, a: GameState, f: Faction) -> bool:
    # "Move any of your ... Guerrillas from 1 space": the space where the executor has the
    # most (8.4.2), all of them
    spaces = range(len(MAP.spaces))
    lost = [b.guerrillas(s, f) - a.guerrillas(s, f) for s in spaces]
    return sorted(x for x in lost if x > 0) == [max(b.guerrillas(s, f) for s in spaces)]


def _k71(b: GameState, a: GameState, f: Faction) -> bool:
    return a.bases(MAP.PANAMA, f) == 2


KEY_EFFECT: dict[int, tuple[str, Check]] = {
    1: ("Capability 1st Division shaded", capability(1)),
    2: ("Capability Ospina & Mora shaded", capability(2)),
    3: ("Capability Tapias shaded", capability(3)),
    4: ("3 pipelines Sabotaged", lambda b, a, f: sab(b, a) == 3),
    5: ("a space next to a 3-Econ LoC 2 levels toward Opposition", _k5),
    6: ("1 pipeline Sabotaged, 1 adjacent Department 1 level toward Opposition", _k6),
    7: ("Capability 7th Special Forces shaded", capability(7)),
    8: ("Government Resources -9", lambda b, a, f: res(G)(b, a) == -9),
    9: ("Capability High Mountain Battalions shaded", capability(9)),
    10: ("Capability Blackhawks shaded", capability(10)),
    11: ("Capability NDSC shaded", capability(11)),
    12: ("Momentum Plan Colombia", momentum(12)),
    13: ("Capability Plan Meteoro shaded", capability(13)),
    14: ("1 Government Base and 1 cube removed (Santander)",
         lambda b, a, f: bases(G, b, a) == -1
         and b.cubes(sid("Santander")) - a.cubes(sid("Santander")) == 1),
    15: ("Cali (the one Neutral City) to Passive Opposition",
         lambda b, a, f: shifted(b, a) == {"Cali": -1}),
    16: ("Government Resources -10", lambda b, a, f: res(G)(b, a) == -10),
    17: ("Momentum Madrid Donors", momentum(17)),
    18: ("Government Resources -6, Aid minus a die",
         lambda b, a, f: res(G)(b, a) == -6 and 3 <= a.aid <= 8),
    19: ("free Attack or Terror wherever possible: the board changes",
         lambda b, a, f: moved(b, a) or a.terror != b.terror),
    20: ("FARC free March, none left Active", _k20),
    21: ("FARC Resources +6 and a FARC Base placed",
         lambda b, a, f: res(F)(b, a) == 6 and bases(F, b, a) == 1),
    22: ("Momentum Alfonso Cano", momentum(22)),
    23: ("Government removes 3 Troops", lambda b, a, f: on(Piece.TROOPS, b, a) == -3),
    24: ("2 Troops from Santander, a Support City to Neutral", _k24),
    25: ("3 FARC pieces placed", lambda b, a, f: sum(
        a.faction_pieces(s.id, F) - b.faction_pieces(s.id, F) for s in MAP.spaces) == 3),
    26: ("Cartels transfer to FARC (4 spaces with a Cartels Base and a FARC Guerrilla: "
         "all 10 Cartels Resources)",
         lambda b, a, f: res(C)(b, a) == -10 and res(F)(b, a) == 10),
    27: ("Momentum Misil Antiaéreo", momentum(27)),
    28: ("FARC Base next to Venezuela, the 2 empty LoCs touching Cúcuta Sabotaged", _k28),
    29: ("2 free Ambushes remove enemy pieces",
         lambda b, a, f: sum(a.pieces) < sum(b.pieces)),
    # 6.4.4: the Government picks among the Departments with the most FARC pieces (here
    # Guaviare alone, already holding 2 Bases), so the FARC Base cannot go in (5.1.3,
    # docs/readings.md#r-zone-card-base)
    30: ("a FARC Zone in Guaviare, the Department with the most FARC pieces (6.4.4); "
         "no room there for the FARC Base (1.4.2, 5.1.3)",
         lambda b, a, f: sum(a.farc_zone) == sum(b.farc_zone) + 1
         and a.farc_zone[sid("Guaviare")] and bases(F, b, a) == 0),
    32: ("FARC Resources +12", lambda b, a, f: res(F)(b, a) == 12),
    33: ("both of the executor's Bases in Ecuador (8.1.2 bullet 1)", _k33),
    34: ("2 Guerrillas and 1 Base of an Insurgent in a 0-Population Department", _k34),
    36: ("a FARC Zone in a Mountain Department with a FARC Base",
         lambda b, a, f: sum(a.farc_zone) == sum(b.farc_zone) + 1 and bases(F, b, a) == 1),
    40: ("1 AUC piece in each of 2 Cities", _k40),
    41: ("AUC Resources +6 (Guaviare, Putumayo hold AUC and Cartels pieces)",
         lambda b, a, f: res(A)(b, a) == 6),
    42: ("Momentum Senado & Cámara", momentum(42)),
    43: ("2 Terror in Santander (the Department with Troops), Aid 0", _k43),
    44: ("a Support City to Neutral, Government Resources -3", _k44),
    45: ("Aid -6 (6 spaces with AUC pieces), Government Resources minus a die", _k45),
    46: ("free Terror: a Terror marker placed",
         lambda b, a, f: sum(a.terror) > sum(b.terror)),
    47: ("2 AUC Guerrillas and Terror in Cúcuta", _k47),
    48: ("2 Cities other than Bogotá 1 level toward Opposition", _k48),
    49: ("an AUC Guerrilla and an AUC Base placed",
         lambda b, a, f: bases(A, b, a) == 1 and on(Piece.AUC_UNDERGROUND, b, a)
         + on(Piece.AUC_ACTIVE, b, a) == 1),
    50: ("2 Police replaced by AUC Guerrillas (8.4.2)", _k50),
    51: ("3 pipelines Sabotaged", lambda b, a, f: sab(b, a) == 3),
    52: ("AUC Base placed, +1 AUC Resource per AUC Base (2)",
         lambda b, a, f: bases(A, b, a) == 1 and res(A)(b, a) == 2),
    53: ("the executor's Guerrillas, as many as possible, moved between 2 Departments", _k53),
    54: ("2 enemy Guerrillas replaced by the executor's (8.4.2, 8.1.2)", _k54),
    55: ("Cali 1 level toward Opposition (printed)", _k55),
    56: ("Cartels +4 and a Cartels Base in each of 2 Cities (printed)", _k56),
    57: ("2 Police replaced by Cartels pieces",
         lambda b, a, f: on(Piece.POLICE, b, a) == -2 and sum(
             a.faction_pieces(s.id, C) - b.faction_pieces(s.id, C) for s in MAP.spaces) == 2),
    58: ("up to 4 Police relocated (as many as possible, 8.4.2)",
         lambda b, a, f: moved(b, a) and on(Piece.POLICE, b, a) == 0),
    59: ("all Cartels Guerrillas Underground, up to 3 different ones relocated", _k59),
    60: ("a Cartels Base in each of 2 Cities",
         lambda b, a, f: sum(a.bases(s, C) - b.bases(s, C) for s in CITIES) == 2),
    61: ("a Cartels Base in each of 3 Departments without Cartels pieces",
         lambda b, a, f: bases(C, b, a) == 3),
    62: ("a Cartels Base in each of Guainía, Vaupés, Amazonas", _k62),
    64: ("Cartels Resources +7 (printed: +2 per City Base, +1 per Department Base)", _k64),
    65: ("a Shipment and an Insurgent Base placed in a Mountain Department (printed)", _k65),
    67: ("Momentum Mexican Traffickers", momentum(67)),
    69: ("all the executor's Guerrillas of the space where it has most moved", _k69),
    70: ("free Terror in each Forest with the executor's Guerrilla, +3 each", _k70),
    71: ("both of the executor's Bases in Panamá", _k71),
    72: ("every Available Cartels Guerrilla placed",
         lambda b, a, f: a.available_guerrillas(C) == 0 < b.available_guerrillas(C)),
}


@dataclass(frozen=True)
class CardCase:
    card: int
    faction: Faction
    position: int

    @property
    def side(self) -> str:
        return "unshaded" if self.card in SINGLE_TEXT else "shaded"  # 8.4.1

    @property
    def expected(self) -> str:
        """'event' or 'operation', with 8.1."""
        if self.card in ALWAYS_OPS:
            return "operation"
        if self.position == 1 and _LETTER[LEFTMOST_SYMBOL[self.card]] is not self.faction:
            return "operation"  # 8.1 bullet 1
        if self.position == 2 and self.card in GRAY2:
            return "operation"  # 8.1 bullet 2
        if self.card in INEFFECTIVE:
            return "operation"  # 8.1 bullet 3
        return "event"


# leftmost symbol of each printed card (symbols column of cards-2nd-edition.jsonl)
LEFTMOST_SYMBOL = {c: s for c, s in LEFTMOST.items()}
for _c, _row in PRINTED.items():
    assert _row["symbols"][0] == LEFTMOST_SYMBOL[_c], _c  # the literal copy is the print
    assert bool(_row["gray2"]) == (_c in GRAY2), _c
    assert (_row["shaded_text"] is None) == (_c in SINGLE_TEXT), _c

CARD_TABLE = [CardCase(c, f, 1) for c in range(1, 73) for f in NONPLAYERS]
CASES = CARD_TABLE + [CardCase(c, f, 2) for c in range(1, 73) for f in NONPLAYERS]
REVISED = {7, 26, 30, 36, 55, 56, 64, 65, 67}


def _id(case: CardCase) -> str:
    return f"card{case.card:02d}-{case.faction.label}-{['1st', '2nd'][case.position - 1]}"


@pytest.mark.parametrize("case", [pytest.param(c, id=_id(c)) for c in CASES])
def test_nonplayer_decision_and_key_effect_on_every_card(case: CardCase) -> None:
    # 8.1 bullets 1-3, 8.4.1; key effect per the printed card text and 8.4.2-8.4.3
    game = standard_game(case.card, case.faction, case.position)
    before = game.state.clone()
    got, cmd, trace = decision(game)
    assert got == case.expected, "\n".join(trace.lines())
    if got != "event":
        return
    assert cmd.side == case.side  # 8.4.1
    what, check = KEY_EFFECT[case.card]
    take_turn(game)
    assert check(before, game.state, case.faction), what


def test_card_37_ambush_takes_the_shipment_first() -> None:
    # card 37 shaded « AUC free Marches any of its Guerrillas and then, at any 1
    # destination, free Ambushes »; published instruction (nonplayer-event-notes): the
    # AUC's Attack priorities for the Ambush; 8.6.3 « Ciblez les Guérillas ennemies afin de
    # subtiliser les Cargaisons, puis les FARC, puis le Gouvernement ». The AUC March from
    # Atlántico into Cesar (FARC piece, no AUC); the 2 pieces the Ambush removes are the
    # Cartels Guerrilla holding a Shipment (the AUC take the Shipment) and then the FARC
    # Guerrilla; the Police stays.
    game = standard_game(37, A, 1)
    state = game.state
    put(state, "Atlántico", Piece.AUC_UNDERGROUND, 2)
    cesar = sid("Cesar")
    place(state, {cesar: "1P 1FU 1CU"})
    state.place_shipment(cesar, C)
    result = take_turn(game)
    assert result.decision == "event"
    board = game.state
    assert board.guerrillas(cesar, C) == 0 and board.shipments_at(cesar, A)
    assert board.guerrillas(cesar, F) == 0 and board.police(cesar) == 1


def test_engine_gray_2_marks_are_the_printed_ones() -> None:
    # 8.1 bullet 2 « sauf si la carte Évènement possède le symbole 2 en gris »: the
    # engine's table (flowcharts/nonplayer_events.toml) marks exactly the printed cards
    assert _engine_gray2() == GRAY2


def test_card_54_never_takes_back_its_own_replacement() -> None:
    # 8.4.2 « Placez ... autant de pièces que possible » (replace, not remove) and 8.1.2
    # « Éliminez les Bases ennemies, ... puis les Guérillas Dormantes » (enemy pieces
    # first): the AUC on #54 replace the FARC Guerrilla of Santander with an AUC one; the
    # chart then points at Santander again (red 2, yellow 4, green 6), where only AUC
    # Guerrillas are left, so the second Guerrilla comes from a space with an enemy one,
    # never the replacement just placed. Before issue 27 (D13) the second pick replaced
    # that AUC Guerrilla with a FARC one and the board was as before.
    game = standard_game(54, A, 1)
    before = game.state.clone()
    take_turn(game, ScriptedDice([2, 4, 6] * 6))
    after = game.state
    santander = sid("Santander")
    assert after.guerrillas(santander, F) == 0
    assert after.guerrillas(santander, A) == before.guerrillas(santander, A) + 1
    assert sum(after.on_map(k) for k in GUERRILLAS[A]) == \
        sum(before.on_map(k) for k in GUERRILLAS[A]) + 2
    assert sum(after.on_map(k) for k in GUERRILLAS[F]) == \
        sum(before.on_map(k) for k in GUERRILLAS[F]) - 2


def test_card_20_every_farc_guerrilla_marches() -> None:
    # card 20 shaded « FARC free Marches any of its Guerrillas then flips up to 3 of its
    # Guerrillas Underground »; 8.4.2 « relocalisez autant de pièces que possible »: on
    # the Standard set up every FARC Guerrilla on the map Marches (the report's March
    # lines add up to all of them), and none is left Active.
    import re

    game = standard_game(20, F, 1)
    before = sum(game.state.on_map(k) for k in GUERRILLAS[F])
    result = take_turn(game)
    assert result.decision == "event"
    lines = "\n".join(result.report)
    marched = sum(int(n) for n in re.findall(r"March: (\d+) FARC Guerrilla", lines))
    assert marched == before
    assert game.state.on_map(Piece.FARC_ACTIVE) == 0
