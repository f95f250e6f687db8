"""A tool named by an abbreviation's plural (`dms`, three letters, no vowel before the "s") is
found by the abbreviation said alone ("what's in my DM"): its singular is the
abbreviation, as `tasks` is `task`. Fails on the router before (it found no tool)."""

from __future__ import annotations

import json

from orchestrator.offline._tokens import singular
from tests.orchestrator.offline._routing import run_with, tool

MESSAGES = tool("dms", "Direct messages received, newest first.", {})
WEATHER = tool("weather_now", "Current weather for a city.", {"city": {"type": "string"}}, "city")
OUTPUTS = {"dms": json.dumps([{"from": "ana"}]), "weather_now": json.dumps({})}


def test_an_abbreviations_plural_is_the_abbreviation() -> None:
    assert singular("prs") == "pr" and singular("dms") == "dm"
    assert singular("yes") == "yes" and singular("gas") == "gas"


async def test_the_tool_is_found_by_the_abbreviation() -> None:
    made = await run_with([MESSAGES, WEATHER], OUTPUTS, "what's in my DM")
    assert made == [("dms", {})]
