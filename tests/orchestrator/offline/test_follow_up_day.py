"""A follow-up to a search that moves its day ("what about the day after?", "and the day
before?") makes the search again with the day moved and the rest kept; one that names another
search of the same server taking the same values ("what about with one connection?" after a
direct flight's) makes that one with them. Before (trial 34, r022), "what about the day after?"
asked which of three tools was meant."""

from __future__ import annotations

from datetime import datetime

import pytest

from tests.orchestrator.offline import _flights
from tests.orchestrator.offline._routing import conversation
from tests.orchestrator.offline.test_files_and_games import TODOS

TOOLS = [*TODOS, *_flights.TOOLS]
FIRST = "Is there a nonstop from MIA to LGA on May 18?"
ROUTE = {"origin": "MIA", "destination": "LGA"}


def _clock() -> datetime:
    return datetime(2024, 5, 15, 9, 0).astimezone()


@pytest.mark.parametrize(
    ("then", "day"),
    [("what about the day after?", "2024-05-19"), ("and the day before?", "2024-05-17")],
)
async def test_a_follow_up_moves_the_day_of_the_search_before(then: str, day: str) -> None:
    made, _ = await conversation(TOOLS, FIRST, then, clock=_clock)
    assert made == [
        ("search_direct_flight", {**ROUTE, "date": "2024-05-18"}),
        ("search_direct_flight", {**ROUTE, "date": day}),
    ]


async def test_a_follow_up_naming_another_search_makes_it_with_the_same_values() -> None:
    made, _ = await conversation(TOOLS, FIRST, "what about with one connection?", clock=_clock)
    assert made == [
        ("search_direct_flight", {**ROUTE, "date": "2024-05-18"}),
        ("search_onestop_flight", {**ROUTE, "date": "2024-05-18"}),
    ]


async def test_a_follow_up_moves_no_day_of_a_write() -> None:
    made, _ = await conversation(
        TOOLS, "remind me to call the airline on May 18", "what about the day after?", clock=_clock
    )
    assert [name for name, _ in made] != ["create_todo", "create_todo"], made
