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
from orchestrator.offline._choose import rank
from orchestrator.offline._read import read
from orchestrator.offline._tools import ToolView
from orchestrator.offline.lexicon import WEIGHTS

TEXT = {"type": "string"}
REF = {"job_ref": TEXT}
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


async def test_a_percentage_said_done_is_how_far_along_not_done() -> None:
    assert await writes("the garden fence is about 70% done") == [
        ("update_job", {"job_ref": "j1", "progress": 70})
    ]
    assert await writes("set the permit job to 30% progress") == [
        ("update_job", {"job_ref": "j3", "progress": 30})
    ]


async def test_a_change_to_the_thing_a_request_names_is_no_new_one() -> None:
    assert await writes("bump the permit job to high priority") == [
        ("update_job", {"job_ref": "j3", "priority": "high"})
    ]


async def test_an_items_name_said_to_change_it_is_no_new_name() -> None:
    assert await writes("make the garden fence job low priority") == [
        ("update_job", {"job_ref": "j1", "priority": "low"})
    ]


def test_a_change_to_the_item_a_request_names_outscores_making_one() -> None:
    level = {"type": "string", "enum": ["low", "high"]}
    add = {"type": "object", "properties": {"title": TEXT, "priority": level}}
    change = {"type": "object", "properties": {"job_ref": TEXT, "priority": level}}
    views = [
        ToolView.of("add_job", "Add a job", {**add, "required": ["title"]}),
        ToolView.of(
            "rota__update_job", "Change a job in place", {**change, "required": ["job_ref"]}
        ),
    ]
    ranked = rank(read("bump the permit job to high priority"), views)
    scores = {s.tool.name: s.score for s in ranked}
    assert scores["rota__update_job"] - scores["add_job"] >= WEIGHTS.margin, scores
