"""The usage reader on the output shapes the server tests do not run: which argv asks for what,
Qwen Code's stream-json and json (its ``buildResultMessage``: Claude's shape, no cost), Gemini
CLI's json document (``JsonFormatter``: ``stats.models.NAME.tokens``), an error result, and lines
that are not JSON (passed through as they are)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from servers.fleet._usage import AgentUsage, UsageReader, output_format, reader_for


def read(argv: list[str], lines: list[Any]) -> tuple[list[str], AgentUsage]:
    reader = reader_for(argv)
    assert reader is not None
    said: list[str] = []
    for line in lines:
        said += reader.feed(line if isinstance(line, str) else json.dumps(line))
    said += reader.finish()
    return said, reader.usage


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["claude", "-p", "--", "t"], (None, None)),  # text: nothing to read
        (["/opt/bin/claude", "-p", "--output-format=json", "--", "t"], ("claude-json", None)),
        (
            ["claude", "--model", "opus", "--output-format", "stream-json"],
            ("claude-stream-json", "opus"),
        ),
        (["claude", "-p", "--", "--output-format", "json"], (None, None)),  # the task, not a flag
        (
            ["gemini", "-o", "stream-json", "-m", "gemini-2.5-pro"],
            ("gemini-stream-json", "gemini-2.5-pro"),
        ),
        (["qwen", "--output-format", "json", "--prompt=t"], ("qwen-json", None)),
        (["codex", "exec", "--json", "--", "t"], ("codex-json", None)),
        (["codex", "exec", "--", "--json"], (None, None)),
        (["goose", "run", "--text=t"], (None, None)),
    ],
)
def test_the_output_format_is_read_from_the_argv(
    argv: list[str], expected: tuple[str | None, str | None]
) -> None:
    assert output_format(argv) == expected


QWEN = [
    {
        "type": "system",
        "subtype": "session_start",
        "session_id": "4f13",
        "model": "qwen3-coder-plus",
    },
    {
        "type": "assistant",
        "session_id": "4f13",
        "message": {
            "id": "m1",
            "role": "assistant",
            "model": "qwen3-coder-plus",
            "content": [{"type": "text", "text": "Done it."}],
            "usage": {"input_tokens": 200, "output_tokens": 20},
        },
    },
    {
        "type": "result",
        "subtype": "success",
        "uuid": "u1",
        "session_id": "4f13",
        "is_error": False,
        "duration_ms": 1234,
        "duration_api_ms": 1100,
        "num_turns": 1,
        "result": "Done it.",
        "usage": {"input_tokens": 250, "output_tokens": 20, "cache_read_input_tokens": 50},
        "permission_denials": [],
    },
]


def test_qwen_stream_json_gives_its_words_and_tokens_without_a_price() -> None:
    said, usage = read(["qwen", "--output-format", "stream-json", "--prompt=t"], QWEN)
    assert said == ["Done it."]
    assert (usage.input_tokens, usage.output_tokens, usage.cached_tokens) == (300, 20, 50)
    assert (usage.reported, usage.cost_usd, usage.model) == (True, None, "qwen3-coder-plus")


def test_qwen_json_is_one_array_read_at_the_end() -> None:
    said, usage = read(["qwen", "--output-format", "json"], [json.dumps(QWEN, indent=2)])
    assert said == ["Done it."]
    assert usage.input_tokens == 300


def test_gemini_json_is_priced_by_the_model_that_answered() -> None:
    document = {
        "session_id": "9b4c",
        "response": "Line one\nLine two",
        "stats": {
            "models": {
                "gemini-2.5-pro": {
                    "api": {"totalRequests": 1, "totalErrors": 0, "totalLatencyMs": 900},
                    "tokens": {"prompt": 400, "candidates": 30, "total": 445, "cached": 100,
                               "thoughts": 15, "tool": 0},
                }
            },
            "tools": {"totalCalls": 0},
        },
    }  # fmt: skip
    text = "Approval mode overridden to auto_edit\n" + json.dumps(document, indent=2)
    said, usage = read(["gemini", "--output-format", "json"], text.splitlines())
    assert said == ["Line one", "Line two"]
    assert (usage.input_tokens, usage.output_tokens, usage.reasoning_tokens) == (400, 45, 15)
    # 300 fresh at $1.25/M, 100 cached at $0.31/M, 45 out at $10/M
    assert usage.cost_usd == pytest.approx(0.000856)
    assert (usage.cost_source, usage.model) == ("prices", "gemini-2.5-pro")


def test_an_error_result_is_said_and_its_zero_cost_is_the_cli_s() -> None:
    result = {
        "type": "result",
        "subtype": "success",
        "is_error": True,
        "result": "Not logged in · Please run /login",
        "total_cost_usd": 0,
        "usage": {"input_tokens": 0, "output_tokens": 0},
        "modelUsage": {},
    }
    said, usage = read(["claude", "-p", "--output-format", "json"], [result])
    assert said == ["error: Not logged in · Please run /login"]
    assert (usage.cost_usd, usage.cost_source) == (0.0, "cli")


def test_lines_that_are_not_json_pass_through_and_report_nothing() -> None:
    said, usage = read(
        ["codex", "exec", "--json", "--", "t"], ["Reading prompt from stdin...", "{not json"]
    )
    assert said == ["Reading prompt from stdin...", "{not json"]
    assert usage == AgentUsage()  # unknown: no tokens, no cost
    assert usage.line() == "tokens not reported · cost unknown"


def test_a_json_document_that_never_ends_is_logged_as_printed() -> None:
    said, usage = read(["claude", "-p", "--output-format", "json"], ['{"type": "result",'])
    assert said == ['{"type": "result",'] and not usage.reported


def test_the_reader_has_no_state_shared_between_runs() -> None:
    one = UsageReader("codex-json")
    one.feed(json.dumps({"type": "turn.completed", "usage": {"input_tokens": 5}}))
    assert UsageReader("codex-json").usage == AgentUsage()
