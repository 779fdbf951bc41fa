"""The UI-independent forms (tui/forms/base.py, government.py, decision.py): only legal
options offered, typed answers parsed, every Government choice built into a command the
engine accepts, and bad input refused without changing anything."""

from __future__ import annotations

import pytest

from core.cards import SEVENTH_SPECIAL_FORCES
from core.commands import Context
from core.events import UNSHADED
from core.game import Game, sequence
from core.map import MAP
from core.pieces import Faction, Piece
from core.rules import coin_ops, govt_special, propaganda
from decisions import government as gf
from decisions.base import FormRun, InputError, Option, Question
from decisions.decision import DecisionContext, decision_form, event_form, menu_options
from tests.helpers import place, position, put, run_form, sid

GOVT = Faction.GOVT


def labels(run: FormRun) -> list[str]:
    assert run.question is not None
    return [o.label for o in run.question.options]


def board() -> object:
    """A small position: Government in Bogotá, Huila (with a Base) and on a LoC; FARC,
    AUC and Cartels Guerrillas around Huila."""
    state = position({
        "Bogota": "4T 2P",
        "Huila": "3T 1P 1GB 1FU 2FA 1AA",
        "Meta West": "2FU 2CU 1CB",
        "Bogota-Neiva": "2P 1FU",
    }, resources=30, card=1)
    return state


def legal(state, cmd) -> object:  # type: ignore[no-untyped-def]
    """Execute a top-level command on a copy for the Government (the engine's check)."""
    trial = state.clone()
    cmd.execute(trial, Context(faction=GOVT))
    assert trial.check_invariants() == []
    return trial


# ======================================================================================
# questions
# ======================================================================================
def test_question_one_by_number_name_accent_and_prefix():
    q = Question.one("Where?", [Option(0, "Bogotá"), Option(1, "Cali"), Option(2, "Cartagena")])
    assert q.parse("1") == 0
    assert q.parse("bogota") == 0
    assert q.parse("CALI") == 1
    assert q.parse("cart") == 2
    for bad in ("", "4", "0", "ca", "Lima", "-1"):
        with pytest.raises(InputError):
            q.parse(bad)


def test_question_many_counts_order_and_repeats():
    opts = [Option(i, n) for i, n in enumerate(("Huila", "Meta West", "Meta East"))]
    q = Question.many("Which?", opts, 1, 2)
    assert q.parse("meta e, huila") == [2, 0]
    assert q.parse("1 3") == [0, 2]
    for bad in ("none", "1,2,3", "1,1", "nowhere", "meta"):
        with pytest.raises(InputError):
            q.parse(bad)
    r = Question.many("Police where?", opts, 0, 3, repeat=True)
    assert r.parse("huila x2, 3") == [0, 0, 2]
    assert r.parse("none") == []


def test_question_number_and_yes_no():
    q = Question.number("How many?", 1, 4, default=4)
    assert q.parse("") == 4 and q.parse("2") == 2 and q.parse("max") == 4
    for bad in ("0", "5", "two", "1.5"):
        with pytest.raises(InputError):
            q.parse(bad)
    yn = Question.yes_no("Apply?")
    assert yn.parse("Y") is True and yn.parse("no") is False
    with pytest.raises(InputError):
        yn.parse("maybe")


def test_an_option_detail_given_as_a_function_is_made_once_when_first_read():
    import copy
    import dataclasses
    import pickle

    made: list[int] = []

    def detail() -> str:
        made.append(1)
        return "2 Troops"

    option = Option(5, "Huila", detail, ("hui",))
    assert made == []  # nothing made until read
    assert option.detail == "2 Troops" and option.detail == "2 Troops" and made == [1]
    assert option == Option(5, "Huila", "2 Troops", ("hui",))
    assert hash(option) == hash(Option(5, "Huila", "2 Troops", ("hui",)))
    assert repr(Option(5, "Huila", lambda: "x")) == repr(Option(5, "Huila", "x"))
    for copied in (copy.copy(Option(1, "a", lambda: "x")),
                   copy.deepcopy(Option(1, "a", lambda: "x")),
                   pickle.loads(pickle.dumps(Option(1, "a", lambda: "x")))):
        assert copied.detail == "x" and copied == Option(1, "a", "x")
    with pytest.raises(dataclasses.FrozenInstanceError):
        option.detail = "no"  # type: ignore[misc]
    assert Option(1, "a").detail == "" and dataclasses.fields(Option)[2].default == ""


def test_form_back_replays_and_bad_answer_changes_nothing():
    def form():  # type: ignore[no-untyped-def]
        a = yield Question.number("a?", 1, 3)
        b = yield Question.number("b?", 1, a)
        return a * 10 + b

    run = FormRun(form)
    run.answer_text("3")
    with pytest.raises(InputError):
        run.answer_text("4")
    assert run.question is not None and run.question.prompt == "b?" and run.answers == [3]
    assert run.back() and run.question.prompt == "a?"
    assert not run.back()
    run.answer_text("2")
    run.answer_text("2")
    assert run.done and run.result == 22


# ======================================================================================
# Government Operations (3.2)
# ======================================================================================
def test_train_places_cubes_then_builds_a_base():  # 3.2.1
    state = board()
    run = FormRun(lambda: gf.train_form(state))
    assert "Meta West" in labels(run)  # a Department without a Base may be selected
    assert all(MAP.space(name).kind != "loc" for name in labels(run))
    cmd = run_form(lambda: gf.train_form(state), "bogota, huila", "2", "1", "0", "0",
                   "base in huila", "2 troops")
    assert cmd == coin_ops.Train(selected=(sid("Bogota"), sid("Huila")),
                                 place=((sid("Bogota"), 2, 1),), base=sid("Huila"),
                                 base_troops=2)
    after = legal(state, sequence.OperationAction(cmd))
    assert after.bases(sid("Huila"), GOVT) == 2 and after.resources[GOVT] == 24


def test_train_civic_action_steps_limited_by_resources():  # 3.2.1, 6.4.1
    state = board()
    state.resources[GOVT] = 9
    state.support[sid("Bogota")] = 0
    cmd = run_form(lambda: gf.train_form(state), "bogota", "0", "0", "civic", "2")
    assert cmd.civic == sid("Bogota") and cmd.civic_steps == 2
    run = FormRun(lambda: gf.train_form(state))
    run.answer_text("bogota")
    run.answer_text("0")
    run.answer_text("0")
    run.answer_text("civic")
    assert run.question is not None and run.question.hi == 2  # 9 - 3 leaves 2 steps
    legal(state, sequence.OperationAction(cmd))


def test_train_offers_no_farc_zone():  # 3.2.1, 1.4.2
    state = board()
    state.farc_zone[sid("Meta West")] = 1
    run = FormRun(lambda: gf.train_form(state))
    assert "Meta West" not in labels(run)


def test_patrol_moves_cubes_activates_and_assaults_a_loc():  # 3.2.2
    state = board()
    run = FormRun(lambda: gf.patrol_form(state))
    run.answer_text("bogota")
    run.answer_text("troops")
    run.answer_text("2")
    assert "Bogotá-Neiva LoC" in labels(run)
    run.answer_text("bogota-neiva")
    run.answer_text("done")
    assert run.question is not None and "Assault" in run.question.prompt
    run.answer_text("bogota-neiva")
    assert run.done
    cmd = run.result
    assert cmd.moves == ((int(Piece.TROOPS), 2, (sid("Bogota"), sid("Bogota-Neiva"))),)
    assert cmd.assault == (sid("Bogota-Neiva"),)
    after = legal(state, sequence.OperationAction(cmd))
    assert after.guerrillas(sid("Bogota-Neiva"), Faction.FARC) == 0


def test_patrol_offers_to_stop_moving_only_if_a_patrol_without_moves_is_one():
    # 3.2.2: a Patrol that moves no cube acts on a LoC with cubes; with no cube on a LoC,
    # "done moving" before any move was offered and then refused (issue 41: every option
    # offered is one the form takes); after a move it is offered
    state = board()
    state.remove(sid("Bogota-Neiva"), Piece.POLICE, 2)
    run = FormRun(lambda: gf.patrol_form(state))
    assert "done moving" not in labels(run)
    run.answer_text("bogota")
    run.answer_text("troops")
    run.answer_text("1")
    run.answer_text("bogota-neiva")
    assert "done moving" in labels(run)
    assert "done moving" in labels(FormRun(lambda: gf.patrol_form(board())))  # cubes on a LoC


def test_an_operation_leaving_its_special_activity_nothing_to_do_offers_only_going_on():
    # 4.1: the one answer is to go on without it (a person goes back to change the
    # Operation); "no" was offered and always refused
    run = FormRun(lambda: gf.without_special_form("Patrol", "Air Strike"))
    assert run.question.kind == "one" and labels(run) == ["go on without a Special Activity"]
    run.answer_text("")  # Enter: the default
    assert run.done


def test_patrol_limited_keeps_one_destination():  # 2.3.5
    state = board()
    run = FormRun(lambda: gf.patrol_form(state, limited=True))
    run.answer_text("bogota")
    run.answer_text("police")
    run.answer_text("1")
    run.answer_text("bogota-neiva")
    assert run.question is not None
    assert "Bogotá & Villavicencio" in labels(run)  # more cubes may follow to the same LoC
    run.answer_text("bogota")
    run.answer_text("troops")
    run.answer_text("1")  # no destination question: the one destination is kept
    run.answer_text("done")
    while not run.done:
        run.answer_text("none" if run.question.kind == "many" else "1")
    ends = {path[-1] for _, _, path in run.result.moves}
    assert ends == {sid("Bogota-Neiva")}


def test_sweep_moves_troops_in_and_targets_chosen_factions():  # 3.2.3, 1.4.1
    state = board()
    put(state, "Meta West", Piece.POLICE, 1)  # 1 cube there: a choice between 2 Factions
    run = FormRun(lambda: gf.sweep_form(state))
    run.answer_text("meta west")
    assert run.question is not None and "Troops from where" in run.question.prompt
    assert "Huila-Tolima" in labels(run)
    run.answer_text("huila")
    run.answer_text("2")
    run.answer_text("done")
    assert "Target which Factions" in run.question.prompt
    run.answer_text("cartels")
    cmd = run.result
    assert cmd.selected == (sid("Meta West"),)
    # Forest: 3 cubes Activate 1 (3.2.3); the Government chose the Cartels
    assert cmd.activate == ((sid("Meta West"), int(Faction.CARTELS), 1),)
    after = legal(state, sequence.OperationAction(cmd))
    assert after.active(sid("Meta West"), Faction.CARTELS) == 1
    assert after.underground(sid("Meta West"), Faction.FARC) == 2


def test_assault_form_counts_only_what_it_can_remove_3_2_4():
    # 3.2.4 NOTE: a Base is removed only once no Guerrilla of its Faction there is
    # Underground. The space list said "removes up to 2", the target question "up to 3",
    # and offered "1 Active, 1 Bases" while an Underground FARC Guerrilla protected the Base
    state = position({"Cali": "3T 1FA 1FU 1FB 1AA"})
    run = FormRun(lambda: gf.assault_form(state))
    assert any("removes up to 2" in o.detail for o in run.question.options)
    run.answer_text("cali")  # the only space: selected, nothing more asked
    prompt = run.question.prompt
    assert "Assault removes up to 2." in prompt and "up to 3" not in prompt
    details = {o.label: o.detail for o in run.question.options}
    assert details["FARC"] == (
        "1 Active Guerrilla, 1 Base protected by 1 Underground Guerrilla (3.2.4)"
    )
    assert details["AUC"] == "1 Active Guerrilla"


def test_no_sweep_on_the_final_event_card():  # 2.3.9
    state = board()
    state.deck = [73] + state.deck
    state.propaganda_cards = state.final_propaganda - 1
    assert gf.operation_problem(state, "Sweep") is not None
    run = FormRun(lambda: gf.operation_form(state, limited=True))
    assert "Sweep" not in labels(run)


def test_assault_targets_factions_in_the_order_given():  # 3.2.4, 1.4.1
    state = board()
    state.pieces[sid("Huila") * len(Piece) + Piece.TROOPS] = 1  # Mountain: 1 Troops = 0
    put(state, "Huila", Piece.POLICE, 0)
    assert gf.operation_problem(state, "Assault") is not None  # nothing it could remove
    state2 = board()
    run = FormRun(lambda: gf.assault_form(state2))
    assert labels(run) == ["Huila-Tolima"]
    cmd = run_form(lambda: gf.assault_form(state2), "huila", "auc")
    after = legal(state2, sequence.OperationAction(cmd))
    assert after.active(sid("Huila"), Faction.AUC) == 0
    assert after.active(sid("Huila"), Faction.FARC) == 2  # 3 Troops in Mountain remove 1


def test_operation_with_special_activity_before_or_after():  # 4.1, 4.1.1
    state = board()
    run = FormRun(lambda: gf.operation_form(state, limited=False))
    run.answer_text("train")
    assert "Air Strike" not in labels(run)  # Air Strike accompanies Patrol/Sweep/Assault
    run.answer_text("air lift")
    run.answer_text("before")
    run.answer_text("bogota")  # Air Lift from
    run.answer_text("cali")  # to
    run.answer_text("3")
    run.answer_text("cali")  # Train in Cali: the board after the Air Lift
    run.answer_text("0")
    run.answer_text("3")  # 3 Police: with 3 Troops flown in, Cali has 6 cubes
    run.answer_text("base")
    run.answer_text("3 troops")
    cmd = run.result
    assert cmd.special_first and cmd.special == govt_special.AirLift(sid("Bogota"), sid("Cali"), 3)
    after = legal(state, cmd)
    assert after.bases(sid("Cali"), GOVT) == 1


def test_air_strike_and_eradicate_forms():  # 4.2.2, 4.2.3
    state = board()
    strike = run_form(lambda: gf.air_strike_form(state), "huila", "active auc")
    assert strike == govt_special.AirStrike(sid("Huila"), int(Piece.AUC_ACTIVE))
    run = FormRun(lambda: gf.eradicate_form(state))
    assert labels(run) == ["Meta West"]
    run.answer_text("meta west")
    assert run.question is not None  # several Departments could shift
    run.answer_text("meta west")
    assert run.result.shift == sid("Meta West")
    legal(state, sequence.OperationAction(coin_ops.Assault(selected=(sid("Huila"),)),
                                          run.result))


def test_air_lift_never_lands_in_a_farc_zone():  # 4.2.1
    state = board()
    state.farc_zone[sid("Meta West")] = 1
    run = FormRun(lambda: gf.air_lift_form(state))
    run.answer_text("bogota")
    assert "Meta West" not in labels(run) and "Bogotá & Villavicencio" not in labels(run)


# ======================================================================================
# Propaganda decisions (6.2, 6.4.1, 6.4.4, 6.5)
# ======================================================================================
def propaganda_state(phase: str) -> object:
    state = board()
    state.phase = "propaganda"
    state.step = {"phase": phase, "faction": 0, "stage": 6, "flags": {}, "report": []}
    return state


def test_civic_action_form():  # 6.4.1
    state = propaganda_state(propaganda.CIVIC_ACTION)
    state.support[sid("Bogota")] = 0
    state.terror[sid("Bogota")] = 1
    run = FormRun(lambda: gf.civic_action_form(state))
    assert "Bogotá & Villavicencio" in labels(run) and "Cali" not in labels(run)
    cmd = run_form(lambda: gf.civic_action_form(state), "bogota", "2", "done")
    assert cmd == propaganda.CivicAction(((sid("Bogota"), 2),))
    trial = state.clone()
    cmd.execute(trial, Context(faction=GOVT))
    assert trial.terror[sid("Bogota")] == 0 and trial.support[sid("Bogota")] == 1


def test_seventh_sf_form_offers_each_marker_once_so_every_combination_is_legal():
    # 5.3, card 7 unshaded: each pick removes one marker (a Sabotage, else a Terror), so a
    # space may be named only as often as it has markers: the form offers each marker
    # once (a space named again for a marker it lacks was offered and then refused, and
    # the research environment's first-legal agent picked it again forever: issue 41)
    state = propaganda_state(propaganda.SEVENTH_SF)
    state.capabilities[SEVENTH_SPECIAL_FORCES] = UNSHADED
    state.sabotage[sid("Bogota-Neiva")] = 1
    state.terror[sid("Bogota")] = 2
    state.sabotage[sid("Bogota")] = 0
    run = FormRun(lambda: gf.seventh_sf_form(state))
    values = [o.value for o in run.question.options]
    assert values.count((sid("Bogota-Neiva"), 1)) == 1
    assert [v for v in values if v[0] == sid("Bogota-Neiva")] == [(sid("Bogota-Neiva"), 1)]
    assert [v for v in values if v[0] == sid("Bogota")] == [(sid("Bogota"), 1),
                                                            (sid("Bogota"), 2)]
    assert not run.question.repeat
    with pytest.raises(InputError, match="twice"):
        run.answer([(sid("Bogota-Neiva"), 1), (sid("Bogota-Neiva"), 1)])
    run.answer_text("neiva, bogota 1, bogota 2")
    trial = state.clone()
    run.result.execute(trial, Context(faction=GOVT))
    assert trial.sabotage[sid("Bogota-Neiva")] == 0 and trial.terror[sid("Bogota")] == 0


def test_redeploy_form_moves_mandatory_troops_first():  # 6.5
    state = propaganda_state(propaganda.REDEPLOY)
    put(state, "Meta West", Piece.TROOPS, 2)  # no Base there: must move
    run = FormRun(lambda: gf.redeploy_form(state))
    assert "must move" in run.question.prompt and "Meta West" in run.question.prompt
    run.answer_text("bogota")
    run.answer_text("2")
    run.answer_text("done")
    cmd = run.result
    assert cmd.moves == ((int(Piece.TROOPS), sid("Meta West"), sid("Bogota"), 2),)
    trial = state.clone()
    cmd.execute(trial, Context(faction=GOVT))


def test_farc_zone_form_redeploys_the_cubes():  # 6.4.4
    state = propaganda_state(propaganda.FARC_ZONE)
    place(state, {"Meta West": "1P 2FB"})  # most FARC pieces
    assert propaganda.farc_zone_candidates(state) == [sid("Meta West")]
    run = FormRun(lambda: gf.farc_zone_form(state))  # the only candidate: not asked
    assert "1 Police cube from Meta West" in run.question.prompt
    assert "Meta West" not in labels(run) and "Bogotá & Villavicencio" in labels(run)
    cmd = run_form(lambda: gf.farc_zone_form(state), "bogota")
    assert cmd.space == sid("Meta West") and cmd.moves == ((int(Piece.POLICE), sid("Bogota"), 1),)
    trial = state.clone()
    cmd.execute(trial, Context(faction=GOVT))
    assert trial.farc_zone[sid("Meta West")]


def test_seventh_special_forces_form():  # card 7 unshaded
    state = propaganda_state(propaganda.SEVENTH_SF)
    state.capabilities[7] = "unshaded"
    state.terror[sid("Huila")] = 2
    cmd = run_form(lambda: gf.seventh_sf_form(state), "huila 1, huila 2")
    assert cmd == propaganda.SeventhSpecialForces((sid("Huila"), sid("Huila")))


# ======================================================================================
# the menu, Events, and garbage
# ======================================================================================
def game_on(card: int, resources: int = 30) -> Game:
    state = board()
    state.resources = [resources] * 4
    state.current_card = card
    state.played = [card]
    state.deck = [c for c in state.deck if c != card]
    return Game(state)


def test_menu_offers_only_what_the_sequence_of_play_allows():  # 2.3.4, 2.3.5
    game = game_on(4)
    keys = [o.value for o in menu_options(DecisionContext(game, game.dice))]
    assert ("pass",) in keys and ("operation", False) in keys
    assert ("event", "unshaded") in keys and ("event", "shaded") in keys
    game.state.step["acted"].append([int(Faction.FARC), "event"])  # 1st Eligible: Event
    keys = [o.value for o in menu_options(DecisionContext(game, game.dice))]
    assert not any(k[0] == "event" for k in keys) and ("operation", False) in keys
    game.state.step["acted"] = [[int(Faction.FARC), "op"]]
    keys = [o.value for o in menu_options(DecisionContext(game, game.dice))]
    assert ("operation", True) in keys and ("operation", False) not in keys
    game.state.resources[GOVT] = 0  # no Operation affordable: not offered
    keys = [o.value for o in menu_options(DecisionContext(game, game.dice))]
    assert keys == [("pass",)]


def test_event_form_asks_the_cards_choices_and_records_them():  # 5.1
    game = game_on(4)  # Caño Limón-Coveñas unshaded asks which 3 pipelines
    run = FormRun(lambda: event_form(game, "unshaded", game.dice))
    assert run.question is not None and "pipelines" in run.question.prompt
    names = labels(run)
    run.answer_text(", ".join(names[:3]))
    cmd = run.result
    assert isinstance(cmd, sequence.PlayEvent) and len(cmd.choices[0]) == 3
    before = game.state.resources[GOVT]
    game.apply(cmd)
    assert game.state.resources[GOVT] > before


def test_garbage_at_every_question_changes_nothing():
    game = game_on(4)
    ctx = DecisionContext(game, game.dice)
    before = game.state.clone()
    run = FormRun(lambda: decision_form(ctx))
    answers = ["operation", "train", "no special", "bogota", "1", "0", "nothing more"]
    for text in answers:
        for garbage in ("", "xyzzy", "99", "-3", "1,1,1,1", "Bogota x4"):
            prompt = run.question.prompt if run.question else None
            depth = run.depth
            try:
                run.answer_text(garbage)
            except InputError:
                assert run.depth == depth and run.question is not None
                assert run.question.prompt == prompt
            else:
                run.back()  # garbage that happened to be valid: take it back
        run.answer_text(text)
    assert run.done and game.state == before
    assert isinstance(run.result, sequence.OperationAction)


def test_a_many_question_says_how_many_to_choose_of_how_many():  # 3.2.1 Train
    # issue 43: Train's "(1-13, comma-separated...)" above 27 options read as the
    # options' numbers; it is how many spaces may be chosen
    q = Question.many("Train: select Cities or Departments",
                      [Option(i, f"space {i}") for i in range(27)], 1, 13)
    assert q.hint() == "(choose 1 to 13 of the 27, comma-separated numbers or names)"
    q = Question.many("Which 2?", [Option(i, f"o{i}") for i in range(3)], 2, 2)
    assert q.hint() == "(choose 2 of the 3, comma-separated numbers or names)"


def test_an_operation_or_activity_left_out_says_why_3_2_4_4_1_1():
    # issue 43: Assault and Air Strike vanished from the menus without a word why
    state = position({"Cali": "3T 2P"})  # no Insurgent piece anywhere: nothing to Assault
    run = FormRun(lambda: gf.operation_form(state, limited=False))
    assert "Assault" not in labels(run)
    assert "Not possible now: Assault (no space where Assault removes a piece)" in " ".join(
        run.question.info)
    run.answer_text("train")
    assert "Air Strike" not in labels(run)
    assert "Air Strike (Air Strike accompanies only Patrol, Sweep or Assault (4.1.1))" in \
        " ".join(run.question.info)


def test_a_many_question_of_one_option_or_all_says_so():  # 3.2.4 Assault
    # issue 43, the newcomer's trial: the Assault form said "choose 1 of the 1"
    q = Question.many("Assault: which Faction's pieces?", [Option(0, "FARC")], 1, 1)
    assert q.hint() == "(the only one: 1 or its name)"
    q = Question.many("Which 3?", [Option(i, f"o{i}") for i in range(3)], 3, 3)
    assert q.hint() == "(all 3: their numbers or names, comma-separated)"
