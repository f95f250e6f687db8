"""An optional parameter the request leaves to the tool's default by its name ("with the default
accounts") is not sent and asks for nothing; a required one is still asked for. Trial 16, l01:
"set up my money ledger with the default accounts" asked for the accounts."""

from __future__ import annotations

from typing import Any

from tests.orchestrator.offline._routing import calls, string, tool, turn

OBJECTS: dict[str, Any] = {"type": "array", "items": {"type": "object"}}
INIT = tool(
    "init_ledger",
    "Initialize ledger with account template. Pass accounts or omit for defaults.",
    {"accounts": {"anyOf": [OBJECTS, {"type": "null"}], "default": None}},
)
BOARD = tool(
    "create_board",
    "Create a kanban board.",
    {"name": string(), "columns": {"type": "array", "items": string()}},
    "name",
    "columns",
)


async def test_the_default_of_an_optional_parameter_is_left_to_the_tool() -> None:
    said = "set up my ledger with the default accounts"
    assert calls(await turn([INIT], said)) == [("init_ledger", {})]


async def test_a_required_parameter_is_still_asked_for() -> None:
    response = await turn([BOARD], "create a board called sprint with the default columns")
    assert not response.tool_calls
    assert "columns" in response.text
