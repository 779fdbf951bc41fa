"""Non-player selectors and Ecuador's stacking (card 33 shaded: "No more than 2 pieces per
Faction may stack there", 1.4.2): every room check reads the one stacking query
``GameState.capacity`` (or the engine rule built on it), never a hand-made count.

8.2 takes Ecuador before any chart space, so a selector that offers Ecuador without room
sends the Non-player there first.
"""

from __future__ import annotations

from core.dice import ScriptedDice
from core.map import MAP
from core.pieces import Faction
from core.state import GameState
from nonplayer import auc, cartels, procedures
from nonplayer.bot import Bot
from nonplayer.plan import Plan
from tests.helpers import blank_state, place, sid

ECUADOR = MAP.ECUADOR


def _with_ecuador() -> GameState:
    s = blank_state()
    s.foreign_in_play.append(ECUADOR)  # card 33 shaded was played
    return s


def _plan(state: GameState, faction: Faction, kind: str) -> tuple[Bot, Plan]:
    bot = Bot(state, faction, ScriptedDice([]))
    return bot, Plan(bot, kind, state)


def test_auc_march_skips_ecuador_where_the_auc_already_have_2_pieces_8_6_2() -> None:
    # 8.6.2 March into a City or Department with FARC pieces and no AUC Guerrilla; the AUC
    # hold 2 Bases in Ecuador (card 33: 2 pieces per Faction), so no Guerrilla may enter
    s = _with_ecuador()
    place(s, {ECUADOR: "1FU 2AB", "Nariño": "3AU"})
    s.resources[Faction.AUC] = 10
    bot, plan = _plan(s, Faction.AUC, "March")
    offered = [x for group in auc.march_destinations(bot, plan) for x in group]
    assert ECUADOR not in offered


def test_auc_march_into_ecuador_moves_as_many_as_fit_8_1_2() -> None:
    # room for 1 AUC piece (1 AUC Base there): the March moves 1 Guerrilla, not a group
    # of 3 the stacking refuses (8.1.1 do as much as possible)
    s = _with_ecuador()
    place(s, {ECUADOR: "1FU 1AB", "Nariño": "3AU"})
    groups = auc.march_groups(s, ECUADOR)
    assert sum(u + a for _src, _dst, u, a, _ships in groups) == 1


def test_march_group_counts_the_room_left_8_1_2() -> None:
    # the shared March group (8.1.2) never moves more than stacking lets in
    s = _with_ecuador()
    place(s, {ECUADOR: "1CB", "Putumayo": "3CU"})
    assert procedures.march_group(s, Faction.CARTELS, sid("Putumayo"), ECUADOR) == (1, 0)


def test_cartels_rally_bullet_3_skips_ecuador_without_room_8_5_1() -> None:
    # 8.5.1 bullet 3: spaces with Cartels Bases and no Cartels Guerrillas, to place
    # Guerrillas there; the Cartels' 2 Bases in Ecuador leave no room
    s = _with_ecuador()
    place(s, {ECUADOR: "2CB", "Cali": "1CB"})
    s.resources[Faction.CARTELS] = 10
    bot, plan = _plan(s, Faction.CARTELS, "Rally")
    assert cartels.rally_empty_base_spaces(bot, plan) == [sid("Cali")]


def test_rally_base_replacement_fits_in_a_full_ecuador_3_3_1() -> None:
    # replacing 2 Guerrillas with a Base frees room first: the Cartels' 2 Guerrillas in
    # Ecuador may become a Base (8.5.1 bullet 1), as the AUC's (8.6.1 bullet 1)
    s = _with_ecuador()
    place(s, {ECUADOR: "2AU 2CU"})
    assert ECUADOR in cartels.base_replace_spaces(s)
    assert auc.rally_base_possible(s, ECUADOR)
