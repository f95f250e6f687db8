"""A request that says "it" of a thing there is makes no new titled record: after "add 'Buy
stamps' to the inbox", "actually put it straight in someday" does not add a ticket titled
"straight" (it is a move of the one just made, or a question), while "give it a subtask: ..."
still makes the subtask under it. Fails on the router before (it added "straight")."""

from __future__ import annotations

from tests.orchestrator.offline._routing import after_call, calls, text, tool

ADD = tool(
    "add_ticket",
    "Add a ticket to the wall.",
    {"title": text("Ticket title"), "lane": {"type": "string", "enum": ["INBOX", "SOMEDAY"]}},
    "title",
)
SUBTASK = tool(
    "add_chore",
    "Add a chore, or a subtask under a parent chore.",
    {"title": text("Chore title"), "parent": text("Parent chore id")},
    "title",
)


async def test_it_is_no_new_title() -> None:
    response = await after_call(
        [ADD],
        "add 'Buy stamps' to the inbox",
        '{"id": 7, "title": "Buy stamps", "lane": "INBOX"}',
        "actually put it straight in someday",
    )
    assert all(args.get("title") != "straight" for _, args in calls(response))


async def test_a_record_under_it_is_still_made() -> None:
    response = await after_call(
        [SUBTASK],
        "add a chore to clean the garage",
        '{"id": "c1", "title": "clean the garage"}',
        "and give it a subtask: sort the tools",
    )
    assert calls(response) == [("add_chore", {"title": "sort the tools", "parent": "c1"})]
