"""The conversation's items: one history format for every model, the offline router included.

```
UserMessage(text)                      what the user asked
AssistantMessage(text, question, refused)
                                       what the model said; a `Question` when it asks the user
                                       for values before it can go on; `refused` when it did
                                       nothing with the request (the words say why)
ToolCallItem(call_id, name, arguments) the model asks for a tool call
ToolResultItem(call_id, name, output, status)
                                       what came back, and how: "ok", "error" (the MCP result's
                                       `isError`, or the call could not be made), or
                                       "not_executed" (the user did not approve it)
```

A `Session` keeps a list of these, so a conversation can switch models (or go from the offline
router to an LLM) mid-way. Facts travel as fields: whether a tool failed is `status`, never
guessed from the shape of its output.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

__all__ = [
    "DECLINED",
    "NOT_APPROVED",
    "AssistantMessage",
    "CallStatus",
    "Item",
    "Question",
    "ToolCallItem",
    "ToolResultItem",
    "UserMessage",
    "parse_output",
]

CallStatus = Literal["ok", "error", "not_executed"]
NOT_APPROVED = "Not executed: this call changes data and needs the user's confirmation."
"""A not_executed call's output when nobody could be asked (a one-shot without --yes)."""
DECLINED = "Not executed: the user was asked and said no."
"""A not_executed call's output when the user was asked and declined."""


@dataclass(frozen=True)
class UserMessage:
    """What the user asked."""

    text: str


@dataclass(frozen=True)
class Question:
    """A model asks the user for values before it goes on. `text` is the question in words;
    `schema` the form, a flat JSON Schema object as MCP elicitation's `requestedSchema` (each
    property a string, number, integer, boolean or enum; `default` is what the model understood,
    shown prefilled); `about` the tool the answers are for, if any. The user's answer is the next
    request, in words or as `name: value` lines. `understood` is the call's arguments as
    understood when the question only asks whether to go ahead (a confirmation): a yes makes the
    call with them."""

    text: str
    schema: Mapping[str, Any] = field(default_factory=dict)
    about: str = ""
    understood: Mapping[str, Any] = field(default_factory=dict)

    @property
    def fields(self) -> dict[str, Any]:
        """The form's fields: name -> JSON Schema."""
        properties = self.schema.get("properties")
        return dict(properties) if isinstance(properties, Mapping) else {}

    @property
    def required(self) -> frozenset[str]:
        return frozenset(self.schema.get("required") or ())


@dataclass(frozen=True)
class AssistantMessage:
    """What the model answered in words; `question` when it asks the user something; `refused`
    when it did nothing with the request and its words say why (the offline router could not
    make it out, or had nothing to do it with)."""

    text: str
    question: Question | None = None
    refused: bool = False


@dataclass(frozen=True)
class ToolCallItem:
    """The model asks for a tool call; `name` is the tool's name in the catalogue."""

    call_id: str
    name: str
    arguments: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class ToolResultItem:
    """A tool call's outcome as the model reads it: `output` is text (often JSON)."""

    call_id: str
    name: str
    output: str
    status: CallStatus = "ok"

    @property
    def is_error(self) -> bool:
        """Whether the model should read this as a failure (it failed, or was not run)."""
        return self.status != "ok"


Item = UserMessage | AssistantMessage | ToolCallItem | ToolResultItem


def parse_output(text: str) -> Any:
    """A tool's text output as JSON when it is a JSON object or array, else the text itself."""
    stripped = text.strip()
    if stripped[:1] in ("{", "["):
        try:
            return json.loads(stripped)
        except ValueError:
            pass
    return text
