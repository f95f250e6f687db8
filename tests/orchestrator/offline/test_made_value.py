"""A tool that makes a value and returns it, keeping nothing ("Generate one or more tokens",
lexicon `VALUE_VERBS`, no item it acts on and no text, name or place to write), is what a
question or a read asks for ("give me 3 tokens", "roll a dice for me (1 to 6)"), as a
computation is; words of the request it does not take stop nothing, since nothing is kept.
Before, a read never reached it (the listing beside it was called). A generator that writes a
record (a title to give it) is still a write. Over schemas of its own."""

from __future__ import annotations

from orchestrator import ToolDefinition
from tests.orchestrator.offline._routing import calls, text, tool, turn

INTEGER = {"type": "integer"}
TOKENS = tool("token_generate", "Generate one or more tokens.", {"count": INTEGER})
DRAW = tool(
    "random_draw",
    "Generate a random whole number between low and high.",
    {"low": INTEGER, "high": INTEGER},
)
NOTES = ToolDefinition(
    "list_notes", "List the notes.", {"type": "object", "properties": {}}, read_only=True
)
PAGE = tool(
    "generate_page",
    "Generate a page and save it.",
    {"title": text("Its title"), "body": text("What it says")},
    "title",
)


async def test_a_read_asks_for_the_value_a_tool_makes() -> None:
    assert calls(await turn([TOKENS, DRAW, NOTES], "give me 3 tokens")) == [
        ("token_generate", {"count": 3})
    ]
    assert calls(await turn([TOKENS, DRAW, NOTES], "roll a dice for me (1 to 6)")) == [
        ("random_draw", {"low": 1, "high": 6})
    ]


async def test_a_generator_that_writes_a_record_is_no_answer_to_a_read() -> None:
    assert calls(await turn([PAGE, NOTES], "show me a page")) != [("generate_page", {})]
