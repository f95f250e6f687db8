"""A change said of a record by its key alone ("update meticulous to 2", "mark 'conundrum' as
not mastered"), beside servers whose changes look their record up by name (todos), goes to the
tool that sets a value under a key (`set_card_level(card, level)`) once no listing holds that
name: the key before "to"/"as", a number after it the value; words after it that no value is
read from leave the value asked for, the key understood. A todo listed under that name, the
kind named ("the milk todo") or a state the todos take ("as done") keep it a todo's change
(or its answer that none is called so). Before, each ended in "No todo matches ...".
"""

from __future__ import annotations

import json
from dataclasses import replace

from orchestrator import ToolDefinition, UserMessage
from orchestrator.messages import Item, ToolCallItem, ToolResultItem
from orchestrator.models import ModelRequest, ModelResponse
from orchestrator.offline import OfflineRouter
from tests.orchestrator.offline._routing import string, tool
from tests.orchestrator.offline.test_set_by_key import SET_LEVEL


def on(server: str, *tools: ToolDefinition) -> list[ToolDefinition]:
    return [replace(t, server=server) for t in tools]


STATES = {"type": "string", "enum": ["pending", "done"]}
TODOS = on(
    "todo",
    tool("list_todos", "List todo items.", {}),
    tool(
        "update_todo",
        "Update a todo item.",
        {"todo_id": string(), "title": string(), "status": STATES},
        "todo_id",
    ),
    tool("complete_todo", "Mark a todo as complete.", {"todo_id": string()}, "todo_id"),
)
CARDS = on("cards", SET_LEVEL, tool("get_card", "Muestra una tarjeta.", {"card": string()}, "card"))
TOOLS = [*TODOS, *CARDS]
NONE = json.dumps({"todos": []})
MILK = json.dumps({"todos": [{"id": "t1", "title": "buy milk", "status": "pending"}]})


async def _run(said: str, listing: str = NONE) -> tuple[list[tuple[str, dict]], ModelResponse]:
    """Every call made for `said` (each listing answered with `listing`) and the last response."""
    history: list[Item] = [UserMessage(said)]
    made: list[tuple[str, dict]] = []
    for _ in range(4):
        response = await OfflineRouter().respond(ModelRequest("", history, TOOLS))
        if not response.tool_calls:
            return made, response
        for call in response.tool_calls:
            made.append((call.name, call.arguments))
            history.append(ToolCallItem(call.call_id, call.name, call.arguments))
            result = listing if call.name == "list_todos" else json.dumps({"ok": True})
            history.append(ToolResultItem(call.call_id, call.name, result))
    return made, response


def _writes(made: list[tuple[str, dict]]) -> list[tuple[str, dict]]:
    return [c for c in made if c[0] != "list_todos"]


async def test_a_record_said_by_its_key_is_set_by_that_key() -> None:
    made, _ = await _run("update meticulous to 2")
    assert _writes(made) == [("set_card_level", {"card": "meticulous", "level": 2})]
    made, _ = await _run("set 'pragmatic' to 1")
    assert _writes(made) == [("set_card_level", {"card": "pragmatic", "level": 1})]


async def test_a_value_not_read_is_asked_for_with_the_key_understood() -> None:
    made, response = await _run('mark "conundrum" as not mastered')
    assert _writes(made) == []
    item = response.items[0]
    question = getattr(item, "question", None)
    assert question is not None and question.about == "set_card_level", response.text
    assert "conundrum" in response.text and "level" in response.text, response.text


async def test_a_todo_of_that_name_or_said_as_one_stays_a_todo() -> None:
    made, _ = await _run("update buy milk to 2", MILK)
    assert not any(name == "set_card_level" for name, _ in made)
    made, response = await _run("mark buy milk as done")
    assert _writes(made) == [] and "milk" in response.text
    made, _ = await _run("update the milk todo to 2")
    assert not any(name == "set_card_level" for name, _ in made)
