"""A request that is only a kind of thing, plural, and a filter ("todos due tomorrow",
"bookmarks tagged python") lists them: the kind is no verb. Before, the router took "todos" for
a verb the create tool's description says, and asked whether to create or list (user trial 11,
T14). Over the trial's tools and a bookmarks server's."""

from __future__ import annotations

from datetime import timedelta

from orchestrator.offline._dates import local_now
from tests.orchestrator.offline._chores import TRIAL
from tests.orchestrator.offline._routing import calls, text, tool, turn

ADD_BOOKMARK = tool(
    "add_bookmark",
    "Add a bookmark with a url and tags",
    {"url": text("The address"), "tag": text("A tag")},
    "url",
)
LIST_BOOKMARKS = tool(
    "list_bookmarks", "List the saved bookmarks, optionally by tag", {"tag": text("A tag")}
)


async def test_todos_and_a_day_list_the_todos_of_that_day() -> None:
    tomorrow = (local_now().date() + timedelta(days=1)).isoformat()
    assert calls(await turn(TRIAL, "todos due tomorrow")) == [
        ("list_todos", {"due_date_filter": tomorrow})
    ]
    assert calls(await turn(TRIAL, "high priority todos")) == [("list_todos", {"priority": "high"})]


async def test_bookmarks_and_a_tag_list_the_bookmarks() -> None:
    ((name, arguments),) = calls(
        await turn([ADD_BOOKMARK, LIST_BOOKMARKS], "bookmarks tagged python")
    )
    assert name == "list_bookmarks"
    assert arguments == {"tag": "python"}


async def test_the_kind_said_once_first_with_words_after_it_makes_one() -> None:
    """ "todo buy milk": the noun in the singular, then what it says, is a new one (user trial
    12, t04, asked whether to make or list todos)."""
    assert calls(await turn(TRIAL, "todo buy milk")) == [("create_todo", {"title": "buy milk"})]
    ((name, arguments),) = calls(
        await turn(TRIAL, "todo pay rent on dec 1st at 9am, high priority")
    )
    assert name == "create_todo"
    assert arguments["title"] == "pay rent" and arguments["priority"] == "high"
    assert arguments["due_date"][4:16] == "-12-01T09:00"


async def test_so_it_does_for_a_tool_a_clash_of_names_prefixed() -> None:
    """`todo__create_todo`, beside another server's `create_todo`: "todo" opens its name as
    the clash's prefix, not as a verb of its own (user trial 12's replay, t04)."""
    clashing = [
        tool("todo__create_todo", "Create a new todo item", {"title": text("The title")}, "title"),
        tool("todo__list_todos", "List todo items", {}),
        tool("journal__create_todo", "Create a todo entry", {"text": text("The text")}, "text"),
    ]
    assert calls(await turn(clashing, "todo buy milk")) == [
        ("todo__create_todo", {"title": "buy milk"})
    ]


async def test_one_word_or_a_verb_of_another_kind_after_the_kind_makes_none() -> None:
    """ "todo done" had made a todo titled "done" (found in the last read of the change)."""
    for said in ("todo done", "todo stuff"):
        assert not any(name == "create_todo" for name, _ in calls(await turn(TRIAL, said))), said
