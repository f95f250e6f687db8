"""The offline router: a deterministic `Model` with no network and no key.

Each turn it re-reads the conversation (the latest user request and the tool calls made for it so
far) and decides the next step: call a tool, or answer in plain words from the results. Tools
are matched from their names, descriptions and JSON schemas (see `_match`), so a third-party
server's tools work as well as ours. To act on an item named by its title ("mark the buy eggs
task as complete") it lists first, finds the item, then calls the tool with its id.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from orchestrator.messages import (
    AssistantMessage,
    CallStatus,
    Item,
    ToolCallItem,
    ToolResultItem,
    UserMessage,
    parse_output,
)
from orchestrator.models import ModelRequest, ModelResponse, ToolDefinition
from orchestrator.offline._dates import When, find_when, humanize
from orchestrator.offline._match import (
    Group,
    ToolView,
    detect_enum,
    fill,
    free_text,
    intent,
    is_id_param,
    item_id,
    item_title,
    items_of,
    match_item,
    rank,
    reference,
    title_param,
)

__all__ = ["OfflineRouter", "decide", "read_conversation"]

_PAST = {
    "create": "Created",
    "update": "Updated",
    "delete": "Deleted",
    "list": "Listed",
    "get": "Found",
}
_PRONOUNS = {"it", "that", "this", "them"}


@dataclass
class _Call:
    name: str
    arguments: dict[str, Any]
    output: Any = None
    done: bool = False
    status: CallStatus = "ok"


@dataclass
class _Conversation:
    request: str = ""
    calls: list[_Call] = field(default_factory=list)  # for the latest request
    earlier: list[_Call] = field(default_factory=list)  # for previous requests


def read_conversation(history: Sequence[Item]) -> _Conversation:
    conv = _Conversation()
    by_id: dict[str, _Call] = {}
    for item in history:
        if isinstance(item, UserMessage):
            conv.earlier.extend(conv.calls)
            conv.calls = []
            conv.request = item.text
        elif isinstance(item, ToolCallItem):
            call = _Call(item.name, dict(item.arguments))
            by_id[item.call_id] = call
            conv.calls.append(call)
        elif isinstance(item, ToolResultItem) and item.call_id in by_id:
            call = by_id[item.call_id]
            call.output, call.done, call.status = parse_output(item.output), True, item.status
    return conv


def _message(payload: Any) -> str:
    if isinstance(payload, str):
        return payload.strip()
    if isinstance(payload, dict):
        err = payload.get("error")
        if isinstance(err, dict):
            return str(err.get("message") or err)
        return str(payload.get("message") or err or payload)
    return str(payload)


def _view(tool: ToolDefinition) -> ToolView:
    return ToolView.of(tool.name, tool.description, tool.input_schema)


class OfflineRouter:
    """Routes a request onto the offered tools without a language model."""

    name = "offline"

    async def respond(self, request: ModelRequest) -> ModelResponse:
        step = decide(read_conversation(request.history), [_view(t) for t in request.tools])
        if isinstance(step, str):
            return ModelResponse([AssistantMessage(step)], model=self.name)
        tool, arguments = step
        call = ToolCallItem(f"call_{uuid.uuid4().hex[:12]}", tool, arguments)
        return ModelResponse([call], model=self.name)


def decide(conv: _Conversation, tools: list[ToolView]) -> str | tuple[str, dict[str, Any]]:
    """The next step: a tool call `(name, arguments)` or the final answer."""
    text = conv.request.strip()
    if not tools:
        return "No tools are available right now (no server is up), so I cannot do that."
    when = find_when(text)
    group = intent(text)
    ranked = rank(text, tools, group, when)
    if group is None or not ranked or (ranked[0][0] <= 0 and group not in ("update", "delete")):
        return unsure(text, tools)
    if group in ("update", "delete"):
        return _act_on_item(conv, text, when, group, [t for _, t in ranked], tools)
    tool = ranked[0][1]
    done = next((c for c in conv.calls if c.name == tool.name and c.done), None)
    if done is not None:
        return answer(group, tool, done, tools=tools)
    args, spans = fill(text, tool, when, group)
    if group == "create":
        param = title_param(tool)
        if param and param not in args:
            title = free_text(text, spans, tool.nouns)
            if not title:
                return unsure(text, tools)
            args[param] = title[:1].lower() + title[1:] if title[:2].istitle() else title
    missing = [p for p in tool.required if p not in args]
    if missing:
        return (
            f"I would use {tool.name}, but I could not tell the {', '.join(missing)} "
            f"from your request. {_llm_hint()}"
        )
    return tool.name, args


def _lister_for(tool: ToolView, tools: list[ToolView]) -> ToolView | None:
    listers = [t for t in tools if t.verb == "list" and t.nouns & tool.nouns]
    prefix = tool.name.split("__")[0] if "__" in tool.name else None
    listers.sort(
        key=lambda t: (
            prefix is not None and not t.name.startswith(prefix + "__"),
            -len(t.nouns & tool.nouns),
        )
    )
    return listers[0] if listers else None


def _act_on_item(
    conv: _Conversation,
    text: str,
    when: When | None,
    group: Group,
    candidates: list[ToolView],
    tools: list[ToolView],
) -> str | tuple[str, dict[str, Any]]:
    tried: list[str] = []
    phrase = ""
    for tool in candidates:
        done = next((c for c in conv.calls if c.name == tool.name and c.done), None)
        if done is not None:
            return answer(group, tool, done, _found_title(conv, done), tools)
        args, spans = fill(text, tool, when, group)
        id_param = next(
            (p for p in tool.id_params() if p in tool.required), next(iter(tool.id_params()), None)
        )
        if id_param is None or id_param in args:
            return tool.name, args
        phrase = reference(text, spans, tool.nouns)
        if not phrase or set(phrase.lower().split()) <= _PRONOUNS:
            earlier = _recent_id(conv.earlier, id_param)
            if earlier:
                return tool.name, {**args, id_param: earlier}
            continue
        lister = _lister_for(tool, tools)
        if lister is None:
            continue
        listed = next((c for c in conv.calls if c.name == lister.name and c.done), None)
        if listed is None:
            return lister.name, _list_everything(lister)
        tried.append(lister.name)
        item = match_item(items_of(listed.output) or [], phrase)
        if item is not None and (ident := item_id(item, id_param)):
            return tool.name, {**args, id_param: ident}
    if phrase:
        return f"I could not find anything matching “{phrase}”, so nothing was changed."
    return unsure(text, tools)


def _list_everything(lister: ToolView) -> dict[str, Any]:
    args: dict[str, Any] = {}
    for name, schema in lister.params.items():
        hit = detect_enum("all", schema.get("enum", [])) if "enum" in schema else None
        if hit:
            args[name] = hit[0]
    return args


def _recent_id(calls: list[_Call], id_param: str) -> str | None:
    for call in reversed(calls):
        for source in (call.output, call.arguments):
            if isinstance(source, dict) and isinstance(source.get(id_param), str):
                return source[id_param]
    return None


def _found_title(conv: _Conversation, done: _Call) -> str | None:
    for call in conv.calls:
        for item in items_of(call.output) or []:
            if done.arguments and item_id(item) in done.arguments.values():
                return item_title(item)
    return None


def _noun(tool: ToolView, tools: list[ToolView] | None = None) -> str:
    """The tool's main noun: the one most tools share ('note' over 'state'), else the longest."""
    if not tool.nouns:
        return "item"
    others = tools or []
    return max(sorted(tool.nouns), key=lambda n: (sum(n in t.nouns for t in others), len(n)))


def answer(
    group: Group,
    tool: ToolView,
    call: _Call,
    title: str | None = None,
    tools: list[ToolView] | None = None,
) -> str:
    """Plain words from a tool's result."""
    payload, noun = call.output, _noun(tool, tools)
    if call.status == "not_executed":
        verb = {"delete": "delete", "update": "change", "create": "create"}.get(group, "run")
        what = f" {noun} “{title}”" if title else f" the {noun}"
        return f"I did not {verb}{what}: that needs your confirmation."
    if call.status == "error":
        return f"That did not work: {tool.name} said: {_message(payload)}"
    param = title_param(tool)
    title = title or (call.arguments.get(param) if param else None)
    if group == "list" or (group == "get" and items_of(payload) is not None):
        return _describe_list(noun, items_of(payload), call.arguments, tool, payload)
    if group == "get" and isinstance(payload, dict):
        return f"{noun.capitalize()}: " + _describe_item(payload, full=True)
    ident = item_id(payload) if isinstance(payload, dict) else None
    text = f"{_PAST[group]} {noun}"
    if title:
        text += f" “{title}”"
    details = _details(call.arguments, tool, skip={param} if param else set())
    if details:
        text += (": " if group == "update" else ", ") + details
    if ident and group == "create":
        text += f" (id {ident})"
    return text + "."


def _details(args: dict[str, Any], tool: ToolView, skip: set[str | None]) -> str:
    parts = []
    for name, value in args.items():
        schema = tool.params.get(name, {})
        if name in skip or is_id_param(name, schema) or "const" in schema or value in (None, []):
            continue
        label = name.replace("_", " ")
        if isinstance(value, str) and value[:4].isdigit() and value[4:5] == "-":
            label = "due" if "due" in label or "date" in label else label
            parts.append(f"{label} {humanize(value)}")
        elif isinstance(value, list):
            parts.append(f"{label} {', '.join(map(str, value))}")
        elif isinstance(value, bool):
            continue
        else:
            parts.append(f"{label} {value}")
    return ", ".join(parts)


def _describe_item(item: dict[str, Any], full: bool = False) -> str:
    title = item_title(item)
    extras = []
    for key, value in item.items():
        if value in (None, "", []) or (isinstance(value, str) and value == title):
            continue
        low = key.lower()
        if any(k in low for k in ("created", "updated")) and not full:
            continue
        if isinstance(value, str) and value[:4].isdigit() and "T" in value:
            label = "due" if "due" in low else low.replace("_", " ")
            extras.append(f"{label} {humanize(value)}")
        elif low in ("priority", "importance", "status", "state") or full:
            shown = ", ".join(map(str, value)) if isinstance(value, list) else value
            extras.append(f"{low.replace('_', ' ')} {shown}")
        elif low in ("tags", "labels", "branches") and isinstance(value, list):
            extras.append(f"{low} {', '.join(map(str, value))}")
    ident = item_id(item)
    text = f"{title}"
    if extras:
        text += f" ({'; '.join(extras)})"
    if ident and not full:
        text += f" [{ident}]"
    return text


def _describe_list(
    noun: str,
    items: list[dict[str, Any]] | None,
    args: dict[str, Any],
    tool: ToolView,
    payload: Any,
) -> str:
    filters = _details(args, tool, skip=set())
    suffix = f" ({filters})" if filters else ""
    if items is None:
        return f"Result of {tool.name}{suffix}: {payload}"
    if not items:
        return f"No {noun}s found{suffix}."
    head = f"{len(items)} {noun}{'s' if len(items) != 1 else ''}{suffix}:"
    return "\n".join([head, *(f"- {_describe_item(i)}" for i in items)])


def _llm_hint() -> str:
    return (
        "For free-form requests, configure an LLM provider (set GEMINI_API_KEY, "
        "ANTHROPIC_API_KEY or OPENAI_API_KEY, or use --provider)."
    )


def unsure(text: str, tools: list[ToolView]) -> str:
    lines = [f"I'm not sure how to handle “{text}” offline. Here is what I can do:"]
    lines += [f"- {t.name}: {t.description or 'no description'}" for t in tools]
    lines.append(_llm_hint())
    return "\n".join(lines)
