"""A calendar in a third party's style: meetings with a `subject`, `starts_at`, a duration in
minutes, `attendees` (names or emails) and a `location`; its `search` tool shares its name with
the bookmarks server's."""

from __future__ import annotations

from datetime import date, datetime
from typing import Annotated

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from tests.offline_eval.servers._state import load, new_id, save

mcp = MCPServer("agenda")

_READ = ToolAnnotations(read_only_hint=True)
_WRITE = ToolAnnotations(read_only_hint=False, destructive_hint=False)
_MOMENT = {"format": "date-time"}


class Meeting(BaseModel):
    meeting_id: str
    subject: str
    starts_at: str
    duration_minutes: int
    attendees: list[str]
    location: str | None = None


class Meetings(BaseModel):
    meetings: list[Meeting]


def _meetings() -> dict[str, dict]:
    return load().get("meetings", {})


def _store(meetings: dict[str, dict]) -> None:
    save({"meetings": meetings})


def _moment(value: str) -> str:
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        raise ToolError(f"starts_at must be an ISO 8601 date-time, got {value!r}") from None
    if moment.tzinfo is None:
        raise ToolError("starts_at needs a UTC offset")
    return moment.isoformat()


@mcp.tool(description="Schedule a meeting with attendees at a time and place", annotations=_WRITE)
def schedule_meeting(
    subject: Annotated[str, Field(min_length=1, description="what the meeting is about")],
    starts_at: Annotated[str, Field(description="start, ISO 8601", json_schema_extra=_MOMENT)],
    duration_minutes: Annotated[int, Field(ge=5, le=600, description="length in minutes")] = 30,
    attendees: Annotated[list[str], Field(description="people invited: names or emails")] = [],  # noqa: B006
    location: Annotated[str | None, Field(description="where it takes place")] = None,
) -> Meeting:
    meetings = _meetings()
    meeting = Meeting(
        meeting_id=new_id("mtg_"),
        subject=subject,
        starts_at=_moment(starts_at),
        duration_minutes=duration_minutes,
        attendees=attendees,
        location=location,
    )
    meetings[meeting.meeting_id] = meeting.model_dump()
    _store(meetings)
    return meeting


@mcp.tool(
    description="Search meetings by words in their subject, by day or by attendee",
    annotations=_READ,
)
def search(
    text: Annotated[str | None, Field(description="words in the subject")] = None,
    day: Annotated[
        str | None, Field(description="only this day", json_schema_extra={"format": "date"})
    ] = None,
    attendee: Annotated[str | None, Field(description="only meetings with this person")] = None,
) -> Meetings:
    found = []
    for raw in _meetings().values():
        meeting = Meeting(**raw)
        if text and not all(w in meeting.subject.lower() for w in text.lower().split()):
            continue
        if day and datetime.fromisoformat(meeting.starts_at).date() != date.fromisoformat(day):
            continue
        if attendee and attendee.lower() not in [a.lower() for a in meeting.attendees]:
            continue
        found.append(meeting)
    found.sort(key=lambda m: m.starts_at)
    return Meetings(meetings=found)


@mcp.tool(description="Move a meeting to another start time", annotations=_WRITE)
def move_meeting(
    meeting_id: Annotated[str, Field(description="the meeting's id")],
    starts_at: Annotated[str, Field(description="new start, ISO 8601", json_schema_extra=_MOMENT)],
) -> Meeting:
    meetings = _meetings()
    if meeting_id not in meetings:
        raise ToolError(f"no meeting {meeting_id}")
    meetings[meeting_id]["starts_at"] = _moment(starts_at)
    _store(meetings)
    return Meeting(**meetings[meeting_id])


@mcp.tool(description="Cancel a meeting", annotations=ToolAnnotations(destructive_hint=True))
def cancel_meeting(meeting_id: Annotated[str, Field(description="the meeting's id")]) -> Meeting:
    meetings = _meetings()
    if meeting_id not in meetings:
        raise ToolError(f"no meeting {meeting_id}")
    gone = meetings.pop(meeting_id)
    _store(meetings)
    return Meeting(**gone)


if __name__ == "__main__":
    mcp.run()
