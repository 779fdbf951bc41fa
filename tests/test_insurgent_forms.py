"""The Insurgent forms (tui/forms/insurgent.py) and the decision menu for a person-run
FARC, AUC or Cartels (tui/forms/decision.py): every Operation (3.3) and Special Activity
(4.3-4.5) driven to a command the engine accepts, only legal choices offered (random walks
through the forms on positions of random games, every finished command applied by the
engine), Shipments carried and transferred (4.5.3), the Sequence of Play's options
(2.3.4, 2.3.5, 2.3.9), the Propaganda decisions of a person-run Insurgent (6.3.3, 6.4.2,
6.4.5), an Event, and a plain-mode table session where FARC Rally + Extort."""

from __future__ import annotations

import argparse
import io
import random
from pathlib import Path

from core.commands import Command
from core.events.choice import RandomChooser
from core.game import Game, execute, sequence, serialize
from core.game.random_play import random_command
from core.pieces import Faction, Piece
from core.rules import insurgent_ops as ops
from core.rules import insurgent_special as isa
from core.rules import propaganda as prop
from core.state import GameState
from decisions import insurgent as inf
from decisions.base import MANY, NUMBER, ONE, FormRun, InputError, Question
from decisions.decision import DecisionContext, command_title, decision_form, menu_options
from tests.helpers import blank_state, place, put, run_form, sid
from tests.test_tui_plain import Terminal
from tui.commands.play import run_assist
from tui.session import Session

FARC, AUC, CARTELS, GOVT = Faction.FARC, Faction.AUC, Faction.CARTELS, Faction.GOVT


# ======================================================================================
# helpers
# ======================================================================================
def asked(factory, *answers) -> Question:  # type: ignore[no-untyped-def]
    """The question the form asks after ``answers``."""
    run = FormRun(factory)
    for text in answers:
        run.answer_text(text)
    assert run.question is not None
    return run.question


def labels(question: Question) -> list[str]:
    return [o.label for o in question.options]


def acting(state: GameState, faction: Faction) -> GameState:
    """Make ``faction`` the 1st Eligible on the current card (the others ahead of it in
    the card's order Ineligible)."""
    for f in sequence.current_order(state):
        if f is faction:
            break
        state.eligible[f] = False
    assert sequence.to_move(state) is faction
    return state


def applied(state: GameState, cmd: Command) -> GameState:
    """The engine applies ``cmd`` for the Faction to move (on a copy); the result."""
    trial = state.clone()
    execute(trial, cmd)
    assert trial.check_invariants() == []
    return trial


def op_form(state: GameState, faction: Faction, limited: bool = False):  # type: ignore[no-untyped-def]
    return lambda: inf.operation_form(state, faction, limited)


def board(faction: Faction, resources: int = 10, card: int = 19) -> GameState:
    state = blank_state(resources=resources, card=card)
    return acting(state, faction)


# ======================================================================================
# FARC: Rally, Extort, March, Attack, Ambush, Terror, Kidnap
# ======================================================================================
def test_farc_rally_places_builds_a_base_and_extorts():  # 3.3.1, 4.3.1
    state = board(FARC)
    place(
        state,
        {"Huila": "1P 3FU 1FB", "Meta West": "2FU"},
        support={"Cali": 1},  # Support: no FARC Rally there (3.3.1)
    )
    q = asked(op_form(state, FARC), "rally", "extort", "after")
    assert "Cali" not in labels(q) and "Huila-Tolima" in labels(q)
    assert all("LoC" not in name for name in labels(q))  # Cities and Departments only
    # with a Base: up to Bases + Population (1 + 2) Guerrillas (3.3.1)
    q = asked(op_form(state, FARC), "rally", "extort", "after", "huila, meta west", "place")
    assert (q.lo, q.hi) == (0, 3)
    cmd = run_form(op_form(state, FARC), "rally", "extort", "after", "huila, meta west",
                   "place", "3", "base", "huila")
    assert cmd.op == ops.Rally(steps=((sid("Huila"), "place", 3, ()),
                                      (sid("Meta West"), "base", 0, ())))
    assert cmd.special == isa.Extort(where=(sid("Huila"),))
    after = applied(state, cmd)
    assert after.bases(sid("Meta West"), FARC) == 1
    assert after.resources[FARC] == 10 - 2 + 1  # 1 a Rally space, +1 Extort
    assert after.active(sid("Huila"), FARC) == 1


def test_rally_regroups_guerrillas_with_their_shipment():  # 3.3.1 regroup, 4.5.3
    state = board(FARC)
    place(state, {"Guaviare": "1FA 1FB", "Vaupes": "1FU 1FA"})
    state.place_shipment(sid("Vaupes"), FARC)
    cmd = run_form(op_form(state, FARC), "rally", "none", "guaviare", "regroup", "vaupes",
                   "1", "1",  # its Shipment goes with the last of them, unasked
                   "no ship")
    assert cmd.op.steps == ((sid("Guaviare"), "regroup", 0, ((sid("Vaupes"), 1, 1, 1),)),)
    after = applied(state, cmd)
    assert after.underground(sid("Guaviare"), FARC) == 3  # all flipped Underground
    assert after.shipments_at(sid("Guaviare"), FARC)


def test_rally_may_first_remove_own_pieces_when_none_is_available():  # 1.4.1, 3.3.1
    state = board(FARC)
    put(state, "Vaupes", Piece.FARC_UNDERGROUND, state.available_guerrillas(FARC))
    assert state.available_guerrillas(FARC) == 0
    q = asked(op_form(state, FARC), "rally", "none")
    assert q.kind == "yes/no" and "No FARC Guerrillas Available" in q.prompt
    cmd = run_form(op_form(state, FARC), "rally", "none", "yes", "underground", "1",
                   "done removing", "huila")
    assert cmd.op.recall == ((sid("Vaupes"), int(Piece.FARC_UNDERGROUND), 1),)
    after = applied(state, cmd)
    assert after.underground(sid("Huila"), FARC) == 1
    # with Guerrillas and Bases Available, not asked
    state = board(FARC)
    q = asked(op_form(state, FARC), "rally", "none")
    assert q.prompt.startswith("FARC Rally: select")


def test_farc_march_pays_per_city_or_department_and_carries_a_shipment():  # 3.3.2, 4.5.3
    state = board(FARC, resources=1)
    put(state, "Meta West", Piece.FARC_UNDERGROUND, 3)
    state.place_shipment(sid("Meta West"), FARC)
    put(state, "Neiva", Piece.TROOPS, 2)
    state.support[sid("Neiva")] = 1
    q = asked(op_form(state, FARC), "march", "none", "meta west")
    # Neiva with Support and 2 cubes: a group of 2+ turns Active (3.3.2)
    detail = {o.label: o.detail for o in q.options}
    assert "a group of 2+ turns Active" in detail["Neiva"]
    assert detail["Bogotá-Neiva LoC"].startswith("LoC, free")
    # 1 Resource spent on Guaviare: now only LoCs, which are free (3.3.2)
    q = asked(op_form(state, FARC), "march", "none", "meta west", "guaviare", "2", "1",
              "meta west")
    assert all(o.label.endswith("LoC") for o in q.options)
    cmd = run_form(op_form(state, FARC), "march", "none", "meta west", "guaviare", "2", "1",
                   "done", "no ship")
    assert cmd.op == ops.March(groups=((sid("Meta West"), sid("Guaviare"), 2, 0, 1),))
    after = applied(state, cmd)
    assert after.shipments_at(sid("Guaviare"), FARC) and after.resources[FARC] == 0


def test_limited_march_has_one_destination_and_no_special_activity():  # 2.3.5
    state = board(FARC)
    place(state, {"Meta West": "2FU", "Huila": "2FU"})
    q = asked(op_form(state, FARC, limited=True), "march")
    assert "Meta West" in labels(q)  # straight to the March: no Special Activity asked
    q = asked(op_form(state, FARC, limited=True), "march", "meta west", "neiva", "1")
    assert labels(q) == ["done marching", "Huila-Tolima"]  # from where Neiva is adjacent
    q = asked(op_form(state, FARC, limited=True), "march", "meta west", "neiva", "1",
              "huila")  # to Neiva, the one destination: not asked
    assert q.prompt == "How many Underground FARC Guerrillas from Huila-Tolima?"
    state.step["acted"].append([int(GOVT), "op_sa"])  # 1st Eligible did Op + SA: LimOp
    cmd = run_form(op_form(state, FARC, limited=True), "march", "meta west", "neiva", "1",
                   "huila", "2")
    assert cmd.special is None and cmd.op.destinations() == (sid("Neiva"),)
    applied(state, cmd)


def test_no_march_on_the_final_event_card():  # 2.3.9
    state = board(FARC)
    put(state, "Meta West", Piece.FARC_UNDERGROUND, 2)
    state.deck = [73]  # a Propaganda card next: the last one, so this is the final Event card
    state.propaganda_cards = state.final_propaganda - 1
    assert sequence.is_final_event_card(state)
    assert "March" not in labels(asked(op_form(state, FARC, limited=True)))


def test_attack_chooses_the_pieces_and_ambush_succeeds_without_a_die():  # 3.3.3, 4.3.2
    state = board(FARC)
    place(state, {"Huila": "1T 2FU 1AA 1AB", "Meta West": "1P 1FA"})
    # Ambush needs an Underground Guerrilla: only Huila qualifies, so it is Attacked first
    q = asked(op_form(state, FARC), "attack", "ambush")
    assert q.prompt.startswith("FARC Attack (Ambush in Huila-Tolima): select other spaces")
    assert labels(q) == ["Meta West"] and q.lo == 0
    q = asked(op_form(state, FARC), "attack", "ambush", "none")
    # up to 2 enemy pieces; Bases last (3.3.3): the AUC Base only with the AUC Guerrilla
    assert labels(q) == ["1 Troops cube", "1 Troops cube and 1 Active AUC Guerrilla",
                         "1 Active AUC Guerrilla and 1 Troops cube",
                         "1 Active AUC Guerrilla and 1 AUC Base"]
    cmd = run_form(op_form(state, FARC), "attack", "ambush", "none",
                   "1 active auc guerrilla and 1 auc base")
    assert cmd.special == ops.Ambush(space=sid("Huila"))
    after = applied(state, cmd)
    assert after.count(sid("Huila"), Piece.AUC_ACTIVE) == 0
    assert after.bases(sid("Huila"), AUC) == 0
    assert after.underground(sid("Huila"), FARC) == 1 + 1  # 1 Activated; 1 placed (4.3.2)
    assert after.roll_log == []  # no die


def test_terror_offers_spaces_only_while_the_resources_pay():  # 3.3.4
    state = board(FARC, resources=1)
    place(state, {"Huila": "1FU", "Meta West": "1FU", "Bogota-Neiva": "1FU"})
    q = asked(op_form(state, FARC), "terror", "none", "huila")
    assert labels(q) == ["done", "Bogotá-Neiva LoC"]  # Meta West would cost a 2nd Resource
    cmd = run_form(op_form(state, FARC), "terror", "none", "huila", "bogota-neiva")
    after = applied(state, cmd)
    assert after.terror[sid("Huila")] == 1 and after.sabotage[sid("Bogota-Neiva")]
    assert after.resources[FARC] == 0


def test_kidnap_targets_the_government_or_takes_a_cartels_shipment():  # 4.3.3
    state = board(FARC)
    place(state, {"Neiva": "2FU 1CU 1CB"})
    state.place_shipment(sid("Neiva"), CARTELS)
    q = asked(op_form(state, FARC), "terror", "kidnap", "neiva", "neiva")
    assert labels(q) == ["Government", "Cartels"]
    assert "Drug Ransom" in q.options[1].detail
    cmd = run_form(op_form(state, FARC), "terror", "kidnap", "neiva", "neiva",
                   "cartels")
    assert cmd.special == isa.Kidnap(where=(sid("Neiva"),), targets=(CARTELS,))
    after = applied(state, cmd)
    assert after.shipments_at(sid("Neiva"), FARC)  # the Shipment passes, no die
    # targeting the Government, AUC's piece on a 6 is asked (4.3.3)
    cmd = run_form(op_form(state, FARC), "terror", "kidnap", "neiva", "neiva",
                   "government", "an auc base")
    assert cmd.special.auc_bases == (sid("Neiva"),)
    applied(state, cmd)


# ======================================================================================
# AUC: Assassinate, Aid Cut; Rally not in Opposition
# ======================================================================================
def test_auc_terror_assassinates_and_cuts_aid():  # 3.3.4, 4.4.2
    state = board(AUC)
    place(state, {"Huila": "1P 1FA 1FB 2AU"})
    q = asked(op_form(state, AUC), "terror", "assassinate", "huila")
    assert labels(q) == ["Huila-Tolima"]
    q = asked(op_form(state, AUC), "terror", "assassinate", "huila", "huila")
    # any enemy piece, even a Base with Guerrillas there (4.4.2)
    assert labels(q) == ["Police", Piece.FARC_ACTIVE.label, "FARC Base"]
    cmd = run_form(op_form(state, AUC), "terror", "assassinate", "huila", "huila",
                   "farc base")
    after = applied(state, cmd)
    assert after.bases(sid("Huila"), FARC) == 0 and after.aid == 9 - 3


def test_rally_offers_no_opposition_space_to_auc():  # 3.3.1
    state = board(AUC)
    state.support[sid("Cali")] = -1
    state.support[sid("Medellin")] = 1
    q = asked(op_form(state, AUC), "rally", "none")
    assert "Cali" not in labels(q) and "Medellín" in labels(q)


# ======================================================================================
# Cartels: Cultivate, Process, Bribe
# ======================================================================================
def test_cartels_rally_then_cultivate_places_a_base():  # 3.3.1, 4.5.1
    state = board(CARTELS)
    put(state, "Huila", Piece.CARTELS_UNDERGROUND, 2)
    # nothing to Cultivate before the Rally (no Cartels Base to relocate): not asked
    cmd = run_form(op_form(state, CARTELS), "rally", "cultivate", "huila", "place", "huila")
    assert cmd.special == isa.Cultivate(space=sid("Huila"), source=None)
    after = applied(state, cmd)
    assert after.bases(sid("Huila"), CARTELS) == 1


def test_cartels_march_then_process_places_shipments():  # 3.3.2, 4.5.2
    state = board(CARTELS)
    place(state, {"Meta West": "1FU 1CU 1CB", "Guaviare": "1CU"})
    cmd = run_form(op_form(state, CARTELS), "march", "process", "after", "guaviare",
                   "meta west", "done", "place", "cartels guerrilla in meta west, farc")
    assert cmd.special == isa.Process(shipments=((sid("Meta West"), CARTELS),
                                                 (sid("Meta West"), FARC)))
    after = applied(state, cmd)
    assert len(after.shipments_at(sid("Meta West"))) == 2


def test_process_removes_each_base_once():  # 4.5.2
    state = board(CARTELS)
    place(state, {"Meta West": "1CU 2CB"})
    q = asked(op_form(state, CARTELS), "rally", "process", "before", "remove")
    assert labels(q) == ["Meta West (Base 1)", "Meta West (Base 2)"]
    cmd = run_form(op_form(state, CARTELS), "rally", "process", "before", "remove", "1, 2",
                   "meta west")
    after = applied(state, cmd)
    assert after.bases(sid("Meta West"), CARTELS) == 0
    assert after.resources[CARTELS] == 10 + 6 - 1


def test_bribe_before_an_attack_leaves_resources_for_it():  # 4.5.4, 4.1
    state = board(CARTELS, resources=4)
    place(state, {"Huila": "2T 1FU 2CU", "Cali": "2P"})
    q = asked(op_form(state, CARTELS), "attack", "bribe", "before")
    assert q.hi == 1  # 4 Resources: 1 Bribe space (3), 1 left for the Attack
    q = asked(op_form(state, CARTELS), "attack", "bribe", "before", "huila")
    assert "remove 2 Troops" in labels(q) and "remove 1 FARC Guerrilla (Underground)" in \
        labels(q) or any(label.startswith("remove 2 Troops") for label in labels(q))
    cmd = run_form(op_form(state, CARTELS), "attack", "bribe", "before", "huila",
                   "remove 2 troops", "huila")
    assert cmd.special_first and cmd.special.remove == ((int(Piece.TROOPS),) * 2,)
    after = applied(state, cmd)
    assert after.troops(sid("Huila")) == 0 and after.resources[CARTELS] == 0


def test_a_special_activity_first_keeps_the_operation_possible():  # 4.1, 3.3.4, 4.5.4
    state = board(CARTELS)
    place(state, {"Huila": "1P 1FA 1CU"})  # the one Guerrilla for a Terror
    q = asked(op_form(state, CARTELS), "terror", "bribe", "before", "huila")
    # flipping the Cartels Guerrilla Active before the Terror would leave it none
    assert labels(q) == ["flip 1 Active FARC Guerrilla to Underground", "remove 1 Police cube",
                         "remove 1 Active FARC Guerrilla"]
    q = asked(op_form(state, CARTELS), "terror", "bribe", "after", "huila", "huila")
    assert "flip 1 Active Cartels Guerrilla to Underground" in labels(q)  # after: it may
    state = board(FARC)
    put(state, "Huila", Piece.FARC_UNDERGROUND, 1)  # Extort here spends the only one
    q = asked(op_form(state, FARC), "terror", "extort")
    assert q.prompt.startswith("FARC Terror")  # so Extort first is not offered


# ======================================================================================
# Shipments displaced (4.5.3)
# ======================================================================================
def test_a_displaced_shipment_goes_where_its_player_owner_says():  # 4.5.3, 3.3.1
    state = board(FARC)
    place(state, {"Meta West": "2FU 1AU 1CU"})
    state.place_shipment(sid("Meta West"), FARC)
    # the Base replaces the last FARC Guerrillas holding the Shipment
    q = asked(op_form(state, FARC), "rally", "none", "meta west", "base", "no ship")
    assert "FARC Shipment in Meta West" in q.prompt and labels(q) == ["AUC", "Cartels"]
    cmd = run_form(op_form(state, FARC), "rally", "none", "meta west", "base", "no ship",
                   "cartels")
    assert cmd.transfers == ((sid("Meta West"), int(FARC), int(CARTELS)),)
    after = applied(state, cmd)
    assert after.shipments_at(sid("Meta West"), CARTELS)
    # a March group leaving no FARC Guerrilla behind takes the Shipment along, unasked
    state = board(FARC)
    put(state, "Meta West", Piece.FARC_UNDERGROUND, 2)
    state.place_shipment(sid("Meta West"), FARC)
    cmd = run_form(op_form(state, FARC), "march", "none", "meta west", "guaviare", "2",
                   "no ship")
    assert cmd.op.groups == ((sid("Meta West"), sid("Guaviare"), 2, 0, 1),)
    assert applied(state, cmd).shipments_at(sid("Guaviare"), FARC)


def test_ship_removes_a_shipment_for_a_free_limited_operation():  # 2.3.6
    state = board(CARTELS, resources=1)
    place(state, {"Meta West": "2CU", "Huila": "1CU"})
    state.place_shipment(sid("Huila"), CARTELS)
    march = ("march", "none", "meta west", "guaviare", "1", "done")
    q = asked(op_form(state, CARTELS), *march)
    assert labels(q) == ["no Ship", "Cartels Shipment in Huila-Tolima"]
    q = asked(op_form(state, CARTELS), *march, "cartels shipment")
    assert "Rally" in labels(q)  # free: though the March spent the last Resource
    cmd = run_form(op_form(state, CARTELS), *march, "cartels shipment", "rally", "meta west")
    assert cmd.ship == state.shipments_at(sid("Huila"))[0]
    assert command_title(cmd) == "March, Ship: Rally"
    assert cmd.ship_op == ops.Rally(steps=((sid("Meta West"), "place", 1, ()),))
    after = applied(state, cmd)
    assert not after.shipments_at(sid("Huila")) and after.resources[CARTELS] == 0
    assert after.guerrillas(sid("Meta West"), CARTELS) == 2
    # no Ship after an Operation that paid nothing (2.3.6): a Terror on a LoC
    put(state, "Bogota-Neiva", Piece.CARTELS_UNDERGROUND, 1)
    cmd = run_form(op_form(state, CARTELS), "terror", "bogota-neiva", "done")
    assert cmd.ship is None and cmd.op == ops.Terror(where=(sid("Bogota-Neiva"),))


# ======================================================================================
# only legal choices, checked against the engine
# ======================================================================================
def _random_answer(q: Question, rng: random.Random):  # type: ignore[no-untyped-def]
    if q.kind == ONE:
        if q.prompt.endswith("Special Activity (4.1)?") and rng.random() < 0.7:
            return rng.choice(q.options[1:]).value  # mostly with one
        return rng.choice(q.options).value
    if q.kind == MANY:
        k = rng.randint(q.lo, min(q.hi, max(q.lo, 3)))
        if q.repeat:
            return [rng.choice(q.options).value for _ in range(k)]
        return [o.value for o in rng.sample(q.options, k)]
    if q.kind == NUMBER:
        return rng.randint(q.lo, q.hi)
    return True


def _walk(state: GameState, faction: Faction, limited: bool, rng: random.Random,
          refused: list[str]) -> Command:
    run = FormRun(op_form(state, faction, limited))
    while not run.done:
        for _ in range(40):
            assert run.question is not None
            try:
                run.answer(_random_answer(run.question, rng))
                break
            except InputError as err:
                refused.append(str(err))
        else:
            raise AssertionError(f"no answer accepted: {run.question.prompt}")
    return run.result


def test_random_walks_through_the_forms_build_only_legal_commands():  # 3.3, 4.3-4.5
    """On positions of random games, forms answered at random with the options offered
    finish, and the engine accepts every command. The only refusal allowed: a set of
    Extort spaces chosen before a Terror that would leave it no Underground Guerrilla
    (each space offered keeps it possible on its own)."""
    seen: set[tuple[str, str, str | None]] = set()
    refused: list[str] = []
    for seed in range(3):
        rng = random.Random(seed)
        game = Game.new(seed=seed)
        for _ in range(200):
            if game.is_terminal():
                break
            state = game.state
            faction = sequence.to_move(state)
            if state.phase == "card" and faction not in (None, GOVT):
                assert faction is not None
                for kind in (sequence.OPERATION, sequence.LIMITED):
                    limited = kind == sequence.LIMITED
                    if kind not in sequence.options(state) or all(
                            inf.operation_problem(state, faction, n, limited)
                            for n in inf.OPERATIONS):
                        continue
                    cmd = _walk(state, faction, limited, rng, refused)
                    applied(state, cmd)
                    sa = cmd.special.name if cmd.special is not None else None
                    if cmd.ship_op is not None:
                        sa = "Ship"  # 2.3.6
                    seen.add((faction.label, cmd.op.name, sa))
            game.apply(random_command(game.state, rng), chooser=RandomChooser(rng))
    assert all(r.startswith("after this Extort no Terror") for r in refused), refused
    specials = {s for _, _, s in seen}
    assert {"Extort", "Ambush", "Kidnap", "Assassinate", "Cultivate", "Process",
            "Bribe", "Ship"} <= specials, seen
    assert {op for _, op, _ in seen} == set(inf.OPERATIONS)


def _first_choices_accepted(state: GameState, faction: Faction) -> int:
    """Every space each Operation form offers first, with every choice offered next
    there, finished with the first options: the engine accepts the command. Returns
    how many commands were checked."""
    checked = 0
    forms = {"Rally": inf.rally_form, "Attack": inf.attack_form, "Terror": inf.terror_form,
             "March": inf.march_form}
    for name, form in forms.items():
        if inf.operation_problem(state, faction, name) is not None:
            continue
        first = FormRun(lambda form=form: form(state, faction))  # type: ignore[misc]
        if first.question is not None and first.question.kind == "yes/no":
            first.answer(False)  # no recall (1.4.1)
        q = first.question
        assert q is not None
        for option in q.options:
            if option.value == inf.DONE:
                continue
            run = FormRun(lambda form=form: form(state, faction))  # type: ignore[misc]
            if run.question is not None and run.question.kind == "yes/no":
                run.answer(False)
            run.answer([option.value] if q.kind == MANY else option.value)
            following = run.question
            values = [o.value for o in following.options] if following is not None and \
                following.kind == ONE else [None]
            for value in values:
                again = FormRun(run.factory)
                for answer in run.answers:
                    again.answer(answer)
                if value is not None:
                    again.answer(value)
                op = _finish(again)
                applied(state, sequence.OperationAction(op))
                checked += 1
    return checked


def test_every_first_choice_a_form_offers_is_accepted_by_the_engine():  # 3.3.1-3.3.4
    checked = 0
    rng = random.Random(7)
    game = Game.new(seed=7)
    found: set[Faction] = set()
    for _ in range(300):
        state = game.state
        faction = sequence.to_move(state)
        if state.phase == "card" and faction in (FARC, AUC, CARTELS) and \
                faction not in found and sequence.OPERATION in sequence.options(state):
            assert faction is not None
            found.add(faction)
            checked += _first_choices_accepted(state, faction)
        if len(found) == 3 or game.is_terminal():
            break
        game.apply(random_command(state, rng), chooser=RandomChooser(rng))
    assert found == {FARC, AUC, CARTELS} and checked > 50


# ======================================================================================
# the decision menu of a person-run Insurgent (2.3), its Event and Propaganda decisions
# ======================================================================================
def test_menu_offers_insurgents_what_the_sequence_of_play_allows():  # 2.3.3-2.3.5
    game = Game(board(FARC))
    put(game.state, "Huila", Piece.FARC_UNDERGROUND, 1)
    ctx = DecisionContext(game, game.dice)
    values = [o.value for o in menu_options(ctx)]
    assert ("operation", False) in values and ("pass",) in values
    assert any(v[0] == "event" for v in values)
    pass_option = next(o for o in menu_options(ctx) if o.value == ("pass",))
    assert "+1 Resource," in pass_option.detail  # Insurgents +1 (2.3.3), "1 Resource" (3.2.1)
    game.state.step["acted"].append([int(GOVT), "op_sa"])
    values = [o.value for o in menu_options(ctx)]
    assert ("operation", True) in values and ("operation", False) not in values
    cmd = run_form(lambda: decision_form(ctx), "limited", "terror", "huila")
    assert cmd == sequence.OperationAction(ops.Terror(where=(sid("Huila"),)))


def test_a_person_run_farc_plays_an_event_with_its_choices():  # 5.1, card 21 shaded
    state = acting(blank_state(card=21), FARC)
    game = Game(state)
    ctx = DecisionContext(game, game.dice)
    cmd = run_form(lambda: decision_form(ctx), "event (shaded)", "huila")
    assert isinstance(cmd, sequence.PlayEvent) and cmd.side == "shaded"
    after = applied(state, cmd)
    assert after.bases(sid("Huila"), FARC) == 1 and after.resources[FARC] == 10 + 6


def _propaganda_position(phase: str, faction: Faction) -> Game:
    """A random game played until ``faction`` decides Propaganda phase ``phase``."""
    for seed in range(40):
        rng = random.Random(seed)
        game = Game.new(seed=seed)
        for _ in range(400):
            state = game.state
            if game.is_terminal():
                break
            if state.phase == "propaganda" and state.step.get("phase") == phase and \
                    sequence.to_move(state) is faction:
                return game
            game.apply(random_command(state, rng), chooser=RandomChooser(rng))
    raise AssertionError(f"no {phase} decision reached")


def _finish(run: FormRun) -> Command:
    """Answer the rest of a form with the first option that is not 'done', the
    highest number, or yes."""
    while not run.done:
        q = run.question
        assert q is not None
        if q.kind == ONE:
            run.answer(next((o.value for o in q.options if o.label != "done"
                             and not o.label.startswith("done")), q.options[0].value))
        elif q.kind == MANY:
            run.answer([o.value for o in q.options[: max(q.lo, 1)]])
        elif q.kind == NUMBER:
            run.answer(q.hi)
        else:
            run.answer(True)
    return run.result


def test_agitation_for_a_person_run_farc():  # 6.4.2
    game = _propaganda_position(prop.AGITATION, FARC)
    state = game.state
    ctx = DecisionContext(game, game.dice)
    run = FormRun(lambda: decision_form(ctx))
    assert run.question is not None and run.question.prompt.startswith("Agitation")
    offered = [o.value for o in run.question.options[1:]]
    assert set(offered) <= set(prop.agitation_spaces(state)) | set(prop.ideologue_spaces(state))
    cmd = _finish(run)
    assert isinstance(cmd, prop.Agitation) and cmd.actions
    after = applied(state, cmd)
    assert after.resources[FARC] < state.resources[FARC]  # 1 Resource a step


def test_elite_backing_rally_for_a_person_run_auc():  # 6.4.5, 3.3.1
    game = _propaganda_position(prop.ELITE_BACKING, AUC)
    state = game.state
    ctx = DecisionContext(game, game.dice)
    values = [o.value for o in menu_options(ctx)]
    assert ("propaganda", prop.ELITE_BACKING) in values and ("decline",) in values
    run = FormRun(lambda: decision_form(ctx))
    run.answer_text("elite backing")
    assert run.question is not None
    spaces = [o.value for o in run.question.options if o.value is not None]
    assert spaces and set(spaces) <= set(prop.elite_backing_spaces(state))
    space = spaces[0]
    run.answer(space)
    cmd = _finish(run)
    assert isinstance(cmd, prop.EliteBacking) and cmd.rally is not None
    assert cmd.rally.spaces() == (space,)
    after = applied(state, cmd)
    assert after.faction_pieces(space, AUC) >= state.faction_pieces(space, AUC)
    assert after.resources[AUC] == state.resources[AUC]  # a free Rally
    declined = run_form(lambda: decision_form(ctx), "decline")
    assert declined == prop.EliteBacking(None)


# ======================================================================================
# the table: a person-run FARC records its Rally + Extort in plain mode
# ======================================================================================
def test_plain_assist_farc_rally_and_extort_saved(tmp_path: Path):  # 3.3.1, 4.3.1
    path = tmp_path / "table.json"
    out = io.StringIO()
    script = [
        "21",  # the first card: #21 Raúl Reyes, FARC 1st Eligible
        "40",  # the next card
        "operation", "rally", "extort", "after",
        "guaviare, putumayo", "place", "2",  # Guaviare: Base + Pop = 2 (Putumayo: 1)
        "guaviare, meta west",  # Extort
        "yes",  # apply
        "quit",
    ]
    term = Terminal(out, script, dice=[3, 5, 2, 6, 1, 4] * 10)
    args = argparse.Namespace(bots=[AUC, CARTELS], dice="manual", scenario="standard",
                              seed=5, short=False)
    assert run_assist(Session(Game.new(), path), True, args, term, out) == 0
    text = out.getvalue()
    assert "FARC: which Operation?" in text and "FARC Extort: where?" in text
    assert "Done: Rally + Extort." in text
    game = serialize.load(path)
    assert serialize.verify(game) == []
    entry = next(e for e in game.log if e["command"]["type"] == "Operation")
    assert entry["faction"] == "FARC"
    assert entry["command"]["op"]["type"] == "Rally"
    assert entry["command"]["special"] == {"type": "Extort",
                                           "where": [sid("Guaviare"), sid("Meta West")]}


def test_drug_profits_for_a_person_run_insurgent():  # 6.3.3
    game = None
    for faction in (CARTELS, FARC, AUC):
        try:
            game = _propaganda_position(prop.DRUG_PROFITS, faction)
            break
        except AssertionError:
            continue
    assert game is not None
    state = game.state
    faction = sequence.to_move(state)
    assert faction is not None
    ctx = DecisionContext(game, game.dice)
    run = FormRun(lambda: decision_form(ctx))
    assert run.question is not None and "Drug Profits" in run.question.prompt
    cmd = _finish(run)
    assert isinstance(cmd, prop.DrugProfits)
    applied(state, cmd)


def test_terror_names_no_shift_where_the_space_is_already_there():  # 3.3.4, issue 31
    # FARC Terror shifts toward Active Opposition: a space already there is not shifted,
    # and the detail says so instead of "shift toward Active Opposition (Active Opposition)"
    from core.state import ACTIVE_OPPOSITION

    state = board(FARC, resources=5)
    place(state, {"Huila": "1FU", "Meta West": "1FU"})
    state.support[sid("Huila")] = ACTIVE_OPPOSITION
    q = asked(op_form(state, FARC), "terror", "none")
    detail = {o.label: o.detail for o in q.options}
    assert detail["Huila-Tolima"] == "1 Resource: Terror, no shift (already Active Opposition)"
    assert detail["Meta West"] == "1 Resource: Terror, shift toward Active Opposition (now Neutral)"
