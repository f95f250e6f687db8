"""The values a parameter's description lists after "values are", on the lines indented under
its own ("lane: Target lane ... Common values are INBOX, NOW, PARKED."), are what it takes, as
written: "add a ticket 'Buy stamps' to parked" files it in PARKED. Fails on the router before
(it did not understand "parked", and asked)."""

from __future__ import annotations

from tests.orchestrator.offline._routing import calls, text, tool, turn

ADD = tool(
    "add_ticket",
    "Add a ticket to the wall.\n\nArgs:\n    title: Ticket title (short)\n"
    "    lane: Target lane - any lane the wall has\n        (default: INBOX). Common values are"
    " INBOX, NOW, PARKED.\n    details: Optional details\n\nReturns:\n    A message",
    {"title": text(""), "lane": text(""), "details": text("")},
    "title",
)


async def test_a_value_listed_under_the_parameter_is_sent_as_written() -> None:
    response = await turn([ADD], "add a ticket 'Buy stamps' to parked")
    assert calls(response) == [("add_ticket", {"title": "Buy stamps", "lane": "PARKED"})]


async def test_the_next_parameter_line_is_not_its_values() -> None:
    response = await turn([ADD], "add a ticket 'Buy stamps'")
    assert calls(response) == [("add_ticket", {"title": "Buy stamps"})]
