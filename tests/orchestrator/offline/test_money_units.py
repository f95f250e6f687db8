"""Amounts of money as people say them, and parameters that take money in a unit of their own
(user trial 36, Korean workplace calculators): "50 million won", "3.5m won", "42k won",
"62,000,000 KRW", "4200만원", "3억", "2억5천" are amounts in won; `annual_salary_manwon`
("(만원 단위)") takes them in ten thousands of won ("50 million won": 5000), `total_won` in won;
an amount in another currency is never sent as won. Two amounts each said after the name of
its parameter go each to its own ("deposit is 10 million won and rent is 650,000 won").
Before, "50 million won" was sent as 50, "62,000,000 KRW" as 62,000,000 ten thousands."""

from __future__ import annotations

from datetime import datetime

import pytest

from orchestrator.offline._read import read
from tests.orchestrator.offline import _korean_calculators
from tests.orchestrator.offline._routing import conversation
from tests.orchestrator.offline.test_files_and_games import TODOS

TOOLS = [*TODOS, *_korean_calculators.TOOLS]


@pytest.mark.parametrize(
    ("said", "won"),
    [
        ("50 million won a year", 50_000_000),
        ("i get 3.5m won a month", 3_500_000),
        ("42k won plus vat", 42_000),
        ("62,000,000 KRW salary", 62_000_000),
        ("연봉 4200만원이면", 42_000_000),
        ("jeonse is 3억", 300_000_000),
        ("jeonse is 2억5천", 250_000_000),
    ],
)
def test_an_amount_in_won_is_read(said: str, won: int) -> None:
    money = read(said, frozenset(), datetime(2026, 12, 5)).typed("money")
    assert [(v.value, v.unit) for v in money] == [(won, "KRW")]


def test_a_number_glued_to_m_is_no_money_without_a_currency() -> None:
    assert not read("ran 5m today", frozenset(), datetime(2026, 12, 5)).typed("money")


@pytest.mark.parametrize(
    ("said", "salary"),
    [
        ("what's my take home pay if i make 50 million won a year?", 5000),
        ("net monthly pay on a 62,000,000 KRW salary?", 6200),
    ],
)
async def test_won_go_to_a_parameter_in_ten_thousands_divided(said: str, salary: int) -> None:
    made, _ = await conversation(TOOLS, said)
    assert made == [("salary_net_pay", {"annual_salary_manwon": salary})]


async def test_won_go_to_a_parameter_in_won_as_said() -> None:
    made, _ = await conversation(TOOLS, "add vat to 2.3m won")
    assert made == [("vat_add", {"supply_value_won": 2_300_000})]


async def test_another_currency_is_never_sent_as_won() -> None:
    made, answers = await conversation(TOOLS, "add vat to $500")
    assert made == [] and "supply_value_won" in answers[0]


async def test_amounts_said_after_their_names_go_each_to_its_own() -> None:
    said = (
        "deposit is 10 million won and rent is 650,000 won per month. what's the jeonse"
        " equivalent at a 6% conversion rate?"
    )
    made, _ = await conversation(TOOLS, said)
    assert made == [
        (
            "monthly_rent_to_jeonse",
            {"deposit_manwon": 1000, "monthly_rent_manwon": 65, "conversion_rate_pct": 6},
        )
    ]
