"""A day's health numbers and workouts said as people say them, for tools shaped like
quantified-self-mcp's (blind set G): one that logs a day's metrics by name (`sleep_hours`,
`workout_minutes`, `mood`), one that logs a reading of a named metric, one that logs a workout
with a free-form kind ("What kind of workout, e.g. "running", "cycling". Free-form.") beside a
tool description that lists "activity, timing, intensity", and a read. "slept 8.5 hours last
night" read nothing (the past verb names a metric, not the tool); "45 minutes of exercise" went
to `sleep_hours`, the first length; "mood today 8/10" read the day; "went for a 40 minute run"
was no record, and its "this morning" became a start time of 09:00 nobody said; a workout's kind
was taken from the tool's description ("heart"), and a metric's from "(sum/mean/last)"."""

from __future__ import annotations

from orchestrator import ToolDefinition
from tests.orchestrator.offline._routing import calls, string, text, tool, turn

NUMBER = {"anyOf": [{"type": "number"}, {"type": "null"}], "default": None}
WHOLE = {"anyOf": [{"type": "integer"}, {"type": "null"}], "default": None}
DAILY = tool(
    "log_daily_metric",
    "Log one or more daily metrics for a date.",
    {
        "date": text("The day to log, formatted YYYY-MM-DD."),
        "steps": {**WHOLE, "description": "Step count for the day."},
        "sleep_hours": {**NUMBER, "description": "Hours of sleep. 0-24."},
        "workout_minutes": {**WHOLE, "description": "Minutes of exercise. 0-1,440."},
        "mood": {**WHOLE, "description": "Mood rating on a 1-10 scale."},
        "weight_kg": {**NUMBER, "description": "Body weight in kilograms."},
    },
    "date",
)
READING = tool(
    "log_measurement",
    "Log one raw reading of a metric at a moment.",
    {
        "timestamp": text("When the observation was taken, YYYY-MM-DD or a full ISO timestamp."),
        "metric": text(
            'Name of the metric, e.g. "mood", "steps". Not free-form: must already have an '
            "entry (steps, sleep_hours, workout_minutes, mood, weight_kg, out of the box), "
            "each with a known aggregation method (sum/mean/last)."
        ),
        "value": {"type": "number", "description": "The numeric reading."},
    },
    "timestamp",
    "metric",
    "value",
)
WORKOUT = tool(
    "log_workout_session",
    "Record one workout as a structured event — activity, timing, intensity,\nand heart-rate "
    "response — rather than folding it into the day's\nworkout_minutes total.",
    {
        "date": text("The day the workout happened, YYYY-MM-DD."),
        "activity_type": text('What kind of workout, e.g. "running", "cycling". Free-form.'),
        "duration_minutes": {"type": "integer", "description": "How long it lasted, in minutes."},
        "start_time": text("When it started, HH:MM (24-hour) or a full ISO timestamp. Optional."),
        "notes": text("Free-text notes, e.g. route or how it felt. Optional."),
    },
    "date",
    "activity_type",
    "duration_minutes",
)
READ = tool(
    "read_measurements",
    "Read raw measurements between two dates.",
    {"start_date": string(), "end_date": string()},
    "start_date",
    "end_date",
)
TOOLS: list[ToolDefinition] = [DAILY, READING, WORKOUT, READ]


async def _made(said: str) -> tuple[str, dict[str, object]]:
    ((name, args),) = calls(await turn(TOOLS, said))
    return name, args


async def test_a_past_verb_names_the_metric_its_number_is_for() -> None:
    name, args = await _made("slept 8.5 hours last night")
    assert name == "log_daily_metric" and args["sleep_hours"] == 8.5, (name, args)


async def test_a_metric_said_with_its_number_and_a_day_is_logged() -> None:
    name, args = await _made("mood today 8/10")
    assert name == "log_daily_metric" and args["mood"] == 8, (name, args)


async def test_a_length_goes_to_the_length_its_words_name() -> None:
    name, args = await _made("put down 45 minutes of exercise for today")
    assert (name, args.get("workout_minutes"), "sleep_hours" in args) == (
        "log_daily_metric",
        45,
        False,
    ), args


async def test_a_workout_said_done_by_its_kind_is_logged_with_no_clock_time_made_up() -> None:
    name, args = await _made("went for a 40 minute run this morning")
    assert name == "log_workout_session", (name, args)
    assert (args["activity_type"], args["duration_minutes"]) == ("run", 40)
    assert "start_time" not in args  # "this morning" is no clock time
    name, args = await _made("did 25 min of yoga at 7pm")
    assert (name, args["activity_type"], args["start_time"]) == (
        "log_workout_session",
        "yoga",
        "19:00",
    )


async def test_a_kind_is_never_one_the_tool_description_lists_for_another_purpose() -> None:
    step = await turn(TOOLS, "log a workout today, 30 minutes")
    kinds = [args.get("activity_type") for _, args in calls(step)]
    assert not {"activity", "timing", "intensity", "heart"} & set(kinds), calls(step)
    assert "activity_type" in step.text and "timing" not in step.text  # asked, free-form


async def test_a_metric_takes_the_list_that_holds_its_examples() -> None:
    step = await turn([READING], "log a mood measurement of 7 today")
    assert "metric mood" in step.text, step.text  # one of the metrics its examples are in
    step = await turn([READING], "log a measurement of sum now, value 3")
    assert not calls(step) and "metric sum" not in step.text, step.text  # a method, no metric
