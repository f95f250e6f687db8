"""A parameter named only "by" (how to read the query: "'name' or 'recipe' pin it") takes a
value said after "by" ("look up Cu3Sn by recipe"), never the thing asked for: "the recipe of
bronze" looks bronze up, and "recipe" is no word of the query. Fails on the router before (it
pinned the lookup to recipes and sent "bronze" as one)."""

from __future__ import annotations

from tests.orchestrator.offline._routing import calls, text, tool, turn

FIND = tool(
    "find_alloy",
    "Look up an alloy by name or recipe.",
    {
        "query": text("Alloy to look up: a name or a recipe."),
        "by": {
            "type": "string",
            "enum": ["auto", "name", "recipe"],
            "default": "auto",
            "description": "How to read the query. 'name' or 'recipe' pin it.",
        },
    },
    "query",
)


async def test_the_thing_asked_for_is_no_way_of_reading() -> None:
    assert calls(await turn([FIND], "what's the recipe of bronze")) == [
        ("find_alloy", {"query": "bronze"})
    ]


async def test_said_after_by_it_is() -> None:
    assert calls(await turn([FIND], "look up Cu3Sn by recipe")) == [
        ("find_alloy", {"query": "Cu3Sn", "by": "recipe"})
    ]
