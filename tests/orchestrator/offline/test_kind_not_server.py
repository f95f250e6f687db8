"""A word that spells a server's name cut short ("note" for the `notelist` server) names that
server only where no other server's tool has it for its own noun: with a `projects` server whose
`add_project_note` makes notes too, "add a note to the garden project: buy seeds" is the
project's note, not a `notelist` note asked about with "garden project" left over (blind set B,
mixed_todos:2, after the server's name cut short came to count)."""

from __future__ import annotations

import json

from orchestrator import ToolDefinition
from tests.orchestrator.offline._routing import after_listing, calls, text, turn


def _tool(
    server: str, name: str, description: str, properties: dict[str, object], *required: str
) -> ToolDefinition:
    schema = {"type": "object", "properties": properties, "required": list(required)}
    return ToolDefinition(name, description, schema, read_only=not required, server=server)


TOOLS = [
    _tool("notelist", "create_note", "Create a note", {"title": text("The title")}, "title"),
    _tool("notelist", "list_notes", "List the notes", {}),
    _tool("projects", "list_projects", "List the projects", {}),
    _tool(
        "projects",
        "add_project_note",
        "Add a note to a project",
        {"project_id": {"type": "integer"}, "title": text("The note's title")},
        "project_id",
        "title",
    ),
]
PROJECTS = json.dumps([{"id": 1, "name": "Kitchen"}, {"id": 2, "name": "Garden"}])


async def test_a_kind_two_servers_make_is_no_name_of_either() -> None:
    said = "add a note to the garden project: buy seeds"
    response = await after_listing(TOOLS, said, "list_projects", PROJECTS)
    assert calls(response) == [("add_project_note", {"project_id": 2, "title": "buy seeds"})]


CRM = [
    _tool("notelist", "create_note", "Create a note", {"title": text("The title")}, "title"),
    _tool("notelist", "list_notes", "List the notes", {}),
    _tool(
        "crm",
        "crm__create_note",
        "Create a note on a contact",
        {"contact_id": text("The contact's id"), "title": text("The note's title")},
        "contact_id",
        "title",
    ),
    _tool("crm", "search_contacts", "Search contacts", {"query": text("Query")}),
]


async def test_a_kind_another_server_makes_with_nothing_more_said_still_names_the_server() -> None:
    """ "add a note to renew the Q4 report": no contact said, so "note" still names the
    `notelist` server (blind set C, mixed_work:1, where the first form of this rule looked up
    a contact "Q4")."""
    response = await turn(CRM, "add a note to renew the Q4 report")
    assert calls(response) == [("create_note", {"title": "renew the Q4 report"})]
