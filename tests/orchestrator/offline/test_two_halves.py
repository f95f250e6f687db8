"""Requests of two halves over servers of trial 23 (`_safari.py`, `_resume.py`) beside the
bundled todo server's tools:
- a comma and "also" or "then" joins a second request as "and" does ("remind me to buy milk
  tomorrow, also remind me to call mom on sunday": two todos, where it had asked to confirm
  the first, the second's words not understood);
- a tool's own verb before "my" and that tool's noun opens a request of its own ("... and
  export my resume as pdf"): the first half is made, the second said not done;
- a place of the user's own ("to my bookmarks bar") is never the new record's title (it was
  sent as the bookmark's title "bar");
- once the question about the first half is answered, the second half is made after it
  ("... and remind me to read it tonight": a todo to read the bookmark just made), where the
  answer had said it was not done ("offline I do one thing a request");
- fields answered on one line, parted by commas ("path: BookmarksBar, title: HN");
- two questions joined by "and" ("what's on my todo list and what's my master resume?") both
  read, where only the first was."""

from __future__ import annotations

import json
from datetime import datetime

from orchestrator import ToolDefinition
from servers._common.schema import tool_schema
from servers.todo.tools import TODO_TOOLS
from tests.orchestrator.conftest import ZONE
from tests.orchestrator.offline import _resume, _safari
from tests.orchestrator.offline._routing import calls, conversation, turn

TODOS = [
    ToolDefinition(s.name, s.description, tool_schema(s.input_model), server="todo")
    for s in TODO_TOOLS
]
TOOLS = [*TODOS, *_safari.TOOLS, *_resume.TOOLS]

_MADE = {
    "add_bookmark": {"status": "ok", "result": {"id": "AB12", "title": "HN", "type": "bookmark"}},
    "create_todo": {"id": "todo_1", "title": "made"},
}


async def _conversation(*said: str) -> tuple[list[tuple[str, dict[str, object]]], list[str]]:
    outputs = {name: json.dumps(made) for name, made in _MADE.items()}
    noon = datetime(2026, 12, 2, 12, 0, tzinfo=ZONE)  # ("tonight" is still to come at any hour)
    return await conversation(TOOLS, *said, outputs=outputs, clock=lambda: noon)


async def test_a_comma_and_also_joins_a_second_request() -> None:
    made, answers = await _conversation(
        "remind me to buy milk tomorrow, also remind me to call mom on sunday"
    )
    titles = [args["title"] for name, args in made if name == "create_todo"]
    assert titles == ["buy milk", "call mom"], made
    assert "not understand" not in answers[0], answers


async def test_a_tools_own_verb_before_my_and_its_noun_is_a_request_of_its_own() -> None:
    made, answers = await _conversation(
        "add a todo to call the recruiter friday and export my resume as pdf"
    )
    assert [(n, a["title"]) for n, a in made] == [("create_todo", "call the recruiter")], made
    assert "“export my resume as pdf” was not done" in answers[0], answers


async def test_a_place_of_my_own_is_never_the_title() -> None:
    response = await turn(TOOLS, "save https://news.ycombinator.com to my bookmarks bar")
    assert calls(response) == []
    question = response.items[0].question
    assert question is not None and question.about == "add_bookmark"
    assert set(question.required) == {"path", "title"}, question.schema
    assert "title bar" not in response.text, response.text


async def test_the_second_half_is_made_once_the_first_is_answered() -> None:
    said = "save https://news.ycombinator.com to my bookmarks bar and remind me to read it tonight"
    made, answers = await _conversation(said, "path: BookmarksBar\ntitle: HN")
    assert made[0] == (
        "add_bookmark",
        {"url": "https://news.ycombinator.com", "path": ["BookmarksBar"], "title": "HN"},
    ), made
    assert [n for n, _ in made] == ["add_bookmark", "create_todo"], made
    assert made[1][1]["title"] == 'read "HN"', made
    assert "T20:00" in str(made[1][1]["due_date"]), made  # tonight
    assert "Created bookmark" in answers[1] and "Created todo" in answers[1], answers


async def test_the_second_half_that_needs_a_question_is_said_not_done() -> None:
    said = "save https://example.com to my bookmarks bar and export my resume as pdf"
    made, answers = await _conversation(said, "path: BookmarksBar\ntitle: Example")
    assert [n for n, _ in made] == ["add_bookmark"], made
    assert "“export my resume as pdf” was not done" in answers[1], answers


async def test_fields_answered_on_one_line_parted_by_commas() -> None:
    made, _ = await _conversation(
        "save https://news.ycombinator.com to my bookmarks bar", "path: BookmarksBar, title: HN"
    )
    assert made == [
        (
            "add_bookmark",
            {"url": "https://news.ycombinator.com", "path": ["BookmarksBar"], "title": "HN"},
        )
    ], made


async def test_two_questions_are_both_read() -> None:
    made, answers = await _conversation("what's on my todo list and what's my master resume?")
    assert [name for name, _ in made] == ["list_todos", "load_master_resume"], made
    assert "not done" not in answers[0], answers
