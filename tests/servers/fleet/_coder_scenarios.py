"""Scenarios run through the real Coder client code, recorded as vcrpy cassettes in Coder's wire
format (``record_coder_cassettes.py``) and replayed by ``test_coder_cassettes.py``.

Secrets never reach a cassette: the ``Coder-Session-Token`` and ``Authorization`` headers and
cookies are filtered out when recording.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import vcr

from servers.fleet.backend import AgentState
from servers.fleet.coder.backend import CoderBackend, CoderSettings
from servers.fleet.coder.client import CoderClient
from servers.fleet.errors import FleetError
from tests._wait import eventually

CASSETTES = Path(__file__).with_name("cassettes")
SCENARIO_FILE = CASSETTES / "scenario.json"
SECRET_HEADERS = ["coder-session-token", "authorization", "cookie", "set-cookie"]
MATCH_ON = ["method", "scheme", "host", "path", "query", "body"]  # not the port


@dataclass(frozen=True)
class Scenario:
    base_url: str
    project: str = "Setup"
    role: str = "coder"
    agent: str = "fleet-cassette"
    task: str = "Write a haiku about git worktrees"
    next_task: str = "Now one about merge conflicts"

    def save(self) -> None:
        SCENARIO_FILE.write_text(json.dumps(asdict(self), indent=2) + "\n")

    @classmethod
    def load(cls) -> Scenario:
        return cls(**json.loads(SCENARIO_FILE.read_text()))


def _drop_cookies(response: dict[str, Any]) -> dict[str, Any]:
    headers = response.get("headers") or {}
    for name in list(headers):
        if name.lower() in SECRET_HEADERS:
            del headers[name]
    return response


def recorder(record_mode: str) -> vcr.VCR:
    return vcr.VCR(
        cassette_library_dir=str(CASSETTES),
        record_mode=record_mode,
        filter_headers=SECRET_HEADERS,
        before_record_response=_drop_cookies,
        match_on=MATCH_ON,
        decode_compressed_response=True,
    )


def backend(base_url: str, token: str) -> tuple[CoderClient, CoderBackend]:
    client = CoderClient(base_url, token, timeout=30)
    return client, CoderBackend(client, CoderSettings(build_timeout=600))


async def _until(backend: CoderBackend, name: str, statuses: set[str], delay: float) -> AgentState:
    """Look at the agent until its status is one of ``statuses`` (10 minutes at most)."""

    async def reached() -> AgentState | None:
        state = await backend.get_agent(name)
        return state if state.status in statuses else None

    what = f"{name} to be {' or '.join(sorted(statuses))}"
    return await eventually(reached, timeout=600, interval=max(delay, 0.01), what=what)


async def discovery(scenario: Scenario, token: str) -> dict[str, Any]:
    client, coder = backend(scenario.base_url, token)
    try:
        projects = await coder.list_projects()
        project, roles, default = await coder.list_roles(scenario.project)
        agents = await coder.list_agents()
    finally:
        await client.aclose()
    return {
        "projects": projects,
        "project": project,
        "roles": roles,
        "default": default,
        "agents": agents,
    }


async def lifecycle(scenario: Scenario, token: str, *, delay: float) -> dict[str, Any]:
    """Create an agent, wait for its task, read it, cancel it, send another, delete it."""
    client, coder = backend(scenario.base_url, token)
    try:
        created = await coder.create_agent(
            scenario.agent, scenario.project, scenario.role, scenario.task
        )
        busy = await _until(coder, scenario.agent, {"busy", "idle", "failed"}, delay)
        cancelled = await coder.cancel_task(scenario.agent) if busy.status == "busy" else False
        idle = await _until(coder, scenario.agent, {"idle", "failed"}, delay)
        await coder.start_task(scenario.agent, scenario.next_task)
        history = (await coder.task_history(scenario.agent)).items
        logs = (await coder.logs(scenario.agent)).items
        deleted = await coder.delete_agent(scenario.agent)
    finally:
        await client.aclose()
    return {
        "created": created,
        "busy": busy,
        "cancelled": cancelled,
        "idle": idle,
        "history": history,
        "logs": logs,
        "deleted": deleted,
    }


async def refusals(scenario: Scenario, token: str) -> dict[str, FleetError]:
    """A refused token (401), an unknown workspace (404), a taken name (409)."""
    errors: dict[str, FleetError] = {}
    bad_client, bad = backend(scenario.base_url, "not-a-valid-token")
    client, coder = backend(scenario.base_url, token)
    try:
        try:
            await bad.list_agents()
        except FleetError as exc:
            errors["401"] = exc
        try:
            await client.get_workspace("00000000-0000-4000-8000-000000000000")
        except FleetError as exc:
            errors["404"] = exc
        created = await coder.create_agent(
            scenario.agent + "-dup", scenario.project, scenario.role, scenario.task
        )
        template = next(p for p in await coder.list_projects() if p.name == scenario.project)
        try:
            await client.create_workspace(
                await client.first_organization(),
                name=created.name,
                template_id=template.id,
                preset_id=None,
                parameters={},
            )
        except FleetError as exc:
            errors["409"] = exc
        await coder.delete_agent(created.name)
    finally:
        await bad_client.aclose()
        await client.aclose()
    return errors
