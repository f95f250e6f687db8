"""A reply to the router's question, or a request of its own: a user who does not answer and asks
for the next thing is never taken as answering (user trial 14: three wrong writes and eleven
questions shown again, where each next request was read as the answer to the question before)."""

from __future__ import annotations

from datetime import timedelta

from orchestrator import Question, ToolDefinition, UserMessage
from orchestrator.models import ModelResponse
from orchestrator.offline._dates import local_now
from tests.orchestrator.offline._routing import calls, string, text, tool
from tests.orchestrator.offline.test_asking import question_of, turn
from tests.orchestrator.offline.test_meal_eaten import MEAL, MONEY

_NUMBER = {"type": "number"}
ADD_EXPENSE = tool(
    "add_expense",
    "",
    {
        "date": text("Date of the expense in YYYY-MM-DD format"),
        "category": text("Category of the expense"),
        "amount": {**_NUMBER, "description": "Amount spent"},
        "note": {"anyOf": [string(), {"type": "null"}], "default": "", "description": "A note"},
    },
    "date",
    "category",
    "amount",
)
ADD_INCOME = tool(
    "add_income",
    "",
    {
        "date": text("Date of the income in YYYY-MM-DD format"),
        "source": text("Source of the income"),
        "amount": {**_NUMBER, "description": "Amount received"},
    },
    "date",
    "source",
    "amount",
)
CREATE_NOTE = tool("create_note", "Write a note", {"title": string()}, "title")
BOOKMARK = tool("bookmark_add", "Save a web page to the shelf", {"caption": string()}, "caption")
CREATE_TODO = tool("create_todo", "Create a todo", {"title": string()}, "title")
TOOLS = [ADD_EXPENSE, ADD_INCOME]


async def _asked(
    tools: list[ToolDefinition], request: UserMessage
) -> tuple[ModelResponse, Question]:
    asked = await turn(tools, request)
    return asked, question_of(asked)


async def test_a_reply_that_says_the_amount_and_day_again_is_a_request_of_its_own() -> None:
    """ "coffee 3.80" after a question for the rent's note, "… 480 came in yesterday" after one
    for an income's source: a number where the request asked about said one, a day where it
    said one. Taken as answers, they wrote rent with the note "coffee 3.80" and an income of 150
    from "freelance payment of 480 came in yesterday"."""
    request = UserMessage("add an expense of 150 on saturday")
    asked, question = await _asked(TOOLS, request)
    assert question.about == "add_expense" and "category" in question.fields
    for reply in ("coffee 3.80", "freelance payment of 480 came in yesterday"):
        then = await turn(TOOLS, request, asked.items[0], UserMessage(reply))
        assert ("add_expense", 150) not in [(n, a.get("amount")) for n, a in calls(then)], reply
    answered = await turn(TOOLS, request, asked.items[0], UserMessage("groceries"))
    ((name, args),) = calls(answered)  # a value alone still answers it
    assert (name, args["amount"], args["category"]) == ("add_expense", 150, "groceries")


async def test_a_verb_and_my_is_a_request_where_a_category_is_asked_for() -> None:
    """ "convert my expenses to euros" after the question for a category: it had been written as
    the category of the expense asked about."""
    request = UserMessage("add an expense of 60 today")
    asked, question = await _asked(TOOLS, request)
    assert "category" in question.fields
    then = await turn(TOOLS, request, asked.items[0], UserMessage("convert my expenses to euros"))
    assert all(a.get("category") != "convert my expenses to euros" for _, a in calls(then))


async def test_a_title_asked_for_keeps_its_verb_and_its_my() -> None:
    request = UserMessage("add a todo")
    asked, question = await _asked([CREATE_TODO], request)
    assert list(question.fields) == ["title"]
    answered = await turn([CREATE_TODO], request, asked.items[0], UserMessage("email my boss"))
    assert calls(answered) == [("create_todo", {"title": "email my boss"})]


async def test_a_reply_to_which_tool_that_names_none_is_a_request_of_its_own() -> None:
    """After "which tool?", "i got paid! salary 3200 today" named no tool: it was taken as the
    choice, and the same question came back, for this request and every one after it."""
    tools = [CREATE_NOTE, BOOKMARK]
    request = UserMessage("add stamps")
    asked, question = await _asked(tools, request)
    assert sorted(question.fields["tool"]["enum"]) == ["bookmark_add", "create_note"]
    then = await turn(tools, request, asked.items[0], UserMessage("i got paid! salary 3200 today"))
    assert "stamps" not in then.text and not calls(then)
    by_word = await turn(tools, request, asked.items[0], UserMessage("the bookmark one"))
    assert calls(by_word) == [("bookmark_add", {"caption": "stamps"})]


async def test_a_thing_said_done_is_no_title_asked_for() -> None:
    """ "i paid the electricity bill" after the question for a reminder's title (user trial 14,
    d21 after d20): it had been written as a todo titled so. It says a thing done: a request of
    its own (the bill's todo marked done), never the title asked for."""
    request = UserMessage("add a todo")
    asked, question = await _asked([CREATE_TODO], request)
    assert list(question.fields) == ["title"]
    said = UserMessage("i paid the electricity bill")
    then = await turn([CREATE_TODO], request, asked.items[0], said)
    assert ("create_todo", {"title": "i paid the electricity bill"}) not in calls(then)
    answered = await turn([CREATE_TODO], request, asked.items[0], UserMessage("pay the bill"))
    assert calls(answered) == [("create_todo", {"title": "pay the bill"})]


async def test_a_thing_said_done_with_its_day_is_no_title_asked_for() -> None:
    """ "finished Atomic Habits today!" after the question for a todo's title (user trial 17,
    t18 after d10): it was written as a todo titled so. A past verb and a day gone by or today
    say a thing done: a request of its own, never the title asked for."""
    request = UserMessage("add a todo")
    asked, _ = await _asked([CREATE_TODO], request)
    for reply in ("finished Atomic Habits today!", "called mum yesterday"):
        then = await turn([CREATE_TODO], request, asked.items[0], UserMessage(reply))
        assert not [args for name, args in calls(then) if name == "create_todo"], reply


async def test_a_reply_complete_on_its_own_is_a_request_of_its_own() -> None:
    """ "dinner yesterday 7pm: salmon 180g, 370 kcal. hunger 8" after the question for a banana's
    meal kind (user trial 14, h10-h11): read as answers, its values went to the fields asked for
    and its day and hunger were lost. Read alone it is a meal, ready: that is what is written."""
    tools = [MONEY, MEAL]
    request = UserMessage("i ate a banana")
    asked, question = await _asked(tools, request)
    assert question.about == "record_meal"
    reply = UserMessage("dinner yesterday 7pm: salmon 180g, 40g protein, 370 kcal")
    ((name, args),) = calls(await turn(tools, request, asked.items[0], reply))
    entry = args["entry"]
    assert (name, entry["meal_kind"], entry["time"]) == ("record_meal", "dinner", "19:00")
    yesterday = (local_now() - timedelta(days=1)).date().isoformat()
    assert entry["date"] == yesterday and entry["dishes"][0]["name"] == "salmon"
    assert "banana" not in str(args)


EVENT = tool(
    "create_event",
    "Create an event",
    {"title": string(), "details": text("What the event is about")},
    "title",
    "details",
)
DELETE_TODO = tool("delete_todo", "Delete a todo", {"todo_id": string()}, "todo_id")


async def test_a_verb_and_a_kind_of_record_is_no_text_asked_for() -> None:
    """ "clear all my completed todos" after the question for a record's text (user trial 15,
    t23 after t22): it had been written as the description of the todo asked about. A reply that
    opens with a verb of an action and names a kind of record the tools keep, or says "all my",
    is a request of its own; a sentence that names none still answers."""
    tools = [EVENT, DELETE_TODO]
    request = UserMessage("add an event called standup")
    asked, question = await _asked(tools, request)
    assert list(question.fields) == ["details"]
    for reply in ("clear all my completed todos", "delete the milk todo", "remove all my old ones"):
        then = await turn(tools, request, asked.items[0], UserMessage(reply))
        assert all(a.get("details") != reply for _, a in calls(then)), reply
    said = UserMessage("weekly sync with the team")
    answered = await turn(tools, request, asked.items[0], said)
    assert calls(answered) == [
        ("create_event", {"title": "standup", "details": "weekly sync with the team"})
    ]


async def test_a_reply_that_names_another_servers_records_is_a_request_of_its_own() -> None:
    """Trial 18: "sum up the costs of my #house diary entries" after the question for an
    expense's category was written as that category (n18); "expenses this month" after one for
    an exercise was sent as the exercise (m10). A reply naming a kind of record only another
    server keeps is a request of its own; one naming the asked server's own is still a value."""
    money = ToolDefinition(
        "add_expense", "Add an expense", ADD_EXPENSE.input_schema, server="money"
    )
    entries = ToolDefinition(
        "list_entries",
        "List diary entries",
        {"type": "object", "properties": {"query": string()}},
        read_only=True,
        server="notes",
    )
    tools = [money, entries]
    request = UserMessage("add an expense of 20 today")
    asked, question = await _asked(tools, request)
    assert "category" in question.fields
    for reply in ("sum up the costs of my #house diary entries", "diary entries tagged house"):
        then = await turn(tools, request, asked.items[0], UserMessage(reply))
        assert not any(name == "add_expense" for name, _ in calls(then)), (reply, calls(then))
    answered = await turn(tools, request, asked.items[0], UserMessage("house repairs"))
    ((name, args),) = calls(answered)
    assert (name, args["category"]) == ("add_expense", "house repairs")
