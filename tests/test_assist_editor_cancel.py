"""After the board editor's ``cancel`` (a choice carried out on the table abandoned, its
edits kept), the menus and forms of the decision shown again are those of the edited
board (issue 43 item 2, the newcomer's trial): the decision's context held the Game
object of its start, and each edit commits a new one, so the Operation's checks, its
forms and their legal options were those of the board before the edits."""

from __future__ import annotations

import io

from core.game import Game
from tests.test_tui_assist import args
from tests.test_tui_plain import Terminal
from tui.commands.play import run_assist
from tui.session import Session

#: Government at the table (seed 17): #39, then #10, its Operation recorded from the
#: table (Troops into Meta West), the bots' #10; then #55 with #41 on top of the deck
START = ["39", "10", "4",
         "move 3 troops from santander to meta west",
         "move 3 troops from bogota to meta west",
         "flip 1 farc in meta west to active", "done", "yes", "55", "41"]


def table(tmp_path, script: list[str]) -> str:  # type: ignore[no-untyped-def]
    out = io.StringIO()
    session = Session(Game.new("standard", seed=17), tmp_path / "r4.json")
    run_assist(session, True, args(seed=17, dice="auto"), Terminal(out, script), out)
    return out.getvalue()


def test_assault_is_offered_after_the_editors_cancel(tmp_path) -> None:
    # 3.2.4: Assault removes Active Guerrillas where Troops are. On #55 Meta West has
    # 6 Troops and only Underground Guerrillas; the editor Activates one, then 'cancel'.
    text = table(tmp_path, START + [
        "4", "flip 1 farc in meta west to active", "place 1 farc guerrilla in meta west",
        "cancel", "3"])
    after = text.rsplit("what do you do?", 1)[1]  # the menu shown again after cancel
    assert "Not possible now: Assault" not in after, after[-1500:]
    assert "Assault" in after.split("Which Operation?", 1)[1]


def test_train_offers_no_cubes_where_the_editor_removed_the_base(tmp_path) -> None:
    # 3.2.1: Train places cubes in a City or a space with a Government Base. On #39 the
    # editor removes Santander-Boyacá's Base, then 'cancel', Limited Operation, Train.
    text = table(tmp_path, ["39", "10", "4", "remove 1 govt base from santander", "cancel",
                            "3", "1"])
    after = text.rsplit("Train: select", 1)[1]
    line = next(x for x in after.splitlines() if "Santander-Boyacá" in x)
    assert "no cubes (no Government Base)" in line, line
