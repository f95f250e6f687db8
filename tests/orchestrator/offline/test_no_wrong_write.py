"""Writes the router must not make on tools it has never seen (blind set A's wrong writes, in
general form): a made-up clock time, a title run past its marker's colon, a kind of thing filled
with a word the description does not list, "make X part of Y" read as a creation, and a write
of one item for "everything"."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from orchestrator.models import ModelResponse
from tests.orchestrator.conftest import ZONE
from tests.orchestrator.offline._routing import calls, tool, turn

TOMORROW = datetime.now(ZONE).date() + timedelta(days=1)


TEXT: dict[str, Any] = {"type": "string"}
OPTIONAL = {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None}
TASK_CREATE = tool("task_create", "Create a new task", {"name": TEXT, "due_date": OPTIONAL}, "name")
NOTE_WRITE = tool(
    "note_write", "Create or replace a note.", {"name": TEXT, "content": TEXT}, "name", "content"
)
NEW_ITEM = tool(
    "new_item",
    "Create a new issue, todo, feature, epic,\n    or diary entry for current project.",
    {"item_type": {"type": "string", "description": "item_type parameter"}, "title": TEXT},
    "item_type",
    "title",
)
COMMIT = tool(
    "git_commit", "Records changes to the repository", {"repo_path": TEXT, "message": TEXT},
    "repo_path", "message",
)  # fmt: skip


def asks(response: ModelResponse) -> bool:
    question = getattr(response.items[0], "question", None) if response.items else None
    return not response.tool_calls and question is not None


async def test_a_day_alone_is_sent_as_the_day_not_at_a_made_up_time() -> None:
    assert calls(await turn([TASK_CREATE], "remind me to email Jana tomorrow")) == [
        ("task_create", {"name": "email Jana", "due_date": TOMORROW.isoformat()})
    ]


async def test_a_title_after_its_marker_stops_at_a_colon() -> None:
    step = await turn([NOTE_WRITE], "write a note called retro: went well, shipping on time")
    assert [args.get("name") for _, args in calls(step)] in ([], ["retro"])


async def test_a_kind_of_thing_takes_only_a_value_its_description_lists() -> None:
    assert calls(await turn([NEW_ITEM], "new epic: Onboarding revamp")) == [
        ("new_item", {"item_type": "epic", "title": "Onboarding revamp"})
    ]
    assert asks(await turn([NEW_ITEM], "new idea: export to CSV"))
    assert asks(await turn([NEW_ITEM], "new epic on the shelf: Onboarding revamp"))  # shelf?


async def test_make_without_an_article_changes_rather_than_creates() -> None:
    kinds = {"type": "string", "enum": ["issue", "feature", "epic"]}
    new_item = tool("new_item", "Create a new item", {"item_type": kinds, "title": TEXT}, "title")
    assert calls(await turn([new_item], "make dark mode part of the Payments v2 epic")) == []
    assert calls(await turn([new_item], "make a new epic called Payments v3")) == [
        ("new_item", {"item_type": "epic", "title": "Payments v3"})
    ]


async def test_a_write_of_one_item_for_everything_asks() -> None:
    assert asks(await turn([COMMIT], "commit everything in /tmp/repo, message: wip"))


UNTYPED: dict[str, Any] = {}
ADD_EXPENSE = tool(
    "add_expense",
    "Add a new expense entry to the database.",
    {"date": UNTYPED, "amount": UNTYPED, "category": UNTYPED, "note": {"type": "string"}},
    "date",
    "amount",
    "category",
)
LIST_EXPENSES = tool(
    "list_expenses",
    "List expense entries within an inclusive date range.",
    {"start_date": UNTYPED, "end_date": UNTYPED},
    "start_date",
    "end_date",
)


async def test_an_untyped_amount_takes_money_and_a_category_is_never_a_place() -> None:
    last_saturday = TOMORROW - timedelta(days=1)
    while last_saturday.weekday() != 5:
        last_saturday -= timedelta(days=1)
    step = await turn([ADD_EXPENSE], "spent 60 bucks on groceries at Lidl on saturday")
    assert not any(args.get("category") == "Lidl" for _, args in calls(step))
    step = await turn([ADD_EXPENSE], "spent 60 bucks on saturday, category groceries")
    assert calls(step) == [
        (
            "add_expense",
            {"amount": 60, "date": last_saturday.isoformat(), "category": "groceries"},
        )
    ]


async def test_a_start_date_beside_an_end_date_starts_a_range() -> None:
    today = TOMORROW - timedelta(days=1)
    ((_, args),) = calls(await turn([LIST_EXPENSES], "show my expenses from last week"))
    assert args["start_date"] < args["end_date"] < today.isoformat()


async def test_a_bare_number_fills_an_untyped_amount_and_a_missing_category_is_asked_for() -> None:
    step = await turn([ADD_EXPENSE], "I spent 12.50 on stamps today")  # no class said
    assert asks(step)
    question = step.items[0].question  # type: ignore[union-attr]
    assert list(question.fields) == ["category"] and "amount 12.5" in question.text


TODO_CREATE = tool(
    "todo_create",
    "Create a new todo item with optional due date and tags",
    {
        "title": {"type": "string", "description": "The todo item title"},
        "due_date": {
            "type": "string",
            "format": "date-time",
            "description": "Optional due date in ISO 8601 format (a date alone: that day)",
        },
        "tags": {"type": "array", "items": {"type": "string"}, "description": "Optional tags"},
    },
    "title",
)


async def test_a_number_written_as_a_hashtag_stays_in_the_title() -> None:
    """ "#42" is an issue's number, not a tag nobody asked for; "#home" is a tag."""
    (call,) = calls(await turn([TODO_CREATE], "add a todo: fix issue #42"))
    assert call == ("todo_create", {"title": "fix issue #42"})
    (call,) = calls(await turn([TODO_CREATE], "add a todo: water the plants #home"))
    assert call == ("todo_create", {"title": "water the plants", "tags": ["home"]})


async def test_a_repetition_no_parameter_takes_is_never_one_date() -> None:
    """ "every monday" is not one monday: no todo due next monday, and no title holding it; with
    no date said, the todo is made once, undated, and the answer says so (`test_made_once`)."""
    trash = await turn([TODO_CREATE], "remind me every monday to take out the trash")
    assert asks(trash) or calls(trash) == [("todo_create", {"title": "take out the trash"})]
    plants = await turn([TODO_CREATE], "remind me each morning to water the plants")
    assert asks(plants) or calls(plants) == [("todo_create", {"title": "water the plants"})]
    after_colon = await turn([TODO_CREATE], "add a todo: water plants every other day")
    assert asks(after_colon) or calls(after_colon) in (
        [("todo_create", {"title": "water plants every other day"})],  # written whole, no date
        [("todo_create", {"title": "water plants"})],  # made once, said so
    )
