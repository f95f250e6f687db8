"""A run of a tool's name nouns said by its initials, typed in capitals ("BP of ethanol?" for
`boiling_point_lookup`), is those nouns said: the tool is found by them, over its twin
(`melting_point_lookup`) (the first test fails on the router before: it asked which one). So
are initials in small letters, as people type them ("bp 128/82"), unless the word is one the
lexicon knows ("me", "id", "kg")."""

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


async def test_initials_in_small_letters_name_the_tool() -> None:
    said = await turn([BOILING, MELTING], "bp of ethanol?")
    assert calls(said) == [("boiling_point_lookup", {"compound": "ethanol"})]


MEAL_ENTRY = tool(
    "add_meal_entry",
    "Add a meal entry.",
    {"food": text("What was eaten")},
    "food",
)
TODO = tool("create_todo", "Create a todo.", {"title": text("The todo's title")}, "title")


async def test_a_word_the_lexicon_knows_is_no_initials() -> None:
    said = await turn([MEAL_ENTRY, TODO], "remind me to buy oats")
    assert calls(said) == [("create_todo", {"title": "buy oats"})]
