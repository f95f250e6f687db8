"""Amounts of money take part in arithmetic ("2 x 189 euros plus 2 x 35 for bags, what's the
total?", "189 euros plus 35 euros"): the currency said after a number is no part of the sum,
where before the amounts were kept out of it and only "2 * 35" was sent. An amount with no
operator beside it is still an amount to record. Over schemas of its own."""

from __future__ import annotations

import pytest

from tests.orchestrator.offline._routing import calls, text, tool, turn
from tests.orchestrator.offline.test_percent_relations import EVALUATE, JOURNAL

EXPENSE = tool(
    "record_spending",
    "Record money spent.",
    {"amount": {"type": "number"}, "category": text("Category"), "note": text("Note")},
    "amount",
    "category",
)


@pytest.mark.parametrize(
    ("said", "formula"),
    [
        ("flights are 2 x 189 euros plus 2 x 35 for bags, what's the total?", "2 * 189 + 2 * 35"),
        ("what's 189 euros plus 35 euros", "189 + 35"),
    ],
)
async def test_amounts_of_money_are_summed(said: str, formula: str) -> None:
    assert calls(await turn([EVALUATE, JOURNAL], said)) == [
        ("evaluate_formula", {"formula": formula})
    ]


async def test_an_amount_with_no_operator_is_recorded() -> None:
    step = await turn([EXPENSE, EVALUATE], "spent 12.50 on lunch, category food")
    assert calls(step) == [
        ("record_spending", {"amount": 12.5, "category": "food", "note": "lunch"})
    ]
