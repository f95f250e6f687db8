"""A thing said as done, with a past verb and no order ("posted the parcel to grandma", "I
watered the plants this morning"): the item it names is marked done, never a new record made,
and a verb of its own finds only an item whose title says it. Every test here fails on the
router before its rule."""

from __future__ import annotations

from typing import Any

from tests.orchestrator.offline.test_write_gate import TEXT, Server, run, tool, writes

CHORE_ID = {"chore_id": TEXT}
CHORES = [
    {"id": "c1", "title": "post the parcel to grandma", "done": False},
    {"id": "c2", "title": "water the plants", "done": False},
    {"id": "c3", "title": "garage door repair", "done": False},
]
CHORE_TOOLS = [
    tool("list_chores", "List the chores.", {}),
    tool("finish_chore", "Mark a chore as completed.", CHORE_ID, "chore_id"),
    tool(
        "add_chore",
        "Add a chore.",
        {"title": TEXT, "start_date": {"type": "string", "format": "date"}},
        "title",
    ),
]
CHORE_SERVER: Server = {
    "list_chores": lambda a: {"chores": CHORES},
    "finish_chore": lambda a: {"ok": True},
    "add_chore": lambda a: {"ok": True},
}


def _done(made: list[tuple[str, dict[str, Any]]]) -> list[tuple[str, dict[str, Any]]]:
    return writes(made, "list_chores")


async def test_a_past_verb_with_no_subject_marks_the_item_whose_title_says_it_done() -> None:
    made, _ = await run(CHORE_TOOLS, CHORE_SERVER, "posted the parcel to grandma")
    assert _done(made) == [("finish_chore", {"chore_id": "c1"})]
    made, _ = await run(CHORE_TOOLS, CHORE_SERVER, "repaired the garage door")
    assert _done(made) == [("finish_chore", {"chore_id": "c3"})]


async def test_a_past_verb_the_title_does_not_say_marks_nothing() -> None:
    made, _ = await run(CHORE_TOOLS, CHORE_SERVER, "painted the garage door")
    assert _done(made) == []


async def test_when_a_thing_was_done_is_no_part_of_its_name_and_makes_no_new_record() -> None:
    made, _ = await run(CHORE_TOOLS, CHORE_SERVER, "I watered the plants this morning")
    assert _done(made) == [("finish_chore", {"chore_id": "c2"})]
    made, _ = await run(CHORE_TOOLS, CHORE_SERVER, "posted the parcel to grandma yesterday")
    assert _done(made) == [("finish_chore", {"chore_id": "c1"})]


FILM_TOOLS = [
    tool("list_films", "List the films on your watchlist.", {}),
    tool(
        "set_film_status",
        "Update a film's status.\n\n    Args:\n        film_id: The film\n"
        "        status: New status — unwatched, watching, or finished\n",
        {"film_id": {"type": "integer"}, "status": TEXT},
        "film_id",
        "status",
    ),
]
FILMS = [{"id": 7, "title": "Paris, Texas"}, {"id": 8, "title": "Stalker"}]
BOTH: Server = {
    **CHORE_SERVER,
    "list_films": lambda a: {"films": FILMS},
    "set_film_status": lambda a: {"ok": True},
}


async def test_a_thing_said_done_is_looked_for_by_every_tool_that_marks_things_done() -> None:
    tools = [*CHORE_TOOLS, *FILM_TOOLS]
    made, _ = await run(tools, BOTH, "finished stalker on the train")
    assert writes(made, "list_chores", "list_films") == [
        ("set_film_status", {"film_id": 8, "status": "finished"})
    ]
    made, _ = await run(tools, BOTH, "posted the parcel to grandma")
    assert writes(made, "list_chores", "list_films") == [("finish_chore", {"chore_id": "c1"})]
    made, _ = await run(tools, BOTH, "finished the tax return")
    assert writes(made, "list_chores", "list_films") == []  # neither has it


async def test_an_adverb_before_the_past_verb_and_a_misspelt_word_still_find_the_item() -> None:
    made, _ = await run(CHORE_TOOLS, CHORE_SERVER, "finally repaired the gaarge door")
    assert _done(made) == [("finish_chore", {"chore_id": "c3"})]
    made, _ = await run(CHORE_TOOLS, CHORE_SERVER, "finally repaired the garden door")
    assert _done(made) == []  # "garden" is no misspelt "garage": another word


async def test_a_short_past_verb_finds_the_title_that_says_it() -> None:
    chores = [*CHORE_TOOLS[:2]]
    server: Server = {**CHORE_SERVER, "list_chores": lambda a: {"chores": [*CHORES, FIX]}}
    made, _ = await run(chores, server, "fixed the shed roof")
    assert _done(made) == [("finish_chore", {"chore_id": "c4"})]


FIX = {"id": "c4", "title": "fix the shed roof", "done": False}
