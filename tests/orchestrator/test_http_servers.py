"""Servers reached over streamable HTTP (the path for shared, remote servers): discovered,
called and listed like stdio ones, beside a stdio server; an unreachable URL is reported and
the rest goes on."""

import http.server
import json
import socket
import threading
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path

import anyio
import pytest

from orchestrator.config import load_config
from orchestrator.core import Orchestrator
from orchestrator.discovery import Discovery
from orchestrator.testing import server_entry
from tests._http_server import http_server

pytestmark = pytest.mark.processes


async def test_a_streamable_http_server_beside_a_stdio_one_and_an_unreachable_one(
    write_config: Callable[..., Path], tmp_path: Path, notes_file: Path
) -> None:
    database_url = f"sqlite:///{tmp_path / 'shared-todo.db'}"
    with socket.socket() as reserved:  # bound, never listening: refused, and no one else's
        reserved.bind(("127.0.0.1", 0))
        dead = f"http://127.0.0.1:{reserved.getsockname()[1]}/mcp"
        await _three_servers(write_config, database_url, dead, notes_file)
    # The todo went to the HTTP server's own store, not to a local one.
    async with http_server("servers.todo", database_url) as url:
        path = write_config({"todo": {"transport": "streamable_http", "url": url}})
        with anyio.fail_after(30):
            async with Orchestrator(load_config(path), provider="offline") as orch:
                again = await orch.session().ask("list my todos")
                assert "buy eggs" in again.text


async def _three_servers(
    write_config: Callable[..., Path], database_url: str, dead: str, notes_file: Path
) -> None:
    async with http_server("servers.todo", database_url) as url:
        path = write_config(
            {
                "todo": {"transport": "streamable_http", "url": url},
                "notes": server_entry("notes", env={"NOTES_FILE": str(notes_file)}),
                "gone": {"transport": "streamable_http", "url": dead},
            },
            {"startup_timeout_seconds": 20},
        )
        with anyio.fail_after(30):
            async with Orchestrator(load_config(path), provider="offline") as orch:
                reports = orch.discovery.reports  # type: ignore[union-attr]
                assert reports["todo"].state == "up" and reports["notes"].state == "up"
                assert reports["gone"].state == "down"
                assert reports["gone"].reason.startswith(f"cannot reach {dead}")  # type: ignore[union-attr]
                session = orch.session()
                created = await session.ask("remind me to buy eggs tomorrow at 3pm")
                assert [c.tool for c in created.tool_calls] == ["create_todo"]
                assert created.tool_calls[0].status == "ok"
                listed = await session.ask("what's on my todo list for tomorrow?")
                assert "buy eggs" in listed.text
                assert created.degraded and "gone" in listed.text + created.text


async def test_a_load_balancers_error_status_is_in_the_reason(
    write_config: Callable[..., Path],
) -> None:
    """A load balancer with no backend answers 502 in plain text: the SDK says only "Server
    returned an error response"; the reason names the status, as a 401's does (trial 7)."""

    class NoBackend(http.server.BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = b"no backend: All connection attempts failed"
            self.send_response(502)
            self.send_header("Content-Type", "text/plain")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    balancer = http.server.ThreadingHTTPServer(("127.0.0.1", 0), NoBackend)
    threading.Thread(target=balancer.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{balancer.server_address[1]}/mcp"
    try:
        path = write_config({"tasks": {"transport": "streamable_http", "url": url}})
        with anyio.fail_after(30):
            async with Discovery(load_config(path)) as discovery:
                report = discovery.reports["tasks"]
    finally:
        balancer.shutdown()
        balancer.server_close()
    assert report.state == "down"
    assert report.reason == (
        f"cannot reach {url}: Server returned an error response (HTTP 502 Bad Gateway)"
    )


async def test_a_gateways_5xx_on_a_call_is_an_unknown_outcome_for_a_write_and_a_retry_for_a_read(
    write_config: Callable[..., Path], tmp_path: Path
) -> None:
    """A load balancer that forwarded a call, then answered 502 of its own (a backend reset
    after the write): the write happened, and "That did not work" would have the user write it
    again. Now a write is said to be of unknown outcome and not sent again; a read is sent again
    once and answered."""
    database_url = f"sqlite:///{tmp_path / 'todo.db'}"
    failed: list[str] = []

    async with http_server("servers.todo", database_url) as backend:

        class ResetAfterForwarding(http.server.BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["Content-Length"]))
                headers = {k: v for k, v in self.headers.items() if k.lower() != "host"}
                request = urllib.request.Request(backend, data=body, headers=headers)
                try:
                    with urllib.request.urlopen(request, timeout=20) as answer:
                        status, data = answer.status, answer.read()
                        content_type = answer.headers["Content-Type"]
                except urllib.error.HTTPError as refused:
                    status, data = refused.code, refused.read()
                    content_type = refused.headers["Content-Type"]
                tool = (json.loads(body).get("params") or {}).get("name")
                if tool is not None and tool not in failed:  # each tool's first call
                    failed.append(tool)
                    status, data, content_type = 502, b"upstream reset", "text/plain"
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args: object) -> None:
                pass

        balancer = http.server.ThreadingHTTPServer(("127.0.0.1", 0), ResetAfterForwarding)
        threading.Thread(target=balancer.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{balancer.server_address[1]}/mcp"
        try:
            path = write_config({"todo": {"transport": "streamable_http", "url": url}})
            with anyio.fail_after(60):
                async with Orchestrator(load_config(path), provider="offline", yes=True) as orch:
                    session = orch.session()
                    created = await session.ask("remind me to buy eggs tomorrow at 3pm")
                    listed = await session.ask("list my todos")
        finally:
            balancer.shutdown()
            balancer.server_close()
    (call,) = created.tool_calls
    assert (call.tool, call.status) == ("create_todo", "error")
    assert "may or may not have been done, so it was not sent again" in created.text
    assert "HTTP 502 Bad Gateway" in created.text
    assert failed == ["create_todo", "list_todos"]
    assert [c.status for c in listed.tool_calls] == ["ok"]
    assert listed.text.count("buy eggs") == 1  # written once, by the one call sent
