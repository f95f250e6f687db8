"""A kind of a tool's thing that only its own enum lists (`log_workout(type: stretch |
exercise)`), said in some form ("stretching"), names the tool as its noun would, and a thing of
that kind said done ("did a 10 minute yoga stretch 2 hours ago") is a record of it, never a
thing to find and mark done; "2 hours ago" fills a count of minutes gone by. Trial 16, w22 and
x08: the stretch was looked for among the todos, and "log 20 minutes of stretching" asked
whether water was meant."""

from __future__ import annotations

from tests.orchestrator.offline._routing import calls, integer, string, text, tool, turn

WORKOUT = tool(
    "log_workout",
    "Log a workout or stretch with type, name, and duration",
    {
        "type": {"type": "string", "enum": ["stretch", "exercise"]},
        "name": text("Name of the workout"),
        "duration": {**integer(), "description": "Duration in seconds"},
        "minutes_ago": {**integer(), "description": "How many minutes ago this happened."},
    },
    "type",
    "name",
    "duration",
)
WATER = tool(
    "log_water",
    "Log water intake with amount",
    {
        "amount": {"type": "number", "description": "Amount of water consumed"},
        "minutes_ago": {**integer(), "description": "How many minutes ago this happened."},
    },
    "amount",
)
STATUS = {"type": "string", "enum": ["pending", "completed"]}
TODO = tool("update_todo", "Update a todo", {"todo_id": string(), "status": STATUS}, "todo_id")
LIST = tool("list_todos", "List todos", {"status": STATUS})
TOOLS = [TODO, LIST, WATER, WORKOUT]


async def test_a_kind_only_one_tool_lists_names_it() -> None:
    response = await turn(TOOLS, "log 20 minutes of stretching")
    assert not calls(response)
    assert "log_water" not in response.text
    assert "log_workout" in response.text


async def test_a_thing_of_that_kind_said_done_is_logged() -> None:
    assert calls(await turn(TOOLS, "did a 10 minute yoga stretch 2 hours ago")) == [
        (
            "log_workout",
            {"type": "stretch", "name": "yoga", "duration": 600, "minutes_ago": 120},
        )
    ]
