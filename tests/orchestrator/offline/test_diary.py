"""A diary and work log (`kaydet` 0.49.0, user trial 39, `_diary.py`) beside the todo server,
whose `create_todo` and `list_todos` it shares by name:
- a record said of a thing done ("log: fixed the login bug ... #work time:2h", "jot down:
  finally finished reading dune #books rating:5") is an entry, its tags and `key:value` pairs
  the entry's, never a todo (it asked between the todo, the entry, the card and the diary's
  todo); "log that i paid the electric bill, 86.40" an entry too (it asked);
- a search that finds nothing says so (it said "Entry: dentist (success True; total 0 ...)",
  a `truncated` flag read as the answer's yes or no);
- "mark the first one done" after the todo server's listing is that server's item;
- "tag it bills too" finds the entry made in a listing that gives its id as text;
- a search is written in the syntax its description shows: a field over a number ("cost:>100"),
  tags, and a day after "since" the last one past; a tag said in words ("tagged idea") is for
  a tool that takes a tag, never the list of tags."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import UTC, datetime

import pytest

from tests.orchestrator.offline._diary import TOOLS as DIARY
from tests.orchestrator.offline._flashcards import TOOLS as CARDS
from tests.orchestrator.offline._routing import conversation
from tests.orchestrator.offline.test_files_and_games import TODOS

SHARED = ("create_todo", "list_todos")
TOOLS = [
    *(replace(t, name=f"todo__{t.name}") if t.name in SHARED else t for t in TODOS),
    *DIARY,
    *CARDS,
]


@pytest.mark.parametrize(
    ("said", "text", "tags", "metadata"),
    [
        (
            "log: fixed the login redirect bug on staging #work time:2h",
            "fixed the login redirect bug on staging",
            ["work"],
            {"time": "2h"},
        ),
        (
            "jot down: finally finished reading dune #books rating:5",
            "finally finished reading dune",
            ["books"],
            {"rating": "5"},
        ),
    ],
)
async def test_a_thing_done_is_an_entry_never_a_todo(
    said: str, text: str, tags: list[str], metadata: dict[str, str]
) -> None:
    made, _ = await conversation(TOOLS, said)
    writes = [(name, args) for name, args in made if name in ("add_entry",) or "todo" in name]
    writes = [(name, args) for name, args in writes if "list" not in name]
    assert writes == [("add_entry", {"text": text, "tags": tags, "metadata": metadata})], made


async def test_a_payment_logged_is_an_entry() -> None:
    made, _ = await conversation(TOOLS, "log that i paid the electric bill, 86.40")
    assert made == [("add_entry", {"text": "i paid the electric bill, 86.40"})]


async def test_a_thing_to_do_logged_is_still_asked_about() -> None:
    """No past verb: "log meeting w/ sarah ..., 45min" is asked about (the duration has no
    place), never written as a todo."""
    made, _ = await conversation(TOOLS, "log meeting w/ sarah re q4 roadmap, 45min #meeting")
    assert all("create_todo" not in name for name, _ in made), made


async def test_a_search_that_finds_nothing_says_so() -> None:
    found = {"success": True, "query": "dentist", "matches": [], "total": 0, "shown": 0}
    output = {"search_entries": json.dumps({**found, "limit": 50, "truncated": False})}
    made, answers = await conversation(DIARY, "find the entry about the dentist", outputs=output)
    assert made == [("search_entries", {"query": "dentist"})]
    assert answers[0].startswith("No entries found"), answers


async def test_an_item_by_its_place_is_the_listing_servers() -> None:
    """User trial 39: "mark the first one done" after the todo server's listing asked for the
    diary's `mark_todo_done(entry_id)`."""
    todos = [
        {"todo_id": "todo_abc", "title": "send report", "status": "pending"},
        {"todo_id": "todo_def", "title": "call bob", "status": "pending"},
    ]
    output = {"todo__list_todos": json.dumps({"success": True, "todos": todos, "count": 2})}
    made, _ = await conversation(
        TOOLS, "show me my open #work todos", "mark the first one done", outputs=output
    )
    assert made[-1] == ("update_todo", {"status": "completed", "todo_id": "todo_abc"}), made


async def test_a_tag_added_to_an_entry_listed_by_a_text_id() -> None:
    """User trial 39: "tag it bills too" after an entry made: the listing gives its id as "1",
    the entry was not found in it ("I could not read the tags it has now")."""
    entry = {"id": "1", "timestamp": "05:01", "text": "paid the electric bill", "tags": []}
    output = {
        "add_entry": json.dumps({"success": True, "entry_id": 1, "timestamp": "05:01"}),
        "list_recent_entries": json.dumps({"success": True, "entries": [entry]}),
    }
    said = "log that i paid the electric bill, 86.40"
    made, _ = await conversation(TOOLS, said, "tag it bills too", outputs=output)
    assert made[-1] == ("update_entry", {"tags": ["bills"], "entry_id": 1}), made


@pytest.mark.parametrize(
    ("said", "query"),
    [
        ("entries where cost was over 100?", "cost:>100"),  # it searched a tag of the clause
        ("search entries with cost over 100", "cost:>100"),  # the words as they were
        ("search my diary for #projectx entries since june 1", "since:2026-06-01 #projectx"),
    ],
)
async def test_a_search_in_its_own_syntax(said: str, query: str) -> None:
    """User trial 39: the search's description shows its syntax ("#tag, key:value, key:>N,
    ... since:YYYY-MM-DD"); a tag said went nowhere, and "since june 1" was June 2027."""
    clock = lambda: datetime(2026, 12, 6, 9, 0, tzinfo=UTC)  # noqa: E731
    made, _ = await conversation(TOOLS, said, clock=clock)
    assert made == [("search_entries", {"query": query})]


async def test_a_tag_said_in_words_is_no_list_of_tags() -> None:
    """User trial 39: "show everything tagged idea" listed the tags."""
    made, _ = await conversation(DIARY, "show everything tagged idea")
    assert made and made[0][0] != "list_tags", made
