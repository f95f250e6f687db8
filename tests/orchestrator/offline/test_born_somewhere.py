"""A profile born somewhere: "in Lisbon, Portugal" is the place's name whole (its country after
a comma), the zone the one named ("timezone Europe/Lisbon"), the coordinates in brackets or
written together ("43.65,-79.38") its latitude and longitude, "born" the word of its birth
fields, and "my sister" who Maya is to the user, no part of her name. In user trial 22 the city
became the time zone, the place was asked for, and the name was "sister Maya"."""

from __future__ import annotations

from tests.orchestrator.offline._charts import CREATE_PROFILE, TOOLS
from tests.orchestrator.offline._routing import calls, turn


async def test_a_place_its_zone_and_its_coordinates_are_each_their_own() -> None:
    said = (
        "add a profile for my sister Maya, born 1994-03-12 at 08:45 in Lisbon, Portugal "
        "(38.72, -9.14), timezone Europe/Lisbon"
    )
    made = calls(await turn(TOOLS, said))
    profile = {
        "name": "Maya",
        "birth_date": "1994-03-12",
        "birth_time": "08:45",
        "birth_location_name": "Lisbon, Portugal",
        "birth_latitude": 38.72,
        "birth_longitude": -9.14,
        "birth_timezone": "Europe/Lisbon",
    }
    assert made == [(CREATE_PROFILE.name, profile)], made


async def test_coordinates_written_together_are_two_numbers() -> None:
    said = (
        "create a profile: Daniel, 1990-11-02, 23:10, born in Toronto 43.65,-79.38, America/Toronto"
    )
    (call,) = calls(await turn(TOOLS, said))
    assert call[1]["birth_latitude"] == 43.65 and call[1]["birth_longitude"] == -79.38, call
    assert call[1]["birth_location_name"] == "Toronto", call
    assert call[1]["birth_timezone"] == "America/Toronto", call
