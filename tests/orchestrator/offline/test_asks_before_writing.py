"""The write gate on blind set D's wrong writes, in general form, on made-up servers: a value
that is none of those a parameter's description lists, a new record with nothing said of it, a
title whose "it" nobody resolved, a title cut out of a longer name or holding a sentence all ask
instead of writing; a title that carries its maker "by <Name>" gives the maker field its value;
a reply that speaks of "it" answers no field."""

from __future__ import annotations

from typing import Any

from tests.orchestrator.offline.test_write_gate import (
    Server,
    asks,
    calls,
    nullable,
    run,
    tool,
    turn,
)

TEXT: dict[str, Any] = {"type": "string"}

ADD_CHORE = tool(
    "add_chore",
    "Add a chore to the household list.\n\n    Args:\n        summary: What to do.\n"
    '        urgency: One of "now", "soon", "someday". Defaults to "soon".\n'
    "        due: Due date as YYYY-MM-DD.",
    {"summary": TEXT, "urgency": {"type": "string", "default": "soon"}, "due": nullable(TEXT)},
    "summary",
)


async def test_a_value_none_of_those_the_description_lists_asks() -> None:
    for said in (
        "add a chore to post the parcel, urgency Oslo",
        "add a chore to buy a present, urgency: Ana",
    ):
        step = await turn([ADD_CHORE], said)
        assert asks(step), calls(step)
    # a name after a preposition is never taken for such a value: it stays in the title
    step = await turn([ADD_CHORE], "add a chore to post the parcel to Oslo")
    assert calls(step) == [("add_chore", {"summary": "post the parcel to Oslo"})]


LOG_MEAL = tool(
    "record_meal",
    "Record a meal. Pass the user's words as notes, or a dish with its portion.",
    {"notes": nullable(TEXT), "dish": nullable(TEXT), "portion": nullable({"type": "number"})},
)


async def test_a_new_record_with_nothing_said_of_it_asks_for_its_text() -> None:
    step = await turn([LOG_MEAL], "record a meal")
    assert asks(step), calls(step)
    step = await turn([LOG_MEAL], "record some meal")
    assert asks(step), calls(step)


ADD_ERRAND = tool(
    "add_errand",
    "Add an errand to run.",
    {"title": TEXT, "shop": nullable(TEXT)},
    "title",
)
LIST_RECIPES = tool("list_recipes", "List the saved recipes.", {})


async def test_a_pronoun_nobody_resolved_in_a_new_title_asks() -> None:
    step = await turn([ADD_ERRAND, LIST_RECIPES], "add an errand to buy the spices for it")
    assert asks(step), calls(step)
    step = await turn([ADD_ERRAND, LIST_RECIPES], "add an errand to buy the spices")
    assert calls(step) == [("add_errand", {"title": "buy the spices"})]


ADD_ALBUM = tool(
    "add_album",
    "Add an album to the record shelf.",
    {"title": TEXT, "artist": TEXT, "year": nullable({"type": "integer"})},
    "title",
    "artist",
)
KEEP_SUGGESTION = tool(
    "keep_suggestion",
    "Keep an album suggestion for later.",
    {"title": TEXT, "artist": {"type": "string", "default": ""}, "why": TEXT},
    "title",
)


async def test_a_title_that_carries_its_maker_by_name_splits() -> None:
    step = await turn([ADD_ALBUM], "add Blue Train by John Coltrane")
    assert calls(step) == [("add_album", {"title": "Blue Train", "artist": "John Coltrane"})]
    step = await turn([KEEP_SUGGESTION], "keep the suggestion Blue Train by John Coltrane")
    assert calls(step) == [("keep_suggestion", {"title": "Blue Train", "artist": "John Coltrane"})]


async def test_a_works_title_that_is_a_sentence_or_was_cut_short_asks() -> None:
    step = await turn([KEEP_SUGGESTION], "Sam suggested Blue Train by John Coltrane, keep it")
    assert asks(step), calls(step)
    step = await turn([ADD_ALBUM], "add The Name of the Rose by Umberto Eco")
    assert asks(step), calls(step)


async def test_a_reply_about_it_is_not_the_value_asked_for() -> None:
    shelf: Server = {"add_album": lambda args: {"id": 7, **args}}
    made, _ = await run([ADD_ALBUM], shelf, "add Blue Train", "I've been playing it all week")
    assert made == []


async def test_a_follow_up_acts_on_the_record_whose_id_the_result_marks() -> None:
    open_ticket = tool("create_ticket", "Create a new ticket.", {"summary": TEXT}, "summary")
    work_on = tool(
        "begin_ticket", "Mark a ticket as in progress.", {"ticket_id": TEXT}, "ticket_id"
    )
    desk: Server = {
        "create_ticket": lambda args: {"result": f"Created: #12 {args['summary']}"},
        "begin_ticket": lambda args: f"Started #{args['ticket_id']}",
    }
    said = ("create a ticket to renew the certificate", "and begin it")
    made, _ = await run([open_ticket, work_on], desk, *said)
    assert made == [
        ("create_ticket", {"summary": "renew the certificate"}),
        ("begin_ticket", {"ticket_id": "12"}),
    ]
