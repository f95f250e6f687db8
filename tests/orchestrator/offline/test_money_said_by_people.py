"""Money said as people say it, over a finance server whose arguments all sit in one `args`
object (personal-finance-tracker 0.1.0, trial 18). "sold my old bike for 150 yesterday" and
"freelance gig paid me 450 on nov 25" are money received, its source the words left in one run
(m21 went to `update_todo`, m09 offered the todo tools); the words left of a purchase in one run
with its note are the note ("uber to the airport", m05: "airport" was asked about; "birthday
gift for mom", m28); the class a purchase was read as, said too, agrees ("electricity bill
84.20, utilities", m23)."""

from __future__ import annotations

from tests.orchestrator.offline._routing import calls, string, tool, turn
from tests.orchestrator.offline.test_happened_day import ADD_EXPENSE, ADD_INCOME

TODO = tool("create_todo", "Create a todo", {"title": string()}, "title")
UPDATE = tool("update_todo", "Update a todo", {"todo_id": string(), "title": string()}, "todo_id")
TOOLS = [ADD_EXPENSE, ADD_INCOME, TODO, UPDATE]  # the finance server, as met before


async def _one(said: str) -> tuple[str, dict[str, object]]:
    ((name, args),) = calls(await turn(TOOLS, said))
    inner = args["args"]
    assert isinstance(inner, dict), args
    return name, inner


async def test_money_received_said_by_its_verb_has_the_words_left_for_its_source() -> None:
    name, args = await _one("sold my old bike for 150 yesterday")
    assert (name, args["amount"], args["source"]) == ("add_income", 150, "old bike"), args
    name, args = await _one("freelance gig paid me 450 on nov 25")
    assert (name, args["amount"], args["source"]) == ("add_income", 450, "freelance gig"), args


async def test_the_words_left_of_a_purchase_in_one_run_are_its_note() -> None:
    _, args = await _one("birthday gift for mom 40 euros today, category gifts")
    assert (args["category"], args["note"]) == ("gifts", "birthday gift for mom"), args
    _, args = await _one("uber to the airport 38 bucks on the 28th, category transport")
    assert args["note"] == "uber to the airport", args
    _, args = await _one("electricity bill 84.20 on 2026-11-15, utilities")
    assert (args["category"], args["note"]) == ("utilities", "electricity bill"), args


async def test_words_apart_from_the_note_are_still_asked_about() -> None:
    step = await turn(TOOLS, "coffee 3.80 today, category food, pay the plumber")
    assert not any(
        "plumber" in str(args.get("args", {}).get("note", "")) for _, args in calls(step)
    ), calls(step)


async def test_a_class_in_brackets_is_the_category_and_the_second_half_keeps_its_words() -> None:
    """Trial 18, x06: "bought protein powder for 29.99 (supplements) and log a snack at 15:00:
    ..." asked to log an expense of class food, noted "snack": the words of the second half
    (a meal to log) were the purchase's."""
    meal = tool(
        "log_meal",
        "Log a meal with nutritional information",
        {"meal_type": string(), "time": string(), "foods": {"type": "array", "items": string()}},
        "meal_type",
    )
    said = "bought protein powder for 29.99 (supplements) and log a snack at 15:00: a shake"
    step = await turn([*TOOLS, meal], said)
    ((name, args),) = calls(step)
    inner = args["args"]
    assert (name, inner["category"], inner["note"]) == (
        "add_expense",
        "supplements",
        "protein powder",
    ), inner


async def test_a_remark_in_brackets_is_no_class() -> None:
    step = await turn(TOOLS, "coffee 3.50 today (it was cold), category food")
    assert not any(
        "cold" in str(args.get("args", {}).get("category", "")) for _, args in calls(step)
    ), calls(step)


async def test_a_person_in_brackets_is_no_class() -> None:
    """Trial 19's wrong write: "(dr reyes)" after a payment was filed as its category."""
    step = await turn(TOOLS, "paid 45 for a checkup yesterday (dr reyes)")
    assert not any(
        "reyes" in str(args.get("args", {}).get("category", "")).lower() for _, args in calls(step)
    ), calls(step)
