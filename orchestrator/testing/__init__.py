"""Test doubles for code that embeds the orchestrator (and for this project's own tests).

```python
from orchestrator import Orchestrator, load_config
from orchestrator.testing import ScriptedModel, call, server_entry

model = ScriptedModel(call("jot_note", headline="eggs"), "Noted.")
async with Orchestrator(settings, model=model) as orch:
    result = await orch.ask("note: eggs")
assert model.requests[0].tools                      # what the model was offered
```

- `ScriptedModel`: a `Model` that plays a script, one step a turn: a string is an answer, a
  `ToolCallItem` (or a list of them) asks for calls, a `ModelResponse` is returned as is, and a
  function of the `ModelRequest` returns any of those. It records every request it gets.
- `server_entry(name, **extra)`: a config entry for one of the misbehaving MCP servers in
  `orchestrator.testing.servers` (crashing, hanging, slow, notes).
- `orchestrator.testing.vendors`: loopback servers speaking OpenAI's, Anthropic's and Gemini's
  wire formats, to drive the real SDKs without a network.
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Callable
from typing import Any

from orchestrator.messages import AssistantMessage, ToolCallItem
from orchestrator.models import ModelRequest, ModelResponse

__all__ = ["ScriptedModel", "Step", "call", "server_entry"]

Step = str | ToolCallItem | list[ToolCallItem] | ModelResponse
_ids = itertools.count(1)


def call(name: str, /, **arguments: Any) -> ToolCallItem:
    """A tool call step, with a fresh call id."""
    return ToolCallItem(f"scripted_{next(_ids)}", name, arguments)


class ScriptedModel:
    """A `Model` that plays `steps` in order; past the end it answers with `done`."""

    def __init__(
        self,
        *steps: Step | Callable[[ModelRequest], Step],
        name: str = "scripted",
        done: str = "(the script is over)",
    ) -> None:
        self._steps = list(steps)
        self._name = name
        self._done = done
        self.requests: list[ModelRequest] = []

    @property
    def name(self) -> str:
        return self._name

    async def respond(self, request: ModelRequest) -> ModelResponse:
        self.requests.append(request)
        step = self._steps.pop(0) if self._steps else self._done
        if callable(step):
            step = step(request)
        if isinstance(step, ModelResponse):
            return step
        if isinstance(step, str):
            return ModelResponse([AssistantMessage(step)], model=self._name)
        calls = [step] if isinstance(step, ToolCallItem) else list(step)
        return ModelResponse(list(calls), model=self._name)


def server_entry(name: str, **extra: Any) -> dict[str, Any]:
    """A config entry (mcp-agent shape) running `orchestrator.testing.servers.<name>`."""
    return {
        "command": sys.executable,
        "args": ["-m", f"orchestrator.testing.servers.{name}"],
        **extra,
    }
