"""A set of an exercise said as people say it, over a schema of its own: "deadlift 120kg x 3"
is 3 repetitions of 120 kg, "4x8 leg press at 90 kg" and "2 sets of 12 dips" 4 and 2 sets,
the exercise the words left (its description: "name as the user says it"), "@ rpe 7" a value,
and "at 60 kg" never a clock time."""

from __future__ import annotations

from typing import Any

from orchestrator import ToolDefinition, UserMessage
from orchestrator.messages import ToolCallItem, ToolResultItem
from orchestrator.models import ModelRequest, ModelResponse
from orchestrator.offline import OfflineRouter
from orchestrator.offline._dates import find_when
from tests.orchestrator.offline._routing import calls

NUMBER: dict[str, Any] = {"type": "number"}
RECORD_LIFT = ToolDefinition(
    "record_lift",
    "Record a lift.\n    exercise: name as the user says it. unit: kg or lb. sets: identical"
    " sets at once.",
    {
        "type": "object",
        "properties": {
            "exercise": {"type": "string"},
            "weight": NUMBER,
            "unit": {"type": "string"},
            "reps": {"type": "integer"},
            "sets": {"type": "integer"},
            "rpe": NUMBER,
        },
    },
)
LOG_MEAL = ToolDefinition(
    "log_meal",
    "Log a meal",
    {
        "type": "object",
        "properties": {"text": {"type": "string"}, "grams": NUMBER, "unit": {"type": "string"}},
    },
)


async def turn(text: str) -> ModelResponse:
    return await OfflineRouter().respond(
        ModelRequest("", [UserMessage(text)], [RECORD_LIFT, LOG_MEAL])
    )


async def test_a_weight_times_repetitions_is_a_set_of_the_exercise_left() -> None:
    for said, args in (
        ("deadlift 120kg x 3", {"exercise": "deadlift", "weight": 120, "reps": 3}),
        ("log 50kg front squat for 8", {"exercise": "front squat", "weight": 50, "reps": 8}),
        ("bench 70kg x 6 @ rpe 7", {"exercise": "bench", "weight": 70, "reps": 6, "rpe": 7}),
    ):
        assert calls(await turn(said)) == [("record_lift", {**args, "unit": "kg"})], said


async def test_sets_of_repetitions_are_counted_by_the_parameter_described_for_sets() -> None:
    ((name, args),) = calls(await turn("4x8 leg press at 90 kg"))
    assert (name, args) == (
        "record_lift",
        {"exercise": "leg press", "weight": 90, "unit": "kg", "reps": 8, "sets": 4},
    )
    assert calls(await turn("2 sets of 12 dips")) == [
        ("record_lift", {"exercise": "dips", "reps": 12, "sets": 2})
    ]


def test_at_a_weight_is_no_clock_time() -> None:
    assert find_when("rows at 60 kg") is None
    assert find_when("rows at 6") is not None


CREATE_NOTE = ToolDefinition(
    "create_note",
    "Create a note",
    {"type": "object", "properties": {"title": {"type": "string"}}, "required": ["title"]},
)


async def test_a_record_read_from_its_values_has_no_verb_to_match_a_tools() -> None:
    step = await OfflineRouter().respond(
        ModelRequest("", [UserMessage("hack squat 80kg x 10")], [CREATE_NOTE, RECORD_LIFT])
    )
    assert [name for name, _ in calls(step)] == ["record_lift"]


async def again(said: str) -> list[tuple[str, dict[str, Any]]]:
    first = UserMessage("rows 60kg x 10")
    made = await OfflineRouter().respond(ModelRequest("", [first], [RECORD_LIFT, LOG_MEAL]))
    (call,) = made.tool_calls
    history = [
        first,
        ToolCallItem(call.call_id, call.name, call.arguments),
        ToolResultItem(call.call_id, call.name, '{"logged": [{"id": 7}]}'),
        UserMessage(said),
    ]
    return calls(await OfflineRouter().respond(ModelRequest("", history, [RECORD_LIFT, LOG_MEAL])))


async def test_same_again_makes_the_last_write_once_more_with_what_it_changes() -> None:
    lift = {"exercise": "rows", "weight": 60, "unit": "kg", "reps": 10}
    assert await again("same again") == [("record_lift", lift)]
    assert await again("and another one, same weight, 8 reps") == [
        ("record_lift", {**lift, "reps": 8})
    ]


EDIT_LAST_LIFT = ToolDefinition(
    "edit_last_lift",
    "Edit the last lift",
    {"type": "object", "properties": {"weight": NUMBER, "reps": {"type": "integer"}}},
)


async def test_make_that_a_number_corrects_the_argument_it_is_nearest() -> None:
    tools = [RECORD_LIFT, EDIT_LAST_LIFT]
    first = UserMessage("rows 60kg x 10")
    made = await OfflineRouter().respond(ModelRequest("", [first], tools))
    (call,) = made.tool_calls
    before = [
        first,
        ToolCallItem(call.call_id, call.name, call.arguments),
        ToolResultItem(call.call_id, call.name, '{"logged": [{"id": 7}]}'),
    ]
    for said, change in (("oops, make that 65", {"weight": 65}), ("make that 12", {"reps": 12})):
        step = await OfflineRouter().respond(ModelRequest("", [*before, UserMessage(said)], tools))
        assert calls(step) == [("edit_last_lift", change)], said


async def test_a_title_with_no_letter_is_asked_about() -> None:
    step = await OfflineRouter().respond(
        ModelRequest("", [UserMessage("add a note: 145")], [CREATE_NOTE])
    )
    assert not step.tool_calls
