"""Every bundled server through the MCP Inspector CLI (TypeScript SDK), over stdio and
streamable HTTP: what that client shows for a listing, and (over HTTP) a valid and an invalid
call per tool; over stdio, where each Inspector command starts a server of its own, the listing
and the first valid call (the tools' code is the same whatever the transport).

The TypeScript SDK checks a result's ``structuredContent`` against the tool's output schema, so
a valid call passing here means our output schemas describe our outputs; an invalid call must
show the contract's message, flagged ``isError``, not a protocol error such as -32602.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest

from tests._http_server import REPO, http_process
from tests.servers.bundled import BUNDLED, BundledServer, Call

pytestmark = [pytest.mark.slow, pytest.mark.installs]


_FETCH_FAILED = "fetch failed"


class Inspector:
    """Runs one Inspector CLI command against a server (a stdio command line or a URL).

    The command is the Inspector's CLI itself (``cli/build/index.js``, beside ``cli.js``): what
    ``inspector --cli …`` starts in a second node process of its own. Started directly it
    costs about a quarter less (0.63 CPU-seconds a command, not 0.85).
    """

    def __init__(self, cli: Path, target: list[str], transport: str) -> None:
        self.cli, self.target, self.transport = cli.parent / "index.js", target, transport
        self._limit = anyio.CapacityLimiter(4)

    async def run(self, *options: str) -> dict[str, Any]:
        # Its first argument is the target; the rest of a command line goes after "--".
        first, *rest = self.target
        if self.transport == "stdio":
            command = ["node", str(self.cli), first, *options, "--", *rest]
        else:
            command = ["node", str(self.cli), first, "--transport", "http", *options]
        for attempt in range(2):
            async with self._limit:
                with anyio.fail_after(60):
                    done = await anyio.run_process(command, cwd=REPO, check=False)
            stdout, stderr = done.stdout.decode(), done.stderr.decode()
            # Node's "fetch failed" is its connection to the server failing, not an answer: at a
            # load near 10 (two test runs and a benchmark at once) one of four at once failed
            # so once. It is tried once more; any answer, right or wrong, is judged as it is.
            if attempt or done.returncode == 0 or _FETCH_FAILED not in stderr:
                break
        assert done.returncode == 0, f"{options}: the Inspector failed:\n{stderr}{stdout}"
        return json.loads(stdout)

    async def call(self, call: Call, arguments: dict[str, Any]) -> dict[str, Any]:
        # Values are JSON, so a string that looks like a number stays a string.
        pairs = [f"{k}={json.dumps(v)}" for k, v in arguments.items()]
        # --tool-arg takes every value up to the next option: it goes first.
        options = ["--method", "tools/call", "--tool-name", call.tool]
        return await self.run(*(["--tool-arg", *pairs] if pairs else []), *options)


async def _check(server: BundledServer, inspector: Inspector, *, every_call: bool) -> None:
    """The listing and the first valid call; with ``every_call``, every tool's valid and invalid
    calls (over stdio each Inspector command starts a server of its own, about 1.5 CPU-seconds
    each, so every call, the same tool code whatever the transport, is made over HTTP only)."""
    listing: dict[str, Any] = {}
    shown: dict[int, dict[str, Any]] = {}
    invalid_ones = server.invalid if every_call else ()

    async def list_tools() -> None:
        listing.update(await inspector.run("--method", "tools/list"))

    async def invalid(index: int, call: Call) -> None:
        shown[index] = await inspector.call(call, call.arguments)

    async with anyio.create_task_group() as tg:
        tg.start_soon(list_tools)
        for index, call in enumerate(invalid_ones):
            tg.start_soon(invalid, index, call)

    assert tuple(t["name"] for t in listing["tools"]) == server.tools
    assert {c.tool for c in server.invalid} == {c.tool for c in server.valid} == set(server.tools)
    for index, call in enumerate(invalid_ones):
        result = shown[index]
        assert result["isError"] is True, (call, result)
        assert "structuredContent" not in result, (call, result)
        (content,) = result["content"]
        assert call.shows in content["text"], (call, content["text"])

    results: dict[str, dict[str, Any]] = {}
    # In order: later calls use what earlier ones made.
    for call in server.valid if every_call else server.valid[:1]:
        result = await inspector.call(call, call.resolve(results))
        assert result.get("isError") is False, (call, result)
        structured = result["structuredContent"]  # checked against the output schema by the SDK
        assert json.loads(result["content"][0]["text"]) == structured
        results[call.tool] = structured


@pytest.mark.parametrize("server", BUNDLED, ids=lambda s: s.name)
async def test_the_inspector_over_stdio(
    server: BundledServer, inspector_cli: Path, tmp_path: Path
) -> None:
    command = [sys.executable, "-m", server.module, *server.server_args(tmp_path)]
    await _check(server, Inspector(inspector_cli, command, "stdio"), every_call=False)


@pytest.mark.parametrize("server", BUNDLED, ids=lambda s: s.name)
async def test_the_inspector_over_streamable_http(
    server: BundledServer, inspector_cli: Path, tmp_path: Path
) -> None:
    async with http_process(server.module, *server.server_args(tmp_path)) as process:
        await _check(server, Inspector(inspector_cli, [process.url], "http"), every_call=True)


def test_the_inspector_is_pinned() -> None:
    script = (REPO / "scripts" / "inspector-up.sh").read_text()
    assert 'version="${INSPECTOR_VERSION:-0.21.2}"' in script
    assert subprocess.run(["bash", "-n", str(REPO / "scripts" / "inspector-up.sh")]).returncode == 0
