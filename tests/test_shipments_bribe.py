"""Issue 17 sections 6-7: Shipments stay under a Guerrilla of their owner's choosing
(4.5.3) and a Bribe affects a targeted Faction to the full extent (1.4.1, 3.1)."""

from __future__ import annotations

import random

import pytest

from core.commands import Context, from_json
from core.errors import IllegalAction
from core.events import run_event
from core.events.choice import Choice, FirstChooser
from core.game import Game
from core.game.sequence import OperationAction
from core.pieces import Faction, Piece
from core.rules.coin_ops import Assault
from core.rules.insurgent_ops import rally_in
from core.rules.insurgent_special import Bribe, bribe_plans, random_bribe
from core.state import GameState
from tests.helpers import illegal_as, position, run_as, sid

F, A, C, G = Faction.FARC, Faction.AUC, Faction.CARTELS, Faction.GOVT
FU, FA = Piece.FARC_UNDERGROUND, Piece.FARC_ACTIVE
AU, CU, CA = Piece.AUC_UNDERGROUND, Piece.CARTELS_UNDERGROUND, Piece.CARTELS_ACTIVE
META_W, GUAVIARE, CALI, BOGOTA = sid("Meta West"), sid("Guaviare"), sid("Cali"), sid("Bogotá")


class Answers:
    """Answer each question whose text contains a key; the first options otherwise."""

    def __init__(self, **by_text: list) -> None:
        self.by_text = by_text
        self.asked: list[Choice] = []

    def choose(self, state: GameState, choice: Choice) -> list:
        self.asked.append(choice)
        for key, answer in self.by_text.items():
            if key.replace("_", " ") in choice.why:
                return answer
        return FirstChooser().choose(state, choice)


# ======================================================================================
# 4.5.3: Shipments "move with" their Guerrilla
# ======================================================================================
def test_card_53_flying_the_last_guerrillas_takes_their_shipment_card_53_shaded():
    # card 53 (single text; "shaded" in the issue): both FARC Guerrillas fly out of
    # Meta West naming 0 Shipments carried: the Shipment under them flies too (4.5.3).
    s = position({META_W: "2FU"})
    s.place_shipment(META_W, F)
    chooser = Answers(which_Department=[GUAVIARE], move_1_or_2=[2], carried_along=[0])
    run_event(s, Context(faction=F, chooser=chooser), 53, "unshaded")
    assert s.guerrillas(GUAVIARE, F) == 2
    assert s.shipments_at(GUAVIARE, F) and not s.shipments_at(META_W)
    assert s.check_invariants() == []


def test_move_primitive_carries_only_when_the_last_guerrillas_leave_4_5_3():
    s = position({META_W: "1FU 1FA"})
    s.place_shipment(META_W, F)
    s.move(META_W, GUAVIARE, FU, 1)  # 1 FARC Guerrilla stays: it holds the Shipment
    assert s.shipments_at(META_W, F)
    s.move(META_W, GUAVIARE, FA, 1)
    assert s.shipments_at(GUAVIARE, F)


# ======================================================================================
# 4.5.3: the owner decides where a removed holder's Shipment goes
# ======================================================================================
def _assault_position() -> GameState:
    s = position({CALI: "2T 1FA 1AU 1CU"}, resources=10, card=1)  # Government 1st Eligible
    s.place_shipment(CALI, F)
    return s


def test_assault_shipment_goes_where_its_player_owner_says_4_5_3():
    s = _assault_position()
    cmd = OperationAction(Assault(selected=(CALI,)), transfers=((CALI, int(F), int(C)),))
    cmd.execute(s, Context(faction=G))
    assert s.guerrillas(CALI, F) == 0 and s.shipments_at(CALI, C)
    assert s.check_invariants() == []
    # the answer is part of the logged command
    assert from_json(cmd.to_json()) == cmd
    # nothing said: the default order (an Underground Guerrilla, FARC, AUC, Cartels)
    s = _assault_position()
    OperationAction(Assault(selected=(CALI,))).execute(s, Context(faction=G))
    assert s.shipments_at(CALI, A)


def test_transfer_to_a_faction_without_guerrilla_there_is_refused_4_5_3():
    s = _assault_position()
    cmd = OperationAction(Assault(selected=(CALI,)), transfers=((CALI, int(F), int(F)),))
    with pytest.raises(IllegalAction) as err:
        cmd.execute(s, Context(faction=G))
    assert err.value.rule == "4.5.3"


def test_nonplayer_owner_follows_8_1_2_not_the_command_8_1_2():
    # 8.1.2: "to an Underground Guerrilla of their own Faction, then of another
    # Non-player Faction, then to Active Guerrillas (FARC, then AUC, then Cartels)"
    s = _assault_position()
    s.seats = [1, None, 2, None]  # FARC and Cartels Non-players, AUC a player
    cmd = OperationAction(Assault(selected=(CALI,)), transfers=((CALI, int(F), int(A)),))
    cmd.execute(s, Context(faction=G))
    assert s.shipments_at(CALI, C)  # the Non-player Cartels' Underground Guerrilla
    assert s.nonplayer_transfer_order(CALI) == [C, A]


def test_rally_base_over_the_holders_lets_the_owner_place_the_shipment_4_5_3():
    s = position({META_W: "2FU 1AU 1CA"}, card=19)  # FARC 1st Eligible
    s.place_shipment(META_W, F)
    rally = rally_in(META_W, "base", 0)
    OperationAction(rally, transfers=((META_W, int(F), int(C)),)).execute(s, Context(faction=F))
    assert s.bases(META_W, F) == 1 and s.shipments_at(META_W, C)


def test_event_removal_asks_the_player_owner_and_replays_4_5_3():
    # card 72 unshaded replaces Cartels Guerrillas: their Shipment's owner (a player)
    # picks the Guerrilla that takes it, and the recorded answer replays it exactly.
    s = position({CALI: "2CU 1CA"})
    s.place_shipment(CALI, C)
    chooser = Answers(how_many_of_the_3=[2], whose_Guerrilla=[int(A)])
    first = s.clone()
    answers = run_event(first, Context(faction=F, chooser=chooser), 72, "unshaded")
    asked = [c for c in chooser.asked if "4.5.3" in c.why]
    assert len(asked) == 1 and asked[0].decider == int(C)
    assert set(asked[0].options) == {int(F), int(A)}
    assert first.shipments_at(CALI, A)
    again = s.clone()
    run_event(again, Context(faction=F), 72, "unshaded", tuple(answers))
    assert again == first


# ======================================================================================
# Bribe: 1.4.1 "removal or Activation of pieces to the extent of the executing Faction's
# ability is required"; 3.1 "affected to the maximum extent possible"
# ======================================================================================
def _bribe_state() -> GameState:
    s = position({BOGOTA: "3P"}, resources=12)
    return s


def test_bribe_removes_up_to_its_limit_from_a_targeted_faction_1_4_1():
    s = _bribe_state()
    one = Bribe(where=(BOGOTA,), remove=((int(Piece.POLICE),),))
    illegal_as(C, s, one, "1.4.1")
    two = Bribe(where=(BOGOTA,), remove=((int(Piece.POLICE), int(Piece.POLICE)),))
    run_as(C, s, two)
    assert s.police(BOGOTA) == 1


def test_bribe_guerrilla_readings_1_4_1():
    s = position({CALI: "2FU 1CU"}, resources=12)
    remove_one = Bribe(where=(CALI,), remove=((int(FU),),))
    illegal_as(C, s, remove_one, "1.4.1")  # FARC targeted: a second FARC piece goes too
    activate_one = Bribe(where=(CALI,), flip=((int(FU),),))
    illegal_as(C, s, activate_one, "1.4.1")
    # one removed and one flipped in one space
    run_as(C, s.clone(), Bribe(where=(CALI,), remove=((int(FU),),), flip=((int(FU),),)))
    # flipping its own Guerrilla targets nobody: no other Faction's pieces needed
    run_as(C, s.clone(), Bribe(where=(CALI,), flip=((int(CU),),)))
    # a Bribe must affect something
    illegal_as(C, s, Bribe(where=(CALI,)), "4.5.4")


def test_bribe_plans_and_random_bribes_are_legal_1_4_1():
    rng = random.Random(5)
    for seed in range(40):
        game = Game.new("standard", seed=seed)
        s = game.state
        s.resources[C] = 9
        for space in range(len(s.pieces) // len(Piece)):
            for removed, flipped in bribe_plans(s, space):
                cmd = Bribe(
                    where=(space,),
                    remove=(tuple(int(k) for k in removed),),
                    flip=(tuple(int(k) for k in flipped),),
                )
                run_as(C, s.clone(), cmd)
        cmd = random_bribe(s, C, rng)
        if cmd is not None:
            run_as(C, s.clone(), cmd)
