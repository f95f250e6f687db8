"""The offline provider routes by tool names, descriptions and schemas, not by known names."""

import json
import re
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path

import anyio

from orchestrator import (
    Orchestrator,
    ToolCall,
    ToolCallItem,
    ToolDefinition,
    ToolResultItem,
    UserMessage,
)
from orchestrator.messages import Item
from orchestrator.models import ModelRequest, ModelResponse
from orchestrator.offline import OfflineRouter
from orchestrator.testing import server_entry

UUID = "3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b"
TASK_TOOLS = [
    ToolDefinition(
        "list_tasks",
        "List tasks, filtered by status or branch",
        {
            "type": "object",
            "properties": {
                "status": {
                    "type": "string",
                    "description": "Filter by task status",
                    "enum": ["need to be done", "in-progress", "complete"],
                },
                "branch": {"type": "string", "description": "Filter by git branch name"},
                "full_details": {"type": "boolean"},
            },
        },
    ),
    ToolDefinition(
        "get_task",
        "Get one task",
        {"type": "object", "properties": {"task_id": {"type": "string"}}, "required": ["task_id"]},
    ),
    ToolDefinition(
        "create_task",
        "Create a task",
        {
            "type": "object",
            "properties": {"title": {"type": "string"}, "description": {"type": "string"}},
            "required": ["title"],
        },
    ),
    ToolDefinition(
        "update_task",
        "Update a task",
        {
            "type": "object",
            "properties": {
                "task_id": {"type": "string"},
                "status": {
                    "type": "string",
                    "enum": ["need to be done", "in-progress", "complete"],
                },
                "branch": {"type": "string"},
            },
            "required": ["task_id"],
        },
    ),
]


async def route(*history: Item) -> ModelResponse:
    """One turn of the router over the task tools."""
    return await OfflineRouter().respond(ModelRequest("", list(history), TASK_TOOLS))


def calls_of(response: ModelResponse) -> list[tuple[str, dict[str, object]]]:
    return [(c.name, c.arguments) for c in response.tool_calls]


async def test_tasks_in_progress_on_a_branch() -> None:
    response = await route(UserMessage("what tasks are in progress on branch 004-as-an-ai?"))
    assert calls_of(response) == [
        ("list_tasks", {"status": "in-progress", "branch": "004-as-an-ai"})
    ]


async def test_mark_task_by_uuid_complete() -> None:
    response = await route(UserMessage(f"mark task {UUID} complete"))
    assert calls_of(response) == [("update_task", {"task_id": UUID, "status": "complete"})]


async def test_update_by_title_lists_first_then_uses_the_id() -> None:
    request = UserMessage("mark the write docs task as in progress")
    first = await route(request)
    assert calls_of(first) == [("list_tasks", {})]
    (listing,) = first.tool_calls
    listed = ToolResultItem(
        listing.call_id, "list_tasks", json.dumps({"tasks": [{"id": UUID, "title": "Write docs"}]})
    )
    second = await route(request, listing, listed)
    assert calls_of(second) == [("update_task", {"status": "in-progress", "task_id": UUID})]


async def test_a_failed_call_is_read_from_its_status_not_its_shape() -> None:
    request = UserMessage(f"mark task {UUID} complete")
    call = ToolCallItem("c1", "update_task", {"task_id": UUID, "status": "complete"})
    # A body with no error-looking key, marked failed: the router must say it failed.
    failed = ToolResultItem("c1", "update_task", json.dumps({"detail": "quota exceeded"}), "error")
    assert "did not work" in (await route(request, call, failed)).text
    # A body shaped like an error report, marked ok: the router must not say it failed.
    fine = ToolResultItem("c1", "update_task", json.dumps({"status": "success", "error": None}))
    assert "did not work" not in (await route(request, call, fine)).text


async def test_unknown_request_says_so_and_suggests_a_provider() -> None:
    text = (await route(UserMessage("sing me a song about the sea"))).text
    assert "not sure" in text and "list_tasks" in text and "LLM provider" in text


async def test_routing_on_a_third_party_server(
    write_config: Callable[..., Path], notes_file: Path
) -> None:
    path = write_config(
        {"notes": server_entry("notes", env={"NOTES_FILE": str(notes_file)})},
        {"provider": "offline"},
    )
    tomorrow = (datetime.now().astimezone() + timedelta(days=1)).date()
    with anyio.fail_after(60):
        async with Orchestrator.from_config(path) as orch:
            session = orch.session()
            made = await session.ask(
                "jot down a note to call the bank tomorrow at 10am, it's urgent, "
                "tagged money and admin"
            )
            (call,) = made.tool_calls
            assert call.tool == "jot_note"
            assert call.arguments["headline"] == "call the bank"
            assert call.arguments["importance"] == "critical"
            assert call.arguments["labels"] == ["money", "admin"]
            when = datetime.fromisoformat(call.arguments["remind_at"])
            assert (when.date(), when.hour, when.utcoffset()) == (
                tomorrow,
                10,
                datetime.now().astimezone().utcoffset(),
            )
            assert "call the bank" in made.text and not made.degraded

            listed = await session.ask("what notes do I have?")
            assert [c.tool for c in listed.tool_calls] == ["browse_notes"]
            assert "call the bank" in listed.text

            archived = await session.ask("archive the call the bank note")
            assert [c.tool for c in archived.tool_calls] == ["browse_notes", "set_note_state"]
            assert archived.tool_calls[-1].arguments["state"] == "archived"
            assert json.loads(notes_file.read_text()).popitem()[1]["state"] == "archived"

            refused = await session.ask("shred the call the bank note")
            assert refused.tool_calls[-1].status == "not_executed"
            assert "needs confirmation" in refused.text and "shred_note" in refused.text
            assert len(json.loads(notes_file.read_text())) == 1


async def test_approval_callback_allows_destructive_calls(
    write_config: Callable[..., Path], notes_file: Path
) -> None:
    path = write_config({"notes": server_entry("notes", env={"NOTES_FILE": str(notes_file)})})
    asked: list[ToolCall] = []

    def approve(request: ToolCall) -> bool:
        asked.append(request)
        return True

    with anyio.fail_after(60):
        async with Orchestrator.from_config(path, approve=approve) as orch:
            await orch.ask("jot down a note: renew passport")
            result = await orch.ask("shred the renew passport note")
    assert [r.tool for r in asked] == ["shred_note"]
    assert result.tool_calls[-1].status == "ok"
    assert re.search(r"Deleted note “renew passport”", result.text)
    assert json.loads(notes_file.read_text()) == {}


async def test_answer_names_a_broken_server(
    write_config: Callable[..., Path], notes_file: Path
) -> None:
    path = write_config(
        {
            "notes": server_entry("notes", env={"NOTES_FILE": str(notes_file)}),
            "broken": {"command": "/no/such/command"},
        }
    )
    with anyio.fail_after(60):
        async with Orchestrator.from_config(path) as orch:
            result = await orch.ask("what notes do I have?")
    assert result.degraded
    assert "server 'broken' is unavailable (command not found: /no/such/command)" in result.text
