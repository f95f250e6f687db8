"""A read whose schema requires filters that may be null and have no default (`since_days:
int | None`, required, as some servers generate them) is called with null for each the request
says nothing of, never asked for them. Fails on the router before (it asked for `since_days`,
`after` and `before`)."""

from __future__ import annotations

from typing import Any

from tests.orchestrator.offline._routing import calls, tool, turn


def _nullable(kind: str) -> dict[str, Any]:
    return {"anyOf": [{"type": kind}, {"type": "null"}]}


POSTS = tool(
    "list_posts",
    "List posts with optional filters.",
    {
        "board_id": {"anyOf": [{"type": "integer"}, {"type": "null"}], "default": None},
        "unread_only": {"type": "boolean", "default": True},
        "since_days": _nullable("integer"),
        "after": _nullable("string"),
        "before": _nullable("string"),
    },
    "since_days",
    "after",
    "before",
)
BOARDS = tool("list_boards", "List the message boards.", {})


async def test_unsaid_nullable_filters_are_sent_as_null() -> None:
    said = calls(await turn([BOARDS, POSTS], "show me my posts"))
    assert said == [("list_posts", {"since_days": None, "after": None, "before": None})]


async def test_a_said_filter_keeps_its_value() -> None:
    said = calls(await turn([BOARDS, POSTS], "show me the posts of the last 3 days"))
    assert [name for name, _ in said] == ["list_posts"]
    assert said[0][1]["after"] is None and said[0][1]["before"] is None


MARK_SEEN = tool(
    "mark_seen",
    "Mark posts as seen.",
    {"post_id": {"anyOf": [{"type": "integer"}, {"type": "null"}], "default": None}},
)
MARK_UNSEEN = tool(
    "mark_unseen", "Mark a post as unseen.", {"post_id": {"type": "integer"}}, "post_id"
)


async def test_the_state_said_after_as_names_no_item_once_the_posts_can_be_listed() -> None:
    """ "mark it as seen", with nothing said before: which post? The listing now open, "seen"
    (the state a tool's name says, or its negation's) is never looked up as a post's title."""
    response = await turn([POSTS, MARK_SEEN, MARK_UNSEEN], "mark it as seen")
    assert calls(response) == []
