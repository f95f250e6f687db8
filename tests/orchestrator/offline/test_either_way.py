"""A flag's word, or that word without its negating prefix, followed by "or not" ("paid or
not", for `unpaid_only`; lexicon `EITHER_WAY`) says both are wanted: the flag that would filter
is false. Fails on the router before (it left the flag out, and the server's default kept only
the unpaid ones)."""

from __future__ import annotations

from tests.orchestrator.offline._routing import calls, tool, turn

INVOICES = tool(
    "list_invoices",
    "List invoices.",
    {
        "unpaid_only": {
            "type": "boolean",
            "default": True,
            "description": "Only list the invoices not yet paid",
        }
    },
)


async def test_either_way_turns_the_filter_off() -> None:
    response = await turn([INVOICES], "show me every invoice, paid or not")
    assert calls(response) == [("list_invoices", {"unpaid_only": False})]


async def test_the_negated_word_alone_still_filters() -> None:
    response = await turn([INVOICES], "show me the unpaid invoices")
    assert calls(response) == [("list_invoices", {"unpaid_only": True})]
