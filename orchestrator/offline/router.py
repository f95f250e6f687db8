"""The offline router: a deterministic `Model` with no network and no key.

Each turn it re-reads the conversation (the latest request and the calls made for it so far) and
decides the next step through a small pipeline, one module a step:

```
_tokens  tokens, a normalized text, typo correction        "remnd me tomorow" -> remind, tomorrow
_read    the action and the typed values (_dates, _enums)  verb "remind", when tomorrow 15:00
_choose  tools scored (_nouns); the best and its rivals    create_todo 9.5, create_task 4.0
_fill    each parameter from the words that fit its role   title "buy eggs" <- "buy eggs"
         (_slots: typed values, _labels: labelled ones, _phrase: spans and trimming)
_lists   which read lists what a tool acts on; names shown  "restart test-runner": list_agents
_plan    references resolved by listing, rivals, the step  "the dentist todo" -> todo_…
_check   the call against the schema; an update changes something; lists merged
_answer  words from the result (_items); what a default left out; "not sure" + phrasings
```

Safety first: when two tools score close and both could be meant, or a required value has no
confident source, or a reference names no item or several, nothing is called; the answer says
what was understood, what is missing, and one phrasing that works. How a request was read is
logged (`orchestrator.offline`, INFO): the action, the tool with its score and the runner-up,
and each value with the words it came from.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache
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
from orchestrator.offline._answer import describe_result, unsure
from orchestrator.offline._dates import local_now
from orchestrator.offline._plan import Plan, Planner
from orchestrator.offline._read import Reading, read
from orchestrator.offline._tokens import words_of
from orchestrator.offline._tools import VERBS, ToolView

__all__ = ["OfflineRouter"]

logger = logging.getLogger("orchestrator.offline")


@dataclass
class Call:
    name: str
    arguments: dict[str, Any]
    output: Any = None
    done: bool = False
    status: CallStatus = "ok"


@dataclass
class Conversation:
    request: str = ""
    calls: list[Call] = field(default_factory=list)  # for the latest request
    earlier: list[Call] = field(default_factory=list)  # for the requests before it


def read_conversation(history: Sequence[Item]) -> Conversation:
    conv = Conversation()
    by_id: dict[str, Call] = {}
    for item in history:
        if isinstance(item, UserMessage):
            conv.earlier.extend(conv.calls)
            conv.calls = []
            conv.request = item.text
        elif isinstance(item, ToolCallItem):
            call = Call(item.name, dict(item.arguments))
            by_id[item.call_id] = call
            conv.calls.append(call)
        elif isinstance(item, ToolResultItem) and item.call_id in by_id:
            call = by_id[item.call_id]
            call.output, call.done, call.status = parse_output(item.output), True, item.status
    return conv


class OfflineRouter:
    """Routes a request onto the offered tools without a language model. `clock` gives the
    local time (for tests and the evaluation)."""

    name = "offline"

    def __init__(self, clock: Callable[[], datetime] | None = None) -> None:
        self._clock = clock or local_now
        self._cache: dict[tuple[str, str, str], ToolView] = {}

    def _view(self, tool: ToolDefinition) -> ToolView:
        key = (tool.name, tool.description, repr(tool.input_schema))
        view = self._cache.get(key)
        if view is None:
            view = ToolView.of(
                tool.name,
                tool.description,
                tool.input_schema,
                read_only=tool.read_only,
                destructive=tool.destructive,
                server=tool.server,
            )
            if len(self._cache) > 2048:
                self._cache.clear()
            self._cache[key] = view
        return view

    async def respond(self, request: ModelRequest) -> ModelResponse:
        views = [self._view(t) for t in request.tools]
        step = decide(read_conversation(request.history), views, self._clock())
        if isinstance(step, str):
            return ModelResponse(
                [AssistantMessage(step)], model=self.name, finish_reasons=("stop",)
            )
        calls = [ToolCallItem(f"call_{uuid.uuid4().hex[:12]}", n, a) for n, a in step]
        return ModelResponse(list(calls), model=self.name, finish_reasons=("tool_call",))


def _vocabulary(tools: list[ToolView]) -> frozenset[str]:
    return _vocabulary_of(tuple(tools))


@lru_cache(maxsize=64)
def _vocabulary_of(tools: tuple[ToolView, ...]) -> frozenset[str]:
    """Words to correct misspellings to: the verbs, and the words of the tools' names, their
    parameters' names and enum values."""
    words: set[str] = set(VERBS)
    for tool in tools:
        words.update(w for w in words_of(tool.name) if len(w) > 3)
        for param in tool.params.values():
            words.update(w for w in words_of(param.name) if len(w) > 3)
            words.update(w for v in param.enum if isinstance(v, str) for w in words_of(v))
    return frozenset(words)


def decide(
    conv: Conversation,
    tools: list[ToolView],
    now: datetime,
) -> str | list[tuple[str, dict[str, Any]]]:
    """The next step: tool calls `[(name, arguments)]`, or the answer in words."""
    text = conv.request.strip()
    if not tools:
        return "No tools are available right now (no server is up), so I cannot do that."
    if not text:
        return unsure(text, [], ["a request"], tools)
    reading = read(text, _vocabulary(tools), now)
    planner = Planner(reading, tools, conv.calls, conv.earlier)
    step = planner.next()
    _log(reading, planner, first=not conv.calls)
    if isinstance(step, Plan):
        return _answer(step, conv)
    return step


def _answer(plan: Plan, conv: Conversation) -> str | list[tuple[str, dict[str, Any]]]:
    """The plan's call is done: its answer, after one more call when a default filter hid
    everything (to say how many others there are)."""
    main = plan.done
    assert main is not None
    tool = plan.tool
    left_out = ""
    if tool.kind == "read" and main.status == "ok":
        extra = plan.planner.lists.left_out(tool, main)
        if isinstance(extra, list):
            return extra
        left_out = extra
    return describe_result(tool, main.arguments, main.status, main.output, plan.title, left_out)


def _log(reading: Reading, planner: Planner, first: bool) -> None:
    """How the request was read: at INFO on its first turn, at DEBUG on the turns after."""
    level = logging.INFO if first else logging.DEBUG
    if not logger.isEnabledFor(level):
        return
    action = reading.action
    verb = f"{action.kind or 'question'} ({action.verb or '-'})"
    ranked = planner.ranked
    best = f"{ranked[0].tool.name} {ranked[0].score:.1f} ({ranked[0].why})" if ranked else "none"
    runner = f"{ranked[1].tool.name} {ranked[1].score:.1f}" if len(ranked) > 1 else "none"
    logger.log(
        level,
        "read %r: action %s; tool %s, runner-up %s",
        reading.text.original,
        verb,
        best,
        runner,
    )
    for plan in planner.plans:
        slots = "; ".join(
            f"{k}={plan.fill.args.get(k)!r} <- {v!r}" for k, v in plan.fill.evidence.items()
        )
        ref = f"; reference {plan.fill.reference!r}" if plan.fill.reference else ""
        logger.log(
            level, "  %s: %s%s%s", plan.tool.name, plan.state, f"; {slots}" if slots else "", ref
        )
