"""A currency's code said alone ("open a Chase account in USD") is the tool's currency, never a
person's or a company's name; and an account's name that its tool's description shows by an
example given by name (`name='Assets:Bank:BOC'`) is never made of the request's words ("Chase
checking"): the router asks, the example shown. Trial 16, l03 and l04: USD was read as a name
and dropped, and "a yes" would have opened an account named "Chase checking"."""

from __future__ import annotations

from typing import Any

from tests.orchestrator.offline._routing import calls, string, tool, turn

CURRENCIES: dict[str, Any] = {"anyOf": [{"type": "array", "items": string()}, {"type": "null"}]}
ACCOUNT = tool(
    "add_account",
    "Open a new account. Example: name='Assets:Bank:BOC', currencies=['CNY']",
    {"name": {"title": "Name", "type": "string"}, "currencies": CURRENCIES},
    "name",
)
WALLET = tool(
    "create_wallet",
    "Create a wallet that holds money in one currency.",
    {
        "label": {"type": "string", "description": "The wallet's label"},
        "currency": {"type": "string", "enum": ["EUR", "USD", "GBP"]},
    },
    "label",
)


async def test_a_currency_code_fills_the_list_of_currencies() -> None:
    said = "open an account Assets:Bank:Chase in USD"
    assert calls(await turn([ACCOUNT], said)) == [
        ("add_account", {"name": "Assets:Bank:Chase", "currencies": ["USD"]})
    ]


async def test_a_currency_code_fills_an_enum_of_currencies() -> None:
    assert calls(await turn([WALLET], "create a wallet called travel, GBP")) == [
        ("create_wallet", {"label": "travel", "currency": "GBP"})
    ]


async def test_a_name_not_written_like_the_example_is_asked_for() -> None:
    response = await turn([ACCOUNT], "open an account for my Chase checking, in USD")
    assert not response.tool_calls
    assert "Assets:Bank:BOC" in response.text
