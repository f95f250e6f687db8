"""A change to records whose tools make no change of that kind ("remove the taxi payment" where
payments are only recorded and listed) is refused, saying so, never looked for among todos."""

from __future__ import annotations

from orchestrator import AssistantMessage
from tests.orchestrator.offline._routing import calls, turn
from tests.orchestrator.offline.test_everyday_writes import TOOLS
from tests.orchestrator.offline.test_meal_eaten import MEAL
from tests.orchestrator.offline.test_money_asked import LEDGER


async def test_a_change_no_tool_of_those_records_makes_is_refused_saying_so() -> None:
    for said, verb in (
        ("remove the taxi payment", "delete"),
        ("change the groceries payment to 58", "change"),
    ):
        step = await turn(TOOLS + LEDGER, said)
        assert calls(step) == [], (said, calls(step))
        (item,) = step.items
        assert isinstance(item, AssistantMessage) and item.refused, item
        assert f"can {verb} the payment" in item.text, item.text


async def test_a_change_to_records_a_tool_changes_goes_on() -> None:
    step = await turn(TOOLS + LEDGER, "delete the pay rent todo")
    assert [name for name, _ in calls(step)] == ["list_todos"]


async def test_a_change_to_a_record_named_by_its_kind_is_refused_never_made_anew() -> None:
    """ "change my breakfast to 100g oats" where meals are only recorded: a breakfast is a meal
    (lexicon KINDS_OF), so the change is refused; before, it offered to record a new meal."""
    for said in ("change my breakfast to 100g oats", "delete yesterday's lunch"):
        step = await turn([MEAL], said)
        assert calls(step) == [], (said, calls(step))
        (item,) = step.items
        assert isinstance(item, AssistantMessage) and item.refused, (said, item)
        assert "the meal" in item.text and "record_meal" not in item.text, item.text
