"""The offline provider routes by tool names, descriptions and schemas, not by known names."""

import json
import logging
import re
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path

import anyio
import pytest

from orchestrator import (
    AssistantMessage,
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

pytestmark = pytest.mark.processes

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


# -- the second generation: schema-driven reading, references, safety, answers -------------------

_PRIORITY = {"type": "string", "enum": ["low", "medium", "high"]}
_TAGS = {"type": "array", "items": {"type": "string"}}
TODO_TOOLS = [
    ToolDefinition(
        "create_todo",
        "Create a new todo item with optional due date, priority, and tags",
        {
            "type": "object",
            "properties": {
                "title": {"type": "string", "minLength": 1, "description": "The todo item title"},
                "description": {"type": "string", "description": "Optional detailed description"},
                "due_date": {"type": "string", "format": "date-time"},
                "priority": {**_PRIORITY, "default": "medium"},
                "tags": {**_TAGS, "description": "Optional list of tags"},
            },
            "required": ["title"],
        },
    ),
    ToolDefinition(
        "list_todos",
        "List todo items with optional filtering by status, priority, due date, or tags",
        {
            "type": "object",
            "properties": {
                "status": {
                    "type": "string",
                    "enum": ["pending", "completed", "all"],
                    "default": "pending",
                },
                "priority": _PRIORITY,
                "tags": _TAGS,
                "limit": {"type": "integer", "minimum": 1, "maximum": 100, "default": 50},
            },
        },
        read_only=True,
    ),
    ToolDefinition(
        "update_todo",
        "Update one or more fields of an existing todo item",
        {
            "type": "object",
            "properties": {
                "todo_id": {"type": "string", "description": "The unique todo identifier"},
                "title": {"type": "string", "minLength": 1},
                "priority": _PRIORITY,
                "status": {"type": "string", "enum": ["pending", "completed"]},
                "tags": {**_TAGS, "description": "Updated tags (replaces existing)"},
            },
            "required": ["todo_id"],
        },
    ),
]
DENTIST = {
    "todo_id": "todo_1",
    "title": "dentist appointment",
    "tags": ["health"],
    "priority": "high",
    "status": "pending",
}


async def todo_turn(*history: Item, tools: list[ToolDefinition] | None = None) -> ModelResponse:
    return await OfflineRouter().respond(ModelRequest("", list(history), tools or TODO_TOOLS))


def listed(call: ToolCallItem, *items: dict[str, object]) -> ToolResultItem:
    return ToolResultItem(call.call_id, call.name, json.dumps({"todos": list(items)}))


@pytest.mark.parametrize(
    ("request_text", "arguments"),
    [
        ("add a todo called Buy milk", {"title": "Buy milk"}),
        ("add an important todo: renew passport", {"title": "renew passport", "priority": "high"}),
        (
            "please add a todo to buy a birthday present for Tom, tag it family",
            {"title": "buy a birthday present for Tom", "tags": ["family"]},
        ),
        ("new todo: book flights #travel", {"title": "book flights", "tags": ["travel"]}),
        ("ADD A TODO TO BOOK THE CAR SERVICE", {"title": "BOOK THE CAR SERVICE"}),
    ],
)
async def test_titles_keep_their_words_and_casing(
    request_text: str, arguments: dict[str, object]
) -> None:
    assert calls_of(await todo_turn(UserMessage(request_text))) == [("create_todo", arguments)]


async def test_a_rename_changes_the_title_and_the_same_title_changes_nothing() -> None:
    request = UserMessage("rename the dentist todo to see the dentist")
    (listing,) = (await todo_turn(request)).tool_calls
    assert (listing.name, listing.arguments) == ("list_todos", {"status": "all", "limit": 100})
    step = await todo_turn(request, listing, listed(listing, DENTIST))
    assert calls_of(step) == [("update_todo", {"todo_id": "todo_1", "title": "see the dentist"})]

    same = UserMessage("rename the dentist todo to dentist appointment")
    step = await todo_turn(same, listing, listed(listing, DENTIST))
    assert not step.tool_calls and "already" in step.text


async def test_adding_a_tag_keeps_the_tags_the_item_has() -> None:
    request = UserMessage("tag the dentist todo with insurance")
    (listing,) = (await todo_turn(request)).tool_calls
    step = await todo_turn(request, listing, listed(listing, DENTIST))
    assert calls_of(step) == [
        ("update_todo", {"todo_id": "todo_1", "tags": ["health", "insurance"]})
    ]
    removal = UserMessage("remove the health tag from the dentist todo")
    step = await todo_turn(removal, listing, listed(listing, DENTIST))
    assert calls_of(step) == [("update_todo", {"todo_id": "todo_1", "tags": []})]


async def test_a_reference_to_no_item_or_to_several_changes_nothing() -> None:
    request = UserMessage("mark the gym todo as done")
    (listing,) = (await todo_turn(request)).tool_calls
    step = await todo_turn(request, listing, listed(listing, DENTIST))
    assert not step.tool_calls and "gym" in step.text and "nothing was changed" in step.text
    two = UserMessage("mark the dentist todo as done")
    other = {**DENTIST, "todo_id": "todo_2", "title": "call the dentist"}
    step = await todo_turn(two, listing, listed(listing, DENTIST, other))
    assert not step.tool_calls and "dentist appointment" in step.text
    assert "call the dentist" in step.text


async def test_close_tools_mean_no_call_and_phrasings_that_work() -> None:
    bookmark = ToolDefinition(
        "bookmark_add",
        "Save a web page to the shelf",
        {
            "type": "object",
            "properties": {"link": {"type": "string", "format": "uri"}},
            "required": ["link"],
        },
    )
    step = await todo_turn(UserMessage("add stamps"), tools=[*TODO_TOOLS, bookmark])
    assert not step.tool_calls
    assert "not sure" in step.text and "create_todo, e.g. “" in step.text
    assert "bookmark_add, e.g. “" in step.text and "link" in step.text
    assert "Save a web page" not in step.text  # names and examples, not every description


async def test_a_phrasing_shown_takes_the_article_its_noun_wants() -> None:
    event = ToolDefinition(
        "create_event",
        "Put an event in the calendar",
        {
            "type": "object",
            "properties": {"title": {"type": "string"}},
            "required": ["title"],
        },
    )
    step = await todo_turn(UserMessage("add stamps"), tools=[*TODO_TOOLS, event])
    assert not step.tool_calls
    assert "create_event, e.g. “create an event called …”" in step.text
    assert "create_todo, e.g. “create a todo called …”" in step.text


async def test_a_required_value_with_no_source_is_asked_for() -> None:
    log_time = ToolDefinition(
        "log_time",
        "Log time already spent on a project",
        {
            "type": "object",
            "properties": {
                "project": {"type": "string", "description": "the project"},
                "minutes": {"type": "integer", "minimum": 1, "description": "how long, in minutes"},
            },
            "required": ["project", "minutes"],
        },
    )
    step = await todo_turn(UserMessage("log time on Acme"), tools=[log_time])
    assert not step.tool_calls
    (asked,) = step.items
    assert isinstance(asked, AssistantMessage) and asked.question is not None
    assert list(asked.question.fields) == ["minutes"] and "project Acme" in step.text
    step = await todo_turn(UserMessage("log 1h30 on Acme"), tools=[log_time])
    assert calls_of(step) == [("log_time", {"project": "Acme", "minutes": 90})]


async def test_a_listing_says_what_its_default_filter_left_out() -> None:
    request = UserMessage("what's on my todo list?")
    (first,) = (await todo_turn(request)).tool_calls
    assert (first.name, first.arguments) == ("list_todos", {})
    step = await todo_turn(request, first, listed(first))
    (count,) = step.tool_calls
    assert count.arguments == {"status": "all"}
    done = {**DENTIST, "status": "completed"}
    answer = (await todo_turn(request, first, listed(first), count, listed(count, done))).text
    assert answer == "No pending todos; 1 completed — ask for all todos."
    shown = (await todo_turn(request, first, listed(first, DENTIST))).text
    assert "dentist appointment" in shown and "ask for all todos" in shown


async def test_calls_are_checked_against_the_schema_before_they_are_made() -> None:
    tools = [
        *TASK_TOOLS[:1],
        ToolDefinition(
            "update_task",
            "Update a task",
            {
                "type": "object",
                "properties": {
                    "task_id": {"type": "string", "format": "uuid"},
                    "commit": {"type": "string", "pattern": "^[0-9a-f]{40}$"},
                },
                "required": ["task_id"],
            },
        ),
    ]
    request = UserMessage("link commit abc123 to the API docs task")
    (listing,) = (await OfflineRouter().respond(ModelRequest("", [request], tools))).tool_calls
    result = ToolResultItem(
        listing.call_id, listing.name, json.dumps({"tasks": [{"id": UUID, "title": "API docs"}]})
    )
    step = await OfflineRouter().respond(ModelRequest("", [request, listing, result], tools))
    assert not step.tool_calls
    assert "commit 'abc123' does not match the pattern" in step.text


async def test_how_a_request_was_read_is_logged(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.INFO, logger="orchestrator.offline"):
        await todo_turn(UserMessage("remind me to buy eggs tomorrow at 3pm"))
    text = caplog.text
    assert "action create (remind)" in text
    assert re.search(r"tool create_todo \d+\.\d \(verb", text) and "runner-up" in text
    assert "title='buy eggs' <- 'buy eggs'" in text
    assert "due_date=" in text and "<- 'tomorrow at 3pm'" in text


async def test_tools_two_servers_share_are_told_apart_by_their_server() -> None:
    search = {"type": "object", "properties": {"text": {"type": "string"}}}
    tools = [
        ToolDefinition("bookmarks__search", "Search saved bookmarks", search, read_only=True),
        ToolDefinition("calendar__search", "Search meetings", search, read_only=True),
    ]
    step = await OfflineRouter().respond(
        ModelRequest("", [UserMessage("search my bookmarks for pizza")], tools)
    )
    assert calls_of(step) == [("bookmarks__search", {"text": "pizza"})]
    step = await OfflineRouter().respond(ModelRequest("", [UserMessage("search for pizza")], tools))
    assert not step.tool_calls and "bookmarks__search" in step.text


async def test_a_call_the_user_did_not_approve_is_said_to_need_confirmation() -> None:
    request = UserMessage(f"mark task {UUID} complete")
    call = ToolCallItem("c1", "update_task", {"task_id": UUID, "status": "complete"})
    refused = ToolResultItem("c1", "update_task", "Not executed", "not_executed")
    text = (await route(request, call, refused)).text
    assert "needs your confirmation" in text and "did not work" not in text
