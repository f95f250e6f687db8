"""The command line's subcommands: the tools and the state of every server and provider, what
servers offer besides tools, and OAuth sign-in.

```
orchestrator tools                 the tool catalogue, by server
orchestrator doctor                each server and provider, with reasons (exit 1: a server down)
orchestrator resources [SERVER]    resources and resource templates, by server
orchestrator read URI              what a resource holds (text to stdout)
orchestrator prompts [SERVER]      prompts and their arguments, by server
orchestrator skills [SERVER]       the skills servers publish (SEP-2640), by server; none read
orchestrator login SERVER          run the OAuth flow for a remote server now, keep its tokens
orchestrator logout SERVER         revoke and forget that server's tokens and registration
orchestrator fleet [SERVER]        open the fleet server's live dashboard (see `_fleet`)
```

`tools` and `doctor` are told from a request by being the only word (`cli`); the others by
their shape: `resources`, `prompts`, `skills` and `fleet` alone or with a configured server's
name, `read` with one URI (`scheme://...`), `login`/`logout` with a configured server's name;
anything else is a request in plain words ("read me the news").
With `--json` each prints JSON. `orchestrator.cli` dispatches here.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import sys
from collections.abc import Callable
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from orchestrator._progress import progress, starting_message
from orchestrator.config import DIALECT_LABELS, Settings
from orchestrator.errors import OrchestratorError, UsageError

if TYPE_CHECKING:
    from orchestrator.core import Orchestrator
    from orchestrator.elicitation import ElicitationAnswer, ElicitationRequest
    from orchestrator.messages import Question
    from orchestrator.sampling import SamplingRequest
    from orchestrator.terminal import TerminalAsker

__all__ = [
    "COMMANDS",
    "answer_question",
    "asking_options",
    "can_ask",
    "doctor",
    "parse",
    "resource_context",
    "run",
    "tools",
]

COMMANDS = ("resources", "read", "prompts", "skills", "login", "logout", "fleet")
MakeOrchestrator = Callable[..., "Orchestrator"]


SERVER_COMMANDS = ("tools", "resources", "prompts", "skills", "login", "logout")
"""The commands whose one argument is a server's name."""


def mistyped(words: list[str], settings: Settings) -> str | None:
    """What is wrong with a command given a server that is not configured (`tools todoo`,
    `login nope`), or None: two words that begin with such a command are that command, not a
    request to route (and send to a provider). `tasks result` and `tasks cancel` with no task
    id are that command, missing its argument."""
    if words[:1] == ["tasks"] and len(words) == 2 and words[1] in ("result", "cancel"):
        return f"tasks {words[1]} needs a task id: orchestrator tasks {words[1]} ID"
    if len(words) != 2 or words[0] not in SERVER_COMMANDS or words[1] in settings.servers:
        return None
    known = ", ".join(settings.servers) or "none"
    return f"{words[0]}: no server named {words[1]!r} in the config (servers: {known})"


def parse(words: list[str], settings: Settings) -> tuple[str, str | None] | None:
    """`(command, argument)` when `words` is one of these commands, else None (a request)."""
    if words and words[0] == "tasks":  # orchestrator tasks [list | result ID | cancel ID]
        from orchestrator._task_commands import VERBS

        if len(words) == 1 or (
            words[1] in VERBS and len(words) == (2 if words[1] == "list" else 3)
        ):
            return "tasks", " ".join(words[1:]) or None
        return None
    if not words or words[0] not in COMMANDS or len(words) > 2:
        return None
    command, argument = words[0], words[1] if len(words) == 2 else None
    if command in ("resources", "prompts", "skills", "fleet"):
        if argument is None or argument in settings.servers:
            return command, argument
        return None
    if command == "read":
        return (command, argument) if argument is not None and "://" in argument else None
    return (command, argument) if argument is not None and argument in settings.servers else None


async def run(
    command: str,
    argument: str | None,
    settings: Settings,
    args: argparse.Namespace,
    make: MakeOrchestrator,
) -> int:
    if command == "fleet":
        from orchestrator._fleet import open_dashboard

        return await open_dashboard(settings, argument, browser=args.browser, json_output=args.json)
    if command == "tasks":
        from orchestrator._task_commands import run_tasks

        return await run_tasks(argument, settings, args, make)
    if command in ("login", "logout"):
        from orchestrator.oauth import login, logout

        assert argument is not None
        entry = settings.servers[argument]
        if command == "logout":
            print(await logout(entry))
            return 0
        print(await login(entry))
        return 0
    async with contextlib.AsyncExitStack() as stack:
        async with progress(starting_message(settings)):
            orch = await stack.enter_async_context(make(settings, args, model_needed=False))
        if command == "read":
            assert argument is not None
            contents = await orch.resources.read(argument)
            if args.json:
                _print_json([asdict(c) for c in contents])
            else:
                for part in contents:
                    print(part.as_text())
            return 0
        if command == "resources":
            resources = await orch.resources.list_resources(argument)
            if args.json:
                _print_json([asdict(r) for r in resources])
                return 0
            _by_server(
                orch,
                argument,
                [(r.server, _resource_line(r)) for r in resources],
                "no resources",
            )
            return 0
        if command == "skills":
            skills = await orch.skills.list(argument)
            if args.json:
                _print_json([asdict(s) for s in skills])
                return 0
            lines = [(s.server, f"{s.key}  {s.description}") for s in skills]
            _by_server(orch, argument, lines, "no skills")
            return 0
        prompts = await orch.resources.list_prompts(argument)
        if args.json:
            _print_json([asdict(p) for p in prompts])
            return 0
        lines = [(p.server, f"{p.usage()}  {p.description}".rstrip()) for p in prompts]
        _by_server(orch, argument, lines, "no prompts")
        return 0
    raise UsageError(f"unknown command {command}")  # pragma: no cover


def can_ask(args: argparse.Namespace, request: str | None) -> bool:
    """Whether a one-shot request can ask the user: on a terminal, without `--json`."""
    return request is not None and not args.json and sys.stdin.isatty() and sys.stderr.isatty()


@functools.cache
def asker() -> TerminalAsker:
    """The one-shot's asker on stderr, built when first needed: most requests never need
    prompt_toolkit or rich."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.output import create_output
    from rich.console import Console

    from orchestrator.terminal import TerminalAsker

    prompt: Any = PromptSession(output=create_output(stdout=sys.stderr))
    return TerminalAsker(Console(stderr=True, highlight=False), prompt)


async def answer_question(question: Question) -> str | None:
    """Ask the model's question on the terminal as a prefilled form: the answer (`name: value`
    lines) for the next request, or None when the user declines or cancels."""
    return await asker().answer(question)


DISABLED = "disabled: true in the config; not started"


async def tools(
    settings: Settings,
    args: argparse.Namespace,
    make: MakeOrchestrator,
    server: str | None = None,
) -> int:
    """Every server's tools, or `server`'s only (`orchestrator tools todo`)."""
    async with contextlib.AsyncExitStack() as stack:
        async with progress(starting_message(settings)):
            orch = await stack.enter_async_context(make(settings, args, model_needed=False))
        grouped = orch.discovery.catalogue.by_server()
        reports = {
            name: report
            for name, report in orch.discovery.reports.items()
            if server is None or name == server
        }
        if args.json:
            data = {
                name: [
                    {
                        "name": t.name,
                        "description": t.description,
                        "destructive": t.destructive,
                        "input_schema": t.input_schema,
                    }
                    for t in grouped.get(name, [])
                ]
                for name in reports
            }
            print(json.dumps(data, indent=2))
            return 0
        for name, report in reports.items():
            if report.state != "up":
                print(f"{name}: {report.state} ({report.reason})")
                continue
            print(f"{name}:")
            for tool in grouped.get(name, []):
                mark = " [destructive]" if tool.destructive else ""
                print(f"  {tool.name}{mark}  {tool.summary}")
        for name in settings.disabled:
            if server is None or name == server:
                print(f"{name}: disabled ({DISABLED})")
    return 0


async def doctor(settings: Settings, args: argparse.Namespace, make: MakeOrchestrator) -> int:
    from orchestrator.registry import probe_providers

    async with contextlib.AsyncExitStack() as stack:
        async with progress(starting_message(settings)):
            orch = await stack.enter_async_context(make(settings, args, model_needed=False))
        providers = probe_providers(configs=settings.providers)
        try:
            chosen = f"{orch.plan.name} ({orch.plan.reason})"
        except OrchestratorError as exc:
            chosen = f"none: {exc}"
        reports = list(orch.discovery.reports.values())
        if args.json:
            data = {
                "config": str(settings.source),
                "dialect": settings.dialect,
                "secrets": str(settings.secrets) if settings.secrets else None,
                "servers": [asdict(r) for r in reports],
                "disabled": list(settings.disabled),
                "providers": [asdict(p) for p in providers],
                "provider": chosen,
            }
            print(json.dumps(data, indent=2))
        else:
            print(f"config: {settings.source} ({DIALECT_LABELS[settings.dialect]})")
            if settings.secrets:
                print(f"secrets: {settings.secrets}")
            print("servers:")
            for report in reports:
                if report.state == "up":
                    line = f"  {report.name}: up, {len(report.tools)} tools"
                    if report.missing_tools:
                        line += f" (missing expected: {', '.join(report.missing_tools)})"
                    print(line)
                else:
                    print(f"  {report.name}: {report.state}: {report.reason}")
                    for err in report.stderr:
                        print(f"      stderr: {err}")
            for name in settings.disabled:
                print(f"  {name}: disabled: {DISABLED}")
            print("providers:")
            for info in providers:
                print(f"  {info.name}: {info.status}: {info.detail}")
            print(f"provider in use: {chosen}")
        return 1 if orch.discovery.down() else 0


def asking_options(args: argparse.Namespace, request: str | None) -> dict[str, Any]:
    """A one-shot request on a terminal asks the user what servers ask (on stderr) and sends them
    to the browser to sign in to a server that needs OAuth; with input piped in or `--json`,
    nobody is asked and such requests are declined."""
    if not can_ask(args, request):
        return {}

    async def elicit(request: ElicitationRequest) -> ElicitationAnswer:
        return await asker().elicit(request)

    async def approve_sampling(request: SamplingRequest) -> bool:
        return await asker().approve_sampling(request)

    async def authorize(server: str, url: str) -> None:
        from orchestrator.oauth import open_in_browser

        await open_in_browser(server, url)

    return {"elicit": elicit, "approve_sampling": approve_sampling, "authorize": authorize}


async def resource_context(orch: Orchestrator, uris: list[str]) -> list[Any]:
    """The contents of the resources named with `--resource`, as messages for the model."""
    return [part.as_item() for uri in uris for part in await orch.resources.read(uri)]


def _resource_line(resource: Any) -> str:
    kind = " [template]" if resource.template else ""
    mime = f"  ({resource.mime_type})" if resource.mime_type else ""
    return f"{resource.uri}{kind}{mime}  {resource.description}".rstrip()


def _by_server(
    orch: Orchestrator, only: str | None, lines: list[tuple[str, str]], empty: str
) -> None:
    for report in orch.reports:
        if only is not None and report.name != only:
            continue
        if report.state != "up":
            print(f"{report.name}: {report.state} ({report.reason})")
            continue
        mine = [line for server, line in lines if server == report.name]
        print(f"{report.name}:" if mine else f"{report.name}: {empty}")
        for line in mine:
            print(f"  {line}")


def _print_json(data: Any) -> None:
    json.dump(data, sys.stdout, indent=2, ensure_ascii=False)
    print()
