"""A question's first word ("what", "whats") is no verb of the request: a tool whose description
opens with it ("What a robot moved since it woke: ...") is not thereby the one asked for, where
before the word counted as the request's verb said in the description, and "what is arm-7
doing?" read the moves, not the robot. With the word said after it, it still counts (a
description put as the answer: "how many working days ...", "How many business days ...",
tests/orchestrator/offline/test_day_ranges.py). Over schemas of its own."""

from __future__ import annotations

import json

import pytest

from tests.orchestrator.offline._routing import run_with, text, tool

NAME = {"robot_name": text("Robot name")}
TOOLS = [
    tool("list_robots", "List the robots with their state.", {}),
    tool("show_robot", "Show one robot in detail: its state and its job.", NAME, "robot_name"),
    tool(
        "show_robot_moves",
        "What a robot moved since it woke: each arm's path, in pages of moves.",
        {**NAME, "page": {"type": "integer", "description": "Page number"}},
        "robot_name",
    ),
]
OUTPUTS = {
    "list_robots": json.dumps([{"name": "arm-7", "state": "busy"}, {"name": "arm-9"}]),
    "show_robot": "{}",
    "show_robot_moves": "{}",
}


@pytest.mark.parametrize("said", ["what is arm-7 doing?", "whats the state of arm-7"])
async def test_a_question_word_is_no_verb_a_description_opens_with(said: str) -> None:
    made = await run_with(TOOLS, OUTPUTS, said)
    assert made[-1] == ("show_robot", {"robot_name": "arm-7"})


async def test_the_tool_its_noun_names_is_still_chosen() -> None:
    made = await run_with(TOOLS, OUTPUTS, "show me the moves of arm-7")
    assert made[-1] == ("show_robot_moves", {"robot_name": "arm-7"})
