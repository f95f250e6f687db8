"""Things that take a span of time, over schemas of its own: a clock range ("2:15 to 3pm",
"9-9:30am") or a start and a length ("6pm, for 45 minutes") fills a write's start and end;
"dinner with Jonas" is the event's title; a time to come with its end and no verb is a new
event; a record of what happened is never dated in days to come; "room 2C" is a place."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from orchestrator import ToolDefinition, UserMessage
from orchestrator.models import ModelRequest, ModelResponse
from orchestrator.offline import OfflineRouter
from tests.orchestrator.offline._routing import calls, tool

TEXT: dict[str, Any] = {"type": "string"}
MOMENT = {"type": "string", "format": "date-time"}
NAMES = {"type": "array", "items": {"type": "string"}}


BOOK_SLOT = tool(
    "book_slot",
    "Book a slot in the diary",
    {
        "name": TEXT,
        "start_time": MOMENT,
        "end_time": MOMENT,
        "venue": TEXT,
        "guests": NAMES,
        "alert_minutes": {"type": "integer", "description": "Minutes before it to alert"},
    },
    "name",
    "start_time",
    "end_time",
)
ADD_TODO = tool("add_todo", "Add a todo", {"title": TEXT, "due": MOMENT}, "title")
LIST_SLOTS = tool("list_slots", "List booked slots", {"start_time": MOMENT, "end_time": MOMENT})
LOG_CONTACT = tool(
    "log_contact",
    "Log a conversation that took place",
    {
        "kind": {"type": "string", "enum": ["call", "visit", "email"]},
        "date": {"type": "string", "description": "ISO 8601 date or time"},
        "people": NAMES,
    },
    "kind",
    "date",
)


async def turn(tools: list[ToolDefinition], text: str) -> ModelResponse:
    return await OfflineRouter().respond(ModelRequest("", [UserMessage(text)], tools))


def clock(value: str) -> str:
    return f"{datetime.fromisoformat(value):%H:%M}"


async def test_a_clock_range_or_a_start_and_a_length_fills_the_start_and_the_end() -> None:
    for said, start, end in (
        ("book dentist cleaning on thursday 2:15 to 3pm", "14:15", "15:00"),
        ("book a haircut friday 9-9:30am", "09:00", "09:30"),
        ("book piano lesson tomorrow from 4pm to 5pm", "16:00", "17:00"),
        ("book a sauna session on sunday 12:30 to 1:15", "12:30", "13:15"),
        ("book a sauna session tomorrow 6pm, for 45 minutes", "18:00", "18:45"),
    ):
        ((name, args),) = calls(await turn([BOOK_SLOT, ADD_TODO], said))
        assert name == "book_slot", (said, name, args)
        assert (clock(args["start_time"]), clock(args["end_time"])) == (start, end), said


async def test_a_length_followed_by_before_is_a_lead_not_the_length() -> None:
    said = "book a swim on saturday 7-8am, alert me 15 min before"
    ((_, args),) = calls(await turn([BOOK_SLOT], said))
    assert clock(args["end_time"]) == "08:00" and args["alert_minutes"] == 15, args


async def test_with_a_name_after_the_thing_itself_is_part_of_its_title() -> None:
    ((_, args),) = calls(await turn([BOOK_SLOT], "book dinner with Jonas on saturday 7pm to 9pm"))
    assert args["name"] == "dinner with Jonas" and "guests" not in args, args


async def test_a_time_to_come_with_its_end_and_no_verb_is_a_new_event() -> None:
    said = "standup with the platform team on wednesday 9:30-9:45"
    ((name, args),) = calls(await turn([BOOK_SLOT, LIST_SLOTS], said))
    assert name == "book_slot" and args["name"] == "standup with the platform team", args


async def test_a_clock_range_is_for_the_write_with_a_start_and_an_end() -> None:
    said = "set up a call with Pia next friday 10:00-10:30"
    ((name, args),) = calls(await turn([LOG_CONTACT, BOOK_SLOT], said))
    assert name == "book_slot", (name, args)


async def test_a_record_of_what_happened_is_not_dated_in_days_to_come() -> None:
    step = await turn([LOG_CONTACT, BOOK_SLOT], "set up a call with Pia next friday at 10am")
    assert not any(name == "log_contact" for name, _ in calls(step)), calls(step)


async def test_a_room_said_with_its_name_is_the_place() -> None:
    ((_, args),) = calls(await turn([BOOK_SLOT], "book the design review friday 3-4pm, room 2C"))
    assert args["venue"] == "room 2C" and args["name"] == "design review", args
