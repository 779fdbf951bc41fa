"""The strict loader refuses every state ``new`` or the rules could never make, so a
save the engine writes always loads again (issue 32 item 6).

Each case below was accepted by the loader before (issue 32, "Why" 6): a schema-valid
save whose card set, seats or counts no game can reach. Each is now one line naming the
field, through every reader, and the rules that made such saves (``np-turn`` handing a
Faction of a 4-player game to section 8, ``--card`` naming a card set aside) make only
states the loader takes.
"""

from __future__ import annotations

import copy
import io
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from core.cards import CARDS
from core.errors import SaveFileError
from core.game import Game, serialize
from tui.commands.main import main

BASE = serialize.game_to_json(Game.new("standard", seed=3))


def _both(d: dict, field: str, value: Any) -> None:
    """The same change in ``state`` and ``initial`` (a save where only one differs is
    caught by the replay; these must be caught without it, --no-verify too)."""
    d["state"][field] = copy.deepcopy(value)
    d["initial"][field] = copy.deepcopy(value)


def _duplicate_card(d: dict) -> None:  # 2.2: each card once
    d["state"]["deck"][5] = d["state"]["deck"][4]


def _deck_and_played(d: dict) -> None:  # 2.3.8: a played card left the deck
    d["state"]["deck"][3] = d["state"]["played"][0]


def _no_propaganda(d: dict) -> None:  # seed 003: one Propaganda card in each pile
    in_game = set(d["state"]["deck"]) | set(d["state"]["played"])
    aside = iter(c for c in range(1, 73) if c not in in_game)
    for where in ("state", "initial"):
        d[where]["deck"] = [c if not CARDS[c].propaganda else next(aside)
                            for c in d[where]["deck"]]
        aside = iter(c for c in range(1, 73) if c not in in_game)


def _two_card_deck(d: dict) -> None:  # the issue's [18, 5]: 64 cards in a full game
    d["initial"]["deck"] = [18, 5]


def _fourth_player_alone(d: dict) -> None:  # 1.5: players 1..N, as new numbers them
    _both(d, "seats", [4, None, None, None])
    d["state"]["options"]["players"] = d["initial"]["options"]["players"] = 1


def _too_many_rounds(d: dict) -> None:  # 2.4.1: the 4th Propaganda Round is the last
    d["state"]["propaganda_cards"] = 9


def _rounds_not_played(d: dict) -> None:  # 2.4: a Round per Propaganda card played
    d["state"]["propaganda_cards"] = 2


def _wrong_final(d: dict) -> None:  # 2.4.1: full game, not short: the 4th card
    _both(d, "final_propaganda", 3)


def _skip_victory_twice(d: dict) -> None:  # seed 003: Quick-Play skips the 1st only
    _both(d, "skip_victory_on", [1, 2, 3, 4, 4])


def _skip_victory_in_full_game(d: dict) -> None:
    _both(d, "skip_victory_on", [1])


def _huge_seed(d: dict) -> None:  # a 4,300-digit seed: no --seed gives it
    _both(d, "rng_seed", int("9" * 4300))


def _players_miscounted(d: dict) -> None:  # 1.5: options.players counts the seats
    d["state"]["options"]["players"] = 3
    d["initial"]["options"]["players"] = 3


def _current_not_last_played(d: dict) -> None:  # 2.3.8: the current card is the last
    d["state"]["current_card"] = d["state"]["deck"][0]


def _govt_guerrillas_removed(d: dict) -> None:  # 1.4.1: the Government has none
    d["state"]["removed_from_game"][0] = 1


CASES: list[tuple[Callable[[dict], None], str]] = [
    (_duplicate_card, "state.deck[5]"),
    (_deck_and_played, "state.played[0]"),
    (_no_propaganda, "state.deck"),
    (_two_card_deck, "initial.deck"),
    (_fourth_player_alone, "initial.seats"),
    (_too_many_rounds, "state.propaganda_cards"),
    (_rounds_not_played, "state.propaganda_cards"),
    (_wrong_final, "state.final_propaganda"),
    (_skip_victory_twice, "state.skip_victory_on"),
    (_skip_victory_in_full_game, "state.skip_victory_on"),
    (_huge_seed, "state.rng_seed"),
    (_players_miscounted, "state.options.players"),
    (_current_not_last_played, "state.current_card"),
    (_govt_guerrillas_removed, "state.removed_from_game[0]"),
]


@pytest.mark.parametrize("mutate,field", CASES, ids=lambda c: getattr(c, "__name__", c))
def test_an_impossible_state_is_refused_naming_its_field(tmp_path, mutate, field) -> None:
    data = copy.deepcopy(BASE)
    mutate(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    before = path.read_bytes()
    for verify in (False, True):
        with pytest.raises(SaveFileError) as caught:
            serialize.load(path, verify=verify)
        message = str(caught.value)
        assert field in message and "\n" not in message, message
    assert path.read_bytes() == before


@pytest.mark.parametrize("argv", [("status", "FILE"), ("verify", "FILE"),
                                  ("play", "--plain", "--load", "FILE")])
def test_every_reader_refuses_a_two_card_deck_in_one_line(tmp_path, capsys, monkeypatch,
                                                         argv) -> None:
    # the save: verify passed it, and its autosave after one Pass was refused
    data = copy.deepcopy(BASE)
    _two_card_deck(data)
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    code = main([str(path) if a == "FILE" else a for a in argv])
    err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1 and "initial.deck" in err


def test_a_seed_beyond_the_largest_is_refused_at_new() -> None:
    # the largest seed makes a game that saves and loads; one more is refused by new
    from core.setup import MAX_SEED, new_state

    new_state("quick", seed=MAX_SEED)
    with pytest.raises(ValueError, match="at most"):
        new_state("quick", seed=MAX_SEED + 1)
    assert serialize.schema()["$defs"]["GameState"]["properties"]["rng_seed"][
        "maximum"] == MAX_SEED


def _saved(tmp_path: Path, game: Game, name: str) -> Path:
    path = tmp_path / name
    serialize.save(game, path)
    return path


def test_np_turn_in_a_four_player_game_saves_a_game_that_loads(tmp_path, capsys) -> None:
    # 1.5 / 8.0: FARC handed to section 8 in a game of four people: options.players
    # counts the three left, so the save loads again
    game = Game.new("standard", seed=5, seats=[1, 2, 3, 4])
    path = _saved(tmp_path, game, "four.json")
    out = tmp_path / "after.json"
    code = main(["np-turn", str(path), "--faction", "FARC", "--save", str(out)])
    capsys.readouterr()
    assert code == 0
    loaded = serialize.load(out)
    assert loaded.state.seats == [1, None, 3, 4] and loaded.state.options["players"] == 3


def test_np_turn_on_a_card_set_aside_keeps_the_card_set(tmp_path, capsys) -> None:
    # a card the program set aside comes up at the table: it takes the place of the
    # bottom-most Event card of the deck (2.2), so the game keeps its 64 cards
    game = Game.new("standard", seed=5)
    in_game = set(game.state.deck) | set(game.state.played)
    aside = next(c for c in range(1, 73) if c not in in_game)
    path = _saved(tmp_path, game, "g.json")
    out = tmp_path / "after.json"
    code = main(["np-turn", str(path), "--faction", "AUC", "--card", str(aside),
                 "--save", str(out)])
    capsys.readouterr()
    assert code == 0
    state = serialize.load(out).state
    assert aside in state.played and len(state.deck) + len(state.played) == 64


def test_np_turn_on_a_card_already_played_is_refused(tmp_path, capsys) -> None:
    # 2.3.8: a played card never comes up again (it was appended a second time)
    from core.game.editor import SetTurn

    game = Game.new("standard", seed=5)
    played = game.state.played[0]
    game.apply(SetTurn(2, game.state.deck[0], 1, "op", nonplayer=False))
    path = _saved(tmp_path, game, "g.json")
    before = path.read_bytes()
    code = main(["np-turn", str(path), "--faction", "FARC", "--card", str(played)])
    err = capsys.readouterr().err
    assert code == 2 and "already been played" in err and len(err.strip().splitlines()) == 1
    assert path.read_bytes() == before


def test_set_turn_never_leaves_nobody_at_the_table_1_5() -> None:
    # 1.5: handing the one person's Faction to section 8 would leave a game of bots; the
    # editor's Set Turn refuses it and changes nothing (not even the card)
    from core.errors import IllegalAction
    from core.game.editor import SetTurn

    game = Game.new("standard", seed=5)  # the Government is the one player's
    before = serialize.state_to_json(game.state)
    with pytest.raises(IllegalAction) as err:
        game.apply(SetTurn(0, game.state.deck[0], 1, "op", nonplayer=True))
    assert err.value.rule == "1.5" and "Government to section 8" in str(err.value)
    assert serialize.state_to_json(game.state) == before
