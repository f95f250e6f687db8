"""Run a bundled server over streamable HTTP in a subprocess, for transport tests."""

from __future__ import annotations

import socket
import subprocess
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import anyio


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@asynccontextmanager
async def http_server(module: str, database_url: str) -> AsyncIterator[str]:
    """Start ``python -m MODULE`` over streamable HTTP; yield its MCP URL once it accepts."""
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", module, "--transport", "streamable-http",
         "--port", str(port), "--database-url", database_url],
        stderr=subprocess.PIPE,
    )  # fmt: skip
    try:
        with anyio.fail_after(30):
            while True:  # wait until it accepts connections
                try:
                    with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                        break
                except OSError:
                    assert proc.poll() is None, proc.stderr.read().decode()  # type: ignore[union-attr]
                    await anyio.sleep(0.05)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        proc.stderr.close()  # type: ignore[union-attr]
