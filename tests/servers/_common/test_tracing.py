"""A SQL statement's span says its kind and its table, never its text or a value; a server
asked for the console exporter writes its spans on stderr, over HTTP and over stdio."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import anyio
import pytest
from mcp import Client

from servers._common.tracing import statement_summary
from tests._http_server import REPO, http_process


@pytest.mark.parametrize(
    ("statement", "summary"),
    [
        ("SELECT todos.id, todos.title FROM todos WHERE todos.title = ?", ("SELECT", "todos")),
        ('select "t".id from "tasks" as t where t.branch = %(b)s', ("SELECT", "tasks")),
        ("INSERT INTO todos (id, title) VALUES (?, ?)", ("INSERT", "todos")),
        ("INSERT OR REPLACE INTO tools (name) VALUES (?)", ("INSERT", "tools")),
        ("UPDATE todos SET priority=? WHERE todos.id = ?", ("UPDATE", "todos")),
        ("DELETE FROM todos WHERE todos.id = 'secret-value'", ("DELETE", "todos")),
        ("BEGIN IMMEDIATE", ("BEGIN", None)),
        ("PRAGMA journal_mode=WAL", ("PRAGMA", None)),
        ("SELECT pg_advisory_xact_lock(%(k)s)", ("SELECT", None)),
    ],
)
def test_a_statement_is_summarised_by_its_kind_and_table(
    statement: str, summary: tuple[str, str | None]
) -> None:
    assert statement_summary(statement) == summary


# --- OTEL_TRACES_EXPORTER=console: the spans on stderr, on either transport -------------------

PROBE = "tests.servers._common._probe_server"
CONSOLE = {"OTEL_TRACES_EXPORTER": "console", "OTEL_SERVICE_NAME": "probe-traced"}


def _span_names(stderr: str) -> list[str]:
    """The names of the spans the console exporter wrote (one JSON object each)."""
    return re.findall(r'^    "name": "([^"]*)",$', stderr, re.MULTILINE)


@pytest.mark.processes
async def test_console_traces_a_server_over_http_without_a_span_for_each_handshake_note() -> None:
    """Trial 7: over HTTP the server ignored OTEL_TRACES_EXPORTER=console (only an OTLP endpoint
    turned its tracing on); and each stateless handshake's notifications/initialized was a
    trace of its own."""
    with anyio.fail_after(60):
        async with (
            http_process(PROBE, env=_without_otel(CONSOLE)) as server,
            Client(server.url, mode="legacy") as client,
        ):
            await client.call_tool("greet", {"name": "span"})
    names = _span_names(server.stderr)
    assert "initialize" in names and "tools/call greet" in names, server.stderr
    assert "notifications/initialized" not in names


@pytest.mark.processes
def test_console_traces_a_server_over_stdio_on_stderr_never_on_stdout() -> None:
    lines = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-11-25", "capabilities": {},
            "clientInfo": {"name": "test", "version": "1"}}},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/call",
         "params": {"name": "greet", "arguments": {"name": "span"}}},
    ]  # fmt: skip
    result = subprocess.run(
        [sys.executable, "-m", PROBE],
        input="".join(json.dumps(line) + "\n" for line in lines),
        capture_output=True, text=True, timeout=60, cwd=REPO, env=_without_otel(CONSOLE),
    )  # fmt: skip
    answers = [json.loads(line) for line in result.stdout.splitlines()]  # nothing but JSON-RPC
    assert [a["id"] for a in answers] == [1, 2]
    assert answers[1]["result"]["structuredContent"]["text"] == "Hello, span"
    assert "tools/call greet" in _span_names(result.stderr), result.stderr


def _without_otel(extra: dict[str, str]) -> dict[str, str]:
    """The environment, minus any OTEL_* switch of the test run's own, plus ``extra``."""
    return {**{k: v for k, v in os.environ.items() if not k.startswith("OTEL_")}, **extra}
