"""A new record's text never holds a second day beside the date the request says (user trial
20's t09: "passport's actually due the 15th not the 30th" made a todo "passport's actually due
the 15th not", due the 30th). A title with no day in it is still written with its date."""

from __future__ import annotations

from datetime import UTC, datetime

from orchestrator import UserMessage
from orchestrator.models import ModelRequest
from orchestrator.offline import OfflineRouter
from tests.orchestrator.offline._routing import calls, string, tool

NOON = OfflineRouter(clock=lambda: datetime(2026, 12, 2, 12, tzinfo=UTC))

TODO = tool(
    "create_todo",
    "Create a new todo item with optional due date",
    {"title": string(), "due_date": string()},
    "title",
    server="todo",
)
_PASSPORT = "passport's actually due the 15th not the 30th"


async def test_a_day_left_in_a_title_beside_the_date_writes_nothing() -> None:
    step = await NOON.respond(ModelRequest("", [UserMessage(_PASSPORT)], [TODO]))
    assert not calls(step), calls(step)


async def test_a_title_with_no_day_in_it_keeps_its_date() -> None:
    step = await NOON.respond(
        ModelRequest("", [UserMessage("renew passport due the 15th")], [TODO])
    )
    assert calls(step) == [("create_todo", {"title": "renew passport", "due_date": "2026-12-15"})]
