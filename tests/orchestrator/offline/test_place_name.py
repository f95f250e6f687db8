"""A place's name and values a server keeps in Chinese, said in English (user trial 38, a trip
planner, `_trip_planner.py`):
- "budget for 4 days in shanghai" gives `destination` "shanghai" (the router asked for it: "I
  did not understand "shanghai""), "a 10 day trip to sanya in july" gives "sanya", never the
  month; "in New York" the capitalised run;
- "nice hotel" is `accommodation_level` 高档 and "relaxed" `pace` 轻松 (lexicon
  `VALUE_TRANSLATIONS`), in a write too;
- a word the lexicon knows is no place ("in summer"), nor is the tool's own noun, nor "visit"
  ("to visit beijing");
- "in march" is the month 3 for `month` (1-12), and a month said counts for a tool that takes
  one: "is january a good time to visit beijing?" checks the weather (it listed the todos);
- "packing list for a 5 day trip ..." is `pack_checklist`'s, its name's first word said in
  "-ing" (it called the budget tool), "trip" the first part of its server's name (`tripplan`),
  no word left over; "i need a packing list ..." wants it (a "need" read as a thing to do)."""

from __future__ import annotations

from tests.orchestrator.offline._routing import calls, turn
from tests.orchestrator.offline._trip_planner import TOOLS
from tests.orchestrator.offline.test_files_and_games import TODOS


async def test_the_place_after_in_or_to() -> None:
    said = "budget for 4 days in shanghai, nice hotel, we're taking the train so no flights"
    assert calls(await turn(TOOLS, said)) == [
        (
            "calculate_trip_budget",
            {
                "destination": "shanghai",
                "days": 4,
                "accommodation_level": "高档",
                "include_flights": False,
            },
        )
    ]
    assert calls(await turn(TOOLS, "trip budget for 3 days in New York")) == [
        ("calculate_trip_budget", {"destination": "New York", "days": 3})
    ]


async def test_a_translated_value_in_a_write() -> None:
    said = "make me an itinerary for hangzhou starting 2026-10-03, 3 days, relaxed"
    assert calls(await turn(TOOLS, said)) == [
        (
            "create_itinerary",
            {"destination": "hangzhou", "start_date": "2026-10-03", "days": 3, "pace": "轻松"},
        )
    ]


async def test_a_known_word_is_no_place() -> None:
    made = calls(await turn(TOOLS, "packing list for 10 days in summer"))
    assert all(arguments.get("destination") != "summer" for _, arguments in made)


async def test_a_month_for_a_month_number() -> None:
    assert calls(await turn(TOOLS, "weather in hangzhou in march?")) == [
        ("check_weather_suggestion", {"city": "hangzhou", "month": 3})
    ]
    for said in ("is january a good time to visit beijing?", "is january a good time for beijing"):
        assert calls(await turn([*TODOS, *TOOLS], said)) == [
            ("check_weather_suggestion", {"city": "beijing", "month": 1})
        ], said


async def test_a_packing_list_is_the_checklist() -> None:
    said = "packing list for a 5 day trip to hangzhou in winter"
    assert calls(await turn([*TODOS, *TOOLS], said)) == [
        ("pack_checklist", {"destination": "hangzhou", "days": 5, "season": "冬季"})
    ]  # ("trip" names the `tripplan` server: no word left over)


async def test_a_packing_list_needed_is_the_checklist() -> None:
    """User trial 38: "i need a packing list for sanya" was a thing to do ("need"), no tool fit."""
    said = "i need a packing list for a 5 day trip to sanya"
    assert calls(await turn([*TODOS, *TOOLS], said)) == [
        ("pack_checklist", {"destination": "sanya", "days": 5})
    ]
    step = await turn([*TODOS, *TOOLS], "i need a packing list for sanya")
    assert calls(step) == [] and "pack_checklist" in str(step)  # the days asked for
    made = calls(await turn([*TODOS, *TOOLS], "i need to make a packing list"))
    assert all(name != "pack_checklist" for name, _ in made)  # a thing to do, never the list
