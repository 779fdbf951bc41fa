"""The table's steps pair each move as the command made it (issue 43, newcomer's trial b
finding 3): the boards before and after show only what left a space and what arrived,
and pairing them by adjacency told moves the Operation never made. Seed 17, the
Government's first Sweep on #58 (the trial's): the account says "1 Troops cube ... from
Santander-Boyacá to Ibagué & Pereira via Bogotá-Bucaramanga-Ibagué LoC" and "3 ... from
Medellín to Antioquia-Bolívar"; the steps said "Move 1 Troops cube from Santander-Boyacá
to Antioquia-Bolívar" and "Move ... from Medellín to Ibagué & Pereira" (the final board
the same). The Cartels' #58 relocations before it are moves too (not a Place here and a
Remove there)."""

from __future__ import annotations

import re
from pathlib import Path

from core.commands import from_json
from core.map import space_name
from runners.solitaire import new_solitaire
from tui import board_changes
from tui.controller import Controller
from tui.session import Session

#: the trial's Sweep (3.2.3): Troops from Santander-Boyacá through a LoC to Ibagué,
#: from Medellín and from Bogotá to the adjacent Departments
SWEEP = {"type": "Operation", "op": {
    "type": "Sweep", "selected": [4, 18, 20],
    "moves": [[0, 1, [19, 37, 4]], [0, 3, [2, 18]], [0, 3, [0, 20]]],
    "activate": [[18, 2, 1], [20, 1, 1]]},
    "special": None, "special_first": False, "ship": None, "ship_op": None, "transfers": []}

_MOVE = re.compile(r"^Move (\d+) .*? from (.+?) to (.+?)(?:, flipping .*)?$")


def moved(steps: list[str]) -> list[tuple[str, str, int]]:
    """The (from, to, how many) of the steps that move pieces."""
    return sorted((m.group(2), m.group(3), int(m.group(1)))
                  for m in map(_MOVE.match, steps) if m and "cylinder" not in m.group(0))


def told(account: list[str]) -> list[tuple[str, str, int]]:
    return sorted((space_name(src), space_name(dst), n)
                  for src, dst, _, n in board_changes.moves_made(account))


def test_the_sweeps_steps_are_its_moves(tmp_path: Path):  # 3.2.3
    controller = Controller(Session(new_solitaire("standard", seed=17), tmp_path / "g.json"))
    relocate = controller.nonplayer_turn()  # the Cartels: #58 General Serrano (shaded)
    assert "#58 General Serrano" in relocate.title
    assert moved(relocate.instructions) == told(relocate.account)  # 5.1: relocations
    assert not any(step.startswith("Place ") and "Police" in step
                   for step in relocate.instructions), relocate.instructions
    sweep = controller.commit(controller.preview(from_json(SWEEP)))
    assert moved(sweep.instructions) == told(sweep.account) == [
        ("Bogotá & Villavicencio", "Huila-Tolima", 3),
        ("Medellín", "Antioquia-Bolívar", 3),
        ("Santander-Boyacá", "Ibagué & Pereira", 1)]
    # the history rebuilt from the save ('w', 'show') and the undo's steps alike
    controller.save()
    resumed = Controller(Session.load(tmp_path / "g.json"))
    turns = [t.report for t in resumed.turns()]
    assert [moved(r.instructions) for r in turns] == [told(r.account) for r in turns]
    plan = resumed.undo_plan()
    assert plan is not None
    back = resumed.undo_steps(plan) or []
    assert sorted((b, a, n) for a, b, n in moved(back)) == told(sweep.account)
