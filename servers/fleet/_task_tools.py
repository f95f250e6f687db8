"""The fleet's tools that run as tasks (:mod:`servers._common.tasks`): ``create_agent`` and
``start_agent_task``. Their call only starts the agent's run (it goes on under its supervisor),
so a task follows the run: it is ``working`` until the agent is no longer starting, queued, busy
or stopping, and says the agent's status meanwhile; cancelling it cancels the run, as
``cancel_agent_task`` does (from any fleet process on the same database)."""

from __future__ import annotations

from typing import Any

import anyio

from servers._common.progress import report_progress
from servers._common.tasks import TaskSupport, TaskTool
from servers.fleet.service import FleetService

__all__ = ["FOLLOW_INTERVAL_SECONDS", "fleet_tasks"]

FOLLOW_INTERVAL_SECONDS = 0.5
RUNNING = frozenset({"starting", "queued", "busy", "stopping"})


def _name(arguments: dict[str, Any]) -> str:
    return str(arguments.get("agent_name") or arguments.get("name") or "")


async def follow(service: FleetService, arguments: dict[str, Any], output: dict[str, Any]) -> None:
    """Return once the agent's run has ended (its status is no longer a running one)."""
    name, said = _name(arguments), ""
    while True:
        agent = await service.backend.get_agent(name)
        if agent.status not in RUNNING:
            return
        if agent.status != said:
            said = agent.status
            await report_progress(0, None, f"agent '{agent.name}' is {agent.status}")
        await anyio.sleep(FOLLOW_INTERVAL_SECONDS)


async def stop(service: FleetService, arguments: dict[str, Any]) -> None:
    """Cancel the agent's run (what cancel_agent_task does)."""
    await service.backend.cancel_task(_name(arguments))


def fleet_tasks(database_url: str) -> TaskSupport:
    """The fleet's task support, its records in the fleet's database."""
    return TaskSupport(
        database_url,
        [TaskTool(name, follow=follow, stop=stop) for name in ("create_agent", "start_agent_task")],
    )
