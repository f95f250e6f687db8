"""A number said of the records a write makes counts them, it is no value of one: "log 5 expenses
for me" logged an expense of 5 (trial 17, e28). The values the records need are asked for; a
tool that takes a count takes it there."""

from __future__ import annotations

from tests.orchestrator.offline._routing import calls, integer, string, text, tool, turn

EXPENSE = tool(
    "add_expense",
    "Add new expense",
    {"amount": {"type": "number"}, "category": string(), "description": string()},
    "amount",
)
TODO = tool("create_todo", "Create a new todo item", {"title": text("The todo title")}, "title")


async def test_a_count_of_the_records_is_no_value_of_one() -> None:
    for said in ("log 5 expenses for me", "add 3 todos"):
        step = await turn([EXPENSE, TODO], said)
        assert not calls(step), (said, calls(step))
        assert "amount" in step.text or "title" in step.text, step.text


async def test_a_tool_that_takes_a_count_still_gets_it() -> None:
    cards = tool(
        "generate_cards",
        "Generate flashcards on a topic",
        {"topic": string(), "count": integer()},
        "topic",
        "count",
    )
    ((name, args),) = calls(await turn([cards], "generate 5 cards about french verbs"))
    assert (name, args["count"]) == ("generate_cards", 5), args
    step = await turn([EXPENSE], "add an expense of 5 for coffee")
    assert calls(step) == [("add_expense", {"amount": 5, "description": "coffee"})], calls(step)
