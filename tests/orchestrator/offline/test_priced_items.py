"""An invoice's lines said as people bill them, for a tool shaped like trial 21's invoice
server: `create_invoice(client_name, client_email, items: list[dict], due_date, ...)` whose
items' keys only its description names ("list of dicts with description, qty, rate"). Before,
every invoice asked for its items though they were said ("10 hours of web design at $85/hr"),
an email in brackets after the client's name was not read, and a filler after a name ("for Acme
Corp again") stayed in it. A time said with "at" is no price. Two wrong writes of the replay:
"create an invoice for Nova Labs" had made Nova Labs a line (so the reply's lines went to the
client's name), and "i need a heart doctor ..." to the question whether to go ahead with a
client's name shown had been taken as that name; and "tax 20%" in a reply to the question for
an invoice's client and lines was dropped from the invoice made."""

from __future__ import annotations

from typing import Any

from orchestrator import ToolDefinition, UserMessage
from orchestrator.models import ModelRequest, ModelResponse
from orchestrator.offline import OfflineRouter
from tests.orchestrator.offline._routing import calls, turn

INVOICE = ToolDefinition(
    "create_invoice",
    "Create a new invoice. Items should be list of {description, qty, rate}.\n\n    Args:\n"
    "        client_name: Name of the client\n        client_email: Client's email address\n"
    "        items: Line items as list of dicts with description, qty, rate\n"
    "        due_date: Due date in YYYY-MM-DD format\n"
    "        currency: Currency code (USD, EUR, GBP, etc.)\n",
    {
        "type": "object",
        "properties": {
            "client_name": {"type": "string"},
            "client_email": {"type": "string"},
            "items": {"type": "array", "items": {"type": "object"}},
            "due_date": {"type": "string"},
            "currency": {"type": "string", "default": "USD"},
            "tax_rate": {"type": "number", "default": 0},
        },
        "required": ["client_name", "client_email", "items", "due_date"],
    },
    server="invoices",
)


async def _made(said: str) -> dict[str, Any]:
    ((name, args),) = calls(await turn([INVOICE], said))
    assert name == "create_invoice"
    return args


async def test_a_line_said_with_its_count_and_price_is_an_item() -> None:
    args = await _made(
        "create an invoice for Acme Corp, billing@acme.com — 10 hours of web design at $85/hr,"
        " due dec 31"
    )
    assert args["items"] == [{"description": "web design", "qty": 10, "rate": 85.0}]
    assert (args["client_name"], args["client_email"]) == ("Acme Corp", "billing@acme.com")
    assert args["due_date"].endswith("12-31")


async def test_lines_said_either_way_are_each_an_item() -> None:
    args = await _made(
        "new invoice for Bluebird Studio (accounts@bluebird.io): logo design 1 x 1200 and 3"
        " revision rounds at 150 each, in EUR, due jan 15"
    )
    assert args["items"] == [
        {"description": "logo design", "qty": 1, "rate": 1200.0},
        {"description": "revision rounds", "qty": 3, "rate": 150.0},
    ]
    assert (args["client_name"], args["client_email"]) == (
        "Bluebird Studio",
        "accounts@bluebird.io",
    )
    assert args["currency"] == "EUR"


async def test_a_filler_after_a_name_is_no_part_of_it() -> None:
    args = await _made(
        "create invoice for Acme Corp again, billing@acme.com: hosting for december, 1 x 49.99,"
        " due jan 5"
    )
    assert args["client_name"] == "Acme Corp"
    assert args["items"] == [{"description": "hosting for december", "qty": 1, "rate": 49.99}]


async def test_a_time_said_with_at_is_no_price() -> None:
    response = await turn([INVOICE], "invoice Acme Corp, billing@acme.com for 2 calls at 5pm")
    assert calls(response) == [] and "items" in response.text, response.text


async def _replied(first: str, reply: str, tools: list[ToolDefinition]) -> ModelResponse:
    """The router's turn for `reply`, after `first` got a question back."""
    asked = await OfflineRouter().respond(ModelRequest("", [UserMessage(first)], tools))
    assert not calls(asked), asked
    history = [UserMessage(first), *asked.items, UserMessage(reply)]
    return await OfflineRouter().respond(ModelRequest("", history, tools))


async def test_a_client_named_alone_is_no_line_and_the_lines_come_in_the_reply() -> None:
    said = "ops@novalabs.dev, 2 days of workshop at 900 a day, due end of month"
    ((name, args),) = calls(await _replied("create an invoice for Nova Labs", said, [INVOICE]))
    assert name == "create_invoice"
    assert args["client_name"] == "Nova Labs", args
    assert args["items"] == [{"description": "workshop", "qty": 2, "rate": 900.0}]


SEARCH_DOCTORS = ToolDefinition(
    "search_doctors",
    "Find doctors by specialization, name, and/or practice day.",
    {"type": "object", "properties": {"specialization": {"type": "string"}}},
    server="doctors",
)


async def test_a_request_of_its_own_is_no_correction_of_a_value_shown() -> None:
    first = (
        "invoice Greenleaf Cafe, hello@greenleaf.cafe, 4 hours consulting @ $120, due in two"
        " weeks, and send it right away"
    )
    response = await _replied(first, "i need a heart doctor, jantung", [INVOICE, SEARCH_DOCTORS])
    assert not [n for n, _ in calls(response) if n == "create_invoice"], calls(response)


async def test_a_value_the_reply_gives_a_field_not_asked_is_kept() -> None:
    said = (
        "for Bluebird Studio, accounts@bluebird.io — 2 hours of edits at 75/h, tax 20%, due jan 5"
    )
    ((name, args),) = calls(await _replied("i need an invoice", said, [INVOICE]))
    assert (name, args["tax_rate"], args["client_name"]) == (
        "create_invoice",
        20,
        "Bluebird Studio",
    )
