"""Asking the user on a terminal what servers ask: a form (elicitation), a URL to open, whether a
server may use the model (sampling); and what a model asks (a `Question`: the same form, each
field prefilled with what the model understood). The chat REPL and the one-shot on a terminal
use it.

A form is asked field by field (prompt_toolkit: a choice completes with Tab), each answer checked
as it is typed (a wrong one is said and asked again); an empty answer keeps the default or skips
an optional field; `/decline` refuses the form and Ctrl-C (or Ctrl-D) cancels it; the answers are
shown and sent only after a last yes (Enter, y or yes; n, no or /decline refuses; anything else is
asked again). One question at a time, even when several servers ask at
once.
"""

from __future__ import annotations

import asyncio
import contextlib
import webbrowser
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import WordCompleter
from rich.console import Console
from rich.markup import escape

from orchestrator.elicitation import (
    ElicitationAnswer,
    ElicitationRequest,
    FormField,
    show_value,
)
from orchestrator.messages import Question
from orchestrator.sampling import SamplingRequest

__all__ = ["TerminalAsker"]

DECLINE = "/decline"


class _Cancelled(Exception):
    pass


class TerminalAsker:
    """Asks on `console` and `prompt` (a PromptSession of its own: answers stay out of the
    chat's history); `pause` stops whatever is drawing meanwhile (the REPL's spinner)."""

    def __init__(
        self,
        console: Console,
        prompt: PromptSession[str] | None = None,
        pause: Callable[[], AbstractContextManager[Any]] = contextlib.nullcontext,
    ) -> None:
        self.console = console
        self.prompt: PromptSession[str] = prompt or PromptSession()
        self.pause = pause
        self._lock = asyncio.Lock()

    async def _ask(self, question: str, choices: tuple[str, ...] = ()) -> str:
        completer = WordCompleter(list(choices), ignore_case=True) if choices else None
        try:
            return await self.prompt.prompt_async(question, completer=completer)
        except (KeyboardInterrupt, EOFError):
            raise _Cancelled from None

    async def elicit(self, request: ElicitationRequest) -> ElicitationAnswer:
        """Ask for what `request` wants: a form filled in, or a URL opened."""
        async with self._lock:
            with self.pause():
                self.console.print(
                    f"[bold]{escape(request.server)}[/bold] asks: {escape(request.message)}"
                )
                try:
                    if request.mode == "url":
                        return await self._url(request)
                    return await self._form(request)
                except _Cancelled:
                    self.console.print("[yellow]cancelled[/yellow]")
                    return ElicitationAnswer("cancel")

    async def _url(self, request: ElicitationRequest) -> ElicitationAnswer:
        self.console.print(f"    {escape(request.url or '')}")
        answer = (await self._ask("Open it? [y/n] ")).strip().lower()
        if answer in ("y", "yes"):
            if request.url:
                webbrowser.open(request.url)
            return ElicitationAnswer("accept")
        return ElicitationAnswer("decline")

    async def _form(self, request: ElicitationRequest, to: str | None = None) -> ElicitationAnswer:
        self.console.print(
            f"[dim]Answer each field; {DECLINE} refuses the form, Ctrl-C cancels it.[/dim]"
        )
        content: dict[str, Any] = {}
        for field in request.fields:
            value = await self._field(field)
            if value is _DECLINED:
                return ElicitationAnswer("decline")
            if value is not None:
                content[field.name] = value
        for name, value in content.items():
            shown = show_value(value, yes="yes", no="no")
            self.console.print(f"    {escape(name)} = {escape(shown)}")
        where = request.server if to is None else to
        question = f"Send these answers to {where}? [Y/n] " if where else "Go ahead? [Y/n] "
        while True:  # only a yes sends: other words (a new request typed here) ask again
            sure = (await self._ask(question)).strip().lower()
            if sure in ("", "y", "yes"):
                return ElicitationAnswer("accept", content)
            if sure in ("n", "no", DECLINE):
                return ElicitationAnswer("decline")
            self.console.print("  [red]answer y or n (Enter is yes); nothing was sent[/red]")

    async def _field(self, field: FormField) -> Any:
        while True:
            text = await self._ask("  " + field.prompt(), field.labels)
            if text.strip() == DECLINE:
                return _DECLINED
            try:
                return field.parse(text)
            except ValueError as exc:
                self.console.print(f"  [red]{escape(str(exc))}[/red]")

    async def answer(self, question: Question) -> str | None:
        """Ask a model's question as a form, each field prefilled with what the model
        understood (Enter keeps it); the answers as `name: value` lines, or None when the user
        declines or cancels."""
        fields = tuple(
            FormField.of(name, sub if isinstance(sub, dict) else {}, name in question.required)
            for name, sub in question.fields.items()
        )
        async with self._lock:
            with self.pause():
                self.console.print(escape(question.text))
                try:
                    answer = await self._form(ElicitationRequest("", "", fields=fields), "")
                except _Cancelled:
                    self.console.print("[yellow]cancelled[/yellow]")
                    return None
        if answer.action != "accept" or answer.content is None:
            return None
        return "\n".join(f"{k}: {show_value(v)}" for k, v in answer.content.items())

    async def approve_sampling(self, request: SamplingRequest) -> bool:
        """Whether `request`'s server may have the model complete its messages."""
        async with self._lock:
            with self.pause():
                self.console.print(
                    f"[bold]{escape(request.server)}[/bold] wants the model "
                    f"([cyan]{escape(request.provider)}[/cyan], {escape(request.model)}) "
                    "to complete this:"
                )
                if request.system_prompt:
                    self.console.print(f"    system: {escape(request.system_prompt)}")
                for role, text in request.messages:
                    self.console.print(f"    {role}: {escape(text)}")
                self.console.print(f"    [dim](at most {request.max_tokens} tokens)[/dim]")
                try:
                    answer = await self._ask("Let it? [y/N] ")
                except _Cancelled:
                    return False
                return answer.strip().lower() in ("y", "yes")


_DECLINED = object()
