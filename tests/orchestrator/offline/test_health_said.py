"""Health logs as people type them, for tools shaped like trial 20's health server: a blood
pressure said as a pair ("bp 128/82", "128 over 82") and by its initials in small letters; a
dose said with the past verb the tool's description uses ("took 2 advil": "Log a medication
dose taken"); a meal said with what it was ("dinner was salmon and rice") or with no "I" ("had
oatmeal for breakfast"). Before, the pair was asked for field by field ("128/82" not
understood), "bp 128/82" was read as a question, "took 2 advil" listed the todos to mark one
done, "took 200mg ibuprofen" asked to name the medication "took", "dinner was salmon and rice"
asked which tool records it and "had oatmeal for breakfast" was not understood. A todo said
done the same way ("took out the trash") is still a todo done, and a pair that does not fit
its numbers is asked about."""

from __future__ import annotations

from typing import Any

from orchestrator import ToolDefinition
from tests.orchestrator.offline._chores import CREATE_TODO, LIST_TODOS, UPDATE_TODO
from tests.orchestrator.offline._routing import calls, integer, text, tool, turn

MEAL_TYPE: dict[str, Any] = {"type": "string", "enum": ["breakfast", "lunch", "dinner", "snack"]}
MEDICATION = tool(
    "log_medication",
    "Log a medication dose taken.",
    {
        "name": text("Medication name"),
        "dose": text("Dose, e.g. 200mg"),
        "quantity": integer(),
        "taken_at": text("ISO timestamp"),
    },
    "name",
)
PRESSURE = tool(
    "log_blood_pressure",
    "Record a blood pressure reading.",
    {
        "systolic": integer(),
        "diastolic": integer(),
        "pulse": integer(),
        "measured_at": text("ISO timestamp"),
    },
    "systolic",
    "diastolic",
)
MEAL = tool(
    "log_meal",
    "Log a meal eaten.",
    {"meal_type": MEAL_TYPE, "description": text("What was eaten"), "calories": integer()},
    "meal_type",
    "description",
)
TOOLS: list[ToolDefinition] = [CREATE_TODO, LIST_TODOS, UPDATE_TODO, MEDICATION, PRESSURE, MEAL]


async def _made(said: str) -> list[tuple[str, dict[str, Any]]]:
    return calls(await turn(TOOLS, said))


async def test_a_pair_of_readings_fills_the_two_numbers_side_by_side() -> None:
    pressure = {"systolic": 128, "diastolic": 82}
    assert await _made("blood pressure 128/82") == [("log_blood_pressure", pressure)]
    assert await _made("log blood pressure 128 over 82") == [("log_blood_pressure", pressure)]
    with_pulse = {**pressure, "pulse": 64}
    assert await _made("log BP 128/82 pulse 64") == [("log_blood_pressure", with_pulse)]


async def test_initials_in_small_letters_with_a_reading_log_it() -> None:
    pressure = {"systolic": 128, "diastolic": 82}
    assert await _made("bp 128/82") == [("log_blood_pressure", pressure)]


async def test_a_pair_that_does_not_fit_is_asked_about() -> None:
    response = await turn(TOOLS, "log blood pressure 128.5/82")
    assert calls(response) == [] and "systolic" in response.text, response.text


async def test_a_past_verb_the_description_says_logs_a_dose() -> None:
    assert await _made("took 2 advil") == [("log_medication", {"quantity": 2, "name": "advil"})]
    dose = {"dose": "200mg", "name": "ibuprofen"}
    assert await _made("I just took 200mg ibuprofen") == [("log_medication", dose)]


async def test_the_same_verb_with_no_number_still_marks_a_todo_done() -> None:
    assert await _made("took out the trash") == [("list_todos", {})]


async def test_a_meal_said_with_what_it_was_is_logged() -> None:
    dinner = {"meal_type": "dinner", "description": "salmon and rice"}
    assert await _made("dinner was salmon and rice") == [("log_meal", dinner)]
    assert await _made("lunch was great tomorrow") == []


async def test_a_meal_said_with_no_i_is_logged_as_with_it() -> None:
    breakfast = {"meal_type": "breakfast", "description": "oatmeal"}
    assert await _made("had oatmeal for breakfast") == [("log_meal", breakfast)]
    assert await _made("I had oatmeal for breakfast") == [("log_meal", breakfast)]
