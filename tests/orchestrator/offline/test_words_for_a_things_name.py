"""Words that name a tool's thing though they are not its noun: a verb of measuring names the
thing it measures ("weighed in at 80 kg": a body weight), "settings" are a configuration, and
a period's adjective is the period ("my weekly stats": `period` week). Trial 16, w14, w20 and
w25: the settings answered with a dashboard's URL, the weight was not logged, and the weekly
stats were today's."""

from __future__ import annotations

from tests.orchestrator.offline._routing import calls, string, text, tool, turn

WEIGHT = tool(
    "log_body_weight",
    "Log body weight measurement.",
    {"weight": {"type": "number", "description": "Body weight in kg"}, "notes": string()},
    "weight",
)
TODO = tool("create_todo", "Create a todo.", {"title": string()}, "title")
CONFIG = tool(
    "get_config",
    "Get configuration value(s). If no key provided, returns all configuration.",
    {"key": text("Optional configuration key to retrieve.")},
)
URL = tool("get_url", "Get the URL of the dashboard.", {})
STATS = tool(
    "get_stats",
    "Get statistics for a time period (today, week, month)",
    {"period": {"type": "string", "enum": ["today", "week", "month"]}},
)


async def test_a_verb_of_measuring_names_what_it_measures() -> None:
    assert calls(await turn([TODO, WEIGHT], "weighed in at 80.5 kg")) == [
        ("log_body_weight", {"weight": 80.5})
    ]


async def test_settings_are_the_configuration() -> None:
    assert calls(await turn([URL, CONFIG], "show my settings")) == [("get_config", {})]


async def test_a_periods_adjective_is_the_period() -> None:
    assert calls(await turn([STATS], "my weekly stats")) == [("get_stats", {"period": "week"})]
    assert calls(await turn([STATS], "monthly stats please")) == [
        ("get_stats", {"period": "month"})
    ]
