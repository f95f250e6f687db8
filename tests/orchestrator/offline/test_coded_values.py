"""A word written as no English word is ("NaCl", "C6H12O6", "XK-9") is the value of the
parameter whose description shows such words as its examples, never the words around it, and
a tool that takes one fits a request that says one; a parameter whose examples are names as
well ("aspirin", "H2O") takes none. Fails on the router before (the formula took the words
left over: "heavy is a mole of NaCl")."""

from __future__ import annotations

from orchestrator.offline._coded import is_coded, takes_coded
from orchestrator.offline._tools import ToolView
from tests.orchestrator.offline._routing import calls, text, tool, turn

WEIGH = tool(
    "weigh_alloy",
    "Compute how heavy a mole of an alloy recipe is.",
    {"recipe": text("Alloy recipe to weigh. Examples: 'Cu3Sn', 'Fe2Ni', 'AlMg5', 'Sn'.")},
    "recipe",
)
FIND = tool(
    "find_alloy",
    "Look up an alloy by its name or recipe.",
    {"query": text("An alloy's name or recipe. Examples: 'bronze', 'solder', 'Cu3Sn'.")},
    "query",
)


def test_coded_words_are_written_as_no_word_is() -> None:
    assert all(is_coded(w) for w in ("NaCl", "CO2", "Fe2(SO4)3", "API-142", "KCl"))
    assert not any(is_coded(w) for w in ("MW", "Science", "3pm", "heavy", "180C"))


def test_a_parameter_takes_them_when_most_of_its_examples_are_coded() -> None:
    assert takes_coded(
        ToolView.of(WEIGH.name, WEIGH.description, WEIGH.input_schema).params["recipe"]
    )
    assert not takes_coded(
        ToolView.of(FIND.name, FIND.description, FIND.input_schema).params["query"]
    )


async def test_the_one_coded_word_is_the_value() -> None:
    assert calls(await turn([WEIGH], "how heavy is a mole of AlMg3")) == [
        ("weigh_alloy", {"recipe": "AlMg3"})
    ]
    assert calls(await turn([WEIGH, FIND], "what about Cu2Zn, per mole?")) == [
        ("weigh_alloy", {"recipe": "Cu2Zn"})
    ]


async def test_a_lower_case_name_is_no_code_where_the_examples_have_capitals() -> None:
    digest = tool(
        "digest_text",
        "Digest a string.\n  text: The text to digest.\n"
        "  algorithm: One of 'md5', 'sha1', 'sha256'.",
        {"text": text(""), "algorithm": {"type": "string", "default": "sha256"}},
        "text",
    )
    spectrum = tool(
        "alloy_spectrum",
        "Compute the spectrum of an alloy recipe.",
        {"recipe": text("Alloy recipe. Examples: 'Cu3Sn', 'Fe2Ni'.")},
        "recipe",
    )
    said = calls(await turn([WEIGH, spectrum, digest], "sha1 of the word tin"))
    assert [name for name, _ in said] == ["digest_text"]


async def test_arithmetic_is_no_recipe() -> None:
    spreadsheet = tool(
        "calculate",
        "Evaluate a math expression.",
        {"expression": text("The expression, e.g. 2 + 2")},
        "expression",
    )
    formula = tool(
        "weigh_formula",
        "Weigh a formula.",
        {"formula": text("Formula to weigh. Examples: 'Cu3Sn', 'Fe2Ni'.")},
        "formula",
    )
    assert calls(await turn([formula, spreadsheet], "what's 58.44 * 0.25")) == [
        ("calculate", {"expression": "58.44 * 0.25"})
    ]
