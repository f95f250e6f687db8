"""A number of days said as gone by ("surgery was 90 days ago") fills a parameter that counts
them (`days_since_surgery`), not a date; and a read's name (`exercise`) is never made of the
words scattered around the values ("I used to do , surgery was , pain": user trial 14,
h21): with no one run of words for it, it is asked for, unless an exercise the lexicon knows
is said ("a safe bench weight": the bench press, `test_sets_said_as_done`). Fails on the
router before (days dropped, the scattered words sent as the exercise)."""

from __future__ import annotations

from typing import Any

from tests.orchestrator.offline._routing import calls, tool, turn

NULLABLE_INT: dict[str, Any] = {"anyOf": [{"type": "integer"}, {"type": "null"}], "default": None}
WEIGHTS = tool(
    "calculate_training_weights",
    "Calculate safe training weights based on recovery",
    {
        "exercise": {"type": "string"},
        "base_weight": {"type": "number"},
        "days_since_surgery": NULLABLE_INT,
        "recent_pain_level": NULLABLE_INT,
    },
    "exercise",
    "base_weight",
)


async def test_days_gone_by_fill_the_count_of_them() -> None:
    said = "calculate training weight for squat, base weight 100, surgery was 90 days ago"
    assert calls(await turn([WEIGHTS], said)) == [
        (
            "calculate_training_weights",
            {"exercise": "squat", "base_weight": 100, "days_since_surgery": 90},
        )
    ]


async def test_scattered_words_are_no_name() -> None:
    said = (
        "what's a safe bench weight for me? I used to do 185, surgery was 90 days ago, pain level 2"
    )
    step = await turn([WEIGHTS], said)
    assert calls(step) == [
        (
            "calculate_training_weights",
            {
                "exercise": "bench press",  # "bench", an exercise the lexicon knows, in full
                "base_weight": 185,
                "days_since_surgery": 90,
                "recent_pain_level": 2,
            },
        )
    ], step.text
    step = await turn([WEIGHTS], said.replace("bench", "new"))
    assert calls(step) == [], calls(step)
    assert "exercise" in step.text and "days since surgery 90" in step.text, step.text
