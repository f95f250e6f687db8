"""The server's name a clash of names puts before a tool's own (`home__complete_chore`, beside
another server's `complete_chore`) says no kind of thing: two tools of one kind and one noun are
variants, not two kinds of things to ask between, when a request does not say the kind ("I
watered the plants, check it off"): the done-marker finds the chore and marks it. Before, the
prefix made "home" a noun of its own, one the request left unsaid (a point less), and the
router asked which tool or did nothing. Over schemas of its own."""

from __future__ import annotations

import json

from orchestrator import ToolDefinition
from tests.orchestrator.offline._routing import run_with, text, tool

CHORES = [
    ToolDefinition(
        "home__list_chores",
        "List the chores.",
        {"type": "object", "properties": {}},
        read_only=True,
        server="home",
    ),
    ToolDefinition(
        "home__complete_chore",
        "Mark a chore as completed.",
        {
            "type": "object",
            "properties": {"chore_id": text("The chore to complete")},
            "required": ["chore_id"],
        },
        server="home",
    ),
    ToolDefinition(
        "edit_chore",
        "Update a chore.",
        {
            "type": "object",
            "properties": {
                "chore_id": text("The chore to update"),
                "text": text("New text"),
                "priority": text("New priority, A-Z"),
            },
            "required": ["chore_id"],
        },
        server="home",
    ),
    tool("complete_chore", "Mark a chore as completed", {"chore_id": text("")}, "chore_id"),
]
LISTED = json.dumps(
    [{"id": "c1", "text": "water the plants"}, {"id": "c2", "text": "sweep the floor"}]
)


async def test_the_done_marker_of_the_one_kind_marks_the_chore() -> None:
    outputs = {"home__list_chores": LISTED, "home__complete_chore": "ok", "edit_chore": "ok"}
    made = await run_with(CHORES[:3], outputs, "I watered the plants, check it off")
    assert made[-1] == ("home__complete_chore", {"chore_id": "c1"})


async def test_the_server_name_is_no_noun_left_unsaid() -> None:
    update = ToolDefinition(
        "home__update_chore",
        "Change a chore in place: its status or its text.",
        {
            "type": "object",
            "properties": {
                "chore_id": text("The chore"),
                "status": {"type": "string", "enum": ["open", "done"]},
                "text": text("New text"),
            },
            "required": ["chore_id"],
        },
        server="home",
    )
    outputs = {"home__list_chores": LISTED, "home__update_chore": "ok"}
    made = await run_with([CHORES[0], update], outputs, "I watered the plants, tick it off")
    assert made[-1] == ("home__update_chore", {"chore_id": "c1", "status": "done"})
