"""The Support/Opposition ledger of saved games (``benchmarks/ledger.py``, issue 35 item
4): its books balance against the victory totals, every change is booked to the command
that made it, and the Support Phase's Civic Action room is split without loss.

A few Quick-Play games of the heuristic Government, saved by ``andean batch
--keep-games`` once for the module (about a second)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmarks import ledger, losses
from core.game import Game
from core.game.serialize import dumps, game_to_json, load
from core.map import MAP
from core.rules import propaganda
from core.rules.common import civic_action_problem
from core.state import GameState
from runners.games import read_csv
from tui.commands.main import main

SEEDS = (9, 10, 11)  # each with a Support Phase Civic Action, Agitation and Train


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("ledger") / "run"
    assert main(["batch", "--games", str(len(SEEDS)), "--seed", str(SEEDS[0]), "--scenario",
                 "quick", "--seeding", "consecutive", "--keep-games", "--out",
                 str(out)]) == 0
    return out


@pytest.fixture(scope="module")
def run(run_dir: Path) -> ledger.Run:
    return ledger.read_run("quick", run_dir)


def test_every_kept_game_is_read(run: ledger.Run) -> None:
    assert [g.name for g in run.games] == [str(s) for s in SEEDS]
    assert run.skipped == []


def test_the_books_balance(run: ledger.Run, run_dir: Path) -> None:
    # 1.6.3: Total Support and Opposition are Population x level; the ledger's rows of a
    # game add up to the end's totals minus the start's, nothing missed or counted twice
    for g in run.games:
        saved = load(run_dir / "games" / f"{g.name}.json")
        assert (g.start_support, g.start_opposition) == (
            saved.initial.total_support(), saved.initial.total_opposition())
        assert (g.end_support, g.end_opposition) == (
            saved.state.total_support(), saved.state.total_opposition())
        assert g.net() == (g.end_support - g.start_support,
                           g.end_opposition - g.start_opposition)
        assert any(f.times for f in g.kinds.values())  # these games move levels


def test_changes_are_booked_to_what_makes_them(run: ledger.Run) -> None:
    kinds, _ = ledger.totals(run)
    for (faction, kind), flow in kinds.items():
        if kind in (ledger.CIVIC_ACTION, ledger.TRAIN):
            # 6.4.1, 3.2.1: Civic Action shifts toward Active Support only, by the
            # Government
            assert faction == "Government"
            assert flow.support_down == flow.opposition_up == 0
        if kind in (ledger.AGITATION, ledger.ERADICATE):
            # 6.4.2, 4.2.3: Agitation and Eradicate shift toward Active Opposition only
            assert flow.support_up == flow.opposition_down == 0
        # 6.2-6.6: no stage that runs by itself moves a level
        assert not kind.startswith("automatic"), (faction, kind)
    assert (("Government", ledger.TRAIN)) in kinds
    for g in run.games:  # 4.2.3: an Eradicate shifts 1 level or places a Guerrilla
        assert len(g.eradicates) >= g.kinds.get(("Government", ledger.ERADICATE),
                                                 ledger.Flow()).times


def test_support_phase_figures_match_the_rows(run: ledger.Run) -> None:
    # 6.4.1 / 6.4.2: what the phases saw Civic Action add and Agitation add is what the
    # ledger booked to those commands; the Resources spent pay 3 a step
    for g in run.games:
        civic = g.kinds.get(("Government", ledger.CIVIC_ACTION), ledger.Flow())
        agitation = g.kinds.get(("FARC", ledger.AGITATION), ledger.Flow())
        assert sum(p.civic_support for p in g.phases) == civic.support_up
        assert sum(p.agitation_opposition for p in g.phases) == agitation.opposition_up
        for p in g.phases:
            assert p.spent % 3 == 0 and 0 <= p.spent <= p.resources
            assert p.civic_support <= p.room["ready"] + p.room["1st Division"]
    assert sum(len(g.phases) for g in run.games) >= 3
    assert all(any(p.spent for p in g.phases) for g in run.games)  # not vacuous
    rounds = ledger.by_round(run)  # 6.0: one Support Phase per Round not ended at 6.1
    assert sum(f["phases"] for f in rounds.values()) == sum(len(g.phases) for g in run.games)
    phases = [p for g in run.games for p in g.phases]
    assert sum(f["phases"] * f["spent"] for f in rounds.values()) == pytest.approx(
        sum(p.spent for p in phases))


def _support_phase_states(game: Game) -> list[GameState]:
    """The board as each Support Phase of ``game`` began (6.4), by the engine's replay."""
    seen: list[GameState] = []

    def watch(state: GameState, index: int, report: list[str], decision: object) -> None:
        if index == propaganda.SUPPORT_PHASE_STAGE:
            seen.append(state.clone())

    Game.replay(game.initial, game.log, watch)
    return seen


def test_the_room_split_sums_to_the_whole_room(run_dir: Path) -> None:
    # 6.4.1: room = Population x levels each City and Department could still shift
    # toward Active Support (+2); (a) + (b) + (c) is all of it, and (a) is exactly where
    # Civic Action is possible now
    states = [s for seed in SEEDS
              for s in _support_phase_states(load(run_dir / "games" / f"{seed}.json"))]
    assert states
    for state in states:
        room, _, _ = ledger.room_at(state)
        whole = sum(s.pop * (2 - state.support[s.id])
                    for s in MAP.spaces if s.is_populated and state.in_play(s.id))
        assert sum(room.values()) == whole
        ready = sum(s.pop * (2 - state.support[s.id]) for s in MAP.spaces
                    if s.is_populated and civic_action_problem(state, s.id) is None)
        assert room["ready"] == ready
        if not propaganda.jointness_in_effect(state):  # card 1 unshaded: 1 space more
            assert room["1st Division"] == 0


def test_a_game_that_does_not_replay_is_skipped_and_named(run_dir: Path,
                                                          tmp_path: Path) -> None:
    game = load(run_dir / "games" / f"{SEEDS[0]}.json")
    populated = next(s.id for s in MAP.spaces if s.is_populated)
    game.state.support[populated] = 2 if game.state.support[populated] != 2 else 1
    (tmp_path / f"{SEEDS[0]}.json").write_text(dumps(game_to_json(game)), encoding="utf-8")
    bad = ledger.read_run("bad", tmp_path)
    assert bad.games == [] and len(bad.skipped) == 1
    assert bad.skipped[0].startswith(f"{SEEDS[0]}: the log does not replay")


def test_command_line_side_by_side_and_json(run_dir: Path, tmp_path: Path, capsys) -> None:
    other = tmp_path / "other"
    other.mkdir()
    name = f"{SEEDS[1]}.json"
    (other / name).write_text((run_dir / "games" / name).read_text("utf-8"), encoding="utf-8")
    assert ledger.main([f"all={run_dir}", f"one={other}"]) == 0
    text = capsys.readouterr().out
    assert "all (3 games)" in text and "one (1 game)" in text
    assert "Side by side" in text and "(a) ready" in text
    assert ledger.main([str(run_dir), str(other), "--common", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [r["games"] for r in data["runs"]] == [1, 1]
    assert data["runs"][0]["per_game"] == data["runs"][1]["per_game"]


def test_the_loss_analysis_reads_kept_games_as_their_rows(run_dir: Path) -> None:
    # benchmarks/losses.py on a folder of kept games: the records rebuilt from the saved
    # end states (7.3 margins, 8.8 solo score, why the game ended) are the batch's rows
    rows = read_csv(run_dir / "games.csv")
    kept = losses.records_at(run_dir / "games")
    assert [r.seed for r in kept] == [r.seed for r in rows] == list(SEEDS)
    for a, b in zip(kept, rows, strict=True):
        assert (a.winner, a.solo_score, a.solo_level, a.victory_margins, a.cards_played,
                a.propaganda_cards, a.length, a.reason) == (
            b.winner, b.solo_score, b.solo_level, b.victory_margins, b.cards_played,
            b.propaganda_cards, b.length, b.reason)
    assert [r.seed for r in losses.records_at(run_dir)] == list(SEEDS)  # the CSV's


def test_a_round_begun_after_a_stopped_turn_is_seen(run: ledger.Run, run_dir: Path) -> None:
    # 6.0: a turn stopped before its card's end (np-turn) leaves the next Propaganda
    # Round to the next command, which starts it first: its Support Phase is still seen
    game = load(run_dir / "games" / f"{SEEDS[0]}.json")
    for entry in game.log[:-1]:  # the last one ends the game (7.3)
        entry["stop_after_turn"] = True
    stopped = ledger.ledger_of(game, "stopped")  # still replays to the saved state
    plain = next(g for g in run.games if g.name == str(SEEDS[0]))
    assert stopped.phases == plain.phases and stopped.kinds == plain.kinds


def test_the_loss_analysis_side_by_side(run_dir: Path) -> None:
    # 8.8: COIN Failure games, by the winner (7.2) and when they ended (6.1 or 7.3)
    rows = read_csv(run_dir / "games.csv")
    lost = [r for r in rows if r.solo_level == "COIN Failure"]
    table = losses.side_by_side([("a", rows), ("b", rows[:1])])
    assert table[0] == f"| | a ({len(rows)}) | b (1) |"
    cells = {line.split(" | ")[0][2:]: line.split(" | ")[1] for line in table[2:] if line}
    assert cells["COIN Failure"] == str(len(lost))
    ended = [k for k in cells if k.startswith("lost at") or k.startswith("lost on")]
    assert sum(int(cells[k].split()[0]) for k in ended) == len(lost)
