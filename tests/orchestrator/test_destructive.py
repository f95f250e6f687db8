"""Which tools need the user's yes: those their server marks destructive, and those it does not
mark read-only whose name or description opens with a verb that destroys (`delete`,
`delete-note`, `removeContact`; `filter-competitors`, "Remove records matching ..."). Before,
only `delete_`, `remove_` and `cancel_` names were caught, and user trial 12's `leads.delete`
and `filter-competitors` ran unasked. The offline router never takes such a tool for a read."""

from __future__ import annotations

import pytest

from orchestrator.catalogue import ListedTool, offered
from orchestrator.offline._tools import ToolView


@pytest.mark.parametrize(
    ("name", "description"),
    [
        ("delete", "Delete one record identified by id."),
        ("delete-note", "Delete a note"),
        ("removeContact", "Drop a contact from the address book"),
        ("filter-competitors", "Remove records matching the configured competitor watchlist."),
        ("deduplicate", "Removes records whose URLs already exist."),
        ("purge_cache", "Empty the cache"),
        ("delete_todo", ""),
    ],
)
def test_a_tool_that_destroys_needs_a_yes(name: str, description: str) -> None:
    (tool,) = offered("s", [ListedTool(name, description)])
    assert tool.destructive


@pytest.mark.parametrize(
    ("name", "description", "read_only"),
    [
        ("list", "List and filter records in a pipeline stage.", False),
        ("update", "Update one record identified by id.", False),
        ("removal_report", "Removed records, listed by day.", True),
        ("deleted_items", "Show the deleted items", False),
    ],
)
def test_other_tools_do_not(name: str, description: str, read_only: bool) -> None:
    (tool,) = offered("s", [ListedTool(name, description, read_only_hint=read_only)])
    assert not tool.destructive


def test_a_destructive_tool_is_never_a_read_for_the_offline_router() -> None:
    (tool,) = offered("s", [ListedTool("filter-competitors", "Remove records matching a list.")])
    view = ToolView.of(tool.name, tool.description, tool.input_schema, destructive=True)
    assert view.kind == "delete"
