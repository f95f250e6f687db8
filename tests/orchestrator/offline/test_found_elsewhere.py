"""A record named by its title goes to the server that holds it: when the tool the verb ranks
first (an agent's task to cancel) finds no record of that name, and one other kind of thing
does (a todo "dentist appt"), the request acts on that one; no other kind holding it leaves
the answer that none is named so (user trial 10, "cancel the dentist appt")."""

from __future__ import annotations

from typing import Any

from orchestrator import ToolDefinition
from servers._common.schema import tool_schema
from servers.fleet.tools import FLEET_TOOLS
from servers.tasks.tools import TASK_TOOLS
from servers.todo.tools import TODO_TOOLS
from tests.orchestrator.offline.test_write_gate import Server, run, writes


def _defs(specs: Any) -> list[ToolDefinition]:
    return [
        ToolDefinition(
            s.name,
            s.description,
            tool_schema(s.input_model),
            destructive=s.name.startswith("delete"),
        )
        for s in specs
    ]


TOOLS = _defs(TODO_TOOLS) + _defs(FLEET_TOOLS) + _defs(TASK_TOOLS)
TODOS = [
    {"todo_id": "todo_4qvnyo61dn", "title": "dentist appt", "status": "pending"},
    {"todo_id": "todo_rt6ufq0rlp", "title": "wrap presents", "status": "pending"},
]
SERVER: Server = {
    "list_todos": lambda _: {"todos": TODOS, "count": len(TODOS), "next_offset": None},
    "list_agents": lambda _: {"agents": [{"name": "helper", "status": "idle"}], "count": 1},
    "list_tasks": lambda _: {"tasks": [], "count": 0, "next_offset": None},
    "delete_todo": lambda args: {"success": True, "todo_id": args["todo_id"]},
}


async def test_a_name_only_one_kind_of_thing_holds_goes_to_it() -> None:
    for said in ("cancel the dentist appt", "cancel the wrap presents"):
        made, _ = await run(TOOLS, SERVER, said)
        assert [name for name, _ in writes(made, "list_todos", "list_agents", "list_tasks")] == [
            "delete_todo"
        ], (said, made)


async def test_a_name_no_kind_holds_is_said_so() -> None:
    made, response = await run(TOOLS, SERVER, "cancel the plumber visit")
    assert writes(made, "list_todos", "list_agents", "list_tasks") == [], made
    assert "plumber visit" in response.text


async def test_a_value_said_after_a_link_is_asked_about_on_the_record_that_holds_the_name() -> None:
    """ "set wrap presents priority to 1": the value after "to" is the one that does not fit
    (asked about, on the todo "wrap presents"), never "presents" (trial 10, row 204)."""
    server = {**SERVER, "update_todo": lambda args: {"success": True, **args}}
    made, response = await run(TOOLS, server, "set wrap presents priority to 1")
    assert writes(made, "list_todos", "list_agents", "list_tasks") == [], made
    assert "update_todo" in response.text and "low, medium, high" in response.text
    made, _ = await run(TOOLS, server, "set wrap presents priority to 1", "high")
    assert writes(made, "list_todos", "list_agents", "list_tasks") == [
        ("update_todo", {"todo_id": "todo_rt6ufq0rlp", "priority": "high"})
    ], made


async def test_a_record_whose_kind_is_said_is_looked_for_there_only() -> None:
    """ "delete the plumber todo": the todos are listed, nobody else's records (user trial 12:
    each such request listed the journal and the habits too, and spent a rate-limited habits
    server's calls for the day)."""
    made, response = await run(TOOLS, SERVER, "delete the plumber todo")
    assert [name for name, _ in made] == ["list_todos"], made
    assert "plumber" in response.text
