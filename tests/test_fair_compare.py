"""Fair, measured comparisons (issue 42 item 3): the program's own players seated as
agents (``--agent SEAT=builtin:NAME``, agents/builtin.py), ``andean batch --compare``
(runners/compare.py) and the intervals of the batch summary."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agents.builtin import as_player, limited_forms, refusal
from agents.seat import AgentSetup
from core.game import Game
from core.pieces import Faction
from runners.compare import CompareError, compare
from runners.games import GameRecord, play, summarize, write_csv
from runners.stats import mcnemar, share
from tui.commands.main import main


def _record(seed: int, margins: tuple[int, int, int, int], winner: str | None,
            solo: int | None = None, level: str | None = None,
            scenario: str = "quick", error: str = "") -> GameRecord:
    names = ("Government", "FARC", "AUC", "Cartels")
    return GameRecord(seed, scenario, "heuristic", winner, dict(zip(names, margins)), solo,
                      level, 20, 2, 50, "final Propaganda Round completed", error=error)


# ======================================================================================
# the built-in agents: the control plays the same game as the bot it controls
# ======================================================================================
def test_the_flowchart_seated_as_an_agent_plays_a_whole_game_as_a_player(
        tmp_path: Path) -> None:
    # 1.5 / 8.1: FARC seated as an agent is a player of its own (a 2-player game whose
    # Government bot decides Insurgent Discord for the AUC and Cartels), whoever the
    # agent is: the built-in flowchart plays every FARC decision through the protocol,
    # each one accepted (no fallback to the Non-player), and the game is not solitaire
    setup = AgentSetup(((int(Faction.FARC), "builtin:flowchart"),),
                       failure_dir=str(tmp_path))
    game, record = play(4, "heuristic", "quick", agents=setup)
    assert game.state.seats == [1, 2, None, None]
    assert record.fallback == "" and not list(tmp_path.iterdir())
    assert game.state.phase == "over" and record.solo_score is None
    farc_commands = [e for e in game.log if e.get("faction") == "FARC"]
    assert farc_commands  # the agent decided, logged like any player's command


def test_a_government_bot_seated_as_an_agent_plays_the_solitaire_game(
        tmp_path: Path) -> None:
    # 8.0: the Government against three Non-players is the solitaire game whoever plays
    # it: the built-in heuristic through the protocol gets its 8.8 score
    setup = AgentSetup(((int(Faction.GOVT), "builtin:heuristic"),), failure_dir=str(tmp_path))
    _, record = play(2, "heuristic", "quick", agents=setup)
    assert record.fallback == "" and record.solo_level is not None
    assert record.govt == "agent:builtin:heuristic"


def test_an_operation_is_made_limited_where_the_player_may_take_only_that() -> None:
    # 2.3.5 / 8.1: a Non-player never takes a Limited Operation, a player after a 1st
    # Eligible's Operation alone may take nothing more; the flowchart's Operation and
    # Special Activity become an Operation in its first space without the Special Activity
    from core.game.sequence import OperationAction
    from core.rules.insurgent_ops import Rally, Terror
    from core.rules.insurgent_special import Extort

    command = OperationAction(Rally(steps=((3, "place", 1, ()), (5, "place", 1, ()))),
                              special=Extort(where=(3,)))
    bare, first = limited_forms(command)
    assert bare.special is None and bare.op == command.op
    assert first.special is None and first.op.spaces() == (3,)
    terror = OperationAction(Terror(where=(7, 9)))
    assert limited_forms(terror)[1].op.where == (7,)


def test_the_flowchart_agent_sends_a_command_the_player_seat_takes() -> None:
    # 2.3.5: FARC, a player, is 2nd Eligible after the 1st Eligible's Operation alone:
    # only a Limited Operation (or a Pass) is open, and the flowchart's choice, decided
    # as a Non-player would (8.1: a full Operation and Special Activity), is sent as one
    # the rules accept for the player
    from agents.builtin import flowchart_command
    from core.commands import from_json
    from core.game import sequence
    from core.game.sequence import OperationAction
    from nonplayer.government import apply_decision, make_government
    from nonplayer.turn import take_turn

    for seed in range(20):
        game = Game.new(scenario="quick", seed=seed, seats=[1, 2, None, None])
        bot = make_government("heuristic", seed)
        while not game.is_terminal():
            state = game.state
            faction = sequence.to_move(state)
            if faction is Faction.FARC and state.phase == "card" \
                    and sequence.options(state) == [sequence.PASS, sequence.LIMITED]:
                break
            if faction is Faction.FARC:
                game.apply(from_json(flowchart_command(game)))
            elif faction is Faction.GOVT:
                apply_decision(game, bot.decide(game))
            else:
                take_turn(game, discord=bot.discord)
        else:
            continue
        data = flowchart_command(game)
        game.clone().apply(from_json(data))  # accepted by the rules
        if data["type"] == OperationAction.name:
            assert data.get("special") is None
        return
    pytest.fail("no seed reached a Limited Operation for the FARC")


def test_the_built_in_government_answers_discord_for_the_faction_to_move() -> None:
    # 8.1 Insurgent Discord: the Government chooses for the 2nd Eligible Non-player, the
    # Faction to move; the prompt names the Government too ("Government player,
    # choose"), which must not be taken for it
    from agents import builtin
    from agents.protocol import observation
    from core.game import sequence
    from decisions.asked import discord_question

    asked: list[Faction] = []

    class Bot:
        def discord(self, state: object, faction: Faction) -> str:
            asked.append(faction)
            return "operation"

    game = Game.new(scenario="quick", seed=3, seats=[1, 2, None, None])
    faction = sequence.to_move(game.state)
    assert faction is not None and faction is not Faction.GOVT
    message = {"type": "question", "id": 7, "asks": "discord", "first": False,
               "prompt": discord_question(faction, game.state.current_card).prompt,
               "observation": observation(game.state),
               "options": [{"id": 0, "value": "event"}, {"id": 1, "value": "operation"}]}
    answer = builtin.reply("heuristic", Bot(), message)
    assert asked == [faction] and answer == {"type": "answer", "id": 7, "answer": 1}


def test_as_player_keeps_a_command_the_rules_accept() -> None:
    # 2.3.3: a Pass is always open; a command the player may take is sent unchanged
    game = Game.new(scenario="quick", seed=1, seats=[1, 2, None, None])
    data = {"type": "Pass"}
    assert as_player(game, data) is data


@pytest.mark.parametrize(("where", "seat", "words"), [
    ("builtin:flowchart", "Government", "no Government flowchart"),
    ("builtin:heuristic", "FARC", "is a Government bot"),
    ("builtin:chess", "AUC", "is not a built-in agent"),
])
def test_a_built_in_agent_in_the_wrong_seat_is_refused_in_one_line(
        where: str, seat: str, words: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert words in (refusal(where, seat) or "")
    code = main(["demo", "--govt", "heuristic", "--scenario", "quick", "--seed", "1",
                 "--agent", f"{seat}={where}"])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and len(err) == 1 and words in err[0]


def test_a_command_or_a_port_is_no_built_in_agent() -> None:
    assert refusal("python3 bot.py", "FARC") is None
    assert refusal("tcp:7001", "Government") is None
    assert refusal("builtin:flowchart", "Cartels") is None


# ======================================================================================
# statistics
# ======================================================================================
def test_a_share_has_its_exact_binomial_interval() -> None:
    # Clopper-Pearson: 0 of 6 -> [0, 1 - 0.025 ** (1/6)]; 3 of 6 symmetric about 1/2
    none = share(0, 6)
    assert none["rate"] == 0 and none["ci95"][0] == 0
    assert none["ci95"][1] == pytest.approx(1 - 0.025 ** (1 / 6), abs=1e-4)
    half = share(3, 6)["ci95"]
    assert half[0] == pytest.approx(1 - half[1], abs=1e-4)
    assert share(0, 0)["ci95"] is None
    with pytest.raises(ValueError):
        share(7, 6)


def test_mcnemar_counts_the_games_won_in_one_run_only() -> None:
    a = [True, True, True, False, False, True]
    b = [False, False, False, False, True, True]
    test = mcnemar(a, b)
    assert (test["first_only"], test["second_only"]) == (3, 1)
    assert test["p"] == pytest.approx(0.625)  # 2 * P(X <= 1), X ~ Bin(4, 1/2)
    assert mcnemar([True], [True])["p"] is None  # the runs never differ: no test


def test_the_batch_summary_gives_every_rate_and_margin_an_interval() -> None:
    from tui.commands.bots import summary_text

    records = [_record(s, (s, -s, 0, 1), "Government" if s % 2 else "FARC", 5 - s,
                       "COIN Progress" if s < 2 else "COIN Failure") for s in range(6)]
    summary = summarize(records, 1.0, govt="heuristic", scenario="quick",
                        backend="process", workers=1)
    assert summary["win_rates"]["Government"] == share(3, 6)
    assert summary["solo_level_rates"]["COIN Progress"] == share(2, 6)
    text = "\n".join(summary_text(summary))
    assert "Government 3 (50.0%, 11.8-88.2%)" in text
    assert "COIN Progress 2 (33.3%, 4.3-77.7%)" in text
    assert "Mean margins: Government +2.50 (+0.54 to +4.46)" in text


# ======================================================================================
# batch --compare
# ======================================================================================
def test_compare_pairs_the_runs_game_by_game() -> None:
    # the margins' differences are taken seed by seed (7.3), B minus A
    a = [_record(s, (s, 0, 0, 0), "FARC", s, "Stalemate") for s in range(5)]
    b = [_record(s, (s + d, 0, 0, 0), "Government" if d > 1 else "FARC", s + d,
                 "COIN Progress" if d > 1 else "Stalemate")
         for s, d in zip(range(1, 6), (1, 2, 3, 2, 9))]
    result = compare(a, b)
    assert result["games"] == 4 and result["only_first"] == 1 and result["only_second"] == 1
    margin = result["margins"]["Government"]
    assert margin["mean"] == 2.0 and margin["better"] == 4 and margin["worse"] == 0
    assert result["wins"]["Government"]["mcnemar"] == {"first_only": 0, "second_only": 3,
                                                       "p": 0.25}
    assert result["solitaire"] and result["solo_score"]["mean"] == 2.0
    assert result["solo_levels"]["COIN Progress"]["second"] == share(3, 4)


def test_compare_refuses_runs_that_are_not_of_the_same_games() -> None:
    a = [_record(0, (0, 0, 0, 0), None)]
    with pytest.raises(CompareError, match="share no seed"):
        compare(a, [_record(1, (0, 0, 0, 0), None)])
    with pytest.raises(CompareError, match="not the same game"):
        compare(a, [_record(0, (0, 0, 0, 0), None, scenario="standard")])
    with pytest.raises(CompareError, match="an error"):
        compare(a, [_record(0, (0, 0, 0, 0), None, error="boom")])


def _run(folder: Path, records: list[GameRecord], agents: dict[str, str] | None) -> None:
    folder.mkdir()
    write_csv(records, folder / "games.csv")
    run = {"games": len(records), "seed": 0, "scenario": "quick", "govt": "heuristic",
           "think": None, "plays": "heuristic"}
    if agents:
        run["agents"] = agents
    (folder / "run.json").write_text(json.dumps(run), encoding="utf-8")


def test_batch_compare_prints_the_paired_figures(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    control = [_record(s, (0, -s, 0, 0), "Government") for s in range(4)]
    bot = [_record(s, (0, 1 - s, 0, 0), "FARC" if s < 2 else "Government") for s in range(4)]
    _run(tmp_path / "a", control, {"FARC": "builtin:flowchart"})
    _run(tmp_path / "b", bot, {"FARC": "python3 mybot.py"})
    assert main(["batch", "--compare", str(tmp_path / "a"), str(tmp_path / "b")]) == 0
    out = capsys.readouterr().out
    assert "Paired comparison of 4 games (seeds 0-3, quick)" in out
    assert "FARC agent builtin:flowchart" in out and "FARC agent python3 mybot.py" in out
    assert "  FARC        +1.00 (+1.00 to +1.00), p -, higher in 4, lower in 0" in out
    assert "FARC       A 0.0% (0.0-60.2%), B 50.0% (6.8-93.2%); A only 0, B only 2, " \
           "McNemar p 0.500" in out
    assert "Warning" not in out and "No 8.8 levels" in out


def test_batch_compare_warns_when_the_seatings_differ(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # 8.1: bots alone against a FARC agent are two different games (Insurgent Discord)
    records = [_record(s, (0, 0, 0, 0), None, 0, "COIN Failure") for s in range(3)]
    _run(tmp_path / "a", records, None)
    _run(tmp_path / "b", [_record(s, (0, 0, 0, 0), None) for s in range(3)],
         {"FARC": "python3 mybot.py"})
    assert main(["batch", "--compare", str(tmp_path / "a"), str(tmp_path / "b")]) == 0
    out = capsys.readouterr().out
    assert "Warning: the runs seat agents in different seats" in out


@pytest.mark.parametrize(("extra", "words"), [
    (["--games", "3"], "drop --games"),
    (["--keep-games"], "drop --keep-games"),
])
def test_batch_compare_plays_nothing(tmp_path: Path, extra: list[str], words: str,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["batch", "--compare", str(tmp_path), str(tmp_path), *extra])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and len(err) == 1 and words in err[0]


def test_batch_compare_names_a_folder_without_a_run(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["batch", "--compare", str(tmp_path), str(tmp_path)])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and len(err) == 1 and "holds no games.csv" in err[0]


def test_batch_without_games_or_compare_says_what_it_needs(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["batch"]) == 2
    assert "--games N (or --compare RUN_A RUN_B)" in capsys.readouterr().err
