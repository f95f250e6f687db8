"""One router over many turns keeps its views of a tool list from one turn to the next
(`OfflineRouter._views`), and a tool whose schema or description changed is seen anew: the
call follows the tool list offered now, never one offered before."""

from __future__ import annotations

from orchestrator import UserMessage
from orchestrator.models import ModelRequest
from orchestrator.offline import OfflineRouter
from tests.orchestrator.offline._routing import calls, text, tool


def _tools(field: str) -> list:
    return [
        tool("add_item", "Add an item to the shopping list.", {field: text("What to buy")}, field),
        tool("list_items", "List the shopping list.", {}),
    ]


async def _route(router: OfflineRouter, tools: list, said: str) -> list:
    return calls(await router.respond(ModelRequest("", [UserMessage(said)], tools)))


async def test_same_tools_same_views() -> None:
    router = OfflineRouter()
    tools = _tools("item")
    first = router._views(tools)
    assert router._views(_tools("item")) == first  # the same tools, offered again
    assert await _route(router, tools, "add milk to the shopping list") == [
        ("add_item", {"item": "milk"})
    ]


async def test_changed_schema_is_seen() -> None:
    router = OfflineRouter()
    assert await _route(router, _tools("item"), "add milk to the shopping list") == [
        ("add_item", {"item": "milk"})
    ]
    assert await _route(router, _tools("name"), "add eggs to the shopping list") == [
        ("add_item", {"name": "eggs"})
    ]
    assert await _route(router, _tools("item"), "add bread to the shopping list") == [
        ("add_item", {"item": "bread"})
    ]
