"""An agent that finished, failed or waits for input needs its user: flagged with the reason,
told to connected clients (``notifications/message``), and its resource updated for those who
subscribed (``resources/subscribe`` on the handshake protocol, ``subscriptions/listen`` on
2026-07-28). Through real MCP client sessions, on both protocols."""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any

import anyio
import httpx2
import mcp_types as types
import pytest
from mcp import Client
from mcp.server import Server
from mcp.shared.exceptions import MCPDeprecationWarning
from mcp.shared.subscriptions import ResourceUpdated

from servers.fleet.config import FleetSettings
from tests._http_server import http_process
from tests.servers.fleet.conftest import call, call_error, stdio_params, wait_log, wait_status

pytestmark = pytest.mark.processes


class Heard:
    """What a client was told, and a wait for the next of a kind."""

    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []
        self.updated: list[str] = []
        self._changed = anyio.Event()

    async def __call__(self, message: Any) -> None:
        if isinstance(message, types.LoggingMessageNotification):
            self.messages.append({"level": message.params.level, **message.params.data})
        elif isinstance(message, types.ResourceUpdatedNotification):
            self.updated.append(message.params.uri)
        self._changed.set()
        self._changed = anyio.Event()

    async def until(self, found: Any, timeout: float = 20) -> Any:
        with anyio.fail_after(timeout):
            while not (value := found()):
                await self._changed.wait()
        return value


async def test_attention_is_raised_with_its_reason_and_told_to_connected_clients(
    server: Server[Any],
) -> None:
    heard = Heard()
    async with Client(server, mode="legacy", message_handler=heard) as c:
        await call(c, "create_agent", {"name": "done", "project": "Setup", "task": "lines=1"})
        finished = await heard.until(lambda: [m for m in heard.messages if m["agent"] == "done"])
        shown = await call(c, "show_agent", {"agent_name": "done"})
        listed = await call(c, "list_agents", {})
        history = await call(c, "show_agent_task_history", {"agent_name": "done"})
        await call(c, "start_agent_task", {"agent_name": "done", "task_description": "lines=0 ask"})
        waiting = await heard.until(
            lambda: [m for m in heard.messages if m["reason"].startswith("waiting")]
        )
        busy = await call(c, "show_agent", {"agent_name": "done"})
        await call(c, "cancel_agent_task", {"agent_name": "done"})
        cancelled = await wait_status(c, "done", "idle")
        await call(c, "start_agent_task", {"agent_name": "done", "task_description": "fail"})
        failed = await heard.until(lambda: [m for m in heard.messages if m["level"] == "warning"])
    assert finished == [
        {
            "level": "notice",
            "event": "attention",
            "agent": "done",
            "status": "idle",
            "reason": "finished: exited with status 0",
            "message": "Agent 'done' finished: exited with status 0",
        }
    ]
    agent = shown["agent"]
    assert (agent["needs_user_attention"], agent["attention_reason"]) == (
        True,
        "finished: exited with status 0",
    )
    assert listed["agents"][0]["needs_user_attention"] is True
    assert history["tasks"][0]["needs_user_attention"] is True
    assert waiting[0]["reason"] == "waiting for input: Apply these changes? [y/N]"
    assert waiting[0]["status"] == "busy" and busy["agent"]["status"] == "busy"
    assert busy["agent"]["attention_reason"] == waiting[0]["reason"]
    # A task the user cancelled needs nobody.
    assert (cancelled["needs_user_attention"], cancelled["attention_reason"]) == (False, None)
    assert failed[0]["reason"] == "failed: exited with status 3" and failed[0]["status"] == "failed"


async def test_each_agent_is_a_resource_that_subscribers_hear_change(server: Server[Any]) -> None:
    heard = Heard()
    async with Client(server, mode="legacy", message_handler=heard) as c:
        await call(c, "create_agent", {"name": "r", "project": "Setup", "task": "lines=0 block"})
        await wait_log(c, "r", "waiting")
        listed = await c.list_resources()
        templates = await c.list_resource_templates()
        with warnings.catch_warnings():  # the SDK says it is gone from 2026-07-28: not here
            warnings.simplefilter("ignore", MCPDeprecationWarning)
            await c.session.subscribe_resource("fleet://agents/r")
            await c.session.subscribe_resource("fleet://agents/r/log")
        await call(c, "cancel_agent_task", {"agent_name": "r"})
        await heard.until(lambda: "fleet://agents/r" in heard.updated)
        await heard.until(lambda: "fleet://agents/r/log" in heard.updated)
        agent = await c.read_resource("fleet://agents/r")
        log = await c.read_resource("fleet://agents/r/log")
        unknown = await call_error_resource(c, "fleet://agents/nobody")
        bad = await call_error_resource(c, "https://example.com/x")
    assert [r.uri for r in listed.resources] == ["fleet://agents/r", "fleet://agents/r/log"]
    assert [t.uri_template for t in templates.resource_templates] == [
        "fleet://agents/{name}",
        "fleet://agents/{name}/log",
    ]
    body = json.loads(agent.contents[0].text)  # type: ignore[union-attr]
    assert (body["name"], body["status"], body["queue_position"]) == ("r", "idle", None)
    text = log.contents[0].text  # type: ignore[union-attr]
    assert text.splitlines()[-1].endswith("ERROR exited with status 130")
    assert "INFO waiting" in text
    assert unknown == "Agent 'nobody' not found"
    assert bad.startswith("Unknown resource 'https://example.com/x'")


async def call_error_resource(c: Client, uri: str) -> str:
    from mcp.shared.exceptions import MCPError

    try:
        await c.read_resource(uri)
    except MCPError as exc:
        return exc.error.message
    raise AssertionError(f"{uri} was read")


async def test_a_2026_client_listens_for_its_agents_changes(server: Server[Any]) -> None:
    async with Client(server) as c:  # in process: the 2026-07-28 protocol
        await call(c, "create_agent", {"name": "m", "project": "Setup", "task": "lines=0 block"})
        await wait_log(c, "m", "waiting")
        got: list[str] = []
        async with c.listen(resource_subscriptions=["fleet://agents/m"]) as events:
            await call(c, "cancel_agent_task", {"agent_name": "m"})
            with anyio.fail_after(20):
                async for event in events:
                    if isinstance(event, ResourceUpdated):
                        got.append(event.uri)
                        break
    assert got == ["fleet://agents/m"]


async def test_an_agent_whose_maker_died_is_failed_with_the_reason_and_can_be_remade(
    server: Server[Any], settings: FleetSettings
) -> None:
    """A fleet server killed during create_agent leaves the agent failed, not starting."""
    import subprocess
    import sys

    from servers.fleet.local._store import open_store

    async with Client(server) as c:
        await call(c, "create_agent", {"name": "half", "project": "Setup", "task": "lines=0"})
        await wait_status(c, "half", "idle")
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    from servers.fleet._supervisor import process_start

    store = open_store(settings.database_url)
    try:
        (row, _) = store.agent("half")  # type: ignore[misc]
        store.set_agent(row.id, row.updated_at, phase="creating", owner=f"{dead.pid}:gone")
    finally:
        store.close()
    assert process_start(dead.pid) is None
    async with Client(server) as c:
        failed = await call(c, "show_agent", {"agent_name": "half"})
        refused = await call_error(
            c, "start_agent_task", {"agent_name": "half", "task_description": "x"}, "INVALID_INPUT"
        )
        remade = await call(c, "restart_agent", {"agent_name": "half"})
        again = await call(c, "start_agent_task", {"agent_name": "half", "task_description": "x"})
    agent = failed["agent"]
    assert agent["status"] == "failed"
    assert agent["attention_reason"] == (
        f"failed: the fleet server creating it (pid {dead.pid}) stopped half-way; delete it, "
        "or restart it to finish it"
    )
    assert refused["message"] == "Agent 'half' is failed and cannot take a task"
    assert remade["message"] == (  # its creation's task never began: said, not dropped
        "Agent 'half' restart initiated; its workspace was made again; the task it was created "
        "with was never started: start it with start_agent_task"
    )
    assert remade["status"] == "idle" and again["queued"] is False


async def test_subscriptions_are_offered_where_a_connection_lasts(
    tmp_path: Path, fleet_file: Path, sqlite_url: str
) -> None:
    """Over stdio a handshake-era client may subscribe; over stateless HTTP no connection
    outlives a request, so the capability does not say it may (it said so, then refused)."""
    initialize = {
        "jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": "2025-11-25", "capabilities": {},
                   "clientInfo": {"name": "t", "version": "1"}},
    }  # fmt: skip
    headers = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
    env = {"FLEET_STATE_DIR": str(tmp_path / "home"), "XDG_DATA_HOME": str(tmp_path)}
    args = ["--fleet-config", str(fleet_file), "--database-url", sqlite_url]
    async with (
        http_process("servers.fleet", *args, env=env) as server,
        httpx2.AsyncClient(timeout=30) as http,
    ):
        reply = await http.post(server.url, json=initialize, headers=headers)
        refused = await http.post(
            server.url,
            json={"jsonrpc": "2.0", "id": 2, "method": "resources/subscribe",
                  "params": {"uri": "fleet://agents/alpha"}},
            headers={**headers, "MCP-Protocol-Version": "2025-11-25"},
        )  # fmt: skip
    over_http = _message(reply)["result"]["capabilities"]["resources"]
    with anyio.fail_after(60):
        async with Client(stdio_params(tmp_path, fleet_file, sqlite_url)) as client:
            over_stdio = client.server_capabilities.resources
    assert over_http.get("subscribe") is not True
    assert _message(refused)["error"]["code"] == -32601  # method not found, as advertised
    assert over_stdio is not None and over_stdio.subscribe is True


def _message(response: httpx2.Response) -> dict[str, Any]:
    if response.headers["content-type"].startswith("text/event-stream"):
        data = [line[5:] for line in response.text.splitlines() if line.startswith("data:")]
        return dict(json.loads(data[-1]))
    return dict(response.json())
