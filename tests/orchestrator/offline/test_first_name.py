"""A listed person (a node of a graph) said by the first word of their name alone, capitalised
("Priya is vegetarian", "when is Priya's birthday?") is that one, when no other listed name
starts with that word: the write and the read take the whole listed name (Priya Shah). Two listed
names with that first word are no one, nor are two people said together ("Priya and Leo"):
nothing is written. Over schemas of its own."""

from __future__ import annotations

import json
from typing import Any

from orchestrator import ToolDefinition
from tests.orchestrator.offline._routing import run_with


def _text(description: str) -> dict[str, Any]:
    return {"type": "string", "description": description}


def _tool(name: str, description: str, props: dict[str, Any], read: bool) -> ToolDefinition:
    schema = {"type": "object", "properties": props, "required": list(props)}
    return ToolDefinition(name, description, schema, read_only=read)


FACTS = {
    "type": "array",
    "items": {
        "type": "object",
        "properties": {
            "nodeName": _text("The name of the node to add the facts to"),
            "facts": {"type": "array", "items": {"type": "string"}, "description": "Facts"},
        },
        "required": ["nodeName", "facts"],
    },
}
TOOLS = [
    _tool("list_nodes", "List every node of the address book", {}, True),
    _tool(
        "show_nodes",
        "Show the nodes with these names",
        {
            "names": {"type": "array", "items": {"type": "string"}, "description": "Node names"},
        },
        True,
    ),
    _tool(
        "add_node_facts", "Add new facts to nodes already in the book", {"entries": FACTS}, False
    ),
]


def _book(*names: str) -> dict[str, str]:
    people = json.dumps({"nodes": [{"name": n, "facts": []} for n in names]})
    return {"list_nodes": people, "show_nodes": people, "add_node_facts": "ok"}


async def test_a_first_name_is_the_one_listed_person_it_starts() -> None:
    made = await run_with(TOOLS, _book("Priya Shah", "Leo Martin"), "remember that Priya is vegan")
    assert made[-1] == (
        "add_node_facts",
        {"entries": [{"nodeName": "Priya Shah", "facts": ["vegan"]}]},
    )
    made = await run_with(TOOLS, _book("Priya Shah", "Leo Martin"), "when is Priya's birthday?")
    assert made[-1] == ("show_nodes", {"names": ["Priya Shah"]})


async def test_two_listed_names_with_that_first_word_are_no_one() -> None:
    book = _book("Priya Shah", "Priya Nair")
    made = await run_with(TOOLS, book, "remember that Priya is vegan")
    assert all(name != "add_node_facts" for name, _ in made)


async def test_two_people_said_together_are_neither_one() -> None:
    for book in (_book("Priya Shah", "Leo Martin"), _book("Priya Shah", "Tom Becker")):
        made = await run_with(TOOLS, book, "remember that Priya and Leo are old friends")
        assert all(name != "add_node_facts" for name, _ in made)
