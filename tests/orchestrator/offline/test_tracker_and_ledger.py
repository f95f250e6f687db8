"""Misses of user trial 32 (read since; first sight was recorded before any of these), over the
servers' own schemas (`_tracker_and_ledger.py`) beside the bundled todo server's tools, and
trial 31's (`_hvac_farming_boot.py`):
- a priority said after the title ("open an issue: csv export drops the last row, P2", "...,
  medium", "..., low priority") is the priority, never part of the title (at first sight the
  issues were titled "csv export drops the last row, P2", a wrong write): runloq's description
  lists its values between dots, each with what it means ("P0 (critical) · P1 (high) ·
  P2 (medium) · P3 (low)");
- the texts of a fixed bug said under their fields' names ("symptom: ... . root cause: ...",
  "area search") fill those fields, each with its own sentence;
- a read chosen with no verb, none of its nouns and no value but a date ("fans spin for like a
  second then everything shuts off", "is it too late to plant maize now? its dec 3") is not
  made: the request is about something else (at first sight the todos were listed);
- a tool that returns something by a name (`get_guardrails(stack)`) is never a search for the
  record a change names ("set an alarm for 6:30am" listed the Semgrep rules of a stack "6:30am");
- the one text a write lacks, where one run of words is left unread ("project harbor, area auth.
  session expired right after login. cause: ..."), is shown for a yes, never asked as unsaid;
- "file a ticket: ..." makes the ticket; a title that says only the kind of record ("open a
  ticket") or ends on a sentence's last word or two ("... left empty. thats") is asked about
  (at first sight "open a ticket" made an issue titled "ticket": a wrong write);
- "done, got it this afternoon": when it was done, never a new due date (at first sight the
  todo was marked completed and given that time as its due date: a wrong write);
- "schedual a ticket to rotate the prod api keys next tuesday" (a verb misspelt) is no todo: a
  ticket is another kind of record (at first sight a todo was made of it: a wrong write);
- a reply that says another field's text under its name ("another one, same project: ...
  cause: ...") to the question for a symptom is a request of its own, never that symptom; nor is
  a reply that speaks of the record ("... as a comment on the issue") the title shown for a yes
  (at first sight the issue was made with that reply for its title: a wrong write)."""

from __future__ import annotations

import json
from datetime import datetime, timedelta

import pytest

from tests.orchestrator.offline import _hvac_farming_boot as trial31
from tests.orchestrator.offline import _tracker_and_ledger as fixture
from tests.orchestrator.offline._routing import calls, conversation, turn
from tests.orchestrator.offline.test_files_and_games import TODOS

TOOLS = [*TODOS, *fixture.TOOLS]


@pytest.mark.parametrize(
    ("said", "args"),
    [
        (
            "open an issue: csv export drops the last row, P2",
            {"title": "csv export drops the last row", "priority": "P2"},
        ),
        (
            "make an issue: kitchen sink draining slow, medium",
            {"title": "kitchen sink draining slow", "priority": "P2"},
        ),
        (
            "ticket: replace the cracked tile in the upstairs bathroom, low priority",
            {"title": "replace the cracked tile in the upstairs bathroom", "priority": "P3"},
        ),
        ("open a critical issue: prod is down", {"title": "prod is down", "priority": "P0"}),
    ],
)
async def test_a_priority_said_with_what_it_means_is_the_priority(
    said: str, args: dict[str, str]
) -> None:
    assert calls(await turn(TOOLS, said)) == [("create_issue", args)]


async def test_the_texts_of_a_fixed_bug_under_their_fields_names() -> None:
    said = (
        "record fixed bug in the harbor project, area search. symptom: searching with an "
        "apostrophe crashed the results page. root cause: the query string was interpolated "
        "straight into raw SQL so the quote broke the statement"
    )
    assert calls(await turn(TOOLS, said)) == [
        (
            "record_bug",
            {
                "project": "harbor",
                "feature_area": "search",
                "symptom": "searching with an apostrophe crashed the results page",
                "root_cause": "the query string was interpolated straight into raw SQL so the "
                "quote broke the statement",
            },
        )
    ]


async def test_a_cause_said_without_its_symptom_asks_for_the_symptom() -> None:
    said = (
        "record a bug. project: api. feature area: db. cause: two transactions locked the "
        "orders and payments tables in opposite order"
    )
    areas = json.dumps({"total": 0, "feature_areas": [], "projects": []})
    made, answers = await conversation(TOOLS, said, outputs={"list_areas": areas})
    assert made == [("list_areas", {})]  # the names the ledger has, to reuse: no write
    assert "I need: symptom." in answers[-1]
    assert (
        "two transactions locked the orders and payments tables in opposite order" in (answers[-1])
    )


@pytest.mark.parametrize(
    "said",
    [
        "fans spin for like a second then everything shuts off",
        "is it too late to plant maize now? its dec 3",
    ],
)
async def test_a_read_none_of_whose_words_are_said_is_not_made(said: str) -> None:
    step = await turn([*TODOS, *trial31.TOOLS], said)
    assert "list_todos" not in [name for name, _ in calls(step)]


async def test_a_tool_that_returns_something_by_name_is_no_search_for_a_record() -> None:
    empty = {"list_todos": json.dumps({"todos": []}), "list_issues": "[]"}
    made, _ = await conversation(TOOLS, "set an alarm for 6:30am", outputs=empty)
    assert "get_guardrails" not in [name for name, _ in made]


async def test_the_one_text_left_unsaid_is_the_words_left_unread() -> None:
    said = (
        "record a bug: project harbor, area auth. session expired right after login. cause: "
        "server clock was ahead by hours so the cookie max-age was computed in the past"
    )
    areas = json.dumps({"total": 0, "feature_areas": [], "projects": []})
    made, answers = await conversation(TOOLS, said, "yes", outputs={"list_areas": areas})
    assert "with symptom “session expired right after login”?" in answers[0]
    assert made[-1] == (
        "record_bug",
        {
            "project": "harbor",
            "feature_area": "auth",
            "symptom": "session expired right after login",
            "root_cause": "server clock was ahead by hours so the cookie max-age was computed "
            "in the past",
        },
    )


async def test_a_ticket_filed() -> None:
    said = "file a ticket: checkout page throws a 500 when the coupon field is left empty"
    assert calls(await turn(TOOLS, said)) == [
        (
            "create_issue",
            {"title": "checkout page throws a 500 when the coupon field is left empty"},
        )
    ]


@pytest.mark.parametrize(
    "said",
    [
        "open a ticket",
        "file a ticket: checkout page throws a 500 when the coupon field is left empty. thats "
        "high priority",
    ],
)
async def test_a_title_that_is_no_title_is_asked_about(said: str) -> None:
    step = await turn(TOOLS, said)
    assert calls(step) == []
    assert "may not be the whole title" in (step.text or "")


async def test_the_time_a_thing_was_done_is_no_due_date() -> None:
    made = json.dumps({"success": True, "todo_id": "todo_ink1", "message": "Todo created"})
    listed = json.dumps({"todos": [{"todo_id": "todo_ink1", "title": "buy printer ink"}]})
    evening = datetime.now().astimezone().replace(hour=19, minute=0, second=0, microsecond=0)
    calls_made, _ = await conversation(
        TODOS,
        "add a todo: buy printer ink",
        "done, got it this afternoon",
        outputs={"create_todo": made, "list_todos": listed},
        clock=lambda: evening,  # (said in the evening: the afternoon is gone)
    )
    assert calls_made[-1] == ("update_todo", {"todo_id": "todo_ink1", "status": "completed"})


async def test_an_errand_that_names_another_kind_of_record_is_no_todo() -> None:
    step = await turn(TOOLS, "schedual a ticket to rotate the prod api keys next tuesday")
    assert calls(step) == []  # asked which tool records it: the ticket is an issue's word
    assert "create_issue" in (step.text or "")
    tomorrow = (datetime.now().astimezone().date() + timedelta(days=1)).isoformat()
    assert calls(await turn(TOOLS, "call mom tomorrow")) == [
        ("create_todo", {"title": "call mom", "due_date": tomorrow})
    ]


async def test_a_reply_that_says_another_fields_text_is_a_request_of_its_own() -> None:
    areas = json.dumps({"total": 0, "feature_areas": [], "projects": []})
    made, _ = await conversation(
        TOOLS,
        "log a fix in project atlas, area cache: product pages showed old prices for an hour. "
        "cause: cache key didn't include the currency so all currencies shared one entry",
        "another one, same project and area: cache stampede took the db down at midnight. "
        "cause: every key had the same TTL so they all expired at once",
        outputs={"list_areas": areas},
    )
    # the reply to the question for the first bug's symptom is no symptom: never recorded
    # with the first bug's root cause (at first sight of the replay: a wrong write)
    assert "record_bug" not in [name for name, _ in made]


async def test_a_reply_about_the_record_is_no_title_for_it() -> None:
    opened = "open a tracker issue: ship replacement parts to the berlin customer, P1"
    boxes = (
        "figure out the boxes: 3 pumps 30x20x20 at 4kg each and a hose coil 40x40x10, i have "
        "50x40x30 and 60x40x40 boxes. then put the box plan as a comment on the issue"
    )
    made, _ = await conversation(TOOLS, opened, boxes)
    assert "create_issue" not in [name for name, _ in made]  # (at first sight: a wrong write)
    made, _ = await conversation(TOOLS, opened, "ship replacement parts to the berlin customer")
    assert made == [
        (
            "create_issue",
            {"title": "ship replacement parts to the berlin customer", "priority": "P1"},
        )
    ]
