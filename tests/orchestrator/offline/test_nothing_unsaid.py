"""Round eight's write gate, over schemas of its own: a write never carries an object, a list's
entry or a value nobody said (an array of free-form objects left empty is left out, and a call
holding an empty object fails its check), and an hour said with a part of the day is read in it
("tonight at 9" is 21:00, never 09:00)."""

from __future__ import annotations

from typing import Any

from orchestrator import ToolDefinition, UserMessage
from orchestrator.models import ModelRequest, ModelResponse
from orchestrator.offline import OfflineRouter
from orchestrator.offline._check import problems
from orchestrator.offline._tools import ToolView
from tests.orchestrator.offline._routing import calls, tool

TEXT: dict[str, Any] = {"type": "string"}
MOMENT = {"type": "string", "format": "date-time"}
NAMES = {"type": "array", "items": {"type": "string"}}
LINKS = {
    "type": "array",
    "items": {"type": "object", "additionalProperties": {"type": "string"}},
    "description": 'Files it refers to: [{"name": "...", "where": URL or path}].',
}


RECORD_CONVERSATION = tool(
    "record_conversation",
    "Record a conversation you had, by phone or in person, and who it was with",
    {
        "medium": {"type": "string", "enum": ["phone", "video", "in_person"]},
        "when": {"type": "string", "description": "ISO 8601 date or time"},
        "people": NAMES,
        "topic": TEXT,
        "attachments": LINKS,
    },
    "medium",
    "when",
)
ADD_REMINDER = tool(
    "add_reminder",
    "Add a reminder",
    {"text": TEXT, "remind_at": MOMENT},
    "text",
    "remind_at",
)


async def turn(tools: list[ToolDefinition], text: str) -> ModelResponse:
    return await OfflineRouter().respond(ModelRequest("", [UserMessage(text)], tools))


def asks(response: ModelResponse) -> bool:
    question = getattr(response.items[0], "question", None) if response.items else None
    return not response.tool_calls and question is not None


async def test_a_list_of_free_form_objects_nobody_filled_is_left_out() -> None:
    step = await turn([RECORD_CONVERSATION], "record a phone conversation with Ines today")
    ((name, args),) = calls(step)
    assert name == "record_conversation" and args["medium"] == "phone"
    assert "attachments" not in args, args


def test_a_call_holding_an_empty_object_fails_its_check() -> None:
    schema = {
        "type": "object",
        "properties": {"title": TEXT, "meta": {"type": "object"}, "files": LINKS},
    }
    view = ToolView.of("save_page", "Save a page", schema)
    assert problems(view, {"title": "Home", "meta": {}})
    assert problems(view, {"title": "Home", "files": [{}]})
    assert problems(view, {"title": "Home", "files": [{"name": "a", "where": "/tmp/a"}]}) == []


async def test_an_hour_said_with_a_part_of_the_day_is_read_in_that_part() -> None:
    for said, hour in (
        ("remind me to put the bins out tonight at 10", "T22:00:00"),
        ("remind me to ring the plumber at 8 tonight", "T20:00:00"),
        ("remind me to feed the cat tomorrow evening at 6", "T18:00:00"),
        ("remind me to take the pills tomorrow at 7:30 in the evening", "T19:30:00"),
        ("remind me to water the seedlings tomorrow morning at 6", "T06:00:00"),
        ("remind me to call the bank tomorrow afternoon at 2", "T14:00:00"),
    ):
        ((_, args),) = calls(await turn([ADD_REMINDER], said))
        assert hour in args["remind_at"], (said, args)


async def test_an_hour_no_reading_of_which_fits_its_part_of_the_day_is_asked_for() -> None:
    step = await turn([ADD_REMINDER], "remind me to check the oven tonight at 3")
    assert asks(step), calls(step)


async def test_a_day_alone_answering_a_question_for_a_time_is_no_time_made_up() -> None:
    request = UserMessage("remind me to renew the passport")
    tools = [ADD_REMINDER]
    asked = await OfflineRouter().respond(ModelRequest("", [request], tools))
    assert asks(asked)
    history = [request, asked.items[0], UserMessage("next thursday")]
    answered = await OfflineRouter().respond(ModelRequest("", history, tools))
    assert asks(answered), calls(answered)
    history = [request, asked.items[0], UserMessage("next thursday at 4pm")]
    ((_, args),) = calls(await OfflineRouter().respond(ModelRequest("", history, tools)))
    assert "T16:00:00" in args["remind_at"]


async def test_a_preposition_in_a_parameters_name_labels_no_value() -> None:
    reply = tool(
        "record_email",
        "Record an email you got",
        {"subject": TEXT, "in_reply_to": {"type": "string", "description": "Its In-Reply-To."}},
        "subject",
    )
    for said in (
        "record an email: the venue is booked in August",  # a month alone, no name
        "record an email about the caterer in Lyon",  # nor a place
    ):
        step = await turn([reply], said)
        assert not any("in_reply_to" in args for _, args in calls(step)), (said, calls(step))


async def test_a_day_in_yyyy_mm_dd_takes_the_day_and_todays_default_is_not_sent() -> None:
    log_walk = tool(
        "log_walk",
        "Log a walk",
        {
            "steps": {"type": "integer"},
            "walk_date": {"type": "string", "description": "Date as YYYY-MM-DD (default: today)"},
            "walk_time": {"type": "string", "description": "Time as HH:MM"},
        },
        "steps",
    )
    ((_, args),) = calls(await turn([log_walk], "log a walk at 6:15 this morning, 8000 steps"))
    assert args == {"steps": 8000, "walk_time": "06:15"}, args
    ((_, args),) = calls(await turn([log_walk], "log a walk yesterday at 5pm, 5000 steps"))
    assert len(args["walk_date"]) == 10 and args["walk_time"] == "17:00", args
