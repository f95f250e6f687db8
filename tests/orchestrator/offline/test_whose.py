"""A question that opens with "whose" ("whose number is +971 50 999 8877?") is routed, not a
crash: the router read its question word with no token of its own, and looking for the word
after it failed with an IndexError (blind set B, crm:6). Over tools of its own."""

from __future__ import annotations

from tests.orchestrator.offline._routing import calls, text, tool, turn

SEARCH = tool(
    "search_contacts",
    "Search contacts by name, company, email or phone",
    {"query": text("What to look for")},
    "query",
)
SHOW = tool(
    "get_contact", "A contact's details, by id", {"contact_id": text("Contact id")}, "contact_id"
)


async def test_whose_phone_number_searches_the_contacts() -> None:
    step = await turn([SEARCH, SHOW], "whose number is +4917655509999?")
    ((name, arguments),) = calls(step)
    assert name == "search_contacts"
    assert "+4917655509999" in arguments["query"]


async def test_whose_email_searches_the_contacts() -> None:
    ((name, arguments),) = calls(await turn([SEARCH, SHOW], "whose email is kim@example.org?"))
    assert name == "search_contacts" and "kim@example.org" in arguments["query"]
