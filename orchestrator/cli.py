"""`orchestrator "..."` / `python -m orchestrator "..."`: the command-line front door (thin).

Exit codes: 0 answered, 1 the request failed, 2 usage or config error. Answers go to stdout,
logs and the progress indicator to stderr. Heavy modules are imported only once needed.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import sys
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Any

from orchestrator.config import Settings, load_config
from orchestrator.errors import OrchestratorError

if TYPE_CHECKING:
    from orchestrator.core import AskResult, Orchestrator

__all__ = ["main"]

logger = logging.getLogger("orchestrator")
SUBCOMMANDS = ("tools", "doctor", "chat")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="orchestrator",
        description="Do what you ask with the tools of the configured MCP servers.",
        epilog="Subcommands: `orchestrator tools` lists the tools by server; `orchestrator doctor` "
        "shows each server's and provider's status; `orchestrator chat` (or no request, on a "
        "terminal) opens the chat REPL. With no request and input piped in, each line is a "
        "request in one conversation, answered in plain text.",
    )
    parser.add_argument("request", nargs="*", help="what you want done, in plain words")
    parser.add_argument("--config", metavar="PATH", help="mcp_agent.config.yaml or Claude JSON")
    parser.add_argument("--provider", help="provider name (see `orchestrator doctor`)")
    parser.add_argument("--model", help="model name for the provider")
    parser.add_argument(
        "--server",
        action="append",
        metavar="NAME",
        default=[],
        help="use only this server (repeatable)",
    )
    parser.add_argument("--json", action="store_true", help="print a machine-readable transcript")
    parser.add_argument(
        "--yes", action="store_true", help="confirm destructive tool calls (delete, remove, cancel)"
    )
    parser.add_argument(
        "--timeout", type=float, metavar="SECONDS", help="give up on a request after this long"
    )
    parser.add_argument(
        "-v", "--verbose", action="count", default=0, help="more logs on stderr (-vv for debug)"
    )
    return parser


def _setup_logging(verbose: int) -> None:
    level = logging.WARNING if verbose == 0 else logging.INFO if verbose == 1 else logging.DEBUG
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(
        logging.Formatter("%(levelname)s %(message)s" if verbose else "orchestrator: %(message)s")
    )
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    if verbose < 2:  # we report server failures ourselves, once, with reasons
        logging.getLogger("openai.agents").setLevel(logging.CRITICAL)
        logging.getLogger("mcp").setLevel(logging.CRITICAL)


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    _setup_logging(args.verbose)
    command = args.request[0] if len(args.request) == 1 and args.request[0] in SUBCOMMANDS else None
    try:
        settings = load_config(args.config)
        if args.server:
            settings = settings.select(args.server)
    except OrchestratorError as exc:
        print(f"orchestrator: {exc}", file=sys.stderr)
        return exc.exit_code
    requests: list[str] | None
    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    if command == "chat" or (not args.request and interactive):
        command = "chat" if interactive else None
        requests = None if interactive else []  # `chat` with piped input reads lines
    elif command or args.request:
        requests = None if command else [" ".join(args.request)]
    else:
        requests = []  # read from stdin as we go
    try:
        if command == "chat":
            from orchestrator.repl import chat

            return asyncio.run(chat(_orchestrator(settings, args)))
        if command == "tools":
            return asyncio.run(_tools(settings, args))
        if command == "doctor":
            return asyncio.run(_doctor(settings, args))
        return asyncio.run(_ask(settings, args, requests or None))
    except OrchestratorError as exc:
        print(f"orchestrator: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        return 130


@contextlib.asynccontextmanager
async def progress(message: str) -> AsyncIterator[None]:
    """A spinner on stderr while servers start, only on a terminal."""
    if not sys.stderr.isatty():
        yield
        return
    frames = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"

    async def spin() -> None:
        i = 0
        while True:
            sys.stderr.write(f"\r{frames[i % len(frames)]} {message}")
            sys.stderr.flush()
            i += 1
            await asyncio.sleep(0.1)

    task = asyncio.create_task(spin())
    try:
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        sys.stderr.write("\r" + " " * (len(message) + 2) + "\r")
        sys.stderr.flush()


def _orchestrator(settings: Settings, args: argparse.Namespace) -> Orchestrator:
    from orchestrator.core import Orchestrator

    return Orchestrator(
        settings, provider=args.provider, model=args.model, yes=args.yes, timeout=args.timeout
    )


async def _ask(settings: Settings, args: argparse.Namespace, requests: list[str] | None) -> int:
    orch = _orchestrator(settings, args)
    async with progress(f"starting {len(settings.servers)} server(s)…"):
        await orch.start()
    try:
        session = orch.session()
        failed = False
        lines = requests if requests is not None else _stdin_lines()
        for request in lines:
            try:
                result = await session.ask(request)
            except OrchestratorError as exc:
                print(f"orchestrator: {exc}", file=sys.stderr)
                failed = True
                continue
            _print_result(result, request, args.json)
            calls = result.tool_calls
            if calls and all(c.status == "error" for c in calls):
                failed = True
        return 1 if failed else 0
    finally:
        await orch.aclose()


def _stdin_lines() -> list[str]:
    return [line.strip() for line in sys.stdin if line.strip()]


def _print_result(result: AskResult, request: str, as_json: bool) -> None:
    if as_json:
        print(json.dumps(result.as_dict(request), default=str, ensure_ascii=False))
    else:
        print(result.text)
    sys.stdout.flush()


async def _discover(settings: Settings) -> Any:
    from orchestrator.stdio import prestart

    early = prestart(settings)  # servers boot while the client imports
    from orchestrator.discovery import Discovery

    discovery = Discovery(settings, prestarted=early)
    async with progress(f"starting {len(settings.servers)} server(s)…"):
        await discovery.__aenter__()
    return discovery


async def _tools(settings: Settings, args: argparse.Namespace) -> int:
    discovery = await _discover(settings)
    try:
        grouped = discovery.catalogue.by_server()
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
                for name in discovery.reports
            }
            print(json.dumps(data, indent=2))
            return 0
        for name, report in discovery.reports.items():
            if report.state != "up":
                print(f"{name}: {report.state} ({report.reason})")
                continue
            print(f"{name}:")
            for tool in grouped.get(name, []):
                mark = " [destructive]" if tool.destructive else ""
                summary = tool.description.splitlines()[0] if tool.description else ""
                print(f"  {tool.name}{mark}  {summary}")
        return 0
    finally:
        await discovery.aclose()


async def _doctor(settings: Settings, args: argparse.Namespace) -> int:
    from orchestrator.registry import choose_provider, probe_providers

    discovery = await _discover(settings)
    try:
        providers = probe_providers()
        cfg = settings.orchestrator
        try:
            choice = choose_provider(args.provider, args.model, cfg.provider, cfg.model)
            chosen = f"{choice.name} ({choice.reason})"
        except OrchestratorError as exc:
            chosen = f"none: {exc}"
        if args.json:
            print(
                json.dumps(
                    {
                        "config": str(settings.source),
                        "servers": [r.as_dict() for r in discovery.reports.values()],
                        "providers": [p.as_dict() for p in providers],
                        "provider": chosen,
                    },
                    indent=2,
                )
            )
        else:
            print(f"config: {settings.source}")
            print("servers:")
            for report in discovery.reports.values():
                if report.state == "up":
                    line = f"  {report.name}: up, {len(report.tools)} tools"
                    if report.missing_tools:
                        line += f" (missing expected: {', '.join(report.missing_tools)})"
                    print(line)
                else:
                    print(f"  {report.name}: {report.state}: {report.reason}")
                    for err in report.stderr:
                        print(f"      stderr: {err}")
            print("providers:")
            for info in providers:
                note = "" if info.installed else " (not available in this version)"
                print(f"  {info.name}: {info.status}{note}: {info.detail}")
            print(f"provider in use: {chosen}")
        return 1 if discovery.down() else 0
    finally:
        await discovery.aclose()
