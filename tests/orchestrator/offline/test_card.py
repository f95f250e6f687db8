"""A card is a word people use for a task (lexicon: the task's noun cluster): "new card: Renew
the passport" adds a task, beside a notes tool that could take the same title. Fails on the
router before (it did not understand "card", and asked for the title)."""

from __future__ import annotations

from tests.orchestrator.offline._routing import calls, text, tool, turn

TASK = tool("create_task", "Create a task on the board.", {"title": text("Task title")}, "title")
NOTE = tool("create_note", "Create a note.", {"title": text("Note title")}, "title")


async def test_a_new_card_is_a_task() -> None:
    response = await turn([NOTE, TASK], "new card: Renew the passport")
    assert calls(response) == [("create_task", {"title": "Renew the passport"})]


async def test_a_new_note_is_still_a_note() -> None:
    response = await turn([NOTE, TASK], "new note: Renew the passport")
    assert calls(response) == [("create_note", {"title": "Renew the passport"})]
