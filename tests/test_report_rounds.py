"""The report tells a game as the log does (issue 43, newcomer's trial b findings 4 and
5): the automatic steps a Round's decisions set off (6.4 Election) are filed under the
Round, and a game in progress counts the cards its page lists, not the card just turned
face up that nobody acted on."""

from __future__ import annotations

import random

from core.game.random_play import random_command
from tests.test_undo_says import REPRO, plain
from tui.history import from_game
from tui.pictures.report import game_report


def test_the_election_after_the_civic_action_is_in_the_report():  # 6.4.1, 6.4.2
    # seed 23: Round 1's Civic Action in Cali, then the Election (Pastrana), then the
    # FARC Zone: 'log' listed the Election, the report's Round did not
    controller, _ = plain([*REPRO, "quit"])
    history = from_game(controller.game, traces=False)
    round_1 = next(s for s in history.steps if s.propaganda)
    told = [(a.text, a.why) for a in round_1.actions]
    kinds = [text.split(":")[1].strip() if ":" in text else text for text, _ in told]
    at = next(i for i, (_, why) in enumerate(told)
              if "Election: Pastrana becomes El Presidente" in why)
    assert kinds[at - 1] == "Civic Action" and kinds[at + 1] == "Place FARC Zone", told
    assert "Election: Pastrana becomes El Presidente" in game_report(history)


def test_a_game_in_progress_counts_the_cards_it_lists():  # 2.2, 6.0
    # the Round of #75 played out (random Redeploy): the next card is face up and nobody
    # acted on it yet; the page said 'Cards played' one more than the cards it listed
    controller, _ = plain([*REPRO, "quit"])
    rng = random.Random(0)
    while controller.state.phase == "propaganda":
        controller.session.apply(random_command(controller.state, rng))
    state = controller.state
    assert state.phase == "card" and not state.step.get("acted") \
        and not state.step.get("passed")
    history = from_game(controller.game, traces=False)
    page = game_report(history)
    assert f"<b>Cards played</b>{len(history.steps)}<" in page
    assert page.count('<section class="card') == len(history.steps) == 2
