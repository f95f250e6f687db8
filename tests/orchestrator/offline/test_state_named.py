"""A change whose description says the state it sets after "as" ("Mark posts as seen") and
whose name says it (`mark_seen`) is the tool for a request that says that state after "as"
("mark the lemon tart one as seen"), over its opposite (`mark_unseen`), and, its parameters all
optional, the call itself is the change: nothing else to set. Said of no item, it asks which.
Fails on the router before (the two tools tied, and "Nothing to change" was answered)."""

from __future__ import annotations

from tests.orchestrator.offline.test_write_gate import (
    Server,
    asks,
    nullable,
    run,
    tool,
    turn,
    writes,
)

POSTS = [
    {"id": 4, "title": "Lemon tart, the easy way", "seen": 0},
    {"id": 7, "title": "Sourdough for beginners", "seen": 1},
]
ID = {"type": "integer"}
TOOLS = [
    tool("list_posts", "List posts.", {}),
    tool(
        "mark_seen",
        "Mark posts as seen.",
        {"post_id": nullable(ID), "every_post": {"type": "boolean", "default": False}},
    ),
    tool("mark_unseen", "Mark a post as unseen.", {"post_id": ID}, "post_id"),
]
SERVER: Server = {
    "list_posts": lambda a: POSTS,
    "mark_seen": lambda a: "ok",
    "mark_unseen": lambda a: "ok",
}


async def test_the_state_said_names_the_tool_and_the_call_is_the_change() -> None:
    made, _ = await run(TOOLS, SERVER, "mark the lemon tart one as seen")
    assert writes(made, "list_posts") == [("mark_seen", {"post_id": 4})]


async def test_its_opposite_still_goes_to_the_opposite() -> None:
    made, _ = await run(TOOLS, SERVER, "mark the sourdough one as unseen")
    assert writes(made, "list_posts") == [("mark_unseen", {"post_id": 7})]


async def test_said_of_no_item_it_asks_which() -> None:
    assert asks(await turn(TOOLS, "mark it as seen"))
