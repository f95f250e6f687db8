"""The `--json` transcript, byte for byte: its keys in order, for an answer and for a failure (a
program that reads it may depend on either)."""

from __future__ import annotations

import json
from dataclasses import asdict
from datetime import datetime

from orchestrator import AskResult, ServerRequest, ToolCall, Usage
from orchestrator.discovery import ServerReport
from orchestrator.transcript import Transcript

AT = datetime(2026, 1, 2)
REPORT = ServerReport("todo", "up", tools=["create_todo"])
SERVER = (
    '{"name": "todo", "state": "up", "required": false, "reason": null, "stderr": [], '
    '"tools": ["create_todo"], "missing_tools": [], "restarted": false, "retry": null}'
)


def test_an_answers_transcript_keeps_its_keys_and_their_order() -> None:
    result = AskResult(
        text="Created “eggs”.",
        tool_calls=[ToolCall("create_todo", "todo", {"title": "eggs"}, "ok", {"at": AT})],
        provider="offline",
        servers=[asdict(REPORT)],
        server_requests=[ServerRequest("todo", "elicitation", "Which list?", "declined", "piped")],
        reply="Created “eggs”.",
        model="offline",
        usage=Usage(1, 2),
    )  # fmt: skip
    assert json.dumps(
        Transcript.of(result, "add eggs").dump(), default=str, ensure_ascii=False
    ) == (
        '{"request": "add eggs", "provider": "offline", "servers": [' + SERVER + "], "
        '"tool_calls": [{"tool": "create_todo", "server": "todo", "arguments": {"title": "eggs"}, '
        '"status": "ok", "result": {"at": "2026-01-02 00:00:00"}}], "answer": "Created “eggs”.", '
        '"done": true, "degraded": false, "server_requests": [{"server": "todo", "kind": '
        '"elicitation", "message": "Which list?", "outcome": "declined", "reason": "piped", '
        '"by_user": false}], "question": null, "usage": {"input_tokens": 1, "output_tokens": 2, '
        '"cached_tokens": 0, "cache_write_tokens": 0, "reasoning_tokens": 0, "total_tokens": 3, '
        '"reported": true, "cost_usd": null}, "conversation_usage": {"input_tokens": 0, '
        '"output_tokens": 0, "cached_tokens": 0, "cache_write_tokens": 0, "reasoning_tokens": 0, '
        '"total_tokens": 0, "reported": false, "cost_usd": 0.0}}'
    )
    assert list(Transcript.of(result, None).dump()) == [
        "provider", "servers", "tool_calls", "answer", "done", "degraded", "server_requests",
        "question", "usage", "conversation_usage",
    ]  # fmt: skip


def test_a_failures_transcript_keeps_its_keys_and_their_order() -> None:
    failed = Transcript.failed(
        "add eggs", "no answer within 5s", provider="openai", servers=[asdict(REPORT)],
        degraded=True,
    )  # fmt: skip
    assert json.dumps(failed.dump()) == (
        '{"request": "add eggs", "provider": "openai", "servers": [' + SERVER + "], "
        '"tool_calls": [], "answer": null, "error": "no answer within 5s", "done": false, '
        '"degraded": true}'
    )
