"""A request whose verb only a tool that says it does ("archive the done tasks to done.txt") or
a question about the world outside that only a tool naming it tells ("what's the weather
tomorrow?") is refused, saying so, when no tool says that word: never a lookup of the records
("No todo matches ...") nor a question which tool to read (user trial 14, t28, x10). A tool that
says it (a status `archived`, a forecast tool) is used as before."""

from __future__ import annotations

from orchestrator.models import ModelResponse
from tests.orchestrator.offline._routing import calls, text, tool, turn

STATUS = {"type": "string", "enum": ["open", "done"]}
LIST = tool(
    "list_chores",
    "List chores.",
    {"status": STATUS, "due": text("Day they are due, YYYY-MM-DD")},
)
UPDATE = tool(
    "update_chore",
    "Change a chore.",
    {"id": text("The chore's id"), "status": STATUS},
    "id",
)
ADD = tool("add_chore", "Add a chore.", {"title": text("The chore")}, "title")
SPENT = tool(
    "list_outlays",
    "List outlays.",
    {"day": text("Day of the outlay, YYYY-MM-DD")},
)
CHORES = [LIST, UPDATE, ADD, SPENT]


def _refused(response: ModelResponse) -> str:
    assert not response.tool_calls, response.tool_calls
    return response.text


async def test_a_verb_no_tool_says_is_refused() -> None:
    said = _refused(await turn(CHORES, "archive the done chores to done.txt"))
    assert said.startswith("No tool here can archive the done chores to done.txt")


async def test_the_world_outside_no_tool_names_is_refused() -> None:
    said = _refused(await turn(CHORES, "what's the weather tomorrow?"))
    assert said.startswith("No tool here tells the weather")


async def test_a_tool_that_says_the_word_is_used() -> None:
    archived = {"type": "string", "enum": ["open", "done", "archived"]}
    keeps = tool(
        "update_chore", "Change a chore.", {"id": text("The id"), "status": archived}, "id"
    )
    assert "No tool here" not in (await turn([LIST, keeps], "archive the gym chore")).text
    forecast = tool("get_forecast", "The weather forecast for a day.", {"day": text("The day")})
    assert calls(await turn([forecast, *CHORES], "what's the weather tomorrow?"))


async def test_a_topic_said_with_more_names_a_record() -> None:
    """ "anything new on hacker news": a feed named so, never the news no tool tells."""
    feeds = tool("list_items", "List the new items of a feed.", {"feed": text("The feed")})
    assert "No tool here" not in (await turn([feeds], "anything new on hacker news")).text


async def test_a_message_sent_or_a_text_translated_is_refused() -> None:
    """ "send the plumber an email ...", "translate my last entry into Persian": no tool sends or
    translates (trial 16, t28 and j28); with a day said, it is a chore to do then."""
    said = _refused(await turn(CHORES, "send the plumber an email saying the sink is fixed"))
    assert said.startswith("No tool here can send the plumber an email")
    said = _refused(await turn(CHORES, "translate my last chore into Persian"))
    assert said.startswith("No tool here can translate")
    assert "No tool here" not in (await turn(CHORES, "send the plumber an email tomorrow")).text
