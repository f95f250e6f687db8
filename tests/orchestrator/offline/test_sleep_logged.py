"""A night's sleep said as people say it, for a tool that logs sleep (`log_sleep(hours, quality,
bedtime, wake_time, notes)`, "quality 1-10 (10=best), optional bedtime/wake_time (HH:MM)"),
beside tools that keep todos, tickets and expenses. Trial 17 (sleep-tracker-ai-mcp 1.0.9): "slept
8h, 11/10 amazing" logged a wake time of 10:00; "log sleep: 7.5 hours" logged 450 hours; "slept
8h" and "slept 7 hours, quality 6 out of 10" read the stats; "slept 6.5h last night" made a wake
time of 20:00 from "night". A past verb whose present names what a tool logs ("slept": sleep) is
a record of it; a length is sent in the unit its parameter is named for; "7/10", "6 out of 10"
and "rate it 4/10" are the score, "11/10" its top, "4/5" for a 1-10 score asked about; a clock
time of day alone (`wake_time`) takes no day and no part of a day."""

from __future__ import annotations

from orchestrator import ToolDefinition
from tests.orchestrator.offline._routing import calls, integer, string, text, tool, turn

NUMBER = {"type": "number"}
SLEEP = tool(
    "log_sleep",
    "Log a sleep entry. Hours slept, quality 1-10 (10=best), optional bedtime/wake_time "
    "(HH:MM), and notes.",
    {
        "hours": NUMBER,
        "quality": {"type": "integer", "default": 5},
        "bedtime": {"type": "string", "default": ""},
        "wake_time": {"type": "string", "default": ""},
        "notes": {"type": "string", "default": ""},
    },
    "hours",
)
STATS = tool(
    "get_sleep_stats",
    "Get sleep statistics over the last N days.",
    {"days": {"type": "integer", "default": 7}},
)
EXPENSE = tool(
    "add_expense",
    "Add new expense",
    {"amount": NUMBER, "category": string(), "description": string(), "date": string()},
    "amount",
)
TODO = tool(
    "create_todo",
    "Create a new todo item with optional due date",
    {"title": text("The todo item title"), "due_date": text("Due date (YYYY-MM-DD)")},
    "title",
)
UPDATE = tool(
    "update_todo",
    "Update a todo item",
    {"todo_id": string(), "status": {"type": "string", "enum": ["pending", "completed"]}},
    "todo_id",
)
TOOLS: list[ToolDefinition] = [SLEEP, STATS, EXPENSE, TODO, UPDATE]


async def _logged(said: str) -> dict[str, object]:
    ((name, args),) = calls(await turn(TOOLS, said))
    assert name == "log_sleep", (said, name, args)
    return args


async def test_a_past_verb_of_what_a_tool_logs_logs_it() -> None:
    assert await _logged("slept 8h") == {"hours": 8}
    assert await _logged("slept 7 hours, quality 6 out of 10") == {"hours": 7, "quality": 6}


async def test_a_length_is_sent_in_the_unit_its_parameter_is_named_for() -> None:
    assert await _logged("log sleep: 7.5 hours, quality 8") == {"hours": 7.5, "quality": 8}
    assert await _logged("slept 6.5h today") == {"hours": 6.5}
    whole = tool("log_nap", "Log a nap", {"hours": integer()}, "hours")
    step = await turn([whole, TODO], "log a nap of 1.5 hours")
    assert not calls(step), calls(step)  # an integer of hours cannot say it: asked


async def test_a_score_is_read_against_its_scale() -> None:
    assert await _logged("slept 8h, 7/10") == {"hours": 8, "quality": 7}
    assert await _logged("slept 6.5h last night, rate it 4/10") == {"hours": 6.5, "quality": 4}
    step = await turn(TOOLS, "slept 7h, 4/5")  # another scale than the quality's 1-10
    assert not any(args.get("quality") for _, args in calls(step)), calls(step)


async def test_a_score_past_its_top_is_the_top_and_no_time() -> None:
    step = await turn(TOOLS, "slept 8h, 11/10 amazing")
    for name, args in calls(step):
        assert name == "log_sleep" and "wake_time" not in args, (name, args)
    assert "quality 10" in step.text or calls(step), step.text


async def test_a_time_of_day_takes_a_clock_time_never_a_day_or_a_part_of_one() -> None:
    step = await turn(TOOLS, "slept 6 hours this morning")
    assert calls(step) == [("log_sleep", {"hours": 6})], calls(step)
    log_walk = tool(
        "log_walk",
        "Log a walk",
        {"steps": integer(), "walk_time": text("Time as HH:MM")},
        "steps",
    )
    ((_, args),) = calls(await turn([log_walk], "log a walk at 6:15, 8000 steps"))
    assert args == {"steps": 8000, "walk_time": "06:15"}, args


async def test_a_fraction_after_a_date_lead_is_no_score() -> None:
    book = tool(
        "log_book",
        "Log a book you finished",
        {"title": string(), "rating": {"type": "integer", "minimum": 1, "maximum": 10}},
        "title",
    )
    assert calls(await turn([book], "log Dune, 7/10")) == [
        ("log_book", {"rating": 7, "title": "Dune"})
    ]
    step = await turn([book], "log Dune on 7/10")  # a day: never a rating of 7
    assert not any(args.get("rating") for _, args in calls(step)), calls(step)
