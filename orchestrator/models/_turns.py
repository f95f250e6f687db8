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

__all__ = ["NativeModel", "Turn", "arguments_of", "new_call_id", "to_turns"]

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


def arguments_of(raw: Any) -> dict[str, Any]:
    """A tool call's arguments as a dict: a JSON object stays one; anything else is wrapped."""
    if isinstance(raw, dict):
        return raw
    if isinstance(raw, str):
        try:
            raw = json.loads(raw or "{}")
        except ValueError:
            logger.warning("tool call arguments are not JSON; sending {} instead")
            return {}
    return raw if isinstance(raw, dict) else {"value": raw}


def new_call_id() -> str:
    return f"call_{uuid.uuid4().hex[:24]}"
