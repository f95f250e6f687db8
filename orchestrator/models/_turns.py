"""What the native-SDK models (anthropic, gemini) share: their settings (`NativeModel`), and the
conversation as alternating turns.

Both vendors want user and assistant turns that alternate and are never empty. `to_turns` groups
the history that way: a user turn holds `UserMessage`s and `ToolResultItem`s (a tool's result is
the user's side of the exchange), an assistant turn `AssistantMessage`s and `ToolCallItem`s.
Blank text is dropped and consecutive items of one role share a turn.
"""

from __future__ import annotations

import functools
import json
import logging
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Literal, TypeVar

from orchestrator.messages import (
    AssistantMessage,
    Item,
    ToolResultItem,
    UserMessage,
)
from orchestrator.models._clients import Clients

if TYPE_CHECKING:
    from orchestrator.models.retry import RetryPolicy

__all__ = [
    "NativeModel",
    "Turn",
    "UnreadableArguments",
    "arguments_of",
    "new_call_id",
    "to_turns",
]

logger = logging.getLogger("orchestrator.models")


C = TypeVar("C")


class NativeModel(Generic[C]):
    """A model over a vendor's own SDK: its name, key, endpoint and retry policy, and its SDK
    clients (`clients`: a subclass says how one is made, `_client`, and closed, `_close`)."""

    def __init__(
        self,
        name: str,
        *,
        api_key: str,
        base_url: str | None = None,
        retry: RetryPolicy | None = None,
    ) -> None:
        from orchestrator.models.retry import RetryPolicy

        self._name = name
        self._api_key = api_key
        self._base_url = base_url
        self._retry = retry or RetryPolicy()

    @property
    def name(self) -> str:
        return self._name

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self._name!r}, base_url={self._base_url!r})"

    @functools.cached_property
    def clients(self) -> Clients[C]:
        return Clients(self._client, self._close)

    def keep_client(self) -> None:
        """Share one SDK client (and its connections) between requests until `aclose()`."""
        self.clients.keep()

    async def aclose(self) -> None:
        await self.clients.aclose()

    def _client(self) -> C:
        raise NotImplementedError

    async def _close(self, client: C) -> None:
        raise NotImplementedError


@dataclass
class Turn:
    role: Literal["user", "assistant"]
    items: list[Item] = field(default_factory=list)


def to_turns(history: Sequence[Item]) -> list[Turn]:
    """The history as alternating, non-empty user/assistant turns."""
    turns: list[Turn] = []
    for item in history:
        if isinstance(item, UserMessage | AssistantMessage) and not item.text.strip():
            continue
        role: Literal["user", "assistant"] = (
            "user" if isinstance(item, UserMessage | ToolResultItem) else "assistant"
        )
        if not turns or turns[-1].role != role:
            turns.append(Turn(role))
        turns[-1].items.append(item)
    return turns


class UnreadableArguments(dict[str, Any]):
    """A tool call's arguments that could not be read (not JSON, or JSON but not an object):
    empty, with the text the model sent (`raw`) and what is wrong with it (`problem`). The
    session does not send such a call: the model is told why, as a failed call, and can try
    again."""

    def __init__(self, raw: str, problem: str) -> None:
        super().__init__()
        self.raw = raw
        self.problem = problem


def arguments_of(raw: Any) -> dict[str, Any]:
    """A tool call's arguments as a dict: a JSON object stays one, empty text or `null` is no
    arguments; anything else (text that is not JSON, or JSON that is not an object, which the
    model cannot have meant as a tool's arguments) is an `UnreadableArguments`."""
    if isinstance(raw, dict):
        return raw
    text = raw if isinstance(raw, str) else json.dumps(raw, default=str)
    if isinstance(raw, str):
        if not raw.strip():
            return {}
        try:
            raw = json.loads(raw)
        except ValueError as exc:
            logger.warning("tool call arguments are not JSON (%s); the call is not sent", exc)
            return UnreadableArguments(text, f"they are not valid JSON ({exc})")
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        kind = _json_kind(raw)
        logger.warning("tool call arguments are JSON but not an object (a %s); not sent", kind)
        return UnreadableArguments(text, f"they are JSON but not an object (a {kind})")
    return raw


def _json_kind(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    return "list" if isinstance(value, list) else type(value).__name__


def new_call_id() -> str:
    return f"call_{uuid.uuid4().hex[:24]}"
