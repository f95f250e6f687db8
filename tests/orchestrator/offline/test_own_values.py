"""A value only one tool's enum lists, said as a word of the request ("blake2 of 'abc'",
"rot13 'hello'"), names that tool as its noun would, and the one text that tool still needs
takes what is left ("abc"); said as the verb ("shift 2026-01-31 by 2 weeks"), it is the verb of
a tool that has none, and a unit its schema lists takes the one said. Over schemas of their
own; each test fails on the router before its rule."""

from __future__ import annotations

from orchestrator import ToolCallItem, ToolResultItem, UserMessage
from orchestrator.models import ModelRequest, ModelResponse
from orchestrator.offline import OfflineRouter
from tests.orchestrator.offline._routing import calls, text, tool, turn


def asks(response: ModelResponse) -> bool:
    question = getattr(response.items[0], "question", None) if response.items else None
    return not response.tool_calls and question is not None


TOOLS = [
    tool(
        "digest",
        "Compute the digest of a string with BLAKE2, SHA3 or XXH64.",
        {
            "data": text("Data to digest"),
            "method": text("Digest method", enum=["blake2", "sha3", "xxh64"]),
        },
        "data",
        "method",
    ),
    tool(
        "cipher",
        "Apply a classic cipher to a string.",
        {
            "data": text("Data to transform"),
            "scheme": text("Which cipher", enum=["rot13", "atbash"]),
            "mode": text("Whether to apply or undo it", enum=["apply", "undo"]),
        },
        "data",
        "scheme",
    ),
    tool(
        "evaluate",
        "Evaluate an arithmetic expression.",
        {"expression": text("The expression")},
        "expression",
    ),
]


async def test_a_value_only_one_tool_lists_names_it_and_the_quoted_text_is_its_input() -> None:
    step = await turn(TOOLS, 'blake2 of "hello world"')
    assert calls(step) == [("digest", {"method": "blake2", "data": "hello world"})]
    step = await turn(TOOLS, "rot13 'attack at dawn'")
    assert calls(step) == [("cipher", {"scheme": "rot13", "data": "attack at dawn"})]


async def test_the_one_text_left_takes_the_word_left_over() -> None:
    step = await turn(TOOLS, "xxh64 of Zm9vYmFy")
    assert calls(step) == [("digest", {"method": "xxh64", "data": "Zm9vYmFy"})]


async def test_with_no_such_value_said_the_text_and_the_method_are_asked_for() -> None:
    assert asks(await turn(TOOLS, "digest this for me"))
    assert not calls(await turn(TOOLS, "what does it say"))


DATE_MATHS = tool(
    "calendar_maths",
    "Date calculations on one date",
    {
        "op": text("shift: move the date, weekday: the day of the week", enum=["shift", "weekday"]),
        "date": text("Date (YYYY-MM-DD)"),
        "amount": {"type": "number", "description": "Amount to shift by"},
        "unit": text("Unit to shift in", enum=["days", "weeks", "months"]),
    },
    "op",
    "date",
)
TODO = tool("create_todo", "Create a todo", {"title": text("The todo")}, "title")


async def test_a_verb_only_one_tools_enum_lists_is_that_tools_verb() -> None:
    step = await turn([DATE_MATHS, TODO], "shift 2026-01-31 by 2 weeks")
    assert calls(step) == [
        ("calendar_maths", {"op": "shift", "date": "2026-01-31", "amount": 2, "unit": "weeks"})
    ]


SCHEDULE = tool(
    "crontab_upcoming",
    "Upcoming times a crontab expression fires",
    {"expression": text("Crontab expression (5 fields)"), "count": {"type": "integer"}},
    "expression",
)


async def test_the_one_text_left_is_the_quoted_one() -> None:
    step = await turn([SCHEDULE, TOOLS[2]], "when does the crontab '30 6 * * *' fire next?")
    assert calls(step) == [("crontab_upcoming", {"expression": "30 6 * * *"})]


async def test_what_such_a_verb_computed_is_said() -> None:
    said = "shift 2026-01-31 by 2 weeks"
    args = {"op": "shift", "date": "2026-01-31", "amount": 2, "unit": "weeks"}
    history = [
        UserMessage(said),
        ToolCallItem("c1", "calendar_maths", args),
        ToolResultItem("c1", "calendar_maths", "2026-02-14"),
    ]
    step = await OfflineRouter().respond(ModelRequest("", history, [DATE_MATHS, TODO]))
    assert "2026-02-14" in step.text, step.text
