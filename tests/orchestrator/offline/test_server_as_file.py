"""A server named as its file ("my todo.txt" for the `todotxt` server) is named, and that
token is no file to put anywhere: "what's in my todo.txt?" lists that server's todos, not
another server's, and "todo.txt stats" reads its statistics ("stats", a plural cut short, is
never corrected to "status"); "add to todo.txt" asks that server's write for its text, and a
reply "todo.txt: water the plants" gives the text without the file's name. Fails on the router
before (it found no tool)."""

from __future__ import annotations

from dataclasses import replace

from orchestrator import AssistantMessage, ToolDefinition, UserMessage
from orchestrator.models import ModelRequest
from orchestrator.offline import OfflineRouter
from tests.orchestrator.offline._routing import calls, integer, string, tool, turn


def on(server: str, *tools: ToolDefinition) -> list[ToolDefinition]:
    return [replace(t, server=server, name=f"{server}__{t.name}") for t in tools]


TODO = on(
    "todo",
    tool("list_todos", "List todo items.", {}),
    tool("create_todo", "Create a todo.", {"title": string()}, "title"),
)
TODOTXT = on(
    "todotxt",
    tool("list_todos", "List all todos.", {}),
    tool("get_todo", "Get a specific todo by its ID.", {"todo_id": string()}, "todo_id"),
    tool("get_statistics", "Get statistics about the todo list.", {}),
    tool("add_todo", "Add a new todo item.", {"text": string()}, "text"),
)
WORDS = on(
    "words",
    tool("set_word_status", "Set a word's status.", {"word": string(), "status": integer()}),
)
TOOLS = [*TODO, *TODOTXT, *WORDS]


async def test_a_server_said_as_its_file_is_the_place_asked_about() -> None:
    assert calls(await turn(TOOLS, "what's in my todo.txt?")) == [("todotxt__list_todos", {})]
    assert calls(await turn(TOOLS, "todo.txt stats")) == [("todotxt__get_statistics", {})]


async def test_the_file_said_is_no_part_of_a_text() -> None:
    opening = UserMessage("add to todo.txt")
    asked = await OfflineRouter().respond(ModelRequest("", [opening], TOOLS))
    (item,) = asked.items
    assert isinstance(item, AssistantMessage) and item.question is not None, asked.text
    assert item.question.about == "todotxt__add_todo"
    history = [opening, item, UserMessage("todo.txt: water the plants")]
    response = await OfflineRouter().respond(ModelRequest("", history, TOOLS))
    assert calls(response) == [("todotxt__add_todo", {"text": "water the plants"})]
