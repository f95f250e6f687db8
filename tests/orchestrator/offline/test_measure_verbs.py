"""A past verb that says what was measured ("weighed 80.5 kg", "drank 2 liters of water",
lexicon `MEASURE_VERBS`) is the word of the parameter that took the value, no word left over:
the record is written; a verb that says nothing of it ("spilled") is still asked about. Over
schemas of its own."""

from __future__ import annotations

from typing import Any

from tests.orchestrator.offline._routing import calls, tool, turn

NUMBER: dict[str, Any] = {"type": "number"}
LOG_DAY = tool(
    "log_day_values",
    "Record one or more values for a day.",
    {
        "day": {"type": "string", "description": "The day, YYYY-MM-DD"},
        "weight_kg": NUMBER,
        "water_ml": NUMBER,
    },
    "day",
)


async def test_the_verb_that_says_what_was_measured_is_its_word() -> None:
    step = await turn([LOG_DAY], "weighed 80.5 kg on 2026-03-02")
    assert calls(step) == [("log_day_values", {"day": "2026-03-02", "weight_kg": 80.5})]
    step = await turn([LOG_DAY], "drank 2 liters of water on 2026-03-02")
    assert calls(step) == [("log_day_values", {"day": "2026-03-02", "water_ml": 2000})]


async def test_a_verb_that_says_nothing_of_it_is_asked_about() -> None:
    assert calls(await turn([LOG_DAY], "spilled 2 liters of water on 2026-03-02")) == []
