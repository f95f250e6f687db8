"""The six agent CLIs: how each is started non-interactively and how its output is read.

Each CLI runs through :func:`servers._common.process.run_command` (argv only, its own process
group, stdin from ``/dev/null``), with the prompt as one argument, placed so that a prompt
starting with ``-`` is never read as an option (after ``--``, or as ``--prompt=TEXT``). The flags
come from each CLI's documentation:

- claude-code: ``claude -p --output-format json`` prints one JSON object with ``result``,
  ``is_error`` and ``usage`` (Claude Code's headless mode, docs.claude.com "Run Claude Code
  programmatically"); ``--permission-mode acceptEdits`` lets it edit files without asking.
- codex: ``codex exec --json`` prints JSONL events (``item.completed`` with an
  ``agent_message``, ``turn.completed`` with ``usage``, ``turn.failed``, ``error``)
  (developers.openai.com/codex "Non-interactive mode"); ``--skip-git-repo-check`` runs outside a
  git repository, ``--sandbox workspace-write`` confines writes to the working directory,
  ``--ephemeral`` keeps no session files.
- gemini-cli: ``gemini --prompt=TEXT --output-format json`` prints ``{response, stats, error}``
  (geminicli.com/docs/cli/headless), the error document on stderr; ``--approval-mode auto_edit``
  auto-approves edits (in a folder it trusts).
- qwen-code: ``qwen --prompt=TEXT --output-format json`` prints a JSON array of messages ending
  with a ``result`` message (qwenlm.github.io/qwen-code-docs "Headless Mode");
  ``--approval-mode auto-edit``.
- opencode: ``opencode run --format json -- TEXT`` prints JSONL events (``text`` parts,
  ``step_finish`` parts with ``tokens``, ``error``) (opencode.ai/docs/cli, ``run``).
- goose: ``goose run --no-session --output-format json --text=TEXT`` prints
  ``{messages, metadata: {total_tokens, status}}`` (block.github.io/goose "CLI Commands", ``run``).

A child gets the server's environment without other tools' secrets: every variable named like a
key, token, password or database URL is removed except the ones that CLI is meant to read
(:attr:`CLIFormat.env_keys`, from the table a fleet task's CLI reads too,
:data:`servers._common.process.CLI_KEYS`), and so is every empty variable.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from orchestrator import Usage
from servers._common.process import Completed, keys_read_by
from servers.agents._answer import Answer

__all__ = ["CLI_FORMATS", "CLIFormat"]

_TAIL_CHARS = 600


@dataclass(frozen=True)
class CLIFormat:
    """One CLI: its binary, how to install it, its argv and parser (and the secrets it may
    read, by its binary's name)."""

    agent: str
    binary: str
    install: str
    argv: Callable[[str, str, str | None], list[str]]
    """(the binary's path, the prompt, the model or None) -> argv"""
    parse: Callable[[Completed], Answer]

    @property
    def env_keys(self) -> tuple[str, ...]:
        """The secrets the CLI reads, the only ones it is given (:func:`keys_read_by`)."""
        return keys_read_by(self.binary)


class CLIOutputError(Exception):
    """The CLI said it failed; the message is its own (or its exit code and last lines)."""

    def __init__(self, message: str, exit_code: int | None) -> None:
        super().__init__(message)
        self.exit_code = exit_code


# -- reading output ------------------------------------------------------------------------


def _document(text: str) -> Any:
    """The output as one JSON document; else the document that starts on a later line (after a
    notice such as Gemini CLI's "Approval mode overridden…"); else its last line that is one."""
    stripped = text.strip()
    if not stripped:
        return None
    lines = stripped.splitlines()
    for start, line in enumerate(lines):
        if line.lstrip()[:1] in ("{", "["):
            try:
                return json.loads("\n".join(lines[start:]))
            except ValueError:
                continue
    for line in reversed(lines):
        try:
            return json.loads(line)
        except ValueError:
            continue
    return None


def _output(done: Completed) -> Any:
    """The JSON document a CLI printed: on stdout, else on stderr (Gemini CLI writes its error
    document there)."""
    found = _document(done.stdout)
    return found if found is not None else _document(done.stderr)


def _events(text: str) -> list[dict[str, Any]]:
    """The JSON objects of a JSONL output; other lines are skipped."""
    found = []
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("{"):
            try:
                value = json.loads(line)
            except ValueError:
                continue
            if isinstance(value, dict):
                found.append(value)
    return found


def _obj(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _str(value: Any) -> str:
    return value if isinstance(value, str) else ""


def _int(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _tail(text: str) -> str:
    text = text.strip()
    return ("…" + text[-_TAIL_CHARS:]) if len(text) > _TAIL_CHARS else text


def _failed(agent: str, done: Completed, said: str | None = None) -> CLIOutputError:
    if said:
        return CLIOutputError(f"{agent}: {said}", done.exit_code)
    detail = _tail(done.stderr) or _tail(done.stdout) or "no output"
    return CLIOutputError(f"{agent} exited with code {done.exit_code}: {detail}", done.exit_code)


def _plain(agent: str, done: Completed) -> Answer:
    """Output that is not the expected JSON: the text itself when the CLI succeeded."""
    if done.exit_code != 0 or not done.stdout.strip():
        raise _failed(agent, done)
    return Answer(
        done.stdout.strip(),
        warnings=[f"{agent} did not print the JSON it documents; its output is returned as text"],
    )


def _anthropic_tokens(usage: Any) -> Usage | None:
    if not isinstance(usage, dict):
        return None
    cache_read = _int(usage.get("cache_read_input_tokens"))
    cache_write = _int(usage.get("cache_creation_input_tokens"))
    return Usage(
        input_tokens=_int(usage.get("input_tokens")) + cache_read + cache_write,
        output_tokens=_int(usage.get("output_tokens")),
        cached_tokens=cache_read,
        cache_write_tokens=cache_write,
    )


# -- claude-code -----------------------------------------------------------------------------


def _claude_argv(binary: str, prompt: str, model: str | None) -> list[str]:
    argv = [binary, "-p", "--output-format", "json", "--permission-mode", "acceptEdits"]
    if model:
        argv += ["--model", model]
    return [*argv, "--", prompt]


def _claude_parse(done: Completed) -> Answer:
    doc = _output(done)
    if not isinstance(doc, dict) or doc.get("type") != "result":
        return _plain("claude-code", done)
    text = _str(doc.get("result"))
    if doc.get("is_error") or done.exit_code != 0:
        raise _failed("claude-code", done, text or str(doc.get("subtype") or ""))
    models = doc.get("modelUsage")
    model = next(iter(models)) if isinstance(models, dict) and models else None
    metadata = {k: doc[k] for k in ("num_turns", "total_cost_usd", "session_id") if k in doc}
    return Answer(text, _anthropic_tokens(doc.get("usage")), model, metadata=metadata)


# -- codex ---------------------------------------------------------------------------------


def _codex_argv(binary: str, prompt: str, model: str | None) -> list[str]:
    argv = [binary, "exec", "--json", "--skip-git-repo-check", "--ephemeral"]
    argv += ["--sandbox", "workspace-write"]
    if model:
        argv += ["--model", model]
    return [*argv, "--", prompt]


def _codex_parse(done: Completed) -> Answer:
    events = _events(done.stdout)
    if not events:
        return _plain("codex", done)
    messages: list[str] = []
    tokens: Usage | None = None
    failure: str | None = None
    last_error: str | None = None
    for event in events:
        kind = event.get("type")
        item = _obj(event.get("item"))
        item_type = item.get("type") or item.get("item_type")
        if kind == "item.completed" and item_type in ("agent_message", "assistant_message"):
            if isinstance(item.get("text"), str):
                messages.append(item["text"])
        elif kind == "turn.completed" and isinstance(event.get("usage"), dict):
            usage = event["usage"]
            turn = Usage(
                input_tokens=_int(usage.get("input_tokens")),
                output_tokens=_int(usage.get("output_tokens")),
                cached_tokens=_int(usage.get("cached_input_tokens")),
            )
            tokens = turn if tokens is None else tokens + turn
        elif kind == "turn.failed":
            error = event.get("error")
            failure = str(error.get("message")) if isinstance(error, dict) else str(error)
        elif kind == "error" and isinstance(event.get("message"), str):
            last_error = event["message"]
    if failure or (done.exit_code != 0) or not messages:
        raise _failed("codex", done, failure or last_error)
    return Answer(messages[-1], tokens)


# -- gemini-cli and qwen-code --------------------------------------------------------------


def _prompt_flag_argv(approval: str) -> Callable[[str, str, str | None], list[str]]:
    def argv(binary: str, prompt: str, model: str | None) -> list[str]:
        found = [binary, "--output-format", "json", "--approval-mode", approval]
        if model:
            found += ["--model", model]
        return [*found, f"--prompt={prompt}"]

    return argv


def _gemini_parse(done: Completed) -> Answer:
    doc = _output(done)
    if not isinstance(doc, dict) or not ({"response", "error"} & set(doc)):
        return _plain("gemini-cli", done)
    error = doc.get("error")
    if error or done.exit_code != 0:
        said = error.get("message") if isinstance(error, dict) else (str(error) if error else None)
        raise _failed("gemini-cli", done, said)
    tokens: Usage | None = None
    model: str | None = None
    models = _obj(_obj(doc.get("stats")).get("models"))
    for name, figures in models.items():
        counts = figures.get("tokens") if isinstance(figures, dict) else None
        if not isinstance(counts, dict):
            continue
        model = model or name
        thoughts = _int(counts.get("thoughts"))
        found = Usage(
            input_tokens=_int(counts.get("prompt")),
            output_tokens=_int(counts.get("candidates")) + thoughts,
            cached_tokens=_int(counts.get("cached")),
            reasoning_tokens=thoughts,
        )
        tokens = found if tokens is None else tokens + found
    return Answer(_str(doc.get("response")), tokens, model)


def _qwen_parse(done: Completed) -> Answer:
    doc = _output(done)
    messages = doc if isinstance(doc, list) else [doc] if isinstance(doc, dict) else []
    results = [m for m in messages if isinstance(m, dict) and m.get("type") == "result"]
    if not results:
        return _plain("qwen-code", done)
    result = results[-1]
    if result.get("is_error") or done.exit_code != 0:
        error = result.get("error")
        said = error.get("message") if isinstance(error, dict) else result.get("result")
        raise _failed("qwen-code", done, str(said) if said else None)
    model = next((m.get("model") for m in messages if isinstance(m, dict) and m.get("model")), None)
    return Answer(_str(result.get("result")), _anthropic_tokens(result.get("usage")), model)


# -- opencode ------------------------------------------------------------------------------


def _opencode_argv(binary: str, prompt: str, model: str | None) -> list[str]:
    argv = [binary, "run", "--format", "json"]
    if model:
        argv += ["--model", model]
    return [*argv, "--", prompt]


def _opencode_parse(done: Completed) -> Answer:
    events = _events(done.stdout)
    if not events:
        return _plain("opencode", done)
    texts: list[str] = []
    tokens: Usage | None = None
    failure: str | None = None
    for event in events:
        part = _obj(event.get("part"))
        kind = event.get("type")
        if kind == "text" and isinstance(part.get("text"), str):
            texts.append(part["text"])
        elif kind == "step_finish" and isinstance(part.get("tokens"), dict):
            counts = part["tokens"]
            cache = _obj(counts.get("cache"))
            read, write = _int(cache.get("read")), _int(cache.get("write"))
            reasoning = _int(counts.get("reasoning"))
            step = Usage(
                input_tokens=_int(counts.get("input")) + read + write,
                output_tokens=_int(counts.get("output")) + reasoning,
                cached_tokens=read,
                cache_write_tokens=write,
                reasoning_tokens=reasoning,
            )
            tokens = step if tokens is None else tokens + step
        elif kind == "error":
            error = event.get("error")
            if isinstance(error, dict):
                data = _obj(error.get("data"))
                failure = str(data.get("message") or error.get("message") or error.get("name"))
            else:
                failure = str(error)
    if failure or done.exit_code != 0 or not texts:
        raise _failed("opencode", done, failure)
    return Answer("".join(texts).strip(), tokens)


# -- goose ---------------------------------------------------------------------------------


def _goose_argv(binary: str, prompt: str, model: str | None) -> list[str]:
    argv = [binary, "run", "--no-session", "--output-format", "json"]
    if model:
        argv += ["--model", model]
    return [*argv, f"--text={prompt}"]


def _message_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(
            c.get("text", "") for c in content if isinstance(c, dict) and c.get("type") == "text"
        )
    return ""


def _goose_parse(done: Completed) -> Answer:
    doc = _output(done)
    if not isinstance(doc, dict) or not isinstance(doc.get("messages"), list):
        return _plain("goose", done)
    metadata = _obj(doc.get("metadata"))
    replies = [
        _message_text(m.get("content"))
        for m in doc["messages"]
        if isinstance(m, dict) and m.get("role") == "assistant"
    ]
    replies = [r for r in replies if r.strip()]
    status = metadata.get("status")
    if done.exit_code != 0 or not replies or status not in (None, "completed"):
        raise _failed("goose", done, f"status {status}" if status else None)
    total = metadata.get("total_tokens")
    counted = isinstance(total, int) and not isinstance(total, bool)
    return Answer(replies[-1], total_tokens=total if counted else None)


CLI_FORMATS: dict[str, CLIFormat] = {
    f.agent: f
    for f in (
        CLIFormat(
            "claude-code",
            "claude",
            "npm install -g @anthropic-ai/claude-code",
            _claude_argv,
            _claude_parse,
        ),
        CLIFormat(
            "codex",
            "codex",
            "npm install -g @openai/codex",
            _codex_argv,
            _codex_parse,
        ),
        CLIFormat(
            "gemini-cli",
            "gemini",
            "npm install -g @google/gemini-cli",
            _prompt_flag_argv("auto_edit"),
            _gemini_parse,
        ),
        CLIFormat(
            "qwen-code",
            "qwen",
            "npm install -g @qwen-code/qwen-code",
            _prompt_flag_argv("auto-edit"),
            _qwen_parse,
        ),
        CLIFormat(
            "opencode",
            "opencode",
            "npm install -g opencode-ai",
            _opencode_argv,
            _opencode_parse,
        ),
        CLIFormat(
            "goose",
            "goose",
            "see https://block.github.io/goose/docs/getting-started/installation",
            _goose_argv,
            _goose_parse,
        ),
    )
}
