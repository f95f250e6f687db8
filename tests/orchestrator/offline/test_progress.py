"""How far along a thing is, said as a percentage, over a schema of its own: "the fence is
about 70% done" changes the item's `progress` (never marks it done), "set the permit to 30%
progress" too; and a change said of the item a request names ("bump the permit job to high
priority") is never a new item, nor its name a new name."""

from __future__ import annotations

import json
from typing import Any

from orchestrator import ToolDefinition, UserMessage
from orchestrator.messages import AssistantMessage, Item, ToolCallItem, ToolResultItem
from orchestrator.models import ModelRequest
from orchestrator.offline import OfflineRouter

REF = {"job_ref": {"type": "string"}}
TOOLS = [
    ToolDefinition("list_jobs", "List the jobs on the rota.", {"type": "object", "properties": {}}),
    ToolDefinition(
        "settle_job",
        "Mark a job as completed.",
        {"type": "object", "properties": REF, "required": ["job_ref"]},
    ),
    ToolDefinition(
        "add_job",
        "Add a job",
        {
            "type": "object",
            "properties": {
                "title": {"type": "string"},
                "priority": {"type": "string", "enum": ["low", "high"]},
            },
            "required": ["title"],
        },
    ),
    ToolDefinition(
        "update_job",
        "Update a job",
        {
            "type": "object",
            "properties": {
                **REF,
                "progress": {"type": "integer", "minimum": 0, "maximum": 100},
                "priority": {"type": "string", "enum": ["low", "high"]},
                "name": {"type": "string"},
                "note": {"type": "string"},
            },
            "required": ["job_ref"],
        },
    ),
]
JOBS = {"jobs": [{"id": "j1", "name": "Garden fence"}, {"id": "j3", "name": "Renew the permit"}]}


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


async def test_an_items_name_said_to_change_it_is_no_new_name() -> None:
    assert await writes("make the garden fence job low priority") == [
        ("update_job", {"job_ref": "j1", "priority": "low"})
    ]
