"""What a fleet task's coding-agent CLI says it used: read from its machine-readable output as
it runs (in the task's supervisor, which imports this; the price table is imported only when a
figure must be priced, so a task whose CLI prints nothing of this costs no import).

A fleet task runs a CLI (claude, gemini, qwen, codex). Where its command asks
for machine-readable output, :func:`reader_for` gives a :class:`UsageReader` that takes the
output line by line, returns the agent's own words for the log (the text parts, as they arrive),
and keeps the tokens and cost reported so far (:class:`AgentUsage`). The shapes, from each pinned
CLI's sources (``scripts/agent-clis-up.sh``) and docs:

- ``claude -p --verbose --output-format stream-json``: JSON lines; ``{"type": "system",
  "subtype": "init", "model"}``, ``{"type": "assistant", "message": {"id", "model", "usage",
  "content": [{"type": "text", "text"}, {"type": "tool_use", "name"}]}}`` (one line per content
  block, each repeating its message's usage), and last ``{"type": "result", "result",
  "is_error", "usage", "total_cost_usd", "modelUsage"}`` (Claude Code 2.1, "Run Claude Code
  programmatically"). ``--output-format json`` prints only that last object.
- ``qwen --output-format stream-json``: the same messages (Qwen Code 0.24's
  ``buildResultMessage``), without a cost; ``json`` prints them as one array.
- ``gemini --output-format stream-json``: JSON lines ``init {model}``, ``message {role,
  content, delta}`` (the answer in pieces), ``tool_use {tool_name}``, ``error {message}``,
  ``result {status, stats: {models: {NAME: {input_tokens, output_tokens, cached}}}}`` (Gemini
  CLI 0.61's ``StreamJsonFormatter``); ``json`` prints ``{response, stats: {models: {NAME:
  {tokens: {prompt, candidates, cached, thoughts}}}}, error}`` at the end.
- ``codex exec --json``: JSON lines; ``item.completed`` with an ``agent_message`` item,
  ``turn.completed {usage: {input_tokens, cached_input_tokens, output_tokens}}``, ``error``,
  ``turn.failed`` (developers.openai.com/codex "Non-interactive mode"). No model, no cost.

Cost: the CLI's own figure when it gives one (Claude Code's ``total_cost_usd``); else the
orchestrator's price table by model (``cost_of``); else None, unknown, never a guess. A CLI
that reported no tokens has ``reported`` False: its usage is unknown, not zero.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from orchestrator import Usage  # light: a dataclass (the price table, pydantic, is not)

__all__ = ["AgentUsage", "UsageReader", "output_format", "reader_for"]

Format = Literal[
    "claude-json",
    "claude-stream-json",
    "qwen-json",
    "qwen-stream-json",
    "gemini-json",
    "gemini-stream-json",
    "codex-json",
]
CostSource = Literal["cli", "prices"]


@dataclass(frozen=True)
class AgentUsage:
    """Tokens and cost an agent CLI reported (so far). ``input_tokens`` counts every input
    token, cached or not; ``cost_usd`` None is unknown; ``reported`` False: no tokens reported."""

    input_tokens: int = 0
    output_tokens: int = 0
    cached_tokens: int = 0
    cache_write_tokens: int = 0
    reasoning_tokens: int = 0
    reported: bool = False
    cost_usd: float | None = None
    cost_source: CostSource | None = None
    model: str | None = None

    def as_dict(self) -> dict[str, Any]:
        found = asdict(self)
        found["total_tokens"] = self.input_tokens + self.output_tokens
        if self.cost_usd is not None:
            found["cost_usd"] = round(self.cost_usd, 6)
        return found

    @classmethod
    def from_dict(cls, body: Any) -> AgentUsage | None:
        """The usage as :meth:`as_dict` wrote it; None for anything else."""
        if not isinstance(body, dict):
            return None
        names = {f for f in cls.__dataclass_fields__}
        try:
            return cls(**{k: v for k, v in body.items() if k in names})
        except TypeError:
            return None

    def line(self) -> str:
        """`1,234 tokens in, 56 out · $0.0123 (claude-sonnet-4)`, or what is unknown."""
        tokens = (
            f"{self.input_tokens:,} tokens in, {self.output_tokens:,} out"
            if self.reported
            else "tokens not reported"
        )
        cost = "cost unknown" if self.cost_usd is None else f"${self.cost_usd:.4f}"
        return f"{tokens} · {cost}" + (f" ({self.model})" if self.model else "")


def _obj(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _int(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _number(value: Any) -> float | None:
    ok = isinstance(value, int | float) and not isinstance(value, bool) and value >= 0
    return float(value) if ok else None


def _anthropic(usage: Any) -> Usage | None:
    """An Anthropic-style ``usage`` (input without the cache, cache reads and writes apart) as
    the orchestrator's `Usage` (input counts them all); None when it is not one."""
    if not isinstance(usage, dict):
        return None
    read = _int(usage.get("cache_read_input_tokens"))
    write = _int(usage.get("cache_creation_input_tokens"))
    return Usage(
        input_tokens=_int(usage.get("input_tokens")) + read + write,
        output_tokens=_int(usage.get("output_tokens")),
        cached_tokens=read,
        cache_write_tokens=write,
    )


def _option(argv: Sequence[str], *names: str) -> str | None:
    """The value of the last ``--name VALUE`` / ``--name=VALUE`` before ``--``."""
    found = None
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        for name in names:
            if arg == name and i + 1 < len(argv):
                found = argv[i + 1]
            elif arg.startswith(name + "="):
                found = arg.split("=", 1)[1]
    return found


def output_format(argv: Sequence[str]) -> tuple[Format | None, str | None]:
    """The machine-readable output ``argv`` asks its CLI for (None: none we read), and the model
    it names (``--model``/``-m``), if any."""
    if not argv:
        return None, None
    binary = os.path.basename(argv[0])
    model = _option(argv, "--model", "-m")
    asked = _option(argv, "--output-format", "-o")
    if binary == "claude" and asked in ("json", "stream-json"):
        return f"claude-{asked}", model  # type: ignore[return-value]
    if binary == "qwen" and asked in ("json", "stream-json"):
        return f"qwen-{asked}", model  # type: ignore[return-value]
    if binary == "gemini" and asked in ("json", "stream-json"):
        return f"gemini-{asked}", model  # type: ignore[return-value]
    if binary == "codex" and "exec" in argv[1:] and "--json" in argv[1:]:
        end = argv.index("--") if "--" in argv else len(argv)
        if "--json" in argv[1:end]:
            return "codex-json", model
    return None, model


def reader_for(argv: Sequence[str]) -> UsageReader | None:
    """A reader for the output ``argv`` asks for; None when it asks for none we read."""
    fmt, model = output_format(argv)
    return None if fmt is None else UsageReader(fmt, model)


@dataclass
class UsageReader:
    """Reads one run's output: :meth:`feed` each line, :meth:`finish` at the end; ``usage`` is
    what was reported so far."""

    format: Format
    model: str | None = None
    _messages: dict[str, tuple[str | None, Usage]] = field(default_factory=dict)
    _models: dict[str, Usage] = field(default_factory=dict)
    _turns: Usage | None = None
    _final: tuple[Usage | None, float | None] | None = None
    _pending: str = ""
    _held: list[str] = field(default_factory=list)
    _said: bool = False

    # -- reading -------------------------------------------------------------------------------

    def feed(self, line: str) -> list[str]:
        """Take one output line; the lines for the log."""
        if self.format in ("claude-json", "qwen-json", "gemini-json"):
            self._held.append(line)  # one document at the end
            return []
        event = _event(line)
        if event is None:
            return [*self._flush(), line]
        return self._event(event)

    def finish(self) -> list[str]:
        """The end of the output: what is still to log."""
        if not self._held:
            return self._flush()
        text = "\n".join(self._held)
        self._held = []
        doc = _document(text)
        if doc is None:
            return text.splitlines()
        if self.format == "gemini-json":
            return self._gemini_document(_obj(doc))
        lines: list[str] = []
        for event in doc if isinstance(doc, list) else [doc]:
            if isinstance(event, dict):
                lines += self._event(event)
        return lines + self._flush()

    def _event(self, event: dict[str, Any]) -> list[str]:
        if self.format.startswith(("claude", "qwen")):
            return self._claude(event)
        if self.format.startswith("gemini"):
            return self._gemini(event)
        return self._codex(event)

    def _flush(self) -> list[str]:
        pending, self._pending = self._pending, ""
        return pending.splitlines() if pending.strip() else []

    def _text(self, text: str) -> list[str]:
        self._said = self._said or bool(text.strip())
        return [line for line in text.splitlines() if line.strip()]

    # claude and qwen
    def _claude(self, event: dict[str, Any]) -> list[str]:
        kind = event.get("type")
        if kind == "system" and isinstance(event.get("model"), str):
            self.model = self.model or event["model"]
        elif kind == "assistant":
            message = _obj(event.get("message"))
            model = message.get("model") if isinstance(message.get("model"), str) else None
            used = _anthropic(message.get("usage"))
            key = str(message.get("id") or f"#{len(self._messages)}")
            if used is not None:
                self._messages[key] = (model, used)  # one line per block, each with its usage
            lines: list[str] = []
            for part in message.get("content") or []:
                part = _obj(part)
                if part.get("type") == "text" and isinstance(part.get("text"), str):
                    lines += self._text(part["text"])
                elif part.get("type") == "tool_use":
                    lines.append(f"[tool: {part.get('name')}]")
            return lines
        elif kind == "result":
            cost = _number(event.get("total_cost_usd"))
            models = _obj(event.get("modelUsage"))
            if self.model is None and models:
                self.model = next(iter(models))
            self._final = (_anthropic(event.get("usage")), cost)
            said = event.get("result")
            error = _obj(event.get("error")).get("message")
            if event.get("is_error"):
                return [f"error: {error or said or event.get('subtype')}"]
            if isinstance(said, str) and not self._said:
                return self._text(said)
        return []

    # gemini
    def _gemini(self, event: dict[str, Any]) -> list[str]:
        kind = event.get("type")
        if kind == "init" and isinstance(event.get("model"), str):
            self.model = self.model or event["model"]
        elif kind == "message" and event.get("role") == "assistant":
            if isinstance(event.get("content"), str):
                self._said = True
                self._pending += event["content"]
                done, _, self._pending = self._pending.rpartition("\n")
                return [line for line in done.splitlines() if line.strip()]
        elif kind == "tool_use":
            return [*self._flush(), f"[tool: {event.get('tool_name')}]"]
        elif kind == "error":
            return [*self._flush(), f"error: {event.get('message')}"]
        elif kind == "result":
            for name, figures in _obj(_obj(event.get("stats")).get("models")).items():
                figures = _obj(figures)
                self._models[name] = Usage(
                    input_tokens=_int(figures.get("input_tokens")),
                    output_tokens=_int(figures.get("output_tokens")),
                    cached_tokens=_int(figures.get("cached")),
                )
            return self._flush()
        return []

    def _gemini_document(self, doc: dict[str, Any]) -> list[str]:
        for name, figures in _obj(_obj(doc.get("stats")).get("models")).items():
            counts = _obj(_obj(figures).get("tokens"))
            thoughts = _int(counts.get("thoughts"))
            self._models[name] = Usage(
                input_tokens=_int(counts.get("prompt")),
                output_tokens=_int(counts.get("candidates")) + thoughts,
                cached_tokens=_int(counts.get("cached")),
                reasoning_tokens=thoughts,
            )
        lines = self._text(doc["response"]) if isinstance(doc.get("response"), str) else []
        error = doc.get("error")
        if error:
            lines.append(f"error: {_obj(error).get('message') or error}")
        return lines

    # codex
    def _codex(self, event: dict[str, Any]) -> list[str]:
        kind = event.get("type")
        item = _obj(event.get("item"))
        if kind == "item.completed" and item.get("type") in ("agent_message", "assistant_message"):
            if isinstance(item.get("text"), str):
                return self._text(item["text"])
        elif kind == "item.completed" and item.get("type") == "command_execution":
            return [f"[command: {item.get('command')}]"]
        elif kind == "turn.completed":
            usage = _obj(event.get("usage"))
            turn = Usage(
                input_tokens=_int(usage.get("input_tokens")),
                output_tokens=_int(usage.get("output_tokens")),
                cached_tokens=_int(usage.get("cached_input_tokens")),
            )
            self._turns = turn if self._turns is None else self._turns + turn
        elif kind == "turn.failed":
            return [f"error: {_obj(event.get('error')).get('message') or event.get('error')}"]
        elif kind == "error":
            return [f"error: {event.get('message')}"]
        return []

    # -- what was reported ---------------------------------------------------------------------

    @property
    def usage(self) -> AgentUsage:
        """The tokens and cost reported so far (the final figures once the CLI gave them)."""
        parts: list[tuple[str | None, Usage]] = []
        cli_cost: float | None = None
        final: Usage | None = None
        if self._final is not None:
            final, cli_cost = self._final
        if final is not None:
            parts = [(self.model, final)]
        elif self._messages:
            parts = list(self._messages.values())
        elif self._models:
            parts = list(self._models.items())
        elif self._turns is not None:
            parts = [(self.model, self._turns)]
        if not parts:
            source = "cli" if cli_cost is not None else None
            return AgentUsage(cost_usd=cli_cost, cost_source=source, model=self.model)  # type: ignore[arg-type]
        total = parts[0][1]
        for _, more in parts[1:]:
            total = total + more
        cost, source = cli_cost, "cli" if cli_cost is not None else None
        if cost is None:
            priced = [self._price(model, used) for model, used in parts]
            known = [p for p in priced if p is not None]
            if len(known) == len(priced):
                cost, source = sum(known), "prices"
        named = {m for m, _ in parts if m}
        model = next(iter(named)) if len(named) == 1 else self.model  # what answered, if one
        return AgentUsage(
            input_tokens=total.input_tokens,
            output_tokens=total.output_tokens,
            cached_tokens=total.cached_tokens,
            cache_write_tokens=total.cache_write_tokens,
            reasoning_tokens=total.reasoning_tokens,
            reported=True,
            cost_usd=cost,
            cost_source=source,  # type: ignore[arg-type]
            model=model,
        )

    def _price(self, model: str | None, used: Usage) -> float | None:
        names = tuple(m for m in (model, self.model) if m)
        if not names:
            return None
        from orchestrator import cost_of

        return cost_of(self.format.split("-")[0], names, used)


def _event(line: str) -> dict[str, Any] | None:
    line = line.strip()
    if not line.startswith("{"):
        return None
    try:
        value = json.loads(line)
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


def _document(text: str) -> Any:
    """The JSON document in ``text``, from its first line that starts one (a CLI may print a
    notice before it); None when there is none."""
    lines = text.strip().splitlines()
    for start, line in enumerate(lines):
        if line.lstrip()[:1] in ("{", "["):
            try:
                return json.loads("\n".join(lines[start:]))
            except ValueError:
                continue
    return None
