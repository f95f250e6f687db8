"""A question about one record ("do I know the word serendipity?", "show me the word X") goes
to the read that takes the record's key, not to a read of many that leaves the word out, even
when that one scores a little ahead: of two reads, one that reads every word the other does and
a value besides wins. Before, a random word list came back (user trial 14, w14). Over schemas
of their own."""

from __future__ import annotations

from typing import Any

from tests.orchestrator.offline._routing import calls, tool, turn

_WORD: dict[str, Any] = {"type": "string", "description": "The English word"}
WORDS = [
    tool(
        "get_random_words",
        "Get random words from the word list, leaving out mastered ones",
        {"num": {"type": "integer", "default": 20}},
    ),
    tool("get_word_info", "Get how well a word is known", {"word": _WORD}, "word"),
    tool("set_word_level", "Set a word's level", {"word": _WORD, "level": {"type": "integer"}}),
]


async def test_a_question_about_one_word_reads_that_word() -> None:
    for said in ("do I know the word serendipity?", "show me the word serendipity"):
        got = calls(await turn(WORDS, said))
        assert got == [("get_word_info", {"word": "serendipity"})], said


async def test_a_list_asked_for_is_still_the_list() -> None:
    assert calls(await turn(WORDS, "show me some random words")) == [("get_random_words", {})]


async def test_a_count_of_words_is_never_a_word_asked_about() -> None:
    # "quiz me with 30 words" had read get_word_info(word="quiz me with 30"), "give me 5
    # words" (under the list's minimum) get_word_info(word="5"): a number the list counts, or
    # a bare number, names no word
    many = tool(
        "get_random_words",
        "Get random words from the word list",
        {"num": {"type": "integer", "default": 20, "minimum": 20}},
    )
    listed = [many, *WORDS[1:]]
    assert calls(await turn(listed, "quiz me with 30 words")) == [("get_random_words", {"num": 30})]
    assert calls(await turn(listed, "give me 5 words")) == [("get_random_words", {})]
