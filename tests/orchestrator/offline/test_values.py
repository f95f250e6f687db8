"""Values read by their type, from the schema, for tools the router has never seen: money into an
amount and a currency, quantities into a quantity and a unit, phones, emails, names into first and
last names, organisations into a company, time zones, months, object parameters field by field,
and integer ids found through a search tool."""

from __future__ import annotations

import json
from datetime import date, datetime, timedelta
from typing import Any

import pytest

from orchestrator import ToolDefinition, ToolResultItem, UserMessage
from orchestrator.messages import Item
from orchestrator.models import ModelRequest, ModelResponse
from orchestrator.offline import OfflineRouter
from tests.orchestrator.conftest import ZONE
from tests.orchestrator.offline._routing import calls

TODAY = datetime.now(ZONE).date()


def tool(
    name: str,
    description: str,
    properties: dict[str, Any],
    *required: str,
    read_only: bool = False,
    defs: dict[str, Any] | None = None,
) -> ToolDefinition:
    schema: dict[str, Any] = {
        "type": "object",
        "properties": properties,
        "required": list(required),
    }
    if defs:
        schema["$defs"] = defs
    return ToolDefinition(name, description, schema, read_only=read_only)


def text(description: str = "") -> dict[str, Any]:
    return {"type": "string", "description": description}


CURRENCY = {"type": "string", "enum": ["USD", "EUR", "GBP", "CHF"]}
CATEGORY = {"type": "string", "enum": ["food", "transport", "office", "other"]}
ADD_EXPENSE = tool(
    "add_expense",
    "Record money spent",
    {
        "amount": {"type": "number", "exclusiveMinimum": 0},
        "currency": CURRENCY,
        "category": {**CATEGORY, "default": "other"},
        "description": text("what it was for"),
        "spent_on": {"type": "string", "format": "date"},
    },
    "amount",
    "currency",
)
SUMMARY = tool(
    "spending_summary",
    "Total amount spent in a month, by category",
    {"month": {"type": "string", "pattern": r"^\d{4}-\d{2}$"}},
    "month",
    read_only=True,
)
LOG_TIME = tool(
    "log_time",
    "Log time spent on a project",
    {"project": text(), "minutes": {"type": "integer", "minimum": 1}},
    "project",
    "minutes",
)
ADD_ITEM = tool(
    "add_item",
    "Add something to buy to the shopping list",
    {
        "name": text("what to buy"),
        "quantity": {"type": "number", "default": 1},
        "unit": {"type": "string", "enum": ["g", "kg", "ml", "l", "pcs"], "default": "pcs"},
    },
    "name",
)
CREATE_CONTACT = tool(
    "createContact",
    "Add a person to the address book",
    {
        "firstName": text("given name"),
        "lastName": text("family name"),
        "email": {"type": "string", "format": "email"},
        "phone": text("phone number"),
        "company": text("where they work"),
        "notes": text("anything else"),
    },
    "firstName",
)
SEARCH_CONTACTS = tool(
    "searchContacts",
    "Find contacts whose name, email or company contains the query",
    {"query": text("text to look for")},
    "query",
    read_only=True,
)
LOG_INTERACTION = tool(
    "logInteraction",
    "Record a call, email or meeting with a contact",
    {
        "contactId": {"type": "integer", "description": "the contact's id"},
        "kind": {"type": "string", "enum": ["call", "email", "meeting"]},
        "date": {"type": "string", "format": "date"},
    },
    "contactId",
    "kind",
)
CARD = {
    "type": "object",
    "properties": {
        "title": text("the card's title"),
        "labels": {"type": "array", "items": {"type": "string"}},
        "assignee": text("who works on it"),
        "estimate_points": {"type": "integer", "minimum": 1, "maximum": 13},
    },
    "required": ["title"],
}
ADD_CARD = tool(
    "add-card",
    "Put a new card on a board",
    {"board": text("the board's name"), "card": {"$ref": "#/$defs/Card"}},
    "board",
    "card",
    defs={"Card": CARD},
)
CURRENT_TIME = tool(
    "get_current_time",
    "Get current time in a specific timezone",
    {"timezone": text("IANA timezone name (e.g., 'America/New_York').")},
    "timezone",
)


async def turn(tools: list[ToolDefinition], *history: Item) -> ModelResponse:
    return await OfflineRouter().respond(ModelRequest("", list(history), tools))


@pytest.mark.parametrize(
    ("said", "arguments"),
    [
        ("I spent 12.50 EUR on lunch today", {"amount": 12.5, "currency": "EUR",
                                              "description": "lunch", "spent_on": str(TODAY)}),
        ("log $45 for a taxi, category transport", {"amount": 45, "currency": "USD",
                                                    "category": "transport",
                                                    "description": "taxi"}),
        ("add an expense of 9.90 CHF for coffee", {"amount": 9.9, "currency": "CHF",
                                                   "description": "coffee"}),
        ("€3 for a bus ticket", {"amount": 3, "currency": "EUR", "description": "bus ticket"}),
        ("I paid 80 dollars for the doctor", {"amount": 80, "currency": "USD",
                                              "description": "doctor"}),
    ],
)  # fmt: skip
async def test_money_fills_an_amount_and_a_currency_enum(
    said: str, arguments: dict[str, Any]
) -> None:
    assert calls(await turn([ADD_EXPENSE, LOG_TIME], UserMessage(said))) == [
        ("add_expense", arguments)
    ]


async def test_a_currency_the_enum_lacks_is_asked_for_never_changed() -> None:
    step = await turn([ADD_EXPENSE], UserMessage("I spent 500 yen on a snack"))
    assert not step.tool_calls and step.items[0].question is not None  # type: ignore[union-attr]
    assert "currency" in step.text


async def test_a_month_fills_a_yyyy_mm_parameter_and_how_much_chooses_the_summary() -> None:
    step = await turn(
        [SUMMARY, ADD_EXPENSE, LOG_TIME], UserMessage("how much did I spend this month?")
    )
    assert calls(step) == [("spending_summary", {"month": f"{TODAY:%Y-%m}"})]
    last = (TODAY.replace(day=1) - timedelta(days=1)).strftime("%Y-%m")
    step = await turn([SUMMARY], UserMessage("total spending for last month"))
    assert calls(step) == [("spending_summary", {"month": last})]


@pytest.mark.parametrize(
    ("said", "arguments"),
    [
        ("add 2 kg of potatoes to the shopping list",
         {"name": "potatoes", "quantity": 2, "unit": "kg"}),
        ("I need a liter of milk", {"name": "milk", "quantity": 1, "unit": "l"}),
        ("put 500g of flour on my shopping list", {"name": "flour", "quantity": 500, "unit": "g"}),
        ("add 6 apples to the shopping list", {"name": "apples", "quantity": 6}),
    ],
)  # fmt: skip
async def test_quantities_fill_a_quantity_and_a_unit_and_stay_out_of_the_name(
    said: str, arguments: dict[str, Any]
) -> None:
    assert calls(await turn([ADD_ITEM], UserMessage(said))) == [("add_item", arguments)]


@pytest.mark.parametrize(
    ("said", "arguments"),
    [
        ("add Ana Ruiz to my contacts, email ana@ruiz.example, she works at Initech",
         {"firstName": "Ana", "lastName": "Ruiz", "email": "ana@ruiz.example",
          "company": "Initech"}),
        ("add Karl Weber, 030 9876543", {"firstName": "Karl", "lastName": "Weber",
                                         "phone": "030 9876543"}),
        ("new contact Lena Park, phone +49 151 2345678, works at Hooli",
         {"firstName": "Lena", "lastName": "Park", "phone": "+49 151 2345678",
          "company": "Hooli"}),
    ],
)  # fmt: skip
async def test_names_phones_emails_and_companies_by_type(
    said: str, arguments: dict[str, Any]
) -> None:
    assert calls(await turn([CREATE_CONTACT], UserMessage(said))) == [("createContact", arguments)]


async def test_a_reference_is_found_through_a_search_tool_as_an_integer_id() -> None:
    request = UserMessage("log a call with Maria Lopez today")
    tools = [SEARCH_CONTACTS, LOG_INTERACTION, CREATE_CONTACT]
    (search,) = (await turn(tools, request)).tool_calls
    assert (search.name, search.arguments) == ("searchContacts", {"query": "Maria Lopez"})
    found = {"contacts": [{"id": 7, "firstName": "Maria", "lastName": "Lopez"}]}
    result = ToolResultItem(search.call_id, search.name, json.dumps(found))
    step = await turn(tools, request, search, result)
    assert calls(step) == [("logInteraction", {"contactId": 7, "kind": "call", "date": str(TODAY)})]
    nobody = ToolResultItem(search.call_id, search.name, json.dumps({"contacts": []}))
    step = await turn(tools, request, search, nobody)
    assert not step.tool_calls and "Maria Lopez" in step.text


async def test_who_questions_choose_the_search_tool() -> None:
    step = await turn([SEARCH_CONTACTS, LOG_INTERACTION], UserMessage("who do I know at Acme?"))
    assert calls(step) == [("searchContacts", {"query": "Acme"})]


async def test_an_object_parameter_in_defs_is_filled_field_by_field() -> None:
    said = "put a card called Dark mode on the Website board, labels ui and theme, 5 points"
    assert calls(await turn([ADD_CARD], UserMessage(said))) == [
        (
            "add-card",
            {
                "board": "Website",
                "card": {"title": "Dark mode", "labels": ["ui", "theme"], "estimate_points": 5},
            },
        )
    ]
    said = "add a card to the Website board titled Update footer, assign it to Ana"
    assert calls(await turn([ADD_CARD], UserMessage(said))) == [
        ("add-card", {"board": "Website", "card": {"title": "Update footer", "assignee": "Ana"}})
    ]


async def test_a_missing_field_of_an_object_is_asked_for_by_its_path() -> None:
    step = await turn([ADD_CARD], UserMessage("add a card to the Website board"))
    question = step.items[0].question  # type: ignore[union-attr]
    assert not step.tool_calls and question is not None
    assert list(question.fields) == ["card.title"]
    answered = await turn(
        [ADD_CARD], UserMessage("add a card to the Website board"), step.items[0],
        UserMessage("card.title: Fix the footer"),
    )  # fmt: skip
    assert calls(answered) == [
        ("add-card", {"board": "Website", "card": {"title": "Fix the footer"}})
    ]


@pytest.mark.parametrize(
    ("said", "zone"),
    [
        ("what time is it in Tokyo?", "Asia/Tokyo"),
        ("current time in New York", "America/New_York"),
        ("what's the time in Europe/London", "Europe/London"),
        ("time in sao paulo", "America/Sao_Paulo"),
    ],
)
async def test_time_zones_from_cities_and_iana_names(said: str, zone: str) -> None:
    assert calls(await turn([CURRENT_TIME], UserMessage(said))) == [
        ("get_current_time", {"timezone": zone})
    ]


async def test_integer_ids_said_beside_their_noun() -> None:
    move = tool(
        "move-card",
        "Move a card to another column",
        {"card_id": {"type": "integer"}, "column": {"type": "string", "enum": ["todo", "done"]}},
        "card_id",
        "column",
    )
    assert calls(await turn([move], UserMessage("move card 12 to done"))) == [
        ("move-card", {"card_id": 12, "column": "done"})
    ]


def test_today_is_today() -> None:  # the module's dates are the local ones the router uses
    assert date.today() == TODAY or abs((TODAY - date.today()).days) <= 1


ECHO = tool("echo", "Echoes back the input", {"message": text("Message to echo")}, "message")
ADD = tool(
    "add",
    "Adds two numbers",
    {"a": {"type": "number", "description": "First number"},
     "b": {"type": "number", "description": "Second number"}},
    "a",
    "b",
)  # fmt: skip
SLEEP = tool(
    "longRunningOperation",
    "Demonstrates a long running operation with progress updates",
    {"duration": {"type": "number", "description": "Duration of the operation in seconds"}},
    "duration",
)
PRINT_ENV = tool("printEnv", "Prints the environment variables, for debugging", {}, read_only=True)


async def test_a_tool_s_own_name_as_the_verb() -> None:
    assert calls(await turn([ECHO, ADD], UserMessage("echo hello world"))) == [
        ("echo", {"message": "hello world"})
    ]


async def test_two_bare_numbers_fill_two_number_parameters_in_order() -> None:
    assert calls(await turn([ECHO, ADD], UserMessage("add 17 and 25"))) == [
        ("add", {"a": 17, "b": 25})
    ]


@pytest.mark.parametrize(
    ("said", "seconds"),
    [("long running operation for 90 seconds", 90), ("long running operation, 2 minutes", 120)],
)
async def test_a_length_in_the_unit_the_parameter_says(said: str, seconds: int) -> None:
    assert calls(await turn([SLEEP, ECHO], UserMessage(said))) == [
        ("longRunningOperation", {"duration": seconds})
    ]


async def test_a_noun_cut_short_in_the_tool_name_counts() -> None:
    step = await turn([PRINT_ENV, ECHO, ADD], UserMessage("show me the environment variables"))
    assert calls(step) == [("printEnv", {})]


CONVERT_TIME = tool(
    "convert_time",
    "Convert time between timezones",
    {
        "source_timezone": text(
            "Source IANA timezone name (e.g., 'America/New_York', 'Europe/London'). Use "
            "'Europe/Berlin' as local timezone if no source timezone provided by the user."
        ),
        "time": text("Time to convert in 24-hour format (HH:MM)"),
        "target_timezone": text(
            "Target IANA timezone name (e.g., 'Asia/Tokyo', 'America/San_Francisco'). Use "
            "'Europe/Berlin' as local timezone if no target timezone provided by the user."
        ),
    },
    "source_timezone",
    "time",
    "target_timezone",
    read_only=True,
)


@pytest.mark.parametrize(
    ("said", "source", "target"),
    [
        ("convert 14:30 London time to Tokyo", "Europe/London", "Asia/Tokyo"),
        ("3pm in San Francisco = ? in Paris", "America/Los_Angeles", "Europe/Paris"),
        ("the meeting is at 10:15 Singapore time, what's that here?", "Asia/Singapore",
         "Europe/Berlin"),
        ("convert 16:00 to tokyo time", "Europe/Berlin", "Asia/Tokyo"),
    ],
)  # fmt: skip
async def test_source_and_target_zones_by_order_nearness_and_the_described_local_zone(
    said: str, source: str, target: str
) -> None:
    ((_, arguments),) = calls(await turn([CONVERT_TIME], UserMessage(said)))
    assert (arguments["source_timezone"], arguments["target_timezone"]) == (source, target)


async def test_a_verb_no_lexicon_knows_said_by_a_tool_s_description() -> None:
    reset = tool("git_reset", "Unstages all staged changes", {"repo_path": text()}, "repo_path")
    log = tool("git_log", "Shows the commit logs", {"repo_path": text()}, "repo_path")
    assert calls(await turn([log, reset], UserMessage("unstage all in /tmp/repo"))) == [
        ("git_reset", {"repo_path": "/tmp/repo"})
    ]
