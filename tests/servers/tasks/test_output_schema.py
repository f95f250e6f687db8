"""The tools' output schemas are listed self-contained (`servers.tasks.tools.TaskTool`): the
same meaning as the models' own schemas, cheaper for a client to check, and a result that
breaks them is still reported by the client, as the MCP SDK reports it."""

from __future__ import annotations

import json
import re
from typing import Any

import jsonschema
import pytest
from mcp import Client

from servers._common.app import build_server
from servers._common.schema import tool_schema
from servers.tasks.models import ListTasksInput, ListTasksResult
from servers.tasks.tools import TASK_TOOLS, TasksEnvelope, TaskTool, self_contained

SUMMARY = {
    "id": "0b6f3d4e-8a51-4c1f-9d0e-2f7f6a1c9b11",
    "title": "Write the plan",
    "status": "in-progress",
    "created_at": "2025-10-10T10:00:00Z",
    "updated_at": "2025-10-10T10:05:00Z",
}
FULL = {
    **SUMMARY,
    "description": None,
    "notes": "after the refactor",
    "planning_references": ["specs/a.md"],
    "branches": ["001-plan"],
    "commits": ["a1b2c3d4e5f6789012345678901234567890abcd"],
}
FINE = [
    {"tasks": [SUMMARY, SUMMARY], "total_count": 2},
    {"tasks": [FULL], "total_count": 1},
    {"tasks": [], "total_count": 0},
    {"tasks": [{**FULL, "notes": 3}], "total_count": 1},  # a summary with more: the first shape
]
BROKEN = [
    {"tasks": [{**SUMMARY, "status": "done"}], "total_count": 1},
    {"tasks": [{k: v for k, v in SUMMARY.items() if k != "title"}], "total_count": 1},
    {"tasks": [SUMMARY], "total_count": "1"},
    {"tasks": SUMMARY, "total_count": 1},
    {"total_count": 0},
    # the contract's constraints, published: a title has 1 to 200 characters
    {"tasks": [{**SUMMARY, "title": ""}], "total_count": 1},
    {"tasks": [{**FULL, "title": "t" * 201}], "total_count": 1},
]
LISTINGS = FINE + BROKEN


def valid(instance: Any, schema: dict[str, Any]) -> bool:
    return jsonschema.Draft202012Validator(schema).is_valid(instance)


def test_every_listed_output_schema_is_self_contained() -> None:
    for spec in TASK_TOOLS:
        listed = spec.to_mcp().output_schema
        assert listed is not None
        assert "$ref" not in json.dumps(listed) and "$defs" not in listed, spec.name


@pytest.mark.parametrize("instance", LISTINGS, ids=range(len(LISTINGS)))
def test_the_listed_list_tasks_schema_accepts_what_the_models_schema_does(
    instance: dict[str, Any],
) -> None:
    listed = TASK_TOOLS[0].to_mcp().output_schema
    assert listed is not None
    own = tool_schema(ListTasksResult, output=True)
    assert "$defs" in own, "the model's own schema has references to inline"
    assert valid(instance, listed) == valid(instance, own) == (instance in FINE)


def test_a_full_task_is_published_with_the_contracts_constraints() -> None:
    """A commit is a full hash, a title 1 to 200 characters, the times date-times (a "format"
    validators need not check)."""
    get_task = next(spec for spec in TASK_TOOLS if spec.name == "get_task").to_mcp()
    schema = get_task.output_schema
    assert schema is not None and valid(FULL, schema)
    assert not valid({**FULL, "commits": ["a1b2c3d"]}, schema)
    assert not valid({**FULL, "title": "t" * 201}, schema)
    times = [schema["properties"][k] for k in ("created_at", "updated_at")]
    assert [t.get("format") for t in times] == ["date-time", "date-time"]


def test_a_reference_that_cannot_be_inlined_is_refused() -> None:
    with pytest.raises(ValueError, match="cannot inline"):
        self_contained({"properties": {"a": {"$ref": "#/$defs/Missing"}}, "$defs": {}})
    looping = {"$ref": "#/$defs/Node", "$defs": {"Node": {"items": {"$ref": "#/$defs/Node"}}}}
    with pytest.raises(ValueError, match="cannot inline"):
        self_contained(looping)


@pytest.mark.parametrize("body", BROKEN, ids=range(len(BROKEN)))
async def test_a_result_that_breaks_the_listed_schema_is_reported_by_the_client(
    body: dict[str, Any],
) -> None:
    """A server answering list_tasks with a body its listed schema refuses: the SDK's client
    raises, as it does for any server (validation is not skipped for the cheaper schema)."""

    def handler(state: None, arguments: ListTasksInput) -> dict[str, Any]:
        return body

    tool = TaskTool(
        name="list_tasks", description="broken", input_model=ListTasksInput, handler=handler,
        output_model=ListTasksResult,
    )  # fmt: skip
    server = build_server("broken-tasks", [tool], TasksEnvelope())
    async with Client(server) as client:
        await client.list_tools()
        with pytest.raises(RuntimeError, match=re.escape("tool list_tasks")):
            await client.call_tool("list_tasks", {})
