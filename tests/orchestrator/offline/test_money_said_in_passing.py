"""Money said in passing: a price written with a decimal comma ("spent 9,99 on a book today",
"kebab 7,50") is read as one where the request speaks of money, and money said spent with no
amount ("I spent money on a taxi") is an expense all the same, its amount asked for, never a
todo nor a tool question (user trial 14, f19, f10)."""

from __future__ import annotations

from datetime import datetime

from tests.orchestrator.conftest import ZONE
from tests.orchestrator.offline._routing import calls, text, tool, turn
from tests.orchestrator.offline.test_asking import question_of

TODAY = datetime.now(ZONE).date().isoformat()
NUMBER = {"type": "number"}
OUTLAY = tool(
    "record_outlay",
    "Record money spent in the household book.",
    {
        "day": text("Day of the outlay, YYYY-MM-DD"),
        "category": text("The outlay's category"),
        "amount": NUMBER,
        "remark": text("A short remark"),
    },
    "day",
    "category",
    "amount",
)
CHORE = tool("add_chore", "Add a chore to the list.", {"title": text("The chore")}, "title")
LEVEL = tool("set_level", "Set the level.", {"level": NUMBER}, "level")


async def test_a_decimal_comma_of_money_is_the_cents() -> None:
    book = await turn([OUTLAY, CHORE], "spent 9,99 on a book today")
    assert calls(book) == [("record_outlay", {"amount": 9.99, "day": TODAY, "category": "books"})]
    kebab = await turn([OUTLAY, CHORE], "kebab 7,50")
    assert [args["amount"] for _, args in calls(kebab)] == [7.5]


async def test_a_comma_of_no_money_is_no_decimal() -> None:
    assert ("set_level", {"level": 3.5}) not in calls(await turn([LEVEL], "set level 3,50"))


async def test_money_spent_with_no_amount_asks_the_amount() -> None:
    question = question_of(await turn([OUTLAY, CHORE], "I spent money on a taxi"))
    assert question.about == "record_outlay"
    assert list(question.fields) == ["amount"]
    assert "category transport" in question.text
