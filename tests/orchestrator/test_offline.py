"""The offline provider routes by tool names, descriptions and schemas, not by known names."""

import json
import re
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path

import anyio

from orchestrator.core import Orchestrator, ToolCallRequest
from orchestrator.providers._offline_match import ToolView
from orchestrator.providers.offline import _Call, _Conversation, decide
from tests.orchestrator.conftest import stdio

UUID = "3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b"
TASK_TOOLS = [
    ToolView.of(
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
    ToolView.of(
        "get_task",
        "Get one task",
        {"type": "object", "properties": {"task_id": {"type": "string"}}, "required": ["task_id"]},
    ),
    ToolView.of(
        "create_task",
        "Create a task",
        {
            "type": "object",
            "properties": {"title": {"type": "string"}, "description": {"type": "string"}},
            "required": ["title"],
        },
    ),
    ToolView.of(
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


def test_tasks_in_progress_on_a_branch() -> None:
    step = decide(_Conversation("what tasks are in progress on branch 004-as-an-ai?"), TASK_TOOLS)
    assert step == ("list_tasks", {"status": "in-progress", "branch": "004-as-an-ai"})


def test_mark_task_by_uuid_complete() -> None:
    step = decide(_Conversation(f"mark task {UUID} complete"), TASK_TOOLS)
    assert step == ("update_task", {"task_id": UUID, "status": "complete"})


def test_update_by_title_lists_first_then_uses_the_id() -> None:
    conv = _Conversation("mark the write docs task as in progress")
    name, args = decide(conv, TASK_TOOLS)
    assert name == "list_tasks" and args == {}
    conv.calls.append(_Call(name, args, {"tasks": [{"id": UUID, "title": "Write docs"}]}, True))
    assert decide(conv, TASK_TOOLS) == ("update_task", {"status": "in-progress", "task_id": UUID})


def test_unknown_request_says_so_and_suggests_a_provider() -> None:
    text = decide(_Conversation("sing me a song about the sea"), TASK_TOOLS)
    assert isinstance(text, str)
    assert "not sure" in text and "list_tasks" in text and "LLM provider" in text


async def test_routing_on_a_third_party_server(
    write_config: Callable[..., Path], notes_file: Path
) -> None:
    path = write_config(
        {"notes": stdio("notes_server.py", env={"NOTES_FILE": str(notes_file)})},
        {"provider": "offline"},
    )
    tomorrow = (datetime.now().astimezone() + timedelta(days=1)).date()
    with anyio.fail_after(20):
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
    path = write_config({"notes": stdio("notes_server.py", env={"NOTES_FILE": str(notes_file)})})
    asked: list[ToolCallRequest] = []

    def approve(request: ToolCallRequest) -> bool:
        asked.append(request)
        return True

    with anyio.fail_after(20):
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
            "notes": stdio("notes_server.py", env={"NOTES_FILE": str(notes_file)}),
            "broken": {"command": "/no/such/command"},
        }
    )
    with anyio.fail_after(20):
        async with Orchestrator.from_config(path) as orch:
            result = await orch.ask("what notes do I have?")
    assert result.degraded
    assert "server 'broken' is unavailable (command not found: /no/such/command)" in result.text
