"""What one eats is food (lexicon `NOUN_KIN`): "what did I eat yesterday?" asks the tool that
lists the food logged, never a day's report of everything; "how much protein did I get ...?"
asks the tool named for a summary (lexicon `REPORT_NOUNS`). Each fails on the router before."""

from __future__ import annotations

from typing import Any

from orchestrator import ToolDefinition, UserMessage
from orchestrator.models import ModelRequest
from orchestrator.offline import OfflineRouter

DAY: dict[str, Any] = {"type": "string", "description": "Date in YYYY-MM-DD format"}
TOOLS = [
    ToolDefinition(
        "get_food_diary",
        "Get the food diary entries for a date.",
        {"type": "object", "properties": {"day": DAY}},
    ),
    ToolDefinition(
        "get_day_report",
        "Get a complete daily report with goal progress.",
        {"type": "object", "properties": {"day": DAY}},
    ),
]


async def test_what_one_ate_is_asked_of_the_food_diary() -> None:
    said = "what did I eat on 2026-03-02?"
    step = await OfflineRouter().respond(ModelRequest("", [UserMessage(said)], TOOLS))
    assert [(c.name, c.arguments) for c in step.tool_calls] == [
        ("get_food_diary", {"day": "2026-03-02"})
    ]


async def test_how_much_is_asked_of_the_tool_named_for_a_summary() -> None:
    summary = ToolDefinition(
        "get_daily_summary",
        "Get a complete daily nutrition summary with goal progress.",
        {"type": "object", "properties": {"day": DAY}},
    )
    said = "how much protein did I get on 2026-03-02?"
    step = await OfflineRouter().respond(ModelRequest("", [UserMessage(said)], [TOOLS[0], summary]))
    assert [(c.name, c.arguments) for c in step.tool_calls] == [
        ("get_daily_summary", {"day": "2026-03-02"})
    ]
