"""A new record put in a place of the tool's own that a value qualifies ("add pointer arithmetic
to C programming concepts": the concept "pointer arithmetic" in the domain "C programming"; "add
recursion to my programming concepts": "recursion" in "programming"), where before (user trial
36, replayed) a node was written as "pointer arithmetic to C", or "programming" taken for the
concept's name; a listing that names the nouns another server keeps ("list all my biology
nodes") reads that server, never the todos, and a listed value whose noun is the request's
("all_nodes") is read though the noun names the server's records too."""

from __future__ import annotations

from tests.orchestrator.offline import _learning_graph
from tests.orchestrator.offline._routing import conversation
from tests.orchestrator.offline.test_files_and_games import TODOS

TOOLS = [*TODOS, *_learning_graph.TOOLS]


async def test_a_value_said_in_the_place_goes_with_its_words_never_into_the_name() -> None:
    made, _ = await conversation(TOOLS, "add pointer arithmetic to C programming concepts")
    assert made == [("add_node", {"concept": "pointer arithmetic", "domain": "C programming"})]


async def test_the_kind_said_before_a_plural_noun_is_no_name() -> None:
    made, _ = await conversation(TOOLS, "pls add recursion to my programming concepts")
    assert made == [("add_node", {"concept": "recursion", "domain": "programming"})]


async def test_a_listing_of_another_servers_nouns_never_reads_the_todos() -> None:
    made, _ = await conversation(TOOLS, "list all my nodes")
    assert made == [("query_graph", {"query_type": "all_nodes"})]


async def test_the_place_of_the_todos_stays_as_it_was() -> None:
    made, _ = await conversation(TOOLS, "add milk to my todo list")
    assert made == [("create_todo", {"title": "milk"})]
