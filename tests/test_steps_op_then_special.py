"""An Operation's steps, then its Special Activity's (issue 43, the newcomer's trial item
2): a FARC Rally + Extort read 'Place 1 Underground FARC Guerrilla and 1 Active FARC
Guerrilla in Meta West', but Rally places Guerrillas Underground (3.3.1) and Extort then
activates one (4.3.1): the table is told the two steps, as they are done."""

from __future__ import annotations

import re

from core.commands import from_json
from core.game import Game
from runners.games import play
from tui.controller import instructions

#: a Rally's own step placing an Active Guerrilla (no Rally does, 3.3.1)
PLACED_ACTIVE = re.compile(r"^Place .*\bActive \w+ Guerrilla")


def test_rally_places_underground_then_extort_flips():  # 3.3.1, 4.3.1
    game, _ = play(3, "heuristic", "quick")
    replay = Game.replay(game.initial, [])
    seen = same_space = 0
    for entry in game.log:
        before = replay.state.clone()
        trace = replay.replay_entry(entry)
        cmd = entry["command"]
        if (cmd.get("type") != "Operation" or cmd["op"]["type"] != "Rally"
                or (cmd.get("special") or {}).get("type") != "Extort"):
            continue
        steps = instructions(from_json(cmd), trace, before, replay.state, entry)
        own = [s for s in steps if not s.startswith(" ")]
        assert not [s for s in own if PLACED_ACTIVE.match(s)], steps
        seen += 1
        placed = {m.group(1) for s in own
                  if (m := re.match(r"^Place .* in (.+)$", s))}
        flipped = {m.group(1) for s in own
                   if (m := re.match(r"^In (.+), flip .* to Active$", s))}
        same_space += bool(placed & flipped)
    assert seen and same_space, (seen, same_space)  # the case the trial met was met
