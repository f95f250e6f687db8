"""A question in the past tense asks about the day gone ("how much did I spend on saturday?":
the Saturday just past), not the next one; a day said after "for", "by" or "due" stays the one
to come ("did I plan anything for monday?"). Before, every weekday in a question was the next
(user trial 14: "how much did I spend on monday?" read the expenses of the Monday a week on)."""

from __future__ import annotations

from datetime import datetime

from orchestrator import ToolDefinition, UserMessage
from orchestrator.models import ModelRequest, ModelResponse
from orchestrator.offline import OfflineRouter
from tests.orchestrator.conftest import ZONE
from tests.orchestrator.offline._routing import calls, tool

FRIDAY = datetime(2026, 11, 27, 12, 0, tzinfo=ZONE)
SPENT = tool(
    "list_expenses",
    "List the expenses of a day",
    {"date": {"type": "string", "description": "Day in YYYY-MM-DD format"}},
)
TODOS = tool(
    "list_todos",
    "List todos due on a day",
    {"due": {"type": "string", "description": "Day in YYYY-MM-DD format"}},
)


async def turn(tools: list[ToolDefinition], said: str, now: datetime) -> ModelResponse:
    router = OfflineRouter(clock=lambda: now)
    return await router.respond(ModelRequest("", [UserMessage(said)], tools))


async def test_a_past_question_reads_the_day_gone() -> None:
    got = calls(await turn([SPENT], "how much did I spend on monday?", now=FRIDAY))
    assert got == [("list_expenses", {"date": "2026-11-23"})]
    got = calls(await turn([SPENT], "what did I buy on the 3rd?", now=FRIDAY))
    assert got == [("list_expenses", {"date": "2026-11-03"})]


async def test_a_day_to_come_stays_to_come() -> None:
    got = calls(await turn([TODOS], "what is due on monday?", now=FRIDAY))
    assert got == [("list_todos", {"due": "2026-11-30"})]
    got = calls(await turn([TODOS], "did I plan anything for monday?", now=FRIDAY))
    assert got == [("list_todos", {"due": "2026-11-30"})]
