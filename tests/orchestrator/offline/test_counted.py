"""A question of how many of a thing ("how many words: ...", "number of lines in ...") goes to
the tool whose description says it returns that thing's count ("return word count, line
count"), over tools that only hold text. Fails on the router before (it named no tool)."""

from __future__ import annotations

from tests.orchestrator.offline._routing import calls, text, tool, turn

TALLY = tool(
    "analyze_prose",
    "Analyze a given text and return word count, line count and the longest word.",
    {"text": text("")},
    "text",
)
MEMO = tool("memo_get", "Fetch a single memo by id.", {"memo_id": {"type": "integer"}}, "memo_id")
MEMOS = tool("memo_list", "List recent memos.", {})


async def test_how_many_goes_to_the_tool_that_counts_it() -> None:
    said = calls(
        await turn(
            [MEMOS, MEMO, TALLY], "how many words: The small grey cat sleeps by the warm fire."
        )
    )
    assert [name for name, _ in said] == ["analyze_prose"]
    assert "grey cat sleeps" in said[0][1]["text"]
