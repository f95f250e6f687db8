"""A habit said done in the past tense is logged: "I meditated today" logs the habit
"meditate" through a tool that records a completion for an item (`log_completion(habit_id)`,
"Log habit completion"), its id found in the listing, as any other form of a word finds an
item ("meditated": meditate); an irregular past finds its plain verb ("I ran": run), and "mark
meditate done" logs it too. A past verb that names no habit logs nothing. Before, each was
"not sure what to do" (a thing said done makes no new record; an earlier user trial over the
PyPI server `habit-tracker-ai-mcp`). A tool that takes the habit's name ("Log a habit as done")
gets the name without the word that says done (it had logged "meditate done")."""

from __future__ import annotations

import json

import pytest

from tests.orchestrator.offline._routing import run_with, string, tool

HABITS = [
    tool("create_habit", "Create new habit", {"name": string(), "frequency": string()}, "name"),
    tool(
        "log_completion",
        "Log habit completion",
        {"habit_id": string(), "date": string(), "notes": string()},
        "habit_id",
    ),
    tool("get_habit_streak", "Get current streak", {"habit_id": string()}, "habit_id"),
    tool("get_all_habits", "Get all habits", {}),
]
LISTED = [
    {"id": "h1", "name": "meditate", "frequency": "daily"},
    {"id": "h2", "name": "run", "frequency": "daily"},
    {"id": "h3", "name": "read", "frequency": "daily"},
]
OUTPUTS = {"get_all_habits": json.dumps({"habits": LISTED}), "log_completion": '{"ok": true}'}


@pytest.mark.parametrize(
    ("said", "habit"),
    [
        ("i meditated today", "h1"),
        ("I ran this morning", "h2"),
        ("i read today", "h3"),
        ("meditated", "h1"),
        ("mark meditate done", "h1"),
    ],
)
async def test_the_habit_the_past_verb_names_is_logged(said: str, habit: str) -> None:
    made = await run_with(HABITS, OUTPUTS, said)
    assert made[0] == ("get_all_habits", {})
    assert made[-1][0] == "log_completion"
    assert made[-1][1]["habit_id"] == habit


async def test_a_day_said_is_the_days_log() -> None:
    made = await run_with(HABITS, OUTPUTS, "i meditated today")
    assert len(str(made[-1][1]["date"])) == len("2026-11-30")


@pytest.mark.parametrize("said", ["i walked today", "I finished today"])
async def test_a_verb_that_names_no_habit_logs_nothing(said: str) -> None:
    made = await run_with(HABITS, OUTPUTS, said)
    assert not [m for m in made if m[0] == "log_completion"]


@pytest.mark.parametrize("said", ["mark meditate done", "log meditate done"])
async def test_the_word_that_says_done_is_no_part_of_the_habits_name(said: str) -> None:
    by_name = [
        tool("add_habit", "Add a habit", {"name": string()}, "name"),
        tool("log_habit", "Log a habit as done", {"habit_name": string()}, "habit_name"),
    ]
    made = await run_with(by_name, {"log_habit": '{"ok": true}'}, said)
    assert made == [("log_habit", {"habit_name": "meditate"})]
