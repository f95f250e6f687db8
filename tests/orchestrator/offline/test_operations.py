"""A tool that takes its verb as a parameter, as trial 21's ticket tracker writes every tool
(`ticket(action: create | get | update | delete | list | ...)`, `milestone(action: ...)`), and as
its agile server's `manage_epic_stories(action)` does in its description ("Options:
Literal["add", "remove"]"): one tool per operation to the router, called as the tool itself
with its operation set, and a call read back by its operation; ids said after their nouns
("story S-2") fill `story_id`. Before, no request reached these tools: "open a ticket: ..." made
a task on another server, "create a milestone ..." a todo titled "milestone 'v2.1 release'". A
tool whose action lists no change to a record (`play | pause | stop`) stays one tool: its
action is a value."""

from __future__ import annotations

import json
from typing import Any

from orchestrator import ToolDefinition
from tests.orchestrator.offline._chores import CREATE_TODO
from tests.orchestrator.offline._routing import after_result, calls, run_with, text, tool, turn

NULLABLE: dict[str, Any] = {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None}
TICKET = ToolDefinition(
    "ticket",
    "Unified ticket operations - create, read, update, delete, list, summarize tickets",
    {
        "type": "object",
        "properties": {
            "action": {
                "enum": ["create", "get", "update", "delete", "list", "add_comment"],
                "type": "string",
            },
            "ticket_id": NULLABLE,
            "title": NULLABLE,
            "description": {"default": "", "type": "string"},
            "priority": {"default": "medium", "type": "string"},
        },
        "required": ["action"],
    },
    server="tickets",
)
MILESTONE = ToolDefinition(
    "milestone",
    "Manage milestones and sprints - create, read, update, list milestones",
    {
        "type": "object",
        "properties": {
            "action": {"enum": ["create", "get", "list", "update", "delete"], "type": "string"},
            "milestone_id": NULLABLE,
            "name": NULLABLE,
            "target_date": NULLABLE,
        },
        "required": ["action"],
    },
    server="tickets",
)
EPIC_STORIES = tool(
    "manage_epic_stories",
    "Add or remove stories from an epic.",
    {
        "epic_id": text("The epic ID (required)."),
        "action": text('Action to perform. Options: Literal["add", "remove"].'),
        "story_id": text("The story ID to add or remove (required)."),
    },
    "epic_id",
    "action",
    "story_id",
    server="agile",
)
TOOLS = [TICKET, MILESTONE, CREATE_TODO]


async def test_a_write_goes_to_the_tool_with_its_operation_set() -> None:
    said = "open a ticket: login button does nothing on Safari, high priority"
    title = "login button does nothing on Safari"
    made = calls(await turn(TOOLS, said))
    assert made == [("ticket", {"action": "create", "title": title, "priority": "high"})]
    milestone = calls(await turn(TOOLS, "create a milestone 'v2.1 release' due jan 20"))
    assert [(name, args["action"], args["name"]) for name, args in milestone] == [
        ("milestone", "create", "v2.1 release")
    ], milestone
    assert milestone[0][1]["target_date"].endswith("01-20")


async def test_a_read_goes_to_the_tool_with_its_operation_set() -> None:
    assert calls(await turn(TOOLS, "show my tickets")) == [("ticket", {"action": "list"})]
    assert calls(await turn(TOOLS, "list milestones")) == [("milestone", {"action": "list"})]


async def test_a_call_made_is_read_back_by_its_operation() -> None:
    made = json.dumps({"status": "completed", "ticket": {"id": "TSK-1", "title": "login"}})
    response = await after_result(TOOLS, "open a ticket: login", made)
    assert not calls(response) and "login" in response.text, response.text


async def test_operations_a_description_lists_are_operations_too() -> None:
    said = "add story STORY-85B0393A to epic EPIC-07E4C03F"
    stories = {"action": "add", "epic_id": "EPIC-07E4C03F", "story_id": "STORY-85B0393A"}
    assert calls(await turn([EPIC_STORIES], said)) == [("manage_epic_stories", stories)]
    removed = {"action": "remove", "epic_id": "E-1", "story_id": "S-2"}
    made = calls(await turn([EPIC_STORIES], "remove story S-2 from epic E-1"))
    assert made == [("manage_epic_stories", removed)]


async def test_a_tool_whose_verb_is_a_value_stays_one_tool() -> None:
    action = {"type": "string", "enum": ["play", "pause", "stop"]}
    player = tool("control_player", "Control the music player", {"action": action}, "action")
    made = calls(await turn([player], "stop the player"))
    assert made == [("control_player", {"action": "stop"})]


async def test_an_operation_on_one_record_finds_its_id_first() -> None:
    tickets = {
        "tickets": [{"id": "TSK-1", "title": "login"}, {"id": "TSK-2", "title": "flaky test"}]
    }
    outputs = {"ticket": json.dumps(tickets), "milestone": "{}", "create_todo": "{}"}
    made = await run_with(TOOLS, outputs, "delete the flaky test ticket")
    assert made == [
        ("ticket", {"action": "list"}),
        ("ticket", {"action": "delete", "ticket_id": "TSK-2"}),
    ], made


async def test_an_operation_on_a_thing_of_one_record_needs_that_record() -> None:
    made = calls(await turn(TOOLS, "add a comment: seen on iOS too"))
    assert made == [("ticket", {"action": "list"})], made  # which ticket, first


async def test_two_servers_operations_keep_their_servers_names() -> None:
    def on(server: str) -> ToolDefinition:
        return ToolDefinition(
            f"{server}__ticket", TICKET.description, TICKET.input_schema, server=server
        )

    tools = [on("desk"), on("ops")]
    assert calls(await turn(tools, "show ops tickets")) == [("ops__ticket", {"action": "list"})]
    made = calls(await turn(tools, "open an ops ticket: printer jammed"))
    assert made == [("ops__ticket", {"action": "create", "title": "printer jammed"})]
    response = await turn(tools, "show my tickets")  # whose: asked
    assert not calls(response) and "desk__list_ticket" in response.text, response.text


async def test_what_is_said_names_the_servers_tool_never_the_operations() -> None:
    refused = json.dumps({"status": "error", "error": "no work session is tied to a ticket"})
    response = await after_result(TOOLS, "open a ticket: login", refused)
    said = response.text
    assert "ticket(action=create) said" in said and "create_ticket" not in said, said
