"""What is put in the records ("put 'ask about the lease extension' in my notes", "add 'call the
landlord' to my snippets") is the text of a new one that needs a name besides its text: the
name is asked for, the text understood. A record whose one text is its title takes it as the
title still ("put 'call mom' in my todos"). Before, the quoted words were taken for the note's
name and its content asked for. Over schemas of its own."""

from __future__ import annotations

from typing import Any

from tests.orchestrator.offline._routing import calls, text, tool, turn
from tests.orchestrator.offline.test_body_after_colon import NOTES, SNIPPETS

_S: dict[str, Any] = {"type": "string"}
TODOS = [tool("create_todo", "Create a todo", {"title": text("The todo's title")}, "title")]


async def test_a_note_put_in_the_notes_has_it_for_its_content() -> None:
    response = await turn(NOTES, "put 'ask about the lease extension' in my notes")
    assert not response.tool_calls
    assert "need: name" in (response.text or "")
    assert "content ask about the lease extension" in (response.text or "")


async def test_a_snippet_added_to_the_snippets_has_it_for_its_text() -> None:
    response = await turn(SNIPPETS, "add 'git log --oneline' to my snippets")
    assert not response.tool_calls
    assert "need: name" in (response.text or "")
    assert "text git log --oneline" in (response.text or "")


async def test_a_todo_put_in_the_todos_has_it_for_its_title() -> None:
    said = "put 'call mom' in my todos"
    assert calls(await turn([*TODOS, *NOTES], said)) == [("create_todo", {"title": "call mom"})]
