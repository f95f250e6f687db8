"""A person asked for ("I want to talk to a real person", "just get me a human please",
"can I speak to a representative?") is the tool that hands the conversation to one (trial
34's `transfer_to_human_agents(summary)`), with the request as said for its summary. Before,
the first did nothing and the second looked the user up. Never for a human as a kind of
something else ("a human reviewer"), nor for a question that says no person (trial 34, r066,
once a wrong write: `test_searched_topic`)."""

from __future__ import annotations

import pytest

from tests.orchestrator.offline._routing import calls, string, tool, turn
from tests.orchestrator.offline.test_files_and_games import TODOS

TRANSFER = tool(
    "transfer_to_human_agents",
    "Transfer the user to a human agent, with a summary of the user's issue.\nOnly transfer if"
    "\n -  the user explicitly asks for a human agent\n\nArgs:\n    summary: A summary of the"
    " user's issue.\n",
    {"summary": string()},
    "summary",
)
USER = tool(
    "get_user_details",
    "Get the details of a user, including their reservations.\n\nArgs:\n    user_id: The user"
    " ID, such as 'sara_doe_496'.\n",
    {"user_id": string()},
    "user_id",
)
TOOLS = [*TODOS, TRANSFER, USER]


@pytest.mark.parametrize(
    "said",
    [
        "I want to talk to a real person",
        "just get me a human please. reservation MZDDS4, user raj_sanchez_7340",
        "can I speak to a representative?",
        "human please",
    ],
)
async def test_a_person_asked_for_is_handed_the_talk(said: str) -> None:
    assert calls(await turn(TOOLS, said)) == [("transfer_to_human_agents", {"summary": said})]


@pytest.mark.parametrize(
    "said",
    [
        "send the report to a human reviewer",
        "look up user raj_sanchez_7340",
        "is this written by a human?",
    ],
)
async def test_no_person_asked_for_is_no_handoff(said: str) -> None:
    assert "transfer_to_human_agents" not in [n for n, _ in calls(await turn(TOOLS, said))]
