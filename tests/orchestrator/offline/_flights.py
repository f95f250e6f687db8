"""A flight-booking service the offline router's tests share, shaped like a reservation
system's (the tau-bench airline's tools, trial 34): flights searched between two airports on a
day, nonstop or with one stop, and a hand-over to a human agent with a summary; `AIRPORTS`, the
listing of the airports' codes and cities, and what it lists (`AIRPORT_LIST`)."""

from __future__ import annotations

import json

from tests.orchestrator.offline._routing import text, tool

__all__ = ["AIRPORTS", "AIRPORT_LIST", "TOOLS"]

_ROUTE = {
    "origin": text("The origin city airport in three letters, such as 'JFK'."),
    "destination": text("The destination city airport in three letters, such as 'LAX'."),
    "date": text("The date of the flight in the format 'YYYY-MM-DD', such as '2024-01-01'."),
}
TOOLS = [
    tool(
        "search_direct_flight",
        "Search for direct flights between two cities on a specific date.",
        _ROUTE,
        "origin",
        "destination",
        "date",
        server="airline",
    ),
    tool(
        "search_onestop_flight",
        "Search for one-stop flights between two cities on a specific date.",
        _ROUTE,
        "origin",
        "destination",
        "date",
        server="airline",
    ),
    tool(
        "get_user_details",
        "Get the details of a user, including their reservations.",
        {"user_id": text("The user ID, such as 'sara_doe_496'.")},
        "user_id",
        server="airline",
    ),
    tool(
        "transfer_to_human_agents",
        "Transfer the user to a human agent, with a summary of the user's issue.",
        {"summary": text("A summary of the user's issue.")},
        "summary",
        server="airline",
    ),
]
AIRPORTS = tool(
    "list_all_airports",
    "Returns a list of all available airports.\n\nReturns:\n    A dictionary mapping IATA codes"
    " to AirportInfo objects.",
    {},
    server="airline",
)
_CITIES = {"JFK": "New York", "LGA": "New York", "EWR": "Newark", "PHX": "Phoenix", "DEN": "Denver"}
AIRPORT_LIST = json.dumps([{"iata": code, "city": city} for code, city in _CITIES.items()])
