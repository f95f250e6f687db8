"""A habit's log whose name says only the habit (`log_habit(habit_id)`) but whose description
says it logs a completion ("Log habit completion"), as trial 20's habit server's: a habit said
done ("meditated", "mark meditation done for today") is found by name in the listing and
logged by its id. Before, only a tool whose name said the completion (`log_completion`) was
one: both were asked which tool, the habit never looked up."""

from __future__ import annotations

import json

from tests.orchestrator.offline._routing import integer, run_with, string, tool

KEYED = {"api_key": {"type": "string", "default": "", "title": "Api Key"}}
HABITS = tool("get_all_habits", "Get all habits", KEYED, server="habits")
CREATE = tool("create_habit", "Create new habit", {"name": string(), **KEYED}, "name")
LOG = tool(
    "log_habit",
    "Log habit completion",
    {"habit_id": integer(), "notes": string(), **KEYED},
    "habit_id",
    server="habits",
)
TOOLS = [HABITS, CREATE, LOG]
OUTPUTS = {
    "get_all_habits": json.dumps(
        [{"id": 1, "name": "meditation"}, {"id": 2, "name": "read 20 pages"}]
    ),
    "log_habit": '{"ok": true}',
}


async def test_a_habit_said_done_is_logged_by_its_id() -> None:
    for said in ("meditated", "mark meditation done for today", "I meditated this morning"):
        made = await run_with(TOOLS, OUTPUTS, said)
        assert made[0] == ("get_all_habits", {}), (said, made)
        assert [(n, a["habit_id"]) for n, a in made[1:]] == [("log_habit", 1)], (said, made)
