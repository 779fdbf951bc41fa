"""``andean soak`` (issue 11 item 2): seatings covered, every invariant after every
command, the JSON report with each problem's seed and settings, exit 1 on any problem."""

from __future__ import annotations

import json

import pytest

import runners.soak as soak
from core.state import GameState
from runners.soak import SoakJob, soak_game, soak_jobs
from tui.commands.main import main


def test_jobs_cycle_through_every_setting() -> None:
    jobs = soak_jobs(12, 100, ["heuristic", "random"], ["standard", "quick"], [1, 2, 3])
    assert [j.seed for j in jobs] == list(range(100, 112))
    assert {(j.govt, j.scenario, j.players) for j in jobs} == {
        (g, s, p) for g in ("heuristic", "random") for s in ("standard", "quick")
        for p in (1, 2, 3)}


@pytest.mark.parametrize("players", [2, 3])
def test_2_and_3_player_seatings_with_nonplayers_play_clean_1_5_1(players) -> None:
    # 1.5.1 Non-Player Option: players take Government, FARC (, AUC); the rest section 8
    assert soak_game(5, "heuristic", "quick", players) == []


def test_a_broken_invariant_is_reported_with_where_it_happened(monkeypatch) -> None:
    calls = [0]
    real = GameState.check_invariants

    def broken_on_the_5th(self):  # type: ignore[no-untyped-def]
        calls[0] += 1
        return real(self) + (["made-up problem"] if calls[0] == 5 else [])

    monkeypatch.setattr(GameState, "check_invariants", broken_on_the_5th)
    problems = soak_game(7, "random", "quick", 1)
    assert len(problems) == 1 and problems[0].endswith(": made-up problem")
    assert problems[0].startswith("card ")


def test_an_exception_is_a_problem_not_a_crash(monkeypatch) -> None:
    def boom(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise RuntimeError("boom")

    monkeypatch.setattr(soak, "take_turn", boom)
    problems = soak_game(7, "heuristic", "quick", 1)
    assert len(problems) == 1 and "RuntimeError: boom" in problems[0]


def test_cli_report_and_exit_status(tmp_path, capsys) -> None:
    report = tmp_path / "r.json"
    code = main(["soak", "--games", "2", "--seed", "3", "--scenario", "quick",
                 "--players", "2,3", "--out", str(report)])
    out, err = capsys.readouterr()
    assert code == 0, err
    data = json.loads(report.read_text())
    assert data["games"] == 2 and data["problems"] == []
    assert {(s["players"], s["games"]) for s in data["settings"]} == {(2, 1), (3, 1)}
    assert "2/2 games" in err and "0 problems" in out


def test_cli_exits_1_listing_each_problem_with_its_settings(tmp_path, capsys,
                                                             monkeypatch) -> None:
    def fake(seed: int, govt: str, scenario: str, players: int) -> list[str]:
        return ["made-up problem"] if seed == 11 else []

    monkeypatch.setattr(soak, "soak_game", fake)
    report = tmp_path / "r.json"
    code = main(["soak", "--games", "3", "--seed", "10", "--govt", "random", "--scenario",
                 "standard", "--players", "1", "--out", str(report)])
    out, _ = capsys.readouterr()
    assert code == 1
    assert json.loads(report.read_text())["problems"] == [
        {"seed": 11, "govt": "random", "scenario": "standard", "players": 1,
         "message": "made-up problem"}]
    assert "seed 11 (random Government, standard, 1 player): made-up problem" in out
    assert "soak: 3 games, 1 problem, " in out  # core.words (issue 24, Why 9)


def test_cli_checks_out_before_playing(tmp_path, capsys) -> None:
    code = main(["soak", "--games", "1", "--out", str(tmp_path / "no" / "r.json")])
    assert code == 2 and "--out" in capsys.readouterr().err
    code = main(["soak", "--games", "1", "--govt", "best"])
    assert code == 2 and "--govt" in capsys.readouterr().err


def test_a_job_is_reproduced_by_its_settings() -> None:
    job = SoakJob(4, "random", "quick", 3)
    assert soak.run_job(job) == (job, soak_game(4, "random", "quick", 3))


def test_a_stopped_soak_still_lists_the_problems_found_so_far(capsys, monkeypatch) -> None:
    # issue 11: a long soak stopped with Ctrl-C keeps what it found (exit 130, one line)
    def fake(seed: int, govt: str, scenario: str, players: int) -> list[str]:
        if seed == 12:
            raise KeyboardInterrupt
        return ["made-up problem"] if seed == 11 else []

    monkeypatch.setattr(soak, "soak_game", fake)
    code = main(["soak", "--games", "4", "--seed", "10", "--govt", "random", "--scenario",
                 "standard", "--players", "1", "--workers", "1"])
    out, err = capsys.readouterr()
    assert code == 130
    assert "seed 11 (random Government, standard, 1 player): made-up problem" in out
    assert "soak stopped after 2 of 4 games (1 problem so far" in err
