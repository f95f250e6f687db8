"""build_server: state from the lifespan reaches handlers, async handlers run on the loop and sync
ones in a worker thread, failures and unknown tools get the envelope's body."""

from __future__ import annotations

import json
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, nullcontext
from typing import Any

import anyio
import pytest
from mcp import Client
from pydantic import BaseModel

import servers._common
from servers._common import StartupError, ToolSpec, build_server, in_background, package_version
from servers._common import app as app_module
from tests.servers._common._probe_server import (
    TOOLS,
    Backend,
    GreetInput,
    ProbeEnvelope,
    create_server,
)


def test_public_api_is_pinned() -> None:
    assert servers._common.__all__ == [
        "ArgumentProblem",
        "ConstTrue",
        "DateOrDateTime",
        "DateTime",
        "ErrorEnvelope",
        "IsoDate",
        "Lifespan",
        "StartupError",
        "ToolSpec",
        "Uuid",
        "build_server",
        "data_dir",
        "describe_validation_error",
        "in_background",
        "package_version",
        "serve",
        "shorten",
        "tool_schema",
        "validate_arguments",
    ]


async def test_handlers_get_the_lifespan_state_async_on_the_loop_sync_in_a_thread() -> None:
    async with Client(create_server("Hi")) as client:
        fast = await client.call_tool("greet", {"name": "Ann"})
        slow = await client.call_tool("greet_blocking", {"name": "Bo"})
    assert not fast.is_error and not slow.is_error
    assert fast.structured_content is not None and slow.structured_content is not None
    assert fast.structured_content["text"] == "Hi, Ann"
    assert slow.structured_content["text"] == "Hi, Bo"
    assert fast.structured_content["on_loop_thread"] is True
    assert slow.structured_content["on_loop_thread"] is False


async def test_the_lifespan_opens_before_serving_and_closes_after() -> None:
    events: list[str] = []

    @asynccontextmanager
    async def lifespan() -> AsyncIterator[Backend]:
        events.append("open")
        yield Backend(greeting="Yo", opened=1)
        events.append("close")

    server = build_server("probe", TOOLS, ProbeEnvelope(), lifespan=lifespan)
    async with Client(server) as client:
        assert events == ["open"]
        for name in ("a", "b", "c"):
            await client.call_tool("greet", {"name": name})
        assert events == ["open"]
    assert events == ["open", "close"]


async def test_sync_handlers_run_concurrently() -> None:
    """Blocking handlers each get a worker thread: two that wait for each other both finish."""
    barrier_calls: list[str] = []
    gate = threading.Barrier(2, timeout=10)

    def wait_for_peer(_: None, args: Any) -> dict[str, Any]:
        gate.wait()
        barrier_calls.append(args.name)
        return {"text": args.name}

    server = build_server(
        "pair", [ToolSpec("meet", "wait for a peer", GreetInput, wait_for_peer)], ProbeEnvelope()
    )
    async with Client(server) as client:
        with anyio.fail_after(20):
            async with anyio.create_task_group() as tg:
                tg.start_soon(client.call_tool, "meet", {"name": "x"})
                tg.start_soon(client.call_tool, "meet", {"name": "y"})
    assert sorted(barrier_calls) == ["x", "y"]


async def test_failures_and_unknown_tools_get_the_envelope_body() -> None:
    server = build_server(
        "probe", TOOLS, ProbeEnvelope(), lifespan=lambda: nullcontext(Backend("Hi", 1))
    )
    async with Client(server) as client:
        failed = await client.call_tool("greet_blocking", {"name": "boom"})
        unknown = await client.call_tool("nope", {})
        invalid = await client.call_tool("greet", {"name": ""})
    for result in (failed, unknown, invalid):
        assert result.is_error
    bodies = [json.loads(r.content[0].text) for r in (failed, unknown, invalid)]  # type: ignore[union-attr]
    assert bodies[0] == {"error": "greet_blocking failed", "kind": "failed"}
    assert "secret detail" not in failed.content[0].text  # type: ignore[union-attr]
    known = "greet, greet_blocking, heap, wait"
    assert bodies[1] == {"error": f"no tool nope; known: {known}", "kind": "unknown"}
    assert bodies[2] == {"error": "name: must be at least 1 character long", "kind": "invalid"}


@pytest.mark.parametrize("module", ["servers.todo.tools", "servers.tasks.tools"])
async def test_servers_report_the_package_version(module: str, sqlite_url: str) -> None:
    create = __import__(module, fromlist=["create_server"]).create_server
    async with Client(create(sqlite_url)) as client:
        info = client.server_info
    assert info is not None and info.version == package_version()
    assert package_version() not in ("", "0+unknown")


async def test_a_background_lifespan_lets_the_handshake_through_and_calls_wait() -> None:
    may_open = anyio.Event()
    closed: list[bool] = []

    @asynccontextmanager
    async def slow() -> AsyncIterator[Backend]:
        await may_open.wait()
        yield Backend(greeting="Late", opened=1)
        closed.append(True)

    server = build_server("probe", TOOLS, ProbeEnvelope(), lifespan=in_background(slow))
    with anyio.fail_after(20):
        async with Client(server) as client:
            names = [t.name for t in (await client.list_tools()).tools]  # not waiting for it
            async with anyio.create_task_group() as tg:
                results: list[Any] = []

                async def greet() -> None:
                    results.append(await client.call_tool("greet", {"name": "Ann"}))

                tg.start_soon(greet)
                await anyio.wait_all_tasks_blocked()
                assert results == []  # the call waits for the backend
                may_open.set()
    assert names == ["greet", "greet_blocking", "heap", "wait"]
    assert results[0].structured_content["text"] == "Late, Ann"
    assert closed == [True]


async def test_a_background_lifespan_that_fails_is_each_calls_error() -> None:
    @asynccontextmanager
    async def broken() -> AsyncIterator[Backend]:
        raise StartupError("cannot reach the backend at example.invalid")
        yield  # pragma: no cover

    server = build_server("probe", TOOLS, ProbeEnvelope(), lifespan=in_background(broken))
    async with Client(server) as client:
        first = await client.call_tool("greet", {"name": "a"})
        second = await client.call_tool("greet_blocking", {"name": "b"})
    bodies = [json.loads(r.content[0].text) for r in (first, second)]  # type: ignore[union-attr]
    assert first.is_error and second.is_error
    # The envelope gets the StartupError (the probe's words every failure the same way).
    assert bodies == [
        {"error": "greet failed", "kind": "failed"},
        {"error": "greet_blocking failed", "kind": "failed"},
    ]


async def test_a_background_lifespan_that_failed_is_opened_again_by_a_later_call(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A server started before its database is up fails its calls (recoverable, its envelope
    says) until the database is up: a call made a while after the failure opens it again, and
    the calls at the same time wait for that one opening (a trial's todo server over stdio
    failed every call for good)."""
    opened: list[int] = []

    @asynccontextmanager
    async def flaky() -> AsyncIterator[Backend]:
        opened.append(len(opened) + 1)
        if len(opened) == 1:
            raise StartupError("cannot reach the backend at example.invalid")
        await anyio.sleep(0.1)
        yield Backend(greeting="Back", opened=len(opened))

    server = build_server("probe", TOOLS, ProbeEnvelope(), lifespan=in_background(flaky))
    with anyio.fail_after(20):
        async with Client(server) as client:
            first = await client.call_tool("greet", {"name": "a"})
            soon = await client.call_tool("greet", {"name": "b"})  # too soon: not opened again
            monkeypatch.setattr(app_module, "REOPEN_AFTER_SECONDS", 0.0)
            results: list[Any] = []
            async with anyio.create_task_group() as tg:
                for name in ("c", "d", "e"):
                    tg.start_soon(
                        lambda n=name: _append(results, client.call_tool("greet", {"name": n}))
                    )
    assert first.is_error and soon.is_error
    assert sorted(r.structured_content["text"] for r in results) == [
        "Back, c",
        "Back, d",
        "Back, e",
    ]
    assert opened == [1, 2]  # one new opening for the three calls


async def _append(results: list[Any], call: Any) -> None:
    results.append(await call)


class _EchoingEnvelope(ProbeEnvelope):
    """An envelope that repeats what it was given, the way a careless message does."""

    def from_exception(self, tool: str, exc: Exception) -> dict[str, Any]:
        return {"error": str(exc), "kind": "failed"}


class _EchoInput(BaseModel):
    name: str


async def _echo(backend: None, args: _EchoInput) -> dict[str, Any]:
    raise ValueError(f"no one named {args.name!r} here, nor '{args.name}' {json.dumps(args.name)}")


async def test_a_callers_long_value_is_cut_in_every_error_whoever_wrote_the_message() -> None:
    """Values in messages are cut after 80 characters: even a message that quotes the whole
    input (as written, as repr or JSON escape it) gets it shortened, and no error string
    passes 4000 characters."""
    long_name = "ab\"c'd\\e" + "x" * 10_000
    server = build_server("echo", [ToolSpec("echo", "Echo", _EchoInput, _echo)], _EchoingEnvelope())
    async with Client(server) as client:
        failed = await client.call_tool("echo", {"name": long_name})
        unknown = await client.call_tool("y" * 5000, {})
    text = failed.content[0].text  # type: ignore[union-attr]
    assert failed.is_error and "x" * 81 not in text, text[:300]
    assert text.count("(10008 characters)") == 3
    unknown_text = unknown.content[0].text  # type: ignore[union-attr]
    assert unknown.is_error and "y" * 81 not in unknown_text


async def test_a_mark_that_turns_text_around_is_shown_escaped_in_an_error() -> None:
    """A caller's U+202E (right-to-left override) echoed in a message would turn the rest of the
    line around wherever it is shown (a trial): it is written as \\u202e; the rest stays."""
    server = build_server("echo", [ToolSpec("echo", "Echo", _EchoInput, _echo)], _EchoingEnvelope())
    async with Client(server) as client:
        failed = await client.call_tool("echo", {"name": "todo_\u202e\u2067😀"})
    message = json.loads(failed.content[0].text)["error"]  # type: ignore[union-attr]
    assert "\u202e" not in message and "\u2067" not in message
    assert "no one named 'todo_\\u202e\\u2067😀' here" in message
