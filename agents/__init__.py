"""Outside programs in a seat (issue 34): the agent protocol, its connections, and the
seat an agent plays. See docs/agents.md for the protocol a bot in any language speaks.

* :mod:`~agents.protocol`: the messages and their JSON Schema
  (``protocol.schema.json``), the public observation;
* :mod:`~agents.connection`: JSON lines over a child process's pipes or TCP;
* :mod:`~agents.seat`: :class:`~agents.seat.AgentSeat`, which asks
  the seat's questions of the decision model (:mod:`decisions`), and what an
  agent's failure does.
"""
