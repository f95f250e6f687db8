"""A question that says what it is about ("what did I write about memory?", "what did we decide
about the legacy API?", lexicon `TOPIC_MARKERS`) is a search for that topic: the search tool,
its query the words after the marker. Before, a question with no noun of the tool's scored under
the minimum and nothing was done. "About" before a number is "roughly", no topic. Over schemas
of its own. A name said in the topic ("the legacy API") is searched for with the topic's other
words, not alone."""

from __future__ import annotations

import pytest

from tests.orchestrator.offline._routing import calls, text, tool, turn

SEARCH = tool(
    "lookup_cards",
    "Search the cards by text, by label or by colour.",
    {
        "query": text("Text to search for"),
        "label": text("One label"),
        "colour": {"type": "string", "enum": ["red", "green", "blue"]},
    },
)
SHOW = tool("get_card", "Get one card by its id or title.", {"card": text("Id or title")}, "card")
MAKE = tool(
    "make_card",
    "Make a new card.",
    {"title": text("Title"), "body": text("What it says")},
    "title",
    "body",
)
TOOLS = [SEARCH, SHOW, MAKE]


@pytest.mark.parametrize(
    ("said", "query"),
    [
        ("what did I write about memory?", "memory"),
        ("what did we decide about the legacy API?", "legacy API"),
        ("anything regarding the launch?", "launch"),
    ],
)
async def test_a_question_about_a_topic_searches_for_it(said: str, query: str) -> None:
    assert calls(await turn(TOOLS, said)) == [("lookup_cards", {"query": query})]


async def test_a_name_in_the_topic_is_searched_for_with_its_other_words() -> None:
    needs = tool("find_entries", "Full-text search of the entries.", {"query": text("")}, "query")
    step = await turn([needs, SHOW, MAKE], "what did we decide about the legacy API?")
    assert calls(step) == [("find_entries", {"query": "legacy API"})]
    step = await turn([needs, SHOW, MAKE], "what did we decide about API?")
    assert calls(step) == [("find_entries", {"query": "API"})]


async def test_about_a_number_is_no_topic() -> None:
    assert calls(await turn(TOOLS, "what did I write about 60 percent?")) == []


async def test_a_topic_that_is_a_word_people_use_for_the_tools_noun_is_searched_for() -> None:
    """ "work" is a word people use for a time entry: after "about" it is the topic of a search
    of diary entries, not the entries' noun (user trial 12, j07, asked for the query)."""
    entries = tool("search_entries", "Search diary entries", {"query": text("Query")}, "query")
    step = await turn([entries], "what did i write about work?")
    assert calls(step) == [("search_entries", {"query": "work"})]
