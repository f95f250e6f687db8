"""Several records in one request ("add 3 reminders: a, b and c"): a record each, written one a
turn, only when the count said matches the items and every item alone would be written at
once; otherwise nothing is written and the request is asked about whole."""

from __future__ import annotations

from typing import Any

from orchestrator.offline._several import split_several
from tests.orchestrator.offline import _glossary_vault_parts as fixture
from tests.orchestrator.offline._routing import conversation
from tests.orchestrator.offline.test_files_and_games import TODOS
from tests.orchestrator.offline.test_write_gate import (
    TEXT,
    Server,
    asks,
    nullable,
    question_text,
    run,
    tool,
)

LEVEL = {"type": "string", "enum": ["low", "normal", "urgent"]}
NEW_REMINDER = tool(
    "new_reminder", "Create a reminder.", {"text": TEXT, "level": nullable(LEVEL)}, "text"
)
NEW_CARD = tool("new_card", "Create a card on the board.", {"title": TEXT}, "title")


def counter() -> Server:
    made: list[dict[str, Any]] = []

    def create(args: dict[str, Any]) -> dict[str, Any]:
        made.append(args)
        return {"id": len(made), **args}

    return {"new_reminder": create, "new_card": create}


def test_the_items_of_a_counted_list_are_each_a_request() -> None:
    assert split_several("make 3 reminders: feed the cat, water the ferns and post the parcel") == (
        "make reminder: feed the cat",
        "make reminder: water the ferns",
        "make reminder: post the parcel",
    )
    assert split_several("create four cards: a, b, and c") is None  # three items, not four
    assert split_several("create a card: feed the cat, water the ferns") is None  # one record
    assert split_several("put these cards on the board:\n- login page\n* pricing") == (
        "put card on the board: login page",
        "put card on the board: pricing",
    )
    assert split_several("remind me at 10:30 to call Bo") is None


async def test_a_counted_list_makes_a_record_of_each_item_in_turn() -> None:
    said = "make 3 reminders: feed the cat, water the ferns, and post the parcel"
    made, answer = await run([NEW_REMINDER], counter(), said)
    assert made == [
        ("new_reminder", {"text": "feed the cat"}),
        ("new_reminder", {"text": "water the ferns"}),
        ("new_reminder", {"text": "post the parcel"}),
    ]
    assert all(label in question_text(answer) for label in ("cat", "ferns", "parcel"))


async def test_items_one_a_line_after_these_are_a_record_each() -> None:
    said = "add these cards:\n- redo the login page\n- fix the pricing table"
    made, _ = await run([NEW_CARD], counter(), said)
    assert made == [
        ("new_card", {"title": "redo the login page"}),
        ("new_card", {"title": "fix the pricing table"}),
    ]


async def test_nothing_is_written_when_one_item_would_be_asked_about() -> None:
    said = "make 2 reminders: feed the cat, and call the vet about it"  # "it": which?
    made, answer = await run([NEW_REMINDER], counter(), said)
    assert made == [] and asks(answer)
    made, answer = await run([NEW_REMINDER], counter(), "make 3 reminders: feed the cat, call Bo")
    assert made == [] and asks(answer)  # three said, two given


def test_a_count_of_things_or_of_these_names_no_kind_of_record() -> None:
    """ "add 3 things to my todo list: ...", "add these 3: ...", "add these 3 to my glossary:
    ...": the items alone after the words that say where (user trial 30)."""
    assert split_several("add 3 things to my todo list: buy milk, call mom, pay rent") == (
        "add to my todo list: buy milk",
        "add to my todo list: call mom",
        "add to my todo list: pay rent",
    )
    assert split_several("add these 3 to my glossary: cache, queue and heap") == (
        "add to my glossary: cache",
        "add to my glossary: queue",
        "add to my glossary: heap",
    )
    assert split_several("add these 3: 'mutex' - a lock, 'heap' - a tree, 'queue' - a line") == (
        "add: 'mutex' - a lock",
        "add: 'heap' - a tree",
        "add: 'queue' - a line",
    )


async def test_the_tool_chosen_for_several_makes_each_and_the_question_offers_it() -> None:
    """ "add 3 things: groceries, laundry, call mom" where a glossary, a vault and a todo list
    each make records: the question offers the todo list too (chosen by a synonym of "add"
    alone, as the others by its own spelling), and the reply that chooses it makes all three
    (at first sight `create_todo` was never offered; then only the first was made)."""
    tools = [*TODOS, *fixture.TOOLS]
    said = "add 3 things: groceries, laundry, call mom"
    made, answers = await conversation(tools, said)
    assert made == [] and "create_todo" in answers[-1] and "add_term" in answers[-1]
    made, _ = await conversation(tools, said, "the todo one")
    assert made == [("create_todo", {"title": t}) for t in ("groceries", "laundry", "call mom")]
    made, _ = await conversation(
        tools,
        "add these 3 to my glossary: 'variance' - average squared deviation from the mean"
        " (tag math), 'mutex' - lock that lets one thread into a critical section (tag"
        " concurrency), 'sigmoid' - S-shaped function (tag math)",
    )
    assert [args["lemma"] for _, args in made] == ["variance", "mutex", "sigmoid"]
    assert {name for name, _ in made} == {"add_term"}
