"""A change that takes the field it sets as a choice and the new value apart
(`update_profile(profile_id, field: name | birth_date | birth_time, value)`): "update Maya's
birth time to 08:50" names the field and the value after "to", "rename Daniel to Dan" the name
field by its verb, each profile found first in a listing of bold names with their ids ("**Maya**
(ID: 1)" under a heading). User trial 22 asked whether the first was a new profile or the
astrology configuration, and did not know what to do with the second."""

from __future__ import annotations

import pytest

from tests.orchestrator.offline._charts import LIST_PROFILES, TOOLS, UPDATE_PROFILE
from tests.orchestrator.offline._routing import run_with, tool

PROFILES = (
    "# Astrological Profiles\n\n  **Maya** (ID: 1)\n  Born: 1994-03-12 at 08:45\n"
    "  Location: Birth\n\n  **Daniel** (ID: 2)\n  Born: 1990-11-02 at 23:10\n"
    "  Location: Birth\n\nNo owner profile set. Use setup_owner to configure.\n"
)


@pytest.mark.parametrize(
    ("said", "change"),
    [
        (
            "update Maya's birth time to 08:50",
            {"profile_id": 1, "field": "birth_time", "value": "08:50"},
        ),
        ("rename Daniel to Dan", {"profile_id": 2, "field": "name", "value": "Dan"}),
    ],
)
async def test_the_field_named_is_set_to_the_value_said(said: str, change: dict) -> None:
    outputs = {LIST_PROFILES.name: PROFILES, UPDATE_PROFILE.name: "Updated."}
    made = await run_with(TOOLS, outputs, said)
    assert made == [(LIST_PROFILES.name, {}), (UPDATE_PROFILE.name, change)], made


async def test_the_tool_whose_noun_is_said_goes_on_for_the_record_named() -> None:
    # "set Maya as the owner": `setup_owner(profile_id)`, ready for Maya, over a change of
    # her profile that wants a field and a value nobody said (user trial 22's replay asked)
    owner = tool(
        "setup_owner",
        "Set who you are — the human operating this server.",
        {"profile_id": {"type": "integer", "description": "Profile ID to set as owner"}},
        "profile_id",
        server="astro",
    )
    outputs = {LIST_PROFILES.name: PROFILES, owner.name: "Owner set."}
    made = await run_with([*TOOLS, owner], outputs, "set Maya as the owner")
    assert made[-1] == (owner.name, {"profile_id": 1}), made
