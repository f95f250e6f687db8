"""Registered tools at work, through the orchestrator's own tool loop (`Orchestrator`, `Session`).

One request is one `Orchestrator` over the servers its registered tools are bound to, from the
orchestrator's config, each narrowed to the tools bound to it and not `required` (a server that
cannot start is a tool error, not a crash). Each tool is offered as registered (a `RenamedTool`:
its name, description and schema), so the model sees the registration, the arguments are checked
against its schema before the call, and a bound server starts only when one of its tools is
called. Whatever goes wrong reaches the model as a failed tool result it can read and explain;
the servers close when the request ends. A model that did nothing with the prompt (the offline
router could not make it out: `AskResult.refused`) is a failure, `not_understood`, its words the
error, never an answer; `tools_unavailable` when a bound server it needed did not start (the
request's `timeout` is each start's too). Registered tools run without asking (`yes`):
registering a tool is the decision to let the agent call it. A tool whose server is gone from
the config, or whose stored schema breaks today's rules, is not offered; a warning says why.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from orchestrator import (
    Model,
    ModelSettings,
    Orchestrator,
    ProviderError,
    RenamedTool,
    RequestError,
    Settings,
    UsageError,
)
from servers.agents._answer import Answer
from servers.agents.errors import AgentFailedError
from servers.agents.repository import RegisteredTool

__all__ = ["run_agent"]

logger = logging.getLogger(__name__)

_AT_FIRST_CALL: dict[str, Any] = {"start": "lazy", "early_start": False, "catalogue_cache": False}
"""A bound server starts when one of its tools is called, and the user's catalogue cache is not
the gateway's to read or write."""


def _offered(
    tools: Sequence[RegisteredTool], config: Settings | None, problem: str | None
) -> tuple[list[RenamedTool], list[str]]:
    """The tools that can be offered, and a warning for each that cannot."""
    offered, warnings = [], []
    for tool in tools:
        why = None
        if config is None:
            why = f"the orchestrator config cannot be read: {problem}"
        elif tool.server not in config.servers:
            why = (
                f"server {tool.server!r} is no longer in the orchestrator config ({config.source})"
            )
        else:
            try:
                renamed = RenamedTool(
                    tool.name, tool.server, tool.tool, tool.description, tool.input_schema
                )
            except UsageError as exc:
                why = f"its schema is refused now (register it again): {exc}"
            else:
                offered.append(renamed)
        if why is not None:
            warnings.append(f"tool {tool.name!r} was not offered: {why}")
    return offered, warnings


def _narrowed(config: Settings | None, offered: list[RenamedTool], timeout: float) -> Settings:
    """Only the bound servers, each allowed only its bound tools, each given the request's
    `timeout` to start (not the config's few seconds: many requests at once each start their
    own, and all of them together take longer)."""
    if config is None:
        return Settings.model_validate({"source": "(no orchestrator config)"})
    servers = {}
    for name, entry in config.servers.items():
        bound = sorted({t.tool for t in offered if t.server == name})
        if bound:
            servers[name] = entry.model_copy(
                update={"allowed_tools": bound, "expected_tools": bound, "required": False}
            )
    started = config.orchestrator.model_copy(update={"startup_timeout_seconds": timeout})
    return config.model_copy(update={"servers": servers, "orchestrator": started})


async def run_agent(
    model: Model,
    *,
    agent: str,
    tools: Sequence[RegisteredTool],
    config: Settings | None,
    config_problem: str | None,
    system_prompt: str,
    text: str,
    settings: ModelSettings,
    timeout: float,
) -> Answer:
    """Ask ``model``, running the registered tools it calls, until it answers in words."""
    offered, warnings = _offered(tools, config, config_problem)
    for warning in warnings:
        logger.warning("%s", warning)
    orchestrator = Orchestrator(
        _narrowed(config, offered, timeout), provider=agent, model=model, yes=True, timeout=timeout,
        renamed=offered, **_AT_FIRST_CALL,
    )  # fmt: skip
    try:
        async with orchestrator:
            session = orchestrator.session(system_prompt=system_prompt, model_settings=settings)
            result = await session.ask(text)
            down = [r.describe() for r in orchestrator.reports if r.state in ("down", "withdrawn")]
    except ProviderError:
        raise
    except RequestError as exc:  # e.g. asked for tools turn after turn without answering
        raise AgentFailedError(str(exc), code="no_answer") from exc
    if result.refused and down:  # its tools' servers did not start: not the prompt's fault
        raise AgentFailedError(
            f"{agent} could not use its tools (try again): {'; '.join(down)}",
            code="tools_unavailable",
            warnings=[*warnings, *result.notes],
        )
    if result.refused or (result.question is not None and not result.tool_calls):
        # it did nothing (or only asked what it needs to): a failed request, however politely
        # it says so; no one is there to answer a question
        said = result.reply or "it did nothing with the prompt"
        raise AgentFailedError(
            f"{agent} did not understand the request: {said}",
            code="not_understood",
            warnings=[*warnings, *result.notes],
        )
    tokens = result.usage if result.usage.reported else None
    answer = Answer(result.reply, tokens, result.model or None)
    answer.warnings.extend([*warnings, *result.notes])
    bound = {t.name: {"server": t.server, "tool": t.tool} for t in offered}
    calls = [
        {"tool": c.tool, "binding": bound.get(c.tool), "status": c.status}
        for c in result.tool_calls
    ]
    if calls:
        answer.metadata["tool_calls"] = calls
    return answer
