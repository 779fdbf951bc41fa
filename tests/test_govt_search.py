"""The search Government (issue 5): CP-SAT plans checked by the engine.

Positions are hand-built with tests.helpers or taken from real openings. Time limits are
small (0.3 s) to keep the file fast; nothing here times anything (see
benchmarks/bench_search.py), the solver's statuses are checked instead.
"""

from __future__ import annotations

import random

import pytest

from core.game import Game, sequence
from core.game.random_play import random_command
from core.game.sequence import OperationAction, Pass, PlayEvent
from core.pieces import Faction, Piece
from core.rules import coin_ops
from core.state import GameState
from nonplayer.government import GovtDecision, SearchGovernment, make_government
from nonplayer.government.evaluation import civic_potential, evaluate, evaluation_terms
from nonplayer.government.operation_models import SA_VARIANTS
from nonplayer.government.search import Effort, search, search_decide
from nonplayer.turn import run_nonplayers, take_turn
from runners.solitaire import new_solitaire
from tests.helpers import blank_state, place, position, put, sid

GOVT, FARC, AUC = Faction.GOVT, Faction.FARC, Faction.AUC
FAST = 0.3
# the wall clock only as a far safety net: the planned (deterministic) work decides, so the
# results do not depend on how loaded the machine is
WALL = 60.0
#: Every model variant, 1 plan each: what determinism tests run under a generous limit.
LIGHT = Effort(SA_VARIANTS, 1, 4)


def govt_second_after_event(state: GameState) -> Game:
    """Card 19 (FARC, then Government): FARC has played the Event, so the Government may
    Pass or execute an Operation with a Special Activity (2.3.4), and no Event."""
    state.step["acted"] = [[int(FARC), "event"]]
    assert sequence.to_move(state) is GOVT
    assert sequence.options(state) == [sequence.PASS, sequence.OPERATION]
    return Game(state)


def settled(state: GameState, *, except_: tuple[str, ...] = ()) -> GameState:
    """Every populated space but ``except_`` already at Active Support under Government
    Control (1 Police): nothing to gain there, so a test isolates the space it is about."""
    from core.map import MAP

    skip = {sid(name) for name in except_}
    for s in MAP.spaces:
        if s.is_populated and not s.is_foreign and s.id not in skip:
            put(state, s.id, Piece.POLICE, 1)
            state.support[s.id] = 2
    return state


def opening(seed: int, scenario: str = "standard") -> Game:
    """A solitaire game at its first Government decision."""
    game = new_solitaire(scenario, seed)
    run_nonplayers(game)
    assert game.to_move() is GOVT
    return game


def assert_engine_accepts(game: Game, decision: GovtDecision) -> None:
    trial = game.clone()
    trial.apply(decision.command, chooser=decision.chooser)
    assert trial.state.check_invariants() == []


# ======================================================================================
# the models choose what the position calls for
# ======================================================================================
def test_exposed_bases_are_assaulted() -> None:
    # 3.2.4: Bases with no Guerrilla to shield them; Troops on the spot.
    state = settled(blank_state(resources=10), except_=("Meta East",))
    place(state, {"Meta East": "4T 1FB 1AB"})
    game = govt_second_after_event(state)
    decision = search_decide(game, time_limit=FAST, wall_limit=WALL)
    cmd = decision.command
    assert isinstance(cmd, OperationAction)
    assert cmd.op.name == "Assault" or (cmd.op.name == "Sweep" and cmd.special is not None
                                        and cmd.special.name == "Air Strike")
    assert decision.kind == "operation"
    assert "OPTIMAL" in decision.notes["solver_status"]
    game.apply(cmd, chooser=decision.chooser)
    assert game.state.bases_on_map(FARC) == 0  # the FARC Base went first or with the AUC's
    assert game.state.check_invariants() == []


def test_sweep_then_air_strike_when_guerrillas_hide() -> None:
    # 3.2.3 + 4.2.2: an Underground Guerrilla shields the Base; only a Sweep finds it and
    # the Air Strike then removes the now Active Guerrilla (no Assault capacity: Troops
    # must move in first and the Government can afford one space).
    state = position({"Meta East": "1FU 1FB", "Bogota": "3T 3P"}, resources=3)
    game = govt_second_after_event(state)
    result = search(game, time_limit=FAST, wall_limit=WALL)
    sweeps = [c for c in result.candidates if c.model == "Sweep+Air Strike" and c.score]
    assert sweeps, "the Sweep + Air Strike model found a legal plan"
    plan = sweeps[0].command
    assert isinstance(plan, OperationAction)
    assert sid("Meta East") in plan.op.selected
    assert plan.special is not None and plan.special.space == sid("Meta East")


def test_train_with_civic_action_builds_support() -> None:
    # 3.2.1 + 6.4.1: Government Control, Troops and Police in Bogotá (Pop 8), Resources.
    state = position({"Bogota": "3T 3P"}, resources=12)
    game = govt_second_after_event(state)
    before = game.state.total_support()
    decision = search_decide(game, time_limit=FAST, wall_limit=WALL)
    cmd = decision.command
    assert isinstance(cmd, OperationAction) and cmd.op.name == "Train"
    assert cmd.op.civic == sid("Bogota")
    game.apply(cmd, chooser=decision.chooser)
    assert game.state.total_support() == before + 16  # Neutral -> Active Support, Pop 8


def test_civic_action_counts_terror_first() -> None:
    # 6.4.1: every step removes a Terror marker before any shift.
    state = position({"Bogota": "2T 2P"}, terror={"Bogota": 1}, resources=9)
    game = govt_second_after_event(state)
    decision = search_decide(game, time_limit=FAST, wall_limit=WALL)
    cmd = decision.command
    assert isinstance(cmd, OperationAction) and cmd.op.name == "Train"
    assert cmd.op.civic == sid("Bogota") and cmd.op.civic_steps == 2  # 3 + 2 x 3 = 9
    game.apply(cmd)
    assert game.state.terror[sid("Bogota")] == 0
    assert game.state.support[sid("Bogota")] == 1


def test_broke_government_passes() -> None:
    # 2.3.3: no Operation is affordable with 2 Resources; a Pass gives +3.
    state = position({"Bogota": "3T"}, resources=2)
    game = govt_second_after_event(state)
    decision = search_decide(game, time_limit=FAST, wall_limit=WALL)
    assert isinstance(decision.command, Pass) and decision.kind == "pass"


def test_farc_zone_is_never_entered() -> None:
    # 1.4.2, 6.4.4: no plan moves cubes into, or Trains in, a FARC Zone.
    state = position({
        "Meta West": "3FA 1FB",
        "Bogota": "6T 2P",
    }, farc_zone=["Meta West"], resources=30)
    game = govt_second_after_event(state)
    result = search(game, time_limit=FAST, wall_limit=WALL)
    for cand in result.candidates:
        if cand.model is None:
            continue
        assert cand.error is None or not cand.error[0].isdigit(), cand.error
        op = cand.command.op
        assert sid("Meta West") not in op.spaces() or op.name == "Assault"


def test_limited_operation_has_one_space_and_no_special_activity() -> None:
    # 2.3.5: after the 1st Eligible's Operation only a Limited Operation is open.
    state = position({"Bogota": "3T 3P", "Cali": "2T 2P"}, resources=20)
    state.step["acted"] = [[int(FARC), "op"]]
    game = Game(state)
    assert sequence.options(state) == [sequence.PASS, sequence.LIMITED]
    decision = search_decide(game, time_limit=FAST, wall_limit=WALL)
    assert decision.kind == "limited_operation"
    cmd = decision.command
    assert isinstance(cmd, OperationAction) and cmd.special is None
    assert len(set(cmd.op.destinations())) == 1
    assert_engine_accepts(game, decision)


def test_capabilities_change_the_plans() -> None:
    # 5.3: Ospina & Mora unshaded (card 2) makes Sweep cost 1 per space; Tapias shaded
    # (card 3) allows only 1 Assault space per card.
    state = position(capabilities={2: "unshaded", 3: "shaded"}, resources=3)
    for name in ("Meta East", "Arauca"):
        place(state, {name: "3T 2FA"})
    place(state, {"Guaviare": "1FU", "Meta West": "1FU", "Putumayo": "1T 1FU"})
    game = govt_second_after_event(state)
    result = search(game, time_limit=FAST, wall_limit=WALL)
    sweeps = [c.command.op for c in result.candidates if c.model == "Sweep" and c.score]
    assert any(len(op.selected) == 3 for op in sweeps)  # 3 spaces for 3 Resources
    assaults = [c.command.op for c in result.candidates
                if c.model and c.model.startswith("Assault") and c.score is not None]
    assert assaults and all(len(op.selected) == 1 for op in assaults)


# ======================================================================================
# legality, determinism, dice
# ======================================================================================
@pytest.mark.parametrize("seed,scenario", [(0, "standard"), (1, "standard"), (2, "quick")])
def test_every_model_plan_is_legal_in_real_openings(seed: int, scenario: str) -> None:
    # The engine is the judge: every decoded plan must pass it (none refused).
    game = opening(seed, scenario)
    result = search(game, time_limit=5.0, effort=LIGHT, wall_limit=WALL)
    plans = [c for c in result.candidates if c.model is not None]
    assert plans
    for cand in plans:
        assert cand.error is None or not cand.error[0].isdigit(), (cand.label, cand.error)
    statuses = {r.status for r in result.runs}
    assert statuses <= {"OPTIMAL", "FEASIBLE", "INFEASIBLE", "UNKNOWN"}
    assert "OPTIMAL" in statuses
    decision = search_decide(game, time_limit=FAST, wall_limit=WALL)
    assert_engine_accepts(game, decision)


def test_search_is_deterministic_and_leaves_the_game_alone() -> None:
    game = opening(4)
    before = game.state.clone()
    log = list(game.log)
    # a generous limit with a small planned effort: the safety net never cuts in
    first = search_decide(game, time_limit=5.0, seed=3, effort=LIGHT,
                          wall_limit=WALL)
    second = search_decide(game, time_limit=5.0, seed=3, effort=LIGHT,
                          wall_limit=WALL)
    assert not first.notes["cut_short"] and not second.notes["cut_short"]
    assert first.command == second.command
    assert first.kind == second.kind
    assert [s.text.split(";")[0] for s in first.trace.steps] == \
        [s.text.split(";")[0] for s in second.trace.steps]
    # the look-ahead never touched the game, nor its seeded dice stream
    assert game.state == before and game.log == log


def test_lookahead_does_not_use_the_game_dice_stream(monkeypatch: pytest.MonkeyPatch) -> None:
    # A clone rolling from the game's SeededDice would see the real future rolls.
    from core.dice import SeededDice

    def forbidden(self: SeededDice, state: GameState, purpose: str) -> int:
        raise AssertionError(f"the search rolled the game's dice for {purpose}")

    game = opening(6)  # the Government is 1st Eligible: Insurgents reply on this card
    monkeypatch.setattr(SeededDice, "roll", forbidden)
    result = search(game, time_limit=FAST, wall_limit=WALL)
    assert result.best.score is not None
    assert any(c.replies for c in result.candidates)  # the Insurgents did reply


def test_the_seed_reaches_the_solver_and_the_dice() -> None:
    game = opening(6)
    a = search(game, time_limit=5.0, seed=1, effort=LIGHT, wall_limit=WALL)
    b = search(game, time_limit=5.0, seed=1, effort=LIGHT, wall_limit=WALL)
    assert not a.cut_short and not b.cut_short
    assert [c.score for c in a.candidates] == [c.score for c in b.candidates]
    assert [(r.model, r.status, r.objective) for r in a.runs] == \
        [(r.model, r.status, r.objective) for r in b.runs]


def test_a_seed_beyond_32_bits_reaches_the_solver() -> None:
    # a game's seed goes up to 2**63 - 1 (core.dice.MAX_SEED: a seed nobody chose, as
    # 'andean demo' without --seed draws): CP-SAT's random_seed refused it (TypeError)
    from core.dice import MAX_SEED

    game = opening(6)
    result = search(game, time_limit=5.0, seed=MAX_SEED - 1000, effort=LIGHT,
                    wall_limit=WALL)
    assert result.runs and result.best.score is not None


# ======================================================================================
# Events, Pass and Propaganda
# ======================================================================================
def test_event_halves_are_candidates_with_their_choices() -> None:
    # 5.1, 5.2: both halves of a dual-use card are scored like any other option.
    game = opening(0)
    card = game.state.current_card
    result = search(game, time_limit=FAST, wall_limit=WALL)
    events = [c for c in result.candidates if c.kind == "event"]
    assert {c.command.side for c in events} <= {"unshaded", "shaded"}
    assert events and all(isinstance(c.command, PlayEvent) for c in events)
    assert card is not None
    for cand in events:
        assert cand.chooser_factory is not None  # the real game gets a fresh chooser
    if result.best.kind == "event":
        assert result.best.chooser is not None


def test_propaganda_decisions_come_from_the_heuristic() -> None:
    # 6.4.1 / 6.5: the search delegates Propaganda Round decisions.
    game = new_solitaire("standard", 3)
    rng = random.Random(3)
    for _ in range(3000):
        if game.state.phase == "propaganda" and game.to_move() is GOVT:
            break
        assert not game.is_terminal()
        if game.state.seats[game.to_move()] is None:
            take_turn(game)
        else:
            game.apply(random_command(game.state, rng))
    decision = search_decide(game, time_limit=FAST, wall_limit=WALL)
    assert decision.kind == "propaganda"
    assert any("heuristic" in line for line in decision.lines())
    assert_engine_accepts(game, decision)


def test_not_the_governments_turn() -> None:
    state = blank_state()
    game = Game(state)  # card 19: FARC is 1st Eligible
    with pytest.raises(ValueError):
        search_decide(game, time_limit=FAST, wall_limit=WALL)


def test_registry_plays_the_search() -> None:
    bot = make_government("lookahead", seed=2, time_limit=FAST, wall_limit=WALL)
    assert isinstance(bot, SearchGovernment) and bot.note == ""
    game = opening(7)
    decision = bot.decide(game)
    assert decision.trace.lines()
    assert_engine_accepts(game, decision)


# ======================================================================================
# the evaluation
# ======================================================================================
def test_evaluation_rewards_support_and_removals() -> None:
    state = position({"Meta East": "2FA 1FB"})
    base = evaluate(state)
    supported = state.clone()
    supported.support[sid("Bogota")] = 1  # 7.2: +8 Total Support
    assert evaluate(supported) > base + 7
    fewer = state.clone()
    fewer.remove(sid("Meta East"), Piece.FARC_ACTIVE, 2)
    fewer.remove(sid("Meta East"), Piece.FARC_BASE, 1)
    assert evaluate(fewer) > evaluate(state.clone()) + 1


def test_evaluation_of_a_finished_game_is_its_result_on_the_one_scale() -> None:
    # 7.3, 8.8: a game run to its end counts 10 x the solo score (Government margin
    # minus the best Insurgent margin), plus a bonus per level above COIN Failure; the
    # one function every path shares (issue 35, tests/test_govt_one_scale.py)
    from nonplayer.government.base import LEVEL_BONUS, final_score

    state = blank_state()
    state.phase = "over"
    terms = evaluation_terms(state)
    margins = state.victory_margins()
    lead = max(margins[f] for f in (FARC, AUC, Faction.CARTELS))
    assert list(terms) == ["final result"]
    solo = margins[GOVT] - lead
    assert terms["final result"] == final_score(state) == 10.0 * solo + LEVEL_BONUS * (
        solo >= 1) + LEVEL_BONUS * (solo >= 4) + LEVEL_BONUS * (solo >= 9)


def test_propaganda_next_values_civic_action_potential() -> None:
    # 6.4.1 in the coming Support Phase: Resources where Civic Action is possible count.
    state = position({"Bogota": "1T 1P"}, resources=9)
    state.deck = [73] + state.deck  # a Propaganda card is next
    assert civic_potential(state) == 16
    assert "Civic Action potential" in evaluation_terms(state)
    state.deck = state.deck[1:]
    assert "Civic Action potential" not in evaluation_terms(state)


def test_assault_capacity_in_the_model_follows_mountain_rule() -> None:
    # 3.2.4: in Mountain 1 piece per 2 Troops: 3 Troops in Huila remove only 1.
    state = position({"Huila": "3T 3FA"}, resources=10)
    game = govt_second_after_event(state)
    result = search(game, time_limit=FAST, wall_limit=WALL)
    assaults = [c for c in result.candidates if c.model == "Assault" and c.score is not None]
    assert assaults
    op = assaults[0].command.op
    assert dict(op.removals)[sid("Huila")] == (int(Piece.FARC_ACTIVE),)
    assert coin_ops.assault_capacity(state, sid("Huila")) == 1
