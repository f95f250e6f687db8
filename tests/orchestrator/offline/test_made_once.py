"""A new record said to repeat ("remind me to take vitamins every morning"), where the tool has no
parameter that takes a repetition, is made once: the title keeps out the repetition's words, no
date is sent (none was said), and the answer says it was made once (user trial 14, d20: it had
asked for the title it was given). Said with a time too, it still asks; a tool that takes a
repetition never loses it."""

from __future__ import annotations

from tests.orchestrator.offline._routing import after_result, calls, text, tool, turn

ADD = tool(
    "add_chore",
    "Add a chore.",
    {"title": text("The chore"), "due": {"type": "string", "format": "date-time"}},
    "title",
)
REPEATING = tool(
    "add_chore",
    "Add a chore.",
    {"title": text("The chore"), "recurrence": text("How often it comes back")},
    "title",
)


async def test_a_repetition_no_tool_keeps_is_made_once() -> None:
    said = "remind me to take vitamins every morning"
    assert calls(await turn([ADD], said)) == [("add_chore", {"title": "take vitamins"})]
    answer = await after_result([ADD], said, '{"id": 7, "title": "take vitamins"}')
    assert "made once" in answer.text


async def test_a_repetition_with_a_time_asks() -> None:
    assert calls(await turn([ADD], "remind me to call mom every sunday at 5pm")) == []


async def test_a_tool_that_takes_a_repetition_loses_none() -> None:
    said = await turn([REPEATING], "remind me to take vitamins every morning")
    assert ("add_chore", {"title": "take vitamins"}) not in calls(said)
