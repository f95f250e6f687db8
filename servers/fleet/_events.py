"""What happens in the fleet, as it happens: a watcher that looks, a hub that tells.

The fleet is shared: tasks run under detached supervisors and several server processes use one
store, so a change may come from anywhere. Each server process runs one :class:`FleetWatcher`,
which every ``interval`` seconds (sooner when this process changed something: ``poke``)

- starts the queued tasks that have a free slot (``Backend.dispatch``): with any server running,
  a freed slot is taken within one interval;
- compares every agent with what it saw last and publishes what changed: :class:`AgentChanged`
  (status, attention, last task), :class:`AgentRemoved`, :class:`AttentionRaised` (an agent
  that finished, failed or waits for input, once per reason);
- while someone listens, publishes the new log lines of the agents that run (or just stopped)
  as :class:`LogLines`.

:class:`FleetHub` fans the events out to its subscribers (the MCP clients' notifications, the
dashboard's server-sent events), each with a bounded buffer: a subscriber that stops reading is
dropped, never waited for.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import anyio
from anyio.streams.memory import MemoryObjectReceiveStream, MemoryObjectSendStream

from servers.fleet.backend import AgentState, Backend, LogCursor
from servers.fleet.models import LogEntryDetail

__all__ = [
    "AgentChanged",
    "AgentRemoved",
    "AttentionRaised",
    "FleetEvent",
    "FleetHub",
    "FleetWatcher",
    "LogLines",
    "agent_summary",
]

logger = logging.getLogger(__name__)

BUFFERED_EVENTS = 1000


def agent_summary(agent: AgentState) -> dict[str, Any]:
    """An agent as events and the dashboard show it (JSON-ready)."""
    return {
        "name": agent.name,
        "status": agent.status,
        "project": agent.project,
        "role": agent.role,
        "last_task": agent.last_task,
        "needs_user_attention": agent.attention is not None,
        "attention_reason": agent.attention,
        "updated_at": agent.updated_at.isoformat(),
    }


@dataclass(frozen=True)
class AgentChanged:
    agent: AgentState


@dataclass(frozen=True)
class AgentRemoved:
    name: str


@dataclass(frozen=True)
class AttentionRaised:
    agent: AgentState
    reason: str


@dataclass(frozen=True)
class LogLines:
    name: str
    lines: list[LogEntryDetail]


FleetEvent = AgentChanged | AgentRemoved | AttentionRaised | LogLines


class FleetHub:
    """Fans fleet events out to subscribers."""

    def __init__(self) -> None:
        self._streams: dict[MemoryObjectSendStream[FleetEvent], Callable[[], bool]] = {}

    @property
    def listening(self) -> bool:
        """Whether a subscriber wants log lines (the watcher follows logs only then)."""
        return any(wants() for wants in self._streams.values())

    @contextmanager
    def subscribe(
        self, *, wants_logs: Callable[[], bool] = lambda: True
    ) -> Iterator[MemoryObjectReceiveStream[FleetEvent]]:
        send, receive = anyio.create_memory_object_stream[FleetEvent](BUFFERED_EVENTS)
        self._streams[send] = wants_logs
        try:
            with receive:
                yield receive
        finally:
            self._streams.pop(send, None)
            send.close()

    def publish(self, event: FleetEvent) -> None:
        for stream in list(self._streams):
            try:
                stream.send_nowait(event)
            except anyio.WouldBlock:
                logger.warning("a fleet event subscriber stopped reading; dropping it")
                self._streams.pop(stream, None)
                stream.close()
            except (anyio.ClosedResourceError, anyio.BrokenResourceError):
                self._streams.pop(stream, None)

    def close(self) -> None:
        for stream in list(self._streams):
            stream.close()
        self._streams.clear()


class FleetWatcher:
    """Looks at the fleet every ``interval`` seconds (or when poked) and tells the hub."""

    def __init__(self, backend: Backend, hub: FleetHub, *, interval: float) -> None:
        self._backend = backend
        self._hub = hub
        self._interval = interval
        self._seen: dict[str, AgentState] | None = None
        self._told: dict[str, str] = {}  # the attention reason last told, by agent
        self._cursors: dict[str, LogCursor] = {}
        self._wake: anyio.Event | None = None

    def poke(self) -> None:
        """Look again now (this process just changed something)."""
        if self._wake is not None:
            self._wake.set()

    async def run(self) -> None:
        failing = False
        while True:
            self._wake = anyio.Event()
            try:
                await self.look()
            except Exception:
                if not failing:  # once per spell of failures, not every interval
                    logger.warning("the fleet watcher cannot look at the fleet", exc_info=True)
                failing = True
            else:
                if failing:
                    logger.warning("the fleet watcher can look at the fleet again")
                failing = False
            with anyio.move_on_after(self._interval):
                await self._wake.wait()

    async def look(self) -> None:
        """One round: start what the queue can start, then tell what changed."""
        await self._backend.dispatch()
        agents = {a.name: a for a in await self._backend.list_agents()}
        before = self._seen
        self._seen = agents
        if before is None:  # the first look is the baseline: nothing has changed yet
            self._told = {n: a.attention for n, a in agents.items() if a.attention}
            return
        for name in before.keys() - agents.keys():
            self._cursors.pop(name, None)
            self._told.pop(name, None)
            self._hub.publish(AgentRemoved(name))
        for name, agent in agents.items():
            old = before.get(name)
            if old is None or _summary(old) != _summary(agent):
                self._hub.publish(AgentChanged(agent))
            if agent.attention and self._told.get(name) != agent.attention:
                self._hub.publish(AttentionRaised(agent, agent.attention))
            if agent.attention:
                self._told[name] = agent.attention
            else:
                self._told.pop(name, None)
        if self._hub.listening:
            await self._follow_logs(agents, before)
        else:
            self._cursors.clear()

    async def _follow_logs(
        self, agents: dict[str, AgentState], before: dict[str, AgentState]
    ) -> None:
        for name, agent in agents.items():
            was = before.get(name)
            moving = agent.status == "busy" or (was is not None and was.status == "busy")
            if not moving and name not in self._cursors:
                continue
            try:
                lines, cursor = await self._backend.follow_log(name, self._cursors.get(name))
            except Exception:
                logger.info("cannot follow the log of %s", name, exc_info=True)
                continue
            if lines:
                self._hub.publish(LogLines(name, lines))
            if moving:
                self._cursors[name] = cursor
            else:
                self._cursors.pop(name, None)  # it stopped: its last lines are out
            # (an agent that starts again is read from the start of its new task)


def _summary(agent: AgentState) -> tuple[Any, ...]:
    return (agent.status, agent.attention, agent.last_task, agent.updated_at)
