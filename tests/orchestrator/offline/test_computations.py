"""A computation named by its operation, over the numbers the request gives, on tools the router
has never seen: a free-text `operation` whose description lists its values ("(mean, median,
etc.)") takes one of them, said as itself or a synonym ("average", "invert"); a list of numbers
("4, 8 and 15", "2 4 4 5") fills an array of numbers, a bracketed grid ("[[1,2],[3,4]]") an
array of rows, or a list of them; digits said as a list are no phone number."""

from __future__ import annotations

from typing import Any

import pytest

from orchestrator import UserMessage
from orchestrator.models import ModelRequest, ModelResponse
from orchestrator.offline import OfflineRouter
from tests.orchestrator.offline._routing import calls, tool


def text(description: str) -> dict[str, Any]:
    return {"type": "string", "description": description}


NUMBERS = {"type": "array", "items": {"type": "number"}, "description": "The sample"}
ROWS = {"type": "array", "items": {"type": "array", "items": {"type": "number"}}}
SUMMARISE = tool(
    "summarise_sample",
    "Summarise a sample of measurements",
    {"sample": NUMBERS, "operation": text("What to work out (mean, median, range, stdev, etc.)")},
    "sample",
    "operation",
)
GRIDS = tool(
    "grid_ops",
    "Grid operations",
    {
        "grids": {"type": "array", "items": ROWS},
        "operation": text("One of (transpose, inverse, trace)"),
    },
    "grids",
    "operation",
)
EVALUATE = tool("evaluate", "Evaluates a formula", {"expr": text("The formula")}, "expr")
STATUS = tool("server_status", "Shows the server's status", {})
TOOLS = [SUMMARISE, GRIDS, EVALUATE, STATUS]


async def turn(said: str) -> ModelResponse:
    return await OfflineRouter().respond(ModelRequest("", [UserMessage(said)], TOOLS))


@pytest.mark.parametrize(
    ("said", "sample", "operation"),
    [
        ("what's the average of 4, 8 and 15?", [4, 8, 15], "mean"),
        ("what is the median of 61, 58, 64, 70 and 59", [61, 58, 64, 70, 59], "median"),
        ("standard deviation of 1 2 2 3 9", [1, 2, 2, 3, 9], "stdev"),
        ("range of 3.5, 7 and 1", [3.5, 7, 1], "range"),
    ],
)
async def test_a_statistic_of_the_numbers_said_goes_to_the_tool_that_takes_them(
    said: str, sample: list[float], operation: str
) -> None:
    assert calls(await turn(said)) == [
        ("summarise_sample", {"sample": sample, "operation": operation})
    ]


async def test_a_grid_is_read_from_its_brackets_and_the_operation_from_a_synonym() -> None:
    assert calls(await turn("invert the grid [[4,7],[2,6]]")) == [
        ("grid_ops", {"grids": [[[4, 7], [2, 6]]], "operation": "inverse"})
    ]
    assert calls(await turn("transpose [[1,2],[3,4]] and [[5,6],[7,8]]")) == [
        ("grid_ops", {"grids": [[[1, 2], [3, 4]], [[5, 6], [7, 8]]], "operation": "transpose"})
    ]


async def test_arithmetic_still_goes_to_the_formula_and_a_statistic_needs_its_numbers() -> None:
    assert calls(await turn("what's 12% of 250?")) == [("evaluate", {"expr": "(12/100) * 250"})]
    assert not any(
        name == "summarise_sample" for name, _ in calls(await turn("what's the median?"))
    )
