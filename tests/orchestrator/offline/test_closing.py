"""What trial 21 said at the end of a session and in passing: "thanks, that's all for today"
calls nothing (at first sight it listed the todos due today), a request after thanks is still
done, and "whats the weather in jakarta tomorrow?" is said to be no tool's (it had listed the
doctors: the place was a word no tool took)."""

from __future__ import annotations

import pytest

from tests.orchestrator.offline._chores import CREATE_TODO, LIST_TODOS, UPDATE_TODO
from tests.orchestrator.offline._routing import calls, conversation, tool, turn
from tests.orchestrator.offline.test_files_and_games import TODOS

SEARCH = tool("search_doctors", "Find doctors by specialization, name, and/or practice day.", {})
TOOLS = [CREATE_TODO, LIST_TODOS, UPDATE_TODO, SEARCH]


async def test_thanks_and_goodbyes_call_nothing() -> None:
    for said in (
        "thanks, that's all for today",
        "thanks!",
        "thank you so much",
        "ok bye",
        "thanks thats all for now",  # user trial 38: it listed every todo
        "thank u, thats it",
    ):
        response = await turn(TOOLS, said)
        assert calls(response) == [] and "Glad to help" in response.text, (said, response.text)


async def test_a_request_after_thanks_is_done() -> None:
    made = calls(await turn(TOOLS, "thanks for the help, now show my todos"))
    assert made == [("list_todos", {})]


async def test_the_weather_somewhere_is_no_tools() -> None:
    response = await turn(TOOLS, "whats the weather in jakarta tomorrow?")
    assert calls(response) == [] and "weather" in response.text, response.text


@pytest.mark.parametrize("said", ["hello", "hi there", "how are you doing today?", "good morning!"])
async def test_a_request_that_only_greets_calls_nothing(said: str) -> None:
    """ "how are you doing today?" listed today's todos before (trial 34)."""
    made, answers = await conversation(TODOS, said)
    assert made == []
    assert answers[0].startswith("Hello!")


async def test_a_greeting_before_a_request_is_no_greeting_alone() -> None:
    made, _ = await conversation(TODOS, "hey, remind me to buy milk")
    assert [(n, a["title"]) for n, a in made] == [("create_todo", "buy milk")]
