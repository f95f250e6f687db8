"""The chat REPL: ``python -m orchestrator`` (or ``orchestrator chat``) on a terminal.

A thin front door over :class:`orchestrator.session.Session`: prompt_toolkit for input (persistent
history, slash-command completion, Esc+Enter for a new line), rich for output (answers as
markdown, streamed as the model writes them, tool listings as tables shown once, a spinner while
servers start and while a request runs, one dim line per tool call). When a server asks for
input, its form is asked field by field; when it asks to use the model, the user is asked first
(`orchestrator.terminal`). A server's log messages of level notice and above (the fleet's
"Agent 'x' finished", "... waits for input", "... failed") are shown as a line, above the prompt
while you type (lower levels go to the debug log). Ctrl-C cancels the request in flight and
returns to the prompt; Ctrl-D or ``/quit`` leaves and closes every server. The slash commands
are `orchestrator._chat_commands`' (piped input runs them too).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
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
from rich.text import Text

from orchestrator._chat_commands import COMMANDS, LEAVE, Ask, Chat, is_command
from orchestrator._display import StreamView, short, without_listed
from orchestrator._listing import asks_for_ids, listed_names, listing_lines
from orchestrator._paths import user_dir
from orchestrator.conversations import ConversationStore, turns_of
from orchestrator.errors import OrchestratorError
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
        self._chat: Chat | None = None
        self._stream: StreamView | None = None
        self._listed: set[str] = set()  # records shown in listings during this request
        self._calls: list[ToolCall] = []  # this request's calls whose listings are not shown yet
        self._ids = False  # this request's listings show ids
        form = self._form = PromptSession[str](input=self.input, output=self.output)
        self.asker = TerminalAsker(self.console, form, pause=self._paused)
        self._shown: set[asyncio.Future[None]] = set()  # servers' lines being printed

    @property
    def orchestrator(self) -> Orchestrator:
        assert self._orchestrator is not None, "run() starts it"
        return self._orchestrator

    @property
    def chat(self) -> Chat:
        """The conversation and its slash commands (`orchestrator._chat_commands`)."""
        assert self._chat is not None, "run() starts it"
        return self._chat

    @property
    def session(self) -> Session:
        return self.chat.session

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
        async with contextlib.AsyncExitStack() as stack:
            with self.console.status(starting_message(self.settings)):
                self._orchestrator = await stack.enter_async_context(orchestrator)
            self.turns[:] = turns_of(history)
            self._chat = Chat(
                orchestrator=self._orchestrator,
                console=self.console,
                store=self.store,
                conversation=resumed or self.store.new(str(self.settings.source)),
                session=self._new_session(history),
                new_session=self._new_session,
                turns=self.turns,
            )
            if resumed is not None:
                self.chat.said_resumed()
            return await self._converse()

    def _new_session(self, history: list[Item]) -> Session:
        session = self.orchestrator.session()
        session.declined_hint = "You said no; ask again and answer y at “Run it? [y/N]” to do it."
        session.history = list(history)
        return session

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
            if is_command(text):
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
        context = [*self.chat.take_attached(), *(context or [])]
        self._listed = set()
        self._calls = []
        self._ids = self.show_ids or asks_for_ids(text)
        stream = self._stream = StreamView(self.console, self._listed)
        kept = len(self.session.history)
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
            self._keep_what_ran(kept)
            self.console.print("[yellow]cancelled[/yellow]")
            return
        except OrchestratorError as exc:
            stream.close()
            self._keep_what_ran(kept)
            self.console.print(f"[red]error:[/red] {exc}")
            return
        finally:
            self._status = None
            loop.remove_signal_handler(signal.SIGINT)
        stream.close()
        self.turns.append((text, result.text))
        self.chat.conversation.save(self.session)
        if result.question is not None:  # the model asks first: a form, prefilled
            answer = await self.asker.answer(result.question)
            if answer:  # (a form sent with no field filled says nothing to ask)
                await self.ask(answer)
            return
        self._render(result, streamed=stream.started)
        self.console.print(f"[dim]{result.spent.line()}[/dim]")

    def _keep_what_ran(self, kept: int) -> None:
        """A request that failed or was cancelled: the calls that ran before it (the session's
        history keeps them) are saved at once, not at the next answer, which may never come."""
        if len(self.session.history) > kept:
            self.chat.conversation.save(self.session)

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
        """Run a slash command (`orchestrator._chat_commands`); True means leave."""
        try:
            outcome = await self.chat.command(text)
        except OrchestratorError as exc:
            self.console.print(f"[red]error:[/red] {escape(str(exc))}")
            return False
        if isinstance(outcome, Ask):
            await self.ask(outcome.request, outcome.context)
        return outcome == LEAVE


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
