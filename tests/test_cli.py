"""The ``andean`` command line: new, status (--json), verify; errors exit 2 on one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.cards import CARDS
from core.game import serialize
from core.game.sequence import Pass
from core.map import MAP
from tui.commands.main import main
from tui.commands.saves import status_dict


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def save_path(tmp_path, capsys):
    path = tmp_path / "game.json"
    code, _, _ = run(capsys, "new", "--seed", "7", "--seeded-propaganda", "--out", str(path))
    assert code == 0
    return path


# ======================================================================================
# new
# ======================================================================================
def test_new_writes_a_game_with_its_first_card_revealed_2_2(tmp_path, capsys):
    path = tmp_path / "g.json"
    code, out, err = run(capsys, "new", "--scenario", "standard", "--seed", "7", "--out", str(path))
    assert code == 0 and err == ""
    game = serialize.load(path)
    assert game.state.phase == "card"
    assert game.state.current_card == game.initial.deck[0]  # revealed and played first
    assert game.state.deck == game.initial.deck[1:]  # the next card shows on top
    assert game.initial.phase == "setup" and game.log == []
    assert f"#{game.state.current_card}" in out and "seed 7" in out


def test_new_options_reach_the_set_up_2_1(tmp_path, capsys):
    path = tmp_path / "g.json"
    code, _, _ = run(
        capsys, "new", "--seed", "3", "--short", "--players", "2", "--seeded-propaganda",
        "--out", str(path),
    )
    assert code == 0
    state = serialize.load(path).state
    assert state.final_propaganda == 3  # 2.4.1 short game
    assert state.seats == [1, 2, 1, 2]  # 1.5.1
    assert state.options["seeded_propaganda"] is True


def test_new_quick_play(tmp_path, capsys):
    path = tmp_path / "q.json"
    assert run(capsys, "new", "--scenario", "quick", "--seed", "7", "--out", str(path))[0] == 0
    game = serialize.load(path)
    assert game.state.scenario == "quick" and game.state.final_propaganda == 2
    assert game.state.total_support() == 56


def test_new_nonplayers_and_seats(tmp_path, capsys):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    code = run(capsys, "new", "--seed", "7", "--players", "2", "--nonplayers", "--out", str(a))[0]
    assert code == 0
    assert serialize.load(a).state.seats == [1, 2, None, None]
    assert run(capsys, "new", "--seed", "7", "--seats", "1,-,2,-", "--out", str(b))[0] == 0
    assert serialize.load(b).state.seats == [1, None, 2, None]


def test_new_open_deployment_from_placement_file(tmp_path, capsys):
    from tests.test_setup import open_placement

    placement = tmp_path / "placement.json"
    placement.write_text(json.dumps(open_placement()), encoding="utf-8")
    path = tmp_path / "g.json"
    code, _, err = run(
        capsys, "new", "--seed", "7", "--deployment", "open", "--placement", str(placement),
        "--out", str(path),
    )
    assert code == 0, err
    assert serialize.load(path).state.options["deployment"] == "open"


def test_new_same_seed_same_game(tmp_path, capsys):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    run(capsys, "new", "--seed", "11", "--out", str(a))
    run(capsys, "new", "--seed", "11", "--out", str(b))
    assert serialize.load(a).state == serialize.load(b).state


def test_new_without_seed_picks_and_reports_one(tmp_path, capsys):
    path = tmp_path / "g.json"
    code, out, _ = run(capsys, "new", "--out", str(path))
    assert code == 0
    seed = serialize.load(path).state.rng_seed
    assert f"seed {seed}" in out


def test_new_refuses_to_overwrite_without_force(save_path, capsys):
    before = save_path.read_bytes()
    code, out, err = run(capsys, "new", "--seed", "8", "--out", str(save_path))
    assert code == 2 and "already exists" in err and err.count("\n") == 1
    assert save_path.read_bytes() == before
    assert run(capsys, "new", "--seed", "8", "--force", "--out", str(save_path))[0] == 0
    assert serialize.load(save_path).state.rng_seed == 8


# ======================================================================================
# status
# ======================================================================================
def test_status_json_fields(save_path, capsys):
    code, out, err = run(capsys, "status", str(save_path), "--json")
    assert code == 0 and err == ""
    d = json.loads(out)
    for key in (
        "total_support", "total_opposition", "opposition_plus_bases", "resources", "aid",
        "el_presidente", "victory_margins", "current_card", "next_card", "deck_remaining",
        "eligible", "phase", "to_move", "spaces",
    ):
        assert key in d, key
    assert d["total_support"] == 50 and d["total_opposition"] == 14
    assert d["opposition_plus_bases"] == 20
    assert d["resources"] == {"Government": 40, "FARC": 10, "AUC": 10, "Cartels": 10}
    # 7.3: 50-60; 20-25; 1 AUC Base - 6 FARC Bases; min(6 Bases - 10, 10 Resources - 40)
    assert d["victory_margins"] == {"Government": -10, "FARC": -5, "AUC": -5, "Cartels": -30}
    assert d["aid"] == 9 and d["el_presidente"] == "Samper"
    assert d["eligible"] == ["Government", "FARC", "AUC", "Cartels"]
    # 2.2: the number of cards in the draw deck is open to inspection (issue 43)
    assert d["phase"] == "card" and d["deck_remaining"] == len(
        serialize.load(save_path).state.deck)
    game = serialize.load(save_path)
    card, nxt = game.state.current_card, game.state.deck[0]
    assert d["current_card"] == {"number": card, "title": CARDS[card].title}
    assert d["next_card"] == {"number": nxt, "title": CARDS[nxt].title}
    assert d["to_move"] == CARDS[card].faction_order[0].label  # 2.3.2 leftmost Eligible


def test_status_json_spaces(save_path, capsys):
    d = json.loads(run(capsys, "status", str(save_path), "--json")[1])
    assert len(d["spaces"]) == len(MAP) - 2  # Ecuador and Panamá are not in play (1.3.5)
    bogota = d["spaces"]["Bogotá"]
    assert bogota["support"] == "Active Support" and bogota["control"] == "Government"
    assert bogota["pieces"]["Government"] == {"troops": 3, "police": 2, "bases": 0}
    assert bogota["terror"] == 0 and bogota["sabotage"] is False and bogota["farc_zone"] is False
    putumayo = d["spaces"]["Putumayo"]
    assert putumayo["support"] == "Active Opposition" and putumayo["control"] is None
    assert putumayo["pieces"]["Cartels"] == {"underground": 1, "active": 0, "bases": 2}
    assert putumayo["shipments"] == 0
    assert d["spaces"]["Cali"]["support"] == "Neutral"
    loc = d["spaces"]["Bogotá-Neiva LoC"]
    assert loc["control"] is None and loc["econ"] == 2


def test_status_json_quick_play_farc_zone(tmp_path, capsys):
    path = tmp_path / "q.json"
    run(capsys, "new", "--scenario", "quick", "--seed", "7", "--out", str(path))
    d = json.loads(run(capsys, "status", str(path), "--json")[1])
    assert d["spaces"]["Meta West"]["farc_zone"] is True
    assert d["el_presidente"] == "Pastrana"
    assert d["total_support"] == 56 and d["opposition_plus_bases"] == 22


def test_status_dict_follows_play(save_path):
    game = serialize.load(save_path)
    first = game.to_move()
    game.apply(Pass())  # 2.3.3: +3 Resources for the Government, +1 for an Insurgent
    d = status_dict(game)
    gain = 3 if first.label == "Government" else 1
    base = {"Government": 40, "FARC": 10, "AUC": 10, "Cartels": 10}[first.label]
    assert d["resources"][first.label] == base + gain
    assert d["to_move"] != first.label and d["log_length"] == 1


def test_status_table(save_path, capsys):
    code, out, err = run(capsys, "status", str(save_path))
    assert code == 0 and err == ""
    assert "Total Support 50" in out and "Opposition + Bases 20" in out
    assert "El Presidente: Samper" in out
    line = next(x for x in out.splitlines() if x.startswith("Putumayo"))
    assert "Active Opposition" in line and "2/0/0" in line and "1/0/2" in line
    # one name for one space: the printed one, as the steps and forms say it (issue 43;
    # the text said 'Atlántico', 'Bogotá' where the steps say 'Atlántico-Magdalena')
    assert line.startswith("Putumayo-Caquetá ")
    for name in ("Atlántico-Magdalena", "Bogotá & Villavicencio", "Nariño-Cauca"):
        assert any(x.startswith(name + " ") for x in out.splitlines()), name
    d = json.loads(run(capsys, "status", str(save_path), "--json")[1])
    assert d["spaces"]["Atlántico"]["name"] == "Atlántico-Magdalena"


# ======================================================================================
# verify
# ======================================================================================
def test_verify_ok(save_path, capsys):
    game = serialize.load(save_path)
    for _ in range(5):
        game.apply(Pass())
    serialize.save(game, save_path)
    code, out, err = run(capsys, "verify", str(save_path))
    assert code == 0 and "OK, 5 commands" in out and err == ""


def test_verify_mismatch_exits_1(save_path, capsys):
    data = json.loads(save_path.read_text(encoding="utf-8"))
    data["state"]["resources"][2] = 33
    save_path.write_text(json.dumps(data), encoding="utf-8")
    code, out, _ = run(capsys, "verify", str(save_path))
    assert code == 1 and "resources: saved [40, 10, 33, 10]" in out


# ======================================================================================
# errors: one line on stderr, exit code 2
# ======================================================================================
@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["frobnicate"],
        ["new"],  # --out is required
        ["new", "--out", "x.json", "--players", "7"],
        ["new", "--out", "x.json", "--scenario", "full"],
        ["new", "--out", "x.json", "--seed", "many"],
        ["new", "--out", "x.json", "--seats", "1,2"],
        ["status"],
        ["status", "a.json", "--colour"],
    ],
)
def test_bad_arguments_exit_2_one_line(argv, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert err.startswith("andean: error:") and err.count("\n") == 1
    assert "Traceback" not in err and not (tmp_path / "x.json").exists()


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["new", "--seed", "-3", "--out", "{tmp}/g.json"], "seed"),
        (["new", "--scenario", "quick", "--short", "--out", "{tmp}/g.json"], "short game"),
        (["new", "--deployment", "open", "--out", "{tmp}/g.json"], "placement"),
        (["new", "--players", "3", "--seats", "1,2,-,-", "--out", "{tmp}/g.json"], "players"),
        (["new", "--out", "{tmp}/no/such/dir/g.json"], "does not exist"),  # checked first
    ],
)
def test_bad_option_values_exit_2_one_line(argv, fragment, capsys, tmp_path):
    code, _, err = run(capsys, *[a.replace("{tmp}", str(tmp_path)) for a in argv])
    assert code == 2 and fragment in err and err.count("\n") == 1


@pytest.mark.parametrize("command", ["status", "verify"])
def test_bad_files_exit_2_one_line(command, capsys, tmp_path):
    missing = tmp_path / "missing.json"
    garbage = tmp_path / "garbage.json"
    garbage.write_text("{{{", encoding="utf-8")
    foreign = tmp_path / "foreign.json"
    foreign.write_text('{"format": "other"}', encoding="utf-8")
    for path, fragment in (
        (missing, "no such save file"),
        (garbage, "not a JSON file"),
        (foreign, "not an Andean Abyss save"),
        (tmp_path, "is a directory"),
    ):
        code, out, err = run(capsys, command, str(path))
        assert code == 2 and out == ""
        assert fragment in err and err.count("\n") == 1 and "Traceback" not in err


def test_help_exits_0(capsys):
    code, out, _ = run(capsys, "--help")
    assert code == 0 and "new" in out and "status" in out and "verify" in out
    code, out, _ = run(capsys, "new", "--help")
    assert code == 0 and "--seeded-propaganda" in out and "2.4.1" in out


def test_status_in_a_propaganda_round_and_after_the_end_6_0_7_3(save_path, capsys):
    from core.rules import victory

    game = serialize.load(save_path)
    game.state.phase = "propaganda"
    game.state.step = {"phase": "Civic Action", "faction": 0}
    d = status_dict(game)
    assert d["phase"] == "propaganda" and d["to_move"] == "Government"
    victory.finish(game.state, "test")
    serialize.save(game, save_path)
    # an edited state: its log no longer replays, so only --no-verify shows it
    assert run(capsys, "status", str(save_path))[0] == 2
    d = json.loads(run(capsys, "status", str(save_path), "--json", "--no-verify")[1])
    assert d["phase"] == "over" and d["to_move"] is None
    assert d["game_over"]["reason"] == "test" and len(d["game_over"]["ranking"]) == 4
    code, out, _ = run(capsys, "status", str(save_path), "--no-verify")
    assert code == 0 and "Game over: test" in out


def test_random_game_plays_to_the_end_and_saves_a_verifiable_game(tmp_path, capsys):
    # 2.4.1 / 7.3: a random legal game ends after the final Propaganda Round
    path = tmp_path / "random.json"
    code, out, err = run(capsys, "random-game", "--seed", "5", "--json", "--save", str(path))
    assert code == 0, err
    summary = json.loads(out)
    assert summary["propaganda_cards"] == 4
    assert sorted(summary["ranking"]) == ["AUC", "Cartels", "FARC", "Government"]
    assert summary["winner"] == summary["ranking"][0]
    assert run(capsys, "verify", str(path))[0] == 0


def test_random_game_is_reproducible_and_narrated(capsys):
    first = run(capsys, "random-game", "--seed", "9", "--scenario", "quick")[1]
    second = run(capsys, "random-game", "--seed", "9", "--scenario", "quick")[1]
    assert first == second
    assert first.startswith("Random legal game, quick scenario, seed 9")
    assert "Card #" in first and "Game over:" in first


# ---- section 8 commands ----------------------------------------------------------------
@pytest.mark.parametrize("faction", ["FARC", "AUC", "Cartels"])
def test_flowchart_prints_every_format(capsys, faction):
    code, out, _ = run(capsys, "flowchart", faction, "--format", "mermaid")
    assert code == 0 and out.startswith("flowchart TD") and "rally_q" in out
    assert run(capsys, "flowchart", faction, "--format", "dot")[1].startswith("digraph")
    assert "non-player flowchart" in run(capsys, "flowchart", faction)[1]


def test_flowchart_rejects_the_government(capsys):
    code, _, err = run(capsys, "flowchart", "Government")
    assert code == 2 and "error" in err


def _solo_save(tmp_path, capsys) -> str:
    path = tmp_path / "solo.json"
    assert run(capsys, "new", "--seed", "11", "--players", "1", "--out", str(path))[0] == 0
    return str(path)


def test_np_turn_json_contract_8_1(tmp_path, capsys):
    # FARC 1st Eligible on card 1 (Government leftmost): an Operation, FARC Rallies (8.7.1)
    path = _solo_save(tmp_path, capsys)
    code, out, err = run(capsys, "np-turn", path, "--faction", "FARC", "--card", "1",
                         "--dice", "4,4,1", "--json")
    assert code == 0, err
    data = json.loads(out)
    for key in ("faction", "decision", "operation", "special_activity", "spaces", "trace",
                "status"):
        assert key in data
    assert data["faction"] == "FARC" and data["decision"] == "operation"
    assert data["operation"] == "Rally" and data["special_activity"] == "Extort"
    assert "Vichada" in data["spaces"]  # published roll 11: 4,4,1 walks to Vichada
    assert any("8.7.1" in line for line in data["trace"])
    assert data["status"]["resources"]["FARC"] >= 0


def test_np_turn_scripted_dice_running_out_is_a_clear_error(tmp_path, capsys):
    path = _solo_save(tmp_path, capsys)
    code, _, err = run(capsys, "np-turn", path, "--faction", "FARC", "--card", "1",
                       "--dice", "4", "--json")
    assert code == 2 and "ran out" in err


def test_np_turn_second_eligible_and_save_replays(tmp_path, capsys):
    path = _solo_save(tmp_path, capsys)
    out_path = str(tmp_path / "after.json")
    code, out, err = run(capsys, "np-turn", path, "--faction", "AUC", "--card", "38",
                         "--position", "second", "--after", "op_sa", "--save", out_path,
                         "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["decision"] in ("operation", "pass")  # card 38 bears the gray 2 (8.1)
    assert run(capsys, "verify", out_path)[0] == 0


def _two_player_save(tmp_path, capsys) -> str:
    """Issue 33's 2-player game with Non-players (seed 5)."""
    path = str(tmp_path / "two.json")
    assert run(capsys, "new", "--players", "2", "--seed", "5", "--out", path)[0] == 0
    return path


_DISCORD_TURN = ("--faction", "AUC", "--card", "61", "--position", "second",
                 "--after", "op_sa")


class _Terminal:
    """stdin as a terminal, with the lines a person types."""

    def __init__(self, *lines: str) -> None:
        self.lines = [f"{line}\n" for line in lines]

    def isatty(self) -> bool:
        return True

    def readline(self) -> str:
        return self.lines.pop(0) if self.lines else ""


def test_np_turn_discord_refused_without_terminal_nor_option_8_1(tmp_path, capsys,
                                                                 monkeypatch):
    # 8.1 Exception: in a 2-player game the Government player chooses Event or Operation
    # for a 2nd Eligible Non-player (#61's gray 2 included): np-turn may not decide alone
    path = _two_player_save(tmp_path, capsys)
    monkeypatch.setattr("sys.stdin", open("/dev/null"))  # noqa: SIM115 - not a terminal
    out_path = str(tmp_path / "after.json")
    code, out, err = run(capsys, "np-turn", path, *_DISCORD_TURN, "--save", out_path)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "Insurgent Discord (8.1)" in err
    assert "--discord event" in err
    assert not Path(out_path).exists()  # nothing applied nor saved


@pytest.mark.parametrize("answer, decision", [("event", "event"), ("op", "operation")])
def test_np_turn_discord_option_answers_the_government_8_1(tmp_path, capsys, answer,
                                                           decision):
    # 8.1: --discord answers the question play and assist ask (tui.prompts.discord_question)
    path = _two_player_save(tmp_path, capsys)
    code, out, err = run(capsys, "np-turn", path, *_DISCORD_TURN, "--discord", answer,
                         "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["decision"] == decision
    assert any("Insurgent Discord: the Government chooses" in line for line in data["trace"])


def test_np_turn_discord_asked_on_the_terminal_8_1(tmp_path, capsys, monkeypatch):
    # 8.1: on a terminal the Government player is asked (stderr), a bad answer again
    path = _two_player_save(tmp_path, capsys)
    monkeypatch.setattr("sys.stdin", _Terminal("maybe", "1"))
    code, out, err = run(capsys, "np-turn", path, *_DISCORD_TURN, "--json")
    assert code == 0, err
    assert "Insurgent Discord (8.1): AUC is 2nd Eligible. Government player, choose:" in err
    assert "! 'maybe' is not one of the options" in err
    assert json.loads(out)["decision"] == "event"


def test_np_turn_discord_option_checked_when_parsed(tmp_path, capsys):
    path = _two_player_save(tmp_path, capsys)
    code, _, err = run(capsys, "np-turn", path, *_DISCORD_TURN, "--discord", "maybe")
    assert code == 2 and "--discord" in err and "event or operation" in err


def test_np_turn_typed_dice_are_all_in_the_saved_log_and_it_verifies(tmp_path, capsys):
    # docs/architecture.md: every roll is logged with its purpose. The FARC's 8.7.1 Rally
    # rolls red 4, yellow 4, green 1 on the 8.2 chart (a decision roll, not re-fed on
    # replay: the command holds what it decided); the save still verifies.
    path = _solo_save(tmp_path, capsys)
    out_path = str(tmp_path / "after.json")
    code, _, err = run(capsys, "np-turn", path, "--faction", "FARC", "--card", "1",
                       "--dice", "4,4,1", "--save", out_path)
    assert code == 0, err
    entry = json.loads(Path(out_path).read_text(encoding="utf-8"))["log"][-1]
    rolls = entry["decision_rolls"] + entry["rolls"]
    assert [v for _, v in rolls] == [4, 4, 1]
    assert [p.split(",")[0] for p, _ in entry["decision_rolls"]] == [
        "red die", "yellow die", "green die"]
    assert all("8.2" in p for p, _ in entry["decision_rolls"])
    assert run(capsys, "verify", out_path)[0] == 0


def test_np_turn_first_eligible_stops_with_the_2nd_eligible_to_move_2_3_2(tmp_path, capsys):
    # np-turn returns the position right after the Non-player's turn: as 1st Eligible on
    # card 1 (Government, FARC, AUC, Cartels) the FARC's turn leaves the AUC, next on
    # the card, to decide (2.3.2); the card does not end there and then.
    path = _solo_save(tmp_path, capsys)
    code, out, err = run(capsys, "np-turn", path, "--faction", "FARC", "--card", "1",
                         "--dice", "4,4,1", "--json")
    assert code == 0, err
    status = json.loads(out)["status"]
    assert status["phase"] == "card" and status["current_card"]["number"] == 1
    assert status["to_move"] == "AUC"


def _propaganda_next_save(tmp_path, capsys) -> tuple[str, int]:
    """A solo save whose draw deck shows a Propaganda card on top (2.3.8)."""
    from core.game.board_editor import SetNextCard

    path = _solo_save(tmp_path, capsys)
    game = serialize.load(path)
    card = next(c for c in game.state.deck if CARDS[c].propaganda)
    game.apply(SetNextCard(card))
    serialize.save(game, path)
    return path, card


def test_np_turn_second_eligible_stops_before_the_card_ends_2_3_7_6_0(tmp_path, capsys):
    # np-turn returns the position right after the Non-player's turn. As 2nd Eligible the
    # card ends by the rules (2.3.7: Eligibility adjusted; 2.3.8: next card), but that and a
    # following Propaganda card's automatic phases (6.1 Victory, 6.2 Resources) are left
    # to the next command: the status is the card just played, both Eligibles' actions
    # recorded, nobody to move yet, the Propaganda card only on top of the deck.
    path, propaganda = _propaganda_next_save(tmp_path, capsys)
    before = serialize.load(path).state
    out_path = str(tmp_path / "after.json")
    code, out, err = run(capsys, "np-turn", path, "--faction", "AUC", "--card", "38",
                         "--position", "second", "--after", "op_sa", "--save", out_path,
                         "--json")
    assert code == 0, err
    status = json.loads(out)["status"]
    assert status["phase"] == "card" and status["current_card"]["number"] == 38
    assert status["to_move"] is None
    assert status["next_card"]["number"] == propaganda
    assert status["propaganda_cards"] == before.propaganda_cards
    assert "card_ends" in status  # says what comes next
    saved = serialize.load(out_path)
    # the JSON status is the saved position
    assert status_dict(saved) == status
    assert saved.state.phase == "card" and saved.state.deck[0] == propaganda
    # 6.2 Resources not run: the Government's Resources moved only by its own turn (none)
    assert saved.state.resources[0] == before.resources[0]
    code, text, _ = run(capsys, "status", out_path)
    assert code == 0 and f"then #{propaganda} " in text  # said in plain words too


def test_np_turn_second_eligible_save_verifies_and_plays_on_2_3_7_6_0(tmp_path, capsys):
    # The save made at that stop replays to itself, and the next command finishes the
    # card (2.3.7), plays the Propaganda card (2.3.8, 6.0) and its automatic phases (6.1
    # Victory, 6.2 Resources, ...), then is applied for the Faction whose decision the
    # Round awaits: here the Government's Civic Action (6.4.1).
    from core.game import sequence
    from core.pieces import Faction
    from core.rules import propaganda

    path, card = _propaganda_next_save(tmp_path, capsys)
    out_path = str(tmp_path / "after.json")
    code, _, err = run(capsys, "np-turn", path, "--faction", "AUC", "--card", "38",
                       "--position", "second", "--after", "op_sa", "--save", out_path)
    assert code == 0, err
    assert run(capsys, "verify", out_path)[0] == 0
    stopped = serialize.load(out_path)
    assert stopped.log[-1].get("stop_after_turn") is True
    acted = [f for f, _ in stopped.state.step["acted"]]
    # what the engine does on from the stop (no dice are rolled in these steps)
    ahead = stopped.state.clone()
    sequence.advance(ahead, stopped.dice)
    assert ahead.phase == "propaganda" and ahead.current_card == card
    assert ahead.step["phase"] == propaganda.CIVIC_ACTION
    assert sequence.to_move(ahead) is Faction.GOVT
    # 1) the next command, applied directly
    game = serialize.load(out_path)
    game.apply(propaganda.CivicAction())
    assert game.log[-1]["faction"] == "Government"
    assert game.state.current_card == card and game.state.propaganda_cards == 1
    assert all(not game.state.eligible[f] for f in acted)  # 2.3.7
    # 6.2 Resources ran now, not at the stop
    assert ahead.resources != stopped.state.resources
    assert game.state.resources == ahead.resources
    resumed = tmp_path / "resumed.json"
    serialize.save(game, resumed)
    assert run(capsys, "verify", str(resumed))[0] == 0
    # 2) or first asked who decides next (Game.play_on, logged), as the TUI does on load
    game = serialize.load(out_path)
    assert game.to_move() is None
    game.play_on()
    assert game.state == ahead and game.to_move() is Faction.GOVT
    game.apply(propaganda.CivicAction())
    serialize.save(game, resumed)
    assert run(capsys, "verify", str(resumed))[0] == 0


def test_np_turn_again_after_a_stopped_card_adjusts_eligibility_2_3_7(tmp_path, capsys):
    # A second np-turn on the stopped save names the next card itself: the stopped card
    # ends first (2.3.7: the Factions that executed become Ineligible) before the new
    # card is set up; the saved chain still verifies.
    path, _ = _propaganda_next_save(tmp_path, capsys)
    mid = str(tmp_path / "mid.json")
    end = str(tmp_path / "end.json")
    assert run(capsys, "np-turn", path, "--faction", "AUC", "--card", "38", "--position",
               "second", "--after", "op_sa", "--save", mid)[0] == 0
    stopped = serialize.load(mid).state
    acted = [a for a in stopped.step["acted"]]
    code, _, err = run(capsys, "np-turn", mid, "--faction", "FARC", "--card", "1",
                       "--dice", "4,4,1", "--save", end)
    assert code == 0, err
    state = serialize.load(end).state
    for f, _kind in acted:
        if f != 1:  # the FARC itself was made Eligible by the set-up
            assert not state.eligible[f]
    assert run(capsys, "verify", end)[0] == 0


def test_np_turn_refuses_a_propaganda_card(tmp_path, capsys):
    path = _solo_save(tmp_path, capsys)
    code, _, err = run(capsys, "np-turn", path, "--faction", "AUC", "--card", "74")
    assert code == 2 and "Event card" in err


# ---- Events (5.0, 8.4) ------------------------------------------------------------------
def test_event_command_runs_nonplayer_choices_8_4(tmp_path, capsys):
    path = _solo_save(tmp_path, capsys)
    out_path = str(tmp_path / "after.json")
    code, out, err = run(capsys, "event", path, "--card", "27", "--faction", "FARC",
                         "--save", out_path, "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["decision"] == "event" and data["faction"] == "FARC"
    assert data["command"]["side"] == "shaded"
    assert data["status"]["momentum"] == [27]  # Misil Antiaéreo shaded is Momentum (5.4)
    assert run(capsys, "verify", out_path)[0] == 0


def test_event_command_capability_in_status_5_3(tmp_path, capsys):
    path = _solo_save(tmp_path, capsys)
    code, out, err = run(capsys, "event", path, "--card", "2", "--side", "unshaded",
                         "--faction", "Government", "--json")
    assert code == 0, err
    caps = json.loads(out)["status"]["capabilities"]
    assert caps == [{"card": 2, "side": "unshaded", "title": "Ospina & Mora"}]


def test_event_command_rejects_bad_cards(tmp_path, capsys):
    path = _solo_save(tmp_path, capsys)
    assert run(capsys, "event", path, "--card", "75", "--faction", "AUC")[0] == 2
    code, _, err = run(capsys, "event", path, "--card", "19", "--side", "shaded",
                       "--faction", "AUC")
    assert code == 2 and "no shaded text" in err  # General Offensive is single-text


def test_cards_lists_every_card_with_nonplayer_rows(capsys):
    code, out, _ = run(capsys, "cards", "--json")
    rows = json.loads(out)
    assert code == 0 and len(rows) == 76
    by_number = {r["number"]: r for r in rows}
    assert by_number[38]["nonplayer"]["gray2"] is True
    assert by_number[63]["nonplayer"]["always_ops"] is True
    assert by_number[12]["type"] == "momentum" and by_number[2]["type"] == "capability"
    assert by_number[73]["type"] == "propaganda"
    assert all(by_number[n]["sides"] for n in range(1, 73))
    text = run(capsys, "cards")[1]
    assert "National Coordination Center" in text and "gray 2" in text
