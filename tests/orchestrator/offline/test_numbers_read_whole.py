"""A number is read whole, as what it is part of: a time of day is no count, so "bedtime is 11pm
from now on" does not answer a question for a streak's length (trial 16's w28 set a streak of
11 days); numbers parted by a slash ("blood pressure 120/80", "1/2") are no folder nor path
(w29 made a journal folder "120/80"). Both fail on the router before."""

from __future__ import annotations

from orchestrator import UserMessage
from tests.orchestrator.offline._routing import calls, integer, text, tool
from tests.orchestrator.offline.test_asking import question_of, turn

SET_STREAK = tool(
    "set_streak",
    "Manually set streak values",
    {
        "streak_type": {"type": "string", "enum": ["water", "workout"]},
        "current": {**integer(), "description": "Current streak value"},
    },
    "streak_type",
    "current",
)
NEW_ENTRY = tool(
    "create_entry",
    "Create a new journal entry.",
    {"folder": text("Folder name"), "content": text("Entry content")},
    "folder",
    "content",
)


async def test_a_time_of_day_answers_no_count() -> None:
    request = UserMessage("set my workout streak")
    asked = await turn([SET_STREAK], request)
    assert list(question_of(asked).fields) == ["current"]
    history = (request, asked.items[0])
    step = await turn([SET_STREAK], *history, UserMessage("bedtime is 11pm from now on"))
    assert all(args.get("current") != 11 for _, args in calls(step)), calls(step)
    step = await turn([SET_STREAK], *history, UserMessage("12"))
    assert calls(step) == [("set_streak", {"streak_type": "workout", "current": 12})]


async def test_numbers_parted_by_a_slash_are_no_folder() -> None:
    step = await turn([NEW_ENTRY], UserMessage("log my blood pressure 120/80"))
    assert all(args.get("folder") != "120/80" for _, args in calls(step)), calls(step)
