"""A request said while a question for a name is pending is no name (user trial 20: with a
habits server beside a health log and an expense tracker, "new habit floss every night" asked for
the habit's name, and "movie tickets for me and jess, 27", the next request, became a habit; so
did "weighed myself, 182.4 lbs"). A number set apart after a comma that the tool has nowhere to
put, or a past verb first, makes the reply a request of its own; a plain name still answers."""

from __future__ import annotations

from orchestrator import ToolDefinition, UserMessage
from orchestrator.messages import Item
from orchestrator.models import ModelRequest
from orchestrator.offline import OfflineRouter
from tests.orchestrator.offline._routing import calls, string, tool, turn

HABIT = tool(
    "create_habit",
    "Create new habit",
    {"name": string(), "frequency": string(), "reminder_time": string()},
    "name",
    server="habits",
)
WEIGHT = tool(
    "log_weight",
    "Log a body weight in pounds.",
    {"weight_lbs": {"type": "number"}, "date": string()},
    "weight_lbs",
    server="health",
)
EXPENSE = tool(
    "expense_add",
    "Add an expense.",
    {"amount": {"type": "number"}, "description": string(), "category": string()},
    "amount",
    server="budget",
)
TOOLS: list[ToolDefinition] = [HABIT, WEIGHT, EXPENSE]


async def _replied(reply: str) -> list[tuple[str, dict[str, object]]]:
    request = UserMessage("new habit floss every night")
    asked = await turn(TOOLS, request.text)
    assert not calls(asked) and "name" in asked.text, asked.text
    history: list[Item] = [request, asked.items[0], UserMessage(reply)]
    return calls(await OfflineRouter().respond(ModelRequest("", history, TOOLS)))


async def test_a_request_with_a_number_apart_is_no_name() -> None:
    for reply in ("movie tickets for me and jess, 27", "weighed myself, 182.4 lbs"):
        made = await _replied(reply)
        assert not any(name == "create_habit" for name, _ in made), (reply, made)


async def test_a_plain_name_still_answers() -> None:
    assert await _replied("floss") == [("create_habit", {"name": "floss"})]
