"""An outside agent in a seat: it answers the seat's questions through the protocol.

:class:`AgentSeat` starts the agent (:func:`agents.connection.connect`), says
``hello`` and waits for ``ready``; :meth:`AgentSeat.decide` then runs the seat's whole
decision as the screens do (:class:`decisions.decision.Decision`: the menu the
Sequence of Play allows, then the chosen form), sending each question and feeding the
form the answer, and returns the finished command. Any failure (no answer in time, the
agent gone, a malformed message, an answer the form refuses) raises
:class:`~agents.connection.AgentError` with one line; what happens then (the
seat's default player takes over, or the game stops) is the caller's choice
(:class:`AgentPolicy`).
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from agents import protocol
from agents.connection import AgentError, AgentSilent, Connection, connect, quoted
from core.commands import Command, from_json
from core.files import shown
from core.game import Game
from core.pieces import Faction
from core.state import GameState
from core.words import printable
from decisions.asked import discord_question
from decisions.base import MANY, FormRun, InputError, Question
from decisions.decision import Decision, DecisionContext, command_types

#: what the user may choose to happen when an agent fails
FALLBACKS = ("default", "stop")
#: how many times a question of several options is asked again when the rules refuse
#: the combination answered (each option alone being legal)
MANY_RETRIES = 3


@dataclass(frozen=True)
class AgentPolicy:
    """How agents are waited for and what a failure does: ``timeout`` seconds for each
    answer (and for ``ready``, and for a TCP agent to connect); ``fallback`` "default":
    the seat's default player takes over (the section-8 flowchart, or the program's AI
    for the Government), "stop": the game stops (saved); ``remote``: a TCP agent may
    listen on an address other machines reach (:func:`agents.connection.check_remote`)."""

    timeout: float = 30.0
    fallback: str = "default"
    #: a TCP agent may listen beyond this machine (``--agent-remote``)
    remote: bool = False


#: Python's words for a command object made without a field it needs
_MISSING = re.compile(r"^(\w+)\.__init__\(\) missing \d+ required (?:positional |keyword-only )?"
                      r"arguments?: (.+)$")


def missing_words(err: Exception) -> str:
    """``err`` in the game's words where it says a part of a command is missing
    ("Rally.__init__() missing 1 required positional argument: 'steps'" -> "the Rally
    has no 'steps' (every command's fields: docs/state-format.md)"); else as it is."""
    found = _MISSING.match(str(err)) if isinstance(err, TypeError) else None
    if found is None:
        return str(err)
    return (f"the {found.group(1)} has no {found.group(2)} (every command's fields: "
            "docs/state-format.md)")


class AgentSeat:
    """One agent playing ``faction`` as player ``player``."""

    def __init__(self, where: str, faction: Faction, player: int, state: GameState,
                 policy: AgentPolicy | None = None, on_listen: Any = None) -> None:
        self.where = where
        self.faction = faction
        self.player = player
        self.policy = policy or AgentPolicy()
        self.name = where
        self.questions = 0
        self.decisions = 0
        self.conn: Connection | None = connect(where, self.policy.timeout, on_listen,
                                               self.policy.remote)
        try:
            self.conn.send(protocol.hello(faction, player, state))
            try:
                reply = self._receive()
            except AgentSilent as silent:  # no question was asked yet: say what it lacks
                raise AgentError(f"the agent {silent.where} never sent ready (its answer "
                                 f"to hello) within {silent.timeout:g} seconds") from None
            if reply.get("type") != "ready":
                raise AgentError(f"the agent {quoted(where)} answered hello with "
                                 f"{reply.get('type')!r}, not ready")
        except AgentError:
            self.conn.close(failed=True)
            raise
        if reply.get("name"):  # shown on terminals: no control characters, not too long
            self.name = f"{printable(shown(reply['name']))} ({where})"

    @property
    def said(self) -> str:
        """The command as every line about the agent quotes it (:func:`quoted`)."""
        return quoted(self.where)

    @property
    def label(self) -> str:
        return f"agent {self.name}"

    # --- the conversation -----------------------------------------------------------
    def _receive(self) -> dict[str, Any]:
        assert self.conn is not None
        message = self.conn.receive(self.policy.timeout)
        try:
            protocol.check(message)
        except protocol.ProtocolError as err:
            raise AgentError(f"the agent {self.said} wrote a bad message: {err}") from None
        return message

    def ask(self, question: Question, state: GameState, *, first: bool = False,
            asks: str | None = None, decision: int | None = None,
            seen: dict[str, Any] | None = None) -> dict[str, Any]:
        """Send ``question`` and return the agent's reply for it (answer or command);
        ``seen``: ``state``'s observation if already built (:func:`protocol.observation`)."""
        assert self.conn is not None
        self.questions += 1
        self.conn.send(protocol.question_message(
            question, qid=self.questions, decision=decision or self.decisions, first=first,
            faction=self.faction, state=state, asks=asks, seen=seen))
        reply = self._receive()
        if reply["type"] not in ("answer", "command"):
            raise AgentError(f"the agent {self.said} sent {reply['type']!r} where an answer "
                             "was due")
        if reply["id"] != self.questions:
            raise AgentError(f"the agent {self.said} answered question {reply['id']}, "
                             f"not {self.questions}")
        if reply["type"] == "command" and not first:
            raise AgentError(f"the agent {self.said} sent a command to a question that "
                             "is not the first of its decision")
        return reply

    def decide(self, game: Game) -> Command:
        """The agent's command for the decision ``game`` awaits (AgentError if it fails).

        The command is checked by the forms as it is built (only legal options are
        offered), a whole ``command`` reply by trying it on a copy of the game."""
        self.decisions += 1
        state = game.state
        context = DecisionContext(game, game.dice)
        run = Decision(context, None).form
        first = True
        refused: list[str] = []
        # the forms build the command without touching the game: every question of the
        # decision shows the same public state, so it is built once (the larger part of
        # a question's cost when built for each)
        seen = protocol.observation(state)
        while not run.done:
            question, asks = offered(run)
            if refused:
                question = replace(question, info=[*question.info, *refused])
            reply = self.ask(question, state, first=first, asks=asks, seen=seen)
            if reply["type"] == "command":
                return self._command(game, reply["command"], command_types(context))
            try:
                value = protocol.answer_value(question, reply)
            except protocol.ProtocolError as err:
                raise AgentError(f"the agent {self.said} answered illegally "
                                 f"({question.prompt!r}): {err}") from None
            asked = run.question
            try:
                run.answer(value)
            except InputError as err:
                if asked is not None and _sure(asked, value):
                    raise AgentError(f"{asked.prompt!r} refused {value!r}, an answer its "
                                     f"form was sure of: {err} (an engine error)") from None
                # options each legal, their combination refused by the rules: asked
                # again, saying why, a few times (docs/agents.md)
                if question.kind != MANY or len(refused) >= MANY_RETRIES:
                    raise AgentError(f"the agent {self.said} answered illegally "
                                     f"({question.prompt!r}): {err}") from None
                refused.append(f"Refused: {err}")
                continue
            refused = []
            first = False
        return run.result

    def _command(self, game: Game, data: dict[str, Any], allowed: tuple[str, ...]) -> Command:
        """The whole command ``data`` sent for the decision, if it is of a type the
        decision takes (``allowed``: no board edit, change of seat or transfer passes
        for a decision) and the rules accept it on a copy of the game."""
        from core.errors import AndeanError

        if data.get("type") not in allowed:
            raise AgentError(f"the agent {self.said} sent a command {data.get('type')!r} "
                             f"where this decision takes one of: {', '.join(allowed)}")
        try:
            cmd = from_json(data)
            game.clone().apply(cmd)
        except (AndeanError, KeyError, TypeError, ValueError) as err:
            raise AgentError(f"the agent {self.said} sent an illegal command "
                             f"{data.get('type')!r}: {shown(missing_words(err))}") from None
        except Exception as err:  # noqa: BLE001 - whatever it sent, the agent's failure
            # (fields of the wrong shape reach code that trusts the save's schema)
            raise AgentError(f"the agent {self.said} sent a command {data.get('type')!r} "
                             f"the engine cannot read ({type(err).__name__}: "
                             f"{shown(err)})") from None
        return cmd

    def discord(self, state: GameState, faction: Faction) -> str:
        """Insurgent Discord (8.1) asked of the agent playing the Government."""
        question = discord_question(faction, state.current_card)
        self.decisions += 1
        reply = self.ask(question, state, first=False, asks="discord")
        try:
            return str(protocol.answer_value(question, reply))
        except protocol.ProtocolError as err:
            raise AgentError(f"the agent {self.said} answered illegally: {err}") from None

    # --- telling -------------------------------------------------------------------
    def tell(self, message: dict[str, Any]) -> None:
        """Send a trace or the end; an agent that stopped reading is noticed at its
        next question, so this never fails."""
        if self.conn is None:
            return
        with contextlib.suppress(AgentError):
            self.conn.send(message)

    def close(self, reason: str | None = None) -> None:
        """The engine stops using the agent without its failing: ``bye`` with ``reason``
        (a seat change, a stopped game; None after ``end``), then the end of its input,
        and its process is waited for (a few seconds, then stopped), so the agent reads
        the ``bye`` before it goes (docs/agents.md)."""
        self._leave(reason, failed=False)

    def fail(self, reason: str) -> None:
        """The agent failed (late, silent, malformed, illegal): ``bye`` with ``reason``
        when it can still be written, then the agent is stopped at once (a stalled
        program is not waited for)."""
        self._leave(reason, failed=True)

    def _leave(self, reason: str | None, failed: bool) -> None:
        if self.conn is None:
            return
        if reason is not None:
            self.tell(protocol.bye(reason))
        self.conn.close(failed=failed)
        self.conn = None


def offered(run: FormRun) -> tuple[Question, str]:
    """The current question as an agent is asked it (:meth:`FormRun.legal_question`:
    only the answers the form takes) and what it asks (:data:`protocol.ASKS`)."""
    asked = run.question
    assert asked is not None
    try:
        return run.legal_question(), protocol.ASKS[asked.kind]
    except InputError as err:
        raise AgentError(f"{err} (an engine error)") from None


def _sure(question: Question, value: Any) -> bool:
    """Whether ``value`` is the value of an option ``question`` is sure of (not tried
    before it was offered: :attr:`Question.sure`)."""
    return any(question.options[i].value is value for i in question.sure_of()
               if i < len(question.options))


def open_agents(specs: dict[Faction, str], state: GameState, policy: AgentPolicy,
                on_listen: Any = None) -> dict[Faction, AgentSeat]:
    """Start the agents of ``specs`` for the seats ``state.seats`` gives them (each an
    agent's player number); all are closed again if one fails to start."""
    agents: dict[Faction, AgentSeat] = {}
    try:
        for faction, where in specs.items():
            player = state.seats[faction]
            if player is None:
                raise AgentError(f"{faction.label} has no seat for the agent {quoted(where)}")
            agents[faction] = AgentSeat(where, faction, player, state, policy, on_listen)
    except AgentError:
        for agent in agents.values():
            agent.close("the game could not start")
        raise
    return agents




# ======================================================================================
# agents at a bot table (demo, batch)
# ======================================================================================
@dataclass(frozen=True)
class AgentSetup:
    """The agents of a bot game (``--agent`` of demo and batch), picklable for batch
    workers: ``specs`` (Faction number, where) pairs, the :class:`AgentPolicy`, and the
    folder where a game whose agent failed is saved (None: the current folder)."""

    specs: tuple[tuple[int, str], ...]
    policy: AgentPolicy = AgentPolicy()
    failure_dir: str | None = None

    def by_faction(self) -> dict[Faction, str]:
        return {Faction(f): where for f, where in self.specs}

    def govt_label(self, bot: str) -> str:
        """What the records call the Government: ``agent:COMMAND`` when an agent plays
        it, else the Government bot's name."""
        where = self.by_faction().get(Faction.GOVT)
        return bot if where is None else f"agent:{where}"

    def seats(self) -> list[int | None]:
        """The seating of a bot game with these agents: the Government is player 1 (the
        Government bot's seat, or its agent's), each Insurgent agent a player of its own
        (2, 3, 4), the other Insurgents Non-players (section 8)."""
        return with_agents([1, None, None, None], self.by_faction())


def with_agents(seats: list[int | None], agents: Iterable[Faction]) -> list[int | None]:
    """The seating ``seats`` with each agent's Faction a player of its own (1.5): the
    other players keep their order, numbered from 1, the agents after them.

    >>> with_agents([1, None, None, None], [Faction.AUC])
    [1, None, 2, None]
    >>> with_agents([1, 1, 2, 2], [Faction.FARC])
    [1, 3, 2, 2]
    """
    chosen = set(agents)
    out = [None if Faction(f) in chosen else s for f, s in enumerate(seats)]
    numbers = {old: new for new, old in enumerate(sorted({s for s in out if s is not None}),
                                                  1)}
    out = [numbers[s] if s is not None else None for s in out]
    player = len(numbers)
    for faction in sorted(chosen):
        player += 1
        out[faction] = player
    return out



class AgentStopped(Exception):
    """An agent failed and the user chose that the game stops (it was saved)."""


__all__ = ["FALLBACKS", "AgentPolicy", "AgentSeat", "AgentSetup", "AgentStopped", "open_agents",
           "with_agents"]
