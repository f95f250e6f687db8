"""A `start` and an `end` that are plain text, with nothing in their schema saying what they
hold, of a tool whose name or description is about days or dates (`workdays_between(start,
end)`), are a range's two ends: "between 2026-03-02 and 2026-03-13" fills both. Fails on the
router before."""

from __future__ import annotations

from typing import Any

from orchestrator import ToolDefinition, UserMessage
from orchestrator.models import ModelRequest
from orchestrator.offline import OfflineRouter
from orchestrator.offline._tools import ToolView

PLAIN: dict[str, Any] = {"type": "string"}
ENDS: dict[str, Any] = {
    "type": "object",
    "properties": {"start": PLAIN, "end": PLAIN},
    "required": ["start", "end"],
}


def test_a_start_and_an_end_of_a_tool_about_days_are_a_ranges_ends() -> None:
    view = ToolView.of("workdays_between", "Count the working days from start to end", ENDS)
    assert (view.params["start"].role, view.params["end"].role) == ("since", "until")
    other = ToolView.of("slice_text", "Cut a piece out of a text", ENDS)
    assert (other.params["start"].role, other.params["end"].role) == ("label", "label")


async def test_the_range_said_fills_both() -> None:
    tool = ToolDefinition("workdays_between", "Count the working days from start to end", ENDS)
    said = "how many workdays between 2026-03-02 and 2026-03-13?"
    step = await OfflineRouter().respond(ModelRequest("", [UserMessage(said)], [tool]))
    assert [(c.name, c.arguments) for c in step.tool_calls] == [
        ("workdays_between", {"start": "2026-03-02", "end": "2026-03-13"})
    ]
