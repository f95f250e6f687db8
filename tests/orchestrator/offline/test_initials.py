"""A run of a tool's name nouns said by its initials, typed in capitals ("BP of ethanol?" for
`boiling_point_lookup`), is those nouns said: the tool is found by them, over its twin
(`melting_point_lookup`) (the first test fails on the router before: it asked which one). A word
in small letters is no initials."""

from __future__ import annotations

from tests.orchestrator.offline._routing import calls, text, tool, turn

BOILING = tool(
    "boiling_point_lookup",
    "Look up the boiling point of a compound.",
    {"compound": text("The compound's name")},
    "compound",
)
MELTING = tool(
    "melting_point_lookup",
    "Look up the melting point of a compound.",
    {"compound": text("The compound's name")},
    "compound",
)


async def test_initials_in_capitals_name_the_tool() -> None:
    said = await turn([BOILING, MELTING], "BP of ethanol?")
    assert calls(said) == [("boiling_point_lookup", {"compound": "ethanol"})]
    melting = await turn([BOILING, MELTING], "MP of ethanol?")
    assert calls(melting) == [("melting_point_lookup", {"compound": "ethanol"})]


async def test_small_letters_are_no_initials() -> None:
    assert calls(await turn([BOILING, MELTING], "bp of ethanol?")) == []
