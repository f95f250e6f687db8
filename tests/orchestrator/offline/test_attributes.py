"""A car named by its year, make and model as people say them ("my 2018 toyota camry", "a 2020
Jeep Grand Cherokee") fills `vehicle_year`, `vehicle_make` and `vehicle_model` in that order;
a shorter run ("2015 pilot") fills the model and the make is asked for, never taken from the
words left over ("maintenance wise"). A question the description says the tool answers ("whats
due": "Returns what maintenance is due now") reaches it, and "miles" says a mileage. Before
(user trial 35's first sight), every car question asked for the make and model it was told,
"whats due" did nothing, and "75k miles" was asked for again."""

from __future__ import annotations

import pytest

from tests.orchestrator.offline import _cars
from tests.orchestrator.offline._routing import conversation
from tests.orchestrator.offline.test_files_and_games import TODOS

TOOLS = [*TODOS, *_cars.TOOLS]


@pytest.mark.parametrize(
    ("said", "car", "miles"),
    [
        (
            "what maintenance should i be doing on my 2018 toyota camry? it's at 62k miles",
            (2018, "toyota", "camry"),
            62000,
        ),
        ("2016 mazda cx-5, about 85,000 mi on it. whats due", (2016, "mazda", "cx-5"), 85000),
        (
            "2010 lexus rx350 at roughly 150,000 miles, what maintenance should i be on top of?",
            (2010, "lexus", "rx350"),
            150000,
        ),
    ],
)
async def test_a_car_said_by_year_make_and_model_gets_its_schedule(
    said: str, car: tuple[int, str, str], miles: int
) -> None:
    made, _ = await conversation(TOOLS, said)
    year, make, model = car
    assert made == [
        (
            "get_maintenance_schedule",
            {
                "vehicle_year": year,
                "vehicle_make": make,
                "vehicle_model": model,
                "current_mileage": miles,
            },
        )
    ]


async def test_a_model_of_two_words_takes_the_rest_of_the_run() -> None:
    made, _ = await conversation(
        TOOLS, "Dealer quoted me $780 for rear brakes on my 2020 Jeep Grand Cherokee. Too much?"
    )
    assert [(a["vehicle_make"], a["vehicle_model"], a["repair_type"]) for _, a in made] == [
        ("Jeep", "Grand Cherokee", "rear brakes")
    ]


@pytest.mark.parametrize(
    "said",
    [
        "2015 pilot, 105k. whats due",
        "whats coming up maintenance wise on a 2013 f150 with 120k miles",
    ],
)
async def test_a_make_unsaid_is_asked_for_never_guessed(said: str) -> None:
    made, answers = await conversation(TOOLS, said)
    assert made == []
    assert "I need: vehicle_make." in answers[0]
    made, _ = await conversation(TOOLS, said, "honda")
    assert [(n, a["vehicle_make"]) for n, a in made] == [("get_maintenance_schedule", "honda")]


async def test_a_mileage_said_first_is_kept_for_the_car_said_after() -> None:
    made, _ = await conversation(TOOLS, "whats due on my car at 75k miles", "2014 subaru forester")
    assert made == [
        (
            "get_maintenance_schedule",
            {
                "current_mileage": 75000,
                "vehicle_year": 2014,
                "vehicle_make": "subaru",
                "vehicle_model": "forester",
            },
        )
    ]


async def test_a_possessive_ends_the_model() -> None:
    said = (
        "my 2014 nissan rogue's cvt is going out. $4,200 to replace, car is worth like 6k, 118k"
        " miles. fix or get something new?"
    )
    made, _ = await conversation(TOOLS, said)
    assert [(n, a["vehicle_make"], a["vehicle_model"]) for n, a in made] == [
        ("should_i_fix_or_replace", "nissan", "rogue")
    ]


async def test_a_verb_ends_the_run_and_an_amount_in_thousands_is_read() -> None:
    """ "2011 civic needs a $3.2k transmission job": the model "civic" (never "needs"), the make
    asked for, and "$3.2k" the repair's cost (before: no amount read)."""
    said = "2011 civic needs a $3.2k transmission job and the car's worth maybe 4500. fix or not?"
    made, answers = await conversation(TOOLS, said)
    assert made == [] and "I need: vehicle_make." in answers[0]
    assert "vehicle model civic" in answers[0] and "repair cost 3200" in answers[0]


@pytest.mark.parametrize(
    ("said", "repair"),
    [
        (
            "my mechanic quoted $1,850 for a timing belt job on my 2012 honda accord, does that"
            " sound right?",
            "timing belt job",
        ),
        (
            "got quoted 1.2k to replace the alternator on my 2014 ford f-150, is that fair?",
            "alternator",
        ),
        (  # the repair said before the price and the verb that prices it
            "water pump and thermostat quoted at $900 on my 2015 honda civic, is that fair?",
            "water pump and thermostat",
        ),
    ],
)
async def test_what_a_price_is_for_is_the_one_text_left(said: str, repair: str) -> None:
    """ "$1,850 for a timing belt job", "1.2k to replace the alternator": the repair quoted
    (before: asked for)."""
    made, _ = await conversation(TOOLS, said)
    assert [(n, a["repair_type"]) for n, a in made] == [("check_repair_estimate", repair)]


async def test_a_judgement_asked_after_the_car_ends_its_model() -> None:
    """ "... my 2014 honda accord reasonable?": the model "accord" (before: "accord reasonable",
    sent to the estimate as the model)."""
    said = "is $1,850 for a timing belt job on my 2014 honda accord reasonable?"
    made, _ = await conversation(TOOLS, said)
    assert [(n, a["vehicle_model"]) for n, a in made] == [("check_repair_estimate", "accord")]
