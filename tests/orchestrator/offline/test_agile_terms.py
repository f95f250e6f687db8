"""Shapes of trial 21's agile server, whose values are listed in prose ("Options: planning,
in_progress, completed, cancelled.") and whose epics take stories through a tool of their own.
A filter said in plain words takes the listed value ("epics in progress?": `in_progress`); a
name that opens with the record's noun is the name ("a sprint called Sprint 14", not "14"); a
day said as a field the tool does not keep ("with target date march 31") is never written into
the description; and "add guest checkout to the Checkout Revamp epic", where epics take stories
(`manage_epic_stories`), is never written into the epic's description (at first sight, it was:
"...\\nguest checkout")."""

from __future__ import annotations

import json
from typing import Any

from orchestrator.offline._listed import listed_values
from tests.orchestrator.offline._routing import calls, run_with, text, tool, turn
from tests.orchestrator.offline.test_operations import EPIC_STORIES

NULLABLE: dict[str, Any] = {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None}
LIST_EPICS = tool(
    "list_epics",
    "List epics with optional filtering.",
    {"status": {**NULLABLE, "description": "Filter by status. Options: planning, in_progress."}},
)
CREATE_EPIC = tool(
    "create_epic",
    "Create a new epic.",
    {"name": text("Epic name (required)."), "description": text("Epic description (required).")},
    "name",
    "description",
)
UPDATE_EPIC = tool(
    "update_epic",
    "Update an existing epic.",
    {
        "epic_id": text("The ID of the epic to update (required)."),
        "description": {**NULLABLE, "description": "New epic description (optional)."},
    },
    "epic_id",
)
CREATE_SPRINT = tool(
    "create_sprint",
    "Create a new sprint.",
    {
        "name": text("Sprint name (required)."),
        "description": text("Sprint description (required)."),
        "start_date": {**NULLABLE, "description": "Start date (YYYY-MM-DD)."},
        "end_date": {**NULLABLE, "description": "End date (YYYY-MM-DD)."},
    },
    "name",
    "description",
)
TOOLS = [LIST_EPICS, CREATE_EPIC, UPDATE_EPIC, EPIC_STORIES, CREATE_SPRINT]
EPICS = {"epics": [{"id": "EPIC-65E4DE92", "name": "Checkout Revamp", "description": "mobile"}]}


async def test_a_filter_takes_the_value_its_description_lists() -> None:
    made = calls(await turn(TOOLS, "epics in progress?"))
    assert made == [("list_epics", {"status": "in_progress"})]


async def test_a_name_that_opens_with_the_noun_is_the_whole_name() -> None:
    said = "create a sprint called Sprint 14, description 'holiday sprint', from dec 7 to dec 18"
    ((name, args),) = calls(await turn(TOOLS, said))
    assert (name, args["name"], args["description"]) == (
        "create_sprint",
        "Sprint 14",
        "holiday sprint",
    )


async def test_a_day_said_as_a_field_the_tool_lacks_is_asked_about() -> None:
    response = await turn(TOOLS, "create an epic called Q1 Performance with target date march 31")
    assert calls(response) == [] and "target date march 31" in response.text, response.text


async def test_a_record_added_where_records_are_linked_is_no_text() -> None:
    outputs = {"list_epics": json.dumps(EPICS), "update_epic": "{}", "manage_epic_stories": "{}"}
    made = await run_with(TOOLS, outputs, "add guest checkout to the Checkout Revamp epic")
    assert not [args for name, args in made if name == "update_epic"], made


def test_two_values_after_the_name_are_listed_only_when_either_is() -> None:
    status = {"type": "string", "description": "filter by status: confirmed or cancelled"}
    assert listed_values("status", status, "") == ("confirmed", "cancelled")
    task = {"type": "string", "description": "The first task: objectives and constraints"}
    assert listed_values("task", task, "") == ()  # what a task holds, no values to pick
