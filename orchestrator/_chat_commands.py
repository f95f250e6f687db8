"""The chat's slash commands (`/tools`, `/servers`, `/provider`, ...): what each one does, for
every front door that reads a conversation a line at a time. On a terminal the REPL
(`orchestrator.repl`) reads the lines; with input piped in, the one-shot (`cli._ask`) does, and a
line that starts with `/` is the same command there as at the prompt (rich prints no colour and
no spinner where the output is not a terminal: plain text).

`Chat.command` prints on the chat's `Console` and returns what the front door does next: `None`
(read the next line), `LEAVE` (`/quit`), or an `Ask` (`/prompt`: a request and its context, which
the front door answers as it answers any other). `/read` attaches what it read to the next
request (`Chat.take_attached`); `/clear` and `/resume` give the chat another session and
conversation, made by the front door (`Chat.new_session`). A command that cannot be done (an
unknown one, a server's refusal) raises its `OrchestratorError`: the front door says so, in red
at the prompt, on stderr when piped (`run_piped`, which makes the run's exit code 1 as a failed
request does).
"""

from __future__ import annotations

import io
import json
import shlex
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final, Literal

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from orchestrator._display import short
from orchestrator.conversations import Conversation, ConversationStore, age, turns_of
from orchestrator.errors import OrchestratorError, UsageError
from orchestrator.messages import Item

if TYPE_CHECKING:
    from orchestrator.core import Orchestrator
    from orchestrator.session import Session

__all__ = ["COMMANDS", "FAILED", "LEAVE", "Ask", "Chat", "is_command", "piped_chat", "run_piped"]

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

LEAVE: Final = "leave"


@dataclass(frozen=True)
class Ask:
    """A command's request, for the front door to answer (`/prompt`)."""

    request: str
    context: list[Item]


Outcome = Ask | Literal["leave"] | None


def is_command(line: str) -> bool:
    """Whether a line is a slash command (`/servers`), not a request: the REPL's rule, piped too."""
    return line.startswith("/")


@dataclass
class Chat:
    """One conversation as the commands see it: its orchestrator, session and saved file."""

    orchestrator: Orchestrator
    console: Console
    store: ConversationStore
    conversation: Conversation
    session: Session
    new_session: Callable[[list[Item]], Session]  # a session on a history, as the front door's
    turns: list[tuple[str, str]] = field(default_factory=list)  # (request, answer) so far
    attached: list[Item] = field(default_factory=list)  # what /read gives the next request

    def _table(self, *headers: str) -> Table:
        """A table with these column headers: ruled on a terminal; where the output is not one
        (piped, --json), columns only, so what reads it finds words, not box drawing."""
        return Table(*headers) if self.console.is_terminal else Table(*headers, box=None)

    def take_attached(self) -> list[Item]:
        attached, self.attached = self.attached, []
        return attached

    async def command(self, text: str) -> Outcome:
        """Run the slash command `text`; see the module's text for what comes back."""
        name, _, arg = text.strip().partition(" ")
        arg = arg.strip()
        if name in ("/quit", "/exit"):
            return LEAVE
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
            raise UsageError(f"unknown command {name}; /help lists them")
        return await handler(arg)

    def said_resumed(self) -> None:
        count = len(self.turns)
        last = f"; last: {escape(self.turns[-1][0])}" if self.turns else ""
        self.console.print(
            f"[dim]resumed conversation {self.conversation.id} "
            f"({count} request{'s' if count != 1 else ''}{last})[/dim]"
        )

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
        table = self._table("server", "tool", "description")
        for tool in sorted(tools, key=lambda t: (t.server, t.name)):
            mark = " [red](asks first)[/red]" if tool.destructive else ""
            table.add_row(escape(tool.server), escape(tool.name) + mark, escape(tool.summary))
        self.console.print(table)

    async def _servers(self, arg: str) -> None:
        verb, _, name = arg.partition(" ")
        if verb == "reconnect":
            with self.console.status(f"reconnecting {name}…"):
                await self.orchestrator.reconnect(name.strip())
        else:
            with self.console.status("starting every server…"):
                await self.orchestrator.discovery.start_all()
        table = self._table("server", "state", "tools", "reason")
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
            table = self._table("provider", "status", "detail")
            configs = self.orchestrator.settings.providers
            for info in probe_providers(network=False, configs=configs):
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
            self.console.print(f"[bold]{i}. {escape(request)}[/bold]")
            self.console.print(f"   {escape(answer)}")

    async def _resources(self, server: str) -> None:
        with self.console.status("listing resources…"):
            found = await self.orchestrator.resources.list_resources(server or None)
        if not found:
            self.console.print(f"no resources{f' from {server!r}' if server else ''}")
            return
        table = self._table("server", "uri", "description")
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
        self.attached.extend(part.as_item() for part in contents)
        self.console.print("[dim]attached to your next request[/dim]")

    async def _prompts(self, server: str) -> None:
        with self.console.status("listing prompts…"):
            found = await self.orchestrator.resources.list_prompts(server or None)
        if not found:
            self.console.print(f"no prompts{f' from {server!r}' if server else ''}")
            return
        table = self._table("server", "prompt", "description")
        for p in found:
            table.add_row(escape(p.server), escape(p.usage()), escape(p.description))
        self.console.print(table)

    async def _prompt(self, arg: str) -> Ask:
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
        return Ask(prompt.request, list(prompt.context))

    async def _sessions(self, _: str) -> None:
        found = self.store.summaries()
        if not found:
            self.console.print("[dim]no saved conversation yet[/dim]")
            return
        table = Table("id", "updated", "requests", "first request", box=None)
        for summary in found[:20]:
            mark = " [dim](this one)[/dim]" if summary.id == self.conversation.id else ""
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
        self.conversation = conversation
        self.session = self.new_session(history)
        self.turns[:] = turns_of(history)
        self.said_resumed()

    async def _clear(self, _: str) -> None:
        self.session = self.new_session([])
        self.conversation = self.store.new(str(self.orchestrator.settings.source))
        self.turns.clear()
        self.console.clear()
        self.console.print("[dim]conversation cleared[/dim]")


FAILED: Final = "failed"


def piped_chat(
    orchestrator: Orchestrator,
    session: Session,
    conversation: Conversation,
    store: ConversationStore,
    *,
    as_json: bool = False,
) -> Chat:
    """The chat of requests piped in (`cli._ask`): its commands print on stdout (plain text
    unless stdout is a terminal), or into a buffer that `run_piped` prints as JSON."""

    def new_session(history: list[Item]) -> Session:
        fresh = orchestrator.session()
        fresh.history = list(history)
        return fresh

    console = Console(file=io.StringIO(), width=120) if as_json else Console()
    return Chat(orchestrator, console, store, conversation, session, new_session)


async def run_piped(chat: Chat, line: str, *, as_json: bool = False) -> Outcome | Literal["failed"]:
    """`line`, a slash command read from piped input, run as at the chat's prompt: what it
    printed on stdout (with `as_json`, one JSON line: `{"command", "output"}`), a command that
    cannot be done said on stderr (`{"command", "error"}` on stdout with `as_json`): `FAILED`."""
    chat.turns[:] = turns_of(chat.session.history)  # what the piped requests asked so far
    try:
        outcome = await chat.command(line)
    except OrchestratorError as exc:
        print(f"orchestrator: {exc}", file=sys.stderr)
        _said(chat, {"command": line, "error": str(exc)}, as_json)
        return FAILED
    _said(chat, {"command": line}, as_json)
    return outcome


def _said(chat: Chat, said: dict[str, str], as_json: bool) -> None:
    if as_json:
        buffer = chat.console.file
        assert isinstance(buffer, io.StringIO)
        output, _ = buffer.getvalue(), buffer.seek(0)
        buffer.truncate()
        if "error" not in said:
            said["output"] = output
        print(json.dumps(said, ensure_ascii=False))
    sys.stdout.flush()
