"""Times in their own zone: a date-time a server returns with another offset than the user's is
shown in that offset, with the user's time beside it; one in the user's offset is shown plainly."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone

import pytest

from orchestrator import ToolCallItem, ToolDefinition, ToolResultItem, UserMessage
from orchestrator.models import ModelRequest
from orchestrator.offline import OfflineRouter

CURRENT_TIME = ToolDefinition(
    "get_current_time",
    "Get current time in a specific timezone",
    {"type": "object", "properties": {"timezone": {"type": "string"}}, "required": ["timezone"]},
)


@pytest.fixture
def in_paris(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("TZ", "Europe/Paris")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


async def _answer(moment: datetime, zone: str) -> str:
    request = UserMessage(f"what time is it in {zone.rsplit('/', 1)[1]}?")
    call = ToolCallItem("c1", "get_current_time", {"timezone": zone})
    payload = {"timezone": zone, "datetime": moment.isoformat(timespec="seconds")}
    result = ToolResultItem("c1", "get_current_time", json.dumps(payload))
    step = await OfflineRouter().respond(ModelRequest("", [request, call, result], [CURRENT_TIME]))
    return step.text


@pytest.mark.usefixtures("in_paris")
async def test_another_zones_time_is_shown_there_with_the_users_beside_it() -> None:
    tokyo = datetime.now(timezone(timedelta(hours=9))).replace(hour=21, minute=18)
    here = tokyo.astimezone()
    text = await _answer(tokyo, "Asia/Tokyo")
    assert f"{tokyo:%a %d %b} at 21:18 in Tokyo (" in text
    assert f"{here:%H:%M} here)" in text


@pytest.mark.usefixtures("in_paris")
async def test_a_time_in_the_users_own_offset_is_shown_plainly() -> None:
    paris = datetime.now().astimezone().replace(hour=13, minute=18)
    text = await _answer(paris, "Europe/Paris")
    assert "at 13:18" in text and " here)" not in text and "in Paris" not in text


LIST_TODOS = ToolDefinition(
    "list_todos",
    "List todos",
    {"type": "object", "properties": {"status": {"type": "string"}}},
)


async def test_a_listing_says_a_due_day_without_an_hour_and_its_count_once(in_paris: None) -> None:
    """A due day stored as its local midnight (the todo contract's "a date alone: that day,
    00:00") is the day alone; a `count` that says how many items are listed is not said again."""
    day = (datetime.now().astimezone() + timedelta(days=10)).replace(
        hour=0, minute=0, second=0, microsecond=0
    )
    todos = [
        {"title": "renew the passport", "due_date": day.isoformat()},
        {"title": "call the plumber", "due_date": day.replace(hour=9).isoformat()},
    ]
    request = UserMessage("list my todos")
    call = ToolCallItem("c1", "list_todos", {})
    result = ToolResultItem("c1", "list_todos", json.dumps({"todos": todos, "count": 2}))
    step = await OfflineRouter().respond(ModelRequest("", [request, call, result], [LIST_TODOS]))
    text = step.text
    assert f"renew the passport (due {day:%a %d %b})" in text, text
    assert f"call the plumber (due {day:%a %d %b} at 09:00)" in text, text
    assert text.startswith("2 todos:") and "count" not in text, text
