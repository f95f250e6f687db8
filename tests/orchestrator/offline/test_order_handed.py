"""An order handed to someone ("tell ana to redo the header", "have bo update the logo") is a
thing to do: of two tools that would hand the same member the same text, the one whose
parameter for it is named for an order (`task`, `task_description`, `prompt`), not the
one that takes a remark on the work done (`message`). Said otherwise ("tell ana the header is
too big", "ask ana why ..."), it is still asked which. Before, both scored alike and the router
always asked. Over schemas of its own.
"""

from __future__ import annotations

import json

import pytest

from tests.orchestrator.offline._routing import run_with, text, tool

MEMBERS = tool("list_members", "List the team's members with what each is working on.", {})
START = tool(
    "start_member_work",
    "Send a piece of work to an idle member of the team (they become busy).",
    {"member_name": text("The member's name"), "task": text("What to do")},
    "member_name",
    "task",
)
FEEDBACK = tool(
    "send_member_feedback",
    "Send review remarks on what a member did to the member, as their next piece of work.",
    {"member_name": text("The member's name"), "message": text("A general remark")},
    "member_name",
    "message",
)
TOOLS = [MEMBERS, START, FEEDBACK]
OUTPUTS = {
    "list_members": json.dumps({"members": [{"name": "ana"}, {"name": "bo"}]}),
    "start_member_work": "assigned",
    "send_member_feedback": "sent",
}


@pytest.mark.parametrize(
    ("said", "whom", "order"),
    [
        ("tell ana to redo the header", "ana", "redo the header"),
        ("ask bo to proofread the onboarding page", "bo", "proofread the onboarding page"),
        ("have bo update the logo please", "bo", "update the logo"),
    ],
)
async def test_an_order_handed_on_is_work_to_do(said: str, whom: str, order: str) -> None:
    made = await run_with(TOOLS, OUTPUTS, said)
    assert made[-1] == ("start_member_work", {"member_name": whom, "task": order})


@pytest.mark.parametrize(
    "said",
    ["tell ana the header is still too big", "ask ana why the header is so big"],
)
async def test_a_remark_or_a_question_is_no_order(said: str) -> None:
    made = await run_with(TOOLS, OUTPUTS, said)
    assert all(name == "list_members" for name, _ in made)


async def test_feedback_said_as_such_is_still_feedback() -> None:
    made = await run_with(TOOLS, OUTPUTS, "send ana feedback: the header is still too big")
    assert made[-1] == (
        "send_member_feedback",
        {"member_name": "ana", "message": "the header is still too big"},
    )
