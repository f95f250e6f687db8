"""Units a tool takes as free text are sent as its description lists them ("temperature: C,
F, K": "F", not "fahrenheit", which such a server refuses as mismatched), and by their
canonical names where it lists none. Fails on the router before."""

from __future__ import annotations

from typing import Any

from tests.orchestrator.offline._routing import calls, tool, turn

UNITS: dict[str, Any] = {
    "amount": {"type": "number"},
    "from_unit": {"type": "string"},
    "to_unit": {"type": "string"},
}
LISTED = tool(
    "convert_measure",
    "Convert an amount between units.\n\nSupported:\n  - temperature: C, F, K\n"
    "  - length: mm, cm, m, km",
    UNITS,
    "amount",
    "from_unit",
    "to_unit",
)
UNLISTED = tool("convert_measure", "Convert an amount between units.", UNITS, *UNITS)


async def test_units_go_as_the_description_lists_them() -> None:
    assert calls(await turn([LISTED], "100 F in celsius?")) == [
        ("convert_measure", {"amount": 100, "from_unit": "F", "to_unit": "C"})
    ]


async def test_units_it_lists_none_of_go_by_their_names() -> None:
    assert calls(await turn([UNLISTED], "100 F in celsius?")) == [
        ("convert_measure", {"amount": 100, "from_unit": "fahrenheit", "to_unit": "celsius"})
    ]
