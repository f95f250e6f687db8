"""The orchestrator: the one owner of a run's resources (servers, provider), and its sessions.

```python
async with Orchestrator.from_config(None, approve=lambda call: True) as orch:
    result = await orch.ask("remind me to buy eggs tomorrow at 3pm")
    print(result.text, result.tool_calls, result.degraded)
```

Entering it, in this order and in one `AsyncExitStack`: the provider is picked and checked
(cheap, so a bad one is refused before any server starts); the stdio servers are spawned
(`early_start`), so they boot while the provider's SDK is imported and its model made; then every
server is connected and catalogued (`Discovery`). Leaving it closes all of that, whatever
happened. The CLI, the REPL, `tools`, `doctor` and the library all go through here.
"""

from __future__ import annotations

import asyncio
import math
import os
from collections.abc import Sequence
from contextlib import AsyncExitStack
from pathlib import Path
from typing import TYPE_CHECKING, Any

from orchestrator import tracing
from orchestrator.config import Settings, load_config
from orchestrator.errors import UsageError
from orchestrator.options import RunOptions

if TYPE_CHECKING:
    from orchestrator.catalogue import CatalogueTool, RenamedTool
    from orchestrator.discovery import Discovery, ServerReport, StartMode
    from orchestrator.elicitation import Elicit
    from orchestrator.handlers import ClientHandlers, OnServerLog
    from orchestrator.models import Model, ModelSettings
    from orchestrator.oauth import Authorize
    from orchestrator.registry import Choice, Plan
    from orchestrator.resources import Resources
    from orchestrator.result import AskResult, ServerRequest
    from orchestrator.runner import Approver, ToolCallObserver, ToolRunner
    from orchestrator.sampling import ApproveSampling
    from orchestrator.session import Session
    from orchestrator.skills import Skills

__all__ = ["Orchestrator", "ask_sync"]


def _check_model(model: object) -> None:
    """`model` is a model's name, a `Model` (a `name` and an async `respond`), or None."""
    if model is None or isinstance(model, str):
        return
    lacks = [
        what
        for what, ok in (
            ("a name (str)", isinstance(getattr(model, "name", None), str)),
            ("an async respond(ModelRequest)", callable(getattr(model, "respond", None))),
        )
        if not ok
    ]
    if lacks:
        raise UsageError(
            f"model: a model's name, or an object with a name and an async "
            f"respond(ModelRequest) (orchestrator.models.Model); {type(model).__name__} lacks "
            f"{' and '.join(lacks)}"
        )


class Orchestrator:
    """Connects the configured servers, holds the chosen provider, answers requests.

    `model` is a model name for the provider, or a `Model` to use as it is (a provider from
    the registry is then not needed). `approve` is asked about each call that needs approval
    (return True to run it; `yes=True` approves them all); `on_tool_call` is told of each call
    just before it runs. `timeout` bounds each request; `max_turns` how many times the model
    may answer one request with tool calls (over `max_turns` under the config's `orchestrator:`,
    8 by default), past which the request fails. `early_start`, `provider_attempts` and
    `provider_timeout` (seconds a provider has to answer one model request) override the
    environment and the config (see `orchestrator.options`). `start` chooses when
    servers start (`orchestrator.discovery`: `all`, `lazy`, `background`; by default `lazy` for
    the offline router and `background` for a model, `all` without the catalogue cache).
    `model_needed=False` connects the servers without making a model (what `tools` and `doctor`
    need; all of them on entry unless `start` says otherwise). `renamed` offers servers' tools
    under names (and descriptions and schemas) of the caller's
    (`orchestrator.catalogue.RenamedTool`); a server whose allowed tools are all renamed with a
    schema starts at its first call when starting `lazy`.

    `on_tool_result` is told of each call that ran, with its outcome. When a server asks:
    `elicit` answers its requests for input (`orchestrator.elicitation`), `approve_sampling`
    says whether it may use the model (`orchestrator.sampling`; `yes` does not approve it), and
    the working folder (or its `roots`) is offered as its roots; without a callback, its request
    is declined. `authorize(server, url)` sends the user to sign in to a server that needs OAuth
    (`orchestrator.oauth.open_in_browser`); without it such a server is down until
    `orchestrator login`. `on_server_log` is told of each log message a server sends
    (`orchestrator.handlers.ServerLog`); without it they are logged at INFO.

    While it is open, the models it makes keep one SDK client (and its connections to the
    provider) for all their requests (`orchestrator.models._clients`); it closes them on exit.
    """

    def __init__(
        self,
        settings: Settings,
        *,
        provider: str | None = None,
        model: str | Model | None = None,
        yes: bool = False,
        approve: Approver | None = None,
        on_tool_call: ToolCallObserver | None = None,
        timeout: float | None = None,
        max_turns: int | None = None,
        early_start: bool | None = None,
        provider_attempts: int | None = None,
        provider_timeout: float | None = None,
        catalogue_cache: bool | None = None,
        start: StartMode | None = None,
        handlers: ClientHandlers | None = None,
        model_needed: bool = True,
        elicit: Elicit | None = None,
        approve_sampling: ApproveSampling | None = None,
        on_tool_result: ToolCallObserver | None = None,
        authorize: Authorize | None = None,
        renamed: Sequence[RenamedTool] = (),
        on_server_log: OnServerLog | None = None,
    ) -> None:
        _check_model(model)
        if timeout is not None and not (
            isinstance(timeout, int | float) and math.isfinite(timeout) and timeout > 0
        ):
            raise UsageError(f"timeout: must be a positive number of seconds, got {timeout!r}")
        if max_turns is not None and (
            isinstance(max_turns, bool) or not isinstance(max_turns, int) or max_turns < 1
        ):
            raise UsageError(f"max_turns: must be a whole number of at least 1, got {max_turns!r}")
        unknown = sorted({r.server for r in renamed} - set(settings.servers))
        if unknown:
            known = ", ".join(settings.servers) or "none"
            raise UsageError(
                f"renamed: no server named {', '.join(map(repr, unknown))} in the config "
                f"(known: {known})"
            )
        self.renamed = tuple(renamed)
        self.settings = settings
        self.provider_name = provider
        self.model_name = model if isinstance(model, str) else None
        self._given = None if model is None or isinstance(model, str) else model
        self.timeout = timeout
        self.max_turns = settings.orchestrator.max_turns if max_turns is None else max_turns
        self.options = RunOptions.resolve(
            settings.orchestrator,
            early_start=early_start,
            provider_attempts=provider_attempts,
            provider_timeout=provider_timeout,
            catalogue_cache=catalogue_cache,
        )
        self._yes = yes
        self._approve = approve
        self._on_tool_call = on_tool_call
        self._on_tool_result = on_tool_result
        self._authorize = authorize
        self._handlers = handlers
        self._elicit = elicit
        self._approve_sampling = approve_sampling
        self._on_server_log = on_server_log
        self.server_requests: list[ServerRequest] = []  # what servers asked, in order
        self._sampling_models: dict[tuple[str, str], Model] = {}
        self._model_needed = model_needed
        self._start = start
        self._stack: AsyncExitStack | None = None
        self._discovery: Discovery | None = None
        self._runner: ToolRunner | None = None
        self._skills: Skills | None = None
        self._choice: Choice | None = None
        self._plan: Plan | None = None
        self._default_session: Session | None = None
        self._kept: list[Any] | None = None  # the models whose SDK client is kept while open

    @classmethod
    def from_config(
        cls,
        path: str | os.PathLike[str] | None = None,
        *,
        servers: list[str] | None = None,
        **kwargs: Any,
    ) -> Orchestrator:
        """Load the config (see `orchestrator.config` for the lookup order)."""
        return cls(load_config(path, servers=servers or None), **kwargs)

    # -- lifecycle -----------------------------------------------------------------------
    async def __aenter__(self) -> Orchestrator:
        from orchestrator.cache import CatalogueCache
        from orchestrator.discovery import Discovery
        from orchestrator.handlers import client_handlers
        from orchestrator.registry import Choice
        from orchestrator.runner import ToolRunner
        from orchestrator.skills import Skills
        from orchestrator.stdio import discard_all, prestart

        if self._stack is not None:
            raise RuntimeError("this Orchestrator is already started")
        tracing.configure(self.settings)  # before any server is spawned: they trace too
        async with AsyncExitStack() as stack:
            self._kept = []
            stack.push_async_callback(self._close_models)  # last, after the servers
            if self._given is not None:
                self._choice = Choice(
                    self.provider_name or self._given.name, self._given.name, self._given, "given"
                )
            plan = (  # checked before any server starts
                self._plan_provider(self.provider_name, self.model_name)
                if self._model_needed and self._given is None
                else None
            )
            start = self._start_mode(plan)
            early = prestart(self.settings) if self.options.early_start and start != "lazy" else {}
            stack.callback(discard_all, early.values())  # those no connection took
            if plan is not None:  # the SDK is imported while the servers boot
                self._plan = plan
                self._choice = self._build(plan)
            handlers = client_handlers(
                authorize=self._authorize,
                elicit=self._elicit,
                approve_sampling=self._approve_sampling,
                model_for=self._sampling_model,
                record=self.server_requests.append,
                cwd=Path.cwd(),
                given=self._handlers,
                on_server_log=self._on_server_log,
            )
            discovery = Discovery(
                self.settings,
                prestarted=early,
                handlers=handlers,
                cache=CatalogueCache() if self.options.catalogue_cache else None,
                start=start,
                renamed=self.renamed,
            )
            self._discovery = await stack.enter_async_context(discovery)
            self._skills = Skills(self._discovery)
            self._runner = ToolRunner(
                self._discovery,
                approve=self._approve,
                on_tool_call=self._on_tool_call,
                yes=self._yes,
                on_tool_result=self._on_tool_result,
                local_tools=self._skills.tools(),
            )
            self._stack = stack.pop_all()
        return self

    def _start_mode(self, plan: Plan | None) -> StartMode:
        """`start` when given (an agent framework's tools start as its model needs them,
        `orchestrator.integrations`; the agents gateway's bound servers at their first call);
        else all now when no model is needed (tools, doctor) or without the cache; else the
        offline router starts only what a request uses, and a model (which thinks over the
        cached tools meanwhile) has them all started in the background."""
        if self._start is not None:
            return self._start
        if not self._model_needed or not self.options.catalogue_cache:
            return "all"
        return "lazy" if plan is not None and plan.name == "offline" else "background"

    async def __aexit__(self, *exc_info: object) -> None:
        stack, self._stack = self._stack, None
        self._discovery = self._runner = self._default_session = self._skills = None
        if stack is not None:
            await stack.aclose()

    # -- what is running -----------------------------------------------------------------
    @property
    def discovery(self) -> Discovery:
        if self._discovery is None:
            raise RuntimeError("use `async with Orchestrator(...)` first")
        return self._discovery

    @property
    def reports(self) -> list[ServerReport]:
        return list(self.discovery.reports.values())

    @property
    def catalogue(self) -> dict[str, CatalogueTool]:
        return dict(self.discovery.catalogue.tools)

    @property
    def resources(self) -> Resources:
        """The servers' resources and prompts (`orchestrator.resources`)."""
        from orchestrator.resources import Resources

        return Resources(self.discovery)

    @property
    def skills(self) -> Skills:
        """The servers' skills (`orchestrator.skills`): listed, loaded when used, verified."""
        if self._skills is None:
            raise RuntimeError("use `async with Orchestrator(...)` first")
        return self._skills

    @property
    def plan(self) -> Plan:
        """The provider picked (on entry; on first use when `model_needed=False`)."""
        if self._plan is None:
            self._plan = self._plan_provider(self.provider_name, self.model_name)
        return self._plan

    def _plan_provider(self, name: str | None, model: str | None) -> Plan:
        from orchestrator.registry import plan_provider

        cfg = self.settings.orchestrator
        return plan_provider(name, model, cfg.provider, cfg.model, configs=self.settings.providers)

    @property
    def choice(self) -> Choice:
        """The provider in use and its model (made on first use when `model_needed=False`)."""
        if self._choice is None:
            self._choice = self._build(self.plan)
        return self._choice

    def _build(self, plan: Plan) -> Choice:
        """Make `plan`'s model (importing its SDK), retrying as the options say."""
        from orchestrator.models.retry import RetryPolicy

        timeout = self.options.provider_timeout_for(plan.name, plan.provider.config)
        choice = plan.build(RetryPolicy(attempts=self.options.provider_attempts, timeout=timeout))
        keep = getattr(choice.model, "keep_client", None)
        if self._kept is not None and keep is not None:  # open: its requests share a client
            keep()
            self._kept.append(choice.model)
        return choice

    async def _close_models(self) -> None:
        kept, self._kept = self._kept or [], None
        for model in kept:
            await model.aclose()

    def use_provider(self, name: str, model: str | None = None) -> None:
        """Switch provider (or model) for the requests that follow; history is kept."""
        plan = self._plan_provider(name, model)
        self._choice = self._build(plan)
        self._plan = plan
        self.provider_name, self.model_name = name, model

    def _sampling_model(self, name: str | None) -> tuple[str, Model]:
        """The provider in use and the model that answers a server's sampling request: `name`
        (its `sampling: {model}`) of that provider, else the model in use."""
        from orchestrator.sampling import SamplingDeclined

        choice = self.choice
        if choice.name == "offline":
            raise SamplingDeclined(
                "the offline provider has no language model to answer with; choose an LLM "
                "provider (--provider) to let servers use the model"
            )
        if name is None or name == choice.model_name or self._given is not None:
            return choice.name, choice.model
        key = (choice.name, name)
        if key not in self._sampling_models:
            self._sampling_models[key] = self._build(self._plan_provider(choice.name, name)).model
        return choice.name, self._sampling_models[key]

    async def reconnect(self, server: str) -> ServerReport:
        """Try a server that is down or was withdrawn again."""
        return await self.discovery.reconnect(server)

    # -- requests ------------------------------------------------------------------------
    def session(
        self, *, system_prompt: str | None = None, model_settings: ModelSettings | None = None
    ) -> Session:
        """A new conversation; follow-up requests see what came before. `system_prompt`
        replaces the orchestrator's instructions (its own, the local time, the config's);
        `model_settings` (temperature, top_p, max_tokens) go with every turn."""
        from orchestrator.session import Session

        if self._runner is None:
            raise RuntimeError("use `async with Orchestrator(...)` first")
        return Session(
            runner=self._runner,
            model=lambda: self.choice,
            instructions=self.settings.orchestrator.instructions,
            timeout=self.timeout,
            server_requests=self.server_requests,
            system_prompt=system_prompt,
            model_settings=model_settings,
            prices=self.settings.orchestrator.prices,
            skills=self._skills,
            max_turns=self.max_turns,
        )

    async def ask(self, request: str) -> AskResult:
        """Answer one request in the orchestrator's default session (one at a time: a request
        made while another is under way waits for it; `Session.ask`)."""
        if self._default_session is None:
            self._default_session = self.session()
        return await self._default_session.ask(request)


def ask_sync(
    request: str, config: str | os.PathLike[str] | Path | None = None, **kwargs: Any
) -> AskResult:
    """Start, answer one request, stop: for plain scripts. Inside a running event loop (async
    code, a notebook), a UsageError: there, `async with Orchestrator.from_config(...)` and
    `await orch.ask(...)`."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        pass  # none: a plain script, as meant
    else:
        raise UsageError(
            "ask_sync() cannot run inside a running event loop (async code, a notebook): "
            "use `async with Orchestrator.from_config(...) as orch: await orch.ask(...)`"
        )

    async def run() -> AskResult:
        async with Orchestrator.from_config(config, **kwargs) as orch:
            return await orch.ask(request)

    return asyncio.run(run())
