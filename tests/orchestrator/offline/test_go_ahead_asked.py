"""Words of a write that no field takes ("felt sluggish") are asked about as a yes or a no to
going ahead with what was understood, never as a field "confirm" to fill in, which no tool
has (trial 11, E06 and E16: "I need: confirm. What should I use?"); a yes writes what the
question showed."""

from __future__ import annotations

from orchestrator import AssistantMessage, UserMessage
from orchestrator.models import ModelRequest
from orchestrator.offline import OfflineRouter
from tests.orchestrator.offline._routing import calls, turn
from tests.orchestrator.offline.test_purchase_word_understood import ADD_EXPENSE
from tests.orchestrator.offline.test_report_asked import LOG


async def test_words_no_field_takes_ask_to_go_ahead() -> None:
    for tools, said in (
        ([LOG], "log a workout today, 30 minutes, kind running, felt sluggish"),
        ([ADD_EXPENSE], "add expense 40 category car date 2026-11-01 vignette"),
    ):
        step = await turn(tools, said)
        assert calls(step) == [], said
        assert "confirm" not in step.text and "I need" not in step.text, step.text
        assert "Should I" in step.text and "yes" in step.text, step.text


async def test_a_yes_writes_what_the_question_showed() -> None:
    said = "add expense 40 category car date 2026-11-01 vignette"
    asked = await turn([ADD_EXPENSE], said)
    (item,) = asked.items
    assert isinstance(item, AssistantMessage)
    history = [UserMessage(said), item, UserMessage("yes")]
    step = await OfflineRouter().respond(ModelRequest("", history, [ADD_EXPENSE]))
    assert calls(step) == [
        ("add_expense", {"amount": 40, "category": "car", "date": "2026-11-01"})
    ], step.text
