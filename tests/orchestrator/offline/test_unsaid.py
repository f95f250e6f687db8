"""A request with no value of its own that points at what it does not say ("how many metres is
that", "what's the median?"), with nothing before it to say it, asks what it means and which
tool should act on it, naming them, where the router had said "I'm not sure" and stopped. Fails
on the router before (no question back)."""

from __future__ import annotations

from orchestrator.messages import AssistantMessage, Question
from orchestrator.models import ModelResponse
from tests.orchestrator.offline._routing import text, tool, turn

CONVERT = tool(
    "convert_distance",
    "Convert a distance between units.",
    {
        "value": {"type": "number"},
        "from_unit": {"type": "string", "enum": ["meter", "foot", "mile"]},
        "to_unit": {"type": "string", "enum": ["meter", "foot", "mile"]},
    },
    "value",
    "from_unit",
    "to_unit",
)
STATS = tool(
    "describe_numbers",
    "Summary statistics of a list of numbers.",
    {"numbers": {"type": "array", "items": {"type": "number"}}},
    "numbers",
)
NOTE = tool("save_memo", "Save a memo.", {"text": text("The memo")}, "text")
TOOLS = [CONVERT, STATS, NOTE]


def _question(response: ModelResponse) -> Question:
    assert not response.tool_calls, response.tool_calls
    (item,) = response.items
    assert isinstance(item, AssistantMessage) and item.question is not None, response.text
    return item.question


async def test_a_pronoun_with_nothing_before_it_is_asked_about() -> None:
    question = _question(await turn(TOOLS, "how many meters is that"))
    assert "“that”" in question.text
    assert "convert_distance" in question.fields["tool"]["enum"]


async def test_the_thing_said_with_the_and_nothing_before_is_asked_about() -> None:
    question = _question(await turn(TOOLS, "what's the median?"))
    assert "“the median”" in question.text


async def test_a_pronoun_for_what_the_clause_before_says_is_not_asked_about() -> None:
    response = await turn(TOOLS, "the harbour swim looks good, approve it")
    assert "Nothing before" not in response.text


async def test_a_thing_said_after_other_words_is_not_asked_about() -> None:
    response = await turn(TOOLS, "sing me a song about the sea")
    assert "Nothing before" not in response.text
