"""A tool's failure travels as the MCP result's `isError`, never guessed from its body's shape.

The echo server sends back bodies shaped like each contract's results and errors, and like a
third party's, marked as success or failure; each vendor must receive exactly that flag (Claude's
`is_error`, Gemini's `error` member, an `ERROR: ` prefix on Chat Completions), and so must the
transcript. Before the fix, `{"status": "success", "error": null}` (the agents contract's success)
reached Claude and Gemini as a failure, and `{"detail": "quota exceeded"}` marked failed as a
success.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
import pytest

from orchestrator import Orchestrator
from orchestrator.testing import server_entry
from orchestrator.testing.vendors import Reply
from orchestrator.testing.vendors import anthropic as fake_anthropic
from orchestrator.testing.vendors import gemini as fake_gemini
from orchestrator.testing.vendors import openai as fake_openai

pytestmark = pytest.mark.processes

# (name, body, is_error): the shapes each contract gives to a success and to a failure.
SHAPES: list[tuple[str, dict[str, Any], bool]] = [
    ("todo ok", {"success": True, "todo_id": "todo_abc", "title": "eggs"}, False),
    (
        "todo failed",
        {"success": False, "error_type": "todo_not_found", "message": "no", "recoverable": False},
        True,
    ),
    ("tasks ok", {"id": "3f2b8c1e", "title": "docs", "status": "complete"}, False),
    ("tasks failed", {"error": "Task not found", "code": "TASK_NOT_FOUND"}, True),
    ("fleet ok", {"agents": [{"name": "docs-bot", "status": "idle"}], "total_count": 1}, False),
    ("fleet failed", {"error": {"code": "NOT_FOUND", "message": "no agent", "details": {}}}, True),
    ("agents ok", {"status": "success", "content": "hi", "error": None}, False),
    ("agents failed", {"status": "error", "content": None, "error": "Agent Not Found"}, True),
    ("third party ok", {"detail": "done", "ok": False}, False),
    ("third party failed", {"detail": "quota exceeded"}, True),
]
EXPECTED = [is_error for _, _, is_error in SHAPES]


def arguments(body: dict[str, Any], is_error: bool) -> dict[str, Any]:
    return {"body": body, "is_error": is_error, "structured": not is_error}


def config(write_config: Callable[..., Path], provider: str, model: str) -> Path:
    return write_config({"echo": server_entry("echo")}, {"provider": provider, "model": model})


async def ask(path: Path) -> Any:
    with anyio.fail_after(30):
        async with Orchestrator.from_config(path) as orch:
            return await orch.ask("send every shape back")


def check_transcript(result: Any) -> None:
    statuses = {json.dumps(c.arguments["body"]): c.status for c in result.tool_calls}
    for _, body, is_error in SHAPES:
        assert statuses[json.dumps(body)] == ("error" if is_error else "ok"), body


async def test_claude_gets_each_results_own_flag(
    write_config: Callable[..., Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    uses = [
        fake_anthropic.tool_use(f"toolu_{i}", "reply", arguments(body, is_error))
        for i, (_, body, is_error) in enumerate(SHAPES)
    ]
    with fake_anthropic.fake_anthropic() as fake:
        fake.reply(fake_anthropic.message(*uses), fake_anthropic.message(fake_anthropic.text("ok")))
        monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test-0123456789")
        monkeypatch.setenv("ANTHROPIC_BASE_URL", fake.url)
        result = await ask(config(write_config, "anthropic", fake_anthropic.MODEL))
    check_transcript(result)
    results = fake.requests[1].body["messages"][-1]["content"]
    by_id = {block["tool_use_id"]: block["is_error"] for block in results}
    assert [by_id[f"toolu_{i}"] for i in range(len(SHAPES))] == EXPECTED


async def test_gemini_gets_each_results_own_flag(
    write_config: Callable[..., Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = [
        fake_gemini.function_call("reply", arguments(body, is_error), call_id=f"fc-{i}")
        for i, (_, body, is_error) in enumerate(SHAPES)
    ]
    with fake_gemini.fake_gemini() as fake:
        fake.reply(fake_gemini.content(*calls), fake_gemini.content(fake_gemini.text("ok")))
        monkeypatch.setenv("GEMINI_API_KEY", "AIzaSyTEST-0123456789abcdef")
        monkeypatch.setenv("GEMINI_BASE_URL", fake.url)
        result = await ask(config(write_config, "gemini", fake_gemini.MODEL))
    check_transcript(result)
    parts = fake.requests[1].body["contents"][-1]["parts"]
    by_id = {p["functionResponse"]["id"]: p["functionResponse"]["response"] for p in parts}
    flags = [set(by_id[f"fc-{i}"]) == {"error"} for i in range(len(SHAPES))]
    assert flags == EXPECTED
    for i, (_, body, _) in enumerate(SHAPES):  # the body itself goes back untouched
        assert next(iter(by_id[f"fc-{i}"].values())) == body


def several_calls(calls: list[tuple[str, dict[str, Any]]]) -> fake_openai.Responder:
    def respond(request: fake_openai.Recorded) -> Reply:
        message = {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": call_id,
                    "type": "function",
                    "function": {"name": "reply", "arguments": json.dumps(args)},
                }
                for call_id, args in calls
            ],
        }
        body = {
            "id": f"chatcmpl-{time.monotonic_ns()}",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": request.body["model"],
            "choices": [{"index": 0, "message": message, "finish_reason": "tool_calls"}],
        }
        return Reply(body=body)

    return respond


async def test_chat_completions_get_each_results_own_flag(
    write_config: Callable[..., Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = [(f"call_{i}", arguments(body, e)) for i, (_, body, e) in enumerate(SHAPES)]
    with fake_openai.fake_openai(several_calls(calls), fake_openai.text("ok")) as fake:
        monkeypatch.setenv("OPENAI_API_KEY", "test-key-0123456789")
        monkeypatch.setenv("OPENAI_BASE_URL", fake.url + "/v1")
        result = await ask(config(write_config, "openai", "gpt-test"))
    check_transcript(result)
    messages = fake.completions[1].messages
    by_id = {m["tool_call_id"]: m["content"] for m in messages if m["role"] == "tool"}
    flags = [by_id[f"call_{i}"].startswith("ERROR: ") for i in range(len(SHAPES))]
    assert flags == EXPECTED
    for i, (_, body, _) in enumerate(SHAPES):
        assert json.loads(by_id[f"call_{i}"].removeprefix("ERROR: ")) == body
