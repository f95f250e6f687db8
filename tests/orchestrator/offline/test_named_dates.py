"""Dates each said after a word of its own parameter's name ("joined 2019-03-02, leaving
2024-08-31": `join_date`, `leave_date`); before (user trial 36), the second was never read and
was asked for. A year said after a month ("end of june 2025") is never an amount; one date
placed, the request's other date is the date parameter left's ("started march 15 2020 and im
quitting at the end of june 2025": before, the leave date was asked for)."""

from __future__ import annotations

from tests.orchestrator.offline import _korean_calculators
from tests.orchestrator.offline._routing import conversation
from tests.orchestrator.offline.test_files_and_games import TODOS

TOOLS = [*TODOS, *_korean_calculators.TOOLS]


async def test_each_date_goes_to_the_parameter_its_word_names() -> None:
    said = (
        "how much severance will i get? joined 2019-03-02, leaving 2024-08-31, the last 3 months"
        " of pay added up to 1,200만원"
    )
    made, answers = await conversation(TOOLS, said)
    assert made == [] and "leave_date" not in answers[0].split("\n")[1], answers


async def test_a_year_after_a_month_is_never_an_amount() -> None:
    said = "calculate my severance. i started march 15 2020 and im quitting at the end of june 2025"
    made, answers = await conversation(TOOLS, said)
    assert made == [] and "recent 3m total manwon 2025" not in answers[0]


async def test_the_other_date_goes_to_the_date_parameter_left() -> None:
    said = "calculate my severance. i started march 15 2020 and im quitting at the end of june 2025"
    made, answers = await conversation(TOOLS, said, "about 1260만원 in the last 3 months")
    assert made == [
        (
            "retirement_pay",
            {"join_date": "2020-03-15", "leave_date": "2025-06-30", "recent_3m_total_manwon": 1260},
        )
    ], answers
