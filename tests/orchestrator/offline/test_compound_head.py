"""A number before two words that each name a parameter is the last one's, as in any compound
noun: "1,250 volunteer hours" is `hours` 1250 for trial 34's `volunteer_time_value(hours,
hourly_rate, volunteers)`, "500 volunteer hrs" too (an hour's other spellings; never
`hourly_rate`, whose initials are "hr"). Before, both were 1250 (500) volunteers, and the hours
asked for. "14 volunteers who each put in about 20 hours" stays 14 volunteers, 20 hours."""

from __future__ import annotations

import pytest

from tests.orchestrator.offline._routing import calls, tool, turn

VALUE = tool(
    "volunteer_time_value",
    "Value volunteer time for match requirements or an annual report.\n\nDefaults to the"
    " published national rate.",
    {
        "hours": {"type": "number"},
        "hourly_rate": {"type": "number", "default": 0.0},
        "volunteers": {"type": "integer", "default": 1},
    },
    "hours",
)


@pytest.mark.parametrize(
    ("said", "args"),
    [
        ("How much is 1,250 volunteer hours worth for our match?", {"hours": 1250}),
        ("value 500 volunteer hrs", {"hours": 500}),
        (
            "we had 14 volunteers who each put in about 20 hours. what's that worth?",
            {"volunteers": 14, "hours": 20},
        ),
    ],
)
async def test_a_number_before_a_compound_noun_is_its_heads(said: str, args: dict) -> None:
    assert calls(await turn([VALUE], said)) == [("volunteer_time_value", args)]
