"""One place said with "in" (or nothing), for a tool with a plain time zone beside a source and
a target zone (`timezone`, `fromTimezone`, `toTimezone`), is the plain zone: "what time is it
in Sydney right now" names where the time is read, neither where a time comes from nor where
it goes. Before, it went to the target. "to Tokyo" still goes to the target. Over schemas of
its own."""

from __future__ import annotations

from orchestrator import ToolDefinition
from tests.orchestrator.offline._routing import calls, text, turn

CLOCK = ToolDefinition(
    "clockwork",
    "Get the present time, shift times between zones, or format them.",
    {
        "type": "object",
        "properties": {
            "action": {"type": "string", "enum": ["now", "shift", "format"]},
            "timezone": text("IANA zone the output is shown in"),
            "moment": text("A time to shift or format"),
            "fromTimezone": text("IANA zone the moment is written in"),
            "toTimezone": text("IANA zone to shift it to"),
        },
        "required": ["action"],
    },
    read_only=True,
)


async def test_a_place_said_with_in_is_the_plain_zone() -> None:
    step = await turn([CLOCK], "what time is it in Sydney right now")
    assert calls(step) == [("clockwork", {"action": "now", "timezone": "Australia/Sydney"})]


async def test_a_place_said_with_to_is_still_the_target() -> None:
    step = await turn([CLOCK], "convert 9am to Tokyo")
    assert [args.get("toTimezone") for _, args in calls(step)] == ["Asia/Tokyo"]
