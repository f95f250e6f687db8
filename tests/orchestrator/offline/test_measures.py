"""A number parameter named for a measure (`weight`) takes a quantity said in a unit of that
measure ("3 kg", "a 12 lb parcel"), its unit going to the unit parameter; a quantity in a unit
the measure does not take is never put there."""

from __future__ import annotations

from typing import Any

import pytest

from orchestrator import ToolDefinition, UserMessage
from orchestrator.models import ModelRequest
from orchestrator.offline import OfflineRouter

ADD_PARCEL = ToolDefinition(
    "add_parcel",
    "Register a parcel to ship",
    {
        "type": "object",
        "properties": {
            "title": {"type": "string"},
            "weight": {"type": "number"},
            "unit": {"type": "string", "enum": ["kg", "lb"]},
        },
        "required": ["title"],
    },
)


async def calls(said: str) -> list[tuple[str, dict[str, Any]]]:
    response = await OfflineRouter().respond(ModelRequest("", [UserMessage(said)], [ADD_PARCEL]))
    return [(c.name, c.arguments) for c in response.tool_calls]


@pytest.mark.parametrize(
    ("said", "arguments"),
    [
        ("add a parcel called Old books, 3 kg", {"title": "Old books", "weight": 3, "unit": "kg"}),
        ("add a 12 lb parcel called Winter coats",
         {"title": "Winter coats", "weight": 12, "unit": "lb"}),
    ],
)  # fmt: skip
async def test_a_quantity_fills_the_parameter_named_for_its_measure(
    said: str, arguments: dict[str, Any]
) -> None:
    assert await calls(said) == [("add_parcel", arguments)]


async def test_a_quantity_of_another_measure_is_not_written_as_a_weight() -> None:
    assert await calls("add a parcel called Old books, 3 liters") == []
