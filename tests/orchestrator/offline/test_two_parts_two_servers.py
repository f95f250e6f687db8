"""A request of two parts, each for its own server, and "my list" as the list of things to do
(trial 14: x02, x04, d23, x11). A second clause that is a request of its own ("... and add
"break in new shoes" to my todo list", "... and also remind me about it friday at 9", "it" the
record the first part makes) is written after the first, one a turn; one that needs a question
is said not done, never dropped in silence. "My list" names the tools that keep things to do,
never money or workouts."""

from __future__ import annotations

import calendar
import json
from datetime import date, datetime
from typing import Any

from orchestrator import ToolDefinition, UserMessage
from orchestrator.messages import Item, ToolCallItem, ToolResultItem
from orchestrator.models import ModelRequest
from orchestrator.offline import OfflineRouter
from tests.orchestrator.conftest import ZONE
from tests.orchestrator.offline._routing import calls, run_with, string, text, tool, turn

MADE = json.dumps({"status": "success", "id": 7})
NUMBER = {"type": "number"}
CREATE_TODO = tool(
    "create_todo",
    "Create a new todo item with optional due date",
    {
        "title": text("The todo item title"),
        "due_date": text("Due date, ISO 8601 (a date alone: that day)", format="date-time"),
    },
    "title",
)
ADD_EXPENSE = tool(
    "add_expense",
    "Add a new expense.",
    {"date": string(), "amount": NUMBER, "category": string(), "note": string()},
    "date",
    "amount",
    "category",
)
ADD_INCOME = tool(
    "add_income",
    "Add a new income.",
    {"date": string(), "amount": NUMBER, "source": string()},
    "date",
    "amount",
    "source",
)
LOG_WORKOUT = tool(
    "log_workout",
    "Log a workout session.",
    {"date": string(), "exercise": string(), "minutes": NUMBER},
    "exercise",
)
ADD_NOTE = tool("add_note", "Add a note to the notebook.", {"text": text("The note text")}, "text")
ADD_LINE = tool(
    "add_line",
    "Add a todo line to the todo file.",
    {"text": text("The todo text"), "project": string()},
    "text",
)
OUTPUTS = {t.name: MADE for t in (CREATE_TODO, ADD_EXPENSE, ADD_NOTE, ADD_LINE)}
SHOES = 'bought running shoes for 89.99 today, and add "break in new shoes" to my todo list'


def _today() -> date:
    return datetime.now(ZONE).date()


async def test_my_list_is_the_list_of_things_to_do() -> None:
    tools = [ADD_EXPENSE, ADD_INCOME, LOG_WORKOUT, CREATE_TODO]
    assert calls(await turn(tools, 'add "run 5k" to my list')) == [
        ("create_todo", {"title": "run 5k"})
    ]
    said = 'put "renew car insurance" on my list for the end of the month'
    ((name, args),) = calls(await turn(tools, said))
    today = _today()
    month_end = today.replace(day=calendar.monthrange(today.year, today.month)[1])
    assert name == "create_todo" and args["title"] == "renew car insurance", args
    assert str(args["due_date"]).startswith(str(month_end)), args


async def test_a_second_request_on_my_todo_list_is_written_after_the_first() -> None:
    made = await run_with([ADD_EXPENSE, CREATE_TODO], OUTPUTS, SHOES)
    assert [name for name, _ in made] == ["add_expense", "create_todo"], made
    expense = made[0][1]
    assert expense["amount"] == 89.99 and expense["date"] == str(_today()), expense
    assert expense["note"] == "running shoes", expense
    assert made[1][1] == {"title": "break in new shoes"}, made


async def test_it_in_a_second_request_is_the_record_the_first_made() -> None:
    said = 'add "prepare slides" to my notes and also remind me about it friday at 9'
    made = await run_with([ADD_NOTE, CREATE_TODO], OUTPUTS, said)
    assert made[0] == ("add_note", {"text": "prepare slides"}), made
    assert made[1][0] == "create_todo" and made[1][1]["title"] == "prepare slides", made
    due = datetime.fromisoformat(str(made[1][1]["due_date"]))
    assert due.weekday() == calendar.FRIDAY and (due.hour, due.minute) == (9, 0), due


async def test_a_second_request_that_needs_a_question_is_said_not_done() -> None:
    tools: list[ToolDefinition] = [ADD_EXPENSE, CREATE_TODO, ADD_LINE]  # two kinds of todo
    history: list[Item] = [UserMessage(SHOES)]
    names: list[str] = []
    for _ in range(3):
        response = await OfflineRouter().respond(ModelRequest("", history, tools))
        if not response.tool_calls:
            break
        for call in response.tool_calls:
            names.append(call.name)
            history += [
                ToolCallItem(call.call_id, call.name, call.arguments),
                ToolResultItem(call.call_id, call.name, OUTPUTS[call.name]),
            ]
    answer: Any = response
    assert names == ["add_expense"], names
    assert "break in new shoes" in answer.text and "not done" in answer.text, answer.text
