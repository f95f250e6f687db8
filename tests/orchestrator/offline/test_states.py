"""A state said as a fact, on a server the router has never seen: "X is finished" goes to the
tool described as marking a thing done (not to another "Mark ... as" tool), "I'm starting on X"
to the one that marks it in progress, each on the item the words name."""

from __future__ import annotations

import json
from typing import Any

from orchestrator import ToolDefinition, UserMessage
from orchestrator.messages import AssistantMessage, Item, ToolCallItem, ToolResultItem
from orchestrator.models import ModelRequest
from orchestrator.offline import OfflineRouter
from tests.orchestrator.offline.test_write_gate import Server, run, tool

REF = {"type": "object", "properties": {"job_ref": {"type": "string"}}, "required": ["job_ref"]}
TOOLS = [
    ToolDefinition("list_jobs", "List the jobs on the rota.", {"type": "object", "properties": {}}),
    ToolDefinition(
        "settle_job",
        "Mark a job as completed. Closes its checks too.",
        {**REF, "properties": {**REF["properties"], "force": {"type": "boolean"}}},
    ),
    ToolDefinition("review_job", "Mark a job as in-review (hand it to a checker).", REF),
    ToolDefinition("start_job", "Mark a job as in-progress.", REF),
    ToolDefinition(
        "add_job",
        "Add a job to the rota.",
        {"type": "object", "properties": {"title": {"type": "string"}}, "required": ["title"]},
    ),
]
JOBS = {
    "jobs": [
        {"id": "j1", "title": "Paint the fence"},
        {"id": "j2", "title": "Fix the gate"},
        {"id": "j3", "title": "Renew the permit"},
    ]
}


async def writes(said: str) -> list[tuple[str, dict[str, Any]]]:
    history: list[Item] = [UserMessage(said)]
    made: list[tuple[str, dict[str, Any]]] = []
    router = OfflineRouter()
    for _ in range(6):
        response = await router.respond(ModelRequest("", list(history), TOOLS))
        if not response.tool_calls:
            history.extend(i for i in response.items if isinstance(i, AssistantMessage))
            break
        for call in response.tool_calls:
            out = JOBS if call.name == "list_jobs" else {"ok": True}
            if call.name != "list_jobs":
                made.append((call.name, dict(call.arguments)))
            history.append(ToolCallItem(call.call_id, call.name, dict(call.arguments)))
            history.append(ToolResultItem(call.call_id, call.name, json.dumps(out)))
    return made


async def test_a_thing_said_finished_goes_to_the_tool_that_marks_it_done() -> None:
    assert await writes("the gate fix is finished") == [("settle_job", {"job_ref": "j2"})]


async def test_im_starting_on_a_thing_marks_it_in_progress() -> None:
    assert await writes("I'm starting on the fence painting now") == [
        ("start_job", {"job_ref": "j1"})
    ]


async def test_the_item_is_found_by_its_words_in_another_form() -> None:
    assert await writes("I'm starting on the permit renewal") == [("start_job", {"job_ref": "j3"})]


async def test_a_day_moved_on_an_item_with_no_time_of_day_goes_as_the_day_alone() -> None:
    due = {
        "type": "string",
        "format": "date-time",
        "description": "Due date (a date alone: that day)",
    }
    listing = {
        "tasks": [{"id": 7, "name": "renew passport", "due_date": "2026-11-27T00:00:00+00:00"}]
    }
    tools = [
        ToolDefinition("task_list", "List tasks.", {"type": "object", "properties": {}}),
        ToolDefinition(
            "task_update",
            "Update a task.",
            {
                "type": "object",
                "properties": {"id": {"type": "integer"}, "due_date": due},
                "required": ["id"],
            },
        ),
    ]
    history: list[Item] = [UserMessage("move the passport renewal to monday")]
    router = OfflineRouter()
    made: list[tuple[str, dict[str, Any]]] = []
    for _ in range(4):
        response = await router.respond(ModelRequest("", list(history), tools))
        if not response.tool_calls:
            break
        for call in response.tool_calls:
            out = listing if call.name == "task_list" else {"ok": True}
            made.append((call.name, dict(call.arguments)))
            history.append(ToolCallItem(call.call_id, call.name, dict(call.arguments)))
            history.append(ToolResultItem(call.call_id, call.name, json.dumps(out)))
    ((_, args),) = [m for m in made if m[0] == "task_update"]
    assert args["id"] == 7 and "T" not in args["due_date"], args  # the day alone, no 00:00 UTC


async def test_a_state_said_for_a_yes_no_filter_named_for_it_sets_it() -> None:
    errands = [
        tool(
            "list_errands",
            "List errands, optionally filtered by whether they are finished.",
            {"finished": {"type": "boolean"}},
        ),
        tool(
            "show_errands",
            "Show the errand list.",
            {"with_completed": {"type": "boolean", "default": False}},
        ),
    ]
    server: Server = {"list_errands": lambda a: {"errands": []}, "show_errands": lambda a: {}}
    made, _ = await run(errands[:1], server, "which errands are still not done?")
    assert made == [("list_errands", {"finished": False})]
    made, _ = await run(errands[:1], server, "which errands did I tick off?")
    assert made == [("list_errands", {"finished": True})]
    made, _ = await run(errands[1:], server, "show my errands, with the ones I've done")
    assert made == [("show_errands", {"with_completed": True})]
