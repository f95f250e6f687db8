"""A write whose whole result is the server's words saying it did not do it ("REJECTED — journal
left unchanged."), not flagged an error, is answered as failed, not as done; words that only
start like a refusal ("Errors were fixed") are not one. Fails on the router before (it answered
"Wrote memo ...")."""

from __future__ import annotations

import json

from tests.orchestrator.offline._routing import after_result, tool

MEMO = tool("write_memo", "Write a memo.", {"body": {"type": "string"}}, "body")


async def test_a_refusal_in_the_servers_words_is_a_failure() -> None:
    said = "write a memo: call the plumber"
    refused = json.dumps({"result": "REJECTED — journal left unchanged: no such account."})
    answer = (await after_result([MEMO], said, refused)).text
    assert "did not work" in answer and "REJECTED" in answer
    for words in ("Memo saved.", "Errors were fixed in the memo."):
        answer = (await after_result([MEMO], said, json.dumps({"result": words}))).text
        assert "did not work" not in answer, answer


async def test_a_request_the_user_declined_is_not_answered_as_sent() -> None:
    """server-everything's `trigger-elicitation-request` answers "❌ User declined to provide the
    requested information." when its form is declined: that, not "Sent request." (a trial)."""
    trigger = tool("trigger-elicitation-request", "Trigger an elicitation request.", {})
    said = "trigger an elicitation request"
    for words in ("❌ User declined to provide the requested information.", "User cancelled."):
        answer = (await after_result([trigger], said, json.dumps({"result": words}))).text
        assert "did not work" in answer and words in answer, answer


async def test_an_error_followed_by_a_colon_is_a_failure() -> None:
    """tcg-mcp answers a refused card "Error: graded cards require both grading_provider and
    cert_number." as plain text: that, not "Created card ..." (trial 15, c03). Fails on the
    router before (the colon hid the word "Error")."""
    said = "write a memo: call the plumber"
    words = "Error: graded cards require both grading_provider and cert_number."
    answer = (await after_result([MEMO], said, words)).text
    assert "did not work" in answer and words in answer, answer
