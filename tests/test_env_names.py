"""The option features tell every option of a question apart, each option's value has its
proper type, and ``question_id`` is a category (issue 42, the second researcher's trial:
F5, F3, F6).

F5: a name option's row was only "valid" and "type name", so Train, Patrol, Sweep and
Assault had one row, Air Lift, Air Strike and Eradicate one, and at the menu
``["operation", false]`` and ``["pass"]`` one: 25% of the Government's questions had two
legal options with identical rows, so a learner reading only the documented vectors
could not tell them apart. F3: an Event's Faction or piece kind came as a plain int
typed ``number``, and a (space, piece) pair as a ``list`` with no space in its row. F6:
the menu's id held the card's title, one id per Faction, position and card.

Needs the ``env`` extra.
"""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo", reason="the env extra (pettingzoo, gymnasium) is not "
                    "installed: pip install 'andean-abyss-engine[env]'")

import numpy as np  # noqa: E402

from agents import env as E  # noqa: E402
from agents.protocol import question_words  # noqa: E402
from core.events.choice import Choice  # noqa: E402
from core.map import MAP  # noqa: E402
from core.pieces import Faction, Piece  # noqa: E402
from decisions.base import Option, Question  # noqa: E402
from decisions.decision import choice_question  # noqa: E402
from decisions.values import (  # noqa: E402
    FEATURE_BLOCKS,
    NAMES,
    OTHER_NAME,
    feature_row,
    value_type,
)

_AT = {}
_offset = 0
for _name, _size, _ in FEATURE_BLOCKS:
    _AT[_name] = _offset
    _offset += _size


def _row(kind: str, value: object, label: str) -> np.ndarray:
    return np.frombuffer(feature_row(kind, value, label), dtype=np.int8)


def _no_two_rows_alike(rows: np.ndarray, mask: np.ndarray, options: list[Option],
                       prompt: str) -> None:
    seen: dict[bytes, int] = {}
    for i, option in enumerate(options):
        key = rows[i].tobytes()
        assert key not in seen, (prompt, options[seen[key]].value, option.value)
        seen[key] = i
        assert not rows[i][OTHER_NAME], (prompt, option.value)  # every name is listed
    if mask[E.DONE]:  # DONE's row (a value of type none) is no option's either
        assert rows[E.DONE].tobytes() not in seen, prompt


def test_no_two_legal_options_of_a_question_share_a_feature_row() -> None:
    # issue 42 trial F5: over a few hundred random steps of the Government's view and of
    # all-seats play, every question's options have rows of their own (names one-hot in
    # the ``name`` block, a list's pieces in order by ``first_piece``); the old rows
    # failed at the first menu (["operation", false] and ["pass"] alike)
    rng = np.random.default_rng(42)
    asked = 0
    for seed in (3, 4):
        env = E.GovernmentEnv(scenario="quick")
        _, info = env.reset(seed=seed)
        for _ in range(250):
            assert env.table is not None and env.table.question is not None
            _no_two_rows_alike(info["option_features"], info["action_mask"],
                               env.table.options,
                               env.table.question.prompt)
            asked += 1
            _, _, done, _, info = env.step(int(rng.choice(np.flatnonzero(
                info["action_mask"]))))
            if done:
                break
    aec = E.raw_env(scenario="quick")
    aec.reset(seed=5)
    for _, _agent in zip(range(400), aec.agent_iter(), strict=False):
        obs, _, terminated, truncated, _ = aec.last()
        if terminated or truncated:
            aec.step(None)
            continue
        assert aec.table is not None and aec.table.question is not None
        _no_two_rows_alike(obs["option_features"], obs["action_mask"], aec.table.options,
                           aec.table.question.prompt)
        asked += 1
        aec.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert asked > 400


def test_operations_and_special_activities_have_rows_of_their_own() -> None:
    # issue 42 trial F5: the reported cases, one by one (3.2, 4.2, 2.3)
    rows = {v: _row("one", v, v).tobytes() for v in
            ("Train", "Patrol", "Sweep", "Assault", "Air Lift", "Air Strike", "Eradicate")}
    assert len(set(rows.values())) == len(rows)
    menu = [_row("one", ("operation", False), "Operation"),
            _row("one", ("operation", True), "Limited Operation"),
            _row("one", ("pass",), "Pass"), _row("one", ("event", "shaded"), "Event")]
    assert len({r.tobytes() for r in menu}) == 4
    assert _row("one", "Train", "Train")[_AT["name"] + NAMES.index("train")] == 1
    # an unknown name breaks nothing: it has the "other name" column
    assert _row("one", "Something New", "x")[OTHER_NAME] == 1


def test_the_names_list_holds_every_name_the_forms_offer() -> None:
    # issue 42 trial F5: the fixed vocabulary of the name block covers the forms' own
    # constants (the Operations 3.2/3.3, the Special Activities 4.0, Rally's and
    # Process's actions 3.3.1/4.5.2, the Propaganda steps 6.0, the Events' alternatives)
    from core.events import cards_01_24, cards_25_48, cards_49_72
    from core.rules import insurgent_ops
    from core.rules import propaganda as prop
    from decisions import government, insurgent

    names = [*government.OPERATIONS, *government.SPECIALS, *insurgent.OPERATIONS,
             *(n for specials in insurgent.SPECIALS.values() for n in specials),
             *insurgent_ops.RALLY_ACTIONS, prop.SEVENTH_SF, prop.DRUG_PROFITS,
             prop.CIVIC_ACTION, prop.AGITATION, prop.FARC_ZONE, prop.ELITE_BACKING,
             prop.REDEPLOY, cards_01_24.SWEEP, cards_01_24.ASSAULT, cards_01_24.ATTACK,
             cards_01_24.TERROR, cards_49_72.REMOVE, cards_49_72.REPLACE,
             cards_49_72.CITIES_MODE, cards_49_72.DEPARTMENT_MODE,
             cards_49_72.PLACE_SHIPMENT, cards_49_72.REMOVE_SHIPMENT,
             cards_49_72.PLACE_BASE, cards_49_72.REMOVE_BASE, cards_49_72.PIECES_MODE,
             cards_49_72.SHIPMENTS_MODE, *cards_49_72.GOVT_FREE_OPS,
             *cards_49_72.INSURGENT_FREE_OPS, cards_25_48.USE_ACTIVE,
             cards_25_48.USE_UNDERGROUND, cards_25_48.SET_SUPPORT,
             cards_25_48.SET_OPPOSITION, cards_25_48.REMOVE_OPPOSITION,
             "ships", "bases", "civic", "joint", "event", "operation", "pass",
             "propaganda", "decline", "record", "op", "op_sa", "no more", "Base"]
    missing = [n for n in names if n.lower() not in NAMES]
    assert not missing
    # USO's "FARC Base" is a piece kind's name: the piece block, not a name
    row = _row("one", cards_25_48.REMOVE_BASE, cards_25_48.REMOVE_BASE)
    assert row[_AT["piece"] + int(Piece.FARC_BASE)] == 1 and not row[OTHER_NAME]


def test_an_events_faction_or_piece_kind_is_typed_as_one() -> None:
    # issue 42 trial F3: an Event's choice of a Faction or of a piece kind gives plain
    # ints labelled with the name (#53 "which Insurgent Faction moves Guerrillas?", #14
    # "remove which cube?"): typed faction and piece, their block set, no number
    factions = choice_question(Choice("factions", (1, 2), 1, 1, "#53: which Faction?"))
    words = question_words(factions)
    assert [o["type"] for o in words["options"]] == ["faction", "faction"]
    row = _row("one", 2, "AUC")
    assert row[_AT["faction"] + 2] == 1 and row[_AT["number"]] == 0
    pieces = choice_question(Choice("pieces", (0, 1), 1, 1, "#14: remove which cube?"))
    assert [o["type"] for o in question_words(pieces)["options"]] == ["piece", "piece"]
    row = _row("one", 0, "Troops")
    assert row[_AT["piece"] + int(Piece.TROOPS)] == 1 and row[_AT["number"]] == 0
    # a number question's numbers stay numbers; another int too
    assert value_type(Question("", "one"), 2, "2") == "number"


def test_a_pair_naming_a_space_is_typed_space_with_its_space_in_the_row() -> None:
    # issue 42 trial F3: Redeploy's and "Remove which of your pieces to Available?"'s
    # (space, piece kind), Process's (space, Faction), Train's ("base", space), Civic
    # Action's ("joint", space): the label names the space
    cali = next(s for s in MAP.spaces if s.full_name == "Cali").id
    name = MAP[cali].full_name
    cases = [((cali, Piece.TROOPS), f"Troops in {name}"),
             ((cali, Faction.AUC), f"AUC Guerrilla in {name}"),
             (("base", cali), f"Base in {name}"), (("joint", cali), name),
             ((cali, 3), f"{name} (Base 3)")]
    rows = []
    for value, label in cases:
        assert value_type(Question("", "one"), value, label) == "space", value
        row = _row("one", value, label)
        assert row[_AT["space"] + cali] == 1, value
        rows.append(row.tobytes())
    assert len(set(rows)) == len(rows)
    assert _row("one", (cali, 3), f"{name} (Base 3)")[_AT["number"]] == 3
    # Redeploy from two spaces: two rows (the trial's 3,125 options alike)
    bogota = next(s for s in MAP.spaces if s.full_name.startswith("Bogot")).id
    assert _row("one", (bogota, Piece.TROOPS), f"Troops in {MAP[bogota].full_name}"
                ).tobytes() != rows[0]


def test_the_menu_question_has_one_id_on_every_card() -> None:
    # issue 42 trial F6: the menu's id held the card's title (one id per Faction x
    # position x card: 375 of 630 ids in 15 games); names are left out, so it is a
    # category: one per Faction and position
    menu = [E._question_id("menu_form", "one", f"Government, 1st Eligible on {card}: what "
                           "do you do?") for card in ("#16 Coffee Prices", "#1 1st Division",
                                                      "#53 Criminal Air Force")]
    assert len(set(menu)) == 1
    second = E._question_id("menu_form", "one", "Government, 2nd Eligible on #16 Coffee "
                            "Prices: what do you do?")
    assert second != menu[0]
    assert E._words("#8 Fuerza Aérea Colombiana: Air Strike 1 of 3 where?") == \
        "<card>: Air Strike # of # where?"
