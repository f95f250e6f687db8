"""A change of all the items of a thing named as its listing shows it ("archive all the Morning
Brew issues": a newsletter), by a tool whose item id is optional beside an optional id of that
other kind of thing (`archive_issues(issue_id, newsletter_id)`), sends that thing's id and
looks up no item; a listed name said only inside a longer one (the label "Brew" in "Morning
Brew") names nothing. Fails on the router before (it looked for an issue called so)."""

from __future__ import annotations

import json

from tests.orchestrator.offline._routing import run_with, tool

NULLABLE_ID = {"anyOf": [{"type": "integer", "minimum": 1}, {"type": "null"}], "default": None}
LETTERS = tool("list_newsletters_tool", "List all newsletters with unread counts.", {})
LABELS = tool("list_labels_tool", "List all labels with newsletter counts.", {})
RELABEL = tool(
    "rename_label_tool",
    "Rename a label.\n\nArgs:\n    label_id: Label ID\n    name: New name",
    {"label_id": {"type": "integer", "minimum": 1}, "name": {"type": "string"}},
    "label_id",
    "name",
)
ISSUES = tool(
    "list_issues_tool",
    "List issues.\n\nArgs:\n    newsletter_id: Filter by newsletter ID",
    {"newsletter_id": NULLABLE_ID},
)
ARCHIVE = tool(
    "archive_issues_tool",
    "Archive issues.\n\nArgs:\n    issue_id: Archive a single issue\n"
    "    newsletter_id: Archive all issues of a newsletter",
    {"issue_id": NULLABLE_ID, "newsletter_id": NULLABLE_ID},
)
OUTPUTS = {
    "list_newsletters_tool": json.dumps(
        [{"id": 3, "title": "Morning Brew"}, {"id": 4, "title": "Money Stuff"}]
    ),
    "list_labels_tool": json.dumps([{"id": 1, "name": "Brew"}, {"id": 2, "name": "Finance"}]),
    "list_issues_tool": json.dumps([{"id": 9, "title": "Tuesday: markets rally"}]),
    "archive_issues_tool": json.dumps({"archived": 5}),
}
TOOLS = [LETTERS, LABELS, RELABEL, ISSUES, ARCHIVE]


async def test_all_of_a_listed_thing_sends_its_id() -> None:
    made = await run_with(TOOLS, OUTPUTS, "archive all the Morning Brew issues")
    assert made[-1] == ("archive_issues_tool", {"newsletter_id": 3})
    assert [name for name, _ in made].count("archive_issues_tool") == 1


async def test_a_name_inside_a_longer_listed_one_names_no_item() -> None:
    made = await run_with(TOOLS, OUTPUTS, "archive all the Morning Brew posts")
    assert made[-1] == ("archive_issues_tool", {"newsletter_id": 3})
