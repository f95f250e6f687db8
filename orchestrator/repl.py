"""The chat REPL: ``python -m orchestrator`` (or ``orchestrator chat``) on a terminal.

A thin front door over :class:`orchestrator.session.Session`: prompt_toolkit for input (persistent
history, slash-command completion, Esc+Enter for a new line), rich for output (answers as
markdown, streamed as the model writes them, tool listings as tables shown once, a spinner while
servers start and while a request runs, one dim line per tool call). When a server asks for
input, its form is asked field by field; when it asks to use the model, the user is asked first
(`orchestrator.terminal`). A server's log messages of level notice and above (the fleet's
"Agent 'x' finished", "... waits for input", "... failed") are shown as a line, above the prompt
while you type (lower levels go to the debug log). Ctrl-C cancels the request in flight and
returns to the prompt; Ctrl-D or ``/quit`` leaves and closes every server.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import shlex
import signal
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from prompt_toolkit import Application, PromptSession
from prompt_toolkit.application import run_in_terminal
from prompt_toolkit.application.current import set_app
from prompt_toolkit.completion import Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.history import FileHistory
from prompt_toolkit.key_binding import KeyBindings
from rich.console import Console
from rich.markdown import Markdown
from rich.markup import escape
from rich.status import Status
from rich.table import Table
from rich.text import Text

from orchestrator._display import StreamView, short, without_listed
from orchestrator._listing import asks_for_ids, listed_names, listing_lines
from orchestrator._paths import user_dir
from orchestrator.conversations import ConversationStore, age, turns_of
from orchestrator.errors import OrchestratorError, UsageError
from orchestrator.messages import Item
from orchestrator.terminal import TerminalAsker

if TYPE_CHECKING:
    from prompt_toolkit.input import Input
    from prompt_toolkit.output import Output

    from orchestrator.config import Settings
    from orchestrator.core import Orchestrator
    from orchestrator.handlers import Progress, ServerLog
    from orchestrator.result import AskResult, ToolCall
    from orchestrator.session import Session

__all__ = ["COMMANDS", "ChatREPL", "chat", "history_path"]

logger = logging.getLogger("orchestrator")

SHOWN_LEVELS = {"notice": "cyan", "warning": "yellow", "error": "red", "critical": "red",
                "alert": "red", "emergency": "red"}  # fmt: skip
"""The levels of servers' log messages shown as a line, with their colour."""

COMMANDS: dict[str, str] = {
    "/help": "this help",
    "/tools": "the tools, by server (/tools SERVER for one server)",
    "/servers": "each server's status with reasons (/servers reconnect NAME)",
    "/provider": "the provider in use and those known (/provider NAME to switch)",
    "/model": "the model in use (/model NAME to switch)",
    "/resources": "the servers' resources (/resources SERVER for one server)",
    "/read": "show a resource and give it to the next request: /read URI",
    "/prompts": "the servers' prompts (/prompts SERVER for one server)",
    "/prompt": "run a prompt as the request: /prompt NAME key=value …",
    "/history": "what was asked and answered in this conversation",
    "/usage": "the tokens and cost of this conversation so far",
    "/sessions": "the saved conversations, the latest first",
    "/resume": "carry on a saved conversation: /resume ID (a prefix will do)",
    "/clear": "forget this conversation and clear the screen",
    "/quit": "leave (Ctrl-D too); every server is closed",
}


def history_path() -> Path:
    """Where prompt history persists, per user."""
    return user_dir("state") / "history"


class _SlashCompleter(Completer):
    def get_completions(self, document: Document, complete_event: Any) -> Any:
        text = document.text_before_cursor
        if text.startswith("/") and " " not in text:
            for name, help_text in COMMANDS.items():
                if name.startswith(text):
                    yield Completion(name, start_position=-len(text), display_meta=help_text)


def _key_bindings() -> KeyBindings:
    bindings = KeyBindings()

    @bindings.add("escape", "enter")
    def _newline(event: Any) -> None:
        event.current_buffer.insert_text("\n")

    return bindings


def _call_line(tool: str, arguments: dict[str, Any]) -> str:
    args = ", ".join(f"{k}={short(v)}" for k, v in arguments.items())
    return f"{tool}({args})"


@dataclass
class ChatREPL:
    """One interactive conversation; `run()` starts the orchestrator with this REPL's approval
    prompt and call display, holds the conversation, and closes everything on the way out."""

    settings: Settings
    options: dict[str, Any] = field(default_factory=dict)
    console: Console = field(default_factory=lambda: Console(highlight=False))
    input: Input | None = None
    output: Output | None = None
    history_file: Path | None = None
    turns: list[tuple[str, str]] = field(default_factory=list)
    show_ids: bool = False  # `-v`: listings show ids (else only a request "with ids" does)
    resume: str | None = None  # a saved conversation to open ("" the last), else a new one
    store: ConversationStore = field(default_factory=ConversationStore)

    def __post_init__(self) -> None:
        path = self.history_file or history_path()
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        # What was typed is the user's alone, as their conversations are (0600).
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600))
        with contextlib.suppress(OSError):
            os.chmod(path, 0o600)  # a history made before this was world-readable
        self.prompt: PromptSession[str] = PromptSession(
            history=FileHistory(str(path)),
            completer=_SlashCompleter(),
            complete_while_typing=True,
            key_bindings=_key_bindings(),
            input=self.input,
            output=self.output,
        )
        self._status: Status | None = None
        self._orchestrator: Orchestrator | None = None
        self._session: Session | None = None
        self._stream: StreamView | None = None
        self._listed: set[str] = set()  # records shown in listings during this request
        self._calls: list[ToolCall] = []  # this request's calls whose listings are not shown yet
        self._ids = False  # this request's listings show ids
        self._attached: list[Item] = []  # what /read gives the next request
        form = self._form = PromptSession[str](input=self.input, output=self.output)
        self.asker = TerminalAsker(self.console, form, pause=self._paused)
        self._shown: set[asyncio.Future[None]] = set()  # servers' lines being printed

    @property
    def orchestrator(self) -> Orchestrator:
        assert self._orchestrator is not None, "run() starts it"
        return self._orchestrator

    @property
    def session(self) -> Session:
        assert self._session is not None, "run() starts it"
        return self._session

    async def run(self) -> int:
        """Start the servers (with a spinner), read and answer until Ctrl-D or /quit, then close
        every server. Returns the exit code."""
        from orchestrator.core import Orchestrator
        from orchestrator.handlers import ClientHandlers

        orchestrator = Orchestrator(
            self.settings,
            approve=self._approve,
            on_tool_call=self._show_call,
            on_tool_result=self._show_result,
            elicit=self.asker.elicit,
            approve_sampling=self.asker.approve_sampling,
            authorize=self._authorize,
            on_server_log=self._server_said,
            handlers=ClientHandlers(progress=self._show_progress),
            **self.options,
        )
        from orchestrator._progress import starting_message

        resumed = self.store.find(self.resume or None) if self.resume is not None else None
        history = resumed.load() if resumed is not None else []
        self._conversation = resumed or self.store.new(str(self.settings.source))
        async with contextlib.AsyncExitStack() as stack:
            with self.console.status(starting_message(self.settings)):
                self._orchestrator = await stack.enter_async_context(orchestrator)
            self._session = self._new_session(history)
            if resumed is not None:
                self._said_resumed()
            return await self._converse()

    def _new_session(self, history: list[Item] | None = None) -> Session:
        session = self.orchestrator.session()
        session.declined_hint = "You said no; ask again and answer y at “Run it? [y/N]” to do it."
        session.history = list(history or [])
        self.turns[:] = turns_of(session.history)
        return session

    def _said_resumed(self) -> None:
        count = len(self.turns)
        last = f"; last: {escape(self.turns[-1][0])}" if self.turns else ""
        self.console.print(
            f"[dim]resumed conversation {self._conversation.id} "
            f"({count} request{'s' if count != 1 else ''}{last})[/dim]"
        )

    async def _converse(self) -> int:
        self._banner()
        while True:
            try:
                text = await self.prompt.prompt_async("› ")
            except KeyboardInterrupt:
                continue  # Ctrl-C at the prompt clears the line
            except EOFError:
                break
            text = text.strip()
            if not text:
                continue
            if text.startswith("/"):
                if await self.command(text):
                    break
                continue
            await self.ask(text)
        self.console.print("[dim]bye[/dim]")
        return 0

    def _banner(self) -> None:
        orch = self.orchestrator
        up = [r.name for r in orch.reports if r.state in ("up", "idle")]
        down = [r for r in orch.reports if r.state in ("down", "withdrawn")]
        provider = orch.choice.name
        self.console.print(
            f"[bold]orchestrator[/bold] · provider [cyan]{provider}[/cyan] · "
            f"servers: {', '.join(up) or 'none'} · {len(orch.catalogue)} tools · "
            "[dim]/help for commands[/dim]"
        )
        for report in down:
            self.console.print(f"[yellow]! {report.describe()}[/yellow]")

    async def ask(self, text: str, context: list[Item] | None = None) -> None:
        """Answer one request; Ctrl-C cancels it and returns to the prompt."""
        loop = asyncio.get_running_loop()
        context = [*self._attached, *(context or [])]
        self._attached = []
        self._listed = set()
        self._calls = []
        self._ids = self.show_ids or asks_for_ids(text)
        stream = self._stream = StreamView(self.console, self._listed)
        task = asyncio.ensure_future(
            self.session.ask(text, context=context, on_text=self._streamed)
        )

        def interrupt() -> None:
            task.cancel()

        loop.add_signal_handler(signal.SIGINT, interrupt)
        try:
            with self.console.status("thinking…", spinner="dots") as status:
                self._status = status
                result = await task
        except asyncio.CancelledError:
            if not task.cancelled():
                raise
            stream.close()
            self.console.print("[yellow]cancelled[/yellow]")
            return
        except OrchestratorError as exc:
            stream.close()
            self.console.print(f"[red]error:[/red] {exc}")
            return
        finally:
            self._status = None
            loop.remove_signal_handler(signal.SIGINT)
        stream.close()
        self.turns.append((text, result.text))
        self._conversation.save(self.session)
        if result.question is not None:  # the model asks first: a form, prefilled
            answer = await self.asker.answer(result.question)
            if answer is not None:
                await self.ask(answer)
            return
        self._render(result, streamed=stream.started)
        self.console.print(f"[dim]{result.spent.line()}[/dim]")

    def _streamed(self, piece: str) -> None:
        if self._status is not None:
            self._status.stop()
        if self._calls and self._stream is not None and not self._stream.started:
            self._show_listings("")  # the model answers after listing: the listing first
        if self._stream is not None:
            self._stream.add(piece)

    def _render(self, result: AskResult, *, streamed: bool = False) -> None:
        self._show_listings(result.text)
        if streamed:  # the model's words are on screen already; what the session added is not
            for note in result.notes:
                self.console.print(f"[yellow]{note}[/yellow]")
        elif result.text:
            self.console.print(Markdown(without_listed(result.text, self._listed)))

    def _show_call(self, request: ToolCall) -> None:
        if self._stream is not None:
            self._stream.pause()
        self.console.print(f"[dim]→ {_call_line(request.tool, request.arguments)}[/dim]")
        if self._status is not None:
            self._status.update(f"running {request.tool}…")
            self._status.start()

    def _show_progress(self, report: Progress) -> None:
        """A server's progress on the call in flight, in the line that says it runs."""
        if self._status is not None:
            self._status.update(report.describe())

    def _show_result(self, call: ToolCall) -> None:
        self._calls.append(call)  # its listing waits for the answer (a look-up is not shown)

    def _show_listings(self, answer: str) -> None:
        """The listings of the calls made so far that are worth showing (`shown_listings`), as
        lines that fit the terminal; the records shown are left out of the answer's bullets."""
        calls, self._calls = self._calls, []
        lines = listing_lines(calls, answer, self.console.width, ids=self._ids)
        for i, line in enumerate(lines):
            header = i == 0 or (lines[i - 1] == "" and line)
            self.console.print(line, style="bold" if header else None, markup=False)
        self._listed |= listed_names(calls, answer)

    def _server_said(self, said: ServerLog) -> None:
        """A server's log message as one line: above the prompt (which is drawn again after it)
        while one is open, else where the output is."""
        colour = SHOWN_LEVELS.get(said.level)
        if colour is None:
            logger.debug("%s says (%s): %s", said.server, said.level, said.text)
            return
        line = Text.assemble((f"{said.server}: ", "dim"), (said.text, colour))
        app = self._open_prompt()
        if app is None:
            if self._stream is not None:
                self._stream.pause()
            self.console.print(line)
            return
        with set_app(app):
            shown = asyncio.ensure_future(run_in_terminal(lambda: self.console.print(line)))
        self._shown.add(shown)
        shown.add_done_callback(self._shown.discard)

    def _open_prompt(self) -> Application[Any] | None:
        for session in (self.prompt, self._form):
            if session.app.is_running:
                return session.app
        return None

    async def _authorize(self, server: str, url: str) -> None:
        from orchestrator.oauth import open_in_browser

        with self._paused():
            await open_in_browser(server, url)

    @contextlib.contextmanager
    def _paused(self) -> Iterator[None]:
        """Nothing drawn while the user is asked something."""
        status = self._status
        if self._stream is not None:
            self._stream.pause()
        if status is not None:
            status.stop()
        try:
            yield
        finally:
            if status is not None:
                status.start()

    async def _approve(self, request: ToolCall) -> bool:
        with self._paused():
            self.console.print(
                f"[bold yellow]{request.tool}[/bold yellow] on [bold]{request.server}[/bold] "
                "changes data that cannot be restored:"
            )
            for key, value in request.arguments.items():
                self.console.print(f"    {key} = {json.dumps(value, default=str)}")
            try:
                answer = await self.prompt.prompt_async("Run it? [y/N] ")
            except (KeyboardInterrupt, EOFError):
                answer = ""
            return answer.strip().lower() in ("y", "yes")

    async def command(self, text: str) -> bool:
        """Run a slash command; True means leave."""
        name, _, arg = text.partition(" ")
        arg = arg.strip()
        if name in ("/quit", "/exit"):
            return True
        handlers = {
            "/help": self._help,
            "/tools": self._tools,
            "/servers": self._servers,
            "/provider": self._provider,
            "/model": self._model,
            "/history": self._history,
            "/usage": self._usage,
            "/clear": self._clear,
            "/resources": self._resources,
            "/read": self._read,
            "/prompts": self._prompts,
            "/prompt": self._prompt,
            "/sessions": self._sessions,
            "/resume": self._resume,
        }
        handler = handlers.get(name)
        if handler is None:
            self.console.print(f"[red]unknown command {name}[/red]; /help lists them")
            return False
        try:
            await handler(arg)
        except OrchestratorError as exc:
            self.console.print(f"[red]error:[/red] {exc}")
        return False

    async def _help(self, _: str) -> None:
        table = Table(show_header=False, box=None)
        for name, help_text in COMMANDS.items():
            table.add_row(f"[bold]{name}[/bold]", help_text)
        self.console.print(table)
        self.console.print(
            "[dim]Anything else is a request. Esc+Enter for a new line; Ctrl-C cancels a "
            "request; Ctrl-D leaves.[/dim]"
        )

    async def _tools(self, server: str) -> None:
        tools = [
            t for t in self.orchestrator.catalogue.values() if not server or t.server == server
        ]
        if not tools:
            self.console.print(f"no tools{f' from {server!r}' if server else ''}")
            return
        table = Table("server", "tool", "description")
        for tool in sorted(tools, key=lambda t: (t.server, t.name)):
            mark = " [red](asks first)[/red]" if tool.destructive else ""
            table.add_row(escape(tool.server), escape(tool.name) + mark, escape(tool.description))
        self.console.print(table)

    async def _servers(self, arg: str) -> None:
        verb, _, name = arg.partition(" ")
        if verb == "reconnect":
            with self.console.status(f"reconnecting {name}…"):
                await self.orchestrator.reconnect(name.strip())
        else:
            with self.console.status("starting every server…"):
                await self.orchestrator.discovery.start_all()
        table = Table("server", "state", "tools", "reason")
        for report in self.orchestrator.reports:
            colour = "green" if report.state == "up" else "red"
            reason = report.reason or ""
            if report.stderr:
                reason += "\n" + "\n".join(report.stderr[-3:])
            table.add_row(
                report.name, f"[{colour}]{report.state}[/{colour}]", str(len(report.tools)), reason
            )
        self.console.print(table)

    async def _provider(self, name: str) -> None:
        from orchestrator.registry import probe_providers

        if name:
            self.orchestrator.use_provider(name, None)
        choice = self.orchestrator.choice
        model = f" · model: {choice.model_name}" if choice.model_name else ""  # (offline: none)
        self.console.print(f"provider: [cyan]{choice.name}[/cyan]{model}")
        if not name:
            table = Table("provider", "status", "detail")
            for info in probe_providers(network=False, configs=self.settings.providers):
                table.add_row(info.name, info.status, info.detail)
            self.console.print(table)

    async def _model(self, name: str) -> None:
        if name:
            self.orchestrator.use_provider(self.orchestrator.choice.name, name)
        self.console.print(f"model: {self.orchestrator.choice.model_name or 'none'}")

    async def _usage(self, _: str) -> None:
        self.console.print(f"this conversation: {self.session.spend.line()}")

    async def _history(self, _: str) -> None:
        if not self.turns:
            self.console.print("[dim]nothing asked yet[/dim]")
        for i, (request, answer) in enumerate(self.turns, 1):
            self.console.print(f"[bold]{i}. {request}[/bold]")
            self.console.print(f"   {answer}")

    async def _resources(self, server: str) -> None:
        with self.console.status("listing resources…"):
            found = await self.orchestrator.resources.list_resources(server or None)
        if not found:
            self.console.print(f"no resources{f' from {server!r}' if server else ''}")
            return
        table = Table("server", "uri", "description")
        for r in found:
            mark = " [dim](template)[/dim]" if r.template else ""
            table.add_row(escape(r.server), escape(r.uri) + mark, escape(r.description))
        self.console.print(table)

    async def _read(self, uri: str) -> None:
        if not uri:
            raise UsageError("/read takes a URI: /read concierge://guide")
        with self.console.status(f"reading {uri}…"):
            contents = await self.orchestrator.resources.read(uri)
        for part in contents:
            kind = escape(part.mime_type or "")
            self.console.print(f"[bold]{escape(part.uri)}[/bold] [dim]{kind}[/dim]")
            self.console.print(part.as_text(), markup=False, highlight=False)
        self._attached.extend(part.as_item() for part in contents)
        self.console.print("[dim]attached to your next request[/dim]")

    async def _prompts(self, server: str) -> None:
        with self.console.status("listing prompts…"):
            found = await self.orchestrator.resources.list_prompts(server or None)
        if not found:
            self.console.print(f"no prompts{f' from {server!r}' if server else ''}")
            return
        table = Table("server", "prompt", "description")
        for p in found:
            table.add_row(escape(p.server), escape(p.usage()), escape(p.description))
        self.console.print(table)

    async def _prompt(self, arg: str) -> None:
        try:
            words = shlex.split(arg)
        except ValueError as exc:
            raise UsageError(f"/prompt: {exc}") from exc
        if not words:
            raise UsageError("/prompt takes a name and key=value arguments: /prompt NAME k=v …")
        name, pairs = words[0], words[1:]
        bad = [p for p in pairs if "=" not in p]
        if bad:
            raise UsageError(f"/prompt arguments are key=value, not {', '.join(bad)}")
        arguments = dict(pair.split("=", 1) for pair in pairs)
        prompt = await self.orchestrator.resources.get_prompt(name, arguments)
        said = escape(f"prompt {name} from {prompt.server}: {prompt.request}")
        self.console.print(f"[dim]{said}[/dim]")
        await self.ask(prompt.request, prompt.context)

    async def _sessions(self, _: str) -> None:
        found = self.store.summaries()
        if not found:
            self.console.print("[dim]no saved conversation yet[/dim]")
            return
        table = Table("id", "updated", "requests", "first request", box=None)
        for summary in found[:20]:
            mark = " [dim](this one)[/dim]" if summary.id == self._conversation.id else ""
            table.add_row(
                escape(summary.id) + mark,
                age(summary.updated),
                str(summary.requests),
                escape(short(summary.title)),
            )
        self.console.print(table)
        self.console.print("[dim]/resume ID carries one on (a prefix of the ID will do)[/dim]")

    async def _resume(self, arg: str) -> None:
        if not arg:
            raise UsageError("/resume takes a conversation's ID (see /sessions)")
        conversation = self.store.find(arg)
        history = conversation.load()
        self._conversation = conversation
        self._session = self._new_session(history)
        self._said_resumed()

    async def _clear(self, _: str) -> None:
        self._session = self._new_session()
        self._conversation = self.store.new(str(self.settings.source))
        self.turns.clear()
        self.console.clear()
        self.console.print("[dim]conversation cleared[/dim]")


async def chat(
    settings: Settings,
    console: Console | None = None,
    *,
    show_ids: bool = False,
    resume: str | None = None,
    **options: Any,
) -> int:
    """The chat REPL over `settings` (on the saved conversation `resume`, "" the last);
    `options` are the Orchestrator's keyword arguments."""
    console = console or Console(highlight=False)
    repl = ChatREPL(settings, options, console=console, show_ids=show_ids, resume=resume)
    return await repl.run()
