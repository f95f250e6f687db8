"""Event charts (`w8s-astro-mcp`, met in user trial 22): "cast an event chart for ..., label
lisbon-quake" is cast by the tool whose own verb opens the request (`cast_event_chart`), never
read as the verb "label" said after a comma; its place is the `location_name`, its date the
day alone its description asks for ("YYYY-MM-DD"), the clock time its own. A chart deleted by
its label ("delete the lisbon-quake event chart") is named by the words beside its noun, and a
delete's own consent flag ("confirm: Must be true to confirm deletion") is sent true, since the
orchestrator asks the user before any destructive call: trial 22 asked for both."""

from __future__ import annotations

from tests.orchestrator.offline._charts import (
    CAST_EVENT_CHART,
    DELETE_EVENT_CHART,
    DELETE_PROFILE,
    TOOLS,
)
from tests.orchestrator.offline._routing import calls, turn

CHARTS = [*TOOLS, CAST_EVENT_CHART, DELETE_EVENT_CHART, DELETE_PROFILE]


async def test_a_chart_cast_by_its_own_verb_keeps_its_label() -> None:
    said = (
        "cast an event chart for 1755-11-01 at 09:40 in Lisbon, 38.72,-9.14 Europe/Lisbon,"
        " label lisbon-quake"
    )
    made = calls(await turn(CHARTS, said))
    chart = {
        "date": "1755-11-01",
        "time": "09:40",
        "latitude": 38.72,
        "longitude": -9.14,
        "timezone": "Europe/Lisbon",
        "location_name": "Lisbon",
        "label": "lisbon-quake",
    }
    assert made == [(CAST_EVENT_CHART.name, chart)], made


async def test_a_chart_deleted_by_its_label() -> None:
    for said in ("delete the lisbon-quake event chart", "delete the event chart lisbon-quake"):
        made = calls(await turn(CHARTS, said))
        wanted = {"label": "lisbon-quake", "confirm": True}
        assert made == [(DELETE_EVENT_CHART.name, wanted)], (said, made)


async def test_a_delete_sends_its_consent_and_the_user_is_asked_by_the_orchestrator() -> None:
    made = calls(await turn(CHARTS, "delete profile 3"))
    assert made == [(DELETE_PROFILE.name, {"profile_id": 3, "confirm": True})], made


async def test_a_delete_with_no_label_said_asks_for_it() -> None:
    response = await turn(CHARTS, "delete the event chart")
    assert not response.tool_calls
    assert "label" in response.text, response.text


async def test_consent_is_never_sent_for_a_tool_that_is_not_destructive() -> None:
    from dataclasses import replace

    tame = replace(DELETE_PROFILE, destructive=False)
    response = await turn([*TOOLS, tame], "delete profile 3")
    assert not response.tool_calls, response.tool_calls
    assert "confirm" in response.text, response.text
