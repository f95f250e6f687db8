"""Fake agent CLIs: small Python programs on PATH that behave like each real CLI.

A fake answers ``--version`` (or takes too long to), records how it was started (argv, its
environment, whether stdin is ``/dev/null``, its process group and session) to a JSON-lines
file, then plays one behaviour: print a given stdout/stderr and exit with a given code (the
prompt it received can be quoted in its output with ``__PROMPT__``), hang after starting a
child process of its own while ignoring SIGTERM, or wait until another fake has started (for
concurrency). The outputs are built by the helpers below, in each CLI's documented format.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["FakeCLI", "failure_output", "success_output", "write_fake"]

_SCRIPT = r"""#!{python}
import json, os, signal, subprocess, sys, time

RECORD = {record!r}
SPEC = json.loads({spec!r})
argv = sys.argv[1:]

if argv == ["--version"]:
    if SPEC.get("version") is None:
        time.sleep(60)
    print(SPEC["version"])
    sys.exit(0)

prompt = next((a.split("=", 1)[1] for a in argv if a.startswith(("--prompt=", "--text="))), None)
if prompt is None and "--" in argv:
    prompt = argv[argv.index("--") + 1]
stdin_devnull = os.path.samestat(os.fstat(0), os.stat(os.devnull))
entry = {{
    "argv": argv, "env": dict(os.environ), "stdin_devnull": stdin_devnull,
    "pid": os.getpid(), "pgid": os.getpgid(0), "sid": os.getsid(0), "cwd": os.getcwd(),
}}
mode = SPEC["mode"]
if mode == "hang":
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    code = "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); time.sleep(600)"
    child = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.DEVNULL)
    entry["child"] = child.pid
with open(RECORD, "a") as f:
    f.write(json.dumps(entry) + "\n")
if mode == "hang":
    time.sleep(600)
if mode == "rendezvous":
    open(SPEC["mine"], "w").close()
    deadline = time.monotonic() + 20
    while not os.path.exists(SPEC["theirs"]):
        if time.monotonic() > deadline:
            print("the other agent never started", file=sys.stderr)
            sys.exit(3)
        time.sleep(0.02)
quoted = json.dumps(prompt or "")[1:-1]
sys.stdout.write(SPEC.get("stdout", "").replace("__PROMPT__", quoted))
sys.stderr.write(SPEC.get("stderr", ""))
sys.exit(SPEC.get("exit", 0))
"""


@dataclass
class FakeCLI:
    """A fake CLI written on disk, and what it recorded each time it ran."""

    path: Path
    record: Path

    def runs(self) -> list[dict[str, Any]]:
        if not self.record.exists():
            return []
        return [json.loads(line) for line in self.record.read_text().splitlines()]

    def last(self) -> dict[str, Any]:
        runs = self.runs()
        assert runs, f"{self.path.name} never ran"
        return runs[-1]


def write_fake(
    folder: Path,
    binary: str,
    *,
    mode: str = "print",
    stdout: str = "",
    stderr: str = "",
    exit: int = 0,
    version: str | None = "1.2.3",
    **extra: Any,
) -> FakeCLI:
    """Write the fake ``binary`` into ``folder`` (``version=None``: ``--version`` hangs)."""
    record = folder.parent / f"{binary}.runs.jsonl"
    spec = {"mode": mode, "stdout": stdout, "stderr": stderr, "exit": exit, "version": version}
    script = _SCRIPT.format(
        python=sys.executable, record=str(record), spec=json.dumps({**spec, **extra})
    )
    path = folder / binary
    path.write_text(script)
    path.chmod(0o755)
    return FakeCLI(path, record)


def _lines(*events: dict[str, Any]) -> str:
    return "".join(json.dumps(e) + "\n" for e in events)


def success_output(agent: str) -> str:
    """What each CLI prints when it answers; the answer quotes the prompt (``__PROMPT__``)."""
    answer = "Answer to: __PROMPT__"
    if agent == "claude-code":
        return json.dumps({
            "type": "result", "subtype": "success", "is_error": False, "duration_ms": 2100,
            "num_turns": 2, "result": answer, "session_id": "5e1f", "total_cost_usd": 0.0123,
            "usage": {"input_tokens": 12, "cache_creation_input_tokens": 100,
                      "cache_read_input_tokens": 300, "output_tokens": 40},
            "modelUsage": {"claude-sonnet-4-5-20250929": {"inputTokens": 12}},
        })  # fmt: skip
    if agent == "codex":
        return _lines(
            {"type": "thread.started", "thread_id": "0199a213"},
            {"type": "turn.started"},
            {"type": "item.completed", "item": {"id": "item_0", "type": "reasoning",
                                                "text": "Thinking about it"}},
            {"type": "item.completed", "item": {"id": "item_1", "type": "agent_message",
                                                "text": "Looking at it."}},
            {"type": "item.completed", "item": {"id": "item_2", "type": "agent_message",
                                                "text": answer}},
            {"type": "turn.completed", "usage": {"input_tokens": 500, "cached_input_tokens": 200,
                                                 "output_tokens": 60}},
        )  # fmt: skip
    if agent == "gemini-cli":
        return json.dumps({
            "session_id": "9b4c", "response": answer,
            "stats": {"models": {"gemini-2.5-pro": {
                "api": {"totalRequests": 1, "totalErrors": 0, "totalLatencyMs": 900},
                "tokens": {"prompt": 400, "candidates": 30, "total": 445, "cached": 100,
                           "thoughts": 15, "tool": 0}}},
                "tools": {"totalCalls": 0}},
        }, indent=2)  # fmt: skip
    if agent == "qwen-code":
        return json.dumps([
            {"type": "system", "subtype": "session_start", "session_id": "4f13",
             "model": "qwen3-coder-plus"},
            {"type": "assistant", "session_id": "4f13", "message": {
                "role": "assistant", "model": "qwen3-coder-plus",
                "content": [{"type": "text", "text": answer}]}},
            {"type": "result", "subtype": "success", "is_error": False, "duration_ms": 1234,
             "num_turns": 1, "result": answer,
             "usage": {"input_tokens": 250, "output_tokens": 20, "cache_read_input_tokens": 50}},
        ])  # fmt: skip
    if agent == "opencode":
        part = {"sessionID": "ses_1", "messageID": "msg_1"}
        tokens = {"input": 100, "output": 10, "reasoning": 5, "cache": {"read": 400, "write": 0}}
        return _lines(
            {"type": "step_start", "sessionID": "ses_1", "part": {**part, "type": "step-start"}},
            {"type": "text", "sessionID": "ses_1", "part": {**part, "type": "text",
                                                            "text": answer}},
            {"type": "step_finish", "sessionID": "ses_1",
             "part": {**part, "type": "step-finish", "reason": "stop", "cost": 0,
                      "tokens": tokens}},
        )  # fmt: skip
    if agent == "goose":
        return json.dumps({
            "messages": [
                {"role": "user", "content": "__PROMPT__"},
                {"role": "assistant", "content": [{"type": "text", "text": answer}]},
            ],
            "metadata": {"total_tokens": 777, "status": "completed"},
        })  # fmt: skip
    raise AssertionError(agent)


def failure_output(agent: str) -> tuple[str, str, int, str]:
    """(stdout, stderr, exit code, the CLI's own message) when each CLI fails, as it does."""
    if agent == "claude-code":
        message = "Invalid API key · Please run /login"
        out = json.dumps(
            {
                "type": "result",
                "subtype": "success",
                "is_error": True,
                "result": message,
                "usage": {"input_tokens": 0, "output_tokens": 0},
            }
        )
        return out, "", 1, message
    if agent == "codex":
        message = "unexpected status 401 Unauthorized: Missing bearer authentication"
        out = _lines(
            {"type": "thread.started", "thread_id": "t"},
            {"type": "turn.started"},
            {"type": "error", "message": "Reconnecting... 1/5"},
            {"type": "turn.failed", "error": {"message": message}},
        )
        return out, "", 1, message
    if agent == "gemini-cli":
        message = "Please set an Auth method or specify GEMINI_API_KEY"
        err = json.dumps(
            {"session_id": "x", "error": {"type": "Error", "message": message, "code": 41}},
            indent=2,
        )
        notice = 'Approval mode overridden to "default" because the current folder is not trusted.'
        return "", f"{notice}\n{err}\n", 41, message  # its error document goes to stderr
    if agent == "qwen-code":
        message = "No auth type is selected. Please configure an auth type."
        out = json.dumps(
            [
                {
                    "type": "result",
                    "subtype": "error_during_execution",
                    "is_error": True,
                    "usage": {"input_tokens": 0, "output_tokens": 0},
                    "error": {"message": message},
                }
            ]
        )
        return out, "Ripgrep not available. Falling back to built-in grep.\n", 1, message
    if agent == "opencode":
        message = "Model not found: nonexistent/model"
        out = _lines(
            {
                "type": "error",
                "sessionID": "ses_1",
                "error": {"name": "ProviderModelNotFoundError", "data": {"message": message}},
            }
        )
        return out, "", 1, message
    if agent == "goose":
        message = "No provider configured. Run 'goose configure' first"
        return "", f"Error: {message}\n", 1, message
    raise AssertionError(agent)  # fmt: skip


def documented_flags(agent: str) -> Iterator[str]:
    """The flags each CLI must be started with (its documented headless mode)."""
    yield from {
        "claude-code": ["-p", "--output-format", "json", "--permission-mode", "acceptEdits"],
        "codex": ["exec", "--json", "--skip-git-repo-check", "--ephemeral", "--sandbox",
                  "workspace-write"],
        "gemini-cli": ["--output-format", "json", "--approval-mode", "auto_edit"],
        "qwen-code": ["--output-format", "json", "--approval-mode", "auto-edit"],
        "opencode": ["run", "--format", "json"],
        "goose": ["run", "--no-session", "--output-format", "json"],
    }[agent]  # fmt: skip
