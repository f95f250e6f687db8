"""A new record whose kind the request does not say is named by a value one of its tool's own
parameters lists, said after "to", "into" or "in": "add 'Buy stamps' to parked" is a ticket
(its lane PARKED), not a project. Fails on the router before (it asked which of the two
tools)."""

from __future__ import annotations

from tests.orchestrator.offline._routing import calls, text, tool, turn

TICKET = tool(
    "add_ticket",
    "Add a ticket to the wall.",
    {
        "title": text("Ticket title"),
        "lane": {"type": "string", "enum": ["INBOX", "NOW", "PARKED"]},
    },
    "title",
)
PROJECT = tool("add_project", "Add a new project.", {"name": text("Project name")}, "name")


async def test_a_lane_said_names_the_ticket() -> None:
    response = await turn([PROJECT, TICKET], "add 'Buy stamps' to parked")
    assert calls(response) == [("add_ticket", {"title": "Buy stamps", "lane": "PARKED"})]


async def test_nothing_said_of_its_kind_still_asks() -> None:
    response = await turn([PROJECT, TICKET], "add 'Buy stamps'")
    assert not calls(response)
