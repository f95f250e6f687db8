"""A count asked of a kind of thing ("how many chores have I got in total?") is the tool whose
description gives that thing's statistics ("Get statistics about the chore list": a report noun
with the thing a few words after it, `Weights.counted_reach`), or the count of what the question
says next ("how many puzzles have I cracked": "cracked counts", lexicon `COUNT_QUESTIONS`),
rather than the listing; before, only a count of the thing itself said as "<thing> count" was
read so. A listing asked for is still the listing. Over schemas of its own."""

from __future__ import annotations

import pytest

from tests.orchestrator.offline._routing import calls, text, tool, turn

CHORES = [
    tool("list_chores", "List all chores on the chore list.", {"done": {"type": "boolean"}}),
    tool("show_statistics", "Get statistics about the chore list.", {}),
    tool("add_chore", "Add a chore.", {"text": text("What to do")}, "text"),
    tool("find_chores", "Find chores by text.", {"query": text("Words to find")}, "query"),
]
PUZZLES = [
    tool(
        "find_puzzles",
        "Find puzzles by name, level or state.",
        {"query": text("Words of the name"), "level": {"type": "string"}},
    ),
    tool(
        "progress_overview",
        "Summarize overall progress: cracked counts per level, current streak, time spent.",
        {},
    ),
    tool("log_try", "Log a try at a puzzle.", {"puzzle": text("Its name")}, "puzzle"),
]


@pytest.mark.parametrize(
    "said", ["how many chores have I got in total?", "how many chores do I have?"]
)
async def test_a_count_of_things_is_their_statistics(said: str) -> None:
    assert calls(await turn(CHORES, said)) == [("show_statistics", {})]


async def test_a_count_of_what_was_done_to_them_is_that_count() -> None:
    step = await turn(PUZZLES, "how many puzzles have I cracked so far?")
    assert calls(step) == [("progress_overview", {})]


async def test_a_listing_asked_for_is_the_listing() -> None:
    assert calls(await turn(CHORES, "show my chores")) == [("list_chores", {})]
