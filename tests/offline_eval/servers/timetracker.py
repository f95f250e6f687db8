"""A time tracker in a third party's style: a running timer per `project`, time logged in
`minutes` on a `day`, reports over a `since`/`until` range, entries by `entry_id`."""

from __future__ import annotations

from datetime import date, datetime
from typing import Annotated, Literal

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from tests.offline_eval.servers._state import load, new_id, save

mcp = MCPServer("clockwork")

_READ = ToolAnnotations(read_only_hint=True)
_WRITE = ToolAnnotations(read_only_hint=False, destructive_hint=False)
_DAY = {"format": "date"}


class Entry(BaseModel):
    entry_id: str
    project: str
    minutes: int
    day: str
    note: str | None = None
    billable: bool = True
    running: bool = False


class Entries(BaseModel):
    entries: list[Entry]
    total_minutes: int


class Total(BaseModel):
    key: str
    minutes: int


class Report(BaseModel):
    since: str
    until: str
    totals: list[Total]
    total_minutes: int


def _entries() -> dict[str, dict]:
    return load().get("entries", {})


def _store(entries: dict[str, dict]) -> None:
    save({"entries": entries})


def _day(value: str | None, field: str) -> str:
    if value is None:
        return date.today().isoformat()
    try:
        return date.fromisoformat(value).isoformat()
    except ValueError:
        raise ToolError(f"{field} must be a date (YYYY-MM-DD), got {value!r}") from None


@mcp.tool(description="Start a timer on a project (one timer runs at a time)", annotations=_WRITE)
def start_timer(
    project: Annotated[str, Field(min_length=1, description="the project to track time on")],
    note: Annotated[str | None, Field(description="what you are working on")] = None,
    billable: Annotated[bool, Field(description="whether the time is billable")] = True,
) -> Entry:
    entries = _entries()
    if any(e["running"] for e in entries.values()):
        raise ToolError("a timer is already running; stop it first")
    entry = Entry(
        entry_id=new_id("te_"),
        project=project,
        minutes=0,
        day=_day(None, "day"),
        note=note,
        billable=billable,
        running=True,
    )
    entries[entry.entry_id] = {**entry.model_dump(), "started": datetime.now().isoformat()}
    _store(entries)
    return entry


@mcp.tool(description="Stop the running timer", annotations=_WRITE)
def stop_timer() -> Entry:
    entries = _entries()
    running = [e for e in entries.values() if e["running"]]
    if not running:
        raise ToolError("no timer is running")
    entry = running[0]
    started = datetime.fromisoformat(entry.pop("started"))
    entry.update(running=False, minutes=max(1, (datetime.now() - started).seconds // 60))
    _store(entries)
    return Entry(**entry)


@mcp.tool(description="Log time already spent on a project", annotations=_WRITE)
def log_time(
    project: Annotated[str, Field(min_length=1, description="the project the time goes to")],
    minutes: Annotated[int, Field(ge=1, le=1440, description="how long, in minutes")],
    day: Annotated[
        str | None, Field(description="the day of the work (default today)", json_schema_extra=_DAY)
    ] = None,
    note: Annotated[str | None, Field(description="what was done")] = None,
) -> Entry:
    entries = _entries()
    entry = Entry(
        entry_id=new_id("te_"), project=project, minutes=minutes, day=_day(day, "day"), note=note
    )
    entries[entry.entry_id] = entry.model_dump()
    _store(entries)
    return entry


@mcp.tool(
    description="List time entries, optionally for one project or between two days",
    annotations=_READ,
)
def list_entries(
    project: Annotated[str | None, Field(description="only this project")] = None,
    since: Annotated[str | None, Field(description="first day", json_schema_extra=_DAY)] = None,
    until: Annotated[str | None, Field(description="last day", json_schema_extra=_DAY)] = None,
) -> Entries:
    first, last = since and _day(since, "since"), until and _day(until, "until")
    found = [
        Entry(**e)
        for e in _entries().values()
        if (project is None or e["project"].lower() == project.lower())
        and (first is None or e["day"] >= first)
        and (last is None or e["day"] <= last)
    ]
    return Entries(entries=found, total_minutes=sum(e.minutes for e in found))


@mcp.tool(description="Total time per project or per day between two days", annotations=_READ)
def time_report(
    since: Annotated[str, Field(description="first day of the report", json_schema_extra=_DAY)],
    until: Annotated[str, Field(description="last day of the report", json_schema_extra=_DAY)],
    group_by: Annotated[Literal["project", "day"], Field(description="how to total")] = "project",
) -> Report:
    first, last = _day(since, "since"), _day(until, "until")
    totals: dict[str, int] = {}
    for e in _entries().values():
        if first <= e["day"] <= last:
            key = e["project"] if group_by == "project" else e["day"]
            totals[key] = totals.get(key, 0) + e["minutes"]
    return Report(
        since=first,
        until=last,
        totals=[Total(key=k, minutes=v) for k, v in totals.items()],
        total_minutes=sum(totals.values()),
    )


@mcp.tool(description="Delete a time entry", annotations=ToolAnnotations(destructive_hint=True))
def delete_entry(entry_id: Annotated[str, Field(description="the entry's id")]) -> Entry:
    entries = _entries()
    if entry_id not in entries:
        raise ToolError(f"no time entry {entry_id}")
    gone = entries.pop(entry_id)
    _store(entries)
    return Entry(**gone)


if __name__ == "__main__":
    mcp.run()
