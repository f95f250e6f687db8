"""A planner that works back from a deadline (user trial 34's `grant_deadline_plan(deadline,
application_type)`, named by the verb `plan`, its kinds listed only in its description) beside
a todo list:
- "can you back-plan it for me" closing a statement is the order, its verb after "back-";
- "a renewal proposal" is the member `proposal_renewal`, its two words the other way round, also
  in a reply that gives the deadline asked for ("it's a renewal proposal due Feb 2, 2027");
- a question its description says it answers ("When do I need to start writing?": "returns
  when to start drafting") reaches it, and, the planner being a writer by its verb, is asked
  about before it is called.
Before, the first asked which todo tool records it, the second left "renewal proposal" unread,
the reply was taken for a request of its own, and the question listed the todos due that day.
"""

from __future__ import annotations

import pytest

from orchestrator.offline._read import read
from orchestrator.offline._returned import answer_described
from orchestrator.offline._tools import ToolView
from tests.orchestrator.offline._routing import calls, conversation, string, tool, turn
from tests.orchestrator.offline.test_files_and_games import TODOS

_PLAN_SAYS = (
    "Work backward from a funder deadline to the dates that actually matter.\n\nA deadline is not"
    " a plan. This returns when to start drafting, when the\ninternal review copy is due, and"
    " when the packet must be complete, using\nrealistic lead times with weekends and federal"
    " holidays handled.\n\napplication_type: loi | proposal_new | proposal_renewal | federal |"
    " report"
)
PLAN = tool(
    "grant_deadline_plan",
    _PLAN_SAYS,
    {"deadline": string(), "application_type": {"type": "string", "default": "proposal_new"}},
    "deadline",
)
TOOLS = [*TODOS, PLAN]


async def test_an_order_after_a_statement_with_a_prefixed_verb_plans_it() -> None:
    said = "LOI deadline is Sept 15 2026, can you back-plan it for me"
    assert calls(await turn(TOOLS, said)) == [
        ("grant_deadline_plan", {"deadline": "2026-09-15", "application_type": "loi"})
    ]


@pytest.mark.parametrize(
    ("kind", "member"),
    [("renewal proposal", "proposal_renewal"), ("new proposal", "proposal_new")],
)
async def test_a_member_of_two_words_is_said_the_other_way_round(kind: str, member: str) -> None:
    said = f"plan a grant deadline for a {kind} due Feb 2, 2027"
    assert calls(await turn(TOOLS, said)) == [
        ("grant_deadline_plan", {"deadline": "2027-02-02", "application_type": member})
    ]


async def test_a_reply_gives_the_deadline_asked_for_and_the_kind_beside_it() -> None:
    made, answers = await conversation(
        TOOLS, "can u help me plan out a grant deadline", "it's a renewal proposal due Feb 2, 2027"
    )
    assert "deadline" in answers[0]
    assert made == [
        (
            "grant_deadline_plan",
            {"deadline": "2027-02-02", "application_type": "proposal_renewal"},
        )
    ]


@pytest.mark.parametrize(
    "said",
    [
        "Our federal grant application is due March 3, 2027. When do I actually need to start"
        " writing?",
        "the USDA grant deadline is April 16, 2027. When should my whole packet be done by?",
    ],
)
async def test_a_question_its_description_answers_is_asked_about_then_planned(said: str) -> None:
    made, answers = await conversation(TOOLS, said)
    assert made == []
    assert "grant_deadline_plan" in answers[0]
    made, _ = await conversation(TOOLS, said, "yes")
    assert [name for name, _ in made] == ["grant_deadline_plan"]
    assert made[0][1]["deadline"] in ("2027-03-03", "2027-04-16")


def test_only_what_a_description_says_it_returns_is_answered() -> None:
    asked = read("When do I need to start writing?")
    view = ToolView.of("grant_deadline_plan", _PLAN_SAYS, PLAN.input_schema)
    assert answer_described(asked, view)
    use_when = ToolView.of(
        "create_todo", "Use when the user asks to start writing a todo.", PLAN.input_schema
    )
    assert not answer_described(asked, use_when)  # "use when": no answer it returns
    assert not answer_described(read("start writing the report"), view)  # no question
