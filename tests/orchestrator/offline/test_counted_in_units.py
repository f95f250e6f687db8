"""A number said with the unit of time its parameter's description counts in ("Current streak
value in days": "set my workout streak to 4 days") fills it, the unit's word its too; "4 days
ago" is no such count. Trial 16, w27: the router asked what "4 days" meant."""

from __future__ import annotations

from tests.orchestrator.offline._routing import calls, tool, turn

STREAK = tool(
    "set_streak",
    "Manually set streak values (for backfilling or corrections)",
    {
        "streak_type": {"type": "string", "enum": ["water", "workout"]},
        "current": {"type": "integer", "description": "Current streak value in days"},
    },
    "streak_type",
    "current",
)


async def test_a_count_said_in_the_unit_its_description_counts_in() -> None:
    assert calls(await turn([STREAK], "set my workout streak to 4 days")) == [
        ("set_streak", {"streak_type": "workout", "current": 4})
    ]


async def test_days_ago_are_no_count() -> None:
    assert not (await turn([STREAK], "set my workout streak, I started 4 days ago")).tool_calls
