"""A tool named by a verb no lexicon knows (`promote`, `escalate`, `backup`), whose description
says what it does with one the lexicon knows ("Move a lead ... to the next stage", "Create a
ZIP backup ..."), is the tool a request opening with that word asks for ("escalate the printer
ticket", "back up my notes": the name said as a phrasal verb). Before, the word was read as no
verb at all, so only reads were considered: "promote Jana Novak to customer" listed journal
entries, "back up my leads crm" asked about `demote` (user trial 12, l14, l18). A direction said
("move the login card back") picks the tool whose description says it ("Move a card back ...")
over its twin (l21). The item is still looked up, and asked about when unsure: never a write
on a guess."""

from __future__ import annotations

import json

from orchestrator import ToolDefinition
from tests.orchestrator.offline._routing import after_listing, calls, text, turn


def _tool(
    name: str, description: str, properties: dict[str, object], *required: str, read: bool = False
) -> ToolDefinition:
    schema = {"type": "object", "properties": properties, "required": list(required)}
    return ToolDefinition(name, description, schema, read_only=read, server="desk")


_ID = {"type": "integer", "description": "The ticket's id"}
HELPDESK = [
    _tool("list_tickets", "List the open support tickets", {}, read=True),
    _tool("create_ticket", "Create a support ticket", {"title": text("Its title")}, "title"),
    _tool("escalate", "Move a ticket to the next support tier", {"ticket_id": _ID}, "ticket_id"),
]
TICKETS = json.dumps([{"id": 7, "title": "Printer jammed"}, {"id": 8, "title": "VPN down"}])

NOTES = [
    _tool("list_notes", "List all notes", {}, read=True),
    _tool("add_note", "Add a note", {"title": text("The note's title")}, "title"),
    _tool("backup", "Create a ZIP backup of the notes folder", {"output": text("Where to")}),
]

_CARD = {"type": "integer", "description": "The card's id"}
BOARD = [
    _tool("list_cards", "List the cards on the board", {}, read=True),
    _tool("advance", "Move a card forward to the next column", {"card_id": _CARD}, "card_id"),
    _tool("retreat", "Move a card back to the previous column", {"card_id": _CARD}, "card_id"),
]
CARDS = json.dumps([{"id": 3, "title": "Login page"}, {"id": 4, "title": "Signup form"}])

_IDENTITY = {"type": "string", "title": "Identity Value"}
_WHO = {"identity_value": _IDENTITY}
PIPELINE = [
    _tool("list", "List records in a pipeline stage", {"stage": text("Stage")}, read=True),
    _tool("promote", "Move a lead to the next stage", _WHO, "identity_value"),
]


async def test_the_name_said_as_a_verb_acts_on_the_item_it_finds() -> None:
    response = await after_listing(HELPDESK, "escalate the printer ticket", "list_tickets", TICKETS)
    assert calls(response) == [("escalate", {"ticket_id": 7})]


async def test_an_item_no_listing_holds_is_asked_about() -> None:
    response = await after_listing(HELPDESK, "escalate the payroll ticket", "list_tickets", TICKETS)
    assert calls(response) == []


async def test_the_name_said_as_a_phrasal_verb() -> None:
    assert calls(await turn(NOTES, "back up my notes")) == [("backup", {})]


async def test_a_direction_said_picks_the_tool_that_goes_that_way() -> None:
    response = await after_listing(BOARD, "move the login card back", "list_cards", CARDS)
    assert calls(response) == [("retreat", {"card_id": 3})]


async def test_a_name_no_lookup_confirms_is_asked_for_never_written() -> None:
    response = await turn(PIPELINE, "promote Jana Novak to customer")
    assert calls(response) == []
    assert "promote" in response.items[0].text
