"""A tool whose one required parameter is an object that takes no field (`params:
{"$ref": ...}` to an object with no properties and no others allowed) is called with that
object empty, `{"params": {}}`, never asked for it (user trial 15, c21). An object that may
take fields of any name is not seen through."""

from __future__ import annotations

from orchestrator import ToolDefinition
from tests.orchestrator.offline._routing import calls, turn


def _wrapped(name: str, description: str, closed: bool) -> ToolDefinition:
    inner = {"type": "object", "properties": {}, "additionalProperties": not closed}
    schema = {
        "type": "object",
        "$defs": {"Input": inner},
        "properties": {"params": {"$ref": "#/$defs/Input"}},
        "required": ["params"],
    }
    return ToolDefinition(name, description, schema)


async def test_an_object_that_takes_nothing_is_sent_empty() -> None:
    summary = _wrapped("shelf_summary", "Summary of the shelf: counts and total worth.", True)
    assert calls(await turn([summary], "show the shelf summary")) == [
        ("shelf_summary", {"params": {}})
    ]


async def test_an_open_object_is_not_seen_through() -> None:
    summary = _wrapped("shelf_summary", "Summary of the shelf: counts and total worth.", False)
    assert calls(await turn([summary], "show the shelf summary")) != [
        ("shelf_summary", {"params": {}})
    ]
