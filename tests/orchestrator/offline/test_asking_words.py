"""The words that put a question are never a filter's value: "which physics topics am I weakest
at" reads the physics topics (user trial 22 sent `subject: "physics am I"`), "what are my weak
topics in maths" the maths ones ("are in maths"), "what chemistry concepts do I have so far" the
chemistry ones."""

from __future__ import annotations

import pytest

from tests.orchestrator.offline._routing import calls, turn
from tests.orchestrator.offline._study import GET_WEAK_TOPICS, LIST_CONCEPTS, TOOLS


@pytest.mark.parametrize(
    ("said", "tool", "subject"),
    [
        ("which physics topics am I weakest at", GET_WEAK_TOPICS, "physics"),
        ("what are my weak topics in maths", GET_WEAK_TOPICS, "maths"),
        ("what chemistry concepts do I have so far", LIST_CONCEPTS, "chemistry"),
    ],
)
async def test_a_question_s_own_words_are_no_filter(said: str, tool: object, subject: str) -> None:
    made = calls(await turn(TOOLS, said))
    assert made == [(tool.name, {"subject": subject})], made  # type: ignore[attr-defined]
