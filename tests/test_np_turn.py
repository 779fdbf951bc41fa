"""Non-player turn logic (8.1) and Propaganda decisions (6.3.3 with 8.1.2, 8.6.1, 8.7.5)."""

from __future__ import annotations

from core.commands import Context
from core.dice import ScriptedDice
from core.game import Game
from core.game.sequence import Pass
from core.pieces import Faction, Piece
from core.rules import propaganda
from nonplayer.trace import Trace
from nonplayer.turn import agitation_plan, decide, elite_backing_plan, propaganda_decision
from tests.helpers import blank_state, place, position, put, sid


def _farc_controls(state, name: str, guerrillas: int = 2) -> int:
    s = sid(name)
    put(state, s, Piece.FARC_UNDERGROUND, guerrillas)
    return s


def test_agitation_everywhere_when_affordable_8_7_5():
    s = blank_state(resources=20)
    a = _farc_controls(s, "Huila")  # Neutral: 2 shifts to Active Opposition
    b = _farc_controls(s, "Chocó")
    s.set_support(b, -1)  # 1 shift left
    s.terror[b] = 1  # Terror removed first, then the shift
    cmd = agitation_plan(s, ScriptedDice([]), Trace("FARC"))
    assert dict(cmd.actions) == {a: 2, b: 2}


def test_agitation_priorities_when_short_fewest_terror_support_pop_8_7_5():
    s = blank_state(resources=2)
    a = _farc_controls(s, "Huila")  # Pop 2, Neutral
    b = _farc_controls(s, "Cesar")  # Pop 1, Support: preferred over Neutral
    s.set_support(b, 1)
    c = _farc_controls(s, "Antioquia")  # Pop 2 but 1 Terror: last
    s.terror[c] = 1
    cmd = agitation_plan(s, ScriptedDice([]), Trace("FARC"))
    assert cmd.actions == ((b, 2),)
    s.resources[Faction.FARC] = 4  # Cesar needs 3 shifts (Passive Support to Active Opp.)
    cmd = agitation_plan(s, ScriptedDice([]), Trace("FARC"))
    assert cmd.actions == ((b, 3), (a, 1))
    assert c not in dict(cmd.actions)


def test_agitation_removes_terror_only_if_a_shift_follows_8_7_5():
    s = blank_state(resources=1)
    a = _farc_controls(s, "Huila")
    s.terror[a] = 1  # 1 Resource would only remove the Terror: not done
    cmd = agitation_plan(s, ScriptedDice([]), Trace("FARC"))
    assert cmd.actions == ()
    s.set_support(a, -2)
    s.resources[Faction.FARC] = 5
    assert agitation_plan(s, ScriptedDice([]), Trace("FARC")).actions == ()  # nothing to gain


def test_agitation_plan_is_a_legal_command_6_4_2():
    s = blank_state(resources=3)
    _farc_controls(s, "Huila")
    _farc_controls(s, "Cesar")
    s.phase = "propaganda"
    s.step = {"phase": propaganda.AGITATION, "faction": int(Faction.FARC)}
    cmd = agitation_plan(s, ScriptedDice([6, 6, 6]), Trace("FARC"))
    cmd.execute(s, Context(faction=Faction.FARC))
    assert s.resources[Faction.FARC] == 0  # as much as possible: Huila x2, Cesar x1
    assert s.support[sid("Huila")] == -2 and s.support[sid("Cesar")] == -1


def test_elite_backing_places_a_base_if_possible_8_6_1():
    s = blank_state()
    h = sid("Cesar")
    put(s, h, Piece.AUC_UNDERGROUND, 2)  # AUC Control is neither Govt nor FARC Control
    cmd = elite_backing_plan(s, ScriptedDice([]), Trace("AUC"))
    assert cmd.rally is not None
    assert cmd.rally.steps[0][0] == h and cmd.rally.steps[0][1] == "base"


def test_elite_backing_else_places_guerrillas_farc_base_first_8_6_1():
    s = blank_state()
    f = sid("Huila")
    place(s, {f: "1P 1FB"})  # 1 vs 1: not FARC Control
    cmd = elite_backing_plan(s, ScriptedDice([]), Trace("AUC"))
    assert cmd.rally is not None
    assert cmd.rally.steps[0][:2] == (f, "place")


def test_drug_profits_bases_first_8_1_2():
    s = blank_state()
    h = sid("Huila")
    put(s, h, Piece.CARTELS_UNDERGROUND, 1)
    s.place_shipment(h, Faction.CARTELS)
    s.phase = "propaganda"
    s.step = {"phase": propaganda.DRUG_PROFITS, "faction": int(Faction.CARTELS)}
    cmd = propaganda_decision(s, Faction.CARTELS, ScriptedDice([]), Trace("Cartels"))
    assert cmd.bases == (0,)


def test_zero_resources_means_pass_8_1():
    s = blank_state(resources=0, card=19)
    s.seats = [1, None, None, None]
    s.eligible[Faction.FARC] = False
    s.eligible[Faction.GOVT] = False  # AUC is 1st Eligible, not leftmost: an Operation
    decision, cmd, trace, _ = decide(Game(s))
    assert decision == "pass" and isinstance(cmd, Pass)
    assert any("0 Resources" in line for line in trace.lines())


# ---- 8.1 Event or Operation -------------------------------------------------------------
def test_ineffective_event_is_not_chosen_8_1():
    # published example: card 38 shaded (all AUC Guerrillas to Underground) is ineffective
    # when all AUC Guerrillas are Underground, effective again once one is Active.
    from nonplayer.events import is_effective

    s = position({"Cali": "1P 2AU"}, card=38)
    assert not is_effective(s, Faction.AUC, 38, "shaded")
    put(s, "Cali", Piece.AUC_ACTIVE, 1)
    assert is_effective(s, Faction.AUC, 38, "shaded")
    assert s.active(sid("Cali"), Faction.AUC) == 1  # tested on a clone only


def test_momentum_always_counts_as_an_effect_8_1():
    from nonplayer.events import is_effective

    s = blank_state(card=27)  # Misil Antiaereo: shaded is Momentum
    assert is_effective(s, Faction.FARC, 27, "shaded")


def test_first_eligible_leftmost_nonplayer_executes_the_shaded_event_8_1_8_4_1():
    s = blank_state(card=38)  # AGFC: AUC leftmost
    s.seats = [1, None, None, None]
    place(s, {"Cali": "1P 1AA"})
    decision, cmd, trace, chooser = decide(Game(s))
    assert decision == "event" and cmd.side == "shaded"
    assert chooser is not None


def test_ineffective_first_eligible_event_falls_back_to_operation_8_1():
    s = blank_state(card=38)
    s.seats = [1, None, None, None]
    place(s, {"Cali": "1P 1AU"})
    decision, _, trace, _ = decide(Game(s), ScriptedDice([1] * 30))
    assert decision in ("operation", "pass")
    assert any("ineffective" in line for line in trace.lines())


def test_insurgent_discord_lets_the_government_choose_8_1():
    # 2 players with Non-players (Government + FARC players): the Government decides for a
    # 2nd Eligible Non-player with Resources between an effective Event and Operations.
    s = blank_state(card=6)  # Oil Spill, GFCA, no gray 2
    s.seats = [1, 2, None, None]
    s.step["acted"] = [[int(Faction.GOVT), "op_sa"]]  # so the Event is open to the 2nd
    s.step["passed"] = [int(Faction.FARC)]
    s.sabotage[sid("Cartagena-Sincelejo LoC")] = 0  # shaded Sabotages a pipeline: effective
    asked = []

    def discord(state, faction):
        asked.append(faction)
        return "operation"

    decision, _, trace, _ = decide(Game(s), ScriptedDice([1] * 40), discord=discord)
    assert asked == [Faction.CARTELS]
    assert decision != "event"
    assert any("Insurgent Discord" in line for line in trace.lines())


def test_insurgent_discord_not_asked_when_the_ai_holds_the_government_8_1():
    # 8.1: Discord is the Government *player's* choice; with two people in Insurgent
    # seats and the program's AI as Government nobody is asked, and the flowchart decides
    s = blank_state(card=6)  # the position of the test above
    s.seats = [None, 1, 2, None]
    s.step["acted"] = [[int(Faction.GOVT), "op_sa"]]
    s.step["passed"] = [int(Faction.FARC)]
    s.sabotage[sid("Cartagena-Sincelejo LoC")] = 0
    asked = []

    def discord(state, faction):
        asked.append(faction)
        return "operation"

    decision, _, trace, _ = decide(Game(s), ScriptedDice([1] * 40), discord=discord)
    assert asked == []
    assert not any("Insurgent Discord" in line for line in trace.lines())


def test_nonplayers_never_ship_8_1():
    from core.errors import IllegalAction
    from core.game.sequence import OperationAction
    from core.rules.insurgent_ops import Terror

    s = blank_state(card=19)  # FARC first
    s.seats = [1, None, None, None]
    place(s, {"Bogotá-Neiva LoC": "2FU", "Huila": "2FU"})
    s.place_shipment(sid("Huila"), Faction.FARC)
    game = Game(s)
    ship = OperationAction(Terror(where=(sid("Huila"),)), ship=0,
                           ship_op=Terror(where=(sid("Bogotá-Neiva LoC"),)))
    err = game.validate(ship)
    assert isinstance(err, IllegalAction) and err.rule == "8.1"


# ---- 8.4 Non-player Event execution -------------------------------------------------------
def _np_event(state, faction, card, side="shaded", dice=()):
    from core import events
    from nonplayer.events import NonPlayerChooser

    chooser = NonPlayerChooser(ScriptedDice(list(dice)), state, faction, card)
    ctx = Context(faction=faction, chooser=chooser, nonplayer=True)
    events.run_event(state, ctx, card, side)
    return chooser


def test_card_57_instruction_replaces_police_in_cities_first_8_4_4():
    s = blank_state(card=57)
    for name in ("Huila", "Cali", "Antioquia"):
        put(s, name, Piece.POLICE, 1)
    chooser = _np_event(s, Faction.CARTELS, 57, dice=(1, 1, 1))
    assert s.police(sid("Cali")) == 0  # the only City goes first, no die needed
    # then a Department by the chart: 1,1,1 -> Cali -> Ibagué -> Antioquia
    assert s.police(sid("Antioquia")) == 0 and s.police(sid("Huila")) == 1
    assert any("8.4.4 instruction of card 57" in p for p in chooser.picks)


def test_card_21_instruction_base_with_farc_guerrillas_and_support_8_4_4():
    s = position({"Cesar": "1FU"}, card=21)
    s.set_support(sid("Cesar"), 1)
    _np_event(s, Faction.FARC, 21)
    assert s.bases(sid("Cesar"), Faction.FARC) == 1


def test_card_70_instruction_own_faction_active_guerrillas_first_8_4_4():
    s = blank_state(card=70)
    forest = sid("Guaviare")
    place(s, {forest: "1FU 1CU 1CA"})
    _np_event(s, Faction.CARTELS, 70)
    assert s.underground(forest, Faction.CARTELS) == 1  # the Active one did the Terror
    assert s.underground(forest, Faction.FARC) == 1  # FARC did not Terror
    assert s.terror[forest] == 1


def test_shift_events_take_the_most_populous_spaces_8_4_3():
    # card 15 shaded: a Neutral or Passive Support City to Passive Opposition
    s = blank_state(card=15)
    for c in ("Bogotá", "Cali", "Neiva"):
        s.set_support(sid(c), 0)
    chooser = _np_event(s, Faction.FARC, 15)
    assert s.support[sid("Bogotá")] == -1, chooser.picks  # Pop 8: largest change


def test_nonplayer_removes_enemy_pieces_in_8_1_2_order():
    from core.events.choice import Choice
    from nonplayer.events import NonPlayerChooser

    chooser = NonPlayerChooser(ScriptedDice([]), faction=Faction.AUC)
    kinds = (int(Piece.FARC_ACTIVE), int(Piece.POLICE), int(Piece.FARC_BASE), int(Piece.TROOPS))
    answer = chooser.choose(None, Choice("pieces", kinds, 1, 4, "#x: remove which?"))
    assert answer == [int(Piece.FARC_BASE), int(Piece.POLICE), int(Piece.TROOPS),
                      int(Piece.FARC_ACTIVE)]


def test_card_37_instruction_auc_march_priorities_then_ambush_8_4_4():
    # Published: the AUC's 8.6.2 March priorities for the free March into 1 space (a FARC
    # Base without AUC Guerrillas: Atlántico), then 8.6.3 for the Ambush there.
    s = position({"Cesar": "2AU", "Atlántico": "1FB"}, card=37)
    chooser = _np_event(s, Faction.AUC, 37, dice=(1,) * 9)
    a = sid("Atlántico")
    assert s.bases(a, Faction.FARC) == 0  # Ambushed
    assert s.guerrillas(a, Faction.AUC) == 3  # 2 marched in, 1 placed as on a roll of 1
    assert s.guerrillas(sid("Cesar"), Faction.AUC) == 0
    assert any("card 37" in p for p in chooser.picks)


def test_dice_an_event_chooser_rolls_are_logged_as_decision_not_replayed() -> None:
    # 8.2 / docs/architecture.md "Dice and replay": a chooser that rolls the chart to
    # answer an Event's question (a Non-player deciding inside another Faction's Event)
    # decides; its dice go to decision_rolls, the answer into the command, and the
    # replayed position equals the played one (soak seed 2041, 2 players, card 46).
    from core.dice import SEEDED
    from core.events.choice import FirstChooser
    from core.game.sequence import PlayEvent
    from tests.conformance.s8 import standard_game

    class RollingChooser:
        def choose(self, state, choice):  # type: ignore[no-untyped-def]
            SEEDED.roll(state, "chooser's chart die")
            return FirstChooser().choose(state, choice)

    game = standard_game(46, Faction.GOVT, 1)
    before = game.clone()
    game.apply(PlayEvent(side="unshaded"), chooser=RollingChooser())
    entry = game.log[-1]
    assert entry["command"]["choices"]
    assert not any(p == "chooser's chart die" for p, _ in entry["rolls"])
    assert any(p == "chooser's chart die" for p, _ in entry["decision_rolls"])
    before.replay_entry(entry)
    assert before.state == game.state
