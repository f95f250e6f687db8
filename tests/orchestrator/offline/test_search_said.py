"""A tool named with a second verb that is also a noun (`tcg_catalog_search_set`: search the
sets; `tcg_collection_set_completion`, "Compute set-completion ...": no change that sets
anything) keeps that word as its noun, and "what sets match 'paldean'?" searches the sets for
it, never looking a set named so up first (user trial 22 asked for a set's id)."""

from __future__ import annotations

from orchestrator.offline._tools import ToolView
from tests.orchestrator.offline._cards import CATALOG_SEARCH_SET, COLLECTION_SET_COMPLETION, TOOLS
from tests.orchestrator.offline._routing import calls, turn


def test_a_second_verb_that_is_a_noun_is_the_noun() -> None:
    search = ToolView.of(
        CATALOG_SEARCH_SET.name, CATALOG_SEARCH_SET.description, CATALOG_SEARCH_SET.input_schema
    )
    assert search.verb == "search" and "set" in search.nouns
    completion = ToolView.of(
        COLLECTION_SET_COMPLETION.name,
        COLLECTION_SET_COMPLETION.description,
        COLLECTION_SET_COMPLETION.input_schema,
    )
    assert completion.kind != "update" and "set" in completion.nouns, completion.kind


async def test_what_matches_a_text_is_searched_for() -> None:
    made = calls(await turn(TOOLS, "what sets match 'paldean'?"))
    assert made == [(CATALOG_SEARCH_SET.name, {"params": {"query": "paldean"}})], made
