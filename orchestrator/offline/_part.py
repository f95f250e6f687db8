"""A delete of a part, not the whole: "forget that Ana likes orchids" names one of the things
the item Ana lists (an observation), so the tool that deletes such parts acts on that one part,
never the tool that deletes Ana whole.

A destructive plan whose request has words left over (`Plan.stray`) acts on items it names by
name; when those words are one of the texts such an item lists under a key (`observations:
["likes orchids"]`, read from a listing made before), and another destructive tool takes a list
of that key's name (top level, or in the objects of an array beside the item's name:
`deletions: [{entityName, observations}]`), that tool with that one text is the call. Nothing
here knows a server: the key is matched by name, the item's name field is the object's other
required text.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from orchestrator.offline._account import is_function
from orchestrator.offline._answer import describe_result
from orchestrator.offline._items import item_name, items_of
from orchestrator.offline._tokens import singular, words_of
from orchestrator.offline._tools import ToolView
from orchestrator.offline._types import CallTool, Done, MadeCall, Step

__all__ = ["part_step"]


def part_step(
    tool: ToolView,
    args: dict[str, Any],
    left: str,
    tools: Sequence[ToolView],
    earlier: Sequence[MadeCall],
    calls: Sequence[MadeCall],
) -> Step | None:
    """The delete of the one part of an item `left` names (`part_call`), or its answer once
    made in this request (`calls`); None when the words name no one part."""
    found = part_call(tool, args, left, tools, [*earlier, *calls])
    if found is None:
        return None
    name, made_args = found
    made = next((c for c in calls if c.name == name and c.done), None)
    if made is None:
        return CallTool(name, made_args)
    other = next(t for t in tools if t.name == name)
    return Done(describe_result(other, made.arguments, made.status, made.output, None, ""))


def part_call(
    tool: ToolView,
    args: dict[str, Any],
    left: str,
    tools: Sequence[ToolView],
    calls: Sequence[MadeCall],
) -> tuple[str, dict[str, Any]] | None:
    """The call that deletes the one part `left` (the words the request has left over) names
    of an item `tool` would delete whole (its name among `args`' values); None when the words
    name no one part, or no tool deletes such parts."""
    names = {v for value in args.values() for v in _texts(value)}
    said = _content(left)
    if not names or not said:
        return None
    found: list[tuple[str, str, str]] = []  # (item name, key, the part's text)
    for call in calls:
        if not call.done or call.status != "ok":
            continue
        for item in items_of(call.output) or []:
            name = item_name(item)
            if name not in names:
                continue
            for key, value in item.items():
                parts = [p for p in _texts(value) if said <= _content(p)]
                found += [(name, key, p) for p in parts if isinstance(value, list)]
    found = list(dict.fromkeys(found))
    if len(found) != 1:
        return None
    name, key, part = found[0]
    for other in tools:
        if other is tool or not other.destructive:
            continue
        made = _args_for(other, key, name, part)
        if made is not None:
            return other.name, made
    return None


def _args_for(tool: ToolView, key: str, name: str, part: str) -> dict[str, Any] | None:
    """`tool`'s arguments that delete `part` of the item `name`: a list `key` beside a text for
    the name, at the top level or in an array's objects."""
    top = {p.name: p.schema for p in tool.params.values()}
    required = [p.name for p in tool.params.values() if p.required]
    beside = _beside(top, required, key)
    if beside is not None:
        return {beside: name, key: [part]}
    for param in tool.params.values():
        items = param.schema.get("items") if param.type == "array" else None
        if not isinstance(items, dict) or not isinstance(items.get("properties"), dict):
            continue
        inner = _beside(items["properties"], list(items.get("required") or ()), key)
        if inner is not None:
            return {param.name: [{inner: name, key: [part]}]}
    return None


def _beside(props: dict[str, Any], required: list[str], key: str) -> str | None:
    """The one other required text field of an object's fields that has a list field `key`."""
    if not isinstance(props.get(key), dict) or props[key].get("type") != "array":
        return None
    texts = [
        k
        for k, v in props.items()
        if k != key and k in required and isinstance(v, dict) and v.get("type") == "string"
    ]
    return texts[0] if len(texts) == 1 else None


def _texts(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [v for v in value if isinstance(v, str)]
    return []


def _content(text: str) -> frozenset[str]:
    return frozenset(singular(w) for w in words_of(text.lower()) if not is_function(w))
