"""A range of two numbers ("from 1 to 6", "between 10 and 20", "(1 to 6)") fills a tool's one
parameter named for the low bound and its one named for the high bound (`lo_limit`, `hi_limit`,
lexicon `LOW_BOUND_WORDS`, `HIGH_BOUND_WORDS`), where before both were left to their defaults;
a range that runs down takes nothing. A dice thrown is a random number (lexicon `NOUN_KIN`).
Over schemas of its own."""

from __future__ import annotations

import pytest

from orchestrator import ToolDefinition
from tests.orchestrator.offline._routing import calls, turn

INTEGER = {"type": "integer"}
PICK = ToolDefinition(
    "random_pick",
    "Pick a random whole number from lo_limit up to hi_limit.",
    {"type": "object", "properties": {"lo_limit": INTEGER, "hi_limit": INTEGER}},
    read_only=True,
)
NAMES = ToolDefinition(
    "list_names", "List the names.", {"type": "object", "properties": {}}, read_only=True
)


@pytest.mark.parametrize(
    "said",
    [
        "give me a random number from 1 to 6",
        "random number between 1 and 6",
        "roll a dice for me (1 to 6)",
    ],
)
async def test_a_range_fills_the_low_and_the_high_bound(said: str) -> None:
    assert calls(await turn([PICK, NAMES], said)) == [
        ("random_pick", {"lo_limit": 1, "hi_limit": 6})
    ]


async def test_a_range_that_runs_down_fills_neither() -> None:
    assert calls(await turn([PICK, NAMES], "random number from 6 to 1")) == [("random_pick", {})]
