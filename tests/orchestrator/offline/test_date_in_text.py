"""A date said in a write whose tool keeps no date is part of the text the write carries ("jot
down: water the ferns on saturday" for `jot(text)`): the one place the tool can keep it. Before,
the date ended the text and was left over, and the router asked about it. A tool with a
parameter for a date still takes the date there, apart from the text. Over schemas of its own.
"""

from __future__ import annotations

from tests.orchestrator.offline._routing import calls, text, tool, turn

JOT = tool("jot", "Jot down a reminder in the inbox", {"text": text("What to remember")}, "text")
TASK = tool(
    "new_chore",
    "Create a new chore on the house list",
    {"description": text("The chore"), "room": text("Room it belongs to")},
    "description",
)
DATED = tool(
    "jot_dated",
    "Jot down a reminder in the inbox",
    {"text": text("What to remember"), "due_date": text("Due date, YYYY-MM-DD")},
    "text",
)


async def test_a_day_said_after_the_text_stays_in_it() -> None:
    response = await turn([JOT], "jot down: water the ferns on saturday")
    assert calls(response) == [("jot", {"text": "water the ferns on saturday"})], response


async def test_a_week_said_after_the_text_stays_in_it() -> None:
    response = await turn([TASK], "add a chore to clean out the gutters next week")
    assert calls(response) == [("new_chore", {"description": "clean out the gutters next week"})]


async def test_a_tool_with_a_date_takes_it_apart_from_the_text() -> None:
    ((name, args),) = calls(await turn([DATED], "jot down: water the ferns on saturday"))
    assert name == "jot_dated"
    assert args["text"] == "water the ferns"
    assert "due_date" in args


async def test_a_title_stays_without_the_date_and_it_is_asked_about() -> None:
    reminder = tool("new_reminder", "Add a reminder", {"title": text("Reminder title")}, "title")
    response = await turn([reminder], "add a reminder to water the ferns on saturday")
    assert not calls(response)


async def test_a_moment_from_now_says_when_to_act_and_is_asked_about() -> None:
    assert not calls(await turn([JOT], "jot down in 10 minutes to take the bread out"))


async def test_a_day_said_first_says_when_to_act_and_is_asked_about() -> None:
    assert not calls(await turn([JOT], "on saturday jot down to water the ferns"))
