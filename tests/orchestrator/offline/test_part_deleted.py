"""A delete acts on the most specific thing the request names: "forget that Ana likes orchids"
deletes that one observation of Ana (the tool that deletes an entity's observations), never
the entity Ana whole; words that name no part of it leave a question that says a yes deletes
all of it (user trial 10, F3). The tools are the npm memory server's, as it lists them."""

from __future__ import annotations

import json
from typing import Any

import pytest

from orchestrator import ToolDefinition, UserMessage
from orchestrator.messages import AssistantMessage, Item, ToolResultItem
from orchestrator.models import ModelRequest, ModelResponse
from orchestrator.offline import OfflineRouter
from tests.orchestrator.offline._routing import calls

NAMES = {"type": "array", "items": {"type": "string"}}


def _tool(name: str, description: str, properties: dict[str, Any], destructive: bool) -> Any:
    schema = {"type": "object", "properties": properties, "required": list(properties)}
    return ToolDefinition(name, description, schema, destructive=destructive)


DELETION = {
    "type": "object",
    "properties": {
        "entityName": {"type": "string", "description": "The entity holding the observations"},
        "observations": {**NAMES, "description": "An array of observations to delete"},
    },
    "required": ["entityName", "observations"],
}  # fmt: skip
TOOLS = [
    _tool("read_graph", "Read the entire knowledge graph", {}, False),
    _tool(
        "search_nodes",
        "Search for nodes in the knowledge graph based on a query",
        {"query": {"type": "string"}},
        False,
    ),
    _tool(
        "delete_entities",
        "Delete multiple entities and their associated relations from the knowledge graph",
        {"entityNames": {**NAMES, "description": "An array of entity names to delete"}},
        True,
    ),
    _tool(
        "delete_observations",
        "Delete specific observations from entities in the knowledge graph",
        {"deletions": {"type": "array", "items": DELETION}},
        True,
    ),
]
ANA = ["likes orchids", "works at Acme", "has a cat named Miso"]
GRAPH = {
    "entities": [
        {"type": "entity", "name": "Ana", "entityType": "person", "observations": ANA},
        {"type": "entity", "name": "Ben", "entityType": "person", "observations": ANA[:1]},
    ],
    "relations": [],
}


async def run(said: str) -> tuple[ModelResponse, list[Item]]:
    history: list[Item] = [UserMessage(said)]
    for _ in range(4):
        response = await OfflineRouter().respond(ModelRequest("", list(history), TOOLS))
        history.extend(response.items)
        reads = [c for c in response.tool_calls if c.name in ("read_graph", "search_nodes")]
        if not reads or len(reads) < len(response.tool_calls):
            return response, history
        for call in reads:
            history.append(ToolResultItem(call.call_id, call.name, json.dumps(GRAPH)))
    return response, history


@pytest.mark.parametrize(
    ("request_", "entity", "observation"),
    [
        ("forget that Ana likes orchids", "Ana", "likes orchids"),
        ("forget that Ben likes orchids", "Ben", "likes orchids"),
        ("forget that Ana works at Acme", "Ana", "works at Acme"),
        ("remove that Ana has a cat named Miso", "Ana", "has a cat named Miso"),
    ],
)
async def test_forgetting_a_fact_deletes_that_observation_not_the_entity(
    request_: str, entity: str, observation: str
) -> None:
    response, _ = await run(request_)
    deletion = {"entityName": entity, "observations": [observation]}
    assert calls(response) == [("delete_observations", {"deletions": [deletion]})]


@pytest.mark.parametrize("request_", ["forget that Ana likes tulips", "delete Ana's tulips thing"])
async def test_words_naming_no_part_ask_and_say_a_yes_deletes_it_all(request_: str) -> None:
    response, _ = await run(request_)
    assert not [c for c in response.tool_calls if c.name.startswith("delete")], calls(response)
    item = response.items[-1]
    assert isinstance(item, AssistantMessage)
    if item.question is not None and list(item.question.fields) == ["confirm"]:
        assert "A yes deletes the whole entity (entity names Ana)" in item.text


async def test_removing_the_entity_itself_still_deletes_it() -> None:
    response, _ = await run("remove Ana")
    assert calls(response) == [("delete_entities", {"entityNames": ["Ana"]})]


async def test_a_destructive_change_that_deletes_nothing_says_no_delete() -> None:
    """A destructive tool that moves or writes ("rename plan.md in there to roadmap.md") is
    not said to delete anything when its words left over are asked about."""
    move = ToolDefinition(
        "move_file",
        "Move or rename files and directories",
        {
            "type": "object",
            "properties": {"source": {"type": "string"}, "destination": {"type": "string"}},
            "required": ["source", "destination"],
        },
        destructive=True,
    )
    said = "rename plan.md in there to roadmap.md"
    response = await OfflineRouter().respond(ModelRequest("", [UserMessage(said)], [move]))
    assert "deletes" not in response.text
