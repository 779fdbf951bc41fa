"""Voluntary transfers (1.5.1-1.5.2), to a Non-player too (8.1.2 PLAY NOTE « Les joueurs
peuvent faire normalement des transferts (1.5.1) vers des Factions Non-Joueurs »): one
command, checked, logged and replayed like every other, that takes no turn."""

from __future__ import annotations

import pytest

from core.errors import IllegalAction
from core.game import Game, sequence, serialize
from core.game.transfer import Transfer, transfer_problem
from core.pieces import Faction
from tests.helpers import place, sid

GOVT, FARC, AUC, CARTELS = Faction.GOVT, Faction.FARC, Faction.AUC, Faction.CARTELS


def two_players() -> Game:
    """2 players (Government, FARC) and 2 Non-players (AUC, Cartels); seed 5's first
    card (#49) has the AUC to move."""
    game = Game.new("standard", 5, players=2, nonplayers=True)
    assert game.state.seats == [1, 2, None, None]
    assert sequence.to_move(game.state) is AUC
    return game


def refused(game: Game, cmd: Transfer, rule: str) -> IllegalAction:
    before, logged = game.state.clone(), len(game.log)
    with pytest.raises(IllegalAction) as err:
        game.apply(cmd)
    assert err.value.rule == rule, str(err.value)
    assert game.state == before and len(game.log) == logged  # nothing changed
    return err.value


def test_government_gives_resources_to_the_nonplayer_auc_8_1_2_play_note() -> None:
    # 8.1.2 PLAY NOTE: « par exemple le Gouvernement vers le Non-Joueur représentant les
    # AUC »; 1.5.2 during the receiver's execution: the AUC are to move
    game = two_players()
    trace = game.apply(Transfer(int(GOVT), int(AUC), resources=5))
    assert trace == ["Transfer: 5 Resources from Government to AUC (1.5.2)"]
    assert game.state.resources[GOVT] == 35 and game.state.resources[AUC] == 15
    assert sequence.to_move(game.state) is AUC  # no turn taken (1.5.2)
    assert game.log[-1]["faction"] == "Government"
    assert game.log[-1]["command"]["type"] == "Transfer"
    assert serialize.verify(game) == []  # replays from the log
    assert Game.replay(game.initial, game.log).state.resources == game.state.resources


def test_transfer_only_during_the_giver_or_receiver_turn_1_5_2() -> None:
    # 1.5.2 « only during either's execution ... of an Operation or Event »: the AUC are
    # to move, so neither Government -> Cartels nor FARC -> Government now
    game = two_players()
    refused(game, Transfer(int(GOVT), int(CARTELS), resources=1), "1.5.2")
    refused(game, Transfer(int(FARC), int(GOVT), resources=1), "1.5.2")
    game.state.phase = "propaganda"
    assert transfer_problem(game.state, GOVT, AUC) is not None


def test_nonplayers_do_not_transfer_and_players_not_between_their_own_1_5_1() -> None:
    game = two_players()
    refused(game, Transfer(int(AUC), int(GOVT), resources=1), "1.5.2")  # a Non-player
    own = Game.new("standard", 5, players=2)  # Government and AUC one player's (1.5.1)
    assert own.state.seats[GOVT] == own.state.seats[AUC]
    refused(own, Transfer(int(GOVT), int(AUC), resources=1), "1.5.1")
    refused(game, Transfer(int(GOVT), int(GOVT), resources=1), "1.5.2")


def test_no_more_resources_than_held_and_something_to_give_1_7() -> None:
    game = two_players()
    refused(game, Transfer(int(GOVT), int(AUC), resources=41), "1.7")
    refused(game, Transfer(int(GOVT), int(AUC)), "1.5.2")
    refused(game, Transfer(int(GOVT), int(AUC), resources=-1), "1.5.2")


def test_a_number_that_is_no_faction_is_refused_not_a_crash_1_5_2() -> None:
    # a save or an agent can name any integer; the giver is read first (the actor)
    game = two_players()
    refused(game, Transfer(7, int(AUC), resources=1), "1.5.2")
    refused(game, Transfer(int(GOVT), -1, resources=1), "1.5.2")


def test_resources_past_99_stay_with_the_giver_1_7() -> None:
    # 1.7: no Faction holds more than 99 Resources; the transfer gives what fits (the
    # reading r-transfer-when in docs/readings.md) and says where the rest stays
    game = two_players()
    game.state.resources[AUC] = 97
    trace = game.apply(Transfer(int(GOVT), int(AUC), resources=5))
    assert game.state.resources[AUC] == 99 and game.state.resources[GOVT] == 38
    assert trace[-1] == "AUC Resources stop at 99 (1.7): 3 stay with Government"


def test_shipment_passes_to_a_receiver_guerrilla_in_the_space_4_5_3() -> None:
    # 1.5.2 Shipments (4.5.3): held by a Guerrilla, so the receiver needs one there
    game = Game.new("standard", 5, players=3, nonplayers=True)  # Cartels Non-player
    state = game.state
    state.seats = [1, 2, 3, None]
    huila = sid("Huila")
    place(state, {"Huila": "1AU 1CU", "Chocó": "1AU"})
    state.shipments[state.shipments.index(None)] = [huila, int(AUC)]
    state.shipments[state.shipments.index(None)] = [sid("Chocó"), int(AUC)]
    assert state.guerrillas(sid("Chocó"), CARTELS) == 0
    # the AUC (a player) are to move: they give the Huila Shipment to the Cartels
    trace = game.apply(Transfer(int(AUC), int(CARTELS), shipments=(huila,)))
    assert "a Shipment in Huila" in trace[0]
    assert game.state.shipments_at(huila, CARTELS) and not game.state.shipments_at(huila, AUC)
    refused(game, Transfer(int(AUC), int(CARTELS), shipments=(sid("Chocó"),)), "4.5.3")
    refused(game, Transfer(int(AUC), int(CARTELS), shipments=(huila,)), "4.5.3")


# --------------------------------------------------------------------------------------
# andean transfer (the command line)
# --------------------------------------------------------------------------------------
def _cli(capsys, *argv: str) -> tuple[int, str, str]:  # type: ignore[no-untyped-def]
    from tui.commands.main import main

    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_transfer_to_a_nonplayer_is_saved_and_replays_8_1_2(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    # 8.1.2 PLAY NOTE on the command line: Government -> the Non-player AUC, in the save
    path = str(tmp_path / "g.json")
    assert _cli(capsys, "new", "--players", "2", "--nonplayers", "--seed", "5",
                "--out", path)[0] == 0
    code, out, err = _cli(capsys, "transfer", path, "--from", "Govt", "--to", "AUC",
                          "--resources", "5")
    assert code == 0, err
    assert "Transfer: 5 Resources from Government to AUC (1.5.2)" in out
    game = serialize.load(path)
    assert game.state.resources[AUC] == 15 and game.log[-1]["command"]["type"] == "Transfer"
    assert _cli(capsys, "verify", path)[0] == 0


def test_cli_transfer_refused_in_one_line_and_no_file_changed_1_5_2(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "g.json"
    assert _cli(capsys, "new", "--players", "2", "--nonplayers", "--seed", "5",
                "--out", str(path))[0] == 0
    before = path.read_bytes()
    code, out, err = _cli(capsys, "transfer", str(path), "--from", "Govt", "--to",
                          "Cartels", "--resources", "5")  # the AUC are to move
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "transfer refused" in err and "(1.5.2)" in err
    assert path.read_bytes() == before


# --------------------------------------------------------------------------------------
# play --plain and assist --plain: the word 'transfer' at the start of a decision
# --------------------------------------------------------------------------------------
def _plain(game: Game, assist: bool, *lines: str) -> tuple[str, object]:
    import io

    from tui.controller import Controller
    from tui.plain.ui import PlainUI
    from tui.session import Session

    out = io.StringIO()
    ui = PlainUI(Controller(Session(game), assist=assist), io.StringIO(
        "".join(f"{line}\n" for line in lines)), out, assist=assist)
    ui.run()
    return out.getvalue(), ui.c


def test_play_plain_transfer_to_a_nonplayer_8_1_2_play_note() -> None:
    # 2 players and 2 Non-players: at FARC's decision on #28 (the Non-players played
    # #49), FARC gives 2 Resources to the Non-player AUC, then decides as before
    text, c = _plain(two_players(), False, "transfer", "FARC", "AUC", "2", "quit")
    assert "FARC: Transfer" in text and "Set AUC Resources to 12 (was 10)" in text
    assert c.game.log[-1]["command"] == {"type": "Transfer", "giver": int(FARC),  # type: ignore[attr-defined]
                                         "receiver": int(AUC), "resources": 2,
                                         "shipments": []}
    assert text.count("FARC, 1st Eligible on #28 Hugo Chávez: what do you do?") == 2
    assert serialize.verify(c.game) == []  # type: ignore[attr-defined]


def test_assist_plain_transfer_and_cancel_changes_nothing_1_5_2() -> None:
    # the table's Government gives the Non-player FARC 4 Resources at its decision; a
    # second transfer cancelled changes nothing
    from tui.commands.play import new_assist_game

    game = new_assist_game("standard", 5, [1, None, None, None], 12)
    assert sequence.to_move(game.state) is GOVT
    # the table names the next card (#4) first, then the Government decides
    text, c = _plain(game, True, "4", "transfer", "FARC", "4", "transfer", "cancel", "quit")
    log = c.game.log  # type: ignore[attr-defined]
    assert [e["command"]["type"] for e in log].count("Transfer") == 1
    assert "Government: Transfer" in text and "Set FARC Resources to" in text
    assert log[-1]["command"]["resources"] == 4 and log[-1]["faction"] == "Government"
    assert "No transfer." in text


# --------------------------------------------------------------------------------------
# the play and assist screens: g opens the transfer form
# --------------------------------------------------------------------------------------
def _screen_gives(app, receiver: Faction, n: int) -> None:  # type: ignore[no-untyped-def]
    """On ``app`` (the Government person to move): g, the form answered (``receiver``,
    ``n`` Resources), confirmed; the transfer is logged and takes no turn (1.5.2)."""
    from tests.pilot import answer, press, run_async
    from tui.screens.dialogs import ConfirmScreen

    @run_async
    async def drive() -> None:
        async with app.run_test(size=(160, 50)) as pilot:
            await pilot.pause()
            c = app.controller
            assert c.to_move() is GOVT
            resources = list(c.state.resources)
            await press(pilot, "g")
            await answer(pilot, receiver.label, str(n))
            assert isinstance(app.screen, ConfirmScreen)
            await press(pilot, "y")
            assert c.game.log[-1]["command"]["type"] == "Transfer"
            assert c.state.resources[GOVT] == resources[GOVT] - n
            assert c.state.resources[receiver] == resources[receiver] + n
            assert c.to_move() is GOVT  # no turn taken (1.5.2)

    drive()


def test_play_screen_g_gives_resources_to_a_nonplayer_8_1_2_play_note() -> None:
    # solitaire (8.0): the Government person gives the Non-player AUC 3 Resources
    pytest.importorskip("textual")
    from runners.solitaire import new_solitaire
    from tui.controller import Controller
    from tui.screens.play import PlayApp
    from tui.session import Session

    _screen_gives(PlayApp(Controller(Session(new_solitaire("standard", seed=1)))), AUC, 3)


def test_assist_screen_g_gives_resources_to_a_nonplayer_8_1_2_play_note() -> None:
    # the table's Government gives the Non-player Cartels 2 Resources
    pytest.importorskip("textual")
    from core.game.board_editor import SetNextCard
    from tui.commands.play import new_assist_game
    from tui.controller import Controller
    from tui.screens.assist import AssistApp
    from tui.session import Session

    game = new_assist_game("standard", 5, [1, None, None, None], 12)
    game.apply(SetNextCard(40))
    _screen_gives(AssistApp(Controller(Session(game), assist=True)), CARTELS, 2)
