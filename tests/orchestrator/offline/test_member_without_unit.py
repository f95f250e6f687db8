"""An enum member named with its unit at the end (`weight_kg`, `sleep_hours`, `hrv_ms`) is said
without it: "is my weight trending down?" names `weight_kg`, whether the schema lists the
members or the description does ("One of steps, sleep_hours, ..."). Where two members share
the words before the unit (`sleep_hours`, `sleep_minutes`), the word alone names neither, and
the router asks. Fails on the router before (it asked for the metric)."""

from __future__ import annotations

from typing import Any

from tests.orchestrator.offline._routing import calls, text, tool, turn

METRICS = ["steps", "sleep_hours", "resting_heart_rate", "weight_kg", "water_ml", "hrv_ms"]


def _trend(metric: dict[str, Any]) -> list[Any]:
    return [
        tool(
            "calculate_metric_trend",
            "Fit a straight-line trend to one metric over a window and report its direction.",
            {"metric": metric},
            "metric",
        )
    ]


LISTED = _trend({"type": "string", "enum": METRICS})
DESCRIBED = _trend(text("One of " + ", ".join(METRICS) + "."))


async def test_a_member_is_named_without_its_unit() -> None:
    for said, metric in (
        ("is my weight trending down?", "weight_kg"),
        ("how is my sleep trending?", "sleep_hours"),
        ("is my hrv trending up?", "hrv_ms"),
        ("is my resting heart rate trending down?", "resting_heart_rate"),
    ):
        for tools in (LISTED, DESCRIBED):
            made = calls(await turn(tools, said))
            assert made == [("calculate_metric_trend", {"metric": metric})], (said, made)


async def test_two_members_of_the_same_words_are_asked_about() -> None:
    both = _trend({"type": "string", "enum": ["steps", "sleep_hours", "sleep_minutes"]})
    assert calls(await turn(both, "how is my sleep trending?")) == []
