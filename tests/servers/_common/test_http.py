"""Streamable HTTP that can be exposed: a bearer token beyond loopback (a clear 401 without it),
Host/Origin checks on an explicit allowed-hosts list, and GET /health for load balancers."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import anyio
import httpx2
import pytest
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from sse_starlette.event import ServerSentEvent

from servers._common._http import frame_events_without_scans
from tests._http_server import REPO, http_process

pytestmark = pytest.mark.processes

PROBE = "tests.servers._common._probe_server"
TOKEN = "s3cret-token-0123456789abcdef"


@asynccontextmanager
async def _client(url: str, headers: dict[str, str]) -> AsyncIterator[Client]:
    """An MCP client that sends ``headers`` with every request."""
    async with (
        httpx2.AsyncClient(headers=headers) as http,
        Client(streamable_http_client(url, http_client=http)) as client,
    ):
        yield client


async def test_health_answers_without_a_token_and_without_data() -> None:
    async with http_process(PROBE, env={"MCP_SERVER_TOKEN": TOKEN}) as server:
        base = server.url.removesuffix("/mcp")
        async with httpx2.AsyncClient() as http:
            health = await http.get(f"{base}/health")
            head = await http.head(f"{base}/health")
    assert health.status_code == 200 and health.json() == {"status": "ok"}
    assert head.status_code == 200


async def test_a_token_is_required_once_set_and_compared_exactly() -> None:
    async with http_process(
        PROBE, "--log-level", "DEBUG", env={"MCP_SERVER_TOKEN": TOKEN}
    ) as server:
        async with httpx2.AsyncClient() as http:
            refusals = [
                await http.post(server.url, json={}, headers=headers)
                for headers in (
                    {},
                    {"Authorization": "Bearer wrong-token-0123456789abcdef"},
                    {"Authorization": f"Bearer {TOKEN}x"},
                    {"Authorization": f"Basic {TOKEN}"},
                )
            ]
        async with _client(server.url, {"Authorization": f"Bearer {TOKEN}"}) as client:
            result = await client.call_tool("greet", {"name": "Ann"})
    for response in refusals:
        assert response.status_code == 401
        assert response.headers["www-authenticate"] == 'Bearer realm="mcp"'
        assert response.json()["message"] == (
            "this MCP server needs a bearer token: send the header 'Authorization: Bearer <token>'"
        )
    assert not result.is_error
    assert TOKEN not in server.stderr


async def test_a_servers_own_routes_are_served_behind_the_same_token() -> None:
    async with http_process(PROBE, "--greeting", "Hi", env={"MCP_SERVER_TOKEN": TOKEN}) as server:
        base = server.url.removesuffix("/mcp")
        async with httpx2.AsyncClient() as http:
            refused = await http.get(f"{base}/motd")
            served = await http.get(f"{base}/motd", headers={"Authorization": f"Bearer {TOKEN}"})
    assert refused.status_code == 401
    assert served.status_code == 200 and served.json() == {"motd": "Hi"}


async def test_a_browser_signs_in_once_and_the_cookie_carries_the_token() -> None:
    """A page request without the token gets a sign-in form; the right token sets an HttpOnly,
    SameSite=Strict cookie that counts as the token after; a wrong one, a huge form or a way
    back to another site get nothing."""
    async with http_process(PROBE, "--greeting", "Hi", env={"MCP_SERVER_TOKEN": TOKEN}) as server:
        base = server.url.removesuffix("/mcp")
        async with httpx2.AsyncClient(base_url=base) as http:
            form = await http.get("/motd", headers={"Accept": "text/html,*/*"})
            wrong = await http.post("/login", data={"token": "x" * 20, "next": "/motd"})
            huge = await http.post("/login", content=b"token=" + b"x" * 10_000)
            away = await http.post("/login", data={"token": TOKEN, "next": "https://x.example"})
            signed = await http.post("/login", data={"token": TOKEN, "next": "/motd"})
            cookie = {"Cookie": f"mcp_server_token={signed.cookies['mcp_server_token']}"}
            served = await http.get("/motd", headers=cookie)
            forged = await http.get("/motd", headers={"Cookie": "mcp_server_token=" + "y" * 29})
    assert form.status_code == 401 and "<input type=hidden name=next value='/motd'>" in form.text
    assert wrong.status_code == 401 and TOKEN not in wrong.text
    assert huge.status_code == 413
    assert away.headers["location"] == "/"
    assert (signed.status_code, signed.headers["location"]) == (303, "/motd")
    attributes = signed.headers["set-cookie"].lower()
    assert "httponly" in attributes and "samesite=strict" in attributes
    assert served.status_code == 200 and served.json() == {"motd": "Hi"}
    assert forged.status_code == 401


@pytest.mark.parametrize("path", ["/motd", "/health", "/mcp"])
async def test_every_route_checks_host_and_origin_on_loopback_without_a_token(path: str) -> None:
    """DNS rebinding: a page on evil.example whose name now resolves to 127.0.0.1 reaches the
    server with ``Host: evil.example``; no route answers it, the server's own ones included."""
    async with http_process(PROBE, "--greeting", "Hi") as server:
        base = server.url.removesuffix("/mcp")
        port = base.rsplit(":", 1)[1]
        async with httpx2.AsyncClient() as http:
            foreign = await http.get(f"{base}{path}", headers={"Host": "evil.example"})
            rebound = await http.get(f"{base}{path}", headers={"Host": f"evil.example:{port}"})
            origin = await http.get(f"{base}{path}", headers={"Origin": "http://evil.example"})
            own = await http.get(f"{base}/motd", headers={"Origin": f"http://localhost:{port}"})
    assert (foreign.status_code, rebound.status_code, origin.status_code) == (421, 421, 403)
    assert "Hi" not in foreign.text + rebound.text + origin.text
    assert own.status_code == 200 and own.json() == {"motd": "Hi"}


async def test_an_exposed_server_checks_the_host_header_against_the_allowed_list(
    tmp_path: Path,
) -> None:
    token_file = tmp_path / "token"
    token_file.write_text(TOKEN + "\n")
    args = ("--host", "0.0.0.0", "--token-file", str(token_file), "--allowed-host", "mcp.test")
    async with http_process(PROBE, *args) as server:
        local = server.url.replace("0.0.0.0", "127.0.0.1")
        auth = {"Authorization": f"Bearer {TOKEN}"}
        async with _client(local, {**auth, "Host": "mcp.test"}) as client:
            allowed = await client.call_tool("greet", {"name": "Bo"})
        async with httpx2.AsyncClient() as http:
            foreign = await http.post(
                local,
                json={"jsonrpc": "2.0", "id": 1, "method": "ping"},
                headers={**auth, "Host": "evil.test", "Accept": "application/json"},
            )
            bad_origin = await http.post(
                local,
                json={"jsonrpc": "2.0", "id": 1, "method": "ping"},
                headers={**auth, "Host": "mcp.test", "Origin": "http://evil.test"},
            )
    assert not allowed.is_error
    assert foreign.status_code == 421
    assert bad_origin.status_code == 403


@pytest.mark.parametrize(
    ("args", "env", "message"),
    [
        (["--host", "0.0.0.0"], {},
         "probe: --host 0.0.0.0 exposes the server beyond this machine: it needs a bearer token "
         "(--token-file PATH, or $MCP_SERVER_TOKEN)"),
        (["--host", "0.0.0.0"], {"MCP_SERVER_TOKEN": TOKEN},
         "probe: --host 0.0.0.0 exposes the server beyond this machine: name the host names "
         "clients use with --allowed-host (repeatable), e.g. --allowed-host mcp.example.com"),
        ([], {"MCP_SERVER_TOKEN": "short"},
         "probe: $MCP_SERVER_TOKEN must hold one token of at least 16 characters, without "
         "spaces (e.g. the output of: openssl rand -hex 32)"),
        (["--token-file", "/no/such/file"], {},
         "probe: cannot read the token file /no/such/file: [Errno 2] No such file or directory: "
         "'/no/such/file'"),
    ],
)  # fmt: skip
def test_exposure_without_what_it_takes_refuses_to_start(
    args: list[str], env: dict[str, str], message: str
) -> None:
    result = subprocess.run(
        [sys.executable, "-m", PROBE, "--transport", "streamable-http", "--port", "0", *args],
        capture_output=True, text=True, timeout=30, cwd=REPO, stdin=subprocess.DEVNULL,
        env={"PATH": "/usr/bin:/bin", **env},
    )  # fmt: skip
    assert result.returncode == 2, result.stderr
    assert result.stderr.strip() == message


async def test_unreadable_stdio_lines_get_a_json_rpc_error_back() -> None:
    process = await anyio.open_process([sys.executable, "-m", PROBE], cwd=REPO)
    assert process.stdin is not None and process.stdout is not None
    lines = [
        b"this is not json\n",
        b'{"jsonrpc":"2.0","id":7,"method":"ping","params":{"x":"\\ud800"}}\n',
        b'{"no": "jsonrpc"}\n',
        b'{"jsonrpc":"2.0","id":8,"method":"ping"}\n',
    ]
    replies = []
    buffer = b""
    try:
        with anyio.fail_after(30):
            for line in lines:
                await process.stdin.send(line)
                while b"\n" not in buffer:
                    buffer += await process.stdout.receive()
                reply, buffer = buffer.split(b"\n", 1)
                replies.append(json.loads(reply))
    finally:
        await process.stdin.aclose()
        with anyio.fail_after(15):
            await process.wait()
        await process.aclose()
    assert [(r.get("id"), r.get("error", {}).get("code")) for r in replies] == [
        (None, -32700),
        (7, -32602),  # the id is read leniently; the value is refused (see test_reliability)
        (None, -32600),
        (8, None),
    ]
    assert replies[0]["error"]["message"] == "Parse error: the line is not valid JSON text"
    assert replies[3]["result"] == {}


async def test_unreadable_http_bodies_get_the_same_answers_as_stdio_lines() -> None:
    """The SDK's own 400s for these said pydantic's errors (model names, its version, the body
    echoed), -32602 for a body that is no JSON-RPC message, and lost the id of a lone surrogate's
    request: now each is the stdio line's answer. A good body still gets its result."""
    bodies = [
        b"this is not json",
        b'{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"greet",'
        b'"arguments":{"name":"a\\ud800b"}}}',
        b'{"id": 1, "method": "ping"}',
        b'[{"jsonrpc":"2.0","id":1,"method":"ping"}]',
        b"\xff\xfe",
        b'{"jsonrpc":"2.0","id":8,"method":"ping"}',
    ]
    headers = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
    async with http_process(PROBE) as server, httpx2.AsyncClient(timeout=30) as http:
        responses = [await http.post(server.url, content=body, headers=headers) for body in bodies]
    replies = [
        json.loads(next(ln[5:] for ln in r.text.splitlines() if ln.startswith("data:")))
        if r.headers["content-type"].startswith("text/event-stream")
        else r.json()
        for r in responses
    ]
    assert [(r.status_code, m.get("id"), m.get("error", {}).get("code")) for r, m in zip(
        responses, replies, strict=True
    )] == [
        (400, None, -32700),
        (400, 7, -32602),
        (400, 1, -32600),
        (400, None, -32600),
        (400, None, -32700),
        (200, 8, None),
    ]  # fmt: skip
    messages = [m.get("error", {}).get("message", "") for m in replies]
    assert messages[0] == "Parse error: the body is not valid JSON text"
    assert messages[1].startswith("Invalid params: params.arguments.name holds a lone surrogate")
    assert messages[2] == messages[3] == "Invalid Request: the body is not a JSON-RPC 2.0 message"
    assert messages[4] == "Parse error: the body is not UTF-8 text"
    assert not any("pydantic" in m or "validation error" in m.lower() for m in messages)
    assert replies[5]["result"] == {}


async def test_a_body_over_the_limit_gets_a_json_rpc_error_with_its_id_when_read() -> None:
    """Trial 6: the SDK's 413 was plain text ("Request body too large"), no JSON-RPC message.
    Declared too long, the body is not read (no id); sent in chunks, its top-level id is read
    from what came before the limit (the id inside its params is not taken for it)."""
    big = "A" * 5_000_000
    declared = json.dumps({"jsonrpc": "2.0", "id": 3, "method": "tools/call",
                           "params": {"name": "greet", "arguments": {"name": big}}})  # fmt: skip
    nested_first = '{"jsonrpc":"2.0","params":{"id":99,"name":"' + big + '"},"id":4}'

    async def chunks(text: str) -> AsyncIterator[bytes]:
        data = text.encode()
        for start in range(0, len(data), 1 << 20):
            yield data[start : start + (1 << 20)]

    headers = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
    async with http_process(PROBE) as server, httpx2.AsyncClient(timeout=30) as http:
        at_once = await http.post(server.url, content=declared, headers=headers)
        chunked = await http.post(server.url, content=chunks(declared), headers=headers)
        nested = await http.post(server.url, content=chunks(nested_first), headers=headers)
        after = await http.post(server.url, headers=headers, json={
            "jsonrpc": "2.0", "id": 5, "method": "ping"})  # fmt: skip
    assert [r.status_code for r in (at_once, chunked, nested)] == [413, 413, 413]
    assert [r.headers["content-type"] for r in (at_once, chunked, nested)] == [
        "application/json"
    ] * 3
    assert [r.json()["id"] for r in (at_once, chunked, nested)] == [None, 3, None]
    error = at_once.json()["error"]
    assert error == {
        "code": -32600,
        "message": "the request body is over this server's limit of 4 MiB (4194304 bytes)",
    }
    assert after.status_code == 200


async def test_params_that_do_not_fit_their_method_are_named_with_their_rule() -> None:
    """The SDK said "Invalid request parameters" (data "") for each of these, whatever was
    wrong; the same -32602 now names the field and the rule, and does not echo the value."""
    requests = [
        ("tools/call", {"name": 5, "arguments": {}}),
        ("tools/call", {"arguments": {}}),
        ("tools/call", {"name": "greet", "arguments": [1]}),
        ("resources/read", {"uri": 123}),
        ("logging/setLevel", {"level": "bogus"}),
    ]
    headers = {
        "Accept": "application/json, text/event-stream",
        "Content-Type": "application/json",
        "MCP-Protocol-Version": "2025-11-25",
    }
    async with http_process(PROBE) as server, httpx2.AsyncClient(timeout=30) as http:
        responses = [
            await http.post(
                server.url,
                json={"jsonrpc": "2.0", "id": i, "method": method, "params": params},
                headers=headers,
            )
            for i, (method, params) in enumerate(requests)
        ]
    errors = [
        json.loads(next(ln[5:] for ln in r.text.splitlines() if ln.startswith("data:")))["error"]
        if r.headers["content-type"].startswith("text/event-stream")
        else r.json()["error"]
        for r in responses
    ]
    assert {e["code"] for e in errors} == {-32602}
    assert [e["message"] for e in errors] == [
        "Invalid params: params.name: Input should be a valid string",
        "Invalid params: params.name: Field required",
        "Invalid params: params.arguments: Input should be a valid dictionary",
        "Invalid params: params.uri: Input should be a valid string",
        "Invalid params: params.level: Input should be 'alert', 'critical', 'debug', "
        "'emergency', 'error', 'info', 'notice' or 'warning'",
    ]


@pytest.mark.parametrize(
    ("event", "framed"),
    [
        (ServerSentEvent('{"jsonrpc":"2.0","id":1,"result":{}}', event="message"),
         b'event: message\r\ndata: {"jsonrpc":"2.0","id":1,"result":{}}\r\n\r\n'),
        (ServerSentEvent("a\r\nb\rc\nd\n", event="mes\nsage", id="4\r\n2"),
         b"id: 42\r\nevent: message\r\ndata: a\r\ndata: b\r\ndata: c\r\ndata: d\r\ndata: \r\n\r\n"),
        (ServerSentEvent("", comment="ping\nagain"),
         b": ping\r\n: again\r\ndata: \r\n\r\n"),
        (ServerSentEvent("caf\u00e9 \U0001f600\u2028x", sep="\n"),
         "data: caf\u00e9 \U0001f600\u2028x\n\n".encode()),
    ],
)  # fmt: skip
def test_server_sent_events_are_framed_without_scanning_what_has_no_line_break(
    event: ServerSentEvent, framed: bytes
) -> None:
    # What the runner does before serving HTTP; the same bytes, a line of data at each break
    assert frame_events_without_scans()  # False: sse-starlette changed how it frames events
    assert event.encode() == framed
