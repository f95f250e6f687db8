"""Two shapes of user trial 20's servers. An expense tracker whose category is an enum of its
own (`Food`, `Transport`, `Bills`, ...) inside a `params` object: the class of what was bought
is the member named for it ("coffee and a bagel 6.75": Food), or the one its class falls under
("groceries ...": Food, "new jeans 49.99": Shopping), and a class with neither is asked
about; at first sight every expense asked for its category. A metered server whose
every tool takes an optional `api_key`: no word of a request is ever sent in it ("what habits am
i tracking" had sent `api_key="am i tracking"`). And a weight said with a reflexive pronoun,
"weighed myself, 182.4 lbs", is logged ("myself" had been a word not understood)."""

from __future__ import annotations

from typing import Any

from tests.orchestrator.offline._routing import calls, string, tool, turn

CATEGORY = {
    "enum": [
        "Food",
        "Transport",
        "Bills",
        "Shopping",
        "Health",
        "Entertainment",
        "Education",
        "Income",
        "Other",
    ],
    "type": "string",
}
ADD_INPUT: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "amount": {"type": "number", "description": "Amount (must be > 0)"},
        "category": {"$ref": "#/$defs/Category", "description": "Spending category"},
        "description": {"type": "string", "description": "Brief description"},
        "type": {"enum": ["expense", "income"], "type": "string", "default": "expense"},
        "date": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None},
    },
    "required": ["amount", "category", "description"],
}
EXPENSE = tool(
    "expense_add",
    "Record a new expense or income transaction.",
    {"params": {"$ref": "#/$defs/AddExpenseInput"}},
    "params",
    server="budget",
)
EXPENSE.input_schema["$defs"] = {"AddExpenseInput": ADD_INPUT, "Category": CATEGORY}
KEYED = {"api_key": {"type": "string", "default": "", "title": "Api Key"}}
ARGS = "\n\n    Args:\n        api_key (str): The api key to analyze or process.\n"
HABITS = tool("get_all_habits", "Get all habits" + ARGS, KEYED, server="habits")
CREATE = tool(
    "create_habit", "Create new habit" + ARGS, {"name": string(), **KEYED}, "name", server="habits"
)


async def test_the_class_of_what_was_bought_is_the_member_named_for_it() -> None:
    for said, category in (
        ("coffee and a bagel 6.75", "Food"),
        ("spent 35 at the pharmacy", "Health"),
    ):
        ((name, args),) = calls(await turn([EXPENSE], said))
        assert (name, args["params"]["category"]) == ("expense_add", category), args


async def test_a_class_no_member_is_named_for_falls_under_a_broader_one() -> None:
    for said, category in (
        ("groceries at trader joes $63.80", "Food"),
        ("new jeans 49.99", "Shopping"),
    ):
        ((name, args),) = calls(await turn([EXPENSE], said))
        assert (name, args["params"]["category"]) == ("expense_add", category), args


async def test_a_class_with_no_member_nor_a_broader_one_is_asked_about() -> None:
    step = await turn([EXPENSE], "new novel from the bookshop $18")
    assert not calls(step) and "category" in step.text, step.text


async def test_no_word_of_a_request_is_sent_as_the_servers_api_key() -> None:
    for said in ("what habits am i tracking", "new habit: floss"):
        made = calls(await turn([HABITS, CREATE], said))
        assert made and not any(args.get("api_key") for _, args in made), made


WEIGHT = tool(
    "log_weight",
    "Log a weight measurement. Date defaults to today.",
    {"weight_lbs": {"type": "number"}, "date": string()},
    "weight_lbs",
    server="health",
)


async def test_a_reflexive_pronoun_is_a_function_word() -> None:
    made = calls(await turn([WEIGHT, EXPENSE, CREATE], "weighed myself, 182.4 lbs"))
    assert made == [("log_weight", {"weight_lbs": 182.4})], made
