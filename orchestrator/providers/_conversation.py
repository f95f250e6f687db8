"""What the native-SDK providers (anthropic, gemini) share: openai-agents' input items read into
a neutral conversation, the offered tools read into plain specs, and a vendor's reply written
back as output items.

openai-agents hands a model a string or a list of Responses-API-shaped items:

```
{"role": "user" | "system" | "developer" | "assistant", "content": str | [parts]}
{"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": ...}]}
{"type": "function_call", "call_id": ..., "name": ..., "arguments": "<json>"}
{"type": "function_call_output", "call_id": ..., "output": str | [{"type": "input_text", ...}]}
```

`read_input` turns these into a system text and alternating user/assistant `Turn`s whose parts
are `Text`, `ToolCall` (assistant) and `ToolResult` (user, named after its call). Empty text is
dropped and consecutive turns of one role are merged, which both vendors require. System and
developer messages join the system text; reasoning items are skipped. A failed tool call is the
orchestrator core's `ERROR: ...` text, or a JSON body with `"success": false`.
"""

from __future__ import annotations

import json
import logging
import uuid
from dataclasses import dataclass, field
from typing import Any, Literal

from agents import Usage
from openai.types.responses import (
    ResponseFunctionToolCall,
    ResponseOutputMessage,
    ResponseOutputText,
)
from openai.types.responses.response_usage import InputTokensDetails, OutputTokensDetails

from orchestrator.errors import ProviderError

__all__ = [
    "ERROR_PREFIX",
    "Conversation",
    "Text",
    "ToolCall",
    "ToolResult",
    "ToolSpec",
    "Turn",
    "call_item",
    "check_output_schema",
    "is_error_payload",
    "json_or_text",
    "message_item",
    "new_call_id",
    "read_input",
    "tool_specs",
    "usage",
]

logger = logging.getLogger("orchestrator.providers")

ERROR_PREFIX = "ERROR:"
_SKIPPED_TYPES = frozenset({"reasoning", "item_reference", "compaction"})
_TEXT_PARTS = {"input_text": "text", "output_text": "text", "text": "text", "refusal": "refusal"}


@dataclass(frozen=True)
class Text:
    text: str


@dataclass(frozen=True)
class ToolCall:
    call_id: str
    name: str
    arguments: dict[str, Any]


@dataclass(frozen=True)
class ToolResult:
    call_id: str
    name: str
    output: str
    is_error: bool


Part = Text | ToolCall | ToolResult


@dataclass
class Turn:
    role: Literal["user", "assistant"]
    parts: list[Part] = field(default_factory=list)


@dataclass
class Conversation:
    system: str | None
    turns: list[Turn]


@dataclass(frozen=True)
class ToolSpec:
    """A function the model may call: name, description, JSON Schema of its arguments."""

    name: str
    description: str
    parameters: dict[str, Any]


def _as_dict(item: Any) -> dict[str, Any]:
    if isinstance(item, dict):
        return item
    dumped = item.model_dump(exclude_unset=True)
    assert isinstance(dumped, dict)
    return dumped


def _text_of(content: Any, provider: str) -> str:
    """The text of a message's content: a string, or a list of text parts."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    texts = []
    for raw in content:
        part = _as_dict(raw)
        kind = part.get("type", "text")
        if kind not in _TEXT_PARTS:
            raise ProviderError(
                f"{provider}: input of type {kind!r} is not supported by this provider (text only)"
            )
        texts.append(str(part.get(_TEXT_PARTS[kind]) or ""))
    return "".join(texts)


def _arguments(raw: Any) -> dict[str, Any]:
    if isinstance(raw, dict):
        return raw
    try:
        parsed = json.loads(raw or "{}")
    except ValueError:
        logger.warning("tool call arguments are not JSON; sending {} instead")
        return {}
    return parsed if isinstance(parsed, dict) else {"value": parsed}


def is_error_payload(payload: Any) -> bool:
    """Whether a tool's output reports a failure: the core's `ERROR:` text, or a JSON body that
    says so (`"success": false` as in the todo contract, an `error` member as in the tasks one)."""
    if isinstance(payload, str):
        return payload.startswith(ERROR_PREFIX)
    return isinstance(payload, dict) and (
        payload.get("success") is False or ("error" in payload and payload.get("ok") is not True)
    )


def _is_error(output: str) -> bool:
    return is_error_payload(output) or is_error_payload(json_or_text(output))


def json_or_text(text: str) -> Any:
    """`text` parsed as JSON if it is a JSON object or array, else the text itself."""
    stripped = text.strip()
    if stripped[:1] in ("{", "["):
        try:
            return json.loads(stripped)
        except ValueError:
            pass
    return text


def read_input(
    system_instructions: str | None, items: str | list[Any], provider: str
) -> Conversation:
    """openai-agents' input as a system text and alternating, non-empty user/assistant turns."""
    system = [system_instructions] if system_instructions else []
    turns: list[Turn] = []

    def add(role: Literal["user", "assistant"], part: Part) -> None:
        if isinstance(part, Text) and not part.text.strip():
            return
        if not turns or turns[-1].role != role:
            turns.append(Turn(role))
        turns[-1].parts.append(part)

    if isinstance(items, str):
        add("user", Text(items))
        return Conversation("\n\n".join(system) or None, turns)
    names: dict[str, str] = {}
    for raw in items:
        item = _as_dict(raw)
        kind = item.get("type")
        role = item.get("role")
        if kind in (None, "message") and role in ("system", "developer"):
            system.append(_text_of(item.get("content"), provider))
        elif kind in (None, "message") and role in ("user", "assistant"):
            add(role, Text(_text_of(item.get("content"), provider)))
        elif kind == "function_call":
            names[item["call_id"]] = item["name"]
            add("assistant", ToolCall(item["call_id"], item["name"], _arguments(item["arguments"])))
        elif kind == "function_call_output":
            call_id = item["call_id"]
            output = _text_of(item.get("output"), provider)
            add("user", ToolResult(call_id, names.get(call_id, ""), output, _is_error(output)))
        elif kind in _SKIPPED_TYPES:
            continue
        else:
            raise ProviderError(f"{provider}: input item of type {kind!r} is not supported")
    return Conversation("\n\n".join(s for s in system if s.strip()) or None, turns)


def tool_specs(tools: list[Any], handoffs: list[Any], provider: str) -> list[ToolSpec]:
    """The function tools (and handoffs, which are offered as functions) as plain specs."""
    specs = []
    for tool in tools:
        schema = getattr(tool, "params_json_schema", None)
        if schema is None:
            kind = getattr(tool, "name", type(tool).__name__)
            raise ProviderError(f"{provider}: tool {kind!r} is not a function tool; not supported")
        specs.append(ToolSpec(tool.name, tool.description or tool.name, schema))
    for handoff in handoffs:
        specs.append(
            ToolSpec(handoff.tool_name, handoff.tool_description, handoff.input_json_schema)
        )
    return specs


def check_output_schema(output_schema: Any, provider: str) -> None:
    if output_schema is not None and not output_schema.is_plain_text():
        raise ProviderError(f"{provider}: structured output (output_type) is not supported")


def new_call_id() -> str:
    return f"call_{uuid.uuid4().hex[:24]}"


def message_item(text: str) -> ResponseOutputMessage:
    """An assistant message output item."""
    return ResponseOutputMessage(
        id=f"msg_{uuid.uuid4().hex[:24]}",
        type="message",
        role="assistant",
        status="completed",
        content=[ResponseOutputText(text=text, type="output_text", annotations=[])],
    )


def call_item(call_id: str, name: str, arguments: dict[str, Any]) -> ResponseFunctionToolCall:
    """A function call output item; `arguments` is sent on as a JSON string."""
    return ResponseFunctionToolCall(
        id=call_id,
        call_id=call_id,
        type="function_call",
        name=name,
        arguments=json.dumps(arguments, ensure_ascii=False),
    )


def usage(
    input_tokens: int | None,
    output_tokens: int | None,
    total_tokens: int | None = None,
    cached_tokens: int | None = None,
    reasoning_tokens: int | None = None,
    cache_write_tokens: int | None = None,
) -> Usage:
    """One request's token counts as openai-agents' `Usage`."""
    prompt, completion = input_tokens or 0, output_tokens or 0
    return Usage(
        requests=1,
        input_tokens=prompt,
        output_tokens=completion,
        total_tokens=total_tokens or prompt + completion,
        input_tokens_details=InputTokensDetails(
            cached_tokens=cached_tokens or 0, cache_write_tokens=cache_write_tokens or 0
        ),
        output_tokens_details=OutputTokensDetails(reasoning_tokens=reasoning_tokens or 0),
    )
