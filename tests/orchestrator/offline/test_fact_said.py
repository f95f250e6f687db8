"""A fact said with no verb of ours ("the billing task is on branch X", "Ana works at Acme",
"Ana knows Ben") is never answered with a listing: the router asks which tool should record
it; once one is chosen, the values it read are shown to be confirmed, and only a yes writes
them (user trial 10, rows 60, 84, 154, 156)."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from orchestrator import ToolDefinition
from orchestrator.offline._read import read
from servers._common.schema import tool_schema
from servers.tasks.tools import TASK_TOOLS
from tests.orchestrator.offline.test_everyday_writes import BILLING, billing
from tests.orchestrator.offline.test_found_elsewhere import SERVER
from tests.orchestrator.offline.test_found_elsewhere import TOOLS as TODO_AND_MORE
from tests.orchestrator.offline.test_write_gate import Server, asks, run, writes

TASKS = [ToolDefinition(s.name, s.description, tool_schema(s.input_model)) for s in TASK_TOOLS]
NAMES = {"type": "array", "items": {"type": "string"}}


def _tool(name: str, description: str, properties: dict[str, Any]) -> ToolDefinition:
    schema = {"type": "object", "properties": properties, "required": list(properties)}
    return ToolDefinition(name, description, schema, server="memory")


def _many(inner: dict[str, Any]) -> dict[str, Any]:
    item = {"type": "object", "properties": inner, "required": list(inner)}
    return {"type": "array", "items": item}


TEXT = {"type": "string"}
MEMORY = [
    _tool("read_graph", "Read the entire knowledge graph", {}),
    _tool(
        "search_nodes",
        "Search for nodes in the knowledge graph based on a query",
        {"query": TEXT},
    ),
    _tool(
        "open_nodes",
        "Open specific nodes in the knowledge graph by their names",
        {"names": NAMES},
    ),
    _tool(
        "create_entities",
        "Create multiple new entities in the knowledge graph",
        {"entities": _many({"name": TEXT, "entityType": TEXT, "observations": NAMES})},
    ),
    _tool(
        "create_relations",
        "Create multiple new relations between entities in the knowledge graph. Relations "
        "should be in active voice",
        {"relations": _many({"from": TEXT, "to": TEXT, "relationType": TEXT})},
    ),
    _tool(
        "add_observations",
        "Add new observations to existing entities in the knowledge graph",
        {"observations": _many({"entityName": TEXT, "contents": NAMES})},
    ),
]
GRAPH = {
    "entities": [{"type": "entity", "name": "Ana", "entityType": "person", "observations": []}],
    "relations": [],
}
READS = ("read_graph", "search_nodes", "open_nodes", "list_tasks")


def memory() -> Server:
    return {
        "read_graph": lambda _: GRAPH,
        "search_nodes": lambda _: GRAPH,
        "open_nodes": lambda _: GRAPH,
        "add_observations": lambda args: json.loads(json.dumps(args)),
    }


async def test_a_fact_said_of_a_task_is_asked_about_then_written_once_confirmed() -> None:
    said = "the billing task is on branch feat/billing-pg16"
    made, response = await run(TASKS, billing(), said)
    assert asks(response) and writes(made, *READS) == [], made
    assert "update_task" in response.text
    made, response = await run(TASKS, billing(), said, "tool: update_task")
    assert asks(response) and writes(made, *READS) == [], made
    assert "feat/billing-pg16" in response.text
    made, _ = await run(TASKS, billing(), said, "tool: update_task", "yes")
    assert writes(made, *READS) == [
        ("update_task", {"task_id": BILLING, "branch": "feat/billing-pg16"})
    ], made


async def test_a_fact_said_of_a_person_is_asked_about_never_listed() -> None:
    for said in ("Ana knows Ben", "Ana works at Acme", "Ben is married to Ana"):
        made, response = await run(MEMORY, memory(), said)
        assert asks(response), (said, response.text)
        assert writes(made, *READS) == [], made
        assert "add_observations" in response.text and "create_relations" in response.text


async def test_an_observation_is_added_only_once_its_values_are_confirmed() -> None:
    said = "Ana works at Acme"
    made, response = await run(MEMORY, memory(), said, "tool: add_observations")
    assert asks(response) and writes(made, *READS) == [], made
    assert "works at Acme" in response.text
    made, _ = await run(MEMORY, memory(), said, "tool: add_observations", "no")
    assert writes(made, *READS) == [], made
    made, _ = await run(MEMORY, memory(), said, "tool: add_observations", "yes")
    assert writes(made, *READS) == [
        (
            "add_observations",
            {"observations": [{"entityName": "Ana", "contents": ["works at Acme"]}]},
        )
    ], made


VOCABULARY = frozenset({"todo", "todos", "list", "time", "current"})  # words of the tools


def test_a_question_or_a_listing_is_no_fact_said() -> None:
    now = datetime.now().astimezone()
    for said in (
        "if it's 3pm on dec 1st 2026 in New York what time is it in Tokyo",
        "it is 3pm in Tokyo",
        "todos that are due friday",
        "my todos for tomorrow",
    ):
        assert not read(said, VOCABULARY, now).action.stated, said
    assert read("Ana knows Ben", frozenset(), now).action.stated


async def test_a_thing_to_do_on_a_day_with_no_verb_of_ours_is_never_listed() -> None:
    """ "call 555-1234 about the car insurance next friday, high priority": no verb of ours, a
    date, and a first word no tool has: a thing to do then, never a listing's filter (trial 10,
    row 4); the todo keeps it when it alone takes all of it (`_errand`), else it is asked
    about."""
    server = {**SERVER, "create_todo": lambda args: {"success": True, "todo_id": "todo_new"}}
    for said in (
        "call 555-1234 about the car insurance next friday, high priority",
        "pick up the dry cleaning on saturday",
    ):
        made, response = await run(TODO_AND_MORE, server, said)
        assert [n for n, _ in made if n == "list_todos"] == [], made
        written = [n for n, _ in writes(made, "list_agents", "list_todos")]
        assert "create_todo" in response.text or written == ["create_todo"], response.text
    made, _ = await run(TODO_AND_MORE, server, "pick up the dry cleaning on saturday")
    ((_, args),) = [(n, a) for n, a in made if n == "create_todo"]
    assert args["title"] == "pick up the dry cleaning"
    assert datetime.fromisoformat(args["due_date"]).weekday() == 5
