"""A thing to do said as an order with a verb of no tool's and a day ("call mom tomorrow", "pay
the electricity bill by next friday"), or added naming no kind of thing ("add buy eggs tomorrow
8am"), is recorded by the one tool that keeps things to do, its words the title and the day the
due date; two such tools that could, a day gone by, a fact said ("Ana works at Acme"), money or
a number said, or a kind of thing named are asked about, never written. Trial 16, t03 and t09:
the router asked which tool records "pay the electricity bill by next friday", offering
`update_todo` too, and whether "add book dentist appointment for the 3rd of next month" was an
account or a transaction."""

from __future__ import annotations

from datetime import date, datetime

from orchestrator import ToolDefinition
from tests.orchestrator.offline._routing import calls, string, text, tool, turn

TODO = tool(
    "create_todo",
    "Create a new todo item with optional due date",
    {
        "title": text("The todo item title"),
        "due_date": text("Due date (YYYY-MM-DD)"),
        "tags": {"type": "array", "items": string()},
    },
    "title",
)
UPDATE = tool(
    "update_todo",
    "Update a todo item",
    {"todo_id": string(), "title": string(), "due_date": string()},
    "todo_id",
)
TASK = tool(
    "add_task",
    "Add a task to the list",
    {"content": text("The task"), "due": text("Due date, ISO")},
    "content",
)
ACCOUNT = tool(
    "add_account",
    "Open a new account.",
    {"name": string(), "open_date": text("Date opened (YYYY-MM-DD)")},
    "name",
)
PERSON = tool("remember", "Record a fact about a person", {"person": string(), "note": string()})


def _due(args: dict[str, str]) -> date:
    return datetime.fromisoformat(args["due_date"]).date()


async def test_an_errand_with_a_day_is_a_todo() -> None:
    ((name, args),) = calls(await turn([TODO, UPDATE], "call mom tomorrow"))
    assert (name, args["title"]) == ("create_todo", "call mom")
    assert _due(args) > datetime.now().date()
    ((name, args),) = calls(await turn([TODO, UPDATE], "pay the electricity bill by next friday"))
    assert (name, args["title"], _due(args).weekday()) == (
        "create_todo",
        "pay the electricity bill",
        4,
    )


async def test_two_tools_that_keep_things_to_do_are_asked_about() -> None:
    response = await turn([TODO, TASK], "call mom tomorrow")
    assert not response.tool_calls
    assert "create_todo" in response.text and "add_task" in response.text


async def test_a_day_gone_by_is_no_errand() -> None:
    assert not (await turn([TODO, UPDATE], "pay the electricity bill last friday")).tool_calls


async def test_a_fact_said_is_no_errand() -> None:
    tools: list[ToolDefinition] = [TODO, UPDATE, PERSON]
    assert not (await turn(tools, "Ana works at Acme since monday")).tool_calls


async def test_a_thing_added_with_a_day_and_no_kind_named_is_a_todo() -> None:
    ((name, args),) = calls(await turn([ACCOUNT, TODO], "add buy eggs tomorrow 8am"))
    assert (name, args["title"]) == ("create_todo", "buy eggs")
    said = "add book dentist appointment for the 3rd of next month, tag health"
    ((name, args),) = calls(await turn([ACCOUNT, TODO], said))
    assert (name, args["title"], _due(args).day) == ("create_todo", "book dentist appointment", 3)


async def test_a_number_or_a_kind_named_is_no_errand() -> None:
    for said in (
        "add 500 to savings tomorrow",
        "add an account for travel tomorrow",
        "spotify 10.99 on the 3rd",  # trial 17, e13: money jotted down, made a todo
    ):
        made = calls(await turn([ACCOUNT, TODO], said))
        assert not [n for n, _ in made if n == "create_todo"], (said, made)
