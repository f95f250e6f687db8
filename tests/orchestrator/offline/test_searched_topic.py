"""The words after "involving", "around" or "mention(s)" are what a search looks for ("show me all
decisions involving kafka", "what decisions have we made around observability?", "how many of
our decisions mention latency?"): each searched for nothing before (trial 34); and "around 5pm"
is a time, no word of a todo's title."""

from __future__ import annotations

import pytest

from tests.orchestrator.offline._routing import conversation, text, tool
from tests.orchestrator.offline.test_files_and_games import TODOS

QUERY = tool(
    "query-decisions",
    "Search prior decisions by keyword, technology, or domain",
    {
        "keyword": text("Search in problem + solution + alternatives (case-insensitive)"),
        "technology": text("Exact technology filter (e.g., 'duckdb')"),
        "domain": text("Partial domain filter"),
    },
    server="decisions",
)


@pytest.mark.parametrize(
    ("said", "keyword"),
    [
        ("show me all decisions involving kafka", "kafka"),
        ("what decisions have we made around observability?", "observability"),
        ("how many of our decisions mention latency?", "latency"),
        ("list decisions mentioning latency", "latency"),
    ],
)
async def test_the_topic_after_its_marker_is_searched(said: str, keyword: str) -> None:
    made, _ = await conversation([*TODOS, QUERY], said)
    assert made == [("query-decisions", {"keyword": keyword})]


async def test_around_a_time_is_when() -> None:
    made, _ = await conversation(TODOS, "remind me to call mom around 5pm")
    assert [(n, a["title"], a["due_date"][11:16]) for n, a in made] == [
        ("create_todo", "call mom", "17:00")
    ]
