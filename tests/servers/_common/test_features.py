"""What the bundled servers offer beside tools (servers._common.features), through a real client
session in both eras: resources, prompts, completions, logging, icons and cache hints. The todo
and tasks servers stand for all (the agents server's are in tests/servers/agents)."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import datetime
from typing import Any

import anyio
import mcp_types as types
import pytest
from mcp import Client, MCPError
from mcp.shared.exceptions import MCPDeprecationWarning

from servers.tasks.tools import create_server as create_tasks_server
from servers.todo.tools import create_server as create_todo_server

ERAS = ["legacy", "2026-07-28"]
TEMPLATE = types.ResourceTemplateReference(uri="todo://todos/{todo_id}")


@asynccontextmanager
async def todo(url: str, mode: str, **options: Any) -> AsyncIterator[Client]:
    with anyio.fail_after(30):
        async with Client(create_todo_server(url), mode=mode, **options) as client:  # type: ignore[arg-type]
            yield client


async def create(client: Client, **arguments: Any) -> str:
    result = await client.call_tool("create_todo", arguments)
    assert not result.is_error, result.content
    assert result.structured_content is not None
    return str(result.structured_content["todo_id"])


@pytest.mark.parametrize("mode", ERAS)
async def test_todos_are_resources(database_url: str, mode: str) -> None:
    today = datetime.now().astimezone().replace(hour=12, minute=0, second=0, microsecond=0)
    async with todo(database_url, mode) as client:
        due = await create(client, title="call the bank", due_date=today.isoformat())
        later = await create(client, title="renew passport", due_date="2099-01-01")
        listed = await client.list_resources()
        templates = await client.list_resource_templates()
        one = await client.read_resource(f"todo://todos/{later}")
        today_list = await client.read_resource("todo://today")
        with pytest.raises(MCPError) as missing:
            await client.read_resource("todo://todos/todo_nope")
        with pytest.raises(MCPError) as foreign:
            await client.read_resource("file:///etc/passwd")
    assert [r.uri for r in listed.resources] == ["todo://today"]
    assert [t.uri_template for t in templates.resource_templates] == ["todo://todos/{todo_id}"]
    (content,) = one.contents
    assert isinstance(content, types.TextResourceContents)
    assert content.uri == f"todo://todos/{later}" and content.mime_type == "application/json"
    assert json.loads(content.text)["title"] == "renew passport"
    (content,) = today_list.contents
    assert isinstance(content, types.TextResourceContents)
    assert [t["todo_id"] for t in json.loads(content.text)] == [due]
    # The spec's "resource not found": invalid params, the URI in data.
    assert missing.value.code == -32602 and missing.value.data == {"uri": "todo://todos/todo_nope"}
    assert "No todo with ID 'todo_nope'" in missing.value.message
    assert foreign.value.code == -32602 and "todo://today" in foreign.value.message


@pytest.mark.parametrize("mode", ERAS)
async def test_the_daily_review_prompt(sqlite_url: str, mode: str) -> None:
    today = datetime.now().astimezone().replace(hour=12, minute=0, second=0, microsecond=0)
    async with todo(sqlite_url, mode) as client:
        await create(client, title="water plants", due_date=today.isoformat(), tags=["home"])
        await create(client, title="pay rent", due_date="2001-01-01", priority="high")
        prompts = await client.list_prompts()
        whole = await client.get_prompt("daily_review")
        home = await client.get_prompt("daily_review", {"tag": "home"})
        with pytest.raises(MCPError) as unknown:
            await client.get_prompt("daily_review", {"colour": "red"})
        with pytest.raises(MCPError) as nothing:
            await client.get_prompt("weekly_review")
    (prompt,) = prompts.prompts
    assert prompt.name == "daily_review" and prompt.title == "Daily review"
    assert [(a.name, a.required) for a in prompt.arguments or []] == [("tag", False)]
    text = whole.messages[0].content
    assert isinstance(text, types.TextContent)
    assert "Overdue:\n- [high] pay rent" in text.text
    assert "Due today:\n- [medium] water plants" in text.text
    text = home.messages[0].content
    assert isinstance(text, types.TextContent)
    assert "pay rent" not in text.text and "water plants" in text.text
    assert unknown.value.code == -32602
    assert unknown.value.message.startswith("colour: is not an argument of prompt 'daily_review'")
    assert (
        nothing.value.code == -32602 and "Unknown prompt 'weekly_review'" in nothing.value.message
    )


@pytest.mark.parametrize("mode", ERAS)
async def test_a_required_prompt_argument_is_named(sqlite_url: str, mode: str) -> None:
    nobody = "550e8400-e29b-41d4-a716-446655440000"
    with anyio.fail_after(30):
        async with Client(create_tasks_server(sqlite_url), mode=mode) as client:  # type: ignore[arg-type]
            created = await client.call_tool("create_task", {"title": "Ship it", "notes": "n"})
            assert created.structured_content is not None
            task_id = created.structured_content["id"]
            with pytest.raises(MCPError) as missing:
                await client.get_prompt("task_write_up")
            # An id that names no task, or is no id: invalid params saying so, not a crash.
            with pytest.raises(MCPError) as unknown:
                await client.get_prompt("task_write_up", {"task_id": nobody})
            with pytest.raises(MCPError) as malformed:
                await client.get_prompt("task_write_up", {"task_id": "nope"})
            write_up = await client.get_prompt("task_write_up", {"task_id": task_id})
            completed = await client.complete(
                types.PromptReference(name="task_write_up"),
                {"name": "task_id", "value": task_id[:4]},
            )
    assert missing.value.code == -32602
    assert missing.value.message.startswith("task_id: is required by prompt 'task_write_up'")
    assert unknown.value.code == -32602 and f"No task with id '{nobody}'" in unknown.value.message
    assert malformed.value.code == -32602 and "No task with id 'nope'" in malformed.value.message
    text = write_up.messages[0].content
    assert isinstance(text, types.TextContent) and "'Ship it'" in text.text
    assert completed.completion.values == [task_id]


@pytest.mark.parametrize("mode", ERAS)
async def test_completions_for_ids_and_tags(sqlite_url: str, mode: str) -> None:
    async with todo(sqlite_url, mode) as client:
        first = await create(client, title="a", tags=["garden", "home"])
        second = await create(client, title="b", tags=["work"])
        ids = await client.complete(TEMPLATE, {"name": "todo_id", "value": "todo_"})
        one = await client.complete(TEMPLATE, {"name": "todo_id", "value": first[:12]})
        tags = await client.complete(
            types.PromptReference(name="daily_review"), {"name": "tag", "value": "G"}
        )
        with pytest.raises(MCPError) as wrong_argument:
            await client.complete(TEMPLATE, {"name": "tag", "value": ""})
        with pytest.raises(MCPError) as wrong_prompt:
            await client.complete(types.PromptReference(name="nope"), {"name": "x", "value": ""})
    assert sorted(ids.completion.values) == sorted([first, second])
    assert ids.completion.total == 2 and ids.completion.has_more is False
    assert one.completion.values == [first]
    assert tags.completion.values == ["garden"]
    assert wrong_argument.value.code == -32602
    assert wrong_argument.value.message == (
        "tag: is not an argument of resource template 'todo://todos/{todo_id}'"
    )
    assert wrong_prompt.value.code == -32602


async def set_level(client: Client, level: types.LoggingLevel) -> None:
    with pytest.warns(MCPDeprecationWarning):  # logging is gone from 2026-07-28 on
        await client.set_logging_level(level)


async def test_logging_follows_the_level_the_client_set(sqlite_url: str) -> None:
    messages: list[types.LoggingMessageNotificationParams] = []

    async def logged(params: types.LoggingMessageNotificationParams) -> None:
        messages.append(params)

    async with todo(sqlite_url, "legacy", logging_callback=logged) as client:
        await create(client, title="unheard")  # no level set: nothing sent
        await set_level(client, "info")
        await create(client, title="heard")
        await client.call_tool("delete_todo", {"todo_id": "todo_nope", "confirmation": True})
        await set_level(client, "warning")
        await create(client, title="below warning")
        await client.call_tool("update_todo", {"todo_id": "todo_nope", "title": "x"})
    seen = [(m.level, m.logger, m.data["tool"], m.data["outcome"]) for m in messages]
    assert seen == [
        ("info", "todo", "create_todo", "done"),
        ("warning", "todo", "delete_todo", "error"),
        ("warning", "todo", "update_todo", "error"),
    ]
    assert "Todo with ID 'todo_nope' does not exist" in messages[1].data["error"]


async def test_on_2026_07_28_a_request_opts_in_to_log_messages(sqlite_url: str) -> None:
    messages: list[types.LoggingMessageNotificationParams] = []

    async def logged(params: types.LoggingMessageNotificationParams) -> None:
        messages.append(params)

    async with todo(sqlite_url, "2026-07-28", logging_callback=logged) as client:
        await create(client, title="unheard")
    async with todo(sqlite_url, "2026-07-28", logging_callback=logged, log_level="info") as client:
        await create(client, title="heard")
    assert [(m.level, m.data["outcome"]) for m in messages] == [("info", "done")]


@pytest.mark.parametrize("mode", ERAS)
async def test_icons_and_cache_hints(sqlite_url: str, mode: str) -> None:
    async with todo(sqlite_url, mode) as client:
        tools = await client.list_tools()
        prompts = await client.list_prompts()
        resources = await client.list_resources()
        info = client.server_info if mode == "legacy" else None
    icon_sets = [t.icons for t in tools.tools] + [prompts.prompts[0].icons]
    assert all(
        icons and icons[0].src.startswith("data:image/svg+xml;base64,") for icons in icon_sets
    )
    if info is not None:
        assert info.icons == tools.tools[0].icons
    else:  # only the modern wire carries cache hints
        assert (tools.ttl_ms, tools.cache_scope) == (300_000, "public")
        assert (prompts.ttl_ms, prompts.cache_scope) == (300_000, "public")
        assert (resources.ttl_ms, resources.cache_scope) == (0, "private")


@pytest.mark.parametrize("mode", ERAS)
async def test_a_cursor_the_server_never_gave_is_refused_on_every_list(
    database_url: str, mode: str
) -> None:
    """Each list has one page, so any cursor is forged: -32602 naming it, as tasks/list does
    (a trial: tools/list and resources/list gave the first page for "forged")."""
    async with todo(database_url, mode) as client:
        assert (await client.list_tools()).tools
        for listing in (
            client.list_tools,
            client.list_resources,
            client.list_resource_templates,
            client.list_prompts,
        ):
            with pytest.raises(MCPError) as refused:
                await listing(cursor="forged")
            assert refused.value.error.code == -32602, listing
            assert refused.value.error.message.startswith(
                "cursor: not one this server gave ('forged')"
            )
