"""A flag said negated ("no numbers", "without capitals") is false, and the word that negates it
is the flag's too, no word left over; a flag named `use_numbers` is said as "numbers" ("use",
lexicon FLAG_NOISE, is no word of it) (both tests fail on the router before: "no" was
left over, and `use_numbers` was not found)."""

from __future__ import annotations

from tests.orchestrator.offline._routing import calls, tool, turn

FLAG = {"type": "boolean", "default": True}
PASSPHRASE = tool(
    "make_passphrase",
    "Make a random passphrase.",
    {"use_numbers": FLAG, "use_capitals": FLAG},
)
PLAIN = tool("make_passphrase", "Make a random passphrase.", {"numbers": FLAG})


async def test_a_negated_flag_is_false_and_its_negation_no_word_left() -> None:
    made = await turn([PASSPHRASE], "make a passphrase, no numbers")
    assert calls(made) == [("make_passphrase", {"use_numbers": False})]
    plain = await turn([PLAIN], "make a passphrase with no numbers")
    assert calls(plain) == [("make_passphrase", {"numbers": False})]


async def test_without_negates_a_flag_too() -> None:
    made = await turn([PASSPHRASE], "make a passphrase without capitals")
    assert calls(made) == [("make_passphrase", {"use_capitals": False})]
