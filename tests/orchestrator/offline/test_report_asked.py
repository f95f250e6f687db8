"""A request that opens with a report's noun ("summary of my workouts this week", "total hours
logged this month") asks for the report: no "thing to do on a day" to record (trial 11's replay,
E23: "summary of spending by category this month" was asked whether add_expense should record
it). Over tools of its own."""

from __future__ import annotations

from orchestrator import ToolDefinition
from tests.orchestrator.offline._routing import calls, turn

DAY = {"type": "string", "format": "date"}
LOG = ToolDefinition(
    "log_workout",
    "Log a workout.",
    {
        "type": "object",
        "properties": {"date": DAY, "minutes": {"type": "number"}, "kind": {"type": "string"}},
        "required": ["date", "minutes", "kind"],
    },
)
SUMMARY = ToolDefinition(
    "summarize_workouts",
    "Summarize workouts by kind within an inclusive date range.",
    {
        "type": "object",
        "properties": {"start_date": DAY, "end_date": DAY},
        "required": ["start_date", "end_date"],
    },
)


async def test_a_summary_asked_for_a_period_is_no_errand() -> None:
    step = await turn([LOG, SUMMARY], "summary of workouts by kind this week")
    assert calls(step) == [] or [name for name, _ in calls(step)] == ["summarize_workouts"]
    assert "summarize_workouts" in step.text and "log_workout" not in step.text
