"""Over stdio the fleet's backend opens in the background: a resource request made meanwhile (as
`orchestrator resources` makes right after the handshake) waits for it instead of failing with
"the fleet is starting", and is told why when the backend cannot open. Through a real MCP client
session on the server in process, its backend held back until the test lets it open."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import Any

import anyio
import pytest
from mcp import Client
from mcp.shared.exceptions import MCPError

import servers.fleet.tools as fleet_tools
from servers.fleet.config import FleetSettings


def held_back(monkeypatch: pytest.MonkeyPatch, gate: anyio.Event, fail: bool = False) -> None:
    """The fleet's backend opens only once `gate` is set (and then fails, with `fail`)."""
    real = fleet_tools.open_backend

    @contextlib.asynccontextmanager
    async def opening(settings: FleetSettings) -> AsyncIterator[Any]:
        await gate.wait()
        if fail:
            raise RuntimeError("the database is read-only")
        async with real(settings) as backend:
            yield backend

    monkeypatch.setattr(fleet_tools, "open_backend", opening)


async def test_resources_asked_while_the_backend_opens_wait_for_it(
    settings: FleetSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    gate = anyio.Event()
    held_back(monkeypatch, gate)
    server = fleet_tools.create_server(settings, background=True)
    with anyio.fail_after(30):
        async with Client(server) as client:  # the handshake does not wait for the backend
            listed: list[Any] = []

            async def list_them() -> None:
                listed.append(await client.list_resources())

            async with anyio.create_task_group() as tg:
                tg.start_soon(list_them)
                await anyio.wait_all_tasks_blocked()
                assert listed == []  # still waiting, not failed
                gate.set()
            assert listed[0].resources == []  # no agents yet: an empty list, not an error


async def test_a_backend_that_cannot_open_is_named_to_a_resource_request(
    settings: FleetSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    gate = anyio.Event()
    gate.set()
    held_back(monkeypatch, gate, fail=True)
    server = fleet_tools.create_server(settings, background=True)
    with anyio.fail_after(30):
        async with Client(server) as client:
            with pytest.raises(
                MCPError, match="could not open its storage: the database is read-only"
            ):
                await client.list_resources()
