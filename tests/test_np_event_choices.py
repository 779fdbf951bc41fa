"""Non-player Event choices (8.4.2 with 8.1.2): one piece ranking that knows whether the
question places pieces or acts against them, and whose pieces are the executor's own.

Checked over every side of all 72 Event cards, executed by each Non-player Insurgent from
several positions (the two set ups and positions reached by random play), plus the card 33
reproduction of issue 10 (B1) for FARC, AUC and Cartels.
"""

from __future__ import annotations

import contextlib
import random
from functools import cache

import pytest

from core import events
from core.commands import Context
from core.dice import ScriptedDice, SeededDice
from core.errors import IllegalAction
from core.events.choice import Choice
from core.game import Game
from core.game.random_play import random_command
from core.map import MAP
from core.pieces import Faction, Piece
from core.setup import new_state
from core.state import GameState
from nonplayer.events import (
    AGAINST,
    PLACE,
    NonPlayerChooser,
    card_row,
    faction_options,
    piece_action,
)
from tests.helpers import blank_state, place, position, sid

NONPLAYERS = (Faction.FARC, Faction.AUC, Faction.CARTELS)


@cache
def _positions() -> tuple[GameState, ...]:
    out = [new_state("standard", seed=1), new_state("quick", seed=1)]
    for seed in (3, 4):
        game = Game(new_state("standard", seed=seed))
        rng = random.Random(seed)
        for _ in range(60):
            try:
                game.apply(random_command(game.state, rng))
            except Exception:  # noqa: BLE001 - a random walk that ends early is still a position
                break
        out.append(game.state)
    return tuple(out)


class _Checked(NonPlayerChooser):
    """The Non-player chooser, recording each general (not 8.4.4) piece answer."""

    def __init__(self, faction: Faction, card: int) -> None:
        super().__init__(SeededDice(), faction=faction, card=card)
        self.seen: list[tuple[Choice, list[int]]] = []

    def choose(self, state: GameState, choice: Choice) -> list[int]:
        answer = super().choose(state, choice)
        preferred = any(p.match.lower() in choice.why.lower() for p in card_row(self.card).prefer)
        if (choice.kind == "pieces" or faction_options(choice) is not None) and not preferred:
            self.seen.append((choice, list(answer)))
        return answer


#: Every question of the 72 cards that names a Faction whose pieces are placed or acted
#: upon, with what the chosen Faction gets, read off the printed card texts (not from the
#: chooser's wording detector): PLACE, it places, moves or acts with its own pieces (so a
#: Non-player names itself first, 8.1.2 bullet 1, 8.4.2,
#: docs/readings.md#r-conf-insurgent-faction-self); AGAINST, its pieces or Resources are
#: acted upon (so others first). A question not listed fails the test until classified.
FACTION_QUESTIONS: tuple[tuple[str, str], ...] = (
    ("which Insurgent Faction places?", PLACE),  # card 34 shaded "An Insurgent Faction places"
    ("whose Resources drop by 5?", AGAINST),  # card 34 unshaded
    ("place whose Base in Panamá?", PLACE),  # card 71 shaded "Place 1-2 Bases in Panamá"
    ("FARC or AUC Ambushes?", PLACE),  # card 29 shaded "FARC or AUC ... executes 2 Ambushes"
    ("which Insurgent Faction Terrors?", PLACE),  # card 46 "An Insurgent Faction executes"
    ("which Faction Terrors?", PLACE),  # card 70 shaded "A Faction executes free Terror"
    ("which Insurgent Faction moves Guerrillas?", PLACE),  # card 53 "moves 1 or 2 Guerrillas"
    ("with which Faction's?", PLACE),  # card 54 "replace them with any other Factions'"
    ("held by which Faction?", AGAINST),  # card 55 unshaded "Remove 2 Shipments"
    ("place the Shipment under whose Guerrilla?", PLACE),  # card 65 "Place ... 1 Shipment"
    ("place whose Base?", PLACE),  # card 65 "Place ... Insurgent Base"
    ("remove whose Base?", AGAINST),  # card 65 "remove ... Insurgent Base"
    ("Activate which Factions", AGAINST),  # free Sweeps (cards 19, 37 unshaded, ...)
    ("Activate whose", AGAINST),
    ("target which Factions?", AGAINST),  # free Assaults (card 19)
    ("to whose Guerrilla does it pass?", PLACE),  # 4.5.3: the Shipment goes to it
)


def _faction_role(why: str) -> str | None:
    return next((role for text, role in FACTION_QUESTIONS if text in why), None)


def _violations(faction: Faction, choice: Choice, answer: list[int]) -> list[str]:
    whose = faction_options(choice)
    if whose is not None:
        return _faction_violations(faction, choice, whose, answer)
    own = [k for k in choice.options if Piece(k).faction is faction]
    enemy = [k for k in choice.options if Piece(k).faction is not faction]
    bad = []
    for k in answer[:1]:
        piece = Piece(k)
        if piece_action(choice.why) == PLACE:
            # 8.1.2 "Placez les Bases amies avant les Guérillas": own pieces placed first,
            # own Bases before own Guerrillas
            if own and piece.faction is not faction:
                bad.append(f"placed {piece.name} where its own could go")
            if piece.faction is faction and not piece.is_base and any(
                Piece(o).is_base for o in own
            ):
                bad.append(f"placed {piece.name} before its own Base")
        else:
            # 8.1.2 enemy Bases, Police, Troops, Underground, Active; own pieces last
            if enemy and piece.faction is faction:
                bad.append(f"took its own {piece.name} while enemy pieces were offered")
    return [f"{choice.why} {[Piece(o).name for o in choice.options]}: {b}" for b in bad]


def _faction_violations(
    faction: Faction, choice: Choice, whose: list[Faction], answer: list
) -> list[str]:
    role = _faction_role(choice.why)
    if role is None:
        return [f"{choice.why}: a question of whose pieces not classified in FACTION_QUESTIONS"]
    picked = [whose[choice.options.index(a)] for a in answer[:1]]
    others = [f for f in whose if f is not faction]
    bad = []
    for f in picked:
        if role == PLACE and faction in whose and f is not faction:
            # 8.1.2 bullet 1, 8.4.2: the Non-player places (acts with) its own pieces
            bad.append(f"named {f.label} where it could name itself")
        if role == AGAINST and others and f is faction:
            # 8.1.2 bullet 3: enemy pieces first, its own last
            bad.append("named itself while other Factions were offered")
    return [f"{choice.why} {[f.label for f in whose]}: {b}" for b in bad]


@pytest.mark.parametrize("card", range(1, 73))
def test_every_card_ranks_pieces_by_place_or_remove_8_4_2_8_1_2(card: int) -> None:
    # 8.4.2 "Placez ou déplacez autant de pièces que possible (selon 8.1.2)" (place or
    # relocate as many pieces as possible, per 8.1.2); 8.1.2 friendly Bases before
    # Guerrillas, enemy pieces removed first. Questions of whose pieces ("An Insurgent
    # Faction places", card 34; "place whose Base", card 71) follow the same order.
    problems: list[str] = []
    for state in _positions():
        for side in (events.UNSHADED, events.SHADED):
            if not events.implemented(card, side):
                continue
            for faction in NONPLAYERS:
                trial = state.clone()
                chooser = _Checked(faction, card)
                ctx = Context(faction=faction, dice=SeededDice(), chooser=chooser, nonplayer=True)
                with contextlib.suppress(IllegalAction):
                    events.run_event(trial, ctx, card, side)
                for choice, answer in chooser.seen:
                    mine = faction if choice.decider is None else Faction(choice.decider)
                    problems += [f"{faction.label} {side}: {v}"
                                 for v in _violations(mine, choice, answer)]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("faction", NONPLAYERS)
def test_card_33_shaded_places_own_bases_in_ecuador_8_1_2(faction: Faction) -> None:
    # card 33 shaded "Place 2 pieces in Ecuador" executed by a Non-player: 8.4.2 as many as
    # possible, 8.1.2 "Placez les Bases amies avant les Guérillas" (place friendly Bases
    # before Guerrillas); the published example: the FARC places both its Available Bases.
    state = new_state("standard", seed=1)
    chooser = NonPlayerChooser(SeededDice(), faction=faction, card=33)
    ctx = Context(faction=faction, dice=SeededDice(), chooser=chooser, nonplayer=True)
    events.run_event(state, ctx, 33, events.SHADED)
    ecuador = MAP.ECUADOR
    assert state.bases(ecuador, faction) == 2
    assert state.all_bases(ecuador) == 2


def test_piece_action_reads_the_question() -> None:
    # replacing *with* a piece places it; replacing a piece acts against it
    assert piece_action("#33 Sucumbíos: place which piece in Ecuador (1 of 2)?") == PLACE
    assert piece_action(
        "#57 Op Millennium: replace the Police in Neiva with which Cartels piece?") == PLACE
    assert piece_action("#57 Op Millennium: replace a Cartels piece: which piece in X?") != PLACE
    assert piece_action("#19 General Offensive: Attack in Cali: and which second?") != PLACE


def test_card_37_shaded_ambush_takes_shipments_first_8_6_3() -> None:
    # card 37 (published 8.4.4 instruction): the AUC's March priorities, then its Attack
    # priorities for the Ambush. 8.6.3 "Ciblez les Guérillas ennemies de façon à prendre
    # des Cargaisons, puis les FARC, puis le Gouvernement" (target enemy Guerrillas so as
    # to take Shipments, then FARC, then the Government).
    state = position({"Bogotá": "2AU"})
    huila = sid("Huila")
    place(state, {huila: "1T 1FU 1FB 1CU"})
    state.place_shipment(huila, Faction.CARTELS)
    chooser = NonPlayerChooser(ScriptedDice([]), faction=Faction.AUC, card=37)
    ctx = Context(faction=Faction.AUC, dice=ScriptedDice([]), chooser=chooser, nonplayer=True)
    events.run_event(state, ctx, 37, events.SHADED)
    assert state.guerrillas(huila, Faction.AUC) >= 2  # marched in (and Ambush placed 1)
    # the Cartels Guerrilla holding the Shipment goes first (the Shipment passes to the
    # AUC), then the FARC Guerrilla; the FARC Base and the Troops stay
    assert state.guerrillas(huila, Faction.CARTELS) == 0
    assert state.shipments_at(huila, Faction.AUC)
    assert state.guerrillas(huila, Faction.FARC) == 0
    assert state.bases(huila, Faction.FARC) == 1
    assert state.count(huila, Piece.TROOPS) == 1


def _run(state: GameState, faction: Faction, card: int, side: str, dice: list[int]) -> None:
    roll = ScriptedDice(dice)
    chooser = NonPlayerChooser(roll, faction=faction, card=card)
    events.run_event(state, Context(faction=faction, dice=roll, chooser=chooser,
                                    nonplayer=True), card, side)
    assert roll.remaining == 0


def test_card_24_shaded_troops_space_at_random_not_by_population_8_4_3() -> None:
    # 8.4.3 "Sélectionnez les espaces au hasard (8.2-8.3) ... Pour un décalage de Soutien
    # ou d'Opposition, choisissez les espaces où la différence ... est la plus grande"
    # (spaces at random; Population ranks only a shift). Red 1, yellow 1, green 1: Cali.
    state = blank_state()
    for name in ("Bogotá", "Cali"):
        place(state, {name: "2T 1FU"})
    _run(state, Faction.FARC, 24, events.SHADED, [1, 1, 1])
    assert state.troops(sid("Cali")) == 0
    assert state.troops(sid("Bogotá")) == 2


def test_card_24_shaded_city_shift_by_population_8_4_3() -> None:
    # the shift question of the same card ranks by the change in the totals (8.4.3)
    state = position({"Cali": "2T 1FU"}, support={"Bogotá": 1, "Cali": 1})
    _run(state, Faction.FARC, 24, events.SHADED, [])
    assert state.support[sid("Bogotá")] == 0 and state.support[sid("Cali")] == 1


def test_card_46_terror_space_at_random_not_by_population_8_4_3() -> None:
    # card 46 Limpieza: the Terror space is chosen at random (8.2), not by Population
    state = blank_state()
    for name in ("Bogotá", "Cali"):
        place(state, {name: "1T 1AU"})
    _run(state, Faction.AUC, 46, events.UNSHADED, [1, 1, 1])
    assert state.terror[sid("Cali")] and not state.terror[sid("Bogotá")]


@pytest.mark.parametrize("die, pick", [(1, "Huila"), (3, "Huila"), (4, "Bogotá-Neiva"),
                                       (6, "Bogotá-Neiva")])
def test_mixed_loc_and_space_candidates_a_die_decides_r_mixed_pool(die: int, pick: str) -> None:
    # 8.2 « Si plusieurs Métropoles ou Départements sont candidats ... sélectionnez
    # l'espace à l'aide de la table », 8.3 « Pour sélectionner une LdC »: no text orders
    # the two; Events follow the flowcharts' one rule (docs/readings.md#r-mixed-pool): a
    # die, 1-3 the Cities and Departments (8.2), 4-6 the LoCs (8.3). Issue 33: the
    # Department was taken always.
    state = blank_state()
    loc, dept = sid("Bogotá-Neiva"), sid("Huila")
    chooser = NonPlayerChooser(ScriptedDice([die]), faction=Faction.FARC)
    answer = chooser.choose(state, Choice("spaces", (dept, loc), 1, 1, "Sabotage where?"))
    assert answer == [sid(pick)]


def test_ecuador_before_a_loc_of_the_same_priority_8_2_r_mixed_pool() -> None:
    # 8.2 « Si le Panamá ou l'Équateur ... est l'un des espaces possibles, sélectionnez le
    # avant tout autre espace »: before a LoC too (formerly the LoC came first).
    state = blank_state()
    loc = sid("Cali-Pasto LoC")
    chooser = NonPlayerChooser(ScriptedDice([]), faction=Faction.AUC)
    answer = chooser.choose(state, Choice("spaces", (loc, MAP.ECUADOR), 1, 1, "Where?"))
    assert answer == [MAP.ECUADOR]


def test_card_54_replacement_names_the_executor_8_1_2() -> None:
    # card 54 "replace them with any other Factions' available Guerrillas": the option
    # question offers Faction names; 8.1.2 bullet 1 / 8.4.2 the Non-player places its own
    # (the options come in card order, AUC before Cartels)
    why = "#54 Deserters & Defectors: replace the FARC Guerrilla in Huila with which Faction's?"
    chooser = NonPlayerChooser(ScriptedDice([]), faction=Faction.CARTELS, card=54)
    assert chooser.choose(blank_state(), Choice("option", ("AUC", "Cartels"), 1, 1, why)) == [
        "Cartels"]


def test_card_71_shaded_places_own_bases_in_panama_8_1_2() -> None:
    # card 71 shaded "Place 1-2 Bases in Panamá": the executing Non-player names itself
    # (8.1.2 "Placez les Bases amies", 8.4.2 as many as possible): both its own Bases
    for faction in NONPLAYERS:
        state = new_state("standard", seed=1)
        chooser = NonPlayerChooser(SeededDice(), faction=faction, card=71)
        ctx = Context(faction=faction, dice=SeededDice(), chooser=chooser, nonplayer=True)
        events.run_event(state, ctx, 71, events.SHADED)
        assert state.bases(MAP.PANAMA, faction) == 2, faction
