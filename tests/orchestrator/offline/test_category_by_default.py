"""An expense's class said only as what was bought ("spent £12.40 on lunch at Pret": food) fills
a category that is optional with a default of its own (`category: str = "Other"`), spelled as
the default is ("Food"), as it does a required one: trial 17 (expense-tracker-ai-mcp 1.0.11),
e01 and e23 were filed under "Other". Words of no class leave the default alone."""

from __future__ import annotations

from tests.orchestrator.offline._routing import calls, string, tool, turn

EXPENSE = tool(
    "add_expense",
    "Add new expense",
    {
        "amount": {"type": "number"},
        "category": {"type": "string", "default": "Other"},
        "description": {"type": "string", "default": ""},
        "date": {"type": "string", "default": ""},
    },
    "amount",
)
LOWER = tool(
    "log_spend",
    "Log money spent",
    {
        "amount": {"type": "number"},
        "category": {"type": "string", "default": "misc"},
        "note": string(),
    },
    "amount",
)


async def test_the_class_of_what_was_bought_fills_a_category_with_a_default() -> None:
    ((_, args),) = calls(await turn([EXPENSE], "spent £12.40 on lunch at Pret"))
    assert (args["amount"], args["category"]) == (12.4, "Food"), args
    ((_, args),) = calls(await turn([EXPENSE], "paid 60 for petrol at Shell"))
    assert args["category"] == "Transport", args
    ((_, args),) = calls(await turn([LOWER], "spent 9 on a taxi"))
    assert args["category"] == "transport", args


async def test_no_class_leaves_the_default() -> None:
    ((_, args),) = calls(await turn([EXPENSE], "spent 40 on stuff"))
    assert "category" not in args, args
