"""Never a wrong write: what the router cannot place it asks for (a `Question` with a form of
exactly the fields wanted, prefilled), and the next request answers it."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from orchestrator import AssistantMessage, Question, ToolDefinition, UserMessage
from orchestrator.messages import Item
from orchestrator.models import ModelRequest, ModelResponse
from orchestrator.offline import OfflineRouter
from tests.orchestrator.conftest import ZONE
from tests.orchestrator.offline import _crypto_portfolio
from tests.orchestrator.offline._routing import calls, conversation
from tests.orchestrator.offline.test_files_and_games import TODOS

TOMORROW = (datetime.now(ZONE) + timedelta(days=1)).date()
_TEXT = {"type": "string"}
CREATE_TODO = ToolDefinition(
    "create_todo",
    "Create a todo",
    {
        "type": "object",
        "properties": {"title": _TEXT, "due_date": {"type": "string", "format": "date-time"}},
        "required": ["title", "due_date"],
    },
)
CREATE_NOTE = ToolDefinition(
    "create_note",
    "Write a note",
    {"type": "object", "properties": {"title": {**_TEXT, "minLength": 1}}, "required": ["title"]},
)
CREATE_CONTACT = ToolDefinition(
    "createContact",
    "Add a person to the address book",
    {
        "type": "object",
        "properties": {
            "firstName": _TEXT,
            "lastName": _TEXT,
            "email": {"type": "string", "format": "email"},
            "company": _TEXT,
            "notes": _TEXT,
        },
        "required": ["firstName"],
    },
)


async def turn(tools: list[ToolDefinition], *history: Item) -> ModelResponse:
    return await OfflineRouter().respond(ModelRequest("", list(history), tools))


def question_of(response: ModelResponse) -> Question:
    assert not response.tool_calls, response.tool_calls
    (item,) = response.items
    assert isinstance(item, AssistantMessage) and item.question is not None, response.text
    return item.question


async def test_a_missing_value_is_asked_for_prefilled_and_the_next_turn_answers_it() -> None:
    request = UserMessage("remind me to call the bank")
    asked = await turn([CREATE_TODO], request)
    question = question_of(asked)
    assert question.about == "create_todo" and list(question.fields) == ["due_date"]
    assert "title call the bank" in question.text  # what it understood, said
    assert "I need: due_date. What should I use?" in question.text  # a question, asked as one
    assert question.text.rstrip().endswith("or use --provider).")  # the LLM advice comes last
    answered = await turn([CREATE_TODO], request, asked.items[0], UserMessage("tomorrow at 3pm"))
    ((name, args),) = calls(answered)
    due = datetime.fromisoformat(args["due_date"])
    assert (name, args["title"], due.date(), due.hour) == (
        "create_todo",
        "call the bank",
        TOMORROW,
        15,
    )


async def test_an_answer_as_name_value_lines_and_a_new_request_is_not_an_answer() -> None:
    request = UserMessage("add a todo for tomorrow at 9am")
    asked = await turn([CREATE_TODO], request)
    assert list(question_of(asked).fields) == ["title"]
    answered = await turn([CREATE_TODO], request, asked.items[0], UserMessage("title: buy milk"))
    assert calls(answered)[0][1]["title"] == "buy milk"
    other = await turn([CREATE_TODO], request, asked.items[0], UserMessage("list all my todos now"))
    assert not calls(other) or calls(other)[0][0] != "create_todo"


async def test_words_that_fit_nothing_are_asked_about_never_folded_into_a_field() -> None:
    said = UserMessage("add Maria Lopez to my contacts, email, she works at Acme")
    question = question_of(await turn([CREATE_CONTACT], said))
    assert "email" in question.fields  # the word names a field: that field is asked for
    assert question.fields["email"].get("default") is None
    assert "first name Maria" in question.text and "company Acme" in question.text


@pytest.mark.parametrize(
    "said",
    [
        "jot down a note to call mom tomorrow",  # the note has no date: the date is no title
        "write a note: 2 kg of flour",  # nor a quantity
        "add a note about the offsite, budget 300 EUR",  # nor money
    ],
)
async def test_a_date_or_a_quantity_never_ends_up_in_a_title(said: str) -> None:
    question_of(await turn([CREATE_NOTE], UserMessage(said)))


async def test_close_tools_ask_which_one_and_the_answer_picks_it() -> None:
    bookmark = ToolDefinition(
        "bookmark_add",
        "Save a web page to the shelf",
        {"type": "object", "properties": {"caption": _TEXT}, "required": ["caption"]},
    )
    tools = [CREATE_NOTE, bookmark]
    request = UserMessage("add stamps")
    asked = await turn(tools, request)
    question = question_of(asked)
    assert sorted(question.fields["tool"]["enum"]) == ["bookmark_add", "create_note"]
    answered = await turn(tools, request, asked.items[0], UserMessage("tool: create_note"))
    assert calls(answered) == [("create_note", {"title": "stamps"})]


async def test_close_reads_ask_which_one_too_and_the_answer_picks_it() -> None:
    paging = {"type": "object", "properties": {"limit": {"type": "integer"}}}
    tools = [
        ToolDefinition("list_notes", "List the notes", paging),
        ToolDefinition("list_bookmarks", "List the saved pages", paging),
    ]
    request = UserMessage("what's on my list?")
    asked = await turn(tools, request)
    question = question_of(asked)  # a question: a reply naming one goes on with it
    assert sorted(question.fields["tool"]["enum"]) == ["list_bookmarks", "list_notes"]
    assert "Which one do you mean?" in question.text
    answered = await turn(tools, request, asked.items[0], UserMessage("tool: list_notes"))
    assert calls(answered) == [("list_notes", {})]


async def test_no_to_a_confirmation_does_nothing() -> None:
    event = ToolDefinition(
        "create_event",
        "Put an event in the calendar",
        {
            "type": "object",
            "properties": {"starts_at": {"type": "string", "format": "date-time"}},
            "required": ["starts_at"],
        },
    )
    request = UserMessage("add an event tomorrow at 3pm with cake")
    asked = await turn([event], request)
    question = question_of(asked)
    assert list(question.fields) == ["confirm"] and "cake" in question.text
    refused = await turn([event], request, asked.items[0], UserMessage("no"))
    assert not refused.tool_calls and "Nothing was done" in refused.text
    agreed = await turn([event], request, asked.items[0], UserMessage("yes"))
    assert [c.name for c in agreed.tool_calls] == ["create_event"]


async def test_a_thing_to_do_answers_the_question_for_a_title() -> None:
    """User trial 38: "finish the quarterly slides, due tomorrow 5pm" to the question for a new
    todo's title was read as finishing a todo "quarterly slides" (none there); it is the
    title. A reply that names another server's records is still a request of its own."""
    tools = [*TODOS, *_crypto_portfolio.TOOLS]
    said = "finish the quarterly slides, due tomorrow 5pm"
    made, _ = await conversation(tools, "i need to add a todo", said)
    assert [(name, args["title"]) for name, args in made] == [
        ("create_todo", "finish the quarterly slides")
    ]
    made, _ = await conversation(tools, "add a todo", "show my portfolio")
    assert [name for name, _ in made] == ["get_portfolio_summary"]
    made, _ = await conversation(tools, "add a todo", "delete all my todos")
    assert all(name != "create_todo" for name, _ in made)
