"""Words said aside name nothing to record: "squats again today, 3x5 at 85kg this time" logs
squats (trial 18, f29: "this time" was asked about, and the exercise was "squats again")."""

from __future__ import annotations

from tests.orchestrator.offline._routing import calls, string, tool, turn

SET = {
    "type": "object",
    "properties": {"weight": {"type": "number"}, "reps": {"type": "integer"}},
    "required": ["weight", "reps"],
}
EXERCISE = {
    "type": "object",
    "properties": {"name": string(), "sets": {"type": "array", "items": SET}},
    "required": ["name", "sets"],
}
WORKOUT = tool(
    "log_workout",
    "Log a workout session with exercises",
    {"date": string(), "exercises": {"type": "array", "items": EXERCISE}},
    "date",
    "exercises",
)


async def test_again_and_this_time_are_said_aside() -> None:
    ((name, args),) = calls(await turn([WORKOUT], "squats again today, 3x5 at 85kg this time"))
    (exercise,) = args["exercises"]
    assert (name, exercise["name"], len(exercise["sets"])) == ("log_workout", "squats", 3), args
    assert exercise["sets"][0] == {"weight": 85, "reps": 5}, args


MEAL = tool(
    "log_meal",
    "Log a meal with nutritional information",
    {"meal_type": string(), "foods": {"type": "array", "items": string()}, "time": string()},
    "meal_type",
    "foods",
)
EXPENSES = tool("view_expenses", "", {"date": string()})


async def test_a_kind_of_what_one_log_keeps_said_first_is_a_record() -> None:
    """ "breakfast 2 eggs and toast, 8am" (trial 18, f22) offered the todo tools: it is a meal,
    logged or asked about, never a read of the expenses."""
    step = await turn([MEAL, EXPENSES], "breakfast 2 eggs and toast, 8am")
    assert not any(name == "view_expenses" for name, _ in calls(step)), calls(step)
    assert "log_meal" in step.text or any(name == "log_meal" for name, _ in calls(step))


async def test_a_kind_said_first_with_a_day_to_come_is_no_record() -> None:
    """ "lunch with 2 clients tomorrow at 12" is no meal eaten: never logged."""
    step = await turn([MEAL, EXPENSES], "lunch with 2 clients tomorrow at 12")
    assert not any(name == "log_meal" for name, _ in calls(step)), calls(step)
