"""The date or the day asked of a place ("what's the date in Honolulu right now?", "what day is it
in Auckland?", lexicon `ZONE_DAY_CUES`) asks for that place's clock, as "what time is it in
Tokyo" does: a tool with a time zone to take is the one, the place its zone. Before, nothing named
the clock and nothing was done. "Day" said with no place is no such cue. Over schemas of its
own."""

from __future__ import annotations

import pytest

from orchestrator import ToolDefinition
from tests.orchestrator.offline._routing import calls, text, turn


def _read(name: str, description: str, properties: dict[str, object]) -> ToolDefinition:
    schema = {"type": "object", "properties": properties, "required": list(properties)}
    return ToolDefinition(name, description, schema, read_only=True)


CLOCK = _read("world_clock", "Show the present clock reading of a time zone", {
    "timezone": text("IANA time zone, e.g. Europe/Paris"),
})  # fmt: skip
SHIFT = _read("shift_clock", "Shift a clock reading from one time zone to another", {
    "from_timezone": text("IANA time zone it is said in"),
    "at": text("The reading, HH:MM"),
    "to_timezone": text("IANA time zone to show it in"),
})  # fmt: skip


@pytest.mark.parametrize(
    ("said", "zone"),
    [
        ("what's the date in Honolulu right now?", "Pacific/Honolulu"),
        ("what day is it in auckland right now", "Pacific/Auckland"),
    ],
)
async def test_the_date_asked_of_a_place_is_its_clock(said: str, zone: str) -> None:
    assert calls(await turn([CLOCK, SHIFT], said)) == [("world_clock", {"timezone": zone})]


async def test_a_day_with_no_place_is_no_clock_cue() -> None:
    assert calls(await turn([CLOCK, SHIFT], "what a day")) == []
