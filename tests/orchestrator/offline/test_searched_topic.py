"""The words after "involving", "around" or "mention(s)" are what a search looks for ("show me all
decisions involving kafka", "what decisions have we made around observability?", "how many of
our decisions mention latency?"): each searched for nothing before (trial 34); and "around 5pm"
is a time, no word of a todo's title. A topic ends with its sentence ("anything about auth? I
think someone chose Auth0": auth), and "the last 10", "just the top 3" are how many a read's
`max_results` gives (before: the whole tail searched for, and the count dropped)."""

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
        "max_results": {
            "type": "integer",
            "default": 5,
            "description": "Maximum results to return",
        },
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


@pytest.mark.parametrize(
    ("said", "args"),
    [
        (
            "Did we ever decide anything about auth? I think someone chose Auth0 at some point",
            {"keyword": "auth"},
        ),
        ("show me the last 10 decisions", {"max_results": 10}),
        (
            "search the decision log for anything about vector databases, just the top 3",
            {"keyword": "vector databases", "max_results": 3},
        ),
    ],
)
async def test_a_topic_ends_with_its_sentence_and_a_count_said_is_the_reads(
    said: str, args: dict[str, object]
) -> None:
    made, _ = await conversation([*TODOS, QUERY], said)
    assert made == [("query-decisions", args)]
