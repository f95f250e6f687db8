"""What a reminder is about never names the kind of record it is: "remind me to sleeve the new
cards this weekend" is a todo, never a card for the card collection (user trial 22 asked which
of the two it was)."""

from __future__ import annotations

from dataclasses import replace

from tests.orchestrator.offline._cards import TOOLS as CARDS
from tests.orchestrator.offline._chores import CREATE_TODO
from tests.orchestrator.offline._routing import calls, turn

TOOLS = [*CARDS, replace(CREATE_TODO, server="todo")]


async def test_the_words_of_a_reminder_name_no_other_record() -> None:
    response = await turn(TOOLS, "remind me to sleeve the new cards this weekend")
    # (this todo's due date is a date-time: the time of day is asked, of the todo alone)
    assert calls(response) == [], calls(response)
    assert "(create_todo)" in response.text and "tcg_" not in response.text, response.text
    assert "Understood: title sleeve the new cards." in response.text, response.text
