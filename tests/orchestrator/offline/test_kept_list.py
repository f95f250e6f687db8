"""A list a server keeps whole, whose one write replaces it, on a server the router has never
seen: a change to one item reads the list, changes that item (added in quotes, taken off, a
field set, said done, started) and writes every item back; what names no one item, or a new
item with no text, is asked, never written."""

from __future__ import annotations

import copy
import json
from typing import Any

from orchestrator import ToolDefinition, UserMessage
from orchestrator.messages import AssistantMessage, Item, ToolCallItem, ToolResultItem
from orchestrator.models import ModelRequest, ModelResponse
from orchestrator.offline import OfflineRouter

ENTRIES = {
    "type": "array",
    "items": {"type": "object", "additionalProperties": True},
    "description": (
        "The entries, each with:\n- ref: Unique reference\n- label: What to pack\n"
        "- state: Where it is (waiting, doing, done)\n- weight: How much it matters (light, "
        "normal, heavy)"
    ),
}
LOAD = ToolDefinition(
    "FetchPacking", "Return the packing entries.", {"type": "object", "properties": {}}
)
SAVE = ToolDefinition(
    "SavePacking",
    "Store the packing entries (the whole list is replaced by what is sent).",
    {"type": "object", "properties": {"entries": ENTRIES}, "required": ["entries"]},
)
START = [
    {"ref": "1", "label": "Charge the camera", "state": "waiting", "weight": "heavy"},
    {"ref": "2", "label": "Print the boarding passes", "state": "doing", "weight": "normal"},
    {"ref": "3", "label": "Buy sun cream", "state": "waiting", "weight": "light"},
]


class Packing:
    def __init__(self) -> None:
        self.entries = copy.deepcopy(START)
        self.writes: list[list[dict[str, Any]]] = []

    def __call__(self, name: str, args: dict[str, Any]) -> Any:
        if name == "FetchPacking":
            return {"entries": self.entries}
        self.entries = args["entries"]
        self.writes.append(args["entries"])
        return {"saved": len(args["entries"])}


async def run(server: Packing, *said: str) -> ModelResponse:
    history: list[Item] = []
    router = OfflineRouter()
    response = None
    for text in said:
        history.append(UserMessage(text))
        for _ in range(6):
            response = await router.respond(ModelRequest("", list(history), [LOAD, SAVE]))
            if not response.tool_calls:
                history.extend(i for i in response.items if isinstance(i, AssistantMessage))
                break
            for call in response.tool_calls:
                out = server(call.name, dict(call.arguments))
                history.append(ToolCallItem(call.call_id, call.name, dict(call.arguments)))
                history.append(ToolResultItem(call.call_id, call.name, json.dumps(out)))
    assert response is not None
    return response


def asks(response: ModelResponse) -> bool:
    question = getattr(response.items[0], "question", None) if response.items else None
    return not response.tool_calls and question is not None


def changed(server: Packing, ref: str, **fields: str) -> None:
    """One write: every entry as it was, but `ref`'s with `fields`."""
    assert len(server.writes) == 1, server.writes
    want = [({**e, **fields} if e["ref"] == ref else e) for e in START]
    assert server.writes[0] == want


async def test_a_new_item_in_quotes_is_added_to_the_whole_list() -> None:
    server = Packing()
    await run(server, 'add "pack the adapter" to my list')
    assert server.writes == [
        [*START, {"ref": "4", "label": "pack the adapter", "state": "waiting", "weight": "normal"}]
    ]


async def test_one_item_named_by_its_words_is_changed_and_the_rest_sent_back() -> None:
    server = Packing()
    await run(server, "make the sun cream heavy weight")
    changed(server, "3", weight="heavy")
    server = Packing()
    await run(server, "I've charged the camera")
    changed(server, "1", state="done")
    server = Packing()
    await run(server, "start on the sun cream")
    changed(server, "3", state="doing")


async def test_an_item_taken_off_the_list_is_left_out() -> None:
    server = Packing()
    await run(server, "take the boarding passes off the list, the app has them")
    assert server.writes == [[START[0], START[2]]]


async def test_no_text_or_no_item_named_asks_and_writes_nothing() -> None:
    for said in ("add something to my list", "mark the umbrella as done"):
        server = Packing()
        assert asks(await run(server, said)), said
        assert server.writes == []
