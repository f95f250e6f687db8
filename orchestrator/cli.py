"""`orchestrator "..."` / `python -m orchestrator "..."`: the command-line front door (thin).

Exit codes: 0 answered; 1 the request could not be done (it failed, its servers are down, no
answer within `--timeout`); 2 usage or config error; 130 interrupted (SIGINT, Ctrl-C); 143
terminated (SIGTERM or SIGHUP). On a signal the run ends at once, every server it started
stopped. Answers go to stdout, logs and the progress indicator to stderr. Heavy modules are
imported only once needed. Every path goes through `Orchestrator`.
"""

from __future__ import annotations

import argparse
import asyncio
import atexit
import contextlib
import functools
import gc
import json
import logging
import math
import os
import shutil
import signal
import stat
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from orchestrator import tracing
from orchestrator.config import Settings, load_config
from orchestrator.errors import OrchestratorError, RequestError, UsageError

if TYPE_CHECKING:
    from orchestrator._chat_commands import Chat
    from orchestrator.core import Orchestrator
    from orchestrator.result import AskResult
    from orchestrator.tasks import TaskEntry, TaskPolicy

__all__ = ["build_parser", "main"]

logger = logging.getLogger("orchestrator")
SUBCOMMANDS = ("tools", "doctor", "chat")
EXIT_INTERRUPTED = 130
EXIT_TERMINATED = 143
EXIT_BROKEN_PIPE = 141  # what a shell reports for a command SIGPIPE ended (`... | head -1`)
TERMINATING = (signal.SIGTERM, signal.SIGHUP)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="orchestrator",
        description="Do what you ask with the tools of the configured MCP servers.",
        epilog="Subcommands: `orchestrator tools` lists the tools by server; `orchestrator doctor` "
        "shows each server's and provider's status; `orchestrator chat` (or no request, on a "
        "terminal) opens the chat REPL; `orchestrator resources [SERVER]`, `read URI`, "
        "`prompts [SERVER]` and `skills [SERVER]` show what servers offer besides tools; "
        "`orchestrator tasks` "
        "lists the tool calls made as tasks (`tasks result ID`, `tasks cancel ID`); "
        "`orchestrator login SERVER` and `logout SERVER` sign in to (or out of) a remote server "
        "with OAuth; `orchestrator fleet [SERVER]` opens the fleet server's live dashboard. "
        "With no request and input piped in, each line is a request in one conversation, "
        "answered in plain text as it arrives; a line that starts with / is a chat command "
        "(/servers, /tools, /quit, ...), as at the chat's prompt.",
    )
    parser.add_argument("request", nargs="*", help="what you want done, in plain words")
    parser.add_argument(
        "--config",
        metavar="PATH",
        help="mcp_agent.config.yaml, fastagent.config.yaml, a Claude/Cursor/Cline mcpServers "
        "JSON file or a VS Code mcp.json",
    )
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
        "--timeout",
        type=_seconds,
        metavar="SECONDS",
        help="give up on a request after this long",
    )
    parser.add_argument(
        "--no-early-start",
        dest="early_start",
        action="store_false",
        default=None,
        help="spawn stdio servers only after the client's imports (ORCHESTRATOR_EARLY_START=0)",
    )
    parser.add_argument(
        "--no-cache",
        dest="catalogue_cache",
        action="store_false",
        default=None,
        help="start every server and list its tools now, not from the cache of earlier runs",
    )
    parser.add_argument(
        "--provider-attempts",
        type=int,
        metavar="N",
        help="attempts per provider request, retries included (default 4)",
    )
    parser.add_argument(
        "--provider-timeout",
        type=_seconds,
        metavar="SECONDS",
        help="how long the provider has to answer one model request (default 120; "
        "ORCHESTRATOR_PROVIDER_TIMEOUT, or timeout_seconds in the provider's config section)",
    )
    parser.add_argument(
        "--resource",
        action="append",
        metavar="URI",
        default=[],
        help="give the model this resource's contents with the request (repeatable)",
    )
    parser.add_argument(
        "--no-browser",
        dest="browser",
        action="store_false",
        help="`orchestrator fleet`: print the dashboard's URL without opening a browser",
    )
    parser.add_argument(
        "--trace",
        metavar="FILE",
        help="write the run's OpenTelemetry spans (the servers' too) to FILE as OTLP JSON lines",
    )
    parser.add_argument(
        "--detach",
        action="store_true",
        help="leave a tool call made as a task running and say its ID (orchestrator tasks "
        "result ID fetches it)",
    )
    parser.add_argument(
        "--continue",
        dest="continue_conversation",
        action="store_true",
        help="carry on the last conversation (a one-shot's or the REPL's)",
    )
    parser.add_argument(
        "--resume",
        nargs="?",
        const="",
        metavar="ID",
        help="open the chat REPL on a saved conversation (the last one without an ID)",
    )
    parser.add_argument(
        "-v",
        "--verbose",
        action="count",
        default=0,
        help="more logs on stderr (-vv for debug), ids in listings",
    )
    return parser


def _seconds(text: str) -> float:
    """A ``--timeout`` or ``--provider-timeout``: a positive, finite number of seconds (argparse
    makes a refusal exit 2, naming the flag)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {text!r}") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds, got {text!r}")
    return value


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
        logging.getLogger("mcp").setLevel(logging.CRITICAL)
    if verbose < 1:  # an exporter's retries: only its final failure, once
        logging.getLogger("opentelemetry").setLevel(logging.ERROR)


def _skip_final_collection() -> None:
    """At exit, spare the interpreter its last garbage collection over every object left: the
    SDKs' type graphs make it take about 0.25 s after the answer is out. Every server is stopped
    and every file closed by then; memory goes back to the system anyway."""
    gc.disable()
    gc.freeze()


TASKS_USAGE = """\
usage: orchestrator [--config PATH] tasks [list | result ID | cancel ID] [--json]

The tool calls left running as tasks (`orchestrator --detach REQUEST`), from every folder and
config of this user, kept in the state folder.

  tasks, tasks list  each task: server, tool, ID, status (as its server says now; as last
                     seen, marked stale, when its server cannot be asked), started
  tasks result ID    wait for the task (its status as progress) and print the tool's result;
                     Ctrl-C stops the waiting, not the task. Exit 1 when the tool failed
  tasks cancel ID    cancel the task and print its status

An ID may be shortened to any unique prefix. A task is asked of the server it was started on,
in the config it was started with (wherever it is run from), starting that server alone.

options:
  --json             the listing, or the result, as JSON
  --config PATH      the config whose servers are asked for a task kept without its own
                     (one kept by an older version)
"""


def _tasks_help(argv: list[str] | None) -> bool:
    """Print `orchestrator tasks --help` (the tasks' own usage) when asked; else False."""
    words = sys.argv[1:] if argv is None else argv
    if not {"-h", "--help"} & set(words):
        return False
    rest = [w for w in words if w not in ("-h", "--help")]
    known, _ = build_parser().parse_known_args(rest)
    if known.request[:1] != ["tasks"]:
        return False
    print(TASKS_USAGE, end="")
    return True


def main(argv: list[str] | None = None) -> int:
    atexit.unregister(_skip_final_collection)
    atexit.register(_skip_final_collection)
    if _tasks_help(argv):
        return 0
    args = build_parser().parse_args(argv)
    _setup_logging(args.verbose)
    command = args.request[0] if len(args.request) == 1 and args.request[0] in SUBCOMMANDS else None
    try:
        settings = load_config(args.config, servers=args.server or None)
        tracing.configure(settings, trace_file=args.trace)
    except OrchestratorError as exc:
        print(f"orchestrator: {exc}", file=sys.stderr)
        return exc.exit_code
    interactive = all(s is not None and s.isatty() for s in (sys.stdin, sys.stdout))
    if command is None and not args.request and interactive:
        command = "chat"  # also with --resume
    if args.resume is not None and command != "chat":
        print("orchestrator: --resume opens the chat REPL: orchestrator chat --resume [ID]; "
              'to carry a one-shot on, use --continue "…"', file=sys.stderr)  # fmt: skip
        return UsageError.exit_code
    from orchestrator import commands

    if (wrong := commands.mistyped(args.request, settings)) is not None:
        print(f"orchestrator: {wrong}", file=sys.stderr)
        return UsageError.exit_code
    client_command = commands.parse(args.request, settings)
    work: Callable[[], Awaitable[int]]
    if client_command is not None:
        work = functools.partial(commands.run, *client_command, settings, args, _orchestrator)
    elif command == "chat" and interactive:
        from orchestrator.repl import chat

        work = functools.partial(
            chat, settings, show_ids=args.verbose > 0, resume=args.resume, **_options(args)
        )
    elif command == "tools" or (args.request[:1] == ["tools"] and len(args.request) == 2):
        server = args.request[1] if len(args.request) == 2 else None
        work = functools.partial(commands.tools, settings, args, _orchestrator, server)
    elif command == "doctor":
        work = functools.partial(commands.doctor, settings, args, _orchestrator)
    else:
        request = None if command == "chat" else " ".join(args.request).strip() or None
        if request is None and args.request and command is None:  # orchestrator ""
            print(
                "orchestrator: the request is empty: say what to do, e.g. "
                'orchestrator "remind me to buy eggs"',
                file=sys.stderr,
            )
            return UsageError.exit_code
        work = functools.partial(_ask, settings, args, request)
    try:
        return asyncio.run(_until_signalled(work))
    except OrchestratorError as exc:
        print(f"orchestrator: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        return broken_pipe()
    finally:
        tracing.shutdown()  # the spans still buffered are exported


def broken_pipe() -> int:
    """What reading our output stopped (`orchestrator ... | head -1`) ends with: quietly, as
    other commands do, not a traceback; standard output goes to /dev/null so that the flush at
    exit finds nothing to complain about."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    return EXIT_BROKEN_PIPE


async def _until_signalled(work: Callable[[], Awaitable[int]]) -> int:
    """Run `work`; SIGTERM or SIGHUP cancels it, so every context it entered (servers
    included) is closed on the way out. (asyncio turns SIGINT into a KeyboardInterrupt, which
    does the same.)"""
    loop = asyncio.get_running_loop()
    task = asyncio.current_task()
    assert task is not None
    received: list[int] = []

    def terminate(sig: int) -> None:
        received.append(sig)
        task.cancel()

    for sig in TERMINATING:
        loop.add_signal_handler(sig, terminate, sig)
    try:
        return await work()
    except asyncio.CancelledError:
        if received:
            print(f"orchestrator: stopped by {signal.Signals(received[0]).name}", file=sys.stderr)
            return EXIT_TERMINATED
        raise
    finally:
        for sig in TERMINATING:
            loop.remove_signal_handler(sig)


def _options(args: argparse.Namespace) -> dict[str, Any]:
    """The Orchestrator's keyword arguments from the command line."""
    return {
        "provider": args.provider,
        "model": args.model,
        "yes": args.yes,
        "timeout": args.timeout,
        "early_start": args.early_start,
        "provider_attempts": args.provider_attempts,
        "provider_timeout": args.provider_timeout,
        "catalogue_cache": args.catalogue_cache,
    }


def _orchestrator(settings: Settings, args: argparse.Namespace, **extra: Any) -> Orchestrator:
    from orchestrator.core import Orchestrator

    return Orchestrator(settings, **{**_options(args), **extra})


NO_REQUEST = (
    'no request: give one as an argument (orchestrator "remind me to buy eggs"), or pipe '
    "requests in, one a line; stdin had none"
)


def _stdin_streams() -> bool:
    """Whether stdin brings lines over time (a pipe, a socket, a terminal): they are read as
    they arrive. Anything else (a file, /dev/null, a closed stdin) is read at once."""
    try:
        mode = os.fstat(sys.stdin.fileno()).st_mode
    except (AttributeError, OSError, ValueError):
        return False
    return stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode) or sys.stdin.isatty()


def _stdin_file_lines() -> list[str]:
    """The requests in a stdin that is a file (or /dev/null), read now."""
    try:
        data = sys.stdin.buffer.read()
    except (AttributeError, OSError, ValueError):
        return []
    lines = data.decode("utf-8", errors="replace").splitlines()
    return [line.strip() for line in lines if line.strip()]


async def _stdin_lines() -> AsyncIterator[str]:
    """Requests from piped input, one a line, each as soon as it arrives."""
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    pipe = os.fdopen(os.dup(sys.stdin.fileno()), "rb", buffering=0)  # stdin stays open
    transport, _ = await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), pipe)
    try:
        while raw := await reader.readline():
            line = raw.decode("utf-8", errors="replace").strip()
            if line:
                yield line
    finally:  # a transport left open warns when it is collected
        transport.close()


async def _requests(request: str | None, lines: list[str] | None) -> AsyncIterator[str]:
    if request is not None:
        yield request
    elif lines is not None:
        for line in lines:
            yield line
    else:
        async for line in _stdin_lines():
            yield line


async def _ask(
    settings: Settings,
    args: argparse.Namespace,
    request: str | None,
    make: Callable[..., contextlib.AbstractAsyncContextManager[Orchestrator]] | None = None,
) -> int:
    """Answer `request` (or each line of piped input). `--timeout` bounds start-up and the first
    request together, and each later request on its own. `make` gives the orchestrator (the
    warm daemon lends one of its own: `orchestrator.daemon`); by default a new one."""
    from orchestrator._progress import ProgressLine, progress, starting_message
    from orchestrator.commands import answer_question, asking_options, can_ask, resource_context
    from orchestrator.conversations import ConversationStore

    store = ConversationStore()  # each one-shot is kept, so --continue can carry it on
    config = str(settings.source)
    conversation = store.latest(config) if args.continue_conversation else store.new(config)
    history = conversation.load() if args.continue_conversation else []
    lines = _stdin_file_lines() if request is None and not _stdin_streams() else None
    if lines == []:  # nothing to do: said before any server starts
        print(f"orchestrator: {NO_REQUEST}", file=sys.stderr)
        return UsageError.exit_code
    failed = asked = pending = False
    first = asyncio.get_running_loop().time()
    deadline = first + args.timeout if args.timeout else None
    options = asking_options(args, request)
    # A server's progress on a call, on stderr; the calls made as tasks (kept in the state
    # folder, and said). A warm daemon's orchestrator outlives this request: it relays these
    # handlers to this request's (`orchestrator.daemon._server`).
    from orchestrator.handlers import ClientHandlers

    shown = ProgressLine.on_terminal()
    started: list[TaskEntry] = []
    options["handlers"] = ClientHandlers(
        progress=shown.show if shown is not None else None,
        tasks=_task_policy(args, started, settings),
    )
    async with contextlib.AsyncExitStack() as stack:
        stack.enter_context(
            tracing.span("orchestrator", attributes={"mcp_orchestrator.run": "ask"})
        )
        try:
            async with asyncio.timeout_at(deadline), progress(starting_message(settings)):
                orch = await stack.enter_async_context(
                    (make or _orchestrator)(settings, args, **options)
                )
        except TimeoutError:
            print(
                f"orchestrator: no answer within {args.timeout:g}s: the servers were still "
                "starting",
                file=sys.stderr,
            )
            return 1
        except OrchestratorError as exc:  # a required server down, a provider not operative
            if not args.json:
                raise
            _print_unstarted(request, exc, args, settings)
            return exc.exit_code
        session = orch.session()
        session.history = history
        try:
            async with asyncio.timeout_at(deadline):
                context = await resource_context(orch, args.resource)
        except TimeoutError:
            print(
                f"orchestrator: no answer within {args.timeout:g}s: reading the resources given "
                "with --resource",
                file=sys.stderr,
            )
            return 1
        chat: Chat | None = None  # the chat's slash commands, once a piped line is one
        async for line in _requests(request, lines):
            asked = True
            if request is None and line.startswith("/"):  # a command, as at the chat's prompt
                from orchestrator._chat_commands import FAILED, LEAVE, Ask, piped_chat, run_piped

                chat = chat or piped_chat(orch, session, conversation, store, as_json=args.json)
                chat.session, chat.conversation = session, conversation
                outcome = await run_piped(chat, line, as_json=args.json)
                session, conversation = chat.session, chat.conversation  # /clear, /resume
                context = [*context, *chat.take_attached()]  # /read: for the next request
                if outcome == LEAVE:
                    break
                if not isinstance(outcome, Ask):
                    failed = failed or outcome == FAILED
                    continue
                line, context = outcome.request, [*context, *outcome.context]  # /prompt
            kept = len(session.history)
            try:
                async with asyncio.timeout_at(deadline):
                    result = await session.ask(line, context=context)
            except TimeoutError:
                result = None
                error: OrchestratorError = RequestError(
                    f"no answer within {args.timeout:g}s", calls=session.last_calls
                )
            except OrchestratorError as exc:
                result, error = None, exc
            finally:
                if shown is not None:
                    shown.clear()
                deadline = None  # later requests: the session's own timeout, each
                context = []  # the resources go with the first request only
            if result is None:
                if len(session.history) > kept:  # the calls that ran before it failed: kept
                    conversation.save(session)
                _print_failure(line, error, args.json, orch)
                failed = True
                continue
            if result.question is not None and can_ask(args, request):
                answer = await answer_question(result.question)  # a form, on the terminal
                if answer:  # (sent with no field filled: nothing to ask)
                    line, result = answer, await session.ask(answer)
            conversation.save(session)
            _print_result(result, line, args.json, ids=args.verbose > 0)
            pending = result.question is not None  # unanswered, unless a later line answers it
            failed = failed or not (result.done or pending)
    _say_left_running(started, settings if make is None else None)
    if not asked:  # a pipe closed before it brought a line
        print(f"orchestrator: {NO_REQUEST}", file=sys.stderr)
        return UsageError.exit_code
    return 1 if failed or pending else 0


def _task_policy(
    args: argparse.Namespace, started: list[TaskEntry], settings: Settings
) -> TaskPolicy | None:
    """With `--detach`, a tool that offers tasks is called as one, left running at once and kept
    in the state folder (`orchestrator tasks`), with the config its server came from (`tasks
    result ID` from another folder asks that server); else None: tools that only offer tasks
    get their plain call (one that requires a task is still followed to its end)."""
    from orchestrator.tasks import TaskPolicy, TaskStore

    if not args.detach:
        return None

    store = TaskStore()

    def record(entry: TaskEntry) -> None:
        if entry.server in settings.servers:
            entry = entry.made_with(settings.source, settings.servers[entry.server])
        store.save(entry)
        started[:] = [e for e in started if e.task_id != entry.task_id] + [entry]

    return TaskPolicy(wait_seconds=0, record=record)


def _say_left_running(started: list[TaskEntry], here: Settings | None) -> None:
    """Each task left running, and how to fetch it. `here`: this run's settings when its
    servers are this process's own (not the warm daemon's): a stdio server stops as the command
    exits, and a task whose work runs in that process ends with it (the daemon keeps it)."""
    from orchestrator.tasks import left_running_text

    for entry in started:
        if entry.done:
            continue
        server = here.servers.get(entry.server) if here is not None else None
        if server is None or server.transport != "stdio":
            print(f"orchestrator: {left_running_text(entry)}", file=sys.stderr)
            continue
        print(
            f"orchestrator: {entry.tool} was started on server {entry.server!r} as task "
            f"{entry.task_id}, but {entry.server!r} runs over stdio as a child of this command, "
            "which stops it now: the task ends with it, unless the server hands its work to a "
            "process of its own. The warm orchestrator daemon keeps the server, and the task, "
            "running (run without ORCHESTRATOR_DAEMON=0 or `daemon: false`); or serve "
            f"{entry.server!r} over HTTP",
            file=sys.stderr,
        )


def _print_result(result: AskResult, request: str, as_json: bool, *, ids: bool = False) -> None:
    if as_json:
        from orchestrator.transcript import Transcript

        transcript = Transcript.of(result, request).dump()
        print(json.dumps(transcript, default=str, ensure_ascii=False))
    elif sys.stdout.isatty():  # listings as lines that fit (plain text when piped, as gh does)
        from orchestrator._listing import asks_for_ids, for_terminal

        width = shutil.get_terminal_size().columns
        ids = ids or asks_for_ids(request)
        print(for_terminal(result.tool_calls, result.text, width, ids=ids))
    else:
        print(result.text)
    sys.stdout.flush()


def _print_unstarted(
    request: str | None, exc: OrchestratorError, args: argparse.Namespace, settings: Settings
) -> None:
    """A request no orchestrator could be made for, with --json: the reason on stderr, and a
    transcript saying so (no server listed: none was kept)."""
    from orchestrator.transcript import Transcript

    print(f"orchestrator: {exc}", file=sys.stderr)
    provider = args.provider or settings.orchestrator.provider or ""
    transcript = Transcript.failed(
        request or "", str(exc), provider=provider, servers=[], degraded=False
    )
    print(json.dumps(transcript.dump(), default=str, ensure_ascii=False))
    sys.stdout.flush()


def _print_failure(request: str, exc: OrchestratorError, as_json: bool, orch: Orchestrator) -> None:
    """A failed request: the reason on stderr, and with --json a transcript saying so, with the
    tool calls it made before it failed."""
    print(f"orchestrator: {exc}", file=sys.stderr)
    if as_json:
        from orchestrator.transcript import Transcript

        transcript = Transcript.failed(
            request,
            str(exc),
            provider=orch.choice.name,
            servers=[asdict(r) for r in orch.reports],
            degraded=orch.discovery.degraded,
            tool_calls=exc.calls if isinstance(exc, RequestError) else (),
        )
        print(json.dumps(transcript.dump(), default=str, ensure_ascii=False))
        sys.stdout.flush()
