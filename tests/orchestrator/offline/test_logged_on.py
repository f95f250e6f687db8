"""A request whose verb is a tool's own ("log") and whose thing is what that tool's identifier
names ("log water habit for yesterday" for `log_completion(habit_id, date)`) goes to that
tool, the habit looked up, not to the tool that makes a new habit. Before, the habits server
was asked to create a habit "water" with a reminder time of yesterday (user trial 12, h06, a
wrong write)."""

from __future__ import annotations

import json
from datetime import timedelta

from orchestrator.offline._dates import local_now
from tests.orchestrator.offline._routing import run_with, text, tool

CREATE = tool(
    "create_habit",
    "Create new habit",
    {"name": text(""), "frequency": text("", default="daily"), "reminder_time": text("")},
    "name",
)
LOG = tool(
    "log_completion",
    "Log habit completion",
    {"habit_id": text(""), "date": text(""), "notes": text("")},
    "habit_id",
)
ALL = tool("get_all_habits", "Get all habits", {})
HABITS = json.dumps({"habits": [{"id": "h1", "name": "water"}, {"id": "h2", "name": "read"}]})


async def test_a_log_of_a_habit_logs_it_and_makes_none() -> None:
    outputs = {"get_all_habits": HABITS, "log_completion": "{}", "create_habit": "{}"}
    made = await run_with([CREATE, LOG, ALL], outputs, "log water habit for yesterday")
    assert [name for name, _ in made] == ["get_all_habits", "log_completion"]
    yesterday = (local_now().date() - timedelta(days=1)).isoformat()
    assert made[-1][1]["habit_id"] == "h1"
    assert made[-1][1]["date"].startswith(yesterday)
