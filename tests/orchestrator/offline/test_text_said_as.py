"""A text said after the word for what it is ("md5 of the word banana", lexicon `TEXT_NOUNS`) is
the words after it, for a tool that computes over it. Fails on the router before (it hashed
"word banana")."""

from __future__ import annotations

from tests.orchestrator.offline._routing import calls, text, tool, turn

HASH = tool(
    "digest_text",
    "Digest a text with the given algorithm.",
    {"text": text("Text to digest"), "algorithm": {"type": "string", "enum": ["md5", "sha1"]}},
    "text",
    "algorithm",
)


async def test_the_word_for_it_is_no_part_of_the_text() -> None:
    response = await turn([HASH], "md5 of the word banana")
    assert calls(response) == [("digest_text", {"text": "banana", "algorithm": "md5"})]


SEARCH = tool(
    "search_notes",
    "Search the notes for a text.",
    {"query": text("Text to look for")},
    "query",
)


async def test_a_text_that_starts_with_such_a_word_stays_whole() -> None:
    response = await turn([SEARCH], "search my notes for string theory")
    assert calls(response) == [("search_notes", {"query": "string theory"})]
