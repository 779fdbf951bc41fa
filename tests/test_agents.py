"""Outside agents in a seat (issue 34): the protocol's messages against their JSON Schema,
the hidden information an observation never tells, whole games played by the example
agents through every Propaganda Round whose saves replay, and agents that crash, stall or
answer illegally never losing the game.

The games are Quick-Play games (2 Propaganda Rounds, about 22 cards) with the heuristic
Government; each takes about a second, a random Government's a few."""

from __future__ import annotations

import json
import random
import shutil
import sys
from pathlib import Path

import jsonschema
import pytest

from agents import protocol
from agents.seat import AgentPolicy, AgentSetup, AgentStopped, offered
from core.errors import IllegalAction
from core.game import Game, serialize
from core.game.editor import SetSeat
from core.pieces import Faction
from decisions.decision import Decision, DecisionContext
from runners.games import play
from tui.commands.main import main

ROOT = Path(__file__).resolve().parent.parent
RANDOM_AGENT = f"{sys.executable} {ROOT / 'examples' / 'random_agent.py'}"
MISBEHAVE = f"{sys.executable} {ROOT / 'tests' / 'agent_scripts' / 'misbehave.py'}"
#: generous: an answer is never waited for this long unless the agent is silent
POLICY = AgentPolicy(timeout=120)


def setup_for(faction: Faction, where: str, policy: AgentPolicy = POLICY,
              folder: Path | None = None) -> AgentSetup:
    return AgentSetup(((int(faction), where),), policy, str(folder) if folder else None)


def validator() -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(protocol.schema())


def set_seats(game: Game) -> list[dict]:
    return [e for e in game.log if e["command"]["type"] == SetSeat.name]


def assert_whole_game(game: Game) -> None:
    """Over, through every Propaganda Round (2.4: the final one played), and the saved
    game replays to the same state (the strict loader replays its log)."""
    state = game.state
    assert state.phase == "over"
    assert state.propaganda_cards == state.final_propaganda
    again = Game.replay(game.initial, game.log)
    assert again.state == state


# ======================================================================================
# the schema and the messages
# ======================================================================================
def test_the_schema_is_a_valid_draft_2020_12_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(protocol.schema())


def test_every_message_of_a_game_fits_the_schema(tmp_path: Path) -> None:
    # every message both ways of a whole game, checked against docs/agents.md's schema
    transcript = tmp_path / "transcript.txt"
    game, _ = play(3, "heuristic", "quick",
                   agents=setup_for(Faction.AUC, f"{MISBEHAVE} record {transcript}"))
    assert_whole_game(game)
    check = validator()
    kinds: dict[str, set[str]] = {"engine": set(), "agent": set()}
    for line in transcript.read_text(encoding="utf-8").splitlines():
        who, _, text = line.partition(" ")
        message = json.loads(text)
        check.validate(message)
        kinds[who].add(message["type"])
    assert kinds["engine"] == {"hello", "question", "trace", "end"}
    assert kinds["agent"] == {"ready", "answer"}
    assert not set_seats(game)  # the agent played to the end


def test_a_message_the_schema_refuses_is_said_in_one_line() -> None:
    with pytest.raises(protocol.ProtocolError, match="answer message"):
        protocol.check({"type": "answer", "id": 1, "answer": "Bogota"})
    with pytest.raises(protocol.ProtocolError, match="unknown message type"):
        protocol.check({"type": "move"})


@pytest.mark.parametrize("answer", [
    0, 7, [], [0], [3, 3, 0], [0] * protocol.MAX_PICKS, -1, [0, -1], True, [True], 1.0, [2.0],
    "1", None, [0] * (protocol.MAX_PICKS + 1), {"0": 1}])
@pytest.mark.parametrize("extra", [{}, {"id": 0}, {"id": True}, {"id": 2.0}, {"id": -3},
                                   {"why": "x"}, {"type": "ready"}])
def test_an_answer_is_accepted_exactly_when_the_schema_accepts_it(answer: object,
                                                                   extra: dict) -> None:
    # check() takes the plainest answers without the schema's validator (a question's
    # cost): whatever the shape, it must accept and refuse as the schema does
    # (docs/agents.md, "The schema")
    message = {"type": "answer", "id": 1, "answer": answer, **extra}
    allowed = validator().is_valid(message)
    try:
        protocol.check(message)
    except protocol.ProtocolError:
        assert not allowed
    else:
        assert allowed


def test_the_first_message_names_the_protocol_and_its_version() -> None:
    game = Game.new("quick", 1, players=1)
    hello = protocol.hello(Faction.GOVT, 1, game.state)
    validator().validate(hello)
    assert (hello["protocol"], hello["version"]) == ("andean-agent", protocol.VERSION)


# ======================================================================================
# hidden information
# ======================================================================================
def hidden_changed(state: Game) -> Game:
    """The game with what nobody may see changed: the unseen deck (all but the face-up
    top card, 2.2) in another order, and another seed and position of the dice stream."""
    other = state.clone()
    s = other.state
    rest = s.deck[1:]
    random.Random(len(rest)).shuffle(rest)
    if len(rest) > 1 and rest == s.deck[1:]:
        rest.reverse()
    s.deck[1:] = rest
    s.rng_seed += 12345
    s.rng_counter += 77
    return other


def first_messages(game: Game) -> str:
    faction = game.to_move()
    assert faction is not None
    run = Decision(DecisionContext(game, game.dice), None).form
    assert run.question is not None
    question, asks = offered(run)
    message = protocol.question_message(question, qid=1, decision=1, first=True,
                                        faction=faction, state=game.state, asks=asks)
    return json.dumps(message, sort_keys=True)


def test_observations_never_tell_the_unseen_deck_nor_the_dice_stream() -> None:
    # at every decision of a game, a position that differs only in the order of the
    # unseen deck and in the dice stream's seed gives the same observation and question
    positions: list[Game] = []

    def keep(game: Game, turn: object) -> None:
        if not game.is_terminal() and game.to_move() is not None:
            positions.append(game.clone())

    play(5, "heuristic", "quick", on_turn=keep)
    assert len(positions) > 40
    compared = 0
    for game in positions:
        if len(game.state.deck) < 3:
            continue
        other = hidden_changed(game)
        assert other.state.deck != game.state.deck
        assert first_messages(other) == first_messages(game)
        compared += 1
    assert compared > 30
    # the check can fail: the face-up next card is public, and it is told
    game = positions[0]
    other = game.clone()
    other.state.deck[0], other.state.deck[1] = other.state.deck[1], other.state.deck[0]
    assert first_messages(other) != first_messages(game)


def test_the_observation_is_the_save_formats_state_without_the_hidden_fields() -> None:
    game = Game.new("quick", 9, players=1)
    seen = protocol.observation(game.state)
    full = serialize.state_to_json(game.state)
    assert seen["deck_size"] == len(full["deck"])
    assert seen["state"]["deck"] == full["deck"][:1]
    assert set(full) - set(seen["state"]) == {"rng_seed", "rng_counter"}


# ======================================================================================
# whole games with the example agents
# ======================================================================================
@pytest.mark.parametrize("faction", list(Faction), ids=lambda f: f.label)
def test_the_python_random_agent_plays_a_whole_game_in_any_seat(faction: Faction) -> None:
    # 2.4: through every Propaganda Round; the save replays
    game, record = play(7, "heuristic", "quick",
                        agents=setup_for(faction, f"{RANDOM_AGENT} --seed 7"))
    assert_whole_game(game)
    assert not set_seats(game)  # never replaced: every answer was legal
    assert game.state.seats[faction] is not None  # a player's seat (1.5)
    assert record.error == ""


NODE = shutil.which("node")


def demo_with(agent: str, seat: str, seed: int, folder: Path) -> Game:
    """``andean demo --agent SEAT=agent --save``: the saved game, loaded (and replayed:
    the strict loader replays its log)."""
    save = folder / f"{seat}.json"
    code = main(["demo", "--govt", "heuristic", "--scenario", "quick", "--seed", str(seed),
                 "--save", str(save), "--agent", f"{seat}={agent}"])
    assert code == 0
    return serialize.load(save, verify=True)


@pytest.mark.skipif(NODE is None, reason="node is not installed")
@pytest.mark.parametrize("seat", ["FARC", "Government"])
def test_the_javascript_agent_plays_a_whole_game(
        seat: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = demo_with(f"{NODE} {ROOT / 'examples' / 'agent.js'}", seat, 11, tmp_path)
    assert_whole_game(game)
    assert not set_seats(game)
    assert f"{seat}: agent" in capsys.readouterr().out.splitlines()[0]


def test_the_government_ai_agent_plays_a_whole_game_through_the_protocol(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    agent = f"{sys.executable} {ROOT / 'examples' / 'government_ai_agent.py'}"
    game = demo_with(agent, "Government", 13, tmp_path)
    assert_whole_game(game)
    assert not set_seats(game)  # every command it sent was legal
    assert "Government: agent" in capsys.readouterr().out.splitlines()[0]


# ======================================================================================
# agents that fail never lose the game
# ======================================================================================
@pytest.mark.parametrize("mode, why", [
    ("crash", "closed its output"),
    ("illegal", "answered illegally"),
    ("garbage", "not JSON"),
    ("silent", "no answer within 1 seconds"),
])
def test_a_failing_insurgent_agent_hands_its_seat_to_the_flowchart(
        mode: str, why: str, tmp_path: Path) -> None:
    # 8.0: the seat goes back to the section-8 Non-player; the game is saved and ends
    said: list[str] = []
    policy = AgentPolicy(timeout=1 if mode == "silent" else 120)
    game, _ = play(2, "heuristic", "quick", on_agent_failure=said.append,
                   agents=setup_for(Faction.FARC, f"{MISBEHAVE} {mode}", policy, tmp_path))
    assert_whole_game(game)
    assert len(said) == 1 and why in said[0] and "section-8 flowchart" in said[0]
    changes = set_seats(game)
    assert [c["command"]["faction"] for c in changes] == [int(Faction.FARC)]
    assert changes[0]["command"]["seat"] is None
    assert game.state.seats[Faction.FARC] is None
    saved = serialize.load(tmp_path / "agent-failure-seed2.json")
    assert set_seats(saved)  # saved with the change of seat


def test_a_failing_government_agent_hands_its_seat_to_the_government_bot(
        tmp_path: Path) -> None:
    said: list[str] = []
    game, record = play(4, "heuristic", "quick", on_agent_failure=said.append,
                        agents=setup_for(Faction.GOVT, f"{MISBEHAVE} illegal", POLICY,
                                         tmp_path))
    assert_whole_game(game)
    assert "heuristic Government bot" in said[0]
    change = set_seats(game)[0]["command"]
    assert (change["faction"], change["seat"]) == (0, 1)


def test_the_game_stops_when_the_user_chose_so(tmp_path: Path) -> None:
    policy = AgentPolicy(timeout=120, fallback="stop")
    with pytest.raises(AgentStopped, match="the game stops"):
        play(2, "heuristic", "quick",
             agents=setup_for(Faction.CARTELS, f"{MISBEHAVE} crash", policy, tmp_path))
    saved = serialize.load(tmp_path / "agent-failure-seed2.json")
    assert saved.state.phase != "over"


def test_an_agent_that_never_says_ready_is_refused_in_one_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["demo", "--govt", "heuristic", "--scenario", "quick", "--seed", "1",
                 "--agent-timeout", "1", "--agent", f"AUC={MISBEHAVE} late-ready"])
    err = capsys.readouterr().err
    assert code == 2
    # it is told what it lacks: no question was asked yet (a researcher's trial, issue 42)
    assert "never sent ready (its answer to hello) within 1 seconds" in err
    assert len(err.strip().splitlines()) == 1


# ======================================================================================
# the command line
# ======================================================================================
@pytest.mark.parametrize("given, said", [
    ("Rebels=python3 x.py", "SEAT one of Government, FARC, AUC, Cartels"),
    ("FARC=", "no command"),
    ("FARC", "expected SEAT=COMMAND"),
])
def test_a_bad_agent_argument_is_said_in_one_line(
        given: str, said: str, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["demo", "--scenario", "quick", "--agent", given])
    err = capsys.readouterr().err
    assert code == 2 and said in err and len(err.strip().splitlines()) == 1


def test_assist_refuses_an_agent_with_dice_typed_in(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["assist", "--plain", "--dice", "manual", "--save", str(tmp_path / "t.json"),
                 "--agent", "FARC=python3 x.py"])
    err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert "--agent with --dice manual: an agent's turn cannot wait for dice typed in" in err


def test_demo_with_an_agent_names_it_and_saves_a_game_that_replays(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "game.json"
    code = main(["demo", "--govt", "heuristic", "--scenario", "quick", "--seed", "6",
                 "--save", str(save), "--agent", f"cartels={RANDOM_AGENT}"])
    out = capsys.readouterr().out
    assert code == 0
    assert "Cartels: agent" in out.splitlines()[0]
    assert_whole_game(serialize.load(save, verify=True))


def test_batch_with_an_agent_gives_the_same_statistics_as_with_bots(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # the same summary fields and CSV columns as a bots-only batch on the same seeds
    runs = {}
    for name, extra in (("bots", []), ("agent", ["--agent", f"FARC={RANDOM_AGENT}"])):
        out = tmp_path / name
        code = main(["batch", "--games", "2", "--scenario", "quick", "--govt", "heuristic",
                     "--out", str(out), *extra])
        assert code == 0
        runs[name] = (json.loads((out / "summary.json").read_text()),
                      (out / "games.csv").read_text().splitlines())
    capsys.readouterr()
    bots, agent = runs["bots"], runs["agent"]
    assert set(agent[0]) - set(bots[0]) == {"agents"}
    assert agent[0]["agents"] == {"FARC": RANDOM_AGENT}
    assert agent[1][0] == bots[1][0]  # the CSV header
    assert len(agent[1]) == len(bots[1]) == 3


# ======================================================================================
# a change of seat is logged (1.5)
# ======================================================================================
def test_a_change_of_seat_is_logged_and_replayed() -> None:
    game = Game.new("quick", 1, players=1)
    game.apply(SetSeat(int(Faction.AUC), 2, who="agent 'bot'"))
    assert game.state.seats == [1, None, 2, None]
    assert game.state.options["players"] == 2
    game.apply(SetSeat(int(Faction.AUC), None, who="the section-8 flowchart"))
    assert Game.replay(game.initial, game.log).state == game.state
    assert [e["command"]["who"] for e in set_seats(game)] == [
        "agent 'bot'", "the section-8 flowchart"]


def test_a_change_of_seat_that_leaves_nobody_to_decide_is_refused() -> None:
    # 8.0: a Non-player Government needs the program's AI (there is no flowchart)
    game = Game.new("quick", 1, players=1)
    with pytest.raises(IllegalAction, match="no person at the table"):
        game.apply(SetSeat(int(Faction.GOVT), None, government_ai="heuristic"))
    game.apply(SetSeat(int(Faction.FARC), 2))
    with pytest.raises(IllegalAction, match="no Government flowchart"):
        game.apply(SetSeat(int(Faction.GOVT), None))
    game.apply(SetSeat(int(Faction.GOVT), None, government_ai="heuristic"))
    assert game.state.options["government_ai"] == "heuristic"
    assert game.state.seats[Faction.GOVT] is None


# ======================================================================================
# play and assist: agents beside people, seats changed mid-game
# ======================================================================================
def person_decides(c: object) -> None:
    """The person's decision, made by the heuristic Government bot for the test (a
    Government decision), or a Pass / the first offered answer otherwise."""
    from nonplayer.government import make_government
    from tui.controller import Controller

    assert isinstance(c, Controller)
    faction = c.to_move()
    if faction is Faction.GOVT:
        decision = make_government("heuristic", 0).decide(c.game.clone())
        c.commit(c.preview(decision.command, chooser=decision.chooser))
        return
    run = c.decision().form
    while not run.done:
        assert run.question is not None
        question, _ = offered(run)
        pass_option = [o.value for o in question.options if o.value == ("pass",)]
        run.answer(pass_option[0] if pass_option else question.options[0].value)
    c.commit(c.preview(run.result))


def test_play_with_agents_and_seats_changed_mid_game(tmp_path: Path) -> None:
    # 1.5: a person takes over an agent's seat and hands it back; each change is logged
    from tui.controller import Controller
    from tui.session import Session

    game = Game.new("quick", 21, seats=[1, 2, None, None])
    c = Controller(Session(game, tmp_path / "game.json"),
                   agents={Faction.FARC: RANDOM_AGENT}, agent_policy=POLICY)
    turns = 0
    while not c.is_over():
        if turns == 12:
            c.seat_agent(Faction.FARC, None)  # the person takes FARC
            assert c.state.seats[Faction.FARC] == 1
        if turns == 24:
            c.seat_agent(Faction.FARC, RANDOM_AGENT)  # and hands it back
        if c.nonplayer_to_move():
            c.nonplayer_turn()
        else:
            person_decides(c)
        turns += 1
    saved = serialize.load(tmp_path / "game.json", verify=True)
    assert_whole_game(saved)
    assert [e["command"]["who"] for e in set_seats(saved)] == [
        "a person", f"agent {RANDOM_AGENT!r}"]
    assert not c.agents  # told the end and stopped


def test_a_seat_change_that_fails_changes_nothing(tmp_path: Path) -> None:
    # 1.5: an agent that does not start, or a seating the rules refuse, leaves the seat
    # to whoever held it (the agent playing it goes on playing); nothing is logged
    from agents.connection import AgentError
    from tui.controller import Controller
    from tui.session import Session

    game = Game.new("quick", 21, seats=[1, 2, None, None])
    c = Controller(Session(game, tmp_path / "game.json"),
                   agents={Faction.FARC: RANDOM_AGENT}, agent_policy=POLICY)
    c.seat_agent(Faction.FARC, RANDOM_AGENT)
    agent = c.agents[Faction.FARC]
    logged = len(c.game.log)
    with pytest.raises(AgentError):
        c.seat_agent(Faction.FARC, str(tmp_path / "no-such-agent"))
    assert c.agents[Faction.FARC] is agent and agent.conn is not None
    assert len(c.game.log) == logged and c.state.seats == [1, 2, None, None]
    c.seat_bot(Faction.FARC)
    logged = len(c.game.log)
    with pytest.raises(IllegalAction, match="no person at the table"):
        c.seat_bot(Faction.GOVT)
    assert len(c.game.log) == logged and c.state.seats == [1, None, None, None]


def test_the_log_says_who_plays_a_seat_after_a_rollback(tmp_path: Path) -> None:
    # the seats' agents follow the log back: a rollback past the person's taking FARC
    # gives FARC to its --agent again (its next turn starts it); the change is gone
    from tui.controller import Controller
    from tui.session import Session

    game = Game.new("quick", 21, seats=[1, 2, None, None])
    c = Controller(Session(game, tmp_path / "game.json"),
                   agents={Faction.FARC: RANDOM_AGENT}, agent_policy=POLICY)
    while len(c.cards()) < 2:
        c.nonplayer_turn() if c.nonplayer_to_move() else person_decides(c)
    c.seat_agent(Faction.FARC, None)
    assert not c.agent_specs and not c.agents
    c.rollback(c.cards()[0])
    assert c.agent_specs == {Faction.FARC: RANDOM_AGENT} and not set_seats(c.game)
    while not c.is_over() and len(c.cards()) < 3:
        c.nonplayer_turn() if c.nonplayer_to_move() else person_decides(c)
    assert any("agent random" in r.heading() for r in c.history)
    c.close_agents()


def test_a_saves_own_set_seat_never_starts_the_command_it_names(tmp_path: Path) -> None:
    # a save file does not run programs: the Set Seat of an earlier session names an
    # agent, yet after a rollback in this one FARC is its player's (a person's), as when
    # the game is resumed without --agent
    from tui.controller import Controller
    from tui.session import Session

    marker = tmp_path / "ran"
    game = Game.new("quick", 21, seats=[1, None, None, None])
    game.apply(SetSeat(int(Faction.FARC), 2, who=f"agent {MISBEHAVE + ' record ' + str(marker)!r}"))
    c = Controller(Session(game, tmp_path / "game.json"), agent_policy=POLICY)
    while len(c.cards()) < 2:
        c.nonplayer_turn() if c.nonplayer_to_move() else person_decides(c)
    c.rollback(c.cards()[-1])
    assert not c.agent_specs and set_seats(c.game)
    assert not marker.exists()


def test_a_failing_agent_in_play_hands_the_government_to_the_program_ai(
        tmp_path: Path) -> None:
    from runners.seats import government_ai
    from tui.controller import Controller
    from tui.session import Session

    game = Game.new("quick", 22, seats=[2, 1, None, None])
    c = Controller(Session(game, tmp_path / "game.json"),
                   agents={Faction.GOVT: f"{MISBEHAVE} illegal"}, agent_policy=POLICY)
    while not c.is_over():
        if c.nonplayer_to_move():
            c.nonplayer_turn()
        else:
            person_decides(c)
    saved = serialize.load(tmp_path / "game.json", verify=True)
    assert_whole_game(saved)
    assert government_ai(saved.state) == "heuristic"
    assert "the program's AI" in set_seats(saved)[0]["command"]["who"]


def test_an_agent_elsewhere_plays_over_tcp_bound_to_this_machine() -> None:
    # the same protocol over a TCP connection to 127.0.0.1 (as andean serve binds)
    import importlib.util
    import socket
    import threading
    import time

    spec = importlib.util.spec_from_file_location("random_agent",
                                                  ROOT / "examples" / "random_agent.py")
    assert spec is not None and spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    seen: list[str] = []

    def agent() -> None:
        rng = random.Random(1)
        for _ in range(600):  # the engine starts listening soon; retried, never timed
            try:
                sock = socket.create_connection(("127.0.0.1", port))
                break
            except OSError:
                time.sleep(0.1)
        else:
            return
        with sock, sock.makefile("r") as inp, sock.makefile("w") as out:
            for line in inp:
                message = json.loads(line)
                seen.append(message["type"])
                if message["type"] == "hello":
                    reply = {"type": "ready", "name": "tcp"}
                elif message["type"] == "question":
                    reply = {"type": "answer", "id": message["id"],
                             "answer": example.answer(message, rng)}
                else:
                    if message["type"] == "end":
                        break
                    continue
                out.write(json.dumps(reply) + "\n")
                out.flush()

    thread = threading.Thread(target=agent, daemon=True)
    thread.start()
    game, _ = play(8, "heuristic", "quick",
                   agents=setup_for(Faction.AUC, f"tcp:127.0.0.1:{port}"))
    thread.join(timeout=60)
    assert_whole_game(game)
    assert not set_seats(game)
    assert seen[0] == "hello" and seen[-1] == "end" and "question" in seen


def test_docs_agents_quotes_the_shipped_schema() -> None:
    # docs/agents.md is the reference a newcomer reads: its schema is the one in force
    doc = (ROOT / "docs" / "agents.md").read_text(encoding="utf-8")
    block = doc.split("<!-- protocol-schema -->\n```json\n")[1].split("\n```")[0]
    assert json.loads(block) == protocol.schema()


def test_assist_plays_an_agents_seat_among_the_table(tmp_path: Path) -> None:
    # the tabletop assistant: the table names the cards, the agent plays FARC
    from tui.agent_args import with_agents
    from tui.commands.play import assist_seats, new_assist_game
    from tui.controller import Controller
    from tui.session import Session

    seats = with_agents(assist_seats(None), [Faction.FARC])
    assert seats == [1, 2, None, None]
    game = new_assist_game("quick", 5, seats, 12, False)
    c = Controller(Session(game, tmp_path / "table.json"), assist=True,
                   agents={Faction.FARC: RANDOM_AGENT}, agent_policy=POLICY)
    agent_turns = 0
    while not c.is_over():
        card = c.card_to_name()
        if card is not None:
            c.draw_card(card)
        elif c.nonplayer_to_move():
            agent_turns += c.nonplayer_turn().faction is Faction.FARC
        else:
            person_decides(c)
    assert agent_turns > 5
    assert_whole_game(serialize.load(tmp_path / "table.json", verify=True))


def test_the_line_modes_seat_word_hands_a_seat_to_an_agent(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    import io

    save = tmp_path / "game.json"
    monkeypatch.setattr(sys, "stdin", io.StringIO(
        f"seat AUC agent {RANDOM_AGENT}\nseat farc robot\nseat Cartels me\n"
        "seat Cartels bot\nquit\n"))
    main(["play", "--plain", "--scenario", "quick", "--seed", "2", "--save", str(save)])
    out = capsys.readouterr().out
    assert "AUC is played from now on by agent" in out
    assert "! seat FACTION agent COMMAND, seat FACTION me or seat FACTION bot" in out
    saved = serialize.load(save, verify=True)
    assert saved.state.seats == [1, None, 2, None]
    assert [e["command"]["who"] for e in set_seats(saved)] == [
        f"agent {RANDOM_AGENT!r}", "a person", "the section-8 flowchart"]


def test_a_question_offers_only_the_answers_its_form_takes() -> None:
    # item 1: each question lists only legal options, even where a form refuses an
    # answer it asked for once it sees where it leads (no Special Activity left to do)
    from decisions.base import FormRun, InputError, Question

    def form():  # type: ignore[no-untyped-def]
        go_on = yield Question.yes_no("Go on without a Special Activity?")
        if not go_on:
            raise InputError("no Special Activity is possible")
        cubes = yield Question.number("How many cubes?", 0, 4)
        if cubes % 2:
            raise InputError("an even number")
        return cubes

    run = FormRun(form)
    legal = run.legal_question()
    assert [(o.label, o.value) for o in legal.options] == [("yes", True)]
    run.answer(True)
    assert [o.value for o in run.legal_question().options] == [0, 2, 4]
    assert run.answers == [True]  # trying the answers changed nothing


def test_an_answer_tried_goes_on_from_its_try() -> None:
    # item 5 (speed): legal_question keeps each try that was taken, so the answer then
    # given goes on from its try: no replay of the form after it, the same questions,
    # answers and result as a run that never tried anything; asked again, the same
    # question comes back without trying anything
    from decisions.base import FormRun, InputError, Option, Question

    made = []

    def form():  # type: ignore[no-untyped-def]
        made.append(1)
        side = yield Question.one("Which side?", [Option("a", "A"), Option("b", "B"),
                                                  Option("c", "C")])
        if side == "c":
            raise InputError("not C")
        cubes = yield Question.number(f"How many cubes on {side}?", 1, 3)
        return side, cubes

    run, plain = FormRun(form), FormRun(form)
    made.clear()
    legal = run.legal_question()
    assert [o.value for o in legal.options] == ["a", "b"]
    tries = len(made)  # one replay for each answer but the first
    assert tries == 2
    assert run.legal_question() is legal and len(made) == tries
    run.answer(legal.options[1].value)
    assert len(made) == tries  # went on from the try of "b"
    plain.answer("b")
    assert run.answers == plain.answers == ["b"]
    assert run.question is not None and plain.question is not None
    assert run.question.prompt == plain.question.prompt == "How many cubes on b?"
    assert [o.value for o in run.legal_question().options] == [1, 2, 3]
    run.answer(2)  # a number equal to a try's: its branch
    plain.answer(2)
    assert run.done and run.result == plain.result == ("b", 2)
    assert run.back() and run.question is not None and run.answers == ["b"]
    with pytest.raises(InputError):  # refused, as before: nothing changed
        FormRun(form).answer("c")


def test_a_refused_combination_is_asked_again_saying_why(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # options each legal, the combination refused by the rules: asked again, a few times
    from agents import seat as seat_module
    from agents.connection import AgentError
    from decisions.base import FormRun, InputError, Option, Question

    def form():  # type: ignore[no-untyped-def]
        picked = yield Question.many("Which spaces?", [Option(s, f"space {s}") for s in
                                                       (1, 2, 3)], 1, 3)
        if 1 in picked and 2 in picked:
            raise InputError("not enough Resources for both")
        return picked

    class FakeDecision:
        def __init__(self, *_: object) -> None:
            self.form = FormRun(form)

    class Scripted:
        def __init__(self, answers: list[list[int]]) -> None:
            self.answers, self.sent = answers, []  # type: ignore[var-annotated]

        def send(self, message: dict) -> None:
            self.sent.append(message)

        def receive(self, timeout: float) -> dict:
            return {"type": "answer", "id": self.sent[-1]["id"],
                    "answer": self.answers.pop(0)}

    monkeypatch.setattr(seat_module, "Decision", FakeDecision)
    game = Game.new("quick", 1, players=1)
    agent = object.__new__(seat_module.AgentSeat)
    agent.where, agent.faction, agent.policy = "scripted", Faction.GOVT, POLICY
    agent.questions = agent.decisions = 0
    agent.conn = Scripted([[0, 1], [0, 2]])  # type: ignore[assignment]
    assert agent.decide(game) == [1, 3]
    assert agent.conn.sent[1]["info"] == ["Refused: not enough Resources for both"]
    agent.conn = Scripted([[0, 1]] * 4)  # type: ignore[assignment]
    with pytest.raises(AgentError, match="answered illegally"):
        agent.decide(game)


def test_insurgent_discord_is_asked_of_the_governments_agent() -> None:
    # 8.1: in a 2-player game the Government player chooses the 2nd Eligible
    # Non-player's Event or Operation: an agent at the Government is asked it
    from agents import seat as seat_module

    class Scripted:
        def __init__(self) -> None:
            self.sent: list[dict] = []

        def send(self, message: dict) -> None:
            self.sent.append(message)

        def receive(self, timeout: float) -> dict:
            options = self.sent[-1]["options"]
            pick = next(o["id"] for o in options if o["value"] == "operation")
            return {"type": "answer", "id": self.sent[-1]["id"], "answer": pick}

    game = Game.new("quick", 1, seats=[1, 2, None, None])
    agent = object.__new__(seat_module.AgentSeat)
    agent.where, agent.faction, agent.policy = "scripted", Faction.GOVT, POLICY
    agent.questions = agent.decisions = 0
    agent.conn = Scripted()  # type: ignore[assignment]
    assert agent.discord(game.state, Faction.AUC) == "operation"
    question = agent.conn.sent[0]
    validator().validate(question)
    assert question["asks"] == "discord" and "Insurgent Discord (8.1)" in question["prompt"]


def test_the_play_screen_plays_agents_seats(tmp_path: Path) -> None:
    # the full-screen app runs agents' turns like Non-players': an agent at each
    # Insurgent, the program's AI at the Government, no person: the whole game is played
    # as the app starts
    from tests.pilot import run_async
    from tui.controller import Controller
    from tui.screens.play import PlayApp
    from tui.session import Session

    game = Game.new("quick", 3, seats=[None, 1, 2, 3], government_ai="heuristic")
    agents = {f: f"{RANDOM_AGENT} --seed {int(f)}" for f in Faction if f is not Faction.GOVT}
    controller = Controller(Session(game, tmp_path / "game.json"), agents=agents,
                            agent_policy=POLICY)

    @run_async
    async def run() -> None:
        app = PlayApp(controller)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert controller.is_over()

    run()
    assert any("agent random" in r.heading() for r in controller.history)
    assert_whole_game(serialize.load(tmp_path / "game.json", verify=True))


def test_an_agent_writing_only_blank_lines_is_a_silent_one() -> None:
    # issue 34 item 2: a slow, silent or babbling agent gets a clear line, never a crash;
    # 2000 blank lines once recursed past Python's limit (RecursionError, not AgentError)
    import shlex

    from agents.connection import AgentError, ProcessConnection

    def agent(code: str) -> ProcessConnection:
        return ProcessConnection(shlex.join([sys.executable, "-c", code]))

    conn = agent("print('\\n' * 2000, flush=True)")
    with pytest.raises(AgentError, match="closed its output"):
        conn.receive(timeout=60)
    conn.close(failed=True)
    conn = agent("print('\\n' * 2000 + '{\"type\": \"ready\"}', flush=True)")
    assert conn.receive(timeout=60) == {"type": "ready"}
    conn.close(failed=True)


def test_a_decisions_questions_are_sent_as_their_whole_encoding() -> None:
    # item 5 (speed): the observation a decision's questions share is encoded once; each
    # line sent is still exactly the message's whole compact JSON (docs/agents.md)
    game = Game.new("standard", 3)
    faction = game.to_move()
    assert faction is not None
    run = Decision(DecisionContext(game, game.dice), None).form
    question, asks = offered(run)
    seen = protocol.observation(game.state)
    lines = protocol.Lines()
    for qid, observed in enumerate((seen, seen, protocol.observation(game.state), seen), 1):
        message = protocol.question_message(question, qid=qid, decision=1, first=qid == 1,
                                            faction=faction, state=game.state, asks=asks,
                                            seen=observed)
        whole = json.dumps(message, separators=(",", ":")) + "\n"
        assert lines.line(message) == whole.encode()
    for other in (protocol.bye("done"), protocol.hello(faction, 1, game.state)):
        assert lines.line(other) == (json.dumps(other, separators=(",", ":")) + "\n").encode()


def test_the_options_a_question_is_sure_of_are_taken_in_whole_games() -> None:
    # item 5 (speed): legal_question does not try the options a form is sure of
    # (Question.sure: a March origin whose destination is asked next, a March
    # destination or a Rally's regroup space whose group size is asked next, 3.3.1-3.3.2;
    # cubes to Redeploy of which how many is asked next, 6.5); every one of them, at
    # every such question of whole games with random agents, is taken
    pytest.importorskip("pettingzoo")
    from agents import env as E

    checked = 0
    seats = [[Faction.FARC, Faction.AUC, Faction.CARTELS]] * 4 + [[Faction.GOVT]] * 2
    for seed, agents in enumerate(seats):
        table = E.Table(agents, seed=seed, scenario="standard")
        rng = random.Random(seed)
        while not table.over:
            question, run = table.question, table.run
            assert question is not None and run is not None
            for i in question.sure_of():
                assert run.accepts(question.options[i].value), (question.prompt, i)
                checked += 1
            legal = [i for i, ok in enumerate(table.mask()) if ok]
            # a March origin picked more often, so more of its loop is seen
            legal += [i for i in question.sure_of() if table.mask()[i]]
            table.act(rng.choice(legal))
    assert checked > 100


def test_an_option_a_question_is_sure_of_is_not_tried(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # item 5 (speed): Question.sure spares the tries; an answer the form then refuses
    # anyway is the engine's error, not the agent's
    from agents import seat as seat_module
    from agents.connection import AgentError
    from decisions.base import FormRun, InputError, Option, Question

    made = []

    def form():  # type: ignore[no-untyped-def]
        made.append(1)
        pick = yield Question.one("Which?", [Option(1, "one"), Option(2, "two"),
                                             Option(3, "three")], sure=frozenset({0, 1}))
        if pick != 3:
            raise InputError("a broken promise")
        return pick

    run = FormRun(form)
    made.clear()
    assert [o.value for o in run.legal_question().options] == [1, 2, 3]
    assert made == []  # only 3 tried, on the paused generator

    class FakeDecision:
        def __init__(self, *_: object) -> None:
            self.form = FormRun(form)

    class Scripted:
        sent: list[dict] = []

        def send(self, message: dict) -> None:
            self.sent.append(message)

        def receive(self, timeout: float) -> dict:
            return {"type": "answer", "id": self.sent[-1]["id"], "answer": 0}

    game = Game.new("quick", 1, players=1)
    agent = object.__new__(seat_module.AgentSeat)
    agent.where, agent.faction, agent.policy = "scripted", Faction.GOVT, POLICY
    agent.questions = agent.decisions = 0
    agent.conn = Scripted()  # type: ignore[assignment]
    monkeypatch.setattr(seat_module, "Decision", FakeDecision)
    with pytest.raises(AgentError, match="an engine error"):
        agent.decide(game)
