"""A shopping list in a third party's style: an item's `quantity` with a `unit` enum (grams,
kilograms, litres, pieces, ...), checked off by id."""

from __future__ import annotations

from typing import Annotated, Literal

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from tests.offline_eval.servers._state import load, new_id, save

mcp = MCPServer("basket")

_READ = ToolAnnotations(read_only_hint=True)
_WRITE = ToolAnnotations(read_only_hint=False, destructive_hint=False)
Unit = Literal["g", "kg", "ml", "l", "pcs"]


class Item(BaseModel):
    item_id: str
    name: str
    quantity: float
    unit: str
    bought: bool = False


class Items(BaseModel):
    items: list[Item]


def _items() -> dict[str, dict]:
    return load().get("items", {})


def _store(items: dict[str, dict]) -> None:
    save({"items": items})


@mcp.tool(description="Add something to buy to the shopping list", annotations=_WRITE)
def add_item(
    name: Annotated[str, Field(min_length=1, description="what to buy")],
    quantity: Annotated[float, Field(gt=0, description="how much")] = 1,
    unit: Annotated[Unit, Field(description="unit of the quantity")] = "pcs",
) -> Item:
    items = _items()
    item = Item(item_id=new_id("itm_"), name=name, quantity=quantity, unit=unit)
    items[item.item_id] = item.model_dump()
    _store(items)
    return item


@mcp.tool(description="What is on the shopping list", annotations=_READ)
def list_items(
    include_bought: Annotated[bool, Field(description="also items already bought")] = False,
) -> Items:
    found = [Item(**raw) for raw in _items().values()]
    return Items(items=[i for i in found if include_bought or not i.bought])


@mcp.tool(description="Mark an item as bought", annotations=_WRITE)
def check_off_item(item_id: Annotated[str, Field(description="the item's id")]) -> Item:
    items = _items()
    if item_id not in items:
        raise ToolError(f"no item {item_id}")
    items[item_id]["bought"] = True
    _store(items)
    return Item(**items[item_id])


if __name__ == "__main__":
    mcp.run()
