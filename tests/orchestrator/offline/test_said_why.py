"""A reason said after a comma ("..., I entered it by mistake") names no record to change:
"hard delete the paldean fates booster box, I entered it by mistake" is no request to delete
the study log's mistakes, which that server cannot delete (user trial 22 answered that the
study server had no tool to delete "the mistake")."""

from __future__ import annotations

from tests.orchestrator.offline._cards import TOOLS as CARDS
from tests.orchestrator.offline._routing import tool, turn
from tests.orchestrator.offline._study import TOOLS


async def test_why_said_after_a_comma_names_no_record_to_change() -> None:
    mistakes = tool(
        "get_recurring_mistakes",
        "Finds (concept, error_type) pairs that have occurred 2+ times across attempts.",
        {"subject": {"type": "string"}},
        "subject",
        server="jee",
    )
    said = "hard delete the paldean fates booster box, I entered it by mistake"
    response = await turn([*CARDS, *TOOLS, mistakes], said)
    assert "no tool" not in response.text, response.text
