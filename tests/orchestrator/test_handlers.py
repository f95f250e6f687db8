"""A server's log messages (`notifications/message`): one line of text each, handed to
`on_server_log`, else logged at INFO (what the one-shot shows with `-v`)."""

from __future__ import annotations

import logging
from typing import Any

import mcp_types as types
import pytest

from orchestrator.config import MCPServerSettings
from orchestrator.handlers import ServerLog, log_handler

FLEET = MCPServerSettings(name="fleet", command="mcp-fleet")


@pytest.mark.parametrize(
    ("data", "text"),
    [
        ({"event": "attention", "message": "Agent 'a' finished"}, "Agent 'a' finished"),
        ("plain words", "plain words"),
        ({"count": 2}, '{"count": 2}'),
        ([1, "x"], '[1, "x"]'),
        ("two\nlines\x1b[31m red\x07", "two lines [31m red"),
        ("x" * 400, "x" * 299 + "…"),
        ({"message": 7}, '{"message": 7}'),
    ],
)
def test_the_text_of_a_log_message_is_one_safe_line(data: Any, text: str) -> None:
    assert ServerLog("s", "notice", None, data).text == text


async def test_without_a_listener_it_is_logged_at_info(caplog: pytest.LogCaptureFixture) -> None:
    params = types.LoggingMessageNotificationParams(
        level="warning", logger="fleet", data={"message": "Agent 'b' failed: exited with status 3"}
    )
    heard: list[ServerLog] = []
    with caplog.at_level(logging.INFO, logger="orchestrator"):
        await log_handler(FLEET, None)(params)
        await log_handler(FLEET, heard.append)(params)
    assert [r.getMessage() for r in caplog.records] == [
        "fleet says (warning): Agent 'b' failed: exited with status 3"
    ]
    assert caplog.records[0].levelno == logging.INFO
    assert heard == [ServerLog("fleet", "warning", "fleet", params.data)]
