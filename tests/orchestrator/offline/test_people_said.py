"""People and their details said as people say them, for a contacts server shaped like
mcp-ph-sms 1.0 (user trial 19): `contacts_create(name, phone, notes, tags)`, a listing that
filters by `q` and returns one contact as one object, `contacts_delete(contact_id)` and
`sms_send(recipient, message)`. At first sight "my cousin Maria Santos" was stored as the name
"cousin Maria Santos"; "tag her family" went unread; the phone asked for took the whole reply
"09209876543, he's my barber"; "remove kuya jomar" found nobody (the listing of one contact was
no listing); "whats maria's number?" and "text maria that ..." were not understood."""

from __future__ import annotations

import json

from orchestrator import ToolDefinition, UserMessage
from orchestrator.messages import Item, ToolCallItem, ToolResultItem
from orchestrator.models import ModelRequest
from orchestrator.offline import OfflineRouter
from tests.orchestrator.offline._routing import calls, integer, string, tool, turn

OPTIONAL = {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None}
TAGS = {"anyOf": [{"type": "array", "items": {"type": "string"}}, {"type": "null"}]}
CREATE = tool(
    "contacts_create",
    "Create a contact.",
    {"name": string(), "phone": string(), "notes": OPTIONAL, "tags": TAGS},
    "name",
    "phone",
    server="contacts",
)
LIST = tool(
    "contacts_list",
    "List contacts with regex-like filtering.",
    {"limit": integer(), "q": OPTIONAL, "tag": OPTIONAL},
    server="contacts",
)
DELETE = tool(
    "contacts_delete",
    "Delete a contact.",
    {"contact_id": integer()},
    "contact_id",
    server="contacts",
)
SMS = tool(
    "sms_send",
    "Send SMS.",
    {"recipient": string(), "message": string()},
    "recipient",
    "message",
    server="contacts",
)
TODO = tool(
    "create_todo",
    "Create a todo",
    {"title": string(), "due_date": string()},
    "title",
    server="todo",
)
TOOLS: list[ToolDefinition] = [CREATE, LIST, DELETE, SMS, TODO]
JOMAR = json.dumps({"id": 2, "name": "Kuya Jomar", "phone": "+639209876543", "tags": ""})


async def _made(said: str) -> dict[str, object]:
    ((name, args),) = calls(await turn(TOOLS, said))
    assert name == "contacts_create", (said, name, args)
    return args


async def test_who_a_person_is_to_the_user_is_no_part_of_their_name() -> None:
    args = await _made("add my cousin Maria Santos to contacts, 0917 555 1234, tag her family")
    assert (args["name"], args["tags"], args.get("notes")) == ("Maria Santos", ["family"], "cousin")
    args = await _made("save Dr. Reyes the dentist, 0918 222 3344")
    assert (args["name"], args.get("notes")) == ("Dr. Reyes", "dentist")


async def test_a_phone_asked_for_takes_the_number_and_the_rest_is_a_note() -> None:
    request = UserMessage("add Kuya Jomar to my contacts")
    asked = await turn(TOOLS, request.text)
    assert not calls(asked) and "phone" in asked.text
    history: list[Item] = [request, asked.items[0], UserMessage("09209876543, he's my barber")]
    answered = await OfflineRouter().respond(ModelRequest("", history, TOOLS))
    ((name, args),) = calls(answered)
    assert (name, args["phone"], args.get("notes")) == (
        "contacts_create",
        "09209876543",
        "he's my barber",
    )


async def test_a_listing_of_one_contact_finds_the_one_named() -> None:
    request = UserMessage("remove kuya jomar")
    first = await OfflineRouter().respond(ModelRequest("", [request], TOOLS))
    history: list[Item] = [request]
    for call in first.tool_calls:  # the listings it reads first, the contacts' one of one
        history += [
            ToolCallItem(call.call_id, call.name, call.arguments),
            ToolResultItem(
                call.call_id, call.name, JOMAR if call.name == "contacts_list" else "[]"
            ),
        ]
    assert any(c.name == "contacts_list" for c in first.tool_calls), first.text
    then = await OfflineRouter().respond(ModelRequest("", history, TOOLS))
    assert calls(then) == [("contacts_delete", {"contact_id": 2})], then.text


async def test_a_question_about_a_persons_detail_reads_them_by_name() -> None:
    step = await turn(TOOLS, "whats maria's number?")
    assert calls(step) == [("contacts_list", {"q": "Maria"})], step.text


async def test_text_someone_that_sends_them_a_message() -> None:
    step = await turn(TOOLS, "text maria that i'll be 15 mins late")
    assert calls(step) == [("sms_send", {"recipient": "maria", "message": "i'll be 15 mins late"})]


async def test_a_reply_that_opens_with_a_filler_and_a_verb_is_a_request_of_its_own() -> None:
    """Trial 19's wrong write: "actually make him a VIP", said to the question for a phone,
    became a contact's value; it is a new request, so nothing is written from it."""
    request = UserMessage("add Kuya Jomar to my contacts")
    asked = await turn(TOOLS, request.text)
    assert not calls(asked) and "phone" in asked.text
    history: list[Item] = [request, asked.items[0], UserMessage("actually make him a VIP")]
    answered = await OfflineRouter().respond(ModelRequest("", history, TOOLS))
    assert not any("VIP" in json.dumps(args) for _, args in calls(answered)), calls(answered)
