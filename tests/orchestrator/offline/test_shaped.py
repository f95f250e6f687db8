"""A text in a notation its tool shows by an example (`2025-05-01 open Cash:Wallet GBP`) is never
filled with the request's words ("Savings:Jar in GBP"): the router asks, the example shown; a
prose example shapes nothing. Fails on the router before (it sent "Savings:Jar in GBP")."""

from __future__ import annotations

from tests.orchestrator.offline._routing import calls, text, tool, turn

OPEN = tool(
    "open_ledgers",
    "Add ledger `open` directives to the journal.\n\nExample: `2025-05-01 open Cash:Wallet GBP`",
    {"journal_text": {"type": "string"}},
    "journal_text",
)
NOTE = tool(
    "add_note",
    "Add a note to the pad.",
    {"content": text("The note's text, e.g. `Buy milk`")},
    "content",
)


async def test_a_directive_is_not_made_of_the_requests_words() -> None:
    response = await turn([OPEN], "open a new ledger Savings:Jar in GBP")
    assert not response.tool_calls
    assert "2025-05-01 open Cash:Wallet GBP" in response.text


async def test_a_prose_example_shapes_nothing() -> None:
    assert calls(await turn([NOTE], "add a note: call the plumber")) == [
        ("add_note", {"content": "call the plumber"})
    ]
