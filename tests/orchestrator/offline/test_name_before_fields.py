"""A new record's name said after a colon ends where the words of its other fields begin ("new
node: Big O notation, tags complexity and algorithms, difficulty 0.4": the concept "Big O
notation"), and a clause that names another field after a comma is never part of it ("..., id
should be big-o": asked about, never written); a parameter described as a "Human-readable name"
is the record's name, so a quoted item fills it without its quotes; a word a tool's first
sentence puts before its noun ("Create a new concept node") names that noun ("add a concept
..."); a reply that states something of the name the question showed ("both chain rule and
gradient descent are prerequisites for backprop") is no new name. Before (user trial 36), each
of these wrote a node named by the whole request, by its quotes, or by the reply."""

from __future__ import annotations

from tests.orchestrator.offline import _learning_graph
from tests.orchestrator.offline._routing import conversation
from tests.orchestrator.offline.test_files_and_games import TODOS

TOOLS = [*TODOS, *_learning_graph.TOOLS]


async def test_the_name_ends_where_the_other_fields_begin() -> None:
    said = "new node: Big O notation, tags complexity and algorithms, difficulty 0.4"
    made, _ = await conversation(TOOLS, said)
    assert made == [
        (
            "add_node",
            {"difficulty": 0.4, "tags": ["complexity", "algorithms"], "concept": "Big O notation"},
        )
    ]


async def test_a_field_named_after_a_comma_is_never_part_of_the_name() -> None:
    said = (
        "new node: Big O notation, id should be big-o, tags complexity and algorithms,"
        " difficulty 0.4. description: how an algorithm's running time grows"
    )
    made, answers = await conversation(TOOLS, said)
    assert all(a.get("concept") == "Big O notation" for _, a in made)
    assert made or "big-o" in answers[0]


async def test_quoted_items_are_the_names_of_the_records() -> None:
    said = "add two nodes: 'heavier objects fall faster' and 'gravitational acceleration'"
    made, _ = await conversation(TOOLS, said)
    assert made == [
        ("add_node", {"concept": "heavier objects fall faster"}),
        ("add_node", {"concept": "gravitational acceleration"}),
    ]


async def test_the_word_before_the_tools_noun_in_its_description_names_it() -> None:
    made, _ = await conversation(TOOLS, "add a concept called quadratic formula")
    assert made == [("add_node", {"concept": "quadratic formula"})]


async def test_a_reply_that_states_something_of_the_shown_name_is_no_new_name() -> None:
    made, _ = await conversation(
        TOOLS,
        "create nodes for gradient descent, chain rule and backpropagation, domain machine"
        " learning",
        "both chain rule and gradient descent are prerequisites for backprop",
    )
    assert not [a for name, a in made if name == "add_node"]
