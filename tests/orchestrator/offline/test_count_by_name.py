"""A number said of a tool's things ("quiz me with 30 words", "words to review, 25 of them")
fills an integer named as a count with no count word in it (`num`, user trial 14, w09, w23:
20 words came back, the default). A number the parameter cannot take ("give me 5 words", 20 at
least: w10) is not sent, and a `num` that is a number to compute with (`factorial(num)`) keeps
it. Fails on the router before (`num` not sent)."""

from __future__ import annotations

from tests.orchestrator.offline._routing import calls, tool, turn

WORDS = tool(
    "get_english_words",
    "Get random English words from the database to review.",
    {"num": {"type": "integer", "default": 20, "minimum": 20, "maximum": 100}},
)
FACTORIAL = tool(
    "factorial", "Compute the factorial of a number.", {"num": {"type": "integer"}}, "num"
)


async def test_a_number_said_of_the_things_is_how_many() -> None:
    assert calls(await turn([WORDS], "quiz me with 30 words")) == [
        ("get_english_words", {"num": 30})
    ]
    assert calls(await turn([WORDS], "words to review, 25 of them")) == [
        ("get_english_words", {"num": 25})
    ]


async def test_a_number_it_cannot_take_is_not_sent() -> None:
    assert calls(await turn([WORDS], "give me 5 words")) == [("get_english_words", {})]


async def test_a_number_to_compute_with_is_no_count() -> None:
    assert calls(await turn([FACTORIAL], "factorial of 12")) == [("factorial", {"num": 12})]
