"""Arithmetic read from a request (orchestrator/offline/_math.py), for a tool that takes an
expression or one that sums two numbers, on tools the router has never seen."""

from __future__ import annotations

import pytest

from orchestrator import ToolDefinition
from orchestrator.offline._math import find_math
from orchestrator.offline._tokens import tokenize
from tests.orchestrator.offline._routing import calls, turn

CALCULATE = ToolDefinition(
    "calculate",
    "Calculates/evaluates the given expression.",
    {
        "type": "object",
        "properties": {"expression": {"type": "string"}},
        "required": ["expression"],
    },
)
SUM = ToolDefinition(
    "get-sum",
    "Returns the sum of two numbers",
    {
        "type": "object",
        "properties": {"a": {"type": "number"}, "b": {"type": "number"}},
        "required": ["a", "b"],
    },
    read_only=True,
)
NOTE = ToolDefinition(
    "add_note",
    "Add a note",
    {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]},
)


@pytest.mark.parametrize(
    ("said", "expression"),
    [
        ("what's 12 times 7", "12 * 7"),
        ("calculate 1234 + 5678", "1234 + 5678"),
        ("how much is 15% of 240?", "(15/100) * 240"),
        ("whats 2 to the power of 10", "2 ** 10"),
        ("divide 100 by 8", "100 / 8"),
        ("subtract 5 from 12", "12 - 5"),
        ("7*6-2", "7*6-2"),
        ("average of 4, 8 and 15", "(4 + 8 + 15) / 3"),
        ("how much is 1,250 plus 3,750?", "1250 + 3750"),
    ],
)
async def test_arithmetic_fills_an_expression(said: str, expression: str) -> None:
    assert calls(await turn([CALCULATE, NOTE], said)) == [("calculate", {"expression": expression})]


async def test_a_sum_fills_the_two_numbers_of_a_tool_that_sums() -> None:
    assert calls(await turn([SUM, NOTE], "add 17 and 25")) == [("get-sum", {"a": 17, "b": 25})]
    assert calls(await turn([SUM, NOTE], "what's 2.5 plus 4?")) == [("get-sum", {"a": 2.5, "b": 4})]
    assert calls(await turn([SUM], "what's 6 times 7?")) == []  # it sums; it does not multiply


@pytest.mark.parametrize("said", ["call 555-123-4567", "page 3 of 10", "went well - shipping"])
def test_no_arithmetic_in_what_is_not(said: str) -> None:
    assert find_math(tokenize(said, frozenset()), set()) is None
