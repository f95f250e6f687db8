"""The rules of the agents server: which agent runs, with what, within which limits; no MCP here.

A request (`execute_agent_request`) goes: agent known (else "Agent Not Found", naming them all) ->
capabilities checked (a missing or unknown one is a warning) -> `config` checked against what the
agent honours -> the agent's rate limit -> its probe (not operative: the probe's detail and fix) ->
the run, within `timeout`: an API or local agent through the orchestrator's provider and model
(with its registered tools, see `bindings`), a CLI agent through its command line (see `clis`),
`offline` through the offline router over its registered tools. Success and failure have one
shape, the contract's; a failure is raised as :class:`ExecutionFailed` carrying that body. No
secret survives into a body (`_secrets`).
"""

from __future__ import annotations

import json
import logging
import shutil
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import anyio
import anyio.to_thread
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from orchestrator import ModelSettings, ProviderError, Settings, get_provider
from servers._common import tracing
from servers._common.process import ARGUMENT_LIMIT, child_environment, run_command
from servers._common.schema import describe_validation_error
from servers.agents._answer import Answer
from servers.agents._ratelimit import RateLimiter
from servers.agents._secrets import Secrets, installation_folders
from servers.agents.bindings import run_agent
from servers.agents.catalog import AGENTS, CAPABILITIES, SETTINGS, AgentSpec, known_names
from servers.agents.clis import CLI_FORMATS, CLIOutputError
from servers.agents.errors import (
    AgentFailedError,
    AgentNotFoundError,
    AgentNotOperativeError,
    AgentsError,
    AgentTimeoutError,
    InvalidRequestError,
    RateLimitedError,
    UnsupportedSettingError,
)
from servers.agents.models import (
    AgentListing,
    ExecuteInput,
    ExecuteMetadata,
    ExecuteResult,
    ListAgentsInput,
    ListAgentsResult,
    ProbeInput,
    ProbeResult,
    RegisterInput,
    RegisterResult,
)
from servers.agents.probes import Prober
from servers.agents.registration import registration
from servers.agents.repository import RegisteredTool, ToolRepository

__all__ = ["AgentsService", "ExecutionFailed", "compose_prompt", "execute_failure"]

logger = logging.getLogger(__name__)

CLI_ARGUMENT_LIMIT = ARGUMENT_LIMIT
"""Bytes a prompt may take as one command-line argument (Linux allows 128 KiB per argument)."""

INSTRUCTIONS = (
    "You are {agent}, answering a request that another program passes on to you through an MCP "
    "gateway. Answer the request itself, completely and directly; put code in fenced blocks."
)
TOOLS_INSTRUCTIONS = (
    " Use the tools offered when they help, and answer from their results; never invent a "
    "result, and say so when a tool fails."
)


class ExecutionFailed(Exception):
    """A failed `execute_agent_request`: ``body`` is the contract's output with status error."""

    def __init__(self, body: dict[str, Any]) -> None:
        super().__init__(body.get("error"))
        self.body = body


def execute_failure(
    message: str,
    code: str,
    *,
    execution_time: float = 0.0,
    metadata: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """`execute_agent_request`'s output for a failure: its whole shape, with status error."""
    return {
        "status": "error",
        "content": "",
        "error": message,
        "execution_time": execution_time,
        "tokens_used": None,
        "metadata": {"model": None, "agent_type": None, "warnings": [], **(metadata or {})},
        "code": code,
    }


class _AgentSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    model: str | None = Field(default=None, min_length=1, max_length=200)
    temperature: float | None = Field(default=None, ge=0, le=2)
    top_p: float | None = Field(default=None, gt=0, le=1)
    max_tokens: int | None = Field(default=None, ge=1, le=1_000_000)


PROGRESS_INTERVAL_SECONDS = 2.0


async def _with_progress(agent: str, timeout: float, work: Awaitable[Answer]) -> Answer:
    """``work``, awaited; meanwhile progress for the caller who asked for it (seconds so far, out
    of the timeout) every PROGRESS_INTERVAL_SECONDS, and once more when it is done."""
    from servers._common.progress import report_progress  # (kept off the import block's merges)

    started = anyio.current_time()

    async def tick() -> None:
        while True:
            elapsed = round(anyio.current_time() - started, 1)
            await report_progress(elapsed, timeout, f"{agent} working for {elapsed:g}s")
            await anyio.sleep(PROGRESS_INTERVAL_SECONDS)

    failure: Exception | None = None
    async with anyio.create_task_group() as tg:
        tg.start_soon(tick)
        try:
            answer = await work
        except Exception as exc:  # raised as is below, not wrapped in the group's exception
            failure = exc
        tg.cancel_scope.cancel()
    if failure is not None:
        raise failure
    elapsed = round(anyio.current_time() - started, 1)
    await report_progress(timeout, timeout, f"{agent} done after {elapsed:g}s")
    return answer


def compose_prompt(prompt: str, context: Mapping[str, Any] | None) -> str:
    """The prompt with ``context`` before it, one labelled section per key."""
    if not context:
        return prompt
    sections = []
    for key, value in context.items():
        shown = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
        sections.append(f"[{key}]\n{shown}")
    return "Context:\n" + "\n\n".join(sections) + "\n\nRequest:\n" + prompt


@dataclass
class _Request:
    """What is known about a request as it goes; it becomes the response's metadata."""

    spec: AgentSpec | None
    warnings: list[str]
    model: str | None = None


class AgentsService:
    """The four tools' rules, over a tool repository and the orchestrator's config."""

    def __init__(
        self,
        repository: ToolRepository,
        *,
        environ: Mapping[str, str],
        orchestrator: Settings | None,
        config_problem: str | None = None,
        rate_limit: int = 60,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.repository = repository
        self.environ = dict(environ)
        self.orchestrator = orchestrator
        self.config_problem = config_problem
        providers = orchestrator.providers if orchestrator is not None else {}
        self.prober = Prober(self.environ, providers)
        self.limiter = RateLimiter(rate_limit, clock)
        configured = [c.api_key.get_secret_value() for c in providers.values() if c.api_key]
        hidden = [*installation_folders(), *([orchestrator.source.parent] if orchestrator else [])]
        self.secrets = Secrets.collect(self.environ, configured, hidden=hidden)

    # -- execute_agent_request -----------------------------------------------------------
    async def execute_agent_request(self, args: ExecuteInput) -> ExecuteResult:
        started = time.perf_counter()
        request = _Request(AGENTS.get(args.agent_name), [])
        try:
            work = self._execute(args, request)
            answer = await _with_progress(args.agent_name, args.timeout, work)
        except AgentsError as exc:
            raise ExecutionFailed(self._failure(exc, request, started)) from exc
        request.warnings.extend(answer.warnings)
        metadata: dict[str, Any] = {
            "model": answer.model or request.model,
            "agent_type": request.spec.kind if request.spec else None,
            "warnings": request.warnings,
            **answer.metadata,
        }
        if (usage := answer.usage()) is not None:
            metadata["usage"] = usage
        provider = "offline" if request.spec and request.spec.kind == "offline" else args.agent_name
        metadata["cost_usd"], metadata["cost_source"] = answer.cost(provider)
        result = ExecuteResult(
            status="success",
            content=answer.content,
            error=None,
            execution_time=round(time.perf_counter() - started, 3),
            tokens_used=answer.used,
            metadata=ExecuteMetadata.model_validate(metadata),
        )
        return ExecuteResult.model_validate(self.secrets.scrub(result.model_dump(mode="json")))

    def _failure(self, exc: AgentsError, request: _Request, started: float) -> dict[str, Any]:
        message = self.secrets.message(str(exc))
        logger.info("execute_agent_request failed (%s): %s", exc.code, message)
        metadata = {
            "model": request.model,
            "agent_type": request.spec.kind if request.spec else None,
            "warnings": [*request.warnings, *exc.warnings],
            **exc.details,
        }
        body = execute_failure(
            message,
            exc.code,
            execution_time=round(time.perf_counter() - started, 3),
            metadata=metadata,
        )
        return dict(self.secrets.scrub(body))

    async def _execute(self, args: ExecuteInput, request: _Request) -> Answer:
        spec = request.spec
        if spec is None:
            raise AgentNotFoundError(args.agent_name, known_names())
        request.warnings.extend(_capability_warnings(spec, args.capabilities or []))
        settings = _agent_settings(spec, args.config or {})
        request.model = settings.model
        wait = self.limiter.acquire(spec.name)
        if wait is not None:
            raise RateLimitedError(
                f"rate limit reached for {spec.name}: {self.limiter.limit} requests per minute "
                f"(AGENTS_RATE_LIMIT); retry in {wait:.1f}s",
                retry_after_seconds=round(wait, 1),
            )
        started = anyio.current_time()
        answer: Answer | None = None
        with anyio.move_on_after(args.timeout) as deadline:  # bounds all the request does
            probe = await self.prober.probe(spec.name, version=False)
            if not probe.operative:
                raise AgentNotOperativeError(
                    f"{spec.name} is not operative ({probe.status}): {probe.detail}",
                    probe_status=probe.status,
                )
            logger.info("executing a request with %s", spec.name)
            if spec.kind == "offline":
                answer = await self._run_offline(spec, args, request)
            elif spec.kind != "cli":
                answer = await self._run_model(spec, args, settings, request)
        if deadline.cancelled_caught:
            raise AgentTimeoutError(f"{spec.name} gave no answer within {args.timeout}s")
        if answer is None:  # a CLI agent: its run kills its process group at the deadline
            left = args.timeout - (anyio.current_time() - started)
            return await self._run_cli(spec, args, settings, left)
        return answer

    async def _run_model(
        self, spec: AgentSpec, args: ExecuteInput, settings: _AgentSettings, request: _Request
    ) -> Answer:
        provider = self.prober.provider(spec)
        if provider.config.timeout_seconds is None:  # the request's timeout bounds its answer
            provider.config = provider.config.model_copy(update={"timeout_seconds": args.timeout})
        request.model = provider.model_name(settings.model)
        tools = await self._tools_for(spec)
        try:
            return await run_agent(
                provider.model(settings.model),
                agent=spec.name,
                tools=tools,
                config=self.orchestrator,
                config_problem=self.config_problem,
                system_prompt=INSTRUCTIONS.format(agent=spec.name)
                + (TOOLS_INSTRUCTIONS if tools else ""),
                text=compose_prompt(args.prompt, args.context),
                settings=ModelSettings(
                    temperature=settings.temperature,
                    top_p=settings.top_p,
                    max_tokens=settings.max_tokens,
                ),
                timeout=args.timeout,
            )
        except ProviderError as exc:
            details: dict[str, Any] = {} if exc.status is None else {"http_status": exc.status}
            raise AgentFailedError(str(exc), code="api_error", **details) from exc

    async def _run_offline(self, spec: AgentSpec, args: ExecuteInput, request: _Request) -> Answer:
        tools = await self._tools_for(spec)
        if not tools:
            raise AgentFailedError(
                "offline has no registered tools: it only routes requests onto the tools "
                "registered with it (register_tool_with_agent)",
                code="no_tools",
            )
        if args.context:
            request.warnings.append("offline does not read context; it routes the prompt alone")
        request.model = "offline"
        return await run_agent(
            get_provider("offline").model(),
            agent=spec.name,
            tools=tools,
            config=self.orchestrator,
            config_problem=self.config_problem,
            system_prompt="",
            text=args.prompt,
            settings=ModelSettings(),
            timeout=args.timeout,
        )

    async def _run_cli(
        self, spec: AgentSpec, args: ExecuteInput, settings: _AgentSettings, timeout: float
    ) -> Answer:
        cli = CLI_FORMATS[spec.name]
        text = compose_prompt(args.prompt, args.context)
        size = len(text.encode())
        if size > CLI_ARGUMENT_LIMIT:
            raise InvalidRequestError(
                f"prompt and context take {size} bytes; {spec.name} gets them as one "
                f"command-line argument, which takes at most {CLI_ARGUMENT_LIMIT}"
            )
        path = shutil.which(cli.binary, path=self.environ.get("PATH"))
        if path is None:
            raise AgentNotOperativeError(
                f"`{cli.binary}` is not on PATH; install it: {cli.install}"
            )
        try:
            done = await run_command(
                cli.argv(path, text, settings.model),
                env=child_environment(self.environ, cli.env_keys, tracing.child_context()),
                timeout=timeout,
                die_with_server=True,  # not left running by a server killed hard (OOM)
            )
        except OSError as exc:
            raise AgentNotOperativeError(f"cannot run {path}: {exc.strerror or exc}") from exc
        if done.timed_out:
            raise AgentTimeoutError(
                f"{spec.name} gave no answer within {args.timeout}s; its process group was killed"
            )
        try:
            answer = cli.parse(done)
        except CLIOutputError as exc:
            raise AgentFailedError(str(exc), code="cli_error", exit_code=exc.exit_code) from exc
        answer.model = answer.model or settings.model
        answer.metadata["exit_code"] = done.exit_code
        if done.truncated:
            answer.warnings.append(f"{spec.name}'s output passed 8 MiB and was cut")
        return answer

    async def _tools_for(self, spec: AgentSpec) -> list[RegisteredTool]:
        if not spec.tool_use:
            return []
        return await anyio.to_thread.run_sync(self.repository.tools_for, spec.name)

    # -- list_available_agents, probe_agent_status ---------------------------------------
    async def list_available_agents(self, args: ListAgentsInput) -> dict[str, Any]:
        warnings = []
        wanted = args.capability_filter
        if wanted is not None and wanted not in CAPABILITIES:
            warnings.append(f"unknown capability {wanted!r} (known: {', '.join(CAPABILITIES)})")
        specs = [s for s in AGENTS.values() if wanted is None or wanted in s.capabilities]
        listings = [
            AgentListing(
                name=s.name,
                kind=s.kind,
                capabilities=list(s.capabilities),
                settings=list(s.settings),
                description=s.description,
            )
            for s in specs
        ]
        if args.include_status and listings:
            probes = await self.prober.probe_all([s.name for s in specs])
            registered = await anyio.to_thread.run_sync(self.repository.names_by_agent)
            for listing in listings:
                probe = probes[listing.name]
                listing.status, listing.detail = probe.status, probe.detail
                listing.latency_ms = probe.latency_ms
                listing.registered_tools = registered.get(listing.name, [])
        result = ListAgentsResult(agents=listings, total_count=len(listings), warnings=warnings)
        return dict(self.secrets.scrub(result.model_dump(mode="json", exclude_none=True)))

    async def probe_agent_status(self, args: ProbeInput) -> ProbeResult:
        probe = await self.prober.probe(args.agent_name)
        result = ProbeResult(
            name=probe.name, status=probe.status, detail=probe.detail, latency_ms=probe.latency_ms
        )
        return ProbeResult.model_validate(self.secrets.scrub(result.model_dump(mode="json")))

    # -- register_tool_with_agent --------------------------------------------------------
    def register_tool_with_agent(self, args: RegisterInput) -> RegisterResult:
        agents, tool = registration(args, self.orchestrator, self.config_problem)
        replaced = self.repository.register(agents, tool, datetime.now(UTC))
        warnings = [
            f"tool {args.tool_name!r} was already registered with {', '.join(replaced)}; "
            "it was replaced"
        ]
        return RegisterResult(
            status="success", registered_with=agents, warnings=warnings if replaced else []
        )


def _capability_warnings(spec: AgentSpec, wanted: list[str]) -> list[str]:
    warnings = []
    for capability in dict.fromkeys(wanted):
        if capability not in CAPABILITIES:
            known = ", ".join(CAPABILITIES)
            warnings.append(f"unknown capability {capability!r} (known: {known}); ignored")
        elif capability not in spec.capabilities:
            has = ", ".join(spec.capabilities)
            note = "; answers come back whole" if capability == "streaming" else ""
            warnings.append(f"{spec.name} does not have {capability} (it has: {has}){note}")
    return warnings


def _agent_settings(spec: AgentSpec, config: dict[str, Any]) -> _AgentSettings:
    for key in config:
        if key not in SETTINGS or key not in spec.settings:
            takes = ", ".join(spec.settings) or "no settings"
            raise UnsupportedSettingError(
                f"config.{key}: {spec.name} cannot honour {key!r} (it takes: {takes})"
            )
    try:
        return _AgentSettings.model_validate(config)
    except ValidationError as exc:
        problems = describe_validation_error(exc, _AgentSettings)
        raise InvalidRequestError("; ".join(f"config.{p}" for p in problems)) from exc
