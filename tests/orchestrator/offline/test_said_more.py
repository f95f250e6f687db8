"""A reply to a question for typed values only (a number, a day, one of an enum's members) that
says two more words of its own is a request of its own, never the answer: "bought 3 apples at
the market" after the question for a streak's length sets no streak of 3, "finished 2 chapters
of Dune tonight" after the one for pages read logs no 2 pages, and "just had a glass of water,
around 250ml" after the one for a body weight logs no weight (trial 16, w02, and a class of
trial 17's wrong writes at first sight). "80 kg", "4 days", "make it 4 days" still answer it."""

from __future__ import annotations

from orchestrator import UserMessage
from tests.orchestrator.offline._routing import calls, integer, string, tool
from tests.orchestrator.offline.test_asking import question_of, turn

WEIGHT = tool(
    "log_body_weight",
    "Log body weight measurement.",
    {"weight": {"type": "number", "description": "Body weight in kg"}, "notes": string()},
    "weight",
)
WATER = tool(
    "log_water",
    "Log water intake",
    {"amount": {"type": "number"}, "unit": {"type": "string", "enum": ["ml", "oz"]}},
    "amount",
)
READING = tool(
    "log_reading",
    "Log pages read",
    {"pages": {**integer(), "description": "Pages read"}, "book": string()},
    "pages",
)
STREAK = tool(
    "set_streak",
    "Set a streak",
    {"current": {**integer(), "description": "Current streak value in days"}},
    "current",
)


async def test_a_reply_with_words_of_its_own_is_a_request() -> None:
    request = UserMessage("log my weight")
    asked = await turn([WEIGHT, WATER], request)
    assert list(question_of(asked).fields) == ["weight"]
    history = (request, asked.items[0])
    reply = UserMessage("just had a glass of water, around 250ml")
    step = await turn([WEIGHT, WATER], *history, reply)
    assert not [name for name, _ in calls(step) if name == "log_body_weight"], calls(step)
    step = await turn([WEIGHT, WATER], *history, UserMessage("80 kg"))
    assert calls(step) == [("log_body_weight", {"weight": 80})]


async def test_a_value_with_its_unit_and_verb_answers() -> None:
    request = UserMessage("set my streak")
    asked = await turn([STREAK], request)
    history = (request, asked.items[0])
    for reply in ("4", "4 days", "make it 4 days"):
        step = await turn([STREAK], *history, UserMessage(reply))
        assert calls(step) == [("set_streak", {"current": 4})], reply


async def test_a_count_said_of_another_thing_answers_no_count() -> None:
    request = UserMessage("set my streak")
    asked = await turn([STREAK], request)
    history = (request, asked.items[0])
    step = await turn([STREAK], *history, UserMessage("bought 3 apples at the market"))
    assert calls(step) == [], calls(step)
    request = UserMessage("log my reading")
    asked = await turn([READING], request)
    reply = UserMessage("finished 2 chapters of Dune tonight")
    step = await turn([READING], request, asked.items[0], reply)
    assert calls(step) == [], calls(step)


async def test_a_length_answers_no_amount_of_money() -> None:
    """ "I slept 7h" after the question for a budget's amount set a budget of 7 (trial 17, s19)."""
    budget = tool(
        "set_budget",
        "Set a monthly budget",
        {"amount": {"type": "number", "description": "Budget amount"}, "month": string()},
        "amount",
    )
    request = UserMessage("set a budget")
    asked = await turn([budget], request)
    assert list(question_of(asked).fields) == ["amount"]
    step = await turn([budget], request, asked.items[0], UserMessage("I slept 7h"))
    assert calls(step) == [], calls(step)
    step = await turn([budget], request, asked.items[0], UserMessage("150"))
    assert calls(step) == [("set_budget", {"amount": 150})]
