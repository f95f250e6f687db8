"""News of what happened, with a day ("meeting with stripe went well today", "ugh. got rejected
by Airbnb today"), is no errand to record: a verb in the past tense after a word of its subject,
or a word said as a sentence of its own before it, made no todo. Both made a todo before (found
by probing over a job-application tracker, trial 34's round); a thing to do with a day still
makes one, also after a word said alone ("welp. buy milk tomorrow")."""

from __future__ import annotations

import pytest

from tests.orchestrator.offline import _applications
from tests.orchestrator.offline._routing import conversation
from tests.orchestrator.offline.test_files_and_games import TODOS

TOOLS = [*TODOS, *_applications.TOOLS]


@pytest.mark.parametrize(
    "said",
    [
        "ugh. got rejected by Airbnb today",
        "welp. got rejected by Airbnb today",
        "meeting with stripe went well today",
        "dinner reservation confirmed for friday",
    ],
)
async def test_news_with_a_day_makes_no_todo(said: str) -> None:
    made, _ = await conversation(TOOLS, said)
    assert not [name for name, _ in made if name.startswith(("create_", "add_"))]


@pytest.mark.parametrize(
    ("said", "title"),
    [
        ("welp. buy milk tomorrow", "buy milk"),
        ("return the borrowed book tomorrow", "return the borrowed book"),
        ("interview with Stripe tomorrow at 2", "interview with Stripe"),
    ],
)
async def test_a_thing_to_do_with_a_day_is_still_a_todo(said: str, title: str) -> None:
    made, _ = await conversation(TOOLS, said)
    assert [(name, args["title"]) for name, args in made] == [("create_todo", title)]
