"""A route said ("from JFK to SFO", "Newark to Phoenix", "SFO->MCO") fills a tool's pair of
parameters for where from and where to (`origin`, `destination`), in the order said, and makes
a tool that takes one the better fit; "nonstop" is a direct flight, "one-stop" one with a stop.
Before (trial 34), "any direct flights JFK to SFO" searched from SFO to JFK, "from JFK to SFO"
left no destination, "a nonstop from Miami to LaGuardia" asked for a user id, and "flights
seattle to atlanta" asked `get_flight_status` for flight "seattle". A time zone's pair is no
route ("9am Tokyo to London": `test_everyday_writes`), nor is "to Bob"."""

from __future__ import annotations

from datetime import datetime

import pytest

from tests.orchestrator.offline import _flights
from tests.orchestrator.offline._routing import conversation
from tests.orchestrator.offline.test_files_and_games import TODOS

TOOLS = [*TODOS, *_flights.TOOLS]


def _clock() -> datetime:
    return datetime(2024, 5, 15, 9, 0).astimezone()


@pytest.mark.parametrize(
    ("said", "made"),
    [
        (
            "any direct flights JFK to SFO on may 20?",
            ("search_direct_flight", "JFK", "SFO", "2024-05-20"),
        ),
        (
            "search direct flights from JFK to SFO on 2024-05-20",
            ("search_direct_flight", "JFK", "SFO", "2024-05-20"),
        ),
        (
            "Is there a nonstop from Miami to LaGuardia on the 18th?",
            ("search_direct_flight", "Miami", "LaGuardia", "2024-05-18"),
        ),
        (
            "I need to fly from Newark to Phoenix next Monday, anything nonstop?",
            ("search_direct_flight", "Newark", "Phoenix", "2024-05-20"),
        ),
        (
            "What one-stop options are there from BOS to SEA on the 22nd?",
            ("search_onestop_flight", "BOS", "SEA", "2024-05-22"),
        ),
        (
            "direct flights SFO->MCO on 5/28",
            ("search_direct_flight", "SFO", "MCO", "2024-05-28"),
        ),
        (  # (a day typed with slashes alone, its order in no doubt: the day the search needs)
            "search direct SFO->MCO 5/28",
            ("search_direct_flight", "SFO", "MCO", "2024-05-28"),
        ),
        (
            "direct flights from chicago o'hare to houston may 25th",
            ("search_direct_flight", "chicago o'hare", "houston", "2024-05-25"),
        ),
        (  # (in lower case with no "from": right after the tool's noun)
            "direct flights seattle to atlanta on may 22",
            ("search_direct_flight", "seattle", "atlanta", "2024-05-22"),
        ),
    ],
)
async def test_a_route_fills_where_from_and_where_to(said: str, made: tuple[str, ...]) -> None:
    calls, _ = await conversation(TOOLS, said, clock=_clock)
    assert [(n, a["origin"], a["destination"], a["date"][:10]) for n, a in calls] == [made]


async def test_a_question_of_how_many_is_never_a_hand_over() -> None:
    """ "with a summary of the user's issue" says no total: a question that counts never hands
    the user over (before: `transfer_to_human_agents(summary="many of our ...")`)."""
    calls, _ = await conversation(TOOLS, "how many of our flights mention a delay?", clock=_clock)
    assert "transfer_to_human_agents" not in [name for name, _ in calls]


async def test_a_city_where_a_code_is_due_is_looked_up_in_the_listing_of_airports() -> None:
    """ "from Newark to Phoenix" sends EWR and PHX, the codes the server's listing gives those
    cities (the parameters' examples are codes of three capitals, "such as 'JFK'"); a city two
    airports have ("New York") is asked about, never sent (before: "Newark", "Phoenix", and the
    search found nothing)."""
    outputs = {"list_all_airports": _flights.AIRPORT_LIST, "search_direct_flight": "[]"}
    tools = [*TOOLS, _flights.AIRPORTS]
    said = "any nonstop from Newark to Phoenix on may 20?"
    made, _ = await conversation(tools, said, outputs=outputs, clock=_clock)
    assert made == [
        ("list_all_airports", {}),
        ("search_direct_flight", {"origin": "EWR", "destination": "PHX", "date": "2024-05-20"}),
    ]
    said = "any nonstop from Denver to New York on may 20?"
    made, answers = await conversation(tools, said, outputs=outputs, clock=_clock)
    assert made == [("list_all_airports", {})], made
    assert "destination" in answers[-1] and "DEN" in answers[-1]
    made, _ = await conversation(tools, "direct flights JFK to DEN on may 20", clock=_clock)
    assert [n for n, _ in made] == ["search_direct_flight"]  # (codes: nothing looked up)


async def test_a_day_typed_with_slashes_in_doubt_is_asked_for() -> None:
    calls, answers = await conversation(TOOLS, "search direct SFO->MCO 3/4", clock=_clock)
    assert calls == [] and "date" in answers[-1]


async def test_at_all_asks_for_no_status_all() -> None:
    """ "do you fly into Atlanta at all?": "at all" is an idiom, never the listing's status "all"
    (before: `list_todos(status="all")`)."""
    calls, _ = await conversation(TOOLS, "Do you guys fly into Atlanta at all?", clock=_clock)
    assert all(a.get("status") != "all" for _, a in calls)
