"""Conformance: the bullets of 8.1 (Non-player sequence of play), 8.1.1, 8.1.2
(procedures), 8.2 (random spaces), 8.3 (random LoCs) and 8.4 (Events), each on a stated
position, quoting the French text (seeds/002) with a translation. The bullet ids are those
of bullets_8_1_4.toml; test_s8_coverage.py checks every one is named by a test."""

from __future__ import annotations

import pytest

from core.dice import ScriptedDice
from core.map import MAP
from core.pieces import Faction, Piece
from core.rules.insurgent_ops import Rally
from core.state import GameState
from nonplayer.bot import Bot
from nonplayer.interpreter import plan_operation
from nonplayer.procedures import drug_profit_bases
from nonplayer.random_spaces import random_candidate, random_loc, random_space
from nonplayer.turn import decide, take_turn
from tests.conformance.s8 import after, decision, plan, standard_game
from tests.helpers import blank_state, position, put, sid
from tests.test_np_cartels import scarce

F, A, C, G = Faction.FARC, Faction.AUC, Faction.CARTELS, Faction.GOVT


# ---- 8.1 -------------------------------------------------------------------------------------
@pytest.mark.s8(bullet="8.1 bullet 1")
def test_first_eligible_event_only_with_leftmost_symbol() -> None:
    # 8.1 « La 1ère Faction Non-Joueur Éligible dont le symbole est le plus à gauche de la
    # carte Évènement en cours exécute l'Évènement, sinon une Opération »: card 21 Raúl
    # Reyes (FGAC): the FARC take the Event, the AUC (1st Eligible as well) do not.
    got, cmd, _ = decision(standard_game(21, F, 1))
    assert got == "event" and cmd.side == "shaded"
    got, _, _ = decision(standard_game(21, A, 1))
    assert got == "operation"


@pytest.mark.s8(bullet="8.1 bullet 2")
def test_second_eligible_event_unless_gray_2() -> None:
    # 8.1 « La 2nde Faction Non-Joueur Éligible choisit de jouer l'Évènement si elle le
    # peut, sauf si la carte ... possède le symbole 2 en gris »: card 38 (gray 2; an
    # Active AUC Guerrilla with cubes makes the shaded text effective): the AUC 1st
    # Eligible take it, the AUC 2nd Eligible execute an Operation; card 16 (no gray 2)
    # the 2nd Eligible AUC take the Event.
    game = standard_game(38, A, 1)
    game.state.flip(sid("Santander"), A, 1, to_active=True)
    assert decision(game)[0] == "event"
    game = standard_game(38, A, 2)
    game.state.flip(sid("Santander"), A, 1, to_active=True)
    assert decision(game)[0] == "operation"
    assert decision(standard_game(16, A, 2))[0] == "event"


@pytest.mark.s8(bullet="8.1 bullet 2 discord")
def test_insurgent_discord_government_chooses_in_a_two_player_game() -> None:
    # 8.1 « Dans une partie à 2 joueurs (et seulement), le Gouvernement choisit entre une
    # Évènement avec effet ou une Opération pour n'importe quelle 2nde Faction Non-joueur
    # Éligible ayant au moins 1 Ressource »: Government and FARC are players; the AUC 2nd
    # Eligible on card 16: the Government's "operation" stands; with 0 AUC Resources the
    # Government is not asked and the AUC take the Event.
    asked: list[Faction] = []

    def discord(state: GameState, faction: Faction) -> str:
        asked.append(faction)
        return "operation"

    game = standard_game(16, A, 2)
    game.state.seats = [1, 2, None, None]
    got, _, _, _ = decide(game, None, discord)
    assert got == "operation" and asked == [A]
    game.state.resources[A] = 0
    got, _, _, _ = decide(game, None, discord)
    assert got == "event" and asked == [A]
    game.state.seats = [1, 2, 3, None]  # 3 players: no Discord
    game.state.resources[A] = 5
    assert decide(game, None, discord)[0] == "event" and asked == [A]


@pytest.mark.s8(bullet="8.1 bullet 2 discord")
@pytest.mark.parametrize("card", [41, 63])
def test_insurgent_discord_any_second_eligible_gray_2_and_card_63(card: int) -> None:
    # 8.1 « le Gouvernement choisit entre une Évènement avec effet ou une Opération pour
    # n'importe quelle 2nde Faction Non-joueur Éligible ayant au moins 1 Ressource » (for
    # ANY 2nd Eligible Non-player with a Resource): the exception overrides « sauf si la
    # carte Évènement possède le symbole 2 en gris » and card 63's published "always
    # Operations". Card 41 shaded (gray 2: AUC Resources +6) and card 63 (gray 2, always
    # Operations; 2 Cartels Guerrillas in Cali make it effective), the AUC / Cartels 2nd
    # Eligible: alone they execute an Operation; in a 2-player game the Government is
    # asked, and its "event" is executed. (Fails before issue 27 D3: the Government was
    # asked only when the bot already wanted the Event.)
    faction = A if card == 41 else C
    asked: list[Faction] = []

    def discord(state: GameState, f: Faction) -> str:
        asked.append(f)
        return "event"

    game = standard_game(card, faction, 2)
    put(game.state, "Cali", Piece.CARTELS_UNDERGROUND, 2)
    assert decide(game, None, None)[0] == "operation"  # 8.1 bullet 2 (gray 2)
    game.state.seats = [1, 2, None, None]
    got, cmd, trace, _ = decide(game, None, discord)
    assert asked == [faction] and got == "event", "\n".join(trace.lines())
    assert cmd.side == ("unshaded" if card == 63 else "shaded")
    # « Évènement avec effet »: an Ineffective Event leaves nothing to choose
    asked.clear()
    assert decide(standard_game(68, C, 2), None, discord)[0] == "operation"
    game68 = standard_game(68, C, 2)
    game68.state.seats = [1, 2, None, None]
    assert decide(game68, None, discord)[0] == "operation" and asked == []


@pytest.mark.s8(bullet="8.1 bullet 3")
def test_ineffective_event_operation_instead_narco_subs_example() -> None:
    # 8.1 EXEMPLE D'EVENEMENT SANS EFFET « Les Cartels est la 1ère Éligible d'après la
    # carte "Narco-Subs". Il n'y a aucune pièce des Cartels dans des zones côtières ...
    # les Cartels exécutent une Opération »; with a Cartels Guerrilla in Chocó (coastal)
    # the Event has an effect and is taken.
    assert decision(standard_game(68, C, 1))[0] == "operation"
    game = standard_game(68, C, 1)
    put(game.state, "Chocó", Piece.CARTELS_UNDERGROUND)
    got, cmd, _ = decision(game)
    assert got == "event" and cmd.side == "shaded"


@pytest.mark.s8(bullet="8.1 bullet 4")
def test_zero_resources_pass_for_plus_one() -> None:
    # 8.1 « Lorsqu'une Faction Non-Joueur doit réaliser une Opération mais a 0 Ressource,
    # elle passe (en gagnant +1 Ressource) »: FARC 1st Eligible on card 1 (not leftmost).
    game = standard_game(1, F, 1)
    game.state.resources[F] = 0
    result = take_turn(game)
    assert result.decision == "pass" and game.state.resources[F] == 1


@pytest.mark.s8(bullet="8.1 bullet 5")
def test_no_limited_operation_full_operation_and_special_activity() -> None:
    # 8.1 « Dans le cas où une Faction Non-Joueur doit exécuter une Opération Limitée, elle
    # réalise à la place une Opération normale et (en général) une Activité Spéciale »:
    # the Government executed an Operation only (2.3.4: the 2nd Eligible may do a Limited
    # Operation); the FARC Rally in all their spaces and Extort.
    game = standard_game(1, F, 2)
    game.state.step["acted"] = [[int(G), "op"]]
    got, cmd, _ = decision(game, [1, 1, 1])
    assert got == "operation"
    assert isinstance(cmd.op, Rally) and len(cmd.op.spaces()) > 1
    assert cmd.special is not None and cmd.special.name == "Extort"


@pytest.mark.s8(bullet="8.1 bullet 6")
def test_no_shipping() -> None:
    # 8.1 « Les Factions Non Joueur ne peuvent pas réaliser d'Opérations suite à des
    # Expéditions (2.3.6) »: the Cartels hold a Shipment with a Guerrilla (a Ship would be
    # legal for a player); the planned command has no Ship.
    game = standard_game(1, C, 1)
    game.state.place_shipment(sid("Cali"), C)
    got, cmd, _ = decision(game, [1, 1, 1] * 4)
    assert got == "operation" and cmd.ship is None and cmd.ship_op is None


@pytest.mark.s8(bullet="8.1.1 guidance")
def test_do_as_much_as_possible_every_base_space_rallies() -> None:
    # 8.1.1 CONSEILS « Effectuez le maximum d'actions possibles (par exemple avec le maximum
    # de pièces autorisées tant que celles-ci sont disponibles) »: the FARC Rally places
    # Population plus Bases in each of its 3 Base spaces until the 4 Available Guerrillas
    # run out. Not all 3 can be served, so 8.2 « Si plusieurs Métropoles ou Départements
    # ... ont le même niveau de priorité ..., sélectionnez l'espace à l'aide de la table »
    # decides who is served first, one roll per space (« puis lancez de nouveau les dés »):
    # chart 6,3,6 = Huila (3: Pop 2 + 1 Base), then 3,3,6 = Meta East (the last 1);
    # Guaviare gets none. Formerly map order served Guaviare, then Huila, and Meta East
    # never got a Guerrilla whatever the dice.
    state = blank_state()
    for name in ("Huila", "Meta East", "Guaviare"):
        put(state, name, Piece.FARC_BASE)
    state.removed_from_game[F] = 30 - 4
    action, bot = plan(state, F, [6, 3, 6, 3, 3, 6])
    assert isinstance(action.op, Rally)
    assert action.op.steps == ((sid("Huila"), "place", 3, ()), (sid("Meta East"), "place", 1, ()))
    assert bot.dice.remaining == 0
    assert after(state, F, action).available_guerrillas(F) == 0


@pytest.mark.s8(bullet="8.2 bullet 4")
def test_every_candidate_served_alike_in_any_order_rolls_no_die() -> None:
    # 8.2 « puis lancez de nouveau les dés pour en sélectionner un nouveau si nécessaire »:
    # with Guerrillas enough for all 3 Base spaces (Pop plus Bases: 3 + 2 + 2), the order
    # changes nothing: no die (docs/readings.md#r-order-when-all-taken).
    state = blank_state()
    for name in ("Huila", "Meta East", "Guaviare"):
        put(state, name, Piece.FARC_BASE)
    state.removed_from_game[F] = 30 - 7
    action, bot = plan(state, F, [])
    assert isinstance(action.op, Rally)
    assert sum(n for _, kind, n, _ in action.op.steps if kind == "place") == 7


# ---- 8.1.2 -----------------------------------------------------------------------------------
@pytest.mark.s8(bullet="8.1.2 bullet 1")
def test_place_friendly_bases_before_guerrillas() -> None:
    # 8.1.2 « Placez des Bases amies avant de placer des Guérillas »: card 25 shaded « Place
    # any 3 FARC pieces into Antioquia or an adjacent Department », FARC 1st Eligible: in
    # the space chosen, as many FARC Bases as stacking allows (2 Bases a space), then
    # Guerrillas for the rest of the 3.
    game = standard_game(25, F, 1)
    before = game.state.clone()
    take_turn(game)
    s = next(x.id for x in MAP.spaces
             if game.state.faction_pieces(x.id, F) - before.faction_pieces(x.id, F) == 3)
    room = 2 - before.all_bases(s)
    assert room > 0
    assert game.state.bases(s, F) - before.bases(s, F) == room
    assert game.state.guerrillas(s, F) - before.guerrillas(s, F) == 3 - room


@pytest.mark.s8(bullet="8.1.2 bullet 1")
def test_place_friendly_bases_card_33_by_the_auc() -> None:
    # 8.1.2 bullet 1 with 8.4.2; card 33 shaded « Place 2 pieces in Ecuador »: the AUC
    # executing it places its own 2 Bases there, not the Government's.
    game = standard_game(33, A, 2)
    take_turn(game)
    assert game.state.bases(MAP.ECUADOR, A) == 2


@pytest.mark.s8(bullet="8.1.2 bullet 2")
@pytest.mark.s8(bullet="8.1.2 bullet 4")
def test_contraband_goes_to_an_underground_guerrilla_first() -> None:
    # 8.1.2 « Transférez les Cargaisons devant être enlevées vers une Guérilla Dormante de
    # leur propre Faction puis d'une autre Faction Non-joueur puis vers des Guérillas
    # Actives »; « Placez des Cargaisons avec des Guérillas Dormantes avant ... des
    # Actives ». The Cartels (no Rally: 2 Guerrillas and 2 Bases Available, 2 AUC Bases
    # in Huila; no March: the other 3 Shipments held in Vaupés) Terror in Huila (Support,
    # Activating 1 of their 2) and Bribe there against the FARC: the FARC Guerrillas go,
    # their Shipment passes to the Underground Cartels Guerrilla, not the Active one.
    state = position({"Huila": "1FU 1FA 2AB 2CU"}, support={"Huila": 1}, resources=20)
    state.place_shipment(sid("Huila"), F)
    scarce(state, 2, 2)
    put(state, "Vaupés", Piece.CARTELS_ACTIVE)
    for _ in range(3):
        state.place_shipment(sid("Vaupés"), C)
    action, bot = plan(state, C, [])
    assert action is not None and action.special is not None, bot.trace.lines()
    assert action.special.name == "Bribe"
    board = after(state, C, action)
    assert board.shipments_at(sid("Huila"), C) and not board.shipments_at(sid("Huila"), F)
    assert board.underground(sid("Huila"), C) >= 1


@pytest.mark.s8(bullet="8.1.2 bullet 4")
def test_shipment_transfer_order_other_nonplayer_underground_before_actives() -> None:
    # 8.1.2 « Transférez les Cargaisons devant être enlevées (4.5.3) vers une Guérilla
    # Dormante de leur propre Faction puis d'une autre Faction Non-joueur puis vers des
    # Guérillas Actives (FARC, puis AUC, puis Cartels), si possible. Ne transférez rien
    # d'autre volontairement » (docs/readings.md#r-np-shipment-transfer). A Cartels
    # Shipment in Cali, all Insurgents Non-players: the Cartels Underground Guerrilla goes,
    # the Active one still holds it (nothing must be removed: no voluntary transfer); that
    # one goes too: the FARC's Underground Guerrilla (another Non-player) takes it before
    # the AUC's Active one.
    state = position({"Cali": "1CU 1CA 1AA 1FU"})
    state.seats = [1, None, None, None]
    state.place_shipment(sid("Cali"), C)
    state.remove(sid("Cali"), Piece.CARTELS_UNDERGROUND)
    assert state.shipments_at(sid("Cali"), C)
    state.remove(sid("Cali"), Piece.CARTELS_ACTIVE)
    assert state.shipments_at(sid("Cali"), F) and not state.shipments_at(sid("Cali"), C)
    # no Non-player Underground Guerrilla left: Active ones, FARC before AUC
    state = position({"Cali": "1CA 1AA 1FA"})
    state.seats = [1, None, None, None]
    state.place_shipment(sid("Cali"), C)
    state.remove(sid("Cali"), Piece.CARTELS_ACTIVE)
    assert state.shipments_at(sid("Cali"), F)


@pytest.mark.s8(bullet="8.1.2 bullet 3")
def test_remove_enemy_bases_first() -> None:
    # 8.1.2 « Éliminez les Bases ennemies, puis les unités de Police, puis les Troupes, puis
    # les Guérillas Dormantes, et enfin les Guérillas Actives »: the AUC Assassinate in
    # Huila (FARC Base, FARC Underground and Active Guerrillas, no Police) removes the Base.
    state = position({"Huila": "1FU 1FA 1FB 2AU"}, support={"Huila": -1})
    state.removed_from_game[A] = 18 - 2 - 5
    action, bot = plan(state, A, [])
    assert action is not None and action.special is not None and action.special.name == \
        "Assassinate", bot.trace.lines()
    board = after(state, A, action)
    assert board.bases(sid("Huila"), F) == 0 and board.guerrillas(sid("Huila"), F) == 2


@pytest.mark.s8(bullet="8.1.2 bullet 4")
def test_remove_friendly_active_guerrillas_first() -> None:
    # 8.1.2 « Éliminez les Guérillas alliées Actives avant les Guérillas Dormantes »: the
    # FARC Rally replaces 2 of Huila's 3 Guerrillas (1 Active, 2 Underground) with a Base:
    # the Active one goes, 1 Underground stays.
    state = position({"Huila": "2FU 1FA"})
    action, _ = plan(state, F, [1, 1, 1])
    board = after(state, F, Rally_only(action))
    assert board.bases(sid("Huila"), F) == 1
    assert board.active(sid("Huila"), F) == 0 and board.underground(sid("Huila"), F) == 1


def Rally_only(action):  # type: ignore[no-untyped-def]  # noqa: N802
    """The planned Operation without its Special Activity (Extort would Activate)."""
    from core.game.sequence import OperationAction

    return OperationAction(action.op, None)


@pytest.mark.s8(bullet="8.1.2 bullet 5")
def test_shipments_held_place_bases_first_then_resources() -> None:
    # 8.1.2 « Utilisez les Cargaisons conservées pour placer tout d'abord des Bases, puis
    # pour obtenir +6 Ressources »: Drug Profits (6.3.3): the FARC Shipment in Huila (room
    # for a Base) becomes a Base; the one in Meta West (2 Bases already) gives +6.
    state = position({"Huila": "1FU", "Meta West": "1FU 2CB"})
    huila = state.place_shipment(sid("Huila"), F)
    state.place_shipment(sid("Meta West"), F)
    assert drug_profit_bases(state, F) == [huila]


@pytest.mark.s8(bullet="8.1.2 bullet 6")
def test_march_underground_first_only_three_into_support_march_example() -> None:
    # 8.1.2 EXEMPLE DE MARCHE « Un groupe de Guérillas Actives et Dormantes ... doit
    # effectuer une Marche vers une zone vide avec du Soutien ... seules 3 de ces Guérillas
    # ... peuvent faire le mouvement, la priorité étant donnée aux unités de Guérillas
    # Dormantes »: the AUC group in Antioquia (2 Underground, 3 Active) into Huila
    # (Support, a FARC Base): 3 go, the 2 Underground among them.
    state = position({
        "Antioquia": "2AU 3AA",
        "Huila": "1FB",
    }, support={"Antioquia": -1, "Huila": 1})
    state.removed_from_game[A] = 18 - 5 - 5
    action, _ = plan(state, A, [])
    assert action.op.groups == ((sid("Antioquia"), sid("Huila"), 2, 1, 0),)


# ---- 8.2 / 8.3 -------------------------------------------------------------------------------
CITIES = [s.id for s in MAP.cities]


@pytest.mark.s8(bullet="8.2 bullet 1")
def test_red_yellow_green_name_a_slot() -> None:
    # 8.2 « le rouge indique la colonne, le jaune indique une ligne composées de 3 choix, et
    # le vert indique lequel des trois choisir »: red 1, yellow 3, green 1 = Medellín.
    pick = random_space(GameState(), ScriptedDice([1, 3, 1]), CITIES)
    assert MAP[pick.space].name == "Medellín"


@pytest.mark.s8(bullet="8.2 bullet 2")
def test_walk_down_the_column_and_wrap() -> None:
    # 8.2 « parcourez la colonne vers le bas jusqu'à trouver un choix valide. Suivez les
    # flèches ... de Chocó vers Cali »: 6,6,6 = Chocó, not a candidate -> Cali -> Ibagué
    # -> Antioquia.
    pick = random_space(GameState(), ScriptedDice([6, 6, 6]), [sid("Antioquia"), sid("Huila")])
    assert MAP[pick.space].name == "Antioquia"


@pytest.mark.s8(bullet="8.2 bullet 3")
def test_panama_or_ecuador_first() -> None:
    # 8.2 « Si le Panamá ou l'Équateur (Ecuador) est l'un des espaces possibles (1.3.5),
    # sélectionnez le avant tout autre espace »: no dice needed, and before a LoC of the
    # same priority too (docs/readings.md#r-mixed-pool; formerly the LoC came first).
    pick = random_space(GameState(), ScriptedDice([]), [sid("Cali"), MAP.ECUADOR])
    assert pick.space == MAP.ECUADOR
    mixed = [sid("Nariño"), sid("Cali-Pasto LoC"), MAP.ECUADOR]
    assert random_candidate(GameState(), ScriptedDice([]), mixed).space == MAP.ECUADOR
    locs = [sid("Cali-Pasto LoC"), sid("Pasto-Tumaco LoC"), sid("Neiva-Pasto LoC")]
    assert random_candidate(GameState(), ScriptedDice([]), locs + [MAP.ECUADOR]).space \
        == MAP.ECUADOR


@pytest.mark.s8(bullet="8.2 bullet 3")
def test_ecuador_and_panama_both_candidates_a_die_decides() -> None:
    # 8.2 bullet 3 names both and gives no order between them: a die (1-3 Ecuador, 4-6
    # Panamá; 8.2 NOTE DE JEU « un simple jet de dé »), not Ecuador every time.
    pool = [sid("Cali"), MAP.PANAMA, MAP.ECUADOR]
    for die, first in ((2, MAP.ECUADOR), (5, MAP.PANAMA)):
        dice = ScriptedDice([die])
        pick = random_candidate(GameState(), dice, pool)
        assert pick.space == first and dice.remaining == 0


@pytest.mark.s8(bullet="8.2 bullet 1")
def test_mixed_pool_a_die_between_cities_and_departments_and_locs() -> None:
    # 8.2 « Si plusieurs Métropoles ou Départements sont candidats ... sélectionnez
    # l'espace à l'aide de la table »; 8.3 « Pour sélectionner une LdC »: no sentence
    # orders the two procedures in a mixed pool, as none orders Ecuador and Panamá: one
    # die decides, 1-3 the chart among the Cities and Departments, 4-6 the LoCs (8.2 NOTE
    # DE JEU « un simple jet de dé »; docs/readings.md#r-mixed-pool). Issue 33: the
    # Cities and Departments came first always (the LoC never, with one of them left).
    pool = [sid("Cali-Pasto LoC"), sid("Nariño"), sid("Huila")]
    dice = ScriptedDice([3, 6, 3, 6])  # Cities/Departments; chart: Huila
    assert random_candidate(GameState(), dice, pool).space == sid("Huila")
    assert dice.remaining == 0
    dice = ScriptedDice([4])  # LoCs: the only one
    assert random_candidate(GameState(), dice, pool).space == sid("Cali-Pasto LoC")
    assert random_candidate(GameState(), ScriptedDice([1]), pool[:2]).space == sid("Nariño")
    assert random_candidate(GameState(), ScriptedDice([6]), pool[:2]).space \
        == sid("Cali-Pasto LoC")


@pytest.mark.s8(bullet="8.2 bullet 4")
def test_as_much_as_possible_in_each_space_then_roll_again() -> None:
    # 8.2 « Exécutez le maximum d'actions possibles dans l'espace candidat ainsi trouvé, puis
    # lancez de nouveau les dés pour en sélectionner un nouveau si nécessaire »: Cartels
    # Terror in 3 of 4 Neutral Departments: 3 rolls of red, yellow, green. 1,1,1 each time
    # walks from Cali down the column: Antioquia, then Santander, then Cesar.
    state = blank_state()
    for name in ("Huila", "Antioquia", "Cesar", "Santander"):
        put(state, name, Piece.CARTELS_UNDERGROUND)
    scarce(state, 2, 2)
    put(state, "Vaupés", Piece.CARTELS_ACTIVE)
    for _ in range(4):
        state.place_shipment(sid("Vaupés"), C)
    dice = ScriptedDice([1, 1, 1] * 3)
    action = plan_operation(Bot(state, C, dice))
    assert action is not None
    assert action.op.where == (sid("Antioquia"), sid("Santander"), sid("Cesar"))
    assert dice.remaining == 0


@pytest.mark.s8(bullet="8.2 bullet 1")
def test_chart_dice_are_recorded_in_the_log() -> None:
    # 8.2 dice are real dice: docs/architecture.md promises every die in the log with its
    # purpose. The FARC Rally's bullet 4 rolls red, yellow, green: all 3 in the log.
    game = standard_game(1, F, 1)
    take_turn(game, ScriptedDice([1, 1, 1] * 10))
    entry = game.log[-1]
    logged = entry.get("decision_rolls", []) + entry["rolls"]
    assert len(logged) >= 3


LOC2 = [s.id for s in MAP.locs if s.econ == 2]


@pytest.mark.s8(bullet="8.3 bullet 1")
def test_loc_highest_econ_first() -> None:
    # 8.3 « celle(s) avec la plus grande Valeur Économique »: Arauca-Cúcuta (3) over
    # Cali-Pasto (1), no die.
    locs = [sid("Cali-Pasto"), sid("Arauca-Cúcuta")]
    assert random_loc(GameState(), ScriptedDice([]), locs).space == sid("Arauca-Cúcuta")


@pytest.mark.s8(bullet="8.3 bullet 2")
@pytest.mark.s8(bullet="8.3 bullet 3")
def test_loc_adjacent_to_a_random_city_then_a_die() -> None:
    # 8.3 « celle(s) adjacente(s) à une Métropole choisie aléatoirement, puis par un jet de
    # dé »; EXEMPLE: Bogotá (3,4,3) with 3 adjacent 2-Econ LoCs numbered 1-2, 3-4, 5-6: die
    # 5 -> the third.
    pick = random_loc(GameState(), ScriptedDice([3, 4, 3, 5]), LOC2)
    near = sorted(s for s in LOC2 if MAP.BOGOTA in MAP[s].adjacent)
    assert len(near) == 3 and pick.space == near[2]


@pytest.mark.s8(bullet="8.3 sabotage")
def test_sabotage_only_unsabotaged_locs() -> None:
    # 8.3 « Ne Sabotez que des LdC non Sabotées »: card 6 shaded « Sabotage a pipeline »
    # with every pipeline but one Sabotaged: that one.
    game = standard_game(6, F, 2)
    pipelines = [s.id for s in MAP.locs if s.loc_type == "pipeline"]
    assert len(pipelines) > 1
    for s in pipelines[1:]:
        game.state.sabotage[s] = 1
    take_turn(game)
    assert game.state.sabotage[pipelines[0]] == 1


# ---- 8.4 -------------------------------------------------------------------------------------
@pytest.mark.s8(bullet="8.4.1")
def test_dual_use_shaded_single_text_its_only_text() -> None:
    # 8.4.1 « Les Factions Non-Joueur exécutent la portion grisée du texte si l'Évènement
    # est à double usage »: card 5 (dual) shaded; card 19 (one text) its unshaded text.
    assert decision(standard_game(5, F, 2))[1].side == "shaded"
    assert decision(standard_game(19, F, 1))[1].side == "unshaded"


@pytest.mark.s8(bullet="8.4.2")
def test_placement_as_many_pieces_as_possible() -> None:
    # 8.4.2 « Placez ou relocalisez autant de pièces que possible »: card 72 shaded « Place
    # all available Cartels Guerrillas into spaces with Cartels Bases »: none left.
    game = standard_game(72, C, 1)
    assert game.state.available_guerrillas(C) > 0
    take_turn(game)
    assert game.state.available_guerrillas(C) == 0


@pytest.mark.s8(bullet="8.4.3")
def test_shift_where_the_totals_change_most() -> None:
    # 8.4.3 « Pour un changement de Soutien ou d'Opposition, choisissez les zones pour
    # lesquelles l'écart entre l'ancienne et la nouvelle valeur est le plus grand »: card
    # 48 shaded, 2 Cities other than Bogotá 1 level toward Active Opposition: the two of
    # Population 3 (Cali and Medellín), each a change of 3.
    game = standard_game(48, A, 1)
    before = game.state.clone()
    take_turn(game)
    changed = {MAP[s].name for s in range(len(before.support))
               if before.support[s] != game.state.support[s]}
    assert changed == {"Cali", "Medellín"}


@pytest.mark.s8(bullet="8.4.3")
def test_shift_the_greatest_change_not_the_first_of_equal_population() -> None:
    # 8.4.3 « choisissez les zones pour lesquelles l'écart entre l'ancienne et la nouvelle
    # valeur est le plus grand » (the greatest difference between old and new value):
    # card 44 shaded « Shift a City from Support to Neutral », the only Cities with Support
    # Cartagena (Active) and Cúcuta (Passive), both Population 1: Cartagena changes 2, so
    # it goes to Neutral whatever the dice (red 3 on the 8.2 chart gives Cúcuta). (Fails
    # before issue 27 D4: Population alone tied them and the chart chose Cúcuta.)
    game = standard_game(44, A, 1)
    state = game.state
    for city in MAP.cities:
        state.set_support(city.id, 0)
    state.set_support(sid("Cartagena"), 2)
    state.set_support(sid("Cúcuta"), 1)
    take_turn(game, ScriptedDice([3, 1, 1] * 10))
    assert game.state.support[sid("Cartagena")] == 0
    assert game.state.support[sid("Cúcuta")] == 1


@pytest.mark.s8(bullet="8.4.3")
def test_shift_value_is_population_times_levels() -> None:
    # 8.4.3 « l'écart entre l'ancienne et la nouvelle valeur » read as the space's
    # Support/Opposition value (1.6.2 « le soutien ou l'opposition actifs comptent double
    # dans l'évaluation du total des valeurs de soutien/opposition »): Population x levels
    # (docs/readings.md#r-np-event-shift). Card 44 shaded: Bogotá at Passive Support
    # (8 x 1) goes to Neutral before Cartagena at Active Support (1 x 2).
    game = standard_game(44, A, 1)
    state = game.state
    for city in MAP.cities:
        state.set_support(city.id, 0)
    state.set_support(MAP.BOGOTA, 1)
    state.set_support(sid("Cartagena"), 2)
    take_turn(game, ScriptedDice([3, 1, 1] * 10))
    assert game.state.support[MAP.BOGOTA] == 0 and game.state.support[sid("Cartagena")] == 2


@pytest.mark.s8(bullet="8.4.3")
def test_non_shift_space_choice_is_random_on_a_shift_card() -> None:
    # 8.4.3 « Sélectionnez les zones au hasard (8.2-.3) ... Pour un changement de Soutien
    # ... » (Population only for the shift): card 24 shaded « Remove 2 Troops from a space
    # with FARC pieces »: Bogotá and Cali both qualify; chart 1,1,1 = Cali.
    game = standard_game(24, F, 1)
    put(game.state, "Bogotá", Piece.FARC_UNDERGROUND)
    put(game.state, "Cali", Piece.FARC_UNDERGROUND)
    game.state.pieces[sid("Santander") * len(Piece) + Piece.TROOPS] = 0
    before = game.state.clone()
    take_turn(game, ScriptedDice([1, 1, 1] * 6))
    assert before.troops(sid("Cali")) - game.state.troops(sid("Cali")) == 2
    assert game.state.troops(MAP.BOGOTA) == before.troops(MAP.BOGOTA)


@pytest.mark.s8(bullet="8.4.4")
def test_instruction_of_the_leftmost_factions_aid() -> None:
    # 8.4.4 « vérifiez pour cet Évènement s'il existe des instructions spécifiques ... si son
    # symbole est situé le plus à gauche »; card 21 (FARC leftmost), published: place the
    # FARC Base in a space with FARC Guerrillas and Support if possible -- Santander is the
    # one such space at set up.
    game = standard_game(21, F, 1)
    before = game.state.clone()
    take_turn(game)
    assert game.state.bases(sid("Santander"), F) == before.bases(sid("Santander"), F) + 1


@pytest.mark.s8(bullet="8.4.4")
def test_instruction_binds_only_the_faction_whose_symbol_is_leftmost() -> None:
    # 8.4.4 « vérifiez pour cet Évènement s'il existe des instructions spécifiques à cette
    # Faction Non-Joueur si son symbole est situé le plus à gauche sur la carte »
    # (docs/readings.md#r-np-instructions-leftmost): card 57 (Cartels leftmost; published
    # instruction: Police in Cities first). The Cartels replace Cali's Police first; the
    # FARC executing the same text (2nd Eligible) pick both spaces on the chart (1,1,3:
    # Antioquia, then Huila) and Cali keeps its Police. (Fails before issue 27 D9: the
    # instruction bound every executor, Cali went first.)
    from core import events
    from core.commands import Context
    from nonplayer.events import NonPlayerChooser

    def run(faction: Faction) -> GameState:
        state = blank_state(card=57)
        for name in ("Huila", "Cali", "Antioquia"):
            put(state, name, Piece.POLICE, 1)
        chooser = NonPlayerChooser(ScriptedDice([1, 1, 3] * 4), state, faction, 57)
        events.run_event(state, Context(faction=faction, chooser=chooser, nonplayer=True),
                         57, "shaded")
        return state

    cartels = run(C)
    assert cartels.police(sid("Cali")) == 0
    farc = run(F)
    assert farc.police(sid("Cali")) == 1
    assert farc.police(sid("Antioquia")) == 0 and farc.police(sid("Huila")) == 0


def test_instruction_flag_binds_any_executor(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # 8.4.4, decided again in issue 33 (docs/readings.md#r-np-instructions-leftmost): the
    # alternative reading, every instruction binds whichever Non-player executes, is one
    # flag away: card 57 (Cartels leftmost) binds the FARC too
    from nonplayer import events as np_events

    assert not np_events.instructions_apply(57, F)
    assert np_events.instructions_apply(57, C)
    assert np_events.instructions_apply(1, F)  # Government leftmost: the random aid's
    monkeypatch.setattr(np_events, "INSTRUCTIONS_BIND_ANY_EXECUTOR", True)
    assert np_events.instructions_apply(57, F)


@pytest.mark.s8(bullet="8.1 bullet 1")
def test_np_turn_stops_right_after_the_nonplayer_turn(tmp_path) -> None:  # type: ignore[no-untyped-def]
    # 8.1 bullet 1: the 1st Eligible FARC on card 1 (not leftmost) executes an Operation;
    # `andean np-turn --position first` must return the position right after that turn
    # (card 1 still current, the FARC's Operation recorded), not run on into the next card.
    from core.game import serialize
    from tui.commands.main import main

    main(["new", "--scenario", "standard", "--seed", "1", "--players", "1", "--nonplayers",
          "--out", str(tmp_path / "g.json")])
    main(["np-turn", str(tmp_path / "g.json"), "--faction", "FARC", "--card", "1",
          "--dice", "1,1,1,1,1,1", "--save", str(tmp_path / "o.json")])
    state = serialize.load(tmp_path / "o.json").state
    assert state.current_card == 1
    assert any(a[0] == int(F) for a in state.step["acted"])
