"""A rollback's steps never invent a move (issue 43, the newcomer's trial item 2): the
net difference of the commands taken back paired pieces removed in one space with pieces
placed in another as 'Move ... from X to Y' when no command taken back moved anything (a
Rally's Base replacing Guerrillas in Guaviare and its Guerrillas placed in Meta West read
back as 'Move 1 Underground FARC Guerrilla from Meta West to Guaviare')."""

from __future__ import annotations

from core.game.board_editor import EditMove, EditPieces
from core.map import MAP
from core.pieces import Piece
from runners.solitaire import new_solitaire
from tui.controller import Controller
from tui.session import Session


def farc_pair() -> tuple[Controller, int, int, int]:
    game = new_solitaire("standard", seed=1)
    u = int(Piece.FARC_UNDERGROUND)
    src = next(s.id for s in game.state.spaces_in_play()
               if game.state.count(s.id, Piece.FARC_UNDERGROUND))
    dst = next(d for d in range(len(MAP)) if MAP.adjacent(src, d)
               and game.state.in_play(d))
    return Controller(Session(game)), src, dst, u


def test_a_removal_and_a_placing_roll_back_as_a_placing_and_a_removal():
    # 3.3.1 places, 3.2.4 removes: nothing moved, so nothing moves back
    controller, src, dst, u = farc_pair()
    start = len(controller.game.log)
    controller.game.apply(EditPieces(src, u, -1))
    controller.game.apply(EditPieces(dst, u, 1))
    steps = controller.steps_back_to(start)
    assert not any(step.startswith("Move") for step in steps), steps
    assert f"Remove 1 Underground FARC Guerrilla from {MAP[dst].name}" in steps, steps
    assert any(step.startswith("Place 1 Underground FARC Guerrilla")
               and MAP[src].name in step for step in steps), steps


def test_a_move_still_rolls_back_as_a_move():
    controller, src, dst, u = farc_pair()
    start = len(controller.game.log)
    controller.game.apply(EditMove(src, dst, u, 1, 0))
    steps = controller.steps_back_to(start)
    assert any(step.startswith("Move 1 Underground FARC Guerrilla from "
                               f"{MAP[dst].name} to {MAP[src].name}") for step in steps), steps


def test_the_trials_rollback_moves_no_farc_guerrilla() -> None:
    # 3.3.2: only a March moves FARC Guerrillas, and none was taken back by the trial's
    # 'rollback 6' (tests/data/set_aside_propaganda.json, the newcomer's r2.json; card 7
    # since the log numbers #76, set aside without a Round (6.0), as the report does): the
    # steps said 'Move 1 Underground FARC Guerrilla from Meta West to Guaviare' and
    # '... from Huila-Tolima to Nariño-Cauca', pairing a Rally's removals and placings
    from pathlib import Path

    save = Path(__file__).resolve().parent / "data" / "set_aside_propaganda.json"
    controller = Controller(Session.load(save), assist=True)
    group = controller.cards()[6]
    assert group.back_to_short.endswith("#41 Mancuso")
    steps = controller.rollback_steps(group)
    invented = [s for s in steps if s.startswith("Move") and "FARC Guerrilla" in s]
    assert not invented, invented
    # read as undo reads them: the last card's turns first, each command backwards
    assert steps[0].startswith("Put #74 Propaganda! face up again")
    assert "In Guaviare, replace 1 FARC Base with 2 Active FARC Guerrillas" in steps
