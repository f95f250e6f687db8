"""A length said in characters ("a 12 char passphrase", "a 6 digit code", lexicon
TEXT_LENGTH_UNITS) is the whole number for the one integer parameter named for a length
(`length`, lexicon TEXT_LENGTH_WORDS), its unit no word left over (the first test fails on the
router before: "12 char" was not understood). A number with no such unit is not taken so."""

from __future__ import annotations

from tests.orchestrator.offline._routing import calls, tool, turn

PASSPHRASE = tool(
    "make_passphrase",
    "Make a random passphrase.",
    {"length": {"type": "integer", "default": 20}, "use_numbers": {"type": "boolean"}},
)
CODE = tool("make_code", "Make a one-time code.", {"code_length": {"type": "integer"}})


async def test_a_length_in_characters_fills_the_length() -> None:
    made = await turn([PASSPHRASE], "make a 12 char passphrase")
    assert calls(made) == [("make_passphrase", {"length": 12})]
    code = await turn([CODE], "make a 6 digit code")
    assert calls(code) == [("make_code", {"code_length": 6})]


async def test_a_number_of_other_things_is_no_length() -> None:
    assert calls(await turn([PASSPHRASE], "make a 12 word passphrase")) != [
        ("make_passphrase", {"length": 12})
    ]
