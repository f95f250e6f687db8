"""Cells written by their address, the notation a workbook tool's docstring shows by example
(`excel-writer-mcp` 1.0.4, `_workbooks.py`, trial 24's misses): a map's keys ("cells: Mapping of
cell address to value, e.g. {"A1": "Name", "B3": 100, "C5": "=SUM(C1:C4)"}") each with the value
said beside it ("set B2 to 42", "put 'Total' in A5", "A1 is Name, B1 is Age"), a formula said in
words where the examples hold formulas ("the sum of B2:B4 in B5": "=SUM(B2:B4)"), and a range in
its notation with a flag named ("make A1:D1 bold": `format_cells`). Words that name other cells
and say no formula are never written into a cell: the router asks."""

from __future__ import annotations

import pytest

from tests.orchestrator.offline import _workbooks
from tests.orchestrator.offline._routing import calls, conversation, turn
from tests.orchestrator.offline.test_files_and_games import TOOLS

CELLS = [
    ("set B2 to 42 in inventory.xlsx", {"B2": 42}),
    ("in inventory.xlsx set A1 to Name and B1 to Qty", {"A1": "Name", "B1": "Qty"}),
    ("put 'Total' in A5 of inventory.xlsx", {"A5": "Total"}),
    ("write 4.5 into C3 in inventory.xlsx", {"C3": 4.5}),
    ("A1 is Name, B1 is Age in inventory.xlsx", {"A1": "Name", "B1": "Age"}),
    ("B3 = 100 in inventory.xlsx", {"B3": 100}),
    ("put the sum of B2:B4 in B5 of inventory.xlsx", {"B5": "=SUM(B2:B4)"}),
    ("set B5 to the average of B2 to B4 in inventory.xlsx", {"B5": "=AVERAGE(B2:B4)"}),
    (
        "in inventory.xlsx put 'Total' in A5 and the sum of B2:B4 in B5",
        {"A5": "Total", "B5": "=SUM(B2:B4)"},
    ),
]


@pytest.mark.parametrize(("said", "cells"), CELLS)
async def test_cells_by_their_address(said: str, cells: dict[str, object]) -> None:
    for tools in (_workbooks.TOOLS, TOOLS):
        made = calls(await turn(tools, said))
        assert made == [("write_cells", {"path": "inventory.xlsx", "cells": cells})], made


async def test_other_cells_said_with_no_formula_are_never_a_value() -> None:
    for said in ("set B5 to B2 plus B3 in inventory.xlsx", "set A1 to B2 in inventory.xlsx"):
        made, _ = await conversation(TOOLS, said)
        writes = [name for name, _ in made if not name.startswith(("list_", "search_", "read_"))]
        assert not writes, (said, made)


async def test_a_range_and_a_flag_named_format_it() -> None:
    for said, flags in (
        ("make A1:D1 bold in inventory.xlsx", {"bold": True}),
        ("bold A1:D1 in inventory.xlsx", {"bold": True}),
        ("make A1:D1 italic and size 14 in inventory.xlsx", {"italic": True, "font_size": 14}),
    ):
        made = calls(await turn(TOOLS, said))
        want = {"path": "inventory.xlsx", "range_string": "A1:D1", **flags}
        assert made == [("format_cells", want)], (said, made)
    asked = await turn(TOOLS, "is A1:D1 bold in inventory.xlsx?")
    assert not [c for c in calls(asked) if c[0] == "format_cells"], calls(asked)
