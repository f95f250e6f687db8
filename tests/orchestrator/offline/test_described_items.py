"""A listing whose description names what it lists ("List cards in the local collection") is
read for that very word, never for a tool whose noun is only another word for it: "list my
cards" lists the cards, not a project tracker's tasks (a task "card" of a board); a word before
it the listing can filter by is no obstacle ("show my sold cards": `status: sold`); "watchlist
entries" are the watchlist's, never a task's `log_entry`. User trial 22 listed the tasks each
time."""

from __future__ import annotations

from tests.orchestrator.offline._cards import COLLECTION_LIST, WATCHLIST_LIST
from tests.orchestrator.offline._cards import TOOLS as CARDS
from tests.orchestrator.offline._projects import TOOLS as PROJECTS
from tests.orchestrator.offline._routing import calls, turn

TOOLS = [*CARDS, *PROJECTS]


async def test_the_things_a_listing_says_it_lists_are_its_own() -> None:
    assert calls(await turn(TOOLS, "list my cards")) == [(COLLECTION_LIST.name, {"params": {}})]


async def test_a_word_before_them_it_filters_by_keeps_it() -> None:
    made = calls(await turn(TOOLS, "show my sold cards"))
    assert made == [(COLLECTION_LIST.name, {"params": {"status": "sold"}})], made


async def test_entries_are_any_record_never_a_field_named_so() -> None:
    made = calls(await turn(TOOLS, "show watchlist entries that are still open"))
    assert made == [(WATCHLIST_LIST.name, {"params": {"open_only": True}})], made
