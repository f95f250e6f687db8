"""Step 6: plain words from a tool's result, and the words of a request the router will not act
on: what it understood, what is missing, and one phrasing that works.

A listing names its filters and says what a default left out ("No pending todos; 1 completed —
ask for all todos"); a page that came back full says there may be more. A failed call says so
(`status`, never the body's shape), and a call the user did not approve says it needs
confirmation.
"""

from __future__ import annotations

import json
from typing import Any

from orchestrator.messages import CallStatus
from orchestrator.offline._dates import humanize
from orchestrator.offline._items import item_id, item_title, items_of
from orchestrator.offline._tokens import singular
from orchestrator.offline._tools import Param, ToolView

__all__ = ["LLM_HINT", "describe_result", "example", "noun_of", "past", "plural_of", "unsure"]

LLM_HINT = (
    "For free-form requests, configure an LLM provider (set GEMINI_API_KEY, "
    "ANTHROPIC_API_KEY or OPENAI_API_KEY, or use --provider)."
)
_PAST = {
    "create": "Created",
    "update": "Updated",
    "delete": "Deleted",
    "run": "Sent",
    "stop": "Stopped",
    "restart": "Restarted",
    "check": "Checked",
    "read": "Found",
}
_LIMIT = 2000


def noun_of(tool: ToolView) -> str:
    """The tool's main noun: `update_todo` -> todo, `start_agent_task` -> task."""
    base = tool.name.rpartition("__")[2]
    parts = [p for p in base.split("_") if p and p != tool.verb]
    for part in reversed(parts):
        if singular(part) in tool.nouns:
            return singular(part)
    return sorted(tool.nouns)[0] if tool.nouns else "item"


def plural_of(noun: str) -> str:
    if noun.endswith("s"):
        return noun
    if noun.endswith("y") and noun[-2:-1] not in "aeiou":
        return noun[:-1] + "ies"
    return noun + "s"


def past(tool: ToolView) -> str:
    verb = (tool.verb or "").lower()
    special = {
        "cancel": "Cancelled",
        "move": "Moved",
        "log": "Logged",
        "start": "Started",
        "stop": "Stopped",
        "schedule": "Scheduled",
        "remove": "Removed",
        "probe": "Probed",
        "execute": "Sent",
        "write": "Wrote",
        "edit": "Edited",
        "set": "Set",
        "register": "Registered",
    }
    return special.get(verb, _PAST.get(tool.kind or "", "Done"))


def _value(name: str, value: Any) -> str:
    if isinstance(value, str) and len(value) >= 10 and value[:4].isdigit() and value[4] == "-":
        return humanize(value)
    if isinstance(value, list):
        return ", ".join(_value(name, v) for v in value) or "none"
    if isinstance(value, dict):
        return "; ".join(f"{k} {_value(k, v)}" for k, v in value.items())
    return str(value)


def details(args: dict[str, Any], tool: ToolView, skip: set[str]) -> str:
    parts = []
    for name, value in args.items():
        param = tool.params.get(name)
        if name in skip or param is None or param.role in ("id", "const") or value is None:
            continue
        if param.role in ("flag",) and value is True:
            parts.append(name.replace("_", " "))
            continue
        label = name.replace("_", " ")
        if param.role == "moment" and any(w in param.words for w in ("due", "deadline")):
            label = "due"
        parts.append(f"{label} {_value(name, value)}")
    return ", ".join(parts)


def describe_item(item: dict[str, Any], full: bool = False) -> str:
    title = item_title(item)
    extras = []
    for key, value in item.items():
        low = key.lower()
        if value in (None, "", [], {}) or (isinstance(value, str) and value == title):
            continue
        if not full and (low.endswith(("_at", "id", "uid")) or low in ("metadata",)):
            continue
        if isinstance(value, dict) and not full:
            continue
        if (
            isinstance(value, list)
            and not full
            and not all(isinstance(v, (str, int, float)) for v in value)
        ):
            continue
        label = "due" if "due" in low else low.replace("_", " ")
        extras.append(f"{label} {_value(key, value)}")
    ident = item_id(item)
    text = title or json.dumps(item, ensure_ascii=False)[:200]
    if extras:
        text += f" ({'; '.join(extras)})"
    if ident and not full and ident != title:
        text += f" [{ident}]"
    return text


def describe_result(
    tool: ToolView,
    args: dict[str, Any],
    status: CallStatus,
    payload: Any,
    title: str | None = None,
    left_out: str = "",
) -> str:
    """The answer for a call that was made (or refused approval)."""
    noun = noun_of(tool)
    if status == "not_executed":
        verb = {
            "delete": "delete",
            "update": "change",
            "create": "create",
            "stop": "cancel",
            "restart": "restart",
            "run": "start",
        }.get(tool.kind or "", "run")
        what = f"{noun} “{title}”" if title else f"the {noun}"
        return f"I did not {verb} {what}: that needs your confirmation."
    if status == "error":
        return f"That did not work: {tool.name} said: {_message(payload)}"
    if tool.kind in ("read", "check"):
        return _read(tool, noun, args, payload, left_out)
    titles = tool.role("title")
    title = title or (str(args[titles[0].name]) if titles and titles[0].name in args else None)
    text = f"{past(tool)} {noun}"
    if title:
        text += f" “{title}”"
    shown = details(args, tool, {titles[0].name} if titles else set())
    if shown:
        text += (": " if tool.kind == "update" else ", ") + shown
    ident = item_id(payload) if isinstance(payload, dict) else None
    if ident and tool.kind == "create" and ident != title:
        text += f" (id {ident})"
    reply = _reply(payload)
    return text + "." + (f"\n{reply}" if reply else "")


def _reply(payload: Any) -> str:
    """A run tool's own words (an agent's answer), when its result has them."""
    if isinstance(payload, dict):
        for key in ("content", "answer", "output", "response"):
            if isinstance(payload.get(key), str) and payload[key]:
                return str(payload[key])[:_LIMIT]
    return ""


def _message(payload: Any) -> str:
    if isinstance(payload, str):
        return payload.strip()
    if isinstance(payload, dict):
        err = payload.get("error")
        if isinstance(err, dict):
            return str(err.get("message") or err)
        return str(payload.get("message") or err or payload)
    return str(payload)


def _read(tool: ToolView, noun: str, args: dict[str, Any], payload: Any, left_out: str) -> str:
    filters = details(args, tool, set())
    suffix = f" ({filters})" if filters else ""
    items = items_of(payload)
    groups = _lists(payload)
    if len(groups) > 1:  # a graph: its entities and its relations
        return "\n".join(_read(tool, singular(key), {}, {key: value}, "") for key, value in groups)
    if isinstance(payload, str):
        text = payload if len(payload) <= _LIMIT else payload[:_LIMIT] + " …"
        return f"{tool.name}{suffix}:\n{text}"
    if items is None:
        if isinstance(payload, dict):
            inner = next((v for v in payload.values() if isinstance(v, dict)), None)
            target = inner if inner is not None and len(payload) == 1 else payload
            shown = describe_item(target, full=True)
            return shown if tool.kind == "check" else f"{noun.capitalize()}: {shown}"
        return f"{tool.name}{suffix}: {payload}"
    plural = plural_of(noun)
    if not items:
        if left_out.startswith("No "):  # "No pending todos; 1 completed — ask for all todos."
            return left_out.replace(";", f"{suffix};", 1)
        return f"No {plural} found{suffix}." + (f" {left_out}" if left_out else "")
    head = f"{len(items)} {noun if len(items) == 1 else plural}{suffix}:"
    lines = [head, *(f"- {describe_item(i)}" for i in items[:100])]
    if len(items) > 100:
        lines.append(f"… and {len(items) - 100} more")
    if left_out:
        lines.append(left_out)
    return "\n".join(lines)


def _lists(payload: Any) -> list[tuple[str, list[Any]]]:
    if not isinstance(payload, dict):
        return []
    return [
        (k, v)
        for k, v in payload.items()
        if isinstance(v, list) and v and all(isinstance(i, dict) for i in v)
    ]


def example(tool: ToolView) -> str:
    """One phrasing that works for the tool: “add a todo called …”."""
    noun = noun_of(tool).replace("_", " ")
    verb = tool.verb or "use"
    required = [p for p in tool.required if p.role != "const"]
    parts = [verb]
    ident = tool.identifier
    if tool.kind == "create":
        parts.append(f"a {noun}")
    elif tool.kind == "read" and not tool.is_get:
        parts.append(plural_of(noun))
    elif ident is not None and ident.role == "key":
        parts.append(f"<{ident.words[0] if ident.words else 'name'}>")
    else:
        parts.append(f"the … {noun}")
    for param in required:
        if param is ident and tool.kind != "create":
            continue
        parts.append(_example_value(param))
    return "“" + " ".join(parts) + "”"


def _example_value(param: Param) -> str:
    examples = param.schema.get("examples") or []
    shown = str(examples[0]) if examples and not isinstance(examples[0], (list, dict)) else "…"
    if param.role == "title":
        return f"called {shown}"
    if param.role in ("moment", "day"):
        return "tomorrow at 3pm"
    if param.role == "duration":
        return "for 30 minutes"
    if param.role == "url":
        return "https://…"
    if param.role in ("body",) and param.name in ("prompt", "task", "task_description"):
        return f"to {shown}"
    if param.role == "enum" and param.enum:
        return f"{param.enum[0]}"
    return f"{' '.join(param.words)} {shown}"


def unsure(request: str, understood: list[str], missing: list[str], tools: list[ToolView]) -> str:
    """Why nothing was done: what was understood, what is missing, phrasings that work."""
    lines = [f"I'm not sure what to do with “{request}” offline, so I did nothing."]
    if understood:
        lines.append("Understood: " + "; ".join(understood) + ".")
    if missing:
        lines.append("Missing: " + "; ".join(missing) + ".")
    if tools:
        lines.append("Tools that might fit:" if len(tools) < 12 else "Some of the tools:")
        lines += [f"- {t.name}, e.g. {example(t)}" for t in tools[:8]]
        if len(tools) > 8:
            lines.append(f"- … and {len(tools) - 8} more (`orchestrator tools` lists them)")
    lines.append(LLM_HINT)
    return "\n".join(lines)
