""" "make Maya and Daniel a connection called 'Maya & Dan', romantic": a record made of the
people named before its article and noun, each found by name, never a change to the first of
them (user trial 22 read "make Maya ..." as a change, and looked for a member so named)."""

from __future__ import annotations

from tests.orchestrator.offline._charts import LIST_PROFILES
from tests.orchestrator.offline._charts import TOOLS as CHARTS
from tests.orchestrator.offline._routing import run_with, tool
from tests.orchestrator.offline.test_field_choice import PROFILES

CONNECTION = tool(
    "create_connection",
    "Create a new connection between two or more profiles for synastry or composite/Davison"
    " chart analysis. Requires at least 2 profile IDs.",
    {
        "label": {"type": "string", "description": "Name for this connection"},
        "profile_ids": {"type": "array", "items": {"type": "integer"}, "minItems": 2},
        "type": {
            "type": "string",
            "description": "Optional connection type (e.g., 'romantic', 'family', 'business')",
        },
    },
    "label",
    "profile_ids",
    server="astro",
)


async def test_a_record_made_for_the_people_named_before_it() -> None:
    outputs = {LIST_PROFILES.name: PROFILES, CONNECTION.name: "Created."}
    said = "make Maya and Daniel a connection called 'Maya & Dan', romantic"
    made = await run_with([*CHARTS, CONNECTION], outputs, said)
    made_connection = {"label": "Maya & Dan", "profile_ids": [1, 2], "type": "romantic"}
    assert made[-1] == (CONNECTION.name, made_connection), made
