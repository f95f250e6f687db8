"""A day said as a deadline ("due friday", "by friday", lexicon DEADLINE_LEADS) for a date-time
parameter named for one (`due_date`) is that day: no time of day is missing. A day said
otherwise ("remind me ... tomorrow"), or for a date-time that is no deadline (`starts_at`),
still asks for its time. Fails on the router before (it asked for a time of day)."""

from __future__ import annotations

from tests.orchestrator.offline._routing import calls, text, tool, turn

MOMENT = {"type": "string", "format": "date-time"}
ADD_CHORE = tool(
    "add_chore",
    "Add a chore to the household list",
    {"title": text("What to do"), "due_date": MOMENT},
    "title",
)
BOOK_SLOT = tool(
    "book_slot",
    "Book a slot in the shared calendar",
    {"title": text("What the slot is for"), "starts_at": MOMENT},
    "title",
    "starts_at",
)


async def test_a_deadline_said_as_a_day_is_that_day() -> None:
    for said in (
        "add a chore: descale the kettle, due friday",
        "add a chore to descale the kettle by friday",
    ):
        ((name, args),) = calls(await turn([ADD_CHORE], said))
        assert name == "add_chore" and "descale the kettle" in args["title"].lower(), args
        assert len(args["due_date"]) == 10 and args["due_date"].count("-") == 2, args


async def test_a_day_said_otherwise_still_asks_its_time() -> None:
    assert not (await turn([ADD_CHORE], "add a chore to descale the kettle tomorrow")).tool_calls
    assert not (await turn([BOOK_SLOT], "book a slot for the plumber on friday")).tool_calls
