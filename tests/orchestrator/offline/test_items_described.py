"""The things a tool acts on, as its description names them right after its opening verb ("List
stamps in the album"), stand for the noun of its name (`phil_album_list`): "what stamps do I own?"
lists the album, not the catalogue of a series (whose name says "stamps" but which needs the
series) nor any other listing. A word that only says which kind ("Add a todo line to the todo
file") is no such thing. Fails on the router before (it asked which listing, or for the series).
"""

from __future__ import annotations

from tests.orchestrator.offline._routing import calls, integer, string, text, tool, turn

ALBUM_LIST = tool(
    "phil_album_list",
    "List stamps in the local album, with optional filters and pagination.",
    {"country_like": text("Substring match on country."), "limit": integer()},
)
ALBUM_ADD = tool(
    "phil_album_add_stamp",
    "Record a stamp as owned.",
    {"subject": text("What the stamp shows"), "country": string(), "price": {"type": "number"}},
    "subject",
)
SERIES_STAMPS = tool(
    "phil_catalogue_list_stamps_in_series",
    "List every stamp in a series (optionally filtered by rarity), with market prices.",
    {"series_id": string(), "rarity": string()},
    "series_id",
)
PANTRY = tool("list_pantry", "List what is in the pantry.", {"location": string()})
PINNED = tool("list_pinned", "List the pinned recipes.", {})
SHELF = tool("shelf_list", "List books on your shelf.", {"limit": integer()})
TODOS = tool("list_todos", "List all todos.", {"status": string()})

TOOLS = [ALBUM_ADD, SERIES_STAMPS, ALBUM_LIST, PANTRY, PINNED]


async def test_the_things_i_own_are_listed_from_the_tool_that_keeps_them() -> None:
    assert calls(await turn(TOOLS, "what stamps do I own?")) == [("phil_album_list", {})]


async def test_my_things_are_listed_from_the_tool_that_keeps_them() -> None:
    assert calls(await turn(TOOLS, "list my stamps")) == [("phil_album_list", {})]


async def test_another_server_names_its_things_the_same_way() -> None:
    assert calls(await turn([TODOS, SHELF, PANTRY], "show me my books")) == [("shelf_list", {})]


async def test_my_things_of_a_kind_said_are_not_all_of_them() -> None:
    said = "list only my graded stamps"  # a filter the album's listing does not take: asked
    assert ("phil_album_list", {}) not in calls(await turn(TOOLS, said))


async def test_the_place_a_search_looks_in_is_not_what_it_finds() -> None:
    search = tool("trove_search", "Search the vault.", {"query": string()})
    doctor = tool("trove_doctor", "Read-only health and safety audit of the store.", {})
    said = "is my vault healthy?"
    assert ("trove_search", {}) not in calls(await turn([search, doctor, PANTRY], said))
