"""A quantity said with its unit keeps the unit, and money never measures a thing, over schemas
of their own: an `amount` beside a unit of measure takes "2 cups" as 2 and "cups" (as the unit's
description lists it), never "$12.50" nor "coffee 4.75 cash", neither said alone nor as the
answer to the question for it; a reply that says a unit is placed with it, or answers nothing;
a weight said for a parameter described in lbs is converted to lbs, never dropped."""

from __future__ import annotations

from typing import Any

from orchestrator import AssistantMessage, ToolDefinition, UserMessage
from orchestrator.messages import Item
from orchestrator.models import ModelRequest, ModelResponse
from orchestrator.offline import OfflineRouter
from tests.orchestrator.offline._routing import calls, text, tool

NUMBER: dict[str, Any] = {"type": "number"}
RECORD_TEA = tool(
    "record_tea",
    "Record tea drunk",
    {
        "amount": {"type": "number", "description": "How much was drunk"},
        "unit": text("Unit (oz, ml, cups, etc.). Optional, defaults to the user's unit"),
        "note": text("A note"),
    },
    "amount",
)
TEA_IN_ML_OR_L = tool(
    "record_tea", "Record tea drunk", {"amount": NUMBER, "unit": {"enum": ["ml", "l"]}}, "amount"
)
ADD_TASK = tool("add_task", "Add a task", {"title": text("The task")}, "title")
ADD_ENTRY = tool(  # a ledger's entry: its money goes inside postings, no `amount` of its own
    "add_entry",
    "Add a ledger entry",
    {
        "day": text("Day of the entry"),
        "narration": text("What it was"),
        "postings": {"type": "array", "items": {"type": "object"}},
    },
    "day",
    "narration",
    "postings",
)
LOG_LIFT = tool(
    "log_lift",
    "Log a lift",
    {
        "name": text("Name of the exercise"),
        "weight": {"type": "number", "description": "Weight used in lbs (e.g., 25 for 25lb bars)"},
        "reps": {"type": "integer"},
    },
    "name",
)
TOOLS = [RECORD_TEA, ADD_TASK, ADD_ENTRY]


async def _turns(tools: list[ToolDefinition], *said: str) -> ModelResponse:
    """The router's response to the last of `said`, each said after the response before."""
    history: list[Item] = []
    response = None
    for request in said:
        history.append(UserMessage(request))
        response = await OfflineRouter().respond(ModelRequest("", list(history), tools))
        history += list(response.items)
    assert response is not None
    return response


def _no_tea(response: ModelResponse) -> None:
    """No tea written, nor offered to be written with the money as its amount."""
    assert all(name != "record_tea" for name, _ in calls(response)), calls(response)
    for item in response.items:
        question = item.question if isinstance(item, AssistantMessage) else None
        if question is not None and question.about == "record_tea":
            assert "amount" not in question.understood, question.text


async def test_a_quantity_fills_the_amount_and_the_unit_as_listed() -> None:
    for said, amount, unit in (
        ("log 16 oz of tea", 16, "oz"),
        ("I had 2 cups of tea", 2, "cups"),  # as its description lists it
        ("had roughly 250ml of tea", 250, "ml"),
        ("had 3 bottles of tea", 3, "bottles"),  # as said, never a group's name ("pcs")
    ):
        ((name, args),) = calls(await _turns(TOOLS, said))
        assert (name, args["amount"], args["unit"]) == ("record_tea", amount, unit), said


async def test_a_unit_the_enum_lacks_is_asked_about_never_dropped() -> None:
    assert calls(await _turns([TEA_IN_ML_OR_L, ADD_TASK], "I had 2 cups of tea")) == []
    step = await _turns([TEA_IN_ML_OR_L, ADD_TASK], "I had 300 ml of tea")
    assert calls(step) == [("record_tea", {"amount": 300, "unit": "ml"})]


async def test_money_never_fills_an_amount_that_measures() -> None:
    for said in (
        "lunch was $12.50, paid cash",
        "chase starts with $5,200",
        "coffee 4.75 cash",
        "uber to the airport $32, amex",
    ):
        _no_tea(await _turns(TOOLS, said))


async def test_money_never_answers_the_question_for_an_amount_that_measures() -> None:
    for reply in ("coffee 4.75 cash", "$3.50", "4 bucks"):
        _no_tea(await _turns(TOOLS, "record tea", reply))
    _no_tea(await _turns(TOOLS, "spent money on tea", "3.50"))  # money, said before
    step = await _turns(TOOLS, "spent money on tea", "2 cups")  # a measure after all
    assert calls(step) == [("record_tea", {"amount": 2, "unit": "cups"})]


async def test_a_reply_with_its_unit_fills_the_amount_and_the_unit() -> None:
    step = await _turns(TOOLS, "record tea", "just had a mug of tea, around 250ml")
    assert calls(step) == [("record_tea", {"amount": 250, "unit": "ml"})]
    assert calls(await _turns(TOOLS, "record tea", "16")) == [("record_tea", {"amount": 16})]
    _no_tea(await _turns([TEA_IN_ML_OR_L, ADD_TASK], "record tea", "2 cups"))  # no bare 2


async def test_a_weight_described_in_lbs_is_converted_or_kept() -> None:
    step = await _turns([LOG_LIFT, ADD_TASK], "log a lift: curls with 25lb bars, 12 reps")
    assert calls(step) == [("log_lift", {"name": "curls", "weight": 25, "reps": 12})]
    step = await _turns([LOG_LIFT, ADD_TASK], "log a lift: deadlift at 100 kg, 5 reps")
    assert calls(step) == [("log_lift", {"name": "deadlift", "weight": 220.4623, "reps": 5})]
