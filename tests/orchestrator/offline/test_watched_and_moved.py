"""Records of a kind no set had, over schemas of their own (a movie watchlist, house plants):
"movies" is the plural of "movie" (it was read as "movy", so no listing of them was found for
the record named); "watched" is the status `watched`, never `watching`, which shares its stem;
"rate inception 9" sets the rating; "move fernando to the kitchen" sets the one place a change
takes; a repetition said beside a name ("water monty every 10 days from now on") names no
record, so nothing is logged for Monty. "I watered Monty with 500ml today" is the watering's
log (never a to-do marked done), 500 ml its `amount_ml` (a quantity, never money); "add a
monstera called Monty in the living room, water every 7 days" gives its species, its room
and how often it is watered."""

from __future__ import annotations

import json
from typing import Any

from tests.orchestrator.offline._routing import integer, run_with, string, tool

STATES = {"type": "string", "enum": ["to_watch", "watching", "watched", "dropped"]}
RATING: dict[str, Any] = {"type": "number", "minimum": 0, "maximum": 10}
MOVIES = [
    tool(
        "add_movie",
        "Add a movie to your watchlist.",
        {"title": string(), "status": STATES},
        "title",
    ),
    tool(
        "update_movie",
        "Update a movie's status, rating or notes.",
        {"movie_id": integer(), "status": STATES, "rating": RATING, "notes": string()},
        "movie_id",
    ),
    tool("list_movies", "List movies, optionally filtered by status.", {"status": STATES}),
]
LISTED = json.dumps(
    [
        {"id": 4, "title": "Dune Part Two", "status": "to_watch"},
        {"id": 5, "title": "Inception", "status": "to_watch"},
    ]
)
WATCHED = {"list_movies": LISTED, "update_movie": '{"ok": true}'}

PLANTS = [
    tool(
        "add_plant",
        "Add a plant to your collection.",
        {
            "name": string(),
            "species": string(),
            "location": string(),
            "watering_interval_days": {"type": "integer", "description": "Days between waterings"},
        },
        "name",
    ),
    tool(
        "log_watering",
        "Record that a plant was watered.",
        {"plant_id": integer(), "amount_ml": integer(), "date": string()},
        "plant_id",
    ),
    tool(
        "update_plant",
        "Update a plant's details.",
        {
            "plant_id": integer(),
            "name": string(),
            "location": string(),
            "watering_interval_days": integer(),
        },
        "plant_id",
    ),
    tool("list_plants", "List all plants with their next watering date.", {"location": string()}),
]
OK = json.dumps({"ok": True})
GROWING = json.dumps(
    [
        {"id": 1, "name": "Fernando", "location": "bathroom"},
        {"id": 2, "name": "Monty", "location": "living room"},
    ]
)
TENDED = {
    "list_plants": GROWING,
    "update_plant": OK,
    "log_watering": OK,
    "add_plant": OK,
}


async def test_a_movie_said_watched_is_found_and_marked_watched() -> None:
    for said in ("mark inception as watched", "I watched Inception"):
        made = await run_with(MOVIES, WATCHED, said)
        wanted = [("list_movies", {}), ("update_movie", {"status": "watched", "movie_id": 5})]
        assert made == wanted, (said, made)


async def test_a_movie_rated_gets_its_rating() -> None:
    made = await run_with(MOVIES, WATCHED, "rate inception 9")
    assert made == [("list_movies", {}), ("update_movie", {"rating": 9, "movie_id": 5})], made


async def test_a_plant_moved_to_a_room_gets_that_location() -> None:
    made = await run_with(PLANTS, TENDED, "move fernando to the kitchen")
    wanted = [("list_plants", {}), ("update_plant", {"location": "kitchen", "plant_id": 1})]
    assert made == wanted, made


async def test_a_repetition_beside_a_name_logs_nothing() -> None:
    made = await run_with(PLANTS, TENDED, "water monty every 10 days from now on")
    assert all(name == "list_plants" for name, _ in made), made


async def test_a_plant_said_watered_by_me_logs_the_watering_in_millilitres() -> None:
    made = await run_with(PLANTS, TENDED, "I watered Monty with 500ml today")
    assert made[-1][0] == "log_watering", made
    assert made[-1][1]["plant_id"] == 2 and made[-1][1]["amount_ml"] == 500, made


async def test_a_new_plant_keeps_its_species_room_and_watering_interval() -> None:
    said = "add a monstera called Monty in the living room, water every 7 days"
    made = await run_with(PLANTS, {**TENDED, "list_plants": "[]"}, said)
    plant = {
        "name": "Monty",
        "species": "monstera",
        "location": "the living room",
        "watering_interval_days": 7,
    }
    assert made[-1] == ("add_plant", plant), made
