"""A schema's `pattern` is matched on the `regex` engine with a timeout, never on Python's `re`:
a catastrophic pattern (`^(a+)+$`) against a title of 40 a's and an X had held the event loop,
and with it the agents gateway's whole server (its health check, its timeouts, SIGTERM), for
minutes (a trial). The router now decides at once, or, when a match cannot be told in time,
asks instead of sending."""

from __future__ import annotations

import anyio
import pytest

from orchestrator.offline import _schema
from orchestrator.offline._schema import fits_pattern
from tests.orchestrator.offline._routing import calls, tool, turn

EVIL = "^(a+)+$"
ADD = tool(
    "add_todo",
    "Create a todo",
    {"title": {"type": "string", "pattern": EVIL}},
    "title",
)


async def test_a_catastrophic_pattern_neither_blocks_nor_lets_a_value_through() -> None:
    with anyio.fail_after(5):  # Python's re: minutes
        response = await turn([ADD], "add a todo called " + "a" * 40 + "X")
    assert calls(response) == []
    with anyio.fail_after(5):
        response = await turn([ADD], "add a todo called aaaa")
    assert calls(response) == [("add_todo", {"title": "aaaa"})]


def test_a_match_that_cannot_be_told_in_time_is_none_and_not_tried_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(_schema, "PATTERN_SECONDS", 1e-9)
    monkeypatch.setattr(_schema, "_SLOW", set())
    slow = "(x+x+)+y"
    assert fits_pattern(slow, "x" * 5000) is None
    assert slow in _schema._SLOW
    assert fits_pattern("(", "x") is None  # no regular expression
    monkeypatch.setattr(_schema, "PATTERN_SECONDS", 1.0)
    assert fits_pattern(slow, "xxy") is None  # (remembered as slow)
    assert fits_pattern("^[a-z]+$", "abc", whole=True) is True
    assert fits_pattern("^[a-z]+$", "ab1") is False
