"""A question that is only a word a read's filter pattern lists ("what's overdue?", "anything
shipped?") lists by that filter. Before, the word counted only once the tool was chosen, so
two reads tied and the router said it did not know what to do (user trial 11, T26). A date's
word the pattern lists too ("today") still counts as a date, not twice."""

from __future__ import annotations

import pytest

from tests.orchestrator.offline._chores import TRIAL
from tests.orchestrator.offline._routing import calls, text, tool, turn

LIST_ORDERS = tool(
    "list_orders",
    "List the shop's orders",
    {"state": text("Order state", pattern="^(open|shipped|returned)$")},
)
LIST_CUSTOMERS = tool("list_customers", "List the shop's customers", {"city": text("City")})


@pytest.mark.parametrize("said", ["whats overdue", "what's overdue?", "anything overdue"])
async def test_a_word_of_the_pattern_alone_lists_by_it(said: str) -> None:
    assert calls(await turn(TRIAL, said)) == [("list_todos", {"due_date_filter": "overdue"})]


async def test_so_it_does_for_another_servers_pattern() -> None:
    step = await turn([LIST_CUSTOMERS, LIST_ORDERS], "anything shipped?")
    assert calls(step) == [("list_orders", {"state": "shipped"})]
