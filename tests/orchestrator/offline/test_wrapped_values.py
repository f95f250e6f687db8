"""The values a tool's description lists with bars or slashes go on past a line break ("status:
open|blocked|" / "done; priority: high|medium|low", as a description wrapped at its width
says them): the parameter takes those values, so "tick it off" reaches the done state of a
tool that sets it. Before, the list broken by the line was no list at all. Over schemas of its
own."""

from __future__ import annotations

import json

from orchestrator import ToolDefinition
from orchestrator.offline._tools import ToolView
from tests.orchestrator.offline._routing import run_with, text

DESCRIPTION = """Change an errand in place, only the fields you pass. state: open|blocked|
    done; urgency: high|medium|low."""
SCHEMA = {
    "type": "object",
    "properties": {
        "errand_id": text(""),
        "state": {"type": "string"},
        "urgency": {"type": "string"},
    },
    "required": ["errand_id"],
}
CHANGE = ToolDefinition("change_errand", DESCRIPTION, SCHEMA)
LIST = ToolDefinition(
    "list_errands", "List the errands.", {"type": "object", "properties": {}}, read_only=True
)


def test_a_list_broken_by_a_line_is_one_list() -> None:
    view = ToolView.of("change_errand", DESCRIPTION, SCHEMA)
    assert view.params["state"].allowed == ("open", "blocked", "done")
    assert view.params["urgency"].allowed == ("high", "medium", "low")


async def test_tick_it_off_reaches_the_done_state() -> None:
    listed = json.dumps([{"id": "e1", "title": "post the parcel", "state": "open"}])
    outputs = {"list_errands": listed, "change_errand": "ok"}
    made = await run_with([LIST, CHANGE], outputs, "posted the parcel, tick it off")
    assert made[-1] == ("change_errand", {"errand_id": "e1", "state": "done"})
