"""The red team's scenarios against every bundled server, replayed: each is bounded (every wait
under ``anyio.fail_after`` or a subprocess timeout), on loopback only, and takes seconds.

- stdio: a line the server cannot read (a lone surrogate, nesting 200 deep, JSON that is not
  JSON-RPC) gets its JSON-RPC error with the request's id, at once, and the server goes on.
- HTTP: a foreign ``Host`` or ``Origin`` (DNS rebinding on the default loopback setup, no token)
  is refused on every route: ``/mcp``, ``/health``, the fleet's ``/metadata`` (whose Taskfile
  tasks must not run for it).
- A database folder that cannot be made is a one-line start-up error (exit 2), no traceback.
- Errors never repeat a caller's long value whole (cut after 80 characters).
- ``100.0`` is an integer; ``due_date_filter: 9999-12-31`` is a day like any other.
- A task too long for one command-line argument is refused as bad input, not an internal error.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import anyio
import httpx2
import mcp_types as types
import pytest

from tests._http_server import REPO, http_process
from tests.servers.bundled import BUNDLED, FLEET, TASKS, TODO, BundledServer
from tests.servers.fuzzing import session

pytestmark = pytest.mark.processes

IDS = [s.name for s in BUNDLED]


# --- stdio ---------------------------------------------------------------------------------


def _unreadable_lines(tool: str) -> list[tuple[bytes, Any, int]]:
    """(line, the id its reply must carry, the error code)."""
    call = '{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"%s","arguments":%s}}'
    deep = "[" * 200 + "]" * 200
    return [
        ((call % (11, tool, '{"x":"\\ud800"}')).encode(), 11, types.INVALID_PARAMS),
        ((call % (12, tool, '{"x":' + deep + "}")).encode(), 12, types.INVALID_PARAMS),
        (b'{"jsonrpc":"2.0","id":"thirteen","method":7}', "thirteen", types.INVALID_REQUEST),
        (b'{"jsonrpc":"2.0","id":14,"method":"ping","params":{"\\udfffkey":1}}', 14,
         types.INVALID_PARAMS),
        (b"not json at all", None, types.PARSE_ERROR),
    ]  # fmt: skip


class _Lines:
    """JSON-RPC over a process's stdin and stdout, one message a line."""

    def __init__(self, process: anyio.abc.Process) -> None:
        assert process.stdin is not None and process.stdout is not None
        self.stdin, self.stdout = process.stdin, process.stdout
        self.buffer = b""

    async def send(self, line: bytes) -> None:
        await self.stdin.send(line + b"\n")

    async def receive(self) -> dict[str, Any]:
        while b"\n" not in self.buffer:
            self.buffer += await self.stdout.receive()
        line, self.buffer = self.buffer.split(b"\n", 1)
        return dict(json.loads(line))


@pytest.mark.parametrize("server", BUNDLED, ids=IDS)
async def test_stdio_answers_every_unreadable_line_with_its_id_and_keeps_serving(
    server: BundledServer, tmp_path: Path
) -> None:
    process = await anyio.open_process(
        [sys.executable, "-m", server.module, *server.server_args(tmp_path)], cwd=REPO
    )
    lines = _Lines(process)
    initialize = {
        "jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": types.LATEST_PROTOCOL_VERSION, "capabilities": {},
                   "clientInfo": {"name": "red-team", "version": "1"}},
    }  # fmt: skip
    try:
        with anyio.fail_after(60):
            await lines.send(json.dumps(initialize).encode())
            assert "result" in await lines.receive()
            await lines.send(b'{"jsonrpc":"2.0","method":"notifications/initialized"}')
            for line, request_id, code in _unreadable_lines(server.tools[0]):
                await lines.send(line)
                reply = await lines.receive()
                assert (reply.get("id"), reply["error"]["code"]) == (request_id, code), reply
            await lines.send(b'{"jsonrpc":"2.0","id":99,"method":"ping"}')
            assert await lines.receive() == {"jsonrpc": "2.0", "id": 99, "result": {}}
    finally:
        await process.stdin.aclose()  # type: ignore[union-attr]
        with anyio.fail_after(20):
            await process.wait()
        await process.aclose()
    assert reply["error"]["message"] == "Parse error: the line is not valid JSON text"


# --- HTTP: Host and Origin on every route --------------------------------------------------

FOREIGN = ({"Host": "evil.example"}, {"Origin": "http://evil.example"})


@pytest.mark.parametrize("server", BUNDLED, ids=IDS)
async def test_every_route_refuses_a_foreign_host_or_origin_on_loopback_without_a_token(
    server: BundledServer, tmp_path: Path
) -> None:
    async with http_process(
        server.module, *server.server_args(tmp_path), env={"XDG_DATA_HOME": str(tmp_path)}
    ) as served:
        base = served.url.removesuffix("/mcp")
        ping = {"jsonrpc": "2.0", "id": 1, "method": "ping"}
        accept = {"Accept": "application/json, text/event-stream"}
        async with httpx2.AsyncClient(timeout=20) as http:
            health = await http.get(f"{base}/health")
            refused = [
                (await http.get(f"{base}/health", headers=h)).status_code for h in FOREIGN
            ] + [
                (await http.post(served.url, json=ping, headers={**accept, **h})).status_code
                for h in FOREIGN
            ]
    assert health.status_code == 200
    assert refused == [421, 403, 421, 403]


async def test_the_fleets_metadata_runs_no_task_for_a_rebound_page(tmp_path: Path) -> None:
    """``GET /metadata`` runs the Taskfile's tasks: a page on evil.example, its name rebound to
    127.0.0.1, must not make it run them."""
    workspace = tmp_path / "workspace"
    workspace.mkdir()
    ran = tmp_path / "ran"
    (workspace / "Taskfile.yml").write_text(
        "version: '3'\ntasks:\n  probe:\n    desc: Runs\n    meta: {include_in_list: true}\n"
        f"    cmds: ['echo run >> {ran}', 'echo 1']\n"
    )
    async with http_process(
        FLEET.module,
        *FLEET.server_args(tmp_path),
        "--workspace",
        str(workspace),
        env={"XDG_DATA_HOME": str(tmp_path)},
    ) as served:
        base = served.url.removesuffix("/mcp")
        async with httpx2.AsyncClient(timeout=30) as http:
            foreign = [(await http.get(f"{base}/metadata", headers=h)).status_code for h in FOREIGN]
            nothing_ran = not ran.exists()
            own = await http.get(f"{base}/metadata")
    assert foreign == [421, 403] and nothing_ran
    assert own.status_code == 200 and own.json()["metadata"]["probe"]["value"] == 1
    assert ran.read_text() == "run\n"  # the allowed request did run it, once


# --- start-up ------------------------------------------------------------------------------


@pytest.mark.parametrize("server", BUNDLED, ids=IDS)
def test_a_database_folder_that_cannot_be_made_is_a_clear_start_up_error(
    server: BundledServer, tmp_path: Path
) -> None:
    """Over HTTP the backend opens before the port is bound: exit 2 with one line."""
    url = "sqlite:////proc/nope/x.db"
    args = [*server.server_args(tmp_path), "--database-url", url]  # the last one counts
    result = subprocess.run(
        [sys.executable, "-m", server.module, *args, "--transport", "streamable-http",
         "--port", "0"],
        capture_output=True, text=True, timeout=60, cwd=REPO, stdin=subprocess.DEVNULL,
        env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path)},
    )  # fmt: skip
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    assert result.stderr.strip().endswith(
        f"cannot open storage at {url}: cannot create the database's folder /proc/nope: No such "
        "file or directory; give a --database-url in a folder this user can write to"
    )


# --- what calls get back -------------------------------------------------------------------


def _with_long_strings(arguments: dict[str, Any], value: str) -> dict[str, Any]:
    return {k: value if isinstance(v, str) else v for k, v in arguments.items()}


@pytest.mark.parametrize("server", BUNDLED, ids=IDS)
def test_no_error_repeats_a_long_value_whole(server: BundledServer, tmp_path: Path) -> None:
    """Every tool, every string argument 100,000 characters long (the way the red team sent a
    1 MB project name): any error may quote the value's start, never all of it."""
    long = "Q" * 100_000
    with session(server, tmp_path) as live:
        for call in (*server.valid, *server.invalid):
            arguments = _with_long_strings(call.arguments, long)
            is_error, _, text = live.call(call.tool, arguments)
            if is_error:
                assert "Q" * 81 not in text, (call.tool, text[:300])
                assert len(text) < 8_000, (call.tool, len(text))
        unknown = live.call(long, {long: long})
    assert unknown[0] and "Q" * 81 not in unknown[2]


@pytest.mark.parametrize(
    ("server", "tool", "arguments"),
    [
        (TODO, "list_todos", {"limit": 100.0, "status": "all"}),
        (TASKS, "list_tasks", {"limit": 10.0}),
        (FLEET, "show_agent_log", {"agent_name": "ghost", "page_size": 5.0}),
    ],
    ids=["todo", "tasks", "fleet"],
)
def test_a_number_with_a_zero_fraction_is_an_integer(
    server: BundledServer, tool: str, arguments: dict[str, Any], tmp_path: Path
) -> None:
    with session(server, tmp_path) as live:
        is_error, body, text = live.call(tool, arguments)
        halves = live.call(
            tool, {k: 1.5 if isinstance(v, float) else v for k, v in arguments.items()}
        )
    assert "must be an integer" not in text
    assert not is_error or server.errors.kind(body) not in server.errors.invalid_arguments, text
    assert halves[0] and "must be an integer" in halves[2]


def test_the_last_day_of_the_calendar_is_a_due_date_filter_like_any_other(tmp_path: Path) -> None:
    with session(TODO, tmp_path) as live:
        made = live.call("create_todo", {"title": "end", "due_date": "9999-12-31T12:00:00"})
        listed = live.call("list_todos", {"due_date_filter": "9999-12-31"})
        first = live.call("list_todos", {"due_date_filter": "0001-01-01"})
    assert not made[0] and not listed[0] and not first[0], (made, listed, first)
    assert [t["title"] for t in listed[1]["todos"]] == ["end"] and first[1]["todos"] == []


TOO_LONG = "y" * (129 * 1024)  # past Linux's 128 KiB for one command-line argument


def test_a_prompt_too_long_for_a_cli_argument_is_bad_input(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.servers.agents.fake_clis import success_output, write_fake
    from tests.servers.bundled import AGENTS

    (tmp_path / "bin").mkdir()
    fake = write_fake(tmp_path / "bin", "claude", stdout=success_output("claude-code"))
    monkeypatch.setenv("PATH", f"{fake.path.parent}:{os.environ['PATH']}")
    with session(AGENTS, tmp_path) as live:
        is_error, body, text = live.call(
            "execute_agent_request", {"agent_name": "claude-code", "prompt": TOO_LONG}
        )
    assert is_error and body["code"] == "invalid_arguments", text[:300]
    assert "one command-line argument, which takes at most 120000" in body["error"]


def test_a_fleet_task_too_long_for_a_cli_argument_is_bad_input(tmp_path: Path) -> None:
    with session(FLEET, tmp_path) as live:
        is_error, body, text = live.call(
            "create_agent", {"name": "big", "project": "Setup", "task": TOO_LONG}
        )
        listed = live.call("list_agents", {})
    assert is_error and body["error"]["code"] == "INVALID_INPUT", text[:300]
    message = body["error"]["message"]
    assert message.startswith("Invalid arguments for create_agent: task: takes 132096 bytes")
    assert "one command-line argument, which takes at most 120000" in message
    assert listed[1]["agents"] == [] and listed[1]["total_count"] == 0  # nothing half made
