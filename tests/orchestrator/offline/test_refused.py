"""A write whose whole result is the server's words saying it did not do it ("REJECTED — journal
left unchanged."), not flagged an error, is answered as failed, not as done; words that only
start like a refusal ("Errors were fixed") are not one. Fails on the router before (it answered
"Wrote memo ...")."""

from __future__ import annotations

import json

from orchestrator import ToolDefinition, UserMessage
from orchestrator.messages import ToolCallItem, ToolResultItem
from orchestrator.models import ModelRequest
from orchestrator.offline import OfflineRouter
from tests.orchestrator.offline._routing import tool

MEMO = tool("write_memo", "Write a memo.", {"body": {"type": "string"}}, "body")


async def _answer(tools: list[ToolDefinition], said: str, result: str) -> str:
    """The router's answer once the one call ``said`` made returned ``result``."""
    opening = UserMessage(said)
    (call,) = (await OfflineRouter().respond(ModelRequest("", [opening], tools))).tool_calls
    history = [
        opening,
        ToolCallItem(call.call_id, call.name, call.arguments),
        ToolResultItem(call.call_id, call.name, result),
    ]
    return (await OfflineRouter().respond(ModelRequest("", history, tools))).text


async def test_a_refusal_in_the_servers_words_is_a_failure() -> None:
    said = "write a memo: call the plumber"
    refused = json.dumps({"result": "REJECTED — journal left unchanged: no such account."})
    answer = await _answer([MEMO], said, refused)
    assert "did not work" in answer and "REJECTED" in answer
    for words in ("Memo saved.", "Errors were fixed in the memo."):
        answer = await _answer([MEMO], said, json.dumps({"result": words}))
        assert "did not work" not in answer, answer
